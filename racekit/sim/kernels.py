"""Fast playout kernels: whole games with the built-in agents, without the per-ply state API.

A game's rules are written once, in its engine. A game may add one fast way to play them:

* a compiled loop, ``racekit/games/<id>/kernel_jit.py`` (numba), the only restatement of the
  rules outside the engine. It declares ``AGENTS`` (the agents it plays), ``EVENTS`` (the
  event kinds it counts), ``supports(game) -> str | None`` (``None`` when it plays this
  configured game, else why not) and ``playout(game, seed, agents, bail_at=-1) -> Playout |
  None`` (``None``: it handed the game back, a *bail-out*). :class:`CompiledKernel` wraps it;
  the engine replays every game it hands back (same seed, same game). Without numba the
  engine plays (:func:`engine_playout`, events off where none are counted);
* or a driver of the engine's own rule functions, ``racekit/games/<id>/kernel.py`` (Snow
  Tails), with ``AGENTS``, ``EVENTS``, ``supports`` and ``play(game, seed, agents) ->
  Playout``.

A kernel must produce **the same action history** as the rules engine for the same seed and
agents: chance outcomes from :class:`racekit.core.chance.Sampler`'s formula
(:func:`racekit.core.chance.stream_array` gives a compiled loop its numbers; never the
``random`` module) and decisions by the agents' own formulas. Every simulation checks it on
games of its own run before it reports anything (:func:`check_kernel`): a stale kernel stops
the run with :class:`KernelMismatchError`. The event kinds a simulation counts are declared
numba-free in the game's text module (``COUNTED``), so the columns of :func:`racekit.simulate`
do not depend on which implementation played.
"""
from __future__ import annotations

from ..core.errors import MAX_PLIES, KernelMismatchError, no_end   # noqa: F401 (KernelMismatchError: its home before)

import importlib
import importlib.util
import itertools
from collections import Counter
from dataclasses import dataclass, field

from ..core.agents import make_agent
from ..core.chance import Sampler
from ..core.state import CHANCE, TERMINAL


@dataclass
class Playout:
    """One finished game as the simulation records it.

    Attributes:
        history: every action and chance outcome, in order (replayable).
        ranking: places, best first; each a list of seats.
        rounds: the game's round counter where it keeps one (``state.round``),
            else regular turns started divided by seats, rounded up.
        counts: events per kind (only the kinds asked for).
    """

    history: list
    ranking: list
    rounds: int
    counts: dict = field(default_factory=dict)

    @property
    def plies(self) -> int:
        return len(self.history)


def counting_state(game, kinds):
    """A new state of ``game`` (events off) whose ``emit`` only counts events of ``kinds``.

    For kernels that drive the engine's own rule functions: those call ``state.emit``
    (looked up on the instance), so nothing builds :class:`~racekit.core.state.Event`
    records. A game whose rule modules emit only while ``state._record`` is set needs that
    set by the kernel, when counting should start.

    Returns:
        ``(state, counts)``: ``counts`` maps each kind to 0 and goes up as the game runs.
    """
    state = game.new_initial_state(record_events=False)
    counts = dict.fromkeys(kinds, 0)

    def count(kind, seats=(), clauses=(), **data):
        if kind in counts:
            counts[kind] += 1

    state.emit = count
    return state, counts


