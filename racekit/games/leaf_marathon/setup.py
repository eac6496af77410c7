"""Set-up: order roll, character draft, opening hands and the opening exchange, and the
scenario set-up format.

LM-SETUP-1 (order roll), LM-SETUP-2/3 and LM-AMB-37 (three dealt, keep one), LM-SETUP-4
(five cards), LM-SETUP-5 (one exchange, in first-round order), LM-SETUP-6 (square 0, full
stamina), LM-GEN-1/2 (base game parts, no skills: only max stamina and movement are read).
"""
from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from racekit.core.errors import SetupError
from racekit.core.fields import Number, whole
from racekit.core.invariants import check_position
from racekit.core.setups import seat_count_message, validate_setup

from . import cards as C
from . import order
from . import stats as S
from .content import CARD_TYPES


def begin(st) -> None:
    """A new game: the opening roll first (LM-SETUP-1), then the draft, hands, exchanges."""
    n = st.n
    if st.o.draft_sequential:
        tasks = [("draft_seq", 0)]
    else:
        tasks = [("deal", s) for s in range(n) for _ in range(st.p.draft_deal)]
        tasks += [("draft_keep", s) for s in range(n)] + [("reveal",)]
    tasks += [("opening", 0), ("exchange", 0), ("round_start",)]
    st.order_ready = True
    st.push_seq(*tasks)
    order.start_roll(st, [list(range(n))], "LM-SETUP-1")


def undealt(st) -> list[int]:
    taken = {i for d in st.dealt for i in d} | {c for c in st.char if c >= 0}
    return [i for i in range(len(st.roster)) if i not in taken]


def task_deal(st, s) -> None:
    st.chance("deal", s)


def apply_deal(st, i) -> None:
    s = st.ps
    st.dealt[s].append(i)
    st.emit("dealt", [s], ("LM-SETUP-3", "LM-AMB-37"), count=len(st.dealt[s]))


def task_draft_keep(st, s) -> None:
    st.ask("keep_char", s)


def keep_char(st, s, i) -> None:
    st.kept[s] = i
    st.emit("kept", [s], ("LM-SETUP-3",))
    if st.o.draft_sequential:
        st.dealt[s] = []
        _reveal_one(st, s)


def task_reveal(st) -> None:
    for s in range(st.n):
        st.dealt[s] = []
        _reveal_one(st, s)


def _reveal_one(st, s) -> None:
    ch = st.roster[st.kept[s]]
    st.char[s] = st.kept[s]
    st.pmax[s] = ch.max_stamina
    st.pmove[s] = ch.movement
    st.stamina[s] = ch.max_stamina
    st.pos[s] = 0
    st.emit("character", [s], ("LM-SETUP-2", "LM-SETUP-3", "LM-SETUP-6", "LM-GEN-1", "LM-GEN-2",
                               "LM-DATA-1", "LM-DATA-6"),
            name=ch.name, max_stamina=ch.max_stamina, movement=ch.movement,
            weight_limit=S.weight_limit(st, s))


def task_draft_seq(st, i) -> None:
    """``draft = sequential``: in first-round order, deal ``draft_deal`` (3), keep 1, return the
    rest (LM-SETUP-3, LM-AMB-37)."""
    if i >= st.n:
        return
    s = st.order[i]
    st.push_seq(*[("deal", s)] * st.p.draft_deal, ("draft_keep", s), ("draft_seq", i + 1))


def task_opening(st, i) -> None:
    if i >= len(st.order):
        return
    s = st.order[i]
    st.push_seq(("draw", s, st.p.opening_hand, "LM-SETUP-4"), ("opening", i + 1))


def task_exchange(st, i) -> None:
    if i >= len(st.order):
        return
    s = st.order[i]
    st.push(("exchange", i + 1))
    st.ask_select(s, "exchange", 0, len(st.hand[s]), list(st.hand[s]), ("LM-SETUP-5",))


def exchange_done(st, s, picked) -> None:
    for c in picked:
        st.hand[s].remove(c)
        S.discard(st, c)
    st.exchanged[s] = True
    st.emit("exchange", [s], ("LM-SETUP-5",), count=len(picked))
    st.push(("draw", s, len(picked), "LM-SETUP-5"))


