"""The hand database: a player's hands kept in one SQLite file, imported once, asked many times.

A database is a file of the standard library's :mod:`sqlite3` (:func:`open_db`; by default
:func:`default_path`). Its tables (docs/database.md lists every column):

- ``hands``: one row per hand, keyed by its site and the site's hand number, with the columns
  people filter on: site, game, stakes and currency, time, table, tournament, players, hero,
  pot and rake; its PHH text in ``hand_texts`` (``phh``: :func:`studeval.game.phh.loads`
  reads it back), apart so that the statistics' scans read small rows;
- ``seats``: one row per player and hand: name, seat, starting stack, net result (chips) and
  the statistics' counts of :data:`studeval.stats.FACTS` (:func:`studeval.stats.query` sums
  them);
- ``analyses`` and ``streets``: the stored analysis (:func:`store_analysis`): per hand how it
  was counted and the all-in's street, per street and player the pot, the chips in, the
  equity given the cards known and the hero's equity, each with its method and standard
  error; each player's luck-adjusted result is ``seats.expected``.

Hands go in by :func:`import_file` (read by :func:`read_checked`, on many processes by
:func:`read_files`; stored by :func:`store_file`), each file in one transaction: an import stopped midway keeps every file committed before it, and running it
again adds only what is missing (a hand already in, by site and hand number, is skipped).
The schema's version is SQLite's ``user_version``; :data:`MIGRATIONS` takes an older file to
:data:`SCHEMA_VERSION` when it is opened, and a newer one is refused.

>>> conn = open_db(":memory:")
>>> conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0], schema_version(conn)
(0, 1)
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import os
import pickle
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple

from studeval.analysis import HandAnalysis
from studeval.game.phh import HandHistory, dumps, loads
from studeval.game.phh_replay import Replay
from studeval.histories import Imported, Refused, read_file
from studeval.histories.verify import Checked, SiteRake, check_hands
from studeval.stats import FACTS, hand_facts, hand_filters

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "FileImport",
    "FileRead",
    "Luck",
    "Prepared",
    "Transaction",
    "add_hand",
    "analysed_count",
    "default_path",
    "export_parquet",
    "find_hands",
    "hand_history",
    "import_bytes",
    "import_file",
    "luck",
    "open_db",
    "prepare",
    "read_checked",
    "read_files",
    "schema_version",
    "store_analyses",
    "store_analysis",
    "store_file",
    "unanalysed",
]

_FACT_COLUMNS = ",\n    ".join(f"{name} INTEGER NOT NULL DEFAULT 0" for name in FACTS)

#: Each migration takes the schema from version ``k`` to ``k + 1`` (``MIGRATIONS[k]``, SQL
#: run in one transaction with the new ``user_version``). A change to the schema is a new
#: entry here, never an edit of an old one: files made by every earlier version open.
MIGRATIONS: tuple[str, ...] = (
    f"""
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    site TEXT NOT NULL,
    number TEXT NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    stakes TEXT NOT NULL,
    currency TEXT NOT NULL,
    scale INTEGER NOT NULL,
    ante INTEGER NOT NULL,
    bring_in INTEGER NOT NULL,
    small_bet INTEGER NOT NULL,
    big_bet INTEGER NOT NULL,
    played_at TEXT,
    time_zone TEXT,
    table_name TEXT,
    tournament TEXT,
    players INTEGER NOT NULL,
    hero TEXT,
    pot INTEGER NOT NULL,
    rake INTEGER NOT NULL,
    source TEXT,
    UNIQUE (site, number)
);
CREATE TABLE hand_texts (
    hand_id INTEGER PRIMARY KEY REFERENCES hands (id) ON DELETE CASCADE,
    phh TEXT NOT NULL
);
CREATE INDEX hands_game ON hands (game, stakes);
CREATE INDEX hands_played_at ON hands (played_at);
CREATE TABLE seats (
    hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    seat INTEGER,
    player TEXT NOT NULL,
    starting_stack INTEGER NOT NULL,
    net INTEGER NOT NULL,
    expected REAL,
    {_FACT_COLUMNS},
    PRIMARY KEY (hand_id, position)
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats (player);
CREATE TABLE analyses (
    hand_id INTEGER PRIMARY KEY REFERENCES hands (id) ON DELETE CASCADE,
    exact INTEGER NOT NULL,
    all_in_street TEXT,
    refused TEXT
);
CREATE TABLE streets (
    hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    street INTEGER NOT NULL,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    pot INTEGER NOT NULL,
    invested INTEGER NOT NULL,
    equity REAL,
    method TEXT,
    error REAL,
    hero_equity REAL,
    hero_method TEXT,
    hero_error REAL,
    PRIMARY KEY (hand_id, street, position)
) WITHOUT ROWID;
""",
)

#: The schema this version of studeval writes (SQLite's ``user_version``).
SCHEMA_VERSION = len(MIGRATIONS)


def default_path() -> Path:
    """Where the hand database lives unless a command is told (``--db``): ``$STUDEVAL_DB``
    if set, else ``hands.db`` in the user's data folder (``$XDG_DATA_HOME/studeval``,
    by default ``~/.local/share/studeval``; ``%LOCALAPPDATA%\\studeval`` on Windows).

    >>> os.environ["STUDEVAL_DB"] = "/tmp/mine.db"; str(default_path())
    '/tmp/mine.db'
    >>> del os.environ["STUDEVAL_DB"]
    """
    named = os.environ.get("STUDEVAL_DB")
    if named:
        return Path(named)
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "studeval" / "hands.db"


def schema_version(conn: sqlite3.Connection) -> int:
    """The schema version of an open database (SQLite's ``user_version``)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def open_db(path: str | os.PathLike[str], *, migrations: Sequence[str] = MIGRATIONS) -> sqlite3.Connection:
    """Open (or make) the hand database at ``path`` (``":memory:"`` for one in memory), its
    schema brought up to date (:data:`MIGRATIONS`), rows as :class:`sqlite3.Row`.

    A file of a newer schema than this studeval writes, or not a database, is refused with
    a ValueError naming it; nothing is written to it then.

    >>> open_db(":memory:").execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    True
    """
    name = os.fspath(path)
    if name != ":memory:":
        folder = os.path.dirname(os.path.abspath(name))
        os.makedirs(folder, exist_ok=True)
    conn = sqlite3.connect(name, isolation_level=None)  # transactions are ours: BEGIN ... COMMIT
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        version = schema_version(conn)
        if version > len(migrations):
            raise ValueError(
                f"{name} is a hand database of schema version {version}; this studeval reads up to"
                f" {len(migrations)}: upgrade studeval"
            )
        if name != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")  # readers (the web pages) while importing
        for k in range(version, len(migrations)):
            _migrate(conn, migrations[k], k + 1)
    except sqlite3.DatabaseError as exc:  # not SQLite, or a damaged file
        conn.close()
        raise ValueError(f"{name} is not a studeval hand database: {exc}") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _migrate(conn: sqlite3.Connection, sql: str, version: int) -> None:
    """One migration, all or nothing (``executescript`` runs our BEGIN ... COMMIT as given)."""
    try:
        conn.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {int(version)};\nCOMMIT;")
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.DatabaseError):  # the file stays as it was
            raise ValueError(f"the hand database's move to schema version {version} failed: {exc}") from None
        raise


