"""Many whole games at once: :func:`simulate` returns one pandas row per game.

Game ``i`` of a simulation with seed ``s`` is played with the game seed
:func:`game_seed` ``(s, i)``: chance outcomes come from that seed and every
seat's agent is seeded with it, exactly as ``racekit play GAME --seed SEED --agent
A`` and ``racekit.explore(GAME, seed=SEED)`` do, so any row can be replayed and
opened in the explorer. Games are played in fixed chunks of seeds, so the table
does not depend on how many workers played them or in which order they finished.

pandas (and dask for clusters) come from the optional ``sim`` extra:
``pip install racekit[sim]``.
"""
from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import math
import numbers
import os
from collections.abc import Mapping
from functools import lru_cache

from ..core.game import load_game
from .kernels import (CUSTOM_WHY, MAX_PLIES, StateFunction, agent_label, check_runs,
                      check_engine, choose_kernel, engine_playout, event_kinds,
                      implementation_of, is_custom)

CHUNK = 64
"""Games per task sent to a worker (fixed, so results do not depend on the worker count)."""
SEED_BITS = 52
MAX_GAMES = 10_000_000
"""Most games in one table (its rows live in memory); more are played in parts with ``first``."""
"""Game seeds stay below 2**52, so they survive a round trip through a browser widget."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a simulation seeded ``seed``.

    A keyed hash (BLAKE2b) of both numbers, so simulations with nearby seeds share
    no games; a non-negative integer below ``2**52``.
    """
    digest = hashlib.blake2b(f"{int(seed)}:{int(index)}".encode(), digest_size=8,
                             person=b"racekit.sim.seed").digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def winners(ranking) -> list[int]:
    """The seats that won: the first place, when the ranking has more than one place.

    A ranking that is one shared place (every sled eliminated, say) has no winner.
    """
    return sorted(ranking[0]) if len(ranking) > 1 else []


@lru_cache(maxsize=256)
def _game(settings_json: str):
    s = json.loads(settings_json)
    return load_game(s["game"], players=s["players"], preset=s["preset"], params=s.get("params"),
                     **s["options"])


def _settings_json(game) -> str:
    return json.dumps(game.settings(), sort_keys=True)


def _whole(value) -> bool:
    """``value`` is an integer (Python's or NumPy's), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _custom_agent(agent):
    """A custom agent as played: an object with the agent protocol (``agent(state, ply) ->
    action``, as :func:`racekit.core.agents.make_agent` returns) or an agent class (built with
    each game's seed) as it is; a function of the state alone wrapped in :class:`StateFunction`."""
    import inspect
    if isinstance(agent, StateFunction) or isinstance(agent, type):
        return agent
    if not callable(agent):
        raise ValueError(f"agents must be agent names or custom agents (an object called as "
                         f"agent(state, ply), or a function state -> action), one for every seat "
                         f"or one per seat; got {type(agent).__name__}")
    try:
        sig = inspect.signature(agent)
    except (TypeError, ValueError):   # a builtin without a signature: assume the protocol
        return agent
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    pos = [p for p in sig.parameters.values() if p.kind in kinds]
    if any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in sig.parameters.values()) \
            or len(pos) >= 2:
        return agent
    if len(pos) == 1:
        return StateFunction(agent)
    raise ValueError(f"agent {agent_label(agent)} takes no argument: an agent is called with the "
                     "state (and the ply)")


def _agents_tuple(game, agents) -> tuple:
    """One agent per seat: names stay names, custom agents as :func:`_custom_agent` makes them."""
    if isinstance(agents, str):
        return (agents,) * game.num_players
    if not isinstance(agents, (list, tuple)):
        return (_custom_agent(agents),) * game.num_players   # one custom agent for every seat
    agents = tuple(a if isinstance(a, str) else _custom_agent(a) for a in agents)
    if len(agents) != game.num_players:
        raise ValueError(f"agents: {len(agents)} agents for {game.num_players} seats (one name "
                         "for every seat, or one per seat)")
    return agents


