"""The MCTS agent on the OpenSpiel adapter (issue 21; marker ``conformance``, the rl extra):
legal, deterministic from its seed, blind to other seats' secrets, and accepted by
`racekit simulate --agents`."""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from racekit.core.agents import make_agent   # noqa: E402
from racekit.core.game import load_game, shipped_names   # noqa: E402
from secrecy_helpers import replay, twins   # noqa: E402

pytestmark = pytest.mark.conformance


@pytest.mark.parametrize("gid", shipped_names())
def test_mcts_plays_legal_moves_reproducibly(gid):
    game = load_game(gid, turn_limit=2)
    from racekit.core.session import Session
    runs = []
    for _ in range(2):
        agents = [make_agent("mcts", 5, game)] + [make_agent("random", 5, game)] * (game.num_players - 1)
        session = Session(game, seed=3, agents=agents)
        session.run()
        runs.append(session.state.history())
    assert runs[0] == runs[1]


def test_mcts_does_not_see_another_seats_secret():
    """Snow Tails: two worlds differing only in another seat's cards give the same choice."""
    from test_seat_views import TWINS
    tw = twins("snow_tails", **TWINS["snow_tails"])
    agent = make_agent("mcts", 9, tw.game)
    for upto in range(tw.ply + 1, tw.same + 1):
        a = replay(tw.game, tw.line_a[:upto])
        b = replay(tw.game, tw.line_b[:upto])
        if not a.is_chance_node() and not a.is_terminal() and a.current_player() == tw.viewer:
            assert agent(a, upto) == agent(b, upto)


def test_simulate_takes_an_mcts_seat():
    from typer.testing import CliRunner
    from racekit.cli import app
    out = CliRunner().invoke(app, ["simulate", "wingsuit", "--games", "2", "--agents",
                                   "mcts,careful,careful", "--seed", "1"])
    assert out.exit_code == 0, out.output
    assert "agents mcts+careful+careful" in out.output


def test_mcts_against_careful_is_paired_and_stored(tmp_path):
    from racekit.sim import strength
    r = strength.mcts_vs_careful(n_games=3, seed=4)
    assert r["better"] + r["worse"] + r["same"] == 3
    assert 0 <= r["mcts_wins"] <= 3 and 0 <= r["careful_wins"] <= 3
    assert strength.mcts_vs_careful(n_games=3, seed=4) == r        # the same seeds, the same games
    text = strength.describe(r)
    assert f"won {r['mcts_wins']}" in text and f"won {r['careful_wins']}" in text
    stored = strength.stored()
    assert stored is not None and set(stored) == set(r) and stored["games"] == strength.GAMES


def test_mcts_rollouts_run_on_the_aeroplane_chess_kernel_checked_against_the_engine(monkeypatch):
    """Issue 21: Aeroplane Chess's MCTS rollouts are finished by the compiled kernel from the
    next roll of the die; the first CHECKS of them are played again by the rules engine on the
    same numbers, and a kernel that parts from it stops the run."""
    pytest.importorskip("numba")
    from racekit.adapters import mcts as M
    from racekit.core.session import Session
    from racekit.sim.kernels import KernelMismatchError
    game = load_game("aeroplane_chess", players=2, turn_limit=6)
    agent = M.MCTSAgent(3)
    Session(game, seed=1, agents=[agent, make_agent("random", 1, game)]).run()
    assert agent.tally.rollouts > M.CHECKS and agent.tally.checked == M.CHECKS
    jit = M.kernel_rollout_module(game)
    real = jit.rollout

    def stale(game_, state, du, au, more=None):   # a kernel that moves another plane once
        tail, view, du, au = real(game_, state, du, au, more)
        return tail[:1] + [tail[1] + 1] + tail[2:] if len(tail) > 1 else tail, view, du, au

    monkeypatch.setattr(jit, "rollout", stale)
    with pytest.raises(KernelMismatchError, match="kernel rollout"):
        Session(game, seed=1, agents=[M.MCTSAgent(3), make_agent("random", 1, game)]).run()
