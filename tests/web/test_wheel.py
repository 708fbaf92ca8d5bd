"""A built wheel carries the web page (HTML, CSS, JavaScript, the card art and its
notice), the rules pages and the native kernels' C sources.

The wheel is built from a copy of the project in a temporary folder, so the test
leaves no ``build/`` behind in the working tree.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "cadogan" / "web" / "static"
FACES = [f"{r}{s}.svg" for s in "CDHS" for r in "A23456789TJQK"]


def test_the_static_folder_holds_only_the_cards_used() -> None:
    cards = sorted(p.name for p in (STATIC / "cards").iterdir())
    assert cards == sorted([*FACES, "back.svg", "NOTICE.md"])
    notice = (STATIC / "cards" / "NOTICE.md").read_text()
    assert "Adrian Kennard" in notice and "CC0" in notice and "MIT License" in notice


def test_the_wheel_contains_the_page_and_the_cards(tmp_path: Path) -> None:
    pytest.importorskip("build")
    source = tmp_path / "src-copy"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "src",
        source / "src",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc"),
    )
    out = tmp_path / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    (wheel,) = out.glob("cadogan-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    prefix = "cadogan/web/static/"
    for face in [*FACES, "back.svg", "NOTICE.md"]:
        assert prefix + "cards/" + face in names
    for page in ("index.html", "css/app.css", "js/main.js", "js/layouts/generic.js"):
        assert prefix + page in names
    for path in (ROOT / "src" / "cadogan" / "rules").glob("*.md"):
        assert f"cadogan/rules/{path.name}" in names
    native = ROOT / "src" / "cadogan" / "native"
    sources = [*native.glob("*.c"), *native.glob("*.h")]  # what a kernel's build needs
    assert len(sources) >= 4
    for path in sources:
        assert f"cadogan/native/{path.name}" in names
