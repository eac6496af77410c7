"""The action codec of Snow Tails: every action id, its name, and back (one place, no rules).

Ids (decisions and chance outcomes share one range, ``0 <= id < NUM_DISTINCT_ACTIONS``):

Chance outcomes:

* ``draw``: a card drawn is its value ``1..5`` (``"draw 3"``; ST-SETUP-2, ST-REFILL-1).
* ``first``: the random first player is ``10 + seat`` (``"first player Blue"``; ST-AMB-02).
* ``random_slot``: a random start slot is ``20 + slot`` (``"random slot 2"``; ST-AMB-02).

Decisions:

* ``play``: ``100 + l*36 + r*6 + b`` where l, r, b (0..5) are the values put on
  the left dog, the right dog and the brake (0 = nothing). Legal plays use one
  value: ``"play 3 to L+R"``; other ids exist so that refused plays can be
  named (``"play 2 to L, 4 to R"``, ``"play nothing"``). ``60 + spot*8 + v``
  (kind ``stack``) names two cards on one spot (``"play 3 3 to L"``), always refused.
* ``move``: the step sequence of the normal move, one decision:
  ``1000 + OFFSET[n] + sum(d_i * 3**i)`` with n steps, d = 0 forward (F),
  1 drift left (DL), 2 drift right (DR); named ``"DR F F F DR"``.
* ``bonus``: ``500`` = ``"decline bonus"``, ``500 + k`` = ``"take bonus +k"``.
* ``discard``: ``600 + v`` = ``"discard 4"`` (``600`` = ``"discard damage"``, refused).
* ``slot``: ``700 + k`` = ``"slot k"``.

:func:`kind` and :func:`decode` split an id into ``(kind, value)``, :func:`name`
writes its name and :func:`parse` reads a name back (legal or not, so that
refusals can explain it).
"""
from __future__ import annotations

import re
from itertools import combinations

F, DL, DR = 0, 1, 2
STEP_NAMES = ("F", "DL", "DR")
SPOTS = ("L", "R", "B")

PLAY_BASE = 100
STACK_BASE = 60
MOVE_BASE = 1000
BONUS_BASE = 500
DISCARD_BASE = 600
SLOT_BASE = 700
FIRST_BASE = 10
RSLOT_BASE = 20
MAX_STEPS = 12

OFFSET = [0]
for _n in range(1, MAX_STEPS + 2):
    OFFSET.append(OFFSET[-1] + 3 ** (_n - 1))
# OFFSET[n] = first code of sequences of length n (length 0 unused)
MOVE_END = MOVE_BASE + OFFSET[MAX_STEPS + 1]
NUM_DISTINCT_ACTIONS = MOVE_END
"""Every id lies below this bound (the step sequences, named up to ``MAX_STEPS`` steps so that
a refused sequence can be named, are the largest ids; a legal one has at most 9 steps)."""

DRAW, FIRST, RANDOM_SLOT, PLAY, STACK, MOVE, BONUS, DISCARD, SLOT = (
    "draw", "first", "random_slot", "play", "stack", "move", "bonus", "discard", "slot")


def play_id(l: int, r: int, b: int) -> int:
    return PLAY_BASE + l * 36 + r * 6 + b


def play_parts(action: int) -> tuple[int, int, int]:
    """``(left, right, brake)``: the value put on each spot (0 = nothing)."""
    x = action - PLAY_BASE
    return x // 36, (x // 6) % 6, x % 6


def stack_id(spot: int, value: int) -> int:
    """Two cards of ``value`` on one spot (index in ``SPOTS``): a play that is always refused."""
    return STACK_BASE + spot * 8 + value


def first_id(seat: int) -> int:
    return FIRST_BASE + seat


def random_slot_id(slot: int) -> int:
    return RSLOT_BASE + slot


def slot_id(slot: int) -> int:
    return SLOT_BASE + slot


def bonus_id(squares: int) -> int:
    """``0``: decline the bonus; ``k``: take ``k`` squares."""
    return BONUS_BASE + squares


def discard_id(value: int) -> int:
    return DISCARD_BASE + value


PLAY_PARTS = {play_id(l, r, b): (l, r, b) for l in range(6) for r in range(6) for b in range(6)}
"""``play_parts`` of every play id, looked up (the playout hot path)."""

# legal play ids by value: (mask, id) with mask bit 1 = L, 2 = R, 4 = B
PLAYS_BY_VALUE = {}
for _v in range(1, 6):
    rows = []
    for _mask in range(1, 8):
        rows.append((bin(_mask).count("1"),
                     play_id(_v if _mask & 1 else 0, _v if _mask & 2 else 0, _v if _mask & 4 else 0)))
    PLAYS_BY_VALUE[_v] = rows


def move_id(steps) -> int:
    code = 0
    for i, d in enumerate(steps):
        code += d * 3 ** i
    return MOVE_BASE + OFFSET[len(steps)] + code


