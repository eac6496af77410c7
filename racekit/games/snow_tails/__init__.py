"""Snow Tails (雪橇竞速): dog-sled racing on a lane-grid track (rules prefix ST).

Modules, each importing only those listed before it:
``consts`` (seat statuses, phase numbers and names), ``actions`` (the action codec: ids,
kinds, names, parse), ``tracks`` (the lane-grid tracks, ST-DATA-1), rules by concern
(``refill``: cards, draws, damage and step 3; ``order``: rounds, turn order, places;
``play``: step 1; ``move``: step 2 and the bonus; ``setup``: start slots, the deal and
set-up positions), ``flow`` (the turn flow: phases, who acts, what follows), ``state``
(the OpenSpiel-shaped state), ``game`` (type, options). Beside them: ``invariants``,
``text`` (event sentences), ``plot`` (matplotlib drawing), ``controls`` (explorer widgets),
``agents`` (the careful driver) and ``kernel`` (fast playouts on the engine itself).
"""
