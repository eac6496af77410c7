"""The round timeline (LM-ROUND-5) and the one table of tasks and prompts.

The game runs as a stack of *tasks* (tuples ``(name, *args)``). :func:`run` pops tasks until
one of them asks a question: a decision (``st.ask``) or a chance node (``st.chance``). Every
other module pushes tasks by name, so nothing imports this module but the state.

One round (LM-ROUND-5):
    round_start  -> clear once-per-round flags, revivals (LM-FAINT-3), Bear refills
                    (LM-EVENT-07), fix the play order (LM-ORDER-1..4)
    turns i      -> play turn of order[i] (LM-ROUND-1/2), then an any-time window
                    (LM-AMB-12); the window after the last turn is the pre-move window
    movement     -> totals, lockstep ticks, arrivals ranked, Sonic Rainboom faints
                    (LM-ROUND-3, LM-MOVE-1, LM-AMB-06, LM-AMB-47)
    draws        -> one card per square moved, in play order (LM-ROUND-4, LM-DRAW-1/2, LM-AMB-39)
    round_end    -> buff C, modifiers expire, then the next round, the leg change
                    (LM-LEG-5) or the end (LM-END-1); the engine guard ``max_rounds``.

Chance model: a shuffle of the draw pile is not a node of its own. Every card drawn is one chance
node over the card types left in the pile, with probability count / pile size; since cards of a type
are identical (LM-DATA-7) this is the same distribution as shuffling and drawing from the top, and a
reshuffle of the discard pile (LM-DRAW-2) just turns its counts into the pile's.

Decision prompts: turn, window, select, target, count, resin, scav_mode, friend, revive,
keep_char, keep_armor, keep_buff. Chance prompts: order_die, draw, d20, die, blind, deal.
"""
from __future__ import annotations

from . import actions as A
from . import d20, finish, legs, move, order, setup, turn
from . import stats as S


# ----- the round ------------------------------------------------------------------------
def task_round_start(st) -> None:
    ready = st.order_ready
    st.order_ready = False
    for s in range(st.n):
        st.did23[s] = st.did_shed[s] = False
        st.returning[s] = False
    st.emit("round_start", [], ("LM-ROUND-5",), round=st.round, leg=st.leg + 1)
    # a pony that fainted on the finish waits for the leg change (LM-AMB-38, LM-AMB-47)
    tasks = [("revive", s) for s in range(st.n) if st.faint[s] and not st.finished[s]]
    tasks.append(("bear_refill",))
    if not ready:
        tasks.append(("fix_order",))
    tasks.append(("turns", 0))
    st.push_seq(*tasks)


def task_revive(st, s) -> None:
    """LM-FAINT-2/3, LM-AMB-18: the round after a faint is skipped; then revive at half now
    (rounded up) or wait one more round for full."""
    f = st.faint[s]
    if f == 1:
        st.faint[s] = 2
        st.emit("sits_out", [s], ("LM-FAINT-2",), round=st.round)
    elif f == 2:
        st.ask("revive", s)
    elif f == 3:
        _revive(st, s, S.max_stamina(st, s), ("LM-FAINT-3",))


def _revive(st, s, stamina, clauses) -> None:
    st.faint[s] = 0
    st.stamina[s] = stamina
    st.returning[s] = True
    st.emit("revived", [s], tuple(clauses) + ("LM-ORDER-3", "LM-AMB-23"), stamina=stamina)


def revive(st, s, now: bool) -> None:
    if now:
        _revive(st, s, S.ceil_half(S.max_stamina(st, s)), ("LM-FAINT-3", "LM-AMB-18"))
    else:
        st.faint[s] = 3
        st.emit("waits", [s], ("LM-FAINT-3", "LM-AMB-18"), round=st.round)


def task_bear_refill(st) -> None:
    """Bear's refill and doubling, the round after it was played (LM-EVENT-07); a pony still
    fainted keeps them for its return (``bear_after_faint = on_return``, LM-AMB-51), and then
    gets them after its revival, whichever return it chose."""
    for s in range(st.n):
        if st.bear_next[s] and not st.faint[s]:
            st.bear_next[s] = False
            st.bear_double[s] = True
            st.stamina[s] = S.max_stamina(st, s)
            st.emit("bear_refill", [s], ("LM-EVENT-07", "LM-AMB-28", "LM-ROUND-5"),
                    stamina=st.stamina[s])


