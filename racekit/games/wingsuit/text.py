"""Event sentences for Wingsuit Flight (our own words) and plain names of the phases.

Fields: the event data plus ``seat`` (first seat's name), ``seats`` (names
joined), ``names`` and ``seat_names`` (see :func:`racekit.core.events.render`).
"""

import re

from racekit.core.i18n import Texts, join, seat_name

T = Texts("wingsuit")
"""This game's catalogue (``locale/<lang>/text.yaml``): every sentence, in English and Chinese."""

# a conditional icon as the event data carries it (cards.token_text): IF(alt_at_least(3), [N, N])
_IF = re.compile(r"^IF\((\w+)(?:\((\d+)\))?, \[(.*)\]\)$")


def _condition(icon: str) -> tuple[str, str] | None:
    """``IF(alt_at_least(3), [N, N])`` -> ``("altitude 3 or more", "N, N")`` (WS-ACT-5)."""
    m = _IF.match(icon)
    if m is None:
        return None
    key = f"words.condition.{m.group(1)}"
    words = T(key, n=m.group(2)) if T.has(key) else m.group(1).replace("_", " ")
    return words, m.group(3)


def _icon(icon: str) -> str:
    """An action-cell icon in words: an arrow as is, a conditional one as ``(if altitude 3 or more:
    N, N)``."""
    cond = _condition(icon)
    return icon if cond is None else T("events.take.icon_if", condition=cond[0], arrows=cond[1])


def _check(seat, test, holds, altitude=None, **_) -> str:
    m = _IF.match(test)
    cond = _condition(test)
    if cond is None:
        what = T("events.condition.plain", test=test)
    elif m.group(1).startswith("alt") and altitude is not None:
        what = T("events.condition.at", condition=cond[0], seat=seat, altitude=altitude)
    else:
        what = T("events.condition.cond", condition=cond[0])
    return T("events.condition.text", seat=seat, what=what,
             answer=T("events.condition.yes" if holds else "events.condition.no"))


def _name(seat_names, s):
    if s == "neutral":
        return T("words.neutral")
    return seat_names[s] if isinstance(s, int) and 0 <= s < len(seat_names) else str(s)


def _reveal(plans, seat_names, **_):
    parts = [T("events.reveal.part", name=_name(seat_names, int(s)), cells=" ".join(cells))
             for s, cells in plans.items()]
    return T("events.reveal.text", parts=T("events.reveal.sep").join(parts))


def _interference(moved, threshold, **_):
    if not moved:
        return T("events.interference.none", threshold=threshold)
    pairs = T("list_sep").join(T("events.interference.pair", a=a, b=b) for a, b in moved.items())
    return T("events.interference.moved", pairs=pairs)


def _order(names, altitudes, **_):
    parts = [T("events.order.part", name=n, altitude=a) for n, a in zip(names, altitudes)]
    return T("events.order.text", parts=T("list_sep").join(parts))


def _move(seat, frm, to, direction, move, altitude, **_):
    key = f"events.move.{move}" + ("_exit" if to == "exit" else "")
    return T(key, seat=seat, frm=frm, to=to, direction=direction, altitude=altitude)


def _crash(seat, at, card, before, altitude, dice_lost, cubes_discarded, mover, **_):
    lost = []
    if dice_lost:
        lost.append(T("events.crash.dice", dice=dice_lost))
    if cubes_discarded:
        lost.append(T("events.crash.cubes", cubes=cubes_discarded))
    extra = T("events.crash.extra", parts=T("events.crash.sep").join(lost)) if lost else ""
    return T("events.crash.text", seat=seat, at=at, extra=extra, before=before, altitude=altitude,
             card=card)


def _game_over(ranking, scores, seat_names, capped=False, **_):
    # places numbered, a shared place joined by "&" (as `racekit play` prints the ranking):
    # "Red, Green and Blue" read as three places when the three shared one
    shared, sep = T("events.game_over.shared"), T("events.game_over.sep")
    order = sep.join(T("events.game_over.place", k=k,
                       names=shared.join(_name(seat_names, s) for s in place))
                     for k, place in enumerate(ranking, 1))
    sc = sep.join(T("events.game_over.score", name=_name(seat_names, int(s)), value=v)
                  for s, v in scores.items())
    return T("events.game_over.text", head=T("events.game_over.capped") if capped else "", order=order,
             scores=T("events.game_over.scores", parts=sc) if sc else T("events.game_over.none"))