class Transaction:
    """``with Transaction(conn):`` one transaction, committed at the end, rolled back on any
    exception (Ctrl-C included): what a file's import or a batch of analyses writes."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")


# ---- import ---------------------------------------------------------------------------------

#: The refused hands a file's report keeps with their reasons (the rest are counted): a file
#: of a million bad lines must not fill memory with reasons.
MAX_REASONS = 1000

_HAND_COLUMNS = (
    "site, number, game, variant, stakes, currency, scale, ante, bring_in, small_bet, big_bet, played_at,"
    " time_zone, table_name, tournament, players, hero, pot, rake, source"
)
_INSERT_HAND = f"INSERT OR IGNORE INTO hands ({_HAND_COLUMNS}) VALUES ({', '.join('?' * 20)})"
_INSERT_TEXT = "INSERT INTO hand_texts (hand_id, phh) VALUES (?, ?)"
_SEAT_COLUMNS = ("hand_id", "position", "seat", "player", "starting_stack", "net", *FACTS)
_INSERT_SEAT = f"INSERT INTO seats ({', '.join(_SEAT_COLUMNS)}) VALUES ({', '.join('?' * len(_SEAT_COLUMNS))})"


@dataclass
class FileImport:
    """What importing one file gave: hands read, added, already in the database (by site and
    hand number; a hand twice in the file counts there too), refused (the first
    :data:`MAX_REASONS` kept with their reasons), per game added; ``error``: why the file
    could not be read (further), its hands committed until then kept."""

    source: str
    encoding: str | None = None
    read: int = 0
    added: int = 0
    already: int = 0
    refused: int = 0
    reasons: list[Refused] = field(default_factory=list)
    games: dict[str, int] = field(default_factory=dict)
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        return {
            "file": self.source,
            "encoding": self.encoding,
            "error": self.error,
            "hands": self.read,
            "added": self.added,
            "already": self.already,
            "refused": self.refused,
            "games": dict(sorted(self.games.items())),
            "reasons": [{"line": r.line, "site": r.site, "hand": r.number, "reason": r.reason} for r in self.reasons],
        }


def _amount(chips: int, scale: int) -> str:
    """Chips in the currency's units: 4 at scale 100 is '0.04' (tournament chips as they are)."""
    if scale == 1:
        return str(chips)
    places = len(str(scale)) - 1 if str(scale).strip("0") == "1" else 2
    return f"{Decimal(chips) / scale:.{places}f}"


