"""The designer review (racekit.sim.designer): play order, completion, verdicts that hold."""
import json

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("statsmodels")

from racekit.sim import designer, stats  # noqa: E402
from racekit.sim.simulate import completion_table, position_table, simulate  # noqa: E402

import planted_game  # noqa: E402  (tests/ is on sys.path: conftest.py)


@pytest.fixture(scope="module")
def planted():
    planted_game.register()
    return planted_game.GAME_ID


def test_simulate_records_the_play_order_and_the_winners_place_in_it():
    df = simulate("snow_tails", 24, seed=4, workers=1, progress=False, events=False)
    for row in df.itertuples():
        order = [int(s) for s in row.play_order.split(",")]
        assert sorted(order) == [0, 1, 2, 3] and order[0] == row.first_player
        won = json.loads(row.ranking)[0] if row.winner else []
        assert row.winner_position == (min(order.index(s) + 1 for s in won) if won else 0)
    # the start player is drawn at random: not always the same seat
    assert df["first_player"].nunique() > 1
    assert set(df["outcome"]) <= {"winner", "shared", "no_winner", "guard"}
    assert ((df["outcome"] == "no_winner") == (df["winner"] == "")).all()


def test_play_order_of_snow_tails_is_round_ones_order():
    import racekit
    from racekit.core.replay import replay
    from racekit.sim import playorder
    from racekit.sim.kernels import engine_playout
    game = racekit.load_game("snow_tails")
    out = engine_playout(game, 11, ("random",) * 4, events=True)
    state = replay(game, out.history)
    first_round = next(e for e in state.events if e.kind == "round_start")
    assert playorder.play_order(game, out.history) == list(first_round.data["order"])


def test_fixed_start_players_are_named():
    import racekit
    from racekit.sim import playorder
    assert playorder.fixed_start(racekit.load_game("aeroplane_chess", preset="tournament"))
    assert playorder.fixed_start(racekit.load_game("aeroplane_chess", preset="family")) is None
    assert playorder.fixed_start(racekit.load_game("wingsuit"))
    assert playorder.fixed_start(racekit.load_game("snow_tails")) is None
    assert playorder.fixed_start(racekit.load_game("leaf_marathon")) is None
    tour = simulate("aeroplane_chess", 8, preset="tournament", workers=1, progress=False)
    assert (tour["first_player"] == 0).all()
    assert set(tour["outcome"]) == {"winner"}          # partners winning together: one side


def test_position_table_counts_finished_games_against_the_fair_share(planted):
    df = simulate(planted, 300, seed=1, workers=1, progress=False, options={"head_start": 3})
    table = position_table(df)
    first = table.loc[1]
    assert first.finished == 300 and first.fair_share == pytest.approx(0.25)
    assert first.ci_low > 0.25 and first.p_fair < 0.001     # the planted head start shows
    assert table["wins"].sum() == 300
    comp = completion_table(df)
    assert comp.loc["winner", "games"] == 300 and comp["games"].sum() == 300


def test_stats_come_from_the_libraries():
    lo, hi = stats.proportion_interval(5, 10)
    assert (lo, hi) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    same = stats.paired([0, 0, 0, 0])
    assert (same["low"], same["high"], same["p"]) == (0.0, 0.0, 1.0)
    d = stats.paired([1, 0, 0, 0, -1, 1, 0, 1], 0.95)
    assert d["low"] < d["mean"] < d["high"]
    reject, adjusted = stats.holm([0.01, 0.04, 0.03], 0.05)
    assert reject == [True, False, False] and adjusted[0] == pytest.approx(0.03)
    assert stats.equivalence_pvalue(np.zeros(10), 0.03) == 0.0
    assert designer.looks(200, 1000) == [200, 400, 800, 1000]


def test_the_review_confirms_a_planted_first_player_effect_and_never_flags_a_null(planted):
    readings = {"head_start=3": {"head_start": 3}, "itself": {},
                "colour_scheme=bright": {"colour_scheme": "bright"}}
    result = designer.review_game(planted, readings=readings, seed=7, first_round=100,
                                  budget=400, baseline=400, workers=1, progress=False)
    lines = {row.reading: row.line for row in result.verdicts.itertuples()}
    assert lines["head_start=3"].startswith("head_start=3 changes the first player's edge by +")
    assert "confirmed on" in lines["head_start=3"]
    for name in ("itself", "colour_scheme=bright"):
        assert lines[name].startswith(f"{name} no change beyond ±3 points"), lines[name]
        assert "game length: no change beyond ±3% (" in lines[name]
    text = result.text()
    assert "Holm's correction at 5% across the review's 6 verdicts" in text
    assert "first player: " in text and "of finished games (fair 25.0%)" in text


