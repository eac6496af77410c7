"""The explorer widget: set up, step, play and time-travel any registered game.

In the style of Mesa's notebook controller: a row of setup controls (seats,
preset, the game's options, seed, agent, Reset), a row of play controls (Back,
Step, Forward, Play/Pause with a speed slider, a history slider), the action
chooser, the board picture and the event log with clause IDs.

Everything the user does goes through a handler that catches errors and shows
them in a red box (``.error`` holds the last one): widget callbacks would
otherwise only log them.
"""
from __future__ import annotations

import html
import traceback

import ipywidgets as widgets

from ..core.agents import agent_names, make_agent
from ..core.errors import IllegalActionError
from ..core.game import load_game
from ..core.session import Session
from .board import Board, resolve_plot
from .controls import ActionDropdown, close_tree, load_factory

def agent_choices(game_type) -> tuple:
    """The agent dropdown's entries: manual, the generic agents, then the game's own."""
    return ("manual", *agent_names(game_type))


class Explorer(widgets.VBox):
    """Interactive explorer of one game (an ``ipywidgets.VBox``).

    Args:
        game_id: a registered game id (``racekit.game_names()``).
        seed: the seed of chance outcomes (and of the random agent); default: a
            fresh secret 128-bit seed, shown in the Seed box (a small seed is public).
        players: number of seats (default: the preset's).
        preset: a named variant (default: the game's first).
        agent: who decides at decision nodes: ``"manual"`` (the action chooser),
            ``"random"`` (seeded), ``"first"`` (first legal action) or one of the
            game's own agents (``GameType.agents``, e.g. ``"careful"`` in snow_tails).
        log_size: how many of the latest events the log shows.
        figsize, dpi: size of the board picture.
        **options: the game's rule switches.

    Raises:
        UnknownGameError, OptionError: bad arguments (raised at once, not shown).

    Attributes for code and tests:
        game, session: the configured Game and the :class:`~racekit.core.session.Session`.
        error: the last error a handler caught (``None`` after a later success);
        errors: every error caught, oldest first.
        figure: the one matplotlib Figure, reused for every picture.
        step_button, back_button, forward_button, reset_button: ``Button``s.
        play: the ``ipywidgets.Play``; speed: its steps-per-second slider.
        history: the ply slider (time travel); seed_box: the seed ``IntText``.
        players_box, preset_box, option_boxes (dict by option name), agent_box (its
            options: manual, the generic agents, then the game's own).
        controls: the current action controls (``.widget``, ``.selected_action()``).
        action_text, try_button: type an action name and press "Try" to apply it
            (names of illegal actions are refused with their clause); Step ignores it.
        event_log: ``HTML`` event log, latest first (not ``log``: every widget
            already has a traitlets logger there).
        image: the board ``Image``; error_box: ``HTML``; status: ``HTML`` line (ply, who acts).
    """

    def __init__(self, game_id: str, seed: int | None = None, players: int | None = None,
                 preset: str | None = None, agent: str = "manual", log_size: int = 12,
                 figsize=(8, 6), dpi: int = 80, **options):
        super().__init__()
        self.game_id = game_id
        self.game = load_game(game_id, players=players, preset=preset, **options)
        self.agent_choices = agent_choices(self.game.game_type)
        if agent not in self.agent_choices:
            raise ValueError(f"agent must be one of {', '.join(self.agent_choices)}; got {agent!r}")
        self._agent = None  # (name, seed, agent): the agent last built, reused while they stay
        self.session = Session(self.game, seed=seed)
        self.log_size = log_size
        self.error: BaseException | None = None
        self.errors: list[BaseException] = []
        self._syncing = False
        self.board = Board(None, figsize=figsize, dpi=dpi)
        self.figure = self.board.figure
        self._factory = None
        self._custom = None
        self._build_widgets(agent)
        self._guard(self._start)

    def _start(self) -> None:
        self._load_game_hooks()
        self.refresh()

    # ----- construction ---------------------------------------------------
    def _build_widgets(self, agent: str) -> None:
        gt, game = self.game.game_type, self.game
        narrow = widgets.Layout(width="auto")
        self.players_box = widgets.Dropdown(description="Players", layout=widgets.Layout(width="11em"))
        self._set_player_range(game.preset)
        self.players_box.value = game.num_players
        self.preset_box = widgets.Dropdown(
            description="Preset", options=[p.name for p in gt.presets] or [game.preset],
            value=game.preset, disabled=not gt.presets, layout=widgets.Layout(width="14em"))
        self.option_boxes: dict[str, widgets.Widget] = {}
        for opt in gt.options:
            value = game.options[opt.name]
            if opt.choices:
                box = widgets.Dropdown(description=opt.name, options=[(str(c), c) for c in opt.choices],
                                       value=value, tooltip=opt.doc)
            else:
                box = widgets.Text(description=opt.name, value="" if value is None else str(value),
                                   continuous_update=False, tooltip=opt.doc)
            box.style.description_width = "initial"
            box.layout = widgets.Layout(width="auto")
            self.option_boxes[opt.name] = box
        self.seed_box = widgets.IntText(description="Seed", value=self.session.seed,
                                        layout=widgets.Layout(width="10em"))
        self.agent_box = widgets.Dropdown(description="Agent", options=self.agent_choices, value=agent,
                                          layout=widgets.Layout(width="12em"),
                                          tooltip="who decides: you (manual), random, first legal, "
                                                  "or one of the game's own agents")
        self.reset_button = widgets.Button(description="Reset", tooltip="start again with these settings")

        self.back_button = widgets.Button(description="Back", tooltip="undo one ply", layout=narrow)
        self.step_button = widgets.Button(description="Step", button_style="primary",
                                          tooltip="apply one ply: a seeded draw or a decision",
                                          layout=narrow)
        self.forward_button = widgets.Button(description="Forward", tooltip="redo one ply", layout=narrow)
        self.play = widgets.Play(value=0, min=0, max=10**9, step=1, interval=250, show_repeat=False,
                                 description="Play", tooltip="play / pause")
        self.speed = widgets.IntSlider(description="Speed", value=4, min=1, max=20,
                                       tooltip="plies per second", layout=widgets.Layout(width="16em"))
        self.history = widgets.IntSlider(description="Ply", value=0, min=0, max=0,
                                         continuous_update=False, layout=widgets.Layout(width="24em"))

        self.dropdown = ActionDropdown()
        self.controls = self.dropdown
        self.action_text = widgets.Text(placeholder="or type an action name",
                                        layout=widgets.Layout(width="16em"))
        self.try_button = widgets.Button(description="Try", layout=narrow,
                                         tooltip="apply the action typed on the left (even an illegal "
                                                 "one, to see which rule refuses it)")
        self._typed = widgets.HBox([self.action_text, self.try_button])
        self.action_area = widgets.HBox([self.dropdown.widget, self._typed])

        self.status = widgets.HTML()
        self.error_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error_box.add_class("racekit-error")
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.image.add_class("racekit-board")
        self.event_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.event_log.add_class("racekit-log")
        log_panel = widgets.VBox([widgets.HTML("<b>Events</b> (latest first)"), self.event_log],
                                 layout=widgets.Layout(min_width="18em", max_height="32em",
                                                       overflow="auto", flex="1 1 0"))

        setup_row = widgets.HBox([self.players_box, self.preset_box, self.seed_box, self.agent_box,
                                  self.reset_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.options_panel = widgets.Accordion(
            children=[widgets.HBox(list(self.option_boxes.values()),
                                   layout=widgets.Layout(flex_flow="row wrap"))],
            titles=(f"Rule options ({len(self.option_boxes)}): changing one starts a new game",),
            selected_index=None)
        play_row = widgets.HBox([self.back_button, self.step_button, self.forward_button, self.play,
                                 self.speed, self.history], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [self.status, setup_row,
                         *([self.options_panel] if self.option_boxes else []),
                         play_row, self.action_area, self.error_box,
                         widgets.HBox([self.image, log_panel])]
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
        self.agent_box.observe(lambda _: self._sync_guard(self.refresh), names="value")
        self.try_button.on_click(lambda _: self._guard(self.try_typed))

    def _set_player_range(self, preset_name: str) -> None:
        gt = self.game.game_type
        p = gt.preset(preset_name)
        lo, hi = p.min_players or gt.min_players, p.max_players or gt.max_players
        self.players_box.options = list(range(lo, hi + 1))

    def _load_game_hooks(self) -> None:
        """Resolve the game's plot and custom controls (errors are shown, with fallbacks)."""
        self.board.draw = None
        self._factory = None
        try:
            self.board.draw = resolve_plot(self.game)
        except Exception as exc:  # show it; the text picture stands in
            self._show_error(exc, "Cannot load the board picture")
        try:
            self._factory = load_factory(self.game)
        except Exception as exc:  # show it; the dropdown stands in
            self._show_error(exc, "Cannot load the action controls")

    # ----- the actions (raise on error; the buttons show errors instead) ---
    def step(self, action: int | None = None):
        """Apply one ply and return its action id (``None`` when the game is over).

        With ``action=None``: at a chance node the seeded sampler draws (or the
        recorded line is replayed after Back); at a decision the chosen agent's
        pick or the action chooser's selection is applied.

        Raises:
            IllegalActionError: the action is refused (nothing changes).
        """
        if action is None:
            if self.session.state.is_terminal():
                self._stop_play()
                return None
            action = self.chosen_action()
        action = self.session.step(action)
        self.refresh()
        if self.session.state.is_terminal():
            self._stop_play()
        return action

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
        action = self.step(self.session.state.string_to_action(text))
        self._set_text("")
        return action

    def chosen_action(self):
        """The decision Step would apply now (``None`` at chance nodes: the session draws)."""
        state = self.session.state
        if state.is_chance_node():
            return None
        agent = self.agent_box.value
        if agent != "manual":
            return self._agent_for(agent)(state, state.ply)
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

    def back(self, plies: int = 1) -> None:
        """Undo ``plies`` plies (time travel; the recorded future is kept)."""
        self.session.back(plies)
        self.refresh()

    def forward(self, plies: int = 1) -> None:
        """Redo recorded plies."""
        self.session.forward(plies)
        self.refresh()

    def goto(self, ply: int) -> None:
        """Jump to ply ``ply`` of the recorded line."""
        self.session.goto(ply)
        self.refresh()

    def reset(self) -> None:
        """Start again with the settings shown (seats, preset, options, seed).

        Raises:
            OptionError: the settings do not make a valid game (the old game stays).
        """
        options = {}
        for opt in self.game.game_type.options:
            value = self.option_boxes[opt.name].value
            options[opt.name] = value if opt.choices else _from_text(value, opt.default)
        game = load_game(self.game_id, players=self.players_box.value, preset=self.preset_box.value,
                         **options)
        seed = self.seed_box.value
        self._stop_play()
        self.game = game
        self.session = Session(game, seed=seed)
        self._load_game_hooks()
        self._sync(lambda: setattr(self.play, "value", 0))
        self.refresh()

    # ----- drawing --------------------------------------------------------
    def refresh(self) -> None:
        """Bring every widget in line with the session (board, log, sliders, chooser)."""
        s, state = self.session, self.session.state
        cursor, length = s.cursor, len(s.line)
        self._syncing = True
        try:
            self.history.max = length
            self.history.value = cursor
            self.back_button.disabled = cursor == 0
            self.forward_button.disabled = cursor >= length
            self.step_button.disabled = state.is_terminal()
            self._update_controls(state, s.line[cursor] if cursor < length else None)
        finally:
            self._syncing = False
        self.status.value = self._status_html(state, cursor, length)
        self.event_log.value = self._log_html(state)
        self.image.value = self.board.render(state)

    def _update_controls(self, state, recorded) -> None:
        manual = self.agent_box.value == "manual"
        decision = not state.is_terminal() and not state.is_chance_node()
        old = self._custom
        self._custom = None
        if manual and decision and self._factory is not None:
            try:
                self._custom = self._factory(state)
                self.controls = self._custom
                self.action_area.children = [self._custom.widget, self._typed]
            except Exception as exc:
                self._show_error(exc, "The game's action controls failed; using the dropdown")
                self._custom = None
        if self._custom is None:
            note = "game over" if state.is_terminal() else "chance: seeded draw"
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
        names = game.seat_names
        player = state.current_player()
        if state.is_terminal():
            places = " · ".join(", ".join(names[s] for s in group) for group in state.ranking())
            who = f"<b>Game over.</b> Ranking: {html.escape(places)}"
        elif state.is_chance_node():
            who = "Chance: Step draws from the seed"
        else:
            who = f"<b>{html.escape(names[player])}</b> to act ({html.escape(self.agent_box.value)})"
        phase = f" · phase {html.escape(str(state.phase))}" if state.phase else ""
        return (f"<b>{html.escape(game.game_type.long_name)}</b> · preset {html.escape(game.preset)} · "
                f"{game.num_players} players · seed {self.session.seed} · ply {cursor} of {length}"
                f"{phase} · {who}")

    def _log_html(self, state) -> str:
        events = state.events[-self.log_size:]
        if not events:
            return "<i>No events yet: press Step.</i>"
        last = state.ply - 1
        lines = []
        for event in reversed(events):
            text = html.escape(self._render_event(event))
            if event.ply == last:
                text = f"<b>{text}</b>"
            lines.append(f"<div><span style='color:#777'>ply {event.ply}:</span> {text}</div>")
        return "<div style='font-family:sans-serif;line-height:1.4'>" + "".join(lines) + "</div>"

    def _render_event(self, event) -> str:
        try:
            return self.game.render(event)
        except Exception:  # a template that does not fit its event: show the raw event
            details = ", ".join(f"{k}={v}" for k, v in event.data.items())
            clauses = f" [{', '.join(event.clauses)}]" if event.clauses else ""
            return f"{event.kind} {list(event.seats)} {details}{clauses}"

    # ----- handlers ---------------------------------------------------------
    def _guard(self, fn, *args):
        """Run a user action; show (never swallow) any error. Returns fn's result or None.

        The error box is cleared first, so it shows what went wrong in this action
        (including errors shown along the way, such as a plot that cannot load).
        """
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
        if self._syncing or not change["new"]:
            return
        if self.session.state.is_terminal():
            self._stop_play()
            return
        self._guard(self.step)

    def _on_speed(self, change) -> None:
        self.play.interval = max(20, int(1000 / change["new"]))

    def _on_setting(self, change) -> None:
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
            f"{html.escape(str(exc))}{origin}</div>")
        self.error_box.layout.display = None

    def _clear_error(self) -> None:
        if self.error is not None:
            self.error = None
            self.error_box.value = ""
            self.error_box.layout.display = "none"

    def __repr__(self) -> str:
        return (f"<Explorer {self.game!r} seed={self.session.seed} ply={self.session.cursor}"
                f"/{len(self.session.line)}>")


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
    """Open the interactive explorer of ``game_id`` (display the returned widget).

    >>> racekit.explore("aeroplane_chess", seed=7, players=2, preset="family")  # doctest: +SKIP

    ``agent="random"`` (or ``"first"``, or one of the game's own agents such as
    ``"careful"`` in snow_tails) lets an agent decide instead of you; the other
    keywords are the game's options. See :class:`Explorer` for the parts.
    """
    return Explorer(game_id, seed=seed, players=players, preset=preset, **options)
