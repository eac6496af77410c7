"""Leaf Marathon's compiled (numba) playout loop plays exactly the engine's games.

Each check compares one implementation with the rules engine (kernels.compare: the same
history, ranking, rounds and event counts, and the history replays): the compiled loop on
many seeds, every option value, 2 to 6 seats, random, first-legal and careful agents; and
forced bail-outs, which the engine replays (as it plays without numba and on maps larger
than the compiled loop's arrays).
"""
import pytest

from racekit import OptionError, load_game
from racekit.core.game import game_class
from racekit.sim import kernels

numba = pytest.importorskip("numba")

from racekit.games.leaf_marathon import kernel_jit  # noqa: E402

kernel = kernels.kernel_module(load_game("leaf_marathon"))


class NUMBA:
    """The compiled loop alone, never silently the engine (a bail-out fails the test)."""
    AGENTS, EVENTS = kernel.AGENTS, kernel.EVENTS

    @staticmethod
    def play(game, seed, agents):
        out = kernel_jit.playout(game, seed, agents)
        assert out is not None, f"the compiled loop bailed out of seed {seed}"
        return out


def _option_games():
    """The default game and one game per non-default option value (one changed at a time)."""
    games = [load_game("leaf_marathon")]
    for opt in game_class("leaf_marathon").game_type.options:
        for value in opt.choices:
            if value == opt.default:
                continue
            try:
                games.append(load_game("leaf_marathon", **{opt.name: value}))
            except OptionError:
                pass   # declared by the spec, not built (element_buff=by_card)
    return games


def test_compiled_loop_equals_engine_on_many_seeds():
    game = load_game("leaf_marathon")
    assert kernels.kernel_for(game, ("random",) * 4)[0] is kernel and kernel.implementation() == "numba"
    for seed in range(40):
        problem = kernels.compare(game, seed, ("random",) * 4, NUMBA)
        assert problem is None, problem


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_compiled_loop_equals_engine_for_every_seat_count(players):
    game = load_game("leaf_marathon", players=players)
    for seed in range(8):
        problem = kernels.compare(game, 300 + seed, ("random",) * players, NUMBA)
        assert problem is None, problem
    agents = ("first",) + ("random",) * (players - 1)
    problem = kernels.compare(game, 9, agents, NUMBA)
    assert problem is None, problem
    for seed in range(3):
        agents = ("careful",) * players if seed else ("careful", "first") + ("random",) * (players - 2)
        problem = kernels.compare(game, 400 + seed, agents, NUMBA)
        assert problem is None, problem


def test_compiled_loop_with_careful_agents():
    """The careful agent's choices restated (agents.CarefulAgent): the engine's games, with the
    agent itself choosing on the engine's state."""
    game = load_game("leaf_marathon")
    for seed in range(12):
        problem = kernels.compare(game, 500 + seed, ("careful",) * 4, NUMBA)
        assert problem is None, problem
    for options in ({"excess_unit": "cards", "stop_applies": "next_round"},
                    {"magic_bind_scope": "held_now", "travel_light_unit": "cards"},
                    {"stamina_per_square": 0, "forest_stamina": "add"},
                    {"trigger_discard": "any_use", "bear_after_faint": "on_return",
                     "armor_weight_in_hand": 1}):
        game = load_game("leaf_marathon", **options)
        for seed in range(3):
            problem = kernels.compare(game, seed, ("careful",) * 4, NUMBA)
            assert problem is None, problem


