"""Every simulation checks its compiled kernel against the engine on games of its own run.

A stale kernel (a rule the engine changed and the compiled loop did not) is planted by
making the compiled loop read one rule setting wrong, or take another action at one ply:
``racekit.simulate``, ``racekit simulate`` and ``racekit bench`` refuse to report, naming the
game, the seed and the first differing ply, and say how to play on the engine instead.
"""
import copy
import re

import pytest
from typer.testing import CliRunner

from racekit import load_game
from racekit.cli import app
from racekit.sim import kernels

pd = pytest.importorskip("pandas")
pytest.importorskip("numba")
runner = CliRunner()


@pytest.fixture
def stale_launch(monkeypatch):
    """The Aeroplane Chess compiled loop reads its launch rule wrong (in the tournament game a 5
    does not launch where the engine says it does): a stale restatement of AC-TOUR-LAUNCH-1."""
    from racekit.games.aeroplane_chess import kernel_jit
    real = kernel_jit.tables

    def stale(game):
        t = copy.copy(real(game))
        t.cfg = t.cfg.copy()
        t.cfg[kernel_jit.LAUNCH_MASK] ^= 1 << 5
        return t
    monkeypatch.setattr(kernel_jit, "tables", stale)


def _named(err: str, game_id: str, seeds) -> tuple[int, int]:
    found = re.search(r"seed (\d+)\).*at ply (\d+)", err)
    assert found, err
    seed, ply = int(found[1]), int(found[2])
    assert game_id in err and seed in seeds
    assert 'engine="engine"' in err and "--engine engine" in err
    return seed, ply


def test_simulate_refuses_a_stale_kernel_naming_game_seed_and_ply(stale_launch):
    from racekit.sim.simulate import game_seed, simulate
    with pytest.raises(kernels.KernelMismatchError) as err:
        simulate("aeroplane_chess", 200, seed=3, workers=1, progress=False,
                 preset="tournament")
    seed, ply = _named(str(err.value), "aeroplane_chess", [game_seed(3, i) for i in range(200)])
    assert (err.value.game_id, err.value.seed, err.value.ply) == ("aeroplane_chess", seed, ply)
    # the ply is where the two part: the same up to it, not after
    game = load_game("aeroplane_chess", preset="tournament")
    fast = kernels.kernel_module(game).play(game, seed, ("random",) * 4)
    ref = kernels.engine_playout(game, seed, ("random",) * 4, events=False)
    assert fast.history[:ply] == ref.history[:ply] and fast.history[ply] != ref.history[ply]
    # on the engine the run goes through, as the message says
    df = simulate("aeroplane_chess", 20, seed=3, workers=1, progress=False, engine="engine",
                  preset="tournament")
    assert set(df["played_by"]) == {"engine"}


def test_the_cli_refuses_a_stale_kernel_without_a_traceback(stale_launch):
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "50", "--workers", "1",
                              "--preset", "tournament"])
    assert out.exit_code == 2 and "error: the aeroplane_chess kernel is stale" in out.output
    assert "Traceback" not in out.output and "Red" not in out.output   # no table reported
    out = runner.invoke(app, ["simulate", "aeroplane_chess", "-n", "5", "--workers", "1",
                              "--preset", "tournament", "--engine", "engine"])
    assert out.exit_code == 0 and "played by the engine" in out.output
    out = runner.invoke(app, ["bench", "aeroplane_chess", "--games", "30", "--preset", "tournament"])
    assert out.exit_code == 2 and "kernel is stale" in out.output and "games/s" not in out.output
    out = runner.invoke(app, ["bench", "aeroplane_chess", "--games", "3", "--preset", "tournament",
                              "--engine", "engine"])
    assert out.exit_code == 0 and "played by the engine" in out.output


def test_a_kernel_that_takes_another_action_at_one_ply_is_refused(monkeypatch):
    """Leaf Marathon, the compiled loop's game changed at ply 150 of every game."""
    from racekit.sim.simulate import simulate
    game = load_game("leaf_marathon")
    kernel = kernels.kernel_module(game)
    real = kernel.jit.playout

    def altered(game, seed, agents, bail_at=-1):
        out = real(game, seed, agents, bail_at)
        out.history[150] += 1
        return out
    monkeypatch.setattr(kernel.jit, "playout", altered)
    with pytest.raises(kernels.KernelMismatchError, match=r"leaf_marathon .*at ply 150 the kernel"):
        simulate(game, 30, workers=1, progress=False)


def test_the_check_is_spread_over_the_run_and_sized_by_it():
    order = list(kernels._spread(16))
    assert sorted(order) == list(range(16)) and order[:4] == [8, 4, 12, 2]
    assert list(kernels._spread(1)) == [0]
    game = load_game("aeroplane_chess")
    agents = ("random",) * 4
    small = kernels.check_kernel(game, agents, range(50))
    assert small.games == 1 and small.seeds == [25]   # at least one game, the middle one
    run = [7 * i for i in range(4 * kernels.CHECK_EVERY)]
    four = kernels.check_kernel(game, agents, run)
    assert four.seeds == [run[i] for i in (2000, 1000, 3000, 500)]   # one per CHECK_EVERY games
    assert kernels.check_kernel(game, agents, range(10 ** 6)).games == kernels.CHECK_MAX
    assert four.words() == "checked 4 games against the engine"
    assert re.fullmatch(r"checked 4 games against the engine: \d+\.\d% of the run",
                        four.words(run_seconds=1.0))


def test_a_simulation_says_what_the_check_did():
    from racekit.sim.simulate import simulate
    df = simulate("aeroplane_chess", 30, workers=1, progress=False)
    assert df.attrs["kernel_check"] == "checked 1 game against the engine"
    out = runner.invoke(app, ["bench", "aeroplane_chess", "--games", "40"])
    assert out.exit_code == 0, out.output
    assert "checked 1 game against the engine" in out.output
    assert "the engine alone (events off)" in out.output


def test_many_small_simulations_share_one_budget():
    """A designer review plays many small simulations: one check per thousand games of them all
    (at least one), spread over the small runs, instead of one engine game per reading."""
    game = load_game("aeroplane_chess")
    agents = ("random",) * 4
    runs = [(game, agents, range(100 * i, 100 * i + 100), "auto") for i in range(30)]
    runs[3] = (game, agents, range(5000, 7500), "auto")          # one big run: two of its own
    runs[4] = (game, agents, range(10), None)                     # played by the engine
    checks = kernels.check_runs(runs)
    sizes = [c.games if c else 0 for c in checks]
    assert sizes[3] == 2 and sizes[4] == 0
    assert sum(sizes) == (28 * 100 + 2500) // kernels.CHECK_EVERY   # 5: the big run's 2, and 3
    assert sum(1 for k in sizes if k == 1) == 3
    one = kernels.check_runs([(game, agents, range(30), "auto")])
    assert one[0].games == 1


def test_simulate_many_checks_a_jobs_kernel_under_its_own_options(stale_launch):
    """The stale launch rule shows only in the tournament game: the job that plays it is the
    one checked and named (the family job passes its check)."""
    from racekit.sim.simulate import simulate_many
    jobs = [dict(game="aeroplane_chess", n_games=20, preset="family"),
            dict(game="aeroplane_chess", n_games=1000, preset="tournament")]
    with pytest.raises(kernels.KernelMismatchError, match="preset=tournament"):
        simulate_many(jobs, workers=1, progress=False)
    frames = simulate_many(jobs[:1], workers=1, progress=False)
    assert frames[0].attrs["kernel_check"] == "checked 1 game against the engine"
