"""Step 1: play dog cards (and the start of a turn).

ST-TURN-1 (three steps), ST-PLAY-1..4, ST-BRAKE-1, ST-PLAY-5 (no dog card:
damage, refill, restart), ST-AMB-17 (covering a dog with the same value and
brake-only plays are allowed). What follows a play is the turn flow's
(:mod:`.flow`).
"""
from __future__ import annotations

from . import actions as A
from . import refill

_LEGAL_CACHE: dict[tuple, list[int]] = {}


def begin_turn(st) -> int:
    """Start the turn of the seat at ``st.tidx`` (ST-TURN-1): clear the turn's notes; the seat."""
    s = st.order[st.tidx]
    st.blocked[s] = False
    st.walled[s] = False
    st.speed = st.drift = st.moved = st.bonus = st.bonus_taken = 0
    st.stopped = False
    st.limit_paid = False
    st.crossings = []
    if st._record:
        st.emit("turn_start", [s], ["ST-TURN-1", "ST-AMB-06"], round=st.round,
                position_in_order=st.tidx + 1)
    return s


def no_dog_card(st, s) -> int:
    """ST-PLAY-5: with no dog card to play, take ``no_dog_damage``; the cards to draw up to
    ``hand_size``."""
    if st._record:
        st.emit("no_dog_card", [s], ["ST-PLAY-5"], hand_size=st.hand_size(s))
    refill.take_damage(st, s, st.p.no_dog_damage, ["ST-PLAY-5"], "no dog card")
    return max(0, st.p.hand_size - st.hand_size(s))


def restart(st, s) -> bool:
    """After the ST-PLAY-5 refill: True to start step 1 again; with still no dog card the
    sled is out (ST-ELIM-1, ST-AMB-12) and False."""
    if not st.dogs(s):
        refill.eliminate(st, s, ["ST-ELIM-1", "ST-PLAY-5", "ST-AMB-12"])
        return False
    if st._record:
        st.emit("restart", [s], ["ST-PLAY-5", "ST-AMB-06"], hand_size=st.hand_size(s))
    return True


def legal(st) -> list[int]:
    """ST-PLAY-1/2/3: 1-3 cards of one value, each to a different spot."""
    h = st.hand[st._cp]
    key = (h[1], h[2], h[3], h[4], h[5])
    out = _LEGAL_CACHE.get(key)
    if out is None:
        out = []
        for v in range(1, 6):
            c = h[v]
            if c:
                out += [a for cnt, a in A.PLAYS_BY_VALUE[v] if cnt <= c]
        out.sort()
        _LEGAL_CACHE[key] = out
    return out[:]


def why(st, action):
    if A.is_stack(action):
        return "ST-PLAY-2", "two cards played in one turn may not go to the same spot"
    l, r, b = A.play_parts(action)
    vals = [v for v in (l, r, b) if v]
    if not vals:
        return "ST-PLAY-1", "at least one dog card must be played while the hand holds one"
    if len(set(vals)) > 1:
        return "ST-PLAY-1", "all cards played in one turn must show the same value"
    v = vals[0]
    have = st.hand[st._cp][v]
    held = f"{have} card{'' if have == 1 else 's'}" if have else "no card"
    return "ST-PLAY-1", f"the hand holds {held} of value {v}, not {len(vals)}"


def apply(st, action) -> None:
    """Step 1: put the cards on the mat (ST-PLAY-1..4, ST-BRAKE-1)."""
    s = st._cp
    l, r, b = A.PLAY_PARTS[action]
    h = st.hand[s]
    if l:  # ST-PLAY-4: the card covers the left stack; its value is the left pull
        h[l] -= 1
        st.lstack[s].append(l)
        st.left[s] = l
    if r:
        h[r] -= 1
        st.rstack[s].append(r)
        st.right[s] = r
    if b:  # ST-BRAKE-1: the brake takes the card's value; the card goes to the discards
        h[b] -= 1
        st.brake[s] = b
        st.disc[s][b] += 1
    if st._record:
        v = l or r or b
        spots = [n for n, x in zip(A.SPOTS, (l, r, b)) if x]
        st.emit("play", [s], ["ST-PLAY-1", "ST-PLAY-2", "ST-PLAY-3", "ST-PLAY-4", "ST-BRAKE-1"],
                value=v, spots="+".join(spots), cards=len(spots), left=st.left[s],
                right=st.right[s], brake=st.brake[s])

