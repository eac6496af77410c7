"""A careless designer and a teacher settling a dispute try issue 16 from the README alone.

Each test here failed on the code before its fix (see the commit that added it).
"""
from __future__ import annotations

import pytest

from racekit.core.events import render
from racekit import load_game


# ----- Every sentence about a rule says what the engine does --------------------------------
@pytest.mark.parametrize("card, article", [("effect", "an"), ("element", "an"), ("armor", "an"),
                                           ("weapon", "a"), ("recovery", "a")])
def test_leaf_marathon_two_for_three_names_the_card_with_its_article(card, article):
    from racekit.core.events import Event
    from racekit.games.leaf_marathon.text import TEMPLATES
    event = Event(ply=0, kind="two_for_three", seats=(0,), data={"card": card}, clauses=("LM-ACTION-3",))
    text = render(event, TEMPLATES, ["Red", "Blue"])
    assert text.startswith(f"Red plays an action card and {article} {card} and draws 3 (2-for-3).")


# ----- Files written for the previous main keep working, or say the new spelling ------------
_WS_HIDDEN_PLAN = """\
id: WS-OLD-04
title: A committed plan stays hidden until the reveal
clauses: [WS-PLAN-5]
game: wingsuit
players: 3
outcome: Red's committed plan is hidden from the others.
steps:
  - action: plan C2 B4 B5
  - expect:
      state: {seats.0.committed: true, seats.0.plan: null}
"""


def test_an_old_check_of_a_hidden_plan_names_seen_by(tmp_path):
    """Before issue 16 a `state:` check read the public view (a committed plan was null); now it
    reads the referee's view. A file written then fails, and the failure says how to write it."""
    from racekit.core.scenarios import run_scenario
    path = tmp_path / "old.yaml"
    path.write_text(_WS_HIDDEN_PLAN)
    setup = "setup:\n  phase: plan\n  seats: [{at: \"1,3\"}, {at: \"3,5\"}, {at: \"5,7\"}]\n"
    path.write_text(_WS_HIDDEN_PLAN.replace("outcome:", setup + "outcome:"))
    result = run_scenario(path)
    assert not result.passed
    text = "\n".join(result.failures)
    assert "seats.0.plan is ['C2', 'B4', 'B5'], expected None" in text
    assert "seen_by: SEAT" in text
    path.write_text(path.read_text().replace("state: {", "seen_by: 1\n      state: {"))
    assert run_scenario(path).passed, run_scenario(path).failures


def _old_leaf_marathon_save():
    """A save as the previous main wrote it: every option of its day listed, but not
    trigger_discard (LM-AMB-50, added since), and a game that shed a trigger card (its rule then)."""
    import json
    from racekit.core.agents import make_agent
    from racekit.core.savefile import save_game
    from racekit.core.session import Session
    game = load_game("leaf_marathon", players=3, trigger_discard="any_use")
    for seed in range(1, 40):
        session = Session(game, seed=seed, agents=[make_agent("random", seed + i, game) for i in range(3)])
        session.run(max_plies=400)
        data = json.loads(save_game(session.state, seed=seed))
        if any("trigger" in a and ("shed" in a or "2-for-3" in a) for a in data["actions"]):
            for name in ("trigger_discard", "bear_after_faint"):
                del data["options"][name]
            return data
    pytest.skip("no random game shed a trigger card")


def test_an_old_save_played_by_a_rule_since_changed_names_the_new_option():
    from racekit.core.errors import FileFormatError
    from racekit.core.savefile import load_save
    data = _old_leaf_marathon_save()
    with pytest.raises(FileFormatError) as err:
        load_save(data, name="old.json")
    text = str(err.value)
    assert "old.json: field history." in text and "[LM-AMB-50]" in text
    assert "names no value for options trigger_discard (now 'play_only'), bear_after_faint" in text
    data["options"]["trigger_discard"] = "any_use"      # what the message says to do
    state, _ = load_save(data, name="old.json")
    assert state.ply == len(data["history"])


# ----- A sentence says what the engine has done at the moment it is read ----------------------
def _events_then_hands(game_id, players, setup):
    state = load_game(game_id, players=players).new_initial_state(setup=setup)
    return [state.game.render(e) for e in state.events], state.snapshot(full=True)


