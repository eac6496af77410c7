"""The finish, winning and ranking.

A plane enters the finish only with the exact count; a larger roll reaches the
finish and walks back by the surplus (AC-FAM-FINISH-1/2/3, AC-TOUR-FINISH-2,
AC-BOTH-FINISH-1; the walk itself is in move.py). A finished plane is out of
play (AC-FAM-FINISH-4, AC-TOUR-FINISH-1). Family: the first player with all
planes home wins (AC-FAM-GOAL-1) and the game stops there unless
``play_for_places`` (AC-AMB-22). Tournament: the first side with all eight
planes home wins at once (AC-TOUR-WIN-1).
Ranking: when the family game stops at its first winner, the others share
one place (the rules give them no order); before the end, and for the
players still out under ``play_for_places``, places follow the kit's
progress statistic (:func:`progress_order`).
"""
from __future__ import annotations

from .actions import piece_name


def all_home(st, seat: int) -> bool:
    """Are all four of ``seat``'s planes at the finish?"""
    return st.pos[4 * seat:4 * seat + 4].count(st.b.finish) == 4


def arrive(st, pieces) -> None:
    """Planes that reached the finish (exact count)."""
    st.fin_this_roll = True
    if not st._record:
        return
    clauses = ["AC-TOUR-FINISH-1", "AC-TOUR-FINISH-2"] if st.r.tour else ["AC-FAM-FINISH-1",
                                                                          "AC-FAM-FINISH-4"]
    for p in pieces:
        st.emit("finish", [p >> 2], clauses, piece=piece_name(p))


def check_win(st, seat: int) -> bool:
    """After a move by path colour ``seat``: did it end the game? (emits the events)"""
    r = st.r
    if r.tour:
        side = sorted((seat, r.mate[seat]))
        if all(all_home(st, s) for s in side):
            st.winner = side
            st.phase = "over"
            st.emit("win", side, ["AC-TOUR-WIN-1"], side="AB"[r.side[seat]], planes=8)
            return True
        return False
    if seat in st.places or not all_home(st, seat):
        return False
    st.places.append(seat)
    if not r.places:
        st.winner = [seat]
        st.phase = "over"
        st.emit("win", [seat], ["AC-FAM-GOAL-1", "AC-AMB-22"])
        return True
    st.emit("home", [seat], ["AC-FAM-GOAL-1", "AC-AMB-22"], place=len(st.places))
    if st.winner is None:
        st.winner = [seat]
    rest = [s for s in range(r.n) if s not in st.places]
    if len(rest) <= 1:
        st.places.extend(rest)
        st.phase = "over"
        st.emit("game_over", [st.places[0]], ["AC-AMB-22"], places=list(st.places))
        return True
    return False


def _key(st, seats) -> tuple[int, int]:
    fin = st.b.finish
    home = sum(1 for s in seats for p in range(4 * s, 4 * s + 4) if st.pos[p] == fin)
    progress = sum(st.b.progress(st.pos[p]) + 1 for s in seats for p in range(4 * s, 4 * s + 4))
    return (home, progress)


def _grouped(st, units) -> list[list[int]]:
    """Order units (lists of seats) by planes home, then progress; equal keys share a place."""
    units = sorted(units, key=lambda u: _key(st, u), reverse=True)
    out: list[list[int]] = []
    last = None
    for u in units:
        k = _key(st, u)
        if out and k == last:
            out[-1] = sorted(out[-1] + u)
        else:
            out.append(sorted(u))
        last = k
    return out


def ranking(st) -> list[list[int]]:
    r = st.r
    if getattr(st, "capped", False):
        # ended by the turn_limit option: places taken, then by progress (the kit's statistic)
        if r.tour:
            return [list(st.winner), [s for s in range(4) if s not in st.winner]] \
                if st.winner else progress_order(st)
        placed = [[s] for s in st.places]
        return placed + _grouped(st, [[s] for s in range(r.n) if s not in st.places])
    if r.tour:
        sides = [[0, 2], [1, 3]]
        if st.winner:
            return [st.winner, [s for s in range(4) if s not in st.winner]]
        return _grouped(st, sides)
    if st.phase == "over" and not r.places:
        # AC-AMB-22: the family game stops at the first winner and the rules give the others no
        # order, so they share one place (progress_order() is the kit's statistic, not a rule)
        return [list(st.winner), [s for s in range(r.n) if s not in st.winner]]
    placed = [[s] for s in st.places]
    rest = [[s] for s in range(r.n) if s not in st.places]
    return placed + _grouped(st, rest)


def progress_order(st) -> list[list[int]]:
    """The kit's statistic, not a rule: players (tournament: sides) ordered by planes home,
    then by the path steps their planes have covered; equal totals share a place."""
    units = [[0, 2], [1, 3]] if st.r.tour else [[s] for s in range(st.r.n)]
    return _grouped(st, units)
