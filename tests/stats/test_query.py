"""stats.query over a hand database's seats JOIN hands: filters, groups, and speed.

The tables here are the schema's contract columns (spec: hands and seats), built by hand so
that every sum is known; the database module's own tables have more columns."""

from __future__ import annotations

import sqlite3

import pytest

from studeval.stats import FACTS, query

HANDS = [  # id, site, game, stakes, played_at, big_bet
    (1, "pokerstars", "razz", "0.04/0.08", "2024-02-10T20:15:03", 8),
    (2, "pokerstars", "stud", "0.10/0.20", "2024-02-11T10:00:00", 20),
    (3, "fulltilt", "razz", "0.04/0.08", "2024-03-01T09:00:00", 8),
]
SEATS = [  # hand_id, player, net, hands, vpip
    (1, "Ann", 4, 1, 1),
    (1, "Bob", -4, 1, 0),
    (2, "Ann", -20, 1, 1),
    (2, "Bob", 20, 1, 1),
    (3, "Ann", 8, 1, 0),
]


def database(hands: list[tuple[object, ...]], seats: list[tuple[object, ...]]) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    facts = ", ".join(f"{f} INTEGER NOT NULL DEFAULT 0" for f in FACTS)
    conn.executescript(
        "CREATE TABLE hands(id INTEGER PRIMARY KEY, site TEXT NOT NULL, game TEXT NOT NULL,"
        " stakes TEXT NOT NULL, played_at TEXT, big_bet INTEGER NOT NULL);"
        f"CREATE TABLE seats(hand_id INTEGER NOT NULL REFERENCES hands(id), player TEXT NOT NULL, net INTEGER NOT NULL, {facts})"
    )
    conn.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?)", hands)
    conn.executemany("INSERT INTO seats(hand_id, player, net, hands, vpip) VALUES (?, ?, ?, ?, ?)", seats)
    return conn


def brief(records: list[dict[str, object]], *keys: str) -> list[tuple[object, ...]]:
    return [tuple(r[k] for k in keys) for r in records]


def test_grouped_by_player_and_site_by_default():
    got = brief(query(database(HANDS, SEATS)), "player", "site", "hands", "vpip", "bb_per_100")
    assert got == [
        ("Ann", "fulltilt", 1, 0.0, 100.0),
        ("Ann", "pokerstars", 2, 100.0, 100 * (0.5 - 1) / 2),
        ("Bob", "pokerstars", 2, 50.0, 100 * (-0.5 + 1) / 2),
    ]


def test_filters_and_by_game():
    conn = database(HANDS, SEATS)
    assert brief(query(conn, player="Ann", game="razz", by=("player",)), "player", "hands", "bb_per_100") == [
        ("Ann", 2, 75.0)  # (4 / 8 + 8 / 8) / 2 hands
    ]
    assert brief(query(conn, stakes="0.10/0.20"), "player", "hands") == [("Ann", 1), ("Bob", 1)]
    assert brief(query(conn, site="fulltilt"), "player", "hands") == [("Ann", 1)]
    by_game = query(conn, player="Ann", by=("player", "site", "game"))
    assert brief(by_game, "site", "game", "hands") == [
        ("fulltilt", "razz", 1),
        ("pokerstars", "razz", 1),
        ("pokerstars", "stud", 1),
    ]


def test_since_and_until_take_whole_days():
    conn = database(HANDS, SEATS)
    assert brief(query(conn, since="2024-02-11", until="2024-02-11"), "player", "hands") == [("Ann", 1), ("Bob", 1)]
    assert brief(query(conn, until="2024-02-10", by=()), "hands") == [(2,)]
    assert query(conn, since="2025") == []


def test_a_bad_group_is_refused():
    with pytest.raises(ValueError, match="group by"):
        query(database(HANDS, SEATS), by=("seat",))


def test_many_hands_sum_per_player():
    """Speed is benchmarks/test_bench_database.py's (100,000 hands); here the sums."""
    n = 5_000
    hands = [(i, "pokerstars", "razz", "0.04/0.08", f"2024-02-{1 + i % 28:02d}T20:15:03", 8) for i in range(1, n + 1)]
    seats = [(i, f"p{(i + k) % 50}", 1 - 2 * k, 1, k) for i in range(1, n + 1) for k in (0, 1)]
    records = query(database(hands, seats))
    assert sum(r["hands"] for r in records) == 2 * n
    assert len(records) == 50 and all(r["hands"] == 2 * n // 50 for r in records)
