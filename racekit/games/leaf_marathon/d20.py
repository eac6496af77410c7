"""The d20 event table: twenty events, each under its own clause (LM-EVENT-01..20).

A played trigger card waits in ``st.limbo`` while the d20 is rolled (a chance node with 20
outcomes, LM-TRIGGER-1); holder events turn it into a special card in the roller's hand
(LM-TRIGGER-2), every other event sends it to the discard pile (LM-ROUND-1, LM-AMB-42).
Choices inside an event are prompts; blind picks are chance nodes private to the taker.
"""
from __future__ import annotations

from . import cards as C
from .params import DEFAULTS
from . import finish, move
from . import stats as S
from .turn import stop

NAMES = {1: "Get Over Here", 2: "Travel Light", 3: "Mutual Attraction", 4: "Physical Bind",
         5: "Barter", 6: "Sonic Rainboom", 7: "Bear!", 8: "Forced Trade", 9: "Resin Ball",
         10: "Use the Terrain", 11: "Butterfingers", 12: "Royal Grace",
         13: "Scavenge and Release", 14: "Inexplicable Swap", 15: "Ill Intent", 16: "Rewind",
         17: "Friendship Forever", 18: "Stumble", 19: "Free Forced Rest", 20: "Magic Bind"}


_CLAUSES = {e: f"LM-EVENT-{e:02d}" for e in range(1, 21)}

EVENT_PARAMS = {1: ("goh_distance",), 10: ("terrain_die",), 13: ("scavenge_cards",),
                19: ("ffr_cost",)}
"""The parameters (params.PARAMS) each event's description states; a d20 event carries those
away from the rulebook (``params``), so that its description gives the engine's number."""

EVENT_OPTIONS = {
    1: ("get_over_here", "resin_blocks_teleport", "teleport_triggers_terrain"),
    2: ("travel_light_unit", "trigger_discard"),
    3: ("attraction_die", "resin_blocks_teleport", "teleport_triggers_terrain"),
    4: ("bind_lift",),
    5: ("trigger_discard",),
    7: ("bear_double", "bear_after_faint"),
    8: ("finished_targetable",),
    9: ("resin_hold", "resin_self", "finished_targetable"),
    11: ("butterfingers_pick", "trigger_discard"),
    13: ("release_to",),
    14: ("teleport_triggers_terrain",),
    15: ("roadblock_pay",),
    16: ("rewind_order",),
    18: ("stop_applies",),
    19: ("stop_applies", "ffr_penalty"),
    20: ("magic_bind_scope", "magic_bind_stack", "effect_cards", "armor_weight_in_hand"),
}
"""The rule options that change what an event does. The d20 event carries those set away from
their default (``options``), so that the event's description names them (text.EVENT_TEXT is the
default reading)."""


def readings(st, e: int) -> dict:
    """``{option: value}`` of ``EVENT_OPTIONS[e]`` set away from the default in this game."""
    g = st.game
    return {k: g.options[k] for k in EVENT_OPTIONS.get(e, ())
            if k in g.options and g.options[k] != g.game_type.option(k).default}


def clause(e: int) -> str:
    return _CLAUSES[e]


def task_d20(st, s) -> None:
    st.chance("d20", s)


