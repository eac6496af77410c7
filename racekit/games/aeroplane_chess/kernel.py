"""Fast playout kernel for Aeroplane Chess (random and first-legal agents, events off).

The same rules as the engine modules (flow.py, turn.py, move.py, capture.py, finish.py),
written as one tight loop over plain lists for whole-game simulation: no state
object, no legality re-check, no event records or strings. The rules engine stays
the readable reference; ``tests/test_sim_kernels.py`` replays the histories this
kernel writes through the engine, for many seeds and option values, and checks
the same history, ranking, rounds and event counts.

Two implementations of the same loop: :func:`play_python` (below, the readable
one and the fallback) and the numba-compiled one in :mod:`.kernel_jit` (about ten
times faster); :func:`play` uses the compiled one when numba is importable. numba
is imported on the first game played, never by ``import racekit``.

Chance outcomes and random decisions apply the formulas of ``Sampler.sample`` (on
the engine's own die outcomes, :data:`DIE_CUM`) and ``RandomAgent.pick`` to the same
numbers, read a block of plies at a time with :func:`racekit.core.chance.stream`.
The final ranking is the engine's ``finish.ranking``.

Covered: both presets and every option except ``optional_effects=true`` and
``stack_blocks=true`` (those games are played by the engine). Clauses follow the
engine modules: AC-FAM-TURN-1, AC-TOUR-TURN-1, AC-TOUR-LAUNCH-1, AC-BOTH-MOVE-1/2,
AC-TOUR-STACK-1..4, AC-TOUR-JUMP-1, AC-TOUR-FLY-1/2, AC-FAM-CAPTURE-1..3,
AC-TOUR-CAPTURE-1..3, AC-BOTH-FINISH-1, AC-TOUR-SIX-1..4, AC-TOUR-WIN-1,
AC-FAM-GOAL-1 and the AC-AMB options.
"""
from __future__ import annotations

from ...core.errors import no_end

from bisect import bisect_right
from types import SimpleNamespace

from ...core.chance import Sampler, stream
from ...sim.kernels import Playout, import_compiled
from . import finish
from .actions import FIRST, GIVE, KEEP, MOVE
from .board import BASE
from .flow import DIE_OUTCOMES as _DIE

AGENTS = ("random", "first")
EVENTS = ("capture", "jump", "fly", "bounce", "pass", "launch", "finish", "extra_roll", "gift")
_CAPTURE, _JUMP, _FLY, _BOUNCE, _PASS, _LAUNCH, _FINISH, _EXTRA, _GIFT = range(len(EVENTS))
AGENT_SALT = 0xA6E27
"""The salt of ``RandomAgent.pick``'s numbers: it takes ``legal[int(u * len(legal))]``."""
CHUNK = 256
"""Plies of chance numbers the pure-Python loop reads at a time."""


def _die_walk():
    """``Sampler.sample`` on the die: faces sorted by value, their cumulative probabilities
    (summed in that order, as the sampler sums them) and the total; the face drawn with
    number ``u`` is the first whose cumulative probability exceeds ``u * total``."""
    ordered = sorted(_DIE)
    faces, cum, total = [], [], 0.0
    for face, p in ordered:
        total += p
        faces.append(face)
        cum.append(total)
    return tuple(faces), tuple(cum), total


DIE_FACES, DIE_CUM, DIE_TOTAL = _die_walk()


def supports(game) -> str | None:
    """``None`` when this kernel plays ``game``; else why not."""
    r = game.rules
    if r.optional:
        return "the kernel does not cover optional_effects=true: a decision on each effect"
    if r.blocks:
        return "the kernel does not cover stack_blocks=true"
    return None


_compiled = None          # kernel_jit once imported, False when numba is not importable
_why_python = ""


def compiled():
    """The numba kernel module (:mod:`.kernel_jit`), or ``None`` when numba is not importable.

    Imported on first use, so that ``import racekit`` never imports numba.
    """
    global _compiled, _why_python
    if _compiled is None:
        _compiled, _why_python = import_compiled(__package__)
    return _compiled or None


