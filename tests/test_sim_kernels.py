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
    mod, why = kernels.kernel_for(load_game("aeroplane_chess"), ("careful",) * 4)
    assert mod is None and "careful" in why
    game = load_game("wingsuit", brave_identity="planned_hand", distinct_scope="per_group")
    mod, why = kernels.kernel_for(game, ("random",) * game.num_players)
    assert mod is None and "per_group" in why


@pytest.mark.parametrize("preset", ["family", "tournament"])
@pytest.mark.parametrize("options", [{"optional_effects": True}, {"stack_blocks": True},
                                     {"optional_effects": True, "stack_blocks": True}])
def test_the_aeroplane_chess_kernel_plays_optional_effects_and_blocking_stacks(preset, options):
    """AC-AMB-06 (every optional capture, jump and flight a decision of the mover) and AC-AMB-26
    (enemy stacks block the way): the designer review's readings the engine used to play."""
    game = load_game("aeroplane_chess", preset=preset, **options)
    mod, why = kernels.kernel_for(game, ("random",) * 4)
    assert mod is not None, why
    for seed in range(6):
        for agents in (("random",) * 4, ("first",) + ("random",) * 3):
            problem = kernels.compare(game, seed, agents, mod)
            assert problem is None, problem


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
    """The careful agent looks ahead on the kernel's state (replays, copies as fallback): still the engine's game."""
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


# ----- Aeroplane Chess: the compiled kernel against the engine -----

def _compiled(game_id):
    """The compiled kernel of ``game_id`` (skips without numba)."""
    pytest.importorskip("numba")
    kernel = kernels.kernel_module(load_game(game_id))
    assert isinstance(kernel, kernels.CompiledKernel) and kernel.implementation() == "numba"
    return kernel


def _ac_covered_games():
    """Both presets and every non-default option value the kernel covers, and 2 and 3 seats."""
    games = []
    for preset, options in _variants("aeroplane_chess"):
        game = _load("aeroplane_chess", preset, options)
        if game is not None and kernels.kernel_for(game, ("random",) * game.num_players)[0]:
            games.append(game)
    games += [load_game("aeroplane_chess", players=n) for n in (2, 3)]
    # readings that meet only in combination (stacks carried past the turn-off, bounces)
    games.append(load_game("aeroplane_chess", preset="tournament", teammate_overrun="refuse",
                           max_jumps_per_move="unlimited", tour_capture_mode="pass_and_land"))
    games.append(load_game("aeroplane_chess", preset="tournament", launch_moves_steps="roll-1",
                           finished_player="roll_for_partner", capture_on_fly_path=True,
                           six_bonus="one_per_six", overshoot="exact_only"))
    # the dashed line crosses the opposite colour's home column: an enemy only in the family game
    games.append(load_game("aeroplane_chess", jump_fly="on", capture_on_fly_path=True,
                           max_jumps_per_move="unlimited", launch_moves_steps="roll-1"))
    games.append(load_game("aeroplane_chess", players=3, capture_mode="pass_and_land",
                           play_for_places=True, three_sixes_penalty="on", launch_rolls="6",
                           captured_to="base", bonus_roll_on_finish=True))
    # optional effects (AC-AMB-06) and blocking stacks (AC-AMB-26) with the rarer readings
    games.append(load_game("aeroplane_chess", preset="tournament", optional_effects=True,
                           stack_blocks=True, teammate_overrun="refuse",
                           max_jumps_per_move="unlimited", tour_capture_mode="pass_and_land"))
    games.append(load_game("aeroplane_chess", preset="tournament", optional_effects=True,
                           stack_blocks=True, launch_moves_steps="roll-1",
                           finished_player="roll_for_partner", capture_on_fly_path=True))
    games.append(load_game("aeroplane_chess", optional_effects=True, stack_blocks=True,
                           jump_fly="on", capture_on_fly_path=True, launch_moves_steps="roll-1",
                           capture_mode="pass_and_land", players=3))
    return games


def test_compiled_aeroplane_chess_kernel_equals_the_engine():
    kernel = _compiled("aeroplane_chess")
    games = _ac_covered_games()
    assert len(games) > 25
    for i, game in enumerate(games):
        for seed in range(3):
            problem = kernels.compare(game, 1000 * i + seed, ("random",) * game.num_players, kernel)
            assert problem is None, problem
        problem = kernels.compare(game, 7, ("first",) + ("random",) * (game.num_players - 1), kernel)
        assert problem is None, problem


