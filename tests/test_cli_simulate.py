"""`racekit simulate`: the summary table, the same table with 1 or 2 workers, rows written out."""
import pytest
from typer.testing import CliRunner

from racekit.cli import app

pd = pytest.importorskip("pandas")
runner = CliRunner()


def _table(out: str) -> str:
    return "\n".join(line for line in out.splitlines() if "game/s" not in line)


def test_simulate_prints_win_rates_with_intervals_and_length():
    one = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "150", "--seed", "1",
                              "--workers", "1"])
    assert one.exit_code == 0, one.output
    for name in ("Red", "Yellow", "Blue", "Green"):
        assert any(line.startswith(name) and "[" in line for line in one.output.splitlines())
    assert "plies" in one.output and "rounds" in one.output and "150 games, seed 1" in one.output
    two = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "150", "--seed", "1",
                              "--workers", "2"])
    assert two.exit_code == 0, two.output
    assert _table(one.output) == _table(two.output)


def test_simulate_says_plainly_why_the_engine_played():
    out = runner.invoke(app, ["simulate", "wingsuit", "-n", "2", "--workers", "1",
                              "-o", "distinct_scope=per_group", "-o", "brave_identity=planned_hand"])
    assert out.exit_code == 0, out.output
    assert ("played by the engine (brave_identity = planned_hand with distinct_scope = per_group)"
            in out.output)
    # the turn limit (not a rule) is played by Aeroplane Chess's compiled kernel since issue 21
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "3", "--workers", "1",
                              "-o", "turn_limit=40"])
    assert out.exit_code == 0, out.output
    assert "played by the kernel" in out.output


def test_simulate_names_the_kernel_implementation_that_played():
    """As `racekit bench` does: a designer sees whether the compiled kernel played."""
    from racekit.core.game import load_game
    from racekit.sim import kernels
    for gid, agent in (("leaf_marathon", "random"), ("leaf_marathon", "careful"),
                       ("wingsuit", "random"), ("snow_tails", "random")):
        game = load_game(gid)
        agents = (agent,) * game.num_players
        which = kernels.implementation_of(kernels.kernel_for(game, agents)[0], agents, game)
        out = runner.invoke(app, ["simulate", gid, "-n", "3", "--workers", "1", "--agent", agent])
        assert out.exit_code == 0, out.output
        assert which and f"played by the kernel ({which})" in out.output, out.output
    # Wingsuit's careful agent has no compiled restatement: the engine plays it, and says why
    out = runner.invoke(app, ["simulate", "wingsuit", "-n", "2", "--workers", "1", "--agent", "careful"])
    assert out.exit_code == 0, out.output
    assert "played by the engine (the wingsuit kernel does not play agent careful)" in out.output


def test_bench_says_why_the_engine_played_as_simulate_does():
    """`racekit bench` in auto mode names the reason where the engine played (it printed none)."""
    for args, why in ((["--agent", "careful"], "the wingsuit kernel does not play agent careful"),
                      (["-o", "distinct_scope=per_group", "-o", "brave_identity=planned_hand"],
                       "brave_identity = planned_hand with distinct_scope = per_group")):
        out = runner.invoke(app, ["bench", "wingsuit", "--games", "2"] + args)
        assert out.exit_code == 0, out.output
        assert f"played by the engine ({why})" in out.output, out.output
    out = runner.invoke(app, ["bench", "wingsuit", "--games", "2"])   # the kernel: no reason
    assert out.exit_code == 0 and "played by the kernel (" in out.output, out.output
    assert "played by the engine" not in out.output


def test_simulate_writes_rows(tmp_path):
    for name in ("games.csv", "games.parquet"):
        path = tmp_path / name
        out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5", "--seed", "2",
                                  "-o", "captured_to=base", "--workers", "1", "--out", str(path)])
        assert out.exit_code == 0, out.output
        df = pd.read_csv(path) if name.endswith(".csv") else pd.read_parquet(path)
        assert len(df) == 5 and '"captured_to": "base"' in df["options"].iloc[0]


