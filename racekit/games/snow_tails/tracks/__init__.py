"""Snow Tails tracks, stored as YAML data (format: docs/snow_tails_tracks.md).

The shipped layouts (``teaching``, ``medium``, ``long``) are OUR OWN
ILLUSTRATIVE LAYOUTS: the published tile shapes are not part of the rules
text, so these are invented for teaching. Owners of the game can enter their
own tiles in the same format and pass the file path as the ``track`` option.

A name ``straightW`` (or ``straightW_N``) gives a plain straight grid of W
lanes (N rows), the spec's ``(row, lane)`` notation, for scenarios.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from ....boards.lane import LaneTrack, grid_name, load_spec
from ....core.content import is_name, resolve_file, short
from ....core.errors import FileFormatError

HERE = Path(__file__).parent
SHIPPED = ("teaching", "medium", "long")


def track_names() -> list[str]:
    """Names of the shipped track files."""
    return sorted(p.stem for p in HERE.glob("*.yaml"))


def check_track(value) -> str:
    """Option check: a shipped name, ``straightW[_N]``, or a track YAML file.

    A file is a relative ``.yaml`` path below the folder of the file naming it (a
    save or scenario), or below the current folder (see :mod:`racekit.core.content`);
    it is loaded (validated) now and kept as written.

    Raises:
        ValueError: an unknown name, a path that may not be read, or an invalid file.
    """
    if not isinstance(value, str):
        raise ValueError("a track is a name or a .yaml file path")
    if value in track_names() or grid_name(value) is not None:
        return value
    if is_name(value):
        raise ValueError(f"no track called {short(value)}; shipped tracks: {', '.join(track_names())}, "
                         "straightW or straightW_N (a plain grid of W lanes), or a .yaml file")
    load_track(value)  # validate now
    return value


def load_track(name: str) -> LaneTrack:
    """The track called ``name``: a shipped name, a grid name, or a content file reference.

    Raises:
        ValueError (FileFormatError for files): unknown, unreadable or invalid.
    """
    spec = grid_name(name)
    if spec is not None:
        return _build_grid(name)
    if name in track_names():
        path = HERE / f"{name}.yaml"
    elif is_name(name):
        raise ValueError(f"no track called {short(name)}; shipped tracks: {', '.join(track_names())}")
    else:
        path = resolve_file(name, "track")
    try:
        stat = os.stat(path)
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None   # the read below reports it
    return _build_file(str(path), name, stamp)


@lru_cache(maxsize=16)
def _build_grid(name: str) -> LaneTrack:
    return LaneTrack(grid_name(name))


_RULE_OF_FIELD = ((re.compile(r"field tiles\.\d+\.flags:"), "ST-SETUP-1"),
                  (re.compile(r"field tiles\.\d+\.kind:"), "ST-AMB-19"))


def _spec(data, label=None):
    """:func:`load_spec`, with the rule a tile's flags or kind break named in the error."""
    try:
        return load_spec(data, label)
    except FileFormatError as exc:
        text = str(exc)
        for pattern, clause in _RULE_OF_FIELD:
            if pattern.search(text) and clause not in text:
                exc.args = (f"{text} ({clause})",) + exc.args[1:]
        raise


@lru_cache(maxsize=64)
def _build_file(path: str, label: str, stamp) -> LaneTrack:
    """Build (once per file version) the track in ``path``."""
    spec = _spec(path, label)
    try:
        return LaneTrack(spec)
    except ValueError as exc:
        raise FileFormatError(f"{label}: field start_slots: {exc}") from None


def track_from_dict(data: dict) -> LaneTrack:
    """Build a track described inline (a scenario set-up).

    Raises:
        FileFormatError: the message names the field of the track.
    """
    spec = _spec(data)
    try:
        return LaneTrack(spec)
    except ValueError as exc:
        err = FileFormatError(f"track: field start_slots: {exc}")
        err.field, err.reason = "start_slots", str(exc)
        raise err from None
