"""The statistics a study reports: a rate with its 95% Wilson score interval."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (0..1); (0, 1) when n is 0.

    Chosen over the normal approximation because it stays inside [0, 1] and behaves
    well for the rare wins some of these games have.
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
