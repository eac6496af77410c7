"""The action codec of Wingsuit Flight: every action id, its name, and back (one place; no
rules here, every module may import it).

An id is a base (the constants below) plus an offset. Other modules write ``BASE + offset``
and ``a - BASE`` for the one-number offsets; the ids made of several numbers (an item use,
a plan) are built and split only by the functions here, and names are written
(:func:`chance_name`, :func:`decision_name`) and read back (:func:`parse_chance`,
:func:`parse_decision`) only here. Decisions and chance outcomes share one range,
``0 <= id < NUM_DISTINCT_ACTIONS``.

Chance outcomes:
    1..6           the white die (tie-breaks WS-ACT-ORDER-3, neutral rolls WS-VAR-2P-1)
    10 + i         card i of the card set is dealt (WS-SETUP-1..3; nine cards, WS-COMP-4)
    20 + p         queue colour order p (a permutation of red, yellow, blue; WS-AMB-20)
    30 + colour    a cube of that colour drawn from the bag (WS-ITEM-1)
Decisions:
    1000 + hex     start cell (WS-SETUP-6) or crash placement (WS-CRASH-3) at hex id
    10000 + mask   a plan: 12-bit mask of cells, bit (style * 6 + row - 1) (WS-PLAN-2..4);
                   bit 12 (:data:`DUP`) marks a typed plan that named a cell twice (refused)
    20000 + cell   take back the die in cell (style * 6 + row - 1) (WS-ACT-1)
    20100          go on: carry out the cell's next icon (WS-ACT-3)
    20101          end the action (only where a window after the last die exists)
    20102          decline the remaining free sprints
    20110 + b      lay the bottom card over queue rows b, b+1 (WS-CLEANUP-1..5)
    20120 / 20121  Cleanup updraft: rise / stay (ws.cleanup_updraft = optional)
    20130 + p      queue colour order chosen by the youngest player (queue_order = chooser)
    20200 + d      paid sprint in direction d (WS-SPRINT-1)
    20210 + d      free sprint in direction d (WS-SPRINT-3)
    20300 + colour return a cube of that colour to the bag (WS-ITEM-2)
    21000 + colour*10 + seat        use an item: steal altitude from seat (WS-FAQ-Q4), :func:`steal`
    23000 + colour                  use an item: free sprint (the kit's yellow, WS-AMB-04)
    30000 + colour*1000 + cell*10 + seat   use an item: give the Brave die in cell to seat
                                    (WS-FAQ-Q5a), :func:`give`
The ids are in increasing order of the rule's moment in a turn where a sorted list needs it
(decline before the free sprints, items after the sprints).
"""
from __future__ import annotations

import itertools
import re

from racekit.boards.hex import DIRECTIONS

COLOURS = ("red", "yellow", "blue")
STYLES = ("C", "B")  # Cautious, Brave (WS-PLAN-1)
PERMS = tuple(itertools.permutations(range(3)))

CARD = 10
PERM = 20
CUBE = 30
HEX = 1000
PLAN = 10000
TAKE = 20000
GO = 20100
END = 20101
DECLINE = 20102
LAY = 20110
RISE = 20120
STAY = 20121
ORDER = 20130
SPRINT = 20200
FREE = 20210
RETURN = 20300
STEAL = 21000
GIVE = 30000
YELLOW = 23000

MAX_SEATS = 5                      # WS-GEN-1 (the 4-5 player variant)
CARDS = 9                          # cards in a card set (WS-COMP-4)
STEAL_COLOUR = 10                  # steal: colour * 10 + seat
GIVE_COLOUR, GIVE_CELL = 1000, 10  # give: colour * 1000 + cell * 10 + seat
DUP = 1 << 12                      # marker bit of a typed plan naming one cell twice

NUM_DISTINCT_ACTIONS = GIVE + 2 * GIVE_COLOUR + 11 * GIVE_CELL + MAX_SEATS
"""Every id lies below this bound (32,115): the largest is blue's gift of cell B6 to seat 4."""
CHANCE_BELOW = 100
"""Every chance outcome id is below this, every decision id from :data:`HEX` up."""
CHANCE_IDS = (tuple(range(1, 7)) + tuple(range(CARD, CARD + CARDS)) + tuple(range(PERM, PERM + 6))
              + tuple(range(CUBE, CUBE + 3)))
