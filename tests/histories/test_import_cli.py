"""``studeval import`` (issue 20), called in-process."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from studeval.cli import main
from studeval.game.phh import load, replay
from studeval.histories import verify

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

DATA = Path(__file__).parent / "data"
STARS, TILT = str(DATA / "pokerstars.txt"), str(DATA / "fulltilt.txt")


def test_one_phh_per_hand_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands"
    assert main(["import", STARS, TILT, "--out", str(out)]) == 1  # one hand refused
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "7 hands read from 2 files: 6 imported (razz 2, seven 2, stud8 2), 1 refused"
    assert lines[1].startswith(f"  {STARS} line ") and "hand #300003" in lines[1] and "unreadable line" in lines[1]
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "fulltilt-20000001.phh",
        "fulltilt-20000002.phh",
        "fulltilt-20000003.phh",
        "pokerstars-300001.phh",
        "pokerstars-300002.phh",
        "pokerstars-300004.phh",
    ]
    for p in out.iterdir():  # what is written reads back and still agrees with the site
        hh = load(p)
        assert verify(hh) == []
        assert replay(hh).stacks is not None


def test_phhs_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", STARS, TILT, "--out", str(tmp_path), "--phhs", "--json"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"] == 7 and summary["imported"] == 6
    assert summary["sites"] == {"fulltilt": 3, "pokerstars": 3}
    assert summary["games"] == {"razz": 2, "seven": 2, "stud8": 2}
    [refused] = summary["refused"]
    assert refused["hand"] == "300003" and refused["site"] == "pokerstars" and refused["file"] == STARS
    stars = tomllib.loads((tmp_path / "pokerstars.phhs").read_text(encoding="utf-8"))
    assert sorted(stars, key=int) == ["1", "2", "3"]
    assert [stars[k]["hand"] for k in ("1", "2", "3")] == [300001, 300002, 300004]


def test_all_imported_exits_0_and_a_hand_seen_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", TILT, "--out", str(tmp_path)]) == 0
    copy = tmp_path / "again.txt"
    copy.write_text((DATA / "fulltilt.txt").read_text(encoding="utf-8"), encoding="utf-8")
    capsys.readouterr()
    assert main(["import", TILT, str(copy), "--out", str(tmp_path / "o")]) == 1
    assert capsys.readouterr().out.count("the same hand again") == 3


def test_site_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", TILT, "--site", "fulltilt", "--out", str(tmp_path)]) == 0
    assert main(["import", TILT, "--site", "pokerstars", "--out", str(tmp_path)]) == 2
    assert "no hand history" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["import", "/nonexistent/hh.txt", "--out", "{tmp}"], "No such file"),
        (["import", "{tmp}/empty.txt", "--out", "{tmp}"], "is empty"),
        (["import", "{tmp}/binary.txt", "--out", "{tmp}"], "not UTF-8"),
        (["import", "{tmp}/long.txt", "--out", "{tmp}"], "longer than 4,096 bytes"),
        (["import", "{tmp}/chat.txt", "--out", "{tmp}"], "no hand history"),
        (["import", STARS, "--out", "{tmp}/no/such/folder"], "does not exist"),
        (["import", STARS, "--out", "{tmp}/file.txt"], "is a file"),
        (["import", STARS, "--site", "ipoker", "--out", "{tmp}"], "invalid choice: 'ipoker'"),
        (["import", STARS, STARS, "--phhs", "--out", "{tmp}"], "two inputs would write pokerstars.phhs"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "binary.txt").write_bytes(b"PokerStars Hand #1:\xff\xfe\n")
    (tmp_path / "long.txt").write_text("x" * 5000 + "\n")
    (tmp_path / "chat.txt").write_text("hello\nworld\n")
    (tmp_path / "file.txt").write_text("x")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's refusals (the options, checked before any work)
        status = exc.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("studeval import: ")
    assert message in err


def test_stdin(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO((DATA / "fulltilt.txt").read_text(encoding="utf-8")))
    assert main(["import", "-", "--out", str(tmp_path), "--phhs"]) == 0
    assert capsys.readouterr().out.startswith("3 hands read from 1 file: 3 imported")
    assert (tmp_path / "stdin.phhs").read_text(encoding="utf-8").count("\n[") == 2
