"""racekit.rules(GAME): every clause with summary, presets and coverage, as HTML and as text."""
import html
import re

import pytest

import racekit
from racekit.core.clauses import Coverage, load_clauses
from racekit.games import SHIPPED
from racekit.ruletable import ASSERTED, CITED_ONLY, GAP, coverage_label


@pytest.mark.parametrize("game", SHIPPED)
def test_every_clause_and_ambiguity_is_a_row(game):
    table = racekit.rules(game)
    spec = load_clauses(game)
    assert table.ids == [c.id for c in spec.clauses] + [a.id for a in spec.ambiguities]
    first = spec.clauses[0]
    assert table[first.id].summary == first.summary
    assert table[first.id].presets == tuple(first.presets)
    amb = spec.ambiguities[0]
    assert table[amb.id].decision == amb.decision and table[amb.id].option == amb.option
    assert all(row.coverage for row in table)


def test_html_table_has_a_row_per_clause_with_its_words():
    table = racekit.rules("snow_tails")
    page = table._repr_html_()
    assert page.count('<tr data-clause="') == len(table)
    row = table["ST-DRIFT-3"]
    cells = re.search(r'<tr data-clause="ST-DRIFT-3">(.*?)</tr>', page).group(1)
    assert html.escape(row.summary) in cells and "standard" in cells and row.coverage in cells
    assert "<th" in page and "coverage" in page
    assert "雪橇竞速" in page   # the game's Chinese name in the heading


def test_html_escapes_rule_text():
    from racekit.ruletable import RuleRow, Rules
    page = Rules("x", "X", [RuleRow("X-A-1", "a < b & c", ("p",), GAP)])._repr_html_()
    assert "a &lt; b &amp; c" in page and "a < b" not in page


def test_text_in_a_terminal_lists_ids_summaries_and_a_headline():
    table = racekit.rules("aeroplane_chess")
    text = str(table)
    assert repr(table) == text
    lines = text.splitlines()
    assert lines[0].startswith("Aeroplane Chess (飞行棋): ") and " clauses, " in lines[0]
    assert "coverage: " in lines[0]
    for row in table:
        assert any(line.startswith(row.id + " ") for line in lines), row.id
    assert max(len(line) for line in lines) <= 112


def test_find_and_only_select_rows():
    table = racekit.rules("snow_tails", coverage=False)
    drift = table.find("drift")
    assert "ST-DRIFT-3" in drift.ids and "ST-SETUP-3" not in drift.ids
    assert all("drift" in f"{r.id} {r.text()}".lower() for r in drift)
    assert "coverage" not in str(drift).splitlines()[1]
    assert table.only(["ST-DRIFT-3", "ST-SPEED-1", "ST-DRIFT-3"]).ids == ["ST-DRIFT-3", "ST-SPEED-1"]
    with pytest.raises(KeyError, match="ST-NOPE-1"):
        table.only(["ST-NOPE-1"])


def test_unknown_game_names_the_known_ones():
    with pytest.raises(racekit.UnknownGameError, match="known games"):
        racekit.rules("ludo")


def test_coverage_label_follows_the_counting():
    """The adapter shows the asserted / cited only / gap status of racekit.core.clauses."""
    assert coverage_label(Coverage("A-1", "s", implemented=["x.py:1"], tests=["t.py"])) == CITED_ONLY
    assert coverage_label(Coverage("A-1", "s")) == GAP
    assert coverage_label(Coverage("A-1", "s", asserted_by=["t.py:3"])) == ASSERTED


def test_headline_counts_add_up():
    table = racekit.rules("snow_tails")
    counts = table.counts()
    assert sum(counts.values()) == len(table)
    head = table.headline()
    for label, n in counts.items():
        assert f"{n} {label}" in head
