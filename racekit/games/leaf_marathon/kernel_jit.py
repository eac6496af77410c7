"""The Leaf Marathon playout kernel compiled with numba (imported only when numba is installed).

A second implementation of the whole game for the random, first-legal and careful agents
(:func:`_careful` restates ``agents.CarefulAgent``'s choices), over
NumPy arrays, following the engine's own structure so that it can be read beside it: the
same task stack as :mod:`.flow` (tasks are rows ``(name, a, b, c, d)`` of an int array,
pushed and popped in the same order), the same prompts, and one function per engine
function, each named in its docstring with the clauses it restates. The state lives in two
arrays, so that a call passes few of them (numba counts references of every array passed):
``g`` (game scalars, the prompt and its data, then the piles, the task stack, the terrain
and roadblocks of the current leg at the ``O_`` offsets) and ``sv`` (``sv[row, seat]``: the
seat fields, then each seat's sorted hand of card codes (:mod:`.cards`), buffs, dealt
characters and leg points); the settings are two read-only arrays, ``cfg`` and ``tab``.

Chance is precomputed in Python with :func:`racekit.core.chance.stream_array` (salt 0 for
chance nodes, ``0xA6E27`` for the random agent); chance outcomes follow
:func:`racekit.core.chance.pick` (outcomes by value, running sums of their probabilities,
the same float operations) and the random agent takes ``legal[int(u * len(legal))]`` on the
engine's legal list, built here in the engine's order (the careful agent's fallback pick reads
salt 7, as the agent does). When the numbers run out the loop
returns :data:`NEED_MORE` and :func:`play` calls it again with longer arrays (the same game).

Why the whole game: measured over 200 default random games (4 seats, about 1,010 plies), a
game rolls the d20 48 times and each of the twenty events shows in about 90% of games; every
prompt kind but the rarest (scav_mode, 56% of games) shows in most games. A loop that bailed
out on any d20 event would have handed most games back to Python.

Covered: every option value, 2 to 6 seats. BAIL-OUT: a situation this loop does not restate
(a full array, a Magic Bind level past the weight tables under ``magic_bind_stack =
multiply``) returns :data:`BAIL`; the rules engine then replays the whole game
(:class:`racekit.sim.kernels.CompiledKernel`; same seed, so the same game). None was seen in
10,000 default random games (2 to 6 seats). A map or roster larger than the arrays
(:func:`supports`) is played by the engine from the start. Every simulation checks this loop
against the engine on games of its own run (:func:`racekit.sim.kernels.check_kernel`). First compile about 50 s of CPU (cached on disk by numba,
``kernels.warm_up`` does it at set-up); a cached load about 1 s.
"""
from __future__ import annotations

from ...core.errors import no_end

import weakref

import numpy as np
from numba import njit

from ...core.chance import BLOCK, stream_array
from . import cards as C
from ...core.chance import Sampler
from ...core.errors import MAX_PLIES
from ...sim.kernels import Playout
from . import finish
from .actions import (ACT, ACT_TRIGGER, BEAR, BLIND, BUFF, CODES, COUNT, DEAL, DONE,
                      DRAW, DROP_ARMOR, ELEMENT, END, EQUIP, FFR, GIVE, GOH, KEEP_ARMOR,
                      KEEP_BUFF, KEEP_CHAR, KEEP_NO_BUFF, NO_RESIN, PASS, PICK, RAINBOOM,
                      RECOVER, RESIN, REVIVE_NOW, REVIVE_WAIT, ROADBLOCK, SHED, TARGET, TRIGGER,
                      TWO3)
from .text import COUNTED as EVENTS

AGENTS = ("random", "first", "careful")
"""The agents this loop plays (:func:`_careful` restates ``agents.CarefulAgent``'s choices)."""

NEED_MORE = -1
"""Returned by :func:`_game` when the chance numbers ran out (call again with more)."""
TOO_LONG = -2
"""Returned by :func:`_game` when the game passed ``max_plies`` (a rules bug)."""
BAIL = -3
"""Returned by :func:`_game` for a situation it does not restate: the engine replays."""
AGENT_RANDOM, AGENT_FIRST, AGENT_CAREFUL = 0, 1, 2
AGENT_CODES = {"random": AGENT_RANDOM, "first": AGENT_FIRST, "careful": AGENT_CAREFUL}
AGENT_SALT = 0xA6E27
CAREFUL_SALT = 7
"""The salt of the careful agent's fallback pick (agents.CarefulAgent: ``uniform(seed, ply, 7)``)."""

# ----- action ids: the codec's own constants (actions.py, imported above) -----
# card types and labels (cards.py)
T_ACTION, T_WEAPON, T_ARMOR, T_RECOVERY, T_EFFECT, T_TRIGGER, T_ELEMENT = range(7)
L_GOH, L_RAINBOOM, L_BEAR, L_ROADBLOCK, L_FFR, L_RESIN = 1, 2, 3, 4, 5, 6
RECEIVED = 64
DOUBLED = 128
# terrain
START, LEAF, FOREST, VINE, SAND, FINISH = range(6)
TERRAIN_CODES = {"start": START, "leaf": LEAF, "forest": FOREST, "vine": VINE, "sand": SAND,
                 "finish": FINISH}

# tasks (flow.TASKS)
(K_ROUND_START, K_REVIVE, K_BEAR_REFILL, K_FIX_ORDER, K_ORDER_ROLL, K_TURNS, K_TURN, K_WINDOW,
 K_POLL, K_MOVEMENT, K_ROUND_END, K_DRAW, K_D20, K_EVENT, K_BLIND, K_TRADE_BACK,
 K_REWIND_TERRAIN, K_FRIEND, K_LEG_CHANGE, K_LEG_HANDS, K_LEG_KEEP, K_KEEP_ARMOR, K_KEEP_BUFF,
 K_LEG_STAMINA, K_GAME_OVER, K_DEAL, K_DRAFT_KEEP, K_REVEAL, K_DRAFT_SEQ, K_OPENING,
 K_EXCHANGE) = range(31)
# prompts (st.pk); P_DRAW..P_DEAL are chance nodes
(P_NONE, P_OVER, P_DRAW, P_ORDER_DIE, P_D20, P_DIE, P_BLIND, P_DEAL, P_TURN, P_WINDOW, P_SELECT,
 P_TARGET, P_COUNT, P_RESIN, P_SCAV, P_FRIEND, P_REVIVE, P_KEEP_CHAR, P_KEEP_ARMOR,
 P_KEEP_BUFF) = range(20)
# select purposes, target purposes, blind reasons
SEL_EXCHANGE, SEL_LEG_DISCARD, SEL_TRAVEL, SEL_BARTER, SEL_BUTTER, SEL_RELEASE = range(6)
TG_TRADE, TG_SCAV, TG_RELEASE, TG_SWAP = range(4)
WHY_TRADE, WHY_BUTTER, WHY_SCAV = range(3)

# game scalars g[...]
(G_ROUND, G_ROUNDS_PLAYED, G_LEG, G_PREV, G_MB, G_TURN_OVER, G_WIN_PASSED, G_WIN_NEXT,
 G_WIN_LAST, G_OVER, G_PK, G_PS, G_ORDER_READY, G_NT, G_NORDER, G_NOG, G_NPLACES, G_NPLACED,
 G_NLIMBO, G_FIN, G_PD_A, G_PD_B, G_PD_C, G_PD_D, G_NPOOL, G_NPICKED, G_NCANDS, G_BAIL,
 G_FIELDS) = range(29)
# seat rows sv[field, seat]
(S_POS, S_STAM, S_CHAR, S_PMAX, S_PMOVE, S_ARMOR, S_BOUND, S_FAINT, S_RETURNING, S_FINISHED,
 S_FIN_PLACE, S_ACTS, S_DID23, S_DID_SHED, S_BEAR_NEXT, S_BEAR_DOUBLE, S_BEAR_SKIP, S_HELD,
 S_STOPPED, S_STOP_NEXT, S_STOP_SKIP, S_RAINBOOM, S_EXCHANGED, S_KEPT, S_OROLLS, S_HLEN, S_ELEN,
 S_FLEN, S_DLEN, S_ORDER, S_OGS, S_OGB, S_FIELDS) = range(33)
# settings cfg[...]
(C_N, C_PER, C_FOREST_REPLACE, C_FOREST_PER_MOVE, C_SAND_DRAWS, C_SAND_CHAIN, C_GOH5,
 C_ACT_TRIG, C_WINDOWS, C_EXCESS_CARDS, C_ARMOR_BLOCKS, C_BUFF_A_HEALS, C_TIE_DENSE,
 C_FIN_TARGET, C_FIN_REGEN, C_FRIEND_COUNTS, C_BIND_GLOBAL, C_MB_MULTIPLY, C_MB_LEG,
 C_REWIND_FIRST, C_STOP_NEXT, C_BEAR_ALL, C_TRAVEL_CARDS, C_ATTR_D20, C_RELEASE_ANY,
 C_ROADBLOCK_BEFORE, C_TELEPORT_TERRAIN, C_DRAFT_SEQ, C_LEG_FAINT_CARRY, C_DRAW_TOTAL,
 C_BF_RANDOM, C_RECEIVED_HOLDER, C_RESIN_SELF, C_RESIN_BLOCKS, C_FFR_ONCE, C_SWAMP_STEP,
 C_MAX_ROUNDS, C_BONUS_LEG, C_NLEGS, C_HEAL, C_NROSTER, C_TIE_SPLIT, C_MOVE_SEQ, C_RESIN_KEEP,
 C_MB_HELD_NOW, C_TRIG_ANY, C_BEAR_RETURN,
 # the rule numbers (params.PARAMS), in table order; C_PTS1..3 adjacent
 C_OPENING, C_ACT_BONUS, C_TWO3_DRAW, C_SHED_DRAW, C_WDIV, C_WEAPON_RANGE, C_FOREST_COST,
 C_PTS1, C_PTS2, C_PTS3, C_LEG_HAND, C_GOH_DIST, C_SCAV_CARDS, C_FFR_PENALTY, C_BUFF_C,
 C_TERRAIN_DIE, C_DRAFT_DEAL, C_BUFF_A_STAMINA, C_BUFF_A_LIMIT, C_BUFF_B_MOVE,
 C_FIELDS) = range(68)
PARAM_FIELDS = {"opening_hand": C_OPENING, "action_bonus": C_ACT_BONUS,
                "two_for_three_draw": C_TWO3_DRAW, "shed_draw": C_SHED_DRAW,
                "weight_divisor": C_WDIV, "weapon_range": C_WEAPON_RANGE,
                "forest_stamina_cost": C_FOREST_COST, "first_points": C_PTS1, "second_points": C_PTS2,
                "third_points": C_PTS3, "leg_hand": C_LEG_HAND, "goh_distance": C_GOH_DIST,
                "scavenge_cards": C_SCAV_CARDS, "ffr_cost": C_FFR_PENALTY,
                "buff_c_regen": C_BUFF_C, "terrain_die": C_TERRAIN_DIE, "draft_deal": C_DRAFT_DEAL,
                "buff_a_stamina": C_BUFF_A_STAMINA, "buff_a_limit": C_BUFF_A_LIMIT,
                "buff_b_move": C_BUFF_B_MOVE}
"""The ``cfg`` field of every parameter of :data:`.params.PARAMS` (a test checks it covers all)."""
ARMOR_FOREST, ARMOR_ANY, ARMOR_WEAPONS = 0, 1, 2

# event counters: the order of EVENTS
(E_D20, E_FAINT, E_REVIVED, E_TRIGGER_PLAYED, E_SPECIAL_PLAYED, E_ACTION_CARD, E_TWO3, E_SHED,
 E_WEAPON_GIVEN, E_ARMOR_USED, E_FOREST, E_ROADBLOCK_PAID, E_STOPPED, E_MAGIC_BIND,
 E_PHYSICAL_BIND, E_RESHUFFLE, E_FINISH, E_GUARD, N_EVENTS) = range(19)
assert EVENTS == ("d20", "faint", "revived", "trigger_played", "special_played", "action_card",
                  "two_for_three", "shed", "weapon_given", "armor_used", "forest", "roadblock_paid",
                  "stopped", "magic_bind", "physical_bind", "reshuffle", "finish", "guard")

HAND_MAX = 64      # cards in one hand (more: BAIL)
TASK_MAX = 256     # tasks on the stack (more: BAIL)
LEGAL_MAX = 8192
MB_LEVELS = 16     # Magic Bind levels with a weight table (more: BAIL)
LIMBO_MAX = 8
ELEM_MAX = 8       # element cards played by one seat in one leg (more: BAIL)
MAX_SQUARES = 128  # squares of a leg, legs of a map, characters of a roster (more: the engine plays)
MAX_LEGS = 8
MAX_ROSTER = 256

# Everything the compiled functions pass around is four arrays (each array passed costs
# reference counting on every call): ``cfg`` and ``tab`` (settings and tables, read only), ``g``
# (the game: scalars, then the zones below at their offsets) and ``sv`` (``sv[row, seat]``: the
# seat fields, then each seat's hand, element buffs, Friendship buffs, dealt characters and leg
# points as rows).
O_PILE = G_FIELDS
O_DISC = O_PILE + 7
O_LIMBO = O_DISC + 7
O_CANDS = O_LIMBO + LIMBO_MAX
O_COUNTS = O_CANDS + 16
O_POOL = O_COUNTS + N_EVENTS
O_PICKED = O_POOL + HAND_MAX
O_TERR = O_PICKED + HAND_MAX
O_ROAD = O_TERR + MAX_SQUARES
O_TASKS = O_ROAD + MAX_SQUARES
G_SIZE = O_TASKS + 5 * TASK_MAX
O_HAND = S_FIELDS
O_ELEM = O_HAND + HAND_MAX
O_FB = O_ELEM + ELEM_MAX
O_DEALT = O_FB + 4
O_LEGPTS = O_DEALT + 4
S_SIZE = O_LEGPTS + MAX_LEGS
O_DECK = C_FIELDS
O_LEGLEN = O_DECK + 7
O_RMAX = O_LEGLEN + MAX_LEGS
O_RMOVE = O_RMAX + MAX_ROSTER
O_DOUBLES = O_RMOVE + MAX_ROSTER
CFG_SIZE = O_DOUBLES + 7

