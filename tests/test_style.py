"""The code stays ruff- and mypy --strict-clean, and the README and CI agree."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; install the dev extra")
    return path


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [tool("ruff"), "check", "src", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        [tool("mypy"), "--strict", "src", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def quick_start() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, flags=re.S)


def test_the_readme_quick_start_is_exactly_two_commands() -> None:
    blocks = quick_start()
    assert len(blocks) == 2 and all("\n" not in b.strip() for b in blocks)
    assert "cadogan" in blocks[0] and "pytest" in blocks[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    test_command = quick_start()[1].strip().replace(" -e ", " -q -e ")
    assert test_command in ci
