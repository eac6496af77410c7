"""`racekit review --lang zh`: the designer review's printed lines (the header, every verdict,
the "not available" line), its pictures' labels and the start-player sentences in Chinese, from
the stored reviews (``--load notebooks/review/*.parquet``, no game played); English unchanged."""
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racekit.cli import app
from racekit.core import i18n
from racekit.core.i18n import catalogue, use_lang

from test_i18n import CJK, english_words

pytest.importorskip("pandas")
pytest.importorskip("pyarrow")
runner = CliRunner()
STORED = sorted((Path(__file__).resolve().parent.parent / "notebooks" / "review").glob("*.parquet"))
SETTING = re.compile(r"[A-Za-z_][\w]*=[^\s,，；：)）]+")   # an option or parameter as typed: six_bonus=none


def chinese_words_left(text: str, ids=()) -> list[str]:
    """English words left in a Chinese review line: option settings (``name=value``), the
    game's and presets' ids, file paths and the agents' names are ids; everything else must be Chinese."""
    text = SETTING.sub(" ", text)
    text = re.sub(r"[\w.-]+/[\w./-]+", " ", text)                     # a file path: docs/x.md
    text = re.sub(r"\bQ\d+[a-c]?\b", " ", text)                      # a rule question's code: Q1a
    for word in sorted(ids, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", text)
    return [w for w in english_words(text) if len(w) > 2]     # q, r, y: coordinates (as test_zh_notebooks)


def _ids(review) -> set:
    s = review.settings
    return {s["game"], s["preset"], *s["agents"], "Holm"}   # Holm: the method's name


@pytest.mark.parametrize("path", STORED, ids=[p.stem for p in STORED])
def test_a_stored_review_prints_in_chinese(path):
    from racekit.sim.designer import Review
    res = runner.invoke(app, ["review", "--lang", "zh", "--load", str(path)])
    assert res.exit_code == 0, res.output
    ids = _ids(Review.from_parquet(path))
    lines = res.output.splitlines()
    assert len(lines) > 6
    for line in lines:
        assert CJK.search(line), line
        assert not chinese_words_left(line, ids), (chinese_words_left(line, ids), line)
    assert any(line.startswith(("先手玩家：", "第一个座位")) for line in lines)
    assert any(line.startswith("终局情况：") for line in lines)


@pytest.mark.parametrize("path", STORED[:2], ids=[p.stem for p in STORED[:2]])
def test_the_english_review_is_what_it_was(path):
    """The English lines: no Chinese, and the phrases the English tests and notebook read."""
    res = runner.invoke(app, ["review", "--load", str(path)])
    assert res.exit_code == 0, res.output
    assert not CJK.search(res.output)
    assert re.search(r"^(first player|first seat \(\w+\)): \d+\.\d% \[\d+\.\d%, \d+\.\d%\] of "
                     r"finished games \(fair \d+\.\d%\); \d+\.\d% of all games$", res.output, re.M)
    assert "verdicts: Holm's correction at 5% across the review's" in res.output
    assert re.search(r" (changes|no change beyond|not enough games)", res.output)


def _state(claim, kind=None, **kw):
    base = dict(claim=claim, kind=kind, n=800, mean=1.234, low=-0.5, high=2.9, half=2.4,
                changed=12, fresh_n=1600, fresh_mean=4.2, fresh_low=3.1, fresh_high=5.3)
    return {**base, **kw}


@pytest.mark.parametrize("win,length", [
    (_state("candidate", "candidate"), _state("same", "same", changed=100)),
    (_state(None, "candidate", changed=100), _state(None, None)),
])
def test_every_verdict_sentence_speaks_both_languages(win, length):
    from racekit.sim.designer import _line
    bounds = {"win": 3.0, "length": 3.0}
    en = _line("six_bonus=none", win, length, bounds)
    with use_lang("zh"):
        zh = _line("six_bonus=none", win, length, bounds)
    assert en.startswith("six_bonus=none ") and not CJK.search(en)
    assert CJK.search(zh) and not chinese_words_left(zh), zh
    for number in re.findall(r"[+-]\d+\.\d|±\d+\.\d|\d,\d{3}", en):
        assert number in zh, (number, zh)     # the same numbers in both languages


def test_the_verdict_sentences_english_wording():
    from racekit.sim.designer import _words
    st = _state(None, "candidate", changed=12)
    assert _words(st, "win", 3.0) == (
        "not enough games to tell the first player's edge (±2.4 points after 800 games, 12 of "
        "them changed: too few to judge); the +1.2 points seen was not confirmed on fresh games "
        "(+4.2 points)")
    assert _words(_state("same"), "length", 3.0) == "no change beyond ±3% (+1.2 [-0.5, +2.9] after 800 games)"
    assert _words(_state("candidate"), "win", 3.0) == (
        "changes the first player's edge by +4.2 points [+3.1, +5.3], beyond ±3 points "
        "(confirmed on 1,600 fresh games)")
    # a confirmed change inside the designer's ±bound, or across it, says so
    assert _words(_state("candidate"), "win", 6.0) == (
        "changes the first player's edge by +4.2 points [+3.1, +5.3], within ±6 points "
        "(confirmed on 1,600 fresh games)")
    assert _words(_state("candidate"), "length", 4.0) == (
        "changes by +4.2% [+3.1, +5.3], maybe beyond ±4% (confirmed on 1,600 fresh games)")
    with use_lang("zh"):
        assert "在 ±6 个百分点以内" in _words(_state("candidate"), "win", 6.0)
        assert "可能超出 ±4%" in _words(_state("candidate"), "length", 4.0)


def test_the_review_catalogue_has_the_same_keys_and_fields_in_both_languages():
    en = {k: v for k, v in catalogue("en", "core").items() if k.startswith("review.")}
    zh = {k: v for k, v in catalogue("zh", "core").items() if k.startswith("review.")}
    assert en and set(en) == set(zh)
    field = re.compile(r"\{(\w+)")
    for key, text in en.items():
        assert set(field.findall(str(text))) == set(field.findall(str(zh[key]))), key
        words = english_words(re.sub(r"\{[^}]*\}", " ", str(zh[key])))
        assert CJK.search(str(zh[key])) or not words, (key, zh[key])
        assert not chinese_words_left(re.sub(r"\{[^}]*\}", " ", str(zh[key]))), (key, zh[key])


GLOSSARY_EXCEPTIONS = {
    "game": "a count of games is 局 / 对局 (the glossary's 游戏 is the game itself)",
    "start": "the start player (先手), not the start square (起点)",
}


def test_the_review_catalogue_uses_the_glossary_terms():
    glossary = i18n.glossary(str(Path(i18n.__file__).resolve().parent.parent / "locale" / "glossary.yaml"))
    terms = sorted((g for g in glossary if "all" in (g.get("games") or [])), key=lambda g: -len(g["en"]))
    en, zh = catalogue("en", "core"), catalogue("zh", "core")
    misses = []
    for key, entry in en.items():
        if not key.startswith("review.") or key.startswith("review.words."):
            continue
        text = re.sub(r"\{[^}]*\}", " ", str(entry))
        for item in terms:
            m = re.search(rf"(?<![\w-]){re.escape(item['en'])}(?:s|es)?(?![\w-])", text, re.I)
            if m is None:
                continue
            text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
            if item["zh"] not in str(zh[key]) and item["concept"] not in GLOSSARY_EXCEPTIONS:
                misses.append(f"{key}: {item['en']} -> {item['zh']}")
    assert not misses, misses


def test_the_pictures_label_in_chinese():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from racekit.plotting import rc
    from racekit.sim import designer, review
    rv = designer.Review.from_parquet(STORED[0])
    with use_lang("zh"), plt.rc_context(rc()):   # racekit's fonts, as the notebooks set them
        fig, axes = plt.subplots(1, 3)
        designer.plot_positions(rv.baseline, ax=axes[0])
        designer.plot_positions(rv.baseline, ax=axes[1], by="colour")
        review.plot_lengths(rv.baseline, ax=axes[2])
        verdicts = designer.plot_verdicts(rv.verdicts)
    texts = [t for ax in axes for t in (ax.get_xlabel(), ax.get_ylabel(), ax.get_title(),
                                        *(x.get_text() for x in ax.get_legend().get_texts()))]
    texts += [t.get_text() for t in axes[1].get_xticklabels()]
    if verdicts is not None:
        texts += [a.get_xlabel() for a in verdicts.axes]
        texts += [x.get_text() for x in verdicts.axes[1].get_legend().get_texts()]
        plt.close(verdicts)
    plt.close(fig)
    ids = _ids(rv)
    for t in filter(None, texts):
        assert not chinese_words_left(t, ids), t
    assert "公平份额" in texts and "每局步数" in texts


def test_the_start_player_sentences_speak_chinese():
    import racekit
    from racekit.sim import playorder
    for gid, preset in (("aeroplane_chess", "tournament"), ("wingsuit", None)):
        game = racekit.load_game(gid, preset=preset)
        en = playorder.fixed_start(game)
        with use_lang("zh"):
            zh = playorder.fixed_start(game)
        assert en and not CJK.search(en) and CJK.search(zh)
        assert re.search(r"\(([A-Z]{2}-[A-Z0-9-]+)\)$", en).group(1) in zh
        assert not chinese_words_left(zh), zh


def test_the_tables_meanings_and_measure_names_follow_the_language():
    from racekit.sim.designer import Review
    from racekit.sim.quality import quality_table
    from racekit.sim.simulate import completion_table
    base = Review.from_parquet(STORED[0]).baseline
    en_q, en_c = quality_table(base), completion_table(base)
    with use_lang("zh"):
        zh_q, zh_c = quality_table(base), completion_table(base)
    assert list(zh_q.index) == list(en_q.index)            # the measures' ids stay
    assert en_q.loc["drawishness", "meaning"] == "share of games whose first place is shared"
    assert en_c.loc["guard", "meaning"] == "stopped by a guard (a round cap), not by the rules"
    for text in [*zh_q["meaning"], *zh_q["name"], *zh_c["meaning"]]:
        assert CJK.search(text) and not chinese_words_left(text), text


def test_the_decisions_in_force_speak_chinese():
    from racekit.games import SHIPPED
    from racekit.sim import review
    from racekit.core.game import game_class
    for gid in SHIPPED:
        gt = game_class(gid).game_type                 # preset names, option values: ids
        presets = {p.name for p in gt.presets} | {str(c) for o in gt.options
                                                  for c in (getattr(o, "choices", None) or ())}
        en = review.decisions(gid)
        with use_lang("zh"):
            zh = review.decisions(gid)
        assert len(zh) == len(en)
        for e, z in zip(en, zh):
            assert z.startswith(e.split(" ")[0])                  # the ambiguity's ID leads both
            assert CJK.search(z) and not chinese_words_left(z, presets), z


def test_every_stored_review_draws_its_verdicts():
    """The stored verdicts keep 10 digits: a no-change interval of rounding noise may end just on
    the wrong side of its mean; the picture still draws (matplotlib refuses negative errors)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from racekit.sim.designer import Review, plot_verdicts
    for path in STORED:
        fig = plot_verdicts(Review.from_parquet(path).verdicts)
        if fig is not None:
            plt.close(fig)


def test_sweep_prints_in_chinese():
    args = ["sweep", "snow_tails", "-o", "end=first_cross_round,all_finished", "-n", "10",
            "--workers", "1"]
    zh = runner.invoke(app, args + ["--lang", "zh"])
    en = runner.invoke(app, args)
    assert zh.exit_code == 0 and en.exit_code == 0, zh.output + en.output
    assert re.search(r"^end=all_finished: first player \d+\.\d% \[[\d.]+, [\d.]+\] of finished "
                     r"\(fair 25\.0%\); winner \d+\.\d%; mean [\d.]+ plies$", en.output, re.M)
    for line in filter(str.strip, zh.output.splitlines()):
        assert CJK.search(line) and not chinese_words_left(line, {"snow_tails", "standard"}), line
