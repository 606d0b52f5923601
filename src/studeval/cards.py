"""Cards: an int 0..51 is ``4 * rank + suit``.

Rank 0 is a deuce and 12 an ace; suit 0 is clubs, then diamonds, hearts, spades. This is the
stud bring-in order, so the lowest door card is simply the smallest int. Text is ``As``,
``Td`` or ``10d``, ``2c`` (any case); the suit may also be its symbol, black or white
(``A\u2660``, ``K\u2661``: :data:`SUIT_SYMBOLS`); cards in one string may be separated by
spaces or commas.

>>> parse_cards("As Kd, 10h")
[51, 45, 34]
>>> parse_cards("A\u2660 K\u2666 10\u2661")
[51, 45, 34]
>>> format_cards([51, 45, 34])
'As Kd Th'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

import numpy as np

from studeval._core import MAX_CARDS, RANKS, SUIT_SYMBOLS, SUITS, format_card, parse_cards

__all__ = [
    "MAX_CARDS",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "CardsLike",
    "card_rank",
    "card_suit",
    "low_rank",
    "format_card",
    "format_cards",
    "full_deck",
    "make_card",
    "parse_card",
    "parse_cards",
]

#: What the public functions accept as cards: text, an int, a sequence of either, or a
#: 1-d integer numpy array.
CardsLike = str | int | Iterable[int | str]


def parse_card(card: str | int) -> int:
    """Exactly one card, as an int.

    >>> parse_card("Ah"), parse_card(0)
    (50, 0)
    """
    cards = parse_cards(card)
    if len(cards) != 1:
        raise ValueError(f"expected one card, got {card!r}")
    return cards[0]


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """Cards as text, in the order given.

    >>> format_cards([0, 51])
    '2c As'
    """
    if not isinstance(sep, str):
        raise TypeError(f"sep must be a string, got {type(sep).__name__} {sep!r}")
    return sep.join(format_card(c) for c in parse_cards(cards, allow_duplicates=True))


def card_rank(card: int) -> int:
    """Rank 0 (deuce) .. 12 (ace) of a card.

    >>> card_rank(parse_card("Ks"))
    11
    """
    return parse_card(card) >> 2


def low_rank(card: int) -> int:
    """Rank of a card with the ace low (the ace-to-five lows): ace 0, deuce 1 .. king 12.

    The one place this order is written; the low evaluators' tables have it from
    tools/gen_tables.py, which runs before the package is built.

    >>> [low_rank(parse_card(c)) for c in ("As", "2c", "Kd")]
    [0, 1, 12]
    """
    return ((card >> 2) + 1) % 13


def card_suit(card: int) -> int:
    """Suit 0 (clubs) .. 3 (spades) of a card.

    >>> card_suit(parse_card("Ks"))
    3
    """
    return parse_card(card) & 3


def make_card(rank: int | str, suit: int | str) -> int:
    """The card of a rank (0..12 or '2'..'A') and a suit (0..3 or 'c', 'd', 'h', 's').

    >>> format_card(make_card("Q", "h"))
    'Qh'
    """
    r = _index_of(rank, RANKS, 12, "rank")
    s = _index_of(suit, SUITS, 3, "suit")
    return 4 * r + s


def _index_of(value: int | str, letters: str, top: int, what: str) -> int:
    """A rank or suit given as one of ``letters`` (any case) or an int 0..top."""
    # one whole ASCII letter: a substring test would take "" or "23" for the deuce, and
    # Unicode case mapping the long s for spades
    if isinstance(value, str) and len(value) == 1 and value.isascii() and value.upper() in letters.upper():
        return letters.upper().index(value.upper())
    number = whole_number(value)
    if number is not None and 0 <= number <= top:
        return number
    raise ValueError(f"unknown {what} {value!r}: use 0..{top} or one of {letters}")


def whole_number(value: object) -> int | None:
    """``value`` as an int through ``__index__`` (an int, a numpy integer, a 0-d integer
    array), or None. ``int()`` would truncate a float; a bool is a truth value, not a number,
    and so are numpy's bools (``np.True_``, a 0-d bool array), which numpy before 2.0 still
    lets through ``__index__``.

    >>> import numpy as np
    >>> whole_number(5), whole_number(np.int8(5)), whole_number(np.array(5))
    (5, 5, 5)
    >>> whole_number(True), whole_number(np.True_), whole_number(np.array(True)), whole_number(5.0)
    (None, None, None, None)
    """
    dtype = getattr(value, "dtype", None)
    if isinstance(value, bool) or (isinstance(dtype, np.dtype) and dtype.kind == "b"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def full_deck() -> list[int]:
    """All 52 cards, 2c first and As last.

    >>> len(full_deck()), format_card(full_deck()[-1])
    (52, 'As')
    """
    return list(range(52))
