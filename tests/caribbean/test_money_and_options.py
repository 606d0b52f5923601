"""Exact, bounded money; the payout cap's unit (R62); the no_qualify option (R70); clear errors (issues 10, 11)."""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import pytest

from studeval import _caribbean as kernel
from studeval.caribbean import (
    EVERY_ANTE,
    WINNING_ANTES,
    PayTable,
    Table,
    advise,
    analyze,
    parse_amount,
    payout_cap,
    settle_hand,
)


def repr_short(value: object) -> str:
    return f"int{value.bit_length()}" if isinstance(value, int) else repr(value)[:20]


TINY14 = PayTable(*[Fraction(1, 10**14)] * 9)
TINY22 = PayTable(*[Fraction(1, 10**22)] * 9)
ZERO = PayTable(*[0] * 9)


@pytest.mark.parametrize("table, ranks", [(TINY14, None), (TINY22, "TJQKA")])
def test_tiny_common_denominators_are_exact(table, ranks, full_deck):
    """R61: the pay table.

    Once an int64 overflow: pays of 1/10**14 gave a house edge of 88.48%, 1/10**22 a
    traceback. Tiny pays can only add a tiny amount to the game that pays nothing. 1/10**14
    outgrows 64 bits only in the full deck's sums; 1/10**22 does in any deck (its money scale
    alone needs 75 bits), so a short deck shows it in a fraction of the time."""
    if kernel.MONEY_BITS == 64:
        with pytest.raises(ValueError, match="too finely divided"):
            analyze(table, one_card_change=False, ranks=ranks)
        return
    if ranks is None:
        nothing, tiny = full_deck(paytable=ZERO), full_deck(paytable=table)
        assert round(tiny.house_edge, 4) == 0.5008
    else:
        nothing, tiny = (analyze(t, one_card_change=False, ranks=ranks, threads=1) for t in (ZERO, table))
    gain = tiny.expected_value - nothing.expected_value
    assert 0 <= gain <= 3 * 2 * table.royal_flush
    assert tiny.total_combinations == nothing.total_combinations


def test_pay_tables_beyond_the_kernels_integer_are_refused():
    """R61: the pay table."""
    primes = [
        999999999999999989,
        999999999999999967,
        999999999999999877,
        999999999999999863,
        999999999999999829,
        999999999999999733,
        999999999999999677,
        999999999999999631,
        999999999999999597,
    ]
    with pytest.raises(ValueError, match="too finely divided"):
        analyze(PayTable(*[Fraction(1, p) for p in primes]), one_card_change=False)


@pytest.mark.parametrize("raised", ["fold", "no", "raise", None, 1, 0, 2.5])
def test_raised_takes_only_true_or_false(raised):
    with pytest.raises(TypeError, match="raised"):
        settle_hand("As Ah 7c 5d 2s", "Ks Kh 9c 8d 3s", raised=raised)


@pytest.mark.parametrize(
    "amount",
    [
        "1e100000000",
        "1e400",
        "-1e-100000000",
        10**5000,
        float("inf"),
        float("nan"),
        "9" * 100,
        "1/0",
        "1e-30",
        1e300,
        "0x10",
        "٥",
    ],
    ids=repr_short,
)
def test_amounts_are_bounded_before_any_arithmetic(amount):
    started = time.perf_counter()
    with pytest.raises(ValueError):
        settle_hand("As Ah 7c 5d 2s", "Ks Kh 9c 8d 3s", ante=amount, raised=True)
    with pytest.raises(ValueError):
        PayTable.parse([amount] + [1] * 8)
    assert time.perf_counter() - started < 0.5


def test_amounts_in_range_are_exact():
    assert parse_amount("2.5e3", "x") == 2500 and parse_amount("1/3", "x") == Fraction(1, 3)
    assert parse_amount(Fraction(1, 10**22), "x") == Fraction(1, 10**22)
    with pytest.raises(TypeError):
        parse_amount(True, "the ante")


def test_the_cap_is_in_the_wagers_unit():
    """Once the cap was a bare 5000: with antes in cents it silently became 50 euro."""
    royal = ("Th Jh Qh Kh Ah", "Ac Kc Jd 7d 3c")
    euro = settle_hand(*royal, ante=100, raised=True)
    cents = settle_hand(*royal, ante=10000, raised=True, currency="cent")
    assert euro.raise_bet == 5000 and cents.raise_bet == 500000  # the same 5,000 euro
    assert settle_hand(*royal, ante=10000, raised=True, currency="cent", max_payout="100 EUR").raise_bet == 10000
    assert settle_hand(*royal, ante=10, raised=True, currency="USD", max_payout=700).raise_bet == 700
    assert payout_cap("3000 USD", "USD") == 3000
    with pytest.raises(ValueError, match="give the maximum payout in USD"):
        settle_hand(*royal, ante=10, raised=True, currency="USD")
    with pytest.raises(ValueError, match="cannot be converted"):
        settle_hand(*royal, ante=10, raised=True, currency="USD", max_payout="5000 EUR")
    with pytest.raises(ValueError, match="cannot be converted"):
        Table(currency="cent", max_payout="5000 USD")
    assert Table(currency="cent").max_payout == 500000


