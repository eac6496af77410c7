"""The first look at a position is the position (issue 16).

A set-up may begin mid-round, in any phase its game lets it name. Whatever looks at the new
state first (``snapshot()``, a seat's view, ``observation``, the text picture, the game's plot,
a scenario check, the explorer's first frame) must see the position every later look sees:
the rules' automatic steps have run before the state is handed out
(:meth:`racekit.core.state.State._settle`, called by every game's ``new_initial_state``).

On the code before this fix, Leaf Marathon ran its automatic steps on first use of some
accessors only: a set-up starting at the movement step showed the ponies where they stood
*before* moving in its first ``snapshot()``, its plot's first picture had no prompt, and a
scenario with no steps checked the stale position (every shipped Leaf Marathon scenario began
with a placeholder ``- expect: {terminal: false}`` step to get past it).
"""
from __future__ import annotations

import json
import textwrap

import pytest

import racekit
from racekit.core.errors import IllegalActionError
from racekit.core.game import _resolve
from racekit.core.scenarios import run_scenario


def _leaf(n):
    return ["start"] + ["leaf"] * (n - 1) + ["finish"]


_WS_SEATS = [{"at": "1,5"}, {"at": "3,5"}, {"at": "5,5"}]
_LM_SEATS = [{"hand": ["action", "weapon"], "pos": 3}, {"pos": 5, "hand": ["action", "recovery"]}]

# (game, players, preset, set-up): every phase (or start) a set-up may name, in each game
CASES = {
    "aeroplane_chess-roll": ("aeroplane_chess", 2, None, {"planes": {"R1": 10, "Y1": 20}, "phase": "roll"}),
    "aeroplane_chess-move": ("aeroplane_chess", 2, None,
                             {"planes": {"R1": 10, "Y1": 20}, "phase": "move", "die": 3}),
    "aeroplane_chess-bonus": ("aeroplane_chess", 4, "tournament",
                              {"planes": {"R1": 10, "B1": 20}, "phase": "bonus", "die": 6}),
    "snow_tails-turn": ("snow_tails", 2, None,
                        {"track": "straight4", "seats": [{"position": [0, 2], "hand": [1, 2, 3, 4, 5]},
                                                         {"position": [3, 1], "hand": [1, 2, 3, 4, 5]}]}),
    "snow_tails-turn-round3": ("snow_tails", 3, None,
                               {"round": 3, "turn": 1, "seats": [
                                   {"position": [4, 2], "hand": [1, 2, 3, 4, 5]},
                                   {"position": [6, 1], "hand": [2, 2, 3]},
                                   {"position": [2, 3], "hand": [5, 5, 1, 1]}]}),
    "snow_tails-deal": ("snow_tails", 2, None, {"stage": "deal", "seats": [{"slot": 1}, {"slot": 2}]}),
    "wingsuit-plan": ("wingsuit", 3, None, {"phase": "plan", "seats": _WS_SEATS}),
    "wingsuit-interference": ("wingsuit", 3, None, {"phase": "interference", "seats": _WS_SEATS}),
    "wingsuit-action-order-rolled": ("wingsuit", 3, None, {"phase": "action", "seats": _WS_SEATS}),
    "wingsuit-action": ("wingsuit", 3, None, {
        "phase": "action", "order": [0, 1, 2], "cells": {"C1": ["N"], "C2": ["N"], "C3": ["N"]},
        "seats": [{"at": "1,5", "dice": ["C1"]}, {"at": "3,5", "dice": ["C2"]}, {"at": "5,5", "dice": ["C3"]}]}),
    "wingsuit-cleanup": ("wingsuit", 3, None, {"phase": "cleanup", "track": ["Y2", "R2", "B2", "R3", "Y3"],
                                               "order": [2, 0, 1],
                                               "seats": [{"at": "1,13"}, {"at": "5,13"}, {"at": "3,21"}]}),
}
for _start in ("turn", "window", "movement", "round", "round_end"):
    CASES[f"leaf_marathon-{_start}"] = ("leaf_marathon", 2, None,
                                        {"terrain": _leaf(20), "start": _start, "seats": _LM_SEATS})


def _fresh(case):
    game_id, players, preset, setup = CASES[case]
    game = racekit.load_game(game_id, players=players, preset=preset)
    return game.new_initial_state(setup=setup)