def play_chunk(settings_json: str, agents: tuple, seeds: list, engine: str = "auto",
               events: bool = True) -> list[dict]:
    """Play the games with ``seeds``; one dict per game (run in a worker process).

    ``engine``: ``"auto"`` (the kernel when it covers the settings, else the rules
    engine), ``"kernel"`` (raise if it cannot) or ``"engine"``.
    """
    game = _game(settings_json)
    kernel, _why = choose_kernel(game, agents, engine)
    kinds = event_kinds(game)
    from . import playorder
    fixed = playorder.fixed_start(game) is not None
    known = playorder.play_order(game, []) if fixed else None
    guard = _guard(game)
    sides = playorder.sides(game)
    rows = []
    for seed in seeds:
        if kernel is not None:
            out = kernel.play(game, seed, agents)
            if not events:
                out.counts = {}
        else:
            out = engine_playout(game, seed, agents, kinds, events=events)
        order = known if fixed else playorder.play_order(game, out.history)
        rows.append(_row(game, seed, out, "kernel" if kernel is not None else "engine", order,
                         guard, sides))
    return rows


def _guard(game) -> int | None:
    """The round cap of these settings (an engine guard such as ``max_rounds``), or ``None``."""
    caps = [c for c in (game.options.get("max_rounds"), game.options.get("turn_limit"))
            if _whole(c) and c > 0]
    return min(caps) if caps else None


OUTCOMES = ("winner", "shared", "no_winner", "guard")
"""How a game ended: ``winner`` (one seat, or one side of partners, in first place),
``shared`` (a first place shared by seats that are not partners), ``no_winner`` (the ranking
is one shared place: every seat eliminated, say) and ``guard`` (stopped by a round cap such
as ``max_rounds``, not by the rules)."""


def _outcome(ranking, rounds, guard, sides) -> str:
    won = winners(ranking)
    if guard is not None and rounds >= guard:
        return "guard"
    if not won:
        return "no_winner"
    if len(won) == 1 or (sides and any(set(won) <= set(side) for side in sides)):
        return "winner"
    return "shared"


def _row(game, seed, out, how: str, order=None, guard=None, sides=None) -> dict:
    ranking = [sorted(place) for place in out.ranking]
    won = winners(ranking)
    names = game.seat_names
    row = {"seed": seed, "plies": out.plies, "rounds": out.rounds,
           "ranking": json.dumps(ranking), "winner": "+".join(names[s] for s in won),
           "outcome": _outcome(ranking, out.rounds, guard, sides),
           # the play order of the first round (first to act first) and the winner's place in it
           "first_player": order[0] if order else -1,
           "play_order": ",".join(map(str, order)) if order else "",
           "winner_position": min((order.index(s) + 1 for s in won), default=0) if order else 0,
           "played_by": how}
    place = {s: i + 1 for i, group in enumerate(ranking) for s in group}
    for s in range(game.num_players):
        row[f"place_{s}"] = place.get(s, len(ranking))
        row[f"win_{s}"] = s in won
    for kind, n in sorted(out.counts.items()):
        row[f"n_{kind}"] = n
    return row


def _is_dask(executor) -> bool:
    return type(executor).__module__.split(".")[0] == "distributed"