# R70: "every_ante" (default) against "winning_antes" (option), on each side
DEALER_NQ = "Ac Qd 9h 4s 3c"  # ace-queen: does not qualify


@pytest.mark.parametrize(
    "player, line37, line11",
    [
        ("Kh Kd 7c 5s 2d", ("dealer does not qualify", 10), ("dealer does not qualify", 10)),  # beats him
        ("Jh Td 7c 5s 2d", ("dealer does not qualify", 10), ("dealer does not qualify: dealer higher", -10)),
        ("Ad Qs 9c 4h 3d", ("dealer does not qualify", 10), ("push", 0)),  # the same hand: a tie
    ],
)
def test_a_dealer_who_does_not_qualify_under_each_rule(player, line37, line11):
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option."""
    for rule, (outcome, net) in ((EVERY_ANTE, line37), (WINNING_ANTES, line11)):
        s = settle_hand(player, DEALER_NQ, ante=10, raised=True, no_qualify=rule)
        assert (s.outcome, s.net, s.raise_bet) == (outcome, net, 0)
    with pytest.raises(ValueError, match="winning_antes"):
        settle_hand(player, DEALER_NQ, ante=10, raised=True, no_qualify="line 11")


def test_winning_antes_at_the_table_and_in_advice():
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option."""
    r = Table(seed=1, no_qualify=WINNING_ANTES).deal({1: 1})
    assert r.no_qualify == WINNING_ANTES
    # a weak hand loses more under winning_antes, a qualifying hand is valued the same
    weak, strong = "Jh Td 7c 5s 2d", "Kh Kd 7c 5s 2d"
    assert (
        advise(weak, "9s", one_card_change=False, no_qualify=WINNING_ANTES).raise_ev
        < advise(weak, "9s", one_card_change=False).raise_ev
    )
    assert (
        advise(strong, "9s", one_card_change=False, no_qualify=WINNING_ANTES).raise_ev
        == advise(strong, "9s", one_card_change=False).raise_ev
    )


def test_winning_antes_house_edge_on_the_full_deck(full_deck):
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option.

    Under optimal play the two readings have the same exact house edge: a hand below
    ace-king is never worth raising (fewer than half the dealer's hands fail to qualify), and
    winning_antes only changes what such a hand gets. The simple strategies raise only ace-king or
    better, so they agree too; a raise of anything would not (see the kernel test below)."""
    standard = full_deck()
    line11 = full_deck(no_qualify=WINNING_ANTES)
    assert line11.total_combinations == standard.total_combinations
    assert line11.expected_value == standard.expected_value
    assert line11.raise_frequency == standard.raise_frequency
    assert "Dealer doesn't qualify, dealer higher" not in {o.event for o in line11.outcomes}


def test_winning_antes_changes_the_return_of_raising_every_hand():
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option.

    The kernel's winning_antes counts, through a strategy that raises everything (threshold 1),
    against the same pass under every_ante: hands below ace-king now lose their ante."""
    import numpy as np

    from studeval.caribbean import QUALIFYING_VALUE

    deck = np.arange(52, dtype=np.uint8)  # one up card of the full deck
    hands, orbit = kernel.canonical_hands(deck, 5)
    tables = kernel.UpCardTables(deck, int(deck[0]))
    acc = {
        rule: kernel.play_pass(
            tables, None, hands, orbit, deck, [1] * 10, [1] * 10, 1, QUALIFYING_VALUE, 1, 1, False, 1, rule
        )
        for rule in (False, True)
    }
    slot = kernel.Slot
    assert acc[False][slot.EV_NOT_QUALIFY_LOSS] == 0 and acc[True][slot.EV_NOT_QUALIFY_LOSS] > 0
    assert acc[False][slot.EV_NOT_QUALIFY] == (
        acc[True][slot.EV_NOT_QUALIFY] + acc[True][slot.EV_NOT_QUALIFY_PUSH] + acc[True][slot.EV_NOT_QUALIFY_LOSS]
    )


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: analyze(strategy=None), TypeError),
        (lambda: analyze(threads=1.9), TypeError),
        (lambda: analyze(threads=0), ValueError),
        (lambda: analyze(progress=True), TypeError),
        (lambda: analyze(one_card_change="yes"), TypeError),
        (lambda: analyze(ranks=5), TypeError),
        (lambda: Table().deal([1, 2]), TypeError),
        (lambda: Table(seed=-5), ValueError),
        (lambda: Table().deal({1: 1}).decide(1, None), TypeError),
    ],
)
def test_clear_errors(call, error):
    with pytest.raises(error):
        call()


