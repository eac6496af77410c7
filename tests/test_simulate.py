"""racekit.simulate and `racekit simulate`: rows that replay, results independent of workers,
any executor (a process pool, a Dask client), and the summary table."""
import json
from concurrent.futures import ProcessPoolExecutor

import pytest

pd = pytest.importorskip("pandas")

import racekit  # noqa: E402
from racekit.core.agents import make_agent  # noqa: E402
from racekit.core.session import Session  # noqa: E402
from racekit.sim.simulate import game_seed, seat_table, summary_text, wilson, winners  # noqa: E402


def _play(game_id, seed, agent="random", **kw):
    """The game `racekit play GAME --seed SEED --agent AGENT` plays (and the explorer shows)."""
    game = racekit.load_game(game_id, **kw)
    session = Session(game, seed=seed, agents=[make_agent(agent, seed, game)] * game.num_players)
    session.run()
    return session.state


def test_rows_replay_exactly_as_racekit_play_and_the_explorer_would():
    df = racekit.simulate("aeroplane_chess", 6, seed=3, options={"six_bonus": "one_per_six"},
                          workers=1, progress=False)
    assert list(df["index"]) == list(range(6))
    assert df["seed"].tolist() == [game_seed(3, i) for i in range(6)]
    assert (df["played_by"] == "kernel").all()
    for row in df.itertuples():
        state = _play("aeroplane_chess", row.seed, six_bonus="one_per_six")
        assert state.ply == row.plies
        assert state.ranking() == json.loads(row.ranking)
        assert row.winner == "+".join(state.game.seat_names[s] for s in winners(state.ranking()))
        assert json.loads(row.options)["six_bonus"] == "one_per_six"


def test_a_row_opens_in_the_explorer_as_the_same_game():
    pytest.importorskip("ipywidgets")
    df = racekit.simulate("aeroplane_chess", 2, seed=8, preset="tournament", workers=1,
                          progress=False)
    row = next(df.itertuples())
    explorer = racekit.explore("aeroplane_chess", seed=row.seed, preset="tournament")
    explorer.session.run()             # the explorer's own seeded random players
    assert explorer.session.state.ply == row.plies
    assert explorer.session.state.ranking() == json.loads(row.ranking)
    explorer.close()


def test_engine_fallback_is_reported_and_counts_events():
    df = racekit.simulate("snow_tails", 4, agents="careful", seed=1, players=3, workers=1,
                          progress=False)
    if df.attrs["played_by"] == "engine":
        assert df.attrs["no_kernel"]
    assert df["players"].iloc[0] == 3 and len(df) == 4
    state = _play("snow_tails", int(df["seed"].iloc[0]), agent="careful", players=3)
    assert state.ply == df["plies"].iloc[0]
    assert any(c.startswith("n_") for c in df.columns)


def test_result_does_not_depend_on_workers_or_executor():
    kw = dict(seed=11, progress=False, chunk=5)
    one = racekit.simulate("aeroplane_chess", 23, workers=1, **kw)
    two = racekit.simulate("aeroplane_chess", 23, workers=2, **kw)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = racekit.simulate("aeroplane_chess", 23, executor=pool, **kw)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, pooled)
    assert summary_text(one) == summary_text(two)


def test_simulate_many_gives_each_job_the_table_simulate_gives():
    from racekit.sim.simulate import simulate_many
    jobs = [dict(game="aeroplane_chess", n_games=7, seed=4, preset="family"),
            dict(game="snow_tails", n_games=5, seed=4, agents="careful", players=3),
            dict(game="aeroplane_chess", n_games=6, seed=4, preset="family", first=7,
                 options={"capture_mode": "none"})]
    with ProcessPoolExecutor(max_workers=2) as pool:
        many = simulate_many(jobs, pool, progress=False, chunk=3)
        later = simulate_many(jobs, pool, chunk=3, wait=False).result()
    for got, want in zip(later, many):
        pd.testing.assert_frame_equal(got, want)
    alone = [racekit.simulate(**{"n_games": j.pop("n_games"), **j}, workers=1, progress=False)
             for j in [dict(j) for j in jobs]]
    for got, want in zip(many, alone):
        pd.testing.assert_frame_equal(got, want)
        # the same, but for how many of its games were checked against the engine: a batch
        # shares one budget of checks (kernels.check_runs)
        assert ({k: v for k, v in got.attrs.items() if k != "kernel_check"}
                == {k: v for k, v in want.attrs.items() if k != "kernel_check"})
    # first=7 continues the simulation: the same games as rows 7.. of a longer one
    longer = racekit.simulate("aeroplane_chess", 13, seed=4, preset="family", workers=1,
                              progress=False, options={"capture_mode": "none"})
    tail = longer.iloc[7:].reset_index(drop=True)
    pd.testing.assert_frame_equal(many[2].drop(columns="index"), tail.drop(columns="index"))
    assert many[2]["index"].tolist() == list(range(7, 13))
    with pytest.raises(ValueError, match="unknown simulation settings: n"):
        simulate_many([dict(game="snow_tails", n=3)], progress=False)


