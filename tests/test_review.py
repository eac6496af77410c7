"""The designer review's numbers and verdicts (racekit.sim.review)."""
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


def _row(first, lo, hi, plies, plo, phi, seat="Red"):
    return {"first_change": first, "first_low": lo, "first_high": hi, "seat": seat,
            "edge_change": first, "edge_low": lo, "edge_high": hi, "plies_change": plies,
            "plies_low": plo, "plies_high": phi, "plies_change_pct": plies / 10}


def test_verdict_says_outside_only_when_the_interval_excludes_zero():
    opt = game_class("aeroplane_chess").game_type.option("launch_rolls")
    sure = review.verdict(opt, "6", _row(4.0, 1.0, 7.0, 120, 50, 190), "Red")
    assert "by +4.0 points, outside the 95% interval" in sure
    assert sure.startswith("launch_rolls=6 (AC-AMB-02: Rolls that let a plane leave the base) ")
    assert "12% longer (+120 plies, outside the 95% interval)" in sure
    unsure = review.verdict(opt, "6", _row(4.0, -1.0, 9.0, 10, -40, 60), "Red")
    assert "inside the 95% interval" in unsure and "within chance" in unsure


def test_scenario_sweep_finds_the_scenarios_a_reading_flips():
    sweep = review.scenario_sweep("aeroplane_chess", only=["overshoot"])
    flips = review.flips_by_reading(sweep)
    assert set(flips) == {("overshoot", "exact_only"), ("overshoot", "bounce")}
    assert "AC-SCN-14" in flips[("overshoot", "exact_only")].split(", ")
    # every value is tried, the default too: a scenario written for exact_only flips under bounce
    assert "AC-SCN-14-EXACT" in flips[("overshoot", "bounce")].split(", ")
    assert not ((sweep["scenario"] == "AC-SCN-14-EXACT") & (sweep["value"] == "exact_only")).any()
    assert sweep["passes_as_shipped"].all()     # every shipped scenario passes as shipped


def test_impact_table_plays_only_readings_that_come_up():
    table = review.impact_table("aeroplane_chess", 30, seed=3, preset="family",
                                only=["seat_order", "capture_mode"], workers=1)
    by = {(r.option, r.value): r for r in table.itertuples()}
    assert by[("seat_order", "R,Y,B,G")].effect is False        # a tournament-only reading
    none = by[("capture_mode", "none")]
    assert none.effect is True and none.plies_change < 0          # no captures: shorter games
    assert none.verdict.startswith("capture_mode=none (AC-AMB-03: Family capture)")


def test_impact_table_can_stop_after_the_probe():
    table = review.impact_table("aeroplane_chess", 8, seed=3, preset="family",
                                only=["seat_order", "capture_mode"], workers=1, probe=2,
                                measure=False)
    by = {(r.option, r.value): r for r in table.itertuples()}
    assert by[("seat_order", "R,Y,B,G")].effect is False
    none = by[("capture_mode", "none")]
    assert none.effect is True and "not measured" in none.verdict
    assert "plies_change" not in table.columns     # no games beyond the probe were played


def test_readings_leave_out_the_value_the_preset_already_sets():
    import racekit
    family = racekit.load_game("aeroplane_chess", preset="family")
    launch = family.game_type.option("launch_rolls")
    assert family.options["launch_rolls"] == "none"
    assert review.readings(launch, family) == ["5,6", "only_6", "even"]
    tour = racekit.load_game("aeroplane_chess", preset="tournament")
    assert "5,6" not in review.readings(launch, tour) and "none" in review.readings(launch, tour)


def test_paired_differences_of_identical_games_are_exactly_zero():
    assert review._paired([3, 5, 7], [3, 5, 7]) == (0.0, 0.0, 0.0)
    mean, lo, hi = review._paired([1, 0, 0, 0], [0, 0, 0, 0])
    assert mean == 0.25 and lo < 0 < hi


