"""The Aeroplane Chess playout kernel compiled with numba (imported only when numba is installed).

The rules engine's modules (flow.py, turn.py, move.py, capture.py, finish.py) written as
one tight loop for whole-game simulation (random and first-legal agents), over NumPy
arrays: plane positions, loop squares, and the board and options turned into small tables
by :func:`tables`; no state object, no legality re-check, no event records. The engine is
the reference: every simulation checks this loop against it on games of its own run
(:func:`racekit.sim.kernels.check_kernel`), and without numba the engine plays. Chance is
precomputed in Python with :func:`racekit.core.chance.stream_array`: one number per
ply for the die (salt 0) and one for the random agent (salt ``0xA6E27``); the
compiled loop applies the formulas of ``Sampler.sample`` and ``RandomAgent.pick``
to them. When a game runs past the numbers given, the loop returns
:data:`NEED_MORE` and :func:`play` calls it again, from the start, with longer
arrays (the same numbers, so the same game). ``tests/test_sim_kernels.py`` checks
this kernel against the rules engine for many seeds and option values.

Covered: both presets and every option, ``optional_effects=true`` (each optional capture,
jump and flight a decision, AC-AMB-06) and ``stack_blocks=true`` (enemy stacks block the
way, AC-AMB-26) included. Clauses (AC-FAM-TURN-1, AC-TOUR-TURN-1, AC-TOUR-LAUNCH-1,
AC-BOTH-MOVE-1/2, AC-TOUR-STACK-1..4, AC-TOUR-JUMP-1, AC-TOUR-FLY-1/2,
AC-FAM-CAPTURE-1..3, AC-TOUR-CAPTURE-1..3, AC-BOTH-FINISH-1, AC-TOUR-SIX-1..4,
AC-TOUR-WIN-1, AC-FAM-GOAL-1 and the AC-AMB options).
"""
from __future__ import annotations

from ...core.errors import no_end

import weakref
from types import SimpleNamespace

import numpy as np
from numba import njit

from ...core.chance import BLOCK, Sampler, stream_array
from ...core.chance import pick as pick_outcome
from .actions import EFFECT, FIRST, GIVE, KEEP, MOVE
from .board import BASE
from ...sim.kernels import Playout
from . import finish
from .text import COUNTED

AGENTS = ("random", "first")
EVENTS = COUNTED
AGENT_SALT = 0xA6E27
"""The salt of ``RandomAgent.pick``'s numbers: it takes ``legal[int(u * len(legal))]``."""


def supports(game) -> str | None:
    """``None``: this loop plays ``game`` (every option and rule number, and the turn limit)."""
    return None


