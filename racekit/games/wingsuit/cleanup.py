"""Cleanup phase (WS-CLEANUP-1..7, WS-UPDRAFT-2, WS-AMB-21..23, -30..33).

Order (WS-AMB-22): the 2-player neutral dice leave; (1) if the bottom card holds
no character it leaves the track and is laid over the queue by the player nearest
the start (ties: who acted latest in the snapshot); (2) every character on an
updraft hex gains ``updraft_rise`` (capped at ``alt_max``), then the collision check runs with no mover, in
snapshot order (WS-AMB-33); (3) a new round starts (WS-CLEANUP-7).
``cleanup_updraft_step = before_cover`` swaps (1) and (2).
"""
from __future__ import annotations

from . import move
from .consts import NEUTRAL


def begin(st) -> None:
    st.ph = "cleanup"
    stages = ["updraft", "cover"] if st.o.updraft_first else ["cover", "updraft"]
    st.cstages = ["neutral"] + stages + ["next"]
    if st._record:
        st.emit("cleanup", [], ("WS-GEN-2",), round=st.round)


def rows_of(queue) -> list:
    """Which placement shows in queue rows 1..6 (topmost covering wins) (WS-AMB-21)."""
    rows = [None] * 6
    for card, b in queue:
        rows[b - 1] = (card, b)
        rows[b] = (card, b)
    return rows


def legal_spots(st, card: int, cover_mode: str | None = None, colour_rule: bool = True) -> list[int]:
    """Placements b in 1..5 for ``card`` (WS-CLEANUP-3..5, WS-AMB-21)."""
    mode = cover_mode or st.o.cover_mode
    rows = rows_of(st.queue)
    out = []
    for b in range(1, 6):
        if mode == "visible_two":
            if rows[b - 1] is None or rows[b] is None or rows[b - 1] == rows[b]:
                continue
        else:  # physical_two: the footprint overlaps at least two placements of the stack
            under = {(c, bb) for c, bb in st.queue if bb <= b + 1 and bb + 1 >= b}
            if len(under) < 2:
                continue
        if colour_rule:
            new = rows_of(st.queue + [(card, b)])
            colours = {st.cs.cards[p[0]].cost for p in new if p is not None}
            if colours != {0, 1, 2}:
                continue
        out.append(b)
    return out


def usable_count(queue) -> int:
    return len({p for p in rows_of(queue) if p is not None})


