"""Action ids and names.

Chance outcomes: a die roll is its face ``1..6`` ("roll 6"); the family first
player draw (AC-AMB-09) is ``FIRST + seat`` ("Red starts").
Decisions: ``MOVE + mask`` moves the planes in ``mask`` (bit ``4*seat+k`` is
plane ``k+1`` of ``seat``): "move R1", "move R1+B2"; ``KEEP`` ("keep extra
roll") and ``GIVE + seat`` ("give extra roll to Blue") after a 6 in the
tournament (AC-TOUR-SIX-2); optional effects (AC-AMB-06) "capture" / "no
capture", "jump" / "no jump", "fly" / "no fly".
"""
from __future__ import annotations

import re

from .game import LETTERS, SEAT_NAMES

FIRST = 10
KEEP = 20
GIVE = 40
EFFECT = {"capture": (30, 31), "jump": (32, 33), "fly": (34, 35)}
EFFECT_OF = {30: ("capture", True), 31: ("capture", False), 32: ("jump", True),
             33: ("jump", False), 34: ("fly", True), 35: ("fly", False)}
MOVE = 100


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


def parse(text: str) -> int | None:
    """Parse an action name, legal or not (for refusals); ``None`` if not a name."""
    t = " ".join(text.strip().split())
    low = t.lower()
    roll = re.fullmatch(r"roll ([1-6])", low)   # ASCII digits only: "roll ²" is no roll
    if roll:
        return int(roll.group(1))
    for seat, name in enumerate(SEAT_NAMES):
        if low == f"{name.lower()} starts":
            return FIRST + seat
        if low == f"give extra roll to {name.lower()}":
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
