"""Number fields of a set-up model: a whole number written as a number, with plain errors.

pydantic's default ``int`` quietly turns ``"3"``, ``true`` and ``3.0`` into numbers (so a
set-up saying ``alt: true`` put a character at altitude 1) and its errors read
"Input should be greater than or equal to 0" without the value. :func:`whole` refuses
anything but a whole number and names the value in plain words; the game's invariants
still name the rule clause where one applies (``racekit/games/<id>/invariants.py``).
This module knows no game.
"""
from __future__ import annotations

import math
from typing import Annotated, Any

from pydantic import BeforeValidator

from .content import short


def written(v: Any) -> str:
    """How the user wrote ``v``, in words."""
    if v is None:
        return "nothing (null)"
    if isinstance(v, bool):
        return f"{str(v).lower()} (a yes/no value)"
    if isinstance(v, str):
        hint = " (a number is written without quotes)" if v.strip().lstrip("-").isdigit() else ""
        return f"the text {short(v)}{hint}"
    if isinstance(v, float):
        return short(v)
    if isinstance(v, (list, tuple)):
        return "a list"
    if isinstance(v, dict):
        return "a mapping"
    return short(v)


def check_whole(v: Any, lo: int | None = None, hi: int | None = None) -> int:
    """``v`` if it is a whole number in ``lo..hi`` (either end optional).

    Raises:
        ValueError: in plain words naming the value (``a whole number from 1 to 6, not the
            text '6'``); pydantic reports it under the field's name.
    """
    if lo is not None and hi is not None:
        want = f"a whole number from {lo} to {hi}"
    elif lo is not None:
        want = f"a whole number, at least {lo}"
    elif hi is not None:
        want = f"a whole number, at most {hi}"
    else:
        want = "a whole number"
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{want}, not {written(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ValueError(f"{want}, not {short(v)}")
    return v


def whole(lo: int | None = None, hi: int | None = None):
    """A set-up field type: a whole number in ``lo..hi``, refused otherwise with the value named.

    ``Annotated[int, ...]``, usable wherever ``int`` was (``list[whole(1, 5)]``,
    ``whole(0) | None``).
    """
    return Annotated[int, BeforeValidator(lambda v: check_whole(v, lo, hi))]


def _number(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError(f"a number, not {written(v)}")
    return v


#: a set-up field type: a finite number (points), refused otherwise with the value named
Number = Annotated[int | float, BeforeValidator(_number)]
