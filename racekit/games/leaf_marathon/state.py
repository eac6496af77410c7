"""The Leaf Marathon state: data, the OpenSpiel-style hooks, views and text.

Rules live in phase modules (``setup``, ``order``, ``turn``, ``d20``, ``move``, ``finish``,
``legs``) and the round flow in ``flow``; this class holds plain per-seat lists and asks.

Hidden information (LM-AMB-43): hands are secret. ``snapshot(seat)`` shows only that seat's
hand (others: size only) and hides other seats' hand weights;
``snapshot()`` with no seat is the public view (no hand, no hand weight), and only
``snapshot(full=True)`` is the referee's view (everything: scenario checks, a host). Card draws, blind picks, card selections and the draft are private to
their seat in ``history_for``; event texts never name a drawn or taken card.
"""
from __future__ import annotations

from racekit.core.errors import IllegalActionError
from racekit.core.state import CHANCE, TERMINAL, State

from . import actions as A
from . import cards as C
from . import finish, flow, setup, turn
from . import stats as S
from .d20 import NAMES as D20_NAMES
from .text import PHASES

_SEAT_LISTS = ("pos", "stamina", "char", "pmax", "pmove", "armor", "bound", "faint", "returning",
               "finished", "fin_place", "acts", "did23", "did_shed", "bear_next", "bear_double",
               "bear_skip", "held", "stopped", "stop_next", "stop_skip", "rainboom", "exchanged",
               "kept", "orolls")
_NESTED = ("hand", "elements", "fbuffs", "leg_points", "dealt")


