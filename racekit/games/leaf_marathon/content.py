"""Leaf Marathon content as data: maps, rosters and decks (format: docs/leaf_marathon_content.md).

Every shipped file is ILLUSTRATIVE (our own maps and deck, the public demo's roster): the
printed game is not in the rules text (LM-DATA-1, LM-DATA-2, LM-DATA-3, LM-AMB-01..03).
Files are validated with pydantic on load; errors name the file, the line and the field
(:mod:`racekit.core.yamlfile`).

Shapes:
    Map: ``legs`` = list of legs, each a tuple of terrain codes, square 0 = ``start``,
    square n = ``finish`` (LM-DATA-3, LM-DATA-5).
    Roster: characters with ``max_stamina`` (stamina points) and ``movement`` (squares per
    round); weight limit = floor(max / 2) (LM-WEIGHT-2, LM-DATA-6).
    Deck: one row per card type with ``count`` and weights; buffs A/B/C; special cards
    (LM-DATA-7, LM-WEIGHT-6).
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from racekit.core.content import base_folder, is_name, referring_folder, resolve_file, short
from racekit.core.contentfile import load_content

HERE = Path(__file__).parent / "data"

CARD_TYPES = ("action", "weapon", "armor", "recovery", "effect", "trigger", "element")
SPECIALS = ("get_over_here", "sonic_rainboom", "bear", "roadblock", "free_forced_rest")


class MapFile(BaseModel):
    """A map file (LM-DATA-5): ``legs`` in play order, each ``[start, ..., finish]``."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["racekit.leaf_marathon.map/1"]
    id: str = Field(min_length=1)
    illustrative: bool = True
    legs: list[list[Literal["start", "leaf", "forest", "vine", "sand", "finish"]]] = Field(min_length=1)

    @field_validator("legs")
    @classmethod
    def _legs(cls, legs):
        for k, leg in enumerate(legs):
            if len(leg) < 3:
                raise ValueError(f"leg {k + 1} needs a start, at least one square and a finish (LM-DATA-3)")
            if leg[0] != "start" or leg.count("start") != 1:
                raise ValueError(f"leg {k + 1}: exactly one 'start', at index 0 (LM-DATA-3)")
            if leg[-1] != "finish" or leg.count("finish") != 1:
                raise ValueError(f"leg {k + 1}: exactly one 'finish', at the last index (LM-DATA-3)")
        return legs


