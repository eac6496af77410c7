"""Event sentences (our own words). Fields: the event data plus ``seat`` and ``seats``.
A sentence that states a rule number takes it from the event's data (params.PARAMS)."""
from racekit.core.i18n import Texts, seat_names

from .params import DEFAULTS

T = Texts("aeroplane_chess")
"""This game's catalogue (``locale/<lang>/text.yaml``): every sentence, in English and Chinese."""


def _names(pieces: str) -> list[str]:
    """``"B1+B3+Y2"`` -> ``["B1", "B3", "Y2"]``."""
    return pieces.split("+")


def _move(seat, pieces, die, to, short=0, **f):
    start = T("events.move.from_loop", short=short) if short else T("events.move.from_step", step=f["from"])
    if short and to < 1:
        return T("events.move.short", seat=seat, pieces=pieces, die=die, start=start, left=1 - to)
    if f["from"] + die == to:
        return T("events.move.lands", seat=seat, pieces=pieces, die=die, start=start, to=to)
    return T("events.move.back", seat=seat, pieces=pieces, die=die, start=start, to=to)


def _new_lap(piece, square, step=None, short=0, **_):
    if step is None:
        return T("events.new_lap.loop", piece=piece, square=square, short=short)
    return T("events.new_lap.step", piece=piece, step=step)


def _stack(pieces, square=None, **_):
    if square is not None:
        return T("events.stack.square", names=_names(pieces), square=square)
    return T("events.stack.home", names=_names(pieces))


def _capture(seat, pieces, to, **_):
    """Captured pieces go each to its own colour's place (several owners possible)."""
    if "+" not in pieces:
        return T("events.capture.one", seat=seat, pieces=pieces, to=to)
    return T("events.capture.many", seat=seat, names=_names(pieces), to=to)


def _penalty(seat, pieces, to, count=DEFAULTS["penalty_sixes"], face=DEFAULTS["bonus_face"], **_):
    return T("events.penalty", seat=seat, pieces=pieces, to=to, count=count, face=face)


def _win(seats, names, **_):
    return T("events.win.many" if len(names) > 1 else "events.win.one", seats=seats)


COUNTED = ("capture", "jump", "fly", "bounce", "pass", "launch", "finish", "extra_roll", "gift")
"""The event kinds a simulation counts per game (``racekit.simulate``'s ``n_<kind>`` columns),
in the order the compiled kernel counts them (``kernel_jit.EVENTS``)."""


TEMPLATES = T.events({
    "move": _move,
    "capture": _capture,
    "stack": _stack,
    "new_lap": _new_lap,
    "penalty": _penalty,
    "win": _win,
})
"""Event kind -> sentence in the language in force (the catalogue's ``events.<kind>``; the
kinds above pick among its keys)."""

PHASES = T.mapping("phases")
"""Phase names as a teacher says them (the explorer's status line; contract 5)."""

OPTION_GROUPS = T.groups("option_groups", {
    "board": ("board", "seat_order", "turn_direction", "first_player"),
    "base": ("launch_rolls", "launch_moves_steps"),
    "moving": ("overshoot", "jump_fly", "max_jumps_per_move", "optional_effects",
               "stack_blocks", "teammate_overrun"),
    "captures": ("capture_mode", "tour_capture_mode", "captured_to", "capture_on_fly_path"),
    "sixes": ("six_bonus", "six_without_move_rerolls", "three_sixes_penalty",
              "bonus_roll_on_finish"),
    "end": ("finished_player", "play_for_places", "turn_limit"),
})
"""How the explorer groups the rule options (options not listed go under "Other rules")."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a game that is not over can say about places (``racekit play``/``replay``): only
    players with every plane home hold a place (AC-FAM-GOAL-1); the others are still racing."""
    names = seat_names(state.game.seat_names)
    home = [[s] for s in state.places]
    racing = [names[s] for s in range(state.r.n) if s not in state.places]
    return (T("places_so_far.label"), home,
            T("places_so_far.racing", names=racing) if racing else "")
