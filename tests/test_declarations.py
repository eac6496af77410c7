"""The core declarations of every game (issue 21, docs/contracts.md "A game subpackage"),
checked against seeded random games: every id below ``num_distinct_actions``, every name
read back to its id by the game's codec, no game longer than ``max_game_length``, never more
legal actions than ``max_legal_actions``, every chance outcome among the codec's chance ids.
A field a game has not declared yet (0) is skipped for that game."""
from __future__ import annotations

import importlib
import random

import pytest

from racekit.core.errors import MAX_PLIES
from racekit.core.game import load_game, shipped_names

GAMES = shipped_names()   # drafts are left out (docs/contracts.md, Shipped)
N_GAMES = 30
PLY_CAP = 400   # plies walked per game (the checks hold at every ply; most games end sooner)


def _codec(game):
    return importlib.import_module(game.game_type.package + ".actions")


def _settings(game_id, k):
    """Seat counts spread over the game's range, one game per seed."""
    gt = load_game(game_id).game_type
    return {"players": gt.min_players + k % (gt.max_players - gt.min_players + 1)}


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_declarations(game_id):
    declared = load_game(game_id).game_type
    if not declared.num_distinct_actions:
        pytest.skip(f"{game_id} declares no action count yet")
    ids_seen = most_legal = 0
    for k in range(N_GAMES):
        game = load_game(game_id, **_settings(game_id, k))
        gt = game.game_type
        chance_ids = getattr(_codec(game), "CHANCE_IDS", None)
        rng = random.Random(k)
        state = game.new_initial_state(record_events=False)
        for _ in range(PLY_CAP):
            if state.is_terminal():
                break
            if state.is_chance_node():
                options = [o for o, _ in state.chance_outcomes()]
                if gt.num_chance_outcomes:
                    assert len(options) <= gt.num_chance_outcomes
                if chance_ids is not None:
                    assert set(options) <= set(chance_ids), (game_id, k, state.ply)
            else:
                options = state.legal_actions()
                most_legal = max(most_legal, len(options))
                if gt.max_legal_actions:
                    assert len(options) <= gt.max_legal_actions, (game_id, k, state.ply)
            assert all(0 <= a < gt.num_distinct_actions for a in options), (game_id, k, state.ply)
            chosen = rng.choice(options)
            for a in {chosen, options[0], options[-1]}:   # (every name: the test below)
                assert state.string_to_action(state.action_to_string(a)) == a, (game_id, a)
            ids_seen += len(options)
            state.apply_action(chosen)
        if gt.max_game_length:
            assert state.ply <= gt.max_game_length
    assert ids_seen and most_legal


@pytest.mark.parametrize("game_id", GAMES)
def test_declared_values_are_consistent(game_id):
    gt = load_game(game_id).game_type
    if not gt.num_distinct_actions:
        pytest.skip(f"{game_id} declares no action count yet")
    codec = importlib.import_module(gt.package + ".actions")
    assert gt.num_distinct_actions == codec.NUM_DISTINCT_ACTIONS
    assert 0 < gt.max_game_length <= MAX_PLIES
    if hasattr(codec, "CHANCE_IDS"):
        assert gt.num_chance_outcomes == len(set(codec.CHANCE_IDS))
        assert all(0 <= a < gt.num_distinct_actions for a in codec.CHANCE_IDS)


def test_wingsuit_plans_are_the_largest_legal_list():
    """180 plans with distinct values per hand (WS-AMB-09 per_group), 120 under the default."""
    from racekit.games.wingsuit.plan import legal_masks
    gt = load_game("wingsuit").game_type
    assert len(legal_masks(True)) == gt.max_legal_actions == 180
    assert len(legal_masks(False)) == 120
    state = load_game("wingsuit", distinct_scope="per_group").new_initial_state()
    rng = random.Random(0)
    while state.phase != "plan":
        options = [o for o, _ in state.chance_outcomes()] or state.legal_actions()
        state.apply_action(rng.choice(options))
    assert len(state.legal_actions()) == 180


@pytest.mark.parametrize("game_id", ["wingsuit", "leaf_marathon"])
def test_every_name_of_the_codec_parses_back(game_id):
    """Every decision id the codec names (item uses and sheds included) reads back to itself."""
    game = load_game(game_id, players=4)
    codec = _codec(game)
    state = game.new_initial_state()
    if game_id == "wingsuit":
        cy, hid = (lambda h: (h % 7, h // 7)), (lambda c, y: y * 7 + c)
        checked = 0
        for a in range(codec.HEX, codec.NUM_DISTINCT_ACTIONS):
            name = codec.decision_name(a, cy, state._seat_name)
            if name is not None and a != codec.PLAN:   # (the empty plan has no name to type)
                checked += 1
                assert codec.parse_decision(name, hid, state._seat_index) == a, name
        assert checked > 4000
        assert codec.give(2, 11, 4) == codec.NUM_DISTINCT_ACTIONS - 1
        assert codec.give_parts(codec.give(1, 7, 3)) == (1, 7, 3)
        assert codec.steal_parts(codec.steal(2, 4)) == (2, 4)
    else:
        from racekit.games.leaf_marathon import cards
        roster = [c.name for c in state.roster]
        codes = sorted(set(cards.NAME_TO_CODE.values()))
        ids = [a for a in range(codec.TWO3) if codec.decision_name(a, game.seat_names, roster)]
        ids += [base + c for base in (codec.TWO3, codec.PICK) for c in codes]
        ids += [codec.shed(x, y) for i, x in enumerate(codes) for y in codes[i:]] + [codec.END]
        for a in ids:
            name = codec.decision_name(a, game.seat_names, roster)
            assert codec.parse_decision(name, game.seat_names, roster) == a, name
        assert len(ids) > 500
        assert codec.shed_cards(codec.shed(9, 3)) == (3, 9)
