"""Views of a state for learning and search: a seat's observation tensor, its information-state
string, and worlds resampled from what it has seen.

Every view here is built from what the seat may see (``state.snapshot(seat)``,
``state.history_for(seat)``), so the game's hiding carries over: two states that differ only in
another seat's secret give the seat equal tensors and strings (tests/test_views.py). The full
view is only ever ``snapshot(full=True)``, asked for by name.

Observation tensor layout (``GameType.observation_size`` floats, float32, shape ``(size,)``):
    [0, 8)      one-hot of the observing seat (seats 0..7)
    [8, 16)     one-hot of the seat to act (zeros at chance and terminal nodes)
    16          1.0 at a chance node, 17: 1.0 when the game is over
    [32, size)  feature-hashed leaves of ``snapshot(seat)``: every leaf is named by its dotted
                path (``seats.1.pos``); a number adds its value at bucket ``h(path)``, ``True``
                adds 1.0 at ``h(path)``, a text value adds 1.0 at ``h(path + "=" + text)``, a
                null (a hidden value) adds nothing. ``h`` is CRC-32 modulo ``size - 32``,
                plus 32, so it is the same in every process and on every machine.
The hashed part is lossy (two leaves can share a bucket) and depends on the game's snapshot
keys: it is a generic encoding for learning baselines, not a hand-made feature set.
"""
from __future__ import annotations

import json
import zlib

HEADER = 32
SEAT_SLOTS = 8


def observation_tensor(state, seat: int | None, full: bool = False) -> list[float]:
    """The observation tensor of ``seat`` (layout in this module's docstring), a list of floats.
    ``full=True`` (asked for by name: a centralised critic's global state, PettingZoo's
    ``state()``) encodes ``snapshot(full=True)``, every secret included, with no seat slot."""
    size = state.game.game_type.observation_size
    out = [0.0] * size
    if seat is not None and 0 <= seat < SEAT_SLOTS and not full:
        out[seat] = 1.0
    cp = state.current_player()
    if 0 <= cp < SEAT_SLOTS:
        out[SEAT_SLOTS + cp] = 1.0
    elif state.is_chance_node():
        out[16] = 1.0
    elif state.is_terminal():
        out[17] = 1.0
    span = size - HEADER

    def walk(node, path):
        if isinstance(node, dict):
            for k in sorted(node, key=str):
                walk(node[k], f"{path}.{k}" if path else str(k))
        elif isinstance(node, (list, tuple)):
            for i, v in enumerate(node):
                walk(v, f"{path}.{i}")
        elif node is None:
            return
        elif isinstance(node, bool):
            if node:
                out[HEADER + zlib.crc32(path.encode()) % span] += 1.0
        elif isinstance(node, (int, float)):
            v = float(node)
            if v == v and abs(v) != float("inf"):
                out[HEADER + zlib.crc32(path.encode()) % span] += v
        else:
            out[HEADER + zlib.crc32(f"{path}={node}".encode()) % span] += 1.0

    walk(state.snapshot(full=True) if full else state.snapshot(seat), "")
    return out


def information_state_string(state, seat: int) -> str:
    """What ``seat`` has seen: its seat, and the history as it saw it (``?`` for an entry private
    to another seat; a secret the rules revealed to all shows its id from then on)."""
    seen = " ".join("?" if a is None else str(a) for a in state.history_for(seat))
    return f"seat {seat} | {seen}"


def observation_string(state, seat: int) -> str:
    """``snapshot(seat)`` as compact JSON with sorted keys (what the seat sees now)."""
    return json.dumps(state.snapshot(seat), sort_keys=True, separators=(",", ":"), default=str)


class ResampleError(RuntimeError):
    """No world consistent with the seat's view was found within the tries allowed."""


