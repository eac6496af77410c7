"""The chance derivation: BLAKE2b keyed by the seed, over (ply, salt) (issue 7)."""
import hashlib
import struct

import pytest

from racekit.core.chance import Sampler, new_seed, uniform


def test_uniform_is_blake2b_keyed_by_the_seed():
    for seed, ply, salt in [(0, 0, 0), (1, 7, 3), (-5, 100, 0xA6E27), (2**127 + 1, 3, 0)]:
        key = seed.to_bytes(max(1, (seed.bit_length() + 8) // 8), "big", signed=True)
        digest = hashlib.blake2b(struct.pack(">qq", ply, salt), key=key, digest_size=8,
                                 person=b"racekit.chance.2").digest()
        assert uniform(seed, ply, salt) == (int.from_bytes(digest, "big") >> 11) / 2**53
    # distinct seeds are distinct keys (0 and -1, 255 and -1, ...)
    values = {uniform(s, 0) for s in (0, -1, 1, 255, -256, 256, 2**64, -(2**64))}
    assert len(values) == 8


def test_draws_are_fair_and_need_a_positive_probability():
    faces = [(f, 1 / 6) for f in range(1, 7)]
    draws = [Sampler(42).sample(faces, ply) for ply in range(1200)]
    assert all(150 < draws.count(f) < 250 for f in range(1, 7))
    assert all(0.0 <= uniform(9, p) < 1.0 for p in range(200))
    assert {Sampler(3).sample([(1, 0.0), (2, 0.5), (3, 0.0)], p) for p in range(50)} == {2}
    with pytest.raises(ValueError):
        Sampler(1).sample([], 0)
    with pytest.raises(ValueError):
        Sampler(1).sample([(1, 0.0)], 0)


def test_seeds_are_integers_of_at_most_511_bits():
    assert 64 < new_seed().bit_length() <= 128 and new_seed() != new_seed()
    Sampler(2**510)
    for bad, error in [(True, TypeError), (1.5, TypeError), ("7", TypeError), (2**511, ValueError)]:
        with pytest.raises(error):
            Sampler(bad)
