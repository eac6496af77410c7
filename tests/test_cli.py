"""The racekit command line."""
import pytest
from typer.testing import CliRunner

from racekit.cli import app

runner = CliRunner()


def test_games_lists_every_game():
    out = runner.invoke(app, ["games"])
    assert out.exit_code == 0
    assert "aeroplane_chess" in out.output and "snow_tails" in out.output


@pytest.mark.parametrize("game", ["aeroplane_chess", "snow_tails"])
def test_play_prints_a_whole_game_to_a_ranking(game, tmp_path):
    out = runner.invoke(app, ["play", game, "--seed", "1", "--save", str(tmp_path / "g.json")])
    assert out.exit_code == 0, out.output
    assert "Ranking: 1. " in out.output
    again = runner.invoke(app, ["replay", str(tmp_path / "g.json")])
    assert again.exit_code == 0, again.output


def test_play_rejects_a_bad_option_by_name():
    out = runner.invoke(app, ["play", "aeroplane_chess", "--option", "overshoot=sideways"])
    assert out.exit_code == 2
    assert "overshoot" in out.output and "bounce" in out.output


def test_play_rejects_an_unknown_game():
    out = runner.invoke(app, ["play", "ludo"])
    assert out.exit_code == 2 and "known games" in out.output


@pytest.mark.parametrize("game", ["aeroplane_chess", "snow_tails"])
def test_scenarios_command_ends_with_counts(game):
    out = runner.invoke(app, ["scenarios", game])
    assert out.output.strip().splitlines()[-1].endswith(" passed, 0 failed"), out.output
    assert out.exit_code == 0


@pytest.mark.parametrize("game", ["aeroplane_chess", "snow_tails"])
def test_rules_lists_every_clause_with_no_gaps(game):
    out = runner.invoke(app, ["rules", game])
    assert out.exit_code == 0, out.output[-2000:]
    last = out.output.strip().splitlines()[-1]
    n = int(last.split()[0])
    assert last == f"{n} clauses: {n} asserted, 0 cited only, 0 gaps"
    assert "implemented: racekit/games/" in out.output


def test_figures_are_written_and_identical_when_regenerated(tmp_path):
    from racekit.figures import regenerate
    first = regenerate(tmp_path / "a", ["aeroplane_chess"], scenarios=False)
    second = regenerate(tmp_path / "b", ["aeroplane_chess"], scenarios=False)
    assert [p.name for p in first] == ["aeroplane_chess-family-start.png", "aeroplane_chess-family-midgame.png",
                                       "aeroplane_chess-tournament-start.png",
                                       "aeroplane_chess-tournament-midgame.png"]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    assert all(p.read_bytes()[:4] == b"\x89PNG" for p in first)


def test_bench_reports_games_per_second():
    out = runner.invoke(app, ["bench", "snow_tails", "--games", "5"])
    assert out.exit_code == 0, out.output
    assert "5 random playouts" in out.output and "games/s" in out.output


def test_bench_names_the_settings_in_words_not_a_python_repr():
    out = runner.invoke(app, ["bench", "aeroplane_chess", "--games", "3", "--preset", "tournament",
                              "-o", "captured_to=takeoff"])
    assert out.exit_code == 0, out.output
    line = out.output.strip().splitlines()[-1].split("\r")[-1].strip()   # after the progress bar
    assert line.startswith("aeroplane_chess (tournament, 4 players, captured_to=takeoff): 3 random"), line
    assert "<" not in line and "played by the " in line                # preset values are not listed


def test_play_with_a_games_own_agent():
    out = runner.invoke(app, ["play", "snow_tails", "--seed", "2", "--agent", "careful"])
    assert out.exit_code == 0, out.output
    ranking = next(line for line in out.output.splitlines() if line.startswith("Ranking: "))
    assert "2. " in ranking and "drops out" not in out.output    # a race, not a pile-up
    listed = runner.invoke(app, ["games"])
    assert "agents: random, first, careful" in listed.output


