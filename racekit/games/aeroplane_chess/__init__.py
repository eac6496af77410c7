"""Aeroplane Chess (飞行棋): family and tournament presets of spec/aeroplane_chess.md (AC-...).

Modules, each importing only those listed before it:
``actions`` (the action codec: ids, names, parse; seat and plane names), ``board`` (the YAML
board, AC-AMB-01), rules by concern (``finish``, ``launch``, ``capture``, ``move``, ``turn``),
``flow`` (the turn flow: phases, who acts, what follows), ``state`` (the OpenSpiel-shaped
state), ``setup`` (scenario positions), ``invariants``, ``game`` (type, presets, options).
Beside them: ``text`` (event sentences), ``plot`` (matplotlib drawing), ``kernel`` and
``kernel_jit`` (fast playouts).
"""
