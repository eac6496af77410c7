"""Explorer controls for Wingsuit Flight (the ``GameType.controls`` hook, docs/contracts.md).

- Plan phase: the seat to commit sets its three action dice, each a face (1-6) and
  a hand (Cautious or Brave). The seat's choice is entered on its own and stays
  hidden: the picture and the log show only *that* it committed, and the next
  seat gets fresh, empty controls (pass the device between players).
- Every other decision: a dropdown of the legal actions.

CSS classes: ``racekit-controls`` plus ``racekit-plan`` or ``racekit-list``; each
die row ``racekit-input``; the preview line ``racekit-preview``.
The controls only build an action id (:mod:`.actions`); the rules decide, and a
refused plan shows its clause (WS-PLAN-2, WS-PLAN-3).
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from . import actions as A
from racekit.core.i18n import seat_name

from .text import PHASES, T as K


def make(state):
    """The controls for the decision of ``state`` (called by the explorer)."""
    if state.phase == "plan":
        return PlanControls(state)
    return ListControls(state)


class PlanControls:
    def __init__(self, state):
        self.state = state
        seat = state.current_player()
        name = seat_name(state.game.seat_names[seat])
        defaults = [(1, "Cautious"), (3, "Cautious"), (5, "Brave")]
        self.faces, self.hands = [], []
        rows = []
        for i, (face, hand) in enumerate(defaults):
            f = widgets.Dropdown(options=[1, 2, 3, 4, 5, 6], value=face, description=K("controls.die", i=i + 1),
                                 layout=widgets.Layout(width="9em"))
            h = widgets.ToggleButtons(options=[(K("controls.cautious"), "Cautious"),
                                               (K("controls.brave"), "Brave")], value=hand,
                                      style={"button_width": "6em"})
            row = widgets.HBox([f, h])
            row.add_class("racekit-input")
            rows.append(row)
            self.faces.append(f)
            self.hands.append(h)
        head = widgets.HTML(K("controls.plan_head", name=html.escape(name)))
        self.preview = widgets.HTML()
        self.preview.add_class("racekit-preview")
        self.widget = widgets.VBox([head, *rows, self.preview])
        self.widget.add_class("racekit-controls")
        self.widget.add_class("racekit-plan")
        for w in self.faces + self.hands:
            w.observe(lambda _: self._update(), names="value")
        self._update()

    def selected_action(self) -> int:
        mask, cells = 0, []
        for f, h in zip(self.faces, self.hands):
            cell = (0 if h.value == "Cautious" else 6) + f.value - 1
            if cell in cells:
                mask |= A.DUP  # the same cell twice: refused (WS-PLAN-3)
            cells.append(cell)
            mask |= 1 << cell
        return A.plan(mask)

    def _update(self):
        a = self.selected_action()
        if a in self.state.legal_actions():
            self.preview.value = K("controls.will_commit")
        else:
            clause, why = self.state._why_illegal(a)
            self.preview.value = K("controls.not_allowed", why=html.escape(why), clause=clause)


class ListControls:
    def __init__(self, state):
        self.state = state
        legal = state.legal_actions()
        self.dropdown = widgets.Dropdown(options=[(state.action_label(a), a) for a in legal],
                                         description=K("controls.action"), layout=widgets.Layout(width="30em"))
        words = PHASES.get(state.phase, state.phase)
        self.widget = widgets.VBox([widgets.HTML(f"<i>{html.escape(words)}</i>"), self.dropdown])
        self.widget.add_class("racekit-controls")
        self.widget.add_class("racekit-list")

    def selected_action(self) -> int:
        if self.dropdown.value is None:
            raise ValueError("no action is possible here")
        return self.dropdown.value
