"""Snow Tails hidden information: hands, draws and discards are private (ST-SETUP-2)."""
import json
import random

import racekit


def played_state(seed=3, plies=150):
    g = racekit.load_game("snow_tails", players=4, track="medium")
    s = g.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        if s.is_chance_node():
            outs = s.chance_outcomes()
            s.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def test_snapshot_shows_only_own_hand():
    s = played_state()
    public = s.snapshot()
    assert all(x["hand"] is None for x in public["seats"])
    for seat in range(4):
        view = s.snapshot(seat)
        for k, x in enumerate(view["seats"]):
            if k == seat:
                assert sorted(x["hand"]) == x["hand"]
                assert len(x["hand"]) + x["damage"] == x["hand_size"]
            else:
                assert x["hand"] is None and isinstance(x["hand_size"], int)
        json.dumps(view)


def test_history_for_hides_other_seats_draws_and_discards():
    s = played_state()
    full = s.history()
    for seat in range(4):
        mine = s.history_for(seat)
        assert len(mine) == len(full)
        hidden = [i for i, a in enumerate(mine) if a is None]
        assert hidden, "other seats' draws must be hidden"
        for i in hidden:
            assert s._private[i] not in (None, seat)
        # own draws stay visible
        assert any(p == seat and a is not None for a, p in zip(mine, s._private))
    # public entries: plays, moves, bonus decisions, first player, slots
    pub = [a for a, p in zip(full, s._private) if p is None]
    assert any(100 <= a < 316 for a in pub)


def test_per_seat_save_holds_no_other_hand():
    s = played_state(seed=11, plies=200)
    try:
        from racekit.core.savefile import to_dict
    except ImportError:  # pragma: no cover - the core save module is being written
        return
    for seat in range(4):
        data = to_dict(s, seat=seat)
        text = json.dumps(data)
        view = data["view"]
        for k, x in enumerate(view["seats"]):
            if k != seat:
                assert x["hand"] is None
        # no other seat's draw outcome in the saved history
        for a, p in zip(data["history"], s._private):
            if p is not None and p != seat:
                assert a is None
        assert "hand" in text


def test_events_do_not_reveal_drawn_or_discarded_values():
    s = played_state()
    for e in s.events:
        if e.kind in ("draw", "discard"):
            assert "value" not in e.data
