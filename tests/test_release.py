"""What a release reads from pyproject.toml: one version, and metadata with no placeholder."""

from __future__ import annotations

import sys
from pathlib import Path

import studeval

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - tomli is a dependency before 3.11
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_the_package_version_is_the_project_version() -> None:
    # a release bumps both (docs/development.md, "Cutting a release")
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert studeval.__version__ == project["version"]


def test_no_placeholder_in_the_project_metadata() -> None:
    # the project URLs were a guessed address marked TODO; a URL table, if any, must be real
    text = PYPROJECT.read_text(encoding="utf-8")
    assert "TODO" not in text
    project = tomllib.loads(text)["project"]
    assert all(url.startswith("https://") for url in project.get("urls", {}).values())
