"""A shipped scenario's title says what its file checks, where a test can tell.

A teacher picks a scenario by its title (`racekit scenarios`, the explorer's list, the notebooks),
so the title must not claim what the file contradicts:

- a number in the title is in the file (its set-up, steps, options or checks), or is the
  distance between two set-up numbers ("exactly 5 away"); a number after the title's colon, the
  result it announces, is in the file's checks (``expect`` blocks);
- a seat named in the title ("Green crashes") is a seat of the scenario and its checks concern it;
- an option named in the title is set in the file, to the value the title gives; a file that sets
  a rule option away from its default says so in its title or outcome (the option's name or
  value, "option" or "house rule"), so that no scenario presents a variant as the rule.
"""
from __future__ import annotations

import itertools
import re

import pytest

from racekit.core.game import game_class
from racekit.core.scenarios import scenario_paths
from racekit.core.yamlfile import read_yaml

GAMES = ("wingsuit", "aeroplane_chess", "leaf_marathon", "snow_tails")
# options that pick content or stop the engine, not a rule reading
NOT_RULES = {"map", "deck", "characters", "track", "cardset", "board", "board_model", "max_rounds",
             "turn_limit"}
# a colour word followed by one of these is an item or a cube, not a seat ("Red steal", "Blue gift")
ITEM_WORDS = {"steal", "gift", "item", "items", "cube", "cubes", "effect", "free"}

_ID = re.compile(r"\b[A-Z]{2,5}-[A-Z0-9]+(?:-[A-Za-z0-9]+)*\b")
_NUMBER = re.compile(r"(?<![\w.\-])(\d+)(?![\w\-])")


def _numbers(value, out: set) -> set:
    """Every number a YAML value holds: numbers, numbers inside strings ("roll 4", "3,5"), and
    the length of each list (a hand of 6 cards)."""
    if isinstance(value, bool) or value is None:
        return out
    if isinstance(value, (int, float)):
        out.add(value)
    elif isinstance(value, str):
        out.update(int(m) for m in re.findall(r"\d+", value))
    elif isinstance(value, dict):
        for k, v in value.items():
            _numbers(k, out)
            _numbers(v, out)
    elif isinstance(value, (list, tuple)):
        out.add(len(value))
        for v in value:
            _numbers(v, out)
    return out


def _expects(doc: dict) -> list:
    return [doc.get("expect")] + [s.get("expect") for s in doc.get("steps") or [] if isinstance(s, dict)]


