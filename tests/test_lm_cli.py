"""Leaf Marathon through the command line: play, replay, scenarios, rules, a seat's view."""
from typer.testing import CliRunner

from racekit.cli import app

runner = CliRunner()


def test_play_save_and_replay(tmp_path):
    out = runner.invoke(app, ["play", "leaf_marathon", "--seed", "2", "--players", "3", "--agent", "careful",
                              "--save", str(tmp_path / "g.json")])
    assert out.exit_code == 0, out.output[-2000:]
    assert "Ranking: 1. " in out.output and "d20" in out.output
    again = runner.invoke(app, ["replay", str(tmp_path / "g.json")])
    assert again.exit_code == 0, again.output


def test_a_seats_view_hides_other_seats_draws():
    everything = runner.invoke(app, ["play", "leaf_marathon", "--seed", "3", "--players", "2"]).output
    red = runner.invoke(app, ["play", "leaf_marathon", "--seed", "3", "--players", "2", "--seat", "0"]).output
    assert "(hidden)" in red and "(hidden)" not in everything
    hidden = [line for line in red.splitlines() if "(hidden)" in line]
    assert all("Blue" in line or "chance" in line for line in hidden)


def test_scenarios_and_rules():
    out = runner.invoke(app, ["scenarios", "leaf_marathon"])
    last = out.output.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 60, last
    out = runner.invoke(app, ["rules", "leaf_marathon"])
    assert out.exit_code == 0 and out.output.strip().endswith(" 0 gaps")


def test_bad_option_is_named():
    out = runner.invoke(app, ["play", "leaf_marathon", "-o", "tie_points=coin"])
    assert out.exit_code == 2 and "tie_points" in out.output
    out = runner.invoke(app, ["play", "leaf_marathon", "-o", "element_buff=by_card"])
    assert out.exit_code == 2 and "not built yet" in out.output


def test_every_d20_event_sentence_is_punctuated_once():
    """'Green rolls 7 on the d20: Bear!.' read oddly: a name with its own '!' takes no full stop."""
    from racekit.games.leaf_marathon.d20 import NAMES
    from racekit.games.leaf_marathon.text import _d20
    for number, name in NAMES.items():
        sentence = _d20(seat="Green", number=number, name=name)
        assert sentence.startswith(f"Green rolls {number} on the d20: {name}"), sentence
        assert "!." not in sentence and ".." not in sentence, sentence
    assert _d20(seat="Green", number=7, name=NAMES[7]).startswith("Green rolls 7 on the d20: Bear! ")
    assert _d20(seat="Red", number=1, name=NAMES[1]).startswith("Red rolls 1 on the d20: Get Over Here. ")


def test_a_bad_round_cap_or_course_file_is_named_in_plain_words(tmp_path, monkeypatch):
    """`-o max_rounds=abc` printed Python's "invalid literal for int() with base 10", `=0` no
    value; a map path that names no file read as an unknown name."""
    for value in ("abc", "1.5", "0", "100001"):
        out = runner.invoke(app, ["simulate", "leaf_marathon", "-n", "1", "--workers", "1",
                                  "-o", f"max_rounds={value}"])
        assert out.exit_code == 2, out.output
        assert (f"option 'max_rounds': a round cap is a whole number from 1 to 100000, "
                f"not '{value}'") in out.output
        assert "int()" not in out.output and "Traceback" not in out.output
    monkeypatch.chdir(tmp_path)
    out = runner.invoke(app, ["play", "leaf_marathon", "-o", "map=course.yaml"])
    assert out.exit_code == 2
    assert f"option 'map': 'course.yaml': no such file (looked in {tmp_path})" in out.output
    (tmp_path / "folder.yaml").mkdir()
    out = runner.invoke(app, ["play", "leaf_marathon", "-o", "deck=folder.yaml"])
    assert out.exit_code == 2 and "not a .yaml file" in out.output
    out = runner.invoke(app, ["play", "leaf_marathon", "-o", f"deck={tmp_path}"])
    assert out.exit_code == 2 and "no absolute paths" in out.output   # issue 16
    out = runner.invoke(app, ["play", "leaf_marathon", "-o", "characters=demo_base21"])
    assert out.exit_code == 2 and "'demo_base21' is not a shipped name; shipped: demo_base20" in out.output
