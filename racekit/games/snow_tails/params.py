"""Snow Tails's rule numbers: the one table every reader of a rule takes them from.

The engine (``st.p``: the game's :class:`~racekit.core.game.Params`), the careful agent
(its look-ahead) and the invariants read these values; no other module writes one of these
numbers as a literal (``tests/test_st_params.py`` scans for them). Snow Tails has no compiled
kernel: its kernel drives the engine's own functions. Each default is the rulebook's, with the
clause of the Snow Tails spec that fixes it. Vary them with
``load_game("snow_tails", params={...})`` or ``-p NAME=VALUE`` on the command line.

Not parameters: the dog-card values 1 to 5 (ST-SETUP-2) and the brake's 1 to 5 (ST-BRAKE-1)
are in the action codec (a play's id holds three values 0..5). The speed limits are track content (the
track files), as are the start slots.
"""
from __future__ import annotations

from racekit.core.game import Param

PARAMS = (
    Param("hand_size", 5, "ST-REFILL-1", 1, 10,
          "Cards a hand is drawn up to, and discarded down to (ST-REFILL-2), in step 3; a hand "
          "of this many damage cards is out (ST-ELIM-1)."),
    Param("opening_hand", 5, "ST-SETUP-6", 1, 10,
          "Cards each player draws at the start (slots 4 and 5 draw more)."),
    Param("slot4_extra", 1, "ST-SETUP-6", 0, 5,
          "Extra cards the sled in start slot 4 draws at the start."),
    Param("slot5_extra", 2, "ST-SETUP-6", 0, 5,
          "Extra cards the sled in start slot 5 draws at the start."),
    Param("cards_per_value", 4, "ST-SETUP-2", 3, 10,
          "Cards of each value 1 to 5 in a dog deck (20 cards at 4; at least 3, so that the "
          "deck holds the largest opening hand)."),
    Param("start_brake", 3, "ST-SETUP-3", 1, 5,
          "Value of the brake marker every sled starts with."),
    Param("printed_dogs", 3, "ST-SETUP-4", 1, 5,
          "Value printed on the mat under each dog: what a dog shows with no card on it (so "
          "the opening speed is printed + printed - start_brake)."),
    Param("no_dog_damage", 1, "ST-PLAY-5", 1, 5,
          "Damage cards a player with no dog card to play takes before drawing up."),
    Param("wall_damage", 1, "ST-WALL-1", 0, 5,
          "Damage cards a sled takes when a step would leave the track."),
    Param("limit_damage", 1, "ST-LIMIT-2", 0, 5,
          "Damage cards per square of movement over a speed limit."),
)

DEFAULTS = {p.name: p.default for p in PARAMS}
"""The rulebook's value of every parameter (what a description says when none is changed)."""


def extra_cards(p, slot: int) -> int:
    """The extra opening cards of start slot ``slot`` (ST-SETUP-6)."""
    return p.slot4_extra if slot == 4 else p.slot5_extra if slot == 5 else 0