def _picture(state) -> bytes:
    """The game's plot of ``state``, as RGBA pixels."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    ax = _resolve(state.game.game_type.plot)(state)
    canvas = FigureCanvasAgg(ax.figure)
    canvas.draw()
    return bytes(canvas.buffer_rgba())


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _seats(state):
    return range(state.game.num_players)


SURFACES = {
    "snapshot": lambda st: _dump(st.snapshot()),
    "seat views": lambda st: _dump([st.snapshot(s) for s in _seats(st)]),
    "observations": lambda st: _dump([st.observation(None)] + [st.observation(s) for s in _seats(st)]),
    "text": lambda st: st.to_text(),
    "turn": lambda st: _dump([st.current_player(), st.phase, st.is_terminal(), st.ranking(),
                              [st.action_to_string(a) for a in st.legal_actions()],
                              st.chance_outcomes(), len(st.events)]),
    "picture": _picture,
}


def _no_op(state) -> None:
    """Something that must not change the position: a refused action and the usual questions."""
    with pytest.raises(IllegalActionError):
        state.apply_action(10 ** 6)
    state.current_player()
    state.legal_actions()
    state.chance_outcomes()


@pytest.mark.parametrize("surface", list(SURFACES))
@pytest.mark.parametrize("case", list(CASES))
def test_the_first_look_at_a_set_up_is_the_position(case, surface):
    look = SURFACES[surface]
    state = _fresh(case)
    first = look(state)          # nothing has looked at the state before
    second = look(state)
    _no_op(state)
    later = look(state)
    assert first == second == later, f"{case}: the first {surface} differs from later ones"


@pytest.mark.parametrize("case", list(CASES))
def test_a_new_state_is_already_settled(case):
    """Every look at once gives the same data as a state that has been asked its questions,
    and the set-up's own events are there before anything looks (ply -1)."""
    state = _fresh(case)
    events = list(state.events)
    fresh_looks = {name: SURFACES[name](state) for name in SURFACES if name != "picture"}
    other = _fresh(case)
    _no_op(other)
    assert fresh_looks == {name: SURFACES[name](other) for name in SURFACES if name != "picture"}
    assert [(e.ply, e.kind) for e in events] == [(e.ply, e.kind) for e in other.events]
    assert all(e.ply == -1 for e in events)


def test_a_clone_and_a_save_of_a_new_set_up_show_the_same_position(tmp_path):
    from racekit.core.savefile import load_save, save_game
    state = _fresh("leaf_marathon-movement")
    copy = state.clone()
    save_game(state, tmp_path / "g.json")
    loaded, _ = load_save(tmp_path / "g.json")
    want = state.snapshot()
    assert copy.snapshot() == want == loaded.snapshot()
    assert want["seats"][0]["position"] == 6 and want["seats"][1]["position"] == 8   # they have moved


# ----- scenario files with no steps ---------------------------------------------------------------
STEPLESS = {
    "aeroplane_chess": """
        players: 2
        setup: {planes: {R1: 10, Y1: 20}, phase: move, die: 3}
        outcome: Red has rolled 3 and chooses a plane.
        expect:
          current_player: 0
          state: {phase: move, planes.R1.step: 10}
          legal: [move R1, move R2, move R3, move R4]
        """,
    "snow_tails": """
        players: 2
        setup:
          track: straight4
          seats:
          - {position: [0, 2], hand: [1, 2, 3, 4, 5]}
          - {position: [3, 1], hand: [1, 2, 3, 4, 5]}
        outcome: Blue is ahead, so Blue plays first this round.
        expect:
          current_player: 1
          state: {turn_order: [1, 0]}
          events:
          - {kind: round_start, seats: [1, 0], data: {round: 1}}
          - {kind: turn_start, seats: [1]}
        """,
    "wingsuit": """
        players: 3
        setup:
          phase: cleanup
          track: [Y2, R2, B2, R3, Y3]
          order: [2, 0, 1]
          seats:
          - {at: "1,13"}
          - {at: "5,13"}
          - {at: "3,21"}
        outcome: Nobody is on the bottom card, so it leaves the track; Green lays it.
        expect:
          current_player: 1
          legal: [lay at 2, lay at 4]
          state: {phase: cleanup}
          events:
          - {kind: card_leaves, data: {card: Y2}}
        """,
    "leaf_marathon": """
        players: 2
        setup:
          terrain: [start, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf,
                    leaf, leaf, leaf, leaf, leaf, leaf, leaf, finish]
          start: movement
          seats:
          - {hand: [action, weapon], pos: 3}
          - {hand: [action, recovery], pos: 5}
        outcome: At the movement step both Test Ponies move 3 and pay 3 stamina.
        expect:
          state: {seats.0.position: 6, seats.1.position: 8, seats.0.stamina: 12, phase: draw}
          events:
          - {kind: move, seats: [1], data: {start: 5, end: 8}}
          - {kind: move, seats: [0], data: {start: 3, end: 6}}
        """,
}


