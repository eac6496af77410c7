"""Game declarations: id, names, seat range, presets, options and parameters.

A game module declares one :class:`GameType` (data, in the style of OpenSpiel's
``GameType`` and Ludii's named variants) and a :class:`Game` subclass whose
``new_initial_state`` returns the game's :class:`~racekit.core.state.State`.
Options are validated here, once, with errors that name the option and the
allowed values. Rule *parameters* (:class:`Param`: the numbers the rules fix, each
with its clause, rulebook default and bounds) are declared and validated beside them.
"""
from __future__ import annotations

import difflib
import functools
import importlib
import math
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import OptionError, UnknownGameError


@dataclass(frozen=True)
class Option:
    """One rule switch.

    Attributes:
        name: option name as typed by users (``capture_mode``).
        default: value used when neither the preset nor the user sets it.
        choices: allowed values; the first listed in the spec is the default.
        doc: one line in our own words.
        clauses: the ambiguity or clause IDs this option settles (``AC-AMB-03``).
        check: optional callable for open-ended values (a track file path);
            it returns the normalised value or raises ``ValueError``.
        unbuilt: values the spec declares but the kit does not build yet: never among
            ``choices`` (so never listed or offered), refused by name as not built.
    """

    name: str
    default: Any
    choices: tuple = ()
    doc: str = ""
    clauses: tuple = ()
    check: Callable[[Any], Any] | None = None
    unbuilt: tuple = ()
    renamed: tuple = ()
    """``(old, new)`` value pairs: a file or call with an old spelling of a value (``2``) reads
    as the new one (``"2_colours"``), so files written before a rename keep working."""

    @property
    def type(self) -> type:
        """The option's one value type (``str``, ``int`` or ``bool``): its default's type; every
        choice has it (tests/test_declarations.py), so a typed parameter (OpenSpiel's) takes
        every legal value."""
        return type(self.default)

    def validate(self, value: Any) -> Any:
        """The option's value for ``value`` (also its text form: ``"true"``, ``"3"``, ``"on"``).

        Raises:
            OptionError: not an allowed value; ``field`` is ``options.<name>``.
        """
        field = f"options.{self.name}"
        value = plain(value)
        for old, new in self.renamed:   # an old spelling ("2" or 2 for "2_colours")
            if (value == old and type(value) is type(old)) or \
                    (isinstance(value, str) and value.strip().lower() == str(old).lower()):
                return new
        for unbuilt in self.unbuilt:
            if isinstance(value, str) and value.strip().lower() == str(unbuilt).lower():
                raise OptionError(f"option {self.name!r} = {unbuilt!r} is declared by the spec but not "
                                  f"built yet; use {' or '.join(repr(c) for c in self.choices)}"
                                  + (f" ({', '.join(self.clauses)})" if self.clauses else ""),
                                  field=field)
        if self.choices:
            for choice in self.choices:
                if value == choice and type(value) is type(choice):
                    return choice
            # accept the text form from the command line: "true", "3"; a comma as "+" ("5+6"
            # for "5,6": the spelling in a settings line or an OpenSpiel game string)
            for choice in self.choices:
                if isinstance(value, str) and (str(choice).lower() == value.lower() or
                                               str(choice).replace(",", "+") == value):
                    return choice
            # a yes/no option also takes yes/no/on/off (YAML 1.1 and everyday words)
            if isinstance(value, str) and any(isinstance(c, bool) for c in self.choices):
                word = _BOOL_WORDS.get(value.strip().lower())
                if word is not None and word in self.choices:
                    return word
            if self.check is None:
                typed = f"{short(value)} (read as {type(value).__name__})" \
                    if isinstance(value, bool) and not any(isinstance(c, bool) for c in self.choices) \
                    else short(value)
                raise OptionError(_e(
                    "option_value", name=repr(self.name), typed=typed,
                    allowed=", ".join(repr(c) for c in self.choices),
                    settles=_e("settles", clauses=", ".join(self.clauses)) if self.clauses else ""),
                    field=field)
        if self.check is not None:
            try:
                return self.check(value)
            except (ValueError, TypeError) as exc:
                raise OptionError(f"option {self.name!r}: {exc}", field=field) from None
        return value


