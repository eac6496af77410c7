"""Explorer controls for Leaf Marathon (the ``GameType.controls`` hook, see docs/contracts.md).

- A play turn or an any-time window: the seat's own hand with its weight against the limit, then
  two dropdowns: the kind of card use (end turn, action card +1, 2-for-3, shed, give weapon,
  element, a special card, ...) and, where the use needs one, which card or which player.
- Every other decision (targets, counts, card picks, revival, leg-change keeps, the draft): one
  dropdown of the legal actions.

The controls read the state and name actions with ``action_to_string``; the rules decide (the
explorer applies the id with the usual legality check). CSS classes: ``racekit-controls`` and
``racekit-turn`` or ``racekit-list``.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from . import cards as C
from . import stats as S
from racekit.core.i18n import seat_name

from .text import T as K, _card


def group_of(name: str) -> str:
    """The kind of use an action name belongs to ('2-for-3 with weapon' -> '2-for-3')."""
    for prefix in ("2-for-3", "shed", "give weapon", "Get Over Here", "Resin Ball", "element"):
        if name.startswith(prefix):
            return prefix
    return name


def make(state):
    """The controls for the decision of ``state`` (called by the explorer)."""
    if state.phase in ("turn", "window"):
        return TurnControls(state)
    return ListControls(state)


class ListControls:
    def __init__(self, state):
        self.state = state
        names = [(state.action_label(a), a) for a in state.legal_actions()]
        self.dropdown = widgets.Dropdown(options=names, description=K("controls.action"),
                                         layout=widgets.Layout(width="28em"))
        self.widget = widgets.VBox([self.dropdown])
        self.widget.add_class("racekit-controls")
        self.widget.add_class("racekit-list")

    def selected_action(self) -> int:
        if self.dropdown.value is None:
            raise ValueError(K("controls.choose"))
        return self.dropdown.value


class TurnControls:
    def __init__(self, state):
        self.state = state
        s = state.current_player()
        self.groups: dict[str, list] = {}
        for a in state.legal_actions():
            name = state.action_to_string(a)
            self.groups.setdefault(group_of(name), []).append((state.action_label(a), a))
        hand = K("list_sep").join(_card(C.name(c)) for c in state.hand[s]) or K("controls.no_cards")
        weight = C.hand_weight(state, s)
        info = widgets.HTML(K("controls.info", name=html.escape(seat_name(state.game.seat_names[s])),
                              hand=html.escape(hand), weight=weight, limit=S.weight_limit(state, s),
                              movement=S.movement_total(state, s)))
        self.use = widgets.Dropdown(options=[(self._group_label(g), g) for g in self.groups],
                                    description=K("controls.use"), layout=widgets.Layout(width="20em"))
        self.which = widgets.Dropdown(description=K("controls.which"), layout=widgets.Layout(width="24em"))
        self.use.observe(self._fill, names="value")
        self._fill()
        self.widget = widgets.VBox([info, widgets.HBox([self.use, self.which])])
        self.widget.add_class("racekit-controls")
        self.widget.add_class("racekit-turn")

    def _group_label(self, group: str) -> str:
        """A kind of use in the language in force (an action standing alone: its own name)."""
        if K.has(f"controls.groups.{group}"):
            return K(f"controls.groups.{group}")
        alone = [label for label, _ in self.groups[group]]
        return alone[0] if len(alone) == 1 and group not in ("2-for-3", "shed") else group

    def _fill(self, _=None):
        options = self.groups.get(self.use.value, [])
        self.which.options = options
        if options:
            self.which.value = options[0][1]
        self.which.disabled = len(options) <= 1

    def selected_action(self) -> int:
        if self.which.value is None:
            raise ValueError("choose what to play first")
        return self.which.value
