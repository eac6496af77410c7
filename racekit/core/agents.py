"""Agents that choose decisions: the generic ones (seeded random, first-legal) and
the agents a game declares.

An agent is any callable ``agent(state, ply) -> action``. Chance nodes are never
given to an agent; the :class:`~racekit.core.chance.Sampler` draws them. An agent
is deterministic from its seed (randomness comes from
:func:`racekit.core.chance.uniform`, never from the ``random`` module) and reads
only what the acting seat may see.

A game declares its own agents as ``GameType.agents``: ``(name, "module:Class")``
pairs; ``Class(seed)`` builds one (see docs/contracts.md). :func:`make_agent`
resolves a name among the generic agents and the game's, :func:`agent_names` lists
them.
"""
from __future__ import annotations

import importlib

from .chance import uniform


class RandomAgent:
    """Picks uniformly among the legal actions; reproducible from ``seed``."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def __call__(self, state, ply: int) -> int:
        return self.pick(state.legal_actions(), ply)

    def pick(self, legal, ply: int) -> int:
        """The choice among ``legal`` (the state's sorted legal actions) at ``ply``.

        Fast playout kernels call this with the legal list they computed, so they
        choose exactly what this agent would.
        """
        return legal[int(uniform(self.seed, ply, salt=0xA6E27) * len(legal))]


class FirstLegalAgent:
    """Always takes the first legal action (a dull but predictable opponent)."""

    name = "first"

    def __init__(self, seed: int = 0):
        self.seed = seed  # unused: kept so that every agent is built as Class(seed)

    def __call__(self, state, ply: int) -> int:
        return state.legal_actions()[0]

    def pick(self, legal, ply: int) -> int:
        """The choice among ``legal`` at ``ply`` (the first), for fast playout kernels."""
        return legal[0]


def _mcts(seed: int = 0):
    """OpenSpiel's MCTS on the adapter (:class:`racekit.adapters.mcts.MCTSAgent`; the rl extra)."""
    from racekit.adapters.mcts import MCTSAgent   # imported only when asked for: OpenSpiel is optional
    return MCTSAgent(seed)


AGENTS = {"random": RandomAgent, "first": FirstLegalAgent}
"""The generic agents, which play any game."""
SEARCH_AGENTS = {"mcts": _mcts}
"""Agents that play any game by search on the adapters (the rl extra); listed after a game's own."""


def _game_type(game):
    """The GameType of ``game``: a GameType, a configured Game, a game id, or None."""
    if game is None:
        return None
    if isinstance(game, str):
        from .game import game_class
        return game_class(game).game_type
    return getattr(game, "game_type", game)


def agent_names(game_type=None, search: bool = True) -> list[str]:
    """Names of the agents that can play ``game_type``: the generic ones, then the game's, then
    the search agents (``mcts``, the rl extra; ``search=False`` leaves them out, as the explorer).

    ``game_type`` may be a GameType, a configured Game, a game id, or None (generic only).
    """
    gt = _game_type(game_type)
    declared = [name for name, _ in getattr(gt, "agents", ())] if gt is not None else []
    return list(AGENTS) + [name for name in declared if name not in AGENTS] + \
        ([name for name in SEARCH_AGENTS if name not in declared] if search else [])


def make_agent(name: str, seed: int = 0, game=None):
    """Build the agent called ``name`` with ``seed``.

    Args:
        name: a generic agent (``random``, ``first``) or one the game declares in
            ``GameType.agents`` (e.g. ``careful`` for snow_tails).
        seed: its seed (tie-breaks and random choices).
        game: a configured Game, its GameType or its id; needed for the game's own
            agents, not for the generic ones.

    Raises:
        ValueError: unknown name; the message lists the agents available.
    """
    if name in AGENTS:
        return AGENTS[name](seed)
    gt = _game_type(game)
    if name in SEARCH_AGENTS and name not in [d for d, _ in getattr(gt, "agents", ())]:
        return SEARCH_AGENTS[name](seed)
    for declared, target in (getattr(gt, "agents", ()) if gt is not None else ()):
        if declared == name:
            module, _, attr = target.partition(":")
            return getattr(importlib.import_module(module), attr)(seed)
    where = f" for {gt.id}" if gt is not None else ""
    raise ValueError(f"unknown agent {name!r}{where}; agents: {', '.join(agent_names(gt))}")
