"""Benchmark of the designer review: how long one game's review takes, and where the time goes.

``racekit bench --review [GAME] [--budget N]`` runs :func:`bench_review` for every shipped game
and preset (or one game) at the review's defaults (threshold 3 points / 3%), and prints one line
per game and preset: wall and CPU seconds, games played (the baseline's, the readings' paired
games, the fresh confirmation games, and how many the compiled kernel and the rules engine
played), readings decided and "not enough games", and the CPU seconds of each part:

* ``kernel``: games the compiled kernel played (in the worker processes);
* ``engine``: games the rules engine played (readings no kernel covers, in the workers);
* ``check``: the kernel checked against the engine on games of each run (this process);
* ``quality``: the baseline games replayed on the engine for the lead measures and heatmap
  (in a worker, while the rounds play);
* ``stats``: intervals, confirmation and Holm's correction, and the rest of this process's
  bookkeeping (handing games out, gathering their tables, the header).

The games go to one pool of worker processes (one per CPU) kept for the whole review, each
chunk of games timed in its worker (``time.process_time``); the review's own phases are timed
by :func:`racekit.sim.designer.review_game` (its ``timings``). A benchmark, not a test: the
figures depend on the machine and its load (the line gives the load average).
"""
from __future__ import annotations

import concurrent.futures as cf
import os
import time
from dataclasses import dataclass, field


def _timed_chunk(fn, *args):
    """Run ``fn(*args)`` (``play_chunk``) in a worker; its rows and the CPU seconds it took."""
    t0 = time.process_time()
    rows = fn(*args)
    return rows, time.process_time() - t0


class _TimedExecutor:
    """An executor for :func:`racekit.sim.simulate.simulate_many` that times every chunk of games
    where it is played (``workers`` processes, or this process with ``workers=1``) and adds its
    CPU seconds to ``seconds["kernel"]`` or ``seconds["engine"]``, by who played it."""

    def __init__(self, workers: int):
        self.pool = cf.ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
        self.seconds = {"kernel": 0.0, "engine": 0.0}

    def _add(self, rows, cpu) -> None:
        if isinstance(rows, tuple):   # the quality sample (lead measures, heatmap places)
            who = "quality"
        else:
            who = rows[0]["played_by"] if rows else "kernel"
        self.seconds[who] = self.seconds.get(who, 0.0) + cpu

    def submit(self, fn, *args):
        out: cf.Future = cf.Future()
        if self.pool is None:
            rows, cpu = _timed_chunk(fn, *args)
            self._add(rows, cpu)
            out.set_result(rows)
            return out
        inner = self.pool.submit(_timed_chunk, fn, *args)

        def done(f):
            try:
                rows, cpu = f.result()
            except BaseException as exc:   # the worker's error, raised by out.result()
                out.set_exception(exc)
                return
            self._add(rows, cpu)
            out.set_result(rows)
        inner.add_done_callback(done)
        return out

    def shutdown(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()


class _TimedCheck:
    """Wraps ``check_runs`` (the kernel checked against the engine) to add up its seconds."""

    def __init__(self, fn):
        self.fn, self.wall, self.cpu, self.games = fn, 0.0, 0.0, 0

    def __call__(self, runs, *args, **kw):
        t0, c0 = time.perf_counter(), time.process_time()
        checks = self.fn(runs, *args, **kw)
        self.wall += time.perf_counter() - t0
        self.cpu += time.process_time() - c0
        self.games += sum(c.games for c in checks if c is not None)
        return checks


@dataclass
class ReviewBench:
    """One review's figures: seconds (wall, CPU of this process and its workers), games played
    and by whom, readings decided, and CPU seconds per part (``parts``)."""

    game: str
    preset: str
    budget: int
    wall: float
    cpu: float
    baseline: int
    paired: int
    fresh: int
    quality: int
    by_kernel: int
    by_engine: int
    readings: int
    decided: int
    not_enough: int
    most: int
    check_games: int
    parts: dict = field(default_factory=dict)
    load: float = 0.0

    HEADER = ("game/preset                  wall s   CPU s  baseline  paired   fresh  kernel  "
              "engine  decided  not enough  most/reading  | CPU s: kernel  engine  check  quality  "
              "stats")

    def line_text(self) -> str:
        p = self.parts
        name = f"{self.game}/{self.preset}"
        return (f"{name:<28} {self.wall:>6.1f} {self.cpu:>7.1f} {self.baseline:>9,} "
                f"{self.paired:>7,} {self.fresh:>7,} {self.by_kernel:>7,} {self.by_engine:>7,} "
                f"{self.decided:>4}/{self.readings:<3} {self.not_enough:>11} {self.most:>13,}  | "
                f"{p['kernel']:>14.1f} {p['engine']:>7.1f} {p['check']:>6.1f} "
                f"{p['quality']:>8.1f} {p['stats']:>6.1f}")

    def where(self) -> str:
        """Where the CPU time went, in words: each part's share."""
        total = sum(self.parts.values()) or 1.0
        parts = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in self.parts.items())
        return (f"  {self.game}/{self.preset}: {parts} of {total:.1f} CPU s; {self.check_games} "
                f"games checked against the engine; {self.quality} baseline games replayed for "
                f"the lead measures; load average {self.load:.2f} at the start")


