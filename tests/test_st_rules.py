"""Snow Tails clause tests with concrete values (clause IDs in the test names)."""
import json

import pytest

import racekit
from helpers import assert_event
from racekit.core.errors import IllegalActionError, OptionError, SetupError
from racekit.core.state import CHANCE, TERMINAL


def make(seats, players=None, track="straight4", options=None, **setup):
    game = racekit.load_game("snow_tails", players=players or len(seats), **(options or {}))
    data = {"track": track, "seats": seats, **setup}
    return game.new_initial_state(setup=data)


def do(state, *names):
    for name in names:
        state.apply_action(state.string_to_action(name))
    return state


def seat(state, s):
    return state.snapshot()["seats"][s]


def names(state):
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def kinds(state):
    return [e.kind for e in state.events]


FAR = {"position": [20, 1], "hand": [1, 2, 3, 4, 5]}


# ----------------------------------------------------------------- setup
def test_ST_META_1_seats_2_to_5():
    """ST-META-1: 2 to 5 seats, default 4."""
    for n in (2, 3, 4, 5):
        assert racekit.load_game("snow_tails", players=n).num_players == n, "ST-META-1"
    for n in (1, 6):
        with pytest.raises(OptionError, match=r"seats 2 to 5 players \(ST-META-1\)"):
            racekit.load_game("snow_tails", players=n)
    assert racekit.load_game("snow_tails").num_players == 4


def test_ST_SETUP_3_4_mat_starts_at_three():
    """ST-SETUP-3, ST-SETUP-4, ST-DATA-2: brake 3, both dogs printed 3."""
    s = racekit.load_game("snow_tails").new_initial_state()
    for seat_ in s.snapshot()["seats"]:
        assert seat_["mat"] == {"left": 3, "right": 3, "brake": 3, "speed": 3}, "ST-SETUP-3, ST-SETUP-4"


def test_ST_AMB_02_free_choice_clockwise_then_ST_SETUP_6_hands():
    s = racekit.load_game("snow_tails", players=5).new_initial_state()
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(10 + k, 0.2) for k in range(5)]
    do(s, "first player Green")            # seat 2 places first, then 3, 4, 0, 1
    assert s.current_player() == 2
    do(s, "slot 3")
    assert s.current_player() == 3
    with pytest.raises(IllegalActionError) as err:
        do(s, "slot 3")
    assert err.value.clause == "ST-AMB-02"
    do(s, "slot 5", "slot 1", "slot 4", "slot 2")
    while s.phase == "deal":
        s.apply_action(s.chance_outcomes()[0][0])
    sizes = {seat(s, k)["slot"]: seat(s, k)["hand_size"] for k in range(5)}
    assert sizes == {1: 5, 2: 5, 3: 5, 4: 6, 5: 7}   # ST-SETUP-6 / ST-SCN-01
    # ST-ORDER-2: round 1 in slot order
    assert s.snapshot()["turn_order"] == [4, 1, 2, 0, 3]


def test_ST_AMB_02_fill_from_1_and_random():
    s = racekit.load_game("snow_tails", players=3, slot_selection="fill_from_1").new_initial_state()
    do(s, "first player Blue")
    assert [seat(s, k)["slot"] for k in range(3)] == [3, 1, 2]
    s = racekit.load_game("snow_tails", players=3, slot_selection="random").new_initial_state()
    assert [s.action_to_string(a) for a, _ in s.chance_outcomes()][:2] == ["random slot 1",
                                                                            "random slot 2"]
    do(s, "random slot 4", "random slot 2")
    assert len(s.chance_outcomes()) == 3


def test_ST_SETUP_2_draw_probability_is_count_over_remaining():
    s = make([{"position": [0, 2], "hand": [4, 1, 1, 2, 2]}, FAR], turn_order=[0, 1])
    do(s, "play 4 to B", "F F")
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(1, 2 / 15), (2, 2 / 15), (3, 4 / 15), (4, 3 / 15), (5, 4 / 15)]
    assert [s.action_to_string(a) for a, _ in s.chance_outcomes()][0] == "draw 1"


