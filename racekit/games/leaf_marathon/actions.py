"""The action codec of Leaf Marathon: every action id, its name, and back (one place; the
decision points of the spec's section 1a). Names are written (:func:`chance_name`,
:func:`decision_name`) and read back (:func:`parse_chance`, :func:`parse_decision`) only
here, and the two-card shed id is built and split only by :func:`shed` and :func:`shed_cards`.

Decisions (a seat acts):
    PASS 2 "pass", DONE 3 "done", ACT 4 "action card +1", EQUIP 5,
    RECOVER 6, TRIGGER 7, RAINBOOM 8, BEAR 9, ROADBLOCK 10, FFR 11, ACT_TRIGGER 12,
    NO_RESIN 13, REVIVE_NOW 14, REVIVE_WAIT 15, KEEP_ARMOR 16, DROP_ARMOR 17, KEEP_NO_BUFF 18,
    TAKE_ARMOR 19, TAKE_CARDS 20, GIVE_ARMOR 21, GIVE_CARDS 22,
    ELEMENT 30+b (b: 0 A, 1 B, 2 C, 3 lift the bind only), BUFF 40+b, KEEP_BUFF 45+b,
    GIVE 100+seat, GOH 110+seat, TARGET 120+seat, RESIN 130+seat, COUNT 200+k,
    KEEP_CHAR 300+i (roster index), TWO3 1000+code, PICK 2000+code,
    SHED 10000 + a*256 + b (card codes, a <= b), END 90000 "end turn".
END is the largest decision id: legal lists are sorted (the core's contract), and the spec
lets a play turn use its cards in any order and then end (section 1a), so every card use
comes before "end turn" in the list. A first-legal agent therefore plays its hand before it
ends its turn instead of ending every turn at once.
Chance outcomes: a die's face 1..20; DRAW 500+type; BLIND 600+code; DEAL 700+i. The blind
pick's and the deal's ranges overlap (a card code can reach 255): a chance id means what the
chance node asks for (``pk``: ``"d20"``, ``"die"``, ``"order_die"``, ``"draw"``, ``"blind"``,
``"deal"``), and its name says which.
"""
from __future__ import annotations

from . import cards as C

PASS, DONE, ACT, EQUIP, RECOVER, TRIGGER, RAINBOOM, BEAR, ROADBLOCK, FFR = range(2, 12)
ACT_TRIGGER, NO_RESIN, REVIVE_NOW, REVIVE_WAIT, KEEP_ARMOR, DROP_ARMOR, KEEP_NO_BUFF = range(12, 19)
TAKE_ARMOR, TAKE_CARDS, GIVE_ARMOR, GIVE_CARDS = 19, 20, 21, 22
ELEMENT, BUFF, KEEP_BUFF = 30, 40, 45
GIVE, GOH, TARGET, RESIN, COUNT, KEEP_CHAR = 100, 110, 120, 130, 200, 300
KEEP_CHAR_MAX = 200   # roster indices that have a "keep" id (and a "deal" id)
TWO3, PICK, SHED = 1000, 2000, 10000
END = 90000   # above every shed id (SHED + 255 * 256 + 255 = 75535): the last of a sorted list
DRAW, BLIND, DEAL = 500, 600, 700
BUFFS = "ABC"
CODES = 256   # card codes: type | label << 3 | RECEIVED | DOUBLED (cards.py)

NUM_DISTINCT_ACTIONS = END + 1
"""Every id lies below this bound (90,001): "end turn" is the largest id."""
CHANCE_IDS = tuple(sorted(set(range(1, 21)) | set(range(DRAW, DRAW + len(C.TYPE_NAMES)))
                          | set(range(BLIND, BLIND + CODES)) | set(range(DEAL, DEAL + KEEP_CHAR_MAX))))
"""Every chance outcome id (die faces, card types, blind picks, deals; 383)."""
# No bound on the legal actions at once is declared: nothing limits a hand's size
# (LM-WEIGHT-5), and a play turn lists a shed for every pair of the distinct non-action cards
# held (LM-WEIGHT-4), so the longest list depends on the deck file (random games of the
# shipped deck reach about 33).

FIXED = {END: "end turn", PASS: "pass", DONE: "done", ACT: "action card +1",
         EQUIP: "equip armor", RECOVER: "play recovery", TRIGGER: "play trigger",
         RAINBOOM: "play Sonic Rainboom", BEAR: "play Bear", ROADBLOCK: "play Roadblock",
         FFR: "play Free Forced Rest", ACT_TRIGGER: "action card as trigger",
         NO_RESIN: "no Resin Ball", REVIVE_NOW: "revive now at half",
         REVIVE_WAIT: "wait a round for full", KEEP_ARMOR: "keep armor", DROP_ARMOR: "drop armor",
         KEEP_NO_BUFF: "keep no buff", TAKE_ARMOR: "take armor", TAKE_CARDS: "take two cards",
         GIVE_ARMOR: "give armor", GIVE_CARDS: "give two cards"}


def shed(a: int, b: int) -> int:
    """The id of shedding the cards of codes ``a`` and ``b`` (in either order; LM-WEIGHT-4)."""
    a, b = min(a, b), max(a, b)
    return SHED + a * CODES + b


def shed_cards(action: int) -> tuple[int, int]:
    """The two card codes ``(a, b)``, ``a <= b``, of a shed id."""
    return divmod(action - SHED, CODES)


