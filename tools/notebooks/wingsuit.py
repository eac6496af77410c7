# %% [markdown]
# # Wingsuit Flight (九张牌：翼装飞行), one round at a time
#
# This notebook teaches Wingsuit Flight with the **racekit** rules engine. Each player flies a
# wingsuit character (a die whose face is its **altitude**, 1 to 4) up a track of five hex map cards
# and tries to fly out over the top. Each round every player secretly plans three action dice into a
# shared **action queue** of Cautious and Brave cells; the cells' arrows then move the characters.
# Hexes higher than your altitude, white snow mountains, the map's edges and characters at your own
# altitude make you **crash**. Every rule is named by its clause ID (for example `WS-CRASH-3`); run
# `racekit rules wingsuit` to see where each is implemented and checked.
#
# The printed cards are not in the rules text, so the nine cards here are **our own illustrative
# set** (made up for teaching, in the card-file format of the spec's Appendix A); owners of the game
# can enter the real cards in the same format (option `cardset`). The yellow item effect (a free
# sprint) is also the kit's own invention: the rules describe only red and blue.
#
# The numbers in this notebook (the altitude cap of 4, the 2 altitude a crash gives back, the 1 a
# sprint costs, the 2 cubes a player may hold, ...) are the rulebook's. A designer can try other
# values as house rules without touching code: `racekit games wingsuit` lists them, and
# `racekit play wingsuit -p alt_max=3` or `racekit.load_game("wingsuit", params={"alt_max": 3})`
# plays with a cap of 3.

# %%
import textwrap

import racekit
from racekit import notebook as nb
from racekit.core.agents import make_agent
from racekit.core.session import Session

game = racekit.load_game("wingsuit", players=3)
print(game)
for option in game.game_type.options[2:8]:
    print(f"{option.name:>22} = {game.options[option.name]!s:<14} {textwrap.shorten(option.doc, 60)}")

# %% [markdown]
# ## Setting up
#
# The cards are sorted into three piles by their item-cost colour and shuffled; one card of each
# colour forms the action queue and five of the other six form the track, bottom to top; the last one
# is not used (`WS-SETUP-1` to `WS-SETUP-4`). The youngest player (seat 0) starts, and each player
# puts their character on a free red start cell of the bottom card at altitude 4 (`WS-SETUP-6`).
# Every shuffle is a **chance node** drawn from the seed, so the same seed gives the same game.
#
# The picture lies on its side so that the long track fills a wide screen: the bottom card (the start)
# is on the left, the finish on the right, and every arrow turns with the track (north, towards the
# finish, shows as →). Hex shades and numbers are heights, grey triangles are white mountains, blue
# arrows updrafts, purple diamonds item hexes, yellow bars the bottom half-hexes where crashed
# characters restart, red outlines the start cells. Characters are squares in their seat colour
# showing their altitude. Under the track is the queue: a row of Cautious (blue) and a row of Brave
# (red) cells, faces 1 to 6 from the left, each with its arrows, and under them the colour of each
# queue card's item cost and its name.

# %%
session = Session(game, seed=4, agents=[make_agent("careful", 4 + s, game) for s in range(3)])
while session.state.phase != "plan":
    session.step()
print(session.state.to_text())
nb.picture(session.state, "After the deal and the start placements")

# %% [markdown]
# ## The plan phase: secret, and simultaneous
#
# Each player splits three action dice into a Cautious and a Brave hand, at least one in each, and
# chooses their faces, all different (`WS-PLAN-2`, `WS-PLAN-3`). A die showing n goes to row n of its
# style (`WS-PLAN-4`). The engine takes the plans one seat after another, as OpenSpiel does for
# simultaneous moves, but keeps each plan **hidden** until all are in (`WS-PLAN-5`): other seats' views,
# histories and the log show only that a plan was committed.

# %%
state = session.state
session.step()  # Red commits
print("what Green sees of Red's plan:", session.state.snapshot(1)["seats"][0]["plan"],
      "| committed:", session.state.snapshot(1)["seats"][0]["committed"])
print("what Red sees of itself:", session.state.snapshot(0)["seats"][0]["plan"])
print("Green's history of that ply:", session.state.history_for(1)[-1])
while session.state.phase == "plan":
    session.step()
for event in session.state.events:
    if event.kind in ("plan_committed", "reveal", "interference", "tie_break", "order"):
        print(game.render(event))
