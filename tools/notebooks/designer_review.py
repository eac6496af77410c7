# %% [markdown]
# # Designer review: is the rule fair, and what does each option change?
#
# This notebook answers a game designer's two questions with numbers and pictures, for every game
# racekit ships:
#
# 1. **Seat advantage and game length.** Whole games are simulated with `racekit.simulate`; for each seat
#    we show its win rate with a 95% interval (Wilson score interval) next to the *fair share*, the win
#    rate every seat would have if the seat did not matter. When the fair share lies outside a seat's
#    interval, the seat's advantage is larger than chance explains.
# 2. **Ambiguity impact.** Where the rule texts can be read more than one way, racekit offers the
#    readings as options (their clause IDs look like `AC-AMB-02`). Every shipped scenario is run under
#    every reading, and we list those whose verdict flips; then games are simulated under each reading
#    and compared with the same games (same seeds) under the rules as set, with 95% intervals for the
#    change of each seat's win rate and of the game length. The sentence under each table is computed
#    from those numbers, not written by hand.
#
# Every simulated game has its own seed (the `seed` column). `racekit play GAME --seed SEED` or
# `racekit.explore(GAME, seed=SEED)` replays it exactly, so any surprising row can be opened and
# stepped through.
#
# The sample sizes below (a few hundred games a game, fewer per reading) keep the notebook to seconds;
# they show large effects only. The last section shows how to run many more, on this laptop or on a
# cluster.

# %%
import warnings
from concurrent.futures import ProcessPoolExecutor

import matplotlib.pyplot as plt
import pandas as pd

import racekit
from racekit.core.game import game_class, load_game
from racekit.games import SHIPPED
from racekit.sim import kernels, review
from racekit.sim.simulate import length_table, seat_table, simulate_many

warnings.filterwarnings("ignore", category=DeprecationWarning)
pd.set_option("display.width", 120)
pd.set_option("display.max_colwidth", 80)

SEED = 2024
# Games per table: (when a fast kernel plays them, when the rules engine does). The engine is the
# readable reference and several times slower, so settings no kernel covers yet get fewer games;
# `played by` under each table says which one played.
GAMES = {"aeroplane_chess": (300, 100), "snow_tails": (400, 100), "wingsuit": (300, 120),
         "leaf_marathon": (300, 60)}                      # random agents, per preset
OWN_AGENT_GAMES = {"snow_tails": (60, 20), "wingsuit": (30, 10), "leaf_marathon": (100, 16)}
PER_READING = {"aeroplane_chess": (40, 10), "snow_tails": (100, 25), "wingsuit": (40, 8),
               "leaf_marathon": (40, 4)}                  # paired with the first games of GAMES
PROBE = 8   # the first games of a reading: all the same as the default's -> it does not come up


def games(sizes, gid, agents="random", **settings):
    """How many games to play: the first size when a fast kernel plays these settings."""
    game = load_game(gid, **settings)
    fast, _ = kernels.kernel_for(game, (agents,) * game.num_players)
    return sizes[0] if fast is not None else sizes[1]


pool = ProcessPoolExecutor(max_workers=2)   # local processes, one for every simulation below
settings = [(gid, preset) for gid in SHIPPED
            for preset in [p.name for p in game_class(gid).game_type.presets] or [None]]
for gid, preset in settings:
    print(f"{gid} ({preset or 'standard'}): {games(GAMES[gid], gid, preset=preset)} games")

# %% [markdown]
# ## Seat advantage and game length
#
# Random agents sit in every seat (each picks uniformly among its legal actions), so the numbers show
# what the *rules* give each seat, not what skill does with them. A game that declares its own agent
# (the careful drivers and flyers) is also shown with that agent. The fair share is the average number
# of winners per game divided by the seats: 1/4 when one of four players wins, 1/2 when a team of two
# wins. `edge_points` is the win rate minus the fair share, in percentage points.

# %%
jobs = [dict(game=gid, n_games=games(GAMES[gid], gid, preset=preset), seed=SEED, preset=preset)
        for gid, preset in settings]
own = [(gid, name) for gid in SHIPPED for name, _ in game_class(gid).game_type.agents]
jobs += [dict(game=gid, n_games=games(OWN_AGENT_GAMES[gid], gid, name), seed=SEED, agents=name)
         for gid, name in own]
