"""The Wingsuit Flight state: data, the OpenSpiel-style hooks and the views.

Rules live in small modules by phase (``setup``, ``plan``, ``interfere``,
``order``, ``act``, ``move``, ``cleanup``); ``flow`` declares the turn flow.
This class holds flat per-seat lists and dispatches.

Hidden information (WS-PLAN-2, WS-PLAN-5): until the reveal, a seat's plan is
private. Its history entry is hidden from other seats (:meth:`_private_to`),
``snapshot(seat)`` shows a plan only to its own seat, the public view shows
none, and the commit event carries no data. At the reveal every plan of the round
becomes public in every seat's ``history_for`` (the reveal event shows them too).
"""
from __future__ import annotations

from racekit.core.errors import IllegalActionError
from racekit.core.state import CHANCE, TERMINAL, State

from . import act, flow, plan, setup
from . import actions as A
from .cards import COLOURS, token_text
from .cleanup import rows_of, usable_count
from .consts import GONE, NEUTRAL

_LISTS = ("pos", "alt", "done", "rear", "exited", "score", "exit_seq", "order", "bag", "out",
          "plan", "rolls", "queue", "set_aside", "intr", "pend", "ties", "cstages", "dealt",
          "qcards")


class WingsuitState(State):
    """A position of Wingsuit Flight. Build it with ``game.new_initial_state()``."""

    check_aliases = {"alt": "altitude"}   # a set-up writes alt (or altitude), the snapshot altitude

    def __init__(self, game, setup_data=None, record_events=True):
        super().__init__(game, record_events=record_events)
        self.n = n = game.num_players
        self.o = game.flags
        self.p = game.params   # the rule numbers (params.PARAMS)
        self.cs = game.cardset
        self.cubes_total = game.cubes_per_color
        self.board = None
        self.here: list = []
        self.k_min = 1
        self.pos = [-3] * n          # hex id; -1 limbo (crashed, not yet placed); -2 exited; -3 not placed
        self.alt = [self.p.alt_max] * n   # WS-SETUP-6
        self.cubes = [[0, 0, 0] for _ in range(n)]  # WS-COMP-3: cubes held; 3 action dice a seat live in cells
        self.bag = [self.cubes_total] * 3   # WS-SETUP-7
        self.out = [0, 0, 0]
        self.cells: list = [[] for _ in range(12)]   # (owner, planned style) per die
        self.cell_tok: dict = {}
        self.queue: list = []
        self.usable_cache = None
        self.tokens_cache = None
        self.set_aside: list = []
        self.unused = None
        self.round = 1
        self.ph = "deal"
        self.plan_next = 0
        self.plan = [None] * n
        self.rolls: list = []
        self.ties: list = []
        self.order: list = []
        self.actor = -1
        self.cp_seat = -1
        self.done = [False] * n
        self.rear = [0] * n   # rear start sprints left (WS-VAR-45P-2)
        self.pend: list = []
        self.pend_owner = -1
        self.pend_started = False
        self.gift = None
        self.free = None
        self.intr: list = []
        self.place_cands = None
        self.end_triggered = False
        self.exited = [False] * n
        self.score = [0] * n
        self.exit_seq: list = []
        self.cstages: list = []
        self.lay = None
        self.rise_q: list = []
        self.risers = None
        self.start_next = 0
        self.deal_step = 0
        self.qcards = [None, None, None]
        self.dealt: list = []
        self._cp = CHANCE
        self._lc = None
        if setup_data is None:
            setup.begin(self)
        else:
            setup.from_setup(self, setup_data)
        flow.settle(self)

    # ----- copies ------------------------------------------------------------
    def clone(self):
        new = self._copy_shell(_LISTS)
        d = new.__dict__
        d["cubes"] = [c[:] for c in self.cubes]
        d["cells"] = [c[:] for c in self.cells]
        d["here"] = [h[:] if h else [] for h in self.here]
        d["ties"] = [t[:] for t in self.ties]
        d["gift"] = self.gift[:] if self.gift else None
        d["free"] = self.free[:] if self.free else None
        d["rise_q"] = self.rise_q[:]
        d["risers"] = self.risers[:] if self.risers is not None else None
        return new

    # ----- hooks ----------------------------------------------------------------
    @property
    def phase(self) -> str:  # type: ignore[override]
        if self.intr and self._cp != TERMINAL:
            return {"draw": "draw", "return": "return_cube", "place": "crash_place"}[self.intr[0][0]]
        if self.ph == "action" and self.gift is not None:
            return "gift"
        if self.ph == "action" and self.free is not None:
            return "free_sprints"
        return self.ph

    def _current_player(self) -> int:
        return self._cp

    def _legal_actions(self) -> list[int] | tuple[int, ...]:
        # cached until the next change (flow.settle clears it); the public legal_actions()
        # hands out a copy, apply_action only reads it (the plans are one shared tuple)
        if self._lc is None:
            self.cp_seat = self._cp
            self._lc = flow.legal(self)
        return self._lc

    def _chance_outcomes(self):
        return flow.chance_outcomes(self)

    def _apply(self, action: int) -> None:
        self.cp_seat = self._cp
        flow.apply(self, action)

    def _private_to(self, action: int):
        if self.ph == "plan" and not self.intr:
            return self._cp  # WS-PLAN-2: a plan is secret until the reveal
        return None

    def _action_to_string(self, action: int) -> str:
        if self._cp == CHANCE or action < A.CHANCE_BELOW:
            name = A.chance_name(action, [c.id for c in self.cs.cards])
            if name is None:
                raise ValueError(f"{action!r} is not a chance outcome of wingsuit")
            return name
        name = A.decision_name(action, self._cy, self._seat_name)
        if name is None:
            raise ValueError(f"{action!r} is not an action of wingsuit")
        return name

    def _cy(self, h):
        W = self.board.W if self.board else 7
        return h % W, h // W

    def _parse_action(self, text: str):
        t = " ".join(str(text).split())
        action = A.parse_chance(t, [c.id for c in self.cs.cards])
        if action is not None:
            return action
        W = self.board.W if self.board else 7
        return A.parse_decision(t, lambda c, y: y * W + c, self._seat_index)

    def _seat_index(self, name: str) -> int:
        names = self.game.seat_names
        if name in names:
            return names.index(name)
        if name.isdigit():
            return int(name)
        raise KeyError(name)

    def _why_illegal(self, action: int):
        if self._cp == TERMINAL:
            return "WS-END-3", "the game is over"
        if self._cp == CHANCE:
            return "WS-SETUP-1", "that is not a possible outcome here"
        self.cp_seat = self._cp
        if A.PLAN <= action < A.PLAN + 2 * A.DUP:
            if self.ph != "plan":
                return "WS-GEN-2", "plans are made in the plan phase"
            return plan.why(self, action - A.PLAN)
        if self.intr:
            kind = self.intr[0][0]
            if kind == "place":
                return "WS-AMB-14", "a crashed character goes to a reset half-hex of its card " \
                    "free of characters at its new altitude (WS-CRASH-3)"
            if kind == "return":
                return "WS-ITEM-2", "return one of the cubes this player holds"
        if self.ph == "action":
            return act.why(self, action)
        if self.ph in ("start", "queue_order"):
            return setup.why(self, action)
        if self.ph == "cleanup" and A.LAY <= action < A.LAY + 6:
            return "WS-CLEANUP-3", "the card must cover two cards, keep six rows and every colour"
        return "WS-GEN-2", f"not an action of the {self.phase} step"

    def _ranking(self):
        return ranking(self)

    # ----- helpers ---------------------------------------------------------------
    def _seat_name(self, seat: int) -> str:
        names = self.game.seat_names
        return names[seat] if 0 <= seat < len(names) else str(seat)

    def rows(self) -> list:
        return rows_of(self.queue)

    def cell_tokens(self, cell: int) -> tuple:
        """Tokens of queue cell ``cell`` (style * 6 + row - 1): the showing card's row."""
        tok = self.cell_tok.get(cell)
        if tok is not None:
            return tok
        cached = self.tokens_cache   # the queue only grows (a card laid on top): keyed by length
        if cached is None or cached[0] != len(self.queue):
            rows = self.rows()
            cached = self.tokens_cache = (len(self.queue), [
                () if rows[c % 6] is None
                else self.cs.cards[rows[c % 6][0]].rows[c % 6 + 1 - rows[c % 6][1]][c // 6]
                for c in range(12)])
        return cached[1][cell]

    def has_dice(self, s: int) -> bool:
        for cell in self.cells:
            for d in cell:
                if d[0] == s:
                    return True
        return False

    def dice_of(self, s: int) -> list[int]:
        return [c for c in range(12) for d in self.cells[c] if d[0] == s]

    def refuse(self, clause: str, message: str):
        raise IllegalActionError(message, clause=clause)

    # ----- views ---------------------------------------------------------------------
    def snapshot(self, seat: int | None = None, *, full: bool = False) -> dict:
        """JSON-able picture; plans before the reveal only for their own ``seat`` (with no
        seat, the public view, none; with ``full=True``, the referee's view, every one).

        Keys: round, phase, current_player, seats (name, at "c,y" or None, altitude,
        cubes, dice (cells), plan (own seat only, before the reveal), committed,
        exited, score, acted, rear_bonus), cells, queue (placements, rows, usable),
        track (cards bottom to top, bottom, unused, set_aside), bag, order, actor,
        pending icons, gift, free_sprints, end_triggered.
        """
        b = self.board
        seats = []
        for s in range(self.n):
            p = self.pos[s]
            committed = self.ph == "plan" and (s < self.plan_next)
            seats.append({
                "name": self._seat_name(s),
                "at": b.label(p) if p >= 0 and b else None,
                "card": b.card_of(p, self.k_min) if p >= 0 and b else None,
                "altitude": self.alt[s],
                "cubes": {c: self.cubes[s][i] for i, c in enumerate(COLOURS)},
                "dice": [A.cell_name(c) for c in self.dice_of(s)],
                "committed": committed,
                "plan": ([A.cell_name(c) for c in A.plan_cells(self.plan[s])]
                         if committed and (full or seat == s) and self.plan[s] is not None else None),
                "exited": self.exited[s],
                "score": self.score[s] if self.exited[s] else None,
                "acted": bool(self.done[s]) if self.ph == "action" else None,
                "rear_bonus": self.rear[s] > 0,
                "status": "exited" if p == GONE else "crashed" if p == -1 else "flying",
            })
        cells = {A.cell_name(c): ["neutral" if d[0] == NEUTRAL else d[0] for d in self.cells[c]]
                 for c in range(12)}
        rows = self.rows()
        return {
            "game": "wingsuit",
            "illustrative_cards": self.cs.illustrative,
            "round": self.round,
            "phase": self.phase,
            "current_player": self._cp,
            "seats": seats,
            "cells": cells,
            "icons": {A.cell_name(c): [token_text(t) for t in self.cell_tokens(c)] for c in range(12)}
            if self.queue else {},
            "queue": {"placements": [f"{self.cs.cards[c].id}@{bb}" for c, bb in self.queue],
                      "rows": [self.cs.cards[p[0]].id if p else None for p in rows],
                      "usable": usable_count(self.queue),
                      "colours": sorted({COLOURS[self.cs.cards[p[0]].cost] for p in rows if p})},
            "track": {"cards": [self.cs.cards[i].id for i in self.dealt],
                      "bottom": self.k_min,
                      "unused": self.cs.cards[self.unused].id if self.unused is not None else None,
                      "set_aside": [self.cs.cards[i].id for i in self.set_aside]},
            "bag": {c: self.bag[i] for i, c in enumerate(COLOURS)},
            "out_of_game": {c: self.out[i] for i, c in enumerate(COLOURS)},
            "order": list(self.order),
            "actor": self.actor if self.ph == "action" else None,
            "pending": [token_text(t) for t in self.pend],
            "gift": ({"user": self.gift[0], "recipient": self.gift[1]} if self.gift else None),
            "free_sprints": self.free[1] if self.free else 0,
            "neutral_rolls": list(self.rolls),
            "end_triggered": self.end_triggered,
            "viewer": seat,
        }

    def to_text(self) -> str:
        b = self.board
        lines = [f"wingsuit round {self.round} phase {self.phase} to_move={self._to_move_word()} "
                 f"queue {' '.join(f'{self.cs.cards[c].id}@{bb}' for c, bb in self.queue)} "
                 f"bottom {self.k_min} bag {self.bag}"]
        for s in range(self.n):
            p = self.pos[s]
            where = b.label(p) if p >= 0 and b else ("exit" if p == GONE else "-")
            dice = " ".join(A.cell_name(c) for c in self.dice_of(s))
            lines.append(f"{self._seat_name(s):<7} at {where:<6} alt {self.alt[s]} "
                         f"cubes {self.cubes[s]} dice [{dice}]"
                         + (f" score {self.score[s]}" if self.exited[s] else ""))
        return "\n".join(lines)


def ranking(st) -> list[list[int]]:
    """WS-END-4, WS-AMB-24: exited seats by score (ties: earlier in the snapshot), then the
    rest by distance (nearest first; ties: earlier in the snapshot)."""
    snap = st.order + [s for s in range(st.n) if s not in st.order]
    geo = st.board.geo if st.board else None
    if st.o.nonexit_altitude:
        def key(s):
            sc = st.score[s] if st.exited[s] else st.alt[s]
            return (-sc, snap.index(s))
        return [[s] for s in sorted(range(st.n), key=key)]
    if st.is_terminal() and not any(st.exited):
        return [list(range(st.n))]  # WS-AMB-34: nobody exited, no winner
    ex = sorted((s for s in range(st.n) if st.exited[s]), key=lambda s: (-st.score[s], snap.index(s)))

    def dist(s):
        p = st.pos[s]
        return geo.distance(p // st.board.W, st.o.distance) if p >= 0 and geo else 999
    rest = sorted((s for s in range(st.n) if not st.exited[s]), key=lambda s: (dist(s), snap.index(s)))
    return [[s] for s in ex + rest]