def task_fix_order(st) -> None:
    order.by_position(st)


def has_turn(st, s) -> bool:
    """Fainted, finished and (option next_round) stopped players have no play turn."""
    return not st.finished[s] and not st.faint[s] and not st.stop_skip[s]


def task_turns(st, i) -> None:
    if i >= len(st.order):
        st.push(("movement",))
        return
    s = st.order[i]
    if not has_turn(st, s):
        st.push(("turns", i + 1))
        return
    st.turn_over = False
    st.turn_seat = s
    st.emit("turn_start", [s], ("LM-ROUND-1",), round=st.round)
    st.push_seq(("turn", s), ("window", i), ("turns", i + 1))


def task_turn(st, s) -> None:
    if st.turn_over or st.finished[s] or st.faint[s]:
        if not st.turn_over:
            st.emit("turn_end", [s], ("LM-FAINT-4", "LM-AMB-12"))
        st.turn_over = True
        st.turn_seat = -1
        return
    st.ask("turn", s)


def task_window(st, i) -> None:
    """An any-time window after play turn i (LM-AMB-12); the last is the pre-move window."""
    if not st.o.anytime_window:
        return
    st.win_passed = []
    st.win_next = 0
    st.win_last = i == len(st.order) - 1
    st.push(("poll",))


def _eligible(st, s) -> bool:
    return S.can_play(st, s) and bool(turn.anytime_legal(st, s))


def task_poll(st) -> None:
    k = len(st.order)
    for step in range(k):
        j = (st.win_next + step) % k
        s = st.order[j]
        if s not in st.win_passed and _eligible(st, s):
            st.win_next = (j + 1) % k
            st.ask("window", s, premove=st.win_last)
            return


def task_movement(st) -> None:
    """The movement step (LM-ROUND-3, LM-MOVE-1/2, LM-AMB-06)."""
    totals = {}
    for s in st.order:
        if st.finished[s] or st.faint[s]:
            continue
        if st.stopped[s] or st.stop_skip[s] or st.bear_skip[s] or st.held[s]:
            totals[s] = 0
        else:
            totals[s] = S.movement_total(st, s)
    if st._record:   # the payload (hand weights again) is built only for a recorded event
        st.emit("movement_totals", [], ("LM-ROUND-3", "LM-MOVE-1", "LM-WEIGHT-3", "LM-AMB-06", "LM-AMB-14",
                                        "LM-AMB-43"),
                totals={str(s): v for s, v in totals.items()},
                excess={str(s): S.excess(st, s) for s in totals})
    free = {s for s in totals if st.rainboom[s]}
    if st.o.move_sequential:
        # move_model = sequential_in_play_order: each pony makes its whole move in play order;
        # arrivals still count as one movement step for the tie-breaks (LM-AMB-06)
        moved, arrivals = [0] * st.n, []
        st.last_moves = {}
        for s in totals:
            got, arr, _ = move.run_ticks(st, {s: totals[s]}, free & {s})
            moved[s] = got[s]
            arrivals += arr
    else:
        moved, arrivals, fainted = move.run_ticks(st, totals, free)
    finish.rank_arrivals(st, arrivals)
    for s in st.order:
        if st.rainboom[s]:
            move.faint(st, s, ("LM-EVENT-06", "LM-AMB-47"))
    draws = []
    for s in st.order:
        if s not in totals:
            continue
        k = totals[s] if st.o.draw_total and moved[s] else moved[s]
        if k:
            draws.append(("draw", s, k, "LM-ROUND-4"))
            st.emit("draw_due", [s], ("LM-ROUND-4", "LM-DRAW-1", "LM-AMB-39"), cards=k,
                    squares=moved[s])
    draws.append(("round_end",))
    st.push_seq(*draws)


def task_round_end(st) -> None:
    for s in range(st.n):
        if S.has_buff(st, s, "C") and not st.faint[s] and (st.o.finished_regen or not st.finished[s]):
            if st.stamina[s] < S.max_stamina(st, s) and st.p.buff_c_regen:
                before = st.stamina[s]
                st.stamina[s] = min(S.max_stamina(st, s), before + st.p.buff_c_regen)
                st.emit("buff_c", [s], ("LM-ELEMENT-6", "LM-AMB-20"), stamina=st.stamina[s],
                        gained=st.stamina[s] - before)
        if not st.o.bonus_leg:
            st.acts[s] = 0
        st.bear_double[s] = st.bear_skip[s] = st.held[s] = st.stopped[s] = st.rainboom[s] = False
        st.stop_skip[s] = st.stop_next[s]
        st.stop_next[s] = False
    st.emit("round_end", [], ("LM-ROUND-5",), round=st.round)
    st.round += 1
    st.rounds_played += 1
    if all(st.finished):
        st.push(("leg_change",))
    elif st.rounds_played >= st.o.max_rounds:
        st.capped = True   # the engine's guard or the turn_limit option, not the rules' end
        st.emit("guard", [], ("LM-END-1",), rounds=st.rounds_played)
        st.push(("game_over",))
    else:
        st.push(("round_start",))


