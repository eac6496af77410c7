"""Event sentences for Wingsuit Flight (our own words) and plain names of the phases.

Fields: the event data plus ``seat`` (first seat's name), ``seats`` (names
joined), ``names`` and ``seat_names`` (see :func:`racekit.core.events.render`).
"""

import re

# a conditional icon as the event data carries it (cards.token_text): IF(alt_at_least(3), [N, N])
_IF = re.compile(r"^IF\((\w+)(?:\((\d+)\))?, \[(.*)\]\)$")
_CONDITION_WORDS = {"alt_at_least": "altitude {n} or more", "alt_at_most": "altitude {n} or less",
                    "on_updraft": "on an updraft", "holds_cube": "holding a cube",
                    "unknown": "a condition this kit does not know"}


def _condition(icon: str) -> tuple[str, str] | None:
    """``IF(alt_at_least(3), [N, N])`` -> ``("altitude 3 or more", "N, N")`` (WS-ACT-5)."""
    m = _IF.match(icon)
    if m is None:
        return None
    words = _CONDITION_WORDS.get(m.group(1), m.group(1).replace("_", " "))
    return words.format(n=m.group(2)), m.group(3)


def _icon(icon: str) -> str:
    """An action-cell icon in words: an arrow as is, a conditional one as ``(if altitude 3 or more:
    N, N)``."""
    cond = _condition(icon)
    return icon if cond is None else f"(if {cond[0]}: {cond[1]})"


def _check(seat, test, holds, altitude=None, **_) -> str:
    cond = _condition(test)
    if cond is None:
        what = test
    elif cond[0].startswith("altitude") and altitude is not None:
        what = f"its condition ({cond[0]}; {seat} is at {altitude})"
    else:
        what = f"its condition ({cond[0]})"
    return f"{seat} checks {what}: {'yes' if holds else 'no, its arrows are skipped'}."


def _and(names) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _n(k, word, plural=None):
    return f"{k} {word}" if k == 1 else f"{k} {plural or word + 's'}"


def _name(seat_names, s):
    if s == "neutral":
        return "neutral"
    return seat_names[s] if isinstance(s, int) and 0 <= s < len(seat_names) else str(s)


def _reveal(plans, seat_names, **_):
    parts = [f"{_name(seat_names, int(s))} {' '.join(cells)}" for s, cells in plans.items()]
    return "All plans are revealed at once: " + "; ".join(parts) + "."


def _interference(moved, threshold, **_):
    if not moved:
        return f"Interference: no cell holds {threshold} or more colours; nothing moves."
    pairs = ", ".join(f"{a} to {b}" for a, b in moved.items())
    return f"Interference: mixed cells move across at once: {pairs}."


def _order(names, altitudes, **_):
    return "Action order: " + ", ".join(f"{n} (altitude {a})" for n, a in zip(names, altitudes)) + "."


def _move(seat, frm, to, direction, move, altitude, **_):
    how = {"arrow": "flies", "sprint": "sprints", "free": "makes a free sprint", "gift": "flies (given die)"}[move]
    if to == "exit":
        return f"{seat} {how} {direction} from ({frm}) over the top edge."
    return f"{seat} {how} {direction} from ({frm}) to ({to}) at altitude {altitude}."


def _crash(seat, at, card, before, altitude, dice_lost, cubes_discarded, mover, **_):
    lost = []
    if dice_lost:
        lost.append(f"{_n(dice_lost, 'die', 'dice')} back unused")
    if cubes_discarded:
        lost.append(f"{_n(cubes_discarded, 'cube')} discarded")
    extra = f" ({', '.join(lost)})" if lost else ""
    return (f"{seat} crashes at ({at}){extra}: altitude {before} to {altitude}, back to the bottom "
            f"edge of card {card}.")


def _game_over(ranking, scores, seat_names, capped=False, **_):
    # places numbered, a shared place joined by "&" (as `racekit play` prints the ranking):
    # "Red, Green and Blue" read as three places when the three shared one
    order = ", ".join(f"{k}. " + " & ".join(_name(seat_names, s) for s in place)
                      for k, place in enumerate(ranking, 1))
    sc = ", ".join(f"{_name(seat_names, int(s))} {v}" for s, v in scores.items())
    head = "The round cap is reached. " if capped else ""
    return f"{head}Game over. Ranking: {order}." + (f" Scores: {sc}." if sc else " Nobody flew out.")


def _lay(seat, card, at, usable_before, usable_after, **_):
    # counts of the queue's usable item effects, before and after ("3 to 4" read as a range)
    change = (f"the usable item effects stay at {usable_after}" if usable_before == usable_after
              else f"the usable item effects go from {usable_before} to {usable_after}")
    return f"{seat} lays card {card} over queue rows {at} and {at + 1}; {change}."


COUNTED = ("crash", "off_map", "too_low", "collision", "updraft", "sprint", "free_sprint", "exit",
           "draw", "steal", "gift", "item_free_sprint", "card_leaves", "set_aside")
"""The event kinds a simulation counts per game (``racekit.simulate``'s ``n_<kind>`` columns),
in the order the compiled kernel counts them (``kernel_jit.EVENTS``)."""


