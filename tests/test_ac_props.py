"""Aeroplane Chess property tests: random playouts keep every invariant."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racekit.core.game import load_game
from racekit.core.scenarios import run_scenario, scenario_paths
from racekit.games.aeroplane_chess.state import AeroplaneState

MAX_PLIES = 20000      # a generous bound: 200 random games end within ~2600 plies

OPTION_CHOICES = {
    "capture_mode": ["land", "pass_and_land", "none"],
    "tour_capture_mode": ["land", "pass_and_land"],
    "overshoot": ["bounce", "exact_only"],
    "optional_effects": [False, True],
    "captured_to": ["preset", "takeoff", "base"],
    "six_bonus": ["preset", "none", "one_per_six", "chained_giftable"],
    "bonus_roll_on_finish": [False, True],
    "finished_player": ["skip", "roll_for_partner"],
    "capture_on_fly_path": [False, True],
    "jump_fly": ["preset", "on", "off"],
    "play_for_places": [False, True],
    "three_sixes_penalty": ["off", "on"],
    "launch_moves_steps": [0, "roll-1"],
    "max_jumps_per_move": [1, "unlimited"],
    "stack_blocks": [False, True],
    "teammate_overrun": ["refuse", "new_lap"],
    "launch_rolls": ["preset", "none", "5,6", "6", "even"],
}


@st.composite
def configs(draw):
    preset = draw(st.sampled_from(["family", "tournament"]))
    players = 4 if preset == "tournament" else draw(st.integers(2, 4))
    opts = {}
    for name in draw(st.lists(st.sampled_from(sorted(OPTION_CHOICES)), max_size=6, unique=True)):
        opts[name] = draw(st.sampled_from(OPTION_CHOICES[name]))
    return preset, players, opts, draw(st.integers(0, 2**31))


def check_invariants(s):
    b = s.b
    n = s.game.num_players
    assert len(s.pos) == 4 * n                                    # every plane accounted for
    by_square = {}
    for p, v in enumerate(s.pos):
        assert -1 - b.pre_len <= v <= b.finish
        if b.on_loop(v):
            by_square.setdefault(b.sq[p >> 2][v], set()).add(s.r.side[p >> 2])
    if not s.r.optional and (s.r.tour or s.r.capture != "none"):
        # captures leave at most one side (family: one player) on any loop square
        assert all(len(sides) == 1 for sides in by_square.values())
    if not s.is_terminal():
        assert s.is_chance_node() or s.legal_actions()


def random_game(game, seed, record):
    rng = random.Random(seed)
    s = AeroplaneState(game, record_events=record)
    plies = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            a = rng.choice(outcomes)[0]
        else:
            a = rng.choice(s.legal_actions())
        s.apply_action(a)
        plies += 1
        if record:
            check_invariants(s)
        assert plies < MAX_PLIES
    return s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
def test_random_playouts_keep_invariants_and_replay(cfg):
    preset, players, opts, seed = cfg
    game = load_game("aeroplane_chess", players=players, preset=preset, **opts)
    s = random_game(game, seed, record=True)
    assert s.is_terminal()
    ranking = s.ranking()
    assert sorted(x for place in ranking for x in place) == list(range(players))
    ret = s.returns()
    assert abs(sum(ret)) < 1e-9 and max(ret) == ret[ranking[0][0]] > 0
    assert all(v < 1.0 for seat, v in enumerate(ret) if [seat] != ranking[0])
    # the same actions give an identical snapshot, also through a fast (event-free) state
    for record in (True, False):
        r = AeroplaneState(game, record_events=record)
        for a in s.history():
            r.apply_action(a)
        assert json.dumps(r.snapshot(), sort_keys=True) == json.dumps(s.snapshot(), sort_keys=True)
    # cloning mid-game and replaying the rest gives the same end
    h = s.history()
    mid = AeroplaneState(game)
    for a in h[: len(h) // 2]:
        mid.apply_action(a)
    c = mid.clone()
    for a in h[len(h) // 2:]:
        c.apply_action(a)
    assert c.snapshot() == s.snapshot() and mid.ply == len(h) // 2


def test_fast_playouts():
    """Event-free playouts are fast enough for teaching-size simulations."""
    import time
    game = load_game("aeroplane_chess", preset="tournament")
    t = time.perf_counter()
    for seed in range(20):
        random_game(game, seed, record=False)
    assert time.perf_counter() - t < 10


def test_all_shipped_scenarios_pass():
    paths = scenario_paths("aeroplane_chess")
    assert len(paths) >= 30
    failures = [r.line() for r in map(run_scenario, paths) if not r.passed]
    assert not failures, "\n".join(failures)
    ids = {p.stem for p in paths}
    assert {f"AC-SCN-{k:02d}" for k in range(1, 21)} <= ids
