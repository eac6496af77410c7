"""Rule numbers as declared parameters (racekit.core.game.Param, GameType.params).

The core: validation, errors naming the parameter and its bounds, did-you-mean, settings and
files (scenario, save) carrying them, the house-rule line, ``-p`` on the command line. Leaf
Marathon: every parameter changed away from the rulebook plays differently in the engine, and
the compiled and Python kernels still play exactly the engine's games under it; the careful
agent's look-ahead follows a changed parameter; no rule number of the table is written as a
literal elsewhere in the game's source.
"""
import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from racekit import OptionError, load_game
from racekit.cli import app
from racekit.core.game import Param, game_class, shipped_names
from racekit.core.savefile import replay_save, save_game
from racekit.core.scenarios import run_scenario
from racekit.core.session import Session
from racekit.games.leaf_marathon.params import DEFAULTS, PARAMS
from racekit.sim.playouts import agent_playout

LM = "leaf_marathon"
LM_DIR = Path(__file__).resolve().parents[1] / "racekit" / "games" / "leaf_marathon"

# one non-default value per parameter, chosen so that it shows in a few random games
CHANGED = {
    "opening_hand": 7, "action_bonus": 2, "two_for_three_draw": 1, "shed_draw": 2,
    "weight_divisor": 3, "weapon_range": 5, "forest_stamina_cost": 4, "first_points": 5,
    "second_points": 0, "third_points": 2, "leg_hand": 3, "goh_distance": 3,
    "scavenge_cards": 1, "ffr_cost": 3, "buff_c_regen": 3, "terrain_die": 12,
    "draft_deal": 2, "buff_a_stamina": 3, "buff_a_limit": 3, "buff_b_move": 2,
}


# ----- the core ------------------------------------------------------------------------------

def test_every_leaf_marathon_parameter_has_a_changed_value_here():
    assert sorted(CHANGED) == sorted(p.name for p in PARAMS)
    for p in PARAMS:
        assert CHANGED[p.name] != p.default and p.low <= CHANGED[p.name] <= p.high


def test_parameter_names_do_not_repeat_option_names_and_cite_a_clause_of_the_game():
    for gid in shipped_names():
        gt = game_class(gid).game_type
        assert not {o.name for o in gt.options} & {p.name for p in gt.params}, gid
        assert len({p.name for p in gt.params}) == len(gt.params), gid
    clauses = (LM_DIR / "clauses.yaml").read_text()
    for p in PARAMS:
        assert p.clause.startswith("LM-") and p.clause in clauses, p.name
        assert p.doc and p.type is int


def test_default_game_has_the_rulebook_numbers_and_no_params_in_its_settings():
    game = load_game(LM)
    assert game.params.as_dict() == DEFAULTS
    assert game.param("forest_stamina_cost") == game.params.forest_stamina_cost == 2
    assert "params" not in game.settings() and game.house_rules() == []


def test_a_changed_parameter_is_validated_carried_and_shown():
    game = load_game(LM, params={"forest_stamina_cost": "3"})
    assert game.params.forest_stamina_cost == 3
    assert game.settings()["params"] == {"forest_stamina_cost": 3}
    assert game.house_rules() == ["house rule: forest_stamina_cost = 3 (rulebook: 2, LM-TERRAIN-FOREST-1)"]
    assert "forest_stamina_cost=3" in repr(game)
    with pytest.raises(AttributeError):
        game.params.forest_stamina_cost = 4


@pytest.mark.parametrize("value", [11, -1, "eleven", True, 2.5, None, "1e999"])
def test_a_bad_value_is_refused_naming_the_parameter_and_its_bounds(value):
    with pytest.raises(OptionError) as err:
        load_game(LM, params={"forest_stamina_cost": value})
    text = str(err.value)
    assert "forest_stamina_cost" in text and "0 to 10" in text and "LM-TERRAIN-FOREST-1" in text
    assert err.value.field == "params.forest_stamina_cost"


def test_an_unknown_parameter_gets_did_you_mean():
    with pytest.raises(OptionError) as err:
        load_game(LM, params={"forest_stamina_costs": 3})
    assert "did you mean forest_stamina_cost" in str(err.value)
    assert err.value.field == "params.forest_stamina_costs"
    with pytest.raises(OptionError, match="forest_cost is a rule option"):
        load_game(LM, params={"forest_cost": 3})
    with pytest.raises(OptionError, match="mapping"):
        load_game(LM, params=[("forest_stamina_cost", 3)])


