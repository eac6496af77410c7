"""Snow Tails regressions found by QA (each cites its clause; concrete values)."""
import json

import pytest
from typer.testing import CliRunner

import racekit
from racekit.core.agents import RandomAgent
from racekit.cli import app
from racekit.core.chance import Sampler
from racekit.core.errors import FileFormatError, IllegalActionError, SetupError
from racekit.core.savefile import load_save, save_game
from racekit.core.session import Session


def _two_seats(**extra):
    return {"track": "straight4", **extra,
            "seats": [{"position": [0, 1], "hand": [1, 2, 3, 4, 5]},
                      {"position": [0, 3], "hand": [1, 2, 3, 4, 5]}]}


def _game(players=2, **options):
    return racekit.load_game("snow_tails", players=players, track="straight4", **options)


def test_ST_SETUP_2_per_seat_save_does_not_carry_the_seed():
    """ST-SETUP-2 (hands are secret): with the seed, a per-seat save would let that seat
    recompute every hidden draw (chance at ply k depends only on seed and k)."""
    session = Session(_game(), seed=7)
    for _ in range(30):
        session.step()
    view = json.loads(save_game(session.state, seat=0, seed=7))
    assert view["seed"] is None
    assert view["setup"] is None
    # the full save still records the seed
    assert json.loads(save_game(session.state, seed=7))["seed"] == 7
    # and the leak it closes: replaying the redacted history with the seed fills in seat 1's hand
    probe, sampler, agent = _game().new_initial_state(), Sampler(7), RandomAgent(7)
    for ply, a in enumerate(view["history"]):
        if a is None:   # a hidden draw, or a hidden discard chosen by the seeded random agent
            a = sampler.sample(probe.chance_outcomes(), ply) if probe.is_chance_node() else agent(probe, ply)
        probe.apply_action(a)
    assert probe.snapshot(1)["seats"][1]["hand"] == session.state.snapshot(1)["seats"][1]["hand"]


def test_ST_TURN_1_apply_action_with_a_name_or_none_is_refused_cleanly():
    """ST-TURN-1: apply_action takes action ids; a name (a common slip) or None is refused with
    IllegalActionError naming a clause, not a TypeError, and the state does not change."""
    s = _game().new_initial_state(setup=_two_seats())
    before = (json.dumps(s.snapshot(), sort_keys=True), s.history(), len(s.events))
    for bad in ("play 3 to L+R", None, [1], "7", 1.5):
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(bad)
        assert err.value.clause.startswith("ST-")
    assert (json.dumps(s.snapshot(), sort_keys=True), s.history(), len(s.events)) == before
    with pytest.raises(ValueError):
        s.action_to_string("play 3 to L+R")


def test_ST_PLAY_1_legal_actions_returns_a_copy():
    """ST-PLAY-1: mutating the list legal_actions() returned must not change the legal plays."""
    s = _game().new_initial_state(setup=_two_seats())
    first = s.legal_actions()
    n = len(first)
    first.clear()
    assert len(s.legal_actions()) == n == 15
    s.apply_action(s.string_to_action("play 3 to L"))
    assert s.snapshot()["seats"][0]["mat"]["left"] == 3


@pytest.mark.parametrize("places, field", [([[7]], "places"), ([[0]], "places"),
                                           ([[1], [1]], "places")])
def test_ST_END_2_setup_places_must_be_finished_seats(places, field):
    """ST-END-2: places list seats that have finished, each once, in this game."""
    setup = _two_seats(places=places)
    if places == [[1], [1]]:
        setup["seats"][1] = {"status": "finished"}
    with pytest.raises(SetupError) as err:
        _game().new_initial_state(setup=setup)
    assert err.value.field == field


def test_ST_END_2_setup_finished_seat_needs_a_place():
    """ST-END-2: a finished seat without a place would be missing from the final ranking."""
    setup = _two_seats()
    setup["seats"][1] = {"status": "finished"}
    with pytest.raises(SetupError) as err:
        _game().new_initial_state(setup=setup)
    assert err.value.field == "places"
    setup["places"] = [[1]]
    s = _game().new_initial_state(setup=setup)
    assert s.ranking() == [[1]]


def test_ST_AMB_14_dents_left_only_with_a_limited_supply():
    """ST-AMB-14: dents_left sets the damage supply; with the unlimited default it is refused
    (it would silently switch to a limited supply)."""
    with pytest.raises(SetupError) as err:
        _game().new_initial_state(setup=_two_seats(dents_left=3))
    assert err.value.field == "dents_left"
    s = _game(dent_supply=20).new_initial_state(setup=_two_seats(dents_left=3))
    assert s.snapshot()["dents_left"] == 3


def test_load_save_of_a_non_mapping_object_is_a_file_format_error():
    with pytest.raises(FileFormatError):
        load_save([1, 2])


def test_cli_bench_runs_without_tqdm_and_refuses_zero_games():
    runner = CliRunner()
    out = runner.invoke(app, ["bench", "snow_tails", "--games", "2"])
    assert out.exit_code == 0, out.output
    assert "2 random playouts" in out.output
    out = runner.invoke(app, ["bench", "snow_tails", "--games", "0"])
    assert out.exit_code == 2 and "Traceback" not in out.output


def test_cli_play_save_to_a_missing_folder_is_a_clean_error(tmp_path):
    out = CliRunner().invoke(app, ["play", "snow_tails", "--quiet", "--seed", "1",
                                   "--save", str(tmp_path / "no" / "g.json")])
    assert out.exit_code == 2
    assert "error:" in out.output and "cannot write" in out.output
    assert not isinstance(out.exception, OSError)