def apply_d20(st, e: int) -> None:
    """The d20 shows ``e``: announce it with its number and clause, then resolve it."""
    s = st.ps
    card = st.limbo.pop()
    prev = st.prev_event
    varied = readings(st, e) if st._record else {}
    numbers = {k: st.p[k] for k in EVENT_PARAMS.get(e, ())} if st._record else {}
    numbers = {k: v for k, v in numbers.items() if v != DEFAULTS[k]}   # house rules only
    st.emit("d20", [s], ("LM-TRIGGER-1", clause(e)), number=e, name=NAMES[e],
            **({"options": varied} if varied else {}), **({"params": numbers} if numbers else {}))
    if e != 16:
        st.prev_event = e
    if e == 16:
        rep = prev
        lab = C.HOLDER_EVENTS.get(rep) if rep else None
        _card_home(st, s, card, lab, 16)
        tasks = []
        if rep:
            st.emit("rewind", [s], ("LM-EVENT-16", "LM-AMB-26"), repeats=rep, name=NAMES[rep])
            tasks.append(("event", s, rep))
        else:
            st.emit("rewind", [s], ("LM-EVENT-16", "LM-AMB-26"), repeats=None, name=None)
        tasks.append(("rewind_terrain",))
        if st.o.rewind_terrain_first:
            tasks.reverse()
        st.push_seq(*tasks)
        return
    _card_home(st, s, card, C.HOLDER_EVENTS.get(e), e)
    resolve(st, s, e)


def _card_home(st, s, card, lab, e):
    if lab:
        S.add_to_hand(st, s, C.make(C.TRIGGER, lab))
        st.emit("special_card", [s], ("LM-TRIGGER-2", clause(e) if e != 16 else "LM-EVENT-16",
                                      "LM-WEIGHT-6"), card=C.LABEL_NAMES[lab])
    else:
        S.discard(st, card)


def task_event(st, s, e) -> None:
    resolve(st, s, e)


def resolve(st, s: int, e: int) -> None:
    """Apply event ``e`` to its roller ``s`` (holder cards are already in hand)."""
    o = st.o
    if e in (1, 6, 7, 15, 19):
        return
    if e == 2:  # Travel Light: never a held trigger card (LM-AMB-50)
        pool = S.choosable(st, s)
        st.ask_select(s, "travel_light", 0, len(pool), pool, ("LM-EVENT-02", "LM-AMB-30"))
    elif e == 3:
        st.chance("die", s, event=3, sides=20 if o.attraction_d20 else 6)
    elif e == 4:
        for t in range(st.n):
            st.bound[t] = True
            S.clamp_stamina(st, t)
        st.emit("physical_bind", [s], ("LM-EVENT-04", "LM-AMB-24", "LM-AMB-17"),
                max_stamina=[S.max_stamina(st, t) for t in range(st.n)])
    elif e == 5:  # Barter: never a held trigger card (LM-AMB-50)
        pool = S.choosable(st, s)
        st.ask_select(s, "barter", 0, len(pool), pool, ("LM-EVENT-05", "LM-AMB-48"))
    elif e == 8:
        cands = [t for t in range(st.n) if t != s and S.targetable(st, t)]
        if not cands:
            st.emit("no_effect", [s], ("LM-EVENT-08",), event=8)
        else:
            st.ask("target", s, purpose="trade", cands=cands)
    elif e == 9 and o.resin_keep:
        c = next((c for c in st.hand[s] if C.is_action(c)), None)
        if c is None:
            st.emit("no_effect", [s], ("LM-EVENT-09", "LM-AMB-29"), event=9)
        else:  # resin_hold = keep_as_special: the action card is kept as an any-time Resin Ball
            st.hand[s].remove(c)
            S.add_to_hand(st, s, C.make(C.ACTION, C.RESIN))
            st.emit("special_card", [s], ("LM-EVENT-09", "LM-AMB-29"), card="Resin Ball")
    elif e == 9:
        if any(C.is_action(c) for c in st.hand[s]):
            st.ask("resin", s)
        else:
            st.emit("no_effect", [s], ("LM-EVENT-09", "LM-AMB-29"), event=9)
    elif e == 10:
        st.chance("die", s, event=10, sides=st.p.terrain_die)
    elif e == 11:
        n = S.half_up(len(st.hand[s]))
        pool = S.takeable(st, s)
        k = min(n, len(pool))
        st.emit("butterfingers", [s], ("LM-EVENT-11", "LM-AMB-40", "LM-AMB-23"), hand=len(st.hand[s]),
                half=n, discards=k)
        if k and o.butterfingers_random:
            st.push(("blind", s, s, k, "butterfingers"))
        elif k:   # the owner picks: trigger cards only when nothing else is left (LM-AMB-50)
            st.ask_select(s, "butterfingers", k, k, S.must_give(st, s, k),
                          ("LM-EVENT-11", "LM-AMB-40"))
    elif e == 12:
        k = S.half_up(st.stamina[s])
        st.emit("royal_grace", [s], ("LM-EVENT-12", "LM-AMB-23"), stamina=st.stamina[s], draws=k)
        st.push(("draw", s, k, "LM-EVENT-12"))
    elif e == 13:
        scavenge(st, s)
    elif e == 14:
        swap(st, s)
    elif e == 17:
        for t in range(st.n):
            st.bound[t] = False
        st.emit("friendship", [s], ("LM-EVENT-17", "LM-AMB-22", "LM-AMB-24"))
        seq = [t for t in st.order] + [t for t in range(st.n) if t not in st.order]
        st.push_seq(*[("friend", t) for t in seq])
    elif e == 18:
        stop(st, s, ("LM-EVENT-18", "LM-AMB-27"))
    elif e == 20:
        if o.mb_multiply or st.mb_level == 0:
            st.mb_level += 1
        if o.mb_held_now:
            for t in range(st.n):
                st.hand[t] = sorted(c | C.DOUBLED if st.doubles[c & 7] and not C.label(c) else c
                                    for c in st.hand[t])
        st.emit("magic_bind", [s], ("LM-EVENT-20", "LM-AMB-25", "LM-AMB-13"), level=st.mb_level,
                weights=[C.hand_weight(st, t) for t in range(st.n)], armor=st.doubles[C.ARMOR])


