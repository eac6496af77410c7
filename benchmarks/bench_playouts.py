"""Random playouts per second (one process, events off): a benchmark, not a test.

    .venv/bin/python benchmarks/bench_playouts.py            # both games, default settings
    .venv/bin/python benchmarks/bench_playouts.py --games 1000
"""
import argparse

import racekit
from racekit.sim.playouts import bench

CASES = [
    ("aeroplane_chess", dict(preset="tournament", players=4)),
    ("aeroplane_chess", dict(preset="family", players=4)),
    ("snow_tails", dict(players=4, track="medium")),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best is shown")
    args = parser.parse_args()
    for name, settings in CASES:
        game = racekit.load_game(name, **settings)
        runs = [bench(game, games=args.games, seed=1000 * r) for r in range(args.repeat)]
        best = max(runs, key=lambda r: r.games_per_second)
        print(f"{name} {settings}: best of {args.repeat}: {best.line()}")


if __name__ == "__main__":
    main()