# ----- scenario set-up ------------------------------------------------------------------
class SeatSetup(BaseModel):
    """One seat of a scenario position. Cards are named as in action names
    ('action', 'weapon', 'weapon (received)', 'Bear', 'Free Forced Rest')."""

    model_config = ConfigDict(extra="forbid")
    character: str = "test_pony"
    max_stamina: whole(2, 99) | None = None
    movement: whole(0, 20) | None = None
    pos: whole() = Field(default=0, validation_alias=AliasChoices("pos", "position"))   # 0..finish: invariants.py (LM-DATA-3); the snapshot's name too
    stamina: whole() | None = None   # 0..max: invariants.py (LM-STAMINA-1)
    hand: list[str] = Field(default_factory=list)
    armor: bool = False
    elements: list[Literal["A", "B", "C", "-"]] = Field(default_factory=list)
    friendship: list[Literal["A", "B", "C"]] = Field(default_factory=list)
    bound: bool = False
    faint: whole(0, 3) = 0
    returning: bool = False
    finished: bool = False
    place: whole(0) = 0        # with places: invariants.py (LM-FINISH-1, LM-AMB-19)
    leg_points: list[Number] = Field(default_factory=list)   # 0..3 a leg: invariants.py
    acts: whole(0, 20) = 0
    did_2for3: bool = False
    did_shed: bool = False
    bear_next: bool = False
    bear_double: bool = False
    bear_skip: bool = False
    held: bool = False
    stopped: bool = False
    rainboom: bool = False

    @model_validator(mode="before")
    @classmethod
    def _one_square(cls, data):
        if isinstance(data, dict) and "pos" in data and "position" in data:
            raise ValueError("give the square once, as pos or as position (they are one field)")
        return data

    @field_validator("hand")
    @classmethod
    def _cards(cls, hand):
        for i, name in enumerate(hand):
            if name not in C.NAME_TO_CODE:
                raise ValueError(f"card {i}: unknown card {name!r}; cards are named like "
                                 "'action', 'weapon (received)', 'Bear', 'Free Forced Rest'")
        return hand


class Setup(BaseModel):
    """A scenario position (see game.py's docstring)."""

    model_config = ConfigDict(extra="forbid")
    leg: whole(1) = 1
    terrain: list[Literal["start", "leaf", "forest", "vine", "sand", "finish"]] | None = None
    round: whole(1) = 2
    start: Literal["turn", "window", "movement", "round", "round_end"] = "turn"
    order: list[whole()] | None = None
    turn: whole(0) = 0
    previous_event: whole(1, 20) | None = None
    magic_bind: whole(0, 60) = 0     # at most 1 unless magic_bind_stack multiply: invariants.py
    roadblocks: list[whole()] = Field(default_factory=list)
    pile: dict[str, whole()] | None = None
    discard: dict[str, whole()] = Field(default_factory=dict)
    places: list[list[whole()]] = Field(default_factory=list)
    seats: list[SeatSetup]

    @field_validator("pile", "discard")
    @classmethod
    def _types(cls, counts):
        for k, v in (counts or {}).items():
            if k not in CARD_TYPES:
                raise ValueError(f"unknown card type {k!r}; types: {', '.join(CARD_TYPES)}")
            if v < 0:
                raise ValueError(f"{k}: a count cannot be negative")
        return counts


def place_of(st, i: int) -> int:
    """The place of the ``i``-th group of ``st.places`` (LM-AMB-19: ``share_dense`` counts groups,
    the others count the seats placed before)."""
    if st.o.tie_points == "share_dense":
        return i + 1
    return sum(len(g) for g in st.places[:i]) + 1


