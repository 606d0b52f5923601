"""The card codec: every card round-trips, and bad input is refused with a clear message."""

import numpy as np
import pytest

import studeval
from studeval import format_card, format_cards, parse_card, parse_cards


def test_every_card_round_trips() -> None:
    for c in range(52):
        text = format_card(c)
        assert parse_card(text) == c
        assert parse_card(text.lower()) == c
        assert parse_card(text.upper()) == c
        assert studeval.make_card(studeval.card_rank(c), studeval.card_suit(c)) == c


def test_encoding_is_bring_in_order() -> None:
    # rank first, then clubs < diamonds < hearts < spades: the lowest card is the deuce of clubs
    assert parse_cards("2c 2d 2h 2s 3c As") == [0, 1, 2, 3, 4, 51]
    assert sorted(parse_cards("Kc Qs 2h 2c"), reverse=False) == parse_cards("2c 2h Qs Kc")


@pytest.mark.parametrize(
    "given",
    [
        "As Kd Th",
        "as,kd,th",
        "AsKdTh",
        "As, Kd, 10h",
        ["As", "Kd", "Th"],
        [51, 45, 34],
        (51, "Kd", 34),
        np.array([51, 45, 34], dtype=np.uint8),
        np.array([51, 45, 34]),
    ],
)
def test_many_forms_of_the_same_cards(given) -> None:
    assert parse_cards(given) == [51, 45, 34]


def test_single_int_and_numpy_scalar() -> None:
    assert parse_cards(7) == [7]
    assert parse_cards(np.int64(7)) == [7]


@pytest.mark.parametrize(
    ("given", "error", "named"),
    [
        ("As Xx", ValueError, "Xx"),
        ("As K", ValueError, "K"),
        ("1s", ValueError, "1s"),
        ("As Ks As", ValueError, "duplicate card 'As'"),
        ([51, 51], ValueError, "duplicate card 'As'"),
        (52, ValueError, "52"),
        (-1, ValueError, "-1"),
        ([0, 99], ValueError, "99"),
        (1.0, TypeError, "float"),
        (True, TypeError, "bool"),
        ([None], TypeError, "None"),
        (b"As", TypeError, "bytes"),
        (np.array([[1, 2]]), ValueError, "shape"),
        (np.array([1.0, 2.0]), TypeError, "float64"),
        (["As Kd"], ValueError, "one card"),
        (2**70, ValueError, str(2**70)),
    ],
)
def test_bad_cards_are_named(given, error, named) -> None:
    with pytest.raises(error, match=named.replace("(", r"\(")):
        parse_cards(given)


def test_format_cards_keeps_order_and_allows_any_sequence() -> None:
    assert format_cards("Td 2c") == "Td 2c"
    assert format_cards([0, 1], sep=",") == "2c,2d"


def test_make_card_refuses_bad_rank_and_suit() -> None:
    with pytest.raises(ValueError, match="rank 'X'"):
        studeval.make_card("X", "s")
    with pytest.raises(ValueError, match="suit 7"):
        studeval.make_card(3, 7)


# Issue 11: input that used to be taken in a surprising way is refused.

from studeval.evaluate import best_five, evaluate, evaluate_batch, evaluate_low, evaluate_low8  # noqa: E402


@pytest.mark.parametrize("sep", [None, 1, b" "])
def test_format_cards_refuses_a_non_string_separator(sep) -> None:
    with pytest.raises(TypeError, match="sep"):
        format_cards([0, 51], sep=sep)


@pytest.mark.parametrize(
    "cards",
    [
        {51: "x", 47: "x", 43: "x", 39: "x", 35: "x"},  # a dict used to be read as its keys
        {51, 47, 43, 39, 35},  # a set has no order
        frozenset({51, 47, 43, 39, 35}),
        {"As": 1, "Ks": 2, "Qs": 3, "Js": 4, "Ts": 5}.keys(),
    ],
)
def test_unordered_or_mapping_cards_are_refused(cards) -> None:
    for fn in (evaluate, evaluate_low, evaluate_low8, parse_cards, best_five):
        with pytest.raises(TypeError):
            fn(cards)


def test_masked_arrays_are_refused() -> None:
    cards = np.ma.masked_array([51, 47, 43, 39, 35, 0, 1], mask=[0, 0, 0, 0, 0, 1, 1])
    with pytest.raises(TypeError, match="masked"):
        evaluate(cards)
    with pytest.raises(TypeError, match="masked"):
        parse_cards(cards)
    rows = np.ma.masked_array(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8), mask=False)
    for kind in ("high", "low", "low8"):
        with pytest.raises(TypeError, match="masked"):
            evaluate_batch(rows, kind=kind)
