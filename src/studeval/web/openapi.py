"""The JSON API described as an OpenAPI 3.1 document (``GET /api/openapi.json``), written
here beside the limits it states (Starlette makes none by itself).

>>> doc = openapi()
>>> doc["openapi"], sorted(doc["paths"])[:3]
('3.1.0', ['/api/analyse', '/api/equity', '/api/hands'])
>>> doc["components"]["schemas"]["EquityQuestion"]["properties"]["players"]["maxItems"]
8
"""

from __future__ import annotations

from typing import Any

from studeval.equity import METHODS
from studeval.equity.deal import DEFAULT_SAMPLES
from studeval.games import GAMES
from studeval.web.limits import MAX_PLAYERS, MAX_SAMPLES, MAX_TEXT_CHARS, MIN_PLAYERS, TIME_LIMIT

__all__ = ["openapi"]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], text: str) -> dict[str, Any]:
    return {"description": text, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    "400": _json(_ref("Error"), "the body is not JSON, or not a form"),
    "403": _json(_ref("Error"), "sent by another site's page"),
    "413": _json(_ref("Error"), "a body or file over its size limit"),
    "422": _json(_ref("Error"), "a value refused: the message names it"),
    "503": _json(_ref("Error"), "the work was stopped at the time limit"),
}
_DB = {"409": _json(_ref("Error"), "the server has no hand database (studeval serve --db)")}
_FILTERS = [
    {"name": name, "in": "query", "required": False, "schema": {"type": "string"}, "description": text}
    for name, text in (
        ("player", "a player's name"),
        ("game", "a game of the registry"),
        ("stakes", "as the database writes them, e.g. 0.04/0.08"),
        ("site", "a site's name, e.g. pokerstars"),
        ("since", "an ISO 8601 date or time, included"),
        ("until", "an ISO 8601 date (its whole day) or time, included"),
    )
]


def openapi() -> dict[str, Any]:
    """The API's OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "studeval serve",
            "version": "1",
            "description": "Stud equities, hand replays, results and import (docs/web.md).",
        },
        "paths": {
            "/api/equity": {
                "post": {
                    "summary": "the equities of a stud or hold'em question, every figure of stud_equity",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("EquityQuestion")}},
                    },
                    "responses": {"200": _json(_ref("EquityAnswer"), "the answer"), **_ERRORS},
                }
            },
            "/api/replay": {
                "post": {
                    "summary": "a file's hands, and one hand played back step by step with its equities",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["text"],
                                    "properties": {
                                        "text": {"type": "string", "description": "a PHH, .phhs or site file's text"},
                                        "name": {"type": "string"},
                                        "hand": {"type": "integer", "minimum": 0},
                                        "analyse": {"type": "boolean", "default": True},
                                    },
                                }
                            },
                            "multipart/form-data": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "file": {"type": "string", "format": "binary"},
                                        "hand": {"type": "integer"},
                                    },
                                }
                            },
                        },
                    },
                    "responses": {"200": _json(_ref("Replay"), "the hands and the one played back"), **_ERRORS},
                }
            },
            "/api/results": {
                "get": {
                    "summary": "the statistics, biggest pots, all-ins and a player's luck lines",
                    "parameters": [
                        *_FILTERS,
                        {
                            "name": "by",
                            "in": "query",
                            "schema": {"type": "string", "default": "player,site"},
                            "description": "the rows: names of player, site, game, stakes, comma-separated",
                        },
                    ],
                    "responses": {"200": _json({"type": "object"}, "the results"), **_DB, **_ERRORS},
                }
            },
            "/api/hands": {
                "get": {
                    "summary": "the newest 100 hands matching the filters",
                    "parameters": _FILTERS,
                    "responses": {"200": _json({"type": "object"}, "hands"), **_DB, **_ERRORS},
                }
            },
            "/api/hands/{hand_id}/replay": {
                "get": {
                    "summary": "a hand of the database played back",
                    "parameters": [{"name": "hand_id", "in": "path", "required": True, "schema": {"type": "integer"}}],
                    "responses": {
                        "200": _json(_ref("Replay"), "the hand"),
                        "404": _json(_ref("Error"), "no such hand"),
                        **_DB,
                        **_ERRORS,
                    },
                }
            },
            "/api/import": {
                "post": {
                    "summary": "site files into the database, a report per file",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "multipart/form-data": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "files": {"type": "array", "items": {"type": "string", "format": "binary"}}
                                    },
                                }
                            }
                        },
                    },
                    "responses": {"200": _json({"type": "object"}, "the reports"), **_DB, **_ERRORS},
                }
            },
            "/api/analyse": {
                "post": {
                    "summary": "analyse hands not analysed yet for a few seconds",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "properties": {"done": {"type": "integer"}, "left": {"type": "integer"}},
                            },
                            "hands analysed and left",
                        ),
                        **_DB,
                        **_ERRORS,
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {
                        "error": {"type": "string"},
                        "field": {"type": "string", "description": "the value refused"},
                        "limit": {"type": "number", "description": "the limit passed, when one was"},
                    },
                },
                "EquityQuestion": {
                    "type": "object",
                    "required": ["players"],
                    "additionalProperties": False,
                    "properties": {
                        "players": {
                            "type": "array",
                            "minItems": MIN_PLAYERS,
                            "maxItems": MAX_PLAYERS,
                            "items": {"type": "string", "maxLength": MAX_TEXT_CHARS},
                            "description": "each player's known cards in the CLI's notation, a range first in brackets",
                        },
                        "game": {"type": "string", "enum": list(GAMES), "default": "seven"},
                        "dead": {"type": "string", "maxLength": MAX_TEXT_CHARS},
                        "board": {"type": "string", "description": "hold'em only"},
                        "method": {"type": "string", "enum": list(METHODS), "default": "auto"},
                        "samples": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": MAX_SAMPLES,
                            "default": DEFAULT_SAMPLES,
                        },
                        "seed": {"type": ["integer", "null"], "minimum": 0},
                    },
                    "description": f"refused when its plan estimates more than {TIME_LIMIT} s",
                },
                "EquityAnswer": {
                    "type": "object",
                    "properties": {
                        "method": {"type": "string"},
                        "deals": {"type": "integer"},
                        "seconds": {"type": "number"},
                        "community_card": {"type": "boolean"},
                        "plan": {"type": "string"},
                        "no_low": {"type": "number", "description": "hi-lo games"},
                        "hilo": {"type": "boolean"},
                        "estimate": {"type": "object"},
                        "players": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {
                                    name: {"type": "number"}
                                    for name in ("equity", "win", "tie", "scoop", "high", "low", "stderr")
                                }
                                | {"cards": {"type": "string"}, "drawing_dead": {"type": "boolean"}},
                            },
                        },
                    },
                },
                "Replay": {
                    "type": "object",
                    "properties": {
                        "hands": {"type": "array", "items": {"type": "object"}},
                        "refused": {"type": "array", "items": {"type": "string"}},
                        "replay": {
                            "type": "object",
                            "properties": {"steps": {"type": "array"}, "analysis": {"type": ["object", "null"]}},
                        },
                    },
                },
            }
        },
    }
