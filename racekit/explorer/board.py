"""The explorer's board picture: one matplotlib Figure, redrawn in place, as PNG bytes.

The Figure is a plain :class:`matplotlib.figure.Figure` with an Agg canvas, not a
pyplot figure, so re-running a notebook cell never leaks figures and nothing is
shown twice. The PNG goes into an ``ipywidgets.Image`` (no flicker, no ipympl
needed, works in Voila).
"""
from __future__ import annotations

import importlib
import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure


def resolve_plot(game):
    """The game's ``draw(state, ax=None, **kw)`` function, or ``None`` if it declares none.

    Raises:
        ImportError, AttributeError: the declared ``"module:function"`` cannot be loaded.
    """
    target = game.game_type.plot
    if not target:
        return None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


class Board:
    """Draws states into one reused Figure and returns PNG bytes.

    Args:
        draw: the game's plot function, or ``None`` for a text picture
            (``state.to_text()``).
        figsize: inches; dpi: dots per inch of the PNG.
    """

    def __init__(self, draw=None, figsize=(8, 6), dpi=80):
        self.draw = draw
        self.dpi = dpi
        self.figure = Figure(figsize=figsize, layout="constrained")
        FigureCanvasAgg(self.figure)

    def render(self, state, **kw) -> bytes:
        """Redraw ``state`` into the figure and return it as PNG bytes.

        Raises:
            whatever the game's ``draw`` raises (the caller shows it); and
            RuntimeError when ``draw`` drew into some other figure.
        """
        fig = self.figure
        fig.clear()
        ax = fig.add_subplot()
        if self.draw is None:
            self.text_picture(state, ax)
        else:
            result = self.draw(state, ax=ax, **kw)
            if result is not None and getattr(result, "figure", fig) is not fig:
                _close_foreign(result.figure)
                raise RuntimeError("the game's plot function drew into a new figure instead of "
                                   "the ax it was given (plot.draw must use ax)")
        return self.png()

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=self.dpi)
        return buf.getvalue()

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
