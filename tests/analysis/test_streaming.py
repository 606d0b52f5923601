"""``studeval analyze`` streams (issue 20 item 2): hands are read, analysed and written one at
a time and the totals kept as running sums, so a folder of millions of hands runs in bounded
memory. Checked by laziness (hands before a failure come out before it happens) and by the
memory peak, which must not grow with the number of hands.
"""

from __future__ import annotations

import json
import random
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from studeval.analysis import HandAnalysis, RunningTotals, Unanalysed, analyze, analyze_each
from studeval.cli import main
from studeval.game import Structure, StudState, to_phh
from studeval.game.phh import HandHistory, dumps_all
from studeval.histories import Imported, read_text

DATA = Path(__file__).resolve().parents[1] / "histories" / "data"
STARS = DATA / "pokerstars.txt"


def five_card_hands(count: int, start: int = 0) -> Iterator[HandHistory]:
    """Heads-up five card stud hands of random play, as seat 0 saw them (cheap to analyse)."""
    for seed in range(start, start + count):
        rng = random.Random(seed)
        st = StudState("five", Structure(1, 2, 5, 10), [60, 60], seed=seed)
        while st.actor >= 0:
            st.apply(rng.choice(st.legal_actions()))
        hh = to_phh(st, 0)
        hh.extra["hand"] = seed
        yield hh


def test_analyze_each_gives_each_hand_before_reading_the_next() -> None:
    """A source that fails after three hands: the three analyses come out first."""

    def source() -> Iterator[HandHistory]:
        yield from five_card_hands(3)
        raise RuntimeError("the fourth hand cannot be read")

    got: list[HandAnalysis | Unanalysed] = []
    with pytest.raises(RuntimeError, match="fourth hand"):
        for hand in analyze_each(source()):
            got.append(hand)
    assert [h.hand for h in got] == ["0", "1", "2"]
    assert all(isinstance(h, HandAnalysis) for h in got)


def test_running_totals_equal_the_report_totals() -> None:
    hands = list(five_card_hands(12))
    running = RunningTotals()
    for hand in analyze_each(hands):
        assert isinstance(hand, HandAnalysis)
        running.add(hand)
    assert running.rows() == analyze(hands).totals() and running.hands == 12


def test_the_command_prints_each_hand_before_reading_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A site file whose hands are followed by a line no command reads (over 4,096 characters):
    the command stops with exit 2, and the hands before it are already printed, each as it
    was analysed (a command that read every hand first would print none)."""
    text = STARS.read_text(encoding="utf-8")
    src = tmp_path / "stars.txt"
    src.write_text(text + "\n" + "x" * 5000 + "\n", encoding="utf-8")
    assert main(["analyze", str(src)]) == 2
    captured = capsys.readouterr()
    assert "longer than 4,096 characters" in captured.err
    assert "pokerstars hand 300001 (stud8), hero Ann" in captured.out
    assert "pokerstars hand 300002 (seven)" in captured.out


def test_the_streamed_json_is_the_report_s_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Written hand by hand, the JSON is the very text of ``json.dumps(Report.to_dict(), indent=2)``
    (with a refused hand; and for no hand analysed at all)."""
    assert main(["analyze", str(STARS), "--json"]) == 1
    out = capsys.readouterr().out
    hands = [h.history for h in read_text(STARS.read_text(encoding="utf-8")) if isinstance(h, Imported)]
    report = analyze(hands)
    data = report.to_dict()
    [refused] = json.loads(out)["refused"]
    data["refused"] = [refused]
    assert out == json.dumps(data, indent=2, allow_nan=False) + "\n"
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'F7S'\n", encoding="utf-8")
    assert main(["analyze", str(bad), "--json"]) == 1
    out = capsys.readouterr().out
    assert out == json.dumps({"hands": [], "totals": [], "refused": json.loads(out)["refused"]}, indent=2) + "\n"


def _hands_file(tmp_path: Path, count: int) -> Path:
    """A .phhs of ``count`` hands (the same hands for the same count)."""
    many = tmp_path / f"many{count}.phhs"
    if not many.exists():
        many.write_text(dumps_all(five_card_hands(count, 1000)), encoding="utf-8")
    return many


def _analyze(tmp_path: Path, count: int) -> None:
    """``studeval analyze`` of ``_hands_file(count)``, rows to a CSV file."""
    out = tmp_path / f"rows{count}.csv"
    assert main(["analyze", str(_hands_file(tmp_path, count)), "--csv", str(out)]) == 0


def _peak(tmp_path: Path, count: int) -> int:
    """The memory peak of ``studeval analyze`` over a .phhs of ``count`` hands, rows to a CSV file."""
    _hands_file(tmp_path, count)  # written before the measure: the command reads it
    tracemalloc.start()
    try:
        _analyze(tmp_path, count)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Eight times the hands, about the same peak (measured: 20 more kilobytes for 140 more
    hands): each hand's analysis is written and dropped. Kept, the 140 more hands' analyses
    alone take over 150 kilobytes (190 measured), as the second half shows."""
    # a first run, untraced (what it allocates and keeps is not in a later peak), pays for
    # imports and fills the bounded caches (the small-query route keeps the parse of the card
    # texts it met) with these hands' cards
    _analyze(tmp_path, 160)
    small, large = _peak(tmp_path, 20), _peak(tmp_path, 160)
    capsys.readouterr()
    assert large - small < 80_000, (small, large)
    tracemalloc.start()
    try:
        kept = analyze(five_card_hands(140, 5000))  # what a command that keeps every hand holds
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held > 150_000 and len(kept.hands) == 140, held
