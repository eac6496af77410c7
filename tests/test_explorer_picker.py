"""The explorer's scenario picker (issue 19): a shipped scenario, or a scenario file by its path,
opens at its position with its moves ahead, without code; a bad path or file is refused in the
error box and the game shown stays as it was; nothing is read that the person did not name."""
import pytest

from racekit.core.scenarios import load_scenario, run_scenario, scenario_paths
from racekit.explorer import picker
from racekit.explorer.widget import Explorer
from racekit.games import SHIPPED


def _first_with_moves(game_id):
    for path in scenario_paths(game_id):
        result = run_scenario(path)
        if result.passed and result.after.history():
            return path, result
    pytest.skip(f"{game_id} ships no scenario with moves")


@pytest.fixture
def explorer():
    made = []

    def make(game_id, **kw):
        ex = Explorer(game_id, seed=3, **kw)
        made.append(ex)
        return ex
    yield make
    for ex in made:
        ex.close()


def _shown(ex):
    """What the page shows of the game: status, log, picture, the record and the settings."""
    return (ex.status.value, ex.event_log.value, ex.image.value, list(ex.session.line),
            ex.session.cursor, ex.players_box.value, ex.preset_box.value,
            {k: b.value for k, b in ex.option_boxes.items()})


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_shipped_scenario_opens_from_the_list_with_its_moves_ahead(explorer, game_id):
    path, result = _first_with_moves(game_id)
    scenario = load_scenario(path)[0]
    ex = explorer(game_id)
    assert ex.picker.widget in ex.children
    ex.picker.widget.selected_index = 0          # opening the panel fills the list
    ids = [value for _, value in ex.picker.shipped.options]
    assert scenario.id in ids and len(ids) == len({load_scenario(p)[0].id for p in scenario_paths(game_id)})
    ex.picker.shipped.value = scenario.id
    ex.picker.open_button.click()
    assert ex.errors == []
    assert ex.session.cursor == 0 and ex.session.line == result.after.history()
    assert ex.session.state.snapshot() == result.before.snapshot()
    assert f"scenario <b>{scenario.id}</b>" in ex.status.value
    # the setup row shows the scenario's game
    assert ex.players_box.value == ex.game.num_players == result.before.game.num_players
    assert ex.preset_box.value == ex.game.preset
    for opt in ex.game.game_type.options:
        if opt.choices:
            assert ex.option_boxes[opt.name].value == ex.game.options[opt.name], opt.name
    ex.every_draw.value = True
    for _ in range(len(ex.session.line)):
        ex.forward_button.click()
    assert ex.errors == []
    assert ex.session.state.snapshot() == result.after.snapshot()


def test_a_scenario_file_opens_by_its_path(explorer, tmp_path):
    path, result = _first_with_moves("wingsuit")
    copy = tmp_path / "my case.yaml"
    copy.write_bytes(path.read_bytes())
    ex = explorer("wingsuit")
    ex.picker.path_box.value = f"  {copy}  "
    ex.picker.open_file_button.click()
    assert ex.errors == []
    assert ex.session.line == result.after.history()
    assert load_scenario(path)[0].id in ex.status.value


BAD_FILES = {
    "missing.yaml": None,
    "broken.yaml": "game: wingsuit\nsteps: [SECRET_TOKEN_42\n",
    "empty.yaml": "",
    "another_game.yaml": None,           # a valid scenario of another game
}


@pytest.mark.parametrize("name", sorted(BAD_FILES) + ["not_a_scenario.txt", ""])
def test_a_bad_path_or_file_is_refused_and_the_game_stays(explorer, tmp_path, name):
    ex = explorer("wingsuit")
    ex.step()
    before = _shown(ex)
    target = tmp_path / name
    if name == "another_game.yaml":
        target.write_bytes(_first_with_moves("snow_tails")[0].read_bytes())
    elif BAD_FILES.get(name) is not None:
        target.write_text(BAD_FILES[name])
    elif name.endswith(".txt"):
        target.write_text("game: wingsuit\n")
    ex.picker.path_box.value = str(target) if name else ""
    ex.picker.open_file_button.click()
    assert ex.error is not None
    shown = ex.error_box.value
    assert ex.error_box.layout.display is None and "role='alert'" in shown
    assert "SECRET_TOKEN_42" not in shown, "the error quotes the file's content"
    if name.endswith(".yaml"):
        assert name in shown, f"the error should name the file: {shown}"
    if name == "another_game.yaml":
        assert "snow_tails" in shown
    assert _shown(ex) == before, "a refused scenario changed the game shown"
    ex.step_button.click()        # and the explorer goes on working
    assert ex.error is None


def test_an_unknown_shipped_id_is_refused(explorer):
    ex = explorer("aeroplane_chess")
    before = _shown(ex)
    ex.picker.fill()
    ex.picker.shipped.options = [("AC-SCN-999: gone", "AC-SCN-999")]
    ex.picker.open_button.click()
    assert "AC-SCN-999" in ex.error_box.value
    assert _shown(ex) == before


def test_no_scenario_file_is_read_until_a_person_asks(explorer, monkeypatch):
    """The page starts without reading any scenario; the list is read when its panel opens."""
    import racekit.core.scenarios as scenarios
    calls = []
    real = scenarios.load_scenario
    monkeypatch.setattr(scenarios, "load_scenario", lambda p: calls.append(p) or real(p))
    picker._SHIPPED.pop("snow_tails", None)
    ex = explorer("snow_tails")
    ex.step()
    assert calls == []
    ex.picker.widget.selected_index = 0
    assert calls and all(str(p).startswith(str(scenario_paths("snow_tails")[0].parent)) for p in calls)


def test_a_guest_page_opens_no_scenario(explorer):
    """ "You play" against an agent: a scenario's recorded line would show the hidden hands."""
    ex = explorer("leaf_marathon", players=3, agent="random", human=0)
    assert not ex.host
    assert ex.picker.widget.layout.display == "none"
    before = _shown(ex)
    ex.picker.fill()
    ex.picker.open_button.click()
    assert "opens no scenario" in ex.error_box.value
    assert _shown(ex) == before


def test_the_list_puts_the_worked_examples_first_in_number_order():
    """A teacher looks for the IDs the notebooks name (WS-SCN-06 for Q2): the spec's worked
    examples come first, then event, boundary and edge cases; numbers in number order."""
    ids = [sid for _, sid in picker.shipped_scenarios("wingsuit")]
    assert ids[0] == "WS-SCN-01" and ids.index("WS-SCN-06") < ids.index("WS-BND-01")
    kinds = [sid.split("-")[1] for sid in ids]
    assert kinds == sorted(kinds, key=["SCN", "EVENT", "BND", "EDGE"].index)
    assert ids.index("WS-BND-02") < ids.index("WS-BND-02-2") < ids.index("WS-BND-03")
    assert ids.index("WS-SCN-09") < ids.index("WS-SCN-10")
    for game_id in SHIPPED:
        assert picker.shipped_scenarios(game_id)[0][1].split("-")[1] == "SCN", game_id


def test_an_opened_scenarios_set_up_events_say_set_up_not_ply_minus_one(explorer):
    """Opening WS-SCN-10 shows the order of play decided in its set-up: the log says "set-up",
    not "ply -1"."""
    ex = explorer("wingsuit")
    picker.open_scenario(ex, "WS-SCN-10")
    assert "Action order" in ex.event_log.value
    assert "ply -1" not in ex.event_log.value and "set-up:" in ex.event_log.value
