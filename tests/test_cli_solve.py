"""``cadogan solve`` and the ``hint`` and ``auto`` words of ``cadogan play``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cadogan import registry
from cadogan.cli import cli, main
from cadogan.cli_solve import STATE_BYTES, _within_memory
from cadogan.record import Record, replay
from cadogan.solve import STATUSES
from tests.helpers import roomy_hints

WON_TRAVELLERS = 28  # a Travellers deal that comes out


def run(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_solve_json_has_the_verdict_numbers_and_record(tmp_path: Path) -> None:
    data = json.loads(run("solve", "travellers", "--deal", str(WON_TRAVELLERS), "--json"))
    assert {"status", "moves", "nodes", "seconds", "record"} <= set(data)
    assert data["status"] == "solved" and data["nodes"] >= len(data["moves"]) > 0
    record = Record.parse(data["record"])
    assert record.result == "won" and list(record.moves) == data["moves"]
    path = tmp_path / "solution.txt"
    path.write_text(data["record"])
    assert run("replay", str(path)).strip().endswith("won")
    assert json.loads(run("replay", str(path), "--json"))["result"] == "won"


def test_solve_writes_a_record_file_that_replays_to_a_win(tmp_path: Path) -> None:
    path = tmp_path / "win.txt"
    out = run("solve", "clock", "--deal", str(WON_TRAVELLERS), "--record", str(path))
    assert "solved" in out and "Solution" in out
    assert replay(Record.load(path)).outcome.value == "won"


def test_a_record_of_dash_goes_to_standard_output(tmp_path: Path) -> None:
    """``--record -`` made a file named '-'; now the record is printed on stdout and the
    verdict on stderr, so ``--record - > win.txt`` writes a record file; with --json,
    which prints on stdout too, it is refused."""
    result = CliRunner().invoke(cli, ["solve", "travellers", "--deal", str(WON_TRAVELLERS),
                                      "--record", "-"], catch_exceptions=False)  # fmt: skip
    assert result.exit_code == 0 and not Path("-").exists()
    assert replay(Record.parse(result.stdout)).outcome.value == "won"
    assert "solved" in result.stderr and "Solution" in result.stderr
    lost = CliRunner().invoke(cli, ["solve", "travellers", "--deal", "3", "--record", "-"])
    assert lost.exit_code == 0 and lost.stdout == "" and "No record printed" in lost.stderr
    both = CliRunner().invoke(cli, ["solve", "travellers", "--deal", "3", "--record", "-",
                                    "--json"])  # fmt: skip
    assert both.exit_code == 2 and "both print on standard output" in both.stderr


def test_a_record_into_a_pipe_is_written_to_it(tmp_path: Path) -> None:
    """``--record FIFO`` with a reader: the check before the search opened and closed the
    pipe (ending the reader's input), and the save renamed a plain file over it."""
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    run("solve", "travellers", "--deal", str(WON_TRAVELLERS), "--record", str(fifo))
    reader.join(30)
    assert Record.parse(got[0]).result == "won" and fifo.is_fifo()


def test_solve_text_for_a_lost_deal() -> None:
    out = run("solve", "travellers", "--deal", "3")
    assert "unsolvable" in out and "positions generated" in out
    data = json.loads(run("solve", "travellers", "--deal", "3", "--json"))
    assert data["status"] == "unsolvable" and data["record"] is None and data["moves"] == []


@pytest.mark.parametrize("game", registry.ids())
def test_solve_works_for_every_game(game: str) -> None:
    data = json.loads(run("solve", game, "--deal", "1", "--timeout", "0.3", "--json"))
    assert data["status"] in STATUSES and data["game"] == game
    if data["status"] == "solved":
        assert replay(Record.parse(data["record"])).outcome.value == "won"


def test_a_game_without_choices_needs_no_table() -> None:
    data = json.loads(run("solve", "travellers", "--deal", "3", "--max-states", "1", "--json"))
    assert data["status"] == "unsolvable"  # no choices, so the table is never used


def test_bad_input_gets_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["solve", "nosuchgame", "--deal", "1"], ["solve", "travellers"]):
        with pytest.raises(SystemExit) as err:
            main(argv)
        assert err.value.code == 2
    assert "cadogan:" in capsys.readouterr().err


def test_play_understands_hint_and_auto(monkeypatch: pytest.MonkeyPatch) -> None:
    roomy_hints(monkeypatch)  # the hint must be decided, whatever the load
    out = run("play", "travellers", "--deal", "3", stdin="hint\nauto\n")
    assert "can still be won" not in out
    assert "No line of play wins from here: this position is proved lost." in out
    assert "Played 41 safe moves.\nThe game is lost." in out  # the reply, then the end


def test_ctrl_c_during_a_hint_cancels_the_hint_not_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("cadogan.session.Session.hint", interrupted)
    out = run("play", "travellers", "--deal", "3", stdin="hint\n1\nundo\nquit\n")
    assert "Hint cancelled; the game goes on." in out and "Undone." in out


