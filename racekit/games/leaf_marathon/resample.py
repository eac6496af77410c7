"""Resampling Leaf Marathon's hidden card draws from a seat's view (issue 21).

The core's resampler (:func:`racekit.core.views.resample`) rebuilds every entry private to
another seat by a backtracking search. Cards change hands in many ways (draws, the opening
exchange, blind picks of a trade or a scavenge, Release, Butterfingers, the leg change,
reshuffles of the discard pile), and another seat's public plays tell which cards it held: late
in a race almost no blindly drawn world explains them all. This module is the state's
``resample_proposal`` hook, the search's pruning and ordering. At another seat's hidden entry
it keeps only the outcomes that leave the view possible, by necessary conditions:

- the seat can still make every later public card use (action, armor, recovery, element,
  trigger, weapon given, 2-for-3, shed, Resin Ball) from what it holds and its later hidden
  draws and blind picks (a bipartite matching of uses to draws before them; in the searches
  from nothing that redirect, after a ply where its public hand size is 0, not amid a trade
  that gives every card back, only draws after it meet a use: race 223, ply 275), and holds no
  trigger card at an "end turn" unless something may take it first (each hidden pick or
  selection entry takes one card at most) (:func:`_feasible`): a
  Butterfingers or Release selection gives up trigger cards only last, so the public hand
  size after it says how many stay (and, in the searches from nothing that redirect, where
  the seat surely holds at least that many, no other card of the hand the check starts from
  stays, once the cards seen given at it are counted), and Travel Light and Barter never take
  one (LM-AMB-50: one that leaves the seat no card says it held no plain trigger card, an
  "end turn" mark at its first pick, :func:`_plan`; not under ``trigger_discard =
  any_use``);
  a seat that declines a Resin Ball holds an action card then and keeps it, and one that
  rolled Resin Ball and was asked nothing holds none, unless it may have lost a card since
  it surely held one (d20.resolve asks only a seat that holds an action card, LM-EVENT-09);
  a hidden blind pick from the seat takes one of its cards (:func:`_losses_fit`); at a
  Scavenge and Release the viewer rolled, the target gets the cards the viewer picked (a
  slot of each one's type; where no target was asked, the one seat whose public hand grew by
  those cards is the target), and at one another seat rolled whose hidden picks the viewer's
  hand shows it got, those picks are uses of the cards it got (LM-EVENT-13); where another
  seat gives cards by hidden picks, the seat it gives to (each other seat, where the view
  does not name it) gets a slot at each pick; one that moves an equipped armor card into a
  hand gives that hand a slot of that type (:func:`_armor_to`), and one that asked nothing
  more and changed no hand size changes no hand; only where none of these holds does the
  plan stop following the hands that may change (:func:`_changing_hands`);
- at a draw, the seat is light enough at its later movement steps: a seat that moved ``m``
  squares had a movement total of at least ``m``, so its hand weighed at most its limit plus
  its movement value and action bonus less ``m`` (:func:`_light_enough`, from the cards it
  surely still holds then, at the Magic Bind level the view shows); and heavy enough where
  only its total can have stopped it (leaf and forest squares, no roadblock near, no faint
  in the run): its total was ``m``, so where movement value and bonus exceed ``m`` its hand
  weighed at least the limit plus the difference (:func:`_heavy_enough`, from the most the
  hand can weigh then);
- at a draw, the seat's next hidden blind picks (a trade, a scavenge) leave both their
  seats' later uses possible, from the hands they hold now and their draws before, each
  card taken held from its pick on (:func:`_pair_fits`); and where the picks go both ways (a
  Forced Trade), the two hands as one pool: each seat's uses before the picks from its own
  hand and draws, then both seats' uses up to their next card from what the two have left,
  and no more plain trigger cards left than they play before their turns end
  (:func:`_pool_fits`, also at a hidden discard before the trade); a Butterfingers or
  Release selection before the picks keeps trigger cards first, so of the others the seat
  keeps at most its public hand size after it less the trigger cards it surely holds
  (:func:`_kept_before`, LM-AMB-50);
- the present draw pile can still be dealt out to every draw up to its last card: the viewer
  draws the types it saw, each seat the cards its uses need, and no seat more trigger cards
  than it can play before its next "end turn" (:func:`_pile_fits`; nor one kept for a use
  past such an "end turn", :func:`_share`); and the pile reshuffled
  after it can hold the cards the viewer saw itself draw from it and those the other seats'
  uses need from it (beyond their spare draws from the present pile; a need that comes
  before the seat's first draw from it is one of the present pile, and one that comes up to
  its first card coming at or after the reshuffle that ends it is one of it,
  :func:`_later_stop`), given the cards the seats surely still hold at the reshuffle and
  those on the element piles or equipped then (public, LM-AMB-43) (:func:`_next_pile_fits`);
- a blind pick keeps both the victim's and the taker's later uses possible (:func:`_blind`),
  and at the first pick of a run between two seats some sharing of their cards (each its
  public hand size after the run) lets both make their later uses (:func:`_split_fits`; at a
  dead end there, the seat whose use is not met and the types it runs short of, or the
  trigger cards too many: :func:`_pool_hint`); a hidden discard keeps the discarding
  seat's (:func:`_select`), and a Release gives the receiver cards it can hold with some
  choice of the rest it may still get; a deal or keep never contradicts the characters the
  viewer sees;
- another seat's Travel Light moves it by what the cards it discards weigh (LM-EVENT-02), and
  the view shows where it ends: the first world of a call to reach the selection tries each
  total with the engine's own selection and keeps those that leave the seat where the view
  shows it (:func:`_travel_choice`; the sand, a roadblock or the finish may make several
  totals look alike); from then on in the call, the seat's hand before it holds or draws in
  time a set of cards of a kept total besides its later uses (:func:`_feasible`), and its
  picks stay within one such set (:func:`_weighed`);
- a Forced Trade whose taker held no card (its public hand size) gives back only the cards
  it took (the victim takes them back): no hand changes, and its picks are left out of the
  plan (:func:`_empty_trades`).

An empty proposal is a dead end: ``memo["culprits"]`` names the seats whose own earlier
entries are to blame (the seats whose cards are in doubt: at a trade or a Release the other
seat too, but not a seat that holds no card), or ``memo["wanted"]`` the card types the pile
lacks, so the search goes back to the latest hidden draw that took one, or
``memo["missing"]`` the draws and picks a Release's receiver could take, so it first retries
the latest entry of either seat that may still draw or take one; where the giver must give
every card it has left and one of their types is what the receiver cannot take,
``memo["unwanted"]`` names the giver and the draws and picks of that type, so the search goes
back first to the giver's entry that brought one (:func:`_unwanted`). Where the pile lacks a
type that a seat's own uses need from it, in a search the core lets redirect
(``memo["redirect"]``: a repair of a kept world or of its beginning, every other retry and
the last resort's final search), and that search (a search from nothing; the repairs of one
call count together: :func:`_short_count`) has met that dead end at the same ply more than
``_SHORT_AFTER`` times, the seat held such a card earlier than the world built so far says
(it went to another seat long before): the dead end names that seat, ``memo["missing"]`` its
draws of the type and ``memo["unwanted"]`` the blind picks of that type it was party to (the
core cannot tell a pick from the seat from one by it: an order to try, every world is still
checked; such a pick, where one has an alternative left, is retried before the draw). In the
first search from nothing the same redirect found no more worlds (stop 38's sweep, rerun at
stop 42), so there the dead end is as before. The retries, which run only where that search
failed, alternate between the two: a different search rather than the same one again (race
171, ply 495: 3 of 8 searches from nothing found a world within 2,000 steps with it, 1 of 8
without; one position and few tries, so a hint, not a measured gain). Where the pile holds no
card of any type the drawing seat may take (after the viewer's own later draws) and nothing
else explains it (no type the pile lacks, no seat short of draws, not too many trigger
cards), ``memo["unwanted"]`` names the seats that hold more of those types than their public
uses still play (:func:`_surplus`), so the search first retries the latest of their draws
that took one, its other types first, rather than the latest draw of any seat (race 179, ply
1,001: a seat had hoarded action cards; searches from nothing found a world within 1,000
steps 17 times in 168 with it, 7 in 168 without: likely better there, not certain, Fisher's
p = 0.055, the same 168 sets of numbers both ways; at race 171's ply 495 the same 2 of 12
either way). Unlike the short-seat redirect it acts in every search, a call's first one
included, so it changes which worlds a seat is given; it was measured at those two positions
only. Where the two hands of a trade ahead cannot make their uses (:func:`_pool_fits`,
:func:`_pair_fits`), the dead end names the other seat of the trade unless it holds no card
(then the drawing seat), and ``memo["unwanted"]`` the seats holding a card of a type the two
hold more of than they play again (:func:`_junk`), so the search first retries the entry that
brought it (race 15, ply 546: an effect card seat 2 drew long before; searches from nothing
at the ends of the 17 races kept before stop 50, numbers 1 to 8: 97 of 136 found a world
within 1,000 steps with this and the two checks above, 87 of 136 without: 12 gained and 2
lost, likely better, not certain, McNemar's p = 0.013, most of it in three races; 100 of 136
with :func:`_later_stop`'s longer window too). The searches from nothing that redirect
(``memo["redirect"]`` and ``memo["fresh"]``: every other retry and the last resort's final
search) also read where another seat's public hand size falls to 0 (:func:`_needs`,
:func:`_match_emptied`: no card held or drawn before meets a later use) and a Butterfingers
or Release selection that keeps only trigger cards; the first search of a call and the
repairs do not, as in a first search they found fewer worlds (stop 51: 46 of 72 against 50 at
the ends of the 18 kept races, numbers 1 to 4), and in the searches that redirect about as
many (44 of 72 against 41) but others (race 223's end: 1 of 4, none before): the retries that
redirect search in a second way where the others fail. Among the outcomes kept the odds are
the node's (renormalised; the core weights the world back). It reads only the viewer's
history, who acted, whose secret each entry is, and the world being built.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from functools import partial
from itertools import combinations_with_replacement, islice, product
from typing import NamedTuple

from racekit.core.state import CHANCE

from . import actions as A
from . import cards as C
from . import move

# the plain card each public play-turn use takes from the hand (turn.apply)
_USES = {A.ACT: (C.ACTION,), A.ACT_TRIGGER: (C.ACTION,), A.EQUIP: (C.ARMOR,),
         A.RECOVER: (C.RECOVERY,), A.TRIGGER: (C.TRIGGER,)}


_END = -1   # an "end turn" in the plan: no plain trigger card is held then (turn.legal)
_NEAR = 12   # plies: a victim's hand now tells what a blind pick this soon can take
_LAST_DROP = -3   # a later hidden selection (Butterfingers, Release...): a trigger card only last
_HAND_EVENTS = (13, 16)   # d20: Scavenge and Release, Rewind (may repeat it)
_TOO_MANY = -9   # _pile_fits: more trigger cards left than the seats can play in time
_NEXT = -11   # _next_pile_fits: (_NEXT, type, seat): the next pile lacks a type the seat needs
_SHORT_AFTER = 16   # dead ends at one ply, in one redirecting search (memo["redirect"]) from
# nothing, or in all the repairs of one call together (of one run of its give-up schedule,
# ``resample_repeats``), where a seat's uses need a type the pile
# lacks, before the search is sent to that seat's own entries (_short_count)
_NEEDY = -13   # _pile_fits: (_NEEDY, type, seat): the present pile lacks a type the seat's
# uses need from it (the seat may have held one earlier than the world says)
_DROP = -2  # the opening exchange, or a blind pick from the seat: a trigger card may leave
_LOSE = -5   # a hidden blind pick from the seat: it loses one card, of any type
_ANY = -6   # a need any card meets (a loss met by a hidden draw before it)
_GAIN = -7   # a card that comes to the hand outside draws and may be lost (a special card
# a holder event leaves, a weapon given to it)
_MAX_LOSSES = 3   # losses looked at together (each tried on every card type held)
_FFR_GAIN = -4   # a holder event that may leave Free Forced Rest in the hand (never given away)
_TYPED = {c: frozenset((c,)) for c in range(8)}   # _match: a slot that takes one known type
_KEEP0 = -100   # _KEEP0 - h: a selection that gives up held trigger cards only last, after
# which the seat holds h cards (public): it keeps min(triggers, h - Free Forced Rest cards)
_CHOOSE_ONLY = (2, 5)   # d20 Travel Light, Barter: the seat selects, never a held trigger card
_LAST_ONLY = (11, 13)   # d20 Butterfingers, Release: held trigger cards only when nothing else


_HOLD_ACT = -10   # the seat holds an action card: it declined a Resin Ball (d20.resolve asks
# only a seat that holds one); it keeps the card
_NO_ACT = -20   # the seat holds no action card: a Resin Ball it rolled found none (no question
# followed); sorts before a _GONE of the same ply (the d20's own)
_GONE = -12   # a card may leave the hand at this ply in a way ``uses`` does not say (``gone_at``)
_LOSSES = (_DROP, _LAST_DROP, _LOSE, _GONE)   # uses where a card of any type may leave (and
# ``_KEEP0 - h``)

_PLAIN_GROUND = ("leaf", "forest")   # squares where only a pony's total stops it (move.py)
_PLAIN = ~C.DOUBLED   # a card code without its Magic Bind mark (:func:`_kind` uses it)


def _short_count(memo) -> Counter:
    """The short-seat dead ends per ply (``_SHORT_AFTER``) of this search where it starts from
    nothing (``memo["fresh"]``; ``memo["search"]``: the core numbers a call's searches), and
    of all the call's repairs of kept worlds together (each run of the call's give-up
    schedule, ``resample_repeats``, starts with a fresh memo). A search from nothing that started
    with the counts its call's earlier searches left redirected at the first dead end there
    and found fewer worlds: at race 223's end (tests/fixtures/lm_ismcts_stop_223_4p.json,
    1,000 steps each, numbers 101 to 140) redirecting searches found a world 4 times in 40
    each with its own counts and none in 40 with the counts carried from one to the next
    (stop 52)."""
    key = memo.get("search") if memo.get("fresh") else "repairs"
    return memo.setdefault("leaf_marathon_short", {}).setdefault(key, Counter())


def _kind(code: int) -> int:
    """The plain type of hand card ``code`` (below 8), the Magic Bind mark dropped (a bound
    card is still a card of its type, LM-AMB-25); 8 or more for a special or received card."""
    return code & _PLAIN


def _group(code: int) -> int:
    """Card ``code``'s plain type, or -1 for a special or received card (they stand together
    for a Travel Light discard: :func:`_travel_choice`)."""
    return _kind(code) if _kind(code) < 8 else -1


def _other(code: int) -> bool:
    """Whether hand card ``code`` is a special or received card other than Free Forced Rest
    (``cards.protected``: never discarded by choice). Held trigger cards count too, also under
    ``trigger_discard = play_only`` (where they may not be chosen): a count that is only ever
    too large, which keeps the look-ahead weaker, never wrong."""
    return _kind(code) >= 8 and not C.protected(code)


def _moved(st, code: int) -> int:
    """Card ``code`` as it reaches the hand of the seat taking it (d20.transfer: the received
    mark clears under ``received_mark = holder``, LM-AMB-42)."""
    return code & ~C.RECEIVED if st.o.received_holder else code


def cards_used(action: int) -> tuple:
    """Plain card codes (types, below 8) that a public play-turn use ``action`` takes from the
    hand; labelled or received cards (never drawn as such) are left out."""
    if action in _USES:
        return _USES[action]
    if A.ELEMENT <= action < A.ELEMENT + 4:
        return (C.ELEMENT,)
    if A.GIVE <= action < A.GIVE + 10:
        return (C.WEAPON,)
    if A.TWO3 <= action < A.TWO3 + A.CODES:
        other = action - A.TWO3
        return (C.ACTION,) + ((_kind(other),) if _kind(other) < 8 else ())
    if A.SHED <= action < A.SHED + A.CODES * A.CODES:
        return tuple(_kind(c) for c in A.shed_cards(action) if _kind(c) < 8)
    return ()


def _seen_deals(view, actors, owners):
    """The viewer's own deals it saw: ``{ply: roster index}`` (private entries at chance)."""
    return {k: a - A.DEAL for k, a in enumerate(view)
            if a is not None and actors[k] == CHANCE and owners[k] is not None
            and A.DEAL <= a < A.DEAL + A.KEEP_CHAR_MAX}


