"""One-hex steps, standing checks, Crash-Reset, placement and the exit.

Every movement (an arrow, a paid or free sprint, a given-effect move) goes
through :func:`step`, which follows the check order of WS-AMB-12. Height and
collision are standing checks (WS-CRASH-1, WS-COLLIDE-2, WS-AMB-13): they run
after every step, every change of altitude in place and every placement
(:func:`check_hex`). A crash (:func:`crash`) takes the crashers' dice and cubes,
raises their altitude by 2 and queues their placements, the mover last
(WS-CRASH-3, WS-AMB-15, WS-FAQ-Q6b). Placement choices are decisions of the
crashing seat (:func:`placement_candidates`, WS-CRASH-4, WS-AMB-14).
"""
from __future__ import annotations

from racekit.boards.hex import DIRECTIONS

from .cards import VOID, WHITE
from .consts import GONE, LIMBO

ARROW_KIND = "arrow"


def y_bottom(st) -> int:
    return st.board.H * (st.k_min - 1)


SIDE, EXIT, OFF = -1, -2, -3
"""What :func:`target` gives instead of a hex: beyond a side edge, over the top edge, below the
lowest card on the track or into a void cell."""


def target(st, h: int, d: int) -> int:
    """The hex a one-hex step from ``h`` in direction ``d`` (0..5) enters, or where it leads
    instead: :data:`SIDE` (not made, a crash: WS-FAQ-Q1a; it wins over the exit at a top
    corner, WS-AMB-28), :data:`EXIT` (WS-END-1) or :data:`OFF` (WS-CRASH-2, WS-AMB-05), in the
    check order of WS-AMB-12. Reads the state only (the careful agent looks ahead with it)."""
    b = st.board
    W = b.W
    dc, dy = b.step_dc[d]
    tc, ty = h % W + dc, h // W + dy
    if tc < 0 or tc >= W:
        return SIDE
    if ty > b.top:
        return EXIT
    t = ty * W + tc
    if ty < y_bottom(st) or b.height[t] == VOID:
        return OFF
    return t


def lifted(st, alt: int) -> int:
    """The altitude after entering an updraft hex: ``updraft_rise`` more (WS-UPDRAFT-1), capped
    at ``alt_max`` (WS-ALT-1). Reads the state's parameters only."""
    return min(st.p.alt_max, alt + st.p.updraft_rise)


def too_low(height: int, alt: int) -> bool:
    """A character at ``alt`` in a hex of ``height`` fails the height check (WS-CRASH-1): white
    terrain, or a height above its altitude."""
    return height == WHITE or alt < height


def fails_standing(st, h: int, s: int, alt: int) -> bool:
    """Seat ``s`` at altitude ``alt`` in hex ``h`` fails a standing check: the height check
    (:func:`too_low`) or another character there at the same altitude (WS-COLLIDE-2). Reads the
    state only."""
    return too_low(st.board.height[h], alt) or any(x != s and st.alt[x] == alt for x in st.here[h])


