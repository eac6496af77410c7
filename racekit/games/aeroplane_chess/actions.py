"""The action codec of Aeroplane Chess: every action id, its name, and back (one place).

Ids (decisions and chance outcomes share one range, ``0 <= id < NUM_DISTINCT_ACTIONS``):

    1..6           chance: a die roll, its face ("roll 6")
    FIRST + seat   chance: the family first player draw, AC-AMB-09 ("Red starts")
    KEEP           decision: keep the extra roll after a 6, AC-TOUR-SIX-2 ("keep extra roll")
    GIVE + seat    decision: give it to the teammate, AC-TOUR-SIX-2 ("give extra roll to Blue")
    30..35         decision: take or decline an optional effect, AC-AMB-06
                   ("capture" / "no capture", "jump" / "no jump", "fly" / "no fly")
    MOVE + mask    decision: move the planes in ``mask`` ("move R1", "move R1+B2"); bit
                   ``4*seat+k`` is plane ``k+1`` of ``seat`` (four planes a seat, AC-FAM-COMP-1)

:func:`decode` splits an id into ``(kind, value)``, :func:`name` writes its name and
:func:`parse` reads a name back (legal or not, so that refusals can explain it).
"""
from __future__ import annotations

import re

from .params import PARAMS

SEAT_NAMES = ("Red", "Yellow", "Blue", "Green")
LETTERS = "RYBG"
"""Plane names are a seat's letter and the plane's number: ``R1`` .. ``G4``."""

FIRST = 10
KEEP = 20
GIVE = 40
EFFECT = {"capture": (30, 31), "jump": (32, 33), "fly": (34, 35)}
EFFECT_OF = {30: ("capture", True), 31: ("capture", False), 32: ("jump", True),
             33: ("jump", False), 34: ("fly", True), 35: ("fly", False)}
MOVE = 100
PLANES = 4 * len(SEAT_NAMES)
NUM_DISTINCT_ACTIONS = MOVE + (1 << PLANES)
"""Every id lies below this bound (the move masks of 16 planes are the largest ids)."""
ROLL_IDS = tuple(range(1, next(p.high for p in PARAMS if p.name == "die_faces") + 1))
"""The ids a die roll may take: its face, 1 up to the largest die the ``die_faces`` parameter allows."""
CHANCE_IDS = ROLL_IDS + tuple(range(FIRST, FIRST + len(SEAT_NAMES)))
"""Every chance outcome id: the die's faces and the family first-player draw (10)."""

ROLL, FIRST_PLAYER, KEEP_ROLL, GIVE_ROLL, EFFECT_ANSWER, MOVE_GROUP = (
    "roll", "first", "keep", "give", "effect", "move")


def kind(action: int) -> str | None:
    """The kind of an id (``"roll"``, ``"first"``, ``"keep"``, ``"give"``, ``"effect"``,
    ``"move"``), or ``None`` for an id of no kind. Any id from ``MOVE`` up is of kind
    ``"move"``, a group of planes that may not exist (refusals say which rule stops it)."""
    if 1 <= action <= 6:
        return ROLL
    if FIRST <= action < FIRST + len(SEAT_NAMES):
        return FIRST_PLAYER
    if action == KEEP:
        return KEEP_ROLL
    if GIVE <= action < GIVE + len(SEAT_NAMES):
        return GIVE_ROLL
    if action in EFFECT_OF:
        return EFFECT_ANSWER
    if action >= MOVE:
        return MOVE_GROUP
    return None


def decode(action: int) -> tuple[str, object]:
    """``(kind, value)`` of an action id.

    Kinds and values: ``("roll", face)``, ``("first", seat)``, ``("keep", None)``,
    ``("give", seat)``, ``("effect", (effect, yes))``, ``("move", mask)``.

    Raises:
        ValueError: no action has this id.
    """
    k = kind(action)
    if k is None or action >= NUM_DISTINCT_ACTIONS:
        raise ValueError(f"no action {action}")
    if k == FIRST_PLAYER:
        return k, action - FIRST
    if k == GIVE_ROLL:
        return k, action - GIVE
    if k == EFFECT_ANSWER:
        return k, EFFECT_OF[action]
    if k == MOVE_GROUP:
        return k, action - MOVE
    return k, (action if k == ROLL else None)


def piece_name(p: int) -> str:
    return f"{LETTERS[p >> 2]}{(p & 3) + 1}"


def bits(mask: int) -> list[int]:
    """The plane indices in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask                # the lowest set bit
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def group_name(mask: int, lead: int) -> str:
    """Plane names of a group, the leading seat's own planes first: ``R1+B2``."""
    ps = bits(mask)
    ps.sort(key=lambda p: (p >> 2 != lead, p))
    return "+".join(piece_name(p) for p in ps)


def effect_name(action: int) -> str:
    kind, yes = EFFECT_OF[action]
    return kind if yes else f"no {kind}"


def name(action: int, planes: int, lead: int) -> str:
    """The name of ``action`` in a game of ``planes`` planes; a group's planes are listed
    with seat ``lead``'s own first.

    Raises:
        ValueError: no action has this id in such a game.
    """
    kind, value = decode(action)
    if kind == ROLL:
        return f"roll {value}"
    if kind == FIRST_PLAYER:
        return f"{SEAT_NAMES[value]} starts"
    if kind == KEEP_ROLL:
        return "keep extra roll"
    if kind == GIVE_ROLL:
        return f"give extra roll to {SEAT_NAMES[value]}"
    if kind == EFFECT_ANSWER:
        return effect_name(action)
    if value >> planes:
        raise ValueError(f"no action {action}")
    return "move " + group_name(value, lead)


def parse(text: str) -> int | None:
    """Parse an action name, legal or not (for refusals); ``None`` if not a name."""
    t = " ".join(text.strip().split())
    low = t.lower()
    roll = re.fullmatch(r"roll ([1-6])", low)   # ASCII digits only: "roll ²" is no roll
    if roll:
        return int(roll.group(1))
    for seat, seat_name in enumerate(SEAT_NAMES):
        if low == f"{seat_name.lower()} starts":
            return FIRST + seat
        if low == f"give extra roll to {seat_name.lower()}":
            return GIVE + seat
    if low == "keep extra roll":
        return KEEP
    for a, (kind, yes) in EFFECT_OF.items():
        if low == (kind if yes else f"no {kind}"):
            return a
    for verb in ("move ", "launch "):
        if low.startswith(verb):
            mask = 0
            for part in t[len(verb):].replace(" ", "").split("+"):
                if len(part) != 2 or part[0].upper() not in LETTERS or part[1] not in "1234":
                    return None
                bit = 1 << (LETTERS.index(part[0].upper()) * 4 + int(part[1]) - 1)
                if mask & bit:
                    return None
                mask |= bit
            return MOVE + mask
    return None


def decision_ids() -> tuple:
    """Every id a decision can take, sorted (the dense index's decisions, GameType.decision_ids):
    keep, give to a seat, the effect answers, and a move of any group of one side's planes
    (a seat's own, or with its teammate's in the tournament stacks, AC-TOUR-STACK-1)."""
    ids = {KEEP, *range(GIVE, GIVE + len(SEAT_NAMES)), *EFFECT_OF}
    for side in ((0, 2), (1, 3)):
        planes = [4 * s + k for s in side for k in range(4)]
        for sub in range(1, 1 << len(planes)):
            ids.add(MOVE + sum(1 << planes[i] for i in range(len(planes)) if sub >> i & 1))
    return tuple(sorted(ids))
