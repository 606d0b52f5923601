"""Equity of razz and seven card stud hi-lo (stud8) against brute force and Monte Carlo."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from questions import close, random_question

from studeval._reference import brute_force_equity
from studeval.equity import HiLoResult, sharded_equity, stud_equity


def brute_force(players: list[str], game: str, dead: str = "") -> dict[str, list[float]]:
    """Every deal listed and each showdown judged by the slow oracle
    (studeval._reference.brute_force_equity): its figures by name."""
    r = brute_force_equity(players, game=game, dead=dead)
    figures = {"equity": list(r.equity), "deals": [r.deals]}
    if isinstance(r, HiLoResult):
        figures |= {"scoop": list(r.scoop), "high": list(r.high), "low": list(r.low), "no_low": [r.no_low]}
    return figures


@pytest.mark.parametrize("game", ["razz", "stud8"])
@pytest.mark.parametrize(
    ("known", "ndead"), [((6, 6), 0), ((6, 5), 3), ((5, 6), 1), ((6, 6, 6), 2), ((6, 6, 5), 1), ((7, 6, 6), 0)]
)
def test_late_streets_equal_brute_force(game: str, known: tuple[int, ...], ndead: int) -> None:
    rng = random.Random(f"{game} {known} {ndead}")  # a str seed is stable; hash() of one is not
    for _ in range(3):
        players, dead = random_question(rng, list(known), ndead)
        r = stud_equity(players, game=game, dead=dead)
        b = brute_force(players, game, dead)
        assert r.method == "exact" and r.deals == b["deals"][0]
        assert close(r.equity, b["equity"]), (players, dead)
        if game == "stud8":
            assert isinstance(r, HiLoResult) and r.scoop is not None
            assert close(r.scoop, b["scoop"]) and close(r.high, b["high"]) and close(r.low, b["low"])
            # the chance of no low is counted too, heads-up and multiway (the enumeration)
            assert close([r.no_low], b["no_low"])
        else:
            assert not isinstance(r, HiLoResult)


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_headsup_count_equals_brute_force(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fifth street heads-up (each side draws two) through the heads-up count: razz takes it
    anyway; stud8 would enumerate so cheap a question (to count scoops), so the threshold is
    set to nothing here and the four one-key counts and the two-key count must give the
    brute-force shares and scoops."""
    import studeval.equity.plan as plan_module

    monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", 0)
    rng = random.Random(5)
    for _ in range(2):
        players, dead = random_question(rng, [5, 5], 2)
        r = stud_equity(players, game=game, dead=dead)
        b = brute_force(players, game, dead)
        assert r.method == "exact" and close(r.equity, b["equity"])
        if game == "stud8":
            # the heads-up count: the scoops (two keys at once) and the chance of no low
            assert isinstance(r, HiLoResult) and r.no_low is not None
            assert close(r.high, b["high"]) and close(r.low, b["low"]) and close([r.no_low], b["no_low"])
            assert close(r.scoop, b["scoop"])