def simulate(game, n_games: int, agents="random", seed: int = 0, options: dict | None = None,
             executor=None, *, players: int | None = None, preset: str | None = None,
             workers: int | None = None, progress: bool = True, engine: str = "auto",
             chunk: int = CHUNK, events: bool = True, first: int = 0, params: dict | None = None):
    """Play ``n_games`` whole games and return one row per game (a pandas DataFrame).

    Args:
        game: a game id (``"aeroplane_chess"``) or a configured Game (then
            ``players``, ``preset`` and ``options`` must not be given).
        n_games: number of games (at least 1).
        agents: one agent for every seat or one per seat (a list); an agent is a name
            (``"random"``, ``"careful"``…) or a custom agent: an object called as
            ``agent(state, ply) -> action`` (what :func:`racekit.core.agents.make_agent`
            returns; copied afresh for every game), an agent class (built as ``cls(seed)``
            with each game's seed) or a plain function ``state -> action``. The rules engine
            plays games with a custom agent (the compiled kernels know only named agents:
            ``played_by`` says ``engine``, ``attrs["no_kernel"]`` says why); with worker
            processes a custom agent must pickle (a module-level function or class, not a
            lambda): one that does not is played in this process.
        seed: the simulation seed; game ``i`` uses :func:`game_seed` ``(seed, i)``.
        options: rule options (``{"six_bonus": "none"}``), as for ``load_game``;
            ``players`` and ``preset`` may be among them, as ``-o players=3`` on the
            command line.
        params: rule numbers away from the rulebook (``{"forest_cost": 3}``), as for
            ``load_game``.
        executor: where to play: ``None`` uses local processes (``workers`` of them,
            default: one per CPU; ``workers=1`` plays in this process); any
            :class:`concurrent.futures.Executor`; or a Dask ``distributed.Client``.
        progress: show a tqdm progress bar.
        engine: ``"auto"``: the game's fast kernel when it covers these settings
            and agents, else the rules engine; ``"engine"`` or ``"kernel"`` to force.
        chunk: games per task.
        events: count events per kind (the ``n_<kind>`` columns); ``False`` plays
            engine games with events off, faster, when only wins and length matter.
        first: index of the first game (``first=200`` continues a simulation of 200
            games with the same seed: the rows are games 200, 201, …).

    Returns:
        DataFrame, one row per game in seed order, with the columns ``game``,
        ``preset``, ``players``, ``options`` (JSON of every option), ``agents``,
        ``index``, ``seed`` (replay with ``racekit.explore(game, seed=row.seed)``),
        ``plies``, ``rounds``, ``ranking`` (JSON, places best first), ``winner``
        (seat names of the first place, ``""`` when the ranking is one shared
        place), ``place_<seat>`` (1 = first), ``win_<seat>`` (bool), ``n_<kind>``
        (events of that kind: captures, crashes, damage…), ``played_by``
        (``kernel`` or ``engine``), ``simulation_seed`` (``seed`` of this call) and
        ``implementation`` (the kernel's, as in attrs), the last two so that a CSV file,
        which keeps no attrs, still gives the same :func:`summary_text`. ``df.attrs`` holds the settings, when the
        engine played, why no kernel did (``no_kernel``), and when a kernel played, which
        implementation of it (``implementation``: ``"numba"``), and what the check of the kernel
        against the engine did (``kernel_check``: games checked, share of the run's CPU time).

    Raises:
        ImportError: pandas is not installed (``pip install racekit[sim]``).
        racekit.OptionError, racekit.UnknownGameError: bad game or options.
        racekit.sim.kernels.KernelMismatchError: the kernel and the engine play a game of this
            run differently (checked first, on a few games spread over the run:
            :func:`racekit.sim.kernels.check_kernel`); ``engine="engine"`` plays on the engine.
        ValueError: ``n_games`` < 1 or above :data:`MAX_GAMES`, a seed, ``first``,
            ``workers`` or ``chunk`` that is not a whole number in range, or a wrong
            number of agents or unknown agent.
    """
    job = dict(game=game, n_games=n_games, agents=agents, seed=seed, options=options,
               players=players, preset=preset, first=first)
    if params:
        job["params"] = params
    return simulate_many([job], executor, workers=workers, progress=progress, engine=engine,
                         chunk=chunk, events=events)[0]


