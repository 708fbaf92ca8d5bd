"""The beam probe (solve.beam) and its share of a layered game's solve."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

import pytest

from cadogan import registry
from cadogan.cards import Card, Rank, Suit
from cadogan.core import Game, Move, Outcome, Pile, State
from cadogan.solve import solve
from cadogan.solve.beam import (
    DECAY,
    ENDGAME_LEFT,
    ENDGAME_NODES,
    FIRST_WIDTH,
    MAX_WIDTH,
    NOISE,
    Beam,
    Candidate,
    Placed,
    applies,
)
from cadogan.solve.engine import Budget, OutOfTime
from cadogan.solve.players import replays_to_win
from cadogan.solve.probe import Prober
from cadogan.solve.rules import dealt, moves_to
from cadogan.solve.search import _searches
from tests.helpers import plain_only
from tests.solve_toys import Ladder, PackLadder, reachable_win


def beam_line(game: Game, state: State, nodes: int) -> tuple[Move, ...] | None:
    """Run the beam alone from the settled ``state`` for about ``nodes`` positions;
    the whole line from ``state`` when it wins."""
    budget = Budget(game, timeout=60.0)
    settled, forced, legal, result = budget.settle(state)
    if result is not Outcome.ONGOING:  # settled by forced and only moves alone
        return tuple(forced) if result is Outcome.WON else None
    beam = Beam(budget, settled, legal)
    found = beam.step(nodes)
    return None if found is None else (*forced, *found)


def test_the_beam_finds_every_win_of_the_toy_and_claims_none_it_cannot_replay() -> None:
    """On small deals the beam, widening on each restart, reaches every winnable deal;
    each line it reports replays to a win, and it reports nothing on a lost deal."""
    game = PackLadder()
    verdicts = set()
    for deal in range(1, 41):
        start = game.deal(deal)
        if game.outcome(start).over:
            continue
        winnable = reachable_win(game, start)
        line = beam_line(game, start, 3_000)
        verdicts.add(winnable)
        if winnable:
            assert line is not None, f"deal {deal}: the beam missed a win"
            assert replays_to_win(game, start, line)
        else:
            assert line is None, f"deal {deal}: a win claimed on a lost deal"
    assert verdicts == {True, False}


def test_the_layer_is_the_count_of_cards_left_in_the_pack() -> None:
    game = PackLadder()
    start = game.deal(3)
    after = game.play(start, next(m for m in game.moves(start) if m.verb == "deal"))
    assert applies(start) and not applies(Ladder().deal(3))
    assert dealt(after) == dealt(start) + 1


@pytest.mark.parametrize(("game_id", "deal"), [("hemispheres", 4), ("napoleons-square", 23)])
def test_the_beam_wins_real_deals_and_the_lines_replay(game_id: str, deal: int) -> None:
    """Deals the beam wins within a few seconds (measured when written); the lines are
    checked move by move through the rules."""
    game = registry.game(game_id)
    start = game.deal(deal)
    line = beam_line(game, start, 200_000)
    assert line is not None
    assert replays_to_win(game, start, line)


def test_the_exhaustive_search_takes_one_turn_in_late_turns_after_the_early_nodes() -> None:
    """Before the game's ``early_nodes`` the exhaustive search takes every turn
    (alongside the probes); after them, one in its ``late_turns`` (8 for the toy; 1,
    the default, keeps every turn)."""
    slow, plain = Budget(PackLadder(), 1.0), Budget(Ladder(), 1.0)
    every = PackLadder.late_turns
    assert every == 8 and Ladder.late_turns == 1
    assert all(_searches(slow, turn) for turn in range(1, 9))
    slow.nodes = plain.nodes = PackLadder.early_nodes
    late = [_searches(slow, turn) for turn in range(1, 4 * every + 1)]
    assert late.count(True) == 4 and late[every - 1]
    assert all(_searches(plain, turn) for turn in range(1, 9))


def test_a_game_with_no_early_nodes_leaves_the_probes_most_turns_from_the_start() -> None:
    """With ``early_nodes`` 0 the exhaustive search takes one turn in ``late_turns``
    from the first node; the default keeps every turn for the first 50,000."""

    class Prompt(PackLadder):
        early_nodes = 0

    assert PackLadder.early_nodes == 50_000
    prompt, slow = Budget(Prompt(), 1.0), Budget(PackLadder(), 1.0)
    every = Prompt.late_turns
    turns = range(1, 4 * every + 1)
    assert [_searches(prompt, turn) for turn in turns].count(True) == 4
    assert all(_searches(slow, turn) for turn in turns)
    early = {g.id: g.early_nodes for g in registry.all_games() if g.early_nodes != 50_000}
    assert early == {"hemispheres": 0, "napoleons-square": 0, "constitution": 0}


def test_the_three_hard_games_leave_the_probes_most_of_a_long_solve() -> None:
    late = {g.id: g.late_turns for g in registry.all_games() if g.late_turns > 1}
    assert late == {"hemispheres": 8, "napoleons-square": 8, "constitution": 8}


def test_the_portfolio_still_proves_a_layered_deal_lost() -> None:
    """The toy's lost deals are still decided by the exhaustive search."""
    game = PackLadder()
    lost = [d for d in range(1, 41) if not reachable_win(game, game.deal(d))]
    assert lost
    for deal in lost:
        assert solve(game, game.deal(deal), timeout=30).status == "unsolvable"


