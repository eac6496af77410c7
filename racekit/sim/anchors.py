"""``racekit bench --anchors``: racekit's playouts beside two public Ludo engines, in one run.

Anchors (the optional ``bench`` extra, ``pip install racekit[bench]``): OpenSpiel's
``maedn`` (C++ Ludo driven from a Python loop) and ``ludopy`` (pure-Python Ludo),
both with 4 players and uniformly random moves. A missing anchor is skipped and
said so. Every subject runs for a fixed slice of CPU time in each of several
rounds, the subjects interleaved within a round, so that a busy machine slows all
of them alike (each plays one untimed game first: imports and compiled code are
loaded before the clock runs); the table gives games per CPU-second (best round
and median) and plies per game, and says which implementation played.

racekit's subjects are every shipped game with random agents in every seat and with each
of its own agents, through :func:`racekit.sim.simulate`'s path (its fast kernel where it
has one, else the engine with events off), and every game's engine on its own (random
agents, events off), which plays wherever numba is missing. A kernel is checked against the
engine on games it played (:func:`racekit.sim.kernels.check_kernel`) before the table is
printed; the notes give the check's share of the subject's CPU time. The
targets: Aeroplane Chess tournament >= 1.5x maedn and >= 15x
ludopy; every game >= 0.8x maedn; careful Snow Tails (4 seats) >= 200 games/s.
"""
from __future__ import annotations

import importlib.util
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from ..core.game import load_game
from .kernels import bail_words, check_kernel, kernel_for, played_by
from .playouts import playout
from .simulate import game_seed

TARGETS = {"maedn": 1.5, "ludopy": 15.0}


@dataclass
class Subject:
    """One thing timed: ``run(seed) -> plies`` plays one whole game."""

    name: str
    run: object
    note: str = ""
    agent: str = "random"
    detail: object = None     # called after the runs: more words for the notes
    bail_rate: object = None  # a compiled kernel's running (games started, games bailed) counts
    bails: list = field(default_factory=lambda: [0, 0])   # this subject's own timed games, bails
    check: object = None      # check(seeds) -> KernelCheck: the kernel against the engine
    checked: object = None    # what check() found, after the runs
    engine: bool = False      # the engine's own playout (not held to the kernels' targets)
    played: list = field(default_factory=list)     # (start, games) of each time slice
    rates: list = field(default_factory=list)      # games per CPU-second, per round
    plies: list = field(default_factory=list)      # plies per game, per round

    @property
    def best(self) -> float:
        return max(self.rates) if self.rates else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else 0.0

    def more(self) -> str:
        """More words for the notes: how many of this subject's own timed games a compiled
        kernel handed back to Python (its counts are module-wide, so they are taken around
        this subject's time slices only; the warm-up and other subjects' games do not count)."""
        words = []
        if self.bail_rate is not None:
            words.append(bail_words(*self.bails))
        elif self.detail:
            words.append(self.detail())
        if self.checked is not None:
            timed = sum(g / r for (_, g), r in zip(self.played, self.rates))
            words.append(self.checked.words(timed + self.checked.seconds))
        return "; ".join(w for w in words if w)

    def run_check(self) -> None:
        """Check the kernel against the engine on games this subject played (before the
        table is printed); raises :class:`racekit.sim.kernels.KernelMismatchError`."""
        if self.check is not None:
            self.checked = self.check([game_seed(start, i) for start, games in self.played
                                       for i in range(games)])


def racekit_subject(game_id: str, agent: str = "random", label: str | None = None,
                    engine: bool = False, **settings) -> Subject:
    """Whole games of ``game_id`` with ``agent`` in every seat (kernel, else engine events off;
    ``engine``: the engine's own playout, events off, whatever kernel the game has)."""
    from ..core.agents import make_agent
    game = load_game(game_id, **settings)
    agents = (agent,) * game.num_players
    kernel, why = (None, "") if engine else kernel_for(game, agents)
    check = None
    if kernel is not None:
        def run(seed):
            return kernel.play(game, seed, agents).plies

        def check(seeds):
            return check_kernel(game, agents, seeds, kernel)
        note = played_by(kernel)
        # a compiled kernel that hands rare games back to the engine says how many
        counts = getattr(kernel, "bail_rate", None)
    else:
        counts = None

        def run(seed):
            players = [make_agent(agent, seed, game) for _ in range(game.num_players)]
            return playout(game, seed, lambda st, ply: players[st.current_player()](st, ply)).ply
        note = "engine, events off" + (f" ({why})" if why else "")
    name = label or (f"{game_id}" + (f" {settings['preset']}" if settings.get("preset") else "")
                     + (f" {agent}" if agent != "random" else "") + (" engine" if engine else ""))
    return Subject(name, run, f"{game.num_players} seats, {note}", agent, bail_rate=counts,
                   check=check, engine=engine)


