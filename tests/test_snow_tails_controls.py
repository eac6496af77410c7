"""Snow Tails explorer controls (racekit/games/snow_tails/controls.py): cards to L/R/B, drift steps."""
from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("racekit.games.snow_tails.actions")

import racekit  # noqa: E402
from racekit.core.errors import IllegalActionError  # noqa: E402
from racekit.core.game import register  # noqa: E402
from racekit.core.session import Session  # noqa: E402
from racekit.explorer import explore  # noqa: E402
from racekit.games.snow_tails import actions as A  # noqa: E402
from racekit.games.snow_tails import controls as C  # noqa: E402
from racekit.games.snow_tails.game import GAME_TYPE, SnowTails  # noqa: E402

TARGET = "racekit.games.snow_tails.controls:make"


class SnowTailsWithControls(SnowTails):
    game_type = dataclasses.replace(GAME_TYPE, id="snow_tails_controls", controls=TARGET)


def controls_game_id() -> str:
    """The real game when its GameType declares these controls, else a registered variant."""
    if GAME_TYPE.controls == TARGET:
        return "snow_tails"
    register("snow_tails_controls", f"{__name__}:SnowTailsWithControls")
    return "snow_tails_controls"


def states(seed=1, players=2, plies=400):
    """Decision states of a seeded random game."""
    session = Session(racekit.load_game("snow_tails", players=players), seed=seed)
    for _ in range(plies):
        state = session.state
        if state.is_terminal():
            return
        if state.current_player() >= 0:
            yield state
        session.step()


def first(phase, pred=lambda s: True, seed=1):
    for state in states(seed):
        if state.phase == phase and pred(state):
            return state.clone()
    pytest.skip(f"no {phase} decision found")


def test_the_preselected_choice_is_legal_in_every_phase():
    kinds = {}
    for state in states():
        controls = C.make(state)
        assert controls.selected_action() in state.legal_actions(), state.phase
        kinds[state.phase] = type(controls).__name__
    assert kinds["play"] == "PlayControls" and kinds["move"] == "MoveControls"
    assert kinds.get("choose_slot") == "ListControls"


def test_play_cards_to_left_right_and_brake():
    state = first("play", lambda s: any(c >= 2 for c in s.hand[s.current_player()]))
    controls = C.make(state)
    value = next(v for v in range(1, 6) if state.hand[state.current_player()][v] >= 2)
    idx = [i for i, v in enumerate(controls.cards) if v == value]
    for t in controls.toggles:
        t.value = "-"
    assert state.action_to_string(controls.selected_action()) == "play nothing"
    controls.toggles[idx[0]].value = "L"
    controls.toggles[idx[1]].value = "R"
    assert controls.assignment() == {"L": [value], "R": [value], "B": []}
    action = controls.selected_action()
    assert action == A.play_id(value, value, 0) and action in state.legal_actions()
    assert f"play {value} to L+R" in controls.preview.value

    controls.toggles[idx[1]].value = "L"          # two equal cards on one spot: named, refused
    stack = controls.selected_action()
    assert state.action_to_string(stack) == f"play {value} {value} to L"
    assert "refused" in controls.preview.value and "ST-PLAY-2" in controls.preview.value
    with pytest.raises(IllegalActionError) as info:
        state.clone().apply_action(stack)
    assert info.value.clause == "ST-PLAY-2"


def test_play_mixed_values_are_refused_by_the_rules():
    state = first("play", lambda s: sum(1 for v in s.hand[s.current_player()] if v) >= 2)
    controls = C.make(state)
    for t in controls.toggles:
        t.value = "-"
    a, b = sorted(set(controls.cards))[:2]
    controls.toggles[controls.cards.index(a)].value = "L"
    controls.toggles[controls.cards.index(b)].value = "B"
    with pytest.raises(IllegalActionError) as info:
        state.clone().apply_action(controls.selected_action())
    assert info.value.clause == "ST-PLAY-1"
    controls.toggles[controls.cards.index(b)].value = "L"   # different values on one spot
    with pytest.raises(IllegalActionError) as info:
        controls.selected_action()
    assert info.value.clause == "ST-PLAY-2"


def test_move_choose_when_to_drift():
    state = first("move", lambda s: s.drift and s.speed > s.drift)
    controls = C.make(state)
    assert len(controls.steps) == state.speed
    side = "DL" if state.ddir == A.DL else "DR"
    legal = set(state.legal_actions())
    # every placement of the drift steps the rules allow can be put together
    for action in legal:
        for toggle, d in zip(controls.steps, A.STEPS[action]):
            toggle.value = A.STEP_NAMES[d]
        assert controls.selected_action() == action
    # drifting the other way is refused with its clause
    controls.steps[0].value = "DR" if side == "DL" else "DL"
    assert "ST-DRIFT-1" in controls.preview.value
    with pytest.raises(IllegalActionError) as info:
        state.clone().apply_action(controls.selected_action())
    assert info.value.clause == "ST-DRIFT-1"


def test_the_explorer_uses_the_controls():
    ex = explore(controls_game_id(), seed=1, players=2)
    seen = set()
    for _ in range(80):
        if {"PlayControls", "MoveControls", "ListControls", "refused"} <= seen:
            break
        state = ex.session.state
        if state.current_player() >= 0:
            assert ex.action_area.children[0] is ex.controls.widget
            seen.add(type(ex.controls).__name__)
            if isinstance(ex.controls, C.PlayControls) and "refused" not in seen:
                for t in ex.controls.toggles:
                    t.value = "-"
                ex.step_button.click()                       # "play nothing": refused, shown
                assert isinstance(ex.error, IllegalActionError)
                assert ex.error.clause == "ST-PLAY-1" and "ST-PLAY-1" in ex.error_box.value
                assert ex.session.state.ply == state.ply
                # the user's choice stays on screen to be corrected
                assert [t.value for t in ex.controls.toggles] == ["-"] * len(ex.controls.toggles)
                ex.controls.toggles[0].value = "L"           # one card to the left dog: legal
                seen.add("refused")
        ex.step_button.click()
        assert ex.error is None, ex.error
    assert {"PlayControls", "MoveControls", "ListControls", "refused"} <= seen


def test_css_hooks_for_the_browser_test():
    """tests/test_browser.py finds the parts by these classes (ipywidgets ``_dom_classes``)."""
    for phase, kind, toggle_class in (("play", "racekit-play", "racekit-card"),
                                      ("move", "racekit-move", "racekit-step")):
        controls = C.make(first(phase))
        assert {"racekit-controls", kind} <= set(controls.widget._dom_classes)
        head, row, preview = controls.widget.children
        assert "racekit-controls-header" in head._dom_classes
        assert "racekit-preview" in preview._dom_classes and preview is controls.preview
        toggles = controls.toggles if phase == "play" else controls.steps
        assert [c.children[1] for c in row.children] == toggles
        assert all("racekit-input" in c._dom_classes for c in row.children)
        assert all(toggle_class in t._dom_classes for t in toggles)
