"""Lane-grid race tracks: squares in side-by-side lanes, assembled from tiles.

This module knows geometry only, no game rules. A track is a sequence of tiles
(straights, left and right corners, a start and a finish tile) of a constant
width of ``lanes`` lanes; lane 1 is the leftmost lane in the direction of
travel. Inside a corner the lanes hold different numbers of squares, so the
squares are staggered (the inside lane is shorter).

Every square gets:

* an id (``0..n-1``), its ``lane`` (1 = leftmost, the lateral index) and its
  ``row``: its index along its own lane from the start of the track (0-based);
  on a straight grid ``(row, lane)`` is the usual grid notation;
* ``front``: the progress value of its front line (an exact fraction; a
  straight row is 1 unit long, a corner tile ``length`` units). Squares whose
  front lines have the same progress are *level* and share a ``level`` key
  (an int; larger is further along); on a straight these are the rows, in a
  corner they play the part of the printed dots;
* three neighbours across its front edge: ``forward`` (next square in the
  same lane), ``front_left`` and ``front_right`` (the first square of the
  neighbouring lane whose front line lies beyond this square's front line).
  A neighbour is :data:`WALL` when the lane is off the track (a side wall) and
  :data:`END` when the track has no square left ahead (end of the finish tile);
* the lines crossed by each of those three steps (speed-limit lines with
  their number, and the finish line);
* ``next_turn``: ``"left"``/``"right"``, the direction of the next corner not
  yet left behind, or ``None`` when no corner lies ahead, and ``side_rank``:
  the rank of the square's lane from the inside of that corner (or from the
  finish-flag side when no corner lies ahead).

It also computes drawing geometry (square polygons, walls, lines, flags) in
plain coordinates so that a plotting module can draw the track without
knowing how it was built.

Track files are YAML validated with pydantic (:class:`TrackSpec`); the format
is documented in ``docs/snow_tails_tracks.md``.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

WALL = -1
"""Neighbour value: the step leaves the track sideways (a side wall)."""
END = -2
"""Neighbour value: no square ahead (end of the finish tile)."""

MAX_TILES = 100
"""Most tiles in one track file."""
MAX_SQUARES = 20_000
"""Most squares in one track (a long printed course has a few hundred)."""

FORWARD, FRONT_LEFT, FRONT_RIGHT = 0, 1, 2
STEP_NAMES = ("F", "DL", "DR")


# --------------------------------------------------------------------- schema
class Tile(BaseModel):
    """One track tile.

    ``kind``: ``start`` and ``straight`` (``rows`` rows), ``corner`` (``turn``,
    ``squares`` per lane from lane 1 to the last lane, ``angle`` in degrees,
    optional ``length`` in progress units, default the largest count) and
    ``finish`` (the finish line lies on its back edge; ``rows`` rows of
    run-out follow). ``limit``: a speed-limit line with that number on the
    tile's front (exit) edge. ``flags``: which flag colours the tile shows on
    its left and right sides (checked against the track's rule).
    """

    model_config = ConfigDict(extra="forbid")
    # no other hazards (trees, drifts): Snow Tails ST-AMB-19 keeps them out of scope
    kind: Literal["start", "straight", "corner", "finish"]
    rows: int | None = Field(default=None, ge=1, le=200)
    turn: Literal["left", "right"] | None = None
    squares: list[int] | None = None
    angle: float = Field(default=90.0, gt=0, le=180)
    length: int | None = Field(default=None, ge=1, le=50)
    limit: int | None = Field(default=None, ge=1, le=20)
    flags: tuple[Annotated[str, Field(max_length=20)], Annotated[str, Field(max_length=20)]] = ("yellow", "red")
    name: str | None = Field(default=None, max_length=64)

    @model_validator(mode="after")
    def _shape(self):
        if self.kind == "corner":
            if self.turn is None or self.squares is None:
                raise ValueError("a corner needs turn (left/right) and squares (one count per lane)")
            if self.rows is not None:
                raise ValueError("a corner has squares per lane, not rows")
            if any(c < 1 or c > 50 for c in self.squares):
                raise ValueError("each lane of a corner holds 1 to 50 squares")
        else:
            if self.rows is None:
                raise ValueError(f"a {self.kind} tile needs rows")
            if self.turn is not None or self.squares is not None:
                raise ValueError(f"a {self.kind} tile has no turn or squares")
        return self


class TrackSpec(BaseModel):
    """A whole track file."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    title: str = Field(default="", max_length=200)
    illustrative: bool = True
    source: str = Field(default="", max_length=1000)
    lanes: int = Field(ge=1, le=9)
    finish_flag: Literal["left", "right"] = "left"
    flag_rule: tuple[Annotated[str, Field(max_length=20)], Annotated[str, Field(max_length=20)]] = \
        ("yellow", "red")
    start_slots: list[tuple[int, int]] = Field(default_factory=list, max_length=9)
    inner_radius: float = Field(default=1.0, ge=0.0, le=20.0)
    tiles: list[Tile] = Field(min_length=1, max_length=MAX_TILES)

    @field_validator("tiles")
    @classmethod
    def _one_finish(cls, tiles):
        kinds = [t.kind for t in tiles]
        if kinds.count("finish") != 1 or kinds[-1] != "finish":
            raise ValueError("a track has exactly one finish tile, and it is the last tile")
        if kinds.count("start") > 1 or ("start" in kinds and kinds[0] != "start"):
            raise ValueError("a start tile, if any, is the first tile")
        return tiles

    @model_validator(mode="after")
    def _check(self):
        squares = sum(sum(t.squares) if t.kind == "corner" else t.rows * self.lanes for t in self.tiles)
        if squares > MAX_SQUARES:
            raise ValueError(f"field tiles: the track would have {squares} squares; at most {MAX_SQUARES} are allowed")
        for i, tile in enumerate(self.tiles):
            if tile.kind == "corner":
                if len(tile.squares) != self.lanes:
                    raise ValueError(f"field tiles.{i}.squares: a corner needs {self.lanes} square counts "
                                     f"(one per lane), got {len(tile.squares)}")
                inside = tile.squares if tile.turn == "left" else tile.squares[::-1]
                if any(a > b for a, b in zip(inside, inside[1:])):
                    raise ValueError(f"field tiles.{i}.squares: lanes on the inside of a corner may not hold more "
                                     f"squares than lanes further out")
            if tuple(tile.flags) != tuple(self.flag_rule):
                raise ValueError(f"field tiles.{i}.flags: the tile's flags (left, right) are not "
                                 "in the order of the track's flag_rule; turn the tile round")
        return self


# ---------------------------------------------------------------------- track
class Line:
    """A line across the track: ``kind`` is ``limit`` or ``finish``."""

    __slots__ = ("index", "kind", "value", "progress", "tile", "ends")

    def __init__(self, index, kind, value, progress, tile):
        self.index, self.kind, self.value, self.progress, self.tile = index, kind, value, progress, tile
        self.ends = None  # two (x, y) points, for drawing

    def __repr__(self):
        return f"Line({self.index}, {self.kind}, {self.value}, at {self.progress})"


class LaneTrack:
    """A track built from a :class:`TrackSpec`; every table is precomputed.

    Attributes (lists indexed by square id unless noted):
        lanes: number of lanes.
        lane, row: lateral index (1 = leftmost) and index along the lane.
        front: progress of the square's front line (Fraction).
        level: int level key (equal = level, larger = further along).
        nb: ``(forward, front_left, front_right)`` neighbour ids, WALL or END.
        cross: per square, per step direction, the tuple of line indices crossed.
        lines: the :class:`Line` list; ``finish_line`` its finish line.
        next_turn: direction of the next corner ahead (or None).
        side_rank: 0 for the lane on the favoured side (inside of the next
            corner, else the finish-flag side), counting outward.
        order_key: one int per square; sorting by it puts the furthest square
            first and level squares favoured-side first.
        beyond: progress past the finish line (Fraction, <= 0 before it).
        flag_distance: lanes between the square and the finish-flag side.
        slots: start slot square ids, slot 1 first.
        polygons: drawing outline of each square (list of (x, y)).
    """

    def __init__(self, spec: TrackSpec):
        self.spec = spec
        self.name = spec.name
        self.lanes = W = spec.lanes
        self.finish_flag = spec.finish_flag
        self.lane: list[int] = []
        self.row: list[int] = []
        self.tile: list[int] = []
        self.back: list[Fraction] = []
        self.front: list[Fraction] = []
        self.polygons: list[list[tuple[float, float]]] = []
        self.lines: list[Line] = []
        self.corners: list[tuple[Fraction, Fraction, str]] = []  # (start, end, turn)
        self.tile_info: list[dict] = []
        self.walls: tuple[list, list] = ([], [])  # left and right edge polylines
        by_lane: list[list[int]] = [[] for _ in range(W + 1)]

        # pose: left-edge point and heading (radians); heading 90 deg = up
        px, py, th = 0.0, 0.0, math.pi / 2
        progress = Fraction(0)
        finish_at = None
        for ti, tile in enumerate(spec.tiles):
            start_pose = (px, py, th)
            if tile.kind == "finish":
                finish_at = progress
                self.lines.append(Line(len(self.lines), "finish", None, progress, ti))
            if tile.kind in ("start", "straight", "finish"):
                hx, hy = math.cos(th), math.sin(th)
                rx, ry = math.sin(th), -math.cos(th)  # unit vector to the right
                for j in range(tile.rows):
                    for ln in range(1, W + 1):
                        a = (px + hx * j + rx * (ln - 1), py + hy * j + ry * (ln - 1))
                        poly = [a, (a[0] + rx, a[1] + ry), (a[0] + rx + hx, a[1] + ry + hy),
                                (a[0] + hx, a[1] + hy)]
                        self._add(by_lane, ln, ti, progress + j, progress + j + 1, poly)
                self._edge(px, py, hx, hy, rx, ry, tile.rows)
                px, py = px + hx * tile.rows, py + hy * tile.rows
                length = Fraction(tile.rows)
            else:
                length = Fraction(tile.length or max(tile.squares))
                ang = math.radians(tile.angle)
                r0 = spec.inner_radius
                hx, hy = math.cos(th), math.sin(th)
                nx, ny = -hy, hx  # unit vector to the left
                if tile.turn == "left":
                    cx, cy = px + nx * r0, py + ny * r0
                    ux, uy = -nx, -ny
                    sign = 1.0

                    def radius(ln, r0=r0):
                        return r0 + (ln - 1)
                else:
                    cx, cy = px - nx * (W + r0), py - ny * (W + r0)
                    ux, uy = nx, ny
                    sign = -1.0

                    def radius(ln, r0=r0):
                        return r0 + (W - ln)

                def at(rad, phi, cx=cx, cy=cy, ux=ux, uy=uy, sign=sign):
                    c, s = math.cos(sign * phi), math.sin(sign * phi)
                    vx, vy = ux * c - uy * s, ux * s + uy * c
                    return (cx + rad * vx, cy + rad * vy)

                for ln in range(1, W + 1):
                    k = tile.squares[ln - 1]
                    r_in, r_out = radius(ln), radius(ln) + 1
                    if tile.turn == "right":
                        r_in, r_out = r_out, r_in  # r_in is the left edge of the lane
                    for j in range(k):
                        a0, a1 = ang * j / k, ang * (j + 1) / k
                        n = 6
                        left = [at(r_in, a0 + (a1 - a0) * t / n) for t in range(n + 1)]
                        right = [at(r_out, a0 + (a1 - a0) * t / n) for t in range(n + 1)]
                        # back-left, right edge back to front, left edge front to back
                        poly = [left[0]] + right + left[::-1][:-1]
                        self._add(by_lane, ln, ti, progress + length * j / k,
                                  progress + length * (j + 1) / k, poly)
                left_r = radius(1) if tile.turn == "left" else radius(1) + 1
                right_r = radius(W) + 1 if tile.turn == "left" else radius(W)
                m = 24
                self.walls[0].extend(at(left_r, ang * t / m) for t in range(m + 1))
                self.walls[1].extend(at(right_r, ang * t / m) for t in range(m + 1))
                px, py = at(left_r, ang)
                th = th + sign * ang
                self.corners.append((progress, progress + length, tile.turn))
            progress += length
            if tile.limit is not None:
                self.lines.append(Line(len(self.lines), "limit", tile.limit, progress, ti))
            self.tile_info.append({"index": ti, "kind": tile.kind, "turn": tile.turn,
                                   "start": start_pose, "end": (px, py, th), "limit": tile.limit,
                                   "name": tile.name, "rows": tile.rows, "squares": tile.squares})
        self.finish_progress = finish_at
        self.finish_line = next(l for l in self.lines if l.kind == "finish")
        self.total_progress = progress
        self._by_lane = by_lane
        self._tables()
        self._line_ends()
        self.slots = []
        for k, (row, ln) in enumerate(spec.start_slots):
            sq = self.square_at(row, ln)
            if sq is None:
                raise ValueError(f"start slot {k + 1} at [{row}, {ln}] is not a square of the track")
            if sq in self.slots:
                raise ValueError(f"start slot {k + 1} repeats the square [{row}, {ln}]")
            if self.front[sq] > self.finish_progress:
                raise ValueError(f"start slot {k + 1} lies beyond the finish line")
            self.slots.append(sq)

    # -- construction helpers
    def _add(self, by_lane, ln, ti, back, front, poly):
        sq = len(self.lane)
        self.lane.append(ln)
        self.row.append(len(by_lane[ln]))
        self.tile.append(ti)
        self.back.append(back)
        self.front.append(front)
        self.polygons.append(poly)
        by_lane[ln].append(sq)

    def _edge(self, px, py, hx, hy, rx, ry, rows):
        W = self.lanes
        self.walls[0].extend([(px, py), (px + hx * rows, py + hy * rows)])
        self.walls[1].extend([(px + rx * W, py + ry * W),
                              (px + rx * W + hx * rows, py + ry * W + hy * rows)])

    def _tables(self):
        # linear in the number of squares (bisection, no scans of whole lanes per square)
        n = len(self.lane)
        W = self.lanes
        fronts = sorted(set(self.front))
        rank = {f: i for i, f in enumerate(fronts)}
        self.level = [rank[f] for f in self.front]
        self.nb = []
        self.cross = []
        by_lane = self._by_lane
        lane_fronts = [[self.front[t] for t in sqs] for sqs in by_lane]
        line_at = sorted(range(len(self.lines)), key=lambda i: (self.lines[i].progress, i))
        line_progress = [self.lines[i].progress for i in line_at]
        for sq in range(n):
            ln, r = self.lane[sq], self.row[sq]
            lane_sqs = by_lane[ln]
            f = self.front[sq]
            fwd = lane_sqs[r + 1] if r + 1 < len(lane_sqs) else END
            out = [fwd]
            for side in (ln - 1, ln + 1):
                if side < 1 or side > W:
                    out.append(WALL)
                    continue
                k = bisect_right(lane_fronts[side], f)
                out.append(by_lane[side][k] if k < len(by_lane[side]) else END)
            self.nb.append(tuple(out))
            crossed = []
            lo = bisect_left(line_progress, f)
            for t in out:
                if t < 0:
                    crossed.append(())
                else:
                    hi = bisect_left(line_progress, self.front[t])
                    crossed.append(tuple(sorted(line_at[lo:hi])))
            self.cross.append(tuple(crossed))
        # next corner and side ranks
        self.next_turn = []
        self.side_rank = []
        self.order_key = []
        self.beyond = []
        self.flag_distance = []
        corner_ends = [end for _, end, _ in self.corners]
        for sq in range(n):
            f = self.front[sq]
            turn = None
            k = bisect_right(corner_ends, f)   # the first corner not yet left behind
            if k < len(self.corners) and self.corners[k][0] < self.finish_progress:
                turn = self.corners[k][2]
            ln = self.lane[sq]
            favoured = turn or self.finish_flag
            rank_ = ln - 1 if favoured == "left" else W - ln
            self.next_turn.append(turn)
            self.side_rank.append(rank_)
            self.order_key.append(-self.level[sq] * 16 + rank_)
            self.beyond.append(f - self.finish_progress)
            self.flag_distance.append(ln - 1 if self.finish_flag == "left" else W - ln)

    def _line_ends(self):
        """Endpoints of each line: the front edge corners of the outermost lanes."""
        edges = {}
        for ln in (1, self.lanes):
            sqs = self._by_lane[ln]
            edges[ln] = (sqs, [self.front[t] for t in sqs], [self.back[t] for t in sqs])
        for line in self.lines:
            ends = []
            for ln in (1, self.lanes):
                sqs, fronts, backs = edges[ln]
                k = bisect_left(fronts, line.progress)
                if k < len(sqs) and fronts[k] == line.progress:
                    ends.append(self._front_corner(sqs[k], left=(ln == 1)))
                    continue
                k = bisect_left(backs, line.progress)
                if k < len(sqs) and backs[k] == line.progress:  # finish line: back edge of the first row
                    ends.append(self._back_corner(sqs[k], left=(ln == 1)))
            line.ends = ends if len(ends) == 2 else None

    def _front_corner(self, sq, left):
        poly = self.polygons[sq]
        # polygons run: back-left, (right edge back to front), (left edge front to back)
        if self.tile_info[self.tile[sq]]["kind"] == "corner":
            m = len(poly) // 2
            return poly[m + 1] if left else poly[m]
        return poly[3] if left else poly[2]

    def _back_corner(self, sq, left):
        poly = self.polygons[sq]
        return poly[0] if left else poly[1]

    # -- queries
    def square_at(self, row: int, lane: int) -> int | None:
        """The square id at ``[row, lane]`` (row along the lane), or None."""
        if not 1 <= lane <= self.lanes or not isinstance(row, int) or row < 0:
            return None
        lane_sqs = self._by_lane[lane]
        return lane_sqs[row] if row < len(lane_sqs) else None

    def position(self, sq: int) -> list[int]:
        """``[row, lane]`` of a square."""
        return [self.row[sq], self.lane[sq]]

    def ahead_of(self, a: int, b: int) -> bool:
        """True when square ``a``'s front line is further along than ``b``'s."""
        return self.level[a] > self.level[b]

    def is_level(self, a: int, b: int) -> bool:
        return self.level[a] == self.level[b]

    def lane_squares(self, lane: int) -> list[int]:
        return list(self._by_lane[lane])

    def center(self, sq: int) -> tuple[float, float]:
        poly = self.polygons[sq]
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))

    @property
    def num_squares(self) -> int:
        return len(self.lane)

    def __repr__(self):
        return f"<LaneTrack {self.name}: {self.lanes} lanes, {self.num_squares} squares>"


