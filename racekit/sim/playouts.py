"""Random playouts: whole games played by uniform random agents, for balance and speed.

Chance outcomes come from the seeded :class:`~racekit.core.chance.Sampler`;
decisions from agents seeded with the same seed (as ``racekit play --seed``
does), so playout ``s`` is the same game on every machine. :func:`bench` plays
through the game's fast kernel where it has one (see :mod:`racekit.sim.kernels`).
"""
from __future__ import annotations

from ..core.errors import MAX_PLIES, no_end

import time
from dataclasses import dataclass

from ..core.agents import make_agent
from ..core.chance import Sampler
from ..core.state import CHANCE


def playout(game, seed: int, decide, max_plies: int = MAX_PLIES, record_events: bool = False):
    """Play one game to the end; ``decide(state, ply) -> action`` at every decision.

    Chance outcomes come from ``Sampler(seed)``. Returns the final state.

    Raises:
        NoEndError: no terminal state within ``max_plies`` (the engine's guard,
            :data:`~racekit.core.errors.MAX_PLIES`): these agents never finish the game.
    """
    state = game.new_initial_state(record_events=record_events)
    sampler = Sampler(seed)
    for ply in range(max_plies):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sampler.sample(state.chance_outcomes(), ply))
        elif player < 0:
            return state
        else:
            state.apply_action(decide(state, ply))
    raise no_end(game, seed, max_plies)


def agent_playout(game, seed: int, agent: str, max_plies: int = MAX_PLIES, record_events: bool = False):
    """One game with ``agent`` (seeded with ``seed``) in every seat; see :func:`playout`."""
    agents = [make_agent(agent, seed, game) for _ in range(game.num_players)]
    return playout(game, seed, lambda state, ply: agents[state.current_player()](state, ply),
                   max_plies, record_events)


def settings_label(game) -> str:
    """A game's settings in words: ``snow_tails (standard, 4 players, track=medium)`` (only the
    options that differ from the preset's own values)."""
    gt = game.game_type
    preset = gt.preset(game.preset).options
    base = {k: gt.option(k).validate(preset[k]) if k in preset else gt.option(k).default
            for k in game.options}
    changed = [f"{k}={v}" for k, v in game.options.items() if v != base[k]]
    changed += [f"{k}={v}" for k, v in game.params.changed().items()]   # house rules
    from ..core.i18n import text
    parts = [game.preset, text("sim.settings_players", n=game.num_players)] + changed
    return text("sim.settings", game=game.game_type.id, parts=text("sim.settings_sep").join(parts))


@dataclass
class BenchResult:
    game: str
    games: int
    seconds: float
    plies: int
    agent: str = "random"
    played_by: str = "engine"
    check: object = None        # the kernel's check against the engine (kernels.KernelCheck)
    cpu_seconds: float = 0.0    # CPU time of the timed games
    why: str = ""               # why the engine played, where it did (as racekit simulate says)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def line(self) -> str:
        text = (f"{self.game}: {self.games} {self.agent} playouts in {self.seconds:.2f} s = "
                f"{self.games_per_second:,.0f} games/s, {self.plies / self.games:,.0f} plies/game, "
                f"{self.plies / self.seconds:,.0f} plies/s; played by the {self.played_by}")
        if self.played_by == "engine" and self.why:
            text += f" ({self.why})"
        if self.check is not None:
            c = self.check
            text += (f"; {c.words(self.cpu_seconds + c.seconds)}; the engine alone (events off): "
                     f"{c.engine_rate():,.1f} games/s on those")
        return text


def bench(game, games: int = 200, seed: int = 0, progress: bool = False,
          agent: str = "random", engine: str = "auto") -> BenchResult:
    """Time ``games`` playouts by ``agent`` players (one process, events off; the kernel if any).

    A kernel first plays one untimed game (imports, numba's compiled code), then is checked
    against the engine on a few of the timed seeds (:func:`~racekit.sim.kernels.check_kernel`:
    its cost and the engine's own speed are in the result's line). ``engine``: ``"auto"`` (the
    kernel where it covers the settings, else the engine), ``"kernel"`` (raise if none does)
    or ``"engine"`` (the engine plays, no kernel), as in ``racekit simulate``. Where the engine
    plays, the result's line says why: the reason ``racekit simulate`` gives, in English like
    the rest of the line.

    Raises:
        racekit.sim.kernels.KernelMismatchError: the kernel and the engine differ.
        ValueError: ``engine`` is none of those, or is ``"kernel"`` and no kernel covers the
            settings (the reason given).
    """
    from .kernels import check_kernel, choose_kernel, played_by
    agents = (agent,) * game.num_players
    kernel, why = choose_kernel(game, agents, engine)
    if kernel is not None:
        kernel.play(game, seed + games, agents)     # warm-up, outside the timed seeds
    check = check_kernel(game, agents, range(seed, seed + games), kernel) if kernel else None
    seeds = range(seed, seed + games)
    if progress:
        try:  # tqdm is optional (not a dependency): without it, no progress bar
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            seeds = tqdm(seeds, desc=game.game_type.id, unit="game", leave=False)
    plies = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for s in seeds:
        plies += kernel.play(game, s, agents).plies if kernel else agent_playout(game, s, agent).ply
    wall = time.perf_counter() - start
    return BenchResult(settings_label(game), games, wall, plies, agent, played_by(kernel), check,
                       time.process_time() - cpu, why if kernel is None else "")
