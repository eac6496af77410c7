"""Interference phase (WS-INTERFERE-1..3, WS-VAR-2P-*, WS-VAR-45P-1).

All mixed cells are found on the pre-move state and moved across at once, in a
single pass (WS-INTERFERE-2). A cell is mixed when it holds at least
``threshold`` colours (2, or 3 with 4-5 players, WS-AMB-01); the two neutral
dice of the 2-player rule count as one colour of their own (WS-AMB-26).
"""
from __future__ import annotations

from . import actions as A
from .consts import NEUTRAL


def place_neutral(st, roll: int) -> None:
    """WS-VAR-2P-1: first roll -> a neutral die in Cautious, second -> in Brave."""
    style = len(st.rolls)
    cell = style * 6 + roll - 1
    st.rolls.append(roll)
    st.cells[cell].append((NEUTRAL, style))
    if st._record:
        st.emit("neutral_die", [], ("WS-VAR-2P-1", "WS-AMB-26"), roll=roll, cell=A.cell_name(cell))


def run(st) -> None:
    th = st.o.threshold(st.n)
    moves = []
    for cell in range(12):
        dice = st.cells[cell]
        if len(dice) > 1 and len({d[0] for d in dice}) >= th:
            moves.append(cell)
    old = {cell: st.cells[cell] for cell in moves}   # the pre-move dice: all move at once
    for cell in moves:
        st.cells[cell] = []
    for cell in moves:
        st.cells[(cell + 6) % 12].extend(old[cell])
    if st._record:
        clauses = ["WS-INTERFERE-1", "WS-INTERFERE-2", "WS-INTERFERE-3", "WS-AMB-01"]
        if st.n == 2 and st.o.neutral:
            clauses.append("WS-VAR-2P-2")
        if th == 3:
            clauses.append("WS-VAR-45P-1")
        st.emit("interference", [], tuple(clauses), threshold=th,
                moved={A.cell_name(c): A.cell_name((c + 6) % 12) for c in moves},
                cells={A.cell_name(c): [d[0] for d in st.cells[c]] for c in range(12) if st.cells[c]})
    st.ph = "order"
