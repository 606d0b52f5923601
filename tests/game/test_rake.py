"""The house's rake in the table rules (issue 20 item 2, R93): a percentage of the hand's pot,
rounded to whole units as the room says and capped, taken from the pots before they are paid.

Checked against an independent computation with :mod:`decimal`'s rounding modes, and on
settled pots (split, side and hi-lo quartered pots) against the same pots settled without a
rake: nobody but the winners of the pots the rake came from pays it, and every chip is
accounted for.
"""

from __future__ import annotations

import copy
import math
import random
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from table_helpers import S, play, snapshot, table

from studeval.game import (
    Deal,
    HandHistory,
    Pot,
    PrintedRake,
    Rake,
    StudState,
    dumps,
    loads,
    replay,
    settle_pots,
    take_rake,
    to_phh,
)
from studeval.game.phh import rake_rule

_MODES = {"down": ROUND_FLOOR, "half_even": ROUND_HALF_EVEN, "half_up": ROUND_HALF_UP, "up": ROUND_CEILING}


def reference_rake(pot: int, percent: str, rounding: str, unit: int, cap: int | None) -> int:
    """The rake by decimal arithmetic: pot x percent / 100, in units, rounded, capped."""
    units = (Decimal(pot) * Decimal(percent) / Decimal(100) / Decimal(unit)).quantize(
        Decimal(1), rounding=_MODES[rounding]
    )
    rake = int(units) * unit
    return min(rake, pot) if cap is None else min(rake, cap, pot)


percents = hs.decimals(min_value=0, max_value=100, places=3, allow_nan=False, allow_infinity=False).map(str)


@settings(max_examples=500, deadline=None)
@given(
    pot=hs.integers(0, 10**7),
    percent=percents,
    rounding=hs.sampled_from(["down", "half_even", "half_up", "up"]),
    unit=hs.sampled_from([1, 5, 25, 100]),
    cap=hs.none() | hs.integers(0, 10**5),
)
def test_the_rake_is_the_percentage_rounded_to_whole_units_and_capped(pot, percent, rounding, unit, cap):
    """R93: exact percentages, each rounding rule, the unit ($0.05 for each $1.00) and the cap."""
    rake = Rake(percent, cap=cap, rounding=rounding, unit=unit)
    assert rake.of(pot) == reference_rake(pot, percent, rounding, unit, cap)
    assert Fraction(rake.percent_text) == Fraction(percent)  # written exactly to PHH


def test_rounding_at_the_half_differs_by_rule():
    """A rake of exactly half a unit: down 0, half-even to the even unit, half-up and up 1."""
    pot = 10  # 5% of 10 chips = 0.5 chip; 15% of 10 = 1.5
    assert [Rake(5, rounding=r).of(pot) for r in ("down", "half_even", "half_up", "up")] == [0, 0, 1, 1]
    assert [Rake(15, rounding=r).of(pot) for r in ("down", "half_even", "half_up", "up")] == [1, 2, 2, 2]


def test_first_round_free_and_the_minimum_pot():
    """No flop, no drop: nothing when the hand ends on the first betting round; a minimum pot."""
    assert Rake(5, first_round_free=True).of(1000, first_round=True) == 0
    assert Rake(5, first_round_free=True).of(1000) == 50
    assert Rake(5).of(1000, first_round=True) == 50
    assert Rake(5, min_pot=100).of(99) == 0 and Rake(5, min_pot=100).of(100) == 5


