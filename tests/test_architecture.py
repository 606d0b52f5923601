"""ARCHITECTURE.md matches the tree, and no module imports another module's private name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "studeval"
SOURCES = (".py", ".pyx", ".pxd", ".pyi", ".h")
# The compiled modules are the layer every Python module builds on: importing them is the point.
COMPILED = {p.stem for p in PACKAGE.glob("*.pyx")}


def _sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in SOURCES and "__pycache__" not in p.parts)


def _listed() -> set[str]:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return set(re.findall(r"`([\w.]+\.(?:py|pyx|pxd|pyi|h))`", text))


def test_every_source_file_is_listed() -> None:
    listed = _listed()
    missing = [str(p.relative_to(PACKAGE)) for p in _sources() if p.name not in listed]
    assert not missing, f"add these to ARCHITECTURE.md: {missing}"


def test_every_listed_file_exists() -> None:
    names = {p.name for p in _sources()} | {p.name for p in (ROOT / "tools").glob("*.py")}
    assert not sorted(_listed() - names), "ARCHITECTURE.md names files that are gone"


def _private_imports(text: str, where: str) -> list[str]:
    """``from studeval.x import _name`` where studeval.x is another module. The compiled
    modules and their public names (``studeval._core.check_threads``) are fine: their file
    names are private, their API is not."""
    tree = ast.parse(text)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("studeval"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__") and alias.name not in COMPILED:
                    found.append(f"{where}: from {node.module} import {alias.name}")
    return found


def test_no_module_imports_a_private_name() -> None:
    found = [
        line
        for p in _sources()
        if p.suffix == ".py"
        for line in _private_imports(p.read_text(encoding="utf-8"), str(p.relative_to(PACKAGE)))
    ]
    assert not found, found


def test_the_check_finds_a_private_import() -> None:
    text = "from studeval.game.state import _DEALS\nfrom studeval._core import check_threads\n"
    assert _private_imports(text, "fake.py") == ["fake.py: from studeval.game.state import _DEALS"]
