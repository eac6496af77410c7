"""Aeroplane Chess (飞行棋): game type, presets and options.

Two presets (spec section 0): ``family`` (write-ups F1 + F2, 2-4 players) and
``tournament`` (write-up T, exactly four players in two sides, AC-TOUR-SETUP-1).
Every ambiguity of the spec (AC-AMB-nn) is an option with the spec's default;
an option whose default is ``"preset"`` takes its value from the preset table.
"""
from __future__ import annotations

from ...core.errors import MAX_PLIES, FileFormatError, OptionError
from ...core.game import Game, GameType, Option, Preset, turn_limit_option
from .actions import CHANCE_IDS, LETTERS, NUM_DISTINCT_ACTIONS, SEAT_NAMES, decision_ids
from .board import load_board
from .params import PARAMS, die_outcomes
from .setup import apply_setup
from .state import AeroplaneState

SOURCE = "/work/shared/rules/original/001_a7d271bc07f2af8c.txt"
MAX_GAME_LENGTH = MAX_PLIES
"""Plies. No rule bounds a game's length (captures send planes back, AC-FAM-CAPTURE-3,
AC-TOUR-CAPTURE-1); a playout that passes this many plies is stopped as a rules bug."""

__all__ = ["GAME_TYPE", "AeroplaneChess", "Rules", "PRESETS", "PRESET_VALUES", "OPTIONS",
           "SEAT_NAMES", "LETTERS", "SOURCE", "MAX_GAME_LENGTH", "PARAMS"]


def _board_check(value):
    if not isinstance(value, str):
        raise ValueError("a board is a name (standard52) or a path to a YAML board file")
    try:
        load_board(value)
    except FileFormatError as exc:
        raise ValueError(str(exc)) from None
    return value


PRESETS = (
    Preset(
        name="family",
        options={"launch_rolls": "none", "six_bonus": "none", "captured_to": "takeoff",
                 "jump_fly": "off"},
        min_players=2, max_players=4, default_players=4,
        source="篇一 + 篇二 (F1, F2) of original 001 [001:L1-29]; spec section 2.1 and the FAM "
               "column of section 2.4",
        doc="Family rules: start on the take-off point, any roll moves, capture on landing, "
            "bounce at the finish, no jumps or flights, first player to bring all planes home wins."),
    Preset(
        name="tournament",
        options={"launch_rolls": "5,6", "six_bonus": "chained_giftable", "captured_to": "base",
                 "jump_fly": "on"},
        min_players=4, max_players=4, default_players=4, seats_clause="AC-TOUR-SETUP-1",
        utility="team",
        source="篇三 (T) of original 001 [001:L30-58]; spec section 2.2 and the TOUR column of "
               "section 2.4",
        doc="Tournament rules: two sides (red+blue, yellow+green), launch on 5 or 6, chained sixes "
            "that may be given to the teammate, stacks, jumps and flights; a side wins."),
)

# the concrete value each preset gives an option whose value is "preset"
PRESET_VALUES = {p.name: dict(p.options) for p in PRESETS}

