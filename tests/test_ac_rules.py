"""Aeroplane Chess: one test per spec clause, with concrete values (clause IDs in names/docstrings)."""
import pytest

from racekit.core.errors import IllegalActionError, OptionError
from racekit.core.state import CHANCE, TERMINAL
from helpers import assert_event
from test_ac_helpers import events, kinds, legal, mk, play, step, where


# ----- family preset ---------------------------------------------------------------------

def test_AC_FAM_COMP_1_four_planes_per_player_AMB_21():
    """AC-FAM-COMP-1 / AC-AMB-21: four planes for each player, in that player's colour."""
    for n in (2, 3, 4):
        s = mk("family", players=n)
        planes = s.snapshot()["planes"]
        assert len(planes) == 4 * n, "AC-AMB-21: four planes for each player"
        for seat, letter in enumerate("RYBG"[:n]):
            assert [planes[f"{letter}{k}"]["seat"] for k in range(1, 5)] == [seat] * 4, "AC-FAM-COMP-1"
    assert "G1" not in mk("family", players=3).snapshot()["planes"]
    # a plane of a colour with no player is refused, citing the four-planes-per-player clause
    s = mk("family", players=3, setup={"phase": "move", "die": 6})
    with pytest.raises(IllegalActionError) as err:
        play(s, "move G1")
    assert err.value.clause == "AC-FAM-COMP-1"


def test_AC_FAM_SETUP_1_start_on_takeoff_point():
    """AC-FAM-SETUP-1."""
    s = mk("family", setup={})
    assert all(p["where"] == "takeoff" and p["step"] == 0 for p in s.snapshot()["planes"].values())


def test_AC_FAM_LAUNCH_1_any_roll_moves_off_the_takeoff_point():
    """AC-FAM-LAUNCH-1."""
    for die in range(1, 7):
        s = mk("family", setup={})
        play(s, f"roll {die}")
        assert legal(s) == ["move R1", "move R2", "move R3", "move R4"]
        play(s, "move R1")
        assert step(s, "R1") == die


def test_AC_FAM_TURN_1_one_roll_one_plane_then_next_player():
    """AC-FAM-TURN-1."""
    s = mk("family", setup={}, players=3)
    play(s, "roll 4", "move R2")
    assert step(s, "R2") == 4 and step(s, "R1") == 0
    assert s.current_player() == CHANCE and s.snapshot()["turn"] == 1


def test_AC_FAM_MOVE_1_player_chooses_own_plane_only():
    """AC-FAM-MOVE-1."""
    s = mk("family", setup={"planes": {"R1": 20}})
    play(s, "roll 3")
    assert "move R1" in legal(s) and "move R4" in legal(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "move Y1")
    assert err.value.clause == "AC-FAM-MOVE-1"
    play(s, "move R1")
    assert step(s, "R1") == 23


def test_AC_FAM_CAPTURE_3_landing_sends_opponent_to_takeoff():
    """AC-FAM-CAPTURE-3."""
    s = mk("family", setup={"planes": {"R1": 19, "Y1": {"square": 20}}})
    play(s, "roll 2", "move R1")
    assert where(s, "Y1") == "takeoff" and s.snapshot()["planes"]["R1"]["square"] == 20
    (cap,) = events(s, "capture")
    assert "AC-FAM-CAPTURE-3" in cap.clauses and cap.data["pieces"] == "Y1"


def test_AC_FAM_CAPTURE_2_default_passing_does_not_hit():
    """AC-FAM-CAPTURE-2."""
    s = mk("family", setup={"planes": {"R1": 19, "Y1": {"square": 19}}})
    play(s, "roll 3", "move R1")
    assert s.snapshot()["planes"]["Y1"]["square"] == 19 and not events(s, "capture")


def test_AC_FAM_CAPTURE_1_pass_and_land_hits_on_the_way():
    """AC-FAM-CAPTURE-1."""
    s = mk("family", capture_mode="pass_and_land", setup={"planes": {"R1": 19, "Y1": {"square": 19}}})
    play(s, "roll 3", "move R1")
    assert where(s, "Y1") == "takeoff"
    assert "AC-FAM-CAPTURE-1" in events(s, "capture")[0].clauses


