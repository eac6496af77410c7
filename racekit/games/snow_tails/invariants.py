"""Snow Tails: the facts the rules keep true at all times (one declared list).

Every set-up position is checked against :data:`INVARIANTS` before it is played
(:func:`racekit.core.invariants.check_position`, called from
:func:`racekit.games.snow_tails.setup.from_setup`); random playouts check the same
list at every ply (tests/test_invariants.py). Fields are named as a set-up writes
them (``seats.1.position``).
"""
from __future__ import annotations

from racekit.core.invariants import Invariant, Violation

from .consts import CROSSED, FINISHED, OUT, P_FIRST, P_OVER, P_PLAY, P_RSLOT, P_SLOT, RACING, STATUS
from .params import extra_cards



def _waiting(st, s) -> bool:
    """Is seat ``s``'s sled still waiting for its start slot (ST-SETUP-5)?"""
    return st.pos[s] == -1 and st.slot[s] == 0 and st.ph in (P_FIRST, P_SLOT, P_RSLOT) \
        and st.status[s] == RACING


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _on_track(st):
    tr = st.track
    for s in range(st.n):
        p = st.pos[s]
        if _waiting(st, s):
            continue
        if st.status[s] in (RACING, CROSSED):
            if not 0 <= p < tr.num_squares:
                yield Violation(f"seats.{s}.position", p, f"{_a(STATUS[st.status[s]])} sled stands on a "
                                f"square of track {tr.name}", s)
        elif p != -1:
            yield Violation(f"seats.{s}.position", tr.position(p) if 0 <= p < tr.num_squares else p,
                            f"{_a(STATUS[st.status[s]])} sled is off the track", s)


def _one_per_square(st):
    seen: dict[int, int] = {}
    for s in range(st.n):
        p = st.pos[s]
        if p < 0 or p >= st.track.num_squares:
            continue
        if p in seen:
            yield Violation(f"seats.{s}.position", st.track.position(p), f"two sleds on one square "
                            f"(seat {seen[p]}'s too): a sled never enters an occupied square", s)
        seen.setdefault(p, s)


def _finish_line(st):
    tr = st.track
    for s in range(st.n):
        p = st.pos[s]
        if not 0 <= p < tr.num_squares:
            continue
        if st.status[s] == CROSSED and tr.beyond[p] <= 0:
            yield Violation(f"seats.{s}.position", tr.position(p), "a sled that has crossed stands "
                            "beyond the finish line", s)
        elif st.status[s] == RACING and tr.beyond[p] > 0:
            yield Violation(f"seats.{s}.position", tr.position(p), "this square is beyond the finish "
                            "line: a sled there has crossed (status crossed)", s)


def _dog_deck(st):
    per = st.p.cards_per_value                                       # ST-SETUP-2
    for s in range(st.n):
        for v in range(1, 6):
            parts = (st.deck[s][v], st.hand[s][v], st.disc[s][v], st.lstack[s].count(v),
                     st.rstack[s].count(v))
            if st.deck[s][v] < 0:     # more out of the deck than the deck has
                yield Violation(f"seats.{s}.hand", sum(parts[1:]), f"cards of value {v} in hand, "
                                f"stacks and discard: a dog deck holds only {per} of each value 1-5", s)
            elif min(parts) < 0 or sum(parts) != per:
                yield Violation(f"seats.{s}.deck", sum(parts), f"cards of value {v} in deck, hand, "
                                f"stacks and discard: a dog deck holds exactly {per} of each value "
                                "1-5", s)


def _hand_size(st):
    mover = st.order[st.tidx] if 0 <= st.tidx < len(st.order) else -1
    for s in range(st.n):
        dogs, dmg = st.dogs(s), st.dmg[s]
        if st.status[s] == OUT:
            if dogs:
                yield Violation(f"seats.{s}.hand", dogs, "an eliminated player holds no dog card: a "
                                "player is out of the race when their hand holds only damage cards",
                                s, "ST-ELIM-1")
            continue
        # round 1: slots 4 and 5 hold their extra cards until their first turn is over
        first = st.round <= 1 and (s not in st.order or st.order.index(s) >= st.tidx)
        hand = st.p.hand_size                                        # ST-REFILL-1/2
        cap = max(hand, st.p.opening_hand + extra_cards(st.p, st.slot[s])) if first else hand  # ST-SETUP-6
        if s == mover and st.ph != P_PLAY and st.ph != P_OVER:
            # in the middle of its turn: cards played, damage taken, not yet discarded
            over = dogs > cap
        else:
            over = dogs > max(0, cap - dmg)
        if over:
            extra = "" if cap == hand else f" (slot {st.slot[s]} starts round 1 with {cap})"
            yield Violation(f"seats.{s}.hand", dogs + dmg, f"cards in hand, {dogs} dog and {dmg} "
                            f"damage: after every turn a hand is drawn up to {hand} or discarded down "
                            f"to {hand} (only damage cards can stay above it){extra}", s)