OPTIONS = (
    Option("board", "standard52", (), "Board file: standard52 or a path to a YAML board.",
           ("AC-AMB-01",), check=_board_check),
    Option("launch_rolls", "preset", ("preset", "none", "5,6", "only_6", "even"),
           "Rolls that let a plane leave the base (none: any roll; planes then start on the "
           "take-off point, otherwise in the base; only_6: the die's highest face).",
           ("AC-AMB-02", "AC-TOUR-LAUNCH-1", "AC-FAM-LAUNCH-1"), renamed=((6, "only_6"),)),
    Option("capture_mode", "land", ("land", "pass_and_land", "none"),
           "Family capture: on landing only, also when passing, or never.",
           ("AC-AMB-03", "AC-FAM-CAPTURE-1", "AC-FAM-CAPTURE-2", "AC-FAM-CAPTURE-3")),
    Option("tour_capture_mode", "land", ("land", "pass_and_land"),
           "Tournament capture: where a piece comes to rest, or also squares its die walk passes.",
           ("AC-AMB-04",)),
    Option("overshoot", "bounce", ("bounce", "exact_only"),
           "A roll past the finish walks back by the surplus, or is not allowed.",
           ("AC-AMB-05", "AC-BOTH-FINISH-1")),
    Option("optional_effects", False, (False, True),
           "May a player decline a single capture, a jump or a flight?", ("AC-AMB-06",)),
    Option("captured_to", "preset", ("preset", "takeoff", "base"),
           "Where a captured plane goes.", ("AC-AMB-07",)),
    Option("six_bonus", "preset", ("preset", "none", "one_per_six", "chained_giftable"),
           "Extra roll on a 6: none; every 6 earns one (so sixes chain); chained and giftable "
           "to the teammate.", ("AC-AMB-08", "AC-TOUR-SIX-1", "AC-TOUR-SIX-2")),
    Option("turn_direction", "cw", ("cw", "ccw"),
           "Family turn order: clockwise (red, yellow, blue, green) or counter-clockwise.",
           ("AC-AMB-09",)),
    Option("first_player", "random", ("random", "youngest", "red"),
           "Family first player: a chance draw, the youngest (seated as red by convention), "
           "or red.", ("AC-AMB-09",)),
    Option("bonus_roll_on_finish", False, (False, True),
           "Does bringing a plane home earn an extra roll?", ("AC-AMB-11",)),
    Option("seat_order", "R,G,B,Y", ("R,G,B,Y", "R,Y,B,G"),
           "Tournament turn order.", ("AC-AMB-12", "AC-TOUR-TURN-1")),
    Option("finished_player", "skip", ("skip", "roll_for_partner"),
           "A tournament player with every plane home: skips turns, or rolls for the teammate.",
           ("AC-AMB-14",)),
    Option("six_without_move_rerolls", True, (True, False),
           "Does a 6 with no legal move still earn the extra roll?", ("AC-AMB-15",)),
    Option("capture_on_fly_path", False, (False, True),
           "Capture on the dashed line (a house rule): a flight sends back a single enemy plane on "
           "the home-column square its dashed line crosses.", ("AC-AMB-17",)),
    Option("jump_fly", "preset", ("preset", "on", "off"),
           "Own-colour jumps and dashed-line flights.", ("AC-AMB-18",)),
    Option("play_for_places", False, (False, True),
           "Playing on for places (family game): keep playing after the first winner to rank "
           "everyone.", ("AC-AMB-22",)),
    Option("three_sixes_penalty", "off", ("off", "on"),
           "Three sixes in a row (a house rule; how many: parameter penalty_sixes): the last 6 of "
           "the run sends back the planes moved by the sixes before it and ends the turn.", ("AC-AMB-23",)),
    Option("launch_moves_steps", "none", ("none", "roll-1"),
           "After a launch, the plane stays on the take-off point (none) or moves on roll-1 squares.",
           ("AC-AMB-24",), renamed=((0, "none"),)),
    Option("max_jumps_per_move", "one", ("one", "unlimited"),
           "Plain jumps per move.", ("AC-AMB-25",), renamed=((1, "one"),)),
    Option("stack_blocks", False, (False, True),
           "Blocking stacks (a house rule): two or more pieces of one side on a square block enemy "
           "pieces from walking past.", ("AC-AMB-26",)),
    Option("teammate_overrun", "new_lap", ("new_lap", "refuse"),
           "A teammate's plane carried past its turn-off (tournament): a group may carry it on; "
           "the carried plane stays on the loop and goes round again, never put into its home "
           "column by the carry (new_lap), or such a group move is refused as a whole (refuse).",
           ("AC-AMB-27",)),
    turn_limit_option(),
)

GAME_TYPE = GameType(
    id="aeroplane_chess",
    long_name="Aeroplane Chess (飞行棋)",
    min_players=2, max_players=4, default_players=4,
    presets=PRESETS,
    options=OPTIONS,
    params=PARAMS,
    seat_names=SEAT_NAMES,
    package="racekit.games.aeroplane_chess",
    plot="racekit.games.aeroplane_chess.plot:draw",
    text="racekit.games.aeroplane_chess.text:TEMPLATES",
    prefix="AC",
    invariants="racekit.games.aeroplane_chess.invariants:INVARIANTS",
    num_distinct_actions=NUM_DISTINCT_ACTIONS,
    max_game_length=MAX_GAME_LENGTH,
    num_chance_outcomes=len(CHANCE_IDS),
    decision_ids=decision_ids,
    chance_ids=CHANCE_IDS,
)


