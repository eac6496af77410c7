"""The generic explorer widget, driven from Python (no browser, no kernel).

Runs against the fake dice race in tests/fake_game.py, and against every real
game that is registered and loads (smoke test).
"""
from __future__ import annotations

import dataclasses

import ipywidgets as widgets
import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (only to count pyplot figures)

import fake_game  # noqa: E402  (tests/ is on sys.path: conftest.py)

import racekit  # noqa: E402
from racekit.games import SHIPPED  # noqa: E402
from racekit.core.errors import IllegalActionError, OptionError, UnknownGameError  # noqa: E402
from racekit.core.replay import replay  # noqa: E402
from racekit.explorer import Explorer, explore  # noqa: E402
from racekit.core.game import Option  # noqa: E402
from racekit.explorer.widget import _from_text  # noqa: E402

fake_game.register()
fake_game.register_with_controls()


def make(**kw) -> Explorer:
    """A fake-race explorer where each Step is one ply ("show every draw" ticked), so tests can
    count plies; the default (Step resolves draws up to the next decision) has its own tests."""
    kw.setdefault("seed", 3)
    kw.setdefault("every_draw", True)
    return explore("fake_race", **kw)


def clicks(button, n):
    for _ in range(n):
        button.click()


# ----- shape -------------------------------------------------------------------
def test_is_an_ipywidgets_container_with_named_parts():
    ex = racekit.explore("fake_race", seed=5)
    assert isinstance(ex, widgets.VBox)
    assert [b.description for b in (ex.step_button, ex.back_button, ex.forward_button,
                                    ex.reset_button)] == ["Step", "Back", "Forward", "Reset"]
    assert isinstance(ex.play, widgets.Play) and isinstance(ex.image, widgets.Image)
    assert isinstance(ex.seed_box, widgets.Text) and ex.seed_box.value == "5"   # any size of int
    assert ex.session.seed == 5 and ex.session.cursor == 0
    assert ex.image.format == "jpeg" and ex.image.value[:3] == b"\xff\xd8\xff"   # JPEG: fast
    png = racekit.explore("fake_race", seed=5, image_format="png")
    assert png.image.format == "png" and png.image.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert set(ex.option_boxes) == {"track", "exact_finish"}
    assert ex.players_box.options == (2, 3, 4)
    assert ex.error is None and ex.error_box.layout.display == "none"
    assert "No events yet" in ex.event_log.value


def test_arguments_reach_the_game_and_bad_ones_raise_at_once():
    ex = explore("fake_race", players=3, preset="long", exact_finish=False)
    assert ex.game.num_players == 3 and ex.game.preset == "long"
    assert ex.game.options == {"track": 16, "exact_finish": False}
    assert ex.option_boxes["exact_finish"].value is False and ex.option_boxes["track"].value == 16
    assert ex.players_box.options == (2, 3)
    with pytest.raises(OptionError):
        explore("fake_race", track=9)
    with pytest.raises(OptionError):
        explore("fake_race", players=7)
    with pytest.raises(UnknownGameError):
        explore("no_such_game")
    with pytest.raises(ValueError):
        explore("fake_race", agent="clever")


# ----- Step / Back / Forward / slider -------------------------------------------------
def test_step_draws_chance_then_applies_the_chosen_action():
    ex = make()
    state = ex.session.state
    assert state.is_chance_node() and ex.controls.widget.disabled
    ex.step_button.click()
    assert ex.error is None and ex.session.cursor == 1
    state = ex.session.state
    assert not state.is_chance_node()
    # the dropdown lists the legal actions by name; pick the second one
    labels = [label for label, _ in ex.controls.widget.options]
    assert labels == [state.action_to_string(a) for a in state.legal_actions()] == ["move A", "move B"]
    ex.controls.widget.value = 1
    ex.step_button.click()
    assert ex.session.line[1] == 1
    assert "Red moves token B" in ex.event_log.value and "[FR-MOVE-1]" in ex.event_log.value
    assert "ply 2 of 2" in ex.status.value


