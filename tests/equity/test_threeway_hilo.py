"""Exact three-way hi-lo (issue 35 item 3): stud8 and stud_hilo with three players counted by
the three-way counts (``_multiway.threeway_hilo_counts``), every figure of the result the
enumeration's integer for integer: checked against enumerating every deal on short decks
(second to seventh street, unequal streets, decks rich in low cards so lows and scoops of
every kind occur), on late streets with the whole deck, and through ``stud_equity``."""

from __future__ import annotations

import random

import pytest

from studeval import _equity
from studeval._multiway import HILO_PASSES, MAX_HILO_WORK, threeway_hilo_counts, threeway_hilo_work, threeway_work
from studeval.cards import format_cards, parse_cards
from studeval.equity import HiLoResult, plan_equity, stud_equity
from studeval.equity.counts import to_result
from studeval.equity.deal import stud_deal
from studeval.equity.exact import exact, threeway_hilo
from studeval.games import get_game

HILO = ["stud8", "stud_hilo"]
# the columns the count fills: the pot share, scoops, high and low halves, no low ("part",
# a share short of the whole pot, is no figure of the result and is not counted)
COLUMNS = [_equity.HILO_COLUMNS.index(c) for c in ("share", "scoop", "high", "low", "nolow")]
FOURTH = ["As 2h 3d 4c", "Kc 7d 8h 8s", "2c 4s 5h Qd"]


def random_deal(
    seed: int, known_counts: tuple[int, int, int], live: int, lows: bool
) -> tuple[list[list[int]], list[int]]:
    """Three players with these many known cards and dead cards leaving ``live`` to come; with
    ``lows`` the nines to kings are dealt last (dead first), so the live cards are mostly low."""
    rng = random.Random(seed * 1000 + live)
    deck = list(range(52))
    rng.shuffle(deck)
    known, at = [], 0
    for k in known_counts:
        known.append(deck[at : at + k])
        at += k
    rest = deck[at:]
    if lows:  # card // 4 is the rank, the deuce 0, the ace 12
        rest.sort(key=lambda c: not 7 <= c // 4 <= 11)
    return known, rest[: len(rest) - live]


def assert_enumerated(deal_known: list[list[int]], dead: list[int], game: str) -> None:
    deal = stud_deal(deal_known, get_game(game), dead)
    counted = threeway_hilo(deal, 2)
    listed = exact(deal, "enumerate", 2, None)
    assert counted.hilo is not None and listed.hilo is not None
    assert counted.deals == listed.deals == deal.deals()
    assert counted.hilo[:, COLUMNS].tolist() == listed.hilo[:, COLUMNS].tolist()


# Short decks: every street (draws of 5 down to 1; the set-by-set part from 4 on, the listed
# pairs and the joint table), and unequal draws
SHORT = [
    ((2, 2, 2), 15),  # second street: r = 5
    ((3, 3, 3), 13),  # third street: r = 4
    ((4, 4, 4), 15),
    ((5, 5, 5), 18),
    ((6, 6, 6), 25),
    ((3, 4, 5), 13),
    ((7, 4, 4), 14),
    ((4, 3, 4), 13),
    ((2, 3, 3), 13),
    ((3, 3, 1), 14),
    ((7, 3, 3), 12),
]


@pytest.mark.parametrize("lows", [False, True])
@pytest.mark.parametrize(("known_counts", "live"), SHORT)
@pytest.mark.parametrize("game", HILO)
def test_matches_enumeration_on_short_decks(
    game: str, known_counts: tuple[int, int, int], live: int, lows: bool
) -> None:
    known, dead = random_deal(live, known_counts, live, lows)
    assert_enumerated(known, dead, game)


@pytest.mark.parametrize("street", [6, 7])
@pytest.mark.parametrize("game", HILO)
def test_late_streets_full_deck(game: str, street: int) -> None:
    for seed in range(3):
        known, dead = random_deal(seed, (street, street, street), 52 - 3 * street, False)
        assert not dead
        assert_enumerated(known, dead, game)


@pytest.mark.parametrize("game", HILO)
def test_fifth_street_full_deck(game: str) -> None:
    """Fifth street, the whole deck: 2.1e8 deals enumerated (a few seconds)."""
    known = [parse_cards(h) for h in ("As 2h 3d 4c 9s", "2c 3c 4d Ks Kh", "Ac 8d 7h 4h Qs")]
    assert_enumerated(known, [], game)


def test_every_kind_of_split_occurs() -> None:
    """Three players showing the same low ranks on a short deck: high and low ties two- and
    three-way, scoops, and deals with no low all occur, and the counts are the enumeration's."""
    known = [parse_cards("2c 3c 4c"), parse_cards("2d 3d 4d"), parse_cards("2h 3h 4h")]
    dead = [c for c in range(52) if c not in {c for k in known for c in k}][12:42]
    for game in HILO:
        got = threeway_hilo_counts(known, dead, get_game(game).low_qualifies)
        _, high_pairs, high_three = got["highs"]
        _, low_pairs, low_three = got["lows"]
        assert min(high_pairs) > 0 and high_three > 0 and min(low_pairs) > 0 and low_three > 0
        assert min(got["scoops"]) > 0
        assert (got["nolow"][0] > 0) == (game == "stud8")
        assert_enumerated(known, dead, game)


@pytest.mark.parametrize("game", HILO)
def test_stud_equity_counts_fourth_street_exactly(game: str) -> None:
    """method="exact" answers fourth street three-way by the count (before: refused, 4.6e11
    deals), every figure the count's integers over the deals, and the figures add up."""
    plan = plan_equity(FOURTH, game=game, method="exact")
    assert (plan.method, plan.kernel) == ("exact", "threeway"), plan.reason
    r = stud_equity(FOURTH, game=game, method="exact")
    assert isinstance(r, HiLoResult) and r.method == "exact"
    deal = stud_deal([parse_cards(h) for h in FOURTH], get_game(game), [])
    expected = to_result(exact(deal, "threeway", 2, None), get_game(game), "exact", seconds=0.0, community=False)
    assert r.deals == deal.deals() == 459_377_318_400
    for name in ("equity", "high", "low", "scoop", "no_low", "stderr"):
        assert getattr(r, name) == getattr(expected, name), name
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)
    assert all(s <= h for s, h in zip(r.scoop, r.high, strict=True))
    assert (r.no_low > 0) == (game == "stud8")


