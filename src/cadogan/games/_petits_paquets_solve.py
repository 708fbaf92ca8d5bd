"""Les Petits Paquets: the solver's hooks (table key, safe plays), each rule with its proof.

The rules are those of docs/rules/petits-paquets.md; "direction N" numbers as there.
Facts about the rules that the proofs below lean on:

- A suit has an ascending foundation (top rank ``a``, 0 on the bare king) and a
  descending one (top rank ``d``, 13 on the bare king).  A card of rank ``r`` goes on the
  ascending one only when ``r == a + 1`` and on the descending one only when
  ``r == d - 1``.  Exchanges (direction 8) are legal exactly when ``d == a + 1``: the
  suit is then *exchangeable*.
- Exchanges are listed among the legal moves in every position where a play could be
  (the play phase, and the deal phase whenever plays are allowed), except when a turned
  exile waits to be played (direction 5, step 1) and when the game is over.
- Exiles are taken, and re-deals made, only when no available card fits (directions 5
  to 7); in the play phase nothing else but plays and exchanges is ever legal.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, Suit
from cadogan.core import TRANSFER, Move, State, action, transfer
from cadogan.games._petits_paquets_rules import (
    ASCENDING,
    DESCENDING,
    EXILES,
    PACKETS,
    SPREAD,
    available,
    suit_of,
    survey,
    twins_apart,
)

_CARDS = tuple(tuple(Card(Rank(max(n, 1)), s) for n in range(14)) for s in Suit)


def _ranks(state: State, suit: int) -> tuple[int, int]:
    """(a, d): the top ranks of the suit's ascending and descending foundations."""
    up, down = state.piles[ASCENDING[suit]].cards, state.piles[DESCENDING[suit]].cards
    return (up[-1].rank if len(up) > 1 else 0), (down[-1].rank if len(down) > 1 else 13)


def _early(rank: int, wanted: int, a: int, d: int) -> bool:
    """Could a card of ``rank`` reach a foundation of its suit before any ``wanted`` does?

    The ascending foundation (top ``a``) takes ranks upwards one at a time, so before a
    card of rank ``wanted`` goes on it, it can take only ranks a+1 .. wanted-1 (when
    ``a < wanted``; otherwise every rank above ``a``).  Likewise the descending one takes
    only d-1 down to wanted+1 (when ``d > wanted``; otherwise every rank below ``d``).
    No exchange can widen this while no card of rank ``wanted`` is placed, by the proof
    in ``safe_play``.
    """
    if rank == wanted:
        return False
    up = a < rank and (rank < wanted if a < wanted else True)
    down = rank < d and (rank > wanted if d > wanted else True)
    return up or down


def _twin_held(state: State, card: Card, source: str, a: int, d: int) -> bool:
    """True when the other copy of ``card`` cannot be played before a card of its rank
    reaches a foundation of its suit (the twin condition of ``safe_play``).

    The twin is held when it is on a foundation, among the Exiles, in packet 13 with
    ``card`` itself taken from packet 13 when either copy may be taken by the one move
    (``take`` takes the first copy; ``take ... upper``, the other, is offered only when
    the two would leave packets 13 that a re-deal tells apart, and then the twin is not
    held), or in a packet under some card of the suit that ``_early``
    says cannot be played first (``card`` itself is such a card).  A twin at the top of
    a packet, or in packet 13 while ``card`` is at a packet top, is not held.
    """
    rank, suit = card.rank, card.suit
    if a >= rank or d <= rank:  # the twin is on a foundation (the card fits, so a < rank
        return True  # or d > rank; a >= rank means the ascending one holds a copy ...)
    piles = state.piles
    if card in piles[EXILES].cards:
        return True
    if card in piles[SPREAD].cards:
        if source != SPREAD:
            return False
        if piles[SPREAD].cards.count(card) == 2:
            # One move takes either copy, unless taking one or the other leaves two
            # packets 13 that a re-deal tells apart (``take ... upper``): then which
            # copy stays is a choice, and this play decides it.
            return not twins_apart(state, card)
    for name in PACKETS:
        cards = piles[name].cards
        if card not in cards:
            continue
        index = cards.index(card)  # the lowest copy in the packet
        if name == source and index == len(cards) - 1:
            continue  # that is the card itself, at the top
        above = cards[index + 1 :]
        return any(c.suit == suit and not _early(c.rank, rank, a, d) for c in above)
    return False