# how a user gets the anchors: the same words as the sim extra's message in racekit/cli.py
BENCH_EXTRA_HINT = ("the bench extra has it: in a racekit folder bash tools/setup.sh lab,sim,bench; "
                    "elsewhere pip install 'racekit[bench]'")


def maedn_subject():
    """OpenSpiel ``maedn``, 4 players, random legal moves and chance outcomes (or None, why)."""
    if importlib.util.find_spec("pyspiel") is None:
        return None, f"maedn skipped: open_spiel is not installed ({BENCH_EXTRA_HINT})"
    import random

    import pyspiel
    game = pyspiel.load_game("maedn", {"players": 4})

    def run(seed):
        # a foreign engine's driver loop: a plain fast generator, not racekit's chance
        pick = random.Random(seed).random
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(pick() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(pick() * len(legal))])
            plies += 1
        return plies
    return Subject("maedn (OpenSpiel)", run, "4 players, C++; lean loop (stdlib random)"), ""


def maedn_example_subject():
    """``maedn`` driven as OpenSpiel's own ``example.py`` drives a game (numpy choice over the
    chance outcomes' probabilities, ``random.choice`` of a legal action): context only."""
    if importlib.util.find_spec("pyspiel") is None:
        return None, ""
    import random

    import numpy as np
    import pyspiel
    game = pyspiel.load_game("maedn", {"players": 4})

    def run(seed):
        rng = random.Random(seed)
        np.random.seed(seed % (2 ** 32))
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(np.random.choice(actions, p=probs)))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        return plies
    return Subject("maedn, OpenSpiel example loop", run, "context: numpy choice per chance node"), ""


def chance_cost(plies: float, repeats: int = 20000, games: int = 200) -> tuple[float, float, float]:
    """Microseconds per racekit chance draw with ``uniform``; milliseconds per game of ``plies``
    draws that way; milliseconds per game for a compiled kernel's numbers (``stream_array``,
    the die's and the random agent's numbers for every ply)."""
    from ..core.chance import stream_array, uniform
    t0 = time.process_time()
    for i in range(repeats):
        uniform(12345, i, 0)
    per = (time.process_time() - t0) / repeats
    stop = int(plies) + 1
    stream_array(1, 0, 1)   # imports NumPy
    t0 = time.process_time()
    for seed in range(games):
        stream_array(10**6 + seed, 0, stop)
        stream_array(10**6 + seed, 0xA6E27, stop)
    arrays = (time.process_time() - t0) / games
    return 1e6 * per, 1e3 * per * plies, 1e3 * arrays


def ludopy_subject():
    """``ludopy``, 4 players, random movable piece (or None, why)."""
    if importlib.util.find_spec("ludopy") is None:
        return None, f"ludopy skipped: ludopy is not installed ({BENCH_EXTRA_HINT})"
    import random

    import ludopy
    import numpy as np

    def run(seed):
        np.random.seed(seed % (2 ** 32))   # ludopy rolls its die with numpy's global generator
        pick = random.Random(seed).random
        g = ludopy.Game()
        plies = 0
        while True:
            (dice, movable, *_rest, there_is_a_winner), _player = g.get_observation()
            if there_is_a_winner:
                return plies
            piece = movable[int(pick() * len(movable))] if len(movable) else -1
            g.answer_observation(piece)
            plies += 2 if len(movable) else 1     # a roll, and a move when one is possible
    return Subject("ludopy", run, "4 players, pure Python; plies = rolls + moves"), ""


def _time_slice(subject: Subject, seconds: float, start: int) -> int:
    """Play games until ``seconds`` of CPU time pass; record the rate. Returns games played."""
    games = plies = 0
    before = subject.bail_rate() if subject.bail_rate is not None else None
    t0 = time.process_time()
    while True:
        plies += subject.run(game_seed(start, games))
        games += 1
        elapsed = time.process_time() - t0
        if elapsed >= seconds:
            break
    if before is not None:
        after = subject.bail_rate()
        subject.bails[0] += after[0] - before[0]
        subject.bails[1] += after[1] - before[1]
    subject.rates.append(games / elapsed)
    subject.played.append((start, games))
    subject.plies.append(plies / games)
    return games


def import_time(repeats: int = 5) -> float:
    """Median wall seconds of ``import racekit`` in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import racekit; print(time.perf_counter() - t)"
    times = []
    for _ in range(repeats):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout.strip()))
    return statistics.median(times)


def explorer_steps(game_id: str):
    """Explorer Step p50/p95 in ms from ``racekit bench --explorer``'s module, or None if absent."""
    if importlib.util.find_spec("racekit.sim.explorer_bench") is None:
        return None
    import matplotlib
    matplotlib.use("Agg")
    from .explorer_bench import bench_explorer
    result = bench_explorer(game_id, steps=40, seed=0)
    return result.step_p50, result.step_p95