def test_compiled_loop_with_first_legal_agents():
    for players in (2, 4, 6):
        game = load_game("leaf_marathon", players=players)
        for seed in (0, 1):
            problem = kernels.compare(game, seed, ("first",) * players, NUMBA)
            assert problem is None, problem
            problem = kernels.compare(game, seed, ("random", "first") * (players // 2), NUMBA)
            assert problem is None, problem


def test_compiled_loop_equals_engine_under_every_option_value():
    games = _option_games()
    assert len(games) == 49   # the default and every other value that is built
    for game in games:
        assert kernels.kernel_for(game, ("random",) * 4)[0] is kernel, game
        for seed in (1, 2, 3):
            problem = kernels.compare(game, seed, ("random",) * 4, NUMBA)
            assert problem is None, problem


@pytest.mark.parametrize("options", [
    {"map": "lm_test_1leg", "draw_basis": "movement_total", "excess_unit": "cards",
     "magic_bind_stack": "multiply"},
    {"action_as_trigger": True, "stop_applies": "next_round", "resin_self": False,
     "resin_blocks_teleport": True, "get_over_here": "within5"},
    {"armor_blocks": "stamina_loss_and_weapons", "bear_double": "all",
     "butterfingers_pick": "random", "received_mark": "holder", "finished_targetable": True},
    {"anytime_window": "play_only", "roadblock_pay": "before_entering", "leg_faint": "carry",
     "magic_bind_scope": "leg", "tie_points": "share_dense"},
    {"stamina_per_square": 0, "forest_stamina": "add", "forest_cost": "per_move",
     "sand_draws": False, "sand_chain": False, "swamp_simultaneous": "movement_step"},
    {"draft": "sequential", "teleport_triggers_terrain": True, "rewind_order": "terrain_then_event",
     "friendship_counts_in_keep": True, "bind_lift": "global", "buff_a_heals": True},
    {"max_rounds": 6, "final_tiebreak": "stamina", "ffr_penalty": "once",
     "travel_light_unit": "cards", "attraction_die": "d20", "release_to": "any_behind"},
    {"move_model": "sequential_in_play_order", "magic_bind_scope": "held_now",
     "magic_bind_stack": "multiply", "resin_hold": "keep_as_special", "tie_points": "split",
     "players": 6},
    {"map": "lm_test_1leg", "tie_points": "split", "ffr_penalty": "once",
     "final_tiebreak": "last_leg_rank", "resin_hold": "keep_as_special", "resin_self": False},
    {"trigger_discard": "any_use", "bear_after_faint": "on_return", "armor_weight_in_hand": 1,
     "magic_bind_stack": "multiply", "butterfingers_pick": "random", "leg_faint": "carry"},
    {"bear_after_faint": "on_return", "armor_weight_in_hand": 1, "magic_bind_scope": "held_now",
     "effect_cards": "triggers_and_elements", "release_to": "any_behind", "players": 3},
])
def test_compiled_loop_equals_engine_under_combined_options(options):
    game = load_game("leaf_marathon", **options)
    n = game.num_players
    assert kernels.kernel_for(game, ("random",) * n)[0] is kernel
    for seed in range(4):
        problem = kernels.compare(game, 40 + seed, ("random",) * n, NUMBA)
        assert problem is None, problem
    problem = kernels.compare(game, 3, ("first",) + ("random",) * (n - 2) + ("first",), NUMBA)
    assert problem is None, problem
    problem = kernels.compare(game, 5, ("careful",) * (n - 1) + ("random",), NUMBA)
    assert problem is None, problem


def test_a_bail_out_is_replayed_exactly_by_the_engine(monkeypatch):
    """A game the compiled loop leaves (here forced at ply k) is replayed whole by the engine:
    the same Playout as the engine's, and the bail-out is counted."""
    game = load_game("leaf_marathon")
    agents = ("random",) * 4
    for k in (0, 1, 40, 500):
        assert kernel_jit.playout(game, 6, agents, bail_at=k) is None
    real = kernel_jit.play
    monkeypatch.setattr(kernel_jit, "play", lambda *a, **kw: real(*a, **{**kw, "bail_at": 123}))
    played, bailed = kernel.bail_rate()
    for seed in (6, 7):
        assert kernels.compare(game, seed, agents) is None      # kernel.play: bail, then replay
    assert kernel.bail_rate() == (played + 2, bailed + 2)


def test_split_points_are_the_engines_fractions():
    """tie_points = split shares a place's points: the compiled loop's leg points decode to the
    engine's numbers, fractions included (LM-AMB-19)."""
    from racekit.games.leaf_marathon import kernel_jit
    assert kernel_jit._points(-(1 + 5 * 10000 + 2 * 100 + 0)) == 2.5    # places 1+2 shared
    assert kernel_jit._points(-(1 + 6 * 10000 + 5 * 100 + 1)) == 6 / 5 - 1
    assert kernel_jit._points(-(1 + 6 * 10000 + 3 * 100 + 0)) == 2 and isinstance(
        kernel_jit._points(-(1 + 6 * 10000 + 3 * 100 + 0)), int)
    assert kernel_jit._points(-(1 + 1 * 10000 + 2 * 100 + 1)) == 0
    assert kernel_jit._points(3) == 3


def test_settings_the_compiled_loop_leaves_out_go_to_the_engine(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)        # a content file is a relative path (issue 16)
    long_map = tmp_path / "long.yaml"   # a leg longer than the compiled loop's arrays
    long_map.write_text("format: racekit.leaf_marathon.map/1\nid: long\nlegs:\n  - ["
                        + ", ".join(["start"] + ["leaf"] * 130 + ["finish"]) + "]\n")
    other = load_game("leaf_marathon", players=2, map=long_map.name)
    assert kernel_jit.supports(other).startswith("a map")
    mod, why = kernels.kernel_for(other, ("random",) * 2)
    assert mod is None and why.startswith("a map")


def test_the_compiled_loop_asks_for_more_chance_numbers_and_plays_the_same_game():
    from racekit.games.leaf_marathon import kernel_jit
    game = load_game("leaf_marathon")
    agents = ("random",) * 4
    for seed in range(3):
        short = kernel_jit.play(game, seed, agents, kernels.MAX_PLIES, blocks=1)   # 64 plies first
        assert short[0] == kernels.engine_playout(game, seed, agents, events=False).history
    with pytest.raises(RuntimeError, match="no end within 50 plies"):
        kernel_jit.play(game, 3, agents, 50)


def test_warm_up_names_the_compiled_leaf_marathon_kernel():
    assert "leaf_marathon: kernel (numba)" in kernels.warm_up()


def test_the_benchmark_says_which_implementation_played_and_how_many_games_bailed():
    from racekit.sim.anchors import racekit_subject
    game = load_game("leaf_marathon")
    assert kernels.kernel_for(game, ("careful",) * 4)[0] is kernel
    assert kernels.implementation_of(kernel) == "numba"
    from racekit.sim.anchors import _time_slice
    subject = racekit_subject("leaf_marathon")
    _time_slice(subject, 0.05, start=1)
    assert "kernel (numba)" in subject.note
    assert "games replayed by the engine (" in subject.more()
    assert "kernel (numba)" in racekit_subject("leaf_marathon", agent="careful").note


def test_the_compiled_loop_refuses_fewer_agents_than_seats():
    """numba does not check array bounds: with fewer agents than seats the loop used to read
    past the agents' array and play a game of garbage choices (the engine raises)."""
    game = load_game("leaf_marathon", players=4)
    with pytest.raises(ValueError, match="2 agents for 4 seats"):
        kernel.play(game, 0, ("random",) * 2)
    with pytest.raises(IndexError):
        kernels.engine_playout(game, 0, ("random",) * 2)
