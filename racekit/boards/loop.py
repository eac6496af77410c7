"""Generic loop-track geometry: a closed ring of squares shared by several seats.

Each seat enters the ring at its own entry square and counts its progress in
*path steps*: step 1 is the entry square, step ``k`` is ``k - 1`` squares
further in the direction of travel. This module knows no game: it converts
between a seat's path steps and ring indices, lists the squares walked
between two points, lays the ring and side lanes out in the plane, and finds
which lane cell a straight shortcut crosses.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class LoopTrack:
    """A ring of ``length`` squares with one entry square per seat.

    Attributes:
        length: number of ring squares, indexed ``0 .. length-1`` in travel order.
        entries: ring index of each seat's path step 1.
    """

    length: int
    entries: tuple[int, ...]

    def __post_init__(self):
        if self.length < 2:
            raise ValueError("a loop needs at least 2 squares")
        if len(set(self.entries)) != len(self.entries):
            raise ValueError("two seats share an entry square")
        for e in self.entries:
            if not 0 <= e < self.length:
                raise ValueError(f"entry {e} is outside the loop 0..{self.length - 1}")

    def square(self, seat: int, step: int) -> int:
        """Ring index of ``seat``'s path step ``step`` (step 1 = entry square)."""
        return (self.entries[seat] + step - 1) % self.length

    def step(self, seat: int, square: int) -> int:
        """``seat``'s first-lap path step (1..length) of ring index ``square``."""
        return (square - self.entries[seat]) % self.length + 1

    def distance(self, a: int, b: int) -> int:
        """Squares walked forward from ring index ``a`` to ``b`` (0..length-1)."""
        return (b - a) % self.length

    def walk(self, a: int, n: int) -> list[int]:
        """Ring indices of the ``n`` squares entered when walking ``n`` forward from ``a``."""
        return [(a + i) % self.length for i in range(1, n + 1)]


# ----- layout in the plane -----------------------------------------------------

def circle_points(n: int, radius: float, start_deg: float, clockwise: bool = True) -> list[Point]:
    """Centres of ``n`` squares evenly spaced on a circle, the first at ``start_deg``."""
    sign = -1.0 if clockwise else 1.0
    out = []
    for i in range(n):
        a = math.radians(start_deg + sign * 360.0 * i / n)
        out.append((radius * math.cos(a), radius * math.sin(a)))
    return out


def lane_points(start: Point, toward: Point, count: int, first: float, spacing: float) -> list[Point]:
    """``count`` cells on the straight line from ``start`` toward ``toward``.

    The first cell is ``first`` away from ``start``, the next ones ``spacing`` apart.
    """
    dx, dy = toward[0] - start[0], toward[1] - start[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    return [(start[0] + ux * (first + k * spacing), start[1] + uy * (first + k * spacing))
            for k in range(count)]


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point ``p`` to the segment ``a``–``b``."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def crossed_cell(a: Point, b: Point, cells: list[Point], tolerance: float) -> int | None:
    """Index of the cell whose centre lies nearest the segment ``a``–``b``, within ``tolerance``.

    Used to find which lane cell a straight shortcut passes over; ``None`` when
    the segment passes no cell.
    """
    best, best_d = None, tolerance
    for i, c in enumerate(cells):
        d = point_segment_distance(c, a, b)
        if d <= best_d:
            best, best_d = i, d
    return best
