"""Every shipped Snow Tails scenario runs and passes; every ST-SCN is covered."""
import pytest

from racekit.core.scenarios import load_scenario, run_scenario, scenario_paths

PATHS = scenario_paths("snow_tails")


def test_enough_scenarios_and_every_spec_scenario_covered():
    assert len(PATHS) >= 30
    ids = {load_scenario(p)[0].id for p in PATHS}
    for k in range(1, 21):
        assert any(i.startswith(f"ST-SCN-{k:02d}") for i in ids), k


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_scenario_passes(path):
    result = run_scenario(path)
    assert result.passed, result.line()
