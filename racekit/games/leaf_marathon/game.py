"""Leaf Marathon (落葉長跑): the game declaration.

Rules spec: the ``LM-...`` clauses of the Leaf Marathon specification; every ambiguity
(LM-AMB-nn) with a real choice is an option below, default first (spec section 5). Content
(maps, roster, deck) is data: see docs/leaf_marathon_content.md. Everything shipped is
ILLUSTRATIVE (our maps and deck, the public demo's roster), not the printed game.

Set-up for scenarios (``new_initial_state(setup=...)``, errors are
``SetupError(message, field=...)``)::

    leg: 1                    # which leg of the map (1-based)
    terrain: [start, leaf, forest, ..., finish]   # optional: replaces the leg's squares
    round: 2                  # round number (default 2)
    start: turn               # turn | window | movement | round | round_end
    order: [0, 1]             # this round's play order (default: by position)
    turn: 0                   # index in order of the play turn (or window) to start at
    previous_event: 5         # the event Rewind would repeat
    magic_bind: 0             # Magic Bind level
    roadblocks: [8]
    pile: {action: 3}         # draw pile counts (default: the rest of the deck)
    discard: {action: 12}
    places: [[1]]             # finish places already given on this leg (default: from the
                              # finished seats' place, equal places sharing one)
    seats:
      - character: test_pony  # roster id or the fixture test_pony (default)
        pos: 10               # the square (also written position, as checks read it)
        stamina: 9            # default: max
        hand: [action, weapon, Free Forced Rest]
        armor: true
        elements: [A]         # element-card buffs ('-' = a card played only to lift a bind)
        friendship: [C]       # Friendship Forever buffs
        faint: 0              # 1 fainted, 2 sitting out, 3 waiting for full
        finished: false       # a finished pony waits on the finish (pos defaults to it)
        acts: 0               # action cards played this round
        bear_next / bear_double / bear_skip / held / stopped / rainboom / did_2for3 / did_shed
"""
from __future__ import annotations

from racekit.core.content import short
from racekit.core.errors import MAX_PLIES, FileFormatError, OptionError
from racekit.core.game import Game, GameType, Option, Preset, turn_limit_option

from . import actions as A
from . import cards as C
from .content import CARD_TYPES, SPECIALS, checker, load_deck, load_map, load_roster
from .params import PARAMS

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")


def _rounds(value):
    """The engine's round cap: a whole number 1..100000, from an int or its ASCII digits."""
    text = value.strip() if isinstance(value, str) else None
    if isinstance(value, int) and not isinstance(value, bool):
        v = value
    elif text is not None and text.isascii() and text.isdigit() and len(text) <= 7:
        v = int(text)
    else:
        v = None
    if v is None or not 1 <= v <= 100000:
        raise ValueError(f"a round cap is a whole number from 1 to 100000, not {short(value)}")
    return v


