"""Agents for Leaf Marathon. ``CarefulAgent``: plays for distance within the weight limit.

It reads only its own ``snapshot(seat)``-level knowledge (own hand, public positions) and
the legal actions; randomness comes from :func:`racekit.core.chance.uniform`.
"""
from __future__ import annotations

from racekit.core.chance import uniform

from . import actions as A
from . import cards as C
from . import stats as S


class CarefulAgent:
    """Shed and 2-for-3 down to the weight limit, play action cards for movement only while
    the move stays affordable in stamina, recover when low, revive at half when behind."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def __call__(self, state, ply: int) -> int:
        legal = state.legal_actions()
        s = state.current_player()
        pk = state.pk
        pick = lambda options: options[int(uniform(self.seed, ply, 7) * len(options))]  # noqa: E731
        if pk == "turn":
            return self._turn(state, s, legal, pick)
        if pk == "window":
            return A.PASS if A.PASS in legal else legal[0]
        if pk == "select":
            return self._select(state, s, legal)
        if pk == "revive":
            return A.REVIVE_NOW
        if pk == "keep_armor":
            return A.KEEP_ARMOR
        if pk == "keep_buff":
            for b in "BAC":
                if A.KEEP_BUFF + "ABC".index(b) in legal:
                    return A.KEEP_BUFF + "ABC".index(b)
        if pk == "friend":
            for b in "BAC":
                if A.BUFF + "ABC".index(b) in legal:
                    return A.BUFF + "ABC".index(b)
        if pk == "resin":
            others = [a for a in legal if a >= A.RESIN and a - A.RESIN != s]
            return others[0] if others else legal[0]
        if pk == "count":
            return legal[-1]
        return pick(legal)

    @staticmethod
    def _cost(st, s, squares):
        """Stamina the next ``squares`` squares would cost (public terrain only)."""
        fin = len(st.terrain) - 1
        total = 0
        for i in range(st.pos[s] + 1, min(fin, st.pos[s] + squares) + 1):
            total += 2 if st.terrain[i] == "forest" else 1
        return total

    def _turn(self, st, s, legal, pick):
        h = st.hand[s]
        if A.TRIGGER in legal:
            return A.TRIGGER
        for a in (A.EQUIP,):
            if a in legal:
                return a
        for b in (1, 0, 2):  # buff B (movement), A (limit), C (regen)
            if A.ELEMENT + b in legal:
                return A.ELEMENT + b
        if A.RECOVER in legal and (st.stamina[s] + 3 <= S.max_stamina(st, s)
                                   or self._cost(st, s, S.movement_total(st, s)) >= st.stamina[s]):
            return A.RECOVER
        over = S.excess(st, s)
        if over > 0:
            sheds = [a for a in legal if a >= A.SHED]
            if sheds:
                return max(sheds, key=lambda a: sum(C.weight(st, c) for c in divmod(a - A.SHED, 256)))
            two = [a for a in legal if A.TWO3 <= a < A.TWO3 + 256]
            if two and over >= 2:
                return two[0]
        total = S.movement_total(st, s)
        if A.ACT in legal and over == 0 and self._cost(st, s, total + 1) < st.stamina[s]:
            return A.ACT
        if A.ACT in legal and over > 0 and self._cost(st, s, total + 1) < st.stamina[s]:
            return A.ACT
        if A.BEAR in legal and self._cost(st, s, total) >= st.stamina[s]:
            return A.BEAR  # about to faint: give up this move for a full refill
        if A.END in legal:
            return A.END
        return pick(legal)

    def _select(self, st, s, legal):
        purpose = st.pd["purpose"]
        picks = [a for a in legal if a >= A.PICK]
        heavy = sorted(picks, key=lambda a: -C.weight(st, a - A.PICK))
        if purpose in ("exchange", "barter"):
            trash = [a for a in heavy if C.ctype(a - A.PICK) in (C.EFFECT, C.WEAPON)]
            return trash[0] if trash else (A.DONE if A.DONE in legal else legal[-1])
        if purpose == "travel_light":
            return heavy[0] if heavy and S.excess(st, s) > 0 else (A.DONE if A.DONE in legal else heavy[0])
        if A.DONE in legal and not heavy:
            return A.DONE
        return heavy[0] if heavy else legal[0]
