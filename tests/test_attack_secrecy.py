"""An attacker at one seat after another seat's secret, through every surface a seat reaches
(issue 16: "Secrets stay secret in 'You play'", "What a seat has seen, in the API").

The fixture of tests/test_explorer_secrecy.py takes the *first* private ply of a game; these
attacks take private plies spread over whole games (the draft, opening hands, refills, plans,
blind takes, event selections late in a race), for every viewer. World B replays world A except
at one private ply of another seat; for every later ply at which the viewer's own record still
cannot tell the worlds apart (its ``history_for``, who acts, its ``snapshot(viewer)``), each
surface must be the same in both worlds:

- ``racekit play GAME --seat N``: the printed transcript (the CLI's own printing code, fed the
  two lines), and the ``--save`` file of that seat;
- the public view (``snapshot()``, ``to_text()``, ``str``);
- the explorer's "Try" box: every action name the game has (typed at the viewer's own decisions)
  is accepted or refused with the same words;
- the picture, drawn as the explorer draws it for that seat (pixels);
- the explorer page after Back, Forward, a jump and "show every draw" (widget models and picture).

A planted leak (a surface that shows another seat's hand) is caught by the same comparison, so
these tests can fail.
"""
from __future__ import annotations

import json

import pytest

import racekit
from racekit.core.savefile import to_dict
from secrecy_helpers import random_line

HIDDEN = [
    ("snow_tails", dict(players=3, track="straight4")),
    ("wingsuit", dict(players=3)),
    ("leaf_marathon", dict(players=3)),
    ("leaf_marathon", dict(players=4, draft="sequential", butterfingers_pick="random",
                           trigger_discard="any_use")),
]
IDS = [f"{g}-{o['players']}" + ("-variants" if len(o) > 1 and g == "leaf_marathon" else "") for g, o in HIDDEN]


ANNOUNCED = {"movement_totals": "totals", "travel_light": "squares"}
"""Numbers the rules announce aloud although they come from a hidden hand: Leaf Marathon's
movement totals once the movement step starts (LM-AMB-43) and the squares a Travel Light runs
(the weight dropped, LM-EVENT-02, LM-AMB-30). A seat has seen them."""


def _sees(state, viewer) -> tuple:
    """What the viewer's own record holds: the worlds are apart once this differs."""
    announced = [(e.ply, e.kind, e.data[ANNOUNCED[e.kind]]) for e in state.events if e.kind in ANNOUNCED]
    return (state.history_for(viewer), state.current_player(), announced,
            json.dumps(state.snapshot(viewer), sort_keys=True, default=str))


def _knows(owner, viewer) -> bool:
    return owner == viewer or (type(owner) is tuple and viewer in owner)


def stretches(game, viewer, seeds, per_game=8, cap=30):
    """Pairs of states (A, B, line_a, line_b) the viewer cannot tell apart: for each seed, up to
    ``per_game`` private plies of other seats spread evenly over the game, each with one other
    outcome, followed for at most ``cap`` plies. The states yielded play on: use each pair
    before asking for the next."""
    for seed in seeds:
        line = random_line(game, seed)
        probe = game.new_initial_state(record_events=False)
        private = []
        for k, action in enumerate(line):
            owner = probe._private_to(action)
            if owner is not None and not _knows(owner, viewer):
                private.append(k)
            probe.apply_action(action)
        if not private:
            continue
        chosen = sorted({private[int(i * len(private) / per_game)] for i in range(per_game)}
                        if len(private) > per_game else private)
        state = game.new_initial_state()
        for k, action in enumerate(line):
            if k in chosen:
                options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                           else state.legal_actions())
                alt = next((o for o in options if o != action), None)
                if alt is not None:
                    a, b = state.clone(), state.clone()
                    a.apply_action(action)
                    b.apply_action(alt)
                    la, lb = line[:k + 1], line[:k] + [alt]
                    for j in range(k + 1, min(len(line), k + 1 + cap)):
                        if _sees(a, viewer) != _sees(b, viewer):
                            break
                        yield a, b, la, lb
                        try:
                            b.apply_action(line[j])
                        except Exception:   # not legal in B: the viewer will see a difference
                            break
                        a.apply_action(line[j])
                        la, lb = la + [line[j]], lb + [line[j]]
            state.apply_action(action)


def engine_surfaces(state, viewer) -> dict:
    return {
        "public snapshot": json.dumps(state.snapshot(), sort_keys=True, default=str),
        "to_text": state.to_text(),
        "str": str(state),
        "seat's save": json.dumps(to_dict(state, seat=viewer), sort_keys=True, default=str),
        "seat's observation": json.dumps(state.observation(viewer), sort_keys=True, default=str),
        "events": [state.game.render(e) for e in state.events],
        "ranking": state.ranking() if state.is_terminal() else None,
    }


def _first_difference(sa: dict, sb: dict):
    for key in sa:
        if sa[key] != sb[key]:
            return key
    return None