class CompiledKernel:
    """A game's compiled loop (``<package>.kernel_jit``) as a kernel: its ``AGENTS``,
    ``EVENTS`` and ``supports``, and :meth:`play`, which gives every game the loop hands back
    (a bail-out) to the engine (the same seed: the same game)."""

    def __init__(self, jit):
        self.jit = jit
        self.AGENTS = tuple(jit.AGENTS)
        self.EVENTS = tuple(jit.EVENTS)
        self.played = 0
        self.bailed = 0

    def __repr__(self) -> str:
        return f"CompiledKernel({self.jit.__name__})"

    def supports(self, game) -> str | None:
        """``None`` when the compiled loop plays ``game``; else why not (the engine plays)."""
        return self.jit.supports(game)

    def implementation(self) -> str:
        return "numba"

    def play(self, game, seed: int, agents, events: bool = True, bail_at: int = -1) -> Playout:
        """One whole game with ``agents`` (one name per seat, each seeded with ``seed``).

        ``events``: count them in a game the engine replays (a bail-out); ``bail_at``: a
        test hook, the compiled loop gives up on reaching that ply.
        """
        self.played += 1
        out = self.jit.playout(game, seed, tuple(agents), bail_at)
        if out is None:
            self.bailed += 1
            out = engine_playout(game, seed, agents, self.EVENTS, events=events)
        return out

    def bail_rate(self) -> tuple[int, int]:
        """``(games the compiled loop started, games it handed back to the engine)``."""
        return self.played, self.bailed

    def bail_note(self) -> str:
        return bail_words(self.played, self.bailed)


_COMPILED: dict = {}   # package -> CompiledKernel, or why numba is not importable


def _kernel(game) -> tuple[object | None, str]:
    pkg = game.game_type.package
    name = f"{pkg}.kernel"
    try:   # a driver of the engine's own functions (Snow Tails)
        return importlib.import_module(name), ""
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
    try:
        spec = importlib.util.find_spec(f"{pkg}.kernel_jit")
    except ModuleNotFoundError:   # a game in a plain module, not a package (a test's game)
        spec = None
    if spec is None:
        return None, f"{game.game_type.id} has no fast kernel"
    hit = _COMPILED.get(pkg)
    if hit is None:
        jit, why = import_compiled(pkg)
        hit = _COMPILED[pkg] = CompiledKernel(jit) if jit else why
    if isinstance(hit, str):
        return None, f"{hit}; without numba the engine plays (numba comes with the sim extra)"
    return hit, ""


CUSTOM_WHY = ("custom agents: the rules engine plays (the compiled kernels know only the named "
              "agents)")


def is_custom(agent) -> bool:
    """``agent`` is not an agent name: an object with the agent protocol, a class or a function."""
    return not isinstance(agent, str)


class StateFunction:
    """A plain function ``state -> action`` as an agent (``agent(state, ply)``); it pickles when
    the function does (a module-level function, not a lambda)."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, state, ply: int) -> int:
        return self.fn(state)

    def __repr__(self) -> str:
        return f"StateFunction({agent_label(self.fn)})"


def agent_label(agent) -> str:
    """An agent's name in tables: the name itself, or ``custom:NAME`` for a custom agent (its
    ``name`` attribute, else its function's or class's name)."""
    if isinstance(agent, str):
        return agent
    if isinstance(agent, StateFunction):
        return agent_label(agent.fn)
    name = getattr(agent, "name", None)
    if not isinstance(name, str) or not name:
        named = agent if callable(agent) and hasattr(agent, "__qualname__") else type(agent)
        name = getattr(named, "__qualname__", type(agent).__name__)
    return f"custom:{name}"


def build_agent(agent, seed: int, game):
    """A seat's agent for one game of seed ``seed``: a name through
    :func:`racekit.core.agents.make_agent`; a class called with the seed (as ``make_agent``
    builds the named ones); any other agent object copied afresh for every game, so that no game
    depends on the games before it (a function is itself)."""
    if isinstance(agent, str):
        return make_agent(agent, seed, game)
    if isinstance(agent, type):
        return agent(seed)
    import copy
    return copy.deepcopy(agent)


def kernel_module(game):
    """The kernel of ``game`` (a configured Game): its :class:`CompiledKernel`, Snow Tails'
    ``kernel`` module, or ``None`` (no kernel, or numba not importable: the engine plays)."""
    return _kernel(game)[0]


def kernel_for(game, agents) -> tuple[object | None, str]:
    """``(kernel, "")`` when a kernel plays this game with ``agents``; else ``(None, why)``
    (custom agents: always the engine)."""
    if any(is_custom(a) for a in agents):
        return None, CUSTOM_WHY
    mod, why = _kernel(game)
    if mod is None:
        return None, why
    missing = sorted(set(agents) - set(mod.AGENTS))
    if missing:
        return None, f"the {game.game_type.id} kernel does not play agent {', '.join(missing)}"
    why = mod.supports(game)
    if why:
        return None, why
    return mod, ""


def import_compiled(package: str):
    """Import the compiled loop of a game, ``<package>.kernel_jit`` (it imports numba).

    Returns ``(module, "")``, or ``(False, why)`` when numba is missing, does not fit this NumPy,
    or has no cache folder it may write. Called on first use, so that ``import racekit``
    never imports numba.
    """
    try:
        return importlib.import_module(".kernel_jit", package), ""
    except (ImportError, RuntimeError) as exc:
        return False, f"numba not importable: {exc}"


def bail_words(played: int, bailed: int) -> str:
    """The benchmark's note on a compiled loop's bail-outs: ``"2 of 400 games replayed by the
    engine (0.5%)"``, or ``""`` before its first game."""
    if not played:
        return ""
    return f"{bailed} of {played} games replayed by the engine ({100 * bailed / played:.1f}%)"