def safe_play(state: State) -> Move | None:
    """A play that can never spoil a win, or None.

    **Safe: a play in the play phase whose suit is not exchangeable and whose twin is
    held.**  Let card X (rank r, suit s) be available at place P and fit foundation F
    in the play phase, with no turned exile, suit s not exchangeable, and X's twin T
    held (``_twin_held``).  Take any winning line L.  (1) Until L places a card of rank
    r of suit s, F's top cannot change (F takes only rank r, and exchanges need the
    suit exchangeable, which needs a rank-r card placed: with F ascending at a = r-1
    that means d == r, a rank-r card on the descending one; symmetrically when F is
    descending).  So X fits throughout, which makes exiles and re-deals illegal: that
    part of L is plays and exchanges of other suits, X stays at P, and T, held, stays
    where it is (no chain moves it, and the cards covering it cannot be played, by
    ``_early``).  (2) L must place a rank-r card of suit s (F is finished in a win and
    only such a card or an exchange can change its top), and by (1) it is X from P.
    (3) Playing X first and then that part of L reaches the same position as L when L
    puts X on F: the other moves never touch F, P's top or X, and they remain legal.
    When L puts X on the other foundation instead (it then wants r too), the position
    reached differs only in the suit's boundary, the suit being exchangeable there,
    and one exchange joins them.  (None of the positions on the way is over: one that
    were would differ from L's position after its rank-r play only in the boundaries of
    exchangeable suits, and so be over too, as ``outcome`` shows.)  So a win remains.
    When X fits both foundations either may be chosen, for the same reason.  The play
    puts a card home for good, so safe plays cannot go round in a circle.
    """
    piles = state.piles
    if state.phase != "play" or piles[EXILES].top_up:
        return None
    need, _ = survey(state)
    if not need:
        return None
    for name in PACKETS:
        top = piles[name].top
        if top is not None and top in need:
            move = _checked(state, top, name, need[top])
            if move is not None:
                return move
    for card in piles[SPREAD].cards:
        if card in need:
            move = _checked(state, card, SPREAD, need[card])
            if move is not None:
                return move
    return None


def _checked(state: State, card: Card, source: str, targets: tuple[str, ...]) -> Move | None:
    """The play of ``card`` from ``source`` to ``targets[0]`` if ``safe_play`` allows it."""
    a, d = _ranks(state, card.suit)
    if d == a + 1 or not _twin_held(state, card, source, a, d):
        return None
    if source == SPREAD:
        return action("take", str(card), targets[0])
    return transfer(source, targets[0])


def dead(state: State) -> bool:
    """True when the position provably cannot be won.

    **Dead: the last deal's order of plays has a cycle.**  In the play phase of the
    last deal (no re-deal can ever move a card again) call a packet 1-12 *frozen* when
    no exile chain can ever take a card off it or slip one under it: a chain takes
    cards only off the packet whose number is the rank of the card just slipped under
    it (direction 5), and slips cards only under the packet of their rank, and the only
    cards that can ever travel are exiles and cards of packets 1-12 (packet 13 and the
    foundations never lose a card to a chain).  So packet q is frozen when no exile is
    left, or when no card of rank q is among the Exiles or in packets 1-12.  Cards
    leave a frozen packet only by being played from its top, so each must be played
    before every card beneath it.  A suit whose foundations overlap (``d <= a``, the
    descending one having come down to or past the ascending one's top) can never
    exchange again (``a`` only rises and ``d`` only falls), and each rank still out has
    exactly one copy left with exactly one place to go: above ``a`` on the ascending
    foundation, below ``d`` on the descending one (the other copy is on the other
    foundation).  So on the ascending side rank r must be played before rank r+1, and
    on the descending side rank r before rank r-1.  If these "before" relations, with
    those of the frozen packets, form a cycle, no order of play places every card, and
    the game is lost.  Leaving out the relations of other suits and other packets only
    removes constraints, so the test stays sound.
    """
    if state.phase != "play" or state.num("redeals"):
        return False
    settled = [d <= a for a, d in (_ranks(state, suit) for suit in range(4))]
    if not any(settled):
        return False
    return _cyclic(state, settled)


