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
    assert game.num_players == 4 and game.options["turn_limit"] == 30
    assert type(game.num_players) is int and type(game.options["turn_limit"]) is int
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
            game = line.split(":")[0].split(" (draft")[0]   # a draft game registered by a test
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


# ----- files: Leaf Marathon's content follows the content rules; errors quote no content -----
LM_MAP = "format: racekit.leaf_marathon.map/1\nid: mine\nlegs:\n  - [start, forest, leaf, finish]\n"


def _play_lm(*options):
    args = ["play", "leaf_marathon", "--players", "2", "--seed", "1", "--quiet"]
    for option in options:
        args += ["-o", option]
    return runner.invoke(app, args)


@pytest.mark.parametrize("kind", ["map", "deck", "characters"])
def test_leaf_marathon_files_follow_the_content_rules(kind, tmp_path, monkeypatch):
    (tmp_path / "inside").mkdir()
    (tmp_path / "outside.yaml").write_text(LM_MAP)
    (tmp_path / "inside" / "big.yaml").write_text("# " + "x" * (1 << 20) + "\n")
    (tmp_path / "inside" / "out.yaml").symlink_to(tmp_path / "outside.yaml")
    monkeypatch.chdir(tmp_path / "inside")
    refused = {str(tmp_path / "outside.yaml"): "no absolute paths",
               "../outside.yaml": "may not contain '..'",
               "out.yaml": "leads out of the folder",
               "/dev/zero": "no absolute paths",
               "/proc/self/environ": "no absolute paths",
               "big.yaml": "at most 1048576",
               "a" * 300 + ".yaml": "at most 255 characters",
               "missing.yaml": "no such file"}
    for value, words in refused.items():
        out = _play_lm(f"{kind}={value}")
        assert out.exit_code == 2 and words in out.output, (value, out.output)
        assert out.output.startswith(f"error: option '{kind}'") and "Traceback" not in out.output


def test_leaf_marathon_files_are_read_beside_the_save_or_scenario_naming_them(tmp_path, monkeypatch):
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "mine.yaml").write_text(LM_MAP)
    monkeypatch.chdir(folder)
    out = _play_lm("map=mine.yaml")
    assert out.exit_code == 0, out.output
    game = load_game("leaf_marathon", players=2, map="mine.yaml")
    session = Session(game, seed=1)
    session.run()
    save_game(session.state, folder / "game.json", seed=1)
    data = json.loads((folder / "game.json").read_text())
    assert data["options"]["map"] == "mine.yaml"               # kept as written, not absolute
    monkeypatch.chdir(tmp_path)                                # elsewhere: read beside the save
    out = runner.invoke(app, ["replay", "course/game.json", "--no-story"])
    assert out.exit_code == 0 and "Ranking" in out.output, out.output
    # a save written by today's main holds the absolute path: read while it lies beside the save
    data["options"]["map"] = str(folder / "mine.yaml")
    (folder / "old.json").write_text(json.dumps(data))
    assert load_save(folder / "old.json")[0].history() == session.line
    data["options"]["map"] = str(tmp_path / "elsewhere.yaml")
    (tmp_path / "elsewhere.yaml").write_text(LM_MAP)
    (folder / "out.json").write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", "course/out.json"])
    assert out.exit_code == 2 and "no absolute paths" in out.output, out.output
    # a scenario names its map beside it
    (folder / "LM-MINE-1.yaml").write_text(
        "id: LM-MINE-1\ntitle: A map beside the scenario\nclauses: [LM-AMB-01]\n"
        "game: leaf_marathon\nplayers: 2\noptions: {map: mine.yaml}\n"
        "outcome: the game reads the map beside this file\nexpect: {terminal: false}\n")
    out = runner.invoke(app, ["scenarios", "course"])
    assert out.exit_code == 0 and "1 passed, 0 failed" in out.output, out.output
    assert "content course/mine.yaml: a Leaf Marathon map" in out.output


SECRET = "hunter2-secret"