def test_setup_deck_must_hold_four_of_each():
    with pytest.raises(SetupError) as err:
        make([{"position": [0, 2], "hand": [5, 5], "deck": [1, 1, 2]}, FAR])
    assert err.value.field == "seats.0.deck"
    with pytest.raises(SetupError) as err:
        make([{"position": [0, 9]}, FAR])
    assert err.value.field == "seats.0.position"
    with pytest.raises(SetupError) as err:
        make([{"position": [20, 1]}, FAR])
    assert "two sleds" in str(err.value)


# ----------------------------------------------------------------- step 1
def test_ST_PLAY_1_2_refusals_leave_state_unchanged():
    s = make([{"position": [0, 2], "hand": [2, 3, 3, 4, 5]}, FAR], turn_order=[0, 1])
    before = json.dumps(s.snapshot(0)), s.history()
    for name, clause in [("play 3 3 to L", "ST-PLAY-2"), ("play 3 to L+L", "ST-PLAY-2"),
                         ("play 2 to L, 4 to R", "ST-PLAY-1"), ("play nothing", "ST-PLAY-1"),
                         ("play 1 to L", "ST-PLAY-1"), ("play 3 to L+R+B", "ST-PLAY-1"),
                         ("F F F", "ST-TURN-1"), ("take bonus +1", "ST-TURN-1"),
                         ("discard damage", "ST-DAMAGE-2")]:
        with pytest.raises(IllegalActionError) as err:
            do(s, name)
        assert err.value.clause == clause, name
        assert clause in str(err.value)
        assert (json.dumps(s.snapshot(0)), s.history()) == before
    assert "play 3 to L+R" in names(s) and "play 3 to L+R+B" not in names(s)


def test_ST_PLAY_3_three_cards_one_per_spot_and_ST_PLAY_4_cover():
    """ST-PLAY-3, ST-PLAY-4: three 2s fill L, R and B; the covered 5 is gone."""
    s = make([{"position": [0, 2], "hand": [2, 2, 2, 1, 1], "left": 5}, FAR], turn_order=[0, 1])
    assert seat(s, 0)["mat"]["left"] == 5
    do(s, "play 2 to L+R+B")
    m = seat(s, 0)["mat"]
    assert m == {"left": 2, "right": 2, "brake": 2, "speed": 2}, "ST-PLAY-3: one card on each spot"
    assert seat(s, 0)["left_stack"] == [5, 2]
    assert_event(s, "play", clause="ST-PLAY-3", seats=[0])


def test_ST_BRAKE_1_five_to_the_brake_gives_speed_1():
    s = make([{"position": [0, 2], "hand": [5, 1, 1, 2, 2]}, FAR], turn_order=[0, 1])
    do(s, "play 5 to B")
    assert seat(s, 0)["mat"] == {"left": 3, "right": 3, "brake": 5, "speed": 1}
    assert names(s) == ["F"]
    assert seat(s, 0)["discard_size"] == 1   # the brake card goes to the discard pile


def test_ST_AMB_17_same_value_cover_and_brake_only():
    s = make([{"position": [0, 2], "hand": [3, 3, 1, 1, 2]}, FAR], turn_order=[0, 1])
    assert {"play 3 to L", "play 3 to B", "play 3 to L+R"} <= set(names(s))