def _frozen(state: State) -> list[bool]:
    """Per packet 1-12: True when no exile chain can ever touch it (see ``dead``).

    A chain first reaches the packet of the exile's rank, then the packet of the rank
    of each card it takes off a packet it has reached, so the packets any chain can
    ever reach are at most: those of the ranks of the Exiles, and (repeatedly) those of
    the ranks of the cards in packets already counted.  Cards slipped under a packet
    come from the Exiles or from such packets, so they change nothing.
    """
    piles = state.piles
    todo = list({card.rank for card in piles[EXILES].cards})
    reached = [False] * 13
    while todo:
        rank = todo.pop()
        if not reached[rank]:
            reached[rank] = True
            todo += [card.rank for card in piles[PACKETS[rank - 1]].cards]
    return [not hit for hit in reached[1:]]


def _cyclic(state: State, settled: list[bool]) -> bool:
    """True when the "before" relations of ``dead`` have a cycle.

    Each card still out is a node with at most two edges: to the card beneath it in a
    frozen packet, and (for a suit in ``settled``) to the card of the next rank its
    foundation takes.  Cards of packet 13, of the Exiles and of packets that are not
    frozen have only the second kind.
    """
    piles = state.piles
    frozen = [*_frozen(state), False, False]
    if not any(frozen[n] and len(piles[PACKETS[n]].cards) > 1 for n in range(12)):
        return False  # without a packet's relation, every "before" chain is a path
    below: list[int] = []
    where: dict[Card, int] = {}
    for number, name in enumerate((*PACKETS, SPREAD, EXILES)):
        base = len(below)
        for index, card in enumerate(piles[name].cards):
            below.append(base + index - 1 if index and frozen[number] else -1)
            if settled[card.suit]:
                where[card] = len(below) - 1
    after = [-1] * len(below)
    tops = [_ranks(state, suit)[0] for suit in range(4)]
    for card, node in where.items():
        rank = card.rank + (1 if card.rank > tops[card.suit] else -1)
        if 0 < rank < 13:
            after[node] = where.get(_CARDS[card.suit][rank], -1)
    return _has_cycle(below, after)


def _has_cycle(below: list[int], after: list[int]) -> bool:
    """Cycle detection in a graph whose nodes have the edges ``below`` and ``after``."""
    colour = [0] * len(below)  # 0 unseen, 1 on the current path, 2 done
    for root in range(len(below)):
        if colour[root]:
            continue
        stack = [root]
        colour[root] = 1
        while stack:
            node = stack[-1]
            for nxt in (below[node], after[node]):
                if nxt >= 0 and colour[nxt] != 2:
                    if colour[nxt] == 1:
                        return True
                    colour[nxt] = 1
                    stack.append(nxt)
                    break
            else:
                colour[node] = 2
                stack.pop()
    return False


