"""A numpy bool is a truth value, not a number, whatever numpy's version: numpy before 2.0
still gives ``np.True_`` an ``__index__`` (1), so a check that only refuses Python's ``bool``
took ``category(np.True_)`` for hand value 1. CI runs this under the lowest numpy declared."""

from __future__ import annotations

import numpy as np
import pytest

from studeval import category, describe, describe_low, make_card
from studeval.cards import card_rank, format_card, parse_cards, whole_number

NUMPY_BOOLS = [np.True_, np.False_, np.array(True), np.array([True])[0]]


@pytest.mark.parametrize("value", NUMPY_BOOLS, ids=repr)
@pytest.mark.parametrize("check", [category, describe, describe_low], ids=lambda f: f.__name__)
def test_a_numpy_bool_is_not_a_hand_value(check, value) -> None:
    with pytest.raises(TypeError, match="True|False"):
        check(value)


@pytest.mark.parametrize("value", NUMPY_BOOLS, ids=repr)
def test_a_numpy_bool_is_not_a_rank_or_suit(value) -> None:
    with pytest.raises(ValueError, match="rank"):
        make_card(value, 0)
    with pytest.raises(ValueError, match="suit"):
        make_card(0, value)


@pytest.mark.parametrize("kind", [int, np.int8, np.uint16, np.int64, np.array])
def test_integers_of_every_kind_are_taken(kind) -> None:
    # the same calls with the number the bool would have stood for
    assert category(kind(1)) is category(1)
    assert describe(kind(1)) == describe(1)
    assert describe_low(kind(1)) == describe_low(1)
    assert make_card(kind(1), kind(0)) == make_card(1, 0) == 4


@pytest.mark.parametrize("value", [True, False, *NUMPY_BOOLS, 1.0, np.float64(1), "1", None, np.array(1.0)], ids=repr)
def test_whole_number_refuses_what_is_not_a_whole_number(value) -> None:
    assert whole_number(value) is None


@pytest.mark.parametrize("value", [np.True_, np.False_], ids=repr)
@pytest.mark.parametrize("check", [parse_cards, format_card, card_rank], ids=lambda f: f.__name__)
def test_a_numpy_bool_is_not_a_card(check, value) -> None:
    with pytest.raises(TypeError, match="bool"):
        check(value)
    with pytest.raises(TypeError, match="bool"):
        parse_cards([5, value])
