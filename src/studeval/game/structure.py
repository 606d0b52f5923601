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

from dataclasses import dataclass

__all__ = ["MAX_CHIPS", "MAX_SEATS", "MIN_SEATS", "PRESETS", "Structure"]

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
