"""The Wingsuit Flight playout kernel compiled with numba (imported only when numba is installed).

Random and first-legal agents. The set-up (the deal, the queue order and the start cells,
about a dozen plies) is played in Python by the engine's own phase functions
(``flow.apply``); from the first plan on, one compiled loop (:func:`_game`) plays the rounds
over flat NumPy arrays: the plans and their reveal (WS-PLAN-2..5), the 2-player neutral
dice (WS-VAR-2P-1), interference (WS-INTERFERE-1..3), the action order and its tie rolls
(WS-ACT-ORDER-1..3, WS-AMB-06..08), the action phase (``flow._action_step``, ``act.legal``
and ``act.apply``: takes, icons and IF icons, paid, free and start sprints, items: steal,
gift and free sprint; WS-ACT-1..5, WS-SPRINT-1..4, WS-ITEM-1..4, WS-FAQ-Q3..Q5,
WS-AMB-10..19, WS-VAR-45P-2), steps, standing checks, Crash-Reset and placements on a free
reset half-hex or next to one (``move``: WS-AMB-12, WS-CRASH-1..4, WS-COLLIDE-2,
WS-UPDRAFT-1, WS-END-1..2), cube draws and returns (WS-ITEM-1/2), and the Cleanup
(``cleanup.run``: the neutral dice leave, a card leaves the track and is laid over the
queue, the updraft; WS-CLEANUP-1..7, WS-UPDRAFT-2, WS-AMB-21..23, -30..33) up to the end
(WS-END-3).

BAIL-OUT: rare situations the loop does not restate end it with a ``BAIL_*`` code and
the rules engine replays the whole game (:class:`racekit.sim.kernels.CompiledKernel`; same
seed, so the same game): a crash placement beyond the reset half-hexes and their neighbours (the last
fallbacks of WS-AMB-14), and one corner of brave_identity = planned_hand (:data:`BAIL_DICE`).
Settings the
loop does not cover at all are declined by :func:`supports` (the engine plays them), and so
is the careful agent (:data:`AGENTS`). Every simulation checks this loop against the engine on
games of its own run (:func:`racekit.sim.kernels.check_kernel`).

Chance is precomputed with :func:`racekit.core.chance.stream_array` (the numbers of
``uniform(seed, ply, salt)``): salt 0 for the chance nodes, on which the loop applies
``chance.pick``'s formula (outcomes by value, cumulative probabilities), and salt
``0xA6E27`` for the random agent, which takes ``legal[int(u * len(legal))]`` on the
engine's legal list in its order. When a game runs past the numbers given, the loop
returns :data:`NEED_MORE` and :func:`play` runs it again with longer arrays.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from numba import njit

from ...core.chance import BLOCK, stream_array
from ...core.chance import pick as chance_pick
from ...core.errors import no_end
from ...core.state import CHANCE, TERMINAL
from ...boards.hex import DIRECTIONS, DOUBLED
from ...core.chance import Sampler
from ...core.errors import MAX_PLIES
from ...sim.kernels import Playout
from . import actions as A
from . import flow
from .text import COUNTED
from .act import rear_dirs
from .cards import EFFECTS, VOID, WHITE
from .plan import _legal_ids

AGENTS = ("random", "first")
"""The agents this loop plays (the engine plays the careful agent)."""
EVENTS = COUNTED

NEED_MORE = -1
"""The numbers ran out: call again with more."""
TOO_LONG = -2
"""The game passed ``max_plies`` (a rules bug)."""
BAIL_PLACE = -11
"""A crash placement with no free reset half-hex that is safe nor a safe hex next to them
(the last fallbacks of WS-AMB-14): the engine replays the game."""
BAIL_FORCED = -12
"""The test hook ``bail_at``: the loop gave up at that ply on purpose."""
BAIL_DICE = -13
"""brave_identity = planned_hand, and a seat takes or gives one of its two dice in one cell
planned in different hands (distinct_scope = per_group and interference): the engine takes
the one that came first, an order this loop does not keep. That combination is declined by
:func:`supports` (most of its games would bail out); this is the safety net."""

AGENT_RANDOM, AGENT_FIRST = 0, 1
AGENT_CODES = {"random": AGENT_RANDOM, "first": AGENT_FIRST}
_CHANCE_SALT = 0
_AGENT_SALT = 0xA6E27

# event counters: the order of EVENTS
(E_CRASH, E_OFF_MAP, E_TOO_LOW, E_COLLISION, E_UPDRAFT, E_SPRINT, E_FREE_SPRINT, E_EXIT, E_DRAW,
 E_STEAL, E_GIFT, E_ITEM_FREE, E_CARD_LEAVES, E_SET_ASIDE, N_EVENTS) = range(15)

# fields of the settings array ``cfg``
(C_N, C_SPRINT_WIN, C_ITEM_WIN, C_LIFT_FIRST, C_SAFE_FIRST, C_VICTIM_LOSES, C_TO_BAG,
 C_BLUE_MANDATORY, C_NEUTRAL, C_THRESHOLD, C_MAX_ROUNDS, C_COUNT_COND, C_REPEAT,
 C_FALLBACK_COLOUR, C_W, C_H, C_TOP, C_CARDS, C_BAIL_AT, C_DYNAMIC, C_PHYSICAL_TWO,
 C_SPECIFIC_ROW, C_UPDRAFT_FIRST, C_RISE_OPTIONAL, C_PLANNED,
 C_ALT_MAX, C_CRASH_RISE, C_UPDRAFT_RISE, C_SPRINT_COST, C_STEAL, C_CUBE_LIMIT, C_BLUE_SPRINTS,
 C_YELLOW_SPRINTS, C_REAR_SPRINTS, C_FIELDS) = range(35)
PARAM_FIELDS = {"alt_max": C_ALT_MAX, "crash_rise": C_CRASH_RISE, "updraft_rise": C_UPDRAFT_RISE,
                "sprint_cost": C_SPRINT_COST, "steal_amount": C_STEAL, "cube_limit": C_CUBE_LIMIT,
                "blue_sprints": C_BLUE_SPRINTS, "yellow_sprints": C_YELLOW_SPRINTS,
                "rear_sprints": C_REAR_SPRINTS}
"""The ``cfg`` field of every parameter of :data:`.params.PARAMS` (a test checks it covers all)."""
# sprint_window (WS-AMB-10) and item_window (WS-AMB-17)
SW_ICONS, SW_DICE, SW_AFTER = 0, 1, 2
IW_SPRINTS, IW_DICE, IW_AFTER = 0, 1, 2
_SPRINT_WIN = {"between_icons": SW_ICONS, "between_dice": SW_DICE, "also_after_last_die": SW_AFTER}
_ITEM_WIN = {"with_sprints": IW_SPRINTS, "between_dice": IW_DICE, "also_after_last_die": IW_AFTER}
# item effects (cards.EFFECTS order)
EFF_STEAL, EFF_GIVE, EFF_FREE = (EFFECTS.index(e) for e in ("steal_altitude", "give_brave_die",
                                                            "free_sprint"))

# fields of the scalar state ``S``
(S_KMIN, S_ACTOR, S_PEND_PTR, S_PEND_END, S_PEND_OWNER, S_PEND_STARTED, S_GIFT_USER,
 S_GIFT_TARGET, S_GIFT_CRASHED, S_FREE_SEAT, S_FREE_LEFT, S_FREE_BLUE, S_N_INTR, S_END,
 S_ROUND, S_PH, S_N_QUEUE, S_TOKENS_KEY, S_NROLLS, S_LAY_WHO, S_LAY_CARD, S_N_SPOTS,
 S_PLAN_NEXT, S_CSTAGE, S_N_TIES, S_TIE_I, S_CP, S_N_USABLE, S_N_ORDER, S_N_CANDS,
 S_N_RISE, S_RISE_I, S_N_RISERS, S_RISE_LISTED, S_FIELDS) = range(35)
# phases (consts.P_*)
PH_PLAN, PH_NEUTRAL, PH_TIE, PH_ACTION, PH_CLEANUP, PH_END = range(6)
# cleanup stages (cleanup.run, default order WS-AMB-22)
CS_NEUTRAL, CS_COVER, CS_UPDRAFT, CS_NEXT = range(4)
# interrupts (state.intr)
I_DRAW, I_RETURN, I_PLACE = 0, 1, 2
# nodes: what the loop asks for next
N_PLAN, N_ROLL, N_DRAW, N_RETURN, N_PLACE, N_ACTION, N_LAY, N_RISE, N_END = range(9)
# neighbour codes (_geometry)
_SIDE, _EXIT, _BELOW = -1, -2, -3
LIMBO, GONE = -1, -2
IF_BASE = 100   # a token >= IF_BASE is an IF header: IF_BASE + 10 * (cond + 1) + k, then the
                # number of its arrows, then the arrows (cards.parse_token's internal form)
TOK_W = 32
# Whole numbers passed to the helpers as NumPy scalars, not Python literals: numba compiles a
# helper once per literal value it is called with (measured: five copies of _crash)
_NO_MOVER = np.int64(-1)   # move.check_hex(..., None): no mover
_ONE = np.int64(1)

_TAKE, _GO, _END, _DECLINE = A.TAKE, A.GO, A.END, A.DECLINE
_SPRINT, _FREE, _LAY, _STEAL, _GIVE, _YELLOW = A.SPRINT, A.FREE, A.LAY, A.STEAL, A.GIVE, A.YELLOW
_RISE, _STAY = A.RISE, A.STAY
_HEX, _PLAN, _CUBE, _RETURN = A.HEX, A.PLAN, A.CUBE, A.RETURN
# the item ids' layout, as actions.steal and actions.give build them
_STEAL_COLOUR, _GIVE_COLOUR, _GIVE_CELL = A.STEAL_COLOUR, A.GIVE_COLOUR, A.GIVE_CELL


def supports(game) -> str | None:
    """``None`` when the compiled loop plays ``game``; else the option it leaves to the engine."""
    o = game.flags
    if o.planned_identity and o.per_group:   # nine games in ten would bail out (BAIL_DICE)
        return "brave_identity = planned_hand with distinct_scope = per_group"
    if game.num_players > 9:   # the item actions carry a seat in one decimal digit
        return "more than nine seats"
    if not _cells_fit(game.cardset):
        return f"a card cell with more icons than the compiled loop holds ({TOK_W} numbers)"
    return None


def playout(game, seed: int, agents, bail_at: int = -1) -> Playout | None:
    """One whole game (:class:`racekit.sim.kernels.Playout`), or ``None`` when the loop gave up
    (a ``BAIL_*`` code: the engine replays it). ``bail_at``: a test hook, give up at that ply."""
    Sampler(seed)   # checks the seed as the engine's playout does
    history, st, counts = play(game, seed, agents, MAX_PLIES, bail_at=bail_at)
    if st is None:
        return None
    return Playout(history, st.ranking(), st.round, dict(zip(EVENTS, counts)))


_FIT: dict = {}


def _cells_fit(cs) -> bool:
    """Every cell's icons fit the compiled loop's token rows (once per card set)."""
    hit = _FIT.get(id(cs))
    if hit is None or hit[0] is not cs:
        if len(_FIT) > 16:
            _FIT.clear()
        hit = _FIT[id(cs)] = (cs, all(len(_encode(tokens)) <= TOK_W for card in cs.cards
                                      for row in card.rows for tokens in row))
    return hit[1]


# ----- tables (built in Python, once per card set / track / configured game) --------------

def _encode(tokens) -> list:
    """A cell's tokens (cards.parse_token's form) as ints: an arrow d; an IF as its header,
    the number of its arrows and the arrows."""
    out = []
    for t in tokens:
        if type(t) is int:
            out.append(t)
        else:
            cond, k, arrows = t
            out += [IF_BASE + 10 * (cond + 1) + k, len(arrows), *arrows]
    return out


_CARDS: dict = {}


def _card_tables(cs, builtin: bool):
    """Per card: tokens ``[card, row, style, :]`` and their lengths, item cost, item effect,
    cost row (-1: none given)."""
    key = (id(cs), builtin)
    hit = _CARDS.get(key)
    if hit is not None and hit[0] is cs:
        return hit[1]
    k = len(cs.cards)
    tok = np.zeros((k, 2, 2, TOK_W), dtype=np.int64)
    tok_len = np.zeros((k, 2, 2), dtype=np.int64)
    for i, card in enumerate(cs.cards):
        for r in range(2):
            for style in range(2):
                enc = _encode(card.rows[r][style])   # (supports: at most TOK_W)
                tok[i, r, style, :len(enc)] = enc
                tok_len[i, r, style] = len(enc)
    cost = np.array([c.cost for c in cs.cards], dtype=np.int64)
    cost_row = np.array([-1 if c.cost_row is None else c.cost_row for c in cs.cards], dtype=np.int64)
    if builtin:
        eff = np.array([{0: EFF_STEAL, 1: EFF_FREE, 2: EFF_GIVE}[c.cost] for c in cs.cards],
                       dtype=np.int64)
    else:
        eff = np.array([EFFECTS.index(c.effect) for c in cs.cards], dtype=np.int64)
    tables = (tok, tok_len, cost, eff, cost_row)
    if len(_CARDS) > 16:
        _CARDS.clear()
    _CARDS[key] = (cs, tables)
    return tables


_GEOMETRY: dict = {}
_SHAPES: dict = {}


def _geometry(geo, metric: str) -> tuple:
    """Tables of a track shape, shared by every game on it: the neighbour of hex ``h`` in
    direction ``d`` at ``h * 6 + d`` (a hex id, or _SIDE, _EXIT, _BELOW), each hex's row,
    each row's card (a shared hex: the lower card, WS-AMB-30), each row's distance to the
    finish (WS-AMB-06) and each card's reset half-hexes (WS-CRASH-3)."""
    key = (geo.W, geo.H, geo.cards, metric)
    tables = _SHAPES.get(key)
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
        _SHAPES[key] = tables
    return tables


