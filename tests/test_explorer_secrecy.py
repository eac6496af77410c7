"""Secrets stay secret in the explorer's "You play" mode (issue 16), tested as an attacker.

A person plays one seat beside an agent, which is all a Voila page offers. Two games that
differ only in another seat's secret (secrecy_helpers.twins: a card drawn, a plan
committed) must give that person's page byte-identical content for as long as their seat
cannot tell the games apart: the state of every widget model the page holds (walked from
the explorer, texts, options, titles, values; the action chooser that is not shown
included) and the picture (PNG bytes of the board Image). At each point the attacker also
types the other world's true next action into the "Try" box: a draw forced, another
seat's decision named, a name refused with its list of legal actions would all differ.

Other tests: the seed is hidden until the game ends (it recomputes every hidden draw), a
guest's page keeps its seat, agent and seed, and a host's explorer (``host=True``) shows it.
"""
from __future__ import annotations

import hashlib

import ipywidgets as widgets
import pytest

from racekit.explorer import explore
from secrecy_helpers import twins

SEED = 2**100 + 4242   # large: its digits appear nowhere by chance
GAMES = [
    ("snow_tails", dict(players=3, track="straight4"), dict(viewer=0)),
    ("wingsuit", dict(players=3), dict(viewer=2, min_same=2, min_decisions=1)),
    # a card drawn into another hand (its weight is secret, LM-AMB-43), not the character draft
    ("leaf_marathon", dict(players=3),
     dict(viewer=0, phases=("draw",), when=lambda s: min(s.char) >= 0, differs=lambda a, b: _weights(a) != _weights(b))),
]
def _weights(state) -> list:
    from racekit.games.leaf_marathon import cards
    return [cards.hand_weight(state, seat) for seat in range(state.n)]


MAX_POINTS = 24   # compared positions per world pair and mode


def page(ex) -> list:
    """Everything the page's widget models hold, in a canonical order (model ids left out)."""
    seen: dict[int, int] = {}
    out: list = []

    def value(v):
        if isinstance(v, widgets.Widget):
            return visit(v)
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        if isinstance(v, (bytes, bytearray, memoryview)):
            return "bytes:" + hashlib.sha256(bytes(v)).hexdigest()
        if isinstance(v, dict):
            return {k: value(x) for k, x in sorted(v.items())}
        return repr(v)

    def visit(w):
        if id(w) in seen:
            return f"#{seen[id(w)]}"
        seen[id(w)] = len(seen)
        entry = [type(w).__name__]
        out.append(entry)
        for key in sorted(w.keys):
            entry.append((key, value(getattr(w, key))))
        return f"#{seen[id(w)]}"

    for root in (ex, ex.dropdown.widget, ex.controls.widget):
        visit(root)
    return out


def _diff(a: list, b: list) -> str:
    for x, y in zip(a, b):
        if x != y:
            for (k1, v1), (k2, v2) in zip(x[1:], y[1:]):
                if v1 != v2:
                    return f"{x[0]}.{k1}: {str(v1)[:300]} != {str(v2)[:300]}"
    return "different widget trees"


def _open(game_id, options, viewer, every_draw):
    return explore(game_id, seed=SEED, agent="random", human=viewer, image_format="png",
                   every_draw=every_draw, **options)


def _probe(ex, text):
    """Type ``text`` and press Try; returns the error shown (the state must not change)."""
    before = ex.session.state.history()
    ex.action_text.value = text
    ex.try_button.click()
    assert ex.session.state.history() == before, f"typing {text!r} changed the game"
    ex.action_text.value = ""
    return ex.error_box.value


@pytest.mark.parametrize("game_id,options,kw", GAMES, ids=[g for g, _, _ in GAMES])
@pytest.mark.parametrize("every_draw", [True, False], ids=["every-draw", "step"])
def test_a_seat_cannot_tell_apart_two_games_that_differ_in_another_seats_secret(game_id, options, kw,
                                                                                 every_draw):
    t = twins(game_id, **kw, **options)
    v = t.viewer
    exa, exb = _open(game_id, options, v, every_draw), _open(game_id, options, v, every_draw)
    assert exa.human_box.value == v
    for ex, line in ((exa, t.line_a), (exb, t.line_b)):
        for action in line[:t.ply]:
            ex.session.step(action)
    points = 0
    for upto in range(t.ply + 1, t.same + 1):
        exa.session.step(t.line_a[upto - 1])
        exb.session.step(t.line_b[upto - 1])
        state = exa.session.state
        decision = not state.is_terminal() and not state.is_chance_node()
        if not every_draw and not decision:
            continue   # a Step stops at decisions only
        if points >= MAX_POINTS:
            break
        points += 1
        exa.refresh()
        exb.refresh()
        pa, pb = page(exa), page(exb)
        assert pa == pb, f"{game_id} ply {upto}: the page tells the games apart: {_diff(pa, pb)}"
        # the attacker types the true next action of world A (a draw, another seat's decision),
        # or, at its own decision, a name that is no action
        if upto < len(t.line_a):
            own = decision and state.current_player() == v
            text = "no such action" if own else state.action_to_string(t.line_a[upto])
            ea, eb = _probe(exa, text), _probe(exb, text)
            assert ea and ea == eb, f"{game_id} ply {upto}: typing {text!r} tells the games apart"
            pa, pb = page(exa), page(exb)
            assert pa == pb, f"{game_id} ply {upto} after typing: {_diff(pa, pb)}"
    assert points >= min(4, kw.get("min_same", 12))
    exa.close()
    exb.close()


