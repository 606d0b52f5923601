"""ARCHITECTURE.md matches the tree; the layers it draws hold (the import-linter contract in
pyproject.toml, and by hand what the import graph cannot see: the compiled modules); no
module imports another module's private name."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import pytest

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


# -------------------------------------------------------------------- the layers

needs_import_linter = pytest.mark.skipif(sys.version_info < (3, 11), reason="import-linter needs Python 3.11+")


def _check_layers(change: Any = None) -> Any:
    """pyproject's layers contract checked on the import graph of the package under test
    (changed by ``change(graph)`` first): import-linter's ContractCheck."""
    import grimp
    from importlinter.api import read_configuration
    from importlinter.contracts.layers import LayersContract

    config = read_configuration(str(ROOT / "pyproject.toml"))
    (options,) = config["contracts_options"]
    contract = LayersContract(options["name"], config["session_options"], options)
    graph = grimp.build_graph("studeval", cache_dir=None)  # no cache file written anywhere
    if change is not None:
        change(graph)
    return contract.check(graph, verbose=False)


@needs_import_linter
def test_each_layer_imports_only_from_the_layers_below_it() -> None:
    check = _check_layers()
    assert check.kept, check.metadata


@needs_import_linter
@pytest.mark.parametrize(
    ("importer", "imported"),
    [
        ("studeval.cards", "studeval.game.state"),  # up: the card codec reaches for the table rules
        ("studeval.kinds", "studeval.games"),  # up: the hand kinds are below the games that name them
        ("studeval.kinds", "studeval.evaluate"),  # the kinds' meaning is below the typed API
        ("studeval.equity", "studeval.game"),  # across: equity and the table rules are independent
        ("studeval.game.showdown", "studeval.caribbean.settlement"),
        ("studeval.distributed", "studeval.cli.common"),  # only the command line is above it
        ("studeval.dealing", "studeval.plots"),
    ],
)
def test_the_contract_finds_an_import_against_the_layers(importer: str, imported: str) -> None:
    def add(graph: Any) -> None:
        graph.add_import(importer=importer, imported=imported, line_number=1, line_contents=f"import {imported}")

    assert not _check_layers(add).kept


@needs_import_linter
def test_a_new_module_must_be_given_a_layer() -> None:
    assert not _check_layers(lambda graph: graph.add_module("studeval.newcomer")).kept


def _studeval_imports(text: str) -> list[str]:
    """The studeval modules a Python, .pyx or .pxd file imports or cimports (``from studeval
    import _equity`` names studeval._equity)."""
    found = []
    for m in re.finditer(
        r"^\s*(?:from\s+(studeval[\w.]*)\s+c?import\s+(\([^)]*\)|[\w, ]+)|c?import\s+(studeval[\w.]*))", text, re.M
    ):
        module, names, bare = m.groups()
        if bare:
            found.append(bare)
        elif module == "studeval":
            names = re.sub(r"#.*", "", names).strip("()")
            found += [f"studeval.{n.split()[0]}" for n in names.split(",") if n.strip()]
        else:
            found.append(module)
    return found


def test_the_compiled_modules_import_only_compiled_modules() -> None:
    """The bottom layer (the graph cannot see extension modules): a .pyx or .pxd imports or
    cimports no Python module of the package."""
    wrong = {
        p.name: bad
        for p in _sources()
        if p.suffix in (".pyx", ".pxd")
        and (
            bad := [m for m in _studeval_imports(p.read_text(encoding="utf-8")) if m.partition(".")[2] not in COMPILED]
        )
    }
    assert not wrong, wrong


def _through_the_package(text: str) -> list[str]:
    """What ``text`` imports from the package itself that is not a module: ``import
    studeval``, ``from studeval import stud_equity`` (a public name of its ``__init__``)."""
    return [m for m in _studeval_imports(text) if m.count(".") < 2 and not _is_module(m)]


def _is_module(name: str) -> bool:
    """studeval.x is a compiled module, a module or a package of the source tree."""
    tail = name.partition(".")[2]
    return bool(tail) and (
        tail in COMPILED or (PACKAGE / f"{tail}.py").exists() or (PACKAGE / tail / "__init__.py").exists()
    )


def test_names_from_the_package_itself_are_modules() -> None:
    """Below the command line, ``from studeval import x`` names a module (compiled or not),
    never a public name of the package's ``__init__``: the contract ignores imports of the
    package itself (where the graph puts the compiled modules), so no layer may reach the
    others' names through it."""
    wrong = [
        f"{p.relative_to(PACKAGE)}: {module}"
        for p in _sources()
        if p.suffix == ".py" and p.relative_to(PACKAGE).parts[0] not in ("cli", "__init__.py", "__main__.py")
        for module in _through_the_package(p.read_text(encoding="utf-8"))
    ]
    assert not wrong, wrong


def test_the_check_finds_a_name_taken_through_the_package() -> None:
    text = "import studeval\nfrom studeval import _equity, stud_equity, game\nfrom studeval.cards import parse_cards\n"
    assert _through_the_package(text) == ["studeval", "studeval.stud_equity"]


def test_the_import_reading_finds_each_form() -> None:
    text = (
        "from studeval import _equity, _unseen\nfrom studeval._core cimport stud_hand\n"
        "import studeval\n    from studeval.cards import parse_cards\n"
        "from studeval import (  # the kernels\n    _caribbean as kernel,\n    evaluate,\n)\n"
    )
    assert _studeval_imports(text) == [
        "studeval._equity",
        "studeval._unseen",
        "studeval._core",
        "studeval",
        "studeval.cards",
        "studeval._caribbean",
        "studeval.evaluate",
    ]
