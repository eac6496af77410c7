"""Snow Tails (雪橇竞速): the game declaration.

Rules spec: ``ST-...`` clauses of the Snow Tails rule specification; every
ambiguity (ST-AMB-nn) with a real choice is an option below, default first.

Set-ups (your own start positions): see ``help(game.new_initial_state)`` and docs/setups.md.
"""
from __future__ import annotations

from racekit.core.errors import OptionError
from racekit.core.game import Game, GameType, Option, Preset, turn_limit_option

from .actions import CHANCE_IDS, NUM_DISTINCT_ACTIONS, decision_ids
from .params import PARAMS
from .state import SnowTailsState
from .tracks import check_track, load_track, track_names

MAX_GAME_LENGTH = 100_000
"""Plies. No rule bounds a race's length (a sled whose speed stays below 1 does not move,
ST-SPEED-2, and its discards come back as a new deck, ST-AMB-13); a playout that passes this
many plies is stopped as a rules bug."""

SEAT_NAMES = ("Red", "Blue", "Green", "Orange", "Purple")

# ST-AMB-19: track files hold only walls, speed limits and the finish (no trees or drifts);
# racekit/boards/lane.py refuses any other tile kind.
OPTIONS = (
    Option("track", "teaching", ("teaching", "medium", "long", "straight4"),
           "The course: a shipped track (our own illustrative layouts), straightW for a plain "
           "W-lane grid, or the path of a track YAML file.", ("ST-AMB-01", "ST-SETUP-1",
                                                              "ST-DATA-1"), check_track),
    Option("slot_selection", "free_choice_clockwise", ("free_choice_clockwise", "random",
                                                       "fill_from_1"),
           "How sleds reach the start slots: a random first player then clockwise free choice; "
           "random slots; or slots 1, 2, ... clockwise from a random first player.",
           ("ST-AMB-02", "ST-SETUP-5")),
    Option("bonus_round1", False, (False, True),
           "Whether the equal-dogs bonus is offered in round 1.", ("ST-AMB-03",)),
    Option("bonus_requires_move", True, (True, False),
           "Whether the bonus needs a normal move (speed of at least 1).", ("ST-AMB-04",)),
    Option("bonus_partial", False, (False, True),
           "Whether part of the bonus may be taken (default: all or nothing).", ("ST-AMB-05",)),
    Option("limit_speed", "planned", ("planned", "actual_moved"),
           "Number compared with a speed limit: the planned speed or the squares moved.",
           ("ST-AMB-07",)),
    Option("limit_eval", "end_of_move_final_speed", ("end_of_move_final_speed", "at_crossing"),
           "When speed-limit damage is settled: after all movement with the final speed, or "
           "at the moment of crossing.", ("ST-AMB-08",)),
    Option("limit_per_line", "each", ("each", "once"),
           "Whether each limit line crossed in a turn is penalised, or only the worst once.",
           ("ST-AMB-08",)),
    Option("no_refill_scope", "sled", ("sled", "sled_and_wall"),
           "Which collisions deny the refill in step 3.", ("ST-AMB-10", "ST-BLOCK-2")),
    Option("collision_damage", 0, (0, 1),
           "Damage cards for running into another sled.", ("ST-AMB-10", "ST-BLOCK-1")),
    Option("elim_check", "after_refill", ("after_refill", "immediate"),
           "When a hand of only damage cards eliminates: after a refill, or at once at the "
           "end of any step 3.", ("ST-AMB-12", "ST-ELIM-1")),
    Option("deck_exhaust", "reshuffle_discards", ("reshuffle_discards", "no_reshuffle", "reshuffle_all"),
           "What happens when a dog deck runs out: the discard pile (brake and excess cards) "
           "becomes the new deck while covered dog cards stay on the mat, so a long race can leave "
           "a short hand; no reshuffle at all; or reshuffle_all, which also returns the covered "
           "dog cards (all but the top card of each dog stack).", ("ST-AMB-13",)),
    Option("dent_supply", "unlimited", ("unlimited", "limited_20"),
           "The supply of damage cards: unlimited, or 20 cards.", ("ST-AMB-14",),
           renamed=((20, "limited_20"),)),
    Option("finish_rank_metric", "beyond_line", ("beyond_line", "short_of_line"),
           "Among sleds crossing in one round, who places first.", ("ST-AMB-16", "ST-END-3")),
    Option("bonus_after_stop", False, (False, True),
           "Whether the bonus is offered after a wall or sled stopped the normal move.",
           ("ST-AMB-22",)),
    Option("bonus_blocked", "stop_on_collision", ("stop_on_collision", "refuse_if_blocked"),
           "A blocked bonus: move and stop as usual, or the bonus may not be taken.",
           ("ST-AMB-22",)),
    Option("end", "all_finished", ("all_finished", "first_cross_round"),
           "When the race ends: when every sled has crossed or is out, or at the end of the "
           "round in which the first sled crosses.", ("ST-AMB-23", "ST-END-1")),
    turn_limit_option(),
)

