"""Sites' hand histories (issue 20): reading them to PHH, replaying each against the site's
numbers, and the whole `studeval import` (read, replay, write), in hands per second.

Run: python -m pytest benchmarks/test_bench_histories.py --benchmark-only

The input is the PokerStars fixtures of tests/histories/data (a hi-lo hand with a quartered
low, a four-handed seven card stud hand with side pots, a razz tournament hand) repeated to
300 hands with new hand numbers. ``extra_info['items']`` is the number of hands a round reads,
so summarize.py prints hands per second.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bench_inputs import SITE_FIXTURES, site_file

from studeval.cli import main
from studeval.histories import Imported, read_text, verify

DATA = Path(__file__).resolve().parents[1] / "tests" / "histories" / "data" / "pokerstars.txt"
HANDS = 300


def _text() -> str:
    hands = [h for h in DATA.read_text(encoding="utf-8").split("\n\n\n\n") if "raises $0.02 to\n" not in h]
    out = []
    for k in range(HANDS):
        out.append(re.sub(r"Hand #\d+", f"Hand #{k + 1}", hands[k % len(hands)], count=1))
    return "\n\n\n".join(out) + "\n"


@pytest.mark.benchmark(group="site histories: read to PHH")
def test_read(benchmark) -> None:
    text = _text()
    hands = benchmark(lambda: list(read_text(text)))
    assert len(hands) == HANDS and all(isinstance(h, Imported) for h in hands)
    benchmark.extra_info["items"] = HANDS


@pytest.mark.benchmark(group="site histories: replay against the site's numbers")
def test_verify(benchmark) -> None:
    histories = [h.history for h in read_text(_text()) if isinstance(h, Imported)]
    problems = benchmark(lambda: [verify(hh) for hh in histories])
    assert problems == [[]] * HANDS
    benchmark.extra_info["items"] = HANDS


@pytest.mark.benchmark(group="site histories: studeval import, read + replay + write")
def test_import_command(benchmark, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command in-process on a 300-hand file: read, replay against the site's numbers and
    write one .phhs (the same folder each round, written again)."""
    source = tmp_path / "stars.txt"
    source.write_text(_text(), encoding="utf-8")
    out = tmp_path / "phh"
    codes = benchmark(lambda: main(["import", str(source), "--out", str(out), "--phhs"]))
    assert codes == 0 and f"{HANDS} hands read" in capsys.readouterr().out
    benchmark.extra_info["items"] = HANDS


@pytest.mark.benchmark(group="site histories: studeval import of each site's format")
@pytest.mark.parametrize("site", sorted(SITE_FIXTURES))
def test_import_each_site(benchmark, site: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command in-process on 300 hands of each site's fixture file (its everyday hands,
    repeated with new numbers): detect the encoding, read, replay against the site's numbers,
    write one .phhs."""
    source = tmp_path / f"{site}.txt"
    site_file(site, HANDS, str(source))
    out = tmp_path / "phh"
    codes = benchmark(lambda: main(["import", str(source), "--out", str(out), "--phhs"]))
    assert codes == 0 and f"{HANDS} hands read from 1 file: {HANDS} imported" in capsys.readouterr().out
    benchmark.extra_info["items"] = HANDS
