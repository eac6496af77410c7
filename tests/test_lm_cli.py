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