def test_a_draw_still_to_come_is_not_told_as_done():
    """A set-up starting at Leaf Marathon's movement step (or Snow Tails' deal) shows its position
    before the draws, which are chance outcomes still to come: the sentences say "is to draw"."""
    leaf = ["start"] + ["leaf"] * 19 + ["finish"]
    texts, snap = _events_then_hands("leaf_marathon", 2, {
        "terrain": leaf, "start": "movement",
        "seats": [{"hand": ["action", "weapon"], "pos": 3}, {"pos": 5, "hand": ["action", "recovery"]}]})
    due = [t for t in texts if "for the move" in t]
    assert due and all(" is to draw 3 cards for the move." in t for t in due), due
    assert [len(s["hand"]) for s in snap["seats"]] == [2, 2]      # nothing drawn yet
    texts, snap = _events_then_hands("snow_tails", 2, {"stage": "deal", "seats": [{"slot": 1}, {"slot": 2}]})
    assert any("(slot 1) is to draw an opening hand of 5 cards." in t for t in texts), texts


def test_a_misspelt_option_says_which_was_meant(tmp_path):
    from racekit.core.errors import OptionError
    with pytest.raises(OptionError, match=r"has no option 'trigger_discrad' \(did you mean 'trigger_discard'\?\)"):
        load_game("leaf_marathon", trigger_discrad="any_use")
    from racekit.core.scenarios import run_scenario
    path = tmp_path / "s.yaml"
    path.write_text("id: ST-OPT-1\ntitle: a typo in an option\nclauses: [ST-DRIFT-5]\ngame: snow_tails\n"
                    "options: {trak: medium}\noutcome: nothing to see\nexpect: {terminal: false}\n")
    from racekit.core.errors import FileFormatError
    with pytest.raises(FileFormatError, match=r"s.yaml:5: field options.trak: .*did you mean 'track'\?"):
        run_scenario(path)


def test_a_scenario_named_twice_runs_once(tmp_path):
    """`racekit scenarios aeroplane_chess aeroplane_chess` said "108 passed" for 54 scenarios."""
    from racekit.core.scenarios import collect
    once = collect(["aeroplane_chess"])
    assert collect(["aeroplane_chess", "aeroplane_chess"]) == once
    (tmp_path / "a.yaml").write_text("id: AC-X-1\n")
    assert collect([str(tmp_path), str(tmp_path / "a.yaml")]) == [tmp_path / "a.yaml"]


# ----- Leaf Marathon: points shared three ways (tie_points = split) ---------------------------
def test_equal_totals_of_shared_thirds_share_the_place_and_read_as_fractions():
    """With `tie_points = split` a place shared three ways gives thirds. In floats
    1/3 + 1/3 + 2 is not 2 + 1/3 + 1/3, so equal totals ranked one pony ahead (LM-END-1,
    LM-AMB-21: equal totals share the place), and the texts printed 2.6666666666666665."""
    from racekit.games.leaf_marathon import finish
    from racekit.games.leaf_marathon.text import TEMPLATES, places_so_far
    state = load_game("leaf_marathon", players=5, tie_points="split").new_initial_state()
    state.leg_points[0] = [1 / 3, 1 / 3, 2]
    state.leg_points[1] = [2, 1 / 3, 1 / 3]
    assert finish.ranking(state)[0] == [0, 1]
    assert "Red 2 2/3, Blue 2 2/3" in TEMPLATES["game_over"](totals=finish.totals(state),
                                                            seat_names=state.game.seat_names)
    assert "Points so far: Red 2 2/3, Blue 2 2/3, Green 0" in places_so_far(state)[2]
    assert TEMPLATES["finish"](seat="Red", place=3, points=1 / 3, leg=1) == \
        "Red finishes leg 1 in place 3: 1/3 points."


# ----- The explorer opens a scenario from the file alone ---------------------------------------
def test_the_explorer_opens_a_scenario_file_without_its_game_named_again(tmp_path):
    """A scenario file names its game: `racekit.explore(scenario="case.yaml")` opens it (it
    raised "missing 1 required positional argument: 'game'")."""
    pytest.importorskip("ipywidgets")
    import racekit
    from racekit.core.errors import FileFormatError
    path = tmp_path / "case.yaml"
    path.write_text("id: WS-MINE-09\ntitle: just the position\nclauses: [WS-PLAN-5]\ngame: wingsuit\n"
                    "players: 3\nsetup:\n  phase: plan\n  seats: [{at: \"1,5\", alt: 2}, {at: \"5,5\"}, "
                    "{at: \"3,33\"}]\noutcome: Red plans first\nexpect: {current_player: 0}\n")
    ex = racekit.explore(scenario=str(path))
    try:
        assert ex.game.game_type.id == "wingsuit" and ex.scenario.id == "WS-MINE-09"
        assert ex.session.state.snapshot(full=True)["seats"][0]["altitude"] == 2
    finally:
        ex.close()
    ex = racekit.explore(scenario="WS-SCN-06")
    ex.close()
    with pytest.raises(FileFormatError, match="no shipped scenario 'WS-SCN-999'"):
        racekit.explore(scenario="WS-SCN-999")
    with pytest.raises(ValueError, match="needs a game id"):
        racekit.explore()


