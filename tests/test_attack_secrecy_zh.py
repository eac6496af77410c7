"""The attacker of tests/test_attack_secrecy.py again, with every surface in Chinese.

A Chinese template could name a card, a count or a value that the English one keeps hidden, and
the explorer's language toggle re-renders the log, the status line, the action names and the
picture mid-game. Two worlds that differ only in another seat's secret must look the same to
the viewer in Chinese too: the views and the event sentences (``--lang zh``), the per-seat
transcript of ``racekit play --seat N --lang zh``, the picture, and a "You play" page switched
to Chinese mid-game, walked back and forward, and switched back to English.
"""
from __future__ import annotations

import pytest

import racekit
from racekit.core.i18n import use_lang
from test_attack_secrecy import HIDDEN, IDS, _first_difference, engine_surfaces, stretches


@pytest.mark.parametrize("game_id,options", HIDDEN, ids=IDS)
def test_views_and_story_in_chinese_are_the_same_in_worlds_a_seat_cannot_tell_apart(game_id, options):
    game = racekit.load_game(game_id, **options)
    points = 0
    with use_lang("zh"):
        for viewer in range(game.num_players):
            for a, b, _, _ in stretches(game, viewer, seeds=(1,), per_game=6, cap=20):
                points += 1
                sa, sb = engine_surfaces(a, viewer), engine_surfaces(b, viewer)
                sa["seat's events"] = [game.render(e, details=False) for e in a.events]
                sb["seat's events"] = [game.render(e, details=False) for e in b.events]
                key = _first_difference(sa, sb)
                assert key is None, f"{game_id} seat {viewer} ply {a.ply}: the Chinese {key} tells the worlds apart"
    assert points >= 10


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_the_cli_seat_transcript_in_chinese_is_the_same(game_id, options, capsys):
    from racekit.cli import _play_out
    from racekit.core.session import Session
    game = racekit.load_game(game_id, **options)

    def transcript(line, viewer):
        session = Session(game, seed=1)
        feed = iter(line)
        session.next_action = lambda: next(feed)
        session.state.is_terminal = lambda n=len(line): session.state.ply >= n
        with use_lang("zh"):
            _play_out(session, game.seat_names, False, viewer)
        return capsys.readouterr().out

    compared = 0
    for viewer in (0, 1):
        for i, (a, b, la, lb) in enumerate(stretches(game, viewer, seeds=(3,), per_game=4, cap=12)):
            if i % 5:
                continue
            ta, tb = transcript(la, viewer), transcript(lb, viewer)
            assert ta == tb, f"{game_id} seat {viewer}: the Chinese transcript tells the worlds apart"
            compared += 1
    assert compared >= 2


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_the_seats_picture_in_chinese_has_the_same_pixels(game_id, options):
    from racekit.explorer.board import Board, resolve_painter, resolve_plot
    from racekit.explorer.widget import _takes_viewer
    game = racekit.load_game(game_id, **options)
    draw, painter = resolve_plot(game), resolve_painter(game)
    kw_ok = _takes_viewer(draw, painter)
    boards = [Board(draw, painter=painter, image_format="png") for _ in range(2)]
    compared = 0
    with use_lang("zh"):
        for viewer in (0, game.num_players - 1):
            for i, (a, b, _, _) in enumerate(stretches(game, viewer, seeds=(5,), per_game=4, cap=10)):
                if i % 3:
                    continue
                kw = {"viewer": viewer} if kw_ok else {}
                pa, pb = boards[0].render(a, **kw), boards[1].render(b, **kw)
                assert pa == pb, f"{game_id} seat {viewer} ply {a.ply}: the Chinese picture tells the worlds apart"
                compared += 1
    assert compared >= 3


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_a_you_play_page_switched_to_chinese_mid_game_is_the_same(game_id, options):
    """A guest's page, played in English, switched to Chinese (the log, action names and picture
    re-rendered for the whole history so far), walked Back and Forward, and switched back."""
    from racekit.explorer import explore
    from test_explorer_secrecy import SEED, _diff, page
    game = racekit.load_game(game_id, **options)
    viewer = game.num_players - 1
    checked = 0
    for i, (a, b, la, lb) in enumerate(stretches(game, viewer, seeds=(6,), per_game=3, cap=8)):
        if i % 4 or a.is_chance_node() or a.is_terminal():
            continue
        pages = []
        for line in (la, lb):
            ex = explore(game_id, seed=SEED, agent="random", human=viewer, image_format="png", **options)
            for action in line:
                ex.session.step(action)
            ex.refresh()
            ex.lang_toggle.value = "zh"          # as the page's toggle does
            seen = [page(ex)]
            ex.back()
            seen.append(page(ex))
            ex.every_draw.value = True
            ex.back()
            seen.append(page(ex))
            ex.forward()
            ex.forward()
            seen.append(page(ex))
            ex.set_lang("en")
            seen.append(page(ex))
            assert ex.error is None, ex.error
            pages.append(seen)
            ex.close()
        for k, (pa, pb) in enumerate(zip(*pages)):
            assert pa == pb, f"{game_id} ply {len(la)}, view {k}: {_diff(pa, pb)}"
        checked += 1
        if checked >= 2:
            break
    assert checked >= 1


