"""Wingsuit Flight agents: ``careful`` avoids crashes where it can.

It reads only what its seat may see: the board, the queue, characters and its
own plan (never another seat's hidden plan, never future draws). It looks ahead
by following its own icons over the public terrain with the engine's rule functions
(:func:`.move.target`, :func:`.move.lifted`, :func:`.move.fails_standing`: edges, void,
height, white, updrafts and the altitude cap, characters standing still), not with
chance outcomes. Every rule number it uses (altitude cap, updraft rise, sprint cost,
steal amount) comes from the game's parameter table (``st.p``, :mod:`.params`), so its
look-ahead follows a house rule.
"""
from __future__ import annotations

import itertools

from racekit.boards.hex import DIRECTIONS
from racekit.core.chance import uniform

from . import actions as A
from . import move
from .plan import legal_masks


def simulate(st, seat: int, h: int, alt: int, tokens, cubes: int = 0):
    """Follow ``tokens`` from hex ``h`` at ``alt`` as the engine's step would (``move.step``,
    WS-AMB-12); returns (status, hex, alt, steps), status ``"ok"``, ``"exit"`` or ``"crash"``.
    Other characters are taken as standing still."""
    b = st.board
    lift_first = st.o.updraft_before_height
    todo = list(tokens)
    steps = 0
    while todo:
        t = todo.pop(0)
        if not isinstance(t, int):
            cond, n, arrows = t
            ok = (alt >= n if cond == 0 else alt <= n if cond == 1 else
                  b.updraft[h] if cond == 2 else cubes > 0 if cond == 3 else False)
            if ok:
                todo[0:0] = list(arrows)
            continue
        nh = move.target(st, h, t)
        if nh == move.EXIT:
            return "exit", h, alt, steps + len(todo)
        if nh < 0:   # beyond a side edge, below the track or into a void cell
            return "crash", h, alt, steps
        h = nh
        steps += 1
        if b.updraft[h]:
            if not lift_first and move.fails_standing(st, h, seat, alt):
                return "crash", h, alt, steps
            alt = move.lifted(st, alt)
        if move.fails_standing(st, h, seat, alt):
            return "crash", h, alt, steps
    return "ok", h, alt, steps


def sprint_ahead(st, seat: int, h: int, alt: int, d: int):
    """A paid sprint in direction ``d`` (0..5) from ``h`` at ``alt``, as :func:`simulate` sees
    it: the cost (``sprint_cost``, WS-SPRINT-1) is paid first, then the step."""
    return simulate(st, seat, h, alt - st.p.sprint_cost, [d])


