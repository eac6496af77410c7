"""Action phase decisions: take back dice, carry out icons, sprint, use items.

The acting seat takes back its dice one at a time in any order (WS-ACT-1); each
die resolves its cell's icons bottom to top, none skipped (WS-ACT-2, WS-ACT-3,
WS-FAQ-Q3); an IF icon's arrows happen only when its condition holds for the
resolving character (WS-ACT-5, WS-AMB-03). Windows (WS-AMB-10, WS-AMB-17): before
a die, between dice and, with ``sprint_window = between_icons``, between two
icons of a cell; never after the last die (WS-ACT-4) unless an option says so.

Items (WS-ITEM-3, WS-AMB-04, WS-AMB-21): pay a cube whose colour matches the cost
of a card showing in the queue; effects ``steal_altitude`` (WS-FAQ-Q4),
``give_brave_die`` (WS-FAQ-Q5a-c, WS-AMB-19) and ``free_sprint`` (the kit's own
yellow effect).
"""
from __future__ import annotations

from racekit.boards.hex import DIRECTIONS, SIDES

from . import actions as A
from . import move


_SIDE_IDS = tuple(DIRECTIONS.index(d) for d in SIDES)
_FWD_SIDE_IDS = (DIRECTIONS.index("NE"), DIRECTIONS.index("NW"))


# ----- windows --------------------------------------------------------------------
def sprint_window(st, s: int) -> bool:
    """May ``s`` make a paid sprint (or use the rear bonus) now? (WS-AMB-10)"""
    if st.free is not None:
        return False
    if st.gift is not None:
        if s != st.pend_owner:
            return False
        return st.o.sprint_window != "between_dice" or not st.pend_started
    if s != st.actor:
        return False
    if st.pend:
        return st.o.sprint_window != "between_dice"
    if not st.has_dice(s):
        return st.o.sprint_window == "also_after_last_die"
    return True


def item_window(st, s: int) -> bool:
    """May ``s`` use an item now? Never a gift recipient (WS-FAQ-Q5b, WS-AMB-17)."""
    if st.free is not None or st.gift is not None or s != st.actor:
        return False
    if st.pend:
        return st.o.item_window == "with_sprints" and st.o.sprint_window == "between_icons"
    if not st.has_dice(s):
        return st.o.item_window == "also_after_last_die"
    return True


def rear_dirs(st) -> tuple:
    return _FWD_SIDE_IDS if st.o.rear_forward else _SIDE_IDS


def usable(st) -> list[tuple[int, str]]:
    """(colour, effect) of every card whose item cost is usable now (WS-AMB-21, WS-AMB-04)."""
    key = len(st.queue)
    cached = st.usable_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    out = []
    rows = st.rows()
    for card, b in st.queue:
        shows = [r for r in (0, 1) if rows[b - 1 + r] == (card, b)]
        if not shows:
            continue
        cd = st.cs.cards[card]
        if st.o.specific_row and cd.cost_row not in shows:
            continue
        eff = cd.effect if not st.o.builtin_effects else {0: "steal_altitude", 1: "free_sprint",
                                                          2: "give_brave_die"}[cd.cost]
        if (cd.cost, eff) not in out:
            out.append((cd.cost, eff))
    st.usable_cache = (key, out)
    return out


def brave_dice(st, s: int) -> list[int]:
    """Cells holding a die of ``s`` that counts as Brave (WS-AMB-19, ``brave_identity``)."""
    out = []
    for cell in range(12):
        for d in st.cells[cell]:
            if d[0] == s and (d[1] == 1 if st.o.planned_identity else cell >= 6):
                if cell not in out:
                    out.append(cell)
    return out


# ----- legal actions ----------------------------------------------------------------
def legal(st) -> list[int]:
    s = st.cp_seat
    out = []
    if st.free is not None:   # sorted: decline (20102) before the free sprints (20210 + d)
        if not (st.free[2] == "blue" and st.o.blue_mandatory):
            out.append(A.DECLINE)
        out += [A.FREE + d for d in range(6)]
        return out
    if st.pend:
        out.append(A.GO)
    elif s == st.actor:
        for c, dice in enumerate(st.cells):   # cells in order, each once
            for d in dice:
                if d[0] == s:
                    out.append(A.TAKE + c)
                    break
        if not out:
            out.append(A.END)
    if sprint_window(st, s):
        if st.alt[s] > st.p.sprint_cost:
            out += [A.SPRINT + d for d in range(6)]
        if st.rear[s] and s == st.actor and st.gift is None:
            out += [A.FREE + d for d in rear_dirs(st)]
    if item_window(st, s):
        items = item_actions(st, s)
        if items:   # the rest is in increasing order already (see actions.py)
            out += items
            out.sort()
    return out


def item_actions(st, s: int) -> list[int]:
    held = st.cubes[s]
    if not (held[0] or held[1] or held[2]):
        return []   # no cube, no item (WS-ITEM-3)
    out = []
    for colour, eff in usable(st):
        if not held[colour]:
            continue
        if eff == "steal_altitude":
            out += [A.steal(colour, t) for t in range(st.n) if t != s and st.pos[t] >= 0]
        elif eff == "give_brave_die":
            for cell in brave_dice(st, s):
                out += [A.give(colour, cell, t) for t in range(st.n) if t != s and st.pos[t] >= 0]
        else:
            out.append(A.YELLOW + colour)
    return out


