"""Every event sentence says what happened, in correct English numbers.

Each game's event templates are rendered from real events (every event the shipped scenarios and
a few seeded random games emit); every whole-number field of each event is then set to 0, 1 and
2 in turn and the sentence rendered again. A count must agree with its noun: "1 card", "0 cards",
"2 cards", never "1 arrows" or "2 card". A template no event reaches gets a hand-written sample
below, so every template is rendered.
"""
from __future__ import annotations

import importlib
import random
import re

import pytest

import racekit
from racekit.core.events import Event, render
from racekit.core.game import game_class
from racekit.core.scenarios import run_scenario, scenario_paths

GAMES = ("wingsuit", "aeroplane_chess", "leaf_marathon", "snow_tails")

# the counted nouns of the four games' sentences, singular -> plural (phrases first: "1 free
# sprint" is checked as a phrase, not as "sprint")
NOUNS = {
    "covered dog card": "covered dog cards", "discarded card": "discarded cards",
    "damage card": "damage cards", "Free Forced Rest card": "Free Forced Rest cards",
    "free sprint": "free sprints", "leaf square": "leaf squares", "bonus square": "bonus squares",
    "card": "cards", "square": "squares", "point": "points", "arrow": "arrows", "die": "dice",
    "cube": "cubes", "sprint": "sprints", "plane": "planes", "draw": "draws",
}
_FORMS = sorted([(s, False) for s in NOUNS] + [(p, True) for p in NOUNS.values()],
                key=lambda f: -len(f[0]))
_COUNT = re.compile(r"(?<![\w.+\-−/])(\d+) (" + "|".join(re.escape(f) for f, _ in _FORMS) + r")\b")
_PLURAL = dict(_FORMS)

# events that neither the shipped scenarios nor the seeded games below reach
EXTRA = {
    "aeroplane_chess": [Event(0, "stack", (0, 1), {"pieces": "R1+Y2", "square": 12}),
                        Event(0, "game_over", (0,), {"places": [0, 1]}),
                        Event(0, "turn_limit", (), {"rounds": 3})],
    "snow_tails": [Event(0, "turn_limit", (), {"round": 3})],
    "leaf_marathon": [Event(0, "no_effect", (0,), {"event": 14}),
                      Event(0, "roadblock", (0,), {"square": 7})],
}


def agreement_errors(text: str) -> list[str]:
    """Counts in ``text`` whose noun disagrees: '1 cards', '2 card', '0 point'."""
    bad = []
    for m in _COUNT.finditer(text):
        k, plural = int(m.group(1)), _PLURAL[m.group(2)]
        if (k == 1) == plural:
            bad.append(m.group(0))
    return bad


def test_the_checker_itself_tells_right_from_wrong():
    assert agreement_errors("Red flies out: 1 arrows left = 3 points.") == ["1 arrows"]
    assert agreement_errors("gets 1 free sprints; draws 2 card; 0 point") == ["1 free sprints", "2 card",
                                                                              "0 point"]
    assert agreement_errors("1 card, 0 cards, 2 dice, 1 die, 1 leaf square, square 2, 3 − 1 point") == []


def _templates(game_id):
    mod, attr = game_class(game_id).game_type.text.split(":")
    return getattr(importlib.import_module(mod), attr)


def _random_events(game, seed, plies=3000):
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.events)


def _samples(game_id):
    """One real event per kind (the first seen), plus EXTRA."""
    seen: dict[str, Event] = {}
    for path in scenario_paths(game_id):
        for event in run_scenario(path).after.events:
            seen.setdefault(event.kind, event)
    players = {"aeroplane_chess": 4}.get(game_id)
    game = racekit.load_game(game_id, players=players) if players else racekit.load_game(game_id)
    for seed in range(3):
        for event in _random_events(game, seed):
            seen.setdefault(event.kind, event)
    for event in EXTRA.get(game_id, []):
        seen.setdefault(event.kind, event)
    return game, seen


