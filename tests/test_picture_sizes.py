"""Pictures a class can read from a projector (issue 19): pieces at least 28 px across, text on a
piece at least 16 px, every other label at least 14 px, at the size each picture is shown.

:func:`racekit.plotting.measure` reads the sizes from the figure's own geometry (font sizes and
the pieces' boxes, scaled to the displayed width). Checked for all four games: the explorer's board
at its default size (1180 px wide, what a 1280 x 720 screen gives it), the notebooks' pictures and
before/after pairs of scenarios, and `racekit figures`. The browser test measures the explorer's
picture again at the width Chromium really shows it.
"""
from __future__ import annotations

import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle
from matplotlib.text import Text

import racekit
from racekit import figures
from racekit import notebook as nb
from racekit.core.scenarios import run_all
from racekit.explorer.board import DPI, Board, board_figsize, resolve_painter, resolve_plot
from racekit.games import SHIPPED
from racekit.plotting import (MIN_LABEL_PX, MIN_PIECE_LABEL_PX, MIN_PIECE_PX, PIECE, PIECE_LABEL,
                              mark, measure)


# ----- the measuring function itself -------------------------------------------------------------
def _figure(width_in=4.0, dpi=100):
    fig = Figure(figsize=(width_in, 3), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 4)
    ax.set_ylim(0, 3)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return fig, ax


def test_measure_reads_fonts_and_pieces_in_pixels_at_the_displayed_width():
    fig, ax = _figure()            # 400 x 300 px, 100 px per unit
    mark(ax.add_patch(Circle((1, 1), 0.2)), PIECE)                    # 40 px across
    mark(ax.add_artist(Text(1, 1, "R1", fontsize=14.4)), PIECE_LABEL)  # 20 px
    ax.add_artist(Text(2, 2, "card 1", fontsize=10.8))                 # 15 px
    m = measure(fig)
    assert m.width == 400
    assert m.piece == pytest.approx(40, abs=0.5)
    assert m.piece_label == pytest.approx(20)
    assert m.label == pytest.approx(15)
    assert m.font == pytest.approx(15)
    assert m.problems() == []
    half = measure(fig, width=200)   # shown at half its size: everything half as large
    assert (half.piece, half.piece_label, half.label) == pytest.approx((20, 10, 7.5), abs=0.3)
    problems = half.problems()
    assert len(problems) == 3 and "piece 20.0 px < 28 px" in problems[0]
    assert "'R1'" in problems[1] and "'card 1'" in problems[2]


def test_measure_joins_the_parts_of_one_piece_and_ignores_hidden_axes_and_unmarked_shapes():
    fig, ax = _figure()
    from matplotlib.patches import Wedge
    for i in range(3):   # a stack of three seats drawn as wedges of one disc, 60 px across
        mark(ax.add_patch(Wedge((2, 1.5), 0.3, 120 * i, 120 * (i + 1))), PIECE, key="stack")
    ax.add_patch(Rectangle((0, 0), 0.05, 0.05))    # a board mark, not a piece
    ax.add_artist(Text(1, 1, "", fontsize=1))       # empty text draws nothing
    hidden = ax.add_artist(Text(1, 1, "tiny", fontsize=1))
    hidden.set_visible(False)
    m = measure(fig)
    assert m.piece == pytest.approx(60, abs=1)
    assert m.label == float("inf")   # the hidden axes' tick labels do not count
    assert m.problems() == []


def test_the_minimums_are_the_issues():
    assert (MIN_PIECE_PX, MIN_PIECE_LABEL_PX, MIN_LABEL_PX) == (28, 16, 14)


# ----- the four games ----------------------------------------------------------------------------
_MIDGAME: dict = {}


def midgame(game_id):
    if game_id not in _MIDGAME:
        _MIDGAME[game_id] = figures.midgame(racekit.load_game(game_id))
    return _MIDGAME[game_id]


def _scenarios(game_id, every=3):
    results = [r for r in run_all(game_id) if r.after is not None]
    return results[::every]


def _explorer_figure(game_id, state):
    game = state.game
    board = Board(resolve_plot(game), figsize=board_figsize(game), dpi=DPI, painter=resolve_painter(game))
    board.render(state)
    return board.figure


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_explorer_board_at_its_default_size_is_readable_from_a_projector(game_id):
    """1180 px wide (the width a 1280-px screen gives it), 660 high (seen whole on a 720-px one)."""
    fig = _explorer_figure(game_id, midgame(game_id))
    assert tuple(round(v * DPI) for v in fig.get_size_inches()) == (1180, 660)
    m = measure(fig)
    assert m.problems() == []
    assert m.piece < float("inf") and m.label < float("inf"), "no pieces or no labels were measured"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_scenario_position_in_the_explorer_is_readable(game_id):
    for result in _scenarios(game_id, every=2):
        m = measure(_explorer_figure(game_id, result.after))
        assert m.problems() == [], result.id


