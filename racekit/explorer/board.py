"""The explorer's board picture: one matplotlib Figure, redrawn in place, as PNG bytes.

The Figure is a plain :class:`matplotlib.figure.Figure` with its own Agg canvas,
not a pyplot figure: it belongs to the explorer, re-running a notebook cell never
leaks figures, and no other code (or thread) draws into it. The picture (JPEG
by default, or PNG) goes into an ``ipywidgets.Image`` (no flicker, no ipympl needed,
works in Voila).

Fast path (the Painter contract, docs/contracts.md and COORDINATION §4): when the
game's plot module has a ``Painter`` class, the static board is drawn once by
``Painter(ax, state)`` and rendered once into a background bitmap; each new state
only calls ``painter.update(state)`` (the Painter is made with ``live=True``: a
hint that many states will follow, so it may keep room for what they need), and the artists it added (pieces, paths,
highlights, labels, the title) are drawn over a copy of that bitmap (blitting).
No layout engine runs. When ``painter.fits(state)`` says the static board no
longer matches (another track, leg or board), the painter is rebuilt.
Without a ``Painter`` the game's ``draw`` redraws the whole figure each time.
"""
from __future__ import annotations

import importlib
import io
import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image as PILImage

TEXT_CACHE_SIZE = 4000
"""Rendered text lines kept per explorer figure (see :class:`_TextCache`)."""

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


class _Capture:
    """Stands in for the Agg renderer's C++ core while one text line renders: records the
    glyph bitmaps it is given (and passes them on)."""

    def __init__(self, real):
        self.real = real
        self.calls: list = []

    def draw_text_image(self, image, x, y, angle, gc):
        self.calls.append((np.array(image, copy=True), x, y, angle))
        self.real.draw_text_image(image, x, y, angle, gc)

    def __getattr__(self, name):
        return getattr(self.real, name)


class _TextCache:
    """Reuse rendered text: a line drawn again with the same string, font, angle and
    anchor pixel stamps the glyph bitmaps it got the first time.

    Shaping and rasterising a short label costs about a millisecond in matplotlib 3.11
    (libraqm layout, then FreeType for each glyph), and the board's labels (plane
    names, sled letters, the mat's numbers) repeat from frame to frame, mostly at the
    same places. The key holds the anchor's fraction of a pixel, so a hit stamps exactly
    the pixels plain Agg would draw there (a whole number of pixels away). Installed on
    one Agg renderer (the explorer's own figure); if the renderer's internals are not as
    expected, text is drawn the ordinary way.
    """

    def __init__(self, renderer):
        self.renderer = renderer
        self.plain = renderer.draw_text
        self.cache: dict = {}
        self.ok = hasattr(renderer, "_renderer") and hasattr(renderer, "_draw_text_glyphs_and_boxes")

    @classmethod
    def install(cls, canvas) -> None:
        renderer = canvas.get_renderer()
        if not isinstance(getattr(renderer, "_racekit_text_cache", None), cls):
            cache = cls(renderer)
            renderer._racekit_text_cache = cache
            renderer.draw_text = cache.draw_text

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath or not self.ok or not s:
            return self.plain(gc, x, y, s, prop, angle, ismath, mtext)
        features = mtext.get_fontfeatures() if mtext is not None else None
        language = mtext.get_language() if mtext is not None else None
        ix, iy = math.floor(x), math.floor(y)
        key = (s, hash(prop), angle, bool(gc.get_antialiased()), features, language,
               self.renderer.dpi, x - ix, y - iy)
        glyphs = self.cache.get(key)
        r = self.renderer
        if glyphs is None:
            capture = _Capture(r._renderer)
            r._renderer = capture
            try:
                self.plain(gc, x, y, s, prop, angle, ismath, mtext)
            finally:
                r._renderer = capture.real
            if s.strip() and not capture.calls:
                self.ok = False   # this matplotlib draws text some other way: stop caching
                return None
            if len(self.cache) >= TEXT_CACHE_SIZE:
                self.cache.clear()
            self.cache[key] = [(image, gx - ix, gy - iy, a) for image, gx, gy, a in capture.calls]
            return None
        for image, dx, dy, a in glyphs:
            r._renderer.draw_text_image(image, ix + dx, iy + dy, a, gc)
        return None


