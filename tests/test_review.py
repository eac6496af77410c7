"""The designer review's helpers (racekit.sim.review): readings, decisions, scenario sweeps, and
the review's verdicts per reading (racekit.sim.designer) where the old first-look table checked them."""
import json

import pytest

pd = pytest.importorskip("pandas")

from racekit.core.game import game_class  # noqa: E402
from racekit.sim import review  # noqa: E402


def test_ambiguity_options_are_the_amb_readings_not_the_course():
    ac = [o.name for o in review.ambiguity_options("aeroplane_chess")]
    st = [o.name for o in review.ambiguity_options("snow_tails")]
    assert "launch_rolls" in ac and "teammate_overrun" in ac and "board" not in ac
    assert "deck_exhaust" in st and "track" not in st
    launch = game_class("aeroplane_chess").game_type.option("launch_rolls")
    assert "preset" not in review.readings(launch) and launch.default not in review.readings(launch)




def test_scenario_sweep_finds_the_scenarios_a_reading_flips():
    sweep = review.scenario_sweep("aeroplane_chess", only=["overshoot"])
    flips = review.flips_by_reading(sweep)
    assert set(flips) == {("overshoot", "exact_only"), ("overshoot", "bounce")}
    assert "AC-SCN-14" in flips[("overshoot", "exact_only")].split(", ")
    # every value is tried, the default too: a scenario written for exact_only flips under bounce
    assert "AC-SCN-14-EXACT" in flips[("overshoot", "bounce")].split(", ")
    assert not ((sweep["scenario"] == "AC-SCN-14-EXACT") & (sweep["value"] == "exact_only")).any()
    assert sweep["passes_as_shipped"].all()     # every shipped scenario passes as shipped




def test_readings_leave_out_the_value_the_preset_already_sets():
    import racekit
    family = racekit.load_game("aeroplane_chess", preset="family")
    launch = family.game_type.option("launch_rolls")
    assert family.options["launch_rolls"] == "none"
    assert review.readings(launch, family) == ["5,6", "only_6", "even"]
    tour = racekit.load_game("aeroplane_chess", preset="tournament")
    assert "5,6" not in review.readings(launch, tour) and "none" in review.readings(launch, tour)







def test_sweeps_handed_to_a_pool_give_the_same_tables():
    from concurrent.futures import ProcessPoolExecutor
    here = review.scenario_sweeps(["snow_tails"], only=["end"])
    with ProcessPoolExecutor(max_workers=2) as pool:
        pending = review.scenario_sweeps(["snow_tails"], executor=pool, only=["end"], wait=False)
        there = pending.result()
    pd.testing.assert_frame_equal(here["snow_tails"], there["snow_tails"])
    assert set(here["snow_tails"]["option"]) == {"end"}


def test_the_stored_sweeps_are_what_the_scenarios_give_today(tmp_path):
    """notebooks/review/scenario-sweeps.json (racekit review --sweeps), read by the designer review
    notebook instead of sweeping at page load, against a fresh sweep of every shipped game; and
    the file round-trips values that a table would merge (0, False, "0")."""
    from racekit.games import SHIPPED
    stored = review.stored_sweeps()
    assert sorted(stored) == sorted(SHIPPED)
    fresh = review.scenario_sweeps(SHIPPED)
    for gid in SHIPPED:
        a, b = stored[gid].to_dict("records"), fresh[gid].to_dict("records")
        assert a == b, (f"{gid}: the stored sweeps are stale; run `racekit review --sweeps` "
                        f"({len(a)} stored rows, {len(b)} fresh)")
        assert [type(v) for v in stored[gid]["value"]] == [type(v) for v in fresh[gid]["value"]], gid
    review.write_sweeps(tmp_path, ["snow_tails"])
    again = review.stored_sweeps(tmp_path)["snow_tails"]
    assert again.to_dict("records") == fresh["snow_tails"].to_dict("records")
    with pytest.raises(FileNotFoundError, match="racekit review --sweeps"):
        review.stored_sweeps(tmp_path / "nowhere")


def test_open_options_are_the_amb_options_without_a_list_of_readings():
    left = {o.name for o in review.open_options("wingsuit")}
    assert {"cardset", "cubes_per_color"} <= left
    assert not left & {o.name for o in review.ambiguity_options("wingsuit")}


def test_readings_0_and_false_of_different_options_stay_apart():
    sweep = pd.DataFrame([
        {"scenario": "A", "option": "stamina_per_square", "value": 0, "changed": True, "passes": False},
        {"scenario": "B", "option": "sand_draws", "value": False, "changed": True, "passes": None},
        {"scenario": "C", "option": "sand_draws", "value": False, "changed": False, "passes": True}])
    flips = review.flips_by_reading(sweep)
    assert list(flips) == [("stamina_per_square", 0), ("sand_draws", False)]
    assert flips[("sand_draws", False)] == "B" and repr(list(flips)[1][1]) == "False"
    assert review.refused_by_reading(sweep) == {("sand_draws", False): 1}





