"""Structured events: what happened, to whom, and which rule clauses caused it.

A game emits :class:`Event` records while it applies actions; a separate
renderer (:func:`render`) turns them into sentences from the game's text
templates, so the rules never format prose and another language can be added
by adding templates.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a game.

    Attributes:
        ply: index in the history of the action that caused it (0-based).
        kind: a short machine name, e.g. ``"capture"``.
        seats: the seats concerned, first the actor.
        data: JSON-able details (squares, values, counts).
        clauses: rule clause IDs that caused it, e.g. ``("AC-TOUR-CAPTURE-1",)``.
    """

    ply: int
    kind: str
    seats: tuple = ()
    data: dict = field(default_factory=dict)
    clauses: tuple = ()

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "kind": self.kind, "seats": list(self.seats),
                "data": dict(self.data), "clauses": list(self.clauses)}


def render(event: Event, templates: dict[str, str], seat_names: list[str], details: bool = True) -> str:
    """Turn an event into one plain sentence in the language in force (:mod:`racekit.core.i18n`).

    ``templates`` maps an event kind to a ``str.format`` template, or to a
    function of the fields returning the sentence (for plurals and wording that
    depends on values); the fields are the event's data plus ``seat`` (name of
    the first seat), ``seats`` (all names joined), ``names`` (the list of the
    event's seat names) and ``seat_names`` (every seat's name, to name seats
    the data holds by number). Unknown kinds fall back to a generic line: the kind,
    the seats and (unless ``details=False``) every data field. An event's data may
    hold what only the referee knows (Leaf Marathon's Magic Bind lists every hand
    weight for scenario checks); a template says only what every seat may see, so a
    seat's view (``racekit play --seat``, a "You play" page) passes ``details=False``.
    """
    from .i18n import seat_names as local_names, text
    seat_names = local_names(seat_names)      # in the language in force ("Red" -> "红方")
    names = [seat_names[s] if 0 <= s < len(seat_names) else str(s) for s in event.seats]
    fields = dict(event.data)
    fields.setdefault("seat", names[0] if names else "")
    fields.setdefault("seats", text("words.seats_join").join(names))
    fields.setdefault("names", names)
    fields.setdefault("seat_names", list(seat_names))
    template = templates.get(event.kind)
    if template is None:
        data = ", ".join(f"{k}={v}" for k, v in event.data.items()) if details else ""
        text = f"{event.kind} {fields['seats']} {data}".strip()
    elif callable(template):
        text = template(**fields)
    else:
        text = template.format(**fields)
    if event.clauses:
        text += f" [{', '.join(event.clauses)}]"
    return text
