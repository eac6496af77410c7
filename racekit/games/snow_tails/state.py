"""The Snow Tails state: data, the OpenSpiel-style hooks, views and text.

The rules live in small modules by phase (``setup``, ``play``, ``move``,
``refill``, ``order``) and the turn flow in :mod:`.flow`; this class holds the
data (flat lists per seat, no objects in the hot path), hands actions to the
flow, and builds the views. Action ids and names: :mod:`.actions`.

Hidden information (ST-SETUP-2, ST-REFILL-2): each seat's hand, deck order and
discards are secret. Draw outcomes and discard decisions are private to their
seat in :meth:`history_for`; :meth:`snapshot` with a seat shows only that
seat's hand, and the public view shows none.
"""
from __future__ import annotations

from racekit.core.errors import IllegalActionError
from racekit.core.state import CHANCE, State

from racekit.boards.lane import grid_name

from . import actions as A
from . import flow, order
from .tracks import track_names
from .consts import (CROSSED, FINISHED, OUT, P_BONUS, P_DISCARD, P_DRAW, P_FIRST, P_MOVE,
                     P_PLAY, PHASES, RACING, STATUS)

_DECISIONS, _OUTCOMES, _APPLY, _SECRET = flow.DECISIONS, flow.OUTCOMES, flow.APPLY, flow.SECRET
_SEAT_LISTS = ("last", "pos", "slot", "left", "right", "brake", "dmg", "status", "blocked", "walled",
               "fin_round", "out_round")
_SEAT_NESTED = ("lstack", "rstack", "deck", "hand", "disc")
_COPY_LISTS = ("order", "occ", "crossings", "placers") + tuple(_SEAT_LISTS)   # what a copy must not share
_COPY_NESTED = ("places",) + tuple(_SEAT_NESTED)


