"""Bounded fuzzing of save and scenario files: any damage gives a RacekitError, never a crash (issue 7).

Each case takes a good file, damages it at random (a seeded generator: the same
cases every run) and loads it: the result is either a loaded game or a
FileFormatError naming the file; never another exception, never a hang.
"""
import copy
import json
import random
from pathlib import Path

import pytest
import yaml

from racekit.core.errors import FileFormatError
from racekit.core.savefile import load_save
from racekit.core.scenarios import run_scenario, scenario_paths

HOSTILE = Path(__file__).parent / "hostile"
ODD = [None, True, -1, 0, 7, 2**70, 1.5, float("nan"), "", "x" * 300, "roll ²", [], {}, [[[]]], {"a": {"b": []}},
       "../x.yaml", "/dev/zero", "straight4", "R1", [0, 0], -(2**63)]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            yield from _paths(v, prefix + (i,))


def _damage(data, rng):
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    node = data
    for part in path[:-1]:
        node = node[part]
    what = rng.random()
    if what < 0.2 and isinstance(node, dict):
        del node[path[-1]]
    elif what < 0.3 and isinstance(node, dict):
        node["unknown_" + str(rng.randrange(9))] = copy.deepcopy(rng.choice(ODD))
    else:
        node[path[-1]] = copy.deepcopy(rng.choice(ODD))
    return data


@pytest.mark.parametrize("name", ["save-good.json", "save-st-good.json"])
def test_damaged_saves_give_file_errors(name):
    good = json.loads((HOSTILE / name).read_text())
    rng = random.Random(name)
    for _ in range(150):
        data = _damage(json.loads(json.dumps(good)), rng)
        try:
            load_save(json.dumps(data), name=name)
        except FileFormatError as exc:
            assert str(exc).startswith(name + ": ")


@pytest.mark.parametrize("game", ["aeroplane_chess", "snow_tails"])
def test_damaged_scenarios_give_file_errors(game, tmp_path):
    rng = random.Random(game)
    files = scenario_paths(game)
    for k in range(60):
        source = rng.choice(files)
        data = _damage(yaml.safe_load(source.read_text()), rng)
        path = tmp_path / f"case{k}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True))
        try:
            run_scenario(path)      # a result (pass or fail) is fine
        except FileFormatError as exc:
            assert str(exc).startswith(str(path)), str(exc)