# ----- event steps -------------------------------------------------------------------
def apply_die(st, face: int) -> None:
    s, e = st.ps, st.pd["event"]
    if e == 3:
        st.emit("die", [s], ("LM-EVENT-03", "LM-AMB-31"), face=face, event=3)
        for t in range(st.n):
            if t == s or st.finished[t] or (st.o.resin_blocks_teleport and st.held[t]):
                continue
            if 1 <= S.distance(st, s, t) <= face:
                move.teleport(st, t, st.pos[s], ("LM-EVENT-03", "LM-AMB-31"))
    else:
        k = S.floor_half(face)
        st.emit("die", [s], ("LM-EVENT-10", "LM-AMB-23"), face=face, event=10, squares=k)
        if k:
            advance(st, s, k, free=True)


def advance(st, s: int, k: int, free: bool) -> None:
    """A play-turn advance (Travel Light, Use the Terrain): terrain applies, no draws."""
    _, arrivals, fainted = move.run_ticks(st, {s: k}, {s} if free else set(), travel=True)
    if arrivals:
        finish.award(st, [s], ("LM-AMB-41",), overshoot=arrivals[0][1], stamina=st.stamina[s])
        st.turn_over = True
    if fainted:
        st.turn_over = True


def select_done(st, s, purpose, picked) -> None:
    """A card selection of an event is complete."""
    if purpose == "travel_light":
        w = len(picked) if st.o.travel_cards else sum(C.weight(st, c) for c in picked)
        for c in picked:
            st.hand[s].remove(c)
            S.discard(st, c)
        st.emit("travel_light", [s], ("LM-EVENT-02", "LM-AMB-30"), discarded=len(picked), squares=w)
        if w:
            advance(st, s, w, free=False)
    elif purpose == "barter":
        for c in picked:
            st.hand[s].remove(c)
            S.discard(st, c)
        st.emit("barter", [s], ("LM-EVENT-05",), count=len(picked))
        st.push(("draw", s, len(picked), "LM-EVENT-05"))
    elif purpose == "butterfingers":
        for c in picked:
            st.hand[s].remove(c)
            S.discard(st, c)
        st.emit("discarded", [s], ("LM-EVENT-11",), count=len(picked))
    elif purpose == "release":
        t = st.pd["target"]
        for c in picked:
            st.hand[s].remove(c)
            S.add_to_hand(st, t, transfer(st, c))
        st.emit("release", [s, t], ("LM-EVENT-13", "LM-AMB-32"), cards=len(picked), armor=False)


