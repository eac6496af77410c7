"""Wingsuit Flight (九张牌：翼装飞行): the game declaration.

Rules spec: the ``WS-...`` clauses of spec/wingsuit.md (draft v0.2). Every
ambiguity (WS-AMB-nn) with a real choice is an option below, the spec's default
first. The cards are the kit's own illustrative set (the printed cards are not
in the rules text); ``cardset`` loads another file in the same format.

Set-up for scenarios: see :mod:`racekit.games.wingsuit.setup`.
"""
from __future__ import annotations

from racekit.core.errors import MAX_PLIES, FileFormatError, OptionError
from racekit.core.game import Game, GameType, Option, Preset, turn_limit_option

from racekit.core.content import short

from . import actions as A
from . import setup as _setup_module
from .cards import check_cardset_option, load_cardset
from .params import PARAMS

SEAT_NAMES = ("Red", "Green", "Blue", "Yellow", "Purple")  # WS-AMB-02


def _whole(v, lo: int, hi: int, what: str) -> int:
    """A whole number ``lo``..``hi`` from an int or its ASCII digits; else ValueError naming ``what``."""
    text = v.strip() if isinstance(v, str) else None
    if isinstance(v, int) and not isinstance(v, bool):
        n = v
    elif text is not None and text.isascii() and text.isdigit() and len(text) <= 6:
        n = int(text)
    else:
        n = None
    if n is None or not lo <= n <= hi:
        raise ValueError(f"{what} is a whole number from {lo} to {hi}, not {short(v)}")
    return n


def _cubes(v):
    return _whole(v, 1, 99, "the number of cubes of each colour")


