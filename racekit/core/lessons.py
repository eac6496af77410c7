"""Lessons: the learner predicts what a scenario does, the engine says what it does.

A lesson is a YAML file (``racekit/games/<id>/lessons/*.yaml``) that names a scenario
(a shipped scenario ID of its game, or a ``.yaml`` path below the lesson's folder) and adds
a question, the kind of answer (a hex or square, a seat, a seat order, yes/no, a number,
a word), the choices offered and hints. The right answer is never written in the file: an
``answer`` spec says where the engine's result is read (a state field, whether an event
happens, the order of some events, the seat to act, the winner...), and :func:`run_lesson`
computes it by playing the scenario's moves. A rule change therefore cannot leave a lesson
wrong; at worst it leaves it without a unique right choice, which :func:`run_lesson` reports.

Secrecy: the answer is read from what the lesson's ``seat`` may see (``snapshot(seat)``), or
from the public view when the lesson names no seat; a value hidden from that view is refused
(a state field, or an event's referee-only data: the game's ``secret_event_data``), and the
reveal shows only the plies that view may see.

File format (every field but ``seat``, ``ask_after``, ``reveal_until``, ``choices`` and
``hints`` is required)::

    id: WS-LES-01                # like a scenario ID
    title: Off the side of the map
    game: wingsuit
    scenario: WS-SCN-05          # or a relative path: my/case.yaml
    seat: 0                      # optional: the question is asked from this seat's view
    question: Red takes Brave 1 (NW, NW). Does Red crash?
    answer:
      kind: yes_no               # hex, square, seat, seat_order, yes_no, number, word
      happens: {kind: crash, seats: [0]}      # one of: state, happens, count, order,
                                              # event_value, current_player, winner
    choices: [...]               # required for hex, square, word, seat_order
    decides: [WS-FAQ-Q1a]        # the clauses that settle the answer
    hints: ["...", "..."]
    ask_after: 0                 # plies of the scenario played before the question
    reveal_until: null           # plies played for the answer (default: all)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .content import content_base, resolve_file, short
from .errors import FileFormatError
from .game import game_class, game_names
from .i18n import LANGS, clause_text, error_text, get_lang, lesson_text, message_text, seat_name, text, use_lang
from .scenarios import (EventMatch, _event_matches, _normal, _resolve_templates, known_clauses,
                        load_scenario, lookup,
                        run_scenario, scenario_paths)
from .yamlfile import Located, read_yaml, validate

Choice = Union[bool, int, str, list[Union[int, str]]]

KINDS = ("hex", "square", "seat", "seat_order", "yes_no", "number", "word")
"""The kinds of answer: a hex or square (picked from a list), a seat, an order of seats,
yes/no, a whole number, a word (any short text the engine gives, e.g. a phase)."""

_SOURCES = ("state", "happens", "count", "order", "event_value", "current_player", "winner")


class EventValue(BaseModel):
    model_config = ConfigDict(extra="forbid")
    event: EventMatch
    field: str = Field(min_length=1, max_length=100)
    """``seats.0`` (a seat of the event) or ``data.NAME`` (a detail of it)."""


class Answer(BaseModel):
    """Where the engine's answer is read, and what kind of answer it is."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["hex", "square", "seat", "seat_order", "yes_no", "number", "word"]
    state: str | None = Field(default=None, max_length=200)
    """A dotted path into the view at the end point (``seats.0.at``)."""
    happens: EventMatch | None = None
    """Yes/no: does an event like this happen during the reveal?"""
    count: EventMatch | None = None
    """How many events like this happen during the reveal."""
    order: EventMatch | None = None
    """The seats of the events like this, in the order they happen (first seat of each, once)."""
    event_value: EventValue | None = None
    """A seat or detail of the first event like this during the reveal."""
    current_player: bool | None = None
    """The seat to act at the end point."""
    winner: bool | None = None
    """The seat in first place at the end point."""

    @model_validator(mode="after")
    def _one_source(self):
        given = [s for s in _SOURCES if getattr(self, s) not in (None, False)]
        if len(given) != 1:
            raise ValueError(f"an answer reads exactly one of {', '.join(_SOURCES)}; "
                             + (f"got {' and '.join(given)}" if given else "none given"))
        return self

    @property
    def source(self) -> str:
        return next(s for s in _SOURCES if getattr(self, s) not in (None, False))


