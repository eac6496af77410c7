"""The Chinese data files of issue 20 (docs: /work/i18n_contract.md's data part).

For every shipped game: each clause, ambiguity (and its decision), scenario, option, option value,
preset and rule parameter has a Chinese entry, with no extra keys and in the English source's
order; the English sources are read with the project's own loaders. Every value is Chinese (CJK)
with no English words left except IDs, codes and names (a small whitelist); the glossary file
validates; and each clause text uses the glossary's Chinese term wherever its English summary
uses the English term (the few exceptions are listed with their reasons).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel, ConfigDict, Field, RootModel

import racekit
from racekit.core.clauses import load_clauses
from racekit.core.game import game_class
from racekit.core.scenarios import load_scenario, scenario_paths
from racekit.games import SHIPPED

ROOT = Path(racekit.__file__).parent
GLOSSARY = ROOT / "locale" / "glossary.yaml"
CJK = re.compile(r"[\u4e00-\u9fff]")


def zh_file(game: str, name: str) -> dict:
    path = ROOT / "games" / game / "locale" / "zh" / f"{name}.yaml"
    assert path.is_file(), f"missing {path}"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path}: a mapping expected"
    return data


def gtype(game: str):
    return game_class(game).game_type


def value_key(choice) -> str:
    """An option value as a key of options.yaml: its text form as typed (``true``, ``5,6``, ``0``)."""
    return str(choice).lower() if isinstance(choice, bool) else str(choice)


# ---------------------------------------------------------------- completeness (keys)

def clause_keys(game: str) -> list[str]:
    spec = load_clauses(game)
    keys = [c.id for c in spec.clauses]
    for a in spec.ambiguities:
        keys += [a.id, f"{a.id}.decision"]
    return keys


@pytest.mark.parametrize("game", SHIPPED)
def test_every_clause_has_chinese(game):
    zh = zh_file(game, "clauses")
    want = clause_keys(game)
    assert sorted(set(want) - set(zh)) == [], "clauses without Chinese"
    assert sorted(set(zh) - set(want)) == [], "Chinese entries for no clause"
    assert list(zh) == want, "keys not in the English file's order"


@lru_cache(maxsize=None)
def english_scenarios(game: str) -> list:
    return [load_scenario(p)[0] for p in scenario_paths(game)]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_scenario_has_chinese(game):
    zh = zh_file(game, "scenarios")
    scen = english_scenarios(game)
    assert sorted({s.id for s in scen} - set(zh)) == [], "scenarios without Chinese"
    assert sorted(set(zh) - {s.id for s in scen}) == [], "Chinese entries for no scenario"
    for s in scen:
        entry = zh[s.id]
        assert isinstance(entry, dict) and entry.get("title"), s.id
        want = {"title", "outcome"} if s.outcome else {"title"}
        assert set(entry) == want, f"{s.id}: keys {sorted(entry)} (English has {sorted(want)})"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_option_and_parameter_has_chinese(game):
    zh = zh_file(game, "options")
    gt = gtype(game)
    assert set(zh) == {"presets", "options", "params"}
    assert list(zh["presets"]) == [p.name for p in gt.presets]
    assert list(zh["options"]) == [o.name for o in gt.options]
    for o in gt.options:
        entry = zh["options"][o.name]
        assert set(entry) <= {"help", "values"} and entry.get("help"), o.name
        want = [value_key(c) for c in o.choices]
        assert list(entry.get("values", {})) == want, f"{o.name}: values"
    assert list(zh["params"]) == [p.name for p in gt.params]


def content_keys(game: str) -> dict:
    """The user-visible names of each game's content data, by section (the keys content.yaml has)."""
    if game == "leaf_marathon":
        from racekit.games.leaf_marathon import cards, d20, text
        from racekit.games.leaf_marathon.content import load_deck, load_roster, shipped_names
        deck = load_deck("placeholder64")
        roster = [c.id for name in shipped_names("rosters") for r in [load_roster(name)]
                  for c in r.characters + r.fixtures]
        return {"events": [str(n) for n in text.EVENT_TEMPLATES],
                "event_names": [str(n) for n in d20.NAMES],
                "cards": list(cards.TYPE_NAMES),
                "specials": [s.id for s in deck.specials] + ["resin_ball"],
                "buffs": [b.id for b in deck.buffs],
                "terrain": ["start", "leaf", "forest", "vine", "sand", "finish"],
                "characters": list(dict.fromkeys(roster))}
    if game == "snow_tails":
        from racekit.games.snow_tails import tracks
        folder = Path(tracks.__file__).parent
        return {"tracks": sorted(p.stem for p in folder.glob("*.yaml"))}
    if game == "wingsuit":
        from racekit.games.wingsuit.cards import EFFECTS
        return {"item_effects": list(EFFECTS)}
    return {}