def step(st, s: int, d: int, kind: str = ARROW_KIND) -> str:
    """Move seat ``s``'s character one hex in direction ``d`` (0..5) (WS-AMB-12).

    ``kind``: ``arrow``, ``sprint`` (paid: ``sprint_cost`` altitude first, WS-SPRINT-1, WS-AMB-13),
    ``free`` (WS-SPRINT-3) or ``gift`` (a given-effect arrow). Returns ``"moved"``,
    ``"crash"`` or ``"exit"``.
    """
    b = st.board
    h = st.pos[s]
    t = target(st, h, d)
    if kind == "sprint":
        st.alt[s] -= st.p.sprint_cost  # the cost is paid even if the step is not made (WS-AMB-13)
    rec = st._record
    if rec:
        ty = h // b.W + b.step_dc[d][1]
    # 1) beyond a side edge: not made, crash from here (WS-FAQ-Q1a; side beats exit, WS-AMB-28)
    if t == SIDE:
        if rec:
            cl = ("WS-FAQ-Q1a", "WS-CRASH-2", "WS-AMB-12", "WS-AMB-05")
            if ty > b.top:
                cl += ("WS-AMB-28",)  # a top corner: the side edge wins over the exit
            if kind == "sprint":
                cl += ("WS-AMB-13",)  # the sprint's cost is paid although the step is not made
            st.emit("off_map", [s], cl, at=b.label(h), direction=DIRECTIONS[d], edge="side", move=kind)
        crash(st, [s], s)
        return "crash"
    # 2) over the top edge: the exit (WS-END-1, WS-AMB-28)
    if t == EXIT:
        if rec:
            st.emit("move", [s], ("WS-ACT-2",) if kind == ARROW_KIND else (), frm=b.label(h),
                    to="exit", direction=DIRECTIONS[d], move=kind, altitude=st.alt[s])
        exit_track(st, s)
        return "exit"
    # 3) below the bottom edge of the lowest card on the track, or a void cell
    if t == OFF:
        if rec:
            st.emit("off_map", [s], ("WS-FAQ-Q1a", "WS-CRASH-2", "WS-AMB-12", "WS-AMB-05"), at=b.label(h),
                    direction=DIRECTIONS[d], edge="void" if ty >= y_bottom(st) else "bottom",
                    move=kind)
        crash(st, [s], s)
        return "crash"
    # 4) move; updraft on entering (WS-UPDRAFT-1, WS-AMB-11)
    st.here[h].remove(s)
    st.here[t].append(s)
    st.pos[s] = t
    if rec:
        cl = {"arrow": ("WS-ACT-2",), "sprint": ("WS-SPRINT-1", "WS-AMB-11"),
              "free": ("WS-SPRINT-3", "WS-AMB-11"), "gift": ("WS-FAQ-Q5a", "WS-AMB-11")}[kind]
        if t % b.W in (0, b.W - 1):
            cl = cl + ("WS-FAQ-Q1b",)  # partial hexes on the side edges are terrain
        st.emit("move", [s], cl, frm=b.label(h), to=b.label(t), direction=DIRECTIONS[d],
                move=kind, altitude=st.alt[s])
    if b.updraft[t]:
        if not st.o.updraft_before_height:
            if check_hex(st, t, s):
                return "crash"
        before = st.alt[s]
        st.alt[s] = lifted(st, before)
        if rec:
            st.emit("updraft", [s], ("WS-UPDRAFT-1", "WS-ALT-1", "WS-AMB-12"), at=b.label(t),
                    before=before, altitude=st.alt[s])
    # 5-6) height and collision (standing checks)
    if check_hex(st, t, s):
        return "crash"
    if len(st.here[t]) > 1 and rec:
        st.emit("stacked", [s], ("WS-COLLIDE-1",), at=b.label(t),
                altitudes={str(x): st.alt[x] for x in st.here[t]})
    # 7) item draw (WS-ITEM-1)
    if b.item[t]:
        st.intr.append(("draw", s))
    return "moved"


def crashers_in(st, h: int) -> list[int]:
    """Characters in hex ``h`` that must crash now (WS-CRASH-1, WS-COLLIDE-2)."""
    here = st.here[h]
    if not here:
        return []
    alt = st.alt
    if len(here) == 1:
        s = here[0]
        return [s] if too_low(st.board.height[h], alt[s]) else []
    return [s for s in here if fails_standing(st, h, s, alt[s])]


def check_hex(st, h: int, mover) -> bool:
    """Run the standing checks on hex ``h``; crash whoever fails. True if anyone crashed."""
    who = crashers_in(st, h)
    if not who:
        return False
    if st._record:
        b = st.board
        height = b.height[h]
        for s in who:
            if height == WHITE or st.alt[s] < height:
                st.emit("too_low", [s], ("WS-CRASH-1", "WS-TERRAIN-1", "WS-AMB-13"), at=b.label(h),
                        altitude=st.alt[s], height="white" if height == WHITE else height)
        coll = [s for s in who if not (height == WHITE or st.alt[s] < height)]
        if coll:
            st.emit("collision", coll, ("WS-COLLIDE-2", "WS-CRASH-2", "WS-FAQ-Q2", "WS-AMB-13"), at=b.label(h),
                    altitude=st.alt[coll[0]])
    crash(st, who, mover)
    return True