class SnowTailsState(State):
    """A position of Snow Tails. Build it with ``game.new_initial_state()``."""

    def __init__(self, game, setup_data=None, record_events=True):
        super().__init__(game, record_events=record_events)
        g = game
        self.n = n = g.num_players
        self.track = g.track
        self.o = g.flags  # precomputed option flags
        self.p = p = g.params   # the rule numbers (params.PARAMS)
        self.round = 1
        self.ph = P_FIRST
        self.order: list[int] = []
        self.tidx = 0
        self.first = None
        self.places: list[list[int]] = []
        self.dents_left = None if g.options["dent_supply"] == "unlimited" else int(g.options["dent_supply"].rpartition("_")[2])
        self.occ = [-1] * self.track.num_squares
        self.pos = [-1] * n
        self.slot = [0] * n
        # ST-DATA-2: per-player state; ST-SETUP-4: both dogs on the mat's print
        # (params.printed_dogs); ST-SETUP-3: the brake marker (params.start_brake)
        self.left = [p.printed_dogs] * n
        self.right = [p.printed_dogs] * n
        self.brake = [p.start_brake] * n
        self.dmg = [0] * n
        self.status = [RACING] * n
        self.blocked = [False] * n
        self.walled = [False] * n
        self.fin_round = [0] * n
        self.last = [None] * n  # (speed incl. bonus, squares moved, bonus) of the latest move
        self.out_round = [0] * n
        self.lstack = [[] for _ in range(n)]
        self.rstack = [[] for _ in range(n)]
        self.deck = [[0] + [p.cards_per_value] * 5 for _ in range(n)]  # index 1..5, ST-SETUP-2
        self.hand = [[0] * 6 for _ in range(n)]
        self.disc = [[0] * 6 for _ in range(n)]
        # turn temporaries
        self.speed = 0
        self.drift = 0
        self.ddir = 0
        self.moved = 0
        self.bonus = 0
        self.bonus_taken = 0
        self.stopped = False
        self.crossings: list = []
        self.limit_paid = False
        self.draw_seat = -1
        self.draw_need = 0
        self.draw_then = 0
        self.placer = -1
        self.placers: list[int] = []
        self.deal_next = 0
        self._cp = CHANCE
        self._lc = None
        flow.start(self, setup_data)

    def remember_setup(self, setup_data) -> None:
        """Keep the set-up; a track file it names is kept inline (a save then needs no file)."""
        super().remember_setup(setup_data)
        track = self.initial_setup.get("track") if isinstance(self.initial_setup, dict) else None
        if isinstance(track, str) and track not in track_names() and grid_name(track) is None:
            self.initial_setup["track"] = self.track.spec.model_dump(mode="json")

    def dropped_out(self) -> list[int]:
        """Seats eliminated from the race (ST-ELIM-1), in seat order."""
        return [s for s in range(self.n) if self.status[s] == OUT]

    # ----- cheap copies -----------------------------------------------------
    def clone(self):
        return self._copy_shell(_COPY_LISTS, _COPY_NESTED)

    def try_out(self, action: int):
        """A scratch copy with ``action`` applied, for an agent's look-ahead.

        The copy records no events and keeps no history (its ``history()`` is
        empty), so it is cheaper than ``clone()`` + ``apply_action``. ``action``
        must be one of this state's legal actions (it is not checked again).
        """
        new = self._copy_shell(_COPY_LISTS, _COPY_NESTED, keep_history=False)
        new._apply(action)
        return new

    # ----- resampling (racekit.core.views.resample) -------------------------------
    resample_worlds = 16
    """Consistent worlds drawn before one is kept by weight: the proposal below leaves out
    the draws that cannot explain a seat's later plays, and the weights undo that
    (sampling-importance-resampling; with 1 world the hands drawn are far off their odds,
    with 16 a chi-square test of 2,000 draws against enumeration cannot tell them apart:
    tests/test_views.py)."""

    def resample_proposal(self, k, view, actors, owners, memo):
        """Another seat's hidden draw or discard, looking ahead at the cards it plays face
        up (:mod:`.resample`)."""
        from .resample import proposal
        return proposal(self, k, view, actors, owners, memo)

    # ----- hooks --------------------------------------------------------------
    @property
    def phase(self) -> str:  # type: ignore[override]
        return PHASES[self.ph]

    def _current_player(self) -> int:
        return self._cp

    # the hooks below look the phase up in the flow's tables directly (the playout hot path)
    def _legal_actions(self) -> list[int]:
        lc = self._lc
        if lc is None:
            lc = self._lc = _DECISIONS[self.ph](self)
        return lc[:]  # a copy: callers may change the list they get

    def _chance_outcomes(self):
        return _OUTCOMES[self.ph](self)

    def _apply(self, action: int) -> None:
        self._lc = None
        _APPLY[self.ph](self, action)

    def _private_to(self, action: int):
        # draws and discards are secret to their seat (ST-SETUP-2, ST-REFILL-2)
        secret = _SECRET[self.ph]
        if not secret:
            return None
        return self.draw_seat if secret == "drawer" else self._cp

    def _action_to_string(self, action: int) -> str:
        return A.name(action, self.game.seat_names)

    def _parse_action(self, text: str):
        return A.parse(text, self._cp == CHANCE, self.game.seat_names)

    def _why_illegal(self, action: int):
        return flow.why_illegal(self, action)

    def _ranking(self):
        return order.ranking(self)

    # ----- helpers used by the rule modules ------------------------------------
    def _seat_name(self, seat: int) -> str:
        names = self.game.seat_names
        return names[seat] if 0 <= seat < len(names) else str(seat)

    def hand_size(self, seat: int) -> int:
        h = self.hand[seat]
        return h[1] + h[2] + h[3] + h[4] + h[5] + self.dmg[seat]

    def dogs(self, seat: int) -> int:
        h = self.hand[seat]
        return h[1] + h[2] + h[3] + h[4] + h[5]

    def mover(self) -> int:
        return self.order[self.tidx] if self.tidx < len(self.order) else -1

    # ----- views --------------------------------------------------------------
    def snapshot(self, seat: int | None = None, *, full: bool = False) -> dict:
        """JSON-able picture; with ``seat`` only that seat's hand is shown, with no seat
        (the public view) none, and with ``full=True`` every hand (the referee's view).

        Per seat: position ``[row, lane]`` or None, slot, mat {left, right,
        brake, speed}, hand (a sorted list of dog values; None when hidden),
        hand_size, damage, deck_size, discard_size, status, blocked, finish.
        """
        tr = self.track
        seats = []
        for s in range(self.n):
            p = self.pos[s]
            l, r, b = self.left[s], self.right[s], self.brake[s]
            hand = None
            if full or seat == s:
                hand = [v for v in range(1, 6) for _ in range(self.hand[s][v])]
            fin = None
            if self.status[s] in (CROSSED, FINISHED):
                fin = {"round": self.fin_round[s],
                       "place": next((i + 1 for i, g in enumerate(self.places) if s in g), None)}
            seats.append({
                "name": self._seat_name(s),
                "slot": self.slot[s] or None,
                "position": tr.position(p) if p >= 0 else None,
                "mat": {"left": l, "right": r, "brake": b, "speed": l + r - b},
                "left_stack": list(self.lstack[s]),
                "right_stack": list(self.rstack[s]),
                "hand": hand,
                "hand_size": self.hand_size(s),
                "damage": self.dmg[s],
                "deck_size": sum(self.deck[s]),
                "discard_size": sum(self.disc[s]),
                "status": STATUS[self.status[s]],
                "blocked": self.blocked[s],
                "finish": fin,
                "last_move": (None if self.last[s] is None else
                              dict(zip(("speed", "moved", "bonus"), self.last[s]))),
            })
        cp = self._cp
        turn = None
        if self.ph in (P_PLAY, P_MOVE, P_BONUS, P_DISCARD) or (self.ph == P_DRAW and self.order):
            turn = {"seat": self.mover(), "position_in_order": self.tidx + 1,
                    "speed": self.speed, "drift": self.drift,
                    "drift_side": "left" if self.ddir == A.DL else "right",
                    "moved": self.moved, "bonus": self.bonus, "bonus_taken": self.bonus_taken,
                    "total_speed": (self.speed if self.speed > 0 else 0) + self.bonus_taken}
        return {
            "game": "snow_tails",
            "track": tr.name,
            "round": self.round,
            "phase": self.phase,
            "current_player": cp,
            "turn_order": list(self.order),
            "turn_index": self.tidx,
            "turn": turn,
            "seats": seats,
            "places": [list(p) for p in self.places],
            "dents_left": self.dents_left,
            "viewer": seat,
        }

    def to_text(self) -> str:
        """Compact text: one line of round/phase, then one line per seat."""
        tr = self.track
        lines = [f"snow_tails {tr.name} round {self.round} phase {self.phase} "
                 f"order {self.order} to_move={self._to_move_word()}"]
        for s in range(self.n):
            p = self.pos[s]
            where = f"[{tr.row[p]},{tr.lane[p]}]" if p >= 0 else "-"
            lines.append(f"{self._seat_name(s):<7} slot {self.slot[s]} at {where:<8} "
                         f"L{self.left[s]} R{self.right[s]} B{self.brake[s]} "
                         f"hand {self.hand_size(s)} dmg {self.dmg[s]} deck {sum(self.deck[s])} "
                         f"disc {sum(self.disc[s])} {STATUS[self.status[s]]}"
                         + (" blocked" if self.blocked[s] else ""))
        if self.places:
            # eliminated sleds share the last place (ST-ELIM-1): say that they dropped out
            ranked = [g for g in self.places if not all(self.status[s] == OUT for s in g)]
            out = [s for g in self.places for s in g if self.status[s] == OUT]
            text = " ".join("=".join(self._seat_name(s) for s in g) for g in ranked) or "none"
            if out:
                text += f", then dropped out: {'='.join(self._seat_name(s) for s in out)}"
            lines.append("places " + text)
        return "\n".join(lines)

    # ----- internal -----------------------------------------------------------
    def refuse(self, clause: str, message: str):
        raise IllegalActionError(message, clause=clause)
