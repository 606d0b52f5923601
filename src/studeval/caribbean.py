"""The banked game of 004_2e8bdccccfc13083.txt: "5 Card Stud Poker", Caribbean Stud style.

Each player antes and gets five cards; the dealer gets five, one of them face up. A player may
first change one card (a wager equal to the ante, collected, buys a card from the stub), then
folds (losing the ante) or raises twice the ante. The dealer qualifies with ace-king or better.
If he does not, the ante wins even money and the raise pushes; if he does, the better hand
wins: the ante even money and the raise by the pay table (each bet's win capped by the
maximum payout), ties push. After a change, royal flush, straight flush and four of a kind pay
half.

* :func:`settle` settles one hand; :class:`Table` deals rounds for up to seven seats, with
  the dead-hand and misdeal rules, hands killed for a player violation
  (:meth:`Round.kill_hand`) and hold cards exposed before "No More Bets"
  (:meth:`Round.expose_hold_card`).
* :func:`advise` gives the exact expected value of folding, raising and every one-card
  change for a hand against a dealer up card.
* :func:`analyze` computes the exact house edge, element of risk and return table over every
  deal (suit symmetry and inclusion-exclusion in :mod:`studeval._caribbean`).

>>> a = advise("As Kd Qh 7c 3s", dealer="9h", one_card_change=False)
>>> a.best, round(a.raise_ev, 4), a.fold_ev
('fold', -1.017, -1.0)
>>> s = settle("Ah Ad 7c 5s 2d", "Kc Kd 9h 4s 3c", ante=10, raised=True)
>>> s.outcome, s.net
('player wins', 30)
"""

from __future__ import annotations

import itertools
import math
import random
import secrets
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from studeval.cards import CardsLike, format_card, format_cards, parse_card, parse_cards
from studeval.evaluate import HandCategory, category, evaluate, evaluate_batch

