"""Read YAML data files safely and report validation errors by file, line and field.

Every racekit YAML file (scenarios, tracks, boards, clause lists) is read with
:class:`Loader`, a hardened ``yaml.SafeLoader``:

* no aliases (``*name``): a few hundred bytes of nested aliases ("billion
  laughs") would otherwise expand to gigabytes, and a self-referencing alias
  makes a structure with no end; racekit files never need them;
* a key given twice in one mapping is an error (a second ``expect:`` silently
  replacing the first would hide a check);
* YAML 1.2 booleans: only ``true``/``false``; ``on``, ``off``, ``yes``, ``no`` stay
  the words typed (options such as ``jump_fly: on`` take them as written);
* bounded: at most :data:`MAX_DEPTH` levels of nesting, numbers of at most
  :data:`MAX_DIGITS` digits, files of at most 1 MiB, UTF-8 only;
* safe: only plain data; a ``!!python/...`` tag is an error.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Sequence

import yaml
from pydantic import BaseModel, ValidationError

from .content import MAX_CONTENT_BYTES, read_text
from .errors import FileFormatError

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings in a racekit YAML file."""
MAX_DIGITS = 30
"""Longest number (in digits) in a racekit YAML file."""


class _Refused(yaml.YAMLError):
    def __init__(self, problem: str, mark):
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark


class Loader(yaml.SafeLoader):
    """``yaml.SafeLoader`` without aliases or duplicate keys, with YAML 1.2 booleans and bounds."""

    _depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise _Refused(f"aliases (*{event.anchor}) are not allowed in racekit files; write "
                           "the value out", event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(f"nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen = {}
            for key_node, _ in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    if key_node.value in seen:
                        raise _Refused(f"key {key_node.value[:40]!r} appears twice in this mapping "
                                       f"(first on line {seen[key_node.value] + 1}); give it once",
                                       key_node.start_mark)
                    seen[key_node.value] = key_node.start_mark.line
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node):
        if len(node.value) > MAX_DIGITS:
            raise _Refused(f"a number of {len(node.value)} characters; at most {MAX_DIGITS} digits "
                           "are allowed", node.start_mark)
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node):
        if len(node.value) > MAX_DIGITS + 10:
            raise _Refused(f"a number of {len(node.value)} characters is too long", node.start_mark)
        return super().construct_yaml_float(node)

    def construct_undefined(self, node):
        raise _Refused(f"the tag {node.tag[:60]!r} is not allowed (racekit files hold plain data "
                       "only)", node.start_mark)


Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
Loader.add_constructor("tag:yaml.org,2002:float", Loader.construct_yaml_float)
Loader.add_constructor(None, Loader.construct_undefined)
# YAML 1.2 booleans: drop the YAML 1.1 resolver (yes/no/on/off) and add true/false only
Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                             list("tTfF"))


def _colon_hint(problem: str, mark) -> str:
    """A hint for the usual cause of PyYAML's "mapping values are not allowed here" (and its
    flow-style form, "expected ',' or '}', but got ':'"): a value holding ``: `` unquoted.
    It names the column, never the file's text."""
    if not (problem.startswith("mapping values are not allowed")
            or re.fullmatch(r"expected ',' or '[}\]]', but got ':'", problem)):
        return ""
    column = f" at column {mark.column + 1}" if mark is not None else ""
    return (f". The colon{column} is read as the start of another key. A value that holds a "
            "colon followed by a space must be put in quotes: write title: \"Note: a plane may "
            "pass\" (or 'Note: a plane may pass'), not title: Note: a plane may pass. If the value "
            "has no such colon, check the line's indentation")


