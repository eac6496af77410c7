"""Finding one's way in the notebooks (issue 19): the builder's linked contents list and slide
metadata (tools/build_notebooks.py), the start page's list of notebooks, and each game's "What the
text says, what the kit chose" section (racekit/sim/readings.py)."""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

from racekit.games import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_notebooks as builder  # noqa: E402

NAMES = sorted(p.stem for p in (ROOT / "tools" / "notebooks").glob("*.py"))


def _links(cell) -> list[tuple[str, str]]:
    """``[(text, target)]`` of the cell's in-page links as Voila renders them (nbconvert).

    nbconvert URL-quotes a non-ASCII heading id and the links to it alike (``#%E8%A7%84…``): a
    browser first looks for the id as written (Voila's quoted id), then for its unquoted form
    (JupyterLab's id, the heading's text), so a link works in both when the unquoted forms agree;
    targets and ids are compared unquoted."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune
    return [(html.unescape(re.sub(r"<[^>]+>", "", text)), unquote(html.unescape(href)))
            for href, text in re.findall(r'<a href="#([^"]+)">(.*?)</a>', markdown2html_mistune(cell.source))]


def _rendered_headings(cells) -> dict[str, tuple[str, str]]:
    """``{voila_id: (lab_id, text)}`` of every h1/h2 as Voila renders it (nbconvert's markdown
    filter, the one its templates use) and as JupyterLab names it (textContent, spaces as "-")."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune
    out = {}
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for level, ident, inner in re.findall(r"<h([12]) id=\"([^\"]+)\">(.*?)</h\1>",
                                              markdown2html_mistune(cell.source), re.S):
            text = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<a class=\"anchor-link\".*?</a>", "", inner)))
            out[unquote(html.unescape(ident))] = (text.replace(" ", "-"), text)
    return out