def test_AC_FAM_FINISH_1_exact_roll_enters():
    """AC-FAM-FINISH-1."""
    s = mk("family", setup={"planes": {"R1": 52}})
    play(s, "roll 4", "move R1")
    assert where(s, "R1") == "finish" and step(s, "R1") == 56
    assert "AC-FAM-FINISH-1" in events(s, "finish")[0].clauses


def test_AC_FAM_FINISH_2_last_square_needs_a_one():
    """AC-FAM-FINISH-2."""
    s = mk("family", setup={"planes": {"R1": 55}})
    play(s, "roll 1", "move R1")
    assert where(s, "R1") == "finish"
    s = mk("family", setup={"planes": {"R1": 55}})
    play(s, "roll 6", "move R1")
    assert step(s, "R1") == 51      # 1 pip to the finish, 5 back
    assert "AC-FAM-FINISH-2" in events(s, "bounce")[0].clauses


def test_AC_FAM_FINISH_3_bounce_back_by_surplus():
    """AC-FAM-FINISH-3."""
    s = mk("family", setup={"planes": {"R1": 53}})
    play(s, "roll 5", "move R1")
    assert step(s, "R1") == 54
    b = events(s, "bounce")[0]
    assert b.data["surplus"] == 2 and "AC-FAM-FINISH-3" in b.clauses


def test_AC_FAM_FINISH_4_finished_plane_out_of_play():
    """AC-FAM-FINISH-4."""
    s = mk("family", setup={"planes": {"R1": "finish", "R2": 10}})
    play(s, "roll 2")
    assert "move R1" not in legal(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "move R1")
    assert err.value.clause == "AC-FAM-FINISH-4"


def test_AC_FAM_GOAL_1_first_player_with_all_planes_home_wins():
    """AC-FAM-GOAL-1."""
    s = mk("family", players=2, setup={"planes": {"R1": 53, "R2": "finish", "R3": "finish", "R4": "finish"}})
    play(s, "roll 3", "move R1")
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.ranking() == [[0], [1]] and s.returns() == [1.0, -1.0]
    assert "AC-FAM-GOAL-1" in events(s, "win")[0].clauses


# ----- tournament preset -----------------------------------------------------------------

def test_AC_TOUR_SETUP_1_four_players_two_sides():
    """AC-TOUR-SETUP-1."""
    s = mk("tournament")
    assert s.game.num_players == 4 and s.snapshot()["sides"] == [[0, 2], [1, 3]], "AC-TOUR-SETUP-1"
    with pytest.raises(OptionError, match=r"seats exactly 4 players \(AC-TOUR-SETUP-1\)"):
        mk("tournament", players=3)


def test_AC_TOUR_SETUP_2_planes_start_in_base():
    """AC-TOUR-SETUP-2."""
    s = mk("tournament")
    assert {p["where"] for p in s.snapshot()["planes"].values()} == {"base"}, "AC-TOUR-SETUP-2"


