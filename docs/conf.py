"""Sphinx configuration of studeval's documentation site.

Build it (warnings are errors, as in CI) and run every example of the pages as a doctest:

    pip install -e ".[docs]"
    python -m sphinx -W -b html docs docs/_build/html
    python -m sphinx -W -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import importlib.util

import studeval

project = "studeval"
author = "studeval developers"
copyright = "studeval developers, MIT licence"
release = version = studeval.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3

# The pages' examples are ```{doctest} blocks. The docstrings' examples are not run again
# here: pytest runs them (--doctest-modules), so only explicit doctest directives count.
doctest_test_doctest_blocks = ""
doctest_global_setup = "import studeval"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}

html_title = f"studeval {release}"
html_static_path = ["_static"]
# furo comes with the docs extra; a bare Sphinx still builds with its own theme.
html_theme = "furo" if importlib.util.find_spec("furo") else "alabaster"

# Compare exception messages too (Sphinx's default ignores their detail).
import doctest  # noqa: E402

doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
