"""Fuzzing the arguments of stud_equity and holdem_equity (issue 11): players, dead cards,
samples, seed, threads, method, game and progress.

Every call ends in ValueError or TypeError, or in a result that holds together (equities in
0..1 summing to 1, win <= equity <= win + tie, no standard error when exact, a seed and a
thread count reproducing a Monte Carlo result) and, for the small exact jobs, equals a brute
force over every deal with the evaluator. Only tiny jobs: late streets, bounded samples.
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as hs

import studeval
from studeval import holdem_equity, stud_equity

FUZZ = settings.get_profile("studeval-fuzz")
EXPECTED = (ValueError, TypeError)
BRUTE_FORCE_DEALS = 3000  # deals a brute force enumerates in well under a second


def outcome(f: Any, *args: Any, **kw: Any) -> tuple[bool, Any]:
    try:
        return True, f(*args, **kw)
    except EXPECTED as exc:
        assert str(exc)
        return False, exc


def check_result(r: studeval.EquityResult, players: int) -> None:
    assert len(r) == len(r.win) == len(r.tie) == len(r.stderr) == players
    assert math.isclose(sum(r.equity), 1.0, abs_tol=1e-9)
    for e, w, t, s in zip(r.equity, r.win, r.tie, r.stderr, strict=True):
        assert -1e-12 <= w <= e + 1e-12 <= w + t + 2e-12 <= 1 + 1e-9
        assert s >= 0
    assert r.method in ("exact", "monte-carlo") and r.deals >= 1
    if r.method == "exact":
        assert r.stderr == (0.0,) * players


def brute_force(
    known: list[list[int]], draws: list[int], board: list[int], community: int, live: list[int]
) -> list[float]:
    """Each player's pot share averaged over every deal: the community cards, then each
    player's own cards in turn, all distinct live cards."""
    shares = [0.0] * len(known)
    deals = 0
    for common in itertools.combinations(live, community):
        rest = [c for c in live if c not in common]

        def deal(i: int, left: list[int], hands: list[list[int]], common: tuple[int, ...] = common) -> None:
            nonlocal deals
            if i == len(known):
                values = [studeval.evaluate(h) for h in hands]
                best = max(values)
                winners = [j for j, v in enumerate(values) if v == best]
                for j in winners:
                    shares[j] += 1 / len(winners)
                deals += 1
                return
            for own in itertools.combinations(left, draws[i]):
                deal(
                    i + 1,
                    [c for c in left if c not in own],
                    [*hands, known[i] + board + list(common) + list(own)],
                    common,
                )

        deal(0, rest, [])
    return [s / deals for s in shares]


def _deals(live: int, draws: list[int], community: int) -> int:
    count = math.comb(live, community)
    live -= community
    for d in draws:
        count *= math.comb(live, d)
        live -= d
    return count


# -------------------------------------------------------------------- strategies

threads_arg = hs.one_of(
    hs.none(), hs.integers(1, 2), hs.integers(), hs.floats(), hs.booleans(), hs.just(np.int64(2)), hs.just("2")
)
seed_arg = hs.one_of(
    hs.none(), hs.integers(0, 2**70), hs.integers(), hs.floats(), hs.booleans(), hs.just(np.int64(3)), hs.just("1")
)
samples_arg = hs.one_of(
    hs.integers(1, 3000),
    hs.integers(-5, 0),
    hs.floats(),
    hs.booleans(),
    hs.none(),
    hs.just(np.int32(100)),
    hs.just("100"),
)
method_arg = hs.one_of(hs.sampled_from(["auto", "monte-carlo"]), hs.text(max_size=12), hs.none(), hs.just(["auto"]))
garbage = hs.one_of(
    hs.text(max_size=12),
    hs.integers(),
    hs.floats(),
    hs.none(),
    hs.binary(max_size=4),
    hs.lists(hs.integers(-2, 60), max_size=4),
    hs.dictionaries(hs.integers(0, 51), hs.integers(0, 51), max_size=2),
    hs.sets(hs.integers(0, 51), max_size=3),
    hs.just(np.array([[1, 2]])),
    hs.just(np.ma.array([1, 2], mask=[0, 1])),
    hs.just(np.array([1.0, 2.0])),
    hs.sampled_from(["[", "[AA", "[AA] Ks", "[KK, QQ+] Kc", "[99+:2] 7d", "[AKs] ", "] As", "[A] [K]", "[AA]]"]),
)


