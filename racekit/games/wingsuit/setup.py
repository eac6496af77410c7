"""Setup (WS-SETUP-1..7) and scenario set-ups.

Dealing is a chain of chance nodes: one card from each colour pile for the queue
(WS-SETUP-1, -2), the queue's colour order (WS-AMB-20), then the five track cards
bottom to top from the six left (WS-SETUP-3); the last card is unused
(WS-SETUP-4). Then each seat, youngest (seat 0) first, puts its character at
altitude ``alt_max`` on a free start cell of the bottom card (WS-SETUP-6, WS-AMB-25).

Scenario set-up (``new_initial_state(setup=...)``), every field optional::

    track: [R2, Y2, B2, R3, Y3]     # card ids, card 1 (bottom) to card 5
    queue: ["R1@1", "Y1@3", "B1@5"] # placements card@b, oldest first
    map: plain                      # plain (every hex height 1, no features) or cards
    terrain: {"3,11": {h: 3}, "4,14": {h: white}, "3,15": {updraft: true}}
    cells: {C3: [{if: "alt_at_least(3)", then: [N]}, N]}  # queue cells' icons
    bottom: 1                       # lowest card still on the track
    set_aside: []                   # card ids set aside (WS-AMB-32)
    round: 1
    phase: action                   # plan | interference | action | cleanup
    order: [0, 1, 2]                # snapshot order (action, cleanup); default: computed
    next: 0                         # index in order of the seat to act now
    bag: {red: 5, yellow: 5, blue: 5}  # default: the full supply minus held cubes
    seats:                          # one entry per seat
      - {at: "3,11", alt: 3, cubes: [red], dice: [C1, B4], planned_brave: [C1], rear_bonus: false}
                                    # alt may also be written altitude, as checks read it
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from racekit.core.content import short
from racekit.core.errors import SetupError
from racekit.core.fields import whole
from racekit.core.invariants import Violation, check_position, refuse
from racekit.core.setups import seat_count_message, validate_setup

from . import actions as A
from . import cleanup, order
from .board import Board
from .cards import COLOURS, VOID, WHITE, parse_tokens

DEFAULT_TRACK = ["R2", "Y2", "B2", "R3", "Y3"]
DEFAULT_QUEUE = ["R1@1", "Y1@3", "B1@5"]


# ----- dealing (chance) --------------------------------------------------------------
def begin(st) -> None:
    st.ph = "deal"
    st.deal_step = 0
    st.qcards = [None, None, None]
    st.dealt = []


def deal_outcomes(st) -> list[tuple[int, float]]:
    k = st.deal_step
    cs = st.cs
    if k < 3:
        ids = cs.by_colour(k)
        return [(A.CARD + i, 1 / len(ids)) for i in ids]
    if k == 3:
        return [(A.PERM + p, 1 / 6) for p in range(6)]
    left = [i for i in range(len(cs.cards)) if i not in st.qcards and i not in st.dealt]
    return [(A.CARD + i, 1 / len(left)) for i in left]


def apply_deal(st, a: int) -> None:
    k = st.deal_step
    if k < 3:
        st.qcards[k] = a - A.CARD
        if st._record:
            st.emit("deal_queue", [], ("WS-SETUP-1", "WS-SETUP-2"), colour=COLOURS[k],
                    card=st.cs.cards[a - A.CARD].id)
        st.deal_step += 1
        if st.deal_step == 3:
            mode = st.o.queue_order
            if mode == "fixed_RYB":
                _set_queue(st, 0)
                st.deal_step = 4
            elif mode == "chooser":
                st.ph = "queue_order"
        return
    if k == 3:
        _set_queue(st, a - A.PERM)
        st.deal_step = 4
        return
    st.dealt.append(a - A.CARD)
    st.deal_step += 1
    if st._record:
        st.emit("deal_card", [], ("WS-SETUP-3",), card=st.cs.cards[a - A.CARD].id, number=len(st.dealt))
    if len(st.dealt) == 5:
        left = [i for i in range(len(st.cs.cards)) if i not in st.qcards and i not in st.dealt]
        st.unused = left[0] if left else None
        st.board = Board(st.cs, st.dealt, st.o.boundary_merge)
        st.here = [[] for _ in range(st.board.geo.size)]
        if st._record:
            st.emit("deal_track", [], ("WS-SETUP-3", "WS-SETUP-4"),
                    cards=[st.cs.cards[i].id for i in st.dealt],
                    unused=st.cs.cards[st.unused].id if st.unused is not None else None)
        starts = st.board.starts(1)
        if len(starts) < st.n:
            raise SetupError(f"card {st.cs.cards[st.dealt[0]].id} flags {len(starts)} start cells, "
                             f"fewer than {st.n} players (WS-AMB-25)")
        st.ph = "start"
        st.start_next = 0


def _set_queue(st, p: int) -> None:
    perm = A.PERMS[p]
    st.queue = [(st.qcards[perm[0]], 1), (st.qcards[perm[1]], 3), (st.qcards[perm[2]], 5)]
    if st._record:
        st.emit("queue", [], ("WS-SETUP-2", "WS-AMB-20"),
                rows=[st.cs.cards[c].id + f"@{b}" for c, b in st.queue], order=A.perm_name(p))


# ----- the youngest player's choices -----------------------------------------------------
def chooser(st) -> int:
    return 0 if st.ph == "queue_order" else st.start_next


def start_cells(st) -> list[int]:
    """The start cells seat ``start_next`` may choose: every start cell of the bottom card,
    front and rear alike, with any number of players (WS-SETUP-6, WS-AMB-25); a taken one
    only under ``start_sharing = allowed_no_collision``. (Only the rear start sprint depends
    on the player count: WS-VAR-45P-2.)"""
    cells = [h for h, _ in st.board.starts(1)]
    if st.o.start_sharing:
        return cells
    return [h for h in cells if not st.here[h]]


def legal(st) -> list[int]:
    if st.ph == "queue_order":
        return [A.ORDER + p for p in range(6)]
    return sorted(A.HEX + h for h in start_cells(st))


def why(st, a: int) -> tuple[str, str]:
    if st.ph == "start":
        free = ", ".join(f"({st.board.label(h)})" for h in sorted(start_cells(st)))
        what = "start cell" if st.o.start_sharing else "free start cell"
        return "WS-AMB-25", f"pick a {what} of the bottom card: {free}"
    return "WS-AMB-20", "choose one of the six colour orders"


def apply_choice(st, a: int) -> None:
    if st.ph == "queue_order":
        _set_queue(st, a - A.ORDER)
        st.ph = "deal"
        st.deal_step = 4
        return
    s = st.start_next
    h = a - A.HEX
    st.pos[s] = h
    st.here[h].append(s)
    st.alt[s] = st.p.alt_max   # WS-SETUP-6
    kind = dict(st.board.starts(1)).get(h)
    st.rear[s] = st.p.rear_sprints if kind == "rear" and st.n >= 4 else 0   # WS-VAR-45P-2
    if st._record:
        st.emit("start", [s], ("WS-SETUP-5", "WS-SETUP-6", "WS-AMB-25"), at=st.board.label(h),
                altitude=st.p.alt_max, rear=kind == "rear")
    st.start_next += 1
    if st.start_next >= st.n:
        st.ph = "plan"
        st.plan_next = 0
        if st._record:
            st.emit("new_round", [], ("WS-SETUP-7", "WS-GEN-2"), round=1)


# ----- scenario set-ups -------------------------------------------------------------------
_CY = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def _hex_text(v):
    if isinstance(v, str):
        return v
    raise ValueError(f"a hex is written \"c,y\" (column, half-row), not {short(v)}")


def _height(v):
    if v in ("white", "void") or (isinstance(v, int) and not isinstance(v, bool)):
        return v   # 1..4: from_setup
    raise ValueError(f"a height is 1 to 4, white or void, not {short(v)}")


class _HexSet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    h: Annotated[Literal["white", "void"] | int, BeforeValidator(_height)] = 1
    updraft: bool = False
    item: bool = False


class _Seat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    at: Annotated[str, BeforeValidator(_hex_text)]
    alt: whole() | None = Field(default=None, validation_alias=AliasChoices("alt", "altitude"))   # default alt_max; 1..alt_max: invariants.py (WS-ALT-1); the snapshot's name too
    cubes: list[Literal["red", "yellow", "blue"]] = Field(default_factory=list, max_length=9)
    dice: list[str] = Field(default_factory=list, max_length=12)   # at most 3: invariants.py (WS-PLAN-3)
    planned_brave: list[str] = Field(default_factory=list, max_length=3)
    rear_bonus: bool = False

    @model_validator(mode="before")
    @classmethod
    def _one_altitude(cls, data):
        if isinstance(data, dict) and "alt" in data and "altitude" in data:
            raise ValueError("give the altitude once, as alt or as altitude (they are one field)")
        return data

    @field_validator("dice", "planned_brave")
    @classmethod
    def _cells(cls, v):
        cells = [A.parse_cell(c) for c in v]
        if len(set(cells)) != len(cells):
            raise ValueError("a seat has one die in a cell at most (its dice show different values)")
        return v


class _Setup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    track: list[str] = Field(default_factory=lambda: list(DEFAULT_TRACK), min_length=5, max_length=5)
    queue: list[str] = Field(default_factory=lambda: list(DEFAULT_QUEUE), min_length=1)
    map: Literal["plain", "cards"] = "plain"
    terrain: dict[str, _HexSet] = Field(default_factory=dict)
    cells: dict[str, list[Any]] = Field(default_factory=dict)
    bottom: whole(1, 5) = 1
    set_aside: list[str] = Field(default_factory=list)
    round: whole(1, 10000) = 1
    phase: Literal["plan", "interference", "action", "cleanup"] = "action"
    order: list[whole()] | None = None
    next: whole(0) = 0
    bag: dict[Literal["red", "yellow", "blue"], whole(0, 99)] | None = None
    seats: list[_Seat]


def _cy(text: str, field: str) -> tuple[int, int]:
    m = _CY.match(text)
    if not m:
        raise SetupError(f"a hex is written 'c,y', not {text!r}", field=field)
    return int(m.group(1)), int(m.group(2))


def from_setup(st, data: dict) -> None:
    s = validate_setup(_Setup, data)
    cs = st.cs
    if len(s.seats) != st.n:
        raise SetupError(seat_count_message(len(s.seats), st.n), field="seats")

    def card(cid, field):
        try:
            return cs.index(cid)
        except KeyError:
            raise SetupError(f"no card {cid!r} in the card set", field=field) from None

    track = [card(c, f"track.{i}") for i, c in enumerate(s.track)]
    queue = []
    for i, q in enumerate(s.queue):
        m = re.fullmatch(r"\s*(\w+)\s*@\s*([1-5])\s*", q)
        if not m:
            raise SetupError(f"a placement is written card@b with b from 1 to 5, not {q!r}",
                             field=f"queue.{i}")
        queue.append((card(m.group(1), f"queue.{i}"), int(m.group(2))))
    overrides = {}
    for key, hx in s.terrain.items():
        c, y = _cy(key, f"terrain.{key}")
        if not (0 <= c < cs.columns and 0 <= y <= cs.half_rows * 5 and (c + y) % 2 == 0):
            raise SetupError(f"({c},{y}) is not a hex of the track", field=f"terrain.{key}")
        if isinstance(hx.h, int) and not 1 <= hx.h <= 4:   # never the internal codes of white/void
            raise SetupError(f"a height is 1 to 4, white or void, not {hx.h}", field=f"terrain.{key}.h")
        h = WHITE if hx.h == "white" else VOID if hx.h == "void" else hx.h
        overrides[(c, y)] = (h, hx.updraft, hx.item)
    st.board = Board(cs, track, st.o.boundary_merge, plain=s.map == "plain", overrides=overrides)
    st.here = [[] for _ in range(st.board.geo.size)]
    st.dealt = track
    st.queue = queue
    st.k_min = s.bottom
    st.set_aside = [card(c, f"set_aside.{i}") for i, c in enumerate(s.set_aside)]
    for key, toks in s.cells.items():
        try:
            cell = A.parse_cell(key)
            st.cell_tok[cell] = parse_tokens(toks)
        except (ValueError, Exception) as exc:  # pydantic or vocabulary errors
            raise SetupError(str(exc).splitlines()[0], field=f"cells.{key}") from None
    held = [0, 0, 0]
    b = st.board
    for i, seat in enumerate(s.seats):
        c, y = _cy(seat.at, f"seats.{i}.at")
        if not (0 <= c < b.W and 0 <= y <= b.top and (c + y) % 2 == 0):
            raise refuse(st, "on_the_track", Violation(f"seats.{i}.at", f"{c},{y}", "no hex of the "
                         "track is there: a character stands on a hex of the track", i))
        h = b.hid(c, y)
        st.pos[i] = h
        st.here[h].append(i)
        st.alt[i] = st.p.alt_max if seat.alt is None else seat.alt
        for colour in seat.cubes:
            st.cubes[i][COLOURS.index(colour)] += 1
            held[COLOURS.index(colour)] += 1
        brave = {A.parse_cell(x) for x in seat.planned_brave}
        for x in seat.dice:
            cell = A.parse_cell(x)
            style = 1 if (cell in brave or (cell >= 6 and not seat.planned_brave)) else 0
            st.cells[cell].append((i, style))
        st.rear[i] = st.p.rear_sprints if seat.rear_bonus else 0
    if s.bag is not None:
        st.bag = [s.bag.get(c, 0) for c in COLOURS]
        if not st.o.discard_to_bag:   # WS-AMB-16 out_of_game: the cubes in neither place are out
            st.out = [st.cubes_total - held[k] - st.bag[k] for k in range(3)]
    else:
        st.bag = [max(0, st.cubes_total - held[k]) for k in range(3)]
    st.round = s.round
    st.deal_step = 9
    if s.phase == "plan" and any(st.cells[c] for c in range(12)):
        raise SetupError("in the plan phase no die stands in the queue yet", field="seats")
    # the position is built: refuse it before any rule acts if it breaks an invariant
    check_position(st, setup=data, aliases={"alt": ("altitude",)})
    if s.phase == "plan":
        st.ph = "plan"
        st.plan_next = 0
    elif s.phase == "interference":
        st.ph = "neutral" if st.o.neutral and st.n == 2 else "interfere"
    elif s.phase == "action":
        if s.order is None:
            st.ph = "order"
        else:
            _check_order(s.order, st.n)
            if s.next >= st.n:
                raise SetupError(f"next is an index into order, 0 to {st.n - 1}, not {s.next}",
                                 field="next")
            st.order = list(s.order)
            order.begin_action(st)
            for k in range(min(s.next, len(st.order))):
                st.done[st.order[k]] = True
    else:
        st.order = list(s.order) if s.order is not None else list(range(st.n))
        _check_order(st.order, st.n)
        cleanup.begin(st)


def _check_order(o, n):
    if sorted(o) != list(range(n)):
        raise SetupError(f"order must list each of the {n} seats once", field="order")