def run_anchors(rounds: int = 3, seconds: float = 1.0, explorer: bool = True, echo=print) -> dict:
    """Measure everything and print the table; returns the numbers (for tests and notes)."""
    from ..games import SHIPPED
    from ..core.game import game_class
    subjects = []
    for gid in SHIPPED:
        # Aeroplane Chess is measured as its target is set: tournament, 4 seats
        settings = {"preset": "tournament"} if gid == "aeroplane_chess" else {}
        subjects.append(racekit_subject(gid, **settings))
        for name, _target in game_class(gid).game_type.agents:   # a game's own agents: whole races
            subjects.append(racekit_subject(gid, agent=name, **settings))
    for gid in SHIPPED:   # the engine's own playouts (events off): what plays without numba
        settings = {"preset": "tournament"} if gid == "aeroplane_chess" else {}
        subjects.append(racekit_subject(gid, engine=True, **settings))
    notes = []
    anchors = {}
    for key, make in (("maedn", maedn_subject), ("ludopy", ludopy_subject),
                      ("maedn_example", maedn_example_subject)):
        subject, why = make()
        if subject is None:
            if why:
                notes.append(why)
        else:
            anchors[key] = subject
            subjects.append(subject)
    echo(f"racekit bench --anchors: {rounds} rounds x {seconds:.1f} CPU-s per subject, interleaved; "
         "games per CPU-second (one process)")
    for subject in subjects:
        subject.run(game_seed(10**6, 0))   # warm-up, untimed: imports, caches, numba's compiled code
    for r in range(rounds):
        for subject in subjects:
            _time_slice(subject, seconds, start=1000 * r)
    for subject in subjects:   # every kernel against the engine, before anything is reported
        subject.run_check()
    maedn = anchors.get("maedn")
    echo(f"{'subject':<34}{'games/s best':>13}{'median':>9}{'plies/game':>12}"
         f"{'x maedn':>9}  notes")
    for s in subjects:
        ratio = f"{s.best / maedn.best:>9.2f}" if maedn else f"{'-':>9}"
        more = s.more()
        echo(f"{s.name:<34}{s.best:>13.1f}{s.median:>9.1f}{statistics.mean(s.plies):>12.0f}"
             f"{ratio}  {s.note}" + (f"; {more}" if more else ""))
    for note in notes:
        echo(note)
    out = {"subjects": {s.name: {"best": s.best, "median": s.median,
                                 "plies": statistics.mean(s.plies)} for s in subjects}}
    ac = subjects[0] if SHIPPED and SHIPPED[0] == "aeroplane_chess" else None
    ac = next((s for s in subjects if s.name.startswith("aeroplane_chess")), ac)
    for key, subject in anchors.items():
        if ac is None:
            continue
        ratio = ac.best / subject.best
        out[f"ratio_{key}"] = ratio
        if key in TARGETS:
            echo(f"ratio aeroplane_chess/{key} {ratio:.2f}   (target >= {TARGETS[key]})")
        else:
            echo(f"(context) aeroplane_chess / {subject.name}: {ratio:.2f}")
    if ac is not None:
        plies = statistics.mean(ac.plies)
        per_draw, per_game, arrays = chance_cost(plies)
        game_ms = 1000 / ac.best
        echo(f"racekit chance: one keyed-hash draw with uniform() costs {per_draw:.2f} us here "
             f"({per_game:.2f} ms for the {plies:.0f} draws of an Aeroplane Chess game); a game's "
             f"numbers as arrays (stream_array, die and agent) {arrays:.3f} ms "
             f"= {100 * arrays / game_ms:.0f}% of a kernel game ({game_ms:.3f} ms)")
    if maedn:
        for s in subjects:
            if s.agent != "random" or s.engine:
                continue
            if s in anchors.values():
                continue   # the anchors themselves
            if s.best < 0.8 * maedn.best:
                echo(f"below target: {s.name} is {s.best / maedn.best:.2f}x maedn (target >= 0.8)")
    careful = next((s for s in subjects if s.name == "snow_tails careful"), None)
    if careful is not None:
        echo(f"careful snow_tails 4 seats: {careful.best:.0f} games/s (target >= 200)")
    if explorer:
        try:
            for gid in SHIPPED:
                steps = explorer_steps(gid)
                if steps is None:
                    echo("explorer Step: skipped (racekit bench --explorer is not on this branch)")
                    break
                echo(f"explorer Step {gid}: p50 {steps[0]:.1f} ms, p95 {steps[1]:.1f} ms")
                out[f"step_{gid}"] = steps
        except Exception as exc:  # the explorer bench is another module's; report, do not fail
            echo(f"explorer Step: failed ({type(exc).__name__}: {exc})")
    t = import_time()
    out["import_racekit"] = t
    echo(f"import racekit: {1000 * t:.0f} ms (median of 5 fresh interpreters)")
    return out
