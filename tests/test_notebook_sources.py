"""The notebook builder: one source per notebook, built in English and in Chinese (issue 20)."""
import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
B = importlib.util.module_from_spec(spec)
spec.loader.exec_module(B)

SOURCE = '''# %% [markdown]
# # A title
# %% [markdown zh]
# # 标题
# %%
import racekit
print(1)
# %% [markdown]
# Some words.
# %% [markdown zh]
# 几句话。
'''


def test_english_build_drops_the_chinese_cells():
    cells = B.parse(SOURCE, "en", "demo")
    assert [c.source for c in cells] == ["# A title", "import racekit\nprint(1)", "Some words."]


def test_chinese_build_replaces_each_markdown_cell_and_sets_the_language():
    cells = B.parse(SOURCE, "zh", "demo")
    assert [c.cell_type for c in cells] == ["markdown", "code", "markdown"]
    assert cells[0].source == "# 标题" and cells[2].source == "几句话。"
    assert cells[1].source.splitlines()[:2] == ["import racekit", B.ZH_SETUP]


def test_a_markdown_cell_without_its_chinese_twin_is_named():
    with pytest.raises(B.SourceError, match=r"demo.py: 1 markdown cell.*lines? 8"):
        B.parse(SOURCE.replace("# %% [markdown zh]\n# 几句话。\n", ""), "zh", "demo")
    with pytest.raises(B.SourceError, match=r"line 1: a \[markdown zh\] cell must follow"):
        B.parse("# %% [markdown zh]\n# 孤零零\n", "zh", "demo")


NAMES = sorted(p.stem for p in (ROOT / "tools" / "notebooks").glob("*.py"))


@pytest.mark.parametrize("lang", B.LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_the_stored_notebook_is_its_source(name, lang):
    """notebooks/NAME.ipynb (English) and notebooks/zh/NAME.ipynb (Chinese) hold exactly the cells
    that tools/notebooks/NAME.py builds (rebuild with tools/build_notebooks.py when this fails)."""
    if lang != "en" and not B.translated(name):
        pytest.skip(f"{name} has no Chinese cells yet")
    path = ROOT / "notebooks" / ("" if lang == "en" else lang) / f"{name}.ipynb"
    built = nbformat.read(path, as_version=4)
    cells = B.cells_of(name, lang)
    assert [(c.cell_type, c.source) for c in built.cells] == [(c.cell_type, c.source) for c in cells]


def test_no_merge_conflict_markers_in_sources_or_tests():
    """A merge left `<<<<<<< HEAD` ... `>>>>>>> lessons` in three game notebooks' sources (their
    markdown would show the markers to a class) and in the browser tests (which then cannot load)."""
    marker = ("<<<<<<< ", "=======\n", ">>>>>>> ")
    files = [*sorted((ROOT / "tools" / "notebooks").glob("*.py")), *sorted((ROOT / "tests").glob("*.py"))]
    hits = [f"{path.relative_to(ROOT)}:{n}" for path in files
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(keepends=True), 1)
            if line.startswith(marker) and (line != "=======\n" or "<<<<<<< " in path.read_text())]
    assert not hits, f"merge conflict markers left in: {hits}"


def test_chinese_lines_are_joined_without_a_space():
    """A line break inside a Chinese paragraph would show as a space between two characters."""
    text = "也可以用来\n**解决争议**（凭\n种子）\n* 列表\n* **每个**：写\n  **都是**量\n## 标题\n正文\n```\n中文\n中文\n```"
    assert B.join_cjk_lines(text) == ("也可以用来**解决争议**（凭种子）\n* 列表\n* **每个**：写**都是**量\n"
                                      "## 标题\n正文\n```\n中文\n中文\n```")
    cells = B.parse("# %% [markdown]\n# Two\n# lines\n# %% [markdown zh]\n# 两\n# 行\n# %%\nimport racekit\n", "zh", "demo")
    assert cells[0].source == "两行"