def simulate_many(jobs, executor=None, *, workers: int | None = None, progress: bool = True,
                  engine: str = "auto", chunk: int = CHUNK, events: bool = True,
                  wait: bool = True):
    """Several simulations in one go: every game of every job goes to one executor call.

    Each job is a dict of :func:`simulate`'s settings (``game``, ``n_games``, and
    optionally ``agents``, ``seed``, ``options``, ``players``, ``preset``,
    ``first``); the result is the list of their DataFrames, each exactly what
    :func:`simulate` returns for that job. Playing many small simulations (one per
    rule reading, say) this way keeps every worker busy until the last game,
    instead of waiting for each simulation's slowest chunk in turn.

    ``wait=False`` (with an executor) hands every game to the executor and returns at
    once, with an object whose ``result()`` waits for them and gives the list (no
    progress bar): this process can do other work while the workers play.

    Raises:
        as :func:`simulate`, for the first job with bad settings (before any game is played);
        ValueError: ``jobs`` is not a list of dicts, or a job lacks ``game`` or ``n_games``.
    """
    try:
        import pandas as pd
    except ImportError as err:   # `bash tools/run.sh` installs the lab extra only
        raise ModuleNotFoundError(
            "racekit.simulate needs pandas, from the sim extra (in a racekit folder: bash "
            "tools/setup.sh lab,sim; elsewhere: pip install 'racekit[sim]')", name="pandas") from err
    check_engine(engine)
    if workers is not None and (not _whole(workers) or workers < 1):
        raise ValueError(f"workers must be a positive integer (or None: one per CPU), got {workers!r}")
    if not _whole(chunk) or chunk < 1:
        raise ValueError(f"chunk must be a positive integer, got {chunk!r}")
    if isinstance(jobs, (str, dict)):
        raise ValueError("jobs must be a list of dicts of simulate's settings, one per simulation")
    jobs = list(jobs)
    if not all(isinstance(job, dict) for job in jobs):
        raise ValueError("jobs must be a list of dicts of simulate's settings, one per simulation")
    if not jobs:
        return _PendingFrames(pd, [], []) if not wait and executor is not None else []
    plans = [_plan(job, engine, chunk) for job in jobs]
    for p, check in zip(plans, check_runs([(p["game"], p["agents"], [s for *_, t in p["tasks"] for s in t],
                                            p["kernel"]) for p in plans])):
        p["check"] = check   # each kernel against the engine on games of its run, before playing
    tasks = [(settings, agents, part) for p in plans for settings, agents, part in p["tasks"]]
    if not (workers == 1 and executor is None) and len(tasks) > 1 or executor is not None:
        unpicklable = _unpicklable(plans)
        if unpicklable is not None and executor is not None and (
                isinstance(executor, cf.ProcessPoolExecutor) or _is_dask(executor)):
            raise ValueError(f"agent {unpicklable} cannot be sent to the executor's workers: a "
                             "lambda or a function defined inside another does not pickle; define "
                             "it at module level, or play in this process (workers=1, no executor)")
        if unpicklable is not None and executor is None:   # local processes: play here instead
            workers = 1
            for p in plans:
                if p["why"] == CUSTOM_WHY:
                    p["why"] = (f"{CUSTOM_WHY}; agent {unpicklable} does not pickle (a lambda?): "
                                "played in this process, not in worker processes")
    if not wait and executor is not None:
        futures = [executor.submit(play_chunk, settings, agents, part, engine, events)
                   for settings, agents, part in tasks]
        return _PendingFrames(pd, plans, futures)
    total = sum(len(part) for _, _, part in tasks)
    bar = _bar(total, plans[0]["game"].game_type.id if len(plans) == 1 else None) \
        if progress else None
    results: list = [None] * len(tasks)
    try:
        if executor is None and (workers == 1 or len(tasks) == 1):
            for i, (settings, agents, part) in enumerate(tasks):
                results[i] = play_chunk(settings, agents, part, engine, events)
                if bar is not None:
                    bar.update(len(part))
        elif executor is None:
            n = workers or os.cpu_count() or 1
            with cf.ProcessPoolExecutor(max_workers=min(n, len(tasks))) as pool:
                _run(pool, tasks, engine, events, results, bar)
        else:
            _run(executor, tasks, engine, events, results, bar)
    finally:
        if bar is not None:
            bar.close()
    return _frames(pd, plans, results)


def _unpicklable(plans) -> str | None:
    """The label of the first custom agent that does not pickle, or ``None``."""
    import pickle
    for p in plans:
        for a in p["agents"]:
            if is_custom(a):
                try:
                    pickle.dumps(a)
                except Exception:   # PicklingError, AttributeError (a local object), TypeError
                    return agent_label(a)
    return None


def _frames(pd, plans, results) -> list:
    frames, at = [], 0
    for p in plans:
        k = len(p["tasks"])
        rows = [row for part in results[at:at + k] for row in part]
        at += k
        frames.append(_frame(pd, p, rows))
    return frames