def implementation() -> str:
    """Which implementation :func:`play` uses: ``"numba"`` or ``"python"``."""
    return "numba" if compiled() is not None else "python"


def play(game, seed: int, agents) -> Playout:
    """One whole game with ``agents`` (one name per seat, each seeded with ``seed``).

    Played by the numba kernel when numba is importable, else by :func:`play_python`.
    """
    if compiled() is not None:
        return play_numba(game, seed, agents)
    return play_python(game, seed, agents)


def play_numba(game, seed: int, agents) -> Playout:
    """One whole game by the compiled kernel (:mod:`.kernel_jit`; needs numba)."""
    jit = compiled()
    if jit is None:
        raise ImportError(_why_python)
    max_plies = game.game_type.max_game_length
    history, pos, places, winner, turns, counts = jit.play(game, seed, agents, max_plies)
    view = SimpleNamespace(r=game.rules, b=game.rules.board, pos=pos, places=places,
                           winner=winner, game=game, phase="over")
    return Playout(history, finish.ranking(view), -(-(turns + 1) // game.rules.n),
                   dict(zip(EVENTS, counts)))


def play_python(game, seed: int, agents) -> Playout:
    """One whole game by the pure-Python loop (the fallback, and the readable kernel)."""
    r = game.rules
    b = r.board
    n = r.n
    np_ = 4 * n
    fin, top = b.finish, b.loop_steps
    sq = b.sq
    own_sq = b.own
    fly_from, fly_to, jump = b.fly_from, b.fly_to, b.jump
    tour, launch, launch_steps = r.tour, r.launch, r.launch_steps
    exact_only, capture_mode = r.exact_only, r.capture
    dest = r.captured_to
    six_rule, six_no_move, finish_bonus = r.six, r.six_no_move, r.finish_bonus
    partner_rolls, penalty, places_on = r.partner_rolls, r.penalty, r.places
    jump_fly, one_jump, new_lap = r.jump_fly, r.max_jumps == 1, r.new_lap
    fly_capture = r.fly_capture
    side, mate, order = r.side, r.mate, r.order
    n_order = len(order)
    passing_on = capture_mode == "pass_and_land"
    giftable = six_rule == "chained_giftable"
    capture_none = capture_mode == "none"

    randoms = [name == "random" for name in agents]    # else "first": the first legal action
    dice_u: list[float] = []                           # the die's numbers (salt 0), by ply
    agent_u: list[float] = []                          # the random agents' numbers, by ply
    last_face = len(DIE_FACES) - 1
    counts = [0] * len(EVENTS)
    history: list[int] = []
    add = history.append

    pos = [r.start] * np_
    places: list[int] = []
    winner = None
    turn = roller = 0
    sixes = 0
    six_moved = 0
    turns = 0

    home = [0] * n                     # planes at the finish, per seat (they never leave it)
    rows = [sq[q >> 2] for q in range(np_)]   # loop square of each plane's path step (-1: off the loop)
    loc = [rows[q][pos[q]] for q in range(np_)]   # each plane's loop square now (kept with pos)

    def hop_for(s, arrived, flown, jumps):
        if not jump_fly or not 1 <= s <= top or s not in own_sq:
            return None
        if one_jump:
            if arrived == 0:                      # the die walk (AC-TOUR-FLY-1, AC-TOUR-JUMP-1)
                if s == fly_from:
                    return (2, fly_to)
                if s + jump <= top:
                    return (1, s + jump)
            elif arrived == 1:                    # after a jump (AC-TOUR-FLY-2)
                if s == fly_from and not flown:
                    return (2, fly_to)
            elif jumps == 0 and s + jump <= top:  # after a flight: one jump
                return (1, s + jump)
            return None
        if s == fly_from and not flown:
            return (2, fly_to)
        if s + jump <= top:
            return (1, s + jump)
        return None

    def planned_final(end):
        arrived, flown, jumps, s = 0, False, 0, end
        while True:
            h = hop_for(s, arrived, flown, jumps)
            if h is None:
                return s
            if h[0] == 2:
                flown = True
            else:
                jumps += 1
            arrived, s = h

    def route_ok(c, own0, mates, d):
        """move.route_problem(...) is None, for a group whose first own plane is ``own0``."""
        s0 = pos[own0]
        if s0 == BASE:
            if d not in launch:
                return False
            if not launch_steps or d == 1:
                return True
            s0, d = 0, d - 1
        elif s0 < BASE:                           # board.progress of a pre-entry position
            s0 += 2
        t = s0 + d
        if t > fin and exact_only:
            return False
        if mates:
            if t > top:
                return False
            if not new_lap:
                end = t if t <= fin else 2 * fin - t
                final = planned_final(end)
                for q in mates:
                    v = pos[q]
                    if (v + 2 if v < BASE else v) + final - s0 > top:
                        return False
        return True

    single = [MOVE + (1 << p) for p in range(np_)]

    def legal_moves(c, d):
        """move.legal_moves: the sorted legal move actions of colour ``c`` for roll ``d``."""
        base = 4 * c
        ownp = pos[base:base + 4]
        launchable = d in launch
        limit = fin - d if exact_only else fin + 6      # exact_only: no roll past the finish
        out = []
        if not tour:
            for i in range(4):
                s = ownp[i]
                if s == BASE:
                    if launchable:
                        out.append(single[base + i])
                elif s != fin and s <= limit:
                    out.append(single[base + i])
            return out
        mb = 4 * mate[c]
        mloc = loc[mb:mb + 4]
        grouped = False
        done = 0
        for i in range(4):
            s = ownp[i]
            if s == BASE:
                if launchable:
                    out.append(single[base + i])
                continue
            if s == 0:
                out.append(single[base + i])
                continue
            if s == fin:
                continue
            if ownp.count(s) == 1 and (s > top or loc[base + i] not in mloc):
                if s <= limit:
                    out.append(single[base + i])
                continue
            if done >> i & 1:
                continue
            # a stack: every non-empty subset of own planes with any subset of the teammate's
            grouped = True
            own = [base + j for j in range(i, 4) if ownp[j] == s]
            here = loc[base + i] if s <= top else -2
            mates = [mb + j for j in range(4) if mloc[j] == here]
            for q in own:
                done |= 1 << (q - base)
            for om in range(1, 1 << len(own)):
                mask = 0
                first = -1
                for k, q in enumerate(own):
                    if om >> k & 1:
                        mask |= 1 << q
                        if first < 0:
                            first = q
                for tm in range(1 << len(mates)):
                    m2 = mask
                    chosen = []
                    for k, q in enumerate(mates):
                        if tm >> k & 1:
                            m2 |= 1 << q
                            chosen.append(q)
                    if route_ok(c, first, chosen, d):
                        out.append(MOVE + m2)
        if grouped:
            out.sort()
        return out

    def pieces_of(mask):
        return [p for p in range(np_) if mask >> p & 1]

    def occupants(sqr, mask):
        return [q for q in range(np_) if loc[q] == sqr and not mask >> q & 1]

    def send_back(pieces):
        for q in pieces:
            pos[q] = dest
            loc[q] = -1
        counts[_CAPTURE] += 1

    def place(c, mask, ref, to):
        """move._place: the group onto path step ``to``; carried teammates stay on the loop."""
        here = to if to >= 1 else to - 2         # a walk from before step 1 may end short of it
        if mask == 1 << ref:                      # a lone plane (the common case)
            pos[ref] = here
            loc[ref] = rows[ref][here]
            return
        square = sq[c][here]
        for p in range(np_):
            if mask >> p & 1:
                v = here if p >> 2 == c else b.loop_position(p >> 2, square)   # AC-AMB-27
                pos[p] = v
                loc[p] = rows[p][v]

    def at_rest(c, mask, ref):
        """capture.at_rest: True when the moving group itself was sent back."""
        sqr = loc[ref]
        if loc.count(sqr) == 1 and mask == 1 << ref:
            return False                          # nobody else on the square
        occ = occupants(sqr, mask)
        if not occ:
            return False
        if not tour:
            if capture_none:
                return False
            enemies = [q for q in occ if q >> 2 != c]
            if enemies:
                send_back(enemies)
            return False
        sc = side[c]
        enemies = [q for q in occ if side[q >> 2] != sc]
        e = len(enemies)
        if e == 1:
            send_back(enemies)
        elif e >= 2:
            g = bin(mask).count("1")
            if g < e:
                send_back(enemies + [q for q in occ if side[q >> 2] == sc] + pieces_of(mask))
                return True
            send_back(enemies)
        return False

    def passing(c, mask, step):
        occ = occupants(sq[c][step], mask)
        if not occ:
            return
        if not tour:
            enemies = [q for q in occ if q >> 2 != c]
            if enemies:
                send_back(enemies)
            return
        sc = side[c]
        enemies = [q for q in occ if side[q >> 2] != sc]
        if enemies and len(enemies) <= bin(mask).count("1"):
            send_back(enemies)

    def fly_path(c):
        cross = b.crossing.get(c)
        if cross is None:
            return
        seat, step = cross
        if seat >= n or side[seat] == side[c]:
            return
        there = [q for q in range(4 * seat, 4 * seat + 4) if pos[q] == step]
        if len(there) == 1:
            send_back(there)

    def overruns(c, mask, ref, to):
        if new_lap:
            return False
        v = pos[ref]
        delta = to - (v + 2 if v < BASE else v)
        for p in range(np_):
            if mask >> p & 1 and p >> 2 != c:
                v = pos[p]
                if (v + 2 if v < BASE else v) + delta > top:
                    return True
        return False

    def walk(c, mask, ref, steps):
        """The die walk; True when a plane reached the finish."""
        s0 = pos[ref]
        if s0 < BASE:                             # board.progress of a pre-entry position
            s0 += 2
        t = s0 + steps
        end = t if t <= fin else 2 * fin - t
        place(c, mask, ref, end)
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
        if passing_on:
            walked = list(range(s0 + 1, t + 1)) if t <= fin else \
                list(range(s0 + 1, fin + 1)) + list(range(fin - 1, end - 1, -1))
            for s in walked[:-1]:
                if s < 1:
                    s -= 2                        # a pre-entry square (AC-AMB-27)
                if 1 <= s <= top or s < BASE:
                    passing(c, mask, s)
        return reached

    def execute(c, mask, d):
        """Carry out a move; returns (reached finish, the group's own seat c)."""
        ref = -1
        for p in range(4 * c, 4 * c + 4):
            if mask >> p & 1:
                ref = p
                break
        reached = False
        if pos[ref] == BASE:
            pos[ref] = 0
            loc[ref] = -1
            counts[_LAUNCH] += 1
            more = d - 1 if launch_steps else 0
            if more <= 0:
                return False
            reached = walk(c, mask, ref, more)
        else:
            reached = walk(c, mask, ref, d)
        # resume: captures where the group rests, then jumps and flights
        arrived, flown, jumps = 0, False, 0
        while True:
            here = pos[ref]
            if (1 <= here <= top or here < BASE) and at_rest(c, mask, ref):
                return reached
            s = here + 2 if here < BASE else here
            if not jump_fly or s not in own_sq:   # jumps and flights start on own-colour squares
                return reached
            nxt = hop_for(s, arrived, flown, jumps)
            if nxt is None or overruns(c, mask, ref, nxt[1]):
                return reached
            kind, to = nxt
            place(c, mask, ref, to)
            if kind == 2:
                flown = True
                counts[_FLY] += 1
                if fly_capture:
                    fly_path(c)
            else:
                jumps += 1
                counts[_JUMP] += 1
            arrived = kind

    ply = 0
    if not tour and r.first == "random":          # AC-AMB-09: the first player is drawn
        o = Sampler(seed).sample([(FIRST + s, 1.0 / n) for s in range(n)], ply)
        add(o)
        ply += 1
        turn = roller = o - FIRST
        if turn != 0:
            turns += 1
    over = False
    max_plies = game.game_type.max_game_length
    while not over:
        if ply >= max_plies:
            raise no_end(game, seed, max_plies)
        if ply >= len(dice_u):
            dice_u += stream(seed, 0, len(dice_u) + CHUNK, len(dice_u))
        d = DIE_FACES[min(bisect_right(DIE_CUM, dice_u[ply] * DIE_TOTAL), last_face)]
        add(d)
        ply += 1
        end_turn = False
        moved = False
        reached = False
        if d == 6 and penalty and sixes >= 2:
            # AC-AMB-23: the third 6 sends back the planes the two sixes moved; next turn
            for p in range(np_):
                if six_moved >> p & 1 and pos[p] != fin and pos[p] != dest:
                    pos[p] = dest
                    loc[p] = -1
            end_turn = True
        else:
            if d == 6:
                sixes += 1
            else:
                sixes = 0
                six_moved = 0
            c = mate[roller] if partner_rolls and home[roller] == 4 else roller
            moves = legal_moves(c, d)
            if not moves:
                counts[_PASS] += 1
            else:
                if len(moves) == 1 or not randoms[roller]:
                    a = moves[0]
                else:                                     # RandomAgent.pick
                    if ply >= len(agent_u):
                        agent_u += stream(seed, AGENT_SALT, ply + CHUNK, len(agent_u))
                    a = moves[int(agent_u[ply] * len(moves))]
                add(a)
                ply += 1
                mask = a - MOVE
                if d == 6:
                    six_moved |= mask
                reached = execute(c, mask, d)
                moved = True
                # finish.check_win for the mover's colour c
                if tour:
                    if home[c] == 4 and home[mate[c]] == 4:
                        winner = sorted((c, mate[c]))
                        over = True
                        break
                elif home[c] == 4 and c not in places:
                    places.append(c)
                    if not places_on:
                        winner = [c]
                        over = True
                        break
                    if winner is None:
                        winner = [c]
                    rest = [s for s in range(n) if s not in places]
                    if len(rest) <= 1:
                        places.extend(rest)
                        over = True
                        break
            # after the roll: turn.extra_roll, then flow._after_roll
            m = roller
            six = d == 6 and six_rule != "none" and (moved or six_no_move)   # AC-AMB-15
            bonus = finish_bonus and reached
            if not (six or bonus) or home[m] == 4:
                end_turn = True
            else:
                counts[_EXTRA] += 1
                mt = mate[m]
                if six and giftable and mt is not None and home[mt] != 4:
                    # AC-TOUR-SIX-2: keep the extra roll or give it to the teammate
                    choice = KEEP
                    if randoms[m]:
                        if ply >= len(agent_u):
                            agent_u += stream(seed, AGENT_SALT, ply + CHUNK, len(agent_u))
                        choice = (KEEP, GIVE + mt)[int(agent_u[ply] * 2)]
                    add(choice)
                    ply += 1
                    if choice != KEEP:
                        counts[_GIFT] += 1
                        roller = mt
                        sixes = 0
                        six_moved = 0
        if end_turn:
            # turn.next_turn
            i = order.index(turn)
            for k in range(1, n_order + 1):
                s = order[(i + k) % n_order]
                if home[s] != 4 or (partner_rolls and home[mate[s]] != 4):   # turn.can_play
                    break
            if s != turn:
                turns += 1
            turn = roller = s
            sixes = 0
            six_moved = 0
    view = SimpleNamespace(r=r, b=b, pos=pos, places=places, winner=winner, game=game, phase="over")
    ranking = finish.ranking(view)
    return Playout(history, ranking, -(-(turns + 1) // n), dict(zip(EVENTS, counts)))
