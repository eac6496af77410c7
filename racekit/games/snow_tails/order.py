"""Rounds, turn order, finishing and ranking.

ST-ORDER-1..6 and ST-AMB-15 (order), ST-END-1..5 and ST-AMB-16/23 (end).
The geometry (who is ahead, who is level, which side is the inside of the
next corner) comes from the track's precomputed ``order_key``. When a round
starts and ends is the turn flow's (:mod:`.flow`).
"""
from __future__ import annotations

from .consts import CROSSED, FINISHED, OUT, RACING


def order_by_position(st, seats) -> list[int]:
    """ST-ORDER-3..6, ST-AMB-15: furthest first; level sleds inside-of-next-corner first
    (or finish-flag side first when no corner lies ahead); more than two by lateral index."""
    key = st.track.order_key
    pos = st.pos
    return sorted(seats, key=lambda s: key[pos[s]])


def start_round(st) -> None:
    """Fix this round's turn order (ST-ORDER-1..6) and start with its first seat."""
    racing = [s for s in range(st.n) if st.status[s] == RACING]
    if st.round == 1:
        st.order = sorted(racing, key=lambda s: st.slot[s])  # ST-ORDER-2: slot order
        clauses = ["ST-ORDER-1", "ST-ORDER-2"]
    else:
        st.order = order_by_position(st, racing)
        clauses = ["ST-ORDER-1", "ST-ORDER-3", "ST-ORDER-4", "ST-ORDER-5", "ST-ORDER-6",
                   "ST-AMB-15"]
    st.tidx = 0
    if st._record:
        st.emit("round_start", st.order, clauses, round=st.round, order=list(st.order))


def _finish_group_key(st):
    tr = st.track
    sign = -1 if st.o.rank_beyond else 1

    def key(s):
        p = st.pos[s]
        # ST-END-3 (ST-AMB-16): further beyond the line first; ST-END-4: nearer the flag first
        return (sign * tr.beyond[p], tr.flag_distance[p])
    return key


def _groups(seats, key):
    out = []
    for s in sorted(seats, key=key):
        if out and key(out[-1][0]) == key(s):
            out[-1].append(s)
        else:
            out.append([s])
    return out


def end_round(st) -> bool:
    """ST-ORDER-1: the round is over. Place the sleds that crossed and remove them; True when
    the race is over (ST-END-1, ST-AMB-23), else the round number moves on."""
    _place_crossed(st)
    racing = [s for s in range(st.n) if st.status[s] == RACING]
    if st.o.end_first and any(st.status[s] == FINISHED for s in range(st.n)):
        # ST-AMB-23 first_cross_round: the rest are ranked by position
        for s in order_by_position(st, racing):
            st.places.append([s])
        _game_over(st, ["ST-AMB-23"])
        return True
    if not racing:
        _game_over(st, ["ST-END-1"])
        return True
    if st.o.turn_limit and st.round >= st.o.turn_limit:
        # the turn_limit option (not a rule): the rest are ranked by position, as ST-AMB-23's
        for s in order_by_position(st, racing):
            st.places.append([s])
        st.capped = True
        if st._record:
            st.emit("turn_limit", [], (), round=st.round)
        _game_over(st, [])
        return True
    st.round += 1
    return False


def _place_crossed(st) -> None:
    """ST-END-2..4: the sleds that crossed this round take places; ST-END-5: they leave."""
    crossed = [s for s in range(st.n) if st.status[s] == CROSSED]
    if not crossed:
        return
    for g in _groups(crossed, _finish_group_key(st)):
        st.places.append(g)
        if st._record:
            st.emit("placed", g, ["ST-END-2", "ST-END-3", "ST-END-4", "ST-AMB-16"],
                    place=len(st.places), round=st.round)
    for s in crossed:
        p = st.pos[s]
        if p >= 0:
            st.occ[p] = -1
        st.pos[s] = -1
        st.status[s] = FINISHED
        if st._record:
            st.emit("removed", [s], ["ST-END-5"], round=st.round)


def _game_over(st, clauses) -> None:
    out = [s for s in range(st.n) if st.status[s] == OUT]
    if out:
        st.places.append(sorted(out))  # eliminated sleds share the last place
    if st._record:
        # who finished (ST-END-2..4), who is ranked by position (ST-AMB-23), who dropped out
        # (ST-ELIM-1: they share the last place)
        clauses = list(clauses) + (["ST-ELIM-1"] if out else [])
        st.emit("game_over", [s for g in st.places for s in g], clauses,
                places=[list(g) for g in st.places], round=st.round,
                finished=[s for g in st.places for s in g if st.status[s] == FINISHED],
                out=sorted(out))


def ranking(st) -> list[list[int]]:
    return [list(g) for g in st.places]