def _turn_limit(value, high: int = 10000):
    if isinstance(value, str) and value.strip().lower() in ("none", "off", "0", ""):
        return 0
    if value is None or value is False:
        return 0
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() \
            and len(value.strip()) <= 6:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ValueError(f"a turn limit is a whole number of rounds from 1 to {high} (0 or "
                         f"'none': no limit), not {short(value)}")
    return value


def turn_limit_option(clauses: tuple = (), high: int = 10000) -> "Option":
    """The ``turn_limit`` option every game has: a number of rounds (0, the default: no limit,
    the rulebook); when round ``turn_limit + 1`` would begin, the game ends with the current
    ranking. Text ``none``/``off`` reads as 0. One value type: int."""
    return Option("turn_limit", 0, (), "A round cap (not a rule; 0 = none): the game ends with "
                  "the current ranking after this many rounds.", tuple(clauses),
                  functools.partial(_turn_limit, high=high))


_BOOL_WORDS = {"yes": True, "on": True, "true": True, "no": False, "off": False, "false": False}


def plain(value: Any) -> Any:
    """A NumPy scalar as the Python value it holds (``np.int64(3)`` -> ``3``, as a table read
    back from a simulation gives its numbers); anything else unchanged."""
    if type(value).__module__ == "numpy" and callable(getattr(value, "item", None)) \
            and getattr(value, "ndim", None) == 0:
        return value.item()
    return value


def short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Param:
    """One number the rules fix (a cap, cost, distance, hand size, points of a place).

    Designers vary it like an option (``load_game(..., params={name: value})``, ``-p
    NAME=VALUE``); every reader of the rule (engine, compiled kernel, agents, texts) takes
    it from the game's table, never from a literal.

    Attributes:
        name: parameter name as typed by users (``forest_cost``).
        default: the rulebook's value; its type (``int`` or ``float``) is the parameter's.
        clause: the clause ID that fixes the number (``LM-TERRAIN-FOREST-1``).
        low, high: the inclusive bounds the engine supports.
        doc: one line in our own words (with the unit).
    """

    name: str
    default: int | float
    clause: str
    low: int | float
    high: int | float
    doc: str = ""

    def __post_init__(self):
        if type(self.default) not in (int, float) or not self.low <= self.default <= self.high:
            raise ValueError(f"parameter {self.name!r}: default {self.default!r} is not a number "
                             f"within {self.low}..{self.high}")

    @property
    def type(self) -> type:
        """``int`` or ``float``: the type of the default."""
        return type(self.default)

    def bounds(self) -> str:
        """The bounds as text: ``"0 to 10"``."""
        return f"{self.low} to {self.high}"

    def validate(self, value: Any) -> int | float:
        """The parameter's value for ``value`` (also its text form from the command line:
        ``"3"``, ``"2.5"``).

        Raises:
            OptionError: not a number of the parameter's type, or outside its bounds;
                ``field`` is ``params.<name>``; the message names the parameter and bounds.
        """
        field = f"params.{self.name}"
        kind = "a whole number" if self.type is int else "a number"
        where = f"parameter {self.name!r} ({self.clause}) must be {kind} from {self.bounds()}"
        v = value
        if isinstance(v, str):
            text = v.strip()
            try:
                v = int(text) if re.fullmatch(r"[+-]?[0-9]{1,12}", text) else float(text) \
                    if self.type is float and re.fullmatch(r"[+-]?[0-9.eE+-]{1,32}", text) else None
            except ValueError:
                v = None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or \
                (isinstance(v, float) and not math.isfinite(v)):
            raise OptionError(f"{where}; got {short(value)}", field=field)
        if self.type is int:
            if isinstance(v, float):
                if v != int(v):
                    raise OptionError(f"{where}; got {short(value)}", field=field)
                v = int(v)
        else:
            v = float(v)
        if not self.low <= v <= self.high:
            raise OptionError(f"{where}; got {short(value)} (rulebook: {self.default})", field=field)
        return v


