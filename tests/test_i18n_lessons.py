"""The lessons in Simplified Chinese (issue 20): every shipped lesson's title, question, hints and
word choices (racekit/games/<id>/locale/zh/lessons.yaml), the lesson widget's words and
`racekit lessons --lang zh`; English unchanged."""
from __future__ import annotations

import html
import re
import shutil
from functools import lru_cache

import pytest
from typer.testing import CliRunner

from racekit.cli import app
from racekit.core.i18n import catalogue, game_locale, use_lang
from racekit.core.lessons import lesson_paths, load_lesson, run_lesson
from racekit.core.yamlfile import read_yaml
from racekit.games import SHIPPED

from racekit.core import i18n

from test_i18n import CJK, _mentions, _terms, english_words

runner = CliRunner()
PARTS = ("title", "question", "hints", "choices")


def _zh(game: str) -> dict:
    path = game_locale(game) / "zh" / "lessons.yaml"
    assert path.is_file(), f"{game} has no {path}"
    return read_yaml(path).data


def _wanted(lesson) -> dict:
    """The texts a lesson's Chinese entry must hold: title, question, hints (as many), and the
    choices' words when the choices are words."""
    out = {"title": lesson.title, "question": lesson.question}
    if lesson.hints:
        out["hints"] = list(lesson.hints)
    if lesson.answer.kind == "word":
        out["choices"] = {str(c): str(c) for c in lesson.choices}
    return out


@pytest.mark.parametrize("game", SHIPPED)
def test_every_shipped_lesson_has_chinese_and_no_extra_keys(game):
    zh = _zh(game)
    lessons = {}
    for path in lesson_paths(game):
        lesson = load_lesson(path)[0]
        lessons[lesson.id] = lesson
    assert set(zh) == set(lessons), (f"missing {sorted(set(lessons) - set(zh))}, "
                                     f"extra {sorted(set(zh) - set(lessons))}")
    for lid, lesson in lessons.items():
        entry, want = zh[lid], _wanted(lesson)
        assert set(entry) == set(want), f"{lid}: keys {sorted(entry)}, wanted {sorted(want)}"
        assert len(entry.get("hints", [])) == len(want.get("hints", [])), f"{lid}: hints"
        assert set(entry.get("choices", {})) == set(want.get("choices", {})), f"{lid}: choices"
        texts = [entry["title"], entry["question"], *entry.get("hints", []),
                 *entry.get("choices", {}).values()]
        for text in texts:
            assert isinstance(text, str) and CJK.search(text), f"{lid}: {text!r} is not Chinese"
            assert not english_words(text), f"{lid}: {english_words(text)} in {text!r}"
        # the codes (plane and action codes, squares and hexes, clause IDs) are kept as typed
        english = " ".join([lesson.question, *lesson.hints])
        for code in set(re.findall(r"\b[A-Z]{1,2}[0-9]\b|\([0-9]+,[0-9]+\)|[A-Z]{2}-[A-Z]+-[0-9]+", english)):
            if code.startswith("("):
                assert code.replace(",", ",") in entry["question"] + "".join(entry.get("hints", [])), \
                    f"{lid}: {code} lost"
            else:
                assert code in " ".join(texts), f"{lid}: {code} lost"


def test_core_catalogue_of_the_lessons_has_the_same_keys():
    en = {k for k in catalogue("en", "core") if k.startswith("lessons.")}
    zh = {k for k in catalogue("zh", "core") if k.startswith("lessons.")}
    assert en and en == zh
    for key in zh:
        said = re.sub(r"\{[^}]*\}", " ", catalogue("zh", "core")[key])     # the fields: {left}
        assert not english_words(said), f"{key}: {said!r}"


@lru_cache(maxsize=None)
def _runs(game):
    return [run_lesson(p) for p in lesson_paths(game)]


@pytest.mark.parametrize("game", SHIPPED)
def test_runs_say_the_lesson_in_chinese(game):
    for run in _runs(game):
        assert run.ok, run.line()
        with use_lang("zh"):
            line = run.line()
            texts = [run.title, run.question, *run.hints, run.words(run.answer),
                     *(run.words(c) for c in run.choices or [])]
            steps = [s.words() for s in run.steps]
            clauses = run.clause_summaries()
            answer = run.words(run.answer)
        assert line.startswith("通过 ") and CJK.search(answer) or \
            run.lesson.answer.kind in ("number", "hex", "square"), line
        for text in [line, *texts, *clauses.values()]:
            assert not english_words(text), f"{run.id}: {english_words(text)} in {text!r}"
        for move, sentences in steps:
            for text in [move, *sentences]:
                assert not english_words(text), f"{run.id}: {english_words(text)} in {text!r}"
        with use_lang("en"):     # English: the lesson file's own words
            assert run.title == run.lesson.title and run.question == run.lesson.question
            assert run.hints == list(run.lesson.hints)
            assert [s.words() for s in run.steps] == [(s.move, s.sentences) for s in run.steps]


