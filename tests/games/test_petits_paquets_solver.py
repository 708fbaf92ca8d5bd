"""Les Petits Paquets: the solver's pruning (src/cadogan/games/_petits_paquets_solve.py).

Each rule is tested where it fires and where it must not, and the search with the rules
is cross-checked against the search without them.  The rules and their proofs are in
docs/rules/petits-paquets.md, "The solver's pruning".
"""

from __future__ import annotations

import random

from cadogan.core import Game, Move, State, action, transfer
from cadogan.games import _petits_paquets_solve as solver
from cadogan.games._petits_paquets_rules import FOUNDATIONS
from cadogan.games.petits_paquets import PetitsPaquets
from cadogan.solve import solve
from tests.games.test_petits_paquets import build

G = PetitsPaquets()
NEVER = PetitsPaquets(play_during_deal="never")
HEARTS_UP = "Ah 2h 3h 4h"  # found3 wants 5h
HEARTS_DOWN_PAST = "Qh Jh Th 9h 8h 7h 6h 5h 4h"  # found7 holds a 5h and wants 3h


class Plain(PetitsPaquets):
    """The game without the pruning: only the single legal move is safe, nothing dead."""

    dead = Game.dead
    prune = Game.prune

    def safe(self, state: State) -> Move | None:
        legal = self.moves(state)
        return legal[0] if len(legal) == 1 else None


def test_safe_play_when_the_twin_is_on_the_other_foundation() -> None:
    """Safe play: 5h fits found3, hearts cannot exchange, the other 5h is on found7."""
    state = build(found3=HEARTS_UP, found7=HEARTS_DOWN_PAST, packet1="9c 5h", packet2="Ac")
    assert G.safe(state) == transfer("packet1", "found3")


def test_no_safe_play_when_the_twin_could_be_played_instead() -> None:
    """Safe play, twin condition: the other 5h at a packet top might be the one to play."""
    state = build(found3=HEARTS_UP, packet1="9c 5h", packet3="5h", packet2="Ac")
    assert solver.safe_play(state) is None
    spread = build(found3=HEARTS_UP, packet1="9c 5h", packet13="5h", packet2="Ac")
    assert solver.safe_play(spread) is None


def test_safe_play_when_the_twin_is_held() -> None:
    """Safe play, twin condition: the other 5h is an exile, or lies under a card of its
    suit that cannot be played before a five, or both copies are in packet 13 where
    taking either leaves the same packet (side by side, or with no re-deal left; apart,
    with a re-deal left, which copy stays is a choice, and the play is not safe)."""
    exiled = build(found3=HEARTS_UP, packet1="9c 5h", packet2="Ac", exiles="5h")
    assert G.safe(exiled) == transfer("packet1", "found3")
    under = build(found3=HEARTS_UP, packet1="9c 5h", packet3="5h 3h", packet2="Ac")
    assert G.safe(under) == transfer("packet1", "found3")
    both = build(found3=HEARTS_UP, packet13="9c 5h 5h", packet2="Ac")
    assert G.safe(both) == action("take", "5h", "found3")
    last_deal = build(found3=HEARTS_UP, packet13="5h 9c 5h", packet2="Ac", redeals=0)
    assert G.safe(last_deal) == action("take", "5h", "found3")
    apart = build(found3=HEARTS_UP, packet13="5h 9c 5h", packet2="Ac")
    assert solver.safe_play(apart) is None


def test_no_safe_play_when_the_twin_lies_under_a_card_that_can_go_first() -> None:
    """Safe play, twin condition: 7c over the other 5h fits now, so the 5h may surface."""
    state = build(found3=HEARTS_UP, found1="Ac 2c 3c 4c 5c 6c", packet1="9c 5h", packet3="5h 7c")
    assert solver.safe_play(state) is None
    # The hearts six over it could go to a descending foundation taken down to seven.
    six = build(found3=HEARTS_UP, found7="Qh Jh Th 9h 8h 7h", packet1="9c 5h", packet3="5h 6h")
    assert solver.safe_play(six) is None