# events off: the tables need rankings and lengths only; one executor call for every table
frames = simulate_many(jobs, pool, progress=False, chunk=10, events=False)
baselines = dict(zip(settings, frames))
own_agents = dict(zip(own, frames[len(settings):]))
# The scenario runs and the reading simulations of the next sections start now, in the pool,
# while this process draws; their cells collect them (`wait=False`).
sweeping = review.scenario_sweeps(SHIPPED, executor=pool, wait=False)
studies = [dict(game=gid, preset=preset, n_games=PER_READING[gid][0], n_engine=PER_READING[gid][1],
                seed=SEED, baseline=baselines[(gid, preset)]) for gid, preset in settings]
measuring = review.impact_tables(studies, executor=pool, probe=PROBE, chunk=8, wait=False)


def show(df, label):
    which = df.attrs.get("implementation")          # the kernel's: "numba" (compiled)
    print(f"{label}: {len(df)} games, played by the {df.attrs['played_by']}"
          + (f" ({which})" if which else ""))
    print(seat_table(df)[["name", "wins", "win_rate", "ci_low", "ci_high", "fair_share",
                          "edge_points"]].round(3).to_string())
    print(length_table(df).round(1).to_string())
    print()


for (gid, preset), df in baselines.items():
    show(df, f"{gid} ({df['preset'].iloc[0]}), random agents")

# %% nbval-ignore-output
for (gid, preset), df in baselines.items():
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2))
    review.plot_seats(df, ax=left)
    review.plot_lengths(df, ax=right)
    fig.tight_layout()
    plt.show()

# %% [markdown]
# With the games' own agents: a careful driver plays a different race from a random one (fewer
# crashes, other race lengths), and the seat advantage can change with it. These agents look ahead
# before each move, so fewer games are played here.

# %%
for (gid, name), df in own_agents.items():
    show(df, f"{gid} with the {name} agent")

# %% nbval-ignore-output
for (gid, name), df in own_agents.items():
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2))
    review.plot_seats(df, ax=left, title=f"{gid}, {name} agents: {len(df)} games")
    review.plot_lengths(df, ax=right, title=f"{gid}, {name} agents: game length")
    fig.tight_layout()
    plt.show()

# %% [markdown]
# ## Ambiguity impact: the scenarios
#
# Each shipped scenario is a small position with an expected outcome under the options it names. Here
# every scenario is run again under every other value of every ambiguity option. A scenario whose
# verdict flips (passes as shipped, fails under the reading) is a place where that reading changes what
# happens: the scenario is evidence for the reading it was written under. Options that pick a board,
# track or card file are left out (they change the course, not a reading of the rules), and so are the
# few that take an open number; each game's list ends with them.

# %%
sweeps = sweeping.result()   # review.scenario_sweeps: one task a scenario file, in the pool
for gid, sweep in sweeps.items():
    flips = review.flips_by_reading(sweep)
    moved = {k: ids for k, ids in flips.items() if ids}
    refused = review.refused_by_reading(sweep)
    print(f"{gid}: {sweep['scenario'].nunique()} scenarios, {len(flips)} readings; "
          f"{int(sweep['changed'].sum())} verdicts change, under {len(moved)} readings")
    for (name, value), ids in moved.items():
        print(f"  {name}={value}: {ids}")
    quiet = [f"{n}={v}" for (n, v), ids in flips.items() if not ids and (n, v) not in refused]
    print("  no scenario changes outcome: " + ", ".join(quiet))
    for (name, value), count in refused.items():
        print(f"  {name}={value}: refused by {count} scenarios' settings")
    left = review.open_options(gid)
    print("  not swept (a content file or an open number, no list of readings): "
          + ", ".join(f"{o.name} ({review.amb_ids(o)})" for o in left))
    print()

# %% [markdown]
# ## Ambiguity impact: the simulations
#
# Each reading plays the same game seeds as the rules as set (the tables above), so the comparison is
# game by game: a game the reading never touches differs by nothing, and the intervals are those of the
# paired differences. When the first `PROBE` games come out exactly the same, the reading does not come
# up in that preset (a tournament-only option in the family game, say) and no more games are played.
# `changed` counts the games whose length or ranking differs; `first_change` is the first seat's change
# of win rate, in percentage points, with its 95% interval (`first_low`, `first_high`); `plies_change`
# is the change of the mean game length. A change is called *outside the 95% interval* when the
# interval of the difference does not contain zero. The games of every reading of every game went
# to the process pool together, right after the seat tables (`review.impact_tables`).

# %%
tables = measuring.result()   # review.impact_tables(studies, executor=pool, probe=PROBE)
impacts = dict(zip(settings, tables))
cols = ["option", "value", "games", "changed", "first_change", "first_low", "first_high", "plies_change",
        "plies_change_pct"]
