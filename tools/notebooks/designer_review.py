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
#    readings as options (their clause IDs look like `AC-AMB-02`). For each reading we run every shipped
#    scenario and list those whose verdict flips, then simulate games under that reading and compare the
#    win rates and the game length with the default, again with 95% intervals. The sentence under each
#    table is computed from those numbers, not written by hand.
#
# Every simulated game has its own seed (the `seed` column). `racekit play GAME --seed SEED` or
# `racekit.explore(GAME, seed=SEED)` replays it exactly, so any surprising row can be opened and
# stepped through.
#
# The numbers here come from 200 games per game (fewer per reading, and fewer for Leaf Marathon, which has no fast
# playout kernel yet), so the notebook runs in seconds; the last section shows how to run many more, on this laptop
# or on a cluster.

# %%
import warnings

import matplotlib.pyplot as plt
import pandas as pd

import racekit
from racekit.core.game import game_class
from racekit.games import SHIPPED
from racekit.sim import kernels, review
from racekit.sim.simulate import length_table, seat_table

warnings.filterwarnings("ignore", category=DeprecationWarning)
pd.set_option("display.width", 120)
pd.set_option("display.max_colwidth", 80)

GAMES = 200          # games per game and preset for seat advantage and length
PER_READING = 16     # games per ambiguity reading (paired with the first PER_READING default games)
PROBE = 2            # games that show whether a reading comes up at all
SLOW = {"leaf_marathon": 60}   # games played by the rules engine (no fast kernel yet): fewer games
SEED = 2024
print("games:", ", ".join(SHIPPED))

# %% [markdown]
# ## Seat advantage and game length
#
# Random agents sit in every seat (each picks uniformly among its legal actions), so the numbers show
# what the *rules* give each seat, not what skill does with them. A game that declares its own agent
# (Snow Tails' `careful` driver) is also shown with that agent. The fair share is the average number of
# winners per game divided by the seats: 1/4 when one of four players wins, 1/2 when a team of two wins.

# %%
baselines = {}
for gid in SHIPPED:
    gt = game_class(gid).game_type
    for preset in [p.name for p in gt.presets] or [None]:
        # events off: the tables need rankings and lengths only; in this process (no start-up cost)
        df = racekit.simulate(gid, SLOW.get(gid, GAMES), seed=SEED, preset=preset, progress=False,
                              workers=1, events=False)
        baselines[(gid, preset)] = df
        print(f"{gid} ({df['preset'].iloc[0]}), {len(df)} games, played by {df.attrs['played_by']}")
        print(seat_table(df)[["name", "wins", "win_rate", "ci_low", "ci_high", "fair_share",
                              "edge_points"]].round(3).to_string())
        print(length_table(df).round(1).to_string())
        print()

# %% nbval-ignore-output
for (gid, preset), df in baselines.items():
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2))
    review.plot_seats(df, ax=left)
    review.plot_lengths(df, ax=right)
    fig.tight_layout()
    plt.show()

# %% [markdown]
# With the games' own agents: a careful driver plays a different race from a random one (fewer
# crashes, longer races), and the seat advantage can change with it.

# %%
own_agents = {}
for gid in SHIPPED:
    gt = game_class(gid).game_type
    for name, _target in gt.agents:
        game = racekit.load_game(gid)
        fast, _ = kernels.kernel_for(game, (name,) * game.num_players)
        n = GAMES // 3 if fast else GAMES // 9     # the rules engine plays the rest: fewer games
        df = racekit.simulate(gid, n, agents=name, seed=SEED, progress=False, workers=1,
                              events=False)
        own_agents[(gid, name)] = df
        print(f"{gid} with the {name} agent, {len(df)} games, played by {df.attrs['played_by']}")
        print(seat_table(df)[["name", "wins", "win_rate", "ci_low", "ci_high", "fair_share",
                              "edge_points"]].round(3).to_string())
        print(length_table(df).round(1).to_string())
        print()

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
# every scenario is run again under every other reading of every ambiguity option. A scenario whose
# verdict flips (passes as shipped, fails under the reading, or the other way round) is a place where
# that reading changes what happens. Options that only pick a board or track file are left out: they
# change the course, not a reading of the rules.

# %%
from concurrent.futures import ProcessPoolExecutor

pool = ProcessPoolExecutor(max_workers=2)   # local processes, reused by the simulations below
sweeps = {gid: review.scenario_sweep(gid, executor=pool) for gid in SHIPPED}
for gid, sweep in sweeps.items():
    flips = review.flips_by_reading(sweep)
    print(f"{gid}: {sweep['scenario'].nunique()} scenarios x {len(flips)} readings; "
          f"{int(sweep['changed'].sum())} verdicts change")
    for (name, value), ids in flips.items():
        print(f"  {name}={value}: " + (ids if ids else "no scenario changes outcome"))
    print()

