"""Save and load games as JSON (no pickle, no eval).

A save file holds the game id, seats, preset, options, the seed (for the
record), an optional set-up position, the history of action ids and the same
actions by name. Loading validates the file, replays the history and checks
the names against it, so a tampered file is rejected with a message naming
the field or the ply. The format is described in docs/save-files.md.

A per-seat view (``save_game(state, seat=k)``) hides other seats' secrets: it
holds that seat's observation and its redacted history, and cannot be replayed.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .chance import check_seed
from .content import MAX_SAVE_BYTES, content_base, read_text, short
from .errors import MAX_PLIES as ENGINE_GUARD
from .errors import FileFormatError, IllegalActionError, OptionError, SetupError, UnknownGameError
from .game import load_game

FORMAT = "racekit-save"
VERSION = 1
MAX_PLIES = ENGINE_GUARD
"""Most history entries in a save file: the engine's guard (no game is longer)."""
MAX_DEPTH = 64
"""Deepest nesting of lists and objects in a save file."""
MAX_SEATS = 64
"""Most seats of a game (``players``), and so of a set-up's or view's ``seats`` list."""
MAX_ENTRIES = 10_000
"""Most entries of one list or object inside a save's set-up or view (a deck, a track's tiles)."""
MAX_NODES = 200_000
"""Most values (numbers, texts, lists, objects) in a save's set-up and view together."""

Name = Annotated[str, Field(max_length=200)]


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["racekit-save"]
    version: Literal[1]
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=64)
    preset: str = Field(max_length=64)
    options: dict[Annotated[str, Field(max_length=64)], Any] = Field(max_length=200)
    params: dict[Annotated[str, Field(max_length=64)], Any] = Field(default_factory=dict, max_length=200)
    """Rule numbers away from the rulebook (house rules); older files have none."""
    seed: int | None = None
    setup: dict[str, Any] | None = None
    seat: int | None = Field(default=None, ge=0, le=63)
    history: list[Annotated[int, Field(ge=-(1 << 62), le=1 << 62)] | None] = Field(max_length=MAX_PLIES)
    actions: list[Name] = Field(default_factory=list, max_length=MAX_PLIES)
    view: dict[str, Any] | None = None

    @field_validator("seed")
    @classmethod
    def _seed(cls, v):
        if v is not None and not -(1 << 511) <= v < (1 << 511):
            raise ValueError("a seed has at most 511 bits")
        return v


def to_dict(state, seed: int | None = None, setup: dict | None = None, seat: int | None = None) -> dict:
    """The save-file dictionary of ``state``; with ``seat``, only what that seat may see.

    ``setup`` defaults to the set-up the state's game started from
    (``state.initial_setup``), so a custom position is saved without being told again.
    """
    game = state.game
    if setup is None:
        setup = getattr(state, "initial_setup", None)
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < game.num_players):
        raise ValueError(f"seat must be 0 to {game.num_players - 1}, not {short(seat)}")
    # a set-up may list every seat's secrets (hands, decks): a per-seat view never carries it;
    # nor the seed: every chance outcome (each hidden draw) follows from the seed and the ply
    if seed is not None:   # a NumPy integer (a seed read back from a simulation's table) too
        seed = check_seed(seed)
    data = {"format": FORMAT, "version": VERSION, **game.settings(),
            "seed": seed if seat is None else None,
            "setup": setup if seat is None else None, "seat": seat}
    if seat is None:
        data["history"] = state.history()
        names, probe = [], game.new_initial_state(setup=setup, record_events=False)
        for action in data["history"]:
            names.append(probe.action_to_string(action))
            probe.apply_action(action)
        data["actions"] = names
    else:
        data["history"] = state.history_for(seat)
        data["view"] = state.observation(seat)
    return data


def save_game(state, path: str | Path | None = None, *, seed: int | None = None,
              setup: dict | None = None, seat: int | None = None) -> str:
    """Serialise ``state`` to JSON text (and write it to ``path`` if given).

    Args:
        seed: the seed, for the record (full saves only; never in a per-seat view).
        setup: the start position; default: the one the game started from.
        seat: write only what this seat may see (other seats' draws hidden, no
            seed, no set-up); such a file cannot be replayed.
    """
    text = json.dumps(to_dict(state, seed=seed, setup=setup, seat=seat), indent=1, sort_keys=True)
    if path is not None:
        Path(path).write_text(text + "\n", encoding="utf-8")
    return text


