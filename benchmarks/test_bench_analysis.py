"""Real hands analysed street by street (issue 20, studeval.analysis), in hands per second.

Run: python -m pytest benchmarks/test_bench_analysis.py --benchmark-only

Two inputs: the imported site fixtures of tests/histories/data (six hands: hi-lo three-handed
to the river, four-handed seven card stud with side pots, razz, a cash and a tournament hand
per site), and hands of self-play (seven card stud, razz and stud hi-lo, two to six players,
random legal actions) written as seat 1 saw them, so the hero's view is a second equity where
opponents showed down. ``extra_info['items']`` is the number of hands a round analyses, so
summarize.py prints hands per second. And the whole `studeval analyze` on a site file (read,
checked against the site's numbers, analysed, rows streamed to a CSV file).

The fast mode (the default, issue 32) on 600 self-play hands in this process and on a pool of
two processes (`analyze(processes=2)`: the pool started in the round); ``exact=True`` (as
before the fast mode) on the first 60 of them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from studeval.analysis import analyze
from studeval.cli import main
from studeval.game import Structure, StudState
from studeval.game.phh import HandHistory, to_phh
from studeval.histories import Imported, read_text

DATA = Path(__file__).resolve().parents[1] / "tests" / "histories" / "data"
SELF_PLAY_HANDS = 60
#: Self-play hands of the fast mode's rounds (the first 60 are those of the exact rounds).
FAST_HANDS = 600


def _site_hands() -> list[HandHistory]:
    return [
        h.history
        for name in ("pokerstars.txt", "fulltilt.txt")
        for h in read_text((DATA / name).read_text(encoding="utf-8"))
        if isinstance(h, Imported)
    ]


def _self_play(hands: int = SELF_PLAY_HANDS) -> list[HandHistory]:
    rng = random.Random(20)
    out = []
    for k in range(hands):
        game = ("seven", "razz", "stud8")[k % 3]
        st = StudState(game, Structure(1, 2, 4, 8), [200] * (2 + k % 5), seed=k)
        while st.actor >= 0:
            legal = [a for a in st.legal_actions() if a.kind != "fold" or rng.random() < 0.3]
            st.act(*rng.choice(legal or st.legal_actions())[:2])
        out.append(to_phh(st, seat=0))
    return out


@pytest.mark.benchmark(group="analysis: site hands, street by street")
def test_site_hands(benchmark) -> None:
    hands = _site_hands()
    result = benchmark.pedantic(lambda: analyze(hands), rounds=3, warmup_rounds=0)
    assert not result.refused and len(result.hands) == len(hands)
    benchmark.extra_info["items"] = len(hands)


@pytest.mark.benchmark(group="analysis: self-play hands, 2 to 6 players")
def test_self_play_hands(benchmark) -> None:
    """``exact=True``: every heads-up equity counted (as before the fast mode)."""
    hands = _self_play()
    result = benchmark.pedantic(lambda: analyze(hands, exact=True), rounds=3, warmup_rounds=0)
    assert not result.refused and len(result.hands) == SELF_PLAY_HANDS
    benchmark.extra_info["items"] = SELF_PLAY_HANDS
    benchmark.extra_info["streets"] = sum(len(h.streets) for h in result.hands)
    benchmark.extra_info["all-in hands"] = sum(h.all_in is not None for h in result.hands)


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.benchmark(group="analysis: self-play hands, the fast mode")
def test_self_play_hands_fast(benchmark, processes: int) -> None:
    """The default: exact where the count is cheap, else 4,000 seeded deals; in this process
    or on a pool of two (started within the round)."""
    hands = _self_play(FAST_HANDS)
    result = benchmark.pedantic(lambda: analyze(hands, processes=processes), rounds=3, warmup_rounds=0)
    assert not result.refused and len(result.hands) == FAST_HANDS
    benchmark.extra_info["items"] = FAST_HANDS
    streets = [s for h in result.hands for s in h.streets]
    benchmark.extra_info["streets"] = len(streets)
    benchmark.extra_info["sampled streets"] = sum(s.method != "exact" for s in streets)


@pytest.mark.benchmark(group="analysis: studeval analyze, a site file, rows to CSV")
def test_analyze_command(benchmark, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command in-process on the PokerStars fixtures repeated to 30 hands (hi-lo to the
    river three-handed, seven card stud with side pots, a razz tournament hand)."""
    hands = [
        h
        for h in (DATA / "pokerstars.txt").read_text(encoding="utf-8").split("\n\n\n\n")
        if "raises $0.02 to\n" not in h  # the malformed fixture
    ]
    count = 30
    text = "\n\n\n".join(hands[k % len(hands)].replace("Hand #", f"Hand #{k + 1}0", 1) for k in range(count))
    source = tmp_path / "stars.txt"
    source.write_text(text + "\n", encoding="utf-8")
    rows = tmp_path / "streets.csv"
    code = benchmark.pedantic(lambda: main(["analyze", str(source), "--csv", str(rows)]), rounds=3, warmup_rounds=0)
    assert code == 0, capsys.readouterr().out
    benchmark.extra_info["items"] = count
