"""Event sentences and plain phase words for Leaf Marathon (our own words).

Fields: the event data plus ``seat`` (first seat's name), ``seats`` (names joined), ``names``
and ``seat_names``; see :func:`racekit.core.events.render`. No sentence names a drawn or
blindly taken card (LM-AMB-43).
"""
from __future__ import annotations

from fractions import Fraction

from .params import DEFAULTS

PHASES = {
    "order_die": "roll a die for the play order",
    "deal": "deal the characters of the draft",
    "keep_char": "keep one of the characters dealt",
    "draw": "draw a card",
    "select": "choose cards",
    "turn": "play cards, then end the turn",
    "window": "any-time window: play a special card or pass",
    "d20": "roll the d20 for an event",
    "die": "roll a die for the event",
    "blind": "take a card unseen",
    "target": "choose a player",
    "count": "choose how many cards to take",
    "resin": "choose whether to throw a Resin Ball",
    "scav_mode": "take or give armor or cards",
    "friend": "choose a Friendship buff",
    "revive": "come back at half now, or wait for full",
    "keep_armor": "keep the armor for the new leg?",
    "keep_buff": "keep one element buff for the new leg",
    "over": "the game is over",
}

EVENT_TEMPLATES = {
    1: "Your trigger card becomes Get Over Here (weight 0): at any time, pull a pony exactly "
       "{goh_distance} squares away, ahead or behind, onto your square.",
    2: "Discard any cards you like (not a trigger card or Free Forced Rest) and run at once as "
       "many squares as the weight you dropped, paying stamina as usual; no cards are drawn for it.",
    3: "Roll a die: every other pony still in the leg within that many squares, ahead or behind, "
       "is pulled onto your square.",
    4: "Every player's buffs stop working until that player plays a new element card (or "
       "Friendship Forever ends the bind).",
    5: "Discard any number of cards (not a trigger card or Free Forced Rest) and draw as many.",
    6: "Your trigger card becomes Sonic Rainboom (weight 0): this round's move costs no stamina, "
       "then you faint.",
    7: "Your trigger card becomes Bear (weight 0): skip this round's move; next round you are "
       "refilled and your action cards count double, unless you faint before then.",
    8: "Take any number of cards unseen from one pony still in the leg (never Free Forced Rest); "
       "they then take as many unseen from you.",
    9: "You may throw an action card as a Resin Ball: the chosen player does not move this round.",
    10: "Roll a d{terrain_die} and advance half of it, rounded down; terrain applies, but the advance costs no "
        "stamina and draws no cards.",
    11: "Discard half your hand, rounding .5 up (Free Forced Rest stays; a trigger card goes only "
        "when nothing else is left).",
    12: "Draw half your stamina in cards, rounding .5 up.",
    13: "Take the armor or {scavenge_cards} of the nearest pony ahead, or of one on your square; with "
        "nobody ahead, give {scavenge_cards} or your armor to the nearest pony behind, or to one on your "
        "square.",
    14: "Swap squares with the nearest other pony at least 1 square away, ahead or behind; only "
        "between equally near ponies does the one ahead come first (then you choose).",
    15: "Your trigger card becomes Roadblock (weight 1): at any time, block your square; the next "
        "pony to run onto it pays 1 movement to clear it.",
    16: "The previous event happens again for you, then every leaf square turns into forest.",
    17: "Every player gains a buff of a type they lack, for the rest of the game; Physical Bind "
        "ends.",
    18: "You lose this round: your turn ends at once and you neither move nor draw.",
    19: "Your trigger card becomes Free Forced Rest (weight 2): it cannot leave your hand except by "
        "playing it (you lose a round); each copy held at a finish costs {ffr_cost}, never below 0.",
    20: "Weapon, armor, effect and recovery cards weigh double from now on (armor that weighs "
        "nothing stays so).",
}
"""Event descriptions; ``{name}`` is a rule number of params.PARAMS, filled by :func:`event_text`."""

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _numbers(params: dict | None = None) -> dict:
    """The values the descriptions state: the rulebook's, with ``params`` (house rules) over them."""
    p = {**DEFAULTS, **(params or {})}
    k = p["scavenge_cards"]
    return {**p, "scavenge_cards": f"{_WORDS[k] if k < len(_WORDS) else k} card{'' if k == 1 else 's'}",
            "ffr_cost": _n(p["ffr_cost"], "point")}