class Params:
    """The parameter values of a configured game: ``params.NAME`` or ``params["NAME"]``.

    Read only. ``changed()`` lists the values away from the rulebook (house rules). The values
    are plain instance attributes, so the rules' hot paths read ``st.p.NAME`` at the cost of an
    ordinary attribute (no ``__getattr__`` call).

    Raises:
        ValueError: a parameter name that is also a name of this class (``items``, ``changed``…).
    """

    def __init__(self, decl: tuple, values: dict):
        clash = sorted(name for name in values if name.startswith("_") or hasattr(Params, name))
        if clash:
            raise ValueError(f"parameter names {clash} are taken by Params itself: rename them")
        object.__setattr__(self, "_decl", {p.name: p for p in decl})
        object.__setattr__(self, "_values", dict(values))
        self.__dict__.update(values)

    def __getattr__(self, name: str):   # only for names that are not parameters
        if name.startswith("_"):     # copy and pickle probe before __init__ has run
            raise AttributeError(name)
        raise AttributeError(f"no parameter {name!r}")

    def __copy__(self):
        return self                  # read only: a copy is the same values

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (Params, (tuple(self._decl.values()), self._values))

    def __setattr__(self, name, value):
        raise AttributeError("parameters are read only: load the game with params={...}")

    def __getitem__(self, name: str):
        return self._values[name]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def items(self):
        return self._values.items()

    def as_dict(self) -> dict:
        return dict(self._values)

    def changed(self) -> dict:
        """``{name: value}`` of the parameters away from the rulebook default, in table order."""
        return {k: v for k, v in self._values.items() if v != self._decl[k].default}

    def house_rules(self) -> list[str]:
        """One line per changed parameter: ``house rule: NAME = v (rulebook: d, CLAUSE)``."""
        return [house_rule(self._decl[k], v) for k, v in self.changed().items()]

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{k}={v!r}" for k, v in self._values.items()) + ")"


def house_rule(param: Param, value) -> str:
    """``house rule: NAME = v (rulebook: d, CLAUSE)``: how a changed parameter is shown."""
    return f"house rule: {param.name} = {value} (rulebook: {param.default}, {param.clause})"


@dataclass(frozen=True)
class Preset:
    """A named variant: option values and seat counts, with its source."""

    name: str
    options: dict = field(default_factory=dict)
    min_players: int | None = None
    max_players: int | None = None
    default_players: int | None = None
    source: str = ""
    doc: str = ""
    seats_clause: str = ""
    """The rule clause that sets the seat range; a seat count outside it names it."""
    utility: str = "zero_sum"
    """The utility model of ``returns()`` under this preset: ``"zero_sum"`` (every seat for
    itself; returns add up to 0) or ``"team"`` (partners share one place, so they get equal
    returns, which still add up to 0: Aeroplane Chess tournament), or ``"general_sum"``.
    See :meth:`Game.utility`."""


