""""What the text says, what the kit chose" (issue 19): each game notebook's list of the readings in
force that change play most, ranked from the stored designer reviews (racekit/sim/readings.py)."""
from __future__ import annotations

import copy
import re

import pytest

import racekit
from racekit.core.game import game_class
from racekit.games import SHIPPED
from racekit.sim import readings
from racekit.sim.designer import stored_reviews


@pytest.fixture(scope="module")
def reviews():
    return stored_reviews()


def _in_force(game_id, option):
    gt = game_class(game_id).game_type
    return {p.name: racekit.load_game(game_id, preset=p.name).options[option]
            for p in gt.presets} or {"": racekit.load_game(game_id).options[option]}


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_option_the_prose_names_exists_and_is_in_force_as_it_says(game_id):
    gt = game_class(game_id).game_type
    names = {o.name: o for o in gt.options}
    assert readings.PROSE[game_id], f"{game_id} has no readings prose"
    for option, prose in readings.PROSE[game_id].items():
        assert option in names, f"{game_id}: no option {option!r}"
        now = _in_force(game_id, option)
        stated = prose.in_force if isinstance(prose.in_force, dict) else {p: prose.in_force for p in now}
        assert stated == now, f"{game_id}.{option}: the section says {stated}, the game plays {now}"
        assert prose.clause in names[option].clauses, (option, prose.clause, names[option].clauses)
        # every `name = value` the prose writes is an option of the game and one of its values
        for text in (prose.original, prose.kit, prose.switch):
            for name, value in re.findall(r"`(\w+) = ([\w.,-]+)`", text):
                assert name in names, f"{game_id}: the prose names an unknown option {name!r}"
                choices = [str(c) for c in names[name].choices]
                assert value in choices, f"{game_id}: {name} has no value {value!r} ({choices})"
        assert f"`{option} = " in prose.switch, f"{game_id}.{option}: the switch names its option"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_section_ranks_from_the_stored_reviews(game_id, reviews):
    listed = readings.ranked(game_id, reviews=reviews)
    text = readings.section_markdown(game_id, reviews=reviews)   # KeyError: a ranked option lacks prose
    assert listed, f"{game_id}: nothing listed"
    pinned = readings.PINNED.get(game_id, ())
    measured = [e for e in listed if not isinstance(e, str) and e.option not in pinned]
    assert all(e.sure > 0 for e in measured), "only readings the review is sure change play"
    assert [e.sure for e in measured] == sorted((e.sure for e in measured), reverse=True)
    effects = readings.effects(game_id, reviews)
    stronger = [o for o, e in effects.items() if o not in pinned and e.sure > measured[-1].sure]
    assert set(stronger) <= {e.option for e in measured}, "a stronger reading was left out"
    for i, e in enumerate(listed, 1):
        option = e if isinstance(e, str) else e.option
        assert re.search(rf"^### {i}\. .*\({re.escape(readings.PROSE[game_id][option].clause)}\)$", text, re.M)
        assert f"`{option} = " in text
    # the figures are the review's own
    for e in measured:
        mean, low, high = e.length
        assert f"{mean:+.1f}% [{low:+.1f}, {high:+.1f}]" in text


def test_leaf_marathon_stamina_comes_first_and_says_the_letter(reviews):
    listed = readings.ranked("leaf_marathon", reviews=reviews)
    first = listed[0] if isinstance(listed[0], str) else listed[0].option
    assert first == "stamina_per_square"
    prose = readings.PROSE["leaf_marathon"]["stamina_per_square"]
    assert prose.in_force == 1 and game_class("leaf_marathon").game_type.option("stamina_per_square").default == 1
    assert "forest" in prose.original and "events 6 and 10" in prose.kit and "inference" in prose.kit
    assert "`stamina_per_square = 0` plays the letter" in prose.switch
    text = readings.section_markdown("leaf_marathon", reviews=reviews)
    assert text.index("stamina") < text.index("### 2.")


def test_the_ranking_follows_the_data(reviews):
    """Change the stored effects and the order changes: nothing in the ranking is typed by hand."""
    fake = {k: copy.copy(v) for k, v in reviews.items() if v.settings["game"] == "snow_tails"}
    before = [e.option for e in readings.ranked("snow_tails", reviews=fake)]
    (name, review), = fake.items()
    verdicts = review.verdicts.copy()
    last = before[-1]
    row = verdicts.index[verdicts["reading"].str.startswith(last + "=")][0]
    verdicts.loc[row, ["length_verdict", "length_mean", "length_low", "length_high"]] = \
        ["changes", 90.0, 80.0, 99.0]
    review.verdicts = verdicts
    after = [e.option for e in readings.ranked("snow_tails", reviews=fake)]
    assert after[0] == last and after != before


def test_the_game_notebooks_carry_the_section():
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tools"))
    import build_notebooks as builder
    for game_id in SHIPPED:
        cells = builder.cells_of(game_id)
        heads = [c for c in cells if c.source.startswith("## What the text says, what the kit chose")]
        assert len(heads) == 1, game_id
        parts = [c for c in cells if re.match(r"### \d\. ", c.source)]
        assert parts and all(c.metadata["slideshow"]["slide_type"] == "subslide" for c in parts)
        assert "<!-- readings -->" not in "".join(c.source for c in cells)
