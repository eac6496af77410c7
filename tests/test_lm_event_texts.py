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


def test_a_teleport_onto_forest_under_teleport_triggers_terrain_is_told_as_it_happens():
    """Under teleport_triggers_terrain the pull or swap charges the forest (LM-AMB-36): the
    sentence no longer says 'no terrain, draw or stamina', and the forest's cost is told."""
    from tests.lm_helpers import act, leaf, make

    for option, want_forest in ((True, True), (False, False)):
        st = make([{"pos": 10, "hand": ["trigger"]}, {"pos": 8}], order=[0, 1],
                  terrain=leaf(20, s8="forest"), options={"teleport_triggers_terrain": option})
        act(st, "play trigger")
        st.apply_action(14)                      # the d20 shows 14 (chance outcome 14)
        lines = [st.game.render(e) for e in st.events]
        red = next(line for line in lines if line.startswith("Red is moved from square 10 to 8"))
        assert ("no terrain, draw or stamina" in red) is (not want_forest), red
        assert st.snapshot()["seats"][0]["stamina"] == (13 if want_forest else 15)
        assert any("enters forest on square 8 (stamina -2)" in line for line in lines) is want_forest


def test_every_option_that_changes_an_event_has_words_and_the_roll_names_it():
    """text.EVENT_TEXT is the default reading; a d20 rolled under an option that changes the
    event (d20.EVENT_OPTIONS) says so, in words, in the same sentence (the old sentence stated
    the default whatever the options: 'exactly 5 squares away' under get_over_here = within5)."""
    from racekit.core.game import game_class
    from racekit.games.leaf_marathon.d20 import EVENT_OPTIONS
    from racekit.games.leaf_marathon.text import OPTION_WORDS
    from tests.lm_helpers import act, make

    gt = game_class("leaf_marathon").game_type
    known = {o.name for o in gt.options}
    for event, names in EVENT_OPTIONS.items():
        for name in names:
            assert name in known or name in ("trigger_discard", "bear_after_faint"), name
            for value in gt.option(name).choices if name in known else ():
                if value != gt.option(name).default:
                    assert (name, value) in OPTION_WORDS, (event, name, value)
    for event, names in EVENT_OPTIONS.items():
        if not any(n in known for n in names):
            continue            # an option of a newer rule revision, not in this build
        option = next(n for n in names if n in known)
        value = next(v for v in gt.option(option).choices if v != gt.option(option).default)
        st = make([{"pos": 10, "hand": ["trigger", "action"]}, {"pos": 14}], order=[0, 1],
                  options={option: value})
        act(st, "play trigger")
        st.apply_action(event)
        line = st.game.render(next(e for e in st.events if e.kind == "d20"))
        assert f"{OPTION_WORDS[(option, value)]} ({option} = {value})" in line, line
