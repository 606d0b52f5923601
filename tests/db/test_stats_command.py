"""``studeval stats`` over a hand database: the table, the records, the filters, the luck
picture; the figures are :func:`studeval.stats.query`'s (tests/stats pins each definition)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from hand_files import DATA

from studeval import db, stats
from studeval.cli import main


@pytest.fixture
def hands_db(tmp_path: Path) -> Path:
    path = tmp_path / "hands.db"
    for name in ("pokerstars/cash_2009.txt", "pokerstars/tournaments.txt", "fulltilt/cash_2010.txt"):
        assert main(["import", str(DATA / name), "--db", str(path)]) == 0
    return path


def test_records_are_the_query_per_player_and_site(hands_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["stats", "--db", str(hands_db), "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records == stats.query(db.open_db(hands_db))
    assert {"player", "site", "hands", "vpip", "steal", "bring_in_fold", "went_to_showdown", "bb_per_100"} <= set(
        records[0]
    )
    # every hand counted once per player in it
    seats = db.open_db(hands_db).execute("SELECT COUNT(*) FROM seats").fetchone()[0]
    assert sum(r["hands"] for r in records) == seats


def test_filters_and_groups(hands_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["stats", "--db", str(hands_db), "--player", "Ann", "--by", "game", "--json"]) == 0
    by_game = json.loads(capsys.readouterr().out)
    assert by_game and all(r["player"] == "Ann" for r in by_game)
    assert len({(r["site"], r["game"]) for r in by_game}) == len(by_game)
    assert main(["stats", "--db", str(hands_db), "--player", "Ann", "--json"]) == 0
    together = json.loads(capsys.readouterr().out)
    for site in {r["site"] for r in by_game}:
        row = next(r for r in together if r["site"] == site)
        assert row["hands"] == sum(r["hands"] for r in by_game if r["site"] == site)
    assert main(["stats", "--db", str(hands_db), "--game", "Razz", "--until", "2009-06-12", "--json"]) == 0
    razz = json.loads(capsys.readouterr().out)
    assert razz == stats.query(db.open_db(hands_db), game="razz", until="2009-06-12")
    assert main(["stats", "--db", str(hands_db), "--site", "nowhere"]) == 0
    assert capsys.readouterr().out == "no hands in the database match\n"


def test_the_table_and_csv(hands_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["stats", "--db", str(hands_db), "--player", "hero_k"]) == 0
    head, row = capsys.readouterr().out.splitlines()
    assert head.split()[:4] == ["player", "site", "hands", "VPIP"] and head.split()[-1] == "bb/100"
    record = stats.query(db.open_db(hands_db), player="hero_k")[0]
    assert row.split()[:3] == ["hero_k", "pokerstars", str(record["hands"])]
    assert row.split()[-1] == f"{record['bb_per_100']:,.2f}"
    out = tmp_path / "stats.csv"
    assert main(["stats", "--db", str(hands_db), "--csv", str(out)]) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == len(stats.query(db.open_db(hands_db))) and "bb_per_100" in rows[0]


def test_bad_options_are_one_line(hands_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (["--game", "omaha"], ["--since", "yesterday"], ["--by", "table"]):
        capsys.readouterr()
        with pytest.raises(SystemExit) as stop:
            main(["stats", "--db", str(hands_db), *bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("studeval stats:") and bad[1] in err
    assert main(["stats", "--db", str(hands_db), "--luck", "x.png"]) == 2  # whose luck?
    assert capsys.readouterr().err == "studeval stats: --luck draws one player's hands: name him with --player\n"


def test_the_luck_picture(hands_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "luck.png"
    assert main(["stats", "--db", str(hands_db), "--player", "hero_k", "--luck", str(picture)]) == 2
    assert "run studeval analyze --db first" in capsys.readouterr().err
    assert main(["analyze", "--db", str(hands_db)]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", str(hands_db), "--player", "hero_k", "--luck", str(picture)]) == 0
    line = db.luck(db.open_db(hands_db), "hero_k")
    assert f"won {line.actual[-1]:+,.2f} big bets" in capsys.readouterr().out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
