"""Tiny Race's event texts and phase names (our own words)."""
from .flow import PHASES  # noqa: F401  (the explorer's phase names)

TEMPLATES = {
    "move": "{seat} rolls {roll} and moves from {start} to {end}.",
    "finish": "{seat} reaches the finish on square {square} and wins.",
}