def test_an_option_the_shipped_card_set_cannot_serve_names_the_option_not_the_kit_file():
    """`-o cost_visible=specific_row` blamed line 13 of the kit's own card-set file, which the
    designer never named; the refusal names the option and what it needs."""
    from racekit.core.errors import OptionError
    with pytest.raises(OptionError) as err:
        load_game("wingsuit", cost_visible="specific_row")
    text = str(err.value)
    assert text.startswith("option 'cost_visible': specific_row needs a card set") and "cardset=FILE" in text
    assert "illustrative.yaml" not in text and err.value.field == "options.cost_visible"


@pytest.mark.parametrize("tail", ["", "expect: {}\n", "steps:\nexpect:\n"], ids=["none", "empty", "blank"])
def test_a_scenario_that_checks_nothing_is_refused_not_passed(tail, tmp_path):
    """A designer who deleted the last check got PASS for a file that checked nothing."""
    from racekit.core.errors import FileFormatError
    from racekit.core.scenarios import run_scenario
    path = tmp_path / "nothing.yaml"
    path.write_text("id: AC-NIL-1\ntitle: nothing checked\nclauses: [AC-AMB-10]\ngame: aeroplane_chess\n"
                    "outcome: Red may not move two planes together.\n" + tail)
    with pytest.raises(FileFormatError, match="nothing.yaml:1: .*the scenario checks nothing"):
        run_scenario(path)
    path.write_text(path.read_text().replace(tail, "") + "expect: {no_events: [capture]}\n")
    assert run_scenario(path).passed


@pytest.mark.parametrize("before, after, words", [(3, 4, "the usable item effects go from 3 to 4."),
                                                  (4, 4, "the usable item effects stay at 4.")])
def test_wingsuit_lay_sentence_reads_as_a_count_not_a_range(before, after, words):
    """"usable item effects 4 to 4" read as a range of effects; the numbers are counts."""
    from racekit.core.events import Event
    from racekit.games.wingsuit.text import TEMPLATES
    event = Event(ply=0, kind="lay", seats=(0,), clauses=("WS-CLEANUP-1",),
                  data={"card": "Y2", "at": 4, "spots": [], "usable_before": before, "usable_after": after})
    assert render(event, TEMPLATES, ["Red", "Green", "Blue"]).startswith(
        f"Red lays card Y2 over queue rows 4 and 5; {words}")


@pytest.mark.parametrize("game_id, seat", [("leaf_marathon", {"pos": 2}), ("wingsuit", {"at": "1,5"}),
                                           ("snow_tails", {"position": [3, 1]})])
def test_a_set_up_with_too_few_seats_says_so_in_words(game_id, seat):
    """"1 seats given for 4 players" (and three wordings for one mistake)."""
    from racekit.core.errors import SetupError
    game = load_game(game_id, players=4)
    with pytest.raises(SetupError) as err:
        game.new_initial_state(setup={"seats": [seat]})
    assert err.value.field == "seats"
    assert "the set-up lists 1 seat but the game has 4 players: give one entry per player" in str(err.value)


def test_a_save_copied_without_its_option_file_says_where_it_looked(tmp_path, monkeypatch):
    """`-o track=mine.yaml` is named, not copied, in a save: replayed from another folder the
    refusal names the option and the folder it looked in."""
    import shutil
    from importlib import resources
    from racekit.core.errors import FileFormatError
    from racekit.core.savefile import load_save, save_game
    here, there = tmp_path / "a", tmp_path / "b"
    here.mkdir()
    there.mkdir()
    shutil.copy(resources.files("racekit.games.snow_tails") / "tracks" / "medium.yaml", here / "mine.yaml")
    monkeypatch.chdir(here)
    state = load_game("snow_tails", players=2, track="mine.yaml").new_initial_state()
    save_game(state, there / "g.json", seed=1)
    with pytest.raises(FileFormatError) as err:
        load_save(there / "g.json")
    assert "field options.track" in str(err.value) and f"(looked in {there})" in str(err.value)
    shutil.copy(here / "mine.yaml", there / "mine.yaml")
    load_save(there / "g.json")


