"""Snow Tails random playouts (hypothesis): invariants hold in every reachable state."""
import json
import random

from hypothesis import given, settings, strategies as st

import racekit
from racekit.core.state import CHANCE

GAMES = {}


def game(track, players, **opts):
    key = (track, players, tuple(sorted(opts.items())))
    if key not in GAMES:
        GAMES[key] = racekit.load_game("snow_tails", players=players, track=track, **opts)
    return GAMES[key]


def check_invariants(s):
    tr = s.track
    seen = set()
    for k in range(s.n):
        # cards conserved: every dog card in deck, hand, stacks or discard (ST-SETUP-2)
        for v in range(1, 6):
            total = (s.deck[k][v] + s.hand[k][v] + s.disc[k][v] + s.lstack[k].count(v)
                     + s.rstack[k].count(v))
            assert total == 4, (k, v, total)
        assert s.dmg[k] >= 0
        p = s.pos[k]
        if s.status[k] in (0, 1) and s.slot[k] == 0:   # not placed yet
            assert s.phase in ("first_player", "choose_slot", "random_slot") and p == -1
        elif s.status[k] in (0, 1):   # racing / crossed: on the track
            assert 0 <= p < tr.num_squares
            assert p not in seen, "two sleds on one square"
            seen.add(p)
            assert s.occ[p] == k
        else:
            assert p == -1
    assert sum(1 for x in s.occ if x >= 0) == len(seen)


def playout(track, players, seed, check=True, max_plies=3000, **opts):
    s = game(track, players, **opts).new_initial_state(record_events=False)
    rng = random.Random(seed)
    for _ in range(max_plies):
        if s.is_terminal():
            return s
        if s.current_player() == CHANCE:
            outs = s.chance_outcomes()
            assert abs(sum(p for _, p in outs) - 1) < 1e-9
            a = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            legal = s.legal_actions()
            assert legal == sorted(legal) and len(set(legal)) == len(legal)
            names = [s.action_to_string(x) for x in legal]
            assert len(set(names)) == len(names), names
            a = rng.choice(legal)
        s.apply_action(a)
        if check:
            check_invariants(s)
    raise AssertionError(f"no end within {max_plies} plies")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5),
       track=st.sampled_from(["teaching", "medium", "long", "straight4"]))
def test_random_playouts_keep_invariants_and_end(seed, players, track):
    s = playout(track, players, seed)
    assert s.is_terminal()
    ranked = sorted(x for g in s.ranking() for x in g)
    assert ranked == list(range(players))


OPTION_SETS = [
    {"bonus_round1": True, "bonus_partial": True, "bonus_requires_move": False},
    {"limit_speed": "actual_moved", "limit_eval": "at_crossing", "limit_per_line": "once"},
    {"no_refill_scope": "sled_and_wall", "collision_damage": 1, "elim_check": "immediate"},
    {"deck_exhaust": "no_reshuffle", "dent_supply": 20, "finish_rank_metric": "short_of_line"},
    {"bonus_after_stop": True, "bonus_blocked": "refuse_if_blocked", "end": "first_cross_round"},
    {"slot_selection": "random"}, {"slot_selection": "fill_from_1"},
    {"deck_exhaust": "reshuffle_all"},
]


@settings(max_examples=14, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_playouts_with_options(seed, which):
    s = playout("teaching", 3, seed, **OPTION_SETS[which])
    assert s.is_terminal()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_clone_is_independent_and_replay_matches(seed):
    g = game("teaching", 3)
    s = g.new_initial_state()
    rng = random.Random(seed)
    for _ in range(rng.randrange(20, 120)):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    before = json.dumps(s.snapshot(), sort_keys=True)
    c = s.clone()
    if not c.is_terminal():
        c.apply_action((c.chance_outcomes()[0][0] if c.is_chance_node() else c.legal_actions()[0]))
    assert json.dumps(s.snapshot(), sort_keys=True) == before
    r = g.new_initial_state()
    for a in s.history():
        r.apply_action(a)
    assert json.dumps(r.snapshot(), sort_keys=True) == before
    assert [e.to_dict() for e in r.events] == [e.to_dict() for e in s.events]
