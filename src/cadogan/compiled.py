"""Optional compiled solver modules: the solver's hot plain-Python modules built with mypyc.

Why: a solve spends its time in plain Python: making and reading positions (the core's
value types), the searches, and each hard game's move lists, keys, ``dead`` tests and
scores.  Compiled to C with mypyc (part of mypy) those modules run the same search node
for node, two to four times as fast (benchmarks/README.md, "With the compiled solver
modules" and "Constants the compiler can see").  Their module-level constants are
``Final`` (a test checks it): mypyc looks any other module-level name up in the
module's dict at each use.

What: compiling is optional and never automatic.  ``cadogan compile`` (``build``)
copies the package's sources to a scratch directory, compiles ``MODULES`` there, and
puts the compiled files into a cache directory named by ``digest``: a hash of every
source file of the package, the Python version and the platform.  It then solves a few
sample deals with the compiled modules and with the plain ones, in fresh processes, and
marks the build good only when every answer is the same.  On ``import cadogan``,
``activate`` looks for a good build whose digest matches the sources installed now; with
one it loads those modules compiled, and without one (or with ``CADOGAN_PURE`` set)
everything is plain Python, as before.  A compiled module can never be stale: changing
any source file changes the digest, and the old build is simply not used.

This module imports only the standard library, and ``import cadogan`` imports it first
of all: importing it calls ``activate``.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

# The modules compiled: the core's value types (every position is made of them), the
# search engine and its probes, and the three hard games' move rules and solver hooks.
MODULES = (
    "cadogan.core.frozenmap",
    "cadogan.core.pile",
    "cadogan.core.state",
    "cadogan.core.encode",
    "cadogan.core.facts",
    "cadogan.core.fast",
    "cadogan.solve.engine",
    "cadogan.solve.keys",
    "cadogan.solve.search",
    "cadogan.solve.exhaustive",
    "cadogan.solve.probe",
    "cadogan.solve.rules",
    "cadogan.solve.beam",
    "cadogan.solve.novelty",
    "cadogan.games._constitution_rules",
    "cadogan.games._constitution_solve",
    "cadogan.games._constitution_guide",
    "cadogan.games._napoleons_square_rules",
    "cadogan.games._napoleons_square_moves",
    "cadogan.games._napoleons_square_dead",
    "cadogan.games._napoleons_square_space",
    "cadogan.games._napoleons_square_solve",
    "cadogan.games._napoleons_square_fast",
    "cadogan.games._hemispheres_rules",
    "cadogan.games._hemispheres_solve",
    "cadogan.games._hemispheres_steer",
    "cadogan.games._hemispheres_fast",
    "cadogan.games._duchesse_rules",
    "cadogan.games._duchesse_solve",
)
ENV_DIR = "CADOGAN_COMPILED_DIR"  # where builds are kept (default: the user's cache)
ENV_PURE = "CADOGAN_PURE"  # set (to anything but "" or "0") to never load a build
ENV_CHECK = "CADOGAN_COMPILED_CHECK"  # internal: a build to load before it is marked good
GOOD = "GOOD"  # the marker file of a build whose sample solves matched the plain modules
MANIFEST = "manifest.json"
BUILD_NAME = re.compile(r"[0-9a-f]{20}")  # a build's folder: its sources' digest
STAGING_NAME = re.compile(r"\.[0-9a-f]{20}-")  # a build being made (``build``)
KEEP = 3  # builds kept in the cache: the newest, for this and other sources (``prune``)
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
# The sample solves that a build must answer exactly as the plain modules do: (game,
# deal, positions).  Each ends in a win, a proof of loss or at its cap after some
# thousands of positions; the wins come from the best-first probe, the beam and (in the
# Duchesse) the exhaustive search.
SAMPLES = (
    ("constitution", 13, 5_000),
    ("constitution", 12, 3_000),
    ("napoleons-square", 1, 9_000),
    ("napoleons-square", 23, 16_000),
    ("hemispheres", 4, 13_000),
    ("hemispheres", 1, 3_000),
    ("duchesse-de-luynes", 37, 30_000),  # proved lost: sure plays and the last-deal test
    ("duchesse-de-luynes", 1, 12_000),
)


class CompileError(Exception):
    """A build could not be made or did not pass its check; the message says why."""


def package_dir() -> Path:
    """The directory of the installed ``cadogan`` package (sources, editable or not)."""
    return Path(__file__).resolve().parent


def digest(package: Path | None = None) -> str:
    """A hash naming the build for these sources: every ``.py`` file of the package
    (path and contents), the Python implementation and version, and the platform.

    Every source counts, not only ``MODULES``: mypyc may build in facts about the
    modules a compiled one imports (its classes, its constants)."""
    package = package or package_dir()
    hashed = hashlib.sha256()
    hashed.update(f"{sys.implementation.cache_tag}|{SUFFIX}|{platform.machine()}".encode())
    for path in sorted(package.rglob("*.py")):
        hashed.update(path.relative_to(package).as_posix().encode() + b"\0")
        hashed.update(path.read_bytes() + b"\0")
    return hashed.hexdigest()[:20]


def cache_root() -> Path:
    """Where builds are kept: ``$CADOGAN_COMPILED_DIR``, else ``cadogan/compiled`` in
    the user's cache directory (``$XDG_CACHE_HOME`` or ``~/.cache``)."""
    chosen = os.environ.get(ENV_DIR)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cadogan" / "compiled"


