"""The generic notebook explorer: ``racekit.explore(game_id, seed=None, players=None, preset=None, **options)``.

It knows no specific game: it reads the game's ``GameType`` (presets, options,
seat range, ``plot`` with its ``Painter``, ``text`` with its ``PHASES`` and the
optional ``controls`` hook) and drives a :class:`~racekit.core.session.Session`.

This package imports matplotlib and ipywidgets only when an explorer is made
(about 1.5 s in a fresh kernel): :func:`explore` first shows the game's title and
"loading the explorer…" in the notebook, so a class sees something at once.
"""
from __future__ import annotations

__all__ = ["explore", "loading", "Explorer", "Board", "ActionDropdown"]

_LAZY = {"Explorer": ".widget", "Board": ".board", "ActionDropdown": ".controls"}


def __getattr__(name):
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _loading_note(game_id: str):
    """Show "<title> · loading the explorer…" in a running notebook; the display handle, or None."""
    try:
        from IPython import get_ipython
        shell = get_ipython()
        if shell is None or not hasattr(shell, "kernel"):
            return None
        import html

        from IPython.display import HTML, display
        try:
            from ..core.game import game_class
            title = game_class(game_id).game_type.long_name
        except Exception:  # an unknown game: the explorer itself says so
            title = game_id
        return display(HTML(f"<div class='racekit-loading'><b>{html.escape(title)}</b> · "
                            "<i>loading the explorer…</i></div>"), display_id=True)
    except Exception:  # never let the courtesy note break the explorer
        return None


_NOTES: dict = {}


def loading(game_id: str) -> None:
    """Show "<title> · loading the explorer…" now; the next ``explore(game_id)`` replaces it.

    For a cell of its own just before the explorer's cell: Voila (with
    ``--progressive_rendering=True``) shows a cell's output only when the cell ends, so
    the note must end its cell before the explorer's imports start. In JupyterLab,
    :func:`explore` alone shows the note while it works.
    """
    note = _loading_note(game_id)
    if note is not None:
        _NOTES[game_id] = note


def explore(game_id: str | None = None, seed: int | None = None, players: int | None = None,
            preset: str | None = None, **options):
    """Open the interactive explorer of ``game_id`` (display the returned widget).

    >>> racekit.explore("aeroplane_chess", seed=7, players=2, preset="family")  # doctest: +SKIP

    ``agent="random"`` (or ``"first"``, or one of the game's own agents such as
    ``"careful"`` in snow_tails) lets an agent decide instead of you; with
    ``human=seat`` (or ``seat=seat``, as in ``racekit play --seat``) you play that seat
    against the agent, seeing only what it may see. ``scenario="WS-SCN-06"`` (a
    shipped scenario's ID, or a scenario file's path) opens that scenario's position
    with its moves ahead: Forward walks through them. The other keywords are the
    game's options. See :class:`~racekit.explorer.widget.Explorer` for the parts.

    A scenario names its game, so ``racekit.explore(scenario="disputes/capture.yaml")`` (or a
    shipped scenario's ID) may leave ``game_id`` out.

    Raises:
        UnknownGameError, OptionError, ValueError: bad arguments.
        FileFormatError: the scenario cannot be found or read.
    """
    if game_id is None:
        game_id = _scenario_game(options.get("scenario"))
    note = _NOTES.pop(game_id, None) or _loading_note(game_id)
    try:
        from .widget import Explorer
        return Explorer(game_id, seed=seed, players=players, preset=preset, **options)
    finally:
        if note is not None:
            from IPython.display import HTML
            note.update(HTML(""))


def _scenario_game(ref) -> str:
    """The game a scenario (a file's path, or a shipped scenario's ID) is for."""
    from ..core.errors import FileFormatError
    from ..core.scenarios import load_scenario, scenario_paths
    from ..core.game import game_names
    if not isinstance(ref, str) or not ref:
        raise ValueError("explore() needs a game id (racekit.explore(\"snow_tails\")) or a "
                         "scenario (racekit.explore(scenario=\"my/case.yaml\"))")
    if ref.endswith((".yaml", ".yml")):
        return load_scenario(ref)[0].game
    for name in game_names():
        for path in scenario_paths(name):
            if load_scenario(path)[0].id == ref:
                return name
    raise FileFormatError(f"no shipped scenario {ref[:80]!r}; `racekit scenarios GAME` lists them")
