"""Error messages in Chinese (issue 20): every command of the command line, given bad input under
``--lang zh`` (an unknown option value, a broken scenario file, a broken or refused save, a
mistyped option), ends on one line in Chinese, except the ids, paths, numbers and values a person
typed; the line names the file and the line; no traceback. The engine keeps its English (what a
scenario file asserts); the words change only where a person reads them."""
from __future__ import annotations

import json
import re

import pytest

from racekit import load_game
from racekit.cli import app
from racekit.core import i18n
from racekit.core.errors import FileFormatError, IllegalActionError
from racekit.core.i18n import error_text, refusal_text, use_lang
from racekit.core.scenarios import run_all
from test_i18n import CJK, english_words

BROKEN_YAML = "game: snow_tails\ntitle: a broken case\nsteps:\n  - action: move: R1\n"
BAD_FIELDS = ("id: ST-X-1\ngame: snow_tails\ntitle: ok\nclauses: [ST-NOPE-1]\nbogus: 3\n"
              "outcome: x\nsteps: []\n")
BAD_CLAUSE = ("id: ST-X-2\ngame: snow_tails\ntitle: a typo in a clause\nclauses: [ST-NOPE-1]\n"
              "outcome: a card is drawn\nsteps:\n  - action: draw 1\n")


def run(capsys, *args: str) -> tuple[int, str]:
    """The real command line (``racekit ARGS --lang zh``), as a shell runs it: its exit code and
    everything it wrote."""
    with pytest.raises(SystemExit) as done:
        app(args=[*args, "--lang", "zh"], prog_name="racekit")
    out = capsys.readouterr()
    return done.value.code, out.out + out.err


def chinese_only(line: str, *typed: str) -> list[str]:
    """English words left in ``line`` once the paths and values a person typed are taken out."""
    for word in typed:
        line = line.replace(word, " ")
    line = re.sub(r"(?:/[\w.+-]+)+", " ", line)          # paths
    line = re.sub(r"'[^']*'", " ", line)                  # values as typed, quoted
    return english_words(line)


def check(code: int, output: str, *typed: str, where: str | None = None) -> str:
    assert code and code != 0, output
    assert "Traceback" not in output and "internal error" not in output, output
    error = [ln for ln in output.splitlines() if ln.startswith("错误：")]
    line = error[-1] if error else output
    assert CJK.search(line), output
    assert not chinese_only(line, *typed), f"English left: {chinese_only(line, *typed)} in {line!r}"
    if where:
        assert where in line, f"{where!r} not named in {line!r}"
    return line


@pytest.fixture
def files(tmp_path):
    (tmp_path / "broken.yaml").write_text(BROKEN_YAML, encoding="utf-8")
    (tmp_path / "fields.yaml").write_text(BAD_FIELDS, encoding="utf-8")
    (tmp_path / "clause.yaml").write_text(BAD_CLAUSE, encoding="utf-8")
    (tmp_path / "cut.json").write_text('{"game": "snow_tails", "history": [1,\n', encoding="utf-8")
    return tmp_path


def test_unknown_option_values_and_names_in_every_command(capsys):
    for command in (["play", "snow_tails", "-o", "bonus_round1=maybe"],
                    ["simulate", "snow_tails", "-n", "2", "-o", "bonus_round1=maybe"],
                    ["play", "snow_tails", "-o", "track=nowhere"],
                    ["games", "nowhere"], ["rules", "nowhere"], ["scenarios", "nowhere"],
                    ["review", "nowhere"], ["replay", "/no/such/save.json"]):
        check(*run(capsys, *command), "straightW_N", "racekit", "False", "True", "track", "long", "medium", "teaching",
              "straightW", ".yaml", "wingsuit", "nowhere")   # ids and values as typed
    # the command line's own parsing (click): a value of the wrong type, an option that is not
    line = check(*run(capsys, "play", "snow_tails", "--seed", "x"), "--seed", "racekit play --help")
    assert "--seed" in line and "racekit play --help" in line
    line = check(*run(capsys, "play", "snow_tails", "--bogus"), "racekit play --help")
    assert "--bogus" in line