def from_setup(st, data: dict) -> None:
    """Build a position from a scenario set-up.

    Raises:
        SetupError: with ``field`` naming the offending set-up field.
    """
    cfg = validate_setup(Setup, data)
    n = st.n
    if len(cfg.seats) != n:
        raise SetupError(seat_count_message(len(cfg.seats), n), field="seats")
    if cfg.leg > len(st.legs):
        raise SetupError(f"the map has {len(st.legs)} legs", field="leg")
    st.leg = cfg.leg - 1
    st.terrain = list(cfg.terrain) if cfg.terrain else list(st.legs[st.leg])
    t = st.terrain
    if t[0] != "start" or t[-1] != "finish" or t.count("start") != 1 or t.count("finish") != 1:
        raise SetupError("a leg is start, squares, finish", field="terrain")
    fin = len(t) - 1
    st.round = cfg.round
    st.rounds_played = cfg.round - 1
    st.prev_event = cfg.previous_event
    st.mb_level = cfg.magic_bind
    st.roadblocks = set(cfg.roadblocks)
    names = {c.id: i for i, c in enumerate(st.roster_all)}
    used = [0] * 7
    for s, seat in enumerate(cfg.seats):
        where = f"seats.{s}"
        if seat.character not in names:
            raise SetupError(f"unknown character {seat.character!r}", field=where + ".character")
        ch = st.roster_all[names[seat.character]]
        st.char[s] = names[seat.character]
        st.pmax[s] = seat.max_stamina or ch.max_stamina
        st.pmove[s] = ch.movement if seat.movement is None else seat.movement
        # on the leg: invariants.py; a finished pony with no square given waits on the finish
        st.pos[s] = fin if seat.finished and "pos" not in seat.model_fields_set else seat.pos
        st.hand[s] = sorted(C.NAME_TO_CODE[x] for x in seat.hand)
        for c in st.hand[s]:
            used[c & 7] += 1
        if seat.armor:
            st.armor[s] = C.ARMOR
            used[C.ARMOR] += 1
        st.elements[s] = list(seat.elements)
        used[C.ELEMENT] += len(seat.elements)
        st.fbuffs[s] = list(seat.friendship)
        st.bound[s] = seat.bound
        m = S.max_stamina(st, s)
        st.stamina[s] = m if seat.stamina is None else seat.stamina   # 0..max: invariants.py
        st.faint[s] = seat.faint
        st.returning[s] = seat.returning
        st.finished[s] = seat.finished
        st.fin_place[s] = seat.place
        if len(seat.leg_points) > len(st.legs):
            raise SetupError(f"the map has {len(st.legs)} legs, not {len(seat.leg_points)}",
                             field=where + ".leg_points")
        for k, v in enumerate(seat.leg_points):
            st.leg_points[s][k] = v
        st.acts[s] = seat.acts
        st.did23[s] = seat.did_2for3
        st.did_shed[s] = seat.did_shed
        st.bear_next[s] = seat.bear_next
        st.bear_double[s] = seat.bear_double
        st.bear_skip[s] = seat.bear_skip
        st.held[s] = seat.held
        st.stopped[s] = seat.stopped
        st.rainboom[s] = seat.rainboom
        st.exchanged[s] = True
        st.kept[s] = st.char[s]
    if "places" in cfg.model_fields_set:
        st.places = [list(p) for p in cfg.places]   # each finished seat once: invariants.py
    else:   # from the seats' places: equal places share a group, an unplaced finisher comes last
        done = sorted((s for s in range(n) if st.finished[s]), key=lambda s: (st.fin_place[s] or 1e9, s))
        st.places = []
        for s in done:
            if st.places and st.fin_place[s] and st.fin_place[st.places[-1][0]] == st.fin_place[s]:
                st.places[-1].append(s)
            else:
                st.places.append([s])
    for i, group in enumerate(st.places):   # a finisher given no place takes its group's
        for s in group:
            if isinstance(s, int) and 0 <= s < n and st.finished[s] and not st.fin_place[s]:
                st.fin_place[s] = place_of(st, i)
    st.discard = [cfg.discard.get(k, 0) for k in CARD_TYPES]
    if cfg.pile is not None:
        st.pile = [cfg.pile.get(k, 0) for k in CARD_TYPES]
    else:
        # what the hands, armor, elements and discard do not hold (never below 0: invariants.py)
        st.pile = [st.deck_counts[k] - used[k] - st.discard[k] for k in range(7)]
    if cfg.order is not None:
        if sorted(cfg.order) != sorted(set(cfg.order)) or any(not 0 <= s < n for s in cfg.order):
            raise SetupError("order lists distinct seats", field="order")
        st.order = list(cfg.order)
    else:
        st.order = sorted((s for s in range(n) if not st.finished[s]), key=lambda s: (-st.pos[s], s))
    if cfg.turn > len(st.order):
        raise SetupError("turn is an index into order", field="turn")
    # the position is built: refuse it before the flow plays anything if it breaks an invariant
    check_position(st, setup=data, aliases={"pos": ("position",)})
    start = cfg.start
    if start == "turn":
        st.push(("turns", cfg.turn))
    elif start == "window":
        st.push_seq(("window", cfg.turn), ("turns", cfg.turn + 1))
    elif start == "movement":
        st.push(("movement",))
    elif start == "round":
        st.push(("round_start",))
    else:
        st.push(("round_end",))