def _played_at(extra: dict[str, Any]) -> str | None:
    """The hand's start as ISO 8601 text, as the site printed it (its ``time_zone`` apart)."""
    try:
        day = datetime.date(extra["year"], extra["month"], extra["day"])
    except (KeyError, TypeError, ValueError):
        return None
    time = extra.get("time")
    return f"{day.isoformat()}T{time.isoformat()}" if isinstance(time, datetime.time) else day.isoformat()


def _hero(hh: HandHistory, replay: Replay, names: list[str]) -> str | None:
    """The player whose down cards the file shows: the site's named hero, else the one seat
    dealt face up to us from the deal."""
    named = hh.extra.get("_hero")
    if isinstance(named, str) and named in names:
        return named
    seen = replay.shown_from_deal
    return names[next(iter(seen))] if len(seen) == 1 else None


def _rows(hand: Imported, replay: Replay, source: str) -> tuple[tuple[Any, ...], list[list[Any]]]:
    """A hand's row and its seats' rows (without the hand's id)."""
    hh, state = hand.history, replay.state
    extra = hh.extra
    n = state.n
    names = extra.get("players")
    names = list(names) if isinstance(names, list) and len(names) == n else [f"p{i + 1}" for i in range(n)]
    seats = extra.get("seats")
    seats = list(seats) if isinstance(seats, list) and len(seats) == n else [None] * n
    scale = extra.get("_scale", 1)
    scale = scale if type(scale) is int and scale > 0 else 1
    rake = extra.get("_rake", 0)
    rake = rake if type(rake) is int else 0
    final = hh.finishing_stacks if hh.finishing_stacks is not None else state.stacks
    pot = sum(state.payouts) - sum(state.returned) + rake
    tournament = extra.get("_tournament", extra.get("_tournament_name"))
    currency = extra.get("currency")
    row = (
        hand.site,
        hand.number,
        replay.game.name,
        hh.variant,
        f"{_amount(hh.small_bet, scale)}/{_amount(hh.big_bet, scale)}",
        currency if isinstance(currency, str) else "chips",
        scale,
        max(hh.antes) if hh.antes else 0,
        hh.bring_in,
        hh.small_bet,
        hh.big_bet,
        _played_at(extra),
        extra.get("time_zone") if isinstance(extra.get("time_zone"), str) else None,
        extra.get("table") if isinstance(extra.get("table"), str) else None,
        None if tournament is None else str(tournament),
        n,
        _hero(hh, replay, names),
        pot,
        rake,
        source,
    )
    facts = hand_facts(replay)
    seat_rows = [
        [k, seats[k], names[k], hh.starting_stacks[k], final[k] - hh.starting_stacks[k], *facts[k].values()]
        for k in range(n)
    ]
    return row, seat_rows


class Prepared(NamedTuple):
    """A checked hand as the database stores it: its site, number, game, PHH text, the row of
    ``hands`` and its seats' rows (without ids). Made where the hand is read (a worker
    process of :func:`read_files`), stored by :func:`add_hand`."""

    site: str
    number: str
    game: str
    phh: str
    row: tuple[Any, ...]
    seats: list[list[Any]]


def prepare(hand: Checked, *, source: str) -> Prepared:
    """What :func:`add_hand` stores of a checked hand (its statistics' counts included)."""
    row, seats = _rows(hand.hand, hand.replay, source)
    return Prepared(hand.hand.site, hand.hand.number, hand.replay.game.name, dumps(hand.hand.history), row, seats)


