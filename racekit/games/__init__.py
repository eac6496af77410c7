"""The games. Each lives in its own subpackage and registers lazily here.

A game under construction registers as a draft, ``register(id, "module:Class", draft=True)``:
it plays everywhere (``load_game``, the CLI, the explorer) but stays out of ``SHIPPED`` and of
every shipped-game check until it meets docs/contracts.md's "Shipped" list; then move it into
``_GAMES``.
"""
from ..core.game import register

_GAMES = {
    "aeroplane_chess": "racekit.games.aeroplane_chess.game:AeroplaneChess",
    "snow_tails": "racekit.games.snow_tails.game:SnowTails",
    "wingsuit": "racekit.games.wingsuit.game:Wingsuit",
    "leaf_marathon": "racekit.games.leaf_marathon.game:LeafMarathon",
}
_DRAFTS: dict[str, str] = {}
"""Games under construction (id -> "module:Class"): registered with ``draft=True``."""

for _id, _target in _GAMES.items():
    register(_id, _target)
for _id, _target in _DRAFTS.items():
    register(_id, _target, draft=True)

SHIPPED = tuple(_GAMES)
"""Every shipped game this package registers (tests iterate these, never drafts or whatever else
got registered)."""