@plain_only
def test_the_next_layer_is_the_best_positions_the_dead_test_does_not_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Children are settled without the ``dead`` test; the layer takes the best by
    score among those the test does not cut, and the test is asked of no more of them
    than it takes to fill the layer."""
    game = PackLadder()
    budget = Budget(game, timeout=60.0)
    states = [game.deal(d) for d in range(1, 5)]
    beam = Beam(budget, states[0], game.moves(states[0]))
    beam.width = 2
    asked: list[str] = []

    def doomed(state: State, key: object = None) -> bool:
        asked.append(str(key))
        return key == "b"

    monkeypatch.setattr(budget, "doomed", doomed)
    scores = {"a": 5.0, "b": 9.0, "c": 1.0, "d": 7.0}
    ahead: dict[Hashable, Candidate] = {
        k: (-v, i, states[i], (), (None, ())) for i, (k, v) in enumerate(scores.items())
    }
    layer = beam._best(ahead)
    assert [position[0] for position in layer] == [states[3], states[0]]  # d, a
    assert asked == ["b", "d", "a"]


def test_the_beam_stops_with_the_clock() -> None:
    game = registry.game("hemispheres")
    budget = Budget(game, timeout=0.0)
    settled, _, legal, _ = Budget(game, 5.0).settle(game.deal(3))
    beam = Beam(budget, settled, legal)
    with pytest.raises(OutOfTime):
        beam.step(10_000)


def test_the_widest_runs_add_seeded_noise_so_they_differ() -> None:
    """Each run that fails widens the beam; once a run at MAX_WIDTH has failed, runs
    would repeat, so noise comes in.  Shown on a lost toy deal, where every run fails."""
    game = PackLadder()
    deal = next(d for d in range(1, 41) if not reachable_win(game, game.deal(d)))
    budget = Budget(game, timeout=60.0)
    settled, _, legal, result = budget.settle(game.deal(deal))
    assert result is Outcome.ONGOING
    beam = Beam(budget, settled, legal, seed=7)
    assert beam.step(200) is None and beam.noise == 0.0 and beam.width < MAX_WIDTH
    widths = [FIRST_WIDTH]
    while beam.width < MAX_WIDTH:
        assert beam.step(1) is None  # node by node, to stop as soon as the width is reached
        if beam.width != widths[-1]:
            widths.append(beam.width)
    assert widths == [FIRST_WIDTH << k for k in range(len(widths))]  # doubling each time
    assert beam.noise == 0.0  # the first run at the widest has not failed yet
    while beam.noise == 0.0:
        assert beam.step(200) is None
    assert beam.noise == NOISE and beam.width == MAX_WIDTH


def test_a_layered_game_without_a_pack_gets_no_beam() -> None:
    """The beam needs a ``pack`` to count layers by; without one it would never turn a
    layer, so the prober leaves it out even when the game says it is layered."""

    class Packless(Ladder):
        layered = True

    for game, wanted in ((Packless(), False), (PackLadder(), True)):
        budget = Budget(game, timeout=5.0)
        state = game.deal(9)
        prober = Prober(budget, state, game.moves(state), seed=1, cap=100)
        assert (prober.beam is not None) is wanted


@plain_only
def test_a_game_sets_the_beams_share_of_the_probe_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The beam takes all the probes' turns but one in the game's ``beam_turns``: every
    other turn by default, seven in eight in the Hemispheres and Napoleon's Square
    (measured there)."""

    class Wide(PackLadder):
        beam_turns = 8

    assert registry.game("hemispheres").beam_turns == 8
    assert registry.game("napoleons-square").beam_turns == 8
    for game, wanted in ((PackLadder(), 8), (Wide(), 14)):
        state = game.deal(9)
        prober = Prober(Budget(game, 5.0), state, game.moves(state), seed=1, cap=100)
        assert prober.beam is not None
        quotas: list[int] = []
        monkeypatch.setattr(prober.beam, "step", quotas.append)
        for _ in range(16):
            prober.step(10)
        assert len(quotas) == wanted