class _PendingFrames:
    """Simulations handed to an executor by ``simulate_many(..., wait=False)``."""

    def __init__(self, pd, plans, futures):
        self._pd, self._plans, self._futures = pd, plans, futures

    def result(self) -> list:
        """Wait for every game; the DataFrames, one per job (as ``simulate_many`` returns)."""
        return _frames(self._pd, self._plans, [f.result() for f in self._futures])


def _plan(job: dict, engine: str, chunk: int) -> dict:
    """Check one job's settings; its game, agents and tasks (settings JSON, agents, seeds)."""
    unknown = set(job) - {"game", "n_games", "agents", "seed", "options", "players", "preset",
                          "first", "params"}
    if unknown:
        raise ValueError(f"unknown simulation settings: {', '.join(sorted(unknown))}")
    missing = [key for key in ("game", "n_games") if key not in job]
    if missing:
        raise ValueError(f"a simulation needs {' and '.join(missing)} (got {', '.join(job) or 'nothing'})")
    game, n_games = job["game"], job["n_games"]
    players, preset, options = job.get("players"), job.get("preset"), job.get("options")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a dict of option: value, got {options!r}")
    options = dict(options or {})
    for key in ("players", "preset"):   # as the CLI's -o players=3 / -o preset=tournament
        if key in options:
            value, given = options.pop(key), players if key == "players" else preset
            if given is not None and given != value:
                raise ValueError(f"{key} given twice: {given!r} and options {key}={value!r}")
            players, preset = (value, preset) if key == "players" else (players, value)
    params = job.get("params")
    if params is not None and not isinstance(params, Mapping):
        raise ValueError(f"params must be a dict of parameter: number, got {params!r}")
    if isinstance(game, str):
        game = load_game(game, players=players, preset=preset, params=dict(params or {}),
                         **(options or {}))
    elif players is not None or preset is not None or options or params:
        raise ValueError("pass players, preset, options and params to load_game, or give a game id")
    if not _whole(n_games) or n_games < 1:
        raise ValueError(f"n_games must be a positive integer, got {n_games!r}")
    if n_games > MAX_GAMES:
        raise ValueError(f"n_games must be at most {MAX_GAMES:,} in one table, got {n_games:,}; "
                         "play more in parts (first= continues a simulation with the same seed)")
    first = job.get("first", 0)
    if not _whole(first) or first < 0:
        raise ValueError(f"first must be a non-negative integer, got {first!r}")
    n_games, first = int(n_games), int(first)
    seed = job.get("seed", 0)
    if not _whole(seed):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    seed = int(seed)
    agents = _agents_tuple(game, job.get("agents", "random"))
    from ..core.agents import make_agent
    for name in {a for a in agents if isinstance(a, str)}:
        make_agent(name, 0, game)   # unknown names fail here, with the list of agents
    settings = _settings_json(game)
    kernel, why = choose_kernel(game, agents, engine)
    seeds = [game_seed(seed, i) for i in range(first, first + n_games)]
    tasks = [(settings, agents, seeds[i:i + chunk]) for i in range(0, n_games, chunk)]
    return {"game": game, "agents": agents, "seed": seed, "first": first, "settings": settings,
            "kernel": kernel, "why": why, "tasks": tasks}