def implementation_of(kernel, agents=None, game=None) -> str:
    """Which implementation ``kernel`` is (``"numba"``; Snow Tails' driver of the engine's
    functions says ``"python"``), or ``""`` when it does not say. ``agents`` and ``game`` are
    not needed: a kernel that does not play them is not chosen (:func:`kernel_for`)."""
    which = getattr(kernel, "implementation", None)
    return which() if which is not None else ""


ENGINES = ("auto", "kernel", "engine")
"""Who may play a game: ``"auto"`` the kernel where one covers the settings and agents, else
the rules engine; ``"kernel"`` the kernel or an error; ``"engine"`` the rules engine."""


def check_engine(engine, name: str = "engine") -> None:
    """Raises ValueError naming ``name`` where ``engine`` is not one of :data:`ENGINES`."""
    if engine not in ENGINES:
        words = ", ".join(ENGINES[:-1]) + " or " + ENGINES[-1]
        raise ValueError(f"{name} must be {words}, got {engine!r}")


def choose_kernel(game, agents, engine: str = "auto") -> tuple[object | None, str]:
    """``(kernel, "")`` where the kernel plays ``game`` with ``agents`` under ``engine`` (one
    of :data:`ENGINES`); else ``(None, why)``, ``why`` a sentence (custom agents: always the
    engine, and that is the reason given).

    Raises:
        ValueError: ``engine`` is none of :data:`ENGINES`, or is ``"kernel"`` and no kernel
            covers the settings (the reason given).
    """
    check_engine(engine)
    if any(is_custom(a) for a in agents):
        kernel, why = None, CUSTOM_WHY
    elif engine == "engine":
        kernel, why = None, "engine asked for"
    else:
        kernel, why = kernel_for(game, agents)
    if kernel is None and engine == "kernel":
        raise ValueError(f"no kernel: {why}")
    return kernel, why


def played_by(kernel) -> str:
    """Who plays, in the words ``racekit simulate`` and ``bench`` show: ``"kernel (numba)"``,
    ``"engine"``."""
    if kernel is None:
        return "engine"
    which = implementation_of(kernel)
    return f"kernel ({which})" if which else "kernel"


def event_kinds(game):
    """The event kinds counted for ``game``: its kernel's ``EVENTS``, else those its text
    module declares (``COUNTED``: the same, without numba), else ``None`` (every kind)."""
    mod = kernel_module(game)
    if mod is not None:
        return tuple(mod.EVENTS)
    text = game.game_type.text.partition(":")[0]
    if text:
        counted = getattr(importlib.import_module(text), "COUNTED", None)
        if counted is not None:
            return tuple(counted)
    return None