def _exits(c) -> bool:
    """Whether plan entry code ``c`` may take a held trigger card out of the hand."""
    return c in (C.TRIGGER, _DROP, _LAST_DROP) or c <= _KEEP0


def _plan(view, actors, owners, views=None, any_use=False, resin_keep=False,
          butter_random=False, marks_clear=False):
    """Per seat: its public card uses ``[(ply, code)]``, its hidden chance plies (draws, and
    blind picks it takes), the plies where it takes cards blind, the plies where its hand may
    change otherwise (Scavenge and Release), after which its uses are not foreseen, the
    viewer, each blind pick's victim, the hidden blind picks, the plies where a card may leave
    the hand unforeseen, the piles after reshuffles, the plies of its uses that end a turn or
    may take a trigger card (``marks``), the plies where a card may come to the hand, the
    blind picks of trades that change no hand (``plan[12]``, below) and, for each pile after a
    reshuffle, the cards of each type outside the piles and hands then (``plan[13]``:
    :func:`_out_of_play`, where the views account for them).

    Another seat's hidden selection in the play turns is told by the d20 it rolled just before
    (public; only its own choices come between; such a selection is a play turn's even where
    no "end turn" was seen yet): Travel Light and Barter never give up a held trigger card (one
    that leaves the seat no card says it held none: an "end turn" mark at its first pick),
    Butterfingers and Release only when nothing else is left, so the seat keeps
    as many as its hand size after the selection allows (``views``: ``snapshot`` after each
    ply, whose hand sizes are public; LM-AMB-50). Under ``any_use`` (``trigger_discard =
    any_use``), and at any other selection (the leg change), one may leave. Under
    ``resin_keep`` (``resin_hold = keep_as_special``) a Resin Ball play uses no plain card.
    Under ``butter_random`` (``butterfingers_pick = random``) the hidden chance entries of the
    seat right after its Butterfingers are blind picks from its own hand, not draws, and the
    viewer's own (seen) ones are uses of the cards they take. A reshuffle shows as a pile
    that grows or a discard pile that shrinks (a one-card pile reshuffled keeps its size).
    A hidden trade whose taker held no card changes no hand (:func:`_empty_trades`): its
    picks are left out of the plan and listed last (``plan[12]``), unless ``marks_clear``
    (``received_mark = holder``: a received card taken and taken back loses its mark)."""
    uses: dict = {}
    draws: dict = {}
    blinds: dict = {}
    cuts: dict = {}
    viewer = None   # the seat whose view this is: its private entries are the ones seen
    victim_of: dict = {}   # blind pick ply -> the seat it takes from
    hidden_blinds: dict = {}   # hidden blind pick ply -> (taker, victim)
    gone_at: dict = {}   # seat -> plies where its hand may lose a card not in ``uses``
    turns = False   # a play turn has ended (_DROP and _LAST_DROP: labels read alike)
    prev_d20 = None   # the latest d20 event but Rewind (None: none seen, or a set-up's)
    rolled = None   # (seat, event, ply) of a d20 whose selection may follow
    butter = None   # (seat, ply) of the next random Butterfingers pick (butter_random)
    gifts: dict = {}   # seat -> plies where it gets a card the viewer gave it (_seen_gift)
    for k, a in enumerate(view):
        who = actors[k]
        if rolled is not None and k > rolled[2] and (who != rolled[0] or a == A.END):
            rolled = None   # another seat or chance acted, or the turn ended: not its selection
        if a is not None and type(owners[k]) is int:
            viewer = owners[k]
        if a is None:
            owner = owners[k]
            if who == CHANCE and butter == (owner, k):   # a card Butterfingers takes at
                butter = (owner, k + 1)   # random from the seat's hand: a loss, not a draw
                owner = (owner, owner)
            if who == CHANCE and type(owner) is tuple:   # a blind pick: (taker, victim)
                victim_of[k] = owner[1]
                hidden_blinds[k] = owner   # the victim loses a card (maybe a trigger card)
                gone_at.setdefault(owner[1], []).append(k)
                uses.setdefault(owner[1], []).append((k, _DROP))
                uses[owner[1]].append((k, _LOSE))
                blinds.setdefault(owner[0], []).append(k)
                # the taker gets it (a Butterfingers pick at random only discards it)
                owner = owner[0] if owner[1] != owner[0] else None
            if who == CHANCE and type(owner) is int:
                draws.setdefault(owner, []).append(k)
            if who >= 0:   # the opening exchange: any card may go back; later selections
                # as the d20 before says (this function's docstring)
                gone_at.setdefault(who, []).append(k)
                # a d20 the seat rolled just before: a play turn's selection, even where no
                # "end turn" was seen yet (the opening exchange comes before any d20, and a
                # turn may end without one: seat 2's at its d20, race 210, ply 65)
                event = rolled[1] if rolled is not None and rolled[0] == who else None
                first = not (view[k - 1] is None and actors[k - 1] == who)   # its first pick
                uses.setdefault(who, []).append(
                    (k, _DROP if not turns and event is None else _LAST_DROP))
                if not any_use and event in _CHOOSE_ONLY:
                    uses[who].pop()
                    e = _selection_end(view, actors, k, who) if first else len(view)
                    if views is not None and e < len(views) and \
                            views[e]["seats"][who].get("hand_size") == 0:
                        # it let go of every card, and a plain trigger card would have
                        # stayed: none was held at its first pick (read once, there)
                        uses[who].append((k, _END))
                elif not any_use and event in _LAST_ONLY and views is not None:
                    e = _selection_end(view, actors, k, who)   # the cards leave then
                    size = views[e]["seats"][who].get("hand_size") \
                        if e < len(views) else None
                    if type(size) is int:
                        uses[who][-1] = (k, _KEEP0 - size)
                if event == 13 and views is not None and viewer is not None \
                        and who != viewer and first:
                    for j, c in _released_to(view, actors, views, k, who, viewer) or ():
                        uses[who].append((j, c))   # the cards the viewer got: it held them
        elif who == CHANCE and butter == (owners[k], k):   # a random Butterfingers pick
            butter = (owners[k], k + 1)   # the viewer saw (its own): the card leaves its hand
            code = a - A.BLIND
            if _kind(code) < 8:
                uses.setdefault(owners[k], []).append((k, _kind(code)))
            else:
                gone_at.setdefault(owners[k], []).append(k)
        elif who == CHANCE and type(owners[k]) is tuple and A.BLIND <= a < A.BLIND + A.CODES:
            taker, victim = owners[k]   # a blind pick the viewer saw (it took or lost the card)
            code = a - A.BLIND
            if taker != victim:
                if _kind(code) < 8:
                    uses.setdefault(victim, []).append((k, _kind(code)))
                # the taker's slot brings the card seen: a card of that type (a received
                # weapon may lose its mark, received_mark = holder)
                victim_of[k] = _TYPED[_kind(code) if _kind(code) < 8 else code & 7]
                draws.setdefault(taker, []).append(k)
                blinds.setdefault(taker, []).append(k)
        elif who >= 0:
            if A.PICK <= a < A.PICK + A.CODES:   # a selection the viewer saw
                gone_at.setdefault(who, []).append(k)
            if a == A.END:
                turns = True
                uses.setdefault(who, []).append((k, _END))
            elif a in (A.TRIGGER, A.ACT_TRIGGER) and k + 1 < len(view) and \
                    actors[k + 1] == CHANCE and view[k + 1] in _HAND_EVENTS and \
                    (view[k + 1] != 16 or prev_d20 in (None, 13)):
                # the d20 (public) says Scavenge and Release (or Rewind repeating it, or an
                # event the view does not show): armor or chosen cards may change hands (a
                # trade's and a scavenge's blind picks are in the plan; a swap moves ponies)
                gift = _seen_gift(view, actors, k, who, views)
                # it gave the viewer the cards the viewer's hand shows: only the picks (in
                # the plan) change hands
                to_viewer = viewer is not None and who != viewer and views is not None and \
                    k + 2 < len(view) and view[k + 2] is None and actors[k + 2] == who \
                    and _released_to(view, actors, views, k + 2, who, viewer) is not None
                hidden_gift = None if gift is not None else _hidden_gift(view, actors, k, who)
                armor = _armor_to(view, actors, k, who, views)
                armor = armor if armor is not None and armor[0] != viewer else None
                if armor is not None:   # an armor card comes to one hand: a slot of that
                    s2, j = armor       # type (as a seen pick), no cut
                    victim_of[j] = _TYPED[C.ARMOR]
                    draws.setdefault(s2, []).append(j)
                    blinds.setdefault(s2, []).append(j)
                    gifts.setdefault(s2, []).append(j)
                for s2 in () if to_viewer or armor is not None else [gift[0]] \
                        if gift is not None else _changing_hands(view, actors, owners, k, who,
                                                                 views):
                    if gift is not None and s2 == gift[0]:   # the target gets the cards seen
                        for j, code in gift[1]:   # a slot of each one's type (as a seen pick)
                            victim_of[j] = _TYPED[_kind(code) if _kind(code) < 8 else code & 7]
                            draws.setdefault(s2, []).append(j)
                            blinds.setdefault(s2, []).append(j)
                            gifts.setdefault(s2, []).append(j)
                        continue
                    if hidden_gift is not None and s2 != viewer and \
                            hidden_gift[0] in (s2, None):   # (None: any seat may be the one
                        for j in hidden_gift[1]:   # it gives to) each pick: a card of a type
                            victim_of[j] = who     # the giver holds (as a blind pick from it)
                            draws.setdefault(s2, []).append(j)
                            blinds.setdefault(s2, []).append(j)
                            gifts.setdefault(s2, []).append(j)
                        continue
                    cuts.setdefault(s2, []).append(k + 1)
            if a in (A.TRIGGER, A.ACT_TRIGGER) and k + 1 < len(view) and \
                    actors[k + 1] == CHANCE and view[k + 1] is not None:
                e = view[k + 1]
                rolled = (who, prev_d20 if e == 16 else e, k + 1)
                if butter_random and rolled[1] == 11:
                    butter = (who, k + 2)
                if e in (16, 19):   # Free Forced Rest (or Rewind) may come back as a special card
                    uses.setdefault(who, []).append((k + 1, _FFR_GAIN))
                if e in C.HOLDER_EVENTS or e == 16:   # a special card stays in the hand
                    uses.setdefault(who, []).append((k + 1, _GAIN))
                if e in (9, 16):   # Resin Ball may turn an action card into a special card
                    gone_at.setdefault(who, []).append(k + 1)
                if rolled[1] == 9 and not resin_keep and _no_resin_question(view, actors, k + 1,
                                                                         who):
                    uses.setdefault(who, []).append((k + 1, _NO_ACT))
                if e != 16:
                    prev_d20 = e   # the event a Rewind repeats (d20.task_d20)
            elif A.RESIN <= a < A.RESIN + 10 and not resin_keep:   # Resin Ball: an action
                uses.setdefault(who, []).append((k, C.ACTION))   # card it held (d20.resin); kept
                # as a special card (resin_hold = keep_as_special) it was one at an event 9
                # the view does not tell apart from one that found no action card
            elif a == A.NO_RESIN and not resin_keep:   # asked only while it holds an action
                uses.setdefault(who, []).append((k, _HOLD_ACT))   # card, and it keeps it
            elif A.GIVE <= a < A.GIVE + 10:   # the target may get the weapon (turn.apply)
                uses.setdefault(a - A.GIVE, []).append((k, _GAIN))
            for code in cards_used(a):
                uses.setdefault(who, []).append((k, code))
    noop = set() if views is None or marks_clear else _empty_trades(hidden_blinds, views)
    for j in noop:   # the victim gets back every card taken: nobody's hand changes
        taker, victim = hidden_blinds.pop(j)
        victim_of.pop(j, None)
        uses[victim] = [u for u in uses[victim] if u[0] != j]
        gone_at[victim].remove(j)
        draws[taker].remove(j)
        blinds[taker].remove(j)
    for s2, plies in cuts.items():
        gone_at.setdefault(s2, []).extend(plies)
    for s2, plies in gone_at.items():
        plies.sort()
        uses.setdefault(s2, []).extend((j, _GONE) for j in plies)
    for s2, v in uses.items():
        v.sort()   # in ply order (a d20's entry comes before the play's own cards)
        uses[s2] = v = _Uses(v)
        if views is not None and s2 != viewer:   # the plies after which its hand is empty
            sizes = [snap["seats"][s2].get("hand_size") for snap in views]   # (public; not
            v.seen_empty = tuple(m for m in range(len(sizes))   # amid a trade that gives
                                 if sizes[m] == 0 and (m == 0 or sizes[m - 1] != 0)   # the
                                 and m not in noop)   # cards back, whose picks are out of
            # the plan); read only in the searches that redirect from nothing (proposal)
    grown = [j for j in range(1, len(views or ()))   # a reshuffle (LM-DRAW-2): the pile grew,
             if views[j].get("pile", 0) > views[j - 1].get("pile", 0)   # or the discard pile
             or views[j].get("discard", 0) < views[j - 1].get("discard", 0)]   # went into it
    piles = {}   # the ply a pile starts -> the card types the viewer saw itself draw from it
    for i, r in enumerate(grown):
        end = grown[i + 1] if i + 1 < len(grown) else len(view)
        end += views[end - 1]["pile"] > 0 if end < len(view) else 0
        # (a draw at r itself took the old pile's last card where one was left before it)
        first = r + 1 if views[r - 1].get("pile", 0) > 0 else r
        piles[r] = Counter(view[j] - A.DRAW for j in range(first, end)
                           if actors[j] == CHANCE and view[j] is not None
                           and A.DRAW <= view[j] < A.DRAW + len(C.TYPE_NAMES))
    outs = {}   # the ply a pile starts -> card types out of the piles then (public; the
    for r in piles:   # reshuffle is the last thing its ply does: flow.task_draw)
        got = _out_of_play(views[r])
        if got is not None:
            outs[r] = got
    marks = {s2: ([j for j, c in v if c == _END], [j for j, c in v if _exits(c)],
                  [j for j, c in v if c != C.TRIGGER and _exits(c)]) for s2, v in uses.items()}
    came: dict = {}   # per seat, the plies where a card may come to its hand (for _match)
    for k in range(len(view)):
        owner = owners[k]
        if actors[k] == CHANCE and type(owner) is int:   # a draw, seen or not
            came.setdefault(owner, []).append(k)
        elif actors[k] == CHANCE and type(owner) is tuple and owner[0] != owner[1] \
                and k not in noop:
            came.setdefault(owner[0], []).append(k)   # a blind pick it takes
    for s2, v in uses.items():
        came.setdefault(s2, []).extend(j for j, c in v if c in (_GAIN, _FFR_GAIN))
    for s2, plies in gifts.items():
        came.setdefault(s2, []).extend(plies)
        draws[s2].sort()
        blinds[s2].sort()
    for s2, plies in cuts.items():
        came.setdefault(s2, []).extend(plies)
    for v in came.values():
        v.sort()
    movements, lost = _loads(view, actors, owners, views, viewer)
    for s2 in lost:
        lost[s2] = [j for j in lost[s2] if j not in noop]
    return uses, draws, blinds, cuts, viewer, victim_of, hidden_blinds, gone_at, piles, marks, \
        came, (movements, lost), noop, outs


