"""Plan phase: secret, simultaneous plans in a sequential API (WS-PLAN-1..5).

Seats commit one after another (seat 0 first). A commitment is private to its
seat: the history entry is hidden from other seats (``State._private_to``), the
public and other seats' views show only *that* a seat has committed, and the
commit event carries no data. When the last seat commits, every plan is revealed
at once and each die goes to its addressed cell (WS-PLAN-5).

A plan is a 12-bit mask over the queue cells (bit ``style * 6 + row - 1``):
three dice, at least one Cautious and one Brave (WS-PLAN-2), values distinct
(WS-PLAN-3; scope: ``distinct_scope``, WS-AMB-09).
"""
from __future__ import annotations

from functools import lru_cache

from . import actions as A

DUP = A.DUP  # the codec's marker bit: a typed plan named one cell twice


@lru_cache(maxsize=4)
def legal_masks(per_group: bool) -> tuple[int, ...]:
    out = []
    for m in range(1 << 12):
        if bin(m).count("1") != 3:
            continue
        c, b = m & 63, m >> 6
        if not c or not b:
            continue
        if not per_group and c & b:
            continue
        out.append(m)
    return tuple(out)


@lru_cache(maxsize=4)
def _legal_ids(per_group: bool) -> tuple[int, ...]:
    return tuple(A.PLAN + m for m in legal_masks(per_group))


def legal(st) -> tuple[int, ...]:
    """Every legal plan (the same for every seat and round; a shared tuple, never changed)."""
    return _legal_ids(st.o.per_group)


def why(st, mask: int) -> tuple[str, str]:
    if mask & DUP:
        return "WS-PLAN-3", "each of the three dice shows its own value, so a cell can be named once"
    k = bin(mask).count("1")
    if k != 3:
        return "WS-PLAN-2", f"a plan places exactly three action dice, not {k}"
    if not mask & 63 or not mask >> 6:
        return "WS-PLAN-2", "each hand (Cautious and Brave) needs at least one die: 1+2 or 2+1"
    return "WS-PLAN-3", "no two of a player's dice may show the same value (WS-AMB-09)"


def commit(st, mask: int) -> None:
    s = st.plan_next
    st.plan[s] = mask
    if st._record:
        st.emit("plan_committed", [s], ("WS-PLAN-2", "WS-PLAN-5"))
    st.plan_next += 1
    if st.plan_next >= st.n:
        reveal(st)


def reveal(st) -> None:
    """WS-PLAN-4, WS-PLAN-5: every plan at once; dice go to their cells."""
    plans = {}
    for s in range(st.n):
        m = st.plan[s]
        if m is None or st.pos[s] < 0:
            continue
        cells = A.plan_cells(m)
        for cell in cells:
            st.cells[cell].append((s, cell // 6))
        if st._record:
            plans[str(s)] = [A.cell_name(c) for c in cells]
        st.plan[s] = None
    if st._record:
        st.emit("reveal", list(range(st.n)), ("WS-PLAN-5", "WS-PLAN-4", "WS-PLAN-1"), plans=plans)
    st.plan_next = 0
    st.reveal_private_run()   # the commits of this round are now every seat's history (WS-PLAN-5)
    st.ph = "neutral" if st.o.neutral and st.n == 2 else "interfere"