def _frame(pd, plan: dict, rows: list):
    """The DataFrame of one job from its rows (in seed order)."""
    game, agents = plan["game"], plan["agents"]
    df = pd.DataFrame(rows)
    # Python ints (not numpy's): a row's seed goes straight into racekit.explore or Session
    df["seed"] = pd.Series([row["seed"] for row in rows], dtype=object)
    df.insert(0, "index", range(plan["first"], plan["first"] + len(rows)))
    meta = json.loads(plan["settings"])
    labels = [agent_label(a) for a in agents]
    df.insert(0, "agents", "+".join(labels) if len(set(labels)) > 1 else labels[0])
    df.insert(0, "options", json.dumps(meta["options"], sort_keys=True))
    df.insert(0, "players", game.num_players)
    df.insert(0, "preset", game.preset)
    df.insert(0, "game", game.game_type.id)
    counts = [c for c in df.columns if c.startswith("n_")]
    df[counts] = df[counts].fillna(0).astype("int64")
    from .playouts import settings_label
    implementation = (implementation_of(plan["kernel"], agents, game)
                      if plan["kernel"] is not None else "")
    # a CSV file keeps no attrs: the simulation's seed and the kernel's implementation travel
    # in columns too, so that summary_text(pd.read_csv(...)) says what the first summary said
    df["simulation_seed"] = pd.Series([plan["seed"]] * len(df), dtype=object)
    df["implementation"] = implementation
    df.attrs.update({"settings": meta, "agents": labels, "seed": plan["seed"],
                     # "wingsuit (standard, 3 players, order_mode=dynamic)": options set, in words
                     "label": settings_label(game),
                     # "house rule: forest_cost = 3 (rulebook: 2, LM-TERRAIN-FOREST-1)"
                     "house_rules": game.house_rules(),
                     "seat_names": list(game.seat_names),
                     "played_by": "kernel" if plan["kernel"] is not None else "engine",
                     # which implementation of the kernel ("numba"; "" engine or unsaid)
                     "implementation": implementation,
                     "no_kernel": plan["why"],
                     # the kernel checked against the engine on games of this run (check_kernel)
                     "kernel_check": plan["check"].words() if plan.get("check") else ""})
    return df


def _run(executor, tasks, engine, events, results, bar) -> None:
    futures = {executor.submit(play_chunk, settings, agents, part, engine, events): i
               for i, (settings, agents, part) in enumerate(tasks)}
    if _is_dask(executor):
        from distributed import as_completed
        done = as_completed(list(futures))
    else:
        done = cf.as_completed(futures)
    for fut in done:
        i = futures[fut]
        results[i] = fut.result()
        if bar is not None:
            bar.update(len(tasks[i][2]))


def _bar(total: int, desc: str | None):
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    from ..core.i18n import text
    return tqdm(total=total, desc=desc or text("review.progress.games"),
                unit=text("review.progress.unit"))


# ----- summaries ------------------------------------------------------------------------------

