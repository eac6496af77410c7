"""The rule clauses of a game and how honestly they are covered.

Each game ships ``clauses.yaml`` (every clause and ambiguity of its spec, in
our own words). A clause (or ambiguity) is

- **asserted** where a test or scenario asserts it (contract 1 in
  docs/contracts.md):

  * scenario: an ``events:`` expectation whose entry lists it in ``clauses``
    (the matched event must carry it), a ``refused:`` step whose ``clause`` is
    it, or an ``expect:`` block (top level or a step) naming it in ``clause`` /
    ``clauses`` next to concrete checks;
  * test (Python under ``tests/``): the ID as a string literal compared
    inside an ``assert`` statement's test (an operand of ``==``, ``in``, ``<=``
    ... at any depth: ``assert "WS-PLAN-1" in ev.clauses``, ``assert
    err.value.clause == "LM-WEIGHT-2"``), inside a ``pytest.raises(...,
    match=...)`` call, or as the ``clause=`` (``clauses=``) argument of
    ``tests/helpers.py: assert_event``; found with :mod:`ast`. An ID that is
    only the assert's *message* (``assert x == 3, "AC-..."``) or an argument of
    a label function that is not compared (``assert shows("WS-...", ok)``) is
    not an assertion of it: nothing checks that the engine produced it, so it
    counts as cited only;

- **cited only** where its ID appears only in a docstring, a comment, an
  option's help text, a scenario's top-level ``clauses:`` list or elsewhere
  in tests or code without an assertion;
- a **gap** where it appears nowhere.

:func:`report` prints ``N clauses: A asserted, C cited only, G gaps`` (N counts
the rules and the ambiguities). :func:`scenario_asserts` gives the clauses a
scenario's expectations check; a scenario's ``clauses:`` list may name only
those (tests/test_scenario_clauses.py enforces it).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .game import game_class
from .scenarios import Scenario, load_scenario, scenario_paths
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
    """One clause or ambiguity with where it is cited and where it is asserted.

    Attributes:
        implemented: ``path:line`` citations in the game's Python modules.
        tests: test files citing it (asserting or not).
        scenarios: scenario IDs citing it (asserting or not).
        asserted_by: test files (``path:line``) and scenario IDs that assert it.
    """

    id: str
    summary: str
    decision: str = ""
    option: str | None = None
    implemented: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    asserted_by: list[str] = field(default_factory=list)

    @property
    def asserted(self) -> bool:
        return bool(self.asserted_by)

    @property
    def status(self) -> str:
        """``asserted``, ``cited`` (cited only) or ``gap``."""
        if self.asserted_by:
            return "asserted"
        if self.implemented or self.tests or self.scenarios:
            return "cited"
        return "gap"


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


def scenario_asserts(scenario: Scenario) -> set[str]:
    """The clauses a scenario's expectations check (contract 1): event ``clauses``, refusal
    ``clause`` and expect-block ``clause``/``clauses`` next to concrete values."""
    out: set[str] = set()
    blocks = [scenario.expect] + [st.expect for st in scenario.steps]
    for block in blocks:
        if block is None:
            continue
        for ev in block.events:
            out.update(ev.clauses)
        if block.has_values():
            out.update(block.named_clauses())
    for st in scenario.steps:
        if st.refused is not None and st.clause:
            out.add(st.clause)
    return out


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def python_asserts(path: Path, pattern: re.Pattern) -> dict[str, list[int]]:
    """Clause IDs asserted in a Python test file, with their line numbers (contract 1).

    An ID counts inside an ``assert`` only as part of a comparison (``==``, ``in``, ...)
    in the asserted expression; an assert's message and an uncompared label are not
    assertions of the clause they name.
    """
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError:
        return {}
    found: dict[str, list[int]] = {}

    def take(node, strings):
        for text in strings:
            for cid in pattern.findall(text):
                found.setdefault(cid, []).append(node.lineno)

    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            # only IDs that are compared with something count; never the message
            for sub in ast.walk(node.test):
                if isinstance(sub, ast.Compare):
                    take(node, _strings(sub))
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            if name == "raises":
                for kw in node.keywords:
                    if kw.arg == "match":
                        take(node, _strings(kw.value))
            elif name == "assert_event":
                for kw in node.keywords:
                    if kw.arg in ("clause", "clauses"):
                        take(node, _strings(kw.value))
                if len(node.args) >= 3:
                    take(node, _strings(node.args[2]))
    return found


def coverage(game_id: str) -> list[Coverage]:
    """Every clause and ambiguity of ``game_id`` with its citations and assertions."""
    gt = game_class(game_id).game_type
    spec = load_clauses(game_id)
    pattern = re.compile(rf"\b{gt.prefix}-(?:[A-Z0-9]+-)+[A-Z]*\d+[a-z]?\b")
    pkg = _package_dir(game_id)
    root = pkg.parents[2]
    code = _cites(sorted(pkg.rglob("*.py")), pattern, root)
    tdir = tests_dir()
    test_files = sorted(tdir.rglob("*.py")) if tdir else []
    tests = _cites(test_files, pattern, tdir.parent) if tdir else {}
    asserted: dict[str, list[str]] = {}
    for path in test_files:
        for cid, lines in python_asserts(path, pattern).items():
            asserted.setdefault(cid, []).append(f"{path.relative_to(tdir.parent)}:{lines[0]}")
    scen: dict[str, list[str]] = {}
    for path in scenario_paths(game_id):
        scenario, _ = load_scenario(path)
        checks = scenario_asserts(scenario)
        for cid in {*scenario.clauses, *checks}:
            scen.setdefault(cid, []).append(scenario.id)
        for cid in sorted(checks):
            asserted.setdefault(cid, []).append(scenario.id)
    rows = []
    entries = [(e.id, e.summary, "", None) for e in spec.clauses] + \
              [(a.id, a.summary, a.decision, a.option) for a in spec.ambiguities]
    for cid, summary, decision, option in entries:
        rows.append(Coverage(cid, summary, decision=decision, option=option,
                             implemented=code.get(cid, []),
                             tests=sorted({t.split(":")[0] for t in tests.get(cid, [])}),
                             scenarios=scen.get(cid, []),
                             asserted_by=asserted.get(cid, [])))
    return rows


def summary_line(rows: list[Coverage]) -> str:
    """``N clauses: A asserted, C cited only, G gaps``."""
    from .i18n import text
    a = sum(r.status == "asserted" for r in rows)
    c = sum(r.status == "cited" for r in rows)
    g = sum(r.status == "gap" for r in rows)
    return text("rules.summary", n=len(rows), a=a, c=c, g=g)


def report(game_id: str, verbose: bool = True) -> tuple[str, int]:
    """Text for ``racekit rules``; also returns how many rows are not asserted.

    Each row is ``ok`` (asserted), ``CITED`` (cited only) or ``GAP``; verbose
    output (and every row that is not asserted) lists where it is implemented,
    cited and asserted.
    """
    from .i18n import clause_text, text
    rows = coverage(game_id)
    lines = []
    for row in rows:
        ok = row.status == "asserted"
        lines.append(text("rules.report_row", tag=text("rules.tag." + row.status), id=row.id,
                          summary=clause_text(game_id, row.id, row.summary)))
        if row.decision:
            opt = text("rules.option", option=row.option) if row.option else ""
            decision = clause_text(game_id, row.id, row.decision, field="decision")
            lines.append(text("rules.report_decision", decision=decision, option=opt))
        if verbose or not ok:
            impl = ", ".join(row.implemented[:4]) + (" …" if len(row.implemented) > 4 else "")
            lines.append(text("rules.report_implemented", where=impl or text("rules.not_found")))
            by = ", ".join(row.asserted_by[:5]) + (" …" if len(row.asserted_by) > 5 else "")
            lines.append(text("rules.report_asserted", where=by or text("rules.not_asserted")))
            if not ok:
                cited = ", ".join(row.tests[:3] + row.scenarios[:4])
                lines.append(text("rules.report_cited", where=cited or text("rules.nowhere")))
    rules = sum(1 for r in rows if not r.decision)
    lines.append(text("rules.report_counts", rules=rules, ambiguities=len(rows) - rules))
    lines.append(summary_line(rows))
    return "\n".join(lines), sum(r.status != "asserted" for r in rows)
