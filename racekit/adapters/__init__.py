"""Adapters to other game frameworks (the optional ``rl`` extra): :mod:`.openspiel`,
:mod:`.pettingzoo`. Importing this package imports neither framework."""
