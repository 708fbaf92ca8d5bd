"""The optional compiled solver modules (``cadogan.compiled``, ``cadogan compile``).

The tests run the plain modules (``conftest.py`` sets ``CADOGAN_PURE``); the last one
builds the compiled modules into a scratch cache and checks, in fresh processes, that
they load compiled and solve the sample deals exactly as the plain modules do here.
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cadogan import compiled
from cadogan.cli import cli
from tests.helpers import plain_only


def _package(root: Path) -> Path:
    (root / "sub").mkdir(parents=True)
    (root / "a.py").write_text("A = 1\n")
    (root / "sub" / "b.py").write_text("B = 2\n")
    return root


def test_digest_changes_with_any_source(tmp_path: Path) -> None:
    package = _package(tmp_path / "pkg")
    first = compiled.digest(package)
    assert compiled.digest(package) == first
    (package / "notes.md").write_text("not a source\n")
    assert compiled.digest(package) == first
    (package / "sub" / "b.py").write_text("B = 3\n")
    changed = compiled.digest(package)
    assert changed != first
    (package / "sub" / "b.py").write_text("B = 2\n")
    assert compiled.digest(package) == first
    (package / "sub" / "c.py").write_text("")
    assert compiled.digest(package) not in (first, changed)


def test_extensions_are_named_by_module(tmp_path: Path) -> None:
    suffix = compiled.SUFFIX
    (tmp_path / "cadogan" / "games").mkdir(parents=True)
    (tmp_path / "cadogan" / "games" / f"_x{suffix}").write_text("")
    (tmp_path / f"abc__mypyc{suffix}").write_text("")
    (tmp_path / "manifest.json").write_text("{}")
    assert compiled.extensions(tmp_path) == {
        "cadogan.games._x": tmp_path / "cadogan" / "games" / f"_x{suffix}",
        "abc__mypyc": tmp_path / f"abc__mypyc{suffix}",
    }


def _source(name: str) -> Path:
    """The source file of the package's module ``name`` (``cadogan.x.y``)."""
    parts = name.split(".")
    assert parts[0] == "cadogan"
    return compiled.package_dir().joinpath(*parts[1:]).with_suffix(".py")


def test_every_listed_module_has_a_source() -> None:
    for name in compiled.MODULES:
        assert _source(name).is_file(), name


def _upper(name: str) -> bool:
    """Whether ``name`` is a constant's (UPPER_CASE; CamelCase names are types)."""
    return name.upper() == name and any(c.isalpha() for c in name)


def _unmarked_constants(source: str) -> list[str]:
    """The module-level constants (UPPER_CASE names, ``TypeVar``s aside) that a
    module's source binds without ``Final``."""
    found: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            if ast.unparse(node.value).startswith("TypeVar("):
                continue
            names = [n for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            found += [n.id for n in names if _upper(n.id)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            marked = "Final" in ast.unparse(node.annotation)
            if not marked and _upper(node.target.id):
                found.append(node.target.id)
    return found


def test_unmarked_constants_are_found() -> None:
    source = (
        "T = TypeVar('T')\nA: Final = 1\nB = 2\nC, d = 3, 4\n_E: dict[int, int] = {}\n"
        "Value = int | str\n"
    )
    assert _unmarked_constants(source) == ["B", "C", "_E"]


def test_compiled_modules_mark_their_constants_final() -> None:
    """mypyc looks a module-level name up in the module's dict at every use unless it
    is ``Final`` (then it inlines the value or reads a C static): the Hemispheres'
    beam ran 47% faster once its constants were marked (benchmarks/README.md)."""
    for name in compiled.MODULES:
        assert _unmarked_constants(_source(name).read_text()) == [], name


def test_prune_keeps_the_newest_builds(tmp_path: Path) -> None:
    names = {age: f"{age:x}" * 20 for age in range(4)}  # folders named like digests
    for age, name in names.items():
        (tmp_path / name).mkdir()
        os.utime(tmp_path / name, (1_000_000 - age, 1_000_000 - age))
    (tmp_path / f".{names[0]}-being-made").mkdir()
    (tmp_path / "a-file").write_text("")
    (tmp_path / "not-a-build").mkdir()  # a folder of the user's, never pruned
    gone = compiled.prune(tmp_path, keep=2)
    assert sorted(p.name for p in gone) == [names[2], names[3]]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f".{names[0]}-being-made", "a-file", "not-a-build", names[0], names[1]]
    )


