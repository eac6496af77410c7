"""Where racekit's own files are when it runs from a source checkout."""
from __future__ import annotations

from pathlib import Path

from .core.errors import RacekitError


def source_root() -> Path | None:
    """The source checkout racekit is imported from (the folder with pyproject.toml), or None
    when racekit is installed from a wheel."""
    root = Path(__file__).resolve().parents[1]
    return root if (root / "pyproject.toml").is_file() and (root / "racekit").is_dir() else None


def checkout_folder(name: str) -> Path:
    """``name`` (e.g. ``figures``, ``tests/golden``) inside the source checkout, whatever the
    working directory.

    Raises:
        RacekitError: racekit is not running from a source checkout (then pass an output folder).
    """
    root = source_root()
    if root is None:
        raise RacekitError(f"racekit is not running from a source checkout, so it has no {name}/ "
                           "folder of its own: pass --out DIR")
    return root / name
