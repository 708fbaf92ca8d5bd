"""The Zodiac's solver hooks (docs/rules/zodiac.md, "The solver's pruning").

Each pruning rule is checked on a position where it fires and one where it must not,
and the whole ``dead`` hook is cross-checked against the search without it.
"""

from __future__ import annotations

from cadogan.cards import cards
from cadogan.core import Game, Pile, State, make_state
from cadogan.games._zodiac_rules import EQUATOR, FOUNDATIONS, PACK, TALON, ZODIAC, building
from cadogan.games._zodiac_solve import (
    building_dead,
    clearable,
    least_leftover,
    suit_packets,
)
from cadogan.games.zodiac import Zodiac
from cadogan.solve import solve

GAME = Zodiac()
FULL_UP = "A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s}"
FULL_DOWN = "K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s} A{s}"


class Unpruned(Zodiac):
    """The game without the dead hook: the search's verdict before this pruning."""

    dead = Game.dead


def position(
    zodiac: dict[int, str], equator: dict[int, str], found: dict[int, str], pack_cards: str = ""
) -> State:
    """A position from text; piles not named are empty, the pack is written bottom first."""
    piles = {name: Pile() for name in (*EQUATOR, *ZODIAC, *FOUNDATIONS)}
    for names, given in ((ZODIAC, zodiac), (EQUATOR, equator), (FOUNDATIONS, found)):
        for n, text in given.items():
            piles[names[n - 1]] = Pile.face_up(cards(text))
    piles[PACK] = Pile.face_down(cards(pack_cards))
    piles[TALON] = Pile()
    return make_state("zodiac", 1, piles, phase="marry" if pack_cards else "build")


def three_suits_done() -> dict[int, str]:
    """Clubs, diamonds and spades complete on both rows; hearts not begun."""
    found = {}
    for i, s in enumerate("cds"):
        found[1 + i] = FULL_UP.format(s=s)
        found[5 + i] = FULL_DOWN.format(s=s)
    return found


def test_phase_two_dead_when_a_suit_is_blocked() -> None:
    """Phase two splits by suit: K♥ over Q♥ with the ascending hearts at J blocks."""
    found = three_suits_done()
    found[4] = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh"
    found[8] = "Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h"
    blocked = position({1: "Qh Kh"}, {1: "2h", 2: "Ah"}, found)
    assert GAME.moves(blocked) and GAME.dead(blocked)
    assert not clearable(11, 3, ((12, 13),), (1, 2))
    free = position({1: "Kh Qh"}, {1: "2h", 2: "Ah"}, found)
    assert not GAME.dead(free)
    assert clearable(11, 3, ((13, 12),), (1, 2))


def test_phase_one_dead_when_leftovers_exceed_the_equator() -> None:
    """Phase one: a suit with no packet leaves all its cards in the Equator (26 > 8)."""
    ring = "Ac 2c 3c 4c 5c 6c 7c 8c Ad 2d 3d 4d 5d 6d 7d 8d Ah 2h 3h 4h 5h 6h 7h 8h"
    singles = dict(enumerate(ring.split(), 1))
    assert GAME.dead(position(singles, {}, {}, pack_cards="As"))
    assert least_leftover((), 9) == 9
    # One spade packet changes everything: a suit that can be walked needs few spares.
    assert least_leftover(((13,),), 9) <= 8


def test_least_leftover_of_whole_walks() -> None:
    """A suit already married into one walk that phase two unwinds needs no spare."""
    down_then_up = tuple(range(13, 0, -1)) + tuple(range(1, 14))
    assert least_leftover((down_then_up,), 9) == 0
    # Aces at the bottom under the whole ascent, then the descent: the top ace plays up,
    # the 2 up ... and the last K: up is full, so it plays down, then Q down: clears.
    up_then_down = tuple(range(1, 14)) + tuple(range(13, 0, -1))
    assert least_leftover((up_then_down,), 9) == 0


def winning_line(deal: int) -> tuple[State, list[State]]:
    """Deal ``deal`` and every position of the solver's winning line from it."""
    start = GAME.deal(deal)
    answer = solve(GAME, start, timeout=600, max_nodes=50_000)
    assert answer.status == "solved"
    states = [start]
    for move in answer.moves:
        states.append(GAME.play(states[-1], move))
    assert GAME.outcome(states[-1]).name == "WON"
    return start, states


