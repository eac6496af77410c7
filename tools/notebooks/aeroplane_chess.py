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

# %% [markdown zh]
# # 飞行棋，一个阶段一个阶段地学
#
# 这个笔记本用 **racekit** 规则引擎讲飞行棋：棋盘、一个回合、起飞、撞子、迭子、跳子和沿虚线飞棋，还有到达终点。每条规则都用
# racekit 规则说明里的条款编号来称呼（例如 `AC-TOUR-FLY-1`），随时可以在单元格里查：`racekit.rules("aeroplane_chess")`
# 用我们自己的话列出每一条条款（下面有例子）。
#
# 本工具内置两套规则（"规则预设"）：
#
# * **family**（家庭规则）：两到四人玩，每架飞机一开始就停在自己的起飞点，掷出任何点数都能走，落在对手的飞机上就把它撞回
#   它的起飞点。
# * **tournament**（比赛规则）：四人分成两队（红方和蓝方对黄方和绿方），飞机从基地出发，掷出 5 或 6 才能起飞；掷出 6 可以连投，
#   连投的机会还可以让给队友；队友的飞机可以迭在一起；飞机在自己颜色的格子上跳子、飞棋。
#
# 规则文本彼此矛盾或者没说清楚的地方，racekit 采用规则说明的默认读法，其他读法做成选项：下面的单元格列出前几个选项，
# `game.game_type.options` 里有全部选项。

# %%
import racekit
from racekit import notebook as nb

game = racekit.load_game("aeroplane_chess", preset="tournament")
print(game)
for option in game.game_type.options[:8]:
    print(f"{option.name:>24} = {game.options[option.name]!s:<10} {nb.option_help(game, option)}")

# %% [markdown]
# ## The board
#
# The rule texts never draw the board, so racekit uses the common layout, stored as data in
# `racekit/games/aeroplane_chess/boards/standard52.yaml` (`AC-AMB-01`): a loop of 52 squares travelled
# clockwise, each colour entering it 13 squares after the previous one; every fourth square of a
# plane's path is its own colour; a dashed shortcut joins its 18th and 30th steps; after 50 steps on the
# loop a plane turns into its private home column of 5 squares, and step 56 is the finish.

# %% [markdown zh]
# ## 棋盘
#
# 规则文本从来没画过棋盘，所以 racekit 用的是常见的布局，作为数据保存在
# `racekit/games/aeroplane_chess/boards/standard52.yaml`（`AC-AMB-01`）：外圈 52 格，按顺时针方向走，每种颜色的入口比上一种
# 颜色晚 13 格；一架飞机的路线上每隔四格是它自己的颜色；一条虚线捷径连着它路线上的第 18 步和第 30 步；在外圈走满 50 步后，
# 飞机拐进自己专用的 5 格终点通道，第 56 步就是终点。

# %%
state = game.new_initial_state()
print(state.to_text())  # en only
nb.picture(state, nb.words("ac.start_picture"))

# %% [markdown]
# ## A turn
#
# A turn starts with a die roll. In racekit a roll is a **chance node**: the engine lists the six
# outcomes with their probabilities, and a seeded sampler (or a scenario) picks one. Then the player
# chooses among the **legal actions**. Every change is recorded as an event with the clauses behind it.
# In the family game even the choice of who starts is a chance node (`AC-AMB-09`), so it comes first.

# %% [markdown zh]
# ## 一个回合
#
# 回合从掷骰开始。在 racekit 里，掷骰是一个**随机节点**：引擎列出六个随机结果和它们的概率，再由带种子的抽样器（或者情景）
# 选出其中一个。接着玩家在**合法行动**中做选择。每一处变化都记成一个事件，并注明它依据的条款。家庭规则里连谁先走都是随机节点
# （`AC-AMB-09`），所以它排在最前面。

# %%
from racekit.core.session import Session

session = Session(racekit.load_game("aeroplane_chess", preset="family", players=4), seed=2)
session.step()  # who starts: a chance node with four outcomes
print(session.game.render(session.state.events[-1]))
print(nb.words("ac.at_the_roll"), [(session.state.action_label(o), round(p, 3))
                           for o, p in session.state.chance_outcomes()])
for _ in range(3):
    mark = len(session.state.events)
    action = session.step()
    for event in session.state.events[mark:]:
        print(session.game.render(event))
print(nb.words("legal_now"), [session.state.action_label(a) for a in session.state.legal_actions()])

# %% [markdown]
# ## Take-off
#
# In the tournament rules a plane leaves the base only on a 5 or a 6 (`AC-TOUR-LAUNCH-1`), and that roll
# only brings it to the take-off point (`AC-AMB-24`). A roll that allows no move simply passes
# (`AC-BOTH-MOVE-2`). A six also earns another roll (`AC-TOUR-SIX-1`).

# %% [markdown zh]
# ## 起飞
#
# 比赛规则里，飞机要掷出 5 或 6 才能离开基地（`AC-TOUR-LAUNCH-1`），而且这一掷只把它送到起飞点（`AC-AMB-24`）。
# 掷出的点数没有任何一步可走时，这一掷就直接跳过（`AC-BOTH-MOVE-2`）。掷出 6 还能再掷一次（`AC-TOUR-SIX-1`）。

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

