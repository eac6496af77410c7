"""Leaf Marathon clause tests with concrete values (LM-*)."""
import pytest

import racekit
from racekit.core.errors import FileFormatError, IllegalActionError, OptionError, SetupError
from racekit.games.leaf_marathon import cards as C
from racekit.games.leaf_marathon import stats as S
from racekit.games.leaf_marathon.content import load_deck, load_map, load_roster
from tests.lm_helpers import FIN, act, events, leaf, make

# ----- content (LM-DATA-*) --------------------------------------------------------------
def test_shipped_content_matches_the_spec_appendix():
    m = load_map("lm_teaching_3leg")
    assert [len(leg) - 1 for leg in m.legs] == [16, 20, 12], "LM-DATA-5"
    counts = [(leg.count("forest"), leg.count("sand"), leg.count("vine")) for leg in m.legs]
    assert counts == [(3, 2, 1), (5, 3, 2), (3, 1, 1)], "LM-DATA-5"
    t = load_map("lm_test_1leg").legs[0]
    assert (t.count("forest"), t.count("sand"), t.count("vine")) == (4, 4, 2), "LM-DATA-3"
    assert t[0] == "start" and t[-1] == "finish" and len(t) == 21, "LM-DATA-3"
    deck = load_deck("placeholder64")
    assert {c.type: c.count for c in deck.cards} == {"action": 20, "weapon": 6, "armor": 6, "recovery": 8,
                                                       "effect": 4, "trigger": 10, "element": 10}, "LM-DATA-7"
    assert sum(c.count for c in deck.cards) == 64, "LM-DATA-2"
    roster = load_roster("demo_base20")
    big = next(c for c in roster.characters if c.id == "big_macintosh")
    assert (big.max_stamina, big.movement) == (15, 1), "LM-DATA-1"
    assert len(roster.characters) == 20 and roster.fixtures[0].id == "test_pony", "LM-AMB-03"
    assert sorted({c.max_stamina for c in roster.characters}) == [12, 13, 14, 15], "LM-DATA-6"