@pytest.mark.parametrize("game_id", SHIPPED)
def test_notebook_pictures_and_before_after_pairs_are_readable(game_id):
    m = measure(nb.picture_figure(midgame(game_id), "halfway"))
    assert m.problems() == []
    for result in _scenarios(game_id):
        m = measure(nb.before_after_figure(result))
        assert m.problems() == [], result.id


@pytest.mark.parametrize("game_id", SHIPPED)
def test_racekit_figures_are_readable_at_their_own_width(game_id):
    draw = figures.plotter(game_id)
    for result in _scenarios(game_id, every=4):
        fig = figures.figure(draw, result.after, f"{result.id}: {result.scenario.title}",
                             ratio=figures.aspect(game_id))
        m = measure(fig)
        assert m.width == figures.WIDTH
        assert m.problems() == [], result.id


def test_a_board_drawn_or_shown_too_small_fails_the_measure():
    """The check can fail: Wingsuit's board at the old default size (640 px), and today's board
    shown in a 640-px wide column, are under the minimums."""
    state = midgame("wingsuit")
    game = state.game
    board = Board(resolve_plot(game), figsize=(8, 6), dpi=80, painter=resolve_painter(game))
    board.render(state)
    assert [p.split()[0] for p in measure(board.figure).problems()] == ["piece"]
    shown = measure(_explorer_figure("wingsuit", state), width=640).problems()
    assert [p.split()[0] for p in shown] == ["piece", "piece", "label"], shown


# ----- the explorer's controls -----------------------------------------------------------------
def test_the_explorer_shows_the_board_at_the_games_size_and_can_enlarge_it():
    from racekit.explorer.widget import Explorer
    ex = Explorer("snow_tails", seed=3)
    try:
        w, h = ex.figure.get_size_inches() * ex.figure.dpi
        assert (round(w), round(h)) == (1180, 660)
        assert ex.image.layout.max_width == "100%"
        assert "racekit-full" not in ex.image._dom_classes
        ex.enlarge.value = True
        assert "racekit-full" in ex.image._dom_classes and "racekit-full" in ex.enlarge._dom_classes
        assert ex.enlarge.description == "Back to the page"
        ex.enlarge.value = False
        assert "racekit-full" not in ex.image._dom_classes
        assert ex.try_button.layout.min_width == "4em"
        from racekit.explorer.widget import ENLARGE_CSS
        for lang in ("zh", "en"):   # relabelling in either language keeps the rule that enlarges
            ex.set_lang(lang)
            assert ENLARGE_CSS in ex._help_line.value, lang
    finally:
        ex.close()


def test_wingsuit_plan_controls_show_every_face():
    from racekit.games.wingsuit.controls import PlanControls
    from racekit.core.session import Session
    s = Session(racekit.load_game("wingsuit"), seed=4)
    while s.state.phase != "plan":
        st = s.state
        s.step(None if st.is_chance_node() else st.legal_actions()[0])
    c = PlanControls(s.state)
    for faces in c.faces:
        assert list(faces._options_labels) == ["1", "2", "3", "4", "5", "6"]
        assert "racekit-face" in faces._dom_classes
    c.faces[0].value = 2
    assert c.selected_action() in s.state.legal_actions()


def test_text_keeps_its_pixel_size_and_grows_only_in_a_wider_picture():
    from racekit.plotting import REFERENCE_PX, px_font
    for dpi in (60, 100, 150):
        small = Figure(figsize=(800 / dpi, 4), dpi=dpi)
        assert px_font(small, 14.5) * dpi / 72 == pytest.approx(14.5)
    wide = Figure(figsize=(20, 8), dpi=150)   # 3000 px
    assert px_font(wide, 14.5) * 150 / 72 == pytest.approx(14.5 * 3000 / REFERENCE_PX)
    board = wide.add_axes((0, 0, 0.8, 1))     # a board 2400 px wide
    assert px_font(board, 14.5) * 150 / 72 == pytest.approx(14.5 * 2400 / REFERENCE_PX)
    pair = Figure(figsize=(23.6, 6.6), dpi=100).subplots(1, 2)   # two boards of about 1180 px
    assert px_font(pair[0], 14.5) * 100 / 72 == pytest.approx(14.5)