def _board_tables(st, metric: str, boundary_lower: bool):
    """The dealt track as arrays: height, updraft, item (the board's own lists), and the
    track shape's neighbours, row of a hex, card of a row, distance of a row and reset
    half-hexes of each card (:func:`_geometry`, made arrays once per shape),
    and the card of a row for the Cleanup check (``boundary_card_for_cleanup``)."""
    b = st.board
    geo = b.geo
    key = (geo.W, geo.H, geo.cards, metric, boundary_lower)
    shape = _GEOMETRY.get(key)
    if shape is None:
        nb, row_of, card_of_row, dist, resets = _geometry(geo, metric)
        reset_arr = np.full((len(resets), geo.W), -1, dtype=np.int64)
        reset_len = np.zeros(len(resets), dtype=np.int64)
        for k in range(1, len(resets)):
            reset_arr[k, :len(resets[k])] = resets[k]
            reset_len[k] = len(resets[k])
        shape = _GEOMETRY[key] = (np.array(nb, dtype=np.int64), np.array(row_of, dtype=np.int64),
                                  np.array(card_of_row, dtype=np.int64),
                                  np.array(dist, dtype=np.int64), reset_arr, reset_len,
                                  np.array([geo.card_of(y, 1, boundary_lower)
                                            for y in range(geo.top + 1)], dtype=np.int64))
    nb, row_of, card_of_row, dist, resets, reset_len, cleanup_card = shape
    return (np.array(b.height, dtype=np.int64), np.array(b.updraft, dtype=np.bool_),
            np.array(b.item, dtype=np.bool_), nb, row_of, card_of_row, dist, resets, reset_len,
            np.array(b.track, dtype=np.int64), cleanup_card)


class Config:
    """The options of one configured game as arrays for the compiled loop."""

    def __init__(self, game):
        o = game.flags
        n = game.num_players
        cs = game.cardset
        cfg = np.zeros(C_FIELDS, dtype=np.int64)
        cfg[C_N] = n
        cfg[C_SPRINT_WIN] = _SPRINT_WIN[o.sprint_window]
        cfg[C_ITEM_WIN] = _ITEM_WIN[o.item_window]
        cfg[C_LIFT_FIRST] = o.updraft_before_height
        cfg[C_SAFE_FIRST] = o.safe_first
        cfg[C_VICTIM_LOSES] = o.victim_loses_dice
        cfg[C_TO_BAG] = o.discard_to_bag
        cfg[C_BLUE_MANDATORY] = o.blue_mandatory
        cfg[C_NEUTRAL] = o.neutral and n == 2
        cfg[C_THRESHOLD] = o.threshold(n)
        cfg[C_MAX_ROUNDS] = min(o.max_rounds, 2 ** 62)
        cfg[C_COUNT_COND] = o.count_conditional
        cfg[C_REPEAT] = o.cleanup_repeat
        cfg[C_FALLBACK_COLOUR] = o.cover_fallback_colour
        cfg[C_W] = cs.columns
        cfg[C_H] = cs.half_rows
        cfg[C_TOP] = cs.half_rows * 5
        cfg[C_CARDS] = 5
        cfg[C_BAIL_AT] = -1
        cfg[C_DYNAMIC] = o.dynamic
        cfg[C_PHYSICAL_TWO] = o.cover_mode == "physical_two"
        cfg[C_SPECIFIC_ROW] = o.specific_row
        cfg[C_UPDRAFT_FIRST] = o.updraft_first
        cfg[C_RISE_OPTIONAL] = o.cleanup_optional
        cfg[C_PLANNED] = o.planned_identity
        for name, field in PARAM_FIELDS.items():   # the rule numbers, as the engine reads them
            cfg[field] = game.params[name]
        self.cfg = cfg
        self.plans = np.array(_legal_ids(o.per_group), dtype=np.int64)
        self.rear = np.array([A.FREE + d for d in rear_dirs(SimpleNamespace(o=o))], dtype=np.int64)
        self.cards = _card_tables(cs, o.builtin_effects)
        self.blocks = 6.0