@dataclass(frozen=True)
class GameType:
    """What a game declares about itself.

    Attributes:
        id: registry name (``aeroplane_chess``).
        long_name: English and original names.
        min_players, max_players, default_players: seat range.
        presets: named variants; the first is the default.
        options: every rule switch with its default.
        seat_names: display names of seats 0..max_players-1.
        package: the game's subpackage (holds clauses.yaml and scenarios/).
        plot: ``"module:function"`` drawing a state into a matplotlib Axes.
        text: ``"module:TEMPLATES"`` event text templates.
        prefix: clause ID prefix (``AC``).
        controls: optional ``"module:factory"`` giving the explorer custom action
            controls; ``factory(state)`` returns an object with ``.widget`` and
            ``.selected_action()`` (see docs/contracts.md). Empty: a dropdown of
            the legal actions.
        agents: the game's own agents as ``(name, "module:Class")`` pairs;
            ``Class(seed)`` is a callable ``agent(state, ply) -> action``. They
            come after the generic ones (random, first); see
            :func:`racekit.core.agents.make_agent`.
    """

    id: str
    long_name: str
    min_players: int
    max_players: int
    default_players: int
    presets: tuple = ()
    options: tuple = ()
    seat_names: tuple = ()
    package: str = ""
    plot: str = ""
    text: str = ""
    prefix: str = ""
    controls: str = ""
    agents: tuple = ()
    params: tuple = ()
    """Every rule number as a :class:`Param` (name, clause, rulebook default, bounds)."""
    secret_event_data: tuple = ()
    """``(("kind", "field"), ...)``: event data fields that hold the referee's knowledge (Leaf
    Marathon's Magic Bind lists every hand weight). The event's sentence never says them; what
    is asked from a seat's view (a lesson) may read only that seat's own entry of such a field
    (``data.weights.<seat>``, a list by seat or a mapping keyed by seat), the public view none."""
    invariants: str = ""
    """``"module:INVARIANTS"``: the facts the rules keep true at all times (a tuple of
    :class:`racekit.core.invariants.Invariant`); every set-up position is checked against them."""
    num_distinct_actions: int = 0
    """Every action id of the game, decision or chance outcome, lies in
    ``range(num_distinct_actions)`` (as OpenSpiel's ``num_distinct_actions``; ids need not all
    be used). The game's action codec (its ``actions.py``) declares it; 0: not declared yet."""
    max_game_length: int = 0
    """Plies: no game of this type lasts longer (a rule's bound, e.g. a round cap times the
    plies a round can take), or where no rule bounds it, the guard past which a playout is
    stopped as a rules bug (:func:`racekit.core.errors.no_end`). 0: not declared yet."""
    max_legal_actions: int = 0
    """The most legal actions a seat can have at once (the longest ``legal_actions()``).
    0: not declared yet."""
    num_chance_outcomes: int = 0
    """How many distinct ids chance outcomes can take, over every chance node (each lies in
    ``range(num_distinct_actions)`` too). 0: not declared yet."""

    decision_ids: Callable[[], tuple] | None = None
    """The action codec's ``decision_ids()``: every id a decision can take, sorted (a superset
    of the ids that occur; tests/test_declarations.py checks random games against it). With
    ``CHANCE_IDS`` it gives the dense index (:meth:`action_index`, :meth:`chance_index`)."""
    chance_ids: tuple = ()
    """Every id a chance outcome can take, sorted (the codec's ``CHANCE_IDS``)."""
    renamed_options: tuple = ()
    """``(old, new)`` pairs: an option spelled the old way in a file or a call is read as the
    new one (``("max_rounds", "turn_limit")``)."""
    observation_size: int = 1024
    hidden_information: bool = False
    """Whether a seat can hold something another seat cannot see (a hand, a plan): then
    :meth:`~racekit.core.state.State.resample` draws worlds, else it copies."""
    """Length of :meth:`racekit.core.state.State.observation_tensor` (see docs/contracts.md,
    "Views for learning")."""

    # ----- the dense action index ---------------------------------------------------
    def _dense(self) -> tuple:
        cached = _DENSE.get(self.id)
        if cached is None:
            if self.decision_ids is None or not self.chance_ids:
                raise NotImplementedError(f"{self.id} declares no decision_ids/chance_ids")
            dec = tuple(sorted(set(self.decision_ids())))
            ch = tuple(sorted(set(self.chance_ids)))
            cached = _DENSE[self.id] = (dec, {a: i for i, a in enumerate(dec)},
                                        ch, {a: i for i, a in enumerate(ch)})
        return cached

    @property
    def num_decision_indices(self) -> int:
        """How many dense decision indices there are: ``action_index`` lies in ``range()`` of it."""
        return len(self._dense()[0])

    @property
    def num_chance_indices(self) -> int:
        """How many dense chance indices there are (``chance_index`` lies below it)."""
        return len(self._dense()[2])

    def action_index(self, action: int) -> int:
        """The dense index (``0 <= i < num_decision_indices``) of decision id ``action``.

        Raises:
            KeyError: ``action`` is no decision id of this game's codec.
        """
        return self._dense()[1][action]

    def action_id(self, index: int) -> int:
        """The decision id of dense index ``index`` (the inverse of :meth:`action_index`)."""
        return self._dense()[0][index]

    def chance_index(self, outcome: int) -> int:
        """The dense index of chance outcome id ``outcome`` (one index per id: an id that means
        different things at different nodes, as Leaf Marathon's, keeps one index)."""
        return self._dense()[3][outcome]

    def chance_id(self, index: int) -> int:
        """The chance outcome id of dense chance index ``index``."""
        return self._dense()[2][index]

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        names = [o.name for o in self.options]
        close = difflib.get_close_matches(str(name).lower(), names, n=1, cutoff=0.6)
        hint = _e("did_you_mean", name=repr(close[0])) if close else ""
        raise OptionError(_e("no_option", game=self.id, name=short(name), hint=hint, names=", ".join(names)),
                          field=f"options.{str(name)[:40]}")

    def param(self, name: str) -> Param:
        """The declaration of parameter ``name``.

        Raises:
            OptionError: no such parameter (with the nearest names: did you mean).
        """
        for par in self.params:
            if par.name == name:
                return par
        names = [p.name for p in self.params]
        near = difflib.get_close_matches(str(name), names, n=3) if isinstance(name, str) else []
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        if any(o.name == name for o in self.options):
            hint = f"; {name} is a rule option (options, -o {name}=VALUE), not a parameter"
        listing = ", ".join(names) if names else "none"
        raise OptionError(f"{self.id} has no parameter {short(name)}{hint} (parameters: {listing})",
                          field=f"params.{str(name)[:40]}")

    def preset(self, name: str | None) -> Preset:
        if not self.presets:
            return Preset(name="default")
        if name is None:
            return self.presets[0]
        for preset in self.presets:
            if preset.name == name:
                return preset
        raise OptionError(_e("no_preset", game=self.id, name=short(name),
                             names=", ".join(p.name for p in self.presets)), field="preset")


