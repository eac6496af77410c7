"""Movement: the lockstep tick model, terrain, stamina costs, roadblocks and teleports.

LM-ROUND-3, LM-MOVE-1..3, LM-AMB-06 (ticks), LM-STAMINA-1/2, LM-AMB-05/07 (costs),
LM-TERRAIN-*, LM-AMB-08 (sand), LM-AMB-34 (roadblocks), LM-AMB-49 (swamp "same moment"),
LM-FAINT-1, LM-AMB-16 (armor), LM-AMB-36 (teleports).

``run_ticks`` moves a set of players together: in tick t every player with movement left
advances one square (or pays a roadblock, or slides off sand); the squares entered are then
resolved for all of them together; forests entered convert at the end of the tick. Tokens
never block each other (LM-MOVE-3): positions are plain square numbers, shared freely.
"""
from __future__ import annotations

from . import stats as S


def square_cost(o, p, terrain: str, armored: bool, forest_seen: bool) -> tuple[int, bool, bool]:
    """Stamina cost of entering one square (LM-STAMINA-2, LM-TERRAIN-FOREST-1, LM-AMB-05/07/16).

    Pure: reads only the options ``o`` (``stamina_per_square``, ``forest_stamina``,
    ``forest_cost``, ``armor_blocks``) and the parameters ``p`` (``forest_stamina_cost``).

    Args:
        terrain: the square's terrain name ("forest", "leaf", ...).
        armored: the pony wears armor (it absorbs one charge, LM-AMB-16).
        forest_seen: a forest already charged in this move (``forest_cost = per_move``).

    Returns:
        (cost, armor_used, forest_seen after entering).
    """
    per = o.per_square
    if terrain == "forest" and not (o.forest_per_move and forest_seen):
        c = p.forest_stamina_cost if (o.forest_replace or per == 0) else per + p.forest_stamina_cost
        if armored:
            return (0 if (o.forest_replace or o.armor_blocks != "forest") else per), True, True
        return c, False, True
    if per and armored and o.armor_blocks != "forest":
        return 0, True, forest_seen
    return per, False, forest_seen  # leaf and the finish: the ordinary cost only (LM-TERRAIN-LEAF-1)


def _cost(st, s: int, sq: int, seen_forest: list, tick_forest: set) -> int:
    """Stamina cost of entering ``sq`` for seat ``s`` (:func:`square_cost`); spends the armor."""
    t = "forest" if sq in tick_forest else st.terrain[sq]
    c, armor_used, seen_forest[s] = square_cost(st.o, st.p, t, st.armor[s] >= 0, seen_forest[s])
    if armor_used:
        _spend_armor(st, s, sq)
    return c


def run_cost(st, s: int, squares: int) -> int:
    """Stamina seat ``s`` would lose moving ``squares`` squares alone from where it stands, as
    :func:`run_ticks` charges it (LM-STAMINA-1/2, LM-TERRAIN-*, LM-AMB-05/07/08/16/34).

    Pure (the state is not changed). Follows the pony's own path: terrain costs through
    :func:`square_cost` (armor absorbing once), a stop on the finish or a swamp, a roadblock
    costing a square of movement, a move ending on sand sliding on (LM-AMB-08), and a faint
    once its stamina is spent. Other ponies moving in the same ticks are not foreseen.

    Returns:
        the stamina lost, between 0 and the pony's stamina (equal to it: the run ends in a faint).
    """
    o = st.o
    fin = S.finish_square(st)
    stamina = st.stamina[s]
    pos, left, total = st.pos[s], squares, 0
    armored, seen = st.armor[s] >= 0, False
    paid = -1                      # the roadblock this run has paid (removed from the road)
    pay = slide = False
    for _ in range(2 * squares + 2):   # every step spends movement or slides on
        if pay:
            pay = False
            left -= 1
            paid = pos
            if left == 0:
                if st.terrain[pos] == "sand":
                    slide = True
                else:
                    break
            continue
        if slide:
            slide, by_slide = False, True
            pos += 1
        elif left > 0:
            nxt = pos + 1
            if o.roadblock_before and nxt in st.roadblocks and nxt != paid:
                left -= 1
                paid = nxt
                if left == 0:
                    break
                continue
            pos, left, by_slide = nxt, left - 1, False
        else:
            break
        t = st.terrain[pos]
        cost, used, seen = square_cost(o, st.p, t, armored, seen)
        armored = armored and not used
        total += cost
        if total >= stamina and cost:
            return stamina                 # LM-STAMINA-1: a faint ends the run
        if pos == fin or t == "vine":
            break
        if pos in st.roadblocks and pos != paid and not o.roadblock_before:
            if left > 0:
                pay = True
                continue
            break
        if left == 0:
            if t == "sand" and (not by_slide or o.sand_chain):
                slide = True
            else:
                break
    return total


