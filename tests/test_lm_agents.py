"""Leaf Marathon's careful agent: whole races end before the engine guard, and the
positions that used to stall it forever (a pony at 1 stamina with movement 0, or a hand of
Free Forced Rest cards over the weight limit) now lead to a move."""
import pytest

import racekit
from racekit.core.agents import make_agent
from racekit.core.chance import Sampler
from racekit.games.leaf_marathon import actions as A
from racekit.sim.kernels import engine_playout

from lm_helpers import FIN, leaf, make

KINDS = ("guard", "finish", "faint")


def _race(players, seed, **options):
    game = racekit.load_game("leaf_marathon", players=players, **options)
    p = engine_playout(game, seed, ["careful"] * players, kinds=KINDS)
    return game, p


def test_careful_four_seat_races_finish_before_the_guard():
    # Before the fix seeds 3 and 19 (of 0..39) ran to the 200-round guard: one pony stood
    # at 1 stamina with movement 0 for the rest of the game.
    rounds = []
    for seed in range(30):
        game, p = _race(4, seed)
        assert p.counts["guard"] == 0, f"seed {seed}: the engine guard ended the race"
        assert p.counts["finish"] == 4 * len(game.legs), f"seed {seed}: every pony finishes every leg"
        rounds.append(p.rounds)
    assert max(rounds) < 60, rounds      # about 20-33 rounds for three legs


@pytest.mark.parametrize("players, seeds", [
    (2, [0, 1, 90]), (3, [0, 1, 43]), (5, [0, 17, 29, 71]), (6, [0, 2, 25, 55]),
])
def test_careful_races_finish_for_two_to_six_seats(players, seeds):
    # the last seeds of each list hit the guard before the fix
    for seed in seeds:
        game, p = _race(players, seed)
        assert p.counts["guard"] == 0, f"{players} seats, seed {seed}"
        assert p.counts["finish"] == players * len(game.legs)


def test_careful_race_on_the_one_leg_map_finishes():
    for seed in range(5):
        game, p = _race(4, seed, map="lm_test_1leg")
        assert p.counts["guard"] == 0 and p.counts["finish"] == 4


def _choice(st):
    agent = make_agent("careful", 7, st.game)
    return agent(st, st.ply)


def test_at_one_stamina_and_movement_0_it_moves_into_a_faint_rather_than_stand_still():
    # Test Pony: max 15, movement 3, limit 7; 5 actions + 2 Free Forced Rest weigh 9: movement 1,
    # and at 1 stamina any square empties it (LM-STAMINA-2). Standing still changes nothing.
    hand = ["action"] * 5 + ["Free Forced Rest"] * 2
    st = make([{"pos": 5, "stamina": 1, "movement": 1, "hand": hand}, FIN], terrain=leaf(12))
    assert st.current_player() == 0 and st.pk == "turn"
    assert _choice(st) == A.ACT
    # play the agent out to the end of this round: the pony moves, faints (LM-FAINT-1),
    # and draws for the square it moved
    agent = make_agent("careful", 7, st.game)
    start = st.round
    while st.round == start and not st.is_terminal():
        st.apply_action(agent(st, st.ply) if not st.is_chance_node()
                       else Sampler(3).sample(st.chance_outcomes(), st.ply))
    assert st.pos[0] == 6 and st.stamina[0] == 0 and st.faint[0], (st.pos[0], st.faint[0])


def test_with_a_working_buff_c_it_waits_for_stamina_instead():
    hand = ["action"] * 9                # 2 over the limit: movement 1 - 2 -> 0
    st = make([{"pos": 5, "stamina": 1, "movement": 1, "hand": hand, "elements": ["C"]}, FIN],
              terrain=leaf(12))
    assert _choice(st) == A.END          # +1 stamina at the end of the round (LM-ELEMENT-6)
    bound = make([{"pos": 5, "stamina": 1, "movement": 1, "hand": hand, "elements": ["C"], "bound": True},
                  FIN], terrain=leaf(12))
    assert _choice(bound) == A.ACT       # Physical Bind: buff C gives nothing (LM-EVENT-04)
    # waiting anyway, it drops a Free Forced Rest: no move is lost this round (LM-AMB-27)
    rest = make([{"pos": 5, "stamina": 1, "movement": 1, "hand": hand[:7] + ["Free Forced Rest"],
                  "elements": ["C"]}, FIN], terrain=leaf(12))
    assert _choice(rest) == A.FFR


def test_over_the_limit_with_no_action_card_it_drops_free_forced_rest():
    # 4 x Free Forced Rest weigh 8, 1 over the limit 7: with movement value 1 that is 0 squares.
    # No shed (it cannot leave the hand that way, LM-EVENT-19), so it is played in a round
    # with no move to lose.
    st = make([{"pos": 5, "stamina": 12, "movement": 1, "hand": ["Free Forced Rest"] * 4}, FIN],
              terrain=leaf(12))
    assert set(st.legal_actions()) == {A.END, A.FFR}
    assert _choice(st) == A.FFR
    # with movement left it keeps the card (losing the round would cost squares)
    moving = make([{"pos": 5, "stamina": 12, "hand": ["Free Forced Rest"] * 4}, FIN], terrain=leaf(12))
    assert _choice(moving) == A.END


