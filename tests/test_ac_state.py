"""Aeroplane Chess: illegal actions, action names, set-ups, snapshots, text, board data."""
import json

import pytest

from racekit.core.errors import OptionError

from racekit.boards.loop import LoopTrack, crossed_cell
from racekit.core.errors import FileFormatError, IllegalActionError, SetupError
from racekit.core.yamlfile import load_data_file
from racekit.games.aeroplane_chess.board import BOARDS_DIR, BoardFile, load_board
from test_ac_helpers import frozen, legal, mk, play, step


# ----- illegal actions leave the state unchanged and name the clause ------------------------

REFUSALS = [
    # (preset, setup, options, steps before, refused action, clause)
    ("tournament", {"planes": {"R1": 48, "B1": {"square": 47}}}, {}, ["roll 5"], "move R1+B1",
     "AC-TOUR-STACK-3"),
    ("tournament", {"planes": {"R1": 10, "B1": {"square": 9}}, "to_move": "blue"}, {}, ["roll 3"],
     "move R1", "AC-TOUR-STACK-2"),
    ("tournament", {"planes": {"R1": 10, "B1": {"square": 9}}}, {"teammate_overrun": "refuse"},
     ["roll 4"], "move R1+B1", "AC-AMB-27"),
    ("tournament", {"planes": {"R1": 10, "B1": {"square": 9}}},
     {"teammate_overrun": "refuse", "optional_effects": True}, ["roll 4"], "move R1+B1", "AC-AMB-27"),
    ("tournament", {"planes": {"R1": 10, "B1": 20}}, {}, ["roll 3"], "move R1+B1", "AC-TOUR-STACK-1"),
    ("tournament", {"planes": {"R1": 10, "Y1": {"square": 9}}}, {"optional_effects": True}, ["roll 3"],
     "move R1+Y1", "AC-TOUR-STACK-2"),
    ("tournament", {}, {}, ["roll 6"], "move R1+R2", "AC-TOUR-STACK-1"),
    ("tournament", {"planes": {"R1": 10}}, {}, ["roll 3"], "move R2", "AC-TOUR-LAUNCH-1"),
    ("tournament", {"planes": {"R1": 10}}, {}, [], "move R1", "AC-BOTH-MOVE-1"),
    ("tournament", {"planes": {"R1": 10}}, {}, ["roll 3"], "keep extra roll", "AC-TOUR-SIX-2"),
    ("tournament", {"planes": {"R1": 10}}, {}, ["roll 3"], "jump", "AC-AMB-06"),
    ("family", {"planes": {"R1": 10}}, {}, ["roll 3"], "move Y1", "AC-FAM-MOVE-1"),
    ("family", {"planes": {"R1": 10, "R2": 10}}, {}, ["roll 3"], "move R1+R2", "AC-AMB-10"),
    ("family", {"planes": {"R1": 53}}, {"overshoot": "exact_only"}, ["roll 5"], "move R1",
     "AC-FAM-FINISH-1"),
    ("family", {"planes": {"R1": "finish"}}, {}, ["roll 2"], "move R1", "AC-FAM-FINISH-4"),
    ("family", {}, {"captured_to": "base", "launch_rolls": "6"}, ["roll 6"], "move R1+G4",
     "AC-FAM-MOVE-1"),
    ("family", {}, {}, ["roll 2"], "move G1", "AC-FAM-COMP-1"),
]


@pytest.mark.parametrize("preset,setup,options,before,refused,clause", REFUSALS)
def test_illegal_actions_are_refused_naming_the_clause(preset, setup, options, before, refused, clause):
    players = 2 if refused == "move G1" else None
    s = mk(preset, setup=setup, players=players, **options)
    play(s, *before)
    snap = frozen(s)
    n_events = len(s.events)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(s.string_to_action(refused))
    assert err.value.clause == clause, str(err.value)
    assert err.value.legal == [s.action_to_string(a) for a in
                               (s.legal_actions() or [o for o, _ in s.chance_outcomes()])]
    assert frozen(s) == snap and len(s.events) == n_events


def test_unknown_action_text_is_refused():
    s = mk("tournament")
    with pytest.raises(IllegalActionError):
        s.string_to_action("dance")
    with pytest.raises(IllegalActionError):
        s.apply_action(99999999)


# ----- action names ---------------------------------------------------------------------------