AC_ROLLOUT_GAMES = [("family", 2, {}), ("family", 4, {}), ("tournament", 4, {}),
                    ("family", 4, {"play_for_places": True, "optional_effects": True}),
                    ("tournament", 4, {"six_bonus": "chained_giftable", "optional_effects": True,
                                       "stack_blocks": True}),
                    ("family", 3, {"turn_limit": 6, "three_sixes_penalty": "on"})]


@pytest.mark.parametrize("preset,players,options", AC_ROLLOUT_GAMES)
def test_aeroplane_chess_kernel_finishes_a_game_from_any_roll_as_the_engine_does(preset, players,
                                                                                  options):
    """Issue 21 (MCTS rollouts on the kernel): from rolls of random games under way, the compiled
    loop and the rules engine play the rest with the same numbers to the same plies and the
    same ranking (the turn limit, places taken, runs of sixes and gifts carried over)."""
    import random
    np = pytest.importorskip("numpy")
    _compiled("aeroplane_chess")
    from racekit.games.aeroplane_chess import finish, kernel_jit
    game = load_game("aeroplane_chess", preset=preset, players=players, **options)
    checked = 0
    for seed in range(6):
        rng, nr = random.Random(seed), np.random.RandomState(seed)
        state = game.new_initial_state(record_events=False)
        while not state.is_terminal():
            if kernel_jit.at_roll(state) and rng.random() < 0.25:
                du, au = nr.uniform(size=state.ply + 40), nr.uniform(size=state.ply + 40)
                more = lambda d, a: (np.concatenate((d, nr.uniform(size=64))),   # noqa: E731
                                     np.concatenate((a, nr.uniform(size=64))))
                tail, view, du, au = kernel_jit.rollout(game, state, du, au, more=more)
                assert tail == kernel_jit.engine_rollout(state, du, au), (seed, state.ply)
                end = state.clone()
                for a in tail:
                    end.apply_action(a)
                assert end.is_terminal() and finish.ranking(view) == end.ranking()
                checked += 1
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 15
    with pytest.raises(ValueError, match="starts at a roll"):
        kernel_jit.rollout(game, _to_a_move(game), np.zeros(10), np.zeros(10))


def _to_a_move(game):
    state = game.new_initial_state(record_events=False)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])   # the bonus face: a plane may launch
    return state


@pytest.mark.parametrize("preset,players", [("family", 2), ("family", 4), ("tournament", 4)])
def test_aeroplane_chess_kernel_plays_the_turn_limit(preset, players):
    """The turn_limit option (not a rule: it ends the game with the ranking so far) is played
    by the compiled loop as by the engine."""
    kernel = _compiled("aeroplane_chess")
    for limit in (1, 3, 12):
        game = load_game("aeroplane_chess", preset=preset, players=players, turn_limit=limit)
        assert kernels.kernel_for(game, ("random",) * players)[0] is kernel
        for seed in range(8):
            problem = kernels.compare(game, seed, ("random",) * players, kernel)
            assert problem is None, problem


def test_numba_kernel_asks_for_more_chance_numbers_and_plays_the_same_game():
    pytest.importorskip("numba")
    from racekit.games.aeroplane_chess import kernel_jit
    game = load_game("aeroplane_chess", preset="tournament")
    agents = ("random",) * 4
    for seed in range(5):
        short = kernel_jit.play(game, seed, agents, kernels.MAX_PLIES, blocks=1)   # 64 plies first
        assert short[0] == kernels.engine_playout(game, seed, agents, events=False).history
    with pytest.raises(RuntimeError, match="no end within 50 plies"):
        kernel_jit.play(game, 3, agents, 50)


def test_import_racekit_does_not_import_numba():
    import subprocess
    import sys
    code = "import sys, racekit; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("game_id", ["aeroplane_chess", "wingsuit", "leaf_marathon"])