class Rules:
    """The options and rule numbers (``p``, params.PARAMS) resolved into plain attributes for
    the hot path."""

    def __init__(self, preset: str, players: int, o: dict, p):
        pv = PRESET_VALUES[preset]

        def res(name):
            v = o[name]
            return pv[name] if v == "preset" else v

        self.board = load_board(o["board"])
        self.tour = preset == "tournament"
        self.n = players
        self.die = die_outcomes(p)                        # AC-FAM-TURN-1
        faces = [f for f, _ in self.die]
        self.bonus_face = p.bonus_face                    # AC-TOUR-SIX-1
        self.penalty_sixes = p.penalty_sixes              # AC-AMB-23
        launch = res("launch_rolls")
        top = max(faces)                                  # "only_6": the die's highest face
        self.launch = frozenset({"none": faces,                                   # AC-FAM-LAUNCH-1
                                 "5,6": [f for f in faces if f >= p.launch_from],  # AC-TOUR-LAUNCH-1
                                 "only_6": [top], "even": [f for f in faces if f % 2 == 0]}[launch])
        # AC-FAM-SETUP-1 / AC-TOUR-SETUP-2: a launch roll means the planes start in the base
        self.start = 0 if launch == "none" else -1
        self.capture = o["tour_capture_mode"] if self.tour else o["capture_mode"]
        self.exact_only = o["overshoot"] == "exact_only"
        self.optional = bool(o["optional_effects"])
        self.captured_to = 0 if res("captured_to") == "takeoff" else -1
        self.six = res("six_bonus")
        self.first = o["first_player"]
        self.finish_bonus = bool(o["bonus_roll_on_finish"])
        self.partner_rolls = self.tour and o["finished_player"] == "roll_for_partner"
        self.six_no_move = bool(o["six_without_move_rerolls"])
        self.fly_capture = bool(o["capture_on_fly_path"])
        self.jump_fly = res("jump_fly") == "on"
        self.places = bool(o["play_for_places"])
        self.penalty = o["three_sixes_penalty"] == "on"
        self.launch_steps = o["launch_moves_steps"] == "roll-1"
        self.max_jumps = 1 if o["max_jumps_per_move"] == "one" else 99
        self.turn_limit = o["turn_limit"]
        self.blocks = bool(o["stack_blocks"])
        self.new_lap = o["teammate_overrun"] == "new_lap"
        seats = list(range(players))
        if self.tour:
            self.order = [0, 3, 2, 1] if o["seat_order"] == "R,G,B,Y" else [0, 1, 2, 3]
            self.side = [s % 2 for s in seats]            # AC-TOUR-SETUP-1: red+blue, yellow+green
            self.mate = [(s + 2) % 4 for s in seats]
        else:
            self.order = seats if o["turn_direction"] == "cw" else [0] + seats[1:][::-1]
            self.side = seats                              # family: every player for themselves
            self.mate = [None] * players


class AeroplaneChess(Game):
    """Aeroplane Chess: 4 planes per player race round a 52-square loop to the finish."""

    game_type = GAME_TYPE

    def __init__(self, players=None, preset=None, params=None, **options):
        super().__init__(players=players, preset=preset, params=params, **options)
        self.rules = Rules(self.preset, self.num_players, self.options, self.params)

    def check_options(self) -> None:
        if self.preset == "tournament" and self.num_players != 4:
            raise OptionError("the tournament preset seats exactly 4 players (AC-TOUR-SETUP-1)",
                              field="players")

    def new_initial_state(self, setup: dict | None = None, record_events: bool = True):
        """The start of a game, or a position of your own (a *set-up*, e.g. to settle a dispute).

        ``setup`` is a mapping (a scenario's ``setup:`` block, or a dict in Python).
        Format (every field optional)::

            planes:                 # plane -> position
              R1: 10                # a path step: 0 take-off point, 1-50 loop, 51-55 home column, 56 finish
              R2: base              # or base | takeoff | finish | start (the preset's starting place)
              Y1: {square: 20}      # or a loop index (0-51), converted to that colour's path step
                                    # (tournament: a square between its turn-off and its entry
                                    # is a carried plane short of its entry, AC-AMB-27)
              B1: {home: 3}         # or a home-column square 1-5
            rest: start             # where unlisted planes are: start | base | takeoff | finish
            to_move: red            # seat (0-3) or colour of the next roller (default red)
            turn: red               # whose regular turn it is (default: to_move)
            phase: roll             # roll (next is a die roll) | move (die given, a plane to choose) | bonus
            die: 6                  # the roll, for phase move or bonus
            sixes: 0                # sixes already rolled in a row by the roller (three_sixes_penalty)
            moved_on_sixes: [R1]    # the planes those sixes moved: the run's last six sends them back

        A set-up never draws the family first player: ``to_move`` starts. The
        state remembers the set-up (``state.initial_setup``): ``save_game(state)``
        writes it and the file replays to the same position. Worked examples:
        docs/setups.md.

        Raises:
            SetupError: an unknown plane, an impossible position or an unplayable
                turn; ``field`` names the key (``planes.R1``).
        """
        state = AeroplaneState(self, record_events=record_events)
        if setup is not None:
            apply_setup(state, setup)
        return state
