"""A play turn and the any-time windows: routine card uses (LM-ROUND-1/2, LM-AMB-48).

Uses: action card for +1 movement (LM-ACTION-2), 2-for-3 once a round (LM-ACTION-3),
shedding once a round (LM-WEIGHT-4), a weapon to a player within 2 (LM-WEAPON-1/2), armor
(LM-ARMOR-1..3), recovery (LM-RECOVER-1), elements (LM-ELEMENT-1..6), trigger cards
(LM-TRIGGER-1) and the special cards (LM-SPECIAL-1, events 1/6/7/15/19). A voluntary end
of turn is refused while a trigger card is held (LM-AMB-12), and a held trigger card never
pays for shedding or 2-for-3 (LM-AMB-50, option ``trigger_discard``).
"""
from __future__ import annotations

from . import actions as A
from . import cards as C
from . import move
from . import stats as S

LETTERS = "ABC"


def _first(hand, pred):
    for c in hand:
        if pred(c):
            return c
    return None


def _unmarked_weapon(c):
    return C.ctype(c) == C.WEAPON and not c & C.RECEIVED and C.label(c) == 0


def weapon_targets(st, s):
    """Seats a weapon may go to: another targetable player within ``weapon_range`` squares
    (LM-WEAPON-1)."""
    pos, p, reach = st.pos, st.pos[s], st.p.weapon_range
    return [t for t in range(st.n) if t != s and abs(pos[t] - p) <= reach and S.targetable(st, t)]


def goh_targets(st, s):
    """Seats Get Over Here may pull: at distance ``goh_distance`` exactly, or 1 to it under
    ``get_over_here = within5`` (LM-EVENT-01, LM-AMB-10)."""
    out, reach = [], st.p.goh_distance
    for t in range(st.n):
        if t == s or st.finished[t] or (st.o.resin_blocks_teleport and st.held[t]):
            continue
        d = S.distance(st, s, t)
        if d == reach or (st.o.goh_within5 and 1 <= d <= reach):
            out.append(t)
    return out


def roadblock_ok(st, s) -> bool:
    p = st.pos[s]
    return p not in st.roadblocks and p != S.finish_square(st)


def anytime_legal(st, s, labels=None) -> list[int]:
    """Any-time special cards ``s`` may play now (LM-SPECIAL-1, LM-AMB-12); ``labels``: the
    labels in ``s``'s hand when the caller has them."""
    if labels is None:
        hand = st.hand[s]
        if not hand or max(hand) < 8:   # codes below 8 carry no label: no special card (common)
            return []
        labels = {C.label(c) for c in hand}
    out = []
    if C.GOH in labels:
        out += [A.GOH + t for t in goh_targets(st, s)]
    if C.RAINBOOM in labels:
        out.append(A.RAINBOOM)
    if C.BEAR in labels:
        out.append(A.BEAR)
    if C.ROADBLOCK in labels and roadblock_ok(st, s):
        out.append(A.ROADBLOCK)
    if C.RESIN in labels:  # resin_hold = keep_as_special (LM-AMB-29)
        out += [A.RESIN + t for t in range(st.n) if S.targetable(st, t) and (t != s or st.o.resin_self)]
    return out