def supports(game) -> str | None:
    """``None`` when the compiled loop plays ``game``; else why not (a map or roster larger than
    its arrays: those games are played by the engine from the start)."""
    if (len(game.legs) > MAX_LEGS or max(len(leg) for leg in game.legs) > MAX_SQUARES
            or len(game.roster_all) > MAX_ROSTER):
        return f"a map or roster larger than the compiled loop's arrays ({MAX_SQUARES} squares)"
    return None


class Tables:
    """The settings of one configured game as arrays for the compiled loop.

    Attributes:
        cfg: int64 settings indexed by the ``C_`` constants (options, and the rule numbers of
            :data:`.params.PARAMS` at :data:`PARAM_FIELDS`), then the deck's card counts
            (``O_DECK``), each leg's number of squares (``O_LEGLEN``) and each character's
            printed max stamina and movement (``O_RMAX``, ``O_RMOVE``).
        tab: ``tab[level, code]``: card weights per Magic Bind level (cards.weight_table), then
            ``tab[MB_LEVELS + leg, square]``: the terrain codes of each leg.
        blocks: blocks of chance numbers to draw first (follows the games played).
    """

    def __init__(self, game):
        o = game.flags
        cfg = np.zeros(CFG_SIZE, dtype=np.int64)
        cfg[C_N] = game.num_players
        cfg[C_PER] = o.per_square
        cfg[C_FOREST_REPLACE] = o.forest_replace
        cfg[C_FOREST_PER_MOVE] = o.forest_per_move
        cfg[C_SAND_DRAWS] = o.sand_draws
        cfg[C_SAND_CHAIN] = o.sand_chain
        cfg[C_GOH5] = o.goh_within5
        cfg[C_ACT_TRIG] = o.action_as_trigger
        cfg[C_WINDOWS] = o.anytime_window
        cfg[C_EXCESS_CARDS] = o.excess_cards
        cfg[C_ARMOR_BLOCKS] = {"forest": ARMOR_FOREST, "any_stamina_loss": ARMOR_ANY,
                               "stamina_loss_and_weapons": ARMOR_WEAPONS}[o.armor_blocks]
        cfg[C_BUFF_A_HEALS] = o.buff_a_heals
        cfg[C_TIE_DENSE] = o.tie_points == "share_dense"
        cfg[C_FIN_TARGET] = o.finished_targetable
        cfg[C_FIN_REGEN] = o.finished_regen
        cfg[C_FRIEND_COUNTS] = o.friendship_counts
        cfg[C_BIND_GLOBAL] = o.bind_global
        cfg[C_MB_MULTIPLY] = o.mb_multiply
        cfg[C_MB_LEG] = o.mb_scope_leg
        cfg[C_REWIND_FIRST] = o.rewind_terrain_first
        cfg[C_STOP_NEXT] = o.stop_next_round
        cfg[C_BEAR_ALL] = o.bear_all
        cfg[C_TRAVEL_CARDS] = o.travel_cards
        cfg[C_ATTR_D20] = o.attraction_d20
        cfg[C_RELEASE_ANY] = o.release_any
        cfg[C_ROADBLOCK_BEFORE] = o.roadblock_before
        cfg[C_TELEPORT_TERRAIN] = o.teleport_terrain
        cfg[C_DRAFT_SEQ] = o.draft_sequential
        cfg[C_LEG_FAINT_CARRY] = o.leg_faint_carry
        cfg[C_DRAW_TOTAL] = o.draw_total
        cfg[C_BF_RANDOM] = o.butterfingers_random
        cfg[C_RECEIVED_HOLDER] = o.received_holder
        cfg[C_RESIN_SELF] = o.resin_self
        cfg[C_RESIN_BLOCKS] = o.resin_blocks_teleport
        cfg[C_FFR_ONCE] = o.ffr_penalty_once
        cfg[C_SWAMP_STEP] = o.swamp_step
        cfg[C_MAX_ROUNDS] = o.max_rounds
        cfg[C_BONUS_LEG] = o.bonus_leg
        cfg[C_NLEGS] = len(game.legs)
        cfg[C_HEAL] = game.heal
        cfg[C_NROSTER] = len(game.roster)
        cfg[C_TIE_SPLIT] = o.tie_points == "split"
        cfg[C_MOVE_SEQ] = o.move_sequential
        cfg[C_RESIN_KEEP] = o.resin_keep
        cfg[C_MB_HELD_NOW] = o.mb_held_now
        cfg[C_TRIG_ANY] = o.trigger_any_use
        cfg[C_BEAR_RETURN] = o.bear_on_return
        for name, field in PARAM_FIELDS.items():   # the rule numbers, as the engine reads them
            cfg[field] = game.params[name]
        cfg[O_DOUBLES:O_DOUBLES + 7] = game.doubles
        cfg[O_DECK:O_DECK + 7] = game.deck_counts
        cfg[O_LEGLEN:O_LEGLEN + len(game.legs)] = [len(leg) for leg in game.legs]
        cfg[O_RMAX:O_RMAX + len(game.roster_all)] = [c.max_stamina for c in game.roster_all]
        cfg[O_RMOVE:O_RMOVE + len(game.roster_all)] = [c.movement for c in game.roster_all]
        self.cfg = cfg
        tab = np.zeros((MB_LEVELS + len(game.legs), 256), dtype=np.int64)
        st = game.new_initial_state(record_events=False)
        st.weight_tables = {}
        for level in range(MB_LEVELS):
            st.mb_level = level
            tab[level] = C.weight_table(st)
        for k, leg in enumerate(game.legs):
            tab[MB_LEVELS + k, :len(leg)] = [TERRAIN_CODES[t] for t in leg]
        self.tab = tab
        self.blocks = 18.0


_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def tables(game) -> Tables:
    """The :class:`Tables` of ``game`` (built once per configured game)."""
    t = _TABLES.get(game)
    if t is None:
        t = _TABLES[game] = Tables(game)
    return t


class Final:
    """The end of a game as :func:`finish.ranking` reads it (a stand-in for the state)."""

    def __init__(self, game, sv):
        self.n = game.num_players
        self.o = game.flags
        self.leg_points = [[_points(x) for x in row]
                           for row in sv[O_LEGPTS:O_LEGPTS + len(game.legs)].T.tolist()]
        self.fin_place = sv[S_FIN_PLACE].tolist()
        self.stamina = sv[S_STAM].tolist()


def _points(x: int):
    """Leg points as ``finish.award`` computes them: ``x`` itself, or for ``tie_points = split``
    (LM-AMB-19) the code ``-(1 + place points summed * 10000 + group size * 100 + penalty)``
    that :func:`_award` stores, worked out here with the engine's own float operations."""
    if x >= 0:
        return x
    total, rest = divmod(-x - 1, 10000)
    size, penalty = divmod(rest, 100)
    value = total / size
    pts = int(value) if value == int(value) else value
    return max(0, pts - penalty)


def play(game, seed: int, agents, max_plies: int, blocks: int | None = None, bail_at: int = -1):
    """One whole game: ``(history list, ranking, rounds, counts)``, or ``None`` for a BAIL.

    ``bail_at`` (tests): return a BAIL on reaching that ply, as an unrestated rule would.

    Raises:
        RuntimeError: no end within ``max_plies`` (a rules bug).
    """
    t = tables(game)
    n = game.num_players
    if blocks is None:                            # a third more than the mean: few retries
        blocks = int(1.3 * t.blocks) + 1
    if len(agents) < n:   # the compiled loop would read past the array (no bounds checks)
        raise ValueError(f"{len(agents)} agents for {n} seats")
    codes = np.array([AGENT_CODES[a] for a in agents], dtype=np.int64)
    chance_u = stream_array(seed, 0, blocks * BLOCK)
    agent_u = stream_array(seed, AGENT_SALT, blocks * BLOCK)
    careful = "careful" in agents
    careful_u = stream_array(seed, CAREFUL_SALT, blocks * BLOCK) if careful else agent_u
    while True:
        history = np.empty(len(chance_u), dtype=np.int64)
        g = np.zeros(G_SIZE, dtype=np.int64)
        sv = np.zeros((S_SIZE, n), dtype=np.int64)
        plies = _game(t.cfg, t.tab, codes, chance_u, agent_u, careful_u, max_plies, bail_at,
                      history, g, sv)
        if plies >= 0:
            break
        if plies == BAIL:
            return None
        if plies == TOO_LONG:
            raise no_end(game, seed, max_plies)
        more = len(chance_u) // 2                 # NEED_MORE: half as many again
        stop = len(chance_u) + more
        chance_u = np.concatenate((chance_u, stream_array(seed, 0, stop, len(chance_u))))
        agent_u = np.concatenate((agent_u, stream_array(seed, AGENT_SALT, stop, len(agent_u))))
        careful_u = (np.concatenate((careful_u, stream_array(seed, CAREFUL_SALT, stop, len(careful_u))))
                     if careful else agent_u)
    t.blocks = 0.9 * t.blocks + 0.1 * (plies / BLOCK)
    ranking = finish.ranking(Final(game, sv))
    return (history[:plies].tolist(), ranking, int(g[G_ROUND]),
            g[O_COUNTS:O_COUNTS + N_EVENTS].tolist())


def playout(game, seed: int, agents, bail_at: int = -1) -> Playout | None:
    """One whole game (:class:`racekit.sim.kernels.Playout`), or ``None`` for a BAIL (the engine
    replays it). ``bail_at`` (tests): bail on reaching that ply."""
    Sampler(seed)   # checks the seed as the engine's playout does
    out = play(game, seed, agents, MAX_PLIES, bail_at=bail_at)
    if out is None:
        return None
    history, ranking, rounds, counts = out
    return Playout(history, ranking, rounds, dict(zip(EVENTS, counts)))


# ----- small helpers ------------------------------------------------------------------------

@njit(cache=True)
def _push(g, name, a, b, c, d):
    """st.push: one task on top of the stack."""
    k = g[G_NT]
    if k >= TASK_MAX:
        g[G_BAIL] = 1
        return
    row = O_TASKS + 5 * k
    g[row] = name
    g[row + 1] = a
    g[row + 2] = b
    g[row + 3] = c
    g[row + 4] = d
    g[G_NT] = k + 1


@njit(cache=True)
def _hand_add(g, sv, s, c):
    """stats.add_to_hand: the hand stays sorted."""
    k = sv[S_HLEN, s]
    if k >= HAND_MAX:
        g[G_BAIL] = 1
        return
    i = k
    while i > 0 and sv[O_HAND + i - 1, s] > c:
        sv[O_HAND + i, s] = sv[O_HAND + i - 1, s]
        i -= 1
    sv[O_HAND + i, s] = c
    sv[S_HLEN, s] = k + 1


@njit(cache=True)
def _hand_remove_at(sv, s, i):
    k = sv[S_HLEN, s]
    for j in range(i, k - 1):
        sv[O_HAND + j, s] = sv[O_HAND + j + 1, s]
    sv[S_HLEN, s] = k - 1


@njit(cache=True)
def _hand_remove(g, sv, s, c):
    """list.remove: the first card with code ``c``."""
    for i in range(sv[S_HLEN, s]):
        if sv[O_HAND + i, s] == c:
            _hand_remove_at(sv, s, i)
            return
    g[G_BAIL] = 1


@njit(cache=True)
def _remove_plain(g, sv, s, t):
    """turn._remove_type: take the first plain (unlabelled) card of type ``t``; its code."""
    for i in range(sv[S_HLEN, s]):
        c = sv[O_HAND + i, s]
        if c & 7 == t and not c & 0x38:
            _hand_remove_at(sv, s, i)
            return c
    g[G_BAIL] = 1
    return 0


@njit(cache=True)
def _takeable_count(sv, s):
    """len(stats.takeable): cards other than Free Forced Rest (LM-AMB-35)."""
    k = 0
    for i in range(sv[S_HLEN, s]):
        if (sv[O_HAND + i, s] >> 3) & 7 != L_FFR:
            k += 1
    return k


@njit(cache=True)
def _has_buff(sv, s, b):
    """stats.has_buff: none while Physical Bind holds the seat (LM-EVENT-04)."""
    if sv[S_BOUND, s]:
        return 0
    for i in range(sv[S_ELEN, s]):
        if sv[O_ELEM + i, s] == b:
            return 1
    for i in range(sv[S_FLEN, s]):
        if sv[O_FB + i, s] == b:
            return 1
    return 0


@njit(cache=True)
def _owned(sv, s):
    """stats.owned as a bit mask of buffs A, B, C."""
    m = 0
    for i in range(sv[S_ELEN, s]):
        if sv[O_ELEM + i, s] < 3:
            m |= 1 << sv[O_ELEM + i, s]
    for i in range(sv[S_FLEN, s]):
        m |= 1 << sv[O_FB + i, s]
    return m


@njit(cache=True)
def _max_stamina(cfg, sv, s):
    """stats.max_stamina: printed max + ``buff_a_stamina`` for buff A (LM-ELEMENT-4)."""
    return sv[S_PMAX, s] + cfg[C_BUFF_A_STAMINA] * _has_buff(sv, s, 0)


@njit(cache=True)
def _clamp(cfg, sv, s):
    """stats.clamp_stamina (LM-AMB-17)."""
    m = _max_stamina(cfg, sv, s)
    if sv[S_STAM, s] > m:
        sv[S_STAM, s] = m


@njit(cache=True)
def _targetable(cfg, sv, t):
    """stats.targetable (LM-AMB-20)."""
    return not sv[S_FINISHED, t] or cfg[C_FIN_TARGET]


