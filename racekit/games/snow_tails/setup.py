"""Setup: start slots, opening hands, and scenario set-ups.

ST-SETUP-2 (decks), ST-SETUP-3/4 (mat at 3/3/3), ST-SETUP-5 and ST-AMB-02
(placing sleds on the start slots), ST-SETUP-6 (opening hands 5,5,5,6,7 by
slot). Scenario set-ups are validated with pydantic (:class:`Setup`). The order of
the set-up steps (first player, slots, the deal, the first round) is the turn flow's
(:mod:`.flow`).
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from racekit.core.content import short
from racekit.core.errors import SetupError
from racekit.core.fields import whole
from racekit.core.invariants import Violation, check_position, refuse
from racekit.core.setups import seat_count_message, validate_setup

from . import actions as A
from . import order
from .consts import CROSSED, FINISHED, OUT, P_SLOT, RACING
from .params import extra_cards
from .tracks import load_track, track_from_dict



def begin(st) -> bool:
    """The start of a new game (ST-SETUP-5, ST-AMB-02): True when every seat draws its slot at
    random (``slot_selection=random``, seat order), False when a first player is drawn."""
    if st.o.slot_selection != "random":
        return False
    st.placers = list(range(st.n))
    st.placer = 0
    return True


def random_slot_outcomes(st) -> list[tuple[int, float]]:
    """ST-AMB-02 ``random``: each free slot alike."""
    free = free_slots(st)
    return [(A.random_slot_id(k), 1.0 / len(free)) for k in free]


def first_player_outcomes(st) -> list[tuple[int, float]]:
    """ST-AMB-02: each seat alike."""
    return [(A.first_id(s), 1.0 / st.n) for s in range(st.n)]


def placer(st) -> int:
    """The seat placing its sled now."""
    return st.placers[st.placer]


def free_slots(st) -> list[int]:
    taken = set(st.slot)
    return [k for k in range(1, len(st.track.slots) + 1) if k not in taken]


def legal_slots(st) -> list[int]:
    return [A.slot_id(k) for k in free_slots(st)]


def why_slot(st, action):
    if st.ph != P_SLOT:
        return "ST-SETUP-5", "start slots are chosen before the race starts"
    k = A.decode(action)[1]
    if k > len(st.track.slots):
        return "ST-AMB-02", f"this track has only {len(st.track.slots)} start slots"
    return "ST-AMB-02", f"slot {k} is already taken"


def apply_first(st, action) -> bool:
    """Chance: a random first player places first, then clockwise (ST-AMB-02). True when every
    sled is on its slot (``fill_from_1``: slots 1, 2, ... in that order)."""
    first = A.decode(action)[1]
    st.first = first
    st.placers = [(first + i) % st.n for i in range(st.n)]
    st.placer = 0
    if st._record:
        st.emit("first_player", [first], ["ST-SETUP-5", "ST-AMB-02"])
    if st.o.slot_selection == "fill_from_1":
        for seat in st.placers:
            _place(st, seat, free_slots(st)[0])
        return True
    return False


def apply_slot(st, action) -> bool:
    """The placer's sled goes on the chosen or drawn slot; True when every sled is placed."""
    seat = st.placers[st.placer]
    _place(st, seat, A.decode(action)[1])
    st.placer += 1
    return st.placer >= len(st.placers)


def _place(st, seat, k) -> None:
    sq = st.track.slots[k - 1]
    st.slot[seat] = k
    st.pos[seat] = sq
    st.occ[sq] = seat
    if st._record:
        st.emit("slot", [seat], ["ST-SETUP-5", "ST-AMB-02"], slot=k,
                position=st.track.position(sq))


def next_deal(st):
    """ST-SETUP-6: everyone draws ``opening_hand``; slots 4 and 5 ``slot4_extra`` and
    ``slot5_extra`` more. Seat order.

    The next seat to deal to and its card count ``(seat, cards)``, or None when all are dealt
    (``st.deal_next = 0`` starts the deal)."""
    while st.deal_next < st.n:
        seat = st.deal_next
        st.deal_next += 1
        if st.slot[seat] == 0:
            continue
        need = st.p.opening_hand + extra_cards(st.p, st.slot[seat])
        if st._record:
            st.emit("deal", [seat], ["ST-SETUP-6"], cards=need, slot=st.slot[seat])
        return seat, need
    return None


