"""Leaf Marathon, the spec revision of 2026-12-01: LM-AMB-50 (a held trigger card is only
played), LM-AMB-51 (a faint cancels a pending Bear) and LM-AMB-25 (armor's weight doubles under
Magic Bind; a deck's armor weights are honoured or refused). The scenarios
LM-EDGE-TRIGGER-*, LM-EDGE-BEAR-FAINT* and LM-EDGE-ARMOR-BIND* show each rule in play; these
tests pin what a scenario cannot: deck files, refusal texts, the agent's plan, the kernels."""
import pytest

import racekit
from racekit import IllegalActionError, OptionError
from racekit.games.leaf_marathon import actions as A
from racekit.games.leaf_marathon import cards as C
from racekit.games.leaf_marathon.agents import CarefulAgent
from racekit.sim import kernels
from tests.lm_helpers import FIN, act, make

DECK = """format: racekit.leaf_marathon.deck/1
id: my_deck
cards:
  - {{type: action,   count: 20, weight: 1, bound_weight: 1}}
  - {{type: weapon,   count: 6,  weight: 1, bound_weight: 2}}
  - {{type: armor,    count: 6,  weight: {w}, bound_weight: {b}}}
  - {{type: recovery, count: 8,  weight: 1, bound_weight: 2, heal: 3}}
  - {{type: effect,   count: 4,  weight: 1, bound_weight: 2}}
  - {{type: trigger,  count: 10, weight: 1, bound_weight: 1}}
  - {{type: element,  count: 10, weight: 1, bound_weight: 1}}
buffs:
  - {{id: A, name: Sturdy, effect: "+1"}}
  - {{id: B, name: Swift, effect: "+1"}}
  - {{id: C, name: Hardy, effect: "+1"}}
specials:
  - {{id: get_over_here,    name: Get Over Here,    event: 1,  weight: 0, anytime: true}}
  - {{id: sonic_rainboom,   name: Sonic Rainboom,   event: 6,  weight: 0, anytime: true}}
  - {{id: bear,             name: Bear,             event: 7,  weight: 0, anytime: true}}
  - {{id: roadblock,        name: Roadblock,        event: 15, weight: 1, anytime: true}}
  - {{id: free_forced_rest, name: Free Forced Rest, event: 19, weight: 2, anytime: false}}
"""


@pytest.fixture
def deck(tmp_path, monkeypatch):
    """A deck file with the given armor weights, named relative to the working folder."""
    monkeypatch.chdir(tmp_path)

    def write(w, b):
        name = f"armor_{w}_{b}.yaml"
        (tmp_path / name).write_text(DECK.format(w=w, b=b))
        return name
    return write


def _armor_weights(st):
    """(weight of an armor card in hand, after Magic Bind)."""
    before = C.weight(st, C.ARMOR)
    st.mb_level = 1
    st.weight_tables.clear()
    return before, C.weight(st, C.ARMOR)


# ----- LM-AMB-25: armor under Magic Bind -----------------------------------------------------

@pytest.mark.parametrize("options, w, b, weights", [
    ({}, 0, 0, (0, 0)),                               # the rules' reading: 0 stays 0
    ({"armor_weight_in_hand": 1}, 0, 0, (1, 2)),      # the option: 1 doubles to 2
    ({"armor_weight_in_hand": 1}, 0, 3, (1, 3)),      # ... to the deck's bound_weight
    ({}, 1, 3, (1, 3)),                               # a deck's own armor weights, as written
    ({"armor_weight_in_hand": 1}, 1, 2, (1, 2)),      # the option agrees with the deck
    ({}, 2, 2, (2, 2)),                               # a deck may say armor does not double
])
def test_armor_weights_follow_the_option_or_the_deck(deck, options, w, b, weights):
    game = racekit.load_game("leaf_marathon", players=2, deck=deck(w, b), **options)
    assert _armor_weights(game.new_initial_state()) == weights, "LM-AMB-25"


