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

# %% [markdown zh]
# # 九张牌：翼装飞行，一轮一轮地学
#
# 这个笔记本用 **racekit** 规则引擎讲翼装飞行。每位玩家操控一个翼装角色（一颗角色骰，朝上的点数就是它的**高度**，1 到 4），沿着
# 由五张六边形地图卡组成的赛道往上飞，目标是从最上方飞出去。每一轮，每位玩家秘密地把三颗行动骰排进共用的**行动队列**，队列由
# 谨慎格和勇敢格组成；然后各行动格上的箭头推动角色移动。比你的高度更高的六边形、白色雪山、地图边缘，以及和你同一高度的角色，
# 都会让你**坠落**。每条规则都用条款编号来称呼（例如 `WS-CRASH-3`）；运行 `racekit rules wingsuit` 可以看到每条规则在哪里实现、
# 在哪里检查。
#
# 印刷的卡牌不在规则文本里，所以这里的九张卡是**我们自己做的示意卡组**（为教学而编，采用规则说明附录 A 的卡牌文件格式）；
# 有这款游戏的人可以按同样的格式录入真正的卡牌（选项 `cardset`）。黄色道具的效果（一次免费冲刺）也是本工具自己加的：规则只写了
# 红色和蓝色道具。
#
# 这个笔记本里的数字（高度上限 4、坠落后还给的 2 点高度、冲刺消耗的 1 点高度、玩家最多持有的 2 个方块……）都来自规则书。
# 设计者可以不改代码，把它们换成别的数值当房规来试：`racekit games wingsuit` 列出这些参数，
# `racekit play wingsuit -p alt_max=3` 或 `racekit.load_game("wingsuit", params={"alt_max": 3})` 就是高度上限为 3 的玩法。

# %%
import racekit
from racekit import notebook as nb
from racekit.core.agents import make_agent
from racekit.core.session import Session

game = racekit.load_game("wingsuit", players=3)
print(game)
for option in game.game_type.options[2:8]:
    print(f"{option.name:>22} = {game.options[option.name]!s:<14} {nb.shorten(nb.option_help(game, option), 60)}")

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

# %% [markdown zh]
# ## 布置
#
# 卡牌按道具费用的颜色分成三堆，分别洗匀；每种颜色各取一张组成行动队列，另外六张里的五张从下到上组成赛道，最后一张不用
# （`WS-SETUP-1` 到 `WS-SETUP-4`）。最年轻的玩家（座位 0）先开始，每位玩家把自己的角色放在最下面一张卡上一个空着的红色起点格里，
# 高度为 4（`WS-SETUP-6`）。每一次洗牌都是从随机种子抽出的**随机节点**，所以同一个种子得到同一局游戏。
#
# 图中：六边形的深浅和数字表示高度，灰色三角是白色雪山，蓝色箭头是上升气流，紫色菱形是道具格，黄色横条是坠落的角色重新出发的
# 底部半格，红色轮廓是起点格。角色是画成所在座位颜色的方块，上面写着它的高度。右边是行动队列：谨慎格（蓝）和勇敢格（红），
# 从下往上第 1 到第 6 行，每格标着它的箭头，边上的颜色是那张卡的道具费用颜色。

# %%
session = Session(game, seed=4, agents=[make_agent("careful", 4 + s, game) for s in range(3)])
while session.state.phase != "plan":
    session.step()
print(session.state.to_text())  # en only
nb.picture(session.state, nb.words("ws.after_deal"))

# %% [markdown]
# ## The plan phase: secret, and simultaneous
#
# Each player splits three action dice into a Cautious and a Brave hand, at least one in each, and
# chooses their faces, all different (`WS-PLAN-2`, `WS-PLAN-3`). A die showing n goes to row n of its
# style (`WS-PLAN-4`). The engine takes the plans one seat after another, as OpenSpiel does for
# simultaneous moves, but keeps each plan **hidden** until all are in (`WS-PLAN-5`): other seats' views,
# histories and the log show only that a plan was committed.

# %% [markdown zh]
# ## 计划阶段：秘密进行，同时决定
#
# 每位玩家把三颗行动骰分成谨慎和勇敢两手，每边至少一颗，并选定它们的点数，点数各不相同（`WS-PLAN-2`、`WS-PLAN-3`）。点数为 n 的骰子
# 放到对应风格的第 n 行（`WS-PLAN-4`）。引擎像 OpenSpiel 处理同时行动那样，一个座位接一个座位地收下计划，但在所有人交齐之前，每份计划
# 都是**隐藏**的（`WS-PLAN-5`）：其他座位看到的局面、对局记录和记录里都只显示"已经交了一份计划"。

# %%
state = session.state
session.step()  # Red commits
print(nb.words("ws.green_sees"), session.state.snapshot(1)["seats"][0]["plan"],
      nb.words("ws.committed"), session.state.snapshot(1)["seats"][0]["committed"])
