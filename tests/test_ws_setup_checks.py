"""Impossible Wingsuit set-ups are refused, naming the field (issue 7: bad input, clear errors)."""
import pytest

import racekit
from racekit.core.errors import SetupError

BASE = {"cells": {"B1": ["NW", "NW"], "C2": ["N"]}, "order": [0, 1, 2],
        "seats": [{"at": "1,13", "alt": 4, "cubes": ["red"], "dice": ["B1", "C2"]},
                  {"at": "5,35", "dice": ["C5"]}, {"at": "3,33", "alt": 3, "dice": ["C6"]}]}


def _setup(**change):
    import copy
    data = copy.deepcopy(BASE)
    seat0 = change.pop("seat0", {})
    data["seats"][0].update(seat0)
    data.update(change)
    return racekit.load_game("wingsuit", players=3).new_initial_state(setup=data)


def test_the_base_set_up_loads():
    assert _setup().snapshot()["seats"][0]["altitude"] == 4


@pytest.mark.parametrize("change,field", [
    ({"seat0": {"dice": ["B1", "C2", "C3", "C4"]}}, "seats.0.dice"),   # three action dice a seat
    ({"seat0": {"dice": ["B1", "B1"]}}, "seats.0.dice"),               # one die a cell
    ({"terrain": {"1,15": {"h": 9}}}, "terrain.1,15.h"),               # 9 is no height
    ({"terrain": {"1,15": {"h": 0}}}, "terrain.1,15.h"),
    ({"bag": {"red": -5}}, "bag"),
    ({"round": 10 ** 23}, "round"),
])
def test_impossible_set_ups_are_refused(change, field):
    with pytest.raises(SetupError) as err:
        _setup(**change)
    assert field in str(err.value)


def test_set_up_errors_have_no_pydantic_prefix():
    with pytest.raises(SetupError) as err:
        _setup(seat0={"dice": ["B1", "B1"]})
    assert "one die in a cell" in str(err.value) and "Value error" not in str(err.value)


def test_two_characters_on_one_hex_at_one_altitude_is_no_position():
    """WS-COLLIDE-2 is a standing check: such a set-up would already have crashed."""
    data = dict(BASE, seats=[dict(BASE["seats"][0]), {"at": "1,13", "alt": 4, "dice": ["C5"]},
                             dict(BASE["seats"][2])])
    with pytest.raises(SetupError, match=r"seats.1.at: .*same altitude 4.*\(WS-COLLIDE-2\)"):
        racekit.load_game("wingsuit", players=3).new_initial_state(setup=data)
    data["seats"][1]["alt"] = 3                                  # stacked at two altitudes: fine
    assert racekit.load_game("wingsuit", players=3).new_initial_state(setup=data).snapshot()[
        "seats"][1]["at"] == "1,13"