"""Every chance outcome id (24): die faces, cards, colour orders, cube colours."""
MAX_LEGAL_ACTIONS = 180
"""The most legal actions at once: the plans, 3 of 12 cells with both hands used, 180 with
``distinct_scope = per_group`` (120 under the default ``all``: three different values)."""


def steal(colour: int, seat: int) -> int:
    """The id of using a ``colour`` cube to steal altitude from ``seat`` (WS-FAQ-Q4)."""
    return STEAL + colour * STEAL_COLOUR + seat


def steal_parts(a: int) -> tuple[int, int]:
    """``(colour, seat)`` of a steal id."""
    return divmod(a - STEAL, STEAL_COLOUR)


def give(colour: int, cell: int, seat: int) -> int:
    """The id of using a ``colour`` cube to give the Brave die in ``cell`` to ``seat`` (WS-FAQ-Q5a)."""
    return GIVE + colour * GIVE_COLOUR + cell * GIVE_CELL + seat


def give_parts(a: int) -> tuple[int, int, int]:
    """``(colour, cell, seat)`` of a give id."""
    k = a - GIVE
    return k // GIVE_COLOUR, k % GIVE_COLOUR // GIVE_CELL, k % GIVE_CELL


def item_colour(a: int) -> int | None:
    """The cube colour an item id spends, or ``None`` for an id that uses no item."""
    if STEAL <= a < STEAL + 3 * STEAL_COLOUR:
        return steal_parts(a)[0]
    if GIVE <= a < GIVE + 3 * GIVE_COLOUR:
        return give_parts(a)[0]
    if YELLOW <= a < YELLOW + 3:
        return a - YELLOW
    return None


def plan(mask: int) -> int:
    """The id of the plan ``mask`` (bit ``style * 6 + row - 1`` per die, WS-PLAN-2)."""
    return PLAN + mask


def cell_name(cell: int) -> str:
    """0..11 -> 'C1'..'C6', 'B1'..'B6'."""
    return f"{STYLES[cell // 6]}{cell % 6 + 1}"


def parse_cell(text: str) -> int:
    m = re.fullmatch(r"([CB])([1-6])", text.strip().upper())
    if not m:
        raise ValueError(f"{text!r} is not a queue cell (C1..C6 or B1..B6)")
    return STYLES.index(m.group(1)) * 6 + int(m.group(2)) - 1


def plan_cells(mask: int) -> list[int]:
    return [i for i in range(12) if mask >> i & 1]


def plan_name(mask: int) -> str:
    return "plan " + " ".join(cell_name(c) for c in plan_cells(mask))


def perm_name(p: int) -> str:
    return "".join(COLOURS[c][0].upper() for c in PERMS[p])


def chance_name(a: int, card_ids) -> str | None:
    """Name of chance outcome ``a`` (``"roll 3"``, ``"deal R1"``); ``card_ids``: the card
    set's card ids in order. ``None``: no chance outcome has this id."""
    if 1 <= a <= 6:
        return f"roll {a}"
    if CARD <= a < PERM:
        i = a - CARD
        if i < len(card_ids):
            return f"deal {card_ids[i]}"
    if PERM <= a < PERM + 6:
        return f"colour order {perm_name(a - PERM)}"
    if CUBE <= a < CUBE + 3:
        return f"draw {COLOURS[a - CUBE]}"
    return None


def parse_chance(t: str, card_ids) -> int | None:
    """The id of a chance outcome's name, possible now or not; ``None``: not such a name."""
    if t.startswith("roll ") and t[5:].isdigit():
        return int(t[5:])
    if t.startswith("deal "):
        return CARD + list(card_ids).index(t[5:]) if t[5:] in card_ids else None
    if t.startswith("colour order "):
        names = [perm_name(p) for p in range(6)]
        return PERM + names.index(t[13:]) if t[13:] in names else None
    if t.startswith("draw ") and t[5:] in COLOURS:
        return CUBE + COLOURS.index(t[5:])
    return None


