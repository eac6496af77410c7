"""Snow Tails's rule numbers as declared parameters (racekit/games/snow_tails/params.py).

Each parameter changed away from the rulebook plays differently in the engine, and Snow Tails's
kernel (which drives the engine's own functions) still plays the engine's games; the careful
agent's fast look-ahead scores every action as the engine plays it (a copy) under the changed
numbers it uses; ``-p`` on the command line and ``params:`` in a scenario file; no rule number
of the table is written as a literal elsewhere in the game's source.
"""
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from racekit import OptionError, load_game
from racekit.cli import app
from racekit.core.scenarios import run_scenario
from racekit.core.session import Session
from racekit.games.snow_tails.params import DEFAULTS, PARAMS
from racekit.sim.playouts import agent_playout

ST = "snow_tails"
ST_DIR = Path(__file__).resolve().parents[1] / "racekit" / "games" / "snow_tails"

# one non-default value per parameter, chosen so that it shows in a few random games
CHANGED = {"hand_size": 6, "opening_hand": 4, "slot4_extra": 2, "slot5_extra": 0,
           "cards_per_value": 6, "start_brake": 1, "printed_dogs": 4, "no_dog_damage": 3,
           "wall_damage": 3, "limit_damage": 3}


def test_every_parameter_has_a_changed_value_here_and_cites_a_clause():
    assert sorted(CHANGED) == sorted(p.name for p in PARAMS)
    clauses = (ST_DIR / "clauses.yaml").read_text()
    for p in PARAMS:
        assert CHANGED[p.name] != p.default and p.low <= CHANGED[p.name] <= p.high
        assert p.clause.startswith("ST-") and p.clause in clauses, p.name
        assert p.doc and p.type is int


def test_default_game_has_the_rulebook_numbers():
    game = load_game(ST)
    assert game.params.as_dict() == DEFAULTS
    assert "params" not in game.settings() and game.house_rules() == []
    st = game.new_initial_state()
    assert st.deck[0] == [0, 4, 4, 4, 4, 4] and st.brake == [3] * 4


def test_a_bad_value_is_refused_naming_the_parameter_and_its_bounds():
    with pytest.raises(OptionError) as err:
        load_game(ST, params={"hand_size": 11})
    assert "hand_size" in str(err.value) and "1 to 10" in str(err.value)
    assert "ST-REFILL-1" in str(err.value)


def _outcome(game, seed, agent="random"):
    st = agent_playout(game, seed, agent)
    return st.history(), st.returns(), list(st.dmg)


def _players(name):
    return 5 if name in ("slot4_extra", "slot5_extra") else 4


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_each_parameter_changes_the_engine_and_the_kernel_still_equals_it(name):
    from racekit.sim import kernels
    base = load_game(ST, players=_players(name))
    game = load_game(ST, players=_players(name), params={name: CHANGED[name]})
    # (a seat without a dog card, ST-PLAY-5, first comes up in seed 8)
    assert any(_outcome(game, s) != _outcome(base, s) for s in range(10)), \
        f"{name} = {CHANGED[name]} plays as the rulebook's {DEFAULTS[name]} in seeds 0-9"
    for seed in range(2):
        assert kernels.compare(game, seed, ("random",) * game.num_players) is None


def test_a_set_up_reads_the_printed_value_as_no_card():
    game = load_game(ST, players=2, params={"printed_dogs": 4})
    st = game.new_initial_state(setup={"track": "straight4", "turn_order": [0, 1], "seats": [
        {"position": [0, 1], "hand": [1, 2, 3, 4, 5], "left": 4, "right": 3},
        {"position": [0, 3], "hand": [1, 2, 3, 4, 5]}]})
    assert (st.left, st.right, st.lstack[0], st.rstack[0]) == ([4, 4], [3, 4], [], [3])
    assert st.brake == [3, 3]


