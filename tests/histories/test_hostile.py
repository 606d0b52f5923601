"""Whatever the text, the readers end each hand as read or refused: never an exception, a hang
or a hand accepted that does not replay to the site's numbers (issue 20)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from studeval.histories import Imported, Refused, read_text, verify

DATA = Path(__file__).parent / "data"
LINES = [
    line for f in ("pokerstars.txt", "fulltilt.txt") for line in (DATA / f).read_text(encoding="utf-8").splitlines()
]


@st.composite
def _mangled(draw: st.DrawFn) -> str:
    """The fixtures' lines, some dropped, repeated, swapped or garbled."""
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 8))):
        k = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "repeat", "swap", "garble", "digits"]))
        if how == "drop":
            del lines[k]
        elif how == "repeat":
            lines.insert(k, lines[k])
        elif how == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[k], lines[j] = lines[j], lines[k]
        elif how == "garble":
            lines[k] = draw(st.text(max_size=60))
        else:  # a number changed: amounts, seats, cards
            lines[k] = "".join(draw(st.sampled_from("0123456789$,.")) if c.isdigit() else c for c in lines[k])
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(_mangled())
def test_mangled_histories_are_read_or_refused(text: str) -> None:
    for hand in read_text(text, source="mangled"):
        assert isinstance(hand, (Imported, Refused))
        if isinstance(hand, Refused):
            assert hand.reason and hand.line >= 1
        else:
            assert isinstance(verify(hand.history), list)  # a disagreement is a list entry, never a crash
