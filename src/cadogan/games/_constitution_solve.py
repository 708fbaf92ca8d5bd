"""The Constitution's solver hooks: a proof that a position is lost, safe plays, the key.

Kept apart from the rules (``_constitution_rules``): nothing here decides what is legal.
Each pruning rule is proved in its docstring; docs/rules/constitution.md ("The solver's
pruning") says the same in plain words.

Facts about the rules that the proofs use (docs/rules/constitution.md):

* A card only ever moves up: from a division to the one above it, from the Privy
  Council to the Government, from the talon or pack to the People.  Nothing goes down.
* Within a pile only the top card moves, so a card leaves its pile only after every
  card above it has left.
* A card enters a pile of a division either on top of a card one higher in the other
  colour (a build) or into a vacancy (an empty pile, filled from the division below).
  A vacancy in a division arises only when a pile of that division is emptied, and a
  pile is emptied only when the card at its bottom leaves it.
* A card one lower in the other colour has the same parity of rank plus colour (red
  counting 1), so a build joins cards of one "class"; every card a card can be built on
  has its rank plus one and its class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cadogan.cards import Card, pack
from cadogan.core import Move, Pile, State
from cadogan.games._constitution_rules import DEAL, IN_FOUND, TAKES
from cadogan.games._constitution_text import (
    COUNCIL,
    FOUND,
    NO_VACANCY,
    PACK,
    ROW_OF,
    ROWS,
    TALON,
)

ALL_CARDS: Final = pack(1)
# For each card: its rank, its suit, the index of its (rank, class) key among possible
# tops, and the key of the cards it can be built on (rank + 1, same class).
_KEY: Final = {c: 2 * c.rank + ((c.rank + c.suit.red) & 1) for c in ALL_CARDS}
INFO: Final = {c: (int(c.rank), int(c.suit), _KEY[c], _KEY[c] + 2) for c in ALL_CARDS}


def dead(state: State) -> bool:
    """True when some card can never reach the Government, so the game is lost.

    An optimistic reachability bound, computed as a least fixpoint.  For every card it
    finds the highest division it could ever reach ("reach"; 4 = played), assuming
    nothing about timing:

    * a card is ever a top in its dealt division if every card above it can leave;
      a card that arrived in a division (from below, the talon or the pack) is a top
      there on arrival;
    * a division can ever have a vacancy if one is open now, or if every card of some
      pile of it can leave; a vacancy refilled later needs an earlier vacancy there,
      so this covers every vacancy the game can have;
    * a talon or pack card can reach the People only through a People vacancy;
    * a card that is a top in a division below the Council can move up if that
      division above can have a vacancy or can have, as a top, some card of one rank
      higher in its class (a card it could be built on), other than a card that must
      lie below it meanwhile (``_Fixpoint.held``);
    * a Council card that can be a top is played once the Government could hold the
      card one lower of its suit (both foundations of the suit ignored as one).

    Each real move is allowed by these rules, applied to what really happened earlier
    (induction on the moves of any line of play), so every card that any line of play
    can move to a division, or play, is found.  If some card is found unable to reach
    the Government, no line of play wins.  (The bound stops early, answering "not
    dead", once every division can have a vacancy; an answer of "not dead" is never
    a risk, and then indeed every card can rise and be played in order of rank.)
    """
    if state.var("vacancy") != NO_VACANCY:
        # Not looked at while a vacancy is open: "not dead" is never a risk, and the
        # position after the fill (forced or chosen) is tested in its turn.  This
        # spares the test on about two positions in five at no cost in pruning but a
        # move's delay.
        return False
    found = _reach(state)
    return found is not None and not all(found)


def _reach(state: State) -> list[bool] | None:
    """Whether each card could be played (see ``dead``); None when all surely can."""
    piles = state.piles
    played = [0, 0, 0, 0]  # per suit, bit r set when a card of rank r is on the Government
    for name in FOUND:
        for card in piles[name].cards:
            played[card.suit] |= 1 << card.rank
    cards: list[tuple[int, int, int, int]] = []
    dealt: list[int] = []  # the division each card lies in now; -1 for talon and pack
    spans: list[list[tuple[int, int]]] = [[], [], [], []]
    info = INFO.__getitem__
    for row, names in enumerate(ROWS):
        for name in names:
            pile = piles[name].cards
            if pile:
                start = len(cards)
                cards += map(info, pile)
                dealt += [row] * len(pile)
                spans[row].append((start, len(cards)))
    for name in (TALON, PACK):
        pile = piles[name].cards
        cards += map(info, pile)
        dealt += [-1] * len(pile)
    vacancy = str(state.var("vacancy"))
    vac = [False, False, False, False]
    if vacancy != NO_VACANCY:
        vac[ROW_OF[vacancy]] = True
    reach = _Fixpoint(cards, dealt, spans, vac, played).run()
    return None if reach is None else [level == 4 for level in reach]


class _Fixpoint:
    """The least fixpoint of ``dead``'s rules, computed with a work list.

    Everything only grows (reaches, possible tops, possible vacancies, the Government),
    so a card that cannot move yet waits on the facts it needs, and is tried again
    only when one of them changes.  ``first[row * 26 + key]`` is a card that can be a
    top in ``row`` with that (rank, class) key; ``multi`` says that more than one can.
    """

    def __init__(
        self,
        cards: list[tuple[int, int, int, int]],
        dealt: list[int],
        spans: list[list[tuple[int, int]]],
        vac: list[bool],
        played: list[int],
    ) -> None:
        count = len(cards)
        self.cards, self.dealt, self.vac, self.played = cards, dealt, vac, played
        self.reach = list(dealt)
        self.first = [-1] * 104
        self.multi = [False] * 104
        self.pile = [-1] * count  # the pile each card lies in now, numbered across divisions
        self.below = [-1] * count  # the next card down in that pile (-1 at the bottom)
        self.todo: list[int] = []
        self.on_slot: list[list[int]] = [[] for _ in range(104)]  # waiting for a top there
        self.on_vac: list[list[int]] = [[], [], [], []]  # cards waiting for a vacancy
        self.on_play: dict[int, list[int]] = {}  # cards waiting for a Government card
        self.reserve = [j for j in range(count) if dealt[j] < 0]
        for number, (start, end) in enumerate(span for row in spans for span in row):
            for j in range(start, end):
                self.pile[j] = number
                self.below[j] = j - 1 if j > start else -1
            self.top(dealt[end - 1], end - 1)

    def run(self) -> list[int] | None:
        """The reaches; None as soon as every division can have a vacancy.

        A card that cannot climb waits for the facts that could let it: a vacancy or a
        second possible top in the division above, and, only when ``held`` stopped it
        for a card that came into this division, a vacancy or a second possible top
        here (``held`` of a card in its dealt pile depends on nothing else)."""
        todo, reach, cards, vac = self.todo, self.reach, self.cards, self.vac
        first, multi, on_slot, on_vac = self.first, self.multi, self.on_slot, self.on_vac
        for row in range(4):
            if vac[row]:
                self.open(row)
        while todo:
            if vac[0] and vac[1] and vac[2] and vac[3]:
                return None  # "not dead": see the end of ``dead``'s docstring
            j = todo.pop()
            level = reach[j]
            rank, suit, _, under = cards[j]
            if level == 3:
                if self.played[suit] >> (rank - 1) & 1:
                    self.rise(j, level)
                else:
                    self.on_play.setdefault(suit * 16 + rank - 1, []).append(j)
            elif level < 3:
                if vac[level + 1]:
                    self.rise(j, level)
                    continue
                # Built one division up: onto a possible top there of key ``under`` (one
                # rank higher, same class), not only one that ``held`` keeps below j.
                slot = (level + 1) * 26 + under
                onto = first[slot]
                if onto >= 0 and (multi[slot] or not self.held(j, level, under, onto)):
                    self.rise(j, level)
                    continue
                on_slot[slot].append(j)
                on_vac[level + 1].append(j)
                if onto >= 0 and level != self.dealt[j]:
                    on_slot[level * 26 + under].append(j)
                    on_vac[level].append(j)
        return reach

    def rise(self, j: int, level: int) -> None:
        """Card ``j`` moves up from ``level`` (and on up while vacancies let it)."""
        vac = self.vac
        if level == self.dealt[j]:  # it leaves its pile: the card under it is a top
            k = self.below[j]
            if k >= 0:
                self.top(level, k)
            elif not vac[level]:
                vac[level] = True
                self.open(level)
        if level == 3:
            self.reach[j] = 4
            rank, suit = self.cards[j][0], self.cards[j][1]
            self.played[suit] |= 1 << rank
            self.todo += self.on_play.pop(suit * 16 + rank, ())
            return
        level += 1
        while level < 3 and vac[level + 1]:
            self.top(level, j, wake_only=True)  # a top where it arrives, and rises on
            level += 1
        self.reach[j] = level
        self.top(level, j)  # a card is a top where it arrives: try it there

    def top(self, row: int, j: int, wake_only: bool = False) -> None:
        """Card ``j`` can be a top in ``row``: try it (unless ``wake_only``), and wake the
        cards waiting for such a top."""
        slot = row * 26 + self.cards[j][2]
        first, multi = self.first, self.multi
        if not wake_only:
            self.todo.append(j)
        if first[slot] < 0:
            first[slot] = j
        elif first[slot] != j and not multi[slot]:
            multi[slot] = True
        else:
            return
        waiting = self.on_slot[slot]
        if waiting:
            self.todo += waiting
            self.on_slot[slot] = []

    def open(self, row: int) -> None:
        """Division ``row`` can have a vacancy: wake its waiters; a People vacancy lets
        the talon and pack in."""
        self.todo += self.on_vac[row]
        self.on_vac[row] = []
        if row == 0:
            for j in self.reserve:
                self.reach[j] = 0
                self.top(0, j)
            self.reserve = []

    def held(self, j: int, level: int, under: int, onto: int) -> bool:
        """True when ``onto``, the only card of key ``under`` that can ever be a top in
        the division above, must lie below ``j`` in division ``level`` while ``j`` waits.

        That is so when ``onto`` lies under ``j`` in the pile ``j`` lies in now; or when
        ``j`` came into this division by a build (no vacancy being possible here) and
        ``onto`` is the only card of key ``under`` that can be a top here too: ``j`` was
        built on ``onto`` and sits on it until ``j`` leaves.  Either way ``onto`` cannot
        be above at the time ``j`` would be built on it.
        """
        if level == self.dealt[j]:
            return self.pile[onto] == self.pile[j] and onto < j
        here = level * 26 + under
        return not (self.vac[level] or self.multi[here] or self.first[here] != onto)


def safe_move(state: State, legal: tuple[Move, ...]) -> Move | None:
    """The only legal move, a play that can never spoil a win (``safe_play``), or a
    turn of the pack onto an empty talon (``safe_deal``); else None."""
    if len(legal) == 1:
        return legal[0]
    for move in legal:
        args = move.args
        if len(args) == 2 and args[1] in IN_FOUND and safe_play(state, move):
            return move
    if safe_deal(state):
        return DEAL
    return None


def safe_deal(state: State) -> bool:
    """True when turning the pack's top card P onto an empty talon can never spoil a win.

    Conditions: no vacancy is open (so ``deal`` is legal), the talon is empty and the
    pack is not.  Proof: take a winning line L.  Until L turns P, P is the pack's top
    and the talon stays empty (a ``deal`` in L would be that turn), so the only use
    L can make of P is to fill a People vacancy with it, straight from the pack.  Turn
    P now and follow L, skipping L's first ``deal``: until then every move of L stays
    legal (P lies on top of the talon, where the pack's top would be, and a People
    vacancy takes the talon's top when there is one, P again); if L fills a People
    vacancy with P, the positions are the same from then on; if L turns P first, they
    are the same once that turn is skipped.  So the win survives.  The move cannot be
    undone (no card ever returns to the pack), so safe moves never go round in a circle.
    """
    piles = state.piles
    return state.var("vacancy") == NO_VACANCY and not piles[TALON].cards and bool(piles[PACK].cards)


def safe_play(state: State, move: Move) -> bool:
    """True when playing ``move`` (a Privy Council card X of rank r to the Government)
    can never spoil a win.

    Conditions: (a) X has a card under it, so no vacancy opens (its timing matters, as
    the Note says); (b) every card of rank r-1 in the other colour is on the Government
    or in the Privy Council, so none can ever be built on X (a Council card only
    leaves for the Government); (c) X's twin is on the Government already, or both
    foundations of X's suit stand at r-1.

    Proof: take a winning line L.  By (a) and (b) X stays the top of its pile, untouched,
    until L plays it.  Play X now and then L without that play.  Every move of L stays
    legal: nothing in L uses X's pile before X leaves it, and X's foundation stands
    where L would have put it.  By (c) the twin X' never lacks a foundation: when L
    plays X' before X, a foundation at r-1 is left for it (both stood at r-1, and only
    X and X' are of that rank and suit), so X' goes there; the foundations then hold
    the same cards as in L.  Without (c), L might play X' onto the only foundation at
    r-1 and use the cards under X' long before the other foundation is ready.
    """
    source = move.args[0]
    piles = state.piles
    pile = piles[source].cards
    if len(pile) < 2:
        return False
    card = pile[-1]
    rank, suit = card.rank, card.suit
    heights = [len(piles[f].cards) for f in FOUND if piles[f].cards[0].suit == suit]
    if max(heights) < rank and min(heights) != rank - 1:
        return False
    if rank == 2:
        return True  # no ace is ever in play: nothing goes on a two
    council = [piles[name].cards for name in COUNCIL]
    for low in TAKES[card]:  # the cards of rank r-1 in the other colour
        if 2 - _on_government(piles, low) - sum(cards.count(low) for cards in council) > 0:
            return False
    return True


def _on_government(piles: Mapping[str, Pile], card: Card) -> int:
    """How many copies of ``card`` are on the Government."""
    return sum(
        len(piles[f].cards) >= card.rank and piles[f].cards[0].suit == card.suit for f in FOUND
    )
