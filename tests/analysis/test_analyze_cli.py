"""``studeval analyze`` (issue 20), called in-process."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from studeval.analysis import analyze
from studeval.cli import main
from studeval.game.phh import HandHistory, dumps, dumps_all, replay
from studeval.histories import Imported, read_text

DATA = Path(__file__).resolve().parents[1] / "histories" / "data"
STARS, TILT = str(DATA / "pokerstars.txt"), str(DATA / "fulltilt.txt")

ALL_IN = [
    "d dh p1 AsAh9c", "d dh p2 ????2d", "d dh p3 ????5c",
    "p2 pb", "p3 cc", "p1 cbr 4", "p2 cc", "p3 cc",
    "d dh p1 3h", "d dh p2 7s", "d dh p3 8d", "p1 cc", "p2 cc", "p3 cc",
    "d dh p1 Jd", "d dh p2 6h", "d dh p3 4s", "p1 cc", "p2 cc", "p3 cc",
    "d dh p1 Tc", "d dh p2 3c", "d dh p3 2c",
    "p1 cbr 8", "p2 cbr 16", "p3 cc", "p1 cbr 24", "p2 cc",
    "d dh p1 2h", "d dh p2 ??", "d dh p3 ??",
    "p2 sm KsKhKc", "p3 sm QsQhQc", "p1 sm AsAh2h",
]  # fmt: skip


def all_in_hand() -> HandHistory:
    hh = HandHistory("F7S", [1, 1, 1], 2, 4, 8, [100, 25, 15], list(ALL_IN))
    hh.finishing_stacks = replay(hh).stacks
    hh.extra["players"] = ["Ann", "Bob", "Cid"]
    return hh


def site_analysis():
    hands = [
        h.history
        for path in (STARS, TILT)
        for h in read_text(Path(path).read_text(encoding="utf-8"))
        if isinstance(h, Imported)
    ]
    return analyze(hands)


def test_site_files_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", STARS, TILT]) == 1  # the malformed hand is refused, the rest analysed
    out = capsys.readouterr().out
    assert "pokerstars hand 300001 (stud8), hero Ann" in out
    assert "  third street" in out and "  seventh street" in out
    assert out.count("refused: ") == 1 and "hand #300003" in out
    header = next(line for line in out.splitlines() if line.startswith("game "))
    assert header.split() == ["game", "player", "currency", "hands", "all-in", "winnings", "luck-adjusted", "luck"]


def test_json_equals_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", STARS, TILT, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    want = site_analysis().to_dict()
    assert data["hands"] == want["hands"] and data["totals"] == want["totals"]
    [refused] = data["refused"]
    assert "300003" in refused["hand"] and "unreadable line" in refused["reason"]


def test_phh_and_phhs_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "one.phh"
    one.write_text(dumps(all_in_hand()), encoding="utf-8")
    many = tmp_path / "many.phhs"
    many.write_text(dumps_all([all_in_hand(), all_in_hand()]), encoding="utf-8")
    out = tmp_path / "streets.csv"
    assert main(["analyze", str(one), str(many), "--csv", str(out), "--hero", "Bob"]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0].split()[:2] == ["game", "player"]  # the totals; rows are in the file
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 3 * 15  # three hands, five streets, three players in each
    assert {r["player"] for r in rows if r["hero"] == "True"} == {"Bob"}
    totals = list(csv.DictReader((tmp_path / "streets.totals.csv").open(encoding="utf-8")))
    bob = next(t for t in totals if t["player"] == "Bob")
    assert (bob["hands"], bob["all_in_hands"], bob["winnings"]) == ("3", "3", "120")


def test_all_in_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "one.phh"
    one.write_text(dumps(all_in_hand()), encoding="utf-8")
    assert main(["analyze", str(one)]) == 0
    out = capsys.readouterr().out
    assert "all-in on sixth street: the pots are worth Ann " in out
    assert "luck-adjusted: Ann " in out


def test_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "luck.png"
    assert main(["analyze", STARS, "--plot", str(picture), "--hero", "Ann"]) == 1
    assert picture.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "/no/such.txt"], "/no/such.txt"),
        (["analyze", "/dev/null"], "empty"),
    ],
)
def test_bad_input_one_line_exit_2(args, message, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err and err.startswith("studeval analyze")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "--csv", "/no/such/dir/x.csv", "f.phh"], "/no/such/dir does not exist"),
        (["analyze", "--plot", "luck", "f.phh"], "no picture format ending"),
        (["analyze", STARS, "--json", "--csv", "x.csv"], "not allowed with"),
    ],
)
def test_outputs_checked_before_work(args, message, capsys: pytest.CaptureFixture[str]) -> None:
    """A usage error: argparse's exit 2 with its message, before any file is read."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_no_hand_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("no hand here\n", encoding="utf-8")
    assert main(["analyze", str(text)]) == 2
    assert "no hand history" in capsys.readouterr().err


def test_bad_phh_is_refused_and_the_rest_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'F7S'\n", encoding="utf-8")
    good = tmp_path / "good.phh"
    good.write_text(dumps(all_in_hand()), encoding="utf-8")
    assert main(["analyze", str(bad), str(good), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert len(data["hands"]) == 1 and data["refused"][0]["hand"] == str(bad)
