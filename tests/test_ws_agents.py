"""Wingsuit Flight: the careful agent reaches the finish and crashes less than random play."""
import racekit
from racekit.core.agents import make_agent
from racekit.core.session import Session


def _crashes(agent, seeds):
    g = racekit.load_game("wingsuit", players=3, max_rounds=60)
    crashes, exits = 0, 0
    for seed in seeds:
        s = Session(g, seed=seed, agents=[make_agent(agent, seed + k, g) for k in range(3)])
        s.run()
        crashes += sum(1 for e in s.state.events if e.kind == "crash" and e.data["mover"])
        exits += any(s.state.exited)
        assert s.state.is_terminal()
    return crashes, exits


def test_careful_agent_crashes_less_and_finishes():
    careful, careful_exits = _crashes("careful", range(4))
    rand, _ = _crashes("random", range(4))
    assert careful_exits == 4          # every demonstration game reaches the finish
    assert careful * 3 < rand          # far fewer self-made crashes than random play


def test_careful_agent_is_deterministic():
    g = racekit.load_game("wingsuit", players=3)
    runs = []
    for _ in range(2):
        s = Session(g, seed=5, agents=[make_agent("careful", 5 + k, g) for k in range(3)])
        s.run()
        runs.append(s.state.history())
    assert runs[0] == runs[1]