def test_a_review_reloads_from_parquet_without_playing(planted, tmp_path):
    result = designer.review_game(planted, readings={"itself": {}}, seed=2, first_round=50,
                                  budget=100, baseline=100, workers=1, progress=False)
    path = tmp_path / "r.parquet"
    result.to_parquet(path)
    again = designer.Review.from_parquet(path)
    assert again.lines() == result.lines()
    assert again.settings["threshold"] == 3.0 and len(again.games) == len(result.games)
    assert isinstance(again.games["seed"].iloc[0], int)


def _judged(y, x, n: int, level: float):
    """designer.judge as the review calls it: the reading's first ``n`` games ``y`` against
    their paired baseline games and the rest of a baseline :data:`designer.AHEAD` times as long."""
    ci = stats.controlled(y[:n], x[:n], x[n:designer.AHEAD * n], level)
    return designer.judge(y[:n] - x[:n], 3.0, level, 100, ci=ci)


def _synthetic_review(rng, readings: int, n_max: int, effect=0.0):
    """The review's own decision rules (designer.judge, designer.confirm, Holm) on synthetic
    paired wins, a cheap stand-in for a game: each reading's games are independent draws, a
    null reading that changes every game unless ``effect`` (win-rate points / 100)."""
    sizes = designer.looks(100, n_max)
    levels = designer.round_levels(sizes, 2 * readings)
    claims = []
    for _ in range(readings):
        base = 100.0 * (rng.random(designer.AHEAD * n_max) < 0.3)
        other = 100.0 * (rng.random(n_max) < 0.3 + effect)
        for n, level in zip(sizes, levels):
            kind, ci = _judged(other, base, n, level)
            if kind == "candidate":
                k = designer.FRESH * n
                fresh = (rng.random(k) < 0.3 + effect).astype(float) - (rng.random(k) < 0.3)
                claims.append(designer.confirm(100 * fresh, ci["mean"])[1])
            if kind is not None:
                break
        if kind != "candidate":
            claims.append(1.0)
    reject, _ = stats.holm(claims + [1.0] * readings, 0.05)    # + the length verdicts
    return any(reject)


def _false_same(rng, readings: int, n_max: int, effect: float, share: float = 0.1) -> bool:
    """The review's rules on synthetic readings that change ``share`` of the games (their
    winner drawn afresh), by ``effect`` points on average: is any called "no change beyond ±3"?"""
    sizes = designer.looks(200, n_max)
    weights = designer.spending(sizes)
    levels = designer.round_levels(sizes, readings)
    claims = []
    for _ in range(readings):
        base = 100.0 * (rng.random(designer.AHEAD * n_max) < 0.3)
        changed = rng.random(n_max) < share
        other = np.where(changed, 100.0 * (rng.random(n_max) < 0.3 + effect / share / 100),
                         base[:n_max])
        p = 1.0
        for n, w, level in zip(sizes, weights, levels):
            kind, ci = _judged(other, base, n, level)
            if kind is not None:
                p = min(1.0, ci["p_same"] / w) if kind == "same" else 1.0
                break
        claims.append(p)
    return any(stats.holm(claims, 0.05)[0])


def test_the_error_of_a_verdict_is_spent_over_its_rounds_in_proportion_to_their_games():
    sizes = designer.looks(200, 6400)
    weights = designer.spending(sizes)
    assert sum(weights) == pytest.approx(1.0) and weights == sorted(weights)
    assert weights[-1] == pytest.approx(6400 / 12600)
    levels = designer.round_levels(sizes, 52)
    assert levels[-1] == pytest.approx(1 - 2 * 0.05 * 6400 / 12600 / 52)
    # the last round's interval is narrower than an even split over the 6 rounds allowed
    assert levels[-1] < 1 - 0.05 / (52 * 6)
    # no-change claims stay within the stated level: readings just outside the threshold that
    # change one game in ten, or every game
    rng = np.random.default_rng(20)
    assert sum(_false_same(rng, readings=4, n_max=6400, effect=3.3) for _ in range(40)) <= 2
    assert sum(_false_same(rng, readings=4, n_max=6400, effect=3.3, share=1.0)
               for _ in range(40)) <= 2
    # and a reading that changes nothing on average is called so at the last round
    rng = np.random.default_rng(21)
    assert sum(_false_same(rng, readings=1, n_max=6400, effect=0.0) for _ in range(10)) >= 8


