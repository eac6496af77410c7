"""Scenario files: the FAQ and edge cases of the rules, reproducible.

A scenario is a YAML file (format in docs/contracts.md): a game and options, a
set-up position, steps (decisions, fixed chance outcomes, actions that must be
refused) and the expected results (snapshot values, events, legal actions,
ranking). Files are validated on load; errors name the file, line and field.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .content import content_base, short
from .errors import FileFormatError, IllegalActionError, OptionError, SetupError, UnknownGameError
from .game import game_class, game_names, load_game
from .events import Event
from .yamlfile import Located, read_yaml, validate

ActionRef = Union[int, str]


class EventMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str
    seats: list[int] | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    clauses: list[str] = Field(default_factory=list)


class Expect(BaseModel):
    """Checks at one point. ``clause``/``clauses`` name the rule clauses that these concrete
    values show (counted as asserted by ``racekit rules``); they need a concrete check next to them."""

    model_config = ConfigDict(extra="forbid")
    state: dict[str, Any] = Field(default_factory=dict)
    seen_by: int | None = Field(default=None, ge=0)
    """``state`` paths read the position as this seat sees it (``snapshot(seat)``: another seat's
    secret is null); default: the referee's view with every secret (``snapshot(full=True)``)."""
    current_player: int | None = None
    events: list[EventMatch] = Field(default_factory=list)
    no_events: list[str] = Field(default_factory=list)
    legal: list[str] | None = None
    terminal: bool | None = None
    ranking: list[list[int]] | None = None
    clause: str | None = None
    clauses: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _clause_needs_a_value(self):
        if (self.clause or self.clauses) and not self.has_values():
            raise ValueError("clause/clauses in an expect block name what its concrete checks show: "
                             "add state, legal, ranking, current_player, terminal or events")
        return self

    def has_values(self) -> bool:
        """Does the block hold a concrete check (not only no_events)?"""
        return bool(self.state or self.events or self.legal is not None or self.ranking is not None
                    or self.current_player is not None or self.terminal is not None)

    def named_clauses(self) -> list[str]:
        """The clauses this block says its concrete values show."""
        return ([self.clause] if self.clause else []) + list(self.clauses)


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chance: ActionRef | None = None
    action: ActionRef | None = None
    refused: ActionRef | None = None
    clause: str | None = None
    expect: Expect | None = None

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [k for k in ("chance", "action", "refused") if getattr(self, k) is not None]
        if len(kinds) > 1:
            raise ValueError(f"a step is one of chance, action or refused, not {' and '.join(kinds)}")
        if not kinds and self.expect is None:
            raise ValueError("a step needs chance, action, refused or expect")
        if self.clause is not None and self.refused is None:
            raise ValueError("clause belongs to a refused step")
        return self


_ID = re.compile(r"[A-Z]{2,5}-[A-Z0-9]+(-[A-Za-z0-9]+)*")


