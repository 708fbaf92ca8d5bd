"""Les Petits Paquets: the layout, what fits, the counted deal, the exile chain, the pick-up.

Pure functions over State, kept apart from the Game class so each stays small.  The
rules are written out in docs/rules/petits-paquets.md: "Rule I-III" are the book's
numbered rules, "direction N" the book's directions as that document numbers them.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, Suit
from cadogan.cards import twins_apart as apart
from cadogan.core import Pile, State

PACKETS = tuple(f"packet{n}" for n in range(1, 13))
SPREAD = "packet13"
EXILES = "exiles"
PACK = "pack"
ASCENDING = tuple(f"found{n}" for n in range(1, 5))
DESCENDING = tuple(f"found{n}" for n in range(5, 9))
FOUNDATIONS = ASCENDING + DESCENDING
UPPER_ROW = PACKETS[:6]
LOWER_ROW = PACKETS[6:]

# Each suit's ascending and descending foundation, with the suit's cards by rank, for
# survey(): move generation asks of every position what each foundation takes next.
_SUIT_CARDS = tuple(tuple([None, *(Card(Rank(n), s) for n in range(1, 13))]) for s in Suit)
_PAIRS = tuple(zip(ASCENDING, DESCENDING, _SUIT_CARDS, strict=True))


def suit_of(found: str) -> Suit:
    """The suit of a foundation: found1..4 and found5..8 are clubs, diamonds, hearts, spades."""
    return Suit((int(found[5:]) - 1) % 4)


def partner(found: str) -> str:
    """The other foundation of the same suit (found1 <-> found5, ...)."""
    n = int(found[5:])
    return f"found{n + 4 if n <= 4 else n - 4}"


def foundations_of(suit: Suit) -> tuple[str, str]:
    """The ascending and the descending foundation of ``suit``."""
    return ASCENDING[suit], DESCENDING[suit]


def wants(state: State, found: str) -> int | None:
    """The rank the foundation takes next, or None when it is complete (direction 1, Rule II).

    Each foundation has its king at the bottom as a marker only: the king does not
    belong to the sequence, so an ascending foundation on its bare king takes an ace
    and a descending one takes a queen.
    """
    pile = state.piles[found]
    top = pile.cards[-1].rank if len(pile) > 1 else None
    if found in ASCENDING:
        if top is None:
            return 1
        return top + 1 if top < Rank.QUEEN else None
    if top is None:
        return int(Rank.QUEEN)
    return top - 1 if top > Rank.ACE else None


def survey(state: State) -> tuple[dict[Card, tuple[str, ...]], tuple[tuple[str, str], ...]]:
    """What the foundations take next, and the legal exchanges, in one pass.

    The first answer maps each wanted card to the foundations that take it (as ``wants``
    says, a card fitting both foundations of its suit maps to ascending, descending);
    the second is ``exchanges``.  Move generation needs both for every position.
    """
    piles = state.piles
    need: dict[Card, tuple[str, ...]] = {}
    swaps: list[tuple[str, str]] = []
    for up, down, by_rank in _PAIRS:
        ups, downs = piles[up].cards, piles[down].cards
        a = ups[-1].rank if len(ups) > 1 else 0  # boundary(), inlined
        d = downs[-1].rank if len(downs) > 1 else 13
        card = by_rank[a + 1] if a < 12 else None
        if card is not None:
            need[card] = (up,)
        card = by_rank[d - 1] if d > 1 else None
        if card is not None:
            need[card] = (*need.get(card, ()), down)
        if d == a + 1:
            if a >= 1:
                swaps.append((up, down))
            if d <= 12:
                swaps.append((down, up))
    return need, tuple(swaps)


def needs(state: State) -> dict[Card, tuple[str, ...]]:
    """Each card a foundation takes next, with the foundations that take it."""
    return survey(state)[0]


def fits(state: State, card: Card) -> tuple[str, ...]:
    """The foundations ``card`` may be played to now (none, one or both of its suit)."""
    return needs(state).get(card, ())


def boundary(state: State, suit: Suit) -> tuple[int, int]:
    """(a, d): the top rank of the suit's ascending foundation (0 on the bare king) and of
    its descending one (13 on the bare king).  Exchanges are possible exactly when
    d == a + 1, that is, when the two foundations hold one card of each rank."""
    up, down = (state.piles[f] for f in foundations_of(suit))
    a = int(up.cards[-1].rank) if len(up) > 1 else 0
    d = int(down.cards[-1].rank) if len(down) > 1 else 13
    return a, d


def exchanges(state: State) -> tuple[tuple[str, str], ...]:
    """The legal foundation exchanges (direction 8), as (from, to) pairs."""
    return survey(state)[1]


def available(state: State) -> tuple[Card, ...]:
    """Every available card (Rule I): the tops of packets 1-12 and all of packet 13."""
    tops = [p.top for p in (state.piles[name] for name in PACKETS) if p.top is not None]
    return (*tops, *state.piles[SPREAD].cards)


def anything_fits(state: State) -> bool:
    """True when some available card fits a foundation.  Exchanges do not count."""
    need = needs(state)
    return any(card in need for card in available(state))


def rescued_by_exchange(state: State) -> bool:
    """True when exchanges alone could make some available card fit.

    When a suit's foundations are exchangeable (d == a + 1) the boundary between them can
    be moved to any place, so every rank of that suit can be made to fit one of them.
    """
    shifting = {s for s in Suit if boundary(state, s)[1] == boundary(state, s)[0] + 1}
    return any(card.suit in shifting for card in available(state))


def squared(pile: Pile) -> Pile:
    """Packets 1-12 show only their surface card: every card but the top lies hidden."""
    if pile.empty:
        return pile
    return Pile(pile.cards, (False,) * (len(pile) - 1) + (True,))


def home(card: Card) -> str:
    """The packet of a card's value: ace packet1 ... queen packet12 (direction 5)."""
    return PACKETS[card.rank - 1]


