"""tests/web: the whole folder is skipped when the ``[web]`` extra is not installed."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the [web] extra (starlette) is not installed")
pytest.importorskip("jinja2", reason="the [web] extra (jinja2) is not installed")
pytest.importorskip("multipart", reason="the [web] extra (python-multipart) is not installed")
