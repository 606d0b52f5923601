"""Pots and payouts without the state machine.

Given what each player put in over the hand and their cards (None for a folded or mucked
hand), :func:`settle_pots` returns the uncalled chips handed back, the main and side pots with
their winners, and each player's payout. Chips are conserved exactly:
``sum(payouts) == sum(contributions)``. The game's evaluator kinds (``Game.pot`` in
:mod:`studeval.games`) decide what wins: one kind takes the whole pot (the best high hand in
seven and five card stud, the best ace-to-five low in razz); two split each pot between the
best high and the best low (stud hi-lo), the odd chip to the high half, and a pot nobody
qualifies for low in (eight or better) goes whole to the high.

>>> r = settle_pots([100, 100, 40], ["As Ad Kc Kd 2h", "Qs Qd Jc Jd 3h", "7c 7d 7h 2c 3d"])
>>> [(p.amount, p.eligible, p.winners) for p in r.pots]
[(120, (0, 1, 2), (2,)), (120, (0, 1), (0,))]
>>> r.payouts
[120, 0, 120]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from studeval.cards import CardsLike, format_cards, low_rank, parse_cards
from studeval.game.rules import ODD_CHIP_RULES
from studeval.game.structure import PrintedRake, Rake
from studeval.games import STUD_GAMES, Game, get_game
from studeval.kinds import Kind, get_kind

__all__ = [
    "ODD_CHIP_RULES",
    "Pot",
    "PotSettlement",
    "UncalledBet",
    "award",
    "award_hi_lo",
    "HandValue",
    "hand_value",
    "low_order",
    "odd_chip_key",
    "settle_pots",
    "side_pots",
    "take_rake",
    "uncalled_bet",
]


def low_order(card: int) -> int:
    """A card's place in the order of low games (razz, the low half): aces low, then
    deuce ... king, suits clubs < diamonds < hearts < spades within a rank.

    >>> [low_order(c) for c in parse_cards("Ac As 2c Kc Ks")]
    [0, 3, 4, 48, 51]
    """
    return 4 * low_rank(card) + (card & 3)


def odd_chip_key(cards: Sequence[int], *, low: bool = False, aces: str = "low") -> int:
    """Who takes an odd chip by the cards: the larger key first (see :data:`ODD_CHIP_RULES`).

    A high hand counts its highest card (rank then suit: spades high), a low hand its lowest
    card (then suit: clubs lowest), aces low (ace-to-five) or, with ``aces="high"``, high
    (deuce-to-seven).

    >>> odd_chip_key(parse_cards("As 2c")) > odd_chip_key(parse_cards("Ah Kd"))
    True
    >>> odd_chip_key(parse_cards("Ac 9d"), low=True) > odd_chip_key(parse_cards("Ad 2c"), low=True)
    True
    >>> odd_chip_key(parse_cards("Ac 9d"), low=True, aces="high") > odd_chip_key(parse_cards("Ad 2c"), low=True, aces="high")
    False
    """
    if not low:
        return max(cards)
    if aces == "high":
        return 51 - min(cards)
    return 51 - min(low_order(c) for c in cards)


class Pot(NamedTuple):
    """One pot: its chips, the seats that may win it, and (once settled) who won it.

    ``winners`` hold the best hand by the game's ranking (the high hand; the low in razz);
    in stud hi-lo ``winners`` took the high half (the whole pot when nobody qualifies for
    low) and ``low_winners`` the low half.

    >>> Pot(30, (0, 1))
    Pot(amount=30, eligible=(0, 1), winners=(), low_winners=())
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()


class HandValue(NamedTuple):
    """What a hand is worth at showdown, higher is better: ``value`` by the game's first
    evaluator kind (the high hand; the low in razz), ``low`` by the second kind of a hi-lo
    game (0: none: no eight-or-better low, or a game that does not split); ``key`` and
    ``low_key`` their odd-chip keys (:func:`odd_chip_key`).

    >>> hand_value(parse_cards("As Ad Kc Kd 2h"), "stud8").low
    0
    """

    value: int
    key: int
    low: int
    low_key: int


