"""The documentation site builds with warnings as errors, and every example on its pages
passes as a doctest (the same two commands as the docs job of CI); the rules page and the
tests cite each other (docs/rules.md)."""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib.util
import io
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
TESTS = DOCS.parent / "tests"

# The rules-page checks below need no sphinx; only the builds do.
needs_sphinx = pytest.mark.skipif(
    importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("myst_parser") is None,
    reason="the docs extra is not installed: pip install -e '.[docs]'",
)


@pytest.fixture(scope="session")
def doctrees(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sphinx's parsed pages, shared by the two builds: the second reads no page again (reading
    the pages and importing the API for autodoc is most of a build)."""
    return tmp_path_factory.mktemp("doctrees")


class Build(NamedTuple):
    """What a build ended with: its exit status and what it printed on stderr (warnings, errors)."""

    returncode: int
    stderr: str


def _sphinx(builder: str, out: Path, doctrees: Path) -> Build:
    """``python -m sphinx -W --keep-going -q -b builder`` run in this process: the command line
    of CI, less a new Python importing Sphinx, studeval and autodoc's modules again."""
    from sphinx.cmd.build import build_main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed), warnings.catch_warnings():
        # the extensions' deprecation notices, which the command does not show either (Python
        # shows them for __main__ only)
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        status = build_main(["-W", "--keep-going", "-q", "-b", builder, "-d", str(doctrees), str(DOCS), str(out)])
    return Build(status, printed.getvalue())


@needs_sphinx
def test_site_builds_with_warnings_as_errors(tmp_path, doctrees):
    run = _sphinx("html", tmp_path / "html", doctrees)
    assert run.returncode == 0, run.stderr
    pages = {p.name for p in (tmp_path / "html").glob("*.html")}
    for page in (
        "index",
        "getting-started",
        "evaluate",
        "equity",
        "table-rules",
        "casino",
        "cli",
        "rules",
        "api",
        "benchmarks",
        "scaling",
        "development",
    ):
        assert f"{page}.html" in pages
    api = (tmp_path / "html" / "api.html").read_text(encoding="utf-8")
    for name in (
        "studeval.evaluate",
        "studeval.equity.stud_equity",
        "studeval.game.StudState",
        "studeval.caribbean.advise",
        "studeval.plots.plot_equity_by_street",
    ):
        assert f'id="{name}"' in api, name
    assert "test_published_return_table_of_the_standard_game" in (tmp_path / "html" / "rules.html").read_text("utf-8")


@needs_sphinx
def test_every_example_on_the_pages_passes(tmp_path, doctrees):
    run = _sphinx("doctest", tmp_path / "doctest", doctrees)
    report = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    assert run.returncode == 0, report[-3000:] + run.stderr
    assert " 0 failures in tests" in report
    tested = int(report.split("Doctest summary")[1].split()[1])
    assert tested >= 50  # the pages' examples were found and run


def _rules() -> dict[int, str]:
    """The rules page's numbered rules: number -> the text of its entry (to the next rule or heading)."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    entries = re.split(r"\n(?=- \*\*R\d+\*\*|#)", text)
    rules = {}
    for entry in entries:
        m = re.match(r"- \*\*R(\d+)\*\*", entry)
        if m:
            assert int(m.group(1)) not in rules, f"R{m.group(1)} is numbered twice"
            rules[int(m.group(1))] = entry
    return rules


def _test_docstrings(*folders: str) -> dict[str, str]:
    """Every test function's docstring in the given test folders, by function name."""
    docs: dict[str, str] = {}
    for folder in folders:
        for path, file_docs in _docstrings_of_every_test_file().items():
            if path.is_relative_to(TESTS / folder):
                docs |= file_docs
    return docs


@functools.cache
def _docstrings_of_every_test_file() -> dict[Path, dict[str, str]]:
    """Each test file's test functions' docstrings, by function name (every file parsed once)."""
    files: dict[Path, dict[str, str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        files[path] = {f.name: ast.get_docstring(f) or "" for f in _functions(tree.body) if f.name.startswith("test_")}
    return files


def _functions(statements: list[ast.AST]) -> Iterator[ast.FunctionDef]:
    """Every function defined in ``statements``, however deep: as ast.walk finds them, less
    the walk through every expression (no function is defined in one)."""
    for node in statements:
        if isinstance(node, ast.FunctionDef):
            yield node
        for value in vars(node).values():
            if isinstance(value, list):
                yield from _functions(
                    [v for v in value if isinstance(v, (ast.stmt, ast.excepthandler, ast.match_case))]
                )


def _cited(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\bR(\d+)\b", text)}


def test_rules_page_cites_only_tests_that_exist():
    rules = _rules()
    tests = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("*.py"))
    cited = {name for entry in rules.values() for name in re.findall(r"`(test_\w+)`", entry)}
    assert len(cited) > 60
    missing = sorted(c for c in cited if f"def {c}(" not in tests)
    assert not missing, f"docs/rules.md cites tests that do not exist: {missing}"


def test_rules_and_tests_cite_each_other():
    """The rules page numbers every rule R1..Rn once; each test of tests/game/ and
    tests/caribbean/ the page names for a rule cites that rule in its docstring; every number a
    test docstring cites is a rule on the page; every rule is cited by a test docstring or says
    where it is shown instead ("*Shown elsewhere:*")."""
    rules = _rules()
    assert sorted(rules) == list(range(1, len(rules) + 1)) and len(rules) >= 82
    docs = _test_docstrings("game", "caribbean")
    not_citing = sorted(
        f"R{r}: {name}"
        for r, entry in rules.items()
        for name in re.findall(r"`(test_\w+)`", entry)
        if name in docs and r not in _cited(docs[name])
    )
    assert not not_citing, f"tests the rules page names that do not cite the rule in their docstring: {not_citing}"
    all_docs = _test_docstrings(".")
    unknown = sorted(f"{name}: R{r}" for name, doc in all_docs.items() for r in _cited(doc) if r not in rules)
    assert not unknown, f"test docstrings cite rules the page does not have: {unknown}"
    cited = set().union(*(_cited(doc) for doc in all_docs.values()))
    uncited = sorted(r for r in rules if r not in cited and "*Shown elsewhere:*" not in rules[r])
    assert not uncited, f"rules no test docstring cites: {uncited}"


def test_the_code_rule_list_cites_the_rules_page():
    """studeval.game's rule list names rule numbers that are on the page, and most of them."""
    import studeval.game

    rules = _rules()
    cited = _cited(studeval.game.__doc__ or "")
    assert cited <= set(rules), sorted(cited - set(rules))
    assert len(cited) >= 50
