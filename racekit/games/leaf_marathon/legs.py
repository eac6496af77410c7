"""Leg change and the end of the game (LM-LEG-1..5, LM-ORDER-5, LM-AMB-22/38, LM-END-1).

Order of the leg change (LM-LEG-5): tokens to square 0 of a fresh leg; the first round's
order is rolled; in that order each hand is cut or filled to ``leg_hand`` cards; in that order each player
chooses what to keep; stamina is raised to half the new max if below it.
"""
from __future__ import annotations

from . import cards as C
from . import finish, order
from . import stats as S


def task_leg_change(st) -> None:
    if st.leg + 1 >= len(st.legs):
        st.push(("game_over",))
        return
    st.leg += 1
    st.terrain = list(st.legs[st.leg])
    st.roadblocks = set()
    st.places = []
    st.last_moves = {}
    for s in range(st.n):
        st.pos[s] = 0
        st.finished[s] = False
        st.fin_place[s] = 0
        if not st.o.leg_faint_carry:
            st.faint[s] = 0
        st.returning[s] = False
        st.bear_next[s] = st.bear_double[s] = st.bear_skip[s] = False
        st.held[s] = st.stopped[s] = st.stop_next[s] = st.stop_skip[s] = st.rainboom[s] = False
        st.acts[s] = 0
        st.did23[s] = st.did_shed[s] = False
    if st.o.mb_scope_leg and st.mb_level:
        st.mb_level = 0
        for s in range(st.n):
            st.hand[s] = sorted(c & ~C.DOUBLED for c in st.hand[s])
    st.emit("leg_start", [], ("LM-LEG-1", "LM-LEG-5", "LM-TERRAIN-START-1", "LM-AMB-38", "LM-GEN-3"),
            leg=st.leg + 1, finish=len(st.terrain) - 1)
    st.order_ready = True
    st.push_seq(("leg_hands", 0), ("leg_keep", 0), ("leg_stamina",), ("round_start",))
    order.start_roll(st, [list(range(st.n))], "LM-ORDER-5")


def task_leg_hands(st, i) -> None:
    if i >= len(st.order):
        return
    st.push(("leg_hands", i + 1))
    s = st.order[i]
    h = len(st.hand[s])
    size = st.p.leg_hand
    st.emit("hand_reset", [s], ("LM-LEG-2", "LM-AMB-38"), before=h, size=size)
    if h > size:
        pool = S.takeable(st, s)
        k = min(h - size, len(pool))
        if k:
            st.ask_select(s, "leg_discard", k, k, pool, ("LM-LEG-2", "LM-AMB-38"))
    elif h < size:
        st.push(("draw", s, size - h, "LM-LEG-2"))


def leg_discard_done(st, s, picked) -> None:
    for c in picked:
        st.hand[s].remove(c)
        S.discard(st, c)
    st.emit("discarded", [s], ("LM-LEG-2",), count=len(picked))


def task_leg_keep(st, i) -> None:
    if i >= len(st.order):
        return
    s = st.order[i]
    st.push_seq(("keep_armor", s), ("keep_buff", s), ("leg_keep", i + 1))


def task_keep_armor(st, s) -> None:
    if st.armor[s] >= 0:
        st.ask("keep_armor", s)


def keep_armor(st, s, keep: bool) -> None:
    if not keep:
        S.discard(st, st.armor[s])
        st.armor[s] = -1
    st.emit("keep_armor", [s], ("LM-LEG-3", "LM-AMB-42"), kept=keep)


def keep_options(st, s) -> list[str]:
    opts = {b for b in st.elements[s] if b != "-"}
    if st.o.friendship_counts:
        opts |= set(st.fbuffs[s])
    return sorted(opts)


def task_keep_buff(st, s) -> None:
    if keep_options(st, s):
        st.ask("keep_buff", s)
    elif st.elements[s]:
        keep_buff(st, s, None)


def keep_buff(st, s, letter) -> None:
    """Keep at most one element buff; Friendship buffs stay outside that one (LM-LEG-3, LM-AMB-22)."""
    kept_el = letter if letter in st.elements[s] else None
    for b in st.elements[s]:
        S.discard(st, C.ELEMENT)
    if kept_el:
        st.discard[C.ELEMENT] -= 1
    st.elements[s] = [kept_el] if kept_el else []
    if st.o.friendship_counts:
        st.fbuffs[s] = [letter] if (letter in st.fbuffs[s] and not kept_el) else []
    S.clamp_stamina(st, s)
    st.emit("keep_buff", [s], ("LM-LEG-3", "LM-AMB-22", "LM-AMB-42"), kept=letter,
            friendship=list(st.fbuffs[s]), max_stamina=S.max_stamina(st, s),
            weight_limit=S.weight_limit(st, s))


def task_leg_stamina(st) -> None:
    for s in range(st.n):
        m = S.max_stamina(st, s)
        if 2 * st.stamina[s] < m:
            before = st.stamina[s]
            st.stamina[s] = S.floor_half(m)
            st.emit("leg_stamina", [s], ("LM-LEG-4", "LM-AMB-23"), before=before, after=st.stamina[s],
                    max_stamina=m)


def task_game_over(st) -> None:
    st.over = True
    st.emit("game_over", [], ("LM-END-1", "LM-AMB-21", "LM-GEN-3"), totals=finish.totals(st),
            ranking=finish.ranking(st))