OPTIONS = (
    Option("map", "lm_teaching_3leg", ("lm_teaching_3leg", "lm_test_1leg"),
           "The course (illustrative maps of ours, not the printed one) or a map file path.",
           ("LM-AMB-01", "LM-DATA-3", "LM-DATA-5"), checker("maps", load_map)),
    Option("deck", "placeholder64", ("placeholder64",),
           "The deck: our illustrative 64-card placeholder, or a deck file path.",
           ("LM-AMB-02", "LM-DATA-2", "LM-DATA-7"), checker("decks", load_deck)),
    Option("characters", "demo_base20", ("demo_base20",),
           "The roster: the public demo's 20 base characters, or a roster file path.",
           ("LM-AMB-03", "LM-DATA-1", "LM-DATA-6"), checker("rosters", load_roster)),
    Option("action_bonus_scope", "round", ("round", "leg"),
           "How long an action card's +1 lasts: this round's movement, or the whole leg.",
           ("LM-AMB-04",)),
    Option("stamina_per_square", 1, (1, 0),
           "Stamina paid for each square entered in ordinary movement: 1 is the kit's inference "
           "from events 6 and 10, which waive a stamina loss beyond forest; 0 is the letter of the "
           "text, which charges only forest (forest: see forest_stamina).",
           ("LM-AMB-05",)),
    Option("forest_stamina", "replace", ("replace", "add"),
           "A forest square costs 2 instead of the ordinary cost, or 2 on top of it.", ("LM-AMB-05",)),
    Option("move_model", "lockstep", ("lockstep", "sequential_in_play_order"),
           "Simultaneous movement as lockstep ticks, or each pony's whole move in play order.",
           ("LM-AMB-06",)),
    Option("forest_cost", "per_square", ("per_square", "per_move"),
           "Forest rate for every forest square entered, or only the first of a move.", ("LM-AMB-07",)),
    Option("sand_draws", True, (True, False),
           "Whether a sand slide's extra square draws a card.", ("LM-AMB-08",)),
    Option("sand_chain", True, (True, False),
           "Whether a slide onto sand slides again.", ("LM-AMB-08",)),
    Option("get_over_here", "exact5", ("exact5", "within5"),
           "Get Over Here pulls a player at distance exactly 5, or 1 to 5.", ("LM-AMB-10",)),
    Option("action_as_trigger", False, (False, True),
           "Whether an action card may be played to roll the d20.", ("LM-AMB-11",)),
    Option("anytime_window", "play_and_premove", ("play_and_premove", "play_only"),
           "Any-time cards also in windows after each play turn (the last is the pre-move window), "
           "or only in the holder's own play turn.", ("LM-AMB-12", "LM-SPECIAL-1")),
    Option("effect_cards", "base_effect_tools", ("base_effect_tools", "triggers_and_elements"),
           "What Magic Bind's 'effect cards' are: the base game's effect tools, or also trigger "
           "and unplayed element cards.", ("LM-AMB-13",)),
    Option("excess_unit", "weight", ("weight", "cards"),
           "Movement penalty per weight unit above the limit, or per card.", ("LM-AMB-14",)),
    Option("armor_weight_in_hand", 0, (0, 1),
           "Weight of an armor card held in hand when the deck gives armor none: 0 or 1 (equipped "
           "armor weighs nothing; a weight doubles under Magic Bind).", ("LM-AMB-15", "LM-AMB-25")),
    Option("armor_blocks", "forest", ("forest", "any_stamina_loss", "stamina_loss_and_weapons"),
           "What equipped armor cancels: one forest loss; any stamina loss; or also a weapon gift.",
           ("LM-AMB-16",)),
    Option("buff_a_heals", False, (False, True),
           "Whether buff A also raises current stamina by 1.", ("LM-AMB-17",)),
    Option("tie_points", "share_skip", ("share_skip", "share_dense", "split"),
           "Points of a shared place: all get it and the next is skipped (3,3,1); not skipped "
           "(3,3,2); or split.", ("LM-AMB-19",)),
    Option("finished_targetable", False, (False, True),
           "Whether finished players can still be targeted.", ("LM-AMB-20",)),
    Option("finished_regen", True, (True, False),
           "Whether buff C still heals finished players.", ("LM-AMB-20",)),
    Option("final_tiebreak", "share", ("share", "last_leg_rank", "stamina"),
           "Equal totals at the end: shared victory, or the better last-leg place, or more stamina.",
           ("LM-AMB-21",)),
    Option("friendship_counts_in_keep", False, (False, True),
           "Whether Friendship buffs count toward the one buff kept at a leg change.", ("LM-AMB-22",)),
    Option("bind_lift", "per_player", ("per_player", "global"),
           "A new element card lifts Physical Bind for its player, or for everyone.", ("LM-AMB-24",)),
    Option("magic_bind_scope", "game", ("game", "held_now", "leg"),
           "Magic Bind doubles weights for the rest of the game, only for cards held now, or for "
           "the rest of the leg.", ("LM-AMB-25",)),
    Option("magic_bind_stack", "idempotent", ("idempotent", "multiply"),
           "A second Magic Bind does nothing more, or doubles again.", ("LM-AMB-25",)),
    Option("rewind_order", "event_then_terrain", ("event_then_terrain", "terrain_then_event"),
           "What Rewind does first: repeat the event, or turn leaf into forest.", ("LM-AMB-26",)),
    Option("stop_applies", "current_if_before_move", ("current_if_before_move", "next_round"),
           "Stumble and Free Forced Rest stop this round's move (turn ends), or the next round.",
           ("LM-AMB-27",)),
    Option("bear_double", "movement", ("movement", "all"),
           "Bear doubles only the movement bonus of action cards, or also 2-for-3's draw.",
           ("LM-AMB-28",)),
    Option("resin_hold", "immediate", ("immediate", "keep_as_special"),
           "Resin Ball is thrown when event 9 resolves, or kept as an any-time special card.",
           ("LM-AMB-29",)),
    Option("travel_light_unit", "weight", ("weight", "cards"),
           "Travel Light advances by the weight discarded, or by the number of cards.", ("LM-AMB-30",)),
    Option("attraction_die", "d6", ("d6", "d20"),
           "The die of Mutual Attraction.", ("LM-AMB-31",)),
    Option("release_to", "nearest_behind", ("nearest_behind", "any_behind"),
           "Release goes to the nearest player behind, or to anyone behind.", ("LM-AMB-32",)),
    Option("roadblock_pay", "after_entering", ("after_entering", "before_entering"),
           "A roadblock is paid after entering its square, or from the square before.", ("LM-AMB-34",)),
    Option("teleport_triggers_terrain", False, (False, True),
           "Whether pulls and swaps trigger the forest of the square reached.", ("LM-AMB-36",)),
    Option("draft", "simultaneous", ("simultaneous", "sequential"),
           "Character draft: all dealt 3 at once and keep 1 secretly, or one after another.",
           ("LM-AMB-37", "LM-SETUP-3")),
    Option("leg_faint", "clear", ("clear", "carry"),
           "A faint ends at the leg change, or carries into the next leg.", ("LM-AMB-38",)),
    Option("draw_basis", "squares_moved", ("squares_moved", "movement_total"),
           "Draw one card per square actually moved, or per point of the movement total.",
           ("LM-AMB-39",)),
    Option("butterfingers_pick", "owner", ("owner", "random"),
           "Who picks the Butterfingers discards: the player, or they are picked blind.", ("LM-AMB-40",)),
    Option("received_mark", "card", ("card", "holder"),
           "A received weapon's mark stays on the card, or clears when it changes hands.",
           ("LM-AMB-42",)),
    Option("resin_self", True, (True, False),
           "Whether Resin Ball may hold its own player.", ("LM-AMB-44",)),
    Option("resin_blocks_teleport", False, (False, True),
           "Whether a player held by Resin Ball can no longer be pulled.", ("LM-AMB-44",)),
    Option("element_buff", "choose", ("choose",),
           "The buff of an element card: chosen freely (the spec's other reading, a buff fixed by "
           "each card, needs a deck column and is not built yet).", ("LM-AMB-45",),
           unbuilt=("by_card",)),
    Option("ffr_penalty", "per_card", ("per_card", "once"),
           "Free Forced Rest finish penalty per copy held, or once.", ("LM-AMB-46",)),
    Option("swamp_simultaneous", "tick", ("tick", "movement_step"),
           "Players stopped by a fresh swamp: those entering in the same tick, or all in the step.",
           ("LM-AMB-49",)),
    Option("trigger_discard", "play_only", ("play_only", "any_use"),
           "How a held trigger card may leave the hand: only by being played or by an effect its "
           "holder does not choose, or also as a non-action card for shedding, 2-for-3, Barter, "
           "Travel Light and the other discards.", ("LM-AMB-50", "LM-TRIGGER-1")),
    Option("bear_after_faint", "lost", ("lost", "on_return"),
           "What a faint does to a pending Bear: it cancels the refill and the doubling, or keeps "
           "them for the pony's return (back at full, doubled in its first round back).", ("LM-AMB-51",)),
    Option("max_rounds", 200, (),
           "Engine guard (ours, not a rule): the game ends after this many rounds.", (),
           _rounds),
    turn_limit_option(high=100000),
)