# ----------------------------------------------------------------- step 2
def test_ST_SPEED_EX_1_and_ST_DRIFT_4_sequence():
    """ST-SPEED-EX-1, ST-DRIFT-4, ST-DRIFT-2, ST-MOVE-1: DR F F F DR from (0, 2) ends at (5, 4)."""
    s = make([{"position": [0, 2], "hand": [5, 1, 1, 2, 2]}, FAR], turn_order=[0, 1])
    do(s, "play 5 to R")
    assert s.snapshot()["turn"]["speed"] == 5 and s.snapshot()["turn"]["drift"] == 2
    assert len(s.legal_actions()) == 10   # C(5, 2) placements of the 2 drift steps
    with pytest.raises(IllegalActionError) as err:
        do(s, "F F F F F")
    assert err.value.clause == "ST-DRIFT-5"
    with pytest.raises(IllegalActionError) as err:
        do(s, "DL F F F DL")
    assert err.value.clause == "ST-DRIFT-1"
    with pytest.raises(IllegalActionError) as err:
        do(s, "DR F F DR")
    assert err.value.clause == "ST-SPEED-1"
    do(s, "DR F F F DR")
    assert seat(s, 0)["position"] == [5, 4] and seat(s, 0)["damage"] == 0


def test_ST_WALL_1_timing_of_drift_matters():
    for seq, end in (("DR F F F DR", [4, 4]), ("DR DR F F F", [1, 4])):
        s = make([{"position": [0, 3], "hand": [5, 1, 1, 2, 2]}, FAR], turn_order=[0, 1])
        do(s, "play 5 to R", seq)
        assert seat(s, 0)["position"] == end
        assert seat(s, 0)["damage"] == 1
        assert "wall" in kinds(s)


def test_ST_DRIFT_3_drift_capped_at_speed():
    s = make([{"position": [0, 2], "hand": [3, 1, 1, 2, 2], "left": 1}, FAR], turn_order=[0, 1])
    do(s, "play 3 to R")   # L1 R3 B3: speed 1, drift 2 capped to 1
    assert names(s) == ["DR"]
    do(s, "DR")
    assert seat(s, 0)["position"] == [1, 3]


def test_ST_SPEED_2_no_move_and_ST_AMB_04_no_bonus():
    s = make([{"position": [0, 2], "hand": [1, 1, 2, 2, 4]}, FAR], turn_order=[0, 1], round=2)
    do(s, "play 1 to L+R")
    assert seat(s, 0)["position"] == [0, 2]
    assert "no_move" in kinds(s) and "bonus_offered" not in kinds(s)
    s = make([{"position": [0, 2], "hand": [1, 1, 2, 2, 4]}, FAR], turn_order=[0, 1], round=2,
             options={"bonus_requires_move": False})
    do(s, "play 1 to L+R")
    assert names(s) == ["decline bonus", "take bonus +1"]


