"""The command line: eval and bench, text and JSON, and one-line errors."""

import json
import subprocess
import sys

import pytest

from studeval.cli import main


def test_eval_one_hand(capsys) -> None:
    assert main(["eval", "Kh", "Kd", "7c", "7s", "Ks"]) == 0
    out = capsys.readouterr().out
    assert "Full house, kings full of sevens" in out and "FULL_HOUSE" in out


def test_eval_json_from_file(tmp_path, capsys) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("# a comment\nAs Ks Qs Js Ts\n\n2c 3d 4h 5s 7c 8d 9h\n")
    assert main(["eval", "--json", "--file", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["rank"] for r in rows] == [7462, rows[1]["rank"]]
    assert rows[0] == {"cards": "As Ks Qs Js Ts", "rank": 7462, "category": "STRAIGHT_FLUSH", "description": "Royal flush"}
    assert rows[1]["category"] == "HIGH_CARD"


def test_eval_reads_stdin_and_reports_bad_lines(monkeypatch, capsys) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("As Ks Qs Js Ts\nAs Ks\nAs Ks Qs Js Xx\n2c 2d 2h 2s 3c\n"))
    assert main(["eval"]) == 2  # bad lines make the exit status non-zero, good lines still print
    captured = capsys.readouterr()
    assert captured.out.count("\n") == 2
    assert "line 2: evaluate takes 5, 6 or 7 cards, got 2" in captured.err
    assert "line 3:" in captured.err and "Xx" in captured.err


def test_errors_are_one_line_without_traceback() -> None:
    for args in (["eval", "As Ks Qs"], ["eval", "--file", "/no/such/file"]):
        proc = subprocess.run([sys.executable, "-m", "studeval", *args], capture_output=True, text=True)
        assert proc.returncode == 2
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_usage_errors_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["no-such-command"])
    assert exc.value.code == 2


def test_bench_json(capsys) -> None:
    assert main(["bench", "--hands", "20000", "--seconds", "0.001", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    ours = figures["studeval"]
    assert ours["evaluate 7 cards per call"] > 0 and ours["batch 7 cards, 1 thread"] > 0


def test_bench_refuses_nonsense(capsys) -> None:
    assert main(["bench", "--hands", "0"]) == 2
    assert "hands" in capsys.readouterr().err


def test_version(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert "studeval" in capsys.readouterr().out
