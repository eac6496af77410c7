# %% [markdown]
# # Designer review: who wins by play order, how games end, and what each reading changes
#
# This notebook answers a game designer's questions with numbers that hold when you run many more
# games, for every game racekit ships:
#
# 1. **Play order.** Does the first player to act (the first roller, the first to place, the first in
#    round 1's order, as each game defines it) win more than the fair share? Win rates by position in
#    the first round's order of play, with 95% intervals. The colours come second: where the start
#    player is drawn at random, a colour's win rate cannot show an advantage of playing first.
# 2. **Completion and quality.** How games end (a winner, a shared first place, every seat
#    eliminated, stopped by a guard), how long they last and how much that varies, how often the
#    lead changes, how early the winner takes the lead for good, and how often the winner comes
#    from behind.
# 3. **Readings.** Where the rule texts can be read more than one way, racekit offers the readings as
#    options (their clause IDs look like `AC-AMB-02`). Every reading is played on the same game seeds
#    as the rules as set (paired games), in rounds, until its verdict is decided:
#    **changes … by X [lo, hi]** (confirmed on a fresh set of games before it is printed),
#    **no change beyond ±T**, or **not enough games to tell**.
#
# The numbers below were played by one command, `racekit review --all`, and stored in
# `notebooks/review/` (a test checks them against a fresh run), so this page opens in seconds.
# Every game has its own seed: `racekit play GAME --seed SEED` or `racekit.explore(GAME, seed=SEED)`
# replays it exactly.

# %%
import warnings
from concurrent.futures import ProcessPoolExecutor

import matplotlib.pyplot as plt
import pandas as pd

import racekit
from racekit.games import SHIPPED
from racekit.sim import designer, heatmap, review
from racekit.sim.quality import quality_table
from racekit.sim.simulate import completion_table, position_table, seat_table

warnings.filterwarnings("ignore", category=DeprecationWarning)
pd.set_option("display.width", 120)
pd.set_option("display.max_colwidth", 90)

reviews = designer.stored_reviews()          # racekit review --all (notebooks/review/*.parquet)
pool = ProcessPoolExecutor(max_workers=2)     # the scenario runs below
sweeping = review.scenario_sweeps(SHIPPED, executor=pool, wait=False)
for name, rv in reviews.items():
    s = rv.settings
    print(f"{name}: {len(rv.baseline):,} games of the rules as set, {len(rv.verdicts)} readings, "
          f"budget {s['budget']:,} paired games per reading, seed {s['seed']}")

# %% [markdown]
# ## Who wins by play order
#
# Random agents sit in every seat (each picks uniformly among its legal actions), so the numbers show
# what the *rules* give each position, not what skill does with them. The fair share is the average
# number of winners per finished game divided by the seats (1/4 when one of four wins, 1/2 when a
# side of two partners wins). Win rates are among finished games (games with a winner); the first
# line also gives the rate over all games, where a game nobody wins counts as a loss for everyone.

# %%
for name, rv in reviews.items():
    print(name)
    for line in rv.header[1:-1]:          # all but the settings line and the verdicts line
        print("  " + line)
    print()

# %% nbval-ignore-output
for name, rv in reviews.items():
    fig, (left, mid, right) = plt.subplots(1, 3, figsize=(14, 3.2))
    designer.plot_positions(rv.baseline, ax=left, title=f"{name}: by play order")
    designer.plot_positions(rv.baseline, ax=mid, title=f"{name}: by colour", by="colour")
    review.plot_lengths(rv.baseline, ax=right, title=f"{name}: game length")
    fig.tight_layout()
    plt.show()

# %% [markdown]
# The same games by colour (the second view). Where the start player is drawn at random, every
# colour plays first equally often, so an advantage of playing first is spread over all colours.

# %%
for name, rv in reviews.items():
    print(name)
    print(seat_table(rv.baseline)[["name", "wins", "win_rate", "ci_low", "ci_high", "fair_share",
                                   "edge_points"]].round(3).to_string())
    print()

# %% [markdown]
# ## How games end, and the quality measures
#
# The measures follow the game-design literature (Browne's measures for evolved games, Ludii's
# metrics). *Duration spread* is the standard deviation of the game length over its mean.
# *Drawishness* is the share of games whose first place is shared. The lead measures replay the first
# 200 games of each table and note the leader (the one seat strictly furthest along, by the game's own
# measure of progress) at the end of every round: *lead changes* per game; *decisiveness*, the share
# of the rounds played when the eventual winner took the lead for good (small: decided early);
# *comeback rate*, the share of won games whose winner was not leading halfway.

# %%
for name, rv in reviews.items():
    print(name)
    print(completion_table(rv.baseline)[["games", "share", "ci_low", "ci_high", "meaning"]]
          .round(3).to_string())
    print(quality_table(rv.baseline)[["value", "low", "high", "games", "meaning"]].round(3).to_string())
    print()

# %% [markdown]
# ## What each reading changes
#
# Each reading plays the same seeds as the rules as set, in rounds of doubling size, until its
# interval decides against the threshold (3 points of the first player's edge, 3% of the mean game
# length) or the budget runs out. The first player's *edge* is its win rate minus the fair share,
# over all games: a reading that only changes how often a first place is shared (a tie-break), or how
# often nobody wins, does not move it. Only changes confirmed on fresh games are called changes; the
# rest say how sure the review is. The line before the verdicts says how the error is controlled
# across all of them.

# %%
for name, rv in reviews.items():
    print(name)
    print("  " + rv.header[-1])
    for line in rv.verdicts["line"]:
        print("  - " + line)
    print()

