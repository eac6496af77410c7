"""Mutation probe of the rule modules: which rule bugs do the scenarios and clause tests notice?

Not part of CI and not a project dependency: a designer's or maintainer's tool for finding
boundaries no scenario stands on. It makes one small change at a time (a *mutant*) to a game's
rule modules, runs that game's test command against it, and reports the mutants nothing noticed
(the *survivors*). Each survivor is either equivalent (the change cannot alter any outcome; say
why) or a gap: a rule threshold or number no scenario pins (add a scenario that kills it).

Usage (from the checkout, with the test extra installed: ``bash tools/setup.sh test``)::

    .venv/bin/python tools/mutate.py wingsuit                  # every covered mutant, one at a time
    .venv/bin/python tools/mutate.py leaf_marathon --sample 150 --seed 1
    .venv/bin/python tools/mutate.py snow_tails --module move.py --module refill.py
    .venv/bin/python tools/mutate.py aeroplane_chess --list    # the mutants, nothing run
    .venv/bin/python tools/mutate.py wingsuit --sample 100 --json /tmp/ws.json
    .venv/bin/python tools/mutate.py wingsuit --rerun /tmp/ws.json   # after adding scenarios

Mutants (``--ops``; the default leaves out ``arith`` and ``logic``, which rarely touch a threshold):

* ``boundary``: ``<`` and ``<=``, ``>`` and ``>=`` swapped (the equal case moves sides);
* ``negate``: ``==`` and ``!=`` swapped;
* ``number``: a whole number that is compared, added or subtracted, given to min()/max(),
  or set in a module-level rule table, made one larger and one smaller (a rule number off by one);
* ``arith``: ``+`` and ``-`` swapped;
* ``minmax``: ``min`` and ``max`` swapped (a cap or a floor dropped);
* ``logic``: ``and`` and ``or`` swapped.

Rule modules: the modules of ``RULES[GAME]`` below, where the rules live; ``--all-modules``
adds every other module of the game but presentation and simulation (kernels, plots, texts,
controls, agents, demos), ``--module`` picks some. A line ending in
``# no mutate`` is left alone, and so are wording choices (f-strings, ``"a" if c else "b"``)
and the lines that only record events (the body of ``if st._record:`` or ``if rec:``) unless
``--events`` is given.

Test command of a game: its shipped scenarios (``racekit scenarios GAME``) and its clause tests
(the test files that assert its clause IDs for ``racekit rules``; see ``TESTS`` below, or
``--tests``), stopped at the first failure. It runs in a forked copy of one Python process that
has already imported the libraries, with only racekit and the tests imported afresh and the one
mutated module read from memory, so a mutant costs a second or two of CPU and the files on disk
are never changed. A first coverage run finds the mutants on lines the test command never runs:
they are reported as *not run* (survivors without a run). A mutant that takes longer than
``--timeout`` seconds (an endless loop) counts as killed.

Output: a score per game (killed / mutants run) and every survivor as ``file:line``, the
operator and the changed line; ``--out FILE`` also writes that report as Markdown. Exit status 0.
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.abc
import importlib.util
import io
import json
import os
import random
import signal
import sys
import tempfile
import time
import tokenize
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("wingsuit", "leaf_marathon", "aeroplane_chess", "snow_tails")
# the modules where each game's rules live (decisions, movement, checks, scoring, rule tables);
# --all-modules adds the rest but presentation and simulation (encoding of action ids, snapshots,
# set-up and file validation)
RULES = {
    "wingsuit": ["act.py", "move.py", "cleanup.py", "flow.py", "order.py", "plan.py", "interfere.py",
                 "board.py", "consts.py"],
    "leaf_marathon": ["turn.py", "flow.py", "move.py", "d20.py", "stats.py", "finish.py", "legs.py",
                      "order.py", "cards.py"],
    "aeroplane_chess": ["move.py", "capture.py", "turn.py", "finish.py", "launch.py", "board.py"],
    "snow_tails": ["move.py", "refill.py", "order.py", "play.py", "consts.py", "game.py"],
}
SKIP_MODULES = {"__init__.py", "kernel.py", "kernel_jit.py", "plot.py", "text.py", "controls.py",
                "agents.py", "demo.py"}
# the clause tests of each game (the test files `racekit rules GAME` counts as asserting its
# clauses), without the slow property-based and kernel files
TESTS = {
    "wingsuit": ["test_ws_rules.py", "test_ws_card_rules.py", "test_ws_setup_checks.py", "test_ws_board.py",
                 "test_ws_options.py"],
    "leaf_marathon": ["test_lm_rules.py", "test_lm_clause_evidence.py", "test_lm_options.py"],
    "aeroplane_chess": ["test_ac_rules.py", "test_ac_carry.py", "test_ac_options.py",
                        "test_ac_regressions.py", "test_ac_stack_events.py", "test_ac_state.py"],
    "snow_tails": ["test_st_rules.py", "test_st_lane.py", "test_st_regressions.py",
                   "test_ruletable.py"],
}
OPS = ("boundary", "negate", "number", "arith", "minmax", "logic")
DEFAULT_OPS = ("boundary", "negate", "number", "minmax")
_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "+": "-", "-": "+",
         "min": "max", "max": "min", "and": "or", "or": "and"}


@dataclass
class Mutant:
    module: str        # racekit.games.wingsuit.move
    path: str          # racekit/games/wingsuit/move.py
    line: int
    col: int           # 0-based offset of the changed text in its line
    op: str
    old: str
    new: str
    status: str = "pending"   # killed-scenario, killed-test, killed-timeout, killed-error, survived, not-run

    def source(self, text: str) -> str:
        lines = text.splitlines(keepends=True)
        ln = lines[self.line - 1]
        assert ln[self.col:self.col + len(self.old)] == self.old, (self, ln)
        lines[self.line - 1] = ln[:self.col] + self.new + ln[self.col + len(self.old):]
        return "".join(lines)

    def where(self) -> str:
        return f"{self.path}:{self.line}"

    def describe(self, text: str) -> str:
        ln = text.splitlines()[self.line - 1]
        after = ln[:self.col] + self.new + ln[self.col + len(self.old):]
        return f"{self.where()} [{self.op}] {self.old} -> {self.new}: {after.strip()}"


# ----- finding mutants -----

def _tokens_between(text: str, start: tuple[int, int], end: tuple[int, int]):
    """The operator and name tokens of ``text`` between two (line, col) positions (1-based lines)."""
    return [tok for tok in _TOKCACHE[text] if tok.type in (tokenize.OP, tokenize.NAME)
            and tok.start >= start and tok.end <= end]


_TOKCACHE: dict[str, list] = {}


def find_mutants(path: Path, ops: tuple[str, ...], events: bool = False) -> list[Mutant]:
    text = path.read_text(encoding="utf-8")
    rel = str(path.relative_to(ROOT))
    module = rel[:-3].replace("/", ".")
    tree = ast.parse(text)
    lines = text.splitlines()
    _TOKCACHE[text] = list(tokenize.generate_tokens(io.StringIO(text).readline))
    out: list[Mutant] = []
    seen = set()

    quiet = set()   # lines that only record events (under `if st._record:` or `if rec:`)
    if not events:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and any(
                    (isinstance(x, ast.Attribute) and x.attr == "_record")
                    or (isinstance(x, ast.Name) and x.id == "rec") for x in ast.walk(node.test)):
                for stmt in node.body:
                    quiet.update(range(stmt.lineno, stmt.end_lineno + 1))

    # spans that only choose words: f-strings and `"a" if cond else "b"`
    wording = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.IfExp) and all(isinstance(x, ast.Constant) and isinstance(x.value, str)
                                                    for x in (node.body, node.orelse))):
            wording.append(((node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)))

    def add(line, col, op, old, new):
        if op not in ops or (line, col, new) in seen or line in quiet:
            return
        if any(a <= (line, col) < b for a, b in wording):
            return
        if lines[line - 1].rstrip().endswith("# no mutate"):
            return
        seen.add((line, col, new))
        out.append(Mutant(module, rel, line, col, op, old, new))

    def op_token(left, right, want):
        for tok in _tokens_between(text, (left.end_lineno, left.end_col_offset),
                                   (right.lineno, right.col_offset)):
            if tok.string == want:
                return tok
        return None

    numbers = set()   # ids of Constant nodes worth an off-by-one
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant):
            docstrings.add(id(node.body[0].value))
        if isinstance(node, ast.Compare):
            numbers.update(id(x) for x in [node.left, *node.comparators])
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            numbers.update((id(node.left), id(node.right)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("min", "max"):
            numbers.update(id(a) for a in node.args)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            numbers.add(id(node.operand))
    for stmt in tree.body:   # module-level rule tables: NAME = number, or containers of numbers
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            for node in ast.walk(stmt.value):
                numbers.add(id(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            for i, cmp in enumerate(node.ops):
                sym = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
                       ast.NotEq: "!="}.get(type(cmp))
                if sym is None:
                    continue
                tok = op_token(parts[i], parts[i + 1], sym)
                if tok is not None:
                    add(tok.start[0], tok.start[1], "negate" if sym in ("==", "!=") else "boundary",
                        sym, _SWAP[sym])
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            sym = "+" if isinstance(node.op, ast.Add) else "-"
            if isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
                continue   # text joined, not a number
            tok = op_token(node.left, node.right, sym)
            if tok is not None:
                add(tok.start[0], tok.start[1], "arith", sym, _SWAP[sym])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("min", "max") and len(node.args) >= 2:
            add(node.func.lineno, node.func.col_offset, "minmax", node.func.id, _SWAP[node.func.id])
        elif isinstance(node, ast.BoolOp):
            sym = "and" if isinstance(node.op, ast.And) else "or"
            for a, b in zip(node.values, node.values[1:]):
                tok = None
                for t in _tokens_between(text, (a.end_lineno, a.end_col_offset),
                                         (b.lineno, b.col_offset)):
                    if t.string == sym:
                        tok = t
                if tok is not None:
                    add(tok.start[0], tok.start[1], "logic", sym, _SWAP[sym])
        elif isinstance(node, ast.Constant) and type(node.value) is int and id(node) in numbers \
                and id(node) not in docstrings and node.lineno == node.end_lineno:
            old = lines[node.lineno - 1][node.col_offset:node.end_col_offset]
            if not old.isdigit():
                continue
            for new in (node.value + 1, node.value - 1):
                if new >= 0:
                    add(node.lineno, node.col_offset, "number", old, str(new))
    out.sort(key=lambda m: (m.path, m.line, m.col, m.new))
    return out


def rule_modules(game: str, only: list[str] | None, every: bool = False) -> list[Path]:
    folder = ROOT / "racekit" / "games" / game
    paths = sorted(p for p in folder.glob("*.py") if p.name not in SKIP_MODULES
                   and (every or only or p.name in RULES[game]))
    if only:
        names = {n if n.endswith(".py") else n + ".py" for n in only}
        missing = names - {p.name for p in paths}
        if missing:
            sys.exit(f"mutate: no rule module {', '.join(sorted(missing))} in {folder}")
        paths = [p for p in paths if p.name in names]
    return paths


# ----- running the test command -----

class _Finder(importlib.abc.MetaPathFinder):
    """Serves one module's mutated source from memory (nothing is written to disk)."""

    def __init__(self, fullname: str, path: str, source: str):
        self.fullname, self.path, self.source = fullname, path, source

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.fullname:
            return None
        return importlib.util.spec_from_file_location(fullname, self.path, loader=_Loader(self))


