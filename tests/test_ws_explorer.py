"""Wingsuit Flight: the explorer controls and the Painter contract."""
import racekit
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from racekit.core.scenarios import run_scenario, scenario_paths
from racekit.games.wingsuit import controls
from racekit.games.wingsuit.plot import Painter, draw


def _plan_state():
    path = [p for p in scenario_paths("wingsuit") if p.stem == "WS-SCN-03"][0]
    return run_scenario(path).before


def test_plan_controls_build_a_secret_plan():
    st = _plan_state()
    c = controls.make(st)
    assert isinstance(c, controls.PlanControls)
    assert st.action_to_string(c.selected_action()) == "plan C1 C3 B5"
    c.faces[1].value = 1  # two dice showing 1 in one hand: refused by the rules
    a = c.selected_action()
    assert a not in st.legal_actions()
    assert st._why_illegal(a)[0] == "WS-PLAN-3"
    st.apply_action(controls.make(st).selected_action())
    # the next seat's controls start fresh: nothing of Red's choice
    c2 = controls.make(st)
    assert [f.value for f in c2.faces] == [1, 3, 5] and st.current_player() == 1


def test_painter_updates_and_fits():
    st = _plan_state()
    fig = Figure(figsize=(6.5, 8), dpi=60)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    p = Painter(ax, st)
    p.update(st)
    n = len(ax.artists) + len(ax.patches) + len(ax.texts)
    p.update(st)
    assert len(ax.artists) + len(ax.patches) + len(ax.texts) == n  # moving parts replaced
    assert p.fits(st)
    fig.canvas.draw()
    assert draw(st) is not None
