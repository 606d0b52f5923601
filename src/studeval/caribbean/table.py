"""The table procedure of the casino's posted rules: seats, a round's deal, the change, decisions, misdeals, dead
hands and violations.

>>> r = Table(seed=3).deal({1: 10})
>>> len(r.seats[1].cards), len(r.dealer)
(5, 5)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from studeval.cards import CardsLike, format_card, format_cards, parse_card, parse_cards
from studeval.caribbean.money import Amount, as_number, parse_amount, payout_cap
from studeval.caribbean.paytable import STANDARD_PAYTABLE, PayTable, PayTableLike
from studeval.caribbean.settlement import EVERY_ANTE, HandSettlement, check_no_qualify, settle_hand
from studeval.evaluate import evaluate

__all__ = ["SEATS", "Round", "Seat", "Table"]

#: Seats at the table.
SEATS = 7


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
        currency: str = "EUR",
        one_card_change: bool = True,
        no_qualify: str = EVERY_ANTE,
    ) -> None:
        self.paytable = paytable
        #: The maximum payout per bet, in the wagers' unit ``currency``.
        self.max_payout = max_payout
        self.currency = currency
        self.one_card_change = one_card_change
        self.no_qualify = check_no_qualify(no_qualify)
        self.stub = list(stub)
        self.seats = {seat: Seat(antes[seat], list(hands[seat])) for seat in sorted(hands)}
        dealer = list(dealer)
        # the rules: a dealer dealt four cards gets a fifth; any other dealer misdeal voids all hands
        if len(dealer) == 4 and self.stub:
            dealer.append(self.stub.pop(0))
        #: Why every hand is void ("dealer misdeal", "hold card exposed"), or None.
        self.void_reason: str | None = "dealer misdeal" if len(dealer) != 5 else None
        #: The dealer's hold card exposed before "No More Bets", if one was.
        self.exposed_hold_card: int | None = None
        self.dealer = dealer
        self.settled: dict[int, HandSettlement] | None = None

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
        max_payout: Amount | None = None,
        currency: str = "EUR",
        one_card_change: bool = True,
        no_qualify: str = EVERY_ANTE,
    ) -> Round:
        """A round from the cards as they were dealt (any count: dead hands and misdeals apply);
        ``max_payout`` and ``currency`` as in :func:`settle_hand`.

        >>> Round.from_cards({1: "As Ah Kc Kd 2s"}, "Qs Qh 9c", antes={1: 1}).voided
        True
        """
        parsed = {_seatparse_amount(s): parse_cards(c) for s, c in hands.items()}
        antes_f = {
            _seatparse_amount(s): parse_amount(a, f"the ante of seat {s}", positive=True) for s, a in antes.items()
        }
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
            max_payout=payout_cap(max_payout, currency),
            currency=currency,
            one_card_change=one_card_change,
            no_qualify=no_qualify,
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
        elif not isinstance(decision, bool):
            raise TypeError(f"a decision is 'raise', 'fold', True or False, got {decision!r}")
        state.decision = "raise" if decision else "fold"

    def settle(self) -> dict[int, HandSettlement]:
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
        out: dict[int, HandSettlement] = {}
        for seat, state in self.seats.items():
            if state.violation is not None:  # the forfeit stands, even if the deal is voided later
                out[seat] = self._forfeit(state)
                continue
            if self.voided:
                out[seat] = HandSettlement("void", 0, 0, 0)
                continue
            out[seat] = settle_hand(
                state.cards,
                self.dealer,
                ante=state.ante,
                raised=state.decision == "raise",
                changed=state.changed,
                paytable=self.paytable,
                max_payout=self.max_payout,
                currency=self.currency,
                no_qualify=self.no_qualify,
            )
        self.settled = out
        return out

    def _forfeit(self, state: Seat) -> HandSettlement:
        """A killed hand loses every wager it placed: the ante, the raise, the change wager."""
        return HandSettlement(
            "forfeit",
            as_number(-state.ante),
            as_number(-2 * state.ante) if state.decision == "raise" else 0,
            as_number(-state.ante) if state.changed else 0,
            evaluate(state.cards) if len(state.cards) == 5 else None,
            evaluate(self.dealer),
        )

    def kill_hand(self, seat: int, reason: str = "player violation") -> None:
        """Declare a seat's hand dead for a player violation (the rules: "Player violation will
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
        """Record one of the dealer's four hold cards exposed before "No More Bets": the rules void
        all hands. Every wager is returned and the round takes no further play (:meth:`change`,
        :meth:`decide`, :meth:`kill_hand` raise); :meth:`settle` gives every hand in play a void,
        net 0.

        Before "No More Bets" only the antes are on the table, so the exposure is accepted only
        while no seat has changed a card or decided (a change wager or a fold or raise means
        play has begun); after that the rules do not void the hands and this refuses. A hand already
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
            raise ValueError(
                f"{format_card(exposed)} is not one of the dealer's hold cards ({format_cards(self.dealer[1:])})"
            )
        acted = next((s for s, st in self.seats.items() if st.changed or st.decision is not None), None)
        if acted is not None:
            raise ValueError(
                f'seat {acted} has already played, so "No More Bets" has been announced: '
                "only a hold card exposed before it voids the hands"
            )
        self.exposed_hold_card = exposed
        self.void_reason = "hold card exposed"


def _seatparse_amount(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= SEATS:
        raise ValueError(f"a seat is 1..{SEATS}, got {seat!r}")
    return seat


class Table:
    """A table of up to seven seats against the dealer.

    Shuffles with the operating system's secure random source, or reproducibly from ``seed``.
    ``max_payout``, ``currency`` and ``no_qualify`` as in :func:`settle_hand`.

    >>> t = Table(seed=7)
    >>> r = t.deal({1: 10, 4: 10})
    >>> sorted(r.seats), len(r.seats[1].cards), r.dealer_up is not None
    ([1, 4], 5, True)
    """

    def __init__(
        self,
        *,
        paytable: PayTableLike | None = None,
        max_payout: Amount | None = None,
        currency: str = "EUR",
        one_card_change: bool = True,
        no_qualify: str = EVERY_ANTE,
        seed: int | None = None,
    ) -> None:
        self.paytable = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
        #: The maximum payout per bet, in the wagers' unit ``currency``.
        self.max_payout = payout_cap(max_payout, currency)
        self.currency = currency
        if not isinstance(one_card_change, bool):
            raise TypeError(f"one_card_change must be True or False, got {one_card_change!r}")
        self.one_card_change = one_card_change
        self.no_qualify = check_no_qualify(no_qualify)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise ValueError(f"the seed must be a non-negative int or None, got {seed!r}")
        self._rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()

    def deal(self, antes: Mapping[int, Amount]) -> Round:
        """Shuffle and deal: five cards to each seat with an ante, then five to the dealer,
        whose first card is turned up."""
        if not isinstance(antes, Mapping):
            raise TypeError(f"give the antes as a mapping of seat number to ante, got {antes!r}")
        if not antes:
            raise ValueError("nobody has placed an ante")
        antes_f = {
            _seatparse_amount(s): parse_amount(a, f"the ante of seat {s}", positive=True) for s, a in antes.items()
        }
        deck = list(range(52))
        self._rng.shuffle(deck)
        hands = {}
        for seat in sorted(antes_f):
            hands[seat], deck = deck[:5], deck[5:]
        dealer, stub = deck[:5], deck[5:]
        return Round(
            hands,
            dealer,
            antes_f,
            stub,
            paytable=self.paytable,
            max_payout=self.max_payout,
            currency=self.currency,
            one_card_change=self.one_card_change,
            no_qualify=self.no_qualify,
        )
