"""Snow Tails agents: ``careful``, a driver that avoids walls, sleds and fines.

A uniformly random driver steers into the side walls and over speed limits and
almost always collects five damage cards long before the finish. The careful
driver looks one turn ahead and scores where each choice leaves its own sled:

* **score of an outcome** (the acting sled after its move and bonus): progress
  along the track (the front line of its square, in track units: one straight
  row = 1), minus ``DAMAGE`` per damage card taken (dearer for a sled already
  damaged; a fifth damage card, which eliminates, is worth ``-ELIMINATED``), minus
  ``BLOCKED`` when a sled or a wall stopped it short (a sled: no refill), plus
  ``FINISH`` for crossing
  the finish line (and the distance beyond it), minus ``SIDE`` per lane away
  from the inside of the next corner, minus ``OVER_NEXT`` per point that the
  speed left on the mat exceeds the next speed-limit line ahead when that line
  lies within the next turn's reach.
* **card play** (step 1): every legal play is tried, followed by the best step
  sequence for the speed and drift it gives; the play with the best outcome
  wins. So plays that make progress without pointless damage come out on top:
  speed of at least 1, a drift that fits the track, no fine at a speed-limit
  line when a slower play costs little.
* **move** (step 2): every legal sequence of F / DL / DR is tried (with the
  bonus, when one is offered, tried both ways) and the best outcome wins: a
  sequence that hits no wall and no sled if there is one, otherwise the one
  that gets furthest for the least damage.
* **bonus**: taken when it scores at least as well as declining it, that is
  when it costs no damage and no stop.
* **the last sled racing** never makes a play that leaves its mat as it is and
  does not move (``-STALL``): nothing else on the track changes, so that turn
  would come back for ever; any move, even one that costs damage, ends the race
  sooner or later.
* **discard**: one card of the value held most often (the lowest of those), so
  the hand keeps as many different values as it can.
* **start slot**: the lowest-numbered free slot (the front of the grid).

Ties (equal scores) are broken with :func:`racekit.core.chance.uniform` from
the agent's seed and the ply, so the agent is deterministic from its seed.
``CarefulAgent(seed).scores(state)`` shows the score of every legal action at a
decision: why the agent chose what it chose.

How an outcome is found. The reference is plain: apply the choice to a private
copy of the state (``state.try_out``), let the rules run, read the acting sled
back. That copy costs more than the rest of a turn, and a card play needs one
copy per play and per step sequence, so the agent normally replays its own turn
on a handful of numbers instead (:class:`_Lookahead`): the walk square by
square over the track's neighbour table (a wall, a sled or the end of the track
stops it), the lines crossed (the finish, speed-limit fines as the options
settle them), the bonus offer and its answers, and then what step 3 and the
start of the next turn would do to this sled. Where that replay meets a case
it does not follow (the next seat to play has no dog card, so the rules would
run on into that seat's penalty), it says so and the agent uses the copy for
that choice. Both ways give the same scores, bit for bit;
``tests/test_st_agents.py`` checks that at every decision of many races
(``CarefulAgent(seed, clones_only=True)`` is the reference).

Hidden information: the agent reads its own seat's hand, mat, deck size and
discards, its own turn so far (at a bonus offer: squares moved, lines crossed,
stops), and public facts (the track, the sleds' squares, the turn order, every
seat's status, and whether a seat holds a dog card: its hand size minus its
damage cards). It never applies a chance outcome: an outcome that reaches a
draw is scored as it stands. From a copy that may have run on past the end of
the turn it reads only what is kept until the sled's next move: square,
status, damage and ``last`` (speed and squares moved), never the turn's
temporaries or the per-turn ``blocked``/``walled`` flags.
"""
from __future__ import annotations

from racekit.boards.lane import WALL
from racekit.core.chance import uniform

from . import actions as A
from .consts import CROSSED, FINISHED, OUT, RACING