def _lay(seat, card, at, usable_before, usable_after, **_):
    # counts of the queue's usable item effects, before and after ("3 to 4" read as a range)
    key = "events.lay.same" if usable_before == usable_after else "events.lay.change"
    return T(key, seat=seat, card=card, at=at, at1=at + 1, before=usable_before, after=usable_after)


def _pair(key):
    """An event about two seats (``names[0]`` acts on ``names[1]``)."""
    return lambda names, **f: T(key, user=names[0], target=names[1] if len(names) > 1 else "", **f)


def _item_free_sprint(seat, colour, sprints, **_):
    key = "events.item_free_sprint.one" if sprints == 1 else "events.item_free_sprint.many"
    return T(key, seat=seat, colour=colour, sprints=sprints)


COUNTED = ("crash", "off_map", "too_low", "collision", "updraft", "sprint", "free_sprint", "exit",
           "draw", "steal", "gift", "item_free_sprint", "card_leaves", "set_aside")
"""The event kinds a simulation counts per game (``racekit.simulate``'s ``n_<kind>`` columns),
in the order the compiled kernel counts them (``kernel_jit.EVENTS``)."""


TEMPLATES = T.events({
    "queue": lambda rows, **_: T("events.queue", rows=T("list_sep").join(rows)),
    "deal_track": lambda cards, unused, **_: T("events.deal_track", cards=T("list_sep").join(cards),
                                               unused=unused),
    "reveal": _reveal,
    "interference": _interference,
    "order": _order,
    "take": lambda seat, cell, icons, left, **_: T(
        "events.take.text", seat=seat, cell=cell,
        icons=T("list_sep").join(map(_icon, icons)) or T("events.take.none")),
    "move": _move,
    "crash": _crash,
    "sprint": lambda seat, before, altitude, direction, **_: T(
        "events.sprint", seat=seat, paid=before - altitude, before=before, altitude=altitude,
        direction=direction),
    "steal": _pair("events.steal"),
    "gift": _pair("events.gift"),
    "gift_done": _pair("events.gift_done"),
    "item_free_sprint": _item_free_sprint,
    "condition": _check,
    "lay": _lay,
    "game_over": _game_over,
})
"""Event kind -> sentence in the language in force (the catalogue's ``events.<kind>``; the
kinds above pick among its keys)."""

PHASES = T.mapping("phases")
"""Phase names as a teacher says them (the explorer's status line and the board title)."""

OPTION_GROUPS = T.groups("option_groups", {
    "cards": ("cardset", "board_model", "unknown_icon", "item_effects", "cubes_per_color",
              "boundary_merge"),
    "players": ("max_players", "start_sharing", "queue_order", "two_player_neutral",
                "rear_sprint_dirs"),
    "plans": ("distinct_scope", "interference_threshold"),
    "order": ("order_mode", "distance"),
    "sprints": ("sprint_window", "item_window", "blue_free_sprints", "brave_identity",
                "cost_visible"),
    "terrain": ("updraft_before_height", "crash_place_safety", "victim_loses_dice",
                "discard_cubes_to"),
    "cleanup": ("cover_mode", "cover_fallback", "cleanup_cards", "cleanup_updraft",
                "cleanup_updraft_step", "boundary_card_for_cleanup"),
    "end": ("nonexit_scoring", "count_conditional_arrows", "turn_limit"),
})
"""How the explorer groups the rule options (every option is listed once)."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a game that is not over can say about places (``racekit play``/``replay``): only
    characters that have flown out hold a place (WS-END-4); the others are still flying."""
    out = [g for g in state.ranking() if all(state.exited[s] for s in g)]
    names = [seat_name(n) for n in state.game.seat_names]
    flying = [_name(names, s) for s in range(state.n) if not state.exited[s]]
    return T("places_so_far.label"), out, (T("places_so_far.flying", names=flying) if flying else "")