def legal(st) -> list[int]:
    """The play-turn uses of seat ``st.ps``, sorted (one pass over the hand)."""
    s = st.ps
    h = st.hand[s]
    plain_types = set()   # types of the unlabelled cards (LM-TRIGGER-2: a labelled card is a special)
    labels = set()
    others = []           # non-action cards that may leave the hand (2-for-3, shedding)
    # a held trigger card leaves the hand only by being played (LM-TRIGGER-1, LM-AMB-50)
    keep = -1 if st.o.trigger_any_use else C.TRIGGER
    weapon = False        # an unmarked weapon (LM-WEAPON-2)
    for c in h:
        lab = (c >> 3) & 7 if c >= 8 else 0   # codes below 8 are plain cards (see cards.py)
        if lab:
            labels.add(lab)
            if lab != C.FFR:   # Free Forced Rest leaves the hand only by being played (LM-EVENT-19)
                others.append(c)
            continue
        t = c & 7
        plain_types.add(t)
        if t != C.ACTION and t != keep:
            others.append(c)
            if t == C.WEAPON and not c & C.RECEIVED:
                weapon = True
    out = []
    if C.ACTION in plain_types:
        out.append(A.ACT)
        if not st.did23[s]:
            out += [A.TWO3 + c for c in sorted(set(others))]
        if st.o.action_as_trigger:
            out.append(A.ACT_TRIGGER)
    if weapon:
        out += [A.GIVE + t for t in weapon_targets(st, s)]
    if C.ARMOR in plain_types:
        out.append(A.EQUIP)
    if C.RECOVERY in plain_types:
        out.append(A.RECOVER)
    if C.ELEMENT in plain_types:
        have = S.owned(st, s)
        new = [b for b in range(3) if LETTERS[b] not in have]
        out += [A.ELEMENT + b for b in new]
        if not new and st.bound[s]:
            out.append(A.ELEMENT + 3)
    if C.TRIGGER in plain_types:
        out.append(A.TRIGGER)
    if labels:
        out += anytime_legal(st, s, labels)
        if C.FFR in labels:
            out.append(A.FFR)
    out.sort()
    if len(others) > 1 and not st.did_shed[s]:
        # every distinct pair (a <= b), in increasing id order: sheds come after every other use, END after them
        others.sort()
        for i, a in enumerate(others):
            if i and others[i - 1] == a:
                continue
            prev = -1
            for b in others[i + 1:]:
                if b != prev:
                    out.append(A.shed(a, b))
                    prev = b
    if C.TRIGGER not in plain_types:   # a held trigger must be played first (LM-AMB-12)
        out.append(A.END)              # the largest id: last
    return out


_TRIGGER_STAYS = ("a trigger card must be played and its d20 rolled (LM-TRIGGER-1): it leaves the "
                  "hand only that way or by an effect its holder does not choose, never for "
                  "shedding, 2-for-3, Barter or Travel Light (option trigger_discard)")


TRIGGER_PICK = ("a trigger card must be played and its d20 rolled (LM-TRIGGER-1): its holder "
                "never chooses it for Barter or Travel Light, and gives it up to Butterfingers or "
                "Release only when no other card is left (option trigger_discard)")


def why(st, s, action) -> tuple[str, str]:
    """Clause and reason for a refused play-turn action."""
    h = st.hand[s]
    if action == A.END:
        return "LM-AMB-12", "a trigger card in hand must be played before the turn ends (LM-TRIGGER-1)"
    if A.TWO3 <= action < A.TWO3 + A.CODES:
        if st.did23[s]:
            return "LM-ACTION-3", "2-for-3 is allowed once a round"
        if C.protected(action - A.TWO3):
            return "LM-EVENT-19", "Free Forced Rest leaves the hand only by being played"
        if C.held_trigger(action - A.TWO3) and not st.o.trigger_any_use:
            return "LM-AMB-50", _TRIGGER_STAYS
        return "LM-ACTION-3", "2-for-3 needs an action card and that non-action card in hand"
    if A.SHED <= action < A.SHED + A.CODES * A.CODES:
        if st.did_shed[s]:
            return "LM-WEIGHT-4", "shedding is allowed once a round"
        a, b = A.shed_cards(action)
        if C.protected(a) or C.protected(b):
            return "LM-EVENT-19", "Free Forced Rest leaves the hand only by being played"
        if (C.held_trigger(a) or C.held_trigger(b)) and not st.o.trigger_any_use:
            return "LM-AMB-50", _TRIGGER_STAYS
        return "LM-WEIGHT-4", "shedding needs two non-action cards in hand"
    if A.GIVE <= action < A.GIVE + 10:
        t = action - A.GIVE
        if not any(C.ctype(c) == C.WEAPON for c in h):
            return "LM-WEAPON-1", "no weapon in hand"
        if not any(_unmarked_weapon(c) for c in h):
            return "LM-WEAPON-2", "a weapon received from another player may not be handed on"
        if t == s:
            return "LM-WEAPON-1", "a weapon goes to another player"
        if t < st.n and not S.targetable(st, t):
            return "LM-AMB-20", "finished players cannot be targeted"
        return "LM-WEAPON-1", "the target must be at distance 2 or less"
    if A.GOH <= action < A.GOH + 10:
        return "LM-EVENT-01", "Get Over Here pulls a racing player at distance exactly 5 (LM-AMB-10)"
    if A.ELEMENT <= action < A.ELEMENT + 4:
        if not any(C.ctype(c) == C.ELEMENT for c in h):
            return "LM-ELEMENT-1", "no element card in hand"
        return "LM-ELEMENT-2", "each buff type may be owned once (LM-AMB-24)"
    if action == A.ROADBLOCK:
        return "LM-AMB-34", "a square holds at most one roadblock"
    if action == A.ACT_TRIGGER:
        return "LM-AMB-11", "an action card cannot roll the d20 (option action_as_trigger)"
    return "LM-AMB-48", "that card use is not possible in this play turn"


