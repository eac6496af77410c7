"""Two small traps of the explorer (issue 16): a failed ``racekit.explore(...)`` raises one
clear error and nothing else, and an error raised during Play stays visible until the
person's next action (a Play tick that arrives after Play stopped is no action).
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

import matplotlib

matplotlib.use("Agg")

import fake_game  # noqa: E402  (tests/ is on sys.path: conftest.py)

from racekit.explorer import explore  # noqa: E402

fake_game.register()


def test_a_failed_explore_raises_one_error_and_nothing_else():
    """Bad arguments: the error, and no "Exception ignored in Widget.__del__" when the
    half-made widget is collected (in a script, at exit)."""
    script = textwrap.dedent("""
        import gc
        import racekit
        for kw in (dict(players=9), dict(agent="nobody"), dict(agent="random", human=7),
                   dict(no_such_option=1), dict(image_format="gif")):
            try:
                racekit.explore("snow_tails", **kw)
            except Exception as exc:
                print(type(exc).__name__ + ": " + str(exc).splitlines()[0])
            gc.collect()
        err = None
        try:
            racekit.explore("snow_tails", players=9)
        except Exception as exc:
            err = exc    # kept to the end, as a notebook's last error is
        print("end")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 6 and lines[-1] == "end", out.stdout + out.stderr
    assert lines[0].startswith("OptionError: snow_tails") and "2 to 5 players" in lines[0]
    assert lines[1].startswith("ValueError: agent must be one of")
    assert lines[2].startswith("ValueError: human must be a seat from 0 to")
    assert lines[4].startswith("ValueError: image_format must be")
    assert out.stderr.strip() == "", out.stderr


def test_an_error_during_play_stays_visible_until_the_next_action():
    ex = explore("fake_race", seed=3, agent="random")
    calls = []

    def broken(state, ply):
        calls.append(ply)
        raise RuntimeError("the agent broke")
    ex._agent = ("random", ex.session.seed, broken)
    ex.play.playing = True
    ex.play.value = 1                       # a draw: fine
    ex.play.value = 2                       # the agent's decision: it raises
    assert calls and "the agent broke" in ex.error_box.value
    assert ex.play.playing is False         # Play stopped at the error
    for value in range(3, 6):               # ticks the front end had already sent
        ex.play.value = value
    assert "the agent broke" in ex.error_box.value and ex.error is not None
    ex.rules_panel.selected_index = 0       # reading the rules is no action either
    assert "the agent broke" in ex.error_box.value
    ex._agent = None                        # the next action (Step, with a working agent)
    ex.step_button.click()
    assert ex.error is None and ex.error_box.value == ""
    ex.close()
