"""Aeroplane Chess drawing: reads the state only, uses the given Axes, leaks no figures."""
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402

from racekit.games.aeroplane_chess.plot import draw  # noqa: E402
from test_ac_helpers import mk, play  # noqa: E402


def _state():
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}, "R2": 15, "G2": 53,
                                           "Y3": "finish"}, "phase": "move", "die": 3})
    return s


def test_draw_without_axes_makes_no_pyplot_figure(tmp_path):
    before = plt.get_fignums()
    s = _state()
    snap = json.dumps(s.snapshot(), sort_keys=True)
    ax = draw(s)
    assert isinstance(ax, Axes) and plt.get_fignums() == before
    assert json.dumps(s.snapshot(), sort_keys=True) == snap and s.history() == []
    ax.figure.savefig(tmp_path / "board.png")
    assert (tmp_path / "board.png").stat().st_size > 10000
    texts = {t.get_text() for t in ax.texts}
    assert {"R2", "2", "G2"} <= texts          # a single plane by name, the R1+B1 stack as a count


def test_draw_into_given_axes_with_highlight():
    fig, ax = plt.subplots()
    try:
        s = _state()
        out = draw(s, ax=ax, highlight="move R2")
        assert out is ax
        play(s, "move R2")
        draw(s, ax=ax, highlight=["R2"])       # last move path drawn
        assert ax.lines
    finally:
        plt.close(fig)


def test_draw_family_and_terminal():
    s = mk("family", players=2, setup={"planes": {"R1": 53, "R2": "finish", "R3": "finish", "R4": "finish"}})
    play(s, "roll 3", "move R1")
    ax = draw(s)
    assert "game over" in ax.get_title()
