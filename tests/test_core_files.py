"""Core: scenario files and save files, good and bad (toy game)."""
import json

import pytest

import racekit
from racekit.core import game as core_game
from racekit.core.errors import FileFormatError
from racekit.core.savefile import load_save, save_game
from racekit.core.scenarios import run_scenario
from racekit.core.session import Session

GOOD = """\
id: TOY-SCN-01
title: A run of four
clauses: [TOY-MOVE-1]
game: toy_race
outcome: Ann runs four squares.
steps:
  - chance: 4
  - refused: walk
    clause: TOY-AMB-02
  - action: run
    expect:
      state: {pos.0: 4}
expect:
  state: {pos: [4, 0], turn: 1}
  current_player: -1
  events: [{kind: roll, data: {value: 4}}, {kind: move, seats: [0], clauses: [TOY-MOVE-1]}]
  no_events: [capture]
options: {walk_allowed: false}
"""


@pytest.fixture(autouse=True)
def toy():
    core_game.register("toy_race", "toy_game:ToyRace")
    yield
    core_game._REGISTRY.pop("toy_race", None)


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_good_scenario_passes(tmp_path):
    result = run_scenario(write(tmp_path, GOOD))
    assert result.passed, result.failures
    assert result.before.snapshot()["pos"] == [0, 0]
    assert result.after.snapshot()["pos"] == [4, 0]


def test_wrong_expectation_fails_with_a_clear_message(tmp_path):
    result = run_scenario(write(tmp_path, GOOD.replace("pos: [4, 0]", "pos: [5, 0]")))
    assert not result.passed
    assert "pos is [4, 0], expected [5, 0]" in result.failures[0]


def test_accepted_refusal_fails(tmp_path):
    result = run_scenario(write(tmp_path, GOOD.replace("options: {walk_allowed: false}", "")))
    assert any("was accepted but must be refused" in f for f in result.failures)


@pytest.mark.parametrize("change, where", [
    (("title: A run of four", "titel: A run of four"), "2: field titel: Extra inputs are not permitted"),
    (("game: toy_race", "game: ludo"), ":4: field game: unknown game 'ludo'"),
    (("  - chance: 4", "  - chance: 4\n    action: run"), ":7: field steps.0: Value error, a step is one of"),
    (("{walk_allowed: false}", "{walk_allowed: maybe}"), ":18: field options.walk_allowed"),
    (("clauses: [TOY-MOVE-1]", "clauses: []"), ":3: field clauses"),
    (("id: TOY-SCN-01", "id: [oops"), "not valid YAML"),
])
def test_malformed_scenarios_name_file_line_and_field(tmp_path, change, where):
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(FileFormatError) as info:
        run_scenario(path)
    assert str(path) in str(info.value)
    assert where in str(info.value)


def test_save_load_round_trip_is_identical(tmp_path):
    game = racekit.load_game("toy_race", preset="long")
    session = Session(game, seed=11)
    session.run()
    text = save_game(session.state, tmp_path / "g.json", seed=11)
    state, info = load_save(tmp_path / "g.json")
    assert info.seed == 11 and info.preset == "long"
    assert state.history() == session.state.history()
    assert state.snapshot() == session.state.snapshot()
    assert save_game(state, seed=11) == text


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("history"), "field history: Field required"),
    (lambda d: d.update(game="ludo"), "field game: unknown game 'ludo'"),
    (lambda d: d.update(options={"goal": 3}), "field options: option 'goal' cannot be 3"),
    (lambda d: d["history"].insert(1, 55), "field history: .*history entry 1"),
    (lambda d: d.update(version=9), "field version"),
    (lambda d: d.update(seat=0), "field seat"),
])
def test_bad_save_files_are_rejected_clearly(tmp_path, mutate, message):
    session = Session(racekit.load_game("toy_race"), seed=2)
    for _ in range(6):
        session.step()
    data = json.loads(save_game(session.state))
    mutate(data)
    with pytest.raises(FileFormatError, match=message):
        load_save(json.dumps(data), name="bad.json")


def test_not_json_is_rejected(tmp_path):
    path = write(tmp_path, "{not json", "bad.json")
    with pytest.raises(FileFormatError, match="bad.json: not JSON"):
        load_save(path)