def bench_review(game_id: str, preset: str | None = None, budget: int | None = None,
                 workers: int | None = None, progress: bool = True, seed: int = 0,
                 **review) -> ReviewBench:
    """Run :func:`racekit.sim.designer.review_game` on ``game_id`` at its defaults (``budget``:
    most paired games per reading, default the review's) and time it.

    Args:
        workers: worker processes (default one per CPU; 1: this process, as a game registered
            only in this process needs).
        review: more settings of ``review_game`` (``engine_budget``, ``baseline``…).

    Returns:
        :class:`ReviewBench`.

    Raises:
        as :func:`racekit.sim.designer.review_game`.
    """
    from . import designer, simulate
    budget = designer.BUDGET if budget is None else int(budget)
    review.setdefault("first_round", min(designer.FIRST_ROUND, budget))
    n = workers or os.cpu_count() or 1
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    executor = _TimedExecutor(n)
    check = _TimedCheck(simulate.check_runs)
    timings: dict = {}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    simulate.check_runs = check   # simulate_many calls it by this module's name
    try:
        result = designer.review_game(game_id, preset=preset, budget=budget, seed=seed,
                                      executor=executor, progress=progress, timings=timings,
                                      **review)
    finally:
        simulate.check_runs = check.fn
        executor.shutdown()
    wall = time.perf_counter() - wall0
    here = time.process_time() - cpu0
    games, verdicts = result.games, result.verdicts
    fresh = games["seed_set"] == "fresh"
    base = (games["reading"] == "") & ~fresh
    live = verdicts[verdicts["games"] > 0] if "games" in verdicts else verdicts.iloc[:0]
    decided = [(row["win_verdict"] != "not enough games") and
               (row["length_verdict"] != "not enough games") for _, row in live.iterrows()]
    # quality replays are the engine's, in this process; they are not in the games table
    quality = min(int(review.get("quality", designer.QUALITY)), int(base.sum()))
    played = games["played_by"]
    stats = max(0.0, here - check.cpu - timings.get("quality", [0, 0])[1])
    parts = {"kernel": executor.seconds.get("kernel", 0.0),
             "engine": executor.seconds.get("engine", 0.0),
             "check": check.cpu,
             "quality": timings.get("quality", [0, 0])[1] + executor.seconds.get("quality", 0.0),
             "stats": stats}
    if n == 1:   # the games were played in this process: not bookkeeping
        parts["stats"] = max(0.0, stats - parts["kernel"] - parts["engine"]
                             - executor.seconds.get("quality", 0.0))
    return ReviewBench(
        game=game_id, preset=str(result.settings["preset"]), budget=budget, wall=wall,
        cpu=here + (0.0 if n == 1 else parts["kernel"] + parts["engine"]
                    + executor.seconds.get("quality", 0.0)),
        baseline=int(base.sum()), paired=int(((games["reading"] != "") & ~fresh).sum()),
        fresh=int(fresh.sum()), quality=quality,
        by_kernel=int((played == "kernel").sum()), by_engine=int((played == "engine").sum()),
        readings=len(live), decided=sum(decided), not_enough=len(live) - sum(decided),
        most=int(live["games"].max()) if len(live) else 0, check_games=check.games,
        parts=parts, load=load)


def review_targets(game: str | None = None) -> list[tuple[str, str | None]]:
    """``(game id, preset)`` of every shipped game and preset, or of one game's presets."""
    from ..core.game import game_class
    from ..games import SHIPPED
    ids = [game] if game else list(SHIPPED)
    return [(gid, p) for gid in ids
            for p in [x.name for x in game_class(gid).game_type.presets] or [None]]
