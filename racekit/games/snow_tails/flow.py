"""The turn flow of Snow Tails, declared in one place.

    set-up (ST-SETUP-5, ST-AMB-02, option slot_selection):
        first_player (chance: who places first) -> choose_slot (each seat clockwise)
            or, with fill_from_1, slots 1, 2, ... at once
        random_slot (chance, each seat in seat order, option random)
        -> deal (chance: one card at a time, opening_hand each, slots 4 and 5 more, ST-SETUP-6)
    round (ST-ORDER-1): the turn order (slots in round 1, ST-ORDER-2; then by position,
        ST-ORDER-3..6, ST-AMB-15), then each racing seat's turn in that order (ST-TURN-1):
        begin turn -> no dog card in hand: no_dog_damage, draw (chance) up to hand_size, then
                      play, or out with still none (ST-PLAY-5, ST-AMB-12)
        -> play    (step 1: 1-3 cards of one value to dogs and brake, ST-PLAY-1..4, ST-BRAKE-1)
        -> speed and drift (ST-SPEED-1, ST-DRIFT-1/3); below speed 1 no move (ST-SPEED-2)
        -> move    (step 2: the F / DL / DR sequence, ST-DRIFT-4/5, walls and sleds stop it)
        -> bonus   (equal dogs: take or decline the bonus squares, ST-BONUS-1/2, ST-AMB-03..06)
        -> speed-limit damage at the end of the move (ST-LIMIT-2, ST-AMB-07/08)
        -> step 3: discard down to hand_size (decisions, ST-REFILL-2) or draw (chance) up to it unless a
           sled stopped the move (ST-REFILL-1, ST-BLOCK-2) -> elimination check (ST-ELIM-1,
           ST-AMB-12) -> the next seat's turn
    end of round: sleds that crossed take places and leave (ST-END-2..5) -> over when none is
        racing (ST-END-1) or, with end=first_cross_round, once one has crossed (ST-AMB-23);
        else the next round
    over (terminal)

:data:`PHASES` declares each phase as data: who acts, the kinds of action it takes, its
choices, the function that applies an action, and the phases that can follow; the state's
hooks read it through :data:`DECISIONS`, :data:`OUTCOMES`, :data:`APPLY`, :data:`SECRET` and
:func:`why_illegal`. The rule
modules (``setup``, ``play``, ``move``, ``refill``, ``order``) do what one step of the rules
does and say how it came out; the functions here decide what follows. Rule modules never
import this one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from racekit.core.state import CHANCE, TERMINAL

from . import actions as A
from . import move, order, play, refill, setup
from .consts import (P_BONUS, P_DEAL, P_DISCARD, P_DRAW, P_FIRST, P_MOVE, P_OVER, P_PLAY,
                     P_RSLOT, P_SLOT, PHASES as PHASE_NAMES)


# ----- the set-up ------------------------------------------------------------------------

def start(st, setup_data=None) -> None:
    """A new race (``setup_data`` None) or a set-up position, up to its first question."""
    if setup_data is not None:
        if setup.from_setup(st, setup_data) == "deal":
            _deal(st)
        else:
            _begin_turn(st)
    elif setup.begin(st):
        st.ph, st._cp = P_RSLOT, CHANCE
    else:
        st.ph, st._cp = P_FIRST, CHANCE


def _first_player(st, action: int) -> None:
    if setup.apply_first(st, action):
        _deal(st)                      # fill_from_1 placed every sled
    else:
        st.ph, st._cp = P_SLOT, setup.placer(st)


def _slot(st, action: int) -> None:
    if setup.apply_slot(st, action):
        _deal(st)                      # every sled is on its slot
    elif st.ph == P_SLOT:
        st._cp = setup.placer(st)      # the next seat chooses (random_slot: the next draw)


def _deal(st) -> None:
    st.deal_next = 0
    _deal_next(st)


def _deal_next(st) -> None:
    nxt = setup.next_deal(st)
    if nxt is None:
        _start_round(st)
        return
    seat, cards = nxt
    _draws(st, seat, cards, refill.THEN_DEAL, P_DEAL)


# ----- draws (the deal, ST-PLAY-5 and step 3) -------------------------------------------

def _draws(st, seat: int, need: int, then: int, ph: int = P_DRAW) -> None:
    """``need`` draws for ``seat``, one chance node each, then what ``then`` names."""
    st.draw_seat, st.draw_need, st.draw_then = seat, need, then
    if need > 0 and refill.ensure_deck(st, seat):
        st.ph, st._cp = ph, CHANCE
        return
    _after_draws(st)


def _draw(st, value: int) -> None:
    if refill.draw(st, value):
        return
    _after_draws(st)


def _after_draws(st) -> None:
    then = st.draw_then
    if then == refill.THEN_STEP3:
        _end_turn(st)
    elif then == refill.THEN_RESTART:
        _restart(st)
    else:
        _deal_next(st)


# ----- rounds and turns ------------------------------------------------------------------

def _start_round(st) -> None:
    order.start_round(st)
    _begin_turn(st)


def _begin_turn(st) -> None:
    s = play.begin_turn(st)
    if st.dogs(s):
        st.ph, st._cp = P_PLAY, s
        return
    _draws(st, s, play.no_dog_card(st, s), refill.THEN_RESTART)   # ST-PLAY-5


def _restart(st) -> None:
    s = st.order[st.tidx]
    if play.restart(st, s):
        st.ph, st._cp = P_PLAY, s
    else:
        _next_turn(st)


def _play(st, action: int) -> None:
    play.apply(st, action)
    if move.start(st):
        st.ph = P_MOVE   # the same seat picks its steps
    else:
        _after_normal_move(st)


def _move(st, action: int) -> None:
    move.apply_move(st, action)
    _after_normal_move(st)


def _after_normal_move(st) -> None:
    if move.offer_bonus(st):
        st.ph = P_BONUS   # the same seat answers
    else:
        _step3(st)


def _bonus(st, action: int) -> None:
    move.apply_bonus(st, action)
    _step3(st)


def _step3(st) -> None:
    """Speed-limit damage settles with the move; then step 3 of ST-TURN-1."""
    move.finish_move(st)
    s = st.order[st.tidx]
    need = refill.step3(st, s)
    if need < 0:
        st.ph, st._cp = P_DISCARD, s
    elif need:
        _draws(st, s, need, refill.THEN_STEP3)
    else:
        refill.end_step3(st)
        _next_turn(st)


def _discard(st, action: int) -> None:
    s = st._cp
    refill.discard(st, s, A.decode(action)[1])
    if not refill.must_discard(st, s):
        _end_turn(st)


def _end_turn(st) -> None:
    """After step 3: the elimination check (ST-AMB-12), then the next seat's turn."""
    refill.end_step3(st)
    _next_turn(st)


