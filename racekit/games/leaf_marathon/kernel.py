"""Fast playout kernel for Leaf Marathon (random, first-legal and careful agents).

Two implementations: the numba-compiled loop in :mod:`.kernel_jit` (random, first-legal and
careful agents, every option value; :func:`play` uses it when numba is importable) and the
pure-Python one below (:func:`play_python`: no numba, maps larger than the compiled loop's
arrays, and the exact replay of a game the compiled loop bails out of, see :func:`bail_rate`).

Leaf Marathon's rules are large (twenty d20 events, special cards, terrain, legs), so this
kernel does not restate them all: it drives one
:class:`~racekit.games.leaf_marathon.state.LeafMarathonState` through the engine's own task
stack (``flow.TASKS``) and prompt handlers (``flow.answer``, ``turn.apply``), as the Snow
Tails kernel does, and leaves out what a whole-game simulation throws away:

* no :class:`~racekit.core.state.Event` records: events are only counted, per kind, by a
  counter put in place of ``state.emit`` (payloads the engine builds only for recorded
  events, such as movement paths, are skipped: ``state._record`` stays off);
* no legality re-check and no refusal machinery per ply (the action comes from this very
  state's legal list or chance outcomes);
* the random and first-legal agents choose on the legal list, without the public API's
  defensive copies: the first-legal agent takes ``legal[0]``, the random agent's ``pick``
  formula is inlined on numbers read from one :func:`~racekit.core.chance.stream` per game.

The most frequent steps are done here inline, each a restatement of the engine function
named beside it: a card drawn (``flow.task_draw``/``apply_draw``, LM-DRAW-1; a reshuffle or
an empty pile goes to the engine, LM-DRAW-2), the start of a play turn and its prompt
(``flow.task_turns``/``task_turn``, LM-ROUND-1/2), the routine uses of a play turn
(``turn.apply``: an action card for +1, LM-ACTION-2; ending the turn, LM-ROUND-2; shedding,
LM-WEIGHT-4; 2-for-3, LM-ACTION-3, LM-AMB-28; a trigger card rolling the d20, LM-TRIGGER-1),
the any-time window, its poll and a pass (``task_window``, ``task_poll``, ``flow.answer``,
LM-AMB-12, LM-SPECIAL-1: the poll runs only when a seat holds a labelled card), and fair dice
(the d20, order and event dice) by bisection on the sums Sampler would form. Everything else
(the d20 events, movement, the order rule, legs, the draft) is the engine's code on the same
state.

Chance outcomes use the formula of :class:`racekit.core.chance.Sampler` (outcomes sorted by
value, cumulative probabilities) on ``uniform(seed, ply)`` read from one
:func:`~racekit.core.chance.stream`; decisions of the careful agent come from the agent itself
(``__call__`` on the kernel's state, exactly as the engine's playout calls it).
``tests/test_sim_kernels.py`` and ``tests/test_lm_kernel.py`` replay the histories through the
engine for many seeds, every option value, 2 to 6 seats and mixed agents, and check the same
history, ranking, rounds and event counts. Covered: every preset and option value.

Speed (random agents, 4 seats, about 1,000 plies a game): about 2x the engine's own playout
(3x the engine before this work's engine fixes). What is left is spread thin (py-spy over 300
games): play-turn legal lists ~20%, movement ~13%, the keyed-hash chance numbers ~7%, the
order rule ~4%, everything else under 4% a step.
"""
from __future__ import annotations

from ...core.errors import no_end

from bisect import bisect_right, insort
from itertools import accumulate

from ...core.agents import FirstLegalAgent, RandomAgent, make_agent
from ...core.chance import Sampler, pick, stream
from ...core.state import CHANCE
from ...sim.kernels import MAX_PLIES, Playout, bail_words, counting_state, import_compiled
from . import actions as A
from . import cards as C
from . import flow, turn

