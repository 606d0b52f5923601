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