class FileRead:
    """A site's file being read and checked (:func:`read_checked`): iterate it once for its
    hands in order, each :class:`Prepared` or :class:`~studeval.histories.Refused`, one at a
    time (a file of a million hands is never held whole); ``encoding`` as detected, and
    ``error``, why it could not be read (further), known once the hands are iterated."""

    def __init__(self, source: str, encoding: str | None = None, error: str | None = None) -> None:
        self.source, self.encoding, self.error = source, encoding, error
        self._hands: Iterator[Prepared | Refused] = iter(())

    def __iter__(self) -> Iterator[Prepared | Refused]:
        return self._hands


def _reason(exc: OSError | ValueError) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def read_checked(
    path: str | os.PathLike[str], *, site: str | None = None, rake: SiteRake | None = None, source: str | None = None
) -> FileRead:
    """Read a site's file (:func:`studeval.histories.read_file`), replay each hand against the
    site's numbers (:func:`~studeval.histories.check_hands`) and prepare the ones that agree,
    as the result is iterated; ``source`` names the file in the results (the path by
    default). A file that cannot be read further keeps the hands before that point and says
    why in ``error``. Touches no database: :func:`read_files` runs it in worker processes.

    >>> read_checked("/no/such/file.txt").error
    'No such file or directory'
    """
    name = os.fspath(path) if source is None else source
    out = FileRead(name)
    try:
        hands = read_file(os.fspath(path), site=site)
    except (OSError, ValueError) as exc:
        out.error = _reason(exc)
        return out
    out.encoding = hands.encoding

    def each() -> Iterator[Prepared | Refused]:
        try:
            for hand in check_hands(hands, rake):
                if isinstance(hand, Refused):
                    yield hand if hand.source == name else dataclasses.replace(hand, source=name)
                else:
                    yield prepare(hand, source=name)
        except (OSError, ValueError) as exc:  # this file cannot be read further: the others go on
            out.error = _reason(exc)

    out._hands = each()
    return out


def _spool_one(item: tuple[str, str | None, SiteRake | None, str | None, str]) -> tuple[str | None, str | None]:
    """A worker's file: its hands pickled one after another into ``spool`` (the main process
    reads them back one at a time); its encoding and error."""
    path, site, rake, source, spool = item
    read = read_checked(path, site=site, rake=rake, source=source)
    with open(spool, "wb") as f:
        for hand in read:
            pickle.dump(hand, f, protocol=pickle.HIGHEST_PROTOCOL)
    return read.encoding, read.error


def _unspooled(spool: str) -> Iterator[Prepared | Refused]:
    try:
        with open(spool, "rb") as f:
            while True:
                try:
                    yield pickle.load(f)
                except EOFError:
                    return
    finally:  # (a stopped import's folder may be gone already)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(spool)


