"""`racekit review` and `racekit sweep`: the first-player line, a verdict line per reading,
results that reload, every combination in one table."""
import re

import pytest
from typer.testing import CliRunner

from racekit.cli import app

pd = pytest.importorskip("pandas")
pytest.importorskip("statsmodels")
runner = CliRunner()
VERDICT = re.compile(r"^(\S+) (changes|no change beyond|not enough games) ")


def test_review_prints_the_first_player_line_and_one_verdict_per_reading(tmp_path):
    out = tmp_path / "r.parquet"
    res = runner.invoke(app, ["review", "aeroplane_chess", "--preset", "family", "--only",
                              "capture_mode", "--only", "seat_order", "--budget", "400",
                              "--first-round", "200", "--baseline", "200", "--workers", "1",
                              "--out", str(out)])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert any(re.match(r"first player: \d+\.\d% \[\d+\.\d%, \d+\.\d%\] of finished games "
                        r"\(fair 25\.0%\)", line) for line in lines), res.output
    verdicts = {m.group(1): m.group(2) for m in map(VERDICT.match, lines) if m}
    assert set(verdicts) == {"capture_mode=none", "capture_mode=pass_and_land", "seat_order=R,Y,B,G"}
    assert verdicts["seat_order=R,Y,B,G"] == "no change beyond"    # tournament-only: no effect
    assert "Holm's correction at 5%" in res.output
    again = runner.invoke(app, ["review", "--load", str(out)])
    assert again.exit_code == 0, again.output
    shown = [line for line in lines if VERDICT.match(line) or line.startswith(("first player", "completion"))]
    assert [line for line in again.output.splitlines() if line in shown] == shown


def test_review_says_when_the_start_player_is_fixed():
    res = runner.invoke(app, ["review", "aeroplane_chess", "--preset", "tournament", "--only",
                              "seat_order", "--budget", "40", "--first-round", "20",
                              "--baseline", "40", "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert "start player fixed: Red always rolls first in the tournament" in res.output
    assert "of finished games (fair 50.0%)" in res.output          # partners win together


def test_review_refuses_bad_input_in_one_line(tmp_path):
    for args, words in ((["review"], "give a game id"),
                        (["review", "snow_tails", "--out", str(tmp_path / "x.csv")], ".parquet"),
                        (["review", "snow_tails", "--agents", "random,random"], "2 agents for 4"),
                        (["review", "--load", str(tmp_path / "none.parquet")], "none.parquet")):
        res = runner.invoke(app, args)
        assert res.exit_code == 2 and words in res.output, (args, res.output)
        assert "Traceback" not in res.output


def test_sweep_plays_every_combination_into_one_table(tmp_path):
    out = tmp_path / "s.parquet"
    res = runner.invoke(app, ["sweep", "aeroplane_chess", "-o", "preset=family", "-o",
                              "capture_mode=land,none", "-o", "six_bonus=none,one_per_six",
                              "-n", "12", "--workers", "1", "--agents", "random", "--out", str(out)])
    assert res.exit_code == 0, res.output
    df = pd.read_parquet(out)
    assert len(df) == 4 * 12 and df["combo"].nunique() == 4
    assert df.attrs["sweep"]["grid"] == {"capture_mode": ["land", "none"],
                                         "six_bonus": ["none", "one_per_six"]}   # settings kept
    assert sum(line.startswith("capture_mode=") for line in res.output.splitlines()) == 4
    # the same game seeds in every combination
    assert df.groupby("combo")["seed"].apply(list).map(tuple).nunique() == 1


def test_agents_per_seat_on_the_command_line():
    res = runner.invoke(app, ["sweep", "snow_tails", "-o", "collision_damage=0,1", "-n", "6",
                              "--workers", "1", "--agents", "careful,random,random,random"])
    assert res.exit_code == 0, res.output


def test_review_and_sweep_take_parameters_like_options(tmp_path):
    import planted_game
    planted_game.register()
    res = runner.invoke(app, ["review", "planted_race", "-p", "lead=2", "--only", "lead",
                              "--budget", "40", "--first-round", "20", "--baseline", "40",
                              "--workers", "1"])
    assert res.exit_code == 0, res.output
    verdicts = {m.group(1) for m in map(VERDICT.match, res.output.splitlines()) if m}
    assert verdicts == {"lead=1", "lead=3"}
    assert "planted_race (default, 4 players, lead=2)" in res.output    # the house rule named
    res = runner.invoke(app, ["review", "planted_race", "--only", "head_start", "--no-params",
                              "--budget", "40", "--first-round", "20", "--baseline", "40",
                              "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert not any(line.startswith(("lead=", "colour_count=")) for line in res.output.splitlines())
    out = tmp_path / "s.parquet"
    res = runner.invoke(app, ["sweep", "planted_race", "-p", "lead=0,3", "-o", "track=12,20",
                              "-n", "8", "--workers", "1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    df = pd.read_parquet(out)
    assert len(df) == 4 * 8 and sorted(df["lead"].unique()) == [0, 3]
    assert df.attrs["sweep"]["param_grid"] == {"lead": [0, 3]}
    assert sum(line.startswith("track=") for line in res.output.splitlines()) == 4
    res = runner.invoke(app, ["sweep", "planted_race", "-p", "lead=7", "-n", "2", "--workers", "1"])
    assert res.exit_code == 2 and "lead" in res.output and "Traceback" not in res.output
