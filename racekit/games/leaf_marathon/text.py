"""Event sentences and plain phase words for Leaf Marathon (our own words).

Fields: the event data plus ``seat`` (first seat's name), ``seats`` (names joined), ``names``
and ``seat_names``; see :func:`racekit.core.events.render`. No sentence names a drawn or
blindly taken card (LM-AMB-43).

Every sentence is in this game's catalogue (``locale/<lang>/text.yaml``, English and Chinese);
the twenty event descriptions' English is :data:`EVENT_TEMPLATES` (content data), their Chinese
and the Chinese content names (characters, cards, event names) are in ``locale/zh/content.yaml``.
"""
from __future__ import annotations

from functools import lru_cache

from racekit.core.i18n import (Texts, content_text, get_lang, number, register_names, seat_name,
                               use_lang)

from .params import DEFAULTS

T = Texts("leaf_marathon")

PHASES = T.mapping("phases")
"""Phase names as a teacher says them, in the language in force."""

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


def _numbers(params: dict | None = None) -> dict:
    """The values the descriptions state: the rulebook's, with ``params`` (house rules) over them."""
    p = {**DEFAULTS, **(params or {})}
    k = p["scavenge_cards"]
    word = T(f"words.number.{k}") if T.has(f"words.number.{k}") else str(k)
    return {**p, "scavenge_cards": T("numbers.scavenge_cards", n=k, word=word),
            "ffr_cost": T("numbers.ffr_cost", n=p["ffr_cost"])}


def event_text(number: int, params: dict | None = None) -> str:
    """The description of d20 event ``number`` under the parameter values ``params`` (only those
    away from the rulebook are needed; LM-EVENT-01..20), in the language in force."""
    template = content_text("leaf_marathon", ("events", str(number)), EVENT_TEMPLATES[number])
    return template.format(**_numbers(params))


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


_num = number
"""A count or a score in words a student reads: 3, 2.5, 2 2/3 (:func:`racekit.core.i18n.number`)."""

with use_lang("en"):
    EVENT_TEXT = {n: event_text(n) for n in EVENT_TEMPLATES}
"""The description of each event at the rulebook's numbers (the default reading), in English."""


@lru_cache(maxsize=None)
def _content_ids() -> dict:
    """English content names -> ``(section, id)`` of locale/zh/content.yaml: card types, the
    special cards of the shipped decks, the characters of the shipped rosters."""
    from .cards import TYPE_NAMES
    from .content import load_deck, load_roster, shipped_names
    out = {name: ("cards", name) for name in TYPE_NAMES}
    for deck in shipped_names("decks"):
        for sp in load_deck(deck).specials:
            out[sp.name] = ("specials", sp.id)
    out.setdefault("Resin Ball", ("specials", "resin_ball"))
    for roster in shipped_names("rosters"):
        r = load_roster(roster)
        for c in list(r.characters) + list(getattr(r, "fixtures", None) or []):
            out[c.name] = ("characters", c.id)
    return out


def _named(name: str) -> str:
    """A character's or card's name in the language in force."""
    if name is None or get_lang() == "en":
        return name
    key = _content_ids().get(name)
    return content_text("leaf_marathon", key, name) if key else name


def _card(name: str) -> str:
    """``weapon``, ``weapon (received)``, ``Bear``, ``recovery (bound)`` in the language in force."""
    if get_lang() == "en":
        return name
    marks = ""
    for mark in ("bound", "received"):
        if name.endswith(f" ({mark})"):
            name = name[: -len(mark) - 3]
            marks = T(f"words.card_mark.{mark}") + marks
    return _named(name) + marks


def _a(card: str) -> str:
    """The card with its indefinite article: "an effect", "a weapon (received)", "a Bear"."""
    base = card.split(" (")[0]
    if T.has(f"words.a_card.{base}"):
        return T(f"words.a_card.{base}") + _card(card)[len(_card(base)):]
    if get_lang() == "en":
        return ("an " if str(card)[:1].lower() in "aeiou" else "a ") + str(card)
    return _card(card)


def _any_name(name: str) -> str:
    """A card's, character's or d20 event's English name in the language in force."""
    from .d20 import NAMES
    for n, english in NAMES.items():
        if english == name:
            return _event_name(n, name)
    return _card(name)


register_names("leaf_marathon", _any_name)


def _event_name(number, name):
    return content_text("leaf_marathon", ("event_names", str(number)), name) if number else name


def _order(order, seat_names, **_):
    return T("events.order", order=T("list_sep").join(seat_names[s] for s in order))


