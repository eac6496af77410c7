"""Seeded chance: every die roll, card draw and tie-break is a chance node.

The outcome at ply ``k`` depends only on ``(seed, k, salt)`` and on the *set*
of outcomes with their probabilities (never on the order of the list a caller
passes): the sampler sorts the outcomes by value, then walks their cumulative
probabilities with a number drawn from a keyed cryptographic function of the
standard library. The numbers for one ``(seed, salt)`` form a stream cut into
blocks of :data:`BLOCK` plies; block ``b`` is
``SHAKE-256(domain || seed as 64 signed big-endian bytes || salt || b)``, read as
:data:`BLOCK` big-endian 64-bit words, each word ``w`` giving ``(w >> 11) / 2**53``.
A keyed sponge is a pseudo-random function, so the same seed and actions give the
same game on any machine and in any process, going back in a game and stepping
again draws the same outcome, and the draws reveal nothing about the key: a seat
that sees its own card draws cannot work out the seed, and so cannot recompute
anybody else's hand. One hash call serves :data:`BLOCK` plies, which is what lets
whole-game simulation afford a keyed function (:func:`stream`).

That holds only while the seed is secret and hard to guess. A small seed
(``--seed 1``) is a *public* seed: anyone can try every small number, so use one
for reproducible teaching, not for a game with hidden hands. A game started with
no seed gets :func:`new_seed`, a fresh 128-bit secret shown to the host only.

Replaying a recorded history needs no sampler at all: the outcomes are in the
history.
"""
from __future__ import annotations

import hashlib
import numbers
import operator
import secrets
import struct
from functools import lru_cache
from typing import Sequence

from .content import short

SEED_BITS = 128
"""Size of a seed drawn by :func:`new_seed`."""
MAX_SEED_BYTES = 64
"""A seed is absorbed as 64 signed bytes, so it lies in ``[-2**511, 2**511)``."""

BLOCK = 64
"""Plies served by one hash call (one block of the stream)."""

_DOMAIN = b"racekit.chance.3"   # domain separation (16 bytes): these hashes serve nothing else
_SALT_BLOCK = struct.Struct(">qq")
_WORDS = struct.Struct(f">{BLOCK}Q")
_SCALE = 1.0 / (1 << 53)