def test_a_users_own_lesson_keeps_its_english(tmp_path):
    shipped = lesson_paths("snow_tails")[2]                    # ST-LES-03, a shipped scenario
    own = tmp_path / "mine.yaml"
    shutil.copy(shipped, own)
    run = run_lesson(own)
    assert run.ok and not run.shipped and run_lesson(shipped).shipped
    with use_lang("zh"):
        assert run.title == run.lesson.title and run.question == run.lesson.question
        assert run.hints == list(run.lesson.hints)
        assert run.words(run.answer) in ("是", "否")             # the kit's own words still Chinese


def test_cli_lessons_lang_zh_and_environment(monkeypatch):
    monkeypatch.delenv("RACEKIT_LANG", raising=False)
    en = runner.invoke(app, ["lessons", "aeroplane_chess"])
    assert en.exit_code == 0 and en.output.splitlines()[-1] == "9 ready, 0 with problems"
    assert "OK   AC-LES-05    One plane landing on a stack of two  (answer: base)" in en.output
    for args, env in ((["lessons", "aeroplane_chess", "--lang", "zh"], {}),
                      (["lessons", "aeroplane_chess"], {"RACEKIT_LANG": "zh"})):
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        zh = runner.invoke(app, args)
        assert zh.exit_code == 0, zh.output
        assert zh.output.splitlines()[-1] == "9 课可用，0 课有问题"
        assert "通过 AC-LES-05    一架飞机落到两架迭子上（答案：基地）" in zh.output
        for line in zh.output.splitlines():
            assert not english_words(line), line
    for game in SHIPPED:
        zh = runner.invoke(app, ["lessons", game, "--lang", "zh"])
        assert zh.exit_code == 0
        assert not [l for l in zh.output.splitlines() if english_words(l)]


def test_cli_lessons_bad_file_in_chinese(tmp_path):
    bad = tmp_path / "XY-LES-9.yaml"            # its name stands for its id: a code
    bad.write_text("id: X-LES-1\n", encoding="utf-8")
    en = runner.invoke(app, ["lessons", str(bad)])
    assert en.exit_code == 1 and "FAIL XY-LES-9     (invalid file)" in en.output
    assert "field title: missing" in en.output
    zh = runner.invoke(app, ["lessons", str(bad), "--lang", "zh"])
    assert zh.exit_code == 1 and "失败 XY-LES-9     （无法读取的文件）" in zh.output
    assert "XY-LES-9.yaml:1：字段 id：" in zh.output and "0 课可用，1 课有问题" in zh.output
    for line in zh.output.splitlines():
        said = re.sub(r"字段 \w+", "", line.replace(str(bad), ""))   # the path, field names: as typed
        assert not english_words(said), line


def _widget_text(w) -> list[str]:
    return [w.title.value, w.question.value, w.choices_html.value, w.hint_html.value,
            w.feedback.value, w.reveal_html.value, w.score_html.value, w.picker.description,
            *(label for label, _ in w.picker.options), *w.answer_box.options,
            w.number_box.description, w.number_box.placeholder,
            *(b.description for b in (w.check_button, w.hint_button, w.hands_button,
                                      w.next_step_button, w.show_all_button, w.next_lesson_button))]


def _no_english(w, where):
    for text in _widget_text(w):
        text = html.unescape(re.sub(r"<[^>]*>", " ", text))      # tags, then &gt; -> >
        assert not english_words(text), f"{where}: {english_words(text)} in {text!r}"


