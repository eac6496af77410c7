"""racekit.explore(game, scenario=ID): a scenario's position with its moves ahead (issue 9: a
teacher opens an FAQ scenario, steps through it and sees it pictured)."""
import pytest

from racekit.core.errors import FileFormatError
from racekit.core.scenarios import load_scenario, run_scenario, scenario_paths
from racekit.explorer.widget import Explorer
from racekit.games import SHIPPED


def _first_scenario_with_moves(game_id):
    for path in scenario_paths(game_id):
        result = run_scenario(path)
        if result.passed and result.after.history():
            return path, result
    pytest.skip(f"{game_id} ships no scenario with moves")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_opening_a_scenario_steps_through_its_moves(game_id):
    path, result = _first_scenario_with_moves(game_id)
    scenario = load_scenario(path)[0]
    ex = Explorer(game_id, scenario=scenario.id, seed=5, every_draw=True)
    try:
        assert ex.session.cursor == 0
        assert ex.session.state.snapshot() == result.before.snapshot()
        assert ex.session.line == result.after.history()
        assert scenario.id in ex._status_html(ex.session.state, 0, len(ex.session.line))
        for _ in range(len(result.after.history())):
            ex.forward()
        assert ex.errors == []
        assert ex.session.state.history() == result.after.history()
        assert ex.session.state.snapshot() == result.after.snapshot()
        ex.back()
        assert ex.session.cursor == len(result.after.history()) - 1
    finally:
        ex.close()


def test_a_scenario_file_path_opens_too():
    path, result = _first_scenario_with_moves("wingsuit")
    ex = Explorer("wingsuit", scenario=str(path), seed=5)
    try:
        assert ex.session.line == result.after.history()
    finally:
        ex.close()


def test_an_unknown_scenario_is_a_clear_error():
    with pytest.raises(FileFormatError, match="no scenario 'WS-SCN-99'"):
        Explorer("wingsuit", scenario="WS-SCN-99")
