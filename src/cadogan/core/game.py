"""The Game protocol every game module implements, and a base class with the shared parts."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypeVar

from cadogan.core.frozenmap import FrozenMap
from cadogan.core.move import TRANSFER, Move
from cadogan.core.options import OptionSpec, resolve
from cadogan.core.outcome import Outcome
from cadogan.core.state import State, View, player_view
from cadogan.errors import BadState, IllegalMove, quoted

if TYPE_CHECKING:
    from cadogan.cards import Card
    from cadogan.core.fast import FastPlay

R = TypeVar("R")
G = TypeVar("G", bound="Game")


def remember_last(method: Callable[[G, State], R]) -> Callable[[G, State], R]:
    """Remember a per-position method's answer for the last State it was asked about.

    ``play``, ``outcome``, ``safe`` and ``explain`` ask again about the position whose
    moves were just listed.  States are immutable, so the very same object (compared by
    identity, and held here so that its identity cannot be reused) has the same answer.
    """
    slot = f"_last_{method.__name__}"

    @functools.wraps(method)
    def remembered(self: G, state: State) -> R:
        last: tuple[State, R] | None = self.__dict__.get(slot)
        if last is not None and last[0] is state:
            return last[1]
        result = method(self, state)
        self.__dict__[slot] = (state, result)
        return result

    return remembered


@dataclass(frozen=True, slots=True)
class Section:
    """A labelled group of piles, in the order a text or picture lays them out."""

    title: str
    piles: tuple[str, ...]


class Game(ABC):
    """A game of patience: its rules and nothing else (no I/O, no printing).

    Subclasses set the class attributes and implement ``deal``, ``moves``, ``play``
    and ``outcome``.  ``play`` must raise :class:`IllegalMove` with a sentence a
    player can read for any move that ``moves`` does not list.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    players: ClassVar[int] = 1
    packs: ClassVar[int] = 1
    description: ClassVar[str] = ""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    verbs: ClassVar[frozenset[str]] = frozenset()
    idle_piles: ClassVar[frozenset[str]] = frozenset()
    """Piles whose cards take no part in play (the Constitution's Sovereign and court
    cards): a count of the cards still to play leaves them out."""
    # Solver hint: the game is dealt card by card from a pile named ``pack`` and its
    # choices fall between two turns of it, so the beam probe (solve.beam) suits it.
    layered: ClassVar[bool] = False
    # In a layered game the beam takes all the probes' turns but one in ``beam_turns``
    # (the best-first search and the dives share that one).
    beam_turns: ClassVar[int] = 2
    # Past the first ``early_nodes`` nodes of a solve the exhaustive search takes one
    # turn in ``late_turns`` and the probes every turn; 1 keeps it at every turn.  For
    # games whose deals it rarely decides late this leaves the probes most of the
    # budget.
    late_turns: ClassVar[int] = 1
    early_nodes: ClassVar[int] = 50_000
    # In the process that runs the exhaustive search the probes take one turn in
    # ``probe_turns`` (0: none); 1 gives them every turn.  For a game whose wins the
    # exhaustive search finds as soon as the probes do, their turns are better spent
    # on it (the other processes of a split solve always probe).
    probe_turns: ClassVar[int] = 1
    # The positions one run of the best-first probe may meet before it starts again
    # from the root with noise on its scores; None: a quarter of the solver's table
    # cap, which a solve of seconds never fills, so the probe makes one long run.
    run_states: ClassVar[int | None] = None
    # A best-first run also starts again once it has met this many positions since
    # its best score rose; 0 leaves only ``run_states`` to end a run.
    run_patience: ClassVar[int] = 0
    # Whether the probes' seeded random dives take every other turn of the probes that
    # the beam leaves; False gives those turns to the best-first probe as well.
    dives: ClassVar[bool] = True
    # Whether the best-first probe asks ``dead`` of a position only when it comes to
    # expand it, instead of as it settles each child (the beam always asks lazily).
    lazy_dead: ClassVar[bool] = False
    # Score points the beam takes off a position for each unit of blame on a card of
    # its talon, blame that the cards left on the talons of a dead run's last layer
    # earn (solve.beam); 0 keeps every beam run on the game's own score.
    beam_blame: ClassVar[float] = 0.0
    # Score points the best-first probe takes off a position that makes no new fact
    # (``facts``) among the positions with as many cards home, in every other run of
    # a game that restarts its runs (solve.novelty); 0 keeps every run on the score.
    novelty: ClassVar[float] = 0.0
    # The share of each beam layer kept for positions that make a new fact
    # (``facts``) among those kept before them in the layer, best score first; the
    # rest of the layer goes by score (solve.beam).  0 fills layers by score alone.
    beam_novelty: ClassVar[float] = 0.0
    # The ``beam_blame`` and ``beam_novelty`` of a second beam, steered otherwise, that
    # lane 0 runs besides the exhaustive search and the best-first probe when a solve
    # is split over processes (solve.parallel), while lane 1 runs the game's own beam.
    # None: lane 0 runs no beam.
    helper_beam: ClassVar[tuple[float, float] | None] = None
    # The native exhaustive search's share of a clock-budget solve's time after its
    # first ``solve.shares.LONG`` seconds; the native beams have the rest of the
    # kernels' part (solve.shares).  A game whose beam rarely wins a deal it has not
    # won by then gives its proofs more.
    late_proof: ClassVar[float] = 0.5
    # Whether ``graded`` splits the game's key into a table key and a grade (and its
    # fast form's ``graded`` the form's key alike); False: the whole key decides.
    grades: ClassVar[bool] = False

    def __init__(self, /, **options: object) -> None:
        self.options: FrozenMap[str, str] = resolve(self.option_specs, options)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"

    def check(self, state: State) -> None:
        """Raise ``BadState`` unless ``state`` is this game's, under its options (a
        position built by hand without options is taken as meant for the book's own
        game, the one with every option at its default, since the rules that read the
        state's options then read the defaults).

        The rules read some options from the game and some from the state, so a state
        dealt by another game, or by this one under other options, would be played by
        a mixture of rules.  The solver checks what it is given; a program that builds
        positions by hand can too."""
        if state.game != self.id:
            raise BadState(f"this position is of {state.game}, not of {self.id}")
        if state.options != self.options and (state.options or self.changed_options()):
            mine = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "none"
            theirs = ", ".join(f"{k}={v}" for k, v in state.options.items()) or "none"
            raise BadState(
                f"this position was dealt with the options {theirs}, but the game has {mine}"
            )
        # The piles must be the game's (a missing one crashed the rules later); the
        # cards need not all be there: a puzzle or an ending may be set up with fewer.
        if set(state.piles) != set(self.deal(1).piles):  # the same for every deal
            raise BadState(f"this position's piles are not those {self.id} deals")

    def changed_options(self) -> list[str]:
        """The options that differ from the book's defaults, as ``name=value`` (none
        for the book's own game)."""
        return [
            f"{spec.name}={self.options[spec.name]}"
            for spec in self.option_specs
            if self.options[spec.name] != spec.default
        ]

    @abstractmethod
    def deal(self, number: int) -> State:
        """The opening position of deal ``number`` (1 to 2**63-1)."""

    @abstractmethod
    def moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move, in a stable order."""

    @abstractmethod
    def play(self, state: State, move: Move) -> State:
        """The position after ``move``; raises IllegalMove when the rules refuse it."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome:
        """Won, lost or still going."""

    def view(self, state: State, player: int = 1) -> View:
        """What ``player`` sees: face-down cards hidden."""
        return player_view(state, player)

    def auto(self, state: State) -> Move | None:
        """A move the rules force on the player, which a Session applies by itself."""
        return None

    def safe(self, state: State) -> Move | None:
        """A move that can never spoil a win and can never be undone (for autoplay and
        the solver), or None."""
        return None

    def dead(self, state: State) -> bool:
        """True only when ``state`` can no longer be won, whatever is played (solver hook).

        The exhaustive search drops a dead position as lost, so this must be a proof:
        each game justifies every test it makes here beside the code.  The default
        knows nothing and answers False.
        """
        return False

    def glance(self, state: State) -> bool:
        """A cheaper part of ``dead`` for the positions a probe only passes through
        (solver hook): True only when ``dead`` would be, so a proof too.

        The beam asks it of the positions it gathers from between two turns of the
        pack, where the full test seldom cuts anything yet costs most of its time.  By
        default the full test.
        """
        return self.dead(state)

    def dead_key(self, state: State, key: Hashable | None) -> Hashable | None:
        """What the solver remembers ``dead``'s verdict on ``state`` by; ``key`` is the
        state's table key when the caller has it.

        By default the table key.  A game whose ``dead`` reads only part of a position
        may return just that part, so that positions differing elsewhere share one
        verdict; the game must show that ``dead`` is the same for any two positions
        with the same ``dead_key``.  None means nothing is worth remembering: ``dead``
        answers this position at once.
        """
        return self.key(state) if key is None else key

    def prune(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The moves the solver must try in ``state``: ``moves`` less those it may skip.

        A game may leave a move out only when, from every position that can still be
        won, some winning line is made of moves it keeps; the search then proves no
        winnable deal lost.  Each game proves this beside its code.  The result may
        depend on ``state`` only (never on how it was reached), so that the solver's
        table stays sound.  The default keeps every move.
        """
        return moves

    def facts(self, state: State, since: State | None = None) -> Iterable[Hashable]:
        """The facts ``state`` makes true, for novelty in the best-first probe and the
        beam (solver hook, steering only; see ``novelty`` and ``beam_novelty``).  By
        default none.

        ``since``, when given, is a position whose facts the caller has recorded: a
        game may then leave out the facts of each pile that is the very same object
        in both positions (the facts it makes true are recorded already)."""
        return ()

    def key(self, state: State) -> Hashable:
        """A canonical key for the solver's table.

        Games may merge symmetric states only: every move of one matched by a move of
        the other leading to states merged again.  Equal winnability is not enough
        (see :mod:`cadogan.solve.search`).
        """
        return state

    def graded(self, key: Hashable) -> tuple[Hashable, int]:
        """The searches' table key and *grade* of a state whose ``key`` is given
        (solver hook; only with ``grades`` set, and only for the game's own key).

        A game may keep part of its key out of the table as a grade, where a lower
        grade dominates: every line of moves legal from the state with the higher grade
        is legal from the same state with the lower, and reaches the same states (the
        grades aside).  The table then keeps each table key's lowest grade, and a state
        is searched again only when met with a lower one (:mod:`cadogan.solve.search`).
        By default the whole key, grade 0."""
        return key, 0

    def order(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's move ordering, most promising first; by default as listed."""
        return moves

    def fast_play(self, root: State) -> FastPlay | None:
        """The play from ``root`` on plain values, for the beam (solver hook; see
        :mod:`cadogan.core.fast`), or None to let the beam play through the game
        itself.  By default None."""
        return None

    def sections(self, state: State) -> tuple[Section, ...]:
        """How the piles are grouped for display; by default one group of all piles."""
        return (Section(self.name, tuple(state.piles)),)

    def parse_move(self, state: State, text: str) -> Move:
        """Read a move's text form; the inverse of ``str(move)``.

        A leading word from ``verbs`` makes a special action; otherwise the words are
        the piles of a card transfer.  Legality is checked by ``play``.
        """
        words = text.strip().lower().split()
        if not words:
            raise IllegalMove("an empty line is not a move")
        if words[0] in self.verbs:
            return Move(words[0], tuple(words[1:]))
        for word in words:
            if word not in state.piles:
                raise IllegalMove(f"there is no pile called {quoted(word)} in {self.name}")
        return Move(TRANSFER, tuple(words))

    def require(self, state: State, move: Move) -> None:
        """Raise IllegalMove unless ``move`` is listed; games call this to share refusals."""
        if move not in self.moves(state):
            raise IllegalMove(self.explain(state, move))

    def carried(self, state: State, move: Move) -> Card | None:
        """The card a card transfer carries, when the player can see it, else None.

        By default the source pile's face-up top card; a game whose moves may take a
        card from below the top (La Duchesse de Luynes' Discard) names it, so that a
        move's description names the card that really goes.
        """
        source = move.source
        if move.verb != TRANSFER or source is None or source not in state.piles:
            return None
        pile = state.piles[source]
        return pile.top if pile.top is not None and pile.top_up else None

    def counters(self, state: State) -> tuple[str, ...]:
        """The state's counters in a player's words, for the header of a table (the
        command line's, the terminal UI's and the web page's alike).  By default each
        variable as ``name value``; a game says what its counters mean, and leaves out
        one that says nothing at the moment."""
        return tuple(f"{k.replace('_', ' ')} {v}" for k, v in state.vars.items())

    def ending(self, state: State) -> str:
        """A sentence that the announcement of the end adds, or an empty string.

        For an end a player could not otherwise account for: Travellers, for example,
        is won with a card still face down, which the player is told of.
        """
        return ""

    def explain(self, state: State, move: Move) -> str:
        """Why ``move`` is refused.  Games override this with the rule's reason."""
        if self.outcome(state).over:
            return "the game is over"
        return f"{move} is not a legal move here"
