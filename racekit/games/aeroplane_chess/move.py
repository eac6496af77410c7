"""Moving a plane or a group: legality, the die walk, jumps and flights.

A plane advances one square per pip along its colour's path (AC-BOTH-MOVE-1);
the player picks the plane (AC-FAM-MOVE-1). In the tournament, pieces of one
side sharing a square may move together, but the group must hold one of the
mover's own planes (AC-TOUR-STACK-2), may not carry a teammate into the
mover's safe zone (AC-TOUR-STACK-3), and it jumps and flies on the mover's
colour (AC-TOUR-STACK-4). A teammate's plane carried past its own turn-off
stays on the loop and goes round again (AC-AMB-27, ``teammate_overrun=new_lap``;
``refuse`` makes such a group move illegal); between its turn-off and its
entry it stands before its step 1, never in its home column. Every legal move
is the same with ``optional_effects`` on or off (judged on the full chain of
jumps and flights), and a jump or flight that does not happen on an
own-colour square is announced with the clause that stops it.
Jump: a piece resting on its own colour jumps 4 ahead, on the loop only
(AC-TOUR-JUMP-1, AC-AMB-19); flight: the die landing on the dashed square
flies to its far end and jumps once more (AC-TOUR-FLY-1), a jump onto the
dashed square flies and stops (AC-TOUR-FLY-2); at most one plain jump per
move (AC-AMB-25). Jumps and flights are on in the tournament, off in the
family game (AC-AMB-18).
"""
from __future__ import annotations

from . import capture, finish, launch
from .actions import MOVE, bits, group_name, piece_name
from .board import BASE

HOME_KEY = 1000


def controlled(st, m: int) -> int:
    """Whose planes seat ``m`` moves: its own, or with ``finished_player=roll_for_partner``
    the teammate's once its own are all home (AC-AMB-14)."""
    if st.r.partner_rolls and finish.all_home(st, m):
        return st.r.mate[m]
    return m


def square_key(st, p: int):
    """A key equal for pieces on the same physical square where groups can form (loop, home)."""
    s = st.pos[p]
    b = st.b
    if 1 <= s <= b.loop_steps or s < BASE:           # b.on_loop(s), inlined: a hot path
        return b.sq[p >> 2][s]
    if b.loop_steps < s < b.finish:
        return HOME_KEY + (p >> 2) * 100 + s
    return None


def hop_for(st, s: int, arrived: str, flown: bool, jumps: int):
    """The next jump or flight from path step ``s``, or ``None`` (AC-TOUR-JUMP-1, FLY-1/2, AC-AMB-25)."""
    r, b = st.r, st.b
    if not r.jump_fly or not 1 <= s <= b.loop_steps or s not in b.own:
        return None
    if r.max_jumps == 1:
        if arrived == "die":
            if s == b.fly_from:
                return ("fly", b.fly_to)                   # AC-TOUR-FLY-1
            if s + b.jump <= b.loop_steps:                 # AC-AMB-19: jumps stay on the loop
                return ("jump", s + b.jump)                # AC-TOUR-JUMP-1
        elif arrived == "jump":
            if s == b.fly_from and not flown:
                return ("fly", b.fly_to)                   # AC-TOUR-FLY-2: then stop
        elif arrived == "fly" and jumps == 0 and s + b.jump <= b.loop_steps:
            return ("jump", s + b.jump)                    # AC-TOUR-FLY-1: one jump after the flight
        return None                                        # AC-AMB-25: no further jumps
    if s == b.fly_from and not flown:
        return ("fly", b.fly_to)
    if s + b.jump <= b.loop_steps:
        return ("jump", s + b.jump)
    return None


def planned_final(st, end: int) -> int:
    """Where a move ending its die walk on ``end`` stops after its jumps and flights."""
    arrived, flown, jumps, s = "die", False, 0, end
    while True:
        h = hop_for(st, s, arrived, flown, jumps)
        if h is None:
            return s
        if h[0] == "fly":
            flown = True
        else:
            jumps += 1
        arrived, s = h


def _blocking(st, c: int, sq: int) -> bool:
    """Does an enemy stack (2+ pieces of one other side) stand on loop square ``sq``? (AC-AMB-26)"""
    counts: dict[int, int] = {}
    side = st.r.side
    for q in capture.occupants(st, sq):
        if side[q >> 2] != side[c]:
            counts[side[q >> 2]] = counts.get(side[q >> 2], 0) + 1
    return any(v >= 2 for v in counts.values())