def test_play_rejects_an_unknown_agent_listing_the_games_agents():
    out = runner.invoke(app, ["play", "snow_tails", "--agent", "clever"])
    assert out.exit_code == 2
    assert "unknown agent 'clever'" in out.output and "random, first, careful" in out.output
    out = runner.invoke(app, ["play", "aeroplane_chess", "--agent", "careful"])
    assert out.exit_code == 2 and "agents: random, first" in out.output


def test_play_for_one_seat_hides_the_others_draws():
    everything = runner.invoke(app, ["play", "snow_tails", "--seed", "2", "--agent", "careful"]).output
    seat0 = runner.invoke(app, ["play", "snow_tails", "--seed", "2", "--agent", "careful", "--seat", "0"])
    assert seat0.exit_code == 0, seat0.output
    hidden = [line for line in seat0.output.splitlines() if line.endswith("chance: (hidden)")]
    assert len(hidden) > 10
    assert "chance: draw" in seat0.output          # seat 0's own draws still show
    assert everything.count("chance: draw") == seat0.output.count("chance: draw") + len(hidden)


def test_bench_names_the_kernel_implementation_that_played():
    from racekit import load_game
    from racekit.sim import kernels
    kernel = kernels.kernel_for(load_game("aeroplane_chess", preset="tournament"), ("random",) * 4)[0]
    out = runner.invoke(app, ["bench", "aeroplane_chess", "--preset", "tournament", "--games", "3"])
    assert out.exit_code == 0, out.output
    assert f"played by the {kernels.played_by(kernel)}" in out.output


def test_bench_with_a_games_agent():
    out = runner.invoke(app, ["bench", "snow_tails", "--games", "2", "--agent", "careful"])
    assert out.exit_code == 0 and "2 careful playouts" in out.output
    bad = runner.invoke(app, ["bench", "snow_tails", "--games", "2", "--agent", "clever"])
    assert bad.exit_code == 2 and "careful" in bad.output


def test_bench_engine_takes_the_values_simulate_takes():
    """`--engine kernel` (simulate's third value) was refused by bench; now it asks for the
    kernel and says why where none covers the settings, as simulate does."""
    out = runner.invoke(app, ["bench", "snow_tails", "--games", "2", "--engine", "kernel"])
    assert out.exit_code == 0 and "played by the kernel" in out.output, out.output
    out = runner.invoke(app, ["bench", "wingsuit", "--games", "2", "--engine", "kernel",
                              "--agent", "careful"])
    assert out.exit_code == 2 and "no kernel: the wingsuit kernel does not play agent careful" \
        in out.output, out.output
    out = runner.invoke(app, ["bench", "snow_tails", "--games", "2", "--engine", "kern"])
    assert out.exit_code == 2 and out.output.startswith("error: --engine must be auto, kernel or")
    out = runner.invoke(app, ["simulate", "snow_tails", "-n", "2", "--engine", "kern"])
    assert out.exit_code == 2 and out.output.startswith("error: --engine must be auto, kernel or")
    from racekit import load_game as load
    from racekit.sim.playouts import bench
    with pytest.raises(ValueError, match="engine must be auto, kernel or engine"):
        bench(load("snow_tails"), games=1, engine="kern")


def test_one_choice_of_who_plays_for_bench_simulate_and_the_workers():
    """kernels.choose_kernel is the one place that checks ``engine`` and picks the kernel:
    auto takes the kernel where one covers the settings, engine never, kernel or an error;
    custom agents are always played by the engine, and say so; play_chunk (a worker's task)
    refuses an unknown value as bench and simulate do."""
    import json
    from racekit import load_game as load
    from racekit.sim.kernels import CUSTOM_WHY, choose_kernel
    from racekit.sim.simulate import play_chunk
    snow, wing = load("snow_tails"), load("wingsuit")
    assert choose_kernel(snow, ("random",) * 2, "auto")[0] is not None
    assert choose_kernel(snow, ("random",) * 2, "engine") == (None, "engine asked for")
    assert choose_kernel(snow, (lambda s: s.legal_actions()[0],) * 2, "engine") == (None, CUSTOM_WHY)
    kernel, why = choose_kernel(wing, ("careful",) * wing.num_players, "auto")
    assert kernel is None and "does not play agent careful" in why
    with pytest.raises(ValueError, match="no kernel: .*careful"):
        choose_kernel(wing, ("careful",) * wing.num_players, "kernel")
    for bad in ("kern", None, "Engine"):
        with pytest.raises(ValueError, match="engine must be auto, kernel or engine"):
            choose_kernel(snow, ("random",) * 2, bad)
    with pytest.raises(ValueError, match="engine must be auto, kernel or engine, got 'kern'"):
        play_chunk(json.dumps(snow.settings()), ("random",) * 2, [1], engine="kern")


