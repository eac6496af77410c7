"""``copy.deepcopy`` and in-memory pickling of a state (issue 21): ``__deepcopy__`` is the
game's ``clone()``, ``__reduce__`` is (settings, set-up, history). Every game, from the
normal start and from a scenario's set-up position."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

from racekit.core.game import load_game, shipped_names
from racekit.core.scenarios import _game_for, _initial, load_scenario, scenario_paths

GAMES = shipped_names()   # drafts are left out (docs/contracts.md, Shipped)


def _walk(state, rng, plies):
    """Apply up to ``plies`` random plies (chance outcomes too)."""
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _same(a, b):
    assert type(a) is type(b)
    assert a.history() == b.history()
    assert a.snapshot(full=True) == b.snapshot(full=True)
    assert a.snapshot() == b.snapshot()
    assert a.current_player() == b.current_player()
    assert a.legal_actions() == b.legal_actions()
    assert a.chance_outcomes() == b.chance_outcomes()
    assert a.initial_setup == b.initial_setup
    for seat in range(a.game.num_players):
        assert a.history_for(seat) == b.history_for(seat)
    assert a.game.settings() == b.game.settings()


def _setup_state(game_id):
    for path in scenario_paths(game_id):
        scenario, doc = load_scenario(path)
        if scenario.setup is not None:
            return _initial(_game_for(scenario, doc), scenario, doc)
    pytest.skip(f"{game_id} has no scenario with a set-up")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("plies", [0, 7, 60])
def test_deepcopy_and_pickle_give_equal_states(game_id, plies):
    state = _walk(load_game(game_id).new_initial_state(), random.Random(plies), plies)
    for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        _same(state, other)
        if not other.is_terminal():   # independent: a ply on the copy leaves the original
            before = state.history()
            _walk(other, random.Random(1), 1)
            assert state.history() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_set_up_state_round_trips(game_id):
    state = _walk(_setup_state(game_id), random.Random(3), 5)
    assert state.initial_setup is not None
    for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        _same(state, other)


def test_pickle_is_settings_and_history():
    state = _walk(load_game("wingsuit", players=3).new_initial_state(), random.Random(2), 20)
    rebuild, args = state.__reduce__()
    assert args[1] == state.game.settings() and args[3] == state.history()
    assert rebuild(*args).history() == state.history()


def test_deepcopy_is_the_games_clone():
    state = load_game("wingsuit").new_initial_state()
    calls = []
    original = type(state).clone

    def spy(self):
        calls.append(1)
        return original(self)

    type(state).clone = spy
    try:
        copy.deepcopy(state)
    finally:
        type(state).clone = original
    assert calls == [1]
