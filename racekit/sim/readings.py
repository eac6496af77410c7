""""What the text says, what the kit chose": the readings in force that change play most.

For each game notebook: the rule options whose other readings change play most, ranked by the
effects the stored designer reviews measured (``notebooks/review/*.parquet``, read with
:meth:`racekit.sim.designer.Review.from_parquet` through :func:`~racekit.sim.designer.stored_reviews`),
each with what the original rules say (paraphrased, in our own words), the kit's reading and
why, and the option that switches it.

The ranking comes from the data: a reading's *sure change* is how far the 95% interval of its
effect stays from zero (in points of the first player's edge, or in % of the mean game length),
counted only where the review's verdict is "changes" (else 0); an option ranks by the largest sure change among its
readings in any stored review of the game, then by the largest measured mean. Options a game
pins (:data:`PINNED`: Leaf Marathon's stamina, where the kit's default is an inference beyond
the letter) come first whatever the measurement. Only the prose is written by hand
(:data:`PROSE`); a test checks that every option it names exists and is in force as it says.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

TOP = 4
"""How many readings a notebook's section lists (pinned ones included)."""


@dataclass(frozen=True)
class Prose:
    """What a notebook says about one reading.

    ``in_force``: the option's value in force as the section states it, one value for every
    preset or ``{preset: value}``; ``title``, ``original``, ``kit``, ``switch``: Markdown
    sentences (our words); ``clause``: the ambiguity's clause ID.
    """
    title: str
    clause: str
    in_force: object
    original: str
    kit: str
    switch: str


PINNED: dict[str, tuple[str, ...]] = {
    "leaf_marathon": ("stamina_per_square",),
}
"""Options listed first in a game's section whatever the review measured, with the reason in
their prose: the kit's default departs from the letter of the original."""

