# %% [markdown]
# # Snow Tails (雪橇竞速), one turn at a time
#
# This notebook teaches Snow Tails with the **racekit** rules engine. Each player drives a dog sled with
# two dogs (left and right) and a brake. Cards played from the hand set the dogs' pull and the brake;
# the sum of the dogs minus the brake is the **speed**, and the difference between the dogs makes the sled
# **drift** sideways. Corners have speed limits, walls and other sleds stop you, and damage cards clog
# your hand. Every rule is named by its clause ID from the racekit spec (for example `ST-DRIFT-3`);
# `racekit.rules("snow_tails")` in a cell shows each clause in our own words (an example is below).
#
# The published track tiles are not part of the rule documents, so the tracks here (`teaching`,
# `medium`, `long`) are **our own illustrative layouts**; owners of the game can enter their tiles in
# the same file format (`docs/snow_tails_tracks.md`).

# %%
import textwrap

import racekit
from racekit import notebook as nb
from racekit.core.session import Session

game = racekit.load_game("snow_tails", players=4, track="teaching")
print(game)
for option in game.game_type.options[:6]:
    print(f"{option.name:>19} = {game.options[option.name]!s:<22} {textwrap.shorten(option.doc, 58)}")

# %% [markdown]
# ## Setting up
#
# A random player places a sled on a start slot first, then the others choose in turn (`ST-SETUP-5`,
# `ST-AMB-02`). Everyone draws five dog cards; slot 4 draws one more and slot 5 two more (`ST-SETUP-6`).
# Both dogs and the brake start at 3, so every sled starts at speed 3 (`ST-SETUP-3`, `ST-SETUP-4`).
# Every card draw is a **chance node**: the engine draws from the seed, and the hands stay secret.

# %%
session = Session(game, seed=3)
while session.state.phase != "play":
    session.step()
print(session.state.to_text())
nb.picture(session.state, "The teaching track after the deal")

# %% [markdown]
# ## Step 1: play cards
#
# On each turn a player plays one to three cards **of the same value**, each to a different spot: the
# left dog, the right dog or the brake (`ST-PLAY-1`, `ST-PLAY-2`). A card covers what was there: the new
# card's value is what counts (`ST-PLAY-4`, `ST-BRAKE-1`). Here are the plays open to the first player,
# and what happens to plays that break the rule.

# %%
state = session.state
print("first to move:", game.seat_names[state.current_player()])
print("hand:", state.snapshot(state.current_player())["seats"][state.current_player()]["hand"])
print("legal plays:", ", ".join(state.action_to_string(a) for a in state.legal_actions()))
for result in nb.run("snow_tails", ["ST-SCN-14", "ST-SCN-19", "ST-SCN-15"]):
    print()
    print(nb.explain(result))

# %% [markdown]
# ## Step 2: speed and drift
#
# Speed is left + right − brake (`ST-SPEED-1`); below 1 the sled stays put (`ST-SPEED-2`). If the dogs
# differ, the sled drifts toward the stronger one by the difference (`ST-DRIFT-1`), never more than the
# speed (`ST-DRIFT-3`). The drift must be taken in full (`ST-DRIFT-5`), but the player chooses *which*
# steps drift (`ST-DRIFT-4`). The picture previews one sequence: solid arrows go forward, dashed ones drift.

# %%
result, = nb.run("snow_tails", ["ST-SCN-02"])
print(nb.explain(result))
planning = result.before.clone()
planning.apply_action(planning.string_to_action("play 5 to R"))
print("legal sequences:", ", ".join(planning.action_to_string(a) for a in planning.legal_actions()))
nb.picture(planning, "Planned: DR F F F DR", action=planning.string_to_action("DR F F F DR"))