# No rule bounds a game; the max_rounds guard (200 by default) may be set up to 100,000
# rounds, past the engine's ply guard, so the longest game is that guard.
GAME_TYPE = GameType(
    id="leaf_marathon",
    long_name="Leaf Marathon (落葉長跑)",
    min_players=2,
    max_players=6,
    default_players=4,
    presets=(Preset(name="standard", options={},
                    source="Leaf Marathon spec v0.2 defaults (illustrative maps, roster and deck)",
                    doc="The spec's default for every ambiguity."),),
    options=OPTIONS,
    params=PARAMS,
    seat_names=SEAT_NAMES,
    package="racekit.games.leaf_marathon",
    plot="racekit.games.leaf_marathon.plot:draw",
    controls="racekit.games.leaf_marathon.controls:make",
    agents=(("careful", "racekit.games.leaf_marathon.agents:CarefulAgent"),),
    text="racekit.games.leaf_marathon.text:TEMPLATES",
    prefix="LM",
    invariants="racekit.games.leaf_marathon.invariants:INVARIANTS",
    # every hand weight (Magic Bind) and how far each weight is over its limit (the movement
    # totals): the referee's knowledge, hidden from the other seats (LM-AMB-43)
    secret_event_data=(("magic_bind", "weights"), ("movement_totals", "excess")),
    num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
    max_game_length=MAX_PLIES,
    # max_legal_actions: not declared (no hand limit, LM-WEIGHT-5; see actions.py)
    num_chance_outcomes=len(A.CHANCE_IDS),
    decision_ids=A.decision_ids,
    chance_ids=A.CHANCE_IDS,
    hidden_information=True,
)


