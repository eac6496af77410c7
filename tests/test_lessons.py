"""Lessons (issue 19): the answer is computed by the engine from the scenario, never typed.

- Every shipped lesson is recomputed: its scenario passes, the engine's answer is among its
  choices exactly once, the clauses it says decide the answer are cited by the reveal or the
  scenario; every game ships at least 8, and Wingsuit's cover every FAQ answer (Q1 to Q6).
- A rule change moves the answer: the same lesson on a scenario with another set-up gives
  another answer, and a lesson whose choices no longer hold it is flagged.
- Bad files: errors name the file, the line and the field; a scenario path may not leave
  the lesson's folder.
- Secrecy: an answer hidden from the lesson's view (another seat's hand) is refused; a seat's
  own secret may be asked from that seat; a secret ply of the reveal is shown as a secret.
- `racekit lessons` lists and checks, with exit codes; the widget's two modes work.
"""
from __future__ import annotations

import re
import shutil

import pytest
from typer.testing import CliRunner

from racekit.cli import app
from racekit.core.errors import FileFormatError
from racekit.core.lessons import lesson_paths, load_lesson, run_lesson
from racekit.core.scenarios import scenario_paths
from racekit.games import SHIPPED

runner = CliRunner()
ALL = [p for g in SHIPPED for p in lesson_paths(g)]


@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_every_shipped_lesson_has_one_computed_answer_among_its_choices(path):
    run = run_lesson(path)
    assert run.ok, run.line()
    assert run.answer is not None
    if run.choices is not None:
        assert [c == run.answer for c in run.choices].count(True) == 1
    assert run.steps, "a lesson reveals at least one move"
    assert any(step.decisive for step in run.steps) or run.lesson.decides, run.line()
    assert run.lesson.id == path.stem
    assert run.lesson.game == path.parent.parent.name


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_ships_at_least_eight_lessons(game):
    assert len(lesson_paths(game)) >= 8


def test_wingsuit_lessons_cover_every_faq_answer():
    decided = {c for p in lesson_paths("wingsuit") for c in load_lesson(p)[0].decides}
    faq = {"WS-FAQ-Q1a", "WS-FAQ-Q1b", "WS-FAQ-Q2", "WS-FAQ-Q3", "WS-FAQ-Q4", "WS-FAQ-Q5a",
           "WS-FAQ-Q5b", "WS-FAQ-Q5c", "WS-FAQ-Q6a", "WS-FAQ-Q6b"}
    assert faq <= decided, sorted(faq - decided)


LESSON = """\
id: WS-LES-90
title: Red's altitude after the steal
game: wingsuit
scenario: {scenario}
question: Red pays its red cube to steal altitude from Green. Red's altitude afterwards?
answer:
  kind: number
  state: seats.0.altitude
choices: [1, 2, 3]
decides: [WS-FAQ-Q4]
hints: [Nobody goes below altitude 1.]
"""


def _scenario_copy(tmp_path, sid: str, game: str = "wingsuit"):
    src = next(p for p in scenario_paths(game) if p.stem == sid)
    dst = tmp_path / f"{sid}.yaml"
    shutil.copyfile(src, dst)
    return dst


def test_the_answer_follows_the_scenario_not_the_file(tmp_path):
    """Green at altitude 1: Red keeps 2. Give Green altitude 2 (and drop the scenario's own
    expectations): the same lesson now answers 3; with choices without 3 it is flagged."""
    scenario = _scenario_copy(tmp_path, "WS-SCN-08")
    (tmp_path / "l.yaml").write_text(LESSON.format(scenario="WS-SCN-08.yaml"))
    assert run_lesson(tmp_path / "l.yaml").answer == 2
    text = scenario.read_text()
    text = text.replace('{at: "5,5", alt: 1, dice: [C2]}', '{at: "5,5", alt: 2, dice: [C2]}')
    text = text[:text.index("expect:")] + "expect:\n  state: {seats.1.altitude: 1}\n"
    scenario.write_text(text)
    run = run_lesson(tmp_path / "l.yaml")
    assert run.ok and run.answer == 3, run.line()
    (tmp_path / "l.yaml").write_text(LESSON.format(scenario="WS-SCN-08.yaml")
                                     .replace("[1, 2, 3]", "[1, 2, 4]"))
    run = run_lesson(tmp_path / "l.yaml")
    assert not run.ok and "not among the choices" in run.problems[0]


