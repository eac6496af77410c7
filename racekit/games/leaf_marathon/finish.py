"""Arrivals at the finish, leg points and the final ranking.

LM-TERRAIN-FINISH-1 (3/2/1/0), LM-FINISH-1, LM-TIE-1..3, LM-AMB-19 (shared ranks),
LM-AMB-41 (play-turn finishes), LM-EVENT-19 / LM-AMB-46 (Free Forced Rest penalty),
LM-END-1 and LM-AMB-21 (the overall winner).
"""
from __future__ import annotations

from . import cards as C
from .params import points as place_points


def _points(st, group_size: int) -> tuple[int, float]:
    """``(place, points)`` of a group arriving together (LM-TERRAIN-FINISH-1, LM-AMB-19)."""
    table = place_points(st.p)
    paid = len(table)
    before = sum(len(g) for g in st.places)
    if st.o.tie_points == "share_dense":
        place = len(st.places) + 1
        return place, (table[place - 1] if place <= paid else 0)
    place = before + 1
    if st.o.tie_points == "split":
        got = [table[k] if k < paid else 0 for k in range(before, before + group_size)]
        value = sum(got) / group_size
        return place, int(value) if value == int(value) else value
    return place, (table[place - 1] if place <= paid else 0)


def award(st, group: list[int], clauses: tuple, **data) -> None:
    """Score a group sharing one place now, then mark them finished."""
    place, pts = _points(st, len(group))
    scored = []
    for s in group:
        ffr = sum(1 for c in st.hand[s] if C.label(c) == C.FFR)
        penalty = st.p.ffr_cost * ((1 if ffr else 0) if st.o.ffr_penalty_once else ffr)
        got = max(0, pts - penalty)
        st.leg_points[s][st.leg] = got
        st.finished[s] = True
        st.fin_place[s] = place
        scored.append(got)
        extra = ("LM-EVENT-19", "LM-AMB-46") if ffr else ()
        st.emit("finish", [s], ("LM-TERRAIN-FINISH-1", "LM-FINISH-1") + tuple(clauses) + extra,
                place=place, points=got, base_points=pts, ffr_held=ffr, leg=st.leg + 1, **data)
    st.places.append(list(group))


def rank_arrivals(st, arrivals: list[tuple[int, int]]) -> None:
    """Everyone reaching the finish in one movement step arrives together (LM-AMB-06):
    more overshoot first (LM-TIE-1), then more stamina (LM-TIE-2), else shared (LM-TIE-3)."""
    if not arrivals:
        return
    key = {s: (over, st.stamina[s]) for s, over in arrivals}
    ordered = sorted(key, key=lambda s: (-key[s][0], -key[s][1], s))
    groups: list[list[int]] = []
    for s in ordered:
        if groups and key[groups[-1][0]] == key[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    together = len(arrivals) > 1
    for i, g in enumerate(groups):
        clauses = []
        if together:
            clauses.append("LM-TIE-1")
        over = key[g[0]][0]
        if any(key[h[0]][0] == over for j, h in enumerate(groups) if j != i):
            clauses.append("LM-TIE-2")
        if len(g) > 1:
            clauses += ["LM-TIE-3", "LM-AMB-19"]
        award(st, g, tuple(clauses), overshoot=over, stamina=st.stamina[g[0]])


def _total(points) -> int | float:
    """A pony's total: a whole number as an int; a sum of shared points (``tie_points = split``:
    thirds, halves) rounded to 9 places, so that equal totals compare equal whatever the order of
    the legs (in floats 1/3 + 1/3 + 2 is not 2 + 1/3 + 1/3), as LM-END-1 and LM-AMB-21 need."""
    total = round(sum(points), 9)
    return int(total) if total == int(total) else total


def totals(st) -> list:
    return [_total(st.leg_points[s]) for s in range(st.n)]


def ranking(st) -> list[list[int]]:
    """Places by total points, best first (LM-END-1); ties per ``final_tiebreak`` (LM-AMB-21)."""
    tot = totals(st)
    mode = st.o.final_tiebreak

    def key(s):
        if mode == "last_leg_rank":
            last = st.fin_place[s] or 99
            return (-tot[s], last)
        if mode == "stamina":
            return (-tot[s], -st.stamina[s])
        return (-tot[s],)
    ordered = sorted(range(st.n), key=lambda s: (key(s), s))
    out: list[list[int]] = []
    for s in ordered:
        if out and key(out[-1][0]) == key(s):
            out[-1].append(s)
        else:
            out.append([s])
    return out
