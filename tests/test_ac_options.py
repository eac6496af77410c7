"""Aeroplane Chess options: every AC-AMB switch, its default and its alternatives."""
import pytest

from racekit.core.errors import IllegalActionError, OptionError
from racekit.core.game import load_game
from racekit.core.state import CHANCE
from racekit.games.aeroplane_chess.game import GAME_TYPE, PRESET_VALUES
from test_ac_helpers import events, kinds, legal, mk, play, step, where

SPEC_DEFAULTS = {
    "board": "standard52", "launch_rolls": "preset", "capture_mode": "land",
    "tour_capture_mode": "land", "overshoot": "bounce", "optional_effects": False,
    "captured_to": "preset", "six_bonus": "preset", "turn_direction": "cw", "first_player": "random",
    "bonus_roll_on_finish": False, "seat_order": "R,G,B,Y", "finished_player": "skip",
    "six_without_move_rerolls": True, "capture_on_fly_path": False, "jump_fly": "preset",
    "play_for_places": False, "three_sixes_penalty": "off", "launch_moves_steps": "none",
    "max_jumps_per_move": "one", "stack_blocks": False, "teammate_overrun": "new_lap",
    "turn_limit": 0,   # not a rule: every game's round cap (issue 21)
}


def test_every_option_has_the_spec_default_and_cites_its_ambiguity():
    opts = {o.name: o for o in GAME_TYPE.options}
    assert {k: o.default for k, o in opts.items()} == SPEC_DEFAULTS
    for o in GAME_TYPE.options:
        if o.name == "turn_limit":
            continue
        assert any(c.startswith("AC-AMB-") for c in o.clauses), o.name
        assert o.doc


def test_presets_are_data_with_a_source():
    fam, tour = GAME_TYPE.presets
    assert fam.name == "family" and (fam.min_players, fam.max_players, fam.default_players) == (2, 4, 4)
    assert tour.name == "tournament" and (tour.min_players, tour.max_players) == (4, 4)
    assert "001" in fam.source and "001" in tour.source
    assert PRESET_VALUES["family"]["jump_fly"] == "off" and PRESET_VALUES["tournament"]["jump_fly"] == "on"


def test_bad_option_value_names_the_option():
    with pytest.raises(OptionError, match="capture_mode"):
        load_game("aeroplane_chess", capture_mode="sometimes")
    with pytest.raises(OptionError, match="board"):
        load_game("aeroplane_chess", board="nowhere.yaml")


def test_explicit_preset_value_follows_the_preset():
    """AC-AMB-02/07/08/18: an option left at "preset" takes the preset's value."""
    s = mk("tournament", launch_rolls="preset", jump_fly="preset")
    assert s.r.launch == frozenset({5, 6}) and s.r.jump_fly
    s = mk("family", launch_rolls="preset", six_bonus="preset")
    assert s.r.start == 0 and s.r.six == "none"


def test_AC_AMB_02_launch_rolls_even():
    s = mk("tournament", launch_rolls="even")
    play(s, "roll 5")
    assert events(s, "pass")
    s = mk("tournament", launch_rolls="even")
    play(s, "roll 2", "move R1")
    assert where(s, "R1") == "takeoff"


def test_AC_AMB_02_family_with_launch_roll_starts_in_base():
    s = mk("family", launch_rolls="6", setup={})
    assert where(s, "R1") == "base"
    play(s, "roll 5")
    assert events(s, "pass")


def test_AC_AMB_03_capture_mode_none():
    s = mk("family", capture_mode="none", setup={"planes": {"R1": 19, "Y1": {"square": 20}}})
    play(s, "roll 2", "move R1")
    assert s.snapshot()["planes"]["Y1"]["square"] == 20 and not events(s, "capture")


def test_AC_AMB_04_tour_capture_on_passing():
    setup = {"planes": {"R1": 17, "G1": {"square": 18}}}
    s = mk("tournament", setup=setup)
    play(s, "roll 4", "move R1")
    assert where(s, "G1") == "loop"
    s = mk("tournament", tour_capture_mode="pass_and_land", setup=setup)
    play(s, "roll 4", "move R1")
    assert where(s, "G1") == "base" and "AC-AMB-04" in events(s, "capture")[0].clauses


def test_AC_AMB_04_passing_a_bigger_stack_is_harmless():
    s = mk("tournament", tour_capture_mode="pass_and_land",
           setup={"planes": {"R1": 17, "G1": {"square": 18}, "Y1": {"square": 18}}})
    play(s, "roll 4", "move R1")
    assert where(s, "G1") == "loop" and where(s, "R1") == "loop"


