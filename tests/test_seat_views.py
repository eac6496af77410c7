"""What a seat has seen, in the API: ``history_for``, ``snapshot()`` and ``observation``.

Attacker tests: two worlds that differ only in one seat's secret (secrecy_helpers.twins)
must give every other seat the same history and the same views until the rules make
the secret public; once they do (Wingsuit's reveal), every seat's history shows it.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import racekit
from secrecy_helpers import random_line, replay, twins

HIDDEN = [
    ("snow_tails", dict(players=3, track="straight4")),
    ("wingsuit", dict(players=3)),
    ("leaf_marathon", dict(players=3)),
]
# the seat that views, and how long a stretch it must be unable to tell apart: in Wingsuit the
# plans are secret from a commit to the reveal, so the last seat to commit (2) watches seat 1's
TWINS = {"snow_tails": dict(viewer=0), "wingsuit": dict(viewer=2, min_same=2, min_decisions=1),
         "leaf_marathon": dict(viewer=0, phases=("draw",), when=lambda s: min(s.char) >= 0)}   # a card drawn


@pytest.mark.parametrize("game_id,options", HIDDEN, ids=[g for g, _ in HIDDEN])
def test_two_worlds_differing_in_a_secret_give_the_same_public_and_seat_views(game_id, options):
    t = twins(game_id, **TWINS[game_id], **options)
    v = t.viewer
    for upto in range(t.ply + 1, t.same + 1):
        a, b = replay(t.game, t.line_a[:upto]), replay(t.game, t.line_b[:upto])
        assert a.history_for(v) == b.history_for(v) and a.history() != b.history()
        for view in ((), (v,)):
            assert json.dumps(a.snapshot(*view), sort_keys=True) == json.dumps(b.snapshot(*view), sort_keys=True), (
                f"{game_id} ply {upto}: snapshot{view} tells the worlds apart")
        assert a.observation() == b.observation() and a.observation(v) == b.observation(v)
        # the owner of the secret does see a difference
        assert a.history_for(t.owner) != b.history_for(t.owner)


def test_leaf_marathon_snapshot_without_a_seat_is_the_public_view():
    game = racekit.load_game("leaf_marathon", players=3)
    state = replay(game, random_line(game, 4)[:400])
    public, full = state.snapshot(), state.snapshot(full=True)
    assert all(s["hand"] is None and s["weight"] is None for s in public["seats"])   # LM-AMB-43
    assert any(s["hand"] for s in full["seats"]) and all(s["weight"] is not None for s in full["seats"])
    assert public == state.observation() == state.snapshot(-1)
    mine = state.snapshot(1)
    assert mine["seats"][1]["hand"] == full["seats"][1]["hand"]
    assert mine["seats"][0]["hand"] is None and mine["viewer"] == 1


@pytest.mark.parametrize("game_id,options", HIDDEN + [("aeroplane_chess", dict(players=4))],
                         ids=[g for g, _ in HIDDEN] + ["aeroplane_chess"])
def test_snapshot_full_is_asked_for_by_name_in_every_game(game_id, options):
    game = racekit.load_game(game_id, **options)
    state = replay(game, random_line(game, 2)[:120])
    full = state.snapshot(full=True)
    assert full and json.dumps(full)
    assert state.snapshot() == state.observation()
    if game_id in ("snow_tails", "leaf_marathon"):   # hands held: the views differ
        assert state.snapshot() != full


def _wingsuit_round(plan_b: bool):
    """A 3-player Wingsuit game up to the first reveal; in world B seat 1 plans otherwise."""
    game = racekit.load_game("wingsuit", players=3)
    state = game.new_initial_state()
    line = random_line(game, 5)
    for action in line:
        if state.phase == "plan" and state.current_player() == 1 and plan_b:
            legal = state.legal_actions()
            action = legal[-1] if legal[-1] != action else legal[0]
        state.apply_action(action)
        if state.phase != "plan" and state.round == 1 and any(e.kind == "reveal" for e in state.events):
            return state
    raise AssertionError("no reveal")


def test_wingsuit_plans_enter_every_seats_history_at_the_reveal():
    """WS-PLAN-5: before the reveal seat 1's plan is its own; after it, every seat has seen it."""
    a, b = _wingsuit_round(False), _wingsuit_round(True)
    reveal = next(e.ply for e in a.events if e.kind == "reveal")
    commits = [e.ply for e in a.events if e.kind == "plan_committed"]
    assert len(commits) == 3 and commits[-1] == reveal
    before_a, before_b = a.history()[:reveal], b.history()[:reveal]
    assert before_a != before_b
    for seat in (0, 2):
        # before the reveal (the last commit's ply), seat 1's commit is hidden from the others
        ha = replay(a.game, a.history()[:reveal])
        hb = replay(b.game, b.history()[:reveal])
        assert ha.history_for(seat) == hb.history_for(seat)
        assert ha.history_for(seat)[commits[1]] is None
        # after it, every seat's history holds every plan of the round
        assert a.history_for(seat) != b.history_for(seat)
        assert a.history_for(seat)[commits[1]] == a.history()[commits[1]]
        assert [a.visible_to(k, seat) for k in commits] == [True] * 3
    assert a.history_for(1) == a.history()


def test_a_per_seat_save_after_the_reveal_holds_the_revealed_plans():
    from racekit.core.savefile import to_dict
    a = _wingsuit_round(False)
    data = to_dict(a, seat=0)
    assert None not in data["history"]


def test_leaf_marathon_a_blind_take_is_seen_by_the_taker_and_the_victim_only():
    """LM-AMB-43: "a blind take shows the cards only to the taker and the victim": the victim's
    history holds the card taken from it, a third seat's does not."""
    game = racekit.load_game("leaf_marathon", players=4)
    for seed in range(40):
        line = random_line(game, seed)
        state = game.new_initial_state(record_events=False)
        for ply, action in enumerate(line):
            if state.is_chance_node() and state.phase == "blind" and state.pd["victim"] != state.ps:
                taker, victim = state.ps, state.pd["victim"]
                third = next(s for s in range(4) if s not in (taker, victim))
                state.apply_action(action)
                assert state.history_for(taker)[ply] == action
                assert state.history_for(victim)[ply] == action
                assert state.history_for(third)[ply] is None
                assert state.visible_to(ply, victim) and not state.visible_to(ply, third)
                return
            state.apply_action(action)
    pytest.fail("no blind take between two seats in 40 random games")


def test_a_scenario_check_reads_the_referees_view_or_a_seats_with_seen_by(tmp_path):
    """Scenario checks read snapshot(full=True) (a plan, a hand); ``seen_by: N`` reads seat N's view."""
    src = (Path(racekit.__file__).parent / "games" / "wingsuit" / "scenarios" / "WS-SCN-04.yaml").read_text()
    assert "seen_by: 1" in src
    assert run_scenario_text(tmp_path, src).passed
    referee = run_scenario_text(tmp_path, src.replace("      seen_by: 1", "      seen_by: 0"))
    assert not referee.passed and any("seats.0.plan" in f for f in referee.failures)   # Red sees its plan
    outside = run_scenario_text(tmp_path, src.replace("      seen_by: 1", "      seen_by: 7"))
    assert any("seen_by: seat 7 is not a seat of this game" in f for f in outside.failures)


def run_scenario_text(folder, text):
    from racekit.core.scenarios import run_scenario
    path = folder / "scenario.yaml"
    path.write_text(text)
    return run_scenario(path)