def test_without_numba_the_engine_plays_with_the_same_columns(monkeypatch, game_id):
    """No pure-Python restatement: without numba the engine plays the same games, and counts
    the same event kinds (declared in the game's text module)."""
    pd = pytest.importorskip("pandas")
    from racekit.sim.simulate import simulate
    game = load_game(game_id)
    with_numba = simulate(game, 3, workers=1, progress=False)
    package = game.game_type.package
    monkeypatch.setitem(kernels._COMPILED, package, "numba not importable: (test)")
    kernel, why = kernels.kernel_for(game, ("random",) * game.num_players)
    assert kernel is None and "numba not importable" in why and "engine plays" in why
    assert kernels.event_kinds(game) == kernels.CompiledKernel(
        __import__(f"{package}.kernel_jit", fromlist=["x"])).EVENTS
    without = simulate(game, 3, workers=1, progress=False)
    assert set(without["played_by"]) == {"engine"} and without.attrs["kernel_check"] == ""
    same = [c for c in with_numba.columns if c not in ("played_by", "implementation")]
    assert list(without.columns) == list(with_numba.columns)
    pd.testing.assert_frame_equal(without[same], with_numba[same])


def test_no_pure_python_kernel_beside_a_compiled_one():
    from pathlib import Path

    import racekit
    games = Path(racekit.__file__).parent / "games"
    compiled = sorted(p.parent.name for p in games.glob("*/kernel_jit.py"))
    assert compiled == ["aeroplane_chess", "leaf_marathon", "wingsuit"]
    assert not [name for name in compiled if (games / name / "kernel.py").exists()]


def test_warm_up_plays_every_kernel_and_names_its_implementation():
    lines = kernels.warm_up()
    which = kernels.kernel_module(load_game("aeroplane_chess")).implementation()
    assert f"aeroplane_chess: kernel ({which})" in lines
    assert len(lines) == len(KERNEL_GAMES)
@pytest.mark.parametrize("players", [2, 4, 5])
def test_wingsuit_kernel_equals_engine_for_every_seat_count(players):
    """Two seats bring the neutral dice (WS-VAR-2P-1), four and five the rear start sprint and
    the threshold of three colours (WS-VAR-45P-1/2): the kernel plays them as the engine does."""
    game = load_game("wingsuit", players=players)
    for seed in range(10):
        problem = kernels.compare(game, 200 + seed, ("random",) * players)
        assert problem is None, problem
    agents = ("first", "first") + ("random",) * (players - 2)
    problem = kernels.compare(game, 3, agents)
    assert problem is None, problem
    kernel, why = kernels.kernel_for(game, ("careful",) + agents[1:])
    assert kernel is None and "careful" in why   # the engine plays the careful agent


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
    problem = kernels.compare(game, 1, ("first", "random", "first", "random"))
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


# ----- Wingsuit Flight: the compiled kernel against the engine -----

def _ws_implementation(name="numba", **hooks):
    """The compiled Wingsuit kernel as a kernel stand-in (``hooks``: keyword arguments of
    ``CompiledKernel.play``, e.g. a forced bail-out)."""
    kernel = _compiled("wingsuit")

    class Implementation:
        AGENTS, EVENTS = kernel.AGENTS, kernel.EVENTS

        @staticmethod
        def play(game, seed, agents):
            return kernel.play(game, seed, agents, **hooks)
    return Implementation


def _ws_option_games():
    """Every preset and non-default option value, and readings that meet only in combination."""
    games = []
    for preset, options in _variants("wingsuit"):
        game = _load("wingsuit", preset, options)
        if game is not None:
            games.append(game)
    games += [
        load_game("wingsuit", players=4, item_effects="per_color_builtin",
                  blue_free_sprints="mandatory", cubes_per_color=2),
        load_game("wingsuit", players=4, victim_loses_dice=False, discard_cubes_to="out_of_game"),
        load_game("wingsuit", players=4, sprint_window="also_after_last_die",
                  item_window="also_after_last_die", max_rounds=6),
        load_game("wingsuit", players=4, updraft_before_height=False, crash_place_safety="any",
                  distance="hex_path"),
        load_game("wingsuit", players=2, cleanup_cards="repeat", cover_fallback="ignore_colour_rule",
                  two_player_neutral="off", distinct_scope="per_group"),
        load_game("wingsuit", players=5, sprint_window="between_dice", item_window="between_dice",
                  rear_sprint_dirs="forward_sides", count_conditional_arrows=False),
        load_game("wingsuit", players=4, order_mode="dynamic", cleanup_updraft="optional",
                  cleanup_updraft_step="before_cover", cleanup_cards="repeat"),
        load_game("wingsuit", players=3, cover_mode="physical_two",
                  boundary_card_for_cleanup="upper", cover_fallback="ignore_colour_rule"),
        load_game("wingsuit", players=4, brave_identity="planned_hand", cubes_per_color=9,
                  item_effects="per_color_builtin"),
    ]
    return games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_compiled_wingsuit_kernel_equals_the_engine_for_every_seat_count(players):
    """Many seeds with random agents, and first-legal agents alone and mixed with random."""
    kernel = _ws_implementation()
    game = load_game("wingsuit", players=players)
    for seed in range(40):
        problem = kernels.compare(game, 300 + seed, ("random",) * players, kernel)
        assert problem is None, problem
    for seed in range(3):
        problem = kernels.compare(game, seed, ("first",) * players, kernel)
        assert problem is None, problem
        problem = kernels.compare(game, seed, ("first",) + ("random",) * (players - 1), kernel)
        assert problem is None, problem