def test_a_broken_scenario_file_names_file_and_line_in_chinese(capsys, files):
    code, output = run(capsys, "scenarios", str(files / "broken.yaml"))
    assert code == 1 and "Traceback" not in output
    failure = [ln for ln in output.splitlines() if ln.strip().startswith("- ")][0]
    assert f"{files / 'broken.yaml'}:4：" in failure and "不是有效的 YAML" in failure, failure
    assert "第 17 列" in failure and not chinese_only(failure), failure
    assert "（无效文件）" in output and "0 个通过，1 个失败" in output

    code, output = run(capsys, "scenarios", str(files / "fields.yaml"))
    failure = [ln for ln in output.splitlines() if ln.strip().startswith("- ")][0]
    assert f"{files / 'fields.yaml'}:3：字段 title：" in failure, failure      # file, line, field
    assert "第 5 行：字段 bogus：没有这个键" in failure, failure
    assert not chinese_only(failure, "outcome", "clauses", "options", "params", "setup", "steps",
                            "expect", "preset", "players", "title", "game", "id", "bogus"), failure

    code, output = run(capsys, "scenarios", str(files / "clause.yaml"))
    failure = [ln for ln in output.splitlines() if ln.strip().startswith("- ")][0]
    assert f"{files / 'clause.yaml'}:4：字段 clauses.0：'ST-NOPE-1' 不是 snow_tails 的条款" in failure, failure  # the clause
    assert not chinese_only(failure, "racekit rules snow_tails", "snow_tails", "clauses.0"), failure


def test_a_bad_save_names_file_and_line_and_a_refused_entry_its_clause(capsys, files, tmp_path):
    line = check(*run(capsys, "replay", str(files / "cut.json")), where=f"{files / 'cut.json'}")
    assert "第 2 行" in line, line

    save = tmp_path / "ac.json"
    code, _ = run(capsys, "play", "aeroplane_chess", "--seed", "1", "--quiet", "--save", str(save))
    data = json.loads(save.read_text(encoding="utf-8"))
    data.pop("actions", None)
    data["history"][3] = 8                     # not a legal move there
    save.write_text(json.dumps(data), encoding="utf-8")
    code, output = run(capsys, "replay", str(save), "--no-story")
    assert code == 1 and "Traceback" not in output
    breaks = [ln for ln in output.splitlines() if "违反规则" in ln][0]
    assert "[AC-ACTION]" in breaks and "不允许" in breaks and not chinese_only(breaks), breaks


def test_refusals_name_clause_and_legal_actions_in_chinese_and_the_engine_keeps_english():
    for gid in ("aeroplane_chess", "snow_tails", "wingsuit", "leaf_marathon"):
        state = load_game(gid).new_initial_state()
        illegal = next(a for a in range(400) if a not in state.legal_actions()
                       and not state.is_chance_node() or a not in [o for o, _ in state.chance_outcomes()])
        with pytest.raises(IllegalActionError) as refused:
            state.apply_action(illegal)
        exc = refused.value
        assert "Legal now:" in str(exc) and exc.reason.isascii()      # the engine's record
        with use_lang("zh"):
            said = error_text(exc)
        assert said.startswith(f"[{exc.clause}] ") and "现在的合法行动：" in said, said
        assert "Legal now" not in said and not english_words(re.sub(r"\[[^\]]*\]", "", said)), said
        assert refusal_text(exc, "en") == str(exc)


def test_a_scenario_still_asserts_the_english_reason():
    """The shipped scenarios (which match refusal reasons and clause IDs) pass as before."""
    results = run_all("aeroplane_chess")
    assert results and all(r.passed for r in results), [r.line() for r in results if not r.passed]


# the fields and values of set-up, board and content files, as a person types them (the games'
# set-up errors name them: "phase 为 move 时要写 die")
SETUP_WORDS = {"alt", "altitude", "base", "blue", "bonus", "buffs", "card", "cards", "characters",
               "die", "entries", "finish", "fixtures", "green", "home", "id", "lane", "move", "next",
               "order", "phase", "pos", "position", "red", "roll", "row", "sixes", "slot",
               "specials", "square", "start", "takeoff", "turn", "void", "white", "yellow"}