def _kind_key(cards: Sequence[int], kind: Kind) -> int:
    """The odd-chip key of a hand valued by a hand kind: its highest card, or its lowest
    where the kind is a low (aces where the kind ranks them)."""
    return odd_chip_key(cards, low=kind.low, aces=kind.aces)


def hand_value(cards: Sequence[int], game: str | Game) -> HandValue:
    """The showdown value of 5 to 7 known cards in ``game`` (a stud game of
    :mod:`studeval.games`), by the evaluator kinds that decide its pot.

    >>> v = hand_value(parse_cards("Ac 2d 3h 4s 5c 9d 9h"), "stud8")
    >>> v.value > 0, v.low  # a straight, and the wheel: the best low
    (True, 56)
    >>> hand_value(parse_cards("Kc Kd 9h 9s 8c"), "stud_hilo").low > 0  # every hand has a low
    True
    """
    kinds = get_game(game, stud=True).pot
    first = get_kind(kinds[0])
    if len(kinds) == 1:
        return HandValue(first.evaluate(cards), _kind_key(cards, first), 0, -1)
    low = get_kind(kinds[1])
    return HandValue(first.evaluate(cards), _kind_key(cards, first), low.evaluate(cards), _kind_key(cards, low))


class PotSettlement(NamedTuple):
    """The result of a hand: uncalled chips returned, pots (as paid, the rake taken out),
    payouts (returned chips included) and the rake: ``sum(payouts) + rake`` is what was put in.

    >>> settle_pots([10, 4], ["As Ad Kc Kd 2h", None]).returned
    [6, 0]
    """

    returned: list[int]
    pots: list[Pot]
    payouts: list[int]
    rake: int = 0