def test_AC_AMB_05_exact_only_refuses_overshoot():
    s = mk("family", overshoot="exact_only", setup={"planes": {"R1": 53, "R2": 10}})
    play(s, "roll 5")
    assert "move R1" not in legal(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "move R1")
    assert err.value.clause == "AC-FAM-FINISH-1"


def test_AC_AMB_06_optional_fly_declined():
    s = mk("tournament", optional_effects=True, setup={"planes": {"R1": 15}})
    play(s, "roll 3", "move R1")
    assert legal(s) == ["fly", "no fly"]
    play(s, "no fly")
    assert step(s, "R1") == 18 and s.current_player() == CHANCE


def test_AC_AMB_06_optional_fly_accepted_then_jump_offered():
    s = mk("tournament", optional_effects=True, setup={"planes": {"R1": 15}})
    play(s, "roll 3", "move R1", "fly")
    assert legal(s) == ["jump", "no jump"]
    play(s, "jump")
    assert step(s, "R1") == 34


def test_AC_AMB_06_stack_capture_stays_mandatory():
    s = mk("tournament", optional_effects=True,
           setup={"planes": {"R1": 10, "B1": {"square": 9}, "Y1": {"square": 6}}, "to_move": "yellow"})
    play(s, "roll 3", "move Y1")
    assert where(s, "R1") == "base" and where(s, "Y1") == "base"


def test_AC_AMB_08_one_per_six_in_family():
    s = mk("family", six_bonus="one_per_six", setup={"planes": {"R1": 10}})
    play(s, "roll 6", "move R1")
    assert s.current_player() == CHANCE and s.snapshot()["roller"] == 0
    assert events(s, "extra_roll")[0].data["choice"] is False


def test_AC_AMB_08_family_default_no_extra_roll():
    s = mk("family", setup={"planes": {"R1": 10}})
    play(s, "roll 6", "move R1")
    assert s.snapshot()["turn"] == 1 and not events(s, "extra_roll")
    with pytest.raises(IllegalActionError) as err:
        play(s, "give extra roll to Blue")
    assert err.value.clause == "AC-AMB-08"


def test_AC_AMB_08_tournament_without_gifts():
    s = mk("tournament", six_bonus="one_per_six", setup={"planes": {"R1": 10}})
    play(s, "roll 6", "move R1")
    assert s.current_player() == CHANCE and s.snapshot()["roller"] == 0


def test_AC_AMB_09_turn_direction_and_first_player():
    s = mk("family", first_player="red")
    assert s.current_player() == CHANCE and s.phase == "roll"
    s = mk("family", players=3)
    assert [s.action_to_string(o) for o, _ in s.chance_outcomes()] == ["Red starts", "Yellow starts",
                                                                      "Blue starts"]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in s.chance_outcomes())
    s = mk("family", turn_direction="ccw", setup={})
    play(s, "roll 1", "move R1")
    assert s.snapshot()["turn"] == 3
    s = mk("family", players=3, turn_direction="ccw", setup={})
    play(s, "roll 1", "move R1")
    assert s.snapshot()["turn"] == 2


def test_AC_AMB_11_no_finish_bonus_by_default():
    s = mk("family", setup={"planes": {"R1": 53}})
    play(s, "roll 3", "move R1")
    assert s.snapshot()["turn"] == 1


def test_AC_AMB_12_seat_order_option():
    s = mk("tournament", seat_order="R,Y,B,G")
    play(s, "roll 1")
    assert s.snapshot()["turn"] == 1


def test_AC_AMB_13_gifted_roller_decides_next_six():
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": 5}})
    play(s, "roll 6", "move R1", "give extra roll to Blue", "roll 6", "move B1")
    assert s.current_player() == 2 and legal(s) == ["give extra roll to Red", "keep extra roll"]


def test_AC_AMB_14_finished_player_skips():
    s = mk("tournament", setup={"planes": {f"R{k}": "finish" for k in range(1, 5)}, "to_move": "yellow"})
    play(s, "roll 1")
    assert s.snapshot()["turn"] == 3 and "AC-AMB-14" in events(s, "skip")[0].clauses


