"""Snow Tails ``careful`` agent and the core agent hook (GameType.agents, make_agent, agent_names)."""
from __future__ import annotations

import random

import pytest

import racekit
from racekit.core.agents import FirstLegalAgent, RandomAgent, agent_names, make_agent
from racekit.core.session import Session
from racekit.games.snow_tails.agents import CarefulAgent
from racekit.games.snow_tails.consts import CROSSED, FINISHED, OUT
from racekit.games.snow_tails.game import GAME_TYPE


def play(track="teaching", seed=1, players=4, agent_seed=None, check=None, **options):
    """A whole game with a careful agent in every seat; ``check(state, action)`` at each decision."""
    game = racekit.load_game("snow_tails", players=players, track=track, **options)
    agent = CarefulAgent(seed if agent_seed is None else agent_seed)

    def driver(state, ply):
        action = agent(state, ply)
        if check is not None:
            check(state, action)
        return action

    session = Session(game, seed=seed, agents=[driver] * players)
    session.run()
    assert session.state.is_terminal()
    return session


# ----- the core hook ---------------------------------------------------------------------------
def test_agent_names_generic_then_the_games_own():
    assert agent_names() == ["random", "first", "mcts"]
    assert agent_names(GAME_TYPE) == ["random", "first", "careful", "mcts"]
    assert agent_names("snow_tails") == agent_names(racekit.load_game("snow_tails"))
    assert agent_names("aeroplane_chess") == ["random", "first", "mcts"]
    assert GAME_TYPE.agents == (("careful", "racekit.games.snow_tails.agents:CarefulAgent"),)


def test_make_agent_resolves_generic_and_declared_agents():
    assert isinstance(make_agent("random", 3), RandomAgent)      # the old signature still works
    assert isinstance(make_agent("first", 3), FirstLegalAgent)
    for game in ("snow_tails", GAME_TYPE, racekit.load_game("snow_tails", players=2)):
        agent = make_agent("careful", 7, game)
        assert isinstance(agent, CarefulAgent) and agent.seed == 7
    with pytest.raises(ValueError, match="agents: random, first, mcts$"):
        make_agent("careful", 1)                                   # a game's agent needs the game
    with pytest.raises(ValueError, match="for snow_tails; agents: random, first, careful"):
        make_agent("clever", 1, "snow_tails")
    with pytest.raises(ValueError, match="for aeroplane_chess"):
        make_agent("careful", 1, "aeroplane_chess")


# ----- the careful driver ----------------------------------------------------------------------------
def test_careful_is_deterministic_per_seed_and_uses_no_global_random(monkeypatch):
    first = play(seed=4).line
    for name in ("random", "choice", "choices", "randrange", "randint", "shuffle", "sample"):
        monkeypatch.setattr(random, name, lambda *a, **k: pytest.fail("global random used"))
    assert play(seed=4).line == first
    # the agent's own seed breaks ties: same chance seed, other agent seeds, other lines of play
    assert len({tuple(play(seed=4, agent_seed=k).line) for k in (1, 2, 3)}) > 1
    # a fresh agent with the same seed picks the same action at the same position
    game = racekit.load_game("snow_tails", track="medium")
    session = Session(game, seed=5, agents=[CarefulAgent(5)] * 4)
    for _ in range(120):
        session.step()
    state = session.state
    while state.is_chance_node():
        session.step()
        state = session.state
    assert CarefulAgent(5)(state, state.ply) == CarefulAgent(5)(state.clone(), state.ply)


