"""Leaf Marathon resampling sweep (issue 21): full random races, every seat resampled at points
spread over each race (the last decision included); success rate and time per resample by how
far into the race the point is. Not a test (no timings in tests): run by hand,
``python tools/lm_resample_sweep.py --games 3 --players 2,3,4,5 --points 10`` (``--follow``: each
seat followed through the race, as IS-MCTS resamples). The search draws
at random, so one position may pass in one run and fail in another: ``--rng K`` gives the
searches other random numbers on the same races (compare runs before reading a difference).

``--history FILE`` follows one saved race instead (a JSON file with ``players`` and
``history``, as in tests/fixtures/lm_ismcts_stop_*.json): the seats of ``--seats`` (default
every seat) are resampled ``--calls`` times at each of their decisions with more than one
legal action, the position the history ends at included, as OpenSpiel's IS-MCTS does (one call
per simulation; it does not search where one action is legal), each seat with
``random.Random(rng + 1000 * seat)``; ``--forced`` resamples at forced decisions too.
OpenSpiel's bot itself draws from an unseeded sampler (docs/adapters.md), so this is how a race
where it stopped is replayed: ``python tools/lm_resample_sweep.py --history
tests/fixtures/lm_ismcts_stop_171_4p.json --seats 0 --calls 4 --rng 1 --forced`` raised at ply
751 on stop 41's code (each of its four calls there); since stop 42's repair of that dead end
every call finds a world."""
from __future__ import annotations

import argparse
import random
import sys
import time

from racekit import load_game
from racekit.core.views import ResampleError


def race(players, seed):
    """The decision states of one full random race (clones), in order."""
    game = load_game("leaf_marathon", players=players)
    rng = random.Random(seed)
    st = game.new_initial_state(record_events=False)
    out = []
    while not st.is_terminal():
        if st.is_chance_node():
            o, p = zip(*st.chance_outcomes())
            st.apply_action(rng.choices(o, p)[0])
        else:
            out.append(st.clone())
            st.apply_action(rng.choice(st.legal_actions()))
    return out


def check(state, seat, world):
    assert world.history_for(seat) == state.history_for(seat)
    assert world.observation_string(seat) == state.observation_string(seat)
    assert world.current_player() == state.current_player()
    if state.current_player() == seat:
        assert world.legal_actions() == state.legal_actions()


def measure(stats, frac, st, seat, rng, label):
    """Resample ``st`` for ``seat`` once; tally success and CPU time under ``frac``."""
    t0 = time.process_time()
    try:
        check(st, seat, st.resample(seat, rng))
        ok = True
    except ResampleError as e:
        ok = False
        print(f"FAIL {label} ({frac}%) seat {seat}: {e}", flush=True)
    dt = time.process_time() - t0
    s = stats.setdefault(frac, [0, 0, 0.0, 0.0])
    s[0] += 1
    s[1] += ok
    s[2] += dt
    s[3] = max(s[3], dt)


def report(stats):
    """Print the table by race fraction; 0 when every resample found a world."""
    print("race %  resamples  ok  mean s  max s")
    for frac in sorted(stats):
        c, ok, tot, mx = stats[frac]
        print(f"{frac:6d}  {c:9d}  {ok:3d}  {tot / c:6.3f}  {mx:5.2f}")
    return 0 if all(s[0] == s[1] for s in stats.values()) else 1


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--points", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rng", type=int, default=0, help="offset of the searches' random numbers")
    ap.add_argument("--follow", action="store_true",
                    help="follow each seat on one state object through the race, resampled at "
                         "every one of its decisions (resample_follow: each search starts from "
                         "the worlds found at the seat's previous decision), as IS-MCTS does")
    ap.add_argument("--history", help="follow the saved race in this JSON file (players, history)")
    ap.add_argument("--seats", help="with --history: the seats followed, e.g. 0 or 0,2")
    ap.add_argument("--calls", type=int, default=1,
                    help="with --history: resamples at each decision (IS-MCTS: one a simulation)")
    ap.add_argument("--forced", action="store_true",
                    help="with --history: resample at decisions with one legal action too")
    a = ap.parse_args(argv)
    if not a.history and (a.seats or a.calls != 1 or a.forced):
        ap.error("--seats, --calls and --forced go with --history")
    if a.calls < 1:
        ap.error("--calls must be at least 1")
    if a.history:
        return replay(a)
    if a.follow:
        return follow(a)
    stats = {}
    for players in [int(x) for x in a.players.split(",")]:
        for g in range(a.games):
            seed = a.seed + 100 * players + g
            states = race(players, seed)
            n = len(states)
            idx = sorted({min(n - 1, round(i * (n - 1) / (a.points - 1))) for i in range(a.points)})
            rng = random.Random(seed + a.rng)
            for i in idx:
                st = states[i]
                frac = round(10 * i / max(1, n - 1)) * 10
                for seat in range(players):
                    measure(stats, frac, st, seat, rng, f"p{players} g{g} ply {st.ply}")
            print(f"players {players} game {g}: {n} decisions, {states[-1].ply} plies", flush=True)
    return report(stats)


def follow_seat(stats, players, hist, seat, rng, label, calls=1, forced=False):
    """One state object replays ``hist`` and is resampled for ``seat`` ``calls`` times at each
    of its decisions with more than one legal action (every one with ``forced``), the position
    the history ends at included, as IS-MCTS resamples (one call a simulation)."""
    st = load_game("leaf_marathon", players=players).new_initial_state(record_events=False)
    for k in range(len(hist) + 1):
        if not st.is_terminal() and st.current_player() == seat \
                and (forced or len(st.legal_actions()) > 1):
            frac = round(10 * k / max(1, len(hist))) * 10
            for _ in range(calls):
                measure(stats, frac, st, seat, rng, f"{label} ply {k}")
        if k < len(hist):
            st.apply_action(hist[k])


def follow(a):
    """``--follow``: per race and seat, one state object replays the race and is resampled for
    the seat at each of its decisions; success rate and time by how far into the race."""
    stats = {}
    for players in [int(x) for x in a.players.split(",")]:
        for g in range(a.games):
            seed = a.seed + 100 * players + g
            hist = race(players, seed)[-1].history()
            for seat in range(players):
                follow_seat(stats, players, hist, seat, random.Random(seed + a.rng + 1000 * seat),
                            f"p{players} g{g}")
                print(f"players {players} game {g} seat {seat} done", flush=True)
    return report(stats)


def replay(a):
    """``--history``: one saved race; each seat of ``--seats`` followed as in
    :func:`follow_seat`, ``--calls`` times a decision (forced ones with ``--forced``)."""
    import json
    from pathlib import Path
    data = json.loads(Path(a.history).read_text(encoding="utf-8"))
    players, hist = int(data["players"]), [int(x) for x in data["history"]]
    seats = [int(x) for x in a.seats.split(",")] if a.seats else list(range(players))
    if any(not 0 <= seat < players for seat in seats):
        raise SystemExit(f"--seats: {a.history} is a {players}-player race (seats 0 to {players - 1})")
    stats = {}
    for seat in seats:
        follow_seat(stats, players, hist, seat, random.Random(a.rng + 1000 * seat),
                    Path(a.history).name, a.calls, a.forced)
        print(f"seat {seat} done", flush=True)
    return report(stats)


if __name__ == "__main__":
    sys.exit(main())
