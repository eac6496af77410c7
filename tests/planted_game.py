"""A tiny dice race with a planted first-player effect, to test the designer review.

A chance draw picks the start player; then each turn is a roll (1-3, chance) and the
seat's one move. ``head_start`` squares put the start player ahead (a known advantage for the
first player: the review must confirm it); ``colour_scheme`` changes nothing the rules read
(a reading that cannot matter: the review must never flag it). The parameter ``lead`` adds
squares to the head start; ``colour_count`` is read by no rule. The play-order hooks live in
this module (``play_order``, ``fixed_start``), as a game's ``playorder.py`` would hold them.

Call :func:`register` (idempotent) to make ``racekit.load_game("planted_race")`` work; play it
in this process (``workers=1``): worker processes do not see the registration.
"""
from __future__ import annotations

from racekit.core.game import Game, GameType, Option, Param, register as _register
from racekit.core.state import CHANCE, TERMINAL, State

GAME_ID = "planted_race"
MOVE = 0
FIRST = 10

PLANTED_TYPE = GameType(
    id=GAME_ID,
    long_name="Planted Race (test game)",
    min_players=2,
    max_players=4,
    default_players=4,
    options=(
        Option("track", 12, choices=(12, 20), doc="track length", clauses=("PR-AMB-01",)),
        Option("head_start", 0, choices=(0, 1, 3), doc="squares the start player begins ahead",
               clauses=("PR-AMB-02",)),
        Option("colour_scheme", "plain", choices=("plain", "bright"),
               doc="colours of the pieces (no rule reads it)", clauses=("PR-AMB-03",)),
    ),
    params=(Param("lead", 0, "PR-AMB-04", 0, 3, doc="more squares the start player begins ahead"),
            Param("colour_count", 4, "PR-AMB-05", 2, 8, doc="colours printed (no rule reads it)")),
    seat_names=("Red", "Blue", "Green", "Yellow"),
    package=__name__,
    text=f"{__name__}:TEMPLATES",
    prefix="PR",
)
TEMPLATES = {"first": "{seat} starts.", "roll": "{seat} rolls {value}.", "win": "{seat} wins."}


class PlantedState(State):
    def __init__(self, game, record_events: bool = True):
        super().__init__(game, record_events)
        self.n = game.num_players
        self.track = game.options["track"]
        self.pos = [0] * self.n
        self.first: int | None = None
        self.turn = 0
        self.roll: int | None = None
        self.winner: int | None = None

    @property
    def phase(self) -> str:
        return "over" if self.winner is not None else "first" if self.first is None else "turn"

    def _current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.first is None or self.roll is None else self.turn

    def _legal_actions(self):
        return [MOVE]

    def _chance_outcomes(self):
        if self.first is None:
            return [(FIRST + s, 1 / self.n) for s in range(self.n)]
        return [(1, 1 / 3), (2, 1 / 3), (3, 1 / 3)]

    def _apply(self, action: int) -> None:
        if self.first is None:
            self.first = self.turn = action - FIRST
            self.pos[self.first] = self.game.options["head_start"] + self.game.params.lead
            return
        if self.roll is None:
            self.roll = action
            return
        seat = self.turn
        self.pos[seat] += self.roll
        self.roll = None
        if self.pos[seat] >= self.track:
            self.winner = seat
        else:
            self.turn = (seat + 1) % self.n

    def _action_to_string(self, action: int) -> str:
        if self.first is None:
            return f"seat {action - FIRST} starts"
        return f"roll {action}" if self.roll is None else "move"

    def _parse_action(self, text: str):
        return MOVE if text == "move" else None

    def _ranking(self):
        order = sorted(range(self.n), key=lambda s: (s != self.winner, -self.pos[s], s))
        return [[s] for s in order]

    def snapshot(self, seat=None) -> dict:
        return {"pos": list(self.pos), "turn": self.turn, "winner": self.winner}


class PlantedRace(Game):
    game_type = PLANTED_TYPE

    def new_initial_state(self, setup=None, record_events: bool = True):
        return PlantedState(self, record_events)


def play_order(state):
    """Play order: the drawn start player, then clockwise; ``None`` before the draw."""
    if state.first is None:
        return None
    return [(state.first + i) % state.n for i in range(state.n)]


def fixed_start(game):
    return None


def register() -> None:
    """Register the game under ``planted_race`` (safe to call twice)."""
    _register(GAME_ID, f"{__name__}:PlantedRace", draft=True)