@pytest.mark.parametrize(
    ("kwargs", "exc", "named"),
    [
        ({"percent": -5}, ValueError, "-5"),
        ({"percent": "-0.5"}, ValueError, "-0.5"),
        ({"percent": 100.5}, ValueError, "100.5"),
        ({"percent": "101"}, ValueError, "101"),
        ({"percent": math.nan}, ValueError, "nan"),
        ({"percent": math.inf}, ValueError, "inf"),
        ({"percent": Decimal("NaN")}, ValueError, "NaN"),
        ({"percent": "five"}, ValueError, "five"),
        ({"percent": True}, TypeError, "True"),
        ({"percent": None}, TypeError, "None"),
        ({"percent": 5, "cap": -1}, ValueError, "-1"),
        ({"percent": 5, "cap": 2.5}, TypeError, "2.5"),
        ({"percent": 5, "rounding": "nearest"}, ValueError, "nearest"),
        ({"percent": 5, "unit": 0}, ValueError, "0"),
        ({"percent": 5, "first_round_free": "yes"}, TypeError, "yes"),
        ({"percent": 5, "min_pot": -3}, ValueError, "-3"),
    ],
)
def test_a_bad_rake_is_refused_naming_the_value(kwargs, exc, named):
    with pytest.raises(exc, match=named.replace(".", r"\.")):
        Rake(**kwargs)


def test_a_state_refuses_what_is_not_a_rake():
    with pytest.raises(TypeError, match="'5'"):
        StudState("seven", S, [100, 100], seed=1, rake="5")
    with pytest.raises(TypeError, match="0.05"):
        settle_pots([5, 5], ["As Ad Kc Kd 2h", "Qs Qd Jc Jd 3h"], rake=0.05)


# ----------------------------------------------------------------------------- settled pots


