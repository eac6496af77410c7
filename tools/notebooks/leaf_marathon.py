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

# %% [markdown zh]
# # 落叶长跑，一轮一轮地学
#
# 这个笔记本用 **racekit** 规则引擎讲落叶长跑，它是小马桌游《桌游是魔法》的一个竞速扩展。每匹小马都有**体力**（每走一格都要消耗，
# 走林间加倍：这是本工具的读法，见下文）、**负重上限**（印在卡上的最大体力的一半，向下取整），以及一手会拖慢它的牌。一轮是这样的：
# 每位玩家按顺序进行自己的**出牌回合**，然后**所有人同时移动**，最后每个人**每移动一格摸一张牌**。规则都用条款编号来称呼
# （例如 `LM-WEIGHT-2`）；运行 `racekit rules leaf_marathon` 可以看到每条规则在哪里实现、在哪里检查。
#
# 印刷的地图、牌堆和角色卡不在规则文本里。这里的地图和 64 张牌的牌堆是**我们自己做的示意数据**，角色名单是公开试玩版的二十个角色；
# 有这款游戏的人可以按同样的文件格式录入自己的内容（`docs/leaf_marathon_content.md`）。

# %%
import racekit
from racekit import notebook as nb
from racekit.core.session import Session

game = racekit.load_game("leaf_marathon", players=4)
ALL = {result.id: result for result in nb.run("leaf_marathon")}  # every shipped scenario, run once


def scenarios(*ids):
    return [ALL[i] for i in ids]


print(game)
print(nb.words("lm.legs", legs=[len(leg) - 1 for leg in game.legs]))
for option in game.game_type.options[:8]:
    print(f"{option.name:>20} = {game.options[option.name]!s:<18} {nb.shorten(nb.option_help(game, option), 60)}")

# %% [markdown]
# ## Setting up
#
# Dice fix the first round's order (`LM-SETUP-1`). Everyone is dealt three characters and keeps one
# (`LM-SETUP-3`), draws five cards (`LM-SETUP-4`) and may once swap any of them for new ones
# (`LM-SETUP-5`). All ponies start on square 0 with full stamina (`LM-SETUP-6`). Every die and every card
# drawn is a **chance node** drawn from the seed, so the same seed gives the same game.

# %% [markdown zh]
# ## 布置
#
# 掷骰决定第一轮的顺序（`LM-SETUP-1`）。每人发三张角色卡，留下一张（`LM-SETUP-3`），摸五张牌（`LM-SETUP-4`），并且可以有一次机会把其中
# 任意几张换成新牌（`LM-SETUP-5`）。所有小马都从第 0 格出发，体力全满（`LM-SETUP-6`）。每次掷骰、每次摸牌都是从随机种子抽出的
# **随机节点**，所以同一个种子得到同一局游戏。

# %%
session = Session(game, seed=3)
while session.state.phase != "turn":
    session.step()
print(session.state.to_text())  # en only
nb.picture(session.state, nb.words("lm.round_1"))

# %% [markdown]
# In a play turn the player may use any cards they like, in any order, and then ends the turn
# (`LM-ROUND-1/2`, `LM-AMB-48`). These are the choices open to the first player now:

# %% [markdown zh]
# 在出牌回合里，玩家可以按任意顺序使用任意多张牌，然后结束回合（`LM-ROUND-1/2`、`LM-AMB-48`）。下面是第一位玩家现在可以做的选择：

# %%
state = session.state
seat = state.current_player()
me = state.snapshot(seat)["seats"][seat]
print(nb.words("lm.runs_as", name=nb.seat_name(game.seat_names[seat]),
               character=nb.content_name("leaf_marathon", me["character"]), stamina=me["stamina"],
               max_stamina=me["max_stamina"], movement=me["movement"], weight=me["weight"],
               limit=me["weight_limit"]))
print(nb.words("hand"), nb.words("list_sep").join(nb.content_name("leaf_marathon", c) for c in me["hand"]))
print(nb.words("lm.choices"), nb.words("choice_sep").join(state.action_label(a) for a in state.legal_actions()))

