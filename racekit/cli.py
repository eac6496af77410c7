"""The ``racekit`` command line (typer)."""
from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from .core.errors import RacekitError
from .core.i18n import LanguageError, error_text, reason_text, seat_name, text as _text, use_lang


def _t(key: str, **fields) -> str:
    """The command line's words in the language in force (``racekit/locale/<lang>/cli.yaml``)."""
    return _text(f"cli.{key}", **fields)


_LANG_HELP = "language of the output: en (English) or zh (简体中文); default: RACEKIT_LANG, else en"


class _Commands(TyperGroup):
    """The command group: ``racekit`` alone prints the help and says that a command is
    missing; an option given twice (``--seed 1 --seed 2``) is an error, not "the last wins"."""

    def parse_args(self, ctx, args):
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            text = ctx.get_help()   # rich help prints itself and returns ""
            if text:
                typer.echo(text)
            raise _USAGE_ERROR(f"a command is missing: racekit COMMAND, one of "
                               f"{', '.join(self.list_commands(ctx))}", ctx=ctx)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            _refuse_repeats(command, command.context_class(command, info_name=name, parent=ctx), rest)
        return name, command, rest


def _refuse_repeats(command, ctx, args) -> None:
    """Raise a usage error when one of ``command``'s single-valued options occurs twice in
    ``args`` (options that collect values, such as ``-o key=value``, may repeat); ``ctx`` is a
    context of ``command`` (not yet parsed)."""
    try:
        _opts, _rest, order = command.make_parser(ctx).parse_args(args=list(args))
    except _CLICK_ERROR:   # a bad option: the command's own parsing says so
        return
    seen = set()
    for param in order:
        if getattr(param, "param_type_name", "") != "option" or getattr(param, "multiple", True) \
                or getattr(param, "count", False):
            continue
        if param.name in seen:
            names = "/".join(list(param.opts) + list(getattr(param, "secondary_opts", [])))
            raise _USAGE_ERROR(f"option {names} is given twice; give it once", ctx=ctx)
        seen.add(param.name)


class _OneLineErrors(typer.Typer):
    """The command line: a mistyped option or value (``--seat x``, ``--bogus``) ends as one line
    ``error: ...`` and exit code 2, like every other bad input, instead of a usage panel."""

    def __call__(self, *args, **kwargs):
        if kwargs.get("standalone_mode", True) is False:
            return super().__call__(*args, **kwargs)
        import sys
        try:
            code = super().__call__(*args, standalone_mode=False, **kwargs)
        except _CLICK_ERROR as exc:
            ctx = getattr(exc, "ctx", None)
            hint = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
            line = f"error: {exc.format_message()}{hint}"
            try:   # --lang zh (or RACEKIT_LANG) given: the line in that language
                with use_lang(_argv_lang(kwargs.get("args", args[0] if args else None))):
                    if ctx is not None:
                        hint = _t("see_help", command=ctx.command_path)
                    line = _t("error", message=error_text(exc.format_message())) + (hint if ctx else "")
            except (RacekitError, KeyError):   # a bad --lang or RACEKIT_LANG: English
                pass
            typer.secho(line, fg="red", err=True)
            sys.exit(2)
        except typer.Abort:
            typer.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _argv_lang(args) -> str | None:
    """The ``--lang`` of a command line (``None``: not given), read before the command's own
    parsing (which failed, so that its error is said in that language)."""
    import sys
    args = list(sys.argv[1:] if args is None else args)
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


_CLICK_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")  # bundled click
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")

app = _OneLineErrors(cls=_Commands, add_completion=False, no_args_is_help=True,
                     help="racekit: rules engine and teaching kit for racing board games.")


def _options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"--option wants key=value, got {pair!r}")
        if key.strip() in out:
            raise typer.BadParameter(f"-o {key.strip()} is given twice; give each option once")
        out[key.strip()] = value.strip()
    return out


def _params(pairs: list[str]) -> dict:
    """``-p NAME=VALUE`` (repeatable) as ``{NAME: "VALUE"}``; the game checks names and bounds."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"--param wants NAME=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


_PARAM_HELP = "rule number NAME=VALUE away from the rulebook (see `racekit games GAME`)"


def _settings(pairs: list[str], players, preset) -> tuple:
    """``(players, preset, options)``: ``-o preset=X`` and ``-o players=N`` count as
    ``--preset X`` and ``--players N``; naming one both ways with different values is an error."""
    options = _options(pairs)
    for name, given in (("preset", preset), ("players", players)):
        if name in options:
            value = options.pop(name)
            if name == "players":
                try:
                    value = int(value)
                except ValueError:
                    raise typer.BadParameter(f"-o players wants a whole number, got {value!r}") from None
            if given is not None and given != value:
                raise typer.BadParameter(f"--{name} {given} and -o {name}={value} disagree; give one")
            if name == "preset":
                preset = value
            else:
                players = value
    return players, preset, options


def _fail(exc: Exception | str) -> None:
    try:
        line = _t("error", message=error_text(exc))
    except (RacekitError, KeyError):   # a bad RACEKIT_LANG: say it in English
        line = f"error: {exc}"
    typer.secho(line, fg="red", err=True)
    raise typer.Exit(2)


def _check_engine(engine: str) -> None:
    """Refuse an ``--engine`` value that is none of auto, kernel or engine (exit code 2)."""
    from .sim.kernels import check_engine
    try:
        check_engine(engine, "--engine")
    except ValueError as err:
        _fail(str(err))


def _fail_in(lang, exc) -> None:
    """:func:`_fail` in the command's language (``--lang``, else ``RACEKIT_LANG``)."""
    try:
        with use_lang(lang):
            _fail(exc)
    except LanguageError:
        _fail(exc)