def test_stud8_headsup_count_matches_enumeration_on_fourth_street(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fourth street heads-up through the heads-up count (not the enumeration a question
    this small would take for its scoops), on a short deck: 24 cards dead leave the 775,200
    deals the oracle lists one by one; every figure equal."""
    import studeval.equity.plan as plan_module

    monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", 0)
    players = ["As 2h 3d 9c", "Kc 7d 8h 8s"]
    dead = "2c 2s 4d 5c 5h 5s 7s 8c 8d 9d Tc Td Th Ts Jd Js Qc Qd Qh Kd Kh Ac Ad Ah"
    r = stud_equity(players, game="stud8", dead=dead)
    assert isinstance(r, HiLoResult) and "the heads-up count" in r.plan
    b = brute_force(players, "stud8", dead)
    assert r.deals == b["deals"][0] and 0 < r.no_low < 1
    assert close(r.equity, b["equity"]) and close(r.scoop, b["scoop"]) and close([r.no_low], b["no_low"])
    assert close(r.high, b["high"]) and close(r.low, b["low"])


def test_stud8_headsup_count_agrees_with_monte_carlo_on_fourth_street() -> None:
    # fourth street, the whole deck live: stud8 heads-up takes the heads-up count; too many
    # deals to list, so the count is compared with a Monte Carlo run, and its high and low
    # with their own sum rules.
    r = stud_equity(["As 2h 3d 9c", "Kc 7d 8h 8s"], game="stud8", dead="4c 5s")
    assert isinstance(r, HiLoResult) and r.method == "exact" and r.no_low is not None
    assert 0 < r.no_low < 1
    mc = stud_equity(
        ["As 2h 3d 9c", "Kc 7d 8h 8s"], game="stud8", dead="4c 5s", method="monte-carlo", samples=400_000, seed=3
    )
    for p in range(2):
        assert abs(mc.equity[p] - r.equity[p]) < 4 * mc.stderr[p]
        assert isinstance(r, HiLoResult) and isinstance(mc, HiLoResult)
        assert abs(mc.high[p] - r.high[p]) < 4 * math.sqrt(r.high[p] * (1 - r.high[p]) / mc.deals) + 1e-9
        assert abs(mc.low[p] - r.low[p]) < 4 * math.sqrt(r.low[p] * (1 - r.low[p]) / mc.deals) + 1e-9
        assert abs(mc.scoop[p] - r.scoop[p]) < 4 * math.sqrt(r.scoop[p] * (1 - r.scoop[p]) / mc.deals) + 1e-9


def test_no_low_goes_whole_to_the_high() -> None:
    # AAAKK-x-x against 999TT-x-x, neither with a low possible: the high takes the whole pot
    r = stud_equity(["As Ad Ac Ks Kd Qh Jh", "9s 9d 9c Ts Td Qc Jc"], game="stud8")
    assert r.equity == (1.0, 0.0) and r.scoop == (1.0, 0.0) and r.low == (0.0, 0.0) and r.high == (1.0, 0.0)
    # still to come, but no low possible for either: every deal is the high's whole pot
    r = stud_equity(["As Ad Ac Ks Kd Qh", "9s 9d 9c Ts Td Qc"], game="stud8")
    b = brute_force(["As Ad Ac Ks Kd Qh", "9s 9d 9c Ts Td Qc"], "stud8")
    assert close(r.equity, b["equity"]) and r.low == (0.0, 0.0)


def test_quartered_and_split_shares() -> None:
    # both hold A-2-3-4-5 low and the same high: each gets half of each half
    r = stud_equity(["Ac 2c 3d 4h 5s Kd Kh", "Ad 2d 3h 4s 5c Ks Kc"], game="stud8")
    assert r.equity == (0.5, 0.5) and r.scoop == (0.0, 0.0) and r.high == (1.0, 1.0) and r.low == (1.0, 1.0)
    # one wheel against a bare 7-6 low with a better high: the low and the high split the pot
    r = stud_equity(["Ac 2c 3d 4h 5s Kd Qh", "9d 9h 9s 7c 6c 4d 2h"], game="stud8")
    assert r.equity == (1.0, 0.0) or r.equity == (0.5, 0.5)
    b = brute_force(["Ac 2c 3d 4h 5s Kd Qh", "9d 9h 9s 7c 6c 4d 2h"], "stud8")
    assert close(r.equity, b["equity"])


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_monte_carlo_within_four_standard_errors_of_exact(game: str) -> None:
    players = ["As 2h 3d", "Kc 7d 8h"]
    exact = stud_equity(players, game=game, dead="4c")
    mc = stud_equity(players, game=game, dead="4c", method="monte-carlo", samples=300_000, seed=11)
    assert exact.method == "exact" and mc.method == "monte-carlo"
    for p in range(2):
        assert 0 < mc.stderr[p] < 0.01
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]
    three = ["As 2h 3d 4s Jc Tc", "Kc 7d 8h 6c 2s 3c", "Qd Qh 5c 9s 4d 8d"]
    mc3 = stud_equity(three, game=game, method="monte-carlo", samples=200_000, seed=2)
    ex3 = stud_equity(three, game=game, method="exact")
    for p in range(3):
        assert abs(mc3.equity[p] - ex3.equity[p]) < 4 * mc3.stderr[p] + 1e-12
    if game == "stud8":  # the deals with no low, a binomial count beside the pot shares
        for m, e in ((mc, exact), (mc3, ex3)):
            assert isinstance(m, HiLoResult) and isinstance(e, HiLoResult)
            assert abs(m.no_low - e.no_low) < 4 * math.sqrt(e.no_low * (1 - e.no_low) / m.deals) + 1e-12


def check_sum_rules(r: HiLoResult) -> None:
    assert isinstance(r, HiLoResult)
    assert math.isclose(sum(r.equity), 1.0, abs_tol=1e-9)
    # someone always wins the high (or the whole pot); at most the deals with a low have a low
    assert sum(r.high) >= 1.0 - 1e-9
    for p in range(len(r)):
        assert 0.0 <= r.low[p] <= 1.0 and 0.0 <= r.high[p] <= 1.0
        # a share is at most the high half or the whole pot plus the low half
        assert r.equity[p] <= r.high[p] + r.low[p] / 2 + 1e-9
        if r.scoop is not None:
            # the scoop counts whole pots: equity >= scoop
            assert r.scoop[p] <= min(r.high[p], r.equity[p]) + 1e-9
    # every figure a number, or absent by its type: never NaN
    for figure in (r.equity, r.high, r.low, r.stderr, r.scoop or (), [r.no_low] if r.no_low is not None else []):
        assert all(math.isfinite(x) for x in figure)


@pytest.mark.parametrize(
    "players",
    [
        ["As 2h 3d 4c 9s", "Kc 7d 8h 6s 5h", "2c 3s 7c Jd Jh"],
        ["As 2h 3d 4c 9s 9h", "Kc 7d 8h 6s 5h"],
        ["As 2h 3d", "Kc 7d 8h"],
    ],
)
def test_stud8_sum_rules(players: list[str]) -> None:
    exact = stud_equity(players, game="stud8")
    check_sum_rules(exact)
    mc = stud_equity(players, game="stud8", method="monte-carlo", samples=50_000, seed=9)
    check_sum_rules(mc)
    # Monte Carlo counts scoops everywhere; at most one player scoops a deal
    assert mc.scoop is not None
    assert sum(mc.scoop) <= 1.0 + 1e-12
    # a deal with a low pays two halves: the high and low chances add up to at least one each
    # way, and the equity is at least what the scoops alone give
    assert all(e >= s - 1e-12 for e, s in zip(mc.equity, mc.scoop, strict=True))


def test_dead_cards_and_ranges_for_the_new_games() -> None:
    for game in ("razz", "stud8"):
        one = stud_equity(["As 2h 3d 4c 9s", "[7c 8c] Kc 6s 5h"], game=game, dead="Qs")
        same = stud_equity(["As 2h 3d 4c 9s", "7c 8c Kc 6s 5h"], game=game, dead="Qs")
        assert close(one.equity, same.equity)
        wide = stud_equity(["As 2h 3d 4c 9s", "[77, 88] Kc 6s 5h"], game=game, dead="Qs 7s")
        parts = [
            stud_equity(["As 2h 3d 4c 9s", f"{h} Kc 6s 5h"], game=game, dead="Qs 7s")
            for h in ("7c 7d", "7c 7h", "7d 7h")
        ]
        parts += [
            stud_equity(["As 2h 3d 4c 9s", f"{a} {b} Kc 6s 5h"], game=game, dead="Qs 7s")
            for a, b in itertools.combinations(["8c", "8d", "8h", "8s"], 2)
        ]
        assert close(wide.equity, [sum(r.equity[p] for r in parts) / len(parts) for p in range(2)])


def test_razz_deck_exhaustion_shares_the_seventh_card() -> None:
    cards = ["".join(c) for c in itertools.product("23456789TJQKA", "cdhs")]
    hands = [" ".join(cards[i * 6 : i * 6 + 6]) for i in range(8)]
    for game in ("razz", "stud8"):
        r = stud_equity(hands, game=game)
        assert r.community_card and r.method == "exact" and math.isclose(sum(r.equity), 1.0)


def test_sharded_equity_agrees_for_the_new_games() -> None:
    for game in ("razz", "stud8"):
        players = ["As 2h 3d", "Kc 7d 8h", "Qd 9h 4s"]
        a = sharded_equity(players, game=game, method="monte-carlo", samples=30_000, seed=5, tasks=3)
        b = stud_equity(players, game=game, method="monte-carlo", samples=30_000, seed=5, threads=3)
        assert type(a) is type(b) and a.records() == b.records()  # every figure, hi-lo's too
        e = sharded_equity(["As 2h 3d 4c 9s 9h", "Kc 7d 8h 6s 5h"], game=game)
        assert e.method == "exact" and close(
            e.equity, stud_equity(["As 2h 3d 4c 9s 9h", "Kc 7d 8h 6s 5h"], game=game).equity
        )


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="'lowball'"):
        stud_equity(["As", "Kd"], game="lowball")