def _variants(event):
    """The event (which must render), then each whole-number field (or list-length of a list
    field) set to 0, 1, 2 (a value the field cannot hold, like d20 face 0, may fail to render)."""
    yield event, True
    for key, value in event.data.items():
        if isinstance(value, int) and not isinstance(value, bool):
            for k in (0, 1, 2):
                yield Event(event.ply, event.kind, event.seats, {**event.data, key: k}, ()), False
        elif isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            for k in (0, 1, 2):   # a list counted by its length ("2 leaf squares turn into forest")
                yield Event(event.ply, event.kind, event.seats,
                            {**event.data, key: [value[0]] * k}, ()), False


@pytest.mark.parametrize("game_id", GAMES)
def test_every_template_agrees_in_number_for_counts_0_1_2(game_id):
    templates = _templates(game_id)
    game, samples = _samples(game_id)
    missing = sorted(set(templates) - set(samples))
    assert not missing, f"no sample event for the templates {missing}: add one to EXTRA"
    names = list(game.seat_names)
    problems = []
    for kind in sorted(templates):
        for event, must_render in _variants(samples[kind]):
            try:
                text = render(event, templates, names)
            except (IndexError, KeyError, TypeError, ValueError, ZeroDivisionError):
                if must_render:
                    raise
                continue        # a value the field cannot hold (d20 face 0, an empty order)
            problems += [f"{kind}: {bad!r} in {text!r}" for bad in agreement_errors(text)]
    assert not problems, "\n".join(sorted(set(problems)))


@pytest.mark.parametrize("base, held, points, want", [
    (3, 0, 3, "Red finishes leg 1 in place 1: 3 points."),
    (3, 1, 2, "Red finishes leg 1 in place 1: 3 points for the place minus 1 for 1 Free Forced Rest "
              "card held = 2 points."),
    (3, 2, 2, "Red finishes leg 1 in place 1: 3 points for the place minus 1 for 2 Free Forced Rest "
              "cards held = 2 points."),                                  # ffr_penalty = once
    (1, 2, 0, "Red finishes leg 1 in place 1: 1 point for the place minus 1 for 2 Free Forced Rest "
              "cards held = 0 points (points never go below 0)."),
    (0, 1, 0, "Red finishes leg 1 in place 1: 0 points (1 Free Forced Rest card held; points never "
              "go below 0)."),
])
def test_a_free_forced_rest_finish_reads_as_the_arithmetic_the_engine_did(base, held, points, want):
    """'0 points, minus 1 for Free Forced Rest' read as 0 - 1: the sentence shows the place's
    points, what the penalty really took, and the result (LM-EVENT-19, LM-AMB-46)."""
    templates = _templates("leaf_marathon")
    event = Event(0, "finish", (0,), {"place": 1, "points": points, "base_points": base,
                                      "ffr_held": held, "leg": 1})
    assert render(event, templates, ["Red", "Blue"]) == want


@pytest.mark.parametrize("kind, data, want", [
    ("leg_stamina", {"before": 7, "after": 7, "max_stamina": 15},
     "Red's stamina 7 is below half of 15, which rounds down to 7: it stays 7 for the new leg."),
    ("leg_stamina", {"before": 3, "after": 7, "max_stamina": 15},
     "Red's stamina is raised from 3 to 7 for the new leg."),
    ("hand_reset", {"before": 5}, "Red already holds 5 cards for the new leg."),
    ("hand_reset", {"before": 8}, "Red cuts the hand from 8 to 5 cards."),
    ("hand_reset", {"before": 1}, "Red fills the hand from 1 card up to 5."),
    ("forest", {"square": 3, "cost": 0}, "Red enters forest on square 3 (it costs no stamina here)."),
    ("forest", {"square": 3, "cost": 2}, "Red enters forest on square 3 (stamina -2)."),
    ("action_card", {"played": 2, "doubled": True},
     "Red plays an action card for +2 movement (doubled by the Bear) (2 this round)."),
    ("action_card", {"played": 1, "doubled": False}, "Red plays an action card for +1 movement (1 this round)."),
])
def test_a_leaf_marathon_sentence_tells_a_change_only_when_there_is_one(kind, data, want):
    """Seen in a played game: 'stamina is raised from 7 to 7', 'resets the hand to 5 cards (had 5)',
    'enters forest (stamina -0)' under armor, '+1 movement' for a card the Bear doubled."""
    assert render(Event(0, kind, (0,), data), _templates("leaf_marathon"), ["Red", "Blue"]) == want
