"""The Aeroplane Chess state (OpenSpiel-shaped, see racekit.core.state).

Positions are path steps per plane (spec section 1): -1 base, 0 take-off
point, 1..50 loop, 51..55 home column, 56 finish; a teammate's plane carried
past its turn-off can rest on the loop before its step 1 (AC-AMB-27), coded
``-1-k`` for ``k`` squares short of its entry (-2, -3 on standard52).
Phases, who acts and what follows are declared in flow.py; action ids and names in
actions.py. This module holds the position and what it shows (snapshot, text, refusals).
"""
from __future__ import annotations

from ...core.state import CHANCE, TERMINAL, State
from . import actions as A
from . import finish, flow, move
from .actions import MOVE, SEAT_NAMES, piece_name


class AeroplaneState(State):
    """A position of Aeroplane Chess.

    Attributes:
        pos: path step of each plane (index ``4*seat+k`` is plane ``k+1``).
        turn: seat whose regular turn it is (fixes the order, AC-TOUR-SIX-3).
        roller: seat that rolls and moves now (differs after a gift).
        die: the current roll, or None.
    """

    def __init__(self, game, record_events: bool = True):
        super().__init__(game, record_events)
        r = game.rules
        self.r = r
        self.b = r.board
        # four planes per player (AC-FAM-COMP-1, AC-AMB-21), all on the start place
        self.pos = [r.start] * (4 * game.num_players)   # AC-FAM-SETUP-1, AC-TOUR-SETUP-2
        self.turn = 0                                     # AC-TOUR-TURN-1: red rolls first
        self.roller = 0
        self.phase = "first" if not r.tour and r.first == "random" else "roll"   # AC-AMB-09
        self.die = None
        self.sixes = 0
        self.six_moved = 0
        self.ctx = None
        self.places: list[int] = []
        self.winner = None
        self.last = None
        self.prev = None
        self.fin_this_roll = False
        self.gifted = False          # an extra roll was given away in this turn (AC-TOUR-SIX-3)
        self.turns = 0               # turns passed on (the turn_limit option counts them)
        self.capped = False          # ended by the turn_limit option (ranked by progress)
        self._moves = None

    def clone(self):
        c = object.__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.pos = self.pos[:]
        c._history = self._history[:]
        c._private = self._private[:]
        c.events = self.events[:]
        c.places = self.places[:]
        if self.ctx is not None:
            c.ctx = dict(self.ctx)
            c.ctx["steps"] = self.ctx["steps"][:]
        return c

    # ----- hooks: the turn flow (flow.py) and the action codec (actions.py) -------------
    def _current_player(self) -> int:
        return flow.current_player(self)

    def _legal_actions(self) -> list[int]:
        if self.phase == "move":
            if self._moves is None:
                self._moves = flow.legal(self)
            return self._moves          # read-only here; legal_actions() hands out a copy
        return flow.legal(self)

    def _chance_outcomes(self):
        return flow.chance_outcomes(self)

    def _apply(self, action: int) -> None:
        self._moves = None
        flow.apply(self, action)
        if self.phase != "move":
            self._moves = None      # a roll leaves the legal moves it computed

    def _action_to_string(self, action: int) -> str:
        lead = self.roller
        if action >= MOVE and self.phase != "over":
            lead = move.controlled(self, self.roller)   # a group names the mover's planes first
        return A.name(action, len(self.pos), lead)

    def _parse_action(self, text: str):
        return A.parse(text)

    def _why_illegal(self, action: int):
        """``(clause, reason)`` for an action that is not legal now."""
        kind = A.kind(action)
        if kind == A.GIVE_ROLL:
            return self._why_no_gift()
        if kind == A.KEEP_ROLL:
            return ("AC-TOUR-SIX-2", "there is no extra roll to keep now")
        if kind == A.EFFECT_ANSWER:
            return ("AC-AMB-06", "there is no optional effect of that kind waiting for a decision")
        why = self._why_not_in_this_phase(action, kind)
        if why is not None:
            return why
        if kind in (A.ROLL, A.FIRST_PLAYER):
            return ("AC-TOUR-TURN-1" if self.r.tour else "AC-FAM-TURN-1",
                    "it is a player's decision now, not a roll")
        return ("AC-ACTION", "it is not among the legal actions")

    def _why_no_gift(self):
        """Why the extra roll cannot be given now (AC-TOUR-SIX-2/4, AC-AMB-08, AC-AMB-14)."""
        r, ph, prev = self.r, self.phase, self.prev
        if ph == "bonus":
            mate = r.mate[self.roller]
            return ("AC-TOUR-SIX-2", f"{SEAT_NAMES[self.roller]} may give the extra roll only to "
                    f"the teammate, {SEAT_NAMES[mate]}")
        if r.six != "chained_giftable" or not r.tour:
            return ("AC-AMB-08", "extra rolls cannot be given away in this game")
        if prev and prev["die"] == r.bonus_face and prev["all_home"]:
            return ("AC-TOUR-SIX-4", f"{SEAT_NAMES[prev['seat']]} has all planes home and may "
                    "not give an extra roll to the teammate")
        if prev and prev["die"] == r.bonus_face and r.mate[prev["seat"]] is not None and \
                finish.all_home(self, r.mate[prev["seat"]]):
            return ("AC-AMB-14", "the teammate has all planes home and cannot receive a roll")
        if ph == "move":
            return ("AC-TOUR-SIX-2", "move first; the extra roll is decided after the move")
        return ("AC-TOUR-SIX-2", "only the player who just rolled a 6 may give the extra roll")

    def _why_not_in_this_phase(self, action: int, kind: str | None):
        """A roll, a first-player draw or a move asked for in the wrong phase (see flow.py), or
        a move the rules forbid; ``None`` when neither."""
        ph = self.phase
        if ph == "first" and kind in (A.ROLL, A.MOVE_GROUP):
            return ("AC-AMB-09", "the first player is drawn before any die roll or move")
        if ph == "roll" and kind == A.FIRST_PLAYER:
            return ("AC-AMB-09", "the first player is already chosen; a die roll is due")
        if ph in ("roll", "first") and kind == A.MOVE_GROUP:
            return ("AC-BOTH-MOVE-1", "the die must be rolled first")
        if ph == "bonus" and kind == A.MOVE_GROUP:
            return ("AC-TOUR-SIX-2", f"{SEAT_NAMES[self.roller]} must first keep or give the "
                    "extra roll")
        if ph == "effect":
            return ("AC-AMB-06", "answer the pending optional effect first")
        if ph == "move" and kind == A.MOVE_GROUP:
            return move.group_problem(self, action - MOVE)
        return None

    def _ranking(self):
        return finish.ranking(self)

    # ----- pictures -----------------------------------------------------------------
    def plane(self, p: int) -> dict:
        s = self.pos[p]
        b = self.b
        if s == -1:
            where = "base"
        elif s == 0:
            where = "takeoff"
        elif b.on_loop(s):
            where = "loop"
        elif s < b.finish:
            where = "home"
        else:
            where = "finish"
        # a plane carried past its turn-off may rest on the loop before its step 1 (AC-AMB-27):
        # then step is None and short_of_entry counts the squares to its entry square
        return {"seat": p >> 2, "where": where, "step": None if s < 0 else s,
                "square": b.sq[p >> 2][s] if where == "loop" else None,
                "short_of_entry": b.short_of_entry(s)}

    def stacks(self) -> list[dict]:
        """Squares of the loop and home columns holding two or more pieces."""
        by: dict = {}
        for p in range(len(self.pos)):
            k = move.square_key(self, p)
            if k is not None:
                by.setdefault(k, []).append(p)
        out = []
        for k, ps in sorted(by.items(), key=lambda kv: kv[0]):
            if len(ps) > 1:
                out.append({"square": k if k < move.HOME_KEY else None,
                            "pieces": [piece_name(p) for p in ps]})
        return out

    def snapshot(self, seat: int | None = None, *, full: bool = False) -> dict:
        """JSON-able picture (no hidden information: every view is the same; ``full`` is
        accepted like the other games')."""
        n = self.game.num_players
        b = self.b
        snap = {
            "game": "aeroplane_chess",
            "preset": self.game.preset,
            "players": n,
            "phase": self.phase,
            "to_move": self._current_player(),
            "turn": self.turn,
            "roller": self.roller,
            "die": self.die,
            "sixes": self.sixes,
            "planes": {piece_name(p): self.plane(p) for p in range(4 * n)},
            "finished": {b.colours[s]: sum(1 for p in range(4 * s, 4 * s + 4) if self.pos[p] == b.finish)
                         for s in range(n)},
            "stacks": self.stacks(),
            "sides": [[0, 2], [1, 3]] if self.r.tour else None,
            "pending": None,
            "last_move": None if self.last is None else
            {k: list(v) if isinstance(v, list) else v for k, v in self.last.items()},
            "places": list(self.places),
            "winner": None if self.winner is None else list(self.winner),
        }
        if self.phase == "effect":
            kind, arg = self.ctx["effect"]
            snap["pending"] = {"effect": kind,
                               "target": [piece_name(q) for q in arg] if kind == "capture" else arg}
        return snap

    def to_text(self) -> str:
        b = self.b
        n = self.game.num_players
        cp = self._current_player()
        who = {CHANCE: "chance", TERMINAL: "over"}.get(cp, SEAT_NAMES[cp] if cp >= 0 else str(cp))
        lines = [f"{self.game.preset} {n}p phase={self.phase} to_move={who} "
                 f"turn={SEAT_NAMES[self.turn]} roller={SEAT_NAMES[self.roller]} die={self.die}"]
        for s in range(n):
            parts = {"base": [], "takeoff": [], "path": [], "home": [], "finish": []}
            for p in range(4 * s, 4 * s + 4):
                v = self.pos[p]
                nm = piece_name(p)
                if v == -1:
                    parts["base"].append(nm)
                elif v == 0:
                    parts["takeoff"].append(nm)
                elif v < -1:
                    parts["path"].append(f"{nm}@entry-{b.short_of_entry(v)}(sq{b.sq[s][v]})")
                elif v <= b.loop_steps:
                    parts["path"].append(f"{nm}@{v}(sq{b.sq[s][v]})")
                elif v < b.finish:
                    parts["home"].append(f"{nm}@{v}")
                else:
                    parts["finish"].append(nm)
            lines.append(f"{SEAT_NAMES[s]:<6} " + " | ".join(
                f"{k} {' '.join(v) if v else '-'}" for k, v in parts.items()))
        st = self.stacks()
        if st:
            lines.append("stacks " + " ".join("+".join(x["pieces"]) + (f"@sq{x['square']}"
                                              if x["square"] is not None else "") for x in st))
        if self.last:
            lines.append(f"last {'+'.join(self.last['pieces'])}: "
                         + ">".join(str(s) for s in self.last["steps"]))
        if self.winner:
            lines.append("winner " + "+".join(SEAT_NAMES[s] for s in self.winner))
        return "\n".join(lines)