@njit(cache=True)
def _movement_total(cfg, tab, g, sv, s):
    """stats.movement_total: value + action bonus - excess, at least 0 (LM-MOVE-1,
    LM-ACTION-2, LM-WEIGHT-2/3, LM-AMB-14, LM-AMB-28)."""
    if cfg[C_EXCESS_CARDS]:
        load = sv[S_HLEN, s]
    else:
        load = 0
        level = g[G_MB]
        for i in range(sv[S_HLEN, s]):
            load += tab[level, sv[O_HAND + i, s]]
    limit = sv[S_PMAX, s] // cfg[C_WDIV] + cfg[C_BUFF_A_LIMIT] * _has_buff(sv, s, 0)
    excess = load - limit
    if excess < 0:
        excess = 0
    bonus = sv[S_ACTS, s] * cfg[C_ACT_BONUS] * (2 if sv[S_BEAR_DOUBLE, s] else 1)
    total = sv[S_PMOVE, s] + cfg[C_BUFF_B_MOVE] * _has_buff(sv, s, 1) + bonus - excess
    return total if total > 0 else 0


@njit(cache=True)
def _faint(cfg, g, sv, s):
    """move.faint (LM-FAINT-1/2); a pending Bear refill and doubling are lost unless
    ``bear_after_faint = on_return`` (LM-AMB-51)."""
    sv[S_STAM, s] = 0
    sv[S_FAINT, s] = 1
    g[O_COUNTS + E_FAINT] += 1
    if not cfg[C_BEAR_RETURN]:
        sv[S_BEAR_NEXT, s] = 0


@njit(cache=True)
def _teleport(cfg, g, sv, s, to):
    """move.teleport: no terrain, draw or stamina (LM-AMB-36) unless the option says so."""
    sv[S_POS, s] = to
    if cfg[C_TELEPORT_TERRAIN] and g[O_TERR + to] == FOREST:
        st = sv[S_STAM, s] - cfg[C_FOREST_COST]
        sv[S_STAM, s] = st if st > 0 else 0
        g[O_TERR + to] = LEAF
        if sv[S_STAM, s] == 0:
            _faint(cfg, g, sv, s)


@njit(cache=True)
def _stop(cfg, g, sv, s):
    """turn.stop: Stumble / Free Forced Rest lose a round (LM-AMB-27)."""
    if cfg[C_STOP_NEXT]:
        sv[S_STOP_NEXT, s] = 1
    else:
        sv[S_STOPPED, s] = 1
        g[G_TURN_OVER] = 1
    g[O_COUNTS + E_STOPPED] += 1


@njit(cache=True)
def _play_special(g, sv, s, lab):
    """turn._play_special: the first card with that label leaves for the discard (LM-AMB-42)."""
    for i in range(sv[S_HLEN, s]):
        c = sv[O_HAND + i, s]
        if (c >> 3) & 7 == lab:
            _hand_remove_at(sv, s, i)
            g[O_DISC + (c & 7)] += 1
            g[O_COUNTS + E_SPECIAL_PLAYED] += 1
            return
    g[G_BAIL] = 1


@njit(cache=True)
def _ask_select(cfg, g, sv, s, purpose, lo, hi, target):
    """st.ask_select with the pool the engine gives ``purpose``: the whole hand for the
    exchange; stats.takeable(s) for the leg-change discard; stats.choosable(s) (no held trigger
    card unless ``trigger_discard = any_use``) for Travel Light and Barter; stats.must_give(s,
    lo) (held triggers only as many as needed to make ``lo``) for Butterfingers and Release
    (LM-AMB-50). The hand is sorted, so the pool is too."""
    L = sv[S_HLEN, s]
    spare = L   # held triggers that may join the pool
    if not cfg[C_TRIG_ANY] and purpose != SEL_EXCHANGE and purpose != SEL_LEG_DISCARD:
        free = 0
        for i in range(L):
            c = sv[O_HAND + i, s]
            if (c >> 3) & 7 != L_FFR and c & 0x3F != T_TRIGGER:
                free += 1
        spare = lo - free if (purpose == SEL_BUTTER or purpose == SEL_RELEASE) else 0
    k = 0
    for i in range(L):
        c = sv[O_HAND + i, s]
        if purpose == SEL_EXCHANGE:
            pass
        elif (c >> 3) & 7 == L_FFR:
            continue
        elif c & 0x3F == T_TRIGGER:
            if spare <= 0:
                continue
            spare -= 1
        g[O_POOL + k] = c
        k += 1
    g[G_NPOOL] = k
    g[G_NPICKED] = 0
    g[G_PD_A] = purpose
    g[G_PD_B] = lo
    g[G_PD_C] = hi if hi >= 0 else k
    g[G_PD_D] = target
    g[G_PK] = P_SELECT
    g[G_PS] = s


# ----- movement (move.py) -----------------------------------------------------------------

@njit(cache=True)
def _spend_armor(g, sv, s):
    """move._spend_armor (LM-ARMOR-1, LM-AMB-16)."""
    g[O_DISC + (sv[S_ARMOR, s] & 7)] += 1
    sv[S_ARMOR, s] = -1
    g[O_COUNTS + E_ARMOR_USED] += 1


@njit(cache=True)
def _square_cost(cfg, terr, armored, seen):
    """move.square_cost: (cost, armor used, forest seen) of entering a square of terrain
    ``terr`` (LM-STAMINA-2, LM-TERRAIN-FOREST-1, LM-AMB-05/07/16)."""
    per = cfg[C_PER]
    if terr == FOREST and not (cfg[C_FOREST_PER_MOVE] and seen):
        if armored:
            c = 0 if (cfg[C_FOREST_REPLACE] or cfg[C_ARMOR_BLOCKS] != ARMOR_FOREST) else per
            return c, True, True
        c = cfg[C_FOREST_COST] if (cfg[C_FOREST_REPLACE] or per == 0) else per + cfg[C_FOREST_COST]
        return c, False, True
    if per and armored and cfg[C_ARMOR_BLOCKS] != ARMOR_FOREST:
        return 0, True, seen
    return per, False, seen


@njit(cache=True)
def _cost(cfg, g, sv, s, sq, seen_forest):
    """move._cost: stamina cost of entering ``sq`` (:func:`_square_cost`); spends the armor."""
    c, used, seen = _square_cost(cfg, g[O_TERR + sq], sv[S_ARMOR, s] >= 0, seen_forest[s] != 0)
    seen_forest[s] = 1 if seen else 0
    if used:
        _spend_armor(g, sv, s)
    return c


@njit(cache=True)
def _run_cost(cfg, g, sv, s, squares):
    """move.run_cost: stamina seat ``s`` would lose moving ``squares`` squares alone (its
    stamina when the run ends in a faint); changes nothing (LM-STAMINA-1/2, LM-TERRAIN-*,
    LM-AMB-05/07/08/16/34)."""
    fin = g[G_FIN]
    stamina = sv[S_STAM, s]
    pos = sv[S_POS, s]
    left = squares
    total = 0
    armored = sv[S_ARMOR, s] >= 0
    seen = False
    paid = -1
    pay = False
    slide = False
    by_slide = False
    for _ in range(2 * squares + 2):
        if pay:
            pay = False
            left -= 1
            paid = pos
            if left == 0:
                if g[O_TERR + pos] == SAND:
                    slide = True
                else:
                    break
            continue
        if slide:
            slide = False
            by_slide = True
            pos += 1
        elif left > 0:
            nxt = pos + 1
            if cfg[C_ROADBLOCK_BEFORE] and g[O_ROAD + nxt] and nxt != paid:
                left -= 1
                paid = nxt
                if left == 0:
                    break
                continue
            pos = nxt
            left -= 1
            by_slide = False
        else:
            break
        t = g[O_TERR + pos]
        cost, used, seen = _square_cost(cfg, t, armored, seen)
        if used:
            armored = False
        total += cost
        if total >= stamina and cost:
            return stamina
        if pos == fin or t == VINE:
            break
        if g[O_ROAD + pos] and pos != paid and not cfg[C_ROADBLOCK_BEFORE]:
            if left > 0:
                pay = True
                continue
            break
        if left == 0:
            if t == SAND and (not by_slide or cfg[C_SAND_CHAIN]):
                slide = True
            else:
                break
    return total


@njit(cache=True)
def _end_of_move(cfg, g, sv, s, active, slide, by_slide):
    """move._end_of_move: a move ending on sand slides one square next tick (LM-AMB-08)."""
    if g[O_TERR + sv[S_POS, s]] == SAND and (not by_slide or cfg[C_SAND_CHAIN]):
        slide[s] = 1
    else:
        active[s] = 0


@njit(cache=True)
def _run_ticks(cfg, g, sv, totals, free, moved, arr_s, arr_o):
    """move.run_ticks: move the seats with ``totals[s] >= 0`` together, tick by tick
    (LM-ROUND-3, LM-MOVE-1..3, LM-AMB-06, LM-STAMINA-1/2, LM-TERRAIN-*, LM-AMB-08, LM-AMB-34,
    LM-AMB-49, LM-FAINT-1). Fills ``moved``; returns (arrivals in ``arr_s``/``arr_o``, fainted)."""
    n = cfg[C_N]
    fin = g[G_FIN]
    left = np.zeros(n, dtype=np.int64)
    slide = np.zeros(n, dtype=np.int64)
    pay = np.zeros(n, dtype=np.int64)
    active = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n, dtype=np.int64)
    fainted = np.zeros(n, dtype=np.int64)
    ent_s = np.zeros(n, dtype=np.int64)
    ent_slide = np.zeros(n, dtype=np.int64)
    squares = np.zeros(n, dtype=np.int64)
    swamps = np.zeros(n, dtype=np.int64)
    paid = np.zeros(2 * n, dtype=np.int64)
    swamp_all = np.zeros(MAX_SQUARES, dtype=np.int64)
    any_active = False
    for s in range(n):
        if totals[s] >= 0:
            left[s] = totals[s]
            if totals[s] > 0:
                active[s] = 1
                any_active = True
    narr = 0
    nf = 0
    tick = 0
    while any_active:
        tick += 1
        ne = 0
        npaid = 0
        for s in range(n):
            if not active[s]:
                continue
            if pay[s]:
                pay[s] = 0
                left[s] -= 1
                paid[npaid] = sv[S_POS, s]
                npaid += 1
                g[O_COUNTS + E_ROADBLOCK_PAID] += 1
                if left[s] == 0:
                    _end_of_move(cfg, g, sv, s, active, slide, False)
                continue
            if slide[s]:
                slide[s] = 0
                sv[S_POS, s] += 1
                ent_s[ne] = s
                ent_slide[ne] = 1
                ne += 1
                continue
            if left[s] > 0:
                nxt = sv[S_POS, s] + 1
                if cfg[C_ROADBLOCK_BEFORE] and g[O_ROAD + nxt]:
                    left[s] -= 1
                    paid[npaid] = nxt
                    npaid += 1
                    g[O_COUNTS + E_ROADBLOCK_PAID] += 1
                    if left[s] == 0:
                        active[s] = 0
                    continue
                sv[S_POS, s] = nxt
                left[s] -= 1
                ent_s[ne] = s
                ent_slide[ne] = 0
                ne += 1
        nsq = 0
        nsw = 0
        for e in range(ne):
            s = ent_s[e]
            by_slide = ent_slide[e]
            sq = sv[S_POS, s]
            t = g[O_TERR + sq]
            if not by_slide or cfg[C_SAND_DRAWS]:
                moved[s] += 1
            if t == FOREST:
                squares[nsq] = sq
                nsq += 1
            cost = 0 if free[s] else _cost(cfg, g, sv, s, sq, seen)
            if t == FOREST:
                g[O_COUNTS + E_FOREST] += 1
            if cost:
                st = sv[S_STAM, s] - cost
                sv[S_STAM, s] = st if st > 0 else 0
            if sq == fin:
                arr_s[narr] = s
                arr_o[narr] = 0 if by_slide else left[s]
                narr += 1
                left[s] = 0
                active[s] = 0
                if sv[S_STAM, s] == 0 and cost:
                    fainted[nf] = s
                    nf += 1
                continue
            if sv[S_STAM, s] == 0 and cost:
                left[s] = 0
                active[s] = 0
                fainted[nf] = s
                nf += 1
                if t == VINE:
                    swamps[nsw] = sq
                    nsw += 1
                continue
            if t == VINE:
                left[s] = 0
                swamps[nsw] = sq
                nsw += 1
                active[s] = 0
                continue
            if g[O_ROAD + sq] and not cfg[C_ROADBLOCK_BEFORE]:
                if left[s] > 0:
                    pay[s] = 1
                    continue
            if left[s] == 0:
                _end_of_move(cfg, g, sv, s, active, slide, by_slide)
        for i in range(nsq):
            if g[O_TERR + squares[i]] == FOREST:
                g[O_TERR + squares[i]] = LEAF
        for i in range(nsw):
            if cfg[C_SWAMP_STEP]:
                swamp_all[swamps[i]] = 1
            elif g[O_TERR + swamps[i]] == VINE:
                g[O_TERR + swamps[i]] = LEAF
        for i in range(npaid):
            g[O_ROAD + paid[i]] = 0
        if tick > 500:
            break
        any_active = False
        for s in range(n):
            if active[s]:
                any_active = True
    if cfg[C_SWAMP_STEP]:
        for sq in range(MAX_SQUARES):
            if swamp_all[sq] and g[O_TERR + sq] == VINE:
                g[O_TERR + sq] = LEAF
    for i in range(nf):
        _faint(cfg, g, sv, fainted[i])
    return narr, nf


