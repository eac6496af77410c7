"""tools/lm_resample_sweep.py --history: a saved race replayed as IS-MCTS resamples it (issue 21:
OpenSpiel's bot draws from an unseeded sampler, so this is how a race where it stopped is
replayed)."""
from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

from racekit import load_game

TOOL = Path(__file__).resolve().parents[1] / "tools" / "lm_resample_sweep.py"


def _tool():
    spec = importlib.util.spec_from_file_location("lm_resample_sweep", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _saved_race(path, plies=70, seed=14):
    st = load_game("leaf_marathon", players=3).new_initial_state(record_events=False)
    rng = random.Random(seed)
    while st.ply < plies and not st.is_terminal():
        if st.is_chance_node():
            outcomes, probs = zip(*st.chance_outcomes())
            st.apply_action(rng.choices(outcomes, probs)[0])
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    path.write_text(json.dumps({"players": 3, "history": st.history()}))
    return st


def test_history_replay_resamples_each_decision_of_the_seat_calls_times(tmp_path, capsys):
    end = _saved_race(tmp_path / "race.json")
    hist = end.history()
    st = load_game("leaf_marathon", players=3).new_initial_state(record_events=False)
    searched, forced = [], []
    for k in range(len(hist) + 1):   # the position the history ends at counts too
        if st.current_player() == 1:
            (searched if len(st.legal_actions()) > 1 else forced).append(k)
        if k < len(hist):
            st.apply_action(hist[k])
    assert len(searched) >= 3 and forced   # (the race has both kinds)
    tool = _tool()
    original = tool.measure
    for extra, plies in (([], searched), (["--forced"], sorted(searched + forced))):
        calls = []
        tool.measure = lambda stats, frac, state, seat, rng, label: (
            calls.append((state.ply, seat)), original(stats, frac, state, seat, rng, label))
        assert tool.main(["--history", str(tmp_path / "race.json"), "--seats", "1",
                          "--calls", "2", "--rng", "5"] + extra) == 0
        out = capsys.readouterr().out
        assert "seat 1 done" in out and "seat 0 done" not in out
        # as IS-MCTS: two calls at each decision it searches (none where one action is legal)
        assert calls == [(k, 1) for k in plies for _ in range(2)]
    assert end.ply == len(hist)


def test_history_replay_refuses_seats_the_race_does_not_have(tmp_path):
    import pytest
    _saved_race(tmp_path / "race.json", plies=20)
    with pytest.raises(SystemExit, match="3-player race"):
        _tool().main(["--history", str(tmp_path / "race.json"), "--seats", "7"])
    for argv in (["--history", str(tmp_path / "race.json"), "--calls", "0"], ["--calls", "4"]):
        with pytest.raises(SystemExit):
            _tool().main(argv)
