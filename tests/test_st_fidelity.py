"""Snow Tails: tests that really exercise the clauses the outside review found hollow (issue 6):
ST-ORDER-1 (one turn per racing sled in a round), ST-ORDER-4 in a corner, ST-AMB-11, ST-AMB-17,
ST-AMB-21, ST-DATA-2, ST-SETUP-2 and ST-AMB-13's reshuffle_all."""
import random

import pytest

import racekit
from helpers import assert_event
from racekit.games.snow_tails.tracks import load_track
from test_st_rules import FAR, do, make, names, seat


def test_ST_ORDER_1_one_turn_per_racing_sled_in_every_round():
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = racekit.load_game("snow_tails", players=3).new_initial_state()
        while not s.is_terminal() and s.snapshot()["round"] <= 12:
            pick = s.chance_outcomes() if s.is_chance_node() else [(a, 1) for a in s.legal_actions()]
            s.apply_action(rng.choice(pick)[0])
        rounds = {}
        current = None
        for e in s.events:
            if e.kind == "round_start":
                assert "ST-ORDER-1" in e.clauses
                current = e.data["round"]
                rounds[current] = {"order": list(e.data["order"]), "turns": []}
            elif e.kind == "turn_start" and current is not None:
                rounds[current]["turns"].append(e.seats[0])
        for r, info in rounds.items():
            if r == max(rounds):
                continue                                   # the last round may be unfinished
            # every sled racing at the start of the round has exactly one turn, in order
            assert info["turns"] == info["order"], f"ST-ORDER-1 (seed {seed}, round {r})"
            checked += 1
    assert checked > 30


def test_ST_ORDER_4_level_squares_in_a_corner():
    """In the teaching track's left corner [11, 1] and [12, 3] are level (same front line),
    although they lie in different rows and are not side by side; [13, 4] is further along."""
    t = load_track("teaching")
    a, b, c = t.square_at(11, 1), t.square_at(12, 3), t.square_at(13, 4)
    assert t.tile[a] == t.tile[b] == t.tile[c] == 2 and t.is_level(a, b), "ST-ORDER-4"
    assert t.ahead_of(c, a) and not t.is_level(a, c), "ST-ORDER-4"
    hand = [1, 2, 3, 4, 5]
    s = make([{"position": [12, 3], "hand": hand}, {"position": [11, 1], "hand": hand},
              {"position": [13, 4], "hand": hand}], track="teaching", round=2)
    # furthest first; then the two level sleds, the inside of the (left) corner first
    assert s.snapshot()["turn_order"] == [2, 1, 0], "ST-ORDER-4, ST-ORDER-5 in a corner"


def test_ST_AMB_11_a_blocked_sled_with_more_than_five_still_discards():
    """Slot 5 starts with 7 cards; blocked by a sled it draws nothing, but still discards to 5."""
    s = make([{"slot": 5, "position": [0, 2], "hand": [2, 1, 1, 4, 4, 5, 5]},
              {"slot": 1, "position": [3, 2], "hand": [1, 2, 3, 4, 5]}], turn_order=[0, 1])
    do(s, "play 2 to B", "F F F F")          # speed 4, stopped behind the sled on row 3
    assert seat(s, 0)["blocked"] is True and seat(s, 0)["hand_size"] == 6
    assert s.phase == "discard" and names(s) == ["discard 1", "discard 4", "discard 5"], "ST-AMB-11"
    do(s, "discard 1")
    assert seat(s, 0)["hand_size"] == 5 and s.current_player() == 1, "ST-AMB-11: no draw, 5 cards"
    assert_event(s, "discard", clause="ST-REFILL-2", seats=[0], hand_size=5)
    assert not [e for e in s.events if e.kind == "draw"]


def test_ST_AMB_17_same_value_cover_and_brake_only_play():
    s = make([{"position": [0, 2], "hand": [3, 5, 1, 1, 2], "left": 5}, FAR], turn_order=[0, 1])
    legal = names(s)
    assert "play 5 to L" in legal, "ST-AMB-17: a 5 may cover a dog showing 5"
    assert "play 3 to R" in legal, "ST-AMB-17: a 3 may cover the printed 3"
    assert "play 5 to B" in legal and "play 1 to B" in legal, "ST-AMB-17: brake-only plays"
    do(s, "play 5 to L")
    assert seat(s, 0)["left_stack"] == [5, 5] and seat(s, 0)["mat"]["left"] == 5, "ST-AMB-17"