# %% [markdown zh]
# ## 撞子
#
# 一架飞机走完后停在只有一架敌机的格子上，就把那架敌机撞回去：比赛规则里撞回基地（`AC-TOUR-CAPTURE-1`），家庭规则里撞回它的
# 起飞点（`AC-FAM-CAPTURE-3`）。几份家庭规则对"路过"一架飞机算不算撞子说法不一（`AC-AMB-03`）：默认不算，
# 选项 `capture_mode=pass_and_land` 改用另一种读法。

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

# %% [markdown zh]
# ## 迭子（比赛规则）
#
# 队友的飞机停在同一格就迭在一起（`AC-TOUR-STACK-1`）。玩家可以挪动迭子中的任意几架，只要其中有一架是自己的
# （`AC-TOUR-STACK-2`），但绝不能把队友的飞机带进自己的终点通道（`AC-TOUR-STACK-3`）。敌机落到迭子上时，比较两边的架数来决定
# 谁被撞回家（`AC-TOUR-CAPTURE-2`、`AC-TOUR-CAPTURE-3`）。

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

# %% [markdown zh]
# ## 跳子和飞棋（比赛规则）
#
# 飞机走完停在自己颜色的格子上，就向前跳到下一个同色格（`AC-TOUR-JUMP-1`），每次移动最多跳一次（`AC-AMB-25`）。停在虚线的起点格上，
# 就沿虚线飞到另一头（`AC-TOUR-FLY-1`）；飞过去以后还能不能再跳，要看它是怎么到那里的（`AC-TOUR-FLY-2`）。迭子按移动者的颜色跳子、
# 飞棋（`AC-TOUR-STACK-4`），所以可能把队友的飞机带过队友自己的转入口：那架飞机留在外圈，再绕一圈，哪怕它刚好停在自己入口前一格；
# 被带着走永远不会把它送进终点通道（`AC-AMB-27`）。

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

# %% [markdown zh]
# ## 到达终点
#
# 飞机必须正好走到终点；点数多了，走到终点后按多出的步数往回退（`AC-BOTH-FINISH-1`、`AC-TOUR-FINISH-2`）。到达终点的飞机离开棋盘
# （`AC-FAM-FINISH-4`）。比赛规则里，哪一队先把八架飞机全送到终点，就立刻获胜（`AC-TOUR-WIN-1`）。家庭规则的对局在第一个获胜者
# 出现时结束（`AC-AMB-22`）；其余的人先比到达终点的飞机数，再比飞机走了多远来排名次（设 `play_for_places=true` 则继续下到每个名次都
# 决出为止）。

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

# %% [markdown zh]
# ## 全部情景
#
# 本工具为规则说明里的边界情况和更多情况准备了可重现的情景。每个情景都固定好骰子，走完着法，再检查规则给出的结果。
# （在终端里，`racekit scenarios aeroplane_chess` 做的是同样的检查。）

# %%
results = nb.run("aeroplane_chess")
for result in results:
    print(result.line())
print(nb.words("passed_failed", passed=sum(r.passed for r in results), failed=sum(not r.passed for r in results)))

# %% [markdown]
# ## The rules in words
#
# `racekit.rules("aeroplane_chess")` is the table of every clause and ambiguity: its ID, what it says in
# our own words, the rule sets it belongs to, and, for an ambiguity, the decision racekit takes and the
# option that changes it. `.find(...)` keeps the rows that mention every word given; here the rules of
# flying along the dashed line.

# %% [markdown zh]
# ## 用文字读规则
#
# `racekit.rules("aeroplane_chess")` 是全部条款和歧义的表：编号、我们自己的话写的内容、所属的规则预设；如果是歧义，还有 racekit
# 采取的决定和改变它的选项。`.find(...)` 只留下提到所给每个词的行；这里是沿虚线飞棋的规则。

# %%
racekit.rules("aeroplane_chess", coverage=False).find(nb.words("ac.find_fly"))

# %% [markdown]
# ## What the text says, what the kit chose
#
# <!-- readings -->

# %% [markdown zh]
# ## 规则怎么写，本工具怎么选
#
# <!-- readings -->

# %% [markdown]
# ## Lessons
#
# Test yourself or a class: the Aeroplane Chess lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown zh]
# ## 课堂练习
#
# 自己测一测，或者考考全班：[课堂练习](lessons.ipynb)里的飞行棋练习先问某个局面会怎样，再让引擎一步步演示答案，并指出起决定作用的规则。

# %% [markdown]
# ## Explore
#
# Now play yourself. Choose the preset, seats and options and press **Reset**; **Step** makes the move
# picked in the list of legal moves and rolls the die (from the seed shown) for the next one (tick
# *show every draw* to roll with a Step of its own); **Play** runs on its own and pauses where a person
# decides; **Back**, **Forward** and the slider travel in time. The log names the rule behind every
# event: point at a rule ID to read it.

# %% [markdown zh]
# ## 探索器
#
# 现在自己来玩。选好规则预设、座位和选项，按**重新开始**；**下一步**执行在合法行动列表里选中的行动，并按显示的随机种子为下一步掷骰
# （勾选*逐次显示随机结果*，掷骰就单独算一步）；**自动播放**自己往前走，遇到需要人来决定的地方就停；**后退**、**前进**和滑块
# 可以在时间里来回移动。记录里每个事件都注明依据的规则：把鼠标停在规则编号上就能读到它。

# %% nbval-ignore-output
import racekit.explorer

racekit.explorer.loading("aeroplane_chess")  # shows "loading the explorer…" until the next cell is done

# %% nbval-ignore-output
racekit.explore("aeroplane_chess", seed=1, preset="tournament")