class BlamingLadder(PackLadder):
    """The toy with the beam's learning on, a point per unit of blame."""

    beam_blame = 1.0


def _with_talon(state: State, ranks: list[int]) -> State:
    return state.with_piles({"talon": Pile.face_up([Card(Rank(r), Suit.HEARTS) for r in ranks])})


def _lost_toy_beam(game: Game) -> Beam:
    deal = next(d for d in range(1, 41) if not reachable_win(game, game.deal(d)))
    budget = Budget(game, timeout=60.0)
    settled, _, legal, result = budget.settle(game.deal(deal))
    assert result is Outcome.ONGOING
    return Beam(budget, settled, legal)


def test_a_dead_runs_last_layer_blames_the_cards_left_on_its_talons() -> None:
    """Each position of the last layer hands a share of one unit to every card of its
    talon; at the next death the old blame keeps half its weight."""
    beam = _lost_toy_beam(BlamingLadder())
    start = beam.rules.roots()[0][0]
    layer = [
        (_with_talon(start, [5, 7]), (), (None, ())),
        (_with_talon(start, [5]), (), (None, ())),
    ]
    beam.learn(layer)
    five, seven, nine = (Card(Rank(r), Suit.HEARTS) for r in (5, 7, 9))
    assert beam.blame == {five: 1.0, seven: 0.5}
    beam.learn([(_with_talon(start, [9]), (), (None, ()))])
    assert beam.blame == {five: 1.0 * DECAY, seven: 0.5 * DECAY, nine: 1.0}


def test_later_runs_mark_down_a_talon_by_the_blame_on_its_cards() -> None:
    """The penalty is ``beam_blame`` points per unit of blame on the talon's cards;
    cards without blame, and a position without blame learnt, cost nothing."""
    beam = _lost_toy_beam(BlamingLadder())
    start = beam.rules.roots()[0][0]
    assert beam.penalty(_with_talon(start, [5, 7])) == 0.0
    beam.learn(
        [(_with_talon(start, [5, 7]), (), (None, ())), (_with_talon(start, [5]), (), (None, ()))]
    )
    assert beam.penalty(_with_talon(start, [5, 7, 8])) == 1.5
    assert beam.penalty(_with_talon(start, [8])) == 0.0
    beam.blame_weight = 4.0
    assert beam.penalty(_with_talon(start, [7])) == 2.0


def test_the_beam_learns_only_in_a_game_that_asks_for_it() -> None:
    """On a lost toy deal every run dies: with ``beam_blame`` the runs learn blame on
    talon cards; without it (the default) they learn nothing and score as the game."""
    blaming, plain = _lost_toy_beam(BlamingLadder()), _lost_toy_beam(PackLadder())
    assert blaming.step(2_000) is None and plain.step(2_000) is None
    assert blaming.width > 8 and plain.width > 8  # runs have died
    piles = blaming.rules.roots()[0][0].piles
    reserve = {*piles["pack"].cards, *piles["talon"].cards}  # no other card reaches the talon
    assert blaming.blame and set(blaming.blame) <= reserve
    assert plain.blame == {}


