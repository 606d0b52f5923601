"""The hand database: what an import stores, that it is incremental and survives an
interruption, the schema's versions, the stored analysis and the export."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hand_files import DATA, stars_hands

from studeval import analysis, db
from studeval.analysis import analyze_hand
from studeval.cli import main
from studeval.game.phh import loads
from studeval.histories import Checked, check_hands, read_file
from studeval.stats import FACTS, hand_facts


def _content(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    """Every table's rows in key order: two databases with the same content compare equal."""
    keys = {
        "hands": "id",
        "hand_texts": "hand_id",
        "seats": "hand_id, position",
        "analyses": "hand_id",
        "streets": "hand_id, street, position",
    }
    return {t: [tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY {k}")] for t, k in keys.items()}


def test_a_file_of_every_site_is_stored_with_its_numbers() -> None:
    conn = db.open_db(":memory:")
    files = sorted(p for p in DATA.rglob("*") if p.is_file())
    for path in files:
        report = db.import_file(conn, path)
        assert report.error is None
        assert report.read == report.added + report.refused
    for hand in (h for path in files for h in check_hands(read_file(str(path)))):
        if isinstance(hand, Checked):
            imported, replay = hand.hand, hand.replay
            row = conn.execute("SELECT * FROM hands WHERE site = ? AND number = ?", (imported.site, imported.number))
            row = row.fetchone()
            hh = imported.history
            assert row["game"] == replay.game.name and row["variant"] == hh.variant
            assert db.hand_history(conn, row["id"]) == hh  # the PHH text reads back to the same history
            seats = conn.execute("SELECT * FROM seats WHERE hand_id = ? ORDER BY position", (row["id"],)).fetchall()
            assert [s["player"] for s in seats] == hh.extra["players"]
            # each player's result is his stack's change; all of them lose the rake together
            assert [s["net"] for s in seats] == [
                f - s for f, s in zip(hh.finishing_stacks, hh.starting_stacks, strict=True)
            ]
            assert sum(s["net"] for s in seats) == -row["rake"]
            assert row["pot"] == sum(hh.extra["winnings"]) + row["rake"]
            facts = hand_facts(replay)
            assert [[s[f] for f in FACTS] for s in seats] == [[f[name] for name in FACTS] for f in facts]


def test_the_columns_people_filter_on() -> None:
    conn = db.open_db(":memory:")
    db.import_file(conn, DATA / "pokerstars" / "cash_2009.txt")
    db.import_file(conn, DATA / "pokerstars" / "tournaments.txt")
    row = conn.execute("SELECT * FROM hands WHERE number = '27123456701'").fetchone()
    assert (row["site"], row["game"], row["stakes"], row["currency"], row["scale"]) == (
        "pokerstars",
        "seven",
        "0.04/0.08",
        "USD",
        100,
    )
    assert (row["played_at"], row["time_zone"], row["table_name"], row["tournament"]) == (
        "2009-06-12T21:05:17",
        "ET",
        "Aludra III",
        None,
    )
    assert (row["players"], row["hero"], row["small_bet"], row["big_bet"]) == (5, "hero_k", 4, 8)
    tour = conn.execute("SELECT * FROM hands WHERE tournament IS NOT NULL").fetchall()
    assert tour and all(t["currency"] == "chips" and t["scale"] == 1 and "/" in t["stakes"] for t in tour)


def test_importing_twice_adds_nothing(stars_files: list[Path]) -> None:
    conn = db.open_db(":memory:")
    first = [db.import_file(conn, p) for p in stars_files]
    assert [r.added for r in first] == [14, 14, 14, 14]
    before = _content(conn)
    again = [db.import_file(conn, p) for p in stars_files]
    assert [(r.added, r.already) for r in again] == [(0, 14)] * 4
    assert _content(conn) == before


def test_an_import_stopped_midway_then_run_again_gives_the_uninterrupted_database(
    tmp_path: Path, stars_files: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole.db"
    assert main(["import", str(stars_files[0].parent), "--db", str(whole)]) == 0
    broken = tmp_path / "broken.db"
    calls = 0
    real = db.add_hand

    def add_then_stop(*args, **kwargs):  # Ctrl-C in the middle of the third file
        nonlocal calls
        calls += 1
        if calls == 2 * 14 + 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(db, "add_hand", add_then_stop)
    assert main(["import", str(stars_files[0].parent), "--db", str(broken)]) == 130
    monkeypatch.setattr(db, "add_hand", real)
    conn = db.open_db(broken)
    assert conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 2 * 14  # two files committed, no part of one
    conn.close()
    assert main(["import", str(stars_files[0].parent), "--db", str(broken)]) == 0
    assert _content(db.open_db(broken)) == _content(db.open_db(whole))


def test_an_analysis_stopped_midway_then_run_again_gives_the_uninterrupted_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from studeval.cli import analyze as command

    source = tmp_path / "stars.txt"
    source.write_text(stars_hands(30, 500), encoding="utf-8")
    paths = [tmp_path / "whole.db", tmp_path / "broken.db"]
    for path in paths:
        assert main(["import", str(source), "--db", str(path)]) == 0
    assert main(["analyze", "--db", str(paths[0])]) == 0
    monkeypatch.setattr(command, "DB_BATCH", 4)
    calls = 0
    real = analysis.analyze_hand

    def analyze_then_stop(*args, **kwargs):
        nonlocal calls
        calls += 1
        if calls == 11:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyze_hand", analyze_then_stop)
    assert main(["analyze", "--db", str(paths[1]), "-j", "1"]) == 130
    assert db.analysed_count(db.open_db(paths[1])) == (8, 30)  # two batches of 4 committed
    monkeypatch.setattr(analysis, "analyze_hand", real)
    capsys.readouterr()
    assert main(["analyze", "--db", str(paths[1])]) == 0
    assert "22 hands analysed" in capsys.readouterr().out
    assert _content(db.open_db(paths[1])) == _content(db.open_db(paths[0]))


def test_the_stored_analysis_is_the_analysis(tmp_path: Path) -> None:
    conn = db.open_db(":memory:")
    db.import_file(conn, DATA / "pokerstars" / "cash_2009.txt")
    hands = db.unanalysed(conn)
    assert len(hands) == 7
    results = [(hand_id, analyze_hand(loads(text))) for hand_id, text in hands]
    assert db.store_analyses(conn, results) == 7
    assert db.unanalysed(conn) == [] and db.analysed_count(conn) == (7, 7)
    for hand_id, a in results:
        rows = conn.execute("SELECT * FROM streets WHERE hand_id = ? ORDER BY street, position", (hand_id,)).fetchall()
        assert [(r["name"], r["position"], r["equity"], r["method"], r["error"]) for r in rows] == [
            (s.name, i, s.equity[i], s.method, s.error[i]) for s in a.streets for i in s.players
        ]
        hero = [r for r in rows if r["hero_equity"] is not None]
        assert all(r["position"] == a.hero for r in hero)
        expected = [
            r[0] for r in conn.execute("SELECT expected FROM seats WHERE hand_id = ? ORDER BY position", (hand_id,))
        ]
        assert expected == pytest.approx(list(a.expected))
    line = db.luck(conn, "hero_k")
    assert len(line.hands) == 7
    nets = [r[0] for r in conn.execute("SELECT CAST(net AS REAL) / 8 FROM seats WHERE player = 'hero_k'")]
    assert line.actual[-1] == pytest.approx(sum(nets))


def test_a_hand_that_cannot_be_analysed_is_stored_with_its_reason() -> None:
    conn = db.open_db(":memory:")
    db.import_file(conn, DATA / "pokerstars" / "cash_2009.txt")
    db.store_analyses(conn, [(1, "no reason at all")])
    assert conn.execute("SELECT refused FROM analyses WHERE hand_id = 1").fetchone()[0] == "no reason at all"
    assert [h for h, _ in db.unanalysed(conn)] == [2, 3, 4, 5, 6, 7]


def test_schema_versions(tmp_path: Path) -> None:
    path = tmp_path / "hands.db"
    db.open_db(path).close()
    # the next change is a new migration: a version 1 file opens and is brought up to it
    later = (*db.MIGRATIONS, "ALTER TABLE hands ADD COLUMN note TEXT;")
    conn = db.open_db(path, migrations=later)
    assert db.schema_version(conn) == 2
    assert "note" in [r[1] for r in conn.execute("PRAGMA table_info(hands)")]
    conn.close()
    # a file of a newer studeval is refused, untouched
    with pytest.raises(ValueError, match="schema version 2; this studeval reads up to 1"):
        db.open_db(path)
    # a migration that fails leaves the file as it was
    broken = (*later, "ALTER TABLE hands ADD COLUMN note TEXT;")
    with pytest.raises(ValueError, match="move to schema version 3 failed: duplicate column name: note"):
        db.open_db(path, migrations=broken)
    assert db.schema_version(db.open_db(path, migrations=later)) == 2


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.db"
    path.write_text("x" * 5000)
    with pytest.raises(ValueError, match="is not a studeval hand database"):
        db.open_db(path)
    assert main(["stats", "--db", str(path)]) == 2
    assert "is not a studeval hand database" in capsys.readouterr().err
    assert path.read_text() == "x" * 5000


def test_find_hands_orders_and_filters() -> None:
    conn = db.open_db(":memory:")
    for name in ("cash_2009.txt", "tournaments.txt"):
        db.import_file(conn, DATA / "pokerstars" / name)
    pots = db.find_hands(conn, order="pot", limit=3)
    everything = db.find_hands(conn, order="id", limit=100)
    assert [h["pot_bb"] for h in pots] == sorted((h["pot_bb"] for h in everything), reverse=True)[:3]
    ann = db.find_hands(conn, player="Ann", game="seven")
    assert ann and all(h["game"] == "seven" and h["net"] is not None for h in ann)
    assert all(h["net_bb"] == pytest.approx(h["net"] / h["big_bet"]) for h in ann)
    assert all(h["net"] is None and h["net_bb"] is None for h in everything)  # no player named
    with pytest.raises(ValueError, match="order 'size'"):
        db.find_hands(conn, order="size")
    with pytest.raises(ValueError, match="limit 0"):
        db.find_hands(conn, limit=0)
    assert db.hand_history(conn, everything[0]["id"]).extra["hand"] == int(everything[0]["number"])


def test_an_upload_is_imported_as_a_file() -> None:
    conn = db.open_db(":memory:")
    data = (DATA / "fulltilt" / "razz_cct_utf16.txt").read_bytes()
    report = db.import_bytes(conn, data, "tilt.txt")
    assert (report.encoding, report.added) == ("utf-16-le", 2)
    assert {r[0] for r in conn.execute("SELECT source FROM hands")} == {"tilt.txt"}
    with pytest.raises(TypeError, match="bytes"):
        db.import_bytes(conn, "text", "x.txt")  # type: ignore[arg-type]


def test_a_bad_file_is_reported_and_the_others_go_on(tmp_path: Path, stars_files: list[Path]) -> None:
    bad = tmp_path / "hh" / "bad.txt"
    bad.write_bytes(b"PokerStars Hand #1: " + b"x" * 2_000_000 + b"\n")  # a line too long for a history
    conn = db.open_db(":memory:")
    reports = [db.import_file(conn, p) for p in [*stars_files[:1], bad, *stars_files[1:]]]
    assert reports[1].error and reports[1].added == 0
    assert [r.added for r in reports] == [14, 0, 14, 14, 14]


def test_refused_reasons_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "MAX_REASONS", 3)
    path = tmp_path / "bad.txt"
    path.write_text(
        "\n\n".join(f"PokerStars Hand #{k}: Razz Limit ($0.04/$0.08 USD) - 2024/01/05 20:15:00 ET" for k in range(10))
    )
    report = db.import_file(db.open_db(":memory:"), path)
    assert (report.read, report.refused, len(report.reasons)) == (10, 10, 3)


def test_export_parquet_reads_back(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    conn = db.open_db(":memory:")
    db.import_file(conn, DATA / "pokerstars" / "cash_2009.txt")
    files = db.export_parquet(conn, tmp_path / "out", rows=3)
    seats = conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0]
    assert [len(files["hands"]), len(files["seats"])] == [3, -(-seats // 3)]
    hands = [row for f in files["hands"] for row in pq.read_table(f).to_pylist()]
    assert [(h["id"], h["phh"], h["stakes"]) for h in hands] == [
        tuple(r) for r in conn.execute("SELECT id, phh, stakes FROM hands JOIN hand_texts ON hand_id = id ORDER BY id")
    ]
    assert sum(pq.read_table(f).num_rows for f in files["seats"]) == seats
    assert main(["db", "export", "--db", str(tmp_path / "x.db"), "--parquet", str(tmp_path / "e")]) == 0


def test_the_import_command_with_db_reports_what_was_already_in(
    tmp_path: Path, stars_files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hands.db"
    assert main(["import", str(stars_files[0]), "--db", str(path), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert (first["imported"], first["already"]) == (14, 0)
    assert main(["import", *map(str, stars_files[:2]), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "28 hands read from 2 files: 14 imported (" in out and "14 already in the database" in out
    assert main(["import", str(stars_files[0])]) == 2
    assert "--out DIR" in capsys.readouterr().err
    assert main(["import", str(path), "--db", str(path)]) == 2  # the database is no input
    assert "is the database and an input" in capsys.readouterr().err


def test_an_import_killed_midway_then_run_again_gives_the_uninterrupted_database(tmp_path: Path) -> None:
    """A real process killed with SIGKILL (no Ctrl-C handler runs): SQLite's journal keeps
    every committed file and nothing of the one being written."""
    import signal
    import subprocess
    import sys
    import time

    folder = tmp_path / "hh"
    folder.mkdir()
    for k in range(30):
        (folder / f"stars{k:02d}.txt").write_text(stars_hands(14, 10_000 + 100 * k), encoding="utf-8")
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    assert main(["import", str(folder), "--db", str(whole), "--jobs", "1"]) == 0
    db.open_db(killed).close()  # made first, so that it can be watched
    command = [sys.executable, "-m", "studeval", "import", str(folder), "--db", str(killed), "--jobs", "1"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    watch = db.open_db(killed)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if watch.execute("SELECT COUNT(*) FROM hands").fetchone()[0] >= 14:
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.005)
    proc.wait(timeout=60)
    watch.close()
    count = db.open_db(killed).execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    assert count % 14 == 0  # whole files only
    assert main(["import", str(folder), "--db", str(killed), "--jobs", "1"]) == 0
    assert _content(db.open_db(killed)) == _content(db.open_db(whole))