@dataclass
class Replayed:
    """The result of replaying a save file as far as the rules allow.

    Attributes:
        state: the position after the last entry that could be replayed.
        info: the validated :class:`SaveFile`.
        replayed, total: entries replayed, entries in the file.
        error: the refusal of entry ``replayed`` (an :class:`IllegalActionError`
            naming the clause), or ``None`` when the whole history replayed.
    """

    state: Any
    info: SaveFile
    replayed: int
    total: int
    error: IllegalActionError | None = None


def _depth_ok(text: str) -> bool:
    depth = 0
    in_string = escape = False
    for ch in text:
        if in_string:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def read_save(source: str | Path | dict, name: str | None = None) -> tuple[SaveFile, str, Path | None]:
    """Read and validate a save file without replaying it.

    Returns:
        (info, label, folder): the validated file, the name used in messages, and
        the folder file references in it resolve in (``None``: the current folder).

    Raises:
        FileFormatError: unreadable, not JSON, too large or deep, or a bad field.
    """
    label = name or (str(source) if isinstance(source, Path) else "save file")
    folder = None
    if isinstance(source, dict):
        data = source
    elif not isinstance(source, (str, Path)):
        raise FileFormatError(f"{label}: a save file is a path, JSON text or a mapping, "
                              f"not {type(source).__name__}")
    else:
        text = source
        if isinstance(source, Path) or not source.lstrip().startswith("{"):
            label = name or str(source)
            text = read_text(source, label, MAX_SAVE_BYTES)
            folder = Path(source).parent
        elif len(text) > MAX_SAVE_BYTES:
            raise FileFormatError(f"{label}: larger than {MAX_SAVE_BYTES} bytes")
        if not _depth_ok(text):
            raise FileFormatError(f"{label}: nested more than {MAX_DEPTH} levels deep")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise FileFormatError(f"{label}: not JSON (line {exc.lineno}): {exc.msg}") from None
        except (ValueError, RecursionError) as exc:   # e.g. an integer of thousands of digits
            why = "nested too deeply" if isinstance(exc, RecursionError) else "a number is too long"
            raise FileFormatError(f"{label}: not usable JSON: {why}") from None
    _check_size(data, label)   # before any validation: a file of 100,000 seats is refused at once
    try:
        info = SaveFile.model_validate(data)
    except ValidationError as exc:
        from .yamlfile import error_locations   # the same words as the YAML files' errors
        loc, msg = error_locations(exc)[0]
        where = ".".join(str(p) for p in loc) or "(top level)"
        raise FileFormatError(f"{label}: field {where}: {msg}") from None
    except RecursionError:
        raise FileFormatError(f"{label}: nested too deeply") from None
    if info.seat is not None:
        raise FileFormatError(f"{label}: field seat: this is seat {info.seat}'s view, with other seats' "
                              "draws hidden; only a full save can be replayed")
    if any(a is None for a in info.history):
        ply = info.history.index(None)
        raise FileFormatError(f"{label}: field history.{ply}: a hidden entry (null); only a full "
                              "save, with every entry, can be replayed")
    return info, label, folder


def _check_size(data, label: str) -> None:
    """Refuse a save whose set-up or view is larger than any game's (:data:`MAX_SEATS` seats,
    :data:`MAX_ENTRIES` entries in a list or object, :data:`MAX_NODES` values), naming the field.

    Raises:
        FileFormatError: the first cap broken.
    """
    if not isinstance(data, dict):
        return
    for key in ("history", "actions"):
        if isinstance(data.get(key), list) and len(data[key]) > MAX_PLIES:
            raise FileFormatError(f"{label}: field {key}: {len(data[key])} entries; no game is longer "
                                  f"than the engine's guard, {MAX_PLIES} plies")
    nodes = 0
    for key in ("setup", "view"):
        stack = [(data.get(key), key)]
        while stack:
            value, where = stack.pop()
            if not isinstance(value, (dict, list)):
                nodes += 1
                continue
            nodes += 1
            size = len(value)
            if where.endswith(".seats") and size > MAX_SEATS:
                raise FileFormatError(f"{label}: field {where}: {size} seats; a game has at most "
                                      f"{MAX_SEATS}")
            if size > MAX_ENTRIES:
                raise FileFormatError(f"{label}: field {where}: {size} entries; at most "
                                      f"{MAX_ENTRIES} are allowed")
            if nodes + size > MAX_NODES:
                raise FileFormatError(f"{label}: field {key}: more than {MAX_NODES} values; a "
                                      "set-up or view is far smaller")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, f"{where}.{k}") for k, v in items)


