"""Lane-grid track geometry (racekit/boards/lane.py) and the shipped Snow Tails tracks."""
import pytest

from racekit.core.errors import FileFormatError
from pydantic import ValidationError

from racekit.boards.lane import END, WALL, LaneTrack, grid_name, load_spec
from racekit.games.snow_tails.tracks import load_track, track_names


def test_straight_grid_neighbours_and_walls():
    t = LaneTrack(grid_name("straight4"))
    sq = t.square_at(0, 2)
    f, dl, dr = t.nb[sq]
    assert t.position(f) == [1, 2] and t.position(dl) == [1, 1] and t.position(dr) == [1, 3]
    assert t.nb[t.square_at(5, 1)][1] == WALL and t.nb[t.square_at(5, 4)][2] == WALL
    last = t.square_at(33, 2)
    assert t.nb[last][0] == END
    assert t.is_level(t.square_at(3, 1), t.square_at(3, 4))
    assert t.ahead_of(t.square_at(4, 1), t.square_at(3, 4))


def test_ST_DATA_1_corner_staggered_level_keys_and_lines():
    """ST-DATA-1, ST-AMB-01, ST-ORDER-4: staggered corner squares, level keys, limit lines."""
    t = load_track("teaching")
    assert t.lanes == 4 and len(t.slots) == 5, "ST-DATA-1, ST-AMB-01: the kit's track graph"
    assert [l.kind for l in t.lines] == ["limit", "finish"] and t.lines[0].value == 3
    # in the corner the inside lane (1) holds 2 squares, the outside lane 5
    corner = [sq for sq in range(t.num_squares) if t.tile[sq] == 2]
    counts = {ln: sum(1 for sq in corner if t.lane[sq] == ln) for ln in range(1, 5)}
    assert counts == {1: 2, 2: 3, 3: 4, 4: 5}
    # a step from the row before the corner crosses the limit line
    sq = t.square_at(10, 2)
    assert t.cross[sq][0] == (0,)
    # inside of the next corner (left) ranks first among level squares
    a, b = t.square_at(3, 1), t.square_at(3, 4)
    assert t.next_turn[a] == "left" and t.order_key[a] < t.order_key[b]
    # every forward/diagonal step moves strictly forward
    for sq in range(t.num_squares):
        for n in t.nb[sq]:
            if n >= 0:
                assert t.front[n] > t.front[sq]


@pytest.mark.parametrize("name", ["teaching", "medium", "long"])
def test_shipped_tracks_load_and_are_marked_illustrative(name):
    t = load_track(name)
    assert t.spec.illustrative
    assert t.finish_line.kind == "finish"
    limits = sorted(l.value for l in t.lines if l.kind == "limit")
    if name != "teaching":
        assert limits[0] == 2 and limits[-1] == 5
    assert set(track_names()) >= {"teaching", "medium", "long"}


def test_ST_SETUP_1_flags_must_be_yellow_left_red_right():
    """ST-SETUP-1: a tile laid with red flags on the left is rejected; ST-AMB-19: no other hazards."""
    bad = {"name": "x", "lanes": 3, "tiles": [
        {"kind": "straight", "rows": 3, "flags": ["red", "yellow"]}, {"kind": "finish", "rows": 2}]}
    with pytest.raises(FileFormatError) as err:
        load_spec(bad)
    assert "turn the tile round" in str(err.value), "ST-SETUP-1"


def test_track_file_errors_name_the_field():
    with pytest.raises(FileFormatError) as err:
        load_spec({"name": "x", "lanes": 3, "tiles": [{"kind": "corner", "turn": "left",
                                                        "squares": [1, 2]},
                                                       {"kind": "finish", "rows": 2}]})
    assert "field tiles.0.squares: a corner needs 3 square counts" in str(err.value)
    with pytest.raises(FileFormatError):
        load_spec({"name": "x", "lanes": 3, "tiles": [{"kind": "straight", "rows": 3}]})
    with pytest.raises(FileFormatError) as err:  # ST-AMB-19: trees and drifts are not track features
        load_spec({"name": "x", "lanes": 3, "tiles": [{"kind": "tree", "rows": 3},
                                                       {"kind": "finish", "rows": 2}]})
    assert "tree" in str(err.value), "ST-AMB-19: no hazards other than walls and limit lines"


def test_track_files_name_the_rule_a_tile_breaks(tmp_path, monkeypatch):
    """ST-SETUP-1 (yellow flags left, red right) and ST-AMB-19 (no other hazards) are named."""
    import racekit
    from racekit.core.errors import OptionError
    from racekit.games.snow_tails.tracks import track_from_dict
    monkeypatch.chdir(tmp_path)
    (tmp_path / "flags.yaml").write_text("name: x\nlanes: 3\ntiles:\n"
                                         "- {kind: straight, rows: 3, flags: [red, yellow]}\n"
                                         "- {kind: finish, rows: 2}\n", encoding="utf-8")
    (tmp_path / "tree.yaml").write_text("name: x\nlanes: 3\ntiles:\n- {kind: tree, rows: 3}\n"
                                        "- {kind: finish, rows: 2}\n", encoding="utf-8")
    with pytest.raises(OptionError, match=r"flags.yaml:4: field tiles.0.flags: .*turn the tile "
                                          r"round \(ST-SETUP-1\)"):
        racekit.load_game("snow_tails", players=2, track="flags.yaml")
    with pytest.raises(OptionError, match=r"tree.yaml:4: field tiles.0.kind: Input should be .*\(ST-AMB-19\)"):
        racekit.load_game("snow_tails", players=2, track="tree.yaml")
    with pytest.raises(FileFormatError, match=r"field tiles.1.flags: .*\(ST-SETUP-1\)"):
        track_from_dict({"name": "x", "lanes": 3, "tiles": [
            {"kind": "straight", "rows": 3}, {"kind": "straight", "rows": 3, "flags": ["red", "yellow"]},
            {"kind": "finish", "rows": 2}]})
