"""Aeroplane Chess regressions found by QA (each cites its clause; concrete values)."""

import pytest

from racekit.core.errors import IllegalActionError
from test_ac_helpers import frozen, mk, play


def test_AC_FAM_TURN_1_apply_action_with_a_name_is_refused_cleanly():
    """AC-FAM-TURN-1: apply_action takes ids; a name, None or a float is refused with
    IllegalActionError (not a TypeError) and the state is unchanged."""
    s = mk("tournament", setup={"planes": {"R1": 10}})
    play(s, "roll 3")
    before = frozen(s), len(s.events)
    for bad in ("move R1", None, 2.5, [1]):
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(bad)
        assert err.value.clause.startswith("AC-")
    assert (frozen(s), len(s.events)) == before
    play(s, "move R1")
    assert s.snapshot()["planes"]["R1"]["step"] == 13


def test_AC_FAM_COMP_1_action_to_string_of_an_unknown_id_is_a_value_error():
    """AC-FAM-COMP-1: there is no plane beyond G4; naming such an id is a ValueError."""
    s = mk("tournament", setup={"planes": {"R1": 10}})
    play(s, "roll 3")
    with pytest.raises(ValueError):
        s.action_to_string(100 + (1 << 40))
    with pytest.raises(ValueError):
        s.action_to_string("move R1")


def test_AC_AMB_09_a_roll_at_the_first_player_draw_is_refused_with_the_right_reason():
    """AC-AMB-09: in a family game the first player is drawn before any die roll; a roll then
    is refused citing AC-AMB-09, not 'a player's decision'."""
    s = mk("family")
    assert s.phase == "first"
    with pytest.raises(IllegalActionError) as err:
        play(s, "roll 6")
    assert err.value.clause == "AC-AMB-09"
    assert "first player" in err.value.reason
    play(s, "Blue starts")
    with pytest.raises(IllegalActionError) as err:
        play(s, "Red starts")
    assert err.value.clause == "AC-AMB-09"
    assert "die" in err.value.reason
