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
            "How many jumps in one move?", "AC-AMB-25", 1,
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
            "`dent_supply = 20` limits it to 20 cards."),
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


def measured_words(effect: Effect | str) -> str:
    """What the review measured for the option's strongest reading, in words."""
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


def in_force_words(prose: Prose, option: str) -> str:
    if isinstance(prose.in_force, dict):
        return ", ".join(f"`{option} = {v}` ({p})" for p, v in prose.in_force.items())
    return f"`{option} = {prose.in_force}`"


def section_markdown(game_id: str, top: int = TOP, reviews: dict | None = None) -> str:
    """The body of a game notebook's "What the text says, what the kit chose" section
    (Markdown: an introduction, then one ``###`` part per reading, best first).

    Raises:
        KeyError: a ranked option has no prose in :data:`PROSE` (write it).
    """
    listed = ranked(game_id, top, reviews)
    pinned = PINNED.get(game_id, ())
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
