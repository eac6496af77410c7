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
    from racekit.core.game import load_game
    from racekit.sim import kernels
    which = kernels.played_by(kernels.kernel_for(load_game("aeroplane_chess", preset="tournament"),
                                                 ("random",) * 4)[0])
    ac = next(line for line in lines if line.startswith("aeroplane_chess tournament"))
    assert which in ac                                        # which implementation ran
    for gid in SHIPPED:   # the engine's own speed, events off: what plays without numba
        assert any(line.startswith(gid) and " engine " in line and "engine, events off" in line
                   for line in lines), gid
    if which == "kernel (numba)":   # each kernel checked against the engine, its cost said
        assert re.search(r"checked \d+ games? against the engine: \d+\.\d% of the run", ac), ac
    assert "engine, events off (the wingsuit kernel does not play agent careful)" in text
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


def test_bail_notes_count_each_subjects_own_timed_games():
    """The bench notes' "N of M games replayed by the engine" counts the subject's own timed games:
    not the warm-up, and not the games of another subject with the same kernel (Leaf
    Marathon's random and careful agents share one compiled module's counters; both notes
    said the same total before)."""
    import pytest
    from racekit.core.game import load_game
    from racekit.sim import kernels
    from racekit.sim.anchors import _time_slice, racekit_subject
    for gid in ("leaf_marathon", "wingsuit"):
        game = load_game(gid)
        kernel, _ = kernels.kernel_for(game, ("random",) * game.num_players)
        if kernels.implementation_of(kernel) != "numba":
            pytest.skip("numba is not installed: no compiled kernel, no bail-out notes")
    subjects = [racekit_subject("leaf_marathon"), racekit_subject("leaf_marathon", agent="careful"),
                racekit_subject("wingsuit")]
    played = [0] * len(subjects)
    for subject in subjects:
        subject.run(10 ** 6)                       # the warm-up, untimed and not counted
    for r in range(2):                             # interleaved, as run_anchors does
        for i, subject in enumerate(subjects):
            played[i] += _time_slice(subject, 0.05, start=1000 * r)
    for subject, games in zip(subjects, played):
        assert re.fullmatch(rf"\d+ of {games} games replayed by the engine \(\d+\.\d%\)",
                            subject.more()), (subject.name, subject.more(), games)