def test_AC_TOUR_TURN_1_red_rolls_first():
    """AC-TOUR-TURN-1."""
    s = mk("tournament")
    assert s.current_player() == CHANCE and s.snapshot()["turn"] == 0
    assert [o for o, _ in s.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    play(s, "roll 2")
    assert s.snapshot()["turn"] == 3      # then counter-clockwise: green


@pytest.mark.parametrize("die", [1, 2, 3, 4])
def test_AC_TOUR_LAUNCH_1_low_rolls_cannot_launch(die):
    """AC-TOUR-LAUNCH-1."""
    s = mk("tournament")
    play(s, f"roll {die}")
    assert events(s, "pass") and s.snapshot()["turn"] == 3


@pytest.mark.parametrize("die", [5, 6])
def test_AC_TOUR_LAUNCH_1_five_or_six_launches(die):
    """AC-TOUR-LAUNCH-1."""
    s = mk("tournament")
    play(s, f"roll {die}", "move R3")
    assert where(s, "R3") == "takeoff" and step(s, "R3") == 0
    assert "AC-TOUR-LAUNCH-1" in events(s, "launch")[0].clauses


def test_AC_TOUR_SIX_1_sixes_chain_until_not_six():
    """AC-TOUR-SIX-1."""
    s = mk("tournament", setup={"planes": {"R1": 1}})
    play(s, "roll 6", "move R1", "keep extra roll", "roll 6", "move R1", "keep extra roll")
    assert step(s, "R1") == 13 and s.current_player() == CHANCE and s.snapshot()["roller"] == 0
    play(s, "roll 3", "move R1")
    assert step(s, "R1") == 16 and s.snapshot()["turn"] == 3
    assert len(events(s, "extra_roll")) == 2


def test_AC_TOUR_SIX_1_chain_stops_when_own_planes_home():
    """AC-TOUR-SIX-1."""
    s = mk("tournament", setup={"planes": {"R1": 50, "R2": "finish", "R3": "finish", "R4": "finish"}})
    play(s, "roll 6", "move R1")
    assert s.snapshot()["turn"] == 3 and "chain_end" in kinds(s)


def test_AC_TOUR_SIX_2_keep_or_give_after_the_move():
    """AC-TOUR-SIX-2."""
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": 3}})
    play(s, "roll 6", "move R1")
    assert legal(s) == ["give extra roll to Blue", "keep extra roll"]
    play(s, "give extra roll to Blue")
    assert s.snapshot()["roller"] == 2 and s.snapshot()["turn"] == 0


def test_AC_TOUR_SIX_3_gift_keeps_seating_order():
    """AC-TOUR-SIX-3."""
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": 3}})
    play(s, "roll 6", "move R1", "give extra roll to Blue", "roll 2", "move B1")
    assert s.snapshot()["turn"] == 3 and s.snapshot()["roller"] == 3
    assert "AC-TOUR-SIX-3" in events(s, "turn")[-1].clauses


def test_AC_TOUR_SIX_4_no_gift_when_own_planes_home():
    """AC-TOUR-SIX-4."""
    s = mk("tournament", setup={"planes": {"R1": 50, "R2": "finish", "R3": "finish", "R4": "finish"}})
    play(s, "roll 6", "move R1")
    with pytest.raises(IllegalActionError) as err:
        play(s, "give extra roll to Blue")
    assert err.value.clause == "AC-TOUR-SIX-4"


def test_AC_TOUR_STACK_1_same_side_pieces_form_a_stack():
    """AC-TOUR-STACK-1."""
    s = mk("tournament", setup={"planes": {"R1": 8, "B1": {"square": 10}}})
    play(s, "roll 3", "move R1")
    st = events(s, "stack")[0]
    assert st.data["square"] == 10 and st.data["pieces"] == "R1+B1"
    assert s.snapshot()["stacks"] == [{"square": 10, "pieces": ["R1", "B1"]}]


def test_AC_TOUR_STACK_2_group_must_hold_own_plane():
    """AC-TOUR-STACK-2."""
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}}, "to_move": "blue",
                                "phase": "move", "die": 3})
    assert legal(s) == ["move B1", "move B1+R1"]
    with pytest.raises(IllegalActionError) as err:
        play(s, "move R1")
    assert err.value.clause == "AC-TOUR-STACK-2"


def test_AC_TOUR_STACK_2_any_subset_including_own():
    """AC-TOUR-STACK-2."""
    s = mk("tournament", setup={"planes": {"R1": 38, "R2": 38, "B1": {"square": 37}}, "phase": "move", "die": 1})
    assert legal(s) == ["move R1", "move R1+B1", "move R1+R2", "move R1+R2+B1", "move R2",
                        "move R2+B1"]


def test_AC_TOUR_STACK_3_teammate_not_into_own_safe_zone():
    """AC-TOUR-STACK-3."""
    s = mk("tournament", setup={"planes": {"R1": 48, "B1": {"square": 47}}, "phase": "move", "die": 5})
    with pytest.raises(IllegalActionError) as err:
        play(s, "move R1+B1")
    assert err.value.clause == "AC-TOUR-STACK-3"
    s = mk("tournament", setup={"planes": {"R1": 48, "B1": {"square": 47}}, "phase": "move", "die": 2})
    play(s, "move R1+B1")   # 48 -> 50 stays on the loop: fine
    assert step(s, "R1") == 50 and step(s, "B1") == 24


def test_AC_TOUR_STACK_4_group_jumps_on_movers_colour():
    """AC-TOUR-STACK-4."""
    s = mk("tournament", setup={"planes": {"R1": 38, "B1": {"square": 37}}, "phase": "move", "die": 4})
    play(s, "move R1+B1")
    assert step(s, "R1") == 46 and step(s, "B1") == 20
    assert "AC-TOUR-STACK-4" in events(s, "jump")[0].clauses