def move_steps(action: int) -> tuple:
    x = action - MOVE_BASE
    n = 1
    while n <= MAX_STEPS and x >= OFFSET[n + 1]:
        n += 1
    code = x - OFFSET[n]
    out = []
    for _ in range(n):
        out.append(code % 3)
        code //= 3
    return tuple(out)


def steps_of(action: int) -> tuple:
    """The steps (F, DL, DR) of a move id."""
    return STEPS.get(action) or move_steps(action)


# every legal sequence, by (speed, drift, direction): sorted ids
MOVES: dict[tuple[int, int, int], list[int]] = {}
STEPS: dict[int, tuple] = {}
for _n in range(1, 10):
    for _k in range(0, _n + 1):
        for _d in (DL, DR):
            ids = []
            for where in combinations(range(_n), _k):
                seq = [F] * _n
                for i in where:
                    seq[i] = _d
                a = move_id(seq)
                ids.append(a)
                STEPS[a] = tuple(seq)
            MOVES[(_n, _k, _d)] = sorted(ids)

BONUS_IDS = [[BONUS_BASE + k for k in range(m + 1)] for m in range(12)]


def is_play(a):
    return PLAY_BASE <= a < PLAY_BASE + 216


def is_stack(a):
    return STACK_BASE < a < STACK_BASE + 24 and 1 <= (a - STACK_BASE) % 8 <= 5


def is_move(a):
    return MOVE_BASE + 1 <= a < MOVE_END


def is_bonus(a):
    return BONUS_BASE <= a < BONUS_BASE + 12


def is_discard(a):
    return DISCARD_BASE <= a <= DISCARD_BASE + 5


def is_slot(a):
    return SLOT_BASE + 1 <= a <= SLOT_BASE + 9


def kind(a: int) -> str | None:
    """The kind of an id (``draw``, ``first``, ``random_slot``, ``play``, ``stack``, ``move``,
    ``bonus``, ``discard``, ``slot``), or ``None`` for an id of no kind."""
    if a < PLAY_BASE:
        if 1 <= a <= 5:
            return DRAW
        if FIRST_BASE <= a < RSLOT_BASE:
            return FIRST
        if RSLOT_BASE <= a < 30:
            return RANDOM_SLOT
        return STACK if is_stack(a) else None
    if a < PLAY_BASE + 216:
        return PLAY
    if a < DISCARD_BASE:
        return BONUS if BONUS_BASE <= a < BONUS_BASE + 12 else None
    if a < SLOT_BASE:
        return DISCARD if a <= DISCARD_BASE + 5 else None
    if a < MOVE_BASE:
        return SLOT if SLOT_BASE + 1 <= a <= SLOT_BASE + 9 else None
    return MOVE if a < MOVE_END and a != MOVE_BASE else None


def decode(a: int) -> tuple[str, object]:
    """``(kind, value)`` of an action id.

    Values: ``draw``: the card's value; ``first``: the seat; ``random_slot`` and ``slot``: the
    slot number; ``play``: ``(left, right, brake)``; ``stack``: ``(spot index, value)``;
    ``move``: the steps; ``bonus``: the squares taken (0 = declined); ``discard``: the value
    (0 = a damage card).

    Raises:
        ValueError: no action has this id.
    """
    k = kind(a)
    if k is None:
        raise ValueError(f"no action {a!r} in snow_tails")
    if k == DRAW:
        return k, a
    if k == FIRST:
        return k, a - FIRST_BASE
    if k == RANDOM_SLOT:
        return k, a - RSLOT_BASE
    if k == PLAY:
        return k, play_parts(a)
    if k == STACK:
        return k, divmod(a - STACK_BASE, 8)
    if k == MOVE:
        return k, steps_of(a)
    if k == BONUS:
        return k, a - BONUS_BASE
    if k == DISCARD:
        return k, a - DISCARD_BASE
    return k, a - SLOT_BASE


def play_name(a: int) -> str:
    l, r, b = play_parts(a)
    vals = [v for v in (l, r, b) if v]
    if not vals:
        return "play nothing"
    if len(set(vals)) == 1:
        spots = "+".join(s for s, v in zip(SPOTS, (l, r, b)) if v)
        return f"play {vals[0]} to {spots}"
    return "play " + ", ".join(f"{v} to {s}" for s, v in zip(SPOTS, (l, r, b)) if v)


def decision_name(a: int) -> str | None:
    if is_play(a):
        return play_name(a)
    if is_stack(a):
        spot, v = divmod(a - STACK_BASE, 8)
        return f"play {v} {v} to {SPOTS[spot]}"
    if is_move(a):
        return " ".join(STEP_NAMES[d] for d in steps_of(a))
    if is_bonus(a):
        k = a - BONUS_BASE
        return "decline bonus" if k == 0 else f"take bonus +{k}"
    if is_discard(a):
        v = a - DISCARD_BASE
        return "discard damage" if v == 0 else f"discard {v}"
    if is_slot(a):
        return f"slot {a - SLOT_BASE}"
    return None