def test_action_names_are_short_and_unique():
    s = mk("tournament", setup={"planes": {"R1": 38, "R2": 38, "B1": {"square": 37}, "B2": {"square": 37}},
                                "phase": "move", "die": 1})
    names = [s.action_to_string(a) for a in s.legal_actions()]
    assert len(names) == len(set(names)) == 3 * 4  # own subsets (3) x teammate subsets (4)
    for a in s.legal_actions():
        assert s.string_to_action(s.action_to_string(a)) == a
    assert "move R1+R2+B1+B2" in names


def test_chance_names():
    s = mk("tournament")
    assert [s.action_to_string(o) for o, _ in s.chance_outcomes()] == [f"roll {k}" for k in range(1, 7)]
    assert s.string_to_action("roll 6") == 6


# ----- set-ups -------------------------------------------------------------------------------

@pytest.mark.parametrize("setup,field", [
    ({"planes": {"X9": 3}}, "planes.X9"),
    ({"planes": {"R1": 57}}, "planes.R1"),
    ({"planes": {"R1": {"square": 52}}}, "planes.R1"),
    ({"planes": {"R1": {"home": 6}}}, "planes.R1"),
    ({"planes": {"R1": 10, "Y1": {"square": 9}}}, "planes.Y1"),  # enemies cannot share a square
    ({"to_move": "purple"}, "to_move"),
    ({"to_move": 7}, "to_move"),
    ({"phase": "move"}, "die"),
    ({"phase": "move", "die": 3}, "die"),                       # no legal move: would pass
    ({"phase": "dance"}, "phase"),
    ({"bogus": 1}, "bogus"),
    ({"planes": {**{f"R{k}": "finish" for k in range(1, 5)}, **{f"B{k}": "finish" for k in range(1, 5)}}},
     "planes"),
    ({"planes": {f"R{k}": "finish" for k in range(1, 5)}}, "to_move"),
    ({"to_move": "blue", "turn": "yellow"}, "to_move"),
])
def test_setup_errors_name_the_field(setup, field):
    with pytest.raises(SetupError) as err:
        mk("tournament", setup=setup)
    assert err.value.field == field, str(err.value)


def test_setup_family_two_players_has_no_green():
    with pytest.raises(SetupError) as err:
        mk("family", players=2, setup={"planes": {"G1": 4}})
    assert err.value.field == "planes.G1"


def test_setup_positions_and_phase():
    s = mk("tournament", setup={"planes": {"R1": 10, "Y2": {"square": 20}, "B3": {"home": 2}, "G4": "takeoff"},
                                "rest": "finish", "to_move": "green", "phase": "move", "die": 2})
    snap = s.snapshot()
    assert snap["planes"]["R1"] == {"seat": 0, "where": "loop", "step": 10, "square": 9,
                                    "short_of_entry": 0}
    assert snap["planes"]["Y2"] == {"seat": 1, "where": "loop", "step": 8, "square": 20, "short_of_entry": 0}
    assert snap["planes"]["B3"] == {"seat": 2, "where": "home", "step": 52, "square": None, "short_of_entry": 0}
    assert snap["planes"]["G4"] == {"seat": 3, "where": "takeoff", "step": 0, "square": None, "short_of_entry": 0}
    assert snap["planes"]["R2"]["where"] == "finish" and snap["planes"]["Y1"]["where"] == "finish"
    assert snap["to_move"] == 3 and snap["die"] == 2 and legal(s) == ["move G4"]


def test_setup_bonus_phase():
    s = mk("tournament", setup={"planes": {"R1": 16}, "phase": "bonus", "die": 6})
    assert legal(s) == ["give extra roll to Blue", "keep extra roll"]


# ----- snapshot and text ------------------------------------------------------------------------

def test_snapshot_is_json_and_complete():
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}}})
    play(s, "roll 4", "move R1")
    snap = s.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    for key in ("preset", "players", "phase", "to_move", "turn", "roller", "die", "planes", "finished",
                "stacks", "sides", "last_move", "winner"):
        assert key in snap
    assert snap["last_move"] == {"seat": 0, "pieces": ["R1"], "steps": [10, 11, 12, 13, 14, 18, 30]}
    assert snap["finished"] == {"red": 0, "yellow": 0, "blue": 0, "green": 0}
    assert s.snapshot(seat=1) == snap


