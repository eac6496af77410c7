"""AC-AMB-27: a group carrying a teammate's plane along the loop, every start square x roll.

The carried plane rests with the group on the loop: past its own turn-off it goes round again,
and on the squares between its turn-off and its entry it stands before its step 1. A carry never
puts it into its home column. Checked for every seat, every loop square the stack can stand on
(also pre-entry squares of the mover) and every roll, with the default ``new_lap``, with
``optional_effects`` (same legality) and with ``refuse``.
"""
import pytest

from racekit.core.errors import IllegalActionError, SetupError
from test_ac_helpers import legal, mk, play

LETTERS = "RYBG"


def _stack(seat, square, die, **options):
    mate = (seat + 2) % 4
    setup = {"planes": {f"{LETTERS[seat]}1": {"square": square}, f"{LETTERS[mate]}1": {"square": square}},
             "to_move": seat, "phase": "move", "die": die}
    return mk("tournament", setup=setup, **options)


def _cases():
    return [(seat, sq, die) for seat in range(4) for sq in range(52) for die in range(1, 7)]


def test_every_carry_rests_on_the_loop_with_the_group():
    pre_entry, laps = set(), 0
    for seat, sq, die in _cases():
        s = _stack(seat, sq, die)
        b = s.b
        mate = (seat + 2) % 4
        own, carried = seat * 4, mate * 4
        group = f"move {LETTERS[seat]}1+{LETTERS[mate]}1"
        before_own, before_mate = s.pos[own], s.pos[carried]
        planned = b.progress(before_own) + die
        if planned > b.loop_steps:
            # AC-TOUR-STACK-3: never into the mover's home column
            assert group not in legal(s)
            continue
        assert group in legal(s), (seat, sq, die)
        n = len(s.events)
        play(s, group)
        new = s.events[n:]
        p, q = s.pos[own], s.pos[carried]
        assert b.on_loop(p) and b.on_loop(q), (seat, sq, die, p, q)
        assert not b.loop_steps < q <= b.finish                     # never in its home column
        assert b.sq[seat][p] == b.sq[mate][q]                       # on the same square
        assert q == b.loop_position(mate, b.sq[mate][q])            # its own position there
        plane = s.snapshot()["planes"][f"{LETTERS[mate]}1"]
        assert plane["where"] == "loop" and plane["square"] == b.sq[mate][q]
        moved = b.progress(p) - b.progress(before_own)
        wrapped = b.progress(before_mate) + moved > b.loop_steps
        laps += wrapped
        lap_events = [e for e in new if e.kind == "new_lap"]
        assert len(lap_events) == wrapped, (seat, sq, die)
        for e in lap_events:
            assert "AC-AMB-27" in e.clauses
        if q < -1:
            pre_entry.add((seat, b.progress(before_own), die))
            assert plane["step"] is None and plane["short_of_entry"] == -1 - q
            assert lap_events and lap_events[0].data["short"] == -1 - q
    # the whole family that ends between the teammate's turn-off and its entry: mover steps
    # 25 (any start 19-24 with the exact roll) and 26 (a die landing on 22 jumps there)
    want = {(seat, 25 - d, d) for seat in range(4) for d in range(1, 7)} | \
           {(seat, 22 - d, d) for seat in range(4) for d in range(1, 7)}
    assert pre_entry == want
    assert laps > 100


def test_the_spec_example_blue_on_loop_25():
    """AC-SCN-05c by code: red + blue on red step 16, red rolls 6."""
    s = _stack(0, 15, 6)
    play(s, "move R1+B1")
    b1 = s.snapshot()["planes"]["B1"]
    assert b1 == {"seat": 2, "where": "loop", "step": None, "square": 25, "short_of_entry": 1}
    # blue walks on from there: 1 short of its entry, a 3 takes it to its step 3 (loop 26, 27, 28)
    s2 = mk("tournament", setup={"planes": {"B1": {"square": 25}}, "to_move": "blue",
                                 "phase": "move", "die": 3})
    play(s2, "move B1")
    assert s2.snapshot()["planes"]["B1"]["step"] == 3


@pytest.mark.parametrize("seat", range(4))
def test_optional_effects_do_not_change_legality(seat):
    """AC-AMB-06 with AC-AMB-27 refuse: the same moves are legal with optional effects on or off."""
    for sq in range(52):
        for die in range(1, 7):
            for overrun in ("new_lap", "refuse"):
                try:
                    a = legal(_stack(seat, sq, die, teammate_overrun=overrun))
                except SetupError as exc:
                    # under refuse no plane is ever carried short of its entry (AC-AMB-27)
                    assert overrun == "refuse" and exc.clause == "AC-AMB-27", exc
                    continue
                b = legal(_stack(seat, sq, die, teammate_overrun=overrun, optional_effects=True))
                assert a == b, (seat, sq, die, overrun)


def test_refuse_cites_AC_AMB_27_also_with_optional_effects():
    for optional in (False, True):
        s = _stack(0, 9, 4, teammate_overrun="refuse", optional_effects=optional)
        with pytest.raises(IllegalActionError) as err:
            play(s, "move R1+B1")
        assert err.value.clause == "AC-AMB-27"
        assert legal(s) == ["move R1"]


def test_a_plane_before_its_step_1_walks_blocks_and_is_drawn():
    """A blue plane two squares short of its entry (loop 24) rolls 2: its walk passes loop 25, where an
    enemy stack blocks it under stack_blocks; it is drawn on its loop square."""
    from racekit.games.aeroplane_chess.plot import draw
    setup = {"planes": {"B1": {"square": 24}, "Y1": {"square": 25}, "G1": {"square": 25}},
             "to_move": "blue", "phase": "move", "die": 2}
    from racekit.games.aeroplane_chess.move import route_problem
    s = mk("tournament", stack_blocks=True, setup={**setup, "phase": "roll", "die": None})
    assert route_problem(s, 2, 1 << 8, 2)[0] == "AC-AMB-26"
    play(s, "roll 2")                        # blocked: no legal move, the roll passes
    assert s.snapshot()["planes"]["B1"]["short_of_entry"] == 2 and s.snapshot()["turn"] != 2
    s = mk("tournament", setup=setup)
    assert s.snapshot()["planes"]["B1"]["short_of_entry"] == 2
    play(s, "move B1")                       # loop 25 (passed), then 26 = its step 1
    assert s.snapshot()["planes"]["B1"]["step"] == 1 and s.snapshot()["planes"]["Y1"]["where"] == "loop"
    assert s.last["steps"] == [-3, -2, 1]
    ax = draw(mk("tournament", setup=setup))
    assert ax.figure is not None