def _spend_armor(st, s, sq):
    S.discard(st, st.armor[s])
    st.armor[s] = -1
    st.emit("armor_used", [s], ("LM-ARMOR-1", "LM-AMB-16"), square=sq)


def faint(st, s: int, clauses=("LM-FAINT-1",)) -> None:
    """Stamina 0: the pony faints (LM-FAINT-1/2). A pending Bear refill and doubling are lost
    (LM-AMB-51), or with ``bear_after_faint = on_return`` kept for the pony's return."""
    st.stamina[s] = 0
    st.faint[s] = 1
    st.emit("faint", [s], tuple(clauses) + ("LM-FAINT-2",), square=st.pos[s], round=st.round)
    if st.bear_next[s]:
        if st.o.bear_on_return:
            st.emit("bear_kept", [s], ("LM-EVENT-07", "LM-AMB-51"))
        else:
            st.bear_next[s] = False
            st.emit("bear_lost", [s], ("LM-EVENT-07", "LM-AMB-51"))


def run_ticks(st, totals: dict, free: set, travel: bool = False):
    """Move ``totals`` (seat -> squares) together.

    Args:
        free: seats whose squares cost no stamina (Sonic Rainboom, Use the Terrain).
        travel: a play-turn advance (Travel Light, Use the Terrain): no draws.

    Returns:
        (moved, arrivals, fainted): squares that count for drawing per seat; the seats that
        reached the finish with their overshoot (LM-AMB-19); the seats that fainted.
    """
    o = st.o
    fin = S.finish_square(st)
    n = st.n
    left = [0] * n
    moved = [0] * n
    slide = [False] * n
    pay = [False] * n
    active = [False] * n
    seen_forest = [False] * n
    start = list(st.pos)
    before = list(st.stamina)
    paths = {s: [st.pos[s]] for s in totals} if st._record else None   # for the move events only
    for s, k in totals.items():
        left[s] = k
        active[s] = k > 0
    arrivals: list[tuple[int, int]] = []
    fainted: list[int] = []
    swamp_step: set = set()
    tick = 0
    while any(active):
        tick += 1
        entered = []
        paid = set()
        for s in range(n):
            if not active[s]:
                continue
            if pay[s]:
                pay[s] = False
                left[s] -= 1
                paid.add(st.pos[s])
                st.emit("roadblock_paid", [s], ("LM-EVENT-15", "LM-AMB-34"), square=st.pos[s], tick=tick)
                if left[s] == 0:
                    _end_of_move(st, s, active, slide, False)
                continue
            if slide[s]:
                slide[s] = False
                st.pos[s] += 1
                entered.append((s, True))
                continue
            if left[s] > 0:
                nxt = st.pos[s] + 1
                if o.roadblock_before and nxt in st.roadblocks:
                    left[s] -= 1
                    paid.add(nxt)
                    st.emit("roadblock_paid", [s], ("LM-EVENT-15", "LM-AMB-34"), square=nxt, tick=tick)
                    if left[s] == 0:
                        active[s] = False
                    continue
                st.pos[s] = nxt
                left[s] -= 1
                entered.append((s, False))
        tick_forest = set()
        tick_swamp = set()
        for s, by_slide in entered:
            sq = st.pos[s]
            if paths is not None:
                paths[s].append(sq)
            t = st.terrain[sq]
            if not by_slide or o.sand_draws:
                moved[s] += 1
            if by_slide:
                st.emit("slide", [s], ("LM-TERRAIN-SAND-1", "LM-AMB-08"), to=sq, tick=tick)
            if t == "forest":
                tick_forest.add(sq)
            cost = 0 if s in free else _cost(st, s, sq, seen_forest, tick_forest)
            if t == "forest":
                st.emit("forest", [s], ("LM-TERRAIN-FOREST-1", "LM-STAMINA-2", "LM-AMB-05", "LM-AMB-07"),
                        square=sq, cost=cost)
            if cost:
                st.stamina[s] = max(0, st.stamina[s] - cost)  # LM-STAMINA-1: floored at 0
            if sq == fin:
                arrivals.append((s, 0 if by_slide else left[s]))
                left[s] = 0
                active[s] = False
                if st.stamina[s] == 0 and cost:
                    fainted.append(s)
                continue
            if st.stamina[s] == 0 and cost:
                left[s] = 0
                active[s] = False
                fainted.append(s)
                if t == "vine":
                    tick_swamp.add(sq)
                continue
            if t == "sand" and left[s] > 0:
                st.emit("sand_pass", [s], ("LM-TERRAIN-SAND-2",), square=sq)
            if t == "vine":
                left[s] = 0
                tick_swamp.add(sq)
                active[s] = False
                st.emit("swamp_stop", [s], ("LM-TERRAIN-VINE-1", "LM-TERRAIN-VINE-2", "LM-AMB-49"),
                        square=sq, tick=tick)
                continue
            if sq in st.roadblocks and not o.roadblock_before:
                if left[s] > 0:
                    pay[s] = True
                    continue
                st.emit("roadblock_stop", [s], ("LM-EVENT-15", "LM-AMB-34"), square=sq)
            if left[s] == 0:
                _end_of_move(st, s, active, slide, by_slide)
        for sq in tick_forest:
            if st.terrain[sq] == "forest":
                st.terrain[sq] = "leaf"
                st.emit("converted", [], ("LM-TERRAIN-FOREST-2", "LM-AMB-07"), square=sq, to="leaf")
        for sq in tick_swamp:
            if o.swamp_step:
                swamp_step.add(sq)
            elif st.terrain[sq] == "vine":
                st.terrain[sq] = "leaf"
                st.emit("converted", [], ("LM-TERRAIN-VINE-3",), square=sq, to="leaf")
        for sq in paid:
            st.roadblocks.discard(sq)
        if tick > 500:  # cannot happen: every tick spends movement or slides forward
            break
    for sq in swamp_step:
        if st.terrain[sq] == "vine":
            st.terrain[sq] = "leaf"
            st.emit("converted", [], ("LM-TERRAIN-VINE-3", "LM-AMB-49"), square=sq, to="leaf")
    if not travel:
        if not st.o.move_sequential:
            st.last_moves = {}
        st.last_moves.update({s: (start[s], st.pos[s]) for s in totals})
    for s in totals if paths is not None else ():
        st.emit("move", [s], ("LM-ROUND-3", "LM-MOVE-2", "LM-AMB-06", "LM-STAMINA-2") if not travel else ("LM-AMB-30", "LM-STAMINA-2"),
                start=start[s], end=st.pos[s], total=totals[s], squares=moved[s],
                path=paths[s], stamina_before=before[s], stamina_after=st.stamina[s])
    for s in fainted:
        faint(st, s, ("LM-FAINT-1", "LM-STAMINA-1") if not travel else ("LM-FAINT-4",))
    return moved, arrivals, fainted


