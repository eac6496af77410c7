"""Who plays first, for the designer review's play-order view (not a rule module).

ST-SETUP-5, ST-AMB-02: a first player drawn at random takes a start slot first; round 1 is
played in slot order (ST-ORDER-2), which is the play order reported here.
"""
from __future__ import annotations


def fixed_start(game) -> str | None:
    """``None``: the first player is drawn at random (ST-SETUP-5)."""
    return None


def play_order(state) -> list[int] | None:
    """Round 1's order of play (seats by start slot), or ``None`` before round 1 starts."""
    return list(state.order) if state.order and state.round == 1 else None


def progress(state) -> list[float]:
    """How far each sled has come: ahead in the order of play by position (ST-ORDER-3..6's own
    key); a sled over the line is ahead of every square, an eliminated one behind, for the
    review's lead measures."""
    from .consts import CROSSED, FINISHED, OUT
    key = state.track.order_key
    out = []
    for s in range(state.n):
        if state.status[s] in (CROSSED, FINISHED):
            out.append(1e9)
        elif state.status[s] == OUT or state.pos[s] < 0:
            out.append(-1e9)
        else:
            out.append(-float(key[state.pos[s]]))
    return out


HEAT_KIND = "damage"
"""The event the review maps on the track: damage taken, by the sled's square."""


def event_place(state, event):
    """Where a sled took damage: its square after the move (``None`` once off the track)."""
    seat = event.seats[0] if event.seats else None
    return state.pos[seat] if seat is not None and state.pos[seat] >= 0 else None


def heat_board(state, ax):
    """Draw the track into ``ax``; return ``square -> (x, y)``."""
    from .plot import Painter
    painter = Painter(ax, state, mat=False, squeeze=False)
    painter.update(state, mat=False, title=False, squeeze=False)
    return lambda sq: painter.view.p(*state.track.center(int(sq)))
