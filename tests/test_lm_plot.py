"""Leaf Marathon drawing: full pictures and the Painter's update (contract 4)."""
import matplotlib

matplotlib.use("Agg")

import racekit  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from racekit.core.session import Session  # noqa: E402
from racekit.games.leaf_marathon.plot import Painter, draw  # noqa: E402


def test_draw_start_and_midgame():
    game = racekit.load_game("leaf_marathon", players=5)
    ax = draw(game.new_initial_state())
    assert ax.texts or ax.artists or ax.patches
    s = Session(game, seed=2)
    for _ in range(300):
        s.step()
    ax = draw(s.state, seat=0)
    texts = [t.get_text() for t in ax.texts]
    assert any("weight ?/" in t for t in texts)      # other seats' weights hidden in a seat's view


def test_painter_updates_only_moving_artists_and_knows_its_leg():
    game = racekit.load_game("leaf_marathon", players=3, map="lm_test_1leg")
    s = Session(game, seed=4)
    for _ in range(80):
        s.step()
    fig = Figure()
    ax = fig.add_subplot()
    painter = Painter(ax, s.state)
    static = len(ax.texts) - len([a for a in painter.moving if a in ax.texts])
    for _ in range(40):
        s.step()
        # the terrain (forest turned to leaf) is part of the static board: a change means a rebuild
        assert painter.fits(s.state) == (tuple(s.state.terrain) == painter.terrain)
        if not painter.fits(s.state):
            ax.clear()
            painter = Painter(ax, s.state)
            static = len(ax.texts) - len([a for a in painter.moving if a in ax.texts])
        painter.update(s.state)
        assert len(ax.texts) - len([a for a in painter.moving if a in ax.texts]) == static
    other = racekit.load_game("leaf_marathon", players=3).new_initial_state()
    assert not painter.fits(other)
