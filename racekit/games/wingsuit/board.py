"""The five-card track as lookup tables (WS-SETUP-3, WS-AMB-29, WS-AMB-30).

A :class:`Board` is built once per game from the card set and the dealt track
(cards 1..5 bottom to top) and never changes afterwards (cards leaving the track
only raise the bottom edge, which the state keeps). Tables are lists indexed by
hex id ``y * W + c`` (:class:`racekit.boards.hex.StackedTrack`):
``height`` (0 where no hex exists, 1-4, WHITE or VOID), ``updraft``, ``item``.
"""
from __future__ import annotations

from racekit.boards.hex import DOUBLED, DIRECTIONS, StackedTrack

from .cards import VOID


def merge(lower: tuple, upper: tuple, mode: str) -> tuple:
    """Merge the two printed halves of a boundary hex (WS-AMB-30).

    ``max``: the higher number (white if either is white, void if either is void),
    with a feature if either half shows it; ``upper_half``: the upper card's half alone.
    """
    if mode == "upper_half":
        return upper[:3]
    hl, hu = lower[0], upper[0]
    if VOID in (hl, hu):
        h = VOID
    else:
        h = max(hl, hu)
    return (h, lower[1] or upper[1], lower[2] or upper[2])


_TABLES: dict = {}


def _card_table(cardset, index: int) -> tuple:
    """Card ``index``'s own terrain as flat lists (height, updraft, item) over its local hexes
    ``ly * W + c`` for ``ly`` 0..H; 0 / False where no hex exists. Built once per card set."""
    key = (id(cardset), index)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is cardset:
        return hit[1]
    W, H = cardset.columns, cardset.half_rows
    card = cardset.cards[index]
    height, updraft, item = [0] * (W * (H + 1)), [False] * (W * (H + 1)), [False] * (W * (H + 1))
    for ly in range(H + 1):
        for c in range(W):
            if (c + ly) % 2 == 0:
                height[ly * W + c], updraft[ly * W + c], item[ly * W + c] = card.terrain(c, ly)[:3]
    if len(_TABLES) > 2048:
        _TABLES.clear()
    _TABLES[key] = (cardset, (height, updraft, item))
    return height, updraft, item


def _boundary_row(cardset, lower: int, upper: int, mode: str) -> tuple:
    """The row where card ``lower`` meets card ``upper`` above it, merged (WS-AMB-30), as
    (height, updraft, item) lists over its W columns. Built once per pair of cards."""
    key = (id(cardset), lower, upper, mode)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is cardset:
        return hit[1]
    W, H = cardset.columns, cardset.half_rows
    low, up = cardset.cards[lower], cardset.cards[upper]
    row = [merge(low.terrain(c, H)[:3], up.terrain(c, 0), mode) if c % 2 == 0 else (0, False, False)
           for c in range(W)]
    tables = ([t[0] for t in row], [t[1] for t in row], [t[2] for t in row])
    if len(_TABLES) > 2048:
        _TABLES.clear()
    _TABLES[key] = (cardset, tables)
    return tables


class Board:
    """Terrain of the dealt track.

    Args:
        cardset: the validated :class:`~racekit.games.wingsuit.cards.CardSet`.
        track: card indices, bottom (card 1) to top (card 5).
        boundary_merge: ``max`` or ``upper_half`` (WS-AMB-30).
        plain: ignore the cards' map faces (every hex height 1, no features); used by
            scenario set-ups, which then name each hex that differs.
        overrides: global ``(c, y)`` -> ``(height, updraft, item)`` set last.
    """

    def __init__(self, cardset, track: list[int], boundary_merge: str = "max", plain: bool = False,
                 overrides: dict | None = None):
        self.geo = geo = StackedTrack(cardset.columns, cardset.half_rows, len(track))
        self.W, self.H, self.top = geo.W, geo.H, geo.top
        self.track = list(track)
        self.cardset = cardset
        self._starts: dict = {}
        n = geo.size
        W, H = self.W, self.H
        if plain:
            self.height = [0] * n
            self.updraft = [False] * n
            self.item = [False] * n
            for c, y in geo.hexes():
                self.height[y * W + c] = 1
        else:
            # card k (1-based) gives the rows above its bottom edge up to its top edge,
            # card 1 also its bottom edge; a boundary row merges two cards (WS-AMB-30)
            self.height, self.updraft, self.item = [], [], []
            tables = [_card_table(cardset, i) for i in track]
            for k, (heights, updrafts, items) in enumerate(tables, start=1):
                lo = 0 if k == 1 else W
                self.height += heights[lo:H * W]
                self.updraft += updrafts[lo:H * W]
                self.item += items[lo:H * W]
                if k < len(track):
                    heights, updrafts, items = _boundary_row(cardset, track[k - 1], track[k],
                                                             boundary_merge)
                    self.height += heights
                    self.updraft += updrafts
                    self.item += items
                else:
                    self.height += heights[H * W:]
                    self.updraft += updrafts[H * W:]
                    self.item += items[H * W:]
        for (c, y), t in (overrides or {}).items():
            h = geo.hid(c, y)
            self.height[h], self.updraft[h], self.item[h] = t
        # neighbour table: nb[h][d] = target hex id, or a negative code
        self.step_dc = [DOUBLED[d] for d in DIRECTIONS]

    def hid(self, c: int, y: int) -> int:
        return y * self.W + c

    def cy(self, h: int) -> tuple[int, int]:
        return h % self.W, h // self.W

    def label(self, h: int) -> str:
        c, y = self.cy(h)
        return f"{c},{y}"

    def card_of(self, h: int, k_min: int, boundary_lower: bool = True) -> int:
        return self.geo.card_of(h // self.W, k_min, boundary_lower)

    def reset_ids(self, card: int) -> list[int]:
        return [self.hid(c, y) for c, y in self.geo.reset_hexes(card)]

    def starts(self, k_min: int = 1) -> list[tuple[int, str]]:
        """Start cells of the bottom card as ``(hex id, 'front'|'rear')`` (WS-AMB-25).

        The board's own list (it never changes): callers only read it."""
        found = self._starts.get(k_min)
        if found is None:
            card = self.cardset.cards[self.track[k_min - 1]]
            base = self.H * (k_min - 1)
            found = self._starts[k_min] = [(self.hid(c, y + base), kind)
                                           for (c, y), kind in card.starts()]
        return found
