"""Leaf Marathon: concrete evidence for clauses that used to be cited only (LM-*).

Each test checks values that show the rule and that the engine's event (or the data
file's error) names the clause where the rule acts.
"""
import pytest

import racekit
from racekit.core.errors import FileFormatError, IllegalActionError, OptionError
from racekit.core.session import Session
from racekit.games.leaf_marathon import cards as C
from racekit.games.leaf_marathon.content import HERE, load_deck, load_map, load_roster
from tests.helpers import assert_event
from tests.lm_helpers import FIN, act, events, leaf, make

# ----- data files (LM-DATA-*, LM-AMB-01..03) -------------------------------------------
def test_map_file_breaking_the_leg_shape_names_the_clause(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # a content file is a relative path (issue 16)
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: racekit.leaf_marathon.map/1\nid: bad\nlegs:\n  - [leaf, start, finish]\n")
    with pytest.raises(FileFormatError, match=r"exactly one 'start', at index 0 \(LM-DATA-3\)"):
        load_map(bad.name)
    bad.write_text("format: racekit.leaf_marathon.map/1\nid: bad\nlegs:\n  - [start, finish, leaf]\n")
    with pytest.raises(FileFormatError, match=r"exactly one 'finish', at the last index \(LM-DATA-3\)"):
        load_map(bad.name)
    bad.write_text("format: racekit.leaf_marathon.map/1\nid: bad\nlegs:\n  - [start, finish]\n")
    with pytest.raises(FileFormatError, match=r"at least one square and a finish \(LM-DATA-3\)"):
        load_map(bad.name)
    ok = load_map("lm_test_1leg").legs[0]
    assert (ok[0], ok[-1], len(ok) - 1) == ("start", "finish", 20)


def test_deck_file_missing_a_card_type_names_the_clause(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    src = (HERE / "decks" / "placeholder64.yaml").read_text()
    bad = tmp_path / "deck.yaml"
    bad.write_text(src.replace("  - {type: effect,   count: 4,  weight: 1, bound_weight: 2}\n", ""))
    with pytest.raises(FileFormatError, match=r"each type once \(LM-DATA-2\)"):
        load_deck(bad.name)
    assert len(load_deck("placeholder64").cards) == 7


def test_shipped_deck_counts(tmp_path):
    deck = load_deck("placeholder64")
    counts = {c.type: c.count for c in deck.cards}
    assert counts == {"action": 20, "weapon": 6, "armor": 6, "recovery": 8, "effect": 4, "trigger": 10,
                      "element": 10}
    assert sum(counts.values()) == 64
    # the draw pile holds the same mix: a first draw from a fresh pile follows the counts
    st = make([{"hand": ["action", "effect"]}, {"hand": []}])
    act(st, "2-for-3 with effect")
    assert st.is_chance_node()
    probs = {st.action_to_string(a): p for a, p in st.chance_outcomes()}
    assert probs == {"draw action": 19 / 62, "draw weapon": 6 / 62, "draw armor": 6 / 62,
                     "draw recovery": 8 / 62, "draw effect": 3 / 62, "draw trigger": 10 / 62,
                     "draw element": 10 / 62}


def test_content_options_name_the_data_file_rule():
    with pytest.raises(OptionError) as err:
        racekit.load_game("leaf_marathon", map="no_such_map")
    assert "LM-AMB-01" in str(err.value) and "lm_teaching_3leg" in str(err.value)
    with pytest.raises(OptionError) as err:
        racekit.load_game("leaf_marathon", deck="no_such_deck")
    assert "LM-AMB-02" in str(err.value) and "placeholder64" in str(err.value)
    with pytest.raises(OptionError) as err:
        racekit.load_game("leaf_marathon", characters="no_such_roster")
    assert "LM-AMB-03" in str(err.value) and "demo_base20" in str(err.value)


def test_map_comes_from_a_data_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mine.yaml"
    path.write_text("format: racekit.leaf_marathon.map/1\nid: mine\nlegs:\n  - [start, forest, finish]\n")
    g = racekit.load_game("leaf_marathon", players=2, map="mine.yaml")
    assert g.legs == (("start", "forest", "finish"),)
    with pytest.raises(OptionError, match="LM-AMB-01"):
        racekit.load_game("leaf_marathon", map="missing.yaml")


def test_characters_give_max_stamina_and_movement_from_the_roster():
    s = Session(racekit.load_game("leaf_marathon", players=2), seed=1)
    while s.state.phase != "turn":
        s.step()
    roster = {c.name: c for c in load_roster("demo_base20").characters}
    for seat in (0, 1):
        ev = [e for e in s.state.events if e.kind == "character" and list(e.seats) == [seat]][0]
        ch = roster[ev.data["name"]]
        assert_event(s.state, "character", clause="LM-DATA-1", seats=[seat], max_stamina=ch.max_stamina,
                     movement=ch.movement)


# ----- round (LM-ROUND-1, LM-ROUND-3) --------------------------------------------------
def test_play_turns_follow_the_order_and_played_cards_are_discarded():
    st = make([{"pos": 5, "hand": ["action", "recovery"]}, {"pos": 3}], order=[1, 0])
    assert st.current_player() == 1
    act(st, "end turn")
    assert st.current_player() == 0
    act(st, "action card +1")
    assert st.discard[C.ACTION] == 1 and st.hand[0] == [C.RECOVERY]
    starts = events(st, "turn_start")
    assert [e.seats[0] for e in starts] == [1, 0]
    assert all("LM-ROUND-1" in e.clauses for e in starts)


def test_everyone_moves_after_the_last_play_turn():
    st = make([{"pos": 5, "hand": ["action", "recovery"]}, {"pos": 3}], order=[0, 1])
    act(st, "action card +1", "end turn")
    assert not events(st, "move")
    act(st, "end turn")
    assert_event(st, "movement_totals", clause="LM-ROUND-3", totals={"0": 4, "1": 3})
    assert_event(st, "move", clause="LM-ROUND-3", seats=[0], end=9)
    assert_event(st, "move", clause="LM-ROUND-3", seats=[1], end=6)


# ----- action cards (LM-ACTION-1, LM-ACTION-4, LM-AMB-04) ------------------------------
def test_only_action_cards_add_one_movement():
    st = make([{"hand": ["action", "weapon", "effect"]}, FIN])
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert names.count("action card +1") == 1
    act(st, "action card +1")
    assert_event(st, "action_card", clause="LM-ACTION-1", seats=[0], played=1)
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert "action card +1" not in names


def test_action_card_as_event_trigger_rolls_the_d20():
    st = make([{"hand": ["action"]}, FIN], options={"action_as_trigger": True})
    act(st, "action card as trigger")
    assert st.phase == "d20" and st.hand[0] == []
    assert_event(st, "trigger_played", clause="LM-ACTION-4", seats=[0])
    st = make([{"hand": ["action"]}, FIN])
    with pytest.raises(IllegalActionError):
        act(st, "action card as trigger")


@pytest.mark.parametrize("scope, left", [("round", 0), ("leg", 1)])
def test_action_bonus_lasts_one_round_by_default(scope, left):
    st = make([{"pos": 2, "hand": ["action"]}, {"pos": 1}], order=[0, 1], options={"action_bonus_scope": scope})
    act(st, "action card +1")
    assert_event(st, "action_card", clause="LM-AMB-04", seats=[0])
    act(st, "end turn", "end turn")
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st.acts[0] == left
    assert_event(st, "move", seats=[0], end=2 + 3 + 1)


# ----- weight (LM-WEIGHT-1, LM-WEIGHT-5, LM-ARMOR-3, LM-ELEMENT-3, LM-AMB-14) ----------
def test_excess_is_counted_in_weight_units():
    st = make([{"hand": ["Free Forced Rest"] * 4}, FIN], start="movement")
    st.current_player()
    assert C.hand_weight(st, 0) == 8
    assert_event(st, "movement_totals", clause="LM-AMB-14", excess={"0": 1}, totals={"0": 2})
    st = make([{"hand": ["Free Forced Rest"] * 4}, FIN], start="movement", options={"excess_unit": "cards"})
    st.current_player()
    assert_event(st, "movement_totals", clause="LM-AMB-14", excess={"0": 0}, totals={"0": 3})


def test_played_element_buff_weighs_nothing():
    st = make([{"hand": ["element", "action"]}, FIN])
    assert C.hand_weight(st, 0) == 2
    act(st, "element: buff C")
    assert C.hand_weight(st, 0) == 1 and st.elements[0] == ["C"]
    assert_event(st, "element", clause="LM-ELEMENT-3", seats=[0], buff="C")


def test_element_buff_is_any_unowned_type_whatever_the_card():
    st = make([{"hand": ["element", "element"], "elements": ["B"]}, FIN])
    names = sorted(st.action_to_string(a) for a in st.legal_actions()
                   if st.action_to_string(a).startswith("element"))
    assert names == ["element: buff A", "element: buff C"]
    act(st, "element: buff A")
    assert_event(st, "element", clause="LM-AMB-45", seats=[0], buff="A")


def test_effect_card_serves_as_the_non_action_card_of_two_for_three():
    st = make([{"hand": ["action", "effect"]}, FIN])
    assert C.hand_weight(st, 0) == 2
    act(st, "2-for-3 with effect")
    assert_event(st, "two_for_three", clause="LM-AMB-13", seats=[0], card="effect")
    assert st.discard[C.EFFECT] == 1 and st.discard[C.ACTION] == 1


# ----- terrain (LM-TERRAIN-START-1, LM-AMB-07) -----------------------------------------
def test_each_leg_begins_on_its_start_square():
    g = racekit.load_game("leaf_marathon", players=2)
    st = g.new_initial_state(setup={"seats": [{"finished": True, "place": 1, "pos": 16},
                                              {"finished": True, "place": 2, "pos": 16}], "start": "round_end"})
    assert not st.is_terminal()
    assert st.leg == 1 and st.pos == [0, 0] and st.terrain[0] == "start"
    assert_event(st, "leg_start", clause="LM-TERRAIN-START-1", leg=2, finish=20)


@pytest.mark.parametrize("mode, costs", [("per_square", [2, 2]), ("per_move", [2, 1])])
def test_forest_costs_per_square_entered(mode, costs):
    st = make([{"stamina": 10}, FIN], terrain=leaf(20, s1="forest", s2="forest"), start="movement",
              options={"forest_cost": mode})
    st.current_player()
    forest = events(st, "forest")
    assert [e.data["cost"] for e in forest] == costs
    assert all("LM-AMB-07" in e.clauses for e in forest)
    assert st.stamina[0] == 10 - sum(costs) - 1


# ----- end, draft, information (LM-AMB-21, LM-AMB-37, LM-AMB-43) -----------------------
@pytest.mark.parametrize("mode, ranking", [("share", [[0, 1]]), ("stamina", [[1], [0]]),
                                           ("last_leg_rank", [[1], [0]])])
def test_final_tie_is_shared_by_default(mode, ranking):
    st = make([{"finished": True, "place": 2, "stamina": 3, "leg_points": [3, 2, 2]},
               {"finished": True, "place": 1, "stamina": 9, "leg_points": [2, 2, 3]}],
              leg=3, start="round_end", options={"final_tiebreak": mode})
    assert st.is_terminal() and st.ranking() == ranking
    assert_event(st, "game_over", clause="LM-AMB-21", totals=[7, 7])


def test_each_of_six_players_is_dealt_three_distinct_characters():
    s = Session(racekit.load_game("leaf_marathon", players=6), seed=2)
    while s.state.phase != "keep_char":
        s.step()
    st = s.state
    for seat in range(6):
        assert_event(st, "dealt", clause="LM-AMB-37", seats=[seat], count=3)
    assert len({i for d in st.dealt for i in d}) == 18


def test_weights_and_totals_become_public_only_at_the_movement_step():
    st = make([{"pos": 2, "hand": ["action", "weapon"]}, {"pos": 1, "hand": ["effect"]}], order=[0, 1])
    view = st.snapshot(1)
    assert view["seats"][0]["hand"] is None and view["seats"][0]["weight"] is None
    assert view["seats"][0]["hand_size"] == 2
    assert not events(st, "movement_totals")
    act(st, "end turn", "end turn")
    assert_event(st, "movement_totals", clause="LM-AMB-43", totals={"0": 3, "1": 3})
