"""pytest's settings for this package's doctests, shipped with it (a wheel's tests run the
installed package's doctests by ``--pyargs``): the modules that need the ``[web]`` extra are
not collected without it, and the application's example needs the test client's HTTP
library (httpx2 or httpx) too."""

from __future__ import annotations

from importlib.util import find_spec

_WEB = all(find_spec(name) is not None for name in ("starlette", "jinja2", "multipart"))
_CLIENT = any(find_spec(name) is not None for name in ("httpx2", "httpx"))

#: The files pytest leaves out here.
collect_ignore = [name for name, needs in (("api.py", _WEB), ("app.py", _WEB and _CLIENT)) if not needs]
