"""Impossible positions written as a careless designer or an attacker would (issue 16): wrong
types (text for numbers, yes/no, fractions, null, huge numbers), counts the rules never allow,
and facts the first invariant lists missed. Each is refused with a SetupError that names the
field and the value in plain words (and the seat and clause where a rule is broken); valid
edge positions are still accepted."""
import pytest

import racekit
from racekit.core.errors import SetupError

LM_LEG = ["start"] + ["leaf"] * 19 + ["finish"]
ST = {"track": "straight4", "turn_order": [0, 1]}
ST_B = {"position": [5, 1], "hand": [1, 2, 3, 4, 5]}
WS = {"order": [0, 1, 2], "cells": {"C1": ["N"], "C2": ["N"], "C3": ["N"]}}
WS_SEATS = [{"at": "1,5", "alt": 2, "dice": ["C1"]}, {"at": "5,5", "alt": 1, "dice": ["C2"]},
            {"at": "3,33", "dice": ["C3"]}]


def fam(**setup):
    return ("aeroplane_chess", {"players": 2, "preset": "family"}, setup)


def tour(**setup):
    return ("aeroplane_chess", {"preset": "tournament"}, setup)


def st(first, second=None, options=None, **setup):
    return ("snow_tails", {"players": 2, **(options or {})},
            {**ST, "seats": [first, second or dict(ST_B)], **setup})


def ws(k=None, options=None, seat=None, **setup):
    seats = [dict(s) for s in WS_SEATS]
    if k is not None:
        seats[k].update(seat or {})
    return ("wingsuit", {"players": 3, **(options or {})}, {**WS, "seats": seats, **setup})


def lm(seats, **setup):
    return ("leaf_marathon", {"players": len(seats)}, {"terrain": LM_LEG, "seats": seats, **setup})


