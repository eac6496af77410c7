"""Validate a game's set-up mapping (scenario ``setup:``) with its pydantic model.

An unknown key is reported with the keys that place takes and, when one is close, a
"did you mean" (:func:`unknown_key_message`, also used for other racekit YAML files).
"""
from __future__ import annotations

import difflib
import typing
from types import UnionType

from pydantic import AliasChoices, BaseModel, ValidationError

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
        elif isinstance(part, str) and isinstance(node, dict) and part[:1].isupper():
            continue      # a union member's name (SquareRef): the user's keys go on below it
        else:
            break
        path.append(part)
    return path or list(loc[:1])


def _is_model(tp) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _members(tp) -> list:
    """The types ``tp`` may hold at one place: a union's members, ``Annotated``/``Optional`` unwrapped."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _members(typing.get_args(tp)[0])
    if origin is typing.Union or origin is UnionType:
        return [m for arg in typing.get_args(tp) for m in _members(arg)]
    return [tp]


def field_names(model: type[BaseModel]) -> list[str]:
    """The keys a person may write for ``model``'s fields (each field's aliases, else its name)."""
    names = []
    for name, info in model.model_fields.items():
        alias = info.validation_alias
        if isinstance(alias, AliasChoices):
            names += [c for c in alias.choices if isinstance(c, str)]
        elif isinstance(alias, str):
            names.append(alias)
        else:
            names.append(info.alias or name)
    return names


def _field(model: type[BaseModel], key):
    for name, info in model.model_fields.items():
        alias = info.validation_alias
        spelled = list(alias.choices) if isinstance(alias, AliasChoices) else [alias or info.alias or name]
        if key == name or key in spelled:
            return info.annotation
    return None


def model_at(model: type[BaseModel], loc) -> type[BaseModel] | None:
    """The pydantic model that validates the mapping at ``loc`` (keys, list indices and
    pydantic's union member names) inside ``model``; ``None`` when no model is found there."""
    kinds: list = [model]
    for part in loc:
        nxt: list = []
        for tp in kinds:
            for member in _members(tp):
                origin = typing.get_origin(member)
                args = typing.get_args(member)
                if _is_model(member):
                    if isinstance(part, str) and member.__name__ == part:
                        nxt.append(member)           # pydantic names the union member it tried
                    else:
                        annotation = _field(member, part)
                        if annotation is not None:
                            nxt.append(annotation)
                elif origin in (list, tuple, set, frozenset) and args and isinstance(part, int):
                    nxt.append(args[0])
                elif origin is dict and len(args) == 2 and not isinstance(part, int):
                    nxt.append(args[1])
        if not nxt:
            return None
        kinds = nxt
    found = [m for tp in kinds for m in _members(tp) if _is_model(m)]
    return found[0] if found else None


def unknown_key_message(model: type[BaseModel], loc) -> str | None:
    """Words for an unknown key at ``loc`` (its last part) in data validated by ``model``:
    ``unknown key (did you mean 'pos'?); the keys here are: character, pos, …``. The key
    typed is not repeated (the error's field names it). ``None`` when the place's keys
    cannot be told."""
    if not loc:
        return None
    parent = model_at(model, list(loc[:-1]))
    if parent is None:
        return None
    names = field_names(parent)
    typed = str(loc[-1])
    by_case = {n.lower(): n for n in names}
    close = ([by_case[typed.lower()]] if typed.lower() in by_case else
             difflib.get_close_matches(typed, names, n=1, cutoff=0.6))
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown key{hint}; the keys here are: {', '.join(names)}"


def _first_error(exc: ValidationError) -> dict:
    """The error to show: an unknown key first (within a union it says what was meant), else the first."""
    errors = exc.errors()
    return next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])


def validate_setup(model: type[BaseModel], data) -> BaseModel:
    """Validate ``data`` with ``model``.

    Raises:
        SetupError: not a mapping, or the first problem, with ``field`` naming the
            set-up field the user wrote (dotted path). An unknown key lists the keys
            that place takes, with a "did you mean" when one is close.
    """
    if not isinstance(data, dict):
        raise SetupError("a set-up is a mapping of fields")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = _first_error(exc)
        present = _present(data, err["loc"])
        field = ".".join(str(p) for p in present)
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
            message = unknown_key_message(model, loc) or message
        raise SetupError(message, field=field) from None


def seat_count_message(listed: int, players: int) -> str:
    """The refusal of a set-up whose ``seats`` list is not one entry per player, in words."""
    return (f"the set-up lists {listed} seat{'' if listed == 1 else 's'} but the game has "
            f"{players} players: give one entry per player (a scenario file sets the number "
            f"with players:)")
