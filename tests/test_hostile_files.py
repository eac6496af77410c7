"""Hostile and careless files: each gives its own clear error, fast (issue 7).

The corpus is tests/hostile/ (written by tests/hostile/_make.py); cases.yaml says
how each file is loaded and the error it must give. Every error is a
RacekitError naming the file, the line (YAML) and the field; no message quotes
a file's content; the CLI prints ``error: ...`` and never a traceback.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import racekit
from racekit.cli import app
from racekit.core.content import content_base
from racekit.core.errors import FileFormatError, IllegalActionError, OptionError, RacekitError
from racekit.core.savefile import load_save
from racekit.core.scenarios import run_scenario
from racekit.core.yamlfile import read_yaml
from racekit.games import SHIPPED

HERE = Path(__file__).parent / "hostile"
CASES = read_yaml(HERE / "cases.yaml").data
FILES = [c for c in CASES["files"] if c["via"] != "data"]
LEAK = "CONTENT-MUST-NOT-LEAK"
runner = CliRunner()


def _load(case):
    """Load a corpus file the way its case says; returns (error message or None, result)."""
    path = HERE / case["file"]
    via = case["via"]
    try:
        if via == "save":
            return None, load_save(path)
        if via in ("scenario", "scenario-run"):
            return None, run_scenario(path)
        with content_base(HERE):
            if via == "track":
                return None, racekit.load_game("snow_tails", players=2, track=case["file"])
            if via == "board":
                return None, racekit.load_game("aeroplane_chess", board=case["file"])
    except RacekitError as exc:
        return str(exc), None
    raise AssertionError(f"unknown way {via!r}")


@pytest.mark.parametrize("case", FILES, ids=[c["file"] for c in FILES])
def test_hostile_file_gives_its_error(case):
    start = time.perf_counter()
    message, result = _load(case)
    assert time.perf_counter() - start < 5, "a small file must be refused (or loaded) quickly"
    if case["via"] == "scenario-run":
        assert message is None and not result.passed
        message = "\n".join(result.failures)
    if case["error"] is None:
        assert message is None, message
        if case["via"] == "scenario":
            assert result.passed, result.failures
        return
    assert message is not None, f"{case['file']} was accepted"
    assert re.search(case["error"], message), message
    assert LEAK not in message
    if case["via"] != "scenario-run":
        assert case["file"] in message, "the error names the file"


@pytest.mark.parametrize("case", CASES["options"], ids=[f"{c['option']}={c['value']}" for c in CASES["options"]])
def test_content_options_stay_in_their_place(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = "aeroplane_chess" if case["option"] == "board" else "snow_tails"
    with pytest.raises(OptionError) as err:
        racekit.load_game(game, **{case["option"]: case["value"]})
    assert re.search(case["error"], str(err.value)), str(err.value)
    assert err.value.field == f"options.{case['option']}"


SAVES = [c for c in FILES if c["via"] == "save"]


@pytest.mark.parametrize("case", SAVES, ids=[c["file"] for c in SAVES])
def test_cli_replay_of_a_hostile_save_prints_an_error_not_a_traceback(case):
    out = runner.invoke(app, ["replay", str(HERE / case["file"])])
    assert out.exception is None or isinstance(out.exception, SystemExit), repr(out.exception)
    assert "Traceback" not in out.output
    if case["error"] is None:
        assert out.exit_code == 0, out.output
    elif "cannot be replayed" in case["error"]:      # a rule broken at entry K: replayed up to K
        assert out.exit_code == 1 and "replayed 3 of " in out.output
    else:
        assert out.exit_code == 2 and out.output.startswith("error: "), out.output
        assert LEAK not in out.output


def test_cli_scenarios_reports_hostile_files_one_by_one():
    files = [str(HERE / c["file"]) for c in FILES if c["via"].startswith("scenario")]
    out = runner.invoke(app, ["scenarios", *files])
    assert out.exception is None or isinstance(out.exception, SystemExit), repr(out.exception)
    lines = out.output.strip().splitlines()
    bad = sum(1 for c in FILES if c["via"].startswith("scenario") and c["error"] is not None)
    assert lines[-1] == f"{len(files) - bad} passed, {bad} failed", out.output
    assert out.exit_code == 1 and LEAK not in out.output


def test_files_that_could_block_or_leave_the_folder_are_refused(tmp_path):
    scenario = (HERE / "scn-track-beside.yaml").read_text()
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "big.yaml").write_text("name: x\n" + "#" * (1 << 20) + "\n")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    outside.write_text((HERE / "track-good.yaml").read_text())
    (tmp_path / "link.yaml").symlink_to(outside)
    (tmp_path / "folder.yaml").mkdir()
    for target, error in [("pipe.yaml", "not a regular file"), ("big.yaml", "at most 1048576 are allowed"),
                          ("link.yaml", "leads out of the folder"), ("folder.yaml", "not a regular file")]:
        path = tmp_path / f"scn-{target}"
        path.write_text(scenario.replace("track-good.yaml", target))
        start = time.perf_counter()
        with pytest.raises(FileFormatError, match=error):
            run_scenario(path)
        assert time.perf_counter() - start < 5
    # and a save or scenario given directly may be a device: refused, not read forever
    with pytest.raises(FileFormatError, match="not a regular file"):
        load_save(Path("/dev/zero"))
    with pytest.raises(FileFormatError, match="not a regular file"):
        run_scenario("/dev/zero")


NAMES = ["roll ²", "roll ٣", "play ٣ to L", "take bonus +٣", "roll 7", "roll 99999999999999999999", "draw ²", "draw 9", "first player ²",
         "first player 99", "random slot ²", "random slot 0", "move ²", "move R1+R1", "move R9", "launch Z1",
         "play ² to L", "play 3 to L+L", "discard ²", "bonus ²", "DR ² F", "", " ", "\x00", "x" * 10_000,
         "move " + "R1+" * 1000 + "R2", "Red starts", "give extra roll to Purple", "slot ²", "slot 99"]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_typed_names_never_raise_anything_but_illegal_action(game_id):
    """The fuzzing of issue 7, bounded: odd names at many points of a seeded game."""
    from racekit.core.session import Session
    session = Session(racekit.load_game(game_id), seed=11)
    checked = 0
    while checked < 60 and not session.state.is_terminal():
        state = session.state
        for text in NAMES:
            before = (state.history(), repr(state.snapshot()))
            try:
                action = state.string_to_action(text)
                state.clone().apply_action(action)
            except IllegalActionError as err:
                # quoted as typed (cut when long), never as a bare number
                assert "No action is called" in str(err) or "is not allowed" in str(err), str(err)
                assert not re.search(r"\baction -?[0-9]+ is not allowed", str(err)), str(err)
            assert (state.history(), repr(state.snapshot())) == before
        session.step()
        checked += 1
