# %% [markdown]
# # Leaf Marathon (落葉長跑), one round at a time
#
# This notebook teaches Leaf Marathon, a racing expansion for the pony board game 桌游是魔法, with the
# **racekit** rules engine. Every pony has **stamina** (spent on every square, twice in forest: the
# kit's reading, see below), a **weight limit** (half its printed max stamina, rounded down) and a hand
# of cards whose weight slows it down. A round is: every player's **play turn** in order, then **everyone moves at once**, then everyone
# **draws one card per square moved**. Rules are named by clause ID (for example `LM-WEIGHT-2`); run
# `racekit rules leaf_marathon` to see where each is implemented and checked.
#
# The printed maps, deck and character cards are not in the rules text. The maps and the 64-card deck
# here are **our own illustrative data**, and the roster is the public demo's twenty characters; owners
# of the game can enter theirs in the same file formats (`docs/leaf_marathon_content.md`).

# %%
import textwrap

import racekit
from racekit import notebook as nb
from racekit.core.session import Session

game = racekit.load_game("leaf_marathon", players=4)
ALL = {result.id: result for result in nb.run("leaf_marathon")}  # every shipped scenario, run once


def scenarios(*ids):
    return [ALL[i] for i in ids]


print(game)
print("legs of the teaching map:", [len(leg) - 1 for leg in game.legs], "squares")
for option in game.game_type.options[:8]:
    print(f"{option.name:>20} = {game.options[option.name]!s:<18} {textwrap.shorten(option.doc, 60)}")

# %% [markdown]
# ## Setting up
#
# Dice fix the first round's order (`LM-SETUP-1`). Everyone is dealt three characters and keeps one
# (`LM-SETUP-3`), draws five cards (`LM-SETUP-4`) and may once swap any of them for new ones
# (`LM-SETUP-5`). All ponies start on square 0 with full stamina (`LM-SETUP-6`). Every die and every card
# drawn is a **chance node** drawn from the seed, so the same seed gives the same game.

# %%
session = Session(game, seed=3)
while session.state.phase != "turn":
    session.step()
print(session.state.to_text())
nb.picture(session.state, "Round 1 of the teaching map", size=(9, 3.6))

# %% [markdown]
# In a play turn the player may use any cards they like, in any order, and then ends the turn
# (`LM-ROUND-1/2`, `LM-AMB-48`). These are the choices open to the first player now:

# %%
state = session.state
seat = state.current_player()
me = state.snapshot(seat)["seats"][seat]
print(f"{game.seat_names[seat]} runs as {me['character']}: stamina {me['stamina']}/{me['max_stamina']}, "
      f"movement {me['movement']}, weight {me['weight']} of {me['weight_limit']}")
print("hand:", ", ".join(me["hand"]))
print("choices:", "; ".join(state.action_to_string(a) for a in state.legal_actions()))

# %% [markdown]
# ## Weight and movement
#
# A pony moves its movement value, plus 1 for each action card played this round, minus 1 for each unit
# of weight above its limit, never below 0 (`LM-MOVE-1`, `LM-WEIGHT-3`). Armor and played element cards
# weigh nothing; Free Forced Rest weighs 2 (`LM-WEIGHT-6`). Once a round a player may **shed** two
# non-action cards for one new card (`LM-WEIGHT-4`), and once a round play **2-for-3** (`LM-ACTION-3`);
# neither may use a trigger card still to be played (`LM-AMB-50`).

# %%
for result in scenarios("LM-SCN-01", "LM-SCN-02", "LM-SCN-17", "LM-SCN-18"):
    print(nb.explain(result), end="\n\n")

# %% [markdown]
# ## Moving together: the lockstep ticks
#
# After the last play turn everyone moves at the same time (`LM-ROUND-3`). The engine moves every pony
# one square per **tick**; terrain is settled for all ponies that entered a square in that tick
# (`LM-AMB-06`). Each square costs 1 stamina, a forest square 2 instead, and a forest becomes leaf once
# stepped on (`LM-STAMINA-2`, `LM-TERRAIN-FOREST-1/2`). A fresh vine swamp stops whoever enters it first
# (`LM-TERRAIN-VINE-1..3`), and a move that ends on sand slides one more square (`LM-TERRAIN-SAND-1`).
#
# The 1 stamina per square is **our inference, not the letter of the rules**: the text charges stamina
# only for forest. Events 6 and 10 (Sonic Rainboom, Use the Terrain) both waive a stamina loss for
# moving, even off forest, so the kit reads a loss on every square (`LM-AMB-05`). To play the letter,
# set the option `stamina_per_square = 0`: then only forest costs (2), as the second scenario below shows.

# %%
results = scenarios("LM-SCN-14", "LM-SCN-14-ZERO", "LM-SCN-12", "LM-SCN-13", "LM-SCN-46")
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[2], size=(13, 3.6))

# %% [markdown]
# ## Drawing, fainting and coming back
#
# After moving, each pony draws one card per square actually moved (`LM-ROUND-4`, `LM-AMB-39`); an empty
# draw pile is refilled from the shuffled discards (`LM-DRAW-2`). At 0 stamina a pony stops at once
# (`LM-FAINT-1`), sits out the next round (`LM-FAINT-2`), then comes back at half its max rounded up,
# or waits one more round for full stamina (`LM-FAINT-3`).

# %%
results = scenarios("LM-SCN-15", "LM-SCN-43", "LM-SCN-04", "LM-SCN-27")
for result in results:
    print(nb.explain(result), end="\n\n")
nb.picture(results[0].after, "LM-SCN-15: fainted in the forest", size=(9, 3.2))