@pytest.mark.parametrize("lang", builder.LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_every_notebook_opens_with_contents_linking_each_section(name, lang):
    cells = builder.cells_of(name, lang)
    assert cells[0].source.startswith("# "), "the title comes first"
    contents = cells[1]
    assert contents.metadata.get("racekit", {}).get("contents"), "the contents list follows the title"
    links = _links(contents)
    # a Chinese section is linked by its cell (#cell-id=…: JupyterLab 4 does not unquote a quoted
    # heading id, nbconvert quotes it): the link leads to the cell whose first heading it names
    by_id = {c.id: c for c in cells}
    for k, (text, target) in enumerate(links):
        if target.startswith("cell-id="):
            cell = by_id.get(target[len("cell-id="):])
            assert cell is not None, f"{name}: the link {text!r} names no cell (#{target})"
            ident = next(iter(_rendered_headings([cell])), None)
            assert ident is not None and cell.source.lstrip().startswith("#"), \
                f"{name}: the cell of {text!r} does not open with its heading"
            links[k] = (text, ident)
        else:
            assert target.isascii(), f"{name}: {target!r}: a quoted id JupyterLab cannot find"
    headings = _rendered_headings(cells[1:])
    targets = [target for _, target in links]
    # every section (h1 after the title, h2) is listed, in order, and nothing else
    expected = [ident for ident in headings]
    title_id = next(iter(_rendered_headings(cells[:1])))
    assert title_id not in targets
    listed = targets[1:] if name in SHIPPED else targets     # after the explorer's link
    assert listed == expected, (targets, expected)
    for text, target in links:
        assert target in headings, f"{name}: the link {text!r} leads nowhere in Voila (#{target})"
        lab_id, heading_text = headings[target]
        assert lab_id == target, f"{name}: JupyterLab names {heading_text!r} #{lab_id}, the link says #{target}"
    if name in SHIPPED:
        explore, jump = builder.EXPLORE[lang], builder.CONTENTS[lang][1]
        assert links[0] == (jump, explore), "the explorer is reachable from the top"
        assert explore in headings


@pytest.mark.parametrize("lang", builder.LANGS)
def test_wingsuit_contents_list_every_faq_question(lang):
    contents = builder.cells_of("wingsuit", lang)[1].source
    for q in range(1, 7):
        assert re.search(rf"^    \* \[Q{q}\. [^\]]+\]\(#(Q{q}\.-|cell-id=wingsuit-)", contents, re.M), \
            f"Q{q} is not listed"


@pytest.mark.parametrize("lang", builder.LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_every_cell_has_slide_metadata_and_each_section_starts_a_slide(name, lang):
    cells = builder.cells_of(name, lang)
    kinds = [c.metadata.get("slideshow", {}).get("slide_type") for c in cells]
    assert all(k in ("slide", "subslide", "fragment", "-", "skip") for k in kinds), kinds
    assert kinds[0] == "slide" and kinds[1] == "skip"      # the title; the contents list is no slide
    for cell, kind in zip(cells, kinds):
        levels = [lvl for lvl, _ in builder.headings(cell)] if cell.cell_type == "markdown" else []
        if levels and min(levels) <= 2:
            assert cell.source.startswith("#") and kind == "slide", (kind, cell.source[:60])
            assert sum(lvl <= 2 for lvl in levels) == 1, f"two sections in one slide: {cell.source[:80]!r}"
        if cell.cell_type == "code" and "nbval-ignore-output" in cell.metadata.get("tags", []):
            assert kind == "subslide", f"a picture or widget is a slide of its own: {cell.source[:60]!r}"
    if name in SHIPPED:
        explorer = [k for c, k in zip(cells, kinds) if "explore(" in c.source and c.cell_type == "code"]
        assert explorer and explorer[-1] == "subslide"


def test_a_code_cell_that_shows_a_picture_is_its_own_slide():
    cell = nbformat.v4.new_code_cell("nb.picture(state)")
    assert builder.slide_type(cell, None) == "-"
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/png": "", "text/plain": "<Image>"})]
    assert builder.slide_type(cell, None) == "subslide"
    text = nbformat.v4.new_markdown_cell("Stepping through it:")
    assert builder.slide_type(text, cell) == "subslide"


@pytest.mark.parametrize("lang", builder.LANGS)
@pytest.mark.parametrize("name", SHIPPED)
def test_the_stored_game_notebook_has_contents_and_slides(name, lang):
    """The built notebook itself (notebooks/NAME.ipynb, notebooks/zh/NAME.ipynb, rebuilt by
    tools/build_notebooks.py)."""
    nb = nbformat.read(ROOT / "notebooks" / ("" if lang == "en" else lang) / f"{name}.ipynb", as_version=4)
    kinds = [c.metadata.get("slideshow", {}).get("slide_type") for c in nb.cells]
    assert None not in kinds, "rebuild the notebooks: .venv/bin/python tools/build_notebooks.py"
    assert nb.cells[1].metadata.get("racekit", {}).get("contents")
    assert nb.metadata.get("rise", {}).get("scroll") is True
    assert [c.source for c in nb.cells if c.cell_type == "markdown"] == \
        [c.source for c in builder.cells_of(name, lang) if c.cell_type == "markdown"], \
        "the stored notebook's text is not its source's (rebuild it)"
    sections = [c for c in nb.cells if c.cell_type == "markdown" and re.match(r"#{1,2} ", c.source)]
    assert sections and all(c.metadata["slideshow"]["slide_type"] == "slide" for c in sections)


# ----- the start page ----------------------------------------------------------------------
def test_the_start_page_lists_every_notebook_with_what_it_is_for():
    source = (ROOT / "tools" / "notebooks" / "index.py").read_text(encoding="utf-8")
    for name in [n for n in NAMES if n != "index" and n not in SHIPPED] + ["lessons"]:
        line = next((l for l in source.splitlines() if f"({name}.ipynb)" in l), None)
        assert line is not None, f"the start page does not link {name}.ipynb"
    assert "designer review" in source.lower()
    assert 'nb.game_table(about=nb.words.mapping("about"))' in source, \
        "the games' table says what each notebook is for (racekit/locale/<lang>/notebooks.yaml)"
    import racekit
    from racekit import notebook as nb
    for lang in builder.LANGS:
        with racekit.use_lang(lang):
            sentences = dict(nb.words.mapping("about"))
            assert set(sentences) == set(SHIPPED) and all(len(s) > 12 for s in sentences.values())
            table = nb.game_table(about=nb.words.mapping("about")).data
            for game in SHIPPED:
                assert sentences[game] in table and f"({game}.ipynb)" in table


@pytest.mark.parametrize("name", NAMES)
def test_the_title_slide_holds_no_code(name):
    """Presented with jupyterlab-rise, the first slide is the title and its words; set-up code
    (wingsuit: imports and the options list) starts a slide of its own, or the first slide a class
    sees runs off the screen (773 px of 684 at 1280x720 before)."""
    cells = [c for c in builder.cells_of(name) if c.metadata["slideshow"]["slide_type"] != "skip"]
    kinds = [c.metadata["slideshow"]["slide_type"] for c in cells]
    first = cells[:next((i for i, k in enumerate(kinds[1:], 1) if k != "-"), len(cells))]
    assert first[0].source.startswith("# ")
    assert all(c.cell_type == "markdown" for c in first), [c.source[:40] for c in first]


def test_a_code_cell_after_the_title_starts_a_subslide_and_later_ones_join_theirs():
    md = nbformat.v4.new_markdown_cell
    code = nbformat.v4.new_code_cell
    cells = [md("# Title"), md("Words."), code("import racekit"), code("print(1)"),
             md("## A section"), code("x = 1")]
    builder.add_slides(cells)
    assert [c.metadata["slideshow"]["slide_type"] for c in cells] == \
        ["slide", "-", "subslide", "-", "slide", "-"]


def test_the_start_page_says_how_to_present_the_slides():
    """A teacher trying Alt+R got the slides in a half-width side panel, and the explorer slide
    asked for the cells to be run: the start page says to run all cells first and where the
    full-screen button is."""
    text = " ".join(c.source for c in builder.cells_of("index") if c.cell_type == "markdown")
    text = " ".join(text.split())
    assert "Run > Run All Cells" in text and "Alt+R" in text
    assert "full-screen button" in text and "scrolls" in text


def test_a_silent_set_up_cell_after_the_title_is_no_slide_once_run():
    """lessons.ipynb's first code cell only imports: once run it shows nothing, so it is no slide
    (an empty slide of three import lines); one that prints stays a subslide."""
    md = nbformat.v4.new_markdown_cell
    silent = nbformat.v4.new_code_cell("import racekit")
    talks = nbformat.v4.new_code_cell("print(1)")
    silent.execution_count, talks.execution_count = 1, 2
    talks.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    cells = [md("# Title"), md("Words."), silent, talks, md("## A section")]
    builder.add_slides(cells)
    assert [c.metadata["slideshow"]["slide_type"] for c in cells] == \
        ["slide", "-", "skip", "subslide", "slide"]
    fresh = [md("# Title"), nbformat.v4.new_code_cell("import racekit")]   # not run yet
    builder.add_slides(fresh)
    assert fresh[1].metadata["slideshow"]["slide_type"] == "subslide"



def test_the_start_pages_link_each_other():
    """The English start page links the Chinese one (zh/index.ipynb) and back (../index.ipynb)."""
    en = builder.cells_of("index", "en")
    zh = builder.cells_of("index", "zh")
    assert any("](zh/index.ipynb)" in c.source for c in en if c.cell_type == "markdown")
    assert any("](../index.ipynb)" in c.source for c in zh if c.cell_type == "markdown")


def test_chinese_pages_link_chinese_pages():
    """A link from a Chinese notebook to another notebook stays relative: it opens the Chinese one
    next to it (notebooks/zh/NAME.ipynb), and the notebook exists."""
    for name in NAMES:
        for cell in builder.cells_of(name, "zh"):
            if cell.cell_type != "markdown":
                continue
            for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", cell.source):
                assert (ROOT / "notebooks" / "zh" / target).resolve().is_file() or target == "../index.ipynb", \
                    (name, target)
                assert not target.startswith("zh/"), (name, target)