def _mat(st):
    for s in range(st.n):
        for side, stack, shown in (("left", st.lstack[s], st.left[s]), ("right", st.rstack[s], st.right[s])):
            want = stack[-1] if stack else st.p.printed_dogs                   # ST-SETUP-4
            if shown != want or not 1 <= shown <= 5:
                yield Violation(f"seats.{s}.{side}", shown, f"the {side} dog shows the top card of its "
                                f"stack, or the printed {st.p.printed_dogs} on an empty mat", s)
        if not 1 <= st.brake[s] <= 5:
            yield Violation(f"seats.{s}.brake", st.brake[s], "the brake shows a dog card's value, 1 "
                            "to 5 (3 on the marker)", s, "ST-BRAKE-1")


def _places(st):
    if st.ph == P_OVER:
        return
    placed = [s for g in st.places for s in g]
    finished = sorted(s for s in range(st.n) if st.status[s] == FINISHED)
    if any(not g for g in st.places) or len(set(placed)) != len(placed) or sorted(placed) != finished:
        yield Violation("places", [list(g) for g in st.places], f"the places list each finished seat "
                        f"once, and only those (finished: {finished})")


def _dents(st):
    if st.dents_left is None:
        return
    supply = int(st.game.options["dent_supply"].rpartition("_")[2])
    held = sum(st.dmg)
    if st.dents_left < 0 or held + st.dents_left > supply:
        yield Violation("dents_left", st.dents_left, f"{held} damage cards held and {st.dents_left} "
                        f"left make more than the supply of {supply}")
    for s in range(st.n):
        if st.dmg[s] < 0:
            yield Violation(f"seats.{s}.damage", st.dmg[s], "damage cards are never discarded", s)


def _racing_left(st):
    if st.ph == P_OVER:
        return
    if not any(x in (RACING, CROSSED) for x in st.status):
        yield Violation("seats", [STATUS[x] for x in st.status], "while the race goes on a sled is "
                        "racing: with none left the game is over")


INVARIANTS = (
    Invariant("on_the_track", "ST-DATA-1", "A racing or crossed sled stands on a square of the "
              "track; a finished (ST-END-5) or eliminated (ST-ELIM-1) one is off it.", _on_track),
    Invariant("one_sled_per_square", "ST-MOVE-1", "No two sleds share a square (ST-BLOCK-1).",
              _one_per_square),
    Invariant("finish_line", "ST-END-2", "A crossed sled is beyond the finish line and a racing one "
              "is not.", _finish_line),
    Invariant("dog_deck", "ST-SETUP-2", "Each player's dog cards, in deck, hand, discard and both "
              "stacks, are cards_per_value of each value 1 to 5.", _dog_deck),
    Invariant("hand_size", "ST-REFILL-2", "Between turns a hand holds at most hand_size cards, "
              "or only damage cards beyond it (ST-DAMAGE-2); in round 1 slots 4 and 5 hold their "
              "extra opening cards until their first turn (ST-SETUP-6); an eliminated player holds "
              "no dog card (ST-ELIM-1).", _hand_size),
    Invariant("mat_values", "ST-PLAY-4", "Each dog shows the top card of its stack (the printed "
              "value, printed_dogs, when empty, ST-SETUP-4) and the brake is 1 to 5 (ST-BRAKE-1).", _mat),
    Invariant("places", "ST-END-2", "While the race goes on, the places hold each finished seat "
              "once and nobody else (ST-END-2).", _places),
    Invariant("damage_supply", "ST-AMB-14", "With a limited supply, the damage cards held and left "
              "are never more than the supply; nobody holds fewer than none (ST-DAMAGE-2).", _dents),
    Invariant("race_goes_on", "ST-END-1", "While the game is played some sled is still in the race.",
              _racing_left),
)
