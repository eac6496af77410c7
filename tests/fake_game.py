"""A tiny dice race used to test the generic explorer without a real game.

Each seat has two tokens (A and B) on a track of ``track`` squares. A turn is a
chance node (roll 1-3) followed by a decision: move token A or B by the roll,
or pass when neither can move. With ``exact_finish`` a token may not overshoot
the last square (FR-FINISH-2). The first seat with both tokens home wins.

Call :func:`register` (idempotent) to make ``racekit.load_game("fake_race")`` work.
"""
from __future__ import annotations

import dataclasses

from racekit.core.game import Game, GameType, Option, Preset, register as _register
from racekit.core.state import CHANCE, TERMINAL, State

GAME_ID = "fake_race"
MOVE_A, MOVE_B, PASS = 0, 1, 2
_NAMES = {MOVE_A: "move A", MOVE_B: "move B", PASS: "pass"}

TEMPLATES = {
    "roll": "{seat} rolls {value}.",
    "move": "{seat} moves token {token} from {start} to {end}.",
    "home": "{seat}'s token {token} is home.",
    "pass": "{seat} cannot move and passes.",
    "win": "{seat} wins.",
}

FAKE_TYPE = GameType(
    id=GAME_ID,
    long_name="Fake Race (test game)",
    min_players=2,
    max_players=4,
    default_players=2,
    presets=(
        Preset("short", options={"track": 8}, doc="a short track"),
        Preset("long", options={"track": 16}, min_players=2, max_players=3, default_players=3,
               doc="a long track for up to three"),
    ),
    options=(
        Option("track", 8, choices=(8, 12, 16), doc="track length", clauses=("FR-AMB-01",)),
        Option("exact_finish", True, choices=(True, False), doc="no overshooting the finish",
               clauses=("FR-AMB-02",)),
    ),
    seat_names=("Red", "Blue", "Green", "Yellow"),
    package=__name__,
    plot=f"{__name__}:draw",
    text=f"{__name__}:TEMPLATES",
    prefix="FR",
)


class FakeRaceState(State):
    def __init__(self, game, record_events: bool = True):
        super().__init__(game, record_events)
        n = game.num_players
        self.track = game.options["track"]
        self.exact = game.options["exact_finish"]
        self.tokens = [[0, 0] for _ in range(n)]
        self.turn = 0
        self.roll: int | None = None
        self.winner: int | None = None

    @property
    def phase(self) -> str:
        return "over" if self.winner is not None else ("roll" if self.roll is None else "move")

    def _current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.roll is None else self.turn

    def _can_move(self, token: int) -> bool:
        pos = self.tokens[self.turn][token]
        if pos >= self.track:
            return False
        return not (self.exact and pos + self.roll > self.track)

    def _legal_actions(self) -> list[int]:
        moves = [t for t in (MOVE_A, MOVE_B) if self._can_move(t)]
        return moves or [PASS]

    def _chance_outcomes(self):
        return [(1, 1 / 3), (2, 1 / 3), (3, 1 / 3)]

    def _apply(self, action: int) -> None:
        seat = self.turn
        if self.roll is None:
            self.roll = action
            self.emit("roll", [seat], ["FR-ROLL-1"], value=action)
            return
        if action == PASS:
            self.emit("pass", [seat], ["FR-PASS-1"])
        else:
            name = "AB"[action]
            start = self.tokens[seat][action]
            end = min(self.track, start + self.roll)
            self.tokens[seat][action] = end
            self.emit("move", [seat], ["FR-MOVE-1"], token=name, start=start, end=end)
            if end == self.track:
                self.emit("home", [seat], ["FR-FINISH-1"], token=name)
                if all(p == self.track for p in self.tokens[seat]):
                    self.winner = seat
                    self.emit("win", [seat], ["FR-END-1"])
        self.roll = None
        if self.winner is None:
            self.turn = (seat + 1) % self.game.num_players

    def _action_to_string(self, action: int) -> str:
        if self.roll is None:
            return f"roll {action}"
        return _NAMES[action]

    def _parse_action(self, text: str):
        for a, name in _NAMES.items():
            if name == text:
                return a
        return None

    def _why_illegal(self, action: int):
        if action in (MOVE_A, MOVE_B) and self.roll is not None:
            return "FR-FINISH-2", "that token would overshoot the finish (or is home)."
        if action == PASS:
            return "FR-PASS-1", "you may pass only when no token can move."
        return super()._why_illegal(action)

    def _ranking(self):
        order = sorted(range(self.game.num_players), key=lambda s: (s != self.winner, -sum(self.tokens[s])))
        return [[s] for s in order]

    def snapshot(self, seat=None, *, full=False) -> dict:
        return {"tokens": [list(t) for t in self.tokens], "turn": self.turn, "roll": self.roll,
                "winner": self.winner}


class FakeRace(Game):
    game_type = FAKE_TYPE

    def new_initial_state(self, setup=None, record_events: bool = True):
        state = FakeRaceState(self, record_events)
        if setup:
            for seat, tokens in enumerate(setup.get("tokens", [])):
                state.tokens[seat] = list(tokens)
        return state


COLORS = ["tab:red", "tab:blue", "tab:green", "gold"]


def draw(state, ax=None, **kw):
    """Draw the track as a row of squares and each token as a coloured dot."""
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots()
    n = state.game.num_players
    for sq in range(state.track + 1):
        ax.add_patch(_square(sq))
    for seat in range(n):
        for t, pos in enumerate(state.tokens[seat]):
            ax.plot(pos + 0.5, seat + 0.3 + 0.4 * t, "o", color=COLORS[seat], markersize=10)
    ax.set_xlim(-0.5, state.track + 1.5)
    ax.set_ylim(-0.5, n + 0.5)
    ax.set_aspect("equal")
    ax.set_axis_off()
    roll = "" if state.roll is None else f" (rolled {state.roll})"
    ax.set_title(f"ply {state.ply}{roll}")
    return ax


def _square(sq):
    from matplotlib.patches import Rectangle
    return Rectangle((sq, -0.2), 1, 0.2, facecolor="0.85" if sq % 2 else "0.95", edgecolor="0.5")


def register() -> None:
    """Register the fake game under ``fake_race`` (safe to call twice)."""
    _register(GAME_ID, f"{__name__}:FakeRace", draft=True)


# ----- a variant with custom action controls (the GameType.controls hook) -----
class TokenControls:
    """Custom controls for the fake race: toggle buttons A / B / pass.

    ``selected_action`` raises when nothing is chosen, like a real game's
    controls would for an incomplete choice.
    """

    def __init__(self, state):
        import ipywidgets as widgets
        self.state = state
        self.widget = widgets.ToggleButtons(options=["A", "B", "pass"], value=None,
                                            description="Token")

    def selected_action(self) -> int:
        choice = self.widget.value
        if choice is None:
            raise ValueError("Pick a token (A or B) or pass.")
        return {"A": MOVE_A, "B": MOVE_B, "pass": PASS}[choice]


def make_controls(state):
    return TokenControls(state)


FAKE_CONTROLS_TYPE = dataclasses.replace(FAKE_TYPE, id=GAME_ID + "_controls",
                                         controls=f"{__name__}:make_controls")


class FakeRaceWithControls(FakeRace):
    game_type = FAKE_CONTROLS_TYPE


def register_with_controls() -> None:
    """Register ``fake_race_controls``: the same game with custom controls."""
    _register(FAKE_CONTROLS_TYPE.id, f"{__name__}:FakeRaceWithControls")
