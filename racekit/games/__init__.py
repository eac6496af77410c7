"""The games. Each lives in its own subpackage and registers lazily here."""
from ..core.game import register

register("aeroplane_chess", "racekit.games.aeroplane_chess.game:AeroplaneChess")
register("snow_tails", "racekit.games.snow_tails.game:SnowTails")

# the games shipped in this package (tests iterate these, not whatever else got registered)
SHIPPED = ("aeroplane_chess", "snow_tails")