class Character(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    max_stamina: int = Field(ge=2, le=99)
    movement: int = Field(ge=0, le=20)


class RosterFile(BaseModel):
    """A roster file (LM-DATA-6): characters dealt in the draft, plus scenario fixtures."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["racekit.leaf_marathon.roster/1"]
    id: str
    illustrative: bool = True
    characters: list[Character] = Field(min_length=6)
    fixtures: list[Character] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self):
        ids = [c.id for c in self.characters + self.fixtures]
        dup = [k + 1 for k, i in enumerate(ids) if ids.count(i) > 1]
        if dup:   # by position: an error never quotes a data file's content
            raise ValueError(f"character ids must be unique: entries {', '.join(map(str, dup))} "
                             "(characters, then fixtures, counted from 1) share an id")
        return self


class CardRow(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["action", "weapon", "armor", "recovery", "effect", "trigger", "element"]
    count: int = Field(ge=0, le=500)
    weight: int = Field(ge=0, le=9)
    bound_weight: int = Field(ge=0, le=18)
    heal: int = Field(default=0, ge=0, le=20)


class Buff(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Literal["A", "B", "C"]
    name: str
    effect: str


class Special(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Literal["get_over_here", "sonic_rainboom", "bear", "roadblock", "free_forced_rest"]
    name: str
    event: int = Field(ge=1, le=20)
    weight: int = Field(ge=0, le=9)
    anytime: bool


class DeckFile(BaseModel):
    """A deck file (LM-DATA-7): counts and weights per card type, buffs, special cards."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["racekit.leaf_marathon.deck/1"]
    id: str
    illustrative: bool = True
    cards: list[CardRow]
    buffs: list[Buff]
    specials: list[Special]

    @model_validator(mode="after")
    def _complete(self):
        types = [c.type for c in self.cards]
        missing = [t for t in CARD_TYPES if t not in types]
        if missing or len(set(types)) != len(types):
            raise ValueError(f"cards must list each type once (LM-DATA-2): {', '.join(CARD_TYPES)}")
        if sorted(b.id for b in self.buffs) != ["A", "B", "C"]:
            raise ValueError("buffs must list A, B and C once each")
        if sorted(s.id for s in self.specials) != sorted(SPECIALS):
            raise ValueError(f"specials must list each of {', '.join(SPECIALS)} once")
        if sum(c.count for c in self.cards) < 12:
            raise ValueError("a deck needs at least 12 cards")
        return self


_WHAT = {"maps": "map", "decks": "deck", "rosters": "roster"}
_RULE = {"maps": "LM-AMB-01", "decks": "LM-AMB-02", "rosters": "LM-AMB-03"}
_MODEL = {"maps": MapFile, "decks": DeckFile, "rosters": RosterFile}


def shipped_names(kind: str) -> list[str]:
    """Names of shipped files of ``kind`` (``maps``, ``rosters``, ``decks``)."""
    return sorted(p.stem for p in (HERE / kind).glob("*.yaml"))


def _refusal(kind: str, text: str) -> str:
    rule = _RULE.get(kind, "")
    return (f"{text}; shipped: {', '.join(shipped_names(kind))}, or a .yaml file path"
            + (f" ({rule}: this comes from a data file)" if rule else ""))


def content_path(kind: str, value) -> Path:
    """The file of the ``kind`` content reference ``value``: a shipped name, or a relative
    ``.yaml`` path below the folder of the file that names it (a save or scenario) or the
    current folder, by the rules of :mod:`racekit.core.content` (no absolute path, no ``..``,
    no link out, regular files of at most 1 MiB).

    An absolute path that lies in that folder is still read (today's saves wrote the
    option as an absolute path), as the relative path it is.

    Raises:
        ValueError: not a shipped name, or a path that may not be read; the message
            says why and never quotes a file.
    """
    if not isinstance(value, str):
        raise ValueError("a name or a file path")
    if value in shipped_names(kind):
        return HERE / kind / f"{value}.yaml"
    if is_name(value):
        raise ValueError(_refusal(kind, f"{short(value)} is not a shipped name"))
    ref = _inside_base(value)
    try:
        path = resolve_file(ref, _WHAT[kind])
    except ValueError as exc:
        raise ValueError(_refusal(kind, str(exc))) from None
    if not path.exists():
        raise ValueError(_refusal(kind, f"{short(value)}: no such file (looked in {base_folder()})"))
    if not path.is_file():
        raise ValueError(_refusal(kind, f"{short(value)}: not a .yaml file"))
    return path


def _inside_base(value: str) -> str:
    """``value``, or, for an absolute path inside the folder of the save or scenario naming it,
    the path relative to that folder (typed by a person, an absolute path is refused)."""
    folder = referring_folder()
    if folder is None or len(value) > 255 or "\x00" in value or not Path(value).is_absolute():
        return value
    try:
        return Path(value).resolve().relative_to(folder.resolve()).as_posix()
    except (ValueError, OSError):
        return value


def _load(kind: str, name: str):
    path = content_path(kind, name)
    try:
        info = os.stat(path)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = None   # the read reports it
    shipped = path.parent == HERE / kind
    label = f"racekit/games/leaf_marathon/data/{kind}/{path.name}" if shipped else name
    return _build(kind, str(path), label, stamp)


@lru_cache(maxsize=32)
def _build(kind: str, path: str, label: str, stamp):
    return load_content(path, _MODEL[kind], label)


def load_map(name: str) -> MapFile:
    """A shipped map name or a content file reference (see :func:`content_path`).

    Raises:
        FileFormatError: the file is invalid, naming file, line and field (never its content).
        ValueError: a reference that may not be read.
    """
    return _load("maps", name)


def load_roster(name: str) -> RosterFile:
    """A shipped roster name or a content file reference; see :func:`load_map`."""
    return _load("rosters", name)


def load_deck(name: str) -> DeckFile:
    """A shipped deck name or a content file reference; see :func:`load_map`."""
    return _load("decks", name)


def checker(kind: str, loader):
    """Option check: a shipped name or a content file reference that validates (kept as
    written, and read again where the game is built: beside the save or scenario naming it)."""
    def check(value):
        if not isinstance(value, str):
            raise ValueError("a name or a file path")
        loader(value)
        return value
    return check
