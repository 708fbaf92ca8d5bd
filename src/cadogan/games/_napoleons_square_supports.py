"""Napoleon's Square: count the supports the talon's cards need (dead rule 5).

Part of the talon's test (``_napoleons_square_space``); the proof is here and in
docs/rules/napoleons-square.md (dead rule 5).  The count roughly doubles the cost of
the test, which the search pays at nearly every position late in the game, so only
the thorough proofs of a long solve's native search ask it
(``KernelExhaust.thorough``); this form is the one the kernel's is held to.

Take a winning line, a talon card t_j (t_1 is the top) and the moment T it leaves the
talon.  The cards above it left before T, in order, and never came back (nothing goes
back to the talon); t_j and the cards under it have not moved.  So every event before
T happens in the world W_j where t_j .. t_m are frozen and every pack card may move
(a turned card is the talon's top), and its facts over-estimate them: a card played
before T is ``played``, a card that was a packet top before T is ``top``, a packet
emptied before T has a bottom card that can ``leave``.  With the pack out, W_j is the
world the talon's test builds at step j; with cards in the pack it is a second world,
larger than the test's (which frees pack cards only as it needs them), walked down
the talon beside it.  The talon's test also finds, for each j, a number q of pack
cards no larger than the number turned before T (its proof), so p_1 .. p_q were
turned before T; each went onto the talon, or at once to a foundation, a marriage or
a space, and none is in the talon at T, where t_j is the top.

*A packet's shape.*  Every packet is at every moment, bottom first, a part of the
packet as it stood at the start that has never moved, then cards that each lie on a
card one higher in their suit (each came by a marriage), except that when the part
that never moved is empty, the bottom card may be a card that was in the talon at the
start or was turned from the pack, and went into the space (only the talon's cards go
into spaces, Rule II).  Moves only take a top card away, marry a card onto a top one
higher, or put a talon card into an empty packet, so the shape holds by induction.

Call a card *stuck* at step j when it is not ``played`` in W_j: it is not on a
foundation just after T.  Just after T:

- each stuck talon card above t_j, and each stuck pack card of p_1 .. p_q, has left
  the talon (or the pack) for good, so it is in the square, and was not there at the
  start: it lies on a card one higher in its suit, or it is the bottom card of an
  emptied packet (a *base*).  So does t_j itself, unless a foundation can take it
  (``playable`` in W_j);
- let B be the packets that hold a base.  Each was emptied of every card it held at
  the start; those that are stuck are in the square, and being neither talon nor pack
  cards they are no base: each lies on a card one higher in its suit;
- a card y lying on a card z one higher in its suit married onto z while z was a
  top, no later than T, so z is ``top`` in W_j; one card lies directly on z, so
  different y have different z; and nothing lies on a king.

So with d_c the cards of code c named above and a_c the copies of the card one higher
that are ``top`` in W_j, at most a_c of the d_c lie on a card; the rest are bases,
which must be talon or pack cards.  Every stuck card of a packet in B must lie on a
card, so its code's count of such cards is at most a_c, and the bases, one a packet
of B, number at least the sum over c of max(0, d_c - a_c).  B holds only packets
empty at the start or emptied since (their bottom card can ``leave`` in W_j).  The
test tries every choice of B that could matter: the packets empty at the start and
the emptiable ones with no stuck card always (they add bases and no demand), and
every subset of the emptiable ones with stuck cards.  The real B passes for every j,
so if at some j none passes, no line wins.  Every count here over-estimates the
supports and under-estimates the demand, so a larger world only weakens the test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cadogan.games._napoleons_square_space import _World


def supports_fit(
    world: _World, above: Sequence[int], card: int, packets: Sequence[tuple[int, int]]
) -> bool:
    """Whether the stuck cards can all lie on supports or bases just after talon card
    ``card`` leaves, in ``world`` (W_j, its fixpoint run); ``above`` are the talon
    cards above it and the pack cards p_1 .. p_q, and ``packets`` each packet's first
    card number and size (an empty packet with size 0).  False proves the position
    lost (the module's proof)."""
    codes, played = world.codes, world.played
    demand: Counter[int] = Counter(codes[x] for x in above if not played[x])
    if not world.playable(codes[card]):
        demand[codes[card]] += 1
    supply = {code: world.supply(code) for code in demand}
    need = sum(max(0, n - supply[code]) for code, n in demand.items())
    bases = 0
    options: list[list[int]] = []  # the stuck cards of each emptiable packet holding some
    for start, size in packets:
        if size and not world.leave[start]:
            continue
        stuck = [codes[i] for i in range(start, start + size) if not played[i]]
        if stuck:
            options.append(stuck)
        else:
            bases += 1
    if need <= bases:
        return True
    # A packet of B adds one base and only ever adds demand.
    for size in range(need - bases, len(options) + 1):
        for chosen in combinations(options, size):
            if _fits(world, demand, supply, need, bases + size, chosen):
                return True
    return False


def _fits(
    world: _World,
    demand: Counter[int],
    supply: dict[int, int],
    need: int,
    bases: int,
    chosen: Sequence[list[int]],
) -> bool:
    """The count for one choice of B: its packets' stuck cards each on a support, and
    the overflow within the bases."""
    extra = Counter(code for stuck in chosen for code in stuck)
    for code, more in extra.items():
        have = supply.get(code)
        if have is None:
            have = supply[code] = world.supply(code)
        if more > have:
            return False
        talon = demand[code]
        need += max(0, talon + more - have) - max(0, talon - have)
    return need <= bases
