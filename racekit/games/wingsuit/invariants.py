"""Wingsuit Flight: the facts the rules keep true at all times (one declared list).

Every set-up position is checked against :data:`INVARIANTS` before any rule acts on
it (:func:`racekit.core.invariants.check_position`, called from
:func:`racekit.games.wingsuit.setup.from_setup`); random playouts check the same
list at every ply (tests/test_invariants.py). Fields are named as a set-up writes
them (``seats.1.alt``, ``bag.red``), so a scenario file's error points at its line.
"""
from __future__ import annotations

from racekit.core.invariants import Invariant, Violation

from .cards import COLOURS, VOID, WHITE
from .cleanup import rows_of

ROW_OF_CELL = [c % 6 + 1 if c < 12 else 0 for c in range(12)]


def _placed(st):
    """Seats whose character stands on a hex now (not waiting to be placed, not exited)."""
    return [s for s in range(st.n) if st.pos[s] >= 0]


def _label(st, h) -> str:
    return st.board.label(h)


def _altitude(st):
    for s in range(st.n):
        if st.pos[s] != -3 and not 1 <= st.alt[s] <= st.p.alt_max:
            yield Violation(f"seats.{s}.alt", st.alt[s], f"an altitude is always 1 to {st.p.alt_max}", s)


def _on_track(st):
    if st.board is None:
        return
    b = st.board
    ybot = b.H * (st.k_min - 1)
    for s in _placed(st):
        h = st.pos[s]
        c, y = b.cy(h)
        if h >= len(b.height) or b.height[h] == 0 or b.height[h] == VOID:
            yield Violation(f"seats.{s}.at", f"{c},{y}", "a character is always on a hex of the "
                            "track, never on a void or missing cell", s)
        elif y < ybot:
            yield Violation(f"seats.{s}.at", f"{c},{y}", f"this hex is on a card that has left the "
                            f"track (the bottom card is now card {st.k_min})", s)


def _height(st):
    if st.board is None:
        return
    b = st.board
    for s in _placed(st):
        h = st.pos[s]
        if h >= len(b.height) or b.height[h] in (0, VOID):
            continue   # _on_track names it
        height = b.height[h]
        if height == WHITE or st.alt[s] < height:
            shown = "white (infinitely high)" if height == WHITE else f"of height {height}"
            yield Violation(f"seats.{s}.alt", st.alt[s], f"hex ({_label(st, h)}) is {shown}: a "
                            "character below the height of its hex crashes, at any moment", s)


def _on_start_cell(st, h) -> bool:
    return st.k_min == 1 and any(h == x for x, _ in st.board.starts(1))


def _collision(st):
    if st.board is None:
        return
    for s in _placed(st):
        h = st.pos[s]
        for j in st.here[h] if h < len(st.here) else ():
            if j < s and st.pos[j] == h and st.alt[j] == st.alt[s]:
                if st.o.start_sharing and st.alt[s] == st.p.alt_max and _on_start_cell(st, h):
                    continue   # WS-AMB-25 allowed_no_collision: sharing a start cell
                yield Violation(f"seats.{s}.at", _label(st, h), f"seat {j} stands on the same hex at "
                                f"the same altitude {st.alt[s]}: they would have collided", s)


def _cubes_held(st):
    returning = {x[1] for x in st.intr if x[0] == "return"}
    for s in range(st.n):
        held = sum(st.cubes[s])
        if held > st.p.cube_limit and s not in returning:
            have = [COLOURS[k] for k in range(3) for _ in range(st.cubes[s][k])]
            yield Violation(f"seats.{s}.cubes", have, f"a player holds at most {st.p.cube_limit} cubes", s)


def _cube_supply(st):
    total = st.cubes_total
    for k, colour in enumerate(COLOURS):
        held = sum(st.cubes[s][k] for s in range(st.n))
        if st.bag[k] < 0 or st.out[k] < 0 or st.bag[k] + held + st.out[k] != total:
            where = "" if not st.out[k] else f" and {st.out[k]} out of the game"
            yield Violation(f"bag.{colour}", st.bag[k],
                            f"{held} {colour} cube{'' if held == 1 else 's'} held and {st.bag[k]} in "
                            f"the bag{where} make "
                            f"{st.bag[k] + held + st.out[k]}, but the game has {total} (every cube is "
                            f"in the bag or held{', or out of the game' if not st.o.discard_to_bag else ''})")


