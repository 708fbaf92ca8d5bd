"""Small synthetic games for testing the solver against brute force.

``Ladder``: the hearts ace to ``size`` dealt face up into ``piles`` piles.  A top card
may go to the foundation (``found1``, building up from the ace) or onto another pile
whose top is one higher; an empty pile takes nothing (``OpenLadder``: any card).
Small enough that a plain breadth-first enumeration of every reachable position
settles each deal, so the solver's verdicts (with its table, only moves and safe
moves) can be checked exactly.
``HiddenLadder`` deals every card but the top face down (turned up when uncovered),
for the honest players.  ``Duel`` is a two-player game with one move at a time.
"""

from __future__ import annotations

from collections.abc import Hashable

from cadogan.cards import Card, Rank, Suit, shuffled
from cadogan.core import Game, Move, Outcome, Pile, State, action, make_state, transfer

FOUND = "found1"


class Ladder(Game):
    """Build the hearts from the ace on one foundation, moving single cards down."""

    id = "ladder"
    name = "Ladder"
    size = 8
    piles = 3
    hidden = False
    spaces = False  # may an empty pile take any card?

    def deal(self, number: int) -> State:
        order = shuffled([Card(Rank(r), Suit.HEARTS) for r in range(1, self.size + 1)], number)
        piles: dict[str, Pile] = {}
        for i in range(self.piles):
            cards = order[i :: self.piles]
            pile = Pile.face_down(cards).turned_up() if self.hidden else Pile.face_up(cards)
            piles[f"pile{i + 1}"] = pile
        piles[FOUND] = Pile()
        return make_state(self.id, number, piles)

    def names(self, state: State) -> list[str]:
        return [n for n in state.piles if n != FOUND]

    def moves(self, state: State) -> tuple[Move, ...]:
        if self.outcome(state).over:
            return ()
        return tuple(m for m in self._candidates(state) if self._ok(state, m))

    def _candidates(self, state: State) -> list[Move]:
        names = self.names(state)
        found = [transfer(a, FOUND) for a in names]
        return found + [transfer(a, b) for a in names for b in names if a != b]

    def _ok(self, state: State, move: Move) -> bool:
        src, dst = state[move.args[0]], state[move.args[1]]
        if src.top is None:
            return False
        if move.target != FOUND and dst.top is None:
            return self.spaces and len(src) > 1
        want = len(dst) + 1 if move.target == FOUND else dst.top.rank - 1 if dst.top else 0
        return int(src.top.rank) == want

    def play(self, state: State, move: Move) -> State:
        self.require(state, move)
        card, rest = state[move.args[0]].pop()
        return state.with_piles(
            {move.args[0]: rest.turned_up(), move.args[1]: state[move.args[1]].push(card)}
        )

    def outcome(self, state: State) -> Outcome:
        if len(state[FOUND]) == self.size:
            return Outcome.WON
        if not any(self._ok(state, m) for m in self._candidates(state)):
            return Outcome.LOST
        return Outcome.ONGOING


class SafeLadder(Ladder):
    """Ladder with a safe move and a key merging piles, as a game would supply them.

    Safe: a card playable to the foundation.  Sound here because the foundation is
    the only place a card leaves the game from, a played card is never needed
    (nothing builds on a card below it in rank except its successor, which then
    goes to the foundation too), and moving it frees its pile.
    Key: the piles are interchangeable, so the multiset of piles is the key.
    """

    id = "safe-ladder"

    def safe(self, state: State) -> Move | None:
        for name in self.names(state):
            move = transfer(name, FOUND)
            if self._ok(state, move):
                return move
        return None

    def key(self, state: State) -> Hashable:
        return (len(state[FOUND]), tuple(sorted(state[n].cards for n in self.names(state))))


class DeadLadder(Ladder):
    """Ladder with a ``dead`` hook, as a game would supply one.

    Dead: some pile holds a card ``a`` above a lower card ``b`` while ``a + 1`` is
    either beyond the top rank or lies under ``a`` in the same pile.  Then ``a`` can
    leave its pile neither for the foundation (which needs ``b`` first, and ``b`` is
    under ``a``) nor onto ``a + 1`` (which is under ``a`` or does not exist), so ``b``
    is never freed and the hearts can never all be built.
    """

    id = "dead-ladder"

    def dead(self, state: State) -> bool:
        for name in self.names(state):
            ranks = [int(card.rank) for card in state[name].cards]
            for i, a in enumerate(ranks):
                below = ranks[:i]
                if any(b < a for b in below) and (a == self.size or a + 1 in below):
                    return True
        return False


class OpenLadder(Ladder):
    """Ladder with four piles whose spaces take any card: cycles and transpositions."""

    id = "open-ladder"
    size = 6
    piles = 4
    spaces = True


class HiddenLadder(Ladder):
    """Ladder with every card but the tops face down."""

    id = "hidden-ladder"
    hidden = True