def test_solve_max_nodes_caps_the_work() -> None:
    args = ("solve", "napoleons-square", "-o", "rules=book", "--deal", "2", "--json")
    data = json.loads(run(*args, "--max-nodes", "50"))
    assert data["status"] == "timeout" and data["nodes"] == 50
    out = run(*args[:-1], "--max-nodes", "50")
    assert "timeout: undecided" in out and "50 positions generated" in out


def test_a_bad_node_budget_gets_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for budget in ("0", "many"):
        with pytest.raises(SystemExit) as err:
            main(["solve", "travellers", "--deal", "1", "--max-nodes", budget])
        assert err.value.code == 2
        message = capsys.readouterr().err
        assert message.startswith("cadogan:") and "--max-nodes" in message
        assert message.count("\n") == 1 and "Traceback" not in message


def test_a_terminal_sees_a_progress_bar_and_json_or_a_pipe_does_not() -> None:
    args = ["solve", "hemispheres", "--deal", "3", "--max-nodes", "3000"]
    terminal = {"TTY_COMPATIBLE": "1"}
    shown = CliRunner().invoke(cli, args, env=terminal, catch_exceptions=False)
    assert shown.exit_code == 0 and "Solving The Hemispheres, deal 3" in shown.stderr
    assert "undecided" in shown.stdout and "Solving" not in shown.stdout
    for quiet, env in ((["--json"], terminal), ([], {"TTY_COMPATIBLE": "0"})):
        result = CliRunner().invoke(cli, args + quiet, env=env, catch_exceptions=False)
        assert result.exit_code == 0 and "Solving" not in result.stderr


def test_ctrl_c_during_a_solve_says_so_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("cadogan.cli_solve.run_solver", interrupted)
    result = CliRunner().invoke(cli, ["solve", "hemispheres", "--deal", "3"])
    assert result.exit_code == 130 and "Interrupted: no verdict." in result.stderr


def test_a_record_path_in_no_folder_is_refused_before_the_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The record was saved after the search and before the output, so a bad path threw
    the whole solution away; now it is refused before any search is made."""

    def searched(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran")

    monkeypatch.setattr("cadogan.cli_solve.run_solver", searched)
    with pytest.raises(SystemExit) as err:
        main(["solve", "travellers", "--deal", "28", "--record", str(tmp_path / "no" / "x")])
    message = capsys.readouterr().err
    assert err.value.code == 2 and message.count("\n") == 1 and "--record" in message


def test_a_record_that_cannot_be_saved_comes_after_the_verdict(tmp_path: Path) -> None:
    """A failure to save (here: the folder removed during the search) still leaves the
    verdict and the JSON, record and all, on stdout."""
    folder = tmp_path / "gone"
    folder.mkdir()
    from cadogan import cli_solve
    from cadogan.solve import solve as real

    def and_remove_the_folder(*args: Any, **kwargs: Any) -> Any:
        folder.rmdir()
        return real(*args, **kwargs)

    args = ["solve", "travellers", "--deal", str(WON_TRAVELLERS), "--json"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli_solve, "run_solver", and_remove_the_folder)
        result = CliRunner().invoke(cli, [*args, "--record", str(folder / "win.txt")])
    assert result.exit_code != 0
    assert Record.parse(json.loads(result.stdout)["record"]).result == "won"


def test_a_deal_not_solved_says_no_record_was_written(tmp_path: Path) -> None:
    path = tmp_path / "lost.txt"
    args = ["solve", "travellers", "--deal", "3", "--record", str(path)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0 and not path.exists()
    assert "No record written" in result.stderr and "unsolvable" in result.stdout


def test_the_record_is_saved_even_when_the_output_pipe_closes_early(tmp_path: Path) -> None:
    """``cadogan solve ... --record F | head -1``: head closes the pipe after one line,
    and the record, saved only after all the output, was never written."""
    import subprocess
    import sys

    path = tmp_path / "win.txt"
    command = [sys.executable, "-c", "from cadogan.cli import main; main()", "solve"]
    command += ["travellers", "--deal", str(WON_TRAVELLERS), "--record", str(path)]
    solver = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert solver.stdout is not None
    first = solver.stdout.readline()
    solver.stdout.close()  # as head does, with the solution's lines still to come
    solver.wait(120)
    assert b"solved" in first
    assert Record.load(path).result == "won"


def test_a_folder_or_an_empty_record_path_is_refused_before_the_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def searched(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran")

    monkeypatch.setattr("cadogan.cli_solve.run_solver", searched)
    for given in ("", str(tmp_path)):
        with pytest.raises(SystemExit) as err:
            main(["solve", "travellers", "--deal", "28", "--record", given])
        message = capsys.readouterr().err
        assert err.value.code == 2 and message.count("\n") == 1
        assert "is a folder" in message or "is a directory" in message
    assert list(tmp_path.iterdir()) == []  # the try at writing left nothing behind


def test_the_verdict_line_names_options_that_are_not_the_books() -> None:
    plain = run("solve", "napoleons-square", "--deal", "1", "--max-nodes", "200")
    modern = run(
        "solve", "napoleons-square", "--deal", "1", "-o", "rules=modern", "--max-nodes", "200"
    )
    assert plain.startswith("Napoleon's Square, deal 1:")
    assert modern.startswith("Napoleon's Square (rules=modern), deal 1:")


def test_replay_exits_1_for_a_certificate_whose_moves_do_not_win(tmp_path: Path) -> None:
    """A solver's record cut short still said [Result "won"] and replayed with exit 0,
    so a script checking certificates by exit status took it for a proof."""
    import subprocess
    import sys

    data = json.loads(run("solve", "travellers", "--deal", str(WON_TRAVELLERS), "--json"))
    lines = data["record"].splitlines()
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[:-3]) + "\n")
    command = [sys.executable, "-c", "from cadogan.cli import main; main()", "replay", str(cut)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stdout.strip().endswith("unfinished")
    assert result.stderr == "cadogan: the record says won, but its moves end unfinished\n"
    whole = tmp_path / "whole.txt"
    whole.write_text(data["record"])
    command[-1] = str(whole)
    assert subprocess.run(command, capture_output=True, text=True, timeout=120).returncode == 0


def test_an_undecided_verdict_says_how_to_try_longer() -> None:
    """A timeout ended the output with nothing to go on; it now gives the command of a
    longer solve, with the game's options, room in the table and its memory."""
    out = run(
        "solve", "napoleons-square", "--deal", "1", "-o", "rules=modern", "--max-nodes", "200"
    )
    assert "timeout: undecided" in out
    # The node budget ran out, so the try is with more nodes (it said 600 s and 5.6 GiB
    # of table for a deal cut short at 200 positions).
    assert out.strip().splitlines()[-1] == (
        "A longer try, with more positions: cadogan solve napoleons-square --deal 1 "
        "-o rules=modern --max-nodes 2000"
    )
    timed = run("solve", "hemispheres", "--deal", "36", "--timeout", "0.2")
    last = timed.strip().splitlines()[-1]
    assert last.startswith("A longer try, with room to prove a loss") and "GiB" in last
    states = _within_memory(40_000_000)  # 40 million, on a machine with room for them
    assert last.endswith(f"cadogan solve hemispheres --deal 36 --timeout 600 --max-states {states}")
    full = run("solve", "petits-paquets", "--deal", "2", "--max-states", "3")
    assert "memory: undecided" in full
    assert full.strip().splitlines()[-1] == (
        "A try with a larger table (under 1 MiB at most): "
        "cadogan solve petits-paquets --deal 2 --timeout 10 --max-states 12"
    )
    won = run("solve", "travellers", "--deal", str(WON_TRAVELLERS))
    assert "longer try" not in won