def test_no_safe_play_when_the_suit_can_exchange_or_outside_the_play_phase() -> None:
    """Safe play: not when the suit is exchangeable, nor in the deal phase."""
    swap = build(found3=HEARTS_UP, found7="Qh Jh Th 9h 8h 7h 6h 5h", packet1="9c 5h", exiles="5h")
    assert solver.safe_play(swap) is None
    dealing = build(
        found3=HEARTS_UP, found7=HEARTS_DOWN_PAST, packet1="9c 5h", phase="deal", pack="2c"
    )
    assert solver.safe_play(dealing) is None


SPADES_UP = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs"  # complete
SPADES_DOWN = "Qs Js Ts"  # wants 9s next: the spades overlap, each still out has one place
SPADES_BETWEEN = "8s 7s 6s 5s 4s"  # the spades between 9s and 3s, free in packet 13


def test_dead_when_a_card_lies_over_one_it_must_follow() -> None:
    """Dead: last deal, no exile; 3s must follow 9s on found8 but lies on top of it."""
    state = build(
        found4=SPADES_UP, found8=SPADES_DOWN, packet5="9s 3s", packet13=SPADES_BETWEEN, redeals=0
    )
    assert G.dead(state)
    # Through another suit's card: 4s (which must follow 5s) lies under Ac under 5s.
    chain = build(
        found4=SPADES_UP, found8=SPADES_DOWN, packet2="5s Ac 4s", packet13="9s", redeals=0
    )
    assert G.dead(chain)


def test_not_dead_when_the_order_can_still_be_kept() -> None:
    """Dead must not fire: the right order on top, a re-deal left, or a chain able to
    reach the packet (an exile five)."""
    fine = build(
        found4=SPADES_UP, found8=SPADES_DOWN, packet5="3s 9s", packet13=SPADES_BETWEEN, redeals=0
    )
    assert not G.dead(fine)
    redeal = build(
        found4=SPADES_UP, found8=SPADES_DOWN, packet5="9s 3s", packet13=SPADES_BETWEEN, redeals=1
    )
    assert not G.dead(redeal)
    chain = build(
        found4=SPADES_UP,
        found8=SPADES_DOWN,
        packet5="9s 3s",
        packet13=SPADES_BETWEEN,
        exiles="5d",
        redeals=0,
    )
    assert not G.dead(chain)
    # A chain that can only reach packet 7 (a seven exiled, nothing in packet 7).
    far = build(
        found4=SPADES_UP,
        found8=SPADES_DOWN,
        packet5="9s 3s",
        packet13=SPADES_BETWEEN,
        exiles="7d",
        redeals=0,
    )
    assert G.dead(far)
    # Through packet 7, whose five could travel to packet 5.
    via = build(
        found4=SPADES_UP,
        found8=SPADES_DOWN,
        packet5="9s 3s",
        packet13=SPADES_BETWEEN,
        packet7="5c",
        exiles="7d",
        redeals=0,
    )
    assert not G.dead(via)


def test_not_dead_when_the_suit_does_not_overlap() -> None:
    """Dead: the rule needs overlapping foundations; a gap suit's cards have two homes."""
    state = build(
        found4="As 2s",
        found8=SPADES_DOWN,
        packet5="9s 3s",
        packet13=SPADES_BETWEEN,
        packet6="3s 9s",
        redeals=0,
    )
    assert not G.dead(state)


HEARTS_SPLIT = {"found3": "Ah 2h 3h 4h", "found7": "Qh Jh Th 9h 8h 7h 6h 5h"}  # a 4, d 5
RAISE, LOWER = transfer("found7", "found3"), transfer("found3", "found7")


def _exchanges(moves: tuple[Move, ...]) -> set[Move]:
    """The exchanges among ``moves``."""
    return {m for m in moves if m.args[:1] and m.args[0] in FOUNDATIONS}