def test_AC_TOUR_CAPTURE_1_single_enemy_back_to_base():
    """AC-TOUR-CAPTURE-1."""
    s = mk("tournament", setup={"planes": {"R1": 17, "G1": {"square": 20}}})
    play(s, "roll 4", "move R1")
    assert where(s, "G1") == "base" and step(s, "R1") == 21


def test_AC_TOUR_CAPTURE_2_outnumbered_everyone_back():
    """AC-TOUR-CAPTURE-2."""
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}, "Y1": {"square": 6}},
                                "to_move": "yellow"})
    play(s, "roll 3", "move Y1")
    assert [where(s, p) for p in ("R1", "B1", "Y1")] == ["base"] * 3


def test_AC_TOUR_CAPTURE_3_equal_group_wins():
    """AC-TOUR-CAPTURE-3."""
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}, "Y1": {"square": 6},
                                           "G1": {"square": 6}}, "to_move": "yellow"})
    play(s, "roll 3", "move Y1+G1")
    assert [where(s, p) for p in ("R1", "B1", "Y1", "G1")] == ["base", "base", "loop", "loop"]


def test_AC_TOUR_CAPTURE_3_bigger_group_wins_over_stack():
    """AC-TOUR-CAPTURE-3."""
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}, "Y1": {"square": 6},
                                           "Y2": {"square": 6}, "G1": {"square": 6}}, "to_move": "yellow"})
    play(s, "roll 3", "move Y1+Y2+G1")
    assert where(s, "R1") == "base" and where(s, "Y2") == "loop"


def test_AC_TOUR_JUMP_1_own_colour_jumps_four():
    """AC-TOUR-JUMP-1."""
    s = mk("tournament", setup={"planes": {"R1": 4}})
    play(s, "roll 2", "move R1")
    assert step(s, "R1") == 10


def test_AC_TOUR_FLY_1_die_on_dashed_square_flies_then_jumps():
    """AC-TOUR-FLY-1."""
    s = mk("tournament", setup={"planes": {"R1": 15}})
    play(s, "roll 3", "move R1")
    assert step(s, "R1") == 34
    assert [e.kind for e in s.events if e.kind in ("fly", "jump")] == ["fly", "jump"]


def test_AC_TOUR_FLY_2_jump_onto_dashed_square_flies_and_stops():
    """AC-TOUR-FLY-2."""
    s = mk("tournament", setup={"planes": {"R1": 12}})
    play(s, "roll 2", "move R1")
    assert step(s, "R1") == 30
    assert "AC-TOUR-FLY-2" in events(s, "fly")[0].clauses


def test_AC_TOUR_FINISH_1_finished_piece_is_not_controlled():
    """AC-TOUR-FINISH-1."""
    s = mk("tournament", setup={"planes": {"R1": "finish", "R2": 10}})
    play(s, "roll 3")
    assert legal(s) == ["move R2"]
    with pytest.raises(IllegalActionError) as err:
        play(s, "move R1")
    assert err.value.clause == "AC-TOUR-FINISH-1"


def test_AC_TOUR_FINISH_2_exact_or_bounce():
    """AC-TOUR-FINISH-2."""
    s = mk("tournament", setup={"planes": {"R1": 54}})
    play(s, "roll 4", "move R1")
    assert step(s, "R1") == 54
    s = mk("tournament", setup={"planes": {"R1": 54}})
    play(s, "roll 2", "move R1")
    assert where(s, "R1") == "finish"


def test_AC_TOUR_WIN_1_side_wins_with_eight_home():
    """AC-TOUR-WIN-1."""
    home = {f"{c}{k}": "finish" for c in "RB" for k in range(1, 5)}
    home["B4"] = 54
    s = mk("tournament", setup={"planes": home, "to_move": "blue"})
    play(s, "roll 2", "move B4")
    assert s.is_terminal() and s.ranking() == [[0, 2], [1, 3]]
    # the side shares first place: each seat beats the two opponents and ties with its teammate
    assert s.returns() == pytest.approx([2 / 3, -2 / 3, 2 / 3, -2 / 3])


