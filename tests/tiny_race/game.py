"""Tiny Race's declaration and game class."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidationError

from racekit.core.errors import MAX_PLIES, SetupError
from racekit.core.game import Game, GameType
from racekit.core.invariants import check_position

from . import actions as A
from .params import PARAMS
from .state import TinyRaceState

PKG = __name__.rpartition(".")[0]

TINY_TYPE = GameType(
    id="tiny_race",
    long_name="Tiny Race (a test fixture)",
    min_players=2,
    max_players=2,
    default_players=2,
    seat_names=("Red", "Blue"),
    package=PKG,
    text=f"{PKG}.text:TEMPLATES",
    prefix="TR",
    params=PARAMS,
    invariants=f"{PKG}.invariants:INVARIANTS",
    num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
    # every roll moves a token at least one square: each seat takes at most finish_square
    # turns of 2 plies (the parameter's upper bound)
    max_game_length=2 * 2 * max(p.high for p in PARAMS if p.name == "finish_square"),
    max_legal_actions=1,
    num_chance_outcomes=len(A.CHANCE_IDS),
)
assert TINY_TYPE.max_game_length <= MAX_PLIES


class Setup(BaseModel):
    """A position: the squares, whose turn, the round."""

    model_config = ConfigDict(extra="forbid")
    pos: tuple[int, int] = (0, 0)
    turn: int = 0
    round: int = 1


class TinyRace(Game):
    game_type = TINY_TYPE

    def new_initial_state(self, setup=None, record_events: bool = True):
        state = TinyRaceState(self, record_events)
        if setup is not None:
            try:
                cfg = Setup.model_validate(setup)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise SetupError(err["msg"], field=".".join(str(p) for p in err["loc"])) from None
            if cfg.turn not in (0, 1):
                raise SetupError("the seat to move is 0 or 1", field="turn")
            state.pos, state.turn, state.round = list(cfg.pos), cfg.turn, cfg.round
            check_position(state, setup)
        return state
