# %% [markdown]
# # Designer review: who wins by play order, how games end, and what each reading changes
#
# This notebook answers a game designer's questions with numbers that hold when you run many more
# games, for every game racekit ships:
#
# 1. **Play order.** Does the first player to act (the first roller, the first to place, the first in
#    round 1's order, as each game defines it) win more than the fair share? Win rates by position in
#    the first round's order of play, with 95% intervals. The colours come second: where the start
#    player is drawn at random, a colour's win rate cannot show an advantage of playing first.
# 2. **Completion and quality.** How games end (a winner, a shared first place, every seat
#    eliminated, stopped by a guard), how long they last and how much that varies, how often the
#    lead changes, how early the winner takes the lead for good, and how often the winner comes
#    from behind.
# 3. **Readings.** Where the rule texts can be read more than one way, racekit offers the readings as
#    options (their clause IDs look like `AC-AMB-02`). Every reading is played on the same game seeds
#    as the rules as set (paired games), in rounds, until its verdict is decided:
#    **changes … by X [lo, hi]** (confirmed on a fresh set of games before it is printed, and
#    followed by where that interval lies against ±T: *beyond* it, *within* it, a real change
#    smaller than the threshold, or *maybe beyond* it, when the interval reaches across ±T),
#    **no change beyond ±T**, or **not enough games to tell**.
#
# The numbers below were played by one command, `racekit review --all`, and stored in
# `notebooks/review/` (a test checks them against a fresh run), so this page opens in seconds.
# Every game has its own seed: `racekit play GAME --seed SEED` or `racekit.explore(GAME, seed=SEED)`
# replays it exactly.

# %% [markdown zh]
# # 设计评审：按出手顺序谁赢得多，对局怎样结束，每种读法改变了什么
#
# 这个笔记本用数字回答游戏设计者的问题，而且这些数字在多跑很多局以后依然成立；racekit 随附的每个游戏都有：
#
# 1. **出手顺序。**第一个行动的玩家（第一个掷骰的、第一个放置的、第 1 轮顺序中排第一的，各游戏自有定义）赢的比例是否高于公平份额？
#    这里按第一轮出手顺序中的位置给出胜率，附 95% 区间。颜色放在第二位看：起始玩家随机抽出时，某种颜色的胜率显示不出先手的优势。
# 2. **完成情况和对局质量。**对局怎样结束（有一位获胜者、第一名并列、所有座位都被淘汰、被保护机制中止），持续多久、长短差异多大，
#    领先者换了几次，获胜者多早就一直领先，以及获胜者从落后翻盘的频率。
# 3. **读法。**规则文本可以有不止一种读法的地方，racekit 把这些读法做成选项（它们的条款编号形如 `AC-AMB-02`）。每种读法都和当前规则
#    在同一批随机种子上对比（配对对局），一轮一轮地加，直到结论确定：**改变 … X [下限, 上限]**（打印前会在一批新的对局上再确认一次，
#    后面说明这个区间和 ±T 的关系：*超出* ±T；*在 ±T 以内*，即确实有变化，但比阈值小；*可能超出* ±T，即区间跨过了 ±T）、
#    **变化不超过 ±T**，或者**对局数不够，无法判断**。
#
# 下面的数字是由一条命令 `racekit review --all` 跑出来的，存放在 `notebooks/review/`（有一个测试拿它和重新跑的结果对照），所以这一页
# 几秒钟就能打开。每个游戏都有自己的随机种子：`racekit play GAME --seed SEED` 或 `racekit.explore(GAME, seed=SEED)` 可以原样重放。

# %%
import warnings

import matplotlib.pyplot as plt
import pandas as pd

import racekit
from racekit.games import SHIPPED
from racekit.plotting import rc
from racekit.sim import designer, heatmap, review
from racekit.sim.quality import quality_table
from racekit.core.i18n import seat_name
from racekit.sim.simulate import completion_table, position_table, seat_table

warnings.filterwarnings("ignore", category=DeprecationWarning)
plt.rcParams.update(rc())   # racekit's fonts: Chinese names and labels render in the plots
pd.set_option("display.width", 120)
pd.set_option("display.max_colwidth", 90)

