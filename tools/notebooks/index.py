# %% [markdown]
# # racekit: racing board games, one rule at a time
#
# **racekit** is a rules engine and teaching kit for racing board games. Every game follows its rule
# documents clause by clause: each rule has an ID (for example `AC-TOUR-FLY-1` or `ST-DRIFT-3`), and
# every event of a game names the rules behind it. Where the rule texts disagree or say nothing, racekit
# takes a written default and offers the other readings as options.
#
# Use it to **teach** (step a class through a game phase by phase), to **design** (check edge cases and
# balance with reproducible scenarios), and to **settle disputes** (replay the exact position from a
# seed). Every die roll and card draw comes from the seed you give, so the same seed and moves give the
# same game on any machine.
#
# ## The notebooks
#
# Every notebook opens with its contents. In JupyterLab each can also be shown as slides, one idea
# and one large picture a slide: first Run > Run All Cells (the explorer and the lessons only work
# once run), then View > Render as Reveal Slideshow, or Alt+R (the `jupyterlab-rise` extension of
# the `lab` install). The slides open beside the notebook; the full-screen button at the top left
# of their panel fills the screen (Esc leaves). Space moves on, W shows every slide, and a slide
# taller than the screen scrolls.
#
# * **One notebook per game** (the table below): the rules phase by phase with pictures and worked
#   scenarios, the readings the kit chose where the text is unclear, then an explorer to play with,
#   which also opens any scenario at its position.
# * **[The designer review](designer_review.ipynb)** (`designer_review.ipynb`): for designers: who
#   wins by play order, how games end, and what each reading of an unclear rule changes, measured
#   on thousands of games.
# * **[Lessons](lessons.ipynb)** (`lessons.ipynb`): for a class: a question on a scenario, the
#   students predict, then the kit shows the answer step by step with the rule that decides it.
#
# ## The games

# %%
import racekit
from racekit import notebook as nb

nb.game_table(about={
    "aeroplane_chess": "learn the family and tournament rules: take-off, capture, stacks, jumps "
                       "and flights",
    "wingsuit": "learn the secret plans, Interference and crashes, and replay every FAQ answer",
    "leaf_marathon": "learn weight, stamina, terrain and the twenty events of a three-leg race",
    "snow_tails": "learn the dog cards, drift, speed limits and damage of a sled race",
})

# %% nbval-ignore-output
nb.gallery()

# %% [markdown]
# ## Lessons
#
# [lessons.ipynb](lessons.ipynb) holds short quizzes for every game: predict what a position does,
# then let the engine show you, step by step, with the rule that decides it. Use it on a projector
# (class mode) or alone (self-study, with a score).

# %% [markdown]
# ## How to use the explorer
#
# At the end of each game's notebook there is an **explorer**: the board, a row of buttons and a log.
#
# * **Seed, players, rule set and options**: choose them, then press **Reset** to start a new game.
#   The same seed always gives the same dice and cards.
# * **Step** moves the game on: it makes the move chosen in the controls below the board, or rolls the
#   die and draws cards from the seed. Card draws between two decisions come in one Step; tick
#   *show every draw* to see them one at a time. Each decision or draw is one *ply*.
# * **Play** steps on its own at the speed you set and pauses where a person has to decide; press it
#   again to pause.
# * **Back**, **Forward** and the slider travel through the game, so a class can look again at any
#   position.
# * **Scenarios** opens any of the game's scenarios (the FAQ answers and edge cases), or a scenario
#   file you name by its path, at its position with its moves ahead: **Forward** walks through them.
# * The **log** says what happened in words. Every line ends with the IDs of the rules behind it, such as
#   `[ST-DRIFT-3]`; hold the pointer over an ID to read the rule, or open the **Rules** panel under the
#   board for the game's rules, with those of the current position marked.
#
# To read a rule, ask for the table of rules in a cell: `racekit.rules("snow_tails")` lists every
# clause in our own words, and `.find("drift")` keeps those that mention a word. For example:

# %%
racekit.rules("snow_tails", coverage=False).find("drift")

# %% [markdown]
# ## Running this page
#
# In JupyterLab run all cells (Run > Run All Cells), then open a game's notebook from the table above.
# As an app without code, start Voila on the notebooks folder: `.venv/bin/voila notebooks/` opens on this
# page (to serve a class, see `docs/classroom.md`).
