"""Who plays first, for the designer review's play-order view (not a rule module).

LM-SETUP-1, LM-AMB-09: the opening roll sets the first round's order (highest first, ties
re-roll).
"""
from __future__ import annotations


def fixed_start(game) -> str | None:
    """``None``: the opening roll decides who plays first (LM-SETUP-1)."""
    return None


def play_order(state) -> list[int] | None:
    """The first round's order from the opening roll, or ``None`` before it is settled."""
    return list(state.order) if state.order else None


def progress(state) -> list[float]:
    """How far each runner has come: its points so far (LM-END-1's totals) first, then its square
    in the leg being run (finished: ahead of every square), for the review's lead measures."""
    from .finish import totals
    tot = totals(state)
    return [1000.0 * tot[s] + (999.0 if state.finished[s] else float(state.pos[s]))
            for s in range(state.n)]


HEAT_KIND = "faint"
"""The event the review maps on the board: faints, by square (every leg)."""


def event_place(state, event):
    """Where a runner fainted: its square."""
    return event.data.get("square")


def heat_board(state, ax):
    """Draw the first leg's lane into ``ax``; return ``square -> (x, y)``."""
    from .plot import LANE_Y, draw
    draw(state, ax, title=False)
    return lambda sq: (int(sq) + 0.47, LANE_Y + 0.5)
