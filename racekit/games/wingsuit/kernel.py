"""Fast playout kernel for Wingsuit Flight (random, first-legal and careful agents).

Two implementations: :func:`play_python` (below: the fallback, the careful agent's, and
the easier one to read) and, for the random and first-legal agents where numba is
importable, the compiled loop of :mod:`.kernel_jit` (:func:`play_numba`, about two and a
half times faster). The compiled loop leaves the rarest rules to this one: it *bails out*
and the game is replayed whole here (same seed, same game); :data:`STATS` counts how
often. numba is imported on the first game played, never by ``import racekit``.

The pure-Python kernel is a mix of the two kernel designs (docs/contracts.md). It plays on a real
:class:`~racekit.games.wingsuit.state.WingsuitState` (the same per-seat lists, the
same fields), so at every ply the position is an engine position: the plies that
fill a game are restated here in tight code that changes exactly the fields the
engine would, and everything else is handed to the engine's own phase functions
on that very state.

* Restated (the hot path): plan commitments and the reveal (WS-PLAN-2..5);
  interference (WS-INTERFERE-1..3) and the action order with its tie rolls
  (WS-ACT-ORDER-1..3, WS-AMB-06..08); the acting character's legal actions,
  taking back a die and carrying out its icons, paid, free and start sprints,
  one-hex steps with their standing checks, Crash-Reset and placements on a free
  reset half-hex (WS-ACT-1..5, WS-SPRINT-1/3, WS-VAR-45P-2, WS-AMB-10..16,
  WS-UPDRAFT-1, WS-CRASH-1..3, WS-COLLIDE-2, WS-FAQ-Q1a, WS-FAQ-Q3), cube draws
  (WS-ITEM-1/2) and the automatic steps between them (flow's ``_action_step``);
  a Cleanup in which no card leaves the track (WS-UPDRAFT-2, WS-AMB-33,
  WS-CLEANUP-7).
* The engine's (``flow.settle``, ``flow.apply``, ``flow.legal`` and the phase
  modules): the deal and start cells, the 2-player neutral dice, items and gifts,
  cube returns, placements beyond the reset half-hexes, the exit, a card leaving
  the track, the cleanup options, dynamic order and the end.

Events are only counted, per kind (:data:`EVENTS`): the restated code counts where
the engine would emit, and the engine's functions count through a counter put in
place of ``state.emit`` (the set-up, which emits none of these kinds, runs with
events off). Chance outcomes follow :class:`racekit.core.chance.Sampler`'s formula on the
engine's outcome lists, and the random agent :class:`racekit.core.agents.RandomAgent`'s
formula on the legal list in the engine's order, both applied to the same numbers read
from the keyed stream a few blocks of plies at a time (``stream_array``); where the
random agent chooses among actions whose list is simple (action phase without cubes,
plans, placements) the choice is computed from the list's parts without building it.
The first-legal agent's ``pick`` gets the legal list; the careful agent's ``__call__``
gets the kernel's state, as the engine's playout calls it. No per-seat visibility of the history is
kept (a playout returns none). ``tests/test_sim_kernels.py`` replays the
histories through the engine on every preset, every option value, every seat
count and mixed agents, and checks the same history, ranking, rounds and counts.
"""
from __future__ import annotations

from ...core.errors import no_end

from ...boards.hex import DIRECTIONS, DOUBLED
from ...core.agents import RandomAgent, make_agent
from ...core.chance import BLOCK, stream_array
from ...core.chance import pick as chance_pick
from ...core.state import CHANCE, TERMINAL
from ...sim.kernels import MAX_PLIES, Playout, bail_words, counting_state, import_compiled
from . import act, cleanup, flow, move, setup
from . import actions as A
from .cards import VOID, WHITE
from .consts import ALT_MAX, LIMBO, NEUTRAL
from .plan import _legal_ids, legal_masks

AGENTS = ("random", "first", "careful")
EVENTS = ("crash", "off_map", "too_low", "collision", "updraft", "sprint", "free_sprint", "exit",
          "draw", "steal", "gift", "item_free_sprint", "card_leaves", "set_aside")

