"""Shared helpers for the Aeroplane Chess tests (imported by tests/test_ac_*.py; holds no tests)."""
from __future__ import annotations

import json

from racekit.core.game import load_game


def mk(preset="tournament", setup=None, players=None, **options):
    """A new aeroplane_chess state (setup validated by the game)."""
    game = load_game("aeroplane_chess", players=players, preset=preset, **options)
    return game.new_initial_state(setup=setup)


def play(state, *names):
    """Apply actions or chance outcomes by name ("roll 6", "move R1")."""
    for name in names:
        state.apply_action(state.string_to_action(name))
    return state


def legal(state):
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def kinds(state, since=0):
    return [e.kind for e in state.events[since:]]


def events(state, kind):
    return [e for e in state.events if e.kind == kind]


def frozen(state):
    return json.dumps(state.snapshot(), sort_keys=True), state.history()


def step(state, piece):
    return state.snapshot()["planes"][piece]["step"]


def where(state, piece):
    return state.snapshot()["planes"][piece]["where"]
