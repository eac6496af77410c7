"""Edges of the command line and of the files it reads (issue 16, "Files" and "Small traps"):
seeds of any integer type, a simulation's CSV read back, a command missing or an option given
twice, `racekit games` listing only values that can be chosen."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import racekit
from racekit import load_game
from racekit.cli import app
from racekit.core.errors import OptionError
from racekit.core.savefile import load_save, save_game
from racekit.core.session import Session

np = pytest.importorskip("numpy")
runner = CliRunner()


def racekit_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "racekit.cli", *args], capture_output=True,
                          text=True, timeout=300)


# ----- seeds: any integer type, as a table read back from `racekit simulate --out` gives -----
@pytest.mark.parametrize("seed", [np.int64(4), np.uint64(4), np.int32(4)], ids=str)
def test_a_numpy_integer_is_a_seed_everywhere(seed):
    game = load_game("snow_tails")
    plain = Session(game, seed=4)
    plain.run()
    numpy_seeded = Session(game, seed=seed)
    numpy_seeded.run()
    assert numpy_seeded.line == plain.line and type(numpy_seeded.seed) is int
    text = save_game(numpy_seeded.state, seed=seed)           # JSON: a plain number
    assert json.loads(text)["seed"] == 4
    state, info = load_save(text)
    assert info.seed == 4 and state.history() == plain.line


def test_a_numpy_integer_is_a_seed_of_the_explorer():
    pytest.importorskip("ipywidgets")
    ex = racekit.explore("snow_tails", seed=np.int64(4))
    try:
        assert ex.session.seed == 4 and type(ex.session.seed) is int
    finally:
        ex.close()


def test_numpy_numbers_are_settings_too():
    """A row of the table holds players and options as NumPy numbers: load_game takes them."""
    game = load_game("wingsuit", players=np.int64(4), max_rounds=np.int64(30))
    assert game.num_players == 4 and game.options["max_rounds"] == 30
    assert type(game.num_players) is int and type(game.options["max_rounds"]) is int
    assert json.dumps(game.settings())                        # and they save as JSON
    for bad in (np.float64(4.0), np.bool_(True), "4.0"):
        with pytest.raises(TypeError):
            Session(load_game("snow_tails"), seed=bad)


def test_a_row_of_a_parquet_table_replays_its_game(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    path = tmp_path / "games.parquet"
    out = runner.invoke(app, ["simulate", "snow_tails", "-n", "3", "--workers", "1", "--out", str(path)])
    assert out.exit_code == 0, out.output
    row = pd.read_parquet(path).iloc[1]
    session = Session(load_game(row["game"], players=row["players"], preset=row["preset"],
                                **json.loads(row["options"])), seed=row["seed"])
    session.run()
    assert session.state.ply == row["plies"]


@pytest.mark.parametrize("engine", ["auto", "engine"])
def test_a_csv_round_trip_keeps_the_summary(engine, tmp_path):
    pd = pytest.importorskip("pandas")
    from racekit.sim.simulate import summary_text
    path = tmp_path / "games.csv"
    out = runner.invoke(app, ["simulate", "wingsuit", "-n", "6", "--seed", "3", "--workers", "1",
                              "-o", "order_mode=dynamic", "--engine", engine, "--out", str(path)])
    assert out.exit_code == 0, out.output
    first = re.search(r"wingsuit \(standard[^\n]*", out.output).group(0)   # after the progress bar
    again = summary_text(pd.read_csv(path)).splitlines()[0]
    assert "seed 3" in again and "order_mode=dynamic" in again
    if engine == "auto":
        assert again == first and re.search(r"played by the kernel \((numba|python)\)", again)
    else:
        assert again.startswith(first.split(" (engine")[0])


# ----- the command line ----------------------------------------------------------------------
def test_racekit_alone_prints_the_help_and_says_a_command_is_missing():
    out = racekit_cli()
    assert out.returncode == 2 and "Usage" in out.stdout and "play" in out.stdout
    assert out.stderr.startswith("error: a command is missing"), out.stderr


@pytest.mark.parametrize("argv, named", [
    (["play", "snow_tails", "--seed", "1", "--seed", "2", "--quiet"], "--seed"),
    (["play", "snow_tails", "--seed=1", "--quiet", "--no-quiet"], "--quiet"),
    (["play", "snow_tails", "--seed", "1", "-o", "track=medium", "-o", "track=long"], "-o track"),
    (["simulate", "snow_tails", "-n", "2", "--games", "3"], "--games"),
    (["replay", "x.json", "--story", "--no-story"], "--story"),
])
def test_an_option_given_twice_is_an_error(argv, named):
    out = racekit_cli(*argv)
    assert out.returncode == 2 and out.stdout == "", out.stdout[-300:]
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "given twice" in lines[0] and named in lines[0], out.stderr


def test_an_option_that_collects_values_may_repeat():
    out = runner.invoke(app, ["play", "snow_tails", "--seed", "1", "--quiet", "-o", "track=medium",
                              "-o", "players=3"])
    assert out.exit_code == 0, out.output


def test_games_lists_only_values_that_can_be_chosen():
    out = runner.invoke(app, ["games"])
    assert out.exit_code == 0
    game, tried = None, 0
    for line in out.output.splitlines():
        if not line.startswith(" "):
            game = line.split(":")[0]
            continue
        m = re.match(r"\s+(\w+) = \S+\s+\(([^)]*)\)", line)
        if not m or m.group(2) == "value":
            continue
        for value in m.group(2).split(" | "):
            try:
                load_game(game, **{m.group(1): value})
            except OptionError as exc:
                # a value that needs another setting too (cost_visible=specific_row: a card
                # set with cost rows) is refused for that reason, never as "not built"
                assert "not built" not in str(exc), (game, m.group(1), value, exc)
            tried += 1
        assert "by_card" not in m.group(2)
    assert tried > 100
    with pytest.raises(OptionError, match="not built yet"):       # refused by name, as before
        load_game("leaf_marathon", element_buff="by_card")
