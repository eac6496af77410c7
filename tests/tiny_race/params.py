"""Tiny Race's rule numbers: the one table every reader takes them from."""
from racekit.core.game import Param

PARAMS = (
    Param("finish_square", 10, "TR-GOAL-1", 2, 100,
          "Square a token must reach (or pass) to win."),
    Param("die_faces", 6, "TR-ROLL-1", 2, 12,
          "Faces of the die (numbered 1 to this)."),
)