def test_back_forward_and_history_slider_time_travel():
    ex = make(agent="random")
    clicks(ex.step_button, 10)
    line = list(ex.session.line)
    assert len(line) == 10 and ex.history.max == 10 and ex.history.value == 10
    assert ex.forward_button.disabled and not ex.back_button.disabled
    after_10 = ex.session.state.snapshot()

    clicks(ex.back_button, 3)
    assert ex.session.cursor == 7 and ex.history.value == 7 and ex.session.line == line
    assert ex.session.state.snapshot() == replay(ex.game, line[:7]).snapshot()
    assert not ex.forward_button.disabled
    ex.forward_button.click()
    assert ex.session.cursor == 8

    ex.history.value = 2           # the slider jumps
    assert ex.session.cursor == 2 and ex.session.line == line
    assert ex.session.state.snapshot() == replay(ex.game, line[:2]).snapshot()
    ex.history.value = 0
    assert ex.back_button.disabled and ex.session.state.events == []
    assert "No events yet" in ex.event_log.value

    ex.history.value = 10
    assert ex.session.state.snapshot() == after_10 and ex.forward_button.disabled
    assert ex.error is None


def test_step_after_back_replays_the_recorded_line_by_default():
    ex = make()                          # manual: the chooser preselects the recorded action
    for choice in (1, 0, 1):
        ex.step_button.click()           # chance
        if not ex.session.state.is_chance_node():
            ex.controls.widget.value = choice if choice in ex.session.state.legal_actions() else \
                ex.session.state.legal_actions()[0]
            ex.step_button.click()
    line = list(ex.session.line)
    ex.history.value = 1
    assert ex.controls.selected_action() == line[1]
    clicks(ex.step_button, len(line) - 1)
    assert ex.session.line == line

    # a different decision discards the recorded future
    ex.history.value = 1
    other = [a for a in ex.session.state.legal_actions() if a != line[1]][0]
    ex.controls.widget.value = other
    ex.step_button.click()
    assert ex.session.line == line[:1] + [other]


def test_play_steps_until_the_end_and_stops():
    ex = make(agent="random")
    ex.play.playing = True
    value = 0
    while not ex.session.state.is_terminal() and value < 500:
        value += 1
        ex.play.value = value            # what the front end's timer does
    assert ex.session.state.is_terminal() and ex.session.cursor == value
    assert ex.play.playing is False and ex.step_button.disabled
    assert "Game over" in ex.status.value and "FR-END-1" in ex.event_log.value
    ex.play.value = value + 1            # a late tick after the end changes nothing
    assert ex.session.cursor == value and ex.error is None
    ex.speed.value = 10
    assert ex.play.interval == 100


def test_reset_and_setting_changes_start_a_new_game():
    ex = make(agent="first")
    clicks(ex.step_button, 6)
    ex.reset_button.click()
    assert ex.session.cursor == 0 and ex.session.line == [] and ex.history.max == 0

    clicks(ex.step_button, 4)
    ex.players_box.value = 4
    assert ex.game.num_players == 4 and ex.session.cursor == 0
    ex.option_boxes["track"].value = 12
    assert ex.game.options["track"] == 12 and ex.session.state.track == 12

    ex.preset_box.value = "long"     # preset: its seat range, its seats and its option values
    assert ex.game.preset == "long" and ex.players_box.options == (2, 3)
    assert ex.game.num_players == 3 and ex.game.options["track"] == 16
    assert ex.option_boxes["track"].value == 16
    assert ex.error is None


# ----- the seed ---------------------------------------------------------------------------
def play_out(ex, plies=16):
    clicks(ex.step_button, plies)
    return list(ex.session.line)


def test_the_seed_reproduces_the_same_line():
    a = play_out(make(seed=11, agent="random"))
    b = play_out(make(seed=11, agent="random"))
    c = play_out(make(seed=12, agent="random"))
    assert a == b and a != c

    ex = make(seed=11, agent="random")
    play_out(ex, 10)
    ex.seed_box.value = "12"          # editing the seed starts over with it
    assert ex.session.seed == 12 and ex.session.cursor == 0 and "seed 12" in ex.status.value
    assert play_out(ex) == c


# ----- errors are shown, never swallowed ----------------------------------------------------
def test_an_illegal_typed_action_is_shown_with_its_clause():
    ex = make()
    ex.step_button.click()                       # roll: now two tokens can move
    before = ex.session.state.snapshot(), list(ex.session.line)
    ex.action_text.value = "pass"
    ex.try_button.click()
    assert isinstance(ex.error, IllegalActionError) and ex.error.clause == "FR-PASS-1"
    assert ex.error_box.layout.display is None
    assert "FR-PASS-1" in ex.error_box.value and "IllegalActionError" in ex.error_box.value
    assert (ex.session.state.snapshot(), ex.session.line) == before     # nothing changed
    assert ex.action_text.value == "pass"                               # kept, to be corrected
    ex.step_button.click()                      # Step ignores the typed text: the chooser's move
    assert ex.error is None and ex.error_box.layout.display == "none"   # and the box is cleared
    assert ex.session.line[-1] == fake_game.MOVE_A and ex.errors[-1].clause == "FR-PASS-1"


