"""The JSON API under ``/api/``: equity, replay (and, with a hand database, hands, stats and
import). Every handler reads a bounded body, does its work on the :class:`~studeval.web.jobs.Runner`
within the time limit, and answers errors as ``{"error": message, "field": name}`` with a 4xx
status (503 when the time limit stopped the work), never a traceback.

Status codes: 400 a body that is not JSON or not the right shape, 413 a body or file over its
size limit, 422 a question the library refuses (a malformed card, 9 players, a plan over the
time limit), 503 work stopped at the time limit, 404 a hand that is not there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from studeval.web import hands as database
from studeval.web.jobs import ClientGone, Runner, Stopped, TimeUp
from studeval.web.limits import (
    IMPORT_TIME_LIMIT,
    MAX_BODY_BYTES,
    MAX_REQUEST_BYTES,
    MAX_UPLOAD_BYTES,
    MAX_UPLOAD_FILES,
)
from studeval.web.questions import BadQuestion, EquityQuestion, TooSlow
from studeval.web.replays import HandsRead, decode, hand_json, read_hands

__all__ = [
    "ApiError",
    "Settings",
    "analyse",
    "equity",
    "error_response",
    "hand_list",
    "import_files",
    "read_body",
    "read_files",
    "replay",
    "results",
    "run_job",
    "stored_replay",
]


class ApiError(Exception):
    """An answer other than 200: its status, message and the field it is about."""

    def __init__(self, status: int, message: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.extra = extra


class Settings:
    """What the handlers share: the runner of the work, the time limit, the plans' limit
    (the same unless a test separates them) and the hand database's path (None: none)."""

    def __init__(self, *, time_limit: float, estimate_limit: float, db: str | None, workers: int) -> None:
        self.time_limit = time_limit
        self.estimate_limit = estimate_limit
        self.db = db
        self.runner = Runner(workers)


def error_response(exc: ApiError) -> JSONResponse:
    """``{"error": ..., "field": ...}`` with the error's status."""
    body: dict[str, Any] = {"error": exc.message}
    if exc.field is not None:
        body["field"] = exc.field
    body.update(exc.extra)
    return JSONResponse(body, status_code=exc.status)


def settings_of(request: Request) -> Settings:
    """The application's :class:`Settings`."""
    found: Settings = request.app.state.settings
    return found


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused with 413 past ``limit`` bytes (by its Content-Length, or as it comes)."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise ApiError(
            413, f"the request is {int(length):,} bytes, more than the limit of {limit:,} bytes", "body", limit=limit
        )
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the request is more than the limit of {limit:,} bytes", "body", limit=limit)
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request, limit: int = MAX_BODY_BYTES) -> Any:
    """The body as JSON (400 if it is not)."""
    body = await read_body(request, limit)
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise ApiError(400, "the body is not JSON: send a JSON object", "body") from None


async def read_files(
    request: Request, *, most: int = MAX_UPLOAD_FILES
) -> tuple[list[tuple[str, bytes]], dict[str, str]]:
    """The files of a multipart form (each at most :data:`~studeval.web.limits.MAX_UPLOAD_BYTES`,
    at most ``most``, all together at most :data:`~studeval.web.limits.MAX_REQUEST_BYTES`)
    and its other fields. Only a file's name is kept, for messages: it is never opened as a
    path."""
    body = await read_body(request, min(most * MAX_UPLOAD_BYTES, MAX_REQUEST_BYTES) + 65_536)
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    try:
        form = await Request(request.scope, receive).form(max_files=most, max_fields=20)
    except Exception as exc:  # the parser's errors: a bad form
        raise ApiError(400, f"the form could not be read: {exc}", "body") from None
    files: list[tuple[str, bytes]] = []
    fields: dict[str, str] = {}
    try:
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read(MAX_UPLOAD_BYTES + 1)
                name = (value.filename or "upload").replace("\\", "/").rsplit("/", 1)[-1][:200]
                if len(data) > MAX_UPLOAD_BYTES:
                    raise ApiError(
                        413,
                        f"{name} is more than the limit of {MAX_UPLOAD_BYTES:,} bytes",
                        "file",
                        limit=MAX_UPLOAD_BYTES,
                    )
                files.append((name, data))
            else:
                fields[key] = str(value)[:1000]
    finally:
        await form.close()
    return files, fields


