"""Seeded chance: every die roll, card draw and tie-break is a chance node.

The outcome at ply ``k`` depends only on ``(seed, k)`` and the outcome list,
through an integer hash (SplitMix64), so the same seed and actions give the
same game on any machine and in any process, and going back in a game and
stepping again draws the same outcome. Replaying a recorded history needs no
sampler at all: the outcomes are in the history.
"""
from __future__ import annotations

from typing import Sequence

_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & _MASK
    return x ^ (x >> 31)


def uniform(seed: int, ply: int, salt: int = 0) -> float:
    """A number in [0, 1) determined by ``(seed, ply, salt)``."""
    x = _mix((seed * 0x9E3779B97F4A7C15 + ply * 0xD1B54A32D192ED03 + salt + 1) & _MASK)
    return (x >> 11) * (1.0 / (1 << 53))


class Sampler:
    """Draws chance outcomes from a user seed.

    Args:
        seed: any integer (negative allowed); shown to users so they can
            reproduce a game.
    """

    def __init__(self, seed: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an integer, got {seed!r}")
        self.seed = seed

    def sample(self, outcomes: Sequence[tuple[int, float]], ply: int, salt: int = 0) -> int:
        """Pick one outcome of ``outcomes`` ((outcome, probability) pairs) for ply ``ply``."""
        if not outcomes:
            raise ValueError("a chance node must have at least one outcome")
        u = uniform(self.seed, ply, salt)
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if u < acc:
                return outcome
        return outcomes[-1][0]

    def choice(self, items: Sequence, ply: int, salt: int = 0):
        """Pick one of ``items`` uniformly (used by random agents)."""
        return items[int(uniform(self.seed, ply, salt) * len(items))]