# (game, options, set-up), field, words the message must hold (the value among them)
REFUSED = [
    # ----- Aeroplane Chess: types and ranges
    (fam(planes={"R1": True}), "planes.R1", ["not true (a yes/no value)"]),
    (fam(planes={"R1": "10"}), "planes.R1", ["the text '10' (a number is written without quotes)"]),
    (fam(planes={"R1": 3.0}), "planes.R1", ["not 3.0"]),
    (fam(planes={"R1": None}), "planes.R1", ["not nothing (null)"]),
    (fam(planes={"R1": "bsae"}), "planes.R1", ["base, takeoff", "not the text 'bsae'"]),
    (fam(planes={"R1": 57}), "planes.R1", ["seat 0 (Red)", "value 57", "(AC-AMB-01)"]),
    (fam(planes={"R1": -3}), "planes.R1", ["seat 0 (Red)", "value -3", "(AC-AMB-01)"]),
    (fam(planes={"R1": 10 ** 30}), "planes.R1", ["value 1000000000000000000000000000000"]),
    (fam(planes={"Y2": {"square": 52}}), "planes.Y2", ["seat 1 (Yellow)", "'square': 52", "(AC-AMB-01)"]),
    (fam(planes={"Y2": {"square": -1}}), "planes.Y2", ["'square': -1", "(AC-AMB-01)"]),
    (fam(planes={"R1": {"home": 0}}), "planes.R1", ["'home': 0", "(AC-AMB-01)"]),
    (fam(phase="move", die="6", planes={"R1": 3}), "die", ["from 1 to 6", "the text '6'"]),
    (fam(phase="move", die=True, planes={"R1": 3}), "die", ["true (a yes/no value)"]),
    (fam(sixes=3), "sixes", ["from 0 to 2", "not 3"]),
    (fam(to_move=1.5), "to_move", ["not 1.5"]),
    (fam(sixes=2), "sixes", ["seat 0 (Red)", "value 2", "(AC-AMB-08)"]),   # no extra roll, no run
    (tour(sixes=1, phase="move", die=3, planes={"R1": 3}), "sixes", ["value 1", "(AC-TOUR-SIX-1)"]),
    # ----- Snow Tails: hand sizes the rules never leave (ST-REFILL-2, ST-SETUP-6, ST-ELIM-1)
    (st({"position": [0, 2], "hand": [1, 2, 3, 4, 5, 5, 5]}), "seats.0.hand",
     ["seat 0 (Red)", "value 7", "(ST-REFILL-2)"]),                  # 7 cards, no slot 5
    (st({"position": [0, 2], "hand": [1, 2, 3, 4, 5, 5]}, round=3), "seats.0.hand", ["value 6", "(ST-REFILL-2)"]),
    (st({"position": [0, 2], "hand": [1, 2, 3, 4, 5], "damage": 3}), "seats.0.hand",
     ["value 8", "5 dog and 3 damage", "(ST-REFILL-2)"]),
    (st({"position": [0, 2], "hand": [1, 2, 3, 4, 5]}, {"position": [5, 1], "hand": [1, 2, 3, 4, 5, 1]},
        turn=1), "seats.1.hand", ["seat 1 (Blue)", "value 6"]),
    (st({"slot": 5, "position": [0, 2], "hand": [1, 1, 2, 3, 4, 4, 5]}, {"slot": 1, "position": [5, 1]},
        turn_order=[1, 0], turn=1, round=2), "seats.0.hand", ["value 7", "(ST-REFILL-2)"]),
    (st({"status": "eliminated", "hand": [1, 2]}, turn_order=[1]), "seats.0.hand",
     ["seat 0 (Red)", "an eliminated player holds no dog card", "(ST-ELIM-1)"]),
    (st({"status": "eliminated", "position": [0, 2]}, turn_order=[1]), "seats.0.position",
     ["an eliminated sled is off the track"]),
    # ----- Snow Tails: types
    (st({"position": [0, 2], "hand": [True, 2, 3, 4, 5]}), "seats.0.hand.0", ["true (a yes/no value)"]),
    (st({"position": [0, 2], "hand": ["3", 2, 3, 4, 5]}), "seats.0.hand.0", ["the text '3'"]),
    (st({"position": [0, 2], "hand": [6, 2, 3, 4, 5]}), "seats.0.hand", ["1 to 5, not 6"]),
    (st({"position": [0, 2], "hand": [1], "damage": "2"}), "seats.0.damage", ["the text '2'"]),
    (st({"position": [0, 2], "hand": [1], "damage": -1}), "seats.0.damage", ["not -1"]),
    (st({"position": [0, 2], "hand": [1], "brake": "3"}), "seats.0.brake", ["the text '3'"]),
    (st({"position": [0, 2], "hand": [1], "left": 6}), "seats.0.left", ["not 6"]),
    (st({"position": ["0", "2"], "hand": [1]}), "seats.0.position.0", ["the text '0'"]),
    (st({"position": [0], "hand": [1]}), "seats.0.position", ["[row, lane], not [0]"]),
    (st({"position": [0, 2], "hand": [1]}, round=1.5), "round", ["not 1.5"]),
    # ----- Wingsuit Flight: types, dice, the acting seat
    (ws(0, seat={"alt": True}), "seats.0.alt", ["true (a yes/no value)"]),      # was altitude 1
    (ws(0, seat={"alt": "3"}), "seats.0.alt", ["the text '3'"]),
    (ws(0, seat={"alt": 10 ** 30}), "seats.0.alt", ["value 1000000000000000000000000000000", "(WS-ALT-1)"]),
    (ws(0, seat={"at": 15}), "seats.0.at", ["not 15"]),
    (ws(0, seat={"dice": ["C1", "C2", "C3", "B4"]}), "seats.0.dice", ["seat 0 (Red)", "value 4", "(WS-PLAN-3)"]),
    (ws(0, seat={"cubes": ["red", "red", "red"]}), "seats.0.cubes", ["(WS-ITEM-2)"]),
    (ws(bag={"red": "4", "yellow": 5, "blue": 5}), "bag.red", ["the text '4'"]),
    (ws(next=7), "next", ["0 to 2, not 7"]),
    (ws(next="1"), "next", ["the text '1'"]),
    (ws(0, seat={"at": "1,5"}, terrain={"1,5": {"h": "3"}}), "terrain.1,5.h", ["white or void, not '3'"]),
    (ws(round=2.0), "round", ["not 2.0"]),
    # ----- Leaf Marathon: finish places and points (LM-FINISH-1, LM-AMB-19, LM-TERRAIN-FINISH-1)
    (lm([{}, {"finished": True, "place": 1}], places=[[0]]), "places", ["value [[0]]", "(LM-FINISH-1)"]),
    (lm([{}, {"finished": True, "place": 1}], places=[[7]]), "places", ["value [[7]]"]),
    (lm([{}, {"finished": True, "place": 1}], places=[[1], [1]]), "places", ["value [[1], [1]]"]),
    (lm([{}, {"finished": True, "place": 9}], places=[[1]]), "seats.1.place",
     ["seat 1 (Blue)", "value 9", "place 1", "(LM-AMB-19)"]),
    (lm([{"place": 2}, {"finished": True, "place": 1}]), "seats.0.place",
     ["seat 0 (Red)", "value 2", "has not finished", "(LM-FINISH-1)"]),
    (lm([{"leg_points": [-5]}, {}]), "seats.0.leg_points", ["value [-5, 0, 0]", "0 to 3 points"]),
    (lm([{"leg_points": [0, 3]}, {}]), "seats.0.leg_points", ["leg 2 is not played yet"]),
    (lm([{"leg_points": [0, 0, 0, 0, 3]}, {}]), "seats.0.leg_points", ["the map has 3 legs, not 5"]),
    (lm([{"leg_points": [float("nan")]}, {}]), "seats.0.leg_points.0", ["not nan"]),
    (lm([{}, {}], magic_bind=2), "magic_bind", ["value 2", "(LM-AMB-25)"]),
    (lm([{}, {}], magic_bind=10 ** 9), "magic_bind", ["not 1000000000"]),   # 2 ** level never computed
    # ----- Leaf Marathon: types
    (lm([{"stamina": "5"}, {}]), "seats.0.stamina", ["the text '5'"]),
    (lm([{"stamina": True}, {}]), "seats.0.stamina", ["true (a yes/no value)"]),
    (lm([{"pos": 2.5}, {}]), "seats.0.pos", ["not 2.5"]),
    (lm([{"acts": 10 ** 9}, {}]), "seats.0.acts", ["from 0 to 20"]),
    (lm([{}, {}], pile={"action": "3"}), "pile.action", ["the text '3'"]),
    (lm([{}, {}], round=None), "round", ["nothing (null)"]),
]

