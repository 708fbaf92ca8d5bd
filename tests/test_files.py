"""Files are replaced whole or not at all (``cadogan.files.write_atomic``), so a full
disk never leaves a record or a results page cut short."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cadogan import registry
from cadogan.files import write_atomic
from cadogan.session import Session


def _deny_write(monkeypatch: pytest.MonkeyPatch, denied: Path) -> None:
    """As if the user might not write ``denied`` (the tests run as root, whom
    permissions do not stop)."""
    real_access = os.access

    def access(path: object, mode: int) -> bool:
        return False if Path(str(path)) == denied else real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)


def test_a_write_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "page.md"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o640
    write_atomic(tmp_path / "image.png", b"\x89PNG")
    assert (tmp_path / "image.png").read_bytes() == b"\x89PNG"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["image.png", "page.md"]


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.rec", "text")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.rec").stat().st_mode & 0o777 == 0o644


def test_a_failed_write_leaves_the_old_file_and_no_part_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "old.rec"
    target.write_text("the old record\n")
    _full_disk(monkeypatch)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, "a new record, much longer than the old one\n" * 1000)
    assert target.read_text() == "the old record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["old.rec"]


def test_saving_a_record_over_an_old_one_is_all_or_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``solve --record`` and play's ``save`` used to cut the old record short on a
    full disk, leaving a file that no longer replayed."""
    session = Session(registry.game("travellers"), 3)
    path = tmp_path / "game.rec"
    session.save(path)
    saved = path.read_text()
    session.play(session.moves()[0])
    _full_disk(monkeypatch)
    with pytest.raises(OSError):
        session.save(path)
    assert path.read_text() == saved


def test_a_link_is_followed_and_kept(tmp_path: Path) -> None:
    """A rename over the link's path would have replaced the link with a file and left
    the file it names as it was."""
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "game.rec"
    real.write_text("old")
    link = tmp_path / "game.rec"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_a_file_with_other_links_is_written_in_place(tmp_path: Path) -> None:
    first = tmp_path / "a.rec"
    first.write_text("old")
    second = tmp_path / "b.rec"
    os.link(first, second)
    write_atomic(first, "new")
    assert second.read_text() == "new" and first.stat().st_ino == second.stat().st_ino


def test_a_folder_the_user_may_not_write_in_still_takes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No part-file can be made there, so the file is written in place, as before."""
    target = tmp_path / "w.rec"
    target.write_text("old")
    _deny_write(monkeypatch, tmp_path)
    write_atomic(target, "new")
    assert target.read_text() == "new"


def test_a_file_the_user_may_not_write_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Renaming over it would have replaced a write-protected file."""
    target = tmp_path / "ro.rec"
    target.write_text("old")
    _deny_write(monkeypatch, target)
    with pytest.raises(PermissionError):
        write_atomic(target, "new")
    assert target.read_text() == "old"


def test_a_pipe_is_written_to_not_replaced(tmp_path: Path) -> None:
    """A named pipe (``--record FIFO``) got a plain file renamed over it, and its reader
    nothing; it is written to now and stays a pipe."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so the write can open
    try:
        write_atomic(fifo, "a record\n")
        assert os.read(reader, 100) == b"a record\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_descriptor_is_appended_to_not_replaced(tmp_path: Path) -> None:
    """``--record /dev/stdout > out.txt`` renamed the record over out.txt, losing what
    was printed before; through /dev/fd the file is appended to and keeps its inode."""
    out = tmp_path / "out.txt"
    out.write_text("the solution\n")
    inode = out.stat().st_ino
    with out.open("a") as redirected:
        write_atomic(f"/dev/fd/{redirected.fileno()}", "the record\n")
    assert out.read_text() == "the solution\nthe record\n" and out.stat().st_ino == inode
    read, write = os.pipe()  # and an unnamed pipe, whose path resolves to no file at all
    try:
        write_atomic(f"/proc/self/fd/{write}", b"piped")
        assert os.read(read, 100) == b"piped"
    finally:
        os.close(read)
        os.close(write)