def _texts(ex) -> str:
    return repr(page(ex))


def test_the_seed_is_hidden_from_a_guest_until_the_game_ends():
    ex = explore("snow_tails", seed=SEED, players=2, track="straight4", agent="random", human=0)
    assert not ex.host and ex.seed_hidden()
    assert str(SEED) not in _texts(ex) and str(SEED) not in ex.hint() and str(SEED) not in repr(ex)
    assert "hidden until the game ends" in ex.status.value and ex.seed_box.disabled
    for _ in range(2000):
        if ex.session.state.is_terminal():
            break
        ex.step_button.click()
        assert ex.error is None, ex.error
        if not ex.session.state.is_terminal():
            assert str(SEED) not in ex.status.value + ex.seed_box.value
    assert ex.session.state.is_terminal()
    assert str(SEED) in ex.status.value and ex.seed_box.value == str(SEED)   # shown at the end
    ex.back()                                                                 # known now: stays
    assert str(SEED) in ex.status.value
    ex.close()


def test_a_guest_cannot_change_seat_agent_or_seed_and_reset_draws_a_fresh_secret_seed():
    ex = explore("leaf_marathon", seed=SEED, players=3, agent="random", human=0)
    assert ex.agent_box.disabled and ex.human_box.disabled and ex.seed_box.disabled
    ex.human_box.value = 1                      # as a crafted front-end message would
    assert ex.human_box.value == 0 and ex.viewer == 0 and "fixed" in ex.error_box.value
    ex.agent_box.value = "manual"
    assert ex.agent_box.value == "random" and ex.viewer == 0
    ex.seed_box.value = "7"
    assert ex.session.seed == SEED and str(SEED) not in _texts(ex) and "7" != ex.seed_box.value
    ex.reset_button.click()
    assert ex.error is None and ex.session.seed != SEED and ex.session.seed.bit_length() > 64
    assert str(ex.session.seed) not in _texts(ex)
    ex.players_box.value = 2
    assert ex.viewer == 0 and ex.game.num_players == 2
    ex.close()


def test_a_hosts_explorer_shows_the_seed_and_may_change_seats():
    ex = explore("leaf_marathon", seed=SEED, players=3, agent="random", human=0, host=True)
    assert ex.host and str(SEED) in ex.status.value and ex.seed_box.value == str(SEED)
    ex.human_box.value = 1
    assert ex.viewer == 1 and ex.error is None
    ex.close()
    watch = explore("leaf_marathon", seed=SEED, players=3, agent="random")   # nobody's seat
    assert watch.host and watch.viewer is None and str(SEED) in watch.status.value
    watch.human_box.value = 2          # the host takes a seat: that seat's page, no seed on it
    assert watch.viewer == 2 and str(SEED) not in _texts(watch) and watch.seed_box.disabled
    watch.human_box.value = None       # and leaves it
    assert str(SEED) in watch.status.value and watch.seed_box.value == str(SEED)
    assert not watch.seed_box.disabled and watch.error is None
    watch.close()


def test_leaf_marathon_picture_hides_other_hands_weights_for_the_person():
    """LM-AMB-43: the person's picture shows its own hand weight and "weight ?/limit" for others."""
    ex = explore("leaf_marathon", seed=5, players=3, agent="random", human=1)
    while ex.session.state.phase != "turn":
        ex.step_button.click()
    from matplotlib.text import Text
    texts = [a.get_text() for a in ex.figure.axes[0].get_children() if isinstance(a, Text)]
    weights = [t for t in texts if t.startswith("weight ")]
    assert len(weights) == 3
    assert weights[0].startswith("weight ?/") and weights[2].startswith("weight ?/")
    assert not weights[1].startswith("weight ?/")
    ex.close()


def test_a_guest_cannot_rewrite_what_was_played():
    """After Back, a guest's Step replays the recorded move: choosing another one would let the
    person try the agents' answers to every move and read their hands from them."""
    import fake_game
    fake_game.register()
    for host in (None, True):
        ex = explore("fake_race", seed=3, agent="random", human=0, **({"host": True} if host else {}))
        for _ in range(40):
            state = ex.session.state
            if not state.is_chance_node() and state.current_player() == 0 and len(state.legal_actions()) > 1:
                break
            ex.step_button.click()
        legal = ex.session.state.legal_actions()
        assert len(legal) > 1
        ex.step_button.click()                               # the preselected move
        line = list(ex.session.line)
        ex.back()
        assert ex.session.state.current_player() == 0
        played = ex.session.line[ex.session.cursor]
        ex.dropdown.widget.value = next(a for a in legal if a != played)
        ex.step_button.click()
        if host:
            assert ex.error is None and ex.session.line[:len(line)] != line   # the host may branch
        else:
            assert "replay the moves played" in ex.error_box.value
            assert ex.session.line == line and ex.session.state.current_player() == 0
            ex.dropdown.widget.value = played
            ex.step_button.click()                           # the recorded move is fine
            assert ex.error is None and ex.session.line == line
        ex.close()
