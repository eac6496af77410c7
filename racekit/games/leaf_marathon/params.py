"""Leaf Marathon's rule numbers: the one table every reader of a rule takes them from.

The engine (``st.p``: the game's :class:`~racekit.core.game.Params`), the compiled
kernel (``cfg`` fields filled from it in :class:`.kernel_jit.Tables`), the pure-Python
kernel, the careful agent and the event texts all read these values; no other module writes
one of these numbers as a literal (``tests/test_params.py`` scans for them). Each default is
the rulebook's, with the clause of the Leaf Marathon spec that fixes it. Vary them with
``load_game("leaf_marathon", params={...})`` or ``-p NAME=VALUE`` on the command line.

Numbers that are content rather than rules live in the content files: card weights, card
counts and the recovery card's heal (the deck file), max stamina and movement (the roster),
the squares of each leg (the map).
"""
from __future__ import annotations

from racekit.core.game import Param

PARAMS = (
    Param("draft_deal", 3, "LM-SETUP-3", 1, 4,
          "Character cards dealt to each player, who keeps one (at most 4: the compiled kernel's "
          "arrays)."),
    Param("opening_hand", 5, "LM-SETUP-4", 0, 20,
          "Cards in each opening hand."),
    Param("action_bonus", 1, "LM-ACTION-2", 0, 5,
          "Squares of movement each action card played for movement adds this round."),
    Param("two_for_three_draw", 3, "LM-ACTION-3", 0, 10,
          "Cards drawn by the 2-for-3 exchange (action card plus one other card)."),
    Param("shed_draw", 1, "LM-WEIGHT-4", 0, 5,
          "Cards drawn after shedding two non-action cards."),
    Param("weight_divisor", 2, "LM-WEIGHT-2", 1, 10,
          "Weight limit = printed max stamina divided by this, rounded down (buff A adds its own)."),
    Param("weapon_range", 2, "LM-WEAPON-1", 0, 20,
          "Greatest distance in squares at which a weapon may be given."),
    Param("buff_a_stamina", 1, "LM-ELEMENT-4", 0, 5,
          "Max stamina buff A adds (never fed back into the weight limit)."),
    Param("buff_a_limit", 1, "LM-ELEMENT-4", 0, 5,
          "Weight limit buff A adds."),
    Param("buff_b_move", 1, "LM-ELEMENT-5", 0, 5,
          "Movement value buff B adds."),
    Param("buff_c_regen", 1, "LM-ELEMENT-6", 0, 5,
          "Stamina buff C gives back at the end of every round (never above max)."),
    Param("forest_stamina_cost", 2, "LM-TERRAIN-FOREST-1", 0, 10,
          "Stamina a forest square costs (in place of the ordinary per-square cost)."),
    Param("first_points", 3, "LM-TERRAIN-FINISH-1", 0, 20,
          "Leg points of the first place at a finish."),
    Param("second_points", 2, "LM-TERRAIN-FINISH-1", 0, 20,
          "Leg points of the second place at a finish."),
    Param("third_points", 1, "LM-TERRAIN-FINISH-1", 0, 20,
          "Leg points of the third place at a finish (later places get none)."),
    Param("leg_hand", 5, "LM-LEG-2", 0, 20,
          "Hand size every pony is cut or filled to at a leg change."),
    Param("goh_distance", 5, "LM-EVENT-01", 1, 20,
          "Distance in squares of the player Get Over Here pulls (or the most, under within5)."),
    Param("terrain_die", 6, "LM-EVENT-10", 2, 20,
          "Faces of the die Use the Terrain rolls (the pony advances half the face, rounded down)."),
    Param("scavenge_cards", 2, "LM-EVENT-13", 1, 10,
          "Hand cards Scavenge and Release takes or gives (in place of armor)."),
    Param("ffr_cost", 1, "LM-EVENT-19", 0, 5,
          "Leg points a Free Forced Rest card held at the finish costs (never below 0)."),
)

DEFAULTS = {p.name: p.default for p in PARAMS}
"""The rulebook's value of every parameter (what a description says when none is changed)."""


def points(p) -> tuple:
    """The leg points of places 1, 2, 3 from the parameters ``p`` (LM-TERRAIN-FINISH-1)."""
    return (p.first_points, p.second_points, p.third_points)