def test_a_chinese_guest_page_hides_the_seed_and_the_scenarios():
    from racekit.explorer import explore
    from test_explorer_secrecy import SEED, _texts
    ex = explore("leaf_marathon", seed=SEED, players=3, agent="random", human=0, lang="zh")
    assert str(SEED) not in _texts(ex)
    ex.set_lang("en")
    ex.set_lang("zh")
    assert str(SEED) not in _texts(ex) and ex.seed_box.disabled
    ex.close()


def test_the_language_toggle_keeps_a_guests_seat_and_hides_the_seed():
    """The toggle relabels the "You play" list; a guest's page must stay that seat's page (it
    became a watcher's: the seed and every hand weight on show)."""
    from racekit.explorer import explore
    from test_explorer_secrecy import SEED, _texts
    for first, second in (("en", "zh"), ("zh", "en")):
        ex = explore("leaf_marathon", seed=SEED, players=3, agent="random", human=2, lang=first)
        ex.lang_toggle.value = second
        assert ex.viewer == 2 and ex.human_box.value == 2 and ex.seed_hidden()
        assert str(SEED) not in _texts(ex) and ex.seed_box.disabled
        ex.close()
    host = explore("leaf_marathon", seed=SEED, players=3, agent="random", human=1, host=True)
    host.set_lang("zh")
    assert host.viewer == 1 and host.human_box.value == 1
    host.close()


@pytest.mark.parametrize("game_id,options,kw", __import__("test_explorer_secrecy").GAMES,
                         ids=[g for g, _, _ in __import__("test_explorer_secrecy").GAMES])
def test_a_chinese_you_play_page_from_the_start_cannot_tell_the_games_apart(game_id, options, kw,
                                                                            monkeypatch):
    """tests/test_explorer_secrecy.py's attack (page models, picture, the Try box typed with the
    other world's next action) on a page opened in Chinese (``RACEKIT_LANG=zh``)."""
    import test_explorer_secrecy as T
    monkeypatch.setenv("RACEKIT_LANG", "zh")
    from racekit.core.i18n import get_lang
    assert get_lang() == "zh"
    T.test_a_seat_cannot_tell_apart_two_games_that_differ_in_another_seats_secret(game_id, options, kw,
                                                                                  every_draw=False)