_ID = re.compile(r"[A-Z]{2,5}-[A-Z0-9]+(-[A-Za-z0-9]+)*")


class Lesson(BaseModel):
    """A validated lesson file (see the module's docstring for the format)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(max_length=64)
    title: str = Field(min_length=3, max_length=200)
    game: str = Field(max_length=64)
    scenario: str = Field(min_length=3, max_length=255)
    seat: int | None = Field(default=None, ge=0, le=63)
    question: str = Field(min_length=10, max_length=1000)
    answer: Answer
    choices: list[Choice] | None = Field(default=None, min_length=2, max_length=12)
    decides: list[str] = Field(min_length=1, max_length=10)
    hints: list[str] = Field(default_factory=list, max_length=5)
    ask_after: int = Field(default=0, ge=0, le=10_000)
    reveal_until: int | None = Field(default=None, ge=1, le=10_000)

    @field_validator("id")
    @classmethod
    def _id_form(cls, v: str) -> str:
        if not _ID.fullmatch(v):
            raise ValueError("an id is 2 to 5 capital letters, a dash, then capitals and digits, "
                             "optionally more dash-separated parts (like WS-LES-01)")
        return v

    @field_validator("hints")
    @classmethod
    def _hints_short(cls, v: list[str]) -> list[str]:
        for hint in v:
            if not 3 <= len(hint) <= 500:
                raise ValueError("a hint is 3 to 500 characters")
        return v

    @model_validator(mode="after")
    def _choices_fit(self):
        kind = self.answer.kind
        if kind in ("hex", "square", "word", "seat_order") and self.choices is None:
            raise ValueError(f"field choices: a {kind} answer is picked from a list: give choices")
        if self.reveal_until is not None and self.reveal_until <= self.ask_after:
            raise ValueError("field reveal_until: the reveal ends after the question's point "
                             f"(ask_after {self.ask_after})")
        return self


# ----- the computed answer -------------------------------------------------------------------
@dataclass
class RevealStep:
    """One ply of the reveal: who did what, and the engine's sentences for what followed."""

    ply: int
    move: str
    """``Red: take B1``, or ``Die roll or card draw: roll 4`` for a chance outcome (words a class
    reads: no ``chance:`` jargon)."""
    sentences: list[str]
    clauses: list[str]
    decisive: bool
    """Does an event of this ply cite a clause the lesson says decides the answer?"""
    state: Any = None
    """The position after this ply (for a picture)."""
    texts: dict = field(default_factory=dict)
    """``{lang: (move, sentences)}``: the step in each language racekit speaks."""

    def words(self, lang: str | None = None) -> tuple[str, list[str]]:
        """``(move, sentences)`` in ``lang`` (default: the language in force)."""
        return self.texts.get(lang or get_lang(), (self.move, self.sentences))