def test_every_message_pattern_has_chinese_words_only():
    """Every Chinese template of messages.patterns is Chinese, its fields aside (the English file
    carries the same patterns: tests/test_i18n.py checks that)."""
    for pattern, template in i18n.catalogue("zh", "core")["messages.patterns"]:
        words = english_words(re.sub(r"'[^']*'", " ", re.sub(r"\{[^}]*\}", " ", template)))  # 'typed'
        words = [w for w in words if w not in SETUP_WORDS]
        allowed = {"racekit", "rules", "scenarios", "string_to_action", "true", "false", "null",
                   "numba", "steps", "expect", "options", "actions", "straightW", "straightW_N",
                   "brave_identity", "planned_hand", "distinct_scope", "per_group", "parquet",
                   "csv", "yaml", "out", "option", "param", "players", "key", "value", "COMMAND",
                   "OPTION", "NAME", "a", "b", "c", "x", "y", "host", "True", "yml", "json"}   # host=True: Python
        assert not set(words) - allowed, (pattern, template, words)
        assert CJK.search(template), template


def test_an_english_error_is_unchanged():
    error = FileFormatError("case.yaml:3: field title: missing (this field is required)")
    assert error_text(error, "en") == str(error)
    with use_lang("zh"):
        assert error_text(error) == "case.yaml:3：字段 title：缺少（这个字段必须填写）"


FAILING = """id: AC-X-1
game: aeroplane_chess
title: a failing case
clauses: [AC-FAM-TURN-1]
outcome: nothing much
steps:
  - chance: Blue starts
  - refused: move B1
    clause: AC-FAM-TURN-1
  - chance: roll 6
    expect:
      terminal: true
      no_events: [roll]
      state: {nonesuch: 1}
"""


def test_a_failing_scenario_is_told_in_chinese_and_in_english_as_before(capsys, tmp_path):
    path = tmp_path / "fail.yaml"
    path.write_text(FAILING, encoding="utf-8")
    code, output = run(capsys, "scenarios", str(path))
    assert code == 1 and "Traceback" not in output
    lines = output.splitlines()
    assert "     - 第 2 步（第 8 行）：被拒绝时引用的是 AC-BOTH-MOVE-1，应当是 AC-FAM-TURN-1" in lines, output
    assert "     - 第 3 步（第 10 行）：发生了 'roll' 事件，但不应发生" in lines, output
    assert "       第 0 步（随机：“蓝方先走”）：" in lines and "     那时的局面：" in lines, output
    for line in lines[1:lines.index("     那时的局面：")]:
        assert not chinese_only(line, "terminal", "False", "True", "game", "preset", "players",
                                "phase", "to_move", "turn", "roller", "die", "sixes", "planes",
                                "finished", "stacks", "sides", "pending", "last_move", "places",
                                "winner"), line
    with pytest.raises(SystemExit):
        app(args=["scenarios", str(path)], prog_name="racekit")
    english = capsys.readouterr().out
    assert "     - step 2 (line 8): refused citing AC-BOTH-MOVE-1, expected AC-FAM-TURN-1" in english
    assert "       ply 0 (chance: Blue starts):" in english and not CJK.search(english.split("the position")[0]
                                                                             .replace("蓝", ""))


def test_the_explorer_says_a_refusal_in_the_pages_language():
    """A typed action the rules refuse: the error box names the clause and the legal actions in
    Chinese; after the English toggle, the same refusal in the engine's English words."""
    import matplotlib
    matplotlib.use("Agg")
    from racekit.explorer.widget import Explorer
    e = Explorer("aeroplane_chess", seed=5, agent="random", lang="zh")
    try:
        e.step()
        before = e.session.cursor
        e.action_text.value = "move R9"
        e.try_button.click()
        box = re.sub(r"<[^>]*>", " ", e.error_box.value)
        assert isinstance(e.error, IllegalActionError) and e.session.cursor == before
        assert f"[{e.error.clause}]" in box and "现在的合法行动：" in box and "Legal now" not in box, box
        assert not english_words(box.replace("IllegalActionError", "")), box
        e.action_text.value = ""
        e.try_button.click()
        assert "请先输入一个行动名" in e.error_box.value
        e.lang_toggle.value = "en"
        e.action_text.value = "move R9"
        e.try_button.click()
        assert "Legal now:" in e.error_box.value and not CJK.search(e.error_box.value)
    finally:
        e.close()
