"""Tiny Race's turn flow, as data.

    setup (TR-SETUP-1) -> [turn: the seat to move asks for the die (TR-ROLL-1)]
                       -> [die: chance, a face 1..die_faces] -> move (TR-ROLL-1)
                       -> finish square reached? over (TR-GOAL-1) : next seat's turn (TR-TURN-1)

A round is one turn of each seat (``state.round`` counts them from 1).
"""
from racekit.core.state import CHANCE, TERMINAL

from . import actions as A

PHASES = {
    "turn": "the seat to move asks for the die",
    "die": "the die is rolled",
    "over": "the race is over",
}
"""Phase id -> who acts, in plain words (the text module's PHASES show the same ids)."""


def current_player(st) -> int:
    if st.phase == "over":
        return TERMINAL
    return CHANCE if st.phase == "die" else st.turn


def legal(st) -> list[int]:
    return [A.ROLL] if st.phase == "turn" else []


def chance_outcomes(st) -> list[tuple[int, float]]:
    faces = st.game.params.die_faces
    return [(f, 1 / faces) for f in range(1, faces + 1)]


def apply(st, action: int) -> None:
    if st.phase == "turn":                       # TR-ROLL-1: the seat asks for the die
        st.phase = "die"
        return
    seat, fin = st.turn, st.game.params.finish_square
    start = st.pos[seat]
    st.pos[seat] = min(fin, start + action)      # TR-AMB-01: a token stops on the finish
    st.emit("move", [seat], ("TR-ROLL-1",), roll=action, start=start, end=st.pos[seat])
    if st.pos[seat] == fin:
        st.winner = seat
        st.phase = "over"
        st.emit("finish", [seat], ("TR-GOAL-1", "TR-AMB-01"), square=fin)
        return
    st.turn = 1 - seat                           # TR-TURN-1
    if st.turn == 0:
        st.round += 1
    st.phase = "turn"