_CONFIGS: dict = {}


def config(game) -> Config:
    """The :class:`Config` of ``game`` (built once per configured game)."""
    c = _CONFIGS.get(id(game))
    if c is None or c[0] is not game:
        if len(_CONFIGS) > 256:
            _CONFIGS.clear()
        c = _CONFIGS[id(game)] = (game, Config(game))
    return c[1]


def play(game, seed: int, agents, max_plies: int, blocks: int | None = None,
         bail_at: int = -1):
    """One whole game: ``(history, state, counts)``: the history (a list of actions), the
    engine state the set-up was played on with the final position written into it (for its
    ``ranking()`` and ``round``), and the event counts (a list in :data:`EVENTS` order);
    or ``(code, None, None)`` with a ``BAIL_*`` code when the loop gave up (the caller
    has the engine replay the game).

    ``blocks`` blocks of :data:`~racekit.core.chance.BLOCK` plies of numbers are drawn
    first (default: two and a half times what recent games needed on average), more when
    the game needs them; the game is the same either way. ``bail_at``: a test hook, the
    loop gives up at the first decision or chance node from that ply on.

    Raises:
        RuntimeError: no end within ``max_plies`` (a rules bug).
    """
    conf = config(game)
    n = game.num_players
    if blocks is None:   # 2.5 times the mean: a retry is rare (the long tail), numbers cheap
        blocks = int(2.5 * conf.blocks) + 2
    if len(agents) < n:   # the compiled loop would read past the array (no bounds checks)
        raise ValueError(f"{len(agents)} agents for {n} seats")
    codes = np.array([AGENT_CODES[a] for a in agents], dtype=np.int64)
    chance_u = stream_array(seed, _CHANCE_SALT, blocks * BLOCK)
    agent_u = stream_array(seed, _AGENT_SALT, blocks * BLOCK)
    # --- the set-up by the engine's functions (WS-SETUP-1..7): deal, queue order, start cells
    st = game.new_initial_state(record_events=False)
    prelude = st._history
    ply = 0
    while st.ph != "plan" or st.intr:
        if ply >= len(chance_u):   # never for a real game (a dozen plies)
            raise RuntimeError("the set-up ran past its numbers")
        cp = st._cp
        if cp == CHANCE:
            action = chance_pick(flow.chance_outcomes(st), float(chance_u[ply]))
        else:
            st.cp_seat = cp
            legal = flow.legal(st)
            action = legal[0] if codes[cp] == AGENT_FIRST else legal[int(agent_u[ply] * len(legal))]
        prelude.append(action)
        flow.apply(st, action)
        ply += 1
    start = ply
    (height, updraft, item, nb, row_of, card_of_row, dist, resets, reset_len, track,
     cleanup_card) = _board_tables(st, st.o.distance, st.o.boundary_lower)
    tok, tok_len, cost, eff, cost_row = conf.cards
    cfg = conf.cfg
    if bail_at >= 0:
        cfg = cfg.copy()
        cfg[C_BAIL_AT] = bail_at
    # the state arrays, from the engine state at the first plan
    S0 = np.zeros(S_FIELDS, dtype=np.int64)
    S0[S_KMIN] = st.k_min
    S0[S_ROUND] = st.round
    q = st.queue
    queue0 = np.zeros((16, 2), dtype=np.int64)
    for i, (card, b) in enumerate(q):
        queue0[i, 0] = card
        queue0[i, 1] = b
    S0[S_N_QUEUE] = len(q)
    pos0 = np.array(st.pos, dtype=np.int64)
    alt0 = np.array(st.alt, dtype=np.int64)
    rear0 = np.array(st.rear, dtype=np.int64)   # rear start sprints left
    bag0 = np.array(st.bag, dtype=np.int64)
    counts = np.zeros(N_EVENTS, dtype=np.int64)
    result = np.zeros(2 * n, dtype=np.int64)      # exited, score
    order = np.zeros(n, dtype=np.int64)
    while True:
        history = np.empty(len(chance_u), dtype=np.int64)
        S = S0.copy()
        queue = queue0.copy()
        pos = pos0.copy()
        alt = alt0.copy()
        rear = rear0.copy()
        bag = bag0.copy()
        counts[:] = 0
        plies = _game(cfg, conf.plans, conf.rear, tok, tok_len, cost, eff, cost_row, height,
                      updraft, item, nb, row_of, card_of_row, dist, resets, reset_len, track,
                      cleanup_card, codes, chance_u, agent_u, start, max_plies, history, S,
                      queue, pos, alt, rear, bag, order, counts, result)
        if plies >= 0:
            break
        if plies == TOO_LONG:
            raise no_end(game, seed, max_plies)
        if plies != NEED_MORE:
            return plies, None, None
        more = len(chance_u) // 2
        stop = len(chance_u) + more
        chance_u = np.concatenate((chance_u, stream_array(seed, _CHANCE_SALT, stop, len(chance_u))))
        agent_u = np.concatenate((agent_u, stream_array(seed, _AGENT_SALT, stop, len(agent_u))))
    conf.blocks = 0.9 * conf.blocks + 0.1 * (plies / BLOCK)
    # the final position, written into the engine state for its ranking (WS-END-4, WS-AMB-24)
    st.pos = pos.tolist()
    st.alt = alt.tolist()
    res = result.tolist()
    st.exited = [bool(x) for x in res[:n]]
    st.score = res[n:2 * n]
    st.order = order[:S[S_N_ORDER]].tolist()
    st.round = int(S[S_ROUND])
    st.ph = "end"
    st._cp = TERMINAL
    return prelude + history[start:plies].tolist(), st, counts.tolist()


# ----- the compiled loop --------------------------------------------------------------------
# Helpers take the board tables ``bd``, the card tables ``cd`` and the mutable state ``m``
# as tuples of arrays (see _game; numba compiles the indexing away); ``m[18]`` is scratch
# space, so that no helper allocates: row 0 the seats a check crashes, rows 1-2 the crash
# order, row 3 item actions; ``m[19]`` counts the dice of ``m[3]`` planned Brave (WS-AMB-19).

@njit(cache=True)
def _rows_of(queue, nq, rows):
    """cleanup.rows_of: which placement (queue index) shows in rows 1..6 (WS-AMB-21)."""
    for r in range(6):
        rows[r] = -1
    for i in range(nq):
        b = queue[i, 1]
        rows[b - 1] = i
        rows[b] = i


@njit(cache=True)
def _refresh(cfg, cd, m, queue):
    """The queue's cell tokens (state.cell_tokens) and usable item costs (act.usable) after
    the queue changed (the setup, a card laid over it: WS-CLEANUP-1..6, WS-AMB-21, WS-AMB-04)."""
    tok, tok_len, cost, eff, cost_row = cd
    S, celltok, celltok_len, usable = m[0], m[13], m[14], m[15]
    nq = S[S_N_QUEUE]
    rows = np.empty(6, np.int64)
    _rows_of(queue, nq, rows)
    for c in range(12):
        p = rows[c % 6]
        if p < 0:
            celltok_len[c] = 0
            continue
        card = queue[p, 0]
        ri = c % 6 + 1 - queue[p, 1]
        style = c // 6
        k = tok_len[card, ri, style]
        celltok_len[c] = k
        for j in range(k):
            celltok[c, j] = tok[card, ri, style, j]
    k = 0
    for i in range(nq):
        b = queue[i, 1]
        if rows[b - 1] != i and rows[b] != i:
            continue
        if cfg[C_SPECIFIC_ROW] and rows[b - 1 + cost_row[queue[i, 0]]] != i:
            continue   # cost_visible = specific_row: the cost's own row must show
        colour = cost[queue[i, 0]]
        e = eff[queue[i, 0]]
        seen = False
        for j in range(k):
            if usable[j, 0] == colour and usable[j, 1] == e:
                seen = True
        if not seen:
            usable[k, 0] = colour
            usable[k, 1] = e
            k += 1
    S[S_N_USABLE] = k
    S[S_TOKENS_KEY] = nq


@njit(cache=True)
def _arrows_in(buf, i, end, count_cond):
    """move.arrows_in over encoded tokens ``buf[i:end]``."""
    k = 0
    while i < end:
        t = buf[i]
        if t < IF_BASE:
            k += 1
            i += 1
        else:
            if count_cond:
                k += buf[i + 1]
            i += 2 + buf[i + 1]
    return k


@njit(cache=True)
def _has_dice(cnt, s):
    for c in range(12):
        if cnt[c, s] > 0:
            return True
    return False


