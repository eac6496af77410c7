"""Step 2: speed, drift, the move, the equal-dogs bonus and the hazards.

ST-SPEED-1/2, ST-SPEED-EX-1, ST-DRIFT-1..5, ST-MOVE-1, ST-BONUS-1/2,
ST-LIMIT-1/2, ST-WALL-1, ST-BLOCK-1, ST-END-2 (crossing the finish line),
and the ambiguities ST-AMB-03..10, 16, 18, 21, 22.

The normal move is one decision: the sequence of F / DL / DR steps
(action ids in :mod:`.actions`). Every sequence of ``speed`` steps with
exactly the capped drift toward the stronger dog is legal; the player picks
when to drift (ST-DRIFT-4). What follows each part of the move is the turn
flow's (:mod:`.flow`).
"""
from __future__ import annotations

from racekit.boards.lane import WALL

from . import actions as A
from . import refill
from .consts import CROSSED, P_BONUS, P_MOVE, RACING

_FWD = (A.F,)


def start(st) -> bool:
    """After step 1: speed and drift; True when the sled moves (the player then picks the step
    sequence), False when the speed is below 1 (ST-SPEED-2)."""
    s = st._cp
    L, R, B = st.left[s], st.right[s], st.brake[s]
    speed = L + R - B  # ST-SPEED-1 (ST-AMB-18: 3 + 5 - 3 = 5)
    st.speed = speed
    st.moved = 0
    diff = L - R
    if speed >= 1:
        # ST-DRIFT-1: |L - R| toward the stronger dog; ST-DRIFT-3: never more than the speed
        drift = diff if diff >= 0 else -diff
        if drift > speed:
            drift = speed
        st.drift = drift
        st.ddir = A.DL if diff > 0 else A.DR  # ST-AMB-21: left/right as set by the flags
        if st._record:
            clauses = ["ST-SPEED-1", "ST-DRIFT-1", "ST-DRIFT-3"] + (["ST-AMB-21"] if drift else [])
            st.emit("speed", [s], clauses, speed=speed,
                    drift=drift, side="left" if diff > 0 else "right" if diff < 0 else "neither side")
        return True
    # ST-SPEED-2: below 1 the sled stays where it is
    st.drift = 0
    st.ddir = A.DR
    if st._record:
        st.emit("no_move", [s], ["ST-SPEED-2"], speed=speed)
    return False


def legal_moves(st) -> list[int]:
    # ST-DRIFT-4/5: every placement of exactly the capped drift among the steps
    return A.MOVES[(st.speed, st.drift, st.ddir)][:]


def why_move(st, action):
    steps = A.steps_of(action)
    if len(steps) != st.speed:
        return "ST-SPEED-1", f"the speed is {st.speed} (L{st.left[st._cp]} + R{st.right[st._cp]} - " \
                             f"B{st.brake[st._cp]}), so the sequence has {st.speed} steps"
    wrong = A.DR if st.ddir == A.DL else A.DL
    if st.drift == 0 and any(steps):
        return "ST-DRIFT-1", "the dogs pull equally, so the sled does not drift"
    if wrong in steps:
        side = "left" if st.ddir == A.DL else "right"
        return "ST-DRIFT-1", f"the sled drifts toward the stronger dog, to the {side}"
    n = sum(1 for d in steps if d)
    if n > st.drift:
        return "ST-DRIFT-3", f"the drift is {st.drift}; it can never be more"
    return "ST-DRIFT-5", (f"drift is compulsory: exactly {st.drift} drift "
                          f"step{'' if st.drift == 1 else 's'}")


def apply_move(st, action) -> None:
    """The normal move: the chosen steps (ST-DRIFT-4/5, ST-AMB-09)."""
    steps = A.STEPS[action]   # a legal sequence
    if st._record:
        st.emit("move_plan", [st._cp], ["ST-DRIFT-4", "ST-DRIFT-5", "ST-AMB-09"],
                steps=" ".join(A.STEP_NAMES[d] for d in steps))
    run(st, steps)