def _next_turn(st) -> None:
    st.tidx += 1
    if st.tidx < len(st.order):
        _begin_turn(st)
    elif order.end_round(st):
        st.ph, st._cp = P_OVER, TERMINAL
    else:
        _start_round(st)


# ----- the phases ------------------------------------------------------------------------

@dataclass(frozen=True)
class Phase:
    """One phase of the turn flow.

    Attributes:
        name: the phase's name (``state.phase``).
        actor: ``"chance"``, ``"placer"`` (the seat placing its sled), ``"mover"`` (the seat
            whose turn it is, ``order[tidx]``) or ``"nobody"`` (the race is over).
        takes: the kinds of action it takes (:func:`actions.kind`).
        choices: ``choices(state)``: the chance outcomes ``[(id, probability)]`` or the legal
            decision ids.
        apply: ``apply(state, action)``.
        follows: the phases the game can be in once the action is applied.
        secret: whose eyes alone see the action in the history: ``"drawer"`` (a card drawn,
            ST-SETUP-2), ``"actor"`` (a card discarded, ST-REFILL-2), or ``""`` (everyone).
    """

    name: str
    actor: str
    takes: tuple = ()
    choices: Callable | None = None
    apply: Callable | None = None
    follows: tuple = ()
    secret: str = ""