class _Loader(importlib.abc.SourceLoader):
    def __init__(self, finder):
        self.finder = finder

    def get_filename(self, fullname):
        return self.finder.path

    def get_data(self, path):
        if path == self.finder.path:
            return self.finder.source.encode("utf-8")
        with open(path, "rb") as f:
            return f.read()


def _purge() -> None:
    """Forget every module of the checkout (racekit and the tests), keeping the libraries."""
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None) or ""
        if name == "racekit" or name.startswith("racekit.") or f.startswith(str(ROOT / "tests")):
            del sys.modules[name]


def _test_command(game: str, tests: list[str]) -> int:
    """0 when the scenarios and tests pass, 1 a scenario failed, 2 a test failed."""
    from racekit.core.scenarios import run_all
    if not all(r.passed for r in run_all(game)):
        return 1
    if tests:
        import pytest
        code = pytest.main([str(ROOT / "tests" / t) for t in tests]
                           + ["-q", "-x", "-p", "no:cacheprovider", "-m", "not browser and not setup",
                              "--no-header", "-W", "ignore", "-o", "addopts="])
        if code != 0:
            return 2
    return 0


def _in_child(fn, timeout: float) -> tuple[str, object]:
    """Run ``fn`` in a forked child (its output silenced); ('ok', value) or ('timeout'|'error', None)."""
    fd, name = tempfile.mkstemp(prefix="mutate-")
    os.close(fd)
    pid = os.fork()
    if pid == 0:   # child
        code = 3
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                value = fn()
            with open(name, "w") as f:
                json.dump(value, f)
            code = 0
        except BaseException:   # a mutant may break anything; the parent only needs to know
            code = 3
        os._exit(code)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.unlink(name)
            return "timeout", None
        time.sleep(0.02)
    try:
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            with open(name) as f:
                return "ok", json.load(f)
        return "error", None
    finally:
        os.unlink(name)


