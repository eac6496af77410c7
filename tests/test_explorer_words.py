"""Rules in words in the explorer (issue 8): clause summaries on the event lines, the
Rules panel, plain phase names, grouped option controls with help text and clause IDs,
and the hint a notebook shows where the live widget is missing."""
from __future__ import annotations

import html
import importlib
import re

import matplotlib
import pytest

matplotlib.use("Agg")

from racekit.core.clauses import load_clauses  # noqa: E402
from racekit.core.game import game_class  # noqa: E402
from racekit.explorer import explore  # noqa: E402
from racekit.explorer.widget import clause_table, option_groups, phase_words  # noqa: E402
from racekit.games import SHIPPED  # noqa: E402


@pytest.fixture(scope="module")
def ac():
    ex = explore("aeroplane_chess", seed=7, agent="random")
    for _ in range(6):
        ex.step_button.click()
    yield ex
    ex.close()


def test_event_lines_show_each_clause_summary_on_hover(ac):
    spec = load_clauses("aeroplane_chess")
    summaries = {c.id: c.summary for c in spec.clauses}
    summaries.update({a.id: a.summary for a in spec.ambiguities})
    spans = re.findall(r"<span class='racekit-clause' title='([^']*)'[^>]*>([A-Z0-9-]+)</span>",
                       ac.event_log.value)
    assert spans, ac.event_log.value
    for title, cid in spans:
        assert html.unescape(title).startswith(summaries[cid])
    cited = {cid for e in ac.session.state.events[-ac.log_size:] for cid in e.clauses}
    assert {cid for _, cid in spans} == cited & set(summaries)


def test_rules_panel_lists_every_clause_and_marks_the_latest_steps(ac):
    table = clause_table("aeroplane_chess")
    spec = load_clauses("aeroplane_chess")
    assert list(table) == [c.id for c in spec.clauses] + [a.id for a in spec.ambiguities]
    since = ac.session.decision_before(ac.session.cursor)
    latest = {cid for e in ac.session.state.events if e.ply >= since for cid in e.clauses}
    assert latest
    title = ac.rules_panel.get_title(0)
    assert title.startswith(f"Rules: {len(table)} clauses") and all(c in title for c in latest)
    assert ac.rules_html.value == ""                 # built only when the panel is opened
    ac.rules_panel.selected_index = 0
    body = ac.rules_html.value
    for cid, entry in table.items():
        assert f"<code>{cid}</code>" in body and html.escape(entry["summary"]) in body
    marked = set(re.findall(r"<tr style='background:#fff3bf'><td[^>]*><code>([^<]+)</code>", body))
    assert marked == latest & set(table)
    for _ in range(3):
        ac.step_button.click()                       # it follows the game while open
        since = ac.session.decision_before(ac.session.cursor)
        latest = {cid for e in ac.session.state.events if e.ply >= since for cid in e.clauses}
        marked = set(re.findall(r"<tr style='background:#fff3bf'><td[^>]*><code>([^<]+)</code>",
                                ac.rules_html.value))
        assert marked == latest & set(table)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_phase_has_plain_words(game_id):
    text = importlib.import_module(game_class(game_id).game_type.text.partition(":")[0])
    phases = text.PHASES
    assert all(words and "_" not in words for words in phases.values())
    if game_id == "snow_tails":
        from racekit.games.snow_tails.consts import PHASES as ids
        assert set(ids) == set(phases)
    ex = explore(game_id, seed=2, agent="random", every_draw=True)
    seen = set()
    for _ in range(120):
        state = ex.session.state
        if state.is_terminal():
            break
        seen.add(state.phase)
        assert phases[state.phase] in html.unescape(ex.status.value)
        assert f"(phase {state.phase})" in ex.status.value
        ex.step_button.click()
    assert len(seen) >= 3 and seen <= set(phases)
    ex.close()


def test_status_names_the_phase_as_a_teacher_says_it():
    ex = explore("snow_tails", seed=3)
    ex.step_button.click()
    assert ex.session.state.phase == "choose_slot"
    assert phase_words(ex.game.game_type, "choose_slot") == "choose a start slot"
    assert "choose a start slot" in ex.status.value and "your decision" in ex.status.value
    assert "a ply is one decision or one chance draw" in ex.status.value   # "ply" explained
    ex.close()


@pytest.mark.parametrize("game_id", SHIPPED)
def test_options_are_labelled_grouped_controls_with_help_and_clause_ids(game_id):
    gt = game_class(game_id).game_type
    groups = option_groups(gt)
    names = [o.name for _, opts in groups for o in opts]
    assert sorted(names) == sorted(o.name for o in gt.options)        # each option once
    declared = getattr(importlib.import_module(gt.text.partition(":")[0]), "OPTION_GROUPS", None)
    assert len(groups) > 1 or not declared                            # grouped by topic
    ex = explore(game_id, seed=1)
    panel = ex.options_panel.children[0]
    assert len(panel.children) == len(groups)
    for group, (title, opts) in zip(panel.children, groups):
        assert title in group.children[0].value
        for row, opt in zip(group.children[1:], opts):
            box, help_text = row.children
            assert box is ex.option_boxes[opt.name]
            assert box.description == opt.name.replace("_", " ")
            assert html.escape(opt.doc) in help_text.value
            assert all(cid in help_text.value for cid in opt.clauses)
    ex.close()


def test_a_notebook_without_the_live_widget_shows_a_hint_to_run_the_cell():
    ex = explore("snow_tails", seed=3)
    bundle = ex._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    text = bundle["text/plain"]
    assert "run this cell" in text and "Snow Tails" in text and "<Explorer" not in text
    ex.close()


def test_a_long_seed_is_shown_whole():
    seed = 2**127 + 12345
    ex = explore("aeroplane_chess", seed=seed, agent="random")
    assert ex.seed_box.value == str(seed) and f"seed {seed}" in ex.status.value
    ex.seed_box.value = "not a number"
    assert isinstance(ex.error, ValueError) and "whole number" in ex.error_box.value
    assert ex.session.seed == seed
    ex.close()


def test_explore_shows_the_title_and_a_loading_note_first(monkeypatch):
    """In a notebook, racekit.explore shows "<title> · loading the explorer…" before the
    heavy imports and the first picture, then blanks it (the explorer shows below)."""
    import IPython
    import IPython.display

    import racekit

    shown = []

    class Handle:
        def update(self, obj):
            shown.append(("update", obj.data))

    class Shell:
        kernel = object()

    def fake_display(obj, display_id=False):
        shown.append(("display", obj.data))
        return Handle()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    monkeypatch.setattr(IPython.display, "display", fake_display)
    ex = racekit.explore("snow_tails", seed=1)
    assert shown[0][0] == "display" and "Snow Tails" in shown[0][1]
    assert "loading the explorer…" in shown[0][1] and "racekit-loading" in shown[0][1]
    assert shown[1] == ("update", "") and len(shown) == 2
    ex.close()


def test_a_loading_note_shown_in_an_earlier_cell_is_replaced_by_the_explorer(monkeypatch):
    import IPython
    import IPython.display

    import racekit.explorer

    shown = []

    class Handle:
        def update(self, obj):
            shown.append(("update", obj.data))

    class Shell:
        kernel = object()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, display_id=False: shown.append(("display", obj.data)) or Handle())
    racekit.explorer.loading("aeroplane_chess")          # its own cell, shown at once
    assert len(shown) == 1 and "Aeroplane Chess" in shown[0][1]
    ex = racekit.explorer.explore("aeroplane_chess")      # the next cell
    assert shown[1:] == [("update", "")]                  # the same note, blanked; no second one
    ex.close()