OPTIONS = (
    Option("cardset", "illustrative", (), "The nine cards: 'illustrative' is the kit's OWN made-up "
           "set (not the printed cards); or the path of a card-set file (wingsuit-cards/1).",
           ("WS-AMB-02", "WS-COMP-4"), check_cardset_option),
    Option("board_model", "flat_7x4", ("flat_7x4", "flat_from_file"),
           "Flat-top hexes, 7 columns x 4 hex heights per card; flat_from_file takes the grid "
           "from the card-set file.", ("WS-AMB-29",)),
    Option("interference_threshold", "auto", ("auto", "2_colours", "3_colours"),
           "Colours that make a cell move in Interference: auto = 2 for up to 3 players, 3 for 4-5.",
           ("WS-AMB-01", "WS-VAR-45P-1"), renamed=((2, "2_colours"), (3, "3_colours"))),
    Option("max_players", 5, (5, 4), "Largest table: 5 (the variant's 4-5) or 4 (the intro's 2-4).",
           ("WS-AMB-01", "WS-GEN-1")),
    Option("cubes_per_color", 5, (), "Cubes of each colour in the bag.", ("WS-AMB-02",), _cubes),
    Option("unknown_icon", "error", ("error", "ignore"),
           "An unknown icon in a card file: an error, or a warning and no effect.", ("WS-AMB-03",)),
    Option("item_effects", "per_card_data", ("per_card_data", "per_color_builtin"),
           "Item effects from each card's data, or fixed by colour (red steal, blue gift, yellow "
           "free sprint: the yellow one is the kit's own rule).", ("WS-AMB-04",)),
    Option("distance", "vertical", ("vertical", "hex_path"),
           "Distance to the finish: half-hex heights below the top edge, or the fewest steps out.",
           ("WS-AMB-06", "WS-AMB-23")),
    Option("order_mode", "snapshot", ("snapshot", "dynamic"),
           "Action order fixed when the phase starts, or re-sorted after each action (ties keep "
           "the snapshot order).", ("WS-AMB-07",)),
    Option("distinct_scope", "all", ("all", "per_group"),
           "Whether all three action dice show different values, or only within each hand.",
           ("WS-AMB-09", "WS-PLAN-3")),
    Option("sprint_window", "between_icons", ("between_icons", "between_dice", "also_after_last_die"),
           "When sprints may be made: also between two icons of a cell; only between dice; or also "
           "once the last die is back.", ("WS-AMB-10",)),
    Option("updraft_before_height", True, (True, False),
           "An updraft lifts before the height and collision checks of the same step.",
           ("WS-AMB-12",)),
    Option("crash_place_safety", "safe_first", ("safe_first", "any"),
           "Crash placement prefers hexes that are not too high for the new altitude.",
           ("WS-AMB-14",)),
    Option("victim_loses_dice", True, (True, False),
           "A character crashed by someone else also loses its dice (and its action).",
           ("WS-AMB-15",)),
    Option("discard_cubes_to", "bag", ("bag", "out_of_game"),
           "Where a crashed player's cubes go.", ("WS-AMB-16",)),
    Option("item_window", "with_sprints", ("with_sprints", "between_dice", "also_after_last_die"),
           "When items may be used (the sprint windows by default).", ("WS-AMB-17",)),
    Option("blue_free_sprints", "optional", ("optional", "mandatory"),
           "Whether the blue user's free sprints (blue_sprints) may be declined.", ("WS-AMB-19",)),
    Option("brave_identity", "current_cell", ("current_cell", "planned_hand"),
           "Which dice count as Brave for the blue item: where they stand now, or how they were "
           "planned.", ("WS-AMB-19",)),
    Option("queue_order", "random", ("random", "fixed_RYB", "chooser"),
           "Colour order of the first queue.", ("WS-AMB-20",)),
    Option("cover_mode", "visible_two", ("visible_two", "physical_two"),
           "What 'covers two cards' means: two different visible cards, or any two in the stack.",
           ("WS-AMB-21", "WS-CLEANUP-3")),
    Option("cost_visible", "any_row", ("any_row", "specific_row"),
           "An item cost is usable while any row of its card shows, or only its cost row "
           "(specific_row needs a card-set file that gives each card its cost_row).",
           ("WS-AMB-21",)),
    Option("cleanup_updraft_step", "after_cover", ("after_cover", "before_cover"),
           "Whether the Cleanup updraft comes after or before laying the bottom card.",
           ("WS-AMB-22",)),
    Option("nonexit_scoring", "ineligible", ("ineligible", "altitude_only"),
           "Players who did not exit rank below all who did, or score their altitude.",
           ("WS-AMB-24",)),
    Option("count_conditional_arrows", True, (True, False),
           "Whether arrows inside IF icons count as unresolved arrows at the end.", ("WS-AMB-24",)),
    Option("start_sharing", "forbidden", ("forbidden", "allowed_no_collision"),
           "Whether two characters may start on one start cell.", ("WS-AMB-25",)),
    Option("two_player_neutral", "on", ("on", "off"),
           "The 2-player neutral dice.", ("WS-AMB-26", "WS-VAR-2P-1")),
    Option("rear_sprint_dirs", "sides", ("sides", "forward_sides"),
           "Directions of the 4-5 player start sprint: NW, SW, NE, SE or only NW, NE.",
           ("WS-AMB-27", "WS-VAR-45P-2")),
    Option("boundary_merge", "max", ("max", "upper_half"),
           "Terrain of a hex shared by two cards: the higher half, or the upper card's half.",
           ("WS-AMB-30",)),
    Option("boundary_card_for_cleanup", "lower", ("lower", "upper"),
           "For the Cleanup check, a character on a shared hex counts on the lower card.",
           ("WS-AMB-30",)),
    Option("cleanup_cards", "one", ("one", "repeat"),
           "At most one card leaves the track per Cleanup, or every empty bottom card in turn.",
           ("WS-AMB-31",)),
    Option("cover_fallback", "set_aside", ("set_aside", "ignore_colour_rule"),
           "When no placement is legal: set the card aside, or drop the colour rule.",
           ("WS-AMB-32",)),
    Option("cleanup_updraft", "automatic", ("automatic", "optional"),
           "Whether the Cleanup updraft is automatic or each owner's choice.", ("WS-AMB-33",)),
    turn_limit_option(("WS-AMB-34",)),
)

# No rule bounds a game (a character may hover for ever; turn_limit is 0, none, by default and
# may be set up to 10,000 rounds), so the longest game is the engine's guard.
GAME_TYPE = GameType(
    id="wingsuit",
    long_name="Wingsuit Flight (九张牌：翼装飞行)",
    min_players=2,
    max_players=5,
    default_players=3,
    presets=(Preset(name="standard", options={}, seats_clause="WS-GEN-1, WS-AMB-01",
                    source="Nine Cards: Wingsuit Flight public beta rules (Chinese), spec v0.2 "
                           "defaults; cards: the kit's illustrative set",
                    doc="The spec's defaults for every ambiguity."),),
    options=OPTIONS,
    params=PARAMS,
    seat_names=SEAT_NAMES,
    package="racekit.games.wingsuit",
    plot="racekit.games.wingsuit.plot:draw",
    controls="racekit.games.wingsuit.controls:make",
    agents=(("careful", "racekit.games.wingsuit.agents:CarefulAgent"),),
    text="racekit.games.wingsuit.text:TEMPLATES",
    prefix="WS",
    invariants="racekit.games.wingsuit.invariants:INVARIANTS",
    num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
    max_game_length=MAX_PLIES,
    max_legal_actions=A.MAX_LEGAL_ACTIONS,
    num_chance_outcomes=len(A.CHANCE_IDS),
    decision_ids=A.decision_ids,
    chance_ids=A.CHANCE_IDS,
    renamed_options=(("max_rounds", "turn_limit"),),
    hidden_information=True,
)