def test_ST_BONUS_1_2_third_in_order_moves_eight():
    s = make([{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, {"position": [20, 1]},
              {"position": [20, 3]}], turn_order=[1, 2, 0], turn=2, round=2)
    do(s, "play 4 to L+R", "F F F F F")
    assert names(s) == ["decline bonus", "take bonus +3"]
    with pytest.raises(IllegalActionError) as err:
        do(s, "take bonus +2")
    assert err.value.clause == "ST-AMB-05"
    do(s, "take bonus +3")
    assert seat(s, 0)["position"] == [8, 2]
    assert seat(s, 0)["last_move"] == {"speed": 8, "moved": 8, "bonus": 3}


def test_ST_AMB_05_partial_bonus_option():
    s = make([{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, {"position": [20, 1]},
              {"position": [20, 3]}], turn_order=[1, 2, 0], turn=2, round=2,
             options={"bonus_partial": True})
    do(s, "play 4 to L+R", "F F F F F")
    assert names(s) == ["decline bonus", "take bonus +1", "take bonus +2", "take bonus +3"]


def limit_track(rows_before=2, limit=3):
    return {"name": "limit_test", "lanes": 4, "tiles": [
        {"kind": "straight", "rows": rows_before, "limit": limit},
        {"kind": "straight", "rows": 20, "limit": 2},
        {"kind": "finish", "rows": 3}]}


def test_ST_LIMIT_2_speed_5_over_limit_3_two_damage():
    s = make([{"position": [0, 2], "hand": [4, 1, 1, 2, 2], "right": [4]}, FAR], track=limit_track(),
             turn_order=[0, 1])
    do(s, "play 4 to L", "F F F F F")
    assert seat(s, 0)["damage"] == 2
    assert any(e.kind == "over_limit" and e.data["over"] == 2 for e in s.events)


def test_ST_LIMIT_2_actual_moved_option():
    # stopped after crossing: planned speed 5 -> 2 damage; actual_moved counts 3 squares -> 0
    seats = [{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, {"position": [4, 2]}]
    s = make(seats, track=limit_track(), turn_order=[0, 1])
    do(s, "play 4 to L+R", "F F F F F")
    assert seat(s, 0)["position"] == [3, 2] and seat(s, 0)["damage"] == 2
    s = make(seats, track=limit_track(), turn_order=[0, 1], options={"limit_speed": "actual_moved"})
    do(s, "play 4 to L+R", "F F F F F")
    assert seat(s, 0)["damage"] == 0


def test_ST_BONUS_2_bonus_counts_toward_limit():
    seats = [{"position": [20, 1]}, {"position": [0, 2], "hand": [3, 3, 1, 1, 2]}]
    s = make(seats, track=limit_track(1), turn_order=[0, 1], turn=1, round=2)
    do(s, "play 3 to L", "F F F", "decline bonus")
    assert seat(s, 1)["damage"] == 0
    s = make(seats, track=limit_track(1), turn_order=[0, 1], turn=1, round=2)
    do(s, "play 3 to L", "F F F", "take bonus +2")
    assert seat(s, 1)["damage"] == 2
    # at_crossing: the line is crossed during the base move at speed 3: no damage
    s = make(seats, track=limit_track(1), turn_order=[0, 1], turn=1, round=2,
             options={"limit_eval": "at_crossing"})
    do(s, "play 3 to L", "F F F", "take bonus +2")
    assert seat(s, 1)["damage"] == 0


def test_ST_AMB_08_each_line_or_once():
    track = {"name": "two_lines", "lanes": 4, "tiles": [
        {"kind": "straight", "rows": 1, "limit": 3}, {"kind": "straight", "rows": 2, "limit": 2},
        {"kind": "straight", "rows": 20}, {"kind": "finish", "rows": 3}]}
    seats = [{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, FAR]
    s = make(seats, track=track, turn_order=[0, 1])
    do(s, "play 4 to L+R", "F F F F F")
    assert seat(s, 0)["damage"] == 2 + 3
    s = make(seats, track=track, turn_order=[0, 1], options={"limit_per_line": "once"})
    do(s, "play 4 to L+R", "F F F F F")
    assert seat(s, 0)["damage"] == 3


def test_ST_BLOCK_1_2_stopped_by_sled_no_refill():
    """ST-BLOCK-1, ST-BLOCK-2, ST-AMB-11: stopped by a sled, no draw."""
    s = make([{"position": [0, 2], "hand": [2, 1, 1, 5, 5], "right": 3},
              {"position": [3, 2], "hand": [1, 2, 3, 4, 5]}],
             turn_order=[0, 1], options={"collision_damage": 0})
    do(s, "play 2 to B")        # L3 R3 B2 -> speed 4, straight
    do(s, "F F F F")
    assert seat(s, 0)["position"] == [2, 2] and seat(s, 0)["damage"] == 0
    assert seat(s, 0)["hand_size"] == 4 and seat(s, 0)["blocked"] is True
    assert "no_refill" in kinds(s)
    assert s.current_player() == 1   # no draw: the next turn starts


def test_ST_AMB_10_collision_damage_and_wall_scope():
    s = make([{"position": [0, 2], "hand": [2, 1, 1, 5, 5]}, {"position": [3, 2]}],
             turn_order=[0, 1], options={"collision_damage": 1})
    do(s, "play 2 to B", "F F F F")
    assert seat(s, 0)["damage"] == 1
    s = make([{"position": [0, 3], "hand": [5, 1, 1, 2]}, FAR], turn_order=[0, 1],
             options={"no_refill_scope": "sled_and_wall"})
    do(s, "play 5 to R", "DR DR F F F")
    assert seat(s, 0)["hand_size"] == 4   # 3 dogs + 1 damage, no draw
    assert "no_refill" in kinds(s)


def test_ST_PLAY_5_no_dog_card_damage_refill_restart():
    # ST-SCN-10: hand 2 damage + three 2s, all played, blocked -> next turn has no dog card
    s = make([{"position": [0, 2], "hand": [2, 2, 2], "damage": 2}, {"position": [1, 2],
              "hand": [1, 1, 1, 2, 5]}], turn_order=[1, 0], turn=1, round=2)
    do(s, "play 2 to L+R+B", "F F")
    assert seat(s, 0)["hand_size"] == 2 and seat(s, 0)["damage"] == 2
    # round 3: Blue is ahead and goes first
    assert s.snapshot()["turn_order"] == [1, 0]
    do(s, "play 5 to B", "F")       # L3 R3 B5: speed 1
    do(s, "decline bonus", "draw 1")   # Blue draws back up to 5
    assert s.snapshot()["turn"]["seat"] == 0
    assert s.current_player() == CHANCE   # Red: ST-PLAY-5 damage, then draws
    assert seat(s, 0)["damage"] == 3
    do(s, "draw 4", "draw 5")
    assert seat(s, 0)["hand_size"] == 5 and s.current_player() == 0 and s.phase == "play"
    assert "no_dog_card" in kinds(s) and "restart" in kinds(s)


def test_ST_ELIM_1_only_damage_after_refill():
    s = make([{"position": [0, 3], "hand": [5], "damage": 4}, FAR], turn_order=[0, 1])
    do(s, "play 5 to R", "DR DR F F F")     # wall: 5th damage card
    assert seat(s, 0)["status"] == "eliminated" and seat(s, 0)["position"] is None
    assert s.current_player() == 1


def test_ST_AMB_12_skipped_refill_not_checked_unless_immediate():
    seats = [{"position": [0, 2], "hand": [2, 2, 2], "damage": 2},
             {"position": [1, 2], "hand": [1, 1, 1, 1, 2]}]
    s = make(seats, turn_order=[1, 0], turn=1, round=2)
    do(s, "play 2 to L+R+B", "F F")
    assert seat(s, 0)["status"] == "racing"
    s = make(seats, turn_order=[1, 0], turn=1, round=2, options={"elim_check": "immediate"})
    do(s, "play 2 to L+R+B", "F F")
    assert seat(s, 0)["status"] == "eliminated"


def test_ST_REFILL_2_discard_down_to_five_brake_unchanged():
    """ST-REFILL-2, ST-AMB-11, ST-AMB-20: the player picks the discard."""
    s = make([{"slot": 1, "hand": [1, 2, 3, 4, 5]},
              {"slot": 5, "hand": [1, 1, 2, 3, 4, 4, 5]}], turn_order=[0, 1], turn=1)
    do(s, "play 2 to L", "F DR")     # L2 R3 B3: speed 2, drift 1 to the right
    assert s.phase == "discard"
    assert names(s) == ["discard 1", "discard 3", "discard 4", "discard 5"]
    with pytest.raises(IllegalActionError) as err:
        do(s, "discard damage")
    assert err.value.clause == "ST-DAMAGE-2"
    do(s, "discard 4")
    assert seat(s, 1)["hand_size"] == 5 and seat(s, 1)["mat"]["brake"] == 3


def test_ST_DAMAGE_1_2_damage_counts_and_stays():
    # ST-SCN-13: 4 dogs after playing + 2 damage from a limit -> discard 1 dog
    s = make([{"position": [0, 2], "hand": [4, 1, 1, 2, 2], "right": [4]}, FAR], track=limit_track(),
             turn_order=[0, 1])
    do(s, "play 4 to L", "F F F F F")
    assert s.phase == "discard" and seat(s, 0)["hand_size"] == 6
    do(s, "discard 1")
    assert seat(s, 0)["hand_size"] == 5 and seat(s, 0)["damage"] == 2


# ----------------------------------------------------------------- order and end
def corner_track(turn):
    squares = [2, 3, 4, 5] if turn == "left" else [5, 4, 3, 2]
    return {"name": f"corner_{turn}", "lanes": 4, "tiles": [
        {"kind": "straight", "rows": 6, "limit": 3},
        {"kind": "corner", "turn": turn, "squares": squares},
        {"kind": "straight", "rows": 4}, {"kind": "finish", "rows": 3}]}


@pytest.mark.parametrize("turn,order", [("left", [0, 1]), ("right", [1, 0])])
def test_ST_ORDER_5_inside_of_next_corner_first(turn, order):
    s = make([{"position": [2, 1], "hand": [1, 2, 3, 4, 5]},
              {"position": [2, 4], "hand": [1, 2, 3, 4, 5]}], track=corner_track(turn), round=2)
    assert s.snapshot()["turn_order"] == order


def test_ST_ORDER_3_furthest_first_and_ST_AMB_15_flag_side():
    """ST-ORDER-1, ST-ORDER-3, ST-ORDER-6, ST-AMB-15, ST-AMB-21."""
    s = make([{"position": [2, 4], "hand": [1, 2, 3, 4, 5]},
              {"position": [2, 1], "hand": [1, 2, 3, 4, 5]},
              {"position": [5, 3], "hand": [1, 2, 3, 4, 5]}], round=2)
    assert s.snapshot()["turn_order"] == [2, 1, 0]   # no corner ahead: flag (left) side first


def test_ST_END_3_4_same_round_further_beyond_first():
    seats = [{"position": [27, 3], "hand": [2, 1, 1, 5, 5]},
             {"position": [27, 2], "hand": [3, 1, 1, 5, 5]}]
    s = make(seats, turn_order=[1, 0], round=2)
    do(s, "play 3 to B", "F F F", "decline bonus", "draw 1")   # Blue ends 1 row past the line
    do(s, "play 2 to B", "F F F F", "decline bonus", "draw 1")  # Red ends 2 rows past
    assert s.is_terminal() and s.ranking() == [[0], [1]]
    assert s.returns() == [1.0, -1.0]
    s = make(seats, turn_order=[1, 0], round=2, options={"finish_rank_metric": "short_of_line"})
    do(s, "play 3 to B", "F F F", "decline bonus", "draw 1", "play 2 to B", "F F F F", "decline bonus",
       "draw 1")
    assert s.ranking() == [[1], [0]]
    # equal distance: nearer the finish flag (left on straight4) wins
    seats = [{"position": [27, 3], "hand": [3, 1, 1, 5, 5]},
             {"position": [27, 2], "hand": [3, 1, 1, 5, 5]}]
    s = make(seats, turn_order=[0, 1], round=2)
    do(s, "play 3 to B", "F F F", "decline bonus", "draw 1", "play 3 to B", "F F F", "decline bonus",
       "draw 1")
    assert s.ranking() == [[1], [0]]


def test_ST_END_5_crossed_sled_removed_before_next_round():
    s = make([{"position": [30, 2], "status": "crossed"},
              {"position": [29, 2], "hand": [5, 4, 1, 1, 2]}], round=7)
    do(s, "play 5 to B", "F")
    assert seat(s, 1)["position"] == [29, 2] and "blocked" in kinds(s)
    assert seat(s, 0)["position"] is None and seat(s, 0)["status"] == "finished"
    assert s.snapshot()["round"] == 8
    do(s, "play 4 to B", "F F")
    assert seat(s, 1)["position"] == [31, 2]


def test_ST_AMB_23_first_cross_round_ends_race():
    s = make([{"position": [29, 2], "hand": [5, 1, 1, 2, 2]},
              {"position": [10, 1], "hand": [5, 1, 1, 2, 2]},
              {"position": [12, 1], "hand": [5, 1, 1, 2, 2]}], turn_order=[0, 2, 1], round=2,
             options={"end": "first_cross_round"})
    do(s, "play 5 to B", "F", "decline bonus", "draw 1", "play 5 to B", "F", "decline bonus", "draw 1",
       "play 5 to B", "F", "decline bonus", "draw 1")
    assert s.is_terminal() and s.ranking() == [[0], [2], [1]]
    assert s.current_player() == TERMINAL


def test_ST_AMB_13_reshuffle_discards():
    s = make([{"position": [0, 2], "hand": [4, 1, 1, 2, 2], "deck": [],
               "discard": [1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5]}, FAR], turn_order=[0, 1])
    do(s, "play 4 to B")   # speed 2
    do(s, "F F")
    assert s.current_player() == CHANCE and "reshuffle" in kinds(s)
    assert seat(s, 0)["deck_size"] == 16 and seat(s, 0)["discard_size"] == 0
    s = make([{"position": [0, 2], "hand": [4, 1, 1, 2, 2], "deck": [],
               "discard": [1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5]}, FAR], turn_order=[0, 1],
             options={"deck_exhaust": "no_reshuffle"})
    do(s, "play 4 to B", "F F")
    assert seat(s, 0)["hand_size"] == 4 and s.current_player() == 1


def test_ST_AMB_14_limited_dent_supply():
    s = make([{"position": [0, 2], "hand": [4, 4, 1, 1, 2]}, FAR], track=limit_track(),
             turn_order=[0, 1], dents_left=1, options={"dent_supply": 20})
    do(s, "play 4 to L+R", "F F F F F")
    assert seat(s, 0)["damage"] == 1 and s.snapshot()["dents_left"] == 0


def test_ST_AMB_22_bonus_after_stop_and_blocked_bonus():
    seats = [{"position": [20, 1]}, {"position": [0, 2], "hand": [3, 1, 1, 2, 2]},
             {"position": [4, 2]}]
    s = make(seats, turn_order=[0, 2, 1], turn=2, round=2)
    do(s, "play 3 to L", "F F F")
    assert names(s) == ["decline bonus", "take bonus +3"]
    do(s, "take bonus +3")           # the sled at [4, 2] stops it at [3, 2]; no refill
    assert seat(s, 1)["position"] == [3, 2] and seat(s, 1)["blocked"]
    s = make(seats, turn_order=[0, 2, 1], turn=2, round=2,
             options={"bonus_blocked": "refuse_if_blocked"})
    do(s, "play 3 to L", "F F F")
    assert names(s) == ["decline bonus"]
    with pytest.raises(IllegalActionError) as err:
        do(s, "take bonus +3")
    assert err.value.clause == "ST-AMB-22"


def test_ST_AMB_03_no_bonus_in_round_1_by_default():
    seats = [{"slot": 1, "hand": [1, 2, 3, 4, 5]}, {"slot": 2, "hand": [3, 1, 1, 2, 2]}]
    s = make(seats, turn_order=[0, 1], turn=1)
    do(s, "play 3 to L", "F F F")
    assert "bonus_offered" not in kinds(s)
    s = make(seats, turn_order=[0, 1], turn=1, options={"bonus_round1": True})
    do(s, "play 3 to L", "F F F")
    assert names(s) == ["decline bonus", "take bonus +2"]


def test_ST_AMB_16_end_of_finish_tile_stops_without_damage():
    # a racing sled stands short of the finish line (row 29): it crosses and runs on
    s = make([{"position": [27, 2], "left": 5, "right": 5, "hand": [2, 1, 1, 5, 4]}, FAR],
             turn_order=[0, 1])
    do(s, "play 5 to R", "F F F F F F F")
    assert seat(s, 0)["position"] == [33, 2] and seat(s, 0)["damage"] == 0
    assert "end_of_track" in kinds(s)
