"""`racekit bench --anchors`: every game measured, both ratio lines (or the anchors said skipped)."""
import importlib.util
import re

from typer.testing import CliRunner

from racekit.cli import app
from racekit.games import SHIPPED
from racekit.sim.anchors import run_anchors


def test_anchors_table_names_every_game_and_the_ratios():
    lines = []
    out = run_anchors(rounds=1, seconds=0.05, explorer=False, echo=lines.append)
    text = "\n".join(lines)
    for gid in SHIPPED:
        assert any(line.startswith(gid) for line in lines), gid
    assert "snow_tails careful" in text                      # a game's own agent, whole races
    from racekit.games.aeroplane_chess import kernel
    ac = next(line for line in lines if line.startswith("aeroplane_chess tournament"))
    assert f"kernel ({kernel.implementation()})" in ac          # which implementation ran
    for anchor, module in (("maedn", "pyspiel"), ("ludopy", "ludopy")):
        if importlib.util.find_spec(module) is None:
            assert f"{anchor} skipped" in text
        else:
            assert re.search(rf"^ratio aeroplane_chess/{anchor} \d+\.\d+", text, re.M), text
            assert out[f"ratio_{anchor}"] > 0
    assert re.search(r"^import racekit: \d+ ms", text, re.M)


def test_bench_needs_a_game_or_anchors():
    out = CliRunner().invoke(app, ["bench"])
    assert out.exit_code == 2 and "--anchors" in out.output


def test_a_missing_anchor_says_how_to_install_it(monkeypatch):
    """A user who ran tools/run.sh has no anchors: the skip line names the set-up command."""
    from racekit.sim import anchors
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("pyspiel", "ludopy") else real(name, *a))
    for subject in (anchors.maedn_subject, anchors.ludopy_subject):
        found, why = subject()
        assert found is None
        assert "skipped" in why and "bash tools/setup.sh lab,sim,bench" in why
        assert "pip install 'racekit[bench]'" in why
