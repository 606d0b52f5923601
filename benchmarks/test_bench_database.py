"""The hand database (issue 32, studeval.db): importing into it, and the statistics over it.

Run: python -m pytest benchmarks/test_bench_database.py --benchmark-only

- ``studeval import --db``: 10,000 hands (each site's everyday fixture hands, 2,000 a site in
  two files of 1,000, new hand numbers) read, replayed against the site's numbers and stored
  with their statistics' counts, into a new database each round, on one process and on every
  core (``--jobs``). ``extra_info['items']`` is the hands of a round: summarize.py prints
  hands per second (the issue asks 1,000 or more).
- ``studeval stats`` over 100,000 hands (those 10,000 stored ten times under new numbers by
  SQL, so the database is made in seconds): every player and site, and by game (the issue
  asks under 2 s).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from bench_inputs import SITE_FIXTURES, site_file

from studeval import db
from studeval.cli import main

PER_SITE = 2_000
FILE_HANDS = 1_000
COPIES = 10


@pytest.fixture(scope="module")
def site_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("hh")
    paths = []
    for site in sorted(SITE_FIXTURES):
        for k in range(PER_SITE // FILE_HANDS):
            path = folder / f"{site}-{k}.txt"
            site_file(site, FILE_HANDS, str(path), first=k * FILE_HANDS)
            paths.append(path)
    return paths


def _import(files: list[Path], target: Path, jobs: int) -> int:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    return main(["import", *map(str, files), "--db", str(target), "--jobs", str(jobs)])


@pytest.mark.benchmark(group="hand database: studeval import --db")
@pytest.mark.parametrize("jobs", [1, os.cpu_count() or 1], ids=lambda j: f"jobs={j}")
def test_import(benchmark, site_files: list[Path], tmp_path: Path, jobs: int, capsys) -> None:
    target = tmp_path / "hands.db"
    codes = benchmark.pedantic(_import, args=(site_files, target, jobs), rounds=3, warmup_rounds=0)
    assert codes == 0 and "10,000 imported" in capsys.readouterr().out
    benchmark.extra_info["items"] = len(site_files) * FILE_HANDS


@pytest.fixture(scope="module")
def big_db(site_files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100,000 hands: the 10,000 imported, then copied under new hand numbers."""
    path = tmp_path_factory.mktemp("db") / "hands.db"
    assert main(["import", *map(str, site_files), "--db", str(path)]) == 0
    conn = db.open_db(path)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(hands)") if r[1] != "id"]
    seat_columns = [r[1] for r in conn.execute("PRAGMA table_info(seats)") if r[1] != "hand_id"]
    base = conn.execute("SELECT MAX(id) FROM hands").fetchone()[0]
    with db.Transaction(conn):
        for copy in range(1, COPIES):
            picked = ", ".join("number || '-c' || ?" if c == "number" else c for c in columns)
            conn.execute(
                f"INSERT INTO hands (id, {', '.join(columns)}) SELECT id + ? * ?, {picked} FROM hands WHERE id <= ?",
                (copy, base, copy, base),
            )
            conn.execute(
                "INSERT INTO hand_texts (hand_id, phh) SELECT hand_id + ? * ?, phh FROM hand_texts WHERE hand_id <= ?",
                (copy, base, base),
            )
            conn.execute(
                f"INSERT INTO seats (hand_id, {', '.join(seat_columns)}) SELECT hand_id + ? * ?,"
                f" {', '.join(seat_columns)} FROM seats WHERE hand_id <= ?",
                (copy, base, base),
            )
    assert db.analysed_count(conn)[1] == COPIES * len(site_files) * FILE_HANDS
    conn.close()
    return path


@pytest.mark.benchmark(group="hand database: studeval stats over 100,000 hands")
@pytest.mark.parametrize("by", [[], ["--by", "game"]], ids=["player and site", "by game"])
def test_stats(benchmark, big_db: Path, by: list[str], capsys) -> None:
    codes = benchmark.pedantic(main, args=(["stats", "--db", str(big_db), "--json", *by],), rounds=5)
    assert codes == 0 and '"bb_per_100"' in capsys.readouterr().out