TEMPLATES = {
    "deal_queue": "The {colour} pile gives card {card} to the action queue.",
    "deal_card": "Card {card} goes to the track as card {number} (counted from the bottom).",
    "queue": lambda rows, **_: f"The action queue from the bottom: {', '.join(rows)}.",
    "deal_track": lambda cards, unused, **_: (f"The track from the bottom: {', '.join(cards)}; "
                                              f"card {unused} is not used."),
    "start": "{seat} starts on ({at}) at altitude {altitude}.",
    "new_round": "Round {round} begins: every player plans in secret.",
    "plan_committed": "{seat} has committed a plan (hidden until everyone has).",
    "reveal": _reveal,
    "neutral_die": "A neutral die is rolled: {roll}, placed in {cell}.",
    "interference": _interference,
    "tie_break": "The white die shows {roll}: the tied characters nearer the {side} act first.",
    "order": _order,
    "turn": "{seat} acts (altitude {altitude}, at ({at})).",
    "take": lambda seat, cell, icons, left, **_: (f"{seat} takes back the die in {cell}: "
                                                  f"{', '.join(map(_icon, icons)) or 'no icons'}."),
    "move": _move,
    "off_map": "{seat} would leave the map ({edge}) going {direction} from ({at}): the step is not made.",
    "updraft": "{seat} rides the updraft at ({at}): altitude {before} to {altitude}.",
    "too_low": "{seat} at altitude {altitude} is too low for ({at}) of height {height}.",
    "collision": lambda names, at, altitude, **_: (f"{_and(names)} meet at ({at}) at the same "
                                                    f"altitude {altitude}."),
    "stacked": "{seat} shares ({at}) with a character at another altitude: no effect.",
    "crash": _crash,
    "placed": "{seat} is placed on ({at}) at altitude {altitude}.",
    "exit": lambda seat, unresolved, altitude, score, **_: (
        f"{seat} flies out over the top: {_n(unresolved, 'arrow')} left + altitude {altitude} = "
        f"{_n(score, 'point')}. The game ends after this action phase."),
    "draw": "{seat} draws a {colour} cube (now holds {held}).",
    "return_cube": "{seat} puts a {colour} cube back in the bag.",
    "bag_empty": "{seat} would draw a cube, but the bag is empty.",
    "sprint": lambda seat, before, altitude, direction, **_: (
        f"{seat} pays {before - altitude} altitude ({before} to {altitude}) to sprint {direction}."),
    "free_sprint": "{seat} makes a free sprint {direction}.",
    "free_declined": "{seat} declines the remaining free sprints ({left}).",
    "steal": lambda names, colour, target_before, target_altitude, user_before, user_altitude, **_: (
        f"{names[0]} pays a {colour} cube to steal altitude from {names[1]}: {names[1]} "
        f"{target_before} to {target_altitude}, {names[0]} {user_before} to {user_altitude}."),
    "gift": lambda names, colour, cell, **_: (f"{names[0]} pays a {colour} cube and gives the die in "
                                              f"{cell} to {names[1]}, who carries it out now."),
    "gift_done": lambda names, free_sprints, **_: (f"The gift is done; {names[0]} gets "
                                                   f"{_n(free_sprints, 'free sprint')}."),
    "item_free_sprint": lambda seat, colour, sprints, **_: (
        f"{seat} pays a {colour} cube for "
        f"{'one free sprint' if sprints == 1 else _n(sprints, 'free sprint')} "
        "(the kit's own yellow effect)."),
    "condition": _check,
    "action_end": "{seat} ends the action.",
    "cleanup": "Cleanup of round {round}.",
    "card_leaves": "Card {card} (number {number}) is empty and leaves the track.",
    "set_aside": "No placement of card {card} is legal: it is set aside and the queue stays.",
    "lay": _lay,
    "card_stays": "Card {number} still holds a character and stays on the track.",
    "card_waits": "Card {number} is empty too, but only one card leaves per Cleanup.",
    "late_item": "{seat} uses an item after the last die (allowed by this option).",
    "neutral_leave": "The neutral dice leave the queue.",
    "game_over": _game_over,
}

PHASES = {
    "deal": "shuffle the colour piles and deal the queue and the track",
    "queue_order": "choose the order of the three queue cards",
    "start": "put your character on a start cell",
    "plan": "secretly split your three dice into a Cautious and a Brave hand",
    "neutral": "roll the two neutral dice (2 players)",
    "tie": "roll the white die to break a tie in the action order",
    "action": "take back your dice one by one and fly",
    "gift": "carry out the die you were given",
    "free_sprints": "use or decline your free sprints",
    "draw": "draw a cube from the bag",
    "return_cube": "put one cube back: you hold one more than you may keep",
    "crash_place": "choose where your crashed character restarts",
    "cleanup": "clean up: lay the empty bottom card, updrafts lift",
    "end": "the game is over",
}
"""Phase names as a teacher says them (the explorer's status line and the board title)."""

OPTION_GROUPS = {
    "Cards and board": ("cardset", "board_model", "unknown_icon", "item_effects", "cubes_per_color",
                        "boundary_merge"),
    "Players and start": ("max_players", "start_sharing", "queue_order", "two_player_neutral",
                          "rear_sprint_dirs"),
    "Plans and interference": ("distinct_scope", "interference_threshold"),
    "Action order": ("order_mode", "distance"),
    "Sprints and items": ("sprint_window", "item_window", "blue_free_sprints", "brave_identity",
                          "cost_visible"),
    "Terrain and crashes": ("updraft_before_height", "crash_place_safety", "victim_loses_dice",
                            "discard_cubes_to"),
    "Cleanup": ("cover_mode", "cover_fallback", "cleanup_cards", "cleanup_updraft",
                "cleanup_updraft_step", "boundary_card_for_cleanup"),
    "End of the game": ("nonexit_scoring", "count_conditional_arrows", "turn_limit"),
}
"""How the explorer groups the rule options (every option is listed once)."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a game that is not over can say about places (``racekit play``/``replay``): only
    characters that have flown out hold a place (WS-END-4); the others are still flying."""
    out = [g for g in state.ranking() if all(state.exited[s] for s in g)]
    flying = [_name(state.game.seat_names, s) for s in range(state.n) if not state.exited[s]]
    return "Places so far", out, (f"; still flying: {_and(flying)}" if flying else "")
