"""Aeroplane Chess: the facts the rules keep true at all times (one declared list).

Every set-up position is checked against :data:`INVARIANTS` before it is played
(:func:`racekit.core.invariants.check_position`, called from
:func:`racekit.games.aeroplane_chess.setup.apply_setup`); random playouts check
the same list at every ply (tests/test_invariants.py). Fields are named as a
set-up writes them (``planes.R1``).
"""
from __future__ import annotations

from racekit.core.invariants import Invariant, Violation

from .actions import piece_name
from .board import BASE
from .finish import all_home


def _where(b, v: int) -> str:
    """A position in words: ``base``, ``take-off point``, ``step 12``, ``home 3``, ``finish``."""
    if v == BASE:
        return "base"
    if v == 0:
        return "take-off point"
    if v < BASE:
        n = -1 - v
        return f"{n} square{'' if n == 1 else 's'} short of its entry"
    if v <= b.loop_steps:
        return f"step {v}"
    if v < b.finish:
        return f"home {v - b.loop_steps}"
    if v == b.finish:
        return "finish"
    return f"step {v}"


def _route(st):
    b, r = st.b, st.r
    for p, v in enumerate(st.pos):
        if v < BASE:
            clause = "AC-AMB-27" if v >= -1 - b.pre_len else None
            if v < -1 - b.pre_len:
                why = "no square of the route lies there"
            elif not (r.tour and r.new_lap):
                why = ("only a teammate's plane carried past its turn-off rests between its turn-off "
                       "and its entry (tournament, teammate_overrun new_lap); this colour never "
                       "stands there")
            else:
                continue
        elif v > b.finish:
            why = f"the route ends at the finish, step {b.finish}"
        else:
            continue
        yield Violation(f"planes.{piece_name(p)}", _where(b, v), why, p >> 2,
                        clause if v < BASE else None)


def _base(st):
    r = st.r
    if r.start == BASE or r.captured_to == BASE:
        return
    for p, v in enumerate(st.pos):
        if v == BASE:
            yield Violation(f"planes.{piece_name(p)}", "base", "these rules have no base: planes start "
                            "on the take-off point and go back there when captured", p >> 2)


def _one_owner(st):
    b, r = st.b, st.r
    if r.optional or not (r.tour or r.capture != "none"):
        return
    seen: dict[int, int] = {}
    for p, v in enumerate(st.pos):
        if not b.on_loop(v) or v < -1 - b.pre_len:
            continue
        sq = b.sq[p >> 2][v]
        other = seen.setdefault(sq, p)
        mixed = (r.side[other >> 2] != r.side[p >> 2]) if r.tour else (other >> 2 != p >> 2)
        if mixed:
            who = "side" if r.tour else "player"
            yield Violation(f"planes.{piece_name(p)}", f"loop square {sq}",
                            f"{piece_name(other)} of another {who} is on the same square: arriving "
                            "there would have captured", p >> 2,
                            None if r.tour else "AC-FAM-CAPTURE-3")


def _goes_on(st):
    if st.phase == "over":
        return
    r, n = st.r, st.game.num_players
    if r.tour:
        for side in ([0, 2], [1, 3]):
            if all(all_home(st, x) for x in side):
                yield Violation("planes", "all eight planes home", "a side with every plane home has "
                                "won: the game would be over", side[0])
        return
    done = [x for x in range(n) if all_home(st, x)]
    if not r.places and done:
        yield Violation("planes", "all four planes home", "a player with every plane home has won: "
                        "the game would be over", done[0], "AC-FAM-GOAL-1")
    elif r.places and len(done) >= n - 1:
        yield Violation("planes", f"{len(done)} players home", "at most one player is left: the game "
                        "would be over", None, "AC-AMB-22")


def _sixes(st):
    r = st.r
    if st.phase == "over" or not st.sixes:
        return
    if st.phase == "move" and st.die != r.bonus_face:
        yield Violation("sixes", st.sixes, f"the roll in hand is a {st.die}, which ends a run of sixes",
                        st.roller, None if r.tour else "AC-AMB-08")
    elif st.phase == "roll" and r.six == "none":
        yield Violation("sixes", st.sixes, "without an extra roll on a 6 (six_bonus none) every roll "
                        "starts a new turn, so no sixes are rolled in a row before it", st.roller,
                        "AC-AMB-08")


INVARIANTS = (
    Invariant("on_the_route", "AC-AMB-01", "Every plane is in base, on the take-off point, on its "
              "colour's path (loop, home column, finish), or, in the tournament, a carried teammate "
              "short of its entry (AC-AMB-27).", _route),
    Invariant("base_only_if_used", "AC-AMB-07", "A plane is in base only under rules that use a base "
              "(a take-off roll or captured_to base; AC-TOUR-SETUP-2).", _base),
    Invariant("one_owner_per_square", "AC-TOUR-CAPTURE-1", "When captures are automatic, no loop "
              "square holds planes of two sides (family: two players; AC-FAM-CAPTURE-3, AC-AMB-10).",
              _one_owner),
    Invariant("sixes_in_a_row", "AC-TOUR-SIX-1", "Sixes count in a row only while extra rolls "
              "follow them: a roll other than 6 ends the run, and without an extra roll "
              "(six_bonus none, AC-AMB-08) the next roll is a new turn's.", _sixes),
    Invariant("game_goes_on", "AC-TOUR-WIN-1", "While the game is played no side (family: no "
              "player, or under play_for_places all but one) has every plane home (AC-FAM-GOAL-1, "
              "AC-AMB-22).", _goes_on),
)
