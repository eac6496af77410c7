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
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import FileFormatError, IllegalActionError, OptionError, SetupError, UnknownGameError
from .game import load_game
from .replay import replay

FORMAT = "racekit-save"
VERSION = 1


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["racekit-save"]
    version: Literal[1]
    game: str
    players: int = Field(ge=1)
    preset: str
    options: dict[str, Any]
    seed: int | None = None
    setup: dict[str, Any] | None = None
    seat: int | None = None
    history: list[int | None]
    actions: list[str] = Field(default_factory=list)
    view: dict[str, Any] | None = None


def to_dict(state, seed: int | None = None, setup: dict | None = None, seat: int | None = None) -> dict:
    """The save-file dictionary of ``state``; with ``seat``, only what that seat may see."""
    game = state.game
    # a set-up may list every seat's secrets (hands, decks): a per-seat view never carries it;
    # nor the seed: every chance outcome (each hidden draw) follows from the seed and the ply
    data = {"format": FORMAT, "version": VERSION, **game.settings(),
            "seed": seed if seat is None else None,
            "setup": setup if seat is None else None, "seat": seat}
    if seat is None:
        data["history"] = state.history()
        names, probe = [], game.new_initial_state(setup=setup)
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
    """Serialise ``state`` to JSON text (and write it to ``path`` if given)."""
    text = json.dumps(to_dict(state, seed=seed, setup=setup, seat=seat), indent=1, sort_keys=True)
    if path is not None:
        Path(path).write_text(text + "\n", encoding="utf-8")
    return text


def load_save(source: str | Path | dict, name: str | None = None):
    """Load a save file (path, JSON text or dict) and replay it.

    Returns:
        (state, info) where info is the validated :class:`SaveFile`.

    Raises:
        FileFormatError: not JSON, a missing or bad field, an unknown game or
            option, a per-seat view (not replayable), or a history entry that is
            illegal; the message names the file and the field or ply.
    """
    label = name or (str(source) if isinstance(source, Path) else "save file")
    if isinstance(source, dict):
        data = source
    elif not isinstance(source, (str, Path)):
        raise FileFormatError(f"{label}: a save file is a path, JSON text or a mapping, "
                              f"not {type(source).__name__}")
    else:
        text = source
        if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
            label = name or str(source)
            try:
                text = Path(source).read_text(encoding="utf-8")
            except OSError as exc:
                raise FileFormatError(f"{label}: cannot read: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise FileFormatError(f"{label}: not JSON (line {exc.lineno}): {exc.msg}") from None
    try:
        info = SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise FileFormatError(f"{label}: field {where}: {first['msg']}") from None
    if info.seat is not None or any(a is None for a in info.history):
        raise FileFormatError(f"{label}: field seat: this is seat {info.seat}'s view with hidden "
                              "entries; only a full save can be replayed")
    try:
        game = load_game(info.game, players=info.players, preset=info.preset, **info.options)
        state = replay(game, info.history, setup=info.setup)
    except UnknownGameError as exc:
        raise FileFormatError(f"{label}: field game: {exc}") from None
    except OptionError as exc:
        raise FileFormatError(f"{label}: field options: {exc}") from None
    except SetupError as exc:
        raise FileFormatError(f"{label}: field setup: {exc}") from None
    except IllegalActionError as exc:
        raise FileFormatError(f"{label}: field history: {exc}") from None
    if info.actions:
        _check_names(state.game, info, label)
    return state, info


def _check_names(game, info: SaveFile, label: str) -> None:
    """The readable ``actions`` list must name the ``history`` entries one for one.

    People edit the readable list to settle a dispute; silently replaying the
    numbers instead would show them a game they did not write.
    """
    if len(info.actions) != len(info.history):
        raise FileFormatError(f"{label}: field actions: {len(info.actions)} names for "
                              f"{len(info.history)} history entries; they must match one for one")
    probe = game.new_initial_state(setup=info.setup, record_events=False)
    for ply, (action, name) in enumerate(zip(info.history, info.actions)):
        real = probe.action_to_string(action)
        if real != name:
            raise FileFormatError(f"{label}: field actions.{ply}: says {name!r} but history entry "
                                  f"{ply} is {real!r}; edit both, or drop the actions list")
        probe.apply_action(action)