# %%
results = nb.run("snow_tails", ["ST-SCN-04", "ST-SCN-05", "ST-SCN-03a", "ST-SCN-03b"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[2])  # ST-SCN-03a: the late drift runs into the right-hand wall

# %% [markdown]
# ## The equal-dogs bonus
#
# When both dogs pull the same, the sled may go on straight ahead by its place in this round's turn
# order: 1 square for the first mover, 2 for the second and so on (`ST-BONUS-1`). It is all or nothing and
# may be declined (`ST-BONUS-2`, `ST-AMB-05`). By default there is no bonus in round 1 (`ST-AMB-03`).

# %%
results = nb.run("snow_tails", ["ST-SCN-06", "ST-SCN-18a", "ST-SCN-18b"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[0])  # ST-SCN-06: 5 squares, then a bonus of 3 for the third mover

# %% [markdown]
# ## Speed limits, walls and other sleds
#
# Crossing a corner's speed-limit line too fast costs one damage card per square over the limit
# (`ST-LIMIT-2`); by default the whole turn's speed counts, bonus included (`ST-AMB-07`, `ST-AMB-08`).
# Running into a wall stops the sled and costs a damage card (`ST-WALL-1`); running into another sled
# stops it without damage but denies the refill in step 3 (`ST-BLOCK-1`, `ST-BLOCK-2`).

# %%
results = nb.run("snow_tails", ["ST-SCN-07", "ST-SCN-08a", "ST-SCN-08b", "ST-SCN-09"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[3])  # ST-SCN-09: A is stopped behind B: no damage, and no refill

# %% [markdown]
# ## Step 3: refill, damage and dropping out
#
# After moving, a player draws back up to five cards, or discards dog cards down to five
# (`ST-REFILL-1`, `ST-REFILL-2`). Damage cards take up hand space and can never be thrown away
# (`ST-DAMAGE-1`, `ST-DAMAGE-2`). With no dog card to play, a player takes a damage card, refills and
# starts the turn again (`ST-PLAY-5`); a hand of nothing but damage puts the sled out (`ST-ELIM-1`).

# %%
for result in nb.run("snow_tails", ["ST-SCN-12", "ST-SCN-13", "ST-SCN-10", "ST-SCN-11"]):
    print(nb.explain(result), end="\n\n")

# %% [markdown]
# ## Turn order and the finish
#
# From round 2 the sled furthest ahead moves first (`ST-ORDER-3`); level sleds are ordered by the inside
# of the next corner (`ST-ORDER-5`) or, near the end, by the finish-flag side (`ST-ORDER-6`). Sleds that
# cross the finish in the same round are ranked by how far past the line they end (`ST-END-3`), then by
# the flag side (`ST-END-4`), and leave the track before the next round (`ST-END-5`).

# %%
results = nb.run("snow_tails", ["ST-SCN-16a", "ST-SCN-16b", "ST-SCN-17a", "ST-SCN-17b", "ST-SCN-20"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[2])  # ST-SCN-17a: B crossed first, but A ends further past the line

# %% [markdown]
# ## Secret hands
#
# Hands are hidden information. A seat's view shows its own cards and only the *number* of cards the
# others hold; in that seat's copy of the history the other seats' draws are hidden.

# %%
view = session.state.snapshot(0)
for seat in view["seats"]:
    print(f"{seat['name']:>7}: hand {seat['hand'] if seat['hand'] is not None else '(hidden)'}, "
          f"{seat['hand_size']} cards")
probe = game.new_initial_state()
seen = []
for action, visible in zip(session.state.history(), session.state.history_for(0)):
    seen.append(probe.action_to_string(action) if visible is not None else "(hidden)")
    probe.apply_action(action)
print("Red's history:", ", ".join(seen))

# %% [markdown]
# ## Every scenario
#
# All shipped scenarios (in a terminal, `racekit scenarios snow_tails` runs the same check).

# %%
results = nb.run("snow_tails")
for result in results:
    print(result.line())
print(f"{sum(r.passed for r in results)} passed, {sum(not r.passed for r in results)} failed")

# %% [markdown]
# ## A whole race on the medium track
#
# The medium course has four corners with limits from 2 to 5. Uniformly random drivers crash into the
# walls and drop out, which is itself a lesson about drift; the kit's **careful** driver looks one turn
# ahead (it tries each play and drift sequence on a copy of the board, never peeking at other hands) and
# gets round. Here is a seeded race between four careful drivers, shown halfway and at the end.

# %%
from racekit.core.agents import make_agent
from racekit.figures import midgame

medium = racekit.load_game("snow_tails", track="medium")
race = Session(medium, seed=1, agents=[make_agent("careful", seat, medium) for seat in range(4)])
race.run()
final = race.state
for event in final.events:
    if event.kind in ("placed", "eliminated", "game_over"):
        print(medium.render(event))
print(f"{final.snapshot()['round']} rounds, {final.ply} plies")

# %%
nb.picture(midgame(medium, seed=1), "Medium track, four careful drivers, halfway", size=(9, 7))

# %% [markdown]
# ## The rules in words
#
# `racekit.rules("snow_tails")` is the table of every clause and ambiguity: its ID, what it says in our
# own words, and, for an ambiguity, the decision racekit takes and the option that changes it.
# `.find(...)` keeps the rows that mention every word given; here the rules about the speed limits.

# %%
racekit.rules("snow_tails", coverage=False).find("limit")

# %% [markdown]
# ## What the text says, what the kit chose
#
# <!-- readings -->

# %% [markdown]
# ## Lessons
#
# Test yourself or a class: the Snow Tails lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown]
# ## Explore
#
# Choose the seats, track and options, then **Reset**. At a card play, pick the cards for the left dog,
# right dog and brake; at a move, build the drift sequence step by step; **Step** applies it and makes
# the card draws from the seed shown up to the next decision (tick *show every draw* to see them one by
# one). **Back**, **Forward** and the slider travel in time, and the log names the rule behind every
# event: point at a rule ID to read it.

# %% nbval-ignore-output
import racekit.explorer

racekit.explorer.loading("snow_tails")  # shows "loading the explorer…" until the next cell is done

# %% nbval-ignore-output
racekit.explore("snow_tails", seed=3, track="teaching")
