"""Turn a pytest-benchmark JSON file into the Markdown tables of RESULTS.md.

    python -m pytest benchmarks/ --benchmark-only --benchmark-json=bench.json
    python benchmarks/summarize.py bench.json

Each row gives the median time of a round and, where the benchmark recorded how many hands
(or deals) one round handles, the rate per second and the ratio to the fastest row of its group.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def rate_text(x: float) -> str:
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= div:
            return f"{x / div:.3g} {unit}/s"
    return f"{x:.3g} /s"


def time_text(t: float) -> str:
    for unit, mul in (("s", 1), ("ms", 1e3), ("µs", 1e6)):
        if t * mul >= 1:
            return f"{t * mul:.3g} {unit}"
    return f"{t * 1e9:.3g} ns"


def main(path: str) -> None:
    with open(path) as f:
        data = json.load(f)
    groups: dict[str, list] = defaultdict(list)
    for b in data["benchmarks"]:
        groups[b["group"] or "ungrouped"].append(b)
    info = data.get("machine_info", {})
    print(f"Machine: {info.get('cpu', {}).get('brand_raw', '?')}, Python {info.get('python_version', '?')}\n")
    for group, rows in groups.items():
        print(f"### {group}\n")
        print("| benchmark | median per round | per item | rate | vs best |")
        print("|---|---|---|---|---|")
        rates = []
        for b in rows:
            n = b.get("extra_info", {}).get("hands") or b.get("extra_info", {}).get("items")
            med = b["stats"]["median"]
            rates.append((n / med) if n else None)
        best = max((r for r in rates if r), default=None)
        order = sorted(range(len(rows)), key=lambda i: -(rates[i] or 0))
        for i in order:
            b, r = rows[i], rates[i]
            n = b.get("extra_info", {}).get("hands") or b.get("extra_info", {}).get("items")
            per = time_text(b["stats"]["median"] / n) if n else ""
            ratio = f"{best / r:.2f}x slower" if r and best and r < best else ("fastest" if r else "")
            print(
                f"| {b['name']} | {time_text(b['stats']['median'])} | {per} | {rate_text(r) if r else ''} | {ratio} |"
            )
        print()


if __name__ == "__main__":
    main(sys.argv[1])
