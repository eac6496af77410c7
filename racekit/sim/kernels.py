"""Fast playout kernels: whole games with the built-in agents, without the per-ply state API.

A game may ship ``racekit/games/<id>/kernel.py`` (its ``GameType.package`` +
``.kernel``) with:

* ``AGENTS``: the agent names it plays (``("random",)``, ``("random", "careful")``);
* ``EVENTS``: the event kinds it counts (the engine counts the same kinds, so the
  columns of :func:`racekit.simulate` do not depend on which one played);
* ``supports(game) -> str | None``: ``None`` when it plays this configured game
  (preset, seats, options), else the reason it does not;
* ``play(game, seed, agents) -> Playout``: one whole game. ``agents`` holds one
  name per seat; every agent is seeded with the game seed, as in ``racekit play``
  and the explorer.

A kernel must produce **the same action history** as the rules engine for the same
seed and agents: chance outcomes come from :class:`racekit.core.chance.Sampler`
and decisions from the agents' own pick functions, or from the same formulas
applied to the same numbers (:func:`racekit.core.chance.stream_array` gives a
compiled kernel its numbers; never the ``random`` module), and
``tests/test_sim_kernels.py`` replays kernel histories through the engine.
A kernel module may also offer ``implementation() -> str`` (e.g. ``"numba"``
or ``"python"``), which the benchmark shows, and, with a compiled loop, ``COMPILED_AGENTS``
(the agents it plays; others are played in Python), ``jit_plays(game, agents)`` and
``bail_note()`` (how many games it handed back to Python; see :func:`implementation_of`). A game
without a kernel, or with settings its kernel does not cover, is played by the
engine (:func:`engine_playout`), and :func:`racekit.simulate` says so.
"""
from __future__ import annotations

from ..core.errors import MAX_PLIES, no_end

import importlib
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


def kernel_module(game):
    """The kernel module of ``game`` (a configured Game), or ``None`` when the game has none."""
    name = f"{game.game_type.package}.kernel"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def kernel_for(game, agents) -> tuple[object | None, str]:
    """``(kernel module, "")`` when a kernel plays this game with ``agents``; else ``(None, why)``."""
    mod = kernel_module(game)
    if mod is None:
        return None, f"{game.game_type.id} has no fast kernel"
    missing = sorted(set(agents) - set(mod.AGENTS))
    if missing:
        return None, f"the {game.game_type.id} kernel does not play agent {', '.join(missing)}"
    why = mod.supports(game)
    if why:
        return None, why
    return mod, ""


def import_compiled(package: str):
    """Import the compiled loop of a game's kernel, ``<package>.kernel_jit`` (it imports numba).

    Returns ``(module, "")``, or ``(False, why)`` when numba is missing, does not fit this NumPy,
    or has no cache folder it may write. Kernels call it on first use, so that ``import racekit``
    never imports numba.
    """
    try:
        return importlib.import_module(".kernel_jit", package), ""
    except (ImportError, RuntimeError) as exc:
        return False, f"numba not importable: {exc}"


def bail_words(played: int, bailed: int) -> str:
    """The benchmark's note on a compiled loop's bail-outs: ``"2 of 400 games replayed in Python
    (0.5%)"``, or ``""`` before its first game."""
    if not played:
        return ""
    return f"{bailed} of {played} games replayed in Python ({100 * bailed / played:.1f}%)"


def implementation_of(kernel, agents, game=None) -> str:
    """Which implementation of ``kernel`` plays ``agents`` (``"numba"``, ``"python"``) in
    ``game`` (a configured game; ``None``: the default settings), or ``""`` when the kernel
    does not say. A kernel with a compiled loop tells by ``jit_plays(game, agents)``, else by
    ``COMPILED_AGENTS``."""
    which = getattr(kernel, "implementation", None)
    if which is None:
        return ""
    plays = getattr(kernel, "jit_plays", None)
    if game is not None and plays is not None:
        return "numba" if plays(game, agents) else "python"
    only = getattr(kernel, "COMPILED_AGENTS", None)
    if only is not None and not set(agents) <= set(only):
        return "python"
    return which()


def event_kinds(game):
    """The event kinds counted for ``game``: its kernel's ``EVENTS``, or ``None`` (every kind)."""
    mod = kernel_module(game)
    return tuple(mod.EVENTS) if mod is not None else None


def _turn_marker(state):
    """What tells a new regular turn when the game keeps no round counter."""
    return getattr(state, "turn", None)


def engine_playout(game, seed: int, agents, kinds=None, max_plies: int = MAX_PLIES,
                   events: bool = True) -> Playout:
    """Play one game through the rules engine (events on, to count them).

    Args:
        game: a configured Game.
        seed: the game seed (chance outcomes and every agent's seed).
        agents: one agent name per seat.
        kinds: event kinds to count (``None``: every kind).
        events: record events to count them (``False``: faster, no counts).

    Raises:
        NoEndError: no end within ``max_plies`` (the engine's guard): these agents never
            finish the game.
    """
    state = game.new_initial_state(record_events=events)
    players = [make_agent(name, seed, game) for name in agents]
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
