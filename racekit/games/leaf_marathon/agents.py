"""Agents for Leaf Marathon. ``CarefulAgent``: plays for distance within the weight limit.

It reads only its own ``snapshot(seat)``-level knowledge (own hand, public positions) and
the legal actions; randomness comes from :func:`racekit.core.chance.uniform`.
"""
from __future__ import annotations

from racekit.core.chance import uniform

from . import actions as A
from . import cards as C
from . import move as M
from . import stats as S


class CarefulAgent:
    """A careful player: moves as far as its stamina affords, never stands still for good.

    In a play turn, in this order of preference:

    1. play a held trigger card (it must be played anyway, LM-TRIGGER-1), equip armor,
       play an element for a new buff (B, then A, then C), or, while Physical Bind holds it
       and it owns every buff type, an element to lift the bind (LM-AMB-24);
    2. play recovery when its heal (the deck's, 3) fits under the max, or when the move it has would empty
       its stamina (LM-RECOVER-1);
    3. over the weight limit: shed the heaviest pair it may (LM-WEIGHT-4), else 2-for-3
       when at least 2 over (LM-ACTION-3);
    4. play action cards for movement while the run stays affordable: the stamina the engine
       would charge for the squares ahead (``move.run_cost``: terrain, roadblocks, sand, its
       armor, under the options and parameters) below its stamina (LM-ACTION-2, LM-STAMINA-2);
    5. give up a move it cannot afford for Bear's refill when it holds Bear (LM-EVENT-07);
    6. **never stand still for good.** When it would move 0 squares this round
       (LM-MOVE-1), waiting only helps while a working buff C gives stamina back
       (LM-ELEMENT-6): otherwise nothing changes (no move, no draw, LM-ROUND-4), so it
       plays action cards until it moves, accepting that it may faint, since a faint
       refills its stamina (LM-FAINT-1..3). Still at 0 squares and over the weight limit,
       it plays Free Forced Rest: losing a round it does not move in costs nothing, and the
       card's 2 weight leave its hand (LM-EVENT-19, LM-WEIGHT-6, LM-AMB-27). Where that
       option makes the card cost the next round (``stop_applies = next_round``) it does
       so only when it holds no action card, i.e. when nothing else can get it moving;
    7. end the turn.

    Elsewhere: pass in any-time windows, revive at half at once (LM-FAINT-3), keep armor,
    keep buff B, then A, then C; throw away effects and weapons when it must select cards,
    the heaviest first; Resin Ball on the first other seat; take the most cards offered.
    Travel Light (LM-EVENT-02): over the weight limit it drops the heaviest cards it may, but
    with a Bear refill pending it stops before the run would cost all its stamina, since a
    faint would lose the refill (LM-AMB-51; not with ``bear_after_faint = on_return``).
    Trigger cards: it plays them first, so it never holds one when it sheds or plays 2-for-3;
    a selection offers one only where the rules let it go (LM-AMB-50; every selection under
    ``trigger_discard = any_use``), and there it counts as any card of its weight.

    Secrecy: it reads its own hand, public positions, terrain, stamina, buffs and the
    options, never another seat's hand (LM-AMB-43). Deterministic: its only random choice
    (a fallback among legal actions) reads :func:`racekit.core.chance.uniform` on its seed
    and the ply.
    """

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
        """Stamina the next ``squares`` squares would cost it, as the engine charges them
        (:func:`.move.run_cost`: terrain, options, parameters, its own armor); its stamina
        when the run would end in a faint."""
        return M.run_cost(st, s, squares)

    def _turn(self, st, s, legal, pick):
        if A.TRIGGER in legal:
            return A.TRIGGER
        for a in (A.EQUIP,):
            if a in legal:
                return a
        for b in (1, 0, 2, 3):  # buff B (movement), A (limit), C (regen); 3: lift the bind
            if A.ELEMENT + b in legal:
                return A.ELEMENT + b
        if A.RECOVER in legal and (st.stamina[s] + st.heal <= S.max_stamina(st, s)
                                   or self._cost(st, s, S.movement_total(st, s)) >= st.stamina[s]):
            return A.RECOVER
        over = S.excess(st, s)
        if over > 0:
            sheds = [a for a in legal if A.SHED <= a < A.SHED + A.CODES * A.CODES]
            if sheds:
                return max(sheds, key=lambda a: sum(C.weight(st, c) for c in A.shed_cards(a)))
            two = [a for a in legal if A.TWO3 <= a < A.TWO3 + A.CODES]
            if two and over >= 2:
                return two[0]
        total, bonus = S.movement_total(st, s), st.p.action_bonus   # one more action card
        if A.ACT in legal and over == 0 and self._cost(st, s, total + bonus) < st.stamina[s]:
            return A.ACT
        if A.ACT in legal and over > 0 and self._cost(st, s, total + bonus) < st.stamina[s]:
            return A.ACT
        if A.BEAR in legal and self._cost(st, s, total) >= st.stamina[s]:
            return A.BEAR  # about to faint: give up this move for a full refill
        if total == 0:
            # Standing still changes nothing (no move, no draw) unless buff C gives stamina
            # back: move even into a faint, which refills (LM-FAINT-3), or drop Free Forced
            # Rest's 2 weight in a round that has no move to lose (LM-EVENT-19).
            if A.ACT in legal and not S.has_buff(st, s, "C"):
                return A.ACT
            if A.FFR in legal and over > 0 and (not st.o.stop_next_round or A.ACT not in legal):
                return A.FFR
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
            if heavy and S.excess(st, s) > 0:
                if st.bear_next[s] and not st.o.bear_on_return and A.DONE in legal:
                    # a faint now would cost the pending Bear refill (LM-AMB-51)
                    cards = st.pd["picked"] + [heavy[0] - A.PICK]
                    run = len(cards) if st.o.travel_cards else sum(C.weight(st, c) for c in cards)
                    if self._cost(st, s, run) >= st.stamina[s]:
                        return A.DONE
                return heavy[0]
            return A.DONE if A.DONE in legal else heavy[0]
        if A.DONE in legal and not heavy:
            return A.DONE
        return heavy[0] if heavy else legal[0]