class Scenario(BaseModel):
    """A validated scenario file."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(max_length=64)
    title: str = Field(min_length=3, max_length=300)
    clauses: list[str] = Field(min_length=1, max_length=200)
    game: str = Field(max_length=64)
    preset: str | None = Field(default=None, max_length=64)
    players: int | None = Field(default=None, ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict, max_length=200)
    params: dict[str, Any] = Field(default_factory=dict, max_length=200)
    """Rule numbers away from the rulebook (``GameType.params``), beside ``options``."""
    setup: dict[str, Any] | None = None
    outcome: str = Field(min_length=3, max_length=5000)
    steps: list[Step] = Field(default_factory=list, max_length=10_000)
    expect: Expect | None = None

    @field_validator("steps", mode="before")
    @classmethod
    def _no_steps(cls, v):
        return [] if v is None else v   # "steps:" left with nothing under it: no steps

    def checks_nothing(self) -> bool:
        """No steps and no (or an empty) final expect: it would PASS having checked nothing,
        which a person settling a dispute would read as a verdict."""
        return not self.steps and (self.expect is None or not (self.expect.has_values()
                                                               or self.expect.no_events))

    @field_validator("id")
    @classmethod
    def _id_form(cls, v: str) -> str:
        if not _ID.fullmatch(v):
            raise ValueError("an id is 2 to 5 capital letters, a dash, then capitals and digits, "
                             "optionally more dash-separated parts (like AC-EDGE-07 or WS-SCN-22-2)")
        return v


@dataclass
class FailurePoint:
    """Where a scenario first failed and what had happened by then.

    Attributes:
        where: the failing step (``step 3 (line 21)``) or ``final``.
        events: the events since the check before it (or since the start), in words, under
            the step that caused them (``ply 2 (action: move R1):``); the set-up's own
            automatic steps come first.
        position: the position at the failing point, as ``state.to_text()`` gives it.
    """

    where: str
    events: list[str]
    position: str
    game_id: str | None = None   # the game (its action names in the language in force)

    def text(self, indent: str = "     ") -> str:
        from .i18n import message_text as said   # English kept; said in the language in force
        out = [f"{indent}{said(f'what happened since the last check, up to {self.where}:')}"]
        out += [f"{indent}  {line if line.startswith(' ') else said(line, game_id=self.game_id)}"
                for line in self.events] \
            or [f"{indent}  {said('(nothing)')}"]
        out.append(f"{indent}{said('the position there:')}")
        out += [f"{indent}  {line}" for line in self.position.splitlines()]
        return "\n".join(out)


@dataclass
class ScenarioResult:
    """What running a scenario gave: pass/fail, the failures, and the states before and after.

    ``failed_at`` (a :class:`FailurePoint`, ``None`` when it passed) tells what happened up to
    the first failing check and the position there; :meth:`line` prints it.
    """

    scenario: Scenario
    path: str
    failures: list[str] = field(default_factory=list)
    before: Any = None
    after: Any = None
    failed_at: FailurePoint | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def id(self) -> str:
        return self.scenario.id

    def line(self) -> str:
        from .i18n import error_text, scenario_text, text as _text
        mark = _text("cli.pass") if self.passed else _text("cli.fail")
        game_id = getattr(self.scenario, "game", "") or ""
        title = scenario_text(game_id, self.scenario.id, "title", self.scenario.title)
        if self.scenario.title == _INVALID:
            title = _text("messages.invalid_file")
        text = f"{mark} {self.scenario.id:<14} {title}"
        for failure in self.failures:   # kept in English (what was found); said in the language in force
            text += f"\n     - {error_text(failure, game_id=game_id or None)}"
        if self.failed_at is not None:
            text += "\n" + self.failed_at.text()
        return text


def load_scenario(path: str | Path) -> tuple[Scenario, Located]:
    """Read and validate a scenario file.

    Raises:
        FileFormatError: bad YAML, a missing or malformed field, an unknown game,
            or a clause ID the game does not have; the message names the file,
            the line and the field.
    """
    doc = read_yaml(path)
    scenario = validate(doc, Scenario)
    if scenario.game not in game_names():
        raise doc.error(["game"], f"unknown game {short(scenario.game)}; known: {', '.join(game_names())}")
    _check_clause_ids(scenario, doc)
    _check_event_kinds(scenario, doc)
    return scenario, doc


def _check_event_kinds(scenario: Scenario, doc: Located) -> None:
    """Every event kind an ``events`` or ``no_events`` check names must be one its game tells
    (its text templates): a typo in ``no_events: [captuer]`` would pass whatever happened."""
    game_type = game_class(scenario.game).game_type
    try:
        kinds = sorted(_resolve_templates(game_type))
    except Exception:     # a game that tells no events in words (a test's fake game)
        return
    if not kinds:
        return
    import difflib

    def from_expect(expect, loc):
        if expect is None:
            return
        named = [(loc + ["events", k, "kind"], ev.kind) for k, ev in enumerate(expect.events)]
        named += [(loc + ["no_events", k], kind) for k, kind in enumerate(expect.no_events)]
        for where, kind in named:
            if kind not in kinds:
                close = difflib.get_close_matches(str(kind), kinds, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise doc.error(where, f"{short(kind)} is not an event kind of {scenario.game}{hint}; "
                                       f"its kinds: {', '.join(kinds)}")

    for i, step in enumerate(scenario.steps):
        from_expect(step.expect, ["steps", i, "expect"])
    from_expect(scenario.expect, ["expect"])


def _resolve_templates(game_type) -> set[str]:
    """The event kinds a game's text module has a sentence for."""
    from .game import _resolve
    return set(_resolve(game_type.text)) if game_type.text else set()


