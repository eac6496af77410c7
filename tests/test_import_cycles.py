"""No import cycles among the modules of ``racekit/`` (issue 17: phase modules import downward).

The import graph is built with ``ast`` from every ``racekit/**/*.py``: every ``import`` and
``from ... import`` statement anywhere in a file, inside functions included (an import moved
into a function to dodge a cycle is still a cycle). Relative imports are resolved against the
importing module's package; ``from pkg import name`` is an edge to ``pkg.name`` when that is a
module, else to ``pkg``. Only modules inside ``racekit`` count. A package's ``__init__`` run
when a submodule is imported is not an edge (only what a file names).

One test per area (``racekit/core``, ``racekit/games/<id>``, ``racekit/sim``, ...; top-level
modules are ``racekit``): it fails when a cycle passes through a module of that area, and
its message lists every such cycle with the file and line of each import on it.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "racekit"


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(root: Path = ROOT) -> dict[str, Path]:
    """``{dotted module name: file}`` of every module under the package directory ``root``."""
    return {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]                     # a module's relative imports start at its package
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def import_edges(modules: dict[str, Path]) -> dict[str, list[tuple[str, int]]]:
    """``{module: [(imported module, line), ...]}`` for imports of modules inside racekit."""
    edges: dict[str, list[tuple[str, int]]] = {}
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        out: list[tuple[str, int]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    out.append((alias.name, node.lineno))
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(mod, is_package, node.level, node.module)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    out.append((sub if sub in modules else target, node.lineno))
        kept = []
        for target, line in out:
            # "import racekit.a.b" names racekit.a.b; keep the longest known module it names
            while target and target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules and target != mod:
                kept.append((target, line))
        edges[mod] = kept
    return edges


def strongly_connected(nodes, edges) -> list[list[str]]:
    """Tarjan's algorithm (iterative): components with more than one module, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter([t for t, _ in edges.get(root, [])]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter([t for t, _ in edges.get(w, [])])))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def _one_cycle(comp: list[str], edges) -> list[tuple[str, str, int]]:
    """A shortest cycle through the component's first module, as (importer, imported, line)."""
    inside = set(comp)
    start = comp[0]
    prev: dict[str, tuple[str, int]] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w, line in edges[v]:
                if w not in inside:
                    continue
                if w == start:
                    path = [(v, w, line)]
                    while v != start:
                        u, ln = prev[v]
                        path.append((u, v, ln))
                        v = u
                    return path[::-1]
                if w not in prev:
                    prev[w] = (v, line)
                    nxt.append(w)
        frontier = nxt
    return []


def _describe(comp, edges, modules, root: Path = ROOT) -> str:
    lines = [f"cycle among {len(comp)} modules: {', '.join(comp)}"]
    for importer, imported, line in _one_cycle(comp, edges):
        where = modules[importer].relative_to(root.parent)
        lines.append(f"    {where}:{line}: {importer} imports {imported}")
    return "\n".join(lines)


def _area(module: str) -> str:
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "games":
        return f"racekit.games.{parts[2]}"
    if len(parts) >= 2 and (ROOT / parts[1]).is_dir():
        return f"racekit.{parts[1]}"
    return "racekit"


MODULES = _modules()
EDGES = import_edges(MODULES)
CYCLES = strongly_connected(list(MODULES), EDGES)
AREAS = sorted({_area(m) for m in MODULES})


@pytest.mark.parametrize("area", AREAS)
def test_no_import_cycle(area):
    mine = [c for c in CYCLES if any(_area(m) == area for m in c)]
    assert not mine, f"import cycles through {area}:\n" + "\n".join(
        _describe(c, EDGES, MODULES) for c in mine)


def test_the_graph_sees_function_level_and_relative_imports(tmp_path):
    """The checker finds a cycle hidden in a function and written with relative imports."""
    pkg = tmp_path / "racekit" / "games" / "toy"
    pkg.mkdir(parents=True)
    for d in (tmp_path / "racekit", tmp_path / "racekit" / "games", pkg):
        (d / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import f\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("from racekit.games.toy import a\nfrom ..toy.a import x\n")
    root = tmp_path / "racekit"
    mods = _modules(root)
    edges = import_edges(mods)
    cycles = strongly_connected(list(mods), edges)
    assert cycles == [["racekit.games.toy.a", "racekit.games.toy.b", "racekit.games.toy.c"]]
    text = _describe(cycles[0], edges, mods, root)
    assert "racekit/games/toy/b.py:2: racekit.games.toy.b imports racekit.games.toy.c" in text
