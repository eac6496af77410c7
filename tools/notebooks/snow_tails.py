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

# %% [markdown zh]
# # 雪橇竞速，一个回合一个回合地学
#
# 这个笔记本用 **racekit** 规则引擎讲雪橇竞速。每位玩家驾驶一辆狗拉雪橇，有两只雪橇犬（左和右）和一个制动。从手牌打出的牌决定
# 两只雪橇犬的拉力和制动：两只雪橇犬相加再减去制动就是**速度**，两只雪橇犬之间的差让雪橇向一侧**漂移**。弯角有速度上限，撞上
# 山壁或别的雪橇会停下，损坏牌会塞满你的手牌。每条规则都用 racekit 规则说明里的条款编号来称呼（例如 `ST-DRIFT-3`）；
# 在单元格里运行 `racekit.rules("snow_tails")` 可以看到每一条条款，都是我们自己的话（下面有例子）。
#
# 正式出版的赛道板块不在规则文本里，所以这里的赛道（`teaching`、`medium`、`long`）是**我们自己画的示意赛道**；有这款游戏的人
# 可以按同样的文件格式录入自己的赛道板块（`docs/snow_tails_tracks.md`）。

# %%
import racekit
from racekit import notebook as nb
from racekit.core.session import Session

game = racekit.load_game("snow_tails", players=4, track="teaching")
print(game)
for option in game.game_type.options[:6]:
    print(f"{option.name:>19} = {game.options[option.name]!s:<22} {nb.shorten(nb.option_help(game, option), 58)}")

# %% [markdown]
# ## Setting up
#
# A random player places a sled on a start slot first, then the others choose in turn (`ST-SETUP-5`,
# `ST-AMB-02`). Everyone draws five dog cards; slot 4 draws one more and slot 5 two more (`ST-SETUP-6`).
# Both dogs and the brake start at 3, so every sled starts at speed 3 (`ST-SETUP-3`, `ST-SETUP-4`).
# Every card draw is a **chance node**: the engine draws from the seed, and the hands stay secret.

# %% [markdown zh]
# ## 布置
#
# 随机选出的一位玩家先把雪橇放到一个起步点上，其他人再轮流选（`ST-SETUP-5`、`ST-AMB-02`）。每人摸五张雪橇犬牌；4 号起步点多摸一张，
# 5 号起步点多摸两张（`ST-SETUP-6`）。两只雪橇犬和制动一开始都是 3，所以每辆雪橇开局速度都是 3（`ST-SETUP-3`、`ST-SETUP-4`）。
# 每次摸牌都是一个**随机节点**：引擎按随机种子摸牌，手牌保密。

# %%
session = Session(game, seed=3)
while session.state.phase != "play":
    session.step()
print(session.state.to_text())  # en only
nb.picture(session.state, nb.words("st.after_deal"))

# %% [markdown]
# ## Step 1: play cards
#
# On each turn a player plays one to three cards **of the same value**, each to a different spot: the
# left dog, the right dog or the brake (`ST-PLAY-1`, `ST-PLAY-2`). A card covers what was there: the new
# card's value is what counts (`ST-PLAY-4`, `ST-BRAKE-1`). Here are the plays open to the first player,
# and what happens to plays that break the rule.

# %% [markdown zh]
# ## 第 1 步：出牌
#
# 每个回合，玩家打出一到三张**点数相同**的牌，每张放在不同的位置：左犬、右犬或制动（`ST-PLAY-1`、`ST-PLAY-2`）。新牌盖住原来的牌，
# 算数的是新牌的点数（`ST-PLAY-4`、`ST-BRAKE-1`）。下面是第一位玩家现在可以出的牌，以及违反规则的出法会怎样。

# %%
state = session.state
print(nb.words("st.first_to_move"), nb.seat_name(game.seat_names[state.current_player()]))
print(nb.words("hand"), state.snapshot(state.current_player())["seats"][state.current_player()]["hand"])
print(nb.words("st.legal_plays"), nb.words("list_sep").join(state.action_label(a) for a in state.legal_actions()))
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

