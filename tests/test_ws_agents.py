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


def _positions(players=4, games=3, **options):
    """Engine states met in random games: every action-phase state of the first games."""
    from racekit.core.chance import Sampler
    from racekit.core.state import CHANCE
    game = racekit.load_game("wingsuit", players=players, **options)
    for seed in range(games):
        st = game.new_initial_state(record_events=False)
        sampler, pick = Sampler(seed), make_agent("random", seed, game)
        for ply in range(400):
            if st.is_terminal():
                break
            if st.current_player() == CHANCE:
                st.apply_action(sampler.sample(st.chance_outcomes(), ply))
            else:
                if st.phase == "action":
                    yield st
                st.apply_action(pick(st, ply))


def _predicts_the_engine(**options):
    """For every character on the track and every direction, the careful agent's look-ahead
    of one step says what the engine's step does: a crash, the exit, or a move to that hex at
    that altitude."""
    from racekit.games.wingsuit import agents, move
    checked = 0
    for st in _positions(**options):
        for s in range(st.n):
            h = st.pos[s]
            if h < 0 or st.exited[s]:
                continue
            for d in range(6):
                status, h2, alt2, _ = agents.simulate(st, s, h, st.alt[s], [d])
                after = st.clone()
                got = move.step(after, s, d)
                want = {"moved": "ok", "crash": "crash", "exit": "exit"}[got]
                assert status == want, (st.round, s, d, status, got)
                if got == "moved":
                    assert (h2, alt2) == (after.pos[s], after.alt[s])
                checked += 1
    assert checked > 300


def test_careful_look_ahead_predicts_the_engines_steps():
    _predicts_the_engine()


def test_careful_look_ahead_follows_a_changed_altitude_cap(monkeypatch):
    """The agent plans with the engine's own rule functions: a designer who changes the
    altitude cap (WS-ALT-1, the ``alt_max`` parameter) changes the agent's look-ahead with it."""
    _predicts_the_engine(params={"alt_max": 3})


def test_careful_look_ahead_follows_the_updraft_option():
    """updraft_before_height = false: the height check comes before the updraft's lift."""
    _predicts_the_engine(updraft_before_height=False)
