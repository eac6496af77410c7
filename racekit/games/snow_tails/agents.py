"""Snow Tails agents: ``careful``, a driver that avoids walls, sleds and fines.

A uniformly random driver steers into the side walls and over speed limits and
almost always collects five damage cards long before the finish. The careful
driver looks one turn ahead with clones of the state and a simple score:

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
* **card play** (step 1): every legal play is tried on a clone, followed by the
  best step sequence for the speed and drift it gives; the play with the best
  outcome wins. So plays that make progress without pointless damage come out
  on top: speed of at least 1, a drift that fits the track, no fine at a
  speed-limit line when a slower play costs little.
* **move** (step 2): every legal sequence of F / DL / DR is tried on a clone
  (with the bonus, when one is offered, tried both ways) and the best outcome
  wins: a sequence that hits no wall and no sled if there is one, otherwise
  the one that gets furthest for the least damage.
* **bonus**: taken when it scores at least as well as declining it, that is
  when it costs no damage and no stop (the same clone test).
* **discard**: one card of the value held most often (the lowest of those), so
  the hand keeps as many different values as it can.
* **start slot**: the lowest-numbered free slot (the front of the grid).

Ties (equal scores) are broken with :func:`racekit.core.chance.uniform` from
the agent's seed and the ply, so the agent is deterministic from its seed.

Hidden information: the agent reads the acting seat's hand and mat from
``state.snapshot(seat)`` and the legal actions. The clones it tries actions on
still hold every seat's cards, but the agent reads back only the acting sled's
own square, status, damage and stop flags; the outcome of a play, move or bonus
depends only on public information (track, sleds' squares, the mover's mat) and
the mover's own hand (for a refill or an elimination). It never applies a chance
outcome to a clone: a clone that reaches a draw is scored as it stands. A clone
may run on past the end of the turn (into the next seat's turn start, or a new
round) until a draw or a decision; the agent therefore reads only entries kept
until its own next move: square, status, damage and ``last`` (speed and squares
moved), never the turn's temporaries or the per-turn ``blocked``/``walled`` flags.
"""
from __future__ import annotations

from racekit.core.chance import uniform

from . import actions as A
from .consts import CROSSED, FINISHED, OUT

DAMAGE = 4.0        # per damage card, in track units (one straight row = 1)
DAMAGE_GROWTH = 1.5  # extra per damage card the sled already holds
ELIMINATED = 1000.0  # eliminated (or a fifth damage card)
BLOCKED = 1.5       # stopped by a sled: no refill in step 3
FINISH = 100.0      # crossing the finish line
SIDE = 0.15         # per lane away from the inside of the next corner
OVER_NEXT = 0.6     # per point of mat speed over the next limit within reach
_EPS = 1e-9

_TRACK_CACHE: dict[int, tuple] = {}


def _tables(track):
    """Per square: front progress (float), distance to and value of the next limit line."""
    key = id(track)
    hit = _TRACK_CACHE.get(key)
    if hit is not None and hit[0] is track:
        return hit[1]
    front = [float(f) for f in track.front]
    limits = sorted((float(l.progress), l.value) for l in track.lines if l.kind == "limit")
    nxt = []
    for f in front:
        ahead = next(((p - f, v) for p, v in limits if p >= f), None)
        nxt.append(ahead)
    info = (front, nxt, float(track.finish_progress))
    _TRACK_CACHE[key] = (track, info)
    return info


