# %% [markdown]
# # Aeroplane Chess (飞行棋), phase by phase
#
# This notebook teaches Aeroplane Chess with the **racekit** rules engine: the board, a turn, take-off,
# capture, stacking, jumps and flights along the dashed line, and the finish. Every rule is named by its
# clause ID from the racekit spec (for example `AC-TOUR-FLY-1`), so you can look it up in a cell:
# `racekit.rules("aeroplane_chess")` shows every clause in our own words (an example is below).
#
# Two rule sets ("presets") are built in:
#
# * **family**: two to four players, every plane starts on its take-off point, any roll moves a plane,
#   landing on an opponent sends it back to its take-off point.
# * **tournament**: four players in two teams (red and blue against yellow and green), planes start in
#   the base and need a 5 or a 6 to take off, sixes give extra rolls that may be handed to the teammate,
#   teammates stack, and planes jump and fly on their own colour.
#
# Where the rule texts disagree or say nothing, racekit takes the spec's default and offers the other
# readings as options: the cell below lists the first few, and `game.game_type.options` has them all.

# %%
import racekit
from racekit import notebook as nb

game = racekit.load_game("aeroplane_chess", preset="tournament")
print(game)
for option in game.game_type.options[:8]:
    print(f"{option.name:>24} = {game.options[option.name]!s:<10} {option.doc}")

# %% [markdown]
# ## The board
#
# The rule texts never draw the board, so racekit uses the common layout, stored as data in
# `racekit/games/aeroplane_chess/boards/standard52.yaml` (`AC-AMB-01`): a loop of 52 squares travelled
# clockwise, each colour entering it 13 squares after the previous one; every fourth square of a
# plane's path is its own colour; a dashed shortcut joins its 18th and 30th steps; after 50 steps on the
# loop a plane turns into its private home column of 5 squares, and step 56 is the finish.

# %%
state = game.new_initial_state()
print(state.to_text())
nb.picture(state, "Tournament start: all sixteen planes in their bases")

# %% [markdown]
# ## A turn
#
# A turn starts with a die roll. In racekit a roll is a **chance node**: the engine lists the six
# outcomes with their probabilities, and a seeded sampler (or a scenario) picks one. Then the player
# chooses among the **legal actions**. Every change is recorded as an event with the clauses behind it.
# In the family game even the choice of who starts is a chance node (`AC-AMB-09`), so it comes first.

# %%
from racekit.core.session import Session

session = Session(racekit.load_game("aeroplane_chess", preset="family", players=4), seed=2)
session.step()  # who starts: a chance node with four outcomes
print(session.game.render(session.state.events[-1]))
print("at the die roll:", [(session.state.action_to_string(o), round(p, 3))
                           for o, p in session.state.chance_outcomes()])
for _ in range(3):
    mark = len(session.state.events)
    action = session.step()
    for event in session.state.events[mark:]:
        print(session.game.render(event))
print("legal now:", [session.state.action_to_string(a) for a in session.state.legal_actions()])

# %% [markdown]
# ## Take-off
#
# In the tournament rules a plane leaves the base only on a 5 or a 6 (`AC-TOUR-LAUNCH-1`), and that roll
# only brings it to the take-off point (`AC-AMB-24`). A roll that allows no move simply passes
# (`AC-BOTH-MOVE-2`). A six also earns another roll (`AC-TOUR-SIX-1`).

