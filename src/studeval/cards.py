"""Cards: an int 0..51 is ``4 * rank + suit``.

Rank 0 is a deuce and 12 an ace; suit 0 is clubs, then diamonds, hearts, spades. This is the
stud bring-in order, so the lowest door card is simply the smallest int. Text is ``As``,
``Td`` or ``10d``, ``2c`` (any case); cards in one string may be separated by spaces or commas.

>>> parse_cards("As Kd, 10h")
[51, 45, 34]
>>> format_cards([51, 45, 34])
'As Kd Th'
"""

from __future__ import annotations

from collections.abc import Iterable

from studeval._core import RANKS, SUITS, format_card, parse_cards

__all__ = [
    "RANKS",
    "SUITS",
    "CardsLike",
    "card_rank",
    "card_suit",
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
    r = RANKS.index(rank.upper()) if isinstance(rank, str) and rank.upper() in RANKS else rank
    s = SUITS.index(suit.lower()) if isinstance(suit, str) and suit.lower() in SUITS else suit
    if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r <= 12:
        raise ValueError(f"unknown rank {rank!r}: use 0..12 or one of {RANKS}")
    if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3:
        raise ValueError(f"unknown suit {suit!r}: use 0..3 or one of {SUITS}")
    return 4 * r + s


def full_deck() -> list[int]:
    """All 52 cards, 2c first and As last.

    >>> len(full_deck()), format_card(full_deck()[-1])
    (52, 'As')
    """
    return list(range(52))