# ---------------------------------------------------------------- scenario set-up
Value = int


def _row_lane(v):
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise ValueError(f"a position is written [row, lane], not {short(v)}")
    return v


class SeatSetup(BaseModel):
    """One seat of a set-up. Values are dog-card values 1..5."""

    model_config = ConfigDict(extra="forbid")
    slot: whole(1, 9) | None = None
    position: Annotated[tuple[whole(), whole()], BeforeValidator(_row_lane)] | None = None
    status: Literal["racing", "crossed", "finished", "eliminated"] = "racing"
    left: whole() | list[whole()] | None = None    # default: the printed value, no card
    right: whole() | list[whole()] | None = None
    brake: whole() | None = None   # default params.start_brake; 1..5: invariants.py (ST-BRAKE-1)
    hand: list[whole()] = Field(default_factory=list)
    damage: whole(0, 40) = 0
    deck: list[whole()] | None = None
    discard: list[whole()] = Field(default_factory=list)
    finished_round: whole(1) | None = None

    @field_validator("hand", "deck", "discard")
    @classmethod
    def _values(cls, v):
        bad = [x for x in v or () if not 1 <= x <= 5]
        if bad:
            raise ValueError(f"dog cards have values 1 to 5, not {bad[0]}")
        return v

    @field_validator("left", "right")
    @classmethod
    def _dog(cls, v):
        vals = v if isinstance(v, list) else [] if v is None else [v]
        bad = [x for x in vals if not 1 <= x <= 5]
        if bad:
            raise ValueError(f"a dog shows a value 1 to 5, not {bad[0]}")
        return v


class Setup(BaseModel):
    """A scenario position (see the game docstring for the meaning of each field)."""

    model_config = ConfigDict(extra="forbid")
    track: str | dict | None = None
    stage: Literal["turn", "deal"] = "turn"
    round: whole(1) = 1
    turn_order: list[whole()] | None = None
    turn: whole(0) = 0
    dents_left: whole(0) | None = None
    places: list[list[whole()]] = Field(default_factory=list)
    seats: list[SeatSetup]


def _stack(v, printed: int) -> list[int]:
    """``left: 5`` is one card of 5; the printed value (``printed_dogs``, 3) or nothing is no
    card (ST-SETUP-4); lists are stacks."""
    if isinstance(v, list):
        return list(v)
    return [] if v is None or v == printed else [v]