def test_dead_never_fires_on_a_winning_line() -> None:
    """Every position of a line that replays to a win can be won, so none is dead."""
    for deal in (1, 3):
        _, states = winning_line(deal)
        assert not any(GAME.dead(s) for s in states)


class PhaseTwoPruned(Zodiac):
    """The game with only the phase-two test: to cross-check the phase-one test on
    positions whose phase two the fully unpruned search could not finish in time."""

    def dead(self, state: State) -> bool:
        return building(state) and building_dead(state)


def _cross_check(plain: Game, states: list[State]) -> list[str]:
    """Each position and every position one move off it, where ``plain`` decides fast:
    the verdict with ``dead`` is the same, and ``dead`` never fires on a won one."""
    verdicts: list[str] = []
    for state in states:
        for s in [state] + [GAME.play(state, m) for m in GAME.moves(state)]:
            if GAME.outcome(s).over:
                continue
            before = solve(plain, s, timeout=600, max_nodes=20_000)
            if not before.decided:
                continue
            assert solve(GAME, s, timeout=600, max_nodes=20_000).status == before.status
            assert not (GAME.dead(s) and before.status == "solved")
            verdicts.append(before.status)
    return verdicts


def test_cross_check_against_the_unpruned_search() -> None:
    """Late positions of a winning line and those one move off them.  Phase two: the
    search with ``dead`` gives the verdicts of the search without it.  Late phase one:
    the same against the search pruned in phase two only (without it phase two of the
    whole ring is out of reach).  Both verdicts occur in each phase."""
    _, states = winning_line(3)
    switch = next(i for i, s in enumerate(states) if s.phase == "build")
    late = [states[-1 - back] for back in (8, 25, 40)]
    verdicts = _cross_check(Unpruned(), late)
    assert {"solved", "unsolvable"} <= set(verdicts)
    verdicts = _cross_check(PhaseTwoPruned(), [states[switch - b] for b in (1, 4)])
    assert {"solved", "unsolvable"} <= set(verdicts)


def reference_least(packets: tuple[tuple[int, ...], ...]) -> int:
    """The backward play of ``least_leftover`` done plainly: every interleaving, every
    packet, no dropped packets, no bounds, no shared tables."""
    memo: dict[tuple[int, int, tuple[tuple[int, ...], ...]], int] = {}

    def least(up: int, down: int, ps: tuple[tuple[int, ...], ...]) -> int:
        if up == 0 and down == 14:
            return 0 if all(p[0] == 0 for p in ps) else 99
        if (up, down, ps) not in memo:
            best = 99
            for rank, nup, ndown in ((up, up - 1, down), (down, up, down + 1)):
                if not 1 <= rank <= 13:
                    continue
                for i, p in enumerate(ps):
                    if p[0] == 0 and abs(p[1] - rank) == 1:
                        after: tuple[int, ...] = (0, rank)
                    elif p[0] == rank:
                        after = p[1:] if len(p) > 1 else (0, rank)
                    else:
                        continue
                    rest = tuple(sorted((*ps[:i], after, *ps[i + 1 :])))
                    best = min(best, least(nup, ndown, rest))
                best = min(best, 1 + least(nup, ndown, ps))
            memo[up, down, ps] = best
        return memo[up, down, ps]

    return least(13, 1, tuple(sorted(packets)))


def test_least_leftover_matches_the_plain_backward_play() -> None:
    """The dropped packets, the availability cut, the bounds from one marriage earlier
    and the shared failure table change nothing: late phase-one positions of a winning
    line give the same least leftover, suit by suit, as the plain backward play."""
    _, states = winning_line(3)
    switch = next(i for i, s in enumerate(states) if s.phase == "build")
    values = []
    for back in (1, 10):
        for packets in suit_packets(states[switch - back]).values():
            if len(packets) > 4:
                continue  # the plain play takes minutes on many packets
            expected = min(reference_least(tuple(packets)), 9)
            assert least_leftover(tuple(sorted(packets)), 9) == expected
            values.append(expected)
    assert max(values) > 0