@dataclass
class LessonRun:
    """A lesson with its engine-computed answer.

    Attributes:
        lesson, path: the file and where it is.
        question_state: the position the question is asked at (a state of the engine).
        end_state: the position the answer is read at.
        answer: the engine's answer, in canonical form (an int seat, a tuple of seats, a bool,
            an int, a string).
        choices: the choices offered, canonical (``None``: a number typed freely).
        steps: the reveal, ply by ply.
        clause_words: ``{clause: summary}`` for the deciding clauses (our own words, from the
            game's clauses.yaml).
        problems: what is wrong (no unique right choice, a hidden value...); empty when fine.
    """

    lesson: Lesson
    path: str
    question_state: Any = None
    end_state: Any = None
    answer: Any = None
    choices: list | None = None
    steps: list[RevealStep] = field(default_factory=list)
    clause_words: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    clause_texts: dict = field(default_factory=dict)
    """``{lang: {clause: summary}}``: :attr:`clause_words` in each language."""
    error: Any = None
    """The :class:`FileFormatError` of a file that cannot be read (its problem, said in the
    language in force by :meth:`line`)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def id(self) -> str:
        return self.lesson.id

    def words(self, value) -> str:
        """A canonical value as the learner reads it in the language in force (``Red``,
        ``Green, then Red``, ``yes``; ``红方``, ``绿方，然后红方``, ``是``)."""
        if get_lang() == "en":
            return answer_words(self.lesson.answer.kind, value, self.seat_names)
        names = [seat_name(n) for n in self.seat_names]
        if self.lesson.answer.kind == "word" and isinstance(value, str):
            return self.text(f"choices.{value}", value)
        return answer_words(self.lesson.answer.kind, value, names, local=True)

    @property
    def shipped(self) -> bool:
        """Is this one of its game's shipped lessons (whose Chinese is in the game's
        ``locale/zh/lessons.yaml``)? A user's own lesson keeps its own words."""
        try:
            return Path(self.path).resolve() in {p.resolve() for p in lesson_paths(self.lesson.game)}
        except (FileFormatError, OSError, AttributeError):
            return False

    def text(self, field: str, english: str | None = None) -> str:
        """The lesson's ``title``, ``question``, ``hints.N`` or ``choices.WORD`` in the language
        in force (a user's own lesson, or a text with no translation: its own words)."""
        if english is None:
            node = self.lesson
            for part in field.split("."):
                node = node[int(part)] if isinstance(node, list) else getattr(node, part)
            english = node
        if get_lang() == "en" or not self.shipped:
            return english
        return lesson_text(self.lesson.game, self.lesson.id, field, english)

    @property
    def title(self) -> str:
        return self.text("title")

    @property
    def question(self) -> str:
        return self.text("question")

    @property
    def hints(self) -> list[str]:
        return [self.text(f"hints.{i}") for i in range(len(self.lesson.hints))]

    def clause_summaries(self) -> dict[str, str]:
        """The deciding clauses in words, in the language in force."""
        return self.clause_texts.get(get_lang(), self.clause_words)

    @property
    def seat_names(self) -> list[str]:
        state = self.question_state or self.end_state
        return list(state.game.seat_names) if state is not None else []

    def is_right(self, value) -> bool:
        """Is ``value`` (canonical, or as a learner wrote it) the engine's answer?"""
        try:
            got = canonical(self.lesson.answer.kind, value, self.seat_names)
        except ValueError:
            return False
        return got == self.answer

    def line(self) -> str:
        """The lesson's line of ``racekit lessons`` in the language in force."""
        mark = text("lessons.ok") if self.ok else text("lessons.fail")
        if self.error is not None:
            title = text("lessons.invalid_file")
        else:
            title = self.title
        out = f"{mark} {self.lesson.id:<12} {title}"
        if self.ok:
            out += text("lessons.answer_note", words=self.words(self.answer))
        for problem in self.problems:
            if get_lang() == "en":
                said = problem
            elif self.error is not None and problem == str(self.error):
                said = error_text(self.error)
            else:
                said = message_text(problem, game_id=getattr(self.lesson, "game", None))
            out += f"\n     - {said}"
        return out


def answer_words(kind: str, value, seat_names: list[str], local: bool = False) -> str:
    """A canonical value in words: English, or (``local``) the language in force with
    ``seat_names`` already in it."""
    def say(key, english):
        return text(f"lessons.{key}") if local else english

    def seat(s):
        return seat_names[s] if isinstance(s, int) and 0 <= s < len(seat_names) else str(s)
    if value is None:
        return say("nothing", "(nothing)")
    if kind == "yes_no":
        return say("yes_word", "yes") if value else say("no_word", "no")
    if kind == "seat":
        return seat(value)
    if kind == "seat_order":
        names = [seat(s) for s in value]
        return say("then", ", then ").join(names) if names else say("nobody", "(nobody)")
    return str(value)


