"""Hidden hands stay hidden: a seat's own data cannot lead to another seat's hand (issue 7).

The attack: take what seat 0 may see (its per-seat save, its ``racekit play --seat 0``
output), guess seeds (every small seed, and every number in the seat's own data),
and for each guess replay the game as the session would have played it: the
seeded sampler for chance, the seeded agents for decisions. A guess that
reproduces all of seat 0's own card draws gives away every other hand.

With the old integer hash and small default seeds this took a fraction of a
second. Now chance comes from a SHAKE-256 stream keyed by the seed and a game started
without a seed gets a fresh 128-bit one, so no guess survives. The same attack
on a game with a small (public) seed does find the hand: the test can fail.
"""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

import racekit
from racekit.cli import app
from racekit.core.agents import make_agent
from racekit.core.chance import Sampler
from racekit.core.errors import IllegalActionError
from racekit.core.savefile import to_dict
from racekit.core.session import Session

SMALL_SEEDS = range(0, 5000)


def _numbers(*texts: str) -> set[int]:
    """Every integer written in the seat's own data (and its negation)."""
    found = {int(m) for text in texts for m in re.findall(r"-?\d{1,60}", text)}
    return found | {-x for x in found}


def attack(view: dict, guesses, agent: str = "random") -> dict[int, list[int]]:
    """Seeds among ``guesses`` that reproduce the seat's own draws -> the hand of seat 1 they imply."""
    game = racekit.load_game(view["game"], players=view["players"], preset=view["preset"], **view["options"])
    history, seat = view["history"], view["seat"]
    other = (seat + 1) % view["players"]
    # the public start (first player, slots) is the same for every guess: replay it once
    prefix = game.new_initial_state(record_events=False)
    start = 0
    while start < len(history) and history[start] is not None and prefix._private_to(history[start]) is None:
        prefix.apply_action(history[start])
        start += 1
    found = {}
    for guess in guesses:
        state, sampler = prefix.clone(), Sampler(guess)
        agents = {}
        try:
            for ply in range(start, len(history)):
                seen = history[ply]
                if state.is_chance_node():
                    drawn = sampler.sample(state.chance_outcomes(), ply)
                    if seen is not None and drawn != seen:
                        raise IllegalActionError("guess refuted", clause="-")
                    state.apply_action(drawn)
                else:
                    if seen is None:
                        actor = state.current_player()
                        agents.setdefault(actor, make_agent(agent, guess, game))
                        seen = agents[actor](state, ply)
                    state.apply_action(seen)
        except IllegalActionError:
            continue
        found[guess] = state.snapshot(other)["seats"][other]["hand"]
    return found


def _play(seed=None, plies=60):
    session = Session(racekit.load_game("snow_tails", players=3, track="straight4"), seed=seed)
    for _ in range(plies):
        if session.state.is_terminal():
            break
        session.step()
    return session


def test_a_seats_own_save_does_not_give_away_another_hand():
    for _ in range(20):                    # no seed: a fresh 128-bit one each time; a race
        session = _play()                  # where seat 1 is already out holds no hand to attack
        if session.state.snapshot(1)["seats"][1]["hand"]:
            break
    assert session.seed.bit_length() > 64
    view = to_dict(session.state, seat=0)
    text = json.dumps(view)
    assert str(session.seed) not in text and view["seed"] is None and view["setup"] is None
    assert sum(1 for a in view["history"] if a is None) > 10     # other seats' secrets are hidden
    truth = session.state.snapshot(1)["seats"][1]["hand"]
    assert truth, "seat 1 holds cards"
    found = attack(view, list(SMALL_SEEDS) + sorted(_numbers(text)))
    assert found == {}, f"seeds {list(found)[:5]} reproduce seat 0's own draws"


def test_the_attack_works_on_a_small_public_seed():
    """The same attack, on a game with seed 777: it finds seat 1's hand (so the test above can fail)."""
    session = _play(seed=777)
    view = to_dict(session.state, seat=0)
    found = attack(view, SMALL_SEEDS)
    assert list(found) == [777]
    assert found[777] == session.state.snapshot(1)["seats"][1]["hand"]


def test_cli_seat_output_and_save_give_nothing_away(tmp_path):
    save = tmp_path / "seat0.json"
    out = CliRunner().invoke(app, ["play", "snow_tails", "--players", "3", "-o", "track=straight4",
                                   "--seat", "0", "--save", str(save)])
    assert out.exit_code == 0, out.output
    assert "seed hidden" in out.output and not re.search(r"seed \d", out.output)
    view = json.loads(save.read_text())
    assert view["seat"] == 0 and view["seed"] is None and view["setup"] is None
    found = attack(view, list(SMALL_SEEDS) + sorted(_numbers(out.output, save.read_text())))
    assert found == {}


def test_seat_out_of_range_is_an_error():
    for seat in ("3", "-1", "99"):
        out = CliRunner().invoke(app, ["play", "snow_tails", "--players", "3", "--seat", seat])
        assert out.exit_code == 2 and "--seat must be a seat of this game, 0 to 2" in out.output
