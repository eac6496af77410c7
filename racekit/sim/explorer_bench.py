"""Benchmark of the notebook explorer: how long a Step and a time-travel jump take.

``racekit bench --explorer [GAME]`` runs :func:`bench_explorer` for one game or
every shipped game and prints one line each. The explorer is driven through its
public hooks, as a user's clicks would be: ``Explorer.step_button.click()`` (apply
a ply, resolve chance draws up to the next decision, redraw) and
``Explorer.goto(ply)`` (jump and redraw); both return once the picture is drawn.

Targets (benchmarks, not timed tests): Step p50 <= 60 ms and p95 <= 120 ms;
a jump to any ply of a 1,000-ply line <= 50 ms (the session's part, ``Session.goto``,
replays from the nearest checkpoint).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class ExplorerBench:
    """Timings in milliseconds (p50 = median, p95 = 95th percentile)."""

    game: str
    steps: int
    step_p50: float
    step_p95: float
    line: int
    jumps: int
    jump_p50: float
    jump_p95: float
    jump_draw_p50: float
    rebuilds: int

    HEADER = ("game              steps  Step p50  Step p95   line  jump p50  jump p95  "
              "jump+draw p50  board rebuilds")

    def line_text(self) -> str:
        return (f"{self.game:<16} {self.steps:>6} {self.step_p50:>7.1f}ms {self.step_p95:>7.1f}ms "
                f"{self.line:>6} {self.jump_p50:>7.2f}ms {self.jump_p95:>7.2f}ms "
                f"{self.jump_draw_p50:>12.1f}ms {self.rebuilds:>15}")


def bench_explorer(game_id: str, steps: int = 150, jumps: int = 60, seed: int = 0,
                   line_plies: int = 1000, **settings) -> ExplorerBench:
    """Time Steps and jumps of an explorer of ``game_id`` (a seeded random agent decides).

    Args:
        steps: Step clicks timed (the game restarts with the next seed when it ends).
        jumps: random jumps timed, on a recorded line of up to ``line_plies`` plies
            (whole games are played with the next seeds until the line is that long or
            ``10 * line_plies`` plies were tried; the line is one game's).
        settings: players, preset and options, as for :func:`racekit.explore`.

    Raises:
        RuntimeError: a Step or jump showed an error in the widget.
    """
    from ..explorer import Explorer

    ex = Explorer(game_id, seed=seed, agent="random", **settings)
    try:
        ex.step_button.click()  # warm up: fonts, caches, the static board
        step_ms = []
        while len(step_ms) < steps:
            if ex.session.state.is_terminal():
                ex.seed_box.value = str(ex.session.seed + 1)   # a new game (Reset runs)
            t = time.perf_counter()
            ex.step_button.click()
            step_ms.append((time.perf_counter() - t) * 1e3)
            if ex.error is not None:
                raise RuntimeError(f"{game_id}: Step failed: {ex.error!r}")

        # a long line: the longest game among a few seeds (up to line_plies)
        best = None
        for k in range(20):
            ex.seed_box.value = str(seed + 1000 + k)
            ex.session.run(max_plies=line_plies)
            if best is None or len(ex.session.line) > best[1]:
                best = (ex.session.seed, len(ex.session.line))
            if best[1] >= line_plies:
                break
        if ex.session.seed != best[0]:
            ex.seed_box.value = str(best[0])
            ex.session.run(max_plies=line_plies)
        length = len(ex.session.line)
        rng = random.Random(seed)
        targets = [rng.randrange(length + 1) for _ in range(jumps)]
        jump_ms = []
        session = ex.session
        for ply in targets:
            t = time.perf_counter()
            session.goto(ply)
            jump_ms.append((time.perf_counter() - t) * 1e3)
        draw_ms = []
        for ply in targets[: max(1, jumps // 3)]:
            t = time.perf_counter()
            ex.goto(ply)
            draw_ms.append((time.perf_counter() - t) * 1e3)
            if ex.error is not None:
                raise RuntimeError(f"{game_id}: jump failed: {ex.error!r}")
        return ExplorerBench(game_id, len(step_ms), _quantile(step_ms, 0.5), _quantile(step_ms, 0.95),
                             length, len(jump_ms), _quantile(jump_ms, 0.5), _quantile(jump_ms, 0.95),
                             _quantile(draw_ms, 0.5), ex.board.rebuilds)
    finally:
        ex.close()
