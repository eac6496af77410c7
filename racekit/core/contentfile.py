"""Reading a content file (track, board, card set, map, deck, roster) without quoting it.

The file rules (where a file may be, its size, its encoding) are :mod:`racekit.core.content`'s;
the YAML loader is :mod:`racekit.core.yamlfile`'s. Errors name the file, the line and the
field, never the file's content.
"""
from __future__ import annotations

import re
from pathlib import Path

from .errors import FileFormatError
from .yamlfile import read_yaml


# ----- reading a content file without quoting it ---------------------------------------------
def read_content(path: str | Path, label: str | None = None):
    """Read a content file (track, board, card set, map, deck, roster) with the safe YAML loader
    (:func:`racekit.core.yamlfile.read_yaml`); a YAML error names the file and the line only.

    Raises:
        FileFormatError: unreadable, too large, not UTF-8 or not valid YAML; the message never
            quotes the file (no key, anchor, tag or character of it).
    """
    label = label or str(path)
    try:
        return read_yaml(path, label)
    except FileFormatError as exc:
        text = str(exc)
        if ": not valid YAML: " in text:
            head, problem = text.split(": not valid YAML: ", 1)
            raise FileFormatError(f"{head}: not valid YAML: {_unquoted(problem)}") from None
        raise


_QUOTED = ((re.compile(r"aliases \(\*[^)]*\) are not allowed"), "aliases (*name) are not allowed"),
           (re.compile(r"the tag '.*?' is not allowed"), "a tag (!!name) is not allowed"),
           (re.compile(r"key '.*?' appears twice"), "a key appears twice"),
           (re.compile(r"'[^']*'|\"[^\"]*\""), "a character"))


def _unquoted(problem: str) -> str:
    """A YAML problem without what it quotes from the file (a key, an anchor, a tag, a
    character); only its first sentence is scrubbed (a hint after it is racekit's own)."""
    first, sep, rest = problem.partition(". ")
    for pattern, words in _QUOTED:
        first = pattern.sub(words, first)
    return first + sep + rest


def validate_content(doc, model):
    """Validate a content file read by :func:`read_content` with the pydantic ``model``.

    The first errors name the file, the line and the field, in the words of
    :func:`racekit.core.yamlfile.validate`, but never the file's content: no value typed
    (``(got ...)``) and no unknown key (its place and line, with the fields that place takes).

    Raises:
        FileFormatError: the first problems of the file.
    """
    from pydantic import ValidationError
    if not isinstance(doc.data, dict):
        raise doc.error([], "the file must hold a mapping of fields")
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:6]:
            loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
            msg = err["msg"].removeprefix("Value error, ")
            if err["type"] == "missing":
                msg = "missing (this field is required)"
            elif err["type"] == "extra_forbidden":   # the key's name is the file's content
                line, parent = doc.line(loc), ".".join(str(p) for p in loc[:-1])
                takes = _fields_at(model, loc[:-1])
                where = f"{doc.source}:{line}" if line else doc.source
                problems.append(FileFormatError(
                    f"{where}: a field this format does not have, "
                    f"{f'under {parent}' if parent else 'at the top level'}"
                    + (f" (which takes: {', '.join(takes)})" if takes else "")))
                continue
            named = re.match(r"field ([A-Za-z_][\w.]*): (.*)", msg, re.S)
            if named:   # a model-level check naming its field (see lane.TrackSpec)
                loc = loc + [int(p) if p.isdecimal() else p for p in named.group(1).split(".")]
                msg = named.group(2)
            problems.append(doc.error(loc, msg))
        text = str(problems[0])
        for extra in problems[1:]:
            rest = str(extra).removeprefix(doc.source).lstrip(": ")
            text += "; also " + (f"line {rest}" if rest[:1].isdecimal() else rest)
        raise FileFormatError(text) from None
    except RecursionError:
        raise doc.error([], "nested too deeply") from None


def _fields_at(model, loc) -> list[str]:
    """The field names the model takes at ``loc`` (keys and list indices), or ``[]``."""
    import typing
    node = model
    for part in loc:
        if isinstance(part, int):
            continue
        fields = getattr(node, "model_fields", None)
        if not fields or part not in fields:
            return []
        node = fields[part].annotation
        while typing.get_origin(node) in (list, tuple, typing.Union) or \
                type(node).__name__ == "UnionType":
            args = [a for a in typing.get_args(node) if a is not type(None) and a is not Ellipsis]
            node = args[0] if args else None
    fields = getattr(node, "model_fields", None)
    return sorted(fields) if fields else []


def load_content(path: str | Path, model, label: str | None = None):
    """Read and validate one content file (:func:`read_content`, :func:`validate_content`)."""
    return validate_content(read_content(path, label), model)
