"""How a solve under a clock budget shares its time between the native kernels' searches.

The kernels' turns are measured by the clock (:mod:`cadogan.solve.native_beam`,
:mod:`cadogan.solve.native_exhaustive`): each turn runs until its search has had its
*due*, the seconds it is owed by then.  What is left over goes to the Python searches
(the best-first probe, and the exhaustive search wherever the kernel's has stopped).

For the first ``LONG`` seconds the beam has most of the time: it wins most of the
deals that can be won within a second or two, and at 10 s a deal it decides most of
what is decided at all.  A solve still running after that has met a deal that the beam
finds hard, and such deals are often lost or won only by a long exhaustive search
(Napoleon's Square's deals 7 and 13 resisted the beam for minutes; its exhaustive
search, run alone, proved deal 7 lost in 752 s and won deal 13 in 406 s,
benchmarks/README.md, "Long solves lean towards proofs").  Only the exhaustive search
can prove a loss, so from then on it has half of the time (a game's ``late_proof`` may
give it more), and it asks its costlier proofs of loss too
(:mod:`cadogan.solve.native_exhaustive`).  A budget of at most
``LONG`` seconds, such as the 10 s of the benchmarks, a hint or a study, is shared and
searched exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

LONG: Final = 30.0  # seconds of a solve after which the exhaustive search has more time


@dataclass(frozen=True, slots=True)
class Share:
    """A search's share of the solve's time: ``early`` of the first ``LONG`` seconds,
    ``late`` of the time after."""

    early: float
    late: float

    def due(self, elapsed: float) -> float:
        """The seconds of its turns the search is owed ``elapsed`` seconds into a solve."""
        return self.early * min(elapsed, LONG) + self.late * max(elapsed - LONG, 0.0)


KERNELS: Final = 0.95  # the kernels' part of the time together, early and late
EARLY_BEAM: Final = 0.85  # the native beams' part of the first LONG seconds
EARLY_PROOF: Final = 0.10  # the exhaustive search's part of them
LATE_PROOF: Final = 0.50  # the exhaustive search's part of the time after, by default


def shares(late_proof: float = LATE_PROOF) -> tuple[Share, Share]:
    """The native beams' share and the native exhaustive search's, when the exhaustive
    search has ``late_proof`` of the time after the first LONG seconds (a game's
    ``late_proof``) and the beams the rest of the kernels' part."""
    if not 0.0 < late_proof < KERNELS:
        raise ValueError(f"late_proof must lie between 0 and {KERNELS}, not {late_proof}")
    late_beam = round(KERNELS - late_proof, 9)  # (rounded: 0.95 - 0.5 is 0.45 here)
    return Share(EARLY_BEAM, late_beam), Share(EARLY_PROOF, late_proof)


BEAM, EXHAUSTIVE = shares()  # the default: the native beams together, the exhaustive search
