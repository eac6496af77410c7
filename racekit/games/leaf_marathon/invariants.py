"""Leaf Marathon: the facts the rules keep true at all times (one declared list, spec section 1b).

Every set-up position is checked against :data:`INVARIANTS` before it is played
(:func:`racekit.core.invariants.check_position`, called from
:func:`racekit.games.leaf_marathon.setup.from_setup`); random playouts check the
same list at every decision point (tests/test_invariants.py). Fields are named as
a set-up writes them (``seats.1.stamina``, ``pile``). The checks read the state's
fields only: they never start the lazy flow (so a set-up is checked before any
rule acts on it).
"""
from __future__ import annotations

from racekit.core.invariants import Invariant, Violation

from . import stats as S
from .content import CARD_TYPES


def _seats(st):
    """Seats that have a character (after the draft)."""
    return [s for s in range(st.n) if st.char[s] >= 0]


def _cards(st):
    for k, kind in enumerate(CARD_TYPES):
        if st.pile[k] < 0:
            yield Violation(f"pile.{kind}", st.pile[k], f"more {kind} cards are in hands, armor, "
                            f"element piles and the discard pile than the deck's {st.deck_counts[k]}")
        if st.discard[k] < 0:
            yield Violation(f"discard.{kind}", st.discard[k], "a pile never holds fewer than no cards")
    total, deck = S.card_total(st), sum(st.deck_counts)
    if total != deck and min(st.pile) >= 0:
        yield Violation("pile", {k: st.pile[i] for i, k in enumerate(CARD_TYPES)},
                        f"the draw pile, discard pile, hands, equipped armor and element piles hold "
                        f"{total} cards, but the deck has {deck}")


def _stamina(st):
    for s in _seats(st):
        m = S.max_stamina(st, s)
        if not 0 <= st.stamina[s] <= m:
            yield Violation(f"seats.{s}.stamina", st.stamina[s], f"stamina is 0 to the max stamina, "
                            f"here {m}", s)


def _on_leg(st):
    fin = len(st.terrain) - 1
    for s in _seats(st):
        if not 0 <= st.pos[s] <= fin:
            yield Violation(f"seats.{s}.pos", st.pos[s], f"the leg's squares are 0 (start) to {fin} "
                            "(finish); nothing lies beyond the finish", s)


def _finished(st):
    fin = len(st.terrain) - 1
    for s in _seats(st):
        if not 0 <= st.pos[s] <= fin:
            continue   # _on_leg names it
        if st.finished[s] and st.pos[s] != fin:
            yield Violation(f"seats.{s}.pos", st.pos[s], f"a finished pony waits on the finish, "
                            f"square {fin} (in a set-up, leave its pos out: it defaults to the "
                            f"finish)", s)
        elif st.pos[s] == fin and not st.finished[s]:
            yield Violation(f"seats.{s}.finished", False, "a pony on the finish square has finished "
                            "(it is scored at once)", s)


def _buffs(st):
    for s in _seats(st):
        owned = [b for b in st.elements[s] if b != "-"] + list(st.fbuffs[s])
        twice = sorted({b for b in owned if owned.count(b) > 1})
        if twice:
            field = f"seats.{s}.friendship" if any(b in st.fbuffs[s] for b in twice) else f"seats.{s}.elements"
            yield Violation(field, owned, f"a pony owns each buff type at most once (twice: "
                            f"{', '.join(twice)})", s)


def _characters(st):
    seen: dict[int, int] = {}
    for s in _seats(st):
        c = st.char[s]
        if c >= len(st.roster):
            continue   # a scenario fixture (Test Pony), not a roster character
        if c in seen:
            yield Violation(f"seats.{s}.character", st.roster_all[c].id, f"seat {seen[c]} has the "
                            "same character: characters are unique", s)
        seen.setdefault(c, s)


def _places(st):
    from .setup import place_of
    placed = [s for g in st.places for s in g]
    finished = [s for s in range(st.n) if st.finished[s]]
    if any(not g for g in st.places) or len(set(placed)) != len(placed) or sorted(placed) != finished:
        yield Violation("places", [list(g) for g in st.places], f"the places list each pony that has "
                        f"finished this leg once, and no other (finished: {finished})")
        return
    for i, group in enumerate(st.places):
        want = place_of(st, i)
        for s in group:
            if st.fin_place[s] != want:
                yield Violation(f"seats.{s}.place", st.fin_place[s], f"the places list puts this pony "
                                f"in place {want}", s, "LM-AMB-19")
    for s in range(st.n):
        if not st.finished[s] and st.fin_place[s]:
            yield Violation(f"seats.{s}.place", st.fin_place[s], "a pony that has not finished this "
                            "leg has no place yet", s)


def _leg_points(st):
    top = 3   # LM-TERRAIN-FINISH-1: 3, 2, 1, then 0
    for s in range(st.n):
        for k, p in enumerate(st.leg_points[s]):
            if not 0 <= p <= top:
                why = f"a leg gives 0 to {top} points"
            elif p and (k > st.leg or (k == st.leg and not st.finished[s])):
                why = "no points yet: " + (f"leg {k + 1} is not played yet" if k > st.leg else
                                            "the pony has not finished this leg")
            else:
                continue
            yield Violation(f"seats.{s}.leg_points", list(st.leg_points[s]), f"leg {k + 1}: {p} "
                            f"points; {why}", s)


def _magic_bind(st):
    if not st.o.mb_multiply and st.mb_level > 1:
        yield Violation("magic_bind", st.mb_level, "a repeated Magic Bind has no further effect "
                        "(level 0 or 1) unless the option magic_bind_stack is multiply")


def _roadblocks(st):
    fin = len(st.terrain) - 1
    for r in sorted(st.roadblocks):
        if not 0 <= r <= fin:
            yield Violation("roadblocks", r, f"a roadblock lies on a square of the leg, 0 to {fin}")


INVARIANTS = (
    Invariant("card_conservation", "LM-AMB-42", "Draw pile + discard pile + hands + equipped armor + "
              "element piles hold exactly the deck (spec 1b), no pile fewer than none.", _cards),
    Invariant("stamina_bounds", "LM-STAMINA-1", "Stamina is 0 to max stamina (LM-AMB-17).", _stamina),
    Invariant("on_the_leg", "LM-DATA-3", "A pony is on a square of the current leg, 0 to the finish.",
              _on_leg),
    Invariant("finished_on_the_finish", "LM-FINISH-1", "A finished pony waits on the finish square, "
              "and a pony there has finished.", _finished),
    Invariant("one_buff_per_type", "LM-ELEMENT-2", "A pony owns each buff type at most once, element "
              "and Friendship buffs together.", _buffs),
    Invariant("unique_characters", "LM-AMB-37", "No two seats play the same roster character.",
              _characters),
    Invariant("places", "LM-FINISH-1", "The places of this leg list each pony that has finished it "
              "once, and no other; each holds the place its group gives (LM-AMB-19).", _places),
    Invariant("leg_points", "LM-TERRAIN-FINISH-1", "A leg gives 0 to 3 points, and only to a pony "
              "that has finished it.", _leg_points),
    Invariant("magic_bind_level", "LM-AMB-25", "A repeated Magic Bind has no further effect unless "
              "magic_bind_stack is multiply.", _magic_bind),
    Invariant("roadblocks_on_the_leg", "LM-EVENT-15", "A roadblock lies on a square of the current "
              "leg.", _roadblocks),
)
