"""Aeroplane Chess (飞行棋): family and tournament presets of spec/aeroplane_chess.md (AC-...).

Modules: ``game`` (type, presets, options), ``board`` (the YAML board, AC-AMB-01),
``state`` (the OpenSpiel-shaped state), rules by phase (``launch``, ``move``,
``capture``, ``finish``, ``turn``), ``setup`` (scenario positions), ``actions``
(ids and names), ``text`` (event sentences), ``plot`` (matplotlib drawing).
"""