@pytest.mark.parametrize("game_id,options", HIDDEN, ids=IDS)
def test_views_saves_and_story_are_the_same_in_worlds_a_seat_cannot_tell_apart(game_id, options):
    game = racekit.load_game(game_id, **options)
    points = 0
    for viewer in range(game.num_players):
        for a, b, _, _ in stretches(game, viewer, seeds=(1, 2)):
            points += 1
            key = _first_difference(engine_surfaces(a, viewer), engine_surfaces(b, viewer))
            assert key is None, f"{game_id} seat {viewer} ply {a.ply}: the {key} tells the worlds apart"
    assert points >= 20


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_the_cli_seat_transcript_is_the_same(game_id, options, capsys):
    """`racekit play --seat N` prints with the CLI's own code; fed each world's line, the two
    transcripts are the same text."""
    from racekit.cli import _play_out
    from racekit.core.session import Session
    game = racekit.load_game(game_id, **options)

    def transcript(line, viewer):
        session = Session(game, seed=1)
        feed = iter(line)
        session.next_action = lambda: next(feed)
        session.state.is_terminal = lambda n=len(line): session.state.ply >= n   # stop at the line's end
        _play_out(session, game.seat_names, False, viewer)
        return capsys.readouterr().out

    compared = 0
    for viewer in (0, 1):
        for i, (a, b, la, lb) in enumerate(stretches(game, viewer, seeds=(3,), per_game=4, cap=12)):
            if i % 5:
                continue
            ta, tb = transcript(la, viewer), transcript(lb, viewer)
            assert "(hidden)" in ta
            assert ta == tb, f"{game_id} seat {viewer}: the printed game tells the worlds apart"
            compared += 1
    assert compared >= 2


def _vocabulary(game, seeds=range(100, 112)) -> list[str]:
    """Every decision name legal somewhere in a few games, and every chance outcome name."""
    names = set()
    for seed in seeds:
        state = game.new_initial_state(record_events=False)
        for action in random_line(game, seed):
            options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                       else state.legal_actions())
            names.update(state.action_to_string(x) for x in options)
            state.apply_action(action)
    return sorted(names)


def _typed(state, text) -> str:
    """What the explorer's Try box would show for ``text`` (the state is not changed)."""
    try:
        action = state.string_to_action(text)
    except Exception as exc:
        return f"refused: {type(exc).__name__}: {exc}"
    trial = state.clone()
    try:
        trial.apply_action(action)
    except Exception as exc:
        return f"refused: {type(exc).__name__}: {exc}"
    return f"applied {action}"


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_typing_any_action_name_at_ones_own_decision_tells_nothing(game_id, options):
    game = racekit.load_game(game_id, **options)
    names = _vocabulary(game)
    decisions = 0
    for viewer in range(game.num_players):
        for a, b, _, _ in stretches(game, viewer, seeds=(4,), per_game=6, cap=20):
            if a.is_terminal() or a.is_chance_node() or a.current_player() != viewer:
                continue
            decisions += 1
            for text in names:
                ra, rb = _typed(a, text), _typed(b, text)
                assert ra == rb, f"{game_id} seat {viewer} ply {a.ply}: typing {text!r}: {ra} / {rb}"
    assert decisions >= 3


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_the_seats_picture_has_the_same_pixels(game_id, options):
    from racekit.explorer.board import Board, resolve_painter, resolve_plot
    from racekit.explorer.widget import _takes_viewer
    game = racekit.load_game(game_id, **options)
    draw, painter = resolve_plot(game), resolve_painter(game)
    kw_ok = _takes_viewer(draw, painter)
    boards = [Board(draw, painter=painter, image_format="png") for _ in range(2)]
    compared = 0
    for viewer in (0, game.num_players - 1):
        for i, (a, b, _, _) in enumerate(stretches(game, viewer, seeds=(5,), per_game=6, cap=10)):
            if i % 3:
                continue
            kw = {"viewer": viewer} if kw_ok else {}
            pa, pb = boards[0].render(a, **kw), boards[1].render(b, **kw)
            assert pa == pb, f"{game_id} seat {viewer} ply {a.ply}: the picture tells the worlds apart"
            compared += 1
    assert compared >= 4


def test_a_planted_leak_is_caught():
    """The comparison above catches a surface that shows another seat's hand (so it can fail)."""
    game = racekit.load_game("leaf_marathon", players=3)
    viewer = 0

    def leaky(state):
        return {**engine_surfaces(state, viewer),
                "leak": json.dumps(state.snapshot(full=True)["seats"], sort_keys=True)}

    caught = any(_first_difference(leaky(a), leaky(b)) == "leak"
                 for a, b, _, _ in stretches(game, viewer, seeds=(1,), per_game=4, cap=3))
    assert caught