@pytest.mark.parametrize("options, w, b, field", [
    ({}, 0, 2, "options.deck"),                           # a weightless card cannot double to 2
    ({"armor_weight_in_hand": 1}, 2, 4, "options.armor_weight_in_hand"),   # two weights disagree
])
def test_a_deck_armor_weight_the_engine_cannot_honour_is_refused(deck, options, w, b, field):
    with pytest.raises(OptionError, match="LM-AMB-25") as err:
        racekit.load_game("leaf_marathon", players=2, deck=deck(w, b), **options)
    assert err.value.field == field
    assert "my_deck" not in str(err.value)   # names the file, never quotes its content


def test_a_deck_armor_weight_reaches_the_compiled_kernel(deck):
    pytest.importorskip("numba")
    from racekit.games.leaf_marathon import kernel_jit

    class Numba:
        AGENTS, EVENTS = kernel_jit.AGENTS, kernel_jit.EVENTS

        @staticmethod
        def play(game, seed, agents):
            return kernel_jit.playout(game, seed, agents)
    game = racekit.load_game("leaf_marathon", deck=deck(1, 3))
    for seed in range(3):
        assert kernels.compare(game, seed, ("random",) * 4, Numba) is None


# ----- LM-AMB-50: a held trigger card is played --------------------------------------------

def _refusal(st, name):
    with pytest.raises(IllegalActionError) as err:
        act(st, name)
    return err.value


@pytest.mark.parametrize("name", ["shed trigger + trigger", "shed weapon + trigger", "2-for-3 with trigger"])
def test_a_trigger_card_cannot_pay_for_shedding_or_2_for_3(name):
    st = make([{"hand": ["trigger", "trigger", "weapon", "action"]}, FIN])
    before = st.snapshot()
    err = _refusal(st, name)
    assert err.clause == "LM-AMB-50" and "LM-TRIGGER-1" in str(err)
    assert st.snapshot() == before


@pytest.mark.parametrize("event", [2, 5, 11])
def test_travel_light_barter_and_butterfingers_leave_a_trigger_card_alone(event):
    st = make([{"hand": ["trigger", "trigger", "weapon", "effect", "action"]}, FIN])
    act(st, "play trigger")
    st.apply_action(event)
    picks = {st.action_to_string(a) for a in st.legal_actions() if A.PICK <= a < A.PICK + 256}
    assert "pick trigger" not in picks and "pick weapon" in picks
    err = _refusal(st, "pick trigger")
    assert err.clause == "LM-AMB-50" and "LM-TRIGGER-1" in str(err)


def test_any_use_is_the_old_rule():
    st = make([{"hand": ["trigger", "trigger", "weapon", "action"]}, FIN], {"trigger_discard": "any_use"})
    names = {st.action_to_string(a) for a in st.legal_actions()}
    assert {"shed trigger + trigger", "2-for-3 with trigger"} <= names, "LM-AMB-50"


def test_forced_trade_may_take_a_trigger_card_its_holder_did_not_choose():
    st = make([{"hand": ["trigger", "weapon"], "pos": 3}, {"hand": ["trigger"], "pos": 2}], order=[0, 1])
    act(st, "play trigger")
    st.apply_action(8)                       # Forced Trade
    act(st, "target Blue", "take 1")
    st.apply_action(A.BLIND + C.TRIGGER)     # Red takes Blue's trigger card unseen
    assert C.TRIGGER not in st.hand[1], "LM-AMB-50"


def test_the_leg_change_discard_may_take_a_trigger_card():
    st = make([{"hand": ["trigger"] * 7, "finished": True, "place": 1}, FIN], start="round_end")
    face = 0
    while st.phase != "select":   # the order roll: different faces, so no re-roll
        face += 1
        if st.phase == "order_die":
            st.apply_action(face)
        else:
            st.apply_action(st.chance_outcomes()[0][0] if st.is_chance_node() else st.legal_actions()[0])
    assert A.PICK + C.TRIGGER in st.legal_actions() and st.pd["purpose"] == "leg_discard", "LM-AMB-50"


