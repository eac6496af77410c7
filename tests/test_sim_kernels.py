"""Fast playout kernels play exactly the engine's games: same history, ranking, rounds, counts.

Every shipped game with a kernel is checked on its presets and on every option value
the kernel covers (one option changed at a time); a divergence names the settings,
the seed and the ply where the histories part.
"""
import pytest

from racekit import OptionError, load_game
from racekit.core.game import game_class
from racekit.games import SHIPPED
from racekit.sim import kernels

KERNEL_GAMES = [g for g in SHIPPED if kernels.kernel_module(load_game(g)) is not None]


def _presets(game_id):
    return [p.name for p in game_class(game_id).game_type.presets] or [None]


def _variants(game_id):
    """(preset, {option: value}) for every preset and every non-default option value."""
    gt = game_class(game_id).game_type
    out = []
    for preset in _presets(game_id):
        out.append((preset, {}))
        for opt in gt.options:
            for value in opt.choices:
                if value != opt.default and value != "preset":
                    out.append((preset, {opt.name: value}))
    return out


def _load(game_id, preset, options):
    try:
        return load_game(game_id, preset=preset, **options)
    except OptionError:
        return None


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_kernel_equals_engine_on_many_seeds(game_id):
    mod = kernels.kernel_module(load_game(game_id))
    for preset in _presets(game_id):
        game = load_game(game_id, preset=preset)
        for agent in mod.AGENTS:
            agents = (agent,) * game.num_players
            for seed in range(12 if agent == "random" else 3):
                problem = kernels.compare(game, seed, agents)
                assert problem is None, problem


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_kernel_equals_engine_under_every_option_it_covers(game_id):
    covered = skipped = 0
    for preset, options in _variants(game_id):
        game = _load(game_id, preset, options)
        if game is None:
            continue
        mod, why = kernels.kernel_for(game, ("random",) * game.num_players)
        if mod is None:
            skipped += 1
            continue
        covered += 1
        for seed in (1, 2):
            problem = kernels.compare(game, seed, ("random",) * game.num_players)
            assert problem is None, problem
    assert covered > skipped  # the kernel covers most rule readings


def test_a_divergence_names_seed_and_ply():
    game = load_game("aeroplane_chess", preset="tournament")
    real = kernels.kernel_module(game)

    class Broken:
        AGENTS, EVENTS = real.AGENTS, real.EVENTS

        @staticmethod
        def play(game, seed, agents):
            out = real.play(game, seed, agents)
            out.history[40] = 999   # a kernel that took another action at ply 40
            return out

    problem = kernels.compare(game, 5, ("random",) * 4, kernel=Broken)
    assert problem is not None and "seed 5" in problem and "ply 40" in problem


def test_settings_a_kernel_does_not_cover_are_played_by_the_engine():
    game = load_game("aeroplane_chess", preset="tournament", optional_effects=True)
    mod, why = kernels.kernel_for(game, ("random",) * 4)
    assert mod is None and "optional_effects" in why
    mod, why = kernels.kernel_for(load_game("aeroplane_chess"), ("careful",) * 4)
    assert mod is None and "careful" in why


@pytest.mark.parametrize("players", [2, 3, 5])
def test_snow_tails_kernel_equals_engine_for_every_seat_count(players):
    game = load_game("snow_tails", players=players)
    for seed in range(20):
        problem = kernels.compare(game, 100 + seed, ("random",) * players)
        assert problem is None, problem
    problem = kernels.compare(game, 7, ("careful",) + ("random",) * (players - 1))
    assert problem is None, problem


@pytest.mark.parametrize("options", [
    {"track": "medium", "bonus_round1": True, "bonus_partial": True},
    {"track": "long", "limit_eval": "at_crossing", "limit_per_line": "once"},
    {"track": "straight4", "collision_damage": 1, "no_refill_scope": "sled_and_wall"},
    {"deck_exhaust": "reshuffle_all", "elim_check": "immediate", "dent_supply": 20},
    {"bonus_after_stop": True, "bonus_blocked": "refuse_if_blocked", "end": "first_cross_round"},
])
def test_snow_tails_kernel_equals_engine_with_careful_drivers(options):
    """The careful agent looks ahead on clones of the kernel's state: still the engine's game."""
    game = load_game("snow_tails", **options)
    for seed in range(3):
        problem = kernels.compare(game, seed, ("careful",) * 4)
        assert problem is None, problem
    problem = kernels.compare(game, 11, ("careful", "random", "first", "careful"))
    assert problem is None, problem


