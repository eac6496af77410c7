"""Aeroplane Chess's rule numbers: the one table every reader of a rule takes them from.

The engine (``st.p``: the game's :class:`~racekit.core.game.Params`, and the resolved
:class:`.game.Rules`), the compiled kernel (``cfg`` fields and the die's faces filled from
it in :class:`.kernel_jit.Tables`), the invariants and the event texts all read these values;
no other module writes one of these numbers as a literal (``tests/test_ac_params.py`` scans
for them). Each default is the rulebook's, with the clause of the Aeroplane Chess spec that
fixes it. Vary them with ``load_game("aeroplane_chess", params={...})`` or ``-p NAME=VALUE``.

Numbers that are board content rather than rules live in the board file (``boards/*.yaml``,
AC-AMB-01): the loop length, the turn-off square, the home column, the own-colour squares and
so the jump distance (4), and the dashed line (18 -> 30). Four planes a seat
(AC-FAM-COMP-1) is not a parameter: the action codec's move masks and the compiled kernel
index planes as ``4 * seat + k``.
"""
from __future__ import annotations

from racekit.core.game import Param

PARAMS = (
    Param("die_faces", 6, "AC-FAM-TURN-1", 2, 6,
          "Faces of the die every turn rolls (1 to this, equally likely; at most 6: the action "
          "codec's roll ids). A die without the launch faces never launches a plane."),
    Param("bonus_face", 6, "AC-TOUR-SIX-1", 1, 6,
          "The face that earns the extra roll under six_bonus (AC-AMB-08, AC-AMB-15) and counts "
          "towards the three-sixes penalty (AC-AMB-23)."),
    Param("launch_from", 5, "AC-TOUR-LAUNCH-1", 1, 6,
          "Under launch_rolls 5,6 (the tournament's) a plane leaves its base on this face or "
          "any higher one."),
    Param("penalty_sixes", 3, "AC-AMB-23", 2, 10,
          "Bonus faces in a row that, under three_sixes_penalty on, send back the planes the "
          "ones before moved and end the turn."),
)

DEFAULTS = {p.name: p.default for p in PARAMS}
"""The rulebook's value of every parameter (what a description says when none is changed)."""


def die_outcomes(p) -> tuple:
    """The die's chance outcomes ``((face, probability), ...)`` for the parameters ``p``:
    faces 1..``die_faces``, equally likely (AC-FAM-TURN-1); the action id of a roll is its face."""
    n = p.die_faces
    return tuple((f, 1.0 / n) for f in range(1, n + 1))


def face_word(f: int) -> str:
    """``6`` -> ``"six"`` (a die face in a sentence)."""
    return ("zero", "one", "two", "three", "four", "five", "six")[f] if 0 <= f <= 6 else str(f)


def ordinal(k: int) -> str:
    """``3`` -> ``"third"`` (the penalty's text: the how-many-th bonus face in a row)."""
    words = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
             8: "eighth", 9: "ninth", 10: "tenth"}
    return words.get(k, f"{k}th")
