"""Snow Tails tracks, stored as YAML data (format: docs/snow_tails_tracks.md).

The shipped layouts (``teaching``, ``medium``, ``long``) are OUR OWN
ILLUSTRATIVE LAYOUTS: the published tile shapes are not part of the rules
text, so these are invented for teaching. Owners of the game can enter their
own tiles in the same format and pass the file path as the ``track`` option.

A name ``straightW`` (or ``straightW_N``) gives a plain straight grid of W
lanes (N rows), the spec's ``(row, lane)`` notation, for scenarios.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ....boards.lane import LaneTrack, grid_name, load_spec

HERE = Path(__file__).parent
SHIPPED = ("teaching", "medium", "long")


def track_names() -> list[str]:
    """Names of the shipped track files."""
    return sorted(p.stem for p in HERE.glob("*.yaml"))


def check_track(value) -> str:
    """Option check: a shipped name, ``straightW[_N]``, or a path to a track YAML file."""
    if not isinstance(value, str):
        raise ValueError("a track is a name or a file path")
    if value in track_names() or grid_name(value) is not None:
        return value
    path = Path(value)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        load_track(str(path.resolve()))  # validate now
        return str(path.resolve())
    raise ValueError(f"no such track; shipped tracks: {', '.join(track_names())}, "
                     "or straight4 (a plain grid), or a .yaml file path")


@lru_cache(maxsize=64)
def load_track(name: str) -> LaneTrack:
    """Build (once) the track called ``name`` (shipped name, grid name or file path)."""
    spec = grid_name(name)
    if spec is None:
        path = HERE / f"{name}.yaml" if name in track_names() else Path(name)
        spec = load_spec(path)
    return LaneTrack(spec)


def track_from_dict(data: dict) -> LaneTrack:
    """Build a track described inline (a scenario set-up)."""
    return LaneTrack(load_spec(data))
