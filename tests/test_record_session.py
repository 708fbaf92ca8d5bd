"""Records (save, load, replay) and the Session (history, undo, redo, forced moves)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cadogan import game, registry
from cadogan.core import BadOption, BadRecord, Game, Move, Outcome, State, UnknownGame, action
from cadogan.record import Record, ReplayError, replay
from cadogan.session import Session

TRAVELLERS = game("travellers")


def finished_session(deal: int = 28) -> Session:
    session = Session(TRAVELLERS, deal)
    while session.moves():
        session.play(session.moves()[0])
    return session


def test_record_text_round_trips() -> None:
    record = Record("constitution", 42, {"sovereign": "Qd"}, ("deal", "talon people1"), "won")
    text = record.text()
    assert '[Game "constitution"]' in text and '[Options "sovereign=Qd"]' in text
    assert Record.parse(text) == record


def test_headers_may_share_a_line_and_comments_are_skipped() -> None:
    text = '[Game "travellers"] [Deal "28"] [Result "won"]\n# a comment\nturn\n\n'
    record = Record.parse(text)
    assert (record.game, record.deal, record.moves, record.result) == (
        "travellers",
        28,
        ("turn",),
        "won",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("turn\n", "no \\[Game"),
        ('[Game "travellers"]\n', "no \\[Deal"),
        ('[Game "travellers"] [Deal "x"]\n', "not a deal number"),
        ('[Game "travellers" [Deal "1"]\n', "cannot read header"),
        ('[Game "travellers"]\nturn\n[Deal "1"]\n', "header after the moves"),
        ('[Game "zodiac"] [Deal "5"]\n[Game "travellers"] [Deal "2"]\n', "a second \\[Game"),
        ('[Game "travellers"] [Deal "2_8"]\n', "not a deal number"),
        ('[Game "travellers"] [Deal " 28 "]\n', "not a deal number"),
        # Unknown headers are refused, not skipped: a certificate's claim must be read.
        ('[Game "travellers"] [Deal "2"]\n[result "won"]\n', "did you mean \\[Result"),
        ('[Game "travellers"] [Deal "2"]\n[Option "a=b"]\n', "did you mean \\[Options"),
        ('[game "travellers"] [Deal "2"]\n', "did you mean \\[Game"),
        ('[Game "travellers"] [Deal "2"] [Player "Ann"]\n', "unknown header 'Player';"),
    ],
)
def test_malformed_records_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        Record.parse(text)


def test_a_finished_game_saves_loads_and_replays_to_the_same_result(tmp_path: Path) -> None:
    session = finished_session()
    path = tmp_path / "game.txt"
    session.save(path)
    result = replay(Record.load(path))
    assert result.outcome is Outcome.WON and result.final == session.state
    assert Session.load(path).state == session.state


def test_a_changed_move_is_refused_with_its_number(tmp_path: Path) -> None:
    record = finished_session().record()
    moves = list(record.moves)
    moves[3] = "turn spare" if moves[3].startswith("travel") else "travel packet1"
    bad = Record(record.game, record.deal, record.options, tuple(moves))
    with pytest.raises(ReplayError) as err:
        replay(bad)
    assert err.value.number == 4 and "move 4" in str(err.value)


def test_unknown_games_and_options_in_records() -> None:
    with pytest.raises(UnknownGame, match="choose one of"):
        replay(Record("nope", 1))
    with pytest.raises(BadOption):
        replay(Record("travellers", 1, {"x": "y"}))
    with pytest.raises(BadRecord, match="deal number"):
        replay(Record("travellers", 0))


@pytest.mark.parametrize("name", ["name", "self", "cls"])
def test_an_option_named_as_a_parameter_is_refused_as_unknown(name: str) -> None:
    """Options named like a parameter of the constructor are unknown options, not a
    TypeError: the registry and the records pass options as a map."""
    with pytest.raises(BadOption, match=repr(name)):
        registry.make("travellers", {name: "x"})
    with pytest.raises(BadOption, match=repr(name)):
        game("travellers", **{name: "x"})
    with pytest.raises(BadOption, match=repr(name)):
        replay(Record("travellers", 1, {name: "x"}))
    with pytest.raises(BadOption, match=repr(name)):  # a game class called directly too
        registry.find("travellers")(**{name: "x"})
    assert registry.make("travellers", {"complete": "travelled"}).options["complete"] == (
        "travelled"
    )


def test_loading_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BadRecord, match="cannot read"):
        Record.load(tmp_path / "missing.txt")
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BadRecord, match="UTF-8"):
        Record.load(tmp_path / "bin")


def test_undo_and_redo() -> None:
    session = Session(TRAVELLERS, 28)
    start = session.state
    assert not session.can_undo and not session.undo()
    session.play("turn")
    after = session.state
    assert session.undo() and session.state == start
    assert session.redo() and session.state == after
    assert not session.redo()
    session.undo()
    session.play("turn")
    assert not session.can_redo


class Forcing(Game):
    """Travellers with its 'travel' step forced: the Session plays it by itself."""

    id = "travellers"
    name = "Forced travellers"
    verbs = frozenset({"turn", "travel"})

    def __init__(self) -> None:
        super().__init__()
        self.inner = game("travellers")

    def deal(self, number: int) -> State:
        return self.inner.deal(number)

    def moves(self, state: State) -> tuple[Move, ...]:
        return self.inner.moves(state)

    def play(self, state: State, move: Move) -> State:
        return self.inner.play(state, move)

    def outcome(self, state: State) -> Outcome:
        return self.inner.outcome(state)

    def auto(self, state: State) -> Move | None:
        moves = self.moves(state)
        return moves[0] if moves and moves[0].verb == "travel" else None


def test_forced_moves_are_applied_and_undone_with_the_players_move() -> None:
    session = Session(Forcing(), 28)
    session.play(action("turn", "spare"))
    assert session.history[0].forced is False
    assert len(session.history) > 1 and all(e.forced for e in session.history[1:])
    assert session.state.num("traveller") == 0
    assert session.undo() and session.history == []


def test_restart_goes_back_to_the_deal_and_can_be_redone() -> None:
    session = finished_session()
    end = session.state
    session.restart()
    assert session.state == session.start
    while session.redo():
        pass
    assert session.state == end


def test_a_loaded_session_gives_hints_and_makes_its_forced_moves() -> None:
    """A helper's TUI review: hint after load crashed (no proofs store), and a record of
    the header alone came back without the opening's forced deals that a fresh session
    has already made."""
    paquets = game("petits-paquets")
    fresh = Session(paquets, 1)
    assert fresh.history and all(e.forced for e in fresh.history)
    loaded = Session.from_record(Record(game="petits-paquets", deal=1))
    assert loaded.history == fresh.history and loaded.state == fresh.state
    assert not loaded.can_undo
    won = Session.from_record(finished_session().record())
    assert won.hint().message == "The game is over."
    assert Session.from_record(Session(TRAVELLERS, 28).record()).hint().move is not None


@pytest.mark.parametrize("claim", ["the other end", "unfinished"])
def test_a_record_whose_result_its_moves_deny_does_not_load(claim: str) -> None:
    """The web page loaded a record saying "lost" whose moves win and announced the
    win; `cadogan replay` refused it. Every front end loads through the session."""
    ended = Session(game("travellers"), 28)
    while not ended.outcome().over:
        ended.play(ended.moves()[0])
    record = ended.record()
    assert record.result == ended.outcome().value
    if claim == "the other end":
        claim = "lost" if ended.outcome() is Outcome.WON else "won"
    altered = Record(record.game, record.deal, record.options, record.moves, claim)
    with pytest.raises(BadRecord, match=f"the record says {claim}, but its moves end"):
        Session.from_record(altered)
    assert Session.from_record(record).outcome() is ended.outcome()