def test_a_float_parameter_takes_numbers_and_text():
    p = Param("odds", 0.5, "X-1", 0.0, 1.0, "a chance")
    assert p.validate("0.25") == 0.25 and p.validate(1) == 1.0
    with pytest.raises(OptionError, match="0.0 to 1.0"):
        p.validate(1.5)
    with pytest.raises(ValueError):
        Param("bad", 5, "X-1", 0, 3)


# ----- Leaf Marathon: each parameter plays, and the kernels agree -----------------------------

def _outcome(game, seed):
    st = agent_playout(game, seed, "random")
    return st.history(), [list(row) for row in st.leg_points]


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_each_parameter_changes_the_engine_and_the_kernels_still_equal_it(name):
    numba = pytest.importorskip("numba")   # noqa: F841
    from racekit.sim import kernels
    base = load_game(LM)
    game = load_game(LM, params={name: CHANGED[name]})
    seeds = range(6)
    assert any(_outcome(game, s) != _outcome(base, s) for s in seeds), \
        f"{name} = {CHANGED[name]} plays as the rulebook's {DEFAULTS[name]} in seeds 0-5"
    # the compiled kernel (the only restatement of the rules) plays the engine's games
    for seed in range(3):
        assert kernels.compare(game, seed, ("random",) * 4) is None
    assert kernels.compare(game, 7, ("careful",) * 4) is None
    assert kernels.compare(game, 8, ("careful", "random", "first", "random")) is None


def test_the_compiled_kernel_reads_every_parameter():
    pytest.importorskip("numba")
    from racekit.games.leaf_marathon import kernel_jit
    assert sorted(kernel_jit.PARAM_FIELDS) == sorted(p.name for p in PARAMS)
    t = kernel_jit.Tables(load_game(LM, params=CHANGED))
    for name, field in kernel_jit.PARAM_FIELDS.items():
        assert t.cfg[field] == CHANGED[name], name


# ----- the careful agent's look-ahead follows the table ---------------------------------------

def _forest_position(params):
    setup = {"leg": 1, "terrain": ["start", "forest", "leaf", "forest", "leaf", "leaf", "leaf",
                                   "leaf", "finish"],
             "start": "turn",
             "seats": [{"pos": 0, "stamina": 9, "hand": [], "movement": 3, "max_stamina": 12},
                       {"pos": 0, "stamina": 9, "hand": [], "movement": 3, "max_stamina": 12}]}
    game = load_game(LM, players=2, params=params)
    return game, game.new_initial_state(setup=setup)


@pytest.mark.parametrize("cost", [2, 3, 4])
def test_the_careful_agents_cost_ahead_is_what_the_engine_charges(cost):
    from racekit.games.leaf_marathon.agents import CarefulAgent
    game, st = _forest_position({"forest_stamina_cost": cost})
    predicted = CarefulAgent._cost(st, 0, 3)
    session = Session(game, seed=1, setup=st.initial_setup,
                      agents=[CarefulAgent(1), CarefulAgent(1)])
    while session.state.round == st.round and not session.state.is_terminal():
        session.step(session.next_action())
    assert session.state.pos[0] == 3
    assert 9 - session.state.stamina[0] == predicted == 1 + 2 * cost


def test_the_careful_agent_plays_an_action_card_only_when_the_engine_says_it_can_afford_it():
    """With action_bonus 3 one card takes the pony three squares further: the agent's look-ahead
    (total + action_bonus) must see the forest ahead the engine will charge."""
    from racekit.games.leaf_marathon import actions as A
    from racekit.games.leaf_marathon import stats as S
    from racekit.games.leaf_marathon.agents import CarefulAgent
    for bonus in (1, 3):
        game, st = _forest_position({"action_bonus": bonus, "forest_stamina_cost": 4})
        st = game.new_initial_state(setup={**st.initial_setup, "seats": [
            {**st.initial_setup["seats"][0], "hand": ["action"], "stamina": 12},
            st.initial_setup["seats"][1]]})
        total = S.movement_total(st, 0)
        after = CarefulAgent._cost(st, 0, total + bonus)
        choice = CarefulAgent(1)(st, st.ply)
        assert (choice == A.ACT) == (after < st.stamina[0])
        if choice == A.ACT:
            probe = st.clone()
            probe.apply_action(A.ACT)
            assert S.movement_total(probe, 0) == total + bonus


# ----- files and the command line -------------------------------------------------------------

