"""Simulation: fast random playouts, benchmarks and golden playthroughs."""
