"""PettingZoo's own checks on every shipped game (issue 21; marker ``conformance``, needs the
``rl`` extra): api_test, seed_test, and state_test's checks with actions drawn from the action
mask; plus the seed meaning what it means on the CLI, and the same history in a subprocess with
another PYTHONHASHSEED."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test   # noqa: E402
from pettingzoo.test.state_test import test_state_space as state_space_test   # noqa: E402

from racekit.adapters import pettingzoo as rpz   # noqa: E402
from racekit.core.game import game_class, shipped_names   # noqa: E402

pytestmark = pytest.mark.conformance
GAMES = shipped_names()


def _env(gid, **kw):
    return rpz.env(gid, turn_limit=kw.pop("turn_limit", 3), **kw)


@pytest.mark.parametrize("gid", GAMES)
def test_api_test(gid):
    api_test(_env(gid), num_cycles=200)


@pytest.mark.parametrize("gid", GAMES)
def test_seed_test(gid):
    seed_test(lambda: _env(gid), num_cycles=100)


def _masked_play(env, seed, cycles):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    states, history = [env.state()], []
    for agent in env.agent_iter(env.num_agents * cycles):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
            assert obs["action_mask"][action] == 1
        env.step(action)
        if env.agents:
            s = env.state()
            assert env.state_space.contains(s) and s.shape == states[0].shape
            states.append(s)
    return states


@pytest.mark.parametrize("gid", GAMES)
def test_masked_state_test(gid):
    """state_test's checks, with actions drawn from the action mask (its own test draws from the
    whole action space, and a board game refuses an illegal move)."""
    env = _env(gid)
    env.reset(seed=0)
    state_space_test(env)
    states = _masked_play(env, 0, 50)
    assert len(states) > 1 and all(np.isfinite(s).all() for s in states)


@pytest.mark.parametrize("gid", GAMES)
def test_truncation_comes_from_the_turn_limit(gid):
    env = _env(gid, turn_limit=1)
    env.reset(seed=3)
    for agent in env.agent_iter(100000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            break
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    # a one-round game ends by the cap unless the rules ended it first (then: terminations)
    assert all(env.truncations.values()) or all(env.terminations.values())
    assert abs(sum(env._cumulative_rewards.values())) < 1e-9


def _cli_history(gid, seed, actions_from):
    """The chance outcomes of a CLI session with ``seed`` given the same decisions."""
    from racekit.core.session import Session
    from racekit.core.game import load_game
    game = load_game(gid, turn_limit=3)
    session = Session(game, seed=seed)
    decisions = iter(actions_from)
    while not session.state.is_terminal():
        if session.state.is_chance_node():
            session.step(session.next_action())
        else:
            session.step(next(decisions))
    return session.state.history()


@pytest.mark.parametrize("gid", GAMES)
def test_a_seed_means_what_it_means_on_the_cli(gid):
    env = _env(gid)
    env.reset(seed=7)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter(100000):
        obs, reward, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"]))
    history = env.state_.history()
    decisions = [a for a, p in zip(history, _actors(env)) if p >= 0]
    assert _cli_history(gid, 7, decisions) == history


def _actors(env):
    from racekit.core.replay import replay
    st = env.game.new_initial_state(record_events=False)
    out = []
    for a in env.state_.history():
        out.append(st.current_player())
        st.apply_action(a)
    return out


CODE = """
import json, numpy as np, sys
from racekit.adapters import pettingzoo as rpz
env = rpz.env(sys.argv[1], turn_limit=3)
env.reset(seed=11)
rng = np.random.default_rng(5)
for agent in env.agent_iter(100000):
    obs, r, term, trunc, info = env.last()
    env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
print(json.dumps(env.state_.history()))
"""


@pytest.mark.parametrize("gid", GAMES)
def test_same_history_in_processes_with_other_hash_seeds(gid):
    runs = []
    for hashseed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", CODE, gid], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": hashseed}, timeout=300)
        assert out.returncode == 0, out.stderr[-2000:]
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1] and len(runs[0]) > 0