def run(st, steps, bonus: int = 0) -> None:
    """Walk the steps; stop at a wall, a sled or the end of the track.

    The walk first moves the sled; then, so that the event log reads in order,
    the ``move`` event is emitted, followed by what happened on the way and at
    its end: line crossings (with any speed-limit damage), then the stop and
    its damage. ``bonus`` is the bonus taken (0 for the normal move).
    """
    s = st._cp
    tr = st.track
    path, hits, stop, done = _walk(st, s, steps)
    if path is not None and len(path) > 1:
        # ST-MOVE-1: ``moved`` counts the squares of this part (path length - 1);
        # ``speed`` is the turn's planned speed, bonus included
        st.emit("move", [s], ["ST-MOVE-1", "ST-DRIFT-2"] + (["ST-BONUS-2"] if bonus else []),
                path=path, moved=done, planned=len(steps), bonus=bonus,
                speed=(st.speed if st.speed > 0 else 0) + st.bonus_taken)
    for lines, moved in hits:
        for li in lines:
            _crossed(st, s, tr.lines[li], moved)
    if stop is not None:
        _stopped(st, s, stop, done)


def _walk(st, s, steps):
    """Move ``s`` square by square (ST-MOVE-1, ST-DRIFT-2) until the steps run out or the next
    square is off the track, taken or past the end.

    Returns ``(path, hits, stop, done)``: the squares passed (``[row, lane]``; None when
    no events are recorded), the lines crossed ``(line indices, squares moved this turn)``,
    the stop ``(kind, step, other seat)`` or None, and the squares moved in this part.
    """
    tr = st.track
    nb, cross, occ = tr.nb, tr.cross, st.occ
    p = st.pos[s]
    rec = st._record
    path = [tr.position(p)] if rec else None
    hits = []
    stop = None
    done = 0
    for d in steps:
        t = nb[p][d]
        if t < 0:
            # ST-WALL-1 (target off the track) or ST-AMB-16 (end of the finish tile)
            stop = ("wall" if t == WALL else "end", d, -1)
            break
        if occ[t] >= 0:
            stop = ("sled", d, occ[t])  # ST-BLOCK-1: the target square holds a sled
            break
        lines = cross[p][d]
        occ[p] = -1
        occ[t] = s
        p = t
        st.moved += 1
        done += 1
        if rec:
            path.append(tr.position(p))
        if lines:
            hits.append((lines, st.moved))
    st.pos[s] = p
    return path, hits, stop, done


def _stopped(st, s, stop, done) -> None:
    """What stopping short costs: a wall (ST-WALL-1), a sled (ST-BLOCK-1), the track's end."""
    kind, d, other = stop
    tr = st.track
    p = st.pos[s]
    rec = st._record
    if kind == "wall":
        # ST-WALL-1 / ST-AMB-09: the target is off the track: stop, wall_damage
        st.stopped = True
        st.walled[s] = True
        if rec:
            st.emit("wall", [s], ["ST-WALL-1", "ST-AMB-09"], position=tr.position(p),
                    step=A.STEP_NAMES[d], moved=done)
        refill.take_damage(st, s, st.p.wall_damage, ["ST-WALL-1"], "wall")
    elif kind == "sled":
        # ST-BLOCK-1 / ST-AMB-09: the target square holds a sled: stop
        st.stopped = True
        st.blocked[s] = True
        if rec:
            st.emit("blocked", [s, other], ["ST-BLOCK-1", "ST-AMB-09"],
                    position=tr.position(p), by=other, step=A.STEP_NAMES[d], moved=done)
        if st.o.collision_damage:
            refill.take_damage(st, s, st.o.collision_damage, ["ST-BLOCK-1", "ST-AMB-10"],
                               "collision")
    elif rec:
        # ST-AMB-16: no square left on the finish tile: stop, no damage
        st.emit("end_of_track", [s], ["ST-AMB-16"], position=tr.position(p), moved=done)


def _crossed(st, s, line, moved) -> None:
    """A line crossed by ``s`` after ``moved`` squares of this turn."""
    if line.kind == "finish":
        # ST-END-2: the sled has crossed; it keeps moving (ST-AMB-16)
        if st.status[s] == RACING:
            st.status[s] = CROSSED
            st.fin_round[s] = st.round
            if st._record:
                st.emit("cross_finish", [s], ["ST-END-2", "ST-AMB-16"], round=st.round)
        return
    # ST-LIMIT-1/2: a speed-limit line
    planned = (st.speed if st.speed > 0 else 0) + st.bonus_taken
    st.crossings.append((line.index, line.value, moved, planned))
    if st._record:
        st.emit("limit_line", [s], ["ST-LIMIT-1"], limit=line.value, speed=planned)
    if st.o.limit_at_crossing:  # ST-AMB-08 at_crossing
        count = planned if st.o.limit_planned else moved
        _penalise(st, s, line.value, count)


