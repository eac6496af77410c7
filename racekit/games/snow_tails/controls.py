"""Explorer controls for Snow Tails (the ``GameType.controls`` hook, see docs/contracts.md).

Enable with ``controls="racekit.games.snow_tails.controls:make"`` in the GameType.

- Step 1 (play): one row of toggles per dog card in the hand: leave it (``-``) or
  put it on the left dog (``L``), the right dog (``R``) or the brake (``B``).
- Step 2 (move): one toggle per step of the move: forward ``F``, drift left
  ``DL`` or drift right ``DR``; this is where you choose *when* to drift.
- Other decisions (bonus, discard, start slot): a dropdown of the legal actions.

CSS classes for browser tests (ipywidgets ``add_class``): the whole controls box
``racekit-controls`` plus ``racekit-play``, ``racekit-move`` or ``racekit-list``;
its header ``racekit-controls-header``; each labelled input ``racekit-input``
(label then toggles); card toggles ``racekit-card``, step toggles ``racekit-step``;
the line naming the action Step will try ``racekit-preview``. The toggle buttons
are named by their text (``-``, ``L``, ``R``, ``B``; ``F``, ``DL``, ``DR``).

The controls only put an action id together with the game's own encoding
(:mod:`.actions`); the rules decide. A choice the rules refuse (mixed values,
the wrong number of drift steps, drifting the wrong way) is refused by the
engine with its clause, which the explorer shows.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from racekit.core.errors import IllegalActionError

from . import actions as A
from .text import T as K

_SPOT_CHOICES = ("-", "L", "R", "B")
_SMALL = {"button_width": "3.2em"}


def make(state):
    """The controls for the decision of ``state`` (called by the explorer)."""
    if state.phase == "play":
        return PlayControls(state)
    if state.phase == "move":
        return MoveControls(state)
    return ListControls(state)


class _Base:
    """Common parts: a header, the inputs and a line naming the action they make."""

    kind = ""  # CSS class of the controls box besides "racekit-controls"

    def __init__(self, state, header: str, inputs: list, labels: list[str] | None = None):
        self.state = state
        self.preview = widgets.HTML()
        self.preview.add_class("racekit-preview")
        if labels:  # side by side, each input under its label
            columns = [widgets.VBox([widgets.HTML(f"<b>{html.escape(label)}</b>"), box],
                                    layout=widgets.Layout(margin="0 1em 0 0"))
                       for label, box in zip(labels, inputs)]
            for column in columns:
                column.add_class("racekit-input")
            body = [widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap"))]
        else:
            body = list(inputs)
        head = widgets.HTML(header)
        head.add_class("racekit-controls-header")
        self.widget = widgets.VBox([head, *body, self.preview])
        self.widget.add_class("racekit-controls")
        if self.kind:
            self.widget.add_class(self.kind)
        for box in inputs:
            box.observe(lambda _: self._update_preview(), names="value")
        self._update_preview()

    def _update_preview(self) -> None:
        try:
            action = self.selected_action()
            text = K("controls.will_try", action=html.escape(self.state.action_label(action)))
            if action not in self.state.legal_actions():
                clause, why = self.state._why_illegal(action)
                text += K("controls.refused", why=html.escape(why), clause=clause)
        except (ValueError, IllegalActionError) as exc:
            text = f"<i style='color:#900'>{html.escape(str(exc))}</i>"
        self.preview.value = text


class PlayControls(_Base):
    """Step 1: which dog cards go to the left dog, the right dog and the brake.

    Attributes:
        cards: the dog card values in the hand, sorted (one toggle each).
        toggles: one ``ToggleButtons`` per card, value ``"-"``, ``"L"``, ``"R"`` or ``"B"``.
    """

    kind = "racekit-play"

    def __init__(self, state):
        seat = state.current_player()
        view = state.snapshot(seat)["seats"][seat]
        self.cards = list(view["hand"] or [])
        self.toggles = [widgets.ToggleButtons(options=_SPOT_CHOICES, value="-", style=_SMALL,
                                              tooltips=[K("controls.keep"), K("controls.left"),
                                                        K("controls.right"), K("controls.brake")])
                        for _ in self.cards]
        for toggle in self.toggles:
            toggle.add_class("racekit-card")
        self._preselect(state)
        mat = view["mat"]
        header = K("controls.play_head", left=mat['left'], right=mat['right'], brake=mat['brake'],
                   damage=view['damage'])
        super().__init__(state, header, self.toggles, [K("controls.card", v=v) for v in self.cards])

    def _preselect(self, state) -> None:
        legal = state.legal_actions()
        if not legal:
            return
        used = set()
        for spot, value in zip(A.SPOTS, A.play_parts(legal[0])):
            if value:
                i = next(i for i, v in enumerate(self.cards) if v == value and i not in used)
                used.add(i)
                self.toggles[i].value = spot

    def assignment(self) -> dict[str, list[int]]:
        """Card values put on each spot: ``{"L": [3], "R": [3], "B": []}``."""
        out = {s: [] for s in A.SPOTS}
        for value, toggle in zip(self.cards, self.toggles):
            if toggle.value in out:
                out[toggle.value].append(value)
        return out

    def selected_action(self) -> int:
        spots = self.assignment()
        for i, spot in enumerate(A.SPOTS):
            values = spots[spot]
            if len(values) > 1:
                # two cards on one spot: the game names (and refuses) "play v v to S"
                stack = A.stack_id(i, values[0])
                if len(set(values)) == 1:
                    return stack
                clause, why = self.state._why_illegal(stack)
                raise IllegalActionError(f"cards {', '.join(map(str, values))} to {spot}: {why}",
                                         clause=clause)
        return A.play_id(*(spots[s][0] if spots[s] else 0 for s in A.SPOTS))


class MoveControls(_Base):
    """Step 2: the sequence of steps, each forward or a drift.

    Attributes:
        steps: one ``ToggleButtons`` per step of the speed, value ``"F"``, ``"DL"`` or ``"DR"``.
    """

    kind = "racekit-move"

    def __init__(self, state):
        turn = state.snapshot()["turn"] or {}
        speed, drift, side = turn.get("speed", 0), turn.get("drift", 0), turn.get("drift_side", "")
        legal = state.legal_actions()
        first = A.steps_of(legal[0]) if legal else ()
        self.steps = [widgets.ToggleButtons(options=A.STEP_NAMES, value=A.STEP_NAMES[d], style=_SMALL,
                                            tooltips=[K("controls.forward"), K("controls.drift_left"),
                                                      K("controls.drift_right")])
                      for d in (first or [A.F] * max(speed, 0))]
        for toggle in self.steps:
            toggle.add_class("racekit-step")
        drift_text = K("controls.drift", drift=drift, side=side) if drift else K("controls.no_drift")
        header = K("controls.move_head", speed=speed, drift=drift_text)
        super().__init__(state, header, self.steps, [K("controls.step", i=i + 1) for i in range(len(self.steps))])

    def sequence(self) -> list[str]:
        return [t.value for t in self.steps]

    def selected_action(self) -> int:
        if not self.steps:
            raise ValueError(K("controls.no_step"))
        return A.move_id([A.STEP_NAMES.index(v) for v in self.sequence()])


class ListControls(_Base):
    """Any other decision: a dropdown of the legal actions (bonus, discard, start slot)."""

    kind = "racekit-list"

    def __init__(self, state):
        legal = state.legal_actions()
        self.dropdown = widgets.Dropdown(options=[(state.action_label(a), a) for a in legal],
                                         description=K("controls.action"))
        from .text import PHASES
        words = PHASES.get(state.phase, state.phase.replace("_", " "))
        super().__init__(state, f"<b>{html.escape(words[:1].upper() + words[1:])}</b>",
                         [self.dropdown])

    def selected_action(self) -> int:
        if self.dropdown.value is None:
            raise ValueError(K("controls.choose"))
        return self.dropdown.value
