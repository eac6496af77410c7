"""The fast explorer (issue 8): the Painter contract, blitting, checkpoints for time travel.

Correctness only: the speed targets are benchmarks (``racekit bench --explorer``).
"""
from __future__ import annotations

import importlib

import matplotlib
import pytest

matplotlib.use("Agg")

import fake_game  # noqa: E402  (tests/ is on sys.path: conftest.py)
from typer.testing import CliRunner  # noqa: E402

from racekit import load_game  # noqa: E402
from racekit.cli import app  # noqa: E402
from racekit.core.replay import replay  # noqa: E402
from racekit.core.session import CHECKPOINT_EVERY, Session  # noqa: E402
from racekit.core.state import CHANCE  # noqa: E402
from racekit.explorer import explore  # noqa: E402
from racekit.explorer.board import Board, resolve_painter, resolve_plot  # noqa: E402
from racekit.games import SHIPPED  # noqa: E402

fake_game.register()


def _states(game_id, seed=3, picks=(0, 1, 5, 17, 40, 90)):
    s = Session(load_game(game_id), seed=seed)
    s.run()
    length = len(s.line)
    out = []
    for ply in sorted({min(p, length) for p in picks} | {length}):
        s.goto(ply)
        out.append(s.state.clone())
    return out


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_game_has_a_painter(game_id):
    game = load_game(game_id)
    painter = resolve_painter(game)
    assert painter is not None and callable(painter.fits) and callable(painter.update)
    module = importlib.import_module(game.game_type.plot.partition(":")[0])
    assert module.Painter is painter


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_painted_picture_equals_a_full_redraw(game_id):
    """Static board once + moving artists blitted == the whole picture drawn from scratch,
    pixel for pixel, along a game (and back again, out of order)."""
    game = load_game(game_id)
    fast = Board(resolve_plot(game), painter=resolve_painter(game), image_format="png")
    full = Board(resolve_plot(game), image_format="png")
    states = _states(game_id)
    for state in states + states[::-2]:
        assert fast.render(state) == full.render(state), f"ply {state.ply}"
    assert fast.rebuilds <= 6            # the static board is drawn once (again only if it must)
    assert not fast.figure.get_layout_engine()


def test_a_painter_that_no_longer_fits_is_rebuilt():
    game = load_game("snow_tails")
    board = Board(resolve_plot(game), painter=resolve_painter(game))
    states = _states("snow_tails")
    board.render(states[1])
    n = board.rebuilds
    other = load_game("snow_tails", track="medium").new_initial_state()
    board.render(other)                  # another track: the static board must change
    assert board.rebuilds == n + 1 and board.painter.track is other.track


def test_aeroplane_chess_painter_draws_the_board_once_over_many_steps():
    ex = explore("aeroplane_chess", seed=4, agent="random")
    for _ in range(30):
        ex.step_button.click()
    assert ex.error is None and ex.board.rebuilds == 1
    static = ex.board.painter.ax
    assert len(static.get_children()) > 150          # the board's patches stay in place
    ex.close()


# ----- time travel -------------------------------------------------------------------------
def test_jumps_replay_from_checkpoints_and_equal_a_replay_from_the_start(monkeypatch):
    game = load_game("aeroplane_chess")
    s = Session(game, seed=1)
    s.run()
    length = len(s.line)
    assert length > 1000
    assert sorted(s._checkpoints) == list(range(0, length + 1, CHECKPOINT_EVERY))
    applied = []
    state_class = type(s.state)
    original = state_class.apply_action

    def counting(self, action):
        applied.append(action)
        return original(self, action)

    monkeypatch.setattr(state_class, "apply_action", counting)
    for ply in (1000, 3, 999, 500, 0, length, 777, 778):
        applied.clear()
        s.goto(ply)
        assert len(applied) < CHECKPOINT_EVERY, (ply, len(applied))   # bounded, however long
        assert s.state.ply == ply
    monkeypatch.undo()
    for ply in (1000, 3, 777):
        s.goto(ply)
        assert s.state.snapshot() == replay(game, s.line[:ply]).snapshot()
        assert [e.to_dict() for e in s.state.events] == \
            [e.to_dict() for e in replay(game, s.line[:ply]).events]


def test_a_new_branch_drops_the_checkpoints_of_the_old_future():
    game = load_game("fake_race")
    s = Session(game, seed=3)
    s.run()
    old = list(s.line)
    s.goto(1)
    other = [a for a in s.state.legal_actions() if a != old[1]]
    assert other
    s.step(other[0])
    assert all(k <= 1 for k in s._checkpoints) and s.line == old[:1] + other[:1]
    assert s.actors[0] == CHANCE and s.actors[1] >= 0 and len(s.actors) == len(s.line)
    s.run()
    for ply in range(0, len(s.line) + 1, 7):
        s.goto(ply)
        assert s.state.snapshot() == replay(game, s.line[:ply]).snapshot()


def test_explorer_goto_is_a_public_hook_that_redraws():
    ex = explore("snow_tails", seed=2, agent="random")
    ex.session.run()
    ex.goto(len(ex.session.line))
    end = ex.image.value
    ex.goto(10)
    assert ex.session.cursor == 10 and ex.history.value == 10 and ex.image.value != end
    ex.goto(len(ex.session.line))
    assert ex.image.value == end
    ex.close()


# ----- the benchmark command -----------------------------------------------------------------
def test_bench_explorer_prints_step_and_jump_times():
    out = CliRunner().invoke(app, ["bench", "--explorer", "fake_race", "--steps", "6"])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert "Step p50" in lines[-2] and "jump p50" in lines[-2]
    assert lines[-1].startswith("fake_race") and lines[-1].count("ms") == 5
    bad = CliRunner().invoke(app, ["bench", "--explorer", "no_such_game"])
    assert bad.exit_code == 2 and "no_such_game" in bad.output
    plain = CliRunner().invoke(app, ["bench"])
    assert plain.exit_code == 2 and "game id" in plain.output


def test_the_text_cache_stamps_the_same_pixels_as_its_first_rendering():
    """A label drawn again (a hit) gives the picture its first drawing gave (a miss)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from racekit.explorer.board import _TextCache

    def picture(repeat: int) -> bytes:
        fig = Figure(figsize=(3, 2), dpi=80)
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        _TextCache.install(fig.canvas)
        ax.text(0.3, 0.5, "R1 home", color="red", fontsize=12)
        ax.text(0.6, 0.2, "Blue", rotation=30)
        for _ in range(repeat):
            fig.canvas.draw()
        cache = fig.canvas.get_renderer()._racekit_text_cache
        assert cache.ok and len(cache.cache) == 2
        return bytes(fig.canvas.buffer_rgba())

    assert picture(1) == picture(3)

    def uncached() -> bytes:
        fig = Figure(figsize=(3, 2), dpi=80)
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ax.text(0.3, 0.5, "R1 home", color="red", fontsize=12)
        ax.text(0.6, 0.2, "Blue", rotation=30)
        fig.canvas.draw()
        return bytes(fig.canvas.buffer_rgba())

    assert picture(3) == uncached()          # the very pixels plain Agg draws
