"""Leaf Marathon explorer controls: grouped card uses in a play turn, a list elsewhere."""
import racekit
from racekit.games.leaf_marathon.controls import ListControls, TurnControls, group_of, make


def test_turn_controls_group_the_uses_and_return_legal_ids():
    g = racekit.load_game("leaf_marathon", players=2)
    st = g.new_initial_state(setup={"terrain": ["start"] + ["leaf"] * 19 + ["finish"], "order": [0, 1], "seats": [
        {"pos": 5, "hand": ["action", "weapon", "effect", "recovery"]}, {"pos": 6}]})
    c = make(st)
    assert isinstance(c, TurnControls)
    assert {"end turn", "action card +1", "2-for-3", "shed", "give weapon", "play recovery"} <= set(c.groups)
    c.use.value = "shed"
    assert c.selected_action() in st.legal_actions()
    assert st.action_to_string(c.selected_action()).startswith("shed ")
    assert group_of("Get Over Here on Blue") == "Get Over Here"


def test_other_decisions_use_a_list():
    g = racekit.load_game("leaf_marathon", players=2)
    st = g.new_initial_state(setup={"start": "round", "round": 6, "seats": [{"pos": 3, "faint": 2, "stamina": 0}, {"pos": 5}]})
    c = make(st)
    assert isinstance(c, ListControls) and c.selected_action() in st.legal_actions()
