"""Each of the twenty Leaf Marathon event descriptions (text.EVENT_TEXT, shown whenever a d20 is
rolled and in the notebook's event table) has shipped scenarios whose expectations are the
description's own claims (text.EVENT_SCENARIOS); they pass and cite the event's clause."""
from __future__ import annotations

import pytest

from racekit.core.scenarios import load_scenario, run_scenario, scenario_paths
from racekit.games.leaf_marathon.text import EVENT_SCENARIOS, EVENT_TEXT

_PATHS = {p.stem: p for p in scenario_paths("leaf_marathon")}


def test_every_event_description_names_its_scenarios():
    assert sorted(EVENT_TEXT) == list(range(1, 21))
    assert sorted(EVENT_SCENARIOS) == list(range(1, 21))


@pytest.mark.parametrize("event", range(1, 21))
def test_the_scenarios_of_an_event_description_pass_and_cite_it(event):
    clause = f"LM-EVENT-{event:02d}"
    for sid in EVENT_SCENARIOS[event]:
        assert sid in _PATHS, f"event {event}: no shipped scenario {sid}"
        scenario, _ = load_scenario(_PATHS[sid])
        assert clause in scenario.clauses, f"{sid} does not cite {clause}"
        result = run_scenario(_PATHS[sid])
        assert result.passed, f"{sid}: {result.failures}"


def test_event_14_describes_the_nearest_pony_ahead_or_behind():
    """LM-EVENT-14 with LM-AMB-33 (revision of 2026-12-01): the default swaps with the nearest
    other pony at distance 1 or more, ahead or behind; "ahead" only breaks a tie. LM-EVENT-14.yaml
    puts the nearest pony behind and a farther one ahead."""
    text = EVENT_TEXT[14]
    assert "if possible" not in text
    assert "ahead or behind" in text and "equally near" in text