@pytest.mark.parametrize("old, new, field, words, line", [
    ("kind: number", "kind: colour", "answer.kind", "Input should be", 7),
    ("state: seats.0.altitude", "state: seats.0.altitude\n  winner: true", "answer", "exactly one of", 6),
    ("decides: [WS-FAQ-Q4]", "decides: [WS-FAQ-Q9]", "decides.0", "is not a clause of wingsuit", 10),
    ("scenario: WS-SCN-08.yaml", "scenario: ../x.yaml", "scenario", "may not contain '..'", 4),
    ("choices: [1, 2, 3]", "choices: [1, 1, 3]", "choices.1", "is given twice", 9),
    ("choices: [1, 2, 3]", "choices: [one, 2, 3]", "choices.0", "not a whole number", 9),
    ("title: Red's altitude after the steal", "title: R", "title", "at least 3", 2),
    ("state: seats.0.altitude", "happens: {kind: crahs}", "answer.happens.kind", "did you mean 'crash'", 8),
    ("kind: number", "kind: hex", "choices", "picked from a list", 1),
], ids=["kind", "two-sources", "clause", "escape", "twice", "choice-type", "title", "event-kind",
        "hex-needs-choices"])
def test_a_bad_lesson_names_file_line_and_field(tmp_path, old, new, field, words, line):
    _scenario_copy(tmp_path, "WS-SCN-08")
    good = LESSON.format(scenario="WS-SCN-08.yaml")
    assert old in good
    text = good.replace(old, new)
    if field == "choices" and "picked" in words:
        text = text.replace("choices: [1, 2, 3]\n", "")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(FileFormatError) as err:
        run_lesson(path)
    message = str(err.value)
    assert message.startswith(f"{path}:"), message
    assert f"field {field}" in message, message
    assert words in message, message
    assert message.startswith(f"{path}:{line}: "), message


def test_a_scenario_of_another_game_or_unknown_is_refused(tmp_path):
    path = tmp_path / "l.yaml"
    path.write_text(LESSON.format(scenario="AC-SCN-01"))
    with pytest.raises(FileFormatError, match=r"l.yaml:4: field scenario: wingsuit ships no scenario"):
        run_lesson(path)


def test_a_lesson_may_not_read_another_seats_secret(tmp_path):
    """Snow Tails hands are secret: from the public view (no seat) or Red's seat, Blue's hand is
    hidden and the lesson is refused; asked from Blue's own seat it is Blue's to see."""
    _scenario_copy(tmp_path, "scn11_eliminated", "snow_tails")
    base = """\
id: ST-LES-90
title: Blue's first card
game: snow_tails
scenario: scn11_eliminated.yaml
{seat}question: What is the first card in Blue's hand after Red's card play?
answer:
  kind: word
  state: seats.1.hand.0
choices: ["5", "damage", "1"]
decides: [ST-ELIM-1]
reveal_until: 1
"""
    for seat in ("", "seat: 0\n"):
        (tmp_path / "l.yaml").write_text(base.format(seat=seat))
        run = run_lesson(tmp_path / "l.yaml")
        assert not run.ok and "hidden" in run.problems[0], run.line()
    (tmp_path / "l.yaml").write_text(base.format(seat="seat: 1\n"))
    run = run_lesson(tmp_path / "l.yaml")
    assert run.problems == [] or "hidden" not in run.problems[0], run.line()


def test_a_secret_ply_is_shown_as_a_secret_to_the_other_seats(tmp_path, monkeypatch):
    """A ply private to Red (as a plan commit is) reads as a secret choice from Blue's seat."""
    from racekit.core import lessons
    real = lessons._may_see
    monkeypatch.setattr(lessons, "_may_see", lambda state, ply, seat: seat != 1 and real(state, ply, seat))
    _scenario_copy(tmp_path, "WS-SCN-08")
    (tmp_path / "l.yaml").write_text(LESSON.format(scenario="WS-SCN-08.yaml").replace(
        "question:", "seat: 1\nquestion:"))
    run = run_lesson(tmp_path / "l.yaml")
    assert run.steps[0].move == "Red: (a secret choice)"
    assert "steal" not in run.steps[0].move


