"""Every command ends on its own (issue 16): a game its agents never finish stops at the
engine's guard (``racekit.core.errors.MAX_PLIES``) with the no-end error in words and exit
code 2, whatever the agent and the output options; so does the explorer's Play.

First-legal agents loop in Wingsuit with seed 6 (every round the same crash and reset). The
subprocess runs below carry a timeout only so that a regression fails instead of hanging the
suite; they are not timed tests. The in-process runs lower the guard (``Session.max_plies``)
so that every game and agent reaches it quickly.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from racekit import load_game
from racekit.cli import app
from racekit.core.agents import agent_names, make_agent
from racekit.core.errors import NoEndError
from racekit.sim.kernels import MAX_PLIES   # the guard (defined in racekit.core.errors)
from racekit.core.savefile import save_game
from racekit.core.session import Session

runner = CliRunner()
TIMEOUT = 900          # seconds: far above the few seconds a run takes; only a hang reaches it
LOOP = ["wingsuit", "--agent", "first", "--seed", "6"]
NO_END = f"no end within {MAX_PLIES} plies"


def racekit(*args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([sys.executable, "-m", "racekit.cli", *args], capture_output=True,
                              text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`racekit {' '.join(args)}` did not end within {TIMEOUT} s")


def test_the_looping_game_loops():
    """The premise: with first-legal agents, Wingsuit seed 6 reaches the guard."""
    game = load_game("wingsuit")
    session = Session(game, seed=6, agents=[make_agent("first", 6, game)] * game.num_players)
    session.max_plies = 3000
    with pytest.raises(NoEndError, match="no end within 3000 plies"):
        session.run()
    assert session.state.ply == 3000 and not session.state.is_terminal()
    with pytest.raises(NoEndError):      # and stays stopped: nothing more is played
        session.step()
    assert session.state.ply == 3000


@pytest.mark.parametrize("extra", [[], ["--quiet"], ["--summary"], ["--seat", "1", "--save", "SAVE"]],
                         ids=["story", "quiet", "summary", "seat-save"])
def test_play_stops_at_the_guard_with_exit_2(extra, tmp_path):
    extra = [str(tmp_path / "g.json") if a == "SAVE" else a for a in extra]
    out = racekit("play", *LOOP, *extra)
    assert out.returncode == 2, out.stderr[-2000:]
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("error: wingsuit (standard, 3 players)") and NO_END in last, last
    assert "turn_limit" in last and "Traceback" not in out.stderr
    if "--seat" in extra:      # a seat's view never shows the seed, not even in the error
        assert "seed" not in last and not (tmp_path / "g.json").exists()
    else:
        assert "game seed 6" in last
    if "--quiet" in extra:
        assert out.stdout == ""


@pytest.mark.parametrize("engine", ["auto", "engine"])
def test_simulate_stops_at_the_guard(engine):
    out = racekit("simulate", "wingsuit", "-n", "10", "--agent", "first", "--workers", "1",
                  "--engine", engine)
    assert out.returncode == 2, out.stderr[-2000:]
    assert NO_END in out.stderr and "Traceback" not in out.stderr


def test_bench_stops_at_the_guard():
    out = racekit("bench", "wingsuit", "--agent", "first", "--games", "20")
    assert out.returncode == 2, out.stderr[-2000:]
    assert NO_END in out.stderr and "Traceback" not in out.stderr


# ----- in process, with the guard lowered: every game, every agent, every command -----------
@pytest.fixture
def low_guard(monkeypatch):
    monkeypatch.setattr(Session, "max_plies", 40, raising=False)
    return 40


@pytest.mark.parametrize("game", ["aeroplane_chess", "leaf_marathon", "snow_tails", "wingsuit"])
def test_play_stops_at_the_guard_whatever_the_agent(game, low_guard):
    for agent in agent_names(game):
        for extra in ([], ["--quiet"]):
            out = runner.invoke(app, ["play", game, "--agent", agent, "--seed", "3", *extra])
            assert out.exit_code == 2, (agent, out.output[-500:])
            assert f"no end within {low_guard} plies" in out.output.splitlines()[-1], agent


def test_golden_and_figures_stop_at_the_guard(low_guard, tmp_path):
    out = runner.invoke(app, ["golden", "--out", str(tmp_path / "golden"), "--game", "snow_tails"])
    assert out.exit_code == 2 and f"no end within {low_guard} plies" in out.output, out.output
    out = runner.invoke(app, ["figures", "--out", str(tmp_path / "figures"), "--game", "snow_tails",
                              "--no-scenarios", "--width", "300"])
    assert out.exit_code == 2 and f"no end within {low_guard} plies" in out.output, out.output


def test_bench_explorer_stops_at_the_guard(low_guard):
    out = runner.invoke(app, ["bench", "snow_tails", "--explorer", "--steps", "5"])
    assert out.exit_code == 2 and f"no end within {low_guard} plies" in out.output, out.output


def test_replay_and_scenarios_of_a_looping_game_end(tmp_path):
    """A save of the looping game, cut at 3000 plies, replays to its last entry and stops."""
    game = load_game("wingsuit")
    session = Session(game, seed=6, agents=[make_agent("first", 6, game)] * game.num_players)
    session.run(max_plies=3000)
    path = tmp_path / "loop.json"
    save_game(session.state, path, seed=6)
    out = runner.invoke(app, ["replay", str(path), "--no-story"])
    assert out.exit_code == 0 and "replayed 3000 of 3000 plies" in out.output, out.output[-500:]
    assert "Places so far" in out.output or "Ranking" in out.output
    probe, steps = game.new_initial_state(record_events=False), []
    for action in session.line[:400]:      # the first 400 plies, step by step, as a scenario
        steps.append({"chance" if probe.is_chance_node() else "action": probe.action_to_string(action)})
        probe.apply_action(action)
    scenario = {"id": "WS-LOOP-1", "title": "The first-legal loop", "clauses": ["WS-CRASH-3"],
                "game": "wingsuit", "outcome": "the same crash every round", "steps": steps,
                "expect": {"terminal": False}}
    (tmp_path / "loop.yaml").write_text(json.dumps(scenario))
    out = runner.invoke(app, ["scenarios", str(tmp_path / "loop.yaml")])
    assert out.exit_code == 0 and "1 passed, 0 failed" in out.output, out.output[-1500:]


def test_explorer_play_stops_at_the_guard(low_guard):
    pytest.importorskip("ipywidgets")
    from racekit.explorer import explore
    ex = explore("wingsuit", seed=6, agent="first")
    ex.play.playing = True
    value = 0
    while ex.play.playing and value < 10 * low_guard:
        value += 1
        ex.play.value = value            # what the front end's timer does
    assert ex.play.playing is False, "Play went on past the guard"
    assert ex.session.cursor == low_guard and not ex.session.state.is_terminal()
    assert isinstance(ex.error, NoEndError)
    assert f"no end within {low_guard} plies" in ex.error_box.value
    ex.close()
