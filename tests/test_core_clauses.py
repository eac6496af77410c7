"""Contract 1: what counts as asserting a clause, and the `racekit rules` summary line."""
import re

from racekit.core.clauses import Coverage, python_asserts as asserts_in, summary_line

PATTERN = re.compile(r"\bXX-(?:[A-Z]+-)+\d+\b")


def test_only_asserts_raises_match_and_assert_event_count(tmp_path):
    f = tmp_path / "test_x.py"
    f.write_text('''"""XX-DOC-1 in a docstring is a citation."""
import pytest
# XX-COMMENT-1 in a comment is a citation
CASES = ["XX-DATA-1"]


def test_a(state):
    """XX-DOC-2."""
    x = "XX-LOCAL-1"
    assert state.clause == "XX-ASSERT-1"
    assert state.ok, "XX-MSG-1: a message is not an assertion of the clause"
    assert state.value == 3, "XX-MSG-2: not even next to a concrete value"
    assert shows("XX-LABEL-1", state.value == 3)
    assert "XX-IN-1" in state.clauses
    assert {"XX-SET-1"} <= set(state.clauses)
    assert any("XX-ANY-1" in e.clauses for e in state.events), "XX-MSG-3"
    with pytest.raises(ValueError, match="XX-MATCH-1"):
        pass
    with pytest.raises(ValueError):
        print("XX-INRAISES-1")
    assert_event(state, "move", clause="XX-EVENT-1", to=3)
    assert_event(state, "move", "XX-EVENT-2")
    assert_event(state, "move", clauses=["XX-EVENT-3"])
    helper(state, clause="XX-OTHER-1")
''')
    found = asserts_in(f, PATTERN)
    assert sorted(found) == ["XX-ANY-1", "XX-ASSERT-1", "XX-EVENT-1", "XX-EVENT-2", "XX-EVENT-3",
                             "XX-IN-1", "XX-MATCH-1", "XX-SET-1"]


def test_summary_line_counts_asserted_cited_and_gaps():
    rows = [Coverage("A-1", "", asserted_by=["t.py:1"], implemented=["x.py:1"]),
            Coverage("A-2", "", implemented=["x.py:2"]),
            Coverage("A-3", "", scenarios=["A-SCN-1"]),
            Coverage("A-4", "")]
    assert [r.status for r in rows] == ["asserted", "cited", "cited", "gap"]
    assert summary_line(rows) == "4 clauses: 1 asserted, 2 cited only, 1 gaps"