def test_random_games_never_offer_a_held_trigger_card_to_a_use_its_holder_chooses():
    """At every decision of seeded random games: no shed or 2-for-3 uses a held trigger card,
    Travel Light and Barter never offer one, Butterfingers and Release only when the other
    cards cannot make up the count (LM-AMB-50)."""
    from racekit.core.agents import RandomAgent
    from racekit.core.chance import Sampler
    game = racekit.load_game("leaf_marathon")
    seen = 0
    for seed in range(6):
        st, sampler, agent = game.new_initial_state(), Sampler(seed), RandomAgent(seed)
        while not st.is_terminal():
            if st.is_chance_node():
                st.apply_action(sampler.sample(st.chance_outcomes(), st.ply))
                continue
            legal = st.legal_actions()
            if st.phase == "turn":
                for a in legal:
                    if A.SHED <= a < A.END:
                        assert not any(C.held_trigger(c) for c in divmod(a - A.SHED, 256)), "LM-AMB-50"
                    elif A.TWO3 <= a < A.TWO3 + 256:
                        assert not C.held_trigger(a - A.TWO3), "LM-AMB-50"
            elif st.phase == "select" and st.pd["purpose"] not in ("exchange", "leg_discard"):
                pool = st.pd["pool"]
                triggers = sum(1 for c in pool if C.held_trigger(c))
                seen += any(C.held_trigger(c) for c in st.hand[st.current_player()])
                if st.pd["purpose"] in ("travel_light", "barter"):
                    assert triggers == 0, "LM-AMB-50"
                else:
                    assert triggers == 0 or len(pool) == st.pd["min"], "LM-AMB-50"
            st.apply_action(agent(st, st.ply))
    assert seen   # the games met selections while a trigger card was held


# ----- LM-AMB-51: Bear and a faint ----------------------------------------------------------

@pytest.mark.parametrize("option, stamina", [("lost", 8), ("on_return", 15)])
def test_a_faint_before_the_bear_refill(option, stamina):
    st = make([{"stamina": 9, "hand": ["Sonic Rainboom", "Bear"]}, FIN], {"bear_after_faint": option})
    act(st, "play Sonic Rainboom", "play Bear", "end turn")
    assert st.faint[0] and st.stamina[0] == 0          # sitting out, not refilled while fainted
    assert st.bear_next[0] == (option == "on_return"), "LM-AMB-51"
    act(st, "revive now at half")
    assert st.stamina[0] == stamina and st.bear_double[0] == (option == "on_return"), "LM-AMB-51"
    kinds = [e.kind for e in st.events]
    assert ("bear_lost" in kinds) == (option == "lost") and ("bear_kept" in kinds) == (option == "on_return")


def test_waiting_for_full_also_gets_the_kept_refill_and_doubling():
    st = make([{"stamina": 9, "hand": ["Sonic Rainboom", "Bear"]}, FIN], {"bear_after_faint": "on_return"})
    act(st, "play Sonic Rainboom", "play Bear", "end turn", "wait a round for full")
    assert st.stamina[0] == 15 and st.bear_double[0] and not st.bear_next[0], "LM-AMB-51"


@pytest.mark.parametrize("option, picks", [("lost", 1), ("on_return", 3)])
def test_the_careful_agent_keeps_a_pending_bear_refill_out_of_a_faint(option, picks):
    """Travel Light over the weight limit with a Bear refill pending and 2 stamina: by default a
    run of 2 squares would faint and lose the refill, so the agent drops one card and stops."""
    st = make([{"stamina": 2, "bear_next": True, "hand": ["trigger"] + ["recovery"] * 5 + ["effect"] * 4}, FIN],
              {"bear_after_faint": option})
    act(st, "play trigger")
    st.apply_action(2)                       # Travel Light
    agent = CarefulAgent(0)
    chosen = []
    for ply in range(picks + 1):
        a = agent(st, ply)
        chosen.append(a)
        if a == A.DONE:
            break
        st.apply_action(a)
    assert all(a >= A.PICK for a in chosen[:picks])
    assert len(chosen) == picks + 1 and (chosen[-1] == A.DONE) == (option == "lost")
