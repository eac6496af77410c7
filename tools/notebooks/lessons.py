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

# %% [markdown zh]
# # 课堂练习：先猜，再让引擎演示
#
# 每个练习都是就某个游戏的一个示例情景提出的问题："红方会坠落吗？""R1 停在哪一格？""平手时谁赢？"全班（或者你自己）先作答；
# 然后本工具把情景走一遍，用引擎自己的句子一步一步展示发生了什么，标出起决定作用的规则生效的那一步，并用我们的话说出这条规则。
#
# 正确答案**没有写在练习文件里**。练习只说去哪里读答案（走完以后某个棋子在哪一格、某个事件有没有发生、坠落的先后、谁获胜），
# 由引擎根据情景算出来。规则或选项一变，答案跟着变；`racekit lessons GAME` 会重新检查每个练习，如果某个练习的选项不再恰好有一个
# 正确答案，就标出来。练习文件放在 `racekit/games/<game>/lessons/`；格式说明见 `racekit/core/lessons.py`。
#
# 两种用法：
#
# * **课堂模式**，一台投影就够：大声读出问题和带字母的选项，按**举手**（`Hands up`）数一数举手的人，然后**下一步**（`Next step`）一次走一步（高亮的那一步就是
#   起决定作用的规则生效的地方）；最后一步给出答案和规则。**全部显示**（`Show all`）一次揭晓全部内容；**提示**（`Hint`）先给一点线索。
# * **自学模式**（见“自学”一节，每个游戏都有）：选一个答案，按**检查**（`Check`）；本工具告诉你对不对、为什么，并记下你的分数。**下一个练习**（`Next lesson`）继续往下做。
#
# 从某位玩家的座位提出的练习（比如"你执红方"）只显示这个座位能看到的东西。
#
# 引擎算出的每个练习的答案都列在本页最后的“给老师”一节，所以把这一页投到屏幕上不会泄露答案。

# %%
import racekit
from racekit import notebook as nb
from racekit.core.lessons import run_lessons
from racekit.explorer.lessons import lesson_widget, self_study
from racekit.games import SHIPPED

# %% [markdown]
# ## Aeroplane Chess
#
# Launching, jumps and flights (one jump per move, a flight after a jump ends the move), stacks and
# captures, the exact finish, and who decides about a six.

# %% [markdown zh]
# ## 飞行棋
#
# 起飞、跳子和飞棋（每次移动只跳一次，跳子后接飞棋就结束这一步）、迭子和撞子、正好到达终点，以及掷出 6 以后由谁决定。

# %% nbval-ignore-output
lesson_widget("aeroplane_chess", mode="class")

# %% [markdown]
# ## Leaf Marathon
#
# The trigger events that move other ponies (swap, Mutual Attraction, roadblock), fainting and
# coming back, the play order, and Royal Grace's rounding.

# %% [markdown zh]
# ## 落叶长跑
#
# 会挪动其他小马的触发事件（交换位置、惺惺相吸、路障），昏厥和苏醒，出手顺序，以及皇家恩赐的取整方式。

# %% nbval-ignore-output
lesson_widget("leaf_marathon", mode="class")

# %% [markdown]
# ## Snow Tails
#
# Speed and drift from the mat, too slow to move, the bonus for equal dogs, speed limits, being
# blocked, the tie-breaks at the finish, and dropping out of the race.

# %% [markdown zh]
# ## 雪橇竞速
#
# 从图板上的牌算速度和漂移，速度太低走不动，两犬相同的额外步数，速度上限，被挡住，终点的平手判定，以及退出比赛。

# %% nbval-ignore-output
lesson_widget("snow_tails", mode="class")

# %% [markdown]
# ## Wingsuit Flight
#
# Every answer of the rules' FAQ (Q1 to Q6: the map's edges, landing on a character, arrows that
# cannot be skipped, stealing altitude, the blue gift, restarting after a crash), the updraft
# before the meeting check, scoring an exit and a tie at the finish.

# %% [markdown zh]
# ## 翼装飞行
#
# 规则问答里的每个回答（Q1 到 Q6：地图的边缘、落在角色身上、不能跳过的箭头、偷高度、蓝色赠送、坠落后重新出发），相撞检查之前的
# 上升气流，飞出时的计分，以及终点的平手。

# %% nbval-ignore-output
lesson_widget("wingsuit", mode="class")

# %% [markdown]
# ## Self-study
#
# Answer the lessons on your own: choose the **Game** (Wingsuit Flight first), pick an answer, press
# **Check**, read why, and go on with **Next lesson**. Only your first answer to each lesson counts
# towards the score; each game keeps its own score.

# %% [markdown zh]
# ## 自学
#
# 自己做练习：先在**游戏**（`Game`）里选一个游戏（默认是翼装飞行），选一个答案，按**检查**（`Check`），读一读为什么，
# 然后按**下一个练习**（`Next lesson`）继续。每个练习只有第一次作答计分；每个游戏分开计分。

# %% nbval-ignore-output
self_study("wingsuit")

# %% [markdown]
# ## For the teacher: every lesson and its answer
#
# The answer the engine computes today for every lesson (`racekit lessons` prints the same list).
# Keep this part off the projector until the class has answered.

# %% [markdown zh]
# ## 给老师：每个练习和它的答案
#
# 引擎今天为每个练习算出的答案（`racekit lessons` 打印的是同一份清单）。全班作答之前，别把这一部分投到屏幕上。

# %%
for game in SHIPPED:
    runs = run_lessons([game])
    print(nb.words("lessons_ready", game=game, n=len(runs), ready=sum(r.ok for r in runs)))
    for run in runs:
        print("  " + run.line())
