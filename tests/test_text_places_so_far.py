"""'Places so far' lists only who holds a place: a game that is not over never shows the others
as placed (`racekit play` and `racekit replay` end with this line)."""
from __future__ import annotations

import pytest

from racekit.cli import _ranking
from tests.lm_helpers import make


def _line(state, capsys) -> str:
    _ranking(state)
    return capsys.readouterr().out.strip()


def test_leaf_marathon_mid_leg_lists_only_ponies_that_finished_the_leg(capsys):
    """Leg 2: Blue has finished it in place 1; Red and Green are still running. The old line was
    'Places so far: 1. Red  2. Blue  3. Green' (the points order, as if all three had places)."""
    st = make([{"pos": 5, "hand": ["action"], "leg_points": [3, 0]},
               {"finished": True, "place": 1, "pos": 20, "leg_points": [1, 3]},
               {"pos": 2, "leg_points": [2, 0]}],
              leg=2, places=[[1]])
    assert not st.is_terminal()
    assert _line(st, capsys) == ("Places so far in leg 2: 1. Blue; still running: Red and Green. "
                                 "Points so far: Red 3, Blue 4, Green 2")


def test_leaf_marathon_with_nobody_finished_says_none_yet(capsys):
    st = make([{"pos": 5, "hand": ["action"]}, {"pos": 3}])
    assert _line(st, capsys) == ("Places so far in leg 1: none yet; still running: Red and Blue. "
                                 "Points so far: Red 0, Blue 0")


@pytest.mark.parametrize("game_id, still", [("wingsuit", "still flying"),
                                            ("aeroplane_chess", "still racing"),
                                            ("snow_tails", "still racing")])
def test_other_games_at_the_start_place_nobody(game_id, still, capsys):
    import racekit
    st = racekit.load_game(game_id).new_initial_state()
    line = _line(st, capsys)
    assert line.startswith(f"Places so far: none yet; {still}: "), line
