"""Card-set rules the loader enforces, and plan and seat rules the engine refuses with.

Each check compares the engine's own words (an error naming the clause) with the
rule: WS-COMP-1 (nine cards), WS-COMP-2 (three per item-cost colour), WS-COMP-4
(heights, two action rows), WS-AMB-29 (the kit grid), WS-AMB-09 (distinct values),
WS-GEN-1 / WS-AMB-01 (2 to 5 seats).
"""
from __future__ import annotations

import re

import pytest

import racekit
from racekit.core.errors import FileFormatError, IllegalActionError, OptionError
from racekit.games.wingsuit.cards import kit_path, load_cardset

KIT = kit_path().read_text(encoding="utf-8")


def _load(tmp_path, monkeypatch, text):
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return load_cardset("cards.yaml")


def _without_last_card(text):
    return text[: text.rindex("\n  - id: ")] + "\n"


def test_nine_cards(tmp_path, monkeypatch):
    with pytest.raises(FileFormatError, match=r"exactly nine cards, not 8 \(WS-COMP-1\)"):
        _load(tmp_path, monkeypatch, _without_last_card(KIT))


def test_three_cards_per_cost_colour(tmp_path, monkeypatch):
    text = KIT.replace("item_cost: red", "item_cost: blue", 1)
    with pytest.raises(FileFormatError, match=r"three cards per item-cost colour; red has 2 \(WS-COMP-2\)"):
        _load(tmp_path, monkeypatch, text)


def test_card_faces(tmp_path, monkeypatch):
    with pytest.raises(FileFormatError, match=r"field cards.0.map.6,6.h: a height is 1 to 4, white or "
                                              r"void \(WS-COMP-4\)"):
        _load(tmp_path, monkeypatch, KIT.replace('"6,6": {h: 3}', '"6,6": {h: 5}', 1))
    one_row = re.sub(r'\n      - \{cautious: \["NW", "N"\].*', "", KIT, count=1)
    with pytest.raises(FileFormatError, match=r"exactly two rows \(WS-COMP-4\)"):
        _load(tmp_path, monkeypatch, one_row)


def test_kit_grid(tmp_path, monkeypatch):
    text = KIT.replace("columns: 7, half_rows: 8", "columns: 9, half_rows: 8", 1)
    with pytest.raises(FileFormatError, match=r"7 columns x 8 half-rows; .*\(WS-AMB-29\)"):
        _load(tmp_path, monkeypatch, text)


def test_plan_values_distinct_across_both_hands():
    g = racekit.load_game("wingsuit", players=3)
    s = g.new_initial_state()
    for a in ["deal R3", "deal Y1", "deal B2", "colour order YBR", "deal Y3", "deal B1", "deal R2",
              "deal B3", "deal Y2", "at (3,3)", "at (5,3)", "at (1,3)"]:
        s.apply_action(s.string_to_action(a))
    with pytest.raises(IllegalActionError, match=r"no two of a player's dice may show the same "
                                                 r"value \(WS-AMB-09\)"):
        s.apply_action(s.string_to_action("plan C1 B1 B4"))
    s.apply_action(s.string_to_action("plan C2 B1 B4"))   # the same split with distinct values
    assert s.current_player() == 1


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_seats(n):
    with pytest.raises(OptionError, match=r"seats 2 to 5 players \(WS-GEN-1, WS-AMB-01\)"):
        racekit.load_game("wingsuit", players=n)