def test_a_save_with_params_replays_under_them(tmp_path):
    game = load_game(LM, players=2, params={"leg_hand": 3, "forest_stamina_cost": 3})
    st = agent_playout(game, 5, "random", record_events=True)
    path = tmp_path / "g.json"
    save_game(st, path, seed=5)
    data = json.loads(path.read_text())
    assert data["params"] == {"leg_hand": 3, "forest_stamina_cost": 3}
    again = replay_save(path)
    assert again.error is None and again.state.history() == st.history()
    assert again.state.game.params.leg_hand == 3
    del data["params"]               # an old file (no params) still reads: the rulebook's game
    path.write_text(json.dumps(data))
    old = replay_save(path)
    assert old.state.game.params.as_dict() == DEFAULTS


def test_a_save_with_a_bad_param_names_the_file_and_the_field(tmp_path):
    game = load_game(LM, players=2)
    st = game.new_initial_state()
    data = json.loads(save_game(st))
    data["params"] = {"leg_hand": 99}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(Exception) as err:
        replay_save(path)
    assert "params.leg_hand" in str(err.value) and "0 to 20" in str(err.value)


def _leg_scenario(params, picks, draws, size):
    src = yaml.safe_load((LM_DIR / "scenarios" / "LM-SCN-54.yaml").read_text())
    steps = [{"chance": "roll 5"}, {"chance": "roll 2"}]
    steps += [{"action": f"pick {c}"} for c in picks]
    steps += [{"chance": "draw action"} for _ in range(draws)]
    steps += [{"expect": {"state": {"seats.0.hand_size": size, "seats.1.hand_size": size}}}]
    return {**{k: src[k] for k in ("title", "clauses", "game", "players", "setup", "outcome")},
            "id": "LM-PARAMS-LEG-HAND", "params": params, "steps": steps,
            "expect": {"events": [{"kind": "hand_reset", "seats": [1],
                                   "data": {"before": 2, "size": size}}]}}


def test_a_scenario_file_with_params(tmp_path):
    path = tmp_path / "LM-PARAMS-LEG-HAND.yaml"
    path.write_text(yaml.safe_dump(_leg_scenario(
        {"leg_hand": 3}, ["weapon", "effect", "recovery", "action", "action"], 1, 3)))
    result = run_scenario(path)
    assert result.passed, result.failures
    assert result.before.game.params.leg_hand == 3
    # the same file at the rulebook's 5 fails: the parameter is what it plays
    path.write_text(yaml.safe_dump(_leg_scenario(
        {}, ["weapon", "effect", "recovery", "action", "action"], 1, 3)))
    assert not run_scenario(path).passed
    path.write_text(yaml.safe_dump({**_leg_scenario({"leg_hand": 30}, [], 0, 3)}))
    with pytest.raises(Exception, match="leg_hand.*0 to 20"):
        run_scenario(path)


def test_cli_p_on_play_games_and_errors(tmp_path):
    runner = CliRunner()
    out = runner.invoke(app, ["play", LM, "--seed", "3", "--summary", "-p", "forest_stamina_cost=3",
                              "-p", "leg_hand=4", "--save", str(tmp_path / "s.json")])
    assert out.exit_code == 0, out.output
    assert "house rule: forest_stamina_cost = 3 (rulebook: 2, LM-TERRAIN-FOREST-1)" in out.output
    assert "house rule: leg_hand = 4 (rulebook: 5, LM-LEG-2)" in out.output
    assert json.loads((tmp_path / "s.json").read_text())["params"] == {"forest_stamina_cost": 3,
                                                                       "leg_hand": 4}
    rep = runner.invoke(app, ["replay", str(tmp_path / "s.json"), "--no-story"])
    assert rep.exit_code == 0 and "house rule: leg_hand = 4" in rep.output
    plain = runner.invoke(app, ["play", LM, "--seed", "3", "--summary"])
    assert "house rule" not in plain.output
    bad = runner.invoke(app, ["play", LM, "--seed", "3", "-p", "forest_stamina_cost=11"])
    assert bad.exit_code != 0 and "forest_stamina_cost" in bad.output and "0 to 10" in bad.output
    assert "Traceback" not in bad.output
    typo = runner.invoke(app, ["play", LM, "-p", "forrest_stamina_cost=3"])
    assert typo.exit_code != 0 and "did you mean forest_stamina_cost" in typo.output
    listing = runner.invoke(app, ["games", LM])
    assert listing.exit_code == 0
    assert re.search(r"forest_stamina_cost = 2  \[0\.\.10\]  LM-TERRAIN-FOREST-1", listing.output)
    for p in PARAMS:
        assert f"{p.name} = {p.default}" in listing.output