def test_the_rest_of_the_baseline_narrows_a_reading_that_changes_every_game():
    """stats.controlled: the paired games and the rest of a baseline AHEAD times as long. A
    reading that draws every game afresh gets about sqrt(1 + 1/AHEAD) / sqrt(2) of the paired
    interval; one that changes few games keeps the paired one; both cover the truth."""
    rng = np.random.default_rng(5)
    n = 2000
    wide, covered = [], 0
    for _ in range(200):
        base = 100.0 * (rng.random(designer.AHEAD * n) < 0.3)
        other = 100.0 * (rng.random(n) < 0.33)                      # +3 points, every game anew
        ci = stats.controlled(other, base[:n], base[n:], 0.95)
        wide.append(ci["half"] / stats.paired(other - base[:n], 0.95)["half"])
        covered += ci["low"] <= 3.0 <= ci["high"]
    ratio = (1 + 1 / designer.AHEAD) ** 0.5 / 2 ** 0.5
    assert np.mean(wide) == pytest.approx(ratio, abs=0.02) and covered >= 180
    base = 100.0 * (rng.random(designer.AHEAD * n) < 0.3)
    other = base[:n].copy()
    other[:20] = 100.0 - other[:20]                                   # 1% of the games changed
    ci = stats.controlled(other, base[:n], base[n:], 0.95)
    assert ci["c"] > 0.95
    assert ci["half"] == pytest.approx(stats.paired(other - base[:n], 0.95)["half"], rel=0.1)


def test_false_flags_stay_below_the_stated_level_across_many_seeded_reviews():
    rng = np.random.default_rng(18)
    flagged = sum(_synthetic_review(rng, readings=4, n_max=800) for _ in range(40))
    assert flagged / 40 <= 0.05
    rng = np.random.default_rng(19)      # and the same rule does see a real 15-point change
    assert sum(_synthetic_review(rng, readings=1, n_max=800, effect=0.15) for _ in range(10)) >= 9


def test_the_stored_reviews_are_what_the_engine_plays_today():
    """notebooks/review/ (racekit review --all) against a fresh small run of the same settings."""
    from racekit.paths import checkout_folder
    folder = checkout_folder("notebooks/review")
    paths = sorted(folder.glob("*.parquet"))
    if not paths:
        pytest.skip("no stored reviews (racekit review --all)")
    shipped = {(r.settings["game"], r.settings["preset"])
               for r in map(designer.Review.from_parquet, paths)}
    assert {g for g, _ in shipped} == {"aeroplane_chess", "snow_tails", "wingsuit", "leaf_marathon"}
    for path in paths:
        rv = designer.Review.from_parquet(path)
        s = rv.settings
        stored = rv.baseline.head(12)
        fresh = simulate(s["game"], 12, agents=tuple(s["agents"]), seed=s["seed"], preset=s["preset"],
                         players=s["players"], options=s["options"], params=s.get("params"),
                         workers=1, progress=False,
                         events=False)
        for col in ("seed", "plies", "ranking", "play_order", "outcome"):
            assert stored[col].tolist() == fresh[col].tolist(), (path.name, col)
        assert any(line.startswith("first player: ") for line in rv.header)
        assert all(line.startswith(f"{name} ") for name, line in zip(rv.verdicts["reading"],
                                                                       rv.verdicts["line"]))


def test_heatmaps_count_events_where_the_engine_says_they_happened():
    import racekit
    from racekit.core.replay import replay
    from racekit.sim import heatmap
    game = racekit.load_game("aeroplane_chess", preset="family")
    df = simulate("aeroplane_chess", 6, preset="family", seed=3, workers=1, progress=False,
                  events=True)
    heat = heatmap.event_places(game, df, 6)
    assert heat["kind"] == "capture" and heat["events"] == int(df["n_capture"].sum())
    assert sum(heat["places"].values()) == heat["events"]
    from racekit.sim.kernels import kernel_for
    kernel = kernel_for(game, ("random",) * 4)[0]
    state = replay(game, kernel.play(game, int(df["seed"][0]), ("random",) * 4).history)
    squares = [str(e.data["square"]) for e in state.events if e.kind == "capture"]
    assert all(sq in heat["places"] for sq in squares)
    for gid in ("snow_tails", "leaf_marathon", "wingsuit"):
        assert heatmap.heat_kind(racekit.load_game(gid)) in ("damage", "faint", "crash")


