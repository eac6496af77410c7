"""Wingsuit Flight's rule numbers: the one table every reader of a rule takes them from.

The engine (``st.p``, the game's :class:`~racekit.core.game.Params`), its invariants and set-up
checks, the compiled kernel (``cfg`` fields filled from it in :class:`.kernel_jit.Config`, see ``PARAM_FIELDS``), the careful agent's
look-ahead and the event texts all read these values; the plot draws the altitudes the state
holds and states no rule number. No other module writes one of these numbers as a literal
(``tests/test_ws_params.py`` scans for them). Each default is the rulebook's, with the clause of
the Wingsuit spec that fixes it. Vary them with ``load_game("wingsuit", params={...})``, ``-p
NAME=VALUE`` on the command line, or ``params:`` in a scenario, set-up or save file.

Numbers that are components or content rather than rule numbers stay where they are: the
cube supply (the rule option ``cubes_per_color``, WS-AMB-02), the interference threshold (the
rule option ``interference_threshold``, WS-INTERFERE-1, WS-VAR-45P-1), the card geometry and
terrain heights (the card-set file), the queue's 2 x 6 cells and the six-sided dice that address
them (WS-PLAN-1), and the three action dice of a plan (WS-PLAN-2, WS-SETUP-5: the plan and
action codecs are built on three).
"""
from __future__ import annotations

from racekit.core.game import Param

PARAMS = (
    Param("alt_max", 4, "WS-ALT-1", 2, 6,
          "Highest altitude (a die face); characters start at it (WS-SETUP-6) and every gain "
          "stops at it."),
    Param("crash_rise", 2, "WS-CRASH-3", 0, 5,
          "Altitude a crashed character gains before its placement (up to alt_max)."),
    Param("updraft_rise", 1, "WS-UPDRAFT-1", 0, 3,
          "Altitude gained on entering an updraft hex, and again on one in Cleanup (WS-UPDRAFT-2)."),
    Param("sprint_cost", 1, "WS-SPRINT-1", 1, 3,
          "Altitude a paid sprint costs; a character at this altitude or lower cannot sprint "
          "(WS-SPRINT-2)."),
    Param("steal_amount", 1, "WS-AMB-04", 1, 3,
          "Altitude the red item takes from its target (never below 1) and gives the user "
          "(WS-FAQ-Q4)."),
    Param("cube_limit", 2, "WS-ITEM-2", 1, 5,
          "Cubes a player may hold; one more drawn must go back to the bag at once."),
    Param("blue_sprints", 2, "WS-FAQ-Q5c", 0, 5,
          "Free sprints the blue item's user gets after the gift is carried out."),
    Param("yellow_sprints", 1, "WS-AMB-04", 1, 5,
          "Free sprints the kit's yellow item gives its user."),
    Param("rear_sprints", 1, "WS-VAR-45P-2", 0, 3,
          "Free side sprints a character starting on a rear start cell (4-5 players) may make "
          "during its first action."),
)

DEFAULTS = {p.name: p.default for p in PARAMS}
"""The rulebook's value of every parameter (what a description says when none is changed)."""