_TAKE, _GO, _END, _SPRINT, _HEX, _PLAN, _CUBE = A.TAKE, A.GO, A.END, A.SPRINT, A.HEX, A.PLAN, A.CUBE
_TAKES = tuple(A.TAKE + c for c in range(12))
_SPRINTS = tuple(A.SPRINT + d for d in range(6))
_FREES = tuple(A.FREE + d for d in range(6))
_FREES_OR_DECLINE = (A.DECLINE,) + _FREES   # as act.legal lists them (sorted)
# the cells of every legal plan, lowest first (per_group plans include the others)
_PLAN_CELLS = {m: tuple(A.plan_cells(m)) for m in legal_masks(True)}
_SIDE, _EXIT, _BELOW = -1, -2, -3   # neighbour codes: beyond a side edge, over the top, below 0
# A white die as Sampler.sample walks it (flow.chance_outcomes: six outcomes of 1/6): the
# total and the cumulative sums added in the same order, so the same floats
_DIE = range(1, 7)
_DIE_TOTAL = 0.0
_DIE_ACC = [0.0] * 7
for _v in _DIE:
    _DIE_TOTAL += 1 / 6
    _DIE_ACC[_v] = _DIE_TOTAL
# Numbers are read _CHUNK plies at a time with stream_array (the same floats as stream and
# uniform; NumPy converts the words about twice as fast, measured, and .tolist() gives floats)
_CHUNK = 4 * BLOCK   # a median game has about 250 plies (measured)
_CHANCE_SALT = 0        # Sampler.sample's default salt (the engine's chance nodes)
_AGENT_SALT = 0xA6E27   # RandomAgent.pick's salt


_GEOMETRY: dict = {}
_QUEUE_DEALS: dict = {}   # id(card set) -> (card set, its three queue-card outcome lists)


def _queue_deals(st) -> list:
    """setup.deal_outcomes for the three queue cards (WS-SETUP-1/2): fixed by the card set,
    so made once per card set."""
    cs = st.cs
    hit = _QUEUE_DEALS.get(id(cs))
    if hit is None or hit[0] is not cs:
        if len(_QUEUE_DEALS) > 64:
            _QUEUE_DEALS.clear()
        hit = _QUEUE_DEALS[id(cs)] = (cs, [[(A.CARD + i, 1 / len(ids)) for i in ids]
                                           for ids in (cs.by_colour(k) for k in range(3))])
    return hit[1]


