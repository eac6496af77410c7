"""Leaf Marathon: each ambiguity's alternative switch, with concrete values (LM-AMB-*)."""
import pytest

import racekit
from racekit.games.leaf_marathon import cards as C
from racekit.games.leaf_marathon import stats as S
from tests.lm_helpers import FIN, act, leaf, make

def kinds(st, kind):
    return [e for e in st.events if e.kind == kind]


def test_forest_add_costs_three():
    st = make([{"stamina": 10, "movement": 1}, FIN], {"forest_stamina": "add"}, terrain=leaf(20, s1="forest"),
              start="movement")
    assert st.stamina[0] == 7, "LM-AMB-05"


@pytest.mark.parametrize("draws, cards", [(True, 4), (False, 3)])
def test_sand_draws_option(draws, cards):
    st = make([{"pos": 0}, FIN], {"sand_draws": draws}, terrain=leaf(20, s3="sand"), start="movement")
    assert kinds(st, "draw_due")[0].data["cards"] == cards, "LM-AMB-08"


@pytest.mark.parametrize("chain, end", [(True, 5), (False, 4)])
def test_sand_chain_option(chain, end):
    st = make([{"pos": 0}, FIN], {"sand_chain": chain}, terrain=leaf(20, s3="sand", s4="sand"), start="movement")
    assert st.pos[0] == end, "LM-AMB-08"


def test_get_over_here_within_five():
    st = make([{"pos": 10, "hand": ["Get Over Here"]}, {"pos": 13}, {"pos": 15}], {"get_over_here": "within5"},
              order=[0, 1, 2])
    names = {st.action_to_string(a) for a in st.legal_actions()}
    assert {"Get Over Here on Blue", "Get Over Here on Green"} <= names, "LM-AMB-10"


def test_play_only_has_no_windows():
    st = make([{"pos": 6}, {"pos": 4, "hand": ["Bear"]}], {"anytime_window": "play_only"}, order=[0, 1])
    act(st, "end turn")
    assert st.phase == "turn" and st.current_player() == 1, "LM-AMB-12"


def test_armor_weighs_one_in_hand_with_the_option():
    st = make([{"hand": ["armor"]}, FIN], {"armor_weight_in_hand": 1})
    assert C.hand_weight(st, 0) == 1, "LM-AMB-15"
    act(st, "equip armor")
    assert C.hand_weight(st, 0) == 0, "LM-AMB-15"


def test_armor_blocks_any_stamina_loss():
    st = make([{"stamina": 10, "armor": True}, FIN], {"armor_blocks": "any_stamina_loss"}, start="movement")
    assert st.stamina[0] == 8 and st.armor[0] == -1, "LM-AMB-16"


def test_armor_blocks_a_weapon_gift():
    st = make([{"pos": 5, "hand": ["weapon"]}, {"pos": 6, "armor": True}], {"armor_blocks": "stamina_loss_and_weapons"},
              order=[0, 1])
    act(st, "give weapon to Blue")
    assert st.hand[1] == [] and st.armor[1] == -1 and st.discard[C.WEAPON] == 1, "LM-AMB-16"


def test_buff_a_heals_with_the_option():
    st = make([{"stamina": 12, "hand": ["element"]}, FIN], {"buff_a_heals": True})
    act(st, "element: buff A")
    assert st.stamina[0] == 13, "LM-AMB-17"


@pytest.mark.parametrize("mode, points", [("share_skip", [3, 3, 1]), ("share_dense", [3, 3, 2]),
                                          ("split", [2.5, 2.5, 1])])
def test_tie_points(mode, points):
    st = make([{"pos": 8, "stamina": 7}, {"pos": 8, "stamina": 7}, {"pos": 7, "stamina": 9}], {"tie_points": mode},
              terrain=leaf(10), start="movement")
    assert [st.leg_points[s][0] for s in range(3)] == points, "LM-AMB-19"


def test_finished_regen_off():
    st = make([{"finished": True, "place": 1, "pos": 20, "stamina": 7, "elements": ["C"]}, {"pos": 5}],
              {"finished_regen": False}, start="round_end")
    assert st.stamina[0] == 7, "LM-AMB-20"


def test_friendship_counts_in_keep():
    st = make([{"finished": True, "place": 1, "pos": 16, "stamina": 9, "elements": ["A"], "friendship": ["C"],
                "hand": ["action"] * 5},
               {"finished": True, "place": 2, "pos": 16, "hand": ["action"] * 5}],
              {"friendship_counts_in_keep": True}, terrain=None, start="round_end", round=9)
    act(st, "roll 5", "roll 2", "keep buff C")
    assert st.elements[0] == [] and st.fbuffs[0] == ["C"], "LM-AMB-22"


def test_bind_lift_global():
    st = make([{"bound": True, "hand": ["element"]}, {"bound": True, "pos": 2, "elements": ["B"]}],
              {"bind_lift": "global"}, order=[0, 1])
    act(st, "element: buff A")
    assert st.bound == [False, False] and S.move_value(st, 1) == 4, "LM-AMB-24"


def test_rewind_terrain_first():
    st = make([{"hand": ["trigger", "effect"]}, FIN], {"rewind_order": "terrain_then_event"}, previous_event=5,
              terrain=leaf(4))
    act(st, "play trigger")
    st.apply_action(16)
    order = [e.kind for e in st.events if e.kind in ("rewind_terrain", "barter")]
    assert st.phase == "select" and order == ["rewind_terrain"], "LM-AMB-26"