# %% [markdown]
# ## Weight and movement
#
# A pony moves its movement value, plus 1 for each action card played this round, minus 1 for each unit
# of weight above its limit, never below 0 (`LM-MOVE-1`, `LM-WEIGHT-3`). Armor and played element cards
# weigh nothing; Free Forced Rest weighs 2 (`LM-WEIGHT-6`). Once a round a player may **shed** two
# non-action cards for one new card (`LM-WEIGHT-4`), and once a round play **2-for-3** (`LM-ACTION-3`);
# neither may use a trigger card still to be played (`LM-AMB-50`).

# %% [markdown zh]
# ## 负重和移动
#
# 小马移动的格数等于它的移动值，本轮每打出一张行动牌加 1，负重每超出上限一点减 1，最少为 0（`LM-MOVE-1`、`LM-WEIGHT-3`）。防具和打出的
# 元素牌没有重量；自由的强制休息重 2（`LM-WEIGHT-6`）。每轮一次，玩家可以把两张非行动牌**减负**换一张新牌（`LM-WEIGHT-4`），每轮也可以
# 一次用 **2 换 3**（`LM-ACTION-3`）；这两样都不能用还没打出的事件触发牌（`LM-AMB-50`）。

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

# %% [markdown zh]
# ## 一起移动：同步的节拍
#
# 最后一个出牌回合结束后，所有人同时移动（`LM-ROUND-3`）。引擎每一**拍**让每匹小马前进一格；在同一拍进入某一格的所有小马一起结算地形
# （`LM-AMB-06`）。每格消耗 1 点体力，林间格改为 2 点，林间被踩过一次就变成落叶（`LM-STAMINA-2`、`LM-TERRAIN-FOREST-1/2`）。没被踩过的
# 藤蔓沼泽会把第一个进入的小马拦住（`LM-TERRAIN-VINE-1..3`），停在滑沙上的移动还会再滑一格（`LM-TERRAIN-SAND-1`）。
#
# 每格 1 点体力是**我们的推断，不是规则的字面意思**：原文只对林间写了体力消耗。事件 6 和事件 10（彩虹音爆、善用地形）都免除一次移动的
# 体力损失，即使不在林间也一样，所以本工具读作每一格都消耗体力（`LM-AMB-05`）。想照字面玩，就把选项 `stamina_per_square = 0`：
# 这样只有林间消耗体力（2 点），下面第二个情景就是这样。

# %%
results = scenarios("LM-SCN-14", "LM-SCN-14-ZERO", "LM-SCN-12", "LM-SCN-13", "LM-SCN-46")
for result in results:
    print(nb.explain(result), end="\n\n")
nb.before_after(results[2])

# %% [markdown]
# ## Drawing, fainting and coming back
#
# After moving, each pony draws one card per square actually moved (`LM-ROUND-4`, `LM-AMB-39`); an empty
# draw pile is refilled from the shuffled discards (`LM-DRAW-2`). At 0 stamina a pony stops at once
# (`LM-FAINT-1`), sits out the next round (`LM-FAINT-2`), then comes back at half its max rounded up,
# or waits one more round for full stamina (`LM-FAINT-3`).

# %% [markdown zh]
# ## 摸牌、昏厥和苏醒
#
# 移动以后，每匹小马每实际移动一格摸一张牌（`LM-ROUND-4`、`LM-AMB-39`）；摸牌堆空了，就把弃牌洗匀补上（`LM-DRAW-2`）。体力降到 0 的小马
# 立刻停下（`LM-FAINT-1`），下一轮休息（`LM-FAINT-2`），然后以最大体力的一半（向上取整）苏醒，或者再等一轮、体力全满再回来
# （`LM-FAINT-3`）。

# %%
results = scenarios("LM-SCN-15", "LM-SCN-43", "LM-SCN-04", "LM-SCN-27")
for result in results:
    print(nb.explain(result), end="\n\n")
nb.picture(results[0].after, nb.words("lm.fainted"))

# %% [markdown]
# ## The finish, ties and the next leg
#
# Finishers score 3, 2, 1 and then 0 (`LM-TERRAIN-FINISH-1`). Ponies finishing in the same movement step
# arrive together, whatever the tick: more movement left over ranks first, then more stamina, else they
# share the place (`LM-TIE-1..3`). When all have finished, the next leg starts: hands are cut or filled
# to five, one element buff and the armor may be kept, and low stamina is raised to half (`LM-LEG-1..5`).

