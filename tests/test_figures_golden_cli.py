"""`racekit figures` and `racekit golden`: progress, the checkout's folders from any working
directory (or --out), and picture sizes fit for slides."""
import struct
from pathlib import Path

from typer.testing import CliRunner

from racekit.cli import app
from racekit.paths import checkout_folder, source_root

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_default_folders_are_the_checkouts_whatever_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert source_root() == ROOT
    assert checkout_folder("figures") == ROOT / "figures"
    assert checkout_folder("tests/golden") == ROOT / "tests" / "golden"


def test_figures_out_width_and_progress(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "slides"
    result = runner.invoke(app, ["figures", "--out", str(out), "--game", "aeroplane_chess",
                                 "--no-scenarios", "--width", "1000"])
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("*.png"))
    assert len(files) == 4
    assert all(_png_size(p)[0] == 1000 for p in files), [_png_size(p) for p in files]
    assert "figures: 100%" in result.output and "4/4" in result.output   # tqdm's bar
    assert not (tmp_path / "figures").exists()


def test_default_figures_are_at_least_1000_px_wide(tmp_path):
    from racekit.figures import regenerate
    path, = regenerate(tmp_path, ["snow_tails"], scenarios=False)[:1]
    width, height = _png_size(path)
    assert width >= 1000 and height > 600, (width, height)


def test_dpi_keeps_the_width(tmp_path):
    from racekit.figures import regenerate
    a = regenerate(tmp_path / "a", ["aeroplane_chess"], scenarios=False, width=1100, dpi=100)[0]
    b = regenerate(tmp_path / "b", ["aeroplane_chess"], scenarios=False, width=1100, dpi=200)[0]
    assert _png_size(a)[0] == _png_size(b)[0] == 1100
    assert a.read_bytes() != b.read_bytes()   # same width, larger text and lines


def test_golden_out_and_progress(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["golden", "--out", str(tmp_path / "g"), "--game", "snow_tails"])
    assert result.exit_code == 0, result.output
    written = tmp_path / "g" / "snow_tails-standard.txt"
    assert written.read_text() == (ROOT / "tests" / "golden" / "snow_tails-standard.txt").read_text()
    assert "golden: 100%" in result.output


def test_outside_a_checkout_an_out_folder_is_required(tmp_path, monkeypatch):
    import racekit.paths
    monkeypatch.setattr(racekit.paths, "source_root", lambda: None)
    result = runner.invoke(app, ["golden"])
    assert result.exit_code == 2
    assert "--out DIR" in result.output and "Traceback" not in result.output


def test_figures_in_chinese_go_to_their_own_folder_with_chinese_titles(tmp_path, monkeypatch):
    """`racekit figures --lang zh`: titles in Chinese (game, start, halfway, each scenario's own
    title from locale/zh/scenarios.yaml), written to figures/zh/, never over the English pictures;
    the English titles stay as they were."""
    import racekit.figures as F
    import racekit.paths as P
    saved = []
    monkeypatch.setattr(F, "_save", lambda draw, state, path, title, *rest: saved.append((path, title)) or path)
    monkeypatch.setattr(P, "checkout_folder", lambda name: tmp_path / name)
    result = runner.invoke(app, ["figures", "--game", "snow_tails", "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert saved and all(path.parent == tmp_path / "figures" / "zh" for path, _ in saved)
    titles = dict((path.name, title) for path, title in saved)
    assert titles["snow_tails-standard-start.png"] == "雪橇竞速（Snow Tails）：standard，开局"
    assert "随机种子 1" in titles["snow_tails-standard-midgame.png"]
    scenario_titles = [t for name, t in titles.items() if not name.endswith(("start.png", "midgame.png"))]
    assert scenario_titles and all(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in scenario_titles)
    saved.clear()
    assert runner.invoke(app, ["figures", "--game", "snow_tails", "--no-scenarios", "--lang", "en"]).exit_code == 0
    titles = dict((path.name, title) for path, title in saved)
    assert all(path.parent == tmp_path / "figures" for path, _ in saved)
    from racekit.plotting import game_title
    assert titles["snow_tails-standard-midgame.png"] == \
        f"{game_title('snow_tails')}: standard, seed 1, halfway through a game of careful players"