def test_compiled_wingsuit_kernel_equals_the_engine_under_every_option():
    """The compiled loop under every option value (it claims them all)."""
    from racekit.games.wingsuit import kernel_jit
    kernel = _ws_implementation()
    games = _ws_option_games()
    for i, game in enumerate(games):
        assert kernel_jit.supports(game) is None
        for seed in range(3):
            problem = kernels.compare(game, 1000 * i + seed, ("random",) * game.num_players, kernel)
            assert problem is None, problem
        problem = kernels.compare(game, 7, ("first",) + ("random",) * (game.num_players - 1), kernel)
        assert problem is None, problem
    assert len(games) > 40


def test_compiled_wingsuit_kernel_bails_out_and_the_replay_is_exact():
    """A bail-out at any ply (the test hook stands in for the rare placements the loop leaves
    to the engine, WS-AMB-14): the game is replayed by the engine, the same game, and the
    bail-out is counted."""
    from racekit.games.wingsuit import kernel_jit
    kernel = _compiled("wingsuit")
    for players in (2, 3, 5):
        game = load_game("wingsuit", players=players)
        agents = ("random",) * players
        for k in (0, 9 + players, 40, 150, 10 ** 6):
            forced = _ws_implementation("numba", bail_at=k)
            before = kernel.bailed
            for seed in (2, 5):
                problem = kernels.compare(game, seed, agents, forced)
                assert problem is None, problem
            assert kernel.bailed - before == (0 if k == 10 ** 6 else 2)   # past the end: none
            code, st, _ = kernel_jit.play(game, 5, agents, kernels.MAX_PLIES, bail_at=k)
            assert (st is None) == (k < 10 ** 6)
            if st is None:
                assert code == kernel_jit.BAIL_FORCED
    assert "games replayed by the engine" in kernel.bail_note()


@pytest.mark.parametrize("players, seed, clause", [
    (3, 364, "WS-ITEM-2"), (2, 216, "WS-ITEM-2"), (5, 190, "WS-ITEM-2"),   # three cubes, two colours
    (5, 15, "WS-CRASH-4"), (5, 18, "WS-CRASH-4"),   # no free reset half-hex: a hex next to one
])
def test_compiled_wingsuit_kernel_plays_the_rarer_rules_without_bailing_out(players, seed, clause):
    """Seeds whose games meet a cube return with a choice of colour or a placement next to
    the reset half-hexes (the engine's events say so): the compiled loop plays them itself."""
    pytest.importorskip("numba")
    from racekit.core.replay import replay
    from racekit.games.wingsuit import actions as A
    from racekit.games.wingsuit import kernel_jit
    game = load_game("wingsuit", players=players)
    agents = ("random",) * players
    history, st, _counts = kernel_jit.play(game, seed, agents, kernels.MAX_PLIES)
    assert st is not None   # no bail-out
    problem = kernels.compare(game, seed, agents, _ws_implementation())
    assert problem is None, problem
    if clause == "WS-ITEM-2":   # the holder chose the colour: a return action in the history
        assert any(A.RETURN <= a < A.RETURN + 3 for a in history)
    else:
        events = replay(game, history, record_events=True).events
        assert any(e.kind == "placed" and clause in e.clauses for e in events)


