"""Scenario `clauses:` lists are honest (contract 1): each listed clause is checked by one of the
scenario's expectations (an expected event carrying it, a refusal citing it, or an expect block
naming it next to concrete values)."""
import pytest

from racekit.core.clauses import scenario_asserts
from racekit.core.scenarios import load_scenario, scenario_paths
from racekit.games import SHIPPED

PATHS = [p for g in SHIPPED for p in scenario_paths(g)]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_listed_clauses_are_checked_by_the_expectations(path):
    scenario, _ = load_scenario(path)
    unchecked = [c for c in scenario.clauses if c not in scenario_asserts(scenario)]
    assert not unchecked, f"{scenario.id} lists {unchecked} but no expectation checks them"


def test_an_expect_clause_needs_a_concrete_value(tmp_path):
    from racekit.core.errors import FileFormatError
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: AC-EDGE-99\ntitle: no value\nclauses: [AC-TOUR-JUMP-1]\ngame: aeroplane_chess\n"
                   "outcome: nothing\nexpect:\n  clause: AC-TOUR-JUMP-1\n  no_events: [jump]\n")
    with pytest.raises(FileFormatError, match="concrete"):
        load_scenario(bad)