# %% [markdown zh]
# ## 终点、平手和下一段跑道
#
# 到达终点的依次得 3、2、1 分，之后都是 0 分（`LM-TERRAIN-FINISH-1`）。在同一个移动阶段到达终点的小马算同时到达，不管是哪一拍：剩余移动值
# 多的排前面，再比体力，还一样就并列（`LM-TIE-1..3`）。所有人都到达终点后开始下一段跑道：手牌减到或补到五张，可以保留一个元素增益和防具，
# 体力太低的提到一半（`LM-LEG-1..5`）。

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

# %% [markdown zh]
# ## 二十个事件
#
# 事件触发牌必须在持有者自己的回合里打出，打出时掷二十面骰（`LM-TRIGGER-1`）；持有者不能把它减负、交换或者扔掉（`LM-AMB-50`）。掷出的点数
# 选出二十个事件中的一个，每个事件都有自己的条款。其中五个会把事件触发牌变成留在手里的**特殊牌**（`LM-TRIGGER-2`）。下表列出了全部事件。

# %%
from racekit.games.leaf_marathon.d20 import NAMES, clause
from racekit.games.leaf_marathon.text import EVENT_SCENARIOS, event_text

print(nb.words("lm.d20_head"))
for number, name in NAMES.items():
    # the shipped scenarios whose checks are exactly what the description says
    lines = (nb.wrap(event_text(number), 70)
             + [nb.words("lm.scenarios", ids=", ".join(EVENT_SCENARIOS[number]))])
    print(f"{number:>3}  {nb.ljust(nb.content_name('leaf_marathon', name), 22)}{clause(number):<13}{lines[0]}")
    for more in lines[1:]:
        print(" " * 40 + more)

# %% [markdown]
# Any event can be rolled on a fixed position: Red (square 5) holds a trigger card, Blue is on 10 with
# armor, Green on 3 and Yellow on 8. The first choice offered is taken wherever the event asks one.
# Event 14 swaps Red with Green, 2 behind, not with Yellow, 3 ahead: the nearest pony wins, ahead or
# behind.

# %% [markdown zh]
# 任何一个事件都可以在固定的局面上掷出来看：红方（第 5 格）拿着一张事件触发牌，蓝方在第 10 格、带着防具，绿方在第 3 格，黄方在第 8 格。
# 事件要求做选择的地方，一律取第一个选项。事件 14 让红方和身后 2 格的绿方交换位置，而不是和前面 3 格的黄方：离得最近的小马胜出，
# 不管在前还是在后。

# %%
from racekit.games.leaf_marathon.demo import roll_event

for number in (8, 13, 14, 16):
    state, lines = roll_event(number)
    print(nb.words("lm.rolled", n=number))
    for line in lines[1:]:
        print("   ", line)

# %% nbval-ignore-output
import ipywidgets as widgets

choice = widgets.Dropdown(options=[(f"{n}: {nb.content_name('leaf_marathon', name)}", n)
                                   for n, name in NAMES.items()], value=9, description=nb.words("lm.event"))
button = widgets.Button(description=nb.words("lm.roll_this"))
out = nb.Panel()


@nb.keep_lang   # a click runs outside this cell: keep the page's language
def show(_=None):
    state, lines = roll_event(choice.value)
    out.show("\n".join(lines), nb.picture(state, nb.words("lm.after_event", n=choice.value)))


button.on_click(show)
show()
widgets.VBox([widgets.HBox([choice, button]), out.widget])

# %% [markdown]
# ## Every scenario
#
# All shipped scenarios (every LM-SCN of the spec plus our own edge cases), the same check as
# `racekit scenarios leaf_marathon`.

# %% [markdown zh]
# ## 全部情景
#
# 全部随附的情景（规则说明里的每个 LM-SCN，加上我们自己的边界情况），和 `racekit scenarios leaf_marathon` 做的是同样的检查。