GAME_TYPE = GameType(
    id="snow_tails",
    long_name="Snow Tails (雪橇竞速)",
    min_players=2,
    max_players=5,
    default_players=4,
    presets=(Preset(name="standard", options={}, seats_clause="ST-META-1",
                    source="Snow Tails rules summary (Chinese), spec defaults",
                    doc="The spec's defaults for every ambiguity."),),
    options=OPTIONS,
    params=PARAMS,
    seat_names=SEAT_NAMES,
    package="racekit.games.snow_tails",
    plot="racekit.games.snow_tails.plot:draw",
    controls="racekit.games.snow_tails.controls:make",
    agents=(("careful", "racekit.games.snow_tails.agents:CarefulAgent"),),
    text="racekit.games.snow_tails.text:TEMPLATES",
    prefix="ST",
    invariants="racekit.games.snow_tails.invariants:INVARIANTS",
    num_distinct_actions=NUM_DISTINCT_ACTIONS,
    max_game_length=MAX_GAME_LENGTH,
    num_chance_outcomes=len(CHANCE_IDS),
    decision_ids=decision_ids,
    chance_ids=CHANCE_IDS,
    hidden_information=True,
)


class Flags:
    """Option values as plain attributes, read in the hot path."""

    __slots__ = ("slot_selection", "bonus_round1", "bonus_requires_move", "bonus_partial",
                 "limit_planned", "limit_at_crossing", "limit_each", "refill_wall",
                 "collision_damage", "elim_immediate", "reshuffle", "reshuffle_all", "rank_beyond",
                 "bonus_after_stop", "bonus_refuse", "end_first", "turn_limit")

    def __init__(self, o: dict):
        self.slot_selection = o["slot_selection"]
        self.bonus_round1 = bool(o["bonus_round1"])
        self.bonus_requires_move = bool(o["bonus_requires_move"])
        self.bonus_partial = bool(o["bonus_partial"])
        self.limit_planned = o["limit_speed"] == "planned"
        self.limit_at_crossing = o["limit_eval"] == "at_crossing"
        self.limit_each = o["limit_per_line"] == "each"
        self.refill_wall = o["no_refill_scope"] == "sled_and_wall"
        self.collision_damage = int(o["collision_damage"])
        self.elim_immediate = o["elim_check"] == "immediate"
        self.reshuffle = o["deck_exhaust"] in ("reshuffle_discards", "reshuffle_all")
        self.reshuffle_all = o["deck_exhaust"] == "reshuffle_all"
        self.rank_beyond = o["finish_rank_metric"] == "beyond_line"
        self.bonus_after_stop = bool(o["bonus_after_stop"])
        self.bonus_refuse = o["bonus_blocked"] == "refuse_if_blocked"
        self.end_first = o["end"] == "first_cross_round"
        self.turn_limit = o["turn_limit"]


class SnowTails(Game):
    """Snow Tails for 2-5 seats (ST-META-1)."""

    game_type = GAME_TYPE

    def check_options(self) -> None:
        try:
            self.track = load_track(self.options["track"])
        except (ValueError, OSError) as exc:
            raise OptionError(f"option 'track': {exc}", field="options.track") from None
        if len(self.track.slots) < self.num_players:
            raise OptionError(f"track {self.track.name} has {len(self.track.slots)} start slots, "
                              f"fewer than {self.num_players} seats", field="players")
        self.flags = Flags(self.options)

    def new_initial_state(self, setup: dict | None = None, record_events: bool = True):
        """The start of a race, or a position of your own (a *set-up*, e.g. to settle a dispute).

        ``setup`` is a mapping (a scenario's ``setup:`` block, or a dict in Python),
        validated with pydantic; every field but ``seats`` is optional::

            track: straight4          # optional: a track name / file, or an inline track dict
            stage: turn               # turn (default) or deal (sleds on their slots, hands dealt)
            round: 2                  # round number (1 = slot order, no bonus by default)
            turn_order: [1, 0]        # this round's order (default: slots in round 1, else position)
            turn: 0                   # index in turn_order of the seat to move now
            dents_left: 20            # only with dent_supply 20
            places: [[2]]             # seats already placed (finished earlier)
            seats:                    # one entry per seat
              - slot: 1               # start slot (optional)
                position: [0, 2]      # [row, lane] (row along the lane, lane 1 = leftmost)
                status: racing        # racing | crossed | finished | eliminated (the last two: no position)
                left: 3               # dog value (3 = the printed 3, no card) or a stack list [5, 2]
                right: [5]
                brake: 3
                hand: [2, 3, 3, 4, 5] # dog cards in hand
                damage: 0             # damage cards in hand
                deck: null            # default: the rest of the 20 cards; a list fixes it
                discard: []

        ``track`` may name a shipped track, ``straightW`` (a plain grid), a ``.yaml``
        file beside the scenario or save that names it, or be a whole track
        inline (format: docs/snow_tails_tracks.md). The state remembers the set-up
        (``state.initial_setup``, with a track file's content inline):
        ``save_game(state)`` writes it and the file replays to the same position.
        Worked examples: docs/setups.md.

        Raises:
            SetupError: an impossible position; ``field`` names the key
                (``seats.1.hand``, ``track.tiles.2.rows``).
        """
        return SnowTailsState(self, setup, record_events=record_events)


__all__ = ["SnowTails", "GAME_TYPE", "OPTIONS", "PARAMS", "MAX_GAME_LENGTH", "track_names"]