def resample(state, seat: int, rng, max_tries: int = 2000):
    """A state drawn from the worlds consistent with everything ``seat`` has seen.

    The seat's view is its history (:meth:`~racekit.core.state.State.history_for`) and who
    acted at each ply: the entries it saw are kept, every entry private to another seat is
    drawn again, in order, replaying the game:

    - a hidden chance outcome is drawn with the node's probabilities (a deal, a draw);
    - another seat's hidden decision is drawn uniformly among its legal actions whose immediate
      consequence is what the seat saw (the same privacy, the same seat or chance acting next):
      the model of a player whose choices are unknown;
    - a seen decision must be legal in the new world, a seen chance outcome possible; its
      probability there over its real probability multiplies a weight, and the world is kept
      with probability ``min(1, weight)``; a world whose history as the seat sees it differs
      is dropped and drawn again.

    Where the seen outcomes' odds do not depend on the hidden ones (a seat's own deck, a public
    die) the weight is 1, and given the other seats' decisions the hidden chance outcomes are
    drawn with exactly their posterior odds (tests/test_views.py: chi-square against
    enumeration). Where a seen draw's odds depend on hidden cards (Leaf Marathon's shared deck)
    a weight above 1 is capped, so there the odds are approximate (docs/adapters.md).

    Args:
        rng: anything with ``random() -> float`` in [0, 1) (``random.Random``).

    Raises:
        ResampleError: no consistent world within ``max_tries`` draws.
    """
    hist = state.history()
    private = list(state._private)
    seen = [state.visible_to(k, seat) for k in range(len(hist))]
    if all(seen):
        return state.clone()
    real_p = _real_probs(state, hist, seen)
    for _ in range(max_tries):
        world = _draw(state, seat, hist, private, seen, real_p, rng)
        if world is not None:
            return world
    raise ResampleError(f"no world consistent with seat {seat}'s view in {max_tries} draws")


def _new(state):
    game = state.game
    return game.new_initial_state(setup=state.initial_setup, record_events=False) \
        if state.initial_setup is not None else game.new_initial_state(record_events=False)


def _real_probs(state, hist, seen):
    """The real game's player to act at each ply, and each seen chance outcome's probability."""
    s = _new(state)
    probs, actors = {}, []
    for k, a in enumerate(hist):
        actors.append(s.current_player())
        if seen[k] and s.is_chance_node():
            probs[k] = dict(s.chance_outcomes()).get(a, 0.0)
        s.apply_action(a)
    return probs, actors


def _pick(pairs, u):
    acc = 0.0
    for a, p in pairs:
        acc += p
        if u < acc:
            return a
    return pairs[-1][0]


def _draw(state, seat, hist, private, seen, real, rng):
    real_p, actors = real
    s = _new(state)
    ratio = 1.0
    for k, a in enumerate(hist):
        if s.current_player() != actors[k]:   # the seat saw who acted (or that chance did)
            return None
        if seen[k]:
            if s.is_chance_node():
                p = dict(s.chance_outcomes()).get(a, 0.0)
                if p <= 0.0:
                    return None
                ratio *= p / real_p[k]
            elif a not in s.legal_actions():
                return None
            b = a
        elif s.is_chance_node():
            b = _pick(sorted(s.chance_outcomes()), rng.random())
            if s._private_to(b) != private[k]:
                return None
        else:
            b = _decision(s, k, private, actors, rng)
            if b is None:
                return None
        s.apply_action(b)
    if ratio < 1.0 and rng.random() >= ratio:
        return None
    if s.current_player() != state.current_player() or \
            s.history_for(seat) != state.history_for(seat):
        return None
    return s


def _decision(s, k, private, actors, rng):
    """Another seat's hidden decision: uniform among its legal actions whose immediate
    consequence is what the seat saw (the same privacy, the same seat or chance acting next)."""
    legal = s.legal_actions()
    keys = [rng.random() for _ in legal]
    for _, b in sorted(zip(keys, legal)):
        if s._private_to(b) != private[k]:
            continue
        if k + 1 < len(actors):
            t = s.clone()
            t.apply_action(b)
            if t.current_player() != actors[k + 1]:
                continue
        return b
    return None