def _kept_swaps(state: State) -> set[Move]:
    """The exchanges among the moves that ``prune`` keeps (both directions are legal)."""
    legal = G.moves(state)
    assert {RAISE, LOWER} <= set(legal)
    return _exchanges(G.prune(state, legal))


def test_prune_keeps_exchanges_towards_an_available_card_of_the_suit() -> None:
    """Prune, last stretch (no exile, no re-deal): the hearts boundary stands at 4; an
    exchange is kept only towards a boundary where an available heart fits."""
    high = build(HEARTS_SPLIT, packet1="9h", packet2="9c", redeals=0)
    assert _kept_swaps(high) == {RAISE}  # the 9h fits at 8 or 9
    low = build(HEARTS_SPLIT, packet1="2h", packet2="9c", redeals=0)
    assert _kept_swaps(low) == {LOWER}  # the 2h fits at 1 or 2
    both = build(HEARTS_SPLIT, packet1="2h", packet13="9h", redeals=0)
    assert _kept_swaps(both) == {RAISE, LOWER}
    plays = [m for m in G.moves(both) if m not in (RAISE, LOWER)]
    assert set(plays) <= set(G.prune(both, G.moves(both)))  # plays are never left out


def test_prune_keeps_every_exchange_while_an_exile_is_left() -> None:
    """Prune: an exile's chain stops at the first card that fits, so while one is left
    the boundary may matter anywhere; no exchange is left out."""
    state = build(HEARTS_SPLIT, packet1="9h", packet9="7h 3d", exiles="9c", redeals=0)
    assert _kept_swaps(state) == {RAISE, LOWER}


def test_prune_keeps_a_way_to_a_boundary_from_which_to_redeal() -> None:
    """Prune, no exile but a re-deal left: a re-deal needs nothing to fit, so with the
    Qh fitting at the boundary 11 a lowering exchange is kept; without a re-deal it is
    not."""
    up, down = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh", "Qh"
    redeal = build(found3=up, found7=down, packet1="Qh", redeals=1)
    last = build(found3=up, found7=down, packet1="Qh", redeals=0)
    assert _kept_swaps(redeal) == {RAISE, LOWER}
    assert _kept_swaps(last) == {RAISE}  # only towards 12, where the Qh fits too


def _late_positions(mode: str, deal: int, every: int, redeals: int) -> list[State]:
    """Every ``every``-th position of the play phase once at most ``redeals`` re-deals
    are left, in a seeded, play-loving random game."""
    game = PetitsPaquets(play_during_deal=mode)
    rng = random.Random(deal)
    state, step, found = game.deal(deal), 0, []
    while not game.outcome(state).over:
        legal = game.moves(state)
        plays = [
            m
            for m in legal
            if m.verb == "take" or (m.verb == "move" and m.args[0] not in FOUNDATIONS)
        ]
        pick = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
        state, step = game.play(state, pick), step + 1
        if state.num("redeals") <= redeals and state.phase == "play" and step % every == 0:
            found.append(state)
    return found


def test_cross_check_against_the_unpruned_search() -> None:
    """Cross-check: on positions of the second and last deals the pruned and the
    unpruned search agree (both verdicts; only positions the unpruned search decides)."""
    verdicts: dict[str, int] = {}
    for mode, deal, every, redeals in (
        ("never", 18, 5, 1),
        ("never", 16, 5, 1),
        ("card", 22, 9, 0),
    ):
        for state in _late_positions(mode, deal, every, redeals):
            plain = solve(Plain(play_during_deal=mode), state, timeout=600, max_nodes=20_000)
            if not plain.decided:
                continue
            pruned = solve(
                PetitsPaquets(play_during_deal=mode), state, timeout=600, max_nodes=40_000
            )
            assert pruned.status == plain.status, (mode, deal)
            verdicts[plain.status] = verdicts.get(plain.status, 0) + 1
    assert verdicts.get("solved", 0) >= 10 and verdicts.get("unsolvable", 0) >= 10, verdicts


