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

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from racekit.core.content import short
from racekit.core.yamlfile import load_data_file

HERE = Path(__file__).parent / "data"

TERRAINS = ("start", "leaf", "forest", "vine", "sand", "finish")
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
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"character ids must be unique: {', '.join(sorted(dup))}")
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


def _path(kind: str, value: str) -> Path:
    shipped = HERE / kind / f"{value}.yaml"
    return shipped if shipped.is_file() else Path(value)


def shipped_names(kind: str) -> list[str]:
    """Names of shipped files of ``kind`` (``maps``, ``rosters``, ``decks``)."""
    return sorted(p.stem for p in (HERE / kind).glob("*.yaml"))


@lru_cache(maxsize=32)
def load_map(name: str) -> MapFile:
    """A shipped map name or a file path. Raises FileFormatError naming file, line, field."""
    return load_data_file(_path("maps", name), MapFile)


@lru_cache(maxsize=32)
def load_roster(name: str) -> RosterFile:
    return load_data_file(_path("rosters", name), RosterFile)


@lru_cache(maxsize=32)
def load_deck(name: str) -> DeckFile:
    return load_data_file(_path("decks", name), DeckFile)


def checker(kind: str, loader):
    """Option check: a shipped name or an existing .yaml path that validates."""
    def check(value):
        if not isinstance(value, str):
            raise ValueError("a name or a file path")
        if value in shipped_names(kind):
            return value
        path = Path(value)
        if path.suffix in (".yaml", ".yml") and path.is_file():
            loader(str(path.resolve()))
            return str(path.resolve())
        rule = {"maps": "LM-AMB-01", "decks": "LM-AMB-02", "rosters": "LM-AMB-03"}.get(kind, "")
        # a path that names no file says so (it read as an unknown name before)
        if path.exists():
            missing = f"{short(value)}: not a .yaml file; "
        elif path.suffix in (".yaml", ".yml") or len(path.parts) > 1:
            missing = (f"{short(value)}: no such file"
                       + ("" if path.is_absolute() else f" (looked in {Path.cwd()})") + "; ")
        else:
            missing = f"{short(value)} is not a shipped name; "
        raise ValueError(missing + f"shipped: {', '.join(shipped_names(kind))}, or a .yaml file path"
                         + (f" ({rule}: this comes from a data file)" if rule else ""))
    return check
