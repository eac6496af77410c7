"""The state API, shaped like OpenSpiel's ``pyspiel.State``.

Verbs: ``current_player()`` (a seat, :data:`CHANCE` or :data:`TERMINAL`),
``phase``, ``legal_actions()``, ``chance_outcomes()``, ``apply_action()``,
``action_to_string()``, ``is_terminal()``, ``returns()``, ``ranking()``,
``clone()``, ``history()``, plus ``events`` and the per-seat ``observation``.

Actions and chance outcomes are integers. A game fills in the ``_``-prefixed
hooks; this base class keeps the history, checks legality before anything
changes, and records events.
"""
from __future__ import annotations

import copy
import numbers
from abc import ABC, abstractmethod
from typing import Any

from .errors import IllegalActionError
from .events import Event
from .replay import replay

CHANCE = -1
"""``current_player()`` value when the next ply is a chance outcome."""
TERMINAL = -4
"""``current_player()`` value when the game is over."""



def returns_of(ranking, n: int) -> list[float]:
    """Per-seat returns of a finished game of ``n`` seats whose places are ``ranking`` (lists of
    seats, best first): :meth:`State.returns` (seats missing share one place after the
    ranked ones)."""
    out = [0.0] * n
    if n < 2:
        return out
    places = [list(g) for g in ranking]
    ranked = {s for g in places for s in g}
    missing = [s for s in range(n) if s not in ranked]
    if missing:
        places.append(missing)
    above = 0
    for group in places:
        below = n - above - len(group)
        for seat in group:
            out[seat] = (below - above) / (n - 1)
        above += len(group)
    return out

