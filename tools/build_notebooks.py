"""Build notebooks/*.ipynb from their sources in tools/notebooks/*.py and store fresh outputs.

Source format (percent cells, like jupytext):
    # %% [markdown]          a markdown cell; its lines start with "# "
    # %% [markdown zh]       the Chinese text of the markdown cell just above it: one source builds
                             notebooks/NAME.ipynb (English) and notebooks/zh/NAME.ipynb (Simplified
                             Chinese, whose first code cell also sets racekit's language to "zh")
    # %%                     a code cell whose text output nbval compares
    # %% nbval-ignore-output a code cell whose output is a picture or a widget (nbval runs it,
                             errors still fail, but its output is not compared)
    ...  # en only           a code line kept in the English notebook only (the mark removed), for a
                             text that exists in English only (``state.to_text()``, the compact
                             text of the golden files); the Chinese notebook leaves the line out

Code cells are the same in both languages: the words they print come from the language in force
(``nb.words("key")``, racekit/locale/<lang>/notebooks.yaml; see racekit/notebook.py).

The builder adds, to every notebook:
- a linked contents list after the title (its sections; questions "Q1. ..." nested under their
  part), with a link to the explorer at the top when the notebook has an "Explore" section. The
  links are the heading ids that both JupyterLab and Voila (nbconvert) give a heading: its text
  with spaces as "-" (``heading_id``; a test checks that the two renderers agree);
- in a game's notebook, the list of readings in force that change play most, where its source has
  the line ``<!-- readings -->`` (see racekit/sim/readings.py);
- slide metadata for JupyterLab's slideshow (jupyterlab-rise, ``slideshow.slide_type``): every
  section heading starts a slide, a picture or an explorer is a slide of its own (``subslide``),
  a text after a picture too, and the contents list is skipped.

    .venv/bin/python tools/build_notebooks.py [--lang en|zh|all] [NAME ...]
"""
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "tools" / "notebooks"


LANGS = ("en", "zh")
ZH_SETUP = "racekit.set_lang(\"zh\")  # 本页以中文显示：事件、规则、选项与图片"


EN_ONLY = "# en only"


class SourceError(ValueError):
    """A notebook source that cannot be built in every language (names the file and line)."""


CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
LINE_END = re.compile(rf"[{CJK}]\*{{0,2}}$")
LINE_START = re.compile(rf"\*{{0,2}}[{CJK}]")


def join_cjk_lines(text: str) -> str:
    """Chinese text with its source's line breaks taken out where a line ends and the next goes on
    with a Chinese character or punctuation mark (bold or italic marks around it allowed): a
    renderer turns a line break inside a paragraph into a space, which Chinese does not put
    between characters. Headings, list items and code blocks keep their lines."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif (out and not fenced and LINE_END.search(out[-1]) and not out[-1].lstrip().startswith("#")
              and LINE_START.match(line.lstrip())):
            out[-1] += line.lstrip()
            continue
        out.append(line)
    return "\n".join(out)


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
            body = join_cjk_lines(body)
            if twin["cell"] is None:
                raise SourceError(f"{name}.py, line {start}: a [markdown zh] cell must follow its English markdown cell")
            if lang == "zh":
                twin["cell"].source = body
                missing.remove(twin["line"])
            twin.update(cell=None)
        elif kind == "code":
            body = "\n".join(l[: -len(EN_ONLY)].rstrip() if l.endswith(EN_ONLY) else l
                             for l in body.splitlines() if lang == "en" or not l.endswith(EN_ONLY))
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


HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
QUESTION = re.compile(r"^Q\d+\b")
EXPLORE = {"en": "Explore", "zh": "探索器"}
CONTENTS = {"en": ("**Contents**", "go to the explorer ↓"), "zh": ("**目录**", "前往探索器 ↓")}
PICTURES = ("image/png", "image/jpeg", "image/svg+xml", "application/vnd.jupyter.widget-view+json")


def headings(cell) -> list[tuple[int, str]]:
    """``[(level, text)]`` of a markdown cell's headings (outside code fences)."""
    out, fenced = [], False
    for line in cell.source.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            out.append((len(match.group(1)), match.group(2)))
    return out