PROSE: dict[str, dict[str, Prose]] = {
    "leaf_marathon": {
        "stamina_per_square": Prose(
            "Does ordinary movement cost stamina?", "LM-AMB-05", 1,
            "Only the forest track states a cost: a pony loses 2 stamina moving through it. "
            "Nothing is said about any other square.",
            "Every square entered costs 1 stamina (a forest square 2 instead). This is an "
            "inference, not the letter: events 6 and 10 each waive a stamina loss on a move, "
            "keeping the terrain's effects, which only makes sense if moving costs stamina beyond "
            "forest; the rules also expect faints in the middle of a move and recovery rules that "
            "matter only when stamina drains steadily.",
            "`stamina_per_square = 0` plays the letter: only forest costs stamina."),
        "action_bonus_scope": Prose(
            "How long does an action card's +1 last?", "LM-AMB-04", "round",
            "An action card adds 1 to movement \"this game\"; the text uses round, turn and game "
            "loosely for the same span.",
            "All three words mean one round: the +1 counts for this round's movement only.",
            "`action_bonus_scope = leg` keeps the +1 for the rest of the leg."),
        "action_as_trigger": Prose(
            "May an action card roll the event die?", "LM-AMB-11", False,
            "Among the uses of an action card the text lists \"used for triggering an event\", "
            "without saying what that means.",
            "It refers only to the events that consume an action card (Resin Ball); an action "
            "card cannot be played to roll the d20.",
            "`action_as_trigger = True` lets an action card roll the d20."),
        "magic_bind_stack": Prose(
            "Does a second Magic Bind double the weights again?", "LM-AMB-25", "idempotent",
            "Magic Bind doubles the weight of tool cards; the text gives no duration and says "
            "nothing of a second one.",
            "The doubling holds for the rest of the game and a repeat adds nothing.",
            "`magic_bind_stack = multiply` makes each further Magic Bind double again."),
        "sand_draws": Prose(
            "Does a sand slide draw cards?", "LM-AMB-08", True,
            "A move that ends on sand slides on; the text does not say whether the slide is "
            "movement like any other.",
            "The slide is a square moved: it draws, costs stamina and meets terrain like any "
            "square entered.",
            "`sand_draws = False` makes the slide draw nothing."),
    },
    "aeroplane_chess": {
        "capture_mode": Prose(
            "Family game: does a plane capture by passing, or only by landing?", "AC-AMB-03", "land",
            "The family write-ups disagree: one sends a plane that is met while moving back to "
            "its take-off point, another lets a plane go straight past without hitting, a third "
            "captures only where a move ends.",
            "Capture on landing only, as the third text says (the kit reads the tournament's "
            "capture the same way); passing never captures.",
            "`capture_mode = pass_and_land` also captures on passing; `capture_mode = none` never "
            "captures."),
        "max_jumps_per_move": Prose(
            "How many jumps in one move?", "AC-AMB-25", "one",
            "A piece that stops on its own colour jumps to the next square of that colour, which "
            "is its own colour again: read literally, jumps could chain without end.",
            "One plain jump per move; a move's bonus chain is die, jump, flight (or die onto the "
            "dashed square, flight, jump), matching the tournament's jump-then-fly rules.",
            "`max_jumps_per_move = unlimited` lets jumps chain."),
        "jump_fly": Prose(
            "Jumps and flights in the family game?", "AC-AMB-18",
            {"family": "off", "tournament": "on"},
            "Own-colour jumps and the dashed-line flights appear only in the tournament rules.",
            "Off in the family game, on in the tournament, as each text describes its game.",
            "`jump_fly = on` or `off` sets them for either rule set."),
        "optional_effects": Prose(
            "May a player decline a capture, a jump or a flight?", "AC-AMB-06", False,
            "Every effect is worded with \"may\": a plane may capture, may jump, may fly.",
            "Automatic, never declined, matching the mandatory wording of the tournament's stack "
            "capture.",
            "`optional_effects = True` makes single captures, jumps and flights a choice."),
        "tour_capture_mode": Prose(
            "Tournament: is a capture on arriving, or also on passing?", "AC-AMB-04", "land",
            "A piece that \"arrives\" where an enemy piece rests sends it back to its base.",
            "Arriving means landing: the end of the die move and each jump or flight landing.",
            "`tour_capture_mode = pass_and_land` also captures on passing."),
        "play_for_places": Prose(
            "Does a family game stop at the first winner?", "AC-AMB-22", False,
            "The family texts do not say whether play goes on after the first player is home.",
            "It stops at the first winner.",
            "`play_for_places = True` plays on to rank everyone."),
    },
    "snow_tails": {
        "end": Prose(
            "When does the race end?", "ST-AMB-23", "all_finished",
            "The rules text ends the game once every sled has crossed the finish line or been "
            "eliminated; the published rulebook instead ends the race at the end of the round in "
            "which the first sled crosses.",
            "The rules text is followed: play goes on until every sled has finished or is out.",
            "`end = first_cross_round` plays the published rulebook's ending."),
        "collision_damage": Prose(
            "Does running into another sled give damage?", "ST-AMB-10", 0,
            "A sled that runs into another stops in the square before; the text names no damage "
            "card for it, only that the sled draws no cards that turn.",
            "No damage for a sled collision: only the lost refill.",
            "`collision_damage = 1` gives a damage card for running into a sled."),
        "slot_selection": Prose(
            "How do the sleds take the start slots?", "ST-AMB-02", "free_choice_clockwise",
            "Starting from any player, players place their sleds on the start slots one at a "
            "time; the text says nothing of the order or of free choice.",
            "A random first player, then clockwise, each picking any free slot (slots 4 and 5 "
            "give extra cards).",
            "`slot_selection = random` deals the slots at random; `fill_from_1` fills slots 1, 2, "
            "... in turn."),
        "no_refill_scope": Prose(
            "Does hitting a wall also cost the refill?", "ST-AMB-10", "sled",
            "A player whose sled was stopped by another sled draws no cards that turn; walls are "
            "not mentioned there.",
            "Only a sled collision denies the refill.",
            "`no_refill_scope = sled_and_wall` denies it after a wall hit too."),
        "dent_supply": Prose(
            "Is the supply of damage cards limited?", "ST-AMB-14", "unlimited",
            "Damage cards are taken from a supply whose size the text does not give.",
            "Unlimited.",
            "`dent_supply = limited_20` limits it to 20 cards."),
    },
    "wingsuit": {
        "sprint_window": Prose(
            "When may a character sprint?", "WS-AMB-10", "between_icons",
            "A sprint costs 1 altitude and moves one hex; the text gives no limit, no directions "
            "and no moment for it, and the action ends once every die is back.",
            "Any number of sprints, to any neighbour, during one's own action: before a die, "
            "between dice and between two icons of a cell, never after the last die (the action "
            "is over then).",
            "`sprint_window = between_dice` allows them only before a die is taken back; "
            "`also_after_last_die` adds one more moment at the end."),
        "updraft_before_height": Prose(
            "Does an updraft lift before the height check?", "WS-AMB-12", True,
            "An updraft gives +1 altitude to a character entering it; the order of this lift and "
            "the height and collision checks of the same step is not stated.",
            "The updraft lifts first, then the height and collision checks run: entering a hex "
            "one higher than you by an updraft does not crash you.",
            "`updraft_before_height = False` checks height and collision before the lift."),
    },
}