def parse(text: str, source: str):
    """Parse YAML ``text``: (data, root node).

    Raises:
        FileFormatError: not valid YAML or refused (alias, duplicate key, tag,
            depth, number size); the message names ``source`` and the line.
    """
    loader = Loader(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{source}:{mark.line + 1}" if mark else source
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise FileFormatError(f"{where}: not valid YAML: {problem}{_colon_hint(problem, mark)}") from None
    except RecursionError:
        raise FileFormatError(f"{source}: nested too deeply") from None
    finally:
        loader.dispose()
    return data, root


class Located:
    """Parsed YAML plus the node tree, to find the line of any field."""

    def __init__(self, text: str, source: str):
        self.source = source
        self.data, self.root = parse(text, source)

    def line(self, loc: Sequence[Any]) -> int | None:
        """1-based line of the deepest node reached along ``loc`` (keys and indices)."""
        node = self.root
        line = node.start_mark.line + 1 if node is not None else None
        for part in loc:
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    if key.value == str(part):
                        node = value
                        line = key.start_mark.line + 1
                        break
                else:
                    return line
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
                node = node.value[part]
                line = node.start_mark.line + 1
            else:
                return line
        return line

    def error(self, loc: Sequence[Any], message: str) -> FileFormatError:
        field = ".".join(str(p) for p in loc) or "(top level)"
        line = self.line(loc)
        where = f"{self.source}:{line}" if line else self.source
        return FileFormatError(f"{where}: field {field}: {message}")


def read_yaml(path: str | Path, label: str | None = None) -> Located:
    """Read a YAML file (regular file, at most 1 MiB, UTF-8) with the safe :class:`Loader`."""
    label = label or str(path)
    return Located(read_text(path, label, MAX_CONTENT_BYTES), label)


_SAYS_WHAT_WAS_TYPED = {"literal_error", "enum", "int_parsing", "int_type", "float_parsing",
                        "bool_parsing", "string_type", "greater_than_equal", "less_than_equal",
                        "greater_than", "less_than"}


def error_locations(exc: ValidationError, limit: int = 6,
                    model: type[BaseModel] | None = None) -> list[tuple[list, str]]:
    """(location, message) of the first pydantic errors, without pydantic's internal names.

    With ``model`` (the model validated), an unknown key lists the keys its place takes,
    with a "did you mean" when one is close."""
    out = []
    for err in exc.errors()[:limit]:
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "missing":
            msg = "missing (this field is required)"
        elif err["type"] == "extra_forbidden" and model is not None:
            from .setups import unknown_key_message
            msg = unknown_key_message(model, loc) or msg
        # a model-level check names its field as "field a.b.0: ..." (see lane.TrackSpec)
        named = re.match(r"field ([A-Za-z_][\w.]*): (.*)", msg, re.S)
        if named:
            loc = loc + [int(p) if p.isdecimal() else p for p in named.group(1).split(".")]
            msg = named.group(2)
        elif err["type"] in _SAYS_WHAT_WAS_TYPED:
            typed = err.get("input")
            if isinstance(typed, (str, int, float)) and not isinstance(typed, bool) \
                    and len(str(typed)) <= 40:
                msg = f"{msg} (got {typed!r})"
        out.append((loc, msg))
    return out


def validate(doc: Located, model: type[BaseModel]) -> BaseModel:
    """Validate ``doc.data`` with a pydantic model; the first error names file, line and field."""
    if not isinstance(doc.data, dict):
        raise doc.error([], "the file must hold a mapping of fields")
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        problems = [doc.error(loc, msg) for loc, msg in error_locations(exc, model=model)]
        text = str(problems[0])
        for extra in problems[1:]:
            rest = str(extra).removeprefix(doc.source).lstrip(": ")
            text += "; also " + (f"line {rest}" if rest[:1].isdecimal() else rest)
        raise FileFormatError(text) from None
    except RecursionError:
        raise doc.error([], "nested too deeply") from None


def load_data_file(path: str | Path, model: type[BaseModel], label: str | None = None) -> BaseModel:
    """Read and validate one YAML data file (tracks, boards)."""
    return validate(read_yaml(path, label), model)