def test_AC_AMB_14_roll_for_partner():
    s = mk("tournament", finished_player="roll_for_partner",
           setup={"planes": {**{f"R{k}": "finish" for k in range(1, 5)}, "B1": 10}, "to_move": "red"})
    play(s, "roll 6")
    assert legal(s) == ["move B1", "move B2", "move B3", "move B4"]
    play(s, "move B1")
    assert step(s, "B1") == 16
    assert s.snapshot()["turn"] == 3      # AC-TOUR-SIX-1: no chain, red's own planes are home


def test_AC_AMB_15_must_move_when_possible():
    s = mk("tournament", setup={"planes": {"R1": 10}})
    play(s, "roll 3")
    assert legal(s) == ["move R1"]   # no "pass" action exists


def test_AC_AMB_17_fly_path_capture_off_by_default():
    s = mk("family", jump_fly="on", setup={"planes": {"R1": 15, "B1": {"home": 3}}})
    play(s, "roll 3", "move R1")
    assert step(s, "B1") == 53


def test_AC_AMB_17_fly_path_spares_a_stack():
    s = mk("family", jump_fly="on", capture_on_fly_path=True,
           setup={"planes": {"R1": 15, "B1": {"home": 3}, "B2": {"home": 3}}})
    play(s, "roll 3", "move R1")
    assert step(s, "B1") == 53 and step(s, "B2") == 53


def test_AC_AMB_18_jump_fly_on_off():
    s = mk("family", setup={"planes": {"R1": 4}})
    play(s, "roll 2", "move R1")
    assert step(s, "R1") == 6
    s = mk("family", jump_fly="on", setup={"planes": {"R1": 4}})
    play(s, "roll 2", "move R1")
    assert step(s, "R1") == 10
    s = mk("tournament", jump_fly="off", setup={"planes": {"R1": 15}})
    play(s, "roll 3", "move R1")
    assert step(s, "R1") == 18


def test_AC_AMB_19_no_jump_past_the_loop():
    s = mk("tournament", setup={"planes": {"R1": 44}})
    play(s, "roll 2", "move R1")
    assert step(s, "R1") == 50
    s = mk("tournament", setup={"planes": {"R1": 44}})
    play(s, "roll 6", "move R1")    # no jump from 50 into the home column
    assert step(s, "R1") == 50


def test_AC_AMB_22_play_for_places_ranking():
    s = mk("family", players=2, play_for_places=True,
           setup={"planes": {"R1": 53, "R2": "finish", "R3": "finish", "R4": "finish"}})
    play(s, "roll 3", "move R1")
    assert s.is_terminal() and s.ranking() == [[0], [1]]   # only one player left


def test_AC_AMB_23_penalty_off_by_default():
    s = mk("tournament", setup={"planes": {"R1": 1}})
    play(s, "roll 6", "move R1", "keep extra roll", "roll 6", "move R1", "keep extra roll", "roll 6")
    assert "penalty" not in kinds(s) and legal(s) == ["move R1", "move R2", "move R3", "move R4"]


def test_AC_AMB_24_launch_roll_minus_one_with_a_five():
    s = mk("tournament", launch_moves_steps="roll-1")
    play(s, "roll 5", "move R1")
    assert step(s, "R1") == 4


def test_AC_AMB_25_unlimited_jumps():
    s = mk("tournament", max_jumps_per_move="unlimited", setup={"planes": {"R1": 3}})
    play(s, "roll 3", "move R1")
    # 6 -> 10 -> 14 -> 18, fly 30 -> 34 -> ... -> 50
    assert step(s, "R1") == 50


def test_AC_AMB_26_blocking_off_by_default():
    s = mk("tournament", setup={"planes": {"R1": 27, "Y1": {"square": 29}, "G1": {"square": 29}}})
    play(s, "roll 5", "move R1")
    assert step(s, "R1") == 32


def test_AC_AMB_27_walking_past_teammate_turnoff_refused():
    # blue on loop square 20 is blue step 47: 4 more squares would pass its turn-off (step 50)
    s = mk("tournament", setup={"planes": {"R1": 21, "B1": {"square": 20}}, "phase": "move", "die": 5},
           teammate_overrun="refuse")
    assert "move R1+B1" not in legal(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "move R1+B1")
    assert err.value.clause == "AC-AMB-27"
    s = mk("tournament", setup={"planes": {"R1": 21, "B1": {"square": 20}}, "phase": "move", "die": 3},
           teammate_overrun="refuse")
    play(s, "move R1+B1")
    assert step(s, "B1") == 50 and step(s, "R1") == 24