def event_text(number: int, params: dict | None = None) -> str:
    """The description of d20 event ``number`` under the parameter values ``params`` (only those
    away from the rulebook are needed; LM-EVENT-01..20)."""
    return EVENT_TEMPLATES[number].format(**_numbers(params))


EVENT_SCENARIOS = {
    1: ("LM-EVENT-01",), 2: ("LM-EVENT-02",), 3: ("LM-EVENT-03",), 4: ("LM-EVENT-04", "LM-SCN-24"),
    5: ("LM-EVENT-05",), 6: ("LM-EVENT-06",), 7: ("LM-EVENT-07",), 8: ("LM-EVENT-08",),
    9: ("LM-EDGE-RESIN-OTHER",), 10: ("LM-SCN-34", "LM-SCN-07-FIVE"), 11: ("LM-SCN-36",),
    12: ("LM-SCN-09",), 13: ("LM-EVENT-13", "LM-SCN-38"), 14: ("LM-EVENT-14",),
    15: ("LM-EVENT-15",), 16: ("LM-SCN-26",), 17: ("LM-EVENT-17",), 18: ("LM-SCN-33",),
    19: ("LM-EVENT-19", "LM-SCN-10", "LM-SCN-49"), 20: ("LM-EVENT-20",),
}
"""The shipped scenarios whose expectations are each description's own claims (EVENT_TEXT):
LM-EVENT-NN files were written for it; the others already asserted exactly that claim (10: the
terrain and free advance, and the rounding down; 13: the take, then the give; 19: the card, then
the point per copy at the finish, never below 0)."""


def _n(k, word, plural=None):
    return f"{_num(k)} {word}" if k == 1 else f"{_num(k)} {plural or word + 's'}"


def _num(x) -> str:
    """A count or a score in words a student reads: 3, 2.5, 2 2/3 (points shared three ways under
    ``tie_points = split``), never 2.6666666666666665."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) or float(x) == int(x):
        return str(int(x)) if isinstance(x, float) else str(x)
    share = Fraction(x).limit_denominator(60)
    if share.denominator == 2:
        return f"{float(share):g}"
    whole, part = divmod(share.numerator, share.denominator)
    return (f"{whole} " if whole else "") + f"{part}/{share.denominator}"


def _a(noun):
    """The noun with its indefinite article: "an effect", "a weapon"."""
    return ("an " if str(noun)[:1].lower() in "aeiou" else "a ") + str(noun)


def _and(names):
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


EVENT_TEXT = {n: event_text(n) for n in EVENT_TEMPLATES}
"""The description of each event at the rulebook's numbers (the default reading)."""


def _order(order, seat_names, **_):
    return "Play order: " + ", ".join(seat_names[s] for s in order) + "."


def _move(seat, start, end, total, squares, stamina_before, stamina_after, **_):
    if total == 0 and start == end:
        return f"{seat} does not move (movement 0)."
    return (f"{seat} moves from square {start} to {end} ({_n(squares, 'square')} counted, movement "
            f"{total}); stamina {stamina_before} -> {stamina_after}.")


OPTION_TEMPLATES = {
    ("get_over_here", "within5"): "any pony 1 to {goh_distance} squares away may be pulled",
    ("resin_blocks_teleport", True): "a pony held by a Resin Ball cannot be pulled",
    ("teleport_triggers_terrain", True): "a pony moved onto forest pays the forest's stamina",
    ("finished_targetable", True): "ponies that have finished the leg may be chosen too",
    ("travel_light_unit", "cards"): "you run one square per card dropped, whatever its weight",
    ("attraction_die", "d20"): "the die is a d20",
    ("bind_lift", "global"): "one new element card lifts the bind for everyone",
    ("bear_double", "all"): "Bear also doubles 2-for-3's draw",
    ("resin_hold", "keep_as_special"): "the action card is kept as a Resin Ball to throw at any time",
    ("resin_self", False): "you may not hold yourself",
    ("butterfingers_pick", "random"): "the discards are picked blind",
    ("release_to", "any_behind"): "Release may go to any pony behind",
    ("roadblock_pay", "before_entering"): "the roadblock is paid from the square before it",
    ("rewind_order", "terrain_then_event"): "leaf turns into forest first, then the event repeats",
    ("stop_applies", "next_round"): "the lost round is the next one",
    ("ffr_penalty", "once"): "a finish costs {ffr_cost} however many copies are held",
    ("magic_bind_scope", "held_now"): "only the cards held now weigh double",
    ("magic_bind_scope", "leg"): "the doubling lasts to the end of the leg",
    ("magic_bind_stack", "multiply"): "a second Magic Bind doubles again",
    ("effect_cards", "triggers_and_elements"): "trigger and unplayed element cards count as effect cards",
    ("trigger_discard", "any_use"): "a held trigger card may be discarded too",
    ("bear_after_faint", "on_return"): "a faint keeps the refill and the doubling for the pony's return",
    ("armor_weight_in_hand", 1): "armor in hand weighs 1, so it doubles too",
}
"""What a non-default option changes in an event's description (d20.EVENT_OPTIONS); ``{name}``
is a rule number of params.PARAMS."""