@pytest.mark.parametrize("option, text", [
    ("map", f"format: {SECRET}\nid: x\nlegs:\n  - [start, leaf, finish]\n"),
    ("map", f"format: racekit.leaf_marathon.map/1\nid: x\n{SECRET}: 1\nlegs:\n  - [start, leaf, finish]\n"),
    ("map", f"format: racekit.leaf_marathon.map/1\nid: x\nlegs:\n  - [start, {SECRET}, finish]\n"),
    ("map", f"format: racekit.leaf_marathon.map/1\nid: x\n{SECRET}: 1\n{SECRET}: 2\n"),
    ("deck", f"format: racekit.leaf_marathon.deck/1\nid: x\ncards: &{SECRET} []\nbuffs: *{SECRET}\n"),
    ("characters", "format: racekit.leaf_marathon.roster/1\nid: x\ncharacters:\n"
     + "".join(f"  - {{id: {SECRET.replace('-', '_')}, name: a, max_stamina: 9, movement: 1}}\n"
               for _ in range(6))),
    ("track", f"name: t\nlanes: 2\n{SECRET}: 3\ntiles: [{{kind: straight, rows: 3}}]\nfinish_flag: {SECRET}\n"),
    ("cardset", f"format: {SECRET}\n"),
    ("board", f"id: b\n{SECRET}: 1\n"),
])
def test_a_content_file_error_quotes_nothing_of_the_file(option, text, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text(text)
    game = {"map": "leaf_marathon", "deck": "leaf_marathon", "characters": "leaf_marathon",
            "track": "snow_tails", "cardset": "wingsuit", "board": "aeroplane_chess"}[option]
    out = runner.invoke(app, ["play", game, "-o", f"{option}=bad.yaml", "--quiet"])
    assert out.exit_code == 2 and "bad.yaml" in out.output, out.output
    assert SECRET not in out.output and SECRET.replace("-", "_") not in out.output, out.output


def test_scenarios_folder_runs_scenarios_and_lists_the_content_beside_them(tmp_path):
    from pathlib import Path
    shipped = Path(racekit.__file__).parent / "games"
    for source, name in (("wingsuit/cards/illustrative.yaml", "cards.yaml"),
                         ("snow_tails/tracks/medium.yaml", "track.yaml"),
                         ("aeroplane_chess/boards/standard52.yaml", "board.yaml"),
                         ("leaf_marathon/data/maps/lm_test_1leg.yaml", "map.yaml"),
                         ("leaf_marathon/data/decks/placeholder64.yaml", "deck.yaml"),
                         ("leaf_marathon/data/rosters/demo_base20.yaml", "roster.yaml")):
        (tmp_path / name).write_text((shipped / source).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "ST-MINE-1.yaml").write_text(
        "id: ST-MINE-1\ntitle: A track beside the scenario\nclauses: [ST-AMB-01]\n"
        "game: snow_tails\nplayers: 2\noptions: {track: track.yaml}\n"
        "outcome: the game reads the track beside this file\nexpect: {terminal: false}\n")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    out = runner.invoke(app, ["scenarios", str(tmp_path)])
    assert out.exit_code == 0 and out.output.strip().endswith("1 passed, 0 failed"), out.output
    assert "PASS ST-MINE-1" in out.output
    for name, kind in (("cards", "a Wingsuit card set"), ("track", "a Snow Tails track"),
                       ("board", "an Aeroplane Chess board"), ("map", "a Leaf Marathon map"),
                       ("deck", "a Leaf Marathon deck"), ("roster", "a Leaf Marathon roster")):
        assert f"content {tmp_path / name}.yaml: {kind}" in out.output, out.output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before   # left alone
    (tmp_path / "ST-MINE-1.yaml").unlink()
    out = runner.invoke(app, ["scenarios", str(tmp_path)])
    assert out.exit_code == 2 and "no .yaml scenario files (only content files: 6)" in out.output


def test_a_missing_scenario_file_is_an_input_error_like_any_missing_file(tmp_path, monkeypatch):
    """`racekit scenarios missing.yaml` printed "FAIL missing (invalid file)" and exit 1, where
    every other command refuses a missing file with `error:` and exit 2; nothing runs."""
    monkeypatch.chdir(tmp_path)
    for argv in (["scenarios", "missing.yaml"], ["scenarios", "snow_tails", "missing.yaml"]):
        out = runner.invoke(app, argv)
        assert out.exit_code == 2, out.output
        assert out.output.startswith("error: missing.yaml: cannot read: No such file"), out.output
        assert "PASS" not in out.output and "passed" not in out.output
    (tmp_path / "typo.yaml").write_text("id: [unclosed\n")   # a file that exists but is bad: FAIL
    out = runner.invoke(app, ["scenarios", "typo.yaml"])
    assert out.exit_code == 1 and out.output.strip().endswith("0 passed, 1 failed"), out.output


# ----- caps: a file name no file system takes, a save of 100,000 seats --------------------------
def test_an_over_long_file_name_is_an_option_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    long = "a" * 300
    for argv in (["play", "snow_tails", "--quiet", "--save", long + ".json"],
                 ["replay", long + ".json"], ["scenarios", long + ".yaml"],
                 ["simulate", "snow_tails", "-n", "1", "--out", long + ".csv"],
                 ["golden", "--out", long], ["play", "snow_tails", "-o", f"track={long}.yaml"],
                 ["play", "leaf_marathon", "-o", f"map={long}.yaml"]):
        out = runner.invoke(app, argv)
        assert out.exit_code == 2 and "at most 255 characters" in out.output, (argv, out.output)
        assert "File name too long" not in out.output and "Traceback" not in out.output


@pytest.mark.parametrize("game", ["leaf_marathon", "snow_tails", "wingsuit", "aeroplane_chess"])
def test_a_save_of_100000_seats_is_refused_by_its_size_caps_before_validation(game, tmp_path,
                                                                               monkeypatch):
    from racekit.core import savefile
    session = Session(load_game(game), seed=1)
    session.run(max_plies=5)
    data = json.loads(save_game(session.state, seed=1))
    data["setup"] = {"seats": [{"hand": ["action"] * 3, "position": 1}] * 100_000}
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data))

    def never(*args, **kwargs):
        raise AssertionError("validated before the size caps refused it")
    monkeypatch.setattr(savefile.SaveFile, "model_validate", never)
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 2, out.output
    assert "field setup.seats: 100000 seats; a game has at most 64" in out.output
    data["setup"] = {"deck": list(range(20_000))}
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 2 and "field setup.deck: 20000 entries; at most 10000" in out.output