def test_bear_doubles_two_for_three_with_all():
    st = make([{"hand": ["action", "effect"], "bear_double": True}, FIN], {"bear_double": "all"})
    act(st, "2-for-3 with effect")
    draws = 0
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
        draws += 1
    assert draws == 6, "LM-AMB-28"


def test_travel_light_by_cards():
    st = make([{"hand": ["trigger", "Free Forced Rest", "armor", "weapon"]}, FIN], {"travel_light_unit": "cards"})
    act(st, "play trigger")
    st.apply_action(2)
    act(st, "pick armor", "pick weapon")
    assert st.pos[0] == 2, "LM-AMB-30"


def test_attraction_d20():
    st = make([{"pos": 10, "hand": ["trigger"]}, {"pos": 19}], {"attraction_die": "d20"}, order=[0, 1])
    act(st, "play trigger")
    st.apply_action(3)
    assert len(st.chance_outcomes()) == 20, "LM-AMB-31"
    st.apply_action(9)
    assert st.pos[1] == 10, "LM-AMB-31"


def test_teleport_triggers_terrain():
    st = make([{"pos": 10, "hand": ["Get Over Here"]}, {"pos": 15}], {"teleport_triggers_terrain": True},
              terrain=leaf(20, s10="forest"), order=[0, 1])
    act(st, "Get Over Here on Blue")
    assert st.stamina[1] == 13 and st.terrain[10] == "leaf", "LM-AMB-36"


def test_sequential_draft():
    from racekit.core.session import Session
    s = Session(racekit.load_game("leaf_marathon", players=3, draft="sequential"), seed=5)
    while s.state.phase != "keep_char":
        s.step()
    assert sum(len(d) for d in s.state.dealt) == 3, "LM-AMB-37"


def test_leg_faint_carry():
    st = make([{"finished": True, "place": 1, "pos": 16, "stamina": 0, "faint": 1, "hand": ["action"] * 5},
               {"finished": True, "place": 2, "pos": 16, "hand": ["action"] * 5}],
              {"leg_faint": "carry"}, terrain=None, start="round_end", round=9)
    act(st, "roll 5", "roll 2")
    assert st.faint[0] == 2 and st.current_player() == 1, "LM-AMB-38"  # sits out leg 2's first round


def test_butterfingers_random_is_a_chance_node():
    st = make([{"hand": ["trigger", "action", "weapon", "effect"]}, FIN], {"butterfingers_pick": "random"})
    act(st, "play trigger")
    st.apply_action(11)
    assert st.phase == "blind" and st.is_chance_node(), "LM-AMB-40"


def test_received_mark_holder_clears_on_change_of_hands():
    st = make([{"pos": 5, "hand": ["trigger", "action"]}, {"pos": 6, "hand": ["weapon (received)"]}],
              {"received_mark": "holder"}, order=[0, 1])
    act(st, "play trigger")
    st.apply_action(8)
    act(st, "target Blue", "take 1", "blind pick weapon (received)", "blind pick action")
    assert st.hand[0] == [C.WEAPON], "LM-AMB-42"


def test_resin_self_off_and_blocks_teleport():
    st = make([{"hand": ["trigger", "action"]}, {"pos": 3}], {"resin_self": False}, order=[0, 1])
    act(st, "play trigger")
    st.apply_action(9)
    assert "Resin Ball on Red" not in [st.action_to_string(a) for a in st.legal_actions()], "LM-AMB-44"
    st = make([{"pos": 10, "hand": ["Get Over Here"]}, {"pos": 15, "held": True}], {"resin_blocks_teleport": True},
              order=[0, 1])
    assert "Get Over Here on Blue" not in [st.action_to_string(a) for a in st.legal_actions()], "LM-AMB-44"


def test_unbuilt_alternatives_are_refused_by_name():
    from racekit.core.errors import OptionError
    for name, value in (("element_buff", "by_card"),):
        with pytest.raises(OptionError, match="not built yet"):
            racekit.load_game("leaf_marathon", **{name: value})


def test_sequential_move_model_first_in_order_takes_the_swamp():
    seats = [{"pos": 8, "movement": 4}, {"pos": 7, "movement": 5}]
    st = make(seats, {"move_model": "sequential_in_play_order"}, terrain=leaf(20, s10="vine"), start="movement",
              order=[1, 0])
    assert st.pos == [12, 10], "LM-AMB-06"   # Blue moves first and is stopped; Red then passes
    st = make(seats, terrain=leaf(20, s10="vine"), start="movement", order=[1, 0])
    assert st.pos == [10, 12], "LM-AMB-06"   # lockstep: Red enters in tick 2, Blue in tick 3


def test_resin_kept_as_a_special_card():
    st = make([{"hand": ["trigger", "action"]}, {"pos": 4}], {"resin_hold": "keep_as_special"}, order=[0, 1])
    act(st, "play trigger")
    st.apply_action(9)
    assert [C.name(c) for c in st.hand[0]] == ["Resin Ball"] and C.hand_weight(st, 0) == 1, "LM-AMB-29"
    act(st, "end turn", "Resin Ball on Blue")
    assert st.held[1] and st.discard[C.ACTION] == 1, "LM-AMB-29"