# ----- apply ---------------------------------------------------------------------------
def _remove_type(st, s, t):
    """Take the first plain (unlabelled) card of type ``t`` out of ``s``'s hand."""
    h = st.hand[s]
    for i, c in enumerate(h):
        if c & 7 == t and not c & 0x38:   # type t, label 0 (bits 3-5: see cards.py)
            del h[i]
            return c
    raise ValueError(f"no plain card of type {t} in hand")


def apply(st, s, action) -> None:
    """Apply a play-turn or window action of seat ``s``; sub-steps are pushed as tasks."""
    h = st.hand[s]
    if action == A.END:
        st.turn_over = True
        st.emit("turn_end", [s], ("LM-ROUND-2",))
    elif action == A.ACT:
        S.discard(st, _remove_type(st, s, C.ACTION))
        st.acts[s] += 1
        st.emit("action_card", [s], ("LM-ACTION-2", "LM-ACTION-1", "LM-AMB-04"), played=st.acts[s],
                doubled=st.bear_double[s],
                bonus=st.p.action_bonus * (2 if st.bear_double[s] else 1))
    elif A.TWO3 <= action < A.TWO3 + A.CODES:
        other = action - A.TWO3
        S.discard(st, _remove_type(st, s, C.ACTION))
        h.remove(other)
        S.discard(st, other)
        st.did23[s] = True
        # bear_double = all: Bear's doubling also doubles 2-for-3's draw (LM-AMB-28)
        k = st.p.two_for_three_draw
        k = 2 * k if (st.o.bear_all and st.bear_double[s]) else k
        st.emit("two_for_three", [s], ("LM-ACTION-3",) + (("LM-AMB-13",) if other == C.EFFECT else ()),
                card=C.name(other), draws=k)
        st.push(("draw", s, k, "LM-ACTION-3"))
    elif A.SHED <= action < A.SHED + A.CODES * A.CODES:
        a, b = A.shed_cards(action)
        h.remove(a)
        h.remove(b)
        S.discard(st, a)
        S.discard(st, b)
        st.did_shed[s] = True
        st.emit("shed", [s], ("LM-WEIGHT-4",), cards=[C.name(a), C.name(b)], draws=st.p.shed_draw)
        st.push(("draw", s, st.p.shed_draw, "LM-WEIGHT-4"))
    elif A.GIVE <= action < A.GIVE + 10:
        t = action - A.GIVE
        c = _first(h, _unmarked_weapon)
        h.remove(c)
        if st.o.armor_blocks == "stamina_loss_and_weapons" and st.armor[t] >= 0:
            S.discard(st, c)
            S.discard(st, st.armor[t])
            st.armor[t] = -1
            st.emit("armor_used", [t], ("LM-ARMOR-1", "LM-AMB-16"), weapon_from=s)
        else:
            S.add_to_hand(st, t, c | C.RECEIVED)
            st.emit("weapon_given", [s, t], ("LM-WEAPON-1", "LM-WEAPON-2"),
                    distance=abs(st.pos[s] - st.pos[t]))
    elif action == A.EQUIP:
        c = _remove_type(st, s, C.ARMOR)
        replaced = st.armor[s] >= 0
        if replaced:
            S.discard(st, st.armor[s])
        st.armor[s] = c & 7
        st.emit("armor_equipped", [s], ("LM-ARMOR-1", "LM-ARMOR-2", "LM-AMB-15"), replaced=replaced)
    elif action == A.RECOVER:
        S.discard(st, _remove_type(st, s, C.RECOVERY))
        before = st.stamina[s]
        st.stamina[s] = min(S.max_stamina(st, s), before + st.heal)
        st.emit("recovered", [s], ("LM-RECOVER-1", "LM-AMB-17"), before=before, after=st.stamina[s])
    elif A.ELEMENT <= action < A.ELEMENT + 4:
        b = action - A.ELEMENT
        _remove_type(st, s, C.ELEMENT)
        letter = "-" if b == 3 else LETTERS[b]
        st.elements[s].append(letter)
        lifted = st.bound[s]
        if st.o.bind_global and lifted:
            for t in range(st.n):
                st.bound[t] = False
        st.bound[s] = False
        clauses = ["LM-ELEMENT-1", "LM-ELEMENT-2", "LM-ELEMENT-3", "LM-AMB-45"]
        clauses += {"A": ["LM-ELEMENT-4", "LM-WEIGHT-2"], "B": ["LM-ELEMENT-5"], "C": ["LM-ELEMENT-6"],
                    "-": []}[letter]
        if lifted:
            clauses.append("LM-AMB-24")
        if letter == "A" and st.o.buff_a_heals:
            st.stamina[s] += 1
        st.emit("element", [s], tuple(clauses), buff=letter, lifted_bind=lifted,
                max_stamina=S.max_stamina(st, s), weight_limit=S.weight_limit(st, s),
                movement=S.move_value(st, s))
    elif action in (A.TRIGGER, A.ACT_TRIGGER):
        t = C.TRIGGER if action == A.TRIGGER else C.ACTION
        c = _remove_type(st, s, t)
        st.limbo.append(c)
        st.emit("trigger_played", [s], ("LM-TRIGGER-1",) + (("LM-ACTION-4", "LM-AMB-11") if t == C.ACTION else ()))
        st.push(("d20", s))
    elif A.GOH <= action < A.GOH + 10:
        t = action - A.GOH
        _play_special(st, s, C.GOH)
        move.teleport(st, t, st.pos[s], ("LM-EVENT-01", "LM-SPECIAL-1", "LM-AMB-10"))
    elif action == A.RAINBOOM:
        _play_special(st, s, C.RAINBOOM)
        st.rainboom[s] = True
        st.emit("rainboom", [s], ("LM-EVENT-06", "LM-SPECIAL-1"))
    elif action == A.BEAR:
        _play_special(st, s, C.BEAR)
        st.bear_skip[s] = True
        st.bear_next[s] = True
        st.emit("bear", [s], ("LM-EVENT-07", "LM-SPECIAL-1", "LM-AMB-28"))
    elif action == A.ROADBLOCK:
        _play_special(st, s, C.ROADBLOCK)
        st.roadblocks.add(st.pos[s])
        st.emit("roadblock", [s], ("LM-EVENT-15", "LM-SPECIAL-1", "LM-AMB-34"), square=st.pos[s])
    elif A.RESIN <= action < A.RESIN + 10:
        t = action - A.RESIN
        _play_special(st, s, C.RESIN)
        st.held[t] = True
        st.emit("resin_ball", [s, t], ("LM-EVENT-09", "LM-AMB-29", "LM-AMB-44"), self_target=(s == t))
    elif action == A.FFR:
        _play_special(st, s, C.FFR)
        stop(st, s, ("LM-EVENT-19", "LM-AMB-27"))


def _play_special(st, s, lab):
    c = _first(st.hand[s], lambda c: C.label(c) == lab)
    st.hand[s].remove(c)
    S.discard(st, c)
    st.emit("special_played", [s], ("LM-AMB-42",), card=C.LABEL_NAMES[lab])


def stop(st, s, clauses) -> None:
    """Stumble / Free Forced Rest: lose a round (LM-AMB-27)."""
    if st.o.stop_next_round:
        st.stop_next[s] = True
    else:
        st.stopped[s] = True
        st.turn_over = True
    st.emit("stopped", [s], tuple(clauses) + ("LM-AMB-12",), when="next round" if st.o.stop_next_round
            else "this round")
