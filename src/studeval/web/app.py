"""The application of ``studeval serve``: the pages (calculator, replayer, results, import),
the JSON API (:mod:`studeval.web.api`) and the static files, all shipped in the package.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app()) as client:
...     r = client.post("/api/equity", json={"players": ["As Ah Kd", "Qc Qd 7s"]})
>>> r.status_code, round(r.json()["players"][0]["equity"], 4)
(200, 0.6647)
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from studeval.games import GAMES
from studeval.web import api
from studeval.web.limits import MAX_PLAYERS, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, TIME_LIMIT, WORKERS
from studeval.web.openapi import openapi

__all__ = ["LOCAL_NAMES", "PAGES", "create_app"]

#: The names of this machine a browser may ask for when the server listens on it alone:
#: any other Host header (a DNS-rebinding page's) is refused.
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")

HERE = Path(__file__).resolve().parent
#: The pages, as the menu lists them: (path, template, title).
PAGES = (
    ("/", "calculator.html", "Calculator"),
    ("/replayer", "replayer.html", "Replayer"),
    ("/results", "results.html", "Results"),
    ("/import", "import.html", "Import"),
)

templates = Jinja2Templates(directory=str(HERE / "templates"))


def _games() -> list[dict[str, Any]]:
    """Each game as the pages need it: name, title, hi-lo, its streets (cards and which are up)."""
    return [
        {
            "name": g.name,
            "title": g.title,
            "stud": g.stud,
            "hilo": g.hilo,
            "streets": [{"name": s.name, "label": s.label, "up": list(s.up), "board": s.board} for s in g.streets],
        }
        for g in GAMES.values()
    ]


def _page(template: str, title: str) -> Any:
    async def page(request: Request) -> Response:
        settings = api.settings_of(request)
        return templates.TemplateResponse(
            request,
            template,
            {
                "title": title,
                "pages": PAGES,
                "games": _games(),
                "max_players": MAX_PLAYERS,
                "max_upload_bytes": MAX_UPLOAD_BYTES,
                "max_upload_files": MAX_UPLOAD_FILES,
                "has_db": settings.db is not None,
            },
        )

    page.__name__ = template.removesuffix(".html")
    return page


async def _not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": f"{detail}: {request.method} {request.url.path}"[:300]}, status_code=status)
    return Response(f"{status} {detail}", status_code=status, media_type="text/plain")


async def _openapi(request: Request) -> Response:
    """``GET /api/openapi.json``: the API's OpenAPI document."""
    return JSONResponse(openapi())


async def _internal(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": f"internal error ({type(exc).__name__}); please report it"}, status_code=500)
    return Response("500 internal error", status_code=500, media_type="text/plain")


def create_app(
    db: str | None = None,
    *,
    time_limit: float = TIME_LIMIT,
    estimate_limit: float | None = None,
    workers: int = WORKERS,
    allowed_hosts: tuple[str, ...] | None = None,
) -> Starlette:
    """The application. ``db``: the hand database's path (None: the results and import pages
    say there is none); ``time_limit``: the seconds a request may compute; ``estimate_limit``:
    the longest plan estimate taken (default: the time limit); ``workers``: the threads of
    the work; ``allowed_hosts``: the Host headers answered (None: any; ``studeval serve`` on
    127.0.0.1 gives :data:`LOCAL_NAMES`)."""
    settings = api.Settings(
        time_limit=time_limit,
        estimate_limit=time_limit if estimate_limit is None else estimate_limit,
        db=db,
        workers=workers,
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            settings.runner.close()

    routes: list[Any] = [Route(path, _page(template, title)) for path, template, title in PAGES]
    routes += [
        Route("/api/openapi.json", _openapi, methods=["GET"]),
        Route("/api/equity", api.handle(api.equity), methods=["POST"]),
        Route("/api/replay", api.handle(api.replay), methods=["POST"]),
        Route("/api/results", api.handle(api.results), methods=["GET"]),
        Route("/api/hands", api.handle(api.hand_list), methods=["GET"]),
        Route("/api/hands/{hand_id}/replay", api.handle(api.stored_replay), methods=["GET"]),
        Route("/api/import", api.handle(api.import_files), methods=["POST"]),
        Route("/api/analyse", api.handle(api.analyse), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    middleware = [] if allowed_hosts is None else [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={HTTPException: _not_found, Exception: _internal},
    )
    app.state.settings = settings
    return app
