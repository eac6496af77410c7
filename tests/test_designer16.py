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
