"""Teaching helpers for the notebook: one d20 event played out on a fixed position.

``event_position(n)`` is a four-pony position on the teaching map's first leg where Red
holds a trigger card; ``roll_event(n)`` plays that trigger, fixes the d20 at ``n`` and lets
the first legal choice and the first chance outcome settle whatever the event asks, so a
teacher can show any of the twenty events on demand. Reads and builds states only.
"""
from __future__ import annotations

import racekit

POSITION = {
    "order": [0, 1, 2, 3],
    "previous_event": 5,
    "seats": [
        {"pos": 5, "stamina": 9, "hand": ["trigger", "action", "weapon", "recovery", "effect"]},
        {"pos": 10, "hand": ["action", "armor", "weapon"], "armor": True},
        {"pos": 3, "hand": ["action", "effect"]},
        {"pos": 8, "hand": ["recovery"]},
    ],
}


def event_position(game=None):
    game = game or racekit.load_game("leaf_marathon", players=4)
    return game.new_initial_state(setup=POSITION)


def roll_event(n: int, game=None, limit: int = 40):
    """Play Red's trigger with the d20 fixed at ``n``; return (state, the events' sentences)."""
    st = event_position(game)
    start = len(st.events)
    st.apply_action(st.string_to_action("play trigger"))
    st.apply_action(n)
    for _ in range(limit):
        if st.is_terminal() or (st.current_player() == 0 and st.phase == "turn"):
            break
        if st.current_player() != 0 and st.phase == "turn":
            break
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[-1][0])
        else:
            legal = st.legal_actions()
            if st.phase == "select" and st.pd["picked"] and 3 in legal:
                st.apply_action(3)  # done after one pick
            else:
                st.apply_action(legal[-1])
    return st, [st.game.render(e) for e in st.events[start:]]
