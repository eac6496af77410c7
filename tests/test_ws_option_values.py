"""Wingsuit's number options take whole numbers in a named range, and say what was typed (issue 7)."""
import pytest

import racekit
from racekit.core.errors import OptionError


@pytest.mark.parametrize("value", [True, 3.7, "1e3", "٣", "9" * 5000, 10 ** 12, 0, -1, "", None])
def test_cubes_per_color_refuses(value):
    with pytest.raises(OptionError) as err:
        racekit.load_game("wingsuit", cubes_per_color=value)
    msg = str(err.value)
    assert "cubes_per_color" in msg and "1 to 99" in msg
    assert "sys." not in msg and "int()" not in msg and len(msg) < 200


@pytest.mark.parametrize("value", [True, 2.5, "x", 10 ** 30, -1])
def test_max_rounds_refuses(value):
    """The old spelling max_rounds is read as turn_limit (issue 21), and refused under its new name."""
    with pytest.raises(OptionError) as err:
        racekit.load_game("wingsuit", max_rounds=value)
    assert "turn_limit" in str(err.value) and "1 to 10000" in str(err.value)


def test_whole_numbers_in_range_are_taken():
    assert racekit.load_game("wingsuit", cubes_per_color=" 7 ").cubes_per_color == 7
    assert racekit.load_game("wingsuit", cubes_per_color=99).cubes_per_color == 99
    assert racekit.load_game("wingsuit", max_rounds="12").options["turn_limit"] == 12
    assert racekit.load_game("wingsuit", max_rounds="none").options["turn_limit"] == 0
    assert racekit.load_game("wingsuit", turn_limit=0).options["turn_limit"] == 0