def canonical(kind: str, value, seat_names: list[str]):
    """A value (from the engine or from a file's choices) in one comparable form.

    Raises:
        ValueError: the value does not fit the kind (the message says why).
    """
    def seat(s):
        if isinstance(s, bool):
            raise ValueError(f"{short(s)} is not a seat")
        if isinstance(s, int):
            if not 0 <= s < len(seat_names):
                raise ValueError(f"seat {s} is not a seat of this game (0 to {len(seat_names) - 1})")
            return s
        if isinstance(s, str) and s in seat_names:
            return seat_names.index(s)
        raise ValueError(f"{short(s)} is not a seat; seats: {', '.join(seat_names)}")
    if kind == "yes_no":
        if isinstance(value, bool):
            return value
        if value in ("yes", "no"):
            return value == "yes"
        raise ValueError(f"{short(value)} is not yes or no")
    if kind == "seat":
        return seat(value)
    if kind == "seat_order":
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{short(value)} is not a list of seats")
        return tuple(seat(s) for s in value)
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,9}", value.strip()):
                return int(value)
            raise ValueError(f"{short(value)} is not a whole number")
        return value
    if isinstance(value, (list, dict, tuple)) or value is None:
        raise ValueError(f"{short(value)} is not a single {kind.replace('_', ' ')}")
    return str(value)


def _view(state, seat):
    """The snapshot the lesson may read: the seat's view, or the public one."""
    return _normal(state.snapshot(seat) if seat is not None else state.snapshot())


def _may_see(state, ply: int, seat) -> bool:
    """May the lesson's viewer (a seat, or ``None``: everyone in the room) see history entry ``ply``?"""
    return state.visible_to(ply, -1 if seat is None else seat)


def _matches(events, want: EventMatch) -> list:
    return [e for e in events if _event_matches(e, want)]


def _compute(answer: Answer, end, events: list, seat):
    """The engine's raw answer at ``end`` with the reveal's ``events``."""
    src = answer.source
    if src == "state":
        try:
            return lookup(_view(end, seat), answer.state, end.check_aliases)
        except (KeyError, IndexError, TypeError):
            try:    # there for the referee only: a secret of another seat
                lookup(_normal(end.snapshot(full=True)), answer.state, end.check_aliases)
            except (KeyError, IndexError, TypeError):
                raise ValueError(f"the view has no {answer.state!r}") from None
            return None
    if src == "happens":
        return bool(_matches(events, answer.happens))
    if src == "count":
        return len(_matches(events, answer.count))
    if src == "order":
        out: list[int] = []
        for e in _matches(events, answer.order):
            if e.seats and e.seats[0] not in out:
                out.append(e.seats[0])
        return out
    if src == "event_value":
        found = _matches(events, answer.event_value.event)
        if not found:
            raise ValueError(f"no {answer.event_value.event.kind!r} event like that happens")
        record = {"seats": list(found[0].seats), "data": _normal(found[0].data)}
        try:
            return lookup(record, answer.event_value.field, {})
        except (KeyError, IndexError, TypeError):
            raise ValueError(f"the event has no {answer.event_value.field!r}") from None
    if src == "current_player":
        return end.current_player()
    ranking = end.ranking()
    if not ranking or len(ranking[0]) != 1:
        raise ValueError("there is no single winner at the end point")
    return ranking[0][0]


