"""Tiny Race's action codec: the only place that lays out the action ids.

Decision ``ROLL`` (0) asks for the die; a chance outcome's id is the face rolled (1..12, the
``die_faces`` parameter's upper bound), so every id lies in ``range(NUM_DISTINCT_ACTIONS)``.
"""
ROLL = 0
MAX_FACES = 12
CHANCE_IDS = tuple(range(1, MAX_FACES + 1))
NUM_DISTINCT_ACTIONS = MAX_FACES + 1


def name(action: int, chance: bool) -> str:
    """The action's name: ``roll`` for the decision, ``roll 4`` for a die face."""
    return f"roll {action}" if chance else "roll"


def parse(text: str, chance: bool) -> int | None:
    """The id named by ``text`` (illegal ones too), or ``None``."""
    text = text.strip()
    if not chance:
        return ROLL if text == "roll" else None
    head, _, face = text.partition(" ")
    return int(face) if head == "roll" and face.isdigit() and int(face) in CHANCE_IDS else None
