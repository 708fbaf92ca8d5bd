"""The command line: every command, JSON output, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cadogan.cli import main


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from cadogan.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_games_json_lists_travellers_with_its_fields() -> None:
    result = run(["games", "--json"])
    assert result.returncode == 0
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    row = rows["travellers"]
    assert row["aliases"] == ["clock"] and row["players"] == 1 and row["packs"] == 1
    assert row["options"]["complete"]["default"] == "held"
    assert set(rows) == {
        "hemispheres",
        "petits-paquets",
        "napoleons-square",
        "duchesse-de-luynes",
        "constitution",
        "zodiac",
        "sympathie",
        "travellers",
    }
    for other in rows.values():
        for spec in other["options"].values():
            assert spec["default"] in spec["choices"]


def test_deal_json_is_the_same_on_every_run() -> None:
    first = run(["deal", "travellers", "--deal", "7", "--json"])
    second = run(["deal", "travellers", "--deal", "7", "--json"])
    assert first.returncode == 0 and first.stdout == second.stdout
    state = json.loads(first.stdout)
    assert state["game"] == "travellers" and state["deal"] == 7
    assert len(state["piles"]["packet1"]) == 4


def test_deal_text_names_the_piles() -> None:
    result = run(["deal", "clock", "--deal", "7"])
    assert result.returncode == 0
    assert "Spare packet" in result.stdout and "packet12" in result.stdout


def test_the_table_names_the_options_that_differ_from_the_book() -> None:
    changed = run(["deal", "napoleons-square", "--deal", "2", "-o", "deal=single"])
    assert changed.stdout.startswith("Napoleon's Square (deal=single) - deal 2 - ")
    default = run(["deal", "napoleons-square", "--deal", "2", "-o", "rules=book"])
    assert default.stdout.startswith("Napoleon's Square - deal 2 - ")


def test_play_announces_a_win_with_a_card_still_face_down() -> None:
    """Travellers deal 1 is won with the 6♠ never turned up; the end says why it counts."""
    played = run(["play", "travellers", "--deal", "1", "--auto"])
    assert "The game is won." in played.stdout
    assert "Still face down: the 6♠ of packet6." in " ".join(played.stdout.split())


def test_play_save_and_replay_a_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "won.txt"
    moves = "\n".join(["1"] * 200) + f"\nsave {path}\n"
    played = run(["play", "travellers", "--deal", "28"], stdin=moves)
    assert played.returncode == 0 and "The game is won." in played.stdout
    assert "The game is over: undo, save FILE or quit." in played.stdout  # the spare "1"s
    assert f"Saved to {path}" in played.stdout  # a finished game can still be saved
    assert run(["replay", str(path)]).stdout.strip().endswith("won")
    session_input = "undo\nredo\n" + "\n".join(["1"] * 5) + f"\nsave {path}\ny\nquit\n"
    partial = run(["play", "travellers", "--deal", "28"], stdin=session_input)
    assert partial.returncode == 0 and f"Saved to {path}" in partial.stdout
    replayed = run(["replay", str(path), "--json", "--states"])
    data = json.loads(replayed.stdout)
    assert replayed.returncode == 0 and data["result"] == "unfinished"
    assert len(data["moves"]) == 5 and len(data["states"]) == 6


def test_a_finished_record_replays_to_won_and_a_changed_one_exits_2(tmp_path: Path) -> None:
    from cadogan import game
    from cadogan.session import Session

    session = Session(game("travellers"), 28)
    while session.moves():
        session.play(session.moves()[0])
    path = tmp_path / "won.txt"
    session.save(path)
    result = run(["replay", str(path)])
    assert result.returncode == 0 and result.stdout.strip().endswith("won")
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("travel"))
    lines[index] = "turn spare"
    path.write_text("\n".join(lines) + "\n")
    bad = run(["replay", str(path)])
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "is illegal" in bad.stderr


def test_a_solved_record_piped_into_replay_from_standard_input() -> None:
    """``solve --record -`` writes the certificate to standard output; ``replay -``
    reads one from standard input (it looked for a file called "-"), and names the
    options it was played with, as ``solve`` does."""
    args = ["solve", "napoleons-square", "--deal", "2", "-o", "deal=single", "-o",
            "rules=modern", "--timeout", "60", "--record", "-"]  # fmt: skip
    solved = run(args)
    assert solved.returncode == 0 and "[Result" in solved.stdout
    result = run(["replay", "-"], stdin=solved.stdout)
    assert result.returncode == 0
    assert result.stdout.strip().startswith(
        "Napoleon's Square (deal=single, rules=modern), deal 2:"
    )
    assert result.stdout.strip().endswith("won")
    empty = run(["replay", "-"], stdin="")
    assert empty.returncode == 2 and "no [Game" in empty.stderr


def test_a_finished_two_player_game_prompts_no_player() -> None:
    """Sympathie over: the prompt no longer asks a player for a move."""
    result = run(["play", "sympathie", "--deal", "1"], stdin="1\n" * 300 + "quit\n")
    assert result.returncode == 0 and "player 2 move> " in result.stdout
    after = result.stdout.split("The game is over: undo, save FILE or quit.", 1)[1]
    assert "move> " in after and "player" not in after


def test_replay_states_without_json_is_refused_not_ignored(tmp_path: Path) -> None:
    from cadogan import game
    from cadogan.session import Session

    path = tmp_path / "r.txt"
    Session(game("travellers"), 28).save(path)
    result = run(["replay", str(path), "--states"])
    assert result.returncode == 2 and "add --json" in result.stderr


def test_play_reports_illegal_moves_and_bad_numbers() -> None:
    result = run(["play", "travellers", "--deal", "28"], stdin="travel\n99\nfoo bar\nquit\n")
    assert "Illegal:" in result.stdout and "choose a number from 1 to 1" in result.stdout
    assert result.returncode == 0


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "nonsense"],
        ["deal", "travellers", "--deal", "0"],
        ["deal", "travellers", "--deal", "x"],
        ["deal", "travellers", "--option", "colour=red"],
        ["deal", "travellers", "--option", "junk"],
        ["replay", "/nonexistent/record.txt"],
        ["solve", "travellers", "--deal", "1", "--timeout", "nan"],
        ["study", "travellers", "--deals", "1..2", "--timeout", "inf", "--db", "/tmp/none.db"],
        ["study", "travellers", "--deals", "1..2", "-o", "foo=bar", "--db", "/tmp/none.db"],
        ["tui", "-o", "play=free"],
        ["deal", "napoleons-square", "-o", "rules=book", "-o", "rules=modern"],
        ["stats", "--db", "/nonexistent/none.sqlite"],
        ["serve", "--host", "999.1.1.1", "--port", "0"],
    ],
)
def test_bad_input_gets_one_line_and_exit_2(args: list[str]) -> None:
    result = run(args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["deal", "travellers", "--deal", "1_000"], "not a whole number in the digits 0-9"),
        (["deal", "travellers", "--deal", "\u0663"], "not a whole number in the digits 0-9"),
        (["solve", "travellers", "--deal", "1", "--workers", "2_0"], "digits 0-9"),
        (["study", "travellers", "--deals", "\u0663..\u0665"], "cannot read deals"),
        (["study", "travellers", "--deals", "1_0"], "cannot read deals"),
        (["serve", "--port", "abc"], "'abc' is not a whole number in the digits 0-9"),
    ],
)
def test_numbers_are_read_in_the_digits_0_9_only(args: list[str], said: str) -> None:
    """Python's ``int`` takes ``1_000`` and other scripts' digits, which a record file
    refuses; the command line now refuses them too, so a number means one thing."""
    result = run(args)
    assert result.returncode == 2 and said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_port_is_named_a_port() -> None:
    result = run(["serve", "--help"])
    assert "--port PORT" in result.stdout and "INTEGER RANGE" not in result.stdout


@pytest.mark.parametrize("word", ["maybe", "Won", "over"])
def test_a_result_header_of_another_word_is_a_malformed_record(word: str, tmp_path: Path) -> None:
    """It was read as a record whose end differs from its moves' (exit 1); the header
    allows only won, lost and unfinished (docs/formats.md), so it is malformed (exit 2)."""
    path = tmp_path / "r.rec"
    path.write_text(f'[Game "travellers"]\n[Deal "3"]\n[Result "{word}"]\n')
    result = run(["replay", str(path)])
    assert result.returncode == 2 and "is not one of won, lost, unfinished" in result.stderr


def test_a_database_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such.sqlite"
    for args in (["study", "travellers", "--deals", "1..2"], ["serve", "--port", "0"]):
        result = run([*args, "--db", str(missing)])
        assert result.returncode == 2 and str(missing) in result.stderr, args
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("address", ["notanaddress", "foo://127.0.0.1:8786"])
def test_a_dask_address_it_cannot_read_is_one_line_and_exit_2(address: str, tmp_path: Path) -> None:
    """A malformed --dask address gave a 57-line traceback and exit 1."""
    pytest.importorskip("dask.distributed")
    args = ["study", "travellers", "--deals", "1..2", "--dask", address, "--json"]
    result = run([*args, "--db", str(tmp_path / "s.db")])
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"cannot reach the Dask scheduler at {address}" in result.stderr


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from cadogan.cli import cli

    for name in cli.commands:
        main([name, "--help"])
        assert "Usage" in capsys.readouterr().out


RECORDS = sorted((Path(__file__).parent / "golden").glob("*.record"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_recorded_wins_replay_through_the_command(path: Path) -> None:
    """Every recorded won game replays to 'won' with `cadogan replay`, as issues 3 and 4 ask."""
    result = run(["replay", str(path), "--json"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["result"] == "won" and len(data["moves"]) > 10


def test_undo_after_the_end_takes_the_game_back() -> None:
    """The game is won after 52 moves of deal 28; undo then offers its last move again."""
    result = run(["play", "travellers", "--deal", "28"], stdin="1\n" * 52 + "undo\n1\nquit\n")
    assert result.stdout.count("The game is won.") == 2 and "Undone." in result.stdout
    assert "Stopped" not in result.stdout and result.returncode == 0


def test_a_digit_that_is_not_a_decimal_is_read_as_a_move_not_a_crash() -> None:
    """'²' is a digit to str.isdigit() but not a number to int() (a helper's review)."""
    result = run(["play", "travellers", "--deal", "3"], stdin="²\nquit\n")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "Illegal:" in result.stdout or "Error:" in result.stdout


@pytest.mark.parametrize(
    "game, deal", [("napoleons-square", 1), ("petits-paquets", 1), ("petits-paquets", 5)]
)
def test_play_auto_ends_on_deals_where_it_once_looped(game: str, deal: int) -> None:
    """The greedy autoplayer remembers what it tried, as the study's greedy player does,
    so it stops instead of moving cards back and forth for ever."""
    result = run(["play", game, "--deal", str(deal), "--auto"])
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last in ("The game is won.", "The game is lost.", "Stopped; the game is unfinished.")


def test_a_record_with_a_byte_order_mark_replays(tmp_path: Path) -> None:
    golden = Path(__file__).parent / "golden" / "hemispheres-won-4.record"
    path = tmp_path / "bom.record"
    path.write_bytes(b"\xef\xbb\xbf" + golden.read_bytes())
    result = run(["replay", str(path)])
    assert result.returncode == 0 and result.stdout.strip().endswith("won"), result.stderr


def test_a_file_error_is_one_plain_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``report --out`` on read-only media printed Python's "[Errno 30] Read-only file
    system: '...'"; a file error now reads "PATH: reason", as the shell's tools say it."""
    from cadogan import cli_study
    from cadogan.study.runner import StudyTask, run_study
    from cadogan.study.store import Store

    db = tmp_path / "s.sqlite"
    run_study(StudyTask("travellers", (), "greedy", range(1, 3), 5.0), Store(db))
    page = tmp_path / "out" / "results.md"

    def read_only(*args: object, **kwargs: object) -> list[Path]:
        raise OSError(30, "Read-only file system", str(page))

    monkeypatch.setattr(cli_study, "write_report", read_only)
    with pytest.raises(SystemExit) as ended:
        main(["report", "--db", str(db), "--out", str(tmp_path / "out")])
    assert ended.value.code == 2
    assert capsys.readouterr().err == f"cadogan: {page}: Read-only file system\n"