PROSE_ZH: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "leaf_marathon": {
        "stamina_per_square": (
            "普通的移动要不要消耗体力？",
            "原规则只写了林间赛道的消耗：小马穿过林间要失去 2 点体力。别的格子一个字也没提。",
            "每进入一格消耗 1 点体力（林间格改为 2 点）。这是推断，不是字面意思：事件 6 和事件 10 都免除一次移动的体力损失，"
            "而地形效果照常，只有在林间以外移动也消耗体力时这样写才说得通；规则还预期小马会在移动途中昏厥，恢复规则也只有在"
            "体力持续下降时才有意义。",
            "`stamina_per_square = 0` 按字面玩：只有林间消耗体力。"),
        "action_bonus_scope": (
            "行动牌的 +1 持续多久？",
            "行动牌让移动值 +1，持续\"这一局\"；原文把轮、回合、局几个词混着用，指的是同一段时间。",
            "这三个词都当作一轮：+1 只算在本轮的移动里。",
            "`action_bonus_scope = leg` 让 +1 保持到这段跑道结束。"),
        "action_as_trigger": (
            "行动牌能不能用来掷事件骰？",
            "原文在行动牌的用法里写了\"用于触发事件\"，但没说是什么意思。",
            "这只指那些要消耗一张行动牌的事件（树脂球）；不能打出行动牌来掷二十面骰。",
            "`action_as_trigger = True` 允许用行动牌掷二十面骰。"),
        "magic_bind_stack": (
            "第二次魔法束缚会不会让负重再翻一倍？",
            "魔法束缚让道具牌的负重翻倍；原文没写持续多久，也没提第二次怎么办。",
            "翻倍一直持续到游戏结束，再来一次不再加倍。",
            "`magic_bind_stack = multiply` 让每多一次魔法束缚就再翻一倍。"),
        "sand_draws": (
            "滑沙多滑的那一格要不要摸牌？",
            "停在滑沙上的移动会继续往前滑；原文没说这一滑算不算普通的移动。",
            "滑过的这一格就是移动过的一格：要摸牌、消耗体力，也和进入任何一格一样触发地形。",
            "`sand_draws = False` 让滑沙那一格不摸牌。"),
    },
    "aeroplane_chess": {
        "capture_mode": (
            "家庭规则：路过算撞子，还是只有停下才算？",
            "几份家庭规则说法不一：一份说移动途中碰到的飞机要撞回起飞点，一份说可以直接飞过去不撞，第三份只在一步走完停下的"
            "地方撞子。",
            "只有停下才撞，照第三份的说法（本工具对比赛规则的撞子也这样读）；路过从不撞子。",
            "`capture_mode = pass_and_land` 路过也撞；`capture_mode = none` 永远不撞。"),
        "max_jumps_per_move": (
            "一次移动能跳几次？",
            "停在自己颜色格上的棋子跳到下一个同色格，而那里又是自己的颜色：照字面读，可以一直跳下去。",
            "每次移动只跳一次；一次移动的连锁奖励是：骰子、跳子、飞棋（或者骰子正好到虚线格、飞棋、再跳子），与比赛规则里"
            "先跳后飞的写法一致。",
            "`max_jumps_per_move = unlimited` 允许连续跳子。"),
        "jump_fly": (
            "家庭规则有没有跳子和飞棋？",
            "同色跳子和沿虚线飞棋只出现在比赛规则里。",
            "家庭规则里没有，比赛规则里有，各自照自己的规则文本。",
            "`jump_fly = on` 或 `off` 可以给任何一套规则打开或关掉它们。"),
        "optional_effects": (
            "玩家能不能放弃撞子、跳子或飞棋？",
            "原文每个效果都用\"可以\"来写：飞机可以撞子、可以跳子、可以飞棋。",
            "一律自动发生，不能放弃，与比赛规则里迭子撞子的强制写法一致。",
            "`optional_effects = True` 让单架飞机的撞子、跳子和飞棋变成可以选择。"),
        "tour_capture_mode": (
            "比赛规则：到达时才撞子，还是路过也撞？",
            "棋子\"到达\"敌方棋子所在的格，就把它撞回基地。",
            "到达就是停下：骰子那一步走完的地方，以及每次跳子、飞棋落下的地方。",
            "`tour_capture_mode = pass_and_land` 路过也撞。"),
        "play_for_places": (
            "家庭规则的对局是不是出现第一个获胜者就结束？",
            "家庭规则没说第一个玩家的飞机全部到达终点以后还要不要接着下。",
            "出现第一个获胜者就结束。",
            "`play_for_places = True` 继续下，直到每个人都排出名次。"),
    },
    "snow_tails": {
        "end": (
            "比赛什么时候结束？",
            "规则文本写的是：每辆雪橇都越过终点线或者被淘汰以后游戏才结束；正式出版的规则书则是在第一辆雪橇越过终点线的那一轮"
            "结束时就结束。",
            "照规则文本：一直进行到每辆雪橇都到达终点或者出局。",
            "`end = first_cross_round` 按出版规则书的方式结束。"),
        "collision_damage": (
            "撞上另一辆雪橇要不要拿损坏牌？",
            "撞上另一辆雪橇的雪橇停在它前面的那一格；原文没有为此给损坏牌，只说那一回合不能补牌。",
            "撞雪橇不拿损坏牌，只是不能补牌。",
            "`collision_damage = 1` 撞上雪橇也拿一张损坏牌。"),
        "slot_selection": (
            "雪橇怎样占起步点？",
            "从任意一位玩家开始，大家一个接一个把雪橇放到起步点上；原文没说顺序，也没说能不能随便选。",
            "随机选出第一位玩家，然后按顺时针方向，每人任选一个空着的起步点（4 号和 5 号起步点多摸牌）。",
            "`slot_selection = random` 随机分配起步点；`fill_from_1` 按 1、2……的顺序依次填满。"),
        "no_refill_scope": (
            "撞到山壁也不能补牌吗？",
            "被另一辆雪橇挡住的玩家那一回合不补牌；这里没有提到山壁。",
            "只有撞上雪橇才不能补牌。",
            "`no_refill_scope = sled_and_wall` 撞到山壁后也不能补牌。"),
        "dent_supply": (
            "损坏牌的数量有没有上限？",
            "损坏牌从一堆供应里拿，原文没说这堆有多少张。",
            "没有上限。",
            "`dent_supply = limited_20` 限定为 20 张。"),
    },
    "wingsuit": {
        "sprint_window": (
            "角色什么时候可以冲刺？",
            "冲刺消耗 1 点高度，移动一个六边形；原文没有限制次数、方向和时机，而所有骰子都拿回来以后行动就结束了。",
            "在自己的行动中可以冲刺任意次，朝任意相邻的六边形：拿回一颗骰子之前、两颗骰子之间、同一行动格的两个图标之间都行，"
            "但最后一颗骰子之后不行（那时行动已经结束）。",
            "`sprint_window = between_dice` 只允许在拿回一颗骰子之前冲刺；`also_after_last_die` 在最后再多给一次机会。"),
        "updraft_before_height": (
            "上升气流是在高度检查之前抬升吗？",
            "进入上升气流的角色高度 +1；同一步里这次抬升和高度检查、相撞检查谁先谁后，原文没有说。",
            "先抬升，再做高度和相撞检查：借上升气流进入比自己高 1 的六边形不会坠落。",
            "`updraft_before_height = False` 先检查高度和相撞，再抬升。"),
    },
}
""":data:`PROSE` in Simplified Chinese: ``{game: {option: (title, original, kit, switch)}}``
(our own sentences, the glossary's terms; a test checks every entry of PROSE has its twin)."""