def test_a_dask_client_is_an_executor():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = racekit.simulate("aeroplane_chess", 12, seed=2, executor=client, progress=False,
                                  chunk=4, options={"capture_mode": "pass_and_land"}, preset="family")
    local = racekit.simulate("aeroplane_chess", 12, seed=2, workers=1, progress=False, chunk=4,
                             options={"capture_mode": "pass_and_land"}, preset="family")
    pd.testing.assert_frame_equal(remote, local)


def test_seeds_differ_between_simulations_and_stay_browser_safe():
    a = {game_seed(1, i) for i in range(500)}
    b = {game_seed(2, i) for i in range(500)}
    assert len(a) == 500 and not a & b
    assert all(0 <= s < 2 ** 52 for s in a)


def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seat_table_fair_share_counts_side_wins():
    df = racekit.simulate("aeroplane_chess", 40, preset="tournament", seed=4, workers=1,
                          progress=False)
    table = seat_table(df)
    assert table["fair_share"].iloc[0] == pytest.approx(0.5)   # a side of two seats wins
    assert (table["wins"] == table["win_rate"] * 40).all()
    assert table.loc[0, "wins"] == table.loc[2, "wins"]        # red and blue win together


def test_summary_says_why_the_fair_share_is_not_one_over_the_seats():
    """Shared wins (a winning side, a shared first place) raise the fair share above 1/seats: the
    table says so in its own numbers; event names are words, not column ids."""
    sides = summary_text(racekit.simulate("aeroplane_chess", 10, preset="tournament", seed=4,
                                          workers=1, progress=False))
    assert "more than one winner: 10 games" in sides, sides
    assert "fair = 2.00 winners a game / 4 seats" in sides, sides
    assert "played by the kernel" in sides
    events = next(line for line in sides.splitlines() if line.startswith("events per game: "))
    assert "extra roll" in events and "_" not in events, events
    single = summary_text(racekit.simulate("aeroplane_chess", 10, seed=4, workers=1, progress=False))
    assert "more than one winner" not in single, single


def test_winners_of_a_ranking():
    assert winners([[2], [0, 1, 3]]) == [2]
    assert winners([[0, 2], [1, 3]]) == [0, 2]
    assert winners([[0, 1, 2]]) == []       # one shared place: nobody won


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="n_games"):
        racekit.simulate("aeroplane_chess", 0, progress=False)
    with pytest.raises(ValueError, match="agent"):
        racekit.simulate("aeroplane_chess", 2, agents="clever", progress=False)
    with pytest.raises(racekit.OptionError):
        racekit.simulate("aeroplane_chess", 2, options={"six_bonus": "always"}, progress=False)


@pytest.mark.parametrize("settings, word", [
    (dict(seed=1.5), "seed"),            # was silently seed 1: the same games as seed=1
    (dict(seed=True), "seed"),
    (dict(seed="abc"), "seed"),
    (dict(seed=None), "seed"),
    (dict(n_games=10**23), "at most"),   # was a hang: every seed was listed before any game
    (dict(n_games=2.0), "n_games"),
    (dict(agents=5), "agents"),
    (dict(workers=0), "workers"),        # was silently one per CPU
    (dict(workers=-2), "workers"),
    (dict(chunk=0), "chunk"),
])
def test_bad_numbers_are_refused_with_the_setting_named(settings, word):
    settings = {"n_games": 2, **settings}
    with pytest.raises(ValueError, match=word):
        racekit.simulate("aeroplane_chess", progress=False, **settings)


def test_numpy_integers_are_whole_numbers():
    np = pytest.importorskip("numpy")
    a = racekit.simulate("aeroplane_chess", np.int64(2), seed=np.int64(3), workers=1,
                         progress=False)
    b = racekit.simulate("aeroplane_chess", 2, seed=3, workers=1, progress=False)
    assert a["seed"].tolist() == b["seed"].tolist() and a.attrs["seed"] == 3


