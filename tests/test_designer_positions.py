"""Designers' own positions: set-ups that are remembered, scenario files by path, replay stories (issue 7)."""
from __future__ import annotations

import json
import pydoc
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import racekit
from racekit.cli import app
from racekit.core.content import content_base
from racekit.core.savefile import load_save, save_game
from racekit.core.scenarios import full_state, run_scenario, scenario_paths
from racekit.core.session import Session

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

AC_SETUP = {"planes": {"R1": {"square": 10}, "Y1": {"square": 13}, "Y2": 30}, "to_move": "yellow"}
ST_SETUP = {"track": "straight4", "turn_order": [1, 0],
            "seats": [{"position": [2, 1], "hand": [1, 2, 3, 4, 5]}, {"position": [3, 3], "hand": [5, 5, 4, 2, 1]}]}


def _advance(state, plies):
    session = Session(state.game, seed=9)
    session.state = state
    for _ in range(plies):
        if state.is_terminal():
            break
        session.step()
    return session.state


def _same(a, b):
    n = a.game.num_players
    assert a.history() == b.history()
    assert [a.snapshot(s) for s in [None, *range(n)]] == [b.snapshot(s) for s in [None, *range(n)]]


@pytest.mark.parametrize("game_id, options, setup", [
    ("aeroplane_chess", {"players": 2, "preset": "family"}, AC_SETUP),
    ("snow_tails", {"players": 2}, ST_SETUP)])
def test_a_custom_position_is_saved_without_being_told_again(game_id, options, setup, tmp_path):
    game = racekit.load_game(game_id, **options)
    state = _advance(game.new_initial_state(setup=setup), 12)
    assert state.initial_setup == setup
    path = tmp_path / "mine.json"
    save_game(state, path)                 # no setup= given
    assert json.loads(path.read_text())["setup"] == setup
    again, info = load_save(path)
    _same(again, state)
    assert again.initial_setup == setup


def test_a_track_file_named_by_a_set_up_is_kept_inline_in_the_save(tmp_path):
    folder = tmp_path / "designs"
    folder.mkdir()
    shutil.copy(ROOT / "racekit/games/snow_tails/tracks/teaching.yaml", folder / "my_track.yaml")
    setup = {"track": "my_track.yaml", "seats": [{"slot": 1, "hand": [1, 2, 3, 4, 5]},
                                                  {"slot": 2, "hand": [1, 2, 3, 4, 5]}]}
    game = racekit.load_game("snow_tails", players=2)
    with content_base(folder):              # as when a scenario in designs/ names it
        state = game.new_initial_state(setup=setup)
    assert state.track.name == "teaching"
    assert isinstance(state.initial_setup["track"], dict)      # the content, not the file name
    state = _advance(state, 8)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    save_game(state, elsewhere / "g.json")
    again, _ = load_save(elsewhere / "g.json")                  # no my_track.yaml beside it: fine
    _same(again, state)


def test_the_worked_examples_in_the_docs_pass(tmp_path):
    from racekit.games import SHIPPED
    text = (ROOT / "docs/setups.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    games = {re.search(r"^game: (\w+)", block, re.M).group(1) for block in blocks}
    assert games == set(SHIPPED), "docs/setups.md needs a worked example for every shipped game"
    for i, block in enumerate(blocks):
        path = tmp_path / f"example{i}.yaml"
        path.write_text(block)
        result = run_scenario(path)
        assert result.passed, result.failures
    code = re.search(r"```python\nfrom racekit.core.savefile.*?```", text, re.S).group(0)[10:-3]
    import os
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(code, "docs/setups.md", "exec"), {"racekit": racekit})
    finally:
        os.chdir(cwd)
    assert "docs/setups.md" in (ROOT / "README.md").read_text()   # the README points to it


@pytest.mark.parametrize("game_id, keys", [("aeroplane_chess", ["planes:", "to_move:", "phase:", "die:"]),
                                           ("snow_tails", ["seats:", "track:", "turn_order:", "hand:"]),
                                           ("wingsuit", ["track:", "queue:", "seats:", "phase:"]),
                                           ("leaf_marathon", ["leg:", "seats:", "hand:", "stamina:"])])