def test_when_free_forced_rest_stops_the_next_round_it_is_played_only_if_nothing_else_moves():
    hand = ["action"] * 7 + ["Free Forced Rest"]
    later = {"stop_applies": "next_round"}
    waiting = make([{"pos": 5, "stamina": 1, "movement": 1, "hand": hand, "elements": ["C"]}, FIN],
                   terrain=leaf(12), options=later)
    assert _choice(waiting) == A.END     # buff C refills; the card would cost next round's move
    stuck = make([{"pos": 5, "stamina": 12, "movement": 1, "hand": ["Free Forced Rest"] * 4}, FIN],
                 terrain=leaf(12), options=later)
    assert _choice(stuck) == A.FFR       # the only way to shed that weight


def test_bound_and_owning_every_buff_it_plays_an_element_to_lift_the_bind():
    st = make([{"pos": 5, "hand": ["element"], "elements": ["A", "B", "C"], "bound": True}, FIN],
              terrain=leaf(12))
    assert A.ELEMENT + 3 in st.legal_actions()
    assert _choice(st) == A.ELEMENT + 3   # LM-AMB-24


def test_end_turn_is_the_last_legal_action_so_first_legal_races_finish():
    # Spec 1a: a play turn uses cards in any order, then ends. Lists are sorted by id and
    # "end turn" has the largest id, so it comes after every card use, sheds included.
    st = make([{"pos": 5, "hand": ["action", "weapon", "effect", "recovery", "Bear"]}, {"pos": 6}],
              terrain=leaf(12), order=[0, 1])
    assert st.ps == 0 and st.pk == "turn"
    legal = st.legal_actions()
    assert legal == sorted(legal) and legal[-1] == A.END
    assert any(a >= A.SHED for a in legal[:-1]) and legal[0] == A.ACT
    for players, seeds in ((2, range(3)), (4, range(5)), (6, range(2))):
        game = racekit.load_game("leaf_marathon", players=players)
        for seed in seeds:
            p = engine_playout(game, seed, ["first"] * players, kinds=KINDS)
            assert p.counts["guard"] == 0, (players, seed)   # every race ran to the guard before


# ----- the careful agent's look-ahead is the engine's own cost (issue 17) -----------------------

import random                                           # noqa: E402

from racekit.games.leaf_marathon import move as M       # noqa: E402
from racekit.games.leaf_marathon.agents import CarefulAgent   # noqa: E402
from racekit.sim import kernels as K                    # noqa: E402

COST_SETTINGS = [
    ({}, {}),
    ({"stamina_per_square": 0}, {}),
    ({"forest_stamina": "add"}, {}),
    ({"forest_cost": "per_move"}, {}),
    ({"forest_cost": "per_move", "forest_stamina": "add"}, {"forest_stamina_cost": 3}),
    ({}, {"forest_stamina_cost": 3}),
    ({"stamina_per_square": 0}, {"forest_stamina_cost": 3}),
    ({"armor_blocks": "any_stamina_loss"}, {"forest_stamina_cost": 0}),
    ({"roadblock_pay": "before_entering", "sand_chain": False}, {"forest_stamina_cost": 3}),
]
IDS = [",".join(f"{k}={v}" for k, v in {**o, **p}.items()) or "rulebook" for o, p in COST_SETTINGS]


def _lone_run(options, params, rng):
    """A pony alone on a random leg (forests, sand, swamps, roadblocks), the other finished."""
    n = rng.randint(6, 14)
    terrain = ["start"] + [rng.choice(["leaf", "leaf", "forest", "forest", "sand", "vine"])
                           for _ in range(n - 1)] + ["finish"]
    roads = sorted({rng.randint(1, n - 1) for _ in range(rng.randint(0, 2))})
    pos = rng.randint(0, n - 2)
    seat = {"pos": pos, "stamina": rng.randint(1, 15), "armor": rng.random() < 0.3}
    game = racekit.load_game("leaf_marathon", players=2, params=params, **options)
    st = game.new_initial_state(setup={"seats": [seat, FIN], "terrain": terrain,
                                       "roadblocks": roads})
    st.current_player()
    return st


@pytest.mark.parametrize("options, params", COST_SETTINGS, ids=IDS)
def test_the_agents_predicted_cost_is_what_the_engine_charges(options, params):
    # LM-STAMINA-1/2, LM-TERRAIN-FOREST-1, LM-AMB-05/07/08/16/34: before, the agent charged
    # forest 2 (or forest_stamina_cost), anything else 1, whatever the options said
    rng = random.Random(17)
    for trial in range(60):
        st = _lone_run(options, params, rng)
        squares = rng.randint(1, 6)
        before = st.stamina[0]
        predicted = CarefulAgent._cost(st, 0, squares)
        assert st.stamina[0] == before                  # the look-ahead changes nothing
        ran = st.clone()
        M.run_ticks(ran, {0: squares}, set())
        charged = before - ran.stamina[0]
        assert predicted == charged, (trial, st.terrain, sorted(st.roadblocks), st.pos[0],
                                      before, st.armor[0] >= 0, squares, predicted, charged)
        assert (predicted >= before) == bool(ran.faint[0])


@pytest.mark.parametrize("options, params", COST_SETTINGS, ids=IDS)
def test_the_compiled_careful_agent_still_plays_the_engines_games(options, params):
    game = racekit.load_game("leaf_marathon", players=4, params=params, **options)
    kernel = K.kernel_module(game)
    played, bailed = kernel.bail_rate()
    for seed in range(3):
        assert K.compare(game, seed, ("careful",) * 4, kernel) is None
    assert kernel.bail_rate() == (played + 3, bailed), "the kernel handed games back to the engine"