VERDICTS_ZH = {"changes": "有变化", "no change beyond": "变化不超过阈值", "not enough games": "对局数不够，无法判断"}


@dataclass
class Effect:
    """The measured effect of one option's strongest reading in a stored review."""
    option: str
    reading: str          # "name=value"
    review: str           # "game (preset)"
    sure: float           # the larger sure change (points or % of length); 0: none sure
    size: float           # the larger |mean| (tie-break)
    games: int
    win: tuple = field(default=(math.nan, math.nan, math.nan))      # mean, low, high (points)
    length: tuple = field(default=(math.nan, math.nan, math.nan))   # mean, low, high (% length)
    verdicts: tuple = ("", "")    # the review's verdicts on the win rate and the length


def _sure(verdict, low: float, high: float) -> float:
    """How far a measure's 95% interval stays from zero, counted only where the review's verdict
    on it is "changes" (decided and confirmed on fresh games); else 0."""
    if verdict != "changes" or any(map(math.isnan, (low, high))):
        return 0.0
    return max(low, -high, 0.0)


def effects(game_id: str, reviews: dict | None = None) -> dict[str, Effect]:
    """``{option: Effect}``: each option's strongest reading over the game's stored reviews.

    ``reviews``: ``{"game (preset)": Review}`` (default: :func:`racekit.sim.designer.stored_reviews`).
    """
    if reviews is None:
        from .designer import stored_reviews
        reviews = stored_reviews()
    out: dict[str, Effect] = {}
    for name, review in reviews.items():
        if review.settings["game"] != game_id:
            continue
        for _, row in review.verdicts.iterrows():
            options = row["options"]
            if isinstance(options, str):
                import json
                options = json.loads(options)
            if not isinstance(options, dict) or len(options) != 1:
                continue
            option = next(iter(options))

            def num(key):
                value = row.get(key)
                return float(value) if value is not None else math.nan
            win = (num("win_mean"), num("win_low"), num("win_high"))
            length = (num("length_mean"), num("length_low"), num("length_high"))
            verdicts = (row.get("win_verdict"), row.get("length_verdict"))
            sure = max(_sure(verdicts[0], *win[1:]), _sure(verdicts[1], *length[1:]))
            size = max((abs(x) for x in (win[0], length[0]) if not math.isnan(x)), default=0.0)
            games = int(row["games"]) if row.get("games") == row.get("games") else 0
            effect = Effect(option, row["reading"], name, sure, size, games, win, length, verdicts)
            best = out.get(option)
            if best is None or (effect.sure, effect.size) > (best.sure, best.size):
                out[option] = effect
    return out


