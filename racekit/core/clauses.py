"""The rule clauses of a game and where they are implemented and exercised.

Each game ships ``clauses.yaml`` (every clause and ambiguity of its spec, in
our own words). Implementation and test coverage are found by citation: a
clause is *implemented* where its ID appears in the game's Python modules, and
*exercised* where it appears in ``tests/`` or in a scenario's ``clauses``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .game import game_class
from .scenarios import load_scenario, scenario_paths
from .yamlfile import read_yaml, validate


class ClauseEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    presets: list[str] = Field(default_factory=list)
    summary: str


class AmbiguityEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    summary: str
    decision: str
    option: str | None = None


class ClauseFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    clauses: list[ClauseEntry]
    ambiguities: list[AmbiguityEntry] = Field(default_factory=list)


@dataclass
class Coverage:
    id: str
    summary: str
    decision: str = ""
    option: str | None = None
    implemented: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)

    @property
    def exercised(self) -> bool:
        return bool(self.tests or self.scenarios)


def _package_dir(game_id: str) -> Path:
    return Path(str(resources.files(game_class(game_id).game_type.package)))


def tests_dir() -> Path | None:
    """The source checkout's tests folder, when racekit runs from a checkout."""
    here = Path(__file__).resolve().parents[2] / "tests"
    return here if here.is_dir() else None


def load_clauses(game_id: str) -> ClauseFile:
    return validate(read_yaml(_package_dir(game_id) / "clauses.yaml"), ClauseFile)


def _cites(files: list[Path], pattern: re.Pattern, root: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in files:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cid in set(pattern.findall(text)):
                found.setdefault(cid, []).append(f"{path.relative_to(root)}:{number}")
    return found


def coverage(game_id: str) -> list[Coverage]:
    """Every clause and ambiguity of ``game_id`` with its citations."""
    gt = game_class(game_id).game_type
    spec = load_clauses(game_id)
    pattern = re.compile(rf"\b{gt.prefix}-(?:[A-Z0-9]+-)+[A-Z]*\d+[a-z]?\b")
    pkg = _package_dir(game_id)
    root = pkg.parents[2]
    code = _cites(sorted(pkg.rglob("*.py")), pattern, root)
    tdir = tests_dir()
    tests = _cites(sorted(tdir.rglob("*.py")), pattern, tdir.parent) if tdir else {}
    scen: dict[str, list[str]] = {}
    for path in scenario_paths(game_id):
        scenario, _ = load_scenario(path)
        for cid in {*scenario.clauses, *pattern.findall(scenario.id)}:
            scen.setdefault(cid, []).append(scenario.id)
    rows = []
    for entry in spec.clauses:
        rows.append(Coverage(entry.id, entry.summary, implemented=code.get(entry.id, []),
                             tests=sorted({t.split(":")[0] for t in tests.get(entry.id, [])}),
                             scenarios=scen.get(entry.id, [])))
    for amb in spec.ambiguities:
        impl = list(code.get(amb.id, []))
        rows.append(Coverage(amb.id, amb.summary, decision=amb.decision, option=amb.option,
                             implemented=impl,
                             tests=sorted({t.split(":")[0] for t in tests.get(amb.id, [])}),
                             scenarios=scen.get(amb.id, [])))
    return rows


def report(game_id: str, verbose: bool = True) -> tuple[str, int]:
    """Text for ``racekit rules``; also returns how many rows lack implementation or exercise."""
    rows = coverage(game_id)
    lines, missing = [], 0
    for row in rows:
        ok = bool(row.implemented) and row.exercised
        missing += not ok
        status = "ok " if ok else "GAP"
        lines.append(f"{status} {row.id}: {row.summary}")
        if row.decision:
            opt = f" (option {row.option})" if row.option else ""
            lines.append(f"      decision: {row.decision}{opt}")
        if verbose or not ok:
            impl = ", ".join(row.implemented[:4]) + (" …" if len(row.implemented) > 4 else "")
            lines.append(f"      implemented: {impl or 'NOT FOUND'}")
            exer = ", ".join(row.tests[:3] + row.scenarios[:4])
            lines.append(f"      exercised: {exer or 'NOT FOUND'}")
    clauses = sum(1 for r in rows if not r.decision)
    lines.append(f"{clauses} clauses, {len(rows) - clauses} ambiguities; "
                 f"{len(rows) - missing} implemented and exercised, {missing} gaps")
    return "\n".join(lines), missing