def _snap_index(st, s: int) -> int:
    try:
        return st.order.index(s)
    except ValueError:
        return len(st.order) + s


def crash(st, who: list[int], mover) -> None:
    """Crash-Reset for every seat in ``who`` (WS-CRASH-3, WS-AMB-15, WS-FAQ-Q6b).

    Non-movers go first in snapshot order, the mover last; each loses its dice still
    in the queue (and with them its action this phase), discards its cubes, gains
    ``crash_rise`` altitude (capped at ``alt_max``) and waits in limbo for its placement decision.
    """
    order = sorted((s for s in who if s != mover), key=lambda s: _snap_index(st, s))
    if mover in who:
        order.append(mover)
    b = st.board
    for s in order:
        h = st.pos[s]
        card = b.card_of(h, st.k_min)
        st.here[h].remove(s)
        st.pos[s] = LIMBO
        lost = 0
        if s == st.actor or s == mover or st.o.victim_loses_dice:
            lost = remove_dice(st, s)
            if st.ph == "action":
                st.done[s] = True
        if st.pend_owner == s:
            st.pend = []
            st.pend_owner = -1
        if st.gift is not None and st.gift[0] == s:
            st.gift[2] = True  # the user crashed: no free sprints (WS-AMB-19)
        if st.free is not None and st.free[0] == s:
            st.free = None
        cubes = st.cubes[s]
        if st.o.discard_to_bag:
            for i in range(3):
                st.bag[i] += cubes[i]
        else:
            for i in range(3):
                st.out[i] += cubes[i]
        st.cubes[s] = [0, 0, 0]
        before = st.alt[s]
        st.alt[s] = min(st.p.alt_max, before + st.p.crash_rise)
        if st._record:
            cl = ("WS-CRASH-3", "WS-ALT-1")
            if cubes[0] + cubes[1] + cubes[2]:
                cl += ("WS-AMB-16",)
            if st.gift is not None and s == st.gift[1]:
                cl += ("WS-FAQ-Q5b", "WS-AMB-19")
                if s == mover:
                    cl += ("WS-AMB-15",)
            if s != mover:
                cl += ("WS-AMB-15",)
                if mover in who:
                    cl += ("WS-FAQ-Q6b",)  # the other player resets first (A6)
            y = h // b.W
            if y % b.H == 0 and y > b.H * (st.k_min - 1) and y < b.top:
                cl += ("WS-FAQ-Q6a", "WS-AMB-30")  # a shared hex belongs to the lower card
            st.emit("crash", [s], cl,
                    at=b.label(h), card=card, before=before, altitude=st.alt[s], dice_lost=lost,
                    cubes_discarded=sum(cubes), mover=s == mover,
                    cube_colours=[c for i, c in enumerate(("red", "yellow", "blue"))
                                  for _ in range(cubes[i])])
        st.intr.append(("place", s, card))


def remove_dice(st, s: int) -> int:
    """Take every die of seat ``s`` out of the queue without effect; returns how many."""
    n = 0
    for cell in st.cells:
        if cell:
            keep = [d for d in cell if d[0] != s]
            n += len(cell) - len(keep)
            cell[:] = keep
    return n


