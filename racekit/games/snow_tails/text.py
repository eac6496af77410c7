"""Event sentences for Snow Tails (our own words).

Fields: the event data plus ``seat`` (the first seat's name), ``seats`` (names
joined), ``names`` (the list of the event's seat names) and ``seat_names``
(every seat's name, for seats the data names by number); see
:func:`racekit.core.events.render`.
"""


from racekit.core.i18n import Texts, join, seat_names as local_names

T = Texts("snow_tails")
"""This game's catalogue (``locale/<lang>/text.yaml``): every sentence, in English and Chinese."""


def _sq(position) -> str:
    return f"[{position[0]}, {position[1]}]"


def _path(path) -> str:
    return " > ".join(_sq(p) for p in path)


def _move(seat, moved, path, planned=None, bonus=0, **_) -> str:
    # ``moved`` = squares of this part (path length - 1); ``planned`` = steps tried in it
    planned = moved if planned is None else planned
    key = ("bonus_" if bonus else "") + ("part" if moved < planned else "full")
    return T(f"events.move.{key}", seat=seat, moved=moved, planned=planned, path=_path(path))


def _speed(seat, speed, drift, side, **_) -> str:
    if not drift:
        return T("events.speed.straight", seat=seat, speed=speed)
    return T("events.speed.drift", seat=seat, speed=speed, drift=drift, side=side)


def _placed(names, place, round, **_) -> str:
    if len(names) == 1:
        return T("events.placed.one", name=names[0], place=place, round=round)
    return T("events.placed.many", names=names, place=place, round=round)


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
        who = join(seat_names[s] for s in group)
        part = T("events.game_over.shared" if len(group) > 1 else "events.game_over.alone", who=who, k=k)
        (finished_parts if all(s in done for s in group) else position_parts).append(part)
    sep = T("events.game_over.part_sep")
    lines = [T("events.game_over.over_round", round=round) if round else T("events.game_over.over")]
    lines.append(T("events.game_over.finished", parts=sep.join(finished_parts)) if finished_parts
                 else T("events.game_over.none_finished"))
    if position_parts:
        lines.append(T("events.game_over.by_position", parts=sep.join(position_parts)))
    if out:
        who = join(seat_names[s] for s in sorted(out))
        if not finished_parts and not position_parts:
            lines.append(T("events.game_over.out_all", who=who))
        elif len(out) == 1:
            lines.append(T("events.game_over.out_one", who=who, k=out_place))
        else:
            lines.append(T("events.game_over.out_many", who=who, k=out_place))
    return T("events.game_over.line_sep").join(lines)


def _reshuffle(seat, cards, covered=0, **_):
    is_are = T("events.reshuffle.is", n=cards)
    if not covered:
        return T("events.reshuffle.discards", seat=seat, cards=cards, is_are=is_are)
    # deck_exhaust=reshuffle_all (ST-AMB-13)
    return T("events.reshuffle.all", seat=seat, cards=cards, covered=covered, is_are=is_are)


def _dents_out(seat, wanted, left, **_):
    return T("events.dents_out.text", seat=seat, wanted=wanted, left=left,
             is_are=T("events.dents_out.is", n=left))


def _round_start(round, names, **_):
    return T("events.round_start", round=round, order=T("order_sep").join(names))


def _wall(seat, position, step, moved=1, **_):
    return T("events.wall.moved" if moved else "events.wall.first", seat=seat, step=step,
             at=_sq(position))


def _blocked(seat, names, position, moved=1, step=None, **_):
    other = (T("events.blocked.other_named", name=names[1]) if len(names) > 1
             else T("events.blocked.other_any"))
    return T("events.blocked.moved" if moved else "events.blocked.first", seat=seat, other=other,
             at=_sq(position), step=T("events.blocked.step", step=step) if step else "")


def _end_of_track(seat, position, **_):
    return T("events.end_of_track", seat=seat, at=_sq(position))


def _no_refill(seat, hand_size, cause="sled", **_):
    return T("events.no_refill", seat=seat, hand_size=hand_size,
             cause="wall" if cause == "wall" else "sled")


TEMPLATES = T.events({
    "reshuffle": _reshuffle,
    "round_start": _round_start,
    "dents_out": _dents_out,
    # test_browser.py reads "plays 1 card of value N to L:" and "steers: <sequence>." from the log
    "speed": _speed,
    "move": _move,
    "wall": _wall,
    "blocked": _blocked,
    "end_of_track": _end_of_track,
    "no_refill": _no_refill,
    "placed": _placed,
    "game_over": _game_over,
})
"""Event kind -> sentence in the language in force (the catalogue's ``events.<kind>``; the
kinds above pick among its keys)."""

PHASES = T.mapping("phases")
"""Phase names as a teacher says them (the explorer's status line and the board title; contract 5)."""

OPTION_GROUPS = T.groups("option_groups", {
    "track": ("track", "slot_selection"),
    "bonus": ("bonus_round1", "bonus_requires_move", "bonus_partial", "bonus_after_stop",
              "bonus_blocked"),
    "limits": ("limit_speed", "limit_eval", "limit_per_line"),
    "damage": ("no_refill_scope", "collision_damage", "dent_supply", "elim_check"),
    "cards": ("deck_exhaust",),
    "end": ("finish_rank_metric", "end", "turn_limit"),
})
"""How the explorer groups the rule options (options not listed go under "Other rules")."""


def places_so_far(state) -> tuple[str, list[list[int]], str]:
    """What a race that is not over can say about places (``racekit play``/``replay``): only
    sleds across the line hold a place (ST-END-3); the others are still racing."""
    names = local_names(state.game.seat_names)
    done = {s for g in state.places for s in g}
    out = set(state.dropped_out()) if callable(getattr(state, "dropped_out", None)) else set()
    racing = [names[s] for s in range(state.n) if s not in done and s not in out]
    return (T("places_so_far.label"), [list(g) for g in state.places],
            T("places_so_far.racing", names=racing) if racing else "")