nb.picture(session.state, "After the reveal and Interference: the dice in the queue")

# %% [markdown]
# ## Interference
#
# A cell holding dice of two or more colours sends all its dice across to the other style of the
# same row; all such cells move at once, and only once (`WS-INTERFERE-1`, `WS-INTERFERE-2`). With 4 or
# 5 players it takes three colours (`WS-VAR-45P-1`); with 2 players two neutral dice are rolled in
# first (`WS-VAR-2P-1`).

# %%
for result in nb.run("wingsuit", ["WS-SCN-02", "WS-SCN-19"]):
    print(nb.explain(result))
    print()

# %% [markdown]
# ## Action order
#
# Highest altitude acts first; at equal altitude the one farther from the finish; a full tie is broken
# by the white die: even means the one nearer the left edge first (`WS-ACT-ORDER-1` to `-3`).

# %%
print(nb.explain(nb.run("wingsuit", ["WS-SCN-16"])[0]))

# %% [markdown]
# ## Flying: taking back dice
#
# On their action a player takes back their dice one at a time, in the order they like, and carries
# out each cell's arrows from bottom to top, none skipped (`WS-ACT-1` to `WS-ACT-3`). Between dice,
# and between two arrows of a cell, they may **sprint** (1 altitude for one hex any way, `WS-SPRINT-1`)
# or use an **item** by paying a cube whose colour matches a card showing in the queue (`WS-ITEM-3`).
# Updrafts lift by 1 (`WS-UPDRAFT-1`); item hexes draw a cube from the bag (`WS-ITEM-1`).

# %%
while session.state.phase != "action" or not session.state.pend:
    session.step()
    if session.state.round > 1:
        break
nb.picture(session.state, "A die being resolved: its remaining arrows in the mover's colour")

# %% [markdown]
# ## Cleanup
#
# If nobody is on the bottom card, it leaves the track and the player nearest the start lays it over
# the queue, covering two cards and keeping six rows and all three colours (`WS-CLEANUP-1` to `-5`).
# Then characters on updrafts rise again (`WS-UPDRAFT-2`) and a new round begins.

# %%
result = nb.run("wingsuit", ["WS-SCN-18"])[0]
print(nb.explain(result))
nb.before_after(result)

# %% [markdown]
# ## The end
#
# The first character to fly out over the top edge ends the game after the current action phase
# (`WS-END-1`, `WS-END-3`). A player who exits scores their arrows not yet carried out plus their
# altitude (`WS-END-2`); ties go to the one who acted earlier (`WS-END-4`).

# %%
print(nb.explain(nb.run("wingsuit", ["WS-SCN-17"])[0]))

# %% [markdown]
# # The FAQ, as reproducible scenarios
#
# Each answer of the rules' FAQ is a scenario file in `racekit/games/wingsuit/scenarios/`, run by
# `racekit scenarios wingsuit`. Each section states the question in our words, runs its scenarios and
# shows a before/after picture. To step through one yourself, pick it in the
# **Scenarios** panel of the explorer at the end of this page and press **Open** (or,
# in code, `racekit.explore("wingsuit", scenario="WS-SCN-06")`). It starts at the scenario's
# position with its moves ahead; **Forward** walks through them, **Back** returns, and **Step** plays
# on with your own choice.
#
# ## Q1. Can I fly outside the map?
#
# Only out through the top (the finish). The cut-off hexes on the side edges are normal terrain, but a
# step past a side edge, below the bottom edge or into a void cell is not made, and you crash where you
# are (`WS-FAQ-Q1a`, `WS-FAQ-Q1b`). At the top corners, the side edge wins (`WS-AMB-12`).

# %%
q1 = nb.run("wingsuit", ["WS-SCN-05", "WS-SCN-21", "WS-SCN-22", "WS-SCN-22-2"])
for result in q1:
    print(nb.explain(result, events=False))
nb.before_after(q1[0])

# %% [markdown]
# ## Q2. What if my step lands on a character at my altitude?
#
# Collisions are checked after every single step: both crash at once and the rest of the cell is lost
# (`WS-FAQ-Q2`). An updraft lifts you before the check (`WS-AMB-12`), which can save you or doom you.

# %%
q2 = nb.run("wingsuit", ["WS-SCN-06", "WS-SCN-30", "WS-SCN-30-2"])
for result in q2:
    print(nb.explain(result, events=False))

