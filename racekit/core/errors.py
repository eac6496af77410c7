"""Error types raised by racekit.

Every error names the rule clause or the field that was violated, so that a
teacher or a player can look the rule up (``grep -rn CLAUSE racekit``).
A method that raises leaves the state it was called on unchanged.
"""
from __future__ import annotations


class RacekitError(Exception):
    """Base class of every error racekit raises on purpose."""


class UnknownGameError(RacekitError, KeyError):
    """``load_game`` was given a name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]


class OptionError(RacekitError, ValueError):
    """An option, preset or seat count is unknown or has a bad value.

    Attributes:
        field: what was wrong, as a settings field: ``players``, ``preset`` or
            ``options.<name>`` (``None`` when not known, e.g. a combination).
    """

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(message)


class IllegalActionError(RacekitError, ValueError):
    """An action is not legal in the current state.

    Attributes:
        clause: the rule clause ID that forbids the action (e.g. ``AC-TOUR-STACK-3``).
        action: the action id that was refused.
        legal: the legal actions at that point, as strings.
    """

    def __init__(self, message: str, *, clause: str, action=None, legal: list[str] | None = None):
        self.clause = clause
        self.action = action
        self.reason = message
        self.legal = list(legal or [])
        shown = ", ".join(self.legal[:12]) + (" …" if len(self.legal) > 12 else "")
        super().__init__(f"[{clause}] {message} Legal now: {shown or 'none'}.")


class SetupError(RacekitError, ValueError):
    """A scenario or user setup describes an impossible position.

    Attributes:
        field: dotted path of the offending setup field (``planes.R1``), if known.
        seat: the seat the problem is about (``None``: no one seat).
        value: the offending value, when the error is a broken invariant.
        clause: the rule clause the position breaks (e.g. ``WS-ALT-1``), if known.
    """

    def __init__(self, message: str, field: str | None = None, *, seat: int | None = None,
                 value=None, clause: str | None = None):
        self.field = field
        self.seat = seat
        self.value = value
        self.clause = clause
        super().__init__(f"{field}: {message}" if field else message)


class FileFormatError(RacekitError, ValueError):
    """A save, scenario or track file failed validation.

    The message names the file, the line (when known) and the field.
    """


MAX_PLIES = 100_000
"""The engine's guard: a game that has not ended after this many plies never ends with these
agents (the longest games the kit's agents finish take a few thousand plies). Every way of
playing a whole game stops here with :class:`NoEndError`: a :class:`~racekit.core.session.Session`
(``racekit play``, ``golden``, ``figures``, the explorer's Play), the simulation's engine
playouts and every fast kernel."""


class NoEndError(RacekitError, RuntimeError):
    """A playout reached its ply cap (:data:`MAX_PLIES`) and the game had not ended: these
    agents never finish it (e.g. an agent that repeats the same losing plan every round)."""


def no_end(game, seed: int | None = None, max_plies: int = MAX_PLIES) -> NoEndError:
    """The :class:`NoEndError` for ``game`` (a configured Game) and ``seed``, saying what to do.

    ``seed=None`` leaves the seed out of the message (a seat playing a game whose seed is its
    host's secret must not read it there)."""
    options = getattr(getattr(game, "game_type", None), "options", ())
    hint = ("; cap the game with -o turn_limit=N (turn_limit= in Python)"
            if any(getattr(o, "name", None) == "turn_limit" for o in options)
            else "; try other agents")
    try:   # "wingsuit (standard, 3 players)", the words `racekit simulate` prints its games with
        where = f"{game.game_type.id} ({game.preset}, {game.num_players} players)"
    except AttributeError:
        where = repr(game)
    if seed is not None:
        where += f", game seed {seed}"
    return NoEndError(f"{where}: no end within {max_plies} plies: the agents "
                      f"keep playing without finishing{hint}")


class KernelMismatchError(RacekitError):
    """A kernel's game differs from the engine's: the kernel is stale (a rule changed in the
    engine and not in its compiled loop). Attributes: ``game_id``, ``seed``, ``ply``
    (racekit.sim.kernels, racekit.adapters.mcts)."""

    def __init__(self, message: str, game_id: str, seed: int, ply: int):
        super().__init__(message)
        self.game_id, self.seed, self.ply = game_id, seed, ply