def _out_of_play(snap):
    """The cards of each type outside the piles and hands in a public view (``snapshot``):
    element cards on the seats' element piles and equipped armor cards (LM-AMB-43: both
    public), as a Counter; ``None`` where those do not account for every card outside the piles
    and hands (a card in play at that moment) or the view does not show them."""
    seats = snap.get("seats")
    if not isinstance(seats, list) or not all(isinstance(x, dict) for x in seats):
        return None
    try:
        out = Counter({C.ELEMENT: sum(len(x["element_buffs"]) for x in seats),
                       C.ARMOR: sum(x["armor"] is True for x in seats)})
        rest = snap["cards_total"] - snap["pile"] - snap["discard"] - \
            sum(x["hand_size"] for x in seats)
    except (KeyError, TypeError):
        return None
    return out if rest == sum(out.values()) else None


def _empty_trades(hidden, views) -> set:
    """The plies of the hidden blind picks of trades that change no hand: ``n`` picks by a seat
    that held no card (its public hand size just before, ``views``) from another, then ``n``
    back, which can take only the cards it took (d20.count_chosen, task_trade_back:
    LM-EVENT-08, LM-AMB-35). ``hidden``: ply -> (taker, victim)."""
    out: set = set()
    plies = sorted(hidden)

    def run(start, pair):   # how many picks in a row from ``plies[start]`` on are ``pair``'s
        n = 0
        while start + n < len(plies) and plies[start + n] == plies[start] + n and \
                hidden[plies[start + n]] == pair:
            n += 1
        return n

    i = 0
    while i < len(plies):
        j = plies[i]
        s, t = hidden[j]
        n = run(i, (s, t))
        back = run(i + n, (t, s)) if i + n < len(plies) and plies[i + n] == j + n else 0
        if s != t and back == n and 0 < j <= len(views) and \
                views[j - 1]["seats"][s].get("hand_size") == 0:
            out.update(range(j, j + 2 * n))
            i += 2 * n
        else:
            i += n
    return out


def _no_resin_question(view, actors, d, who) -> bool:
    """Whether the Resin Ball that seat ``who`` rolled at ply ``d`` (or a Rewind repeating
    it) surely asked it nothing: its next decision in the view is seen and is not a Resin Ball
    answer (d20.resolve asks only a seat holding an action card, at once). ``False`` where the
    view ends first, hides that decision or shows another seat deciding first."""
    for j in range(d + 1, len(view)):
        if actors[j] == CHANCE:
            continue
        if actors[j] != who or view[j] is None:
            return False
        a = view[j]
        return not (a == A.NO_RESIN or A.RESIN <= a < A.RESIN + 10)
    return False


def _said(view, actors, who, j):
    """Seat ``who``'s own decision at ply ``j``, where the view shows one; else ``None``."""
    return view[j] if j < len(view) and actors[j] == who else None


_TURN_PLAYS = ((A.ACT, A.FFR + 1), (A.ACT_TRIGGER, A.ACT_TRIGGER + 1), (A.ELEMENT, A.ELEMENT + 4),
               (A.GIVE, A.GIVE + 10), (A.GOH, A.GOH + 10), (A.RESIN, A.RESIN + 10),
               (A.TWO3, A.TWO3 + A.CODES), (A.SHED, A.SHED + A.CODES * A.CODES),
               (A.END, A.END + 1))
"""Ranges of the play-turn decisions (turn.legal, turn.anytime_legal). None answers a question of
Scavenge and Release (a target, a mode, a selection), so such a decision right after its d20
says the event is over; some answer other questions too (a Resin Ball's target, a special card
played in a window)."""


def _turn_play(a) -> bool:
    """Whether decision ``a`` is a play-turn use or "end turn" (:data:`_TURN_PLAYS`)."""
    return a is not None and any(lo <= a < hi for lo, hi in _TURN_PLAYS)


def _target_mode(view, actors, k, who):
    """``(target, j, mode)`` of a Scavenge and Release played at ply ``k`` by ``who`` (its d20
    at ``k + 1``): the target it named (``None`` where the view shows none: one candidate), the
    ply of its next decision after that, and that decision as the view shows it (a mode where
    there was more than one, else whatever came next; ``None`` where hidden or not its own)."""
    said = partial(_said, view, actors, who)
    a = said(k + 2)
    t = a - A.TARGET if a is not None and A.TARGET <= a < A.TARGET + 10 else None
    j = k + 3 if t is not None else k + 2
    return t, j, said(j)


def _sizes_between(views, m0, m1):
    """``[(at m0, at m1)]``: each seat's public hand size after ply ``m0`` and after ply
    ``m1``; ``None`` where ``views`` does not show them all."""
    if views is None or not 0 <= m0 <= m1 < len(views):
        return None
    sizes = [(b.get("hand_size"), a.get("hand_size"))
             for b, a in zip(views[m0]["seats"], views[m1]["seats"])]
    return sizes if all(type(b) is int and type(a) is int for b, a in sizes) else None


def _sizes(views, m):
    """``[(before, after)]``: each seat's public hand size before and after ply ``m``; ``None``
    where ``views`` (``snapshot`` after each ply) does not show them all."""
    return _sizes_between(views, m - 1, m)


def _armor_to(view, actors, k, who, views=None):
    """``(seat, ply)``: where a Scavenge and Release played at ply ``k`` by ``who`` moved an
    equipped armor card into a hand (d20.scav_apply, LM-EVENT-13: the player takes its
    target's, or gives its own to the target), the seat that got it and the ply it came at;
    else ``None``. Told by the mode chosen ("take armor"; "give armor" with the target shown,
    or to the one seat whose hand the views show grew by one card then), or, where the
    player's next decision is a play-turn use (the event asked nothing more), by the views:
    one seat's hand grew by one card and one seat's equipped armor is gone, at the ply that
    ended the questions."""
    t, j, mode = _target_mode(view, actors, k, who)
    if mode == A.TAKE_ARMOR:
        return who, j
    if mode == A.GIVE_ARMOR and t is not None:
        return t, j
    if mode == A.GIVE_ARMOR:   # to the only candidate (not shown): the hand that grew
        sizes = _sizes(views, j)
        grew = [] if sizes is None else [s for s, (b, a) in enumerate(sizes) if a != b]
        return (grew[0], j) if len(grew) == 1 and sizes[grew[0]][1] == sizes[grew[0]][0] + 1 \
            else None
    sizes = _sizes(views, j - 1) if _turn_play(mode) else None
    if sizes is None:
        return None
    grew = [s for s, (b, a) in enumerate(sizes) if a != b]
    bare = [s for s, (b, a) in enumerate(zip(views[j - 2]["seats"], views[j - 1]["seats"]))
            if b.get("armor") is True and a.get("armor") is False]
    if len(grew) == 1 and sizes[grew[0]][1] == sizes[grew[0]][0] + 1 and len(bare) == 1:
        return grew[0], j - 1
    return None


def _changing_hands(view, actors, owners, k, who, views=None):
    """The seats whose hands a Scavenge and Release played at ply ``k`` by ``who`` may change in
    ways the plan does not follow (d20.target_chosen, d20.scav_apply): the player taking the
    target's armor card, or the target given an armor card or cards (every other seat where
    the view does not show the target; the giver's own selection is in the plan, and a hidden
    selection right after the target is one); none for blind picks (they are in the plan);
    the player and the target where the view shows the target but not the mode, every seat
    where it shows neither. Where the player's next decision after the d20 (or after the
    target it named) is a play-turn use or "end turn" (:data:`_TURN_PLAYS`), the event asked
    nothing more and was over: then the seats whose public hand size changed at the ply
    before (an armor card taken or given without a question; none where nothing changed
    hands), read from ``views``. An armor card that comes to one hand is in the plan instead
    where :func:`_armor_to` tells whose."""
    every = range(len(set(x for x in actors if x >= 0)) or 1)
    t, j, mode = _target_mode(view, actors, k, who)
    if mode is None and j < len(view) and actors[j] == CHANCE and type(owners[j]) is tuple \
            and owners[j][0] == who:
        mode = A.TAKE_CARDS   # no choice to make: the blind picks follow at once
    if mode is None and j < len(view) and actors[j] == who and view[j] is None:
        mode = A.GIVE_CARDS   # no choice to make: its hidden selection of two cards follows
        # (in the plan: the cards leave its hand there)
    if _turn_play(mode):
        sizes = _sizes(views, j - 1)
        if sizes is not None:
            return [s for s, (b, a) in enumerate(sizes) if b != a]
    if mode == A.TAKE_ARMOR:
        return [who]
    if mode == A.TAKE_CARDS:
        return []
    if mode in (A.GIVE_ARMOR, A.GIVE_CARDS):   # (the armor leaves the body, not the hand)
        return [s for s in every if s != who] if t is None else [t]
    return every if t is None else sorted({who, t})


def _loads(view, actors, owners, views, viewer):
    """What the movement steps the view shows say about the other seats' hand weights
    (LM-MOVE-1, LM-WEIGHT-3, LM-AMB-06): ``(movements, lost)``. ``movements``: seat ->
    ``[(ply, leg, weight limit, slack, actions played, bear double, exact)]`` for each
    movement step (the ply of the decision that ends the last play turn, or of the Stumble
    that does) in which the seat moved ``m`` > 0 squares, crossing no sand square (a slide
    moves it further, LM-TERRAIN-SAND-1): its total was at least ``m``, so its weight was at
    most the limit plus the slack (movement value less ``m``) plus the action bonus.
    ``exact``: nothing but its total can have stopped it (every square it entered, and the
    one it stands on, leaf or forest; no roadblock from the square it left to the one after
    it stopped, before or after, nor one played at the step's own ply (paid, it is gone from
    both); it did not faint in the run: move.run_ticks; where it
    fainted, ``(stamina before, terrain of each square entered before and after)``), so its
    total was ``m``
    (LM-MOVE-1) and an excess that slack plus bonus make positive was exactly that (its
    weight at least the limit plus it: :func:`_heavy_enough`). ``lost``: seat -> the plies
    of blind picks taken from it (seen or not). Built from the snapshots (``views``) alone."""
    movements: dict = {}
    lost: dict = {}
    for k, o in enumerate(owners):
        if actors[k] == CHANCE and type(o) is tuple:
            lost.setdefault(o[1], []).append(k)
    for j in range(1, len(views or ())):
        before, after = views[j - 1], views[j]
        if after.get("phase") != "draw" or before.get("phase") == "draw" \
                or after.get("leg") != before.get("leg"):
            continue
        if actors[j] == CHANCE:
            if view[j] != 18:   # Stumble ends the turn and moves nobody itself
                continue
        elif view[j] is None or A.GOH <= view[j] < A.GOH + 10:
            continue
        terrain = after.get("terrain") or ()
        for s2, (b, a) in enumerate(zip(before["seats"], after["seats"])):
            m = (a.get("position") or 0) - (b.get("position") or 0)
            if s2 == viewer or m <= 0 or b.get("weight_limit") is None \
                    or any(terrain[q] == "sand" for q in range(b["position"] + 1, a["position"] + 1)
                           if q < len(terrain)):
                continue
            blocks = set(before.get("roadblocks") or ()) | set(after.get("roadblocks") or ())
            was = before.get("terrain") or ()
            exact = all(q < len(terrain) and q < len(was) and terrain[q] in _PLAIN_GROUND
                        and was[q] in _PLAIN_GROUND
                        for q in range(b["position"] + 1, a["position"] + 1)) \
                and not any(b["position"] <= q <= a["position"] + 1 for q in blocks) \
                and not b.get("faint") and view[j] != A.ROADBLOCK   # (one played at the
            # step's own ply is on neither side once paid: race 40005, ply 135)
            if exact and (a.get("faint") or not a.get("stamina")):   # it fainted: not in the
                # run where its path cost less than its stamina (an event's faint after it,
                # Sonic Rainboom: LM-EVENT-06), which _heavy_enough reckons with the options
                exact = (b.get("stamina") or 0,   # (a forest entered turns to leaf)
                         tuple((was[q], terrain[q]) for q in range(b["position"] + 1,
                                                                   a["position"] + 1)))
            movements.setdefault(s2, []).append(
                (j, after.get("leg"), b["weight_limit"], b["movement"] - m,
                 b.get("actions_played", 0), bool(b.get("bear_double")), exact))
    return movements, lost


def _light_enough(st, k, o, hand, plan, views) -> bool:
    """Whether seat ``o`` holding ``hand`` after ply ``k`` can be light enough at its later
    movement steps (:func:`_loads`). The plain cards it surely still holds at one are those
    held now less, for each of its public uses in between, the heaviest held card of the use's
    type (none where it holds none: a card drawn later), and for each ply where a card of any
    type may leave it (a hidden selection's pick, a blind pick taken from it: one card a ply),
    the heaviest card left; they weigh what they weigh at the Magic
    Bind level the view shows then (LM-EVENT-20; a card marked bound by ``magic_bind_scope =
    held_now`` weighs at least its mark now). Looked at up to the seat's next change of hands
    or the end of the leg; never where the option counts cards for the excess (the hand size
    is public)."""
    movements, lost = plan[11]
    mine = movements.get(o)
    if not mine or st.o.excess_cards or views is None or k >= len(views):
        return True
    leg = views[k].get("leg")
    stop = _first_after(plan[3].get(o, ()), k + 1, None)
    held = [c for c in hand if _kind(c) < 8]
    uses = [(j, c) for j, c in plan[0].get(o, ()) if j > k]
    typed = [(j, c) for j, c in uses if c >= 0]
    # a card of any type may leave at most once a ply: where ``uses`` says so (a selection's
    # pick, a blind pick from the seat, a Resin Ball), ``gone_at`` or ``lost`` (one ply
    # may be in all three)
    anyway = sorted({j for j, c in uses if c in _LOSSES or c <= _KEEP0}
                    | {j for j in plan[7].get(o, ()) if j > k}
                    | {j for j in lost.get(o, ()) if j > k})
    for j, limit, most, _exact in _steps_ahead(st, k, mine, leg, stop):
        if most < 0:   # (not a move the view can explain: no claim)
            continue
        table = C.weight_table(st, views[j - 1].get("magic_bind", 0) or 0)
        left = sorted(held, key=lambda c: table[c])
        for p, c in typed:
            if p > j:
                break
            same = [x for x in left if _kind(x) == c]
            if same:
                left.remove(same[-1])   # the heaviest of that type
        anyc = bisect_right(anyway, j)
        if anyc:
            left = left[:-anyc]
        if sum(table[c] for c in left) > limit + most:
            return False
    return True


def _steps_ahead(st, k, mine, leg, stop):
    """``(ply, weight limit, slack plus action bonus, exact)`` for each of a seat's movement
    steps (:func:`_loads`) after ply ``k``, up to its next change of hands ``stop`` or the
    end of the leg ``leg`` (what :func:`_light_enough` and :func:`_heavy_enough` look at)."""
    for j, lg, limit, slack, acts, double, exact in mine:
        if j <= k:
            continue
        if lg != leg or (stop is not None and stop <= j):
            return
        yield j, limit, slack + acts * st.p.action_bonus * (2 if double else 1), exact