def test_may_see_uses_the_engines_privacy():
    """The public view (no seat) sees no seat's private ply; the owner sees it."""
    from racekit.core.lessons import _may_see

    class Fake:
        _private = [None, 0, (0, 1)]

        def visible_to(self, ply, seat):
            from racekit.core.state import State
            return State.visible_to(self, ply, seat)

    fake = Fake()
    assert _may_see(fake, 0, None) and not _may_see(fake, 1, None) and not _may_see(fake, 2, None)
    assert _may_see(fake, 1, 0) and not _may_see(fake, 1, 1) and _may_see(fake, 2, 1)


def test_cli_lists_and_checks(tmp_path):
    out = runner.invoke(app, ["lessons", "wingsuit"])
    assert out.exit_code == 0, out.output
    assert re.search(r"OK   WS-LES-01 .*\(answer: no\)", out.output)
    assert out.output.strip().splitlines()[-1] == f"{len(lesson_paths('wingsuit'))} ready, 0 with problems"
    _scenario_copy(tmp_path, "WS-SCN-08")
    (tmp_path / "l.yaml").write_text(LESSON.format(scenario="WS-SCN-08.yaml").replace("[1, 2, 3]", "[1, 3]"))
    out = runner.invoke(app, ["lessons", str(tmp_path / "l.yaml")])
    assert out.exit_code == 1 and "not among the choices" in out.output
    assert out.output.strip().endswith("0 ready, 1 with problems")
    out = runner.invoke(app, ["lessons", "nosuchgame"])
    assert out.exit_code == 2 and "not a game" in out.output and "Traceback" not in out.output


def test_widget_self_study_scores_right_and_wrong():
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("wingsuit", mode="self")
    run = w.run
    right = run.choices.index(run.answer)
    w.answer_box.value = w.answer_box.options[right]
    w.check_button.click()
    assert "Right!" in w.feedback.value and "Score: 1 of 1" in w.score_html.value
    assert "The engine&#x27;s answer" in w.reveal_html.value or "engine's answer" in w.reveal_html.value
    w.next_lesson_button.click()
    assert w.index == 1
    run = w.run
    wrong = next(i for i, c in enumerate(run.choices) if c != run.answer)
    w.answer_box.value = w.answer_box.options[wrong]
    w.check_button.click()
    assert "Not quite" in w.feedback.value and "Score: 1 of 2" in w.score_html.value
    w.check_button.click()           # a second try does not count again (the button is off)
    assert "Score: 1 of 2" in w.score_html.value
    assert not w.error_box.value


def test_widget_class_mode_reveals_step_by_step_then_the_clause():
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("wingsuit", mode="class")
    w.show(3)        # WS-LES-04: the collision, reveal of one ply
    assert "A. Red" in w.choices_html.value and not w.reveal_html.value
    w.hands_button.click()
    assert "Hands up" in w.feedback.value
    first = w.image.value
    for _ in w.run.steps:
        w.next_step_button.click()
    assert "Green and Red meet" in w.reveal_html.value      # the engine's sentence
    assert "WS-FAQ-Q2" in w.reveal_html.value and "Green, then Red" in w.reveal_html.value
    assert w.next_step_button.disabled and w.image.value != first
    assert not w.error_box.value


@pytest.mark.parametrize("game, lesson_id, stem, world_a, world_b", [
    ("snow_tails", "ST-LES-09", "scn11_eliminated", "hand: [1, 2, 3, 4, 5]", "hand: [5, 5, 4, 1, 1]"),
    ("leaf_marathon", "LM-LES-01", "LM-BND-05", "- {pos: 10, hand: [action]}\n",
     "- {pos: 10, hand: [Free Forced Rest]}\n"),
], ids=["red-seat", "public-view"])
def test_two_worlds_differing_in_blues_hand_look_the_same(tmp_path, game, lesson_id, stem,
                                                          world_a, world_b):
    """An attacker's check: a lesson on two copies of its scenario that differ only in Blue's
    secret hand shows the same question, choices, reveal, answer and pictures at every step, in
    both modes: asked from Red's seat (Snow Tails) or from nobody's (Leaf Marathon, whose
    picture would otherwise print every hand's weight)."""
    from racekit.explorer.lessons import LessonWidget
    shown = []
    for world, blue in (("a", world_a), ("b", world_b)):
        folder = tmp_path / world
        folder.mkdir()
        scenario = _scenario_copy(folder, stem, game)
        text = scenario.read_text()
        old = "hand: [1, 2, 3, 4, 5]" if game == "snow_tails" else "- {pos: 10}\n"
        assert text.count(old) == 1
        scenario.write_text(text.replace(old, blue))
        lesson = next(p for p in lesson_paths(game) if p.stem == lesson_id).read_text()
        (folder / "l.yaml").write_text(lesson.replace(f"scenario: {stem}", f"scenario: {stem}.yaml"))
        assert run_lesson(folder / "l.yaml").ok
        seen = []
        for mode in ("class", "self"):
            w = LessonWidget(mode=mode, paths=[folder / "l.yaml"])
            seen.append((w.title.value, w.question.value, w.choices_html.value,
                         tuple(w.answer_box.options), w.image.value))
            if mode == "class":
                for _ in w.run.steps:
                    w.next_step_button.click()
                    seen.append((w.reveal_html.value, w.image.value))
            else:
                w.answer_box.value = w.answer_box.options[0]
                w.check_button.click()
                seen.append((w.feedback.value, w.reveal_html.value, w.score_html.value, w.image.value))
            assert not w.error_box.value
        shown.append(seen)
    assert shown[0] == shown[1]