def test_AC_TOUR_WIN_1_seven_home_is_not_enough():
    """AC-TOUR-WIN-1."""
    home = {f"{c}{k}": "finish" for c in "RB" for k in range(1, 5)}
    home["B4"] = 50
    s = mk("tournament", setup={"planes": home, "to_move": "blue"})
    play(s, "roll 2", "move B4")
    assert not s.is_terminal()


# ----- both presets -----------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["family", "tournament"])
def test_AC_BOTH_MOVE_1_one_square_per_pip(preset):
    """AC-BOTH-MOVE-1."""
    s = mk(preset, setup={"planes": {"R1": 23}})
    play(s, "roll 5", "move R1")
    assert step(s, "R1") == 28
    assert_event(s, "move", clause="AC-BOTH-MOVE-1", pieces="R1", to=28, die=5, square=27)
    assert events(s, "move")[0].data == {"pieces": "R1", "from": 23, "to": 28, "die": 5, "square": 27}


@pytest.mark.parametrize("preset", ["family", "tournament"])
def test_AC_BOTH_MOVE_2_no_legal_move_passes(preset):
    """AC-BOTH-MOVE-2."""
    s = mk(preset, overshoot="exact_only",
           setup={"planes": {"R1": 54, "R2": "finish", "R3": "finish", "R4": "finish"}})
    play(s, "roll 4")
    assert s.current_player() == CHANCE and s.snapshot()["turn"] != 0
    assert events(s, "pass")[0].data == {"die": 4}
    assert step(s, "R1") == 54


@pytest.mark.parametrize("preset", ["family", "tournament"])
def test_AC_BOTH_FINISH_1_bounce_is_default(preset):
    """AC-BOTH-FINISH-1."""
    s = mk(preset, setup={"planes": {"R1": 52}})
    play(s, "roll 6", "move R1")
    assert step(s, "R1") == 54
    assert "AC-BOTH-FINISH-1" in events(s, "bounce")[0].clauses


def test_AC_AMB_20_no_capture_in_home_column():
    """AC-AMB-20: home squares are private; a home-column landing never captures."""
    s = mk("tournament", setup={"planes": {"R1": 50, "R2": 53}})
    play(s, "roll 3", "move R1")
    assert step(s, "R1") == 53 and step(s, "R2") == 53 and not events(s, "capture")
    assert_event(s, "move", clause="AC-AMB-20", pieces="R1", to=53)   # into its own safe zone
    # every colour's home column is its own: red, yellow and blue each on their step 53 share
    # no square, so there is no capture and no stack, even capturing when passing
    for mode in ("land", "pass_and_land"):
        s = mk("tournament", tour_capture_mode=mode,
               setup={"planes": {"R1": 50, "Y1": 53, "B1": 53}, "phase": "move", "die": 3})
        play(s, "move R1")
        assert [step(s, p) for p in ("R1", "Y1", "B1")] == [53, 53, 53], "AC-AMB-20"
        assert not events(s, "capture") and s.snapshot()["stacks"] == [], "AC-AMB-20"
    s = mk("tournament", setup={"planes": {"R1": 49, "Y1": {"square": 49}}})
    assert s.snapshot()["planes"]["Y1"]["step"] == 37  # loop square 49 is yellow's step 37


def test_AC_AMB_07_captured_to_destinations():
    """AC-AMB-07: captured planes go to the take-off point or the base as configured."""
    """AC-AMB-07."""
    s = mk("tournament", captured_to="takeoff", setup={"planes": {"R1": 17, "G1": {"square": 20}}})
    play(s, "roll 4", "move R1")
    assert where(s, "G1") == "takeoff", "AC-AMB-07"
    # the tournament default: under AC-TOUR-CAPTURE-2 both sides' pieces go back to base
    s = mk("tournament", setup={"planes": {"R1": 17, "G1": {"square": 20}, "G3": {"square": 20}}})
    play(s, "roll 4", "move R1")
    assert [where(s, p) for p in ("R1", "G1", "G3")] == ["base"] * 3
    cap = events(s, "capture")[0]
    assert "AC-AMB-07" in cap.clauses and cap.data["to"] == "base"
    s = mk("family", captured_to="base", setup={"planes": {"R1": 19, "Y1": {"square": 20}}})
    play(s, "roll 2", "move R1")
    assert where(s, "Y1") == "base"