def _secret_read(lesson: Lesson, game_type) -> str | None:
    """What the answer reads of an event's referee-only data (the game's
    ``secret_event_data``: every hand weight), or ``None``. The lesson's own seat may read its
    own entry (``data.weights.<seat>``); a match on such a field reads every seat's entry."""
    secret: dict[str, set] = {}
    for kind, name in getattr(game_type, "secret_event_data", ()):
        secret.setdefault(kind, set()).add(name)
    answer = lesson.answer
    value = answer.event_value
    for want in (answer.happens, answer.count, answer.order, value.event if value else None):
        for key in (want.data if want is not None else {}):
            if key in secret.get(want.kind, ()):
                return f"the {want.kind} event's {key}"
    if value is not None:
        parts = value.field.split(".")
        if parts[0] == "data" and len(parts) > 1 and parts[1] in secret.get(value.event.kind, ()):
            own = lesson.seat is not None and len(parts) > 2 and parts[2] == str(lesson.seat)
            if not own:
                return f"the {value.event.kind} event's {value.field}"
    return None


def _clause_summaries(game_id: str, lang: str = "en") -> dict[str, str]:
    try:
        from .clauses import load_clauses
        spec = load_clauses(game_id)
    except Exception:   # a game without clauses.yaml
        return {}
    if lang == "en":
        out = {c.id: c.summary for c in spec.clauses}
        out.update({a.id: f"{a.summary} Our reading: {a.decision}" for a in spec.ambiguities})
        return out
    out = {c.id: clause_text(game_id, c.id, c.summary, lang) for c in spec.clauses}
    out.update({a.id: text("lessons.our_reading", lang=lang,
                           summary=clause_text(game_id, a.id, a.summary, lang),
                           decision=clause_text(game_id, a.id, a.decision, lang, field="decision"))
                for a in spec.ambiguities})
    return out


# ----- loading -------------------------------------------------------------------------------
def _scenario_path(lesson: Lesson, doc: Located, folder: Path) -> Path:
    ref = lesson.scenario
    if ref.endswith((".yaml", ".yml")):
        try:
            with content_base(folder):
                return resolve_file(ref, "scenario")
        except ValueError as exc:
            raise doc.error(["scenario"], str(exc)) from None
    paths = scenario_paths(lesson.game)
    for p in paths:                       # shipped files are named by their ID
        if p.stem == ref:
            return p
    for p in paths:
        try:
            if load_scenario(p)[0].id == ref:
                return p
        except FileFormatError:
            continue
    raise doc.error(["scenario"], f"{lesson.game} ships no scenario {short(ref)} (`racekit "
                                  f"scenarios {lesson.game}` lists them), and it is no .yaml path")


def load_lesson(path: str | Path) -> tuple[Lesson, Located, Path]:
    """Read and validate a lesson file: ``(lesson, doc, scenario_path)``.

    Raises:
        FileFormatError: bad YAML, a missing or malformed field, an unknown game, scenario or
            clause, a scenario of another game; the message names the file, line and field.
    """
    doc = read_yaml(path)
    lesson = validate(doc, Lesson)
    if lesson.game not in game_names():
        raise doc.error(["game"], f"unknown game {short(lesson.game)}; known: {', '.join(game_names())}")
    known = known_clauses(lesson.game)
    if known is not None:
        for i, cid in enumerate(lesson.decides):
            if cid not in known:
                raise doc.error(["decides", i], f"{short(cid)} is not a clause of {lesson.game} "
                                                f"(see `racekit rules {lesson.game}`)")
    _check_event_kind(lesson, doc)
    scenario_path = _scenario_path(lesson, doc, Path(path).parent)
    return lesson, doc, scenario_path