@njit(cache=True)
def _crash(cfg, bd, m, who, nwho, mover):
    """move.crash (WS-CRASH-3, WS-AMB-15, WS-AMB-16, WS-FAQ-Q6b): non-movers in snapshot
    order, the mover last; dice, cubes and the action lost, altitude + crash_rise, a placement
    queued."""
    row_of, card_of_row = bd[4], bd[5]
    S, pos, alt, cnt, cubes, bag, outp, done = m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]
    order, intr, counts = m[9], m[10], m[11]
    n_order = S[S_N_ORDER]
    seq = m[18][1]
    key = m[18][2]
    k = 0
    has_mover = False
    for i in range(nwho):
        s = who[i]
        if s == mover:
            has_mover = True
            continue
        idx = n_order + s
        for j in range(n_order):
            if order[j] == s:
                idx = j
                break
        j = k   # insertion by snapshot index
        while j > 0 and key[j - 1] > idx:
            key[j] = key[j - 1]
            seq[j] = seq[j - 1]
            j -= 1
        key[j] = idx
        seq[j] = s
        k += 1
    if has_mover:
        seq[k] = mover
        k += 1
    for i in range(k):
        s = seq[i]
        h = pos[s]
        card = card_of_row[row_of[h]]   # board.card_of (a shared hex: the lower card, WS-AMB-30)
        if card < S[S_KMIN]:
            card = S[S_KMIN]
        pos[s] = LIMBO
        if s == S[S_ACTOR] or s == mover or cfg[C_VICTIM_LOSES]:
            for c in range(12):   # move.remove_dice
                cnt[c, s] = 0
                m[19][c, s] = 0
            if S[S_PH] == PH_ACTION:
                done[s] = True
        if S[S_PEND_OWNER] == s:
            S[S_PEND_PTR] = S[S_PEND_END]
            S[S_PEND_OWNER] = -1
        if S[S_GIFT_USER] == s:
            S[S_GIFT_CRASHED] = 1
        if S[S_FREE_SEAT] == s:
            S[S_FREE_SEAT] = -1
        for c in range(3):
            if cfg[C_TO_BAG]:
                bag[c] += cubes[s, c]
            else:
                outp[c] += cubes[s, c]
            cubes[s, c] = 0
        a = alt[s] + cfg[C_CRASH_RISE]
        alt[s] = a if a < cfg[C_ALT_MAX] else cfg[C_ALT_MAX]
        counts[E_CRASH] += 1
        ni = S[S_N_INTR]
        intr[ni, 0] = I_PLACE
        intr[ni, 1] = s
        intr[ni, 2] = card
        S[S_N_INTR] = ni + 1


@njit(cache=True)
def _check_hex(cfg, bd, m, h, mover):
    """move.check_hex: height and collision on hex ``h`` (WS-CRASH-1, WS-COLLIDE-2, WS-AMB-13)."""
    height = bd[0]
    pos, alt, counts = m[1], m[2], m[11]
    n = cfg[C_N]
    ht = height[h]
    who = m[18][0]
    k = _ONE - _ONE   # (not a literal 0: see _NO_MOVER)
    collided = False
    for s in range(n):
        if pos[s] != h:
            continue
        a = alt[s]
        if ht == WHITE or a < ht:
            who[k] = s
            k += 1
            counts[E_TOO_LOW] += 1
        else:
            for x in range(n):
                if x != s and pos[x] == h and alt[x] == a:
                    who[k] = s
                    k += 1
                    collided = True
                    break
    if k == 0:
        return False
    if collided:
        counts[E_COLLISION] += 1
    _crash(cfg, bd, m, who, k, mover)
    return True


@njit(cache=True)
def _exit(cfg, m, s):
    """move.exit_track: over the top edge; score = unresolved arrows + altitude (WS-END-1..2,
    WS-AMB-24, WS-AMB-28)."""
    S, pos, alt, cnt, done, counts = m[0], m[1], m[2], m[3], m[7], m[11]
    pend, celltok, celltok_len, exited, score = m[12], m[13], m[14], m[16], m[17]
    cc = cfg[C_COUNT_COND] != 0
    rest = 0
    if S[S_PEND_OWNER] == s:
        rest = _arrows_in(pend, S[S_PEND_PTR], S[S_PEND_END], cc)
    queued = 0
    for c in range(12):
        if cnt[c, s] > 0:
            queued += cnt[c, s] * _arrows_in(celltok[c], 0, celltok_len[c], cc)
            cnt[c, s] = 0
            m[19][c, s] = 0
    if S[S_PEND_OWNER] == s:
        S[S_PEND_PTR] = S[S_PEND_END]
        S[S_PEND_OWNER] = -1
    pos[s] = GONE
    exited[s] = True
    score[s] = rest + queued + alt[s]
    if S[S_PH] == PH_ACTION:
        done[s] = True
    if S[S_FREE_SEAT] == s:
        S[S_FREE_SEAT] = -1
    S[S_END] = 1
    counts[E_EXIT] += 1


@njit(cache=True)
def _step(cfg, bd, m, s, d):
    """move.step for arrows, sprints and free sprints, in the check order of WS-AMB-12 (a
    paid sprint's cost is paid by the caller just before, WS-SPRINT-1, WS-AMB-13)."""
    height, updraft, item, nb, row_of = bd[0], bd[1], bd[2], bd[3], bd[4]
    S, pos, alt, intr, counts = m[0], m[1], m[2], m[10], m[11]
    h = pos[s]
    t = nb[h * 6 + d]
    if t == _EXIT:   # over the top edge (WS-END-1)
        _exit(cfg, m, s)
        return
    # beyond a side edge (WS-FAQ-Q1a, before the exit: WS-AMB-28), below the lowest card
    # still on the track, or a void cell: off the map (WS-CRASH-2)
    if t < 0 or row_of[t] < cfg[C_H] * (S[S_KMIN] - 1) or height[t] == VOID:
        counts[E_OFF_MAP] += 1
        who = m[18][0]
        who[0] = s
        _crash(cfg, bd, m, who, _ONE, s)
        return
    pos[s] = t
    if updraft[t]:   # WS-UPDRAFT-1, WS-AMB-11/12
        if not cfg[C_LIFT_FIRST] and _check_hex(cfg, bd, m, t, s):
            return
        a = alt[s] + cfg[C_UPDRAFT_RISE]
        alt[s] = a if a < cfg[C_ALT_MAX] else cfg[C_ALT_MAX]
        counts[E_UPDRAFT] += 1
    if _check_hex(cfg, bd, m, t, s):
        return
    if item[t]:   # WS-ITEM-1: a draw waits
        ni = S[S_N_INTR]
        intr[ni, 0] = I_DRAW
        intr[ni, 1] = s
        S[S_N_INTR] = ni + 1


@njit(cache=True)
def _run_token(cfg, bd, m):
    """act.run_token: the next icon of the pending cell; an IF's arrows follow it only when
    its condition holds (WS-ACT-2/3/5, WS-AMB-03)."""
    updraft = bd[1]
    S, pos, alt, cubes, pend = m[0], m[1], m[2], m[4], m[12]
    s = S[S_PEND_OWNER]
    S[S_PEND_STARTED] = 1
    i = S[S_PEND_PTR]
    t = pend[i]
    if t < IF_BASE:
        S[S_PEND_PTR] = i + 1
        _step(cfg, bd, m, s, t)
        return
    cond = (t - IF_BASE) // 10 - 1
    k = (t - IF_BASE) % 10
    if cond == 0:
        ok = alt[s] >= k
    elif cond == 1:
        ok = alt[s] <= k
    elif cond == 2:
        ok = updraft[pos[s]]
    elif cond == 3:
        ok = cubes[s, 0] + cubes[s, 1] + cubes[s, 2] > 0
    else:
        ok = False
    S[S_PEND_PTR] = i + 2 if ok else i + 2 + pend[i + 1]


@njit(cache=True)
def _change_altitude(cfg, bd, m, s, delta, mover):
    """move.change_altitude: capped 1..alt_max (WS-ALT-1), then the standing checks (WS-AMB-13)."""
    pos, alt = m[1], m[2]
    a = alt[s] + delta
    top = cfg[C_ALT_MAX]
    alt[s] = 1 if a < 1 else top if a > top else a
    if pos[s] >= 0:
        _check_hex(cfg, bd, m, pos[s], mover)


@njit(cache=True)
def _sprint_window(cfg, S, cnt, s):
    """act.sprint_window (WS-AMB-10)."""
    if S[S_FREE_SEAT] >= 0:
        return False
    if S[S_GIFT_USER] >= 0:
        if s != S[S_PEND_OWNER]:
            return False
        return cfg[C_SPRINT_WIN] != SW_DICE or S[S_PEND_STARTED] == 0
    if s != S[S_ACTOR]:
        return False
    if S[S_PEND_PTR] < S[S_PEND_END]:
        return cfg[C_SPRINT_WIN] != SW_DICE
    if not _has_dice(cnt, s):
        return cfg[C_SPRINT_WIN] == SW_AFTER
    return True