def _move(seat, start, end, total, squares, stamina_before, stamina_after, **_):
    if total == 0 and start == end:
        return T("events.move.still", seat=seat)
    return T("events.move.text", seat=seat, start=start, end=end, squares=squares, total=total,
             stamina_before=stamina_before, stamina_after=stamina_after)


def _option_key(name, value) -> str:
    return f"option_words.{name}.{str(value).lower() if isinstance(value, bool) else value}"


OPTION_WORDS: dict = {}
"""What a non-default option changes in an event's description (d20.EVENT_OPTIONS), at the
rulebook's numbers, in English: ``{(option, value): words}`` (the catalogue's ``option_words``)."""
with use_lang("en"):
    for _key in T.keys("option_words"):
        _name, _, _value = _key.partition(".")
        _typed = {"true": True, "false": False}.get(_value, int(_value) if _value.isdigit() else _value)
        OPTION_WORDS[(_name, _typed)] = T(f"option_words.{_key}", **_numbers())


def _bonus(bonus, doubled) -> int:
    """The movement one action card added (the event's own number; older records: the rulebook's)."""
    return bonus if bonus is not None else DEFAULTS["action_bonus"] * (2 if doubled else 1)


def _d20(seat, number, name, options=None, params=None, **_):
    name = _event_name(number, name)
    stop = "" if name.endswith(("!", "?", ".", "！", "？", "。")) else T("events.d20.stop")
    text = T("events.d20.text", seat=seat, number=number, name=name, stop=stop,
             description=event_text(number, params))
    sep = T("events.d20.house_sep")
    if params:
        text += T("events.d20.house", rules=sep.join(T("events.d20.house_rule", name=k, value=v)
                                                     for k, v in params.items()))
    if options:
        numbers = _numbers(params)
        said = []
        for k, v in options.items():
            key = _option_key(k, v)
            words = T(key, **numbers) if T.has(key) else T("events.d20.option_other")
            said.append(T("events.d20.option", words=words, name=k, value=v))
        text += T("events.d20.options", said=sep.join(said))
    return text


def _finish(seat, place, points, leg, ffr_held=0, overshoot=None, base_points=None, **_):
    over = T("events.finish.over", overshoot=overshoot) if overshoot else ""
    head = T("events.finish.head", seat=seat, leg=leg, place=place, over=over)
    if not ffr_held:
        return T("events.finish.plain", head=head, points=points)
    base = points if base_points is None else base_points
    cut = base - points                         # what the Free Forced Rest penalty really took
    held = T("events.finish.held", ffr=ffr_held)
    if cut == 0:
        return T("events.finish.floor_only", head=head, points=points, held=held)
    floor = T("events.finish.floor") if points == 0 and cut < ffr_held else ""
    return T("events.finish.cut", head=head, base=base, cut=_num(cut), held=held, points=points,
             floor=floor)


def _totals(totals, seat_names, **_):
    return T("events.game_over.text", parts=T("list_sep").join(
        T("events.game_over.part", name=seat_names[s], value=_num(t)) for s, t in enumerate(totals)))


def _movement_totals(totals, seat_names, **_):
    return T("events.movement_totals.text", parts=T("list_sep").join(
        T("events.movement_totals.part", name=seat_names[int(s)], value=v) for s, v in totals.items()))


def _pair(key):
    """An event about two seats (``names[0]`` acts on ``names[1]``)."""
    return lambda names, **f: T(key, user=names[0], target=names[1], **f)


def _hand_reset(seat, before, size=DEFAULTS["leg_hand"], **_):
    key = "cut" if before > size else "fill" if before < size else "keep"
    return T(f"events.hand_reset.{key}", seat=seat, before=before, size=size)


def _leg_stamina(seat, before, after, max_stamina=None, **_):
    key = "raised" if after > before else "stays"
    return T(f"events.leg_stamina.{key}", seat=seat, before=before, after=after,
             max_stamina=max_stamina)


def _either(key_yes, key_no, flag, **fields):
    return T(key_yes if flag else key_no, **fields)


COUNTED = ("d20", "faint", "revived", "trigger_played", "special_played", "action_card",
           "two_for_three", "shed", "weapon_given", "armor_used", "forest", "roadblock_paid",
           "stopped", "magic_bind", "physical_bind", "reshuffle", "finish", "guard")
"""The event kinds a simulation counts per game (``racekit.simulate``'s ``n_<kind>`` columns),
in the order the compiled kernel counts them (``kernel_jit.EVENTS``)."""


