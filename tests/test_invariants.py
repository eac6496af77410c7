"""Positions that cannot exist are refused (issue 16): every game declares the facts its rules
keep true at all times (``racekit/games/<game>/invariants.py``), and every way a position enters
(``new_initial_state(setup=...)``, scenario files, save files, the explorer) is checked against
them. One impossible set-up per invariant per game; the error names the seat, the set-up field,
the value and the clause. Random playouts check the same invariants at every ply, which shows
they are invariants of the engine itself."""
import json
import random

import pytest

from racekit.games import SHIPPED

import racekit
from racekit.core.agents import RandomAgent
from racekit.core.chance import Sampler
from racekit.core.errors import FileFormatError, SetupError
from racekit.core.invariants import check_position, invariants_of, violations
from racekit.core.savefile import load_save, replay_save
from racekit.core.scenarios import run_scenario
from racekit.core.session import Session

WS_SEATS = [{"at": "3,9"}, {"at": "5,21"}, {"at": "1,17"}]
ST_FAR = {"position": [20, 1], "hand": [1, 2, 3, 4, 5]}
ST = {"track": "straight4", "turn_order": [0, 1]}
LM_LEG = ["start"] + ["leaf"] * 19 + ["finish"]


def ws(seats=None, **setup):
    return {"seats": seats or [dict(s) for s in WS_SEATS], **setup}


def ws_seat(k, **fields):
    seats = [dict(s) for s in WS_SEATS]
    seats[k].update(fields)
    return seats


def st_setup(first, second=None, **setup):
    return {**ST, "seats": [first, second or dict(ST_FAR)], **setup}


def lm(seats, **setup):
    return {"terrain": LM_LEG, "seats": seats, **setup}