class Board:
    """Draws states into one reused Figure and returns the picture's bytes (JPEG or PNG).

    Args:
        draw: the game's plot function, or ``None`` for a text picture
            (``state.to_text()``).
        figsize: inches; dpi: dots per inch of the picture.
        painter: the game's ``Painter`` class (fast path), or ``None``.
        image_format: ``"jpeg"`` (default: quality 95 without chroma subsampling, which
            looks the same as PNG on a board and encodes in ~1.5 ms instead of ~16 ms for a
            640 x 480 picture) or ``"png"`` (lossless).

    Attributes:
        figure: the one Figure; painter: the current Painter instance (or ``None``);
        rebuilds: how many times the static board was drawn (for tests and benchmarks).
    """

    def __init__(self, draw=None, figsize=(8, 6), dpi=80, painter=None, image_format="jpeg"):
        if image_format not in ("jpeg", "png"):
            raise ValueError(f"image_format must be 'jpeg' or 'png', got {image_format!r}")
        self.image_format = image_format
        self.draw = draw
        self.painter_class = painter
        self.dpi = dpi
        self.figure = Figure(figsize=figsize, dpi=dpi)
        FigureCanvasAgg(self.figure)
        self.painter = None
        self.rebuilds = 0
        self._kw: dict = {}
        self._static: set = set()
        self._background = None

    def set_plot(self, draw=None, painter=None) -> None:
        """Use another game's plot function and Painter (the next render rebuilds)."""
        self.draw, self.painter_class = draw, painter
        self.painter = None

    def render(self, state, **kw) -> bytes:
        """Redraw ``state`` into the figure and return the picture's bytes (``image_format``).

        Raises:
            whatever the game's ``draw`` or ``Painter`` raises (the caller shows it; the
            next render starts from a fresh board); and RuntimeError when ``draw``
            drew into some other figure.
        """
        from ..plotting import style
        with style():   # the font list with a CJK font: Chinese names and labels render
            return self._render(state, **kw)

    def _render(self, state, **kw) -> bytes:
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
        _TextCache.install(fig.canvas)
        fig.canvas.draw()
        return self._png()

    # ----- the fast path --------------------------------------------------------------
    def _paint(self, state, **kw) -> bytes:
        fig = self.figure
        if self.painter is None or kw != self._kw or not self.painter.fits(state):
            self._rebuild(state, **kw)   # another viewer (or other options) may need another board
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
        painter = self.painter_class(ax, state, live=True, **kw)
        # static = what survives an update (a painter may already have drawn moving parts in
        # its __init__); the artists are held while comparing, so no id is reused meanwhile
        before = ax.get_children()
        painter.update(state, **kw)
        after = ax.get_children()
        kept = {id(a) for a in before}
        titles = (ax.title, ax._left_title, ax._right_title)
        self._static = {id(a) for a in after if id(a) in kept} - {id(t) for t in titles}
        del before
        for artist in after:
            if id(artist) not in self._static:
                artist.set_animated(True)  # moving parts and titles: never in the background
        _TextCache.install(fig.canvas)
        fig.canvas.draw()
        self._background = fig.canvas.copy_from_bbox(fig.bbox)
        self.painter = painter
        self._kw = dict(kw)
        self.rebuilds += 1

    def _rgb(self):
        canvas = self.figure.canvas
        width, height = canvas.get_width_height(physical=True)
        return PILImage.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0,
                                   1).convert("RGB")

    def _png(self) -> bytes:
        buf = io.BytesIO()
        if self.image_format == "jpeg":
            self._rgb().save(buf, format="jpeg", quality=95, subsampling=0)
        else:
            self._rgb().save(buf, format="png", compress_level=1)
        return buf.getvalue()

    def png(self) -> bytes:
        """The figure as it stands, as PNG bytes (a full draw), whatever ``image_format`` is."""
        _TextCache.install(self.figure.canvas)
        self.figure.canvas.draw()
        buf = io.BytesIO()
        self._rgb().save(buf, format="png", compress_level=1)
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