# %% [markdown zh]
# ## 第 2 步：速度和漂移
#
# 速度等于左犬加右犬减制动（`ST-SPEED-1`）；小于 1 时雪橇原地不动（`ST-SPEED-2`）。两只雪橇犬不一样时，雪橇按两者之差向强的一侧
# 漂移（`ST-DRIFT-1`），但不超过速度（`ST-DRIFT-3`）。漂移必须全部走完（`ST-DRIFT-5`），不过*哪几步*漂移由玩家决定（`ST-DRIFT-4`）。
# 图里预演一种走法：实线箭头是向前，虚线箭头是漂移。

# %%
result, = nb.run("snow_tails", ["ST-SCN-02"])
print(nb.explain(result))
planning = result.before.clone()
planning.apply_action(planning.string_to_action("play 5 to R"))
print(nb.words("st.legal_sequences"), nb.words("list_sep").join(planning.action_label(a) for a in planning.legal_actions()))
nb.picture(planning, nb.words("st.planned", plan="DR F F F DR"), action=planning.string_to_action("DR F F F DR"))

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

# %% [markdown zh]
# ## 两犬相同的额外步数
#
# 两只雪橇犬拉力相同时，雪橇可以按本轮出手顺序中的名次再直行几格：第一个走的 1 格，第二个 2 格，依此类推（`ST-BONUS-1`）。要么全走，
# 要么不走，也可以放弃（`ST-BONUS-2`、`ST-AMB-05`）。默认第 1 轮没有这项额外步数（`ST-AMB-03`）。

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

# %% [markdown zh]
# ## 速度上限、山壁和别的雪橇
#
# 以超过上限的速度越过弯角的速度上限线，每超过一格拿一张损坏牌（`ST-LIMIT-2`）；默认按整个回合的速度算，额外步数也算在内
# （`ST-AMB-07`、`ST-AMB-08`）。撞上山壁，雪橇停下并拿一张损坏牌（`ST-WALL-1`）；撞上别的雪橇也会停下，不拿损坏牌，但第 3 步不能补牌
# （`ST-BLOCK-1`、`ST-BLOCK-2`）。

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

# %% [markdown zh]
# ## 第 3 步：补牌、损坏和出局
#
# 移动以后，玩家把手牌补到五张，或者把雪橇犬牌弃到只剩五张（`ST-REFILL-1`、`ST-REFILL-2`）。损坏牌占手牌的位置，而且永远不能丢掉
# （`ST-DAMAGE-1`、`ST-DAMAGE-2`）。手里没有雪橇犬牌可出时，玩家拿一张损坏牌，补牌，再重新开始这个回合（`ST-PLAY-5`）；手里只剩损坏牌，
# 雪橇就出局（`ST-ELIM-1`）。

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

# %% [markdown zh]
# ## 出手顺序和终点
#
# 从第 2 轮起，跑在最前面的雪橇先走（`ST-ORDER-3`）；并排的雪橇按下一个弯角的内侧排先后（`ST-ORDER-5`），接近终点时按终点旗那一侧排
# （`ST-ORDER-6`）。同一轮越过终点的雪橇，按越过终点线后停得多远排名（`ST-END-3`），再按终点旗那一侧排（`ST-END-4`），并在下一轮开始前
# 离开赛道（`ST-END-5`）。

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

# %% [markdown zh]
# ## 保密的手牌
#
# 手牌是隐藏信息。一个座位看到的局面里有自己的牌，别人只显示手里有*几张*牌；在这个座位那一份对局记录里，其他座位摸到的牌都是隐藏的。

# %%
view = session.state.snapshot(0)
for seat in view["seats"]:
    print(nb.words("seat_hand", name=nb.seat_name(seat["name"]), n=seat["hand_size"],
                   hand=seat["hand"] if seat["hand"] is not None else nb.words("hidden")))
probe = game.new_initial_state()
seen = []
for action, visible in zip(session.state.history(), session.state.history_for(0)):
    seen.append(probe.action_label(action) if visible is not None else nb.words("hidden"))
    probe.apply_action(action)
