"""The hand database as the results, import and replayer pages ask it: the library's
:mod:`studeval.db` and :func:`studeval.stats.query` behind checked filters, a connection
per job (SQLite connections stay in their thread), and the import bounded per file by size
and hand count.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "hands.db")
>>> filters = Filters.of({"game": "razz", "since": "2024-01-01"})
>>> filters.game, filters.since, filters.player
('razz', '2024-01-01', None)
>>> results(path, filters)["stats"]
[]
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from studeval.analysis import analyze_hand
from studeval.db import (
    analysed_count,
    find_hands,
    hand_history,
    import_bytes,
    luck,
    open_db,
    store_analysis,
    unanalysed,
)
from studeval.game.phh import loads
from studeval.games import get_game
from studeval.histories import detect_site
from studeval.stats import GROUPS, STATISTICS, query
from studeval.web.limits import MAX_UPLOAD_HANDS
from studeval.web.replays import decode, hand_json

__all__ = [
    "LISTED",
    "Filters",
    "analyse_pending",
    "count_hands",
    "hand_list",
    "hand_replay",
    "import_files",
    "results",
]

#: The hands each list of the results page shows (biggest pots, all-ins).
LISTED = 25
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?")
_TEXT = 200


@dataclass(frozen=True)
class Filters:
    """The results' filters, checked: player, game (a registry name), stakes, site, dates
    (ISO 8601, ``until`` taking its whole day) and the grouping of the statistics."""

    player: str | None = None
    game: str | None = None
    stakes: str | None = None
    site: str | None = None
    since: str | None = None
    until: str | None = None
    by: tuple[str, ...] = ("player", "site")

    @classmethod
    def of(cls, params: Mapping[str, str]) -> Filters:
        """The filters of a query string; ValueError naming a bad value."""
        values: dict[str, Any] = {}
        for name in ("player", "stakes", "site"):
            text = (params.get(name) or "").strip()
            if len(text) > _TEXT:
                raise ValueError(f"{name}: {len(text):,} characters, the most is {_TEXT}")
            values[name] = text or None
        game = (params.get("game") or "").strip()
        values["game"] = get_game(game).name if game else None
        for name in ("since", "until"):
            text = (params.get(name) or "").strip()
            if text and not _DATE.fullmatch(text):
                raise ValueError(f"{name}: {text[:40]!r} is not a date such as 2024-02-10")
            values[name] = text or None
        by = tuple(x for x in (params.get("by") or "player,site").split(",") if x)
        if not by or any(x not in GROUPS for x in by) or len(set(by)) != len(by):
            raise ValueError(f"by: {','.join(by)[:60]!r}: distinct names of {', '.join(GROUPS)}")
        values["by"] = by
        return cls(**values)

    def hand_filters(self) -> dict[str, Any]:
        """The filters :func:`studeval.db.find_hands` takes."""
        return {k: v for k, v in asdict(self).items() if k != "by"}


@contextmanager
def connection(path: str) -> Iterator[sqlite3.Connection]:
    """The database opened (made if missing) for one job, closed after."""
    conn = open_db(path)
    try:
        yield conn
    finally:
        conn.close()


def results(path: str, filters: Filters) -> dict[str, Any]:
    """What the results page shows: the statistics (:func:`studeval.stats.query`) with their
    definitions, the biggest pots and the all-ins (each a hand id for the replayer), and the
    luck lines of the player (when one is named)."""
    with connection(path) as conn:
        f = filters.hand_filters()
        out: dict[str, Any] = {
            "statistics": [{"name": s.name, "text": s.text, "percent": s.scale == 100} for s in STATISTICS],
            "stats": query(conn, by=filters.by, **f),
            "biggest": find_hands(conn, order="pot", limit=LISTED, **f),
            "all_ins": find_hands(conn, order="time", all_in=True, limit=LISTED, **f),
            "luck": None,
        }
        if filters.player:
            line = luck(conn, filters.player, game=filters.game)
            out["luck"] = {
                "player": line.player,
                "hands": list(line.hands),
                "actual": list(line.actual),
                "expected": list(line.expected),
                "luck": line.luck,
            }
        out["analysed"], out["hands_in_db"] = analysed_count(conn)
        return out


def hand_list(path: str, filters: Filters, *, limit: int = 100) -> list[dict[str, Any]]:
    """The newest hands matching the filters (:func:`studeval.db.find_hands`), for the
    replayer's list."""
    with connection(path) as conn:
        return find_hands(conn, order="time", limit=limit, **filters.hand_filters())


def hand_replay(path: str, hand_id: int) -> dict[str, Any]:
    """A stored hand played back (:func:`~studeval.web.replays.hand_json`), as the replayer
    of a file has it; ValueError for an id not in the database."""
    with connection(path) as conn:
        hh = hand_history(conn, hand_id)
        row = conn.execute("SELECT site, number, game, players FROM hands WHERE id = ?", (hand_id,)).fetchone()
    names = hh.extra.get("players")
    summary = {
        "index": hand_id,
        "number": str(row["number"]),
        "game": row["game"],
        "players": names if isinstance(names, list) else [f"p{i + 1}" for i in range(int(row["players"]))],
    }
    return {"hands": [summary], "refused": [], "cut": False, "replay": hand_json(hh)}


def count_hands(text: str) -> int:
    """The hands a file's text starts (sites' first lines, iPoker's ``<game`` tags, PHH
    hands): what the import's bound on hands counts before any is read.

    >>> count_hands("PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2024/01/01 1:00:00 ET\\nSeat 1: Ann")
    1
    """
    if "<game" in text[:1_000_000] and "<session" in text[:4096]:
        return text.count("<game ") + text.count("<game>")
    count = 0
    for line in text.splitlines():
        phhs_header = line[:1] == "[" and line.strip()[1:-1].isdigit()
        if phhs_header or detect_site(line) is not None:
            count += 1
    return count


def import_files(path: str, files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
    """Each file imported into the database (:func:`studeval.db.import_bytes`, one
    transaction a file), its report as :meth:`~studeval.db.FileImport.to_dict` gives it; a
    file of more than :data:`~studeval.web.limits.MAX_UPLOAD_HANDS` hands is refused whole."""
    reports = []
    with connection(path) as conn:
        for name, data in files:
            hands = count_hands(decode(data))
            if hands > MAX_UPLOAD_HANDS:
                reports.append(
                    {
                        "file": name,
                        "error": f"{hands:,} hands, more than the limit of {MAX_UPLOAD_HANDS:,} a file: split it",
                        "hands": 0,
                        "added": 0,
                        "already": 0,
                        "refused": 0,
                        "games": {},
                        "reasons": [],
                    }
                )
                continue
            reports.append(import_bytes(conn, data, name).to_dict())
    return reports


def analyse_pending(path: str, seconds: float, *, clock: Any = None) -> dict[str, int]:
    """Analyse hands not analysed yet (:func:`studeval.analysis.analyze_hand`, stored by
    :func:`studeval.db.store_analysis`) for about ``seconds``: ``{"done", "left"}``."""
    import time

    now = clock or time.monotonic
    start = now()
    done = 0
    with connection(path) as conn:
        after = 0
        while now() - start < seconds:
            batch = unanalysed(conn, after=after, limit=20)
            if not batch:
                break
            for hand_id, text in batch:
                after = hand_id
                try:
                    analysis: Any = analyze_hand(loads(text))
                except ValueError as exc:
                    analysis = str(exc)
                store_analysis(conn, hand_id, analysis)
                done += 1
                if now() - start >= seconds:
                    break
        analysed, total = analysed_count(conn)
    return {"done": done, "left": total - analysed}