async def run_job(
    request: Request, job: Callable[[Callable[[float], None]], Any], *, limit: float | None = None
) -> Any:
    """``job`` on the runner, bounded by the time limit (or ``limit``) and the client; the
    errors as ApiError."""
    settings = settings_of(request)
    seconds = settings.time_limit if limit is None else limit
    try:
        return await settings.runner.run(job, limit=seconds, disconnected=request.is_disconnected)
    except TimeUp as exc:
        raise ApiError(503, str(exc), "time", limit=seconds) from None
    except Stopped:  # pragma: no cover - stopped only after the wait has ended
        raise ApiError(503, "the work was stopped", "time", limit=settings.time_limit) from None


async def equity(request: Request) -> Response:
    """``POST /api/equity``: the question's answer (:mod:`studeval.web.questions`)."""
    data = await read_json(request)
    question = EquityQuestion.from_json(data)
    settings = settings_of(request)

    def job(progress: Callable[[float], None]) -> dict[str, Any]:
        plan = question.plan(limit=settings.estimate_limit)
        return question.answer(plan, progress)

    return JSONResponse(await run_job(request, job))


def _replay_answer(hands: HandsRead, index: int, analyse: bool) -> dict[str, Any]:
    body: dict[str, Any] = {
        "hands": [h.summary() for h in hands.hands],
        "refused": hands.refused,
        "cut": hands.cut,
        "replay": None,
    }
    if not hands.hands:
        raise ApiError(422, "; ".join(hands.refused) or "no hand found", "file", refused=hands.refused)
    if not 0 <= index < len(hands.hands):
        raise ApiError(422, f"hand {index} is not in the file: it holds hands 0 to {len(hands.hands) - 1}", "hand")
    try:
        body["replay"] = hand_json(hands.hands[index].history, analyse=analyse)
    except ValueError as exc:
        raise ApiError(422, f"the hand cannot be replayed: {exc}", "file") from None
    return body


def _index(value: object) -> int:
    if value is None or value == "":
        return 0
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit() and len(value) < 7:
        return int(value)
    raise ApiError(422, f"hand must be a whole number from 0, got {value!r}"[:200], "hand")


async def replay(request: Request) -> Response:
    """``POST /api/replay``: a file's hands, and one hand played back with its equities.

    Either JSON ``{"text": "...", "name": "hand.phh", "hand": 0, "analyse": true}`` or a
    multipart form with a ``file`` and the same fields."""
    if request.headers.get("content-type", "").startswith("multipart/form-data"):
        files, fields = await read_files(request, most=1)
        if not files:
            raise ApiError(400, "the form has no file: send one as the field 'file'", "file")
        name, data = files[0]
        text = decode(data)
        index = _index(fields.get("hand"))
        analyse = fields.get("analyse", "true") != "false"
    else:
        body = await read_json(request, MAX_UPLOAD_BYTES + 4096)
        if not isinstance(body, dict) or not isinstance(body.get("text"), str):
            raise ApiError(400, 'expected a JSON object {"text": "<a hand history>"}', "text")
        text = body["text"]
        name = str(body.get("name") or "hand")[:200]
        index = _index(body.get("hand"))
        analyse = body.get("analyse", True) is not False
    return JSONResponse(await run_job(request, lambda progress: _replay_answer(read_hands(text, name), index, analyse)))


def _db(request: Request) -> str:
    path = settings_of(request).db
    if path is None:
        raise ApiError(409, "no hand database: start the server with studeval serve --db hands.db", "db")
    return path