@njit(cache=True)
def _award(cfg, g, sv, group, m):
    """finish.award: score a group sharing one place, then mark it finished
    (LM-TERRAIN-FINISH-1, LM-FINISH-1, LM-AMB-19, LM-EVENT-19, LM-AMB-46)."""
    if cfg[C_TIE_DENSE]:
        place = g[G_NPLACES] + 1
    else:
        place = g[G_NPLACED] + 1
    pts = cfg[C_PTS1 + place - 1] if place <= 3 else 0   # three paid places (LM-TERRAIN-FINISH-1)
    total = 0                        # tie_points = split: the places' points shared
    for k in range(place - 1, place - 1 + m):
        if k < 3:
            total += cfg[C_PTS1 + k]
    for k in range(m):
        s = group[k]
        ffr = 0
        for i in range(sv[S_HLEN, s]):
            if (sv[O_HAND + i, s] >> 3) & 7 == L_FFR:
                ffr += 1
        penalty = cfg[C_FFR_PENALTY] * ((1 if ffr else 0) if cfg[C_FFR_ONCE] else ffr)
        got = pts - penalty
        if cfg[C_TIE_SPLIT]:         # decoded by _points (a share may be fractional)
            if penalty >= 100:       # past the code's two digits (a large ffr_cost): BAIL
                g[G_BAIL] = 1
            sv[O_LEGPTS + g[G_LEG], s] = -(1 + total * 10000 + m * 100 + penalty)
        else:
            sv[O_LEGPTS + g[G_LEG], s] = got if got > 0 else 0
        sv[S_FINISHED, s] = 1
        sv[S_FIN_PLACE, s] = place
        g[O_COUNTS + E_FINISH] += 1
    g[G_NPLACES] += 1
    g[G_NPLACED] += m


@njit(cache=True)
def _rank_arrivals(cfg, g, sv, arr_s, arr_o, narr):
    """finish.rank_arrivals: more overshoot first (LM-TIE-1), then more stamina (LM-TIE-2),
    else a shared place (LM-TIE-3, LM-AMB-06)."""
    if narr == 0:
        return
    ks = arr_s[:narr].copy()
    ko = arr_o[:narr].copy()
    # sort by (-over, -stamina, seat): insertion sort
    for i in range(1, narr):
        s, o = ks[i], ko[i]
        j = i - 1
        while j >= 0:
            s2, o2 = ks[j], ko[j]
            a2, a = sv[S_STAM, s2], sv[S_STAM, s]
            if o2 < o or (o2 == o and (a2 < a or (a2 == a and s2 > s))):
                ks[j + 1] = s2
                ko[j + 1] = o2
                j -= 1
            else:
                break
        ks[j + 1] = s
        ko[j + 1] = o
    group = np.zeros(narr, dtype=np.int64)
    i = 0
    while i < narr:
        m = 0
        j = i
        while j < narr and ko[j] == ko[i] and sv[S_STAM, ks[j]] == sv[S_STAM, ks[i]]:
            group[m] = ks[j]
            m += 1
            j += 1
        _award(cfg, g, sv, group, m)
        i = j


@njit(cache=True)
def _advance(cfg, g, sv, s, k, free_move):
    """d20.advance: a play-turn advance (Travel Light, Use the Terrain): terrain applies, no
    draws (LM-AMB-30, LM-AMB-41)."""
    n = cfg[C_N]
    totals = np.full(n, -1, dtype=np.int64)
    totals[s] = k
    free = np.zeros(n, dtype=np.int64)
    if free_move:
        free[s] = 1
    moved = np.zeros(n, dtype=np.int64)
    arr_s = np.zeros(n, dtype=np.int64)
    arr_o = np.zeros(n, dtype=np.int64)
    narr, nf = _run_ticks(cfg, g, sv, totals, free, moved, arr_s, arr_o)
    if narr:
        group = np.zeros(1, dtype=np.int64)
        group[0] = s
        _award(cfg, g, sv, group, 1)
        g[G_TURN_OVER] = 1
    if nf:
        g[G_TURN_OVER] = 1


# ----- the play order (order.py) ------------------------------------------------------------

@njit(cache=True)
def _start_roll_all(cfg, g, sv):
    """order.start_roll with one group of every seat (LM-SETUP-1, LM-ORDER-5)."""
    n = cfg[C_N]
    for s in range(n):
        sv[S_OGS, s] = s
        sv[S_OGB, s] = 1 if s == 0 else 0
        sv[S_OROLLS, s] = 0
    g[G_NOG] = n
    _push(g, K_ORDER_ROLL, 0, 0, 0, 0)


@njit(cache=True)
def _by_position(cfg, g, sv):
    """order.by_position: nearest the finish first, same square by dice, revived players last
    (LM-ORDER-1/2/3)."""
    n = cfg[C_N]
    k = 0
    for back in range(2):
        first = k
        for s in range(n):
            if not sv[S_FINISHED, s] and sv[S_RETURNING, s] == back:
                # insert by (-pos, s)
                i = k
                while i > first and sv[S_POS, sv[S_OGS, i - 1]] < sv[S_POS, s]:
                    sv[S_OGS, i] = sv[S_OGS, i - 1]
                    i -= 1
                sv[S_OGS, i] = s
                k += 1
        for i in range(first, k):
            sv[S_OGB, i] = 1 if (i == first or sv[S_POS, sv[S_OGS, i]] != sv[S_POS, sv[S_OGS, i - 1]]) else 0
    for s in range(n):
        sv[S_OROLLS, s] = 0
    g[G_NOG] = k
    _push(g, K_ORDER_ROLL, 0, 0, 0, 0)


@njit(cache=True)
def _order_roll(g, sv):
    """order.task_order_roll: each tied group rolls a d6, highest first, ties re-roll
    (LM-ORDER-2/4, LM-AMB-09)."""
    nog = g[G_NOG]
    i = 0
    j = 0
    while i < nog:
        j = i + 1
        while j < nog and not sv[S_OGB, j]:
            j += 1
        if j - i > 1:
            break
        i = j
    if i >= nog:
        for k in range(nog):
            sv[S_ORDER, k] = sv[S_OGS, k]
        g[G_NORDER] = nog
        return
    for k in range(i, j):
        s = sv[S_OGS, k]
        if sv[S_OROLLS, s] == 0:
            _push(g, K_ORDER_ROLL, 0, 0, 0, 0)
            g[G_PK] = P_ORDER_DIE
            g[G_PS] = s
            return
    for k in range(i + 1, j):   # stable sort by descending roll
        x = sv[S_OGS, k]
        m = k - 1
        while m >= i and sv[S_OROLLS, sv[S_OGS, m]] < sv[S_OROLLS, x]:
            sv[S_OGS, m + 1] = sv[S_OGS, m]
            m -= 1
        sv[S_OGS, m + 1] = x
    sv[S_OGB, i] = 1
    for k in range(i + 1, j):
        sv[S_OGB, k] = 1 if sv[S_OROLLS, sv[S_OGS, k]] != sv[S_OROLLS, sv[S_OGS, k - 1]] else 0
    for k in range(i, j):
        sv[S_OROLLS, sv[S_OGS, k]] = 0
    _push(g, K_ORDER_ROLL, 0, 0, 0, 0)


# ----- legal lists (flow.legal, turn.legal, turn.anytime_legal) ----------------------------

@njit(cache=True)
def _anytime(cfg, g, sv, s, labels, out, k):
    """turn.anytime_legal with the label bit mask of ``s``'s hand; appends at ``out[k]``
    (LM-SPECIAL-1, LM-AMB-10, LM-AMB-12, LM-AMB-34)."""
    n = cfg[C_N]
    if labels & (1 << L_GOH):
        for t in range(n):
            if t == s or sv[S_FINISHED, t] or (cfg[C_RESIN_BLOCKS] and sv[S_HELD, t]):
                continue
            d = abs(sv[S_POS, s] - sv[S_POS, t])
            if d == cfg[C_GOH_DIST] or (cfg[C_GOH5] and 1 <= d <= cfg[C_GOH_DIST]):
                out[k] = GOH + t
                k += 1
    if labels & (1 << L_RAINBOOM):
        out[k] = RAINBOOM
        k += 1
    if labels & (1 << L_BEAR):
        out[k] = BEAR
        k += 1
    if labels & (1 << L_ROADBLOCK):
        p = sv[S_POS, s]
        if not g[O_ROAD + p] and p != g[G_FIN]:
            out[k] = ROADBLOCK
            k += 1
    if labels & (1 << L_RESIN):
        for t in range(n):
            if _targetable(cfg, sv, t) and (t != s or cfg[C_RESIN_SELF]):
                out[k] = RESIN + t
                k += 1
    return k


@njit(cache=True)
def _labels(sv, s):
    m = 0
    for i in range(sv[S_HLEN, s]):
        m |= 1 << ((sv[O_HAND + i, s] >> 3) & 7)
    return m


@njit(cache=True)
def _window_uses(cfg, g, sv, s, out, k):
    """turn.anytime_legal(st, s): nothing unless a card carries a label."""
    L = sv[S_HLEN, s]
    if L == 0 or sv[O_HAND + L - 1, s] < 8:
        return k
    return _anytime(cfg, g, sv, s, _labels(sv, s), out, k)


@njit(cache=True)
def _sort(out, lo, hi):
    for i in range(lo + 1, hi):
        x = out[i]
        j = i - 1
        while j >= lo and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x


@njit(cache=True)
def _turn_legal(cfg, g, sv, s, out, others):
    """turn.legal: the play-turn uses of ``s``, sorted, sheds after them and END last while no
    trigger card is held (LM-ROUND-1/2, LM-ACTION-2/3, LM-WEIGHT-4, LM-WEAPON-1/2, LM-ARMOR-1,
    LM-RECOVER-1, LM-ELEMENT-1/2, LM-TRIGGER-1, LM-SPECIAL-1, LM-AMB-12)."""
    n = cfg[C_N]
    plain = 0
    labels = 0
    no = 0
    weapon = False
    keep = -1 if cfg[C_TRIG_ANY] else T_TRIGGER   # a held trigger is only played (LM-AMB-50)
    for i in range(sv[S_HLEN, s]):
        c = sv[O_HAND + i, s]
        lab = (c >> 3) & 7 if c >= 8 else 0
        if lab:
            labels |= 1 << lab
            if lab != L_FFR:
                others[no] = c
                no += 1
            continue
        t = c & 7
        plain |= 1 << t
        if t != T_ACTION and t != keep:
            others[no] = c
            no += 1
            if t == T_WEAPON and not c & RECEIVED:
                weapon = True
    k = 0
    if plain & 1:
        out[k] = ACT
        k += 1
        if not sv[S_DID23, s]:
            for i in range(no):
                if i == 0 or others[i] != others[i - 1]:
                    out[k] = TWO3 + others[i]
                    k += 1
        if cfg[C_ACT_TRIG]:
            out[k] = ACT_TRIGGER
            k += 1
    if weapon:
        p = sv[S_POS, s]
        for t in range(n):
            if t != s and abs(sv[S_POS, t] - p) <= cfg[C_WEAPON_RANGE] and _targetable(cfg, sv, t):
                out[k] = GIVE + t
                k += 1
    if plain & (1 << T_ARMOR):
        out[k] = EQUIP
        k += 1
    if plain & (1 << T_RECOVERY):
        out[k] = RECOVER
        k += 1
    if plain & (1 << T_ELEMENT):
        have = _owned(sv, s)
        new = 0
        for b in range(3):
            if not have & (1 << b):
                out[k] = ELEMENT + b
                k += 1
                new += 1
        if new == 0 and sv[S_BOUND, s]:
            out[k] = ELEMENT + 3
            k += 1
    if plain & (1 << T_TRIGGER):
        out[k] = TRIGGER
        k += 1
    if labels:
        k = _anytime(cfg, g, sv, s, labels, out, k)
        if labels & (1 << L_FFR):
            out[k] = FFR
            k += 1
    _sort(out, 0, k)
    if no > 1 and not sv[S_DID_SHED, s]:
        for i in range(no):            # others is sorted (the hand is)
            a = others[i]
            if i and others[i - 1] == a:
                continue
            prev = -1
            for j in range(i + 1, no):
                b = others[j]
                if b != prev:
                    if k >= out.shape[0] - 2:
                        g[G_BAIL] = 1
                        return k
                    out[k] = SHED + a * CODES + b   # actions.shed
                    k += 1
                    prev = b
    if not plain & (1 << T_TRIGGER):
        out[k] = END
        k += 1
    return k


@njit(cache=True)
def _legal(cfg, g, sv, out, others):
    """flow.legal: the decision prompt's legal actions, in the engine's order."""
    pk = g[G_PK]
    s = g[G_PS]
    n = cfg[C_N]
    if pk == P_TURN:
        return _turn_legal(cfg, g, sv, s, out, others)
    if pk == P_WINDOW:
        out[0] = PASS
        k = _window_uses(cfg, g, sv, s, out, 1)
        _sort(out, 0, k)
        return k
    if pk == P_SELECT:
        k = 0
        npk = g[G_NPICKED]
        if npk >= g[G_PD_B]:
            out[k] = DONE
            k += 1
        if npk < g[G_PD_C]:
            npool = g[G_NPOOL]
            for i in range(npool):
                others[i] = 0
            for j in range(npk):           # the rest of the pool (a multiset difference)
                for i in range(npool):
                    if not others[i] and g[O_POOL + i] == g[O_PICKED + j]:
                        others[i] = 1
                        break
            last = -1
            for i in range(npool):         # the pool is sorted: distinct values in order
                if not others[i] and g[O_POOL + i] != last:
                    out[k] = PICK + g[O_POOL + i]
                    k += 1
                    last = g[O_POOL + i]
        return k
    if pk == P_TARGET:
        for i in range(g[G_NCANDS]):
            out[i] = TARGET + g[O_CANDS + i]
        return g[G_NCANDS]
    if pk == P_COUNT:
        for i in range(g[G_PD_C] + 1):
            out[i] = COUNT + i
        return g[G_PD_C] + 1
    if pk == P_RESIN:
        out[0] = NO_RESIN
        k = 1
        for t in range(n):
            if _targetable(cfg, sv, t) and (t != s or cfg[C_RESIN_SELF]):
                out[k] = RESIN + t
                k += 1
        return k
    if pk == P_SCAV:
        for i in range(g[G_NCANDS]):
            out[i] = g[O_CANDS + i]
        return g[G_NCANDS]
    if pk == P_FRIEND:
        have = _owned(sv, s)
        k = 0
        for b in range(3):
            if not have & (1 << b):
                out[k] = BUFF + b
                k += 1
        return k
    if pk == P_REVIVE:
        out[0] = REVIVE_NOW
        out[1] = REVIVE_WAIT
        return 2
    if pk == P_KEEP_CHAR:
        k = sv[S_DLEN, s]
        for i in range(k):
            out[i] = KEEP_CHAR + sv[O_DEALT + i, s]
        _sort(out, 0, k)
        return k
    if pk == P_KEEP_ARMOR:
        out[0] = KEEP_ARMOR
        out[1] = DROP_ARMOR
        return 2
    if pk == P_KEEP_BUFF:
        out[0] = KEEP_NO_BUFF
        k = 1
        opts = _keep_options(cfg, sv, s)
        for b in range(3):
            if opts & (1 << b):
                out[k] = KEEP_BUFF + b
                k += 1
        return k
    return 0