def assert_within_4_standard_errors(exact_r: HiLoResult, mc: HiLoResult) -> None:
    """Every figure of a Monte Carlo result within 4 standard errors of the exact one (a
    binomial's for the chances, the sampled one for the equity)."""
    assert exact_r.method == "exact" and mc.method == "monte-carlo"
    n = mc.deals
    for name in ("high", "low", "scoop"):
        for e, m in zip(getattr(exact_r, name), getattr(mc, name), strict=True):
            assert abs(e - m) <= 4 * max((e * (1 - e) / n) ** 0.5, 1 / n), name
    assert abs(exact_r.no_low - mc.no_low) <= 4 * max((exact_r.no_low * (1 - exact_r.no_low) / n) ** 0.5, 1 / n)
    for e, m, se in zip(exact_r.equity, mc.equity, mc.stderr, strict=True):
        assert se > 0 and abs(e - m) <= 4 * se


@pytest.mark.parametrize("game", HILO)
def test_fourth_street_agrees_with_monte_carlo(game: str) -> None:
    exact_r = stud_equity(FOURTH, game=game, method="exact")
    mc = stud_equity(FOURTH, game=game, method="monte-carlo", samples=400_000, seed=35)
    assert isinstance(exact_r, HiLoResult) and isinstance(mc, HiLoResult)
    assert_within_4_standard_errors(exact_r, mc)


THIRD = ["As 2h 3d", "Kc 7d 8h", "2c 4s 5h"]