@settings(max_examples=300, deadline=None)
@given(
    seed=hs.integers(0, 2**32),
    game=hs.sampled_from(["seven", "razz", "stud8", "stud_hilo"]),
    percent=percents,
    cap=hs.none() | hs.integers(0, 40),
    rounding=hs.sampled_from(["down", "half_even", "half_up", "up"]),
)
def test_the_rake_comes_out_of_the_pots_before_they_are_split(seed, game, percent, cap, rounding):
    """R93: split pots, side pots (all-in players, folded chips), hi-lo halves and quarters: the
    rake is the rule's of the pots' chips; it comes out of the main pot first; only the
    winners of the pots it came from pay it; every other payout is what it is without a rake,
    and no chip appears or vanishes. Five shared cards that often play (a low, a straight)
    make ties: split and quartered pots."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    board_kind = rng.choice(["random", "low", "straight"])
    if board_kind == "low":  # A 2 3 4 5 ... : everyone's low, quartered halves
        board = [4 * r + rng.randrange(4) for r in rng.sample([12, 0, 1, 2, 3, 4, 5, 6], 5)]
    elif board_kind == "straight":  # T J Q K A: everyone's high
        board = [4 * r + rng.randrange(4) for r in (8, 9, 10, 11, 12)]
    else:
        board = rng.sample(range(52), 5)
    rest = rng.sample([c for c in range(52) if c not in board], 2 * n)
    hands = [rest[2 * i : 2 * i + 2] for i in range(n)]
    contributions = [rng.choice([0, 1, 3, 7, 10, 10, 10, 25]) for _ in range(n)]
    live = [rng.random() < 0.8 for _ in range(n)]
    if not any(live[i] and contributions[i] for i in range(n)):
        live[0], contributions[0] = True, 10
    shown = [hands[i] if live[i] else None for i in range(n)]
    rake = Rake(percent, cap=cap, rounding=rounding)
    plain = settle_pots(contributions, shown, game=game, live=live, board=board)
    raked = settle_pots(contributions, shown, game=game, live=live, board=board, rake=rake)
    in_pots = sum(p.amount for p in plain.pots)
    assert raked.rake == reference_rake(in_pots, percent, rounding, 1, cap)
    assert sum(raked.payouts) + raked.rake == sum(contributions)
    assert raked.returned == plain.returned
    assert [p.amount for p in raked.pots] == [p.amount for p in take_rake(plain.pots, raked.rake)]
    paid = [a - b for a, b in zip(plain.payouts, raked.payouts, strict=True)]
    assert sum(paid) == raked.rake and min(paid) >= 0
    raked_from = {
        seat
        for before, after in zip(plain.pots, raked.pots, strict=True)
        if after.amount < before.amount
        for seat in (*before.winners, *before.low_winners)
    }
    assert all(paid[i] == 0 for i in range(n) if i not in raked_from)


def test_a_quartered_hi_lo_pot_after_the_rake():
    """R93 worked by hand: a 60-chip stud8 pot, 5% rake (3 chips): 57 left, the high half 29
    (the odd chip goes high) to p1, the low half 28 quartered: 14 each to p2 and p3."""
    hands = ["Kc Kd Kh 9s 9c Qd Jh", "As 2c 3d 4h 7s Qs Js", "Ac 2d 3h 4s 7c Th Ts"]
    r = settle_pots([20, 20, 20], hands, game="stud8", rake=Rake(5))
    assert r.rake == 3 and r.payouts == [29, 14, 14]
    assert [(p.amount, p.winners, p.low_winners) for p in r.pots] == [(57, (0,), (1, 2))]
    assert settle_pots([20, 20, 20], hands, game="stud8").payouts == [30, 15, 15]


def test_a_side_pot_keeps_its_chips_the_rake_comes_from_the_main_pot():
    """R93 worked by hand: p3 all-in for 10; p1 and p2 put in 30. Main pot 30 (p3 wins), side pot 40
    (p1 wins). 10% of 70 is 7 chips, all from the main pot: p3 gets 23, p1 the whole 40."""
    hands = ["As Ad Kc Kd 2h 3c 4d", "Qs Qd Jc Jd 3h 5c 6d", "7c 7d 7h 2c 8d 9s Th"]
    r = settle_pots([30, 30, 10], hands, rake=Rake(10))
    assert r.rake == 7 and r.payouts == [40, 0, 23]
    assert [p.amount for p in r.pots] == [23, 40]
    capped = settle_pots([30, 30, 10], hands, rake=Rake(10, cap=5))
    assert capped.rake == 5 and capped.payouts == [40, 0, 25]


def test_a_rake_larger_than_the_main_pot_takes_from_the_side_pots_in_turn():
    assert take_rake([Pot(3, (0, 1, 2)), Pot(10, (0, 1)), Pot(4, (0,))], 6) == [
        Pot(0, (0, 1, 2)),
        Pot(7, (0, 1)),
        Pot(4, (0,)),
    ]
    with pytest.raises(ValueError, match="rake 18 must be 0..17"):
        take_rake([Pot(3, (0, 1, 2)), Pot(10, (0, 1)), Pot(4, (0,))], 18)


# ----------------------------------------------------------------------------- at the table


def conserved(start: int):
    def check(st: StudState) -> None:
        assert sum(st.stacks) + st.pot + st.raked == start

    return check


@pytest.mark.parametrize("seed", range(40))
def test_a_raked_table_conserves_chips_and_replays_to_the_same_rake(seed):
    """R93 at the table: at every moment the stacks, the pot and the rake hold every chip; the
    rake is the rule's of the pots (what was put in less the uncalled chips), none when the
    hand ends on the first betting round with first_round_free; the history states the rule
    and replays to the same payouts and rake, as the full history and as seat 0 saw it."""
    rng = random.Random(seed)
    game = rng.choice(["seven", "five", "razz", "stud8", "stud_hilo", "razz27"])
    n = rng.randint(2, 7)
    stacks = [rng.choice([3, 30, 200]) for _ in range(n)]
    rake = Rake(rng.choice(["5", "4.15", "10"]), cap=rng.choice([None, 6]), first_round_free=rng.random() < 0.5)
    st = StudState(game, S, stacks, seed=seed, rake=rake)
    check = conserved(sum(stacks))
    while st.actor >= 0:
        check(st)
        st.apply(rng.choice(st.legal_actions()))
    check(st)
    in_pots = sum(st.totals) - sum(st.returned)
    first_round = max(sum(1 for e in st.log if isinstance(e, Deal) and e.seat == i) for i in range(n)) == 1
    expected = 0 if rake.first_round_free and first_round else rake.of(in_pots)
    assert st.raked == expected
    assert sum(st.payouts) + st.raked == sum(st.totals)
    history = to_phh(st, full=True)
    assert history.extra["_rake"] == st.raked and rake_rule(history) == rake
    for hh in (history, to_phh(st, 0)):
        again = replay(dumps(hh))
        assert (again.payouts, again.raked, again.stacks, again.pots) == (st.payouts, st.raked, st.stacks, st.pots)


def test_no_rake_when_the_hand_ends_on_third_street_with_first_round_free():
    """R93, PokerStars' "no flop, no drop" for stud: a hand won on third street pays no rake; the same
    hand won on fourth street does."""
    deal = [["2c 3c Kh", "4d 5d Ad", "6h 7h 9s"], ["2d", "3h", "Ks"]]
    free = Rake(10, first_round_free=True)
    st = table("seven", deal, rake=free)
    play(st, "p3 bring_in", "p1 complete", "p2 fold", "p3 fold")
    assert st.finished and st.raked == 0 and st.payouts == [10, 0, 0]  # 7 won, 3 uncalled back
    st = table("seven", deal, rake=free)
    play(st, "p3 bring_in", "p1 complete", "p2 fold", "p3 call", "p1 bet", "p3 fold")  # won on fourth street
    assert st.finished and st.raked == 1  # 10% of the 13 chips in the pot, rounded down
    assert st.payouts == [17, 0, 0] and st.returned == [5, 0, 0] and sum(st.stacks) + st.raked == 3000
    st = table("seven", deal, rake=Rake(10))  # without first_round_free, third street pays too
    play(st, "p3 bring_in", "p1 complete", "p2 fold", "p3 fold")
    assert st.raked == 0 and st.pots[0].amount == 7  # 10% of 7 is 0.7: nothing, rounded down
    st = table("seven", deal, rake=Rake(10, rounding="up"))
    play(st, "p3 bring_in", "p1 complete", "p2 fold", "p3 fold")
    assert st.raked == 1 and st.payouts == [9, 0, 0] and st.pots[0].amount == 6


def test_a_refused_action_leaves_a_raked_state_unchanged():
    """R33 with a rake: every action not offered is refused and changes nothing, on every
    street and at the end of the hand."""
    rng = random.Random(5)
    for seed in range(6):
        st = StudState("stud8", S, [60, 60, 60], seed=seed, rake=Rake(5, cap=2))
        while st.actor >= 0:
            offered = {(a.kind, a.to) for a in st.legal_actions()}
            kinds = {kind for kind, _ in offered}
            tries = [
                (k, None) for k in ("check", "call", "bet", "raise", "complete", "bring_in", "show") if k not in kinds
            ]
            tries += [(k, to) for k in ("call", "bet", "raise") for to in (1, 7, 500) if (k, to) not in offered]
            for kind, to in tries:
                before = snapshot(st)
                with pytest.raises(ValueError):
                    st.act(kind, to)
                assert snapshot(st) == before
            st.apply(rng.choice(st.legal_actions()))
        before = snapshot(st)
        with pytest.raises(ValueError, match="the hand is over"):
            st.act("check")
        assert snapshot(st) == before and copy.deepcopy(st).raked == st.raked


# ----------------------------------------------------------------------------- PHH fields


def base(**extra) -> HandHistory:
    return HandHistory(
        "F7S", [1, 1], 2, 5, 10, [100, 100], ["d dh p1 2c3d6d", "d dh p2 4h5sKc", "p1 pb", "p2 f"], extra=extra
    )


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"_rake_percent": "-5"}, "_rake_percent: rake percent '-5'"),
        ({"_rake_percent": "nan"}, "_rake_percent: rake percent 'nan'"),
        ({"_rake_percent": "101"}, "_rake_percent: rake percent '101'"),
        ({"_rake_percent": 5}, "_rake_percent = 5 must be a string"),
        ({"_rake_percent": "5", "_rake_cap": -2}, "_rake_cap: rake cap -2"),
        ({"_rake_percent": "5", "_rake_rounding": "nearest"}, "_rake_rounding: rake rounding 'nearest'"),
        ({"_rake_percent": "5", "_rake_unit": True}, "_rake_unit"),
        ({"_rake_percent": "5", "_rake_cpa": 3}, "unknown PHH field _rake_cpa"),
        ({"_rake_cap": 3}, "_rake_cap without _rake_percent"),
    ],
)
def test_a_history_with_a_bad_rake_rule_is_refused_naming_the_field(extra, named):
    with pytest.raises(ValueError, match=named):
        replay(loads(dumps(base(**extra))))


def test_a_history_replays_with_the_rake_it_states():
    """The hand of ``base`` won on third street: 5% of the 2 chips of antes is nothing rounded
    down, 1 rounded up, and nothing at all with first_round_free; 50% is 1; no rule, no rake."""
    assert replay(base(_rake_percent="5")).raked == 0
    assert replay(base(_rake_percent="5", _rake_rounding="up")).raked == 1
    assert replay(base(_rake_percent="5", _rake_rounding="up", _rake_first_round_free=True)).raked == 0
    assert replay(base(_rake_percent="50")).raked == 1 and replay(base()).raked == 0


@settings(max_examples=200, deadline=None)
@given(amounts=hs.lists(hs.integers(0, 10_000), min_size=1, max_size=6), fraction=hs.fractions(0, 1))
def test_a_proportional_rake_is_each_pots_share_to_the_chip(amounts: list[int], fraction: Fraction) -> None:
    """The sites' spread (out of every pot in proportion): each pot gives its exact share
    rounded down or up, the chips add up to the rake, and no pot gives more than it holds."""
    pots = [Pot(a, (0, 1)) for a in amounts]
    total = sum(amounts)
    rake = math.floor(total * fraction)
    taken = [p.amount - q.amount for p, q in zip(pots, take_rake(pots, rake, proportional=True), strict=True)]
    assert sum(taken) == rake
    for t, a in zip(taken, amounts, strict=True):
        exact = Fraction(rake * a, total) if total else Fraction(0)
        assert math.floor(exact) <= t <= math.ceil(exact) <= a


def test_a_printed_rake_is_taken_out_of_every_pot_in_proportion() -> None:
    """A history that records the rake its site printed (``_rake``) and no rule replays with
    that rake: a main pot of 12 and a side pot of 12 give 3 and 2 of a 5-chip rake (the main
    pot first among equals); a rule's rake comes from the main pot first."""
    hands = ["As Ad Ah Kc Kd", "Qs Qd Qh Jc Jd", "2c 3d 4h 6s 8c"]
    plain = settle_pots([4, 10, 10], hands)
    assert [p.amount for p in plain.pots] == [12, 12] and plain.payouts == [12, 12, 0]
    raked = settle_pots([4, 10, 10], hands, rake=PrintedRake(5))
    assert [p.amount for p in raked.pots] == [9, 10] and raked.payouts == [9, 10, 0] and raked.rake == 5
    assert settle_pots([4, 10, 10], hands, rake=Rake(25)).payouts == [6, 12, 0]
    assert settle_pots([4, 10, 10], hands, rake=Rake(25, proportional=True)).payouts == [9, 9, 0]


def test_replay_takes_the_printed_rake_of_a_history() -> None:
    hh = HandHistory(
        "FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 ????Kc", "d dh p2 ????3d", "p1 pb", "p2 cbr 4", "p1 f"]
    )
    assert replay(hh).stacks == [97, 103]
    hh.extra["_rake"] = 1
    state = replay(hh)
    assert state.stacks == [97, 102] and state.raked == 1 and isinstance(state.rake, PrintedRake)
    assert loads(dumps(to_phh(state))).extra["_rake"] == 1
    hh.extra["_rake"] = -1
    with pytest.raises(ValueError, match="_rake = -1"):
        replay(hh)