@njit(cache=True)
def _keep_options(cfg, sv, s):
    """legs.keep_options as a bit mask."""
    m = 0
    for i in range(sv[S_ELEN, s]):
        if sv[O_ELEM + i, s] < 3:
            m |= 1 << sv[O_ELEM + i, s]
    if cfg[C_FRIEND_COUNTS]:
        for i in range(sv[S_FLEN, s]):
            m |= 1 << sv[O_FB + i, s]
    return m


# ----- chance nodes (flow.chance_outcomes through core.chance.pick) -----------------------

@njit(cache=True)
def _pick(vals, probs, m, u):
    """core.chance.pick on outcomes already sorted by value."""
    total = 0.0
    for i in range(m):
        if probs[i] > 0:
            total += probs[i]
    u *= total
    acc = 0.0
    last = vals[0]
    for i in range(m):
        if probs[i] > 0:
            acc += probs[i]
            last = vals[i]
            if u < acc:
                return vals[i]
    return last


@njit(cache=True)
def _chance(cfg, g, sv, u, vals, probs):
    """The outcome of the chance node ``g[G_PK]`` for number ``u`` (Sampler.sample)."""
    pk = g[G_PK]
    if pk == P_DRAW:            # flow.draw_outcomes: count / pile size per type (LM-DRAW-1)
        left = 0
        for t in range(7):
            left += g[O_PILE + t]
        m = 0
        for t in range(7):
            if g[O_PILE + t]:
                vals[m] = DRAW + t
                probs[m] = g[O_PILE + t] / left
                m += 1
        return _pick(vals, probs, m, u)
    if pk == P_D20 or pk == P_ORDER_DIE or pk == P_DIE:   # a fair die, faces 1..k
        k = 20 if pk == P_D20 else (6 if pk == P_ORDER_DIE else g[G_PD_B])
        for f in range(k):
            vals[f] = f + 1
            probs[f] = 1 / k
        return _pick(vals, probs, k, u)
    if pk == P_DEAL:            # setup.undealt, each 1/len (LM-SETUP-3)
        n = cfg[C_N]
        m = 0
        for i in range(cfg[C_NROSTER]):
            taken = False
            for s in range(n):
                if sv[S_CHAR, s] == i:
                    taken = True
                for j in range(sv[S_DLEN, s]):
                    if sv[O_DEALT + j, s] == i:
                        taken = True
            if not taken:
                vals[m] = DEAL + i
                m += 1
        for i in range(m):
            probs[i] = 1 / m
        return _pick(vals, probs, m, u)
    # P_BLIND: d20.blind_outcomes, count / pool size per distinct takeable code
    v = g[G_PD_A]
    size = _takeable_count(sv, v)
    m = 0
    last = -1
    for i in range(sv[S_HLEN, v]):
        c = sv[O_HAND + i, v]
        if (c >> 3) & 7 == L_FFR:
            continue
        if c != last:
            vals[m] = BLIND + c
            probs[m] = 0.0
            m += 1
            last = c
        probs[m - 1] += 1.0
    for i in range(m):
        probs[i] = probs[i] / size
    return _pick(vals, probs, m, u)


# ----- the d20 events (d20.py) -------------------------------------------------------------

@njit(cache=True)
def _holder_label(e):
    """cards.HOLDER_EVENTS: the special card a holder event leaves in hand (LM-TRIGGER-2)."""
    if e == 1:
        return L_GOH
    if e == 6:
        return L_RAINBOOM
    if e == 7:
        return L_BEAR
    if e == 15:
        return L_ROADBLOCK
    if e == 19:
        return L_FFR
    return 0


@njit(cache=True)
def _scav_mode(cfg, tab, g, sv, s, t, purpose):
    """d20.scav_mode: take armor or two cards (Scavenge), give them (Release) (LM-AMB-32)."""
    m = 0
    if purpose == TG_SCAV:
        if sv[S_ARMOR, t] >= 0:
            g[O_CANDS + m] = 19
            m += 1
        if _takeable_count(sv, t):
            g[O_CANDS + m] = 20
            m += 1
    else:
        if sv[S_ARMOR, s] >= 0:
            g[O_CANDS + m] = 21
            m += 1
        if _takeable_count(sv, s):
            g[O_CANDS + m] = 22
            m += 1
    if m == 0:
        return
    if m == 1:
        _scav_apply(cfg, tab, g, sv, s, t, g[O_CANDS])
        return
    g[G_NCANDS] = m
    g[G_PD_B] = t
    g[G_PK] = P_SCAV
    g[G_PS] = s


@njit(cache=True)
def _scav_apply(cfg, tab, g, sv, s, t, mode):
    """d20.scav_apply (LM-EVENT-13, LM-AMB-32)."""
    if mode == 19:
        _hand_add(g, sv, s, T_ARMOR)
        sv[S_ARMOR, t] = -1
    elif mode == 20:
        k = _takeable_count(sv, t)
        _push(g, K_BLIND, s, t, k if k < cfg[C_SCAV_CARDS] else cfg[C_SCAV_CARDS], WHY_SCAV)
    elif mode == 21:
        _hand_add(g, sv, t, T_ARMOR)
        sv[S_ARMOR, s] = -1
    else:
        k = _takeable_count(sv, s)
        k = k if k < cfg[C_SCAV_CARDS] else cfg[C_SCAV_CARDS]
        _ask_select(cfg, g, sv, s, SEL_RELEASE, k, k, t)


@njit(cache=True)
def _ask_target(g, s, purpose, m):
    g[G_NCANDS] = m
    g[G_PD_A] = purpose
    g[G_PK] = P_TARGET
    g[G_PS] = s


@njit(cache=True)
def _scavenge(cfg, tab, g, sv, s):
    """d20.scavenge: Scavenge the nearest racing player ahead (or on the square), else
    Release to the nearest behind (LM-EVENT-13, LM-AMB-32)."""
    n = cfg[C_N]
    p = sv[S_POS, s]
    near_ahead = -1
    near_behind = -1
    for t in range(n):
        if t == s or sv[S_FINISHED, t]:
            continue
        q = sv[S_POS, t]
        if q > p and (near_ahead < 0 or q < near_ahead):
            near_ahead = q
        if q < p and (near_behind < 0 or q > near_behind):
            near_behind = q
    m = 0
    purpose = TG_SCAV if near_ahead >= 0 else TG_RELEASE
    for t in range(n):               # same + the others: sorted(cands) is seat order
        if t == s or sv[S_FINISHED, t]:
            continue
        q = sv[S_POS, t]
        if q == p:
            ok = True
        elif near_ahead >= 0:
            ok = q == near_ahead
        else:
            ok = q < p and (cfg[C_RELEASE_ANY] or q == near_behind)
        if ok:
            g[O_CANDS + m] = t
            m += 1
    if m == 0:
        return
    if m == 1:
        _scav_mode(cfg, tab, g, sv, s, g[O_CANDS], purpose)
        return
    _ask_target(g, s, purpose, m)


@njit(cache=True)
def _do_swap(cfg, g, sv, s, t):
    """d20.do_swap (LM-EVENT-14, LM-AMB-33, LM-AMB-36)."""
    a, b = sv[S_POS, s], sv[S_POS, t]
    _teleport(cfg, g, sv, s, b)
    _teleport(cfg, g, sv, t, a)


@njit(cache=True)
def _swap(cfg, tab, g, sv, s):
    """d20.swap: the nearest other racing player at distance >= 1, ahead preferred
    (LM-EVENT-14, LM-AMB-33)."""
    n = cfg[C_N]
    p = sv[S_POS, s]
    d = -1
    for t in range(n):
        if t != s and not sv[S_FINISHED, t]:
            x = abs(sv[S_POS, t] - p)
            if x >= 1 and (d < 0 or x < d):
                d = x
    if d < 0:
        return
    ahead = 0
    for t in range(n):
        if t != s and not sv[S_FINISHED, t] and abs(sv[S_POS, t] - p) == d and sv[S_POS, t] > p:
            ahead += 1
    m = 0
    for t in range(n):
        if t != s and not sv[S_FINISHED, t] and abs(sv[S_POS, t] - p) == d:
            if ahead == 0 or sv[S_POS, t] > p:
                g[O_CANDS + m] = t
                m += 1
    if m == 1:
        _do_swap(cfg, g, sv, s, g[O_CANDS])
    else:
        _ask_target(g, s, TG_SWAP, m)