def name(a: int, seat_names) -> str:
    """The name of any id, chance outcome or decision (``seat_names`` name the first player).

    Raises:
        ValueError: no action has this id.
    """
    if 0 < a < 30:  # chance outcomes
        if a <= 5:
            return f"draw {a}"
        if FIRST_BASE <= a < RSLOT_BASE:
            seat = a - FIRST_BASE
            return f"first player {seat_names[seat] if seat < len(seat_names) else seat}"
        if a >= RSLOT_BASE:
            return f"random slot {a - RSLOT_BASE}"
    text = decision_name(a)
    if text is None:
        raise ValueError(f"{a!r} is not an action of snow_tails")
    return text


def parse(text: str, chance: bool, seat_names) -> int | None:
    """The id a name stands for: a chance outcome's when ``chance``, else a decision's (legal
    or not); None when it is no name."""
    t = " ".join(str(text).split())
    if not chance:
        return parse_decision(t)
    # ASCII digits in range only: "draw ²" or "draw 9" names no outcome
    m = re.fullmatch(r"draw ([1-5])", t)
    if m:
        return int(m.group(1))
    if t.startswith("first player "):
        who = t[len("first player "):]
        if who in seat_names:
            return first_id(list(seat_names).index(who))
        if re.fullmatch(r"[0-9]", who) and int(who) < len(seat_names):
            return first_id(int(who))
    m = re.fullmatch(r"random slot ([1-9])", t)
    if m:
        return random_slot_id(int(m.group(1)))
    return None


# ASCII digits only ([0-9], not \d): a name is typed as racekit prints it
_PLAY_SAME = re.compile(r"^play ([0-9]) to ([LRB](?:\+[LRB])*)$")
_PLAY_MIXED = re.compile(r"^play ([0-9] to [LRB](?:, [0-9] to [LRB])*)$")
_PLAY_STACK = re.compile(r"^play ([0-9]) \1 to ([LRB])$")


def parse_decision(text: str) -> int | None:
    """Parse any decision name (legal or not); None when it is not a name."""
    t = " ".join(text.split())
    if t == "play nothing":
        return play_id(0, 0, 0)
    m = _PLAY_STACK.match(t)
    if m and 1 <= int(m.group(1)) <= 5:
        return stack_id(SPOTS.index(m.group(2)), int(m.group(1)))
    m = _PLAY_SAME.match(t)
    if m:
        v, spots = int(m.group(1)), m.group(2).split("+")
        if 1 <= v <= 5 and len(set(spots)) == len(spots):
            return play_id(*(v if s in spots else 0 for s in SPOTS))
        if 1 <= v <= 5:
            s = next(x for x in spots if spots.count(x) > 1)
            return stack_id(SPOTS.index(s), v)
        return None
    m = _PLAY_MIXED.match(t)
    if m:
        vals = {}
        for part in m.group(1).split(", "):
            v, _, s = part.split(" ")
            if s in vals or not 1 <= int(v) <= 5:
                return None
            vals[s] = int(v)
        return play_id(*(vals.get(s, 0) for s in SPOTS))
    words = t.split(" ")
    if words and all(w in STEP_NAMES for w in words) and len(words) <= MAX_STEPS:
        return move_id([STEP_NAMES.index(w) for w in words])
    if t == "decline bonus":
        return BONUS_BASE
    m = re.match(r"^take bonus \+([0-9]{1,2})$", t)
    if m and 1 <= int(m.group(1)) <= 11:
        return BONUS_BASE + int(m.group(1))
    if t == "discard damage":
        return DISCARD_BASE
    m = re.match(r"^discard ([1-5])$", t)
    if m:
        return DISCARD_BASE + int(m.group(1))
    m = re.match(r"^slot ([1-9])$", t)
    if m:
        return SLOT_BASE + int(m.group(1))
    return None


LEGAL_MAX_STEPS = 9
"""The longest step sequence a legal move can have (the named ones reach ``MAX_STEPS``)."""
CHANCE_IDS = tuple(range(1, 6)) + tuple(range(FIRST_BASE, FIRST_BASE + 5)) \
    + tuple(range(RSLOT_BASE, RSLOT_BASE + 10))
"""Every chance outcome id: a card's value, the first player, a random start slot."""


def decision_ids() -> tuple:
    """Every id a decision can take, sorted (the dense index's decisions, GameType.decision_ids):
    the plays, the bonus and discard choices, a start slot and a move of 1 to
    :data:`LEGAL_MAX_STEPS` steps."""
    ids = set(PLAY_PARTS) | {BONUS_BASE + k for k in range(12)}
    ids |= {DISCARD_BASE + v for v in range(6)} | {SLOT_BASE + k for k in range(1, 10)}
    ids |= set(range(MOVE_BASE + OFFSET[1], MOVE_BASE + OFFSET[LEGAL_MAX_STEPS + 1]))
    return tuple(sorted(ids))
