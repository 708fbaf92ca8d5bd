"""Test configuration: a Hypothesis profile that stays within CI's time."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The tests run the plain solver modules even where a compiled build matches the
# sources (``cadogan compile``): some of them patch module attributes, which compiled
# modules do not allow.  tests/test_compiled.py checks the compiled ones.  Set
# CADOGAN_PURE=0 to run the whole suite on a compiled build.
os.environ.setdefault("CADOGAN_PURE", "1")