def position(count: int) -> str:
    """The packet that the card called ``count`` is dealt to."""
    return SPREAD if count == 13 else PACKETS[count - 1]


def deal_card(state: State, whole_round: bool = False) -> State:
    """Deal until one card lands in a packet or the pack runs out (directions 2 and 3).

    A card whose value equals its count goes face down onto the Exiles, and the next card
    is called by the same count; the count runs 1 to 13 and begins again.  With
    ``whole_round`` dealing goes on to the end of the round (count 13) or of the pack.
    """
    piles = state.piles
    pack = piles[PACK]
    dealt, left = pack.cards, len(pack)
    count = state.num("count")
    exiled: list[Card] = []
    changes: dict[str, Pile] = {}
    while left:
        left -= 1
        card = dealt[left]  # the top of the pack
        if card.rank == count:
            exiled.append(card)
            continue
        target = position(count)
        pile = piles[target].push(card)
        changes[target] = pile if target == SPREAD else squared(pile)
        count = count % 13 + 1
        if not whole_round or count == 1:
            break
    changes[PACK] = Pile(dealt[:left], pack.up[:left])
    changes[EXILES] = piles[EXILES].extend(exiled, up=False)
    return State(
        game=state.game,
        deal=state.deal,
        piles=piles.update(changes),
        phase="deal" if left else "play",
        vars=state.vars.update({"count": count}),
        turn=state.turn,
        options=state.options,
    )


def deal_round(state: State) -> State:
    """Deal to the end of the current round (count 13) or of the pack."""
    return deal_card(state, whole_round=True)


def exile_chain(state: State) -> State:
    """Take the top exile and run the chain of direction 5, in its exact order.

    1. Turn the exile up; if it fits a foundation it waits face up on the Exiles for the
       player to play it, and the chain ends.
    2. Otherwise slip it under the packet of its value, p.
    3. If p is empty or its top card t has travelled in this chain, stop: nothing freed.
    4. Otherwise slip t under the packet of its own value.
    5. If p's new top fits a foundation, stop: that card is freed.
    6. Otherwise p becomes the packet t went under; back to 3.
    Travelled cards are counted at the bottom of each packet: a chain only ever slips
    cards under and takes them off the top, and it stops before a travelled card would
    be taken, so the travelled cards of a packet are exactly its bottom ones.
    """
    card, rest = state.piles[EXILES].pop()
    need = needs(state)  # the foundations do not change during the chain
    if card in need:
        return state.with_piles({EXILES: rest.push(card, up=True)})
    piles = {name: state.piles[name] for name in PACKETS}
    piles[EXILES] = rest
    travelled = dict.fromkeys(PACKETS, 0)
    p = home(card)
    piles[p], travelled[p] = squared(piles[p].slip_under(card)), 1
    while not piles[p].empty and len(piles[p]) > travelled[p]:
        t, remaining = piles[p].pop()
        q = home(t)
        piles[p] = squared(remaining)
        piles[q] = squared(piles[q].slip_under(t))
        travelled[q] += 1
        if piles[p].top in need:
            break
        p = q
    return state.with_piles(piles)


def pick_up(state: State) -> Pile:
    """Gather the packets for a re-deal (Rule III) and return the new face-down pack.

    Deal order: P1 + P2 + ... + P6 + P13 + P7 + ... + P12, each packet bottom card first.
    The top of the returned pile is the first card of that order.
    """
    names = (*UPPER_ROW, SPREAD, *LOWER_ROW)
    order = [card for name in names for card in state.piles[name].cards]
    return Pile.face_down(reversed(order))


def twins_apart(state: State, card: Card) -> bool:
    """Whether taking one or the other twin of ``card`` from packet 13 leaves two
    different packets 13 that a re-deal would gather (Rule III): both lie there with a
    card between them, and a re-deal is left (none reads the packet's order else)."""
    return state.num("redeals") > 0 and apart(state.piles[SPREAD].cards, card)