DAMAGE = 4.0        # per damage card, in track units (one straight row = 1)
DAMAGE_GROWTH = 1.5  # extra per damage card the sled already holds
ELIMINATED = 1000.0  # eliminated (or a fifth damage card)
BLOCKED = 1.5       # stopped by a sled: no refill in step 3
FINISH = 100.0      # crossing the finish line
SIDE = 0.15         # per lane away from the inside of the next corner
OVER_NEXT = 0.6     # per point of mat speed over the next limit within reach
STALL = 2 * ELIMINATED  # the last sled racing, standing still with its mat unchanged (never ends)
_EPS = 1e-9

_SLED = -3                 # a walk's stop: a sled on the target square (WALL, END: the track's)
_FORWARD = [(A.F,) * k for k in range(12)]   # the bonus squares: straight ahead
_TRACK_CACHE: dict[int, tuple] = {}


class _Tables:
    """Per-track numbers the agent reads, as flat lists indexed by square (or line)."""

    __slots__ = ("front", "nxt", "finish", "side_rank", "order_key", "nb", "cross", "limit")

    def __init__(self, track):
        # progress of each square's front line (float, track units)
        self.front = front = [float(f) for f in track.front]
        limits = sorted((float(l.progress), l.value) for l in track.lines if l.kind == "limit")
        # (distance, value) of the next speed-limit line ahead of each square, or None
        self.nxt = [next(((p - f, v) for p, v in limits if p >= f), None) for f in front]
        self.finish = float(track.finish_progress)
        self.side_rank = track.side_rank
        self.order_key = track.order_key
        self.nb = track.nb          # nb[square][F|DL|DR]: the square reached, or WALL / END
        self.cross = track.cross    # cross[square][F|DL|DR]: the lines that step crosses
        # per line index: the speed limit, or None for the finish line
        self.limit = [None if l.kind == "finish" else l.value for l in track.lines]


def _tables(track) -> _Tables:
    key = id(track)
    hit = _TRACK_CACHE.get(key)
    if hit is not None and hit[0] is track:
        return hit[1]
    info = _Tables(track)
    _TRACK_CACHE[key] = (track, info)
    return info