@pytest.mark.parametrize("game", [g for g in SHIPPED if content_keys(g)])
def test_every_content_name_has_chinese(game):
    zh = zh_file(game, "content")
    want = content_keys(game)
    assert list(zh) == list(want)
    for section, keys in want.items():
        have = [str(k) for k in zh[section]]
        assert sorted(have) == sorted(keys), section


def test_event_templates_keep_their_placeholders():
    from racekit.games.leaf_marathon import text
    zh = zh_file("leaf_marathon", "content")["events"]
    for n, english in text.EVENT_TEMPLATES.items():
        assert set(re.findall(r"{(\w+)}", zh[n])) == set(re.findall(r"{(\w+)}", english)), n


# ---------------------------------------------------------------- Chinese, and no English left

def strings(data, where=""):
    """Every (where, text) leaf of a loaded YAML file."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from strings(v, f"{where}/{k}")
    elif isinstance(data, list):
        for k, v in enumerate(data):
            yield from strings(v, f"{where}[{k}]")
    else:
        yield where, data


WHITELIST = {
    "N", "NE", "SE", "S", "SW", "NW", "IF",      # Wingsuit directions and the IF icon, as on the cards
    "F", "DL", "DR",                             # Snow Tails step codes (forward, drift left / right)
    "A", "B", "C", "D",                          # Leaf Marathon buffs A/B/C; sleds and ponies named A..D
    "n", "s", "x", "y", "W", "mod", "min",       # letters and words of a formula (step s, (c, y), 13 x seat)
    "true", "false",                             # option values as typed (optional_effects=true)
    "YAML", "illustrative", "wingsuit-cards", "straightW",   # a file format, a card-set name, a track name
}
"""The only plain words a Chinese entry may keep (every one is used somewhere). Clause IDs, words
with a digit (R1, d6, placeholder64), snake_case names, file names, ``{placeholders}`` and the
game's own option, value, preset and parameter names are allowed by pattern or declaration."""

ID_LIKE = re.compile(r"\b[A-Z]{2}-[A-Z0-9][A-Z0-9-]*(\.\.[0-9]+)?\b|[\w./-]+\.(ya?ml|py|md)\b|"
                     r"\b\w*_\w*\b|\b[A-Za-z]*[0-9][A-Za-z0-9]*\b|\{\w+\}")


def leftover_english(text: str, allowed: set[str]) -> list[str]:
    words = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", ID_LIKE.sub(" ", text))
    return [w for w in words if w not in allowed and w not in WHITELIST]


def allowed_names(game: str) -> set[str]:
    gt = gtype(game)
    names = {o.name for o in gt.options} | {p.name for p in gt.params} | {p.name for p in gt.presets}
    for o in gt.options:
        names |= {str(c) for c in o.choices} | {w for c in o.choices for w in re.findall(r"[A-Za-z]+", str(c))}
    return names


FILES = ["clauses", "scenarios", "options", "content"]


@pytest.mark.parametrize("game", SHIPPED)
@pytest.mark.parametrize("name", FILES)
def test_values_are_chinese_with_no_english_left(game, name):
    path = ROOT / "games" / game / "locale" / "zh" / f"{name}.yaml"
    if name == "content" and not content_keys(game):
        assert not path.exists()
        return
    allowed = allowed_names(game)
    bad = []
    for where, text in strings(zh_file(game, name)):
        assert isinstance(text, str) and text.strip(), f"{name}{where}: empty or not text"
        if not CJK.search(text):
            bad.append(f"{where}: no Chinese")
        left = leftover_english(text, allowed)
        if left:
            bad.append(f"{where}: English left: {left}")
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------- the glossary

class Term(BaseModel):
    model_config = ConfigDict(extra="forbid")
    concept: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    en: str = Field(min_length=1)
    zh: str = Field(min_length=1)
    games: list[str] = Field(min_length=1)
    source: str = Field(min_length=1)


class Glossary(RootModel[list[Term]]):
    pass


@lru_cache(maxsize=None)
def glossary() -> list[Term]:
    return Glossary.model_validate(yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))).root


