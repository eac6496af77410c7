"""Play order: the opening roll, the same-square rolls and the next round's order.

LM-SETUP-1, LM-ORDER-1..5, LM-AMB-09: each player in a tied group rolls a d6, the highest
goes first, and tied players re-roll among themselves. The groups to resolve are kept in
``st.ogroups`` (an ordered list of seat lists); a group of one is settled.
"""
from __future__ import annotations


def start_roll(st, groups: list[list[int]], clause: str = "LM-ORDER-2") -> None:
    """Queue the rolls that settle ``groups`` into ``st.order`` (task ``order_roll``)."""
    st.oclause = clause
    st.ogroups = [list(g) for g in groups if g]
    st.orolls = [0] * st.n
    st.push(("order_roll",))


def by_position(st) -> None:
    """LM-ORDER-1/2/3: nearest the finish first, same square by dice, revived players last."""
    seats = [s for s in range(st.n) if not st.finished[s]]
    normal = [s for s in seats if not st.returning[s]]
    back = [s for s in seats if st.returning[s]]
    if st._record:
        st.emit("order_rule", [], ("LM-ORDER-1", "LM-ORDER-3"), returning=back, positions=list(st.pos))
    start_roll(st, _groups(st, normal) + _groups(st, back))


def _groups(st, seats):
    out: list[list[int]] = []
    for s in sorted(seats, key=lambda s: (-st.pos[s], s)):
        if out and st.pos[out[-1][0]] == st.pos[s]:
            out[-1].append(s)
        else:
            out.append([s])
    return out


def task_order_roll(st) -> None:
    for gi, group in enumerate(st.ogroups):
        if len(group) > 1:
            break
    else:
        st.order = [g[0] for g in st.ogroups]
        st.emit("order", st.order, ("LM-ORDER-4",), order=list(st.order), round=st.round)
        return
    for s in group:
        if st.orolls[s] == 0:
            st.push(("order_roll",))
            st.chance("order_die", s)
            return
    ranked = sorted(group, key=lambda s: -st.orolls[s])
    split: list[list[int]] = []
    for s in ranked:
        if split and st.orolls[split[-1][0]] == st.orolls[s]:
            split[-1].append(s)
        else:
            split.append([s])
    for s in group:
        st.orolls[s] = 0
    st.ogroups[gi:gi + 1] = split
    st.push(("order_roll",))


def apply_die(st, face: int) -> None:
    s = st.ps
    st.orolls[s] = face
    clauses = (st.oclause, "LM-AMB-09") if st.oclause == "LM-ORDER-2" else (st.oclause, "LM-ORDER-2", "LM-AMB-09")
    st.emit("order_roll", [s], clauses, face=face)
