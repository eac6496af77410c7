"""Careless command lines found in QA: each gives a clear error and a non-zero exit."""
from typer.testing import CliRunner

from racekit.cli import app

runner = CliRunner()


def test_scenarios_on_a_folder_without_scenarios_is_an_error(tmp_path):
    (tmp_path / "notes.txt").write_text("not a scenario\n", encoding="utf-8")
    res = runner.invoke(app, ["scenarios", str(tmp_path)])
    assert res.exit_code != 0
    assert "error:" in res.output and "no .yaml scenario files" in res.output
    assert "0 passed" not in res.output and "Traceback" not in res.output


def test_a_bad_scenario_id_is_explained_in_words(tmp_path):
    (tmp_path / "my.yaml").write_text(
        "id: H-1\ntitle: mine\nclauses: [WS-GEN-2]\ngame: wingsuit\noutcome: something\n",
        encoding="utf-8")
    res = runner.invoke(app, ["scenarios", str(tmp_path / "my.yaml")])
    assert res.exit_code == 1
    assert "my.yaml:1: field id: an id is 2 to 5 capital letters" in res.output
    assert "should match pattern" not in res.output