def prune(state: State, legal: tuple[Move, ...]) -> tuple[Move, ...]:
    """``legal`` without the exchanges that lead nowhere (the solver's ``prune``).

    Once the Exiles are used up, in the play phase, an exchange of suit s (exchangeable,
    boundary ``a``: the ascending foundation's top) is kept only when it moves the
    boundary towards a *target* of s: a boundary where an available card of s fits
    (``_fits``), or, while a re-deal is left and a card of s fits at ``a``, one boundary
    where none does (``_redeal``).  While an exile is left every exchange is kept.

    **Proof that a win is kept.**  Call a move *s-dependent* when what it does or
    whether it is legal can depend on s's boundary: a play of a card of s (from a
    packet, packet 13 or the Exiles), an exile (legal only when nothing fits, and its
    chain stops at the first card that fits) and a re-deal (legal only when nothing
    fits; the pick-up does not look at the foundations).  Every other move (a play or
    an exchange of another suit, or a ``deal``, which looks only at the count) is the
    same at any boundary of s, and an exchange of s changes nothing but that boundary.
    Exchanges of s are possible only from the play that makes d == a + 1 until the next
    play of a card of s (then d <= a for good), and a win plays every card, so in a
    winning line L every exchange of s is followed by an s-dependent move.  Build L'
    from L: drop the exchanges of s and, just before each s-dependent move M, move the
    boundary straight (one exchange at a time, in one direction) to a boundary c:
    - for a play of a card of s, or any M made while an exile is left, c is L's
      boundary at M.  (Before the play of a turned-up exile no exchange is legal, nor
      needed: the exile that turned it up was made at L's boundary, and nothing
      changed it since.  Where M comes in the deal phase, plays and so exchanges are
      allowed there, and nothing is pruned in that phase.)
    - for a re-deal with the Exiles used up: no move at all when no card of s fits at
      the boundary the block starts from, else the first boundary where no card of s
      fits on the way towards ``_redeal``'s target (the lowest such boundary).  The
      re-deal is legal there (nothing else fits, as in L) and does the same, and later
      blocks start from this boundary instead of L's.
    Every position of L' differs from L's only in the boundaries of exchangeable suits,
    each move of L' is legal and does the same as in L, and L' ends won as L does.  (A
    position of L' is never lost where L's is going on: ``outcome``'s test of a lost
    position looks at what fits and at ``rescued_by_exchange``; for a suit with an
    available card, exchanges rescue it, and for one without, its boundary changes
    nothing that fits.)  Each exchange of L' heads for a target or is made while an
    exile is left, since targets depend only on what is available, the Exiles and the
    re-deals, none of which an exchange changes.  So from every winnable position some
    winning line uses only kept moves.  With the solver's safe plays as well (each
    keeps a win by its own proof, and puts a card home for good), induction on the
    number of cards still out shows that the search, following kept moves, reaches a
    win whenever one exists.  Exchanges can still go back and forth under the prune
    (a suit may have targets on both sides); the search's table stops such cycles.
    """
    if state.phase != "play" or state.piles[EXILES].cards:
        return legal
    keep: list[Move] = []
    fits: dict[int, set[int]] = {}
    for move in legal:
        source = move.args[0] if move.verb == TRANSFER else ""
        if source not in ASCENDING and source not in DESCENDING:
            keep.append(move)
            continue
        suit = suit_of(source)
        fits = fits or _fits(state)
        a, _ = _ranks(state, suit)
        targets = fits[suit] | _redeal(state, a, fits[suit])
        rising = source in DESCENDING  # a card goes up onto the ascending foundation
        if any(b > a for b in targets) if rising else any(b < a for b in targets):
            keep.append(move)
    return tuple(keep)


def _fits(state: State) -> dict[int, set[int]]:
    """Per suit, the boundaries at which some available card of the suit fits.

    A boundary b means the ascending foundation's top is b; a card of rank r fits at
    b = r - 1 (ascending) or b = r (descending)."""
    fits: dict[int, set[int]] = {suit: set() for suit in Suit}
    for card in available(state):
        fits[card.suit].update((card.rank - 1, card.rank))
    return fits


def _redeal(state: State, a: int, fit: set[int]) -> set[int]:
    """A boundary from which a re-deal may be made (nothing of the suit fits there),
    when a re-deal is left and something fits at ``a``; else none."""
    if not state.num("redeals") or a not in fit:
        return set()
    free = set(range(13)) - fit
    return {min(free)} if free else set()