def playout(game, seed: int, agents, bail_at: int = -1) -> Playout:
    """One whole game (:class:`racekit.sim.kernels.Playout`); this loop never hands one back
    (``bail_at`` is ignored)."""
    history, pos, places, winner, turns, counts, capped = play(game, seed, agents,
                                                               game.game_type.max_game_length)
    ranking = finish.ranking(end_view(game, pos, places, winner, capped))
    return Playout(history, ranking, -(-(turns + 1) // game.rules.n), dict(zip(EVENTS, counts)))

(I_FRESH, I_PLY, I_TURN, I_ROLLER, I_SIXES, I_SIX_MOVED, I_PASSED, I_PLACES, I_WINNER,
 I_WINNERS, I_LIMIT, N_INIT) = range(12)
INIT_FIELDS = ("fresh", "ply", "turn", "roller", "sixes", "six_moved", "passed", "places",
               "winner", "winners", "limit")
"""Where :func:`_game` starts (its ``init`` array): from the start (``fresh``), or from a roll
of a game under way (:func:`rollout`)."""

NEED_MORE = -1
"""Returned by :func:`_game` when the chance numbers ran out (call again with more)."""
TOO_LONG = -2
"""Returned by :func:`_game` when the game passed ``max_plies`` (a rules bug)."""
AGENT_RANDOM, AGENT_FIRST = 0, 1
AGENT_CODES = {"random": AGENT_RANDOM, "first": AGENT_FIRST}

# event counters (the order of EVENTS)
_CAPTURE, _JUMP, _FLY, _BOUNCE, _PASS, _LAUNCH, _FINISH, _EXTRA, _GIFT = range(9)
# hops (move.hop_for): none, a plain jump, a flight
_NO_HOP, _HOP_JUMP, _HOP_FLY = 0, 1, 2
# capture modes, six rules
_LAND, _PASS_AND_LAND, _NO_CAPTURE = 0, 1, 2
_SIX_NONE, _SIX_ONE, _SIX_GIFT = 0, 1, 2
# what capture.at_rest found: nothing to do, the moving group sent back, a capture to ask about
_REST_DONE, _REST_GONE, _REST_ASK = 0, 1, 2
# the answers to an optional effect (AC-AMB-06): take is the lower id, so the first legal
_TAKE_CAPTURE, _TAKE_JUMP, _TAKE_FLY = EFFECT["capture"][0], EFFECT["jump"][0], EFFECT["fly"][0]

# fields of the settings array ``cfg`` (see tables())
(N, FIN, TOP, FLY_FROM, FLY_TO, JUMP, TOUR, LAUNCH_MASK, LAUNCH_STEPS, EXACT_ONLY, CAPTURE,
 DEST, SIX, SIX_NO_MOVE, FINISH_BONUS, PARTNER_ROLLS, PENALTY, PLACES, JUMP_FLY, ONE_JUMP,
 NEW_LAP, FLY_CAPTURE, START, FIRST_RANDOM, DIE_N, BONUS_FACE, LAUNCH_FROM, PENALTY_SIXES,
 OPTIONAL, BLOCKS, N_FIELDS) = range(31)

PARAM_FIELDS = {"die_faces": DIE_N, "bonus_face": BONUS_FACE, "launch_from": LAUNCH_FROM,
                "penalty_sixes": PENALTY_SIXES}
"""The ``cfg`` field of every rule number (params.PARAMS): the compiled loop reads the
configured game's values, never the rulebook's. The die's faces also go in ``faces``/``cum``
(:func:`_die_walk`), the launch faces in ``LAUNCH_MASK``."""


def _die_walk(outcomes):
    """``Sampler.sample`` on the die's ``outcomes`` (``game.rules.die``): faces sorted by value,
    their cumulative probabilities (summed in that order, as the sampler sums them) and the
    total; the face drawn with number ``u`` is the first whose cumulative probability exceeds
    ``u * total``."""
    faces, cum, total = [], [], 0.0
    for face, p in sorted(outcomes):
        total += p
        faces.append(face)
        cum.append(total)
    return faces, cum, total


class Tables:
    """The board and options of one configured game as arrays for the compiled loop.

    Attributes:
        cfg: int64 settings, indexed by the field constants of this module.
        sq: ``sq[seat, position]``: loop square of a seat's position, -1 off the loop
            (pre-entry codes index from the end, as ``Board.sq``).
        loop_position: ``[seat, square]``: the seat's position on that loop square
            (``Board.loop_position``, AC-AMB-27).
        own: ``own[step]``: is loop step ``step`` an own-colour square.
        side, mate, order: the rules' seat tables (mate -1 in the family game).
        cross: ``[seat] -> (seat, home step)`` crossed by the dashed line, or (-1, -1).
        faces, cum, total: the die's faces and cumulative probabilities, and their
            total, as ``Sampler.sample`` sums them (:func:`_die_walk` of ``game.rules.die``).
        blocks: blocks of chance numbers to draw first (follows the games played).
    """

    def __init__(self, game):
        r = game.rules
        b = r.board
        cfg = np.zeros(N_FIELDS, dtype=np.int64)
        cfg[N] = r.n
        cfg[FIN] = b.finish
        cfg[TOP] = b.loop_steps
        cfg[FLY_FROM] = b.fly_from
        cfg[FLY_TO] = b.fly_to
        cfg[JUMP] = b.jump
        cfg[TOUR] = r.tour
        cfg[LAUNCH_MASK] = sum(1 << d for d in r.launch)
        cfg[LAUNCH_STEPS] = r.launch_steps
        cfg[EXACT_ONLY] = r.exact_only
        cfg[CAPTURE] = {"land": _LAND, "pass_and_land": _PASS_AND_LAND, "none": _NO_CAPTURE}[r.capture]
        cfg[DEST] = r.captured_to
        cfg[SIX] = {"none": _SIX_NONE, "one_per_six": _SIX_ONE, "chained_giftable": _SIX_GIFT}[r.six]
        cfg[SIX_NO_MOVE] = r.six_no_move
        cfg[FINISH_BONUS] = r.finish_bonus
        cfg[PARTNER_ROLLS] = r.partner_rolls
        cfg[PENALTY] = r.penalty
        cfg[PLACES] = r.places
        cfg[JUMP_FLY] = r.jump_fly
        cfg[ONE_JUMP] = r.max_jumps == 1
        cfg[NEW_LAP] = r.new_lap
        cfg[FLY_CAPTURE] = r.fly_capture
        cfg[START] = r.start
        cfg[FIRST_RANDOM] = not r.tour and r.first == "random"
        cfg[OPTIONAL] = r.optional                # AC-AMB-06
        cfg[BLOCKS] = r.blocks                    # AC-AMB-26
        p = game.params
        for name, field in PARAM_FIELDS.items():
            cfg[field] = p[name]
        self.cfg = cfg
        colours = len(b.colours)
        self.sq = np.array(b.sq, dtype=np.int64)
        self.loop_position = np.array([[b.loop_position(s, square) for square in range(b.loop_len)]
                                       for s in range(colours)], dtype=np.int64)
        self.own = np.array([s in b.own for s in range(b.finish + 1)], dtype=np.bool_)
        self.side = np.array(r.side, dtype=np.int64)
        self.mate = np.array([-1 if m is None else m for m in r.mate], dtype=np.int64)
        self.order = np.array(r.order, dtype=np.int64)
        self.cross = np.array([b.crossing.get(s) or (-1, -1) for s in range(colours)], dtype=np.int64)
        faces, cum, self.total = _die_walk(r.die)
        self.faces = np.array(faces, dtype=np.int64)
        self.cum = np.array(cum, dtype=np.float64)
        self.blocks = 14.0


_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def tables(game) -> Tables:
    """The :class:`Tables` of ``game`` (built once per configured game)."""
    t = _TABLES.get(game.rules)
    if t is None:
        t = _TABLES[game.rules] = Tables(game)
    return t


def play(game, seed: int, agents, max_plies: int, blocks: int | None = None):
    """One whole game: ``(history list, final positions, places, winner, turns, counts,
    ended by the turn limit)``.

    ``blocks`` blocks of :data:`~racekit.core.chance.BLOCK` plies of chance numbers
    are drawn first (default: a third more than the recent games of this
    configured game needed on average), more when the game needs them; the game is the same
    either way.

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
    first = -1
    if t.cfg[FIRST_RANDOM]:                       # AC-AMB-09: the family first player is drawn
        first = Sampler(seed).sample([(FIRST + s, 1.0 / n) for s in range(n)], 0) - FIRST
    dice_u = stream_array(seed, 0, blocks * BLOCK)
    agent_u = stream_array(seed, AGENT_SALT, blocks * BLOCK)
    init = np.zeros(N_INIT, dtype=np.int64)
    init[I_FRESH] = 1
    init[I_WINNER] = -1
    init[I_LIMIT] = (game.rules.turn_limit or 0) * n

    def more(d, a):   # NEED_MORE: half as many again, the same numbers first
        stop = len(d) + len(d) // 2
        return (np.concatenate((d, stream_array(seed, 0, stop, len(d)))),
                np.concatenate((a, stream_array(seed, AGENT_SALT, stop, len(a)))))

    plies, history, pos, places, result, counts, _, _ = _run(
        game, t, codes, first, init, [0] * (4 * n), [], dice_u, agent_u, max_plies, seed, more)
    t.blocks = 0.9 * t.blocks + 0.1 * (plies / BLOCK)   # what the next game draws first
    turns, n_places, n_winner, winner0, capped = (int(x) for x in result)
    return (history[:plies].tolist(), pos.tolist(), places[:n_places].tolist(),
            _winner(t, n_winner, winner0), turns, counts.tolist(), bool(capped))


def _run(game, t, codes, first, init, pos0, places0, dice_u, agent_u, max_plies, seed, more):
    """:func:`_game` until it has the chance numbers it needs (``more(dice_u, agent_u)`` gives
    longer arrays, the same numbers first): ``(plies, history, pos, places, result, counts,
    dice_u, agent_u)``. Raises RuntimeError (:func:`no_end`) past ``max_plies``."""
    n = game.num_players
    result = np.zeros(5, dtype=np.int64)          # turns, places, winner seats, first winner, capped
    counts = np.zeros(9, dtype=np.int64)
    while True:
        pos = np.array(pos0, dtype=np.int64)
        places = np.zeros(n, dtype=np.int64)
        places[:len(places0)] = places0
        history = np.empty(len(dice_u), dtype=np.int64)
        plies = _game(t.cfg, t.sq, t.loop_position, t.own, t.side, t.mate, t.order, t.cross,
                      t.faces, t.cum, t.total, codes, first, init, dice_u, agent_u, max_plies,
                      history, pos, places, result, counts)
        if plies >= 0:
            return plies, history, pos, places, result, counts, dice_u, agent_u
        if plies == TOO_LONG:
            raise no_end(game, seed, max_plies)
        dice_u, agent_u = more(dice_u, agent_u)


def end_view(game, pos, places, winner, capped):
    """The end of a game the loop played, for :func:`finish.ranking`."""
    return SimpleNamespace(r=game.rules, b=game.rules.board, pos=pos, places=places,
                           winner=winner, game=game, phase="over", capped=capped)


def _winner(t, n_winner, winner0):
    if n_winner == 1:
        return [winner0]
    if n_winner == 2:
        return sorted((winner0, int(t.mate[winner0])))
    return None


def at_roll(state) -> bool:
    """Whether :func:`rollout` can start from ``state``: a roll of the die, the game under way."""
    return state.phase == "roll" and state.ctx is None and state.is_chance_node()


def rollout(game, state, dice_u, agent_u, more=None):
    """The rest of a game from a roll (:func:`at_roll`) with random agents on every seat, as
    the engine plays it with the same numbers (:func:`engine_rollout`): the die at ply ``j``
    takes ``dice_u[j]`` (``Sampler.sample``'s formula), a decision ``agent_u[j]`` (one of the
    ``n`` legal actions: ``int(u * n)``, ``RandomAgent.pick``).

    Args:
        dice_u, agent_u: float64 arrays indexed by absolute ply (entries before
            ``state.ply`` are not read).
        more: called with the arrays when the game outlasts them, returns longer ones (the
            same numbers first); ``None``: raise.

    Returns:
        ``(tail, view, dice_u, agent_u)``: the plies played after ``state``, the end of the game
        for :func:`racekit.games.aeroplane_chess.finish.ranking`, and the numbers used.

    Raises:
        ValueError: ``state`` is not at a roll, or the numbers ran out and ``more`` is None.
    """
    if not at_roll(state):
        raise ValueError("a kernel rollout starts at a roll of the die")
    t = tables(game)
    n = game.num_players
    init = np.zeros(N_INIT, dtype=np.int64)
    init[I_PLY] = state.ply
    init[I_TURN] = state.turn
    init[I_ROLLER] = state.roller
    init[I_SIXES] = state.sixes
    init[I_SIX_MOVED] = state.six_moved
    init[I_PASSED] = state.turns
    init[I_PLACES] = len(state.places)
    init[I_WINNER] = state.winner[0] if state.winner else -1
    init[I_WINNERS] = len(state.winner) if state.winner else 0
    init[I_LIMIT] = (game.rules.turn_limit or 0) * n
    codes = np.full(n, AGENT_RANDOM, dtype=np.int64)
    if more is None:
        def more(d, a):
            raise ValueError(f"the chance numbers ran out at ply {len(d)}")
    plies, history, pos, places, result, counts, dice_u, agent_u = _run(
        game, t, codes, -1, init, state.pos, state.places, dice_u, agent_u,
        game.game_type.max_game_length, -1, more)
    n_places, n_winner, winner0, capped = (int(x) for x in result[1:5])
    view = end_view(game, pos.tolist(), places[:n_places].tolist(),
                    _winner(t, n_winner, winner0), bool(capped))
    return history[state.ply:plies].tolist(), view, dice_u, agent_u


def engine_rollout(state, dice_u, agent_u) -> list[int]:
    """What :func:`rollout` plays, played by the rules engine on a copy of ``state`` with the
    same numbers: the plies after ``state`` (the kernel's check, and its tests)."""
    s = state.clone()
    start = s.ply
    while not s.is_terminal():
        j = s.ply
        if s.is_chance_node():
            a = pick_outcome(s.chance_outcomes(), float(dice_u[j]))
        else:
            legal = s.legal_actions()
            a = legal[int(float(agent_u[j]) * len(legal))]
        s.apply_action(a)
    return s.history()[start:]


# ----- the compiled loop --------------------------------------------------------------------

@njit(cache=True)
def _hop_for(cfg, own, s, arrived, flown, jumps):
    """move.hop_for: (kind, to) of the next jump or flight from step ``s`` (AC-TOUR-JUMP-1,
    AC-TOUR-FLY-1/2, AC-AMB-19, AC-AMB-25); kind _NO_HOP when there is none."""
    top = cfg[TOP]
    if not cfg[JUMP_FLY] or s < 1 or s > top or not own[s]:
        return _NO_HOP, 0
    fly_from, fly_to, jump = cfg[FLY_FROM], cfg[FLY_TO], cfg[JUMP]
    if cfg[ONE_JUMP]:
        if arrived == _NO_HOP:                    # the die walk
            if s == fly_from:
                return _HOP_FLY, fly_to
            if s + jump <= top:
                return _HOP_JUMP, s + jump
        elif arrived == _HOP_JUMP:                # after a jump: only a flight, then stop
            if s == fly_from and not flown:
                return _HOP_FLY, fly_to
        elif jumps == 0 and s + jump <= top:      # after a flight: one jump
            return _HOP_JUMP, s + jump
        return _NO_HOP, 0
    if s == fly_from and not flown:
        return _HOP_FLY, fly_to
    if s + jump <= top:
        return _HOP_JUMP, s + jump
    return _NO_HOP, 0


@njit(cache=True)
def _planned_final(cfg, own, end):
    """move.planned_final: where a die walk ending on ``end`` stops after its hops."""
    arrived, flown, jumps, s = _NO_HOP, False, 0, end
    while True:
        kind, to = _hop_for(cfg, own, s, arrived, flown, jumps)
        if kind == _NO_HOP:
            return s
        if kind == _HOP_FLY:
            flown = True
        else:
            jumps += 1
        arrived, s = kind, to


@njit(cache=True)
def _progress(v):
    """board.progress: a pre-entry code -1-k counts as step 1-k (AC-AMB-27)."""
    return v + 2 if v < BASE else v


@njit(cache=True)
def _blocked(cfg, sq, side, loc, c, s0, t):
    """move._blocking on the squares a die walk of colour ``c`` from path step ``s0`` to ``t``
    passes on the loop (not the one it lands on): does a stack of two or more planes of one
    enemy side stand there? (AC-AMB-26)"""
    top = cfg[TOP]
    stop = t if t < top + 1 else top + 1
    n_planes = 4 * cfg[N]
    mine = side[c]
    for s in range(s0 + 1, stop):
        square = sq[c, s if s >= 1 else s - 2]    # a walk from before step 1 (AC-AMB-27)
        for x in range(cfg[N]):
            if x == mine:
                continue
            k = 0
            for q in range(n_planes):
                if loc[q] == square and side[q >> 2] == x:
                    k += 1
            if k >= 2:
                return True
    return False


@njit(cache=True)
def _route_ok(cfg, own, sq, side, loc, pos, c, first, mates, d):
    """move.route_problem(...) is None, for a group of colour ``c`` led by own plane ``first``
    carrying the teammate planes in bit mask ``mates``."""
    s0 = pos[first]
    if s0 == BASE:
        if not cfg[LAUNCH_MASK] >> d & 1:         # AC-TOUR-LAUNCH-1, AC-AMB-02
            return False
        if not cfg[LAUNCH_STEPS] or d == 1:
            return True
        s0, d = 0, d - 1
    else:
        s0 = _progress(s0)
    t = s0 + d
    fin, top = cfg[FIN], cfg[TOP]
    if t > fin and cfg[EXACT_ONLY]:               # AC-AMB-05
        return False
    if mates and t > top:                         # AC-TOUR-STACK-3
        return False
    if cfg[BLOCKS] and _blocked(cfg, sq, side, loc, c, s0, t):   # AC-AMB-26
        return False
    if mates:
        if not cfg[NEW_LAP]:                      # AC-AMB-27 refuse: judged on the whole chain
            end = t if t <= fin else 2 * fin - t
            final = _planned_final(cfg, own, end)
            for q in range(len(pos)):
                if mates >> q & 1 and _progress(pos[q]) + final - s0 > top:
                    return False
    return True


@njit(cache=True)
def _legal_moves(cfg, own, sq, side, mate, pos, loc, c, d, out):
    """move.legal_moves: writes the sorted legal move actions of colour ``c`` for roll ``d``
    into ``out``; returns how many (AC-BOTH-MOVE-1/2, AC-TOUR-STACK-1..3)."""
    base = 4 * c
    fin = cfg[FIN]
    top = cfg[TOP]
    launchable = cfg[LAUNCH_MASK] >> d & 1
    limit = fin - d if cfg[EXACT_ONLY] else fin       # bounce: any position short of the finish
    blocks = cfg[BLOCKS]                          # AC-AMB-26: every route walked square by square
    k = 0
    if not cfg[TOUR]:                             # family: one plane at a time (AC-AMB-10)
        for i in range(4):
            s = pos[base + i]
            if s == BASE:
                if launchable and (not blocks or _route_ok(cfg, own, sq, side, loc, pos, c,
                                                           base + i, 0, d)):
                    out[k] = MOVE + (1 << (base + i))
                    k += 1
            elif s != fin and s <= limit and (not blocks or _route_ok(cfg, own, sq, side, loc, pos,
                                                                      c, base + i, 0, d)):
                out[k] = MOVE + (1 << (base + i))
                k += 1
        return k
    mb = 4 * mate[c]
    grouped = False
    done = 0
    for i in range(4):
        s = pos[base + i]
        if s == BASE:
            if launchable and (not blocks or _route_ok(cfg, own, sq, side, loc, pos, c, base + i,
                                                       0, d)):
                out[k] = MOVE + (1 << (base + i))
                k += 1
            continue
        if s == 0:
            if not blocks or _route_ok(cfg, own, sq, side, loc, pos, c, base + i, 0, d):
                out[k] = MOVE + (1 << (base + i))
                k += 1
            continue
        if s == fin:
            continue
        here = loc[base + i] if s <= top else -2  # -2: a home-column square (no teammates)
        shared = False
        for j in range(4):
            if (j != i and pos[base + j] == s) or loc[mb + j] == here:
                shared = True
                break
        if not shared:                            # a lone plane
            if s <= limit and (not blocks or _route_ok(cfg, own, sq, side, loc, pos, c, base + i,
                                                       0, d)):
                out[k] = MOVE + (1 << (base + i))
                k += 1
            continue
        if done >> i & 1:
            continue
        # a stack: every non-empty subset of own planes with any subset of the teammate's
        grouped = True
        owns = 0
        for j in range(i, 4):
            if pos[base + j] == s:
                owns |= 1 << (base + j)
                done |= 1 << j
        mates = 0
        for j in range(4):
            if loc[mb + j] == here:
                mates |= 1 << (mb + j)
        sub = owns                                # own subsets, mates subsets: masks of masks
        while sub:
            first = base
            while not sub >> first & 1:
                first += 1
            tm = mates
            while True:
                if _route_ok(cfg, own, sq, side, loc, pos, c, first, tm, d):
                    out[k] = MOVE + (sub | tm)
                    k += 1
                if tm == 0:
                    break
                tm = (tm - 1) & mates
            sub = (sub - 1) & owns
    if grouped:
        out[:k].sort()
    return k


@njit(cache=True)
def _send_back(pos, loc, dest, pieces, counts):
    """capture.send_back for the planes in bit mask ``pieces`` (AC-AMB-07)."""
    for q in range(len(pos)):
        if pieces >> q & 1:
            pos[q] = dest
            loc[q] = -1
    counts[_CAPTURE] += 1


@njit(cache=True)
def _occupants(loc, square, mask):
    """Bit mask of the planes (not in ``mask``) on loop square ``square``."""
    occ = 0
    for q in range(len(loc)):
        if loc[q] == square and not mask >> q & 1:
            occ |= 1 << q
    return occ


@njit(cache=True)
def _popcount(mask):
    k = 0
    while mask:
        mask &= mask - 1
        k += 1
    return k


@njit(cache=True)
def _enemies(cfg, side, occ, c):
    """The planes of ``occ`` that are c's enemies (family: other seats; tournament: other side)."""
    out = 0
    for q in range(4 * cfg[N]):
        if occ >> q & 1:
            if (side[q >> 2] != side[c]) if cfg[TOUR] else (q >> 2 != c):
                out |= 1 << q
    return out


@njit(cache=True)
def _at_rest(cfg, side, pos, loc, c, mask, ref, counts):
    """capture.at_rest: captures where the group came to rest (AC-FAM-CAPTURE-3,
    AC-TOUR-CAPTURE-1..3, AC-AMB-16). Returns ``(what, victims)``: ``_REST_GONE`` when the
    group itself was sent back, ``_REST_ASK`` when a capture of ``victims`` (a bit mask)
    waits for the mover's answer (optional_effects, AC-AMB-06), else ``_REST_DONE``."""
    occ = _occupants(loc, loc[ref], mask)
    if not occ:
        return _REST_DONE, 0
    if not cfg[TOUR]:
        if cfg[CAPTURE] == _NO_CAPTURE:
            return _REST_DONE, 0
        enemies = _enemies(cfg, side, occ, c)
        if enemies:
            if cfg[OPTIONAL]:
                return _REST_ASK, enemies
            _send_back(pos, loc, cfg[DEST], enemies, counts)
        return _REST_DONE, 0
    enemies = _enemies(cfg, side, occ, c)
    e = _popcount(enemies)
    if e == 1:
        if cfg[OPTIONAL]:
            return _REST_ASK, enemies
        _send_back(pos, loc, cfg[DEST], enemies, counts)
    elif e >= 2:
        if _popcount(mask) < e:                   # AC-TOUR-CAPTURE-2: everything goes back
            _send_back(pos, loc, cfg[DEST], occ | mask, counts)
            return _REST_GONE, 0
        _send_back(pos, loc, cfg[DEST], enemies, counts)   # AC-TOUR-CAPTURE-3
    return _REST_DONE, 0


@njit(cache=True)
def _take(agent, agent_u, ply):
    """The mover's answer to an optional effect at ``ply`` (AC-AMB-06): the legal answers are
    ``[take, decline]``; first-legal takes, random picks ``legal[int(u * 2)]``."""
    return agent == AGENT_FIRST or int(agent_u[ply] * 2) == 0


@njit(cache=True)
def _passing(cfg, sq, side, pos, loc, c, mask, step, counts):
    """capture.passing: a square the die walk passes (pass_and_land, AC-AMB-03/04)."""
    occ = _occupants(loc, sq[c, step], mask)
    if not occ:
        return
    enemies = _enemies(cfg, side, occ, c)
    if not enemies:
        return
    if cfg[TOUR] and _popcount(enemies) > _popcount(mask):
        return                                    # passing never destroys the mover
    _send_back(pos, loc, cfg[DEST], enemies, counts)


@njit(cache=True)
def _fly_path(cfg, side, cross, pos, loc, c, counts):
    """capture.fly_path: the house rule capture_on_fly_path (AC-AMB-17)."""
    seat, step = cross[c, 0], cross[c, 1]
    if seat < 0 or seat >= cfg[N] or side[seat] == side[c]:
        return
    there = 0
    for q in range(4 * seat, 4 * seat + 4):
        if pos[q] == step:
            there |= 1 << q
    if _popcount(there) == 1:
        _send_back(pos, loc, cfg[DEST], there, counts)


@njit(cache=True)
def _place(sq, loop_position, pos, loc, c, mask, ref, to):
    """move._place: the group onto path step ``to``; carried teammates stay on the loop."""
    here = to if to >= 1 else to - 2             # a walk from before step 1 may end short of it
    if mask == 1 << ref:                          # a lone plane (the common case)
        pos[ref] = here
        loc[ref] = sq[c, here]
        return
    square = sq[c, here]
    for p in range(len(pos)):
        if mask >> p & 1:
            v = here if p >> 2 == c else loop_position[p >> 2, square]   # AC-AMB-27
            pos[p] = v
            loc[p] = sq[p >> 2, v]


@njit(cache=True)
def _overruns(cfg, pos, c, mask, ref, to):
    """move._overruns: would the hop carry a teammate past its turn-off (refuse)?"""
    if cfg[NEW_LAP]:
        return False
    delta = to - _progress(pos[ref])
    for p in range(len(pos)):
        if mask >> p & 1 and p >> 2 != c and _progress(pos[p]) + delta > cfg[TOP]:
            return True
    return False


@njit(cache=True)
def _walk(cfg, sq, side, loop_position, pos, loc, home, c, mask, ref, steps, counts):
    """move.walk: the die walk, bouncing back from the finish (AC-BOTH-FINISH-1); True when
    planes reached the finish."""
    fin, top = cfg[FIN], cfg[TOP]
    s0 = _progress(pos[ref])
    t = s0 + steps
    end = t if t <= fin else 2 * fin - t
    _place(sq, loop_position, pos, loc, c, mask, ref, end)
    if t > fin:
        counts[_BOUNCE] += 1
    reached = False
    if end == fin:
        k = 0
        for p in range(4 * c, 4 * c + 4):
            if mask >> p & 1:
                k += 1
        home[c] += k
        counts[_FINISH] += k
        reached = True
    if cfg[CAPTURE] == _PASS_AND_LAND:
        # the squares walked, forward to the finish and back, all but the last
        walked = t - s0 if t <= fin else (fin - s0) + (fin - end)
        for i in range(walked - 1):
            s = s0 + 1 + i
            if s > fin:
                s = 2 * fin - s
            if s < 1:
                s -= 2                            # a pre-entry square (AC-AMB-27)
            if 1 <= s <= top or s < BASE:
                _passing(cfg, sq, side, pos, loc, c, mask, s, counts)
    return reached


@njit(cache=True)
def _execute(cfg, sq, side, loop_position, own, cross, pos, loc, home, c, mask, d, counts,
             agent, agent_u, history, ply):
    """move.execute (and move.decide): carry out a legal move; ``(reached, ply)``: True when
    planes reached the finish, and the ply after the mover's answers to optional effects
    (written into ``history``, AC-AMB-06; ``agent``: the roller's agent code), or NEED_MORE."""
    ref = 4 * c
    while not mask >> ref & 1:
        ref += 1
    if pos[ref] == BASE:                          # AC-TOUR-LAUNCH-1, AC-AMB-24
        pos[ref] = 0
        loc[ref] = -1
        counts[_LAUNCH] += 1
        more = d - 1 if cfg[LAUNCH_STEPS] else 0
        if more <= 0:
            return False, ply
        reached = _walk(cfg, sq, side, loop_position, pos, loc, home, c, mask, ref, more, counts)
    else:
        reached = _walk(cfg, sq, side, loop_position, pos, loc, home, c, mask, ref, d, counts)
    top = cfg[TOP]
    optional = cfg[OPTIONAL]
    available = len(agent_u)
    arrived, flown, jumps = _NO_HOP, False, 0
    while True:                                   # move.resume: captures, then jumps and flights
        here = pos[ref]
        if 1 <= here <= top or here < BASE:
            what, victims = _at_rest(cfg, side, pos, loc, c, mask, ref, counts)
            if what == _REST_GONE:
                return reached, ply
            if what == _REST_ASK:                 # AC-AMB-06: capture or decline, then go on
                if ply >= available:
                    return reached, NEED_MORE
                yes = _take(agent, agent_u, ply)
                history[ply] = _TAKE_CAPTURE if yes else _TAKE_CAPTURE + 1
                ply += 1
                if yes:
                    _send_back(pos, loc, cfg[DEST], victims, counts)
        kind, to = _hop_for(cfg, own, _progress(here), arrived, flown, jumps)
        if kind == _NO_HOP or _overruns(cfg, pos, c, mask, ref, to):
            return reached, ply
        if optional:                              # AC-AMB-06: take the jump or flight, or stop
            if ply >= available:
                return reached, NEED_MORE
            yes = _take(agent, agent_u, ply)
            answer = _TAKE_FLY if kind == _HOP_FLY else _TAKE_JUMP
            history[ply] = answer if yes else answer + 1
            ply += 1
            if not yes:
                return reached, ply
        _place(sq, loop_position, pos, loc, c, mask, ref, to)
        if kind == _HOP_FLY:
            flown = True
            counts[_FLY] += 1
            if cfg[FLY_CAPTURE]:
                _fly_path(cfg, side, cross, pos, loc, c, counts)
        else:
            jumps += 1
            counts[_JUMP] += 1
        arrived = kind


@njit(cache=True)
def _game(cfg, sq, loop_position, own, side, mate, order, cross, faces, cum, total, agents,
          first, init, dice_u, agent_u, max_plies, history, pos, places, result, counts):
    """One whole game, or the rest of one (``init``, :data:`INIT_FIELDS`: from the start when
    ``init[I_FRESH]``, else from the roll whose ply, turn, roller, run of bonus faces, planes
    moved on them, turns passed, places and winner it holds, with the positions in ``pos`` and
    the places in ``places``). Returns the plies played (the history is ``history[:plies]``,
    the chance numbers and history indexed by absolute ply), or NEED_MORE / TOO_LONG. Writes
    the final positions into ``pos``, the family places into ``places``, and ``result`` =
    (turns, places, winner seats 1 or 2, first winner seat, ended by the turn limit)."""
    n = cfg[N]
    fin = cfg[FIN]
    dest = cfg[DEST]
    tour = cfg[TOUR]
    partner_rolls = cfg[PARTNER_ROLLS]
    bonus_face = cfg[BONUS_FACE]                  # AC-TOUR-SIX-1
    n_planes = 4 * n
    available = len(dice_u)
    counts[:] = 0
    fresh = init[I_FRESH] != 0
    loc = np.empty(n_planes, dtype=np.int64)
    home = np.zeros(n, dtype=np.int64)            # planes at the finish per seat
    for q in range(n_planes):
        if fresh:
            pos[q] = cfg[START]
        loc[q] = sq[q >> 2, pos[q]]
        if pos[q] == cfg[FIN]:
            home[q >> 2] += 1
    moves = np.empty(256, dtype=np.int64)
    n_places = init[I_PLACES]
    winner = init[I_WINNER]
    n_winner = init[I_WINNERS]
    turn = init[I_TURN]
    roller = init[I_ROLLER]
    sixes = init[I_SIXES]
    six_moved = init[I_SIX_MOVED]
    passed = init[I_PASSED]                       # turns passed on (the engine's st.turns)
    limit = init[I_LIMIT]                         # the turn_limit option in turns, 0: none
    capped = 0
    turns = 0
    ply = init[I_PLY]
    if fresh and first >= 0:                      # AC-AMB-09: the first player drawn
        history[0] = FIRST + first
        ply = 1
        turn = roller = first
        if turn != 0:
            turns += 1
    while True:
        if ply >= max_plies:
            return TOO_LONG
        if ply >= available:
            return NEED_MORE
        x = dice_u[ply] * total                   # Sampler.sample on the die's outcomes
        d = faces[len(faces) - 1]
        for i in range(len(faces)):
            if x < cum[i]:
                d = faces[i]
                break
        history[ply] = d
        ply += 1
        end_turn = False
        moved = False
        reached = False
        if d == bonus_face and cfg[PENALTY] and sixes >= cfg[PENALTY_SIXES] - 1:
            # AC-AMB-23: the last bonus face of the run sends back the planes the run moved
            for p in range(n_planes):
                if six_moved >> p & 1 and pos[p] != fin and pos[p] != dest:
                    pos[p] = dest
                    loc[p] = -1
            end_turn = True
        else:
            if d == bonus_face:
                sixes += 1
            else:
                sixes = 0
                six_moved = 0
            c = mate[roller] if partner_rolls and home[roller] == 4 else roller   # AC-AMB-14
            k = _legal_moves(cfg, own, sq, side, mate, pos, loc, c, d, moves)
            if k == 0:
                counts[_PASS] += 1                # AC-BOTH-MOVE-2
            else:
                if ply >= available:
                    return NEED_MORE
                if k == 1 or agents[roller] == AGENT_FIRST:
                    a = moves[0]
                else:                             # RandomAgent.pick
                    a = moves[int(agent_u[ply] * k)]
                history[ply] = a
                ply += 1
                mask = a - MOVE
                if d == bonus_face:
                    six_moved |= mask
                reached, ply = _execute(cfg, sq, side, loop_position, own, cross, pos, loc, home,
                                        c, mask, d, counts, agents[roller], agent_u, history, ply)
                if ply < 0:
                    return NEED_MORE
                moved = True
                # finish.check_win for the mover's colour c
                if tour:
                    if home[c] == 4 and home[mate[c]] == 4:   # AC-TOUR-WIN-1
                        winner, n_winner = c, 2
                        break
                elif home[c] == 4:
                    placed = False
                    for i in range(n_places):
                        if places[i] == c:
                            placed = True
                    if not placed:
                        places[n_places] = c
                        n_places += 1
                        if not cfg[PLACES]:       # AC-FAM-GOAL-1
                            winner, n_winner = c, 1
                            break
                        if n_winner == 0:
                            winner, n_winner = c, 1
                        if n - n_places <= 1:     # AC-AMB-22: the last one takes the last place
                            for s in range(n):
                                missing = True
                                for i in range(n_places):
                                    if places[i] == s:
                                        missing = False
                                if missing:
                                    places[n_places] = s
                                    n_places += 1
                            break
            # after the roll: turn.extra_roll, then flow._after_roll
            m = roller
            six = d == bonus_face and cfg[SIX] != _SIX_NONE and (moved or cfg[SIX_NO_MOVE] != 0)   # AC-AMB-15
            bonus = cfg[FINISH_BONUS] != 0 and reached                                 # AC-AMB-11
            if not (six or bonus) or home[m] == 4:
                end_turn = True
            else:
                counts[_EXTRA] += 1               # AC-TOUR-SIX-1
                mt = mate[m]
                if six and cfg[SIX] == _SIX_GIFT and mt >= 0 and home[mt] != 4:
                    # AC-TOUR-SIX-2: keep the extra roll or give it to the teammate
                    if ply >= available:
                        return NEED_MORE
                    if agents[m] == AGENT_FIRST:
                        choice = KEEP
                    else:
                        choice = KEEP if int(agent_u[ply] * 2) == 0 else GIVE + mt
                    history[ply] = choice
                    ply += 1
                    if choice != KEEP:
                        counts[_GIFT] += 1
                        roller = mt
                        sixes = 0
                        six_moved = 0
        if end_turn:
            # turn.next_turn: the next seat in order that can play (AC-AMB-14)
            n_order = len(order)
            i = 0
            while order[i] != turn:
                i += 1
            s = turn
            for j in range(1, n_order + 1):
                s = order[(i + j) % n_order]
                if home[s] != 4 or (partner_rolls and home[mate[s]] != 4):
                    break
            if s != turn:
                turns += 1
            turn = roller = s
            sixes = 0
            six_moved = 0
            passed += 1
            if limit > 0 and passed >= limit:     # turn.next_turn: the turn_limit option
                capped = 1
                break
    if ply >= max_plies:   # ended on its last allowed ply: the engine's playout still says no end
        return TOO_LONG
    result[0] = turns
    result[1] = n_places
    result[2] = n_winner
    result[3] = winner
    result[4] = capped
    return ply
