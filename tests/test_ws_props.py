"""Wingsuit Flight: property-based random playouts (invariants hold at every ply)."""
from hypothesis import given, settings, strategies as st_

import racekit
from racekit.core.agents import RandomAgent
from racekit.core.chance import Sampler
from racekit.games.wingsuit.consts import NEUTRAL


def _check(state, total):
    n = state.n
    for s in range(n):
        assert 1 <= state.alt[s] <= 4                      # WS-ALT-1
        dice = sum(1 for cell in state.cells for d in cell if d[0] == s)
        assert dice <= 3
        if state.ph == "plan":
            assert dice == 0
        assert sum(state.cubes[s]) <= 2 or state.intr and state.intr[0][0] == "return"  # WS-ITEM-2
    neutral = sum(1 for cell in state.cells for d in cell if d[0] == NEUTRAL)
    assert neutral <= (2 if n == 2 else 0)
    assert sum(state.bag) + sum(map(sum, state.cubes)) + sum(state.out) == total  # cubes conserved
    for s in range(n):
        if state.pos[s] >= 0:
            assert s in state.here[state.pos[s]]


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 10**9), players=st_.integers(2, 5),
       window=st_.sampled_from(["between_icons", "between_dice", "also_after_last_die"]),
       cover=st_.sampled_from(["visible_two", "physical_two"]))
def test_random_playouts_keep_invariants(seed, players, window, cover):
    g = racekit.load_game("wingsuit", players=players, sprint_window=window, cover_mode=cover,
                          max_rounds=60)
    state = g.new_initial_state()
    smp, agent = Sampler(seed), RandomAgent(seed)
    total = 3 * g.cubes_per_color
    after_reveal = False
    while not state.is_terminal():
        if state.is_chance_node():
            a = smp.sample(state.chance_outcomes(), state.ply)
        else:
            a = agent(state, state.ply)
        was_plan = state.ph == "plan"
        state.apply_action(a)
        if was_plan and state.ph != "plan":
            after_reveal = True
            # three action dice per seat are in the queue right after the reveal
            for s in range(players):
                assert sum(1 for cell in state.cells for d in cell if d[0] == s) == 3
        _check(state, total)
        assert state.ply < 30000
    assert after_reveal
    assert state.is_terminal() and state.ranking()
    assert sorted(s for place in state.ranking() for s in place) == list(range(players))


_CHOICES = {o.name: o.choices for o in racekit.load_game("wingsuit").game_type.options
            if o.choices and o.name not in ("max_players", "board_model", "cost_visible")}


@settings(max_examples=30, deadline=None)
@given(seed=st_.integers(0, 10**9), players=st_.integers(2, 5),
       picks=st_.fixed_dictionaries({k: st_.sampled_from(v) for k, v in _CHOICES.items()}))
def test_every_option_combination_plays_to_the_end(seed, players, picks):
    g = racekit.load_game("wingsuit", players=players, max_rounds=40, **picks)
    state = g.new_initial_state()
    smp, agent = Sampler(seed), RandomAgent(seed)
    total = 3 * g.cubes_per_color
    while not state.is_terminal():
        a = smp.sample(state.chance_outcomes(), state.ply) if state.is_chance_node() else agent(state, state.ply)
        state.apply_action(a)
        _check(state, total)
        assert state.ply < 30000
    assert sorted(s for place in state.ranking() for s in place) == list(range(players))


@settings(max_examples=10, deadline=None)
@given(seed=st_.integers(0, 10**9))
def test_clones_are_independent_and_histories_replay(seed):
    g = racekit.load_game("wingsuit", players=3, max_rounds=30)
    state = g.new_initial_state()
    smp, agent = Sampler(seed), RandomAgent(seed)
    while not state.is_terminal():
        a = smp.sample(state.chance_outcomes(), state.ply) if state.is_chance_node() else agent(state, state.ply)
        if state.ply % 7 == 0:
            before = state.to_text() + repr(state.snapshot())
            other = state.clone()
            other.apply_action(a)
            if not other.is_terminal():
                b = (smp.sample(other.chance_outcomes(), other.ply + 99) if other.is_chance_node()
                     else other.legal_actions()[-1])
                other.apply_action(b)
            assert state.to_text() + repr(state.snapshot()) == before
        state.apply_action(a)
    replay = g.new_initial_state()
    for a in state.history():
        replay.apply_action(a)
    assert replay.to_text() == state.to_text() and replay.ranking() == state.ranking()