reviews = designer.stored_reviews()          # racekit review --all (notebooks/review/*.parquet)
for name, rv in reviews.items():
    s = rv.settings
    print(review.T("notebook.settings", name=name, games=len(rv.baseline), readings=len(rv.verdicts),
                   budget=s["budget"], seed=s["seed"]))

# %% [markdown]
# ## Who wins by play order
#
# Random agents sit in every seat (each picks uniformly among its legal actions), so the numbers show
# what the *rules* give each position, not what skill does with them. The fair share is the average
# number of winners per finished game divided by the seats (1/4 when one of four wins, 1/2 when a
# side of two partners wins). Win rates are among finished games (games with a winner); the first
# line also gives the rate over all games, where a game nobody wins counts as a loss for everyone.

# %% [markdown zh]
# ## 按出手顺序谁赢得多
#
# 每个座位都坐着随机智能体（每次在合法行动中均匀地随便挑一个），所以这些数字显示的是*规则*给每个位置带来的东西，而不是技巧造成的差别。
# 公平份额是每局结束时获胜者的平均人数除以座位数（四人中一人获胜时是 1/4，两人一队获胜时是 1/2）。胜率只在有结果的对局（有获胜者的
# 对局）里统计；第一行还给出在全部对局中的胜率，没人获胜的对局算所有人都输。

# %%
for name, rv in reviews.items():
    print(name)
    for line in rv.header[1:-1]:          # all but the settings line and the verdicts line
        print("  " + line)
    print()

# %% nbval-ignore-output
for name, rv in reviews.items():
    fig, (left, mid, right) = plt.subplots(1, 3, figsize=(14, 3.2))
    designer.plot_positions(rv.baseline, ax=left, title=review.T("notebook.by_order", name=name))
    designer.plot_positions(rv.baseline, ax=mid, title=review.T("notebook.by_colour", name=name),
                            by="colour")
    review.plot_lengths(rv.baseline, ax=right, title=review.T("notebook.length", name=name))
    fig.tight_layout()
    plt.show()

# %% [markdown]
# The same games by colour (the second view). Where the start player is drawn at random, every
# colour plays first equally often, so an advantage of playing first is spread over all colours.

# %% [markdown zh]
# 同一批对局按颜色来看（第二种视角）。起始玩家随机抽出时，每种颜色先走的机会相同，所以先手的优势会平均分摊到所有颜色上。

# %%
for name, rv in reviews.items():
    print(name)
    print(review.printed(seat_table(rv.baseline)[["name", "wins", "win_rate", "ci_low", "ci_high",
                                                  "fair_share", "edge_points"]]))
    print()

# %% [markdown]
# ## How games end, and the quality measures
#
# The measures follow the game-design literature (Browne's measures for evolved games, Ludii's
# metrics). *Duration spread* is the standard deviation of the game length over its mean.
# *Drawishness* is the share of games whose first place is shared. The lead measures replay the first
# 200 games of each table and note the leader (the one seat strictly furthest along, by the game's own
# measure of progress) at the end of every round: *lead changes* per game; *decisiveness*, the share
# of the rounds played when the eventual winner took the lead for good (small: decided early);
# *comeback rate*, the share of won games whose winner was not leading halfway.

# %% [markdown zh]
# ## 对局怎样结束，以及质量指标
#
# 这些指标参照游戏设计方面的文献（Browne 为演化游戏提出的指标、Ludii 的度量）。*时长离散度*是对局长度的标准差除以平均值。
# *和棋倾向*是第一名并列的对局所占的比例。领先指标重放每张表的前 200 局，在每一轮结束时记下领先者（按该游戏自己衡量进度的方式，
# 严格跑在最前面的那个座位）：*领先变化*是每局领先者换人的次数；*决定性*是最终获胜者一直领先到底时已经进行的轮数所占比例
# （越小说明胜负定得越早）；*翻盘率*是获胜者在对局一半时并不领先的对局所占比例。

# %%
for name, rv in reviews.items():
    print(name)
    print(review.printed(completion_table(rv.baseline)[["games", "share", "ci_low", "ci_high",
                                                        "meaning"]]))
    print(review.printed(quality_table(rv.baseline)[["value", "low", "high", "games", "meaning"]]))
    print()

