"""Regenerate the pictures in ``figures/`` (``racekit figures``).

For every game and preset: the start position, a mid-game position from a
seeded random game, and the after-picture of every shipped scenario. PNGs are
written with fixed size, dpi and no timestamp metadata, so the same stack
gives the same bytes.
"""
from __future__ import annotations

import importlib
from pathlib import Path

from .core.agents import make_agent
from .core.game import game_class, game_names, load_game
from .core.scenarios import run_all
from .core.session import Session
from .sim.golden import presets


def plotter(game_id: str):
    """The game's ``draw(state, ax=None, **kw)`` function."""
    module, _, name = game_class(game_id).game_type.plot.partition(":")
    return getattr(importlib.import_module(module), name)


def english_name(game_id: str) -> str:
    """The game's English name (matplotlib's default font has no CJK glyphs)."""
    return game_class(game_id).game_type.long_name.split(" (")[0]


def _save(draw, state, path: Path, title: str, dpi: int = 90) -> Path:
    from matplotlib.figure import Figure
    fig = Figure(figsize=(8, 6.5), dpi=dpi, layout="constrained")
    ax = fig.add_subplot()
    draw(state, ax)
    ax.set_title(title, fontsize=10)
    fig.savefig(path, metadata={"Software": None})
    return path


def demo_agent(game) -> str:
    """The agent the pictures use: the game's own (first declared) agent, else random."""
    declared = game.game_type.agents
    return declared[0][0] if declared else "random"


def midgame(game, seed: int = 1, agent: str | None = None):
    """A seeded game between ``agent`` drivers (default :func:`demo_agent`), stopped halfway by plies."""
    name = agent or demo_agent(game)
    session = Session(game, seed=seed,
                      agents=[make_agent(name, seed + seat, game) for seat in range(game.num_players)])
    session.run()
    session.goto(len(session.line) // 2)
    return session.state


def regenerate(out: Path, games: list[str] | None = None, scenarios: bool = True) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id in games or game_names():
        draw = plotter(game_id)
        for preset in presets(game_id):
            game = load_game(game_id, preset=preset)
            written.append(_save(draw, game.new_initial_state(), out / f"{game_id}-{preset}-start.png",
                                 f"{english_name(game_id)}: {preset}, start"))
            written.append(_save(draw, midgame(game), out / f"{game_id}-{preset}-midgame.png",
                                 f"{preset}, seed 1, halfway through a game of "
                                 f"{demo_agent(game)} players"))
        for result in (run_all(game_id) if scenarios else []):
            if result.after is not None:
                written.append(_save(draw, result.after, out / f"{game_id}-{result.id}.png",
                                     f"{result.id}: {result.scenario.title}", dpi=60))
    return written
