"""Step 3 and card flow: draws, refill, discards, damage, elimination.

ST-REFILL-1/2, ST-BLOCK-2, ST-DAMAGE-1/2, ST-ELIM-1, ST-PLAY-5 (the refill),
ST-AMB-11 (discard after a collision), ST-AMB-12 (when elimination is
checked), ST-AMB-13 (deck exhaustion), ST-AMB-14 (damage supply), ST-AMB-20
(the player chooses discards, which go to the discard pile).

Every draw is a chance node whose outcome is the value drawn, with
probability count / cards left, the same as drawing the top card of a
shuffled deck, and it keeps the deck order secret. Which step a run of
draws belongs to, and what follows it, is the turn flow's (:mod:`.flow`).
"""
from __future__ import annotations

from . import actions as A
from .consts import OUT, P_DISCARD, RACING

THEN_DEAL, THEN_RESTART, THEN_STEP3 = 0, 1, 2
"""What a run of draws is for (``st.draw_then``): the opening deal (ST-SETUP-6), the
refill after no dog card (ST-PLAY-5) or step 3 (ST-REFILL-1)."""


def ensure_deck(st, seat) -> bool:
    """True when ``seat`` has a card to draw; reshuffles discards if allowed (ST-AMB-13)."""
    deck = st.deck[seat]
    if deck[1] + deck[2] + deck[3] + deck[4] + deck[5]:
        return True
    disc = st.disc[seat]
    covered = 0
    if st.o.reshuffle_all:
        # deck_exhaust=reshuffle_all: the cards under the top card of each dog stack return too
        for stack in (st.lstack[seat], st.rstack[seat]):
            for v in stack[:-1]:
                disc[v] += 1
                covered += 1
            del stack[:-1]
    n = disc[1] + disc[2] + disc[3] + disc[4] + disc[5]
    if st.o.reshuffle and n:
        st.deck[seat] = disc
        st.disc[seat] = [0] * 6
        if st._record:
            st.emit("reshuffle", [seat], ["ST-AMB-13"], cards=n, covered=covered)
        return True
    if st._record:
        st.emit("deck_empty", [seat], ["ST-AMB-13"])
    return False


def draw_outcomes(st) -> list[tuple[int, float]]:
    """The chance outcomes of the next draw: each value left in the deck, count / cards left."""
    deck = st.deck[st.draw_seat]
    total = deck[1] + deck[2] + deck[3] + deck[4] + deck[5]
    return [(v, deck[v] / total) for v in range(1, 6) if deck[v]]


def draw(st, value) -> bool:
    """``draw_seat`` draws a card of ``value``; True while more draws are due and possible."""
    seat = st.draw_seat
    st.deck[seat][value] -= 1
    st.hand[seat][value] += 1
    st.draw_need -= 1
    if st._record:
        # the value stays secret: the event says only that a card was drawn
        st.emit("draw", [seat], ["ST-REFILL-1" if st.draw_then == THEN_STEP3 else
                                 "ST-PLAY-5" if st.draw_then == THEN_RESTART else "ST-SETUP-6"],
                hand_size=st.hand_size(seat), deck_size=sum(st.deck[seat]))
    return st.draw_need > 0 and ensure_deck(st, seat)


def take_damage(st, seat, k, clauses, cause) -> int:
    """Give ``seat`` ``k`` damage cards (fewer if a limited supply runs out, ST-AMB-14)."""
    if k <= 0:
        return 0
    if st.dents_left is not None:
        if st.dents_left < k:
            if st._record:
                st.emit("dents_out", [seat], ["ST-AMB-14"], wanted=k, left=st.dents_left)
            k = st.dents_left
        st.dents_left -= k
    st.dmg[seat] += k  # ST-DAMAGE-1: damage cards sit in the hand
    if st._record and k:
        st.emit("damage", [seat], list(clauses), cards=k, cause=cause, damage=st.dmg[seat])
    return k


def eliminate(st, seat, clauses) -> None:
    """ST-ELIM-1: out of the race, sled removed from the track."""
    p = st.pos[seat]
    if p >= 0:
        st.occ[p] = -1
    st.pos[seat] = -1
    st.status[seat] = OUT
    st.out_round[seat] = st.round
    if st._record:
        st.emit("eliminated", [seat], list(clauses), damage=st.dmg[seat],
                hand_size=st.hand_size(seat))


# ----------------------------------------------------------------------- step 3
def skipped(st, seat) -> bool:
    """ST-BLOCK-2 (and ST-AMB-10 ``no_refill_scope``): no draw this step 3."""
    return st.blocked[seat] or (st.o.refill_wall and st.walled[seat])


def must_discard(st, seat) -> bool:
    """ST-REFILL-2, ST-AMB-11: over ``hand_size`` cards with a dog card to let go, even after a collision;
    damage cards stay (ST-DAMAGE-2)."""
    return st.hand_size(seat) > st.p.hand_size and st.dogs(seat) > 0


def step3(st, seat) -> int:
    """ST-TURN-1 step 3: -1 when cards must be discarded down to ``hand_size``
    (:func:`must_discard`), else the cards to draw up to it (ST-REFILL-1): none when full or when a sled stopped the
    move (ST-BLOCK-2)."""
    size = st.hand_size(seat)
    hand = st.p.hand_size
    if size >= hand:
        return -1 if size > hand and st.dogs(seat) else 0
    if skipped(st, seat):
        if st._record:
            st.emit("no_refill", [seat], ["ST-BLOCK-2", "ST-AMB-10"], hand_size=size,
                    cause="sled" if st.blocked[seat] else "wall")
        return 0
    return hand - size


def legal_discards(st) -> list[int]:
    h = st.hand[st._cp]
    return [A.discard_id(v) for v in range(1, 6) if h[v]]


def why_discard(st, action):
    v = A.decode(action)[1]
    if v == 0:
        return "ST-DAMAGE-2", "damage cards can never be discarded"
    if st.ph != P_DISCARD:
        return "ST-REFILL-2", "cards are discarded only when a hand holds more than 5 after moving"
    return "ST-REFILL-2", f"the hand holds no dog card of value {v}"


def discard(st, s, v) -> None:
    st.hand[s][v] -= 1
    st.disc[s][v] += 1  # ST-AMB-20: to the discard pile; the brake is unchanged (ST-REFILL-2)
    if st._record:
        st.emit("discard", [s], ["ST-REFILL-2", "ST-AMB-20"], hand_size=st.hand_size(s))


def end_step3(st) -> None:
    """The elimination check at the end of step 3 (ST-ELIM-1, ST-AMB-12)."""
    s = st.order[st.tidx]
    if st.status[s] == RACING and not st.dogs(s):
        skip = skipped(st, s)
        if (not skip) or (st.o.elim_immediate and st.dmg[s] > 0):
            eliminate(st, s, ["ST-ELIM-1", "ST-AMB-12"])
    elif st._record and not skipped(st, s):
        st.emit("refilled", [s], ["ST-REFILL-1"], hand_size=st.hand_size(s))