# game, players, options, set-up, invariant name, (seat, field, value, clause)
CASES = [
    # ----- Wingsuit Flight
    ("wingsuit", 3, {}, ws(ws_seat(1, alt=5)), "altitude_range", (1, "seats.1.alt", 5, "WS-ALT-1")),
    ("wingsuit", 3, {}, ws(ws_seat(0, alt=0)), "altitude_range", (0, "seats.0.alt", 0, "WS-ALT-1")),
    ("wingsuit", 3, {}, ws(ws_seat(2, at="3,11"), terrain={"3,11": {"h": "void"}}), "on_the_track",
     (2, "seats.2.at", "3,11", "WS-FAQ-Q1a")),
    ("wingsuit", 3, {}, ws(ws_seat(0, at="3,5"), bottom=2), "on_the_track",
     (0, "seats.0.at", "3,5", "WS-FAQ-Q1a")),
    ("wingsuit", 3, {}, ws(ws_seat(0, at="9,9")), "on_the_track", (0, "seats.0.at", "9,9", "WS-FAQ-Q1a")),
    ("wingsuit", 3, {}, ws(ws_seat(1, at="3,11", alt=2), terrain={"3,11": {"h": 3}}), "not_below_terrain",
     (1, "seats.1.alt", 2, "WS-CRASH-1")),
    ("wingsuit", 3, {}, ws(ws_seat(1, at="3,11"), terrain={"3,11": {"h": "white"}}), "not_below_terrain",
     (1, "seats.1.alt", 4, "WS-CRASH-1")),
    ("wingsuit", 3, {}, ws([{"at": "3,9", "alt": 3}, {"at": "3,9", "alt": 3}, {"at": "1,17"}]),
     "no_collision", (1, "seats.1.at", "3,9", "WS-COLLIDE-2")),
    ("wingsuit", 3, {}, ws(ws_seat(2, cubes=["red", "red", "blue"])), "two_cubes",
     (2, "seats.2.cubes", ["red", "red", "blue"], "WS-ITEM-2")),
    ("wingsuit", 3, {}, ws(ws_seat(0, cubes=["red"]), bag={"red": 5, "yellow": 5, "blue": 5}), "cube_supply",
     (None, "bag.red", 5, "WS-AMB-16")),
    ("wingsuit", 3, {"cubes_per_color": 1}, ws([{"at": "3,9", "cubes": ["red"]}, {"at": "5,21", "cubes": ["red"]},
                                                {"at": "1,17"}]),
     "cube_supply", (None, "bag.red", 0, "WS-AMB-16")),
    ("wingsuit", 3, {}, ws(ws_seat(1, dice=["C2", "B2"])), "three_dice",
     (1, "seats.1.dice", ["C2", "B2"], "WS-PLAN-3")),
    ("wingsuit", 3, {}, ws(queue=["R1@1", "Y1@3"]), "six_rows",
     (None, "queue", ["R1@1", "Y1@3"], "WS-CLEANUP-5")),
    ("wingsuit", 3, {}, ws(queue=["R1@1", "R2@3", "B1@5"], track=["Y2", "B2", "R3", "Y3", "B3"]), "six_rows",
     (None, "queue", ["R1@1", "R2@3", "B1@5"], "WS-CLEANUP-5")),
    ("wingsuit", 3, {}, ws(track=["R1", "Y2", "B2", "R3", "Y3"]), "cards_once",
     (None, "queue", "R1", "WS-COMP-1")),
    ("wingsuit", 3, {}, ws(ws_seat(0, rear_bonus=True)), "rear_start_sprint",
     (0, "seats.0.rear_bonus", True, "WS-VAR-45P-2")),
    # ----- Aeroplane Chess
    ("aeroplane_chess", 2, {"preset": "family"}, {"sixes": 2}, "sixes_in_a_row",
     (0, "sixes", 2, "AC-AMB-08")),
    ("aeroplane_chess", 4, {"preset": "tournament"}, {"sixes": 1, "phase": "move", "die": 3,
                                                      "planes": {"R1": 3}}, "sixes_in_a_row",
     (0, "sixes", 1, "AC-TOUR-SIX-1")),
    ("aeroplane_chess", 4, {}, {"planes": {"B1": {"square": 24}}}, "on_the_route",
     (2, "planes.B1", "2 squares short of its entry", "AC-AMB-27")),
    ("aeroplane_chess", 4, {"preset": "tournament", "teammate_overrun": "refuse"},
     {"planes": {"Y1": {"square": 12}}}, "on_the_route", (1, "planes.Y1", "1 square short of its entry",
                                                          "AC-AMB-27")),
    ("aeroplane_chess", 4, {}, {"planes": {"R1": "base"}}, "base_only_if_used", (0, "planes.R1", "base", "AC-AMB-07")),
    ("aeroplane_chess", 4, {}, {"planes": {"R1": 10, "Y1": {"square": 9}}}, "one_owner_per_square",
     (1, "planes.Y1", "loop square 9", "AC-FAM-CAPTURE-3")),
    ("aeroplane_chess", 4, {"preset": "tournament"}, {"planes": {"R1": 10, "G1": {"square": 9}}},
     "one_owner_per_square", (3, "planes.G1", "loop square 9", "AC-TOUR-CAPTURE-1")),
    ("aeroplane_chess", 4, {}, {"planes": {"Y1": "finish", "Y2": "finish", "Y3": "finish", "Y4": "finish"}},
     "game_goes_on", (1, "planes", "all four planes home", "AC-FAM-GOAL-1")),
    ("aeroplane_chess", 4, {"preset": "tournament"}, {"planes": {f"{c}{k}": "finish" for c in "RB" for k in "1234"}},
     "game_goes_on", (0, "planes", "all eight planes home", "AC-TOUR-WIN-1")),
    ("aeroplane_chess", 3, {"play_for_places": True},
     {"planes": {f"{c}{k}": "finish" for c in "RY" for k in "1234"}, "to_move": "blue"},
     "game_goes_on", (None, "planes", "2 players home", "AC-AMB-22")),
    # ----- Snow Tails
    ("snow_tails", 2, {}, st_setup({"position": [3, 9], "hand": [1, 2, 3, 4, 5]}), "on_the_track",
     (0, "seats.0.position", [3, 9], "ST-DATA-1")),
    ("snow_tails", 2, {}, st_setup({"status": "finished", "position": [3, 2]}, places=[[0]]), "on_the_track",
     (0, "seats.0.position", [3, 2], "ST-DATA-1")),
    ("snow_tails", 2, {}, st_setup({"position": [20, 1], "hand": [1, 2, 3, 4, 5]}), "one_sled_per_square",
     (1, "seats.1.position", [20, 1], "ST-MOVE-1")),
    ("snow_tails", 2, {}, st_setup({"position": [32, 2], "hand": [1, 2, 3, 4, 5]}), "finish_line",
     (0, "seats.0.position", [32, 2], "ST-END-2")),
    ("snow_tails", 2, {}, st_setup({"position": [3, 2], "status": "crossed"}), "finish_line",
     (0, "seats.0.position", [3, 2], "ST-END-2")),
    ("snow_tails", 2, {}, st_setup({"position": [3, 2], "hand": [5, 5, 5, 5, 5]}), "dog_deck",
     (0, "seats.0.hand", 5, "ST-SETUP-2")),
    ("snow_tails", 2, {}, st_setup({"position": [3, 2], "hand": [1, 2, 3], "deck": [1, 2]}), "dog_deck",
     (0, "seats.0.deck", 2, "ST-SETUP-2")),
    ("snow_tails", 2, {}, st_setup({"position": [3, 2], "hand": [1, 2, 3, 4, 5], "brake": 7}), "mat_values",
     (0, "seats.0.brake", 7, "ST-BRAKE-1")),
    ("snow_tails", 2, {}, st_setup({"status": "finished"}), "places", (None, "places", [], "ST-END-2")),
    ("snow_tails", 2, {"dent_supply": 20}, st_setup({"position": [3, 2], "hand": [], "damage": 15},
                                                    {**ST_FAR, "hand": [], "damage": 9}),
     "damage_supply", (None, "dents_left", -4, "ST-AMB-14")),
    ("snow_tails", 2, {}, st_setup({"position": [3, 2], "hand": [1, 2, 3, 4, 5, 5]}, round=3), "hand_size",
     (0, "seats.0.hand", 6, "ST-REFILL-2")),
    ("snow_tails", 2, {}, {**ST, "turn_order": [1], "seats": [{"status": "eliminated", "hand": [1, 2]},
                                                             dict(ST_FAR)]},
     "hand_size", (0, "seats.0.hand", 2, "ST-ELIM-1")),
    ("snow_tails", 2, {}, {**ST, "turn_order": None, "seats": [{"status": "finished"}, {"status": "eliminated"}],
                           "places": [[0]]},
     "race_goes_on", (None, "seats", ["finished", "eliminated"], "ST-END-1")),
    # ----- Leaf Marathon
    ("leaf_marathon", 2, {}, lm([{"hand": ["action"] * 21}, {}]), "card_conservation",
     (None, "pile.action", -1, "LM-AMB-42")),
    ("leaf_marathon", 2, {}, lm([{}, {}], pile={"action": 3}), "card_conservation",
     (None, "pile", {"action": 3, "weapon": 0, "armor": 0, "recovery": 0, "effect": 0, "trigger": 0,
                     "element": 0}, "LM-AMB-42")),
    ("leaf_marathon", 2, {}, lm([{}, {"stamina": 16}]), "stamina_bounds", (1, "seats.1.stamina", 16, "LM-STAMINA-1")),
    ("leaf_marathon", 2, {}, lm([{"stamina": 16, "elements": ["A"], "bound": True}, {}]), "stamina_bounds",
     (0, "seats.0.stamina", 16, "LM-STAMINA-1")),
    ("leaf_marathon", 2, {}, lm([{"pos": 21}, {}]), "on_the_leg", (0, "seats.0.pos", 21, "LM-DATA-3")),
    ("leaf_marathon", 2, {}, lm([{}, {"finished": True, "pos": 0, "place": 1}]), "finished_on_the_finish",
     (1, "seats.1.pos", 0, "LM-FINISH-1")),
    ("leaf_marathon", 2, {}, lm([{"pos": 20}, {}]), "finished_on_the_finish",
     (0, "seats.0.finished", False, "LM-FINISH-1")),
    ("leaf_marathon", 2, {}, lm([{"elements": ["A"], "friendship": ["A"]}, {}]), "one_buff_per_type",
     (0, "seats.0.friendship", ["A", "A"], "LM-ELEMENT-2")),
    ("leaf_marathon", 2, {}, lm([{"elements": ["B", "B"]}, {}]), "one_buff_per_type",
     (0, "seats.0.elements", ["B", "B"], "LM-ELEMENT-2")),
    ("leaf_marathon", 2, {}, lm([{"character": "applejack"}, {"character": "applejack"}]), "unique_characters",
     (1, "seats.1.character", "applejack", "LM-AMB-37")),
    ("leaf_marathon", 2, {}, lm([{}, {"finished": True, "place": 1}], places=[[0]]), "places",
     (None, "places", [[0]], "LM-FINISH-1")),
    ("leaf_marathon", 2, {}, lm([{}, {"finished": True, "place": 2}], places=[[1]]), "places",
     (1, "seats.1.place", 2, "LM-AMB-19")),
    ("leaf_marathon", 2, {}, lm([{"leg_points": [2]}, {}]), "leg_points",
     (0, "seats.0.leg_points", [2, 0, 0], "LM-TERRAIN-FINISH-1")),
    ("leaf_marathon", 2, {}, lm([{}, {}], magic_bind=2), "magic_bind_level",
     (None, "magic_bind", 2, "LM-AMB-25")),
    ("leaf_marathon", 2, {}, lm([{}, {}], roadblocks=[25]), "roadblocks_on_the_leg",
     (None, "roadblocks", 25, "LM-EVENT-15")),
]