def decision_name(a: int, cy, seat_name) -> str | None:
    """Name of decision ``a``; ``cy(hexid) -> (c, y)``, ``seat_name(seat) -> str``."""
    if HEX <= a < PLAN:
        c, y = cy(a - HEX)
        return f"at ({c},{y})"
    if PLAN <= a < PLAN + DUP:
        return plan_name(a - PLAN)
    if TAKE <= a < TAKE + 12:
        return f"take {cell_name(a - TAKE)}"
    if a == GO:
        return "go on"
    if a == END:
        return "end action"
    if a == DECLINE:
        return "decline free sprints"
    if LAY <= a < LAY + 6:
        return f"lay at {a - LAY}"
    if a == RISE:
        return "updraft rise"
    if a == STAY:
        return "updraft stay"
    if ORDER <= a < ORDER + 6:
        return f"queue order {perm_name(a - ORDER)}"
    if SPRINT <= a < SPRINT + 6:
        return f"sprint {DIRECTIONS[a - SPRINT]}"
    if FREE <= a < FREE + 6:
        return f"free sprint {DIRECTIONS[a - FREE]}"
    if RETURN <= a < RETURN + 3:
        return f"return {COLOURS[a - RETURN]}"
    if STEAL <= a < STEAL + 3 * STEAL_COLOUR:
        colour, seat = steal_parts(a)
        return f"use {COLOURS[colour]}: steal from {seat_name(seat)}"
    if GIVE <= a < GIVE + 3 * GIVE_COLOUR:
        colour, cell, seat = give_parts(a)
        if cell >= 12:
            return None
        return f"use {COLOURS[colour]}: give {cell_name(cell)} to {seat_name(seat)}"
    if YELLOW <= a < YELLOW + 3:
        return f"use {COLOURS[a - YELLOW]}: free sprint"
    return None


def parse_decision(text: str, hid, seat_index) -> int | None:
    """Parse any decision name (legal or not); ``hid(c, y)``, ``seat_index(name)``."""
    t = " ".join(text.split())
    try:
        m = re.fullmatch(r"at \((-?\d+),\s*(-?\d+)\)", t)
        if m:
            return HEX + hid(int(m.group(1)), int(m.group(2)))
        if t.startswith("plan "):
            mask = 0
            for part in t[5:].split():
                bit = 1 << parse_cell(part)
                mask |= DUP if mask & bit else bit   # a cell named twice: refused (WS-PLAN-3)
            return plan(mask)
        if t.startswith("take "):
            return TAKE + parse_cell(t[5:])
        simple = {"go on": GO, "end action": END, "decline free sprints": DECLINE,
                  "updraft rise": RISE, "updraft stay": STAY}
        if t in simple:
            return simple[t]
        if t.startswith("lay at ") and t[7:].isdigit():
            return LAY + int(t[7:])
        if t.startswith("queue order "):
            names = [perm_name(p) for p in range(6)]
            if t[12:] in names:
                return ORDER + names.index(t[12:])
        if t.startswith("sprint ") and t[7:] in DIRECTIONS:
            return SPRINT + DIRECTIONS.index(t[7:])
        if t.startswith("free sprint ") and t[12:] in DIRECTIONS:
            return FREE + DIRECTIONS.index(t[12:])
        if t.startswith("return ") and t[7:] in COLOURS:
            return RETURN + COLOURS.index(t[7:])
        m = re.fullmatch(r"use (red|yellow|blue): steal from (\w+)", t)
        if m:
            return steal(COLOURS.index(m.group(1)), seat_index(m.group(2)))
        m = re.fullmatch(r"use (red|yellow|blue): give ([CB][1-6]) to (\w+)", t)
        if m:
            return give(COLOURS.index(m.group(1)), parse_cell(m.group(2)), seat_index(m.group(3)))
        m = re.fullmatch(r"use (red|yellow|blue): free sprint", t)
        if m:
            return YELLOW + COLOURS.index(m.group(1))
    except (ValueError, KeyError):
        return None
    return None


def decision_ids() -> tuple:
    """Every id a decision can take, sorted (the dense index's decisions, GameType.decision_ids):
    a cell of a board up to 1000 hexes, every plan mask, and each fixed or composed id below."""
    ids = set(range(HEX, HEX + 1000))
    ids.update(PLAN + m for m in range(DUP))
    ids.update(TAKE + c for c in range(12))
    ids.update((GO, END, DECLINE, RISE, STAY))
    ids.update(LAY + b for b in range(6))
    ids.update(ORDER + p for p in range(len(PERMS)))
    ids.update(SPRINT + d for d in range(6))
    ids.update(FREE + d for d in range(6))
    ids.update(RETURN + c for c in range(len(COLOURS)))
    ids.update(steal(c, s) for c in range(len(COLOURS)) for s in range(MAX_SEATS))
    ids.update(YELLOW + c for c in range(len(COLOURS)))
    ids.update(give(c, cell, s) for c in range(len(COLOURS)) for cell in range(12)
               for s in range(MAX_SEATS))
    return tuple(sorted(ids))
