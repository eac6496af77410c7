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
        self.widget.options = [(state.action_to_string(a), a) for a in legal]
        self.widget.value = preselect if preselect in legal else legal[0]
        self.widget.disabled = not enabled

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


def close_tree(widget) -> None:
    """Close a widget and, for boxes, its children (frees the front-end models)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()
