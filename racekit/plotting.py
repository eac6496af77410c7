"""Shared matplotlib style for racekit's pictures: a font list that renders Chinese names.

matplotlib's bundled DejaVu Sans has no CJK glyphs, so a title such as "Snow Tails (雪橇竞速)"
shows boxes. When a CJK font is installed (Debian: ``fonts-noto-cjk``, which
``tools/install-chromium.sh`` installs), :func:`style` puts it after DejaVu Sans in the font family
list: matplotlib then takes each glyph from the first font that has it (font fallback, matplotlib
3.6 and newer), so Latin text looks as before and Chinese text renders.

    from racekit.plotting import style, game_title
    with style():                      # pictures made inside use the font list
        fig = Figure(); ax = fig.add_subplot(); ax.set_title(game_title("snow_tails"))
        fig.savefig("out.png")

Nothing here changes matplotlib's global settings outside the ``with`` block.
"""
from __future__ import annotations

import functools
from pathlib import Path

#: Font families with CJK glyphs, best first (Debian/Ubuntu, then other systems' usual ones).
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK TC", "Noto Sans CJK KR",
                "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
                "Droid Sans Fallback", "AR PL UMing CN", "Microsoft YaHei", "SimHei", "PingFang SC",
                "Hiragino Sans GB", "Arial Unicode MS")
_CJK_FILES = ("notosanscjk", "sourcehansans", "wqy", "droidsansfallback", "uming")
BASE_FAMILY = "DejaVu Sans"   # matplotlib's bundled default: Latin text looks the same with or without CJK


def _known(fm) -> str | None:
    names = {f.name for f in fm.fontManager.ttflist}
    return next((family for family in CJK_FAMILIES if family in names), None)


@functools.cache
def cjk_font() -> str | None:
    """The family name of an installed font with CJK glyphs, or None when there is none.

    Fonts installed after matplotlib built its font cache are not in the cache: they are found
    on the system's font paths by file name and added for this process.
    """
    from matplotlib import font_manager as fm
    found = _known(fm)
    if found:
        return found
    for path in fm.findSystemFonts():
        name = Path(path).name.lower().replace("-", "").replace("_", "")
        if any(hint in name for hint in _CJK_FILES):
            try:
                fm.fontManager.addfont(path)
            except (OSError, RuntimeError, ValueError):
                continue
    return _known(fm)


def font_family() -> list[str]:
    """The font family list racekit's pictures use: DejaVu Sans, then a CJK font when installed."""
    cjk = cjk_font()
    return [BASE_FAMILY, cjk] if cjk else [BASE_FAMILY]


def rc() -> dict:
    """matplotlib rc settings of racekit's pictures (for ``matplotlib.rc_context``)."""
    return {"font.family": font_family()}


def style():
    """A context in which new matplotlib text uses :func:`font_family` (Chinese names render).

    Text objects take their font when they are made, so draw inside the block; saving may be
    inside or outside it.
    """
    import matplotlib
    return matplotlib.rc_context(rc())


def game_title(game_id: str) -> str:
    """The game's name for a picture: with its Chinese name ("Snow Tails (雪橇竞速)") when a CJK font
    is installed, else the English name only (no boxes)."""
    from .core.game import game_class
    name = game_class(game_id).game_type.long_name
    return name if cjk_font() else name.split(" (")[0]


def game_name(game_id: str) -> str:
    """The game's name in the language in force (``Snow Tails (雪橇竞速)``, ``雪橇竞速（Snow Tails）``)."""
    from .core.game import game_class
    from .core.i18n import get_lang, has, text
    key = f"cli.game_names.{game_id}"
    return text(key) if get_lang() != "en" and has(key) else game_class(game_id).game_type.long_name




# ----- sizes a class can read from a projector (issue 19) -------------------------------------
MIN_PIECE_PX = 28
"""Smallest size across of a piece (a character, plane, pony, sled, a die in the queue), in CSS
pixels at the picture's displayed size."""
MIN_PIECE_LABEL_PX = 16
"""Smallest text on a piece (an altitude digit, a plane's name, a sled's letter), in pixels."""
MIN_LABEL_PX = 14
"""Smallest other text of a picture (board, queue and legend labels, titles), in pixels."""

PIECE, PIECE_LABEL = "piece", "piece-label"
_ROLE = "_racekit_role"


def mark(artist, role: str, key=None):
    """Tag ``artist`` as a ``PIECE`` or a ``PIECE_LABEL`` for :func:`measure`; returns it.

    ``key``: artists of one piece drawn in parts (a stack's wedges) share a key and are measured
    together. Untagged text counts as a label; untagged shapes are not measured.
    """
    setattr(artist, _ROLE, (role, key))
    return artist