def extensions(directory: Path) -> dict[str, Path]:
    """Each compiled file under ``directory``, by the module name it provides."""
    found: dict[str, Path] = {}
    for path in directory.rglob("*" + SUFFIX):
        parts = path.relative_to(directory).parts
        found[".".join((*parts[:-1], parts[-1][: -len(SUFFIX)]))] = path
    return found


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled file of a module of a build, ahead of its plain source."""

    def __init__(self, files: Mapping[str, Path]) -> None:
        self.files = dict(files)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def _pure() -> bool:
    return os.environ.get(ENV_PURE, "") not in ("", "0")


def activate() -> bool:
    """Load the compiled modules from now on, if a good build matches these sources.

    Called by ``import cadogan`` before anything else of the package is imported.
    Without a cache directory it costs one look at the disk; with one, hashing the
    sources (a few milliseconds).  It never stops the import: when the cache cannot
    be looked at (no home directory, a file that cannot be read), the plain modules
    run, as without a build."""
    if _pure() or any(isinstance(f, _Finder) for f in sys.meta_path):
        return False
    try:
        files = _good_build()
    except (OSError, RuntimeError):  # RuntimeError: Path.home() without a home
        return False
    if not files:
        return False
    sys.meta_path.insert(0, _Finder(files))
    return True


def _good_build() -> dict[str, Path]:
    """The compiled files of the good build for these sources (none without one)."""
    checking = os.environ.get(ENV_CHECK)
    if checking:  # ``build`` checking a new build before it marks it good
        build = Path(checking)
    else:
        root = cache_root()
        if not root.is_dir():
            return {}
        build = root / digest()
        if not (build / GOOD).is_file():
            return {}
    return extensions(build)


def loaded() -> dict[str, bool]:
    """For each of ``MODULES``: True when this process runs it compiled (imports them)."""
    return {
        name: str(getattr(importlib.import_module(name), "__file__", "")).endswith(SUFFIX)
        for name in MODULES
    }


def status() -> dict[str, Any]:
    """What ``cadogan compile --status`` reports: the digest, the cache, whether a good
    build matches these sources, and which modules this process runs compiled."""
    root = cache_root()
    build = root / digest()
    return {
        "digest": build.name,
        "cache": str(root),
        "built": (build / GOOD).is_file(),
        "pure": _pure(),
        "modules": loaded(),
    }


def sample() -> list[list[Any]]:
    """The sample solves' answers in this process: game, deal, status, positions, moves."""
    from cadogan.registry import game
    from cadogan.solve import solve

    answers: list[list[Any]] = []
    for name, number, nodes in SAMPLES:
        rules = game(name)
        found = solve(rules, rules.deal(number), timeout=600, max_nodes=nodes)
        answers.append([name, number, found.status, found.nodes, [str(m) for m in found.moves]])
    return answers


Say = Callable[[str], None]


def build(root: Path | None = None, say: Say | None = None) -> Path:
    """Compile ``MODULES`` for the sources installed now, check the build, keep it.

    Returns the build's directory.  Raises ``CompileError`` when mypyc or a C compiler
    is missing, when compiling fails, or when the compiled modules do not solve the
    samples exactly as the plain ones; nothing is kept then.  Once the new build is
    good, only the ``KEEP`` newest builds stay in the cache (``prune``).  ``say`` is
    told each stage as it starts.
    """
    tell = say or (lambda _text: None)
    root = root or cache_root()
    _require_tools()
    name = digest()
    final = root / name
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=root))
    try:
        with tempfile.TemporaryDirectory(prefix="cadogan-compile-") as scratch:
            _compile(Path(scratch), staging, tell)
        _manifest(staging)
        tell("checking the compiled modules against the plain ones on sample deals")
        _check(staging)
        (staging / GOOD).write_text("the sample solves matched the plain modules\n")
        shutil.rmtree(final, ignore_errors=True)
        staging.rename(final)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    prune(root)
    return final


def _builds(root: Path) -> list[Path]:
    """The finished builds in ``root``: folders named by a sources' digest.

    Only these (and ``_staging`` ones) are ever deleted, so that a cache folder set by
    ``$CADOGAN_COMPILED_DIR`` to a place holding other files loses none of them."""
    return [b for b in root.iterdir() if b.is_dir() and BUILD_NAME.fullmatch(b.name)]