_KNOWN_CLAUSES: dict[tuple, frozenset] = {}   # (path, mtime, size) -> IDs: a clauses.yaml is parsed once


def known_clauses(game_id: str) -> set[str] | None:
    """Every clause and ambiguity ID of ``game_id`` (from its clauses.yaml), plus the
    generic ``PREFIX-ACTION`` and ``PREFIX-END`` the core cites; ``None`` if it ships none."""
    gt = game_class(game_id).game_type
    try:
        path = resources.files(gt.package) / "clauses.yaml" if gt.package else None
    except (ModuleNotFoundError, TypeError):   # not a package (a test's game module)
        path = None
    if path is None or not path.is_file():
        return None
    file = Path(str(path))
    stat = file.stat()
    key = (str(file), stat.st_mtime_ns, stat.st_size)   # re-read when the file changes
    ids = _KNOWN_CLAUSES.get(key)
    if ids is None:
        data = read_yaml(file).data or {}
        ids = frozenset(e.get("id") for k in ("clauses", "ambiguities") for e in data.get(k) or []
                        if isinstance(e, dict))
        _KNOWN_CLAUSES[key] = ids
    return set(ids) | {f"{gt.prefix}-ACTION", f"{gt.prefix}-END"}


def _check_clause_ids(scenario: Scenario, doc: Located) -> None:
    """Every clause ID a scenario names must be one of its game's (a typo asserts nothing)."""
    known = known_clauses(scenario.game)
    if known is None:
        return
    named: list[tuple[list, str]] = [(["clauses", i], c) for i, c in enumerate(scenario.clauses)]

    def from_expect(expect, loc):
        if expect is None:
            return
        own = ([expect.clause] if getattr(expect, "clause", None) else []) + list(getattr(expect, "clauses", []) or [])
        named.extend((loc + ["clause"], c) for c in own)
        for k, ev in enumerate(expect.events):
            named.extend((loc + ["events", k, "clauses", j], c) for j, c in enumerate(ev.clauses))

    for i, step in enumerate(scenario.steps):
        if step.clause:
            named.append((["steps", i, "clause"], step.clause))
        from_expect(step.expect, ["steps", i, "expect"])
    from_expect(scenario.expect, ["expect"])
    for loc, clause in named:
        if clause not in known:
            raise doc.error(loc, f"{short(clause)} is not a clause of {scenario.game} (see "
                                 f"`racekit rules {scenario.game}`)")


def _game_for(scenario: Scenario, doc: Located):
    try:
        return load_game(scenario.game, players=scenario.players, preset=scenario.preset,
                         params=scenario.params, **scenario.options)
    except (OptionError, UnknownGameError) as exc:
        field = getattr(exc, "field", None) or "options"
        loc = field.split(".")
        if loc[0] == "players" and scenario.players is None:
            loc = ["preset"] if scenario.preset is not None else ["game"]
        raise doc.error(loc, str(exc)) from None


def _initial(game, scenario: Scenario, doc: Located):
    try:
        return game.new_initial_state(setup=scenario.setup)
    except SetupError as exc:
        loc = ["setup"] + (exc.field.split(".") if exc.field else [])
        loc = [int(p) if isinstance(p, str) and p.isdecimal() else p for p in loc]
        message = str(exc).removeprefix(f"{exc.field}: ") if exc.field else str(exc)
        raise doc.error(loc, message) from None


_PLAIN = frozenset({type(None), bool, int, float, str, Fraction})


