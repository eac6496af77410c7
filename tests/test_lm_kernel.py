"""Leaf Marathon's fast kernel plays exactly the engine's games beyond the generic check of
tests/test_sim_kernels.py: every seat count, mixed agents, the careful agent under options
that change its choices, and a check that can fail."""
import pytest

from racekit import load_game
from racekit.sim import kernels


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_lm_kernel_equals_engine_for_every_seat_count(players):
    game = load_game("leaf_marathon", players=players)
    for seed in range(4):
        problem = kernels.compare(game, 200 + seed, ("random",) * players)
        assert problem is None, problem
    problem = kernels.compare(game, 7, ("careful", "first") + ("random",) * (players - 2))
    assert problem is None, problem


@pytest.mark.parametrize("options", [
    {"map": "lm_test_1leg", "move_model": "sequential_in_play_order", "draw_basis": "movement_total"},
    {"magic_bind_scope": "held_now", "magic_bind_stack": "multiply", "excess_unit": "cards"},
    {"resin_hold": "keep_as_special", "action_as_trigger": True, "stop_applies": "next_round"},
    {"armor_blocks": "stamina_loss_and_weapons", "bear_double": "all", "butterfingers_pick": "random"},
    {"anytime_window": "play_only", "roadblock_pay": "before_entering", "leg_faint": "carry"},
    {"max_rounds": 6},   # the engine guard ends the game early (a "guard" event)
])
def test_lm_kernel_equals_engine_with_mixed_agents(options):
    game = load_game("leaf_marathon", **options)
    for seed in range(3):
        problem = kernels.compare(game, 30 + seed, ("random",) * 4)
        assert problem is None, problem
    problem = kernels.compare(game, 11, ("careful", "random", "first", "careful"))
    assert problem is None, problem


def test_lm_kernel_counts_events_and_a_miscount_is_caught():
    game = load_game("leaf_marathon")
    real = kernels.kernel_module(game)
    out = real.play(game, 5, ("random",) * 4)
    assert out.counts["d20"] > 0 and out.counts["action_card"] > 0 and out.counts["shed"] > 0
    assert sum(len(p) for p in out.ranking) == 4

    class Miscounted:
        AGENTS, EVENTS = real.AGENTS, real.EVENTS

        @staticmethod
        def play(game, seed, agents):
            played = real.play(game, seed, agents)
            played.counts["d20"] += 1
            return played

    problem = kernels.compare(game, 5, ("random",) * 4, kernel=Miscounted)
    assert problem is not None and "event counts differ" in problem and "seed 5" in problem


def test_lm_kernel_random_choice_is_the_random_agents_pick():
    """The compiled kernel inlines RandomAgent.pick's formula: the same choice for any list and ply."""
    from racekit.core.agents import RandomAgent
    from racekit.core.chance import uniform
    pytest.importorskip("numba")
    from racekit.games.leaf_marathon import kernel_jit
    for seed in (0, 5, -3):
        agent = RandomAgent(seed)
        for ply in (0, 1, 63, 64, 1000):
            for size in (1, 2, 7, 30):
                legal = list(range(10, 10 + size))
                mine = legal[int(uniform(seed, ply, kernel_jit.AGENT_SALT) * size)]
                assert mine == agent.pick(legal, ply)
