"""Who plays first, for the designer review's play-order view (not a rule module).

AC-AMB-09 (family: the first roller is drawn, or the youngest, or Red), AC-TOUR-TURN-1
(tournament: Red rolls first); turns then pass in the seat order of ``Rules.order``.
"""
from __future__ import annotations

from ...core.i18n import text


def fixed_start(game) -> str | None:
    """A sentence naming the fixed first player, or ``None`` when it is drawn at random."""
    r = game.rules
    if r.tour:
        return text("review.fixed_start.ac_tour")
    if r.first != "random":
        return text("review.fixed_start.ac_first", first=r.first)
    return None


def play_order(state) -> list[int] | None:
    """The seats in the order they play the first round, first roller first; ``None`` while the
    first roller is still to be drawn."""
    if state.phase == "first":
        return None
    order = list(state.r.order)
    i = order.index(state.turn)
    return order[i:] + order[:i]


def sides(game) -> list[list[int]] | None:
    """The tournament's sides (Red with Blue, Yellow with Green, AC-TOUR-SETUP-1); ``None`` in the
    family game, where every player is on their own."""
    r = game.rules
    if not r.tour:
        return None
    return [[s for s in range(game.num_players) if r.side[s] == k] for k in (0, 1)]


def progress(state) -> list[float]:
    """How far each seat has come: the path steps of its four planes (a plane in the base
    counts 0), for the review's lead measures."""
    pos = state.pos
    return [float(sum(max(p, 0) for p in pos[4 * s:4 * s + 4])) for s in range(state.game.num_players)]


HEAT_KIND = "capture"
"""The event the review maps on the board: captures, by loop square."""


def event_place(state, event):
    """Where a capture happened: its loop square."""
    return event.data.get("square")


def heat_board(state, ax):
    """Draw the board into ``ax``; return ``place -> (x, y)`` in its coordinates."""
    from .plot import draw
    draw(state, ax, show_legal=False, title="")
    return lambda sq: state.b.loop_xy[int(sq)]