def _frozen(value):
    """A comparable copy of a state's data: containers by value, other objects by identity."""
    kind = type(value)
    if kind in _PLAIN:       # the common cases first, by exact type (this runs ~10^5 times a check)
        return value
    if kind is list or kind is tuple:
        return (kind.__name__, tuple([_frozen(x) for x in value]))
    if kind is dict:
        return ("dict", tuple([(_frozen(k), _frozen(v)) for k, v in value.items()]))
    if value is None or isinstance(value, (bool, int, float, str, Fraction)):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_frozen(x) for x in value))
    if isinstance(value, dict):
        return ("dict", tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(_frozen(x) for x in value))
    if isinstance(value, Event):
        return ("event", value.ply, value.kind, _frozen(value.seats), _frozen(value.data),
                _frozen(value.clauses))
    return ("object", id(value))


def full_state(state):
    """Everything a state holds, hidden parts included (hands, decks), as a comparable value.

    Caches of legal actions are warmed first, so that only real changes show.
    """
    state.legal_actions()
    state.chance_outcomes()
    return _frozen({k: v for k, v in vars(state).items() if k not in ("game", "_typed")})


def _normal(value):
    return json.loads(json.dumps(value))


def lookup(snapshot: dict, path: str, aliases: dict | None = None):
    """Follow a dotted path (``planes.R1.step``) into a snapshot; ``KeyError`` if absent.

    ``aliases`` maps other names of a key to the snapshot's own (a state's
    ``check_aliases``: Leaf Marathon's set-up ``pos`` reads the snapshot's ``position``).
    """
    node = snapshot
    for part in str(path).split("."):
        if isinstance(node, list) and re.fullmatch(r"-?[0-9]{1,9}", part):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, dict) and re.fullmatch(r"[0-9]{1,9}", part) and int(part) in node:
            node = node[int(part)]
        elif isinstance(node, dict) and aliases and aliases.get(part) in node:
            node = node[aliases[part]]
        else:
            raise KeyError(path)
    return node


def _path_hint(snapshot: dict, path: str, aliases: dict) -> str:
    """For a check path the snapshot lacks: the part that is missing, the keys that place has
    and a "did you mean" (``; no 'psition' under 'seats.0' (did you mean 'position'?) …``)."""
    import difflib
    parts = str(path).split(".")
    for k in range(len(parts), 0, -1):
        head = ".".join(parts[:k - 1])
        try:
            node = lookup(snapshot, head, aliases) if head else snapshot
        except (KeyError, IndexError):
            continue
        if isinstance(node, list):     # an index past the end: say how long the list is
            where = f"{head!r}" if head else "the state"
            span = f"0 to {len(node) - 1}" if node else "none"
            return f"; {where} has {len(node)} entr{'y' if len(node) == 1 else 'ies'} (index {span})"
        if not isinstance(node, dict):
            return ""
        names = [str(n) for n in node] + [a for a, real in (aliases or {}).items() if real in node]
        close = difflib.get_close_matches(parts[k - 1], names, n=1, cutoff=0.6)
        mean = f" (did you mean {close[0]!r}?)" if close else ""
        where = f"under {head!r}" if head else "at the top"
        shown = ", ".join(names[:30]) + (", …" if len(names) > 30 else "")
        return f"; no {parts[k - 1]!r} {where}{mean}; keys there: {shown}"
    return ""


def _event_matches(event, want: EventMatch) -> bool:
    if event.kind != want.kind:
        return False
    if want.seats is not None and list(event.seats) != want.seats:
        return False
    data = _normal(event.data) if want.data else {}
    for key, value in want.data.items():
        if key not in data or data[key] != _normal(value):
            return False
    return all(c in event.clauses for c in want.clauses)


def _who(state, player: int) -> str:
    """A ``current_player`` value in words, beside the number a scenario file writes:
    ``1 (Yellow)``, ``-1 (chance: a random outcome is next)``, ``-4 (the game is over)``."""
    from .state import CHANCE, TERMINAL
    if player == CHANCE:
        return f"{player} (chance: a random outcome is next)"
    if player == TERMINAL:
        return f"{player} (the game is over)"
    names = state.game.seat_names
    return f"{player} ({names[player]})" if 0 <= player < len(names) else str(player)


