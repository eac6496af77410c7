"""Build notebooks/*.ipynb from their sources in tools/notebooks/*.py and store fresh outputs.

Source format (percent cells, like jupytext):
    # %% [markdown]          a markdown cell; its lines start with "# "
    # %% [markdown zh]       the Chinese text of the markdown cell just above it: one source builds
                             notebooks/NAME.ipynb (English) and notebooks/zh/NAME.ipynb (Simplified
                             Chinese, whose first code cell also sets racekit's language to "zh")
    # %%                     a code cell whose text output nbval compares
    # %% nbval-ignore-output a code cell whose output is a picture or a widget (nbval runs it,
                             errors still fail, but its output is not compared)

    .venv/bin/python tools/build_notebooks.py [--lang en|zh|all] [NAME ...]
"""
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "tools" / "notebooks"


LANGS = ("en", "zh")
ZH_SETUP = "racekit.set_lang(\"zh\")  # 本页以中文显示：事件、规则、选项与图片"


class SourceError(ValueError):
    """A notebook source that cannot be built in every language (names the file and line)."""


def parse(text: str, lang: str = "en", name: str = "?") -> list:
    """The cells of one notebook source in one language (``en`` or ``zh``).

    Raises SourceError when a Chinese cell has no English cell just above it, or (for ``zh``)
    when an English markdown cell has no Chinese twin."""
    cells, kind, tags, lines = [], None, [], []
    twin = {"line": 0, "cell": None}  # the English markdown cell a zh cell may replace
    missing = []

    def flush():
        body = "\n".join(lines).strip("\n")
        if kind in ("markdown", "markdown zh"):
            body = "\n".join(l[2:] if l.startswith("# ") else l.lstrip("#") for l in body.splitlines())
        if kind == "markdown":
            cell = nbformat.v4.new_markdown_cell(body)
            cells.append(cell)
            twin.update(cell=cell, line=start)
            if lang != "en":
                missing.append(start)
        elif kind == "markdown zh":
            if twin["cell"] is None:
                raise SourceError(f"{name}.py, line {start}: a [markdown zh] cell must follow its English markdown cell")
            if lang == "zh":
                twin["cell"].source = body
                missing.remove(twin["line"])
            twin.update(cell=None)
        elif kind == "code":
            cell = nbformat.v4.new_code_cell(body)
            if tags:
                cell.metadata["tags"] = list(tags)
            cells.append(cell)
            twin.update(cell=None)

    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("# %%"):
            if kind:
                flush()
            rest = line[4:].strip()
            kind = ("markdown zh" if rest.startswith("[markdown zh]") else
                    "markdown" if rest.startswith("[markdown]") else "code")
            tags = [t for t in rest.split() if t.startswith("nbval")]
            lines, start = [], number
        elif kind:
            lines.append(line)
    if kind:
        flush()
    if missing:
        raise SourceError(f"{name}.py: {len(missing)} markdown cell(s) have no [markdown zh] twin "
                          f"(lines {', '.join(map(str, missing[:8]))}{' …' if len(missing) > 8 else ''})")
    if lang == "zh":
        code = next((c for c in cells if c.cell_type == "code"), None)
        if code is None or "import racekit" not in code.source:
            raise SourceError(f"{name}.py: the first code cell must import racekit (the Chinese build sets the language there)")
        at = code.source.index("import racekit") + len("import racekit")
        end = code.source.find("\n", at)
        end = len(code.source) if end < 0 else end
        code.source = code.source[:end] + "\n" + ZH_SETUP + code.source[end:]
    return cells


def translated(name: str) -> bool:
    """Whether a notebook source carries Chinese cells (the Chinese build needs every one)."""
    return "# %% [markdown zh]" in (SRC / f"{name}.py").read_text(encoding="utf-8")


def build(name: str, lang: str = "en") -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = parse((SRC / f"{name}.py").read_text(encoding="utf-8"), lang, name)
    for i, cell in enumerate(nb.cells):  # stable cell ids: a rebuild changes only what changed
        cell.id = f"{name[:12]}-{i:03d}"
    out = ROOT / "notebooks" / ("" if lang == "en" else lang)
    out.mkdir(exist_ok=True)
    start = time.perf_counter()
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(out)}}).execute()
    for cell in nb.cells:  # keep the stored file stable: no execution timestamps
        cell.metadata.pop("execution", None)
    nbformat.write(nb, out / f"{name}.ipynb")
    print(f"built {(out / name).relative_to(ROOT)}.ipynb in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    args = sys.argv[1:]
    langs = list(LANGS)
    if "--lang" in args:
        i = args.index("--lang")
        choice = args[i + 1] if i + 1 < len(args) else ""
        del args[i:i + 2]
        if choice not in (*LANGS, "all"):
            sys.exit(f"--lang takes one of {', '.join(LANGS)} or all, not {choice!r}")
        langs = list(LANGS) if choice == "all" else [choice]
    names = args or sorted(p.stem for p in SRC.glob("*.py"))
    try:
        for n in names:
            for lang in langs:
                if lang == "en" or translated(n):
                    build(n, lang)
    except SourceError as e:
        sys.exit(f"error: {e}")