def test_bad_map_file_names_file_line_and_field(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # a content file is a relative path (issue 16)
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: racekit.leaf_marathon.map/1\nid: bad\nlegs:\n  - [start, leaf, lava, finish]\n")
    with pytest.raises(FileFormatError) as err:
        load_map(bad.name)
    assert "bad.yaml:4" in str(err.value) and "legs.0.2" in str(err.value), "LM-AMB-01"
    bad.write_text("format: racekit.leaf_marathon.map/1\nid: bad\nlegs:\n  - [leaf, start, finish]\n")
    with pytest.raises(FileFormatError, match="exactly one 'start'"):
        load_map(bad.name)


def test_map_deck_roster_options_accept_files_and_refuse_nonsense(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mine.yaml"
    path.write_text("format: racekit.leaf_marathon.map/1\nid: mine\nlegs:\n  - [start, forest, finish]\n")
    g = racekit.load_game("leaf_marathon", players=2, map="mine.yaml")
    assert g.legs == (("start", "forest", "finish"),), "LM-AMB-01"
    with pytest.raises(OptionError):
        racekit.load_game("leaf_marathon", deck="nope")
    assert racekit.load_game("leaf_marathon").options["deck"] == "placeholder64", "LM-AMB-02"


def test_setup_errors_name_the_field():
    with pytest.raises(SetupError) as err:
        make([{"hand": ["laser"]}, FIN])
    assert err.value.field.startswith("seats.0.hand")
    with pytest.raises(SetupError) as err:
        make([{"pos": 30}, FIN])
    assert err.value.field == "seats.0.pos"


# ----- state, general ------------------------------------------------------------------
def test_state_tracks_every_per_player_value():
    st = make([{"pos": 4, "stamina": 9, "armor": True, "elements": ["B"], "hand": ["weapon"]}, FIN])
    seat = st.snapshot()["seats"][0]
    for key in ("position", "stamina", "max_stamina", "movement", "weight_limit", "hand", "armor", "buffs",
                "bound", "faint", "finished", "place", "leg_points", "actions_played", "did_2for3", "did_shed",
                "held", "stopped", "rainboom", "bear_next"):
        assert key in seat, "LM-DATA-4"
    assert (seat["position"], seat["stamina"], seat["armor"], seat["buffs"]) == (4, 9, True, ["B"]), "LM-DATA-4"


def test_only_max_stamina_and_movement_are_read_from_characters():
    from racekit.core.session import Session
    s = Session(racekit.load_game("leaf_marathon", players=2), seed=1)
    while s.state.phase != "turn":
        s.step()
    st = s.state
    chars = [e for e in st.events if e.kind == "character"]
    assert len(chars) == 2 and all("LM-GEN-2" in e.clauses and "LM-GEN-1" in e.clauses for e in chars)
    assert set(chars[0].data) == {"name", "max_stamina", "movement", "weight_limit"}, "LM-GEN-2"


def test_players_and_draft_three_distinct_each():
    from racekit.core.session import Session
    s = Session(racekit.load_game("leaf_marathon", players=6), seed=2)
    while s.state.phase != "keep_char":
        s.step()
    st = s.state
    assert [len(d) for d in st.dealt] == [3] * 6, "LM-AMB-37"
    assert len({i for d in st.dealt for i in d}) == 18, "LM-AMB-37"
    with pytest.raises(OptionError):
        racekit.load_game("leaf_marathon", players=7)


# ----- round ----------------------------------------------------------------------------
def test_play_turns_in_order_and_cards_discarded():
    st = make([{"pos": 5, "hand": ["action", "recovery"]}, {"pos": 3}], order=[0, 1])
    assert st.current_player() == 0
    act(st, "action card +1")
    assert st.discard[C.ACTION] == 1, "LM-ROUND-1"
    assert st.current_player() == 0, "LM-ROUND-2"
    act(st, "end turn")
    assert st.current_player() == 1, "LM-ROUND-2"
    act(st, "end turn")
    totals = events(st, "movement_totals")[-1]
    assert totals.data["totals"] == {"0": 4, "1": 3}, "LM-ROUND-3"
    moves = {e.seats[0]: e.data for e in events(st, "move")}
    assert moves[0]["end"] == 9 and moves[1]["end"] == 6, "LM-ROUND-3"


def test_tokens_share_squares():
    st = make([{"pos": 5}, {"pos": 5}], start="movement")
    st.current_player()
    assert st.pos == [8, 8], "LM-MOVE-3"


def test_action_cards_are_the_only_plus_one_cards():
    st = make([{"hand": ["action", "weapon", "effect"]}, FIN])
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert "action card +1" in names and "LM-ACTION-1"
    assert C.is_action(C.ACTION) and not C.is_action(C.WEAPON), "LM-ACTION-1"


def test_action_card_rolls_the_d20_only_with_the_option():
    st = make([{"hand": ["action"]}, FIN])
    with pytest.raises(IllegalActionError) as err:
        act(st, "action card as trigger")
    assert err.value.clause == "LM-AMB-11"
    st = make([{"hand": ["action"]}, FIN], options={"action_as_trigger": True})
    act(st, "action card as trigger")
    assert st.phase == "d20", "LM-ACTION-4"


def test_weights():
    st = make([{"hand": ["action", "weapon", "armor", "recovery", "effect", "trigger", "element", "Bear",
                         "Roadblock", "Free Forced Rest"]}, FIN])
    w = {C.name(c): C.weight(st, c) for c in st.hand[0]}
    assert w["action"] == 1 and w["effect"] == 1 and w["trigger"] == 1, "LM-WEIGHT-1"
    assert w["armor"] == 0, "LM-ARMOR-3"
    assert (w["Bear"], w["Roadblock"], w["Free Forced Rest"]) == (0, 1, 2), "LM-WEIGHT-6"
    assert S.weight_limit(st, 0) == 7


def test_no_hand_limit_only_a_penalty():
    st = make([{"hand": ["action"] * 18}, FIN])
    assert len(st.hand[0]) == 18 and S.movement_total(st, 0) == 0, "LM-WEIGHT-5"
    assert S.excess(st, 0) == 11, "LM-AMB-14"
    st = make([{"hand": ["Free Forced Rest"] * 4}, FIN], options={"excess_unit": "cards"})
    assert S.excess(st, 0) == 0 and C.hand_weight(st, 0) == 8, "LM-AMB-14"


def test_played_elements_weigh_nothing():
    st = make([{"hand": ["element", "action"]}, FIN])
    assert C.hand_weight(st, 0) == 2
    act(st, "element: buff C")
    assert C.hand_weight(st, 0) == 1 and st.elements[0] == ["C"], "LM-ELEMENT-3"


def test_effect_cards_are_plain_non_action_cards():
    st = make([{"hand": ["action", "effect", "trigger"]}, FIN])
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert "2-for-3 with effect" in names, "LM-AMB-13"
    st = make([{"hand": ["trigger", "effect", "element"]}, FIN], magic_bind=1,
              options={"effect_cards": "triggers_and_elements"})
    assert C.hand_weight(st, 0) == 6, "LM-AMB-13"


def test_action_bonus_lasts_a_round_or_a_leg():
    for scope, left in (("round", 0), ("leg", 1)):
        st = make([{"pos": 2, "hand": ["action"]}, {"pos": 1}], order=[0, 1], options={"action_bonus_scope": scope})
        act(st, "action card +1", "end turn", "end turn")
        while st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
        assert st.acts[0] == left, "LM-AMB-04"


def test_forest_per_move_option():
    st = make([{"stamina": 10}, FIN], terrain=leaf(20, s1="forest", s2="forest"), start="movement",
              options={"forest_cost": "per_move"})
    st.current_player()
    assert st.stamina[0] == 10 - 2 - 1 - 1, "LM-AMB-07"
    st = make([{"stamina": 10}, FIN], terrain=leaf(20, s1="forest", s2="forest"), start="movement")
    st.current_player()
    assert st.stamina[0] == 10 - 2 - 2 - 1, "LM-AMB-07"


def test_start_and_leaf_squares_have_no_effect():
    st = make([{"stamina": 10}, FIN], start="movement")
    st.current_player()
    assert st.terrain[0] == "start" and st.pos[0] == 3 and st.stamina[0] == 7, "LM-TERRAIN-LEAF-1"
    assert not [e for e in st.events if e.kind in ("forest", "swamp_stop", "slide")], "LM-TERRAIN-START-1"


# ----- finished players, end ----------------------------------------------------------
def test_finished_players_are_not_targets():
    # an 11-square leg: Blue waits on the finish (square 11), one square ahead of Red
    st = make([{"pos": 10, "hand": ["weapon"]}, {"pos": 11, "finished": True, "place": 1}, {"pos": 9}], order=[0, 2],
              terrain=leaf(11))
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert "give weapon to Blue" not in names and "give weapon to Green" in names, "LM-AMB-20"
    st = make([{"pos": 10, "hand": ["weapon"]}, {"pos": 11, "finished": True, "place": 1}, {"pos": 9}], order=[0, 2],
              options={"finished_targetable": True}, terrain=leaf(11))
    assert "give weapon to Blue" in [st.action_to_string(a) for a in st.legal_actions()], "LM-AMB-20"


def test_game_over_after_the_last_leg_highest_total_wins():
    st = make([{"finished": True, "place": 1, "leg_points": [3, 2, 3], "hand": ["action"] * 5},
               {"finished": True, "place": 2, "leg_points": [2, 3, 2], "hand": ["action"] * 5}],
              leg=3, start="round_end")
    assert st.is_terminal()
    assert st.ranking() == [[0], [1]], "LM-END-1"
    ev = events(st, "game_over")[0]
    assert ev.data["totals"] == [8, 7] and "LM-END-1" in ev.clauses and "LM-GEN-3" in ev.clauses


@pytest.mark.parametrize("mode, ranking", [("share", [[0, 1]]), ("stamina", [[1], [0]]),
                                           ("last_leg_rank", [[1], [0]])])
def test_final_tiebreak(mode, ranking):
    st = make([{"finished": True, "place": 2, "stamina": 3, "leg_points": [3, 2, 2]},
               {"finished": True, "place": 1, "stamina": 9, "leg_points": [2, 2, 3]}],
              leg=3, start="round_end", options={"final_tiebreak": mode})
    assert st.ranking() == ranking, "LM-AMB-21"


# ----- rounding (LM-AMB-23) -------------------------------------------------------------
@pytest.mark.parametrize("x, floor, ceil, up", [(15, 7, 8, 8), (14, 7, 7, 7), (5, 2, 3, 3), (7, 3, 4, 4),
                                                 (1, 0, 1, 1), (0, 0, 0, 0)])
def test_halves_are_exact(x, floor, ceil, up):
    assert (S.floor_half(x), S.ceil_half(x), S.half_up(x)) == (floor, ceil, up), "LM-AMB-23"


# ----- information (LM-AMB-43) ----------------------------------------------------------
def test_hands_are_hidden_in_views_histories_and_texts():
    g = racekit.load_game("leaf_marathon", players=3)
    from racekit.core.session import Session
    s = Session(g, seed=4)
    for _ in range(200):
        s.step()
    st = s.state
    view = st.snapshot(1)
    assert view["seats"][1]["hand"] is not None
    assert view["seats"][0]["hand"] is None and view["seats"][2]["hand"] is None, "LM-AMB-43"
    assert view["seats"][0]["weight"] is None, "LM-AMB-43"
    hist = st.history_for(1)
    hidden = sum(1 for a in hist if a is None)
    assert hidden > 0, "LM-AMB-43"
    for ply, a in enumerate(st.history()):
        if st.visible_to(ply, 1):
            continue
        assert hist[ply] is None
    for e in st.events:
        text = g.render(e)
        if e.kind in ("draw", "blind_take", "dealt"):
            assert not any(t in text for t in C.TYPE_NAMES), "LM-AMB-43"


def test_element_buff_is_chosen_whatever_the_card():
    st = make([{"hand": ["element"]}, FIN])
    names = sorted(st.action_to_string(a) for a in st.legal_actions() if st.action_to_string(a).startswith("element"))
    assert names == ["element: buff A", "element: buff B", "element: buff C"], "LM-AMB-45"
    with pytest.raises(OptionError):
        racekit.load_game("leaf_marathon", element_buff="by_card")
