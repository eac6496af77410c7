"""Wingsuit Flight: option switches that no spec scenario shows (values are concrete)."""
import pytest

import racekit
from racekit.core.chance import Sampler
from racekit.core.errors import OptionError
from racekit.core.scenarios import run_scenario, scenario_paths
from racekit.games.wingsuit import actions as A
from racekit.games.wingsuit.cards import kit_path, load_cardset


def shows(clauses: str, holds: bool) -> bool:
    return bool(holds)


def _scenario(sid):
    return run_scenario([p for p in scenario_paths("wingsuit") if p.stem == sid][0])


def _to_start(players=3, **options):
    g = racekit.load_game("wingsuit", players=players, **options)
    st = g.new_initial_state()
    smp = Sampler(2)
    while st.is_chance_node():
        st.apply_action(smp.sample(st.chance_outcomes(), st.ply))
    return st


def test_start_sharing():
    st = _to_start(start_sharing="allowed_no_collision")
    st.apply_action(st.string_to_action("at (3,3)"))
    assert shows("WS-AMB-25", "at (3,3)" in [st.action_to_string(a) for a in st.legal_actions()])
    st = _to_start()
    st.apply_action(st.string_to_action("at (3,3)"))
    assert shows("WS-AMB-25", "at (3,3)" not in [st.action_to_string(a) for a in st.legal_actions()])


def test_rear_bonus_is_gone_after_round_one():
    result = _scenario("WS-SCN-37")
    st = result.after
    while st.round == 1:
        st.apply_action(st.legal_actions()[0] if not st.is_chance_node() else st.chance_outcomes()[0][0])
    assert shows("WS-VAR-45P-2, WS-AMB-27", st.rear == [False, False, False, False])


def test_unknown_icons_and_specific_cost_row(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # a card-set file is a relative path (racekit.core.content)
    text = kit_path().read_text(encoding="utf-8").replace('brave: ["N", "N", "NE"]',
                                                           'brave: ["N", "SPIN", "NE"]', 1)
    p = tmp_path / "cards.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(OptionError, match="an unknown icon"):
        racekit.load_game("wingsuit", cardset="cards.yaml")
    g = racekit.load_game("wingsuit", cardset="cards.yaml", unknown_icon="ignore")
    assert shows("WS-AMB-03", any("an unknown icon, ignored" in w and "cards.yaml:" in w
                                  for w in g.cardset.warnings))   # named by line, not quoted
    assert shows("WS-AMB-03", g.cardset.cards[0].rows[0][1] == (0, 1))
    with pytest.raises(OptionError, match="cost_row"):
        racekit.load_game("wingsuit", cost_visible="specific_row")
    rows = text.replace("    item_effect:", "    cost_row: 1\n    item_effect:")
    p.write_text(rows, encoding="utf-8")
    g = racekit.load_game("wingsuit", cardset="cards.yaml", unknown_icon="ignore", cost_visible="specific_row")
    assert shows("WS-AMB-21", all(c.cost_row == 1 for c in g.cardset.cards))


def test_item_effects_by_colour():
    g = racekit.load_game("wingsuit", item_effects="per_color_builtin")
    st = g.new_initial_state(setup={"order": [0, 1, 2], "cells": {"C1": ["N"]}, "seats": [
        {"at": "3,5", "cubes": ["yellow"], "dice": ["C1"]}, {"at": "1,21"}, {"at": "5,13"}]})
    names = [st.action_to_string(a) for a in st.legal_actions()]
    assert shows("WS-AMB-04", "use yellow: free sprint" in names)


def test_dynamic_order_resorts_after_each_action():
    setup = {"cells": {"C1": ["N"], "C2": ["N"], "C3": ["N"]}, "order": [0, 1, 2], "seats": [
        {"at": "3,5", "alt": 4, "cubes": ["red"], "dice": ["C1"]}, {"at": "1,21", "alt": 3, "dice": ["C2"]},
        {"at": "5,13", "alt": 2, "dice": ["C3"]}]}
    for mode, nxt in (("snapshot", 1), ("dynamic", 2)):
        g = racekit.load_game("wingsuit", order_mode=mode)
        st = g.new_initial_state(setup=setup)
        st.apply_action(st.string_to_action("use red: steal from Green"))  # Green 3 -> 2, same as Blue
        st.apply_action(st.string_to_action("take C1"))
        # dynamic: Green (2, distance 19) and Blue (2, distance 27): Blue is farther, so it goes first
        assert shows("WS-AMB-07", st.current_player() == nxt)


def test_cubes_per_colour_option():
    st = _to_start(cubes_per_color=2)
    assert shows("WS-AMB-02", st.snapshot()["bag"] == {"red": 2, "yellow": 2, "blue": 2})
    with pytest.raises(OptionError):
        racekit.load_game("wingsuit", cubes_per_color=0)


def test_a_missing_card_set_file_is_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OptionError, match=r"nothere\.yaml: cannot read: No such file"):
        racekit.load_game("wingsuit", cardset="nothere.yaml")
