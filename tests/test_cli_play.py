"""``cadogan play``'s prompt: replies the player can read, commands, and files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cadogan import game
from cadogan.cards import RANDOM_DEALS, random_deal
from cadogan.cli_play import PLAY_HELP, _command
from cadogan.describe import describe
from cadogan.session import Session


def prompt(game_id: str, deal: int, lines: str) -> list[str]:
    """The output of ``cadogan play`` fed ``lines`` (a random deal for ``deal`` 0), split
    at each prompt."""
    args = ["play", game_id] + (["--deal", str(deal)] if deal > 0 else [])
    command = [sys.executable, "-c", "from cadogan.cli import main; main()", *args]
    result = subprocess.run(command, input=lines, capture_output=True, text=True, check=True)
    return result.stdout.split("move> ")


def zodiac() -> tuple[Session, list[str]]:
    session = Session(game("zodiac"), 7)
    return session, [str(m) for m in session.moves()]


def test_a_reply_is_printed_after_the_table_just_above_the_next_prompt() -> None:
    """The reply to an illegal move once scrolled away under a fresh table of 50 lines."""
    chunks = prompt("hemispheres", 3, "foo\n1\nquit\n")
    assert chunks[1].strip() == "Illegal: 'foo' is neither a command nor a move; type help"
    assert "The Hemispheres - deal 3" in chunks[2]  # a move draws the table again


def test_a_number_too_long_to_read_is_out_of_range_not_a_traceback() -> None:
    chunks = prompt("zodiac", 7, "1" * 5000 + "\nquit\n")
    assert chunks[1].startswith("Illegal: choose a number from 1 to ")


def test_a_random_deal_is_nine_digits_at_most() -> None:
    assert all(1 <= random_deal() <= RANDOM_DEALS for _ in range(100))
    header = next(x for x in prompt("zodiac", 0, "quit\n")[0].splitlines() if " - deal " in x)
    number = int(header.split(" - deal ")[1].split(" - ")[0])
    assert 1 <= number <= RANDOM_DEALS


def test_commands_ignore_case_and_take_the_short_keys() -> None:
    session, legal = zodiac()
    assert _command(session, "1", legal).changed
    assert _command(session, "U", legal).text == "Undone." and not session.history
    assert _command(session, "r", legal).text == "Redone." and len(session.history) == 1
    assert _command(session, "?", legal).text == PLAY_HELP
    assert _command(session, "Q", legal).quit


def test_undo_and_redo_take_a_count() -> None:
    session, legal = zodiac()
    for _ in range(3):
        _command(session, "1", [str(m) for m in session.moves()])
    assert _command(session, "undo 2", legal).text == "Undone 2 moves."
    assert len(session.history) == 1
    assert _command(session, "redo 9", legal).text == "Redone 2 moves."
    assert "write undo or undo N" in _command(session, "undo two", legal).text


def test_a_command_with_words_after_it_is_refused_not_half_done() -> None:
    session, legal = zodiac()
    reply = _command(session, "hint please", legal)
    assert "hint takes nothing after it" in reply.text and not reply.changed
    assert not _command(session, "quit now", legal).quit


def test_auto_with_nothing_safe_says_so_and_leaves_the_table() -> None:
    session, legal = zodiac()
    reply = _command(session, "auto", legal)
    assert reply.text == "No safe move to play." and not reply.changed


def test_save_needs_a_file_and_names_what_went_wrong(tmp_path: Path) -> None:
    session, legal = zodiac()
    assert "write save FILE" in _command(session, "save", legal).text
    assert _command(session, f"save {tmp_path}", legal).text == (
        f"{tmp_path} is a folder: write save FILE."
    )


def test_save_asks_before_it_replaces_a_file(tmp_path: Path) -> None:
    """``save FILE`` overwrote a file without a word, where the TUI asks first."""
    path = tmp_path / "kept.txt"
    path.write_text("a record of another game\n")
    chunks = prompt("zodiac", 7, f"save {path}\nn\nsave {path}\n\nquit\n")
    assert "exists. Replace it? [y/N]" in chunks[1] and "Not saved" in chunks[1]
    assert "Not saved" in chunks[2]  # an empty answer is no
    assert path.read_text() == "a record of another game\n"
    chunks = prompt("zodiac", 7, f"save {path}\ny\nquit\n")
    assert "Saved to" in chunks[1] and path.read_text().startswith('[Game "zodiac"]')


def test_capital_r_re_deals_as_in_the_tui() -> None:
    """Input was folded to lower case, so ``R``, the TUI's re-deal key, ran redo."""
    session = Session(game("duchesse-de-luynes"), 3)
    legal = [str(m) for m in session.moves()]
    reply = _command(session, "R", legal)
    assert reply.kind == "illegal" and "re-deal" in reply.text  # a move, refused in play
    assert _command(session, "r", legal).text == "Nothing to redo."
    # A game without a re-deal says so, rather than "'redeal' is neither a command nor a move"
    hemispheres = Session(game("hemispheres"), 3)
    reply = _command(hemispheres, "R", [str(m) for m in hemispheres.moves()])
    assert (reply.kind, reply.text) == ("illegal", "The Hemispheres has no re-deal.")


def test_a_saved_game_loads_back_at_the_prompt(tmp_path: Path) -> None:
    session, legal = zodiac()
    _command(session, "1", legal)
    path = tmp_path / "z.txt"
    _command(session, f"save {path}", legal)
    other = Session(game("travellers"), 1)
    reply = _command(other, f"load {path}", [])
    assert reply.changed and reply.session is not None
    assert reply.session.game.id == "zodiac" and reply.session.state == session.state
    assert reply.text == f"Loaded {path}: The Zodiac, deal 7."


def test_what_the_player_typed_is_printed_as_text_not_markup() -> None:
    """'x[/b]' at the prompt raised Rich's MarkupError and ended the game."""
    chunks = prompt("zodiac", 7, "x[/b]\nload a[/b]\nquit\n")
    assert chunks[1].strip() == "Illegal: 'x[/b]' is neither a command nor a move; type help"
    assert chunks[2].strip().startswith("Error: cannot read a[/b]")


def test_a_move_typed_as_the_list_prints_it_is_played() -> None:
    """The list prints ``equator2 zodiac1 (Q♠)``; typed back whole it was refused ("no
    pile called '(q♠)'"). A line naming another card is still refused."""
    session, legal = zodiac()
    line = describe(session.game, session.state, session.moves()[0])
    assert "(" in line  # the list names the card
    reply = _command(session, "  " + line.upper() + " ", legal)
    assert reply.changed and str(session.history[-1].move) == legal[0]
    fresh, legal = zodiac()
    wrong = line[: line.index("(")] + "(K♥)"
    assert not _command(fresh, wrong, legal).changed and fresh.history == []