def test_simulate_many_refuses_malformed_jobs_in_words():
    from racekit.sim.simulate import simulate_many
    assert simulate_many([], progress=False) == []          # was "max_workers must be > 0"
    assert simulate_many(iter([]), progress=False) == []
    for jobs, words in (([{}], "needs game and n_games"),        # was KeyError 'game'
                        ([{"game": "aeroplane_chess"}], "needs n_games"),
                        ("aeroplane_chess", "list of dicts"),     # was "unknown settings: a"
                        ({"game": "aeroplane_chess", "n_games": 2}, "list of dicts"),
                        ([("aeroplane_chess", 2)], "list of dicts")):
        with pytest.raises(ValueError, match=words):
            simulate_many(jobs, progress=False)
    one = simulate_many(iter([dict(game="aeroplane_chess", n_games=2, seed=1)]), workers=1,
                        progress=False)
    assert len(one) == 1 and len(one[0]) == 2


def test_players_and_preset_may_come_with_the_options_as_on_the_command_line():
    """`-o players=3` works on the CLI; options={"players": 3} was a TypeError from load_game."""
    df = racekit.simulate("aeroplane_chess", 2, options={"players": 3, "six_bonus": "none"},
                          workers=1, progress=False)
    assert df["players"].iloc[0] == 3 and '"six_bonus": "none"' in df["options"].iloc[0]
    assert racekit.simulate("aeroplane_chess", 2, options={"preset": "tournament"}, workers=1,
                            progress=False)["preset"].iloc[0] == "tournament"
    with pytest.raises(ValueError, match="players given twice"):
        racekit.simulate("aeroplane_chess", 2, players=2, options={"players": 3}, progress=False)
    with pytest.raises(ValueError, match="options must be a dict"):
        racekit.simulate("aeroplane_chess", 2, options="six_bonus=none", progress=False)


def first_legal(state):
    """A custom agent: a plain function state -> action (module level: it pickles)."""
    return state.legal_actions()[0]


class Counting:
    """A custom agent object with the agent protocol; counts its calls (copied per game)."""

    name = "counting"

    def __init__(self):
        self.calls = 0

    def __call__(self, state, ply):
        self.calls += 1
        return state.legal_actions()[-1]


def test_custom_agents_are_played_by_the_engine_and_named_in_the_table():
    named = racekit.simulate("leaf_marathon", 4, agents="first", seed=2, workers=1,
                             progress=False, engine="engine")
    df = racekit.simulate("leaf_marathon", 4, agents=first_legal, seed=2, workers=1,
                          progress=False)
    assert (df["played_by"] == "engine").all() and "custom agents" in df.attrs["no_kernel"]
    assert set(df["agents"]) == {"custom:first_legal"} and df.attrs["agents"][0] == "custom:first_legal"
    assert list(df["ranking"]) == list(named["ranking"]) and list(df["plies"]) == list(named["plies"])
    # one per seat, names and objects mixed; an object is copied afresh for every game
    agent = Counting()
    seats = [agent, "random", first_legal]
    mixed = racekit.simulate("leaf_marathon", 3, agents=seats, players=3, seed=5, workers=1,
                             progress=False)
    assert set(mixed["agents"]) == {"custom:counting+random+custom:first_legal"}
    assert agent.calls == 0
    again = racekit.simulate("leaf_marathon", 3, agents=seats, players=3, seed=5, workers=2,
                             chunk=1, progress=False)                  # worker processes: the same
    assert list(again["ranking"]) == list(mixed["ranking"])


def test_an_agent_that_does_not_pickle_plays_in_this_process_or_is_refused():
    df = racekit.simulate("leaf_marathon", 2, agents=lambda s: s.legal_actions()[0], seed=1,
                          workers=2, chunk=1, progress=False)
    assert "does not pickle" in df.attrs["no_kernel"] and "played in this process" in df.attrs["no_kernel"]
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(ValueError, match="lambda.*module level"):
            racekit.simulate("leaf_marathon", 2, agents=lambda s: s.legal_actions()[0],
                             executor=pool, chunk=1, progress=False)
    with pytest.raises(ValueError, match="agents must be .* called as agent"):
        racekit.simulate("leaf_marathon", 2, agents=3, workers=1, progress=False)
    with pytest.raises(ValueError, match="no kernel: custom agents"):
        racekit.simulate("leaf_marathon", 2, agents=first_legal, workers=1, progress=False,
                         engine="kernel")