def font_points(px: float, dpi: float, scale: float = 1.0) -> float:
    """The font size in points that renders ``px`` pixels tall at ``dpi`` when the picture is
    shown ``scale`` times its own pixel size."""
    return px * 72.0 / (dpi * scale)


class Sizes(dict):
    """What :func:`measure` found: ``width`` (displayed px), ``piece``, ``piece_label``, ``label``
    (the smallest of each, in displayed px; ``inf`` when the picture has none) and ``font`` (the
    smallest text of any kind); ``smallest`` names the artist behind each.
    """

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def problems(self, piece: float = MIN_PIECE_PX, piece_label: float = MIN_PIECE_LABEL_PX,
                 label: float = MIN_LABEL_PX) -> list[str]:
        """Sentences naming each size under its minimum (empty: the picture is readable)."""
        out = []
        for what, low in (("piece", piece), ("piece_label", piece_label), ("label", label)):
            if self[what] < low - 0.05:
                out.append(f"{what.replace('_', ' ')} {self[what]:.1f} px < {low} px "
                           f"({self['smallest'][what]}) at {self['width']:.0f} px wide")
        return out


def measure(fig, width: float | None = None) -> Sizes:
    """The rendered sizes of ``fig``'s pieces and text when it is shown ``width`` CSS pixels wide
    (default: its own pixel width, ``figwidth x dpi``).

    Text size is the font size in pixels (points x dpi / 72, scaled to the displayed width);
    a piece's size is the smaller side of its box on the picture (its parts' boxes joined when
    they share a key). Only visible artists with visible text count. Lays the figure out first
    (no pixels are drawn). Returns a :class:`Sizes`.
    """
    from matplotlib.text import Text
    fig.draw_without_rendering()
    renderer = fig._get_renderer()
    own = fig.get_figwidth() * fig.dpi
    scale = (width or own) / own
    px_per_pt = fig.dpi / 72.0 * scale
    inf = float("inf")
    found = {"piece": inf, "piece_label": inf, "label": inf}
    smallest = {k: "" for k in found}
    pieces: dict = {}

    hidden = {id(a) for ax in fig.axes if not ax.axison   # an Axes drawn without its axes
              for axis in ax._axis_map.values() for a in axis.findobj(lambda a: True)}
    for artist in fig.findobj(lambda a: True):
        if not artist.get_visible() or artist is fig or id(artist) in hidden:
            continue
        role = getattr(artist, _ROLE, None)
        if isinstance(artist, Text):
            if not artist.get_text().strip():
                continue
            size = artist.get_fontsize() * px_per_pt
            kind = "piece_label" if role and role[0] == PIECE_LABEL else "label"
            if size < found[kind]:
                found[kind], smallest[kind] = size, repr(artist.get_text())
        elif role and role[0] == PIECE:
            box = artist.get_window_extent(renderer)
            key = role[1] if role[1] is not None else id(artist)
            if key in pieces:
                old = pieces[key][0]
                box = type(box).union([old, box])
            pieces[key] = (box, type(artist).__name__)
    for box, name in pieces.values():
        size = min(box.width, box.height) * scale
        if size < found["piece"]:
            found["piece"], smallest["piece"] = size, name
    font = min(found["piece_label"], found["label"])
    return Sizes(width=width or own, font=font, smallest=smallest, **found)


REFERENCE_PX = 1180
"""The picture width (pixels) at which racekit's pictures draw text at its pixel size; a wider
picture draws it proportionally larger (``racekit figures --width 3000`` keeps its proportions)."""


def px_font(artist_or_figure, px: float) -> float:
    """The font size in points that is ``px`` pixels tall in the picture at its own size (the
    figure's dpi), or proportionally more in a picture wider than :data:`REFERENCE_PX`: for an
    Axes, the picture is that Axes (one board among several keeps its own proportions); for a
    Figure or any other artist, the whole figure."""
    fig = getattr(artist_or_figure, "figure", None) or artist_or_figure
    while getattr(fig, "figure", None) not in (None, fig):   # a subfigure: its root figure
        fig = fig.figure
    width = fig.get_figwidth() * fig.dpi
    if hasattr(artist_or_figure, "get_position") and hasattr(artist_or_figure, "get_xlim"):
        width *= artist_or_figure.get_position().width
    return px * max(1.0, width / REFERENCE_PX) * 72.0 / fig.dpi


LABEL_PX = 14.5        # the sizes racekit's pictures draw at (a little above the minimums)
PIECE_LABEL_PX = 17.0
TITLE_PX = 16.0