# ----- what a teacher tripped on, trying the lessons in Voila (issue 19) ------------------------
def test_a_chance_step_reads_as_a_die_roll_or_card_draw_not_engine_jargon():
    """A class reads "Die roll or card draw: roll 4", not the engine's "chance: roll 4"."""
    from racekit.core.lessons import CHANCE_WORDS, run_lessons
    runs = run_lessons(list(SHIPPED))
    moves = [s.move for r in runs for s in r.steps]
    assert not [m for m in moves if m.startswith("chance")]
    ac1 = next(r for r in runs if r.lesson.id == "AC-LES-01")
    assert ac1.steps[0].move == CHANCE_WORDS + "roll 4"
    hidden = next(r for r in runs if r.lesson.id == "ST-LES-03")   # Snow Tails' face-down draws
    assert CHANCE_WORDS + "(hidden)" in [s.move for s in hidden.steps]


def test_reveal_sentences_keep_their_clause_ids_small_and_apart():
    """The engine's words at full size; the clause IDs they end with small and grey (the words
    must read from the back of a room, the IDs are for whoever looks them up)."""
    from racekit.explorer.lessons import _sentence_html, lesson_widget
    assert _sentence_html("Red flies N. [WS-ACT-2, WS-FAQ-Q1b]") == (
        "Red flies N. <span class='racekit-lesson-clauses' style='font-size:75%;color:#777'>"
        "[WS-ACT-2, WS-FAQ-Q1b]</span>")
    assert _sentence_html("No clauses here.") == "No clauses here."
    w = lesson_widget("wingsuit", mode="class")
    w.show(3)
    w.show_all_button.click()
    assert "Green and Red meet at (3,13) at the same altitude 3. <span class='racekit-lesson-clauses'" \
        in w.reveal_html.value
    assert "[WS-COLLIDE-2, WS-CRASH-2, WS-FAQ-Q2, WS-AMB-13]</span>" in w.reveal_html.value


def test_self_study_says_why_before_offering_the_next_lesson():
    """"Here is why:" is followed by the why (the reveal), not by "Next: ..."; the offer of the
    next lesson comes under the reveal, with the score, and goes when the next lesson shows."""
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("wingsuit", mode="self")
    w.answer_box.value = w.answer_box.options[0]
    w.check_button.click()
    assert "Here is why" in w.feedback.value and "Next:" not in w.feedback.value
    assert "Next: <i>One step too far past the side edge</i>" in w.score_html.value
    words = w.children[2].children[1].children
    assert words.index(w.feedback) < words.index(w.reveal_html) < words.index(w.score_html)
    w.next_lesson_button.click()
    assert "Next:" not in w.score_html.value and "Score: " in w.score_html.value


def test_self_study_switches_game_without_code_and_keeps_each_score():
    """In Voila a learner cannot edit the cell: the Game list switches game; each game keeps its
    widget and score."""
    from racekit.explorer.lessons import LessonWidget, self_study
    s = self_study("wingsuit")
    assert s.game_box.value == "wingsuit" and set(s.game_box.options) >= {
        ("Wingsuit Flight (九张牌：翼装飞行)", "wingsuit")}
    assert {v for _, v in s.game_box.options} == set(SHIPPED)
    ws = s.current
    run = ws.run
    ws.answer_box.value = ws.answer_box.options[run.choices.index(run.answer)]
    ws.check_button.click()
    s.game_box.value = "snow_tails"
    assert isinstance(s.current, LessonWidget) and s.current.run.lesson.game == "snow_tails"
    assert s.current in s.children and ws not in s.children and s.current.mode == "self"
    assert "Score: 0 of 0" in s.current.score_html.value
    s.game_box.value = "wingsuit"
    assert s.current is ws and "Score: 1 of 1" in ws.score_html.value
    assert not s.error_box.value
    with pytest.raises(ValueError, match="not one of the games"):
        self_study("chess")


