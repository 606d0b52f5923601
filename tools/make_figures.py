"""Make the documentation's figures from studeval's own results (never drawn by hand).

    pip install -e ".[plot]"
    python tools/make_figures.py                 # all three into docs/_static/
    python tools/make_figures.py equity          # only some: equity, casino, benchmarks

- ``equity_streets.png``: exact heads-up equities of classic match-ups of seven card stud,
  razz and stud hi-lo on each street of one deal (``stud_equity``, a few seconds).
- ``casino_strategy.png``: the best play of typical hands of the casino game against each
  dealer up card (``caribbean.advise`` with the one-card change; about a minute).
- ``benchmarks.png``: studeval beside the other libraries, from ``benchmarks/RESULTS.md``
  (``tools/benchmark_files.py`` reads and draws it).

The PNGs are committed, so that the docs build needs neither matplotlib nor that minute.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from studeval import stud_equity
from studeval.plots import casino_strategy_grid, draw_equity_by_street, plot_casino_strategy

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "_static"

# (title, game, each player's first three cards, then the cards of the later streets)
MATCHUPS = [
    ("Aces against queens", "seven", ["As Ah Kd", "Qc Qd 7s"], ["2c 9h Js 5d", "7h 3c Ts Qh"]),
    ("Rolled-up eights against a pair of kings", "seven", ["8s 8h 8d", "Kc Kd 4s"], ["3c Jd 2h 6c", "Ks 9c Tc 4d"]),
    ("Three to a flush against a pair of jacks", "seven", ["9h Th 4h", "Jc Js 6d"], ["2h 5s Ac Qh", "6c Kd 3s 8c"]),
    ("Razz: A-2-3 against 4-5-6", "razz", ["Ah 2d 3c", "4h 5s 6d"], ["Kc Qh 7s 9d", "8c 2h Ts 3s"]),
    ("Stud hi-lo: A-2-3 against a pair of kings", "stud8", ["As 2s 3d", "Kh Kc 9c"], ["Jh 5d 8h Qd", "4s 7c Jc 6h"]),
]

# rows of the casino chart: the hands where the best play is not obvious
CASINO_HANDS = [
    "Qs Jd 9c 6h 3s",
    "As Qd Jc 8h 4d",
    "As Kd 7h 5c 3s",
    "As Kd 9h 6c 3s",
    "As Kd Jh 8c 3s",
    "As Kd Qh 7c 3s",
    "As Kd Qh Jc 3s",
    "9c Td Jh Qs 3c",
    "Kh Qh 9h 6h 3c",
    "Th Jh Qh Kh 2c",
    "2c 2d 7h 9s Js",
    "6s 6d 6c 2h 9d",
]


def equity_figure(path: Path) -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 3.2 * len(MATCHUPS)), layout="constrained")
    axes = fig.subplots(len(MATCHUPS), 1)
    for ax, (title, game, starts, runouts) in zip(axes, MATCHUPS, strict=True):
        hands = list(starts)
        results = [stud_equity(hands, game=game)]
        extra = [r.split() for r in runouts]
        for street in range(4):
            hands = [f"{h} {extra[p][street]}" for p, h in enumerate(hands)]
            results.append(stud_equity(hands, game=game))
        labels = [f"{starts[p]} + {runouts[p]}" for p in range(len(starts))]
        draw_equity_by_street(ax, results, labels=labels, title=title)
    fig.savefig(path, dpi=100)


def main(argv: list[str]) -> None:
    wanted = set(argv) or {"equity", "casino", "benchmarks"}
    OUT.mkdir(parents=True, exist_ok=True)
    if "equity" in wanted:
        started = time.perf_counter()
        equity_figure(OUT / "equity_streets.png")
        print(f"equity_streets.png in {time.perf_counter() - started:.1f} s")
    if "casino" in wanted:
        started = time.perf_counter()
        grid = casino_strategy_grid(CASINO_HANDS)
        plot_casino_strategy(
            grid,
            OUT / "casino_strategy.png",
            title="5 Card Stud Poker with the one-card change: the best play and its value (antes)",
        )
        print(f"casino_strategy.png in {time.perf_counter() - started:.1f} s")
    if "benchmarks" in wanted:
        # the sibling tool: on the path when this file runs as a script
        from benchmark_files import plot_benchmarks

        plot_benchmarks(ROOT / "benchmarks" / "RESULTS.md", OUT / "benchmarks.png")
        print("benchmarks.png")


if __name__ == "__main__":
    main(sys.argv[1:])
