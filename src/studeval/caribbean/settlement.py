"""Settling one player's hand against the dealer (the casino rules' "Rules" and "Pay-out").

The posted rules contradict themselves on a dealer who does not qualify: the pay-out section ("players will receive even
money on their ante bet only") pays every ante that raised; the opening section ("only the ante bets of
players whose hands beat the dealer's get paid") pays only the antes of hands that beat the
dealer's. The default is the pay-out section's (``no_qualify=EVERY_ANTE``), the usual Caribbean Stud rule; the other is
the option ``no_qualify=WINNING_ANTES``: the ante of a hand that beats the dealer wins even
money, a tie pushes, the ante of a hand below the dealer's loses; the raise pushes either way.

>>> settle_hand("Ah Ad 7c 5s 2d", "Kc Qd 9h 4s 3c", ante=10, raised=True).net
10
>>> settle_hand("Kh Kd 7c 5s 2d", "Ac Qd 9h 4s 3c", ante=10, raised=True, no_qualify=WINNING_ANTES).net
10
>>> settle_hand("Jh Td 7c 5s 2d", "Ac Qd 9h 4s 3c", ante=10, raised=True, no_qualify=WINNING_ANTES).net
-10
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from studeval.cards import CardsLike, parse_cards
from studeval.caribbean.money import Amount, as_number, parse_amount, payout_cap
from studeval.caribbean.paytable import (
    QUALIFYING_VALUE,
    STANDARD_PAYTABLE,
    PayTable,
    PayTableLike,
    hand_value,
    pay_line,
)
from studeval.evaluate import evaluate

__all__ = [
    "EVERY_ANTE",
    "NO_QUALIFY_RULES",
    "WINNING_ANTES",
    "HandSettlement",
    "check_decision",
    "check_no_qualify",
    "settle_hand",
]

#: The pay-out section's rule: a dealer who does not qualify pays every raising hand's ante (the default).
EVERY_ANTE = "every_ante"
#: The opening section's rule: a dealer who does not qualify pays only the antes of hands that beat his.
WINNING_ANTES = "winning_antes"
#: The two readings of a dealer who does not qualify, the default first.
NO_QUALIFY_RULES: tuple[str, ...] = (EVERY_ANTE, WINNING_ANTES)


def check_no_qualify(rule: object) -> str:
    """One of NO_QUALIFY_RULES, else a ValueError naming it.

    >>> check_no_qualify("winning_antes")
    'winning_antes'
    """
    if not isinstance(rule, str) or rule not in NO_QUALIFY_RULES:
        raise ValueError(
            f"the rule for a dealer who does not qualify is one of {', '.join(NO_QUALIFY_RULES)}, got {rule!r}"
        )
    return rule


def check_decision(raised: object) -> bool:
    """The raise decision: only True (raise) or False (fold); anything else is a TypeError.

    >>> check_decision(False)
    False
    >>> check_decision("fold")
    Traceback (most recent call last):
    ...
    TypeError: raised must be True (raise) or False (fold), got 'fold'
    """
    if not isinstance(raised, (bool, np.bool_)):
        raise TypeError(f"raised must be True (raise) or False (fold), got {raised!r}")
    return bool(raised)


@dataclass(frozen=True)
class HandSettlement:
    """The result of one player's hand; amounts are won (+) or lost (-), by bet.

    ``outcome`` is one of: fold, dealer does not qualify, dealer does not qualify: dealer
    higher (under ``WINNING_ANTES`` only: the ante loses), player wins, dealer wins, push, dead hand (the
    wrong number of cards: the ante and raise push), forfeit (a hand killed for a player
    violation: every wager placed is lost), void (a dealer misdeal or an exposed hold card:
    every wager is returned).
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

        >>> HandSettlement("fold", -5, 0, 0).net
        -5
        """
        return as_number(Fraction(self.ante) + Fraction(self.raise_bet) + Fraction(self.change))


def settle_hand(
    player: CardsLike,
    dealer: CardsLike,
    *,
    ante: Amount = 1,
    raised: bool,
    changed: bool = False,
    paytable: PayTableLike | None = None,
    max_payout: Amount | None = None,
    currency: str = "EUR",
    no_qualify: str = EVERY_ANTE,
) -> HandSettlement:
    """Settle one player against the dealer.

    ``raised`` is the player's decision: True raises, False folds (nothing else is taken).
    ``changed`` says the player bought a card (the change wager, equal to the ante, is lost
    either way, and royal flush, straight flush and four of a kind pay half). Each bet's win
    is capped at the maximum payout, in the wagers' unit ``currency`` (see
    :func:`~studeval.caribbean.money.payout_cap`: by default the posted rules' 5,000 euro). A player
    hand without exactly five cards is dead: ante and raise push (a change wager already
    collected stays collected). The dealer must hold five cards (see :class:`Round` for the
    misdeal rules). ``no_qualify`` picks the rule for a dealer who does not qualify.

    >>> settle_hand("As Ah Kc Kd 2s", "Qs Qh 9c 8d 3s", ante=5, raised=True).net   # two pair: 5 + 2*10
    25
    >>> settle_hand("As Ah Kc Kd 2s", "Qs Jh 9c 8d 3s", ante=5, raised=True).outcome
    'dealer does not qualify'
    >>> settle_hand("As Ah 7c 5d 2s", "Ks Kh 9c 8d 3s", ante=100, raised=True, max_payout=150).raise_bet
    150
    >>> settle_hand("As Ah 7c 5d 2s", "Ks Kh 9c 8d 3s", ante=10000, raised=True, currency="cent").raise_bet
    20000
    """
    decision = check_decision(raised)
    if not isinstance(changed, (bool, np.bool_)):
        raise TypeError(f"changed must be True or False, got {changed!r}")
    rule = check_no_qualify(no_qualify)
    ante_f = parse_amount(ante, "the ante", positive=True)
    cap = payout_cap(max_payout, currency)
    table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
    fee = -ante_f if changed else Fraction(0)
    dealer_value = hand_value(dealer, "dealer")
    cards = parse_cards(player)
    if set(cards) & set(parse_cards(dealer)):
        raise ValueError("the player and the dealer hold the same card")
    if len(cards) != 5:
        return HandSettlement("dead hand", 0, 0, as_number(fee), None, dealer_value)
    value = evaluate(cards)
    if not decision:
        return HandSettlement("fold", as_number(-ante_f), 0, as_number(fee), value, dealer_value)
    bet = 2 * ante_f
    if dealer_value < QUALIFYING_VALUE:
        if rule == WINNING_ANTES and value < dealer_value:
            return HandSettlement(
                "dealer does not qualify: dealer higher", as_number(-ante_f), 0, as_number(fee), value, dealer_value
            )
        if rule == WINNING_ANTES and value == dealer_value:
            return HandSettlement("push", 0, 0, as_number(fee), value, dealer_value)
        return HandSettlement(
            "dealer does not qualify", as_number(min(ante_f, cap)), 0, as_number(fee), value, dealer_value
        )
    if value > dealer_value:
        win = min(bet * table.pays(pay_line(value), changed=changed), cap)
        return HandSettlement(
            "player wins", as_number(min(ante_f, cap)), as_number(win), as_number(fee), value, dealer_value
        )
    if value < dealer_value:
        return HandSettlement("dealer wins", as_number(-ante_f), as_number(-bet), as_number(fee), value, dealer_value)
    return HandSettlement("push", 0, 0, as_number(fee), value, dealer_value)