__all__ = [
    "MAX_PAYOUT",
    "PAY_LINES",
    "QUALIFYING_VALUE",
    "STANDARD_PAYTABLE",
    "Advice",
    "Analysis",
    "Outcome",
    "PayTable",
    "Round",
    "Settlement",
    "Table",
    "advise",
    "analyze",
    "dealer_qualifies",
    "pay_line",
    "settle",
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
_HALVED_AFTER_CHANGE = ("four_of_a_kind", "straight_flush", "royal_flush")
_LINE_NAMES = (
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
_PAIR_VALUE = 1278  # the lowest one pair
_ROYAL_VALUE = 7462
#: The maximum payout per bet of 004 (5,000 Euro).
MAX_PAYOUT = 5000
SEATS = 7

#: What a pay accepts: a number, or its text ("7", "2.5", "5/2").
PayValue = int | float | Fraction | str
#: What an amount of money (an ante, the maximum payout) accepts.
Amount = int | float | Fraction


def _number(value: object, what: str, *, positive: bool = False) -> Fraction:
    """A finite non-negative (or positive) number as an exact Fraction."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, str)):
        raise ValueError(f"{what} must be a number, got {value!r}")
    try:
        number = Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ValueError(f"{what} must be a finite number, got {value!r}") from None
    if number < 0 or (positive and number == 0):
        raise ValueError(f"{what} must be {'positive' if positive else 'non-negative'}, got {value!r}")
    return number


def _money(value: Fraction) -> int | float:
    """An exact amount as an int when whole, else a float."""
    return int(value) if value.denominator == 1 else float(value)


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
            object.__setattr__(self, name, _number(raw, f"the pay for {name.replace('_', ' ')}"))

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
        values = list(spec)
        if len(values) == 9:
            return cls(**dict(zip(PAY_LINES[1:], values)))
        if len(values) == 10:  # high_card first, as in PAY_LINES
            return cls(**dict(zip(PAY_LINES, values)))
        raise ValueError(f"a pay table needs 9 pays (pair .. royal_flush) or 10 (high_card first), got {len(values)}")

    def pays(self, line: str, *, changed: bool = False) -> Fraction:
        """The pay of one line, halved after a change for quads and straight flushes.

        >>> PayTable.standard().pays("four_of_a_kind", changed=True)
        Fraction(10, 1)
        """
        if line not in PAY_LINES:
            raise ValueError(f"unknown pay line {line!r}")
        value = getattr(self, line)
        return value / 2 if changed and line in _HALVED_AFTER_CHANGE else value

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
        return {name: _money(getattr(self, name)) for name in PAY_LINES}


#: What the functions taking a pay table accept: a table, its text, or its pays by name or
#: in order (see :meth:`PayTable.parse`).
PayTableLike = PayTable | str | Mapping[str, PayValue] | Sequence[PayValue]

STANDARD_PAYTABLE = PayTable.standard()


def pay_line(value: int) -> str:
    """The pay-table row of a hand value.

    >>> pay_line(evaluate("As Ks Qs Js Ts")), pay_line(evaluate("As Kd 9c 5h 3s"))
    ('royal_flush', 'high_card')
    """
    if value == _ROYAL_VALUE:
        return "royal_flush"
    return PAY_LINES[int(category(value))]


def dealer_qualifies(hand: CardsLike) -> bool:
    """Whether the dealer's five cards are ace-king or better.

    >>> dealer_qualifies("As Kd 4c 3h 2s"), dealer_qualifies("As Qd Jc 9h 8s")
    (True, False)
    """
    return _hand_value(hand, "dealer") >= QUALIFYING_VALUE


def _hand_value(cards: CardsLike, who: str) -> int:
    parsed = parse_cards(cards)
    if len(parsed) != 5:
        raise ValueError(f"the {who}'s hand must have 5 cards, got {len(parsed)}")
    return evaluate(parsed)


# ---------------------------------------------------------------------------------------------
# Settlement


@dataclass(frozen=True)
class Settlement:
    """The result of one player's hand; amounts are won (+) or lost (-), by bet.

    ``outcome`` is one of: fold, dealer does not qualify, player wins, dealer wins, push,
    dead hand (the wrong number of cards: the ante and raise push), forfeit (a hand killed for
    a player violation: every wager placed is lost), void (a dealer misdeal or an exposed hold
    card: every wager is returned).
    """

    outcome: str
    ante: int | float
    raise_bet: int | float
    change: int | float
    player_value: int | None = None
    dealer_value: int | None = None

    @property
    def net(self) -> int | float:
        """All bets together.

        >>> Settlement("fold", -5, 0, 0).net
        -5
        """
        return _money(Fraction(self.ante) + Fraction(self.raise_bet) + Fraction(self.change))


def settle(
    player: CardsLike,
    dealer: CardsLike,
    *,
    ante: Amount = 1,
    raised: bool,
    changed: bool = False,
    paytable: PayTableLike | None = None,
    max_payout: Amount = MAX_PAYOUT,
) -> Settlement:
    """Settle one player against the dealer.

    ``raised`` is the player's decision (False: fold); ``changed`` says the player bought a
    card (the change wager, equal to the ante, is lost either way, and royal flush, straight
    flush and four of a kind pay half). Each bet's win is capped at ``max_payout``. A player
    hand without exactly five cards is dead: ante and raise push (a change wager already
    collected stays collected). The dealer must hold five cards (see :class:`Round` for the
    misdeal rules).

    >>> settle("As Ah Kc Kd 2s", "Qs Qh 9c 8d 3s", ante=5, raised=True).net   # two pair: 5 + 2*10
    25
    >>> settle("As Ah Kc Kd 2s", "Qs Jh 9c 8d 3s", ante=5, raised=True).outcome
    'dealer does not qualify'
    >>> settle("As Ah 7c 5d 2s", "Ks Kh 9c 8d 3s", ante=100, raised=True, max_payout=150).raise_bet
    150
    """
    ante_f = _number(ante, "the ante", positive=True)
    cap = _number(max_payout, "the maximum payout", positive=True)
    table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
    fee = -ante_f if changed else Fraction(0)
    dealer_value = _hand_value(dealer, "dealer")
    cards = parse_cards(player)
    if set(cards) & set(parse_cards(dealer)):
        raise ValueError("the player and the dealer hold the same card")
    if len(cards) != 5:
        return Settlement("dead hand", 0, 0, _money(fee), None, dealer_value)
    value = evaluate(cards)
    if not raised:
        return Settlement("fold", _money(-ante_f), 0, _money(fee), value, dealer_value)
    bet = 2 * ante_f
    if dealer_value < QUALIFYING_VALUE:
        return Settlement("dealer does not qualify", _money(min(ante_f, cap)), 0, _money(fee), value, dealer_value)
    if value > dealer_value:
        win = min(bet * table.pays(pay_line(value), changed=changed), cap)
        return Settlement("player wins", _money(min(ante_f, cap)), _money(win), _money(fee), value, dealer_value)
    if value < dealer_value:
        return Settlement("dealer wins", _money(-ante_f), _money(-bet), _money(fee), value, dealer_value)
    return Settlement("push", 0, 0, _money(fee), value, dealer_value)


# ---------------------------------------------------------------------------------------------
# The table


@dataclass
class Seat:
    """One player's place in a round; ``violation`` is why the hand was killed, if it was."""

    ante: Fraction
    cards: list[int]
    changed: bool = False
    decision: str | None = None  # "raise" or "fold"
    violation: str | None = None

    @property
    def dead(self) -> bool:
        """The wrong number of cards (pushes) or killed for a violation (forfeits)."""
        return len(self.cards) != 5 or self.violation is not None


class Round:
    """One deal at the table: seats' hands, the dealer's hand with one card up, the stub.

    Build one with :meth:`Table.deal`, or from given cards with :meth:`Round.from_cards` (to
    replay a deal or a misdeal). Then :meth:`change` (at most once per seat, before deciding),
    :meth:`decide`, and :meth:`settle`. The table may :meth:`kill_hand` a seat for a player
    violation (the seat forfeits its wagers), or record with :meth:`expose_hold_card` a dealer
    hold card exposed before "No More Bets" (every hand is void).

    >>> r = Round.from_cards({1: "As Ah Kc Kd 2s"}, "Qs Qh 9c 8d 3s", antes={1: 5}, stub="7h 7d")
    >>> r.decide(1, "raise")
    >>> r.settle()[1].net
    25
    """

    def __init__(
        self,
        hands: Mapping[int, Sequence[int]],
        dealer: Sequence[int],
        antes: Mapping[int, Fraction],
        stub: list[int],
        *,
        paytable: PayTable,
        max_payout: Fraction,
        one_card_change: bool = True,
    ) -> None:
        self.paytable = paytable
        self.max_payout = max_payout
        self.one_card_change = one_card_change
        self.stub = list(stub)
        self.seats = {seat: Seat(antes[seat], list(hands[seat])) for seat in sorted(hands)}
        dealer = list(dealer)
        # 004: a dealer dealt four cards gets a fifth; any other dealer misdeal voids all hands
        if len(dealer) == 4 and self.stub:
            dealer.append(self.stub.pop(0))
        #: Why every hand is void ("dealer misdeal", "hold card exposed"), or None.
        self.void_reason: str | None = "dealer misdeal" if len(dealer) != 5 else None
        #: The dealer's hold card exposed before "No More Bets", if one was.
        self.exposed_hold_card: int | None = None
        self.dealer = dealer
        self.settled: dict[int, Settlement] | None = None

    @property
    def voided(self) -> bool:
        """Whether every hand is void (a dealer misdeal or an exposed hold card): all push."""
        return self.void_reason is not None

    @classmethod
    def from_cards(
        cls,
        hands: Mapping[int, CardsLike],
        dealer: CardsLike,
        *,
        antes: Mapping[int, Amount],
        stub: CardsLike = (),
        paytable: PayTableLike | None = None,
        max_payout: Amount = MAX_PAYOUT,
        one_card_change: bool = True,
    ) -> Round:
        """A round from the cards as they were dealt (any count: dead hands and misdeals apply).

        >>> Round.from_cards({1: "As Ah Kc Kd 2s"}, "Qs Qh 9c", antes={1: 1}).voided
        True
        """
        parsed = {_seat_number(s): parse_cards(c) for s, c in hands.items()}
        antes_f = {_seat_number(s): _number(a, f"the ante of seat {s}", positive=True) for s, a in antes.items()}
        if set(parsed) != set(antes_f):
            raise ValueError("every seat with cards needs an ante, and only those")
        dealer_cards = parse_cards(dealer)
        stub_cards = parse_cards(stub)
        everything = [c for cs in parsed.values() for c in cs] + dealer_cards + stub_cards
        if len(set(everything)) != len(everything):
            dup = next(c for c in everything if everything.count(c) > 1)
            raise ValueError(f"card {format_card(dup)} is dealt twice")
        return cls(
            parsed,
            dealer_cards,
            antes_f,
            stub_cards,
            paytable=STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable),
            max_payout=_number(max_payout, "the maximum payout", positive=True),
            one_card_change=one_card_change,
        )

    @property
    def dealer_up(self) -> int | None:
        """The dealer's face-up card (None when the deal is void)."""
        return None if self.voided else self.dealer[0]

    def _seat(self, seat: int) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"a seat is a number 1..{SEATS}, got {seat!r}")
        if seat not in self.seats:
            raise ValueError(f"no player at seat {seat}")
        if self.voided:
            raise ValueError(f"the deal is void ({self.void_reason}): all hands push")
        if self.settled is not None:
            raise ValueError("the round is already settled")
        return self.seats[seat]

    def _playing_seat(self, seat: int, action: str) -> Seat:
        """A seat that may still act: not killed for a violation."""
        state = self._seat(seat)
        if state.violation is not None:
            raise ValueError(f"seat {seat}'s hand is dead ({state.violation}): it cannot {action}")
        return state

    def change(self, seat: int, card: str | int) -> int:
        """Change one card of a seat's hand for the next card of the stub; the change wager
        (equal to the ante) is collected. Returns the new card.

        >>> r = Round.from_cards({1: "As Ah Kc Kd 2s"}, "Qs Qh 9c 8d 3s", antes={1: 5}, stub="7h 7d")
        >>> format_card(r.change(1, "2s")), r.seats[1].changed
        ('7h', True)
        """
        state = self._playing_seat(seat, "change a card")
        if not self.one_card_change:
            raise ValueError("this table does not offer the one-card change")
        if state.changed:
            raise ValueError(f"seat {seat} has already changed a card")
        if state.decision is not None:
            raise ValueError(f"seat {seat} has already decided")
        if state.dead:
            raise ValueError(f"seat {seat} has a dead hand")
        old = parse_card(card)
        if old not in state.cards:
            raise ValueError(f"seat {seat} does not hold {format_card(old)}")
        if not self.stub:
            raise ValueError("the stub is empty")
        new = self.stub.pop(0)
        state.cards[state.cards.index(old)] = new
        state.changed = True
        return new

    def decide(self, seat: int, decision: str | bool) -> None:
        """Raise (True / "raise") or fold (False / "fold")."""
        state = self._playing_seat(seat, "decide")
        if state.decision is not None:
            raise ValueError(f"seat {seat} has already decided")
        if state.dead:
            raise ValueError(f"seat {seat} has a dead hand: it takes no decision")
        if isinstance(decision, str):
            if decision.lower() not in ("raise", "fold"):
                raise ValueError(f"a decision is 'raise' or 'fold', got {decision!r}")
            decision = decision.lower() == "raise"
        state.decision = "raise" if decision else "fold"

    def settle(self) -> dict[int, Settlement]:
        """Settle every seat (a seat that has not decided folds).

        >>> r = Round.from_cards({1: "As Ah Kc Kd 2s", 2: "3c"}, "Qs Qh 9c 8d", antes={1: 1, 2: 1},
        ...                      stub="Jd 7s")
        >>> format_cards(r.dealer)   # dealt four cards: the dealer takes a fifth from the stub
        'Qs Qh 9c 8d Jd'
        >>> r.decide(1, "raise")
        >>> [(s, x.outcome, x.net) for s, x in r.settle().items()]
        [(1, 'player wins', 5), (2, 'dead hand', 0)]
        """
        if self.settled is not None:
            return self.settled
        out: dict[int, Settlement] = {}
        for seat, state in self.seats.items():
            if state.violation is not None:  # the forfeit stands, even if the deal is voided later
                out[seat] = self._forfeit(state)
                continue
            if self.voided:
                out[seat] = Settlement("void", 0, 0, 0)
                continue
            out[seat] = settle(
                state.cards,
                self.dealer,
                ante=state.ante,
                raised=state.decision == "raise",
                changed=state.changed,
                paytable=self.paytable,
                max_payout=self.max_payout,
            )
        self.settled = out
        return out

    def _forfeit(self, state: Seat) -> Settlement:
        """A killed hand loses every wager it placed: the ante, the raise, the change wager."""
        return Settlement(
            "forfeit",
            _money(-state.ante),
            _money(-2 * state.ante) if state.decision == "raise" else 0,
            _money(-state.ante) if state.changed else 0,
            evaluate(state.cards) if len(state.cards) == 5 else None,
            evaluate(self.dealer),
        )

    def kill_hand(self, seat: int, reason: str = "player violation") -> None:
        """Declare a seat's hand dead for a player violation (004: "Player violation will
        result in a dead hand and forfeiture of all wagers"), e.g. exchanging information about
        the hand or touching the cards once placed. The seat loses its ante and whatever raise
        and change wager it has placed, whatever the cards (a hand already dead for the wrong
        number of cards, which would push, forfeits its ante too); it takes no further part.
        Other seats play on. Allowed at any time before :meth:`settle`, once per seat, and not
        on a void round.

        >>> r = Round.from_cards({1: "As Ah Ac Kd 2s", 2: "9s 9d 4c 3h 2h"}, "Qs Qh 9c 8d 3s",
        ...                      antes={1: 5, 2: 5})
        >>> r.decide(1, "raise")
        >>> r.kill_hand(1, "touched the cards after placing them")
        >>> r.decide(2, "raise")
        >>> [(s, x.outcome, x.net) for s, x in r.settle().items()]
        [(1, 'forfeit', -15), (2, 'dealer wins', -15)]
        """
        if not isinstance(reason, str) or not reason.strip():
            raise ValueError(f"give the violation as text, got {reason!r}")
        state = self._seat(seat)
        if state.violation is not None:
            raise ValueError(f"seat {seat}'s hand is already dead ({state.violation})")
        state.violation = reason.strip()

    def expose_hold_card(self, card: str | int) -> None:
        """Record one of the dealer's four hold cards exposed before "No More Bets": 004 voids
        all hands. Every wager is returned and the round takes no further play (:meth:`change`,
        :meth:`decide`, :meth:`kill_hand` raise); :meth:`settle` gives every hand in play a void,
        net 0.

        Before "No More Bets" only the antes are on the table, so the exposure is accepted only
        while no seat has changed a card or decided (a change wager or a fold or raise means
        play has begun); after that 004 does not void the hands and this refuses. A hand already
        killed for a violation stays forfeit: a dealer's error does not undo a player's penalty.

        >>> r = Round.from_cards({1: "As Ah Ac Kd 2s", 2: "9s 9d 4c 3h 2h"}, "Qs Qh 9c 8d 3s",
        ...                      antes={1: 5, 2: 10})
        >>> r.expose_hold_card("9c")
        >>> r.voided, r.void_reason, r.dealer_up
        (True, 'hold card exposed', None)
        >>> [(s, x.outcome, x.net) for s, x in r.settle().items()]
        [(1, 'void', 0), (2, 'void', 0)]
        >>> r.decide(1, "raise")
        Traceback (most recent call last):
        ...
        ValueError: the deal is void (hold card exposed): all hands push
        """
        exposed = parse_card(card)
        if self.voided:
            raise ValueError(f"the deal is already void ({self.void_reason})")
        if self.settled is not None:
            raise ValueError("the round is already settled")
        if exposed == self.dealer[0]:
            raise ValueError(f"{format_card(exposed)} is the dealer's up card, not a hold card")
        if exposed not in self.dealer:
            raise ValueError(f"{format_card(exposed)} is not one of the dealer's hold cards "
                             f"({format_cards(self.dealer[1:])})")
        acted = next((s for s, st in self.seats.items() if st.changed or st.decision is not None), None)
        if acted is not None:
            raise ValueError(f"seat {acted} has already played, so \"No More Bets\" has been announced: "
                             "only a hold card exposed before it voids the hands")
        self.exposed_hold_card = exposed
        self.void_reason = "hold card exposed"