def chance_name(action: int, pk: str, roster_names, d20_names) -> str | None:
    """Name of chance outcome ``action`` at a node asking for ``pk`` (see above); ``None``:
    not an outcome of such a node. ``d20_names``: face -> the d20 event's name."""
    if pk == "draw" and DRAW <= action < DRAW + len(C.TYPE_NAMES):
        return f"draw {C.TYPE_NAMES[action - DRAW]}"
    if pk == "blind" and BLIND <= action < BLIND + CODES:
        return f"blind pick {C.name(action - BLIND)}"
    if pk == "deal" and DEAL <= action < DEAL + len(roster_names):
        return f"deal {roster_names[action - DEAL]}"
    if pk == "d20" and 1 <= action <= 20:
        return f"d20 {action}: {d20_names[action]}"
    if pk in ("order_die", "die") and 1 <= action <= 20:
        return f"roll {action}"
    return None


def parse_chance(text: str) -> int | None:
    """The id of a chance outcome's name (a roll, a d20 face, a drawn type, a blind pick)."""
    for prefix in ("roll ", "d20 "):
        if text.startswith(prefix) and text[len(prefix):].split(":")[0].isdigit():
            return int(text[len(prefix):].split(":")[0])
    if text.startswith("draw ") and text[5:] in C.TYPE_NAMES:
        return DRAW + C.TYPE_NAMES.index(text[5:])
    if text.startswith("blind pick ") and text[11:] in C.NAME_TO_CODE:
        return BLIND + C.NAME_TO_CODE[text[11:]]
    return None


def decision_name(action: int, seat_names, roster_names) -> str | None:
    if action in FIXED:
        return FIXED[action]
    if ELEMENT <= action < ELEMENT + 4:
        b = action - ELEMENT
        return "element: lift the bind" if b == 3 else f"element: buff {BUFFS[b]}"
    if BUFF <= action < BUFF + 3:
        return f"buff {BUFFS[action - BUFF]}"
    if KEEP_BUFF <= action < KEEP_BUFF + 3:
        return f"keep buff {BUFFS[action - KEEP_BUFF]}"
    for base, text in ((GIVE, "give weapon to {}"), (GOH, "Get Over Here on {}"),
                       (TARGET, "target {}"), (RESIN, "Resin Ball on {}")):
        if base <= action < base + 10:
            k = action - base
            return text.format(seat_names[k]) if k < len(seat_names) else None
    if COUNT <= action < COUNT + 100:
        return f"take {action - COUNT}"
    if KEEP_CHAR <= action < KEEP_CHAR + KEEP_CHAR_MAX:
        k = action - KEEP_CHAR
        return f"keep {roster_names[k]}" if k < len(roster_names) else None
    if TWO3 <= action < TWO3 + CODES:
        return f"2-for-3 with {C.name(action - TWO3)}"
    if PICK <= action < PICK + CODES:
        return f"pick {C.name(action - PICK)}"
    if SHED <= action < SHED + CODES * CODES:
        a, b = shed_cards(action)
        return f"shed {C.name(a)} + {C.name(b)}"
    return None


def parse_decision(text: str, seat_names, roster_names) -> int | None:
    """The id of a decision name, legal or not (scenarios show refusals by name)."""
    for k, v in FIXED.items():
        if v == text:
            return k
    for b, letter in enumerate(BUFFS):
        if text == f"element: buff {letter}":
            return ELEMENT + b
        if text == f"buff {letter}":
            return BUFF + b
        if text == f"keep buff {letter}":
            return KEEP_BUFF + b
    if text == "element: lift the bind":
        return ELEMENT + 3
    for base, prefix in ((GIVE, "give weapon to "), (GOH, "Get Over Here on "),
                         (TARGET, "target "), (RESIN, "Resin Ball on ")):
        if text.startswith(prefix) and text[len(prefix):] in seat_names:
            return base + list(seat_names).index(text[len(prefix):])
    if text.startswith("take ") and text[5:].isdigit():
        return COUNT + int(text[5:])
    if text.startswith("keep ") and text[5:] in roster_names:
        return KEEP_CHAR + list(roster_names).index(text[5:])
    if text.startswith("2-for-3 with ") and text[13:] in C.NAME_TO_CODE:
        return TWO3 + C.NAME_TO_CODE[text[13:]]
    if text.startswith("pick ") and text[5:] in C.NAME_TO_CODE:
        return PICK + C.NAME_TO_CODE[text[5:]]
    if text.startswith("shed ") and " + " in text:
        a, _, b = text[5:].partition(" + ")
        if a in C.NAME_TO_CODE and b in C.NAME_TO_CODE:
            return shed(C.NAME_TO_CODE[a], C.NAME_TO_CODE[b])
    return None


def decision_ids() -> tuple:
    """Every id a decision can take, sorted (the dense index's decisions, GameType.decision_ids):
    the fixed ids, the element and buff choices, a seat of up to ten, a count up to 99, a roster
    index, and every card code in a 2-for-3, a pick and a shed of two cards (a <= b)."""
    ids = set(FIXED) | {ELEMENT + b for b in range(4)} | {BUFF + b for b in range(len(BUFFS))}
    ids |= {KEEP_BUFF + b for b in range(len(BUFFS))}
    ids |= {base + s for base in (GIVE, GOH, TARGET, RESIN) for s in range(10)}
    ids |= {COUNT + k for k in range(100)} | {KEEP_CHAR + i for i in range(KEEP_CHAR_MAX)}
    ids |= {TWO3 + c for c in range(CODES)} | {PICK + c for c in range(CODES)}
    ids |= {shed(a, b) for a in range(CODES) for b in range(a, CODES)}
    return tuple(sorted(ids))
