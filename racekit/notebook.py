"""Small helpers for the teaching notebooks: pictures of states and scenarios.

Pictures are returned as PNG ``IPython.display.Image`` objects drawn on a
private matplotlib Figure, so notebook cells never leak pyplot figures and the
stored text output (``<IPython.core.display.Image object>``) is stable for nbval.
They are drawn in racekit's style (:mod:`racekit.plotting`), so Chinese names
render when a CJK font is installed.
"""
from __future__ import annotations

import io

from .core.scenarios import ScenarioResult, run_scenario, scenario_paths
from .figures import plotter
from .plotting import TITLE_PX, game_title, px_font, style


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


PICTURE_DPI = 100


def board_size(game_id: str) -> tuple[float, float]:
    """The size in inches (at :data:`PICTURE_DPI`) of one picture of the game: its plot
    module's ``FIGSIZE``, as the explorer shows it (see :mod:`racekit.plotting` for the sizes
    a class can read)."""
    import importlib

    from .core.game import game_class
    from .explorer.board import FIGSIZE
    module = importlib.import_module(game_class(game_id).game_type.plot.partition(":")[0])
    return tuple(getattr(module, "FIGSIZE", FIGSIZE))


def pair_layout(game_id: str) -> str:
    """How :func:`before_after` places the game's two pictures: ``"rows"`` (one above the other,
    for a long board drawn across the width: its plot module says ``PAIR_LAYOUT = "rows"``) or
    ``"columns"`` (side by side)."""
    import importlib

    from .core.game import game_class
    module = importlib.import_module(game_class(game_id).game_type.plot.partition(":")[0])
    return getattr(module, "PAIR_LAYOUT", "columns")


def picture_figure(state, title: str | None = None, size=None, **kw):
    """The matplotlib Figure :func:`picture` shows (for measuring it: racekit.plotting.measure)."""
    from matplotlib.figure import Figure
    game_id = state.game.game_type.id
    with style():
        fig = Figure(figsize=size or board_size(game_id), dpi=PICTURE_DPI, layout="constrained")
        ax = fig.add_subplot()
        plotter(game_id)(state, ax, **kw)
        if title:
            ax.set_title(title, fontsize=px_font(fig, TITLE_PX))
    return fig


def picture(state, title: str | None = None, size=None, **kw):
    """A PNG picture of ``state`` (keyword arguments go to the game's ``draw``); ``size`` in
    inches at 100 dpi, default the game's picture size (:func:`board_size`)."""
    from IPython.display import Image
    return Image(_png(picture_figure(state, title, size, **kw)))


def before_after_figure(result: ScenarioResult, size=None):
    """The matplotlib Figure :func:`before_after` shows."""
    from matplotlib.figure import Figure
    game_id = result.scenario.game
    rows = pair_layout(game_id) == "rows"
    if size is None:
        w, h = board_size(game_id)
        size = (w, 2 * h) if rows else (w, h + 0.8)   # side by side: room for the titles
    with style():
        fig = Figure(figsize=size, dpi=PICTURE_DPI, layout="constrained")
        draw = plotter(game_id)
        for i, (state, label) in enumerate([(result.before, "before"), (result.after, "after")]):
            ax = fig.add_subplot(2, 1, i + 1) if rows else fig.add_subplot(1, 2, i + 1)
            draw(state, ax)
            ax.set_title(f"{result.id} {label}", fontsize=px_font(fig, TITLE_PX))
    return fig


def before_after(result: ScenarioResult, size=None):
    """The scenario's start and end positions, side by side (or one above the other for a long
    board, :func:`pair_layout`), as a PNG picture; ``size`` in inches at 100 dpi (default: each
    picture at the game's picture size)."""
    from IPython.display import Image
    return Image(_png(before_after_figure(result, size)))


def explain(result: ScenarioResult, events: bool = True) -> str:
    """The scenario in words: title, clauses, the rule's outcome, what happened, pass or fail."""
    sc = result.scenario
    lines = [f"{sc.id}: {sc.title}", f"  rules: {', '.join(sc.clauses)}", f"  outcome: {sc.outcome}"]
    if events and result.after is not None:
        # every event, the set-up's own automatic steps (ply -1) first: they are part of the story
        for event in result.after.events:
            lines.append("  - " + result.after.game.render(event))
    lines.append("  check: " + ("PASS" if result.passed else "FAIL: " + "; ".join(result.failures)))
    return "\n".join(lines)


def run(game: str, ids: list[str] | None = None) -> list[ScenarioResult]:
    """Run the shipped scenarios of ``game``: all in file order, or ``ids`` in the order given.

    Raises:
        KeyError: an id is not a shipped scenario of ``game``.
    """
    results = {}
    for path in scenario_paths(game):
        result = run_scenario(path)
        results[result.id] = result
    if ids is None:
        return list(results.values())
    missing = [i for i in ids if i not in results]
    if missing:
        raise KeyError(f"{game} has no scenario {', '.join(missing)}")
    return [results[i] for i in ids]


def game_table(games=None, about: dict | None = None):
    """The start page's list of games (default: every shipped game) as Markdown: name, seats,
    presets, and a link to the game's notebook (``<id>.ipynb`` next to the start page); with
    ``about`` (``{game_id: sentence}``), a last column says what each notebook is for."""
    from IPython.display import Markdown

    from .core.game import game_class
    from .games import SHIPPED
    rows = ["| game | players | rule sets (presets) | notebook |", "|---|---|---|---|"]
    if about is not None:
        rows = ["| game | players | rule sets (presets) | notebook | what it is for |",
                "|---|---|---|---|---|"]
    for game_id in games or SHIPPED:
        gt = game_class(game_id).game_type
        presets = ", ".join(p.name for p in gt.presets) or "default"
        row = (f"| **{gt.long_name}** | {gt.min_players} to {gt.max_players} | {presets} | "
               f"[open {game_id}.ipynb]({game_id}.ipynb) |")
        if about is not None:
            row += f" {about.get(game_id, '')} |"
        rows.append(row)
    return Markdown("\n".join(rows))


def gallery(games=None, columns: int = 2, width: float | None = None):
    """The start position of every game (default: every shipped game), each drawn at its own
    picture size (:func:`board_size`, so nothing crowds) in ``columns`` columns, titled with the
    games' names, as one PNG picture (a page shows it scaled to its width). ``width``: inches
    at 100 dpi (default: the columns' pictures side by side)."""
    from IPython.display import Image
    from matplotlib.figure import Figure

    from .core.game import load_game
    from .games import SHIPPED
    games = list(games or SHIPPED)
    columns = max(1, min(columns, len(games)))
    rows = -(-len(games) // columns)
    w, h = max(board_size(g)[0] for g in games), max(board_size(g)[1] for g in games)
    width = width or w * columns
    with style():
        fig = Figure(figsize=(width, width / columns * h / w * rows), dpi=PICTURE_DPI,
                     layout="constrained")
        for i, game_id in enumerate(games):
            ax = fig.add_subplot(rows, columns, i + 1)
            plotter(game_id)(load_game(game_id).new_initial_state(), ax)
            ax.set_title(game_title(game_id), fontsize=px_font(fig, TITLE_PX + 4))
        return Image(_png(fig))