def _seat_number(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= SEATS:
        raise ValueError(f"a seat is 1..{SEATS}, got {seat!r}")
    return seat


class Table:
    """A table of up to seven seats against the dealer.

    Shuffles with the operating system's secure random source, or reproducibly from ``seed``.

    >>> t = Table(seed=7)
    >>> r = t.deal({1: 10, 4: 10})
    >>> sorted(r.seats), len(r.seats[1].cards), r.dealer_up is not None
    ([1, 4], 5, True)
    """

    def __init__(
        self,
        *,
        paytable: PayTableLike | None = None,
        max_payout: Amount = MAX_PAYOUT,
        one_card_change: bool = True,
        seed: int | None = None,
    ) -> None:
        self.paytable = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
        self.max_payout = _number(max_payout, "the maximum payout", positive=True)
        self.one_card_change = one_card_change
        self._rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()

    def deal(self, antes: Mapping[int, Amount]) -> Round:
        """Shuffle and deal: five cards to each seat with an ante, then five to the dealer,
        whose first card is turned up."""
        if not antes:
            raise ValueError("nobody has placed an ante")
        antes_f = {_seat_number(s): _number(a, f"the ante of seat {s}", positive=True) for s, a in antes.items()}
        deck = list(range(52))
        self._rng.shuffle(deck)
        hands = {}
        for seat in sorted(antes_f):
            hands[seat], deck = deck[:5], deck[5:]
        dealer, stub = deck[:5], deck[5:]
        return Round(
            hands, dealer, antes_f, stub, paytable=self.paytable, max_payout=self.max_payout,
            one_card_change=self.one_card_change,
        )


# ---------------------------------------------------------------------------------------------
# Advice


@dataclass(frozen=True)
class Advice:
    """Exact expected values (in antes, per hand) of each play; ``best`` is the best play:
    "fold", "raise" or "change Xx" (then fold or raise as the new card says)."""

    player: str
    dealer_up: str
    fold_ev: float
    raise_ev: float
    change_evs: dict[str, float]
    best: str
    best_ev: float
    exact: dict[str, Fraction] = field(repr=False, compare=False, default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form.

        >>> sorted(advise("2c 3d 4h 5s 7c", dealer="Ah", one_card_change=False).to_dict())
        ['best', 'best_ev', 'change_evs', 'dealer_up', 'fold_ev', 'player', 'raise_ev']
        """
        return {
            "player": self.player,
            "dealer_up": self.dealer_up,
            "fold_ev": self.fold_ev,
            "raise_ev": self.raise_ev,
            "change_evs": dict(self.change_evs),
            "best": self.best,
            "best_ev": self.best_ev,
        }


@lru_cache(maxsize=8)
def _four_subsets(n: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """All 4-subsets of range(n) as rows, and for each k the rows that hold k."""
    rows = np.array(list(itertools.combinations(range(n), 4)), dtype=np.intp).reshape(-1, 4)
    holding = [np.nonzero((rows == k).any(axis=1))[0] for k in range(n)]
    return rows, holding


def _deck_of(ranks: Iterable[int | str] | None) -> list[int]:
    """The cards of a deck restricted to some ranks (all 52 by default)."""
    if ranks is None:
        return list(range(52))
    chosen = set()
    for r in ranks:
        if isinstance(r, str):
            if len(r) != 1 or r.upper() not in "23456789TJQKA":
                raise ValueError(f"unknown rank {r!r}")
            r = "23456789TJQKA".index(r.upper())
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r <= 12:
            raise ValueError(f"unknown rank {r!r}: use 0..12 or '2'..'A'")
        chosen.add(r)
    if len(chosen) < 3:
        raise ValueError("a deck needs at least three ranks")
    return [4 * r + s for r in sorted(chosen) for s in range(4)]


def _raise_total(pay: Fraction, total: int, nq: int, lt: int, eq: int) -> Fraction:
    """Raise result summed over ``total`` dealer hands (nq not qualifying, lt beaten, eq tied)."""
    gt = total - nq - lt - eq
    return nq + lt * (1 + 2 * pay) - 3 * gt


def _counts_below(sorted_values: np.ndarray, t: int) -> int:
    return int(np.searchsorted(sorted_values, t, side="left"))


def advise(
    player: CardsLike,
    dealer: CardsLike,
    *,
    paytable: PayTableLike | None = None,
    one_card_change: bool = True,
    ranks: Iterable[int | str] | None = None,
) -> Advice:
    """Exact EVs of folding, raising and each one-card change, counting every dealer hand and
    replacement card (the dealer's four hidden cards and the new card come from the cards not
    seen). ``ranks`` restricts the deck (for checks against brute force).

    >>> a = advise("5d 9c 2s 6s 9d", dealer="8h")
    >>> a.best, round(a.raise_ev, 4), round(a.change_evs["2s"], 4)
    ('raise', 0.8484, 0.2641)
    >>> advise("As Kd", dealer="9h")
    Traceback (most recent call last):
    ...
    ValueError: the player's hand must have 5 cards, got 2
    """
    table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
    hand = parse_cards(player)
    if len(hand) != 5:
        raise ValueError(f"the player's hand must have 5 cards, got {len(hand)}")
    up_cards = parse_cards(dealer)
    if len(up_cards) != 1:
        raise ValueError(f"give exactly one dealer up card, got {len(up_cards)}")
    up = up_cards[0]
    if up in hand:
        raise ValueError(f"the dealer's up card {format_card(up)} is also in the player's hand")
    deck = _deck_of(ranks)
    missing = [c for c in hand + [up] if c not in deck]
    if missing:
        raise ValueError(f"card {format_card(missing[0])} is not in the deck")
    unseen = np.array([c for c in deck if c not in hand and c != up], dtype=np.uint8)
    n = len(unseen)
    rows, holding = _four_subsets(n)
    dealer_hands = np.empty((len(rows), 5), dtype=np.uint8)
    dealer_hands[:, 0] = up
    dealer_hands[:, 1:] = unseen[rows]
    values = evaluate_batch(dealer_hands).astype(np.int32)
    all_sorted = np.sort(values)
    total = len(values)
    q = QUALIFYING_VALUE

    def counts(p: int, with_card: np.ndarray | None) -> tuple[int, int, int, int]:
        def below(t: int) -> int:
            c = _counts_below(all_sorted, t)
            if with_card is not None:
                c -= _counts_below(with_card, t)
            return c

        size = total - (0 if with_card is None else len(with_card))
        nq = below(q)
        if p < q:
            return size, nq, 0, 0
        return size, nq, below(p) - nq, below(p + 1) - below(p)

    p = evaluate(hand)
    size, nq, lt, eq = counts(p, None)
    raise_ev = _raise_total(table.pays(pay_line(p)), size, nq, lt, eq) / size
    exact: dict[str, Fraction] = {"fold": Fraction(-1), "raise": raise_ev}
    if one_card_change:
        per_card = [np.sort(values[holding[k]]) for k in range(n)]
        for d in hand:
            acc = Fraction(0)
            for k in range(n):
                final = [c for c in hand if c != d] + [int(unseen[k])]
                pv = evaluate(final)
                size, nq, lt, eq = counts(pv, per_card[k])
                r = _raise_total(table.pays(pay_line(pv), changed=True), size, nq, lt, eq) / size
                acc += max(Fraction(-1), r)
            exact[f"change {format_card(d)}"] = -1 + acc / n
    best = max(exact, key=lambda k: (exact[k], k == "raise", k == "fold"))
    return Advice(
        player=format_cards(hand),
        dealer_up=format_card(up),
        fold_ev=-1.0,
        raise_ev=float(raise_ev),
        change_evs={k.split()[1]: float(v) for k, v in exact.items() if k.startswith("change")},
        best=best,
        best_ev=float(exact[best]),
        exact=exact,
    )


# ---------------------------------------------------------------------------------------------
# Exact analysis


@dataclass(frozen=True)
class Outcome:
    """One row of a return table: net result in antes, how many deals, their probability."""

    event: str
    net: Fraction
    combinations: int
    probability: float
    wager: Fraction = Fraction(1)

    def to_dict(self) -> dict[str, object]:
        return {
            "event": self.event,
            "net": _money(self.net),
            "combinations": self.combinations,
            "probability": self.probability,
        }


@dataclass(frozen=True)
class Analysis:
    """The exact return of the game under a strategy, per unit ante."""

    paytable: PayTable
    one_card_change: bool
    strategy: str
    outcomes: list[Outcome]
    total_combinations: int
    expected_value: Fraction
    average_wager: Fraction
    raise_frequency: Fraction
    change_frequency: Fraction
    change_by_category: dict[str, Fraction]
    ties: int
    seconds: float

    @property
    def house_edge(self) -> float:
        """Expected loss per ante."""
        return float(-self.expected_value)

    @property
    def element_of_risk(self) -> float:
        """Expected loss per unit wagered (ante, raise and change)."""
        return float(-self.expected_value / self.average_wager)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "house_edge": self.house_edge,
            "element_of_risk": self.element_of_risk,
            "expected_value": float(self.expected_value),
            "average_wager": float(self.average_wager),
            "raise_frequency": float(self.raise_frequency),
            "change_frequency": float(self.change_frequency),
            "change_by_category": {k: float(v) for k, v in self.change_by_category.items()},
            "total_combinations": self.total_combinations,
            "outcomes": [o.to_dict() for o in self.outcomes],
            "paytable": self.paytable.to_dict(),
            "one_card_change": self.one_card_change,
            "strategy": self.strategy,
            "seconds": round(self.seconds, 3),
        }

    def format(self) -> str:
        """The return table as text."""
        lines = [f"{'Event':<44} {'Net':>7} {'Combinations':>22} {'Probability':>12} {'Return':>10}"]
        for o in self.outcomes:
            ret = float(o.net) * o.probability
            lines.append(f"{o.event:<44} {float(o.net):>7g} {o.combinations:>22,} {o.probability:>12.8f} {ret:>10.6f}")
        lines.append(f"{'Total':<44} {'':>7} {self.total_combinations:>22,} {1:>12.8f} {float(self.expected_value):>10.6f}")
        lines.append("")
        lines.append(f"house edge {self.house_edge:.6%}  element of risk {self.element_of_risk:.6%}  "
                     f"average wager {float(self.average_wager):.6f}  raise {float(self.raise_frequency):.4%}"
                     + (f"  change {float(self.change_frequency):.4%}" if self.one_card_change else ""))
        return "\n".join(lines)


_STRATEGIES = {
    "optimal": (0, 0),
    "pair_or_better": (1, _PAIR_VALUE),
    "ace_king_or_better": (1, QUALIFYING_VALUE),
}


def _events(block: np.ndarray, pays: list[Fraction], *, changed: bool, merge_low: bool) -> list[tuple[str, Fraction, int, Fraction]]:
    """Return-table rows (event, net, combinations, wager) of one accumulator block."""
    fee = Fraction(1) if changed else Fraction(0)
    prefix = "Change: " if changed else ""
    rows: list[tuple[str, Fraction, int, Fraction]] = []
    wins = [int(block[4 + line]) for line in range(10)]
    for line in range(9, -1, -1):
        if line == 0 and merge_low:
            continue
        count = wins[line] + (wins[0] if line == 1 and merge_low else 0)
        name = "pair or less" if line == 1 and merge_low else _LINE_NAMES[line]
        rows.append((f"{prefix}Player wins with {name}", 1 + 2 * pays[line] - fee, count, 3 + fee))
    rows.append((f"{prefix}Dealer doesn't qualify", 1 - fee, int(block[1]), 3 + fee))
    rows.append((f"{prefix}Push", -fee, int(block[2]), 3 + fee))
    rows.append((f"{prefix}Fold", -1 - fee, int(block[0]), 1 + fee))
    rows.append((f"{prefix}Dealer wins", -3 - fee, int(block[3]), 3 + fee))
    return rows


def analyze(
    paytable: PayTableLike | None = None,
    *,
    one_card_change: bool = False,
    strategy: str = "optimal",
    ranks: Iterable[int | str] | None = None,
    threads: int | None = None,
    progress: bool | None = None,
) -> Analysis:
    """Exact return table of the game over every player hand, dealer hand and up card.

    ``strategy`` is "optimal" (the best play for each hand against each up card, including
    the change when ``one_card_change``), "pair_or_better" or "ace_king_or_better" (raise
    with those, never change). ``ranks`` plays with a deck of those ranks only (for checks
    against brute force). Progress goes to stderr when it is a terminal (or ``progress``).

    >>> a = analyze(ranks="TJQKA")
    >>> a.total_combinations, round(a.house_edge, 6)
    (232792560, -2.073641)
    """
    table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
    key = strategy.lower().replace("-", "_").replace(" ", "_")
    if key not in _STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: use one of {', '.join(_STRATEGIES)}")
    if key != "optimal" and one_card_change:
        raise ValueError("the simple strategies never change a card: use them without one_card_change")
    mode, threshold = _STRATEGIES[key]
    deck_list = _deck_of(ranks)
    from studeval import _caribbean as kernel
    from studeval._core import check_threads

    nthreads = check_threads(threads)
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    pays = table.as_list()
    halves = table.as_list(changed=True)
    scale = 1
    for p in pays + halves:
        scale = scale * p.denominator // math.gcd(scale, p.denominator)
    pay_scaled = [int(p * scale) for p in pays]
    half_scaled = [int(p * scale) for p in halves]
    if max(pay_scaled) > 10**9:  # keeps the kernel's int64 sums far from overflow
        raise ValueError("the pay table's pays are too large or too finely divided for the exact analysis")
    deck = np.array(deck_list, dtype=np.uint8)
    hands, orbit = kernel.canonical_hands(deck, 5)
    store = sixes = None
    if one_card_change:
        sixes, _ = kernel.canonical_hands(deck, 6)
        store = kernel.SixCardStore(sixes, kernel.six_card_index(sixes))
    ups = [c for c in deck_list if c & 3 == 0]
    acc = np.zeros(64, dtype=np.int64)
    for step, up in enumerate(ups, 1):
        if show:
            print(f"\rstudeval caribbean: up card {format_card(up)} ({step}/{len(ups)}), "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr, flush=True)
        tables = kernel.UpCardTables(deck, up)
        if store is not None and sixes is not None:  # set exactly when one_card_change
            store.fill(tables, sixes, QUALIFYING_VALUE, nthreads)
        acc += kernel.play_pass(
            tables, store, hands, orbit, deck, pay_scaled, half_scaled, scale, QUALIFYING_VALUE,
            mode, threshold, one_card_change, nthreads,
        )
        del tables
    if show:
        print(f"\rstudeval caribbean: done in {time.perf_counter() - started:.1f} s" + " " * 20, file=sys.stderr)
    n = len(deck_list)
    total = math.comb(n, 5) * (n - 5) * math.comb(n - 6, 4) * ((n - 10) if one_card_change else 1)
    merge = pays[0] == pays[1]
    rows = _events(acc[0:14], pays, changed=False, merge_low=merge)
    if one_card_change:
        rows += _events(acc[14:28], halves, changed=True, merge_low=halves[0] == halves[1])
    counted = sum(r[2] for r in rows)
    if counted != total:  # pragma: no cover - a broken kernel, never a user error
        raise RuntimeError(f"return table counts {counted} deals, expected {total}")
    outcomes = [Outcome(ev, net, c, c / total, wager) for ev, net, c, wager in rows if c]
    ev = sum((o.net * o.combinations for o in outcomes), Fraction(0)) / total
    wager = sum((o.wager * o.combinations for o in outcomes), Fraction(0)) / total
    situations = math.comb(n, 5) * (n - 5)
    cat_all = acc[32:41]
    cat_chg = acc[41:50]
    by_cat = {
        HandCategory(i).name.lower(): Fraction(int(cat_chg[i]), int(cat_all[i]))
        for i in range(9) if cat_all[i]
    } if one_card_change else {}
    return Analysis(
        paytable=table,
        one_card_change=one_card_change,
        strategy=key,
        outcomes=outcomes,
        total_combinations=total,
        expected_value=ev,
        average_wager=wager,
        raise_frequency=sum((Fraction(o.combinations) for o in outcomes if o.wager - (1 if o.event.startswith("Change") else 0) == 3), Fraction(0)) / total,
        change_frequency=Fraction(int(acc[29]), situations),
        change_by_category=by_cat,
        ties=int(acc[30]),
        seconds=time.perf_counter() - started,
    )