# %%
results = list(ALL.values())
for result in results:
    print(result.line())
print(nb.words("passed_failed", passed=sum(r.passed for r in results), failed=sum(not r.passed for r in results)))

# %% [markdown]
# ### Every scenario pictured
#
# Pick a scenario to see its position before and after, with what happened in words.

# %% [markdown zh]
# ### 每个情景的图
#
# 选一个情景，看它前后的局面，并用文字说明发生了什么。

# %% nbval-ignore-output
pick = widgets.Dropdown(options=[(f"{r.id}: {nb.scenario_title(r)}", r.id) for r in results], value="LM-SCN-55",
                        description=nb.words("scenario"), layout=widgets.Layout(width="46em"))
shown = nb.Panel()


@nb.keep_lang   # a click runs outside this cell: keep the page's language
def show_scenario(_=None):
    result = ALL[pick.value]
    shown.show(nb.explain(result), nb.before_after(result))


pick.observe(show_scenario, names="value")
show_scenario()
widgets.VBox([pick, shown.widget])

# %% [markdown]
# ## Secret hands
#
# Hands are hidden information (`LM-AMB-43`): a seat's view shows its own cards and only the number the
# others hold, and its copy of the history hides the other seats' draws.

# %% [markdown zh]
# ## 保密的手牌
#
# 手牌是隐藏信息（`LM-AMB-43`）：一个座位看到的局面里有自己的牌，别人只显示手里有几张；它那一份对局记录里，其他座位摸到的牌都是隐藏的。

# %%
view = session.state.snapshot(0)
for name, seat in zip(game.seat_names, view["seats"]):
    hand = (nb.words("list_sep").join(nb.content_name("leaf_marathon", c) for c in seat["hand"])
            if seat["hand"] is not None else nb.words("hidden"))
    print(nb.words("seat_hand", name=nb.seat_name(name), hand=hand, n=seat["hand_size"]))
hidden = sum(1 for a in session.state.history_for(0) if a is None)
print(nb.words("lm.hides", name=nb.seat_name("Red"), hidden=hidden, plies=session.state.ply))

# %% [markdown]
# ## A whole race
#
# The kit's **careful** runner sheds weight down to its limit, plays action cards only while it can
# afford the stamina and comes back from a faint at once. It never stands still for good: with no
# move left and no buff C to give stamina back, it walks on into a faint, which refills it. Four
# careful runners over the three legs:

# %% [markdown zh]
# ## 一整场比赛
#
# 本工具的**谨慎**跑者把负重减到上限以内，只在体力够用时才打行动牌，昏厥后立刻苏醒。它从不永远停在原地：没有步数可走、也没有能回体力的
# 增益 C（坚韧）时，它就继续往前走到昏厥，昏厥反而让它恢复体力。四位谨慎跑者跑完三段跑道：

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

# %% [markdown zh]
# ## 规则怎么写，本工具怎么选
#
# <!-- readings -->

# %% [markdown]
# ## Lessons
#
# Test yourself or a class: the Leaf Marathon lessons in [lessons.ipynb](lessons.ipynb) ask what a
# position does, then let the engine show the answer step by step, with the rule that decides it.

# %% [markdown zh]
# ## 课堂练习
#
# 自己测一测，或者考考全班：[课堂练习](lessons.ipynb)里的落叶长跑练习先问某个局面会怎样，再让引擎一步步演示答案，并指出起决定作用的规则。

# %% [markdown]
# ## Explore
#
# Choose the seats and options, then **Reset**. At each decision pick an action from the list (card
# uses in a play turn, targets, cards to pick); **Step** applies it or rolls from the seed shown.
# **Back**, **Forward** and the slider travel in time, and the log names the rule behind every event.

# %% [markdown zh]
# ## 探索器
#
# 选好座位和选项，按**重新开始**。每次需要决定时从列表里选一个行动（出牌回合里用哪张牌、选谁当目标、挑哪几张牌）；**下一步**执行它，
# 或者按显示的随机种子掷骰。**后退**、**前进**和滑块可以在时间里来回移动，记录里每个事件都注明依据的规则。

# %% nbval-ignore-output
racekit.explore("leaf_marathon", seed=3)