def test_a_record_file_that_exists_is_kept_unless_forced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A saved game given as --record was replaced without a word; now it is refused
    before the search, and --force replaces it."""
    saved = tmp_path / "saved.txt"
    saved.write_text("my saved game\n", encoding="utf-8")
    args = ["solve", "travellers", "--deal", str(WON_TRAVELLERS), "--record", str(saved)]
    with pytest.raises(SystemExit) as err:
        main(args)
    assert err.value.code == 2 and "--force" in capsys.readouterr().err
    assert saved.read_text(encoding="utf-8") == "my saved game\n"
    result = CliRunner().invoke(cli, [*args, "--force"])
    assert result.exit_code == 0, result.output
    assert Record.load(saved).result == "won"


def test_the_longer_try_fits_in_half_of_the_machines_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It suggested 40 million positions (5.6 GiB) whatever the machine: on a 4 GiB one
    the suggestion now stays within 2 GiB, and where the system says nothing it is kept."""
    pages = {"SC_PHYS_PAGES": 2**20, "SC_PAGE_SIZE": 4096}  # 4 GiB
    monkeypatch.setattr("os.sysconf", lambda name: pages[name])
    assert _within_memory(40_000_000) == 2**31 // STATE_BYTES
    assert _within_memory(1_000) == 1_000

    def silent(name: str) -> int:
        raise ValueError(name)

    monkeypatch.setattr("os.sysconf", silent)
    assert _within_memory(40_000_000) == 40_000_000


def test_the_figures_name_the_table_only_when_there_was_one() -> None:
    """It printed "0 positions in the table" after a deal played out, and "5 positions
    generated, 6 positions in the table" with no word on why the table held more."""
    played_out = run("solve", "travellers", "--deal", str(WON_TRAVELLERS))
    line = played_out.splitlines()[1]
    assert line.endswith(" s.") and "generated" in line and "table" not in line
    capped = run("solve", "zodiac", "--deal", "5", "--max-nodes", "5").splitlines()[1]
    assert capped.startswith("5 positions generated; the exhaustive search's table held ")
    assert "the start included" in capped