def _single_ok(st, p: int, d: int) -> bool:
    """Fast legality of a lone plane on the track (the common case)."""
    r = st.r
    if r.blocks or (r.exact_only and st.pos[p] + d > st.b.finish):
        return route_problem(st, p >> 2, 1 << p, d) is None
    return True


def route_problem(st, c: int, mask: int, d: int):
    """Why moving group ``mask`` (of path colour ``c``) by ``d`` is illegal, or ``None``."""
    r, b, pos = st.r, st.b, st.pos
    pieces = bits(mask)
    own = [p for p in pieces if p >> 2 == c]
    mates = [p for p in pieces if p >> 2 != c]
    s0 = b.progress(pos[own[0]])
    fin, top = b.finish, b.loop_steps
    if pos[own[0]] == BASE:
        if d not in r.launch:
            return (launch.launch_clause(st),
                    f"a plane leaves the base only on a roll of {launch.rolls_text(st)}")
        if not r.launch_steps or d == 1:
            return None
        s0, d = 0, d - 1
    t = s0 + d
    if t > fin and r.exact_only:
        return ("AC-FAM-FINISH-1",
                f"{piece_name(own[0])} needs exactly {fin - s0} to reach the finish")
    end = t if t <= fin else 2 * fin - t
    if mates and t > top:
        return ("AC-TOUR-STACK-3", f"{'+'.join(piece_name(q) for q in mates)} may not be carried "
                f"into {st.b.colours[c].title()}'s safe zone")
    if r.blocks:
        for s in range(s0 + 1, min(t, top + 1)):
            sq = b.sq[c][s if s >= 1 else s - 2]          # a walk from before step 1 (AC-AMB-27)
            if _blocking(st, c, sq):
                return ("AC-AMB-26", f"an enemy stack on loop square {sq} blocks the way")
    if mates and not r.new_lap:
        # the same legality with optional_effects (AC-AMB-06): judged on the full bonus chain
        final = planned_final(st, end)
        for q in mates:
            if b.progress(pos[q]) + final - s0 > top:
                return ("AC-AMB-27", f"{piece_name(q)} would be carried past its own turn-off "
                        f"(it needs to enter its home column)")
    return None


def group_problem(st, mask: int):
    """Why the group ``mask`` may not move now (composition and route), or ``None``."""
    r, pos, fin = st.r, st.pos, st.b.finish
    if mask <= 0 or mask >> len(pos):
        # citations follow the preset (AC-FAM-COMP-1 is the family clause)
        return ("AC-TOUR-SETUP-1" if r.tour else "AC-FAM-COMP-1", "there is no such plane in this game")
    c = controlled(st, st.roller)
    pieces = bits(mask)
    own = [p for p in pieces if p >> 2 == c]
    name = st.game.seat_names[c]
    if not r.tour:
        if len(own) != len(pieces):
            return ("AC-FAM-MOVE-1", f"{name} moves only {name}'s own planes")
        if len(pieces) > 1:
            return ("AC-AMB-10", "family planes move one at a time, even when they share a square")
    else:
        if any(r.side[p >> 2] != r.side[c] for p in pieces):
            return ("AC-TOUR-STACK-2", "a moving group holds only pieces of the mover's side")
        if not own:
            return ("AC-TOUR-STACK-2", f"the moving group must include one of {name}'s own planes")
    for p in pieces:
        if pos[p] == fin:
            return ("AC-TOUR-FINISH-1" if r.tour else "AC-FAM-FINISH-4",
                    f"{piece_name(p)} has reached the finish and is out of play")
    if len(pieces) > 1:
        keys = {square_key(st, p) for p in pieces}
        if None in keys or len(keys) != 1:
            return ("AC-TOUR-STACK-1", "only pieces stacked on one square of the track move together")
    return route_problem(st, c, mask, st.die)