# %% [markdown]
# ## The finish, ties and the next leg
#
# Finishers score 3, 2, 1 and then 0 (`LM-TERRAIN-FINISH-1`). Ponies finishing in the same movement step
# arrive together, whatever the tick: more movement left over ranks first, then more stamina, else they
# share the place (`LM-TIE-1..3`). When all have finished, the next leg starts: hands are cut or filled
# to five, one element buff and the armor may be kept, and low stamina is raised to half (`LM-LEG-1..5`).

# %%
results = scenarios("LM-SCN-06", "LM-EDGE-TIE-STAMINA", "LM-EDGE-TIE-SHARED", "LM-SCN-31",
                                   "LM-SCN-03", "LM-SCN-32")
for result in results:
    print(nb.explain(result, events=False), end="\n\n")

# %% [markdown]
# ## The twenty events
#
# A trigger card must be played in its holder's turn and rolls the d20 (`LM-TRIGGER-1`); its holder
# cannot shed, barter or drop it instead (`LM-AMB-50`). The number picks one of twenty events, each
# with its own clause. Five of them turn the trigger card into a **special card** kept in hand
# (`LM-TRIGGER-2`). The table lists them all.

# %%
from racekit.games.leaf_marathon.d20 import NAMES, clause
from racekit.games.leaf_marathon.text import EVENT_SCENARIOS, EVENT_TEXT

print(f"{'d20':>3}  {'event':<22}{'clause':<13}what happens")
for number, name in NAMES.items():
    # the shipped scenarios whose checks are exactly what the description says
    lines = textwrap.wrap(EVENT_TEXT[number], 70) + [f"(scenarios: {', '.join(EVENT_SCENARIOS[number])})"]
    print(f"{number:>3}  {name:<22}{clause(number):<13}{lines[0]}")
    for more in lines[1:]:
        print(" " * 40 + more)

# %% [markdown]
# Any event can be rolled on a fixed position: Red (square 5) holds a trigger card, Blue is on 10 with
# armor, Green on 3 and Yellow on 8. The first choice offered is taken wherever the event asks one.
# Event 14 swaps Red with Green, 2 behind, not with Yellow, 3 ahead: the nearest pony wins, ahead or
# behind.

# %%
from racekit.games.leaf_marathon.demo import roll_event

for number in (8, 13, 14, 16):
    state, lines = roll_event(number)
    print(f"d20 = {number}:")
    for line in lines[1:]:
        print("   ", line)

# %% nbval-ignore-output
import ipywidgets as widgets
from IPython.display import display

choice = widgets.Dropdown(options=[(f"{n}: {name}", n) for n, name in NAMES.items()], value=9,
                          description="event")
button = widgets.Button(description="roll this event")
out = widgets.Output()


def show(_=None):
    out.clear_output()
    state, lines = roll_event(choice.value)
    with out:
        print("\n".join(lines))
        display(nb.picture(state, f"after event {choice.value}", size=(9, 3.4)))


button.on_click(show)
show()
widgets.VBox([widgets.HBox([choice, button]), out])

# %% [markdown]
# ## Every scenario
#
# All shipped scenarios (every LM-SCN of the spec plus our own edge cases), the same check as
# `racekit scenarios leaf_marathon`.

# %%
results = list(ALL.values())
for result in results:
    print(result.line())
print(f"{sum(r.passed for r in results)} passed, {sum(not r.passed for r in results)} failed")

# %% [markdown]
# ### Every scenario pictured
#
# Pick a scenario to see its position before and after, with what happened in words.

# %% nbval-ignore-output
pick = widgets.Dropdown(options=[(f"{r.id}: {r.scenario.title}", r.id) for r in results], value="LM-SCN-55",
                        description="scenario", layout=widgets.Layout(width="46em"))
shown = widgets.Output()


def show_scenario(_=None):
    shown.clear_output()
    result = ALL[pick.value]
    with shown:
        print(nb.explain(result))
        display(nb.before_after(result, size=(13, 3.8)))


pick.observe(show_scenario, names="value")
show_scenario()
widgets.VBox([pick, shown])

# %% [markdown]
# ## Secret hands
#
# Hands are hidden information (`LM-AMB-43`): a seat's view shows its own cards and only the number the
# others hold, and its copy of the history hides the other seats' draws.

# %%
view = session.state.snapshot(0)
for name, seat in zip(game.seat_names, view["seats"]):
    print(f"{name:>7}: hand {seat['hand'] if seat['hand'] is not None else '(hidden)'}, {seat['hand_size']} cards")
hidden = sum(1 for a in session.state.history_for(0) if a is None)
print(f"Red's history hides {hidden} of {session.state.ply} plies")

# %% [markdown]
# ## A whole race
#
# The kit's **careful** runner sheds weight down to its limit, plays action cards only while it can
# afford the stamina and comes back from a faint at once. It never stands still for good: with no
# move left and no buff C to give stamina back, it walks on into a faint, which refills it. Four
# careful runners over the three legs:

# %%
from racekit.core.agents import make_agent

race = Session(game, seed=1, agents=[make_agent("careful", seat, game) for seat in range(4)])
race.run()
for event in race.state.events:
    if event.kind in ("finish", "game_over"):
        print(game.render(event))

# %% [markdown]
# ## What the text says, what the kit chose
#
# <!-- readings -->

# %% [markdown]
# ## Lessons
#
# Test yourself or a class: the Leaf Marathon lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown]
# ## Explore
#
# Choose the seats and options, then **Reset**. At each decision pick an action from the list (card
# uses in a play turn, targets, cards to pick); **Step** applies it or rolls from the seed shown.
# **Back**, **Forward** and the slider travel in time, and the log names the rule behind every event.

# %% nbval-ignore-output
racekit.explore("leaf_marathon", seed=3)