def test_napoleons_square_alone_has_the_beam_learn() -> None:
    learning = {g.id: g.beam_blame for g in registry.all_games() if g.beam_blame}
    assert learning == {"napoleons-square": 1.0}


def _diverse_layer(monkeypatch: pytest.MonkeyPatch, facts: dict[str, int]) -> list[str]:
    """The layer of width 4, half of it kept for novelty, chosen from the candidates
    named by ``facts`` (best score first, each showing one fact), by their names."""
    game = PackLadder()
    budget = Budget(game, timeout=60.0)
    start = game.deal(1)
    beam = Beam(budget, start, game.moves(start))
    beam.width, beam.novel_share = 4, 0.5
    states = {name: _with_talon(start, [i + 2]) for i, name in enumerate(facts)}
    names = {state: name for name, state in states.items()}
    monkeypatch.setattr(budget, "doomed", lambda state, key=None: False)
    monkeypatch.setattr(budget.game, "facts", lambda state, since=None: [facts[names[state]]])
    ahead: dict[Hashable, Candidate] = {
        name: (-10.0 + i, i, state, (), (None, ()))
        for i, (name, state) in enumerate(states.items())
    }
    return [names[position[0]] for position in beam._best(ahead)]


@plain_only
def test_a_layer_kept_partly_for_novelty_takes_the_best_then_the_novel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``beam_novelty``: the best by score fill all but that share of the layer, novel
    or not; then come the positions that show a fact none taken before them showed,
    best first; then, if room is left, the rest by score."""
    novel = {"a": 1, "b": 1, "c": 1, "d": 2, "e": 2, "f": 3}
    assert _diverse_layer(monkeypatch, novel) == ["a", "b", "d", "f"]
    few = {"a": 1, "b": 1, "c": 1, "d": 2, "e": 2, "f": 1}
    assert _diverse_layer(monkeypatch, few) == ["a", "b", "d", "c"]


def test_the_two_games_dealt_card_by_card_keep_part_of_their_beam_layers_for_novelty() -> None:
    kept = {g.id: g.beam_novelty for g in registry.all_games() if g.beam_novelty}
    assert kept == {"napoleons-square": 0.25, "hemispheres": 0.5}


def test_napoleons_square_facts_say_where_each_card_lies_and_on_what() -> None:
    """Every card of the packets and the talon, with its pile and the card under it;
    none of the foundations or the pack."""
    game = registry.game("napoleons-square")
    state = game.deal(3)
    piles = state.piles
    state = state.with_piles({"talon": Pile.face_up(piles["pack"].cards[:2])})
    found = set(game.facts(state))
    packet = piles["packet5"].cards
    assert ("packet5", packet[0], None) in found and ("packet5", packet[1], packet[0]) in found
    talon = state.piles["talon"].cards
    assert ("talon", talon[1], talon[0]) in found
    assert len(list(game.facts(state))) == 48 + 2
    places = {fact[0] for fact in found if isinstance(fact, tuple)}
    assert places == {*(f"packet{n}" for n in range(1, 13)), "talon"}


def test_the_hemispheres_facts_say_in_which_race_or_on_what_talon_card_a_card_lies() -> None:
    """Every card of the circle and the talon, with its Race (the three positions of
    a Race are one place, as in the key) or the talon, and the card under it; none of
    the foundations, the barriers or the pack."""
    game = registry.game("hemispheres")
    state = game.deal(17)
    piles = state.piles
    state = state.with_piles({"talon": Pile.face_up(piles["pack"].cards[:2])})
    found = set(game.facts(state))
    assert ("european", piles["european1"].cards[0], None) in found
    assert ("african", piles["african3"].cards[0], None) in found
    talon = state.piles["talon"].cards
    assert ("talon", talon[0], None) in found and ("talon", talon[1], talon[0]) in found
    assert len(list(game.facts(state))) == 12 + 2
    places = {fact[0] for fact in found if isinstance(fact, tuple)}
    assert places == {"european", "asiatic", "australian", "african", "talon"}
    within = state.with_piles({"european1": piles["european2"], "european2": piles["european1"]})
    assert set(game.facts(within)) == found, "a Race's positions are one place"
    across = state.with_piles({"european1": piles["asiatic3"], "asiatic3": piles["european1"]})
    assert set(game.facts(across)) != found, "but the Races are not"


def test_a_talons_remembered_blame_is_forgotten_when_a_run_dies() -> None:
    """The penalty remembers each talon's blame, but a new death changes the blame,
    so the remembered sums are dropped and the penalty follows the new blame."""
    beam = _lost_toy_beam(BlamingLadder())
    start = beam.rules.roots()[0][0]
    talon = _with_talon(start, [5, 7])
    beam.learn([(talon, (), (None, ()))])
    assert beam.penalty(talon) == 2.0
    beam.learn([(_with_talon(start, [9]), (), (None, ()))])
    assert beam.penalty(talon) == 2.0 * DECAY


def test_a_line_kept_as_a_chain_reads_back_in_order() -> None:
    """The beam and the best-first probe keep each position's line as a chain of nodes
    (the parent's node and the moves since), so siblings share the common part;
    ``moves_to`` reads it back from the root."""
    root = (None, ("a",))
    child = (root, ("b", "c"))
    assert moves_to(None) == ()
    assert moves_to(root) == ("a",)
    assert moves_to((child, ("d",))) == ("a", "b", "c", "d")
    assert moves_to((child, ())) == ("a", "b", "c")


def _root_placed(beam: Beam) -> Placed:
    """The beam's first root as a layer position (its line as a chain)."""
    state, legal, line = beam.rules.roots()[0]
    return state, legal, (None, tuple(line))


def test_the_endgame_try_reports_the_exhaustive_searchs_win_whole() -> None:
    """The endgame try from a position searches exhaustively, and a win it finds is the
    beam's, with the line from the solve's root (here the position itself: Napoleon's
    Square's deal 6, which the exhaustive search wins in 1,069 positions, within the
    try's cap at width 128), replaying to a win through Game.play."""
    game = registry.game("napoleons-square")
    budget = Budget(game, timeout=60.0)
    root, forced, legal, _ = budget.settle(game.deal(6))
    beam = Beam(budget, root, legal)
    beam.width = 128
    for _ in beam._finish(_root_placed(beam)):
        pass
    assert beam.found is not None
    assert replays_to_win(game, game.deal(6), (*forced, *beam.found))


def test_the_endgame_try_stops_at_its_cap_without_a_win() -> None:
    """At width 8 the try may spend 12 x 8 positions (and the slice it was in): from
    Napoleon's Square's deal 7, which no search wins that soon, it stops there."""
    game = registry.game("napoleons-square")
    budget = Budget(game, timeout=60.0)
    root, _, legal, _ = budget.settle(game.deal(7))
    beam = Beam(budget, root, legal)
    before = budget.nodes
    for _ in beam._finish(_root_placed(beam)):
        pass
    assert beam.found is None
    assert ENDGAME_NODES * FIRST_WIDTH <= budget.nodes - before < (ENDGAME_NODES + 8) * 8


def test_the_endgame_try_is_made_from_late_layers_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the best position of a layer with at most ENDGAME_LEFT cards left in the
    pack gets a try (the Hemispheres' deal 3, two runs of the beam)."""
    game = registry.game("hemispheres")
    budget = Budget(game, timeout=60.0)
    root, _, legal, _ = budget.settle(game.deal(3))
    beam = Beam(budget, root, legal)
    tried: list[int] = []
    finish = Beam._finish

    def spy(self: Beam, position: Placed) -> Iterator[None]:
        tried.append(-self.rules.dealt(position[0]))
        return finish(self, position)

    monkeypatch.setattr(Beam, "_finish", spy)
    beam.step(20_000)
    assert tried and max(tried) <= ENDGAME_LEFT