_SETUP_DOC = __doc__[__doc__.index("Set-up for scenarios"):]


class Flags:
    """Option values as plain attributes, read in the hot path."""

    def __init__(self, o: dict):
        self.bonus_leg = o["action_bonus_scope"] == "leg"
        self.move_sequential = o["move_model"] == "sequential_in_play_order"
        self.resin_keep = o["resin_hold"] == "keep_as_special"
        self.per_square = int(o["stamina_per_square"])
        self.forest_replace = o["forest_stamina"] == "replace"
        self.forest_per_move = o["forest_cost"] == "per_move"
        self.sand_draws = bool(o["sand_draws"])
        self.sand_chain = bool(o["sand_chain"])
        self.goh_within5 = o["get_over_here"] == "within5"
        self.action_as_trigger = bool(o["action_as_trigger"])
        self.anytime_window = o["anytime_window"] == "play_and_premove"
        self.excess_cards = o["excess_unit"] == "cards"
        self.armor_blocks = o["armor_blocks"]
        self.buff_a_heals = bool(o["buff_a_heals"])
        self.tie_points = o["tie_points"]
        self.finished_targetable = bool(o["finished_targetable"])
        self.finished_regen = bool(o["finished_regen"])
        self.final_tiebreak = o["final_tiebreak"]
        self.friendship_counts = bool(o["friendship_counts_in_keep"])
        self.bind_global = o["bind_lift"] == "global"
        self.mb_held_now = o["magic_bind_scope"] == "held_now"
        self.mb_scope_leg = o["magic_bind_scope"] == "leg"
        self.mb_multiply = o["magic_bind_stack"] == "multiply"
        self.rewind_terrain_first = o["rewind_order"] == "terrain_then_event"
        self.stop_next_round = o["stop_applies"] == "next_round"
        self.bear_all = o["bear_double"] == "all"
        self.bear_on_return = o["bear_after_faint"] == "on_return"
        self.trigger_any_use = o["trigger_discard"] == "any_use"
        self.travel_cards = o["travel_light_unit"] == "cards"
        self.attraction_d20 = o["attraction_die"] == "d20"
        self.release_any = o["release_to"] == "any_behind"
        self.roadblock_before = o["roadblock_pay"] == "before_entering"
        self.teleport_terrain = bool(o["teleport_triggers_terrain"])
        self.draft_sequential = o["draft"] == "sequential"
        self.leg_faint_carry = o["leg_faint"] == "carry"
        self.draw_total = o["draw_basis"] == "movement_total"
        self.butterfingers_random = o["butterfingers_pick"] == "random"
        self.received_holder = o["received_mark"] == "holder"
        self.resin_self = bool(o["resin_self"])
        self.resin_blocks_teleport = bool(o["resin_blocks_teleport"])
        self.ffr_penalty_once = o["ffr_penalty"] == "once"
        self.swamp_step = o["swamp_simultaneous"] == "movement_step"
        # the engine's guard (max_rounds) and the turn limit end a game the same way
        self.max_rounds = min(int(o["max_rounds"]), o["turn_limit"] or int(o["max_rounds"]))