# %%
results = nb.run("aeroplane_chess", ["AC-SCN-01", "AC-SCN-20"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[1])  # AC-SCN-20: a six launches a plane, the extra roll moves it

# %% [markdown]
# ## Capture
#
# A plane that ends its move on a square held by a lone enemy plane sends it home: to the base in the
# tournament rules (`AC-TOUR-CAPTURE-1`), to its take-off point in the family rules (`AC-FAM-CAPTURE-3`).
# The family texts disagree on whether *passing* a plane also captures it (`AC-AMB-03`): by default it
# does not, and the option `capture_mode=pass_and_land` turns the other reading on.

# %%
results = nb.run("aeroplane_chess", ["AC-SCN-10", "AC-SCN-17", "AC-SCN-18", "AC-SCN-18-PASS"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[0])  # AC-SCN-10: red lands on the lone green plane

# %% [markdown]
# ## Stacking (tournament)
#
# Teammates' planes that end on one square form a stack (`AC-TOUR-STACK-1`). A player may move any part
# of a stack as long as one of their own planes goes along (`AC-TOUR-STACK-2`), but may never carry the
# teammate's plane into their own home column (`AC-TOUR-STACK-3`). When enemies land on a stack, sizes
# decide who goes home (`AC-TOUR-CAPTURE-2`, `AC-TOUR-CAPTURE-3`).

# %%
results = nb.run("aeroplane_chess", ["AC-SCN-06", "AC-SCN-07", "AC-SCN-08", "AC-SCN-09"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[3])  # AC-SCN-09: a pair lands on a pair; the stack goes home

# %% [markdown]
# ## Jump and fly (tournament)
#
# A plane whose move ends on its own colour jumps ahead to the next square of its colour
# (`AC-TOUR-JUMP-1`), at most once per move (`AC-AMB-25`). On the dashed square it flies across to the far
# end (`AC-TOUR-FLY-1`); whether it jumps again afterwards depends on how it got there (`AC-TOUR-FLY-2`).
# A stack jumps and flies on the mover's colours (`AC-TOUR-STACK-4`), so it can carry the teammate's
# plane past the teammate's own turn-off: that plane stays on the loop and goes round again, even when
# it stops just short of its own entry square; a carry never puts it into its home column (`AC-AMB-27`).

# %%
results = nb.run("aeroplane_chess", ["AC-SCN-11", "AC-SCN-12", "AC-SCN-13", "AC-SCN-05", "AC-SCN-05c"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[1])  # AC-SCN-12: the die lands on the dashed square: fly, then jump

# %%
nb.before_after(results[4])  # AC-SCN-05c: blue rests on loop square 25, one short of its entry

# %% [markdown]
# ## The finish
#
# A plane must reach the finish with the exact number; a larger roll reaches it and walks back by the
# surplus (`AC-BOTH-FINISH-1`, `AC-TOUR-FINISH-2`). A finished plane leaves play (`AC-FAM-FINISH-4`).
# In the tournament the first team with all eight planes home wins at once (`AC-TOUR-WIN-1`). A family
# game stops at its first winner (`AC-AMB-22`); the others are then placed by planes home, then by how
# far their planes have come (with `play_for_places=true` the game goes on for every place instead).

# %%
results = nb.run("aeroplane_chess", ["AC-SCN-14", "AC-SCN-14-EXACT", "AC-SCN-15", "AC-SCN-16"])
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[0])  # AC-SCN-14: three short of the finish, a 5 bounces back to step 54

# %% [markdown]
# ## Every scenario
#
# The kit ships reproducible scenarios for the spec's edge cases and more. Each one fixes the dice,
# plays the moves and checks the rule's outcome. (In a terminal, `racekit scenarios aeroplane_chess` runs
# the same check.)

# %%
results = nb.run("aeroplane_chess")
for result in results:
    print(result.line())
print(f"{sum(r.passed for r in results)} passed, {sum(not r.passed for r in results)} failed")

# %% [markdown]
# ## The rules in words
#
# `racekit.rules("aeroplane_chess")` is the table of every clause and ambiguity: its ID, what it says in
# our own words, the rule sets it belongs to, and, for an ambiguity, the decision racekit takes and the
# option that changes it. `.find(...)` keeps the rows that mention every word given; here the rules of
# flying along the dashed line.

# %%
racekit.rules("aeroplane_chess", coverage=False).find("fly")

# %% [markdown]
# ## What the text says, what the kit chose
#
# <!-- readings -->

# %% [markdown]
# ## Lessons
#
# Test yourself or a class: the Aeroplane Chess lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown]
# ## Explore
#
# Now play yourself. Choose the preset, seats and options and press **Reset**; **Step** makes the move
# picked in the list of legal moves and rolls the die (from the seed shown) for the next one (tick
# *show every draw* to roll with a Step of its own); **Play** runs on its own and pauses where a person
# decides; **Back**, **Forward** and the slider travel in time. The log names the rule behind every
# event: point at a rule ID to read it.

# %% nbval-ignore-output
import racekit.explorer

racekit.explorer.loading("aeroplane_chess")  # shows "loading the explorer…" until the next cell is done

# %% nbval-ignore-output
racekit.explore("aeroplane_chess", seed=1, preset="tournament")
