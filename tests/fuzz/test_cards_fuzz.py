"""Fuzzing the card input of every public function that takes cards or a hand value (issue 11).

Whatever is passed -- text in any script, ints of any size, floats, bools, None, bytes, dicts,
sets, nested sequences, numpy arrays of every dtype and shape (masked, non-contiguous,
zero-size) -- each call ends in ValueError or TypeError, or in the right answer: the cards the
input means by the documented rules (an independent reading below), and hand values equal to
the slow reference evaluator's.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Set
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from hypothesis.extra import numpy as hnp

import studeval
from studeval import _reference

FUZZ = settings.get_profile("studeval-fuzz")
EXPECTED = (ValueError, TypeError)

# -------------------------------------------------------------------- an independent reading of the card rules

# suits: the letters, and the symbols black and white (an emoji presentation selector may follow)
_SYMBOLS = {"\u2663": 0, "\u2667": 0, "\u2666": 1, "\u2662": 1, "\u2665": 2, "\u2661": 2, "\u2660": 3, "\u2664": 3}
_CARD = rf"(?:10|[2-9TJQKAtjqka])(?:[cdhsCDHS]|[{''.join(_SYMBOLS)}][\ufe0e\ufe0f]?)"
_TOKEN = re.compile(rf"(?:{_CARD})+")
_RANK = {c: i for i, c in enumerate("23456789TJQKA")} | {c: i for i, c in enumerate("23456789tjqka")} | {"10": 8}


class Refused(Exception):
    """The documented rules refuse this input."""


def _text_cards(text: str) -> list[int]:
    # a card is a rank and a suit; cards are separated by white space or commas, or not at all
    tokens = [t for t in re.split(r"[\s,]+", text) if t]
    out = []
    for token in tokens:
        if not _TOKEN.fullmatch(token):
            raise Refused
        for m in re.finditer(_CARD, token):
            card = m.group().rstrip("\ufe0e\ufe0f")
            suit = _SYMBOLS.get(card[-1])
            out.append(4 * _RANK[card[:-1]] + (suit if suit is not None else "cdhs".index(card[-1].lower())))
    return out


def _one_int(value: object) -> int:
    if isinstance(value, (bool, float, np.bool_, np.ma.MaskedArray)):
        raise Refused
    if isinstance(value, np.ndarray) and (value.ndim != 0 or value.dtype.kind not in "iu"):
        raise Refused
    if not isinstance(value, (int, np.integer, np.ndarray)):
        raise Refused
    number = int(value)
    if not 0 <= number <= 51:
        raise Refused
    return number


def meaning(cards: object, *, allow_duplicates: bool = False) -> list[int]:
    """The cards an input means, or Refused: text, one int, an iterable of ints or one-card
    texts, a 1-d integer array; never a dict, set, bytes or masked array."""
    if isinstance(cards, str):
        out = _text_cards(cards)
    elif isinstance(cards, (Mapping, Set, bytes, bytearray, np.ma.MaskedArray)):
        raise Refused
    elif isinstance(cards, np.ndarray):
        if cards.ndim != 1 or cards.dtype.kind not in "iu":
            raise Refused
        out = [_one_int(v) for v in cards]
    elif isinstance(cards, (int, np.integer)):
        out = [_one_int(cards)]
    elif hasattr(cards, "__iter__"):
        out = []
        for item in cards:
            if isinstance(item, str):
                one = _text_cards(item)
                if len(one) != 1:
                    raise Refused
                out += one
            else:
                out.append(_one_int(item))
    else:
        raise Refused
    if not allow_duplicates and len(set(out)) != len(out):
        raise Refused
    return out


def meant(cards: object, **kw: bool) -> list[int] | None:
    try:
        return meaning(cards, **kw)
    except Refused:
        return None


def outcome(f: Any, *args: Any, **kw: Any) -> tuple[bool, Any]:
    """(True, result) or (False, the exception), which must be ValueError or TypeError."""
    try:
        return True, f(*args, **kw)
    except EXPECTED as exc:
        assert str(exc), f"{type(exc).__name__} without a message"
        return False, exc


# -------------------------------------------------------------------- strategies

_CARD_CHARS = list("23456789TJQKAtjqka10cdhsCDHS ,;-\t\n") + [
    "\u00a0",
    "\u3000",
    "\u0665",
    "\ufeff",
    "\x00",
    "\U0001f0a1",
    *_SYMBOLS,
    "\ufe0f",
    "\ufe0e",
]
card_text = hs.one_of(
    hs.text(hs.sampled_from(_CARD_CHARS), max_size=24).map(np.str_),
    hs.text(hs.sampled_from(_CARD_CHARS), max_size=24),
    hs.text(max_size=24),  # any unicode
    hs.lists(hs.sampled_from(list(itertools.product("23456789TJQKA", "cdhs"))), max_size=8).map(
        lambda cs: " ".join(r + s for r, s in cs)
    ),
    # suits as symbols, some with an emoji presentation selector
    hs.lists(
        hs.sampled_from(list(itertools.product("23456789TJQKA", _SYMBOLS, ["", "\ufe0f", "\ufe0e"]))), max_size=8
    ).map(lambda cs: " ".join("".join(c) for c in cs)),
)
card_ints = hs.one_of(
    hs.integers(-2, 55),
    hs.integers(),
    hs.integers(-(2**200), 2**200),
    hs.sampled_from([2**63 - 1, 2**63, -(2**63), 2**64]),
)
_DTYPES = hs.one_of(
    hnp.scalar_dtypes(),
    hnp.integer_dtypes(endianness="<"),
    hnp.integer_dtypes(endianness=">"),
    hnp.unsigned_integer_dtypes(endianness="<"),
    hnp.unsigned_integer_dtypes(endianness=">"),
    hnp.byte_string_dtypes(),
    hnp.unicode_string_dtypes(),
    hs.just(np.dtype(object)),
    hs.just(np.dtype([("a", "u1"), ("b", "i4")])),
)


#: The elements hnp.arrays infers for dtype object (any object), built once: inferred afresh
#: for each array, resolving it over every registered type took most of the array's draw.
_ANY_OBJECT = hs.from_type(object)


@hs.composite
def arrays(draw: hs.DrawFn, *, dtype: Any = _DTYPES, min_dims: int = 0, max_dims: int = 3) -> np.ndarray:
    """Arrays of any dtype and shape, some with card-like values; then maybe non-contiguous,
    Fortran-ordered, read-only or masked."""
    dt = draw(dtype)
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0, max_side=9))
    if dt.kind in "iu" and draw(hs.booleans()):
        size = int(np.prod(shape))
        values = draw(hs.lists(hs.integers(0, 51), min_size=size, max_size=size, unique=size <= 52))
        arr = np.array(values, dtype=dt).reshape(shape)
    else:
        arr = draw(hnp.arrays(dt, shape, elements=_ANY_OBJECT if dt.kind == "O" else None))
    how = draw(hs.sampled_from(["plain", "strided", "fortran", "readonly", "masked", "transposed"]))
    if how == "strided" and arr.ndim:
        arr = np.repeat(arr, 2, axis=-1)[..., ::2]
    elif how == "fortran":
        arr = np.asfortranarray(arr)
    elif how == "readonly":
        arr.setflags(write=False)
    elif how == "masked":
        arr = np.ma.array(arr, mask=draw(hnp.arrays(np.bool_, arr.shape)))
    elif how == "transposed":
        arr = arr.T
    return arr


scalars = hs.one_of(
    card_text,
    card_ints,
    hs.floats(),
    hs.booleans(),
    hs.none(),
    hs.binary(max_size=8),
    hs.fractions(),
    hs.decimals(),
    hs.complex_numbers(),
    hs.sampled_from(
        [np.int64(5), np.uint8(51), np.int8(-1), np.bool_(True), np.float64(3.0), np.ma.masked, Decimal(4)]
    ),
    hs.sampled_from([np.array(7), np.array(7.0), np.ma.array(7, mask=True), np.array([7]), Fraction(9, 1)]),
    arrays(max_dims=1),
)
anything = (
    hs.recursive(
        scalars,
        lambda inner: hs.one_of(
            hs.lists(inner, max_size=8),
            hs.lists(inner, max_size=8).map(tuple),
            hs.lists(inner, max_size=8).map(iter),
            hs.dictionaries(card_ints, inner, max_size=6),
            hs.sets(card_ints, max_size=7),
            hs.frozensets(card_text, max_size=7),
            hs.binary(max_size=8).map(bytearray),
            hs.binary(max_size=8).map(memoryview),
        ),
        max_leaves=12,
    )
    | arrays()
)


#: The one-shot forms of a sequence of cards (ints or one-card texts): read once, then empty.
ONE_SHOT: dict[str, Callable[[list[Any]], Iterator[Any]]] = {
    "iter": iter,
    "generator": lambda items: (item for item in items),
    "map": lambda items: map(copy.copy, items),
    "filter": lambda items: filter(lambda item: True, items),
    "chain": lambda items: itertools.chain(items[:2], items[2:]),
    "islice": lambda items: itertools.islice(items, None),
}


@hs.composite
def hands(draw: hs.DrawFn, min_size: int = 5, max_size: int = 7) -> tuple[list[int], Callable[[], object]]:
    """Valid distinct cards, and a function giving the same cards in one of the forms a caller
    may pass (a fresh one each call, for the forms that can be read once)."""
    cards, given_as = draw(_hands(min_size, max_size))
    return cards, lambda: given_as() if callable(given_as) else given_as


@hs.composite
def _hands(draw: hs.DrawFn, min_size: int, max_size: int) -> tuple[list[int], object]:
    cards = draw(hs.lists(hs.integers(0, 51), min_size=min_size, max_size=max_size, unique=True))
    names = [studeval.format_card(c) for c in cards]
    form = draw(
        hs.sampled_from(
            ["text", "text10", "glued", "ints", "tuple", "texts", "array", "strided", "numpy ints", "one-shot"]
        )
    )
    if form == "text":
        sep = draw(hs.sampled_from([" ", ",", ", ", "\t", "\u3000", "\n "]))
        return cards, sep.join(n.lower() if draw(hs.booleans()) else n for n in names)
    if form == "text10":
        return cards, " ".join(n.replace("T", "10") for n in names)
    if form == "glued":
        return cards, "".join(names)
    if form == "ints":
        return cards, list(cards)
    if form == "tuple":
        return cards, tuple(cards)
    if form == "texts":
        return cards, names
    if form == "array":
        return cards, np.array(cards, dtype=draw(hnp.integer_dtypes() | hnp.unsigned_integer_dtypes()))
    if form == "strided":
        return cards, np.repeat(np.array(cards, dtype=np.int64), 2)[::2]
    if form == "numpy ints":
        return cards, [np.int16(c) for c in cards]
    # an iterator of ints or of one-card texts (any case, 10 for T, suit symbols), made afresh
    items = draw(
        hs.sampled_from(
            [
                list(cards),
                names,
                [n.lower() for n in names],
                [n.replace("T", "10") for n in names],
                [n[:-1] + "\u2663\u2666\u2665\u2660"["cdhs".index(n[-1])] for n in names],
            ]
        )
    )
    one_shot = ONE_SHOT[draw(hs.sampled_from(sorted(ONE_SHOT)))]
    return cards, lambda: one_shot(items)


# -------------------------------------------------------------------- parsing and formatting


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(cards=anything, allow_duplicates=hs.booleans())
def test_parse_cards_gives_what_the_input_means_or_a_documented_error(cards, allow_duplicates):
    expected = meant(cards, allow_duplicates=allow_duplicates)
    if isinstance(cards, Iterator):  # an iterator can be read once: read the same items twice
        items = list(cards)
        expected, cards = meant(iter(items), allow_duplicates=allow_duplicates), iter(items)
    ok, got = outcome(studeval.parse_cards, cards, allow_duplicates=allow_duplicates)
    if ok:
        assert got == expected
        assert all(type(c) is int for c in got)
    else:
        assert expected is None, f"refused cards that mean {expected}: {got}"


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(cards=anything, sep=hs.one_of(hs.text(max_size=3), hs.none(), hs.integers(), hs.binary(max_size=2)))
def test_format_cards_round_trips_or_refuses(cards, sep):
    ok, got = outcome(studeval.format_cards, cards, sep=sep)
    if not ok:
        return
    assert isinstance(got, str) and isinstance(sep, str)
    if isinstance(cards, list) and sep in (" ", ","):
        assert studeval.parse_cards(got, allow_duplicates=True) == studeval.parse_cards(cards, allow_duplicates=True)


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(hand=hands(0, 9))
def test_every_form_of_valid_cards_parses_to_the_same_cards(hand):
    cards, given_as = hand
    assert studeval.parse_cards(given_as()) == cards
    assert studeval.format_cards(given_as()) == " ".join(studeval.format_card(c) for c in cards)
    assert studeval.parse_cards(studeval.format_cards(cards)) == cards


# one letter or near it: "" and "23" once passed a substring test, the long s maps to "S"
_LETTERS = hs.sampled_from(["", "23", "cd", "10", "\u017f", "Q", "q", "s", "S", "x", "AK", np.int64(3), np.uint8(2)])


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(
    card=scalars,
    rank=hs.one_of(_LETTERS, card_text, card_ints, hs.floats(), hs.booleans(), hs.none()),
    suit=hs.one_of(_LETTERS, card_text, card_ints, hs.none()),
)
def test_one_card_helpers(card, rank, suit):
    expected = meant(card)
    for f in (studeval.parse_card, studeval.card_rank, studeval.card_suit):
        ok, got = outcome(f, card)
        assert ok == (expected is not None and len(expected) == 1), (f, card, got)
    try:
        one: int | None = _one_int(card)
    except Refused:
        one = None
    ok, got = outcome(studeval.format_card, card)  # one int-like card, never text
    assert (got if ok else None) == (None if one is None else studeval.format_cards([one]))
    ok, got = outcome(studeval.make_card, rank, suit)
    if ok:
        r = "23456789TJQKA".index(rank.upper()) if isinstance(rank, str) else rank
        s = "cdhs".index(suit.lower()) if isinstance(suit, str) else suit
        assert not isinstance(r, bool) and 0 <= r <= 12 and 0 <= s <= 3
        assert got == 4 * r + s
        assert studeval.card_rank(got) == r and studeval.card_suit(got) == s


# -------------------------------------------------------------------- hands: values against the slow reference

#: Each evaluator kind's fast function and the slow reference's, by the kind's name.
_SLOW = {kind: getattr(_reference, "evaluate" if kind == "high" else f"evaluate_{kind}") for kind in studeval.KINDS}
_EVALUATORS = [
    (getattr(studeval, "evaluate" if kind == "high" else f"evaluate_{kind}"), slow) for kind, slow in _SLOW.items()
]


def _check_hand_functions(cards: object, expected: list[int] | None) -> None:
    five_to_seven = expected is not None and 5 <= len(expected) <= 7
    for fast, slow in _EVALUATORS:
        ok, got = outcome(fast, cards() if callable(cards) else cards)
        assert ok == five_to_seven, (fast.__name__, got)
        if ok:
            assert type(got) is int and got == slow(expected)
    ok, got = outcome(studeval.best_five, cards() if callable(cards) else cards)
    assert ok == five_to_seven
    if ok:
        assert set(got) <= set(expected) and len(got) == 5
        assert studeval.evaluate(got) == _reference.evaluate(expected)
    for best, value, slow in (
        (studeval.best_five_low, studeval.evaluate_low, _reference.evaluate_low),
        (studeval.best_five_low27, studeval.evaluate_low27, _reference.evaluate_low27),
    ):
        ok, got = outcome(best, cards() if callable(cards) else cards)
        assert ok == five_to_seven
        if ok:
            assert set(got) <= set(expected) and value(got) == slow(expected)
    one_to_four = expected is not None and 1 <= len(expected) <= 4
    for f in (studeval.showing_rank, studeval.showing_rank_low, studeval.showing_rank_low27):
        ok, got = outcome(f, cards() if callable(cards) else cards)
        assert ok == one_to_four, (f.__name__, got)
        assert not ok or type(got) is int
    for game in studeval.STUD_GAMES:
        ok, got = outcome(studeval.bring_in_card, cards() if callable(cards) else cards, game=game)
        assert ok == bool(expected)
        assert not ok or got in expected


@settings(FUZZ, max_examples=300 * FUZZ.max_examples)
@given(cards=anything)
def test_hand_functions_on_anything(cards):
    if isinstance(cards, Iterator):
        items = list(cards)
        expected = meant(iter(items))
        _check_hand_functions(lambda: iter(items), expected)
    else:
        _check_hand_functions(cards, meant(cards))


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(hand=hands(1, 7))
def test_hand_functions_on_valid_hands_in_every_form(hand):
    cards, given_as = hand
    _check_hand_functions(given_as, cards)


@settings(FUZZ, max_examples=150 * FUZZ.max_examples)
@given(
    a=hs.lists(hs.integers(0, 51), min_size=1, max_size=4, unique=True),
    b=hs.lists(hs.integers(0, 51), min_size=1, max_size=4, unique=True),
)
def test_showing_rank_orders_as_the_reference(a, b):
    b = (b + [c for c in range(52) if c not in b])[: len(a)]  # the same number of up cards
    fast = studeval.showing_rank(a) - studeval.showing_rank(b)
    slow = _reference.showing_key(a), _reference.showing_key(b)
    assert (fast > 0) == (slow[0] > slow[1]) and (fast == 0) == (slow[0] == slow[1])


values = hs.one_of(
    hs.integers(-3, 7470),
    hs.integers(),
    hs.floats(),
    hs.booleans(),
    hs.none(),
    card_text,
    hs.sampled_from(
        [
            np.int16(7462),
            np.uint64(1),
            np.array(5),
            np.array(5.5),
            np.array([5]),
            np.bool_(True),
            Fraction(3),
            Decimal(3),
        ]
    ),
)


@settings(FUZZ, max_examples=300 * FUZZ.max_examples)
@given(value=values)
def test_hand_value_functions(value):
    as_int = None if isinstance(value, (bool, float, np.bool_)) else _one_value(value)
    ok, got = outcome(studeval.category, value)
    assert ok == (as_int is not None and 1 <= as_int <= 7462)
    if ok:
        assert got == _reference.all_classes()[as_int - 1][0]
        assert isinstance(studeval.describe(value), str)
    else:
        assert not outcome(studeval.describe, value)[0]
    ok, got = outcome(studeval.describe_low, value)
    assert ok == (as_int is not None and 1 <= as_int <= 6175)
    assert not ok or got.count("-") == 4


def _one_value(value: object) -> int | None:
    if isinstance(value, (int, np.integer)) or (
        isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iu"
    ):
        return int(value)
    return None


# -------------------------------------------------------------------- evaluate_batch

batch_arrays = hs.one_of(
    arrays(dtype=hs.just(np.dtype(np.uint8)), min_dims=2, max_dims=2),
    arrays(dtype=hs.just(np.dtype(np.uint8)), min_dims=0, max_dims=3),
    arrays(max_dims=2),
)


@settings(FUZZ, max_examples=300 * FUZZ.max_examples)
@given(
    hands=batch_arrays,
    kind=hs.one_of(hs.sampled_from(studeval.KINDS), hs.text(max_size=5), hs.none(), hs.integers(0, 3)),
    threads=hs.one_of(hs.none(), hs.integers(-2, 4), hs.integers(), hs.floats(), hs.booleans(), hs.just(np.int32(2))),
    check=hs.booleans(),
)
def test_evaluate_batch_on_any_array(hands, kind, threads, check):
    ok, got = outcome(studeval.evaluate_batch, hands, threads=threads, check=check, kind=kind)
    if not ok:
        return
    assert kind in studeval.KINDS and studeval.check_threads(threads) >= 1
    assert not isinstance(hands, np.ma.MaskedArray) and hands.dtype == np.uint8
    assert hands.ndim == 2 and hands.shape[1] in (5, 6, 7)
    assert got.dtype == np.uint16 and got.shape == (hands.shape[0],)
    slow = _SLOW[kind]
    for row, value in zip(hands.tolist(), got.tolist(), strict=True):
        assert max(row) <= 51
        if len(set(row)) == len(row):
            assert value == slow(row)
        else:
            assert not check  # a repeated card passes only unchecked


@settings(FUZZ, max_examples=100 * FUZZ.max_examples)
@given(
    rows=hs.lists(hs.lists(hs.integers(0, 51), min_size=7, max_size=7, unique=True), min_size=1, max_size=12),
    width=hs.sampled_from([5, 6, 7]),
    bad=hs.one_of(hs.none(), hs.tuples(hs.integers(0, 11), hs.sampled_from([52, 99, 255, "dup"]))),
)
def test_evaluate_batch_names_the_bad_row(rows, width, bad):
    arr = np.array(rows, dtype=np.uint8)[:, :width]
    if bad is not None:
        i, value = bad[0] % len(rows), bad[1]
        arr[i, -1] = arr[i, 0] if value == "dup" else value
        with pytest.raises(ValueError, match=f"row {i} "):
            studeval.evaluate_batch(arr)
        return
    for kind, slow in _SLOW.items():
        assert studeval.evaluate_batch(arr, kind=kind).tolist() == [slow(r) for r in arr.tolist()]


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(
    threads=hs.one_of(
        hs.none(),
        hs.integers(),
        hs.floats(),
        hs.booleans(),
        hs.text(max_size=3),
        hs.just(np.int64(3)),
        hs.just(np.uint64(2**64 - 1)),
    )
)
def test_check_threads(threads):
    ok, got = outcome(studeval.check_threads, threads)
    if threads is None:
        assert ok and got == studeval.max_threads()
    elif (
        isinstance(threads, (int, np.integer))
        and not isinstance(threads, bool)
        and 1 <= threads <= studeval.THREAD_LIMIT
    ):
        assert ok and got == threads and type(got) is int
    else:
        assert not ok


# -------------------------------------------------------------------- iterators: read once, to the end


class OneShot:
    """An iterator that can be read once and knows how far it was read; reading it again after
    its end is an AssertionError, not the silence of an exhausted generator."""

    def __init__(self, items: list[Any]) -> None:
        self._items = iter(items)
        self.ended = False

    def __iter__(self) -> OneShot:
        return self

    def __next__(self) -> Any:
        assert not self.ended, "the iterator was read again after its end"
        try:
            return next(self._items)
        except StopIteration:
            self.ended = True
            raise


#: Every public function taking cards (a hand, up cards, door cards, or cards to format).
CARD_FUNCTIONS: dict[str, Callable[[object], object]] = {
    "parse_cards": studeval.parse_cards,
    "format_cards": studeval.format_cards,
    "parse_card": studeval.parse_card,
    **{f.__name__: f for f, _ in _EVALUATORS},
    "best_five": studeval.best_five,
    "best_five_low": studeval.best_five_low,
    "best_five_low27": studeval.best_five_low27,
    "showing_rank": studeval.showing_rank,
    "showing_rank_low": studeval.showing_rank_low,
    "showing_rank_low27": studeval.showing_rank_low27,
    **{f"bring_in_card {g}": lambda cards, g=g: studeval.bring_in_card(cards, game=g) for g in studeval.STUD_GAMES},
}


@settings(FUZZ, max_examples=100 * FUZZ.max_examples)
@given(
    cards=hs.lists(hs.integers(0, 51), min_size=0, max_size=9, unique=True),
    text=hs.booleans(),
    repeat=hs.booleans(),
)
def test_every_function_taking_cards_reads_an_iterator_once_and_to_its_end(cards, text, repeat):
    """The documented contract (cards.py's ``CardsLike``: an iterable of ints or card texts):
    an iterator of card texts or ints gives what the same list gives, read once; a good
    answer reads it to its end (no card silently left out)."""
    items: list[Any] = [studeval.format_card(c) for c in cards] if text else list(cards)
    if repeat and items:
        items.append(items[0])  # a repeated card: refused alike
    for name, f in CARD_FUNCTIONS.items():
        want_ok, want = outcome(f, list(items))
        one_shot = OneShot(items)
        ok, got = outcome(f, one_shot)
        assert ok == want_ok, (name, items, got, want)
        if ok:
            assert got == want and one_shot.ended, (name, items)
        else:
            assert type(got) is type(want), (name, items, got, want)


@pytest.mark.parametrize("one_shot", sorted(ONE_SHOT))
def test_equity_takes_iterators_of_card_text(one_shot):
    """Each player's cards, the dead cards and the board given as one-shot iterators: the same
    exact answer as lists (the player list itself is a sequence, a TypeError otherwise)."""
    make = ONE_SHOT[one_shot]
    players = [["As", "Ah", "Kd", "2c", "3c", "9s"], ["Qc", "Qd", "7s", "7h", "8h", "Jd"]]
    dead = ["2s", "Kh"]
    want = studeval.stud_equity(players, dead=dead)
    got = studeval.stud_equity([make(p) for p in players], dead=make(dead))
    assert got.equity == want.equity and got.deals == want.deals
    hands, board = [["As", "Ah"], ["Qc", "Qd"]], ["2s", "3s", "4d"]
    want = studeval.holdem_equity(hands, board=board, dead=["Kd"])
    got = studeval.holdem_equity([make(h) for h in hands], board=make(board), dead=make(["Kd"]))
    assert got.equity == want.equity and got.deals == want.deals
    with pytest.raises(TypeError, match="players must be a sequence"):
        studeval.stud_equity(make(players))


# -------------------------------------------------------------------- what the fuzzing found (each fixed)


@pytest.mark.parametrize(("rank", "suit"), [("", ""), ("23", "cd"), ("A", "\u017f"), ("AK", "s"), (12.0, 0), (True, 0)])
def test_make_card_takes_one_whole_letter_or_an_int(rank, suit):
    with pytest.raises(ValueError, match="unknown"):
        studeval.make_card(rank, suit)


def test_make_card_takes_numpy_ints():
    assert studeval.make_card(np.int64(12), np.uint8(3)) == 51


def test_a_masked_element_is_not_a_card():
    with pytest.raises(TypeError, match="MaskedArray"):
        studeval.evaluate([np.ma.array(3, mask=True), 1, 2, 4, 5])
    with pytest.raises(TypeError, match="MaskedConstant"):
        studeval.parse_cards([np.ma.masked])


def test_a_float_in_a_0d_array_is_not_a_card_nor_a_hand_value():
    with pytest.raises(TypeError, match=r"array\(3\.\)"):
        studeval.parse_cards([np.array(3.0)])
    for f in (studeval.category, studeval.describe, studeval.describe_low):
        with pytest.raises(TypeError, match=r"array\(1\.5\)"):
            f(np.array(1.5))  # int() would truncate it to 1


class Text(str):
    """A str subclass, like numpy.str_ (an element of a numpy string array)."""


@pytest.mark.parametrize("kind", [np.str_, Text])
def test_text_of_a_str_subclass_is_text(kind):
    assert studeval.parse_cards(kind("As Kd")) == [51, 45]
    assert studeval.parse_cards([kind("As"), kind("Kd")]) == [51, 45]
    assert studeval.evaluate(kind("As Ks Qs Js Ts")) == 7462


def test_an_endless_iterator_of_cards_ends_at_the_first_repeat():
    with pytest.raises(ValueError, match="duplicate card '3d'"):
        studeval.parse_cards(itertools.repeat(5))
    with pytest.raises(ValueError, match="card 52 is out of range"):
        studeval.evaluate(itertools.count())


def test_an_endless_iterator_is_refused_not_read_for_ever() -> None:
    """Every function taking cards stops reading an endless iterator: at the 53rd card when
    repeats are refused, at MAX_CARDS when they are allowed (format_cards)."""
    from itertools import count, cycle, repeat

    from studeval.cards import MAX_CARDS

    with pytest.raises(ValueError, match=f"more than {MAX_CARDS:,} cards"):
        studeval.format_cards(repeat(5))
    with pytest.raises(ValueError, match=f"more than {MAX_CARDS:,} cards"):
        studeval.format_cards(cycle(["As", "Kd"]))
    with pytest.raises(ValueError, match="duplicate card"):
        studeval.parse_cards(cycle(range(52)))
    with pytest.raises(ValueError):
        studeval.parse_cards(count())
    assert studeval.format_cards(repeat(0, MAX_CARDS)).count("2c") == MAX_CARDS
