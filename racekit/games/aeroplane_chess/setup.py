"""Scenario set-ups: put planes anywhere and choose who is to move.

The format is documented where users look: ``help(game.new_initial_state)``
(:meth:`racekit.games.aeroplane_chess.game.AeroplaneChess.new_initial_state`) and
docs/setups.md. Errors are :class:`~racekit.core.errors.SetupError` with ``field``
naming the key.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from ...core.errors import SetupError
from ...core.fields import whole, written
from ...core.invariants import Violation, check_position, refuse
from ...core.setups import validate_setup
from . import move
from .actions import LETTERS, SEAT_NAMES
from .finish import all_home
from .turn import can_play


class SquareRef(BaseModel):
    model_config = ConfigDict(extra="forbid")
    square: whole() | None = None   # 0..51 and 1..5: _step (the on_the_route invariant's error)
    home: whole() | None = None


PLACES = ("base", "takeoff", "finish", "start")


def _plane_at(v: Any):
    """A plane's place as written: a path step, a word, or {square: N} / {home: N}; anything
    else (``true``, ``"10"``, ``2.5``, a typo) is refused naming the value."""
    if isinstance(v, str) and v.strip().lower() in PLACES:
        return v.strip().lower()
    if isinstance(v, dict) or (isinstance(v, int) and not isinstance(v, bool)):
        return v
    raise ValueError("a plane's place is a path step (0 take-off point to 56 finish), base, takeoff, "
                     f"finish, start, {{square: N}} or {{home: N}}, not {written(v)}")


def _seat_ref(v: Any):
    if isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)):
        return v
    raise ValueError(f"a seat is a number from 0 or a colour (red, yellow, blue, green), not "
                     f"{written(v)}")


PlaneAt = Annotated[Union[SquareRef, int, Literal[PLACES]], BeforeValidator(_plane_at)]
SeatRef = Annotated[Union[int, str], BeforeValidator(_seat_ref)]


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    planes: dict[str, PlaneAt] = Field(default_factory=dict)
    rest: Literal["start", "base", "takeoff", "finish"] = "start"
    to_move: SeatRef | None = None
    turn: SeatRef | None = None
    phase: Literal["roll", "move", "bonus"] = "roll"
    die: whole(1, 6) | None = None
    sixes: whole(0) = 0               # below params.penalty_sixes: checked in apply_setup
    moved_on_sixes: list[str] = Field(default_factory=list)


def _seat(st, value, field: str) -> int:
    n = st.game.num_players
    if isinstance(value, str):
        low = value.lower()
        for s, name in enumerate(SEAT_NAMES[:n]):
            if low in (name.lower(), name[0].lower()):
                return s
        if re.fullmatch(r"[0-9]{1,2}", low):
            value = int(low)
        else:
            raise SetupError(f"{field} must be a seat 0-{n - 1} or a colour of this game, "
                             f"not {value!r}", field=field)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise SetupError(f"{field} must be a seat 0-{n - 1}, not {value!r}", field=field)
    return value


def _step(st, p: int, value, field: str) -> int:
    b = st.b
    seat = p >> 2
    if isinstance(value, str):
        return {"base": -1, "takeoff": 0, "finish": b.finish, "start": st.r.start}[value]
    if isinstance(value, SquareRef):
        if (value.square is None) == (value.home is None):
            raise SetupError("give either square (a loop index) or home (1-5)", field=field)
        if value.square is not None:
            if not 0 <= value.square < b.loop_len:   # no square to store: the invariant's error, from here
                raise refuse(st, "on_the_route", Violation(
                    field, {"square": value.square}, f"the loop's squares are 0 to {b.loop_len - 1}",
                    seat))
            # between its turn-off and its entry only a carried teammate rests (AC-AMB-27):
            # the invariants (invariants.py) refuse it anywhere else
            return b.loop_position(seat, value.square)
        if not 1 <= value.home <= b.home_len:
            raise refuse(st, "on_the_route", Violation(
                field, {"home": value.home}, f"the home column's squares are 1 to {b.home_len}", seat))
        return b.loop_steps + value.home
    if not -1 <= value <= b.finish:
        raise refuse(st, "on_the_route", Violation(
            field, value, f"a path step is 0 (take-off point) to {b.finish} (finish), or -1 for base",
            seat))
    return value


def _plane(st, name: str, field: str) -> int:
    n = st.game.num_players
    key = name.strip().upper()
    if len(key) != 2 or key[0] not in LETTERS or key[1] not in "1234":
        raise SetupError(f"no plane called {name!r}; planes are R1-R4, Y1-Y4, B1-B4, G1-G4",
                         field=field)
    p = LETTERS.index(key[0]) * 4 + int(key[1]) - 1
    if p >= 4 * n:
        raise SetupError(f"{name} is not in a {n}-player game", field=field)
    return p


def apply_setup(st, setup: dict) -> None:
    """Validate ``setup`` and put ``st`` in that position.

    Raises:
        SetupError: an unknown plane, an impossible position or an unplayable turn.
    """
    s = validate_setup(Setup, setup)
    r, b = st.r, st.b
    n = st.game.num_players
    rest = {"start": r.start, "base": -1, "takeoff": 0, "finish": b.finish}[s.rest]
    st.pos = [rest] * (4 * n)
    for name, value in s.planes.items():
        field = f"planes.{name}"
        p = _plane(st, name, field)
        st.pos[p] = _step(st, p, value, field)
    if not r.tour and r.places:
        st.places = [x for x in range(n) if all_home(st, x)]
        st.winner = st.places[:1] or None
    # squares on the route, captures, a game not yet won: the declared invariants (invariants.py)
    check_position(st)
    roller = _seat(st, s.to_move, "to_move") if s.to_move is not None else 0
    st.turn = _seat(st, s.turn, "turn") if s.turn is not None else roller
    st.roller = roller
    if not can_play(st, roller) and not (r.tour and st.turn != roller):
        raise SetupError(f"{SEAT_NAMES[roller]} has all planes home and takes no turns (AC-AMB-14)",
                         field="to_move")
    if st.turn != roller and (not r.tour or r.mate[st.turn] != roller):
        raise SetupError("to_move may differ from turn only when the turn's player gave the extra "
                         "roll to the teammate (AC-TOUR-SIX-2)", field="to_move")
    if s.sixes >= r.penalty_sixes:
        raise SetupError(f"sixes must be a whole number from 0 to {r.penalty_sixes - 1}, not "
                         f"{s.sixes}: {r.penalty_sixes} in a row (penalty_sixes, AC-AMB-23) "
                         "already ended the turn", field="sixes")
    if s.die is not None and s.die > len(r.die):
        raise SetupError(f"die must be a face of the die, 1 to {len(r.die)} (die_faces, "
                         "AC-FAM-TURN-1)", field="die")
    st.sixes = s.sixes
    # the planes the run's sixes moved: the run's last six sends them back (AC-AMB-23)
    st.six_moved = 0
    for i, name in enumerate(s.moved_on_sixes):
        st.six_moved |= 1 << _plane(st, name, f"moved_on_sixes.{i}")
    if s.moved_on_sixes and not s.sixes:
        raise SetupError("moved_on_sixes lists the planes moved by the sixes rolled in a row, and "
                         "sixes is 0", field="moved_on_sixes")
    st.phase = "roll"
    st.die = None
    if s.phase == "move":
        if s.die is None:
            raise SetupError("phase move needs the die", field="die")
        st.die = s.die
        st.phase = "move"
        if not move.legal_moves(st):
            raise SetupError(f"{SEAT_NAMES[roller]} has no legal move with a {s.die}; it would pass "
                             "(AC-BOTH-MOVE-2): use phase roll", field="die")
    elif s.phase == "bonus":
        if s.die != r.bonus_face or r.six != "chained_giftable" or r.mate[roller] is None \
                or all_home(st, roller) or all_home(st, r.mate[roller]):
            raise SetupError(f"phase bonus needs die {r.bonus_face}, the chained_giftable extra roll, and both "
                             "teammates with planes still out", field="phase")
        st.die = r.bonus_face
        st.phase = "bonus"
    elif s.die is not None:
        raise SetupError("die is only given with phase move or bonus", field="die")
    # the turn's own facts (sixes in a row) hold once the phase and the die are set
    check_position(st)