def legal_moves(st) -> list[int]:
    """Sorted legal move actions for the roller and the current die."""
    r, pos = st.r, st.pos
    c = controlled(st, st.roller)
    d = st.die
    fin = st.b.finish
    out = []
    seen = set()
    own_keys = mate_keys = None      # square keys of c's planes and the teammate's, found once
    for p in range(4 * c, 4 * c + 4):
        s = pos[p]
        if s == fin:
            continue
        if s == BASE:
            # the launch roll is asked first: route_problem would write out why not
            if d in r.launch and route_problem(st, c, 1 << p, d) is None:
                out.append(MOVE + (1 << p))
            continue
        if s == 0 or not r.tour:
            if _single_ok(st, p, d):
                out.append(MOVE + (1 << p))
            continue
        if own_keys is None:
            m = r.mate[c]
            own_keys = [square_key(st, q) for q in range(4 * c, 4 * c + 4)]
            mate_keys = [square_key(st, q) for q in range(4 * m, 4 * m + 4)]
        key = own_keys[p - 4 * c]
        if key in seen:
            continue
        seen.add(key)
        own = [4 * c + i for i, k in enumerate(own_keys) if k == key]
        mates = [4 * m + i for i, k in enumerate(mate_keys) if k == key]
        if len(own) == 1 and not mates:
            if _single_ok(st, p, d):
                out.append(MOVE + (1 << p))
            continue
        out.extend(_group_moves(st, c, own, mates, d))
    out.sort()
    return out


def _group_moves(st, c: int, own: list[int], mates: list[int], d: int) -> list[int]:
    """Tournament stacks (AC-TOUR-STACK-1/2): every group of the planes sharing one square
    that holds at least one of ``c``'s own (``own``) and any of the teammate's (``mates``)."""
    out = []
    for om in range(1, 1 << len(own)):
        base = 0
        for i, q in enumerate(own):
            if om >> i & 1:
                base |= 1 << q
        for tm in range(1 << len(mates)):
            mask = base
            for i, q in enumerate(mates):
                if tm >> i & 1:
                    mask |= 1 << q
            if route_problem(st, c, mask, d) is None:
                out.append(MOVE + mask)
    return out


# ----- carrying out a move ---------------------------------------------------------

def _place(st, ctx, to: int) -> list[int]:
    """Put the group on path step ``to`` of the mover's colour; teammates stand on the same square.

    A carried teammate keeps to the loop (AC-AMB-27, ``teammate_overrun=new_lap``): its
    position is its own for that loop square, a path step or, between its turn-off and its
    entry, a pre-entry position; a carry never puts it into its home column. Returns the
    teammates' pieces carried past their own turn-off (they go round again).
    """
    b = st.b
    c = ctx["seat"]
    here = to if to >= 1 else to - 2          # a walk from a pre-entry square may end short of step 1
    delta = to - b.progress(st.pos[ctx["ref"]])
    top = b.loop_steps
    wrapped = []
    for p in bits(ctx["mask"]):
        if p >> 2 == c:
            st.pos[p] = here
        else:
            if b.progress(st.pos[p]) + delta > top:
                wrapped.append(p)
            st.pos[p] = b.loop_position(p >> 2, b.sq[c][here])
    return wrapped


def _new_lap(st, wrapped) -> None:
    b = st.b
    for p in wrapped:
        pos = st.pos[p]
        st.emit("new_lap", [p >> 2], ["AC-AMB-27"], piece=piece_name(p), square=b.sq[p >> 2][pos],
                step=pos if pos >= 1 else None, short=b.short_of_entry(pos))


def execute(st, mask: int) -> bool:
    """Carry out the legal move ``mask`` for the current roll.

    True when the move is over; False when an optional effect waits for the mover's
    answer (phase ``effect``, AC-AMB-06; :func:`decide` goes on).
    """
    c = controlled(st, st.roller)
    d = st.die
    own = [p for p in bits(mask) if p >> 2 == c]
    if d == st.r.bonus_face:                              # AC-AMB-23 counts these moves
        st.six_moved |= mask
    ctx = {"mask": mask, "seat": c, "ref": own[0], "arrived": "die", "flown": False, "jumps": 0,
           "stage": "capture", "steps": [st.pos[own[0]]], "effect": None}
    st.ctx = ctx
    if st.pos[own[0]] == BASE:
        more = launch.launch(st, ctx, own[0], d)          # AC-TOUR-LAUNCH-1
        if more <= 0:
            finish_move(st)
            return True
        walk(st, ctx, more)
    else:
        walk(st, ctx, d)
    return resume(st)


