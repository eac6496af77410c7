"""Core: game declarations, options, the state verbs, chance, replay, sessions (fake game)."""
import json
import subprocess
import sys

import pytest

import racekit
from racekit.core.chance import Sampler, uniform
from racekit.core.errors import IllegalActionError, OptionError, UnknownGameError
from racekit.core.replay import replay
from racekit.core.session import Session
from racekit.core.state import CHANCE, TERMINAL

import fake_game


@pytest.fixture
def fake():
    fake_game.register()  # idempotent; the explorer tests use it too


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGameError, match="aeroplane_chess"):
        racekit.load_game("ludo")


def test_option_errors_name_option_and_allowed_values(fake):
    with pytest.raises(OptionError, match=r"'track' cannot be 7; allowed values: 8, 12, 16 \(settles FR-AMB-01\)"):
        racekit.load_game("fake_race", track=7)
    with pytest.raises(OptionError, match="no option 'speed'"):
        racekit.load_game("fake_race", speed=3)
    with pytest.raises(OptionError, match="no preset 'huge'"):
        racekit.load_game("fake_race", preset="huge")
    with pytest.raises(OptionError, match="seats 2 to 4"):
        racekit.load_game("fake_race", players=5)
    with pytest.raises(OptionError, match=r"\(long\) seats 2 to 3"):
        racekit.load_game("fake_race", preset="long", players=4)


def test_presets_set_options_and_text_values_are_parsed(fake):
    long = racekit.load_game("fake_race", preset="long")
    assert (long.options["track"], long.num_players) == (16, 3)
    game = racekit.load_game("fake_race", track="12", exact_finish="false")
    assert game.options == {"track": 12, "exact_finish": False}


def test_state_verbs(fake):
    state = racekit.load_game("fake_race").new_initial_state()
    assert state.current_player() == CHANCE and state.legal_actions() == []
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    state.apply_action(3)
    assert state.current_player() == 0 and state.phase == "move"
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["move A", "move B"]
    state.apply_action(state.string_to_action("move B"))
    assert state.snapshot()["tokens"] == [[0, 3], [0, 0]]
    assert state.history() == [3, fake_game.MOVE_B]
    assert [e.kind for e in state.events] == ["roll", "move"]
    assert state.events[1].clauses == ("FR-MOVE-1",) and state.events[1].ply == 1
    assert state.game.render(state.events[1]) == "Red moves token B from 0 to 3. [FR-MOVE-1]"


def test_illegal_action_names_clause_lists_legal_and_changes_nothing(fake):
    state = racekit.load_game("fake_race").new_initial_state(setup={"tokens": [[7, 0]]})
    state.apply_action(3)
    before = (json.dumps(state.snapshot()), state.history(), len(state.events))
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(fake_game.MOVE_A)
    assert info.value.clause == "FR-FINISH-2"
    assert "Legal now: move B" in str(info.value)
    assert (json.dumps(state.snapshot()), state.history(), len(state.events)) == before
    with pytest.raises(IllegalActionError, match="FR-ACTION"):
        racekit.load_game("fake_race").new_initial_state().apply_action(7)


def test_chance_is_a_pure_function_of_seed_and_ply():
    assert uniform(1, 5) == uniform(1, 5)
    assert uniform(1, 5) != uniform(1, 6) and uniform(1, 5) != uniform(2, 5)
    faces = [(f, 1 / 6) for f in range(1, 7)]
    draws = [Sampler(42).sample(faces, ply) for ply in range(600)]
    assert set(draws) == {1, 2, 3, 4, 5, 6}
    assert all(60 < draws.count(f) < 140 for f in range(1, 7))
    # fixed values: the same on any machine (pure integer hashing)
    assert [Sampler(1).sample(faces, ply) for ply in range(8)] == \
        [Sampler(1).sample(faces, ply) for ply in range(8)]


