"""Regenerate the pictures in ``figures/`` (``racekit figures``).

For every game and preset: the start position, a mid-game position from a
seeded random game, and the after-picture of every shipped scenario. PNGs are
written with fixed size, dpi and no timestamp metadata, so the same stack
gives the same bytes. The default size (1200 px wide at 150 dpi) fits a slide;
``width`` and ``dpi`` change it. Titles carry the games' Chinese names when a CJK
font is installed (:mod:`racekit.plotting`).
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


def board_size(game_id: str) -> tuple[float, float]:
    """The size in inches (at 100 dpi, :data:`racekit.notebook.PICTURE_DPI`) of one picture of
    the game: its plot module's ``FIGSIZE``, as the explorer shows it (see
    :mod:`racekit.plotting` for the sizes a class can read)."""
    from .explorer.board import FIGSIZE
    module = importlib.import_module(game_class(game_id).game_type.plot.partition(":")[0])
    return tuple(getattr(module, "FIGSIZE", FIGSIZE))


WIDTH = 1200   # pixels: sharp on a 1920 x 1080 slide at two thirds of its width
DPI = 150      # dots per inch: sets how thick lines are relative to the picture (text is sized in pixels)
ASPECT = 6.5 / 8


def figure(draw, state, title: str, width: int = WIDTH, dpi: int = DPI, ratio: float = ASPECT):
    """The Figure :func:`_save` writes: ``state`` drawn ``width`` pixels wide at ``dpi``
    (height: width x ``ratio``), titled."""
    from matplotlib.figure import Figure

    from .plotting import TITLE_PX, px_font, style
    inches = width / dpi
    with style():
        fig = Figure(figsize=(inches, inches * ratio), dpi=dpi, layout="constrained")
        ax = fig.add_subplot()
        draw(state, ax)
        ax.set_title(title, fontsize=px_font(fig, TITLE_PX))
    return fig


def aspect(game_id: str) -> float:
    """Height over width of the game's pictures: its picture size's (:func:`board_size`)."""
    w, h = board_size(game_id)
    return h / w


def _save(draw, state, path: Path, title: str, width: int = WIDTH, dpi: int = DPI,
          ratio: float = ASPECT) -> Path:
    """Draw ``state`` into a ``width`` pixels wide PNG at ``dpi`` (height: width x ``ratio``)."""
    figure(draw, state, title, width, dpi, ratio).savefig(path, metadata={"Software": None})
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


def regenerate(out: Path | None = None, games: list[str] | None = None, scenarios: bool = True,
               width: int = WIDTH, dpi: int = DPI, progress: bool = False) -> list[Path]:
    """Write the pictures of ``games`` (default: every game) into ``out``; return their paths.

    ``out`` defaults to the source checkout's ``figures/`` whatever the working directory.
    ``width`` is in pixels; ``progress`` shows a tqdm bar (on stderr).

    Raises:
        RacekitError: no ``out`` and racekit is not running from a source checkout.
    """
    from .core.i18n import get_lang, scenario_text, text
    from .paths import checkout_folder
    from .plotting import game_name, game_title
    lang = get_lang()
    # English in figures/, another language in figures/<lang>/ (never over the English pictures)
    out = Path(out) if out is not None else checkout_folder("figures") / ("" if lang == "en" else lang)
    out.mkdir(parents=True, exist_ok=True)
    jobs = []   # (draw, state-or-thunk, file name, title)
    ratios = {}
    for game_id in games or game_names():
        draw = plotter(game_id)
        ratios[draw] = aspect(game_id)
        for preset in presets(game_id):
            game = load_game(game_id, preset=preset)
            shown = game_title(game_id) if lang == "en" else game_name(game_id)
            jobs.append((draw, game.new_initial_state, f"{game_id}-{preset}-start.png",
                         text("cli.figure_start", game=shown, preset=preset)))
            jobs.append((draw, lambda game=game: midgame(game), f"{game_id}-{preset}-midgame.png",
                         text("cli.figure_midgame", game=shown, preset=preset,
                              agents=text(f"cli.figure_agents.{demo_agent(game)}"))))
        if scenarios:
            jobs.append((draw, None, game_id, None))   # the game's scenarios, run when reached
    written = []
    from tqdm import tqdm
    with tqdm(total=len(jobs), desc="figures", unit="picture", disable=not progress) as bar:
        for draw, state, name, title in jobs:
            if state is None:      # expand a game's scenarios into pictures
                results = [r for r in run_all(name) if r.after is not None]
                bar.total += len(results) - 1
                bar.refresh()
                for result in results:
                    written.append(_save(draw, result.after, out / f"{name}-{result.id}.png",
                                         f"{result.id}: "
                                         + scenario_text(name, result.id, "title",
                                                         result.scenario.title),
                                         width, dpi,
                                         ratios[draw]))
                    bar.update()
                continue
            written.append(_save(draw, state(), out / name, title, width, dpi, ratios[draw]))
            bar.update()
    return written
