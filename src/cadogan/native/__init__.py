"""Native kernels: small C files for the solver's hottest probes, built on first use.

Why: the beam probe of a game dealt card by card wins more deals the wider it may grow,
and in Python (even compiled with mypyc) a 10-second solve never lets it grow past a
few thousand positions a layer.  A kernel plays one game's rules on plain arrays in C,
ten to twenty times as fast, so that the same kind of beam grows to tens of thousands.

What: each kernel is one C file beside this module, with no dependency beyond the C
library, loaded through ``ctypes``.  The first ``library(name)`` in a process compiles
the file with the system's C compiler (``$CC``, else ``cc`` or ``gcc``; about a second)
into a cache directory (``$CADOGAN_NATIVE_DIR``, else ``cadogan/native`` in the user's
cache directory), named by a hash of the source, the headers it may include (the beam
engine ``beam.h``, the exhaustive search ``exhaust.h`` and ``kernel.h``), the compiler
command and the platform, so a build can never be stale.  Without a compiler, or with
``CADOGAN_NATIVE=0``, there is no kernel and the solver runs its Python probes as
before.

Soundness: a kernel's winning line is only a proposal, which the caller replays through
``Game.play`` (which refuses an illegal move) and must end in a win before anything is
reported.  A proof of loss can come from native code: the exhaustive search
(``exhaust.h``, :mod:`cadogan.solve.native_exhaustive`) runs the same sound search and
proofs of loss as the game's Python form, which the tests hold it to.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ENV_SWITCH = "CADOGAN_NATIVE"  # "0" turns the kernels off
ENV_DIR = "CADOGAN_NATIVE_DIR"  # where built kernels are kept
FLAGS = ("-O2", "-shared", "-fPIC", "-std=c11")
KEEP = 3  # builds of one kernel kept in the cache: the newest (``prune``)
_LOADED: dict[str, ctypes.CDLL | None] = {}
_ERRORS: dict[str, str] = {}


def enabled() -> bool:
    """Whether kernels may be used in this process (``CADOGAN_NATIVE`` is not ``0``)."""
    return os.environ.get(ENV_SWITCH, "1") not in ("0", "")


def source(name: str) -> Path:
    """The C file of kernel ``name``."""
    return Path(__file__).resolve().with_name(f"{name}.c")


def cache_dir() -> Path:
    """Where built kernels are kept."""
    chosen = os.environ.get(ENV_DIR)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cadogan" / "native"


def compiler() -> str | None:
    """The C compiler's command: ``$CC``, else ``cc`` or ``gcc``; None without one."""
    wanted = os.environ.get("CC")
    for name in (wanted, "cc", "gcc"):
        if name and shutil.which(name.split()[0]):
            return name
    return None


def target(name: str, cc: str) -> Path:
    """The built file of kernel ``name`` for the source and compiler as they are now."""
    hashed = hashlib.sha256()
    for header in sorted(source(name).parent.glob("*.h")):  # every kernel includes them
        hashed.update(header.name.encode() + b"\0" + header.read_bytes() + b"\0")
    hashed.update(source(name).read_bytes())
    hashed.update(f"|{cc}|{' '.join(FLAGS)}|{platform.machine()}|{platform.system()}".encode())
    return cache_dir() / f"{name}-{hashed.hexdigest()[:16]}.so"


def build(name: str) -> Path:
    """Compile kernel ``name`` unless its build is there already; the built file.

    Raises ``OSError`` (or ``subprocess.CalledProcessError``) when it cannot be built.
    The file is written under a temporary name and renamed into place, so two
    processes building at once never load half a file."""
    cc = compiler()
    if cc is None:
        raise OSError("no C compiler found (looked for $CC, cc and gcc)")
    final = target(name, cc)
    if final.is_file():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=f".{name}-", suffix=".so", dir=final.parent)
    os.close(handle)
    try:
        command = [*cc.split(), *FLAGS, "-o", partial, str(source(name))]
        subprocess.run(command, check=True, capture_output=True, text=True)
        os.replace(partial, final)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    prune(name)
    return final


def prune(name: str, keep: int = KEEP) -> list[Path]:
    """Delete all but the ``keep`` newest builds of kernel ``name`` (each change of its
    sources makes a new one); the deleted.  Several are kept, so that two checkouts
    sharing a cache do not undo each other's build every time.  A process that has
    loaded a deleted build keeps it: the system frees the file when it closes."""
    builds = sorted(cache_dir().glob(f"{name}-*.so"), key=lambda p: p.stat().st_mtime, reverse=True)
    gone = builds[keep:]
    for old in gone:
        old.unlink(missing_ok=True)
    return gone


def library(name: str) -> ctypes.CDLL | None:
    """Kernel ``name``, built if need be and loaded; None when kernels are off or it
    cannot be built (``error(name)`` then says why).  Remembered for the process."""
    if not enabled():
        return None
    if name not in _LOADED:
        try:
            _LOADED[name] = ctypes.CDLL(str(build(name)))
        except (OSError, RuntimeError, subprocess.CalledProcessError) as problem:
            detail = getattr(problem, "stderr", "") or str(problem)
            _ERRORS[name] = detail.strip().splitlines()[-1] if detail.strip() else repr(problem)
            _LOADED[name] = None
    return _LOADED[name]


def error(name: str) -> str | None:
    """Why kernel ``name`` could not be loaded in this process, if it could not."""
    return _ERRORS.get(name)


def names() -> tuple[str, ...]:
    """Every kernel: the C files beside this module."""
    return tuple(sorted(p.stem for p in Path(__file__).resolve().parent.glob("*.c")))


def status() -> dict[str, Any]:
    """What ``cadogan compile --status`` reports of the kernels, without building any:
    whether they are on, the compiler, the cache, and each kernel's built file for the
    sources as they are now (None when not built yet)."""
    cc = compiler()
    built: dict[str, str | None] = {}
    for name in names():
        path = target(name, cc) if cc is not None else None
        built[name] = str(path) if path is not None and path.is_file() else None
    return {"enabled": enabled(), "compiler": cc, "cache": str(cache_dir()), "kernels": built}