GAMES = SHIPPED   # every shipped game (a draft is left out: docs/contracts.md, Shipped)


def _game(game_id, players, options):
    options = dict(options)
    preset = options.pop("preset", None)
    return racekit.load_game(game_id, players=players, preset=preset, **options)


def _ids():
    return [f"{c[0]}-{c[4]}-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_an_impossible_setup_is_refused_naming_seat_field_value_and_clause(case):
    game_id, players, options, setup, name, (seat, field, value, clause) = case
    game = _game(game_id, players, options)
    before = json.dumps(setup, sort_keys=True)
    with pytest.raises(SetupError) as err:
        game.new_initial_state(setup=setup)
    exc = err.value
    assert (exc.seat, exc.field, exc.value, exc.clause) == (seat, field, value, clause), str(exc)
    text = str(exc)
    assert text.startswith(f"{field}: ") and f"({clause})" in text, text
    assert "value " + repr(value)[:40].rstrip("…") in text, text
    if seat is not None:
        assert f"seat {seat} ({game.seat_names[seat]})" in text, text
    # the invariant that refused it is the declared one
    assert any(inv.name == name for inv in invariants_of(game)), name
    assert json.dumps(setup, sort_keys=True) == before, "the caller's set-up is not changed"


def test_every_declared_invariant_has_an_impossible_setup():
    for game_id in GAMES:
        declared = {inv.name for inv in invariants_of(racekit.load_game(game_id))}
        cased = {c[4] for c in CASES if c[0] == game_id}
        assert declared == cased, (game_id, declared ^ cased)


def test_each_game_declares_its_invariants_once_with_clauses():
    for game_id in GAMES:
        game = racekit.load_game(game_id)
        invs = invariants_of(game)
        assert invs, game_id
        assert len({inv.name for inv in invs}) == len(invs)
        for inv in invs:
            assert inv.clause.startswith(game.game_type.prefix + "-") and inv.text, inv


def test_nothing_is_played_from_an_impossible_position():
    """The explorer and sessions start through the same set-up path: no session is made."""
    game = racekit.load_game("wingsuit", players=3)
    bad = ws(ws_seat(1, at="3,11", alt=1), terrain={"3,11": {"h": 3}}, phase="cleanup")
    with pytest.raises(SetupError) as err:
        Session(game, seed=1, setup=bad)
    assert err.value.clause == "WS-CRASH-1"


# ----- the file routes --------------------------------------------------------------------
SCENARIO = """\
id: MY-01
title: A character below the height of its hex
clauses: [WS-CRASH-1]
game: wingsuit
players: 3
setup:
  terrain: {"3,11": {h: 3}}
  seats:
    - {at: "3,9"}
    - {at: "3,11", alt: 2}
    - {at: "1,17"}
outcome: Refused.
expect: {current_player: 0}
"""


def test_a_scenario_file_with_an_impossible_position_is_refused(tmp_path):
    path = tmp_path / "my.yaml"
    path.write_text(SCENARIO)
    with pytest.raises(FileFormatError) as err:
        run_scenario(path)
    text = str(err.value)
    assert f"{path}:10:" in text, text        # the line of seat 1
    assert "setup.seats.1.alt" in text and "seat 1 (Green)" in text and "value 2" in text
    assert "(WS-CRASH-1)" in text
    from racekit.explorer.picker import scenario_session
    with pytest.raises(FileFormatError):      # the explorer's scenario route
        scenario_session("wingsuit", str(path))


def test_a_save_file_with_an_impossible_position_is_refused(tmp_path):
    game = racekit.load_game("snow_tails", players=2)
    good = game.new_initial_state(setup=st_setup({"position": [3, 2], "hand": [1, 2, 3, 4, 5]}))
    from racekit.core.savefile import to_dict
    data = to_dict(good)
    data["setup"]["seats"][0]["hand"] = [5, 5, 5, 5, 5]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    for load in (load_save, replay_save):
        with pytest.raises(FileFormatError) as err:
            load(path)
        text = str(err.value)
        assert "field setup.seats.0.hand" in text and "seat 0 (Red)" in text, text
        assert "value 5" in text and "(ST-SETUP-2)" in text, text


def test_shipped_scenarios_and_setups_keep_the_invariants():
    """Every shipped scenario's start position passes the check (they are run by
    ``racekit scenarios`` too; this names the invariant if one ever breaks)."""
    from racekit.core.scenarios import load_scenario, scenario_paths
    from racekit.core.content import content_base
    for game_id in GAMES:
        for path in scenario_paths(game_id):
            scenario = load_scenario(path)[0]
            if scenario.setup is None:
                continue
            game = _game(game_id, scenario.players, {**scenario.options,
                                                     **({"preset": scenario.preset} if scenario.preset else {})})
            with content_base(path.parent):
                state = game.new_initial_state(setup=scenario.setup)
            assert not violations(state), (path.name, violations(state))


# ----- Wingsuit with 2 or 3 players: every start cell (WS-AMB-25) -------------------------
FIVE = ["at (1,1)", "at (1,3)", "at (3,3)", "at (5,1)", "at (5,3)"]


def _to_start(players):
    st = racekit.load_game("wingsuit", players=players).new_initial_state()
    smp = Sampler(3)
    while st.is_chance_node():
        st.apply_action(smp.sample(st.chance_outcomes(), st.ply))
    return st


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_listed_start_cell_may_be_chosen_with_any_player_count(players):
    st = _to_start(players)
    assert st.phase == "start"
    assert sorted(st.action_to_string(a) for a in st.legal_actions()) == FIVE, "WS-AMB-25"
    st.apply_action(st.string_to_action("at (5,1)"))     # a rear cell
    assert sorted(st.action_to_string(a) for a in st.legal_actions()) == [c for c in FIVE if c != "at (5,1)"]
    assert st.rear[0] == (players >= 4), "the rear start sprint is the 4-5 player variant's (WS-VAR-45P-2)"


def test_a_refused_start_cell_lists_the_free_cells():
    st = _to_start(3)
    st.apply_action(st.string_to_action("at (3,3)"))
    with pytest.raises(racekit.core.errors.IllegalActionError) as err:
        st.apply_action(st.string_to_action("at (3,3)"))
    assert err.value.clause == "WS-AMB-25"
    assert "(1,1), (5,1), (1,3), (5,3)" in err.value.reason, err.value.reason


# ----- the invariants are invariants of the engine: random playouts --------------------------
PLAYOUTS = {
    "wingsuit": [{"max_rounds": 30}, {"max_rounds": 30, "discard_cubes_to": "out_of_game", "cubes_per_color": 2},
                 {"max_rounds": 30, "start_sharing": "allowed_no_collision", "distinct_scope": "per_group",
                  "crash_place_safety": "any", "cover_fallback": "ignore_colour_rule", "cleanup_cards": "repeat"}],
    "aeroplane_chess": [{}, {"preset": "tournament"}, {"preset": "tournament", "teammate_overrun": "refuse"},
                        {"play_for_places": True, "launch_rolls": "5,6"}, {"capture_mode": "pass_and_land"},
                        {"optional_effects": True, "captured_to": "base"}],
    "snow_tails": [{}, {"dent_supply": 20, "elim_check": "immediate", "deck_exhaust": "no_reshuffle"},
                   {"end": "first_cross_round", "slot_selection": "random"}, {"track": "teaching"}],
    "leaf_marathon": [{"map": "lm_test_1leg"}, {"map": "lm_test_1leg", "stamina_per_square": 0},
                      {"map": "lm_test_1leg", "buff_a_heals": True, "effect_cards": "triggers_and_elements",
                       "resin_hold": "keep_as_special"}, {}],
}
GAMES_PER_KIND = {"wingsuit": 300, "aeroplane_chess": 200, "snow_tails": 300, "leaf_marathon": 200}


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_never_break_an_invariant(game_id):
    """A seeded loop of random games; the validator runs at every ply (chance nodes too)."""
    option_sets = PLAYOUTS[game_id]
    gt = racekit.load_game(game_id).game_type
    checked = 0
    for i in range(GAMES_PER_KIND[game_id]):
        options = dict(option_sets[i % len(option_sets)])
        if game_id == "leaf_marathon" and not options.get("map") and i % 12:
            options["map"] = "lm_test_1leg"           # the three-leg map only now and then (time)
        players = 4 if options.get("preset") == "tournament" else \
            random.Random(i).randint(gt.min_players, gt.max_players)
        game = _game(game_id, players, options)
        state = game.new_initial_state(record_events=False)
        sampler, agent = Sampler(i), RandomAgent(i)
        while not state.is_terminal():
            action = (sampler.sample(state.chance_outcomes(), state.ply) if state.is_chance_node()
                      else agent(state, state.ply))
            state.apply_action(action)
            check_position(state)      # raises SetupError naming the broken invariant
            checked += 1
            assert state.ply < 40000
    assert checked > 1000