def _penalise(st, s, limit, count) -> None:
    over = count - limit
    if over <= 0:
        return
    if not st.o.limit_each:
        if st.limit_paid:
            return
        st.limit_paid = True
    if st._record:
        st.emit("over_limit", [s], ["ST-LIMIT-2", "ST-AMB-07", "ST-AMB-08"], limit=limit,
                speed=count, over=over)
    refill.take_damage(st, s, over * st.p.limit_damage, ["ST-LIMIT-2"], "speed limit")


def bonus_allowed(st, s) -> bool:
    """ST-BONUS-1 with ST-AMB-03 (round 1), ST-AMB-04 (no normal move), ST-AMB-22 (after a stop)."""
    if st.left[s] != st.right[s]:
        return False
    o = st.o
    if st.round == 1 and not o.bonus_round1:
        return False
    if st.speed < 1 and o.bonus_requires_move:
        return False
    if st.stopped and not o.bonus_after_stop:
        return False
    return True


def offer_bonus(st) -> bool:
    """After the normal move: True when the equal-dogs bonus is on offer (ST-BONUS-1)."""
    s = st._cp
    if not bonus_allowed(st, s):
        return False
    st.bonus = st.tidx + 1  # ST-AMB-06: the index in this round's turn sequence
    if st._record:
        st.emit("bonus_offered", [s], ["ST-BONUS-1", "ST-AMB-06"], bonus=st.bonus)
    return True


def _free_run(st, s) -> int:
    """How many squares straight ahead are free (for ST-AMB-22 refuse_if_blocked)."""
    nb, occ = st.track.nb, st.occ
    p = st.pos[s]
    k = 0
    while k < st.bonus:
        t = nb[p][0]
        if t < 0 or occ[t] >= 0:
            break
        p = t
        k += 1
    return k


def legal_bonus(st) -> list[int]:
    k = st.bonus
    o = st.o
    top = k
    if o.bonus_refuse:
        top = _free_run(st, st._cp)
    if o.bonus_partial:  # ST-AMB-05
        return A.BONUS_IDS[top][:]
    return [A.bonus_id(0), A.bonus_id(k)] if top == k else [A.bonus_id(0)]


def why_bonus(st, action):
    k = A.decode(action)[1]
    if st.ph != P_BONUS:
        if st.ph == P_MOVE or st.ph < P_MOVE:
            return "ST-TURN-1", "the bonus comes after the normal move"
        return "ST-BONUS-1", "no bonus is on offer now (the dogs must be equal)"
    if k > st.bonus:
        return "ST-BONUS-1", f"the bonus equals the position in this round's order: {st.bonus}"
    if k != st.bonus and not st.o.bonus_partial:
        return "ST-AMB-05", f"the bonus is all or nothing: +{st.bonus} or decline"
    return "ST-AMB-22", "a sled or the track end blocks the bonus squares"


def apply_bonus(st, action) -> None:
    """Take the bonus squares or decline them (ST-BONUS-1/2)."""
    s = st._cp
    k = A.decode(action)[1]
    if k:
        # ST-BONUS-1/2: straight ahead; the squares count as extra speed
        st.bonus_taken = k
        if st._record:
            st.emit("bonus_taken", [s], ["ST-BONUS-1", "ST-BONUS-2", "ST-AMB-05", "ST-AMB-22"],
                    bonus=k, speed=(st.speed if st.speed > 0 else 0) + k)
        run(st, _FWD * k, bonus=k)
    elif st._record:
        st.emit("bonus_declined", [s], ["ST-BONUS-2"], bonus=st.bonus)


def finish_move(st) -> None:
    """ST-AMB-07/08: note the move, settle speed-limit damage at the end of the move."""
    o = st.o
    s = st._cp
    st.last[s] = ((st.speed if st.speed > 0 else 0) + st.bonus_taken, st.moved, st.bonus_taken)
    if st.crossings and not o.limit_at_crossing:
        planned = (st.speed if st.speed > 0 else 0) + st.bonus_taken
        count = planned if o.limit_planned else st.moved
        if o.limit_each:
            for _, limit, _, _ in st.crossings:
                _penalise(st, s, limit, count)
        else:
            _penalise(st, s, min(c[1] for c in st.crossings), count)
