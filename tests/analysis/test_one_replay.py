"""The analysis replays each hand once and parses its actions once (issue 31): counted by
wrapping the table state the replay builds and the action parser, for histories and for the
sites' hands checked against their numbers first (what ``studeval analyze`` does)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import studeval.game.phh_read as phh_read
import studeval.game.phh_replay as phh_replay
from studeval.analysis import HandAnalysis, NotAnalysed, analyze_each, analyze_hand
from studeval.game.phh import HandHistory, ReplayError
from studeval.histories import Imported, read_text, replay_checked

DATA = Path(__file__).resolve().parents[1] / "histories" / "data"

HANDS = [
    HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"]),
    HandHistory(
        "F7S",
        [1, 1],
        2,
        4,
        8,
        [20, 20],
        ["d dh p1 AsAhKd", "d dh p2 ????7s", "p2 pb", "p1 cbr 4", "p2 cbr 8", "p1 cbr 12", "p2 cbr 16"]
        + ["p1 cbr 19", "p2 cc", "d dh p1 2c", "d dh p2 3d", "d dh p1 4c", "d dh p2 5d", "d dh p1 6c", "d dh p2 8d"]
        + ["d dh p1 9h", "d dh p2 ??", "p2 sm QcQdQh", "p1 sm"],
    ),
    HandHistory(
        "F7S/8",
        [1, 1, 1],
        2,
        5,
        10,
        [100, 100, 100],
        ["d dh p1 As2s7c", "d dh p2 ????Kd", "d dh p3 ????9h", "p1 pb", "p2 f", "p3 cc", "d dh p1 3h"]
        + ["d dh p3 Qs", "p3 cc", "p1 cc", "d dh p1 4d", "d dh p3 Jd", "p3 cc", "p1 cc", "d dh p1 Tc", "d dh p3 2d"]
        + ["p3 cc", "p1 cc", "d dh p1 8h", "d dh p3 ??", "p3 cc", "p1 cc", "p1 sm", "p3 sm KsKh5c"],
    ),
]


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many table states the replay builds (one a replay) and actions the parser reads."""
    seen = {"replays": 0, "parsed": 0}
    state, parse = phh_replay.StudState, phh_read.parse_action

    def counted_state(*args: Any, **kwargs: Any) -> Any:
        seen["replays"] += 1
        return state(*args, **kwargs)

    def counted_parse(*args: Any, **kwargs: Any) -> Any:
        seen["parsed"] += 1
        return parse(*args, **kwargs)

    monkeypatch.setattr(phh_replay, "StudState", counted_state)
    monkeypatch.setattr(phh_replay, "parse_action", counted_parse)
    monkeypatch.setattr(phh_read, "parse_action", counted_parse)
    return seen


def test_analyze_each_replays_and_parses_each_hand_once(counts: dict[str, int]) -> None:
    results = list(analyze_each(HANDS))
    assert all(isinstance(r, HandAnalysis) for r in results)
    assert counts["replays"] == len(HANDS)
    assert counts["parsed"] == sum(len(hh.actions) for hh in HANDS)  # each action once


def test_a_site_hand_checked_is_analysed_from_its_replay(counts: dict[str, int]) -> None:
    text = (DATA / "pokerstars.txt").read_text(encoding="utf-8")
    histories = [h.history for h in read_text(text, source="pokerstars.txt") if isinstance(h, Imported)]
    assert len(histories) >= 3
    counts["parsed"] = 0  # the reader's own work is not the analysis'
    replays = []
    for hh in histories:
        replayed, problems = replay_checked(hh)
        assert replayed is not None and problems == []
        replays.append(replayed)
    results = list(analyze_each(replays))
    assert all(isinstance(r, HandAnalysis) for r in results)
    assert counts["replays"] == len(histories)
    assert counts["parsed"] == sum(len(hh.actions) for hh in histories)
    assert results == [analyze_hand(hh) for hh in histories]  # the same analysis as from the history


def test_errors_are_classes() -> None:
    with pytest.raises(ReplayError, match="p2 acts but p1 is to act"):
        analyze_hand(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 ????Kc", "d dh p2 ????3d", "p2 f"]))
    with pytest.raises(NotAnalysed, match="do not add up"):
        analyze_hand(replace(HANDS[0], finishing_stacks=[50, 50]))