_DRAW, _ACT, _END, _TRIGGER, _TWO3, _SHED = A.DRAW, A.ACT, A.END, A.TRIGGER, A.TWO3, A.SHED
_PASS = A.PASS
anytime_legal = turn.anytime_legal

AGENTS = ("random", "first", "careful")
EVENTS = ("d20", "faint", "revived", "trigger_played", "special_played", "action_card",
          "two_for_three", "shed", "weapon_given", "armor_used", "forest", "roadblock_paid",
          "stopped", "magic_bind", "physical_bind", "reshuffle", "finish", "guard")
_COUNT_ACT = "action_card" in EVENTS
_COUNT_SHED = "shed" in EVENTS
_COUNT_TWO3 = "two_for_three" in EVENTS
_COUNT_TRIGGER = "trigger_played" in EVENTS
# kinds the inline steps below do not emit: they must stay uncounted
assert not {"draw", "turn_start", "turn_end", "passed"} & set(EVENTS)


def supports(game) -> str | None:
    """``None``: this kernel plays every Leaf Marathon configuration."""
    return None


_compiled = None          # kernel_jit once imported, False when numba is not importable
_why_python = ""
COMPILED_AGENTS = ("random", "first", "careful")
"""The agents the compiled loop plays (its own restatement of each agent's choice)."""


def compiled():
    """The numba kernel module (:mod:`.kernel_jit`), or ``None`` when numba is not importable.

    Imported on first use, so that ``import racekit`` never imports numba.
    """
    global _compiled, _why_python
    if _compiled is None:
        _compiled, _why_python = import_compiled(__package__)
    return _compiled or None


def implementation() -> str:
    """Which implementation :func:`play` uses for the default game: ``"numba"`` or ``"python"``."""
    return "numba" if compiled() is not None else "python"


def bail_note() -> str:
    """How many of the compiled loop's games were replayed in Python so far, in words (the
    benchmark's notes; ``""`` before the first game)."""
    return bail_words(*bail_rate())


def bail_rate() -> tuple[int, int]:
    """``(games the compiled loop started, games it handed back to the Python kernel)`` since
    import: a BAIL-OUT (a situation the compiled loop does not restate) replays the whole game
    with :func:`play_python`, the same game."""
    jit = _compiled or None
    return (jit.played, jit.bailed) if jit is not None else (0, 0)


def jit_plays(game, agents) -> bool:
    """Whether :func:`play` gives this game to the compiled loop (numba importable, agents it
    restates, and a map and roster that fit its arrays: ``kernel_jit.unsupported``)."""
    jit = compiled()
    return (jit is not None and all(a in COMPILED_AGENTS for a in agents)
            and jit.unsupported(game) is None)


def play(game, seed: int, agents) -> Playout:
    """One whole game with ``agents`` (one name per seat, each seeded with ``seed``).

    Played by the numba loop (:mod:`.kernel_jit`) when :func:`jit_plays`, else by
    :func:`play_python`; a game the compiled loop bails out of is replayed by
    :func:`play_python` from the start (the same seed: the same game).
    """
    if jit_plays(game, agents):
        out = play_numba(game, seed, agents)
        if out is not None:
            return out
    return play_python(game, seed, agents)


def play_numba(game, seed: int, agents, bail_at: int = -1) -> Playout | None:
    """One whole game by the compiled loop, or ``None`` when it bailed out (``bail_at``, for
    tests: bail on reaching that ply). Needs numba.

    Raises:
        ImportError: numba is not importable.
        ValueError: an agent or option value the compiled loop does not play.
    """
    jit = compiled()
    if jit is None:
        raise ImportError(_why_python)
    why = jit.unsupported(game)
    if why or not all(a in COMPILED_AGENTS for a in agents):
        raise ValueError(f"the compiled Leaf Marathon loop does not play {why or agents}")
    Sampler(seed)   # checks the seed as the engine's playout does
    out = jit.play(game, seed, agents, MAX_PLIES, bail_at=bail_at)
    if out is None:
        return None
    history, ranking, rounds, counts = out
    return Playout(history, ranking, rounds, dict(zip(EVENTS, counts)))


