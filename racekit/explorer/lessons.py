"""The lesson widget: a question about a scenario, then the engine's answer, step by step.

``racekit.explorer.lessons.lesson_widget(game_id, mode="class")`` (or ``mode="self"``) shows a
game's shipped lessons (:mod:`racekit.core.lessons`) one at a time; ``self_study()`` puts every
game's lessons behind a **Game** list (a Voila page cannot edit the cell to change game).

* **class mode** (one projector): the position and the question with its choices lettered
  A, B, C...; **Hands up** shows a pause line for a show of hands; **Next step** then plays
  the scenario one ply at a time, with the engine's own sentences for what happened and the
  picture after it; the ply whose events cite the deciding clause is marked, and the last
  step shows the answer and the clause in words. **Show all** reveals at once.
* **self-study mode**: the learner picks a choice (or types a number) and presses **Check**;
  the widget says right or wrong and why (the engine's sentences and the clause in words),
  keeps a score (first answer of each lesson counts) and offers **Next lesson**.

Everything shown is what the lesson's viewer may see: the picture is drawn for the lesson's
``seat`` (or for nobody's secrets), the sentences come from the templates, which say only
what every seat may see, and a secret ply is shown as a secret choice.
Widgets only read states; the answer is the one :func:`racekit.core.lessons.run_lesson` computed.
"""
from __future__ import annotations

import html
import inspect
import io
import re
import string
import threading

import ipywidgets as widgets

from ..core.i18n import check_lang, get_lang, text, use_lang
from ..core.lessons import LessonRun, lesson_paths, run_lesson


def _speaking(method):
    """A public method of the widget, run in the widget's language (not the one in force)."""
    import functools

    @functools.wraps(method)
    def run(self, *args, **kw):
        with use_lang(self.lang):
            return method(self, *args, **kw)
    return run


def _w(key: str, **fields) -> str:
    """The widget's words in the language in force (``racekit/locale/<lang>/lessons.yaml``)."""
    return text(f"lessons.widget.{key}", **fields)

MODES = ("class", "self")
SIZES = {"wingsuit": (6.5, 8)}
"""Picture sizes in inches (at ``dpi``) for games whose board is not landscape; others: (8, 6)."""


def _png(state, seat, size=(6.4, 4.8), dpi: int = 70) -> bytes:
    """A PNG of ``state`` as the lesson's viewer may see it."""
    from matplotlib.figure import Figure

    from ..figures import plotter
    from ..plotting import style
    draw = plotter(state.game.game_type.id)
    try:
        takes_seat = "seat" in inspect.signature(draw).parameters
    except (TypeError, ValueError):
        takes_seat = False
    kw = {"seat": -1 if seat is None else seat} if takes_seat else {}
    with style():
        fig = Figure(figsize=size, dpi=dpi, layout="constrained")
        ax = fig.add_subplot()
        draw(state, ax, **kw)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


_CLAUSES = re.compile(r"^(.*?)\s*(\[[A-Z][A-Za-z0-9_, .\-]*\])$", re.S)


def _sentence_html(sentence: str) -> str:
    """An event sentence for a class: its words at full size, the clause IDs it ends with
    (``[WS-CRASH-3, WS-ALT-1]``) small and grey, so the words read from the back of a room."""
    m = _CLAUSES.match(sentence)
    if not m:
        return html.escape(sentence)
    return (f"{html.escape(m.group(1))} <span class='racekit-lesson-clauses' "
            f"style='font-size:75%;color:#777'>{html.escape(m.group(2))}</span>")


def _letter(i: int) -> str:
    return string.ascii_uppercase[i] if i < 26 else str(i + 1)


