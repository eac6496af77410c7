"""The games. Each lives in its own subpackage and registers lazily here."""
from ..core.game import register

_GAMES = {
    "aeroplane_chess": "racekit.games.aeroplane_chess.game:AeroplaneChess",
    "snow_tails": "racekit.games.snow_tails.game:SnowTails",
    "wingsuit": "racekit.games.wingsuit.game:Wingsuit",
    "leaf_marathon": "racekit.games.leaf_marathon.game:LeafMarathon",
}
for _id, _target in _GAMES.items():
    register(_id, _target)

SHIPPED = tuple(_GAMES)
"""Every game this package registers (tests iterate these, not whatever else got registered)."""
