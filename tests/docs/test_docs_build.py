"""The documentation site builds with warnings as errors, and every example on its pages
passes as a doctest (the same two commands as the docs job of CI)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("myst_parser") is None,
    reason="the docs extra is not installed: pip install -e '.[docs]'",
)


def _sphinx(builder: str, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder, str(DOCS), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_site_builds_with_warnings_as_errors(tmp_path):
    run = _sphinx("html", tmp_path / "html")
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


def test_every_example_on_the_pages_passes(tmp_path):
    run = _sphinx("doctest", tmp_path / "doctest")
    report = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    assert run.returncode == 0, report[-3000:] + run.stderr
    assert " 0 failures in tests" in report
    tested = int(report.split("Doctest summary")[1].split()[1])
    assert tested >= 50  # the pages' examples were found and run


def test_rules_page_cites_only_tests_that_exist():
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    tests = "\n".join(p.read_text(encoding="utf-8") for p in DOCS.parent.joinpath("tests").rglob("*.py"))
    cited = {w.strip("`") for w in rules.split() if w.startswith("`test_")}
    cited = {c.rstrip("`,.") for c in cited}
    assert len(cited) > 60
    missing = sorted(c for c in cited if f"def {c}(" not in tests)
    assert not missing, f"docs/rules.md cites tests that do not exist: {missing}"
