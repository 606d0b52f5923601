"""The pay table on the raise, and who qualifies: the posted rules' "Pay-out" section.

>>> PayTable.standard().pays("royal_flush"), pay_line(evaluate("As Ks Qs Js Ts"))
(Fraction(100, 1), 'royal_flush')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from studeval.cards import CardsLike, parse_cards
from studeval.caribbean.money import Amount, as_number, parse_amount
from studeval.evaluate import CATEGORY_FIRST_VALUE, HandCategory, category, evaluate

__all__ = [
    "HALVED_AFTER_CHANGE",
    "LINE_NAMES",
    "PAIR_VALUE",
    "PAY_LINES",
    "QUALIFYING_VALUE",
    "ROYAL_FLUSH_VALUE",
    "STANDARD_PAYTABLE",
    "PayTable",
    "PayTableLike",
    "PayValue",
    "dealer_qualifies",
    "hand_value",
    "pay_line",
]

#: The rows of a pay table, worst hand first (``high_card`` is an ace-king that beats a
#: qualifying dealer).
PAY_LINES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
)
#: The lines the rules pay half after a one-card change.
HALVED_AFTER_CHANGE: tuple[str, ...] = ("four_of_a_kind", "straight_flush", "royal_flush")
#: The lines in words, in PAY_LINES order.
LINE_NAMES: tuple[str, ...] = (
    "ace-king",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)

#: The lowest hand that qualifies the dealer: ace-king-four-three-deuce.
QUALIFYING_VALUE: int = evaluate("Ah Kd 4c 3s 2h")
#: The lowest one pair.
PAIR_VALUE: int = CATEGORY_FIRST_VALUE[HandCategory.PAIR]
#: The royal flush, the best hand.
ROYAL_FLUSH_VALUE: int = evaluate("As Ks Qs Js Ts")

#: What a pay accepts: a number, or its text ("7", "2.5", "5/2").
PayValue = Amount


@dataclass(frozen=True, init=False)
class PayTable:
    """What the raise pays (to 1) when the player beats a qualifying dealer.

    ``high_card`` (an ace-king beating the dealer's ace-king) pays as a pair unless given.

    >>> PayTable.standard().pays("royal_flush"), PayTable.standard().pays("royal_flush", changed=True)
    (Fraction(100, 1), Fraction(50, 1))
    >>> PayTable.parse("1,2,3,4,5,7,20,50,100") == PayTable.standard()
    True
    """

    pair: Fraction
    two_pair: Fraction
    three_of_a_kind: Fraction
    straight: Fraction
    flush: Fraction
    full_house: Fraction
    four_of_a_kind: Fraction
    straight_flush: Fraction
    royal_flush: Fraction
    high_card: Fraction

    def __init__(
        self,
        pair: PayValue,
        two_pair: PayValue,
        three_of_a_kind: PayValue,
        straight: PayValue,
        flush: PayValue,
        full_house: PayValue,
        four_of_a_kind: PayValue,
        straight_flush: PayValue,
        royal_flush: PayValue,
        high_card: PayValue | None = None,
    ) -> None:
        given: dict[str, PayValue | None] = {
            "high_card": high_card,
            "pair": pair,
            "two_pair": two_pair,
            "three_of_a_kind": three_of_a_kind,
            "straight": straight,
            "flush": flush,
            "full_house": full_house,
            "four_of_a_kind": four_of_a_kind,
            "straight_flush": straight_flush,
            "royal_flush": royal_flush,
        }
        for name in PAY_LINES:
            raw = given[name]
            if raw is None and name == "high_card":
                raw = pair
            object.__setattr__(self, name, parse_amount(raw, f"the pay for {name.replace('_', ' ')}"))

    @classmethod
    def standard(cls) -> PayTable:
        """The usual table: pair (and ace-king) 1, two pair 2, trips 3, straight 4, flush 5,
        full house 7, quads 20, straight flush 50, royal flush 100.

        >>> PayTable.standard().full_house
        Fraction(7, 1)
        """
        return cls(1, 2, 3, 4, 5, 7, 20, 50, 100)

    @classmethod
    def parse(cls, spec: PayTableLike) -> PayTable:
        """A pay table from text or a mapping: nine numbers pair..royal_flush (optionally a
        tenth, high_card, first), or ``name=pays`` pairs; every hand must be given.

        >>> PayTable.parse("pair=1,two_pair=2,three_of_a_kind=3,straight=4,flush=5,"
        ...                "full_house=8,four_of_a_kind=20,straight_flush=50,royal_flush=100").full_house
        Fraction(8, 1)
        >>> PayTable.parse("1,2,3")
        Traceback (most recent call last):
        ...
        ValueError: a pay table needs 9 pays (pair .. royal_flush) or 10 (high_card first), got 3
        """
        if isinstance(spec, PayTable):
            return spec
        if isinstance(spec, str):
            if len(spec) > 2000:
                raise ValueError(f"the pay table text is too long ({len(spec)} characters)")
            parts = [p.strip() for p in spec.replace(";", ",").split(",") if p.strip()]
            if parts and all("=" in p for p in parts):
                spec = {k.strip(): v.strip() for k, v in (p.split("=", 1) for p in parts)}
            elif any("=" in p for p in parts):
                raise ValueError(f"mix of named and plain pays in pay table {spec!r}")
            else:
                spec = parts
        if isinstance(spec, Mapping):
            names = {str(k).strip().lower().replace(" ", "_").replace("-", "_"): v for k, v in spec.items()}
            unknown = sorted(set(names) - set(PAY_LINES))
            if unknown:
                raise ValueError(f"unknown hand {unknown[0]!r} in pay table; the hands are {', '.join(PAY_LINES)}")
            missing = [n for n in PAY_LINES[1:] if n not in names]
            if missing:
                raise ValueError(f"the pay table is missing {', '.join(missing)}")
            return cls(**names)
        if not isinstance(spec, Sequence):
            raise TypeError(f"a pay table is a PayTable, text, a mapping or a sequence of pays, got {spec!r}")
        values = list(spec)
        if len(values) == 9:
            return cls(**dict(zip(PAY_LINES[1:], values, strict=True)))
        if len(values) == 10:  # high_card first, as in PAY_LINES
            return cls(**dict(zip(PAY_LINES, values, strict=True)))
        raise ValueError(f"a pay table needs 9 pays (pair .. royal_flush) or 10 (high_card first), got {len(values)}")

    def pays(self, line: str, *, changed: bool = False) -> Fraction:
        """The pay of one line, halved after a change for quads and straight flushes.

        >>> PayTable.standard().pays("four_of_a_kind", changed=True)
        Fraction(10, 1)
        """
        if line not in PAY_LINES:
            raise ValueError(f"unknown pay line {line!r}")
        value: Fraction = getattr(self, line)
        return value / 2 if changed and line in HALVED_AFTER_CHANGE else value

    def as_list(self, *, changed: bool = False) -> list[Fraction]:
        """The ten pays in PAY_LINES order.

        >>> [int(p) for p in PayTable.standard().as_list()]
        [1, 1, 2, 3, 4, 5, 7, 20, 50, 100]
        """
        return [self.pays(name, changed=changed) for name in PAY_LINES]

    def to_dict(self) -> dict[str, int | float]:
        """The table as plain numbers.

        >>> PayTable.standard().to_dict()["straight"]
        4
        """
        return {name: as_number(getattr(self, name)) for name in PAY_LINES}


#: What the functions taking a pay table accept: a table, its text, or its pays by name or
#: in order (see :meth:`PayTable.parse`).
PayTableLike = PayTable | str | Mapping[str, PayValue] | Sequence[PayValue]

#: The usual pay table (see :meth:`PayTable.standard`).
STANDARD_PAYTABLE = PayTable.standard()


def pay_line(value: int) -> str:
    """The pay-table row of a hand value.

    >>> pay_line(evaluate("As Ks Qs Js Ts")), pay_line(evaluate("As Kd 9c 5h 3s"))
    ('royal_flush', 'high_card')
    """
    if value == ROYAL_FLUSH_VALUE:
        return "royal_flush"
    return PAY_LINES[int(category(value))]


def hand_value(cards: CardsLike, who: str) -> int:
    """The value of exactly five cards held by ``who`` (for the error message).

    >>> hand_value("As Kd 4c 3h 2s", "dealer") == QUALIFYING_VALUE
    True
    """
    parsed = parse_cards(cards)
    if len(parsed) != 5:
        raise ValueError(f"the {who}'s hand must have 5 cards, got {len(parsed)}")
    return evaluate(parsed)


def dealer_qualifies(hand: CardsLike) -> bool:
    """Whether the dealer's five cards are ace-king or better.

    >>> dealer_qualifies("As Kd 4c 3h 2s"), dealer_qualifies("As Qd Jc 9h 8s")
    (True, False)
    """
    return hand_value(hand, "dealer") >= QUALIFYING_VALUE