def play_python(game, seed: int, agents) -> Playout:
    """One whole game by the Python kernel (any agents and options; the BAIL-OUT replay)."""
    st, counts = counting_state(game, EVENTS)
    Sampler(seed)   # checks the seed as the engine's playout does
    numbers = stream(seed, 0, _BLOCK_PLIES)   # uniform(seed, ply) for every chance node
    players = [make_agent(name, seed, game) for name in agents]
    kinds = [_KIND.get(type(p), _OWN) for p in players]
    randoms = stream(seed, _RANDOM_SALT, _BLOCK_PLIES) if _RANDOM in kinds else []
    history = st._history
    private = st._private
    hands = st.hand
    tasks = st.tasks
    bear_all = game.flags.bear_all
    shed_draw, two3_draw = game.params.shed_draw, game.params.two_for_three_draw   # params.PARAMS
    legal_of = flow.legal
    turn_legal = turn.legal
    outcomes_of = flow.chance_outcomes
    answer = flow.answer
    window_uses = [None]   # the any-time uses of the seat the window poll asks (set by run)
    run = _runner(st, window_uses)
    same = None   # the play-turn legal list when the next prompt is known to have the same
    run()   # the automatic steps up to the first question (the state runs them lazily)
    for ply in range(MAX_PLIES):
        pk = st.pk
        if ply >= len(numbers):
            numbers += stream(seed, 0, len(numbers) + _BLOCK_PLIES, len(numbers))
            if randoms:
                randoms += stream(seed, _RANDOM_SALT, len(randoms) + _BLOCK_PLIES, len(randoms))
        if pk == "draw":
            # One card drawn (LM-DRAW-1): Sampler.sample over flow.draw_outcomes, inlined with
            # the same float operations in the same order, so the same card.
            s = st.ps
            pile = st.pile   # a reshuffle (LM-DRAW-2) puts a new list in place
            left = sum(pile)
            total = 0.0
            for c in pile:
                if c:
                    total += c / left
            u = numbers[ply] * total
            acc = 0.0
            for t, c in enumerate(pile):
                if c:
                    acc += c / left
                    card = t
                    if u < acc:
                        break
            history.append(_DRAW + card)
            private.append(s)
            pile[card] -= 1
            insort(hands[s], card)   # S.add_to_hand: the hand stays sorted
            st.pk = None
            run()
            continue
        if pk == "turn":
            s = st.ps
            kind = kinds[s]
            if kind == _OWN:
                action = players[s](st, ply)
            else:
                if same is None:
                    legal = turn_legal(st)
                else:
                    legal, same = same, None
                action = legal[int(randoms[ply] * len(legal))] if kind == _RANDOM else legal[0]
            history.append(action)
            private.append(None)
            if action == _ACT:   # turn.apply: an action card for +1 (LM-ACTION-2); the turn goes on
                h = hands[s]
                c = h[0] if h[0] == C.ACTION else _first_action(h)
                h.remove(c)
                st.discard[C.ACTION] += 1
                st.acts[s] += 1
                if _COUNT_ACT:
                    counts["action_card"] += 1
                if kind != _OWN and h and h[0] == C.ACTION:
                    # still an action card in hand: turn.legal reads action cards only as "holds
                    # one" (and the +1 changes nothing it reads), so the next list is this one
                    same = legal
            elif action == _END:   # turn.apply + flow.task_turn: the turn ends (LM-ROUND-2)
                st.turn_over = True
                st.turn_seat = -1
                st.pk = None
                run()
            elif _SHED <= action < _END:   # turn.apply: shed two non-action cards, draw one (LM-WEIGHT-4)
                a, b = A.shed_cards(action)
                h = hands[s]
                h.remove(a)
                h.remove(b)
                discard = st.discard
                discard[a & 7] += 1
                discard[b & 7] += 1
                st.did_shed[s] = True
                if _COUNT_SHED:
                    counts["shed"] += 1
                tasks.append(("turn", s))
                tasks.append(("draw", s, shed_draw, "LM-WEIGHT-4"))
                st.pk = None
                run()
            elif _TWO3 <= action < _TWO3 + 256:   # turn.apply: 2-for-3 (LM-ACTION-3, LM-AMB-28)
                other = action - _TWO3
                h = hands[s]
                h.remove(h[0] if h[0] == C.ACTION else _first_action(h))
                h.remove(other)
                discard = st.discard
                discard[C.ACTION] += 1
                discard[other & 7] += 1
                st.did23[s] = True
                if _COUNT_TWO3:
                    counts["two_for_three"] += 1
                tasks.append(("turn", s))
                tasks.append(("draw", s, 2 * two3_draw if (bear_all and st.bear_double[s]) else two3_draw,
                              "LM-ACTION-3"))
                st.pk = None
                run()
            elif action == _TRIGGER:   # turn.apply: a trigger card rolls the d20 (LM-TRIGGER-1)
                st.limbo.append(_take_plain(hands[s], C.TRIGGER))
                if _COUNT_TRIGGER:
                    counts["trigger_played"] += 1
                tasks.append(("turn", s))
                st.pk, st.pd = "d20", {}   # flow.task_d20 asks at once (the roller is s)
                st._cp = CHANCE
            else:
                tasks.append(("turn", s))   # flow.answer: the turn prompt again after the use
                st.pk = None
                turn.apply(st, s, action)
                run()
            continue
        if pk == "window":   # an any-time window prompt (LM-AMB-12, LM-SPECIAL-1)
            s = st.ps
            kind = kinds[s]
            if kind == _OWN:
                action = players[s](st, ply)
            else:
                legal = [_PASS] + sorted(window_uses[0])   # flow.legal (PASS is the smallest id)
                action = legal[int(randoms[ply] * len(legal))] if kind == _RANDOM else legal[0]
            history.append(action)
            private.append(None)
            if action == _PASS:   # flow.answer: this seat passes, the poll goes on
                tasks.append(("poll",))
                st.win_passed.append(s)
                st.pk = None
                run()
            else:
                answer(st, action)
                run()
            continue
        if pk == "over":
            break
        if st._cp == CHANCE:
            if pk == "d20" or pk == "order_die" or pk == "die":
                # a fair die (flow.chance_outcomes: faces 1..k, each 1/k) through Sampler's
                # formula, its running sums made once per die size: the same face
                k = 20 if pk == "d20" else 6 if pk == "order_die" else st.pd["sides"]
                sums = _DIE_SUMS.get(k) or _die_sums(k)
                face = bisect_right(sums, numbers[ply] * sums[-1]) + 1
                action = face if face <= k else k
            else:
                action = pick(outcomes_of(st), numbers[ply])   # Sampler.sample's formula
            if pk == "blind":   # as LeafMarathonState._private_to: the taker and the victim
                victim = st.pd["victim"]
                private.append(st.ps if victim == st.ps else (st.ps, victim))
            else:
                private.append(st.ps if pk == "deal" else None)
        else:
            kind = kinds[st.ps]
            if kind == _RANDOM:
                legal = legal_of(st)
                action = legal[int(randoms[ply] * len(legal))]   # RandomAgent.pick
            elif kind == _FIRST:
                action = legal_of(st)[0]
            else:
                action = players[st.ps](st, ply)
            private.append(st.ps if pk in ("select", "keep_char") else None)
        history.append(action)
        answer(st, action)
        run()
    else:
        raise no_end(game, seed, MAX_PLIES)
    return Playout(list(history), st.ranking(), st.round, counts)