def test_cli_p_on_bench_and_simulate():
    runner = CliRunner()
    out = runner.invoke(app, ["bench", LM, "--games", "2", "-p", "first_points=4"])
    assert out.exit_code == 0, out.output
    assert "house rule: first_points = 4 (rulebook: 3, LM-TERRAIN-FINISH-1)" in out.output
    pytest.importorskip("pandas")
    sim = runner.invoke(app, ["simulate", LM, "-n", "3", "--workers", "1", "-p", "first_points=4"])
    assert sim.exit_code == 0, sim.output
    assert "first_points=4" in sim.output and "house rule: first_points = 4" in sim.output


def test_golden_header_names_the_house_rules():
    from racekit.sim.golden import playthrough_text
    text = playthrough_text(load_game(LM, players=2, params={"ffr_cost": 2}), seed=1)
    assert text.splitlines()[1] == "# house rule: ffr_cost = 2 (rulebook: 1, LM-EVENT-19)"
    assert "# house rule" not in playthrough_text(load_game(LM, players=2), seed=1)


def test_event_texts_state_the_engines_numbers():
    from racekit.games.leaf_marathon.text import EVENT_TEXT, event_text
    assert "exactly 5 squares" in EVENT_TEXT[1] and "two cards" in EVENT_TEXT[13]
    assert "exactly 3 squares" in event_text(1, {"goh_distance": 3})
    assert "one card of" in event_text(13, {"scavenge_cards": 1})
    assert "costs 3 points" in event_text(19, {"ffr_cost": 3})
    game = load_game(LM, players=2, params={"leg_hand": 3, "two_for_three_draw": 2, "shed_draw": 2})
    st = agent_playout(game, 2, "random", record_events=True)
    said = {kind: [game.render(e) for e in st.events if e.kind == kind]
            for kind in ("hand_reset", "two_for_three", "shed")}
    assert all(said.values()), said
    assert all(re.search(r"(to|holds) 3( cards)?[ .]", s) for s in said["hand_reset"]), said
    assert all("draws 2 (2-for-3)" in s for s in said["two_for_three"])
    assert all(s.endswith("draws 2. [LM-WEIGHT-4]") for s in said["shed"])


# ----- no rule number of the table as a literal elsewhere -------------------------------------

# The shapes the table's numbers took in the Leaf Marathon source before they moved to
# params.py: each pattern, in code (comments and strings are scanned too: a docstring that
# states a rule number would state it wrongly once the parameter changes).
LITERALS = {
    "opening_hand": [r'"draw", s, 5\b', r'S_ORDER, i\], 5\b'],
    "leg_hand": [r'\bh [<>] 5\b', r'\b5 - h\b', r'\bh - 5\b', r'to 5 cards', r'up to 5\.', r'holds 5 cards'],
    "two_for_three_draw": [r'6 if \(', r'else 3, "LM-ACTION-3"', r'else 3, 0, 0', r'draws 3 \('],
    "shed_draw": [r'"draw", s, 1, "LM-WEIGHT-4"', r'K_DRAW, s, 1, 0', r'and draws 1\.'],
    "action_bonus": [r'acts\[s\] \* \(2', r'S_ACTS, s\] \* \(2', r'total \+ 1\b', r'\+\{2 if doubled else 1\}'],
    "weight_divisor": [r'floor_half\(st\.pmax', r'S_PMAX, s\] // 2'],
    "weapon_range": [r'<= 2 and'],
    "forest_stamina_cost": [r'\b2 if st\.terrain\[i\] == "forest"', r'\b2 if g\[O_TERR', r'per \+ 2\b',
                            r'\b2 if \(o\.forest_replace', r'\b2 if \(cfg\[C_FOREST_REPLACE',
                            r'cost=2\b', r'stamina\[s\] - 2\b', r'S_STAM, s\] - 2\b'],
    "first_points": [r'POINTS = \(3, 2, 1\)', r'\b3 - place\b', r'\b3 - k\b'],
    "goh_distance": [r'\bd == 5\b', r'<= d <= 5\b', r'exactly "\s*"5 squares', r'1 to 5 squares'],
    "scavenge_cards": [r'min\(2,', r'k < 2 else 2'],
    "ffr_cost": [r'penalty = \(1 if ffr', r'costs 1 point'],
    "buff_c_regen": [r'stamina\[s\] \+= 1\b', r'S_STAM, s\] \+= 1\b', r'regains 1 stamina'],
    "buff_a_stamina": [r'pmax\[s\] \+ has_buff', r'S_PMAX, s\] \+ _has_buff'],
    "buff_a_limit": [r'weight_divisor \+ has_buff', r'C_WDIV\] \+ _has_buff',
                     r'floor_half\(st\.pmax\[s\]\) \+ has_buff', r'// 2 \+ _has_buff'],
    "buff_b_move": [r'pmove\[s\] \+ has_buff', r'S_PMOVE, s\] \+ _has_buff'],
    "draft_deal": [r'for _ in range\(3\)', r'\* 3 > len', r'\("deal", s\), \("deal", s\), \("deal", s\)',
                   r'deal three', r'one of three'],
    "terrain_die": [r'event=10, sides=6', r'G_PD_B\] = 6\b', r'Roll a d6'],
    "recovery heal (deck content) in the careful agent": [r'stamina(\[s\])? \+ 3\b'],
}