def ranked(game_id: str, top: int = TOP, reviews: dict | None = None) -> list[Effect | str]:
    """The options a game's section lists, best first: the pinned ones, then the options whose
    readings surely change play, by their sure change (then by mean size); at most ``top``.
    A pinned option the reviews did not measure is given by its name."""
    measured = effects(game_id, reviews)
    pinned = [measured.get(o, o) for o in PINNED.get(game_id, ())]
    rest = sorted((e for o, e in measured.items() if o not in PINNED.get(game_id, ()) and e.sure > 0),
                  key=lambda e: (-e.sure, -e.size, e.option))
    return (pinned + rest)[:top]


def _interval(values: tuple, unit: str) -> str:
    mean, low, high = values
    return f"{mean:+.1f}{unit} [{low:+.1f}, {high:+.1f}]"


def measured_words(effect: Effect | str, lang: str = "en") -> str:
    """What the review measured for the option's strongest reading, in words (``lang``: en, zh)."""
    if lang == "zh":
        return _measured_zh(effect)
    if isinstance(effect, str):
        return "the stored review did not measure it."
    value = effect.reading.split("=", 1)[1]
    preset = effect.review.partition("(")[2].rstrip(")")
    parts = []
    if not math.isnan(effect.length[0]):
        parts.append(f"game length {_interval(effect.length, '%')} (verdict: {effect.verdicts[1]})")
    if not math.isnan(effect.win[0]):
        parts.append(f"the first player's edge {_interval(effect.win, ' points')} "
                     f"(verdict: {effect.verdicts[0]})")
    return (f"with `{value}` instead ({preset} rule set, {effect.games:,} paired games): "
            f"{'; '.join(parts)}; 95% intervals.")


def _measured_zh(effect: Effect | str) -> str:
    if isinstance(effect, str):
        return "存储的评审没有测量这一项。"
    value = effect.reading.split("=", 1)[1]
    preset = effect.review.partition("(")[2].rstrip(")")
    verdict = lambda v: VERDICTS_ZH.get(v, v)  # noqa: E731
    parts = []
    if not math.isnan(effect.length[0]):
        parts.append(f"对局长度 {_interval(effect.length, '%')}（结论：{verdict(effect.verdicts[1])}）")
    if not math.isnan(effect.win[0]):
        parts.append(f"先手优势 {_interval(effect.win, ' 个百分点')}（结论：{verdict(effect.verdicts[0])}）")
    return (f"改用 `{value}`（{preset} 规则预设，{effect.games:,} 对配对对局）：{'；'.join(parts)}；"
            "均为 95% 区间。")


