"""The explorer's scenario picker: open a shipped scenario, or a scenario file by its path, at its
position with its moves ahead, without code (what ``racekit.explore(game, scenario=...)`` does).

The picker is a collapsed "Scenarios" panel of the explorer: a list of the game's shipped
scenarios (filled the first time the panel opens, so a page does not read them at start) with an
**Open** button, and a box for a scenario file's path with **Open file**. Opening one replaces the
explorer's game by the scenario's (its players, preset and options show in the setup row) and
starts at the scenario's first position; **Forward** walks through its moves, **Step** plays on.

Safety: only the file a person names is read (and the track or board file it names beside it);
a path that is not a ``.yaml``/``.yml`` file, a file that cannot be read or a malformed scenario
is refused in the explorer's red error box, and the game shown stays as it was. A guest's page
("You play" against an agent, without ``host=True``) opens no scenario: a scenario's recorded
moves would show the hidden hands that the page keeps secret.
"""
from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets

_SHIPPED: dict[str, list[tuple[str, str]]] = {}


_KINDS = ("SCN", "EVENT", "BND", "EDGE")
"""The order of the list: the spec's worked examples (``-SCN-``, the ones the notebooks and the
FAQ name) first, then event cases, boundary cases and edge cases; anything else last."""


def _list_order(scenario_id: str) -> tuple:
    """Sort key: the kind's rank (:data:`_KINDS`), then the ID with its numbers compared as
    numbers (``WS-SCN-9`` before ``WS-SCN-10``, ``WS-BND-02`` before ``WS-BND-02-2``)."""
    parts = scenario_id.upper().split("-")
    rank = next((i for i, kind in enumerate(_KINDS) if kind in parts[1:2]), len(_KINDS))
    return (rank, [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts])


def shipped_scenarios(game_id: str) -> list[tuple[str, str]]:
    """``[(label, scenario_id)]`` of the game's shipped scenarios, the worked examples first (see
    :func:`_list_order`: a teacher looks for the ``-SCN-`` IDs the notebooks name, not the
    boundary tests); the label is ``"ID: title"`` (shortened). Cached per game. A file that
    cannot be read is left out (the scenario runner, ``racekit scenarios``, reports it)."""
    if game_id not in _SHIPPED:
        from ..core.scenarios import load_scenario, scenario_paths
        out = []
        for path in scenario_paths(game_id):
            try:
                scenario = load_scenario(path)[0]
            except Exception:
                continue
            title = scenario.title if len(scenario.title) <= 70 else scenario.title[:69] + "…"
            out.append((f"{scenario.id}: {title}", scenario.id))
        _SHIPPED[game_id] = sorted(out, key=lambda entry: _list_order(entry[1]))
    return _SHIPPED[game_id]


def scenario_file(text: str) -> str:
    """The path typed in the picker's box, checked for its form (nothing is read here).

    A relative path is taken from the notebook's folder (the kernel's working folder).

    Raises:
        ValueError: empty, or not a ``.yaml``/``.yml`` file name.
    """
    text = (text or "").strip().strip("'\"")
    if not text:
        raise ValueError("Type the path of a scenario file first (a .yaml file), or pick a shipped "
                         "scenario from the list.")
    if not text.lower().endswith((".yaml", ".yml")):
        raise ValueError(f"a scenario file's name ends in .yaml or .yml: {text[:80]!r} does not; "
                         "pick a shipped scenario from the list to open it by its ID")
    return str(Path(text).expanduser())


def open_scenario(explorer, ref: str) -> None:
    """Open scenario ``ref`` (a shipped scenario's ID or a scenario file's path) in ``explorer``:
    its position, with its moves recorded ahead; the setup row shows its players, preset and
    options. Nothing changes when it fails.

    Raises:
        FileFormatError: no such scenario of this game, a file that cannot be read, a
            malformed scenario, or one for another game.
        ValueError: the page is a guest's (see :mod:`racekit.explorer.picker`).
    """
    if not explorer.host:
        raise ValueError("this page plays one game against the agent: it opens no scenario "
                         "(a host's explorer, host=True, does)")
    with explorer._lock:
        scenario, game, session = scenario_session(explorer.game_id, ref, explorer.session.seed)
        explorer._stop_play()
        explorer.scenario, explorer.game, explorer.session = scenario, game, session
        explorer._over = False
        explorer._sync(lambda: _show_settings(explorer))
        explorer._load_game_hooks()
        explorer._sync(lambda: setattr(explorer.play, "value", 0))
        explorer.refresh()


def _show_settings(explorer) -> None:
    """The setup row and option boxes show the scenario's game (called while syncing)."""
    game = explorer.game
    explorer.preset_box.value = game.preset
    explorer._set_player_range(game.preset)
    explorer.players_box.value = game.num_players
    for opt in game.game_type.options:
        box = explorer.option_boxes.get(opt.name)
        if box is None:
            continue
        value = game.options.get(opt.name, opt.default)
        box.value = value if opt.choices else ("" if value is None else str(value))
    explorer._seats_changed()