# %% [markdown]
# ## What each reading changes
#
# Each reading plays the same seeds as the rules as set, in rounds of doubling size, until its
# interval decides against the threshold (3 points of the first player's edge, 3% of the mean game
# length) or the budget runs out. The first player's *edge* is its win rate minus the fair share,
# over all games: a reading that only changes how often a first place is shared (a tie-break), or how
# often nobody wins, does not move it. Only changes confirmed on fresh games are called changes; the
# rest say how sure the review is. The line before the verdicts says how the error is controlled
# across all of them.

# %% [markdown zh]
# ## 每种读法改变了什么
#
# 每种读法都和当前规则在同样的随机种子上对比，每一轮对局数加倍，直到它的区间相对阈值作出判断（先手优势 3 个百分点、平均对局长度的 3%），
# 或者预算用完。先手的*优势*是它的胜率减去公平份额，在全部对局上计算：只改变第一名多常并列（平手判定）或没人获胜的频率的读法，不会影响它。
# 只有在新对局上确认过的改变才叫改变；其余的结论说明评审有多确定。结论前面那一行说明在所有结论之间怎样控制误差。

# %%
for name, rv in reviews.items():
    print(name)
    print("  " + rv.header[-1])
    for line in rv.verdicts["line"]:
        print("  - " + line)
    print()

# %% nbval-ignore-output
for name, rv in reviews.items():
    s = rv.settings
    fig = designer.plot_verdicts(rv.verdicts, s["threshold"], s["length_threshold"],
                                 review.T("notebook.verdicts", name=name))
    if fig is not None:
        plt.show()

# %% [markdown]
# ## Where things happen
#
# The first 200 games of each table were replayed with their events recorded, and every capture
# (Aeroplane Chess, by loop square), damage (Snow Tails, by the sled's square after its move), faint
# (Leaf Marathon, by square, every leg) and crash (Wingsuit Flight, by hex) was counted where it
# happened. Each disc's area and colour grow with its count. Wingsuit deals a new track every game,
# so its crashes are placed by column and row over one game's board; crashes below the bottom row
# fell off the track.

# %% [markdown zh]
# ## 事情发生在哪里
#
# 每张表的前 200 局都重放了一遍并记录事件，每次撞子（飞行棋，按外圈格子）、损坏（雪橇竞速，按雪橇移动后所在的格）、昏厥
# （落叶长跑，按格子，每段跑道）和坠落（翼装飞行，按六边形）都按发生的地点计数。圆点的面积和颜色随次数增大。翼装飞行每局都重新发一条
# 赛道，所以它的坠落按一局棋盘上的列和行来放；落在最下面一行以下的坠落是掉出了赛道。

# %%
for name, rv in reviews.items():
    heat = rv.settings.get("heat") or {}
    if heat:
        top = sorted(heat["places"].items(), key=lambda kv: -kv[1])[:5]
        print(review.T("notebook.heat", name=name, events=heat["events"], kind=heat["kind"],
                       games=heat["games"], places=review.T("sep").join(
                           review.T("notebook.place", place=place, count=count) for place, count in top)))

# %% nbval-ignore-output
for name, rv in reviews.items():
    heat = rv.settings.get("heat") or {}
    if heat:
        s = rv.settings
        game = racekit.load_game(s["game"], preset=s["preset"], players=s["players"], **s["options"])
        fig, ax = plt.subplots(figsize=(7, 5.5))
        heatmap.plot_heatmap(game, heat, seed=int(rv.baseline["seed"].iloc[0]), ax=ax,
                             title=review.T("notebook.heat_title", name=name, kind=heat["kind"],
                                            games=heat["games"]))
        plt.show()

# %% [markdown]
# ## Readings in the scenarios
#
# Each shipped scenario is a small position with an expected outcome under the options it names. Here
# every scenario is run again under every other value of every ambiguity option; a scenario whose
# verdict flips is a place where that reading changes what happens. Options that pick a board, track
# or card file, and the few that take an open number, are left out; each game's list ends with them.
# The sweeps were run by `racekit review --sweeps` and stored in `notebooks/review/` (a test checks
# them against a fresh sweep), so the page does not run them when it opens.

# %% [markdown zh]
# ## 情景里的读法
#
# 每个随附的情景都是一个小局面，在它指定的选项下有预期的结果。这里把每个情景在每个歧义选项的每个其他取值下再跑一遍；结论翻转的情景，
# 就是那种读法改变了结果的地方。挑选棋盘、赛道或卡牌文件的选项，以及少数取任意数字的选项，不在此列；每个游戏的列表最后列出它们。

