"""The per-call evaluators' fast path (a list or tuple of plain ints, read without a call,
values returned from a table of ints made once) gives the values of the parsed path and of
the slow reference evaluators, and leaves every bad input to the path that names it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studeval import _reference
from studeval.cards import format_cards
from studeval.evaluate import evaluate, evaluate_low, evaluate_low8, evaluate_low27

PAIRS = [
    (evaluate, _reference.evaluate),
    (evaluate_low, _reference.evaluate_low),
    (evaluate_low8, _reference.evaluate_low8),
    (evaluate_low27, _reference.evaluate_low27),
]

hands = st.integers(5, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))


@settings(max_examples=300, deadline=None)
@given(hands)
def test_fast_path_equals_the_parsed_path_and_the_reference(cards: list[int]) -> None:
    for fast, reference in PAIRS:
        value = fast(cards)
        assert type(value) is int
        assert value == fast(tuple(cards)) == fast(format_cards(cards)) == reference(cards)


@pytest.mark.parametrize(
    ("bad", "error", "match"),
    [
        (51 + 1, ValueError, "card 52 is out of range"),
        (-1, ValueError, "card -1 is out of range"),
        (1 << 30, ValueError, f"card {1 << 30} is out of range"),  # two digits of a CPython int
        (1 << 64, ValueError, f"card {1 << 64} is out of range"),  # more than a C long
        (-(1 << 40), ValueError, f"card {-(1 << 40)} is out of range"),
        (3, ValueError, "duplicate card '2s'"),
        (True, TypeError, "got bool True"),
        (4.0, TypeError, "got float 4.0"),
    ],
)
@pytest.mark.parametrize("fn", [p[0] for p in PAIRS])
def test_fast_path_leaves_bad_cards_to_the_checked_path(fn, bad, error, match) -> None:
    for cards in ([0, 1, 2, 3, bad], (0, 1, 2, 3, bad)):
        with pytest.raises(error, match=match):
            fn(cards)


def test_int_subclasses_and_counts_take_the_checked_path() -> None:
    class Card(int):
        pass

    assert evaluate([Card(c) for c in (48, 49, 50, 51, 44)]) == evaluate([48, 49, 50, 51, 44]) == 7452
    with pytest.raises(ValueError, match="5, 6 or 7 cards, got 4"):
        evaluate([0, 1, 2, 3])
    with pytest.raises(ValueError, match="5, 6 or 7 cards, got 8"):
        evaluate(list(range(8)))
