"""Turn a pytest-benchmark JSON file into the Markdown tables of RESULTS.md.

    python -m pytest benchmarks/ --benchmark-only --benchmark-json=bench.json
    python benchmarks/summarize.py bench.json
    python benchmarks/summarize.py bench.json --update benchmarks/RESULTS.md

With ``--update FILE`` the tables of the groups measured replace their ``### group`` sections
in FILE (a group not there yet is added before the appendices); the other groups keep their figures.
Each row gives the median time of a round and, where the benchmark recorded how many hands
(or deals) one round handles, the rate per second and the ratio to the fastest row of its group.
"""

from __future__ import annotations

import json
import re
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


def tables(data: dict) -> dict[str, str]:
    """Each group's Markdown section (heading, table, blank line), by group name."""
    groups: dict[str, list] = defaultdict(list)
    for b in data["benchmarks"]:
        groups[b["group"] or "ungrouped"].append(b)
    return {group: "\n".join(_table(group, rows)) + "\n" for group, rows in groups.items()}


def update(results: str, sections: dict[str, str]) -> str:
    """``results`` (RESULTS.md's text) with each measured group's section replaced; the
    appendices (from the first ``## Appendix`` heading: earlier runs, dated) are left as they
    are, and a group not there yet goes before them."""
    body, mark, appendices = results.partition("\n## Appendix")
    if mark:
        return update(body + "\n", sections).rstrip("\n") + "\n" + mark + appendices
    parts = re.split(r"(?m)^(?=### )", results)
    seen = set()
    for i, part in enumerate(parts):
        group = part[4:].split("\n", 1)[0].strip() if part.startswith("### ") else None
        if group in sections:
            parts[i] = sections[group] + ("\n" if i < len(parts) - 1 else "")
            seen.add(group)
    missing = [sections[g] for g in sections if g not in seen]
    return "".join(parts).rstrip("\n") + "\n" + "".join("\n" + m for m in missing)


def main(path: str, results: str | None = None) -> None:
    with open(path) as f:
        data = json.load(f)
    sections = tables(data)
    if results is not None:
        with open(results, encoding="utf-8") as f:
            text = f.read()
        with open(results, "w", encoding="utf-8") as f:
            f.write(update(text, sections))
        print(f"{results}: {len(sections)} groups updated")
        return
    info = data.get("machine_info", {})
    print(f"Machine: {info.get('cpu', {}).get('brand_raw', '?')}, Python {info.get('python_version', '?')}\n")
    for section in sections.values():
        print(section)


def _table(group: str, rows: list) -> list[str]:
    out = [f"### {group}", "", "| benchmark | median per round | per item | rate | vs best |", "|---|---|---|---|---|"]
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
        out.append(
            f"| {b['name']} | {time_text(b['stats']['median'])} | {per} | {rate_text(r) if r else ''} | {ratio} |"
        )
    return out


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[2] == "--update":
        main(sys.argv[1], sys.argv[3])
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit("usage: python benchmarks/summarize.py bench.json [--update RESULTS.md]")