@hs.composite
def stud_question(draw: hs.DrawFn) -> dict[str, Any]:
    """Distinct late-street stud hands (and dead cards) for 2 to 4 players."""
    game = draw(hs.sampled_from(["seven", "five"]))
    total = 7 if game == "seven" else 5
    n = draw(hs.integers(2, 4))
    sizes = [draw(hs.integers(total - 2, total)) for _ in range(n)]
    dead_n = draw(hs.integers(0, 6))
    cards = draw(hs.permutations(range(52)))
    hands, k = [], 0
    for s in sizes:
        hands.append(cards[k : k + s])
        k += s
    return {"game": game, "hands": hands, "dead": cards[k : k + dead_n]}


# -------------------------------------------------------------------- tests


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(q=stud_question(), method=hs.sampled_from(["auto", "exact"]), threads=hs.sampled_from([None, 1, 2]))
def test_small_exact_stud_jobs_equal_a_brute_force(q, method, threads):
    total = 7 if q["game"] == "seven" else 5
    used = [c for h in q["hands"] for c in h] + q["dead"]
    live = [c for c in range(52) if c not in used]
    draws = [total - len(h) for h in q["hands"]]
    assume(_deals(len(live), draws, 0) <= BRUTE_FORCE_DEALS)
    form = [studeval.format_cards(h) for h in q["hands"]]
    r = stud_equity(form, game=q["game"], dead=q["dead"], method=method, threads=threads)
    check_result(r, len(form))
    assert r.method == "exact" and r.deals >= 1
    expected = brute_force(q["hands"], draws, [], 0, live)
    assert np.allclose(r.equity, expected, atol=1e-9)


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(
    cards=hs.permutations(range(52)),
    n=hs.integers(2, 4),
    known=hs.lists(hs.integers(0, 2), min_size=4, max_size=4),
    board_n=hs.integers(3, 5),
    dead_n=hs.integers(0, 4),
    threads=hs.sampled_from([None, 1, 2]),
)
def test_small_exact_holdem_jobs_equal_a_brute_force(cards, n, known, board_n, dead_n, threads):
    hands, k = [], 0
    for i in range(n):
        hands.append(cards[k : k + known[i]])
        k += known[i]
    board, dead = cards[k : k + board_n], cards[k + board_n : k + board_n + dead_n]
    live = cards[k + board_n + dead_n :]
    draws = [2 - len(h) for h in hands]
    assume(_deals(len(live), draws, 5 - board_n) <= BRUTE_FORCE_DEALS)
    r = holdem_equity(hands, board=board, dead=dead, method="exact", threads=threads)
    check_result(r, n)
    assert np.allclose(r.equity, brute_force(hands, draws, board, 5 - board_n, sorted(live)), atol=1e-9)