class CarefulAgent:
    """Snow Tails driver that keeps clear of walls, sleds and speed fines.

    Args:
        seed: breaks ties between equally good actions (with the ply).
        clones_only: look ahead on copies of the state only (the reference the
            fast replay is checked against; slower, same choices).
    """

    name = "careful"

    def __init__(self, seed: int = 0, clones_only: bool = False):
        self.seed = seed
        self.clones_only = clones_only

    # ----- the decision -----------------------------------------------------
    def __call__(self, state, ply: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == "discard":
            return self._discard(state, state.current_player(), legal)
        if phase == "choose_slot":
            return min(legal)
        return self._pick(self.scores(state, legal), ply)

    def scores(self, state, legal=None) -> dict:
        """``{action: score}`` of a play, move or bonus decision (0.0 each for any other)."""
        if legal is None:
            legal = state.legal_actions()
        seat = state.current_player()
        phase = state.phase
        if phase == "play":
            return self._score_plays(state, seat, legal)
        if phase in ("move", "bonus"):
            return self._score_step2(state, seat, legal)
        return {a: 0.0 for a in legal}   # not a Snow Tails decision we know: any legal action

    def _pick(self, scores: dict, ply: int) -> int:
        best = max(scores.values())
        tied = sorted(a for a, v in scores.items() if v >= best - _EPS)
        return tied[int(uniform(self.seed, ply, salt=0xCA2EF) * len(tied))]

    # ----- step 1: card plays ---------------------------------------------------
    def _score_plays(self, state, seat, legal) -> dict:
        look = _Lookahead(state, seat)
        out = {}
        # the rest of the turn depends on the mat (speed, drift) and the hand size left:
        # plays that leave the same are scored once (the first of them in id order)
        cache: dict = {}
        for a in legal:
            # known at once for a play that moves; for one that does not (speed below 1) only
            # once the rest of its turn has been followed (key None until then)
            key = look.key_after_play(a)
            if key in cache:
                out[a] = cache[key]
                continue
            value = None if self.clones_only else look.after_play(a)
            if value is None:   # the replay hands over: try the play on a copy
                c = state.try_out(a)   # a private copy with ``a`` applied: no events, no history
                key = (c.left[seat], c.right[seat], c.brake[seat], c.hand_size(seat))
                if key not in cache:
                    value = self._best_after_play(c, seat, look)
            elif key is None:
                key = look.key_after_play(a, slow=True)
            out[a] = cache.setdefault(key, value)
        if all(status != RACING for s, status in enumerate(state.status) if s != seat):
            # The last sled racing: a play that leaves its mat as it is and does not move
            # leaves the whole race as it is, so the same turn comes back for ever (a lone
            # sled whose every move costs damage braked in place round after round).
            left, right, brake = look.mat
            for a in out:
                l, r, b = A.play_parts(a)
                if (l in (0, left) and r in (0, right) and b in (0, brake)
                        and left + right - brake < 1):
                    out[a] -= STALL
        return out

    def _best_after_play(self, c, seat, look) -> float:
        if c.current_player() == seat and c.phase in ("move", "bonus"):
            return max(self._score_steps(c, seat, c.legal_actions(), look).values())
        return look.score_copy(c)

    # ----- step 2: the move and the bonus ----------------------------------------------
    def _score_step2(self, state, seat, legal) -> dict:
        """Score each move, or each answer to a bonus offer."""
        look = _Lookahead(state, seat)
        if self.clones_only:
            return self._score_steps(state, seat, legal, look)
        replay = look.after_move if state.phase == "move" else look.after_bonus
        out = {}
        for a in legal:
            value = replay(a)
            if value is None:   # the replay hands over: try the action on a copy
                value = self._score_steps(state, seat, (a,), look)[a]
            out[a] = value
        return out

    def _score_steps(self, state, seat, legal, look) -> dict:
        """Score each move (or bonus) action on copies; a bonus offer scores its best answer."""
        out = {}
        for a in legal:
            c = state.try_out(a)   # a private copy with ``a`` applied: no events, no history
            if c.current_player() == seat and c.phase == "bonus":
                out[a] = max(self._score_steps(c, seat, c.legal_actions(), look).values())
            else:
                out[a] = look.score_copy(c)
        return out

    # ----- step 3: discards ---------------------------------------------------------------
    def _discard(self, state, seat, legal) -> int:
        hand = state.snapshot(seat)["seats"][seat]["hand"]
        counts = {v: hand.count(v) for v in set(hand)}
        # the value held most often, the lowest of those: keep the values varied
        pick = min(counts, key=lambda v: (-counts[v], v))
        action = A.discard_id(pick)
        return action if action in legal else legal[0]


class _Lookahead:
    """The acting seat's turn, replayed on numbers, and the score of where it ends.

    Built at the seat's play, move or bonus decision. :meth:`after_play`,
    :meth:`after_move` and :meth:`after_bonus` follow the rules modules step by
    step in the order :mod:`.flow` declares (``move.run``,
    ``move.offer_bonus``/``legal_bonus``/``apply_bonus``, ``move.finish_move``,
    ``refill.step3``/``end_step3``, ``order.end_round``, clause IDs
    there) for this one sled and return the score a copy of the state would get, or ``None`` where the rules
    would run on into the next seat's no-dog-card penalty (ST-PLAY-5), which only
    a copy follows. :meth:`score_copy` scores a copy (the reference and the
    fallback).

    The sled part way through its turn is a plain tuple, a *run*::

        (square, squares moved this turn, damage cards, damage supply left (None:
         unlimited), crossed the finish, stopped, stopped by a sled, stopped by a wall,
         speed limits crossed (values, in order), a limit fine paid this turn)

    which is all that the rest of the turn depends on, so step sequences that
    end in the same run are scored once.
    """

    def __init__(self, state, seat):
        self.state = state            # read only
        self.seat = seat
        self.t = _tables(state.track)
        self.o = state.o
        self.p = state.p              # the rule numbers (params.PARAMS), as the engine reads them
        self.hand = state.p.hand_size
        self.occ = state.occ
        p = state.pos[seat]
        self.start = self.t.front[p]
        self.dmg0 = state.dmg[seat]
        # the run so far this turn (at the start of it, unless a bonus is on offer)
        self.run0 = (p, state.moved, self.dmg0, state.dents_left, state.status[seat] == CROSSED,
                     state.stopped, state.blocked[seat], state.walled[seat],
                     tuple(limit for _, limit, _, _ in state.crossings), state.limit_paid)
        self.mat = (state.left[seat], state.right[seat], state.brake[seat])
        self.dogs = state.dogs(seat)
        self.deck_left = sum(state.deck[seat])
        order, nxt = state.order, state.tidx + 1
        # the next seat in this round's order holds a dog card (None: this seat is the last)
        self.next_has_dogs = state.dogs(order[nxt]) > 0 if nxt < len(order) else None
        self.bonus = state.tidx + 1   # the bonus on offer equals the position in the order (ST-AMB-06)
        self._move_scores: dict = {}  # after_move: score by run

    # ----- the score ------------------------------------------------------------------
    def score(self, status, dmg, p, speed, moved, mat_speed) -> float:
        """Score of the sled ending with ``status``, ``dmg`` damage cards, on square ``p`` (-1:
        off the track), after a move planned at ``speed`` squares of which ``moved`` were made,
        with ``mat_speed`` the speed its mat now shows."""
        if status == OUT or dmg >= self.hand:   # a hand of damage cards only (ST-ELIM-1)
            return -ELIMINATED
        taken = dmg - self.dmg0
        value = 0.0
        for k in range(taken):
            value -= DAMAGE + DAMAGE_GROWTH * (self.dmg0 + k)
        t = self.t
        if status in (CROSSED, FINISHED):
            beyond = t.front[p] - t.finish if p >= 0 else 0.0
            return value + FINISH + beyond
        value += t.front[p] - self.start
        if moved < speed:
            value -= BLOCKED  # stopped short (a sled, or a wall, which also costs its damage)
        value -= SIDE * t.side_rank[p]
        ahead = t.nxt[p]
        if ahead is not None:
            dist, limit = ahead
            if mat_speed > limit and dist < mat_speed:
                value -= OVER_NEXT * (mat_speed - limit)
        return value

    def score_copy(self, c) -> float:
        """Score the acting sled in the state copy ``c`` (reads only that seat's own entries)."""
        s = self.seat
        last = c.last[s]  # (speed incl. bonus, squares moved, bonus) of this move; kept until the next
        speed, moved = (0, 0) if last is None else last[:2]
        return self.score(c.status[s], c.dmg[s], c.pos[s], speed, moved,
                          c.left[s] + c.right[s] - c.brake[s])

    # ----- step 1 -----------------------------------------------------------------------
    def key_after_play(self, action, slow=False):
        """(left, right, brake, hand size) that a copy would show after the play ``action``.

        A play of speed 1 or more stops at the move, so its key is certain. One below 1
        runs on through step 3, which can (rarely) reach this seat's next turn and change
        its damage: its key is None unless ``slow`` is set, which the caller does once
        :meth:`after_play` has followed that turn without handing over to a copy.
        """
        l, r, b = A.play_parts(action)
        left, right, brake = self.mat
        left, right, brake = l or left, r or right, b or brake
        if not slow and left + right - brake < 1:
            return None
        return (left, right, brake, self.dogs + self.dmg0 - (l > 0) - (r > 0) - (b > 0))

    def after_play(self, action):
        """Best score of the play ``action`` followed by the best move; None: ask a copy."""
        l, r, b = A.play_parts(action)
        left, right, brake = self.mat
        mat = (l or left, r or right, b or brake)
        played = (l > 0, r > 0, b > 0)
        speed = mat[0] + mat[1] - mat[2]
        if speed < 1:  # ST-SPEED-2: no move
            return self._rest(self.run0, mat, played)
        diff = mat[0] - mat[1]
        drift = min(diff if diff >= 0 else -diff, speed)   # ST-DRIFT-1/3
        best = None
        seen = set()   # many sequences end alike (on the same square, at the same wall)
        for a in A.MOVES[(speed, drift, A.DL if diff > 0 else A.DR)]:
            run = self._walk(self.run0, A.STEPS[a], speed)
            if run in seen:
                continue
            seen.add(run)
            value = self._rest(run, mat, played)
            if value is None:
                return None
            if best is None or value > best:
                best = value
        return best

    # ----- step 2 -----------------------------------------------------------------------
    def after_move(self, action):
        """Score of the move ``action`` (a sequence of F / DL / DR) with the best bonus answer;
        None: ask a copy."""
        left, right, brake = mat = self.mat
        speed = left + right - brake
        run = self._walk(self.run0, A.STEPS[action], speed if speed > 0 else 0)
        scores = self._move_scores
        if run not in scores:
            scores[run] = self._rest(run, mat, (False, False, False))
        return scores[run]

    def after_bonus(self, action):
        """Score of the answer ``action`` to a bonus offer (``move.apply_bonus``); None: ask a copy."""
        k = A.decode(action)[1]
        left, right, brake = self.mat
        speed = left + right - brake
        planned = (speed if speed > 0 else 0) + k
        run = self._walk(self.run0, _FORWARD[k], planned) if k else self.run0
        return self._finish(run, planned, self.mat, (False, False, False))

    def _walk(self, run, steps, planned) -> tuple:
        """``move.run``: the run after walking ``steps`` at the planned speed ``planned``,
        step by step until a wall, a sled or the end of the track stops it."""
        p, moved, dmg, dents, crossed, stopped, blocked, walled, limits, paid = run
        t, o = self.t, self.o
        nb, cross, occ, me = t.nb, t.cross, self.occ, self.seat
        stop = 0
        for d in steps:
            q = nb[p][d]
            if q < 0:   # WALL or END
                stop = q
                break
            other = occ[q]
            if other >= 0 and other != me:   # (this sled's own start square is free once it left)
                stop = _SLED
                break
            lines = cross[p][d]
            p = q
            moved += 1
            if not lines:
                continue
            for line in lines:
                limit = t.limit[line]
                if limit is None:     # ST-END-2: the finish line
                    crossed = True
                    continue
                limits += (limit,)    # ST-LIMIT-1: fined now or at the end of the move (ST-AMB-08)
                if o.limit_at_crossing:
                    dmg, dents, paid = self._fine(dmg, dents, paid, limit,
                                                  planned if o.limit_planned else moved)
        if stop == WALL:          # ST-WALL-1: stop, wall_damage
            stopped = walled = True
            dmg, dents = _damage(dmg, dents, self.p.wall_damage)
        elif stop == _SLED:       # ST-BLOCK-1 (ST-AMB-10: collision damage)
            stopped = blocked = True
            dmg, dents = _damage(dmg, dents, o.collision_damage)
        return (p, moved, dmg, dents, crossed, stopped, blocked, walled, limits, paid)

    def _fine(self, dmg, dents, paid, limit, count):
        """``move._penalise``: ST-LIMIT-2, ST-AMB-07/08; returns (dmg, dents, paid)."""
        over = count - limit
        if over <= 0:
            return dmg, dents, paid
        if not self.o.limit_each:
            if paid:
                return dmg, dents, paid
            paid = True
        return _damage(dmg, dents, over * self.p.limit_damage) + (paid,)

    def _rest(self, run, mat, played):
        """Score of the turn after the normal move: the bonus (its best answer), the end of the
        move and step 3, for the sled's ``run`` with ``mat`` (left, right, brake) after ``played``
        (left, right, brake: whether a card went there this turn); None: ask a copy."""
        if run[2] >= self.hand:
            return -ELIMINATED   # a hand of damage cards only, whatever follows
        left, right, brake = mat
        speed = left + right - brake
        planned = speed if speed > 0 else 0
        if left != right or not self._bonus_offered(speed, run[5]):   # ST-BONUS-1: equal dogs
            return self._finish(run, planned, mat, played)
        best = None
        for k in self._bonus_choices(run[0]):
            # ST-BONUS-1/2: k squares straight ahead, counted as extra speed
            after = self._walk(run, _FORWARD[k], planned + k) if k else run
            value = self._finish(after, planned + k, mat, played)
            if value is None:
                return None
            if best is None or value > best:
                best = value
        return best

    def _bonus_offered(self, speed, stopped) -> bool:
        """``move.bonus_allowed`` for equal dogs: ST-BONUS-1, ST-AMB-03/04/22."""
        o = self.o
        return ((self.state.round != 1 or o.bonus_round1)
                and not (speed < 1 and o.bonus_requires_move)
                and not (stopped and not o.bonus_after_stop))

    def _bonus_choices(self, p):
        """``move.legal_bonus``: the bonus sizes on offer (0 = decline), ST-AMB-05/22."""
        k = top = self.bonus
        if self.o.bonus_refuse:   # only as far as the squares ahead are free
            nb, occ, me = self.t.nb, self.occ, self.seat
            top = 0
            while top < k:
                q = nb[p][A.F]
                if q < 0 or (occ[q] >= 0 and occ[q] != me):
                    break
                p = q
                top += 1
        if self.o.bonus_partial:
            return range(top + 1)
        return (0, k) if top == k else (0,)

    # ----- the end of the move, step 3 and what follows -----------------------------------
    def _finish(self, run, planned, mat, played):
        p, moved, dmg, dents, crossed, stopped, blocked, walled, limits, paid = run
        o = self.o
        if limits and not o.limit_at_crossing:   # ST-AMB-07/08: fines at the end of the move
            count = planned if o.limit_planned else moved
            for limit in (limits if o.limit_each else (min(limits),)):
                dmg, dents, paid = self._fine(dmg, dents, paid, limit, count)
        if dmg >= self.hand:
            return -ELIMINATED
        status = CROSSED if crossed else RACING
        dogs = self.dogs - played[0] - played[1] - played[2]
        size = dogs + dmg
        skipped = blocked or (o.refill_wall and walled)   # ST-BLOCK-2, ST-AMB-10
        if size > self.hand and dogs:
            pass          # ST-REFILL-2: a discard decision comes next
        elif size < self.hand and not skipped and self._can_draw(played):
            pass          # ST-REFILL-1: a draw (a chance outcome) comes next
        else:
            # refill.end_step3: ST-ELIM-1 / ST-AMB-12
            if status == RACING and not dogs and (not skipped or (o.elim_immediate and dmg > 0)):
                return -ELIMINATED
            status, p = self._next_turn(status, p, dogs)
            if status is None:
                return None
        return self.score(status, dmg, p, planned, moved, mat[0] + mat[1] - mat[2])

    def _can_draw(self, played) -> bool:
        """``refill.ensure_deck``: a card to draw, after a reshuffle if need be (ST-AMB-13)."""
        if self.deck_left:
            return True
        st, seat = self.state, self.seat
        o = self.o
        if not o.reshuffle:
            return False
        disc = st.disc[seat]
        cards = disc[1] + disc[2] + disc[3] + disc[4] + disc[5] + played[2]  # the brake card
        if o.reshuffle_all:   # the covered cards of each dog stack come back too
            for stack, added in ((st.lstack[seat], played[0]), (st.rstack[seat], played[1])):
                cards += max(len(stack) + added - 1, 0)
        return cards > 0

    def _next_turn(self, status, p, dogs):
        """The next turn (``flow``): (status, square) of this sled once it has begun, or
        (None, None) when the next seat to play has no dog card (ST-PLAY-5: only a copy follows)."""
        if self.next_has_dogs is not None:
            return (status, p) if self.next_has_dogs else (None, None)
        st, me = self.state, self.seat
        # order.end_round (ST-ORDER-1, ST-END-2..5): sleds that crossed are placed and removed
        statuses = st.status[:]
        statuses[me] = status
        if status == CROSSED:
            status, p = FINISHED, -1
        racing = [s for s in range(st.n) if statuses[s] == RACING]
        if not racing or (self.o.end_first and any(x in (CROSSED, FINISHED) for x in statuses)):
            return status, p    # the race is over (ST-END-1, ST-AMB-23)
        # ST-ORDER-3..6: the new round's first seat (furthest ahead) begins its turn
        key, pos = self.t.order_key, st.pos
        first = min(racing, key=lambda s: key[p if s == me else pos[s]])
        if (dogs if first == me else st.dogs(first)):
            return status, p
        return None, None


def _damage(dmg, dents, k):
    """``refill.take_damage``: ``k`` damage cards (fewer if the supply runs out, ST-AMB-14);
    returns (dmg, dents)."""
    if k <= 0:
        return dmg, dents
    if dents is not None:
        if dents < k:
            k = dents
        dents -= k
    return dmg + k, dents
