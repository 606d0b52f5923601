"""Amounts of money for the banked game: exact, bounded, and in a stated unit.

Every amount (an ante, a pay, the maximum payout) becomes an exact :class:`~fractions.Fraction`
after a check of its size *before* any arithmetic, so no input can make the parser or the
settlement run unbounded ("1e100000000") or lose precision: at most ``MAX_AMOUNT`` in size,
at most ``MAX_DENOMINATOR`` in its denominator, text at most ``MAX_TEXT`` characters.

The casino's posted rules cap each bet's payout at 5,000 euro. The wagers' unit is explicit: ``currency`` names
it ("EUR" by default, "cent" for euro cents), and the cap is either the rules' 5,000 euro
converted to that unit, or given by the caller in the wagers' unit (a number) or with its own
unit ("500000 cent"). A cap whose unit cannot be converted to the wagers' is refused.

>>> payout_cap(None, "cent")
Fraction(500000, 1)
>>> parse_amount("5/2", "the ante")
Fraction(5, 2)
>>> parse_amount("1e400", "the ante")
Traceback (most recent call last):
...
ValueError: the ante must be a number of at most 1000000000000000, got '1e400'
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

__all__ = [
    "CURRENCY_UNITS",
    "MAX_AMOUNT",
    "MAX_DENOMINATOR",
    "MAX_PAYOUT_EUR",
    "MAX_TEXT",
    "Amount",
    "as_number",
    "parse_amount",
    "payout_cap",
]

#: The largest amount (ante, pay, cap) accepted: 10**15.
MAX_AMOUNT = 10**15
#: The largest denominator of an amount accepted: 10**24 (a pay of 1/10**22 is fine).
MAX_DENOMINATOR = 10**24
#: The longest text of an amount accepted.
MAX_TEXT = 64
#: The posted rules' maximum payout per bet, in euro.
MAX_PAYOUT_EUR = 5000
#: The units the wagers may be in without stating the cap, with their worth in euro.
CURRENCY_UNITS: dict[str, Fraction] = {"EUR": Fraction(1), "cent": Fraction(1, 100)}

#: What an amount of money accepts: a number or its text ("7", "2.5", "5/2", "1e3").
Amount = int | float | Fraction | str

_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?", re.ASCII)
_RATIO = re.compile(r"[+-]?\d+\s*/\s*\d+", re.ASCII)


def parse_amount(value: object, what: str, *, positive: bool = False) -> Fraction:
    """``value`` as an exact non-negative (or positive) Fraction, its size checked first.

    >>> parse_amount(2.5, "the pay"), parse_amount("10", "the ante", positive=True)
    (Fraction(5, 2), Fraction(10, 1))
    >>> parse_amount(0, "the ante", positive=True)
    Traceback (most recent call last):
    ...
    ValueError: the ante must be positive, got 0
    """
    shown = (
        f"an int of {value.bit_length()} bits" if isinstance(value, int) and value.bit_length() > 256 else repr(value)
    )  # repr of a huge int would itself fail
    too_big = f"{what} must be a number of at most {MAX_AMOUNT}, got {shown}"
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, str)):
        raise TypeError(f"{what} must be a number, got {value!r}")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_TEXT:
            raise ValueError(f"{what} is too long a number ({len(text)} characters, at most {MAX_TEXT})")
        decimal = _DECIMAL.fullmatch(text)
        if decimal and decimal.group(1) is not None and abs(int(decimal.group(1))) > 40:
            raise ValueError(too_big)  # checked before Fraction builds 10**exponent
        if not decimal and not _RATIO.fullmatch(text):
            raise ValueError(f"{what} must be a number such as 5, 2.5 or 5/2, got {value!r}")
        try:
            number = Fraction(text.replace(" ", ""))
        except ZeroDivisionError:
            raise ValueError(f"{what} has a zero denominator: {value!r}") from None
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{what} must be a finite number, got {value!r}")
        if abs(value) > MAX_AMOUNT:
            raise ValueError(too_big)
        number = Fraction(value)
    elif isinstance(value, int):
        if abs(value) > MAX_AMOUNT:  # a comparison costs nothing even for a huge int
            raise ValueError(too_big)
        number = Fraction(value)
    else:
        number = value
    if abs(number.numerator) > MAX_AMOUNT * number.denominator:
        raise ValueError(too_big)
    if number.denominator > MAX_DENOMINATOR:
        raise ValueError(f"{what} is too finely divided (denominator at most {MAX_DENOMINATOR}), got {value!r}")
    if number < 0 or (positive and number == 0):
        raise ValueError(f"{what} must be {'positive' if positive else 'non-negative'}, got {value!r}")
    return number


def as_number(value: Fraction) -> int | float:
    """An exact amount as an int when whole, else a float (for display and JSON).

    >>> as_number(Fraction(10)), as_number(Fraction(5, 2))
    (10, 2.5)
    """
    return int(value) if value.denominator == 1 else float(value)


def payout_cap(max_payout: Amount | None = None, currency: str = "EUR") -> Fraction:
    """The maximum payout per bet in the wagers' unit ``currency``.

    ``None`` is the posted rules' 5,000 euro, converted when ``currency`` is one of ``CURRENCY_UNITS``
    (else refused: state the cap). A number is already in the wagers' unit; text may carry a
    unit ("5000 EUR", "500000 cent"), converted to the wagers' unit or refused.

    >>> payout_cap(), payout_cap("50 EUR", "cent"), payout_cap(120, "USD")
    (Fraction(5000, 1), Fraction(5000, 1), Fraction(120, 1))
    >>> payout_cap(None, "USD")
    Traceback (most recent call last):
    ...
    ValueError: the casino's maximum payout is 5,000 euro, and the wagers are in 'USD': give the maximum payout in USD
    """
    if not isinstance(currency, str) or not currency.strip():
        raise TypeError(f"the currency must be a unit's name such as 'EUR' or 'cent', got {currency!r}")
    currency = currency.strip()
    if max_payout is None:
        if currency not in CURRENCY_UNITS:
            raise ValueError(
                f"the casino's maximum payout is 5,000 euro, and the wagers are in {currency!r}: "
                f"give the maximum payout in {currency}"
            )
        return Fraction(MAX_PAYOUT_EUR) / CURRENCY_UNITS[currency]
    if isinstance(max_payout, str) and len(max_payout.split()) == 2:
        amount_text, unit = max_payout.split()
        amount = parse_amount(amount_text, "the maximum payout", positive=True)
        if unit == currency:
            return amount
        if unit not in CURRENCY_UNITS or currency not in CURRENCY_UNITS:
            raise ValueError(
                f"the maximum payout {max_payout!r} is not in the wagers' unit {currency!r} "
                "and cannot be converted to it"
            )
        cap = amount * CURRENCY_UNITS[unit] / CURRENCY_UNITS[currency]
        return parse_amount(cap, "the maximum payout", positive=True)
    return parse_amount(max_payout, "the maximum payout", positive=True)