def test_simulate_refuses_bad_input_without_a_traceback(tmp_path):
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5", "--out",
                              str(tmp_path / "x.xlsx")])
    assert out.exit_code == 2 and "parquet or .csv" in out.output
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5", "-o", "overshoot=far"])
    assert out.exit_code == 2 and "overshoot" in out.output
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5", "--agent", "clever"])
    assert out.exit_code == 2 and "clever" in out.output
    out = runner.invoke(app, ["simulate", "chess", "-n", "5"])
    assert out.exit_code == 2 and "unknown game" in out.output


def test_simulate_without_pandas_says_how_to_install_it_in_the_venv(monkeypatch):
    """`bash tools/run.sh` installs the lab extra only: the error names the set-up command (no pip
    into an externally managed system Python) and is one line, no traceback."""
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a, **k: None if name == "pandas" else real(name, *a, **k))
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5"])
    assert out.exit_code == 2
    text = out.output.strip()
    assert text.startswith("error: pandas is missing") and "\n" not in text, text
    assert "bash tools/setup.sh lab,sim" in text
    assert "Traceback" not in out.output


def test_python_simulate_without_pandas_says_how_to_install_it(monkeypatch):
    import sys

    import racekit
    monkeypatch.setitem(sys.modules, "pandas", None)   # `import pandas` now fails
    with pytest.raises(ImportError, match=r"bash tools/setup\.sh lab,sim") as err:
        racekit.simulate("aeroplane_chess", 2, seed=1)
    assert err.value.name == "pandas"


def test_simulate_checks_out_before_playing_and_refuses_huge_counts(tmp_path, monkeypatch):
    """A bad --out fails at once (not after every game is played), saying why in words."""
    from racekit.sim import simulate as sim
    played = []
    monkeypatch.setattr(sim, "play_chunk", lambda *a, **k: played.append(a) or [])
    (tmp_path / "dir.csv").mkdir()
    for path, why in ((tmp_path / "no" / "x.csv", "does not exist"),
                      (tmp_path / "dir.csv", "is a folder")):
        out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5", "--workers", "1",
                                  "--out", str(path)])
        assert out.exit_code == 2 and why in out.output and "None" not in out.output, out.output
        assert "Traceback" not in out.output
    assert played == []
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", str(10**23)])
    assert out.exit_code == 2 and out.output.startswith("error:") and "at most" in out.output


@pytest.mark.parametrize("args, word", [
    (["bench", "snow_tails", "--games", str(10**20)], "--games"),   # was an internal OverflowError
    (["bench", "--anchors", "--seconds", "1e300"], "--seconds"),    # was a run without end
    (["bench", "--anchors", "--rounds", "1000"], "--rounds"),
    (["simulate", "aeroplane_chess", "-n", "5", "--workers", str(10**20)], "--workers"),
])
def test_counts_beyond_reason_are_one_error_line(args, word, capsys):
    with pytest.raises(SystemExit) as stop:
        app(args)                      # as the racekit script runs it (one-line usage errors)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("error:") and word in err, err
    assert "internal error" not in err and "Traceback" not in err and err.count("\n") == 1


def test_the_summary_names_the_options_set():
    """A designer comparing readings saw the same first line for every -o: the summary now names
    the options that differ from the preset, as `racekit bench` does."""
    out = runner.invoke(app, ["simulate", "leaf_marathon", "-n", "2", "--workers", "1",
                              "-o", "tie_points=split", "-o", "move_model=sequential_in_play_order"])
    assert out.exit_code == 0, out.output
    assert ("leaf_marathon (standard, 4 players, move_model=sequential_in_play_order, "
            "tie_points=split, agents random): 2 games") in out.output
    plain = runner.invoke(app, ["simulate", "wingsuit", "-n", "2", "--workers", "1"])
    assert "wingsuit (standard, 3 players, agents random): 2 games" in plain.output