def test_careful_only_picks_legal_actions_and_steers_clear_of_walls_and_sleds():
    seen = set()

    def outcome(state, action):
        seat = state.current_player()
        c = state.clone()
        c.apply_action(action)
        return c.walled[seat], c.blocked[seat], c.dmg[seat] - state.dmg[seat]

    def check(state, action):
        assert action in state.legal_actions(), (state.phase, action)
        seen.add(state.phase)
        if state.phase == "move":   # no wall or sled when a sequence as cheap avoids both
            chosen = outcome(state, action)
            clean = [o for o in map(lambda a: outcome(state, a), state.legal_actions())
                     if not o[0] and not o[1] and o[2] <= chosen[2]]
            assert not clean or not (chosen[0] or chosen[1]), (state.to_text(), chosen)

    for track, seed in (("teaching", 1), ("medium", 2), ("long", 3)):
        play(track, seed, check=check)
    play("medium", 6, players=5, check=check, slot_selection="free_choice_clockwise",
         bonus_round1=True, bonus_partial=True, collision_damage=1)
    assert {"play", "move", "bonus", "choose_slot"} <= seen


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_sleds_finish_on_the_teaching_track(seed):
    state = play("teaching", seed).state
    finished = [s for s in range(4) if state.status[s] in (CROSSED, FINISHED)]
    assert finished, state.to_text()
    assert len(state.ranking()) > 1                 # not everybody tied in last place
    assert sum(st == OUT for st in state.status) <= 1


def _decision_states(track="medium", seed=8, plies=400):
    """Decision states of a careful game, one per phase kind, several of each."""
    game = racekit.load_game("snow_tails", track=track)
    session = Session(game, seed=seed, agents=[CarefulAgent(seed)] * 4)
    out = []
    while not session.state.is_terminal() and session.cursor < plies:
        state = session.state
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            out.append(state.clone())
        session.step()
    return out


def _hide(state, how):
    """A copy whose other seats' hidden cards (hands, decks, discards) are different."""
    c = state.clone()
    me = state.current_player()
    for s in range(c.n):
        if s == me:
            continue
        for table in (c.hand, c.deck, c.disc):
            cards = table[s]
            if how == "rotate":            # same counts, other values
                table[s] = [0] + cards[2:] + cards[1:2]
            elif how == "fives":           # every card a 5
                table[s] = [0, 0, 0, 0, 0, sum(cards)]
            else:                          # no dog card at all
                table[s] = [0] * 6
    return c


def test_careful_never_reads_another_seats_hand():
    states = _decision_states()
    assert len({s.phase for s in states}) >= 3 and len(states) > 40
    agent = CarefulAgent(3)
    for state in states:
        me = state.current_player()
        before = (state.snapshot(), state.history(), len(state.events))
        want = agent(state, state.ply)
        assert (state.snapshot(), state.history(), len(state.events)) == before   # read only
        for how in ("rotate", "fives", "empty"):
            other = _hide(state, how)
            if how != "empty":   # same counts: what the seat sees is the same
                assert other.snapshot(me) == state.snapshot(me)
            # "empty" changes public counts too; it also sends the clones the agent tries into the
            # next seat's no-dog-card penalty, which must not change what it reads back
            assert agent(other, state.ply) == want, (state.phase, how, state.to_text())


def _at_bonus(row):
    """Red on [row, 1] of the teaching track in round 2, first in order, after 'play 3 to L+R' (speed
    3, equal dogs) and 'F F F': the bonus of 1 is on offer."""
    game = racekit.load_game("snow_tails", players=2)
    state = game.new_initial_state(setup={
        "round": 2, "turn_order": [0, 1], "turn": 0,
        "seats": [{"position": [row, 1], "hand": [3, 3, 4, 4, 5]},
                  {"position": [2, 3], "hand": [1, 2, 3, 4, 5]}]})
    state.apply_action(state.string_to_action("play 3 to L+R"))
    state.apply_action(state.string_to_action("F F F"))
    assert state.phase == "bonus" and state.current_player() == 0
    return state


def test_careful_takes_a_free_bonus_and_declines_one_that_costs_damage():
    # from [2, 1] to [5, 1]: one more square costs nothing
    state = _at_bonus(2)
    assert state.action_to_string(CarefulAgent(1)(state, state.ply)) == "take bonus +1"
    # from [8, 1] to [11, 1] over the limit-3 line at speed 3: the bonus would make it 4, 1 damage
    state = _at_bonus(8)
    assert state.action_to_string(CarefulAgent(1)(state, state.ply)) == "decline bonus"