@njit(cache=True)
def _item_window(cfg, S, cnt, s):
    """act.item_window (WS-AMB-17, WS-FAQ-Q5b)."""
    if S[S_FREE_SEAT] >= 0 or S[S_GIFT_USER] >= 0 or s != S[S_ACTOR]:
        return False
    if S[S_PEND_PTR] < S[S_PEND_END]:
        return cfg[C_ITEM_WIN] == IW_SPRINTS and cfg[C_SPRINT_WIN] == SW_ICONS
    if not _has_dice(cnt, s):
        return cfg[C_ITEM_WIN] == IW_AFTER
    return True


@njit(cache=True)
def _item_actions(cfg, m, s, out, k):
    """act.item_actions appended to ``out[k:]``; returns the new length (WS-ITEM-3,
    WS-FAQ-Q4, WS-FAQ-Q5a, WS-AMB-04, WS-AMB-19 with brave_identity = current_cell)."""
    S, pos, cnt, cubes, usable = m[0], m[1], m[3], m[4], m[15]
    n = cfg[C_N]
    if cubes[s, 0] + cubes[s, 1] + cubes[s, 2] == 0:
        return k
    for j in range(S[S_N_USABLE]):
        colour = usable[j, 0]
        e = usable[j, 1]
        if cubes[s, colour] == 0:
            continue
        if e == EFF_STEAL:
            for t in range(n):
                if t != s and pos[t] >= 0:
                    out[k] = _STEAL + colour * _STEAL_COLOUR + t
                    k += 1
        elif e == EFF_GIVE:   # act.brave_dice: where they stand, or as planned (WS-AMB-19)
            for cell in range(12):
                if (m[19][cell, s] > 0) if cfg[C_PLANNED] else (cell >= 6 and cnt[cell, s] > 0):
                    for t in range(n):
                        if t != s and pos[t] >= 0:
                            out[k] = _GIVE + colour * _GIVE_COLOUR + cell * _GIVE_CELL + t
                            k += 1
        else:
            out[k] = _YELLOW + colour
            k += 1
    return k


@njit(cache=True)
def _has_choice(cfg, m, s):
    """act.has_choice: anything besides 'go on' while a cell waits."""
    S, alt, rear = m[0], m[2], m[8]
    if _sprint_window(cfg, m[0], m[3], s):
        if alt[s] > cfg[C_SPRINT_COST] or (rear[s] and s == S[S_ACTOR] and S[S_GIFT_USER] < 0):
            return True
    if _item_window(cfg, m[0], m[3], s):
        return _item_actions(cfg, m, s, m[18][3], 0) > 0
    return False


@njit(cache=True)
def _action_legal(cfg, m, rear_free, s, out):
    """act.legal for seat ``s`` in the engine's order; returns its length."""
    S, alt, cnt, rear = m[0], m[2], m[3], m[8]
    k = 0
    if S[S_FREE_SEAT] >= 0:   # free sprints (WS-SPRINT-3, WS-FAQ-Q5c, WS-AMB-19), sorted
        if not (S[S_FREE_BLUE] and cfg[C_BLUE_MANDATORY]):
            out[k] = _DECLINE
            k += 1
        for d in range(6):
            out[k] = _FREE + d
            k += 1
        return k
    if S[S_PEND_PTR] < S[S_PEND_END]:
        out[k] = _GO
        k += 1
    elif s == S[S_ACTOR]:
        for c in range(12):
            if cnt[c, s] > 0:
                out[k] = _TAKE + c
                k += 1
        if k == 0:
            out[k] = _END
            k += 1
    if _sprint_window(cfg, m[0], m[3], s):
        if alt[s] > cfg[C_SPRINT_COST]:   # WS-SPRINT-2
            for d in range(6):
                out[k] = _SPRINT + d
                k += 1
        if rear[s] and s == S[S_ACTOR] and S[S_GIFT_USER] < 0:
            for i in range(len(rear_free)):
                out[k] = rear_free[i]
                k += 1
    if _item_window(cfg, m[0], m[3], s):
        k0 = k
        k = _item_actions(cfg, m, s, out, k)
        if k > k0:
            out[:k] = np.sort(out[:k])
    return k


@njit(cache=True)
def _free_of_alt(cfg, pos, alt, h, a):
    """No character on hex ``h`` at altitude ``a``."""
    for x in range(cfg[C_N]):
        if pos[x] == h and alt[x] == a:
            return False
    return True


@njit(cache=True)
def _safe(height, h, a):
    """Not too high for altitude ``a`` (crash_place_safety = safe_first, WS-AMB-14)."""
    ht = height[h]
    return ht != WHITE and ht != VOID and ht <= a


@njit(cache=True)
def _placements(cfg, bd, m, s, card, cands):
    """move.placement_candidates, sorted as flow.legal lists them: the reset half-hexes of
    ``card`` free of characters at the new altitude (WS-CRASH-3); when none is free, the
    hexes next to them (WS-CRASH-4); under safe_first only the safe ones. Returns how many;
    0 for the engine's last fallbacks (WS-AMB-14), which this loop leaves to the engine."""
    height, nb, row_of, resets, reset_len = bd[0], bd[3], bd[4], bd[7], bd[8]
    S, pos, alt = m[0], m[1], m[2]
    a = alt[s]
    safe_first = cfg[C_SAFE_FIRST] != 0
    free = 0
    k = 0
    for i in range(reset_len[card]):
        h = resets[card, i]
        if _free_of_alt(cfg, pos, alt, h, a):
            free += 1
            if not safe_first or _safe(height, h, a):
                cands[k] = h
                k += 1
    if free > 0:
        return k   # (the reset half-hexes are in increasing order)
    ybot = cfg[C_H] * (S[S_KMIN] - 1)
    for i in range(reset_len[card]):
        h = resets[card, i]
        for d in range(6):
            t = nb[h * 6 + d]
            if t < 0 or row_of[t] < ybot or height[t] == VOID:
                continue
            if not _free_of_alt(cfg, pos, alt, t, a) or (safe_first and not _safe(height, t, a)):
                continue
            j = k   # a sorted set
            while j > 0 and cands[j - 1] > t:
                j -= 1
            if j > 0 and cands[j - 1] == t:
                continue
            for x in range(k, j, -1):
                cands[x] = cands[x - 1]
            cands[j] = t
            k += 1
    return k


@njit(cache=True)
def _bottom_empty(cfg, bd, m):
    """cleanup.bottom_empty (a shared hex counts on the lower card, or the upper one under
    boundary_card_for_cleanup = upper, WS-AMB-30)."""
    row_of, card_of_row = bd[4], bd[10]
    S, pos = m[0], m[1]
    k = S[S_KMIN]
    for s in range(cfg[C_N]):
        h = pos[s]
        if h >= 0:
            c = card_of_row[row_of[h]]
            if c < k:
                c = k
            if c == k:
                return False
    return True


@njit(cache=True)
def _legal_spots(cost, queue, nq, card, colour_rule, physical, spots):
    """cleanup.legal_spots (WS-CLEANUP-3..5, WS-AMB-21): the card covers two different
    visible cards (``visible_two``) or overlaps two placements of the stack (``physical``)."""
    rows = np.empty(6, np.int64)
    _rows_of(queue, nq, rows)
    k = 0
    for b in range(1, 6):
        if physical:
            under = 0
            for i in range(nq):
                if queue[i, 1] <= b + 1 and queue[i, 1] + 1 >= b:
                    under += 1
            if under < 2:
                continue
        elif rows[b - 1] < 0 or rows[b] < 0 or rows[b - 1] == rows[b]:
            continue
        if colour_rule:
            seen = np.zeros(3, np.bool_)
            for r in range(6):
                if r == b - 1 or r == b:
                    seen[cost[card]] = True
                elif rows[r] >= 0:
                    seen[cost[queue[rows[r], 0]]] = True
            if not (seen[0] and seen[1] and seen[2]):
                continue
        spots[k] = b
        k += 1
    return k


@njit(cache=True)
def _layer(cfg, bd, m):
    """cleanup.layer: nearest the start (largest distance), ties: who acted latest."""
    row_of, dist = bd[4], bd[6]
    S, pos, order = m[0], m[1], m[9]
    best, best_d, best_i = -1, -1, -2
    for s in range(cfg[C_N]):
        if pos[s] < 0:
            continue
        d = dist[row_of[pos[s]]]
        idx = -1
        for j in range(S[S_N_ORDER]):
            if order[j] == s:
                idx = j
                break
        if best < 0 or d > best_d or (d == best_d and idx > best_i):
            best, best_d, best_i = s, d, idx
    return best


@njit(cache=True)
def _lay(cfg, cd, m, queue, card, b):
    """cleanup.lay: the card goes on the queue; its icons and item costs show (WS-CLEANUP-6)."""
    S = m[0]
    nq = S[S_N_QUEUE]
    queue[nq, 0] = card
    queue[nq, 1] = b
    S[S_N_QUEUE] = nq + 1
    S[S_LAY_WHO] = -1
    _refresh(cfg, cd, m, queue)


