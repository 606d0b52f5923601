"""Measure the per-unit times of the equity kernels: ``studeval.equity.SECONDS_PER_UNIT``.

    python tools/measure_costs.py          # about a minute; prints the constants to record

Each way of counting is timed on a few typical queries, on one thread, best of three runs;
the time divided by the query's work units (``plan_equity(...).work``, or for Monte Carlo the
deals times the cards drawn and hands evaluated) is one figure, and the median over the
queries is the constant. ``"call"`` is the Python work around one count: a range's exact
answer less its combinations' counts, per combination. ``method="auto"`` only compares the
estimates with each other, so the constants need not match another machine, only their ratios.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from studeval.equity import SECONDS_PER_UNIT, holdem_equity, plan_equity, stud_equity

# (game, players) per kernel; each is answered by that kernel
QUERIES = {
    "headsup": [
        ("seven", ["As Ah Kd", "Qc Qd 7s"]),
        ("razz", ["As 2h 3d", "Kc 7d 8h"]),
        ("stud8", ["As 2h 3d", "Kc 7d 8h"]),
        ("seven", ["As Ah Kd 2c", "Qc Qd 7s 8h"]),
    ],
    "unseen": [
        ("seven", ["As Ah Kd", "Qc"]),
        ("seven", ["As Ah Kd", "Qc 7d"]),
        ("razz", ["As 2h 3d", "Kc"]),
        ("stud8", ["As 2d 3c", "Kh"]),
        ("seven", ["As Kd 7c", ""]),  # no card known: the starting-hand tables
        ("razz", ["As 2h 3d", ""]),
    ],
    "enumerate": [
        ("stud8", ["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"]),
        ("stud8", ["As 2h 3d 4c 9s Kd", "Kc Qd 8h 8s 5h 6c", "Js Jd 5s 5c 6h 6d"]),
        ("five", ["As Ah Kd 4c", "Qc Qd 7s 8h", "Js Jd 9h 2c", "Ts 9s 3h"]),
        ("holdem", ["Ah As", "Kd Kc"]),
    ],
    "threeway": [
        ("seven", ["As Ah Kd 2c", "Qc Qd 7s 3h", "8h 9h Th 4d"]),
        ("razz", ["As 2h 3d 9c", "Kc 7d 8h 4s", "2c 3c 5h Qd"]),
        ("seven", ["As Ah Kd 2c 3c", "Qc Qd 7s 7h 8h", "Js Jd 5s 5h 6h"]),
        ("five", ["As Ah Kd", "Qc Qd 7s", "Js Jd 9h"]),
    ],
}
MC_QUERIES = [
    ("seven", ["As Ah Kd", "Qc Qd 7s"]),
    ("stud8", ["As 2h 3d", "Kc 7d 8h"]),
    ("seven", ["As Ah", "Kd", "Qc 7s"]),
]
RANGE_QUERY = ["As Ah Kd 2c 3c 4c", "[QQ+, JJ, TT, 99, 88, 77] Kc 5h 6h 7h"]


def best(run: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def equity(game: str, players: list[str], **options: object) -> Callable[[], object]:
    if game == "holdem":
        return lambda: holdem_equity(players, threads=1, **options)  # type: ignore[arg-type]
    return lambda: stud_equity(players, game=game, threads=1, **options)  # type: ignore[arg-type]


def main() -> None:
    measured: dict[str, float] = {}
    for kernel, queries in QUERIES.items():
        figures = []
        for game, players in queries:
            plan = plan_equity(players, game=game, method="exact", threads=1)
            assert plan.kernel == kernel, (players, plan)
            figures.append(best(equity(game, players, method="exact")) / plan.work)
            print(f"{kernel:10} {game:6} {' v '.join(players):40} {figures[-1] * 1e9:6.2f} ns/unit")
        measured[kernel] = statistics.median(figures)
    figures = []
    for game, players in MC_QUERIES:
        samples = 300_000
        plan = plan_equity(players, game=game, method="monte-carlo", samples=samples, threads=1)
        units = plan.monte_carlo_seconds / SECONDS_PER_UNIT["monte-carlo"]  # the units, as estimated
        figures.append(best(equity(game, players, method="monte-carlo", samples=samples, seed=1)) / units)
        print(f"{'monte-carlo':10} {game:6} {' v '.join(players):40} {figures[-1] * 1e9:6.2f} ns/unit")
    measured["monte-carlo"] = statistics.median(figures)
    plan = plan_equity(RANGE_QUERY, method="exact", threads=1)
    whole = best(lambda: stud_equity(RANGE_QUERY, method="exact", threads=1))
    combinations = int(plan.reason.rsplit("(", 1)[1].split()[0].replace(",", ""))
    one = plan_equity(["As Ah Kd 2c 3c 4c", "Qs Qh Kc 5h 6h 7h"], method="exact", threads=1)
    counting = combinations * measured[one.kernel] * one.work
    measured["call"] = max(whole - counting, 0.0) / combinations
    print(f"call: {combinations} combinations, {whole:.3f} s in all, {measured['call'] * 1e6:.0f} us each")
    print("SECONDS_PER_UNIT = {")
    for name, value in measured.items():
        print(f'    "{name}": {value:.2g},')
    print("}")


if __name__ == "__main__":
    main()