def _heavy_enough(st, k, o, hand, plan, views, view, actors) -> bool:
    """Whether seat ``o`` holding ``hand`` after ply ``k`` can be heavy enough at its later
    movement steps that only its total can have stopped (:func:`_loads`, ``exact``): there its
    total was the squares it moved, so where its movement value and action bonus exceed them
    its excess was the difference (LM-MOVE-1, LM-WEIGHT-3), and its hand weighed at least the
    limit plus that. The most the hand can weigh then: every card held now; for each card that
    may come before, what it weighs where the view names it (the special card a holder event
    leaves, a weapon given) and else the heaviest card there is (a hidden draw, a blind pick
    it takes, any other change of hands); less what its public uses in between take: the
    lightest card of each use's type (where nothing unnamed may come, the lightest held card
    of that type) and each special card it plays. Looked at up to the seat's next change of
    hands or the end of the leg, at steps with the Magic Bind level of now (a strike between
    may change weights; under ``magic_bind_scope = held_now`` a strike at any level marks the
    cards held then, so each held card counts at its bound weight); never where the option
    counts cards for the excess (race 121, ply 395: a world whose hand was too light moved
    the seat 2 squares where the view showed 1)."""
    movements, _lost = plan[11]
    mine = movements.get(o)
    if not mine or st.o.excess_cards or views is None or k >= len(views):
        return True
    leg, level = views[k].get("leg"), views[k].get("magic_bind", 0) or 0
    stop = _first_after(plan[3].get(o, ()), k + 1, None)
    uses = [(j, c) for j, c in plan[0].get(o, ()) if j > k]
    typed = [(j, c) for j, c in uses if c >= 0]
    gains = sorted({j for j, c in uses if c in (_GAIN, _FFR_GAIN)})
    unnamed = sorted(({j for j in plan[1].get(o, ()) if j > k}
                      | {j for j in plan[2].get(o, ()) if j > k}
                      | {j for j in plan[10].get(o, ()) if j > k}) - set(gains))
    for j, limit, most, exact in _steps_ahead(st, k, mine, leg, stop):
        if not exact or most <= 0 or (views[j - 1].get("magic_bind", 0) or 0) != level:
            continue
        if exact is not True:   # it fainted: in the run only if the squares cost enough
            stamina, ground = exact
            if sum(max(move.square_cost(st.o, st.p, g, False, False)[0] for g in both)
                   for both in ground) >= stamina:
                continue
        table = C.weight_table(st, level)
        heaviest = max(table)
        if st.o.mb_held_now:   # a strike marks the cards held then, at any level (LM-AMB-25)
            def weigh(c, table=table):
                return max(table[c], table[c | C.DOUBLED])
        else:
            weigh = table.__getitem__
        free = bisect_right(unnamed, j)
        top = sum(weigh(c) for c in hand) + free * heaviest
        for g in gains:
            if g > j:
                break
            e = view[g] if g < len(view) else None
            if actors[g] == CHANCE and e in C.HOLDER_EVENTS:
                top += st.special_weight[C.HOLDER_EVENTS[e]]
            elif e is not None and A.GIVE <= e < A.GIVE + 10:
                top += max(table[C.WEAPON | C.RECEIVED], table[C.WEAPON | C.RECEIVED | C.DOUBLED])
            else:
                top += heaviest
        left = sorted(hand, key=weigh)
        for p, c in typed:
            if p > j:
                break
            same = [x for x in left if _kind(x) == c] if not free else ()
            if same:
                left.remove(same[0])
                top -= weigh(same[0])
            else:
                top -= min(table[c], table[c | C.DOUBLED])
        for p in range(k + 1, min(j + 1, len(view))):
            if actors[p] == o and view[p] is not None and view[p] in _SPECIAL_PLAYS:
                lab = _SPECIAL_PLAYS[view[p]]
                top -= st.special_weight[lab]
        if top < limit + most:
            return False
    return True


# a public play of a special card by its label: it leaves the hand (turn._play_special)
_SPECIAL_PLAYS = {**{A.GOH + t: C.GOH for t in range(10)}, A.RAINBOOM: C.RAINBOOM,
                  A.BEAR: C.BEAR, A.ROADBLOCK: C.ROADBLOCK, A.FFR: C.FFR}


def _selection_end(view, actors, k, who) -> int:
    """The last ply of the hidden selection by ``who`` that starts at ply ``k`` (its picks are
    consecutive hidden entries of that seat; the cards leave the hand at the last one)."""
    e = k
    while e + 1 < len(view) and view[e + 1] is None and actors[e + 1] == who:
        e += 1
    return e


def _released_to(view, actors, views, k, who, viewer):
    """``[(ply, type)]``: the plain cards another seat's hidden Release selection, starting at
    ply ``k``, gave the viewer, read from the viewer's hand before and after it (d20.finish:
    the picked cards go to the target; LM-EVENT-13), all at ply ``k`` (which pick took which
    is not known; a search at a pick looks at the uses after it, so none counts twice), leaving out
    weapons (a received mark may have cleared, ``received_mark = holder``) and special cards;
    ``None`` where the viewer's hand did not gain one card per pick and lose none (it was not
    the target) or the selection may not be over."""
    e = _selection_end(view, actors, k, who)
    if e + 1 >= len(view) or e >= len(views) or k < 1:
        return None
    before, after = views[k - 1]["seats"][viewer].get("hand"), views[e]["seats"][viewer].get("hand")
    if not isinstance(before, list) or not isinstance(after, list):
        return None
    gained, lost = Counter(after) - Counter(before), Counter(before) - Counter(after)
    if lost or sum(gained.values()) != e - k + 1:
        return None
    kinds = sorted(_kind(C.NAME_TO_CODE[n]) for n in gained.elements() if n in C.NAME_TO_CODE)
    return [(k, c) for c in kinds if c < 8 and c != C.WEAPON]


def _seen_gift(view, actors, k, who, views=None):
    """The cards a Scavenge and Release played at ply ``k`` by ``who`` gives its target, where
    the view shows every card picked (the viewer gave them: d20.scavenge, LM-EVENT-13), the
    "give cards" mode asked or the picks following at once (nothing else to give), and the
    target: named, or where none was asked (one candidate), the one seat whose public hand
    size (``views``) grew by the cards given: ``(target, [(ply, card code)])``; else ``None``
    (the target's hand then changes in ways the plan does not follow: a cut)."""
    target, j, b = _target_mode(view, actors, k, who)
    if b == A.GIVE_CARDS:
        j += 1
    elif b is None or not A.PICK <= b < A.PICK + A.CODES:
        return None
    picks = []
    while j < len(view) and actors[j] == who and view[j] is not None \
            and A.PICK <= view[j] < A.PICK + A.CODES:
        picks.append((j, view[j] - A.PICK))
        j += 1
    if j >= len(view) or (actors[j] == who and view[j] is None) or not picks:
        return None   # the selection may not be over (or a pick is hidden): not followed
    if target is None:   # the one candidate: the hand that grew by the cards given
        sizes = _sizes_between(views, k + 1, j - 1)
        grew = [] if sizes is None else [s for s, (x, y) in enumerate(sizes)
                                         if s != who and y == x + len(picks)]
        if len(grew) != 1:
            return None
        target = grew[0]
    return target, picks


def _hidden_gift(view, actors, k, who):
    """``(target, [ply])``: where a Scavenge and Release played at ply ``k`` by ``who`` is
    followed by only hidden picks of ``who`` (it gives two of its cards, LM-EVENT-13: the
    mode shown or the only one), the target (``None`` where the view does not show it: there
    was one candidate) and the plies of those picks; else ``None``."""
    said = partial(_said, view, actors, who)
    a = said(k + 2)
    if a is not None and A.TARGET <= a < A.TARGET + 10:
        target, j = a - A.TARGET, k + 4 if said(k + 3) == A.GIVE_CARDS else k + 3
    elif a == A.GIVE_CARDS:
        target, j = None, k + 3
    elif a is None and k + 2 < len(view) and actors[k + 2] == who:
        target, j = None, k + 2
    else:
        return None
    picks = []
    while j < len(view) and actors[j] == who and view[j] is None:
        picks.append(j)
        j += 1
    return (target, picks) if picks else None


def _from(uses, start) -> int:
    """The index of a seat's first plan entry at ply ``start`` or later (``uses`` sorted)."""
    return bisect_left(uses, (start, -10 ** 9))


def _first_after(plies, start, default):
    for j in plies:
        if j >= start:
            return j
    return default


def _known_chars(st, memo):
    """Roster index of each seat's character where the viewer's snapshot shows it, else -1."""
    known = memo.get("leaf_marathon_chars")
    if known is None:
        index = {c.name: i for i, c in enumerate(st.roster)}
        known = memo["leaf_marathon_chars"] = [index.get(seat["character"], -1)
                                               for seat in memo["snapshot"]["seats"]]
    return known


def _deal(st, memo):
    """Another seat's hidden deal: the seat's own shown character by its last deal and, where
    every seat is dealt before any keeps (``draft = simultaneous``), never a character that
    another seat shows later and has not been dealt yet (LM-SETUP-3, LM-AMB-37)."""
    o = st.ps
    known = _known_chars(st, memo)
    free = [a for a, _ in st._chance_outcomes()]
    p = 1.0 / len(free) if free else 0.0
    mine = known[o]
    reserved = set()
    if not st.o.draft_sequential:   # every deal comes before any keep: another seat's later
        # character and the viewer's own later deals are never dealt to this seat (under a
        # sequential draft the cards a seat does not keep go back to the roster first)
        reserved = {known[s] for s in range(st.n) if s != o and known[s] >= 0
                    and st.char[s] < 0 and known[s] not in st.dealt[s]}
        reserved |= {c for c in memo.get("leaf_marathon_seen_deals", ())}
    allowed = [a for a in free if a - A.DEAL not in reserved]
    if mine >= 0 and mine not in st.dealt[o] and len(st.dealt[o]) + 1 >= st.p.draft_deal:
        allowed = [a for a in allowed if a - A.DEAL == mine]
    if not allowed:
        return None
    return [(a, 1.0 / len(allowed)) for a in allowed] if len(allowed) < len(free) else \
        [(a, p) for a in free]


def _needs(hand, start, uses, stop=None):
    """The public card uses from ply ``start`` to before ``stop`` that ``hand`` does not cover,
    as ``[(ply, type)]`` in order (each must come from a hidden draw before it), or ``None``
    where an "end turn" comes while a plain trigger card is held (turn.legal), or a Resin Ball
    that asked nothing while a plain action card is surely held (a card the seat held at
    ``start`` or surely kept at a declined Resin Ball, less its action-card uses, and none
    once any card may have left the hand). A declined Resin Ball needs an action card held
    then (one drawn, if none is held) and keeps it for the later uses. A hidden selection's
    entry or a blind pick from the seat (``_DROP``, ``_LAST_DROP``) takes one card at most:
    one trigger card fewer is surely held after it. Where ``uses.strict`` (:class:`_Uses`),
    two more facts: a Butterfingers or Release selection (``_KEEP0 - h``) after which the
    seat keeps ``h`` cards, where it surely holds ``h`` plain trigger cards of ``hand`` (one
    fewer for every card that may have left before), keeps no other plain card: after its
    last pick (the cards seen given at it were held) no other card of ``hand`` covers a use;
    and after a ply in ``uses.seen_empty`` (the public hand size is 0 then) no card of
    ``hand`` is held: every later use is a need. (The trade checks, :func:`_pair_fits` and
    :func:`_pool_fits`, read neither.)"""
    held = [0] * 8
    kept = 0   # at most this many Free Forced Rest cards
    other_acts = 0   # action cards with a received mark (a Resin Ball may take one)
    for c in hand:
        if c & _PLAIN < 8:
            held[c & _PLAIN] += 1
        elif C.protected(c):
            kept += 1
        elif C.is_action(c):
            other_acts += 1
    sure = held[C.TRIGGER]   # trigger cards surely still held (one fewer after a _DROP)
    firm = sure   # and one fewer after any card may have left, but a selection's own picks
    keep_at = None   # (the ply of the last Butterfingers or Release pick)
    only_triggers = False   # that selection keeps no other plain card (after its last pick)
    acts = held[C.ACTION]   # plain action cards surely still held (none after any loss)
    need = []
    strict = getattr(uses, "strict", False)
    empties = uses.seen_empty if strict else ()
    e = bisect_left(empties, start)
    for i in range(_from(uses, start), len(uses)):
        j, c = uses[i]
        if stop is not None and j >= stop:
            break
        if only_triggers and j > keep_at and c > _KEEP0:   # (its cards seen given first)
            held = [n if t == C.TRIGGER else 0 for t, n in enumerate(held)]
            only_triggers, other_acts = False, 0   # (a received action card goes first too)
        if e < len(empties) and empties[e] < j:   # no card is held after that ply (public
            while e < len(empties) and empties[e] < j:   # hand size 0): none held before
                e += 1   # meets a later use
            held, kept, other_acts, sure, acts, firm = [0] * 8, 0, 0, 0, 0, 0
        if c >= 0:   # a card of type c used in public
            if c == C.ACTION:
                acts = max(0, acts - 1)
            if held[c] > 0:
                held[c] -= 1
                if c == C.TRIGGER:   # the card played may be one of those surely held
                    sure = max(0, min(sure - 1, held[c]))
                    firm = max(0, min(firm - 1, held[c]))
            else:
                need.append((j, c))
        elif c == _END:
            if sure > 0:
                return None
        elif c == _HOLD_ACT:   # it holds an action card now, and keeps it
            if held[C.ACTION] == 0 and other_acts == 0:
                need.append((j, C.ACTION))
                held[C.ACTION] = 1
            acts = max(acts, 1)
        elif c == _NO_ACT:
            if acts > 0:
                return None
        elif c == _DROP or c == _LAST_DROP:   # the opening exchange, a blind pick or a
            # selection's entry takes at most one card: one trigger card fewer is sure
            sure, acts, firm = max(0, sure - 1), 0, max(0, firm - 1)
        elif c <= _KEEP0:   # Butterfingers, Release: trigger cards leave last (LM-AMB-50)
            # as many trigger cards surely held as the hand keeps: no other plain card stays
            only_triggers = only_triggers or (strict and firm >= _KEEP0 - c)
            sure = min(sure, max(0, _KEEP0 - c - kept))
            firm = min(firm, sure)
            acts, keep_at = 0, j
        elif c == _FFR_GAIN:
            kept += 1
        elif c == _LOSE or c == _GONE:   # a card may leave: any card (checked by _feasible)
            acts = 0
            if j != keep_at:   # (not the selection's own pick: counted by its mark)
                firm = max(0, firm - 1)
        # _GAIN: checked by _feasible
    return need


class _Travel(NamedTuple):
    """What the view tells of another seat's hidden Travel Light selection
    (:func:`_travel_choice`)."""
    k: int   # the ply of its first pick
    e: int   # the ply of its last pick
    combos: list   # every set of cards it may have discarded: (plain card types, number of
    # special or received cards)
    others_at: list   # plies before ``k`` where a special or received card may come to the seat
    others_out: list   # a ply for each special or received card it surely played before ``k``


class _Uses(list):
    """A seat's plan uses (``[(ply, code)]``) with the Travel Light selections whose cards are
    known only by their total weight (``choices``: :class:`_Travel` records) and the plies
    after which its public hand size is 0 (``seen_empty``: the first of each run), which
    :func:`_needs` reads, with the selection that keeps only trigger cards, where ``strict``
    (set by :func:`proposal`)."""
    choices: tuple = ()
    seen_empty: tuple = ()
    strict: bool = False

    @classmethod
    def like(cls, uses, items=None):
        """A copy of ``uses`` (any sequence of uses), or ``items`` in its place, with its
        ``choices``, ``seen_empty`` and ``strict``."""
        out = cls(uses if items is None else items)
        for name in ("choices", "seen_empty", "strict"):
            setattr(out, name, getattr(uses, name, getattr(cls, name)))
        return out


