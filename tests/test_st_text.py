"""Snow Tails event log: counts agree with paths, the story reads in order, plain plurals,
and the end of the race says who finished and who dropped out (clause IDs in the names)."""
import re

import pytest

import racekit
from racekit.core.events import Event
from racekit.core.session import Session
from racekit.games.snow_tails import play as st_play

FAR = {"position": [20, 1], "hand": [1, 2, 3, 4, 5]}


def make(seats, players=None, options=None, **setup):
    game = racekit.load_game("snow_tails", players=players or len(seats), **(options or {}))
    return game.new_initial_state(setup={"track": "straight4", "seats": seats, **setup})


def do(state, *names):
    for name in names:
        state.apply_action(state.string_to_action(name))
    return state


def lines(state, start=0):
    return [state.game.render(e) for e in state.events[start:]]


def test_ST_MOVE_1_bonus_move_counts_its_own_squares():
    """ST-MOVE-1, ST-BONUS-2: the report's 'moves 8 squares: [[5,2],[6,2],[7,2],[8,2]]'.
    Each part of the move counts the squares of its own path; the turn's speed is a field."""
    s = make([{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, FAR,
              {"position": [20, 3], "hand": [1, 2, 3, 4, 5]}], round=2, turn_order=[1, 2, 0], turn=2)
    do(s, "play 4 to L+R", "F F F F F", "take bonus +3")
    moves = [e for e in s.events if e.kind == "move"]
    assert [(e.data["moved"], len(e.data["path"]) - 1, e.data["speed"], e.data["bonus"])
            for e in moves] == [(5, 5, 5, 0), (3, 3, 8, 3)]
    text = lines(s)
    assert "Red's sled moves 5 squares: [0, 2] > [1, 2] > [2, 2] > [3, 2] > [4, 2] > [5, 2]. " \
           "[ST-MOVE-1, ST-DRIFT-2]" in text
    assert "Red's sled moves 3 bonus squares straight ahead: [5, 2] > [6, 2] > [7, 2] > [8, 2]. " \
           "[ST-MOVE-1, ST-DRIFT-2, ST-BONUS-2]" in text


def test_ST_BLOCK_1_bonus_stopped_by_a_sled_counts_what_it_moved():
    """ST-BLOCK-1: the report's 'moves 5 squares: [[3, 2], [4, 2], [5, 2]]' (2 steps)."""
    s = make([FAR, {"position": [0, 2], "hand": [3, 1, 1, 2, 2]},
              {"position": [6, 2], "hand": [1, 2, 3, 4, 5]}], round=2, turn_order=[0, 2, 1], turn=2)
    start = len(s.events)
    do(s, "play 3 to L", "F F F", "take bonus +3")
    bonus_move = [e for e in s.events if e.kind == "move"][-1]
    assert bonus_move.data["path"] == [[3, 2], [4, 2], [5, 2]]
    assert (bonus_move.data["moved"], bonus_move.data["planned"]) == (2, 3)
    text = lines(s, start)
    i = text.index("Blue's sled moves 2 of its 3 bonus squares straight ahead: [3, 2] > [4, 2] > "
                   "[5, 2]. [ST-MOVE-1, ST-DRIFT-2, ST-BONUS-2]")
    assert text[i + 1] == "Blue's next step (F) would run into Green's sled: Blue stops at [5, 2]. " \
                          "[ST-BLOCK-1, ST-AMB-09]"


def test_ST_WALL_1_the_move_is_told_before_the_wall_and_its_damage():
    """ST-WALL-1 (ST-SCN-03a): moves, then hits the wall, then takes the damage card."""
    s = make([{"position": [0, 3], "hand": [5, 1, 1, 2, 2]}, FAR], turn_order=[0, 1])
    do(s, "play 5 to R", "DR F F F DR")
    tail = [e for e in s.events if e.kind in ("move", "wall", "damage")]
    assert [e.kind for e in tail] == ["move", "wall", "damage"]
    assert tail[0].clauses == ("ST-MOVE-1", "ST-DRIFT-2") and "ST-WALL-1" in tail[1].clauses
    assert [s.game.render(e) for e in tail] == [
        "Red's sled moves 4 of its 5 squares: [0, 3] > [1, 4] > [2, 4] > [3, 4] > [4, 4]. "
        "[ST-MOVE-1, ST-DRIFT-2]",
        "Red's next step (DR) would leave the track: the sled hits the side wall and stops at "
        "[4, 4]. [ST-WALL-1, ST-AMB-09]",
        "Red takes 1 damage card (wall); now 1 damage card in hand. [ST-WALL-1]"]


def test_ST_LIMIT_2_move_then_line_then_fine_and_plural_damage():
    """ST-LIMIT-1/2: the limit line and its damage follow the move that crossed it."""
    track = {"name": "limit_demo", "lanes": 4, "tiles": [
        {"kind": "straight", "rows": 2, "limit": 3}, {"kind": "straight", "rows": 20},
        {"kind": "finish", "rows": 3}]}
    s = make([{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, FAR], track=track, turn_order=[0, 1])
    do(s, "play 4 to L+R", "F F F F F")
    kinds = [e.kind for e in s.events if e.kind in ("move", "limit_line", "over_limit", "damage")]
    assert kinds == ["move", "limit_line", "over_limit", "damage"]
    assert "Red takes 2 damage cards (speed limit); now 2 damage cards in hand. [ST-LIMIT-2]" \
        in lines(s)


def test_ST_END_2_the_move_comes_before_the_finish_crossing():
    """ST-END-2: 'crosses the finish line' follows the move that crossed it."""
    s = make([{"position": [27, 3], "hand": [2, 1, 1, 5, 5]},
              {"position": [27, 2], "hand": [3, 1, 1, 5, 5]}], round=2, turn_order=[1, 0])
    do(s, "play 3 to B", "F F F")
    kinds = [e.kind for e in s.events if e.kind in ("move", "cross_finish")]
    assert kinds == ["move", "cross_finish"]


@pytest.mark.parametrize("seed", [1, 4, 11])
def test_ST_MOVE_1_whole_games_counts_agree_and_story_in_order(seed):
    """ST-MOVE-1: in whole games every move's count is its path length - 1, never more than
    planned; every line crossing, wall and sled stop comes after that ply's move event."""
    game = racekit.load_game("snow_tails", players=4, bonus_round1=True)
    session = Session(game, seed=seed)
    while not session.state.is_terminal():
        session.step()
    events = session.state.events
    assert any(e.kind == "move" for e in events)
    for i, e in enumerate(events):
        if e.kind == "move":
            assert e.data["moved"] == len(e.data["path"]) - 1 >= 1
            assert e.data["moved"] <= e.data["planned"] <= e.data["speed"]
        moved = e.data.get("moved", 1)
        if e.kind in ("cross_finish", "limit_line") or (e.kind in ("wall", "blocked") and moved):
            before = [x for x in events[:i] if x.ply == e.ply and x.seats[:1] == e.seats[:1]]
            assert any(x.kind == "move" for x in before), (e, before)
    text = "\n".join(session.state.game.render(e) for e in events)
    assert "(s)" not in text
    assert not re.search(r"\b1 (cards|squares|damage cards)\b", text)
    assert not re.search(r"\b([02-9]|\d\d+) (card|square|damage card)\b", text)
    assert "turn order:" in text and not re.search(r"turn order: [^.\n]* and ", text)


def _render(state, kind, seats, **data):
    return state.game.render(Event(0, kind, tuple(seats), data, ()))


def test_wording_turn_order_places_and_hand_counts():
    s = racekit.load_game("snow_tails", players=3).new_initial_state()
    assert _render(s, "round_start", [1, 2, 0], round=1, order=[1, 2, 0]) == \
        "Round 1 begins; turn order: Blue, Green, Red."
    assert _render(s, "placed", [1], place=1, round=4) == "Blue finishes in place 1 (round 4)."
    assert _render(s, "placed", [0, 1], place=2, round=4) == "Red and Blue share place 2 (round 4)."
    assert _render(s, "placed", [0, 1, 2], place=1, round=4) == \
        "Red, Blue and Green share place 1 (round 4)."
    assert _render(s, "damage", [0], cards=2, cause="speed limit", damage=2) == \
        "Red takes 2 damage cards (speed limit); now 2 damage cards in hand."
    assert _render(s, "reshuffle", [0], cards=1) == \
        "Red's deck is empty: 1 discarded card is shuffled into a new deck."
    assert _render(s, "dents_out", [0], wanted=2, left=1) == \
        "The damage supply is short: Red would take 2 damage cards but only 1 is left."
    assert _render(s, "refilled", [0], hand_size=1) == "Red ends the turn with 1 card in hand."
    # tests/test_browser.py reads these two phrases from the log
    assert _render(s, "play", [0], cards=1, value=3, spots="L", left=3, right=3, brake=3) \
        .startswith("Red plays 1 card of value 3 to L:")
    assert _render(s, "move_plan", [0], steps="F DR") == "Red steers: F DR."


def test_ST_PLAY_1_refusal_message_has_real_plurals():
    """ST-PLAY-1: 'the hand holds 1 card of value 5, not 2' (was 'card(s)')."""
    s = make([{"position": [0, 2], "hand": [5, 1, 2, 3, 4]}, FAR], turn_order=[0, 1])
    assert st_play.why(s, s.string_to_action("play 5 to L+R"))[1] == \
        "the hand holds 1 card of value 5, not 2"
    s = make([{"position": [0, 2], "hand": [5, 5, 2, 3, 4]}, FAR], turn_order=[0, 1])
    assert st_play.why(s, s.string_to_action("play 5 to L+R+B"))[1] == \
        "the hand holds 2 cards of value 5, not 3"


def test_ST_ELIM_1_game_over_says_who_finished_and_who_dropped_out():
    """ST-ELIM-1, ST-END-1: the eliminated still share the last place in ranking(), but the
    last event and to_text() say that they dropped out."""
    s = make([{"position": [0, 3], "hand": [5], "damage": 4},
              {"position": [0, 1], "hand": [5], "damage": 4}, {"status": "finished"}],
             turn_order=[0, 1], places=[[2]])
    do(s, "play 5 to R", "DR DR F F F", "play 5 to L", "DL DL F F F")
    assert s.is_terminal() and s.ranking() == [[2], [0, 1]]
    last = s.events[-1]
    assert last.kind == "game_over" and last.data["out"] == [0, 1] and last.data["finished"] == [2]
    assert "ST-ELIM-1" in last.clauses
    assert s.game.render(last) == (
        "The race is over after round 1. Finished: Green (place 1). Dropped out: Red and Blue, "
        "sharing the last place (2). [ST-END-1, ST-ELIM-1]")
    assert s.to_text().splitlines()[-1] == "places Green, then dropped out: Red=Blue"


def test_ST_ELIM_1_everyone_out_does_not_read_as_a_win():
    s = racekit.load_game("snow_tails", players=3).new_initial_state()
    text = _render(s, "game_over", [0, 1, 2], places=[[0, 1, 2]], out=[0, 1, 2], finished=[],
                   round=8)
    assert text == ("The race is over after round 8. No sled finished. Dropped out: Red, Blue and "
                    "Green, all sharing one place.")
    text = _render(s, "game_over", [0, 1, 2], places=[[1], [0, 2]], out=[], finished=[1, 0, 2],
                   round=5)
    assert text == ("The race is over after round 5. Finished: Blue (place 1), Red and Green "
                    "(sharing place 2).")
    assert "dropped" not in text.lower()
