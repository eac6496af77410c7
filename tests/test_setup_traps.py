"""Small traps a designer fell into (issue 16): an unknown set-up key, a field named one way in a
set-up and another in checks, a failing scenario that says only what differed, and a YAML value
whose colon needs quotes."""
from __future__ import annotations

import textwrap

import pytest

import racekit
from racekit.core.errors import FileFormatError, SetupError
from racekit.core import scenarios
from racekit.core.scenarios import run_scenario
from racekit.core.yamlfile import parse
from typer.testing import CliRunner

from racekit.cli import app

runner = CliRunner()


def _leaf(n):
    return ["start"] + ["leaf"] * (n - 1) + ["finish"]


def _write(tmp_path, text, name="mine.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


# ----- an unknown set-up key ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players, setup, field, meant, listed", [
    ("leaf_marathon", 2, {"seats": [{"pso": 3}, {}]}, "seats.0.pso", "pos", ["stamina", "hand", "position"]),
    ("leaf_marathon", 2, {"strat": "turn", "seats": [{}, {}]}, "strat", "start", ["terrain", "seats"]),
    ("aeroplane_chess", 2, {"to_mvoe": "red"}, "to_mvoe", "to_move", ["planes", "phase", "die"]),
    ("aeroplane_chess", 2, {"planes": {"R1": {"hom": 3}}}, "planes.R1.hom", "home", ["square", "home"]),
    ("snow_tails", 2, {"seats": [{"postion": [0, 1]}, {}]}, "seats.0.postion", "position",
     ["slot", "hand", "brake"]),
    ("wingsuit", 3, {"terrain": {"1,5": {"updarft": True}}, "seats": [{"at": "1,5"}, {"at": "3,5"}, {"at": "5,5"}]},
     "terrain.1,5.updarft", "updraft", ["h", "updraft", "item"]),
    ("wingsuit", 3, {"Phase": "plan", "seats": [{"at": "1,5"}, {"at": "3,5"}, {"at": "5,5"}]}, "Phase", "phase",
     ["track", "queue", "order"]),
])
def test_an_unknown_set_up_key_lists_the_keys_with_a_did_you_mean(game_id, players, setup, field, meant,
                                                                  listed):
    game = racekit.load_game(game_id, players=players)
    with pytest.raises(SetupError) as info:
        game.new_initial_state(setup=setup)
    err = info.value
    assert err.field == field
    assert f"did you mean {meant!r}?" in str(err)
    keys = str(err).split("the keys here are: ")[1].split(", ")
    assert set(listed) <= set(keys)


def test_an_unknown_key_far_from_every_key_lists_them_without_a_guess():
    game = racekit.load_game("aeroplane_chess", players=2)
    with pytest.raises(SetupError) as info:
        game.new_initial_state(setup={"zzzzzz": 1})
    assert "did you mean" not in str(info.value)
    assert "the keys here are: planes, rest, to_move, turn, phase, die, sixes" in str(info.value)


def test_a_scenario_file_with_a_mistyped_key_names_line_field_and_the_key_meant(tmp_path):
    path = _write(tmp_path, """\
        id: AC-MINE-01
        title: A typo in the file
        clauses: [AC-ACTION]
        game: aeroplane_chess
        players: 2
        setup:
          planes: {R1: 10}
          to_mvoe: red
        outcome: Nothing happens.
        step:
          - chance: roll 3
        """)
    result = scenarios.run_all(paths=[path])[0]
    text = result.failures[0]
    assert f"{path}:10: field step: unknown key (did you mean 'steps'?)" in text
    sed = path.read_text().replace("step:", "steps:")
    path.write_text(sed)
    with pytest.raises(FileFormatError, match=r"mine.yaml:8: field setup.to_mvoe: unknown key "
                                              r"\(did you mean 'to_move'\?\); the keys here are: planes"):
        run_scenario(path)


# ----- one field, two names ------------------------------------------------------------------------
LM_BOTH = """\
    id: LM-MINE-02
    title: A square written pos or position
    clauses: [LM-ACTION]
    game: leaf_marathon
    players: 2
    setup:
      terrain: [start, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf,
                leaf, leaf, leaf, leaf, leaf, leaf, leaf, finish]
      start: movement
      seats:
      - {position: 3, hand: [action]}
      - {pos: 5}
    outcome: Both move 3.
    expect:
      state: {seats.0.pos: 6, seats.0.position: 6, seats.1.pos: 8, seats.1.position: 8}
    """


def test_leaf_marathon_takes_pos_and_position_in_set_ups_and_checks(tmp_path):
    result = run_scenario(_write(tmp_path, LM_BOTH))
    assert result.passed, result.failures
    wrong = LM_BOTH.replace("seats.1.pos: 8", "seats.1.pos: 9")
    result = run_scenario(_write(tmp_path, wrong, "wrong.yaml"))
    assert result.failures == ["final: seats.1.pos is 8, expected 9"]


def test_giving_both_names_of_one_field_is_refused():
    lm = racekit.load_game("leaf_marathon", players=2)
    with pytest.raises(SetupError, match="pos or as position") as info:
        lm.new_initial_state(setup={"seats": [{"pos": 3, "position": 4}, {}]})
    assert info.value.field == "seats.0"
    ws = racekit.load_game("wingsuit", players=3)
    with pytest.raises(SetupError, match="alt or as altitude"):
        ws.new_initial_state(setup={"seats": [{"at": "1,5", "alt": 2, "altitude": 3}, {"at": "3,5"},
                                              {"at": "5,5"}]})


