"""Writing files so that a failed write loses nothing.

A record saved over an older one, or a results page drawn over a published one, is
written to a temporary file beside it and then renamed over it (``os.replace``, atomic
on one file system).  A full disk or a kill half-way leaves the old file whole, where
writing in place would leave it cut short.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8), all or nothing.

    The new file keeps the old one's permissions, or gets the usual ones for a new
    file (0o666 less the umask).  On any error the temporary file is removed and the
    error is raised; ``path`` is then as it was."""
    target = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    mode = _mode_for(target)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(name, mode)
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
