"""Step 3 and card flow: draws, refill, discards, damage, elimination.

ST-REFILL-1/2, ST-BLOCK-2, ST-DAMAGE-1/2, ST-ELIM-1, ST-PLAY-5 (the refill),
ST-AMB-11 (discard after a collision), ST-AMB-12 (when elimination is
checked), ST-AMB-13 (deck exhaustion), ST-AMB-14 (damage supply), ST-AMB-20
(the player chooses discards, which go to the discard pile).

Every draw is a chance node whose outcome is the value drawn, with
probability count / cards left, the same as drawing the top card of a
shuffled deck, and it keeps the deck order secret.
"""
from __future__ import annotations

from racekit.core.state import CHANCE

from . import actions as A
from . import order, play, setup
from .consts import OUT, P_DISCARD, P_DRAW, RACING

THEN_DEAL, THEN_RESTART, THEN_STEP3 = 0, 1, 2
HAND = 5  # ST-REFILL-1: the hand is refilled to 5


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


def start_draws(st, seat, need, then, phase=None) -> None:
    """Draw ``need`` cards for ``seat`` one chance node at a time, then continue."""
    st.draw_seat, st.draw_need, st.draw_then = seat, need, then
    if need > 0 and ensure_deck(st, seat):
        st.ph = P_DRAW if phase is None else phase
        st._cp = CHANCE
        return
    after_draws(st)


def apply_draw(st, value) -> None:
    seat = st.draw_seat
    st.deck[seat][value] -= 1
    st.hand[seat][value] += 1
    st.draw_need -= 1
    if st._record:
        # the value stays secret: the event says only that a card was drawn
        st.emit("draw", [seat], ["ST-REFILL-1" if st.draw_then == THEN_STEP3 else
                                 "ST-PLAY-5" if st.draw_then == THEN_RESTART else "ST-SETUP-6"],
                hand_size=st.hand_size(seat), deck_size=sum(st.deck[seat]))
    if st.draw_need > 0 and ensure_deck(st, seat):
        return
    after_draws(st)


def after_draws(st) -> None:
    then = st.draw_then
    if then == THEN_STEP3:
        end_step3(st)
    elif then == THEN_RESTART:
        play.after_restart(st)
    else:
        setup.deal_next(st)


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


def step3(st) -> None:
    """ST-TURN-1 step 3: discard down to 5, or draw up to 5 unless blocked."""
    s = st.order[st.tidx]
    size = st.hand_size(s)
    if size > HAND and st.dogs(s):
        # ST-REFILL-2, ST-AMB-11: discard even after a collision; damage stays (ST-DAMAGE-2)
        st.ph, st._cp = P_DISCARD, s
        return
    if size < HAND:
        if skipped(st, s):
            if st._record:
                st.emit("no_refill", [s], ["ST-BLOCK-2", "ST-AMB-10"], hand_size=size,
                        cause="sled" if st.blocked[s] else "wall")
        else:
            start_draws(st, s, HAND - size, THEN_STEP3)
            return
    end_step3(st)


def legal_discards(st) -> list[int]:
    h = st.hand[st._cp]
    return [A.DISCARD_BASE + v for v in range(1, 6) if h[v]]


def why_discard(st, action):
    v = action - A.DISCARD_BASE
    if v == 0:
        return "ST-DAMAGE-2", "damage cards can never be discarded"
    if st.ph != P_DISCARD:
        return "ST-REFILL-2", "cards are discarded only when a hand holds more than 5 after moving"
    return "ST-REFILL-2", f"the hand holds no dog card of value {v}"


def apply_discard(st, action) -> None:
    s = st._cp
    v = action - A.DISCARD_BASE
    st.hand[s][v] -= 1
    st.disc[s][v] += 1  # ST-AMB-20: to the discard pile; the brake is unchanged (ST-REFILL-2)
    if st._record:
        st.emit("discard", [s], ["ST-REFILL-2", "ST-AMB-20"], hand_size=st.hand_size(s))
    if st.hand_size(s) > HAND and st.dogs(s):
        return
    end_step3(st)


def end_step3(st) -> None:
    """Elimination check (ST-AMB-12), then the next turn."""
    s = st.order[st.tidx]
    if st.status[s] == RACING and not st.dogs(s):
        skip = skipped(st, s)
        if (not skip) or (st.o.elim_immediate and st.dmg[s] > 0):
            eliminate(st, s, ["ST-ELIM-1", "ST-AMB-12"])
    elif st._record and not skipped(st, s):
        st.emit("refilled", [s], ["ST-REFILL-1"], hand_size=st.hand_size(s))
    order.end_turn(st)