# a turn ends by the next seat's step 1, its ST-PLAY-5 draws, or the end of the race
_NEXT_TURN = (P_PLAY, P_DRAW, P_OVER)
_STEP3 = (P_DISCARD, P_DRAW) + _NEXT_TURN
# after the deal, the first turn begins
_DEALT = (P_DEAL, P_PLAY, P_DRAW, P_OVER)

PHASES = (
    Phase("first_player", "chance", (A.FIRST,), setup.first_player_outcomes, _first_player,
          (P_SLOT,) + _DEALT),
    Phase("choose_slot", "placer", (A.SLOT,), setup.legal_slots, _slot, (P_SLOT,) + _DEALT),
    Phase("random_slot", "chance", (A.RANDOM_SLOT,), setup.random_slot_outcomes, _slot,
          (P_RSLOT,) + _DEALT),
    Phase("deal", "chance", (A.DRAW,), refill.draw_outcomes, _draw, _DEALT, "drawer"),
    Phase("play", "mover", (A.PLAY,), play.legal, _play, (P_MOVE, P_BONUS) + _STEP3),
    Phase("move", "mover", (A.MOVE,), move.legal_moves, _move, (P_BONUS,) + _STEP3),
    Phase("bonus", "mover", (A.BONUS,), move.legal_bonus, _bonus, _STEP3),
    Phase("discard", "mover", (A.DISCARD,), refill.legal_discards, _discard,
          (P_DISCARD,) + _NEXT_TURN, "actor"),
    Phase("draw", "chance", (A.DRAW,), refill.draw_outcomes, _draw, (P_DRAW,) + _NEXT_TURN,
          "drawer"),
    Phase("over", "nobody"),
)
"""Indexed by ``state.ph`` (the ``P_*`` numbers of :mod:`.consts`, in the order of its ``PHASES``
names; tests/test_st_flow.py checks they agree)."""


# ----- what the state's hooks call -------------------------------------------------------

def _nothing(st) -> list:
    return []


# per phase, indexed by ``state.ph``: the table above as the state's hooks read it, once a ply
# (legal decisions, chance outcomes, apply, whose eyes alone see the action)
DECISIONS = tuple(p.choices if p.actor in ("mover", "placer") else _nothing for p in PHASES)
OUTCOMES = tuple(p.choices if p.actor == "chance" else _nothing for p in PHASES)
APPLY = tuple(p.apply for p in PHASES)
SECRET = tuple(p.secret for p in PHASES)


def why_illegal(st, action: int):
    """``(clause, reason)`` for an action that is not legal now (ST-TURN-1: each kind of
    action belongs to one step)."""
    ph = st.ph
    if st._cp == TERMINAL:
        return "ST-END-1", "the race is over"
    if st._cp == CHANCE:
        if ph in (P_DEAL, P_DRAW):
            return "ST-SETUP-2", "that card value is not left in the deck"
        return "ST-AMB-02", "that is not a possible outcome here"
    kind = A.kind(action)
    if kind in (A.PLAY, A.STACK):
        if ph != P_PLAY:
            return "ST-TURN-1", f"cards are played in step 1; now it is the {PHASE_NAMES[ph]} step"
        return play.why(st, action)
    if kind == A.MOVE:
        if ph != P_MOVE:
            return "ST-TURN-1", f"the sled moves in step 2; now it is the {PHASE_NAMES[ph]} step"
        return move.why_move(st, action)
    if kind == A.BONUS:
        return move.why_bonus(st, action)
    if kind == A.DISCARD:
        return refill.why_discard(st, action)
    if kind == A.SLOT:
        return setup.why_slot(st, action)
    return "ST-TURN-1", "it is not an action of this step"