def test_glossary_validates():
    terms = glossary()
    concepts = [t.concept for t in terms]
    assert len(set(concepts)) == len(concepts), "a concept listed twice"
    for t in terms:
        assert CJK.search(t.zh), t.concept
        assert set(t.games) <= set(SHIPPED) | {"all"}, t.concept
    for must in ("takeoff_point", "stack", "drift", "crash_reset", "stamina", "weight", "seat", "turn",
                 "round", "phase", "legal_actions", "chance_outcome", "clause", "scenario"):
        assert must in concepts


UNCHECKED = {
    # concept: why the English word does not map onto one Chinese word in a clause summary
    "game": "English 'game' is both the game (游戏) and one play of it (对局/这局)",
    "start": "'start' is also a verb (开始) and the start of a round",
    "roll": "a roll is 掷 or 点数 (the number rolled) as the sentence needs",
    "turn": "'turn' also means a corner's turn (转弯), 'turns into' (变成) and 'in turn' (依次)",
    "hand": "'hand' is also 'hand over' / 'hand it to' (让给)",
    "cell": "'cell' in Wingsuit also means a start cell (起点格)",
    "returns": "a playout's returns (回报); in summaries 'returns' is the verb (放回, 洗回)",
}


EXCEPTIONS = {
    # (entry, concept): why that entry does not use the term
    ("AC-AMB-27.decision", "round"): "'goes round again' is a lap (再绕一圈), not a round of play",
    ("AC-SCN-05.outcome", "round"): "the same lap (再绕一圈)",
    ("AC-SCN-05c.outcome", "round"): "the same lap (再绕一圈)",
    ("ST-AMB-16.decision", "win"): "'further beyond wins' ranks finishers (名次靠前); the race has no single winner here",
    ("LM-SCN-59.outcome", "win"): "'ahead wins' is the swap's tie-break (前方优先), not a victory",
}


VARIANTS = {
    # concept: shorter forms that count as the term inside a Chinese compound
    "player": ("人",),      # "4-5 人游戏", "2 到 4 人": Chinese counts players as 人
    "die": ("骰",),         # "谨慎骰", "行动骰", "掷骰": the die inside a compound
    "hex": ("格",),         # "移动一格": a step of one hex is 一格 (WS original: 移动…1格)
    "discard": ("丢",),     # 丢掉 / 丢弃: LM original 丟掉 (shedding) and 丟棄 (Travel Light)
    "match": ("比赛",),     # AC original: 比赛结束 for the tournament match
}


def used(en: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(en) + r"(s|es)?(?![\w-])", text, re.IGNORECASE) is not None


def _show(items):
    return "\n".join(items)


def glossary_exceptions(game: str) -> list[str]:
    zh = zh_file(game, "clauses")
    spec = load_clauses(game)
    english = {c.id: c.summary for c in spec.clauses}
    for a in spec.ambiguities:
        english[a.id] = a.summary
        english[f"{a.id}.decision"] = a.decision
    out = []
    for t in glossary():
        if not ({"all", game} & set(t.games)) or t.concept in UNCHECKED:
            continue
        for cid, text in english.items():
            if used(t.en, text) and not any(w in zh[cid] for w in (t.zh, *VARIANTS.get(t.concept, ()))) and (cid, t.concept) not in EXCEPTIONS:
                out.append(f"{cid}: '{t.en}' without '{t.zh}'")
    return out


def scenario_glossary_exceptions(game: str) -> list[str]:
    zh = zh_file(game, "scenarios")
    terms = [t for t in glossary() if {"all", game} & set(t.games) and t.concept not in UNCHECKED]
    out = []
    for s in english_scenarios(game):
        for part in ("title", "outcome"):
            english = getattr(s, part) or ""
            for t in terms:
                if not used(t.en, english):
                    continue
                key = f"{s.id}.{part}"
                if not any(w in zh[s.id][part] for w in (t.zh, *VARIANTS.get(t.concept, ()))) \
                        and (key, t.concept) not in EXCEPTIONS:
                    out.append(f"{key}: '{t.en}' without '{t.zh}'")
    return out


@pytest.mark.parametrize("game", SHIPPED)
def test_scenarios_use_the_glossary_terms(game):
    assert not (bad := scenario_glossary_exceptions(game)), _show(bad)


@pytest.mark.parametrize("game", SHIPPED)
def test_clauses_use_the_glossary_terms(game):
    assert not (bad := glossary_exceptions(game)), _show(bad)