def walk(st, ctx, n: int) -> None:
    """The die walk: ``n`` squares forward, bouncing back from the finish (AC-BOTH-FINISH-1)."""
    r, b = st.r, st.b
    start = st.pos[ctx["ref"]]
    s0 = b.progress(start)
    fin = b.finish
    t = s0 + n
    if t <= fin:
        end = t
        path = list(range(s0 + 1, t + 1))
    else:
        end = 2 * fin - t
        path = list(range(s0 + 1, fin + 1)) + list(range(fin - 1, end - 1, -1))
    wrapped = _place(st, ctx, end)
    if st._record:                            # the events' names and clauses: only when kept
        _announce_walk(st, ctx, start, n, end, wrapped)
    if end == fin:
        finish.arrive(st, bits(ctx["mask"]))
    path = [s if s >= 1 else s - 2 for s in path]          # pre-entry squares as positions
    if r.capture == "pass_and_land":
        for s in path[:-1]:
            if b.on_loop(s):
                capture.passing(st, ctx, s)
    ctx["steps"].extend(path)


def _announce_walk(st, ctx, start: int, n: int, end: int, wrapped) -> None:
    """The events of a die walk of ``n`` from position ``start`` to path step ``end``: the
    move, teammates carried onto a new lap (AC-AMB-27) and a bounce at the finish."""
    r, b = st.r, st.b
    c, mask = ctx["seat"], ctx["mask"]
    s0 = b.progress(start)
    fin, top = b.finish, b.loop_steps
    pieces = bits(mask)
    clauses = ["AC-BOTH-MOVE-1", "AC-FAM-MOVE-1"] if not r.tour else ["AC-BOTH-MOVE-1"]
    if len(pieces) > 1:
        clauses.append("AC-TOUR-STACK-2")
    if any(p >> 2 != c for p in pieces):
        clauses.append("AC-TOUR-STACK-4")
    if s0 <= top < end:
        clauses.append("AC-AMB-20")      # into its own home column, the colour's safe zone
    here = st.pos[ctx["ref"]]
    extra = {"short": b.short_of_entry(start)} if start < -1 else {}   # from before its step 1
    st.emit("move", [c], clauses, pieces=group_name(mask, c), **{"from": s0}, to=end, die=n,
            square=b.sq[c][here] if b.on_loop(here) else None, **extra)
    _new_lap(st, wrapped)
    if s0 + n > fin:
        # the tournament's bounce is AC-TOUR-FINISH-2's; the family clauses only in the family game
        bclauses = ["AC-BOTH-FINISH-1", "AC-AMB-05",
                    "AC-TOUR-FINISH-2" if r.tour else "AC-FAM-FINISH-3"]
        if s0 == fin - 1 and not r.tour:
            bclauses.append("AC-FAM-FINISH-2")
        st.emit("bounce", [c], bclauses, pieces=group_name(mask, c), surplus=s0 + n - fin, to=end)


def _overruns(st, ctx, to: int) -> bool:
    if st.r.new_lap:
        return False
    b = st.b
    delta = to - b.progress(st.pos[ctx["ref"]])
    c = ctx["seat"]
    return any(p >> 2 != c and b.progress(st.pos[p]) + delta > b.loop_steps for p in bits(ctx["mask"]))


def resume(st) -> bool:
    """Resolve the rest of a move: captures at rest squares, then jumps and flights.

    True when the move is over, False when an optional effect waits (phase ``effect``).
    """
    ctx = st.ctx
    b = st.b
    while True:
        here = st.pos[ctx["ref"]]
        s = b.progress(here)
        if ctx["stage"] == "capture":
            ctx["stage"] = "next"
            if b.on_loop(here):
                res = capture.at_rest(st, ctx)
                if res == "ask":
                    st.phase = "effect"
                    return False
                if res == "gone":
                    finish_move(st)
                    return True
        nxt = hop_for(st, s, ctx["arrived"], ctx["flown"], ctx["jumps"])
        if nxt is not None and _overruns(st, ctx, nxt[1]):
            # cannot happen for a legal move (legality is judged on the full chain); said aloud
            _no_hop(st, ctx, s, nxt[0], "AC-AMB-27", "it would carry a teammate past its turn-off")
            finish_move(st)
            return True
        if nxt is None:
            _explain_stop(st, ctx, s)
            finish_move(st)
            return True
        if st.r.optional:                                  # AC-AMB-06: the mover may decline
            ctx["effect"] = nxt
            st.phase = "effect"
            return False
        hop(st, ctx, nxt)
        ctx["stage"] = "capture"


def _no_hop(st, ctx, s: int, effect: str, clause: str, reason: str, *more) -> None:
    if not st._record:
        return
    st.emit("no_hop", [ctx["seat"]], [clause, *more], pieces=group_name(ctx["mask"], ctx["seat"]),
            effect=effect, at=s, reason=reason)