def _dice(st):
    for s in range(st.n):
        mine = [c for c in range(12) for d in st.cells[c] if d[0] == s]
        if len(mine) > 3:
            yield Violation(f"seats.{s}.dice", len(mine), "a player has three action dice", s)
        elif not st.o.per_group:
            rows = [ROW_OF_CELL[c] for c in mine]
            if len(set(rows)) != len(rows):
                names = [("C" if c < 6 else "B") + str(c % 6 + 1) for c in mine]
                yield Violation(f"seats.{s}.dice", names, "a player's three dice show different "
                                "values, so two of them never stand in one row", s)


def _queue(st):
    if not st.queue:
        return
    rows = rows_of(st.queue)
    empty = [i + 1 for i, r in enumerate(rows) if r is None]
    text = [st.cs.cards[c].id + f"@{b}" for c, b in st.queue]
    if empty:
        yield Violation("queue", text, f"the queue always offers six rows; row(s) "
                        f"{', '.join(map(str, empty))} show no card")
        return
    if not st.o.cover_fallback_colour:
        shown = {st.cs.cards[p[0]].cost for p in rows if p is not None}
        missing = [COLOURS[k] for k in range(3) if k not in shown]
        if missing:
            yield Violation("queue", text, f"every cube colour keeps a usable item cost in the "
                            f"queue; no {', '.join(missing)} card shows")


def _cards_once(st):
    if st.board is None:
        return
    on_track = st.board.track[st.k_min - 1:]
    seen = {}
    places = [("track", c) for c in on_track] + [("queue", c) for c, _ in st.queue] \
        + [("set_aside", c) for c in st.set_aside]
    for where, c in places:
        if c in seen:
            yield Violation(where, st.cs.cards[c].id, f"card {st.cs.cards[c].id} is also in "
                            f"{seen[c]}: each of the nine cards is in one place")
        seen.setdefault(c, where)


def _rear_bonus(st):
    for s in range(st.n):
        if st.rear[s] and (st.n < 4 or st.round > 1):
            why = "only with 4 or 5 players" if st.n < 4 else "only in round 1"
            yield Violation(f"seats.{s}.rear_bonus", st.rear[s] > 0, f"the rear start sprint exists {why}", s)


INVARIANTS = (
    Invariant("altitude_range", "WS-ALT-1", "A character's altitude is always 1 to 4.", _altitude),
    Invariant("on_the_track", "WS-FAQ-Q1a", "A character on the track stands on a terrain hex of a "
              "card still on the track.", _on_track),
    Invariant("not_below_terrain", "WS-CRASH-1",
              "No character is below the height of its hex (white is infinitely high): that is a "
              "crash at any moment (WS-AMB-13).", _height),
    Invariant("no_collision", "WS-COLLIDE-2",
              "No two characters share a hex at the same altitude (WS-AMB-25 allowed_no_collision: "
              "except on a start cell).", _collision),
    Invariant("two_cubes", "WS-ITEM-2", "A player holds at most cube_limit cubes (one more only "
              "while choosing which to put back).", _cubes_held),
    Invariant("cube_supply", "WS-AMB-16", "Each colour's cubes are in the bag, held, or (option "
              "out_of_game) out of the game, and there are cubes_per_color of them.", _cube_supply),
    Invariant("three_dice", "WS-PLAN-3", "A player has at most three action dice in the queue, in "
              "different rows unless distinct_scope is per_group (WS-AMB-09).", _dice),
    Invariant("six_rows", "WS-CLEANUP-5", "The queue shows a card in each of its six rows, and a "
              "card of every cube colour (WS-CLEANUP-4) unless cover_fallback is ignore_colour_rule.",
              _queue),
    Invariant("cards_once", "WS-COMP-1", "Each card is in one place: on the track, in the queue "
              "or set aside.", _cards_once),
    Invariant("rear_start_sprint", "WS-VAR-45P-2", "The rear start sprint exists only with 4-5 "
              "players and only in round 1 (WS-AMB-27).", _rear_bonus),
)
