"""Aeroplane Chess: the declared turn flow (flow.py) and the one action codec (actions.py)."""
from __future__ import annotations

import random

import pytest

from racekit import load_game
from racekit.core.state import CHANCE, TERMINAL
from racekit.games.aeroplane_chess import actions as A
from racekit.games.aeroplane_chess import flow, text
from racekit.games.aeroplane_chess.game import GAME_TYPE

SETTINGS = [
    ("family", 4, {}),
    ("family", 3, {"optional_effects": True, "jump_fly": "on", "capture_on_fly_path": True}),
    ("tournament", 4, {"optional_effects": True}),
    ("tournament", 4, {"finished_player": "roll_for_partner", "teammate_overrun": "refuse"}),
]


def test_the_declaration_holds_the_action_count_and_a_length_bound():
    assert GAME_TYPE.num_distinct_actions == A.NUM_DISTINCT_ACTIONS == A.MOVE + (1 << 16)
    assert GAME_TYPE.max_game_length > 0


def test_every_phase_is_declared_once_with_its_words():
    assert set(flow.PHASES) == set(text.PHASES)


@pytest.mark.parametrize("preset,players,options", SETTINGS)
def test_the_codec_and_the_flow_agree_with_the_engine(preset, players, options):
    """Every id met in play is below the declared bound, decodes to a kind its phase takes,
    and its name parses back to the id; each phase is followed only by a declared one."""
    game = load_game("aeroplane_chess", players=players, preset=preset, **options)
    for seed in range(3):
        st = game.new_initial_state()
        rng = random.Random(seed)
        while not st.is_terminal() and st.ply < 1500:
            phase = flow.PHASES[st.phase]
            cp = st.current_player()
            assert phase.actor == ("chance" if cp == CHANCE else "roller")
            if cp == CHANCE:
                ids = [a for a, _ in st.chance_outcomes()]
            else:
                assert cp == st.roller
                ids = st.legal_actions()
            for a in ids:
                assert 0 <= a < GAME_TYPE.num_distinct_actions
                kind, _ = A.decode(a)
                assert kind in phase.takes, (st.phase, a)
                name = st.action_to_string(a)
                assert A.parse(name) == a
            before = st.phase
            st.apply_action(rng.choice(ids))
            assert st.phase in phase.follows, (before, st.phase)
        if st.is_terminal():
            assert flow.PHASES[st.phase].actor == "nobody" and st.current_player() == TERMINAL


def test_ids_outside_the_codec_are_refused_by_name():
    with pytest.raises(ValueError, match="no action"):
        A.decode(GAME_TYPE.num_distinct_actions)
    with pytest.raises(ValueError, match="no action"):
        A.decode(7)
    assert A.name(A.MOVE + 0b11, 8, 0) == "move R1+R2"
    with pytest.raises(ValueError, match="no action"):
        A.name(A.MOVE + (1 << 8), 8, 0)   # B1 (bit 8) is not in a game of 8 planes


LAYERS = ["actions", "board", "finish", "launch", "capture", "move", "turn", "flow", "state",
          "setup", "invariants", "game"]


def test_modules_import_downward_only():
    """Each rules module imports only modules below it in the layout (the package docstring):
    no rule module imports flow, state or game."""
    import ast
    from pathlib import Path

    import racekit.games.aeroplane_chess as pkg
    here = Path(pkg.__file__).parent
    for i, name in enumerate(LAYERS):
        tree = ast.parse((here / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                used = [node.module] if node.module else [a.name for a in node.names]
                for mod in used:
                    assert mod.split(".")[0] not in LAYERS[i:], f"{name}.py imports {mod}"