def _check_event_kind(lesson: Lesson, doc: Located) -> None:
    """An answer that names an event kind must name one its game tells: ``happens: {kind: crahs}``
    would always answer "no"."""
    answer = lesson.answer
    match, loc = None, None
    for src in ("happens", "count", "order"):
        if getattr(answer, src) is not None:
            match, loc = getattr(answer, src), ["answer", src, "kind"]
    if answer.event_value is not None:
        match, loc = answer.event_value.event, ["answer", "event_value", "event", "kind"]
    if match is None:
        return
    try:
        kinds = sorted(_resolve_templates(game_class(lesson.game).game_type))
    except Exception:   # a game that tells no events in words
        return
    if kinds and match.kind not in kinds:
        import difflib
        close = difflib.get_close_matches(match.kind, kinds, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise doc.error(loc, f"{short(match.kind)} is not an event kind of {lesson.game}{hint}; "
                             f"its kinds: {', '.join(kinds)}")


CHANCE_WORDS = "Die roll or card draw: "
"""How a reveal step names a chance outcome (a class reads it: not the engine's ``chance:``)."""


def run_lesson(path: str | Path) -> LessonRun:
    """Load a lesson, play its scenario and compute the answer.

    Problems that make the lesson unusable (the scenario fails its own checks, the answer is
    hidden from the lesson's view, the choices hold the answer not exactly once, a deciding
    clause appears nowhere) are listed in ``problems``; a file that cannot be read raises.

    Raises:
        FileFormatError: the lesson or its scenario file is malformed (see :func:`load_lesson`).
    """
    lesson, doc, scenario_path = load_lesson(path)
    run = LessonRun(lesson, str(path))
    try:
        loaded = load_scenario(scenario_path)
    except FileFormatError as exc:
        raise doc.error(["scenario"], f"its scenario file cannot be read: {exc}") from None
    scenario = loaded[0]
    if scenario.game != lesson.game:
        raise doc.error(["scenario"], f"{scenario.id} is a {scenario.game} scenario, not {lesson.game}")
    result = run_scenario(scenario_path, loaded=loaded, check_something=False)
    if result.failures:
        run.problems.append(f"its scenario {scenario.id} fails: {result.failures[0]}")
        return run
    game = result.before.game
    names = list(game.seat_names)
    if lesson.seat is not None and lesson.seat >= game.num_players:
        raise doc.error(["seat"], f"seat {lesson.seat} is not a seat of this game "
                                  f"(0 to {game.num_players - 1})")
    history = result.after.history()
    until = len(history) if lesson.reveal_until is None else lesson.reveal_until
    for name, value in (("ask_after", lesson.ask_after), ("reveal_until", until)):
        if value > len(history):
            raise doc.error([name], f"{value} plies: the scenario plays only {len(history)}")
    state = result.before.clone()
    for action in history[:lesson.ask_after]:
        state.apply_action(action)
    run.question_state = state.clone()
    decides = set(lesson.decides)
    for ply in range(lesson.ask_after, until):
        action = history[ply]
        actor = state.current_player()
        move = (CHANCE_WORDS if actor < 0 else f"{names[actor]}: ") + state.action_to_string(action)
        local = {lang: _local_move(state, action, actor, names, lang) for lang in LANGS if lang != "en"}
        state.apply_action(action)
        seen = _may_see(state, ply, lesson.seat)
        if not seen:
            move = (f"{CHANCE_WORDS}(hidden)" if actor < 0 else f"{names[actor]}: (a secret choice)")
        events = [e for e in state.events if e.ply == ply]
        with use_lang("en"):
            sentences = [game.render(e, details=False) for e in events]
        texts = {"en": (move, sentences)}
        for lang, said in local.items():
            with use_lang(lang):
                if not seen:
                    said = (text("lessons.chance") + text("lessons.hidden") if actor < 0 else
                            text("lessons.move", seat=seat_name(names[actor]),
                                 action=text("lessons.secret_choice")))
                texts[lang] = (said, [game.render(e, details=False) for e in events])
        clauses = list(dict.fromkeys(c for e in events for c in e.clauses))
        move, sentences = texts.get(get_lang(), texts["en"])
        run.steps.append(RevealStep(ply, move, sentences, clauses, bool(decides & set(clauses)),
                                    state.clone(), texts))
    run.end_state = state
    reveal_events = [e for e in state.events if lesson.ask_after <= e.ply < until]
    secret = _secret_read(lesson, game.game_type)
    if secret is not None:
        run.problems.append("answer: " + secret + " is hidden from "
                            + (f"seat {lesson.seat}" if lesson.seat is not None else "the public view")
                            + " (a lesson may not reveal it)")
        return run
    for lang in LANGS:
        summaries = _clause_summaries(lesson.game, lang)
        run.clause_texts[lang] = {c: summaries.get(c, "") for c in lesson.decides}
    run.clause_words = run.clause_texts["en"]
    try:
        raw = _compute(lesson.answer, state, reveal_events, lesson.seat)
    except ValueError as exc:
        run.problems.append(f"answer: {exc}")
        return run
    if raw is None:
        run.problems.append("answer: the value is hidden from "
                            + (f"seat {lesson.seat}" if lesson.seat is not None else "the public view")
                            + " (a lesson may not reveal it)")
        return run
    try:
        run.answer = canonical(lesson.answer.kind, raw, names)
    except ValueError as exc:
        run.problems.append(f"answer: the engine gives {short(raw)}, which does not fit a "
                            f"{lesson.answer.kind} answer ({exc})")
        return run
    run.choices = _choices(lesson, doc, names)
    if run.choices is not None:
        hits = sum(c == run.answer for c in run.choices)
        if hits != 1:
            run.problems.append(
                f"choices: the engine's answer ({run.words(run.answer)}) is "
                + ("not among the choices" if hits == 0 else f"among the choices {hits} times"))
    cited = {c for e in reveal_events for c in e.clauses} | set(scenario.clauses)
    for cid in lesson.decides:
        if cid not in cited:
            run.problems.append(f"decides: {cid} is cited neither by an event of the reveal nor by "
                                f"the scenario {scenario.id}")
    return run


def _local_move(state, action: int, actor: int, names: list[str], lang: str) -> str:
    """A ply's move in ``lang`` (``红方：取勇敢 1``; a chance outcome: ``掷骰或抽牌：…``)."""
    with use_lang(lang):
        label = state.action_label(action, lang)
        if actor < 0:
            return text("lessons.chance") + label
        return text("lessons.move", seat=seat_name(names[actor]), action=label)


def _choices(lesson: Lesson, doc: Located, names: list[str]) -> list | None:
    kind = lesson.answer.kind
    if lesson.choices is None:
        if kind == "yes_no":
            return [True, False]
        if kind == "seat":
            return list(range(len(names)))
        return None                          # a number typed freely
    out = []
    for i, choice in enumerate(lesson.choices):
        try:
            value = canonical(kind, choice, names)
        except ValueError as exc:
            raise doc.error(["choices", i], str(exc)) from None
        if value in out:
            raise doc.error(["choices", i], "this choice is given twice")
        out.append(value)
    return out


def lesson_paths(game: str | None = None) -> list[Path]:
    """The lesson files shipped with ``game`` (or every game), sorted by name."""
    out = []
    for name in ([game] if game else game_names()):
        if name not in game_names():
            raise FileFormatError(f"unknown game {short(name)}; known: {', '.join(game_names())}")
        package = game_class(name).game_type.package
        try:
            folder = resources.files(package) / "lessons" if package else None
        except (ModuleNotFoundError, TypeError):
            folder = None
        if folder is not None and folder.is_dir():
            out += sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".yaml"))
    return out


def run_lessons(targets: list[str]) -> list[LessonRun]:
    """Run the lessons named by ``targets`` (game ids, lesson files or folders).

    A file that cannot be read is a run whose problem names the file, line and field.
    """
    paths: list[Path] = []
    for target in targets:
        if target in game_names():
            paths += lesson_paths(target)
        elif Path(target).is_dir():
            paths += sorted(p for p in Path(target).rglob("*.yaml") if p.is_file())
        elif target.endswith((".yaml", ".yml")):
            paths.append(Path(target))
        else:
            raise FileFormatError(f"{short(target)}: not a game ({', '.join(game_names())}), "
                                  "nor a lesson file or folder")
    runs = []
    for path in paths:
        try:
            runs.append(run_lesson(path))
        except FileFormatError as exc:
            stub = Lesson.model_construct(id=Path(path).stem, title="(invalid file)")
            runs.append(LessonRun(stub, str(path), problems=[str(exc)], error=exc))
    return runs

