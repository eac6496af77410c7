"""The explorer's board picture: one matplotlib Figure, redrawn in place, as PNG bytes.

The Figure is a plain :class:`matplotlib.figure.Figure` with its own Agg canvas,
not a pyplot figure: it belongs to the explorer, re-running a notebook cell never
leaks figures, and no other code (or thread) draws into it. The PNG goes into an
``ipywidgets.Image`` (no flicker, no ipympl needed, works in Voila).

Fast path (the Painter contract, docs/contracts.md and COORDINATION §4): when the
game's plot module has a ``Painter`` class, the static board is drawn once by
``Painter(ax, state)`` and rendered once into a background bitmap; each new state
only calls ``painter.update(state)``, and the artists it added (pieces, paths,
highlights, labels, the title) are drawn over a copy of that bitmap (blitting).
No layout engine runs. When ``painter.fits(state)`` says the static board no
longer matches (another track, leg or board), the painter is rebuilt.
Without a ``Painter`` the game's ``draw`` redraws the whole figure each time.
"""
from __future__ import annotations

import importlib
import io

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image as PILImage

AXES_BOX = (0.01, 0.01, 0.98, 0.93)
"""Where the board's Axes sits in the figure (left, bottom, width, height; the title above)."""


def _plot_module(game):
    target = game.game_type.plot
    if not target:
        return None, ""
    module, _, attr = target.partition(":")
    return importlib.import_module(module), attr


def resolve_plot(game):
    """The game's ``draw(state, ax=None, **kw)`` function, or ``None`` if it declares none.

    Raises:
        ImportError, AttributeError: the declared ``"module:function"`` cannot be loaded.
    """
    module, attr = _plot_module(game)
    return None if module is None else getattr(module, attr)


def resolve_painter(game):
    """The game's ``Painter`` class (same module as its ``draw``), or ``None``.

    Raises:
        ImportError: the plot module cannot be loaded.
    """
    module, _ = _plot_module(game)
    return None if module is None else getattr(module, "Painter", None)


class Board:
    """Draws states into one reused Figure and returns PNG bytes.

    Args:
        draw: the game's plot function, or ``None`` for a text picture
            (``state.to_text()``).
        figsize: inches; dpi: dots per inch of the PNG.
        painter: the game's ``Painter`` class (fast path), or ``None``.

    Attributes:
        figure: the one Figure; painter: the current Painter instance (or ``None``);
        rebuilds: how many times the static board was drawn (for tests and benchmarks).
    """

    def __init__(self, draw=None, figsize=(8, 6), dpi=80, painter=None):
        self.draw = draw
        self.painter_class = painter
        self.dpi = dpi
        self.figure = Figure(figsize=figsize, dpi=dpi)
        FigureCanvasAgg(self.figure)
        self.painter = None
        self.rebuilds = 0
        self._static: set = set()
        self._background = None

    def set_plot(self, draw=None, painter=None) -> None:
        """Use another game's plot function and Painter (the next render rebuilds)."""
        self.draw, self.painter_class = draw, painter
        self.painter = None

    def render(self, state, **kw) -> bytes:
        """Redraw ``state`` into the figure and return it as PNG bytes.

        Raises:
            whatever the game's ``draw`` or ``Painter`` raises (the caller shows it; the
            next render starts from a fresh board); and RuntimeError when ``draw``
            drew into some other figure.
        """
        if self.draw is not None and self.painter_class is not None:
            try:
                return self._paint(state, **kw)
            except Exception:
                self.painter = None
                raise
        fig = self.figure
        self.painter = None
        fig.clear()
        ax = fig.add_axes(AXES_BOX)
        if self.draw is None:
            self.text_picture(state, ax)
        else:
            result = self.draw(state, ax=ax, **kw)
            if result is not None and getattr(result, "figure", fig) is not fig:
                _close_foreign(result.figure)
                raise RuntimeError("the game's plot function drew into a new figure instead of "
                                   "the ax it was given (plot.draw must use ax)")
        fig.canvas.draw()
        return self._png()

    # ----- the fast path --------------------------------------------------------------
    def _paint(self, state, **kw) -> bytes:
        fig = self.figure
        if self.painter is None or not self.painter.fits(state):
            self._rebuild(state, **kw)
        ax = self.painter.ax
        self.painter.update(state, **kw)
        titles = (ax.title, ax._left_title, ax._right_title)
        moving = [a for a in ax.get_children() if id(a) not in self._static and a not in titles]
        moving += [t for t in titles if t.get_text()]
        for artist in moving:
            artist.set_animated(True)
        canvas = fig.canvas
        canvas.restore_region(self._background)
        for artist in sorted(moving, key=lambda a: a.get_zorder()):
            ax.draw_artist(artist)
        return self._png()

    def _rebuild(self, state, **kw) -> None:
        fig = self.figure
        fig.clear()
        ax = fig.add_axes(AXES_BOX)
        self.painter = None
        painter = self.painter_class(ax, state, **kw)
        for title in (ax.title, ax._left_title, ax._right_title):
            title.set_animated(True)  # titles change with the state: never in the background
        self._static = {id(a) for a in ax.get_children()} - {
            id(ax.title), id(ax._left_title), id(ax._right_title)}
        fig.canvas.draw()
        self._background = fig.canvas.copy_from_bbox(fig.bbox)
        self.painter = painter
        self.rebuilds += 1

    def _png(self) -> bytes:
        rgba = np.asarray(self.figure.canvas.buffer_rgba())
        buf = io.BytesIO()
        PILImage.fromarray(rgba[..., :3]).save(buf, format="png", compress_level=1)
        return buf.getvalue()

    def png(self) -> bytes:
        """The figure as it stands, as PNG bytes (a full draw)."""
        self.figure.canvas.draw()
        return self._png()

    @staticmethod
    def text_picture(state, ax) -> None:
        """Fallback picture: the state's compact text form in a monospaced font."""
        ax.set_axis_off()
        ax.text(0.0, 1.0, state.to_text(), family="monospace", fontsize=8, va="top", ha="left",
                transform=ax.transAxes, wrap=True)


def _close_foreign(figure) -> None:
    try:
        import matplotlib.pyplot as plt
        plt.close(figure)
    except Exception:  # not a pyplot figure: nothing to close
        pass
