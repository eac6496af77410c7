"""Flat-top hex geometry for stacked map cards (Wingsuit Flight's track).

Logic uses axial coordinates ``(q, r)`` as in Red Blob Games' hex guide
(flat-top, ``r`` growing downwards). Rule text and scenario files use the
spec's doubled-height form ``(c, y)``: ``c`` the column (0 = leftmost), ``y``
the height of the hex centre in half-hex units above the bottom edge of the
lowest card; a hex exists at ``(c, y)`` only when ``c + y`` is even. The two
forms convert with ``q = c, r = -(y + c) / 2`` and back ``c = q, y = -2r - q``
(WS-AMB-29, spec section 1.1). Offsets (``xy``) are only for drawing.

A :class:`StackedTrack` is ``cards`` cards of ``columns`` x ``half_rows``
stacked bottom to top: card ``k`` (1-based) spans ``y = H(k-1) .. Hk``; the
hexes at ``y = Hk`` in even columns are boundary hexes made of the top half of
card ``k`` and the bottom half of card ``k+1`` and belong to the lower card
(WS-AMB-30). Hex ids are ``y * columns + c`` (dense, for list-indexed tables).
"""
from __future__ import annotations

import math

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
"""The six directions of a flat-top hex, clockwise from N (towards the finish)."""

AXIAL = {"N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)}
"""Axial ``(dq, dr)`` of each direction (flat-top, ``r`` downwards)."""

DOUBLED = {"N": (0, 2), "NE": (1, 1), "SE": (1, -1), "S": (0, -2), "SW": (-1, -1), "NW": (-1, 1)}
"""``(dc, dy)`` of each direction in the doubled-height ``(c, y)`` form."""

SIDES = ("NE", "SE", "SW", "NW")
"""The four side neighbours (WS-AMB-27: 'left or right')."""


def to_axial(c: int, y: int) -> tuple[int, int]:
    """``(c, y)`` -> axial ``(q, r)``. Raises ValueError when ``c + y`` is odd (no hex there)."""
    if (c + y) % 2:
        raise ValueError(f"no hex at ({c},{y}): c + y must be even")
    return c, -(y + c) // 2


def from_axial(q: int, r: int) -> tuple[int, int]:
    """Axial ``(q, r)`` -> ``(c, y)``."""
    return q, -2 * r - q


def axial_neighbour(q: int, r: int, direction: str) -> tuple[int, int]:
    dq, dr = AXIAL[direction]
    return q + dq, r + dr


def neighbour(c: int, y: int, direction: str) -> tuple[int, int]:
    """The ``(c, y)`` one hex away in ``direction`` (may lie off any map)."""
    dc, dy = DOUBLED[direction]
    return c + dc, y + dy


def neighbours(c: int, y: int) -> list[tuple[int, int]]:
    """The six ``(c, y)`` around a hex, in :data:`DIRECTIONS` order."""
    return [neighbour(c, y, d) for d in DIRECTIONS]


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex steps between two axial hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def xy(c: int, y: int, size: float = 1.0) -> tuple[float, float]:
    """Drawing offset of a hex centre: flat-top hexes of circumradius ``size``."""
    return 1.5 * size * c, math.sqrt(3) / 2 * size * y


def corners(c: int, y: int, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corner points of the hex at ``(c, y)`` (for drawing)."""
    x0, y0 = xy(c, y, size)
    return [(x0 + size * math.cos(math.radians(60 * i)), y0 + size * math.sin(math.radians(60 * i)))
            for i in range(6)]


class StackedTrack:
    """``cards`` map cards of ``columns`` x ``half_rows`` stacked bottom to top (WS-AMB-29).

    Args:
        columns: W, odd, at least 3 (kit: 7); side edges run through the centres of
            columns 0 and W-1, so those hexes are partial (WS-FAQ-Q1b).
        half_rows: H, even, at least 4 (kit: 8): a card is H/2 hexes tall.
        cards: number of cards on the track (kit: 5).
    """

    def __init__(self, columns: int = 7, half_rows: int = 8, cards: int = 5):
        if columns < 3 or columns % 2 == 0:
            raise ValueError("columns must be odd and at least 3")
        if half_rows < 4 or half_rows % 2:
            raise ValueError("half_rows must be even and at least 4")
        self.W, self.H, self.cards = columns, half_rows, cards
        self.top = half_rows * cards  # y of the top edge (kit: 40)
        self.size = columns * (self.top + 1)

    # ----- ids ------------------------------------------------------------
    def hid(self, c: int, y: int) -> int:
        return y * self.W + c

    def cy(self, hid: int) -> tuple[int, int]:
        return hid % self.W, hid // self.W

    def exists(self, c: int, y: int) -> bool:
        """A hex of the track (within the side edges, between y = 0 and the top edge)."""
        return 0 <= c < self.W and 0 <= y <= self.top and (c + y) % 2 == 0

    def hexes(self) -> list[tuple[int, int]]:
        """Every ``(c, y)`` of the full track, bottom to top, left to right."""
        return [(c, y) for y in range(self.top + 1) for c in range(self.W) if (c + y) % 2 == 0]

    # ----- cards ------------------------------------------------------------
    def card_of(self, y: int, k_min: int = 1, boundary_lower: bool = True) -> int:
        """Card number (1-based) of a hex at height ``y``: ``max(k_min, ceil(y / H))``.

        A boundary hex (``y = Hk``) belongs to the lower card k (WS-AMB-30); with
        ``boundary_lower=False`` it counts as the upper card k+1 (only the Cleanup
        check may ask for that, ``ws.boundary_card_for_cleanup = upper``).
        """
        k = -(-y // self.H)
        if not boundary_lower and y % self.H == 0:
            k += 1
        return max(k_min, min(k, self.cards), 1)

    def reset_hexes(self, card: int) -> list[tuple[int, int]]:
        """The bottom half-hexes of ``card``: even columns at ``y = H(card-1)`` (WS-CRASH-3)."""
        y = self.H * (card - 1)
        return [(c, y) for c in range(0, self.W, 2)]

    def local(self, c: int, y: int, card: int) -> tuple[int, int]:
        """``(c, y)`` in ``card``'s own coordinates (local y from 0 to H)."""
        return c, y - self.H * (card - 1)

    # ----- the finish -------------------------------------------------------------
    def distance(self, y: int, metric: str = "vertical") -> int:
        """Distance to the finish (WS-AMB-06): ``top - y`` half-hexes (``vertical``), or the
        fewest steps over the top edge, ``(top - y) // 2 + 1`` (``hex_path``)."""
        if metric == "hex_path":
            return (self.top - y) // 2 + 1
        return self.top - y

    def classify(self, c: int, y: int, y_bottom: int = 0) -> str:
        """Where a step's target lies, in the check order of WS-AMB-12.

        Returns ``"side"`` (beyond a side edge: off-map, checked first), ``"exit"``
        (over the top edge: the finish), ``"below"`` (under the bottom edge of the
        lowest card still on the track) or ``"in"``.
        """
        if c < 0 or c >= self.W:
            return "side"
        if y > self.top:
            return "exit"
        if y < y_bottom:
            return "below"
        return "in"
