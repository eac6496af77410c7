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