def is_int(value: object) -> bool:
    """An int or a numpy integer (as for threads), not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


# one argument at a time is hostile (the others valid), so that most examples reach a result
_BAD = {
    "method": method_arg,
    "samples": samples_arg,
    "seed": seed_arg,
    "threads": threads_arg,
    "game": hs.one_of(hs.sampled_from(["razz", "stud8", "holdem", "Seven", ""]), hs.none(), hs.integers()),
    "progress": hs.sampled_from([5, "x", None]),
}


@settings(FUZZ, max_examples=150 * FUZZ.max_examples)
@given(
    q=stud_question(),
    bad=hs.sampled_from(["players", "player", "dead", "none", *_BAD]),
    data=hs.data(),
    samples=hs.integers(1, 3000),
    seed=hs.one_of(hs.none(), hs.integers(0, 2**70)),
    threads=hs.sampled_from([None, 1, 2]),
)
def test_stud_equity_arguments(q, bad, data, samples, seed, threads):
    players: Any = [studeval.format_cards(h) for h in q["hands"]]
    seen: list[float] = []
    kw: dict[str, Any] = {
        "game": q["game"],
        "dead": q["dead"],
        "method": "auto",
        "samples": samples,
        "seed": seed,
        "threads": threads,
        "progress": seen.append,
    }
    if bad == "players":
        players = data.draw(garbage)
    elif bad == "player":
        players[0] = data.draw(garbage)
    elif bad == "dead":
        kw["dead"] = data.draw(garbage)
    elif bad in _BAD:
        kw[bad] = data.draw(_BAD[bad])
    ok, r = outcome(stud_equity, players, **kw)
    if not ok:
        return
    assert kw["game"] in ("seven", "five", "razz", "stud8") and kw["method"] in ("auto", "monte-carlo")
    assert is_int(kw["samples"]) and kw["samples"] >= 1 and studeval.check_threads(kw["threads"]) >= 1
    assert kw["seed"] is None or (is_int(kw["seed"]) and kw["seed"] >= 0)
    check_result(r, len(players))
    assert all(0 <= f <= 1 for f in seen) and seen == sorted(seen)
    if r.method == "monte-carlo":
        assert r.deals == kw["samples"]
        if kw["seed"] is not None and kw["threads"] is not None:
            again = stud_equity(players, **kw)
            assert (again.equity, again.win, again.tie, again.stderr) == (r.equity, r.win, r.tie, r.stderr)


@settings(FUZZ, max_examples=100 * FUZZ.max_examples)
@given(
    cards=hs.permutations(range(52)),
    n=hs.integers(2, 4),
    board_n=hs.integers(3, 5),
    bad=hs.sampled_from(["hands", "hand", "board", "dead", "none", *_BAD]),
    data=hs.data(),
)
def test_holdem_equity_arguments(cards, n, board_n, bad, data):
    hands: Any = [cards[2 * i : 2 * i + 2] for i in range(n)]
    board: Any = cards[2 * n : 2 * n + board_n]
    dead: Any = cards[2 * n + board_n : 2 * n + board_n + 2]
    kw: dict[str, Any] = {"method": "auto", "samples": 1000, "seed": 1, "threads": 1}
    if bad == "hands":
        hands = data.draw(garbage)
    elif bad == "hand":
        hands[0] = data.draw(garbage)
    elif bad == "board":
        board = data.draw(garbage)
    elif bad == "dead":
        dead = data.draw(garbage)
    elif bad != "game" and bad in _BAD:
        kw[bad] = data.draw(_BAD[bad])
    ok, r = outcome(holdem_equity, hands, board, dead, **kw)
    if not ok:
        return
    assert kw["method"] in ("auto", "monte-carlo") and is_int(kw["samples"]) and kw["samples"] >= 1
    check_result(r, len(hands))


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(q=stud_question(), threads=hs.sampled_from([1, 2]), seed=hs.integers(0, 2**64))
def test_monte_carlo_is_reproducible_and_near_the_exact_answer(q, threads, seed):
    form = [studeval.format_cards(h) for h in q["hands"]]
    kw = {"game": q["game"], "dead": q["dead"], "seed": seed, "threads": threads}
    a = stud_equity(form, method="monte-carlo", samples=4000, **kw)
    b = stud_equity(form, method="monte-carlo", samples=4000, **kw)
    check_result(a, len(form))
    assert (a.equity, a.win, a.tie, a.stderr) == (b.equity, b.win, b.tie, b.stderr)
    exact = stud_equity(form, game=q["game"], dead=q["dead"], method="auto", samples=4000, seed=seed)
    if exact.method == "exact":
        # 6 standard errors (plus a floor for an equity of 0 or 1 sampled exactly)
        for m, s, e in zip(a.equity, a.stderr, exact.equity, strict=True):
            assert abs(m - e) <= 6 * s + 0.02


# -------------------------------------------------------------------- found by the fuzzing, in the equity layer (fixed)


def test_progress_reaches_one_on_the_heads_up_exact_path():
    seen: list[float] = []
    r = stud_equity(["As Ah Kd 2c 3c", "Qc Qd 7s 7h 8h"], progress=seen.append)
    assert r.method == "exact"
    assert seen and seen[-1] == 1.0


def test_a_numpy_int_seed_is_taken_like_a_numpy_int_thread_count():
    a = stud_equity(
        ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"],
        method="monte-carlo",
        samples=100,
        seed=np.int64(3),
        threads=np.int64(1),
    )
    b = stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"], method="monte-carlo", samples=100, seed=3, threads=1)
    assert a.equity == b.equity


@pytest.mark.parametrize("hands", [["", "As Kd"], ["As Ah", "Kd"], ["As", ""]])
def test_holdem_river_against_an_unknown_hand(hands):
    board = [0, 21, 30, 35, 4]  # 2c 7d 9h Ts 3c
    r = holdem_equity(hands, board=board)
    known = [studeval.parse_cards(h) for h in hands]
    live = [c for c in range(52) if c not in board and all(c not in h for h in known)]
    assert np.allclose(r.equity, brute_force(known, [2 - len(h) for h in known], board, 0, live), atol=1e-9)


# ---------------------------------------------------------------------------------------------
# Ranges (issue 17, items 3 and 4): any text, and weights across the whole float range

RANGE_WORDS = ["KK", "QQ+", "AKs", "AKo", "A Ks", "Kx Kx", "xs xs", "pair", "split", "any", ":", ",", "0.5", "1e308"]
# range letters and digits, and characters that case folding or Unicode digits read as them
RANGE_CHARS = "AaKkQqSsOoXx+:,. 05" + "\u212a\u017f\u0665\uff21\u2003\u0131\u00a0"


def check_range(r: studeval.ranges.HoleRange, hole: int) -> None:
    assert r.combos and len(r.combos) == len(r.weights) == len(set(r.combos))
    for combo, w in zip(r.combos, r.weights, strict=True):
        assert len(combo) == hole and list(combo) == sorted(set(combo)) and all(0 <= c < 52 for c in combo)
        assert 0 < w < math.inf


@settings(FUZZ, max_examples=200 * FUZZ.max_examples)
@given(
    text=hs.one_of(
        hs.text(max_size=30),
        hs.text(hs.sampled_from(RANGE_CHARS), max_size=8),
        hs.lists(hs.sampled_from(RANGE_WORDS) | hs.text(hs.sampled_from(RANGE_CHARS), max_size=3), max_size=5).map(
            " ".join
        ),
    ),
    hole=hs.sampled_from([1, 2]),
    door=hs.sampled_from([None, 0, 44, 51]),
)
def test_any_text_is_a_range_or_a_clear_error(text: str, hole: int, door: int | None) -> None:
    """Arbitrary text (any Unicode) read as a range or as a player: a ValueError/TypeError with
    a message, or a valid range; whatever is accepted is ASCII (no look-alike is read as a rank,
    a suit or a digit)."""
    ok, r = outcome(studeval.ranges.parse_range, text, hole=hole, door=door)
    if ok:
        assert text.isascii()
        check_range(r, hole)
    ok, got = outcome(studeval.ranges.parse_player, f"[{text}] Qc 7d", game="five" if hole == 1 else "seven")
    if ok:
        assert text.isascii()
        check_range(got[0], hole)


# two ranged players on seventh street and a third to come: every combination of their hand
# classes counted alone, once (unit weights), then mixed by the fuzzed weights as fractions
WEIGHTED = ["[{a}, {b}] 2c 5d 8h 9h 7s", "[{c}, {d}] 3c 6d 8s 9s 7h", "Jd Js 4h 4s 5s 6s"]
CLASSES = (("AA", "KK"), ("AA", "QQ"))


@functools.cache
def class_pair(x: str, y: str) -> tuple[int, tuple[float, ...]]:
    """(combinations that share no card, the exact equities) of class x against class y."""
    players = [WEIGHTED[0].format(a=x, b=x), WEIGHTED[1].format(c=y, d=y), WEIGHTED[2]]
    visible = set(studeval.parse_cards(" ".join(p.split("] ")[-1] for p in players)))
    hx = studeval.ranges.parse_range(x).live(visible)
    hy = studeval.ranges.parse_range(y).live(visible)
    pairs = sum(not set(a) & set(b) for (a, _), (b, _) in itertools.product(hx, hy))
    return pairs, stud_equity(players, method="exact").equity


weight = (
    hs.floats()
    | hs.floats(min_value=0.0)
    | hs.sampled_from([5e-324, 1e-300, 1e300, 1.7976931348623157e308, -1.0, math.inf, math.nan])
)


@settings(FUZZ, max_examples=100 * FUZZ.max_examples)
@given(a=weight, b=weight, c=weight, d=weight, method=hs.sampled_from(["auto", "monte-carlo"]))
def test_any_weights_give_the_weighted_mean_or_a_clear_error(a, b, c, d, method):
    """Weights anywhere in the float range (subnormal to the largest, and inf, nan, negative):
    a ValueError naming the weight, or finite equities equal (exact) or close (Monte Carlo,
    4 standard errors) to the mean of the class pairs' equities weighted by the products of
    the weights and the pairs' combinations, in fractions: no overflow, underflow or NaN."""
    players = [
        WEIGHTED[0].format(a=f"AA:{a!r}", b=f"KK:{b!r}"),
        WEIGHTED[1].format(c=f"AA:{c!r}", d=f"QQ:{d!r}"),
        WEIGHTED[2],
    ]
    ok, r = outcome(stud_equity, players, method=method, samples=20_000, seed=1)
    bad = [w for w in (a, b, c, d) if not (math.isfinite(w) and w >= 0)]
    if bad or not (a or b) or not (c or d):
        assert not ok and ("weight" in str(r) or "no hand with a weight above 0" in str(r)), r
        return
    num, den = [Fraction(0)] * 3, Fraction(0)
    for (x, wx), (y, wy) in itertools.product(
        zip(CLASSES[0], (a, b), strict=True), zip(CLASSES[1], (c, d), strict=True)
    ):
        pairs, equity = class_pair(x, y)
        w = Fraction(wx) * Fraction(wy) * pairs
        num = [n + w * Fraction(e) for n, e in zip(num, equity, strict=True)]
        den += w
    assert ok, r
    check_result(r, 3)
    expect = [float(n / den) for n in num]
    for p in range(3):
        if r.method == "exact":
            assert r.equity[p] == pytest.approx(expect[p], abs=1e-9)
        else:
            assert abs(r.equity[p] - expect[p]) <= 4 * r.stderr[p] + 1e-9