_MAX_CHOICES = 64   # _feasible: at most this many ways to make the choices ahead (else fewer)
_TRAVEL_TRIES = 4   # proposal: worlds a call tries to learn a Travel Light selection's weight on


def _feasible(hand, start, uses, draws, cuts=(), st=None, victim_of=None, came=None,
              gone=(), more=()) -> bool:
    """:func:`_plain_feasible`, and where the seat makes a Travel Light selection ahead whose
    cards the view tells only by their weight (``uses.choices``, :func:`_travel_choice`), with
    some set of cards of that weight discarded then: each plain card of the set one more use at
    the selection's last ply (cards of another kind, special or received, only as many as the
    seat may hold then: those held now, and one for each ply where one may come, less those it
    surely plays before)."""
    ahead = ()
    choices = getattr(uses, "choices", ())
    if choices:
        stop = _first_after(cuts, start, None)
        ahead = [r for r in choices if start <= r.k and (stop is None or r.e < stop)]
    if not ahead:
        return _plain_feasible(hand, start, uses, draws, cuts, st, victim_of, came, gone, more)
    other = sum(1 for c in hand if _other(c))
    options, ways = [], 1
    for r in ahead:
        mine = other + sum(1 for j in r.others_at if start <= j < r.k) \
            - sum(1 for j in r.others_out if start <= j < r.k)   # at most this many then
        got = [plain for plain, n_other in r.combos if n_other <= mine]
        if not got:
            return False
        if ways * len(got) > _MAX_CHOICES:
            break   # fewer choices looked at: only weaker (never a world lost)
        ways *= len(got)
        options.append([[(r.e, t) for t in plain] for plain in got])
    for pick in product(*options):
        extra = [u for part in pick for u in part]
        chosen = _Uses.like(uses, sorted(list(uses) + extra) if extra else None)
        if _plain_feasible(hand, start, chosen, draws, cuts, st, victim_of, came, gone, more):
            return True
    return False


def _travel_choice(st, k, view, actors, memo):
    """At the first hidden pick (ply ``k``) of another seat's Travel Light selection
    (LM-EVENT-02, LM-AMB-30), on the world being built (its public state is the real one: it
    matched the view so far), what the view tells of the cards picked: a :class:`_Travel`
    record, or ``None`` where it tells nothing the plan can use. ``others_at``: the plies
    before ``k`` where a special or received card may come to the seat, one each (the blind
    picks it takes, the cards it gains and the plies where its hand may change otherwise);
    ``others_out``: a ply for each one it surely played before ``k``.

    The seat discards ``n`` cards (its public hand size; up to 6 looked at) and moves by what
    they weigh (or by how many, ``travel_light_unit = cards``: then every total looks alike and
    nothing is learnt). Each total ``n`` cards may weigh (``cards.weight`` of every card the
    engine lets a seat choose, ``stats.choosable``) is tried on a copy of the world: ``n`` of
    the cards the world's seat may choose are swapped for ``n`` cards of that total, and the
    engine applies the selection's last pick; a total is kept where the copy then shows the
    viewer what the real game showed it after ply ``e`` (the sand, a roadblock or the finish
    may make several totals look alike). A set is kept where some weights its cards may have
    (with and without the Magic Bind mark) give a kept total. The copies differ from the world
    in the seat's hidden hand and its selection (the pool, the cards picked) only; every copy
    keeps the same rest of the hand, so what follows the selection differs between the copies
    only through the total, and a world whose rest differs from the real one keeps the real
    totals or none (``None``). Reads the world being built (its public state and seat ``o``'s
    hand in it) and the viewer's views; never the real game."""
    from . import stats as S
    views = memo.get("views")
    o = st.ps
    e = _selection_end(view, actors, k, o)
    if views is None or e >= len(views):
        return None
    n = len(st.hand[o]) - views[e]["seats"][o].get("hand_size", len(st.hand[o]))
    mine = S.choosable(st, o)
    if n <= 0 or n > 6 or n > len(mine):
        return None
    rest = list(st.hand[o])   # what the world's seat keeps: the cards it may not choose first
    for c in mine[:n]:
        rest.remove(c)
    trial = st.clone()
    trial.hand[o] = sorted(set(C.NAME_TO_CODE.values()))
    kinds: dict = {}   # plain type (or -1: a special or received card) -> its possible weights
    by_weight: dict = {}   # a card for each weight
    for c in S.choosable(trial, o):   # every card a seat may let go of now
        w = C.weight(st, c)
        kinds.setdefault(_group(c), set()).add(w)
        by_weight.setdefault(w, c)
    reps = {0: []}   # the weights n cards may have: a representative set for each total
    for _ in range(n):
        reps = {t + w: r + [c] for t, r in reps.items() for w, c in by_weight.items()}
    viewer = memo["leaf_marathon"][4]
    kept = set()
    for total, rep in reps.items():   # the selection's last pick, as the engine applies it
        world = st.clone()
        world.hand[o] = sorted(rep + rest)
        world.pd = dict(st.pd, pool=list(rep), picked=list(rep[:-1]), min=0, max=n)
        world.apply_action(A.PICK + rep[-1])
        if world.snapshot(viewer) == views[e]:
            kept.add(total)
    if not kept or kept == set(reps):
        return None   # nothing fits (the model does not see it) or every total does
    every = list(combinations_with_replacement(sorted(kinds), n))
    combos = []
    for combo in every:
        totals = {0}
        for t in combo:
            totals = {x + w for x in totals for w in kinds[t]}
        if totals & kept:
            combos.append((tuple(t for t in combo if t >= 0), combo.count(-1)))
    if not combos or len(combos) == len(every):
        return None   # none fits, or every set does: nothing learnt
    plan = memo["leaf_marathon"]
    others_at = sorted(set(plan[2].get(o, ())) | {j for j, c in plan[0].get(o, ())
                                                   if c in (_GAIN, _GONE) and j < k})
    others_out = [j for j in range(k) if actors[j] == o and view[j] is not None
                  for _ in range(_others_played(view[j]))]
    return _Travel(k, e, combos, others_at, others_out)


def _others_played(action: int) -> int:
    """How many special or received cards (Free Forced Rest left out: it is never discarded by
    choice, so never counted) a seat's public play-turn action ``action`` surely takes from its
    hand (turn.apply): a special card played, and the cards of a 2-for-3 or a shed that are
    not plain. A Resin Ball play is left out (under ``resin_hold = keep_as_special`` the view
    does not tell it from the answer at event 9, which takes a plain action card)."""
    if action in (A.RAINBOOM, A.BEAR, A.ROADBLOCK) or A.GOH <= action < A.GOH + 10:
        return 1
    if A.TWO3 <= action < A.TWO3 + A.CODES:
        codes = (action - A.TWO3,)
    elif A.SHED <= action < A.SHED + A.CODES * A.CODES:
        codes = A.shed_cards(action)
    else:
        return 0
    return sum(1 for c in codes if _other(c))


def _plain_feasible(hand, start, uses, draws, cuts=(), st=None, victim_of=None, came=None,
                    gone=(), more=()) -> bool:
    """Whether a seat holding ``hand`` (card codes) before ply ``start`` can still make every
    public card use it makes from then on, up to its next ply in ``cuts`` (its hand may change
    hands there): each use takes a held card of its type, or one of its hidden draws before the
    use (earliest use first; a blind pick soon, at ``victim_of[ply]``, supplies only a type its
    victim holds now in ``st``, unless a card may come to the victim before it: ``came``, per
    seat, the plies of its draws, blind picks taken, cards gained and changes of hands), and it
    holds no plain trigger card at an "end turn" (turn.legal).
    A hidden blind pick from the seat takes one card: a held one, or one drawn before it
    (:func:`_losses_fit`), but at the plies in ``gone`` (accounted for already: taken out of
    ``hand``, or in ``more``, needs ``[(ply, _ANY)]`` met by draws). Cards it loses otherwise
    are not foreseen (they only make it harder)."""
    stop = _first_after(cuts, start, None)
    need = _needs(hand, start, uses, stop)
    if need is not None and more:
        need = sorted(need + list(more))
    if need is None or not _match_emptied(need, start, uses, draws, st, victim_of, came):
        return False
    losses = [j for j, c in uses[_from(uses, start):]
              if c == _LOSE and (stop is None or j < stop) and j not in gone]
    if not losses or len(losses) > _MAX_LOSSES:
        return True
    return _losses_fit(hand, start, uses, stop, losses, draws, st, victim_of, came, more)


def _losses_fit(hand, start, uses, stop, losses, draws, st, victim_of, came, more=()) -> bool:
    """Whether the seat can also lose one card at each ply of ``losses`` (hidden blind picks
    from it): each takes a card that came otherwise before it (a special card, a weapon given)
    or that a declined Resin Ball showed it kept (already a need, :func:`_needs`: a scavenge
    may take that action card, ply 902 of 4-player race 3012), a held card (any code: the
    uses then need more draws) or a card drawn before the loss (a need of any type by then);
    some choice must leave :func:`_match`."""
    codes = sorted(set(c for c in hand if not C.protected(c)))
    gains = [j for j, c in uses[_from(uses, start):]
             if c in (_GAIN, _HOLD_ACT) and (stop is None or j < stop)]
    left, pool, g = [], 0, 0
    for j in losses:   # a card that came otherwise before the loss costs no use
        while g < len(gains) and gains[g] < j:
            pool, g = pool + 1, g + 1
        if pool:
            pool -= 1
        else:
            left.append(j)
    losses = left

    def go(i, rest, extra):
        if i == len(losses):
            need = _needs(rest, start, uses, stop)
            return need is not None and _match_emptied(sorted(need + extra + list(more)), start,
                                                       uses, draws, st, victim_of, came)
        for c in codes:
            if c in rest:
                left = list(rest)
                left.remove(c)
                if go(i + 1, left, extra):
                    return True
        return go(i + 1, rest, extra + [(losses[i], _ANY)])

    return go(0, list(hand), [])


def _match_emptied(need, start, uses, draws, st, victim_of, came) -> bool:
    """:func:`_match`, and after each ply where the seat's public hand size is 0
    (``uses.seen_empty``, where ``uses.strict``) the needs after it met by its draws after it
    (no card came earlier)."""
    if not _match(need, start, draws, st, victim_of, came):
        return False
    empties = uses.seen_empty if getattr(uses, "strict", False) else ()
    for m in empties[bisect_left(empties, start):]:
        i = bisect_right(need, (m, 10 ** 9))
        if i == len(need):
            break   # (``start`` stays: a blind pick soon is judged from the hands now)
        if not _match(need[i:], start, draws[bisect_right(draws, m):], st, victim_of, came):
            return False
    return True


def _match(need, start, draws, st, victim_of, came) -> bool:
    """Whether the hidden draws from ply ``start`` on can meet ``need`` (``[(ply, type)]``,
    in ply order), each a draw before its ply (:func:`_feasible`); a draw whose
    ``victim_of`` entry is a frozenset meets only those types."""
    if not need:
        return True
    mine = draws[bisect_left(draws, start):]
    if len(mine) < len(need):
        return False
    supply, n = 0, len(mine)   # Hall's condition on the deadlines (every slot any type)
    for i, (j, _) in enumerate(need):
        while supply < n and mine[supply] < j:
            supply += 1
        if i + 1 > supply:
            return False
    if st is None or not victim_of:
        return True
    for d in mine:   # only a blind pick soon, or a slot of known types, may be short of a
        if d in victim_of and (d - start < _NEAR or type(victim_of[d]) is frozenset):
            break   # type (``fits``); else Hall's condition on the deadlines decides it
    else:
        return True

    def fits(d, c):   # a blind pick soon supplies only a type its victim may hold then
        if d not in victim_of or c == _ANY:
            return True
        v = victim_of[d]
        if type(v) is frozenset:   # a slot of known types
            return c in v
        if d - start >= _NEAR:
            return True
        if any(_kind(_moved(st, x)) == c for x in st.hand[v]):
            return True
        plies = (came or {}).get(v, ())   # or a card may come to it first
        i = bisect_left(plies, start)
        return i < len(plies) and plies[i] < d

    owner = [-1] * len(mine)   # bipartite matching of needs to slots (Kuhn, from a greedy one)

    def place(i, seen):
        j, c = need[i]
        for x, d in enumerate(mine):
            if d >= j:
                break
            if x in seen or not fits(d, c):
                continue
            seen.add(x)
            if owner[x] < 0 or place(owner[x], seen):
                owner[x] = i
                return True
        return False

    left = []
    for i, (j, c) in enumerate(need):   # greedy first: each need its earliest free slot
        for x, d in enumerate(mine):
            if d >= j:
                left.append(i)
                break
            if owner[x] < 0 and fits(d, c):
                owner[x] = i
                break
        else:
            left.append(i)
    return all(place(i, set()) for i in left)   # then augmenting paths for the rest