ACCEPTED = [
    fam(planes={"R1": 56, "R2": 55, "R3": {"home": 5}, "R4": {"square": 49}}),   # one plane short
    fam(planes={"R1": "finish", "R2": "Start", "Y1": 0}),
    tour(planes={"R1": {"square": 10}, "B1": {"square": 10}}),   # teammates share a square
    tour(planes={"B1": {"square": 24}}),                        # a carried plane short of its entry
    tour(sixes=2),                                              # two sixes, the third roll next
    ("aeroplane_chess", {"preset": "tournament", "three_sixes_penalty": "on"},
     {"sixes": 2, "phase": "move", "die": 6, "planes": {"R1": 3}}),
    # Snow Tails: slot 5 holds 7 and slot 4 holds 6 until their first turn of round 1 (ST-SETUP-6)
    st({"slot": 5, "hand": [1, 1, 2, 3, 4, 4, 5]}, {"slot": 4, "hand": [1, 2, 3, 4, 5, 5]}, turn_order=[1, 0]),
    st({"slot": 1, "hand": [1, 2, 3, 4]}, {"slot": 5, "hand": [1, 1, 2, 3, 4, 4, 5]}, turn_order=[0, 1], turn=1),
    st({"position": [0, 2], "hand": [], "damage": 7}),           # only damage cards stay above 5
    st({"position": [0, 2], "hand": [2], "damage": 4}),
    st({"status": "eliminated", "damage": 5}, turn_order=[1]),
    # Wingsuit Flight: the last seat to act, a white-free hex at altitude 4, two cubes
    ws(next=2),
    ws(0, seat={"alt": 4, "cubes": ["red", "blue"]}, terrain={"1,5": {"h": 4}}),
    # Leaf Marathon: a finisher's place from the seat alone, shared places, points in 0..3
    lm([{"hand": ["action"]}, {"finished": True, "place": 1}]),
    lm([{}, {"finished": True}]),
    lm([{}, {"finished": True, "place": 1, "leg_points": [3]}, {"finished": True, "place": 1,
                                                              "leg_points": [3]}]),
    lm([{"leg_points": [1.5, 0, 0]}, {}], leg=2),
    lm([{}, {}], magic_bind=1),
]