TEMPLATES = T.events({
    "order": _order,
    "character": lambda seat, name, **f: T("events.character", seat=seat, name=_named(name), **f),
    "passed": lambda seat, premove, **_: _either("events.passed.premove", "events.passed.anytime",
                                                 premove, seat=seat),
    "action_card": lambda seat, played, doubled=False, bonus=None, **_: T(
        "events.action_card.text", seat=seat, bonus=_bonus(bonus, doubled), played=played,
        doubled=T("events.action_card.doubled") if doubled else ""),
    "two_for_three": lambda seat, card, draws=DEFAULTS["two_for_three_draw"], **_: T(
        "events.two_for_three", seat=seat, card=_a(card), draws=draws),
    "shed": lambda seat, cards, draws=DEFAULTS["shed_draw"], **_: T(
        "events.shed", seat=seat, first=_card(cards[0]), second=_card(cards[1]), draws=draws),
    "weapon_given": _pair("events.weapon_given"),
    "armor_equipped": lambda seat, replaced, **_: _either(
        "events.armor_equipped.replaced", "events.armor_equipped.new", replaced, seat=seat),
    "element": lambda seat, buff, max_stamina, weight_limit, movement, lifted_bind, **_: T(
        "events.element.text", seat=seat, max_stamina=max_stamina, weight_limit=weight_limit,
        movement=movement,
        what=T("events.element.buff", buff=buff) if buff != "-" else T("events.element.lift_only"),
        lifted=T("events.element.lifted") if lifted_bind else ""),
    "d20": _d20,
    "special_card": lambda seat, card, **_: T("events.special_card", seat=seat, card=_card(card)),
    "special_played": lambda seat, card, **_: T("events.special_played", seat=seat, card=_card(card)),
    "teleport": lambda seat, start, end, terrain=False, **_: _either(
        "events.teleport.terrain", "events.teleport.plain", terrain, seat=seat, start=start, end=end),
    "movement_totals": _movement_totals,
    "move": _move,
    "forest": lambda seat, square, cost, **_: _either(
        "events.forest.cost", "events.forest.free", cost, seat=seat, square=square, cost=cost),
    "finish": _finish,
    "buff_c": lambda seat, stamina, gained=DEFAULTS["buff_c_regen"], **_: T(
        "events.buff_c", seat=seat, stamina=stamina, gained=gained),
    "hand_reset": _hand_reset,
    "keep_armor": lambda seat, kept, **_: _either("events.keep_armor.kept", "events.keep_armor.dropped",
                                                  kept, seat=seat),
    "keep_buff": lambda seat, kept, **_: _either("events.keep_buff.kept", "events.keep_buff.none",
                                                 kept, seat=seat, kept=kept),
    "leg_stamina": _leg_stamina,
    "game_over": _totals,
    "magic_bind": lambda armor=False, **_: _either("events.magic_bind.armor",
                                                   "events.magic_bind.no_armor", armor),
    "target": _pair("events.target"),
    "forced_trade": _pair("events.forced_trade"),
    "blind_take": _pair("events.blind_take"),
    "scavenge": lambda names, armor, cards, **_: _either(
        "events.scavenge.armor", "events.scavenge.cards", armor, user=names[0], target=names[1],
        cards=cards),
    "release": lambda names, armor, cards, **_: _either(
        "events.release.armor", "events.release.cards", armor, user=names[0], target=names[1],
        cards=cards),
    "swap": _pair("events.swap"),
    "resin_ball": _pair("events.resin_ball"),
    "rewind": lambda seat, repeats, name, **_: (
        T("events.rewind.text", seat=seat, repeats=repeats, name=_event_name(repeats, name))
        if repeats else T("events.rewind.none")),
    "rewind_terrain": lambda squares, **_: T("events.rewind_terrain", squares=len(squares)),
})
"""Event kind -> sentence in the language in force (the catalogue's ``events.<kind>``; the
kinds above pick among its keys)."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a game that is not over can say about places (``racekit play``/``replay``): the
    places of the current leg so far, only ponies that have finished it (LM-FINISH-1), then who
    is still running and the points so far (the final ranking goes by points, LM-END-1)."""
    names = [seat_name(n) for n in state.game.seat_names]
    done = {s for g in state.places for s in g}
    running = [names[s] for s in range(state.n) if s not in done]
    from .finish import totals as _totals_of
    totals = _totals_of(state)
    note = T("places_so_far.running", names=running) if running else ""
    note += T("places_so_far.points", parts=T("list_sep").join(
        T("places_so_far.part", name=names[s], value=_num(totals[s])) for s in range(state.n)))
    return T("places_so_far.label", leg=state.leg + 1), [list(g) for g in state.places], note