def in_force_words(prose: Prose, option: str) -> str:
    if isinstance(prose.in_force, dict):
        return ", ".join(f"`{option} = {v}` ({p})" for p, v in prose.in_force.items())
    return f"`{option} = {prose.in_force}`"


def section_markdown(game_id: str, lang: str = "en", top: int = TOP, reviews: dict | None = None) -> str:
    """The body of a game notebook's "What the text says, what the kit chose" section
    (Markdown: an introduction, then one ``###`` part per reading, best first), in ``lang``
    (``"en"`` or ``"zh"``: :data:`PROSE_ZH`).

    Raises:
        KeyError: a ranked option has no prose in :data:`PROSE` (or :data:`PROSE_ZH`): write it.
    """
    listed = ranked(game_id, top, reviews)
    pinned = PINNED.get(game_id, ())
    if lang == "zh":
        return _section_zh(game_id, listed, pinned, top)
    lines = [
        "Where the original rules are silent, ambiguous or contradict themselves, the kit takes a "
        "reading and offers the others as options (`racekit rules " + game_id + "` lists them all, "
        "and the explorer's *Rule options* switch them). These are the readings in force that "
        "change play most, ranked by the designer review's measurements (the stored reviews in "
        "`notebooks/review/`; see the designer review notebook)"
        + (", after the one listed first because its default goes beyond the letter of the text"
           if pinned else "") + ". Each says what the original says (in our words), what the kit "
        "does and why, and the option that switches it.",
    ]
    measured = [e for e in listed if not isinstance(e, str) and e.option not in pinned]
    if len(listed) < top:
        lines.append("")
        lines.append(f"The review is sure that {len(measured)} reading{'s' if len(measured) != 1 else ''} "
                     "change play here; at its size it cannot tell any other from the rules as set.")
    for i, effect in enumerate(listed, 1):
        option = effect if isinstance(effect, str) else effect.option
        prose = PROSE[game_id][option]
        lines += [
            "",
            f"### {i}. {prose.title} ({prose.clause})",
            "",
            f"* **The original:** {prose.original}",
            f"* **The kit:** {in_force_words(prose, option)}. {prose.kit}",
            f"* **The switch:** {prose.switch}",
            f"* **Measured:** {measured_words(effect)}",
        ]
    return "\n".join(lines)


def _section_zh(game_id: str, listed: list, pinned: tuple, top: int) -> str:
    lines = [
        "原规则没说、说得含糊或者前后矛盾的地方，本工具选定一种读法，其他读法做成选项（`racekit rules " + game_id
        + "` 全部列出，探索器的*规则选项*可以切换）。下面是当前生效的读法里最影响对局的几项，按设计评审的测量结果排序"
        "（存储在 `notebooks/review/` 的评审；见设计评审笔记本）"
        + ("，只有排在第一的那一项例外：它的默认读法超出了原文的字面意思，所以放在最前面" if pinned else "")
        + "。每一项都说明原规则怎么写（用我们自己的话）、本工具怎么做以及为什么，还有切换它的选项。",
    ]
    measured = [e for e in listed if not isinstance(e, str) and e.option not in pinned]
    if len(listed) < top:
        lines += ["", f"评审确信这里有 {len(measured)} 种读法会改变对局；以它的对局数，分辨不出其他读法和当前规则有什么不同。"]
    for i, effect in enumerate(listed, 1):
        option = effect if isinstance(effect, str) else effect.option
        prose = PROSE[game_id][option]
        title, original, kit, switch = PROSE_ZH[game_id][option]
        force = in_force_words(prose, option).replace(", ", "，").replace(" (", "（").replace(")", "）")
        lines += [
            "",
            f"### {i}. {title}（{prose.clause}）",
            "",
            f"* **原规则：**{original}",
            f"* **本工具：**{force}。{kit}",
            f"* **切换：**{switch}",
            f"* **测量：**{_measured_zh(effect)}",
        ]
    return "\n".join(lines)
