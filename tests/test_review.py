"""The designer review's numbers and verdicts (racekit.sim.review)."""
import pytest

pytest.importorskip("pandas")

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
    assert "by +4.0 points, outside the 95% interval" in sure and "AC-AMB-02" in sure
    assert "12% longer (+120 plies, outside the 95% interval)" in sure
    unsure = review.verdict(opt, "6", _row(4.0, -1.0, 9.0, 10, -40, 60), "Red")
    assert "inside the 95% interval" in unsure and "within chance" in unsure


def test_scenario_sweep_finds_the_scenarios_a_reading_flips():
    sweep = review.scenario_sweep("aeroplane_chess", only=["overshoot"])
    flips = review.flips_by_reading(sweep)
    assert set(flips) == {("overshoot", "exact_only")}
    assert "AC-SCN-14" in flips[("overshoot", "exact_only")].split(", ")
    assert sweep["passes_as_shipped"].all()     # every shipped scenario passes as shipped


def test_impact_table_plays_only_readings_that_come_up():
    table = review.impact_table("aeroplane_chess", 30, seed=3, preset="family",
                                only=["seat_order", "capture_mode"], workers=1)
    by = {(r.option, r.value): r for r in table.itertuples()}
    assert by[("seat_order", "R,Y,B,G")].effect is False        # a tournament-only reading
    none = by[("capture_mode", "none")]
    assert none.effect is True and none.plies_change < 0          # no captures: shorter games
    assert none.verdict.startswith("capture_mode=none (AC-AMB-03)")


def test_impact_table_can_stop_after_the_probe():
    table = review.impact_table("aeroplane_chess", 8, seed=3, preset="family",
                                only=["seat_order", "capture_mode"], workers=1, probe=2,
                                measure=False)
    by = {(r.option, r.value): r for r in table.itertuples()}
    assert by[("seat_order", "R,Y,B,G")].effect is False
    none = by[("capture_mode", "none")]
    assert none.effect is True and "not measured" in none.verdict
    assert "plies_change" not in table.columns     # no games beyond the probe were played