def test_help_of_new_initial_state_shows_the_set_up_format(game_id, keys):
    text = pydoc.render_doc(racekit.load_game(game_id).new_initial_state, renderer=pydoc.plaintext)
    for key in keys:
        assert key in text
    assert "docs/setups.md" in text


def test_racekit_scenarios_runs_files_and_folders_by_path(tmp_path):
    mine = tmp_path / "some" / "dir"
    mine.mkdir(parents=True)
    shipped = scenario_paths("aeroplane_chess")[:2]
    for path in shipped:
        shutil.copy(path, mine / path.name)
    (mine / "notes.txt").write_text("not a scenario")
    single = tmp_path / "my.yaml"
    shutil.copy(scenario_paths("snow_tails")[0], single)
    out = runner.invoke(app, ["scenarios", str(mine), str(single)])
    assert out.exit_code == 0, out.output
    assert out.output.strip().splitlines()[-1] == "3 passed, 0 failed"
    out = runner.invoke(app, ["scenarios", str(tmp_path / "nowhere")])
    assert out.exit_code == 2 and out.output.startswith("error: ") and "nowhere" in out.output


def test_a_refusal_that_changes_a_hidden_part_is_caught(monkeypatch):
    """The "refused, state unchanged" check looks at hidden hands and decks too."""
    from racekit.games.snow_tails.state import SnowTailsState
    path = next(p for p in scenario_paths("snow_tails") if p.name.startswith("scn14"))
    assert run_scenario(path).passed
    real = SnowTailsState._why_illegal

    def leaky(self, action):
        self.deck[0][1] += 1            # a bug that touches only a hidden deck
        return real(self, action)

    monkeypatch.setattr(SnowTailsState, "_why_illegal", leaky)
    result = run_scenario(path)
    assert any("the refused action changed the state" in f for f in result.failures), result.failures
    state = racekit.load_game("snow_tails", players=2).new_initial_state(setup=ST_SETUP)
    before = full_state(state)
    state.deck[1][2] -= 1       # the same deck size, another composition: invisible in every view
    state.deck[1][3] += 1
    assert full_state(state) != before and state.snapshot() == racekit.load_game(
        "snow_tails", players=2).new_initial_state(setup=ST_SETUP).snapshot()


def _saved_game(tmp_path):
    session = Session(racekit.load_game("aeroplane_chess", players=2, preset="family"), seed=3)
    session.run()
    path = tmp_path / "g.json"
    save_game(session.state, path, seed=3)
    return session.state, path


def test_replay_prints_the_story_and_the_ranking(tmp_path):
    state, path = _saved_game(tmp_path)
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "   0 chance: " in out.output and "rolls a" in out.output       # what happened, in words
    assert f"replayed {state.ply} of {state.ply} plies" in out.output
    assert out.output.strip().splitlines()[-1].startswith("Ranking: 1. ")


def test_replay_of_a_file_broken_at_entry_k_stops_there_and_names_the_rule(tmp_path):
    state, path = _saved_game(tmp_path)
    data = json.loads(path.read_text())
    k = next(i for i in range(10, len(data["history"])) if 1 <= data["history"][i] <= 6 and
             data["history"][i + 1] >= 100)            # a roll followed by a move
    data["history"][k + 1] = data["history"][k + 1] ^ 0xF   # a different (illegal) group of planes
    data.pop("actions")
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", str(path), "--show"])
    assert out.exit_code == 1, out.output
    assert f"replayed {k + 1} of {len(data['history'])} plies" in out.output
    assert re.search(rf"entry {k + 1} \(action \d+\) breaks the rules: \[AC-[A-Z0-9-]+\] ", out.output)
    assert "phase=move" in out.output                  # --show: the position reached
    assert out.output.strip().splitlines()[-1].startswith("Places so far: ")


