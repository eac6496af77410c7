"""The Chinese notebooks (notebooks/zh/*.ipynb, issue 20): no English left in their prose and in the
outputs nbval compares, except what stays the same in both languages: clause IDs, action codes,
option and parameter names and values, code, file names and numbers (and a few proper names)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from racekit.core.game import game_class
from racekit.games import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
ZH = ROOT / "notebooks" / "zh"
NAMES = sorted(p.stem for p in (ROOT / "tools" / "notebooks").glob("*.py"))

PROPER = {
    # names of things, written the same in Chinese text
    "racekit", "JupyterLab", "Voila", "OpenSpiel", "Browne", "Ludii", "Holm", "Dask", "Python", "YAML",
    "Alt", "Space", "Enter",
    # the games' English names, which the kit's Chinese game names carry in brackets (cli.yaml)
    "Aeroplane", "Chess", "Snow", "Tails", "Wingsuit", "Flight", "Leaf", "Marathon",
    # Python's own words in printed values
    "True", "False", "None",
    # the d20 (二十面骰) as the tables write its column; Snow Tails' track value straightW
    "d20", "straightW",
}
"""Words allowed in Chinese text besides the generated ones (option names and values, presets,
game ids, clause and scenario IDs, short codes)."""

KNOWN_ENGLISH: dict[str, str] = {}
"""Notebooks whose compared OUTPUTS still hold English (their prose is checked like every other):
a strict xfail, so the entry must go once the text speaks Chinese."""


def _game_words() -> set[str]:
    words = set(SHIPPED)
    for game_id in SHIPPED:
        gt = game_class(game_id).game_type
        words |= {p.name for p in gt.presets}
        for option in gt.options:
            words.add(option.name)
            words |= {str(c) for c in (getattr(option, "choices", None) or ())}
            words.add(str(option.default))
    return {w for part in words for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", part)} | words


ALLOWED = None


def _english_words(text: str) -> list[str]:
    """The English words of ``text`` that are not code, IDs, codes, names or numbers."""
    global ALLOWED
    if ALLOWED is None:
        ALLOWED = PROPER | _game_words()
    text = re.sub(r"```.*?```", " ", text, flags=re.S)            # code blocks
    text = re.sub(r"`[^`]*`", " ", text)                          # code spans
    text = re.sub(r"\]\([^)]*\)", "]", text)                      # link targets
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)                          # HTML tags
    text = re.sub(r"\b[\w./-]+\.(ipynb|py|yaml|md|parquet)\b", " ", text)   # file names
    text = re.sub(r"\b[A-Z]{2}-[A-Za-z0-9-]+\b", " ", text)       # clause and scenario IDs
    text = re.sub(r"\b\w+=\S+", " ", text)                        # name=value settings
    text = re.sub(r"^racekit [a-z]+ [^#\n]*", " ", text, flags=re.M)  # a printed command line
    out = []
    for word in re.findall(r"[A-Za-z][A-Za-z_'-]*[A-Za-z0-9_]*", text):
        if word in ALLOWED or "_" in word:
            continue
        if len(word) <= 2 or re.fullmatch(r"[A-Z]+[0-9]*|[A-Z][0-9]+|Q[0-9]+[a-c]?", word):
            continue                                              # codes: R1, DR, L, B2, Q5a
        out.append(word)
    return out


def _cells(name: str) -> list[dict]:
    path = ZH / f"{name}.ipynb"
    assert path.is_file(), f"build it: .venv/bin/python tools/build_notebooks.py --lang zh {name}"
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _compared_text(cell: dict) -> str:
    """The text outputs nbval compares (cells tagged nbval-ignore-output are not compared)."""
    if "nbval-ignore-output" in cell.get("metadata", {}).get("tags", []):
        return ""
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append("".join(out["text"]))
        data = out.get("data", {})
        for key in ("text/markdown", "text/plain"):
            if key in data:
                parts.append("".join(data[key]))
                break
    return "\n".join(parts)


@pytest.mark.parametrize("name", NAMES)
def test_chinese_prose_has_no_english_left(name):
    found = {}
    for i, cell in enumerate(_cells(name)):
        if cell["cell_type"] == "markdown":
            words = _english_words("".join(cell["source"]))
            if words:
                found[i] = words
    assert not found, f"{name}: English words in the Chinese prose (cell: words): {found}"


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=KNOWN_ENGLISH[n])) if n in KNOWN_ENGLISH
    else n for n in NAMES])
def test_chinese_outputs_have_no_english_left(name):
    found = {}
    for i, cell in enumerate(_cells(name)):
        if cell["cell_type"] == "code":
            words = _english_words(_compared_text(cell))
            if words:
                found[i] = sorted(set(words))[:12]
    assert not found, f"{name}: English words in the Chinese outputs (cell: words): {found}"


@pytest.mark.parametrize("name", NAMES)
def test_chinese_notebooks_speak_chinese_from_their_first_code_cell(name):
    code = [c for c in _cells(name) if c["cell_type"] == "code"]
    assert 'racekit.set_lang("zh")' in "".join(code[0]["source"])
    assert "# en only" not in "".join("".join(c["source"]) for c in code), "an English-only line left in"


def test_the_checker_finds_english():
    """The check itself can fail: English words are found, codes and IDs are not."""
    assert _english_words("红方 moves R1 to the finish") == ["moves", "the", "finish"]
    assert _english_words("规则 `AC-TOUR-FLY-1`，[AC-AMB-03] R1 DR F Q1. stamina_per_square = 0") == []
    assert _english_words("雪橇竞速（Snow Tails）：2 条条款（matching '速度上限'）") == ["matching"]


def test_every_reading_has_its_chinese_prose():
    from racekit.sim.readings import PROSE, PROSE_ZH
    assert {g: set(p) for g, p in PROSE.items()} == {g: set(p) for g, p in PROSE_ZH.items()}
    for game, entries in PROSE_ZH.items():
        for option, (title, original, kit, switch) in entries.items():
            assert f"`{option} = " in switch, (game, option)
            for text in (title, original, kit, switch):
                assert not _english_words(text), (game, option, _english_words(text))


def test_a_widget_callback_keeps_the_page_language():
    """ipykernel may run a widget's callback in another thread, where racekit.set_lang's context
    variable is unset: nb.keep_lang runs it in the language in force when the cell defined it."""
    import threading

    import racekit
    from racekit import notebook as nb
    out = {}
    with racekit.use_lang("zh"):
        kept = nb.keep_lang(lambda: nb.words("hand"))
    thread = threading.Thread(target=lambda: out.update(kept=kept(), plain=nb.words("hand")))
    thread.start()
    thread.join()
    assert out == {"kept": "手牌：", "plain": "hand:"}


def test_chinese_help_is_cut_by_columns():
    from racekit import notebook as nb
    assert nb.shorten("a fairly long English sentence here", 20) == "a fairly long [...]"
    cut = nb.shorten("比赛赛道：随附的赛道（我们自己设计的示例布局）", 20)
    assert cut.endswith("…") and len(cut) == 10, cut
    assert nb.columns(nb.ljust("给我过来", 22)) == 22 and nb.ljust("abc", 5) == "abc  "
    lines = nb.wrap("你的事件触发牌变成“给我过来”（负重 0）：任何时候都可以打出，把前方或后方正好相距 5 格的一匹小马拉到你的格子上。", 30)
    assert all(nb.columns(line) <= 30 for line in lines) and not lines[1].startswith(("，", "。", "："))
    assert nb.wrap("an English sentence to wrap", 12) == ["an English", "sentence to", "wrap"]


@pytest.mark.parametrize("name", NAMES)
def test_chinese_pictures_have_every_glyph(name):
    """matplotlib warns "Glyph … missing from font(s)" when Chinese text is drawn without the CJK
    font (the picture then shows boxes): no Chinese notebook may carry that warning."""
    for i, cell in enumerate(_cells(name)):
        for out in cell.get("outputs", []):
            assert "missing from font" not in "".join(out.get("text", "")), (name, i)


STORED = sorted((ROOT / "notebooks" / "review").glob("*.parquet"))


@pytest.mark.parametrize("path", STORED, ids=[p.stem for p in STORED])
def test_the_designer_reviews_lines_speak_chinese(path):
    """What the designer review notebook prints of each stored review (its header and verdict
    lines) as `racekit review --lang zh --load` prints it: no English left except IDs, option
    names and values, and numbers (test_i18n's checker)."""
    from typer.testing import CliRunner

    from racekit.cli import app
    from racekit.sim.designer import Review
    from test_i18n_review import _ids, chinese_words_left
    res = CliRunner().invoke(app, ["review", "--lang", "zh", "--load", str(path)])
    assert res.exit_code == 0, res.output
    ids = _ids(Review.from_parquet(path))
    left = {line: chinese_words_left(line, ids) for line in res.output.splitlines()}
    assert not {k: v for k, v in left.items() if v}, left
