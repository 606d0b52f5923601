"""``analyze_hand`` and ``studeval analyze`` against the third hostile pass (issue 33): a
negative finishing stack, a ``.phhs`` file with one bad hand, an interrupted ``--json``, a
``--csv`` whose totals file would be a folder, and refusals streamed, not kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hand_files import bogus_hands, command_peak

import studeval.cli.analyze as analyze_cli
from studeval.analysis import NotAnalysed, analyze_hand
from studeval.cli import main
from studeval.game.phh import HandHistory, dumps, dumps_all, replay


def _hand(first: str = "2c3dKc") -> HandHistory:
    hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], [f"d dh p1 {first}", "d dh p2 ????4h", "p1 pb", "p2 f"])
    hh.finishing_stacks = replay(hh).stacks
    return hh


@pytest.mark.parametrize("final", [[201, -1], [-1, 201], [300, -100]])
def test_a_negative_finishing_stack_is_not_analysed(final: list[int]) -> None:
    hh = _hand()
    hh.finishing_stacks = final  # adds up to the starting stacks: only the sign is wrong
    with pytest.raises(NotAnalysed, match="-1|-100"):
        analyze_hand(hh)


def test_one_bad_hand_of_a_phhs_file_is_reported_and_the_later_ones_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = dumps_all([_hand(), _hand("2c3dQc"), _hand("2c3dJc"), _hand("2c3dTc")])
    bad = text.replace('"d dh p1 2c3dQc"', '"d dh p1 2c3dQc", oops')  # hand [2] is not TOML
    assert bad != text
    path = tmp_path / "run.phhs"
    path.write_text(bad, encoding="utf-8")
    assert main(["analyze", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert len(data["hands"]) == 3
    [refused] = data["refused"]
    assert str(path) in refused["hand"] and "[2]" in refused["hand"] and refused["reason"]


def test_text_before_the_first_header_and_a_hand_too_long_do_not_stop_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "stray text\n" + dumps_all([_hand(), _hand("2c3dQc")])
    path = tmp_path / "run.phhs"
    path.write_text(text, encoding="utf-8")
    assert main(["analyze", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert len(data["hands"]) == 2 and len(data["refused"]) == 1


@pytest.mark.parametrize("after", [0, 1, 2])
def test_an_interrupted_json_analysis_is_valid_json(
    after: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.phhs"
    path.write_text(dumps_all([_hand(), _hand("2c3dQc"), _hand("2c3dJc")]), encoding="utf-8")
    real = analyze_cli.analyze_parallel

    def interrupted(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for k, hand in enumerate(real(*args, **kwargs)):
            if k == after:
                raise KeyboardInterrupt
            yield hand

    monkeypatch.setattr(analyze_cli, "analyze_parallel", interrupted)
    assert main(["analyze", str(path), "--json"]) == 130
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert len(data["hands"]) == after and data["interrupted"] is True
    assert "interrupted" in out.err


def test_a_totals_file_that_would_be_a_folder_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "s.totals.csv").mkdir()
    path = tmp_path / "hand.phh"
    path.write_text(dumps(_hand()), encoding="utf-8")
    assert main(["analyze", str(path), "--csv", str(tmp_path / "s.csv")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "internal error" not in err and "s.totals.csv" in err
    assert "is a folder" in err


def test_refused_hands_are_spooled_not_kept(tmp_path: Path) -> None:
    """20,000 one-line bogus hands: ``analyze --json`` lists every refusal, in flat memory."""

    def peak(n: int) -> int:
        path = bogus_hands(tmp_path / f"bogus{n}.txt", n)
        data, kib = command_peak(["analyze", str(path), "--json"])
        assert len(data["refused"]) == n and data["hands"] == []
        return kib

    small, large = peak(500), peak(20_000)
    assert large - small < 8_000, (small, large)  # KiB


def test_an_eight_player_hand_with_a_community_card_is_analysed() -> None:
    """Eight players to the river: the deck runs short, every card but the community one is
    known at the end; the analysis rates each street (issue 33, item 12)."""
    from studeval.game.bots import calling_station, simulate
    from studeval.game.phh import to_phh

    for state in simulate("seven", 8, 20, seed=1, bots=[calling_station] * 8):
        hh = to_phh(state)
        if any(a.startswith("d db") for a in hh.actions):
            result = analyze_hand(hh)
            assert len(result.streets) == 5 and sum(result.winnings) == -hh.extra.get("_rake", 0)
            return
    raise AssertionError("no hand of eight reached a community card")


def test_a_real_ctrl_c_leaves_valid_json(tmp_path: Path) -> None:
    """SIGINT to a running ``analyze --json``: exit 130, and what stdout holds parses."""
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "run.phhs"
    path.write_text(dumps_all([_hand(f"{r}c3dKc") for r in "2456789TJQA" * 40]), encoding="utf-8")
    code = (
        "import studeval.cli.analyze as a, time\n"
        "real = a.analyze_parallel\n"
        "def slow(*args, **kwargs):\n"
        "    for hand in real(*args, **kwargs):\n"
        "        time.sleep(0.01)\n"
        "        yield hand\n"
        "a.analyze_parallel = slow\n"
        "from studeval.cli import main\n"
        f"raise SystemExit(main(['analyze', {str(path)!r}, '--json']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ
    )
    assert proc.stdout is not None
    first = os.read(proc.stdout.fileno(), 1)  # unbuffered: the analysis is writing hands, however loaded
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    rest, _ = proc.communicate(timeout=60)
    out = first + rest
    assert proc.returncode == 130
    data = json.loads(out)
    assert data["interrupted"] is True and 0 < len(data["hands"]) < 440