def coverage_lines(game: str, tests: list[str], paths: list[Path], timeout: float) -> dict[str, list[int]]:
    """Lines of the rule modules that the test command runs (one traced run)."""
    import coverage

    def traced():
        _purge()
        cov = coverage.Coverage(data_file=None, include=[str(p) for p in paths], branch=False)
        cov.start()
        try:
            result = _test_command(game, tests)
        finally:
            cov.stop()
        data = cov.get_data()
        return {"result": result,
                "lines": {str(Path(f).relative_to(ROOT)): sorted(data.lines(f) or []) for f in data.measured_files()}}
    status, value = _in_child(traced, timeout * 4)
    if status != "ok" or value["result"] != 0:
        sys.exit(f"mutate: the unmutated test command of {game} does not pass ({status}); fix that first")
    return value["lines"]


def run_mutant(m: Mutant, game: str, tests: list[str], timeout: float) -> str:
    original = (ROOT / m.path).read_text(encoding="utf-8")
    source = m.source(original)
    try:
        compile(source, m.path, "exec")
    except SyntaxError:
        return "invalid"

    def mutated():
        _purge()
        sys.meta_path.insert(0, _Finder(m.module, str(ROOT / m.path), source))
        return _test_command(game, tests)
    status, value = _in_child(mutated, timeout)
    if status == "timeout":
        return "killed-timeout"
    if status == "error":
        return "killed-error"
    return {0: "survived", 1: "killed-scenario", 2: "killed-test"}[value]


