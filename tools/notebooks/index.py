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
# [中文版](zh/index.ipynb): every notebook is also built in Simplified Chinese, from the same source.
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

# %% [markdown zh]
# # racekit：竞速桌游，一条规则一条规则地学
#
# [英文版](../index.ipynb)
#
# **racekit** 是一套竞速类桌游的规则引擎和教学工具。每个游戏都照着它的规则文本逐条实现：每条规则都有编号（例如
# `AC-TOUR-FLY-1` 或 `ST-DRIFT-3`），对局里的每个事件都注明它依据的规则。规则文本彼此矛盾或者根本没说的地方，racekit
# 先写明一种默认的读法，其他读法做成选项，随时可以换。
#
# 它可以用来**教学**（带着全班一个阶段一个阶段地走完一局）、**设计**（用可重现的情景检查边界情况和平衡），也可以用来
# **解决争议**（凭随机种子把当时的局面原样重现出来）。每一次掷骰、每一次抽牌都来自你给的随机种子：同一个种子、同样的选择，
# 在任何一台电脑上都是同一局游戏。
#
# ## 有哪些笔记本
#
# 每个笔记本开头都有目录。在 JupyterLab 里，每个笔记本也能当幻灯片放：一张幻灯片讲一件事、配一张大图。先运行全部单元格
# （菜单 `Run > Run All Cells`；探索器和课堂练习要运行以后才能用），再选 `View > Render as Reveal Slideshow` 或按 Alt+R
# （`lab` 安装里带的 `jupyterlab-rise` 扩展）。幻灯片会在笔记本旁边打开；点它面板左上角的全屏按钮就铺满屏幕（按 `Esc` 键退出）。
# 空格键翻到下一张，W 键一次看全部幻灯片，比屏幕高的幻灯片可以上下滚动。
#
# * **每个游戏一个笔记本**（见下表）：分阶段讲规则，配图，附上完整的情景示例；说明规则不清楚的地方本工具选了哪种读法；
#   最后是一个可以动手玩的探索器，也能把任何一个情景打开到它的局面。
# * **[设计评审](designer_review.ipynb)**：写给设计者：按出手顺序谁赢得多、对局怎样结束、有歧义的规则换一种读法会改变什么，
#   都是在成千上万局对局上量出来的。
# * **[课堂练习](lessons.ipynb)**：写给一个班：就一个情景提一个问题，学生先猜，然后由本工具一步步演示答案，
#   并指出起决定作用的那条规则。
#
# ## 游戏

# %%
import racekit
from racekit import notebook as nb

nb.game_table(about=nb.words.mapping("about"))  # what each notebook is for (racekit/locale/*/notebooks.yaml)

# %% nbval-ignore-output
nb.gallery()

# %% [markdown]
# ## Lessons
#
# [lessons.ipynb](lessons.ipynb) holds short quizzes for every game: predict what a position does,
# then let the engine show you, step by step, with the rule that decides it. Use it on a projector
# (class mode) or alone (self-study, with a score).

# %% [markdown zh]
# ## 课堂练习
#
# [课堂练习笔记本](lessons.ipynb)里有每个游戏的小测验：先猜某个局面会怎样，再让引擎一步步演示给你看，并指出起决定作用的
# 那条规则。可以投到大屏幕上全班一起做（课堂模式），也可以自己一个人练（自学模式，会记分）。

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

# %% [markdown zh]
# ## 探索器怎么用
#
# 每个游戏笔记本的最后都有一个**探索器**：棋盘、一排按钮，还有一份记录。
#
# * **随机种子、玩家人数、规则预设和选项**：选好以后按**重新开始**，开一局新游戏。同一个种子永远给出同样的骰子和牌。
# * **下一步**让游戏往前走：执行棋盘下方选好的行动，或者按种子掷骰、抽牌。两次决定之间的抽牌在一次**下一步**里做完；
#   勾选*逐次显示随机结果*就可以一个一个地看。每一次决定、每一个随机结果都算一*步*。
# * **自动播放**按你设的速度自己往前走，走到需要人来决定的地方就停；再按一次就暂停。
# * **后退**、**前进**和滑块可以在整局里来回移动，全班可以回头再看任何一个局面。
# * **情景**面板可以打开本游戏的任何一个情景（规则问答和边界情况），也可以按路径打开你自己写的情景文件：
#   探索器停在情景的局面上，后面的着法都排好了，按**前进**一步步看。
# * **记录**用文字说明发生了什么。每一行末尾都有它依据的规则编号，例如 `[ST-DRIFT-3]`；把鼠标停在编号上就能读到这条规则，
#   也可以打开棋盘下方的**规则**面板查看本游戏的全部规则，当前局面涉及的规则会标出来。
#
# 想读规则，可以在单元格里调出规则表：`racekit.rules("snow_tails")` 用我们自己的话列出每一条条款，`.find("漂移")`
# 只留下提到某个词的条款。例如：

# %%
racekit.rules("snow_tails", coverage=False).find(nb.words("st.find_drift"))

# %% [markdown]
# ## Running this page
#
# In JupyterLab run all cells (Run > Run All Cells), then open a game's notebook from the table above.
# As an app without code, start Voila on the notebooks folder: `.venv/bin/voila notebooks/` opens on this
# page (to serve a class, see `docs/classroom.md`).
#
# JupyterLab's own menus can be in Chinese too: the `lab` install brings the Chinese language pack;
# choose `Settings > Language > 中文 (简体, 中国)` and the page reloads in Chinese (`English` switches back).

# %% [markdown zh]
# ## 运行本页
#
# 在 JupyterLab 里运行全部单元格（菜单 `Run > Run All Cells`），再从上面的表格打开一个游戏的笔记本。想把它当成不用写代码的
# 应用，就在 `notebooks` 文件夹上启动 Voila：`.venv/bin/voila notebooks/` 会直接打开英文起始页，中文起始页在 `zh/index.ipynb`
# （给全班上课的做法见 `docs/classroom.md`）。
#
# JupyterLab 自己的菜单和按钮也可以是中文：`lab` 安装里带着中文语言包，在菜单 `Settings > Language` 里选
# `中文 (简体, 中国)`，页面重新载入后界面就是中文了（选 `English` 换回来）。