class ScenarioPicker:
    """The "Scenarios" panel of an explorer (``.widget``, an ``ipywidgets.Accordion``, collapsed).

    Attributes for code and tests: ``shipped`` (the Dropdown of shipped scenarios, filled on first
    opening or by :meth:`fill`), ``open_button``, ``path_box`` (Text), ``open_file_button``.
    """

    def __init__(self, explorer):
        self.explorer = explorer
        label = {"description_width": "initial"}
        self.shipped = widgets.Dropdown(description="Shipped", options=[("(open this panel)", None)],
                                        style=label, layout=widgets.Layout(width="34em"))
        self.shipped.add_class("racekit-scenario-list")
        self.open_button = widgets.Button(description="Open", button_style="info",
                                          tooltip="open the chosen scenario at its position, its "
                                                  "moves ahead (Forward walks through them)",
                                          layout=widgets.Layout(width="auto"))
        self.path_box = widgets.Text(description="File", placeholder="path/to/scenario.yaml",
                                     style=label, layout=widgets.Layout(width="34em"),
                                     tooltip="a scenario file's path (from the notebook's folder)")
        self.path_box.add_class("racekit-scenario-path")
        self.open_file_button = widgets.Button(description="Open file", button_style="info",
                                               tooltip="read the scenario file named on the left and "
                                                       "open it", layout=widgets.Layout(width="auto"))
        note = widgets.HTML(
            "<span style='color:#555;font-size:90%'>A scenario opens at its position with its moves "
            "recorded ahead: <b>Forward</b> walks through them, <b>Back</b> returns, <b>Step</b> plays "
            "on with your own choice; <b>Reset</b> starts a new game with the settings shown.</span>")
        box = widgets.VBox([widgets.HBox([self.shipped, self.open_button]),
                            widgets.HBox([self.path_box, self.open_file_button]), note])
        self.widget = widgets.Accordion(children=[box], titles=("Scenarios: open one at its position",),
                                        selected_index=None)
        self.widget.add_class("racekit-scenarios")
        if not explorer.host:    # a guest's page opens no scenario (see the module): no panel
            self.widget.layout.display = "none"
        self.widget.observe(self._on_open_panel, names="selected_index")
        self.open_button.on_click(lambda _: explorer._guard(self.open_shipped))
        self.open_file_button.on_click(lambda _: explorer._guard(self.open_file))

    def fill(self) -> None:
        """Fill the list of shipped scenarios (once)."""
        if self.shipped.options and self.shipped.options[0][1] is not None:
            return
        entries = shipped_scenarios(self.explorer.game_id)
        self.shipped.options = entries or [("(this game ships no scenario)", None)]
        self.shipped.value = entries[0][1] if entries else None

    def _on_open_panel(self, change) -> None:
        if change["new"] is not None:
            self.explorer._guard(self.fill, clear=False)

    def open_shipped(self) -> None:
        """Open the scenario chosen in the list.

        Raises:
            ValueError: none chosen. FileFormatError: see :func:`open_scenario`.
        """
        self.fill()
        if self.shipped.value is None:
            raise ValueError("Choose a shipped scenario in the list first.")
        open_scenario(self.explorer, self.shipped.value)

    def open_file(self) -> None:
        """Open the scenario file whose path is in the box.

        Raises:
            ValueError: no path, or not a .yaml/.yml name. FileFormatError: see :func:`open_scenario`.
        """
        open_scenario(self.explorer, scenario_file(self.path_box.value))


def scenario_session(game_id: str, ref: str, seed: int | None = None):
    """A session at the start of a scenario, with the scenario's moves recorded ahead.

    ``ref`` is the ID of one of the game's shipped scenarios (``"WS-SCN-06"``) or the
    path of a scenario file. The session starts at the scenario's position (its
    ``setup``, options, players and preset) and its line holds the scenario's
    accepted moves and chance outcomes, so Forward walks through them and Back
    returns; Step plays on from any point with your own choice (or the seed's draw).

    Returns:
        ``(scenario, game, session)``.

    Raises:
        FileFormatError: no such scenario for this game, or the file is malformed.
    """
    from pathlib import Path

    from ..core.content import content_base
    from ..core.errors import FileFormatError
    from ..core.scenarios import load_scenario, run_scenario, scenario_paths
    from ..core.session import Session

    path = None
    if ref.endswith((".yaml", ".yml")):
        path = Path(ref)
    else:
        for candidate in scenario_paths(game_id):
            if load_scenario(candidate)[0].id == ref:
                path = candidate
                break
        if path is None:
            raise FileFormatError(f"{game_id} has no scenario {ref!r}; `racekit scenarios "
                                  f"{game_id}` lists them")
    loaded = load_scenario(path)
    if loaded[0].game != game_id:
        raise FileFormatError(f"{path}: the scenario is for {loaded[0].game}, not {game_id}")
    result = run_scenario(path, loaded=loaded, check_something=False)   # a position to look at
    game = result.before.game
    with content_base(Path(path).parent):
        session = Session(game, seed=seed, setup=loaded[0].setup)
    for action in result.after.history():
        session.step(action)
    session.goto(0)
    return loaded[0], game, session
