"""The Aeroplane Chess board: loaded from a validated YAML file (AC-AMB-01).

The board is data (``boards/standard52.yaml``), checked with pydantic when it
is loaded; this module derives the fast lookup tables the rules use and the
drawing coordinates, including which home-column square each colour's dashed
line crosses (used by ``capture_on_fly_path``, AC-AMB-17).
"""
from __future__ import annotations

import math
import os
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...boards.loop import LoopTrack, circle_points, crossed_cell, lane_points
from ...core.content import is_name, resolve_file, short
from ...core.contentfile import load_content
from ...core.errors import FileFormatError

BOARDS_DIR = Path(__file__).parent / "boards"
BASE = -1
"""Position of a plane in its base; codes below it are pre-entry loop squares (AC-AMB-27)."""


class OwnColour(BaseModel):
    model_config = ConfigDict(extra="forbid")
    first: int = Field(ge=1, le=400)
    every: int = Field(ge=1, le=400)


class Shortcut(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    start: int = Field(alias="from", ge=1, le=400)
    end: int = Field(alias="to", ge=1, le=400)


class Layout(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["circle"] = "circle"
    radius: float = Field(gt=0, le=1e4)
    first_square_deg: float = Field(default=0.0, ge=-360, le=360)
    clockwise: bool = True
    cell: float = Field(gt=0, le=1e4)
    home_first: float = Field(gt=0, le=1e4)
    home_spacing: float = Field(gt=0, le=1e4)
    takeoff_radius: float = Field(gt=0, le=1e4)
    base_radius: float = Field(gt=0, le=1e4)
    base_deg_after_entry: float = Field(default=0.0, ge=-360, le=360)


class BoardFile(BaseModel):
    """The YAML schema of a board file."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, max_length=64)
    name: str = Field(max_length=200)
    source: str = Field(max_length=1000)
    loop_len: int = Field(ge=8, le=400)
    colours: list[Annotated[str, Field(max_length=20)]] = Field(min_length=2, max_length=8)
    colour_hex: dict[Annotated[str, Field(max_length=20)], Annotated[str, Field(max_length=20)]] = \
        Field(max_length=8)
    entries: list[int] = Field(max_length=8)
    loop_steps: int = Field(ge=2, le=400)
    home_len: int = Field(ge=1, le=50)
    own_colour: OwnColour
    jump: int = Field(ge=1, le=400)
    shortcut: Shortcut
    layout: Layout

    @model_validator(mode="after")
    def _consistent(self):
        n = len(self.colours)
        if len(self.entries) != n:
            raise ValueError(f"field entries: entries has {len(self.entries)} values for {n} colours")
        if len(set(self.entries)) != n or any(not 0 <= e < self.loop_len for e in self.entries):
            raise ValueError(f"field entries: must be {n} distinct loop indices in 0..{self.loop_len - 1}")
        missing = [c for c in self.colours if c not in self.colour_hex]
        if missing:
            raise ValueError(f"field colour_hex: lacks {', '.join(missing)}")
        if self.loop_steps >= self.loop_len + 1:
            raise ValueError("field loop_steps: must not exceed the loop length")
        own = own_steps(self.own_colour.first, self.own_colour.every, self.loop_steps)
        owner: dict[int, int] = {}
        for seat, entry in enumerate(self.entries):
            for s in own:
                sq = (entry + s - 1) % self.loop_len
                if sq in owner and owner[sq] != seat:
                    raise ValueError(f"field own_colour: loop square {sq} would be own colour of two colours")
                owner[sq] = seat
        sc = self.shortcut
        if not (sc.start in own and sc.end in own and sc.start < sc.end <= self.loop_steps):
            raise ValueError("field shortcut: the shortcut must join two own-colour loop steps, forward")
        if self.jump % self.own_colour.every:
            raise ValueError("field jump: a jump must land on the next own-colour square (a multiple of 'every')")
        return self


def own_steps(first: int, every: int, last: int) -> frozenset[int]:
    """Own-colour loop steps: ``first, first+every, ...`` up to ``last``."""
    return frozenset(range(first, last + 1, every))


class Board:
    """Runtime board: lookup tables for the rules and coordinates for drawing.

    Attributes:
        track: the :class:`~racekit.boards.loop.LoopTrack` (ring indices, entries).
        loop_steps: last loop step (the turn-off square, 50).
        finish: the finish step (56); home column is ``loop_steps+1 .. finish-1``.
        own: own-colour loop steps (the same for every colour, in its own steps).
        fly_from, fly_to: the dashed line, in path steps (18 -> 30).
        jump: steps gained by a plain jump (4).
        square_owner: ring index -> seat whose own-colour square it is (or None).
        crossing: seat -> (seat, step) of the home-column square its dashed line
            crosses, computed from the layout (or None).
    """

    def __init__(self, data: BoardFile, path: str = ""):
        self.data = data
        self.path = path
        self.id = data.id
        self.track = LoopTrack(data.loop_len, tuple(data.entries))
        self.loop_len = data.loop_len
        self.entries = tuple(data.entries)
        self.colours = tuple(data.colours)
        self.colour_hex = tuple(data.colour_hex[c] for c in data.colours)
        self.loop_steps = data.loop_steps
        self.home_len = data.home_len
        self.finish = data.loop_steps + data.home_len + 1
        self.own = own_steps(data.own_colour.first, data.own_colour.every, data.loop_steps)
        self.jump = data.jump
        self.fly_from = data.shortcut.start
        self.fly_to = data.shortcut.end
        self.square_owner: list[int | None] = [None] * data.loop_len
        for seat in range(len(self.colours)):
            for s in self.own:
                self.square_owner[self.track.square(seat, s)] = seat
        # squares between a colour's turn-off and its entry (2 on standard52): a carried
        # teammate can rest there, on the loop before its step 1 (AC-AMB-27)
        self.pre_len = self.loop_len - self.loop_steps
        # square index of every (seat, position), for the hot path. Positions are path steps
        # 0..finish, the base (-1), and the pre-entry codes -1-k (k squares short of the
        # entry, k = 1..pre_len); the list is laid out so that these negative codes index it
        # from the end: sq[seat][-1] = -1 (base), sq[seat][-2] = entry-1, sq[seat][-3] = entry-2.
        self.sq = [[self.track.square(seat, s) if 1 <= s <= self.loop_steps else -1
                    for s in range(self.finish + 1)]
                   + [self.track.square(seat, 1 - k) for k in range(self.pre_len, 0, -1)] + [-1]
                   for seat in range(len(self.colours))]
        self._layout()
        self.crossing = {seat: self._crossing(seat) for seat in range(len(self.colours))}

    # ----- geometry ------------------------------------------------------------
    def _layout(self) -> None:
        lay = self.data.layout
        self.loop_xy = circle_points(self.loop_len, lay.radius, lay.first_square_deg, lay.clockwise)
        sign = -1.0 if lay.clockwise else 1.0
        self.home_xy: list[list[tuple[float, float]]] = []
        self.takeoff_xy = []
        self.base_xy = []
        for seat in range(len(self.colours)):
            turn_off = self.loop_xy[self.track.square(seat, self.loop_steps)]
            # home column cells 1..home_len, then the finish, toward the centre
            self.home_xy.append(lane_points(turn_off, (0.0, 0.0), self.home_len + 1,
                                            lay.home_first, lay.home_spacing))
            entry_deg = lay.first_square_deg + sign * 360.0 * self.entries[seat] / self.loop_len
            a = math.radians(entry_deg)
            self.takeoff_xy.append((lay.takeoff_radius * math.cos(a), lay.takeoff_radius * math.sin(a)))
            b = math.radians(entry_deg + sign * lay.base_deg_after_entry)
            cx, cy = lay.base_radius * math.cos(b), lay.base_radius * math.sin(b)
            d = lay.cell * 0.62
            self.base_xy.append([(cx - d, cy + d), (cx + d, cy + d), (cx - d, cy - d), (cx + d, cy - d)])

    def _crossing(self, seat: int):
        """Which home-column square ``seat``'s dashed line passes over (AC-AMB-17)."""
        a = self.loop_xy[self.track.square(seat, self.fly_from)]
        b = self.loop_xy[self.track.square(seat, self.fly_to)]
        tol = self.data.layout.home_spacing / 2
        best = None
        for other in range(len(self.colours)):
            if other == seat:
                continue
            cells = self.home_xy[other][: self.home_len]
            k = crossed_cell(a, b, cells, tol)
            if k is not None:
                best = (other, self.loop_steps + 1 + k)
        return best

    def xy(self, seat: int, step: int, slot: int = 0) -> tuple[float, float]:
        """Drawing centre of ``seat``'s path step (``-1`` = base slot ``slot``)."""
        if step < BASE:
            return self.loop_xy[self.sq[seat][step]]
        if step < 0:
            return self.base_xy[seat][slot % 4]
        if step == 0:
            return self.takeoff_xy[seat]
        if step <= self.loop_steps:
            return self.loop_xy[self.track.square(seat, step)]
        return self.home_xy[seat][step - self.loop_steps - 1]

    def on_loop(self, pos: int) -> bool:
        """Is position ``pos`` a loop square (a path step 1..50 or a pre-entry code)?"""
        return 1 <= pos <= self.loop_steps or pos < BASE

    def progress(self, pos: int) -> int:
        """Path-step arithmetic of a position: a pre-entry code ``-1-k`` counts as step ``1-k``
        (one square short of the entry is step 0 of the walk); others are unchanged."""
        return pos + 2 if pos < BASE else pos

    def loop_position(self, seat: int, square: int) -> int:
        """``seat``'s position on loop square ``square``: its path step 1..loop_steps, or the
        pre-entry code ``-1-k`` on the ``k``-th square short of its entry (AC-AMB-27)."""
        step = self.track.step(seat, square)
        if step <= self.loop_steps:
            return step
        return -1 - (self.loop_len - step + 1)

    def short_of_entry(self, pos: int) -> int:
        """Squares between a pre-entry position and the entry (0 for any other position)."""
        return -1 - pos if pos < BASE else 0


def load_board(name: str = "standard52") -> Board:
    """Load a board by name (``standard52``, a file in ``boards/``) or from a YAML file.

    A file is a relative ``.yaml`` path below the folder of the save or scenario
    naming it, or below the current folder (see :mod:`racekit.core.content`).

    Raises:
        racekit.core.errors.FileFormatError: unknown name, a path that may not be
            read, or an invalid file (naming the line and field).
    """
    if not isinstance(name, str):
        raise FileFormatError(f"a board is a name or a .yaml file path, not {short(name)}")
    if is_name(name):
        path = BOARDS_DIR / f"{name}.yaml"
        if not path.is_file():
            shipped = ", ".join(sorted(p.stem for p in BOARDS_DIR.glob("*.yaml")))
            raise FileFormatError(f"no board called {short(name)}; shipped boards: {shipped}, "
                                  "or a .yaml file")
    else:
        try:
            path = resolve_file(name, "board")
        except ValueError as exc:
            raise FileFormatError(str(exc)) from None
    try:
        info = os.stat(path)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = None  # the read reports it
    return _build(str(path), name, stamp)


@lru_cache(maxsize=16)
def _build(path: str, label: str, stamp) -> Board:
    return Board(load_content(path, BoardFile, label), path)