def layer(st) -> int:
    """The player who lays the card: nearest the start (largest distance), ties: acted latest."""
    seats = [s for s in range(st.n) if st.pos[s] >= 0]
    geo = st.board.geo

    def key(s):
        idx = st.order.index(s) if s in st.order else -1
        return (geo.distance(st.pos[s] // st.board.W, st.o.distance), idx)
    return max(seats, key=key)


def bottom_empty(st) -> bool:
    k = st.k_min
    lower = st.o.boundary_lower
    for s in range(st.n):
        h = st.pos[s]
        if h >= 0 and st.board.card_of(h, k, lower) == k:
            return False
    return True


def run(st) -> bool:
    """Run cleanup stages until a decision is needed (True) or the round is over (False)."""
    while st.cstages:
        stage = st.cstages[0]
        if stage == "neutral":
            for cell in st.cells:
                cell[:] = [d for d in cell if d[0] != NEUTRAL]
            if st.rolls and st._record:
                st.emit("neutral_leave", [], ("WS-AMB-26", "WS-AMB-22"))
            st.rolls = []
            st.cstages.pop(0)
        elif stage == "cover":
            if st.lay is not None:
                return True
            st.cstages.pop(0)
            if st.k_min < len(st.board.track) and bottom_empty(st):
                if not start_cover(st):
                    return True
            elif st._record:
                held = [s for s in range(st.n) if st.pos[s] >= 0
                        and st.board.card_of(st.pos[s], st.k_min, st.o.boundary_lower) == st.k_min]
                st.emit("card_stays", held, ("WS-CLEANUP-1", "WS-AMB-30"), number=st.k_min,
                        boundary=[s for s in held if (st.pos[s] // st.board.W) % st.board.H == 0])
        elif stage == "updraft":
            if st.rise_q:
                return True
            if st.risers is None:
                on = [s for s in st.order + [x for x in range(st.n) if x not in st.order]
                      if st.pos[s] >= 0 and st.board.updraft[st.pos[s]]]
                if st.o.cleanup_optional:
                    st.risers = []
                    st.rise_q = on
                    if on:
                        return True
                else:
                    st.risers = on
            apply_updraft(st)
            st.cstages.pop(0)
            if st.intr:
                return False
        elif stage == "next":
            st.cstages.pop(0)
            st.round += 1
            st.ph = "plan"
            st.plan_next = 0
            if st._record:
                st.emit("new_round", [], ("WS-CLEANUP-7", "WS-GEN-2"), round=st.round)
            return False
    return False


def start_cover(st) -> bool:
    """The bottom card leaves; find its placements. False when a decision is needed."""
    k = st.k_min
    card = st.board.track[k - 1]
    st.k_min += 1
    spots = legal_spots(st, card)
    if not spots and st.o.cover_fallback_colour:
        spots = legal_spots(st, card, colour_rule=False)
    who = layer(st)
    if st._record:
        st.emit("card_leaves", [who], ("WS-CLEANUP-1", "WS-CLEANUP-2", "WS-AMB-23", "WS-AMB-30"),
                card=st.cs.cards[card].id, number=k, spots=spots)
    if not spots:
        st.set_aside.append(card)
        if st._record:
            st.emit("set_aside", [], ("WS-AMB-32", "WS-CLEANUP-3", "WS-CLEANUP-4"),
                    card=st.cs.cards[card].id)
        return more_cards(st)
    if len(spots) == 1:
        lay(st, who, card, spots[0], spots)
        return more_cards(st)
    st.lay = (who, card, spots)
    return False


def more_cards(st) -> bool:
    if st.k_min < len(st.board.track) and bottom_empty(st):
        if st.o.cleanup_repeat:
            return start_cover(st)
        if st._record:
            st.emit("card_waits", [], ("WS-AMB-31",), number=st.k_min)
    return True


def lay(st, who: int, card: int, b: int, spots=()) -> None:
    before = usable_count(st.queue)
    st.queue.append((card, b))
    st.lay = None
    if st._record:
        st.emit("lay", [who], ("WS-CLEANUP-1", "WS-CLEANUP-2", "WS-CLEANUP-3", "WS-CLEANUP-4",
                               "WS-CLEANUP-5", "WS-CLEANUP-6", "WS-AMB-21", "WS-AMB-23"),
                card=st.cs.cards[card].id, at=b, spots=list(spots), usable_before=before,
                usable_after=usable_count(st.queue),
                rows=[st.cs.cards[p[0]].id for p in rows_of(st.queue)])


def apply_lay(st, b: int) -> None:
    who, card, spots = st.lay
    lay(st, who, card, b, spots)
    if st.k_min < len(st.board.track) and bottom_empty(st):
        if st.o.cleanup_repeat:
            st.cstages.insert(0, "cover")
        elif st._record:
            st.emit("card_waits", [], ("WS-AMB-31",), number=st.k_min)


def apply_rise(st, rise: bool) -> None:
    s = st.rise_q.pop(0)
    if rise:
        st.risers.append(s)


def apply_updraft(st) -> None:
    """WS-UPDRAFT-2, WS-AMB-33: all at once, then the collision check with no mover."""
    hexes = []
    for s in st.risers:
        before = st.alt[s]
        st.alt[s] = min(st.p.alt_max, before + st.p.updraft_rise)
        if st._record:
            st.emit("updraft", [s], ("WS-UPDRAFT-2", "WS-ALT-1", "WS-AMB-33"),
                    at=st.board.label(st.pos[s]), before=before, altitude=st.alt[s])
        if st.pos[s] not in hexes:
            hexes.append(st.pos[s])
    st.risers = None
    for h in hexes:
        move.check_hex(st, h, None)