for (gid, preset), table in impacts.items():
    moved = table[table["effect"] == True]  # noqa: E712
    print(f"{gid} ({baselines[(gid, preset)]['preset'].iloc[0]}): {len(table)} readings, "
          f"{len(moved)} change the games")
    print(moved[cols].round(1).to_string(index=False))
    print()


# %% [markdown]
# ## The decisions in force
#
# Where the rule text is ambiguous, racekit plays one reading by default (the decision) and offers the
# others as options. Every reading above is compared with these decisions (per preset where the
# presets differ); `racekit rules GAME` lists them too, with the clauses behind them.

# %%
for gid in SHIPPED:
    presets = sorted({p for g, p in settings if g == gid}, key=str)
    print(f"{gid}:")
    for line in review.decisions(gid, [p for p in presets if p is not None] or None):
        print("  -", line)
    print()

# %% [markdown]
# The verdicts, in plain words (readings that change the games first; then those that did not come up
# in the sample games of that preset):

# %%
for (gid, preset), table in impacts.items():
    print(f"{gid} ({baselines[(gid, preset)]['preset'].iloc[0]}):")
    for text in table[table["effect"] == True]["verdict"]:  # noqa: E712
        print("  -", text)
    quiet = table[table["effect"] == False]  # noqa: E712
    if len(quiet):
        print(f"  - no difference in {PROBE} sample games: "
              + ", ".join(f"{o}={v}" for o, v in zip(quiet["option"], quiet["value"])))
    for text in table[table["effect"].isna()]["verdict"]:
        print("  -", text)
    print()

# %% nbval-ignore-output
for (gid, preset), table in impacts.items():
    fig = review.plot_readings(table, f"{gid} ({baselines[(gid, preset)]['preset'].iloc[0]}): each "
                                      "reading against the rules as set, paired games, 95% intervals")
    if fig is not None:
        plt.show()

# %% [markdown]
# ## Replaying a game from the table
#
# Every row names its seed. The longest game of the first table, for instance, can be replayed move by
# move with the command below, or opened in the explorer with `racekit.explore(game, seed=...)`.

# %%
(gid, preset), df = next(iter(baselines.items()))
longest = df.loc[df["plies"].idxmax()]
print(f"racekit play {gid} --preset {longest['preset']} --seed {longest['seed']}"
      f"   # {longest['plies']} plies, winner {longest['winner']}")

# %% [markdown]
# ## Scaling up
#
# A few hundred games give intervals of about ±5 percentage points on a win rate, and a reading
# compared on 40 paired games shows only changes of about 20 points or more (game length, which
# varies less, shows much smaller changes); to see a 1-point advantage you need tens of thousands of
# games. `racekit.simulate` spreads the games over local processes by default (one
# per CPU), and any `concurrent.futures.Executor` or a Dask `distributed.Client` can play them instead:
# the table is the same whichever executor plays it, because every game's seed comes from the one
# simulation seed.
#
# ```python
# import racekit
# from racekit.sim import kernels, review
#
# df = racekit.simulate("aeroplane_chess", 100_000, seed=1, preset="tournament")   # all local CPUs
# table = review.impact_table("aeroplane_chess", 5_000, seed=1, preset="tournament")  # every reading
#
# from distributed import Client                        # pip install 'racekit[sim]'
# client = Client("tcp://scheduler:8786")               # or Client() for a local cluster
# df = racekit.simulate("aeroplane_chess", 1_000_000, seed=1, executor=client)
# table = review.impact_table("leaf_marathon", 2_000, seed=1, executor=client)
# df.to_parquet("ac-1M.parquet")
# ```
#
# Here, for instance, 2,000 more tournament games on the same two local processes, with the progress
# bar `racekit.simulate` shows by default (in a notebook it is a widget; in a terminal, text):

# %% nbval-ignore-output
bigger = racekit.simulate("aeroplane_chess", 2_000, seed=1, preset="tournament", executor=pool,
                          events=False)

# %%
show(bigger, "aeroplane_chess (tournament), 2,000 more games")

# %% [markdown]
# From the command line: `racekit simulate aeroplane_chess -n 100000 --seed 1 --out games.parquet`
# prints the same summary table with a progress bar; `-o key=value` sets a rule option (a reading) and
# `--agent` picks the agents. Games the fast kernels cover run many times faster than through the rules
# engine; `df.attrs["played_by"]` says which one played (and `df.attrs["implementation"]` which
# kernel: numba, the compiled one), and `df.attrs["kernel_check"]` how many games of the run were
# also played by the engine to check the kernel (a kernel that differs stops the run).

# %%
pool.shutdown()   # the local processes end here
