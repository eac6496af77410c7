"""``legal_actions()`` is sorted and unique at every decision of every game (core/state.py's
contract; OpenSpiel's too). A seeded agent picks by index in that list, so an unsorted list
(Wingsuit's free-sprint step listed "decline" after the sprints) changes which moves seeded
games make depending on how a rule module happens to build the list.

The walk plays random games of all four games (several player counts and the presets that
open other decisions: Wingsuit's items and gifts, Leaf Marathon's draft) and checks every
decision node; it also checks that each ``chance_outcomes()`` lists each outcome once.
"""
from __future__ import annotations

import random

import pytest

import racekit

GAMES = [
    ("aeroplane_chess", dict(players=4)),
    ("aeroplane_chess", dict(players=2)),
    ("aeroplane_chess", dict(players=4, preset="tournament")),
    ("snow_tails", dict(players=3)),
    ("snow_tails", dict(players=5)),
    ("wingsuit", dict(players=2)),
    ("wingsuit", dict(players=4)),
    ("wingsuit", dict(players=5)),
    ("wingsuit", dict(players=4, queue_order="chooser", cleanup_updraft="optional", blue_free_sprints="mandatory")),
    ("leaf_marathon", dict(players=3)),
    ("leaf_marathon", dict(players=5)),
]


def _walk(game, seed: int, max_plies: int = 4000) -> tuple[int, set]:
    """Play one random game; return the decisions checked and the phases seen."""
    rng = random.Random(seed)
    state = game.new_initial_state(record_events=False)
    checked, phases = 0, set()
    for _ in range(max_plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            assert len(set(outcomes)) == len(outcomes), (state.phase, outcomes)
            state.apply_action(rng.choice(outcomes))
            continue
        legal = state.legal_actions()
        assert legal, f"{state.phase}: no legal action at a decision"
        assert legal == sorted(set(legal)), (
            f"{game.game_type.name} ply {state.ply} phase {state.phase}: legal actions not sorted "
            f"and unique: {[state.action_to_string(a) for a in legal]}")
        checked += 1
        phases.add(state.phase)
        state.apply_action(rng.choice(legal))
    return checked, phases


@pytest.mark.parametrize("game_id,kw", GAMES, ids=[f"{g}-{kw['players']}" + ("-options" if len(kw) > 1 else "") for g, kw in GAMES])
def test_legal_actions_are_sorted_and_unique_at_every_decision(game_id, kw):
    game = racekit.load_game(game_id, **kw)
    total, phases = 0, set()
    for seed in range(4):
        n, seen = _walk(game, seed)
        total += n
        phases |= seen
    assert total > 100 and phases


def test_wingsuit_free_sprints_list_decline_first():
    """The case that was wrong: free sprints after a gift (WS-FAQ-Q5c) or a yellow item offer
    "decline free sprints" (20102) before the sprints (20210 + d)."""
    from racekit.games.wingsuit import actions as A
    game = racekit.load_game("wingsuit", players=4)
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state(record_events=False)
        while not state.is_terminal() and state.ply < 3000:
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            if A.DECLINE in legal:
                assert legal[0] == A.DECLINE and legal[1:] == [A.FREE + d for d in range(6)]
                return
            state.apply_action(rng.choice(legal))
    pytest.fail("no random game reached a free-sprint step")
