"""Snow Tails: the declared turn flow (flow.py), the one action codec (actions.py) and the
module layering (imports go downward only)."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from racekit import load_game
from racekit.core.state import CHANCE, TERMINAL
from racekit.games.snow_tails import actions as A
from racekit.games.snow_tails import flow, text
from racekit.games.snow_tails.consts import PHASES as PHASE_NAMES
from racekit.games.snow_tails.game import GAME_TYPE

SETTINGS = [
    (4, {}),
    (2, {"slot_selection": "random", "deck_exhaust": "no_reshuffle", "elim_check": "immediate"}),
    (5, {"slot_selection": "fill_from_1", "bonus_round1": True, "bonus_requires_move": False,
         "bonus_partial": True, "collision_damage": 1, "dent_supply": 20}),
    (3, {"track": "straight4", "no_refill_scope": "sled_and_wall", "end": "first_cross_round",
         "bonus_blocked": "refuse_if_blocked", "bonus_after_stop": True}),
]


def test_the_declaration_holds_the_action_count_and_a_length_bound():
    assert GAME_TYPE.num_distinct_actions == A.NUM_DISTINCT_ACTIONS == A.MOVE_END
    assert GAME_TYPE.max_game_length > 0


def test_every_phase_is_declared_once_in_order_with_its_words():
    assert tuple(p.name for p in flow.PHASES) == PHASE_NAMES
    assert set(PHASE_NAMES) == set(text.PHASES)


def _actor(st, phase):
    if phase.actor == "chance":
        return CHANCE
    if phase.actor == "nobody":
        return TERMINAL
    if phase.actor == "placer":
        return st.placers[st.placer]
    return st.order[st.tidx]


@pytest.mark.parametrize("players,options", SETTINGS)
def test_the_codec_and_the_flow_agree_with_the_engine(players, options):
    """Every id met in play is below the declared bound, decodes to a kind its phase takes,
    and its name parses back to the id; the phase's declared actor acts; each phase is
    followed only by a declared one."""
    game = load_game("snow_tails", players=players, **options)
    seen = set()
    for seed in range(3):
        st = game.new_initial_state()
        rng = random.Random(seed)
        while not st.is_terminal() and st.ply < 800:
            phase = flow.PHASES[st.ph]
            cp = st.current_player()
            assert cp == _actor(st, phase), (phase.name, cp)
            if cp == CHANCE:
                ids = [a for a, _ in st.chance_outcomes()]
            else:
                ids = st.legal_actions()
            for a in ids:
                assert 0 <= a < GAME_TYPE.num_distinct_actions
                kind, _ = A.decode(a)
                assert kind in phase.takes, (phase.name, a)
                assert st.string_to_action(st.action_to_string(a)) == a
            before = st.ph
            st.apply_action(rng.choice(ids))
            assert st.ph in phase.follows, (phase.name, PHASE_NAMES[st.ph])
            seen.add((before, st.ph))
        if st.is_terminal():
            assert flow.PHASES[st.ph].actor == "nobody"
    assert len(seen) > 5


def test_ids_outside_the_codec_are_refused_by_name():
    for bad in (0, 7, 30, 99, 400, A.NUM_DISTINCT_ACTIONS, -1):
        with pytest.raises(ValueError, match="no action"):
            A.decode(bad)
    assert A.decode(A.play_id(0, 4, 4)) == (A.PLAY, (0, 4, 4))
    assert A.decode(A.stack_id(1, 3)) == (A.STACK, (1, 3))
    assert A.decode(A.move_id([A.F, A.DR])) == (A.MOVE, (A.F, A.DR))
    assert A.name(A.first_id(1), ["Red", "Blue"]) == "first player Blue"
    assert A.parse("random slot 2", True, ["Red", "Blue"]) == A.random_slot_id(2)
    assert A.parse("play 3 3 to R", False, ["Red", "Blue"]) == A.stack_id(1, 3)


LAYERS = ["consts", "actions", "tracks", "refill", "order", "play", "move", "setup", "flow",
          "state", "game"]
TOP = {"flow", "state", "game"}


def _relative_imports(path: Path):
    """``(module, line)`` of every import of a sibling module, function-level ones included."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [a.name for a in node.names]
            for mod in names:
                yield mod.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "racekit.games.snow_tails."):
            yield node.module.split(".")[3], node.lineno


def test_modules_import_downward_only():
    """Each module of the layout (the package docstring) imports only modules listed before
    it; no other module imports flow, state or game."""
    import racekit.games.snow_tails as pkg
    here = Path(pkg.__file__).parent
    for path in sorted(here.glob("*.py")) + [here / "tracks" / "__init__.py"]:
        name = "tracks" if path.parent.name == "tracks" else path.stem
        for mod, line in _relative_imports(path):
            if mod == "tracks" and path.parent.name == "tracks":
                continue
            if name in LAYERS:
                assert mod not in LAYERS[LAYERS.index(name):], f"{name}.py:{line} imports {mod}"
            else:
                assert mod not in TOP, f"{name}.py:{line} imports {mod}"