def test_a_guest_reaches_no_scenario_by_widget_state_path_box_or_language(monkeypatch, tmp_path):
    """The Scenarios panel is hidden on a guest's page; a crafted front end may still open it,
    type a path and press the buttons, before and after switching language: nothing is read."""
    from racekit.core import scenarios
    from racekit.core.scenarios import scenario_paths
    from racekit.explorer import explore
    read = []
    real = scenarios.load_scenario
    monkeypatch.setattr(scenarios, "load_scenario", lambda p, *a, **k: read.append(p) or real(p, *a, **k))
    typed = tmp_path / "mine.yaml"
    typed.write_text(scenario_paths("snow_tails")[0].read_text())
    ex = explore("snow_tails", players=3, track="straight4", agent="random", human=0)
    line = list(ex.session.line)
    for lang in ("en", "zh"):
        ex.lang_toggle.value = lang
        ex.picker.widget.selected_index = 0
        ex.picker.path_box.value = str(typed)
        ex.picker.open_file_button.click()
        assert ex.error_box.value and ex.viewer == 0 and ex.session.line == line
        ex.picker.open_button.click()
        assert ex.error_box.value and ex.viewer == 0 and ex.session.line == line
    assert read and all(str(tmp_path) not in str(p) for p in read)   # the list only, not the path typed
    assert ex.scenario is None and not ex.host
    ex.close()


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_typing_any_chinese_action_name_at_ones_own_decision_tells_nothing(game_id, options):
    """The Try box takes names typed in Chinese too (``action_label(a, "zh")``): every such name
    the game has is accepted or refused with the same words in both worlds."""
    from secrecy_helpers import random_line
    from test_attack_secrecy import _typed
    game = racekit.load_game(game_id, **options)
    names = set()
    for seed in range(100, 106):
        state = game.new_initial_state(record_events=False)
        for action in random_line(game, seed):
            options_now = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                           else state.legal_actions())
            names.update(state.action_label(x, "zh") for x in options_now)
            state.apply_action(action)
    names = sorted(n for n in names if not n.isascii())
    assert names
    decisions = 0
    with use_lang("zh"):
        for viewer in range(game.num_players):
            for a, b, _, _ in stretches(game, viewer, seeds=(4,), per_game=4, cap=20):
                if a.is_terminal() or a.is_chance_node() or a.current_player() != viewer:
                    continue
                decisions += 1
                for text in names:
                    ra, rb = _typed(a, text), _typed(b, text)
                    assert ra == rb, f"{game_id} seat {viewer} ply {a.ply}: typing {text!r}: {ra} / {rb}"
    assert decisions >= 2


def test_a_seat_named_without_an_agent_opens_that_seats_page_not_the_hosts():
    """``racekit.explore(game, seat=1)`` (the word of ``racekit play --seat 1``, whose other
    seats are played by the random agent) opened a hot-seat host page: every hand weight and
    the seed on show. Naming a seat without an agent now plays it against the random agent."""
    from racekit.explorer import explore
    from test_explorer_secrecy import _texts
    for kw in (dict(seat=1), dict(human=1), dict(seat=1, lang="zh")):
        ex = explore("leaf_marathon", players=3, **kw)
        assert ex.viewer == 1 and not ex.host and ex.seed_hidden(), kw
        assert ex.agent_box.value == "random" and str(ex.session.seed) not in _texts(ex)
        ex.close()
    hot_seat = explore("leaf_marathon", players=3, agent="manual", human=1)   # said out loud
    assert hot_seat.host and hot_seat.viewer is None
    hot_seat.close()


def test_cli_seat_output_in_chinese_gives_no_seed_away(tmp_path):
    """`racekit play --seat 0 --lang zh --save`: the seed is nowhere in the Chinese output or
    the save, and no small seed or number in them reproduces seat 0's own draws."""
    import json

    from typer.testing import CliRunner

    from racekit.cli import app
    from test_secrecy import SMALL_SEEDS, _numbers, attack
    save = tmp_path / "seat0.json"
    out = CliRunner().invoke(app, ["play", "snow_tails", "--players", "3", "-o", "track=straight4",
                                   "--seat", "0", "--lang", "zh", "--save", str(save)])
    assert out.exit_code == 0, out.output
    assert "红方" in out.output
    view = json.loads(save.read_text())
    assert view["seat"] == 0 and view["seed"] is None and view["setup"] is None
    found = attack(view, list(SMALL_SEEDS)[:2000] + sorted(_numbers(out.output, save.read_text())))
    assert found == {}
