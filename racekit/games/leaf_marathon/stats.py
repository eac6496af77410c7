"""Derived values and card zones shared by every phase module (imports nothing of the game
but the card codes).

Rounding words (LM-AMB-23): ``floor_half`` for "rounded down", ``ceil_half`` for "rounded up"
and ``half_up`` for 四捨五入 (round half up). Python's ``round()`` is never used.
"""
from __future__ import annotations

from . import cards as C


def floor_half(x: int) -> int:
    return x // 2


def ceil_half(x: int) -> int:
    return -(-x // 2)


def half_up(x: int) -> int:
    """Half of ``x`` with .5 rounded up (四捨五入), e.g. 5 -> 3, 7 -> 4 (LM-EVENT-11/12)."""
    return (x + 1) // 2


def buffs(st, s: int) -> list[str]:
    """The buffs that work now: none while Physical Bind holds the seat (LM-EVENT-04)."""
    if st.bound[s]:
        return []
    return [b for b in st.elements[s] if b != "-"] + list(st.fbuffs[s])


def has_buff(st, s: int, letter: str) -> bool:
    """``letter in buffs(st, s)`` without building the list (read on every movement)."""
    return not st.bound[s] and (letter in st.elements[s] or letter in st.fbuffs[s])


def owned(st, s: int) -> set[str]:
    return {b for b in st.elements[s] if b != "-"} | set(st.fbuffs[s])


def max_stamina(st, s: int) -> int:
    """Printed max + ``buff_a_stamina`` for buff A (LM-ELEMENT-4)."""
    return st.pmax[s] + st.p.buff_a_stamina * has_buff(st, s, "A")


def weight_limit(st, s: int) -> int:
    """floor(printed max / ``weight_divisor``) + ``buff_a_limit`` for buff A; buff A's max never
    enters the halving (LM-WEIGHT-2, LM-ELEMENT-4)."""
    return st.pmax[s] // st.p.weight_divisor + st.p.buff_a_limit * has_buff(st, s, "A")


def move_value(st, s: int) -> int:
    """Movement value + ``buff_b_move`` for buff B (LM-ELEMENT-5)."""
    return st.pmove[s] + st.p.buff_b_move * has_buff(st, s, "B")


def excess(st, s: int) -> int:
    """Weight above the limit, in weight units or cards (LM-WEIGHT-3, LM-AMB-14)."""
    load = len(st.hand[s]) if st.o.excess_cards else C.hand_weight(st, s)
    return max(0, load - weight_limit(st, s))


def movement_total(st, s: int) -> int:
    """Movement value + action bonus - excess, never below 0 (LM-MOVE-1, LM-ACTION-2, LM-AMB-28)."""
    bonus = st.acts[s] * st.p.action_bonus * (2 if st.bear_double[s] else 1)
    return max(0, move_value(st, s) + bonus - excess(st, s))


def clamp_stamina(st, s: int) -> None:
    """Stamina above a fallen max is lowered to it (LM-AMB-17)."""
    m = max_stamina(st, s)
    if st.stamina[s] > m:
        st.stamina[s] = m


def racing(st, s: int) -> bool:
    """On the leg and not finished; fainted players are still racing."""
    return not st.finished[s]


def targetable(st, s: int) -> bool:
    """Finished players cannot be targeted unless the option says so (LM-AMB-20)."""
    return not st.finished[s] or st.o.finished_targetable


def can_play(st, s: int) -> bool:
    """May play cards: racing and not fainted (LM-AMB-18, LM-AMB-20)."""
    return not st.finished[s] and not st.faint[s]


# ----- card zones (LM-AMB-42) -------------------------------------------------------
def discard(st, code: int) -> None:
    """A card leaving play goes to the discard pile as a plain card of its type."""
    st.discard[code & 7] += 1


def add_to_hand(st, s: int, code: int) -> None:
    h = st.hand[s]
    h.append(code)
    h.sort()


def takeable(st, s: int) -> list[int]:
    """Hand cards another player may take or be given (never Free Forced Rest, LM-AMB-35)."""
    return [c for c in st.hand[s] if not C.protected(c)]


def choosable(st, s: int) -> list[int]:
    """Hand cards ``s`` may choose to let go of (Travel Light, Barter; shedding and 2-for-3 in
    turn.legal): the takeable cards, less held trigger cards under ``trigger_discard =
    play_only``, which leave a hand only by being played or by an effect their holder does not
    choose (LM-TRIGGER-1, LM-AMB-50)."""
    if st.o.trigger_any_use:
        return takeable(st, s)
    return [c for c in st.hand[s] if not C.protected(c) and not C.held_trigger(c)]


def must_give(st, s: int, k: int) -> list[int]:
    """The pool ``s`` picks ``k`` cards from when an effect makes it give up ``k`` cards of its
    choice (Butterfingers with ``butterfingers_pick = owner``, Release): the cards it may choose,
    and trigger cards only as many as are needed to make ``k`` (LM-AMB-50, LM-AMB-40)."""
    pool = choosable(st, s)
    short = k - len(pool)
    if short > 0:
        pool += [c for c in st.hand[s] if C.held_trigger(c)][:short]
    return sorted(pool)


def card_total(st) -> int:
    """Every card in a zone: pile, discard, hands, equipped armor, element piles, in play."""
    return (sum(st.pile) + sum(st.discard) + sum(len(h) for h in st.hand)
            + sum(1 for a in st.armor if a >= 0) + sum(len(e) for e in st.elements) + len(st.limbo))


def distance(st, a: int, b: int) -> int:
    """Difference of square indexes, either direction (LM-DATA-3, LM-AMB-10)."""
    return abs(st.pos[a] - st.pos[b])


def finish_square(st) -> int:
    return len(st.terrain) - 1
