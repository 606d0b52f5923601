"""Fixed-limit stud structures: ante, bring-in, small and big bet, seats and buy-in.

Amounts are whole chips (use cents for euro tables), at most :data:`MAX_CHIPS`. The presets follow the shape of the
limit tables at the end of the seven card stud room rules, with the typos there replaced by
sane numbers: ante < bring-in < small bet < big bet = 2 x small bet.

>>> s = PRESETS["0.50/1"]
>>> s.ante, s.bring_in, s.small_bet, s.big_bet
(10, 25, 50, 100)
>>> s.check_buy_in(500)
500
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

__all__ = [
    "MAX_CHIPS",
    "MAX_RAKE_DENOMINATOR",
    "MAX_RAKE_TEXT",
    "MAX_SEATS",
    "MIN_SEATS",
    "PRESETS",
    "RAKE_ROUNDING",
    "PrintedRake",
    "Rake",
    "Structure",
]

MIN_SEATS = 2
MAX_SEATS = 8
#: The largest amount of chips studeval accepts anywhere (a bet, a structure; the stacks at a
#: table in all, so that no winner ends above it).
MAX_CHIPS = 10**15


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int number of chips, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Structure:
    """The betting structure of a fixed-limit stud table.

    Anything that can be dealt is accepted: ante >= 0 (it may equal or exceed the bring-in,
    as in tournaments), 0 < bring-in <= small bet <= big bet. ``min_buy_in``/``max_buy_in``
    bound what a player may sit down with (no short buys, R7). ``max_seats`` is at most 8
    (both games deal at most 8 players).

    >>> Structure(ante=1, bring_in=2, small_bet=5, big_bet=10, min_buy_in=50)
    Structure(ante=1, bring_in=2, small_bet=5, big_bet=10, min_buy_in=50, max_buy_in=None, max_seats=8)
    >>> Structure(ante=50000, bring_in=50000, small_bet=200000, big_bet=400000).ante  # WSOP 2023 $50K PPC
    50000
    >>> Structure(ante=5, bring_in=6, small_bet=5, big_bet=10)
    Traceback (most recent call last):
    ...
    ValueError: small bet 5 must be at least the bring-in 6
    """

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    min_buy_in: int = 0
    max_buy_in: int | None = None
    max_seats: int = MAX_SEATS

    def __post_init__(self) -> None:
        for name in ("ante", "bring_in", "small_bet", "big_bet", "min_buy_in", "max_buy_in", "max_seats"):
            value = getattr(self, name)
            if value is not None or name != "max_buy_in":
                _whole(name, value)
                if value > MAX_CHIPS:
                    raise ValueError(f"{name} {value} is more than the limit of {MAX_CHIPS} chips")
        if self.ante < 0:
            raise ValueError(f"ante {self.ante} must not be negative")
        if self.bring_in <= 0:
            raise ValueError(f"bring-in {self.bring_in} must be positive")
        if self.small_bet < self.bring_in:
            raise ValueError(f"small bet {self.small_bet} must be at least the bring-in {self.bring_in}")
        if self.big_bet < self.small_bet:
            raise ValueError(f"big bet {self.big_bet} must be at least the small bet {self.small_bet}")
        if self.min_buy_in < 0:
            raise ValueError(f"min_buy_in {self.min_buy_in} must not be negative")
        if self.max_buy_in is not None and self.max_buy_in < self.min_buy_in:
            raise ValueError(f"max_buy_in {self.max_buy_in} is below min_buy_in {self.min_buy_in}")
        if not MIN_SEATS <= self.max_seats <= MAX_SEATS:
            raise ValueError(f"max_seats {self.max_seats} must be {MIN_SEATS}..{MAX_SEATS}")

    def check_buy_in(self, amount: int) -> int:
        """Return ``amount`` if a player may sit down with it, else raise ValueError.

        >>> PRESETS["5/10"].check_buy_in(100)
        Traceback (most recent call last):
        ...
        ValueError: buy-in 100 is below the minimum 5000
        """
        _whole("buy-in", amount)
        if amount <= 0:
            raise ValueError(f"buy-in {amount} must be positive")
        if amount < self.min_buy_in:
            raise ValueError(f"buy-in {amount} is below the minimum {self.min_buy_in}")
        if self.max_buy_in is not None and amount > self.max_buy_in:
            raise ValueError(f"buy-in {amount} is above the maximum {self.max_buy_in}")
        return amount

    def check_seats(self, players: int) -> int:
        """Return ``players`` if the table seats that many, else raise ValueError.

        >>> PRESETS["1/2"].check_seats(9)
        Traceback (most recent call last):
        ...
        ValueError: 9 players: a stud table seats 2..8
        """
        _whole("players", players)
        if not MIN_SEATS <= players <= self.max_seats:
            raise ValueError(f"{players} players: a stud table seats {MIN_SEATS}..{self.max_seats}")
        return players


#: How a rake that is not a whole number of units is rounded: "down" (to the unit below: the
#: "$0.01 for each $0.20 in the pot" of most rooms' posted rake tables), "half_even" (to the
#: nearest, a half to the even unit: PokerStars' "true percentage rake"), "half_up" (to the
#: nearest, a half up), "up".
RAKE_ROUNDING = ("down", "half_even", "half_up", "up")


#: The finest rake percentage: its denominator at most this (12 decimal places, or a fraction
#: such as 10/3), so that no percentage's exact arithmetic or text grows without bound.
MAX_RAKE_DENOMINATOR = 10**12
#: The longest percentage given as text.
MAX_RAKE_TEXT = 64
_PERCENT_TEXT = re.compile(
    r"\s*(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?\s*\Z|\s*[0-9]+\s*/\s*[0-9]+\s*\Z", re.ASCII
)


def _percent(value: object) -> Fraction:
    """A percentage, exactly: an int, a Fraction, a Decimal, a decimal string ("4.15") or a
    float (read as its shortest decimal text, so 4.15 is 415/100). Its size is checked before
    any arithmetic: text of ASCII digits at most :data:`MAX_RAKE_TEXT` long, an exponent of at
    most three digits, a denominator at most :data:`MAX_RAKE_DENOMINATOR`.

    >>> _percent("1e-999999")
    Traceback (most recent call last):
    ...
    ValueError: rake percent '1e-999999' must be a number from 0 to 100
    >>> _percent("1e-50")
    Traceback (most recent call last):
    ...
    ValueError: rake percent '1e-50' must be a number from 0 to 100 in ASCII digits, at most 12 decimal places
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal, Fraction)):
        raise TypeError(f"rake percent must be a number such as 5 or '4.15', got {value!r}")
    refused = ValueError(
        f"rake percent {value!r} must be a number from 0 to 100 in ASCII digits, at most 12 decimal places"
    )
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"rake percent {value!r} must be a number from 0 to 100")
    if isinstance(value, str) and (len(value) > MAX_RAKE_TEXT or not _PERCENT_TEXT.match(value)):
        raise ValueError(f"rake percent {value[:MAX_RAKE_TEXT]!r} must be a number from 0 to 100")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError(f"rake percent {value!r} must be a number from 0 to 100")
    if isinstance(value, (str, Decimal)) and "/" not in str(value):
        d = Decimal(value)  # the exponent checked before the exact fraction is made
        if d.as_tuple().exponent < -12 or d.adjusted() > 3:  # type: ignore[operator]
            raise refused
    if isinstance(value, int) and not 0 <= value <= 100:
        raise ValueError(f"rake percent {value!r} must be a number from 0 to 100")
    try:
        exact = Fraction(repr(value) if isinstance(value, float) else value)
    except (ValueError, ZeroDivisionError, ArithmeticError):
        raise ValueError(f"rake percent {value!r} must be a number from 0 to 100") from None
    if not 0 <= exact <= 100:
        raise ValueError(f"rake percent {value!r} must be a number from 0 to 100")
    if exact.denominator > MAX_RAKE_DENOMINATOR:
        raise refused
    return exact


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's rake: ``percent`` of each hand's pot, taken before the winners are paid.

    The pot is what the hand's pots hold once uncalled chips are given back (the main and side
    pots together). Its ``percent`` is rounded to whole ``unit`` s of chips by ``rounding``
    (:data:`RAKE_ROUNDING`: "down" by default) and capped at ``cap`` chips (None: no cap).
    ``first_round_free``: no rake when the hand ends on the first betting round (before fourth
    street in seven card stud, third in five card stud; PokerStars' "no flop, no drop").
    ``min_pot``: no rake on a pot smaller than this. Percentages are exact (``"4.15"`` is
    415/10000 of the pot, not a float). The rake is taken from the main pot first, then from
    each side pot in turn (the dealer drops it from the pot as it builds; docs/table-rules.md),
    or, ``proportional``, out of every pot in proportion to its size (as the sites take it).

    >>> r = Rake(5, cap=300)
    >>> r.of(1234), r.of(10_000), r.of(19)
    (61, 300, 0)
    >>> Rake("4.15", rounding="half_even").of(1000), Rake(5, unit=5).of(199)  # $0.05 per $1.00
    (42, 5)
    >>> Rake(5, first_round_free=True).of(100, first_round=True)
    0
    >>> Rake(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: rake percent nan must be a number from 0 to 100
    """

    percent: Fraction | int | float | str | Decimal
    cap: int | None = None
    rounding: str = "down"
    unit: int = 1
    first_round_free: bool = False
    min_pot: int = 0
    proportional: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "percent", _percent(self.percent))
        if not isinstance(self.proportional, bool):
            raise TypeError(f"proportional must be True or False, got {self.proportional!r}")
        if self.cap is not None:
            _whole("rake cap", self.cap)
            if not 0 <= self.cap <= MAX_CHIPS:
                raise ValueError(f"rake cap {self.cap} must be 0..{MAX_CHIPS} chips (None: no cap)")
        if self.rounding not in RAKE_ROUNDING:
            raise ValueError(f"rake rounding {self.rounding!r} must be one of {RAKE_ROUNDING}")
        _whole("rake unit", self.unit)
        if not 1 <= self.unit <= MAX_CHIPS:
            raise ValueError(f"rake unit {self.unit} must be 1..{MAX_CHIPS} chips")
        if not isinstance(self.first_round_free, bool):
            raise TypeError(f"first_round_free must be True or False, got {self.first_round_free!r}")
        _whole("rake min_pot", self.min_pot)
        if not 0 <= self.min_pot <= MAX_CHIPS:
            raise ValueError(f"rake min_pot {self.min_pot} must be 0..{MAX_CHIPS} chips")

    @property
    def percent_text(self) -> str:
        """The percentage as exact text: a decimal where it has one ("4.15"), else "p/q".

        >>> Rake("4.150").percent_text, Rake(Fraction(10, 3)).percent_text
        ('4.15', '10/3')
        """
        p = Fraction(self.percent)
        rest = p.denominator
        for prime in (2, 5):
            while rest % prime == 0:
                rest //= prime
        if rest != 1:  # no decimal ends: a fraction
            return str(p)
        return str(Decimal(p.numerator) / Decimal(p.denominator))

    def of(self, pot: int, *, first_round: bool = False) -> int:
        """The rake of a hand whose pots hold ``pot`` chips in all; ``first_round``: the hand
        ended on the first betting round. Never more than the pot.

        >>> Rake(10, rounding="up").of(11), Rake(10, rounding="half_up").of(15), Rake(10, rounding="half_even").of(15)
        (2, 2, 2)
        """
        _whole("pot", pot)
        if pot < 0:
            raise ValueError(f"pot {pot} must not be negative")
        if pot < self.min_pot or (first_round and self.first_round_free):
            return 0
        units = Fraction(pot) * Fraction(self.percent) / 100 / self.unit
        whole, part = divmod(units, 1)
        if part and (
            self.rounding == "up"
            or (self.rounding == "half_up" and part >= Fraction(1, 2))
            or (self.rounding == "half_even" and (part > Fraction(1, 2) or (part == Fraction(1, 2) and whole % 2)))
        ):
            whole += 1
        rake = int(whole) * self.unit
        if self.cap is not None:
            rake = min(rake, self.cap)
        return min(rake, pot)


@dataclass(frozen=True)
class PrintedRake:
    """The rake a site printed for one hand, in chips: what its history's replay takes out of
    the pots before paying them, as the sites do (../shared/histories/FORMATS.md): out of every
    pot in proportion to its size (:func:`~studeval.game.pots.take_rake`), never more than the
    pots hold.

    >>> PrintedRake(7).of(150), PrintedRake(7).of(5)
    (7, 5)
    >>> PrintedRake(-1)
    Traceback (most recent call last):
    ...
    ValueError: printed rake -1 must be 0..1000000000000000 chips
    """

    chips: int
    proportional = True

    def __post_init__(self) -> None:
        _whole("printed rake", self.chips)
        if not 0 <= self.chips <= MAX_CHIPS:
            raise ValueError(f"printed rake {self.chips} must be 0..{MAX_CHIPS} chips")

    def of(self, pot: int, *, first_round: bool = False) -> int:
        """The chips taken from a hand whose pots hold ``pot`` in all (``first_round`` does not matter)."""
        return min(self.chips, pot)


#: Named structures, amounts in cents, in the shape of the seven card stud room rules'
#: tables (buy-in = 10 big bets minimum, 100 big bets maximum).
PRESETS: dict[str, Structure] = {
    "0.10/0.20": Structure(ante=2, bring_in=5, small_bet=10, big_bet=20, min_buy_in=100, max_buy_in=2000),
    "0.25/0.50": Structure(ante=5, bring_in=10, small_bet=25, big_bet=50, min_buy_in=250, max_buy_in=5000),
    "0.50/1": Structure(ante=10, bring_in=25, small_bet=50, big_bet=100, min_buy_in=500, max_buy_in=10000),
    "1/2": Structure(ante=20, bring_in=50, small_bet=100, big_bet=200, min_buy_in=1000, max_buy_in=20000),
    "5/10": Structure(ante=100, bring_in=250, small_bet=500, big_bet=1000, min_buy_in=5000, max_buy_in=100000),
    "10/20": Structure(ante=200, bring_in=500, small_bet=1000, big_bet=2000, min_buy_in=10000, max_buy_in=200000),
}
