"""Leaving the base.

Tournament: only a 5 or a 6 takes a plane from its base to its take-off point
(AC-TOUR-LAUNCH-1, AC-AMB-02); the plane stops there (AC-AMB-24, option
``launch_moves_steps``). Family: planes start on the take-off point and any
roll moves them (AC-FAM-SETUP-1, AC-FAM-LAUNCH-1); a family plane is in a base
only when ``captured_to=base`` or a launch roll is set, and then the same rule
applies.
"""
from __future__ import annotations

from .actions import piece_name


def launch_clause(st) -> str:
    return "AC-TOUR-LAUNCH-1" if st.r.tour else "AC-AMB-02"


def rolls_text(st) -> str:
    rolls = sorted(st.r.launch)
    return " or ".join(str(x) for x in rolls)


def launch(st, ctx, p: int, die: int) -> int:
    """Put plane ``p`` on its take-off point; returns the further steps to walk (AC-AMB-24)."""
    st.pos[p] = 0
    ctx["steps"] = [-1, 0]
    st.emit("launch", [p >> 2], [launch_clause(st), "AC-AMB-24"], piece=piece_name(p), die=die)
    return die - 1 if st.r.launch_steps else 0