def test_try_out_is_clone_and_apply_without_history():
    """The careful agent's look-ahead copy: the same position as clone() + apply_action()."""
    from racekit import load_game
    from racekit.core.chance import Sampler
    from racekit.core.state import CHANCE
    game = load_game("snow_tails")
    state = game.new_initial_state()
    sampler = Sampler(4)
    checked = 0
    for ply in range(300):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sampler.sample(state.chance_outcomes(), ply))
            continue
        for a in state.legal_actions():
            ref = state.clone()
            ref.apply_action(a)
            fast = state.try_out(a)
            assert fast.snapshot() == ref.snapshot() and fast.legal_actions() == ref.legal_actions()
            assert fast.history() == [] and fast.events == []
            checked += 1
        state.apply_action(state.legal_actions()[0])
    assert checked > 50
    while state.current_player() == CHANCE:
        state.apply_action(state.chance_outcomes()[0][0])
    if not state.is_terminal():
        before, history = state.snapshot(), state.history()
        for a in state.legal_actions():
            state.try_out(a)                  # the original is never changed by a try-out
        assert state.snapshot() == before and state.history() == history


# ----- the fast look-ahead equals the look-ahead on copies ------------------------------------------
def _option_variants():
    """(players, options): the defaults with 2-5 seats, every other option value one at a time,
    and a few bundles that meet rare corners (limited damage supply, no reshuffle, bonus rules)."""
    out = [(n, {}) for n in (2, 3, 4, 5)]
    for opt in GAME_TYPE.options:
        out += [(4, {opt.name: v}) for v in opt.choices if v != opt.default]
    out += [(5, {"dent_supply": 20, "deck_exhaust": "no_reshuffle", "elim_check": "immediate",
                 "collision_damage": 1}),
            (5, {"bonus_round1": True, "bonus_partial": True, "bonus_requires_move": False,
                 "bonus_after_stop": True, "bonus_blocked": "refuse_if_blocked"}),
            (4, {"limit_eval": "at_crossing", "limit_per_line": "once", "limit_speed": "actual_moved",
                 "no_refill_scope": "sled_and_wall"})]
    return out


def test_careful_scores_by_replay_equal_the_scores_on_copies(monkeypatch):
    """At every play, move and bonus decision (careful and random seats, so also battered sleds and
    empty decks), the fast replay gives the same score to every action as trying each on a copy,
    bit for bit; with the other seats' dog cards taken away the replay hands over to copies."""
    from racekit.games.snow_tails.state import SnowTailsState
    copies = {"n": 0}
    try_out = SnowTailsState.try_out

    def counted(self, action):
        copies["n"] += 1
        return try_out(self, action)
    monkeypatch.setattr(SnowTailsState, "try_out", counted)
    checked = fell_back = 0
    for players, options in _option_variants():
        game = racekit.load_game("snow_tails", players=players, **options)
        seed = len(options) + players
        fast, ref, rnd = CarefulAgent(seed), CarefulAgent(seed, clones_only=True), RandomAgent(seed)

        def driver(state, ply):
            nonlocal checked, fell_back
            legal = state.legal_actions()
            if len(legal) > 1 and state.phase in ("play", "move", "bonus"):
                positions = [state] + ([_hide(state, "empty")] if ply % 3 == 0 else [])
                for position in positions:
                    want = ref.scores(position)
                    copies["n"] = 0
                    assert fast.scores(position) == want, (options, seed, ply, position.to_text())
                    fell_back += position is not state and copies["n"] > 0
                    checked += 1
            return rnd.pick(legal, ply) if state.current_player() % 2 else fast(state, ply)
        Session(game, seed=seed, agents=[driver] * players).run()
    assert checked > 1000 and fell_back > 100, (checked, fell_back)