OPTION_WORDS = {key: words.format(**_numbers()) for key, words in OPTION_TEMPLATES.items()}
"""The same words at the rulebook's numbers."""


def _bonus(bonus, doubled) -> int:
    """The movement one action card added (the event's own number; older records: the rulebook's)."""
    return bonus if bonus is not None else DEFAULTS["action_bonus"] * (2 if doubled else 1)


def _d20(seat, number, name, options=None, params=None, **_):
    stop = "" if name.endswith(("!", "?", ".")) else "."     # "Bear!" ends its own sentence
    text = f"{seat} rolls {number} on the d20: {name}{stop} {event_text(number, params)}"
    if params:
        text += " House rule: " + "; ".join(f"{k} = {v}" for k, v in params.items()) + "."
    if options:
        numbers = _numbers(params)
        said = [f"{OPTION_TEMPLATES.get((k, v), 'it plays by this option').format(**numbers)} ({k} = {v})"
                for k, v in options.items()]
        text += " Options in force: " + "; ".join(said) + "."
    return text


def _finish(seat, place, points, leg, ffr_held=0, overshoot=None, base_points=None, **_):
    over = f" with {overshoot} to spare" if overshoot else ""
    head = f"{seat} finishes leg {leg} in place {place}{over}"
    if not ffr_held:
        return f"{head}: {_n(points, 'point')}."
    base = points if base_points is None else base_points
    cut = base - points                         # what the Free Forced Rest penalty really took
    held = f"{_n(ffr_held, 'Free Forced Rest card')} held"
    if cut == 0:
        return f"{head}: {_n(points, 'point')} ({held}; points never go below 0)."
    floor = " (points never go below 0)" if points == 0 and cut < ffr_held else ""
    return (f"{head}: {_n(base, 'point')} for the place minus {_num(cut)} for {held} = "
            f"{_n(points, 'point')}{floor}.")


def _totals(totals, seat_names, **_):
    return "The game is over. Totals: " + ", ".join(f"{seat_names[s]} {_num(t)}" for s, t in enumerate(totals)) + "."


def _movement_totals(totals, seat_names, **_):
    return "Movement this round: " + ", ".join(f"{seat_names[int(s)]} {v}" for s, v in totals.items()) + "."


COUNTED = ("d20", "faint", "revived", "trigger_played", "special_played", "action_card",
           "two_for_three", "shed", "weapon_given", "armor_used", "forest", "roadblock_paid",
           "stopped", "magic_bind", "physical_bind", "reshuffle", "finish", "guard")
"""The event kinds a simulation counts per game (``racekit.simulate``'s ``n_<kind>`` columns),
in the order the compiled kernel counts them (``kernel_jit.EVENTS``)."""