# -------------------------------------------------------------------- loading
_GRID = re.compile(r"^straight([0-9])(?:_([0-9]{1,4}))?$")


def grid_spec(lanes: int, rows: int = 30, runout: int = 4, finish_flag: str = "left") -> TrackSpec:
    """A plain straight grid of ``lanes`` lanes and ``rows`` rows before the finish line.

    Start slots are staggered from the front: slot k sits in row ``5 - k``
    (slot 1 in row 4, slot 5 in row 0), lanes cycling from the left.
    """
    slots = [(5 - k, (k - 1) % lanes + 1) for k in range(1, 6)]
    return TrackSpec(name=f"straight{lanes}_{rows}" if rows != 30 else f"straight{lanes}",
                     title=f"Straight {lanes}-lane grid", lanes=lanes, finish_flag=finish_flag,
                     start_slots=slots,
                     tiles=[Tile(kind="straight", rows=rows), Tile(kind="finish", rows=runout)])


def grid_name(name: str) -> TrackSpec | None:
    """``straightW`` or ``straightW_N``: a straight grid of W lanes (N rows), else None."""
    m = _GRID.match(name)
    if not m:
        return None
    lanes = int(m.group(1))
    rows = int(m.group(2) or 30)
    if not 1 <= lanes <= 9 or not 6 <= rows <= 200:
        raise ValueError(f"{name!r}: a straight grid has 1-9 lanes and 6-200 rows")
    return grid_spec(lanes, rows)


def load_spec(data: dict | str | Path, label: str | None = None) -> TrackSpec:
    """Validate a track (a dict, or a YAML file path read with the safe loader).

    Raises:
        racekit.core.errors.FileFormatError: the message names the file (``label``),
            the line (for a file) and the field, in plain words.
    """
    from ..core.errors import FileFormatError
    from ..core.contentfile import load_content
    from ..core.yamlfile import error_locations
    if isinstance(data, (str, Path)):   # a track file: its errors never quote it
        return load_content(data, TrackSpec, label)
    if not isinstance(data, dict):
        raise FileFormatError(f"{label or 'track'}: a track is a mapping of fields")
    try:
        return TrackSpec.model_validate(data)
    except ValidationError as exc:
        loc, msg = error_locations(exc)[0]
        field = ".".join(str(p) for p in loc) or "(top level)"
        err = FileFormatError(f"{label or 'track'}: field {field}: {msg}")
        err.field, err.reason = field, msg
        raise err from None