def test_compiled_wingsuit_kernel_asks_for_more_numbers_and_plays_the_same_game():
    pytest.importorskip("numba")
    from racekit.games.wingsuit import kernel_jit
    game = load_game("wingsuit")
    agents = ("random",) * 3
    for seed in range(4):
        history, _st, _counts = kernel_jit.play(game, seed, agents, kernels.MAX_PLIES, blocks=1)
        assert history == kernels.engine_playout(game, seed, agents, events=False).history
    with pytest.raises(RuntimeError, match="no end within 50 plies"):
        kernel_jit.play(game, 3, agents, 50)


def test_warm_up_compiles_the_wingsuit_kernel():
    which = kernels.kernel_module(load_game("wingsuit")).implementation()
    assert f"wingsuit: kernel ({which})" in kernels.warm_up()


def test_compiled_wingsuit_kernel_with_a_card_file_of_cost_rows_and_unknown_icons(tmp_path,
                                                                                 monkeypatch):
    """A card set of one's own: item costs on a given row (cost_visible = specific_row,
    WS-AMB-21) and an IF with a condition the kit does not know (unknown_icon = ignore: it
    never holds, WS-AMB-03), played by the compiled loop as by the engine."""
    from racekit.games.wingsuit import kernel_jit
    from racekit.games.wingsuit.cards import kit_path
    monkeypatch.chdir(tmp_path)   # a card-set file is a relative path (racekit.core.content)
    parts = kit_path().read_text(encoding="utf-8").split("    item_effect:")
    text = parts[0] + "".join(f"    cost_row: {i % 2}\n    item_effect:" + part
                              for i, part in enumerate(parts[1:]))
    text = text.replace('if: "alt_at_least(3)"', 'if: "windy"', 1)
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    kernel = _ws_implementation()
    for players in (3, 4):
        game = load_game("wingsuit", players=players, cardset="cards.yaml", unknown_icon="ignore",
                         cost_visible="specific_row")
        assert kernel_jit.supports(game) is None
        for seed in range(8):
            problem = kernels.compare(game, seed, ("random",) * players, kernel)
            assert problem is None, problem


def test_the_wingsuit_kernel_places_a_crash_on_a_half_hex_as_high_as_the_new_altitude(
        tmp_path, monkeypatch):
    """A card set whose reset half-hexes are higher than the kit's (a file of one's own may, with
    a warning): heights 2, 3 and 4 stand one below, equal to and one above the new altitudes 3
    and 4 of a crash. Under safe_first a hex exactly as high as the new altitude is a candidate
    and a higher one is not (WS-CRASH-1, WS-AMB-14; WS-BND-01 pins the engine). The compiled
    kernel lists the engine's candidates, so the random agents choose alike and the games are
    equal; it places the 3-player games' crashes itself (a wrong candidate list would leave it
    none and hand the game back to the engine, which would hide the fault)."""
    pytest.importorskip("numba")
    from racekit.core.replay import replay
    from racekit.games.wingsuit.cards import kit_path
    monkeypatch.chdir(tmp_path)
    raised = '\n      "0,0": {h: 2}\n      "2,0": {h: 3}\n      "4,0": {h: 4}\n      "6,0": {h: 3}'
    text = kit_path().read_text(encoding="utf-8").replace(
        '\n      "1,1": {start: rear}', raised + '\n      "1,1": {start: rear}')
    assert text.count('"4,0": {h: 4}') == 9
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    compiled = _compiled("wingsuit")
    kernel = _ws_implementation()
    placed = set()   # (column, new altitude) of every placement on a reset half-hex
    for players, seed in ((3, 0), (3, 3), (5, 0), (5, 2)):   # short games: crashes are many
        game = load_game("wingsuit", players=players, cardset="cards.yaml")
        agents = ("random",) * players
        bailed = compiled.bailed
        problem = kernels.compare(game, seed, agents, kernel)
        assert problem is None, problem
        if players == 3:   # the compiled loop placed them itself
            assert compiled.bailed == bailed
        history = kernel.play(game, seed, agents).history
        for e in replay(game, history, record_events=True).events:
            if e.kind == "placed":
                c, y = map(int, e.data["at"].split(","))
                if y % 8 == 0 and c % 2 == 0:
                    placed.add((c, e.data["altitude"]))
    assert {(2, 3), (6, 3), (4, 4)} <= placed    # equal heights were candidates and were taken
    assert (4, 3) not in placed                  # one above never is


