"""Card-set files (spec Appendix A, format ``wingsuit-cards/1``), validated on load.

A card has a map face (local hexes ``(c, y)`` with terrain, updraft/item flags and
start cells) and an action face (two rows x Cautious/Brave token lists, an item
cost colour and an item effect) (WS-COMP-1, WS-COMP-4, WS-AMB-02..04).

Errors name the file, the line and the field (:mod:`racekit.core.yamlfile`).
The kit's own file (``cards/illustrative.yaml``) is **our illustrative set**, not
the printed cards; :attr:`CardSet.illustrative` makes every view say so.

Internal token form (tuples, for the hot path):
    ``int`` 0..5: an arrow in :data:`racekit.boards.hex.DIRECTIONS` order;
    ``(cond, n, (arrows...))``: an IF token, ``cond`` one of :data:`CONDS` (``-1``: an
    unknown condition kept under ``unknown_icon = ignore``; it never holds).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from racekit.boards.hex import DIRECTIONS
from racekit.core.content import is_name, resolve_file, short
from racekit.core.contentfile import read_content, validate_content
from racekit.core.errors import FileFormatError
from racekit.core.yamlfile import Located

COLOURS = ("red", "yellow", "blue")
EFFECTS = ("steal_altitude", "give_brave_die", "free_sprint")
CONDS = ("alt_at_least", "alt_at_most", "on_updraft", "holds_cube")
WHITE = 9   # terrain code: snow mountain, infinitely high (WS-TERRAIN-1)
VOID = -1   # not terrain: stepping there is off-map (WS-FAQ-Q1a)
_COND_RE = re.compile(r"^\s*([a-z_]+)\s*(?:\(\s*(\d+)\s*\))?\s*$")


class _IfToken(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    if_: str = Field(alias="if")
    then: list[str]


Token = Union[str, _IfToken]


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cautious: list[Token]
    brave: list[Token]


class _Hex(BaseModel):
    model_config = ConfigDict(extra="forbid")
    h: Union[Literal["white", "void"], int] = 1
    updraft: bool = False
    item: bool = False
    start: Literal["front", "rear"] | None = None


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    item_cost: Literal["red", "yellow", "blue"]
    item_effect: Literal["steal_altitude", "give_brave_die", "free_sprint"]
    cost_row: Literal[0, 1] | None = None
    map: dict[str, _Hex] = Field(default_factory=dict)
    action: list[_Row]


class _Grid(BaseModel):
    model_config = ConfigDict(extra="forbid")
    orientation: Literal["flat"]
    columns: int
    half_rows: int


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["wingsuit-cards/1"]
    illustrative: bool
    grid: _Grid
    cubes_per_color: int = Field(default=5, ge=1)
    cards: list[_Card]


@dataclass(frozen=True)
class Card:
    """One double-sided card (WS-COMP-1).

    Attributes:
        id: unique within its file.
        cost: item-cost colour index into :data:`COLOURS`.
        effect: one of :data:`EFFECTS`.
        cost_row: 0 or 1 (only for ``cost_visible = specific_row``), else None.
        hexes: local ``(c, y)`` -> ``(height, updraft, item, start)``; height 1-4,
            :data:`WHITE` or :data:`VOID`; start ``"front"``/``"rear"``/None.
            Unlisted hexes are plain (height 1).
        rows: ``((cautious, brave), (cautious, brave))``, row 0 first; each a
            tuple of tokens bottom to top (internal token form).
    """

    id: str
    cost: int
    effect: str
    cost_row: int | None
    hexes: dict = field(hash=False, compare=False)
    rows: tuple

    def terrain(self, c: int, y: int) -> tuple:
        return self.hexes.get((c, y), (1, False, False, None))

    def starts(self) -> list[tuple[tuple[int, int], str]]:
        """Flagged start cells, front ones first (WS-AMB-25)."""
        out = [(k, v[3]) for k, v in self.hexes.items() if v[3]]
        return sorted(out, key=lambda kv: (kv[1] != "front", kv[0][1], kv[0][0]))


@dataclass(frozen=True)
class CardSet:
    source: str
    illustrative: bool
    columns: int
    half_rows: int
    cubes_per_color: int
    cards: tuple
    warnings: tuple = ()

    def index(self, card_id: str) -> int:
        for i, c in enumerate(self.cards):
            if c.id == card_id:
                return i
        raise KeyError(card_id)

    def by_colour(self, colour: int) -> list[int]:
        return [i for i, c in enumerate(self.cards) if c.cost == colour]


def parse_token(raw, unknown_ignore: bool, where) -> Any:
    """One file token -> internal form; ``where(message)`` builds the error."""
    if isinstance(raw, str):
        if raw in DIRECTIONS:
            return DIRECTIONS.index(raw)
        if unknown_ignore:
            return None
        raise where(f"an unknown icon (allowed arrows: {', '.join(DIRECTIONS)}; "
                    "ws.unknown_icon = error)")   # the file's own text is never quoted
    m = _COND_RE.match(raw.if_)
    cond = -1
    n = 0
    if m and m.group(1) in CONDS:
        name, arg = m.group(1), m.group(2)
        needs = name in ("alt_at_least", "alt_at_most")
        if needs and (arg is None or not 1 <= int(arg) <= 4):
            raise where(f"condition {name} needs a number from 1 to 4, like {name}(3)")
        if not needs and arg is not None:
            raise where(f"condition {name} takes no number")
        cond, n = CONDS.index(name), int(arg or 0)
    elif not unknown_ignore:
        raise where("an unknown condition (allowed: alt_at_least(n), alt_at_most(n), "
                    "on_updraft, holds_cube)")
    arrows = []
    for a in raw.then:
        if a not in DIRECTIONS:
            raise where(f"an IF holds arrows only ({', '.join(DIRECTIONS)}), not other icons")
        arrows.append(DIRECTIONS.index(a))
    return (cond, n, tuple(arrows))


def _check(doc: Located, f: _File, unknown_ignore: bool, need_cost_row: bool, kit: bool,
           any_grid: bool) -> CardSet:
    W, H = f.grid.columns, f.grid.half_rows
    if W < 3 or W % 2 == 0:
        raise doc.error(["grid", "columns"], "must be odd and at least 3")
    if H < 4 or H % 2:
        raise doc.error(["grid", "half_rows"], "must be even and at least 4")
    if not any_grid and (W, H) != (7, 8):
        raise doc.error(["grid"], "the kit board model is 7 columns x 8 half-rows; other grids "
                        "need board_model = flat_from_file (WS-AMB-29)")
    if len(f.cards) != 9:
        raise doc.error(["cards"], f"a card set holds exactly nine cards, not {len(f.cards)} "
                        "(WS-COMP-1)")
    warnings: list[str] = []

    def warn_or_raise(loc, message):
        if kit:
            raise doc.error(loc, message + " (kit data rule, spec A.2)")
        warnings.append(str(doc.error(loc, message)))

    seen: set[str] = set()
    cards = []
    for i, card in enumerate(f.cards):
        if card.id in seen:
            first = next(k for k, other in enumerate(f.cards) if other.id == card.id)
            raise doc.error(["cards", i, "id"], f"card {i + 1} has the id of card {first + 1}; "
                            "each card's id is its own")
        seen.add(card.id)
        if need_cost_row and card.cost_row is None:
            raise doc.error(["cards", i], "cost_row (0 or 1) is needed with cost_visible = "
                            "specific_row (WS-AMB-21)")
        hexes = {}
        for key, hx in card.map.items():
            loc = ["cards", i, "map", key]
            m = re.fullmatch(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*", key)
            if not m:
                raise doc.error(loc[:-1], "a map key is 'c,y': two whole numbers and a comma")
            c, y = int(m.group(1)), int(m.group(2))
            if not (0 <= c < W and 0 <= y <= H and (c + y) % 2 == 0):
                raise doc.error(loc, f"({c},{y}) is not a hex of a card: need 0 <= c < {W}, "
                                f"0 <= y <= {H}, c + y even")
            if (c, y) in hexes:
                raise doc.error(loc, f"({c},{y}) is listed twice")
            h = hx.h
            if isinstance(h, int) and not 1 <= h <= 4:
                raise doc.error(loc + ["h"], "a height is 1 to 4, white or void (WS-COMP-4)")
            code = WHITE if h == "white" else VOID if h == "void" else h
            if code in (WHITE, VOID) and (hx.updraft or hx.item or hx.start):
                raise doc.error(loc, "updraft, item and start flags go only on heights 1-4")
            half = c % 2 == 0 and y in (0, H)
            if code == VOID and half:
                raise doc.error(loc + ["h"], "a half-hex on a card edge cannot be void")
            if half and (code != 1 or hx.updraft or hx.item):
                warn_or_raise(loc, "half-hexes on the top and bottom edges must be plain")
            if hx.start and (code != 1 or hx.updraft or hx.item):
                warn_or_raise(loc, "start cells must be plain (height 1, no features)")
            hexes[(c, y)] = (code, hx.updraft, hx.item, hx.start)
        if len(card.action) != 2:
            raise doc.error(["cards", i, "action"], "an action face has exactly two rows (WS-COMP-4)")
        rows = []
        for r, row in enumerate(card.action):
            pair = []
            for style in ("cautious", "brave"):
                toks = []
                for t, raw in enumerate(getattr(row, style)):
                    loc = ["cards", i, "action", r, style, t]
                    tok = parse_token(raw, unknown_ignore, lambda msg, loc=loc: doc.error(loc, msg))
                    if tok is None:
                        warnings.append(str(doc.error(loc, "an unknown icon, ignored")))
                        continue
                    toks.append(tok)
                if not 1 <= len(getattr(row, style)) <= 3:
                    warn_or_raise(["cards", i, "action", r, style], "a cell holds 1 to 3 tokens")
                pair.append(tuple(toks))
            rows.append(tuple(pair))
        cards.append(Card(card.id, COLOURS.index(card.item_cost), card.item_effect, card.cost_row,
                          hexes, tuple(rows)))
    for colour in range(3):
        k = sum(1 for c in cards if c.cost == colour)
        if k != 3:
            raise doc.error(["cards"], f"exactly three cards per item-cost colour; "
                            f"{COLOURS[colour]} has {k} (WS-COMP-2)")
    pattern = {(1, 3): "front", (3, 3): "front", (5, 3): "front", (1, 1): "rear", (5, 1): "rear"}
    for i, card in enumerate(cards):
        if (W, H) == (7, 8) and {k: v for k, v in card.starts()} != pattern:
            warn_or_raise(["cards", i, "map"], "start cells must follow the kit pattern: front "
                          "(1,3), (3,3), (5,3) and rear (1,1), (5,1)")
        if not _playable(card, W, H):
            warn_or_raise(["cards", i, "map"], "no path of N, NE and NW steps from the bottom to "
                          "the top edge through heights of 2 or less")
    arrows = [0, 0]
    for card in cards:
        for row in card.rows:
            for s in (0, 1):
                arrows[s] += sum(1 if isinstance(t, int) else len(t[2]) for t in row[s])
    if arrows[1] <= arrows[0]:
        warn_or_raise(["cards"], "Brave cells must carry more arrows than Cautious cells")
    if kit and not f.illustrative:
        raise doc.error(["illustrative"], "the kit's own set must say illustrative: true")
    return CardSet(doc.source, f.illustrative, W, H, f.cubes_per_color, tuple(cards),
                   tuple(warnings))


def _playable(card: Card, W: int, H: int) -> bool:
    frontier = {(c, 0) for c in range(0, W, 2)}
    seen = set(frontier)
    while frontier:
        nxt = set()
        for c, y in frontier:
            if y == H:
                return True
            for dc, dy in ((0, 2), (1, 1), (-1, 1)):
                t = (c + dc, y + dy)
                if 0 <= t[0] < W and t[1] <= H and t not in seen:
                    code = card.terrain(*t)[0]
                    if code != VOID and code <= 2:
                        seen.add(t)
                        nxt.add(t)
        frontier = nxt
    return False


KIT_FILE = "illustrative"
_PACKAGE_ROOT = Path(__file__).resolve().parents[2]   # the racekit package folder


def kit_path() -> Path:
    return Path(str(resources.files("racekit.games.wingsuit") / "cards" / "illustrative.yaml"))


_CACHE: dict = {}


def load_cardset(path: str | Path | None = None, unknown_icon: str = "error",
                 cost_visible: str = "any_row", board_model: str = "flat_7x4") -> CardSet:
    """Read and validate a card-set file (the kit's illustrative set when ``path`` is None).

    ``path`` is ``'illustrative'`` (the kit's own set) or a content file reference
    (:mod:`racekit.core.content`): a relative ``.yaml`` path below the folder of the
    file that names it (a save or scenario), or below the current folder; no
    absolute path, no ``..``, regular files of at most 1 MiB only.

    Raises:
        FileFormatError: a reference that may not be read, or the first problem of
            the file, naming the file, line and field (never quoting its content).
    """
    kit = path is None or str(path) == KIT_FILE
    if kit:
        p, stamp = kit_path(), None
        # named inside the package, so a message reads the same on every machine
        label = "racekit/" + Path(p).resolve().relative_to(_PACKAGE_ROOT).as_posix()
    else:
        try:
            p = resolve_file(str(path) if isinstance(path, Path) else path, "card-set")
        except ValueError as exc:
            raise FileFormatError(str(exc)) from None
        label = str(path)
        try:
            info = os.stat(p)
            stamp = (info.st_mtime_ns, info.st_size)
        except OSError:
            stamp = None  # the read reports it
    key = (str(p), stamp, unknown_icon, cost_visible, board_model)
    if key not in _CACHE:
        try:
            doc = read_content(p, label)       # errors name lines and fields, never content
            model = validate_content(doc, _File)
            _CACHE[key] = _check(doc, model, unknown_icon == "ignore",
                                 cost_visible == "specific_row", kit, board_model == "flat_from_file")
        except FileFormatError as exc:   # a refusal is remembered too: the file is not read again
            _CACHE[key] = exc
    found = _CACHE[key]
    if isinstance(found, FileFormatError):
        raise FileFormatError(str(found))
    return found


def check_cardset_option(value):
    """Option check for ``cardset``: the kit name or a card-set file reference.

    Raises:
        ValueError: another name, or a path that may not be read (see :func:`load_cardset`).
    """
    if value == KIT_FILE:
        return value
    if not isinstance(value, str):
        raise ValueError("use 'illustrative' (the kit's own set) or the path of a card-set file")
    if is_name(value):
        raise ValueError(f"no card set called {short(value)}: use 'illustrative' (the kit's own "
                         "set) or the relative path of a .yaml card-set file")
    resolve_file(value, "card-set")
    return value


def parse_tokens(raw: list, unknown_ignore: bool = False) -> tuple:
    """Tokens written in a scenario (``[N, {if: 'alt_at_least(3)', then: [N]}]``) -> internal."""
    out = []
    for item in raw:
        tok = item if isinstance(item, str) else _IfToken.model_validate(item)
        t = parse_token(tok, unknown_ignore, ValueError)
        if t is not None:
            out.append(t)
    return tuple(out)


def token_text(tok) -> str:
    if isinstance(tok, int):
        return DIRECTIONS[tok]
    cond, n, arrows = tok
    name = CONDS[cond] + (f"({n})" if cond in (0, 1) else "") if cond >= 0 else "unknown"
    return f"IF({name}, [{', '.join(DIRECTIONS[a] for a in arrows)}])"


__all__ = ["Card", "CardSet", "load_cardset", "FileFormatError", "COLOURS", "EFFECTS", "WHITE", "VOID"]