print(nb.words("ws.red_sees"), session.state.snapshot(0)["seats"][0]["plan"])
print(nb.words("ws.green_history"), session.state.history_for(1)[-1])
while session.state.phase == "plan":
    session.step()
for event in session.state.events:
    if event.kind in ("plan_committed", "reveal", "interference", "tie_break", "order"):
        print(game.render(event))
nb.picture(session.state, nb.words("ws.after_reveal"))

# %% [markdown]
# ## Interference
#
# A cell holding dice of two or more colours sends all its dice across to the other style of the
# same row; all such cells move at once, and only once (`WS-INTERFERE-1`, `WS-INTERFERE-2`). With 4 or
# 5 players it takes three colours (`WS-VAR-45P-1`); with 2 players two neutral dice are rolled in
# first (`WS-VAR-2P-1`).

# %% [markdown zh]
# ## 干扰阶段
#
# 一个行动格里如果有两种或更多颜色的骰子，格里的所有骰子都挪到同一行的另一种风格去；所有这样的格同时挪动，而且只挪一次
# （`WS-INTERFERE-1`、`WS-INTERFERE-2`）。4 到 5 人游戏里要三种颜色才算（`WS-VAR-45P-1`）；2 人游戏先投入两颗中立骰子（`WS-VAR-2P-1`）。

# %%
for result in nb.run("wingsuit", ["WS-SCN-02", "WS-SCN-19"]):
    print(nb.explain(result))
    print()

# %% [markdown]
# ## Action order
#
# Highest altitude acts first; at equal altitude the one farther from the finish; a full tie is broken
# by the white die: even means the one nearer the left edge first (`WS-ACT-ORDER-1` to `-3`).

# %% [markdown zh]
# ## 行动顺序
#
# 高度最高的先行动；高度相同时，离终点远的先；完全相同时掷白色骰子决定：偶数则离左边缘近的先（`WS-ACT-ORDER-1` 到 `-3`）。

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

# %% [markdown zh]
# ## 飞行：拿回骰子
#
# 轮到自己行动时，玩家按自己喜欢的顺序一颗一颗拿回骰子，每拿回一颗就从下到上执行那个行动格的箭头，一个也不能跳过（`WS-ACT-1` 到
# `WS-ACT-3`）。两颗骰子之间，以及同一格的两个箭头之间，可以**冲刺**（花 1 点高度往任意方向移动一个六边形，`WS-SPRINT-1`），也可以支付
# 一个和队列中某张卡颜色相同的方块来使用**道具**（`WS-ITEM-3`）。上升气流让高度 +1（`WS-UPDRAFT-1`）；道具格从布袋里摸一个方块
# （`WS-ITEM-1`）。

# %%
while session.state.phase != "action" or not session.state.pend:
    session.step()
    if session.state.round > 1:
        break
nb.picture(session.state, nb.words("ws.resolving"))

# %% [markdown]
# ## Cleanup
#
# If nobody is on the bottom card, it leaves the track and the player nearest the start lays it over
# the queue, covering two cards and keeping six rows and all three colours (`WS-CLEANUP-1` to `-5`).
# Then characters on updrafts rise again (`WS-UPDRAFT-2`) and a new round begins.

# %% [markdown zh]
# ## 整理阶段
#
# 如果最下面一张卡上没有角色，它就离开赛道，由离起点最近的玩家把它盖在行动队列上，盖住两张卡，仍保持六行和三种颜色
# （`WS-CLEANUP-1` 到 `-5`）。然后停在上升气流上的角色再升高一次（`WS-UPDRAFT-2`），新的一轮开始。

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

# %% [markdown zh]
# ## 游戏结束
#
# 第一个从最上方边缘飞出去的角色让游戏在本次行动阶段结束后结束（`WS-END-1`、`WS-END-3`）。飞出去的玩家得分为还没执行的箭头数加上
# 自己的高度（`WS-END-2`）；平分时先行动的人获胜（`WS-END-4`）。

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

# %% [markdown zh]
# # 规则问答，做成可重现的情景
#
# 规则问答里的每个回答都是 `racekit/games/wingsuit/scenarios/` 里的一个情景文件，`racekit scenarios wingsuit` 会运行它们。下面每一节先用
# 我们的话说出问题，再运行对应的情景，并给出前后对比图。想自己一步步看，就在本页最后探索器的**情景**面板里选中它，然后打开
# （用代码也行：`racekit.explore("wingsuit", scenario="WS-SCN-06")`）。探索器从情景的局面开始，后面的着法都排好了：**前进**一步步
# 往下走，**后退**返回，**下一步**按你自己的选择接着玩。
#
# ## Q1. 能飞出地图吗？
#
# 只有从最上方（终点）可以飞出去。两侧边缘被切掉一半的六边形是普通地形，但越过侧边缘、越过底边或者飞进空格的那一步不会执行，
# 你就在原地坠落（`WS-FAQ-Q1a`、`WS-FAQ-Q1b`）。在上方的两个角上，以侧边缘为准（`WS-AMB-12`）。

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