class Duel(Game):
    """Two players take turns turning cards from their piles; no choices."""

    id = "duel"
    name = "Duel"
    players = 2

    def deal(self, number: int) -> State:
        order = shuffled([Card(Rank(r), s) for r in range(1, 5) for s in Suit], number)
        piles = {"hand1": Pile.face_down(order[:8]), "hand2": Pile.face_down(order[8:])}
        return make_state(self.id, number, {**piles, "table": Pile()})

    def moves(self, state: State) -> tuple[Move, ...]:
        if self.outcome(state).over:
            return ()
        return (action("turn", f"hand{state.turn}"),)

    def play(self, state: State, move: Move) -> State:
        self.require(state, move)
        card, rest = state[move.args[0]].pop()
        after = state.with_piles({move.args[0]: rest, "table": state["table"].push(card)})
        return after.with_turn(3 - state.turn)

    def outcome(self, state: State) -> Outcome:
        if state["hand1"].empty and state["hand2"].empty:
            return (
                Outcome.WON if state["table"].top == Card(Rank.ACE, Suit.SPADES) else Outcome.LOST
            )
        return Outcome.ONGOING


def reachable_win(game: Game, state: State) -> bool:
    """Exhaustive breadth-first enumeration of every reachable position: a win anywhere?"""
    seen = {state}
    frontier = [state]
    while frontier:
        nxt = []
        for current in frontier:
            if game.outcome(current) is Outcome.WON:
                return True
            for move in game.moves(current):
                child = game.play(current, move)
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        frontier = nxt
    return False


class PackLadder(Ladder):
    """Ladder whose last ``size - 2 * piles`` cards wait in a face-down ``pack``.

    ``deal`` turns the pack's top card onto a face-up ``talon``, whose top card may go
    to the foundation or onto a pile one higher, like a pile's top.  Marked ``layered``
    so the solver runs its beam probe (one turn of the pack per layer) on it.
    """

    id = "pack-ladder"
    late_turns = 8
    size = 9
    piles = 3
    layered = True

    def deal(self, number: int) -> State:
        order = shuffled([Card(Rank(r), Suit.HEARTS) for r in range(1, self.size + 1)], number)
        table = 2 * self.piles
        piles = {
            f"pile{i + 1}": Pile.face_up(order[i : table : self.piles]) for i in range(self.piles)
        }
        piles |= {"talon": Pile(), "pack": Pile.face_down(order[table:]), FOUND: Pile()}
        return make_state(self.id, number, piles)

    def names(self, state: State) -> list[str]:
        return [n for n in state.piles if n not in (FOUND, "pack")]

    def _candidates(self, state: State) -> list[Move]:
        names = self.names(state)
        found = [transfer(a, FOUND) for a in names]
        onto = [transfer(a, b) for a in names for b in names if a != b and b != "talon"]
        return found + onto + ([action("deal")] if state["pack"].cards else [])

    def _ok(self, state: State, move: Move) -> bool:
        if move.verb == "deal":
            return bool(state["pack"].cards)
        return super()._ok(state, move)

    def play(self, state: State, move: Move) -> State:
        if move.verb != "deal":
            return super().play(state, move)
        self.require(state, move)
        card, rest = state["pack"].pop()
        return state.with_piles({"pack": rest, "talon": state["talon"].push(card)})


class PrunedLadder(Ladder):
    """Ladder with a ``prune`` hook, as a game would supply one.

    Prune: when a card can go to the foundation, only such plays are tried.  Sound for
    the reason SafeLadder gives: such a play never spoils a win.  ``tried`` counts the
    other moves the search played where a foundation play was possible (none, if the
    solver honours the hook).
    """

    id = "pruned-ladder"
    tried = 0

    def _home(self, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        return tuple(m for m in moves if m.target == FOUND)

    def prune(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        return self._home(moves) or moves

    def play(self, state: State, move: Move) -> State:
        if move.target != FOUND and self._home(self.moves(state)):
            PrunedLadder.tried += 1
        return super().play(state, move)


class BarrenLadder(Ladder):
    """Ladder whose ``prune`` keeps no move: every position not already won is lost."""

    id = "barren-ladder"

    def prune(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        return ()


class GradedLadder(OpenLadder):
    """OpenLadder that allows at most ``limit`` pile-to-pile moves in a row (a play to
    the foundation starts the count again), with a key that keeps the count out of the
    table as a grade, as the Hemispheres' key does with its Race marriages.

    Grade: the count dominates downwards.  It bars a pile-to-pile move only at the
    limit; such a move adds one and a play to the foundation sets it to 0; so from the
    same piles with a lower count every move is legal too and leads to the same piles
    with a count no higher.
    """

    id = "graded-ladder"
    size = 7
    piles = 3
    limit = 3
    grades = True

    def deal(self, number: int) -> State:
        return super().deal(number).with_vars(shifts=0)

    def _ok(self, state: State, move: Move) -> bool:
        if move.target != FOUND and state.num("shifts") >= self.limit:
            return False
        return super()._ok(state, move)

    def play(self, state: State, move: Move) -> State:
        after = super().play(state, move)
        return after.with_vars(shifts=0 if move.target == FOUND else state.num("shifts") + 1)

    def key(self, state: State) -> Hashable:
        piles = tuple(sorted(state[n].cards for n in self.names(state)))
        return (len(state[FOUND]), piles, state.num("shifts"))

    def graded(self, key: Hashable) -> tuple[Hashable, int]:
        assert isinstance(key, tuple)
        return key[:2], key[2]


class UngradedLadder(GradedLadder):
    """GradedLadder whose table holds the whole key, the count included."""

    id = "ungraded-ladder"
    grades = False
