"""Wingsuit Flight: hex geometry (racekit/boards/hex.py) and the card-set file (Appendix A)."""
from pathlib import Path

import pytest

from racekit.boards import hex as H
from racekit.core.errors import FileFormatError
from racekit.games.wingsuit.cards import kit_path, load_cardset


def test_axial_round_trip_and_directions():
    for c, y in H.StackedTrack().hexes():
        q, r = H.to_axial(c, y)
        assert H.from_axial(q, r) == (c, y)
        for d in H.DIRECTIONS:
            # the doubled-height step and the axial step agree (Red Blob flat-top, r downwards)
            assert H.to_axial(*H.neighbour(c, y, d)) == H.axial_neighbour(q, r, d)
    assert H.neighbour(3, 9, "N") == (3, 11)
    assert H.neighbour(0, 14, "NW") == (-1, 15)
    with pytest.raises(ValueError):
        H.to_axial(1, 2)


def test_track_geometry():
    t = H.StackedTrack()
    assert len(t.hexes()) == 144          # 5 cards of 7 x 4 hex heights, shared boundaries
    assert t.top == 40
    # boundary hexes belong to the lower card (WS-AMB-30, WS-FAQ-Q6a)
    assert t.card_of(16) == 2 and t.card_of(17) == 3 and t.card_of(15) == 2
    assert t.card_of(16, boundary_lower=False) == 3
    assert t.card_of(3, k_min=2) == 2
    assert t.reset_hexes(3) == [(0, 16), (2, 16), (4, 16), (6, 16)]
    # WS-AMB-06: vertical distance 40 - y; hex_path the fewest steps out
    assert t.distance(13) == 27 and t.distance(9) == 31
    assert t.distance(39, "hex_path") == 1
    assert t.classify(-1, 41) == "side"      # WS-AMB-12: the side check comes first
    assert t.classify(0, 42) == "exit"
    assert t.classify(3, -1) == "below"
    assert H.axial_distance((0, 0), (2, -3)) == 3


def test_kit_cards_load_and_are_illustrative():
    cs = load_cardset()
    assert cs.illustrative and len(cs.cards) == 9 and not cs.warnings
    assert sorted(c.cost for c in cs.cards) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = kit_path().read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "cards.yaml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


@pytest.mark.parametrize("old,new,needle", [
    ('brave: ["N", "N", "NE"]', 'brave: ["N", "UP", "NE"]', "an unknown icon"),
    ('"4,4": {h: white}', '"4,4": {h: 7}', "height"),
    ('"4,4": {h: white}', '"4,5": {h: white}', "not a hex of a card"),
    ('item_effect: steal_altitude', 'item_effect: teleport', "item_effect"),
    ('"alt_at_least(3)"', '"alt_above(3)"', "unknown condition"),
    ("format: wingsuit-cards/1", "format: wingsuit-cards/2", "format"),
])
def test_card_errors_name_file_line_field(tmp_path, monkeypatch, old, new, needle):
    _broken(tmp_path, old, new)
    monkeypatch.chdir(tmp_path)   # a card-set file is a relative path (racekit.core.content)
    with pytest.raises(FileFormatError) as err:
        load_cardset("cards.yaml")
    msg = str(err.value)
    assert "cards.yaml:" in msg and needle in msg and "field " in msg


def test_user_files_get_warnings_not_errors(tmp_path, monkeypatch):
    _broken(tmp_path, '"6,6": {h: 3}', '"6,8": {h: 3}')  # a half-hex that is not plain
    monkeypatch.chdir(tmp_path)
    cs = load_cardset("cards.yaml")
    assert any("half-hexes" in w for w in cs.warnings)


@pytest.mark.parametrize("mode", ["max", "upper_half"])
def test_boundary_hexes_merge_the_two_printed_halves(tmp_path, monkeypatch, mode):
    """WS-AMB-30 on a card set whose half-hexes are not plain (a user file may, with a warning;
    the kit's are plain, so only such a file shows the merge): every card prints height 2 and an
    updraft on its bottom half-hexes (2,0) and (4,0), and height 3 and an item on its top
    half-hexes (2,8) and (6,8). ``max``: a boundary hex takes the higher number and the features
    of both halves; ``upper_half``: the upper card's half alone. The track's own bottom and top
    edges keep the first and last cards' halves."""
    from racekit.games.wingsuit.board import Board
    extra = ('\n      "2,0": {h: 2, updraft: true}\n      "4,0": {updraft: true}'
             '\n      "2,8": {h: 3, item: true}\n      "6,8": {item: true}')
    text = kit_path().read_text(encoding="utf-8").replace(
        '\n      "1,1": {start: rear}', extra + '\n      "1,1": {start: rear}')
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cs = load_cardset("cards.yaml")
    b = Board(cs, [0, 1, 2, 3, 4], mode)

    def at(c, y):
        h = b.hid(c, y)
        return b.height[h], b.updraft[h], b.item[h]
    assert at(2, 0) == (2, True, False)          # bottom edge of card 1: its own half
    assert at(2, 40) == (3, False, True)         # top edge of card 5: its own half
    for k in range(1, 5):                        # the four boundaries, y = 8, 16, 24, 32
        y = 8 * k
        if mode == "max":
            assert at(2, y) == (3, True, True)   # 3 beats 2; the lower half's item, the upper's updraft
            assert at(4, y) == (1, True, False)
            assert at(6, y) == (1, False, True)
        else:
            assert at(2, y) == (2, True, False)  # the upper card's bottom half alone
            assert at(4, y) == (1, True, False)
            assert at(6, y) == (1, False, False)
    assert at(0, 8) == (1, False, False)         # a plain boundary stays plain