def _ids(cases):
    return [f"{c[0][0]}-{i}-{c[1]}" for i, c in enumerate(cases)]


@pytest.mark.parametrize("case", REFUSED, ids=_ids(REFUSED))
def test_an_impossible_or_mistyped_setup_is_refused_in_plain_words(case):
    (game_id, options, setup), field, words = case
    game = racekit.load_game(game_id, **options)
    with pytest.raises(SetupError) as err:
        game.new_initial_state(setup=setup)
    text = str(err.value)
    assert err.value.field == field and text.startswith(f"{field}: "), text
    for w in words:
        assert w in text, (w, text)
    for jargon in ("Input should", "valid integer", "pydantic", "Traceback"):
        assert jargon not in text, text


@pytest.mark.parametrize("case", ACCEPTED, ids=[f"{c[0]}-{i}" for i, c in enumerate(ACCEPTED)])
def test_valid_edge_positions_are_accepted(case):
    game_id, options, setup = case
    racekit.load_game(game_id, **options).new_initial_state(setup=setup)


def test_a_finisher_given_by_its_place_alone_counts_for_the_next_finisher():
    """docs/setups.md writes a finished pony as {finished: true, place: 1} with no places list;
    the next pony to finish is then 2nd with 2 points (LM-TERRAIN-FINISH-1), not a second 1st."""
    game = racekit.load_game("leaf_marathon", players=2)
    state = game.new_initial_state(setup={"terrain": LM_LEG, "start": "movement",
                                          "seats": [{"pos": 18}, {"finished": True, "place": 1}]})
    for _ in range(50):
        if state.finished[0] or state.is_terminal():
            break
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                           else state.legal_actions()[0])
    assert state.places == [[1], [0]]
    assert state.fin_place == [2, 1] and state.leg_points[0][0] == 2


def test_a_third_six_after_a_set_up_run_sends_back_the_planes_the_run_moved():
    """A set-up that starts inside a run of sixes names the planes those sixes moved
    (moved_on_sixes); the third six sends them back (AC-AMB-23). Before, a set-up said
    sixes: 2 and the third six sent back nothing."""
    game = racekit.load_game("aeroplane_chess", preset="tournament", three_sixes_penalty="on")
    state = game.new_initial_state(setup={"planes": {"R1": 22, "R2": 14}, "sixes": 2,
                                          "moved_on_sixes": ["R1", "R2"]})
    state.apply_action(state.string_to_action("roll 6"))
    penalty = [e for e in state.events if e.kind == "penalty"]
    assert penalty and penalty[0].data["pieces"] == "R1+R2" and tuple(penalty[0].clauses) == ("AC-AMB-23",)
    assert state.pos[0] == state.pos[1] == -1          # both back in base
    with pytest.raises(SetupError) as err:
        game.new_initial_state(setup={"moved_on_sixes": ["R1"]})
    assert err.value.field == "moved_on_sixes" and "sixes is 0" in str(err.value)
