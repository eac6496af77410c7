"""Who plays first, for the designer review's play-order view (not a rule module).

WS-SETUP-6: the youngest player (seat 0) places a character first, then the others in seat
order; after that the action order follows altitude and distance (WS-ACT-ORDER-1..3).
"""
from __future__ import annotations


def fixed_start(game) -> str | None:
    """The youngest player (seat 0) always places first."""
    from ...core.i18n import seat_name, text
    return text("review.fixed_start.ws", seat=seat_name(game.seat_names[0]))


def play_order(state) -> list[int] | None:
    """The placing order: seat 0, 1, 2, …"""
    return list(range(state.game.num_players))


def progress(state) -> list[float]:
    """How far each character has come: minus its distance to the finish (WS-AMB-06's
    measure); one that exited is ahead of all, one crashed or not placed behind, for the
    review's lead measures."""
    if state.board is None:
        return [0.0] * state.n
    W = state.board.W
    out = []
    for s in range(state.n):
        p = state.pos[s]
        out.append(1e6 if p == -2 else -1e6 if p < 0 else
                   -float(state.board.geo.distance(p // W, state.o.distance)))
    return out


HEAT_KIND = "crash"
"""The event the review maps on the board: crashes, by hex ("column,row")."""


def event_place(state, event):
    """Where a character crashed: its hex label ``"c,y"``."""
    return event.data.get("at")


def heat_board(state, ax):
    """Draw the board of ``state`` into ``ax``; return ``"c,y" -> (x, y)``. The track cards are
    dealt anew every game, so crashes are placed by column and row over this one board."""
    from racekit.boards.hex import xy

    from .plot import draw
    draw(state, ax)
    return lambda label: xy(*(int(v) for v in str(label).split(",")))
