"""Fuzzing the banked game's money (issue 11): amounts, pay tables, decisions and rules given
to settle_hand, PayTable, advise and analyze.

Each call ends quickly in ValueError or TypeError, or in the right money: the settlement equals
one computed here from 004's rules with exact fractions, every amount in bounds, and a round of
the table conserves the money on it.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

import studeval
from studeval import HandCategory, caribbean, category, evaluate
from studeval.caribbean import money

FUZZ = settings.get_profile("studeval-fuzz")
EXPECTED = (ValueError, TypeError)
# No argument may make one call take more CPU than this (issue 11: "1e10000000" ran for
# minutes). CPU time of this process, not wall time: a loaded machine stretches the wall time
# of a cold first call (the tables it builds) past any small bound.
SECONDS = 10.0

LINES = (
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
HALVED_AFTER_CHANGE = ("four_of_a_kind", "straight_flush", "royal_flush")
QUALIFIES = evaluate("As Kd 4c 3h 2s")  # ace-king: the dealer's lowest qualifying hand


def outcome(f: Any, *args: Any, **kw: Any) -> tuple[bool, Any]:
    start = time.process_time()
    try:
        result = True, f(*args, **kw)
    except EXPECTED as exc:
        assert str(exc)
        result = False, exc
    spent = time.process_time() - start
    assert spent < SECONDS, f"{f.__name__} took {spent:.1f} s of CPU"
    return result


def exact(amount: object) -> Fraction | None:
    """An amount as the documented rules read it: a non-negative finite number up to MAX_AMOUNT
    with a denominator up to MAX_DENOMINATOR (text as a decimal or a ratio), else None."""
    if isinstance(amount, bool) or not isinstance(amount, (int, float, Fraction, str)):
        return None
    try:
        if isinstance(amount, str):
            text = amount.strip()
            if len(text) > money.MAX_TEXT or not text.isascii() or "_" in text or not text:
                return None
            if "e" in text.lower() and abs(int(text.lower().split("e")[1])) > 40:
                return None
            value = Fraction(text.replace(" ", ""))
        else:
            value = Fraction(amount)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    if value < 0 or abs(value) > money.MAX_AMOUNT or value.denominator > money.MAX_DENOMINATOR:
        return None
    return value


def line_of(value: int) -> str:
    cat = category(value)
    if cat == HandCategory.STRAIGHT_FLUSH and value == 7462:
        return "royal_flush"
    return "high_card" if cat == HandCategory.HIGH_CARD else cat.name.lower()


def expected_settlement(
    player: list[int],
    dealer: list[int],
    ante: Fraction,
    raised: bool,
    changed: bool,
    table: Any,
    cap: Fraction,
    rule: str,
) -> tuple[Fraction, Fraction, Fraction]:
    """(ante, raise, change) won or lost, from 004's rules as the package documents them."""
    fee = -ante if changed else Fraction(0)
    if len(player) != 5:
        return Fraction(0), Fraction(0), fee
    p, d = evaluate(player), evaluate(dealer)
    if not raised:
        return -ante, Fraction(0), fee
    if d < QUALIFIES:
        if rule == "winning_antes" and p < d:
            return -ante, Fraction(0), fee
        if rule == "winning_antes" and p == d:
            return Fraction(0), Fraction(0), fee
        return min(ante, cap), Fraction(0), fee
    if p > d:
        line = line_of(p)
        pay = Fraction(getattr(table, line)) / (2 if changed and line in HALVED_AFTER_CHANGE else 1)
        return min(ante, cap), min(2 * ante * pay, cap), fee
    if p < d:
        return -ante, -2 * ante, fee
    return Fraction(0), Fraction(0), fee


def same_money(got: int | float, want: Fraction) -> bool:
    return got == want if isinstance(got, int) else abs(got - float(want)) <= 1e-9 * max(1.0, abs(float(want)))


# -------------------------------------------------------------------- strategies