def test_decisions_name_every_ambiguity_with_the_value_in_force_per_preset():
    from racekit.core.clauses import load_clauses
    lines = review.decisions("aeroplane_chess")
    ambs = load_clauses("aeroplane_chess").ambiguities
    assert [line.split(" ")[0] for line in lines] == [a.id for a in ambs]
    two = next(line for line in lines if line.startswith("AC-AMB-02 "))
    assert two.startswith("AC-AMB-02 launch_rolls=none (family), launch_rolls=5,6 (tournament): ")
    assert two.endswith(next(a.decision for a in ambs if a.id == "AC-AMB-02"))
    three = next(line for line in lines if line.startswith("AC-AMB-03 "))
    assert three.startswith("AC-AMB-03 capture_mode=land: ")
    one_preset = review.decisions("aeroplane_chess", ["tournament"])
    assert any(line.startswith("AC-AMB-02 launch_rolls=5,6: ") for line in one_preset)


def test_a_reading_that_never_comes_up_changes_nothing_and_one_that_does_is_measured():
    """seat_order is a tournament reading: in the family game it changes no game, so both its
    verdicts are "no change"; capture_mode=none (no captures) makes family games shorter."""
    from racekit.sim import designer
    result = designer.review_game("aeroplane_chess", preset="family", seed=3,
                                  only=["seat_order", "capture_mode"], first_round=100, budget=400,
                                  baseline=200, workers=1, progress=False, quality=0)
    by = result.verdicts.set_index("reading")
    seat = by.loc["seat_order=R,Y,B,G"]
    assert seat.win_verdict == "no change beyond" and seat.length_verdict == "no change beyond"
    assert json.loads(seat.win_state)["changed"] == 0
    none = by.loc["capture_mode=none"]
    assert none.label.startswith("capture_mode=none (AC-AMB-03: Family capture)")
    assert none.length_verdict == "changes" and none.length_fresh_mean < 0
    assert none.line.startswith("capture_mode=none ") and "game length: changes by -" in none.line


def test_readings_no_kernel_plays_get_the_engine_budget():
    """Wingsuit's distinct_scope=per_group under brave_identity=planned_hand is played by the
    rules engine (the compiled loop would hand back most games): it gets --engine-budget games."""
    from racekit.sim import designer
    result = designer.review_game("wingsuit", options={"brave_identity": "planned_hand"},
                                  only=["distinct_scope", "max_players"], seed=3, first_round=20,
                                  budget=40, engine_budget=20, baseline=20, workers=1,
                                  progress=False, quality=0)
    by = result.verdicts.set_index("reading")
    assert result.settings["engine_readings"] == ["distinct_scope=per_group"]
    assert by.loc["distinct_scope=per_group", "games"] == 20
    assert by.loc["max_players=4", "games"] == 40


def test_a_reading_not_available_here_says_so_and_the_counts_stay_whole():
    """max_players=4 refuses five seats: its line says so; the games column stays whole numbers
    (the old table printed the other readings' counts as 40.0)."""
    from racekit.sim import designer
    result = designer.review_game("wingsuit", players=5, only=["max_players", "order_mode"],
                                  seed=3, first_round=20, budget=20, baseline=20, workers=1,
                                  progress=False, quality=0)
    by = result.verdicts.set_index("reading")
    assert by.loc["max_players=4", "line"].startswith("max_players=4 not available in these "
                                                      "settings: ")
    assert pd.api.types.is_integer_dtype(result.verdicts["games"])
    assert ".0" not in result.verdicts[["reading", "games"]].to_string()


def test_one_picture_of_win_rates_by_play_order_or_by_colour():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from racekit.sim import designer
    from racekit.sim.simulate import simulate
    df = simulate("snow_tails", 40, seed=2, workers=1, progress=False, events=False)
    order = designer.plot_positions(df)
    assert [t.get_text() for t in order.get_xticklabels()] == ["1.", "2.", "3.", "4."]
    colour = designer.plot_positions(df, by="colour")
    names = [t.get_text() for t in colour.get_xticklabels()]
    assert len(names) == 4 and "1." not in names and colour.get_ylabel() == "win rate"
    with pytest.raises(ValueError, match="order or colour"):
        designer.plot_positions(df, by="seat")
    plt.close("all")
    assert not hasattr(review, "plot_seats") and not hasattr(review, "impact_table")


def test_a_review_in_its_own_pool_equals_one_in_this_process():
    """Without an executor the review keeps one pool of workers for all its rounds and replays
    the quality sample (lead measures, heatmap places) there meanwhile: the same review."""
    from racekit.sim import designer
    kw = dict(preset="family", only=["capture_mode"], seed=3, first_round=100, budget=200,
              baseline=100, progress=False, quality=150)
    here = designer.review_game("aeroplane_chess", workers=1, **kw)
    pooled = designer.review_game("aeroplane_chess", workers=2, **kw)
    assert pooled.lines() == here.lines()
    pd.testing.assert_frame_equal(pooled.games, here.games)
    assert pooled.settings["heat"] == here.settings["heat"] and pooled.settings["heat"]["events"]
    assert pooled.baseline["lead_changes"].notna().sum() == 150