def test_to_text_is_compact():
    s = mk("tournament", setup={"planes": {"R1": 10, "B1": {"square": 9}}})
    text = s.to_text()
    assert text.splitlines()[0].startswith("tournament 4p phase=roll to_move=chance turn=Red")
    assert "R1@10(sq9)" in text and "stacks R1+B1@sq9" in text
    assert len(text.splitlines()) == 6


def test_clone_is_independent():
    s = mk("tournament", setup={"planes": {"R1": 10}})
    play(s, "roll 6")
    c = s.clone()
    play(c, "move R1")
    assert step(s, "R1") == 10 and step(c, "R1") == 16
    assert s.history() == [6] and c.history() == [6, 100 + 1]


def test_event_text_templates_render_every_kind():
    from racekit.games.aeroplane_chess.text import TEMPLATES
    s = mk("tournament", setup={"planes": {"R1": 15, "G1": {"square": 33}}})
    play(s, "roll 3", "move R1")
    lines = [s.game.render(e) for e in s.events]
    assert lines[0] == "Red rolls a 3. [AC-TOUR-TURN-1]"
    assert any("flies along the dashed line from step 18 to step 30" in x for x in lines)
    assert any(x.startswith("Red sends G1 back to its base.") for x in lines)
    assert {"roll", "move", "fly", "jump", "capture", "turn", "win", "gift", "keep"} <= set(TEMPLATES)


# ----- board data ---------------------------------------------------------------------------------

def test_AC_AMB_01_standard52_board_model():
    """AC-AMB-01: the kit board model of spec section 1, loaded from standard52.yaml."""
    b = load_board()
    assert (b.loop_len, b.entries, b.loop_steps, b.finish) == (52, (0, 13, 26, 39), 50, 56), "AC-AMB-01"
    assert sorted(b.own) == list(range(2, 51, 4))
    assert (b.fly_from, b.fly_to, b.jump) == (18, 30, 4)
    assert b.sq[0][1] == 0 and b.sq[1][1] == 13 and b.sq[3][14] == 0 and b.sq[2][50] == 23
    # loop squares cycle green, red, yellow, blue
    assert [b.square_owner[i] for i in range(8)] == [3, 0, 1, 2, 3, 0, 1, 2]


def test_AC_AMB_17_dashed_line_crosses_opposite_third_home_square():
    """AC-AMB-17: computed from the layout, each dashed line crosses the opposite colour's 3rd home square."""
    b = load_board()
    assert b.crossing == {0: (2, 53), 1: (3, 53), 2: (0, 53), 3: (1, 53)}


def test_board_file_is_validated(tmp_path):
    text = (BOARDS_DIR / "standard52.yaml").read_text().replace("shortcut: {from: 18, to: 30}",
                                                                "shortcut: {from: 19, to: 30}")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    with pytest.raises(FileFormatError, match="shortcut"):
        load_data_file(bad, BoardFile)
    text = (BOARDS_DIR / "standard52.yaml").read_text().replace("entries: [0, 13, 26, 39]",
                                                                "entries: [0, 13, 26]")
    bad.write_text(text)
    with pytest.raises(FileFormatError, match="entries"):
        load_data_file(bad, BoardFile)


def test_custom_board_file_is_accepted(tmp_path, monkeypatch):
    good = tmp_path / "boards" / "mine.yaml"
    good.parent.mkdir()
    good.write_text((BOARDS_DIR / "standard52.yaml").read_text().replace("id: standard52", "id: mine"))
    monkeypatch.chdir(tmp_path)   # a typed path is relative to the current folder
    s = mk("tournament", board="boards/mine.yaml")
    assert s.b.id == "mine"
    for bad, why in [(str(good), "no absolute paths"), ("../x/mine.yaml", "may not contain '..'"),
                     ("../../etc/passwd", "may not contain '..'"), ("/dev/zero", "no absolute paths")]:
        with pytest.raises(OptionError, match=why):
            mk("tournament", board=bad)


def test_loop_geometry_helpers():
    t = LoopTrack(52, (0, 13, 26, 39))
    assert t.square(2, 1) == 26 and t.step(2, 26) == 1 and t.step(0, 51) == 52
    assert t.walk(50, 3) == [51, 0, 1] and t.distance(50, 1) == 3
    assert crossed_cell((-1, 0), (1, 0), [(0, 1), (0, 0.01), (0, -1)], 0.1) == 1
    assert crossed_cell((-1, 0), (1, 0), [(0, 1)], 0.1) is None
    with pytest.raises(ValueError):
        LoopTrack(52, (0, 0))