def _out_of_cards(deck_exhaust):
    """Red (teaching track, round 2) holds 4 4 and 3 damage cards; its deck and discards are empty,
    the rest of its cards cover its dogs. Playing both 4s leaves no dog card: with no card to draw
    that eliminates (ST-AMB-12); reshuffle_all returns the covered cards (ST-AMB-13)."""
    game = racekit.load_game("snow_tails", players=2, deck_exhaust=deck_exhaust)
    return game.new_initial_state(setup={
        "round": 2, "turn_order": [0, 1], "turn": 0,
        "seats": [{"position": [2, 1], "hand": [4, 4], "damage": 3, "deck": [], "discard": [],
                   "left": [1, 1, 1, 1, 2, 2, 2, 2, 3], "right": [3, 3, 3, 5, 5, 5, 5, 4, 4]},
                  {"position": [2, 3], "hand": [1, 2, 3, 4, 5]}]})


@pytest.mark.parametrize("deck_exhaust", ["reshuffle_discards", "no_reshuffle", "reshuffle_all"])
def test_careful_replay_follows_deck_exhaustion(deck_exhaust):
    state = _out_of_cards(deck_exhaust)
    scores = CarefulAgent(1).scores(state)
    assert scores == CarefulAgent(1, clones_only=True).scores(state)
    both = scores[state.string_to_action("play 4 to L+R")]
    assert (both == -1000.0) == (deck_exhaust != "reshuffle_all")
    # with the brake card on the discards, a reshuffle finds a card to draw
    assert (scores[state.string_to_action("play 4 to L+B")] == -1000.0) == (deck_exhaust == "no_reshuffle")


# two speed-limit lines one row apart (limits 3 then 4), then open track
_TWO_LIMITS = {"name": "two_limits", "lanes": 3, "finish_flag": "left", "start_slots": [[0, 1], [0, 3]],
               "tiles": [{"kind": "start", "rows": 3}, {"kind": "straight", "rows": 1, "limit": 3},
                         {"kind": "straight", "rows": 1, "limit": 4}, {"kind": "straight", "rows": 6},
                         {"kind": "finish", "rows": 3}]}


@pytest.mark.parametrize("limit_eval", ["end_of_move_final_speed", "at_crossing"])
def test_careful_replay_follows_the_limit_readings_and_the_damage_supply(limit_eval):
    """'play 4 to L+R' (speed 5, equal dogs, bonus 1 in round 2) runs over both lines: each line
    fined (ST-AMB-08 each) costs more than the worst one once; a supply of one damage card caps
    the fines (ST-AMB-14). The replay scores every play as a copy does."""
    score = {}
    for per_line in ("each", "once"):
        for dents in (None, 1):
            options = {"limit_eval": limit_eval, "limit_per_line": per_line}
            setup = {"track": _TWO_LIMITS, "round": 2, "turn_order": [0, 1], "turn": 0,
                     "seats": [{"position": [1, 2], "hand": [1, 4, 4, 5, 5]},
                               {"position": [0, 3], "hand": [1, 2, 3, 4, 5]}]}
            if dents is not None:
                options["dent_supply"], setup["dents_left"] = 20, dents
            game = racekit.load_game("snow_tails", players=2, **options)
            state = game.new_initial_state(setup=setup)
            scores = CarefulAgent(1).scores(state)
            assert scores == CarefulAgent(1, clones_only=True).scores(state), (per_line, dents)
            score[per_line, dents] = scores[state.string_to_action("play 4 to L+R")]
    assert score["each", None] < score["once", None] < score["once", 1] == score["each", 1]


def test_the_last_sled_racing_does_not_brake_in_place_for_ever():
    """Long track, four careful drivers, simulation seed 1 game 56: the last sled racing held one
    card, and every move cost damage, so it played that card onto its brake (mat unchanged, no
    move) round after round; the race never ended (NoEndError after 100000 plies). Now it moves."""
    from racekit import load_game
    from racekit.sim import kernels
    from racekit.sim.simulate import game_seed
    game = load_game("snow_tails", players=4, track="long")
    seed = game_seed(1, 56)
    out = kernels.engine_playout(game, seed, ("careful",) * 4, max_plies=5000, events=False)
    assert out.plies < 1000 and len(out.ranking) > 1
    assert kernels.compare(game, seed, ("careful",) * 4) is None