def transfer(st, c: int) -> int:
    """A card changing hands keeps its received mark unless ``received_mark = holder``."""
    return c & ~C.RECEIVED if st.o.received_holder else c


def target_chosen(st, s, t, purpose) -> None:
    if purpose == "trade":
        st.ask("count", s, target=t, most=len(S.takeable(st, t)))
    elif purpose in ("scavenge", "release"):
        scav_mode(st, s, t, purpose)
    elif purpose == "swap":
        do_swap(st, s, t)


def count_chosen(st, s, k) -> None:
    t = st.pd["target"]
    st.emit("forced_trade", [s, t], ("LM-EVENT-08", "LM-AMB-35"), count=k)
    st.push_seq(("blind", s, t, k, "trade"), ("trade_back", s, t, k))


def task_trade_back(st, s, t, k) -> None:
    m = min(k, len(S.takeable(st, s)))
    st.push(("blind", t, s, m, "trade"))


def task_blind(st, taker, victim, k, why) -> None:
    """Take ``k`` cards blind from ``victim`` (chance nodes, uniform over takeable cards)."""
    if k <= 0 or not S.takeable(st, victim):
        return
    st.push(("blind", taker, victim, k - 1, why))
    st.chance("blind", taker, victim=victim, why=why)


def blind_outcomes(st):
    pool = S.takeable(st, st.pd["victim"])
    counts: dict[int, int] = {}
    for c in pool:
        counts[c] = counts.get(c, 0) + 1
    return [(600 + c, k / len(pool)) for c, k in sorted(counts.items())]


def apply_blind(st, code: int) -> None:
    taker, victim, why = st.ps, st.pd["victim"], st.pd["why"]
    st.hand[victim].remove(code)
    if why == "butterfingers":
        S.discard(st, code)
        st.emit("discarded", [taker], ("LM-EVENT-11", "LM-AMB-40"), count=1)
        return
    S.add_to_hand(st, taker, transfer(st, code))
    clauses = ("LM-EVENT-08", "LM-AMB-35") if why == "trade" else ("LM-EVENT-13", "LM-AMB-32")
    st.emit("blind_take", [taker, victim], clauses, count=1)


def scavenge(st, s) -> None:
    """Scavenge (someone racing ahead) or Release (nobody ahead) (LM-EVENT-13, LM-AMB-32)."""
    others = [t for t in range(st.n) if t != s and not st.finished[t]]
    p = st.pos[s]
    same = [t for t in others if st.pos[t] == p]
    ahead = [t for t in others if st.pos[t] > p]
    if ahead:
        near = min(st.pos[t] for t in ahead)
        cands, purpose = same + [t for t in ahead if st.pos[t] == near], "scavenge"
    else:
        behind = [t for t in others if st.pos[t] < p]
        if behind and not st.o.release_any:
            near = max(st.pos[t] for t in behind)
            behind = [t for t in behind if st.pos[t] == near]
        cands, purpose = same + behind, "release"
    if not cands:
        st.emit("no_effect", [s], ("LM-EVENT-13", "LM-AMB-32"), event=13)
    elif len(cands) == 1:
        scav_mode(st, s, cands[0], purpose)
    else:
        st.ask("target", s, purpose=purpose, cands=sorted(cands))