print(nb.words("history_of", name=nb.seat_name("Red")), nb.words("list_sep").join(seen))

# %% [markdown]
# ## Every scenario
#
# All shipped scenarios (in a terminal, `racekit scenarios snow_tails` runs the same check).

# %% [markdown zh]
# ## 全部情景
#
# 全部随附的情景（在终端里，`racekit scenarios snow_tails` 做的是同样的检查）。

# %%
results = nb.run("snow_tails")
for result in results:
    print(result.line())
print(nb.words("passed_failed", passed=sum(r.passed for r in results), failed=sum(not r.passed for r in results)))

# %% [markdown]
# ## A whole race on the medium track
#
# The medium course has four corners with limits from 2 to 5. Uniformly random drivers crash into the
# walls and drop out, which is itself a lesson about drift; the kit's **careful** driver looks one turn
# ahead (it tries each play and drift sequence on a copy of the board, never peeking at other hands) and
# gets round. Here is a seeded race between four careful drivers, shown halfway and at the end.

# %% [markdown zh]
# ## 中程赛道上的一整场比赛
#
# 中程赛道（`medium`）有四个弯角，速度上限从 2 到 5。完全随机的车手会撞墙出局，这本身就是一堂关于漂移的课；本工具的**谨慎**车手会往前看一个
# 回合（它在棋盘的副本上把每种出牌和漂移走法都试一遍，从不偷看别人的手牌），能跑完全程。下面是四位谨慎车手的一场带种子的比赛，
# 分别展示比赛进行到一半和结束时的样子。

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
print(nb.words("rounds_plies", rounds=final.snapshot()["round"], plies=final.ply))

# %%
nb.picture(midgame(medium, seed=1), nb.words("st.halfway"))

# %% [markdown]
# ## The rules in words
#
# `racekit.rules("snow_tails")` is the table of every clause and ambiguity: its ID, what it says in our
# own words, and, for an ambiguity, the decision racekit takes and the option that changes it.
# `.find(...)` keeps the rows that mention every word given; here the rules about the speed limits.

# %% [markdown zh]
# ## 用文字读规则
#
# `racekit.rules("snow_tails")` 是全部条款和歧义的表：编号、我们自己的话写的内容；如果是歧义，还有 racekit 采取的决定和改变它的选项。
# `.find(...)` 只留下提到所给每个词的行；这里是关于速度上限的规则。

# %%
racekit.rules("snow_tails", coverage=False).find(nb.words("st.find_limit"))

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
# Test yourself or a class: the Snow Tails lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown zh]
# ## 课堂练习
#
# 自己测一测，或者考考全班：[课堂练习](lessons.ipynb)里的雪橇竞速练习先问某个局面会怎样，再让引擎一步步演示答案，并指出起决定作用的规则。

# %% [markdown]
# ## Explore
#
# Choose the seats, track and options, then **Reset**. At a card play, pick the cards for the left dog,
# right dog and brake; at a move, build the drift sequence step by step; **Step** applies it and makes
# the card draws from the seed shown up to the next decision (tick *show every draw* to see them one by
# one). **Back**, **Forward** and the slider travel in time, and the log names the rule behind every
# event: point at a rule ID to read it.

# %% [markdown zh]
# ## 探索器
#
# 选好座位、赛道和选项，按**重新开始**。出牌时，为左犬、右犬和制动选牌；移动时，一步一步地排出漂移的走法；**下一步**执行它，并按显示的
# 随机种子摸牌，直到下一个需要决定的地方（勾选*逐次显示随机结果*可以一张一张地看）。**后退**、**前进**和滑块可以在时间里来回移动，
# 记录里每个事件都注明依据的规则：把鼠标停在规则编号上就能读到它。

# %% nbval-ignore-output
import racekit.explorer

racekit.explorer.loading("snow_tails")  # shows "loading the explorer…" until the next cell is done

# %% nbval-ignore-output
racekit.explore("snow_tails", seed=3, track="teaching")
