"""Rebuild a state from its history: no generator needed."""
from __future__ import annotations

from .errors import IllegalActionError


def replay(game, history, setup: dict | None = None, record_events: bool = True):
    """Apply ``history`` (action and chance outcome ids) to a fresh state.

    Raises:
        IllegalActionError: an entry is illegal; the message gives its ply.
    """
    state = game.new_initial_state(setup=setup) if record_events else \
        game.new_initial_state(setup=setup, record_events=False)
    for ply, action in enumerate(history):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"history entry {ply} ({action!r}) cannot be replayed: {exc.reason}",
                                     clause=exc.clause, action=action, legal=exc.legal) from None
    return state