def scav_mode(st, s, t, purpose) -> None:
    if purpose == "scavenge":
        opts = ([19] if st.armor[t] >= 0 else []) + ([20] if S.takeable(st, t) else [])
    else:
        opts = ([21] if st.armor[s] >= 0 else []) + ([22] if S.takeable(st, s) else [])
    if not opts:
        st.emit("no_effect", [s, t], ("LM-EVENT-13", "LM-AMB-32"), event=13)
    elif len(opts) == 1:
        scav_apply(st, s, t, opts[0])
    else:
        st.ask("scav_mode", s, target=t, opts=opts)


def scav_apply(st, s, t, mode) -> None:
    if mode == 19:
        S.add_to_hand(st, s, C.ARMOR)
        st.armor[t] = -1
        st.emit("scavenge", [s, t], ("LM-EVENT-13", "LM-AMB-32"), armor=True, cards=0)
    elif mode == 20:
        k = min(st.p.scavenge_cards, len(S.takeable(st, t)))
        st.emit("scavenge", [s, t], ("LM-EVENT-13", "LM-AMB-32"), armor=False, cards=k)
        st.push(("blind", s, t, k, "scavenge"))
    elif mode == 21:
        S.add_to_hand(st, t, C.ARMOR)
        st.armor[s] = -1
        st.emit("release", [s, t], ("LM-EVENT-13", "LM-AMB-32"), cards=0, armor=True)
    else:   # the giver picks: trigger cards only when nothing else is left (LM-AMB-50)
        k = min(st.p.scavenge_cards, len(S.takeable(st, s)))
        st.ask_select(s, "release", k, k, S.must_give(st, s, k), ("LM-EVENT-13", "LM-AMB-32"), target=t)


def swap(st, s) -> None:
    """Inexplicable Swap: nearest other racing player at distance >= 1, ahead preferred
    (LM-EVENT-14, LM-AMB-33)."""
    cands = [t for t in range(st.n) if t != s and not st.finished[t] and S.distance(st, s, t) >= 1]
    if not cands:
        st.emit("no_effect", [s], ("LM-EVENT-14", "LM-AMB-33"), event=14)
        return
    d = min(S.distance(st, s, t) for t in cands)
    near = [t for t in cands if S.distance(st, s, t) == d]
    ahead = [t for t in near if st.pos[t] > st.pos[s]]
    near = ahead or near
    if len(near) == 1:
        do_swap(st, s, near[0])
    else:
        st.ask("target", s, purpose="swap", cands=sorted(near))


def do_swap(st, s, t) -> None:
    a, b = st.pos[s], st.pos[t]
    st.emit("swap", [s, t], ("LM-EVENT-14", "LM-AMB-33", "LM-AMB-36"), squares=[a, b])
    move.teleport(st, s, b, ("LM-EVENT-14",))
    move.teleport(st, t, a, ("LM-EVENT-14",))


def resin(st, s, t) -> None:
    """An action card thrown as Resin Ball: the action-card use "for events" (LM-ACTION-4)."""
    c = next(c for c in st.hand[s] if C.is_action(c))
    st.hand[s].remove(c)
    S.discard(st, c)
    st.held[t] = True
    st.emit("resin_ball", [s, t], ("LM-EVENT-09", "LM-AMB-29", "LM-AMB-44"), self_target=(s == t))


def task_rewind_terrain(st) -> None:
    """Every leaf square of the current leg becomes forest (LM-EVENT-16, LM-AMB-26)."""
    squares = [i for i, t in enumerate(st.terrain) if t == "leaf"]
    for i in squares:
        st.terrain[i] = "forest"
    st.emit("rewind_terrain", [], ("LM-EVENT-16", "LM-AMB-26"), squares=squares)


def task_friend(st, t) -> None:
    have = S.owned(st, t)
    if len(have) < 3:
        st.ask("friend", t)


def friend_chosen(st, t, b) -> None:
    st.fbuffs[t].append("ABC"[b])
    S.clamp_stamina(st, t)
    st.emit("friend_buff", [t], ("LM-EVENT-17", "LM-AMB-22"), buff="ABC"[b])