def from_setup(st, data) -> str:
    """Build the position described by ``data`` (raises SetupError naming the field).

    Returns the stage to go on with: ``"deal"`` (sleds on their slots, hands to deal) or
    ``"turn"`` (the turn of the seat at ``st.tidx``)."""
    cfg = validate_setup(Setup, data)
    if cfg.track is not None:
        try:
            st.track = load_track(cfg.track) if isinstance(cfg.track, str) else track_from_dict(cfg.track)
        except ValueError as exc:
            inner = getattr(exc, "field", None)   # a field of an inline track
            if inner is not None:
                raise SetupError(getattr(exc, "reason", str(exc)), field=f"track.{inner}") from None
            raise SetupError(str(exc), field="track") from None
        st.occ = [-1] * st.track.num_squares
    tr = st.track
    if len(cfg.seats) != st.n:
        raise SetupError(seat_count_message(len(cfg.seats), st.n),
                         field="seats")
    used_slots = set()
    for s, seat in enumerate(cfg.seats):
        f = f"seats.{s}"
        if seat.slot is not None:
            if seat.slot > len(tr.slots):
                raise SetupError(f"the track has {len(tr.slots)} start slots", field=f + ".slot")
            if seat.slot in used_slots:
                raise SetupError(f"slot {seat.slot} is taken twice (ST-AMB-02)", field=f + ".slot")
            used_slots.add(seat.slot)
            st.slot[s] = seat.slot
        sq = -1
        if seat.status in ("racing", "crossed"):
            if seat.position is not None:
                got = tr.square_at(*seat.position)
                if got is None:   # no square to store: the invariant's error, from here
                    raise refuse(st, "on_the_track", Violation(
                        f + ".position", list(seat.position), f"this is not a square of track "
                        f"{tr.name}: a {seat.status} sled stands on a square of the track", s))
                sq = got
            elif seat.slot is not None:
                sq = tr.slots[seat.slot - 1]
            else:
                raise SetupError("a racing sled needs a position or a slot", field=f + ".position")
            st.occ[sq] = s
        elif seat.position is not None:
            raise refuse(st, "on_the_track", Violation(
                f + ".position", list(seat.position), f"{'an' if seat.status[0] in 'aeiou' else 'a'} "
                f"{seat.status} sled is off the track", s))
        st.pos[s] = sq
        st.status[s] = {"racing": RACING, "crossed": CROSSED, "finished": FINISHED,
                        "eliminated": OUT}[seat.status]
        if seat.status == "crossed":
            st.fin_round[s] = cfg.round
        if seat.status == "finished":
            st.fin_round[s] = seat.finished_round or max(1, cfg.round - 1)
        printed = st.p.printed_dogs                                 # ST-SETUP-4
        ls, rs = _stack(seat.left, printed), _stack(seat.right, printed)
        st.lstack[s], st.rstack[s] = ls, rs
        st.left[s] = ls[-1] if ls else printed
        st.right[s] = rs[-1] if rs else printed
        st.brake[s] = st.p.start_brake if seat.brake is None else seat.brake
        st.dmg[s] = seat.damage
        hand = [0] * 6
        for v in seat.hand:
            hand[v] += 1
        disc = [0] * 6
        for v in seat.discard:
            disc[v] += 1
        used = [0] * 6
        for v in seat.hand + seat.discard + ls + rs:
            used[v] += 1
        if seat.deck is None:
            deck = [0] + [st.p.cards_per_value - used[v] for v in range(1, 6)]
        else:
            deck = [0] * 6
            for v in seat.deck:
                deck[v] += 1
        st.hand[s], st.disc[s], st.deck[s] = hand, disc, deck   # cards_per_value each: invariants.py
    st.round = cfg.round
    st.places = [list(g) for g in cfg.places]   # each finished seat once: invariants.py
    if cfg.dents_left is not None:
        if st.dents_left is None:  # ST-AMB-14: the supply is unlimited unless dent_supply is 20
            raise SetupError("dents_left needs the option dent_supply=limited_20 (the default supply is "
                             "unlimited, ST-AMB-14)", field="dents_left")
        st.dents_left = cfg.dents_left
    elif st.dents_left is not None:   # the damage cards held come out of the supply
        st.dents_left -= sum(st.dmg)
    # squares, decks, places, supply: refuse a position that breaks an invariant before play
    check_position(st)
    if cfg.stage == "deal":
        if any(st.hand_size(s) for s in range(st.n)):
            raise SetupError("at the deal stage the hands are empty", field="stage")
        if any(st.slot[s] == 0 for s in range(st.n)):
            raise SetupError("at the deal stage every seat has a slot", field="stage")
        return "deal"
    racing = [s for s in range(st.n) if st.status[s] == RACING]
    if cfg.turn_order is not None:
        if sorted(cfg.turn_order) != sorted(racing) or len(set(cfg.turn_order)) != len(cfg.turn_order):
            raise SetupError(f"the turn order must list each racing seat once: {racing}",
                             field="turn_order")
        st.order = list(cfg.turn_order)
    else:
        if cfg.round == 1 and all(st.slot[s] for s in racing):
            st.order = sorted(racing, key=lambda s: st.slot[s])
        else:
            st.order = order.order_by_position(st, racing)
    if not racing:
        raise SetupError("no sled is racing, so nobody takes a turn", field="seats")
    if cfg.turn >= len(st.order):
        raise SetupError(f"turn {cfg.turn} is past the end of the order {st.order}", field="turn")
    st.tidx = cfg.turn
    if st._record:
        st.emit("round_start", st.order, ["ST-ORDER-1"], round=st.round, order=list(st.order))
    return "turn"
