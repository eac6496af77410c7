"""Aeroplane Chess: rules fidelity found by the outside review (issue 6).

Citations follow the preset, capture sentences name every owner, a jump or flight that does not
happen says which clause stops it, and the family game that stops at its first winner gives the
others one shared place.
"""
import pytest

from helpers import assert_event
from test_ac_helpers import events, mk, play


def _text(state, kind):
    """The event sentences without the clause tag the renderer appends."""
    return [state.game.render(e).split(" [")[0] for e in events(state, kind)]


def test_tournament_bounce_cites_the_tournament_clause_only():
    """AC-TOUR-FINISH-2 in the tournament; AC-FAM-FINISH-2 only in the family game."""
    s = mk("tournament", setup={"planes": {"R1": 55}, "phase": "move", "die": 3})
    play(s, "move R1")
    e = assert_event(s, "bounce", clause="AC-TOUR-FINISH-2", surplus=2, to=54)
    assert not [c for c in e.clauses if c.startswith("AC-FAM-")]
    f = mk("family", setup={"planes": {"R1": 55}, "phase": "move", "die": 3})
    play(f, "move R1")
    e = assert_event(f, "bounce", clause="AC-FAM-FINISH-2", surplus=2, to=54)
    assert "AC-FAM-FINISH-3" in e.clauses and "AC-TOUR-FINISH-2" not in e.clauses


def test_no_family_clause_in_random_tournament_events():
    import random

    from racekit.core.game import load_game
    game = load_game("aeroplane_chess", preset="tournament")
    for seed in range(20):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            pick = s.chance_outcomes() if s.is_chance_node() else [(a, 1) for a in s.legal_actions()]
            s.apply_action(rng.choice(pick)[0])
        bad = [e for e in s.events if any(c.startswith("AC-FAM-") for c in e.clauses)]
        assert not bad, bad[:3]


def test_capture_sentence_names_each_owner():
    """AC-TOUR-CAPTURE-2 / AC-AMB-07: a yellow plane lands on a red + blue stack; all three go back."""
    s = mk("tournament", setup={"planes": {"Y1": {"square": 20}, "R1": {"square": 23}, "B1": {"square": 23}},
                                "to_move": "yellow", "phase": "move", "die": 3})
    play(s, "move Y1")
    assert_event(s, "capture", clause="AC-TOUR-CAPTURE-2", pieces="R1+B1+Y1", to="base")
    assert _text(s, "capture") == ["Yellow sends R1, B1 and Y1 back to their bases."]


def test_capture_sentence_plural_for_two_planes_of_one_owner():
    """AC-TOUR-CAPTURE-3: a yellow + green pair lands on B1 + B3, which go back to base."""
    s = mk("tournament", setup={"planes": {"Y1": {"square": 20}, "G1": {"square": 20},
                                           "B1": {"square": 23}, "B3": {"square": 23}},
                                "to_move": "yellow", "phase": "move", "die": 3})
    play(s, "move Y1+G1")
    assert_event(s, "capture", clause="AC-TOUR-CAPTURE-3", pieces="B1+B3", to="base")
    assert _text(s, "capture") == ["Yellow sends B1 and B3 back to their bases."]
    one = mk("family", setup={"planes": {"R1": 18, "Y1": {"square": 20}}, "phase": "move", "die": 3})
    play(one, "move R1")
    assert _text(one, "capture") == ["Red sends Y1 back to its take-off point."]


@pytest.mark.parametrize("start,die,at,clause", [
    (3, 3, 10, "AC-AMB-25"),      # 6 jumps to 10; 10 is red too, but one plain jump per move
    (12, 2, 30, "AC-TOUR-FLY-2"),  # 14 jumps to 18, flies to 30 and stops
    (15, 3, 34, "AC-AMB-25"),      # 18 flies to 30, jumps to 34 and stops
    (47, 3, 50, "AC-AMB-19"),      # 50 is red, but a jump would leave the loop
])
def test_a_jump_that_does_not_happen_says_why(start, die, at, clause):
    s = mk("tournament", setup={"planes": {"R1": start}, "phase": "move", "die": die})
    play(s, "move R1")
    assert s.snapshot()["planes"]["R1"]["step"] == at
    assert_event(s, "no_hop", clause=clause, at=at, effect="jump")


def test_a_carried_plane_sentence():
    s = mk("tournament", setup={"planes": {"R1": 16, "B1": {"square": 15}}, "phase": "move", "die": 6})
    play(s, "move R1+B1")
    assert _text(s, "new_lap") == ["B1 was carried past its turn-off: it stays on the loop at square 25, "
                                   "1 square short of its entry, and must go round again."]


def test_AC_AMB_22_the_others_share_one_place_when_the_family_game_stops():
    home = {f"R{k}": "finish" for k in range(1, 4)}
    s = mk("family", players=4, setup={"planes": {**home, "R4": 55, "Y1": 40, "B1": 3},
                                       "phase": "move", "die": 1})
    play(s, "move R4")
    assert s.is_terminal()
    assert s.ranking() == [[0], [1, 2, 3]]
    assert s.returns() == pytest.approx([1.0, -1 / 3, -1 / 3, -1 / 3])
    from racekit.games.aeroplane_chess.finish import progress_order
    assert progress_order(s)[0] == [0] and progress_order(s)[1] == [1]    # the kit's statistic


def test_AC_AMB_22_play_for_places_still_ranks_everyone():
    home = {f"R{k}": "finish" for k in range(1, 4)}
    s = mk("family", players=3, play_for_places=True,
           setup={"planes": {**home, "R4": 55, "Y1": 40}, "phase": "move", "die": 1})
    play(s, "move R4")
    assert not s.is_terminal() and s.ranking() == [[0], [1], [2]]


def test_AC_AMB_16_the_arriving_group_is_compared_with_the_stack():
    """After a declined capture (optional_effects) yellow's Y1 shares a square with a red + blue
    stack. A lone green plane arrives: the arriving group (1) is smaller than the stack (2), so
    everything on the square goes back (AC-TOUR-CAPTURE-2); counting Y1 with the arrivals would
    have made it 2 against 2 and spared yellow and green (AC-TOUR-CAPTURE-3)."""
    s = mk("tournament", optional_effects=True,
           setup={"planes": {"R1": {"square": 30}, "B1": {"square": 30}, "Y1": {"square": 30},
                             "G1": {"square": 27}}, "to_move": "green", "phase": "move", "die": 3})
    play(s, "move G1")
    assert_event(s, "capture", clause="AC-AMB-16", clauses=["AC-TOUR-CAPTURE-2"], arriving=1, stack=2)
    assert {p: s.snapshot()["planes"][p]["where"] for p in ("R1", "B1", "Y1", "G1")} == \
        {"R1": "base", "B1": "base", "Y1": "base", "G1": "base"}, "AC-AMB-16"


def test_refusals_cite_the_preset_clause():
    from racekit.core.errors import IllegalActionError
    for preset, clause in (("tournament", "AC-TOUR-TURN-1"), ("family", "AC-FAM-TURN-1")):
        s = mk(preset, setup={"planes": {"R1": 10}, "phase": "move", "die": 3})
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(3)                      # a die face while a plane must be chosen
        assert err.value.clause == clause
