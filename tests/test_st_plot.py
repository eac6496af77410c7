"""Snow Tails drawing: returns Axes, reads the state only, leaks no pyplot figure."""
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402

import racekit  # noqa: E402
from racekit.games.snow_tails.plot import draw  # noqa: E402


def test_draw_tracks_and_preview_without_side_effects(tmp_path):
    before = plt.get_fignums()
    for track in ("teaching", "medium", "long"):
        s = racekit.load_game("snow_tails", track=track).new_initial_state()
        assert isinstance(draw(s), Axes)
    g = racekit.load_game("snow_tails", players=2, track="straight4_12")
    s = g.new_initial_state(setup={"turn_order": [0, 1], "seats": [
        {"position": [0, 3], "hand": [5, 1, 1, 2, 2]}, {"position": [5, 1], "hand": [1, 2, 3, 4, 5]}]})
    s.apply_action(s.string_to_action("play 5 to R"))
    snap, hist = json.dumps(s.snapshot(0)), s.history()
    ax = draw(s, action=s.string_to_action("DR F F F DR"))
    texts = [t.get_text() for t in ax.texts]
    assert "+1 damage" in texts and "wall" in texts   # ST-WALL-1 previewed
    draw(s)                                            # every reachable end marked
    assert (json.dumps(s.snapshot(0)), s.history()) == (snap, hist)
    ax.figure.savefig(tmp_path / "st.png")
    fig, ax2 = plt.subplots()
    assert draw(s, ax=ax2) is ax2
    plt.close(fig)
    assert plt.get_fignums() == before


# ---------------------------------------------------------------- readability
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.offsetbox import AnchoredOffsetbox, DrawingArea  # noqa: E402
from matplotlib.patches import FancyArrowPatch, Polygon  # noqa: E402

from racekit.games.snow_tails import plot as st_plot  # noqa: E402


def _scn03a_planning():
    g = racekit.load_game("snow_tails", players=2, track="straight4")
    s = g.new_initial_state(setup={"turn_order": [0, 1], "seats": [
        {"position": [0, 3], "hand": [5, 1, 1, 2, 2]}, {"position": [20, 1], "hand": [1, 2, 3, 4, 5]}]})
    s.apply_action(s.string_to_action("play 5 to R"))
    return s


def _drawn(state, size, panels=1, dpi=80, **kw):
    fig = Figure(figsize=size, dpi=dpi, layout="constrained")
    FigureCanvasAgg(fig)
    axes = []
    for i in range(panels):
        ax = fig.add_subplot(1, panels, i + 1)
        st_plot.draw(state, ax, **kw)
        axes.append(ax)
    fig.canvas.draw()
    return fig, axes


def _squares(ax):
    return [p for p in ax.patches if isinstance(p, Polygon) and p.get_zorder() == 1]


def _panel(ax):
    boxes = [a for a in ax.artists if isinstance(a, AnchoredOffsetbox)]
    assert len(boxes) == 1
    return boxes[0]


def _panel_texts(box):
    out = []
    for area in box.get_child().get_children():
        out += [t.get_text() for t in area.get_children() if hasattr(t, "get_text")]
    return out


def _overlaps_track(ax, bbox):
    """True when the display-space ``bbox`` covers part of a lane square."""
    for sq in _squares(ax):
        path = sq.get_path().transformed(sq.get_transform())
        if path.intersects_bbox(bbox, filled=True):
            return True
    return False


def test_mat_panel_has_one_size_whatever_the_track_and_sits_off_the_track():
    """The mat is drawn in points: the same size on a thin straight track as on a corner
    track, with L / R / Brake and the speed, and it covers no square."""
    sizes = []
    for state in (_scn03a_planning(),
                  racekit.load_game("snow_tails", track="teaching").new_initial_state(
                      setup={"turn_order": [0, 1, 2, 3], "seats": [
                          {"position": [0, 1]}, {"position": [1, 2]}, {"position": [2, 3]},
                          {"position": [3, 4]}]})):
        for size, panels in (((8, 6.5), 1), ((13, 5.5), 2)):
            fig, axes = _drawn(state, size, panels)
            for ax in axes:
                box = _panel(ax)
                area = box.get_child().get_children()[0]
                assert isinstance(area, DrawingArea)
                sizes.append((area.width, area.height))
                texts = _panel_texts(box)
                assert {"L", "R", "Brake"} <= set(texts)
                speed = state.snapshot()["seats"][0]["mat"]["speed"]
                assert any(t.startswith("speed ") and t.endswith(f"= {speed}") for t in texts), texts
                assert not _overlaps_track(ax, box.get_window_extent(fig.canvas.get_renderer()))
    assert len(set(sizes)) == 1


def test_straight_track_squares_are_large_enough_to_read():
    """The straight test track used to be a thin strip (a square about 9 pixels at
    (13, 5.5), 2 panels, 80 dpi); it now runs across and squeezes the empty rows."""
    for size, panels, least in (((13, 5.5), 2, 18), ((8, 6.5), 1, 24)):
        fig, axes = _drawn(_scn03a_planning(), size, panels)
        for ax in axes:
            ext = _squares(ax)[0].get_window_extent()
            assert min(ext.width, ext.height) >= least, (size, ext)
    fig, (ax,) = _drawn(_scn03a_planning(), (8, 6.5))
    assert any(t.get_text() == "rows 6-18" for t in ax.texts)      # the break names its rows
    fig, (ax,) = _drawn(_scn03a_planning(), (8, 6.5), squeeze=False)
    assert not any(t.get_text().startswith("rows ") for t in ax.texts)
    assert len(_squares(ax)) == 4 * 34


def test_labels_stay_off_the_track():
    """'finish' and the limit numbers are written outside the walls, on every track."""
    for track in ("teaching", "medium", "long", "straight4"):
        state = racekit.load_game("snow_tails", track=track).new_initial_state()
        for size, panels in (((8, 6.5), 1), ((13, 5.5), 2)):
            fig, axes = _drawn(state, size, panels)
            renderer = fig.canvas.get_renderer()
            for ax in axes:
                labels = [t for t in ax.texts if t.get_text() == "finish" or t.get_text().isdigit()
                          and t.get_bbox_patch() is not None]
                assert any(t.get_text() == "finish" for t in labels)
                for t in labels:
                    assert not _overlaps_track(ax, t.get_window_extent(renderer)), (track, t.get_text())


def test_drift_steps_differ_from_forward_steps_and_have_a_legend_line():
    """Drift arrows: another colour and a dashed line; the panel says which is which."""
    state = _scn03a_planning()
    fig, (ax,) = _drawn(state, (8, 6.5), action=state.string_to_action("DR F F F DR"))
    arrows = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    drift = [a for a in arrows if a.get_linestyle() not in ("-", "solid")]
    forward = [a for a in arrows if a.get_linestyle() in ("-", "solid")]
    assert len(forward) == 3 and len(drift) == 1       # DR, F, F, F, then the wall stops the last DR
    assert {tuple(a.get_edgecolor()) for a in drift}.isdisjoint(tuple(a.get_edgecolor()) for a in forward)
    texts = _panel_texts(_panel(ax))
    assert "forward step (F)" in texts and "drift step (DL / DR)" in texts
    assert "stops: side wall" in texts and "+1 damage card" in texts
