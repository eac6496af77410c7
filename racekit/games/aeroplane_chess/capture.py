"""Captures: where a piece comes to rest, optionally where it passes, and on the dashed line.

Family: landing on opponents' planes sends all of them back to their take-off
point (AC-FAM-CAPTURE-3, AC-AMB-10); passing captures only under
``capture_mode=pass_and_land`` (AC-FAM-CAPTURE-1/2, AC-AMB-03).
Tournament: a single enemy piece goes back to base (AC-TOUR-CAPTURE-1); on a
stack the arriving group's size is compared with the stack's (AC-AMB-16):
fewer arrivals send everything on the square back (AC-TOUR-CAPTURE-2), as many
or more send only the stack back (AC-TOUR-CAPTURE-3). Only loop squares are
capture sites (spec section 1, AC-AMB-20). Captures happen at every square
where a piece comes to rest: die landing, jump landing, fly landing (AC-AMB-17).
"""
from __future__ import annotations

from .actions import bits, piece_name


def occupants(st, sq: int, exclude: int = 0) -> list[int]:
    """Pieces (not in ``exclude``) on loop square ``sq``."""
    pos, bsq, top = st.pos, st.b.sq, st.b.loop_steps
    # loop squares: path steps 1..top and the pre-entry codes below the base (-1), AC-AMB-27
    return [q for q in range(len(pos)) if not (exclude >> q) & 1
            and (1 <= pos[q] <= top or pos[q] < -1) and bsq[q >> 2][pos[q]] == sq]


def where_to(st) -> str:
    return "takeoff" if st.r.captured_to == 0 else "base"


def send_back(st, pieces, by_seat: int, square: int, clauses, **data) -> None:
    """Send ``pieces`` back to the capture destination (AC-AMB-07)."""
    dest = st.r.captured_to
    for q in pieces:
        st.pos[q] = dest
    if not st._record:
        return
    seats = [by_seat] + sorted({q >> 2 for q in pieces} - {by_seat})
    st.emit("capture", seats, clauses, pieces="+".join(piece_name(q) for q in pieces), square=square,
            to=where_to(st), **data)


def at_rest(st, ctx) -> str | None:
    """Resolve the square where the moving group came to rest.

    Returns ``"ask"`` when an optional capture waits for the mover's decision
    (``ctx['effect']`` is set), ``"gone"`` when the moving group itself was
    sent back (AC-TOUR-CAPTURE-2), else ``None``.
    """
    c, mask = ctx["seat"], ctx["mask"]
    ref = st.pos[ctx["ref"]]
    sq = st.b.sq[c][ref]
    occ = occupants(st, sq, mask)
    if not occ:
        return None
    if not st.r.tour:
        return _family_landing(st, ctx, occ, sq, ref)
    return _tournament_landing(st, ctx, occ, sq, ref)


def _family_landing(st, ctx, occ, sq: int, ref: int) -> str | None:
    """Family: every opponent's plane on the square goes back (AC-FAM-CAPTURE-3, AC-AMB-10)."""
    r, c = st.r, ctx["seat"]
    enemies = [q for q in occ if q >> 2 != c]          # AC-AMB-10: own planes may share
    if not enemies or r.capture == "none":
        return None
    if r.optional:                                     # AC-AMB-06: the player may decline
        ctx["effect"] = ("capture", tuple(enemies))
        return "ask"
    clauses = ["AC-FAM-CAPTURE-3"] + (["AC-AMB-10"] if len(enemies) > 1 else [])
    send_back(st, enemies, c, sq, clauses, by=_names(ctx["mask"]), step=ref)
    return None


