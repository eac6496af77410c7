"""A fifth race on the core, as a new contributor writes one (tests/tiny_race/, issue 17):
registered as a draft, it plays through load_game, random playouts, save and replay, a
scenario and the CLI, and the shipped-game checks leave it out."""
import pytest
from typer.testing import CliRunner

import racekit
from racekit.cli import app
from racekit.core.errors import OptionError, SetupError
from racekit.core.game import game_names, is_draft, shipped_names
from racekit.core.savefile import replay_save, save_game
from racekit.core.scenarios import run_scenario, scenario_paths
from racekit.core.session import Session
from racekit.games import SHIPPED

import tiny_race
from tiny_race import actions as A

tiny_race.register()


def _play(seed, **kw):
    session = Session(racekit.load_game("tiny_race", **kw), seed=seed)
    while not session.state.is_terminal():
        session.step()
    return session


def test_it_is_registered_as_a_draft_that_load_game_plays():
    assert "tiny_race" in game_names() and is_draft("tiny_race")
    assert "tiny_race" not in shipped_names() and "tiny_race" not in SHIPPED
    assert not any(is_draft(g) for g in SHIPPED)
    assert racekit.load_game("tiny_race").num_players == 2


def test_random_playouts_keep_the_declarations_and_reach_the_finish():
    gt = racekit.load_game("tiny_race").game_type
    for seed in range(40):
        st = _play(seed).state
        assert st.ply <= gt.max_game_length
        assert all(0 <= a < gt.num_distinct_actions for a in st.history())
        assert max(st.pos) == 10 and st.winner is not None
        assert st.ranking()[0] == [st.winner] and sorted(st.returns()) == [-1.0, 1.0]
        assert [e.kind for e in st.events][-1] == "finish"
        assert "TR-GOAL-1" in st.events[-1].clauses


def test_the_parameters_change_the_race_and_bad_values_name_the_bounds():
    st = _play(1, params={"finish_square": 3, "die_faces": 2}).state
    assert max(st.pos) == 3
    assert {e.data["roll"] for e in st.events if e.kind == "move"} <= {1, 2}
    with pytest.raises(OptionError, match="finish_square.*2 to 100"):
        racekit.load_game("tiny_race", params={"finish_square": 1})


def test_save_and_replay_give_the_same_game(tmp_path):
    st = _play(5).state
    path = tmp_path / "tiny.json"
    save_game(st, path, seed=5)
    again = replay_save(path).state
    assert again.history() == st.history() and again.snapshot() == st.snapshot()


def test_the_scenario_passes_and_an_impossible_setup_is_refused():
    paths = scenario_paths("tiny_race")
    assert [p.stem for p in paths] == ["TR-SCN-01", "TR-SCN-02"]
    for path in paths:
        result = run_scenario(path)
        assert result.passed, (path.stem, result.failures)
    with pytest.raises(SetupError) as err:
        racekit.load_game("tiny_race").new_initial_state(setup={"pos": [3, 12]})
    assert err.value.field == "pos.1" and err.value.clause == "TR-GOAL-1"


def test_the_cli_lists_it_as_a_draft_and_plays_it():
    runner = CliRunner()
    out = runner.invoke(app, ["games"])
    assert out.exit_code == 0 and "tiny_race (draft" in out.output
    assert "finish_square = 10" in out.output
    out = runner.invoke(app, ["play", "tiny_race", "--seed", "2", "-p", "finish_square=6"])
    assert out.exit_code == 0, out.output
    assert "reaches the finish on square 6" in out.output


def test_the_shipped_game_checks_leave_it_out():
    import test_declarations
    import test_games_shipped
    import test_state_copy
    assert "tiny_race" not in test_declarations.GAMES and "tiny_race" not in test_state_copy.GAMES
    assert all(g != "tiny_race" for g, _ in test_games_shipped.PAIRS)
    assert not any("tiny_race" in str(p) for p in
                   [p for g in SHIPPED for p in scenario_paths(g)])


def test_every_clause_is_implemented_and_asserted_as_shipping_would_require():
    from racekit.core.clauses import coverage
    rows = coverage("tiny_race")
    assert [r.id for r in rows if not (r.implemented and r.asserted)] == []
    assert {r.id for r in rows} == {"TR-SETUP-1", "TR-ROLL-1", "TR-TURN-1", "TR-GOAL-1", "TR-AMB-01"}


def test_codec_names_read_back():
    st = racekit.load_game("tiny_race").new_initial_state()
    assert st.string_to_action("roll") == A.ROLL
    st.apply_action(A.ROLL)
    assert st.string_to_action(st.action_to_string(4)) == 4
