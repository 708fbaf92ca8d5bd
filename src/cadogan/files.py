"""Writing files so that a failed write loses nothing.

A record saved over an older one, or a results page drawn over a published one, is
written to a temporary file beside it and then renamed over it (``os.replace``, atomic
on one file system).  A full disk or a kill half-way leaves the old file whole, where
writing in place would leave it cut short.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8), all or nothing.

    A symbolic link is followed (the file it names is replaced, the link stays).  A
    file the user may not write is refused, as a plain write would be.  Where the
    replacement cannot keep what a rename would lose (a folder the user may not write
    in, a file with other hard links), the file is written in place, as before.  The
    new file keeps the old one's permissions (and owner, where allowed), or gets the
    usual ones for a new file (0o666 less the umask).  On any error the temporary
    file is removed and the error is raised; ``path`` is then as it was.

    A stream is written to, never replaced: a pipe, a device, or a file descriptor
    named through ``/dev/fd`` or ``/proc/PID/fd`` (``/dev/stdout``).  A rename there
    would put a plain file in the device's place, or over the file a shell redirected
    the output to; the data is appended instead, after what was written before."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if _stream(path):
        with open(path, "ab") as stream:  # appended: a redirection's earlier output stays
            stream.write(raw)
        return
    target = Path(os.path.realpath(path))
    old = _stat(target)
    if old is not None and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))
    if not os.access(target.parent, os.W_OK) or (old is not None and old.st_nlink > 1):
        target.write_bytes(raw)  # in place: no rename possible, or one would split links
        return
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(name, _mode_for(old))
        if old is not None:
            with contextlib.suppress(OSError):  # only the owner's rights allow it
                os.chown(name, old.st_uid, old.st_gid)
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def _stream(path: str | Path) -> bool:
    """Whether ``path`` names a stream (see :func:`write_atomic`): it exists and is not
    a regular file, or one of the links that lead to it names an open descriptor."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return True
    except FileNotFoundError:
        return False
    hop = os.path.abspath(path)
    for _ in range(MAX_HOPS):
        if DESCRIPTORS.fullmatch(os.path.realpath(os.path.dirname(hop))):
            return True
        if not os.path.islink(hop):
            return False
        hop = os.path.join(os.path.dirname(hop), os.readlink(hop))
    return False


MAX_HOPS = 40  # links followed, as the kernel's own limit
DESCRIPTORS = re.compile(r"/proc/[^/]+/fd|/dev/fd")


def _stat(target: Path) -> os.stat_result | None:
    try:
        return target.stat()
    except FileNotFoundError:
        return None


def _mode_for(old: os.stat_result | None) -> int:
    if old is not None:
        return old.st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
