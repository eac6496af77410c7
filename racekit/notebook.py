"""Small helpers for the teaching notebooks: pictures of states and scenarios.

Pictures are returned as PNG ``IPython.display.Image`` objects drawn on a
private matplotlib Figure, so notebook cells never leak pyplot figures and the
stored text output (``<IPython.core.display.Image object>``) is stable for nbval.
"""
from __future__ import annotations

import io

from .core.scenarios import ScenarioResult, run_scenario, scenario_paths
from .figures import plotter


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def picture(state, title: str | None = None, size=(7.5, 6), **kw):
    """A PNG picture of ``state`` (keyword arguments go to the game's ``draw``)."""
    from IPython.display import Image
    from matplotlib.figure import Figure
    fig = Figure(figsize=size, dpi=90, layout="constrained")
    ax = fig.add_subplot()
    plotter(state.game.game_type.id)(state, ax, **kw)
    if title:
        ax.set_title(title, fontsize=10)
    return Image(_png(fig))


def before_after(result: ScenarioResult, size=(13, 5.5)):
    """The scenario's start and end positions side by side, as a PNG picture."""
    from IPython.display import Image
    from matplotlib.figure import Figure
    fig = Figure(figsize=size, dpi=80, layout="constrained")
    draw = plotter(result.scenario.game)
    for i, (state, label) in enumerate([(result.before, "before"), (result.after, "after")]):
        ax = fig.add_subplot(1, 2, i + 1)
        draw(state, ax)
        ax.set_title(f"{result.id} {label}", fontsize=10)
    return Image(_png(fig))


def explain(result: ScenarioResult, events: bool = True) -> str:
    """The scenario in words: title, clauses, the rule's outcome, what happened, pass or fail."""
    sc = result.scenario
    lines = [f"{sc.id}: {sc.title}", f"  rules: {', '.join(sc.clauses)}", f"  outcome: {sc.outcome}"]
    if events and result.after is not None:
        start = len(result.before.events)
        for event in result.after.events[start:]:
            lines.append("  - " + result.after.game.render(event))
    lines.append("  check: " + ("PASS" if result.passed else "FAIL: " + "; ".join(result.failures)))
    return "\n".join(lines)


def run(game: str, ids: list[str] | None = None) -> list[ScenarioResult]:
    """Run the shipped scenarios of ``game``: all in file order, or ``ids`` in the order given.

    Raises:
        KeyError: an id is not a shipped scenario of ``game``.
    """
    results = {}
    for path in scenario_paths(game):
        result = run_scenario(path)
        results[result.id] = result
    if ids is None:
        return list(results.values())
    missing = [i for i in ids if i not in results]
    if missing:
        raise KeyError(f"{game} has no scenario {', '.join(missing)}")
    return [results[i] for i in ids]
