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
    assert (
        "  pokerstars: 4 read, 3 imported, 1 refused" in lines and "  fulltilt: 3 read, 3 imported, 0 refused" in lines
    )
    assert f"  {STARS} (utf-8): 4 read, 3 imported, 1 refused" in lines
    [refusal] = [line for line in lines if "hand #300003" in line]
    assert refusal.startswith(f"  {STARS} line ") and "unreadable line" in refusal
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "fulltilt-20000001.phh",
        "fulltilt-20000002.phh",
        "fulltilt-20000003.phh",
        "pokerstars-300001.phh",
        "pokerstars-300002.phh",
        "pokerstars-300004.phh",
    ]
    for p in out.iterdir():  # what is written reads back, agrees with the site, replays to its own stacks
        hh = load(p)
        assert verify(hh) == []
        assert replay(hh).stacks == hh.finishing_stacks


def test_phhs_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", STARS, TILT, "--out", str(tmp_path), "--phhs", "--json"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"] == 7 and summary["imported"] == 6 and summary["twice"] == 0
    assert summary["sites"] == {"fulltilt": 3, "pokerstars": 3}
    assert summary["per_site"]["pokerstars"] == {"hands": 4, "imported": 3, "refused": 1}
    assert summary["games"] == {"razz": 2, "seven": 2, "stud8": 2}
    assert [f["encoding"] for f in summary["per_file"]] == ["utf-8", "utf-8"] and summary["unread"] == []
    [refused] = summary["refused"]
    assert refused["hand"] == "300003" and refused["site"] == "pokerstars" and refused["file"] == STARS
    stars = tomllib.loads((tmp_path / "pokerstars.phhs").read_text(encoding="utf-8"))
    assert sorted(stars, key=int) == ["1", "2", "3"]
    assert [stars[k]["hand"] for k in ("1", "2", "3")] == [300001, 300002, 300004]


def test_a_hand_met_twice_is_imported_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", TILT, "--out", str(tmp_path)]) == 0
    copy = tmp_path / "again.txt"
    copy.write_text((DATA / "fulltilt.txt").read_text(encoding="utf-8"), encoding="utf-8")
    capsys.readouterr()
    assert main(["import", TILT, str(copy), "--out", str(tmp_path / "o"), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["imported"] == 3 and summary["twice"] == 3 and summary["per_file"][1]["twice"] == 3
    assert len(list((tmp_path / "o").iterdir())) == 3


def test_site_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", TILT, "--site", "fulltilt", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["import", TILT, "--site", "pokerstars", "--out", str(tmp_path)]) == 1
    assert "not read: no hand history of a site studeval reads" in capsys.readouterr().out


def _bad_files(tmp_path: Path) -> dict[str, str]:
    """Files that cannot be read as histories, each with what the report says of it."""
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "long.txt").write_text("x" * 5000 + "\n")
    (tmp_path / "chat.txt").write_text("hello\nworld\n")
    return {
        "/nonexistent/hh.txt": "No such file",
        str(tmp_path / "empty.txt"): "is empty",
        str(tmp_path / "long.txt"): "longer than 4,096 characters",
        str(tmp_path / "chat.txt"): "no hand history",
    }


def test_a_file_that_cannot_be_read_is_reported_and_the_others_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _bad_files(tmp_path)
    out = tmp_path / "hands"
    for path, said in bad.items():
        assert main(["import", path, TILT, "--out", str(out), "--json"]) == 1
        summary = json.loads(capsys.readouterr().out)
        [unread] = summary["unread"]
        assert unread["file"] == path and said in unread["reason"]
        assert summary["imported"] == 3
    assert main(["import", *bad, "--out", str(out)]) == 1
    text = capsys.readouterr().out
    assert text.startswith("0 hands read from 4 files: 0 imported, 0 refused, 4 files not read")


def test_a_folder_is_read_recursively_whatever_the_encodings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """UTF-16 with its mark and a stray last byte, UTF-8 with a mark and CRLF, Windows-1252,
    CR line ends: each detected; files in the folder that hold no hand are listed, not failures."""
    folder = tmp_path / "in" / "deeper"
    folder.mkdir(parents=True)
    tilt = (DATA / "fulltilt.txt").read_text(encoding="utf-8")
    stars = (DATA / "pokerstars.txt").read_text(encoding="utf-8")
    (folder / "tilt16.txt").write_bytes(b"\xff\xfe" + tilt.replace("\n", "\n\n").encode("utf-16-le") + b"\n")
    (tmp_path / "in" / "stars-bom.txt").write_bytes(b"\xef\xbb\xbf" + stars.replace("\n", "\r\n").encode())
    (tmp_path / "in" / "stars-cp1252.txt").write_bytes(
        stars.replace('Ann said, "nh"', 'Ann said, "\u20ac caf\u00e9"').replace("\n", "\r").encode("cp1252")
    )
    (tmp_path / "in" / "notes.md").write_text("my notes\n")
    assert main(["import", str(tmp_path / "in"), "--out", str(tmp_path / "o"), "--json"]) == 1  # 300003
    summary = json.loads(capsys.readouterr().out)
    encodings = {Path(f["file"]).name: f["encoding"] for f in summary["per_file"]}
    assert encodings == {
        "notes.md": "utf-8",
        "stars-bom.txt": "utf-8-sig",
        "stars-cp1252.txt": "windows-1252",
        "tilt16.txt": "utf-16-le",
    }
    assert summary["unread"] == [] and summary["imported"] == 6 and summary["twice"] == 3
    assert len(summary["refused"]) == 2  # hand 300003, in each of the two PokerStars files


def test_an_output_never_writes_over_an_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "pokerstars.phhs"
    src.write_text((DATA / "pokerstars.txt").read_text(encoding="utf-8"), encoding="utf-8")
    before = src.read_bytes()
    assert main(["import", str(src), "--out", str(tmp_path), "--phhs"]) == 2
    assert "is an input" in capsys.readouterr().err and src.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["import", STARS, "--out", "{tmp}/no/such/folder"], "does not exist"),
        (["import", STARS, "--out", "{tmp}/file.txt"], "is a file"),
        (["import", STARS, "--site", "ipoker2", "--out", "{tmp}"], "invalid choice: 'ipoker2'"),
        (["import", STARS, STARS, "--phhs", "--out", "{tmp}"], "two inputs would write pokerstars.phhs"),
    ],
)
def test_a_wrong_command_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
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