@njit(cache=True)
def _resolve(cfg, tab, g, sv, s, e):
    """d20.resolve: apply event ``e`` to its roller ``s`` (LM-EVENT-01..20); holder cards are
    already in hand."""
    n = cfg[C_N]
    if e == 1 or e == 6 or e == 7 or e == 15 or e == 19:
        return
    if e == 2:      # Travel Light (LM-EVENT-02, LM-AMB-30)
        _ask_select(cfg, g, sv, s, SEL_TRAVEL, 0, -1, -1)
    elif e == 3:    # Mutual Attraction (LM-EVENT-03, LM-AMB-31)
        g[G_PD_A] = 3
        g[G_PD_B] = 20 if cfg[C_ATTR_D20] else 6
        g[G_PK] = P_DIE
        g[G_PS] = s
    elif e == 4:    # Physical Bind (LM-EVENT-04, LM-AMB-24, LM-AMB-17)
        for t in range(n):
            sv[S_BOUND, t] = 1
            _clamp(cfg, sv, t)
        g[O_COUNTS + E_PHYSICAL_BIND] += 1
    elif e == 5:    # Barter (LM-EVENT-05)
        _ask_select(cfg, g, sv, s, SEL_BARTER, 0, -1, -1)
    elif e == 8:    # Forced Trade (LM-EVENT-08)
        m = 0
        for t in range(n):
            if t != s and _targetable(cfg, sv, t):
                g[O_CANDS + m] = t
                m += 1
        if m:
            _ask_target(g, s, TG_TRADE, m)
    elif e == 9:    # Resin Ball (LM-EVENT-09, LM-AMB-29)
        for i in range(sv[S_HLEN, s]):
            c = sv[O_HAND + i, s]
            if c & 7 == T_ACTION and not c & 0x38:
                if cfg[C_RESIN_KEEP]:   # resin_hold = keep_as_special: kept as an any-time card
                    _hand_remove_at(sv, s, i)
                    _hand_add(g, sv, s, T_ACTION | L_RESIN << 3)
                else:                   # immediate: throw it now, or not
                    g[G_PK] = P_RESIN
                    g[G_PS] = s
                break
    elif e == 10:   # Use the Terrain (LM-EVENT-10)
        g[G_PD_A] = 10
        g[G_PD_B] = cfg[C_TERRAIN_DIE]
        g[G_PK] = P_DIE
        g[G_PS] = s
    elif e == 11:   # Butterfingers (LM-EVENT-11, LM-AMB-40, LM-AMB-23)
        half = (sv[S_HLEN, s] + 1) // 2
        k = _takeable_count(sv, s)
        k = half if half < k else k
        if k and cfg[C_BF_RANDOM]:
            _push(g, K_BLIND, s, s, k, WHY_BUTTER)
        elif k:
            _ask_select(cfg, g, sv, s, SEL_BUTTER, k, k, -1)
    elif e == 12:   # Royal Grace (LM-EVENT-12)
        _push(g, K_DRAW, s, (sv[S_STAM, s] + 1) // 2, 0, 0)
    elif e == 13:
        _scavenge(cfg, tab, g, sv, s)
    elif e == 14:
        _swap(cfg, tab, g, sv, s)
    elif e == 17:   # Friendship Forever (LM-EVENT-17, LM-AMB-22, LM-AMB-24)
        for t in range(n):
            sv[S_BOUND, t] = 0
        # push_seq(friend t for t in order + the seats not in order): pushed last first
        for t in range(n - 1, -1, -1):
            inorder = False
            for i in range(g[G_NORDER]):
                if sv[S_ORDER, i] == t:
                    inorder = True
            if not inorder:
                _push(g, K_FRIEND, t, 0, 0, 0)
        for i in range(g[G_NORDER] - 1, -1, -1):
            _push(g, K_FRIEND, sv[S_ORDER, i], 0, 0, 0)
    elif e == 18:   # Stumble (LM-EVENT-18, LM-AMB-27)
        _stop(cfg, g, sv, s)
    elif e == 20:   # Magic Bind (LM-EVENT-20, LM-AMB-25)
        if cfg[C_MB_MULTIPLY] or g[G_MB] == 0:
            if g[G_MB] + 1 < MB_LEVELS:
                g[G_MB] += 1
            elif not cfg[C_MB_HELD_NOW]:   # (held_now: the weights do not read the level)
                g[G_BAIL] = 1
        if cfg[C_MB_HELD_NOW]:      # the cards held now are marked doubled (LM-AMB-25)
            for t in range(n):
                L = sv[S_HLEN, t]
                for i in range(L):
                    c = sv[O_HAND + i, t]
                    if cfg[O_DOUBLES + (c & 7)] and not c & 0x38:
                        sv[O_HAND + i, t] = c | DOUBLED
                for i in range(1, L):        # sorted again
                    x = sv[O_HAND + i, t]
                    j = i - 1
                    while j >= 0 and sv[O_HAND + j, t] > x:
                        sv[O_HAND + j + 1, t] = sv[O_HAND + j, t]
                        j -= 1
                    sv[O_HAND + j + 1, t] = x
        g[O_COUNTS + E_MAGIC_BIND] += 1


@njit(cache=True)
def _apply_d20(cfg, tab, g, sv, e):
    """d20.apply_d20: the d20 shows ``e``; Rewind repeats the previous event (LM-TRIGGER-1/2,
    LM-EVENT-16, LM-AMB-26)."""
    s = g[G_PS]
    g[G_NLIMBO] -= 1
    card = g[O_LIMBO + g[G_NLIMBO]]
    prev = g[G_PREV]
    g[O_COUNTS + E_D20] += 1
    if e != 16:
        g[G_PREV] = e
    lab = _holder_label(prev if e == 16 else e)
    if lab:                                   # d20._card_home
        _hand_add(g, sv, s, T_TRIGGER | lab << 3)
    else:
        g[O_DISC + (card & 7)] += 1
    if e == 16:
        if cfg[C_REWIND_FIRST]:
            if prev:
                _push(g, K_EVENT, s, prev, 0, 0)
            _push(g, K_REWIND_TERRAIN, 0, 0, 0, 0)
        else:
            _push(g, K_REWIND_TERRAIN, 0, 0, 0, 0)
            if prev:
                _push(g, K_EVENT, s, prev, 0, 0)
        return
    _resolve(cfg, tab, g, sv, s, e)


@njit(cache=True)
def _apply_die(cfg, tab, g, sv, face):
    """d20.apply_die: Mutual Attraction pulls (LM-EVENT-03, LM-AMB-31); Use the Terrain
    advances half the face, free (LM-EVENT-10)."""
    s = g[G_PS]
    if g[G_PD_A] == 3:
        for t in range(cfg[C_N]):
            if t == s or sv[S_FINISHED, t] or (cfg[C_RESIN_BLOCKS] and sv[S_HELD, t]):
                continue
            d = abs(sv[S_POS, s] - sv[S_POS, t])
            if 1 <= d <= face:
                _teleport(cfg, g, sv, t, sv[S_POS, s])
    else:
        k = face // 2
        if k:
            _advance(cfg, g, sv, s, k, True)


@njit(cache=True)
def _select_done(cfg, tab, g, sv, s, npk):
    """flow.select_done / d20.select_done / setup.exchange_done / legs.leg_discard_done:
    the ``npk`` picked cards leave the hand (LM-SETUP-5, LM-LEG-2, LM-EVENT-02/05/11/13)."""
    purpose = g[G_PD_A]
    if purpose == SEL_RELEASE:
        t = g[G_PD_D]
        for i in range(npk):
            c = g[O_PICKED + i]
            _hand_remove(g, sv, s, c)
            _hand_add(g, sv, t, c & ~RECEIVED if cfg[C_RECEIVED_HOLDER] else c)
        return
    w = 0
    level = g[G_MB]
    for i in range(npk):
        c = g[O_PICKED + i]
        w += tab[level, c]
        _hand_remove(g, sv, s, c)
        g[O_DISC + (c & 7)] += 1
    if purpose == SEL_EXCHANGE:
        sv[S_EXCHANGED, s] = 1
        _push(g, K_DRAW, s, npk, 0, 0)
    elif purpose == SEL_TRAVEL:
        if cfg[C_TRAVEL_CARDS]:
            w = npk
        if w:
            _advance(cfg, g, sv, s, w, False)
    elif purpose == SEL_BARTER:
        _push(g, K_DRAW, s, npk, 0, 0)


@njit(cache=True)
def _apply_blind(cfg, tab, g, sv, code):
    """d20.apply_blind: one card taken blind (LM-EVENT-08/11/13, LM-AMB-35/40)."""
    taker, victim, why = g[G_PS], g[G_PD_A], g[G_PD_B]
    _hand_remove(g, sv, victim, code)
    if why == WHY_BUTTER:
        g[O_DISC + (code & 7)] += 1
    else:
        _hand_add(g, sv, taker, code & ~RECEIVED if cfg[C_RECEIVED_HOLDER] else code)


# ----- a play-turn use (turn.apply) ---------------------------------------------------------

@njit(cache=True)
def _turn_apply(cfg, tab, g, sv, s, action):
    """turn.apply: a play-turn or window action of ``s``; sub-steps are pushed as tasks."""
    if action == END:                        # LM-ROUND-2
        g[G_TURN_OVER] = 1
    elif action == ACT:                      # LM-ACTION-2
        g[O_DISC + (_remove_plain(g, sv, s, T_ACTION) & 7)] += 1
        sv[S_ACTS, s] += 1
        g[O_COUNTS + E_ACTION_CARD] += 1
    elif TWO3 <= action < TWO3 + CODES:        # LM-ACTION-3, LM-AMB-28
        other = action - TWO3
        g[O_DISC + (_remove_plain(g, sv, s, T_ACTION) & 7)] += 1
        _hand_remove(g, sv, s, other)
        g[O_DISC + (other & 7)] += 1
        sv[S_DID23, s] = 1
        g[O_COUNTS + E_TWO3] += 1
        _push(g, K_DRAW, s, 2 * cfg[C_TWO3_DRAW] if (cfg[C_BEAR_ALL] and sv[S_BEAR_DOUBLE, s])
              else cfg[C_TWO3_DRAW], 0, 0)
    elif SHED <= action < SHED + 65536:      # LM-WEIGHT-4
        a = (action - SHED) // CODES   # actions.shed_cards
        b = (action - SHED) % CODES
        _hand_remove(g, sv, s, a)
        _hand_remove(g, sv, s, b)
        g[O_DISC + (a & 7)] += 1
        g[O_DISC + (b & 7)] += 1
        sv[S_DID_SHED, s] = 1
        g[O_COUNTS + E_SHED] += 1
        _push(g, K_DRAW, s, cfg[C_SHED_DRAW], 0, 0)
    elif GIVE <= action < GIVE + 10:         # LM-WEAPON-1/2, LM-AMB-16
        t = action - GIVE
        c = -1
        for i in range(sv[S_HLEN, s]):
            x = sv[O_HAND + i, s]
            if x & 7 == T_WEAPON and not x & RECEIVED and not x & 0x38:
                c = x
                _hand_remove_at(sv, s, i)
                break
        if c < 0:
            g[G_BAIL] = 1
            return
        if cfg[C_ARMOR_BLOCKS] == ARMOR_WEAPONS and sv[S_ARMOR, t] >= 0:
            g[O_DISC + (c & 7)] += 1
            g[O_DISC + (sv[S_ARMOR, t] & 7)] += 1
            sv[S_ARMOR, t] = -1
            g[O_COUNTS + E_ARMOR_USED] += 1
        else:
            _hand_add(g, sv, t, c | RECEIVED)
            g[O_COUNTS + E_WEAPON_GIVEN] += 1
    elif action == EQUIP:                    # LM-ARMOR-1/2, LM-AMB-15
        c = _remove_plain(g, sv, s, T_ARMOR)
        if sv[S_ARMOR, s] >= 0:
            g[O_DISC + (sv[S_ARMOR, s] & 7)] += 1
        sv[S_ARMOR, s] = c & 7
    elif action == RECOVER:                  # LM-RECOVER-1, LM-AMB-17
        g[O_DISC + (_remove_plain(g, sv, s, T_RECOVERY) & 7)] += 1
        m = _max_stamina(cfg, sv, s)
        x = sv[S_STAM, s] + cfg[C_HEAL]
        sv[S_STAM, s] = m if m < x else x
    elif ELEMENT <= action < ELEMENT + 4:    # LM-ELEMENT-1..6, LM-AMB-24, LM-AMB-45
        b = action - ELEMENT
        _remove_plain(g, sv, s, T_ELEMENT)
        if sv[S_ELEN, s] >= ELEM_MAX:        # (cards played only to lift binds pile up)
            g[G_BAIL] = 1
            return
        sv[O_ELEM + sv[S_ELEN, s], s] = b
        sv[S_ELEN, s] += 1
        if cfg[C_BIND_GLOBAL] and sv[S_BOUND, s]:
            for t in range(cfg[C_N]):
                sv[S_BOUND, t] = 0
        sv[S_BOUND, s] = 0
        if b == 0 and cfg[C_BUFF_A_HEALS]:
            sv[S_STAM, s] += 1
    elif action == TRIGGER or action == ACT_TRIGGER:   # LM-TRIGGER-1, LM-ACTION-4
        c = _remove_plain(g, sv, s, T_TRIGGER if action == TRIGGER else T_ACTION)
        g[O_LIMBO + g[G_NLIMBO]] = c
        g[G_NLIMBO] += 1
        if g[G_NLIMBO] >= LIMBO_MAX:
            g[G_BAIL] = 1
        g[O_COUNTS + E_TRIGGER_PLAYED] += 1
        _push(g, K_D20, s, 0, 0, 0)
    elif GOH <= action < GOH + 10:           # LM-EVENT-01, LM-SPECIAL-1, LM-AMB-10
        _play_special(g, sv, s, L_GOH)
        _teleport(cfg, g, sv, action - GOH, sv[S_POS, s])
    elif action == RAINBOOM:                 # LM-EVENT-06
        _play_special(g, sv, s, L_RAINBOOM)
        sv[S_RAINBOOM, s] = 1
    elif action == BEAR:                     # LM-EVENT-07, LM-AMB-28
        _play_special(g, sv, s, L_BEAR)
        sv[S_BEAR_SKIP, s] = 1
        sv[S_BEAR_NEXT, s] = 1
    elif action == ROADBLOCK:                # LM-EVENT-15, LM-AMB-34
        _play_special(g, sv, s, L_ROADBLOCK)
        g[O_ROAD + sv[S_POS, s]] = 1
    elif RESIN <= action < RESIN + 10:       # LM-EVENT-09, LM-AMB-29/44
        _play_special(g, sv, s, L_RESIN)
        sv[S_HELD, action - RESIN] = 1
    elif action == FFR:                      # LM-EVENT-19, LM-AMB-27
        _play_special(g, sv, s, L_FFR)
        _stop(cfg, g, sv, s)
    else:
        g[G_BAIL] = 1


# ----- answering a prompt (flow.answer) ---------------------------------------------------

@njit(cache=True)
def _revive(cfg, tab, g, sv, s, stamina):
    """flow._revive (LM-FAINT-3, LM-ORDER-3, LM-AMB-18/23)."""
    sv[S_FAINT, s] = 0
    sv[S_STAM, s] = stamina
    sv[S_RETURNING, s] = 1
    g[O_COUNTS + E_REVIVED] += 1


@njit(cache=True)
def _reveal_one(cfg, tab, g, sv, s):
    """setup._reveal_one: the kept character, full stamina, square 0 (LM-SETUP-2/3/6)."""
    i = sv[S_KEPT, s]
    sv[S_CHAR, s] = i
    sv[S_PMAX, s] = cfg[O_RMAX + i]
    sv[S_PMOVE, s] = cfg[O_RMOVE + i]
    sv[S_STAM, s] = cfg[O_RMAX + i]
    sv[S_POS, s] = 0


@njit(cache=True)
def _keep_buff(cfg, tab, g, sv, s, b):
    """legs.keep_buff: keep at most one element buff (``b`` -1: none) (LM-LEG-3, LM-AMB-22)."""
    kept = -1
    for i in range(sv[S_ELEN, s]):
        if b >= 0 and sv[O_ELEM + i, s] == b:
            kept = b
    g[O_DISC + T_ELEMENT] += sv[S_ELEN, s]
    if kept >= 0:
        g[O_DISC + T_ELEMENT] -= 1
        sv[O_ELEM + 0, s] = kept
        sv[S_ELEN, s] = 1
    else:
        sv[S_ELEN, s] = 0
    if cfg[C_FRIEND_COUNTS]:
        had = False
        for i in range(sv[S_FLEN, s]):
            if sv[O_FB + i, s] == b:
                had = True
        if had and kept < 0 and b >= 0:
            sv[O_FB + 0, s] = b
            sv[S_FLEN, s] = 1
        else:
            sv[S_FLEN, s] = 0
    _clamp(cfg, sv, s)


@njit(cache=True)
def _answer(cfg, tab, g, sv, action):
    """flow.answer: apply a decision or chance outcome at the current prompt."""
    pk = g[G_PK]
    s = g[G_PS]
    g[G_PK] = P_NONE
    if pk == P_DRAW:                 # flow.apply_draw (LM-DRAW-1)
        t = action - DRAW
        g[O_PILE + t] -= 1
        _hand_add(g, sv, s, t)
    elif pk == P_TURN:
        _push(g, K_TURN, s, 0, 0, 0)
        _turn_apply(cfg, tab, g, sv, s, action)
    elif pk == P_D20:
        _apply_d20(cfg, tab, g, sv, action)
    elif pk == P_ORDER_DIE:          # order.apply_die
        sv[S_OROLLS, s] = action
    elif pk == P_WINDOW:             # LM-AMB-12
        _push(g, K_POLL, 0, 0, 0, 0)
        if action == PASS:
            g[G_WIN_PASSED] |= 1 << s
        else:
            g[G_WIN_PASSED] = 0
            _turn_apply(cfg, tab, g, sv, s, action)
    elif pk == P_SELECT:
        npk = g[G_NPICKED]
        if action == DONE or npk + 1 == g[G_PD_C]:
            if action != DONE:
                g[O_PICKED + npk] = action - PICK
                npk += 1
            _select_done(cfg, tab, g, sv, s, npk)
        else:
            g[O_PICKED + npk] = action - PICK
            g[G_NPICKED] = npk + 1
            g[G_PK] = P_SELECT
    elif pk == P_DIE:
        _apply_die(cfg, tab, g, sv, action)
    elif pk == P_BLIND:
        _apply_blind(cfg, tab, g, sv, action - BLIND)
    elif pk == P_DEAL:               # setup.apply_deal
        sv[O_DEALT + sv[S_DLEN, s], s] = action - DEAL
        sv[S_DLEN, s] += 1
    elif pk == P_TARGET:             # d20.target_chosen (LM-AMB-44)
        t = action - TARGET
        purpose = g[G_PD_A]
        if purpose == TG_TRADE:
            g[G_PD_B] = t
            g[G_PD_C] = _takeable_count(sv, t)
            g[G_PK] = P_COUNT
            g[G_PS] = s
        elif purpose == TG_SWAP:
            _do_swap(cfg, g, sv, s, t)
        else:
            _scav_mode(cfg, tab, g, sv, s, t, purpose)
    elif pk == P_COUNT:              # d20.count_chosen (LM-EVENT-08, LM-AMB-35)
        t = g[G_PD_B]
        k = action - COUNT
        _push(g, K_TRADE_BACK, s, t, k, 0)
        _push(g, K_BLIND, s, t, k, WHY_TRADE)
    elif pk == P_RESIN:              # d20.resin (LM-EVENT-09, LM-ACTION-4, LM-AMB-29/44)
        if action != NO_RESIN:
            _remove_plain(g, sv, s, T_ACTION)
            g[O_DISC + T_ACTION] += 1
            sv[S_HELD, action - RESIN] = 1
    elif pk == P_SCAV:
        _scav_apply(cfg, tab, g, sv, s, g[G_PD_B], action)
    elif pk == P_FRIEND:             # d20.friend_chosen (LM-EVENT-17, LM-AMB-22)
        sv[O_FB + sv[S_FLEN, s], s] = action - BUFF
        sv[S_FLEN, s] += 1
        _clamp(cfg, sv, s)
    elif pk == P_REVIVE:             # flow.revive (LM-FAINT-3, LM-AMB-18)
        if action == REVIVE_NOW:
            m = _max_stamina(cfg, sv, s)
            _revive(cfg, tab, g, sv, s, (m + 1) // 2)
        else:
            sv[S_FAINT, s] = 3
    elif pk == P_KEEP_CHAR:          # setup.keep_char
        sv[S_KEPT, s] = action - KEEP_CHAR
        if cfg[C_DRAFT_SEQ]:
            sv[S_DLEN, s] = 0
            _reveal_one(cfg, tab, g, sv, s)
    elif pk == P_KEEP_ARMOR:         # legs.keep_armor (LM-LEG-3)
        if action == DROP_ARMOR:
            g[O_DISC + (sv[S_ARMOR, s] & 7)] += 1
            sv[S_ARMOR, s] = -1
    elif pk == P_KEEP_BUFF:
        _keep_buff(cfg, tab, g, sv, s, -1 if action == KEEP_NO_BUFF else action - KEEP_BUFF)
    else:
        g[G_BAIL] = 1


# ----- the task stack (flow.run and the task functions) -----------------------------------

@njit(cache=True)
def _movement(cfg, tab, g, sv):
    """flow.task_movement: totals, lockstep ticks, arrivals ranked, Sonic Rainboom faints, then
    one draw per square moved (LM-ROUND-3/4, LM-MOVE-1, LM-AMB-06, LM-AMB-39, LM-AMB-47)."""
    n = cfg[C_N]
    totals = np.full(n, -1, dtype=np.int64)
    free = np.zeros(n, dtype=np.int64)
    norder = g[G_NORDER]
    for i in range(norder):
        s = sv[S_ORDER, i]
        if sv[S_FINISHED, s] or sv[S_FAINT, s]:
            continue
        if sv[S_STOPPED, s] or sv[S_STOP_SKIP, s] or sv[S_BEAR_SKIP, s] or sv[S_HELD, s]:
            totals[s] = 0
        else:
            totals[s] = _movement_total(cfg, tab, g, sv, s)
        if sv[S_RAINBOOM, s]:
            free[s] = 1
    moved = np.zeros(n, dtype=np.int64)
    arr_s = np.zeros(n, dtype=np.int64)
    arr_o = np.zeros(n, dtype=np.int64)
    if cfg[C_MOVE_SEQ]:
        # move_model = sequential_in_play_order: each pony's whole move in play order; the
        # arrivals still count as one movement step for the tie-breaks (LM-AMB-06)
        narr = 0
        one = np.full(n, -1, dtype=np.int64)
        one_free = np.zeros(n, dtype=np.int64)
        for i in range(norder):
            s = sv[S_ORDER, i]
            if totals[s] < 0:
                continue
            one[s] = totals[s]
            one_free[s] = free[s]
            k, nf = _run_ticks(cfg, g, sv, one, one_free, moved, arr_s[narr:], arr_o[narr:])
            narr += k
            one[s] = -1
            one_free[s] = 0
    else:
        narr, nf = _run_ticks(cfg, g, sv, totals, free, moved, arr_s, arr_o)
    _rank_arrivals(cfg, g, sv, arr_s, arr_o, narr)
    for i in range(norder):
        s = sv[S_ORDER, i]
        if sv[S_RAINBOOM, s]:
            _faint(cfg, g, sv, s)
    _push(g, K_ROUND_END, 0, 0, 0, 0)
    for i in range(norder - 1, -1, -1):      # push_seq(draws..., round_end): the first on top
        s = sv[S_ORDER, i]
        if totals[s] < 0:
            continue
        k = totals[s] if (cfg[C_DRAW_TOTAL] and moved[s]) else moved[s]
        if k:
            _push(g, K_DRAW, s, k, 0, 0)


@njit(cache=True)
def _round_end(cfg, tab, g, sv):
    """flow.task_round_end: buff C, modifiers expire, then the next round, the leg change or
    the end (LM-ROUND-5, LM-ELEMENT-6, LM-AMB-20, LM-LEG-5, LM-END-1)."""
    n = cfg[C_N]
    for s in range(n):
        if (_has_buff(sv, s, 2) and not sv[S_FAINT, s]
                and (cfg[C_FIN_REGEN] or not sv[S_FINISHED, s])):
            top = _max_stamina(cfg, sv, s)
            if sv[S_STAM, s] < top:
                up = sv[S_STAM, s] + cfg[C_BUFF_C]
                sv[S_STAM, s] = up if up < top else top
        if not cfg[C_BONUS_LEG]:
            sv[S_ACTS, s] = 0
        sv[S_BEAR_DOUBLE, s] = 0
        sv[S_BEAR_SKIP, s] = 0
        sv[S_HELD, s] = 0
        sv[S_STOPPED, s] = 0
        sv[S_RAINBOOM, s] = 0
        sv[S_STOP_SKIP, s] = sv[S_STOP_NEXT, s]
        sv[S_STOP_NEXT, s] = 0
    g[G_ROUND] += 1
    g[G_ROUNDS_PLAYED] += 1
    done = True
    for s in range(n):
        if not sv[S_FINISHED, s]:
            done = False
    if done:
        _push(g, K_LEG_CHANGE, 0, 0, 0, 0)
    elif g[G_ROUNDS_PLAYED] >= cfg[C_MAX_ROUNDS]:
        g[O_COUNTS + E_GUARD] += 1
        _push(g, K_GAME_OVER, 0, 0, 0, 0)
    else:
        _push(g, K_ROUND_START, 0, 0, 0, 0)


@njit(cache=True)
def _leg_change(cfg, tab, g, sv):
    """legs.task_leg_change: a fresh leg, its order rolled, hands cut or filled, keeps, stamina
    (LM-LEG-1..5, LM-ORDER-5, LM-AMB-38)."""
    n = cfg[C_N]
    if g[G_LEG] + 1 >= cfg[C_NLEGS]:
        _push(g, K_GAME_OVER, 0, 0, 0, 0)
        return
    g[G_LEG] += 1
    leg = g[G_LEG]
    for i in range(MAX_SQUARES):
        g[O_TERR + i] = tab[MB_LEVELS + leg, i]
        g[O_ROAD + i] = 0
    g[G_FIN] = cfg[O_LEGLEN + leg] - 1
    g[G_NPLACES] = 0
    g[G_NPLACED] = 0
    for s in range(n):
        sv[S_POS, s] = 0
        sv[S_FINISHED, s] = 0
        sv[S_FIN_PLACE, s] = 0
        if not cfg[C_LEG_FAINT_CARRY]:
            sv[S_FAINT, s] = 0
        for f in (S_RETURNING, S_BEAR_NEXT, S_BEAR_DOUBLE, S_BEAR_SKIP, S_HELD, S_STOPPED,
                  S_STOP_NEXT, S_STOP_SKIP, S_RAINBOOM, S_ACTS, S_DID23, S_DID_SHED):
            sv[f, s] = 0
    if cfg[C_MB_LEG] and g[G_MB]:
        g[G_MB] = 0     # (no DOUBLED marks: magic_bind_scope=held_now is not restated here)
    g[G_ORDER_READY] = 1
    _push(g, K_ROUND_START, 0, 0, 0, 0)
    _push(g, K_LEG_STAMINA, 0, 0, 0, 0)
    _push(g, K_LEG_KEEP, 0, 0, 0, 0)
    _push(g, K_LEG_HANDS, 0, 0, 0, 0)
    _start_roll_all(cfg, g, sv)


@njit(cache=True)
def _run(cfg, tab, g, sv):
    """flow.run: pop tasks until one asks a question or none is left (the game is over)."""
    n = cfg[C_N]
    while g[G_PK] == P_NONE:
        if g[G_BAIL]:
            return
        if g[G_NT] == 0:
            g[G_PK] = P_OVER
            return
        g[G_NT] -= 1
        k = g[G_NT]
        row = O_TASKS + 5 * k
        name, a, b, c, d = g[row], g[row + 1], g[row + 2], g[row + 3], g[row + 4]
        if name == K_DRAW:                   # flow.task_draw (LM-DRAW-1/2)
            if b <= 0:
                continue
            left = 0
            for t in range(7):
                left += g[O_PILE + t]
            if left == 0:
                rest = 0
                for t in range(7):
                    rest += g[O_DISC + t]
                if rest == 0:
                    continue                 # nothing left to draw (LM-AMB-39)
                for t in range(7):
                    g[O_PILE + t] = g[O_DISC + t]
                    g[O_DISC + t] = 0
                g[O_COUNTS + E_RESHUFFLE] += 1
            _push(g, K_DRAW, a, b - 1, 0, 0)
            g[G_PK] = P_DRAW
            g[G_PS] = a
        elif name == K_TURN:                 # flow.task_turn
            s = a
            if g[G_TURN_OVER] or sv[S_FINISHED, s] or sv[S_FAINT, s]:
                g[G_TURN_OVER] = 1
            else:
                g[G_PK] = P_TURN
                g[G_PS] = s
        elif name == K_TURNS:                # flow.task_turns (LM-ROUND-1)
            i = a
            if i >= g[G_NORDER]:
                _push(g, K_MOVEMENT, 0, 0, 0, 0)
                continue
            s = sv[S_ORDER, i]
            if sv[S_FINISHED, s] or sv[S_FAINT, s] or sv[S_STOP_SKIP, s]:
                _push(g, K_TURNS, i + 1, 0, 0, 0)
                continue
            g[G_TURN_OVER] = 0
            _push(g, K_TURNS, i + 1, 0, 0, 0)
            _push(g, K_WINDOW, i, 0, 0, 0)
            _push(g, K_TURN, s, 0, 0, 0)
        elif name == K_WINDOW:               # flow.task_window (LM-AMB-12)
            if not cfg[C_WINDOWS]:
                continue
            g[G_WIN_PASSED] = 0
            g[G_WIN_NEXT] = 0
            g[G_WIN_LAST] = 1 if a == g[G_NORDER] - 1 else 0
            _push(g, K_POLL, 0, 0, 0, 0)
        elif name == K_POLL:                 # flow.task_poll: the next seat with an any-time use
            kk = g[G_NORDER]
            for step in range(kk):
                j = (g[G_WIN_NEXT] + step) % kk
                s = sv[S_ORDER, j]
                if g[G_WIN_PASSED] & (1 << s) or sv[S_FINISHED, s] or sv[S_FAINT, s]:
                    continue
                if _window_uses(cfg, g, sv, s, np.empty(32, dtype=np.int64), 0) > 0:
                    g[G_WIN_NEXT] = (j + 1) % kk
                    g[G_PK] = P_WINDOW
                    g[G_PS] = s
                    break
        elif name == K_D20:                  # d20.task_d20
            g[G_PK] = P_D20
            g[G_PS] = a
        elif name == K_ORDER_ROLL:
            _order_roll(g, sv)
        elif name == K_MOVEMENT:
            _movement(cfg, tab, g, sv)
        elif name == K_ROUND_END:
            _round_end(cfg, tab, g, sv)
        elif name == K_ROUND_START:          # flow.task_round_start (LM-ROUND-5)
            ready = g[G_ORDER_READY]
            g[G_ORDER_READY] = 0
            for s in range(n):
                sv[S_DID23, s] = 0
                sv[S_DID_SHED, s] = 0
                sv[S_RETURNING, s] = 0
            _push(g, K_TURNS, 0, 0, 0, 0)
            if not ready:
                _push(g, K_FIX_ORDER, 0, 0, 0, 0)
            _push(g, K_BEAR_REFILL, 0, 0, 0, 0)
            for s in range(n - 1, -1, -1):
                if sv[S_FAINT, s] and not sv[S_FINISHED, s]:
                    _push(g, K_REVIVE, s, 0, 0, 0)
        elif name == K_REVIVE:               # flow.task_revive (LM-FAINT-2/3, LM-AMB-18)
            s = a
            f = sv[S_FAINT, s]
            if f == 1:
                sv[S_FAINT, s] = 2
            elif f == 2:
                g[G_PK] = P_REVIVE
                g[G_PS] = s
            elif f == 3:
                _revive(cfg, tab, g, sv, s, _max_stamina(cfg, sv, s))
        elif name == K_BEAR_REFILL:          # flow.task_bear_refill (LM-EVENT-07)
            for s in range(n):
                if sv[S_BEAR_NEXT, s] and not sv[S_FAINT, s]:   # fainted: kept (LM-AMB-51)
                    sv[S_BEAR_NEXT, s] = 0
                    sv[S_BEAR_DOUBLE, s] = 1
                    sv[S_STAM, s] = _max_stamina(cfg, sv, s)
        elif name == K_FIX_ORDER:
            _by_position(cfg, g, sv)
        elif name == K_EVENT:                # d20.task_event (Rewind's repeat)
            _resolve(cfg, tab, g, sv, a, b)
        elif name == K_BLIND:                # d20.task_blind
            if c <= 0 or _takeable_count(sv, b) == 0:
                continue
            _push(g, K_BLIND, a, b, c - 1, d)
            g[G_PK] = P_BLIND
            g[G_PS] = a
            g[G_PD_A] = b
            g[G_PD_B] = d
        elif name == K_TRADE_BACK:           # d20.task_trade_back
            m = _takeable_count(sv, a)
            _push(g, K_BLIND, b, a, c if c < m else m, WHY_TRADE)
        elif name == K_REWIND_TERRAIN:       # d20.task_rewind_terrain (LM-EVENT-16, LM-AMB-26)
            for i in range(cfg[O_LEGLEN + g[G_LEG]]):
                if g[O_TERR + i] == LEAF:
                    g[O_TERR + i] = FOREST
        elif name == K_FRIEND:               # d20.task_friend
            have = _owned(sv, a)
            if have != 7:
                g[G_PK] = P_FRIEND
                g[G_PS] = a
        elif name == K_LEG_CHANGE:
            _leg_change(cfg, tab, g, sv)
        elif name == K_LEG_HANDS:            # legs.task_leg_hands (LM-LEG-2, LM-AMB-38)
            i = a
            if i >= g[G_NORDER]:
                continue
            _push(g, K_LEG_HANDS, i + 1, 0, 0, 0)
            s = sv[S_ORDER, i]
            h = sv[S_HLEN, s]
            size = cfg[C_LEG_HAND]
            if h > size:
                m = _takeable_count(sv, s)
                m = h - size if h - size < m else m
                if m:
                    _ask_select(cfg, g, sv, s, SEL_LEG_DISCARD, m, m, -1)
            elif h < size:
                _push(g, K_DRAW, s, size - h, 0, 0)
        elif name == K_LEG_KEEP:             # legs.task_leg_keep (LM-LEG-3)
            i = a
            if i >= g[G_NORDER]:
                continue
            s = sv[S_ORDER, i]
            _push(g, K_LEG_KEEP, i + 1, 0, 0, 0)
            _push(g, K_KEEP_BUFF, s, 0, 0, 0)
            _push(g, K_KEEP_ARMOR, s, 0, 0, 0)
        elif name == K_KEEP_ARMOR:
            if sv[S_ARMOR, a] >= 0:
                g[G_PK] = P_KEEP_ARMOR
                g[G_PS] = a
        elif name == K_KEEP_BUFF:
            if _keep_options(cfg, sv, a):
                g[G_PK] = P_KEEP_BUFF
                g[G_PS] = a
            elif sv[S_ELEN, a]:
                _keep_buff(cfg, tab, g, sv, a, -1)
        elif name == K_LEG_STAMINA:          # legs.task_leg_stamina (LM-LEG-4, LM-AMB-23)
            for s in range(n):
                m = _max_stamina(cfg, sv, s)
                if 2 * sv[S_STAM, s] < m:
                    sv[S_STAM, s] = m // 2
        elif name == K_GAME_OVER:            # legs.task_game_over (LM-END-1)
            g[G_OVER] = 1
        elif name == K_DEAL:                 # setup.task_deal
            g[G_PK] = P_DEAL
            g[G_PS] = a
        elif name == K_DRAFT_KEEP:
            g[G_PK] = P_KEEP_CHAR
            g[G_PS] = a
        elif name == K_REVEAL:               # setup.task_reveal
            for s in range(n):
                sv[S_DLEN, s] = 0
                _reveal_one(cfg, tab, g, sv, s)
        elif name == K_DRAFT_SEQ:            # setup.task_draft_seq (LM-AMB-37)
            i = a
            if i >= n:
                continue
            s = sv[S_ORDER, i]
            _push(g, K_DRAFT_SEQ, i + 1, 0, 0, 0)
            _push(g, K_DRAFT_KEEP, s, 0, 0, 0)
            for _ in range(cfg[C_DRAFT_DEAL]):
                _push(g, K_DEAL, s, 0, 0, 0)
        elif name == K_OPENING:              # setup.task_opening (LM-SETUP-4)
            i = a
            if i >= g[G_NORDER]:
                continue
            _push(g, K_OPENING, i + 1, 0, 0, 0)
            _push(g, K_DRAW, sv[S_ORDER, i], cfg[C_OPENING], 0, 0)
        elif name == K_EXCHANGE:             # setup.task_exchange (LM-SETUP-5)
            i = a
            if i >= g[G_NORDER]:
                continue
            s = sv[S_ORDER, i]
            _push(g, K_EXCHANGE, i + 1, 0, 0, 0)
            _ask_select(cfg, g, sv, s, SEL_EXCHANGE, 0, -1, -1)
        else:
            g[G_BAIL] = 1


# ----- the careful agent (agents.CarefulAgent) -----------------------------------------------

@njit(cache=True)
def _has(legal, k, a):
    """``a in legal`` (the first ``k`` entries)."""
    for i in range(k):
        if legal[i] == a:
            return True
    return False


@njit(cache=True)
def _excess(cfg, tab, g, sv, s):
    """stats.excess: weight (or cards) above the limit (LM-WEIGHT-3, LM-AMB-14)."""
    if cfg[C_EXCESS_CARDS]:
        load = sv[S_HLEN, s]
    else:
        load = 0
        for i in range(sv[S_HLEN, s]):
            load += tab[g[G_MB], sv[O_HAND + i, s]]
    over = load - (sv[S_PMAX, s] // cfg[C_WDIV] + cfg[C_BUFF_A_LIMIT] * _has_buff(sv, s, 0))
    return over if over > 0 else 0


@njit(cache=True)
def _careful_turn(cfg, tab, g, sv, s, legal, k, u):
    """CarefulAgent._turn: a trigger, armor, a new buff, recovery, shedding or 2-for-3 when over
    the weight limit, action cards while the squares stay affordable, Bear before a faint,
    never standing still for good, then the end of the turn."""
    if _has(legal, k, TRIGGER):
        return TRIGGER
    if _has(legal, k, EQUIP):
        return EQUIP
    for b in (1, 0, 2, 3):
        if _has(legal, k, ELEMENT + b):
            return ELEMENT + b
    stamina = sv[S_STAM, s]
    if _has(legal, k, RECOVER) and (
            stamina + cfg[C_HEAL] <= _max_stamina(cfg, sv, s)
            or _run_cost(cfg, g, sv, s, _movement_total(cfg, tab, g, sv, s)) >= stamina):
        return RECOVER
    over = _excess(cfg, tab, g, sv, s)
    level = g[G_MB]
    if over > 0:
        best = -1
        most = -1
        two = -1
        for i in range(k):
            a = legal[i]
            if SHED <= a < SHED + 65536:
                w = tab[level, (a - SHED) // CODES] + tab[level, (a - SHED) % CODES]
                if w > most:                    # max(): the first of the heaviest
                    best, most = a, w
            elif TWO3 <= a < TWO3 + CODES and two < 0:
                two = a
        if best >= 0:
            return best
        if two >= 0 and over >= 2:
            return two
    total = _movement_total(cfg, tab, g, sv, s)
    act = _has(legal, k, ACT)
    if act and _run_cost(cfg, g, sv, s, total + cfg[C_ACT_BONUS]) < stamina:
        return ACT
    if _has(legal, k, BEAR) and _run_cost(cfg, g, sv, s, total) >= stamina:
        return BEAR
    if total == 0:
        if act and not _has_buff(sv, s, 2):
            return ACT
        if _has(legal, k, FFR) and over > 0 and (not cfg[C_STOP_NEXT] or not act):
            return FFR
    if _has(legal, k, END):
        return END
    return legal[int(u * k)]


@njit(cache=True)
def _careful_select(cfg, tab, g, sv, s, legal, k):
    """CarefulAgent._select: effects and weapons away at the exchange and Barter, the heaviest
    card first elsewhere (sorted by weight, stable); Travel Light stops short of a faint that
    would lose a pending Bear refill (LM-AMB-51)."""
    level = g[G_MB]
    heavy = -1          # the first pick of the greatest weight
    most = -1
    trash = -1          # the first effect or weapon in that order
    trash_w = -1
    done = False
    for i in range(k):
        a = legal[i]
        if a == DONE:
            done = True
        if a >= PICK:
            w = tab[level, a - PICK]
            if w > most:
                heavy, most = a, w
            t = (a - PICK) & 7
            if (t == T_EFFECT or t == T_WEAPON) and w > trash_w:
                trash, trash_w = a, w
    purpose = g[G_PD_A]
    if purpose == SEL_EXCHANGE or purpose == SEL_BARTER:
        if trash >= 0:
            return trash
        return DONE if done else legal[k - 1]
    if purpose == SEL_TRAVEL:
        if heavy >= 0 and _excess(cfg, tab, g, sv, s) > 0:
            if sv[S_BEAR_NEXT, s] and not cfg[C_BEAR_RETURN] and done:
                # a faint now would cost the pending Bear refill (LM-AMB-51)
                npk = g[G_NPICKED]
                if cfg[C_TRAVEL_CARDS]:
                    run = npk + 1
                else:
                    run = most
                    for j in range(npk):
                        run += tab[level, g[O_PICKED + j]]
                if _run_cost(cfg, g, sv, s, run) >= sv[S_STAM, s]:
                    return DONE
            return heavy
        return DONE if done else heavy
    if done and heavy < 0:
        return DONE
    return heavy if heavy >= 0 else legal[0]


@njit(cache=True)
def _careful(cfg, tab, g, sv, legal, k, u):
    """CarefulAgent.__call__: its choice among the ``k`` legal actions (``u``: its number,
    ``uniform(seed, ply, 7)``, for the fallback pick)."""
    pk = g[G_PK]
    s = g[G_PS]
    if pk == P_TURN:
        return _careful_turn(cfg, tab, g, sv, s, legal, k, u)
    if pk == P_WINDOW:
        return PASS if _has(legal, k, PASS) else legal[0]
    if pk == P_SELECT:
        return _careful_select(cfg, tab, g, sv, s, legal, k)
    if pk == P_REVIVE:
        return REVIVE_NOW
    if pk == P_KEEP_ARMOR:
        return KEEP_ARMOR
    if pk == P_KEEP_BUFF:
        for b in (1, 0, 2):
            if _has(legal, k, KEEP_BUFF + b):
                return KEEP_BUFF + b
    if pk == P_FRIEND:
        for b in (1, 0, 2):
            if _has(legal, k, BUFF + b):
                return BUFF + b
    if pk == P_RESIN:
        for i in range(k):
            if legal[i] >= RESIN and legal[i] - RESIN != s:
                return legal[i]
        return legal[0]
    if pk == P_COUNT:
        return legal[k - 1]
    return legal[int(u * k)]


# ----- the game -----------------------------------------------------------------------------

@njit(cache=True)
def _game(cfg, tab, agents, chance_u, agent_u, careful_u, max_plies, bail_at, history, g, sv):
    """One whole game from setup.begin; returns its plies, or NEED_MORE / TOO_LONG / BAIL.
    Leaves the final state in ``g`` (events counted at ``O_COUNTS``) and ``sv`` (leg points at
    ``O_LEGPTS``)."""
    n = cfg[C_N]
    legal = np.zeros(LEGAL_MAX, dtype=np.int64)
    others = np.zeros(HAND_MAX, dtype=np.int64)
    vals = np.zeros(MAX_ROSTER + HAND_MAX, dtype=np.int64)   # a chance node's outcomes
    probs = np.zeros(MAX_ROSTER + HAND_MAX, dtype=np.float64)
    for t in range(7):
        g[O_PILE + t] = cfg[O_DECK + t]
    for i in range(MAX_SQUARES):
        g[O_TERR + i] = tab[MB_LEVELS, i]
    g[G_ROUND] = 1
    g[G_FIN] = cfg[O_LEGLEN] - 1
    for s in range(n):
        sv[S_ARMOR, s] = -1
        sv[S_CHAR, s] = -1
        sv[S_KEPT, s] = -1
    # setup.begin: the opening roll first (LM-SETUP-1), then the draft, hands, exchanges
    _push(g, K_ROUND_START, 0, 0, 0, 0)
    _push(g, K_EXCHANGE, 0, 0, 0, 0)
    _push(g, K_OPENING, 0, 0, 0, 0)
    if cfg[C_DRAFT_SEQ]:
        _push(g, K_DRAFT_SEQ, 0, 0, 0, 0)
    else:
        _push(g, K_REVEAL, 0, 0, 0, 0)
        for s in range(n - 1, -1, -1):
            _push(g, K_DRAFT_KEEP, s, 0, 0, 0)
        for s in range(n - 1, -1, -1):
            for _ in range(cfg[C_DRAFT_DEAL]):
                _push(g, K_DEAL, s, 0, 0, 0)
    g[G_ORDER_READY] = 1
    _start_roll_all(cfg, g, sv)
    _run(cfg, tab, g, sv)
    for ply in range(max_plies):
        if g[G_BAIL] or ply == bail_at:
            return BAIL
        pk = g[G_PK]
        if pk == P_OVER:
            return ply
        if ply >= chance_u.shape[0]:
            return NEED_MORE
        if pk <= P_DEAL:
            action = _chance(cfg, g, sv, chance_u[ply], vals, probs)
        else:
            k = _legal(cfg, g, sv, legal, others)
            if k <= 0 or g[G_BAIL]:
                return BAIL
            who = agents[g[G_PS]]
            if who == AGENT_RANDOM:
                action = legal[int(agent_u[ply] * k)]
            elif who == AGENT_FIRST:
                action = legal[0]
            else:
                action = _careful(cfg, tab, g, sv, legal, k, careful_u[ply])
        history[ply] = action
        _answer(cfg, tab, g, sv, action)
        _run(cfg, tab, g, sv)
    return TOO_LONG