class Flags:
    """Option values as plain attributes, read in the hot path."""

    def __init__(self, o: dict):
        t = o["interference_threshold"]
        self._th = t
        self.per_group = o["distinct_scope"] == "per_group"
        self.sprint_window = o["sprint_window"]
        self.item_window = o["item_window"]
        self.updraft_before_height = bool(o["updraft_before_height"])
        self.safe_first = o["crash_place_safety"] == "safe_first"
        self.victim_loses_dice = bool(o["victim_loses_dice"])
        self.discard_to_bag = o["discard_cubes_to"] == "bag"
        self.blue_mandatory = o["blue_free_sprints"] == "mandatory"
        self.planned_identity = o["brave_identity"] == "planned_hand"
        self.queue_order = o["queue_order"]
        self.cover_mode = o["cover_mode"]
        self.specific_row = o["cost_visible"] == "specific_row"
        self.updraft_first = o["cleanup_updraft_step"] == "before_cover"
        self.nonexit_altitude = o["nonexit_scoring"] == "altitude_only"
        self.count_conditional = bool(o["count_conditional_arrows"])
        self.start_sharing = o["start_sharing"] == "allowed_no_collision"
        self.neutral = o["two_player_neutral"] == "on"
        self.rear_forward = o["rear_sprint_dirs"] == "forward_sides"
        self.boundary_merge = o["boundary_merge"]
        self.boundary_lower = o["boundary_card_for_cleanup"] == "lower"
        self.cleanup_repeat = o["cleanup_cards"] == "repeat"
        self.cover_fallback_colour = o["cover_fallback"] == "ignore_colour_rule"
        self.cleanup_optional = o["cleanup_updraft"] == "optional"
        self.max_rounds = o["turn_limit"]   # 0: no cap
        self.distance = o["distance"]
        self.dynamic = o["order_mode"] == "dynamic"
        self.builtin_effects = o["item_effects"] == "per_color_builtin"

    def threshold(self, n: int) -> int:
        if self._th == "auto":
            return 2 if n <= 3 else 3
        return int(self._th[0])   # "2_colours" -> 2


class Wingsuit(Game):
    """Wingsuit Flight for 2-5 seats (WS-GEN-1, WS-AMB-01)."""

    game_type = GAME_TYPE

    def check_options(self) -> None:
        o = self.options
        if self.num_players > o["max_players"]:
            raise OptionError(f"max_players is {o['max_players']}: {self.num_players} seats are too "
                              "many (WS-AMB-01)")
        if o["cost_visible"] == "specific_row" and o["cardset"] == "illustrative":
            raise OptionError("option 'cost_visible': specific_row needs a card set that gives each "
                              "card's item cost its row (cost_row: 0 or 1); the kit's illustrative "
                              "set gives none: enter the cards with -o cardset=FILE "
                              "(docs/wingsuit_cards.md) (WS-AMB-21)", field="options.cost_visible")
        try:
            self.cardset = load_cardset(o["cardset"], o["unknown_icon"], o["cost_visible"],
                                        o["board_model"])
        except FileFormatError as exc:
            raise OptionError(f"option 'cardset': {exc}") from None
        self.cubes_per_color = o["cubes_per_color"]
        self.flags = Flags(o)
        if self.flags.max_rounds == 0:
            self.flags.max_rounds = 10 ** 9

    def new_initial_state(self, setup: dict | None = None, record_events: bool = True):
        from .state import WingsuitState
        return WingsuitState(self, setup, record_events=record_events)

    new_initial_state.__doc__ = (
        "The start of a game (the deal), or a position of your own (a *set-up*, e.g. to settle a\n"
        "dispute): ``setup`` is a mapping (a scenario's ``setup:`` block, or a dict in Python).\n"
        "Errors are ``SetupError`` naming the field; docs/setups.md has a worked example.\n\n"
        + _setup_module.__doc__[_setup_module.__doc__.index("Scenario set-up"):])


__all__ = ["Wingsuit", "GAME_TYPE", "OPTIONS"]