def _guarded(command):
    """Run a command so that bad input ends as ``error: ...`` and exit code 2, never a traceback."""
    @functools.wraps(command)
    def run(*args, **kwargs):
        for name, value in kwargs.items():
            _check_file_name(name, value)
        try:
            with use_lang(kwargs.get("lang")) as lang:   # --lang, else RACEKIT_LANG, else en
                return command(*args, **kwargs)
        except LanguageError as exc:
            typer.secho(f"error: --lang: {exc}" if kwargs.get("lang") else f"error: {exc}",
                        fg="red", err=True)
            raise typer.Exit(2)
        except (typer.Exit, typer.Abort, _CLICK_ERROR):
            raise
        except RacekitError as exc:
            _fail_in(kwargs.get("lang"), exc)
        except BrokenPipeError:   # `racekit play ... | head`: the reader left; stop quietly
            import os
            import sys
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no flush error at exit
            raise typer.Exit(1)
        except OSError as exc:
            _fail_in(kwargs.get("lang"), f"{getattr(exc, 'filename', '') or ''}: {exc.strerror or exc}".lstrip(": "))
        except RecursionError:
            _fail_in(kwargs.get("lang"), "the input is nested too deeply")
        except Exception as exc:  # a bug: still no traceback for the user, but say what it was
            _fail_in(kwargs.get("lang"), f"internal error ({type(exc).__name__}: {exc}); please report it with the command")
    return run


MAX_NAME = 255
"""Longest file or folder name (bytes) the file systems racekit runs on take; a path is at most 4096."""


def _check_file_name(option: str, value) -> None:
    """An option error for a path option (``--save``, ``--out``, a file argument) whose name no
    file system takes (a part over 255 bytes, or over 4096 in all), before anything is done."""
    values = value if isinstance(value, list) else [value]
    for item in values:
        if not isinstance(item, (Path, str)) or (isinstance(item, str) and option != "targets"):
            continue
        text = str(item)
        parts = [len(part.encode("utf-8", "surrogateescape")) for part in Path(text).parts]
        if len(text.encode("utf-8", "surrogateescape")) > 4096 or any(n > MAX_NAME for n in parts):
            label = option.upper() if option in ("path", "targets") else "--" + option.replace("_", "-")
            total = len(text.encode("utf-8", "surrogateescape"))
            what = (f"this name has {max(parts)}" if max(parts) > MAX_NAME
                    else f"this path has {total}")
            raise typer.BadParameter(f"{label}: a file name has at most {MAX_NAME} characters "
                                     f"and a path at most 4096 ({what})")


def _ranking(state) -> None:
    """The ranking of a finished game; of a game not over, only the seats that hold a place
    already (the game's ``text.places_so_far``), never the others as if placed."""
    names = [seat_name(n) for n in state.game.seat_names]
    label, groups, note = _t("ranking"), state.ranking(), ""
    if not state.is_terminal():
        import importlib
        target = state.game.game_type.text
        so_far = getattr(importlib.import_module(target.partition(":")[0]), "places_so_far",
                         None) if target else None
        if so_far is None:      # a game that does not say who holds a place yet
            label, note = _t("order_so_far"), ""
        else:
            label, groups, note = so_far(state)
    places = "  ".join(f"{i + 1}. " + _t("tie_sep").join(names[s] for s in grp)
                       for i, grp in enumerate(groups))
    typer.echo(_t("ranking_line", label=label, places=places or _t("none_yet"), note=note))
    out = getattr(state, "dropped_out", None)
    if callable(out) and out():
        typer.echo(_t("dropped_out", names=_text("words.list.sep").join(names[s] for s in out())))


def _long_name(game) -> str:
    """A game's (or game type's) full name in the language in force."""
    gt = getattr(game, "game_type", game)
    from .core.i18n import has
    return _t(f"game_names.{gt.id}") if has(f"cli.game_names.{gt.id}") else gt.long_name


def _house_rules(game) -> list[str]:
    """``house rule: NAME = v (rulebook: d, CLAUSE)`` per parameter away from the rulebook."""
    out = []
    for name, value in game.params.changed().items():
        par = game.game_type.param(name)
        out.append(_t("house_rule", name=name, value=value, default=par.default, clause=par.clause))
    return out