def _end_of_move(st, s, active, slide, by_slide):
    """A move that ends on sand slides one square in the next tick (LM-AMB-08)."""
    if st.terrain[st.pos[s]] == "sand" and (not by_slide or st.o.sand_chain):
        slide[s] = True
    else:
        active[s] = False


def teleport(st, s: int, to: int, clauses: tuple) -> None:
    """Put a token on ``to`` with no terrain, draw or stamina (LM-AMB-36), unless the option
    ``teleport_triggers_terrain`` charges and converts a forest."""
    frm = st.pos[s]
    st.pos[s] = to
    charged = st.o.teleport_terrain and st.terrain[to] == "forest"
    st.emit("teleport", [s], tuple(clauses) + ("LM-AMB-36",), start=frm, end=to,
            **({"terrain": True} if st.o.teleport_terrain else {}))   # the sentence says which
    if charged:
        cost = st.p.forest_stamina_cost
        st.emit("forest", [s], ("LM-TERRAIN-FOREST-1", "LM-AMB-36"), square=to, cost=cost)
        st.stamina[s] = max(0, st.stamina[s] - cost)
        st.terrain[to] = "leaf"
        st.emit("converted", [], ("LM-TERRAIN-FOREST-2", "LM-AMB-36"), square=to, to="leaf")
        if st.stamina[s] == 0:
            faint(st, s)