_BLOCK_PLIES = 1024
_RANDOM, _FIRST, _OWN = 0, 1, 2
_KIND = {RandomAgent: _RANDOM, FirstLegalAgent: _FIRST}
_RANDOM_SALT = 0xA6E27
"""The salt of ``RandomAgent.pick``: ``legal[int(uniform(seed, ply, salt) * len(legal))]``
(tests/test_lm_kernel.py checks this kernel's choice against the agent's own)."""


_DIE_SUMS: dict = {}


def _die_sums(k: int) -> list:
    """The running sums Sampler.sample forms over a fair k-sided die (1/k added k times)."""
    _DIE_SUMS[k] = list(accumulate([1 / k] * k))
    return _DIE_SUMS[k]


def _runner(st, window_uses):
    """``flow.run`` for this state, with the most frequent tasks done inline: a card drawn, a
    play turn (its start and its prompt) and the any-time window after it; every other task is
    the engine's own."""
    tasks = st.tasks
    table = flow.TASKS
    hands = st.hand
    windows = st.o.anytime_window

    def run():
        while st.pk is None:
            if not tasks:
                st.pk = "over"
                return
            task = tasks.pop()
            name = task[0]
            if name == "draw":   # flow.task_draw
                _, s, k, clause = task
                if k <= 0:
                    continue
                if any(st.pile):
                    tasks.append(("draw", s, k - 1, clause))
                    st.pk, st.ps, st._cp = "draw", s, CHANCE   # the kernel reads no st.pd at draws
                    return
                table["draw"](st, *task[1:])   # reshuffle or nothing left (LM-DRAW-2)
            elif name == "turn":   # flow.task_turn
                s = task[1]
                if st.turn_over or st.finished[s] or st.faint[s]:
                    st.turn_over = True   # (the engine's "turn_end" event is not counted here)
                    st.turn_seat = -1
                else:
                    st.pk, st.ps, st.pd, st._cp = "turn", s, {}, s
                    return
            elif name == "turns":   # flow.task_turns: the next play turn in order (LM-ROUND-1)
                i = task[1]
                order = st.order
                if i >= len(order):
                    tasks.append(("movement",))
                    continue
                s = order[i]
                if st.finished[s] or st.faint[s] or st.stop_skip[s]:   # flow.has_turn
                    tasks.append(("turns", i + 1))
                    continue
                st.turn_over = False   # (the engine's "turn_start" event is not counted here)
                st.turn_seat = s
                tasks.append(("turns", i + 1))
                tasks.append(("window", i))
                # the turn task on top would ask at once (a fresh turn is never over)
                st.pk, st.ps, st.pd, st._cp = "turn", s, {}, s
                return
            elif name == "window":   # flow.task_window (LM-AMB-12)
                if not windows:
                    continue
                st.win_passed = []
                st.win_next = 0
                st.win_last = task[1] == len(st.order) - 1
                # the poll asks only a seat holding a special card: codes from 8 up carry labels
                if any(h and max(h) >= 8 for h in hands):
                    tasks.append(("poll",))
            elif name == "poll":   # flow.task_poll: the next seat in order with an any-time use
                order = st.order
                k = len(order)
                for step in range(k):
                    j = (st.win_next + step) % k
                    s = order[j]
                    if s in st.win_passed or st.finished[s] or st.faint[s]:   # S.can_play
                        continue
                    uses = anytime_legal(st, s)
                    if uses:
                        st.win_next = (j + 1) % k
                        window_uses[0] = uses
                        st.pk, st.ps, st.pd, st._cp = "window", s, {"premove": st.win_last}, s
                        return
            else:
                table[name](st, *task[1:])
    return run


def _take_plain(hand, t):
    """turn._remove_type: take the first plain (unlabelled) card of type ``t`` out of ``hand``."""
    for i, c in enumerate(hand):
        if c & 7 == t and not c & 0x38:
            del hand[i]
            return c
    raise ValueError(f"no plain card of type {t} in hand")


def _first_action(hand):
    """The action card turn.apply discards (the first plain one: it may carry a Magic Bind mark)."""
    return next(c for c in hand if C.is_action(c))
