"""Event sentences (our own words). Fields: the event data plus ``seat`` and ``seats``.
A sentence that states a rule number takes it from the event's data (params.PARAMS)."""
from .params import DEFAULTS, face_word, ordinal

PLACES = {"takeoff": "its take-off point", "base": "its base"}


def _squares(n: int) -> str:
    return "1 square" if n == 1 else f"{n} squares"


def _place(to: str) -> str:
    return PLACES.get(to, to)


def _names(pieces: str) -> str:
    """``"B1+B3+Y2"`` -> ``"B1, B3 and Y2"``."""
    parts = pieces.split("+")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _back(pieces: str, to: str) -> str:
    """Where captured pieces go, each to its own colour's place (several owners possible)."""
    if "+" not in pieces:
        return f"{pieces} back to {_place(to)}"
    where = {"takeoff": "their take-off points", "base": "their bases"}.get(to, to)
    return f"{_names(pieces)} back to {where}"


def _move(seat, pieces, die, to, short=0, **f):
    start = f"the loop square {_squares(short)} short of its entry" if short else f"step {f['from']}"
    if short and to < 1:
        return f"{seat} moves {pieces} {_squares(die)} from {start}, still {_squares(1 - to)} short of its entry."
    if f["from"] + die == to:
        return f"{seat} moves {pieces} from {start} to step {to} ({_squares(die)})."
    return f"{seat} moves {pieces} {_squares(die)} from {start}: past the finish and back to step {to}."


def _new_lap(piece, square, step=None, short=0, **_):
    if step is None:
        return (f"{piece} was carried past its turn-off: it stays on the loop at square {square}, "
                f"{_squares(short)} short of its entry, and must go round again.")
    return f"{piece} was carried past its turn-off and must go round again from its step {step}."


def _stack(pieces, square=None, **_):
    where = f" on square {square}" if square is not None else " in the home column"
    return f"{_names(pieces)} now stand together as a stack{where}."


COUNTED = ("capture", "jump", "fly", "bounce", "pass", "launch", "finish", "extra_roll", "gift")
"""The event kinds a simulation counts per game (``racekit.simulate``'s ``n_<kind>`` columns),
in the order the compiled kernel counts them (``kernel_jit.EVENTS``)."""


TEMPLATES = {
    "turn_limit": "The turn limit ({rounds} rounds, not a rule) ends the game: places taken, then "
                  "progress, make the ranking.",
    "first_player": "{seat} is drawn to start.",
    "roll": "{seat} rolls a {die}.",
    "launch": "{seat} launches {piece} from the base to the take-off point with a {die}.",
    "move": _move,
    "bounce": "{pieces} overshoots the finish by {surplus} and walks back to step {to}.",
    "jump": "{pieces} jumps from own-colour step {from} to step {to}.",
    "fly": "{pieces} flies along the dashed line from step {from} to step {to}.",
    "capture": lambda seat, pieces, to, **_: f"{seat} sends {_back(pieces, to)}.",
    "stack": _stack,
    "no_hop": "{pieces} stays on own-colour step {at}: {reason}.",
    "finish": "{piece} reaches the finish and leaves play.",
    "new_lap": _new_lap,
    "decline": "{seat} declines the optional {effect}.",
    "pass": "{seat} has no legal move with a {die}; the roll passes.",
    "extra_roll": "{seat} earns an extra roll.",
    "keep": "{seat} keeps the extra roll.",
    "gift": "{seat} hands the extra roll to the teammate.",
    "chain_end": "{seat} has every plane home, so the run of extra rolls stops here.",
    "penalty": lambda seat, pieces, to, count=DEFAULTS["penalty_sixes"],
    face=DEFAULTS["bonus_face"], **_:
        f"A {ordinal(count)} {face_word(face)} in a row: {seat} must send {pieces} back to {_place(to)}.",
    "skip": "{seat} has every plane home and sits this turn out.",
    "turn": "It is {seat}'s turn.",
    "home": "{seat} has brought every plane home (place {place}).",
    "win": lambda seats, **f: f"{seats} {'win' if ' and ' in seats else 'wins'} the game.",
    "game_over": "The game is over.",
}

PHASES = {
    "first": "draw who starts",
    "roll": "roll the die",
    "move": "choose a plane to move",
    "effect": "take or decline an optional jump, flight or capture",
    "bonus": "keep the extra roll or hand it to the teammate",
    "over": "game over",
}
"""Phase names as a teacher says them (the explorer's status line; contract 5)."""

OPTION_GROUPS = {
    "Board and seats": ("board", "seat_order", "turn_direction", "first_player"),
    "Leaving the base": ("launch_rolls", "launch_moves_steps"),
    "Moving": ("overshoot", "jump_fly", "max_jumps_per_move", "optional_effects",
               "stack_blocks", "teammate_overrun"),
    "Captures": ("capture_mode", "tour_capture_mode", "captured_to", "capture_on_fly_path"),
    "Sixes and extra rolls": ("six_bonus", "six_without_move_rerolls", "three_sixes_penalty",
                              "bonus_roll_on_finish"),
    "End of the game": ("finished_player", "play_for_places", "turn_limit"),
}
"""How the explorer groups the rule options (options not listed go under "Other rules")."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a game that is not over can say about places (``racekit play``/``replay``): only
    players with every plane home hold a place (AC-FAM-GOAL-1); the others are still racing."""
    names = state.game.seat_names
    home = [[s] for s in state.places]
    racing = [names[s] for s in range(state.r.n) if s not in state.places]
    return "Places so far", home, (f"; still racing: {_names('+'.join(racing))}" if racing else "")
