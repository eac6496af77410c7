"""Action order (WS-ACT-ORDER-1..3, WS-AMB-06..08).

Characters on the track act highest altitude first; at equal altitude the one
farther from the finish first (distance: ``ws.distance``, WS-AMB-06); a tie in
both is settled by one white-die roll per tied group: even -> smaller column
first, odd -> larger column first (WS-AMB-08). The order is a snapshot taken
when the Action phase starts (WS-AMB-07).
"""
from __future__ import annotations


def _key(st, s):
    y = st.pos[s] // st.board.W
    return (-st.alt[s], -st.board.geo.distance(y, st.o.distance))


def start(st) -> None:
    """Sort the characters and queue the tie groups that need a roll."""
    seats = [s for s in range(st.n) if st.pos[s] >= 0]
    seats.sort(key=lambda s: (_key(st, s), s))
    st.order = seats
    groups = []
    i = 0
    while i < len(seats):
        j = i
        while j + 1 < len(seats) and _key(st, seats[j + 1]) == _key(st, seats[i]):
            j += 1
        if j > i:
            groups.append(seats[i:j + 1])
        i = j + 1
    st.ties = groups
    st.ph = "tie" if groups else "action"
    if not groups:
        begin_action(st)


def apply_tie(st, roll: int) -> None:
    group = st.ties.pop(0)
    W = st.board.W
    rev = roll % 2 == 1
    ordered = sorted(group, key=lambda s: st.pos[s] % W, reverse=rev)
    i = st.order.index(group[0])
    st.order[i:i + len(group)] = ordered
    if st._record:
        st.emit("tie_break", ordered, ("WS-ACT-ORDER-3", "WS-AMB-08"), roll=roll,
                side="right" if rev else "left")
    if not st.ties:
        begin_action(st)


def begin_action(st) -> None:
    st.ph = "action"
    st.actor = -1
    st.done = [st.pos[s] < 0 for s in range(st.n)]
    if st._record:
        st.emit("order", list(st.order), ("WS-ACT-ORDER-1", "WS-ACT-ORDER-2", "WS-AMB-07", "WS-AMB-06"),
                altitudes=[st.alt[s] for s in st.order],
                distances=[st.board.geo.distance(st.pos[s] // st.board.W, st.o.distance)
                           for s in st.order])


def next_actor(st) -> int:
    """The next seat to act, or -1 when the phase is over (WS-ACT-4; ``order_mode``)."""
    if st.o.dynamic:
        left = [s for s in st.order if not st.done[s] and st.pos[s] >= 0]
        if not left:
            return -1
        left.sort(key=lambda s: (_key(st, s), st.order.index(s)))
        return left[0]
    for s in st.order:
        if not st.done[s] and st.pos[s] >= 0:
            return s
    return -1