def test_impact_tables_in_one_go_equal_one_table_at_a_time():
    from concurrent.futures import ProcessPoolExecutor
    kw = dict(n_games=12, seed=5, only=["capture_mode", "seat_order"])
    studies = [dict(game="aeroplane_chess", preset="family", **kw),
               dict(game="aeroplane_chess", preset="tournament", **kw)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        together = review.impact_tables(studies, executor=pool, probe=4, chunk=3)
        later = review.impact_tables(studies, executor=pool, probe=4, chunk=3, wait=False)
        for a, b in zip(together, later.result()):
            pd.testing.assert_frame_equal(a, b)
    for study, table in zip(studies, together):
        alone = review.impact_table("aeroplane_chess", 12, seed=5, preset=study["preset"],
                                    only=kw["only"], probe=4, workers=1)
        pd.testing.assert_frame_equal(table, alone)
    family = {(r.option, r.value): r for r in together[0].itertuples()}
    none = family[("capture_mode", "none")]
    assert none.games == 12 and 0 < none.changed <= 12
    assert none.verdict.startswith(f"capture_mode=none (AC-AMB-03: Family capture) changed "
                                   f"{none.changed} of 12 games:")
    assert family[("seat_order", "R,Y,B,G")].changed == 0


def test_a_handful_of_games_does_not_judge_the_seats():
    opt = game_class("aeroplane_chess").game_type.option("launch_rolls")
    row = {**_row(40.0, 5.0, 75.0, -300, -500, -100), "games": 8, "changed": 8}
    text = review.verdict(opt, "only_6", row, "Red")
    assert "8 games are too few to judge the seats' win rates" in text and "outside" in text
    assert "Red) win rate" not in text
    assert round(review._t95(7), 3) == 2.365 and round(review._t95(11), 3) == 2.201
    assert review._t95(500) == pytest.approx(1.965, abs=1e-3)


def test_readings_the_kernel_does_not_play_get_fewer_games():
    table = review.impact_table("aeroplane_chess", 12, seed=3, preset="family", workers=1,
                                only=["stack_blocks", "capture_mode"], probe=4)
    study = dict(game="aeroplane_chess", preset="family", n_games=12, n_engine=6, seed=3,
                 only=["stack_blocks", "capture_mode"])
    fewer = review.impact_tables([study], workers=1, probe=4)[0]
    import racekit
    from racekit.sim.kernels import kernel_for
    for full, small in zip(table.itertuples(), fewer.itertuples()):
        game = racekit.load_game("aeroplane_chess", preset="family", **{full.option: full.value})
        fast = kernel_for(game, ("random",) * 4)[0] is not None
        if full.effect:
            assert small.games == (12 if fast else 6)


def test_a_reading_that_keeps_every_winner_says_so():
    opt = game_class("aeroplane_chess").game_type.option("play_for_places")
    row = {**_row(0.0, 0.0, 0.0, 250, 200, 300), "games": 40, "changed": 40, "same_winners": True}
    text = review.verdict(opt, "True", row, "Red")
    assert "leaves the winners of every game as they were" in text and "longer" in text


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


def test_plot_readings_leaves_too_small_samples_unjudged():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    base = dict(effect=True, first_change=5.0, first_low=-5.0, first_high=15.0, plies_change=10.0,
                plies_low=0.0, plies_high=20.0, plies_change_pct=5.0, base_plies=200.0)
    table = pd.DataFrame([{**base, "option": "a", "value": 1, "games": 40},
                          {**base, "option": "b", "value": 2, "games": 4},
                          {**base, "option": "c", "value": 3, "games": 40, "effect": False}])
    fig = review.plot_readings(table, "t")
    left, right = fig.axes
    assert [t.get_text() for t in left.get_yticklabels()] == ["a=1", "b=2"]
    assert len(left.lines[0].get_xdata()) == 1              # only the 40-game reading on the left
    assert any("4 games: not judged" in t.get_text() for t in left.texts)
    assert len(right.lines[0].get_xdata()) == 2             # both on the right
    plt.close(fig)
    assert review.plot_readings(table[table["effect"] == False], "t") is None  # noqa: E712


def test_verdict_words_do_not_contradict_themselves_or_round_a_change_to_zero():
    opt = game_class("aeroplane_chess").game_type.option("launch_rolls")
    row = {**_row(-12.5, -29.2, 4.2, 0.4, 0.1, 0.7, seat="Blue"), "games": 40, "changed": 40,
           "same_winners": False}
    row.update(edge_change=20.0, edge_low=1.8, edge_high=38.2)
    text = review.verdict(opt, "even", row, "Red")
    # the first seat shows nothing, another seat does: not "no seat advantage" then "Blue's +20"
    assert "no change to the first seat shown" in text and "no seat advantage" not in text
    assert "advantage shown" not in text   # the reading's change, not the seat's advantage
    assert "moves Blue's win rate by +20.0 points" in text and "widened" in text
    # +0.4 plies outside its interval is not "+0 plies" / "0% longer"
    assert "+0.4 plies, outside" in text and "0.0% longer" in text


def test_the_most_moved_seat_gets_a_wider_interval_than_the_first_seat():
    """Picking the seat that moved most after looking at all of them needs a wider interval:
    where that seat is the first seat, its interval is about 1.27x the first seat's (4 seats)."""
    table = review.impact_table("aeroplane_chess", 30, seed=3, preset="family", workers=1,
                                only=["captured_to"])
    row = table[table["value"] == "base"].iloc[0]
    assert row.seat == "Red"     # the first seat moved most here
    ratio = (row.edge_high - row.edge_low) / (row.first_high - row.first_low)
    assert abs(ratio - 2.4977 / 1.96) < 1e-3


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


def test_impact_table_counts_stay_whole_numbers_beside_an_unavailable_reading():
    """A reading that is not available here (no games) left the counts of every other reading
    printed as 40.0 in the designer notebook: the counts are whole numbers, <NA> where none."""
    table = review.impact_table("wingsuit", 2, seed=3, players=5, only=["max_players", "order_mode"],
                                workers=1, probe=2)
    assert table["effect"].isna().any()                       # max_players=4 seats no 5 players
    for col in ("games", "changed"):
        assert pd.api.types.is_integer_dtype(table[col]), table[col].dtype
    assert "2.0" not in table[["option", "value", "games", "changed"]].to_string()


def test_a_reading_that_changes_nothing_measurable_says_so_plainly():
    """Leaf Marathon's tie_points=split changed 3 of 40 games but no first-seat win and no
    length: the verdict read "moves ... by +0.0 points, inside the 95% interval (+0.0 to +0.0)"
    and "leaves game length within chance (+0.0 plies, 95% interval +0.0 to +0.0)"."""
    opt = game_class("leaf_marathon").game_type.option("tie_points")
    row = {**_row(0.0, 0.0, 0.0, 0.0, 0.0, 0.0), "games": 40, "changed": 3,
           "same_winners": False}
    text = review.verdict(opt, "split", row, "Red")
    assert "changed 3 of 40 games: leaves the first seat's (Red) wins as they were" in text
    assert text.endswith("; leaves every game's length as it was.")
    assert "+0.0" not in text
