"""Tiny Race: a fifth race written on the core as a new contributor would, registered as a draft.

Two seats take turns rolling one die and moving their token that many squares; the first
token to reach square 10 (the ``finish_square`` parameter) wins. It follows
docs/contracts.md module by module (``game.py``, ``state.py``, ``flow.py``, ``actions.py``,
``params.py``, ``invariants.py``, ``text.py``, ``clauses.yaml``, ``scenarios/``), and is a
test fixture only: call :func:`register` (safe twice) to make ``load_game("tiny_race")`` work.
"""
from racekit.core.game import register as _register

GAME_ID = "tiny_race"


def register() -> None:
    """Register Tiny Race as a draft game (not shipped: the shipped-game checks leave it out)."""
    _register(GAME_ID, "tiny_race.game:TinyRace", draft=True)