def _pair_fits(st, k, o, hand, plan):
    """Whether seat ``o``, holding ``hand`` after its hidden draw at ply ``k``, and the other
    seat of its next hidden blind picks (a trade's two picks, a scavenge's) can both still
    make their later uses: some cards of the victims' go to the takers, pick after pick (as
    :func:`_blind` checks at each pick, here for the picks together: a card taken and taken
    back in a trade counts once; a card taken is the victim's up to its pick, a use of its
    type there, and the taker's from then on, a slot of its type there, so what either
    shows before the pick, a Resin Ball's answer, still holds). Looked at only where
    neither seat's hand changes unseen before the picks otherwise than by its hidden draws
    (no card coming otherwise, no change of hands), so each card taken is one the seats hold
    now, took in an earlier pick of the run, or draw before."""
    uses, draws, _, cuts, _, victim_of, hidden = plan[:7]
    came = plan[10]
    b = _next_pick(hidden, k, o)
    if b is None:
        return True
    seats = set(hidden[b])
    run = []
    while b + len(run) in hidden and set(hidden[b + len(run)]) <= seats and len(run) < 3:
        run.append(b + len(run))
    for s2 in seats:
        if any(k < j <= run[-1] for j in cuts.get(s2, ())) or \
                any(k < j < b and c == _GAIN for j, c in uses.get(s2, ())) or \
                any(k < j < b for j in hidden if s2 in hidden[j]):
            return True   # its hand may change unseen before the picks: not looked at
    saved = {s2: st.hand[s2] for s2 in seats}
    # the run's picks are played out here: their slots supply what this model gives them
    victims = {j: v for j, v in victim_of.items() if j not in run}

    def go(i, hs, wild, got, lost):
        if i == len(run):
            start = {s2: list(hs[s2]) for s2 in seats}
            mine = {s2: list(uses.get(s2, ())) for s2 in seats}
            for _, s2, c in got:   # a card taken comes at its pick, not before
                start[s2].remove(c)
            for j, s2, c in lost:   # and leaves at its pick: held until then (a use there)
                start[s2].append(c)
                mine[s2].append((j, _kind(c)))
            for s2 in seats:
                st.hand[s2] = start[s2]
                mine[s2].sort()
            # a card of any type the victim loses: a loss as _losses_fit sees it (a card it
            # drew, got, or kept at a declined Resin Ball, ply 902 of 4-player race 3012)
            lose_any = {(w[0], w[1]) for w in wild if w[1] is not None}
            slots = dict(victims)   # a card taken is a slot of its type only
            slots.update((w[0], _TYPED[C.TRIGGER]) for w in wild if w[1] is None)
            slots.update((j, _TYPED[_kind(c)]) for j, _, c in got)
            try:
                return all(_feasible(start[s2], k + 1, mine[s2],
                                     [d for d in draws.get(s2, ())
                                      if d not in run or any(w[0] == d and w[2] == s2
                                                             for w in wild)
                                      or any(j == d and g == s2 for j, g, _ in got)],
                                     cuts.get(s2, ()), st, slots, came,
                                     gone=[j for j in run if (j, s2) not in lose_any])
                           for s2 in seats)
            finally:
                for s2 in seats:
                    st.hand[s2] = saved[s2]
        taker, victim = hidden[run[i]]
        codes = sorted(set(c for c in hs[victim] if not C.protected(c)))
        # a card of any type it has: one it draws before, or took as such earlier in the run
        any_card = drew[victim] or any(w[2] == victim for w in wild)
        if not codes and not any_card:
            return True   # not a pick this model explains: not judged
        for c in codes:
            nh = dict(hs)
            nh[victim] = list(hs[victim])
            nh[victim].remove(c)
            # a card it took earlier in the run goes back first (it held it only since then)
            back = next((x for x in got if x[1] == victim and x[2] == c), None)
            ng = [x for x in got if x is not back]
            nl = lost if back is not None or _kind(c) >= 8 else lost + [(run[i], victim, c)]
            if taker != victim and C.held_trigger(c):   # held from now on, it would block
                # the taker's "end turn" before the pick: its pick stays a draw instead
                if go(i + 1, nh, wild + [(run[i], None, taker)], ng, nl):
                    return True
                continue
            if taker != victim:   # (held from the pick on: a slot of its type there, LM-AMB-12
                moved = _moved(st, c)   # and a Resin Ball's answer before it still hold)
                nh[taker] = hs[taker] + [moved]
                if _kind(moved) < 8:
                    ng = ng + [(run[i], taker, moved)]
            if go(i + 1, nh, wild, ng, nl):
                return True
        # a card of any type (it draws before the picks, or took as such earlier in the run): a
        # need of any type by then, and a card of any type for the taker (its pick stays a draw)
        return any_card and go(i + 1, hs, wild + [(run[i], victim, taker)], got, lost)

    drew = {s2: any(k < j < b for j in draws.get(s2, ())) for s2 in seats}
    return go(0, {s2: (list(hand) if s2 == o else list(st.hand[s2])) for s2 in seats}, [], [],
              [])


def _pool_fits(st, k, o, hand, plan) -> bool:
    """Whether seat ``o``, holding ``hand`` after its hidden draw at ply ``k``, and the other
    seat of its next hidden blind picks (a trade, LM-EVENT-08, LM-AMB-35: cards move only
    between the two hands) can make their uses: each its uses before the picks from its own
    hand and draws (a held card first: a draw left over may be any card), and once the picks
    are over, each its uses up to the next ply where a card may come to it, from what the two
    have left then (the two hands looked at as one; each draw left over any card). Neither
    holds a plain trigger card at its next "end turn" then: the two hold no more than they
    play before those. Weaker than the truth, never wrong. :func:`_pair_fits` follows at most
    three picks; a trade of two or three cards each way has up to six (the taker's last cards
    needed back by the victim, plies 819 to 835 of tests/fixtures/lm_ismcts_stop_163_4p.json).
    Looked at only where neither hand changes unseen before the picks otherwise than by
    hidden draws, as in :func:`_pair_fits`."""
    uses, _, _, cuts, _, _, hidden = plan[:7]
    came = plan[10]
    b = _next_pick(hidden, k, o)
    if b is None or hidden[b][0] == hidden[b][1]:
        return True
    seats = set(hidden[b])
    e = _run_end(hidden, b)
    left, late, wild, room, exits = [0] * 8, [], 0, 0, False
    capped = []   # (plain cards held but trigger cards, draws before the selection that
    # its needs do not take, cap)
    for s2 in seats:
        if any(k < j <= e for j in cuts.get(s2, ())) or \
                any(k < j < b and c == _GAIN for j, c in uses.get(s2, ())) or \
                any(k < j < b for j in hidden if s2 in hidden[j]):
            return True   # its hand may change unseen before the picks: not looked at
        stop = _first_after(came.get(s2, ()), e + 1, None)
        cut = _first_after(cuts.get(s2, ()), e + 1, None)
        if cut is not None and (stop is None or cut < stop):
            stop = cut
        mine = [(j, c) for j, c in uses.get(s2, ()) if j > k and (stop is None or j < stop)]
        early = [(j, c) for j, c in mine if j < b and c >= 0]
        # (a received card taken loses its mark under received_mark = holder: it may be
        # handed on then)
        cards = [_moved(st, c) for c in (hand if s2 == o else st.hand[s2])]
        drawn = [j for j in came.get(s2, ()) if k < j < b]
        need = _needs(cards, k + 1, early)
        if not _match(need, k + 1, drawn, None, None, None):
            return False
        held = [0] * 8
        for c in cards:
            if c & _PLAIN < 8:
                held[c & _PLAIN] += 1
        keep = _kept_before(cards, k, b, mine)
        for _, c in early:   # held cards first (as _needs)
            held[c] -= held[c] > 0
        if keep is not None:   # a selection before the picks keeps at most ``cap`` cards
            q0, cap = keep     # besides the trigger cards held: of the others held now and
            pre = sum(1 for j in drawn if j < q0)   # its draws before it, ``cap`` at most
            post = len(drawn) - pre - max(0, len(need) - pre)
            capped.append((held[:C.TRIGGER] + [0] + held[C.TRIGGER + 1:],
                           max(0, pre - len(need)), cap))
            left[C.TRIGGER] += held[C.TRIGGER]
            wild += post
        else:
            left = [x + y for x, y in zip(left, held)]
            wild += len(drawn) - len(need)
        late += [c for j, c in mine if j > e and c >= 0]
        exits = exits or any(k < j < b and c != C.TRIGGER and _exits(c) for j, c in mine)
        if room is not None:   # trigger cards it may hold once the picks are over: as many
            room = _trigger_room(mine, e, room)   # as it plays before its "end turn"
    lack = {c: max(0, n - left[c]) for c, n in Counter(late).items()}
    # a seat whose selection caps what it keeps supplies at most ``cap`` of the cards it
    # lacks (its held ones of those types and its draws before it)
    for kinds, pre, cap in capped:
        wild += min(cap, pre + sum(min(n, lack.get(c, 0)) for c, n in enumerate(kinds)))
    if sum(lack.values()) > wild:
        return False
    # the plain trigger cards left of those the two hold now stay in the two hands (draws
    # only add, and no card leaves otherwise): no more than both may hold after the picks
    return room is None or exits or left[C.TRIGGER] <= room


def _kept_before(cards, k, b, mine):
    """``(q0, cap)`` where the seat holding ``cards`` after ply ``k`` makes a hidden selection
    that keeps its trigger cards last (Butterfingers, Release: ``_KEEP0 - h``, the public hand
    size ``h`` after it, LM-AMB-50) starting at ply ``q0`` before ply ``b``: besides the plain
    trigger cards it surely holds then, it keeps at most ``cap`` cards (``h`` less those, as
    Free Forced Rest is never given up and trigger cards go last); ``None`` where no such
    selection comes (the last one before ``b`` is looked at). Trigger cards surely held are
    those held now less the ones played before or seen given at the selection, none once a
    card may have left otherwise."""
    q = None
    for j, c in mine:
        if k < j < b and c <= _KEEP0:
            q, code = j, c
    if q is None:
        return None
    q0, picks = q, {j for j, c in mine if c == code}
    while q0 - 1 > k and q0 - 1 in picks:   # its first pick (one entry a ply)
        q0 -= 1
    sure = sum(1 for c in cards if c & _PLAIN == C.TRIGGER)
    for j, c in mine:
        if k < j <= q:
            if c == C.TRIGGER:   # played, or given at the selection itself (a Release the
                sure -= 1        # viewer got it from: seed 60077, ply 545, found by a reviewer)
            elif j < q0 and (c in _LOSSES or c <= _KEEP0):
                sure = 0
    return q0, max(0, _KEEP0 - code - max(sure, 0))


def _trigger_room(mine, e, room):
    """``room`` plus how many plain trigger cards a seat may hold right after ply ``e`` (its
    uses ``mine``, up to its next card coming, :func:`_pool_fits`): as many as it plays before
    its next "end turn" (none is held then, turn.legal); ``None`` where no "end turn" comes
    first or a card may leave otherwise before it."""
    played = 0
    for j, c in mine:
        if j <= e:
            continue
        if c == C.TRIGGER:
            played += 1
        elif c == _END:
            return room + played
        elif _exits(c):
            return None
    return None


def _pile_slots(st, k, view, actors, owners, hidden=None):
    """The draws from the present pile after ply ``k`` up to its last card (then the discard
    pile is reshuffled, LM-DRAW-2): ``(seen, slots, span, empties)``: the card types the viewer
    sees drawn, per seat the plies of its hidden draws, the ply of the last draw (the end of
    the view if the pile outlasts it) and whether the pile runs out within the view."""
    left = sum(st.pile) - 1
    seen: Counter = Counter()
    slots: dict = {}
    j = k + 1
    while left > 0 and j < len(view):
        if actors[j] == CHANCE:
            a = view[j]
            if a is not None and A.DRAW <= a < A.DRAW + len(C.TYPE_NAMES):
                seen[a - A.DRAW] += 1
                left -= 1
            elif a is None and type(owners[j]) is int and j not in (hidden or ()):
                slots.setdefault(owners[j], []).append(j)   # (``hidden``: a random
                left -= 1   # Butterfingers pick, _plan, is no draw)
        j += 1
    return seen, slots, j - 1 if left == 0 else len(view), left == 0


def _pile_fits(st, k, o, t, plan, pile_slots, why=None, shares=None) -> bool:
    """Whether the present pile, once seat ``o`` draws a card of type ``t`` at ply ``k``, can
    still be dealt out to the draws up to its last card (``pile_slots``; ``why``, a set, gets
    the card types the pile lacks, or :data:`_TOO_MANY` where it keeps more trigger cards than
    the seats can take): the viewer's draws take the types it saw; each other seat's draws
    take the cards its public uses need before then beyond what it holds (up to its first
    blind pick or change of hands, which may supply them) and never more trigger cards than
    it plays before its next "end turn" (a held trigger card must be played first,
    LM-AMB-12). A necessary condition (a relaxed transportation problem: only trigger cards
    have an upper bound, so a count decides it). ``shares`` (a dict kept for one ply ``k``)
    keeps the other seats' part (:func:`_share`), which does not depend on ``t``."""
    uses, _, blinds, cuts, viewer, _, _ = plan[:7]
    seen, slots, span, empties = pile_slots
    pile = list(st.pile)
    pile[t] -= 1
    free = [pile[c] - seen[c] for c in range(len(pile))]
    if min(free) < 0:
        if why is not None:
            why.update(c for c in range(len(free)) if free[c] < 0 and c != t)
        return False
    trig_room = 0
    spare: list = []   # (m, types): a seat's spare draws that must take those types (_share)
    later: Counter = Counter()   # the cards the other seats must draw from the next pile
    by: dict = {}   # card type -> the seats that must draw it from the next pile
    needs: dict = {}   # seat -> the card types its draws from the present pile must take
    for s2 in range(st.n):
        if s2 == viewer:   # its draws are seen (``seen``)
            continue
        if s2 != o and shares is not None and s2 in shares:
            need, room, short, more, tight = shares[s2]
        else:
            tight = []
            need, room, short, more = _share(st, k, s2, st.hand[s2] + [t] if s2 == o
                                             else st.hand[s2], plan, pile_slots, tight)
            if s2 != o and shares is not None:
                shares[s2] = (need, room, short, more, tight)
        spare.extend(tight)
        later.update(more)
        for c in more:
            by.setdefault(c, set()).add(s2)
        if short:
            if why is not None:
                why.update(need)
                why.update((_NEEDY, c, s2) for c in need)
            return False
        for c in need:
            free[c] -= 1
        if need:
            needs[s2] = need
        trig_room += room
    if min(free) < 0:
        if why is not None:
            lack = [c for c in range(len(free)) if free[c] < 0]
            why.update(lack)
            why.update((_NEEDY, c, s2) for s2, need in needs.items() for c in lack
                       if c in need)
        return False
    for m, types in spare + ([(sum(m for m, _ in spare), frozenset().union(
            *(ts for _, ts in spare)))] if len(spare) > 1 else []):
        if sum(free[c] for c in types) < m:   # (each seat's, then all together)
            if why is not None:
                why.update(types)
            return False
    if empties and free[C.TRIGGER] > trig_room:
        if why is not None:   # too many trigger cards left: an earlier draw took too few
            why.add(_TOO_MANY)
        return False
    return _next_pile_fits(st, k, o, t, plan, why, later, by)


def _next_pile_fits(st, k, o, t, plan, why=None, later=(), by=None) -> bool:
    """Whether the pile reshuffled from the discard pile once the present one runs out (at the
    next reshuffle the views show, LM-DRAW-2) can hold the cards the viewer saw itself draw
    from it, and ``later``, the cards other seats must draw from it (:func:`_share`): it holds
    at most, of each type, the deck's cards less those the seats surely still hold then
    (plain cards held now, less their public uses before then, where nothing else may take a
    card from the hand: a selection, a blind pick, a change of hands, Resin Ball) and less
    those on the element piles or equipped at the reshuffle (public: ``plan[13]``). ``why``
    gets the types it lacks (a draw before gave one to a seat that keeps it), and for each
    ``(_NEXT, type, seat)`` where ``by`` (type -> seats) names a seat that must draw that type
    from it (an earlier draw of that seat may have taken one instead)."""
    uses, gone_at, piles = plan[0], plan[7], plan[8]
    r1 = next((j for j in piles if j >= k), None)   # (at k: this draw takes the last card)
    if r1 is None or not (piles[r1] or later):
        return True
    demand = piles[r1] + Counter(later)
    sure = [0] * len(C.TYPE_NAMES)
    for s2 in range(st.n):
        if any(k < j <= r1 for j in gone_at.get(s2, ())):
            continue   # (the play that starts the pile may discard cards first: a shed)
        held = Counter(_kind(c) for c in (st.hand[s2] + [t] if s2 == o else st.hand[s2])
                       if _kind(c) < 8)
        for j, c in uses.get(s2, ()):
            if k < j <= r1 and held[c] > 0:
                held[c] -= 1
        for c, n in held.items():
            sure[c] += n
    # an action card played as a trigger card may come back as a special one, and so to the
    # piles as a trigger card (d20._card_home, option action_as_trigger): no bound on those
    out = plan[13].get(r1) or Counter()   # cards out of the piles at the reshuffle (public)
    bad = [c for c, n in demand.items() if n > st.deck_counts[c] - sure[c] - out[c]
           and not (c == C.TRIGGER and st.o.action_as_trigger)]
    if bad and why is not None:
        why.update(bad)
        why.update((_NEXT, c, s2) for c in bad for s2 in (by or {}).get(c, ()))
    return not bad


