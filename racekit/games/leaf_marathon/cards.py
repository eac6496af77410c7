"""Cards as small integers, their names and weights (LM-DATA-2, LM-DATA-7, LM-WEIGHT-1..6).

A card in a hand is a *code*: ``type | label << 3 | received << 6 | doubled << 7``.

* type: 0 action, 1 weapon, 2 armor, 3 recovery, 4 effect, 5 trigger, 6 element.
* label: 0 none, or the special card a trigger card became (LM-TRIGGER-2, LM-AMB-42):
  1 Get Over Here, 2 Sonic Rainboom, 3 Bear, 4 Roadblock, 5 Free Forced Rest.
* received: a weapon given by another player (LM-WEAPON-2); never handed on.
* doubled: held when Magic Bind struck under ``magic_bind_scope = held_now`` (LM-AMB-25).

Labels and marks are dropped when a card is discarded (LM-AMB-42), so the piles hold
counts per type only (cards of one type are identical, LM-DATA-7).
"""
from __future__ import annotations

ACTION, WEAPON, ARMOR, RECOVERY, EFFECT, TRIGGER, ELEMENT = range(7)
TYPE_NAMES = ("action", "weapon", "armor", "recovery", "effect", "trigger", "element")
GOH, RAINBOOM, BEAR, ROADBLOCK, FFR, RESIN = 1, 2, 3, 4, 5, 6
LABEL_NAMES = ("", "Get Over Here", "Sonic Rainboom", "Bear", "Roadblock", "Free Forced Rest", "Resin Ball")
HOLDER_EVENTS = {1: GOH, 6: RAINBOOM, 7: BEAR, 15: ROADBLOCK, 19: FFR}
RECEIVED = 64
DOUBLED = 128


def ctype(code: int) -> int:
    return code & 7


def label(code: int) -> int:
    return (code >> 3) & 7


def make(t: int, lab: int = 0, received: bool = False) -> int:
    return t | (lab << 3) | (RECEIVED if received else 0)


def plain(code: int) -> int:
    """The card as it lies in the discard pile: its type only (LM-AMB-42)."""
    return code & 7


def name(code: int) -> str:
    """'weapon', 'weapon (received)', 'Bear', 'recovery (bound)'."""
    lab = label(code)
    text = LABEL_NAMES[lab] if lab else TYPE_NAMES[code & 7]
    if code & RECEIVED:
        text += " (received)"
    if code & DOUBLED:
        text += " (bound)"
    return text


NAME_TO_CODE = {name(c): c for c in range(256)
                if ctype(c) < 7 and (label(c) == 0 or (ctype(c) == TRIGGER and label(c) <= 5)
                                     or (ctype(c) == ACTION and label(c) == RESIN))
                and (not c & RECEIVED or ctype(c) == WEAPON)}


def is_action(code: int) -> bool:
    return (code & 7) == ACTION and label(code) == 0


def held_trigger(code: int) -> bool:
    """An event-trigger card still to be played (no label: not a special card it became)."""
    return code & 0x3F == TRIGGER


def protected(code: int) -> bool:
    """Free Forced Rest leaves a hand only by being played (LM-EVENT-19, LM-AMB-48)."""
    return label(code) == FFR


def weight(st, code: int) -> int:
    """Weight of one card in hand (LM-WEIGHT-1, LM-WEIGHT-6, LM-EVENT-20, LM-AMB-13/15/25).
    Armor weighs 0 by default (LM-ARMOR-3), ``armor_weight_in_hand`` or the deck's weight
    otherwise, and doubles under Magic Bind like weapons when it has a weight (LM-AMB-25);
    there is no hand limit, only the movement penalty (LM-WEIGHT-5)."""
    lab = label(code)
    if lab == RESIN:
        return st.base_weight[ACTION]
    if lab:
        return st.special_weight[lab]  # special cards are never doubled (LM-EVENT-20)
    t = code & 7
    w = st.base_weight[t]   # armor: the deck's or armor_weight_in_hand (game._armor_weights)
    if not st.doubles[t]:   # armor's 0 stays 0 under Magic Bind; a weight doubles (LM-AMB-25)
        return w
    if st.o.mb_held_now:
        return st.bound_weight[t] if code & DOUBLED else w
    if st.mb_level == 0:
        return w
    if st.o.mb_multiply and st.mb_level > 1:
        return w * 2 ** st.mb_level
    return st.bound_weight[t]


def weight_table(st, level: int | None = None) -> tuple:
    """:func:`weight` of every card code (0..255; 0 for codes that are no card) at the current
    Magic Bind level (or ``level``), built once per level and shared by the game's states (the
    weights read nothing else that changes during a game)."""
    tables = st.weight_tables
    level = st.mb_level if level is None else level
    table = tables.get(level)
    if table is None:
        from types import SimpleNamespace
        at_level = SimpleNamespace(base_weight=st.base_weight, special_weight=st.special_weight,
                                   doubles=st.doubles, bound_weight=st.bound_weight, o=st.o, mb_level=level)
        table = tables[level] = tuple(weight(at_level, c) if c & 7 < 7 and label(c) < 7 else 0
                                      for c in range(256))
    return table


def hand_weight(st, seat: int) -> int:
    table = weight_table(st)
    return sum([table[c] for c in st.hand[seat]])