def test_remove_deletes_only_builds(tmp_path: Path) -> None:
    """``$CADOGAN_COMPILED_DIR`` may name a folder holding other things: ``--remove``
    deletes the builds (finished or half made) and keeps everything else."""
    build = _fake_build(tmp_path, good=True)
    (tmp_path / f".{build.name}-half-made").mkdir()
    (tmp_path / "precious.txt").write_text("keep me")
    (tmp_path / "notes").mkdir()
    assert compiled.remove(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes", "precious.txt"]
    assert not compiled.remove(tmp_path)  # nothing of cadogan's is left to remove


def test_finder_answers_only_for_its_modules(tmp_path: Path) -> None:
    file = tmp_path / f"m{compiled.SUFFIX}"
    finder = compiled._Finder({"pkg.m": file})
    assert finder.find_spec("pkg.other", None) is None
    spec = finder.find_spec("pkg.m", None)
    assert spec is not None and spec.origin == str(file)
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def _fake_build(root: Path, good: bool) -> Path:
    build = root / compiled.digest()
    build.mkdir(parents=True)
    (build / f"cadogan_fake_module{compiled.SUFFIX}").write_text("")
    if good:
        (build / compiled.GOOD).write_text("")
    return build


def _finders() -> list[object]:
    return [f for f in sys.meta_path if isinstance(f, compiled._Finder)]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty scratch cache; no compiled module is ever loaded from it."""
    monkeypatch.setenv(compiled.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.delenv(compiled.ENV_PURE, raising=False)
    monkeypatch.delenv(compiled.ENV_CHECK, raising=False)
    before = list(sys.meta_path)
    yield tmp_path / "cache"
    sys.meta_path[:] = before


@plain_only
def test_activate_uses_only_a_good_matching_build(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not compiled.activate()  # no cache directory at all
    _fake_build(cache, good=False)
    assert not compiled.activate() and not _finders()  # not checked, so not used
    (cache / compiled.digest() / compiled.GOOD).write_text("")
    monkeypatch.setenv(compiled.ENV_PURE, "1")
    assert not compiled.activate() and not _finders()  # CADOGAN_PURE wins
    monkeypatch.delenv(compiled.ENV_PURE)
    assert compiled.activate()
    assert set(_finders()[0].files) == {"cadogan_fake_module"}  # type: ignore[attr-defined]
    assert not compiled.activate()  # once is enough


@plain_only
def test_activate_never_stops_the_import(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory")

    real_root = compiled.cache_root
    monkeypatch.setattr(compiled, "cache_root", no_home)
    assert not compiled.activate() and not _finders()
    monkeypatch.setattr(compiled, "cache_root", real_root)
    _fake_build(cache, good=True)
    monkeypatch.setenv(compiled.ENV_PURE, "")
    assert compiled.activate()  # the good build is used...
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, compiled._Finder)]
    monkeypatch.setattr(compiled, "digest", lambda: (_ for _ in ()).throw(PermissionError()))
    assert not compiled.activate() and not _finders()  # ...unless it cannot be looked at


@plain_only
def test_activate_ignores_a_build_for_other_sources(cache: Path) -> None:
    stale = cache / "0123456789abcdef0123"
    stale.mkdir(parents=True)
    (stale / f"cadogan_fake_module{compiled.SUFFIX}").write_text("")
    (stale / compiled.GOOD).write_text("")
    assert not compiled.activate() and not _finders()


@plain_only
def test_cli_status_without_a_build(cache: Path) -> None:
    result = CliRunner().invoke(cli, ["compile", "--status", "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)
    assert state["built"] is False and state["cache"] == str(cache)
    assert set(state["modules"]) == set(compiled.MODULES)
    assert not any(state["modules"].values())  # this process runs the plain modules
    assert set(state["native"]["kernels"]) == {"hemispheres", "napoleons_square"}
    text = CliRunner().invoke(cli, ["compile", "--status"]).output
    assert (
        "no build" in text and f"0 of {len(compiled.MODULES)}" in text and "cadogan compile" in text
    )
    assert "native kernels: " in text


def test_cli_status_says_when_the_native_kernels_are_off(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CADOGAN_NATIVE", "0")
    text = CliRunner().invoke(cli, ["compile", "--status"]).output
    assert "native kernels: off" in text


def test_cli_remove_and_bad_flags(cache: Path) -> None:
    runner = CliRunner()
    assert "there was no compiled build" in runner.invoke(cli, ["compile", "--remove"]).output
    _fake_build(cache, good=True)
    assert "removed every" in runner.invoke(cli, ["compile", "--remove"]).output
    assert not cache.exists()
    assert runner.invoke(cli, ["compile", "--status", "--remove"]).exit_code == 2
    assert runner.invoke(cli, ["compile", "--json"]).exit_code == 2


def test_build_says_what_is_missing(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *rest: None if name == "mypyc" else real(name, *rest),
    )
    with pytest.raises(compiled.CompileError, match=r"cadogan\[compile\]"):
        compiled.build()
    monkeypatch.setattr(importlib.util, "find_spec", real)
    monkeypatch.setenv("CC", "no-such-compiler")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(compiled.CompileError, match="no C compiler"):
        compiled.build()
    assert not cache.exists()  # nothing made


def _can_compile() -> bool:
    has_mypyc = importlib.util.find_spec("mypyc") is not None
    return has_mypyc and bool(shutil.which("cc") or shutil.which("gcc"))


@pytest.mark.skipif(not _can_compile(), reason="needs mypyc and a C compiler")
@plain_only
def test_compiled_modules_solve_exactly_as_the_plain_ones(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV_PURE}
    env[compiled.ENV_DIR] = str(tmp_path / "cache")
    built = subprocess.run(
        [sys.executable, "-m", "cadogan.cli", "compile"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    assert f"compiled {len(compiled.MODULES)} modules" in built.stdout
    answer = compiled.report(env)
    assert all(answer["modules"].values()), answer["modules"]
    assert not any(compiled.loaded().values())  # here: the plain modules
    plain = compiled.sample()
    assert answer["sample"] == plain
    statuses = [status for _, _, status, _, _ in plain]
    assert statuses == [
        *("solved", "timeout", "solved", "solved", "solved", "timeout"),
        *("unsolvable", "solved"),  # the Duchesse: a proof of loss, then a win
    ]
