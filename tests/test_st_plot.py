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
        {"position": [0, 3], "hand": [5, 1, 1, 2, 2, 4]}, {"position": [5, 1], "hand": [1, 2, 3, 4, 5]}]})
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