def wilson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k/n`` (95% by default); ``(0, 1)`` when n=0.

    From statsmodels (:func:`racekit.sim.stats.proportion_interval`)."""
    from .stats import proportion_interval
    return proportion_interval(k, n, level)


FINISHED = ("winner", "shared")
"""Outcomes of a game with a winner (see :data:`OUTCOMES`)."""


def completion_table(df):
    """How the games ended: one row per outcome of :data:`OUTCOMES` (``winner``, ``shared``,
    ``no_winner``, ``guard``) with ``games``, ``share`` and its 95% Wilson interval
    (``ci_low``, ``ci_high``) and ``meaning`` in words (the language in force)."""
    import pandas as pd
    n = len(df)
    from ..core.i18n import text
    words = {kind: text(f"review.outcome.{kind}") for kind in OUTCOMES}
    outcome = df["outcome"] if "outcome" in df else pd.Series(
        ["winner" if w else "no_winner" for w in df["winner"]])
    rows = []
    for kind in OUTCOMES:
        k = int((outcome == kind).sum())
        lo, hi = wilson(k, n)
        rows.append({"outcome": kind, "games": k, "share": k / n if n else 0.0, "ci_low": lo,
                     "ci_high": hi, "meaning": words[kind]})
    return pd.DataFrame(rows).set_index("outcome")


def position_wins(df):
    """One boolean column per play-order position (``pos_1`` = the first to act won), from the
    ``play_order`` and ``win_<seat>`` columns; ``None`` when the table has no play order."""
    import numpy as np
    import pandas as pd
    if "play_order" not in df or (df["play_order"] == "").any():
        return None
    seats = int(df["players"].iloc[0])
    order = np.array([[int(x) for x in o.split(",")] for o in df["play_order"]])
    wins = df[[f"win_{s}" for s in range(seats)]].to_numpy(dtype=bool)
    rows = np.arange(len(df))
    return pd.DataFrame({f"pos_{p + 1}": wins[rows, order[:, p]] for p in range(seats)},
                        index=df.index)


def position_table(df):
    """Win rate by play-order position (1 = the first to act in the first round, as the game
    defines it): per position, ``wins``, the win rate among finished games (``win_rate``, with
    its 95% Wilson interval ``ci_low``/``ci_high``), the rate over all games
    (``win_rate_all``), the ``fair_share`` (winners per finished game / seats), ``edge_points``
    and ``p_fair`` (exact binomial test against the fair share). Falls back to seats (colour
    order) when the table has no play order (then ``df.attrs`` lacks nothing: the index name
    says ``seat``)."""
    import pandas as pd
    from .stats import proportion_pvalue
    seats = int(df["players"].iloc[0])
    by_pos = position_wins(df)
    if by_pos is None:
        by_pos = pd.DataFrame({f"pos_{s + 1}": df[f"win_{s}"].astype(bool) for s in range(seats)})
    outcome = df["outcome"] if "outcome" in df else pd.Series(
        ["winner" if w else "no_winner" for w in df["winner"]], index=df.index)
    done = outcome.isin(FINISHED)
    n_done, n = int(done.sum()), len(df)
    total_wins = int(by_pos[done].to_numpy().sum())
    fair = total_wins / n_done / seats if n_done else 0.0
    rows = []
    for p in range(seats):
        col = by_pos[f"pos_{p + 1}"]
        k = int(col[done].sum())
        lo, hi = wilson(k, n_done)
        rate = k / n_done if n_done else 0.0
        rows.append({"position": p + 1, "finished": n_done, "wins": k, "win_rate": rate,
                     "ci_low": lo, "ci_high": hi, "win_rate_all": int(col.sum()) / n if n else 0.0,
                     "fair_share": fair, "edge_points": 100 * (rate - fair),
                     "p_fair": proportion_pvalue(k, n_done, fair) if 0 < fair < 1 else 1.0})
    return pd.DataFrame(rows).set_index("position")


def seat_table(df):
    """Per seat: games, wins, win rate, its 95% Wilson interval, the fair share and the edge.

    The fair share is the mean number of winners per game divided by the seats
    (1/4 when one seat wins, 1/2 when a side of two does), so that a rule giving
    every seat the same chance shows every win rate inside its interval around it.
    """
    import pandas as pd
    seats = int(df["players"].iloc[0])
    names = df.attrs.get("seat_names") or [f"Seat {s}" for s in range(seats)]
    n = len(df)
    wins_total = sum(int(df[f"win_{s}"].sum()) for s in range(seats))
    fair = wins_total / n / seats
    rows = []
    for s in range(seats):
        k = int(df[f"win_{s}"].sum())
        lo, hi = wilson(k, n)
        rows.append({"seat": s, "name": names[s], "games": n, "wins": k, "win_rate": k / n,
                     "ci_low": lo, "ci_high": hi, "fair_share": fair,
                     "edge_points": 100 * (k / n - fair),
                     "fair_inside": lo <= fair <= hi})
    return pd.DataFrame(rows).set_index("seat")


def length_table(df):
    """Game length: plies and rounds, mean, median, 5th and 95th percentile."""
    import pandas as pd
    out = {}
    for col in ("plies", "rounds"):
        s = df[col]
        out[col] = {"mean": s.mean(), "median": s.median(), "p5": s.quantile(0.05),
                    "p95": s.quantile(0.95), "min": s.min(), "max": s.max()}
    return pd.DataFrame(out).T


def _attrs_from_columns(df) -> dict:
    """What ``df.attrs`` said, rebuilt from the columns of a table read back from a CSV file
    (which keeps no attrs): the label, the simulation's seed, who played and which
    implementation; ``{}`` for what the columns do not hold."""
    out: dict = {}
    first = df.iloc[0]
    if "simulation_seed" in df.columns:
        out["seed"] = int(first["simulation_seed"])
    if "played_by" in df.columns:
        kinds = set(df["played_by"])
        out["played_by"] = kinds.pop() if len(kinds) == 1 else " and ".join(sorted(map(str, kinds)))
    if "implementation" in df.columns and isinstance(first["implementation"], str):
        out["implementation"] = first["implementation"]
    try:   # the settings in words, as the first summary named them
        from .playouts import settings_label
        options = json.loads(first["options"]) if isinstance(first["options"], str) else {}
        out["label"] = settings_label(load_game(str(first["game"]), players=int(first["players"]),
                                                preset=str(first["preset"]), **options))
    except (ValueError, TypeError, KeyError):   # a table from elsewhere (an OptionError is a ValueError)
        pass
    return out


def summary_text(df) -> str:
    """The plain-text summary ``racekit simulate`` prints (in the language in force)."""
    from ..core.i18n import MissingText, message_text, seat_name, text

    def _s(key, **fields):
        return text(f"sim.{key}", **fields)

    def _kind(kind):   # an event kind's name (sim.words.kinds), else its column id as typed
        try:
            return text(f"sim.words.kinds.{kind}")
        except MissingText:
            return kind.replace('_', ' ')
    attrs = df.attrs if df.attrs.get("played_by") else _attrs_from_columns(df)
    seats = seat_table(df)
    # the options set (a reading) are named, as racekit bench names them
    label = attrs.get("label") or _s("label", game=df['game'].iloc[0], preset=df['preset'].iloc[0],
                                     players=int(df['players'].iloc[0]))
    how = (_s("how", what=message_text(attrs['no_kernel'])) if attrs.get("played_by") == "engine"
           and attrs.get("no_kernel")
           else _s("how", what=attrs['implementation']) if attrs.get("implementation") else "")
    lines = [_s("head", label=label[:-1], agents=df['agents'].iloc[0], n=len(df),
                seed=attrs.get('seed', '?'), by=attrs.get('played_by'), how=how)]
    lines += attrs.get("house_rules", [])
    lines.append(_s("table_head"))
    for s, r in seats.iterrows():
        mark = "" if r.fair_inside else "  *"
        name = seat_name(r['name'])
        pad = 8 - sum(2 if ord(ch) > 0x2e80 else 1 for ch in name)   # a Chinese name is twice as wide
        lines.append(f"{name}{' ' * max(pad, 0)}{r.wins:>7}{r.win_rate:>10.3f}  "
                     f"[{r.ci_low:.3f}, {r.ci_high:.3f}]  {r.fair_share:>6.3f}{r.edge_points:>+7.1f}{mark}")
    if "play_order" in df and (df["play_order"] != "").all():
        first = position_table(df).loc[1]
        lines.append(_s("first", rate=100 * first.win_rate, lo=100 * first.ci_low,
                        hi=100 * first.ci_high, fair=100 * first.fair_share))
    nowin = int((df["winner"] == "").sum())
    if nowin:
        lines.append(_s("nowin", n=nowin))
    n_seats = int(df["players"].iloc[0])
    winners_per_game = [sum(int(w) for w in row) for row in
                        zip(*(df[f"win_{s}"] for s in range(n_seats)))]
    shared = sum(1 for k in winners_per_game if k > 1)
    if shared:   # the fair share is not 1/seats: say why, in the table's own numbers
        lines.append(_s("shared", n=shared, per=sum(winners_per_game) / len(df), seats=n_seats))
    lengths = length_table(df)
    for col, r in lengths.iterrows():
        lines.append(_s("length", col=col, mean=r['mean'], median=r['median'], p5=r.p5, p95=r.p95,
                        lo=r['min'], hi=r['max']))
    counts = [c for c in df.columns if c.startswith("n_") and df[c].any()]
    if counts:
        lines.append(_s("events", parts=_s("events_sep").join(f"{_kind(c[2:])} {df[c].mean():.2f}"
                                                             for c in counts)))
    lines.append(_s("edge") + (_s("outside") if not seats["fair_inside"].all() else ""))
    return "\n".join(lines)


__all__ = ["simulate", "simulate_many", "game_seed", "winners", "wilson", "seat_table", "length_table",
           "position_table", "completion_table", "position_wins", "OUTCOMES",
           "summary_text", "play_chunk", "MAX_PLIES"]