# %%
sweeps = review.stored_sweeps()   # review.scenario_sweeps, stored by racekit review --sweeps
for gid, sweep in sweeps.items():
    flips = review.flips_by_reading(sweep)
    moved = {k: ids for k, ids in flips.items() if ids}
    refused = review.refused_by_reading(sweep)
    print(review.T("notebook.sweep", gid=gid, scenarios=sweep["scenario"].nunique(),
                   readings=len(flips), changed=int(sweep["changed"].sum()), moved=len(moved)))
    for (name, value), ids in moved.items():
        print(f"  {name}={value}: {ids}")
    for (name, value), count in refused.items():
        print("  " + review.T("notebook.refused", setting=f"{name}={value}", count=count))
    left = review.open_options(gid)
    print("  " + review.T("notebook.not_swept", options=review.T("sep").join(
        f"{o.name} ({review.amb_ids(o)})" for o in left)))
    print()

# %% [markdown]
# ## The decisions in force
#
# Where the rule text is ambiguous, racekit plays one reading by default (the decision) and offers the
# others as options. Every reading above is compared with these decisions; `racekit rules GAME` lists
# them too, with the clauses behind them.

# %% [markdown zh]
# ## 当前生效的决定
#
# 规则文本有歧义的地方，racekit 默认采用一种读法（决定），其他读法做成选项。上面的每种读法都是和这些决定对比的；`racekit rules GAME`
# 也列出它们，以及背后的条款。

# %%
for gid in SHIPPED:
    presets = sorted({rv.settings["preset"] for rv in reviews.values() if rv.settings["game"] == gid})
    print(f"{gid}:")
    for line in review.decisions(gid, presets or None):
        print("  -", line)
    print()

# %% [markdown]
# ## Replaying a game from the table
#
# Every row names its seed. The longest game of the first table, for instance:

# %% [markdown zh]
# ## 从表里重放一局
#
# 每一行都写着它的随机种子。比如第一张表里最长的一局：

# %%
rv = next(iter(reviews.values()))
df = rv.baseline
longest = df.loc[df["plies"].idxmax()]
print(f"racekit play {longest['game']} --preset {longest['preset']} --seed {longest['seed']}   # "
      + review.T("notebook.replay", plies=longest["plies"], first=int(longest["first_player"]),
                 winner=seat_name(longest["winner"]) if longest["winner"] else review.T("notebook.nobody")))

# %% [markdown]
# ## A searching player against the careful one
#
# How much does a player who looks ahead gain over the careful agent? Below, one Wingsuit seat is
# played by Monte Carlo tree search (OpenSpiel's, on racekit's adapter: it searches a world drawn
# from what that seat has seen, never the others' hidden plans) while the careful agent plays the
# other seats; the same seeds are then played with the careful agent in that seat too. The games
# were played by one command, `python -m racekit.sim.strength` (the `rl` extra), and stored in
# `notebooks/review/mcts_vs_careful.json`. The search runs with its small default budget (8
# simulations a decision, rollouts scored two rounds ahead), so this measures a quick searcher,
# not the best one.

# %% [markdown zh]
# ## 会搜索的玩家对谨慎智能体
#
# 一个会往前看的玩家比谨慎智能体强多少？下面翼装飞行的一个座位由蒙特卡洛树搜索（OpenSpiel 的实现，跑在 racekit 的适配器上：
# 它只在按这个座位看到的信息抽出的世界里搜索，从不看别人的秘密计划）来下，其他座位由谨慎智能体来下；再用同样的随机种子，
# 让谨慎智能体也坐这个座位下一遍。这些对局由一条命令 `python -m racekit.sim.strength`（需要 `rl` 附加组件）下完，存在
# `notebooks/review/mcts_vs_careful.json` 里。搜索用的是很小的默认预算（每次决定模拟 8 次，推演只往后看两轮），所以这里量的是
# 一个出手很快的搜索者，不是最强的那种。

# %%
from racekit.sim import strength

searched = strength.stored()
print(strength.describe(searched) if searched else
      "No stored comparison yet: run python -m racekit.sim.strength")