def test_raise_frequency_agrees_with_the_return_table():
    """R69: the exact house edge and return table.

    ST_RAISE (and raises after a change) against the rows whose wager holds a raise."""
    for change in (False, True):
        a = analyze(ranks="JQKA", one_card_change=change, threads=1)
        from_rows = (
            sum(
                Fraction(o.combinations)
                for o in a.outcomes
                if o.wager - (1 if o.event.startswith("Change") else 0) == 3
            )
            / a.total_combinations
        )
        assert a.raise_frequency == from_rows


@pytest.mark.parametrize("rule", [EVERY_ANTE, WINNING_ANTES])
def test_the_kernel_values_single_hands_with_the_change_as_advice_does(rule):
    """R68, R70: advice: exact expected values of fold, raise and each change; a dealer who does
    not qualify: every ante paid, or winning antes only by option.

    One hand at a time through the kernel's change path, against advise()'s exact EV,
    under each rule; the first hand is one where winning_antes changes the value of the best
    play (the change of Td: some draws that miss are raised, and winning_antes costs them)."""
    import numpy as np

    from studeval.cards import parse_cards
    from studeval.caribbean import QUALIFYING_VALUE, STANDARD_PAYTABLE, return_rows

    deck = np.arange(52, dtype=np.uint8)
    up = parse_cards("Tc")[0]
    tables = kernel.UpCardTables(deck, up)
    texts = ("2s As Js 9s Td", "Th Jh Qh Kh 2c", "As Kd Qh 7c 3s", "5d 9c 2s 6s 9d")
    # The store only needs the six-card sets these hands become with a drawn card (the kernel
    # reads no other row): each under every relabelling of hearts, diamonds and spades, so the
    # one the kernel takes as canonical is among them (a missing one is a ValueError).
    sixes = np.unique(
        [
            sorted(4 * (card >> 2) + ((0,) + suits)[card & 3] for card in [*parse_cards(text), drawn])
            for text in texts
            for drawn in set(range(52)) - set(parse_cards(text))
            for suits in itertools.permutations((1, 2, 3))
        ],
        axis=0,
    ).astype(np.uint8)
    store = kernel.SixCardStore(sixes, kernel.six_card_index(sixes))
    store.fill(tables, sixes, QUALIFYING_VALUE, None, rule == WINNING_ANTES)
    pays, halves = STANDARD_PAYTABLE.as_list(), STANDARD_PAYTABLE.as_list(changed=True)
    for text in texts:
        hand = sorted(parse_cards(text))
        acc = kernel.play_pass(
            tables,
            store,
            np.array([hand], dtype=np.uint8),
            np.array([1], dtype=np.uint8),
            deck,
            [int(p) for p in pays],
            [int(h) for h in halves],  # whole: D = 1
            1,
            QUALIFYING_VALUE,
            0,
            0,
            True,
            1,
            rule == WINNING_ANTES,
        )
        rows = return_rows(acc[:16], pays, changed=False, merge_low=False)
        rows += return_rows(acc[16:32], halves, changed=True, merge_low=False)
        deals = sum(r[2] for r in rows)
        ev = sum((r[1] * r[2] for r in rows), Fraction(0)) / deals
        advice = advise(text, "Tc", no_qualify=rule)
        assert ev == advice.exact[advice.best], text


def test_the_unreleased_old_names_are_gone():
    """One name per thing (issue 19): 0.1.0's aliases ``settle``, ``Settlement`` (a second
    ``Settlement`` type beside the table game's), ``Outcome`` and ``MAX_PAYOUT`` are removed;
    the names they stood for stay."""
    import studeval.caribbean
    import studeval.caribbean.money

    for module, old in (
        (studeval.caribbean, ("settle", "Settlement", "Outcome")),
        (studeval.caribbean.money, ("MAX_PAYOUT",)),
    ):
        for name in old:
            assert not hasattr(module, name) and name not in module.__all__
    for name in ("settle_hand", "HandSettlement", "ReturnRow", "MAX_PAYOUT_EUR"):
        assert name in studeval.caribbean.__all__ and hasattr(studeval.caribbean, name)