def test_the_deal_and_the_mat_follow_the_table():
    game = load_game(ST, players=5, params={"opening_hand": 4, "slot4_extra": 2, "slot5_extra": 0,
                                            "cards_per_value": 6, "start_brake": 2})
    st = game.new_initial_state()
    assert st.deck[0] == [0, 6, 6, 6, 6, 6] and st.brake == [2] * 5
    st = agent_playout(game, 3, "random", record_events=True)
    deals = {e.seats[0]: e.data["cards"] for e in st.events if e.kind == "deal"}
    slots = st.slot
    assert {slots[s]: c for s, c in deals.items()} == {1: 4, 2: 4, 3: 4, 4: 6, 5: 4}


# ----- the careful agent's look-ahead follows the table ---------------------------------------

@pytest.mark.parametrize("params", [{"wall_damage": 3}, {"limit_damage": 3},
                                    {"hand_size": 4, "wall_damage": 2}, {"hand_size": 7}])
def test_the_careful_agents_look_ahead_scores_as_the_engine_plays(params):
    """The fast replay (its own walk, fines, refill and elimination under the table's numbers)
    gives every play, move and bonus the score that trying it on a copy of the engine's state
    gives, bit for bit, under a changed parameter it reads."""
    from racekit.games.snow_tails.agents import CarefulAgent
    from racekit.core.agents import RandomAgent
    checked = differ = 0
    for seed, track in ((1, "teaching"), (2, "medium")):
        game = load_game(ST, players=3, track=track, params=params)
        fast, ref, rnd = CarefulAgent(seed), CarefulAgent(seed, clones_only=True), RandomAgent(seed)

        def driver(state, ply):
            nonlocal checked, differ
            legal = state.legal_actions()
            if len(legal) > 1 and state.phase in ("play", "move"):
                want = ref.scores(state)
                assert fast.scores(state) == want, (params, seed, ply, state.to_text())
                checked += 1
                differ += len(set(want.values())) > 1
            return rnd.pick(legal, ply) if state.current_player() == 2 else fast(state, ply)
        Session(game, seed=seed, agents=[driver] * 3).run()
    assert checked > 30 and differ > 20, (checked, differ)


def test_the_careful_agent_counts_the_walls_damage_from_the_table():
    """Every move from here runs into the wall (ST-EDGE-09's position): the careful agent's score
    for it falls as wall_damage rises, and equals what a copy of the engine's state gives."""
    from racekit.games.snow_tails.agents import CarefulAgent
    setup = {"track": "straight4", "turn_order": [0, 1],
             "seats": [{"position": [0, 3], "hand": [5, 1, 1, 2]},
                       {"position": [20, 1], "hand": [1, 2, 3, 4, 5]}]}
    wall = {}
    for cost in (0, 1, 3):
        game = load_game(ST, players=2, params={"wall_damage": cost})
        st = game.new_initial_state(setup=setup)
        st.apply_action(st.string_to_action("play 5 to R"))
        scores = CarefulAgent(1).scores(st)
        assert scores == CarefulAgent(1, clones_only=True).scores(st)
        wall[cost] = scores[st.string_to_action("DR DR F F F")]
    assert wall[3] < wall[1] < wall[0]


# ----- files and the command line -------------------------------------------------------------

def _wall_scenario(params, damage):
    src = yaml.safe_load((ST_DIR / "scenarios" / "edge09_wall_denies_refill.yaml").read_text())
    return {**src, "id": "ST-PARAMS-WALL", "params": params,
            "expect": {"state": {"seats.0.hand_size": 3 + damage, "seats.0.damage": damage},
                       "events": [{"kind": "wall", "clauses": ["ST-WALL-1"]}]}}


def test_a_scenario_file_with_params(tmp_path):
    path = tmp_path / "ST-PARAMS-WALL.yaml"
    path.write_text(yaml.safe_dump(_wall_scenario({"wall_damage": 2}, 2)))
    result = run_scenario(path)
    assert result.passed, result.failures
    assert result.before.game.params.wall_damage == 2
    path.write_text(yaml.safe_dump(_wall_scenario({}, 2)))        # the rulebook's 1
    assert not run_scenario(path).passed