class State(ABC):
    """Base class of every game state.

    Subclasses implement ``_current_player``, ``_legal_actions``,
    ``_chance_outcomes``, ``_apply``, ``_action_to_string``, ``_ranking`` and
    ``snapshot``; they call :meth:`emit` for every change they make.

    Attributes:
        game: the configured :class:`~racekit.core.game.Game`.
        events: every :class:`Event` emitted so far (empty when the state was
            made with ``record_events=False``, as in fast playouts).
    """

    phase: str = ""
    capped: bool = False
    """True once a round cap (the ``turn_limit`` option, an engine guard) ended the game rather
    than the rules: a learner's truncation (racekit.adapters.pettingzoo)."""
    initial_setup: dict | None = None
    """The set-up this state's game started from (``None``: the normal start)."""
    check_aliases: dict = {}
    """Other names a scenario check may give a snapshot key: a set-up's spelling of the same
    field (``{"pos": "position"}`` lets ``seats.0.pos`` read ``seats.0.position``)."""

    def __init__(self, game, record_events: bool = True):
        self.game = game
        self._history: list[int] = []
        self._private: list[int | None] = []
        self._record = record_events
        self.events: list[Event] = []

    # ----- the verbs -------------------------------------------------------
    def _to_move_word(self) -> str:
        """Who acts now, as one word for text views: a seat's name, ``chance`` or ``over``."""
        cp = self.current_player()
        if cp == CHANCE:
            return "chance"
        if cp == TERMINAL:
            return "over"
        names = self.game.seat_names
        return names[cp] if 0 <= cp < len(names) else str(cp)

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""
        return self._current_player()

    def is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self._current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Legal action ids of the seat to act, sorted; ``[]`` at chance and terminal nodes."""
        if self._current_player() < 0:
            return []
        return list(self._legal_actions())   # the caller's own list (it may sort or shuffle it)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs at a chance node; ``[]`` otherwise."""
        if self._current_player() != CHANCE:
            return []
        return list(self._chance_outcomes())   # the caller's own list (OpenSpiel's MCTS shuffles it)

    def apply_action(self, action: int) -> None:
        """Apply a decision or a chance outcome.

        Raises:
            IllegalActionError: the action is not legal now. The message names
                the clause that forbids it and lists the legal actions; the
                state is unchanged.
        """
        player = self._current_player()
        if player == TERMINAL:
            raise IllegalActionError("The game is over.", clause=self.game.game_type.prefix + "-END",
                                     action=action)
        if player == CHANCE:
            allowed = [o for o, _ in self._chance_outcomes()]
        else:
            allowed = self._legal_actions()
        if type(action) is not int:   # plain ints (every playout) skip the slower ABC checks
            if isinstance(action, bool) or not isinstance(action, numbers.Integral):
                # a name ("move R1") or None: refuse before any game hook compares it with ids
                raise IllegalActionError(
                    f"{action!r} is not an action id (an integer); use string_to_action() for names.",
                    clause=self.game.game_type.prefix + "-ACTION", action=action,
                    legal=[self.action_to_string(a) for a in allowed])
            action = int(action)
        if action not in allowed:
            clause, why = self._why_illegal(action)
            raise IllegalActionError(
                f"{self._describe(action)} is not allowed: {why}", clause=clause, action=action,
                legal=[self.action_to_string(a) for a in allowed])
        self._private.append(self._private_to(action))
        self._history.append(action)
        self._apply(action)

    def action_to_string(self, action: int, player: int | None = None) -> str:
        """A short human name of ``action`` in this state (``"move R1"``, ``"roll 6"``).

        Raises:
            ValueError: ``action`` is not an action id of this game.
        """
        if isinstance(action, bool) or not isinstance(action, numbers.Integral):
            raise ValueError(f"{action!r} is not an action id (an integer)")
        return self._action_to_string(int(action))

    def action_label(self, action: int, lang: str | None = None) -> str:
        """:meth:`action_to_string` in ``lang`` (default: the language in force; the game's
        catalogue ``actions`` table). Saves and scenarios keep the English name; either is
        accepted by :meth:`string_to_action`."""
        name = self.action_to_string(action)
        from .i18n import Texts, get_lang
        lang = lang or get_lang()
        if lang == "en":
            return name
        local = Texts(self.game.game_type.id).pattern("actions", name, lang)
        return name if local is None else local

    def string_to_action(self, text: str) -> int:
        """Parse an action name; by default match the names of the legal actions.

        Games override :meth:`_parse_action` to also parse illegal actions
        (so that a scenario can show that they are refused).

        Raises:
            IllegalActionError: no action has that name now.
        """
        text = str(text).strip()
        allowed = ([o for o, _ in self._chance_outcomes()] if self.is_chance_node()
                   else self.legal_actions())
        for a in allowed:
            if self.action_to_string(a) == text:
                return a
        if not text.isascii():   # a name typed in Chinese ("掷出 6 点")
            wanted = " ".join(text.split())
            for a in allowed:
                if " ".join(self.action_label(a, "zh").split()) == wanted:
                    return a
        try:
            parsed = self._parse_action(text)
        except (ValueError, TypeError, KeyError, IndexError, OverflowError):
            parsed = None   # a name a game's parser chokes on ("roll ²": isdigit() but not int()) is no name
        if parsed is not None and (isinstance(parsed, bool) or not isinstance(parsed, numbers.Integral)):
            parsed = None
        if parsed is not None:
            self._typed = (parsed, text)   # so that a refusal quotes the name typed, not the id
            return parsed
        raise IllegalActionError(f"No action is called {text!r} here.",
                                 clause=self.game.game_type.prefix + "-ACTION",
                                 legal=[self.action_to_string(a) for a in allowed])

    def returns(self) -> list[float]:
        """Per-seat returns, derived from :meth:`ranking`; all ``0.0`` until the game is over.

        Each seat scores its mean result against every other seat: +1 for each
        seat placed below it, -1 for each placed above it, 0 for each sharing
        its place. With ``n`` seats, ``above`` and ``below`` counting the seats
        in better and worse places::

            returns[seat] = (below - above) / (n - 1)

        Properties (tested in tests/test_core_state.py):
        - zero-sum: the returns add up to 0 (every pairwise result counts once
          for and once against);
        - seats sharing a place get the same value, the mean of the values of
          the positions they span (``[[0], [1, 2]]`` gives ``[1, -0.5, -0.5]``);
        - +1.0 only for a seat alone in first place (it beat everyone); a
          shared first place is less, a shared last place is not a win, and
          one place shared by every seat (e.g. every sled eliminated) gives
          0.0 to all;
        - with four seats in two sides, ``[[0, 2], [1, 3]]`` gives
          ``[2/3, -2/3, 2/3, -2/3]``.

        Seats missing from the ranking share one place after the ranked ones.
        A game with one seat gets ``[0.0]`` (no one to beat).
        """
        n = self.game.num_players
        if not self.is_terminal() or n < 2:
            return [0.0] * n
        return returns_of(self.ranking(), n)

    def ranking(self) -> list[list[int]]:
        """Places so far, best first; each place is a list of seats sharing it (the caller's own lists)."""
        return [list(place) for place in self._ranking()]

    def history(self) -> list[int]:
        """Every action and chance outcome applied, in order (replayable)."""
        return list(self._history)

    def history_for(self, seat: int) -> list[int | None]:
        """The history as ``seat`` has seen it: other seats' secrets are ``None``.

        A secret that the rules later reveal to everyone (Wingsuit's plans at the reveal,
        WS-PLAN-5) is shown from then on: see :meth:`reveal_private_run`.
        """
        return [a if p is None or p == seat or (type(p) is tuple and seat in p) else None
                for a, p in zip(self._history, self._private)]

    def reveal_private_run(self) -> int:
        """Make the latest run of private history entries public; return how many.

        For a game whose secrets are revealed together (Wingsuit's plans, committed one
        seat after another, all shown at the reveal): called while applying the ply that
        reveals them, it walks back from the newest entry (that ply's own included) over
        the private entries and marks each public, stopping at the first public one.
        From then on :meth:`history_for` and :meth:`visible_to` show them to every seat.
        """
        private, k = self._private, len(self._private) - 1
        while k >= 0 and private[k] is not None:
            private[k] = None
            k -= 1
        return len(private) - 1 - k

    def visible_to(self, ply: int, seat: int | None) -> bool:
        """Whether history entry ``ply`` may be shown to ``seat`` (``None``: a spectator who sees all)."""
        owner = self._private[ply]
        return seat is None or owner is None or owner == seat or (type(owner) is tuple and seat in owner)

    @property
    def ply(self) -> int:
        return len(self._history)

    def remember_setup(self, setup: dict) -> None:
        """Keep a JSON copy of the set-up the game started from (see :attr:`initial_setup`).

        Games whose set-up refers to a file may override this to keep the file's
        content instead, so that a save does not depend on where the file was.
        """
        import json
        try:
            self.initial_setup = json.loads(json.dumps(setup))
        except (TypeError, ValueError):   # not JSON-able: keep a private copy all the same
            self.initial_setup = copy.deepcopy(setup)

    def clone(self) -> "State":
        """An independent copy: applying actions to it leaves this state as it is.

        Games override it with a faster copy (:meth:`_copy_shell`); this default copies
        every field deeply (the game included).
        """
        new = object.__new__(type(self))
        fields = {k: v for k, v in self.__dict__.items() if k != "_resample_kept"}
        new.__dict__.update(copy.deepcopy(fields, {id(self): new}))   # kept worlds stay here
        return new

    def __deepcopy__(self, memo: dict) -> "State":
        """``copy.deepcopy(state)`` is :meth:`clone` (the game's own fast copy)."""
        new = memo[id(self)] = self.clone()
        return new

    def __reduce__(self):
        """Pickle a state as its settings and history: ``(game class, settings, set-up,
        history, record_events)``, rebuilt by replaying the history on a new game.

        This is the in-memory protocol only (``multiprocessing`` hands states to worker
        processes this way, OpenSpiel's ``sim_game`` checks it): the kit never reads a
        pickle from a file (saves are JSON, :mod:`racekit.core.savefile`). The set-up a state
        started from (:attr:`initial_setup`) is part of the settings, so a set-up position
        round-trips too. Unpickling raises what a replay raises
        (:class:`~racekit.core.errors.IllegalActionError` naming the ply) if the rules
        changed in between.
        """
        return (_rebuild, (type(self.game), self.game.settings(), self.initial_setup,
                           list(self._history), self._record))

    def _settle(self) -> None:
        """Hook: run the automatic steps of a new state up to its first question.

        Called once by every game's ``new_initial_state`` (see
        :meth:`racekit.core.game.Game.__init_subclass__`) before the state is handed
        out, so that no look at the state (``snapshot``, ``observation``, the game's
        picture, a scenario check, an explorer frame) comes before those steps and
        shows a position the next look does not. A game whose state does work lazily
        on first use (automatic steps, derived fields) does that work here; the events
        it emits belong to the start position (ply ``-1``). Default: nothing to do.
        """

    def _copy_shell(self, lists=(), nested=(), keep_history: bool = True) -> "State":
        """A new state of the same class sharing every field, for a game's fast ``clone``.

        The history, the private entries and the events are copied (or, with
        ``keep_history=False``, start empty with events off, for an agent's
        scratch look-ahead); each attribute named in ``lists`` is copied one
        level deep (``None`` stays ``None``) and each in ``nested`` (a list of
        lists) two levels deep. The game copies whatever else it mutates.
        """
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        d.pop("_resample_kept", None)   # kept worlds stay here (views.resample)
        if keep_history:
            d["_history"] = self._history[:]
            d["_private"] = self._private[:]
            d["events"] = self.events[:]
        else:
            d["_history"], d["_private"], d["events"] = [], [], []
            d["_record"] = False
        for k in lists:
            v = d[k]
            d[k] = v[:] if v is not None else None
        for k in nested:
            d[k] = [x[:] for x in d[k]]
        return new

    def emit(self, kind: str, seats=(), clauses=(), **data: Any) -> None:
        """Record an event for the ply being applied (no-op in fast playouts)."""
        if self._record:
            self.events.append(Event(len(self._history) - 1, kind, tuple(seats), data, tuple(clauses)))

    def events_since(self, ply: int) -> list[Event]:
        return [e for e in self.events if e.ply >= ply]

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` may see (``None``: the public view). Default: the snapshot."""
        return self.snapshot(seat)

    # ----- views for learning and search (racekit/core/views.py) ----------------
    def observation_tensor(self, seat: int) -> list[float]:
        """``seat``'s observation as ``game_type.observation_size`` floats, built from
        ``snapshot(seat)`` (layout: :mod:`racekit.core.views`)."""
        from .views import observation_tensor
        return observation_tensor(self, seat)

    def information_state_string(self, seat: int) -> str:
        """What ``seat`` has seen: the history as it saw it (others' secrets as ``?``)."""
        from .views import information_state_string
        return information_state_string(self, seat)

    def observation_string(self, seat: int) -> str:
        """``snapshot(seat)`` as compact JSON (what the seat sees now)."""
        from .views import observation_string
        return observation_string(self, seat)

    def resample(self, seat: int, rng) -> "State":
        """A state drawn from the worlds consistent with everything ``seat`` has seen
        (:func:`racekit.core.views.resample`; ``rng`` has ``random()``). A game without
        hidden information returns a copy. Events are off in the returned state."""
        from .views import resample
        return resample(self, seat, rng)

    def __str__(self) -> str:
        return self.to_text()

    def to_text(self) -> str:
        """A compact multi-line text picture of the state (used by golden files)."""
        import json
        return json.dumps(self.snapshot(), sort_keys=True)

    # ----- hooks for games --------------------------------------------------
    @abstractmethod
    def _current_player(self) -> int: ...

    @abstractmethod
    def _legal_actions(self) -> list[int]: ...

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    @abstractmethod
    def _apply(self, action: int) -> None: ...

    @abstractmethod
    def _action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def _ranking(self) -> list[list[int]]: ...

    @abstractmethod
    def snapshot(self, seat: int | None = None, *, full: bool = False) -> dict:
        """A JSON-able picture of the state.

        ``snapshot()``: the public view (what every seat and a spectator may see; no
        seat's secret). ``snapshot(seat)``: that seat's view (its own secrets too).
        ``snapshot(full=True)``: the referee's view with every secret, asked for by name
        (scenario files check dotted paths into it; a host's tools). A game with no
        hidden information returns the same dictionary for all three.
        """

    def _why_illegal(self, action: int) -> tuple[str, str]:
        """The clause and reason an action is refused (games refine this)."""
        return self.game.game_type.prefix + "-ACTION", "it is not among the legal actions"

    _typed: tuple | None = None

    def _describe(self, action: int) -> str:
        typed = self._typed
        if typed is not None and typed[0] == action:
            return repr(typed[1])
        try:
            return repr(self._action_to_string(action))
        except Exception:  # an id outside the action space has no name
            return f"action {action!r}"

    def _parse_action(self, text: str) -> int | None:
        return None

    def _private_to(self, action: int) -> int | tuple | None:
        """The only seat allowed to see this history entry (``None``: public; a tuple of
        seats: those seats only, e.g. the taker and the victim of a blind take)."""
        return None


def _rebuild(game_class, settings: dict, setup: dict | None, history: list, record_events: bool):
    """The state :meth:`State.__reduce__` describes: a new game of ``game_class`` with
    ``settings`` (players, preset, options, house-rule parameters), started from ``setup``, with ``history`` replayed."""
    game = game_class(players=settings["players"], preset=settings["preset"],
                      params=settings.get("params"), **settings["options"])
    return replay(game, history, setup=setup, record_events=record_events)
