"""Build notebooks/*.ipynb from their sources in tools/notebooks/*.py and store fresh outputs.

Source format (percent cells, like jupytext):
    # %% [markdown]          a markdown cell; its lines start with "# "
    # %%                     a code cell whose text output nbval compares
    # %% nbval-ignore-output a code cell whose output is a picture or a widget (nbval runs it,
                             errors still fail, but its output is not compared)

    .venv/bin/python tools/build_notebooks.py [NAME ...]
"""
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "tools" / "notebooks"


def parse(text: str) -> list:
    cells, kind, tags, lines = [], None, [], []

    def flush():
        body = "\n".join(lines).strip("\n")
        if kind == "markdown":
            body = "\n".join(l[2:] if l.startswith("# ") else l.lstrip("#") for l in body.splitlines())
            cells.append(nbformat.v4.new_markdown_cell(body))
        elif kind == "code":
            cell = nbformat.v4.new_code_cell(body)
            if tags:
                cell.metadata["tags"] = list(tags)
            cells.append(cell)

    for line in text.splitlines():
        if line.startswith("# %%"):
            if kind:
                flush()
            rest = line[4:].strip()
            kind = "markdown" if rest.startswith("[markdown]") else "code"
            tags = [t for t in rest.split() if t.startswith("nbval")]
            lines = []
        elif kind:
            lines.append(line)
    if kind:
        flush()
    return cells


def build(name: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = parse((SRC / f"{name}.py").read_text(encoding="utf-8"))
    for i, cell in enumerate(nb.cells):  # stable cell ids: a rebuild changes only what changed
        cell.id = f"{name[:12]}-{i:03d}"
    start = time.perf_counter()
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    for cell in nb.cells:  # keep the stored file stable: no execution timestamps
        cell.metadata.pop("execution", None)
    nbformat.write(nb, ROOT / "notebooks" / f"{name}.ipynb")
    print(f"built notebooks/{name}.ipynb in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    names = sys.argv[1:] or sorted(p.stem for p in SRC.glob("*.py"))
    for n in names:
        build(n)