def take_rake(pots: Sequence[Pot], rake: int, *, proportional: bool = False) -> list[Pot]:
    """The pots with ``rake`` chips taken out: from the main pot first, then each side pot in
    turn (the dealer drops the rake from the pot as it builds, before side pots form); or,
    ``proportional``, from every pot in proportion to its size, as the sites take their printed
    rake (each pot its whole share, the chips left over one each to the pots with the largest
    remainders, the main pot first among equals).

    >>> pots = [Pot(10, (0, 1, 2)), Pot(6, (0, 1))]
    >>> [p.amount for p in take_rake(pots, 12)], [p.amount for p in take_rake(pots, 5, proportional=True)]
    ([0, 4], [7, 4])
    """
    if isinstance(rake, bool) or not isinstance(rake, int):
        raise TypeError(f"rake must be an int number of chips, got {rake!r}")
    total = sum(p.amount for p in pots)
    if not 0 <= rake <= total:
        raise ValueError(f"rake {rake} must be 0..{total}, the chips in the pots")
    if proportional and total:
        shares = [rake * p.amount // total for p in pots]
        largest = sorted(range(len(pots)), key=lambda k: (-(rake * pots[k].amount % total), k))
        for k in largest[: rake - sum(shares)]:
            shares[k] += 1
    else:
        shares = []
        for pot in pots:
            shares.append(min(rake - sum(shares), pot.amount))
    return [pot._replace(amount=pot.amount - taken) for pot, taken in zip(pots, shares, strict=True)]


def _check_contributions(contributions: Sequence[int]) -> list[int]:
    out = []
    for c in contributions:
        if isinstance(c, bool) or not isinstance(c, int):
            raise TypeError(f"a contribution must be an int number of chips, got {c!r}")
        if c < 0:
            raise ValueError(f"contribution {c} must not be negative")
        out.append(c)
    return out


class UncalledBet(NamedTuple):
    """Chips nobody matched: the seat they go back to (-1: none) and how many."""

    seat: int
    amount: int


def uncalled_bet(contributions: Sequence[int], live: Sequence[bool]) -> UncalledBet:
    """The seat whose chips nobody matched and how many, or ``UncalledBet(-1, 0)``.

    Only a live (not folded) player's excess is uncalled; it goes back to them, not into a pot.

    >>> uncalled_bet([30, 10, 10], [True, True, False])
    UncalledBet(seat=0, amount=20)
    >>> uncalled_bet([30, 30, 10], [True, True, True])
    UncalledBet(seat=-1, amount=0)
    """
    top = -1
    first = second = 0
    for i, c in enumerate(contributions):
        if c > first:
            top, second, first = i, first, c
        elif c > second:
            second = c
    if top < 0 or not live[top] or first == second:
        return UncalledBet(-1, 0)
    return UncalledBet(top, first - second)


def side_pots(contributions: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """Split contributions into the main pot and side pots, smallest level first.

    A level is set by each live player's total; folded chips fill the levels but their
    players are eligible for none. Chips above the highest live level join the last pot.

    >>> side_pots([50, 20, 50, 10], [True, True, True, False])
    [Pot(amount=70, eligible=(0, 1, 2), winners=(), low_winners=()), Pot(amount=60, eligible=(0, 2), winners=(), low_winners=())]
    """
    contributions = _check_contributions(contributions)
    if len(live) != len(contributions):
        raise ValueError(f"{len(live)} live flags for {len(contributions)} contributions")
    levels = sorted({c for c, alive in zip(contributions, live, strict=False) if alive and c > 0})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = 0
        for c in contributions:
            if c > prev:
                amount += (c if c < level else level) - prev
        eligible = tuple(i for i, c in enumerate(contributions) if live[i] and c >= level)
        pots.append(Pot(amount, eligible))
        prev = level
    rest = sum(c - prev for c in contributions if c > prev)
    if rest:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + rest, last.eligible)
        else:
            raise ValueError("chips in the pot but no live player to win them")
    return pots


def _odd_chip_order(winners: list[int], high_cards: Sequence[int], odd_chip: str) -> list[int]:
    if odd_chip == "high_card":
        return sorted(winners, key=lambda s: -high_cards[s])
    return sorted(winners)


def _split(
    amount: int,
    winners: list[int],
    keys: Sequence[int],
    odd_chip: str,
    payouts: list[int],
    had_odd: tuple[int, ...] = (),
) -> tuple[int, ...]:
    """Split ``amount`` evenly; the odd chips one each in the odd-chip order, first to the
    winners not in ``had_odd`` (no player receives two odd chips where another winner can take
    one). Returns the seats that took an odd chip."""
    share = amount // len(winners)
    odd = amount % len(winners)
    for i in winners:
        payouts[i] += share
    if not odd:
        return ()
    order = _odd_chip_order(winners, keys, odd_chip)
    order = [i for i in order if i not in had_odd] + [i for i in order if i in had_odd]
    for i in order[:odd]:
        payouts[i] += 1
    return tuple(order[:odd])


def award_hi_lo(
    pots: list[Pot],
    highs: Sequence[int],
    lows: Sequence[int],
    keys: tuple[Sequence[int], Sequence[int]],
    odd_chip: str,
    payouts: list[int],
) -> list[Pot]:
    """Stud hi-lo: split each pot between its best high and best qualifying low hands.

    ``highs[i]`` is seat i's high value (0: not in contention), ``lows[i]`` its
    eight-or-better low (0: no low); ``keys`` the odd-chip keys (:func:`odd_chip_key`) of
    the high and the low hands. A pot splits in halves, the odd chip to the high half; a
    half shared by tied hands splits again by ``odd_chip``, and the low half's odd chips go
    first to players who took none of the high half's: nobody takes two of the halves' odd
    chips while another low winner can take one. A pot with no qualifying low goes whole to
    the high; a pot whose high and low winners are the same players (identical hands)
    splits among them as one, as evenly as possible (Robert's Rules, TDA).
    Adds the chips to ``payouts``; returns the pots with winners.

    >>> pay = [0, 0, 0]
    >>> award_hi_lo([Pot(31, (0, 1, 2))], [9, 3, 3], [0, 7, 7], ([1, 2, 3], [5, 6, 4]), "high_card", pay)
    [Pot(amount=31, eligible=(0, 1, 2), winners=(0,), low_winners=(1, 2))]
    >>> pay
    [16, 8, 7]
    >>> pay = [0, 0]  # identical hands: 1 and 1, not both odd chips to the higher card
    >>> _ = award_hi_lo([Pot(2, (0, 1))], [5, 5], [7, 7], ([9, 8], [9, 8]), "high_card", pay); pay
    [1, 1]
    """
    out = []
    for pot in pots:
        if not pot.amount:  # raked to nothing: nobody wins it
            out.append(pot)
            continue
        best = max(highs[i] for i in pot.eligible)
        if best <= 0:
            raise ValueError(f"pot of {pot.amount} has no hand in contention among seats {pot.eligible}")
        winners = [i for i in pot.eligible if highs[i] == best]
        best_low = max(lows[i] if highs[i] > 0 else 0 for i in pot.eligible)
        low_winners = [i for i in pot.eligible if best_low and highs[i] > 0 and lows[i] == best_low]
        # identical hands (the same players win both halves): one pot, split as evenly as possible
        low_half = pot.amount // 2 if low_winners and low_winners != winners else 0
        had_odd = _split(pot.amount - low_half, winners, keys[0], odd_chip, payouts)
        if low_half:
            _split(low_half, low_winners, keys[1], odd_chip, payouts, had_odd)
        out.append(Pot(pot.amount, pot.eligible, tuple(winners), tuple(low_winners)))
    return out


def award(
    pots: list[Pot], values: Sequence[int], high_cards: Sequence[int], odd_chip: str, payouts: list[int]
) -> list[Pot]:
    """Give each pot to its best eligible hands; add the chips to ``payouts``; return the pots with winners.

    ``values[i]`` is seat i's hand value, higher is better (0: not in contention);
    ``high_cards[i]`` its odd-chip key (:func:`odd_chip_key`: the highest card of a high
    hand), the largest of which takes an odd chip by ``odd_chip``.

    >>> pay = [0, 0, 0]
    >>> award([Pot(31, (0, 1, 2))], [5, 5, 1], [50, 51, 9], "high_card", pay)
    [Pot(amount=31, eligible=(0, 1, 2), winners=(0, 1), low_winners=())]
    >>> pay
    [15, 16, 0]
    """
    # a hi-lo award where nobody has a low: each pot goes whole to its best high hands
    return award_hi_lo(pots, values, [0] * len(values), (high_cards, high_cards), odd_chip, payouts)


def settle_pots(
    contributions: Sequence[int],
    hands: Sequence[CardsLike | None],
    *,
    odd_chip: str = "high_card",
    game: str | Game = STUD_GAMES[0],
    live: Sequence[bool] | None = None,
    board: CardsLike = (),
    rake: Rake | PrintedRake | None = None,
) -> PotSettlement:
    """Settle a hand at showdown: return uncalled chips, build pots, split ties.

    ``hands[i]`` is the player's 5 to 7 cards, or None if they folded (or mucked). Cards
    speak: the best hand by the game's evaluator kinds wins (the best high; the best
    ace-to-five low with ``game="razz"``; with ``game="stud8"`` the best high and the best
    eight-or-better low share each pot, with ``game="stud_hilo"`` the best high and the best
    ace-to-five low, which every hand has).
    A split pot's odd chips go one at a time by ``odd_chip`` (see :data:`ODD_CHIP_RULES`).
    The default game is the registry's first, seven card stud.

    ``live[i]`` says the player did not fold (default: those with a hand): a hand mucked at
    showdown wins nothing, but its chips beyond the others' still come back uncalled and its
    all-in level still bounds a side pot. ``board`` holds cards every hand shares (the
    community card of the deck-exhaustion rule), counted in each hand. ``rake`` (a
    :class:`~studeval.game.structure.Rake` rule, or the :class:`~studeval.game.structure.PrintedRake`
    a site took) is taken out of the pots (:func:`take_rake`) before they are split, and
    reported as ``rake``.

    >>> hands = ["Ac Kd 9c 7h 3s", "As Kh 9d 7s 3c", "2c 3d 4h 6s 8c"]
    >>> r = settle_pots([25, 25, 25], hands)
    >>> r.payouts, r.pots[0].winners
    ([37, 38, 0], (0, 1))
    >>> settle_pots([25, 25, 25], hands, odd_chip="dealer_left").payouts
    [38, 37, 0]
    >>> settle_pots([25, 25, 25], hands, game="stud8").payouts  # 38 high (split), 37 low
    [19, 19, 37]
    >>> settle_pots([25, 25, 25], ["As Ad Kc Kd 2h", "Qs Qd Jc Jd 3h", "9c 9d 8h 7s 6c"], game="stud_hilo").payouts
    [38, 0, 37]
    >>> r = settle_pots([25, 25, 25], hands, rake=Rake(5, cap=3))  # 5% of 75 is 3.75: 3 chips
    >>> r.payouts, r.rake, r.pots[0].amount
    ([36, 36, 0], 3, 72)
    """
    contributions = _check_contributions(contributions)
    if len(hands) != len(contributions):
        raise ValueError(f"{len(hands)} hands for {len(contributions)} contributions")
    if odd_chip not in ODD_CHIP_RULES:
        raise ValueError(f"odd_chip {odd_chip!r} must be one of {ODD_CHIP_RULES}")
    if rake is not None and not isinstance(rake, (Rake, PrintedRake)):
        raise TypeError(f"rake must be a Rake, a PrintedRake or None, got {rake!r}")
    rules = get_game(game, stud=True)
    n = len(hands)
    if live is not None and len(live) != n:
        raise ValueError(f"{len(live)} live flags for {n} hands")
    shared = parse_cards(board)
    values = [0] * n
    lows = [0] * n
    high_keys = [-1] * n
    low_keys = [-1] * n
    seen: set[int] = set(shared)
    for i, hand in enumerate(hands):
        if hand is None:
            continue
        own = parse_cards(hand)
        cards = own + shared
        if not 5 <= len(cards) <= 7:
            raise ValueError(f"seat {i}: a hand has 5 to 7 cards, got {len(cards)}")
        dup = seen.intersection(own)
        if dup:
            raise ValueError(f"seat {i}: card {format_cards([min(dup)])} is in two hands")
        seen.update(own)
        v = hand_value(cards, rules)
        values[i], high_keys[i], lows[i], low_keys[i] = v.value, v.key, v.low, v.low_key
    if not any(values):
        raise ValueError("every hand folded: nobody can win the pot")
    if live is None:
        live = [v > 0 for v in values]
    returned = [0] * n
    uncalled = uncalled_bet(contributions, live)
    if uncalled.amount:
        contributions = list(contributions)
        contributions[uncalled.seat] -= uncalled.amount
        returned[uncalled.seat] = uncalled.amount
    payouts = list(returned)
    pots = side_pots(contributions, live)
    taken = 0
    if rake is not None:
        taken = rake.of(sum(p.amount for p in pots))
        if taken:
            pots = take_rake(pots, taken, proportional=rake.proportional)
    if rules.hilo:
        pots = award_hi_lo(pots, values, lows, (high_keys, low_keys), odd_chip, payouts)
    else:
        pots = award(pots, values, high_keys, odd_chip, payouts)
    return PotSettlement(returned, pots, payouts, taken)
