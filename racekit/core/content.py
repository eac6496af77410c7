"""Where content files (tracks, boards) may come from, and how they are read.

A content reference (a save's or scenario's ``setup.track``, the ``board=`` and
``track=`` options) is either

* a *name* of content the game ships (``standard52``, ``medium``): letters,
  digits, ``_`` and ``-`` only, looked up in the game's own folder, never a path;
* or a *file* ending in ``.yaml``/``.yml``, a relative path below the folder of
  the file that refers to it (a save or scenario), or below the current folder
  when a person types it (CLI, Python). No absolute path, no ``..``, no link
  leading elsewhere; regular files only (never a device or a pipe, which could
  block), at most :data:`MAX_CONTENT_BYTES` bytes, UTF-8 text.

Loaders of saves and scenarios set the referring folder with
:func:`content_base`. Errors say what was refused and why; they never quote the
content of a file: content files are read with :func:`load_content`, whose errors
name the file, the line and the field but no value or key written in it.
"""
from __future__ import annotations

import os
import re
import stat
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path, PurePosixPath

from .errors import FileFormatError

MAX_CONTENT_BYTES = 1 << 20
"""Largest track, board or scenario file (1 MiB): racekit files are a few kB."""
MAX_SAVE_BYTES = 16 << 20
"""Largest save file (16 MiB)."""

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A shipped content name: no dots, no slashes, so it cannot leave its folder."""

_BASE: ContextVar[Path | None] = ContextVar("racekit_content_base", default=None)


@contextmanager
def content_base(folder: str | Path):
    """Resolve file references below ``folder`` (the referring file's folder) inside the block."""
    token = _BASE.set(Path(folder))
    try:
        yield
    finally:
        _BASE.reset(token)


def referring_folder() -> Path | None:
    """The folder of the save or scenario file being read (``None``: a person typed the reference)."""
    return _BASE.get()


def base_folder() -> Path:
    """The folder file references are resolved in: the referring file's, else the current one."""
    return _BASE.get() or Path.cwd()


def short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_name(ref) -> bool:
    """Is ``ref`` a plain content name (no path)?"""
    return isinstance(ref, str) and NAME.fullmatch(ref) is not None


def resolve_file(ref: str, what: str = "file") -> Path:
    """The path of the content file ``ref`` (relative, below :func:`base_folder`).

    Raises:
        ValueError: absolute, with ``..``, without a .yaml suffix, or leading out
            of the folder through a link; the message says which.
    """
    if not isinstance(ref, str) or not ref.strip():
        raise ValueError(f"a {what} is a name or a relative .yaml path, not {short(ref)}")
    if len(ref) > 255 or "\x00" in ref:
        raise ValueError(f"a {what} path is at most 255 characters of text")
    posix = PurePosixPath(ref.replace("\\", "/"))
    where = "the current folder" if _BASE.get() is None else "the folder of the file that names it"
    if posix.is_absolute() or ref.startswith("~") or re.match(r"^[A-Za-z]:", ref):
        raise ValueError(f"{short(ref)}: a {what} file must be given relative to {where} "
                         "(no absolute paths)")
    if ".." in posix.parts:
        raise ValueError(f"{short(ref)}: a {what} file path may not contain '..'; keep the file "
                         f"in {where}, or in a folder below it")
    if posix.suffix.lower() not in (".yaml", ".yml"):
        raise ValueError(f"{short(ref)}: a {what} file name ends in .yaml")
    root = base_folder().resolve()
    full = (root / Path(*posix.parts)).resolve()
    if not full.is_relative_to(root):
        raise ValueError(f"{short(ref)}: leads out of the folder {root} (through a link)")
    return full


def read_text(path: str | Path, label: str | None = None, limit: int = MAX_CONTENT_BYTES) -> str:
    """Read a regular file of at most ``limit`` bytes as UTF-8 text.

    Never blocks: a device, a pipe or a folder is refused before it is read.

    Raises:
        FileFormatError: missing, not a regular file, too large, or not UTF-8;
            the message names the file (``label``) and never quotes its content.
    """
    label = label or str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError as exc:     # say where it was looked for (a save copied elsewhere)
        raise FileFormatError(f"{label}: cannot read: {exc.strerror} (looked in "
                              f"{Path(path).absolute().parent})") from None
    except OSError as exc:
        raise FileFormatError(f"{label}: cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileFormatError(f"{label}: not a regular file (a folder, device or pipe); "
                                  "racekit reads only ordinary files")
        if info.st_size > limit:
            raise FileFormatError(f"{label}: the file has {info.st_size} bytes; at most {limit} "
                                  "are allowed")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileFormatError(f"{label}: the file is larger than {limit} bytes")
    except OSError as exc:
        raise FileFormatError(f"{label}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileFormatError(f"{label}:{line}: not UTF-8 text (byte {exc.start}); save the file "
                              "as UTF-8") from None