def placement_candidates(st, s: int, card: int) -> tuple[list[int], str]:
    """Hexes where seat ``s`` may be placed after crashing on ``card`` (WS-CRASH-3/4, WS-AMB-14).

    Returns ``(hex ids, clause)``: the clause is WS-CRASH-3 for reset half-hexes and
    WS-CRASH-4 for the adjacent fallback.
    """
    b = st.board
    a = st.alt[s]
    safe = st.o.safe_first

    def free_of_alt(h):
        return all(st.alt[x] != a for x in st.here[h])

    def safe_h(h):
        ht = b.height[h]
        return ht != WHITE and ht != VOID and ht <= a

    resets = b.reset_ids(card)
    c1 = [h for h in resets if free_of_alt(h)]
    if c1:
        good = [h for h in c1 if safe_h(h)] if safe else c1
        if good:
            return good, "WS-CRASH-3"
    else:
        adj = set()
        ybot = y_bottom(st)
        for h in resets:
            c, y = b.cy(h)
            for dc, dy in b.step_dc:
                tc, ty = c + dc, y + dy
                if 0 <= tc < b.W and ybot <= ty <= b.top:
                    t = ty * b.W + tc
                    if b.height[t] != VOID and free_of_alt(t):
                        adj.add(t)
        adj = sorted(adj)
        good = [h for h in adj if safe_h(h)] if safe else adj
        if good:
            return good, "WS-CRASH-4"
    # safe_first fallbacks (WS-AMB-14): any hex of the card passing both tests, then any reset
    lo, hi = b.H * (card - 1), b.H * card
    anyh = [y * b.W + c for y in range(lo, hi + 1) for c in range(b.W)
            if (c + y) % 2 == 0 and b.height[y * b.W + c] != VOID
            and free_of_alt(y * b.W + c) and safe_h(y * b.W + c)]
    if anyh:
        return anyh, "WS-AMB-14"
    return resets, "WS-AMB-14"


def place(st, s: int, h: int, clause: str) -> None:
    """Put a crashed character on hex ``h``; then the standing checks apply (WS-AMB-11, -13)."""
    st.pos[s] = h
    st.here[h].append(s)
    if st._record:
        st.emit("placed", [s], (clause, "WS-CRASH-3", "WS-AMB-14"), at=st.board.label(h), altitude=st.alt[s])
    check_hex(st, h, None)


def change_altitude(st, s: int, delta: int, mover) -> bool:
    """Change a character's altitude in place (capped 1..``alt_max``, WS-ALT-1) and run the standing
    checks (WS-AMB-13). True if anyone crashed."""
    st.alt[s] = max(1, min(st.p.alt_max, st.alt[s] + delta))
    h = st.pos[s]
    return h >= 0 and check_hex(st, h, mover)


def arrows_in(tokens, count_conditional: bool) -> int:
    n = 0
    for t in tokens:
        if isinstance(t, int):
            n += 1
        elif count_conditional:
            n += len(t[2])
    return n


def exit_track(st, s: int) -> None:
    """Seat ``s``'s character leaves over the top edge (WS-END-1..2, WS-AMB-24, WS-AMB-28).

    Score = arrows not yet carried out (the rest of the current cell, and every arrow
    in the cells of its dice still in the queue) + altitude.
    """
    cc = st.o.count_conditional
    rest = arrows_in(st.pend, cc) if st.pend_owner == s else 0
    queued = 0
    for cell in range(12):
        for d in st.cells[cell]:
            if d[0] == s:
                queued += arrows_in(st.cell_tokens(cell), cc)
    remove_dice(st, s)
    if st.pend_owner == s:
        st.pend = []
        st.pend_owner = -1
    h = st.pos[s]
    st.here[h].remove(s)
    st.pos[s] = GONE
    st.exited[s] = True
    st.score[s] = rest + queued + st.alt[s]
    st.exit_seq.append(s)
    if st.ph == "action":
        st.done[s] = True
    if st.free is not None and st.free[0] == s:
        st.free = None
    first = not st.end_triggered
    st.end_triggered = True
    if st._record:
        st.emit("exit", [s], ("WS-END-1", "WS-END-2", "WS-AMB-28", "WS-AMB-24", "WS-FAQ-Q1a", "WS-AMB-12")
                + (("WS-END-3",) if first else ()), at=st.board.label(h), unresolved=rest + queued,
                altitude=st.alt[s], score=st.score[s])


def draw_cube(st, s: int, colour: int) -> None:
    """Seat ``s`` draws ``colour`` from the bag (WS-ITEM-1); one over ``cube_limit`` must go back (WS-ITEM-2)."""
    st.bag[colour] -= 1
    st.cubes[s][colour] += 1
    if st._record:
        st.emit("draw", [s], ("WS-ITEM-1", "WS-AMB-11"), colour=("red", "yellow", "blue")[colour],
                held=sum(st.cubes[s]))
    if sum(st.cubes[s]) > st.p.cube_limit:
        st.intr.insert(0, ("return", s))