def has_choice(st, s: int) -> bool:
    """Is there anything besides 'go on' for ``s`` while a cell waits? (else it runs on)"""
    if sprint_window(st, s):
        if st.alt[s] > st.p.sprint_cost or (st.rear[s] and s == st.actor and st.gift is None):
            return True
    return item_window(st, s) and bool(item_actions(st, s))


def why(st, a: int) -> tuple[str, str]:
    s = st.cp_seat
    if A.TAKE <= a < A.TAKE + 12:
        if st.pend:
            return "WS-ACT-3", "the icons of the cell being resolved come first, bottom to top"
        if s != st.actor:
            return "WS-ACT-1", "only the acting player takes back dice"
        return "WS-ACT-1", f"no die of this player stands in {A.cell_name(a - A.TAKE)}"
    if a == A.END:
        if st.pend:
            return "WS-FAQ-Q3", "every icon of the cell must be carried out; none may be skipped"
        return "WS-FAQ-Q3", "every die must be taken back and resolved before the action ends (WS-ACT-1)"
    if a == A.GO:
        return "WS-ACT-1", "no cell is being resolved"
    if A.SPRINT <= a < A.SPRINT + 6:
        if st.alt[s] <= st.p.sprint_cost and sprint_window(st, s):
            return "WS-SPRINT-2", (f"a sprint costs {st.p.sprint_cost} altitude, and altitude "
                                   f"{st.alt[s]} cannot pay")
        if s == st.actor and not st.has_dice(s) and not st.pend:
            return "WS-ACT-4", "the action ended with the last die; no sprint after it"
        return "WS-AMB-10", "sprints are made only in the sprint windows of one's own action"
    if A.FREE <= a < A.FREE + 6:
        if st.rear[s] and a - A.FREE not in rear_dirs(st):
            return "WS-AMB-27", "the start sprint goes to a side neighbour only"
        return "WS-VAR-45P-2", "no free sprint is available now"
    if a == A.DECLINE:
        if st.free is not None:
            return "WS-AMB-19", "the free sprints are mandatory under this option"
        return "WS-SPRINT-3", "there are no free sprints to decline"
    colour = A.item_colour(a)
    if colour is not None:
        if st.gift is not None and s == st.pend_owner:
            return "WS-FAQ-Q5b", "a player carrying out a given effect may not use items"
        if s == st.actor and not st.has_dice(s) and not st.pend:
            return "WS-ACT-4", "the action ended with the last die; no item after it"
        if not st.cubes[s][colour]:
            return "WS-ITEM-3", f"this player holds no {A.COLOURS[colour]} cube"
        if not any(c == colour for c, _ in usable(st)):
            return "WS-ITEM-3", f"no {A.COLOURS[colour]} item cost shows in the queue"
        if A.GIVE <= a:
            return "WS-FAQ-Q5a", "the blue item gives one of the user's Brave dice still in the queue " \
                "(a die counts as Brave where it stands now, WS-AMB-19)"
        return "WS-AMB-17", "items are used only in the item windows of one's own action"
    return "WS-ACT-1", "not an action of this step"


# ----- applying -------------------------------------------------------------------------
def apply(st, a: int) -> None:
    s = st.cp_seat
    if A.TAKE <= a < A.TAKE + 12:
        take(st, s, a - A.TAKE)
    elif a == A.GO:
        run_token(st)
    elif a == A.END:
        st.done[s] = True
        if st._record:
            st.emit("action_end", [s], ("WS-ACT-4",))
    elif A.SPRINT <= a < A.SPRINT + 6:
        if st._record:
            st.emit("sprint", [s], ("WS-SPRINT-1", "WS-SPRINT-4", "WS-AMB-10")
                    + (("WS-FAQ-Q5b",) if st.gift is not None else ()),
                    direction=DIRECTIONS[a - A.SPRINT], before=st.alt[s], altitude=st.alt[s] - st.p.sprint_cost)
        move.step(st, s, a - A.SPRINT, "sprint")
    elif A.FREE <= a < A.FREE + 6:
        d = a - A.FREE
        if st.free is not None:
            st.free[1] -= 1
            kind = st.free[2]
            if st.free[1] <= 0:
                st.free = None
            cl = ("WS-SPRINT-3", "WS-FAQ-Q5c") if kind == "blue" else ("WS-SPRINT-3", "WS-AMB-04")
        else:
            st.rear[s] -= 1   # the rear start sprints left (rear_sprints, WS-VAR-45P-2)
            cl = ("WS-VAR-45P-2", "WS-SPRINT-3", "WS-AMB-27")
        if st._record:
            st.emit("free_sprint", [s], cl, direction=DIRECTIONS[d], altitude=st.alt[s])
        move.step(st, s, d, "free")
    elif a == A.DECLINE:
        if st._record:
            st.emit("free_declined", [s], ("WS-SPRINT-3", "WS-AMB-19"), left=st.free[1])
        st.free = None
    elif A.STEAL <= a < A.STEAL + 3 * A.STEAL_COLOUR:
        steal(st, s, *A.steal_parts(a))
    elif A.GIVE <= a < A.GIVE + 3 * A.GIVE_COLOUR:
        give(st, s, *A.give_parts(a))
    elif A.YELLOW <= a < A.YELLOW + 3:
        pay(st, s, a - A.YELLOW)
        st.free = [s, st.p.yellow_sprints, "yellow"]
        if st._record:
            st.emit("item_free_sprint", [s], ("WS-ITEM-3", "WS-ITEM-4", "WS-AMB-04"), colour=A.COLOURS[a - A.YELLOW],
                    sprints=st.p.yellow_sprints, kit_rule=True)


