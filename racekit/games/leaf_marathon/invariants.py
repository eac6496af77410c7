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
                            f"square {fin}", s)
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
    Invariant("roadblocks_on_the_leg", "LM-EVENT-15", "A roadblock lies on a square of the current "
              "leg.", _roadblocks),
)
