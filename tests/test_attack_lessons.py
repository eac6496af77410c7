"""A lesson asked from one seat's view, attacked (racekit/core/lessons.py).

Two worlds that differ only in Red's hand: a lesson asked from Blue's seat (or from nobody's)
must show the same thing in both, or be refused in both. The answer of an ``event_value``
lesson was read from the event's raw data, where Leaf Marathon's Magic Bind lists every hand
weight: "what does Red's hand weigh now?" asked from Blue's seat gave Red's secret weight.
"""
from __future__ import annotations

import pytest

from racekit.core.lessons import run_lesson

SCENARIO = """\
id: LM-EDGE-ATTACK-BIND
title: Magic Bind strikes while Red holds a hand
clauses: [LM-EVENT-20]
game: leaf_marathon
players: 2
setup:
  terrain: [start, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf,
            leaf, leaf, leaf, leaf, leaf, leaf, finish]
  seats:
  - {{pos: 2, hand: [trigger, weapon, armor, effect, {last}, action]}}
  - {{finished: true, pos: 20, place: 1}}
outcome: Red rolls 20 and Magic Bind doubles the weights.
steps:
- action: play trigger
- chance: 20
- action: end turn
"""

LESSON = """\
id: LM-LES-91
title: What does a hand weigh now?
game: leaf_marathon
scenario: bind.yaml
{seat}question: Magic Bind strikes. What does the hand weigh now?
answer:
  kind: number
  {answer}
decides: [LM-EVENT-20]
"""

WEIGHT_0 = "event_value: {event: {kind: magic_bind}, field: data.weights.0}"


def _runs(tmp_path, seat: str, answer: str):
    """The lesson in two worlds that differ only in Red's last-but-one card."""
    out = []
    for world, card in (("a", "recovery"), ("b", "action")):
        folder = tmp_path / world
        folder.mkdir(exist_ok=True)
        (folder / "bind.yaml").write_text(SCENARIO.format(last=card))
        (folder / "l.yaml").write_text(LESSON.format(seat=seat, answer=answer))
        out.append(run_lesson(folder / "l.yaml"))
    return out


@pytest.mark.parametrize("seat", ["seat: 1\n", ""], ids=["blue-seat", "public-view"])
@pytest.mark.parametrize("answer", [
    WEIGHT_0,
    "event_value: {event: {kind: magic_bind}, field: data.weights}",
    "happens: {kind: magic_bind, data: {weights: [7, 0]}}",
    "count: {kind: movement_totals, data: {excess: {'0': 0, '1': 0}}}",
], ids=["own-entry-of-another", "every-weight", "happens-by-weights", "count-by-excess"])
def test_a_lesson_from_another_seat_cannot_read_a_hand_weight_from_an_event(tmp_path, seat, answer):
    a, b = _runs(tmp_path, seat, answer)
    assert a.line().replace("LM-LES-91", "") == b.line().replace("LM-LES-91", ""), (a.line(), b.line())
    assert not a.ok and "hidden" in a.problems[0], a.line()


def test_the_seat_itself_may_read_its_own_weight(tmp_path):
    a, b = _runs(tmp_path, "seat: 0\n", WEIGHT_0)
    assert a.ok and b.ok and a.answer == 7 and b.answer != 7, (a.line(), b.line())


@pytest.mark.parametrize("game_id,options", __import__("test_attack_secrecy").HIDDEN,
                         ids=__import__("test_attack_secrecy").IDS)
def test_every_event_field_that_tells_worlds_apart_is_declared_secret(game_id, options):
    """``GameType.secret_event_data`` lists every event data field that differs between two
    worlds a seat cannot tell apart (what a lesson may not read): a new field that holds a hand's
    secret must be declared, or a lesson would read it."""
    import racekit
    from test_attack_secrecy import stretches
    game = racekit.load_game(game_id, **options)
    declared = set(game.game_type.secret_event_data)
    found = set()
    for viewer in range(game.num_players):
        for a, b, _, _ in stretches(game, viewer, seeds=(1, 2), per_game=8, cap=30):
            for x, y in zip(a.events, b.events):
                if x.kind == y.kind and x.data != y.data:
                    found |= {(x.kind, k) for k in x.data if x.data.get(k) != y.data.get(k)}
    assert found <= declared, f"{game_id}: undeclared secret event data {sorted(found - declared)}"