def test_compiled_wingsuit_kernel_bails_out_where_the_order_of_two_dice_would_matter():
    """brave_identity = planned_hand with distinct_scope = per_group: a seat may have two dice
    in one cell, planned in different hands; which one it takes is the engine's list order,
    which the compiled loop does not keep. It declines that combination (most games would
    bail out), and where it is made to play one anyway, it bails out there."""
    from racekit.games.wingsuit import kernel_jit
    game = load_game("wingsuit", players=2, brave_identity="planned_hand", distinct_scope="per_group")
    agents = ("random",) * 2
    assert "per_group" in kernel_jit.supports(game)
    codes = [kernel_jit.play(game, seed, agents, kernels.MAX_PLIES)[0] for seed in range(20)]
    bailed = [seed for seed, code in enumerate(codes) if code == kernel_jit.BAIL_DICE]
    played = [seed for seed, code in enumerate(codes) if isinstance(code, list)]
    assert bailed and played
    for seed in bailed[:3] + played[:3]:
        if seed in played:   # where the loop played it, the game is the engine's
            assert codes[seed] == kernels.engine_playout(game, seed, agents, events=False).history
    assert kernels.kernel_for(game, agents)[0] is None   # the engine plays these settings


def test_compiled_wingsuit_kernel_declines_a_cell_with_more_icons_than_it_holds(tmp_path,
                                                                               monkeypatch):
    """A card file whose cell holds more icons than the compiled loop's token rows (a file
    of one's own may, with a warning): that game is played by the engine."""
    from racekit.games.wingsuit import kernel_jit
    from racekit.games.wingsuit.cards import kit_path
    monkeypatch.chdir(tmp_path)
    long_if = '{if: "alt_at_most(4)", then: ["N", "N", "N"]}'
    text = kit_path().read_text(encoding="utf-8").replace(
        'cautious: ["N"], brave: ["N", "N", "N"]',
        'cautious: ["N"], brave: [' + ", ".join([long_if] * 7) + "]", 1)
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    game = load_game("wingsuit", cardset="cards.yaml")
    assert "more icons" in kernel_jit.supports(game)
    kernel, why = kernels.kernel_for(game, ("random",) * 3)
    assert kernel is None and "more icons" in why


@pytest.mark.parametrize("game_id", ["wingsuit", "leaf_marathon", "aeroplane_chess"])
def test_compiled_kernels_say_no_end_where_the_engine_does_at_exactly_max_plies(game_id):
    """A game that ends on its max_plies-th ply: the engine's playout has not seen the end
    within max_plies plies and raises NoEndError; the compiled loop says the same (it used to
    return the game for Wingsuit and Aeroplane Chess). One ply more, all three play it out."""
    pytest.importorskip("numba")
    from racekit.core.errors import NoEndError
    game = load_game(game_id)
    agents = ("random",) * game.num_players
    mod = kernels.kernel_module(game)
    jit = mod.jit
    plies = kernels.engine_playout(game, 0, agents, mod.EVENTS).plies
    with pytest.raises(NoEndError) as ref:
        kernels.engine_playout(game, 0, agents, mod.EVENTS, max_plies=plies)
    with pytest.raises(NoEndError) as fast:
        jit.play(game, 0, agents, plies)
    assert str(fast.value) == str(ref.value)
    assert len(jit.play(game, 0, agents, plies + 1)[0]) == plies


def test_compiled_wingsuit_kernel_refuses_fewer_agents_than_seats():
    pytest.importorskip("numba")
    game = load_game("wingsuit", players=4)
    with pytest.raises(ValueError, match="3 agents for 4 seats"):
        _compiled("wingsuit").play(game, 0, ("random",) * 3)


def test_compiled_aeroplane_chess_kernel_refuses_fewer_agents_than_seats():
    """numba does not check array bounds: the loop used to read past the agents' array."""
    pytest.importorskip("numba")
    game = load_game("aeroplane_chess", players=4)
    with pytest.raises(ValueError, match="2 agents for 4 seats"):
        _compiled("aeroplane_chess").play(game, 0, ("random",) * 2)
