"""Resampling Snow Tails' hidden draws and discards from a seat's view (issue 21).

Each seat draws from its own deck in secret and discards in secret (ST-SETUP-2, ST-REFILL-2),
but plays its cards face up (ST-PLAY-1..4). Drawn blindly, another seat's hand soon fails to
hold the cards it later played: a few rounds into a race almost no blind draw explains them
all. This module is the state's ``resample_proposal`` hook for the core's resampler
(:func:`racekit.core.views.resample`). At another seat's hidden entry it keeps only the
outcomes that leave the seat's later public plays possible:

- every later play takes cards of its value from the hand, or from the seat's hidden draws
  before it (a deadline for each card the hand lacks: Hall's condition on the deadlines);
- the seat's next ``deck_size`` draws come from its present deck (shown to all), so the cards
  only those draws can bring must be in that deck, value by value (ST-AMB-13: the discards are
  reshuffled only once the deck is empty);
- a hidden discard never lets go of a card a later play needs.

These are necessary conditions; the core drops a world that still goes wrong. Among the
draws kept the odds are the node's, renormalised, and a discard is drawn uniformly among those
kept; the core weights the world back for both (the share of probability, or of the legal
discards, the proposal kept). It
reads only the viewer's history, who acted, whose secret each entry is, and the world being
built.
"""
from __future__ import annotations

from bisect import bisect_left

from racekit.core.state import CHANCE

from . import actions as A
from .consts import P_DEAL, P_DISCARD, P_DRAW


def _plan(view, actors, owners):
    """Per seat: its public plays ``[(ply, value, cards)]`` and the plies of its hidden draws."""
    plays: dict = {}
    draws: dict = {}
    for k, a in enumerate(view):
        who = actors[k]
        if a is None:
            if who == CHANCE and type(owners[k]) is int:
                draws.setdefault(owners[k], []).append(k)
        elif who >= 0 and A.kind(a) == A.PLAY:
            parts = [v for v in A.play_parts(a) if v]
            if parts:
                plays.setdefault(who, []).append((k, parts[0], len(parts)))
    return plays, draws


def feasible(hand, deck, start, plays, draws) -> bool:
    """Whether a seat holding ``hand`` (counts by value, index 1..5) with ``deck`` (its present
    deck, the same) before ply ``start`` can still make its public ``plays`` from then on with
    its hidden ``draws`` (plies), as the module docstring says."""
    held = list(hand)
    need = []   # (deadline ply, value) of each card the hand does not cover
    for j, v, cards in plays[bisect_left(plays, (start, -1, -1)):]:
        take = min(held[v], cards)
        held[v] -= take
        need.extend([(j, v)] * (cards - take))
    if not need:
        return True
    mine = draws[bisect_left(draws, start):]
    if len(mine) < len(need):
        return False
    present = sum(deck[1:6])   # the next draws that come from the present deck
    forced = [0] * 6
    supply = 0
    for i, (j, v) in enumerate(need):   # deadlines in order (plays are in ply order)
        while supply < len(mine) and mine[supply] < j:
            supply += 1
        if i + 1 > supply:   # Hall: fewer draws before this play than cards it lacks by then
            return False
        if supply <= present:   # only draws from the present deck come in time
            forced[v] += 1
    return all(forced[v] <= deck[v] for v in range(1, 6))


def proposal(st, k, view, actors, owners, memo):
    """The ``resample_proposal`` hook (see the module docstring): at another seat's hidden
    draw, ``(value, probability)`` pairs (``None``: every value fits, the node's odds; ``[]``:
    none fits); at its hidden discard, the discards that fit (``None``: all)."""
    plan = memo.get("snow_tails")
    if plan is None:
        plan = memo["snow_tails"] = _plan(view, actors, owners)
    plays, draws = plan
    if st.ph in (P_DRAW, P_DEAL) and st._cp == CHANCE:
        o = st.draw_seat
        mine_plays, mine_draws = plays.get(o, ()), draws.get(o, ())
        pairs = st._chance_outcomes()
        allowed = []
        for v, p in pairs:
            hand, deck = list(st.hand[o]), list(st.deck[o])
            hand[v] += 1
            deck[v] -= 1
            if feasible(hand, deck, k + 1, mine_plays, mine_draws):
                allowed.append((v, p))
        if len(allowed) == len(pairs):
            return None
        mass = sum(p for _, p in allowed)
        return [(v, p / mass) for v, p in allowed]
    if st.ph == P_DISCARD and st._cp >= 0:
        o = st._cp
        legal = st.legal_actions()
        ok = []
        for a in legal:
            v = A.decode(a)[1]
            hand = list(st.hand[o])
            hand[v] -= 1
            if feasible(hand, st.deck[o], k + 1, plays.get(o, ()), draws.get(o, ())):
                ok.append(a)
        return None if len(ok) == len(legal) else ok
    return None