def take(st, s: int, cell: int) -> None:
    """WS-ACT-1: take back the die in ``cell`` and resolve its icons."""
    dice = st.cells[cell]
    for i, d in enumerate(dice):
        if d[0] == s:
            del dice[i]
            break
    st.pend = list(st.cell_tokens(cell))
    st.pend_owner = s
    st.pend_started = True
    if st._record:
        st.emit("take", [s], ("WS-ACT-1", "WS-ACT-3", "WS-PLAN-1"), cell=A.cell_name(cell),
                icons=[_tok(t) for t in st.pend], left=len(st.dice_of(s)))
    run_token(st)


def _tok(t) -> str:
    from .cards import token_text
    return token_text(t)


def run_token(st) -> None:
    """Carry out the next icon of the pending cell (WS-ACT-2, WS-ACT-3, WS-ACT-5)."""
    s = st.pend_owner
    st.pend_started = True
    tok = st.pend.pop(0)
    if isinstance(tok, int):
        move.step(st, s, tok, "gift" if st.gift is not None else "arrow")
        return
    cond, n, arrows = tok
    ok = holds(st, s, cond, n)
    if st._record:
        st.emit("condition", [s], ("WS-ACT-5", "WS-AMB-03") + (() if ok else ("WS-FAQ-Q3",)),
                test=_tok(tok), holds=ok, altitude=st.alt[s])
    if ok:
        st.pend[0:0] = list(arrows)


def holds(st, s: int, cond: int, n: int) -> bool:
    if cond == 0:
        return st.alt[s] >= n
    if cond == 1:
        return st.alt[s] <= n
    if cond == 2:
        return st.board.updraft[st.pos[s]]
    if cond == 3:
        return sum(st.cubes[s]) > 0
    return False


def pay(st, s: int, colour: int) -> None:
    if st._record and not st.pend and not st.has_dice(s):
        st.emit("late_item", [s], ("WS-AMB-17",))  # only under item_window = also_after_last_die
    st.cubes[s][colour] -= 1
    st.bag[colour] += 1


def steal(st, s: int, colour: int, t: int) -> None:
    """Red item: the target loses ``steal_amount`` altitude (not below 1), then the user gains
    what it lost (capped at ``alt_max``) (WS-FAQ-Q4, WS-AMB-04)."""
    pay(st, s, colour)
    got = min(st.p.steal_amount, st.alt[t] - 1)
    if st._record:
        st.emit("steal", [s, t], ("WS-ITEM-3", "WS-ITEM-4", "WS-FAQ-Q4", "WS-AMB-04"), colour=A.COLOURS[colour],
                target_before=st.alt[t], target_altitude=st.alt[t] - got,
                user_before=st.alt[s], user_altitude=min(st.p.alt_max, st.alt[s] + got),
                cube_to="bag")
    if got <= 0:
        return
    move.change_altitude(st, t, -got, s)
    if st.pos[s] >= 0:
        move.change_altitude(st, s, got, s)


def give(st, s: int, colour: int, cell: int, t: int) -> None:
    """Blue item: another player resolves one of the user's Brave dice (WS-FAQ-Q5a-c)."""
    pay(st, s, colour)
    dice = st.cells[cell]
    for i, d in enumerate(dice):
        if d[0] == s:
            del dice[i]
            break
    st.gift = [s, t, False]
    st.pend = list(st.cell_tokens(cell))
    st.pend_owner = t
    st.pend_started = False
    if st._record:
        st.emit("gift", [s, t], ("WS-ITEM-3", "WS-ITEM-4", "WS-FAQ-Q5a", "WS-AMB-19"), colour=A.COLOURS[colour],
                cell=A.cell_name(cell), icons=[_tok(x) for x in st.pend])


def finish_gift(st) -> None:
    user, t, user_crashed = st.gift
    st.gift = None
    st.pend_owner = -1
    if st._record:
        st.emit("gift_done", [user, t], ("WS-FAQ-Q5c", "WS-AMB-19"),
                free_sprints=0 if user_crashed else st.p.blue_sprints)
    if not user_crashed and st.pos[user] >= 0 and st.p.blue_sprints > 0:
        st.free = [user, st.p.blue_sprints, "blue"]

