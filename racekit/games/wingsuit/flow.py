"""The turn flow of Wingsuit Flight, declared in one place (WS-GEN-2).

    deal (chance) -> [queue order] -> start cells -> round:
        plan (each seat commits, secret) -> reveal
        -> [2 players: two neutral rolls (chance)] -> interference
        -> action order (+ white-die rolls for ties, chance)
        -> action phase (seats in order; interrupts: bag draws (chance), cube returns,
           crash placements) -> end? (WS-END-3) -> cleanup (lay card, updraft) -> next round

:func:`settle` runs every automatic step until a decision or a chance outcome
is needed, then sets ``st._cp``. :func:`apply` routes one action to the phase
module that owns it. Phase modules never import this one (no cycles).
"""
from __future__ import annotations

from racekit.core.state import CHANCE, TERMINAL

from . import act, cleanup, interfere, move, order, plan, setup
from . import actions as A


def settle(st) -> None:
    st._lc = None
    while True:
        if st.intr:
            kind = st.intr[0][0]
            if kind == "draw":
                if sum(st.bag) == 0:  # WS-AMB-18: nothing is drawn
                    s = st.intr.pop(0)[1]
                    if st._record:
                        st.emit("bag_empty", [s], ("WS-AMB-18",))
                    continue
                st._cp = CHANCE
                return
            if kind == "return":
                s = st.intr[0][1]
                held = [c for c in range(3) if st.cubes[s][c]]
                if len(held) == 1:
                    _return(st, s, held[0])
                    continue
                st._cp = s
                return
            if kind == "place":
                s, card = st.intr[0][1], st.intr[0][2]
                cands, clause = move.placement_candidates(st, s, card)
                if len(cands) == 1:
                    st.intr.pop(0)
                    move.place(st, s, cands[0], clause)
                    continue
                st.place_cands = (cands, clause)
                st._cp = s
                return
        ph = st.ph
        if ph == "deal":
            st._cp = CHANCE
            return
        if ph in ("queue_order", "start"):
            st._cp = setup.chooser(st)
            return
        if ph == "plan":
            if st.round > st.o.max_rounds:
                finish(st, capped=True)
                return
            st._cp = st.plan_next
            return
        if ph == "neutral":
            if len(st.rolls) >= 2:
                st.ph = "interfere"
                continue
            st._cp = CHANCE
            return
        if ph == "interfere":
            interfere.run(st)
            continue
        if ph == "order":
            order.start(st)
            continue
        if ph == "tie":
            st._cp = CHANCE
            return
        if ph == "action":
            if _action_step(st):
                return
            continue
        if ph == "cleanup":
            if cleanup.run(st):
                if st.lay is not None:
                    st._cp = st.lay[0]
                elif st.rise_q:
                    st._cp = st.rise_q[0]
                else:
                    continue
                return
            continue
        if ph == "end":
            st._cp = TERMINAL
            return
        raise RuntimeError(f"unknown phase {ph!r}")


def _action_step(st) -> bool:
    """One automatic step of the Action phase; True when a decision is needed (``_cp`` set)."""
    if st.free is not None:
        if st.pos[st.free[0]] < 0:
            st.free = None
            return False
        st._cp = st.cp_seat = st.free[0]
        return True
    if st.pend:
        s = st.pend_owner
        if act.has_choice(st, s):
            st._cp = st.cp_seat = s
            return True
        act.run_token(st)
        return False
    if st.gift is not None:
        act.finish_gift(st)
        return False
    a = st.actor
    if a >= 0 and (st.done[a] or st.pos[a] < 0):
        _end_action(st, a)
        return False
    if a < 0:
        nxt = order.next_actor(st)
        if nxt < 0:
            end_action_phase(st)
            return False
        st.actor = nxt
        if st._record:
            st.emit("turn", [nxt], ("WS-ACT-ORDER-1", "WS-ACT-4"), altitude=st.alt[nxt],
                    at=st.board.label(st.pos[nxt]))
        return False
    if st.has_dice(a) or act.sprint_window(st, a) or act.item_window(st, a):
        st._cp = st.cp_seat = a
        return True
    st.done[a] = True
    return False


def _end_action(st, a: int) -> None:
    st.rear[a] = 0  # the start sprints are lost once the first action is over (WS-AMB-27)
    st.actor = -1
    st.pend = []
    st.pend_owner = -1


def end_action_phase(st) -> None:
    for s in range(st.n):
        st.rear[s] = 0  # the start sprints live only in the first action phase (WS-AMB-27)
    if st.end_triggered:
        finish(st)
        return
    if st.o.max_rounds and st.round >= st.o.max_rounds:
        finish(st, capped=True)
        return
    cleanup.begin(st)


def finish(st, capped: bool = False) -> None:
    st.capped = capped
    st.ph = "end"
    st._cp = TERMINAL
    if st._record:
        st.emit("game_over", [], ("WS-END-3", "WS-END-4", "WS-AMB-24")
                + (("WS-AMB-34",) if capped else ()), ranking=st.ranking(),
                scores={str(s): st.score[s] for s in range(st.n) if st.exited[s]}, capped=capped)


def _return(st, s: int, colour: int) -> None:
    st.intr.pop(0)
    st.cubes[s][colour] -= 1
    st.bag[colour] += 1
    if st._record:
        st.emit("return_cube", [s], ("WS-ITEM-2",), colour=A.COLOURS[colour])


def apply(st, a: int) -> None:
    """Route one action (decision or chance outcome) to its phase module, then settle."""
    if st.intr:
        kind = st.intr[0][0]
        if kind == "draw":
            s = st.intr.pop(0)[1]
            move.draw_cube(st, s, a - A.CUBE)
        elif kind == "return":
            _return(st, st.intr[0][1], a - A.RETURN)
        else:
            _, s, card = st.intr.pop(0)
            move.place(st, s, a - A.HEX, st.place_cands[1])
        settle(st)
        return
    ph = st.ph
    if ph == "deal":
        setup.apply_deal(st, a)
    elif ph in ("queue_order", "start"):
        setup.apply_choice(st, a)
    elif ph == "plan":
        plan.commit(st, a - A.PLAN)
    elif ph == "neutral":
        interfere.place_neutral(st, a)
    elif ph == "tie":
        order.apply_tie(st, a)
    elif ph == "action":
        act.apply(st, a)
    elif ph == "cleanup":
        if st.lay is not None:
            cleanup.apply_lay(st, a - A.LAY)
        else:
            cleanup.apply_rise(st, a == A.RISE)
    settle(st)


def legal(st) -> list[int]:
    if st.intr:
        kind, s = st.intr[0][0], st.intr[0][1]
        if kind == "return":
            return [A.RETURN + c for c in range(3) if st.cubes[s][c]]
        if kind == "place":
            return sorted(A.HEX + h for h in st.place_cands[0])
        return []
    ph = st.ph
    if ph in ("queue_order", "start"):
        return setup.legal(st)
    if ph == "plan":
        return plan.legal(st)
    if ph == "action":
        return act.legal(st)
    if ph == "cleanup":
        if st.lay is not None:
            return [A.LAY + b for b in st.lay[2]]
        if st.rise_q:
            return [A.RISE, A.STAY]
    return []


def chance_outcomes(st) -> list[tuple[int, float]]:
    if st.intr and st.intr[0][0] == "draw":
        total = sum(st.bag)
        return [(A.CUBE + c, st.bag[c] / total) for c in range(3) if st.bag[c]]
    ph = st.ph
    if ph == "deal":
        return setup.deal_outcomes(st)
    if ph in ("neutral", "tie"):
        return [(v, 1 / 6) for v in range(1, 7)]
    return []
