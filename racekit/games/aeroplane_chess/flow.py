"""The turn flow of Aeroplane Chess, declared in one place.

    first   (chance: who starts; family game with first_player=random, AC-AMB-09)
      -> roll
    roll    (chance: the roller's die, params.die_faces, AC-FAM-TURN-1, AC-TOUR-TURN-1)
      -> the last six of penalty_sixes in a row under three_sixes_penalty: penalty, next turn
         (AC-AMB-23)
      -> no legal move: the roll passes (AC-BOTH-MOVE-2), then "after the roll"
      -> else move
    move    (the roller picks a plane or a stack group, AC-FAM-MOVE-1, AC-TOUR-STACK-2)
      -> the die walk, captures, jumps and flights (move.py, capture.py, launch.py)
      -> an optional effect under optional_effects: effect
      -> a win: over (AC-FAM-GOAL-1, AC-TOUR-WIN-1); else "after the roll"
    effect  (the mover takes or declines a capture, jump or flight, AC-AMB-06)
      -> back into the move, as above
    after the roll: an extra roll on a 6 (params.bonus_face; AC-TOUR-SIX-1, AC-AMB-08, AC-AMB-15) or on a
      finish (AC-AMB-11)
      -> chained_giftable with a teammate still out: bonus
      -> else roll (the same roller); no extra roll: next turn, then roll
    bonus   (keep the extra roll or give it to the teammate, AC-TOUR-SIX-2) -> roll
    next turn: the next seat in order that can play (AC-AMB-09, AC-AMB-12, AC-AMB-14, AC-AMB-22)
    over    (terminal)

:data:`PHASES` declares each phase as data: who acts, the kinds of action it takes, its
choices, the function that applies an action, and the phases that can follow.
:func:`apply` routes an action there. Rule modules never import this one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from racekit.core.state import CHANCE, TERMINAL

from . import actions as A
from . import move, turn
from .params import DEFAULTS, die_outcomes


class _Rulebook:
    die_faces = DEFAULTS["die_faces"]


DIE_OUTCOMES = die_outcomes(_Rulebook)
"""The rulebook's die (params.die_faces at its default); a configured game rolls
``game.rules.die`` (AC-FAM-TURN-1). The action id of a roll is its face."""


# ----- what each phase's action does ------------------------------------------------------

def _first_player(st, seat: int) -> None:
    """AC-AMB-09: the drawn seat takes the first turn."""
    st.turn = st.roller = seat
    st.phase = "roll"
    st.emit("first_player", [seat], ["AC-AMB-09"])


def _roll(st, d: int) -> None:
    if turn.roll(st, d):                       # AC-AMB-23: the run's last six ends the turn
        return _next_turn(st)
    st._moves = move.legal_moves(st)           # kept: the move phase asks for them next
    if not st._moves:
        turn.no_move(st)                       # AC-BOTH-MOVE-2
        return _after_roll(st, moved=False)
    st.phase = "move"


def _move(st, mask: int) -> None:
    if move.execute(st, mask):
        _after_move(st)


def _effect(st, answer) -> None:
    _effect_kind, yes = answer
    if move.decide(st, yes):
        _after_move(st)


def _bonus(st, to) -> None:
    """Keep the extra roll (``to`` is None) or give it to seat ``to``."""
    if to is None:
        turn.keep(st)
    else:
        turn.give(st, to)
    _roll_again(st)


# ----- what follows ----------------------------------------------------------------------

def _after_move(st) -> None:
    if st.phase != "over":
        _after_roll(st, moved=True)


def _after_roll(st, moved: bool) -> None:
    """An extra roll (kept, or to keep or give), or the next turn."""
    extra = turn.extra_roll(st, moved)
    if extra is None:
        return _next_turn(st)
    if extra == "bonus":
        st.phase = "bonus"                     # AC-TOUR-SIX-2
        return
    _roll_again(st)


def _next_turn(st) -> None:
    turn.next_turn(st)
    if st.phase != "over":          # the turn_limit option may end the game here
        _roll_again(st)


def _roll_again(st) -> None:
    st.phase = "roll"
    st.die = None


# ----- the choices of each phase --------------------------------------------------------

def _who_starts(st) -> list[tuple[int, float]]:
    n = st.game.num_players
    return [(A.FIRST + s, 1.0 / n) for s in range(n)]


def _die(st) -> list[tuple[int, float]]:
    return list(st.r.die)


def _keep_or_give(st) -> list[int]:
    return [A.KEEP, A.GIVE + st.r.mate[st.roller]]


def _take_or_decline(st) -> list[int]:
    return list(A.EFFECT[st.ctx["effect"][0]])


# ----- the phases ------------------------------------------------------------------------

@dataclass(frozen=True)
class Phase:
    """One phase of the turn flow.

    Attributes:
        actor: ``"chance"``, ``"roller"`` (``st.roller`` decides) or ``"nobody"`` (game over).
        takes: the kinds of action it takes (:func:`actions.kind`).
        choices: ``choices(state)``: the chance outcomes ``[(id, probability)]`` or the legal
            decision ids.
        apply: ``apply(state, value)`` with the action's decoded value (:func:`actions.decode`).
        follows: the phases the game can be in once the action is applied.
    """

    actor: str
    takes: tuple = ()
    choices: Callable | None = None
    apply: Callable | None = None
    follows: tuple = ()


PHASES = {
    "first": Phase("chance", (A.FIRST_PLAYER,), _who_starts, _first_player, ("roll",)),
    "roll": Phase("chance", (A.ROLL,), _die, _roll, ("move", "roll", "bonus")),
    "move": Phase("roller", (A.MOVE_GROUP,), move.legal_moves, _move,
                  ("effect", "roll", "bonus", "over")),
    "effect": Phase("roller", (A.EFFECT_ANSWER,), _take_or_decline, _effect,
                    ("effect", "roll", "bonus", "over")),
    "bonus": Phase("roller", (A.KEEP_ROLL, A.GIVE_ROLL), _keep_or_give, _bonus, ("roll",)),
    "over": Phase("nobody"),
}


def current_player(st) -> int:
    """``CHANCE``, ``TERMINAL`` or the seat that decides (the roller)."""
    actor = PHASES[st.phase].actor
    if actor == "chance":
        return CHANCE
    if actor == "nobody":
        return TERMINAL
    return st.roller


def legal(st) -> list[int]:
    """The legal decisions (a list the state may cache; callers get copies)."""
    phase = PHASES[st.phase]
    return phase.choices(st) if phase.actor == "roller" else []


def chance_outcomes(st) -> list[tuple[int, float]]:
    """``[(outcome id, probability)]`` at a chance phase (a new list), else ``[]``."""
    phase = PHASES[st.phase]
    return phase.choices(st) if phase.actor == "chance" else []


def apply(st, action: int) -> None:
    """Apply one legal action (decision or chance outcome) in the current phase."""
    _kind, value = A.decode(action)
    PHASES[st.phase].apply(st, value)