def test_a_position_beyond_the_finish_names_the_spelling_written():
    lm = racekit.load_game("leaf_marathon", players=2)
    with pytest.raises(SetupError) as info:
        lm.new_initial_state(setup={"terrain": _leaf(10), "seats": [{"position": 30}, {}]})
    assert info.value.field == "seats.0.position"
    with pytest.raises(SetupError) as info:
        lm.new_initial_state(setup={"terrain": _leaf(10), "seats": [{"pos": 30}, {}]})
    assert info.value.field == "seats.0.pos"


def test_wingsuit_takes_alt_and_altitude_in_set_ups_and_checks():
    from racekit.core.scenarios import Expect, check
    ws = racekit.load_game("wingsuit", players=3)
    seats = [{"at": "1,5", "altitude": 2}, {"at": "3,5", "alt": 3}, {"at": "5,5"}]
    state = ws.new_initial_state(setup={"seats": seats})
    assert [s["altitude"] for s in state.snapshot()["seats"]] == [2, 3, 4]
    assert check(state, Expect(state={"seats.0.alt": 2, "seats.1.altitude": 3}), [], "here") == []


def test_a_check_path_the_snapshot_lacks_says_what_was_meant(tmp_path):
    text = LM_BOTH.replace("seats.1.position: 8", "seats.1.psition: 8")
    result = run_scenario(_write(tmp_path, text))
    assert result.failures[0].startswith("final: state has no 'seats.1.psition'; no 'psition' under "
                                         "'seats.1' (did you mean 'position'?); keys there: ")


# ----- a failing scenario tells its story ------------------------------------------------------------
AC_FAIL = """\
    id: AC-MINE-03
    title: A capture on landing
    clauses: [AC-FAM-CAPTURE-3]
    game: aeroplane_chess
    preset: family
    players: 2
    setup:
      planes: {R1: {square: 10}, Y1: {square: 13}}
    outcome: Red lands on Yellow's plane.
    steps:
      - chance: roll 3
      - expect: {current_player: 0}
      - action: move R1
      - chance: roll 2
    expect:
      state: {planes.R1.square: 14}
    """


def test_a_failing_scenario_shows_the_events_since_the_last_check_and_the_position(tmp_path):
    result = run_scenario(_write(tmp_path, AC_FAIL))
    assert result.failures == ["final: planes.R1.square is 13, expected 14"]
    point = result.failed_at
    assert isinstance(point, scenarios.FailurePoint) and point.where == "final"
    # only what came after the check at step 2: Red's move (with the capture) and Yellow's roll
    assert point.events[0] == "ply 1 (action: move R1):"
    assert any("sends Y1 back" in line for line in point.events)
    assert "ply 2 (chance: roll 2):" in point.events
    assert not any("rolls a 3" in line for line in point.events)
    assert point.position == result.after.to_text()
    line = result.line()
    assert "what happened since the last check, up to final:" in line
    assert "the position there:" in line and "R1@14(sq13)" in line
    out = runner.invoke(app, ["scenarios", str(tmp_path / "mine.yaml")])
    assert out.exit_code == 1
    assert "sends Y1 back" in out.output and "the position there:" in out.output


def test_a_failing_step_tells_the_story_up_to_that_step(tmp_path):
    text = AC_FAIL.replace("  - expect: {current_player: 0}\n", "  - expect: {current_player: 1}\n")
    result = run_scenario(_write(tmp_path, text))
    assert result.failures[0].startswith("step 2 (line 12): current player is 0 (Red)")
    assert result.failed_at.where == "step 2 (line 12)"
    assert result.failed_at.events == ["ply 0 (chance: roll 3):", "  Red rolls a 3. [AC-FAM-TURN-1]"]
    assert "die=3" in result.failed_at.position


def test_the_set_up_own_steps_come_first_in_the_story(tmp_path):
    text = LM_BOTH.replace("seats.1.pos: 8", "seats.1.pos: 9")
    result = run_scenario(_write(tmp_path, text))
    events = result.failed_at.events
    assert events[0] == "at the start (the set-up's own steps):"
    assert any("moves from square 3 to 6" in line for line in events)


def test_a_passing_scenario_has_no_failure_point(tmp_path):
    result = run_scenario(_write(tmp_path, AC_FAIL.replace("square: 14}", "square: 13}")))
    assert result.passed and result.failed_at is None
    assert "what happened" not in result.line()


# ----- a colon that needs quotes ---------------------------------------------------------------------
@pytest.mark.parametrize("text, line, column", [
    ("id: X\noutcome: Red rolls 3: a capture\n", 2, 21),
    ("steps:\n- {action: play: 3}\n", 2, 16),
])
def test_a_value_with_a_colon_gets_a_hint_to_quote_it(text, line, column):
    with pytest.raises(FileFormatError) as info:
        parse(text, "disputes/mine.yaml")
    msg = str(info.value)
    assert msg.startswith(f"disputes/mine.yaml:{line}: not valid YAML: ")
    assert f"The colon at column {column} is read as the start of another key" in msg
    assert "must be put in quotes" in msg
    assert "a capture" not in msg and "play" not in msg   # the file's own text is not quoted back


def test_other_yaml_errors_get_no_quote_hint():
    with pytest.raises(FileFormatError) as info:
        parse("a: [b\n", "mine.yaml")
    assert "quotes" not in str(info.value)
