"""racekit: rules engine and Jupyter teaching kit for racing board games.

>>> import racekit
>>> game = racekit.load_game("aeroplane_chess", preset="tournament")
>>> state = game.new_initial_state()
"""
from .core.errors import (FileFormatError, IllegalActionError, OptionError, RacekitError,
                          SetupError, UnknownGameError)
from .core.game import game_names, load_game
from .core.i18n import get_lang, set_lang, use_lang  # the language racekit speaks: en or zh
from .core.state import CHANCE, TERMINAL
from . import games as _games  # registers the games  # noqa: F401

__version__ = "0.1.0"

__all__ = ["load_game", "game_names", "set_lang", "get_lang", "use_lang", "explore", "rules", "simulate", "CHANCE", "TERMINAL", "RacekitError",
           "OptionError", "IllegalActionError", "SetupError", "FileFormatError", "UnknownGameError"]


def explore(game: str | None = None, seed: int | None = None, **kwargs):
    """Open the interactive explorer widget for ``game`` in a notebook (see racekit.explorer);
    ``explore(scenario="my/case.yaml")`` opens a scenario, whose file names its game."""
    from .explorer import explore as _explore
    return _explore(game, seed=seed, **kwargs)


def rules(game: str, coverage: bool = True, lang: str | None = None):
    """The rule clauses of ``game``: an HTML table in a notebook, text in a terminal;
    ``lang="zh"`` in Chinese (default: the language in force, see racekit.core.i18n).

    ``racekit.rules("snow_tails").find("drift")`` keeps the clauses that mention drift;
    ``coverage=False`` leaves out the coverage column (see racekit.ruletable).
    """
    from .ruletable import rules as _rules
    return _rules(game, coverage=coverage, lang=lang)


def simulate(game, n_games: int, agents="random", seed: int = 0, options=None, executor=None, **kwargs):
    """Play many whole games; one pandas row per game (see racekit.sim.simulate, extra ``sim``)."""
    from .sim.simulate import simulate as _simulate
    return _simulate(game, n_games, agents=agents, seed=seed, options=options, executor=executor,
                     **kwargs)