def test_typed_names_force_chance_outcomes_and_decisions():
    ex = make()
    ex.try_button.click()
    assert isinstance(ex.error, ValueError) and ex.session.cursor == 0
    ex.action_text.value = "roll 3"             # a "what if": force the die
    ex.try_button.click()
    assert ex.error is None and ex.session.line == [3] and ex.action_text.value == ""
    ex.action_text.value = "move B"
    ex.try_button.click()
    assert ex.session.line == [3, fake_game.MOVE_B]
    ex.action_text.value = "fly away"
    ex.try_button.click()
    assert isinstance(ex.error, IllegalActionError) and ex.error.clause == "FR-ACTION"


def test_an_exception_in_a_button_callback_is_shown_not_swallowed():
    ex = make()

    def broken_draw(state, ax=None, **kw):
        raise ZeroDivisionError("the board painter fell over")

    ex.board.draw = broken_draw
    ex.step_button.click()                      # click() would only log an uncaught error
    assert isinstance(ex.error, ZeroDivisionError)
    assert "the board painter fell over" in ex.error_box.value
    assert "ZeroDivisionError" in ex.error_box.value and "broken_draw" in ex.error_box.value
    assert ex.error_box.layout.display is None


def test_a_plot_that_opens_its_own_figure_is_refused_and_closed():
    ex = make()
    n = len(plt.get_fignums())

    def rogue_draw(state, ax=None, **kw):
        return plt.figure().add_subplot()

    ex.board.draw = rogue_draw
    ex.step_button.click()
    assert isinstance(ex.error, RuntimeError) and "ax" in str(ex.error)
    assert len(plt.get_fignums()) == n


def test_play_stops_on_an_error():
    ex = make(agent="random")
    ex.play.playing = True
    ex.play.value = 1
    ex.board.draw = lambda state, ax=None, **kw: 1 / 0
    ex.play.value = 2
    assert isinstance(ex.error, ZeroDivisionError) and ex.play.playing is False


def test_bad_settings_are_shown_and_the_old_game_stays():
    ex = make()
    clicks(ex.step_button, 3)
    game, session = ex.game, ex.session
    ex.players_box.options = [2, 3, 4, 5]         # a front end could send anything
    ex.players_box.value = 5
    assert isinstance(ex.error, OptionError) and "seats 2 to 4" in str(ex.error)
    assert ex.game is game and ex.session is session and ex.session.cursor == 3


# ----- one figure only ------------------------------------------------------------------------
def test_one_reused_figure_and_no_pyplot_figures():
    before = len(plt.get_fignums())
    ex = make(agent="random")
    fig = ex.figure
    pictures = {ex.image.value}
    for _ in range(8):
        ex.step_button.click()
        pictures.add(ex.image.value)
    ex.back_button.click()
    ex.history.value = 2
    ex.reset_button.click()
    again = make()                                 # a re-run cell makes a new explorer
    assert ex.figure is fig and len(fig.axes) == 1
    assert len(plt.get_fignums()) == before
    assert len(pictures) > 4                      # the picture does change
    assert again.figure is not fig


# ----- agents and custom controls ---------------------------------------------------------------
def test_agent_dropdown_first_and_manual():
    ex = make()
    ex.step_button.click()
    ex.agent_box.value = "first"
    assert ex.controls.widget.disabled and ex.controls.selected_action() == 0
    ex.step_button.click()
    assert ex.session.line[-1] == 0
    ex.agent_box.value = "manual"
    ex.step_button.click()
    assert not ex.controls.widget.disabled


def test_agent_dropdown_lists_the_games_own_agents():
    assert make().agent_box.options == ("manual", "random", "first")
    with pytest.raises(ValueError, match="manual, random, first"):
        make(agent="careful")                     # snow_tails' agent, not fake_race's
    ex = explore("snow_tails", seed=2, agent="careful", every_draw=True)
    assert ex.agent_box.options == ("manual", "random", "first", "careful")
    for _ in range(40):
        ex.step_button.click()
    assert ex.error is None, ex.error
    assert "steers" in ex.event_log.value
    assert not any(e.kind in ("wall", "eliminated") for e in ex.session.state.events)
    ex.agent_box.value = "manual"
    assert ex.agent_box.options[-1] == "careful"