ALLOWED = {
    # (file, the whole line): why that match is not a number of the table
    ("turn.py", "st.stamina[s] += 1"):
        "buff A's one stamina under the option buff_a_heals (LM-ELEMENT-4, LM-AMB-17), not buff C's",
    ("kernel_jit.py", "sv[S_STAM, s] += 1"):
        "the compiled copy of that buff A line (turn.py), not buff C's",
}


def test_no_rule_number_of_the_table_is_written_as_a_literal():
    files = sorted(p for p in LM_DIR.glob("*.py") if p.name != "params.py")
    assert len(files) > 10
    found = []
    for path in files:
        text = path.read_text()
        for name, patterns in LITERALS.items():
            for pattern in patterns:
                for m in re.finditer(pattern, text):
                    line = text.count("\n", 0, m.start()) + 1
                    if (path.name, text.splitlines()[line - 1].strip()) in ALLOWED:
                        continue
                    found.append(f"{path.name}:{line}: {name} as a literal ({m.group(0)!r})")
    assert not found, "read these from the parameter table (params.PARAMS):\n" + "\n".join(found)


def test_the_allow_list_is_needed():
    """Every allowed line is still in its file, so the list names nothing stale."""
    for (name, line), _why in ALLOWED.items():
        assert line in [x.strip() for x in (LM_DIR / name).read_text().splitlines()], (name, line)


def test_the_literal_scan_catches_a_planted_literal(tmp_path):
    """The scan's patterns match the old code (the test fails on a literal put back)."""
    planted = 'c = 2 if (o.forest_replace or per == 0) else per + 2\nPOINTS = (3, 2, 1)\n'
    hits = [p for pats in LITERALS.values() for p in pats if re.search(p, planted)]
    assert len(hits) >= 3


def test_a_state_with_params_copies_and_the_params_pickle():
    import copy
    import pickle
    game = load_game(LM, params={"leg_hand": 3})
    st = game.new_initial_state()
    assert copy.deepcopy(st).p.leg_hand == 3 and st.clone().p.leg_hand == 3
    assert pickle.loads(pickle.dumps(game.params)).as_dict() == game.params.as_dict()


def test_the_explorer_status_shows_house_rules_and_keeps_them_on_new_game():
    pytest.importorskip("ipywidgets")
    import matplotlib
    matplotlib.use("Agg")
    from racekit.explorer.widget import Explorer
    ex = Explorer(LM, seed=1, params={"leg_hand": 4})
    try:
        status = ex._status_html(ex.session.state, 0, 0)
        assert "house rule: leg_hand = 4 (rulebook: 5, LM-LEG-2)" in status
        ex.reset()
        assert ex.game.params.leg_hand == 4
    finally:
        ex.close()
    plain = Explorer(LM, seed=1)
    try:
        assert "house rule" not in plain._status_html(plain.session.state, 0, 0)
    finally:
        plain.close()


def test_a_d20_event_says_and_plays_the_changed_number():
    """Get Over Here at goh_distance 3: the roll's description says 3 and names the house rule,
    and the engine offers the pull of the pony 3 squares away (not of one 5 away)."""
    from racekit.games.leaf_marathon import actions as A
    from tests.lm_helpers import act, make
    st = make([{"pos": 10, "hand": ["trigger", "action"]}, {"pos": 13}, {"pos": 15}], order=[0, 1, 2],
              options={"params": {"goh_distance": 3}})
    act(st, "play trigger")
    st.apply_action(1)
    line = st.game.render(next(e for e in st.events if e.kind == "d20"))
    assert "exactly 3 squares" in line and "House rule: goh_distance = 3." in line, line
    legal = st.legal_actions()
    assert A.GOH + 1 in legal and A.GOH + 2 not in legal
    plain = make([{"pos": 10, "hand": ["trigger", "action"]}, {"pos": 13}, {"pos": 15}], order=[0, 1, 2])
    act(plain, "play trigger")
    plain.apply_action(1)
    assert A.GOH + 2 in plain.legal_actions() and A.GOH + 1 not in plain.legal_actions()
    assert "House rule" not in plain.game.render(next(e for e in plain.events if e.kind == "d20"))
