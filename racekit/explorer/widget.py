"""The explorer widget: set up, step, play and time-travel any registered game.

In the style of Mesa's notebook controller: a row of setup controls (seats,
preset, seed, who plays, Reset), the game's rule options grouped with their help
text and clause IDs, a row of play controls (Back, Step, Forward, Play/Pause with a
speed slider, a history slider), the action chooser, the board picture, the event
log (each clause ID shows its summary on hover) and a "Rules" panel listing the
game's clauses, marking those the latest step involved.

Safety:

- Every user action runs under one lock per explorer (``threading.RLock``), so
  callbacks that a kernel runs on other threads never interleave; the figure
  belongs to the explorer (no pyplot state).
- Everything the user does goes through a handler that catches errors and shows
  them in a red box (``.error`` holds the last one): widget callbacks would
  otherwise only log them.
- Reset stops Play before it resets; Play never makes a decision for a seat a
  person plays: it pauses there.
- :meth:`Explorer.close` closes every widget model of the tree (layouts and
  styles included); replaced action controls are closed the same way.

Secrecy in "You play" mode: with an agent and a seat for the person
(``human=seat``), the page shows only what that seat may see, as the game's
``history_for(seat)`` and ``snapshot(seat)`` define it: the board is drawn with
``viewer=seat`` (Leaf Marathon hides other hands' weights); the action chooser and the
typed-name box work only at that seat's own decisions (so a refusal lists only its own
legal actions, and nobody picks a draw, another seat's private draw least of all); and
the seed, which recomputes every hidden draw, stays hidden until the game ends (Reset
then starts a game with a fresh secret seed). An explorer opened in that mode is a
guest's: its agent, seat and seed cannot be changed from the page, and after Back a
Step replays what was played (trying other moves against the same hidden hands would
read them). ``host=True`` makes
it the host's: the seed is shown and every setting may be changed. An explorer opened
with no "You play" seat is the host's too, but picking a seat there still hides the
seed while the seat is played.

By default Step resolves chance nodes (dice, card draws) up to the next decision;
Back and Forward skip the same draws, so Step then Back shows the earlier picture
again. The "show every draw" box makes each draw a Step of its own.
"""
from __future__ import annotations

import functools
import html
import importlib
import threading
import traceback

import ipywidgets as widgets

from ..core.agents import agent_names, make_agent
from ..core.chance import new_seed
from ..core.errors import IllegalActionError
from ..core.game import load_game
from ..core.i18n import (check_lang, clause_text, error_text, get_lang, has, option_text, option_value_text,
                         scenario_text, seat_name, text, use_lang)
from ..core.session import Session
from ..core.state import CHANCE
from .board import DPI, Board, board_figsize, resolve_painter, resolve_plot
from .controls import ActionDropdown, close_tree, load_factory

ENLARGE_CSS = (".racekit-board.racekit-full{position:fixed!important;left:0;top:0;width:100vw!important;"
               "height:100vh!important;max-width:none!important;max-height:none!important;"
               "object-fit:contain;background:white;z-index:10000;margin:0!important}"
               ".racekit-enlarge.racekit-full{position:fixed!important;right:12px;top:8px;z-index:10001}")
"""The page style of the "Enlarge board" toggle (the board fills the window; the toggle stays on top)."""

PLY_HELP = ("A <b>ply</b> is one entry of the game's record: one decision by a seat, or one chance "
            "draw (a die roll, a card). <b>Step</b> goes on to the next decision and makes the draws "
            "on the way; tick <i>show every draw</i> to see them one at a time. <b>Back</b> and "
            "<b>Forward</b> move through what was played; the slider jumps to any ply.")


def agent_choices(game_type) -> tuple:
    """The agent dropdown's entries: manual, the generic agents, then the game's own."""
    return ("manual", *agent_names(game_type, search=False))   # no search agent in a lesson


def _locked(method):
    """Run ``method`` holding the explorer's lock (re-entrant: handlers call each other)."""
    @functools.wraps(method)
    def run(self, *args, **kw):
        with self._lock, use_lang(getattr(self, "lang", None)):   # the page's language
            return method(self, *args, **kw)
    return run


def _w(key: str, **fields) -> str:
    """The explorer's words in the language in force (``racekit/locale/<lang>/explorer.yaml``)."""
    return text(f"explorer.{key}", **fields)


# ----- the game's words: clause summaries, phase names, option groups -----------------------
_CLAUSES: dict[str, dict] = {}


def clause_table(game_id: str) -> dict[str, dict]:
    """``{clause_id: {"summary": ..., "decision": ..., "option": ...}}`` of a game, in file order
    (from its ``clauses.yaml``; empty when the game ships none). Cached per game."""
    key = (game_id, get_lang())
    if key not in _CLAUSES:
        table: dict[str, dict] = {}
        try:
            from ..core.clauses import load_clauses
            spec = load_clauses(game_id)
        except Exception:  # no clauses.yaml (a test game): no summaries
            spec = None
        if spec is not None:
            for entry in spec.clauses:
                table[entry.id] = {"summary": clause_text(game_id, entry.id, entry.summary),
                                   "decision": "", "option": None}
            for amb in spec.ambiguities:
                table[amb.id] = {"summary": clause_text(game_id, amb.id, amb.summary),
                                 "decision": clause_text(game_id, amb.id, amb.decision, field="decision"),
                                 "option": amb.option}
        _CLAUSES[key] = table
    return _CLAUSES[key]


def _text_module(game_type):
    target = game_type.text
    if not target:
        return None
    try:
        return importlib.import_module(target.partition(":")[0])
    except Exception:
        return None


def phase_words(game_type, phase) -> str:
    """The phase as a teacher says it (the game's ``text.PHASES``), else the id in words."""
    if not phase:
        return ""
    words = getattr(_text_module(game_type), "PHASES", {}) or {}
    return words.get(phase, str(phase).replace("_", " "))


def option_groups(game_type) -> list[tuple[str, list]]:
    """The game's options grouped by topic (``text.OPTION_GROUPS``); the rest under "Other rules"."""
    groups = getattr(_text_module(game_type), "OPTION_GROUPS", {}) or {}
    by_name = {opt.name: opt for opt in game_type.options}
    out, used = [], set()
    for title, names in groups.items():
        members = [by_name[n] for n in names if n in by_name and n not in used]
        used.update(o.name for o in members)
        if members:
            out.append((title, members))
    rest = [o for o in game_type.options if o.name not in used]
    if rest:
        out.append((_w("other_rules") if out else _w("rule_options"), rest))
    return out