def test_chance_values_identical_in_a_fresh_process():
    code = ("from racekit.core.chance import Sampler;"
            "print([Sampler(9).sample([(f, 1/6) for f in range(1, 7)], p) for p in range(20)])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    here = [Sampler(9).sample([(f, 1 / 6) for f in range(1, 7)], p) for p in range(20)]
    assert out.stdout.strip() == str(here)


def test_session_replay_and_time_travel(fake):
    game = racekit.load_game("fake_race")
    session = Session(game, seed=3)
    session.run()
    assert session.state.is_terminal() and session.state.current_player() == TERMINAL
    line, final = list(session.line), session.state.snapshot()
    assert replay(game, line).snapshot() == final
    session.goto(4)
    assert session.state.ply == 4 and session.state.history() == line[:4]
    session.back()
    assert session.cursor == 3
    session.forward(2)
    assert session.state.history() == line[:5]
    session.goto(len(line))
    assert session.state.snapshot() == final
    again = Session(game, seed=3)
    again.run()
    assert again.line == line


def test_session_step_after_back_keeps_or_rewrites_future(fake):
    session = Session(racekit.load_game("fake_race"), seed=5)
    for _ in range(6):
        session.step()
    recorded = list(session.line)
    session.back(2)
    session.step()  # same recorded action
    assert session.line == recorded
    other = fake_game.MOVE_B if recorded[5] == fake_game.MOVE_A else fake_game.MOVE_A
    session.step(other)
    assert session.line == recorded[:5] + [other]


def test_clone_is_independent(fake):
    state = racekit.load_game("fake_race").new_initial_state()
    state.apply_action(2)
    copy = state.clone()
    copy.apply_action(fake_game.MOVE_A)
    assert state.history() == [2] and copy.history() == [2, fake_game.MOVE_A]


# ----- returns from the ranking (contract 2) ------------------------------------------

class _Ranked:
    """A terminal stub whose ranking is given: exercises State.returns alone."""

    def __init__(self, n, places, terminal=True):
        from racekit.core.state import State

        class _S(State):
            def _current_player(self):
                return TERMINAL if terminal else 0
            def _legal_actions(self):
                return []
            def _apply(self, action):
                pass
            def _action_to_string(self, action):
                return str(action)
            def _ranking(self):
                return [list(g) for g in places]
            def snapshot(self, seat=None, *, full=False):
                return {}

        game = type("G", (), {"num_players": n, "game_type": None})()
        self.state = _S(game)


def _returns(n, places, terminal=True):
    return _Ranked(n, places, terminal).state.returns()


@pytest.mark.parametrize("n,places,want", [
    (2, [[0], [1]], [1.0, -1.0]),
    (3, [[2], [0], [1]], [0.0, -1.0, 1.0]),
    (3, [[0], [1, 2]], [1.0, -0.5, -0.5]),          # a shared last place is not a win
    (3, [[0, 1], [2]], [0.5, 0.5, -1.0]),           # a shared first place is less than a win
    (3, [[0, 1, 2]], [0.0, 0.0, 0.0]),              # every sled eliminated: a win for nobody
    (2, [[0, 1]], [0.0, 0.0]),
    (4, [[0, 2], [1, 3]], [2 / 3, -2 / 3, 2 / 3, -2 / 3]),
    (4, [[3], [0, 1, 2]], [-1 / 3, -1 / 3, -1 / 3, 1.0]),
    (4, [[1]], [-1 / 3, 1.0, -1 / 3, -1 / 3]),      # unranked seats share the place after
    (5, [[4], [0], [1, 2], [3]], [0.5, -0.25, -0.25, -1.0, 1.0]),
])
def test_returns_are_zero_sum_and_shared_places_share(n, places, want):
    got = _returns(n, places)
    assert got == pytest.approx(want)
    assert sum(got) == pytest.approx(0.0)
    winners = places[0] if len(places[0]) == 1 else []
    assert all(v < 1.0 for s, v in enumerate(got) if s not in winners)


def test_returns_are_zero_before_the_end_and_for_one_seat():
    assert _returns(3, [[0], [1], [2]], terminal=False) == [0.0, 0.0, 0.0]
    assert _returns(1, [[0]]) == [0.0]
