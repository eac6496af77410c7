"""The chance derivation: a SHAKE-256 stream keyed by the seed, in blocks of plies (issues 7, 11)."""
import hashlib
import struct

import pytest

from racekit.core.chance import Sampler, new_seed, stream, stream_array, uniform


def test_uniform_is_shake256_keyed_by_the_seed_in_blocks_of_64_plies():
    for seed, ply, salt in [(0, 0, 0), (1, 7, 3), (-5, 100, 0xA6E27), (2**127 + 1, 3, 0),
                            (9, 64, 0), (9, 63, 0), (9, -1, 0)]:
        key = seed.to_bytes(64, "big", signed=True)
        out = hashlib.shake_256(b"racekit.chance.3" + key + struct.pack(">qq", salt, ply >> 6))
        words = struct.unpack(">64Q", out.digest(512))
        assert uniform(seed, ply, salt) == (words[ply % 64] >> 11) / 2**53
    # distinct seeds are distinct keys (0 and -1, 255 and -1, ...)
    values = {uniform(s, 0) for s in (0, -1, 1, 255, -256, 256, 2**64, -(2**64))}
    assert len(values) == 8
    # neighbouring plies and salts are unrelated numbers
    assert len({uniform(3, p, s) for p in range(130) for s in (0, 1)}) == 260


def test_stream_is_uniform_ply_by_ply():
    for start, stop in [(0, 0), (0, 1), (5, 70), (63, 65), (0, 300), (128, 129), (-3, 4)]:
        assert stream(77, 0xA6E27, stop, start) == [uniform(77, p, 0xA6E27) for p in range(start, stop)]
    with pytest.raises(ValueError):
        uniform(1, 2**63)
    with pytest.raises(ValueError):
        uniform(1, 0, salt=2**64)
    with pytest.raises(TypeError):
        stream(1.5, 0, 10)


def test_stream_array_holds_the_same_numbers_as_stream():
    for seed in (0, -5, 2**127 + 3):
        for start, stop in [(0, 0), (0, 1), (5, 70), (63, 65), (0, 300), (128, 129), (-3, 4)]:
            got = stream_array(seed, 0xA6E27, stop, start)
            assert got.dtype.name == "float64"
            assert got.tolist() == stream(seed, 0xA6E27, stop, start)
    with pytest.raises(TypeError):
        stream_array(1.5, 0, 10)
    with pytest.raises(ValueError):
        stream_array(1, 2**64, 10)


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


def test_a_bool_or_float_is_never_taken_for_a_cached_integer_seed():
    uniform(1, 5)                                    # seed 1's block is now cached
    for bad in (True, 1.0):
        with pytest.raises(TypeError):
            uniform(bad, 5)


def test_pick_is_the_samplers_walk_given_its_number():
    from racekit.core.chance import pick
    outcomes = [(3, 0.5), (1, 0.25), (2, 0.0), (7, 0.25)]
    for ply in range(200):
        u = uniform(11, ply)
        assert Sampler(11).sample(outcomes, ply) == pick(outcomes, u) == pick(outcomes[::-1], u)
    assert [pick(outcomes, u) for u in (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999)] == [1, 1, 3, 3, 7, 7]
    with pytest.raises(ValueError):
        pick([(1, 0.0)], 0.5)