@njit(cache=True)
def _start_cover(cfg, bd, cd, m, queue, spots):
    """cleanup.start_cover and more_cards: the bottom card leaves the track (WS-CLEANUP-1..5,
    WS-AMB-23, WS-AMB-31, WS-AMB-32). True when the layer must choose a placement."""
    track = bd[9]
    cost = cd[2]
    S, counts = m[0], m[11]
    while True:
        k = S[S_KMIN]
        card = track[k - 1]
        S[S_KMIN] = k + 1
        physical = cfg[C_PHYSICAL_TWO] != 0
        ns = _legal_spots(cost, queue, S[S_N_QUEUE], card, True, physical, spots)
        if ns == 0 and cfg[C_FALLBACK_COLOUR]:
            ns = _legal_spots(cost, queue, S[S_N_QUEUE], card, False, physical, spots)
        who = _layer(cfg, bd, m)
        counts[E_CARD_LEAVES] += 1
        if ns == 0:
            counts[E_SET_ASIDE] += 1
        elif ns == 1:
            _lay(cfg, cd, m, queue, card, spots[0])
        else:
            S[S_LAY_WHO] = who
            S[S_LAY_CARD] = card
            S[S_N_SPOTS] = ns
            return True
        if not (S[S_KMIN] < cfg[C_CARDS] and _bottom_empty(cfg, bd, m) and cfg[C_REPEAT]):
            return False


@njit(cache=True)
def _order_start(cfg, bd, m, ties):
    """order.start: highest first, then farther from the finish, seat last; runs of equal
    rank are ties to roll (WS-ACT-ORDER-1..3, WS-AMB-06). False when a tie roll waits."""
    row_of, dist = bd[4], bd[6]
    S, pos, alt, done, order = m[0], m[1], m[2], m[7], m[9]
    n = cfg[C_N]
    k = 0
    for s in range(n):
        if pos[s] < 0:
            continue
        j = k
        while j > 0:
            p = order[j - 1]
            if alt[p] > alt[s] or (alt[p] == alt[s] and dist[row_of[pos[p]]] >= dist[row_of[pos[s]]]):
                break
            order[j] = p
            j -= 1
        order[j] = s
        k += 1
    S[S_N_ORDER] = k
    nt = 0
    i = 0
    while i < k:
        j = i
        si = order[i]
        while j + 1 < k:
            sj = order[j + 1]
            if alt[sj] != alt[si] or dist[row_of[pos[sj]]] != dist[row_of[pos[si]]]:
                break
            j += 1
        if j > i:
            ties[nt, 0] = i
            ties[nt, 1] = j - i + 1
            nt += 1
        i = j + 1
    S[S_N_TIES] = nt
    S[S_TIE_I] = 0
    if nt:
        S[S_PH] = PH_TIE
        return False
    _begin_action(cfg, m)
    return True


@njit(cache=True)
def _begin_action(cfg, m):
    """order.begin_action (WS-ACT-ORDER-1/2, WS-AMB-07)."""
    S, pos, done = m[0], m[1], m[7]
    S[S_PH] = PH_ACTION
    S[S_ACTOR] = -1
    for s in range(cfg[C_N]):
        done[s] = pos[s] < 0


@njit(cache=True)
def _interfere(cfg, m):
    """interfere.run: every mixed cell moves across at once (WS-INTERFERE-1..3, WS-AMB-01,
    WS-AMB-26: the neutral dice count as a colour of their own)."""
    cnt, brave = m[3], m[19]
    n = cfg[C_N]
    th = cfg[C_THRESHOLD]
    moved = np.zeros(12, np.bool_)
    old = cnt.copy()
    old_brave = brave.copy()
    for c in range(12):
        total = 0
        colours = 0
        for o in range(n + 1):
            if cnt[c, o] > 0:
                total += cnt[c, o]
                colours += 1
        if total > 1 and colours >= th:
            moved[c] = True
    for c in range(12):
        if moved[c]:
            for o in range(n + 1):
                cnt[c, o] = 0
                brave[c, o] = 0
    for c in range(12):
        if moved[c]:
            t = (c + 6) % 12
            for o in range(n + 1):
                cnt[t, o] += old[c, o]
                brave[t, o] += old_brave[c, o]


@njit(cache=True)
def _remove_die(cfg, cnt, brave, cell, s):
    """act.take / act.give: one die of ``s`` leaves ``cell`` (the first there, WS-ACT-1).
    False when it would matter which (two of its dice there, planned in different hands,
    under brave_identity = planned_hand): :data:`BAIL_DICE`."""
    k, b = cnt[cell, s], brave[cell, s]
    if 0 < b < k:
        if cfg[C_PLANNED]:
            return False
        b -= 1   # which one does not matter here: only the count is read
    elif b == k:
        b -= 1
    cnt[cell, s] = k - 1
    brave[cell, s] = b
    return True


@njit(cache=True)
def _die(u):
    """Sampler.sample on the white die's six outcomes of 1/6 (chance.pick's sums)."""
    total = 0.0
    for _ in range(6):
        total += 1 / 6
    x = u * total
    acc = 0.0
    for v in range(1, 7):
        acc += 1 / 6
        if x < acc:
            return v
    return 6