@pytest.mark.parametrize("track", ["straight4", "teaching"])
def test_ST_AMB_21_drift_right_is_toward_the_red_flags(track):
    """Right is the side of the red flags in the direction of travel (lane numbers grow to the
    right), on a straight and inside the teaching track's left corner alike."""
    start = [0, 2] if track == "straight4" else [11, 2]
    other = FAR if track == "straight4" else {**FAR, "position": [8, 1]}   # short of the finish line
    s = make([{"position": start, "hand": [5, 1, 1, 2, 2]}, other], track=track, turn_order=[0, 1])
    do(s, "play 5 to R")                        # L3 R5 B3: speed 5, drift 2 right
    assert_event(s, "speed", clause="ST-AMB-21", side="right", drift=2)
    plans = [n for n in names(s) if n.count("DR") == 2]
    assert plans and not [n for n in names(s) if "DL" in n], "ST-AMB-21"
    do(s, plans[0])
    assert seat(s, 0)["position"][1] > start[1], "ST-AMB-21: toward the higher (right) lanes"


def test_ST_DATA_2_per_player_state():
    s = make([{"slot": 2, "position": [0, 2], "hand": [2, 2, 3, 4], "left": [4, 5], "brake": 2,
               "damage": 1, "discard": [1, 1]}, FAR], turn_order=[0, 1])
    me = s.snapshot(0)["seats"][0]             # the seat's own view shows its hand
    assert seat(s, 0)["hand"] is None            # hidden from the others
    got = {k: me[k] for k in ("slot", "position", "left_stack", "right_stack", "hand", "hand_size",
                              "damage", "deck_size", "discard_size", "blocked", "status")}
    assert got == {"slot": 2, "position": [0, 2], "left_stack": [4, 5], "right_stack": [],
                   "hand": [2, 2, 3, 4], "hand_size": 5, "damage": 1, "deck_size": 12,
                   "discard_size": 2, "blocked": False, "status": "racing"}, "ST-DATA-2"
    assert me["mat"] == {"left": 5, "right": 3, "brake": 2, "speed": 6}, "ST-DATA-2"


def test_ST_SETUP_2_twenty_cards_four_of_each_value():
    s = racekit.load_game("snow_tails", players=3).new_initial_state()
    for k in range(3):
        assert [s.deck[k][v] + s.hand[k][v] for v in range(1, 6)] == [4] * 5, "ST-SETUP-2"


def test_ST_AMB_13_reshuffle_all_option_and_text():
    s = make([{"position": [0, 1], "left": [1, 1, 1, 1, 2, 2, 2, 2, 3],
               "right": [4, 4, 4, 4, 5, 5, 5, 5], "hand": [3, 3, 3], "deck": []}, FAR],
             turn_order=[0, 1], options={"deck_exhaust": "reshuffle_all"})
    do(s, "play 3 to L", "DR DR F F F")
    e = assert_event(s, "reshuffle", clause="ST-AMB-13", cards=16, covered=16)
    assert s.game.render(e).startswith("Red's deck is empty: 16 cards (the discards and 16 covered "
                                       "dog cards) are shuffled into a new deck.")
    assert seat(s, 0)["left_stack"] == [3] and seat(s, 0)["right_stack"] == [5]


def test_every_sled_out_is_a_win_for_nobody():
    """Issue 6: when every sled drops out, the returns are 0 for all (not +1 each)."""
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = racekit.load_game("snow_tails", players=3).new_initial_state(record_events=False)
        while not s.is_terminal():
            pick = s.chance_outcomes() if s.is_chance_node() else [(a, 1) for a in s.legal_actions()]
            s.apply_action(rng.choice(pick)[0])
        ret = s.returns()
        assert abs(sum(ret)) < 1e-9
        if s.ranking() == [[0, 1, 2]]:
            assert ret == [0.0, 0.0, 0.0]
            found += 1
        else:
            winner = s.ranking()[0]
            assert all(v < 1.0 for k, v in enumerate(ret) if [k] != winner)
        if found >= 2:
            break
    assert found >= 1
