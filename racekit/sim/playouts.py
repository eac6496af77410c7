"""Random playouts: whole games played by uniform random agents, for balance and speed.

Chance outcomes come from the seeded :class:`~racekit.core.chance.Sampler`;
decisions from a uniform pick seeded the same way, so playout ``i`` of seed
``s`` is the same game on every machine.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core.agents import make_agent
from ..core.chance import Sampler
from ..core.state import CHANCE


def playout(game, seed: int, decide, max_plies: int = 20_000, record_events: bool = False):
    """Play one game to the end; ``decide(state, ply) -> action`` at every decision.

    Chance outcomes come from ``Sampler(seed)``. Returns the final state.

    Raises:
        RuntimeError: no terminal state within ``max_plies`` (a rules bug).
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
    raise RuntimeError(f"{game!r} seed {seed}: no end within {max_plies} plies")


def random_playout(game, seed: int, max_plies: int = 20_000, record_events: bool = False):
    """One game with uniformly random decisions (a fast seeded pick); see :func:`playout`."""
    pick = random.Random(seed).random

    def decide(state, ply):
        legal = state.legal_actions()
        return legal[int(pick() * len(legal))]

    return playout(game, seed, decide, max_plies, record_events)


def agent_playout(game, seed: int, agent: str, max_plies: int = 20_000):
    """One game with ``agent`` in every seat (events off); see :func:`playout`."""
    if agent == "random":
        return random_playout(game, seed, max_plies)
    agents = [make_agent(agent, seed * 31 + seat, game) for seat in range(game.num_players)]
    return playout(game, seed, lambda state, ply: agents[state.current_player()](state, ply), max_plies)


@dataclass
class BenchResult:
    game: str
    games: int
    seconds: float
    plies: int
    agent: str = "random"

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def line(self) -> str:
        return (f"{self.game}: {self.games} {self.agent} playouts in {self.seconds:.2f} s = "
                f"{self.games_per_second:,.0f} games/s, {self.plies / self.games:,.0f} plies/game, "
                f"{self.plies / self.seconds:,.0f} plies/s")


def bench(game, games: int = 200, seed: int = 0, progress: bool = False,
          agent: str = "random") -> BenchResult:
    """Time ``games`` playouts by ``agent`` players (one process, events off)."""
    seeds = range(seed, seed + games)
    if progress:
        try:  # tqdm is optional (not a dependency): without it, no progress bar
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            seeds = tqdm(seeds, desc=game.game_type.id, unit="game", leave=False)
    plies = 0
    start = time.perf_counter()
    for s in seeds:
        plies += agent_playout(game, s, agent).ply
    return BenchResult(repr(game), games, time.perf_counter() - start, plies, agent)
