"""Benchmarks of the engine and the bots, run from the command line."""