def test_the_explorer_opens_a_position_only_file(tmp_path):
    """A file with a set-up and no checks is refused by `racekit scenarios` (it proves nothing)
    but the explorer opens it: looking at a position needs no check."""
    pytest.importorskip("ipywidgets")
    import racekit
    path = tmp_path / "look.yaml"
    path.write_text("id: AC-LOOK-1\ntitle: just look\nclauses: [AC-AMB-10]\ngame: aeroplane_chess\n"
                    "players: 2\nsetup: {planes: {R1: 10}}\noutcome: nothing to check\n")
    ex = racekit.explore(scenario=str(path))
    try:
        assert ex.session.state.snapshot()["planes"]["R1"]["step"] == 10
    finally:
        ex.close()


def test_the_old_docs_leaf_marathon_example_is_refused_saying_what_to_write():
    """The previous main's docs/setups.md example wrote `{finished: true, pos: 0, place: 1}`:
    a position the rules make impossible, now refused; the error says what to write instead."""
    from racekit.core.errors import SetupError
    game = load_game("leaf_marathon", players=2)
    setup = {"terrain": ["start"] + ["leaf"] * 19 + ["finish"],
             "seats": [{"hand": ["action", "weapon"], "did_2for3": True},
                       {"finished": True, "pos": 0, "place": 1}]}
    with pytest.raises(SetupError, match=r"seats\.1\.pos.*square 20 \(in a set-up, leave its pos out"):
        game.new_initial_state(setup=setup)
    del setup["seats"][1]["pos"]
    game.new_initial_state(setup=setup)


def test_an_over_long_path_of_short_names_says_the_path_is_too_long():
    """Thirty folder names of 200 characters: the path is too long, not a name (the message
    said "this one has 200" characters next to a limit of 255)."""
    from typer.testing import CliRunner
    from racekit.cli import app
    deep = "/tmp/" + "/".join(["b" * 200] * 30) + "/x.yaml"
    out = CliRunner().invoke(app, ["scenarios", deep])
    assert out.exit_code == 2 and "(this path has" in out.output and "Traceback" not in out.output
    out = CliRunner().invoke(app, ["scenarios", "a" * 300 + ".yaml"])
    assert out.exit_code == 2 and "(this name has 305)" in out.output


def test_wingsuit_game_over_tells_a_shared_place_from_an_order():
    """"Ranking: Red, Green and Blue" was printed both for three places and for one shared by
    three (a round cap with nobody out); the places are numbered, a shared one joined by &."""
    from racekit.games.wingsuit.text import TEMPLATES
    names = ["Red", "Green", "Blue"]
    tied = TEMPLATES["game_over"](ranking=[[0, 1, 2]], scores={}, seat_names=names, capped=True)
    order = TEMPLATES["game_over"](ranking=[[0], [1], [2]], scores={"0": 7}, seat_names=names)
    assert "Ranking: 1. Red & Green & Blue." in tied
    assert "Ranking: 1. Red, 2. Green, 3. Blue." in order


def test_a_misspelt_event_kind_is_refused_so_a_no_events_check_cannot_vanish(tmp_path):
    """`no_events: [captuer]` passed whatever happened; a kind the game never tells is refused."""
    from racekit.core.errors import FileFormatError
    from racekit.core.scenarios import run_scenario
    path = tmp_path / "kinds.yaml"
    path.write_text("id: AC-KIND-1\ntitle: no capture\nclauses: [AC-FAM-CAPTURE-3]\ngame: aeroplane_chess\n"
                    "players: 2\nsetup: {planes: {R1: {square: 10}, Y1: {square: 13}}, to_move: red}\n"
                    "outcome: Red lands on Yellow.\nsteps: [{chance: roll 3}, {action: move R1}]\n"
                    "expect: {no_events: [captuer]}\n")
    with pytest.raises(FileFormatError, match=r"kinds.yaml:9: field expect.no_events.0: 'captuer' is not "
                                              r"an event kind of aeroplane_chess \(did you mean 'capture'\?\)"):
        run_scenario(path)
    path.write_text(path.read_text().replace("captuer", "capture"))
    assert not run_scenario(path).passed      # spelt right, the check sees the capture


def test_a_check_past_the_last_seat_says_how_many_there_are(tmp_path):
    from racekit.core.scenarios import run_scenario
    path = tmp_path / "seat5.yaml"
    path.write_text("id: ST-SEAT-5\ntitle: a seat too far\nclauses: [ST-DRIFT-5]\ngame: snow_tails\n"
                    "players: 2\noutcome: nothing\nexpect: {state: {seats.5.name: Red}}\n")
    result = run_scenario(path)
    text = "\n".join(result.failures)
    assert "state has no 'seats.5.name'; 'seats' has 2 entries (index 0 to 1)" in text, text