@pytest.mark.parametrize("argv, words", [
    (["play", "aeroplane_chess", "--seat", "x"], "'--seat'"),
    (["play", "aeroplane_chess", "--bogus"], "--bogus"),
    (["nosuchcommand"], "nosuchcommand"),
])
def test_a_mistyped_command_line_gives_one_error_line(argv, words):
    """Usage mistakes end like every other bad input: one line `error: ...`, exit code 2 (the real
    entry point, not CliRunner, which bypasses it)."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "racekit.cli", *argv], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], out.stderr
    assert "Traceback" not in out.stderr and "╭" not in out.stderr


def test_the_command_line_alone_and_help_still_show_the_help():
    import subprocess
    import sys
    alone = subprocess.run([sys.executable, "-m", "racekit.cli"], capture_output=True, text=True,
                           timeout=60)
    helped = subprocess.run([sys.executable, "-m", "racekit.cli", "--help"], capture_output=True,
                            text=True, timeout=60)
    assert "Usage" in alone.stdout and alone.returncode == 2     # the help, and (issue 16) ...
    lines = alone.stderr.strip().splitlines()      # ... one line saying what is missing
    assert len(lines) == 1 and lines[0].startswith("error: a command is missing: racekit COMMAND, "
                                                   "one of games, play, replay"), alone.stderr
    assert helped.returncode == 0 and "Usage" in helped.stdout and "play" in helped.stdout


def test_piping_into_head_stops_quietly():
    """`racekit play GAME | head`: no `error: Broken pipe` once the reader has gone."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "racekit.cli", "play", "aeroplane_chess",
                             "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "error" not in err.lower() and "Traceback" not in err, err


def test_preset_and_players_may_be_given_as_options_but_not_two_ways():
    same = runner.invoke(app, ["play", "aeroplane_chess", "--seed", "1", "--quiet", "--preset", "tournament"])
    via_o = runner.invoke(app, ["play", "aeroplane_chess", "--seed", "1", "--quiet", "-o", "preset=tournament"])
    assert via_o.exit_code == 0 and via_o.output == same.output
    bench = runner.invoke(app, ["bench", "aeroplane_chess", "--games", "3", "-o", "preset=tournament"])
    assert bench.exit_code == 0 and "aeroplane_chess (tournament, 4 players)" in bench.output, bench.output
    clash = runner.invoke(app, ["play", "aeroplane_chess", "--quiet", "-o", "preset=tournament",
                                "--preset", "family"])
    assert clash.exit_code == 2 and "disagree" in clash.output
    assert "Traceback" not in clash.output


def test_a_game_the_agents_never_finish_is_a_clear_error_that_says_how_to_cap_it():
    from racekit import load_game
    from racekit.core.errors import NoEndError, RacekitError
    from racekit.sim.kernels import engine_playout
    with pytest.raises(NoEndError, match=r"no end within 30 plies: .*-o turn_limit=N") as err:
        engine_playout(load_game("wingsuit"), 4, ("first",) * 3, max_plies=30)
    assert isinstance(err.value, RacekitError)             # the CLI prints it as `error: ...`
    # in words, not the Game's repr ("<wingsuit preset=standard players=3> seed 4")
    assert str(err.value).startswith("wingsuit (standard, 3 players), game seed 4: no end")
    with pytest.raises(NoEndError, match="-o turn_limit=N"):
        engine_playout(load_game("snow_tails"), 4, ("first",) * 4, max_plies=5)