def test_a_snow_tails_ending_says_who_dropped_out():
    out = runner.invoke(app, ["play", "snow_tails", "--seed", "5", "--quiet"])
    assert out.exit_code == 0, out.output
    assert "Dropped out: Red, Orange" in out.output


def test_on_off_yes_no_are_accepted_for_switches_from_the_command_line():
    out = runner.invoke(app, ["play", "aeroplane_chess", "--seed", "2", "--quiet", "-o", "optional_effects=yes",
                              "-o", "jump_fly=on", "-o", "bonus_roll_on_finish=off"])
    assert out.exit_code == 0, out.output
    game = racekit.load_game("aeroplane_chess", optional_effects="yes", bonus_roll_on_finish="off")
    assert game.options["optional_effects"] is True and game.options["bonus_roll_on_finish"] is False


def test_a_failing_dispute_names_players_and_events_in_the_files_own_words(tmp_path):
    """A teacher's failed check reads 'current player is -1 (chance: ...), expected 1 (Yellow)' and
    shows the expected event as the file wrote it, not as a Python dict."""
    dispute = tmp_path / "capture.yaml"
    dispute.write_text("""id: AC-MINE-01
title: A plane landing on an opponent sends it back
clauses: [AC-FAM-CAPTURE-3]
game: aeroplane_chess
preset: family
players: 2
setup:
  planes: {R1: {square: 10}, Y1: {square: 13}}
  to_move: red
outcome: Red lands on Yellow's plane.
steps:
  - chance: roll 3
  - action: move R1
expect:
  current_player: 1
  events:
    - {kind: jump, seats: [0], clauses: [AC-FAM-CAPTURE-3]}
""")
    out = runner.invoke(app, ["scenarios", str(dispute)])
    assert out.exit_code == 1, out.output
    assert "current player is -1 (chance: a random outcome is next), expected 1 (Yellow)" in out.output
    assert "no {kind: jump, seats: [0], clauses: [AC-FAM-CAPTURE-3]} event" in out.output
    assert "'kind'" not in out.output


def test_a_broken_save_names_the_entry_as_written_and_an_empty_ranking_in_words(tmp_path):
    """'entry 20 (999)' and a bare 'Places so far: ' puzzled a new user: the entry's written name is
    shown beside its number, and no places yet reads 'none yet'."""
    path = tmp_path / "g.json"
    out = runner.invoke(app, ["play", "snow_tails", "--seed", "4", "--players", "3", "--agent", "careful",
                              "--save", str(path)])
    assert out.exit_code == 0, out.output
    data = json.loads(path.read_text())
    k = next(i for i, name in enumerate(data["actions"]) if name.startswith("play "))
    data["history"][k] = 999
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", str(path), "--no-story"])
    assert out.exit_code == 1, out.output
    assert f'entry {k} (action 999, written as "{data["actions"][k]}") breaks the rules: [ST-' in out.output
    assert out.output.strip().splitlines()[-1].startswith("Places so far: none yet; still racing: ")


def test_a_scenario_missing_two_fields_names_both_in_words(tmp_path):
    """pydantic's 'Field required' and a bare 'also 1:' read as words: 'missing', 'also line 1'."""
    path = tmp_path / "short.yaml"
    path.write_text("id: AC-MINE-02\ntitle: t\ngame: aeroplane_chess\nplayers: 2\nsteps: []\n")
    out = runner.invoke(app, ["scenarios", str(path)])
    assert out.exit_code == 1, out.output
    assert "field clauses: missing (this field is required); also line 1: field outcome: missing" \
        in out.output, out.output
    assert "Field required" not in out.output


def test_replay_starts_with_the_same_header_as_play(tmp_path):
    path = tmp_path / "g.json"
    played = runner.invoke(app, ["play", "snow_tails", "--seed", "4", "--players", "3", "--save", str(path)])
    replayed = runner.invoke(app, ["replay", str(path), "--no-story"])
    assert replayed.exit_code == 0, replayed.output
    assert played.output.splitlines()[0] == replayed.output.splitlines()[0] \
        == "Snow Tails (雪橇竞速) · preset standard · 3 players · seed 4"