RANGE_ITEMS = ["AA", "KK", "QQ", "AK", "AQ", "KQ", "AKs", "As Kx", "Kh Qx", "AsAh", "KsQs", "Ax Ks"]


@settings(FUZZ, max_examples=30 * FUZZ.max_examples)
@given(
    items=hs.lists(
        hs.lists(hs.tuples(hs.sampled_from(RANGE_ITEMS), hs.sampled_from([0.25, 1, 3])), min_size=1, max_size=3),
        min_size=2,
        max_size=3,
    ),
    ups=hs.sampled_from([(5, 5, 5), (5, 4, 5), (4, 5, 5), (4, 4, 5)]),
    cards=hs.permutations([c for c in range(52) if c >> 2 < 10]),  # no queen, king or ace up
    draws=hs.sampled_from([(1_000_000, 4096), (1_000_000, 0), (0, 0)]),
    seed=hs.integers(0, 2**32),
)
def test_range_monte_carlo_is_near_the_exact_count(items, ups, cards, draws, seed):
    """Random clashing ranges (aces, kings and queens, some of them by suit), on the last
    streets (at most one card to come for at most two players, so that the exact count is
    quick): Monte Carlo, whichever way it draws the hands, is within 4 standard errors of
    the exact count, or both refuse the question alike."""
    from unittest import mock

    import studeval.equity.ranged as equity_module

    players, k = [], 0
    for player, up in zip(items, ups, strict=False):
        text = ", ".join(f"{item}:{w}" for item, w in player)
        players.append(f"[{text}] " + studeval.format_cards(cards[k : k + up]))
        k += up
    ok, exact = outcome(stud_equity, players, method="exact")
    assume(ok or "too much work" not in str(exact))
    with mock.patch.multiple(equity_module, _RANGE_MAX_HANDS=draws[0], _RANGE_MAX_GROUPS=draws[1]):
        mc_ok, mc = outcome(stud_equity, players, method="monte-carlo", samples=20_000, seed=seed)
    if not ok:
        assert not mc_ok and "dealt together" in str(exact) and "dealt together" in str(mc), (exact, mc)
        return
    assert mc_ok, mc
    check_result(mc, len(players))
    for p in range(len(players)):
        assert abs(mc.equity[p] - exact.equity[p]) <= 4 * mc.stderr[p] + 1e-12, (p, mc, exact)
