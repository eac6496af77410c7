"""Chinese names render in racekit's pictures when a CJK font (Debian: fonts-noto-cjk) is installed."""
import io
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

from racekit import plotting


def _noto_cjk_installed() -> bool:
    if shutil.which("dpkg-query"):
        out = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "fonts-noto-cjk"],
                             capture_output=True, text=True)
        return "ok installed" in out.stdout
    return any(Path("/usr/share/fonts").rglob("NotoSansCJK*"))


needs_cjk = pytest.mark.skipif(not _noto_cjk_installed(),
                               reason="fonts-noto-cjk is not installed (bash tools/install-chromium.sh "
                                      "installs it): Chinese text would render as boxes")


@needs_cjk
def test_a_cjk_font_is_found():
    from matplotlib import font_manager
    family = plotting.cjk_font()
    assert family is not None, "fonts-noto-cjk is installed but racekit.plotting found no CJK font"
    path = font_manager.findfont(font_manager.FontProperties(family=family), fallback_to_default=False)
    assert "cjk" in Path(path).name.lower(), path
    assert plotting.font_family() == ["DejaVu Sans", family]


@needs_cjk
def test_a_chinese_title_renders_with_no_missing_glyphs():
    from matplotlib.figure import Figure
    title = plotting.game_title("snow_tails")
    assert title == "Snow Tails (雪橇竞速)"
    with warnings.catch_warnings(record=True) as caught, plotting.style():
        warnings.simplefilter("always")
        fig = Figure(figsize=(3, 1))
        fig.suptitle(title)
        fig.savefig(io.BytesIO(), format="png")
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    assert not missing, missing


def test_without_the_style_chinese_glyphs_are_missing():
    """The check above can fail: DejaVu Sans alone lacks the glyphs (matplotlib warns)."""
    import matplotlib
    from matplotlib.figure import Figure
    with warnings.catch_warnings(record=True) as caught, matplotlib.rc_context({"font.family": ["DejaVu Sans"]}):
        warnings.simplefilter("always")
        fig = Figure(figsize=(3, 1))
        fig.suptitle("雪橇竞速")
        fig.savefig(io.BytesIO(), format="png")
    assert any("missing from" in str(w.message) for w in caught)


def test_style_changes_nothing_outside_its_block():
    import matplotlib
    before = list(matplotlib.rcParams["font.family"])
    with plotting.style():
        pass
    assert matplotlib.rcParams["font.family"] == before


def test_game_title_drops_the_chinese_name_without_a_cjk_font(monkeypatch):
    monkeypatch.setattr(plotting, "cjk_font", lambda: None)
    assert plotting.game_title("aeroplane_chess") == "Aeroplane Chess"
    assert plotting.font_family() == ["DejaVu Sans"]