# %% [markdown]
# ## How sure is this, and how to be surer
#
# * **Every verdict holds at the stated level.** 5% is split over every verdict of the review, and
#   each verdict's share over its rounds in proportion to their games, fixed before any game is
#   played (so stopping as soon as an interval decides does not inflate the error, and the last,
#   largest round keeps about half of it); a change seen in one set of games is played again on a fresh
#   set of seeds, twice as many games, and printed with the fresh games' numbers; Holm's correction at
#   5% then runs across all the verdicts of one review. The chance that any printed claim of a review
#   is wrong is at most 5%. A "no change" needs either an exact bound on how many games a reading
#   can change, or at least 30 changed games before the interval judges it.
# * **Not enough games to tell** is an honest answer: the interval still reaches beyond the threshold
#   on one side and includes no change on the other, or too few games changed to trust the interval.
#   The stored reviews were played with `racekit review --all --budget 1600 --engine-budget 400
#   --baseline 4000 --keep baseline`: at most 1,600 paired games per reading (every reading of the
#   shipped games is played by a fast kernel; `--engine-budget` caps the readings only the rules
#   engine plays, many times slower). A reading that changes most games moves the first player's
#   edge by about ±60 points from game to game, so a "no change beyond ±3 points" needs an
#   interval of about ±2 points: some 6,000 to 20,000 paired games. A reading whose true effect
#   sits at the threshold cannot be decided with any number of games. Run more with a larger budget (the default is 6,400), or accept a coarser threshold:
#
# ```
# racekit review snow_tails --budget 12800                 # more games per reading
# racekit review aeroplane_chess --preset family --threshold 5 --only six_bonus
# racekit review wingsuit --agents careful,random,random   # other agents, one per seat
# racekit review --all                                     # regenerate notebooks/review/
# racekit sweep snow_tails -o collision_damage=0,1 -o end=finish_round,first_cross_round -n 2000
# ```
#
# In Python, `designer.review_game("snow_tails", budget=12800, executor=client)` plays on any
# `concurrent.futures` executor or a Dask `distributed.Client`, and `Review.to_parquet(path)` /
# `Review.from_parquet(path)` keep the games and the verdicts together.

# %% [markdown zh]
# ## 有多确定，怎样更确定
#
# * **每个结论都在声明的水平上成立。**每一轮的区间所用的置信水平，把 5% 分摊到评审的每个结论和每一轮上（所以区间一旦作出判断就停下，
#   不会放大误差）；在一批对局里看到的改变，会在一批新的随机种子上再跑一次，对局数加倍，打印的是新对局的数字；然后在同一份评审的全部
#   结论上做 5% 的 Holm 校正。一份评审里任何一条打印出来的结论出错的概率最多 5%。要说"没有变化"，要么有一个确切的上界限定这种读法最多
#   能改变多少局，要么至少有 30 局发生了变化，区间才来判断。
# * **对局数不够，无法判断**是诚实的回答：区间一边仍然越过阈值，另一边又包含"没有变化"，或者发生变化的对局太少，区间还不可信。
#   存储的评审是用 `racekit review --all --budget 1600 --engine-budget 400 --baseline 4000 --keep baseline` 跑的：每种读法最多 1,600 对
#   配对对局（飞行棋里只有规则引擎能跑的两种读法是 400 对，它们比编译好的内核慢很多倍）；对一种改变大多数对局的读法，要把先手优势
#   分辨到 ±3 个百分点，需要几千局。可以用更大的预算多跑一些（默认是 6,400），或者接受更粗的阈值：
#
# ```
# racekit review snow_tails --budget 12800                 # 每种读法更多对局
# racekit review aeroplane_chess --preset family --threshold 5 --only six_bonus
# racekit review wingsuit --agents careful,random,random   # 换别的智能体，每个座位一个
# racekit review --all                                     # 重新生成 notebooks/review/
# racekit sweep snow_tails -o collision_damage=0,1 -o end=finish_round,first_cross_round -n 2000
# ```
#
# 在 Python 里，`designer.review_game("snow_tails", budget=12800, executor=client)` 可以在任何 `concurrent.futures` 执行器或 Dask 的
# `distributed.Client` 上跑，`Review.to_parquet(path)` / `Review.from_parquet(path)` 把对局和结论存在一起。