def read_files(
    paths: Sequence[str | os.PathLike[str]],
    *,
    site: str | None = None,
    rake: SiteRake | None = None,
    sources: Sequence[str] | None = None,
    jobs: int = 1,
) -> Iterator[FileRead]:
    """:func:`read_checked` of each file, in the order given, on ``jobs`` processes at once
    (1: here, one hand at a time). Reading and replaying is the work of an import; the
    database's writes stay in the caller's process. A worker writes its file's hands to a
    temporary file, read back one at a time, so memory stays flat; at most ``2 * jobs`` files
    are read ahead. Take each file's hands before the next file.

    >>> [f.error for f in read_files(["/no/such/file.txt"])]
    ['No such file or directory']
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs {jobs!r}: the number of processes, an int >= 1")
    names = [None] * len(paths) if sources is None else list(sources)
    if len(names) != len(paths):
        raise ValueError(f"{len(names)} sources for {len(paths)} files")
    if jobs == 1 or len(paths) < 2:
        for path, name in zip(paths, names, strict=True):
            yield read_checked(path, site=site, rake=rake, source=name)
        return
    from concurrent.futures import ProcessPoolExecutor

    with tempfile.TemporaryDirectory(prefix="studeval-import-") as folder:
        items = [
            (os.fspath(p), site, rake, n, os.path.join(folder, f"{k}.pickle"))
            for k, (p, n) in enumerate(zip(paths, names, strict=True))
        ]
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(items)))
        try:
            pending = {k: pool.submit(_spool_one, items[k]) for k in range(min(2 * jobs, len(items)))}
            for k, item in enumerate(items):
                encoding, error = pending.pop(k).result()
                if k + 2 * jobs < len(items):
                    pending[k + 2 * jobs] = pool.submit(_spool_one, items[k + 2 * jobs])
                read = FileRead(item[3] if item[3] is not None else item[0], encoding, error)
                read._hands = _unspooled(item[4])
                yield read
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def add_hand(conn: sqlite3.Connection, hand: Prepared) -> bool:
    """Add one prepared hand with its seats (inside the caller's :class:`Transaction`): True,
    or False when its site and hand number are in already (nothing written then)."""
    cursor = conn.execute(_INSERT_HAND, hand.row)
    if cursor.rowcount == 0:
        return False
    hand_id = cursor.lastrowid
    conn.execute(_INSERT_TEXT, (hand_id, hand.phh))
    conn.executemany(_INSERT_SEAT, [[hand_id, *seat] for seat in hand.seats])
    return True


def store_file(conn: sqlite3.Connection, read: FileRead) -> FileImport:
    """Add a file's prepared hands in one transaction (all, or none on any exception: Ctrl-C
    included), skipping those already in; the report of the file.

    >>> store_file(open_db(":memory:"), read_checked("/no/such/file.txt")).to_dict()["error"]
    'No such file or directory'
    """
    out = FileImport(read.source, read.encoding)
    with Transaction(conn):
        for hand in read:
            out.read += 1
            if isinstance(hand, Refused):
                out.refused += 1
                if len(out.reasons) < MAX_REASONS:
                    out.reasons.append(hand)
            elif add_hand(conn, hand):
                out.added += 1
                out.games[hand.game] = out.games.get(hand.game, 0) + 1
            else:
                out.already += 1
    out.error = read.error
    return out


def import_file(
    conn: sqlite3.Connection,
    path: str | os.PathLike[str],
    *,
    site: str | None = None,
    rake: SiteRake | None = None,
    source: str | None = None,
) -> FileImport:
    """Read a site's file, check each hand by its replay and add the new ones in one
    transaction (:func:`read_checked`, :func:`store_file`).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("nothing")
    >>> import_file(open_db(":memory:"), f.name).read
    0
    """
    return store_file(conn, read_checked(path, site=site, rake=rake, source=source))


def import_bytes(conn: sqlite3.Connection, data: bytes, name: str, *, site: str | None = None) -> FileImport:
    """:func:`import_file` of a file's bytes (an upload), stored as from ``name``: its
    encoding detected as a file's is.

    >>> import_bytes(open_db(":memory:"), b"nothing", "upload.txt").to_dict()["hands"]
    0
    """
    if not isinstance(data, bytes):
        raise TypeError(f"data is the file's bytes, got {type(data).__name__}")
    with tempfile.TemporaryDirectory(prefix="studeval-upload-") as folder:
        path = os.path.join(folder, "upload")
        with open(path, "wb") as f:
            f.write(data)
        return import_file(conn, path, site=site, source=name)


# ---- asking ---------------------------------------------------------------------------------


def hand_history(conn: sqlite3.Connection, hand_id: int) -> HandHistory:
    """The stored hand's PHH history; ValueError naming an id not in the database.

    >>> hand_history(open_db(":memory:"), 7)
    Traceback (most recent call last):
    ...
    ValueError: no hand 7 in the database
    """
    if isinstance(hand_id, bool) or not isinstance(hand_id, int):
        raise TypeError(f"hand_id is a hand's id in the database, an int, got {hand_id!r}")
    row = conn.execute("SELECT phh FROM hand_texts WHERE hand_id = ?", (hand_id,)).fetchone()
    if row is None:
        raise ValueError(f"no hand {hand_id} in the database")
    return loads(row[0])


#: What :func:`find_hands` may order by, and the SQL of each (largest or newest first).
ORDERS: dict[str, str] = {
    "time": "h.played_at DESC, h.id DESC",
    "pot": "h.pot * 1.0 / h.big_bet DESC, h.id DESC",
    "id": "h.id",
}

#: The most rows :func:`find_hands` gives in one call.
MAX_FOUND = 10_000


def find_hands(
    conn: sqlite3.Connection,
    *,
    player: str | None = None,
    game: str | None = None,
    stakes: str | None = None,
    site: str | None = None,
    since: str | None = None,
    until: str | None = None,
    all_in: bool | None = None,
    order: str = "time",
    limit: int = 100,
) -> list[dict[str, Any]]:
    """Hands of the database as records (no PHH text): id, site, number, game, stakes,
    currency, played_at, table, players, hero, pot (also in big bets, ``pot_bb``), rake, the
    all-in's street if analysed, and ``net`` of ``player`` when one is named (``net_bb`` in
    big bets). Filters as
    :func:`studeval.stats.query`'s; ``all_in=True``: only analysed hands with an all-in;
    ``order``: a name of :data:`ORDERS` (``"pot"``: biggest pots first, in big bets).

    >>> find_hands(open_db(":memory:"), order="pot")
    []
    """
    if order not in ORDERS:
        raise ValueError(f"order {order!r}: one of {', '.join(ORDERS)}")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_FOUND:
        raise ValueError(f"limit {limit!r}: an int from 1 to {MAX_FOUND}")
    where, args = hand_filters(game=game, stakes=stakes, site=site, since=since, until=until)
    if all_in:
        where.append("a.all_in_street IS NOT NULL")
    join = ""
    net = "NULL"
    if player is not None:
        join = " JOIN seats AS s ON s.hand_id = h.id AND s.player = ?"
        args.insert(0, player)  # (the join's ? comes before the conditions')
        net = "s.net"
    sql = (
        "SELECT h.id, h.site, h.number, h.game, h.stakes, h.currency, h.scale, h.big_bet, h.played_at,"
        f" h.table_name, h.players, h.hero, h.pot, h.rake, a.all_in_street, {net} AS net"
        f" FROM hands AS h{join} LEFT JOIN analyses AS a ON a.hand_id = h.id"
        + (f" WHERE {' AND '.join(where)}" if where else "")
        + f" ORDER BY {ORDERS[order]} LIMIT ?"
    )
    out = []
    for row in conn.execute(sql, [*args, limit]):
        record = dict(row)
        record["pot_bb"] = record["pot"] / record["big_bet"]
        record["net_bb"] = None if record["net"] is None else record["net"] / record["big_bet"]
        out.append(record)
    return out


# ---- the stored analysis --------------------------------------------------------------------


def unanalysed(conn: sqlite3.Connection, *, after: int = 0, limit: int = 1000) -> list[tuple[int, str]]:
    """Up to ``limit`` hands not analysed yet, with ids above ``after``, in id order: (id,
    PHH text) pairs.

    >>> unanalysed(open_db(":memory:"))
    []
    """
    rows = conn.execute(
        "SELECT h.id, t.phh FROM hands AS h JOIN hand_texts AS t ON t.hand_id = h.id"
        " LEFT JOIN analyses AS a ON a.hand_id = h.id"
        " WHERE a.hand_id IS NULL AND h.id > ? ORDER BY h.id LIMIT ?",
        (after, limit),
    )
    return [(row[0], row[1]) for row in rows]


def analysed_count(conn: sqlite3.Connection) -> tuple[int, int]:
    """(hands analysed, hands in the database).

    >>> analysed_count(open_db(":memory:"))
    (0, 0)
    """
    done = conn.execute("SELECT COUNT(*) FROM analyses").fetchone()[0]
    return int(done), int(conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0])


def store_analysis(
    conn: sqlite3.Connection, hand_id: int, analysis: HandAnalysis | str, *, exact: bool = False
) -> None:
    """Store one hand's analysis (or, as text, why it could not be analysed), replacing any
    stored before: its streets' equities, the all-in's street and each player's
    luck-adjusted result (``seats.expected``). Call it inside a transaction of your own
    (:func:`store_analyses` does) or alone (SQLite commits each statement then)."""
    conn.execute("DELETE FROM streets WHERE hand_id = ?", (hand_id,))
    if isinstance(analysis, str):
        conn.execute(
            "INSERT OR REPLACE INTO analyses (hand_id, exact, all_in_street, refused) VALUES (?, ?, NULL, ?)",
            (hand_id, int(exact), analysis),
        )
        return
    conn.execute(
        "INSERT OR REPLACE INTO analyses (hand_id, exact, all_in_street, refused) VALUES (?, ?, ?, NULL)",
        (hand_id, int(exact), analysis.all_in.street if analysis.all_in is not None else None),
    )
    rows = []
    for k, street in enumerate(analysis.streets):
        for i in street.players:
            hero = i == analysis.hero
            rows.append(
                (
                    hand_id,
                    k,
                    street.name,
                    i,
                    street.pot,
                    street.invested[i],
                    street.equity[i],
                    street.method,
                    street.error[i] if street.error else None,
                    street.hero_equity if hero else None,
                    street.hero_method if hero else None,
                    street.hero_error if hero else None,
                )
            )
    conn.executemany(f"INSERT INTO streets VALUES ({', '.join('?' * 12)})", rows)
    conn.executemany(
        "UPDATE seats SET expected = ? WHERE hand_id = ? AND position = ?",
        [(expected, hand_id, i) for i, expected in enumerate(analysis.expected)],
    )


def store_analyses(
    conn: sqlite3.Connection, results: Iterable[tuple[int, HandAnalysis | str]], *, exact: bool = False
) -> int:
    """Store many hands' analyses in one transaction (all or none); returns how many."""
    count = 0
    with Transaction(conn):
        for hand_id, analysis in results:
            store_analysis(conn, hand_id, analysis, exact=exact)
            count += 1
    return count