def title_problems(doc: dict, game_type) -> list[str]:
    """What in ``doc``'s title its file contradicts (empty: nothing a test can tell)."""
    title = doc["title"]
    bare = _ID.sub(" ", title)
    problems = []
    everything, checked = set(), set()
    for key in ("setup", "steps", "expect", "options", "players"):
        _numbers(doc.get(key), everything)
    for block in _expects(doc):
        _numbers(block, checked)
    setup = sorted(n for n in _numbers(doc.get("setup"), set()) if isinstance(n, int))
    distances = {abs(a - b) for a, b in itertools.combinations(setup, 2)}   # "exactly 5 away"
    head, colon, result = bare.partition(":")
    for part, is_result in ((head, False), (result, True)):
        for m in _NUMBER.finditer(part):
            k = int(m.group(1))
            if k not in everything and k not in distances:
                problems.append(f"the title's {k} is nowhere in the file")
            elif is_result and k not in checked and k not in distances:
                problems.append(f"the title's result {k} is not in the file's checks")
    # seats
    names = list(game_type.seat_names)
    players = doc.get("players") or game_type.min_players
    concerned = set()
    for block in _expects(doc):
        if not isinstance(block, dict):
            continue
        for ev in block.get("events") or []:
            concerned.update(ev.get("seats") or [])
        for path in block.get("state") or {}:
            m = re.match(r"(?:seats|players)\.(\d+)\.", str(path))
            if m:
                concerned.add(int(m.group(1)))
        if isinstance(block.get("current_player"), int):
            concerned.add(block["current_player"])
        for group in block.get("ranking") or []:
            concerned.update(group)
    said = " ".join(str(s.get(k)) for s in doc.get("steps") or [] if isinstance(s, dict)
                    for k in ("action", "refused") if s.get(k) is not None)
    said += " " + " ".join(str(x) for b in _expects(doc) if isinstance(b, dict) for x in b.get("legal") or [])
    for m in re.finditer(r"\b(" + "|".join(map(re.escape, names)) + r")\b(?:'s)?\s*(\w*)", title):
        name, after = m.group(1), m.group(2).lower()
        if after in ITEM_WORDS:
            continue
        seat = names.index(name)
        if seat >= players:
            problems.append(f"the title names {name}, but the scenario has {players} seats")
        elif seat not in concerned and name not in said:
            problems.append(f"the title names {name} (seat {seat}), but no check concerns it")
    # options
    options = doc.get("options") or {}
    by_name = {o.name: o for o in game_type.options}
    for name, opt in by_name.items():
        # an option is named by its identifier; a one-word one ("distance") only as "distance ="
        form = r"\s*=\s*" if "_" not in name else r"(?:\s*=\s*|\s+)?"
        m = re.search(rf"\b{re.escape(name)}\b{form}([\w.\-]+)?", title)
        if m is None:
            continue
        if name not in options:
            problems.append(f"the title names option {name}, which the file does not set")
            continue
        value = (m.group(1) or "").lower()
        choices = {str(c).lower() for c in opt.choices or ()}
        if value in choices and value != str(options[name]).lower():
            problems.append(f"the title says {name} {value}, the file sets {options[name]}")
    variants = {k: v for k, v in options.items() if k in by_name and k not in NOT_RULES
                and str(v) != str(by_name[k].default)}
    if variants:
        low = (title + " " + str(doc.get("outcome", ""))).lower()
        words = ["option", "house rule"]
        for k, v in variants.items():
            words += [k.lower(), k.replace("_", " ").lower()]
            if isinstance(v, str) and len(v) > 3:
                words += [v.lower(), v.replace("_", " ").lower()]
        if not any(w in low for w in words):
            problems.append(f"the file plays a variant ({', '.join(f'{k} = {v}' for k, v in variants.items())}) "
                            "that neither its title nor its outcome names")
    return problems


def test_the_check_finds_contradicting_titles():
    gt = game_class("leaf_marathon").game_type
    base = {"players": 2, "setup": {"seats": [{"pos": 10}, {"pos": 15}]},
            "steps": [{"action": "play trigger"}, {"chance": 14}],
            "expect": {"state": {"seats.0.position": 15}}}
    assert title_problems({**base, "title": "Red swaps from 10 to 15"}, gt) == []
    assert title_problems({**base, "title": "Swap with the pony 5 ahead: Red ends on 15"}, gt) == []
    assert title_problems({**base, "title": "Swap: Red ends on 16"}, gt) == ["the title's 16 is nowhere in the file"]
    assert title_problems({**base, "title": "Swap: Red ends on 10"}, gt) == [
        "the title's result 10 is not in the file's checks"]
    assert title_problems({**base, "title": "Green swaps with Red"}, gt) == [
        "the title names Green, but the scenario has 2 seats"]
    assert title_problems({**base, "title": "Blue is not moved"}, gt) == [
        "the title names Blue (seat 1), but no check concerns it"]
    assert title_problems({**base, "title": "Swap under release_to = any_behind"}, gt) == [
        "the title names option release_to, which the file does not set"]
    assert title_problems({**base, "options": {"stamina_per_square": 0}, "title": "Swap",
                           "outcome": "Red swaps."}, gt) == [
        "the file plays a variant (stamina_per_square = 0) that neither its title nor its outcome names"]
    assert title_problems({**base, "options": {"stamina_per_square": 0}, "title": "Swap",
                           "outcome": "Under stamina_per_square = 0 Red swaps."}, gt) == []
    assert "the title says stamina_per_square 1, the file sets 0" in title_problems(
        {**base, "options": {"stamina_per_square": 0}, "title": "Swap (stamina_per_square = 1)"}, gt)
    assert title_problems({**base, "options": {"stamina_per_square": 0},
                           "title": "Swap (stamina_per_square = 0)"}, gt) == []


@pytest.mark.parametrize("path", [pytest.param(p, id=f"{g}/{p.stem}") for g in GAMES
                                  for p in scenario_paths(g)])
def test_a_shipped_title_says_nothing_its_file_contradicts(path):
    doc = read_yaml(path).data
    problems = title_problems(doc, game_class(doc["game"]).game_type)
    assert not problems, f"{path.name}: {doc['title']!r}: " + "; ".join(problems)