# %% [markdown]
# ## Ambiguity impact: the simulations
#
# For each reading, the first few games are played again with the same seeds; if they come out
# exactly the same, the reading never comes up in that preset (a tournament-only option in the family
# game, say) and no more games are needed. Otherwise `PER_READING` games are played and compared with
# the same number of default games. Leaf Marathon's games run through the rules engine (no fast kernel
# yet), so here its readings are only probed: the table says which ones come up, and
# `review.impact_table("leaf_marathon", 200)` sizes them (about a minute). `first_change` is the first seat's change of win rate, in
# percentage points, with its 95% interval (`first_low`, `first_high`); `plies_change` is the change of
# the mean game length. A change is called *outside the 95% interval* when the interval of the
# difference does not contain zero.

# %%
impacts = {}
for (gid, preset), df in baselines.items():
    base = df.iloc[:PER_READING].reset_index(drop=True)
    base.attrs = df.attrs
    table = review.impact_table(gid, PER_READING, seed=SEED, preset=preset, baseline=base,
                                probe=PROBE, executor=pool, chunk=8, measure=gid not in SLOW)
    impacts[(gid, preset)] = table
    moved = table[table["effect"] == True]  # noqa: E712
    print(f"{gid} ({df['preset'].iloc[0]}): {len(table)} readings, {len(moved)} change the games")
    cols = ["option", "value", "first_change", "first_low", "first_high", "plies_change",
            "plies_change_pct"]
    if gid in SLOW:   # probed only: which readings come up
        cols = ["option", "value", "clauses"]
    print(moved[cols].round(1).to_string(index=False))
    print()

# %%
pool.shutdown()

# %% [markdown]
# The verdicts, in plain words (only readings that change the games; the others do not come up in that
# preset):

# %%
for (gid, preset), table in impacts.items():
    print(f"{gid} ({preset or 'default'}):")
    for text in table[table["effect"] == True]["verdict"]:  # noqa: E712
        print("  -", text)
    quiet = table[table["effect"] == False]  # noqa: E712
    if len(quiet):
        print("  - no difference in the sample games: "
              + ", ".join(f"{o}={v}" for o, v in zip(quiet["option"], quiet["value"])))
    print()

# %% nbval-ignore-output
for (gid, preset), table in impacts.items():
    moved = table[table["effect"] == True].reset_index(drop=True)  # noqa: E712
    if not len(moved) or gid in SLOW:   # nothing moved, or probed only (no numbers to plot)
        continue
    labels = [f"{o}={v}" for o, v in zip(moved["option"], moved["value"])]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.35 * len(moved) + 1.2), sharey=True)
    y = range(len(moved))
    left.errorbar(moved["first_change"], y, xerr=[moved["first_change"] - moved["first_low"],
                                                  moved["first_high"] - moved["first_change"]],
                  fmt="o", capsize=3)
    left.axvline(0, color="grey", lw=0.8)
    left.set_yticks(list(y), labels, fontsize=8)
    left.set_xlabel("first seat's win rate change (points)")
    right.errorbar(moved["plies_change_pct"], y,
                   xerr=[100 * (moved["plies_change"] - moved["plies_low"]) / baselines[(gid, preset)]["plies"].mean(),
                         100 * (moved["plies_high"] - moved["plies_change"]) / baselines[(gid, preset)]["plies"].mean()],
                   fmt="o", color="#31a354", capsize=3)
    right.axvline(0, color="grey", lw=0.8)
    right.set_xlabel("game length change (%)")
    fig.suptitle(f"{gid} ({preset or 'default'}): each reading against the default, 95% intervals",
                 fontsize=10)
    fig.tight_layout()
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
# A few hundred games give intervals of about ±5 percentage points; to see a 1-point advantage you need
# tens of thousands. `racekit.simulate` spreads the games over local processes by default (one per CPU),
# and any `concurrent.futures.Executor` or a Dask `distributed.Client` can play them instead: the table
# is the same whichever executor plays it, because every game's seed comes from the one simulation seed.
#
# ```python
# df = racekit.simulate("aeroplane_chess", 100_000, seed=1, preset="tournament")   # all local CPUs
#
# from distributed import Client                        # pip install 'racekit[sim]'
# client = Client("tcp://scheduler:8786")               # or Client() for a local cluster
# df = racekit.simulate("aeroplane_chess", 1_000_000, seed=1, executor=client)
# df.to_parquet("ac-1M.parquet")
# ```
#
# From the command line: `racekit simulate aeroplane_chess -n 100000 --seed 1 --out games.parquet`
# prints the same summary table with a progress bar; `-o key=value` sets a rule option and `--agent`
# picks the agents. Games the fast kernels cover run many times faster than through the rules engine;
# `df.attrs["played_by"]` says which one played.
