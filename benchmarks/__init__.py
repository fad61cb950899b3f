"""Benchmarks printed by `make bench`: speed and memory figures, never pass/fail tests."""
