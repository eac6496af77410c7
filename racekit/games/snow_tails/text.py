"""Event sentences for Snow Tails (our own words).

Fields: the event data plus ``seat`` (the first seat's name), ``seats`` (names
joined), ``names`` (the list of the event's seat names) and ``seat_names``
(every seat's name, for seats the data names by number); see
:func:`racekit.core.events.render`.
"""


def _n(count, word: str, plural: str | None = None) -> str:
    """'1 card', '2 cards' (``plural`` for irregular words)."""
    return f"{count} {word}" if count == 1 else f"{count} {plural or word + 's'}"


def _and(names) -> str:
    """'Red', 'Red and Blue', 'Red, Blue and Green'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def _sq(position) -> str:
    return f"[{position[0]}, {position[1]}]"


def _path(path) -> str:
    return " > ".join(_sq(p) for p in path)


def _move(seat, moved, path, planned=None, bonus=0, **_) -> str:
    # ``moved`` = squares of this part (path length - 1); ``planned`` = steps tried in it
    planned = moved if planned is None else planned
    what = "bonus square" if bonus else "square"
    if moved < planned:
        count = f"{moved} of its {_n(planned, what)}"
    else:
        count = _n(moved, what)
    ahead = " straight ahead" if bonus else ""
    return f"{seat}'s sled moves {count}{ahead}: {_path(path)}."


def _speed(seat, speed, drift, side, **_) -> str:
    if not drift:
        return f"{seat} has speed {speed} and does not drift."
    return f"{seat} has speed {speed} and drifts {_n(drift, 'square')} to the {side}."


def _placed(names, place, round, **_) -> str:
    if len(names) == 1:
        return f"{names[0]} finishes in place {place} (round {round})."
    return f"{_and(names)} share place {place} (round {round})."


def _game_over(places, out, seat_names, finished=None, round=None, **_) -> str:
    """Who finished (by place), who is ranked by position, who dropped out (ST-END-*, ST-ELIM-1)."""
    out = set(out)
    done = set(finished if finished is not None else
               [s for g in places for s in g if s not in out])
    finished_parts, position_parts, out_place = [], [], None
    for k, group in enumerate(places, start=1):
        if all(s in out for s in group):
            out_place = k
            continue
        who = _and(seat_names[s] for s in group)
        part = f"{who} (sharing place {k})" if len(group) > 1 else f"{who} (place {k})"
        (finished_parts if all(s in done for s in group) else position_parts).append(part)
    lines = [f"The race is over{f' after round {round}' if round else ''}."]
    lines.append("Finished: " + ", ".join(finished_parts) + "." if finished_parts
                 else "No sled finished.")
    if position_parts:
        lines.append("Not across the line, ranked by position: " + ", ".join(position_parts) + ".")
    if out:
        who = _and(seat_names[s] for s in sorted(out))
        if not finished_parts and not position_parts:
            lines.append(f"Dropped out: {who}, all sharing one place.")
        elif len(out) == 1:
            lines.append(f"Dropped out: {who}, in the last place ({out_place}).")
        else:
            lines.append(f"Dropped out: {who}, sharing the last place ({out_place}).")
    return " ".join(lines)


def _reshuffle(seat, cards, covered):
    if not covered:
        what = _n(cards, "discarded card")
    else:   # deck_exhaust=reshuffle_all (ST-AMB-13)
        what = f"{_n(cards, 'card')} (the discards and {_n(covered, 'covered dog card')})"
    return f"{seat}'s deck is empty: {what} {'is' if cards == 1 else 'are'} shuffled into a new deck."


TEMPLATES = {
    "turn_limit": "The turn limit (not a rule) ends the race after round {round}: the sleds still "
                  "racing are placed by position.",
    "first_player": "{seat} is picked at random to place a sled first.",
    "slot": "{seat} puts the sled on start slot {slot} at {position}.",
    "deal": lambda seat, slot, cards, **_:
        f"{seat} (slot {slot}) is to draw an opening hand of {_n(cards, 'card')}.",
    "draw": lambda seat, hand_size, deck_size, **_:
        f"{seat} draws a card (now {_n(hand_size, 'card')} in hand, {deck_size} left in the deck).",
    "reshuffle": lambda seat, cards, **f: _reshuffle(seat, cards, f.get("covered", 0)),
    "deck_empty": "{seat} has no card left to draw.",
    "round_start": lambda round, names, **_:
        f"Round {round} begins; turn order: {', '.join(names)}.",
    "turn_start": "{seat} starts a turn, number {position_in_order} in this round.",
    "no_dog_card": "{seat} holds no dog card to play.",
    "restart": lambda seat, hand_size, **_:
        f"{seat} starts the turn again with {_n(hand_size, 'card')} in hand.",
    "damage": lambda seat, cards, cause, damage, **_:
        f"{seat} takes {_n(cards, 'damage card')} ({cause}); "
        f"now {_n(damage, 'damage card')} in hand.",
    "dents_out": lambda seat, wanted, left, **_:
        f"The damage supply is short: {seat} would take {_n(wanted, 'damage card')} but only "
        f"{left} {'is' if left == 1 else 'are'} left.",
    "eliminated": "{seat} holds only damage cards and drops out of the race; "
                  "the sled leaves the track.",
    # test_browser.py reads "plays 1 card of value N to L:" from the log
    "play": lambda seat, cards, value, spots, left, right, brake, **_:
        f"{seat} plays {_n(cards, 'card')} of value {value} to {spots}: "
        f"left {left}, right {right}, brake {brake}.",
    "speed": _speed,
    "no_move": "{seat}'s speed is {speed}, below 1: the sled stays put.",
    # test_browser.py reads "steers: <sequence>." from the log
    "move_plan": "{seat} steers: {steps}.",
    "move": _move,
    "wall": lambda seat, position, step, moved=1, **_:
        f"{seat}'s {'next' if moved else 'first'} step ({step}) would leave the track: the sled "
        f"hits the side wall and {'stops at' if moved else 'does not move from'} {_sq(position)}.",
    "blocked": lambda seat, names, position, moved=1, step=None, **_:
        f"{seat}'s {'next' if moved else 'first'} step{f' ({step})' if step else ''} would run "
        f"into {names[1] + chr(39) + 's' if len(names) > 1 else 'another'} sled: {seat} "
        f"{'stops at' if moved else 'does not move from'} {_sq(position)}.",
    "end_of_track": lambda seat, position, **_:
        f"{seat} reaches the end of the finish tile at {_sq(position)} and stops.",
    "limit_line": "{seat} crosses a speed-limit line of {limit} at speed {speed}.",
    "over_limit": lambda seat, over, limit, speed, **_:
        f"{seat} is {over} over the limit of {limit} (speed {speed}).",
    "cross_finish": "{seat} crosses the finish line in round {round}!",
    "bonus_offered": lambda seat, bonus, **_:
        f"{seat}'s dogs pull equally: a bonus of {_n(bonus, 'square')} is on offer.",
    "bonus_taken": lambda seat, bonus, speed, **_:
        f"{seat} takes the bonus of {_n(bonus, 'square')}; the turn's speed is now {speed}.",
    "bonus_declined": lambda seat, bonus, **_:
        f"{seat} declines the bonus of {_n(bonus, 'square')}.",
    "discard": lambda seat, hand_size, **_:
        f"{seat} discards a dog card (now {_n(hand_size, 'card')} in hand).",
    "no_refill": lambda seat, hand_size, cause="sled", **_:
        f"{seat} was stopped by {'the side wall' if cause == 'wall' else 'a sled'} and does not "
        f"draw ({_n(hand_size, 'card')} in hand).",
    "refilled": lambda seat, hand_size, **_:
        f"{seat} ends the turn with {_n(hand_size, 'card')} in hand.",
    "placed": _placed,
    "removed": "{seat}'s sled leaves the track after crossing the line.",
    "game_over": _game_over,
}

PHASES = {
    "first_player": "draw who picks a start slot first",
    "choose_slot": "choose a start slot",
    "random_slot": "draw a start slot",
    "deal": "deal the dog cards",
    "play": "play cards to the dogs and the brake",
    "move": "move the sled (choose when to drift)",
    "bonus": "take or skip the bonus move",
    "discard": "discard cards",
    "draw": "draw a card",
    "over": "race over",
}
"""Phase names as a teacher says them (the explorer's status line and the board title; contract 5)."""

OPTION_GROUPS = {
    "Track and start": ("track", "slot_selection"),
    "Bonus move": ("bonus_round1", "bonus_requires_move", "bonus_partial", "bonus_after_stop",
                   "bonus_blocked"),
    "Speed limits": ("limit_speed", "limit_eval", "limit_per_line"),
    "Collisions and damage": ("no_refill_scope", "collision_damage", "dent_supply",
                              "elim_check"),
    "Cards": ("deck_exhaust",),
    "End of the race": ("finish_rank_metric", "end", "turn_limit"),
}
"""How the explorer groups the rule options (options not listed go under "Other rules")."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a race that is not over can say about places (``racekit play``/``replay``): only
    sleds across the line hold a place (ST-END-3); the others are still racing."""
    names = state.game.seat_names
    done = {s for g in state.places for s in g}
    out = set(state.dropped_out()) if callable(getattr(state, "dropped_out", None)) else set()
    racing = [names[s] for s in range(state.n) if s not in done and s not in out]
    return "Places so far", [list(g) for g in state.places], (f"; still racing: {_and(racing)}" if racing else "")