@dataclass(frozen=True)
class Luck:
    """A player's results hand by hand (in time order) in big bets, running sums: what he won
    (``actual``) and what the all-ins' equities were worth (``expected``, the luck-adjusted
    line), over the analysed hands of ``game`` (every game if None)."""

    player: str
    game: str | None
    hands: tuple[int, ...]
    actual: tuple[float, ...]
    expected: tuple[float, ...]

    @property
    def luck(self) -> float:
        """Big bets won above (or below) the luck-adjusted line at the end."""
        return self.actual[-1] - self.expected[-1] if self.actual else 0.0


def luck(conn: sqlite3.Connection, player: str, *, game: str | None = None) -> Luck:
    """The luck picture's lines for one player (:class:`Luck`), from the analysed hands.

    >>> luck(open_db(":memory:"), "Ann").hands
    ()
    """
    sql = (
        "SELECT h.id, CAST(s.net AS REAL) / h.big_bet, s.expected / h.big_bet FROM seats AS s"
        " JOIN hands AS h ON h.id = s.hand_id WHERE s.player = ? AND s.expected IS NOT NULL"
        + (" AND h.game = ?" if game is not None else "")
        + " ORDER BY h.played_at, h.id"
    )
    ids: list[int] = []
    actual: list[float] = []
    expected: list[float] = []
    a = e = 0.0
    for hand_id, net, exp in conn.execute(sql, (player, game) if game is not None else (player,)):
        a += net
        e += exp
        ids.append(hand_id)
        actual.append(a)
        expected.append(e)
    return Luck(player, game, tuple(ids), tuple(actual), tuple(expected))