_DENSE: dict = {}


class Game(ABC):
    """A configured game: a GameType plus validated options and a seat count.

    Subclasses set ``game_type`` and implement ``new_initial_state``.

    Raises:
        OptionError: unknown option, bad value, or a seat count outside the
            preset's range.
    """

    game_type: GameType

    def __init_subclass__(cls, **kwargs):
        """Every game's ``new_initial_state`` checks, remembers and settles the set-up it was given.

        A set-up position must keep the game's invariants (``GameType.invariants``,
        :func:`racekit.core.invariants.check_position`): else ``SetupError`` naming the
        seat, field, value and clause, and no state is returned.

        The returned state carries the set-up as ``state.initial_setup`` (a JSON copy), so
        that ``save_game(state)`` writes it and the file replays to the same position.
        It has also run its automatic steps up to the first question
        (:meth:`~racekit.core.state.State._settle`), so that its first ``snapshot()``,
        view, picture, scenario check and explorer frame show the position every later
        look shows (a set-up that begins mid-round included).
        """
        super().__init_subclass__(**kwargs)
        make = cls.__dict__.get("new_initial_state")
        if make is None or getattr(make, "_remembers_setup", False):
            return

        @functools.wraps(make)
        def new_initial_state(self, setup=None, *args, **kwargs):
            state = make(self, *args, setup=setup, **kwargs)
            if setup is not None:
                if not getattr(state, "_position_checked", False):
                    from .invariants import check_position
                    check_position(state)   # the game's invariants (GameType.invariants)
                state.remember_setup(setup)
            state._settle()   # last: any check of the set-up comes before a step is played from it
            return state

        new_initial_state._remembers_setup = True
        cls.new_initial_state = new_initial_state

    def __init__(self, players: int | None = None, preset: str | None = None,
                 params: dict | None = None, **options: Any):
        gt = self.game_type
        chosen = gt.preset(preset)
        self.preset = chosen.name
        lo = chosen.min_players or gt.min_players
        hi = chosen.max_players or gt.max_players
        if players is None:
            players = chosen.default_players or gt.default_players
        players = plain(players)
        if isinstance(players, str) and re.fullmatch(r"[0-9]{1,4}", players.strip()):
            players = int(players)
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            seats = _e("seats_exactly", lo=lo) if lo == hi else _e("seats_range", lo=lo, hi=hi)
            rule = _e("rule", clause=chosen.seats_clause) if chosen.seats_clause else ""
            raise OptionError(_e("players", game=gt.id, preset=self.preset, seats=seats, rule=rule,
                                 got=short(players)), field="players")
        self.num_players = players
        values = {opt.name: opt.default for opt in gt.options}
        for name, value in chosen.options.items():
            values[name] = gt.option(name).validate(value)
        renamed = dict(gt.renamed_options)
        for name, value in options.items():
            name = renamed.get(name, name)   # an old spelling in a file or a call
            values[name] = gt.option(name).validate(value)
        self.options = values
        if params is not None and not isinstance(params, dict):
            raise OptionError(f"params must be a mapping of parameter names to numbers, not "
                              f"{short(params)}", field="params")
        numbers = {par.name: par.default for par in gt.params}
        for name, value in (params or {}).items():
            numbers[name] = gt.param(name).validate(value)
        self.params = Params(gt.params, numbers)
        self.check_options()

    def check_options(self) -> None:
        """Hook: reject option combinations that make no sense (raise OptionError)."""

    def param(self, name: str) -> int | float:
        """The value of parameter ``name`` (OptionError naming the parameters if unknown)."""
        self.game_type.param(name)
        return self.params[name]

    def house_rules(self) -> list[str]:
        """``house rule: NAME = v (rulebook: d, CLAUSE)`` per parameter away from the rulebook."""
        return self.params.house_rules()

    @property
    def seat_names(self) -> list[str]:
        names = list(self.game_type.seat_names)
        return names[: self.num_players] if names else [f"Seat {i}" for i in range(self.num_players)]

    def settings(self) -> dict:
        """JSON-able settings that rebuild this game with ``load_game(**settings)``."""
        out = {"game": self.game_type.id, "players": self.num_players, "preset": self.preset,
               "options": dict(self.options)}
        changed = self.params.changed()
        if changed:   # only house rules: a file at the rulebook's numbers looks as before
            out["params"] = changed
        return out

    def utility(self) -> dict:
        """The utility model of ``returns()`` under this game's preset: ``{"model": "zero_sum" |
        "team" | "general_sum", "min": -1.0, "max": 1.0, "sum": 0.0 or None}``.

        ``returns()`` comes from the ranking (:meth:`racekit.core.state.State.returns`), so every
        value lies in [-1, 1] and they add up to 0 in every preset; ``"team"`` says partners get
        equal returns (tests/test_declarations.py checks all three against random games)."""
        model = self.game_type.preset(self.preset).utility
        return {"model": model, "min": -1.0, "max": 1.0,
                "sum": None if model == "general_sum" else 0.0}

    def turn_limit(self) -> int:
        """The ``turn_limit`` option (rounds; 0: none, the rulebook): the game ends with the
        current ranking when round ``turn_limit + 1`` would begin."""
        return int(self.options.get("turn_limit", 0) or 0)

    def settings_text(self) -> str:
        """These settings as one line of text, ``players=3,preset=standard,NAME=VALUE,...``
        (options and parameters away from their defaults only); :func:`parse_settings_text`
        reads it back to the same settings (tests/test_declarations.py)."""
        gt = self.game_type
        parts = [f"players={self.num_players}", f"preset={self.preset}"]
        base = {o.name: o.default for o in gt.options}
        base.update(gt.preset(self.preset).options)
        for name, value in self.options.items():
            if value != base.get(name) or type(value) is not type(base.get(name)):
                parts.append(f"{name}={option_text(value)}")
        for name, value in self.params.changed().items():
            parts.append(f"{name}={value}")
        return ",".join(parts)

    @abstractmethod
    def new_initial_state(self, setup: dict | None = None, record_events: bool = True):
        """The state before the first ply, or the position described by ``setup``.

        ``record_events=False`` skips event records (fast playouts).
        """

    def templates(self) -> dict[str, str]:
        """Event text templates of this game (for :func:`racekit.core.events.render`)."""
        if not self.game_type.text:
            return {}
        return _resolve(self.game_type.text)

    def render(self, event, details: bool = True) -> str:
        """The event's sentence (:func:`racekit.core.events.render`); ``details=False`` for a
        seat's view: an event with no template shows no data fields (they may be secret)."""
        from .events import render
        return render(event, self.templates(), self.seat_names, details=details)

    def __repr__(self) -> str:
        changed = "".join(f" {k}={v}" for k, v in self.options.items()
                          if v != self.game_type.option(k).default)
        changed += "".join(f" {k}={v}" for k, v in self.params.changed().items())
        return f"<{self.game_type.id} preset={self.preset} players={self.num_players}{changed}>"