@pytest.mark.parametrize("game_id", list(STEPLESS))
def test_a_scenario_with_no_steps_checks_the_set_up_position(game_id, tmp_path):
    prefix = {"aeroplane_chess": "AC", "snow_tails": "ST", "wingsuit": "WS", "leaf_marathon": "LM"}[game_id]
    path = tmp_path / "stepless.yaml"
    path.write_text(f"id: {prefix}-MINE-1\ntitle: A position checked as it is set up\n"
                    f"clauses: [{prefix}-ACTION]\ngame: {game_id}\n" + textwrap.dedent(STEPLESS[game_id]))
    result = run_scenario(path)
    assert result.passed, result.failures
    assert result.before.snapshot() == result.after.snapshot()


@pytest.mark.parametrize("game_id", list(STEPLESS))
def test_the_explorer_opens_a_set_up_on_its_position(game_id, tmp_path):
    from racekit.explorer.widget import Explorer
    prefix = {"aeroplane_chess": "AC", "snow_tails": "ST", "wingsuit": "WS", "leaf_marathon": "LM"}[game_id]
    path = tmp_path / "stepless.yaml"
    path.write_text(f"id: {prefix}-MINE-1\ntitle: A position checked as it is set up\n"
                    f"clauses: [{prefix}-ACTION]\ngame: {game_id}\n" + textwrap.dedent(STEPLESS[game_id]))
    result = run_scenario(path)
    ex = Explorer(game_id, scenario=str(path), seed=5, every_draw=True)
    try:
        frame = (ex.status.value, ex.event_log.value, ex.image.value)
        assert ex.session.state.snapshot() == result.after.snapshot()
        ex.refresh()
        assert (ex.status.value, ex.event_log.value, ex.image.value) == frame
    finally:
        ex.close()


def test_no_shipped_scenario_needs_a_placeholder_first_step():
    """A first step that only checks ``terminal: false`` (or only repeats the final check) was
    a work-around for stale first looks; none is needed, so none ships."""
    from racekit.core.scenarios import load_scenario, scenario_paths
    for path in scenario_paths():
        scenario, _ = load_scenario(path)
        if not scenario.steps:
            continue
        first = scenario.steps[0]
        if first.expect is None or any(getattr(first, k) is not None for k in ("chance", "action", "refused")):
            continue
        checks = first.expect.model_dump(exclude_defaults=True)
        assert set(checks) != {"terminal"}, f"{path.name}: a placeholder first step {checks}"


def test_a_notebook_explains_what_a_set_up_does_on_its_own():
    """A Leaf Marathon scenario set up at the movement step tells the moves in its story (the
    notebook's ``explain``), though the file has no step: the set-up's own steps are events."""
    from racekit import notebook as nb
    from racekit.core.scenarios import scenario_paths
    path = next(p for p in scenario_paths("leaf_marathon") if p.name == "LM-SCN-01.yaml")
    result = run_scenario(path)
    assert result.passed and not result.scenario.steps
    text = nb.explain(result)
    assert "Red moves from square 0 to 1" in text


def test_steps_left_empty_mean_no_steps(tmp_path):
    """Deleting a placeholder step can leave ``steps:`` with nothing under it: that is no steps."""
    path = tmp_path / "empty_steps.yaml"
    path.write_text("id: AC-MINE-2\ntitle: Steps left empty\nclauses: [AC-ACTION]\ngame: aeroplane_chess\n"
                    "players: 2\nsetup: {planes: {R1: 10}, phase: move, die: 3}\noutcome: Red moves.\n"
                    "steps:\nexpect:\n  current_player: 0\n  state: {planes.R1.step: 10}\n")
    result = run_scenario(path)
    assert result.passed, result.failures


def test_a_wingsuit_set_up_picture_is_its_own_whatever_was_drawn_before():
    """The board image cached for quick redraws is keyed by the set-up's queue icons too: a
    set-up with other icons on the same board never shows the icons drawn before it."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from racekit.games.wingsuit import plot

    game = racekit.load_game("wingsuit", players=3)

    def state(icon):
        return game.new_initial_state(setup={
            "phase": "action", "order": [0, 1, 2], "cells": {"C1": [icon], "C2": ["N"], "C3": ["N"]},
            "seats": [{"at": "1,5", "dice": ["C1"]}, {"at": "3,5", "dice": ["C2"]}, {"at": "5,5", "dice": ["C3"]}]})

    def redrawn(st) -> bytes:
        """Draw, clear, draw again on one figure (the second draw uses the cached board image)."""
        fig = Figure(figsize=(6.5, 8))
        canvas = FigureCanvasAgg(fig)
        plot.draw(st, fig.add_subplot())
        fig.clear()
        plot.draw(st, fig.add_subplot())
        canvas.draw()
        return bytes(canvas.buffer_rgba())

    north, south = state("N"), state("S")
    plot._CACHE.clear()
    redrawn(north)
    after_north = redrawn(south)
    plot._CACHE.clear()
    alone = redrawn(south)
    assert after_north == alone
