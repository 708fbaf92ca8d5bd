"""The layers import only downwards (DESIGN.md section 2), checked by parsing imports.

0 errors (imports nothing, so every layer may raise them), 1 cards, 2 core, 3 games
and the registry, 4 services (session, record, render, solve, study, ...) and the
package facade, 5 front ends (cli, web, tui).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
LAYERS = [
    ("cadogan.errors", 0),
    ("cadogan.cards", 1),
    ("cadogan.core", 2),
    ("cadogan.games", 3),
    ("cadogan.registry", 3),
    ("cadogan.cli", 5),
    ("cadogan.web", 5),
    ("cadogan.tui", 5),
    ("cadogan", 4),  # services and the facade: everything else in the package
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(name: str) -> float:
    if name == "cadogan":
        return 4.5  # the facade sits between the services and the front ends
    for prefix, number in LAYERS:
        if name == prefix or name.startswith(prefix + ".") or name.startswith(prefix + "_"):
            return number
    raise AssertionError(f"{name} belongs to no layer")


def is_module(name: str) -> bool:
    base = SRC.joinpath(*name.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def imports(path: Path) -> set[str]:
    """The cadogan modules a file imports (``from cadogan import x`` counts as cadogan.x)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if is_module(full) else node.module)
    return {name for name in found if name == "cadogan" or name.startswith("cadogan.")}


FILES = sorted(SRC.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=[module_name(p) for p in FILES])
def test_imports_go_only_downwards(path: Path) -> None:
    own = module_name(path)
    if own == "cadogan":
        return  # the facade re-exports from below
    for name in imports(path):
        target = layer(name)
        assert target <= layer(own), f"{own} (layer {layer(own)}) imports {name} (layer {target})"


def test_the_core_does_not_import_front_end_libraries() -> None:
    heavy = {"fastapi", "uvicorn", "textual", "matplotlib", "dask", "distributed", "playwright"}
    for path in FILES:
        if layer(module_name(path)) >= 4:
            continue
        tops = {n.split(".")[0] for n in _all_imports(path)}
        assert not tops & heavy, f"{module_name(path)} imports {tops & heavy}"


def _all_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found