def _filters(request: Request) -> database.Filters:
    try:
        return database.Filters.of(dict(request.query_params))
    except ValueError as exc:
        field = str(exc).split(":", 1)[0] if ":" in str(exc) else "filters"
        raise ApiError(422, str(exc), field if field.isidentifier() else "game") from None


async def hand_list(request: Request) -> Response:
    """``GET /api/hands?player=&game=&stakes=&site=&since=&until=``: the newest 100 hands
    matching (:func:`studeval.db.find_hands`), for the replayer."""
    path = _db(request)
    filters = _filters(request)
    return JSONResponse({"hands": await run_job(request, lambda progress: database.hand_list(path, filters))})


async def results(request: Request) -> Response:
    """``GET /api/results?player=&game=&stakes=&site=&since=&until=&by=``: the statistics,
    the biggest pots, the all-ins and the player's luck lines (:func:`studeval.web.hands.results`)."""
    path = _db(request)
    filters = _filters(request)
    return JSONResponse(await run_job(request, lambda progress: database.results(path, filters)))


async def stored_replay(request: Request) -> Response:
    """``GET /api/hands/{id}/replay``: a hand of the database played back."""
    path = _db(request)
    text = request.path_params["hand_id"]
    if not text.isdigit() or len(text) > 18:
        raise ApiError(422, f"hand {text[:40]!r}: a hand's id is a whole number", "hand")

    def job(progress: Callable[[float], None]) -> dict[str, Any]:
        try:
            return database.hand_replay(path, int(text))
        except ValueError as exc:
            raise ApiError(404, str(exc), "hand") from None

    return JSONResponse(await run_job(request, job))


async def import_files(request: Request) -> Response:
    """``POST /api/import``: site files (a multipart form, the field ``files``) into the
    database, a report per file; at most :data:`~studeval.web.limits.IMPORT_TIME_LIMIT`
    seconds (an import past it finishes on its own, its report lost)."""
    path = _db(request)
    files, _ = await read_files(request)
    if not files:
        raise ApiError(400, "no file: send site files as the form's 'files'", "files")
    reports = await run_job(request, lambda progress: database.import_files(path, files), limit=IMPORT_TIME_LIMIT)
    return JSONResponse({"files": reports})


async def analyse(request: Request) -> Response:
    """``POST /api/analyse``: analyse hands not analysed yet for a few seconds (within the
    time limit): ``{"done": n, "left": m}``; ask again while some are left."""
    path = _db(request)
    seconds = max(0.5, settings_of(request).time_limit / 2)
    return JSONResponse(await run_job(request, lambda progress: database.analyse_pending(path, seconds)))


def _same_origin(request: Request) -> None:
    """Refuse a request another site's page sent (its ``Origin`` is not this server): a page
    elsewhere may not import hands or spend the server's time through the visitor's browser."""
    origin = request.headers.get("origin")
    if request.method != "GET" and origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise ApiError(403, f"a request from another site ({origin[:100]}) is refused", "origin")


def handle(endpoint: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """An endpoint whose errors are JSON: ApiError and BadQuestion as 4xx, anything else as
    500 with one line (never a traceback), a client gone as 499 (nobody reads it)."""

    async def wrapped(request: Request) -> Response:
        try:
            _same_origin(request)
            response: Response = await endpoint(request)
            return response
        except ApiError as exc:
            return error_response(exc)
        except TooSlow as exc:
            settings = settings_of(request)
            return error_response(ApiError(422, str(exc), exc.field, limit=settings.estimate_limit))
        except BadQuestion as exc:
            return error_response(ApiError(422, str(exc), exc.field))
        except ClientGone:
            return Response(status_code=499)
        except Exception as exc:
            return error_response(ApiError(500, f"internal error ({type(exc).__name__}); please report it"))

    wrapped.__name__ = endpoint.__name__
    wrapped.__doc__ = endpoint.__doc__
    return wrapped