@pytest.mark.parametrize("mode", ["class", "self"])
def test_widget_in_chinese_every_lesson(mode):
    from racekit.explorer.lessons import LessonWidget
    for game in SHIPPED:
        w = LessonWidget(game, mode=mode, lang="zh", size=(2, 2), dpi=20)
        assert w.lang_toggle.value == "zh"
        for i in range(len(w.runs)):
            w.show(i)
            w.hint(), w.hint()
            if mode == "class":
                w.hands_up()
                _no_english(w, f"{w.run.id} hands up")
                w.next_step()
                w.show_all()
            else:
                w.check()                                   # nothing chosen yet
                _no_english(w, f"{w.run.id} nothing chosen")
                if w.run.choices:
                    w.answer_box.value = w.answer_box.options[0]
                else:
                    w.number_box.value = "7"
                w.check()
            _no_english(w, w.run.id)
            assert CJK.search(w.question.value) and CJK.search(w.reveal_html.value)


def test_widget_switches_language_keeping_its_place():
    from racekit.explorer.lessons import LessonWidget
    w = LessonWidget("wingsuit", mode="self", lang="en", size=(2, 2), dpi=20)
    w.show(3)                                   # WS-LES-04: seat-order choices
    w.hint()
    w.answer_box.value = w.answer_box.options[2]
    english = _widget_text(w)
    assert w.check_button.description == "Check" and "Hint 1:" in w.hint_html.value
    w.lang_toggle.value = "zh"                  # the toggle, as a learner presses it
    assert w.lang == "zh" and w.index == 3 and w.check_button.description == "核对"
    assert w.answer_box.index == 2 and "提示 1：" in w.hint_html.value
    assert "落到同高度的角色身上" in w.title.value and "红方，然后绿方" in " ".join(w.answer_box.options)
    _no_english(w, "after the switch")
    right = w.check()
    assert w.tried == 1 and w.score == int(right)
    assert ("答对了" if right else "不太对") in w.feedback.value and "原因如下" in w.feedback.value
    _no_english(w, "checked in Chinese")
    w.set_lang("en")
    assert ("Right!" if right else "Not quite") in w.feedback.value
    assert "Score: " in w.score_html.value and w.hint_html.value.startswith("<div>Hint 1:")
    assert "Red, then Green" in " ".join(w.answer_box.options) and w.answer_box.index == 2
    assert _widget_text(w)[:2] == english[:2]           # the title and question as before
    for text in _widget_text(w):
        assert not CJK.search(text), text


def test_self_study_game_list_in_chinese():
    from racekit.explorer.lessons import self_study
    s = self_study("snow_tails", lang="zh", size=(2, 2), dpi=20)
    assert s.game_box.description == "游戏" and s.current.lang == "zh"
    assert all(CJK.search(label) for label, _ in s.game_box.options)
    s.current.lang_toggle.value = "en"          # the learner's toggle: the Game list follows
    assert s.game_box.description == "Game" and s.game_box.value == "snow_tails"
    from racekit.core.game import game_class
    assert [label for label, _ in s.game_box.options] == \
        [game_class(g).game_type.long_name for g in SHIPPED]      # the English names
    s.game_box.value = "wingsuit"               # the next game speaks the language last chosen
    assert s.current.lang == "en" and s.current.check_button.description == "Check"


GLOSSARY_EXCEPTIONS = {
    ("WS-LES-02", "question", "start"): "'start again' is the verb (重新开始), not the start (起点)",
    ("WS-LES-12", "question", "start"): "'start again': the verb (重新开始)",
    ("LM-LES-04", "question", "start"): "'at the start of round 6': the beginning (开始时)",
    ("LM-LES-09", "hints.0", "round"): "'round down or up': arithmetic (向下取整)",
}
"""(lesson, field, concept) a Chinese text may leave out, with the reason."""


@pytest.mark.parametrize("game", SHIPPED)
def test_lessons_use_the_glossary(game):
    """A lesson text whose English uses a glossary term uses its Chinese term (longer first)."""
    glossary, zh, misses = i18n.glossary(), _zh(game), []
    for path in lesson_paths(game):
        lesson = load_lesson(path)[0]
        entry = zh[lesson.id]
        pairs = [("title", lesson.title, entry["title"]), ("question", lesson.question, entry["question"])]
        pairs += [(f"hints.{i}", h, entry["hints"][i]) for i, h in enumerate(lesson.hints)]
        for field, en, said in pairs:
            for item in _terms(glossary, game):
                m = _mentions(str(item["en"]), en)
                if m is None:
                    continue
                en = en[:m.start()] + " " * (m.end() - m.start()) + en[m.end():]
                if str(item["zh"]) not in said and \
                        (lesson.id, field, item["concept"]) not in GLOSSARY_EXCEPTIONS:
                    misses.append(f"{lesson.id} {field}: {item['en']} -> {item['zh']}")
    assert not misses, "\n".join(misses)