def _flow(value) -> str:
    """A value as a scenario file writes it (YAML flow style): ``{kind: jump, seats: [0]}``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) and (
        not value or value.strip() != value or any(c in value for c in ",:{}[]#")) else str(value)


def _secret_hint(state, path: str, want) -> str:
    """A check written for the public view (what ``state:`` read before issue 16) names ``seen_by``.

    ``state:`` paths read the referee's view with every secret; a file that expects a secret to
    be hidden (e.g. a committed Wingsuit plan ``null``) gets told how to say "as a seat sees it".
    """
    try:
        public = lookup(_normal(state.snapshot()), path, state.check_aliases)
    except (KeyError, IndexError, TypeError):
        return ""
    if public != _normal(want):
        return ""
    return (f" (that is what the public view shows: a `state:` check reads the referee's view, "
            f"every secret included; add `seen_by: SEAT` to the check to read what one seat sees)")


def check(state, expect: Expect, events: list, where: str) -> list[str]:
    """Compare a state and its events with an Expect block; returns failure messages."""
    failures = []
    snap = {}
    if expect.state:   # only when a field is checked: the referee's view (a check may name a hand)
        seat = expect.seen_by
        if seat is not None and seat >= state.game.num_players:
            return [f"{where}: seen_by: seat {seat} is not a seat of this game "
                    f"(0 to {state.game.num_players - 1})"]
        snap = _normal(state.snapshot(full=True) if seat is None else state.snapshot(seat))
    for path, want in expect.state.items():
        try:
            got = lookup(snap, path, state.check_aliases)
        except (KeyError, IndexError):
            failures.append(f"{where}: state has no {path!r}{_path_hint(snap, path, state.check_aliases)}")
            continue
        if got != _normal(want):
            failures.append(f"{where}: {path} is {got!r}, expected {want!r}"
                            + (_secret_hint(state, path, want) if seat is None else ""))
    if expect.current_player is not None and state.current_player() != expect.current_player:
        failures.append(f"{where}: current player is {_who(state, state.current_player())}, "
                        f"expected {_who(state, expect.current_player)}")
    if expect.terminal is not None and state.is_terminal() != expect.terminal:
        failures.append(f"{where}: terminal is {state.is_terminal()}, expected {expect.terminal}")
    if expect.ranking is not None and _normal(state.ranking()) != expect.ranking:
        failures.append(f"{where}: ranking is {state.ranking()}, expected {expect.ranking}")
    if expect.legal is not None:
        got = sorted(state.action_to_string(a) for a in state.legal_actions())
        if got != sorted(expect.legal):
            failures.append(f"{where}: legal actions are {got}, expected {sorted(expect.legal)}")
    pos = 0
    for want in expect.events:
        while pos < len(events) and not _event_matches(events[pos], want):
            pos += 1
        if pos == len(events):
            seen = ", ".join(sorted({e.kind for e in events}))
            failures.append(f"{where}: no {_flow(want.model_dump(exclude_defaults=True))} event "
                            f"(in order); kinds seen: {seen}")
            break
        pos += 1
    for kind in expect.no_events:
        if any(e.kind == kind for e in events):
            failures.append(f"{where}: a {kind!r} event happened but must not")
    return failures


def _resolve(state, ref: ActionRef) -> int:
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref
    return state.string_to_action(str(ref))


def run_scenario(path: str | Path, options: dict | None = None, loaded=None,
                 check_something: bool = True) -> ScenarioResult:
    """Load and run one scenario file.

    Args:
        options: rule options that replace the file's own (the designer review runs
            each scenario under every reading of an ambiguity).
        loaded: the ``(scenario, doc)`` pair :func:`load_scenario` gave for ``path``
            (to run one file many times without reading it again).
        check_something: refuse a file that checks nothing (the explorer, which only opens
            the position, passes False).

    Raises:
        FileFormatError: the file is malformed (see :func:`load_scenario`), or
            ``options`` names an unknown option or value.
    """
    scenario, doc = loaded or load_scenario(path)
    if options:
        scenario = scenario.model_copy(update={"options": {**scenario.options, **options}})
    with content_base(Path(path).parent):   # a track or board file it names lies beside it
        game = _game_for(scenario, doc)
        state = _initial(game, scenario, doc)
    if check_something and scenario.checks_nothing():   # after the set-up: its errors come first
        raise doc.error([], "the scenario checks nothing: give it steps, or a final expect with "
                        "state, legal, events, current_player, terminal or ranking")
    result = ScenarioResult(scenario, str(path), before=state.clone())
    start = 0   # the start position's own events (ply -1: a set-up's automatic steps) count too
    since = 0   # the first event after the latest check (for the story of a failure)
    moves: dict[int, str] = {}   # ply -> the step as the file writes it

    def failed_here(where: str) -> None:
        if result.failures and result.failed_at is None:
            result.failed_at = _failure_point(state, where, state.events[since:], moves)

    for i, step in enumerate(scenario.steps):
        where = f"step {i + 1} (line {doc.line(['steps', i])})"
        try:
            if step.chance is not None or step.action is not None:
                ref = step.chance if step.chance is not None else step.action
                if (step.chance is not None) != state.is_chance_node():
                    want = "a chance outcome" if step.chance is not None else "a decision"
                    result.failures.append(f"{where}: expected {want}, but the node is "
                                           f"{'chance' if state.is_chance_node() else 'a decision'}")
                    break
                moves[state.ply] = f"{'chance' if step.chance is not None else 'action'}: {ref}"
                state.apply_action(_resolve(state, ref))
            elif step.refused is not None:
                before = full_state(state)   # hidden parts (hands, decks) included
                moves[state.ply] = f"refused: {step.refused} (accepted)"
                try:
                    state.apply_action(_resolve(state, step.refused))
                except IllegalActionError as exc:
                    if step.clause and exc.clause != step.clause:
                        result.failures.append(f"{where}: refused citing {exc.clause}, "
                                               f"expected {step.clause}")
                    if full_state(state) != before:
                        result.failures.append(f"{where}: the refused action changed the state")
                else:
                    result.failures.append(f"{where}: {step.refused!r} was accepted but must be refused")
                    break
        except IllegalActionError as exc:
            result.failures.append(f"{where}: {exc}")
            break
        finally:
            failed_here(where)
        if step.expect is not None:
            result.failures += check(state, step.expect, state.events[start:], where)
            failed_here(where)
            since = len(state.events)
    if scenario.expect is not None and not result.failures:
        result.failures += check(state, scenario.expect, state.events[start:], "final")
        failed_here("final")
    result.after = state
    return result


MAX_STORY = 40
"""Most events a failure's story lists (the latest ones)."""


