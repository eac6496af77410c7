"""Validate a game's set-up mapping (scenario ``setup:``) with its pydantic model."""
from __future__ import annotations

from pydantic import BaseModel, ValidationError

from .errors import SetupError


def _present(data, loc) -> list:
    """The longest prefix of ``loc`` that names keys really in ``data``.

    pydantic adds the names of union members and validators to error locations
    (``planes.R1.SquareRef.home``); users should see the field they wrote (``planes.R1``).
    """
    path, node = [], data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            break
        path.append(part)
    return path or list(loc[:1])


def validate_setup(model: type[BaseModel], data) -> BaseModel:
    """Validate ``data`` with ``model``.

    Raises:
        SetupError: not a mapping, or the first problem, with ``field`` naming the
            set-up field the user wrote (dotted path).
    """
    if not isinstance(data, dict):
        raise SetupError("a set-up is a mapping of fields")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in _present(data, err["loc"]))
        raise SetupError(err["msg"].removeprefix("Value error, "), field=field) from None