def _geometry(geo, metric: str) -> tuple:
    """Tables of a track shape, shared by every game on it: the neighbour of hex ``h`` in
    direction ``d`` at ``h * 6 + d`` (a hex id, or _SIDE, _EXIT, _BELOW), each hex's row,
    each row's card (a shared hex: the lower card, WS-AMB-30), each row's distance to the
    finish (WS-AMB-06) and each card's reset half-hexes (WS-CRASH-3)."""
    key = (geo.W, geo.H, geo.cards, metric)
    tables = _GEOMETRY.get(key)
    if tables is None:
        W, top = geo.W, geo.top
        nb = []
        for h in range(geo.size):
            c, y = h % W, h // W
            for dc, dy in (DOUBLED[d] for d in DIRECTIONS):
                tc, ty = c + dc, y + dy
                nb.append(_SIDE if tc < 0 or tc >= W else _EXIT if ty > top else
                          _BELOW if ty < 0 else ty * W + tc)
        tables = (nb, [h // W for h in range(geo.size)], [geo.card_of(y) for y in range(top + 1)],
                  [geo.distance(y, metric) for y in range(top + 1)],
                  [None] + [[geo.hid(c, y) for c, y in geo.reset_hexes(k)]
                            for k in range(1, geo.cards + 1)])
        _GEOMETRY[key] = tables
    return tables


def supports(game) -> str | None:
    """``None``: this kernel plays every Wingsuit Flight configuration."""
    return None


_compiled = None          # kernel_jit once imported, False when numba is not importable
_why_python = ""
COMPILED_AGENTS = ("random", "first")
"""The agents the compiled loop plays (the careful agent plays in Python)."""
STATS = {"numba": 0, "bailed": 0}
"""Games :func:`play_numba` was asked for, and how many of them the compiled loop handed
back to :func:`play_python` (a bail-out); :func:`bail_note` words it for the benchmark."""


def compiled():
    """The numba kernel module (:mod:`.kernel_jit`), or ``None`` when numba is not importable.

    Imported on first use, so that ``import racekit`` never imports numba.
    """
    global _compiled, _why_python
    if _compiled is None:
        _compiled, _why_python = import_compiled(__package__)
    return _compiled or None


def implementation() -> str:
    """Which implementation :func:`play` uses for the random and first agents: ``"numba"``
    (the compiled loop, with rare games replayed in Python) or ``"python"``."""
    return "numba" if compiled() is not None else "python"


def bail_note() -> str:
    """How many of the compiled kernel's games were replayed in Python so far, in words."""
    return bail_words(*bail_rate())


def bail_rate() -> tuple[int, int]:
    """``(games the compiled loop started, games it handed back to the Python kernel)`` since
    import (``racekit bench --anchors`` takes them around each subject's own games)."""
    return STATS["numba"], STATS["bailed"]


def jit_plays(game, agents) -> bool:
    """Whether :func:`play` gives this game to the compiled loop (numba importable, agents it
    plays, settings it covers: ``kernel_jit.supports``)."""
    jit = compiled()
    return jit is not None and set(agents) <= set(COMPILED_AGENTS) and jit.supports(game) is None


def play(game, seed: int, agents) -> Playout:
    """One whole game with ``agents`` (one name per seat, each seeded with ``seed``).

    The compiled loop (:mod:`.kernel_jit`) plays random and first-legal agents where numba
    is importable and it covers the settings (:func:`jit_plays`); everything else is
    :func:`play_python`'s.
    """
    if jit_plays(game, agents):
        return play_numba(game, seed, agents)
    return play_python(game, seed, agents)


def play_numba(game, seed: int, agents, bail_at: int = -1) -> Playout:
    """One whole game by the compiled loop; a game it gives up on (a ``BAIL_*`` code) is
    replayed whole by :func:`play_python` (the same seed, so the same game).

    ``bail_at``: a test hook, the compiled loop gives up at that ply.

    Raises:
        ImportError: numba is not importable.
        ValueError: an agent or a setting the compiled loop does not cover.
    """
    jit = compiled()
    if jit is None:
        raise ImportError(_why_python)
    why = jit.supports(game)
    if why or not set(agents) <= set(COMPILED_AGENTS):
        raise ValueError(f"the compiled Wingsuit kernel does not play {why or '+'.join(agents)}")
    STATS["numba"] += 1
    history, st, counts = jit.play(game, seed, agents, MAX_PLIES, bail_at=bail_at)
    if st is None:
        STATS["bailed"] += 1
        return play_python(game, seed, agents)
    return Playout(history, st.ranking(), st.round, dict(zip(EVENTS, counts)))


def play_python(game, seed: int, agents) -> Playout:
    """One whole game with ``agents`` (one name per seat, each seeded with ``seed``), in Python.

    Raises:
        RuntimeError: no end within ``MAX_PLIES`` plies (as the engine's playout).
    """
    # The engine's functions emit only while ``_record`` is set; they count without building
    # Event records. The set-up (deal, queue order, start cells) emits none of the counted
    # kinds: it runs with events off, and counting starts with the first plan.
    st, counts = counting_state(game, EVENTS)
    o = st.o
    n = st.n
    players = [make_agent(name, seed, game) for name in agents]
    # The game's numbers, read from the keyed stream _CHUNK plies at a time (the same
    # numbers as uniform(seed, ply, salt)): chance_u for the chance nodes, agent_u for the
    # random agent. ``known`` plies are read so far.
    chance_u: list = []
    agent_u: list = []
    known = 0

    def draw(outcomes, ply):
        """Sampler.sample on the stream's number (the same formula: chance.pick)."""
        return chance_pick(outcomes, chance_u[ply])

    def random_pick(legal, ply):
        """RandomAgent.pick (the same formula) on the stream's number."""
        return legal[int(agent_u[ply] * len(legal))]

    picks = [random_pick if type(p) is RandomAgent else p.pick if hasattr(p, "pick") else None
             for p in players]
    history = st._history
    plan_ids = _legal_ids(o.per_group)
    queue_deals = _queue_deals(st)
    n_plans = len(plan_ids)

    # option flags of the action windows (WS-AMB-10, WS-AMB-17), as act.sprint_window/item_window
    pend_sprint = o.sprint_window != "between_dice"
    pend_item = o.item_window == "with_sprints" and o.sprint_window == "between_icons"
    late_sprint = o.sprint_window == "also_after_last_die"
    late_item = o.item_window == "also_after_last_die"
    rear_frees = tuple(A.FREE + d for d in act.rear_dirs(st))
    n_rear = len(rear_frees)
    lift_first = o.updraft_before_height
    victim_loses = o.victim_loses_dice
    to_bag = o.discard_to_bag
    neutral_phase = "neutral" if o.neutral and n == 2 else "interfere"
    dynamic = o.dynamic
    boundary_lower = o.boundary_lower
    own_dice = [((s, 0), (s, 1)) for s in range(n)]   # a seat's die as it stands in a cell
    blue_mandatory = o.blue_mandatory
    engine_cleanup = o.cleanup_optional or o.updraft_first
    threshold = o.threshold(n)
    metric = o.distance

    pos, alt, cells, cubes, rear, plan = st.pos, st.alt, st.cells, st.cubes, st.rear, st.plan
    bag, out, intr = st.bag, st.out, st.intr
    board = here = distance_of_row = resets = nb = row_of = card_of_row = None   # once dealt
    height = updraft = item = None
    half_rows = 0
    safe_first = o.safe_first
    tokens_key = -1
    # the cells holding the acting seat's dice, as take actions: kept between its own plies
    # while only the code here changes the dice (take, crash); any engine call forgets them
    takes: list | None = None
    takes_seat = -1
    tokens: list = []

    def dealt():
        """Bind the board's tables once the track is dealt (a neighbour table for the steps)."""
        nonlocal board, here, distance_of_row, resets, nb, row_of, card_of_row
        nonlocal height, updraft, item, half_rows
        b = board = st.board
        here = st.here
        geo = b.geo
        height, updraft, item, half_rows = b.height, b.updraft, b.item, b.H
        nb, row_of, card_of_row, distance_of_row, resets = _geometry(geo, metric)

    # ----- restated rules ----------------------------------------------------------------
    def crash(who, mover):
        """move.crash without events (WS-CRASH-3, WS-AMB-15, WS-AMB-16, WS-FAQ-Q6b)."""
        nonlocal takes
        takes = None
        if len(who) > 1 or who[0] != mover:
            snap = st.order
            ns = len(snap)
            order = sorted((s for s in who if s != mover),
                           key=lambda s: snap.index(s) if s in snap else ns + s)
            if mover in who:
                order.append(mover)
        else:
            order = who
        k_min = st.k_min
        for s in order:
            h = pos[s]
            card = card_of_row[row_of[h]]   # board.card_of (a shared hex: the lower card)
            if card < k_min:
                card = k_min
            here[h].remove(s)
            pos[s] = LIMBO
            if s == st.actor or s == mover or victim_loses:
                cautious, brave = own_dice[s]
                for dice in cells:   # move.remove_dice
                    if dice and (cautious in dice or brave in dice):
                        while cautious in dice:
                            dice.remove(cautious)
                        while brave in dice:
                            dice.remove(brave)
                if st.ph == "action":
                    st.done[s] = True
            if st.pend_owner == s:
                st.pend = []
                st.pend_owner = -1
            gift = st.gift
            if gift is not None and gift[0] == s:
                gift[2] = True
            free = st.free
            if free is not None and free[0] == s:
                st.free = None
            held = cubes[s]
            pile = bag if to_bag else out
            pile[0] += held[0]
            pile[1] += held[1]
            pile[2] += held[2]
            cubes[s] = [0, 0, 0]
            a = alt[s] + 2
            alt[s] = a if a < ALT_MAX else ALT_MAX
            counts["crash"] += 1
            intr.append(("place", s, card))

    def check_hex(h, mover):
        """move.check_hex: height and collision (WS-CRASH-1, WS-COLLIDE-2, WS-AMB-13)."""
        on = here[h]
        ht = height[h]
        if len(on) == 1:
            s = on[0]
            if ht == WHITE or alt[s] < ht:
                counts["too_low"] += 1
                crash([s], mover)
                return True
            return False
        if not on:
            return False
        who = []
        collided = False
        for s in on:
            a = alt[s]
            if ht == WHITE or a < ht:
                who.append(s)
                counts["too_low"] += 1
            else:
                for x in on:
                    if x != s and alt[x] == a:
                        who.append(s)
                        collided = True
                        break
        if not who:
            return False
        if collided:
            counts["collision"] += 1
        crash(who, mover)
        return True

    def step(s, d, sprint):
        """move.step for arrows and paid sprints (WS-AMB-12 check order)."""
        nonlocal takes
        h = pos[s]
        t = nb[h * 6 + d]
        if sprint:
            alt[s] -= 1   # paid even if the step is not made (WS-AMB-13)
        if t == _EXIT:   # over the top edge (WS-END-1): the engine's own exit
            takes = None
            move.exit_track(st, s)
            return
        # beyond a side edge (WS-FAQ-Q1a; it beats the exit, WS-AMB-28), below the lowest
        # card still on the track, or a void cell: off the map
        if t < 0 or row_of[t] < half_rows * (st.k_min - 1) or height[t] == VOID:
            counts["off_map"] += 1
            crash([s], s)
            return
        here[h].remove(s)
        here[t].append(s)
        pos[s] = t
        if updraft[t]:   # WS-UPDRAFT-1, WS-AMB-11/12
            if not lift_first and check_hex(t, s):
                return
            if alt[s] < ALT_MAX:
                alt[s] += 1
            counts["updraft"] += 1
        on = here[t]
        if len(on) == 1:   # alone on the hex: check_hex's height check only
            ht = height[t]
            if ht == WHITE or alt[s] < ht:
                counts["too_low"] += 1
                crash([s], s)
                return
        elif check_hex(t, s):
            return
        if item[t]:   # WS-ITEM-1
            intr.append(("draw", s))

    def run_token():
        """act.run_token: the next icon of the pending cell (WS-ACT-2/3/5)."""
        s = st.pend_owner
        st.pend_started = True
        tok = st.pend.pop(0)
        if type(tok) is int:
            step(s, tok, False)
            return
        cond, k, arrows = tok
        if cond == 0:
            ok = alt[s] >= k
        elif cond == 1:
            ok = alt[s] <= k
        elif cond == 2:
            ok = board.updraft[pos[s]]
        elif cond == 3:
            ok = sum(cubes[s]) > 0
        else:
            ok = False
        if ok:
            st.pend[0:0] = list(arrows)

    def begin_action():
        """order.begin_action (WS-ACT-ORDER-1/2, WS-AMB-07)."""
        st.ph = "action"
        st.actor = -1
        done = []
        for p in pos:
            done.append(p < 0)
        st.done = done

    def start_round():
        """plan.reveal's end, interfere.run and order.start: the dice move, the order is set."""
        st.plan_next = 0
        if neutral_phase == "neutral":   # WS-VAR-2P-1: two neutral rolls first (the engine's)
            st.ph = "neutral"
            flow.settle(st)
            return
        # WS-INTERFERE-1..3: every mixed cell moves across at once
        moves = []
        for c in range(12):
            dice = cells[c]
            if len(dice) >= threshold and len({d[0] for d in dice}) >= threshold:
                moves.append(c)
        if moves:
            old = {c: cells[c] for c in moves}
            for c in moves:
                cells[c] = []
            for c in moves:
                cells[(c + 6) % 12].extend(old[c])
        # WS-ACT-ORDER-1..3, WS-AMB-06: highest first, then farther from the finish (one
        # number: altitude * 1000 + distance, larger first), seat number last; ties roll
        rank = {}
        keys = []   # seat - 8 * rank: sorted, the larger rank first, then the smaller seat
        for s in range(n):
            h = pos[s]
            if h >= 0:
                rank[s] = r = alt[s] * 1000 + distance_of_row[row_of[h]]
                keys.append(s - 8 * r)
        keys.sort()
        seats = []
        for k in keys:
            seats.append(k % 8)
        st.order = seats
        groups = []   # runs of equal rank, in order (each a tie to roll)
        group = None
        last, prev = None, -1
        for s in seats:
            r = rank[s]
            if r == last:
                if group is None:
                    group = [prev]
                    groups.append(group)
                group.append(s)
            else:
                group = None
            last, prev = r, s
        st.ties = groups
        if groups:
            st.ph = "tie"
            st._cp = CHANCE
            st._lc = None
            return
        begin_action()
        settle()

    def apply_tie(roll):
        """order.apply_tie: even -> smaller column first, odd -> larger (WS-AMB-08)."""
        group = st.ties.pop(0)
        W = board.W
        ordered = sorted(group, key=lambda s: pos[s] % W, reverse=roll % 2 == 1)
        order = st.order
        i = order.index(group[0])
        order[i:i + len(group)] = ordered
        if not st.ties:
            begin_action()
        settle()

    def placement_candidates(s, card):
        """move.placement_candidates: its first answer here, the rest by the engine."""
        a = alt[s]
        good = []
        for h in resets[card]:
            for x in here[h]:
                if alt[x] == a:
                    break
            else:
                if not safe_first:
                    good.append(h)
                else:
                    ht = height[h]
                    if ht != WHITE and ht != VOID and ht <= a:
                        good.append(h)
        if good:
            return good, "WS-CRASH-3"
        return move.placement_candidates(st, s, card)   # a full card edge, or none safe

    def bottom_empty():
        """cleanup.bottom_empty: no character on the lowest card still on the track."""
        if not boundary_lower:   # a shared hex counts on the upper card (WS-AMB-30): the engine's
            return cleanup.bottom_empty(st)
        k = st.k_min
        for h in pos:
            if h >= 0 and card_of_row[row_of[h]] <= k:
                return False
        return True

    def end_phase():
        """flow.end_action_phase and a Cleanup that needs no decision (WS-CLEANUP-1,
        WS-UPDRAFT-2, WS-AMB-33, WS-CLEANUP-7); the end, a card leaving the track and the
        cleanup options other than the defaults are the engine's."""
        for s in range(n):
            rear[s] = False
        if (st.end_triggered or st.round >= o.max_rounds or engine_cleanup
                or (st.k_min < len(board.track) and bottom_empty())):
            flow.settle(st)
            return
        if st.rolls:   # the 2-player neutral dice leave
            for dice in cells:
                dice[:] = [d for d in dice if d[0] != NEUTRAL]
        st.rolls = []
        snap = st.order   # characters on updrafts rise, in snapshot order
        seq = list(snap)
        for s in range(n):
            if s not in snap:
                seq.append(s)
        hexes = []
        for s in seq:
            h = pos[s]
            if h >= 0 and updraft[h]:
                if alt[s] < ALT_MAX:
                    alt[s] += 1
                counts["updraft"] += 1
                if h not in hexes:
                    hexes.append(h)
        for h in hexes:
            check_hex(h, None)
        if intr:   # a collision: placements first, then the engine starts the new round
            st.ph = "cleanup"
            st.cstages = ["next"]
            settle()
            return
        st.round += 1
        st.ph = "plan"
        st.plan_next = 0
        if st.round > o.max_rounds:
            flow.finish(st, capped=True)
        else:
            st._cp = 0

    def place(s, h):
        """move.place: a crashed character on its hex, then the standing checks (WS-AMB-13)."""
        pos[s] = h
        here[h].append(s)
        check_hex(h, None)

    def settle():
        """flow.settle while the action phase runs without a gift; else the engine's settle."""
        nonlocal takes
        st._lc = None
        if st.ph != "action" or st.gift is not None:
            takes = None
            flow.settle(st)
            return
        # from here on the phase stays the action phase and no gift starts (only decisions
        # start them); the loop ends where flow._action_step would ask for a decision
        while True:
            if intr:
                kind = intr[0][0]
                if kind == "place":   # WS-CRASH-3/4, WS-AMB-14
                    s = intr[0][1]
                    cands, clause = placement_candidates(s, intr[0][2])
                    if len(cands) == 1:
                        intr.pop(0)
                        place(s, cands[0])
                        continue
                    st.place_cands = (cands, clause)
                    st._cp = s
                    return
                if kind == "draw" and (bag[0] or bag[1] or bag[2]):   # WS-ITEM-1
                    st._cp = CHANCE
                    return
                takes = None
                flow.settle(st)
                return
            free = st.free
            if free is not None:   # free sprints waiting (WS-SPRINT-3)
                if pos[free[0]] < 0:
                    st.free = None
                    continue
                st._cp = st.cp_seat = free[0]
                return
            a = st.actor
            if st.pend:
                s = st.pend_owner
                if s == a:   # act.has_choice for the actor while a cell waits
                    if pend_sprint and (alt[s] > 1 or rear[s]):
                        st._cp = st.cp_seat = s
                        return
                    if pend_item and (cubes[s][0] or cubes[s][1] or cubes[s][2]) \
                            and act.item_actions(st, s):
                        st._cp = st.cp_seat = s
                        return
                run_token()
                continue
            if a < 0:   # order.next_actor (WS-ACT-ORDER-1, WS-ACT-4)
                if dynamic:
                    takes = None
                    flow.settle(st)
                    return
                done = st.done
                for s in st.order:
                    if not done[s] and pos[s] >= 0:
                        st.actor = s
                        break
                else:
                    takes = None
                    end_phase()   # the end of the action phase
                    return
                continue
            if st.done[a] or pos[a] < 0:   # flow._end_action
                rear[a] = False
                st.actor = -1
                st.pend = []
                st.pend_owner = -1
                continue
            if late_sprint or late_item:
                st._cp = st.cp_seat = a
                return
            if takes is not None and takes_seat == a:
                if takes:   # a die still in the queue: the actor decides
                    st._cp = st.cp_seat = a
                    return
                st.done[a] = True
                continue
            cautious, brave = own_dice[a]
            for dice in cells:   # a die still in the queue: the actor decides
                if dice and (cautious in dice or brave in dice):
                    st._cp = st.cp_seat = a
                    return
            st.done[a] = True

    def takes_of(s):
        """The take actions of seat ``s``: the cells holding its dice (kept in ``takes``)."""
        nonlocal takes, takes_seat
        if takes is None or takes_seat != s:
            cautious, brave = own_dice[s]
            takes = []
            for c, dice in enumerate(cells):
                if dice and (cautious in dice or brave in dice):
                    takes.append(_TAKES[c])
            takes_seat = s
        return takes

    def action_legal(s):
        """act.legal for the actor (no gift, no free sprints pending)."""
        if st.pend:
            out_ = [_GO]
            sw, iw = pend_sprint, pend_item
        else:
            out_ = takes_of(s)[:]
            if out_:
                sw = iw = True
            else:
                out_.append(_END)
                sw, iw = late_sprint, late_item
        if sw:
            if alt[s] > 1:
                out_ += _SPRINTS
            if rear[s]:
                out_ += rear_frees
        if iw:
            held = cubes[s]
            if held[0] or held[1] or held[2]:
                items = act.item_actions(st, s)
                if items:
                    out_ += items
                    out_.sort()
        return out_

    # ----- the game loop -------------------------------------------------------------------
    for ply in range(MAX_PLIES):
        if ply == known:   # the next blocks of numbers
            chance_u += stream_array(seed, _CHANCE_SALT, known + _CHUNK, known).tolist()
            agent_u += stream_array(seed, _AGENT_SALT, known + _CHUNK, known).tolist()
            known += _CHUNK
        cp = st._cp
        if cp == TERMINAL:
            break
        if cp == CHANCE:
            takes = None
            if intr and intr[0][0] == "draw" and board is not None:   # move.draw_cube (WS-ITEM-1)
                total = bag[0] + bag[1] + bag[2]   # flow.chance_outcomes: colour c, bag[c] / total
                action = draw([(_CUBE + c, bag[c] / total) for c in range(3) if bag[c]], ply)
                history.append(action)
                s = intr.pop(0)[1]
                colour = action - _CUBE
                bag[colour] -= 1
                held = cubes[s]
                held[colour] += 1
                counts["draw"] += 1
                if held[0] + held[1] + held[2] > 2:   # WS-ITEM-2: one goes back
                    intr.insert(0, ("return", s))
                settle()
            elif st.ph == "tie" and not intr and board is not None:   # a white-die roll (WS-AMB-08)
                u = chance_u[ply] * _DIE_TOTAL   # Sampler.sample on six outcomes of 1/6
                for roll in _DIE:
                    if u < _DIE_ACC[roll]:
                        break
                history.append(roll)
                apply_tie(roll)
            elif st.ph == "deal" and not intr:   # the deal: the engine's setup functions
                k = st.deal_step
                action = draw(queue_deals[k] if k < 3 else setup.deal_outcomes(st), ply)
                history.append(action)
                setup.apply_deal(st, action)
                if st.ph == "deal":   # flow.settle would ask for the next card
                    st._lc = None
                else:
                    flow.settle(st)
            else:
                action = draw(flow.chance_outcomes(st), ply)
                history.append(action)
                flow.apply(st, action)
            continue
        ph = st.ph
        pick = picks[cp]
        if intr:
            if intr[0][0] == "place" and board is not None:   # a crash placement (WS-CRASH-3)
                takes = None
                if pick is not None:
                    # the engine's legal list: the candidates as hex actions, sorted unless they
                    # are the reset half-hexes (already in their order, flow.legal)
                    cands, clause = st.place_cands
                    if clause != "WS-CRASH-3":
                        cands = sorted(cands)
                    if pick is random_pick:
                        action = _HEX + cands[int(agent_u[ply] * len(cands))]
                    elif len(cands) == 1:
                        action = _HEX + cands[0]
                    else:
                        legal = []
                        for h in cands:
                            legal.append(_HEX + h)
                        action = pick(legal, ply)
                else:
                    action = players[cp](st, ply)
                history.append(action)
                s = intr.pop(0)[1]
                place(s, action - _HEX)
                settle()
                continue
            ph = ""
        if ph == "plan":   # WS-PLAN-2..5: secret commitments, then the reveal
            st._record = True
            takes = None
            if pick is random_pick:
                action = plan_ids[int(agent_u[ply] * n_plans)]   # RandomAgent.pick, inline
            elif pick is not None:
                action = pick(plan_ids, ply)
            else:
                action = players[cp](st, ply)
            history.append(action)
            plan[cp] = action - _PLAN
            st.plan_next += 1
            if st.plan_next < n:
                st._cp = st.plan_next
                st._lc = None
                continue
            for s in range(n):   # plan.reveal
                m = plan[s]
                if m is None or pos[s] < 0:
                    continue
                for c in _PLAN_CELLS[m]:
                    cells[c].append((s, c // 6))
                plan[s] = None
            if board is None:
                dealt()
            start_round()
            continue
        if ph == "action" and st.gift is None:
            free = st.free
            if free is not None:
                if pick is None:
                    ph = ""   # the careful agent: the engine's path below
                else:
                    # free sprints (WS-SPRINT-3, WS-FAQ-Q5c): as act.legal lists them
                    takes = None
                    legal = _FREES if free[2] == "blue" and blue_mandatory else _FREES_OR_DECLINE
                    action = pick(legal, ply)
                    history.append(action)
                    if action == A.DECLINE:
                        st.free = None
                    else:
                        free[1] -= 1
                        if free[1] <= 0:
                            st.free = None
                        counts["free_sprint"] += 1
                        step(cp, action - A.FREE, False)
                    settle()
                    continue
            elif cp != st.actor:
                ph = ""
        else:
            ph = ""
        if ph == "action":
            if board is None:
                dealt()
            held = cubes[cp]
            if pick is random_pick and not (held[0] or held[1] or held[2]):
                # RandomAgent.pick on act.legal's list without building it (no cube, so no
                # item joins it, WS-ITEM-3): [GO], or the take actions (or [END]), then the
                # sprints and the start sprints, as action_legal lists them
                if st.pend:
                    first = 1
                    sw = pend_sprint
                else:
                    first = len(takes_of(cp))
                    if first:
                        sw = True
                    else:
                        first = 1
                        sw = late_sprint
                sprints = 6 if sw and alt[cp] > 1 else 0
                i = int(agent_u[ply] * (first + sprints + (n_rear if sw and rear[cp] else 0)))
                if i < first:
                    action = _GO if st.pend else takes[i] if takes else _END
                elif i < first + sprints:
                    action = _SPRINT + i - first
                else:
                    action = rear_frees[i - first - sprints]
            elif pick is not None:
                legal = action_legal(cp)
                action = legal[0] if len(legal) == 1 else pick(legal, ply)
            else:
                action = players[cp](st, ply)
            history.append(action)
            if _TAKE <= action < _TAKE + 12:   # WS-ACT-1: take back a die
                cell = action - _TAKE
                dice = cells[cell]
                for i, d in enumerate(dice):
                    if d[0] == cp:
                        del dice[i]
                        break
                if takes is not None and takes_seat == cp and not (
                        own_dice[cp][0] in dice or own_dice[cp][1] in dice):
                    takes.remove(action)
                if tokens_key != len(st.queue):
                    tokens_key = len(st.queue)
                    tokens = [st.cell_tokens(c) for c in range(12)]
                st.pend = list(tokens[cell])
                st.pend_owner = cp
                st.pend_started = True
                run_token()
            elif action == _GO:
                run_token()
            elif _SPRINT <= action < _SPRINT + 6:   # WS-SPRINT-1
                counts["sprint"] += 1
                step(cp, action - _SPRINT, True)
            elif A.FREE <= action < A.FREE + 6:   # the 4-5 player start sprint (WS-VAR-45P-2)
                rear[cp] = False
                counts["free_sprint"] += 1
                step(cp, action - A.FREE, False)
            else:
                takes = None
                st.cp_seat = cp
                act.apply(st, action)
            settle()
            continue
        # everything else: the engine's own legal list and apply
        takes = None
        st.cp_seat = cp
        if pick is not None:
            legal = flow.legal(st)
            action = legal[0] if len(legal) == 1 else pick(legal, ply)
        else:
            action = players[cp](st, ply)
        history.append(action)
        flow.apply(st, action)
    else:
        raise no_end(game, seed, MAX_PLIES)
    out = Playout(list(history), st.ranking(), st.round, counts)
    # The helpers above call each other, a reference cycle that would keep the whole game
    # alive until the cycle collector finds it: unlink them, so it is freed right here.
    crash = check_hex = step = run_token = begin_action = start_round = apply_tie = None
    placement_candidates = end_phase = place = settle = action_legal = dealt = bottom_empty = None
    draw = random_pick = None
    return out
