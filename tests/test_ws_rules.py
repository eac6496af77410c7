"""Wingsuit Flight: clause tests with concrete values (setup, plans and secrecy, options)."""
import json

import pytest

import racekit
from racekit.core.chance import Sampler
from racekit.core.errors import IllegalActionError, OptionError
from racekit.games.wingsuit import actions as A
from racekit.games.wingsuit.cards import load_cardset


def shows(clauses: str, holds: bool) -> bool:
    """A label: the check ``holds`` is about the clauses named. It does not make them count as
    asserted (racekit.core.clauses counts only IDs compared with the engine's output)."""
    return bool(holds)


def _ev(state, kind):
    return [e for e in state.events if e.kind == kind]


def _deal(players=3, seed=7, **options):
    g = racekit.load_game("wingsuit", players=players, **options)
    st = g.new_initial_state()
    smp = Sampler(seed)
    while st.is_chance_node():
        st.apply_action(smp.sample(st.chance_outcomes(), st.ply))
    return g, st


def test_components_and_card_data():
    cs = load_cardset()
    assert shows("WS-COMP-1: nine cards", len(cs.cards) == 9)
    assert shows("WS-COMP-1", all(len(c.rows) == 2 and len(c.rows[0]) == 2 for c in cs.cards))
    assert shows("WS-COMP-2", [len(cs.by_colour(k)) for k in range(3)] == [3, 3, 3])
    k1 = cs.cards[0]
    # WS-COMP-4: terrain, flags and start cells are data; unlisted hexes are plain height 1
    assert shows("WS-COMP-4", k1.terrain(4, 4)[0] == 9 and k1.terrain(3, 5) == (2, True, False, None))
    assert shows("WS-COMP-4", k1.terrain(2, 2) == (1, False, False, None))
    # WS-AMB-02: the kit set is illustrative and 5 cubes per colour by default
    assert shows("WS-AMB-02", cs.illustrative and cs.cubes_per_color == 5)
def test_setup_deal_and_start():
    g, st = _deal()
    snap = st.snapshot()
    q = snap["queue"]
    # WS-SETUP-1, WS-SETUP-2: one card of each colour, placed at rows 1, 3 and 5
    assert shows("WS-SETUP-2", q["colours"] == ["blue", "red", "yellow"] and len(q["placements"]) == 3)
    assert shows("WS-SETUP-1", [p.split("@")[1] for p in q["placements"]] == ["1", "3", "5"])
    tr = snap["track"]
    cards = set(tr["cards"]) | {tr["unused"]} | {p.split("@")[0] for p in q["placements"]}
    assert shows("WS-SETUP-3, WS-SETUP-4: 3 + 5 + 1 unused", len(tr["cards"]) == 5 and len(cards) == 9)
    assert shows("WS-SETUP-4", tr["unused"] not in tr["cards"])
    # WS-SETUP-7, WS-COMP-3: the bag holds 5 cubes of each colour; seats have 3 action dice each
    assert shows("WS-SETUP-7", snap["bag"] == {"red": 5, "yellow": 5, "blue": 5})
    assert shows("WS-SETUP-6: youngest (seat 0) first", st.phase == "start" and st.current_player() == 0)
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert shows("WS-SETUP-6, WS-AMB-25: every start cell, front and rear, with 3 players",
                 sorted(names) == ["at (1,1)", "at (1,3)", "at (3,3)", "at (5,1)", "at (5,3)"])
    st.apply_action(st.legal_actions()[1])
    assert shows("WS-AMB-25: one character per start cell", len(st.legal_actions()) == 4)
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])
    assert shows("WS-SETUP-6", [s["altitude"] for s in st.snapshot()["seats"]] == [4, 4, 4])
    assert shows("WS-SETUP-5", all(e.clauses[:2] == ("WS-SETUP-5", "WS-SETUP-6") for e in _ev(st, "start")))
    assert shows("WS-GEN-2: round 1 starts with the plan phase", st.phase == "plan")
    assert shows("WS-PLAN-2, WS-PLAN-3: 20 value sets x 6 splits", len(st.legal_actions()) == 120)