amounts = hs.one_of(
    hs.integers(1, 10**4),
    hs.integers(),
    hs.integers(10**15 - 2, 10**15 + 2),
    hs.floats(),
    hs.fractions(max_denominator=10**30),
    hs.decimals(allow_nan=True).map(str),
    hs.sampled_from(
        [
            "5",
            "2.5",
            "5/2",
            "1e3",
            "1e400",
            "1e100000000",
            "1e10000000",
            "-5",
            "0",
            "1/0",
            "٥",
            "5_0",
            " 7 ",
            "1e-30",
            "nan",
            "inf",
            "0x10",
            "1" * 70,
        ]
    ),
    hs.text(max_size=10),
    hs.booleans(),
    hs.none(),
    hs.lists(hs.integers(), max_size=2),
)
pays = hs.one_of(
    hs.integers(0, 200),
    hs.fractions(min_value=0, max_value=1000, max_denominator=10**24),
    hs.sampled_from([Fraction(1, 10**14), Fraction(1, 10**22), "1/100000000000000", "1e-22"]),
    amounts,
)
paytables = hs.one_of(
    hs.none(),
    hs.lists(pays, min_size=9, max_size=10),
    hs.lists(pays, min_size=0, max_size=12),
    hs.lists(hs.integers(0, 100), min_size=9, max_size=9).map(lambda xs: ",".join(map(str, xs))),
    hs.dictionaries(hs.sampled_from([*LINES, "high_card", "x"]), pays, max_size=10),
    hs.text(max_size=30),
    hs.just(",".join(["1e100000000"] * 9)),
)
flags = hs.one_of(hs.booleans(), hs.sampled_from(["fold", "no", "raise", "", 0, 1, None, 1.0]))


@hs.composite
def deals(draw: hs.DrawFn) -> tuple[list[int], list[int]]:
    n = draw(hs.sampled_from([5, 5, 5, 5, 4, 6]))
    # only the cards dealt are drawn: a shuffle of all 52 cost a fifth of the test's time
    cards = draw(hs.lists(hs.integers(0, 51), min_size=n + 5, max_size=n + 5, unique=True))
    return cards[:n], cards[n:]


# -------------------------------------------------------------------- settle_hand


_SETTLE_ARGS = {
    "ante": amounts,
    "raised": flags,
    "changed": flags,
    "paytable": paytables,
    "max_payout": hs.one_of(hs.none(), amounts, hs.sampled_from(["500000 cent", "50 EUR", "5 USD", "1e400 EUR"])),
    "currency": hs.one_of(hs.sampled_from(["EUR", "cent", "USD", "", " "]), hs.none(), hs.integers()),
    "no_qualify": hs.one_of(hs.sampled_from(["every_ante", "winning_antes", "x"]), hs.none()),
}


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(
    deal=deals(),
    hostile=hs.lists(hs.sampled_from(sorted(_SETTLE_ARGS)), max_size=3, unique=True),
    data=hs.data(),
    ante=hs.one_of(
        hs.integers(1, 10**4), hs.fractions(min_value=Fraction(1, 100), max_value=10**6, max_denominator=100)
    ),
    raised=hs.booleans(),
    changed=hs.booleans(),
    rule=hs.sampled_from(["every_ante", "winning_antes"]),
)
def test_settle_hand_pays_by_the_rules_or_refuses(deal, hostile, data, ante, raised, changed, rule):
    """A few arguments at a time are hostile, the others valid."""
    player, dealer = deal
    kw: dict[str, Any] = {
        "ante": ante,
        "raised": raised,
        "changed": changed,
        "paytable": None,
        "max_payout": None,
        "currency": "EUR",
        "no_qualify": rule,
    }
    for name in hostile:
        kw[name] = data.draw(_SETTLE_ARGS[name], label=name)
    ante, raised, changed, paytable, max_payout, currency, rule = (
        kw[k] for k in ("ante", "raised", "changed", "paytable", "max_payout", "currency", "no_qualify")
    )
    ok, s = outcome(caribbean.settle_hand, player, dealer, **kw)
    if not ok:
        return
    assert type(raised) is bool and type(changed) is bool and rule in ("every_ante", "winning_antes")
    a = exact(ante)
    assert a is not None and a > 0, f"took the ante {ante!r}"
    table = caribbean.STANDARD_PAYTABLE if paytable is None else caribbean.PayTable.parse(paytable)
    cap = caribbean.payout_cap(max_payout, currency)
    want = expected_settlement(player, dealer, a, raised, changed, table, cap, rule)
    for got, w in zip((s.ante, s.raise_bet, s.change), want, strict=True):
        assert same_money(got, w), (s, want)
    assert same_money(s.net, sum(want))


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(ante=amounts)
def test_amounts_are_exact_and_bounded(ante):
    ok, got = outcome(money.parse_amount, ante, "the ante")
    want = exact(ante)
    if ok:
        assert isinstance(got, Fraction) and got == want
    else:
        assert want is None, f"refused {ante!r}, which is {want}"


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(spec=paytables)
def test_pay_tables(spec):
    ok, table = outcome(caribbean.PayTable.parse, spec if spec is not None else "1,2,3,4,5,7,20,50,100")
    if not ok:
        return
    for line in (*LINES, "high_card"):
        pay = table.pays(line)
        assert isinstance(pay, Fraction) and 0 <= pay <= money.MAX_AMOUNT and pay.denominator <= money.MAX_DENOMINATOR
        if line in HALVED_AFTER_CHANGE:
            assert table.pays(line, changed=True) == pay / 2
    assert caribbean.PayTable.parse(table.as_list()) == table


