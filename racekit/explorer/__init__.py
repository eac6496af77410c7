"""The generic notebook explorer: ``racekit.explore(game_id, seed=0, players=None, preset=None, **options)``.

It knows no specific game: it reads the game's ``GameType`` (presets, options,
seat range, ``plot``, ``text`` and the optional ``controls`` hook) and drives a
:class:`~racekit.core.session.Session`.
"""
from .board import Board
from .controls import ActionDropdown
from .widget import Explorer, explore

__all__ = ["explore", "Explorer", "Board", "ActionDropdown"]
