"""Site files of many hands for the tests of the hand database and the pages over it: the
PokerStars fixture's hands repeated with new hand numbers (as the benchmarks make theirs)."""

from __future__ import annotations

import re
from pathlib import Path

DATA = Path(__file__).resolve().parent / "histories" / "data"
FIXTURE = DATA / "pokerstars" / "cash_2009.txt"


def stars_hands(count: int, first: int) -> str:
    """``count`` hands of the fixture, numbered from ``first``, as one PokerStars file's text."""
    text = FIXTURE.read_text(encoding="utf-8")
    hands = [h.strip("\n") for h in re.split(r"\n(?=PokerStars (?:Hand|Game) #)", text) if h.strip()]
    out = [re.sub(r"(Hand|Game) #\d+", rf"\g<1> #{first + k}", hands[k % len(hands)], count=1) for k in range(count)]
    return "\n\n\n".join(out) + "\n"


def bogus_hands(path: Path, count: int) -> Path:
    """A file of ``count`` one-line PokerStars hands (a header and nothing else): each one refused."""
    with open(path, "w", encoding="utf-8") as f:
        for k in range(count):
            f.write(f"PokerStars Hand #{k + 1}: Razz Limit ($0.04/$0.08 USD) - 2024/01/05 20:15:00 ET\n")
    return path


def command_peak(args: list[str]) -> tuple[dict, int]:
    """``studeval ARGS`` (a JSON report) in a fresh Python: the report parsed, and the peak
    memory of that process in KiB (``ru_maxrss``), to show memory flat in the input's size."""
    import json
    import os
    import subprocess
    import sys

    code = (
        "import resource, sys\n"
        "from studeval.cli import main\n"
        f"main({args!r})\n"
        "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, env=os.environ)
    return json.loads(done.stdout), int(done.stderr.strip().splitlines()[-1])