def test_custom_controls_hook():
    ex = explore("fake_race_controls", seed=3, every_draw=True)
    ex.step_button.click()                                # roll
    custom = ex.controls
    assert isinstance(custom, fake_game.TokenControls)
    assert ex.action_area.children[0] is custom.widget
    ex.step_button.click()                                # nothing chosen: shown, not applied
    assert isinstance(ex.error, ValueError) and "Pick a token" in ex.error_box.value
    assert ex.session.cursor == 1
    custom.widget.value = "B"
    ex.step_button.click()
    assert ex.error is None and ex.session.line[-1] == fake_game.MOVE_B
    # at a chance node the default (disabled) dropdown is back; the old widget is closed
    assert ex.controls is ex.dropdown and ex.action_area.children[0] is ex.dropdown.widget
    assert custom.widget.comm is None
    ex.step_button.click()
    custom = ex.controls
    custom.widget.value = "pass"                          # refused by the rules, with its clause
    ex.step_button.click()
    assert isinstance(ex.error, IllegalActionError) and ex.error.clause == "FR-PASS-1"


def test_a_broken_controls_factory_falls_back_to_the_dropdown():
    ex = explore("fake_race_controls", seed=3, every_draw=True)

    def broken(state):
        raise KeyError("no such card")

    ex._factory = broken
    ex.step_button.click()
    assert isinstance(ex.error, KeyError) and "action controls failed" in ex.error_box.value
    assert ex.controls is ex.dropdown and not ex.dropdown.widget.disabled
    ex.step_button.click()
    assert ex.error is None and ex.session.cursor == 2


# ----- every real game that loads --------------------------------------------------------------------
@pytest.mark.parametrize("game_id", SHIPPED)
def test_real_game_smoke(game_id):
    before = len(plt.get_fignums())
    ex = explore(game_id, seed=1, agent="random")
    assert ex.error is None, ex.error
    pictures = {ex.image.value}
    for _ in range(15):
        if ex.session.state.is_terminal():
            break
        ex.step_button.click()
        assert ex.error is None, ex.error
        pictures.add(ex.image.value)
    assert len(pictures) > 1
    assert "[" in ex.event_log.value                     # sentences end with clause IDs
    clicks(ex.back_button, 5)
    ex.history.value = 0
    ex.reset_button.click()
    assert ex.error is None, ex.error
    assert len(plt.get_fignums()) == before


class FakeRaceNoPlot(fake_game.FakeRace):
    game_type = dataclasses.replace(fake_game.FAKE_TYPE, id="fake_race_noplot",
                                    plot="no_such_module:draw")


def test_a_plot_that_cannot_load_is_shown_and_the_text_picture_stands_in():
    racekit.core.game.register("fake_race_noplot", f"{__name__}:FakeRaceNoPlot")
    ex = explore("fake_race_noplot")
    assert isinstance(ex.error, ModuleNotFoundError)
    assert "Cannot load the board picture" in ex.error_box.value
    assert ex.board.draw is None and ex.image.value[:3] == b"\xff\xd8\xff"
    ex.step_button.click()                       # it keeps working with the text picture
    assert ex.error is None and ex.session.cursor == 1
    ex.reset_button.click()                      # and says so again after Reset
    assert isinstance(ex.error, ModuleNotFoundError)


class FakeRaceOpen(fake_game.FakeRace):
    game_type = dataclasses.replace(
        fake_game.FAKE_TYPE, id="fake_race_open",
        options=fake_game.FAKE_TYPE.options + (Option("laps", 1, doc="laps, typed as text"),))


def test_open_ended_options_are_text_boxes_converted_like_their_default():
    assert _from_text("12", 8) == 12 and _from_text("0.5", 1.0) == 0.5
    assert _from_text("tracks/x.yaml", "teaching") == "tracks/x.yaml" and _from_text("", None) is None
    assert _from_text("twelve", 8) == "twelve"
    racekit.core.game.register("fake_race_open", f"{__name__}:FakeRaceOpen")
    ex = explore("fake_race_open", laps=2)
    box = ex.option_boxes["laps"]
    assert isinstance(box, widgets.Text) and box.value == "2"
    box.value = "3"
    assert ex.error is None and ex.game.options["laps"] == 3
