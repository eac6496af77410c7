"""Rolls, extra rolls, gifts and the turn order.

Players take turns rolling one die (AC-FAM-TURN-1); in the tournament red
starts and play goes red, green, blue, yellow (AC-TOUR-TURN-1, AC-AMB-12); the
family first player is drawn at random and play goes clockwise (AC-AMB-09).
A roll with no legal move passes (AC-BOTH-MOVE-2); when a move exists one must
be made (AC-AMB-15). Tournament sixes chain (AC-TOUR-SIX-1): after moving on a
6 the roller keeps the extra roll or gives it to the teammate
(AC-TOUR-SIX-2, AC-AMB-13); the seating order does not change (AC-TOUR-SIX-3);
a player whose own planes are all home neither continues nor gives
(AC-TOUR-SIX-1, AC-TOUR-SIX-4) and skips later turns (AC-AMB-14).
"""
from __future__ import annotations

from .actions import bits, piece_name
from .finish import all_home


def can_play(st, seat: int) -> bool:
    """May ``seat`` take a regular turn? (AC-AMB-14, AC-AMB-22)"""
    if not all_home(st, seat):
        return True
    return st.r.partner_rolls and not all_home(st, st.r.mate[seat])


def roll(st, d: int) -> bool:
    """Record the roller's die ``d`` and count bonus faces (``bonus_face``) in a row; True when
    it is the ``penalty_sixes``-th under ``three_sixes_penalty`` (then the penalty is applied,
    AC-AMB-23)."""
    r = st.r
    st.die = d
    st.fin_this_roll = False
    if st._record:                    # events' seats and clauses: built only when kept
        st.emit("roll", [st.roller], ["AC-FAM-TURN-1"] if not r.tour else ["AC-TOUR-TURN-1"], die=d)
    if d == r.bonus_face:
        if r.penalty and st.sixes >= r.penalty_sixes - 1:
            _penalty(st)
            return True
        st.sixes += 1
    else:
        st.sixes = 0
        st.six_moved = 0
    return False


def no_move(st) -> None:
    """The roll has no legal move: it passes (AC-BOTH-MOVE-2)."""
    if st._record:
        clauses = ["AC-BOTH-MOVE-2"]
        if st.r.tour and all(st.pos[p] == -1 for p in range(4 * st.roller, 4 * st.roller + 4)):
            clauses.append("AC-TOUR-LAUNCH-1")
        st.emit("pass", [st.roller], clauses, die=st.die)


def _penalty(st) -> None:
    """House rule (AC-AMB-23): the ``penalty_sixes``-th bonus face in a row sends back the
    planes the ones before it moved."""
    fin, dest = st.b.finish, st.r.captured_to
    back = [p for p in bits(st.six_moved) if st.pos[p] != fin and st.pos[p] != dest]
    for p in back:
        st.pos[p] = dest
    st.emit("penalty", [st.roller], ["AC-AMB-23"], pieces="+".join(piece_name(p) for p in back),
            to="takeoff" if dest == 0 else "base", count=st.r.penalty_sixes,
            face=st.r.bonus_face)
    st.prev = {"seat": st.roller, "die": st.die, "all_home": all_home(st, st.roller)}


def extra_roll(st, moved: bool) -> str | None:
    """After the roll's move (or pass): is there an extra roll? Emits the events.

    Returns ``"bonus"`` when the roller keeps or gives it (AC-TOUR-SIX-2), ``"roll"`` when
    the roller rolls again, ``None`` when the turn is over.
    """
    r = st.r
    d, m = st.die, st.roller
    done = all_home(st, m)
    st.prev = {"seat": m, "die": d, "all_home": done}
    six = d == r.bonus_face and r.six != "none" and (moved or r.six_no_move)      # AC-TOUR-SIX-1, AC-AMB-15
    fin = r.finish_bonus and st.fin_this_roll                           # AC-AMB-11
    if not (six or fin):
        return None
    if done:
        # AC-TOUR-SIX-1: the chain stops once the roller's own planes are home; AC-TOUR-SIX-4: no gift
        st.emit("chain_end", [m], ["AC-TOUR-SIX-1", "AC-TOUR-SIX-4"], reason="all planes home")
        return None
    clauses = (["AC-TOUR-SIX-1"] if six else []) + (["AC-AMB-11"] if fin else [])
    if six and not moved:
        clauses.append("AC-AMB-15")
    mate = r.mate[m]
    if six and r.six == "chained_giftable" and mate is not None and not all_home(st, mate):
        st.emit("extra_roll", [m], clauses, choice=True)
        return "bonus"                                                  # AC-TOUR-SIX-2
    st.emit("extra_roll", [m], clauses, choice=False)
    return "roll"


def keep(st) -> None:
    st.emit("keep", [st.roller], ["AC-TOUR-SIX-2", "AC-AMB-13"])


def give(st, to: int) -> None:
    """Hand the extra roll to the teammate (AC-TOUR-SIX-2); the seating order stays (AC-TOUR-SIX-3)."""
    st.emit("gift", [st.roller, to], ["AC-TOUR-SIX-2", "AC-TOUR-SIX-3", "AC-AMB-13"])
    st.roller = to
    st.gifted = True
    st.sixes = 0
    st.six_moved = 0


def next_turn(st) -> None:
    """The regular turn passes to the next seat in order that can play."""
    r = st.r
    order = r.order
    i = order.index(st.turn)
    gifted = st.gifted
    st.gifted = False
    for k in range(1, len(order) + 1):
        s = order[(i + k) % len(order)]
        if can_play(st, s):
            break
        st.emit("skip", [s], ["AC-AMB-14"] if r.tour else ["AC-AMB-22"])
    st.turn = st.roller = s
    st.sixes = 0
    st.six_moved = 0
    st.turns += 1
    if r.turn_limit and st.turns >= r.turn_limit * r.n:
        # the turn_limit option (not a rule): every seat has had turn_limit turns
        st.capped = True
        st.phase = "over"
        if st._record:
            st.emit("turn_limit", [], (), rounds=r.turn_limit)
        return
    if st._record:
        clauses = ["AC-TOUR-TURN-1", "AC-AMB-12"] if r.tour else ["AC-FAM-TURN-1", "AC-AMB-09"]
        if gifted:
            clauses.append("AC-TOUR-SIX-3")
        st.emit("turn", [s], clauses)
