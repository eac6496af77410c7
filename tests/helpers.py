"""Shared test helpers for every game (imported by tests; holds no tests).

``assert_event`` is how a Python test asserts a rule clause: ``racekit rules`` counts the
``clause=`` argument of a call to it as an assertion of that clause (contract 1 in
docs/contracts.md).
"""
from __future__ import annotations


def _same(got, want) -> bool:
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        return list(got) == list(want)
    return got == want


def assert_event(state, kind: str, clause: str | None = None, *, clauses=(), seats=None, **data):
    """Assert that ``state`` recorded a ``kind`` event carrying ``clause`` (and ``clauses``),
    with ``seats`` when given and every ``data`` field equal; returns the first such event.

    Raises:
        AssertionError: no event matches; the message lists the events of that kind.
    """
    want = ([clause] if clause else []) + list(clauses)
    same_kind = [e for e in state.events if e.kind == kind]
    for e in same_kind:
        if any(c not in e.clauses for c in want):
            continue
        if seats is not None and list(e.seats) != list(seats):
            continue
        if all(k in e.data and _same(e.data[k], v) for k, v in data.items()):
            return e
    seen = "\n  ".join(f"{e.seats} {e.clauses} {e.data}" for e in same_kind) or "(none)"
    raise AssertionError(f"no {kind!r} event with clauses {want}, seats {seats}, data {data}; "
                         f"{kind!r} events:\n  {seen}")
