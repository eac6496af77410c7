"""Seeded chance: every die roll, card draw and tie-break is a chance node.

The outcome at ply ``k`` depends only on ``(seed, k, salt)`` and on the *set*
of outcomes with their probabilities (never on the order of the list a caller
passes): the sampler sorts the outcomes by value, then walks their cumulative
probabilities with a number drawn from a keyed cryptographic hash,
``BLAKE2b(key=seed, message=(ply, salt))`` from the standard library. So the
same seed and actions give the same game on any machine and in any process,
going back in a game and stepping again draws the same outcome, and the draws
reveal nothing about the key: a seat that sees its own card draws cannot work
out the seed, and so cannot recompute anybody else's hand.

That holds only while the seed is secret and hard to guess. A small seed
(``--seed 1``) is a *public* seed: anyone can try every small number, so use one
for reproducible teaching, not for a game with hidden hands. A game started with
no seed gets :func:`new_seed`, a fresh 128-bit secret shown to the host only.

Replaying a recorded history needs no sampler at all: the outcomes are in the
history.
"""
from __future__ import annotations

import hashlib
import secrets
import struct
from functools import lru_cache
from typing import Sequence

SEED_BITS = 128
"""Size of a seed drawn by :func:`new_seed`."""
MAX_SEED_BYTES = 64
"""BLAKE2b keys are at most 64 bytes, so a seed lies in ``[-2**511, 2**511)``."""

_PERSON = b"racekit.chance.2"   # domain separation (16 bytes): these hashes serve nothing else
_PLY_SALT = struct.Struct(">qq")
_SCALE = 1.0 / (1 << 53)


def new_seed() -> int:
    """A fresh random seed of :data:`SEED_BITS` bits (from the ``secrets`` module)."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed) -> int:
    """``seed`` as an int.

    Raises:
        TypeError: not an integer (a bool is not a seed).
        ValueError: too large to be a BLAKE2b key (more than 511 bits).
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an integer, got {seed!r}")
    if not -(1 << 511) <= seed < (1 << 511):
        raise ValueError("seed must be below 2**511 in size (a 128-bit seed is plenty)")
    return seed


@lru_cache(maxsize=256)
def _keyed(seed: int):
    """The BLAKE2b state keyed by ``seed`` (copied for every draw)."""
    check_seed(seed)
    key = seed.to_bytes(max(1, (seed.bit_length() + 8) // 8), "big", signed=True)
    return hashlib.blake2b(key=key, digest_size=8, person=_PERSON)


def _bits(seed: int, ply: int, salt: int) -> int:
    h = _keyed(seed).copy()
    try:
        h.update(_PLY_SALT.pack(ply, salt))
    except struct.error:
        raise ValueError(f"ply and salt must be 64-bit integers, got {ply!r}, {salt!r}") from None
    return int.from_bytes(h.digest(), "big")


def uniform(seed: int, ply: int, salt: int = 0) -> float:
    """A number in [0, 1) determined by ``(seed, ply, salt)`` (keyed BLAKE2b, 53 bits).

    Raises:
        TypeError, ValueError: ``seed`` is not a usable integer (see :func:`check_seed`).
    """
    return (_bits(seed, ply, salt) >> 11) * _SCALE


class Sampler:
    """Draws chance outcomes from a user seed.

    Args:
        seed: any integer (negative allowed, at most 511 bits); shown to the host
            so they can reproduce a game, never to a single seat.

    Raises:
        TypeError: ``seed`` is not an integer.
    """

    def __init__(self, seed: int = 0):
        self.seed = check_seed(seed)

    def sample(self, outcomes: Sequence[tuple[int, float]], ply: int, salt: int = 0) -> int:
        """Pick one outcome of ``outcomes`` ((outcome, probability) pairs) for ply ``ply``.

        The choice depends on the seed, ``ply``, ``salt`` and the outcomes' values
        and probabilities only: the list is sorted by value first (and not changed),
        so a caller that reorders it cannot change the draw.

        Raises:
            ValueError: no outcome, or no positive probability.
        """
        if not outcomes:
            raise ValueError("a chance node must have at least one outcome")
        ordered = sorted(outcomes)
        total = 0.0
        for _, p in ordered:
            if p > 0:
                total += p
        if not total > 0:
            raise ValueError("a chance node needs an outcome with a positive probability")
        u = uniform(self.seed, ply, salt) * total
        acc = 0.0
        last = None
        for outcome, p in ordered:
            if p > 0:
                acc += p
                last = outcome
                if u < acc:
                    return outcome
        return last

    def choice(self, items: Sequence, ply: int, salt: int = 0):
        """Pick one of ``items`` uniformly by position (used by random agents on sorted lists)."""
        return items[int(uniform(self.seed, ply, salt) * len(items))]