@pytest.mark.parametrize("game_id,options", HIDDEN[:3], ids=IDS[:3])
def test_the_you_play_page_is_the_same_after_back_forward_jumps_and_every_draw(game_id, options):
    """A guest's explorer page, late in the game too, walked with Back, Forward, the ply slider
    and the "show every draw" box: widget models and picture the same in both worlds."""
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
            seen = [page(ex)]
            ex.back()
            seen.append(page(ex))
            ex.every_draw.value = True
            ex.back()
            seen.append(page(ex))
            ex.forward()
            ex.every_draw.value = False
            ex.forward()
            seen.append(page(ex))
            ex.history.value = max(0, len(line) - 3)      # the ply slider, as a page would set it
            seen.append(page(ex))
            ex.goto(len(line))
            seen.append(page(ex))
            assert ex.error is None, ex.error
            pages.append(seen)
            ex.close()
        for k, (pa, pb) in enumerate(zip(*pages)):
            assert pa == pb, f"{game_id} ply {len(la)}, view {k}: {_diff(pa, pb)}"
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def test_an_events_raw_data_never_reaches_a_seat(capsys):
    """An event's data may hold the referee's knowledge (Leaf Marathon's Magic Bind lists every
    hand weight, for scenario checks); its template shows only what all may see. Where no
    template fits (a kind without one, or one that fails), a seat's transcript and page show
    the kind and seats, never the raw fields: two worlds differing only in that field look the
    same. A host's (spectator's) view keeps them."""
    from racekit.cli import _play_out
    from racekit.core.events import Event
    from racekit.core.session import Session
    from racekit.explorer import explore
    game = racekit.load_game("leaf_marathon", players=3)
    worlds = [Event(5, "no_template_kind", (0,), {"weights": [6, w, 7]}, ("LM-AMB-43",)) for w in (2, 3)]
    assert game.render(worlds[0]) != game.render(worlds[1])                     # the host's view
    assert game.render(worlds[0], details=False) == game.render(worlds[1], details=False)
    guest = explore("leaf_marathon", players=3, agent="random", human=0)
    host = explore("leaf_marathon", players=3, agent="random")
    assert guest._render_event(worlds[0]) == guest._render_event(worlds[1])
    assert "weights" not in guest._render_event(worlds[0])
    assert host._render_event(worlds[0]) != host._render_event(worlds[1])
    broken = Event(5, "travel_light", (0,), {"weights": [6, 2, 7]}, ())        # its template fails
    assert "6, 2, 7" not in guest._render_event(broken) and "6, 2, 7" in host._render_event(broken)
    guest.close()
    host.close()

    def transcript(weight):
        session = Session(game, seed=1)
        state = session.state
        real = state.apply_action
        fed = iter([state.legal_actions()[0] if not state.is_chance_node() else state.chance_outcomes()[0][0]])

        def apply(action):
            real(action)
            state.events.append(Event(state.ply - 1, "no_template_kind", (1,), {"hand": [weight]}, ()))
        state.apply_action = apply
        session.next_action = lambda: next(fed)
        session.state.is_terminal = lambda: session.state.ply >= 1
        _play_out(session, game.seat_names, False, 0)
        return capsys.readouterr().out
    assert transcript("trigger") == transcript("weapon")


def test_explore_takes_seat_as_the_cli_does():
    """`racekit play --seat N` names the seat; `racekit.explore(game, seat=N, agent=...)` opens
    the same seat's guest page (seed hidden), as ``human=N`` does."""
    from racekit.explorer import explore
    ex = explore("leaf_marathon", players=3, agent="random", seat=1)
    assert ex.viewer == 1 and not ex.host and ex.seed_hidden()
    assert str(ex.session.seed) not in ex.status.value + ex.seed_box.value
    ex.close()
    with pytest.raises(ValueError, match="name two seats"):
        explore("leaf_marathon", players=3, agent="random", seat=1, human=2)


def test_a_host_still_sees_everything_and_the_end_shows_the_guest_the_seed():
    """Host mode is untouched by the guest's secrecy: watching (no seat) draws every hand weight
    and shows the seed; host=True with a seat shows the seed from the start; a guest learns the
    seed when the game ends."""
    from matplotlib.text import Text

    from racekit.explorer import explore
    from test_explorer_secrecy import SEED

    def weights(ex):
        return [a.get_text() for a in ex.figure.axes[0].get_children()
                if isinstance(a, Text) and a.get_text().startswith("weight ")]
    watch = explore("leaf_marathon", seed=SEED, players=3, agent="random")
    while watch.session.state.phase != "turn":
        watch.step_button.click()
    assert watch.viewer is None and str(SEED) in watch.status.value
    assert len(weights(watch)) == 3 and not any("?" in w for w in weights(watch))
    watch.close()
    host = explore("leaf_marathon", seed=SEED, players=3, agent="random", seat=0, host=True)
    assert host.host and not host.seed_hidden() and str(SEED) in host.status.value
    host.close()
    guest = explore("snow_tails", seed=SEED, players=2, track="straight4", agent="first", seat=1)
    for _ in range(3000):
        if guest.session.state.is_terminal():
            break
        assert str(SEED) not in guest.status.value + guest.seed_box.value + repr(guest)
        guest.step_button.click()
    assert guest.session.state.is_terminal() and str(SEED) in guest.status.value
    guest.close()
