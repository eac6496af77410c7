"""Action controls of the explorer.

The default is a dropdown of the legal actions, named by ``action_to_string``.
A game may offer its own controls by declaring ``GameType.controls =
"module:factory"``: ``factory(state)`` is called at every decision the user
makes by hand and returns an object with

- ``.widget``: an ipywidgets widget shown in place of the dropdown, and
- ``.selected_action() -> int``: the action id the user has put together (raise
  a ``ValueError`` or an ``IllegalActionError`` with a helpful message when the
  choice is incomplete or not allowed; the explorer shows it).
"""
from __future__ import annotations

import importlib

import ipywidgets as widgets


class ActionDropdown:
    """The default controls: one reusable dropdown of the legal actions.

    Attributes:
        widget: the ``ipywidgets.Dropdown`` (description "Action").
    """

    def __init__(self):
        self.widget = widgets.Dropdown(description="Action", options=[("-", None)],
                                       layout=widgets.Layout(width="22em"))

    def update(self, state, preselect=None, enabled: bool = True, note: str = "") -> None:
        """Show the legal actions of ``state`` (or ``note`` at chance/terminal nodes)."""
        if state.is_terminal() or state.is_chance_node():
            self.widget.options = [(note or "-", None)]
            self.widget.value = None
            self.widget.disabled = True
            return
        legal = state.legal_actions()
        self.widget.options = [(state.action_label(a), a) for a in legal]   # in the page's language
        self.widget.value = preselect if preselect in legal else legal[0]
        self.widget.disabled = not enabled

    def show_note(self, note: str) -> None:
        """Show only ``note`` (disabled): e.g. an agent's decision whose options are its secret."""
        self.widget.options = [(note, None)]
        self.widget.value = None
        self.widget.disabled = True

    def selected_action(self):
        return self.widget.value


def load_factory(game):
    """The game's custom controls factory, or ``None`` if it declares none.

    Raises:
        ImportError, AttributeError: the declared ``"module:factory"`` cannot be loaded.
    """
    target = getattr(game.game_type, "controls", "")
    if not target:
        return None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def widget_tree(*roots) -> list:
    """Every widget model reachable from ``roots``: children, and the ``layout`` and
    ``style`` models (and any other widget-valued trait), each once."""
    seen: dict[int, widgets.Widget] = {}
    stack = [w for w in roots if isinstance(w, widgets.Widget)]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen[id(w)] = w
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, widgets.Widget):
                stack.append(value)
            elif isinstance(value, (tuple, list)):
                stack.extend(v for v in value if isinstance(v, widgets.Widget))
    return list(seen.values())


def close_tree(*roots) -> None:
    """Close widgets and every model under them (children, layouts, styles).

    Closing a widget alone leaves its ``layout`` and ``style`` models open in the
    kernel's registry; this closes them too (frees the front-end models).
    """
    for w in widget_tree(*roots):
        widgets.Widget.close(w)
