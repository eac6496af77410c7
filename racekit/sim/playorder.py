"""Play order: who plays first in each game, as each game defines it.

A game may ship ``racekit/games/<id>/playorder.py`` with

* ``play_order(state) -> list[int] | None``: the seats in the order they play the first
  round (first roller, first to place, first in round 1's order: the game's own notion),
  or ``None`` while it is not settled yet (a start player still to be drawn);
* ``fixed_start(game) -> str | None``: a sentence naming the first player when these
  settings always start with the same seat, else ``None``;
* optionally ``sides(game) -> list[list[int]] | None``: seats that win together (a team
  game), so a first place of two partners is one side's win, not a shared place.

:func:`play_order` finds a game's order from its history by replaying it through the
rules engine up to the point where the order is settled (a few plies: the draw of the
first player, the deal). A game without the module has no play-order view (``None``).
"""
from __future__ import annotations

import importlib
from functools import lru_cache


@lru_cache(maxsize=None)
def _module(package: str):
    name = f"{package}.playorder"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
    mod = importlib.import_module(package)   # a small game may keep the hooks in its one module
    return mod if hasattr(mod, "play_order") else None


def hooks(game):
    """The play-order module of ``game`` (a configured Game), or ``None``."""
    return _module(game.game_type.package)


def fixed_start(game) -> str | None:
    """A sentence naming the fixed first player of these settings, or ``None`` (drawn, rolled,
    or unknown: a game without play-order hooks)."""
    mod = hooks(game)
    return mod.fixed_start(game) if mod is not None else None


def sides(game) -> list[list[int]] | None:
    """Seats that win together, or ``None`` (every seat on its own)."""
    mod = hooks(game)
    fn = getattr(mod, "sides", None) if mod is not None else None
    return fn(game) if fn is not None else None


def play_order(game, history) -> list[int] | None:
    """The seats in the order they play the first round of the game with this ``history``
    (first to act first), or ``None`` when the game has no play-order hooks.

    Raises:
        ValueError: the history ends before the order is settled.
    """
    mod = hooks(game)
    if mod is None:
        return None
    state = game.new_initial_state(record_events=False)
    for action in history:
        order = mod.play_order(state)
        if order is not None:
            return order
        state.apply_action(action)
    order = mod.play_order(state)
    if order is None:
        raise ValueError(f"{game.game_type.id}: the history ends before the play order is settled")
    return order