TEMPLATES = {
    "order": _order,
    "order_rule": "The order goes by distance to the finish; ponies just back from a faint go last.",
    "order_roll": "{seat} rolls {face} for the order.",
    "dealt": "{seat} is dealt a character card.",
    "kept": "{seat} keeps one character in secret.",
    "character": "{seat} runs as {name}: max stamina {max_stamina}, movement {movement}, weight limit {weight_limit}.",
    "draw": "{seat} draws a card ({hand} in hand).",
    "picked": lambda seat, count, purpose, **_: f"{seat} picks a card ({count} so far, {purpose.replace('_', ' ')}).",
    "target": lambda names, purpose, **_: f"{names[0]} chooses {names[1]} ({purpose}).",
    "passed": lambda seat, premove, **_: f"{seat} passes in the {'pre-move' if premove else 'any-time'} window.",
    "exchange": lambda seat, count, **_: f"{seat} swaps {_n(count, 'card')} in the opening exchange.",
    "round_start": "Round {round} of leg {leg} begins.",
    "round_end": "Round {round} ends.",
    "turn_start": "{seat}'s play turn.",
    "turn_end": "{seat} ends the play turn.",
    "action_card": lambda seat, played, doubled=False, bonus=None, **_: (
        f"{seat} plays an action card for +{_bonus(bonus, doubled)} movement"
        + (" (doubled by the Bear)" if doubled else "") + f" ({played} this round)."),
    "two_for_three": lambda seat, card, draws=DEFAULTS["two_for_three_draw"], **_: (
        f"{seat} plays an action card and {_a(card)} and draws {draws} (2-for-3)."),
    "shed": lambda seat, cards, draws=DEFAULTS["shed_draw"], **_: (
        f"{seat} sheds {cards[0]} and {cards[1]} and draws {draws}."),
    "weapon_given": lambda names, distance, **_: f"{names[0]} hands a weapon to {names[1]} ({distance} away).",
    "armor_equipped": lambda seat, replaced, **_: f"{seat} equips armor" + (" (the old one is discarded)." if replaced else "."),
    "armor_used": "{seat}'s armor absorbs the damage and is discarded.",
    "recovered": "{seat} recovers: stamina {before} -> {after}.",
    "element": lambda seat, buff, max_stamina, weight_limit, movement, lifted_bind, **_: (
        f"{seat} plays an element card" + (f" for buff {buff}" if buff != "-" else " only to lift the bind")
        + (" and is free of Physical Bind" if lifted_bind else "")
        + f": max stamina {max_stamina}, weight limit {weight_limit}, movement {movement}."),
    "trigger_played": "{seat} plays a trigger card.",
    "d20": _d20,
    "special_card": "{seat}'s trigger card becomes {card} in hand.",
    "special_played": "{seat} plays {card}.",
    "rainboom": "{seat}'s move this round costs no stamina; {seat} will faint after it.",
    "bear": "{seat} gives up this round's move for a refill next round.",
    "roadblock": "{seat} puts a roadblock on square {square}.",
    "stopped": "{seat} loses a round ({when}).",
    "teleport": lambda seat, start, end, terrain=False, **_: (
        f"{seat} is moved from square {start} to {end} ("
        + ("a teleport: no draw; a forest there still costs stamina)." if terrain
           else "no terrain, draw or stamina).")),
    "movement_totals": _movement_totals,
    "move": _move,
    "forest": lambda seat, square, cost, **_: (
        f"{seat} enters forest on square {square} "
        + (f"(stamina -{cost})." if cost else "(it costs no stamina here).")),
    "converted": "Square {square} turns into {to} track.",
    "swamp_stop": "The vine swamp on square {square} stops {seat}.",
    "slide": "{seat} slides down the sand to square {to}.",
    "sand_pass": "{seat} runs over the sand on square {square}.",
    "roadblock_paid": "{seat} spends 1 movement clearing the roadblock on square {square}.",
    "roadblock_stop": "{seat} stops at the roadblock on square {square}.",
    "faint": "{seat} faints on square {square} and sits out the next round.",
    "finish": _finish,
    "draw_due": lambda seat, cards, **_: f"{seat} is to draw {_n(cards, 'card')} for the move.",
    "draw_lost": lambda seat, lost, **_: f"No cards are left to draw; {seat} loses {_n(lost, 'draw')}.",
    "reshuffle": lambda cards, **_: f"The discard pile ({_n(cards, 'card')}) is shuffled into a new draw pile.",
    "buff_c": lambda seat, stamina, gained=DEFAULTS["buff_c_regen"], **_: (
        f"{seat} regains {gained} stamina (buff C): {stamina}."),
    "sits_out": "{seat} sits out this round after fainting.",
    "revived": "{seat} is back with {stamina} stamina.",
    "waits": "{seat} waits one more round to come back at full stamina.",
    "bear_refill": "{seat} is refilled to {stamina} stamina after the Bear.",
    "bear_lost": "{seat}'s Bear refill and doubling are lost to the faint.",
    "bear_kept": "{seat}'s Bear refill and doubling wait until {seat} comes back from the faint.",
    "leg_start": "Leg {leg} begins: everyone is back on the start (finish on square {finish}).",
    "hand_reset": lambda seat, before, size=DEFAULTS["leg_hand"], **_: (
        f"{seat} cuts the hand from {before} to {_n(size, 'card')}." if before > size else
        f"{seat} fills the hand from {_n(before, 'card')} up to {size}." if before < size else
        f"{seat} already holds {_n(size, 'card')} for the new leg."),
    "discarded": lambda seat, count, **_: f"{seat} discards {_n(count, 'card')}.",
    "keep_armor": lambda seat, kept, **_: f"{seat} {'keeps' if kept else 'drops'} the armor.",
    "keep_buff": lambda seat, kept, **_: f"{seat} keeps " + (f"buff {kept}." if kept else "no element buff."),
    "leg_stamina": lambda seat, before, after, max_stamina=None, **_: (
        f"{seat}'s stamina is raised from {before} to {after} for the new leg." if after > before else
        f"{seat}'s stamina {before} is below half of {max_stamina}, which rounds down to {after}: "
        f"it stays {after} for the new leg."),
    "game_over": _totals,
    "guard": "The engine's round limit ({rounds}) ends the game.",
    "no_effect": "The event has no effect here.",
    "physical_bind": "Physical Bind: every buff stops working.",
    "magic_bind": lambda armor=False, **_: ("Magic Bind: weapon, " + ("armor, " if armor else "")
                                            + "effect and recovery cards now weigh double"
                                            + ("." if armor else "; armor's weight does not change.")),
    "travel_light": lambda seat, discarded, squares, **_: (f"{seat} drops {_n(discarded, 'card')} and "
                                                         f"runs {_n(squares, 'square')}."),
    "barter": lambda seat, count, **_: f"{seat} barters {_n(count, 'card')}.",
    "butterfingers": lambda seat, discards, hand, **_: f"{seat} must drop {_n(discards, 'card')} of the {hand} in hand.",
    "royal_grace": lambda seat, draws, **_: f"{seat} draws {_n(draws, 'card')} by royal grace.",
    "forced_trade": lambda names, count, **_: f"{names[0]} takes {_n(count, 'card')} from {names[1]} unseen; the same number goes back.",
    "blind_take": lambda names, **_: f"{names[0]} takes a card from {names[1]} unseen.",
    "scavenge": lambda names, armor, cards, **_: f"{names[0]} takes {'the armor' if armor else _n(cards, 'card')} from {names[1]}.",
    "release": lambda names, armor, cards, **_: f"{names[0]} gives {'the armor' if armor else _n(cards, 'card')} to {names[1]}.",
    "swap": lambda names, **_: f"{names[0]} and {names[1]} swap squares.",
    "resin_ball": lambda names, **_: f"{names[0]} holds {names[1]} in place with a Resin Ball this round.",
    "die": "{seat} rolls {face}.",
    "rewind": lambda seat, repeats, name, **_: (f"Rewind: {name} (event {repeats}) happens again for {seat}."
                                                if repeats else "Rewind: there is no earlier event to repeat."),
    "rewind_terrain": lambda squares, **_: f"{_n(len(squares), 'leaf square')} turn into forest.",
    "friendship": "Friendship Forever: everyone gains a buff; Physical Bind ends.",
    "friend_buff": "{seat} gains buff {buff} from Friendship Forever.",
}


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a game that is not over can say about places (``racekit play``/``replay``): the
    places of the current leg so far, only ponies that have finished it (LM-FINISH-1), then who
    is still running and the points so far (the final ranking goes by points, LM-END-1)."""
    names = state.game.seat_names
    done = {s for g in state.places for s in g}
    running = [names[s] for s in range(state.n) if s not in done]
    from .finish import totals as _totals_of
    totals = _totals_of(state)
    note = f"; still running: {_and(running)}" if running else ""
    note += ". Points so far: " + ", ".join(f"{names[s]} {_num(totals[s])}" for s in range(state.n))
    return f"Places so far in leg {state.leg + 1}", [list(g) for g in state.places], note