def _staging(root: Path) -> list[Path]:
    """Builds left half made in ``root`` (``.DIGEST-xxxx``, by a ``build`` that died)."""
    return [b for b in root.iterdir() if b.is_dir() and STAGING_NAME.match(b.name)]


def prune(root: Path, keep: int | None = None) -> list[Path]:
    """Delete all but the ``keep`` (``KEEP``) newest builds in ``root``; the deleted.

    Several builds are kept, not one, so that two checkouts (or two Pythons) sharing a
    cache do not delete each other's build at every ``cadogan compile``.  Builds being
    made (names starting with a dot) and anything not named like a build are left
    alone."""
    builds = _builds(root)
    builds.sort(key=lambda b: b.stat().st_mtime, reverse=True)
    gone = builds[KEEP if keep is None else keep :]
    for old in gone:
        shutil.rmtree(old, ignore_errors=True)
    return gone


def remove(root: Path | None = None) -> bool:
    """Delete every build, and the cache folder once nothing else is in it; True when
    there was a build to delete.  Files and folders that are not builds stay."""
    root = root or cache_root()
    if not root.is_dir():
        return False
    found = _builds(root) + _staging(root)
    for build in found:
        shutil.rmtree(build)
    with contextlib.suppress(OSError):
        root.rmdir()  # only when empty: the folder may hold the user's own files
    return bool(found)


def _require_tools() -> None:
    if importlib.util.find_spec("mypyc") is None:
        raise CompileError("mypyc is not installed: pip install 'cadogan[compile]'")
    compiler = os.environ.get("CC", "cc").split()[0]
    if shutil.which(compiler) is None and shutil.which("gcc") is None:
        raise CompileError(f"no C compiler found (looked for {compiler!r} and 'gcc')")


def _compile(scratch: Path, staging: Path, tell: Say) -> None:
    """Run mypyc on a copy of the package in ``scratch``; its files go to ``staging``."""
    source = scratch / "src"
    shutil.copytree(
        package_dir(), source / "cadogan", ignore=_not_sources, ignore_dangling_symlinks=True
    )
    files = [name.replace(".", "/") + ".py" for name in MODULES]
    tell(f"type-checking and translating {len(files)} modules to C")
    command = [sys.executable, "-m", "mypyc", *files]
    with subprocess.Popen(
        command, cwd=source, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as run:
        assert run.stdout is not None
        output = []
        for line in run.stdout:
            output.append(line.rstrip())
            if line.startswith("building '"):
                tell(f"compiling {line.split(chr(39))[1]}")
    if run.returncode != 0:
        tail = "\n".join(output[-15:])
        raise CompileError(f"mypyc failed (exit {run.returncode}):\n{tail}")
    shutil.rmtree(source / "build")  # mypyc's own work; the files it made sit by the sources
    for module in extensions(source).values():
        target = staging / module.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(module, target)


def _not_sources(directory: str, names: list[str]) -> set[str]:
    """For ``copytree``: skip everything but the packages' ``.py`` files."""
    here = Path(directory)
    return {
        n for n in names if not (n.endswith(".py") or (here / n).is_dir()) or n == "__pycache__"
    }


def _manifest(staging: Path) -> None:
    from importlib.metadata import version

    built = sorted(extensions(staging))
    missing = [m for m in MODULES if m not in built]
    if missing:
        raise CompileError(f"mypyc made no compiled file for {', '.join(missing)}")
    text = {"python": sys.version, "mypy": version("mypy"), "modules": built}
    (staging / MANIFEST).write_text(json.dumps(text, indent=1) + "\n")


def _check(staging: Path) -> None:
    """Solve the samples with the new build and with the plain modules, each in a fresh
    process; raise unless every module ran compiled and every answer is the same."""
    env = {k: v for k, v in os.environ.items() if k not in (ENV_PURE, ENV_CHECK, ENV_DIR)}
    compiled = report(env | {ENV_CHECK: str(staging)})
    plain = report(env | {ENV_PURE: "1"})
    pure = [name for name, native in compiled["modules"].items() if not native]
    if pure:
        raise CompileError(f"these modules did not load compiled: {', '.join(pure)}")
    if compiled["sample"] != plain["sample"]:
        raise CompileError("the compiled modules solved the sample deals differently")


def report(env: Mapping[str, str]) -> dict[str, Any]:
    """What a fresh process with environment ``env`` runs: ``modules``, which of
    ``MODULES`` it loaded compiled (``loaded``), and ``sample``, its sample answers."""
    script = (
        "import json, cadogan.compiled as c; "
        "print(json.dumps({'modules': c.loaded(), 'sample': c.sample()}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise CompileError(f"the check failed:\n{done.stderr.strip()[-2000:]}")
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


activate()