# %% nbval-ignore-output
for name, rv in reviews.items():
    s = rv.settings
    fig = designer.plot_verdicts(rv.verdicts, s["threshold"], s["length_threshold"],
                                 f"{name}: each reading against the rules as set (green band: "
                                 "within the threshold)")
    if fig is not None:
        plt.show()

# %% [markdown]
# ## Where things happen
#
# The first 200 games of each table were replayed with their events recorded, and every capture
# (Aeroplane Chess, by loop square), damage (Snow Tails, by the sled's square after its move), faint
# (Leaf Marathon, by square, every leg) and crash (Wingsuit Flight, by hex) was counted where it
# happened. Each disc's area and colour grow with its count. Wingsuit deals a new track every game,
# so its crashes are placed by column and row over one game's board; crashes below the bottom row
# fell off the track.

# %%
for name, rv in reviews.items():
    heat = rv.settings.get("heat") or {}
    if heat:
        top = sorted(heat["places"].items(), key=lambda kv: -kv[1])[:5]
        print(f"{name}: {heat['events']} {heat['kind']} events in {heat['games']} games; most at "
              + ", ".join(f"{place} ({count})" for place, count in top))

# %% nbval-ignore-output
for name, rv in reviews.items():
    heat = rv.settings.get("heat") or {}
    if heat:
        s = rv.settings
        game = racekit.load_game(s["game"], preset=s["preset"], players=s["players"], **s["options"])
        fig, ax = plt.subplots(figsize=(7, 5.5))
        heatmap.plot_heatmap(game, heat, seed=int(rv.baseline["seed"].iloc[0]), ax=ax,
                             title=f"{name}: {heat['kind']} by place ({heat['games']} games)")
        plt.show()

# %% [markdown]
# ## Readings in the scenarios
#
# Each shipped scenario is a small position with an expected outcome under the options it names. Here
# every scenario is run again under every other value of every ambiguity option; a scenario whose
# verdict flips is a place where that reading changes what happens. Options that pick a board, track
# or card file, and the few that take an open number, are left out; each game's list ends with them.

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
    for (name, value), count in refused.items():
        print(f"  {name}={value}: refused by {count} scenarios' settings")
    left = review.open_options(gid)
    print("  not swept (a content file or an open number, no list of readings): "
          + ", ".join(f"{o.name} ({review.amb_ids(o)})" for o in left))
    print()
pool.shutdown()

# %% [markdown]
# ## The decisions in force
#
# Where the rule text is ambiguous, racekit plays one reading by default (the decision) and offers the
# others as options. Every reading above is compared with these decisions; `racekit rules GAME` lists
# them too, with the clauses behind them.

# %%
for gid in SHIPPED:
    presets = sorted({rv.settings["preset"] for rv in reviews.values() if rv.settings["game"] == gid})
    print(f"{gid}:")
    for line in review.decisions(gid, presets or None):
        print("  -", line)
    print()

# %% [markdown]
# ## Replaying a game from the table
#
# Every row names its seed. The longest game of the first table, for instance:

# %%
rv = next(iter(reviews.values()))
df = rv.baseline
longest = df.loc[df["plies"].idxmax()]
print(f"racekit play {longest['game']} --preset {longest['preset']} --seed {longest['seed']}"
      f"   # {longest['plies']} plies, winner {longest['winner'] or 'none'}, "
      f"first to act: seat {int(longest['first_player'])}")

# %% [markdown]
# ## How sure is this, and how to be surer
#
# * **Every verdict holds at the stated level.** 5% is split over every verdict of the review, and
#   each verdict's share over its rounds in proportion to their games, fixed before any game is
#   played (so stopping as soon as an interval decides does not inflate the error, and the last,
#   largest round keeps about half of it); a change seen in one set of games is played again on a fresh
#   set of seeds, twice as many games, and printed with the fresh games' numbers; Holm's correction at
#   5% then runs across all the verdicts of one review. The chance that any printed claim of a review
#   is wrong is at most 5%. A "no change" needs either an exact bound on how many games a reading
#   can change, or at least 30 changed games before the interval judges it.
# * **Not enough games to tell** is an honest answer: the interval still reaches beyond the threshold
#   on one side and includes no change on the other, or too few games changed to trust the interval.
#   The stored reviews were played with `racekit review --all --budget 1600 --engine-budget 400
#   --baseline 4000 --keep baseline`: at most 1,600 paired games per reading (every reading of the
#   shipped games is played by a fast kernel; `--engine-budget` caps the readings only the rules
#   engine plays, many times slower). A reading that changes most games moves the first player's
#   edge by about ±60 points from game to game, so a "no change beyond ±3 points" needs an
#   interval of about ±2 points: some 6,000 to 20,000 paired games. A reading whose true effect
#   sits at the threshold cannot be decided with any number of games. Run more with a larger budget (the default is 6,400), or accept a coarser threshold:
#
# ```
# racekit review snow_tails --budget 12800                 # more games per reading
# racekit review aeroplane_chess --preset family --threshold 5 --only six_bonus
# racekit review wingsuit --agents careful,random,random   # other agents, one per seat
# racekit review --all                                     # regenerate notebooks/review/
# racekit sweep snow_tails -o collision_damage=0,1 -o end=finish_round,first_cross_round -n 2000
# ```
#
# In Python, `designer.review_game("snow_tails", budget=12800, executor=client)` plays on any
# `concurrent.futures` executor or a Dask `distributed.Client`, and `Review.to_parquet(path)` /
# `Review.from_parquet(path)` keep the games and the verdicts together.