def _share(st, k, s2, hand, plan, pile_slots, tight=None):
    """Seat ``s2``'s part of the present pile (:func:`_pile_fits`) holding ``hand`` after ply
    ``k``: ``(types, room, short, later)``: the card types its draws must take, how many
    trigger cards they may take besides, whether it has fewer draws than it needs cards, and
    the card types it must draw from the next pile (a Counter): its needs after the present
    pile's last card up to its first card coming once the pile after the next one has started
    (:func:`_later_stop`), less one of each type for every draw it has from the present pile
    beyond its needs there (none are looked at where a blind pick or a change of hands comes
    first). Needs after the last card but before the
    seat's first draw from the next pile are needs of the present pile. ``tight`` (a list)
    gets ``(m, types)`` where the seat's needs after the last card come before it has drawn
    enough from the next pile: at least ``m`` of its spare draws from the present pile take
    cards of those ``types`` (race 44, ply 887: four needs, three draws from the present pile
    and one from the next), a trigger card only for a need before the seat's next "end turn"
    after its last draw from the present pile (none is held then, LM-AMB-12)."""
    uses, _, blinds, cuts, _, _, _ = plan[:7]
    _, slots, span, _ = pile_slots
    stop = min(span + 1, _first_after(blinds.get(s2, ()), k + 1, span + 1),
               _first_after(cuts.get(s2, ()), k + 1, span + 1))
    far = _later_stop(k, s2, plan, span) if stop > span else None
    pairs = _needs(hand, k + 1, uses.get(s2, ()), far) if far is not None else None
    if pairs is None:   # (no later window, or an "end turn" in it that the seat cannot make)
        pairs, far = _needs(hand, k + 1, uses.get(s2, ()), stop) or [], None
    cut = bisect_left(pairs, (stop, -10 ** 9))   # the needs the present pile meets
    if far is not None:   # and those before the seat's first draw after its last card (no
        # blind pick or change of hands comes first: nothing else brings a plain card)
        first = _first_after(plan[1].get(s2, ()), span + 1, far)
        cut = bisect_left(pairs, (min(first, far - 1) + 1, -10 ** 9))
    need = [c for _, c in pairs[:cut]]
    mine_slots = slots.get(s2, ())
    room = len(mine_slots) - len(need)
    if room < 0 and stop > span:
        return need, 0, True, ()
    room = max(room, 0)
    if stop <= span:
        return need, room, False, ()   # a blind pick or a change of hands: not foreseen
    later: Counter = Counter()
    all_ends, all_exits, drops = plan[9].get(s2, ((), (), ()))
    if far is not None:   # less one of each type for every spare draw from the present pile
        later.update(c for _, c in pairs[cut:])
        later = Counter({c: n - room for c, n in later.items() if n > room})
        # and the needs that come before the seat has drawn enough from the next pile take
        # spare draws from the present one (Hall's condition on the deadlines)
        nexts = [d for d in plan[1].get(s2, ()) if span < d < far]
        most, upto = 0, cut
        for i in range(cut, len(pairs)):
            gap = i - cut + 1 - bisect_left(nexts, pairs[i][0])
            if gap > most:
                most, upto = gap, i
        if most and tight is not None:
            # a trigger card drawn from the present pile is not held at an "end turn" after
            # it (turn.legal): it meets no trigger need beyond one (race 210, ply 144)
            slot = mine_slots[-1] if mine_slots else k
            tight.append((min(most, room), frozenset(
                c for j, c in pairs[cut:upto + 1]
                if c != C.TRIGGER or bisect_left(all_ends, j) == bisect_right(all_ends, slot))))
    # a trigger card drawn at a slot must be played before the seat's next "end turn"
    ends = all_ends[bisect_right(all_ends, k):]
    exits = [j for j in cuts.get(s2, ()) if j > k]   # a change of hands may take it
    plays = sorted(all_exits[bisect_right(all_exits, k):] + exits)
    capable = 0
    for j in mine_slots:
        e = _first_after(ends, j, None)
        q = bisect_right(plays, j)   # the first play after the slot comes before the end
        if e is None or (q < len(plays) and plays[q] < e):
            capable += 1
    last = _first_after(ends, mine_slots[-1], None) if mine_slots else k
    if last is None:
        return need, room, False, later
    if bisect_left(drops, last) > bisect_right(drops, k) or any(j < last for j in exits):
        return need, min(room, capable), False, later
    cap = sum(1 for q in plays if q < last) - sum(1 for c in hand if c == C.TRIGGER) \
        - sum(1 for c in need if c == C.TRIGGER)
    return need, min(room, capable, max(cap, 0)), False, later


def _later_stop(k, s2, plan, span):
    """The end of the window whose needs seat ``s2`` must draw from the pile reshuffled after
    the present one (:func:`_share`): just after the seat's first card coming (a draw, a pick,
    a gift or a gain: ``plan[10]``) at or after the reshuffle that starts the pile after that
    one (a use up to it is met before it: race 223, ply 151, an effect card seat 3 plays at
    ply 275 with no card coming to it from ply 255 until ply 276; a draw at the reshuffle's
    own ply may still take the old pile's last card, and ending there is only weaker), its
    next blind pick or its next change of hands; ``None`` where no reshuffle follows the
    present pile's last card at ``span`` in the view."""
    piles = plan[8]
    r1 = next((j for j in piles if j >= span), None)   # the reshuffle after the last card
    if r1 is None or any(span > j > k for j in piles):
        return None
    r2 = next((j for j in piles if j > r1), None)
    d = _first_after(plan[10].get(s2, ()), r2, None) if r2 is not None else None
    return min(_first_after(plan[2].get(s2, ()), k + 1, 10 ** 9),
               _first_after(plan[3].get(s2, ()), k + 1, 10 ** 9),
               d + 1 if d is not None else 10 ** 9)


_DISCARDS = ("exchange", "leg_discard", "travel_light", "barter", "butterfingers", "release")


def _select(st, k, view, actors, owners, plan, memo):
    """Another seat's hidden card selection from its own hand: never a card it needs for a
    later public use; at a Release, never a card the receiver cannot take and still make its
    later uses (where it can take none of the cards the giver may give and the giver may not
    stop, a dead end that names the receiver and the giver in ``memo["culprits"]``: the
    earlier entries of either made the cards they hold what they are, and in
    ``memo["missing"]`` the draws and picks of the types the receiver could take); in the
    opening exchange (LM-SETUP-5) it draws as many cards as it gave back, and the viewer saw
    how many hidden draws followed, so it picks until it has that many and then says done."""
    o = st.ps
    uses, draws = plan[0].get(o, ()), plan[1].get(o, ())
    cuts = plan[3].get(o, ())
    legal = st.legal_actions()
    picked = list(st.pd["picked"])
    hand = list(st.hand[o])
    for c in picked:
        if c in hand:
            hand.remove(c)
    picks = [a for a in legal if A.PICK <= a < A.PICK + A.CODES and a - A.PICK in hand]
    ok = []
    release = st.pd["purpose"] == "release"
    if release:   # a blind pick soon may take back what the target gets: any card of the pool
        t, saved = st.pd["target"], st.hand[st.pd["target"]]
        st.hand[t] = saved + [_moved(st, c) for c in st.pd["pool"]]
    try:
        for a in picks:
            rest = list(hand)
            rest.remove(a - A.PICK)
            if _feasible(rest, k + 1, uses, draws, cuts, st, plan[5], plan[10]):
                ok.append(a)
        whole = _feasible(hand, k + 1, uses, draws, cuts, st, plan[5], plan[10])
    finally:
        if release:
            st.hand[t] = saved
    if release:   # the receiver must be able to make its later uses
        mine = ok
        e = k + 1   # the ply after the giver's last pick: the receiver's slots at the picks
        while e < len(view) and actors[e] == o and view[e] is None:   # are the cards
            e += 1   # _receiver_fits lists itself
        ok = [a for a in ok if _receiver_fits(st, k, plan, picked, a - A.PICK, e)]
        if mine and not ok and whole and A.DONE not in legal:
            memo["culprits"] = {st.pd["target"], o}
            # the types the receiver could take: first the latest entry of either seat that
            # may still draw or take one (the giver's hand lacks them; race 53, ply 99)
            have = {_kind(a - A.PICK) for a in mine}
            want = [t for t in range(len(C.TYPE_NAMES))
                    if t not in have and _receiver_fits(st, k, plan, picked, t, e)]
            if want:
                memo["missing"] = {A.DRAW + t for t in want} | {A.BLIND + t for t in want}
            bad = _unwanted(st, plan, picked, e)
            if bad:   # first the latest entry of the giver that drew one (race 121, ply 69)
                memo["unwanted"] = ({o}, {A.DRAW + t for t in bad} | {A.BLIND + t for t in bad})
            return []
    done = [A.DONE] if A.DONE in legal else []
    if st.pd["purpose"] == "exchange":
        e = k
        while e < len(view) and actors[e] == o and view[e] is None:
            e += 1
        if e < len(view):   # the exchange is over by ply e: as many picks as hidden draws after
            drawn = 0
            while e + drawn < len(view) and actors[e + drawn] == CHANCE and \
                    view[e + drawn] is None and owners[e + drawn] == o:
                drawn += 1
            if len(picked) >= drawn:
                if e + drawn == len(view):   # the view ends among those draws (a chance
                    return (done + (ok or picks)) or None   # node): more may follow
                return done or None
            return ok or picks or None
    if not whole:
        return None
    if not ok:   # no pick keeps every later use possible: the model does not see it, any pick
        return None
    if not release:   # what is left must also serve a trade ahead of it (_pool_fits)
        fits = [a for a in ok if _pool_fits(st, k, o, _without(hand, a - A.PICK), plan)]
        if not fits and not (done and _pool_fits(st, k, o, hand, plan)):
            memo["culprits"] = _pair_seats(plan, k, o)
            return []
        ok = fits
    travel = memo.get("leaf_marathon_travel", {}).get(k - len(picked)) \
        if st.pd["purpose"] == "travel_light" else None
    if travel is not None:   # only cards that fit what the selection weighed (_travel_choice)
        ok, done = _weighed(travel.combos, picked, ok, done)
        if not ok and not done:   # none: the seat's own earlier entries made its hand
            memo["culprits"] = {o}
            return []
    return ok + done


def _without(hand, code):
    rest = list(hand)
    rest.remove(code)
    return rest


def _run_end(hidden, b) -> int:
    """The last ply of the run of hidden blind picks between the two seats of the pick at ply
    ``b`` (``hidden``: ply -> (taker, victim)) that goes on from ``b`` ply after ply."""
    seats, e = set(hidden[b]), b
    while e + 1 in hidden and set(hidden[e + 1]) <= seats:
        e += 1
    return e


def _next_pick(hidden, k, o):
    """The ply of seat ``o``'s next hidden blind pick after ply ``k`` (``hidden``: ply ->
    (taker, victim)), or ``None``."""
    return next((j for j in sorted(hidden) if j > k and o in hidden[j]), None)


def _pair_seats(plan, k, o) -> set:
    """Seat ``o`` and the other seat of its next hidden blind picks after ply ``k``."""
    b = _next_pick(plan[6], k, o)
    return {o} | (set(plan[6][b]) if b is not None else set())


def _weighed(combos, picked, ok, done):
    """The picks ``ok`` and ``done`` (``[A.DONE]`` or ``[]``) of a Travel Light selection that
    keep the cards picked (``picked`` and the pick) within one of ``combos``
    (:func:`_travel_choice`: ``(plain card types, number of other cards)``), and ``done`` only
    where they make one."""
    def counts(codes):   # per plain type, and -1 for a special or received card
        return Counter(_group(c) for c in codes)

    have = counts(picked)
    sets = [Counter(plain) + Counter({-1: n_other}) for plain, n_other in combos]
    fits = [a for a in ok if any(not (have + counts([a - A.PICK])) - m for m in sets)]
    return fits, [a for a in done if any(have == m for m in sets)]


def _receiver_fits(st, k, plan, picked, code, end) -> bool:
    """Whether the target of a Release (LM-EVENT-13) can still make its later public uses
    once it gets ``picked`` and ``code``, and with them the cards of some choice of the rest
    of the pool that the giver may still pick (as many as the selection's ``min`` and ``max``
    allow: more cards can hurt, a held trigger card at an "end turn" or an action card where
    a Resin Ball found none). Its uses and draws are read from ``end``, the ply after the
    giver's last pick: the plan gives the target a slot at each of the giver's hidden picks,
    and those cards are the ones listed here (counted twice, a target one card short passed
    the first pick and failed only at the last: race 121, ply 69). The viewer's own later
    uses are left to the check of its views (its draws are seen, not in the plan)."""
    t = st.pd["target"]
    if t == plan[4]:
        return True
    got = list(picked) + [code]
    rest = list(st.pd["pool"])
    for c in got:
        if c in rest:
            rest.remove(c)
    lo = min(max(st.pd["min"] - len(got), 0), len(rest))
    hi = min(st.pd["max"] - len(got), len(rest))
    hand = list(st.hand[t]) + [_moved(st, c) for c in got]
    return any(_feasible(hand + [_moved(st, c) for c in more], end, plan[0].get(t, ()),
                         plan[1].get(t, ()), plan[3].get(t, ()), st, plan[5], plan[10])
               for n in range(lo, hi + 1) for more in _choices(sorted(Counter(rest).items()), n))


def _unwanted(st, plan, picked, end):
    """The card types of a Release (LM-EVENT-13) whose giver must give every card left in
    the pool, where the receiver cannot make its later uses with them, but could with a card
    of another type in place of one of that type: the types the giver holds and should not
    (a card it kept since its deal, say), so the search goes back to the entry that brought
    one. Empty where the giver may still choose which cards to give."""
    rest = list(st.pd["pool"])
    for c in picked:
        if c in rest:
            rest.remove(c)
    if len(picked) + len(rest) > st.pd["max"] or len(picked) + len(rest) < st.pd["min"]:
        return ()
    t = st.pd["target"]
    gives = list(picked) + rest
    base = list(st.hand[t])
    uses, draws, cuts = plan[0].get(t, ()), plan[1].get(t, ()), plan[3].get(t, ())
    bad = set()
    for i, c in enumerate(gives):
        kind = _kind(c)
        if kind in bad:
            continue
        others = [_moved(st, x) for j, x in enumerate(gives) if j != i]
        if any(_feasible(base + others + [_moved(st, u)], end, uses, draws, cuts, st, plan[5],
                         plan[10]) for u in range(len(C.TYPE_NAMES)) if u != kind):
            bad.add(kind)
    return bad


def _choices(counts, n):
    """Each multiset of ``n`` cards from ``counts`` (``[(code, how many)]``), once: the ways
    the rest of a Release's pool may be picked, without the repeats of picking equal cards
    in another order."""
    if n == 0:
        yield ()
        return
    if not counts:
        return
    (code, have), rest = counts[0], counts[1:]
    for m in range(min(have, n), -1, -1):
        for more in _choices(rest, n - m):
            yield (code,) * m + more