# ----- drawing ---------------------------------------------------------------------------
def task_draw(st, s, k, clause) -> None:
    """Draw ``k`` cards one chance node at a time; reshuffle an empty pile (LM-DRAW-2)."""
    if k <= 0:
        return
    if not any(st.pile):
        if not any(st.discard):
            st.emit("draw_lost", [s], ("LM-DRAW-2", "LM-AMB-39"), lost=k)
            return
        st.pile, st.discard = st.discard, [0] * 7
        st.emit("reshuffle", [], ("LM-DRAW-2",), cards=sum(st.pile))
    st.push(("draw", s, k - 1, clause))
    st.chance("draw", s, clause=clause)


def draw_outcomes(st):
    total = sum(st.pile)
    return [(A.DRAW + t, c / total) for t, c in enumerate(st.pile) if c]


def apply_draw(st, action) -> None:
    t = action - A.DRAW
    s = st.ps
    st.pile[t] -= 1
    S.add_to_hand(st, s, t)
    st.emit("draw", [s], (st.pd["clause"],), hand=len(st.hand[s]))


# ----- the table --------------------------------------------------------------------------
TASKS = {
    "round_start": task_round_start, "revive": task_revive, "bear_refill": task_bear_refill,
    "fix_order": task_fix_order, "order_roll": order.task_order_roll, "turns": task_turns,
    "turn": task_turn, "window": task_window, "poll": task_poll, "movement": task_movement,
    "round_end": task_round_end, "draw": task_draw, "d20": d20.task_d20, "event": d20.task_event,
    "blind": d20.task_blind, "trade_back": d20.task_trade_back,
    "rewind_terrain": d20.task_rewind_terrain, "friend": d20.task_friend,
    "leg_change": legs.task_leg_change, "leg_hands": legs.task_leg_hands,
    "leg_keep": legs.task_leg_keep, "keep_armor": legs.task_keep_armor,
    "keep_buff": legs.task_keep_buff, "leg_stamina": legs.task_leg_stamina,
    "game_over": legs.task_game_over,
    "deal": setup.task_deal, "draft_keep": setup.task_draft_keep, "reveal": setup.task_reveal,
    "draft_seq": setup.task_draft_seq, "opening": setup.task_opening, "exchange": setup.task_exchange,
}


def run(st) -> None:
    """Pop tasks until one asks a question or none is left (the game is over)."""
    tasks = st.tasks
    while st.pk is None:
        if not tasks:
            st.pk = "over"
            return
        task = tasks.pop()
        TASKS[task[0]](st, *task[1:])


def legal(st) -> list[int]:
    pk, s, pd = st.pk, st.ps, st.pd
    if pk == "turn":
        return turn.legal(st)
    if pk == "window":
        return sorted([A.PASS] + turn.anytime_legal(st, s))
    if pk == "select":
        out = []
        if len(pd["picked"]) >= pd["min"]:
            out.append(A.DONE)
        if len(pd["picked"]) < pd["max"]:
            rest = list(pd["pool"])
            for c in pd["picked"]:
                rest.remove(c)
            out += sorted({A.PICK + c for c in rest})
        return out
    if pk == "target":
        return [A.TARGET + t for t in pd["cands"]]
    if pk == "count":
        return [A.COUNT + k for k in range(pd["most"] + 1)]
    if pk == "resin":
        ts = [t for t in range(st.n) if S.targetable(st, t) and (t != s or st.o.resin_self)]
        return [A.NO_RESIN] + [A.RESIN + t for t in ts]
    if pk == "scav_mode":
        return list(pd["opts"])
    if pk == "friend":
        have = S.owned(st, s)
        return [A.BUFF + b for b in range(3) if "ABC"[b] not in have]
    if pk == "revive":
        return [A.REVIVE_NOW, A.REVIVE_WAIT]
    if pk == "keep_char":
        return sorted(A.KEEP_CHAR + i for i in st.dealt[s])
    if pk == "keep_armor":
        return [A.KEEP_ARMOR, A.DROP_ARMOR]
    if pk == "keep_buff":
        return [A.KEEP_NO_BUFF] + [A.KEEP_BUFF + "ABC".index(b) for b in legs.keep_options(st, s)]
    return []