def _failure_point(state, where: str, events: list, moves: dict[int, str]) -> "FailurePoint":
    """What happened up to a failing check, in words, and the position there."""
    game = state.game
    lines, shown_ply = [], None
    if len(events) > MAX_STORY:
        lines.append(f"(… {len(events) - MAX_STORY} earlier events)")
        events = events[-MAX_STORY:]
    for event in events:
        if event.ply != shown_ply:
            shown_ply = event.ply
            lines.append("at the start (the set-up's own steps):" if event.ply < 0 else
                         f"ply {event.ply} ({moves.get(event.ply, 'a move')}):")
        try:
            text = game.render(event)
        except Exception:   # a template that cannot take this event: its kind and data
            text = f"{event.kind} {_flow(dict(event.data))}"
        lines.append("  " + text)
    try:
        position = state.to_text()
    except Exception:
        position = json.dumps(_normal(state.snapshot()), sort_keys=True)
    return FailurePoint(where=where, events=lines, position=position, game_id=game.game_type.id)


def scenario_paths(game: str | None = None) -> list[Path]:
    """The scenario files shipped with ``game`` (or with every game), sorted."""
    out = []
    for name in ([game] if game else game_names()):
        if name not in game_names():
            raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
        package = game_class(name).game_type.package
        try:
            folder = resources.files(package) / "scenarios" if package else None
        except (ModuleNotFoundError, TypeError):  # a game registered from elsewhere (a module, not a package): no package data
            folder = None
        if folder is not None and folder.is_dir():
            out += sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".yaml"))
    return out