def _value(st, status, h, alt, extra=0):
    if status == "crash":
        return -1000
    if status == "exit":
        return 1000 + alt + extra
    return (h // st.board.W) * 3 + alt


class CarefulAgent:
    """Plays safe: plans and orders its dice so that no simulated path crashes, then climbs."""

    name = "careful"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def __call__(self, state, ply: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        ph = state.phase
        try:
            if ph == "plan":
                return self._plan(state, seat, legal, ply)
            if ph in ("action", "gift", "free_sprints"):
                return self._act(state, seat, legal, ply)
            if ph == "crash_place":
                return self._place(state, seat, legal)
        except Exception:  # never let the heuristic break a game
            pass
        return legal[int(uniform(self.seed, ply, 0xCA7E) * len(legal))]

    # ----- plan: the best split if nobody interferes -----------------------------------
    def _plan(self, st, seat, legal, ply):
        best, best_v = [], None
        h, alt = st.pos[seat], st.alt[seat]
        memo: dict = {}   # the ~220 plans share their cells: each path is followed once
        for mask in legal_masks(st.o.per_group):
            cells = A.plan_cells(mask)
            v = self._best_order(st, seat, h, alt, cells, memo)[0]
            if best_v is None or v > best_v:
                best, best_v = [mask], v
            elif v == best_v:
                best.append(mask)
        pick = best[int(uniform(self.seed, ply, 0x91A) * len(best))]
        return A.PLAN + pick

    def _best_order(self, st, seat, h, alt, cells, memo=None):
        """(value, order) of the best order of ``cells``. ``memo`` keeps the paths already
        followed from this position ((hex, altitude, cell) -> result) across calls."""
        if memo is None:
            memo = {}
        cubes = sum(st.cubes[seat])
        best = (-10**9, None)
        for perm in itertools.permutations(cells):
            hh, aa, status = h, alt, "ok"
            left = 0
            for i, cell in enumerate(perm):
                key = (hh, aa, cell)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = simulate(st, seat, hh, aa, st.cell_tokens(cell), cubes)
                status, hh, aa, _ = found
                if status != "ok":
                    left = sum(1 for c in perm[i + 1:] for t in st.cell_tokens(c)
                               if isinstance(t, int))
                    break
            v = _value(st, status, hh, aa, left)
            if v > best[0]:
                best = (v, perm)
        return best

    # ----- action: order dice safely; sprint only to dodge a crash ----------------------
    def _act(self, st, seat, legal, ply):
        h, alt = st.pos[seat], st.alt[seat]
        if st.free is not None:
            for d in ("N", "NE", "NW"):
                a = A.FREE + DIRECTIONS.index(d)
                if a in legal and simulate(st, seat, h, alt, [a - A.FREE])[0] in ("ok", "exit"):
                    return a
            return A.DECLINE if A.DECLINE in legal else legal[0]
        if st.pend:
            status = simulate(st, seat, h, alt, st.pend)[0]
            if status != "crash" or A.GO not in legal:
                return A.GO if A.GO in legal else legal[0]
            # try one paid sprint that makes the rest of the cell safe
            for d in range(6):
                a = A.SPRINT + d
                if a in legal:
                    s1, h1, a1, _ = sprint_ahead(st, seat, h, alt, d)
                    if s1 == "ok" and simulate(st, seat, h1, a1, st.pend)[0] != "crash":
                        return a
            return A.GO
        item = self._item(st, seat, legal, h, alt)
        if item is not None:
            return item
        takes = [a for a in legal if A.TAKE <= a < A.TAKE + 12]
        if takes:
            cells = [a - A.TAKE for a in takes]
            memo: dict = {}
            v, perm = self._best_order(st, seat, h, alt, cells, memo)
            if v < -500:
                for d in range(6):  # a paid sprint first, if it makes the whole action safe
                    a = A.SPRINT + d
                    if a in legal:
                        s1, h1, a1, _ = sprint_ahead(st, seat, h, alt, d)
                        if s1 == "ok" and self._best_order(st, seat, h1, a1, cells, memo)[0] > -500:
                            return a
            return A.TAKE + perm[0]
        if A.END in legal:
            return A.END
        return legal[0]

    def _item(self, st, seat, legal, h, alt):
        """Use an item when it is plainly good and safe for us: a yellow free sprint N (to go
        up), or a red steal from the character nearest the finish (which may crash it)."""
        for a in legal:
            if A.YELLOW <= a < A.YELLOW + 3 and simulate(st, seat, h, alt, [0])[0] != "crash":
                return a
        steals = [a for a in legal if A.STEAL <= a < A.STEAL + 3 * A.STEAL_COLOUR]
        if steals and alt < st.p.alt_max:
            b = st.board

            def ahead(a):
                t = A.steal_parts(a)[1]
                return st.pos[t] // b.W, st.alt[t]
            best = max(steals, key=ahead)
            t = A.steal_parts(best)[1]
            th = st.pos[t]
            # only a target ahead and above 1; never when the gain would collide with our own hex
            gain = min(st.p.steal_amount, st.alt[t] - 1, st.p.alt_max - alt)   # WS-AMB-04
            if gain > 0 and th // b.W > h // b.W and not any(
                    x != seat and st.alt[x] == alt + gain for x in st.here[h]):
                return best
        return None

    def _place(self, st, seat, legal):
        # the placement with the most room straight ahead
        best, best_v = legal[0], None
        for a in legal:
            h = a - A.HEX
            v = simulate(st, seat, h, st.alt[seat], [0, 0, 0])[3]
            c = h % st.board.W
            v = v * 10 - abs(c - st.board.W // 2)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best
