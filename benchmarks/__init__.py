"""Benchmarks: measurements, not tests (see README.md here)."""
