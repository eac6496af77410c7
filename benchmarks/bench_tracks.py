"""Building a Snow Tails track from its tiles: time against size (a benchmark, not a test).

    .venv/bin/python benchmarks/bench_tracks.py

A track is built in time linear in its number of squares (bisection, no scan of a
whole lane per square): doubling the straight tiles about doubles the time.
Measured on the 2-core shared machine: 9 lanes, 10 tiles of 200 rows (18,072
squares) in 0.44 s; before the change the same track took 25.7 s.
"""
import time

from racekit.boards.lane import LaneTrack, load_spec


def spec(tiles: int, rows: int = 200, lanes: int = 9):
    return load_spec({"name": "big", "lanes": lanes, "start_slots": [[0, 1]],
                      "tiles": [{"kind": "start", "rows": 5}]
                      + [{"kind": "straight", "rows": rows} for _ in range(tiles)]
                      + [{"kind": "corner", "turn": "left", "squares": list(range(3, 3 + lanes))}]
                      + [{"kind": "finish", "rows": 3}]})


def main() -> None:
    for tiles in (1, 2, 5, 10):
        s = spec(tiles)
        start = time.perf_counter()
        track = LaneTrack(s)
        took = time.perf_counter() - start
        print(f"{tiles:3d} tiles: {track.num_squares:6d} squares in {took:6.3f} s "
              f"({1e6 * took / track.num_squares:5.1f} us a square)")


if __name__ == "__main__":
    main()