class Counting(PetitsPaquets):
    """The game, counting the moves its ``prune`` leaves out."""

    dropped = 0

    def prune(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        kept = super().prune(state, moves)
        Counting.dropped += len(moves) - len(kept)
        return kept


def test_cross_check_the_exchange_prune_against_the_unpruned_search() -> None:
    """Cross-check, prune: on positions of the last deal where the pruned search left
    exchanges out, it agrees with the unpruned search (positions both decide)."""
    verdicts: dict[str, int] = {}
    counting, plain_game = Counting(play_during_deal="never"), Plain(play_during_deal="never")
    for deal in range(1, 7):
        for state in _late_positions("never", deal, 5, 0):
            Counting.dropped = 0
            pruned = solve(counting, state, timeout=600, max_nodes=20_000)
            if not Counting.dropped or not pruned.decided:
                continue
            plain = solve(plain_game, state, timeout=600, max_nodes=20_000)
            if plain.decided:
                assert pruned.status == plain.status, deal
                verdicts[plain.status] = verdicts.get(plain.status, 0) + 1
    assert verdicts.get("solved", 0) >= 5 and verdicts.get("unsolvable", 0) >= 8, verdicts


class PruneOnly(Plain):
    """The game with only its ``prune`` (no safe plays, no ``dead``), counting drops."""

    dropped = 0

    def prune(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        kept = PetitsPaquets.prune(self, state, moves)
        PruneOnly.dropped += len(moves) - len(kept)
        return kept


RANKS = "A23456789TJQ"


def _end_game(rng: random.Random) -> State:
    """A random end of the play phase, no exile left: one or two suits exchangeable at a
    random boundary, the others home, their twelve cards each spread over a few packets."""
    layout: dict[str, str] = {}
    out: list[str] = []
    suits = rng.sample(range(4), 4)
    loose = rng.choice((1, 1, 2))
    for i, suit in enumerate(suits):
        letter = "cdhs"[suit]
        a = rng.randint(0, 12) if i < loose else 12
        layout[f"found{suit + 1}"] = " ".join(r + letter for r in RANKS[:a])
        layout[f"found{suit + 5}"] = " ".join(
            r + letter for r in reversed(RANKS[a if i < loose else 0 :])
        )
        out += [r + letter for r in RANKS] if i < loose else []
    rng.shuffle(out)
    packets = rng.sample([f"packet{n}" for n in range(1, 14)], rng.randint(2, 4))
    for card in out:
        name = rng.choice(packets)
        layout[name] = f"{layout.get(name, '')} {card}".strip()
    return build(layout, redeals=rng.choice((0, 1, 1, 2)), mode=rng.choice(("card", "never")))


def test_cross_check_the_exchange_prune_on_random_end_games() -> None:
    """Cross-check, prune: on random end games with exchangeable suits (made so that the
    prune has much to leave out), the search with only the prune agrees with the
    unpruned search wherever both decide."""
    rng, verdicts, pruned_at = random.Random(7), {"solved": 0, "unsolvable": 0}, 0
    for _ in range(120):
        state = _end_game(rng)
        mode = state.options["play_during_deal"]
        plain = solve(Plain(play_during_deal=mode), state, timeout=600, max_nodes=15_000)
        PruneOnly.dropped = 0
        pruned = solve(PruneOnly(play_during_deal=mode), state, timeout=600, max_nodes=15_000)
        if plain.decided and pruned.decided:
            assert pruned.status == plain.status, state
            verdicts[plain.status] += 1
            pruned_at += PruneOnly.dropped > 0
    assert min(verdicts.values()) >= 10 and pruned_at >= 30, (verdicts, pruned_at)


def test_whole_deals_under_never_keep_their_verdicts() -> None:
    """Cross-check: deals the unpruned search decides keep their verdict (never)."""
    for deal, status in ((2, "solved"), (4, "solved"), (11, "solved")):
        assert (
            solve(
                Plain(play_during_deal="never"), NEVER.deal(deal), timeout=600, max_nodes=100_000
            ).status
            == status
        )
        assert solve(NEVER, NEVER.deal(deal), timeout=600, max_nodes=100_000).status == status