def _blind(st, k, plan, memo):
    """Another seat's hidden blind pick (a trade, a scavenge: d20.apply_blind): a card whose
    loss keeps the victim's later public uses possible and, taken, the taker's; with the
    node's odds among them."""
    if k in plan[12]:   # a trade that changes no hand (_empty_trades): any card
        return None
    taker, victim, why = st.ps, st.pd["victim"], st.pd["why"]
    uses, draws, cuts = plan[0], plan[1], plan[3]
    pairs = st._chance_outcomes()
    if plan[6].get(k - 1) not in ((taker, victim), (victim, taker)) and \
            not _split_fits(st, k, plan):
        # the first pick of its run, and the two hands as one cannot make the two seats'
        # uses: the cards they brought to it are to blame, first the latest entry that may
        # take a card of a type they run short of (race 210, ply 613)
        short, who, triggers = _pool_hint(st, _run_end(plan[6], k), plan, {taker, victim})
        memo["culprits"] = {who} if short else _blind_culprits(st, k, plan, pairs)
        if short:   # of the seat whose use is not met
            memo["missing"] = {A.DRAW + t for t in short}
        elif triggers:   # too many trigger cards: first the latest entry that drew one
            memo["unwanted"] = ({taker, victim}, {A.DRAW + C.TRIGGER})
        return []
    allowed = []
    hands = st.hand
    for a, p in pairs:
        code = a - A.BLIND
        rest = list(hands[victim])
        rest.remove(code)
        gets = why != "butterfingers" and taker != victim
        saved = hands[victim], hands[taker]
        hands[victim] = rest   # the hands as they are once the card has moved (read below)
        if gets:
            hands[taker] = hands[taker] + [_moved(st, code)]
        try:
            ok = _feasible(rest, k + 1, uses.get(victim, ()), draws.get(victim, ()),
                           cuts.get(victim, ()), st, plan[5], plan[10]) and (not gets or _feasible(
                               hands[taker], k + 1, uses.get(taker, ()), draws.get(taker, ()),
                               cuts.get(taker, ()), st, plan[5], plan[10]))
        finally:
            hands[victim], hands[taker] = saved
        if ok:
            allowed.append((a, p))
    if not allowed:
        memo["culprits"] = _blind_culprits(st, k, plan, pairs)
        return []
    if len(allowed) == len(pairs):
        return None
    mass = sum(p for _, p in allowed)
    return [(a, p / mass) for a, p in allowed]


_MAX_SPLITS = 256   # _split_fits: ways of sharing a pool looked at (else the pool not judged)


def _split_fits(st, k, plan) -> bool:
    """Whether the two seats of a run of hidden blind picks starting at ply ``k`` (a trade's
    picks and its picks back: LM-EVENT-08, LM-AMB-35; a scavenge's, LM-EVENT-13) can make
    their later uses with some sharing of the cards the two hold now. The picks only move
    cards between the two hands, so once they are over each holds its public hand size, its
    Free Forced Rest (never taken) and some of the other cards of the two: each way of
    sharing them that gives the sizes is tried (:func:`_feasible` for each seat from the ply
    after the run, as :func:`_blind` checks at each pick). Where none fits, no pick of the
    run is to blame: the cards the two brought to it are. Some of the ways tried may be out
    of the picks' reach, so this is weaker than the truth, never wrong. Not judged (True)
    where a hand may change otherwise during the run (a cut: none is met, cuts come at the
    d20 before a run), for a Butterfingers discard's picks, where a received card's mark
    may clear (``received_mark = holder``) or where there are more than ``_MAX_SPLITS``
    ways."""
    hidden = plan[6]
    if k not in hidden:
        return True
    taker, victim = hidden[k]
    if taker == victim:   # a Butterfingers discard's picks
        return True
    seats = {taker, victim}
    e = _run_end(hidden, k)
    size = {s2: len(st.hand[s2]) for s2 in seats}
    for j in range(k, e + 1):
        size[hidden[j][0]] += 1
        size[hidden[j][1]] -= 1
    if any(k <= j <= e for s2 in seats for j in plan[3].get(s2, ())):
        return True
    fixed = {s2: [c for c in st.hand[s2] if C.protected(c)] for s2 in seats}
    pool = [c for s2 in seats for c in st.hand[s2] if not C.protected(c)]
    if st.o.received_holder and any(_moved(st, c) != c for c in pool):
        return True
    n = size[taker] - len(fixed[taker])
    if not 0 <= n <= len(pool):
        return True
    counts = sorted(Counter(pool).items())
    ways = list(islice(_choices(counts, n), _MAX_SPLITS + 1))
    if len(ways) > _MAX_SPLITS:
        return True
    saved = {s2: st.hand[s2] for s2 in seats}
    try:
        for mine in ways:
            rest = list(pool)
            for c in mine:
                rest.remove(c)
            st.hand[taker] = fixed[taker] + list(mine)
            st.hand[victim] = fixed[victim] + rest
            if all(_feasible(st.hand[s2], e + 1, plan[0].get(s2, ()), plan[1].get(s2, ()),
                             plan[3].get(s2, ()), st, plan[5], plan[10]) for s2 in seats):
                return True
        return False
    finally:
        for s2 in seats:
            st.hand[s2] = saved[s2]


def _pool_hint(st, k, plan, seats):
    """Why the two hands of a run of blind picks that ends at ply ``k`` cannot make the two
    seats' later uses (:func:`_split_fits`), as a hint for where the search steps back (the
    seat named, the entry tried first; every world is still checked): ``(types,
    seat, triggers)``. ``seat``: the seat of the first use after ``k`` that neither a held
    card nor a card come to it since can meet (each use in turn takes a held card of its
    type, the two hands looked at as one, first come first served, else one of the cards
    come to its seat since, of any type); ``types``: that use's type and those of the uses of
    that seat before it that took a card come since; empty and ``None`` where every use is
    met so. ``triggers``: whether the two hold more plain trigger cards than they play
    before their next "end turn" (none is held then: :func:`_trigger_room`; a card coming
    before may be one more to play, never one fewer). Each seat is followed up to the next
    ply where its hand may change otherwise (a cut)."""
    have = Counter(_kind(c) for s2 in seats for c in st.hand[s2] if _kind(c) < 8)
    events, room = [], 0
    for s2 in seats:
        cut = _first_after(plan[3].get(s2, ()), k + 1, None)
        came = [j for j in plan[10].get(s2, ()) if j > k and (cut is None or j < cut)]
        mine = [(j, c) for j, c in plan[0].get(s2, ()) if j > k and (cut is None or j < cut)]
        events += [(j, 1, s2, None) for j in came] + \
            [(j, 0, s2, c) for j, c in mine if 0 <= c < 8]
        if room is not None:   # (a card coming may be one more to play, never one fewer)
            room = _trigger_room(mine, k, room)
    triggers = room is not None and have[C.TRIGGER] > room
    come, drawn_on = Counter(), {s2: set() for s2 in seats}
    for _, coming, s2, c in sorted(events):
        if coming:
            come[s2] += 1
        elif have[c] > 0:
            have[c] -= 1
        elif come[s2] > 0:
            come[s2] -= 1
            drawn_on[s2].add(c)
        else:
            return drawn_on[s2] | {c}, s2, triggers
    return set(), None, triggers


def _blind_culprits(st, k, plan, pairs) -> set:
    """The seats whose earlier entries are to blame where no card of a hidden blind pick fits
    (:func:`_blind`): the victim alone where the taker holds no card (it has nothing of its
    own in doubt: in a trade it then gets back the card it took) or where the victim cannot
    lose any of its cards even if the cards other seats hold were any (it drew the wrong cards
    earlier), else both seats."""
    taker, victim = st.ps, st.pd["victim"]
    if not st.hand[taker]:
        return {victim}
    uses, draws, cuts = plan[0].get(victim, ()), plan[1].get(victim, ()), plan[3].get(victim, ())
    for a, _ in pairs:
        rest = list(st.hand[victim])
        rest.remove(a - A.BLIND)
        if _feasible(rest, k + 1, uses, draws, cuts):   # no look at the other seats' hands
            return {taker, victim}
    return {victim}


def _junk(st, k, plan, seats):
    """``(holders, types)``: the plain card types of which ``seats`` together hold more
    (after ply ``k``) than their public uses after ``k`` play (a trade ahead may move a card
    between them), and the seats other than the viewer holding one: a heuristic for the
    search's order only, as :func:`_surplus` (which looks at each seat alone)."""
    uses, viewer = plan[0], plan[4]
    held = Counter(_kind(c) for s2 in seats for c in st.hand[s2] if _kind(c) < 8)
    later = Counter(c for s2 in seats for j, c in uses.get(s2, ()) if j > k and c >= 0)
    types = {t for t in held if held[t] > later[t]}
    # (the viewer's cards are no secret to it: no entry of the search changes them)
    return {s2 for s2 in seats if s2 != viewer and any(_kind(c) in types
                                                       for c in st.hand[s2])}, types


def _surplus(st, k, plan, types) -> set:
    """The seats other than the viewer that hold more cards of one of ``types`` than their
    public uses after ply ``k`` play (a heuristic for the search's order only: a card may
    also leave a hand in ways the plan does not foresee)."""
    uses, viewer = plan[0], plan[4]
    out = set()
    for s2 in range(st.n):
        if s2 == viewer:
            continue
        held = Counter(_kind(c) for c in st.hand[s2])
        later = Counter(c for j, c in uses.get(s2, ()) if j > k)
        if any(held[t] > later[t] for t in types):
            out.add(s2)
    return out


def proposal(st, k, view, actors, owners, memo):
    """The ``resample_proposal`` hook (see the module docstring): ``(outcome, probability)``
    pairs for the hidden draw or deal at ply ``k`` (``None``: the node's own odds); at a
    hidden keep of a character, the character the viewer sees that seat has."""
    plan = memo.get("leaf_marathon")
    if plan is None:
        plan = memo["leaf_marathon"] = _plan(view, actors, owners, memo.get("views"),
                                             st.o.trigger_any_use, st.o.resin_keep,
                                             st.o.butterfingers_random, st.o.received_holder)
    emptied = bool(memo.get("redirect") and memo.get("fresh"))
    for v in plan[0].values():
        # a hand seen empty, a selection that keeps only trigger cards (_needs): only in the
        # searches from nothing that redirect (every other retry, the last resort's final
        # search), which run where the call would raise otherwise: a second way to search,
        # not a replacement (docs/adapters.md, stop 51)
        v.strict = emptied
    if st.pk == "select" and st.pd["purpose"] in _DISCARDS:
        if st.pd["purpose"] == "travel_light" and not st.pd["picked"]:
            seen = memo.setdefault("leaf_marathon_travel", {})
            tries = memo.setdefault("leaf_marathon_travel_tries", Counter())
            if seen.get(k) is None and tries[k] < _TRAVEL_TRIES:
                # learnt once per call (per run of its give-up schedule, which starts a fresh
                # memo), on the first world that learns something: the public
                # state is the real one in every world here, but what follows the selection
                # may depend on the rest of the hand, which differs (_travel_choice)
                tries[k] += 1
                seen[k] = got = _travel_choice(st, k, view, actors, memo)
                if got is not None:
                    mine = plan[0][st.ps] = _Uses.like(plan[0].get(st.ps, ()))
                    mine.strict = emptied
                    mine.choices = tuple(sorted(mine.choices + (got,)))
        return _select(st, k, view, actors, owners, plan, memo)
    if st.pk == "keep_char":
        mine = _known_chars(st, memo)[st.ps]
        return [A.KEEP_CHAR + mine] if mine >= 0 else None
    if st.pk == "deal":
        if "leaf_marathon_seen_deals" not in memo:
            memo["leaf_marathon_seen_deals"] = _seen_deals(view, actors, owners)
        seen = memo["leaf_marathon_seen_deals"]
        memo["leaf_marathon_seen_deals"] = [c for j, c in seen.items() if j > k]
        out = _deal(st, memo)
        memo["leaf_marathon_seen_deals"] = seen
        return out
    if st.pk == "blind":
        return _blind(st, k, plan, memo)
    if st.pk != "draw":
        return None
    o = st.ps
    if owners[k] != o:   # another seat draws here than the view says: the core's conflict
        return None
    mine_uses, mine_draws = plan[0].get(o, ()), plan[1].get(o, ())
    cuts = plan[3].get(o, ())
    hand = st.hand[o]
    pairs = st._chance_outcomes()
    pile_slots = _pile_slots(st, k, view, actors, owners, plan[6])
    why: set = set()
    shares: dict = {}
    own = {t for t in range(len(C.TYPE_NAMES))
           if _feasible(hand + [t], k + 1, mine_uses, mine_draws, cuts, st, plan[5], plan[10])
           and _light_enough(st, k, o, hand + [t], plan, memo.get("views"))
           and _heavy_enough(st, k, o, hand + [t], plan, memo.get("views"), view, actors)}
    paired = {t for t in own if _pair_fits(st, k, o, hand + [t], plan)
              and _pool_fits(st, k, o, hand + [t], plan)}
    allowed = [(a, p) for a, p in pairs if a - A.DRAW in paired
               and _pile_fits(st, k, o, a - A.DRAW, plan, pile_slots, why, shares)]
    if not allowed:   # no card explains what the seats do next: a dead end, search elsewhere
        # the seat's own earlier entries where no card keeps its own plays possible; where
        # some do but none with a blind pick soon, the pick's other seat's (the card it must
        # give or take back is the one in doubt: thrashing over this seat's draws found no
        # world at ply 841 of tests/fixtures/lm_pair_dead_end_4p.json); else the pile
        fit = sorted(paired)
        pair = _pair_seats(plan, k, o) if own and not fit else None
        memo["culprits"] = None if fit else {o} if not own else \
            ({s2 for s2 in pair - {o} if st.hand[s2]} or {o})
        if pair is not None:   # the two hands of the trade ahead fall short: a card one of
            # them holds and neither plays again took the place of one they need; first the
            # latest entry that brought such a card (race 15, ply 546: an effect card seat 2
            # drew long before)
            holders, junk = _junk(st, k, plan, pair)
            if junk:
                memo["unwanted"] = (holders, {A.DRAW + t for t in junk} |
                                    {A.BLIND + t for t in junk})
        needy = {x for x in why if isinstance(x, tuple) and x[0] == _NEEDY}
        nxt = {x for x in why if isinstance(x, tuple)} - needy
        why -= nxt | needy
        if fit and nxt and not why - {x[1] for x in nxt}:
            # only the next pile lacks cards that seats must draw from it: first the latest
            # hidden draw of one of those seats that may take one earlier
            memo["culprits"] = {x[2] for x in nxt}
            memo["missing"] = {A.DRAW + x[1] for x in nxt}
        elif fit:   # the pile lacks cards: first the latest hidden draw that took one
            lack = {t for t in why if t >= 0}
            memo["wanted"] = {A.DRAW + t for t in (lack or fit)}
            if not why:   # none left of any type the seat may draw (no type the pile lacks,
                # no other seat short, not too many trigger cards): a seat holding more of
                # them than its public uses still need took them (race 179, ply 884)
                spare = _surplus(st, k, plan, fit)
                if spare:
                    memo["unwanted"] = (spare, {A.DRAW + t for t in fit})
            short = [x for x in needy if x[1] in lack] if memo.get("redirect") else []
            if short:
                again = _short_count(memo)
                again[k] += 1
            if short and again[k] > _SHORT_AFTER:
                # a search the core lets redirect (a repair of a kept world, its old outcomes
                # tried first; a retry or the last resort) whose seats' own uses need a type
                # the pile lacks, here again and again: they held one earlier than the world
                # built so far says. First the latest blind pick of the type they
                # were party to, else their latest draw that may take one (race 171, ply 649: the
                # element card seat 1 sheds at ply 745 went to another seat long before; the
                # latest draw that took one is seldom that one)
                seats, kinds = {x[2] for x in short}, {x[1] for x in short}
                memo["culprits"] = seats
                memo["missing"] = {A.DRAW + t for t in kinds}
                memo["unwanted"] = (seats, {A.BLIND + c for c in range(A.CODES)
                                            if _kind(c) in kinds})
            if _TOO_MANY in why and not lack:   # the pile keeps too many trigger cards: first
                memo["missing"] = {A.DRAW + C.TRIGGER}   # the latest draw that may take one
        return []
    if len(allowed) == len(pairs):
        return None   # every draw explains the seats' later plays: the pile's odds
    mass = sum(p for _, p in allowed)
    return [(a, p / mass) for a, p in allowed]