def test_third_street_short_deck_agrees_with_monte_carlo() -> None:
    """Third street stud8 (four cards to come each: every part of the count, the set-by-set
    one too), fourteen nines to kings dead so that it takes seconds, against 2,000,000 Monte
    Carlo deals."""
    dead = "Kd Ks Qc Qd Qh Qs Jc Jd Jh Js Tc Td 9s 9h"
    exact_r = stud_equity(THIRD, game="stud8", dead=dead, method="exact")
    assert exact_r.deals == 1_798_194_147_750
    mc = stud_equity(THIRD, game="stud8", dead=dead, method="monte-carlo", samples=2_000_000, seed=35)
    assert isinstance(exact_r, HiLoResult) and isinstance(mc, HiLoResult)
    assert_within_4_standard_errors(exact_r, mc)


@pytest.mark.slow
def test_third_street_agrees_with_monte_carlo() -> None:
    """Third street stud8 with the whole deck (5.3e14 deals; about 20 CPU seconds) against
    4,000,000 Monte Carlo deals."""
    exact_r = stud_equity(THIRD, game="stud8", method="exact")
    assert exact_r.deals == 531_485_201_847_600
    mc = stud_equity(THIRD, game="stud8", method="monte-carlo", samples=4_000_000, seed=35)
    assert isinstance(exact_r, HiLoResult) and isinstance(mc, HiLoResult)
    assert_within_4_standard_errors(exact_r, mc)


@pytest.mark.parametrize("game", HILO)
def test_dead_cards_threads_and_order(game: str) -> None:
    """Dead cards are out of every deal, the threads do not change the integers, and the
    players' order permutes them."""
    players = ["As 2h 3d 9c Kc", "Qc Qd 7s 4h 5h", "8h 9h Th Jh 6d"]
    dead = "Ks Kd 2c 3c"
    one = stud_equity(players, game=game, dead=dead, method="exact", threads=1)
    two = stud_equity(players, game=game, dead=dead, method="exact", threads=2)
    assert plan_equity(players, game=game, dead=dead).kernel == "threeway"
    assert (one.equity, one.scoop, one.high, one.low, one.no_low) == (
        two.equity,
        two.scoop,
        two.high,
        two.low,
        two.no_low,
    )
    turned = stud_equity(players[::-1], game=game, dead=dead, method="exact", threads=2)
    assert turned.scoop == one.scoop[::-1] and turned.high == one.high[::-1] and turned.low == one.low[::-1]
    other = stud_equity(players, game=game, dead="Ts Td 2s 3s", method="exact")
    assert one.deals == other.deals and one.equity != other.equity


def test_third_street_is_planned() -> None:
    """Third street three-way: stud8's count is within its bound (method="exact" takes it; auto
    weighs it against Monte Carlo and samples); stud_hilo's (thousands of lows) is beyond it
    and refused as before."""
    players = ["As 2h 3d", "Kc 7d 8h", "2c 4s 5h"]
    plan = plan_equity(players, game="stud8", method="exact")
    assert (plan.method, plan.kernel) == ("exact", "threeway")
    assert plan.work == threeway_hilo_work(43, (4, 4, 4), True) == HILO_PASSES[True] * threeway_work(43, (4, 4, 4))
    assert plan_equity(players, game="stud8").method == "monte-carlo"
    assert threeway_hilo_work(43, (4, 4, 4), False) > MAX_HILO_WORK
    with pytest.raises(ValueError, match="too many deals"):
        plan_equity(players, game="stud_hilo", method="exact")


def test_bounds_and_bad_input() -> None:
    known = [parse_cards(h) for h in FOURTH]
    with pytest.raises(ValueError, match="max_work"):
        threeway_hilo_counts(known, (), True, max_work=10)
    with pytest.raises(ValueError, match="3 players"):
        threeway_hilo_counts(known[:2])
    with pytest.raises(ValueError, match="twice"):
        threeway_hilo_counts([known[0], known[0], known[1]])
    assert format_cards(known[0]) == FOURTH[0]
