"""Write the starting-hand tables: every third-street starting hand against one random hand,
exact (:func:`studeval.equity.starting_hand_table`), as docs/starting-hands/<game>.csv and a
picture docs/_static/starting-hands-<game>.png.

Run from the repository root (razz some seconds, seven card stud some minutes of one core,
stud8 about three quarters of an hour of one core)::

    pip install -e ".[plot]"
    python tools/gen_starting_tables.py razz seven --threads 1
    python tools/gen_starting_tables.py stud8 --threads 2
    python tools/gen_starting_tables.py seven --ranks 9TJQKA --out /tmp/t   # a short deck

A game whose exact count against seven unknown cards is beyond the budget is refused with the
cost model's estimate and skipped; ``--budget`` raises it (stud_hilo: about 7,300 s of counting).

``--estimate-matchups N`` instead times N match-ups of the full heads-up match-up table
(``studeval.distributed.starting_matchups``), drawn at random from its classes, on one
thread, and prints the median and mean CPU time and the mean times the number of classes::

    python tools/gen_starting_tables.py seven razz --estimate-matchups 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from studeval.cards import RANKS
from studeval.equity import stud_equity
from studeval.equity.tables import (
    STARTING_HAND_BUDGET,
    StartingHandTable,
    matchup_class_count,
    matchup_classes,
    starting_hand_table,
    starting_sets,
)

ROOT = Path(__file__).resolve().parents[1]
CSV_DIR = ROOT / "docs" / "starting-hands"
PICTURE_DIR = ROOT / "docs" / "_static"


def write(table: StartingHandTable, out: Path, pictures: Path | None) -> list[Path]:
    """The table's CSV into ``out`` and, unless ``pictures`` is None, its picture there."""
    out.mkdir(parents=True, exist_ok=True)
    csv = out / f"{table.game.name}.csv"
    csv.write_text(table.to_csv(), encoding="utf-8")
    written = [csv]
    if pictures is not None:
        from studeval.plots import plot_starting_hands

        pictures.mkdir(parents=True, exist_ok=True)
        written.append(plot_starting_hands(table, pictures / f"starting-hands-{table.game.name}.png"))
    return written


def estimate_matchups(game: str, ranks: str, sample: int, seed: int = 2026) -> str:
    """Time ``sample`` match-ups of the table, drawn at random (heroes by their weight), and
    say what the whole table costs on one core."""
    rng = random.Random(seed)
    sets = starting_sets(game, ranks=ranks)
    dead = [c for c in range(52) if RANKS[c >> 2] not in ranks]
    cpu, wall = [], []
    for hero, n in rng.choices(sets, weights=[n for _, n in sets], k=sample):
        m = rng.choice(matchup_classes(hero, n, game, ranks=ranks))
        # the CPU time of this process (one thread): what a worker's core spends, whatever the
        # machine's load; the wall time beside it
        start, started = time.process_time(), time.perf_counter()
        stud_equity([m.hero, m.opponent], game=game, dead=dead, method="exact", threads=1)
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - started)
    classes = matchup_class_count(game, ranks=ranks)
    mean, median = statistics.fmean(cpu), statistics.median(cpu)
    return (
        f"{game}: {classes:,} match-up classes; {sample} timed: CPU median {1e3 * median:.1f} ms, "
        f"mean {1e3 * mean:.1f} ms per match-up (wall median {1e3 * statistics.median(wall):.1f} ms); "
        f"the table about {mean * classes / 3600:,.1f} CPU-hours"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["razz", "seven", "stud8"])
    parser.add_argument("--ranks", default=RANKS, help="the deck's ranks (default: all thirteen)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--budget", type=float, default=STARTING_HAND_BUDGET, help="most seconds of counting a game")
    parser.add_argument("--out", type=Path, default=None, help=f"where the CSVs go (default {CSV_DIR})")
    parser.add_argument("--no-pictures", action="store_true", help="the CSVs only")
    parser.add_argument("--estimate-matchups", type=int, metavar="N", help="time N match-ups of the full table")
    args = parser.parse_args(argv)
    if args.estimate_matchups:
        for game in args.games:
            print(estimate_matchups(game, args.ranks, args.estimate_matchups))
        return 0
    out = args.out or CSV_DIR
    pictures = None if args.no_pictures else (out if args.out else PICTURE_DIR)
    status = 0
    for game in args.games:
        start = time.perf_counter()
        try:
            table = starting_hand_table(game, ranks=args.ranks, threads=args.threads, budget=args.budget)
        except ValueError as exc:
            print(f"{game}: {exc}", file=sys.stderr)
            status = 1
            continue
        paths = write(table, out, pictures)
        seconds = time.perf_counter() - start
        print(f"{game}: {len(table.hands)} hands in {seconds:.1f} s -> {', '.join(map(str, paths))}")
    return status


if __name__ == "__main__":
    sys.exit(main())