def option_text(value) -> str:
    """An option value as text that :meth:`Option.validate` reads back (``True`` -> ``true``,
    ``"5,6"`` -> ``"5+6"``: no commas, so it fits a settings line and an OpenSpiel game string)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).replace(",", "+")


def parse_settings_text(game_id: str, text: str) -> dict:
    """The ``load_game`` keyword arguments written by :meth:`Game.settings_text`.

    Raises:
        OptionError: a piece is not ``NAME=VALUE``, or names no option or parameter.
    """
    gt = game_class(game_id).game_type
    out: dict = {"options": {}, "params": {}}
    params = {p.name for p in gt.params}
    renamed = dict(gt.renamed_options)
    for piece in filter(None, (p.strip() for p in str(text).split(","))):
        name, eq, value = piece.partition("=")
        name = name.strip()
        if not eq:
            raise OptionError(f"settings text: {short(piece)} is not NAME=VALUE", field="settings")
        if name in ("players", "preset"):
            out[name] = value
        elif name in params:
            out["params"][name] = value
        else:
            gt.option(renamed.get(name, name))   # OptionError naming the options
            out["options"][name] = value
    return out



def _e(key: str, **fields) -> str:
    """An error message in the language in force (``racekit/locale/<lang>/errors.yaml``)."""
    from .i18n import text
    return text(f"errors.{key}", **fields)

def _resolve(dotted: str):
    module, _, attr = dotted.partition(":")
    return getattr(importlib.import_module(module), attr)


_REGISTRY: dict[str, str] = {}
_DRAFTS: set[str] = set()


def register(game_id: str, target: str, draft: bool = False) -> None:
    """Register a game class by ``"module:Class"`` so that it loads lazily.

    ``draft=True``: a game under construction. :func:`load_game`, the CLI and the explorer play
    it (``racekit games`` marks it "draft"), but it is not shipped: :func:`shipped_names` leaves
    it out, and with it the shipped-game checks and generated files (golden playthroughs,
    figures, bench, review). See docs/contracts.md, "Shipped".
    """
    _REGISTRY[game_id] = target
    if draft:
        _DRAFTS.add(game_id)
    else:
        _DRAFTS.discard(game_id)


def game_names() -> list[str]:
    """Ids of every registered game, drafts included, sorted."""
    return sorted(_REGISTRY)


def shipped_names() -> list[str]:
    """Ids of the registered games that are not drafts, sorted (what shipped-game tests iterate)."""
    return sorted(set(_REGISTRY) - _DRAFTS)


def is_draft(game_id: str) -> bool:
    """Whether ``game_id`` was registered with ``draft=True``."""
    return game_id in _DRAFTS


def game_class(name: str) -> type[Game]:
    if name not in _REGISTRY:
        raise UnknownGameError(_e("unknown_game", name=repr(name), names=", ".join(game_names())))
    return _resolve(_REGISTRY[name])


def load_game(name: str, players: int | None = None, preset: str | None = None,
              params: dict | None = None, **options: Any) -> Game:
    """Build a configured game.

    Args:
        name: a registered id, see :func:`game_names`.
        players: number of seats (default: the preset's default).
        preset: a named variant (default: the game's first preset).
        params: rule numbers ``{name: value}`` away from the rulebook (``GameType.params``);
            values may be given as text (``"3"``).
        **options: rule switches, validated against the game's declaration.

    Raises:
        UnknownGameError: ``name`` is not registered.
        OptionError: unknown option, bad value or seat count; unknown parameter (with the
            nearest names) or a value outside its bounds (naming parameter and bounds).
    """
    return game_class(name)(players=players, preset=preset, params=params, **options)


def _clause_prefixes() -> dict[str, str]:
    """``{clause prefix: game id}`` of the registered games (the message catalogue finds a
    refusal's game by its clause, :func:`racekit.core.i18n.set_game_prefixes`)."""
    return {game_class(n).game_type.prefix: n for n in game_names()}


from .i18n import set_game_prefixes as _set_game_prefixes  # noqa: E402  (i18n knows no game)

_set_game_prefixes(_clause_prefixes)