def new_seed() -> int:
    """A fresh random seed of :data:`SEED_BITS` bits (from the ``secrets`` module)."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed) -> int:
    """``seed`` as a Python int: an int, or any integer type (NumPy's ``int64``, as a seed
    reads back from a simulation's table) converted to one.

    Raises:
        TypeError: not an integer (a bool is not a seed, nor is ``4.0`` or ``"4"``).
        ValueError: too large for the key (more than 511 bits).
    """
    if type(seed) is not int:
        if isinstance(seed, bool) or type(seed).__name__ in ("bool_", "bool") \
                or not isinstance(seed, numbers.Integral):
            raise TypeError(f"seed must be an integer, got {short(seed)}")
        seed = operator.index(seed)
    if not -(1 << 511) <= seed < (1 << 511):
        raise ValueError("seed must be below 2**511 in size (a 128-bit seed is plenty)")
    return seed


@lru_cache(maxsize=256, typed=True)
def _keyed(seed: int):
    """The SHAKE-256 state that has absorbed the domain and ``seed`` (copied for every block)."""
    seed = check_seed(seed)
    return hashlib.shake_256(_DOMAIN + seed.to_bytes(MAX_SEED_BYTES, "big", signed=True))


@lru_cache(maxsize=4096, typed=True)
def _block(seed: int, salt: int, index: int) -> tuple:
    """The :data:`BLOCK` numbers in [0, 1) of plies ``index*BLOCK ..`` for ``(seed, salt)``."""
    h = _keyed(seed).copy()
    try:
        if not -(1 << 57) <= index < (1 << 57):
            raise struct.error
        h.update(_SALT_BLOCK.pack(salt, index))
    except struct.error:
        raise ValueError(f"ply and salt must be 64-bit integers, got ply {index * BLOCK}.., "
                         f"salt {salt!r}") from None
    scale = _SCALE
    return tuple([(w >> 11) * scale for w in _WORDS.unpack(h.digest(8 * BLOCK))])


def _check_ply(ply) -> int:
    if isinstance(ply, bool) or not isinstance(ply, int) or not -(1 << 63) <= ply < (1 << 63):
        raise ValueError(f"ply and salt must be 64-bit integers, got {ply!r}")
    return ply


def uniform(seed: int, ply: int, salt: int = 0) -> float:
    """A number in [0, 1) determined by ``(seed, ply, salt)`` (keyed SHAKE-256, 53 bits).

    Raises:
        TypeError, ValueError: ``seed`` is not a usable integer (see :func:`check_seed`),
            or ``ply``/``salt`` is not a 64-bit integer.
    """
    try:
        return _block(seed, salt, ply >> 6)[ply & 63]
    except TypeError:
        check_seed(seed)
        _check_ply(ply)
        _check_ply(salt)
        raise


def stream(seed: int, salt: int, stop: int, start: int = 0) -> list[float]:
    """``[uniform(seed, ply, salt) for ply in range(start, stop)]``, one hash call per block.

    Fast playout kernels read their numbers from here (or from :func:`uniform`);
    the values are the same either way.

    Raises:
        TypeError, ValueError: as :func:`uniform`.
    """
    seed = check_seed(seed)
    _check_ply(salt)
    if start >= stop:
        return []
    _check_ply(start)
    _check_ply(stop - 1)
    first, last = start >> 6, (stop - 1) >> 6
    out: list[float] = []
    for index in range(first, last + 1):
        out.extend(_block(seed, salt, index))
    skip = start - first * BLOCK
    return out[skip:skip + stop - start]


def stream_array(seed: int, salt: int, stop: int, start: int = 0):
    """:func:`stream` as a NumPy ``float64`` array (the same numbers), for compiled kernels.

    The words of each block are converted by NumPy rather than one by one, which
    makes a whole game's numbers about five times cheaper than :func:`stream`.
    NumPy is imported here, on first use, never by ``import racekit``.

    Raises:
        TypeError, ValueError: as :func:`uniform`.
    """
    import numpy as np
    seed = check_seed(seed)
    _check_ply(salt)
    if start >= stop:
        return np.empty(0, dtype=np.float64)
    _check_ply(start)
    _check_ply(stop - 1)
    first, last = start >> 6, (stop - 1) >> 6
    keyed = _keyed(seed)
    pack = _SALT_BLOCK.pack
    digests = []
    for index in range(first, last + 1):
        h = keyed.copy()
        h.update(pack(salt, index))
        digests.append(h.digest(8 * BLOCK))
    words = np.frombuffer(b"".join(digests), dtype=">u8")
    skip = start - first * BLOCK
    numbers = (words[skip:skip + stop - start] >> np.uint64(11)).astype(np.float64)
    numbers *= _SCALE
    return numbers


def pick(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The outcome a number ``u`` in [0, 1) picks among ``outcomes`` ((outcome, probability) pairs).

    The list is sorted by value (a sorted copy: the caller's list is not changed), then ``u``
    times the total probability is compared with the running sums of the positive
    probabilities. :meth:`Sampler.sample` is ``pick(outcomes, uniform(seed, ply, salt))``; a
    fast playout kernel that reads its numbers with :func:`stream` calls this with them, so
    it draws exactly what the engine's sampler draws.

    Raises:
        ValueError: no outcome with a positive probability.
    """
    ordered = sorted(outcomes)
    total = 0.0
    for _, p in ordered:
        if p > 0:
            total += p
    if not total > 0:
        raise ValueError("a chance node needs an outcome with a positive probability")
    u *= total
    acc = 0.0
    last = None
    for outcome, p in ordered:
        if p > 0:
            acc += p
            last = outcome
            if u < acc:
                return outcome
    return last


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
        _keyed(self.seed)

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
        return pick(outcomes, uniform(self.seed, ply, salt))

    def choice(self, items: Sequence, ply: int, salt: int = 0):
        """Pick one of ``items`` uniformly by position (used by random agents on sorted lists)."""
        return items[int(uniform(self.seed, ply, salt) * len(items))]