def _explain_stop(st, ctx, s: int) -> None:
    """A move resting on an own-colour loop square with no jump or flight: say which rule stops it."""
    r, b = st.r, st.b
    if not r.jump_fly or not 1 <= s <= b.loop_steps or s not in b.own:
        return
    arrived = ctx["arrived"]
    if arrived == "fly" and ctx["jumps"]:
        _no_hop(st, ctx, s, "jump", "AC-TOUR-FLY-2", "a flight reached by a jump ends the move")
    elif s + b.jump > b.loop_steps and (arrived == "die" or arrived == "fly" or r.max_jumps > 1):
        _no_hop(st, ctx, s, "jump", "AC-AMB-19", "a jump would leave the loop")
    elif arrived == "jump":
        _no_hop(st, ctx, s, "jump", "AC-AMB-25", "one plain jump per move",
                *(["AC-TOUR-FLY-1"] if ctx["flown"] else []))


def hop(st, ctx, nxt) -> None:
    kind, to = nxt
    c = ctx["seat"]
    s = st.b.progress(st.pos[ctx["ref"]])
    wrapped = _place(st, ctx, to)
    record = st._record                       # the event's names and clauses: only when kept
    if record:
        mixed = any(p >> 2 != c for p in bits(ctx["mask"]))
        names = group_name(ctx["mask"], c)
    if kind == "fly":
        ctx["flown"] = True
        if record:
            clauses = ["AC-TOUR-FLY-2" if ctx["jumps"] else "AC-TOUR-FLY-1", "AC-AMB-18"]
            if mixed:
                clauses.append("AC-TOUR-STACK-4")
            st.emit("fly", [c], clauses, pieces=names, **{"from": s}, to=to, square=st.b.sq[c][to])
            _new_lap(st, wrapped)
        if st.r.fly_capture:
            capture.fly_path(st, ctx)
    else:
        ctx["jumps"] += 1
        if record:
            clauses = ["AC-TOUR-JUMP-1", "AC-AMB-18"]
            if ctx["flown"]:
                clauses.insert(1, "AC-TOUR-FLY-1")
            if mixed:
                clauses.append("AC-TOUR-STACK-4")
            st.emit("jump", [c], clauses, pieces=names, **{"from": s}, to=to, square=st.b.sq[c][to])
            _new_lap(st, wrapped)
    ctx["arrived"] = kind
    ctx["steps"].append(to)


def decide(st, yes: bool) -> bool:
    """Apply the mover's answer to the pending optional effect (AC-AMB-06).

    True when the move is over, False when another optional effect waits.
    """
    ctx = st.ctx
    eff = ctx["effect"]
    ctx["effect"] = None
    st.phase = "move"
    if eff[0] == "capture":
        capture.confirm(st, ctx, eff[1], yes)
        ctx["stage"] = "next"
        return resume(st)
    if yes:
        hop(st, ctx, eff)
        ctx["stage"] = "capture"
        return resume(st)
    st.emit("decline", [ctx["seat"]], ["AC-AMB-06"], effect=eff[0], to=eff[1])
    finish_move(st)
    return True


def _announce_stack(st, ctx) -> None:
    """AC-TOUR-STACK-1: pieces of one side that END a move on one square stand as a stack.

    Said once, for the square where the move ends (touching down on a teammate before a
    jump or flight makes no stack); the pieces named are all those on that square.
    """
    ref = ctx["ref"]
    key = square_key(st, ref)
    if key is None:
        return
    there = [q for q in range(len(st.pos)) if square_key(st, q) == key]
    mask = ctx["mask"]
    if all((mask >> q) & 1 for q in there):
        return                                             # no other piece joined
    c = ctx["seat"]
    here = st.pos[ref]
    st.emit("stack", [c] + sorted({q >> 2 for q in there} - {c}), ["AC-TOUR-STACK-1"],
            pieces="+".join(piece_name(q) for q in there),
            square=st.b.sq[c][here] if st.b.on_loop(here) else None)


def finish_move(st) -> None:
    """End the move: the stack it forms, the last move remembered, and a win (the game is
    then over, phase ``over``: AC-FAM-GOAL-1, AC-TOUR-WIN-1)."""
    ctx = st.ctx
    st.ctx = None
    if st.r.tour and st._record:
        _announce_stack(st, ctx)
    st.last = {"seat": ctx["seat"], "pieces": group_name(ctx["mask"], ctx["seat"]).split("+"),
               "steps": ctx["steps"]}
    st.phase = "move"
    finish.check_win(st, ctx["seat"])