def test_lessons_page_gives_no_answer_away_before_the_lessons():
    """Projected to a class, lessons.ipynb must not list the answers above the questions: the list
    of every lesson with its answer is the page's last section, for the teacher."""
    import importlib.util
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("build_notebooks", root / "tools" / "build_notebooks.py")
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    cells = builder.parse((root / "tools" / "notebooks" / "lessons.py").read_text(encoding="utf-8"),
                          "en", "lessons")
    answers = [i for i, c in enumerate(cells) if c.cell_type == "code" and ".line()" in c.source]
    lessons = [i for i, c in enumerate(cells) if c.cell_type == "code" and
               ("lesson_widget(" in c.source or "self_study(" in c.source)]
    assert answers and lessons and min(answers) > max(lessons)
    assert "For the teacher" in cells[min(answers) - 1].source
    assert any('self_study("wingsuit")' in c.source for c in cells)


def test_class_mode_folds_the_steps_already_shown_so_the_newest_stays_in_view():
    """WS-LES-14 reveals ten plies: in class mode each earlier step folds to its move (its words
    one click away), the newest and the deciding ones stay open; self-study shows every step."""
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("wingsuit", mode="class")
    w.show(next(i for i, r in enumerate(w.runs) if r.lesson.id == "WS-LES-14"))
    steps = w.run.steps
    assert len(steps) >= 5
    for shown in range(1, len(steps) + 1):
        w.next_step_button.click()
        folded = w.reveal_html.value.count("<details class='racekit-lesson-folded'")
        want = sum(1 for k in range(shown - 1) if not steps[k].decisive)
        assert folded == want, (shown, folded, want)
        assert f"<b>{steps[shown - 1].move}</b>" in w.reveal_html.value
    assert "The engine&#x27;s answer" in w.reveal_html.value or "engine's answer" in w.reveal_html.value
    for step in steps:     # every sentence is still there, folded or not
        assert all(s.split(" [")[0].replace("'", "&#x27;") in w.reveal_html.value for s in step.sentences)
    s = lesson_widget("wingsuit", mode="self")
    s.show(w.index)
    s.answer_box.value = s.answer_box.options[0]
    s.check_button.click()
    assert "<details" not in s.reveal_html.value


def test_lesson_buttons_are_as_wide_as_their_words():
    """ipywidgets' 148-px buttons put "Next lesson" on a second row beside Leaf Marathon's and Snow
    Tails' landscape pictures at 1280 px; each button is as wide as its label."""
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("snow_tails", mode="class")
    buttons = [w.check_button, w.hint_button, w.hands_button, w.next_step_button,
               w.show_all_button, w.next_lesson_button]
    assert all(b.layout.width == "auto" for b in buttons)


def test_a_number_lesson_does_not_judge_an_empty_box():
    """WS-LES-08 asks for a number: Check on an untouched box (it showed 0) or on words is not an
    answer and does not count; a typed number is judged."""
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("wingsuit", mode="self")
    w.show(next(i for i, r in enumerate(w.runs) if r.choices is None))
    assert w.number_box in w.answer_row.children and w.number_box.value == ""
    for typed in ("", "  ", "two"):
        w.number_box.value = typed
        w.check_button.click()
        assert "Type a whole number first" in w.feedback.value and w.tried == 0
        assert not w.check_button.disabled
    w.number_box.value = f" {w.run.answer} "
    w.check_button.click()
    assert "Right!" in w.feedback.value and w.score == w.tried == 1


def test_class_mode_question_and_choices_read_from_the_back_of_a_room():
    """Projected at 1280x720 the class-mode question (120%) and choices (115%) were small next to
    the picture: 140% and 135%; self-study (one reader at a screen) keeps 120%."""
    from racekit.explorer.lessons import lesson_widget
    w = lesson_widget("leaf_marathon", mode="class")
    assert "font-size:140%" in w.question.value and "font-size:135%" in w.choices_html.value
    s = lesson_widget("leaf_marathon", mode="self")
    assert "font-size:120%" in s.question.value