# -------------------------------------------------------------------- a round of the table conserves money


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(
    seed=hs.integers(0, 2**32),
    antes=hs.dictionaries(hs.integers(-1, 8), amounts, min_size=1, max_size=7),
    decisions=hs.lists(hs.one_of(hs.sampled_from(["raise", "fold"]), flags), min_size=8, max_size=8),
)
def test_a_round_conserves_the_money_on_the_table(seed, antes, decisions):
    ok, r = outcome(caribbean.Table(seed=seed).deal, antes)
    if not ok:
        return
    for seat in sorted(r.seats):
        ok, _ = outcome(r.decide, seat, decisions[seat % 8])
    ok, settled = outcome(r.settle)
    if not ok:
        return
    for seat, s in settled.items():
        a = exact(antes[seat])
        assert a is not None and a > 0
        # an ante is lost, pushed or won at most even money; the raise at most the cap
        # (a settlement's amounts are floats when not whole: compare within their rounding)
        slack = 1e-12 * float(a)
        assert -float(a) - slack <= s.ante <= float(a) + slack and s.raise_bet >= -2 * float(a) - slack
        assert s.raise_bet <= float(caribbean.payout_cap()) * (1 + 1e-12)


# -------------------------------------------------------------------- advise and analyze


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(deal=deals(), paytable=paytables, change=flags, rule=hs.sampled_from(["every_ante", "winning_antes", "x"]))
def test_advise(deal, paytable, change, rule):
    player, dealer = deal
    ok, a = outcome(
        caribbean.advise,
        player,
        dealer[:1],
        paytable=paytable,
        one_card_change=False if change is True else change,  # every one-card change costs about a second
        no_qualify=rule,
    )
    if not ok:
        return
    assert len(player) == 5 and a.fold_ev == -1
    assert a.best in ("fold", "raise") or a.best.startswith("change")


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(
    bad=hs.sampled_from(["threads", "strategy", "no_qualify", "one_card_change", "paytable", "progress"]),
    threads=hs.one_of(
        hs.integers(max_value=0),
        hs.integers(min_value=studeval.THREAD_LIMIT + 1),
        hs.floats(),
        hs.booleans(),
        hs.text(max_size=3),
    ),
    junk=hs.one_of(hs.text(max_size=6), hs.integers(), hs.none(), hs.just(["optimal"])),
)
def test_analyze_refuses_a_bad_argument_at_once(bad, threads, junk):
    kw: dict[str, Any] = {
        "threads": threads,
        "strategy": None if isinstance(junk, str) and junk in caribbean.STRATEGIES else junk,
        "no_qualify": junk,
        "one_card_change": "yes" if junk is None else junk,  # None is the default: the casino's game
        "paytable": ",".join(["1e100000000"] * 9) if junk is None else [junk] * 3,
        "progress": 5,
    }
    ok, _ = outcome(caribbean.analyze, **{bad: kw[bad]})
    assert not ok