def _turn_marker(state):
    """What tells a new regular turn when the game keeps no round counter."""
    return getattr(state, "turn", None)


def engine_playout(game, seed: int, agents, kinds=None, max_plies: int = MAX_PLIES,
                   events: bool = True) -> Playout:
    """Play one game through the rules engine (events on, to count them).

    Args:
        game: a configured Game.
        seed: the game seed (chance outcomes and every agent's seed).
        agents: one agent per seat: a name, or a custom agent (:func:`build_agent`).
        kinds: event kinds to count (``None``: every kind).
        events: record events to count them (``False``: faster, no counts).

    Raises:
        NoEndError: no end within ``max_plies`` (the engine's guard): these agents never
            finish the game.
    """
    state = game.new_initial_state(record_events=events)
    players = [build_agent(agent, seed, game) for agent in agents]
    sampler = Sampler(seed)
    turns, marker = 0, _turn_marker(state)
    for ply in range(max_plies):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = sampler.sample(state.chance_outcomes(), ply)
        else:
            action = players[player](state, ply)
        state.apply_action(action)
        now = _turn_marker(state)
        if now != marker:
            turns += 1
            marker = now
    else:
        raise no_end(game, seed, max_plies)
    counts = Counter(e.kind for e in state.events)
    if not events:
        counts = {}
    elif kinds is not None:
        counts = {k: counts.get(k, 0) for k in kinds}
    rounds = getattr(state, "round", None)
    if not isinstance(rounds, int):
        rounds = -(-(turns + 1) // game.num_players)   # the first turn starts with the game
    return Playout(state.history(), state.ranking(), rounds, dict(counts))


def compare(game, seed: int, agents, kernel=None) -> str | None:
    """Play ``seed`` with the kernel and with the engine; ``None`` when they agree, else what differs.

    The kernel's history is also replayed through the engine (every entry must be
    legal there and end the game). The message names the game settings, the seed
    and the first ply where the histories part, with both actions there.
    """
    from ..core.errors import IllegalActionError
    from ..core.replay import replay
    agents = tuple(agents)
    kernel = kernel or kernel_module(game)
    fast = kernel.play(game, seed, agents)
    ref = engine_playout(game, seed, agents, tuple(kernel.EVENTS))
    where = f"{game!r} agents {'+'.join(agents)} seed {seed}"
    if fast.history != ref.history:
        ply = next((i for i, (a, b) in enumerate(zip(fast.history, ref.history)) if a != b),
                   min(len(fast.history), len(ref.history)))
        k = fast.history[ply] if ply < len(fast.history) else "end"
        e = ref.history[ply] if ply < len(ref.history) else "end"
        return f"{where}: histories part at ply {ply}: kernel {k}, engine {e}"
    try:
        state = replay(game, fast.history, record_events=False)
    except IllegalActionError as exc:
        return f"{where}: kernel history does not replay: {exc}"
    if not state.is_terminal():
        return f"{where}: kernel history ends before the game does (ply {state.ply})"
    for name, a, b in (("ranking", fast.ranking, ref.ranking), ("rounds", fast.rounds, ref.rounds),
                       ("event counts", fast.counts, ref.counts),
                       ("ranking after replay", fast.ranking, state.ranking())):
        if a != b:
            return f"{where}: {name} differ: kernel {a}, engine {b}"
    return None


CHECK_EVERY = 1000
"""A simulation checks one game of its kernel against the engine per this many games (at least
one, at most :data:`CHECK_MAX`). Measured (``racekit bench`` says it for each run): an engine
game costs 1 to 40 kernel games (Snow Tails 1, Wingsuit 4, Leaf Marathon 20, Aeroplane Chess
40), so the check costs at most about 4% of a run of a thousand games or more, and for fewer
games one engine game, a few milliseconds."""
CHECK_MAX = 24
"""The most games one check plays (a long run needs no more to catch a stale rule)."""


@dataclass
class KernelCheck:
    """What :func:`check_kernel` did: the seeds it checked, the CPU seconds the kernel and the
    engine took on them, and the run's estimated CPU seconds (its games at the kernel's speed)."""

    seeds: list
    kernel_seconds: float
    engine_seconds: float
    run_seconds: float

    @property
    def games(self) -> int:
        return len(self.seeds)

    @property
    def seconds(self) -> float:
        return self.kernel_seconds + self.engine_seconds

    def share(self, run_seconds: float | None = None) -> float:
        """The check's CPU time as a share of the run's (measured, else estimated) CPU time."""
        run = self.run_seconds if run_seconds is None else run_seconds
        return self.seconds / run if run > 0 else 0.0

    def engine_rate(self) -> float:
        """The engine's own playouts (events off) per CPU-second, on the games checked."""
        return self.games / self.engine_seconds if self.engine_seconds > 0 else 0.0

    def words(self, run_seconds: float | None = None) -> str:
        """``"checked 3 games against the engine"``, and with the run's measured CPU seconds
        ``": 1.2% of the run"`` (without them the words do not depend on the clock)."""
        text = f"checked {self.games} game{'s' if self.games != 1 else ''} against the engine"
        return text + (f": {100 * self.share(run_seconds):.1f}% of the run"
                       if run_seconds is not None else "")


def _spread(n: int):
    """Indices ``0..n-1`` in an order whose every prefix is spread over the range: the middle,
    then the quarters, the eighths… (the van der Corput sequence), so a check of ``k`` games
    samples the whole run whatever ``k`` is; then every index not yet given."""
    seen = set()
    for i in range(1, 2 * n + 1):
        x, f, j = 0.0, 0.5, i
        while j:
            x, j, f = x + f * (j & 1), j >> 1, f / 2
        k = int(x * n)
        if k not in seen:
            seen.add(k)
            yield k
    yield from (i for i in range(n) if i not in seen)


def _mismatch(game, seed, agents, fast: Playout, ref: Playout) -> str | None:
    """``None`` when the kernel's game is the engine's; else (ply, words) of the first difference."""
    if fast.history != ref.history:
        ply = next((i for i, (a, b) in enumerate(zip(fast.history, ref.history)) if a != b),
                   min(len(fast.history), len(ref.history)))
        k = fast.history[ply] if ply < len(fast.history) else "the end"
        e = ref.history[ply] if ply < len(ref.history) else "the end"
        return ply, f"at ply {ply} the kernel played {k}, the engine {e}"
    for name, a, b in (("ranking", fast.ranking, ref.ranking), ("rounds", fast.rounds, ref.rounds)):
        if a != b:
            return len(ref.history), f"the same plies, but the {name} differs: kernel {a}, engine {b}"
    return None


def check_kernel(game, agents, seeds, kernel="auto", every: int = CHECK_EVERY,
                 max_games: int = CHECK_MAX, games: int | None = None) -> KernelCheck | None:
    """Check the kernel that plays this run against the engine, on games of the run itself.

    Plays ``len(seeds) // every`` of ``seeds`` (at least one, at most ``max_games``) with the
    kernel and with the engine (:func:`engine_playout`, events off), spread over the run
    (:func:`_spread`: the middle game first, then the quarters…), and compares the whole
    histories, rankings and rounds. Which games are checked depends only on the run.

    Args:
        game: the configured game of the run (its options and parameters).
        agents: one agent name per seat.
        seeds: the game seeds of the run, in run order.
        kernel: the kernel that plays the run (``None``: the engine plays, nothing to check;
            ``"auto"``: :func:`kernel_for`'s).
        games: how many games to check, instead of ``len(seeds) // every`` (:func:`check_runs`).

    Returns:
        a :class:`KernelCheck` (with the CPU seconds it took), or ``None`` when no kernel plays
        the run (the engine does).

    Raises:
        KernelMismatchError: a game differs; the message names the game and its settings, the
            seed, the first differing ply, and how to play on the engine instead.
    """
    import time
    agents = tuple(agents)
    if kernel == "auto":
        kernel, _why = kernel_for(game, agents)
    seeds = list(seeds)
    if kernel is None or not seeds:
        return None
    clock = time.process_time
    kernel_t, engine_t, done = [], 0.0, []
    want = max(1, min(max_games, len(seeds) // every)) if games is None else games
    for i in itertools.islice(_spread(len(seeds)), want):
        seed = seeds[i]
        t0 = clock()
        fast = kernel.play(game, seed, agents)
        t1 = clock()
        ref = engine_playout(game, seed, agents, events=False)
        t2 = clock()
        kernel_t.append(t1 - t0)
        engine_t += t2 - t1
        done.append(seed)
        found = _mismatch(game, seed, agents, fast, ref)
        if found is not None:
            ply, what = found
            gid = game.game_type.id
            raise KernelMismatchError(
                f"the {gid} kernel is stale: a game of this run ({game!r}, agents "
                f"{'+'.join(agents)}, seed {seed}) differs from the engine's: {what}. "
                f"Nothing is reported from a kernel that disagrees with the rules; play on the "
                f"engine instead: racekit.simulate(..., engine=\"engine\") or racekit simulate "
                f"{gid} --engine engine (racekit bench {gid} --engine engine)", gid, seed, ply)
    # the kernel's speed: the median of its games but the first (which may load compiled code)
    timed = sorted(kernel_t[1:] or kernel_t)
    return KernelCheck(done, sum(kernel_t), engine_t, len(seeds) * timed[len(timed) // 2])


def check_runs(runs, every: int = CHECK_EVERY, max_games: int = CHECK_MAX) -> list:
    """:func:`check_kernel` for several runs at once (``simulate_many``'s jobs: the readings of a
    designer review, say), within one budget: one game per ``every`` games of all the runs
    together, at least one. Each run checks ``len(seeds) // every`` games of its own (at most
    ``max_games``); what is left of the budget checks one game of the runs too small for one,
    spread evenly over them in order. A run of many small ones may so go unchecked itself (its
    kernel is the same code, checked on the others); its entry is then ``None``.

    Args:
        runs: ``(game, agents, seeds, kernel)`` per run (``kernel`` ``None``: the engine plays).

    Returns:
        one :class:`KernelCheck` or ``None`` per run.

    Raises:
        KernelMismatchError: as :func:`check_kernel`, for the first run whose kernel differs.
    """
    runs = [(game, tuple(agents), list(seeds), kernel) for game, agents, seeds, kernel in runs]
    sizes = [len(seeds) if kernel is not None else 0 for _g, _a, seeds, kernel in runs]
    want = [min(max_games, n // every) for n in sizes]
    spare = max(1, sum(sizes) // every) - sum(want)
    small = [i for i, n in enumerate(sizes) if n and not want[i]]
    if spare > 0 and small:
        step = len(small) / min(spare, len(small))
        for j in range(min(spare, len(small))):
            want[small[int(j * step)]] = 1
    return [check_kernel(game, agents, seeds, kernel, games=k) if k else None
            for (game, agents, seeds, kernel), k in zip(runs, want)]


def warm_up() -> list[str]:
    """Play one game with each shipped game's kernel (random agents), so that a compiled
    kernel (numba) is compiled and cached on disk now, not in the first simulation.

    ``tools/setup.sh`` calls this after installing an extra that brings numba.
    Returns one line per game: its id and the implementation that played.
    """
    from ..core.game import load_game
    from ..games import SHIPPED
    lines = []
    for game_id in SHIPPED:
        game = load_game(game_id)
        kernel, _why = kernel_for(game, ("random",) * game.num_players)
        if kernel is None:
            continue
        kernel.play(game, 0, ("random",) * game.num_players)
        which = implementation_of(kernel, ("random",))
        lines.append(f"{game_id}: kernel ({which})" if which else f"{game_id}: kernel")
    return lines