class LeafMarathon(Game):
    """Leaf Marathon for 2-6 seats (LM-AMB-37)."""

    game_type = GAME_TYPE

    def check_options(self) -> None:
        try:
            gmap = load_map(self.options["map"])
            roster = load_roster(self.options["characters"])
            deck = load_deck(self.options["deck"])
        except ValueError as exc:   # FileFormatError, or a reference that may not be read
            raise OptionError(str(exc)) from None
        self.legs = tuple(tuple(leg) for leg in gmap.legs)
        self.roster = tuple(roster.characters)
        self.roster_all = tuple(roster.characters) + tuple(roster.fixtures)
        deal = self.params.draft_deal   # LM-SETUP-3
        if self.num_players * deal > len(self.roster):
            raise OptionError(f"the roster has {len(self.roster)} characters, fewer than {deal} per "
                              f"seat (draft_deal, LM-SETUP-3)")
        rows = {r.type: r for r in deck.cards}
        self.deck_counts = tuple(rows[t].count for t in CARD_TYPES)
        base = [rows[t].weight for t in CARD_TYPES]
        bound = [rows[t].bound_weight for t in CARD_TYPES]
        base[C.ARMOR], bound[C.ARMOR] = self._armor_weights(rows["armor"])
        self.base_weight = tuple(base)
        self.bound_weight = tuple(bound)
        doubles = [b != w for w, b in zip(base, bound)]
        if self.options["effect_cards"] == "triggers_and_elements":
            doubles[C.TRIGGER] = doubles[C.ELEMENT] = True
            self.bound_weight = tuple(2 * w if i in (C.TRIGGER, C.ELEMENT) else w
                                      for i, w in enumerate(self.bound_weight))
        self.doubles = tuple(doubles)
        spec = {sp.id: sp for sp in deck.specials}
        self.special_weight = (0,) + tuple(spec[k].weight for k in SPECIALS)
        self.heal = rows["recovery"].heal or 3
        self.flags = Flags(self.options)
        self.weight_tables: dict = {}   # card weights per Magic Bind level, filled on use

    def _armor_weights(self, row) -> tuple[int, int]:
        """``(weight in hand, weight under Magic Bind)`` of an armor card (LM-ARMOR-3,
        LM-AMB-15, LM-AMB-25): the deck file's own weights when it gives armor a weight, else
        ``armor_weight_in_hand`` (0 by default), doubled under Magic Bind (0 stays 0; the deck's
        ``bound_weight`` when it gives one). A deck and option that disagree are refused, so that
        no weight the user wrote is silently ignored.

        Raises:
            OptionError: the deck gives armor a weight other than ``armor_weight_in_hand = 1``,
                or a Magic Bind weight for an armor card that weighs nothing.
        """
        opt = int(self.options["armor_weight_in_hand"])
        deck = self.options["deck"]
        if row.weight:
            if opt and row.weight != opt:
                raise OptionError(
                    f"deck {short(deck)}: its armor row gives armor a weight of its own, which "
                    "disagrees with armor_weight_in_hand = 1; drop that option to use the deck's "
                    "weight, or give armor weight 1 in the deck (LM-AMB-15, LM-AMB-25)",
                    field="options.armor_weight_in_hand")
            return row.weight, row.bound_weight
        if row.bound_weight and not opt:
            raise OptionError(
                f"deck {short(deck)}: its armor row has weight 0 but a bound_weight above 0; a card "
                "of weight 0 stays 0 under Magic Bind (LM-AMB-25): give armor a weight, set "
                "armor_weight_in_hand = 1, or set bound_weight 0", field="options.deck")
        return opt, row.bound_weight or 2 * opt

    def new_initial_state(self, setup: dict | None = None, record_events: bool = True):
        from .state import LeafMarathonState
        return LeafMarathonState(self, setup, record_events=record_events)

    new_initial_state.__doc__ = (
        "The start of a race (order roll and draft), or a position of your own (a *set-up*, e.g.\n"
        "to settle a dispute). docs/setups.md has a worked example.\n\n"
        + _SETUP_DOC)


__all__ = ["LeafMarathon", "GAME_TYPE", "OPTIONS", "PARAMS"]