def test_a_snow_tails_divergence_names_seed_and_ply():
    """The check can fail: a kernel whose careful drivers break ties with another seed parts."""
    game = load_game("snow_tails")
    real = kernels.kernel_module(game)

    class OffByOneSeed:
        AGENTS, EVENTS = real.AGENTS, real.EVENTS

        @staticmethod
        def play(game, seed, agents):
            return real.play(game, seed + 1, agents)   # chance and agents from the wrong seed

    problem = kernels.compare(game, 3, ("random",) * 4, kernel=OffByOneSeed)
    assert problem is not None and "seed 3" in problem and "ply " in problem

    class MiscountedDamage:
        AGENTS, EVENTS = real.AGENTS, real.EVENTS

        @staticmethod
        def play(game, seed, agents):
            out = real.play(game, seed, agents)
            out.counts["damage"] += 1
            return out

    problem = kernels.compare(game, 3, ("random",) * 4, kernel=MiscountedDamage)
    assert problem is not None and "event counts differ" in problem


@pytest.mark.parametrize("players", [2, 4, 5])
def test_wingsuit_kernel_equals_engine_for_every_seat_count(players):
    """Two seats bring the neutral dice (WS-VAR-2P-1), four and five the rear start sprint and
    the threshold of three colours (WS-VAR-45P-1/2): the kernel plays them as the engine does."""
    game = load_game("wingsuit", players=players)
    for seed in range(10):
        problem = kernels.compare(game, 200 + seed, ("random",) * players)
        assert problem is None, problem
    agents = ("careful", "first") + ("random",) * (players - 2)
    problem = kernels.compare(game, 3, agents)
    assert problem is None, problem


@pytest.mark.parametrize("options", [
    {"item_effects": "per_color_builtin", "blue_free_sprints": "mandatory", "cubes_per_color": 2},
    {"order_mode": "dynamic", "victim_loses_dice": False, "discard_cubes_to": "out_of_game"},
    {"cleanup_updraft": "optional", "cleanup_cards": "repeat",
     "cleanup_updraft_step": "before_cover"},
    {"sprint_window": "also_after_last_die", "item_window": "also_after_last_die", "max_rounds": 6},
    {"updraft_before_height": False, "crash_place_safety": "any", "distance": "hex_path"},
])
def test_wingsuit_kernel_equals_engine_under_combined_options(options):
    """Options that meet in the restated action phase, together (the generic test changes one)."""
    game = load_game("wingsuit", players=4, **options)
    for seed in range(6):
        problem = kernels.compare(game, seed, ("random",) * 4)
        assert problem is None, problem
    problem = kernels.compare(game, 1, ("careful", "random", "first", "random"))
    assert problem is None, problem


def test_a_wingsuit_divergence_names_seed_and_ply():
    """The check can fail: a kernel that miscounts crashes or plays another seed is caught."""
    game = load_game("wingsuit")
    real = kernels.kernel_module(game)

    class MiscountedCrashes:
        AGENTS, EVENTS = real.AGENTS, real.EVENTS

        @staticmethod
        def play(game, seed, agents):
            out = real.play(game, seed, agents)
            out.counts["crash"] += 1
            return out

    problem = kernels.compare(game, 4, ("random",) * 3, kernel=MiscountedCrashes)
    assert problem is not None and "event counts differ" in problem

    class OtherSeed:
        AGENTS, EVENTS = real.AGENTS, real.EVENTS

        @staticmethod
        def play(game, seed, agents):
            return real.play(game, seed + 1, agents)

    problem = kernels.compare(game, 4, ("random",) * 3, kernel=OtherSeed)
    assert problem is not None and "seed 4" in problem and "ply " in problem