def _warm(game: str, tests: list[str]) -> float:
    """Import the libraries once in this process (the children inherit them); time one run."""
    t0 = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = _test_command(game, tests)
    if code != 0:
        sys.exit(f"mutate: the unmutated test command of {game} does not pass (code {code})")
    _purge()
    return time.monotonic() - t0


def report(game: str, mutants: list[Mutant], texts: dict[str, str], elapsed: float) -> str:
    run = [m for m in mutants if m.status not in ("not-run", "invalid")]
    killed = [m for m in run if m.status.startswith("killed")]
    survived = [m for m in run if m.status == "survived"]
    not_run = [m for m in mutants if m.status == "not-run"]
    score = 100.0 * len(killed) / len(run) if run else 0.0
    out = [f"## {game}: {len(killed)} of {len(run)} mutants killed ({score:.1f}%)", ""]
    by = {}
    for m in killed:
        by[m.status] = by.get(m.status, 0) + 1
    out.append("killed by: " + ", ".join(f"{k.split('-', 1)[1]} {v}" for k, v in sorted(by.items()))
               + f"; {len(not_run)} more on lines the test command never runs; {elapsed:.0f} s")
    per_module = {}
    for m in mutants:
        k = per_module.setdefault(m.path, [0, 0, 0])
        if m.status.startswith("killed"):
            k[0] += 1
        elif m.status == "survived":
            k[1] += 1
        elif m.status == "not-run":
            k[2] += 1
    out += ["", "| module | killed | survived | not run |", "|---|---|---|---|"]
    out += [f"| {p} | {k} | {s} | {n} |" for p, (k, s, n) in sorted(per_module.items())]
    out += ["", f"### Survivors ({len(survived)})", ""]
    out += [f"- {m.describe(texts[m.path])}" for m in survived]
    if not_run:
        out += ["", f"### Not run by the test command ({len(not_run)})", ""]
        out += [f"- {m.describe(texts[m.path])}" for m in not_run]
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="+", choices=GAMES, metavar="GAME", help=", ".join(GAMES))
    ap.add_argument("--module", action="append", help="only this rule module (repeatable), e.g. move.py")
    ap.add_argument("--all-modules", action="store_true", help="every module of the game but "
                    "presentation and kernels (default: the rule modules of RULES)")
    ap.add_argument("--ops", default=",".join(DEFAULT_OPS),
                    help=f"mutation operators among {','.join(OPS)} (default {','.join(DEFAULT_OPS)})")
    ap.add_argument("--sample", type=int, default=0, help="run at most this many mutants, chosen at "
                    "random among those the test command reaches (0: all)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the sample")
    ap.add_argument("--tests", help="comma-separated test files under tests/ (default: the game's "
                    "clause tests; empty string: scenarios only)")
    ap.add_argument("--timeout", type=float, default=0, help="seconds per mutant (default 4x the "
                    "unmutated run, at least 30)")
    ap.add_argument("--events", action="store_true", help="also mutate the lines that only record "
                    "events (under `if st._record:`), left alone by default")
    ap.add_argument("--rerun", help="run again only the survivors of an earlier --json report "
                    "(after adding scenarios: which of them are killed now?)")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--out", help="also write the report (Markdown) to this file")
    ap.add_argument("--json", help="also write every mutant and its status (JSON) to this file")
    args = ap.parse_args(argv)
    ops = tuple(o.strip() for o in args.ops.split(",") if o.strip())
    bad = set(ops) - set(OPS)
    if bad:
        ap.error(f"unknown operator {', '.join(sorted(bad))}; choose from {', '.join(OPS)}")
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    reports, everything = [], []
    for game in args.games:
        tests = TESTS[game] if args.tests is None else [t for t in args.tests.split(",") if t]
        paths = rule_modules(game, args.module, args.all_modules)
        mutants = [m for p in paths for m in find_mutants(p, ops, args.events)]
        texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}
        if args.list:
            for m in mutants:
                print(m.describe(texts[m.path]))
            print(f"{game}: {len(mutants)} mutants in {len(paths)} modules")
            continue
        t0 = time.monotonic()
        base = _warm(game, tests)
        timeout = args.timeout or max(30.0, 4 * base)
        covered = coverage_lines(game, tests, paths, timeout)
        todo = []
        for m in mutants:
            if m.line in set(covered.get(m.path, ())):
                todo.append(m)
            else:
                m.status = "not-run"
        if args.rerun:
            with open(args.rerun, encoding="utf-8") as f:
                again = {(d["path"], d["line"], d["col"], d["new"]) for d in json.load(f)
                         if d["status"] == "survived"}
            for m in todo:
                if (m.path, m.line, m.col, m.new) not in again:
                    m.status = "skipped"
            todo = [m for m in todo if m.status != "skipped"]
        if args.sample and len(todo) > args.sample:
            chosen = set(map(id, random.Random(args.seed).sample(todo, args.sample)))
            for m in todo:
                if id(m) not in chosen:
                    m.status = "skipped"
            todo = [m for m in todo if id(m) in chosen]
        print(f"{game}: {len(mutants)} mutants, {len(todo)} to run (one run {base:.1f} s, "
              f"timeout {timeout:.0f} s)", flush=True)
        for i, m in enumerate(todo, 1):
            m.status = run_mutant(m, game, tests, timeout)
            if m.status == "survived":
                print(f"  [{i}/{len(todo)}] survived: {m.describe(texts[m.path])}", flush=True)
            elif i % 25 == 0:
                print(f"  [{i}/{len(todo)}]", flush=True)
        mutants = [m for m in mutants if m.status != "skipped"]
        text = report(game, mutants, texts, time.monotonic() - t0)
        print(text, flush=True)
        reports.append(text)
        everything += [asdict(m) for m in mutants]
    if args.out and reports:
        Path(args.out).write_text("# Mutation probe\n\n" + "\n".join(reports), encoding="utf-8")
    if args.json and everything:
        Path(args.json).write_text(json.dumps(everything, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
