"""Every list or dict a state returns is the caller's own (issue 7).

OpenSpiel's MCTS shuffles ``chance_outcomes()`` in place; a game that handed out a
shared module-level list changed the dice of every later seeded game in the
process. Here a vandal mutates everything a state returns, at every ply, and the
seeded games must come out exactly as without it, for every shipped game.
"""
import json

import pytest

import racekit
from racekit.core.chance import Sampler
from racekit.core.session import Session
from racekit.games import SHIPPED

PLIES = 250


def _wreck(value):
    """Mutate a returned container in place, children first (tuples are immutable)."""
    if isinstance(value, list):
        for item in value:
            _wreck(item)
        value.reverse()
        value.append(("junk", 0.5))
    elif isinstance(value, dict):
        for item in value.values():
            _wreck(item)
        value.clear()
        value["junk"] = [1, 2, 3]
    elif isinstance(value, tuple):
        for item in value:
            _wreck(item)


def _vandal(state):
    n = state.game.num_players
    returned = [state.legal_actions(), state.chance_outcomes(), state.snapshot(), state.observation(),
                state.ranking(), state.history(), state.returns()]
    for seat in range(n):
        returned += [state.snapshot(seat), state.observation(seat), state.history_for(seat)]
    for value in returned:
        _wreck(value)


def _play(game_id, seed, vandal=False):
    game = racekit.load_game(game_id)
    session = Session(game, seed=seed)
    for _ in range(PLIES):
        if session.state.is_terminal():
            break
        if vandal:
            _vandal(session.state)
        session.step()
    state = session.state
    return state.history(), json.dumps(state.snapshot(), sort_keys=True), state.ranking()


@pytest.mark.parametrize("game_id", SHIPPED)
def test_mutating_returned_containers_changes_no_seeded_game(game_id):
    before = _play(game_id, seed=4)
    assert _play(game_id, seed=4, vandal=True) == before
    # and nothing the vandal did leaked into module-level data used by later games
    assert _play(game_id, seed=4) == before


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_draw_does_not_depend_on_the_order_of_the_outcome_list(game_id):
    state = racekit.load_game(game_id).new_initial_state()
    outcomes = state.chance_outcomes()
    assert outcomes, "every shipped game starts with a chance node"
    sampler = Sampler(123456789)
    for ply in range(50):
        want = sampler.sample(outcomes, ply)
        assert sampler.sample(outcomes[::-1], ply) == want
        assert sampler.sample(outcomes[1:] + outcomes[:1], ply) == want