def _tournament_landing(st, ctx, occ, sq: int, ref: int) -> str | None:
    """Tournament: a single enemy piece, or a stack compared with the arriving group's size
    (AC-TOUR-CAPTURE-1/2/3, AC-AMB-16)."""
    r, c, mask = st.r, ctx["seat"], ctx["mask"]
    names = _names(mask)
    g = len(bits(mask))
    side = r.side
    enemies = [q for q in occ if side[q >> 2] != side[c]]
    friends = [q for q in occ if side[q >> 2] == side[c]]
    e = len(enemies)
    # the stack announcement (AC-TOUR-STACK-1) is made where the move ends (move.finish_move)
    if e == 1:
        if r.optional:                                     # AC-AMB-06
            ctx["effect"] = ("capture", tuple(enemies))
            return "ask"
        send_back(st, enemies, c, sq, ["AC-TOUR-CAPTURE-1"], by=names, step=ref)
    elif e >= 2 and g < e:
        # AC-TOUR-CAPTURE-2: fewer arrivals than the stack: everything on the square goes back
        everyone = enemies + friends + bits(mask)
        send_back(st, everyone, c, sq, ["AC-TOUR-CAPTURE-2", "AC-AMB-16", "AC-AMB-07"],
                  by=names, step=ref, arriving=g, stack=e)
        return "gone"
    elif e >= 2:
        # AC-TOUR-CAPTURE-3: as many or more arrivals: the stack goes back, the arrivals stay
        send_back(st, enemies, c, sq, ["AC-TOUR-CAPTURE-3", "AC-AMB-16"], by=names, step=ref,
                  arriving=g, stack=e)
    return None


def _names(mask: int) -> str:
    """The moving group's plane names, lowest first: ``R1+R3``."""
    return "+".join(piece_name(q) for q in bits(mask))


def confirm(st, ctx, victims, yes: bool) -> None:
    """Apply or decline an optional capture (AC-AMB-06)."""
    c = ctx["seat"]
    ref = st.pos[ctx["ref"]]
    sq = st.b.sq[c][ref]
    names = _names(ctx["mask"])
    if yes:
        clauses = ["AC-TOUR-CAPTURE-1" if st.r.tour else "AC-FAM-CAPTURE-3", "AC-AMB-06"]
        send_back(st, list(victims), c, sq, clauses, by=names, step=ref)
    else:
        st.emit("decline", [c], ["AC-AMB-06"], effect="capture",
                pieces="+".join(piece_name(q) for q in victims), square=sq)


def passing(st, ctx, step: int) -> None:
    """Capture on a square the die walk passes (``pass_and_land``, AC-AMB-03 / AC-AMB-04)."""
    r, c, mask = st.r, ctx["seat"], ctx["mask"]
    sq = st.b.sq[c][step]
    occ = occupants(st, sq, mask)
    if not occ:
        return
    names = _names(mask)
    if not r.tour:
        enemies = [q for q in occ if q >> 2 != c]
        if enemies:
            send_back(st, enemies, c, sq, ["AC-FAM-CAPTURE-1", "AC-AMB-03"], by=names, step=step,
                      passing=True)
        return
    enemies = [q for q in occ if r.side[q >> 2] != r.side[c]]
    # passing never destroys the mover: only a stack no bigger than the group is sent back
    if enemies and len(enemies) <= len(bits(mask)):
        send_back(st, enemies, c, sq, ["AC-AMB-04", "AC-TOUR-CAPTURE-1" if len(enemies) == 1
                                       else "AC-TOUR-CAPTURE-3"], by=names, step=step, passing=True)


def fly_path(st, ctx) -> None:
    """House rule ``capture_on_fly_path`` (AC-AMB-17): the dashed line crosses a home column.

    The square crossed is computed from the board layout (the opposite colour's
    3rd home square on standard52); a single enemy plane there is sent back.
    """
    cross = st.b.crossing.get(ctx["seat"])
    if cross is None:
        return
    seat, step = cross
    if seat >= st.r.n or st.r.side[seat] == st.r.side[ctx["seat"]]:
        return
    there = [q for q in range(4 * seat, 4 * seat + 4) if st.pos[q] == step]
    if len(there) == 1:
        send_back(st, there, ctx["seat"], None, ["AC-AMB-17"],
                  by=_names(ctx["mask"]), home_step=step, crossing=True)
