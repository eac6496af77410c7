# %% [markdown]
# # Lessons: predict, then let the engine show you
#
# Each lesson is a question about one worked scenario of a game: "does Red crash?", "on which square
# does R1 stop?", "who wins the tie?". The class (or you alone) answers first; then the kit plays
# the scenario and shows what happened, move by move, in the engine's own sentences, marking the
# step where the deciding rule acts and naming that rule in our words.
#
# The right answers are **not written in the lesson files**. A lesson says where to read the answer
# (a piece's square after the moves, whether an event happens, the order of the crashes, the winner)
# and the engine works it out from the scenario. If a rule or an option changes, the answers change
# with it; `racekit lessons GAME` re-checks every lesson and flags one whose choices no longer hold
# the answer exactly once. The lesson files live in `racekit/games/<game>/lessons/`; the format is
# described in `racekit/core/lessons.py`.
#
# Two ways to use them:
#
# * **Class mode**, for one projector: read the question and the lettered choices aloud, press
#   **Hands up** and count the hands, then **Next step** plays the scenario one move at a time
#   (the highlighted step is where the deciding rule acts); the last step shows the answer and the
#   rule. **Show all** reveals everything at once; **Hint** gives a nudge first.
# * **Self-study mode** (the *Self-study* section, for every game): pick an answer and press
#   **Check**; the kit says right or wrong, shows why, and keeps your score. **Next lesson** goes on.
#
# A lesson asked from one player's seat (such as "You play Red") shows only what that seat may see.
# The list of every lesson with the answer the engine computes is at the end of the page, under
# *For the teacher*, so that projecting this page does not give the answers away.

# %%
from racekit.core.lessons import run_lessons
from racekit.explorer.lessons import lesson_widget, self_study
from racekit.games import SHIPPED

# %% [markdown]
# ## Aeroplane Chess
#
# Launching, jumps and flights (one jump per move, a flight after a jump ends the move), stacks and
# captures, the exact finish, and who decides about a six.

# %% nbval-ignore-output
lesson_widget("aeroplane_chess", mode="class")

# %% [markdown]
# ## Leaf Marathon
#
# The trigger events that move other ponies (swap, Mutual Attraction, roadblock), fainting and
# coming back, the play order, and Royal Grace's rounding.

# %% nbval-ignore-output
lesson_widget("leaf_marathon", mode="class")

# %% [markdown]
# ## Snow Tails
#
# Speed and drift from the mat, too slow to move, the bonus for equal dogs, speed limits, being
# blocked, the tie-breaks at the finish, and dropping out of the race.

# %% nbval-ignore-output
lesson_widget("snow_tails", mode="class")

# %% [markdown]
# ## Wingsuit Flight
#
# Every answer of the rules' FAQ (Q1 to Q6: the map's edges, landing on a character, arrows that
# cannot be skipped, stealing altitude, the blue gift, restarting after a crash), the updraft
# before the meeting check, scoring an exit and a tie at the finish.

# %% nbval-ignore-output
lesson_widget("wingsuit", mode="class")

# %% [markdown]
# ## Self-study
#
# Answer the lessons on your own: choose the **Game** (Wingsuit Flight first), pick an answer, press
# **Check**, read why, and go on with **Next lesson**. Only your first answer to each lesson counts
# towards the score; each game keeps its own score.

# %% nbval-ignore-output
self_study("wingsuit")

# %% [markdown]
# ## For the teacher: every lesson and its answer
#
# The answer the engine computes today for every lesson (`racekit lessons` prints the same list).
# Keep this part off the projector until the class has answered.

# %%
for game in SHIPPED:
    runs = run_lessons([game])
    print(f"{game}: {len(runs)} lessons, {sum(r.ok for r in runs)} ready")
    for run in runs:
        print("  " + run.line())
