"""Random playouts per second (one process, events off): a benchmark, not a test.

    .venv/bin/python benchmarks/bench_playouts.py            # both games, default settings
    .venv/bin/python benchmarks/bench_playouts.py --games 1000
"""
import argparse

import racekit
from racekit.sim.playouts import bench

CASES = [  # (game, settings, agent in every seat)
    ("aeroplane_chess", dict(preset="tournament", players=4), "random"),
    ("aeroplane_chess", dict(preset="family", players=4), "random"),
    ("snow_tails", dict(players=4, track="medium"), "random"),   # random drivers mostly crash out
    ("snow_tails", dict(players=4, track="medium"), "careful"),  # whole races: every sled finishes
    ("wingsuit", dict(players=3), "random"),
    ("wingsuit", dict(players=3), "careful"),                     # whole games, few crashes
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best is shown")
    args = parser.parse_args()
    for name, settings, agent in CASES:
        game = racekit.load_game(name, **settings)
        games = args.games if agent == "random" else max(1, args.games // 10)
        runs = [bench(game, games=games, seed=1000 * r, agent=agent) for r in range(args.repeat)]
        best = max(runs, key=lambda r: r.games_per_second)
        print(f"best of {args.repeat}: {best.line()}")


if __name__ == "__main__":
    main()
