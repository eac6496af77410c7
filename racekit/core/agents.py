"""Agents that choose decisions: seeded random, and first-legal.

An agent is any callable ``agent(state, ply) -> action``. Chance nodes are never
given to an agent; the :class:`~racekit.core.chance.Sampler` draws them.
"""
from __future__ import annotations

from .chance import uniform


class RandomAgent:
    """Picks uniformly among the legal actions; reproducible from ``seed``."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def __call__(self, state, ply: int) -> int:
        legal = state.legal_actions()
        return legal[int(uniform(self.seed, ply, salt=0xA6E27) * len(legal))]


class FirstLegalAgent:
    """Always takes the first legal action (a dull but predictable opponent)."""

    name = "first"

    def __call__(self, state, ply: int) -> int:
        return state.legal_actions()[0]


AGENTS = {"random": RandomAgent, "first": FirstLegalAgent}


def make_agent(name: str, seed: int = 0):
    if name == "random":
        return RandomAgent(seed)
    if name == "first":
        return FirstLegalAgent()
    raise ValueError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")