def test_cli_p_on_play_bench_and_games():
    runner = CliRunner()
    out = runner.invoke(app, ["play", ST, "--seed", "3", "--summary", "-p", "hand_size=6"])
    assert out.exit_code == 0, out.output
    assert "house rule: hand_size = 6 (rulebook: 5, ST-REFILL-1)" in out.output
    bad = runner.invoke(app, ["play", ST, "-p", "wall_damage=9"])
    assert bad.exit_code != 0 and "wall_damage" in bad.output and "0 to 5" in bad.output
    assert "Traceback" not in bad.output
    bench = runner.invoke(app, ["bench", ST, "--games", "2", "-p", "limit_damage=2"])
    assert bench.exit_code == 0, bench.output
    assert "house rule: limit_damage = 2 (rulebook: 1, ST-LIMIT-2)" in bench.output
    listing = runner.invoke(app, ["games", ST])
    assert listing.exit_code == 0
    for p in PARAMS:
        assert f"{p.name} = {p.default}" in listing.output


# ----- no rule number of the table as a literal elsewhere -------------------------------------

# The shapes the table's numbers took in the source before they moved to params.py.
LITERALS = {
    "hand_size": [r'\bHAND\b', r'dmg >= 5\b', r'run\[2\] >= 5\b', r'up to 5\b', r'down to 5\b',
                  r'over 5 cards', r'at most 5 cards'],
    "opening_hand": [r'need = 5\b', r'draws 5\b'],
    "slot4_extra / slot5_extra": [r'EXTRA_CARDS', r'\{4: 1, 5: 2\}', r'hold 6 and 7'],
    "cards_per_value": [r'\[0, 4, 4, 4, 4, 4\]', r'\b4 - used', r'!= 4\b', r'four of each'],
    "start_brake": [r'self\.brake = \[3\]', r'brake: whole\(\) = 3'],
    "printed_dogs": [r'self\.(left|right) = \[3\]', r'\] if (ls|rs|stack) else 3\b', r'v == 3 else',
                     r'whole\(\)\] = 3', r'printed 3 on'],
    "no_dog_damage": [r'take_damage\(st, s, 1, \["ST-PLAY-5"\]'],
    "wall_damage": [r'take_damage\(st, s, 1, \["ST-WALL-1"\]', r'_damage\(dmg, dents, 1\)',
                    r'stop, 1 damage'],
    "limit_damage": [r'take_damage\(st, s, over, ', r'_damage\(dmg, dents, over\)'],
}

SCANNED = ("actions.py", "agents.py", "flow.py", "game.py", "invariants.py", "kernel.py",
           "move.py", "order.py", "play.py", "refill.py", "setup.py", "state.py", "text.py")
ALLOWED = {}


def test_no_rule_number_of_the_table_is_written_as_a_literal():
    found = []
    for name in SCANNED:
        text = (ST_DIR / name).read_text()
        for pname, patterns in LITERALS.items():
            for pattern in patterns:
                for m in re.finditer(pattern, text):
                    line = text.count("\n", 0, m.start()) + 1
                    if (name, text.splitlines()[line - 1].strip()) in ALLOWED:
                        continue
                    found.append(f"{name}:{line}: {pname} as a literal ({m.group(0)!r})")
    assert not found, "read these from the parameter table (params.PARAMS):\n" + "\n".join(found)


def test_the_literal_scan_catches_a_planted_literal():
    planted = ('HAND = 5  # ST-REFILL-1\nself.deck = [[0, 4, 4, 4, 4, 4] for _ in range(n)]\n'
               'refill.take_damage(st, s, 1, ["ST-WALL-1"], "wall")\n')
    hits = [p for pats in LITERALS.values() for p in pats if re.search(p, planted)]
    assert len(hits) >= 3