def chance_outcomes(st):
    pk = st.pk
    if pk == "draw":
        return draw_outcomes(st)
    if pk in ("order_die",):
        return [(f, 1 / 6) for f in range(1, 7)]
    if pk == "die":
        k = st.pd["sides"]
        return [(f, 1 / k) for f in range(1, k + 1)]
    if pk == "d20":
        return [(f, 1 / 20) for f in range(1, 21)]
    if pk == "blind":
        return d20.blind_outcomes(st)
    if pk == "deal":
        free = setup.undealt(st)
        return [(A.DEAL + i, 1 / len(free)) for i in free]
    return []


def apply(st, action: int) -> None:
    """Apply a decision or chance outcome at the current prompt, then run on."""
    answer(st, action)
    run(st)


def answer(st, action: int) -> None:
    """Apply a decision or chance outcome at the current prompt; the tasks it pushes wait for
    :func:`run` (a prompt that asks again, as a card selection, leaves ``st.pk`` set)."""
    pk, s, pd = st.pk, st.ps, st.pd
    st.pk = None  # a handler may ask the next question itself
    if pk == "draw":
        apply_draw(st, action)
    elif pk == "order_die":
        order.apply_die(st, action)
    elif pk == "d20":
        d20.apply_d20(st, action)
    elif pk == "die":
        d20.apply_die(st, action)
    elif pk == "blind":
        d20.apply_blind(st, action - A.BLIND)
    elif pk == "deal":
        setup.apply_deal(st, action - A.DEAL)
    elif pk == "turn":
        st.push(("turn", s))
        turn.apply(st, s, action)
    elif pk == "window":
        st.push(("poll",))
        if action == A.PASS:
            st.win_passed.append(s)
            st.emit("passed", [s], ("LM-AMB-12",), premove=pd.get("premove", False))
        else:
            st.win_passed = []
            turn.apply(st, s, action)
    elif pk == "select":
        if action == A.DONE or len(pd["picked"]) + 1 == pd["max"] and action != A.DONE:
            picked = list(pd["picked"])
            if action != A.DONE:
                picked.append(action - A.PICK)
            select_done(st, s, pd, picked)
        else:
            pd["picked"].append(action - A.PICK)
            st.pk = "select"
            # every ply tells what happened, never which card (LM-AMB-43)
            st.emit("picked", [s], tuple(pd["clauses"]), count=len(pd["picked"]), purpose=pd["purpose"])
            return
    elif pk == "target":
        st.emit("target", [s, action - A.TARGET], ("LM-AMB-44",), purpose=pd["purpose"])
        d20.target_chosen(st, s, action - A.TARGET, pd["purpose"])
    elif pk == "count":
        d20.count_chosen(st, s, action - A.COUNT)
    elif pk == "resin":
        if action == A.NO_RESIN:
            st.emit("no_effect", [s], ("LM-EVENT-09", "LM-AMB-29"), event=9)
        else:
            d20.resin(st, s, action - A.RESIN)
    elif pk == "scav_mode":
        d20.scav_apply(st, s, pd["target"], action)
    elif pk == "friend":
        d20.friend_chosen(st, s, action - A.BUFF)
    elif pk == "revive":
        revive(st, s, action == A.REVIVE_NOW)
    elif pk == "keep_char":
        setup.keep_char(st, s, action - A.KEEP_CHAR)
    elif pk == "keep_armor":
        legs.keep_armor(st, s, action == A.KEEP_ARMOR)
    elif pk == "keep_buff":
        legs.keep_buff(st, s, None if action == A.KEEP_NO_BUFF else "ABC"[action - A.KEEP_BUFF])


def select_done(st, s, pd, picked) -> None:
    purpose = pd["purpose"]
    if purpose == "exchange":
        setup.exchange_done(st, s, picked)
    elif purpose == "leg_discard":
        legs.leg_discard_done(st, s, picked)
    else:
        d20.select_done(st, s, purpose, picked)