@app.command()
@_guarded
def games(game: Optional[str] = typer.Argument(None, help="only this game (default: every game)"),
          lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """List the games with their seats, presets, agents, options and parameters (rule numbers:
    name, rulebook default, bounds, clause)."""
    from . import game_names
    from .core.agents import agent_names
    from .core.game import game_class, is_draft
    from .core.i18n import option_text
    if game is not None:
        try:
            game_class(game)
        except RacekitError as exc:
            _fail(exc)
    for name in game_names() if game is None else [game]:
        gt = game_class(name).game_type
        presets = ", ".join(p.name for p in gt.presets) or _t("default")
        draft = _t("draft") if is_draft(name) else ""
        typer.echo(_t("games_line", id=name, draft=draft, name=_long_name(gt), low=gt.min_players,
                      high=gt.max_players, presets=presets, agents=", ".join(agent_names(gt))))
        for opt in gt.options:
            choices = " | ".join(str(c) for c in opt.choices) if opt.choices else _t("value")
            doc = option_text(name, opt.name, opt.doc, "options")
            typer.echo(_t("option_line", name=opt.name, default=str(opt.default), choices=choices, doc=doc))
        if gt.params:
            typer.echo(_t("params_head"))
        for par in gt.params:
            doc = option_text(name, par.name, par.doc, "params")
            typer.echo(f"    {par.name} = {par.default}  [{par.low}..{par.high}]  {par.clause}  {doc}")


@app.command()
@_guarded
def play(game: str = typer.Argument(..., help="game id, see `racekit games`"),
         seed: Optional[int] = typer.Option(None, help="seed of every chance outcome; default: a fresh "
                                            "secret 128-bit seed. A small seed is public: anyone can "
                                            "try every small number, so use one for teaching, not "
                                            "for hidden hands"),
         players: Optional[int] = typer.Option(None, help="number of seats"),
         preset: Optional[str] = typer.Option(None, help="rule preset"),
         option: List[str] = typer.Option([], "--option", "-o", help="rule switch key=value"),
         param: List[str] = typer.Option([], "--param", "-p", help=_PARAM_HELP),
         agent: str = typer.Option("random", help="agent for every seat: random | first | one of "
                                                 "the game's own (see `racekit games`)"),
         save: Optional[Path] = typer.Option(None, help="write the finished game as JSON (with "
                                             "--seat: only that seat's view, no seed)"),
         seat: Optional[int] = typer.Option(None, help="show only what this seat may see "
                                            "(other seats' card draws hidden, no seed); default: "
                                            "everything"),
         quiet: bool = typer.Option(False, help="print only the ranking"),
         summary: bool = typer.Option(False, help="print a few lines: the game and seed, the "
                                      "winner, the ranking and the number of plies"),
         lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Play a whole game headless and print it turn by turn, ending with the ranking."""
    from . import load_game
    from .core.agents import make_agent
    from .core.chance import new_seed
    from .core.errors import NoEndError, no_end
    from .core.savefile import save_game
    from .core.session import Session
    try:
        players, preset, options = _settings(option, players, preset)
        g = load_game(game, players=players, preset=preset, params=_params(param), **options)
        if seat is not None and not 0 <= seat < g.num_players:
            _fail(_t("seat_range", last=g.num_players - 1, seat=seat))
        seed = new_seed() if seed is None else seed
        session = Session(g, seed=seed, agents=[make_agent(agent, seed, g) for _ in range(g.num_players)])
    except (RacekitError, ValueError, TypeError) as exc:
        _fail(exc)
    names = [seat_name(n) for n in g.seat_names]
    quiet = quiet or summary
    if summary or not quiet:
        shown = _t("seed", seed=seed) if seat is None else _t("view", name=names[seat])
        typer.echo(_t("header", name=_long_name(g), preset=g.preset, players=g.num_players,
                      shown=shown))
        for line in _house_rules(g):
            typer.echo(line)
    try:
        _play_out(session, names, quiet, seat)
    except NoEndError:   # the engine's guard: these agents never finish this game
        _fail(no_end(g, seed if seat is None else None, session.max_plies))
    if summary:
        first = session.state.ranking()[0] if session.state.ranking() else []
        typer.echo(_t("winner", names=_t("tie_sep").join(names[s] for s in first) or _t("nobody")))
    _ranking(session.state)
    typer.echo(_t("plies", n=session.state.ply))
    if save:
        try:
            if seat is None:
                save_game(session.state, save, seed=seed)
            else:
                save_game(session.state, save, seat=seat)
        except OSError as exc:
            _fail(f"cannot write {save}: {exc.strerror}")
        typer.echo(_t("saved", path=save) if seat is None else _t("saved_view", path=save, name=names[seat]))


def _play_out(session, names, quiet: bool, seat) -> None:
    """Play ``session`` to its end, printing each ply and its events unless ``quiet``.

    Raises:
        NoEndError: the game reached the engine's guard without ending.
    """
    g = session.game
    while not session.state.is_terminal():
        state = session.state
        actor, ply, mark = state.current_player(), state.ply, len(state.events)
        action = session.next_action()
        label = state.action_label(action)
        session.step(action)
        if quiet:
            continue
        who = _t("chance") if actor < 0 else names[actor]
        if not session.state.visible_to(ply, seat):
            label = _t("hidden")
        typer.echo(_t("ply_line", ply=ply, who=who, label=label))
        for event in session.state.events[mark:]:   # a seat's view: no raw data of an event
            typer.echo(f"       {g.render(event, details=seat is None)}")


@app.command()
@_guarded
def replay(path: Path = typer.Argument(..., help="a save file written by --save"),
           show: bool = typer.Option(False, "--show", help="also print the position reached "
                                     "(where a broken file stops)"),
           story: bool = typer.Option(True, help="print the game's story (its events)"),
           lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Replay a save file with no random generator: the story, the position and the ranking.

    A file whose entry K breaks a rule is replayed up to K: `replayed K of N plies`, and the
    rule that refuses entry K (exit code 1).
    """
    from .core.savefile import check_names, replay_save
    result = replay_save(path)
    state, info = result.state, result.info
    if info.actions:   # an edited name that disagrees with its number: say so before anything else
        check_names(state.game, info, str(path), limit=result.replayed, setup=state.initial_setup)
    seed = _t("no_seed") if info.seed is None else _t("seed", seed=info.seed)
    # the same header as `racekit play` (the game's name, not its id)
    typer.echo(_t("header", name=_long_name(state.game), preset=info.preset, players=info.players,
                  shown=seed) + (_t("from_setup") if info.setup is not None else ""))
    for line in _house_rules(state.game):
        typer.echo(line)
    if story:
        _story(state, info.history[:result.replayed])
    if result.error is not None:
        exc, k = result.error, result.replayed
        typer.echo(_t("replayed_part", k=k, total=result.total))
        named = info.actions[k] if info.actions and k < len(info.actions) else None
        what = _t("entry_action", action=info.history[k]) + (_t("entry_named", name=named) if named else "")
        typer.echo(_t("breaks", k=k, what=what, clause=exc.clause,
                      reason=reason_text(exc.reason, exc.clause, game_id=state.game.game_type.id)))
        if show:
            typer.echo(state.to_text())
        _ranking(state)
        raise typer.Exit(1)
    typer.echo(_t("replayed_all", k=result.replayed, total=result.total))
    if show:
        typer.echo(state.to_text())
    _ranking(state)


def _story(state, history) -> None:
    """Print each ply (who, what) and the events it caused, in plain words."""
    game = state.game
    names = [seat_name(n) for n in game.seat_names]
    by_ply: dict[int, list] = {}
    for event in state.events:
        by_ply.setdefault(event.ply, []).append(event)
    for event in by_ply.get(-1, []):   # the set-up
        typer.echo(f"       {game.render(event)}")
    probe = game.new_initial_state(setup=state.initial_setup, record_events=False)
    for ply, action in enumerate(history):
        actor = probe.current_player()
        who = _t("chance") if actor < 0 else names[actor]
        typer.echo(_t("ply_line", ply=ply, who=who, label=probe.action_label(action)))
        probe.apply_action(action)
        for event in by_ply.get(ply, []):
            typer.echo(f"       {game.render(event)}")


@app.command()
@_guarded
def scenarios(targets: Optional[List[str]] = typer.Argument(
        None, help="game ids, scenario files or folders (default: every game's shipped scenarios)"),
              lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Run scenarios: one line each, then `N passed, M failed`.

    `racekit scenarios snow_tails` runs the shipped ones; `racekit scenarios my/case.yaml my/folder`
    runs your own files (a folder's content files, such as a track or card set its scenarios
    name, are listed as content, not run).
    """
    from .core.scenarios import collect, run_all
    content: list = []
    results = run_all(paths=collect(targets, content)) if targets else run_all()
    for result in results:
        typer.echo(result.line())
    for path, kind in content:   # the tracks, card sets, maps... beside the scenarios naming them
        typer.echo(_t("content", path=path, kind=kind))
    failed = sum(not r.passed for r in results)
    typer.echo(_t("passed_failed", passed=len(results) - failed, failed=failed))
    raise typer.Exit(1 if failed else 0)


@app.command()
@_guarded
def lessons(targets: Optional[List[str]] = typer.Argument(
        None, help="game ids, lesson files or folders (default: every game's shipped lessons)"),
            lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """List and check lessons: one line each (the question's title and the engine's answer),
    then `N ready, M with problems`.

    Each lesson's answer is computed by playing its scenario; a lesson whose choices do not
    hold that answer exactly once, whose answer is hidden from its view, or whose scenario
    fails is listed with the problem (exit code 1). `racekit lessons wingsuit` checks the
    shipped ones; `racekit lessons my/lesson.yaml` checks your own.
    """
    from .core.game import game_names
    from .core.lessons import run_lessons
    runs = run_lessons(list(targets) if targets else list(game_names()))
    for run in runs:
        typer.echo(run.line())
    bad = sum(not r.ok for r in runs)
    typer.echo(_text("lessons.summary", ready=len(runs) - bad, bad=bad))
    raise typer.Exit(1 if bad or not runs else 0)


@app.command()
@_guarded
def rules(game: str = typer.Argument(..., help="game id"),
          brief: bool = typer.Option(False, help="only the summary lines and the gaps"),
          lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Every clause: where it is implemented, which tests and scenarios exercise it; every ambiguity with its decision."""
    from .core.clauses import report
    try:
        text, missing = report(game, verbose=not brief)
    except (RacekitError, KeyError) as exc:
        _fail(exc)
    typer.echo(text)
    raise typer.Exit(1 if missing else 0)


@app.command()
@_guarded
def figures(out: Optional[Path] = typer.Option(None, help="folder to write the PNGs to "
                                               "(default: the checkout's figures/, from any folder)"),
            game: Optional[str] = typer.Option(None, help="only this game"),
            width: int = typer.Option(1200, min=200, max=8000, help="picture width in pixels"),
            dpi: int = typer.Option(150, min=30, max=600, help="dots per inch: larger makes lines "
                                    "thicker relative to the picture (text is sized in pixels)"),
            scenarios: bool = typer.Option(True, help="also a picture of every scenario's result"),
            lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Regenerate the pictures in figures/ (start, mid-game and every scenario), with progress;
    another language than English goes to figures/<lang>/."""
    from .figures import regenerate
    try:
        paths = regenerate(out, [game] if game else None, scenarios=scenarios, width=width, dpi=dpi,
                           progress=True)
    except RacekitError as exc:
        _fail(exc)
    typer.echo(f"wrote {len(paths)} figures ({width} px wide) to {paths[0].parent if paths else out}")


@app.command()
@_guarded
def golden(out: Optional[Path] = typer.Option(None, help="folder of the golden files "
                                              "(default: the checkout's tests/golden/, from any folder)"),
           game: Optional[str] = typer.Option(None, help="only this game")) -> None:
    """Regenerate the golden playthrough files (one per game and preset), with progress."""
    from .sim.golden import write_all
    try:
        paths = write_all(out, [game] if game else None, progress=True)
    except RacekitError as exc:
        _fail(exc)
    for path in paths:
        typer.echo(f"wrote {path}")


@app.command()
@_guarded
def bench(game: Optional[str] = typer.Argument(None, help="game id (not needed with --anchors; with "
                                                         "--explorer: default every shipped game)"),
          games: int = typer.Option(300, min=1, max=10_000_000, help="number of random playouts"),
          players: Optional[int] = typer.Option(None),
          preset: Optional[str] = typer.Option(None),
          option: List[str] = typer.Option([], "--option", "-o"),
          param: List[str] = typer.Option([], "--param", "-p", help=_PARAM_HELP),
          seed: int = typer.Option(0),
          agent: str = typer.Option("random", help="agent in every seat: random, first, or the game's own"),
          engine: str = typer.Option("auto", help="auto (the fast kernel where it covers the settings, "
                                     "checked against the engine first) | kernel | engine"),
          explorer: bool = typer.Option(False, "--explorer", help="time the notebook explorer instead: "
                                        "Step p50/p95 and jump p50 (ms)"),
          steps: int = typer.Option(150, min=5, max=100_000, help="with --explorer: Step clicks to time"),
          anchors: bool = typer.Option(False, "--anchors", help="every game beside OpenSpiel maedn and "
                                       "ludopy (the bench extra), interleaved rounds; prints the ratios"),
          rounds: int = typer.Option(3, min=1, max=100, help="with --anchors: interleaved rounds"),
          seconds: float = typer.Option(1.0, min=0.05, max=600.0, help="with --anchors: CPU seconds per subject "
                                        "and round"),
          review: bool = typer.Option(False, "--review", help="time the designer review of GAME (default: "
                                      "every shipped game and preset) at the default threshold: seconds, "
                                      "games played, readings decided, where the time goes"),
          budget: int = typer.Option(6400, min=20, max=1_000_000, help="with --review: most paired games "
                                     "per reading"),
          pages: bool = typer.Option(False, "--pages", help="the Voila pages of notebooks/ in Chromium: "
                                     "time to usable of each, pre-heated as shipped and on a plain Voila"),
          class_size: Optional[int] = typer.Option(None, "--class", min=1, max=200,
                                                   help="N students open one Voila page at once: "
                                                   "first/median/last, failures"),
          clients: str = typer.Option("both", "--clients", help="with --class: 'replay' (each student "
                                      "asks the server for what a recorded browser visit asked, drawing "
                                      "nothing: the server's time, as with students' own devices), "
                                      "'browser' (a Chromium context per student on this machine), or "
                                      "'both'"),
          page: Optional[str] = typer.Option(None, help="a notebook's name without .ipynb: with --class "
                                             "the class's page (default aeroplane_chess); with --pages "
                                             "only this page (default every page)"),
          no_plain: bool = typer.Option(False, "--no-plain", help="with --pages: skip the plain Voila")) -> None:
    """Playouts per second (one process, events off); --anchors: beside maedn and ludopy;
    --explorer: the explorer's Step and jump times; --review: the designer review's time;
    --pages / --class N: the Voila pages, alone and a class at once."""
    if clients not in ("both", "replay", "browser"):
        _fail(f"--clients is 'both', 'replay' or 'browser', not {clients!r}")
    if pages or class_size:
        _bench_pages(pages, class_size, page, no_plain, clients)
        return
    if review:
        _bench_review(game, budget, preset)
        return
    players, preset, options = _settings(option, players, preset)
    params = _params(param)
    if params and (explorer or anchors):
        _fail("-p sets a rule number of one game's simulation: not with --explorer or --anchors")
    if explorer:
        _bench_explorer(game, steps, seed, players, preset, options)
        return
    if anchors:
        from .sim.anchors import run_anchors
        run_anchors(rounds=rounds, seconds=seconds, echo=typer.echo)
        return
    if game is None:
        _fail("give a game id (see `racekit games`), or --anchors, or --explorer")
    _check_engine(engine)
    from . import load_game
    from .core.agents import make_agent
    from .sim.playouts import bench as run
    try:
        g = load_game(game, players=players, preset=preset, params=params, **options)
    except RacekitError as exc:
        _fail(exc)
    try:
        make_agent(agent, 0, g)
    except ValueError as exc:
        _fail(exc)
    for line in g.house_rules():
        typer.echo(line)
    try:
        typer.echo(run(g, games=games, seed=seed, progress=True, agent=agent, engine=engine).line())
    except (RacekitError, ValueError) as exc:   # a stale kernel (KernelMismatchError), or none
        _fail(exc)


def _bench_review(game, budget, preset) -> None:
    _need_stats()
    from .games import SHIPPED
    from .sim.review_bench import ReviewBench, bench_review, review_targets
    try:
        if preset is not None and game is None:
            _fail("--preset needs a game id")
        todo = review_targets(game) if preset is None else [(game, preset)]
    except (RacekitError, ValueError) as exc:
        _fail(exc)
    typer.echo(f"Designer review at the default threshold (3 points, 3%), budget {budget:,} paired "
               f"games per reading; {os.cpu_count()} CPUs, load average "
               f"{os.getloadavg()[0]:.2f}. Target: every reading decided in <= 120 s wall.")
    results = []
    for gid, p in todo:
        try:   # a game registered only in this process (a test's) is played here
            results.append(bench_review(gid, preset=p, budget=budget,
                                        workers=None if gid in SHIPPED else 1))
        except (RacekitError, ValueError) as exc:
            _fail(exc)
    typer.echo(ReviewBench.HEADER)
    for r in results:
        typer.echo(r.line_text())
    typer.echo("Where the CPU time goes:")
    for r in results:
        typer.echo(r.where())


def _bench_pages(pages: bool, class_size, page: str, no_plain: bool, clients: str = "both") -> None:
    import importlib.util
    from .sim import pages_bench
    for module in ("playwright", "psutil"):
        if importlib.util.find_spec(module) is None:
            _fail(f"{module} is not installed: bash tools/setup.sh test")
    folder = pages_bench.notebooks_folder()
    names = pages_bench.page_names(folder)
    if page is not None and page not in names:
        _fail(f"no notebook {page}.ipynb in {folder}; pages: {', '.join(names)}")
    try:
        if pages:
            typer.echo("Time to usable (request to page rendered, no error, explorer's Step and board "
                       "shown), Debian Chromium, a fresh browser context per visit. Targets: start page "
                       "<= 2 s, game pages <= 3 s, designer review <= 5 s (quiet 2-core machine).")
            pages_bench.bench_pages([page] if page else None, plain=not no_plain, out=typer.echo)
        if class_size:
            for kind in (("replay", "browser") if clients == "both" else (clients,)):
                typer.echo("The server alone (replayed students, drawing nothing):" if kind == "replay"
                           else "Chromium for every student on this machine:")
                pages_bench.bench_class(class_size, page or "aeroplane_chess", clients=kind,
                                        out=typer.echo)
    except (RuntimeError, TimeoutError) as exc:
        _fail(exc)


def _bench_explorer(game, steps, seed, players, preset, options) -> None:
    import matplotlib
    matplotlib.use("Agg")
    from . import load_game
    from .games import SHIPPED
    from .sim.explorer_bench import ExplorerBench, bench_explorer
    ids = [game] if game else list(SHIPPED)
    settings = {"players": players, "preset": preset, **options}
    try:
        for gid in ids:
            load_game(gid, **settings)
    except RacekitError as exc:
        _fail(exc)
    typer.echo("Explorer: one Step = apply a ply, resolve chance draws up to the next decision, redraw;"
               " jump = Session.goto to a random ply of a long line (jump+draw = Explorer.goto)."
               " Targets: Step p50 <= 60 ms, p95 <= 120 ms; jump <= 50 ms.")
    typer.echo(ExplorerBench.HEADER)
    for gid in ids:
        try:
            result = bench_explorer(gid, steps=steps, seed=seed, **settings)
        except RuntimeError as exc:
            _fail(exc)
        typer.echo(result.line_text())


def _check_out(out: Path) -> None:
    """Fail unless ``out`` can be written: its folder exists and may be written, and it is no folder."""
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        _fail(f"cannot write {out}: folder {folder} does not exist")
    if out.is_dir():
        _fail(f"cannot write {out}: it is a folder")
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        _fail(f"cannot write {out}: permission denied")


@app.command()
@_guarded
def simulate(game: str = typer.Argument(..., help="game id, see `racekit games`"),
             n: int = typer.Option(1000, "-n", "--games", min=1, help="number of games"),
             seed: int = typer.Option(0, help="simulation seed (each game's seed derives from it)"),
             players: Optional[int] = typer.Option(None, help="number of seats"),
             preset: Optional[str] = typer.Option(None, help="rule preset"),
             option: List[str] = typer.Option([], "--option", "-o", help="rule switch key=value"),
             param: List[str] = typer.Option([], "--param", "-p", help=_PARAM_HELP),
             agent: str = typer.Option("random", "--agent", "--agents", help="agent in every seat: "
                                       "random, first, or the game's own; or one per seat: "
                                       "careful,random,random"),
             workers: Optional[int] = typer.Option(None, min=1, max=256, help="local processes (default: "
                                                   "one per CPU; 1: this process)"),
             engine: str = typer.Option("auto", help="auto (fast kernel where it covers the "
                                        "settings, checked against the engine on a few games of "
                                        "the run first) | kernel | engine"),
             out: Optional[Path] = typer.Option(None, help="write every game as a row: FILE.parquet "
                                                "or FILE.csv"),
             lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Play many games; print win rates per seat (95% intervals) and game length."""
    import importlib.util
    _check_engine(engine)   # a typo is named before a missing extra
    if importlib.util.find_spec("pandas") is None:
        _fail("pandas is missing: install the sim extra (in a racekit folder: bash tools/setup.sh "
              "lab,sim; elsewhere: pip install 'racekit[sim]')")
    from .sim.simulate import simulate as run, summary_text
    if out is not None and out.suffix.lower() not in (".parquet", ".csv"):
        _fail(f"--out must end in .parquet or .csv, got {out}")
    if out is not None:
        _check_out(out)   # before the games are played, not after
    players, preset, options = _settings(option, players, preset)
    try:
        names = [a.strip() for a in agent.split(",") if a.strip()] or [agent]
        df = run(game, n, agents=names[0] if len(names) == 1 else names, seed=seed,
                 options=options, players=players, preset=preset, workers=workers, engine=engine,
                 params=_params(param))
    except (RacekitError, ValueError) as exc:
        _fail(exc)
    typer.echo(summary_text(df))
    if out is not None:
        try:
            df.to_parquet(out, index=False) if out.suffix.lower() == ".parquet" else df.to_csv(out, index=False)
        except ImportError as exc:
            _fail(f"cannot write parquet: {exc}")
        except OSError as exc:
            _fail(f"cannot write {out}: {exc.strerror or exc}")
        typer.echo(_t("wrote_games", n=len(df), path=out))


def _agents(text: str, game) -> object:
    """``--agents careful,random,random``: one name per seat, or one name for every seat."""
    names = [a.strip() for a in text.split(",") if a.strip()]
    if not names:
        raise typer.BadParameter("--agents wants an agent name, or one per seat separated by commas")
    if len(names) == 1:
        return names[0]
    if len(names) != game.num_players:
        raise typer.BadParameter(f"--agents names {len(names)} agents for {game.num_players} seats")
    return tuple(names)


def _need_stats() -> None:
    import importlib.util
    for mod in ("pandas", "scipy", "statsmodels"):
        if importlib.util.find_spec(mod) is None:
            _fail(f"{mod} is missing: install the sim extra (in a racekit folder: bash tools/setup.sh "
                  "lab,sim; elsewhere: pip install 'racekit[sim]')")


@app.command()
@_guarded
def review(game: Optional[str] = typer.Argument(None, help="game id (or --all)"),
           preset: Optional[str] = typer.Option(None, help="rule preset"),
           players: Optional[int] = typer.Option(None, help="number of seats"),
           option: List[str] = typer.Option([], "--option", "-o", help="rule switch key=value "
                                            "(the settings reviewed)"),
           param: List[str] = typer.Option([], "--param", "-p", help=_PARAM_HELP + " (house "
                                           "rules for the whole review)"),
           only: List[str] = typer.Option([], "--only", help="judge only the readings of this "
                                          "ambiguity option or parameter (repeatable)"),
           param_readings: Optional[bool] = typer.Option(None, "--params/--no-params", help="also "
                                                         "read each rule number one step either "
                                                         "side of its value (NAME=v); default: on "
                                                         "for one game, off for --all (it about "
                                                         "doubles the run)"),
           agents: str = typer.Option("random", help="agent for every seat, or one per seat: "
                                      "careful,random,random"),
           threshold: float = typer.Option(3.0, min=0.1, max=100.0, help="win-rate threshold "
                                           "(percentage points)"),
           length_threshold: float = typer.Option(3.0, min=0.1, max=100.0, help="game-length "
                                                  "threshold (% of the mean length)"),
           budget: int = typer.Option(6400, min=20, max=1_000_000, help="most paired games per "
                                      "reading"),
           engine_budget: Optional[int] = typer.Option(None, min=20, max=1_000_000, help="most "
                                                       "paired games of a reading no fast kernel "
                                                       "plays (default: --budget)"),
           first_round: int = typer.Option(200, min=10, max=100_000, help="paired games per reading "
                                           "in the first round (each later round doubles them)"),
           baseline: int = typer.Option(2000, min=10, max=10_000_000, help="least games of the "
                                        "rules as set (the first-player line)"),
           alpha: float = typer.Option(0.05, min=0.0001, max=0.5, help="chance of any wrong claim "
                                       "in the review (Holm's correction)"),
           seed: int = typer.Option(0, help="simulation seed"),
           workers: Optional[int] = typer.Option(None, min=1, max=256, help="local processes "
                                                 "(default: one per CPU; 1: this process)"),
           all_games: bool = typer.Option(False, "--all", help="every shipped game and preset; "
                                          "--out is then a folder (one FILE per game and preset)"),
           out: Optional[Path] = typer.Option(None, help="write the games and the verdicts: "
                                              "FILE.parquet (reload with --load); with --all a "
                                              "folder (default: the checkout's notebooks/review/)"),
           keep: str = typer.Option("all", help="games written by --out: all | baseline (the "
                                    "rules as set only: a smaller file)"),
           load: Optional[Path] = typer.Option(None, help="print a review written by --out, "
                                               "without playing"),
           lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP),
           sweeps_only: bool = typer.Option(False, "--sweeps", help="only the scenario sweeps of "
                                            "the designer review notebook (every shipped scenario "
                                            "under every other reading): write them to --out "
                                            "(default: the checkout's notebooks/review/); --all "
                                            "writes them too")) -> None:
    """Designer review: who wins by play order, how games end, and a verdict per reading that
    holds (paired games in rounds until each verdict is decided or the budget runs out)."""
    _need_stats()
    from .sim.designer import Review, review_game
    if load is not None:
        try:
            typer.echo(Review.from_parquet(load).text())
        except (ValueError, OSError) as exc:
            _fail(f"{load}: {exc}" if str(load) not in str(exc) else exc)
        except Exception as exc:   # pyarrow's own errors: not a parquet file
            _fail(f"{load}: not a racekit review file ({type(exc).__name__})")
        return
    if keep not in ("all", "baseline"):
        _fail(f"--keep must be all or baseline, got {keep!r}")
    if sweeps_only:
        if game is not None:
            _fail("--sweeps sweeps every shipped game's scenarios: give no game id")
        _write_sweeps(out)
        return
    players, preset, options = _settings(option, players, preset)
    house = _params(param)
    if param_readings is None:
        param_readings = not all_games
    if all_games:
        if game is not None:
            _fail("give a game id or --all, not both")
        from .core.game import game_class
        from .games import SHIPPED
        if out is None:
            from .paths import checkout_folder
            out = checkout_folder("notebooks/review")
            out.mkdir(exist_ok=True)
        if not out.is_dir():
            _fail(f"with --all, --out must be an existing folder, got {out}")
        todo = [(gid, p) for gid in SHIPPED
                for p in [x.name for x in game_class(gid).game_type.presets] or [None]]
    else:
        if game is None:
            _fail("give a game id (see `racekit games`), or --all")
        if out is not None:
            if out.suffix.lower() != ".parquet":
                _fail(f"--out must end in .parquet, got {out}")
            _check_out(out)
        todo = [(game, preset)]
    from . import load_game
    for gid, p in todo:
        try:
            g = load_game(gid, players=players, preset=p, params=house, **options)
            result = review_game(gid, preset=p, players=players, options=options, params=house,
                                 param_readings=param_readings,
                                 only=only or None, agents=_agents(agents, g), seed=seed,
                                 threshold=threshold, length_threshold=length_threshold,
                                 budget=budget, first_round=min(first_round, budget),
                                 baseline=baseline, alpha=alpha, workers=workers, progress=True,
                                 engine_budget=engine_budget)
        except (RacekitError, ValueError) as exc:
            _fail(exc)
        typer.echo(result.text())
        if out is not None:
            path = out / f"{gid}-{result.settings['preset']}.parquet" if all_games else out
            try:
                result.to_parquet(path, keep=keep)
            except OSError as exc:
                _fail(f"cannot write {path}: {exc.strerror or exc}")
            kept = len(result.games) if keep == "all" else len(result.baseline)
            typer.echo(f"wrote {kept:,} games ({'every game' if keep == 'all' else 'the rules as set'}) "
                       f"and the verdicts to {path}")
        if all_games:
            typer.echo("")
    if all_games:
        _write_sweeps(out)


def _write_sweeps(out: Optional[Path]) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from .sim.review import write_sweeps
    if out is None:
        from .paths import checkout_folder
        out = checkout_folder("notebooks/review")
    if not out.is_dir():
        _fail(f"--out must be an existing folder for the sweeps, got {out}")
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        path = write_sweeps(out, executor=pool)
    typer.echo(f"wrote the scenario sweeps of every shipped game to {path}")


@app.command()
@_guarded
def sweep(game: str = typer.Argument(..., help="game id"),
          option: List[str] = typer.Option([], "--option", "-o", help="OPTION=a,b,c: the values to "
                                           "play (repeat for a grid; one value sets it)"),
          param: List[str] = typer.Option([], "--param", "-p", help="NAME=x,y: rule number values "
                                          "to play, like -o (see `racekit games GAME`)"),
          n: int = typer.Option(1000, "-n", "--games", min=1, max=10_000_000,
                                help="games per combination"),
          preset: Optional[str] = typer.Option(None, help="rule preset"),
          players: Optional[int] = typer.Option(None, help="number of seats"),
          agents: str = typer.Option("random", help="agent for every seat, or one per seat"),
          seed: int = typer.Option(0, help="simulation seed (the same game seeds in every combination)"),
          workers: Optional[int] = typer.Option(None, min=1, max=256, help="local processes"),
          out: Optional[Path] = typer.Option(None, help="write every game: FILE.parquet"),
          lang: Optional[str] = typer.Option(None, "--lang", help=_LANG_HELP)) -> None:
    """Play every combination of option values into one table; one summary line per combination."""
    _need_stats()
    from .sim.designer import sweep as run
    from .sim.simulate import completion_table, position_table
    grid, pgrid = {}, {}
    for flag, pairs, into in (("-o", option, grid), ("-p", param, pgrid)):
        for pair in pairs:
            key, sep, values = pair.partition("=")
            if not sep or not key.strip() or not values.strip():
                raise typer.BadParameter(f"{flag} wants {'OPTION' if flag == '-o' else 'NAME'}"
                                         f"=a,b,c, got {pair!r}")
            if key.strip() in into:
                raise typer.BadParameter(f"{flag} {key.strip()} is given twice; list its values "
                                         "once, separated by commas")
            into[key.strip()] = [v.strip() for v in values.split(",") if v.strip()]
    if players is None and "players" in grid and len(grid["players"]) == 1:
        players = int(grid.pop("players")[0])
    if preset is None and "preset" in grid and len(grid["preset"]) == 1:
        preset = grid.pop("preset")[0]
    if not grid and not pgrid:
        _fail("give at least one -o OPTION=a,b,c or -p NAME=x,y")
    if out is not None:
        if out.suffix.lower() != ".parquet":
            _fail(f"--out must end in .parquet, got {out}")
        _check_out(out)
    from . import load_game
    try:
        g = load_game(game, players=players, preset=preset)
        df = run(game, grid, n, preset=preset, players=players, agents=_agents(agents, g),
                 seed=seed, workers=workers, param_grid=pgrid)
    except (RacekitError, ValueError) as exc:
        _fail(exc)
    typer.echo(_text("review.sweep.head", game=game, preset=df['preset'].iloc[0], n=n, seed=seed))
    for combo, part in df.groupby("combo", sort=False):
        first = position_table(part).loc[1]
        comp = completion_table(part)
        typer.echo(_text("review.sweep.line", combo=combo, rate=100 * first.win_rate,
                         lo=100 * first.ci_low, hi=100 * first.ci_high, fair=100 * first.fair_share,
                         winner=100 * comp.loc['winner', 'share'], plies=part['plies'].mean()))
    if out is not None:
        try:
            df.to_parquet(out, index=False)   # df.attrs["sweep"] (the settings) in the metadata
        except OSError as exc:
            _fail(f"cannot write {out}: {exc.strerror or exc}")
        typer.echo(_text("review.sweep.wrote", n=len(df), path=out))


if __name__ == "__main__":
    app()
