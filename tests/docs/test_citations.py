"""Issue 21 item 2: what users read names the rules, never a file they do not have.

The rule documents are cited by file and line only in the maintainers' table at the end of
docs/rules.md; help pages, error messages, the docstrings and ``#:`` comments of the casino
package, the commands, the table games (studeval.game) and studeval.equity, and the other
documentation pages name the kind of source ("the casino's posted rules") or the rule's
number on docs/rules.md ("R45").
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import studeval.caribbean
import studeval.cli
import studeval.equity
import studeval.game
from studeval.cli import main

ROOT = Path(__file__).resolve().parents[2]
#: A citation of a rule document: "004 line 37", "004's table", "(003)", "(000, 003; ...)",
#: "the 003 tables", "rule 003", "004_2e8b...txt".
CITATION = re.compile(
    r"(?<![\d,._])\b00[0-4](?:\s+(?:lines?|tables?)\b|'s\b|_[0-9a-f]{6}|[),;]|\b(?=:))|\brules?\s+00[0-4]\b"
)


def _help_pages(capsys) -> dict[str, str]:
    """Every help page: the top level, the caribbean group and each command."""
    from studeval.cli import build_parser, command_parsers

    pages = {p.prog: p.format_help() for p in command_parsers(build_parser())}
    for group in ([], ["caribbean"]):
        with pytest.raises(SystemExit):
            main([*group, "--help"])
        pages[" ".join(["studeval", *group])] = capsys.readouterr().out
    return pages


def test_no_help_page_cites_a_rule_file(capsys) -> None:
    pages = _help_pages(capsys)
    assert "studeval caribbean edge" in pages and "studeval simulate" in pages
    cited = {name: CITATION.findall(text) for name, text in pages.items() if CITATION.search(text)}
    assert not cited


def _docstrings(package) -> dict[str, str]:
    """The docstrings of a package (or a single module), its modules and their public objects,
    and each module's ``#:`` comments (the documentation Sphinx shows for constants)."""
    names = [package.__name__]
    if hasattr(package, "__path__"):
        names += [info.name for info in pkgutil.iter_modules(package.__path__, package.__name__ + ".")]
    texts = {}
    for module_name in names:
        module = importlib.import_module(module_name)
        texts[module_name] = module.__doc__ or ""
        source = inspect.getsource(module).splitlines()
        texts[f"{module_name} #:"] = "\n".join(line for line in source if line.lstrip().startswith("#:"))
        for name, obj in vars(module).items():
            if not name.startswith("_") and getattr(obj, "__module__", None) == module_name:
                texts[f"{module_name}.{name}"] = inspect.getdoc(obj) or ""
                for attr, member in vars(obj).items() if inspect.isclass(obj) else ():
                    if not attr.startswith("_") and callable(member):
                        texts[f"{module_name}.{name}.{attr}"] = inspect.getdoc(member) or ""
    return texts


@pytest.mark.parametrize(
    "package", [studeval.caribbean, studeval.cli, studeval.game, studeval.equity], ids=lambda p: p.__name__
)
def test_no_user_facing_docstring_cites_a_rule_file(package) -> None:
    texts = _docstrings(package)
    assert len(texts) > 10
    assert {name: CITATION.findall(t) for name, t in texts.items() if CITATION.search(t)} == {}


def test_the_payout_cap_error_names_the_rule_not_the_file() -> None:
    from studeval.caribbean import payout_cap

    with pytest.raises(ValueError, match="^the casino's maximum payout is 5,000 euro") as refused:
        payout_cap(None, currency="USD")
    assert not CITATION.search(str(refused.value))


def test_documents_are_cited_by_line_only_in_the_maintainers_table() -> None:
    pages = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")}
    pages["README.md"] = (ROOT / "README.md").read_text(encoding="utf-8")
    rules, table = pages["rules.md"].split("(rule-sources)=")
    pages["rules.md"] = rules
    assert {name: CITATION.findall(text) for name, text in pages.items() if CITATION.search(text)} == {}
    # the table still has every rule's lines for maintainers
    assert "| R1 | 003 line 10 |" in table and "| R70 | 004 line 37" in table
