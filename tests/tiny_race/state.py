"""Tiny Race's state: two tokens, whose turn, the phase, the round."""
from __future__ import annotations

from racekit.core.state import State

from . import actions as A
from . import flow


class TinyRaceState(State):
    """Fields: ``pos`` (square per seat), ``turn`` (seat to move), ``phase`` (a key of
    :data:`.flow.PHASES`), ``round`` (from 1), ``winner`` (seat or ``None``)."""

    def __init__(self, game, record_events: bool = True):
        super().__init__(game, record_events)
        self.pos = [0, 0]                       # TR-SETUP-1
        self.turn = 0
        self.phase = "turn"
        self.round = 1
        self.winner: int | None = None

    def _current_player(self) -> int:
        return flow.current_player(self)

    def _legal_actions(self) -> list[int]:
        return flow.legal(self)

    def _chance_outcomes(self):
        return flow.chance_outcomes(self)

    def _apply(self, action: int) -> None:
        flow.apply(self, action)

    def _action_to_string(self, action: int) -> str:
        return A.name(action, self.phase == "die")

    def _parse_action(self, text: str):
        found = A.parse(text, self.phase == "die")
        return found if found is not None else A.parse(text, self.phase != "die")

    def _why_illegal(self, action: int):
        if self.phase == "turn" and action != A.ROLL:
            return "TR-ROLL-1", "the die is rolled only after the seat asks for it."
        return super()._why_illegal(action)

    def _ranking(self):
        order = sorted(range(2), key=lambda s: (s != self.winner, -self.pos[s]))
        if self.winner is None and self.pos[0] == self.pos[1]:
            return [order]
        return [[s] for s in order]

    def snapshot(self, seat=None, *, full=False) -> dict:
        return {"pos": list(self.pos), "turn": self.turn, "phase": self.phase,
                "round": self.round, "winner": self.winner}

    def clone(self):
        return self._copy_shell(lists=("pos",))

    def to_text(self) -> str:
        return (f"round {self.round} phase {self.phase} turn {self.turn} "
                f"pos {self.pos[0]} {self.pos[1]}")