class CarefulAgent:
    """Snow Tails driver that keeps clear of walls, sleds and speed fines.

    Args:
        seed: breaks ties between equally good actions (with the ply).
    """

    name = "careful"

    def __init__(self, seed: int = 0):
        self.seed = seed

    # ----- the decision -----------------------------------------------------
    def __call__(self, state, ply: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        phase = state.phase
        if phase == "play":
            scores = self._score_plays(state, seat, legal)
        elif phase in ("move", "bonus"):
            scores = self._score_steps(state, seat, legal)
        elif phase == "discard":
            return self._discard(state, seat, legal)
        elif phase == "choose_slot":
            return min(legal)
        else:  # not a Snow Tails decision we know: any legal action, seeded
            scores = {a: 0.0 for a in legal}
        return self._pick(scores, ply)

    def _pick(self, scores: dict, ply: int) -> int:
        best = max(scores.values())
        tied = sorted(a for a, v in scores.items() if v >= best - _EPS)
        return tied[int(uniform(self.seed, ply, salt=0xCA2EF) * len(tied))]

    # ----- step 1: card plays ---------------------------------------------------
    def _score_plays(self, state, seat, legal) -> dict:
        base = _Base(state, seat)
        out = {}
        cache: dict = {}
        for a in legal:
            c = state.try_out(a)   # a private copy with ``a`` applied: no events, no history
            # the move step depends on the mat (speed, drift) and the hand size left
            key = (c.left[seat], c.right[seat], c.brake[seat], c.hand_size(seat))
            if key not in cache:
                cache[key] = self._best_after_play(c, seat, base)
            out[a] = cache[key]
        return out

    def _best_after_play(self, c, seat, base) -> float:
        if c.current_player() == seat and c.phase in ("move", "bonus"):
            return max(self._score_steps(c, seat, c.legal_actions(), base).values())
        return base.score(c)

    # ----- step 2: the move and the bonus ----------------------------------------------
    def _score_steps(self, state, seat, legal, base=None) -> dict:
        """Score each move (or bonus) action; a move that leads to a bonus offer scores its best answer."""
        base = base or _Base(state, seat)
        out = {}
        for a in legal:
            c = state.try_out(a)   # a private copy with ``a`` applied: no events, no history
            if c.current_player() == seat and c.phase == "bonus":
                out[a] = max(self._score_steps(c, seat, c.legal_actions(), base).values())
            else:
                out[a] = base.score(c)
        return out

    # ----- step 3: discards ---------------------------------------------------------------
    def _discard(self, state, seat, legal) -> int:
        hand = state.snapshot(seat)["seats"][seat]["hand"]
        counts = {v: hand.count(v) for v in set(hand)}
        # the value held most often, the lowest of those: keep the values varied
        pick = min(counts, key=lambda v: (-counts[v], v))
        action = A.DISCARD_BASE + pick
        return action if action in legal else legal[0]


class _Base:
    """The acting sled before the decision, and the score of a clone after it."""

    __slots__ = ("seat", "track", "front", "nxt", "finish", "start", "dmg0")

    def __init__(self, state, seat):
        view = state.snapshot(seat)["seats"][seat]
        self.seat = seat
        self.track = track = state.game.track
        self.front, self.nxt, self.finish = _tables(track)
        row, lane = view["position"]
        self.start = self.front[track.square_at(row, lane)]
        self.dmg0 = view["damage"]

    def score(self, c) -> float:
        """Score the acting sled in clone ``c`` (reads only that seat's own entries)."""
        s = self.seat
        status = c.status[s]
        dmg = c.dmg[s]
        if status == OUT or dmg >= 5:
            return -ELIMINATED
        taken = dmg - self.dmg0
        value = 0.0
        for k in range(taken):
            value -= DAMAGE + DAMAGE_GROWTH * (self.dmg0 + k)
        p = c.pos[s]
        if status in (CROSSED, FINISHED):
            beyond = self.front[p] - self.finish if p >= 0 else 0.0
            return value + FINISH + beyond
        front = self.front[p]
        value += front - self.start
        last = c.last[s]  # (speed incl. bonus, squares moved, bonus) of this move; kept until the next
        if last is not None and last[1] < last[0]:
            value -= BLOCKED  # stopped short (a sled, or a wall, which also costs its damage)
        value -= SIDE * self.track.side_rank[p]
        ahead = self.nxt[p]
        if ahead is not None:
            dist, limit = ahead
            speed = c.left[s] + c.right[s] - c.brake[s]
            if speed > limit and dist < speed:
                value -= OVER_NEXT * (speed - limit)
        return value
