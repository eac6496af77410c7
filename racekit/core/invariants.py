"""Facts a game's rules hold true at all times, and the check of a position against them.

Each game declares its invariants once, as a tuple of :class:`Invariant` named by
``GameType.invariants`` (``"module:INVARIANTS"``): a name, the rule clause that
makes it true, a sentence in our own words, and a check that yields a
:class:`Violation` for each place a state breaks it.

:func:`check_position` runs them on a position that entered from outside the
engine (``new_initial_state(setup=...)``, and through it scenario files, save
files and the explorer) and raises :class:`~racekit.core.errors.SetupError`
naming the seat, the set-up field, the value and the clause. Random playouts
check the same tuple at every ply (tests/test_invariants.py), which shows that
the engine itself never breaks them. This module knows no game.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from .content import short
from .errors import SetupError


@dataclass(frozen=True)
class Violation:
    """One place where a state breaks an invariant.

    Attributes:
        field: the set-up field that holds the value, as a dotted path (``seats.1.alt``).
        value: the offending value.
        reason: what is wrong, in our own words (no clause: the invariant has it).
        seat: the seat it is about, or ``None``.
        clause: the clause to name when it is not the invariant's own (a preset's variant of
            the rule, e.g. the family game's capture clause); ``None``: the invariant's.
    """

    field: str
    value: Any
    reason: str
    seat: int | None = None
    clause: str | None = None


@dataclass(frozen=True)
class Invariant:
    """A fact the rules keep true at every decision point.

    Attributes:
        name: a short id (``altitude_range``).
        clause: the rule clause(s) that make it true (``WS-ALT-1``).
        text: the fact in one sentence, our own words.
        check: ``check(state)`` yields a :class:`Violation` for each breach (none: it holds).
    """

    name: str
    clause: str
    text: str
    check: Callable[[Any], Iterable[Violation]]


def invariants_of(game) -> tuple[Invariant, ...]:
    """The invariants ``game`` declares (``()`` when it declares none)."""
    target = getattr(game.game_type, "invariants", "")
    if not target:
        return ()
    module, _, attr = target.partition(":")
    return tuple(getattr(importlib.import_module(module), attr))


def violations(state) -> list[tuple[Invariant, Violation]]:
    """Every breach of the game's invariants in ``state``, in declaration order."""
    found = []
    for inv in invariants_of(state.game):
        for v in inv.check(state):
            found.append((inv, v))
    return found


def error_for(game, inv: Invariant, v: Violation) -> SetupError:
    """The :class:`SetupError` for one breach, naming the seat, field, value and clause."""
    who = ""
    if v.seat is not None:
        names = list(getattr(game, "seat_names", []) or [])
        name = names[v.seat] if 0 <= v.seat < len(names) else None
        who = f"seat {v.seat}" + (f" ({name})" if name else "") + ", "
    clause = v.clause or inv.clause
    message = f"{who}value {short(v.value)}: {v.reason} ({clause})"
    return SetupError(message, field=v.field, seat=v.seat, value=v.value, clause=clause)


def refuse(state, name: str, v: Violation) -> SetupError:
    """The error of invariant ``name`` for a breach a set-up parser finds before the position
    exists (a square that is not on the track cannot even be stored); raise it.

    Raises:
        KeyError: the game declares no invariant called ``name``.
    """
    for inv in invariants_of(state.game):
        if inv.name == name:
            return error_for(state.game, inv, v)
    raise KeyError(name)


def _spelt(field: str, setup, aliases) -> str:
    """``field`` with its last part spelt as ``setup`` wrote it (``seats.0.position`` for a
    set-up that wrote ``position`` where the game's own name is ``pos``)."""
    head, _, last = field.rpartition(".")
    if not aliases or last not in aliases or not isinstance(setup, dict):
        return field
    node = setup
    for part in head.split(".") if head else []:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return field
    if isinstance(node, dict) and last not in node:
        for other in aliases[last]:
            if other in node:
                return f"{head}.{other}" if head else other
    return field


def check_position(state, setup=None, aliases=None) -> None:
    """Refuse a position that breaks one of its game's invariants.

    ``setup`` and ``aliases`` (``{"pos": ("position",)}``), when given, make the error name
    a field the way the set-up spelt it.

    A game calls this where its set-up has built the position and before any rule
    acts on it (so that nothing is played from an impossible position); the
    wrapper of ``new_initial_state`` calls it for any set-up state that was not
    checked yet.

    Raises:
        SetupError: the first breach; ``field``, ``seat``, ``value`` and ``clause``
            are set, and the message names all four.
    """
    for inv in invariants_of(state.game):
        for v in inv.check(state):
            raise error_for(state.game, inv, replace(v, field=_spelt(v.field, setup, aliases)))
    state._position_checked = True
