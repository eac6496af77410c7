"""The explorer is safe (issue 8): callbacks from many threads, no widget-model leaks,
Reset stops Play, Play never decides for a person, Step resolves chance draws.

Driven from Python (no browser, no kernel). Nothing here is timed: the speed
targets live in ``racekit bench --explorer``.
"""
from __future__ import annotations

import random
import threading
import time

import ipywidgets as widgets
import matplotlib
import pytest

matplotlib.use("Agg")

import fake_game  # noqa: E402  (tests/ is on sys.path: conftest.py)

from racekit.core.replay import replay  # noqa: E402
from racekit.core.state import CHANCE  # noqa: E402
from racekit.explorer import explore  # noqa: E402
from racekit.explorer.controls import widget_tree  # noqa: E402

fake_game.register()


def open_models() -> int:
    """Widget models open in this kernel's registry (what ``ipywidgets.Widget.widgets`` counts)."""
    registry = getattr(widgets.widget, "_instances", None)
    if registry is None:  # older ipywidgets
        registry = widgets.Widget.widgets
    return len(registry)


# ----- threads ----------------------------------------------------------------------------------
def test_callbacks_from_several_threads_never_interleave():
    """Four threads click Step, Back, Forward, Reset and drag the slider at once: every
    action runs alone (no two redraws overlap), none fails, and the state stays the replay
    of its line."""
    ex = explore("aeroplane_chess", seed=2, agent="random")
    inside, overlaps = [], []
    render = ex.board.render

    def watched_render(state, **kw):
        inside.append(threading.get_ident())
        if len(inside) > 1:
            overlaps.append(list(inside))
        time.sleep(0.002)  # widen the window a second thread would need
        try:
            return render(state, **kw)
        finally:
            inside.pop()

    ex.board.render = watched_render
    crashed = []

    def worker(k: int) -> None:
        rng = random.Random(k)
        actions = [ex.step_button.click, ex.step_button.click, ex.back_button.click,
                   ex.forward_button.click,
                   lambda: setattr(ex.history, "value", rng.randint(0, ex.history.max))]
        if k == 0:
            actions.append(ex.reset_button.click)
        try:
            for _ in range(12):
                rng.choice(actions)()
        except Exception as exc:  # a callback must never raise out of a click
            crashed.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a thread is stuck (deadlock?)"
    assert not crashed and not overlaps
    assert ex.errors == [], ex.errors
    s = ex.session
    assert s.state.snapshot() == replay(ex.game, s.line[:s.cursor]).snapshot()
    assert ex.history.value == s.cursor and ex.history.max == len(s.line)
    ex.close()


def test_reset_stops_play_before_it_resets():
    ex = explore("fake_race", seed=3, agent="random")
    ex.play.playing = True
    ex.play.value = 1                       # the front end's timer ticks
    ex.play.value = 2
    assert ex.session.cursor > 0
    ex.reset_button.click()
    assert ex.play.playing is False and ex.session.cursor == 0
    ex.play.value = 3                       # a tick that was already on its way
    assert ex.session.cursor == 0 and ex.session.line == []
    ex.close()


def test_play_pauses_at_the_decision_of_the_seat_a_person_plays():
    ex = explore("fake_race", seed=3, agent="random", human=1)
    ex.play.playing = True
    value = 0
    while ex.play.playing and value < 200:
        value += 1
        ex.play.value = value
    state = ex.session.state
    assert ex.play.playing is False and not state.is_terminal()
    assert state.current_player() == 1                  # Blue's decision, left to the person
    assert 1 not in ex.session.actors                   # Play never decided for Blue
    assert 0 in ex.session.actors                       # the agent played Red
    assert "your decision" in ex.status.value and not ex.controls.widget.disabled
    ex.step_button.click()                              # the person decides ...
    assert ex.session.actors.count(1) == 1 and ex.error is None
    ex.play.playing = True                              # ... and Play goes on to the next one
    while ex.play.playing and value < 400:
        value += 1
        ex.play.value = value
    assert ex.session.state.is_terminal() or ex.session.state.current_player() == 1
    assert ex.session.actors.count(1) == 1
    ex.close()


def test_play_with_every_seat_manual_only_makes_the_draws():
    ex = explore("fake_race", seed=3)                   # agent "manual": every seat is a person
    ex.play.playing = True
    for value in range(1, 10):
        ex.play.value = value
    assert ex.play.playing is False
    assert set(ex.session.actors) == {CHANCE} and not ex.session.state.is_chance_node()
    ex.close()


def test_human_seat_is_checked():
    with pytest.raises(ValueError, match="seat"):
        explore("fake_race", agent="random", human=5)


