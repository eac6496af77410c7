"""Leaf Marathon random playouts (hypothesis): invariants at every decision point (spec 1b)."""
from hypothesis import given, settings, strategies as hs

import racekit
from racekit.core.agents import RandomAgent, make_agent
from racekit.core.chance import Sampler
from racekit.core.replay import replay
from racekit.games.leaf_marathon import stats as S

OPTION_SETS = [
    {},
    {"map": "lm_test_1leg", "stamina_per_square": 0, "forest_stamina": "add"},
    {"magic_bind_scope": "held_now", "magic_bind_stack": "multiply", "tie_points": "split"},
    {"stop_applies": "next_round", "leg_faint": "carry", "draw_basis": "movement_total",
     "butterfingers_pick": "random", "received_mark": "holder"},
    {"anytime_window": "play_only", "roadblock_pay": "before_entering", "swamp_simultaneous": "movement_step",
     "draft": "sequential", "effect_cards": "triggers_and_elements", "release_to": "any_behind"},
    {"teleport_triggers_terrain": True, "action_as_trigger": True, "armor_blocks": "stamina_loss_and_weapons",
     "friendship_counts_in_keep": True, "bind_lift": "global", "rewind_order": "terrain_then_event"},
    {"move_model": "sequential_in_play_order", "tie_points": "share_dense", "attraction_die": "d20",
     "bear_double": "all", "travel_light_unit": "cards", "final_tiebreak": "stamina",
     "resin_hold": "keep_as_special"},
    {"trigger_discard": "any_use", "bear_after_faint": "on_return", "armor_weight_in_hand": 1,
     "magic_bind_stack": "multiply"},
]


def playout(game, seed, agent=None, check=True):
    st = game.new_initial_state()
    sampler = Sampler(seed)
    agent = agent or RandomAgent(seed)
    while not st.is_terminal():
        if st.is_chance_node():
            st.apply_action(sampler.sample(st.chance_outcomes(), st.ply))
            continue
        if check:
            assert S.card_total(st) == sum(game.deck_counts), "cards conserved (spec 1b)"
            for s in range(st.n):
                if st.char[s] >= 0:
                    assert 0 <= st.stamina[s] <= S.max_stamina(st, s), "LM-STAMINA-1"
            assert not st.limbo
        st.apply_action(agent(st, st.ply))
    return st


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(2, 6), opts=hs.sampled_from(range(len(OPTION_SETS))))
def test_random_playouts_keep_the_invariants_and_end(seed, players, opts):
    game = racekit.load_game("leaf_marathon", players=players, **OPTION_SETS[opts])
    st = playout(game, seed)
    assert st.is_terminal()
    ranks = [s for g in st.ranking() for s in g]
    assert sorted(ranks) == list(range(players))


@settings(max_examples=5, deadline=None)
@given(seed=hs.integers(0, 2**31))
def test_history_replays_byte_for_byte(seed):
    game = racekit.load_game("leaf_marathon", players=3)
    st = playout(game, seed, check=False)
    again = replay(game, st.history())
    assert again.to_text() == st.to_text() and again.history() == st.history()


def test_careful_agents_finish_races():
    game = racekit.load_game("leaf_marathon", players=4)
    for seed in range(3):
        st = playout(game, seed, make_agent("careful", seed, game))
        assert st.is_terminal()
        assert not any(e.kind == "guard" for e in st.events)
        assert st.leg == 2, "all three legs are run"