def test_a_card_set_error_quotes_no_icon_id_or_key(tmp_path, monkeypatch):
    from racekit.games.wingsuit.cards import kit_path
    monkeypatch.chdir(tmp_path)
    kit = kit_path().read_text(encoding="utf-8")
    for old, new in (('brave: ["N", "N", "NE"]', f'brave: ["N", "{SECRET}", "NE"]'),
                     ('"4,4": {h: white}', f'"{SECRET}": {{h: white}}')):
        assert old in kit
        (tmp_path / "cards.yaml").write_text(kit.replace(old, new, 1), encoding="utf-8")
        out = runner.invoke(app, ["play", "wingsuit", "-o", "cardset=cards.yaml", "--quiet"])
        assert out.exit_code == 2 and "cards.yaml:" in out.output, out.output
        assert SECRET not in out.output, out.output


def test_a_save_longer_than_the_engines_guard_is_refused_at_once(tmp_path):
    from racekit.core.errors import MAX_PLIES
    session = Session(load_game("snow_tails"), seed=1)
    session.run(max_plies=3)
    data = json.loads(save_game(session.state, seed=1))
    data["history"] = data["history"] * (MAX_PLIES // 3 + 1)
    data["actions"] = []
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 2 and f"field history: {len(data['history'])} entries" in out.output
