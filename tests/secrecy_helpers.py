"""Two worlds that differ only in one seat's secret (the attacker tests' fixture).

World A is a seeded random game. World B replays A's line, except at one ply whose
history entry is private to a seat other than the viewer (a card drawn, a plan
committed): there B takes another legal outcome or action. B then replays A's later
plies for as long as they are legal in B and the viewer's ``history_for`` is the
same in both worlds, i.e. for as long as the viewer has seen nothing that tells the
worlds apart. Every surface shown to the viewer (views, pages, pictures) must then be
the same in A and B; the first ply at which the viewer's history differs is where the
secret became public (a card played face up, the plans revealed).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import racekit


@dataclass
class Twins:
    game: object
    viewer: int
    owner: int          # the seat whose secret differs
    ply: int            # the ply at which B differs from A
    line_a: list
    line_b: list        # as long as the plies the viewer cannot tell apart (then one more, if any)
    same: int           # plies 0..same of both lines give the viewer identical histories
    viewer_decisions: int   # decisions of the viewer inside the identical stretch


def random_line(game, seed: int, max_plies: int = 3000) -> list[int]:
    rng = random.Random(seed)
    state = game.new_initial_state(record_events=False)
    line = []
    while not state.is_terminal() and len(line) < max_plies:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, weights)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        line.append(action)
    return line


def _build(game, line_a, start, k, alt, viewer, cap):
    """From ``start`` (the state before ply ``k``): B's line and how far the viewer sees no difference."""
    a, b = start.clone(), start.clone()
    a.apply_action(line_a[k])
    b.apply_action(alt)
    line_b = line_a[:k] + [alt]
    decisions = 0
    same = k + 1
    if a.history_for(viewer) != b.history_for(viewer):
        return line_b, k, 0
    for action in line_a[k + 1:k + 1 + cap]:
        if not a.is_terminal() and not a.is_chance_node() and a.current_player() == viewer:
            decisions += 1
        try:
            b.apply_action(action)
        except Exception:   # not legal in B: the secret made a difference the viewer sees now
            break
        a.apply_action(action)
        line_b.append(action)
        if a.history_for(viewer) != b.history_for(viewer):
            break
        same = len(line_b)
    return line_b, same, decisions


def twins(game_id: str, viewer: int = 0, seed: int = 1, min_same: int = 12, min_decisions: int = 2,
          kinds=("chance", "decision"), cap: int = 60, phases=None, when=None, differs=None,
          **options) -> Twins:
    """Two worlds for ``viewer``: the first private ply of another seat after which the viewer
    sees at least ``min_same`` identical plies holding ``min_decisions`` of its decisions (the
    stretch is followed for at most ``cap`` plies; ``phases``: only secrets made in these phases;
    ``when(state)``: only where this holds; ``differs(a, b)``: an alternative only when the
    two worlds right after the secret satisfy it, e.g. a hand of another weight)."""
    game = racekit.load_game(game_id, **options)
    for s in range(seed, seed + 20):
        line_a = random_line(game, s)
        state = game.new_initial_state(record_events=False)
        for k, action in enumerate(line_a):
            owner = state._private_to(action)
            chance = state.is_chance_node()
            if (owner is not None and owner != viewer and ("chance" if chance else "decision") in kinds
                    and (phases is None or state.phase in phases) and (when is None or when(state))):
                options_now = ([o for o, _ in state.chance_outcomes()] if chance
                               else state.legal_actions())
                for alt in options_now:
                    if alt == action:
                        continue
                    if differs is not None:
                        a, b = state.clone(), state.clone()
                        a.apply_action(action)
                        b.apply_action(alt)
                        if not differs(a, b):
                            continue
                    line_b, same, decisions = _build(game, line_a, state, k, alt, viewer, cap)
                    if same - k >= min_same and decisions >= min_decisions:
                        return Twins(game, viewer, owner, k, line_a, line_b, same, decisions)
                    break
            state.apply_action(action)
    raise AssertionError(f"no twin worlds for {game_id} {options}")


def replay(game, line):
    state = game.new_initial_state()
    for action in line:
        state.apply_action(action)
    return state