_SCENARIO_KEYS = {"game", "steps", "expect", "outcome", "clauses"}


def content_kind(path: str | Path) -> str | None:
    """What content file ``path`` holds (``"a Snow Tails track"``, ``"a Wingsuit card set"``,
    ``"an Aeroplane Chess board"``, ``"a Leaf Marathon map"``/``deck``/``roster``), or ``None``:
    a scenario, or a file that is neither (run as a scenario, it fails with its error)."""
    try:
        data = read_yaml(path).data
    except FileFormatError:
        return None
    if not isinstance(data, dict) or data.keys() & _SCENARIO_KEYS:
        return None
    fmt = data.get("format")
    if isinstance(fmt, str) and fmt.startswith("wingsuit-cards/"):
        return "a Wingsuit card set"
    if isinstance(fmt, str) and fmt.startswith("racekit.leaf_marathon."):
        kind = fmt.removeprefix("racekit.leaf_marathon.").split("/")[0]
        return f"a Leaf Marathon {kind}" if kind in ("map", "deck", "roster") else None
    if "tiles" in data and "lanes" in data:
        return "a Snow Tails track"
    if "loop_len" in data and "layout" in data:
        return "an Aeroplane Chess board"
    return None


def collect(targets: list[str], content: list | None = None) -> list[Path]:
    """Scenario files named by ``targets``: game ids (their shipped scenarios), ``.yaml``
    files, and folders (every scenario file below them, sorted).

    The content files in a folder (tracks, boards, card sets, maps, decks, rosters that
    its scenarios name, :func:`content_kind`) are not scenarios: they are left out, and
    ``(path, kind)`` pairs of them are added to ``content`` when it is given.

    Raises:
        FileFormatError: a target is neither a game, a file nor a folder, names a ``.yaml``
            file that does not exist, or is a folder holding no scenario file (a mistyped
            folder must not pass as "0 failed").
    """
    out: list[Path] = []
    for target in targets:
        if target in game_names():
            out += scenario_paths(target)
            continue
        path = Path(target)
        if path.is_dir():
            found, beside = [], []
            for p in sorted(p for p in path.rglob("*.y*ml") if p.suffix in (".yaml", ".yml") and p.is_file()):
                kind = content_kind(p)
                (found if kind is None else beside).append(p if kind is None else (p, kind))
            if not found:
                raise FileFormatError(f"{str(target)[:300]}: a folder with no .yaml scenario files"
                                      + (f" (only content files: {len(beside)})" if beside else ""))
            out += found
            if content is not None:
                content += beside
        elif path.exists():
            out.append(path)
        elif path.suffix in (".yaml", ".yml"):   # a mistyped file: refused like any missing file
            raise FileFormatError(f"{str(target)[:300]}: cannot read: No such file or directory "
                                  f"(looked in {path.absolute().parent})")
        else:
            raise FileFormatError(f"{str(target)[:300]}: not a game ({', '.join(game_names())}), "
                                  "nor a scenario file or folder")
    seen: set = set()        # a file named twice (a game twice, a folder and a file in it) runs once
    unique = []
    for p in out:
        key = os.path.realpath(p)
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


_INVALID = "(invalid file)"


def run_all(game: str | None = None, paths: list[Path] | None = None) -> list[ScenarioResult]:
    """Run every shipped scenario of ``game`` (or all games), or the files ``paths``.

    A file that cannot be read or validated is a failed result naming the problem.
    """
    results = []
    for path in (scenario_paths(game) if paths is None else paths):
        try:
            results.append(run_scenario(path))
        except FileFormatError as exc:
            stub = Scenario.model_construct(id=Path(path).stem, title=_INVALID, clauses=[],
                                            game=game or "", outcome="")
            results.append(ScenarioResult(stub, str(path), failures=[str(exc)]))
    return results