class Explorer(widgets.VBox):
    """Interactive explorer of one game (an ``ipywidgets.VBox``).

    Args:
        game_id: a registered game id (``racekit.game_names()``).
        seed: the seed of chance outcomes (and of the agents); default: a fresh secret
            128-bit seed, shown in the Seed box (a small seed is public).
        players: number of seats (default: the preset's).
        preset: a named variant (default: the game's first).
        agent: who decides at decision nodes: ``"manual"`` (you, with the action
            chooser, for every seat), ``"random"`` (seeded), ``"first"`` (first legal
            action) or one of the game's own agents (``GameType.agents``, e.g.
            ``"careful"`` in snow_tails). Default: ``"manual"``, or ``"random"`` when
            ``human``/``seat`` names a seat (that seat's page, as ``racekit play --seat N``).
        human: with an agent, the seat (0-based) that you play while the agent plays
            the others ("You play" mode); Play pauses at that seat's decisions, and the
            page shows only what that seat may see. ``None``: the agent plays every seat.
        seat: another name for ``human`` (as in ``racekit play --seat N``).
        host: ``True``: the host's explorer (the seed shown, even in "You play" mode; agent,
            seat and seed may be changed). Default: a guest's explorer when it opens in
            "You play" mode (an agent and ``human``: the agent, seat and seed fixed), else
            the host's. In "You play" mode without ``host=True`` the seed stays hidden
            until the game ends and Reset draws a fresh secret seed.
        every_draw: ``True`` makes each chance draw a Step of its own (default: Step
            resolves draws up to the next decision).
        log_size: how many of the latest events the log shows.
        figsize, dpi: size of the board picture (inches, dots per inch); default: the game's
            plot module's ``FIGSIZE`` at 100 dpi (1180 x 660 pixels unless it says otherwise).
        image_format: ``"jpeg"`` (default, fast; looks the same on a board) or ``"png"``.
        **options: the game's rule switches.

    Raises:
        UnknownGameError, OptionError: bad arguments (raised at once, not shown);
        ValueError: an unknown agent or a seat outside the game.

    Attributes for code and tests:
        game, session: the configured Game and the :class:`~racekit.core.session.Session`.
        error: the last error a handler caught (``None`` after a later success);
        errors: every error caught, oldest first.
        figure: the one matplotlib Figure, reused for every picture; board: its
            :class:`~racekit.explorer.board.Board`.
        step_button, back_button, forward_button, reset_button: ``Button``s.
        play: the ``ipywidgets.Play``; speed: its steps-per-second slider.
        history: the ply slider (time travel); seed_box: the seed ``Text`` (any size of int).
        every_draw: the "show every draw" ``Checkbox``.
        enlarge: the "Enlarge board" ``ToggleButton`` (the picture over the whole window).
        players_box, preset_box, option_boxes (dict by option name), agent_box (its
            options: manual, the generic agents, then the game's own), human_box (the
            seat you play beside an agent).
        controls: the current action controls (``.widget``, ``.selected_action()``).
        action_text, try_button: type an action name and press "Try" to apply it
            (names of illegal actions are refused with their clause); Step ignores it.
        event_log: ``HTML`` event log, latest first (not ``log``: every widget
            already has a traitlets logger there).
        rules_panel, rules_html: the "Rules" accordion and its table.
        picker: the "Scenarios" panel (:class:`~racekit.explorer.picker.ScenarioPicker`): open a
            shipped scenario or a scenario file at its position, its moves ahead.
        image: the board ``Image``; error_box: ``HTML``; status: ``HTML`` line (ply, who acts).
        host: whether this is the host's explorer; viewer: the seat whose view the page
            shows ("You play"), or ``None`` (every seat's: manual, or watching the agents).

    Public hooks (also for benchmarks): ``step_button.click()``, :meth:`step`,
    :meth:`back`, :meth:`forward`, :meth:`goto` and :meth:`reset` return once the
    picture is redrawn; :meth:`close` closes every widget model.
    """

    def __init__(self, game_id: str, seed: int | None = None, players: int | None = None,
                 preset: str | None = None, agent: str | None = None, human: int | None = None,
                 every_draw: bool = False, log_size: int = 12, figsize=None, dpi: int = DPI,
                 image_format: str = "jpeg", scenario: str | None = None, host: bool | None = None,
                 seat: int | None = None, lang: str | None = None, **options):
        # check every argument before any widget exists: a failed call raises its one error
        # (a half-made widget would also complain from Widget.__del__ when collected)
        if seat is not None:   # the word of `racekit play --seat N`: the same as human=N
            if human is not None and human != seat:
                raise ValueError(f"seat={seat!r} and human={human!r} name two seats; give one "
                                 "(seat is another name for human)")
            human = seat
        if agent is None:   # a seat named alone plays against the random agent, as `racekit play
            agent = "manual" if human is None else "random"   # --seat N` does (not a host's page)
        lang = check_lang(lang) if lang is not None else get_lang()
        with use_lang(lang):   # a bad setting is refused in the page's language
            game = load_game(game_id, players=players, preset=preset, **options)
        choices = agent_choices(game.game_type)
        if agent not in choices:
            raise ValueError(f"agent must be one of {', '.join(choices)}; got {agent!r}")
        if human is not None and (isinstance(human, bool) or not isinstance(human, int)
                                  or not 0 <= human < game.num_players):
            raise ValueError(f"human must be a seat from 0 to {game.num_players - 1}; got {human!r}")
        if image_format not in ("jpeg", "png"):
            raise ValueError(f"image_format must be 'jpeg' or 'png', got {image_format!r}")
        super().__init__()
        self.lang = lang   # the page's language: the toggle switches it without a reset
        self._lock = threading.RLock()
        self.game_id = game_id
        self.game = game
        self.agent_choices = choices
        self.host = bool(host) if host is not None else (agent == "manual" or human is None)
        self._host_by_name = host is True   # host=True: the seed shows even in "You play" mode
        self._seat_mode = (agent, human)   # what a guest's page keeps
        self._over = False                 # the game has ended (a guest may see the seed)
        self._viewer_kw = False            # the game's picture takes ``viewer=``
        self._agent = None  # (name, seed, agent): the agent last built, reused while they stay
        self.scenario = None
        if scenario is not None:
            from .picker import scenario_session   # the scenario's position and moves ahead
            self.scenario, self.game, self.session = scenario_session(game_id, scenario, seed)
        else:
            self.session = Session(self.game, seed=seed)
        self.log_size = log_size
        self.error: BaseException | None = None
        self.errors: list[BaseException] = []
        self._syncing = False
        self._closed = False
        self.board = Board(None, figsize=figsize or board_figsize(self.game), dpi=dpi,
                           image_format=image_format)
        self.figure = self.board.figure
        self._factory = None
        self._custom = None
        self._rules_key = None
        with use_lang(self.lang):
            self._build_widgets(agent, human, every_draw, image_format)
            self._relabel()
        self._built = True
        self._guard(self._start)

    def _start(self) -> None:
        self._load_game_hooks()
        self.refresh()

    # ----- construction ---------------------------------------------------
    def _build_widgets(self, agent: str, human, every_draw: bool, image_format: str) -> None:
        gt, game = self.game.game_type, self.game
        narrow = widgets.Layout(width="auto")
        label = {"description_width": "initial"}
        self.players_box = widgets.Dropdown(description="Players", style=label,
                                            layout=widgets.Layout(width="9em"))
        self._set_player_range(game.preset)
        self.players_box.value = game.num_players
        self.preset_box = widgets.Dropdown(
            description="Preset", options=[p.name for p in gt.presets] or [game.preset],
            value=game.preset, disabled=not gt.presets, style=label,
            layout=widgets.Layout(width="15em"))
        self.option_boxes: dict[str, widgets.Widget] = {}
        self._option_help: dict[str, tuple] = {}
        self._group_titles: list = []
        option_rows = []
        for title, opts in option_groups(gt):
            rows = [widgets.HTML(f"<b>{html.escape(title)}</b>")]
            self._group_titles.append(rows[0])
            for opt in opts:
                box = self._option_box(opt, game.options[opt.name])
                self.option_boxes[opt.name] = box
                cites = f" <i>({html.escape(', '.join(opt.clauses))})</i>" if opt.clauses else ""
                help_text = widgets.HTML(
                    f"<span style='color:#555;font-size:90%'>{html.escape(opt.doc)}{cites}</span>",
                    layout=widgets.Layout(flex="1 1 20em"))
                self._option_help[opt.name] = (help_text, opt)
                help_text.add_class("racekit-option-help")
                rows.append(widgets.HBox([box, help_text],
                                         layout=widgets.Layout(align_items="center")))
            group = widgets.VBox(rows, layout=widgets.Layout(margin="0 0 0.5em 0"))
            group.add_class("racekit-option-group")
            option_rows.append(group)
        self.seed_box = widgets.Text(description="Seed", value=self._seed_text(),
                                     continuous_update=False, style=label,
                                     disabled=not self.host or self.seed_hidden(),
                                     layout=widgets.Layout(width="18em"),
                                     tooltip="the seed of every chance draw: the same seed and "
                                             "choices replay the same game")
        self.agent_box = widgets.Dropdown(description="Agent", options=self.agent_choices, value=agent,
                                          style=label, layout=widgets.Layout(width="13em"),
                                          disabled=not self.host,
                                          tooltip="who decides: you (manual), random, first legal, "
                                                  "or one of the game's own agents")
        seats = [("no seat (watch)", None)] + [(name, i) for i, name in enumerate(game.seat_names)]
        self.human_box = widgets.Dropdown(description="You play", options=seats, value=human,
                                          style=label, layout=widgets.Layout(width="15em"),
                                          tooltip="the seat you decide for while the agent plays the "
                                                  "others (Play pauses at your decisions)")
        self.reset_button = widgets.Button(description="Reset", tooltip="start again with these settings")

        self.back_button = widgets.Button(description="Back", tooltip="back to the previous decision",
                                          layout=narrow)
        self.step_button = widgets.Button(description="Step", button_style="primary",
                                          tooltip="apply the decision, then make the draws up to the "
                                                  "next one", layout=narrow)
        self.forward_button = widgets.Button(description="Forward", tooltip="redo what was played",
                                             layout=narrow)
        self.play = widgets.Play(value=0, min=0, max=10**9, step=1, interval=250, show_repeat=False,
                                 description="Play", tooltip="play / pause")
        self.speed = widgets.IntSlider(description="Speed", value=4, min=1, max=20,
                                       tooltip="Steps per second", layout=widgets.Layout(width="16em"))
        self.history = widgets.IntSlider(description="Ply", value=0, min=0, max=0,
                                         continuous_update=False, layout=widgets.Layout(width="24em"),
                                         tooltip="jump to any ply of the record")
        self.every_draw = widgets.Checkbox(value=bool(every_draw), description="show every draw",
                                           indent=False, layout=widgets.Layout(width="auto"))
        self.every_draw.add_class("racekit-every-draw")
        self.enlarge = widgets.ToggleButton(description="Enlarge board", icon="expand",
                                            tooltip="show the board picture over the whole window "
                                                    "(press again to come back)",
                                            layout=widgets.Layout(width="auto", min_width="10em"))
        self.enlarge.add_class("racekit-enlarge")

        self.dropdown = ActionDropdown()
        self.controls = self.dropdown
        self.action_text = widgets.Text(placeholder="or type an action name",
                                        layout=widgets.Layout(width="16em"))
        self.try_button = widgets.Button(description="Try", layout=widgets.Layout(min_width="4em"),
                                         tooltip="apply the action typed on the left (even an illegal "
                                                 "one, to see which rule refuses it)")
        self._typed = widgets.HBox([self.action_text, self.try_button],
                                   layout=widgets.Layout(flex="0 0 auto"))
        self.action_area = widgets.HBox([self.dropdown.widget, self._typed],
                                        layout=widgets.Layout(flex_flow="row wrap"))

        self.status = widgets.HTML()
        self.status.add_class("racekit-status")
        self.error_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error_box.add_class("racekit-error")
        self.image = widgets.Image(format=image_format, layout=widgets.Layout(max_width="100%"))
        self.image.add_class("racekit-board")
        self.event_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.event_log.add_class("racekit-log")
        self._events_head = widgets.HTML("<b>Events</b> (latest first; point at a clause ID "
                                         "to read the rule)")
        log_panel = widgets.VBox([self._events_head, self.event_log],
                                 layout=widgets.Layout(min_width="18em", max_height="32em",
                                                       overflow="auto", flex="1 1 0"))
        self.rules_html = widgets.HTML()
        self.rules_html.add_class("racekit-rules-table")
        self.rules_panel = widgets.Accordion(children=[self.rules_html], titles=("Rules",),
                                             selected_index=None)
        self.rules_panel.add_class("racekit-rules")

        self.lang_toggle = widgets.ToggleButtons(options=[("English", "en"), ("中文", "zh")],
                                                 value=self.lang, style={"button_width": "5em"},
                                                 tooltip="English / 中文: the page's language")
        self.lang_toggle.add_class("racekit-lang")
        self.lang_toggle.observe(lambda change: self._syncing or self._guard(self.set_lang, change["new"]),
                                 names="value")
        setup_row = widgets.HBox([self.players_box, self.preset_box, self.seed_box, self.agent_box,
                                  self.human_box, self.reset_button, self.lang_toggle],
                                 layout=widgets.Layout(flex_flow="row wrap"))
        self.options_panel = widgets.Accordion(
            children=[widgets.VBox(option_rows)],
            titles=(f"Rule options ({len(self.option_boxes)}): changing one starts a new game",),
            selected_index=None)
        self.options_panel.add_class("racekit-options")
        play_row = widgets.HBox([self.back_button, self.step_button, self.forward_button, self.play,
                                 self.speed, self.history, self.every_draw, self.enlarge],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # the style hides the "loading the explorer…" note once an explorer shows (where the
        # front end does not apply the note's own update, as in Voila)
        help_line = widgets.HTML(f"<style>.racekit-loading{{display:none}}{ENLARGE_CSS}</style>"
                                 f"<span style='color:#555;font-size:90%'>{PLY_HELP}</span>")
        self._help_line = help_line
        help_line.add_class("racekit-help")
        from .picker import ScenarioPicker   # the "Scenarios" panel (racekit/explorer/picker.py)
        self.picker = ScenarioPicker(self)
        self.children = [self.status, setup_row,
                         *([self.options_panel] if self.option_boxes else []), self.picker.widget,
                         play_row, help_line, self.action_area, self.error_box,
                         widgets.HBox([self.image, log_panel], layout=widgets.Layout(flex_flow="row wrap")),
                         self.rules_panel]
        self.add_class("racekit-explorer")

        self.reset_button.on_click(lambda _: self._guard(self.reset))
        self.step_button.on_click(lambda _: self._guard(self.step))
        self.back_button.on_click(lambda _: self._guard(self.back))
        self.forward_button.on_click(lambda _: self._guard(self.forward))
        self.history.observe(self._on_history, names="value")
        self.play.observe(self._on_play, names="value")
        self.speed.observe(self._on_speed, names="value")
        self._on_speed({"new": self.speed.value})
        self.preset_box.observe(self._on_preset, names="value")
        for box in [self.players_box, self.seed_box, *self.option_boxes.values()]:
            box.observe(self._on_setting, names="value")
        self.agent_box.observe(self._on_seat_mode, names="value")
        self.human_box.observe(self._on_seat_mode, names="value")
        self.every_draw.observe(lambda _: self._sync_guard(self.refresh), names="value")
        # opening the Rules panel is no action: it leaves an error shown
        self.rules_panel.observe(lambda _: self._syncing or self._guard(self._refresh_rules, clear=False),
                                 names="selected_index")
        self.try_button.on_click(lambda _: self._guard(self.try_typed))
        self.enlarge.observe(self._on_enlarge, names="value")

    def _on_enlarge(self, change) -> None:
        """The "Enlarge board" toggle: the picture over the whole window, or back in its place."""
        for w in (self.image, self.enlarge):
            (w.add_class if change["new"] else w.remove_class)("racekit-full")
        self.enlarge.description = "Back to the page" if change["new"] else "Enlarge board"

    @_locked
    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` (``"en"`` or ``"zh"``) on this page: labels, status line, log, action
        names and picture switch at once; the game and its position stay (no reset).

        Raises:
            LanguageError: a language racekit does not speak.
        """
        self.lang = check_lang(lang)
        with use_lang(self.lang):
            if self.lang_toggle.value != self.lang:
                self._sync(lambda: setattr(self.lang_toggle, "value", self.lang))
            self._relabel()
            self._rules_key = None
            self.board.painter = None   # the picture's fixed labels are redrawn in the new language
            self.refresh()

    def _relabel(self) -> None:
        """Every fixed label in the language in force (the relabel hook of the language toggle)."""
        labels = {self.players_box: "players", self.preset_box: "preset", self.seed_box: "seed",
                  self.agent_box: "agent", self.human_box: "you_play", self.reset_button: "reset",
                  self.back_button: "back", self.step_button: "step", self.forward_button: "forward",
                  self.play: "play", self.speed: "speed", self.history: "ply",
                  self.every_draw: "every_draw", self.dropdown.widget: "action",
                  self.try_button: "try"}
        for box, key in labels.items():
            box.description = _w(key)
        self.lang_toggle.description = ""
        self.action_text.placeholder = _w("type_action")
        self._events_head.value = _w("events_head")
        # the style keeps the Enlarge board rule: relabelling must not drop it
        self._help_line.value = (f"<style>.racekit-loading{{display:none}}{ENLARGE_CSS}</style>"
                                 f"<span style='color:#555;font-size:90%'>{_w('ply_help')}</span>")
        self.options_panel.set_title(0, _w("options_title", n=len(self.option_boxes)))
        groups = option_groups(self.game.game_type)
        for widget, (title, _opts) in zip(self._group_titles, groups):
            widget.value = f"<b>{html.escape(title)}</b>"
        gid = self.game.game_type.id
        for name, box in self.option_boxes.items():   # the values' words (ids in English)
            opt = self.game.game_type.option(name)
            if opt.choices and isinstance(box, widgets.Dropdown):
                labelled = [(option_value_text(gid, name, c), c) for c in opt.choices]
                if [label for label, _ in box.options] != [label for label, _ in labelled]:
                    keep = box.value
                    self._sync(lambda box=box, labelled=labelled, keep=keep: (
                        setattr(box, "options", labelled), setattr(box, "value", keep)))
        for help_text, opt in self._option_help.values():
            cites = f" <i>({html.escape(', '.join(opt.clauses))})</i>" if opt.clauses else ""
            doc = option_text(gid, opt.name, opt.doc)
            help_text.value = f"<span style='color:#555;font-size:90%'>{html.escape(doc)}{cites}</span>"
        watch = _w("watch")
        seats = [(watch, None)] + [(seat_name(n), i) for i, n in enumerate(self.game.seat_names)]
        if list(self.human_box.options) != seats:   # new labels, the same seat (a guest's page
            keep = self.human_box.value                # stays that seat's page)
            self._sync(lambda: (setattr(self.human_box, "options", seats),
                                setattr(self.human_box, "value", keep)))

    @staticmethod
    def _option_box(opt, value):
        label = opt.name.replace("_", " ")
        common = dict(description=label, tooltip=opt.doc, style={"description_width": "14em"},
                      layout=widgets.Layout(width="30em", min_width="24em"))
        if opt.choices:
            box = widgets.Dropdown(options=[(str(c), c) for c in opt.choices], value=value, **common)
        else:
            box = widgets.Text(value="" if value is None else str(value), continuous_update=False,
                               **common)
        box.add_class("racekit-option")
        return box

    def _set_player_range(self, preset_name: str) -> None:
        gt = self.game.game_type
        p = gt.preset(preset_name)
        lo, hi = p.min_players or gt.min_players, p.max_players or gt.max_players
        self.players_box.options = list(range(lo, hi + 1))

    def _load_game_hooks(self) -> None:
        """Resolve the game's plot and custom controls (errors are shown, with fallbacks)."""
        self.board.set_plot(None, None)
        self._factory = None
        self._viewer_kw = False
        try:
            draw, painter = resolve_plot(self.game), resolve_painter(self.game)
            self.board.set_plot(draw, painter)
            self._viewer_kw = _takes_viewer(draw, painter)
        except Exception as exc:  # show it; the text picture stands in
            self._show_error(exc, "Cannot load the board picture")
        try:
            self._factory = load_factory(self.game)
        except Exception as exc:  # show it; the dropdown stands in
            self._show_error(exc, "Cannot load the action controls")

    # ----- who decides ------------------------------------------------------
    def is_human(self, seat: int) -> bool:
        """Whether a person decides for ``seat`` (agent "manual", or the "You play" seat)."""
        agent, human = ((self.agent_box.value, self.human_box.value) if self.host
                        else self._seat_mode)   # a guest's seat and agent are fixed
        return agent == "manual" or human == seat

    def _human_decision(self, state) -> bool:
        if state.is_terminal() or state.is_chance_node():
            return False
        return self.is_human(state.current_player())

    @property
    def viewer(self) -> int | None:
        """The seat whose view the page shows: the "You play" seat beside an agent; ``None``
        (every seat's view) with agent "manual" or when nobody plays a seat."""
        if getattr(self, "human_box", None) is None or not getattr(self, "host", True):
            agent, human = self._seat_mode   # while the widgets are made; a guest's fixed seat
        else:
            agent, human = self.agent_box.value, self.human_box.value
        return None if agent == "manual" else human

    def seed_hidden(self) -> bool:
        """Whether the page hides the seed: in "You play" mode before the game has ended, unless
        the explorer was opened with ``host=True``."""
        return self.viewer is not None and not self._host_by_name and not self._over

    def _seed_text(self) -> str:
        return _w("seed_hidden") if self.seed_hidden() else str(self.session.seed)

    def _seed_words(self) -> str:
        return _w("seed_words_hidden") if self.seed_hidden() else _w("seed_words", seed=self.session.seed)

    def _plot_kw(self) -> dict:
        viewer = self.viewer
        return {"viewer": viewer} if viewer is not None and self._viewer_kw else {}

    # ----- the actions (raise on error; the buttons show errors instead) ---
    @_locked
    def step(self, action: int | None = None):
        """Apply one decision (or draw) and, unless "show every draw" is ticked, the chance
        draws after it up to the next decision; redraw; return the first action id applied
        (``None`` when the game is over).

        With ``action=None``: at a chance node the seeded sampler draws (or the
        recorded line is replayed after Back); at a decision the agent's pick or,
        for a seat a person plays, the action chooser's selection is applied.

        On a guest's page (see :attr:`host`), after Back a Step replays what was played:
        another choice there would let the person try the agents' answers to every move
        and read their hidden cards from them.

        Raises:
            IllegalActionError: the action is refused (nothing changes).
            ValueError: nothing is chosen in the controls; or, on a guest's page, another
                choice than the one recorded.
        """
        if action is None:
            if self.session.state.is_terminal():
                self._stop_play()
                return None
            action = self.chosen_action()
        s = self.session
        if (not self.host and action is not None and s.cursor < len(s.line)
                and action != s.line[s.cursor]):
            raise ValueError("This page plays one game on: after Back, Step and Forward replay the "
                             "moves played (go Forward to the end to play on).")
        action = self.session.step(action)
        self._draw_on()
        self.refresh()
        if self.session.state.is_terminal():
            self._stop_play()
        return action

    def _draw_on(self) -> None:
        """Make the chance draws up to the next decision (unless every draw is a Step)."""
        if self.every_draw.value:
            return
        state = self.session.state
        for _ in range(100_000):
            if not state.is_chance_node():
                return
            self.session.step()
            state = self.session.state

    @_locked
    def try_typed(self):
        """Apply the action named in ``action_text`` (the "Try" button).

        Any name the game can parse is tried, illegal ones too (they are refused
        with their clause), and at a chance node an outcome name ("roll 6") forces
        that outcome instead of the seeded draw. The text is cleared on success.

        Raises:
            ValueError: the box is empty. IllegalActionError: unknown or refused.
        """
        text = self.action_text.value.strip()
        if not text:
            raise ValueError("Type an action name first, e.g. one of the chooser's.")
        state, viewer = self.session.state, self.viewer
        if viewer is not None and not state.is_terminal() and (
                state.is_chance_node() or state.current_player() != viewer):
            # "You play": only the seat's own decisions (a refusal would list another seat's
            # options, and a chosen draw could be another seat's private card)
            you = self.game.seat_names[viewer]
            raise ValueError(f"You play {you}: type {you}'s own actions, at {you}'s decisions; "
                             "Step makes the draws and the agents' decisions.")
        action = self.step(state.string_to_action(text))
        self._set_text("")
        return action

    def chosen_action(self):
        """The decision Step would apply now (``None`` at chance nodes: the session draws)."""
        state = self.session.state
        if state.is_chance_node():
            return None
        if not self.is_human(state.current_player()):
            return self._agent_for(self.agent_box.value)(state, state.ply)
        action = self.controls.selected_action()
        if action is None:
            raise ValueError("Choose an action first.")
        return action

    def _agent_for(self, name: str):
        """The agent ``name`` seeded with the session's seed (built once, then reused)."""
        seed = self.session.seed
        if self._agent is None or self._agent[:2] != (name, seed):
            self._agent = (name, seed, make_agent(name, seed, self.game))
        return self._agent[2]

    @_locked
    def back(self, plies: int = 1) -> None:
        """Go back ``plies`` Steps: to the previous decision (or one ply with "show every
        draw"); the recorded future is kept."""
        target = self.session.cursor
        for _ in range(plies):
            if target == 0:
                break
            target = target - 1 if self.every_draw.value else self.session.decision_before(target)
        self.session.goto(target)
        self.refresh()

    @_locked
    def forward(self, plies: int = 1) -> None:
        """Redo recorded Steps (each: a decision and the draws after it)."""
        s = self.session
        target = s.cursor
        for _ in range(plies):
            if target >= len(s.line):
                break
            target += 1
            while not self.every_draw.value and target < len(s.line) and s.actors[target] == CHANCE:
                target += 1
        s.goto(target)
        self.refresh()

    @_locked
    def goto(self, ply: int) -> None:
        """Jump to ply ``ply`` of the recorded line and redraw.

        Raises:
            ValueError: ``ply`` is outside the line.
        """
        self.session.goto(ply)
        self.refresh()

    @_locked
    def reset(self) -> None:
        """Stop Play, then start again with the settings shown (seats, preset, options, seed).

        Raises:
            OptionError: the settings do not make a valid game (the old game stays);
            ValueError: the seed is not a whole number.
        """
        self._stop_play()
        options = {}
        for opt in self.game.game_type.options:
            value = self.option_boxes[opt.name].value
            options[opt.name] = value if opt.choices else _from_text(value, opt.default)
        game = load_game(self.game_id, players=self.players_box.value, preset=self.preset_box.value,
                         params=self.game.params.changed(), **options)   # house rules stay
        you = self._seat_mode[1]
        if not self.host and you is not None and you >= game.num_players:
            raise ValueError(f"this page plays seat {you} ({self.game.seat_names[you]}): choose at least "
                             f"{you + 1} players")
        # a guest never picks (nor learns) the seed of the game it plays: a fresh secret one
        seed = new_seed() if not self.host or self.seed_hidden() else _seed_from_text(self.seed_box.value)
        self.game = game
        self.session = Session(game, seed=seed)
        self._over = False
        self._sync(self._seats_changed)
        self._load_game_hooks()
        self._sync(lambda: setattr(self.play, "value", 0))
        self.refresh()

    def _seats_changed(self) -> None:
        seats = [(_w("watch"), None)] + [(seat_name(n), i) for i, n in enumerate(self.game.seat_names)]
        if list(self.human_box.options) != seats:
            keep = self.human_box.value
            self.human_box.options = seats
            self.human_box.value = keep if keep is None or keep < self.game.num_players else None
        self.seed_box.value = self._seed_text()

    def close(self) -> None:
        """Stop Play and close every widget model of the explorer (children, layouts, styles,
        the action controls not shown); clear the figure. The explorer cannot be used after."""
        if not getattr(self, "_built", False):   # __init__ failed part-way (Widget.__del__)
            self._closed = True
            close_tree(self)
            return
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self.comm is not None:
            self._stop_play()
        extra = [self.dropdown.widget]
        if self._custom is not None:
            extra.append(self._custom.widget)
        close_tree(self, *extra)
        try:
            self.board.painter = None
            self.board.figure.clear()
        except Exception:  # at interpreter exit (Widget.__del__ closes too): nothing to free
            pass

    # ----- drawing --------------------------------------------------------
    @_locked
    def refresh(self) -> None:
        """Bring every widget in line with the session (board, log, sliders, chooser, rules)."""
        s, state = self.session, self.session.state
        cursor, length = s.cursor, len(s.line)
        self._syncing = True
        try:
            self.history.max = length
            self.history.value = cursor
            self.back_button.disabled = cursor == 0
            self.forward_button.disabled = cursor >= length
            self.step_button.disabled = state.is_terminal()
            self.human_box.disabled = self.agent_box.value == "manual" or not self.host
            if state.is_terminal():
                self._over = True   # a guest may see the seed now: the game is over
            hidden = self.seed_hidden()
            if (hidden or self.seed_box.disabled) and self.seed_box.value != self._seed_text():
                self.seed_box.value = self._seed_text()
            self.seed_box.disabled = hidden or not self.host
            self._update_controls(state, s.line[cursor] if cursor < length else None)
        finally:
            self._syncing = False
        self.status.value = self._status_html(state, cursor, length)
        involved = self._involved(state)
        self.event_log.value = self._log_html(state, involved[0])
        self._involved_now = involved[1]
        self._refresh_rules()
        self.image.value = self.board.render(state, **self._plot_kw())

    def _update_controls(self, state, recorded) -> None:
        decision = not state.is_terminal() and not state.is_chance_node()
        manual = decision and self.is_human(state.current_player())
        old = self._custom
        self._custom = None
        if manual and self._factory is not None:
            try:
                self._custom = self._factory(state)
                self.controls = self._custom
                self.action_area.children = [self._custom.widget, self._typed]
            except Exception as exc:
                self._show_error(exc, "The game's action controls failed; using the dropdown")
                self._custom = None
        if self._custom is None:
            note = _w("over_note") if state.is_terminal() else _w("chance_note")
            if decision and not manual and self.viewer is not None:
                # a person plays another seat: the agent's options (its hand) stay its secret
                player = seat_name(self.game.seat_names[state.current_player()])
                self.dropdown.show_note(_w("decides", name=player, agent=self.agent_box.value))
            else:
                if decision and not manual:
                    recorded = self.chosen_action()
                self.dropdown.update(state, preselect=recorded, enabled=manual, note=note)
            self.controls = self.dropdown
            if self.action_area.children[0] is not self.dropdown.widget:
                self.action_area.children = [self.dropdown.widget, self._typed]
        if old is not None:
            close_tree(old.widget)

    def _status_html(self, state, cursor: int, length: int) -> str:
        game = self.game
        names = [seat_name(n) for n in game.seat_names]
        player = state.current_player()
        phase = ""
        if state.phase and not state.is_terminal():
            words = phase_words(game.game_type, state.phase)
            phase = _w("phase_part", words=html.escape(words),
                       phase=html.escape(_w("phase", phase=state.phase)))
        if state.is_terminal():
            sep = text("words.list.sep")
            places = " · ".join(sep.join(names[s] for s in group) for group in state.ranking())
            who = _w("game_over", places=html.escape(places))
        elif state.is_chance_node():
            who = _w("chance", phase=phase)
        else:
            if self.is_human(player):
                by = _w("yours")
            else:
                by = _w("agents", agent=html.escape(self.agent_box.value))
            who = _w("to_act", name=html.escape(names[player]), by=by, phase=phase)
        title = ""
        if self.scenario is not None and self.session.setup is self.scenario.setup:
            title = _w("scenario", id=html.escape(self.scenario.id), title=html.escape(
                scenario_text(game.game_type.id, self.scenario.id, "title", self.scenario.title)))
        long_name = (text(f"cli.game_names.{game.game_type.id}")
                     if has(f"cli.game_names.{game.game_type.id}") else game.game_type.long_name)
        return (title + _w("status", name=html.escape(long_name), preset=html.escape(game.preset),
                           players=game.num_players, seed=html.escape(self._seed_words()),
                           cursor=cursor, length=length, who=who)
                + "".join(f"<br><span class='racekit-house-rule'>{html.escape(line)}</span>"
                          for line in game.house_rules()))

    def _involved(self, state) -> tuple[int, list[str]]:
        """The first ply of the latest Step, and the clause IDs its events carry (in order)."""
        cursor = state.ply
        if cursor == 0:
            return 0, []
        since = cursor - 1 if self.every_draw.value else self.session.decision_before(cursor)
        seen: dict[str, None] = {}
        for event in reversed(state.events):
            if event.ply < since:
                break
            for cid in event.clauses:
                seen.setdefault(cid, None)
        return since, list(seen)

    def _log_html(self, state, since: int) -> str:
        events = state.events[-self.log_size:]
        if not events:
            return _w("no_events")
        table = clause_table(self.game_id)
        lines = []
        for event in reversed(events):
            text = self._render_event(event, table)
            if event.ply >= since:
                text = f"<b>{text}</b>"
            # events of a scenario's set-up come before its first ply (ply -1): say so in words
            when = _w("log_ply", ply=event.ply) if event.ply >= 0 else _w("log_setup")
            lines.append(f"<div><span style='color:#777'>{when}</span> {text}</div>")
        return "<div style='font-family:sans-serif;line-height:1.4'>" + "".join(lines) + "</div>"

    def _render_event(self, event, table=None) -> str:
        """The event's sentence as HTML; its clause IDs show their summaries on hover."""
        table = clause_table(self.game_id) if table is None else table
        suffix = f" [{', '.join(event.clauses)}]" if event.clauses else ""
        # an event's data may hold the referee's knowledge (every hand weight): a seat's page
        # shows only what a template says, never the raw fields
        full = self.viewer is None
        try:
            text = self.game.render(event, details=full)
        except Exception:  # a template that does not fit its event: show the raw event
            details = ", ".join(f"{k}={v}" for k, v in event.data.items()) if full else ""
            text = f"{event.kind} {list(event.seats)} {details}".rstrip() + suffix
        if suffix and text.endswith(suffix):
            text = text[: -len(suffix)]
            cites = ", ".join(_clause_span(cid, table) for cid in event.clauses)
            return f"{html.escape(text)} [{cites}]"
        return html.escape(text)

    def _refresh_rules(self) -> None:
        """The Rules panel: its title always; its table only while it is open."""
        involved = getattr(self, "_involved_now", [])
        if not involved and self.rules_panel.selected_index is None and \
                (self.game_id, get_lang()) not in _CLAUSES:
            # nothing cites a clause yet: read clauses.yaml later (it costs a first picture's time)
            if self.rules_panel.get_title(0) != _w("rules"):
                self.rules_panel.set_title(0, _w("rules"))
            return
        table = clause_table(self.game_id)
        now = [c for c in involved if c in table] + [c for c in involved if c not in table]
        title = _w("rules_title", n=len(table)) + (_w("rules_now", ids=", ".join(now)) if now else "")
        if self.rules_panel.get_title(0) != title:
            self.rules_panel.set_title(0, title)
        if self.rules_panel.selected_index is None:
            return
        key = (self.game_id, tuple(now), get_lang())
        if key == self._rules_key:
            return
        self._rules_key = key
        self.rules_html.value = _rules_table(table, now)

    # ----- handlers ---------------------------------------------------------
    def _guard(self, fn, *args, clear: bool = True):
        """Run a user action under the lock; show (never swallow) any error. Returns fn's
        result or None.

        The error box is cleared first (unless ``clear=False``: a handler that is no action,
        such as opening the Rules panel), so it shows what went wrong in this action
        (including errors shown along the way, such as a plot that cannot load).
        """
        with self._lock:
            if self._closed:
                return None
            if clear:
                self._clear_error()
            try:
                return fn(*args)
            except Exception as exc:
                self._stop_play()
                self._show_error(exc)
                try:  # keep the other widgets truthful even after a failure
                    self._sync(self._sync_sliders)
                except Exception:
                    pass
                return None

    def _sync_guard(self, fn):
        if not self._syncing:
            self._guard(fn)

    def _on_history(self, change) -> None:
        if not self._syncing and change["new"] != self.session.cursor:
            self._guard(self.goto, change["new"])

    def _on_play(self, change) -> None:
        # a tick that comes after Play stopped (an error stopped it, or the person's decision)
        # is no action: it must not clear the error the last Step showed
        if self._syncing or not change["new"] or not self.play.playing:
            return
        self._guard(self._play_tick)

    def _on_seat_mode(self, change) -> None:
        """The agent or "You play" box changed: redraw; on a guest's page, refuse the change."""
        if self._syncing:
            return
        if not self.host and (self.agent_box.value, self.human_box.value) != self._seat_mode:
            def refuse():
                agent, human = self._seat_mode
                self._sync(lambda: (setattr(self.agent_box, "value", agent),
                                    setattr(self.human_box, "value", human)))
                you = self.game.seat_names[human] if human is not None else "no seat"
                raise ValueError(f"this page plays {you} against the {agent} agent; the seat and "
                                 "the agent are fixed (a host's explorer, host=True, may change them)")
            self._guard(refuse)
            return
        self._sync_guard(self.refresh)

    def _play_tick(self) -> None:
        """One tick of Play: a Step, unless Play was stopped meanwhile (Reset, pause), the game
        is over, or the decision is a person's (then Play pauses and leaves it to them)."""
        if not self.play.playing:
            return
        state = self.session.state
        if state.is_terminal() or self._human_decision(state):
            self._stop_play()
            return
        self.step()
        if self._human_decision(self.session.state):
            self._stop_play()

    def _on_speed(self, change) -> None:
        self.play.interval = max(20, int(1000 / change["new"]))

    def _on_setting(self, change) -> None:
        if not self._syncing and change["owner"] is self.seed_box and (not self.host or self.seed_hidden()):
            self._sync(lambda: setattr(self.seed_box, "value", self._seed_text()))   # a guest's seed is fixed
            return
        self._sync_guard(self.reset)

    def _on_preset(self, change) -> None:
        if self._syncing:
            return

        def apply_preset():
            gt = self.game.game_type
            preset = gt.preset(change["new"])
            self._syncing = True
            try:
                self._set_player_range(preset.name)
                self.players_box.value = preset.default_players or gt.default_players
                for opt in gt.options:
                    value = preset.options.get(opt.name, opt.default)
                    box = self.option_boxes[opt.name]
                    box.value = value if opt.choices else ("" if value is None else str(value))
            finally:
                self._syncing = False
            self.reset()
        self._guard(apply_preset)

    # ----- helpers ------------------------------------------------------------
    def _sync(self, fn):
        was, self._syncing = self._syncing, True
        try:
            return fn()
        finally:
            self._syncing = was

    def _sync_sliders(self) -> None:
        self.history.max = len(self.session.line)
        self.history.value = self.session.cursor

    def _set_text(self, value: str) -> None:
        self._sync(lambda: setattr(self.action_text, "value", value))

    def _stop_play(self) -> None:
        if self.play.playing:
            self.play.playing = False

    def _show_error(self, exc: BaseException, context: str = "") -> None:
        self.error = exc
        self.errors.append(exc)
        kind = type(exc).__name__
        head = f"{html.escape(context)}: " if context else ""
        clause = ""
        if isinstance(exc, IllegalActionError):
            if not str(exc).startswith(f"[{exc.clause}]"):
                clause = f" [{html.escape(exc.clause)}]"
        where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        origin = (f"<div style='color:#666;font-size:85%'>in {html.escape(where.name)}, "
                  f"{html.escape(where.filename.rsplit('/', 1)[-1])} line {where.lineno}</div>"
                  if where and not isinstance(exc, IllegalActionError) else "")
        self.error_box.value = (
            "<div role='alert' style='border:1px solid #c00;background:#fee;color:#900;"
            f"padding:4px 8px;border-radius:4px'>{head}<b>{kind}</b>{clause}: "
            f"{html.escape(error_text(exc, getattr(self, 'lang', None), getattr(self, 'game_id', None)))}{origin}</div>")
        self.error_box.layout.display = None

    def _clear_error(self) -> None:
        if self.error is not None:
            self.error = None
            self.error_box.value = ""
            self.error_box.layout.display = "none"

    def hint(self) -> str:
        """What a notebook shows where the live widget is missing (text/plain)."""
        return (f"{self.game.game_type.long_name} explorer ({self._seed_words()}, ply "
                f"{self.session.cursor} of {len(self.session.line)}): run this cell to start it "
                "(Run > Run All Cells); a saved notebook keeps no live explorer.")

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.hint()
        return bundle

    def __repr__(self) -> str:
        seed = "hidden" if self.seed_hidden() else self.session.seed
        return (f"<Explorer {self.game!r} seed={seed} ply={self.session.cursor}"
                f"/{len(self.session.line)}>")


def _takes_viewer(draw, painter) -> bool:
    """Whether the game's picture takes the ``viewer=`` keyword (by name or ``**kw``) wherever
    the explorer would pass it: ``draw`` without a Painter, else the Painter and its update."""
    import inspect

    def takes(fn) -> bool:
        try:
            params = inspect.signature(fn).parameters.values()
        except (TypeError, ValueError):
            return False
        return any(p.name == "viewer" or p.kind is p.VAR_KEYWORD for p in params)
    if draw is None:
        return False
    if painter is None:
        return takes(draw)
    return takes(painter) and takes(painter.update)


def _clause_span(cid: str, table: dict) -> str:
    entry = table.get(cid)
    if entry is None:
        return html.escape(cid)
    tip = entry["summary"] + (_w("decision_tip", decision=entry["decision"]) if entry["decision"] else "")
    return (f"<span class='racekit-clause' title='{html.escape(tip, quote=True)}' "
            f"style='text-decoration:underline dotted;cursor:help'>{html.escape(cid)}</span>")


def _rules_table(table: dict, now: list[str]) -> str:
    """The Rules panel: the clauses of this step first (highlighted), then every clause."""
    if not table:
        return _w("no_clauses")
    now_set = set(now)

    def row(cid, entry):
        mark = " style='background:#fff3bf'" if cid in now_set else ""
        extra = ""
        if entry["decision"]:
            opt = (html.escape(_w("option", option="\0")).replace(
                "\0", f"<code>{html.escape(entry['option'])}</code>") if entry["option"] else "")
            extra = (f"<div style='color:#555'>{html.escape(_w('decision', decision=entry['decision']))}"
                     f"{opt}</div>")
        return (f"<tr{mark}><td style='white-space:nowrap;vertical-align:top;padding-right:1em'>"
                f"<code>{html.escape(cid)}</code></td><td>{html.escape(entry['summary'])}{extra}</td></tr>")

    parts = ["<div style='max-height:28em;overflow:auto;font-size:90%'>"]
    if now:
        parts.append(f"<b>{html.escape(_w('now_head'))}</b><table>")
        parts += [row(c, table[c]) for c in now if c in table]
        parts.append("</table><br>")
    parts.append(f"{_w('every_head')}<table>")
    parts += [row(c, e) for c, e in table.items()]
    parts.append("</table></div>")
    return "".join(parts)


def _seed_from_text(text) -> int:
    """The seed box's text as an int (any size).

    Raises:
        ValueError: not a whole number.
    """
    if isinstance(text, int):
        return text
    try:
        return int(str(text).strip().replace("_", "").replace(",", ""))
    except ValueError:
        raise ValueError(f"the seed must be a whole number, got {text!r}") from None


def _from_text(text: str, default):
    """An open-ended option typed as text, converted like its default (the option's check runs later)."""
    text = text.strip()
    if text == "" and default is None:
        return None
    if isinstance(default, bool):
        return text
    for kind in (int, float):
        if isinstance(default, kind):
            try:
                return kind(text)
            except ValueError:
                return text  # let the option's validation explain what is wrong
    return text


def explore(game_id: str, seed: int | None = None, players: int | None = None, preset: str | None = None,
            **options) -> Explorer:
    """Make an :class:`Explorer` (see :func:`racekit.explorer.explore`, which also shows a
    loading note in a notebook first)."""
    return Explorer(game_id, seed=seed, players=players, preset=preset, **options)