class LeafMarathonState(State):
    """A position of Leaf Marathon (per-player and game state of LM-DATA-4).
    Build it with ``game.new_initial_state()``."""

    check_aliases = {"pos": "position"}   # a set-up writes pos (or position), the snapshot position

    def __init__(self, game, setup_data=None, record_events=True):
        super().__init__(game, record_events=record_events)
        n = self.n = game.num_players
        self.o = game.flags
        self.p = game.params   # the rule numbers (params.PARAMS)
        self.legs = game.legs
        self.roster = game.roster
        self.roster_all = game.roster_all
        self.deck_counts = game.deck_counts
        self.base_weight = game.base_weight
        self.bound_weight = game.bound_weight
        self.doubles = game.doubles
        self.special_weight = game.special_weight + (0,)
        self.weight_tables = game.weight_tables   # per Magic Bind level (cards.weight_table)
        self.heal = game.heal
        self.leg = 0
        self.terrain = list(self.legs[0])
        self.roadblocks: set = set()
        self.round = 1
        self.rounds_played = 0
        self.order: list[int] = []
        self.ogroups: list[list[int]] = []
        self.oclause = "LM-SETUP-1"
        self.order_ready = False
        self.prev_event = None
        self.mb_level = 0
        self.places: list[list[int]] = []
        self.pile = list(self.deck_counts)
        self.discard = [0] * 7
        self.limbo: list[int] = []
        self.pos = [0] * n
        self.stamina = [0] * n
        self.char = [-1] * n
        self.pmax = [0] * n
        self.pmove = [0] * n
        self.armor = [-1] * n
        self.bound = [False] * n
        self.faint = [0] * n
        self.returning = [False] * n
        self.finished = [False] * n
        self.fin_place = [0] * n
        self.acts = [0] * n
        for name in ("did23", "did_shed", "bear_next", "bear_double", "bear_skip", "held", "stopped",
                     "stop_next", "stop_skip", "rainboom", "exchanged"):
            setattr(self, name, [False] * n)
        self.kept = [-1] * n
        self.orolls = [0] * n
        self.hand = [[] for _ in range(n)]
        self.elements = [[] for _ in range(n)]
        self.fbuffs = [[] for _ in range(n)]
        self.leg_points = [[0] * len(self.legs) for _ in range(n)]
        self.dealt = [[] for _ in range(n)]
        self.turn_over = False
        self.turn_seat = -1
        self.win_passed: list[int] = []
        self.win_next = 0
        self.win_last = False
        self.over = False
        self.last_moves: dict = {}
        self.tasks: list[tuple] = []
        self.pk = None
        self.ps = -1
        self.pd: dict = {}
        self._cp = CHANCE
        if setup_data is None:
            setup.begin(self)
        else:
            setup.from_setup(self, setup_data)

    def _settle(self) -> None:
        """Run the automatic steps up to the first question (called by ``new_initial_state``);
        their events belong to the start position (ply -1), which a scenario's first check sees."""
        self._ensure()

    def _ensure(self) -> None:
        if self.pk is None:
            flow.run(self)

    # ----- asking -------------------------------------------------------------------
    def push(self, task: tuple) -> None:
        self.tasks.append(task)

    def push_seq(self, *tasks) -> None:
        """Push tasks so that the first runs first."""
        self.tasks.extend(reversed(tasks))

    def ask(self, kind: str, seat: int, **data) -> None:
        self.pk, self.ps, self.pd = kind, seat, data
        self._cp = seat

    def chance(self, kind: str, seat: int, **data) -> None:
        self.pk, self.ps, self.pd = kind, seat, data
        self._cp = CHANCE

    def ask_select(self, seat, purpose, lo, hi, pool, clauses, **extra) -> None:
        self.ask("select", seat, purpose=purpose, min=lo, max=hi, pool=sorted(pool), picked=[],
                 clauses=list(clauses), **extra)

    # ----- copies --------------------------------------------------------------------
    def clone(self):
        new = self._copy_shell(_SEAT_LISTS, _NESTED)
        d = new.__dict__
        d["terrain"] = self.terrain[:]
        d["roadblocks"] = set(self.roadblocks)
        d["order"] = self.order[:]
        d["ogroups"] = [g[:] for g in self.ogroups]
        d["places"] = [p[:] for p in self.places]
        d["pile"] = self.pile[:]
        d["discard"] = self.discard[:]
        d["limbo"] = self.limbo[:]
        d["tasks"] = self.tasks[:]
        d["win_passed"] = self.win_passed[:]
        d["last_moves"] = dict(self.last_moves)
        pd = dict(self.pd)
        if "picked" in pd:
            pd["picked"] = pd["picked"][:]
        d["pd"] = pd
        return new

    # ----- hooks ----------------------------------------------------------------------
    @property
    def phase(self) -> str:  # type: ignore[override]
        self._ensure()
        return self.pk

    def _current_player(self) -> int:
        self._ensure()
        return TERMINAL if self.pk == "over" else self._cp

    def _legal_actions(self) -> list[int]:
        self._ensure()
        return flow.legal(self)

    def _chance_outcomes(self):
        self._ensure()
        return flow.chance_outcomes(self)

    def _apply(self, action: int) -> None:
        flow.apply(self, action)

    resample_worlds = 8
    """Consistent worlds :func:`racekit.core.views.resample` draws before keeping one by weight:
    a seen draw's odds depend on the hidden cards of the shared deck."""
    resample_backtrack = True
    """An inconsistent world is repaired by a backtracking search over the hidden entries, not
    drawn again from the start (a race holds hundreds of hidden draws; the odds are then
    approximate, docs/adapters.md)."""
    resample_follow = True
    """Each search starts from a world found for the seat at its previous view, on this state
    object (:func:`racekit.core.views.resample`, along one game): late in a 4-player race a
    search from nothing often gives up (docs/adapters.md)."""
    resample_anchors = 8
    """Repairs from a kept world's beginning before the retries give up (each with half of
    ``max_tries``; :func:`racekit.core.views.resample`): each kept world in turn, cut at the
    next of seven eighths, a half, the whole, three eighths, five eighths and a quarter of
    its plies (``ANCHOR_CUTS``), the entries after the cut drawn afresh. They run only where
    a call would otherwise give up, before the retries: a call that still gives up takes
    these 8 searches longer (3 to 40 s each at race 171's ply 751 at stop 45; 48 more among
    the retries, below), and one that found a world only in the retries may now find
    another. At ply 751, where the kept worlds' repairs and the searches from nothing found
    none, three whole calls found a world at the second to fifth of them (136 to 246 s; with
    stop 44's code one of those calls raised after 21 minutes; docs/adapters.md, stop 45).

    Among the retries (``resample_retries``), one more such repair runs after each pair of
    them (48 in all), the kept worlds in turn, each one cut at the next of those shares every
    round. At race 171's end no search from nothing has ever found a world, so only repairs
    can: there (stop 53, the race replayed with IS-MCTS's four calls a decision, the cuts
    then a half, three eighths, a quarter and five eighths) a repair of 1,000 steps found a
    world 15 times in 64 at those four cuts, each kept world at least once, and the searches
    from nothing 0 in 8: the 8 repairs before the retries all missed about 12 times in 100
    (0.77 ** 8), and with the 48 more about 4 times in 10 million (0.77 ** 56, if repairs
    missed independently; one whole call there missed 18 in a row, docs/adapters.md).

    Those four cuts found no world in 32 repairs at race 243's stop (the worlds the race
    itself kept), where seven eighths and the whole kept world found worlds; the cuts now
    include both. The figures at each measured position, for and against the change, are
    in ``ANCHOR_CUTS``'s docstring (racekit/core/views.py) and docs/adapters.md, stop 54."""
    resample_retries = 96
    """Searches from nothing again before a resample gives up (each with half of its
    ``max_tries``, 4 to 30 s late in a 4-player race; every other one redirects at dead ends
    it meets again and again, as repairs do), then the last resort of
    :func:`racekit.core.views.resample` (two longer repairs of kept worlds, two searches with
    twice ``max_tries``, the second redirecting). They run only where a call would otherwise
    give up; a call that still gives up takes about 5 to 36 minutes longer than with 24 (72
    more searches), and the 48 repairs among them (``resample_anchors``) about 2 to 36 more
    (2 to 45 s each where they missed at race 171's end, 11 s on average: about 9 minutes).

    Why so many: where a race stopped, a single search from nothing seldom finds a world, but
    each has a chance of its own (a search's luck is in its random numbers), so the number of
    retries decides. At race 223's end (tests/fixtures/lm_ismcts_stop_223_4p.json, stop 52),
    1,000-step searches found a world 0 times in 40 without the redirects and 4 in 40 with
    them (10%; 95% interval 3% to 24%): 24 retries (12 of each) all miss about
    (1 - 0.1) ** 12, 28 times in 100, 96 retries about 6 in 1,000 (at 3%, about 69 and 23 in
    100). At race 179's stop (ply 1,001, stop 44) 17 of 168 searches found one with the
    redirect that now runs in every search (10%; 7 of 168 without it): 24 retries all miss
    about 8 times in 100, 96 almost never. At a position where no search from nothing finds a
    world the retries themselves do not help (race 171's end: only repairs of the worlds
    kept along the race have found one there); the repairs among them do
    (``resample_anchors``, docs/adapters.md)."""
    resample_repeats = 2
    """How many more times the whole schedule above (the anchored repairs, the retries with
    the repairs among them, the last resort) runs before a resample gives up, each time with a
    memo as a new call would start it (:func:`racekit.core.views.resample`): 3 times in all. A
    call that would give up after one schedule gets two more, so an IS-MCTS race goes on where
    one of them finds a world; a call that still gives up takes three times as long (one
    schedule is about 160 searches, 1 to 45 s each late in a 4-player race, 9 s on average at
    race 243's ply 977, and two of them with four times the steps). Why: each search has luck
    of its own, and the races' own calls passed their hardest positions late in the schedule
    (race 223's ply 396 at the 118th search, race 243's ply 977 at the 162nd of 165 and, on
    the present cuts, the 119th; docs/adapters.md, stops 54 and 55), so there one schedule
    may miss, and the next has random numbers of its own. How much less often three miss than
    one is argued, not measured (such a call takes half an hour or more)."""
    resample_restart = 0
    """Steps back before the search starts afresh (times Luby's sequence); 0: never (restarts
    lost more than they gained in the sweeps of tools/lm_resample_sweep.py)."""

    def resample_proposal(self, k, view, actors, owners, memo):
        """Another seat's hidden draw, looking ahead at the cards it uses in public
        (:mod:`.resample`; the core's hook, :func:`racekit.core.views.resample`)."""
        from .resample import proposal
        self._ensure()
        return proposal(self, k, view, actors, owners, memo)

    def resample_affects(self):
        """Seats whose hands the hidden entry here changes besides its owner's (the core's
        search, :func:`racekit.core.views.resample`): a blind pick's victim, the receiver of
        the cards a Release gives (LM-EVENT-13)."""
        self._ensure()
        if self.pk == "blind":
            return (self.ps, self.pd["victim"])
        if self.pk == "select" and self.pd.get("purpose") == "release":
            return (self.ps, self.pd["target"])
        return ()

    def _private_to(self, action: int):
        self._ensure()
        if self.pk == "blind":   # the card taken: seen by the taker and the victim (LM-AMB-43)
            victim = self.pd["victim"]
            return self.ps if victim == self.ps else (self.ps, victim)
        if self.pk in ("draw", "deal", "select", "keep_char"):
            return self.ps
        return None

    def _action_to_string(self, action: int) -> str:
        self._ensure()
        if self._cp == CHANCE and self.pk != "over":
            name = A.chance_name(action, self.pk, self._char_names(), D20_NAMES)
            if name is None:
                raise ValueError(f"{action!r} is not a chance outcome here")
            return name
        name = A.decision_name(action, self.game.seat_names, self._char_names())
        if name is None:
            raise ValueError(f"{action!r} is not an action of leaf_marathon")
        return name

    def _char_names(self):
        return [c.name for c in self.roster]

    def _parse_action(self, text: str):
        self._ensure()
        t = " ".join(str(text).split())
        if self._cp == CHANCE:
            return A.parse_chance(t)
        return A.parse_decision(t, self.game.seat_names, self._char_names())

    def _why_illegal(self, action: int):
        self._ensure()
        if self.pk == "over":
            return "LM-END-1", "the game is over"
        if self._cp == CHANCE:
            if self.pk == "draw":
                return "LM-DRAW-1", "no card of that type is left in the draw pile"
            return "LM-AMB-09", "that is not a possible outcome here"
        s = self.ps
        if A.PICK <= action < A.PICK + A.CODES and self.pk != "select" and self.exchanged[s]:
            return "LM-SETUP-5", "the opening exchange is used once, before the first round"
        if self.pk == "turn":
            return turn.why(self, s, action)
        if self.pk == "window":
            return "LM-AMB-12", "in an any-time window only any-time special cards (or pass)"
        if self.pk == "select":
            purpose = self.pd["purpose"]
            if A.PICK <= action < A.PICK + A.CODES and C.protected(action - A.PICK):
                return "LM-EVENT-19", "Free Forced Rest cannot be discarded, taken or given"
            if (A.PICK <= action < A.PICK + A.CODES and C.held_trigger(action - A.PICK)
                    and purpose in ("travel_light", "barter", "butterfingers", "release")
                    and not self.o.trigger_any_use and action - A.PICK in self.hand[s]):
                return "LM-AMB-50", turn.TRIGGER_PICK
            if action == A.DONE:
                return "LM-AMB-40", f"pick {self.pd['min']} cards first"
            return {"exchange": "LM-SETUP-5", "leg_discard": "LM-LEG-2", "travel_light": "LM-EVENT-02",
                    "barter": "LM-EVENT-05", "butterfingers": "LM-EVENT-11",
                    "release": "LM-EVENT-13"}[purpose], "that card is not available to pick"
        if self.pk == "count":
            return "LM-AMB-35", f"at most {self.pd['most']} cards can be taken from the target"
        if self.pk == "target":
            purpose = self.pd["purpose"]
            return {"trade": "LM-EVENT-08", "scavenge": "LM-AMB-32", "release": "LM-AMB-32",
                    "swap": "LM-AMB-33"}[purpose], "not a candidate"
        if self.pk == "resin":
            return "LM-AMB-44", "not a legal Resin Ball target"
        if self.pk == "friend":
            return "LM-ELEMENT-2", "each buff type may be owned once"
        if self.round == 1 and self.exchanged[s] and A.PICK <= action < A.PICK + A.CODES:
            return "LM-SETUP-5", "the opening exchange is used once"
        if A.PICK <= action < A.PICK + A.CODES and all(self.exchanged):
            return "LM-SETUP-5", "the opening exchange is used once"
        return "LM-AMB-48", f"not possible now ({PHASES.get(self.pk, self.pk)})"

    def _ranking(self):
        return finish.ranking(self)

    # ----- views ------------------------------------------------------------------------
    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` may see; ``None``: the public view (no hand, no hand weight)."""
        return self.snapshot(seat)

    def card_names(self, seat: int) -> list[str]:
        return [C.name(c) for c in self.hand[seat]]

    def snapshot(self, seat: int | None = None, *, full: bool = False) -> dict:
        """JSON-able picture; ``seat=None`` (or ``-1``) is the public view (no hand, no hand
        weight, LM-AMB-43), a seat number that seat's view, and ``full=True`` the referee's
        view (every hand: scenario checks, a host). Per seat: position (square), stamina, max_stamina, weight_limit,
        movement (value), hand (names; ``None`` for hidden hands), hand_size, weight (``None``
        when hidden), armor, buffs, element_buffs, friendship_buffs, bound, faint, finished,
        place, leg_points, total; game: leg, round, phase, order, terrain, roadblocks, piles."""
        if full:
            seat = None
        elif seat is None:
            seat = -1   # the public view: no seat's hand
        seats = []
        tot = finish.totals(self)
        for s in range(self.n):
            visible = full or seat == s
            ch = self.roster_all[self.char[s]] if self.char[s] >= 0 else None
            seats.append({
                "character": ch.name if ch else None,
                "position": self.pos[s],
                "stamina": self.stamina[s],
                "max_stamina": S.max_stamina(self, s) if ch else None,
                "weight_limit": S.weight_limit(self, s) if ch else None,
                "movement": S.move_value(self, s) if ch else None,
                "movement_total": S.movement_total(self, s) if (ch and visible) else None,
                "hand": self.card_names(s) if visible else None,
                "hand_size": len(self.hand[s]),
                "weight": C.hand_weight(self, s) if visible else None,
                "armor": self.armor[s] >= 0,
                "buffs": S.buffs(self, s),
                "element_buffs": list(self.elements[s]),
                "friendship_buffs": list(self.fbuffs[s]),
                "bound": self.bound[s],
                "faint": ("" if not self.faint[s] else
                          ("fainted", "sitting out", "waiting for full")[min(self.faint[s], 3) - 1]),
                "returning": self.returning[s],
                "finished": self.finished[s],
                "place": self.fin_place[s] or None,
                "leg_points": list(self.leg_points[s]),
                "total": tot[s],
                "actions_played": self.acts[s],
                "did_2for3": self.did23[s],
                "did_shed": self.did_shed[s],
                "held": self.held[s],
                "stopped": self.stopped[s],
                "rainboom": self.rainboom[s],
                "bear_next": self.bear_next[s],
                "bear_double": self.bear_double[s],
                "exchanged": self.exchanged[s],
            })
        self._ensure()
        prompt = None
        if self.pk not in (None, "over"):
            prompt = {"kind": self.pk, "seat": self.ps}
            if self.pk == "select" and (full or seat == self.ps):
                prompt.update(purpose=self.pd["purpose"], picked=[C.name(c) for c in self.pd["picked"]],
                              min=self.pd["min"], max=self.pd["max"])
        return {
            "game": "leaf_marathon",
            "map": self.game.options["map"],
            "leg": self.leg + 1,
            "legs": len(self.legs),
            "round": self.round,
            "phase": self.phase,
            "prompt": prompt,
            "current_player": self._current_player(),
            "order": list(self.order),
            "terrain": list(self.terrain),
            "finish": len(self.terrain) - 1,
            "roadblocks": sorted(self.roadblocks),
            "pile": sum(self.pile),
            "discard": sum(self.discard),
            "cards_total": S.card_total(self),
            "previous_event": self.prev_event,
            "magic_bind": self.mb_level,
            "places": [list(p) for p in self.places],
            "seats": seats,
            "viewer": None if seat == -1 else seat,
        }

    def to_text(self) -> str:
        """One line for the game, one per seat (golden files)."""
        self._ensure()
        names = self.game.seat_names
        lines = [f"leaf_marathon leg {self.leg + 1}/{len(self.legs)} round {self.round} "
                 f"phase {self.phase} order {self.order} pile {sum(self.pile)} "
                 f"discard {sum(self.discard)} terrain "
                 + "".join("SLFVsE"[("start", "leaf", "forest", "vine", "sand", "finish").index(t)]
                           for t in self.terrain)
                 + (f" roadblocks {sorted(self.roadblocks)}" if self.roadblocks else "")]
        tot = finish.totals(self)
        for s in range(self.n):
            ch = self.roster_all[self.char[s]].name if self.char[s] >= 0 else "-"
            lines.append(f"{names[s]:<7} {ch:<18} sq {self.pos[s]:>2} stamina {self.stamina[s]:>2} "
                         f"hand {len(self.hand[s])} armor {int(self.armor[s] >= 0)} "
                         f"buffs {''.join(S.buffs(self, s)) or '-'} "
                         f"{'finished ' + str(self.fin_place[s]) if self.finished[s] else ''}"
                         f"{' faint' if self.faint[s] else ''} points {self.leg_points[s]} total {tot[s]}")
        return "\n".join(lines)

    def refuse(self, clause: str, message: str):
        raise IllegalActionError(message, clause=clause)