@njit(cache=True)
def _game(cfg, plans, rear_free, tok, tok_len, cost, eff, cost_row, height, updraft, item, nb,
          row_of, card_of_row, dist, resets, reset_len, track, cleanup_card, agents, chance_u,
          agent_u, start, max_plies, history, S, queue, pos, alt, rear, bag, order, counts,
          result):
    """The rounds from the first plan (ply ``start``) to the end, as ``flow.settle`` and
    ``flow.apply`` play them. Returns the plies played, or NEED_MORE, TOO_LONG or a BAIL_*
    code. Writes the history from ``start`` on, the final state into ``S``, ``pos``, ``alt``,
    ``order``, the counts, and exited and score into ``result``."""
    n = cfg[C_N]
    W = cfg[C_W]
    cnt = np.zeros((12, n + 1), np.int64)   # dice per cell and owner (owner n: neutral)
    cubes = np.zeros((n, 3), np.int64)
    outp = np.zeros(3, np.int64)
    done = np.zeros(n, np.bool_)
    exited = np.zeros(n, np.bool_)
    score = np.zeros(n, np.int64)
    intr = np.zeros((64, 3), np.int64)
    pend = np.zeros(64, np.int64)
    celltok = np.zeros((12, TOK_W), np.int64)
    celltok_len = np.zeros(12, np.int64)
    usable = np.zeros((16, 2), np.int64)
    plan = np.zeros(n, np.int64)
    ties = np.zeros((n, 2), np.int64)
    legal = np.zeros(1024, np.int64)
    spots = np.zeros(8, np.int64)
    rise = np.zeros((3, n), np.int64)   # the rise decisions waiting, who rises, their hexes
    cands = np.zeros(6 * W + 6, np.int64)   # reset half-hexes, or their neighbours
    bd = (height, updraft, item, nb, row_of, card_of_row, dist, resets, reset_len, track,
          cleanup_card)
    cd = (tok, tok_len, cost, eff, cost_row)
    scratch = np.zeros((4, 1024), np.int64)
    brave = np.zeros((12, n + 1), np.int64)   # of those, dice planned in the Brave hand
    m = (S, pos, alt, cnt, cubes, bag, outp, done, rear, order, intr, counts, pend, celltok,
         celltok_len, usable, exited, score, scratch, brave)
    S[S_ACTOR] = -1
    S[S_PEND_OWNER] = -1
    S[S_GIFT_USER] = -1
    S[S_FREE_SEAT] = -1
    S[S_LAY_WHO] = -1
    S[S_PH] = PH_PLAN
    _refresh(cfg, cd, m, queue)
    n_plans = len(plans)
    ply = start
    while True:
        # ----- flow.settle: the automatic steps up to the next decision or chance node ---------
        node = N_END
        while True:
            ni = S[S_N_INTR]
            if ni > 0:
                kind = intr[0, 0]
                s = intr[0, 1]
                if kind == I_DRAW:
                    if bag[0] + bag[1] + bag[2] == 0:   # WS-AMB-18: nothing to draw
                        intr[:ni - 1] = intr[1:ni]
                        S[S_N_INTR] = ni - 1
                        continue
                    node = N_DRAW
                    break
                if kind == I_RETURN:   # WS-ITEM-2: the cube over cube_limit goes back
                    held = 0
                    colour = -1
                    for c in range(3):
                        if cubes[s, c] > 0:
                            held += 1
                            colour = c
                    if held != 1:   # a choice of colour: the holder decides
                        S[S_CP] = s
                        node = N_RETURN
                        break
                    intr[:ni - 1] = intr[1:ni]
                    S[S_N_INTR] = ni - 1
                    cubes[s, colour] -= 1
                    bag[colour] += 1
                    continue
                # a crash placement (WS-CRASH-3)
                k = _placements(cfg, bd, m, s, intr[0, 2], cands)
                if k == 0:
                    return BAIL_PLACE   # the last WS-AMB-14 fallbacks: left to the engine
                if k == 1:
                    intr[:ni - 1] = intr[1:ni]
                    S[S_N_INTR] = ni - 1
                    pos[s] = cands[0]   # move.place, then the standing checks
                    _check_hex(cfg, bd, m, cands[0], _NO_MOVER)
                    continue
                S[S_N_CANDS] = k
                S[S_CP] = s
                node = N_PLACE
                break
            ph = S[S_PH]
            if ph == PH_PLAN:
                if S[S_ROUND] > cfg[C_MAX_ROUNDS]:   # WS-AMB-34: the round cap
                    S[S_PH] = PH_END
                    continue
                S[S_CP] = S[S_PLAN_NEXT]
                node = N_PLAN
                break
            if ph == PH_NEUTRAL:
                if S[S_NROLLS] >= 2:
                    _interfere(cfg, m)
                    _order_start(cfg, bd, m, ties)
                    continue
                node = N_ROLL
                break
            if ph == PH_TIE:
                node = N_ROLL
                break
            if ph == PH_ACTION:   # flow._action_step
                f = S[S_FREE_SEAT]
                if f >= 0:
                    if pos[f] < 0:
                        S[S_FREE_SEAT] = -1
                        continue
                    S[S_CP] = f
                    node = N_ACTION
                    break
                if S[S_PEND_PTR] < S[S_PEND_END]:
                    s = S[S_PEND_OWNER]
                    if _has_choice(cfg, m, s):
                        S[S_CP] = s
                        node = N_ACTION
                        break
                    _run_token(cfg, bd, m)
                    continue
                if S[S_GIFT_USER] >= 0:   # act.finish_gift (WS-FAQ-Q5c, WS-AMB-19)
                    user = S[S_GIFT_USER]
                    S[S_GIFT_USER] = -1
                    S[S_PEND_OWNER] = -1
                    if S[S_GIFT_CRASHED] == 0 and pos[user] >= 0 and cfg[C_BLUE_SPRINTS] > 0:
                        S[S_FREE_SEAT] = user
                        S[S_FREE_LEFT] = cfg[C_BLUE_SPRINTS]
                        S[S_FREE_BLUE] = 1
                    continue
                a = S[S_ACTOR]
                if a >= 0 and (done[a] or pos[a] < 0):   # flow._end_action
                    rear[a] = 0
                    S[S_ACTOR] = -1
                    S[S_PEND_PTR] = S[S_PEND_END]
                    S[S_PEND_OWNER] = -1
                    continue
                if a < 0:   # order.next_actor: the snapshot order, or re-sorted (order_mode)
                    nxt = -1
                    for j in range(S[S_N_ORDER]):
                        s = order[j]
                        if not done[s] and pos[s] >= 0:
                            if nxt < 0 or not cfg[C_DYNAMIC]:
                                nxt = s
                                if not cfg[C_DYNAMIC]:
                                    break
                            elif alt[s] > alt[nxt] or (alt[s] == alt[nxt] and dist[row_of[pos[s]]]
                                                       > dist[row_of[pos[nxt]]]):
                                nxt = s   # higher, then farther from the finish (WS-AMB-07)
                    if nxt < 0:   # flow.end_action_phase
                        for s in range(n):
                            rear[s] = 0
                        if S[S_END] or S[S_ROUND] >= cfg[C_MAX_ROUNDS]:
                            S[S_PH] = PH_END   # WS-END-3
                        else:
                            S[S_PH] = PH_CLEANUP   # cleanup.begin
                            S[S_CSTAGE] = CS_NEUTRAL
                        continue
                    S[S_ACTOR] = nxt
                    continue
                if _has_dice(cnt, a) or _sprint_window(cfg, S, cnt, a) or _item_window(cfg, S, cnt, a):
                    S[S_CP] = a
                    node = N_ACTION
                    break
                done[a] = True
                continue
            if ph == PH_CLEANUP:   # cleanup.run (WS-AMB-22 order)
                stage = S[S_CSTAGE]
                first = cfg[C_UPDRAFT_FIRST] != 0   # cleanup_updraft_step = before_cover
                if stage == CS_NEUTRAL:   # the 2-player neutral dice leave (WS-AMB-26)
                    for c in range(12):
                        cnt[c, n] = 0
                    S[S_NROLLS] = 0
                    S[S_CSTAGE] = CS_UPDRAFT if first else CS_COVER
                    continue
                if stage == CS_COVER:   # the bottom card leaves when empty (WS-CLEANUP-1)
                    if S[S_LAY_WHO] >= 0:
                        S[S_CP] = S[S_LAY_WHO]
                        node = N_LAY
                        break
                    S[S_CSTAGE] = CS_NEXT if first else CS_UPDRAFT
                    if S[S_KMIN] < cfg[C_CARDS] and _bottom_empty(cfg, bd, m):
                        if _start_cover(cfg, bd, cd, m, queue, spots):
                            S[S_CP] = S[S_LAY_WHO]
                            node = N_LAY
                            break
                    continue
                if stage == CS_UPDRAFT:   # WS-UPDRAFT-2, WS-AMB-33: all rise, then the checks
                    if S[S_RISE_I] < S[S_N_RISE]:   # cleanup_updraft = optional: each decides
                        S[S_CP] = rise[0, S[S_RISE_I]]
                        node = N_RISE
                        break
                    if not S[S_RISE_LISTED]:   # who stands on an updraft, in snapshot order
                        k = 0
                        for j in range(S[S_N_ORDER] + n):
                            if j < S[S_N_ORDER]:
                                s = order[j]
                            else:
                                s = j - S[S_N_ORDER]
                                inside = False
                                for i in range(S[S_N_ORDER]):
                                    if order[i] == s:
                                        inside = True
                                if inside:
                                    continue
                            if pos[s] >= 0 and updraft[pos[s]]:
                                rise[0, k] = s
                                rise[1, k] = s
                                k += 1
                        S[S_RISE_LISTED] = 1
                        S[S_RISE_I] = 0
                        if cfg[C_RISE_OPTIONAL]:
                            S[S_N_RISE] = k
                            S[S_N_RISERS] = 0
                            continue
                        S[S_N_RISE] = 0
                        S[S_N_RISERS] = k
                    hexes = rise[2]   # cleanup.apply_updraft
                    nh = 0
                    for j in range(S[S_N_RISERS]):
                        s = rise[1, j]
                        h = pos[s]
                        a = alt[s] + cfg[C_UPDRAFT_RISE]
                        alt[s] = a if a < cfg[C_ALT_MAX] else cfg[C_ALT_MAX]
                        counts[E_UPDRAFT] += 1
                        seen = False
                        for i in range(nh):
                            if hexes[i] == h:
                                seen = True
                        if not seen:
                            hexes[nh] = h
                            nh += 1
                    S[S_RISE_LISTED] = 0
                    S[S_N_RISE] = 0
                    S[S_N_RISERS] = 0
                    S[S_CSTAGE] = CS_COVER if first else CS_NEXT
                    for i in range(nh):
                        _check_hex(cfg, bd, m, hexes[i], _NO_MOVER)
                    continue
                # WS-CLEANUP-7: a new round
                S[S_ROUND] += 1
                S[S_PH] = PH_PLAN
                S[S_PLAN_NEXT] = 0
                continue
            node = N_END   # PH_END
            break
        if node == N_END:
            break
        # ----- one ply ------------------------------------------------------------------------
        if ply >= max_plies:
            return TOO_LONG
        if ply >= len(chance_u):
            return NEED_MORE
        if cfg[C_BAIL_AT] >= 0 and ply >= cfg[C_BAIL_AT]:
            return BAIL_FORCED
        cp = S[S_CP]
        if node == N_PLAN:   # WS-PLAN-2..5: secret commitments, then the reveal
            a = plans[0] if agents[cp] == AGENT_FIRST else plans[int(agent_u[ply] * n_plans)]
            history[ply] = a
            ply += 1
            plan[cp] = a - _PLAN
            S[S_PLAN_NEXT] += 1
            if S[S_PLAN_NEXT] < n:
                continue
            for s in range(n):   # plan.reveal
                if pos[s] < 0:
                    continue
                mask = plan[s]
                for c in range(12):
                    if mask >> c & 1:
                        cnt[c, s] += 1
                        if c >= 6:
                            brave[c, s] += 1
            S[S_PLAN_NEXT] = 0
            if cfg[C_NEUTRAL]:
                S[S_PH] = PH_NEUTRAL
            else:
                _interfere(cfg, m)
                _order_start(cfg, bd, m, ties)
        elif node == N_ROLL:
            roll = _die(chance_u[ply])
            history[ply] = roll
            ply += 1
            if S[S_PH] == PH_NEUTRAL:   # interfere.place_neutral (WS-VAR-2P-1)
                cnt[S[S_NROLLS] * 6 + roll - 1, n] += 1
                S[S_NROLLS] += 1
            else:   # order.apply_tie: even -> smaller column first, odd -> larger (WS-AMB-08)
                t = S[S_TIE_I]
                i0 = ties[t, 0]
                k = ties[t, 1]
                rev = roll % 2 == 1
                for i in range(i0 + 1, i0 + k):   # a stable insertion sort by column
                    s = order[i]
                    col = pos[s] % W
                    j = i
                    while j > i0:
                        pc = pos[order[j - 1]] % W
                        if (pc > col) if not rev else (pc < col):
                            order[j] = order[j - 1]
                            j -= 1
                        else:
                            break
                    order[j] = s
                S[S_TIE_I] = t + 1
                if t + 1 >= S[S_N_TIES]:
                    _begin_action(cfg, m)
        elif node == N_DRAW:   # move.draw_cube (WS-ITEM-1, WS-ITEM-2)
            total = bag[0] + bag[1] + bag[2]
            ptotal = 0.0
            for c in range(3):
                if bag[c] > 0:
                    ptotal += bag[c] / total
            x = chance_u[ply] * ptotal
            acc = 0.0
            colour = -1
            for c in range(3):
                if bag[c] > 0:
                    acc += bag[c] / total
                    colour = c
                    if x < acc:
                        break
            history[ply] = _CUBE + colour
            ply += 1
            ni = S[S_N_INTR]
            s = intr[0, 1]
            intr[:ni - 1] = intr[1:ni]
            S[S_N_INTR] = ni - 1
            bag[colour] -= 1
            cubes[s, colour] += 1
            counts[E_DRAW] += 1
            if cubes[s, 0] + cubes[s, 1] + cubes[s, 2] > cfg[C_CUBE_LIMIT]:
                ni = S[S_N_INTR]
                intr[1:ni + 1] = intr[:ni].copy()
                intr[0, 0] = I_RETURN
                intr[0, 1] = s
                S[S_N_INTR] = ni + 1
        elif node == N_RETURN:   # flow._return: one cube back to the bag (WS-ITEM-2)
            k = 0
            for c in range(3):
                if cubes[cp, c] > 0:
                    legal[k] = c
                    k += 1
            colour = legal[0] if agents[cp] == AGENT_FIRST else legal[int(agent_u[ply] * k)]
            history[ply] = _RETURN + colour
            ply += 1
            ni = S[S_N_INTR]
            intr[:ni - 1] = intr[1:ni]
            S[S_N_INTR] = ni - 1
            cubes[cp, colour] -= 1
            bag[colour] += 1
        elif node == N_RISE:   # cleanup.apply_rise: rise or stay (cleanup_updraft = optional)
            a = _RISE if agents[cp] == AGENT_FIRST or int(agent_u[ply] * 2) == 0 else _STAY
            history[ply] = a
            ply += 1
            S[S_RISE_I] += 1
            if a == _RISE:
                rise[1, S[S_N_RISERS]] = cp
                S[S_N_RISERS] += 1
        elif node == N_PLACE:   # the crashed seat picks a reset half-hex (flow.legal: sorted)
            k = S[S_N_CANDS]
            h = cands[0] if agents[cp] == AGENT_FIRST else cands[int(agent_u[ply] * k)]
            history[ply] = _HEX + h
            ply += 1
            ni = S[S_N_INTR]
            intr[:ni - 1] = intr[1:ni]
            S[S_N_INTR] = ni - 1
            pos[cp] = h
            _check_hex(cfg, bd, m, h, _NO_MOVER)
        elif node == N_LAY:   # the layer picks a placement (WS-CLEANUP-3..5)
            physical = cfg[C_PHYSICAL_TWO] != 0
            k = _legal_spots(cost, queue, S[S_N_QUEUE], S[S_LAY_CARD], True, physical, spots)
            if k == 0:
                k = _legal_spots(cost, queue, S[S_N_QUEUE], S[S_LAY_CARD], False, physical, spots)
            b = spots[0] if agents[cp] == AGENT_FIRST else spots[int(agent_u[ply] * k)]
            history[ply] = _LAY + b
            ply += 1
            _lay(cfg, cd, m, queue, S[S_LAY_CARD], b)
            if cfg[C_REPEAT] and S[S_KMIN] < cfg[C_CARDS] and _bottom_empty(cfg, bd, m):
                S[S_CSTAGE] = CS_COVER   # cleanup.apply_lay: the next empty card leaves too
        else:   # N_ACTION: act.legal and act.apply
            k = _action_legal(cfg, m, rear_free, cp, legal)
            a = legal[0] if agents[cp] == AGENT_FIRST else legal[int(agent_u[ply] * k)]
            history[ply] = a
            ply += 1
            s = cp
            if _TAKE <= a < _TAKE + 12:   # WS-ACT-1: take back a die, resolve its icons
                cell = a - _TAKE
                if not _remove_die(cfg, cnt, brave, cell, s):
                    return BAIL_DICE
                k = celltok_len[cell]
                for j in range(k):
                    pend[j] = celltok[cell, j]
                S[S_PEND_PTR] = 0
                S[S_PEND_END] = k
                S[S_PEND_OWNER] = s
                S[S_PEND_STARTED] = 1
                if k > 0:
                    _run_token(cfg, bd, m)
            elif a == _GO:
                _run_token(cfg, bd, m)
            elif a == _END:   # WS-ACT-4
                done[s] = True
            elif _SPRINT <= a < _SPRINT + 6:   # WS-SPRINT-1
                counts[E_SPRINT] += 1
                alt[s] -= cfg[C_SPRINT_COST]   # paid even if the step is not made (WS-AMB-13)
                _step(cfg, bd, m, s, a - _SPRINT)
            elif _FREE <= a < _FREE + 6:   # free sprints, or the start sprint (WS-VAR-45P-2)
                if S[S_FREE_SEAT] >= 0:
                    S[S_FREE_LEFT] -= 1
                    if S[S_FREE_LEFT] <= 0:
                        S[S_FREE_SEAT] = -1
                else:
                    rear[s] -= 1   # the rear start sprints left (WS-VAR-45P-2)
                counts[E_FREE_SPRINT] += 1
                _step(cfg, bd, m, s, a - _FREE)
            elif a == _DECLINE:
                S[S_FREE_SEAT] = -1
            elif _STEAL <= a < _STEAL + 3 * _STEAL_COLOUR:   # red: steal steal_amount altitude (WS-FAQ-Q4, WS-AMB-04)
                colour = (a - _STEAL) // _STEAL_COLOUR   # actions.steal_parts
                t = (a - _STEAL) % _STEAL_COLOUR
                cubes[s, colour] -= 1   # act.pay
                bag[colour] += 1
                counts[E_STEAL] += 1
                got = alt[t] - 1
                if got > cfg[C_STEAL]:
                    got = cfg[C_STEAL]
                if got > 0:
                    _change_altitude(cfg, bd, m, t, -got, s)
                    if pos[s] >= 0:
                        _change_altitude(cfg, bd, m, s, got, s)
            elif _GIVE <= a < _GIVE + 3 * _GIVE_COLOUR:   # blue: a seat resolves a Brave die (WS-FAQ-Q5a)
                colour = (a - _GIVE) // _GIVE_COLOUR   # actions.give_parts
                cell = (a - _GIVE) % _GIVE_COLOUR // _GIVE_CELL
                t = (a - _GIVE) % _GIVE_CELL
                cubes[s, colour] -= 1
                bag[colour] += 1
                if not _remove_die(cfg, cnt, brave, cell, s):
                    return BAIL_DICE
                S[S_GIFT_USER] = s
                S[S_GIFT_TARGET] = t
                S[S_GIFT_CRASHED] = 0
                k = celltok_len[cell]
                for j in range(k):
                    pend[j] = celltok[cell, j]
                S[S_PEND_PTR] = 0
                S[S_PEND_END] = k
                S[S_PEND_OWNER] = t
                S[S_PEND_STARTED] = 0
                counts[E_GIFT] += 1
            elif _YELLOW <= a < _YELLOW + 3:   # the kit's yellow: yellow_sprints free sprints (WS-AMB-04)
                colour = a - _YELLOW
                cubes[s, colour] -= 1
                bag[colour] += 1
                S[S_FREE_SEAT] = s
                S[S_FREE_LEFT] = cfg[C_YELLOW_SPRINTS]
                S[S_FREE_BLUE] = 0
                counts[E_ITEM_FREE] += 1
    if ply >= max_plies:   # ended on its last allowed ply: the engine's playout still says no end
        return TOO_LONG
    for s in range(n):
        result[s] = exited[s]
        result[n + s] = score[s]
    return ply