def plain(text: str) -> str:
    """A heading's text as the reader sees it (the HTML's text content): no markdown marks."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)      # links and images: their words
    text = re.sub(r"(\*\*|__|\*|`)", "", text)
    return text.strip()


def heading_id(text: str) -> str:
    """The id JupyterLab and Voila give a heading: its text with every space as "-"
    (JupyterLab: ``textContent.replace(/ /g, '-')``; nbconvert, which Voila uses, the same,
    URL-quoted: a Chinese heading's id is ``%E8%A7%84…`` in Voila and ``规…`` in JupyterLab, so
    the contents list links a Chinese section by its cell (:func:`section_link`))."""
    return plain(text).replace(" ", "-")


CELL_LINK = "#cell-id=@"


def section_link(words: str, heading: str) -> str:
    """A Markdown link to the section ``heading`` of the same notebook: ``[words](#id)`` when
    the heading's id is ASCII. A Chinese id is URL-quoted by every Markdown renderer, and
    JupyterLab 4 looks a quoted fragment up without unquoting it (its headings carry the raw id):
    such a section is linked by its cell instead, ``#cell-id=<cell id>``, which JupyterLab and
    Voila (nbconvert's lab template: ``id="cell-id=…"``) both know; :func:`cells_of` fills in the
    cell id once the cells have their ids."""
    ident = heading_id(heading)
    return f"[{words}](#{ident})" if ident.isascii() else f"[{words}]({CELL_LINK}{ident}@)"


def link_cells(cells: list) -> None:
    """Give every cell its stable id (``<name>-<index>``, see :func:`cells_of`) and point the
    contents list's cell links at the cell that opens each section."""
    first = {}
    for cell in cells:
        if cell.cell_type == "markdown":
            for _, text in headings(cell)[:1]:
                first.setdefault(heading_id(text), cell.id)
    for cell in cells:
        if cell.cell_type == "markdown" and CELL_LINK in cell.source:
            cell.source = re.sub(re.escape(CELL_LINK) + r"(.+?)@\)",
                                 lambda m: f"#cell-id={first[m.group(1)]})", cell.source)


def contents_cell(cells: list, lang: str = "en"):
    """The linked contents list of a notebook: every heading of level 1 (but the title) and 2,
    in order; a question (``Q1. ...``) nested under the part before it; the explorer linked
    first. ``None`` when the notebook has fewer than two sections."""
    entries = []
    for cell in cells:
        if cell.cell_type == "markdown":
            entries += [(level, text) for level, text in headings(cell) if level <= 2]
    if entries and entries[0][0] == 1:
        entries = entries[1:]   # the title
    if len(entries) < 2:
        return None
    title, jump = CONTENTS[lang]
    lines = [title, ""]
    if any(plain(text) == EXPLORE[lang] for _, text in entries):
        lines = [f"{title} · {section_link(jump, EXPLORE[lang])}", ""]
    for level, text in entries:
        indent = "    " if QUESTION.match(plain(text)) else ""
        lines.append(f"{indent}* {section_link(plain(text), text)}")
    cell = nbformat.v4.new_markdown_cell("\n".join(lines))
    cell.metadata["racekit"] = {"contents": True}
    return cell


def split_at_headings(cell) -> list:
    """A markdown cell cut before each of its headings (one section, one cell: one slide)."""
    chunks, lines, fenced = [], [], False
    for line in cell.source.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and HEADING.match(line) and any(l.strip() for l in lines):
            chunks.append(lines)
            lines = []
        lines.append(line)
    chunks.append(lines)
    return [nbformat.v4.new_markdown_cell("\n".join(c).strip("\n")) for c in chunks
            if any(l.strip() for l in c)]


def with_contents(cells: list, lang: str = "en") -> list:
    """The cells with the contents list after the title. A first cell that opens with the title
    (a level-1 heading) is cut into the title, its introduction and its sections, and the list
    goes after the title."""
    contents = contents_cell(cells, lang)
    if contents is None or not cells:
        return cells
    first, rest = cells[0], cells[1:]
    match = HEADING.match(first.source.lstrip().splitlines()[0]) if first.source.strip() else None
    if first.cell_type == "markdown" and match and len(match.group(1)) == 1:
        title, *body = first.source.lstrip().split("\n", 1)
        parts = [nbformat.v4.new_markdown_cell(title)]
        if body and body[0].strip():
            parts += split_at_headings(nbformat.v4.new_markdown_cell(body[0]))
        return [parts[0], contents, *parts[1:], *rest]
    return [first, contents, *rest]


def slide_type(cell, previous) -> str:
    """The cell's ``slideshow.slide_type`` (JupyterLab's slideshow, jupyterlab-rise): a section
    heading starts a slide (``slide``); a picture, a widget and a text after a picture are slides
    of their own below it (``subslide``); the contents list is skipped; the rest joins the slide
    before it (``-``). A code cell is judged by its outputs once run (a picture among them)."""
    if cell.cell_type == "markdown":
        if cell.metadata.get("racekit", {}).get("contents"):
            return "skip"
        levels = [level for level, _ in headings(cell)]
        if levels and cell.source.lstrip().startswith("#"):
            return "slide" if min(levels) <= 2 else "subslide"
        return "subslide" if previous is not None and previous.cell_type == "code" else "-"
    pictured = any(key in out.get("data", {}) for out in cell.get("outputs", []) for key in PICTURES)
    return "subslide" if pictured or "nbval-ignore-output" in cell.metadata.get("tags", []) else "-"


def add_slides(cells: list) -> None:
    """Write every cell's ``slideshow.slide_type`` (see :func:`slide_type`). A slide opened by a
    level-1 heading (the notebook's title) holds the title and its words only: a code cell that
    would join it starts a slide of its own below it (``subslide``), or the first slide a class
    sees would run off the screen with set-up code; once run, such a cell that shows nothing
    (imports only) is left out of the slides (``skip``)."""
    previous, title_slide = None, False
    for cell in cells:
        kind = slide_type(cell, previous)
        if kind == "slide":
            title_slide = any(level == 1 for level, _ in headings(cell))
        elif kind == "subslide":
            title_slide = False
        elif kind == "-" and cell.cell_type == "code" and title_slide:
            # run and silent (imports only): nothing for a class to see, so no slide of its own
            silent = cell.get("execution_count") is not None and not cell.get("outputs")
            kind = "skip" if silent else "subslide"
            title_slide = silent
        cell.metadata["slideshow"] = {"slide_type": kind}
        if kind != "skip":
            previous = cell


READINGS = "<!-- readings -->"


def with_readings(cells: list, name: str, lang: str = "en") -> list:
    """A markdown cell holding the line ``<!-- readings -->`` gets, in its place, the game's
    "What the text says, what the kit chose" list (:func:`racekit.sim.readings.section_markdown`,
    ranked from the stored designer reviews), cut into a cell per reading (a slide each)."""
    for cell in cells:
        if cell.cell_type == "markdown" and READINGS in cell.source:
            from racekit.sim.readings import section_markdown
            cell.source = cell.source.replace(READINGS, section_markdown(name, lang) if lang != "en"
                                              else section_markdown(name))
    return cells


def one_section_a_cell(cells: list) -> list:
    """Markdown cells cut before each heading (but the first cell, cut by :func:`with_contents`
    after the title), so that each section, and each reading, starts a slide of its own."""
    out = cells[:1]
    for cell in cells[1:]:
        if cell.cell_type == "markdown" and headings(cell):
            out += split_at_headings(cell)
        else:
            out.append(cell)
    return out


def cells_of(name: str, lang: str = "en") -> list:
    """The notebook's cells before they run: its source's cells, the readings list, the contents
    list, the slides."""
    cells = parse((SRC / f"{name}.py").read_text(encoding="utf-8"), lang, name)
    cells = with_contents(one_section_a_cell(with_readings(cells, name, lang)), lang)
    add_slides(cells)
    for i, cell in enumerate(cells):  # stable cell ids: a rebuild changes only what changed
        cell.id = f"{name[:12]}-{i:03d}"
    link_cells(cells)
    return cells


def translated(name: str) -> bool:
    """Whether a notebook source carries Chinese cells (the Chinese build needs every one)."""
    return "# %% [markdown zh]" in (SRC / f"{name}.py").read_text(encoding="utf-8")


def build(name: str, lang: str = "en") -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["rise"] = {"scroll": True}   # jupyterlab-rise: a slide taller than the screen scrolls
    nb.cells = cells_of(name, lang)
    out = ROOT / "notebooks" / ("" if lang == "en" else lang)
    out.mkdir(exist_ok=True)
    start = time.perf_counter()
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(out)}}).execute()
    for cell in nb.cells:  # keep the stored file stable: no execution timestamps
        cell.metadata.pop("execution", None)
    add_slides(nb.cells)   # again, now that the code cells' outputs show which are pictures
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
