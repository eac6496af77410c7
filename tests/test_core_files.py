"""Core: scenario files and save files, good and bad (fake game)."""
import json

import pytest

import racekit
from racekit.core.errors import FileFormatError
from racekit.core.savefile import load_save, save_game
from racekit.core.scenarios import run_scenario
from racekit.core.session import Session

import fake_game

GOOD = """\
id: FR-SCN-01
title: No overshooting
clauses: [FR-FINISH-2]
game: fake_race
outcome: Token A on 7 may not move 3; token B moves instead.
steps:
  - chance: 3
  - refused: move A
    clause: FR-FINISH-2
  - action: move B
    expect:
      state: {tokens.0.1: 3}
expect:
  state: {tokens: [[7, 3], [0, 0]], turn: 1}
  current_player: -1
  events: [{kind: roll, data: {value: 3}}, {kind: move, seats: [0], clauses: [FR-MOVE-1]}]
  no_events: [home]
setup: {tokens: [[7, 0]]}
options: {exact_finish: true}
"""


@pytest.fixture(autouse=True)
def fake():
    fake_game.register()  # idempotent; the explorer tests use it too


def six_plies():
    """A fake race after six seeded plies."""
    session = Session(racekit.load_game("fake_race"), seed=2)
    for _ in range(6):
        session.step()
    return session.state


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_good_scenario_passes(tmp_path):
    result = run_scenario(write(tmp_path, GOOD))
    assert result.passed, result.failures
    assert result.before.snapshot()["tokens"] == [[7, 0], [0, 0]]
    assert result.after.snapshot()["tokens"] == [[7, 3], [0, 0]]


def test_wrong_expectation_fails_with_a_clear_message(tmp_path):
    result = run_scenario(write(tmp_path, GOOD.replace("tokens: [[7, 3], [0, 0]]", "tokens: [[7, 4], [0, 0]]")))
    assert not result.passed
    assert "tokens is [[7, 3], [0, 0]], expected [[7, 4], [0, 0]]" in result.failures[0]


def test_accepted_refusal_fails(tmp_path):
    result = run_scenario(write(tmp_path, GOOD.replace("exact_finish: true", "exact_finish: false")))
    assert any("was accepted but must be refused" in f for f in result.failures)


@pytest.mark.parametrize("change, where", [
    (("title: No overshooting", "titel: No overshooting"), "2: field titel: unknown key (did you mean 'title'?)"),
    (("game: fake_race", "game: ludo"), ":4: field game: unknown game 'ludo'"),
    (("  - chance: 3", "  - chance: 3\n    action: move B"), ":7: field steps.0: a step is one of"),
    (("{exact_finish: true}", "{exact_finish: maybe}"), ":19: field options.exact_finish"),
    (("clauses: [FR-FINISH-2]", "clauses: []"), ":3: field clauses"),
    (("id: FR-SCN-01", "id: [oops"), "not valid YAML"),
])
def test_malformed_scenarios_name_file_line_and_field(tmp_path, change, where):
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(FileFormatError) as info:
        run_scenario(path)
    assert str(path) in str(info.value)
    assert where in str(info.value)


def test_save_load_round_trip_is_identical(tmp_path):
    game = racekit.load_game("fake_race", preset="long")
    session = Session(game, seed=11)
    session.run()
    text = save_game(session.state, tmp_path / "g.json", seed=11)
    state, info = load_save(tmp_path / "g.json")
    assert info.seed == 11 and info.preset == "long"
    assert state.history() == session.state.history()
    assert state.snapshot() == session.state.snapshot()
    assert save_game(state, seed=11) == text


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("history"), r"field history: missing \(this field is required\)"),
    (lambda d: d.update(game="ludo"), "field game: unknown game 'ludo'"),
    (lambda d: d.update(options={"track": 3}), "field options.track: option .track. cannot be 3"),
    (lambda d: d["history"].insert(1, 55), "field history.1: history entry 1 .55. cannot be replayed"),
    (lambda d: d.update(version=9), "field version"),
    (lambda d: d.update(seat=0), "field seat"),
])
def test_bad_save_files_are_rejected_clearly(mutate, message):
    data = json.loads(save_game(six_plies()))
    mutate(data)
    with pytest.raises(FileFormatError, match=message):
        load_save(json.dumps(data), name="bad.json")


def test_not_json_is_rejected(tmp_path):
    path = write(tmp_path, "{not json", "bad.json")
    with pytest.raises(FileFormatError, match="bad.json: not JSON"):
        load_save(path)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["actions"].__setitem__(1, "move Z"), r"field actions.1: says 'move Z' but history entry 1 is"),
    (lambda d: d.update(actions=d["actions"][:3]), "field actions: 3 names for 6 history entries"),
])
def test_edited_action_names_must_agree_with_the_history(mutate, message):
    state = six_plies()
    data = json.loads(save_game(state))
    mutate(data)
    with pytest.raises(FileFormatError, match=message):
        load_save(json.dumps(data), name="edited.json")
    del data["actions"]
    assert load_save(json.dumps(data))[0].history() == state.history()


def test_setup_errors_name_the_field_the_user_wrote():
    from typing import Union

    from pydantic import BaseModel

    from racekit.core.errors import SetupError
    from racekit.core.setups import validate_setup

    class At(BaseModel):
        home: int

    class Setup(BaseModel):
        planes: dict[str, Union[int, At]] = {}
        seats: list[At] = []

    with pytest.raises(SetupError) as err:
        validate_setup(Setup, {"seats": [{"home": 1}, {"home": "x"}]})
    assert err.value.field == "seats.1.home"
    with pytest.raises(SetupError) as err:
        validate_setup(Setup, {"planes": {"R1": "far"}})
    assert err.value.field == "planes.R1"          # not the union member's name
    with pytest.raises(SetupError, match="a set-up is a mapping"):
        validate_setup(Setup, [1])