def replay_save(source: str | Path | dict, name: str | None = None) -> Replayed:
    """Load a save file and replay its history as far as the rules allow.

    File references in it (a track or board file) resolve beside the save file.

    Raises:
        FileFormatError: the file itself is bad (see :func:`read_save`), or its game,
            options or set-up are; an illegal history entry is *not* raised but
            reported in :attr:`Replayed.error`.
    """
    info, label, folder = read_save(source, name)
    with content_base(folder) if folder is not None else _nothing():
        try:
            game = load_game(info.game, players=info.players, preset=info.preset,
                             params=info.params, **info.options)
            state = game.new_initial_state(setup=info.setup)
        except UnknownGameError as exc:
            raise FileFormatError(f"{label}: field game: {exc}") from None
        except OptionError as exc:
            raise FileFormatError(f"{label}: field {exc.field or 'options'}: {exc}") from None
        except SetupError as exc:
            raise FileFormatError(f"{label}: field setup{'.' + exc.field if exc.field else ''}: "
                                  f"{exc.args[0] if exc.field is None else str(exc).removeprefix(exc.field + ': ')}") from None
        for ply, action in enumerate(info.history):
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                return Replayed(state, info, ply, len(info.history), _newer_options(game, info, exc))
    return Replayed(state, info, len(info.history), len(info.history))


def _newer_options(game, info: SaveFile, exc: IllegalActionError) -> IllegalActionError:
    """A save that lists its options but not one the game has now was written before that option
    existed: it played by the rules of its day, which the option's default may have changed. The
    refusal then names those options, so the person can set them in the save's ``options``."""
    if not info.options:      # a hand-written save naming no option: the defaults are meant
        return exc
    missing = [name for name in game.options if name not in info.options]
    if not missing:
        return exc
    listed = ", ".join(f"{name} (now {game.options[name]!r})" for name in missing)
    note = (f" This save names no value for {'option' if len(missing) == 1 else 'options'} {listed}, "
            f"added after it was written; it may have been played by another rule: set "
            f"{'it' if len(missing) == 1 else 'them'} in its options to replay it as it was played.")
    reason = exc.reason if exc.reason.rstrip().endswith(".") else exc.reason.rstrip() + "."
    return IllegalActionError(reason + note, clause=exc.clause, action=exc.action, legal=exc.legal)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def load_save(source: str | Path | dict, name: str | None = None):
    """Load a save file (path, JSON text or dict) and replay it.

    Returns:
        (state, info) where info is the validated :class:`SaveFile`.

    Raises:
        FileFormatError: not JSON, a missing or bad field, an unknown game or
            option, a per-seat view (not replayable), or a history entry that is
            illegal; the message names the file and the field or ply.
    """
    result = replay_save(source, name)
    label = name or (str(source) if isinstance(source, (str, Path)) and
                     not str(source).lstrip().startswith("{") else "save file")
    if result.error is not None:
        exc, ply = result.error, result.replayed
        raise FileFormatError(f"{label}: field history.{ply}: history entry {ply} "
                              f"({short(result.info.history[ply])}) cannot be replayed: [{exc.clause}] "
                              f"{exc.reason}") from None
    if result.info.actions:
        check_names(result.state.game, result.info, label, setup=result.state.initial_setup)
    return result.state, result.info
def check_names(game, info: SaveFile, label: str, limit: int | None = None, setup=None) -> None:
    """The readable ``actions`` list must name the ``history`` entries one for one
    (the first ``limit`` entries only, when given).

    Raises:
        FileFormatError: a count or a name that does not match.

    People edit the readable list to settle a dispute; silently replaying the
    numbers instead would show them a game they did not write.
    """
    if len(info.actions) != len(info.history):
        raise FileFormatError(f"{label}: field actions: {len(info.actions)} names for "
                              f"{len(info.history)} history entries; they must match one for one")
    probe = game.new_initial_state(setup=info.setup if setup is None else setup, record_events=False)
    for ply, (action, name) in enumerate(zip(info.history[:limit], info.actions)):
        real = probe.action_to_string(action)
        if real != name:
            raise FileFormatError(f"{label}: field actions.{ply}: says {short(name)} but history entry "
                                  f"{ply} is {real!r}; edit both, or drop the actions list")
        probe.apply_action(action)
