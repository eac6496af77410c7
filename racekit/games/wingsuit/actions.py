"""Action ids and names of Wingsuit Flight (no rules here; every module may import it).

Chance outcomes:
    1..6           the white die (tie-breaks WS-ACT-ORDER-3, neutral rolls WS-VAR-2P-1)
    10 + i         card i of the card set is dealt (WS-SETUP-1..3)
    20 + p         queue colour order p (a permutation of red, yellow, blue; WS-AMB-20)
    30 + colour    a cube of that colour drawn from the bag (WS-ITEM-1)
Decisions:
    1000 + hex     start cell (WS-SETUP-6) or crash placement (WS-CRASH-3) at hex id
    10000 + mask   a plan: 12-bit mask of cells, bit (style * 6 + row - 1) (WS-PLAN-2..4)
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
    21000 + colour*10 + seat        use an item: steal altitude from seat (WS-FAQ-Q4)
    30000 + colour*1000 + cell*10 + seat   use an item: give the Brave die in cell to seat (WS-FAQ-Q5a)
    23000 + colour                  use an item: free sprint (the kit's yellow, WS-AMB-04)
"""
from __future__ import annotations

import itertools
import re

from racekit.boards.hex import DIRECTIONS

COLOURS = ("red", "yellow", "blue")
STYLES = ("C", "B")  # Cautious, Brave (WS-PLAN-1)
PERMS = tuple(itertools.permutations(range(3)))

DIE = 0
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


def decision_name(a: int, cy, seat_name) -> str | None:
    """Name of decision ``a``; ``cy(hexid) -> (c, y)``, ``seat_name(seat) -> str``."""
    if HEX <= a < PLAN:
        c, y = cy(a - HEX)
        return f"at ({c},{y})"
    if PLAN <= a < PLAN + 4096:
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
    if STEAL <= a < STEAL + 30:
        k = a - STEAL
        return f"use {COLOURS[k // 10]}: steal from {seat_name(k % 10)}"
    if GIVE <= a < GIVE + 3000:
        k = a - GIVE
        return f"use {COLOURS[k // 1000]}: give {cell_name(k % 1000 // 10)} to {seat_name(k % 10)}"
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
                mask |= 1 << parse_cell(part)
            return PLAN + mask
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
            return STEAL + COLOURS.index(m.group(1)) * 10 + seat_index(m.group(2))
        m = re.fullmatch(r"use (red|yellow|blue): give ([CB][1-6]) to (\w+)", t)
        if m:
            return GIVE + COLOURS.index(m.group(1)) * 1000 + parse_cell(m.group(2)) * 10 \
                + seat_index(m.group(3))
        m = re.fullmatch(r"use (red|yellow|blue): free sprint", t)
        if m:
            return YELLOW + COLOURS.index(m.group(1))
    except (ValueError, KeyError):
        return None
    return None
