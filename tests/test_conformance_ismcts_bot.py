"""racekit's ``ISMCTSBot`` (issue 21; marker ``conformance``, the rl extra): OpenSpiel's IS-MCTS
that plays every game to its end. Where the resampler finds a world at every simulation it plays
as OpenSpiel's own bot; where it gives up, the decision comes from the simulations already run
(or is a uniformly random legal move), is recorded, and reads no secret of another seat."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts   # noqa: E402

from racekit.adapters import openspiel as ro   # noqa: E402
from racekit.core.views import ResampleError   # noqa: E402
from secrecy_helpers import twins   # noqa: E402

pytestmark = pytest.mark.conformance


def _bot(cls, game, simulations=4, seed=2, **settings):
    return cls(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), uct_c=2.0,
               max_simulations=simulations, random_state=np.random.RandomState(seed), **settings)


class _GivesUp:
    """The seeded resampler, except that its calls numbered in ``fail`` (1 on) raise
    ``ResampleError`` without drawing (a call that gives up)."""

    def __init__(self, fail=(), every=None):
        self.inner = ro.resampler(np.random.RandomState(3))
        self.fail, self.every, self.calls = set(fail), every, 0

    def __call__(self, state, player):
        self.calls += 1
        if self.calls in self.fail or (self.every and self.calls % self.every == 0):
            raise ResampleError("no world (test)")
        return self.inner(state, player)


def _first_decision(game, seat=0, seed=7):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or state.current_player() != seat \
            or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _race(bot, game, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            moves.append(action)
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return moves, state.returns()


@pytest.mark.parametrize("gid", ["leaf_marathon", "snow_tails", "wingsuit"])
def test_it_plays_as_openspiels_bot_where_every_world_is_found(gid):
    game = ro.load(gid, players=4, turn_limit=1)
    runs = []
    for cls in (ismcts.ISMCTSBot, ro.ISMCTSBot):
        bot = _bot(cls, game)
        bot.set_resampler(ro.resampler(np.random.RandomState(3)))
        runs.append(_race(bot, game, 5))
    assert runs[0] == runs[1] and len(runs[0][0]) >= 2
    assert bot.gave_up == []


@pytest.mark.parametrize("gid", ["leaf_marathon", "snow_tails"])
def test_with_no_world_at_all_every_legal_action_is_equally_likely(gid):
    game = ro.load(gid, players=4)
    state = _first_decision(game)
    before = state.history()
    bot = _bot(ro.ISMCTSBot, game)
    bot.set_resampler(_GivesUp(fail={1}))
    legal = state.legal_actions()
    policy = bot.get_policy(state)
    assert sorted(a for a, _ in policy) == legal
    assert all(p == pytest.approx(1 / len(legal)) for _, p in policy)
    assert bot.gave_up == [ro.GaveUp(len(before), 0)]
    assert state.history() == before
    # step draws the move with the bot's own random state, as after a full search
    again = _bot(ro.ISMCTSBot, game)
    again.set_resampler(_GivesUp(fail={1}))
    expected = np.random.RandomState(2).choice(legal, p=[1 / len(legal)] * len(legal))
    assert again.step(state) == expected and again.gave_up == bot.gave_up


SETTINGS = [dict(final_policy_type=f, allow_inconsistent_action_sets=i, max_world_samples=m)
            for f in ismcts.ISMCTSFinalPolicyType for i in (False, True) for m in (-1, 3)]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_after_k_simulations_it_decides_as_a_search_of_k_would(k):
    """The resampler gives up at simulation k + 1 of 4: the policy (and the bot's random state
    after it) is the one OpenSpiel's bot returns from a search of k simulations with the same
    seeds (the tree those k built); after one (which only expands the root) every legal action
    is equally likely. Under each final policy, with and without inconsistent action sets, and
    with worlds drawn afresh or reused after 3 (then the fourth simulation calls no resampler
    and the search runs to its end)."""
    game = ro.load("leaf_marathon", players=4)
    state = _first_decision(game)
    legal = state.legal_actions()
    for settings in SETTINGS:
        ours = _bot(ro.ISMCTSBot, game, simulations=4, **settings)
        ours.set_resampler(_GivesUp(fail={k + 1}))
        got = ours.get_policy(state)
        if 0 < settings["max_world_samples"] <= k:   # simulation k + 1 reuses a world: no call
            theirs = _bot(ismcts.ISMCTSBot, game, simulations=4, **settings)
            theirs.set_resampler(_GivesUp())
            assert got == theirs.get_policy(state) and ours.gave_up == [], settings
            continue
        if k == 1:
            assert got == [(a, 1.0 / len(legal)) for a in legal], settings
        else:
            theirs = _bot(ismcts.ISMCTSBot, game, simulations=k, **settings)
            theirs.set_resampler(_GivesUp())
            assert got == theirs.get_policy(state), settings
            assert ours._random_state.uniform() == theirs._random_state.uniform()
            assert got != [(a, 1.0 / len(got)) for a, _ in got]   # the tree, not the fallback
        assert sum(p for _, p in got) == pytest.approx(1.0)
        assert ours.gave_up == [ro.GaveUp(len(state.history()), k)], settings


def test_only_the_resamplers_give_up_is_caught():
    """Any other error of the resampler, and a ``ResampleError`` raised outside it (here by
    the evaluator), stops the search as in OpenSpiel's bot."""
    game = ro.load("leaf_marathon", players=4)
    state = _first_decision(game)

    def broken(state, player):
        raise RuntimeError("a bug in a resampler")
    bot = _bot(ro.ISMCTSBot, game)
    bot.set_resampler(broken)
    with pytest.raises(RuntimeError, match="a bug in a resampler"):
        bot.get_policy(state)

    class Evaluator(mcts.RandomRolloutEvaluator):
        def evaluate(self, state):
            raise ResampleError("not the resampler's")
    bot = ro.ISMCTSBot(game, Evaluator(1, np.random.RandomState(1)), uct_c=2.0,
                       max_simulations=4, random_state=np.random.RandomState(2))
    bot.set_resampler(ro.resampler(np.random.RandomState(3)))
    with pytest.raises(ResampleError, match="not the resampler's"):
        bot.get_policy(state)
    assert bot.gave_up == []