# ----- chance draws ------------------------------------------------------------------------------
def test_step_resolves_chance_draws_up_to_the_next_decision():
    """Snow Tails: one click per real choice (the first player and the deal are drawn on the way)."""
    ex = explore("snow_tails", seed=3)
    ex.step_button.click()
    state = ex.session.state
    assert not state.is_chance_node() and state.phase == "choose_slot"
    assert ex.session.actors and set(ex.session.actors) == {CHANCE}
    clicks = 1
    while state.phase != "play" and clicks < 20:
        ex.step_button.click()
        clicks += 1
        state = ex.session.state
        assert ex.error is None, ex.error
        assert not state.is_chance_node()
    decisions = sum(a != CHANCE for a in ex.session.actors)
    assert state.phase == "play" and clicks == decisions + 1   # no click spent on a draw
    assert ex.session.actors.count(CHANCE) > 10                # the deal was drawn on the way
    ex.close()


def test_show_every_draw_makes_each_draw_a_step():
    ex = explore("snow_tails", seed=3, every_draw=True)
    ex.step_button.click()
    assert ex.session.cursor == 1
    ex.every_draw.value = False
    ex.step_button.click()
    assert not ex.session.state.is_chance_node()
    ex.close()


@pytest.mark.parametrize("game_id", ["aeroplane_chess", "snow_tails"])
def test_back_after_step_shows_the_earlier_picture_again(game_id):
    ex = explore(game_id, seed=5, agent="random")
    for _ in range(3):
        ex.step_button.click()
    before = (ex.session.cursor, ex.image.value, ex.event_log.value)
    ex.step_button.click()
    assert ex.image.value != before[1]
    ex.back_button.click()
    assert (ex.session.cursor, ex.image.value, ex.event_log.value) == before
    ex.forward_button.click()
    ex.back_button.click()
    assert (ex.session.cursor, ex.image.value) == before[:2]
    ex.close()


# ----- leaks ---------------------------------------------------------------------------------------
def test_no_widget_models_leak_after_200_steps_and_close():
    """Hand-made Snow Tails decisions (card toggles, drift toggles) every Step: replaced
    controls are closed with their layout and style models; close() frees the rest."""
    before = open_models()
    ex = explore("snow_tails", seed=4)                  # manual: the game's own controls
    built = open_models()
    assert built > before
    games = 0
    for _ in range(200):
        if ex.session.state.is_terminal():
            ex.seed_box.value = str(ex.session.seed + 1)   # a new race (Reset)
            games += 1
        ex.step_button.click()
        assert ex.error is None, ex.error
    # only the controls of the decision now shown differ from the start (a hand of cards)
    shown = len(widget_tree(ex.controls.widget)) if ex.controls is not ex.dropdown else 0
    leaked = open_models() - shown - built
    assert leaked <= 0, f"{leaked} widget models leaked in 200 steps"
    assert games >= 1 and shown > 0
    ex.close()
    assert open_models() == before
    assert ex.comm is None and ex.image.comm is None and ex.image.layout.comm is None


def test_close_closes_every_child_model_including_layouts_and_styles():
    before = open_models()
    ex = explore("aeroplane_chess", seed=1, agent="random")
    assert open_models() - before > 100           # the explorer is a big tree
    style = ex.players_box.style
    ex.close()
    assert open_models() == before
    assert style.comm is None and ex.options_panel.comm is None
    ex.close()                                     # twice is harmless
    ex.step_button.click()                         # a late click on a closed explorer does nothing
    assert ex.session.cursor == 0


def test_a_person_playing_one_seat_does_not_see_the_agents_options():
    """Snow Tails with Red played by a person: at the agents' card plays the chooser shows no
    legal plays (they would reveal the agent's hand); at Red's own, Red's hand is offered."""
    ex = explore("snow_tails", seed=6, agent="random", human=0)
    seen_agent = seen_own = False
    for _ in range(60):
        state = ex.session.state
        if state.is_terminal():
            break
        if state.phase == "play":
            if state.current_player() == 0:
                seen_own = True
                assert ex.controls is not ex.dropdown          # Red's own card toggles
            else:
                seen_agent = True
                labels = [label for label, _ in ex.dropdown.widget.options]
                assert labels == [f"{ex.game.seat_names[state.current_player()]} decides "
                                  "(random agent)"]
                assert ex.dropdown.widget.disabled
        ex.step_button.click()              # Red: the preselected choice; others: the agent
        assert ex.error is None, ex.error
    assert seen_agent and seen_own
    ex.close()