class LessonWidget(widgets.VBox):
    """A game's lessons in one widget (see the module's docstring).

    Attributes:
        runs: the lessons with their computed answers (:class:`~racekit.core.lessons.LessonRun`),
            in file order; lessons with a problem are left out (``racekit lessons`` lists them).
        index: the lesson shown; mode: ``"class"`` or ``"self"``.
        score, tried: right first answers and lessons answered, in self-study mode.
        picker (Dropdown), title, question, choices_html (HTML), image (Image), answer_box
        (RadioButtons), number_box (Text, for a number typed freely), check_button, hint_button,
        hands_button, next_step_button, show_all_button, next_lesson_button (Button),
        reveal_html, feedback, score_html, error_box (HTML), lang_toggle (ToggleButtons:
        English / 中文), lang (the widget's language: ``lang=`` given, else the one in force).

    Raises:
        ValueError: an unknown mode, or a game that ships no usable lesson.
        LanguageError: a language racekit does not speak.
    """

    def __init__(self, game_id: str | None = None, mode: str = "class", paths=None,
                 size=None, dpi: int = 70, lang: str | None = None):
        self.lang = check_lang(lang) if lang else get_lang()
        with use_lang(self.lang):
            self._build(game_id, mode, paths, size, dpi)

    def _build(self, game_id, mode, paths, size, dpi) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be 'class' or 'self', got {mode!r}")
        runs = [run_lesson(p) for p in (paths if paths is not None else lesson_paths(game_id))]
        self.runs: list[LessonRun] = [r for r in runs if r.ok]
        if not self.runs:
            raise ValueError(f"no usable lesson for {game_id!r} (`racekit lessons {game_id}` says why)")
        super().__init__()
        self.add_class("racekit-lesson")
        self.add_class(f"racekit-lesson-{mode}")
        self._lock = threading.RLock()
        game = self.runs[0].lesson.game
        self.mode, self.size, self.dpi = mode, size or SIZES.get(game, (8, 6)), dpi
        self.index, self.score, self.tried = 0, 0, 0
        self._answered: dict[int, bool] = {}
        self._shown_steps = 0
        self._hints = 0
        self._offer = ""
        self._verdict = None
        self._switching = False
        self._pictures: dict = {}
        self.picker = widgets.Dropdown(options=self._picker_options(),
                                       description=_w("lesson"), layout=widgets.Layout(width="36em"))
        self.lang_toggle = widgets.ToggleButtons(options=[("English", "en"), ("中文", "zh")],
                                                 value=self.lang, style={"button_width": "5em"},
                                                 tooltip="English / 中文")
        self.lang_toggle.add_class("racekit-lang")
        self.lang_toggle.observe(lambda ch: ch["new"] == self.lang or self._guard(self.set_lang, ch["new"]),
                                 names="value")
        self.title = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="60%"))
        self.question = widgets.HTML()
        self.choices_html = widgets.HTML()
        self.answer_box = widgets.RadioButtons(options=[], layout=widgets.Layout(width="auto"))
        # a Text box, empty until the learner types (an IntText would start at 0 and judge an
        # untouched box as the answer "0")
        self.number_box = widgets.Text(layout=widgets.Layout(width="14em"))
        self.check_button = widgets.Button(button_style="primary")
        self.hint_button = widgets.Button()
        self.hands_button = widgets.Button()
        self.next_step_button = widgets.Button(button_style="primary")
        self.show_all_button = widgets.Button()
        self.next_lesson_button = widgets.Button()
        self._relabel()
        # buttons as wide as their words (ipywidgets' default is 148 px each): the five of class
        # mode fit one row beside a landscape picture (Leaf Marathon, Snow Tails) at 1280 px
        for w in (self.check_button, self.hint_button, self.hands_button, self.next_step_button,
                  self.show_all_button, self.next_lesson_button):
            w.layout.width = "auto"
            w.layout.padding = "0 1.2em"
        self.hint_html = widgets.HTML()
        self.reveal_html = widgets.HTML()
        self.feedback = widgets.HTML()
        self.score_html = widgets.HTML()
        self.error_box = widgets.HTML()
        for w, name in ((self.feedback, "feedback"), (self.score_html, "score"),
                        (self.reveal_html, "reveal"), (self.error_box, "error"),
                        (self.question, "question"), (self.image, "picture")):
            w.add_class(f"racekit-lesson-{name}")
        self.picker.observe(lambda ch: self._switching or self._guard(self.show, ch["new"]),
                            names="value")
        self.check_button.on_click(lambda _: self._guard(self.check))
        self.hint_button.on_click(lambda _: self._guard(self.hint))
        self.hands_button.on_click(lambda _: self._guard(self.hands_up))
        self.next_step_button.on_click(lambda _: self._guard(self.next_step))
        self.show_all_button.on_click(lambda _: self._guard(self.show_all))
        self.next_lesson_button.on_click(lambda _: self._guard(self.next_lesson))
        if mode == "class":
            buttons = [self.hint_button, self.hands_button, self.next_step_button,
                       self.show_all_button, self.next_lesson_button]
            self.answer_row = widgets.HBox([])
        else:
            buttons = [self.check_button, self.hint_button, self.next_lesson_button]
            self.answer_row = widgets.HBox([self.answer_box])
        # the picture beside the words: one projector screen holds both
        words = widgets.VBox([self.question, self.choices_html, self.answer_row,
                              widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")),
                              self.hint_html, self.feedback, self.reveal_html, self.score_html],
                             layout=widgets.Layout(flex="1 1 0", min_width="22em", padding="0 0 0 1em"))
        self.children = [widgets.HBox([self.picker, self.lang_toggle],
                                      layout=widgets.Layout(flex_flow="row wrap")), self.title,
                         widgets.HBox([self.image, words], layout=widgets.Layout(flex_flow="row wrap",
                                                                                 align_items="flex-start")),
                         self.error_box]
        self._guard(self.show, 0)

    # ----- the language ------------------------------------------------------------------------
    def _picker_options(self) -> list:
        return [(_w("picker", id=r.lesson.id, title=r.title), i) for i, r in enumerate(self.runs)]

    def _relabel(self) -> None:
        """Every fixed label in the language in force."""
        self.picker.description = _w("lesson")
        self.number_box.description = _w("your_answer")
        self.number_box.placeholder = _w("type_number")
        for button, key in ((self.check_button, "check"), (self.hint_button, "hint"),
                            (self.hands_button, "hands"), (self.next_step_button, "next_step"),
                            (self.show_all_button, "show_all"),
                            (self.next_lesson_button, "next_lesson")):
            button.description = _w(key)

    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` (``"en"`` or ``"zh"``): labels, question, choices, hints, the reveal,
        the answer and the score switch at once; the lesson, the steps shown, the hints asked
        for, the learner's choice and the score stay.

        Raises:
            LanguageError: a language racekit does not speak.
        """
        with self._lock:
            self.lang = check_lang(lang)
            with use_lang(self.lang):
                if self.lang_toggle.value != self.lang:
                    self.lang_toggle.value = self.lang     # its observer comes back here: a no-op
                self._relabel()
                picked = self.answer_box.index
                options = self._picker_options()
                if list(self.picker.options) != options:
                    self._switching = True
                    try:
                        self.picker.options = options
                        self.picker.value = self.index
                    finally:
                        self._switching = False
                self._show_words()
                if self.mode == "self" and self.run.choices is not None:
                    self.answer_box.options = self._choice_labels()
                    self.answer_box.index = picked
                self._show_hints()
                if self._shown_steps:
                    self._render_reveal()
                self._show_feedback()
                if self._verdict is not None:
                    self._set_offer()
                self._show_score()

    # ----- what is shown ----------------------------------------------------------------------
    @property
    def run(self) -> LessonRun:
        return self.runs[self.index]

    def _picture(self, key, state) -> bytes:
        key = (*key, self.lang)    # the picture's labels are in the widget's language
        if key not in self._pictures:
            self._pictures[key] = _png(state, self.run.lesson.seat, self.size, self.dpi)
        return self._pictures[key]

    def _choice_labels(self) -> list[str]:
        run = self.run
        return [f"{_letter(i)}. {run.words(c)}" for i, c in enumerate(run.choices or [])]

    @_speaking
    def show(self, index: int) -> None:
        """Show lesson ``index`` at its question (nothing revealed)."""
        with self._lock:
            if self.picker.value != index:
                self.picker.value = index    # its observer shows the lesson
                return
            self.index = index
            run = self.run
            self._shown_steps, self._hints, self._offer, self._verdict = 0, 0, "", None
            self.image.value = self._picture((self.index, -1), run.question_state)
            self._show_words()
            if self.mode == "self":
                labels = self._choice_labels()
                if labels:
                    self.answer_box.options = labels
                    self.answer_box.value = None
                    self.answer_row.children = [self.answer_box]
                else:
                    self.number_box.value = ""
                    self.answer_row.children = [self.number_box]
                self.check_button.disabled = False
            self.hint_button.disabled = not run.lesson.hints
            self.next_step_button.disabled = False
            self.show_all_button.disabled = False
            self.hint_html.value = self.feedback.value = self.reveal_html.value = ""
            self._show_score()

    def _show_words(self) -> None:
        """The title, the question and (class mode) the choices in the language in force."""
        run, lesson = self.run, self.run.lesson
        seat = "" if lesson.seat is None else \
            _w("asked_from", seat=html.escape(self._seat_name(lesson.seat)))
        self.title.value = (f"<h3 style='margin:0.2em 0'>{html.escape(run.title)}</h3>"
                            f"<div style='color:#555'>"
                            + _w("counter", i=self.index + 1, n=len(self.runs),
                                 id=html.escape(lesson.id), seat=seat) + "</div>")
        # class mode is read from the back of a room: the question and choices larger
        big = self.mode == "class"
        self.question.value = (f"<p style='font-size:{140 if big else 120}%;line-height:1.35'>"
                               f"<b>{html.escape(run.question)}</b></p>")
        if self.mode == "class":
            labels = self._choice_labels()
            self.choices_html.value = ("<div style='font-size:135%;line-height:1.5'>" + "<br>".join(
                html.escape(l) for l in labels) + "</div>") if labels else \
                f"<i>{_w('write_number')}</i>"
        else:
            self.choices_html.value = ""

    def _seat_name(self, seat: int) -> str:
        from ..core.i18n import seat_name
        return seat_name(self.run.seat_names[seat])

    def _show_score(self) -> None:
        if self.mode == "self":
            # the offer of the next lesson comes after the why (under the reveal), with the score
            offer = f"<div>{self._offer}</div>" if self._offer else ""
            self.score_html.value = (f"{offer}<b>{_w('score', score=self.score, tried=self.tried)}</b> "
                                     + _w("not_tried", left=len(self.runs) - self.tried))

    def _show_hints(self) -> None:
        hints = self.run.hints
        self.hint_html.value = "".join(f"<div>{_w('hint_n', i=i + 1, text=html.escape(h))}</div>"
                                       for i, h in enumerate(hints[:self._hints]))

    @_speaking
    def hint(self) -> str:
        """Show the next hint; returns it (empty when there is none left)."""
        hints = self.run.hints
        if self._hints >= len(hints):
            return ""
        self._hints += 1
        self._show_hints()
        if self._hints >= len(hints):
            self.hint_button.disabled = True
        return hints[self._hints - 1]

    @_speaking
    def hands_up(self) -> None:
        """Class mode: the pause for a show of hands."""
        self._verdict = "hands"
        self._show_feedback()

    def _show_feedback(self) -> None:
        """The feedback line (the pause for hands, right or wrong) in the language in force."""
        if self._verdict == "hands":
            labels = self._choice_labels()
            ask = _w("letter_sep").join(l.split(".")[0] for l in labels) if labels else \
                _w("each_number")
            self.feedback.value = ("<div style='font-size:130%;padding:0.3em;background:#eef'>"
                                   + _w("hands_up", ask=html.escape(ask), next=_w("next_step"))
                                   + "</div>")
        elif isinstance(self._verdict, tuple):
            right, value = self._verdict
            verdict = (f"<span style='color:#1a7f37'>{_w('right')}</span>" if right else
                       f"<span style='color:#b00000'>"
                       f"{_w('wrong', words=html.escape(self.run.words(value)))}</span>")
            self.feedback.value = f"<div style='font-size:130%'><b>{verdict}</b> {_w('why')}</div>"
        elif self._verdict in ("type_first", "pick_first"):
            self.feedback.value = f"<i>{_w(self._verdict)}</i>"

    def _step_html(self, k: int, folded: bool = False) -> str:
        """Step ``k`` of the reveal; ``folded``: its move only, its sentences behind a click (an
        HTML ``<details>``, opened in the browser without the kernel)."""
        step = self.run.steps[k]
        move, said = step.words()
        mark = "border-left:4px solid #e8a400;padding-left:0.5em;background:#fff8e0" if step.decisive \
            else "padding-left:0.8em"
        sentences = [f"<div>· {_sentence_html(s)}</div>" for s in said]
        if step.decisive:
            sentences.append(f"<div><i>{_w('decisive')}</i></div>")
        if folded:
            return (f"<details class='racekit-lesson-folded' style='{mark};font-size:100%;color:#555'>"
                    f"<summary>{html.escape(move)}</summary>{''.join(sentences)}</details>")
        return (f"<div style='{mark};font-size:115%'><b>{html.escape(move)}</b>"
                + "".join(sentences) + "</div>")

    def _folded(self, k: int) -> bool:
        """Class mode folds the steps already talked about (not the newest, not a deciding one):
        the newest step stays next to the buttons instead of sliding below the screen as the
        steps pile up (WS-LES-14 has ten)."""
        return self.mode == "class" and k < self._shown_steps - 1 and not self.run.steps[k].decisive

    def _answer_html(self) -> str:
        run = self.run
        words = "".join(_w("clause_line", clause=html.escape(c), words=html.escape(w or _w("no_summary")))
                        for c, w in run.clause_summaries().items())
        return (f"<div style='margin-top:0.4em;font-size:120%'>{_w('engine_answer')}"
                f"<b>{html.escape(run.words(run.answer))}</b></div>"
                f"<div>{_w('decides')}<ul style='margin:0.2em 0'>{words}</ul></div>")

    def _render_reveal(self) -> None:
        run = self.run
        parts = [self._step_html(k, self._folded(k)) for k in range(self._shown_steps)]
        if self._shown_steps >= len(run.steps):
            parts.append(self._answer_html())
        self.reveal_html.value = "".join(parts)
        last = run.steps[self._shown_steps - 1].state if self._shown_steps else run.question_state
        self.image.value = self._picture((self.index, self._shown_steps), last)

    @_speaking
    def next_step(self) -> None:
        """Reveal one more ply (at the end: the answer and the deciding clause)."""
        with self._lock:
            steps = self.run.steps
            if self._shown_steps < len(steps):
                self._shown_steps += 1
            if self._shown_steps >= len(steps):
                self.next_step_button.disabled = True
                self.show_all_button.disabled = True
            self.feedback.value = ""
            self._verdict = None
            self._render_reveal()

    @_speaking
    def show_all(self) -> None:
        """Reveal every ply and the answer at once."""
        with self._lock:
            self._shown_steps = len(self.run.steps)
            self.next_step_button.disabled = True
            self.show_all_button.disabled = True
            self._render_reveal()

    def chosen(self):
        """The learner's answer in the run's canonical form (``None``: nothing chosen)."""
        run = self.run
        if run.choices is None:
            text = self.number_box.value.strip()
            try:
                return int(text)
            except ValueError:
                return None        # empty, or not a whole number: not an answer yet
        if self.answer_box.value is None:
            return None
        return run.choices[self.answer_box.options.index(self.answer_box.value)]

    def _set_offer(self) -> None:
        following = self.runs[(self.index + 1) % len(self.runs)]
        self._offer = (_w("all_tried") if self.tried == len(self.runs) else
                       _w("next_offer", title=html.escape(following.title), next=_w("next_lesson")))

    @_speaking
    def check(self) -> bool | None:
        """Self-study: judge the chosen answer, show why, count it; returns right or wrong
        (``None`` when nothing is chosen)."""
        with self._lock:
            value = self.chosen()
            if value is None:
                self._verdict = "type_first" if self.run.choices is None else "pick_first"
                self._show_feedback()
                return None
            run = self.run
            right = run.is_right(value)
            if self.index not in self._answered:   # the first answer counts
                self._answered[self.index] = right
                self.tried += 1
                self.score += int(right)
            self._verdict = (right, value)
            self._set_offer()
            self._show_feedback()
            self.check_button.disabled = True
            self._shown_steps = len(run.steps)
            self._render_reveal()
            self._show_score()
            return right

    @_speaking
    def next_lesson(self) -> None:
        """Go on to the next lesson (after the last: back to the first)."""
        self.show((self.index + 1) % len(self.runs))

    def __repr__(self) -> str:
        return f"<LessonWidget {self.mode} mode, lesson {self.index + 1} of {len(self.runs)}>"

    # ----- errors are shown, never lost in a callback ------------------------------------------
    def _guard(self, fn, *args):
        with self._lock, use_lang(self.lang):
            self.error_box.value = ""
            try:
                return fn(*args)
            except Exception as exc:   # a button callback's error would only be logged
                self.error_box.value = (f"<div style='color:#b00000'>{_w('went_wrong')}"
                                        f"{html.escape(type(exc).__name__)}: "
                                        f"{html.escape(str(exc)[:300])}</div>")
                return None


def lesson_widget(game_id: str, mode: str = "class", **kw) -> LessonWidget:
    """The lessons of ``game_id`` in a widget; ``mode``: ``"class"`` (one projector, the reveal
    step by step) or ``"self"`` (self-study: answer, check, score, next lesson)."""
    return LessonWidget(game_id, mode=mode, **kw)


class GameLessons(widgets.VBox):
    """Self-study (or class) lessons of several games behind a **Game** list, for a page without
    code (Voila): the learner switches game without editing a cell. Each game's
    :class:`LessonWidget` is made the first time it is chosen and kept, with its score.

    Attributes:
        game_box (Dropdown of game ids, labelled with the games' names), widgets (``{game_id:
        LessonWidget}`` made so far), current (the shown one), error_box (HTML).

    Raises:
        ValueError: an unknown mode, or ``first`` not among ``games``.
    """

    def __init__(self, first: str = "wingsuit", mode: str = "self", games=None,
                 lang: str | None = None, **kw):
        from ..games import SHIPPED
        self.lang = check_lang(lang) if lang else get_lang()
        if mode not in MODES:
            raise ValueError(f"mode must be 'class' or 'self', got {mode!r}")
        games = list(games or SHIPPED)
        if first not in games:
            raise ValueError(f"{first!r} is not one of the games {games}")
        super().__init__()
        self.add_class("racekit-lesson-games")
        self.mode, self._kw = mode, kw
        self.widgets: dict[str, LessonWidget] = {}
        self._relabelling = False
        self._games = games
        self.game_box = widgets.Dropdown(options=self._game_names(self.lang), value=first,
                                         layout=widgets.Layout(width="36em"))
        self._relabel(self.lang)
        self.error_box = widgets.HTML()
        self.current = self._widget(first)
        self.children = [self.game_box, self.current, self.error_box]
        self.game_box.observe(lambda ch: self._relabelling or self._switch(ch["new"]), names="value")

    def _game_names(self, lang: str) -> list:
        from ..core.game import game_class
        from ..core.i18n import has
        with use_lang(lang):
            return [(text(f"cli.game_names.{g}") if has(f"cli.game_names.{g}")
                     else game_class(g).game_type.long_name, g) for g in self._games]

    def _relabel(self, lang: str) -> None:
        """The **Game** list in ``lang`` (the language the shown lessons were switched to)."""
        with use_lang(lang):
            self.game_box.description = _w("game")
        names = self._game_names(lang)
        if list(self.game_box.options) != names:
            value = self.game_box.value
            self._relabelling = True
            try:
                self.game_box.options = names
                self.game_box.value = value
            finally:
                self._relabelling = False

    def _widget(self, game_id: str) -> LessonWidget:
        if game_id not in self.widgets:
            # a game chosen later speaks the language the learner last picked
            lang = self.current.lang if getattr(self, "current", None) is not None else self.lang
            w = LessonWidget(game_id, mode=self.mode, lang=lang, **self._kw)
            w.lang_toggle.observe(lambda ch: self._relabel(ch["new"]), names="value")
            self.widgets[game_id] = w
        return self.widgets[game_id]

    def _switch(self, game_id: str) -> None:
        self.error_box.value = ""
        try:
            lang = self.current.lang
            self.current = self._widget(game_id)
            if self.current.lang != lang:
                self.current.set_lang(lang)
        except Exception as exc:   # shown, not lost in a callback
            with use_lang(self.current.lang):
                self.error_box.value = (f"<div style='color:#b00000'>{_w('went_wrong')}"
                                        f"{html.escape(type(exc).__name__)}: "
                                        f"{html.escape(str(exc)[:300])}</div>")
            return
        self.children = [self.game_box, self.current, self.error_box]

    def __repr__(self) -> str:
        return f"<GameLessons {self.mode} mode, {self.game_box.value}: {self.current!r}>"


def self_study(first: str = "wingsuit", games=None, **kw) -> GameLessons:
    """Self-study lessons with a **Game** list (every shipped game; ``first`` shown first): the
    learner answers, checks, keeps a score per game and switches game without code."""
    return GameLessons(first, mode="self", games=games, **kw)