@pytest.mark.parametrize("gid,players", [("snow_tails", 3), ("leaf_marathon", 4)])
def test_a_race_with_decisions_that_give_up_plays_to_its_end(gid, players):
    """OpenSpiel's own bot stops the game at the first call that gives up; this one plays on,
    the same way from the same seeds, and records each such decision."""
    game = ro.load(gid, players=players, turn_limit=2)
    with pytest.raises(ResampleError):
        bot = _bot(ismcts.ISMCTSBot, game)
        bot.set_resampler(_GivesUp(every=5))
        _race(bot, game, 11)
    runs = []
    for _ in range(2):
        bot = _bot(ro.ISMCTSBot, game)
        bot.set_resampler(_GivesUp(every=5))
        moves, returns = _race(bot, game, 11)
        assert abs(sum(returns)) < 1e-9
        runs.append((moves, bot.gave_up))
    assert runs[0] == runs[1]
    gave_up = runs[0][1]
    assert len(gave_up) >= 2 and {g.simulations for g in gave_up} <= {0, 1, 2, 3}
    assert len({g.ply for g in gave_up}) == len(gave_up)


def _tree(bot):
    node = bot._root_node
    return node.total_visits, sorted((a, c.visits, c.return_sum) for a, c in node.child_info.items())


@pytest.mark.parametrize("final", [ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                   ismcts.ISMCTSFinalPolicyType.MAX_VALUE])
def test_a_search_cut_short_reads_no_secret_of_another_seat(final):
    """The attacker's test: two Leaf Marathon worlds that differ only in a card another seat
    drew; at each of the viewer's decisions while it cannot tell them apart, a search whose
    resampler gives up at its third simulation, and one that gives up at its first: the bot's
    policy, its tree (visits and returns of each move) and its random state afterwards are
    the same in both worlds."""
    from test_seat_views import TWINS
    tw = twins("leaf_marathon", **TWINS["leaf_marathon"])
    game = ro.load("leaf_marathon", players=tw.game.num_players)
    checked = 0
    for upto in range(tw.ply + 1, tw.same + 1):
        a = ro.replay_state(game, tw.line_a[:upto])
        b = ro.replay_state(game, tw.line_b[:upto])
        if a.is_chance_node() or a.is_terminal() or a.current_player() != tw.viewer \
                or len(a.legal_actions()) < 2:
            continue
        assert a.history() != b.history()
        for fail in (3, 1):
            got = []
            for world in (a, b):
                bot = _bot(ro.ISMCTSBot, game, seed=upto, final_policy_type=final)
                bot.set_resampler(_GivesUp(fail={fail}))
                policy = bot.get_policy(world)
                got.append((policy, bot.gave_up, _tree(bot), bot._random_state.uniform()))
            assert got[0] == got[1], upto
            assert got[0][1] == [ro.GaveUp(upto, fail - 1)]
        checked += 1
    assert checked >= 1


def test_after_a_real_give_up_the_race_goes_on_from_the_kept_worlds(monkeypatch):
    """The core's own give-up: every search of a resample call finds nothing, so the whole
    schedule runs and ``views.resample`` itself raises ``ResampleError``. At the first
    simulation of a decision the bot records it and plays a uniformly random legal move; at a
    later simulation of a decision the core returns a world an earlier call found at the same
    view, so nothing gives up; every later decision runs all its simulations."""
    from racekit.core import views
    failing, missed = [False], []
    for name in ("_search", "_redraw", "_draw"):
        real = getattr(views, name)

        def stub(state, seat, view, private, actors, target, memo, rng, budget, *a,
                 _real=real, **kw):
            if failing[0]:
                missed[-1] += 1
                return None, max(1, budget)
            return _real(state, seat, view, private, actors, target, memo, rng, budget, *a, **kw)
        monkeypatch.setattr(views, name, stub)
    inner = ro.resampler(np.random.RandomState(3))
    calls = []

    def resampler(state, player):
        calls.append(len(state.history()))
        missed.append(0)
        failing[0] = len(calls) in (1, 8)   # decision 1's first simulation, decision 3's third
        try:
            return inner(state, player)
        finally:
            failing[0] = False
    game = ro.load("leaf_marathon", players=4, turn_limit=2)
    bot = _bot(ro.ISMCTSBot, game)
    bot.set_resampler(resampler)
    moves, returns = _race(bot, game, 11)
    assert abs(sum(returns)) < 1e-9
    assert bot.gave_up == [ro.GaveUp(calls[0], 0)]
    later = calls[1:]
    assert later[4:8] == [calls[7]] * 4   # decision 3: four simulations, the third one reused
    assert missed[0] > 0 and missed[7] > 0 and sum(missed) == missed[0] + missed[7]
    assert len(later) >= 12 and all(later.count(p) == 4 for p in set(later))