def test_queue_order_options():
    g, st = _deal(queue_order="fixed_RYB")
    rows = st.snapshot()["queue"]["placements"]
    assert shows("WS-AMB-20: fixed_RYB", [r[0] for r in rows] == ["R", "Y", "B"])
    g = racekit.load_game("wingsuit", queue_order="chooser")
    st = g.new_initial_state()
    for _ in range(3):
        st.apply_action(st.chance_outcomes()[0][0])
    assert shows("WS-AMB-20: chooser", st.current_player() == 0 and len(st.legal_actions()) == 6)
def test_player_counts_and_variants():
    for n in (2, 3, 4, 5):
        g = racekit.load_game("wingsuit", players=n)
        assert shows("WS-GEN-1, WS-AMB-01", g.flags.threshold(n) == (2 if n <= 3 else 3))
    with pytest.raises(OptionError):
        racekit.load_game("wingsuit", players=5, max_players=4)
    with pytest.raises(OptionError):
        racekit.load_game("wingsuit", players=6)
    _, st = _deal(players=4)
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert shows("WS-VAR-45P-2: rear start cells with 4-5", "at (1,1)" in names and "at (5,1)" in names)
    st.apply_action(st.string_to_action("at (1,1)"))
    assert shows("WS-VAR-45P-2", st.rear[0] == st.p.rear_sprints == 1)   # start sprints left
def test_plans_are_secret():
    _, st = _deal()
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    other = st.clone()
    secret = st.string_to_action("plan C1 C5 B2")
    st.apply_action(secret)
    other.apply_action(other.string_to_action("plan C6 B3 B4"))
    # WS-PLAN-2, WS-PLAN-5: nothing Green or Blue sees depends on Red's plan
    assert shows("WS-PLAN-5", st.history_for(1)[-1] is None and st.history_for(0)[-1] == secret)
    for seat in (1, 2, None):
        assert shows("WS-PLAN-2", json.dumps(st.snapshot(seat)) == json.dumps(other.snapshot(seat)))
    from racekit.core.savefile import save_game
    for seat in (1, 2):
        assert shows("WS-PLAN-2", save_game(st, seat=seat) == save_game(other, seat=seat))
    text = [st.game.render(e) for e in st.events]
    assert shows("WS-PLAN-2", text == [other.game.render(e) for e in other.events])
    assert shows("WS-PLAN-2", st.snapshot(0)["seats"][0]["plan"] == ["C1", "C5", "B2"])
    ev = _ev(st, "plan_committed")[-1]
    assert ev.data == {} and "WS-PLAN-2" in ev.clauses
    st.apply_action(st.string_to_action("plan C2 C3 B4"))
    st.apply_action(st.string_to_action("plan C4 B1 B6"))
    seats = st.snapshot()["seats"]
    assert shows("WS-COMP-3", [len(x["dice"]) for x in seats] == [3, 3, 3] and st.cubes_total == 5)
    rev = _ev(st, "reveal")[-1]
    assert rev.data["plans"]["0"] == ["C1", "C5", "B2"] and "WS-PLAN-5" in rev.clauses


def test_refused_plans_leave_state():
    _, st = _deal()
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    before = st.to_text()
    with pytest.raises(IllegalActionError, match="WS-PLAN-3|same value") as err:
        st.apply_action(st.string_to_action("plan C2 B2 B5"))
    assert err.value.clause == "WS-PLAN-3"
    with pytest.raises(IllegalActionError) as err:
        st.apply_action(st.string_to_action("plan C1 C2 C3"))
    assert err.value.clause == "WS-PLAN-2"
    assert st.to_text() == before


def test_per_group_scope_allows_same_value_in_both_hands():
    _, st = _deal(distinct_scope="per_group")
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    assert shows("WS-AMB-09: per_group", len(st.legal_actions()) == 180)
    st.apply_action(st.string_to_action("plan C3 B3 B5"))


def test_hex_model_is_the_kit_board():
    _, st = _deal()
    b = st.board
    assert shows("WS-AMB-29: 7 columns, 4 hex heights a card, top at 40", (b.W, b.H, b.top) == (7, 8, 40))
    assert shows("WS-AMB-29, WS-AMB-30", b.card_of(b.hid(2, 16), 1) == 2)
def test_action_ids_round_trip():
    _, st = _deal()
    for name in ["take C3", "go on", "sprint NW", "free sprint NE", "use red: steal from Green",
                 "use blue: give B4 to Blue", "use yellow: free sprint", "lay at 2", "return red",
                 "at (3,9)", "end action", "decline free sprints"]:
        a = st._parse_action(name)
        assert st.action_to_string(a) == name