# %% [markdown zh]
# ## Q2. 走一步正好落在和我同一高度的角色上怎么办？
#
# 每走一步都要检查相撞：两个角色同时坠落，这一格剩下的箭头作废（`WS-FAQ-Q2`）。上升气流在检查之前就把你抬高（`WS-AMB-12`），
# 这可能救了你，也可能害了你。

# %%
q2 = nb.run("wingsuit", ["WS-SCN-06", "WS-SCN-30", "WS-SCN-30-2"])
for result in q2:
    print(nb.explain(result, events=False))

# %% [markdown]
# Stepping through WS-SCN-06 one decision at a time: Red takes back its Brave 2 die; its first N lands
# on Green at altitude 3 (both crash, marked ✕); Green places first, then Red.

# %% [markdown zh]
# 一次一个决定地走一遍 WS-SCN-06：红方拿回勇敢 2 的骰子；它的第一个 N 箭头落在高度 3 的绿方身上（两个都坠落，标为 ✕）；
# 绿方先重新放置，然后是红方。

# %%
import io

from IPython.display import Image
from matplotlib.figure import Figure

from racekit.games.wingsuit.plot import draw
from racekit.plotting import style

state = q2[0].before.clone()
frames = [(state.clone(), nb.words("ws.start"))]
for step in ("take B2", "at (0,8)", "at (2,8)"):
    action = state.string_to_action(step)
    label = state.action_label(action)   # the action's name in the language in force
    state.apply_action(action)
    frames.append((state.clone(), label))
with style():   # racekit's fonts: Chinese labels render
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

# %% [markdown zh]
# ## Q3. 能把骰子留在队列里，或者跳过一个会让我坠落的箭头吗？
#
# 不能：每颗骰子都要拿回来，每个箭头都要执行（`WS-FAQ-Q3`）。只有条件不满足的图标才什么都不做（`WS-ACT-5`）。

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

# %% [markdown zh]
# ## Q4. 从高度为 1 的角色那里偷高度会怎样？
#
# 什么也不会发生，但红色方块照样花掉（`WS-FAQ-Q4`）。本工具偷走 1 点高度；失去高度可能让目标当场坠落（`WS-AMB-13`）。

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

# %% [markdown zh]
# ## Q5. 蓝色赠送怎么用？
#
# 你把自己一颗还在队列里的勇敢骰子送给另一位玩家，他立刻在自己的角色上执行它；执行时他可以冲刺，但不能用道具，也可能坠落；之后你
# 获得两次免费冲刺（`WS-FAQ-Q5a` 到 `Q5c`）。骰子算不算勇敢，看它经过干扰阶段以后所在的位置（`WS-AMB-19`）。

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

# %% [markdown zh]
# ## Q6. 在两张卡的分界线上坠落，从哪里重新出发？谁先？
#
# 两张卡分界线上的六边形属于下面那张卡，所以你会损失整整一张卡（`WS-FAQ-Q6a`）。和另一位玩家一起坠落时，他先重新放置（`WS-FAQ-Q6b`）。

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

# %% [markdown zh]
# ## 谨慎玩家之间的一整局
#
# `careful`（谨慎）智能体安排并排列自己的骰子，让模拟出来的路线在能避免的地方绝不坠落，所以演示对局能飞到终点。

# %%
final = Session(game, seed=11, agents=[make_agent("careful", 11 + s, game) for s in range(3)])
final.run()
for event in final.state.events:
    if event.kind in ("exit", "game_over"):
        print(game.render(event))
print(nb.words("rounds_plies", rounds=final.state.round, plies=final.state.ply))

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
# Test yourself or a class: the Wingsuit Flight lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown zh]
# ## 课堂练习
#
# 自己测一测，或者考考全班：[课堂练习](lessons.ipynb)里的翼装飞行练习先问某个局面会怎样，再让引擎一步步演示答案，并指出起决定作用的规则。

# %% [markdown]
# ## Explore
#
# Choose the seats and options, then **Reset**. In the plan phase each seat enters its plan with the
# dice controls (the others look away: the picture and log show only that a plan was committed); at
# other decisions pick from the list. **Step** applies it (or draws the next chance outcome from the
# seed); **Back**, **Forward** and the slider travel in time, and the log names the rule behind every
# event.

# %% [markdown zh]
# ## 探索器
#
# 选好座位和选项，按**重新开始**。计划阶段里，每个座位用骰子控件输入自己的计划（其他人请回避：图和记录里只显示"已经交了一份计划"）；
# 其他需要决定的时候就从列表里选。**下一步**执行它（或者从随机种子抽出下一个随机结果）；**后退**、**前进**和滑块可以在时间里来回移动，
# 记录里每个事件都注明依据的规则。

# %% nbval-ignore-output
racekit.explore("wingsuit", seed=4)
