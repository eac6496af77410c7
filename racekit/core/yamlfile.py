"""Read YAML data files and report validation errors by file, line and field."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import yaml
from pydantic import BaseModel, ValidationError

from .errors import FileFormatError


class Located:
    """Parsed YAML plus the node tree, to find the line of any field."""

    def __init__(self, text: str, source: str):
        self.source = source
        try:
            self.data = yaml.safe_load(text)
            self.root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f"{source}:{mark.line + 1}" if mark else source
            raise FileFormatError(f"{where}: not valid YAML: {getattr(exc, 'problem', exc)}") from None

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


def read_yaml(path: str | Path) -> Located:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise FileFormatError(f"{path}: cannot read: {exc.strerror}") from None
    return Located(text, str(path))


def validate(doc: Located, model: type[BaseModel]) -> BaseModel:
    """Validate ``doc.data`` with a pydantic model; the first error names file, line and field."""
    if not isinstance(doc.data, dict):
        raise doc.error([], "the file must hold a mapping of fields")
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:6]:
            loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
            problems.append(doc.error(loc, err["msg"]))
        text = str(problems[0])
        for extra in problems[1:]:
            text += "; also " + str(extra).removeprefix(doc.source + ":")
        raise FileFormatError(text) from None


def load_data_file(path: str | Path, model: type[BaseModel]) -> BaseModel:
    """Read and validate one YAML data file (tracks, boards)."""
    return validate(read_yaml(path), model)