# ---- export ---------------------------------------------------------------------------------

#: Rows of one Parquet file of an export (a Dask partition).
EXPORT_ROWS = 50_000


def export_parquet(
    conn: sqlite3.Connection, folder: str | os.PathLike[str], *, rows: int = EXPORT_ROWS
) -> dict[str, list[Path]]:
    """Write the database for pandas and Dask: ``folder/hands/part-00000.parquet``, ... (the
    hands' columns, PHH text included) and ``folder/seats/...`` (the seats' columns), each
    file at most ``rows`` rows in id order. Needs pyarrow. Returns the files by table.

    >>> import tempfile
    >>> export_parquet(open_db(":memory:"), tempfile.mkdtemp())
    {'hands': [], 'seats': []}
    """
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - pyarrow comes with the [dask] and [test] extras
        raise ValueError('a Parquet export needs pyarrow: pip install "studeval[dask]"') from None
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise ValueError(f"rows {rows!r}: the rows of one file, an int >= 1")
    out: dict[str, list[Path]] = {}
    queries = {  # our own tables: the hands with their PHH text, the seats
        "hands": "SELECT h.*, t.phh FROM hands AS h JOIN hand_texts AS t ON t.hand_id = h.id ORDER BY h.id",
        "seats": "SELECT * FROM seats ORDER BY hand_id, position",
    }
    for table, sql in queries.items():
        target = Path(folder) / table
        target.mkdir(parents=True, exist_ok=True)
        files: list[Path] = []
        cursor = conn.execute(sql)
        names = [d[0] for d in cursor.description]
        while True:
            batch = cursor.fetchmany(rows)
            if not batch:
                break
            columns = {name: [r[k] for r in batch] for k, name in enumerate(names)}
            path = target / f"part-{len(files):05d}.parquet"
            pq.write_table(pa.table(columns), path)
            files.append(path)
        out[table] = files
    return out
