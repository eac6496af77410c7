"""`racekit bench --review`: one line per game and preset with its seconds, the games it played
(and by whom), the readings decided, and where the CPU time went (no timed assertions)."""
import pytest
from typer.testing import CliRunner

import planted_game  # noqa: E402  (tests/ is on sys.path: conftest.py)
from racekit.cli import app

pytest.importorskip("pandas")
pytest.importorskip("statsmodels")


def test_bench_review_prints_time_games_verdicts_and_where_the_time_goes():
    planted_game.register()
    res = CliRunner().invoke(app, ["bench", "--review", planted_game.GAME_ID, "--budget", "40"])
    assert res.exit_code == 0, res.output
    lines = [line[line.index("game/preset"):] if "game/preset" in line else line   # after a
             for line in res.output.splitlines()]                                    # progress bar
    head = next(i for i, line in enumerate(lines) if line.startswith("game/preset"))
    for column in ("wall s", "CPU s", "baseline", "paired", "fresh", "kernel", "engine",
                   "decided", "not enough", "check", "quality", "stats"):
        assert column in lines[head], column
    cells = lines[head + 1].replace("|", " ").split()
    assert cells[0] == "planted_race/default"
    wall, cpu = float(cells[1]), float(cells[2])
    assert wall > 0 and cpu > 0
    baseline, paired, fresh, by_kernel, by_engine = (int(c.replace(",", "")) for c in cells[3:8])
    assert baseline == 2000                      # the review's default baseline
    assert paired == 4 * 40                      # 4 readings of the planted game, 40 games each
    assert by_kernel == 0 and by_engine == baseline + paired + fresh   # no kernel: the engine
    decided, readings = map(int, cells[8].split("/"))
    assert readings == 4 and decided + int(cells[9]) == 4
    assert int(cells[10]) == 40                  # most paired games one reading needed
    kernel, engine, check, quality, stats = map(float, cells[11:16])
    assert kernel == 0.0 and check == 0.0 and engine > 0 and stats > 0
    where = [line for line in lines if line.startswith("  planted_race/default: kernel 0%, engine ")]
    assert where and "baseline games replayed for the lead measures; load average" in where[0]
    assert "Traceback" not in res.output


def test_bench_review_refuses_a_preset_without_a_game():
    res = CliRunner().invoke(app, ["bench", "--review", "--preset", "family"])
    assert res.exit_code == 2 and "--preset needs a game id" in res.output