# %% [markdown]
# Stepping through WS-SCN-06 one decision at a time: Red takes back its Brave 2 die; its first N lands
# on Green at altitude 3 (both crash, marked ✕); Green places first, then Red.

# %%
import io

from IPython.display import Image
from matplotlib.figure import Figure

from racekit.games.wingsuit.plot import draw

state = q2[0].before.clone()
frames = [(state.clone(), "start")]
for step in ("take B2", "at (0,8)", "at (2,8)"):
    state.apply_action(state.string_to_action(step))
    frames.append((state.clone(), step))
fig = Figure(figsize=(11.8, 4 * 6.2), dpi=100, layout="constrained")
for i, (frame, label) in enumerate(frames):
    ax = fig.add_subplot(4, 1, i + 1)
    draw(frame, ax)
    ax.set_title(label, fontsize=10)
buf = io.BytesIO()
fig.savefig(buf, format="png", metadata={"Software": None})
Image(buf.getvalue())

# %% [markdown]
# ## Q3. May I leave a die in the queue, or skip an arrow that crashes me?
#
# No: every die is taken back and every arrow carried out (`WS-FAQ-Q3`). Only an icon whose condition
# fails does nothing (`WS-ACT-5`).

# %%
q3 = nb.run("wingsuit", ["WS-SCN-07", "WS-SCN-23", "WS-SCN-24", "WS-SCN-24-2"])
for result in q3:
    print(nb.explain(result, events=False))
nb.before_after(q3[0])

# %% [markdown]
# ## Q4. What does stealing altitude from a character at altitude 1 do?
#
# Nothing, but the red cube is still spent (`WS-FAQ-Q4`). The kit steals 1 altitude; the loss can make
# the target crash where it stands (`WS-AMB-13`).

# %%
q4 = nb.run("wingsuit", ["WS-SCN-08", "WS-SCN-25", "WS-SCN-25-2", "WS-SCN-34"])
for result in q4:
    print(nb.explain(result, events=False))
nb.before_after(q4[3])

# %% [markdown]
# ## Q5. How does the blue gift work?
#
# You give one of your Brave dice still in the queue to another player, who carries it out at once on
# their own character; they may sprint meanwhile but not use items, and they may crash; then you get two
# free sprints (`WS-FAQ-Q5a` to `Q5c`). A die counts as Brave where it stands after Interference
# (`WS-AMB-19`).

# %%
q5 = nb.run("wingsuit", ["WS-SCN-09", "WS-SCN-26", "WS-SCN-36", "WS-SCN-36-2"])
for result in q5:
    print(nb.explain(result, events=False))
nb.before_after(q5[0])

# %% [markdown]
# ## Q6. Where do I restart after crashing on the line between two cards, and who goes first?
#
# A hex on the line between two cards belongs to the lower card, so you lose a whole card
# (`WS-FAQ-Q6a`). When you crash together with another player, they reset first (`WS-FAQ-Q6b`).

# %%
q6 = nb.run("wingsuit", ["WS-SCN-10", "WS-SCN-27"])
for result in q6:
    print(nb.explain(result, events=False))
nb.before_after(q6[0])

# %% [markdown]
# ## A whole game between careful players
#
# The `careful` agent plans and orders its dice so that its simulated path never crashes where it can
# avoid it, so demonstration games reach the finish.

# %%
final = Session(game, seed=11, agents=[make_agent("careful", 11 + s, game) for s in range(3)])
final.run()
for event in final.state.events:
    if event.kind in ("exit", "game_over"):
        print(game.render(event))
print(f"{final.state.round} rounds, {final.state.ply} plies")

# %% [markdown]
# ## What the text says, what the kit chose
#
# <!-- readings -->

# %% [markdown]
# ## Lessons
#
# Test yourself or a class: the Wingsuit Flight lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown]
# ## Explore
#
# Choose the seats and options, then **Reset**. In the plan phase each seat enters its plan with the
# dice controls (the others look away: the picture and log show only that a plan was committed); at
# other decisions pick from the list. **Step** applies it (or draws the next chance outcome from the
# seed); **Back**, **Forward** and the slider travel in time, and the log names the rule behind every
# event.

# %% nbval-ignore-output
racekit.explore("wingsuit", seed=4)