def test_lead_measures_follow_the_leader_round_by_round():
    from racekit.sim.quality import lead_measures
    m = lead_measures([0, 0, 1, None, 1, 0, 2, 2], [2])
    assert m == {"lead_changes": 3.0, "decided_at": 6 / 8, "comeback": 1.0}
    assert lead_measures([1, 1, 1, 1], [1]) == {"lead_changes": 0.0, "decided_at": 0.0,
                                                "comeback": 0.0}
    assert lead_measures([0, 1], [])["decided_at"] != lead_measures([0, 1], [])["decided_at"]  # NaN
    assert lead_measures([1, 3, 0, 2], [0, 2])["decided_at"] == 2 / 4     # a side of partners
    assert lead_measures([1, 0, 2, (0, 2)], [0, 2])["decided_at"] == 1 / 4    # partners tied at the end


def test_quality_table_of_a_review_names_every_measure():
    import racekit
    from racekit.sim.quality import lead_sample, quality_table
    game = racekit.load_game("snow_tails")
    df = simulate("snow_tails", 30, seed=2, workers=1, progress=False, events=False)
    df = df.join(lead_sample(game, df, 30))
    q = quality_table(df)
    assert {"duration (plies)", "duration spread", "first-player advantage", "completion",
            "drawishness", "lead changes", "decisiveness", "comeback rate"} <= set(q.index)
    assert 0 <= q.loc["decisiveness", "value"] <= 1 and q.loc["lead changes", "games"] == 30


def test_parameters_are_house_rules_and_readings_of_the_review(planted):
    # house rule lead=2 for the whole review: the readings are one step either side (1 and 3)
    result = designer.review_game(planted, params={"lead": 2}, only=["lead", "colour_count"],
                                  seed=3, first_round=40, budget=40, baseline=40, workers=1,
                                  progress=False, quality=0)
    assert list(result.verdicts["reading"]) == ["lead=1", "lead=3", "colour_count=3",
                                                "colour_count=5"]
    assert result.settings["params"] == {"lead": 2}
    assert result.settings["readings"]["lead=3"] == {"params": {"lead": 3}}
    assert json.loads(result.verdicts.set_index("reading").loc["lead=1", "params"]) == {"lead": 1}
    games = result.games[result.games["seed_set"] == "discovery"]
    assert set(games["reading"]) == {"", "lead=1", "lead=3", "colour_count=3", "colour_count=5"}
    # each reading's game plays its number: the start player begins 1 and 3 squares ahead
    import racekit
    specs = designer.reading_list(racekit.load_game(planted, params={"lead": 2}), only=["lead"])
    for r in specs:
        state = r.game.new_initial_state()
        state.apply_action(planted_game.FIRST)
        assert state.pos[0] == int(r.name[-1]) and r.game.params.lead == int(r.name[-1])
    # at the rulebook's value 0 only the step up lies within the bounds
    at_book = designer.reading_list(planted_game.PlantedRace(), params=True)
    names = [r.name for r in at_book]
    assert "lead=1" in names and "lead=-1" not in names and "colour_count=5" in names
    assert [r.name for r in designer.reading_list(planted_game.PlantedRace())
            if "lead" in r.name] == []                         # off unless asked for


def test_sweep_plays_parameter_values_like_option_values(planted):
    df = designer.sweep(planted, {"head_start": ["0", "3"]}, 10, param_grid={"lead": ["0", "2"]},
                        workers=1, progress=False)
    assert df["combo"].nunique() == 4 and len(df) == 40
    assert sorted(df["lead"].unique()) == [0, 2]                   # its own column, as numbers
    assert set(df["combo"]) == {"head_start=0,lead=0", "head_start=0,lead=2",
                                "head_start=3,lead=0", "head_start=3,lead=2"}
    assert df.attrs["sweep"]["param_grid"] == {"lead": [0, 2]}
    with pytest.raises(Exception, match="lead"):
        designer.sweep(planted, {}, 5, param_grid={"lead": ["9"]}, workers=1, progress=False)


def always_move(state):
    """A custom agent: a plain function state -> action."""
    return state.legal_actions()[0]


def test_review_and_sweep_take_a_custom_agent(planted):
    result = designer.review_game(planted, readings={"head_start=3": {"head_start": 3}},
                                  agents=always_move, seed=1, first_round=20, budget=20,
                                  baseline=20, workers=1, progress=False)
    assert result.settings["agents"] == ["custom:always_move"] * 4
    assert "agents " + "+".join(["custom:always_move"] * 4) + ", seed 1" in result.text()
    assert set(result.games["played_by"]) == {"engine"}
    df = designer.sweep(planted, {"head_start": ["0", "3"]}, 5, agents=[always_move, "random",
                        "random", "random"], workers=1, progress=False)
    assert set(df["agents"]) == {"custom:always_move+random+random+random"} and len(df) == 10
