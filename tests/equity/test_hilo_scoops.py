"""Issue 22 item 3: hi-lo halves and scoops exact heads-up on every street.

The heads-up count of a hi-lo pot (stud8 with its eight-or-better qualifier, stud_hilo
without) counts the scoops by a two-key count (``_equity.headsup_dominance``: the pairs where
one hand beats the other on the high and on the low at once). Checked against every pair of
completions valued by the slow reference evaluators (studeval._reference), with many dead
cards where the street is early, and against Monte Carlo on a full third street."""

from __future__ import annotations

import math
import random
import sys

import numpy as np
import pytest
from interrupts import longest_without_a_look
from questions import close, completions, random_question, reference_values

from studeval import _equity, parse_cards
from studeval.equity import HiLoResult, plan_equity, stud_equity
from studeval.equity.deal import stud_deal
from studeval.equity.exact import exact
from studeval.games import GAMES, get_game
from studeval.kinds import HAND_KINDS

HILO_GAMES = [name for name, g in GAMES.items() if g.hilo]


def valued_completions(known: list[int], live: list[int], draws: int, game: str) -> tuple[np.ndarray, ...]:
    """Every completion of a hand: its cards as a bit mask, its high and its low value (by the
    reference evaluators: the low8 with 0 for no qualifying low)."""
    high, low = get_game(game).pot
    masks, hands = completions(known, live, draws)
    return masks, reference_values(hands, high), reference_values(hands, low)


def brute_force(players: list[str], game: str, dead: str = "") -> dict[str, list[float]]:
    """Every pair of disjoint completions, each pot split by the rules as written: the high
    half to the best high, the low half to the best low (with a qualifier: the best
    qualifying one, and none at all gives the high the whole pot); ties share a half. A
    scoop is the whole pot alone."""
    hands = [parse_cards(p) for p in players]
    used = {c for h in hands for c in h} | set(parse_cards(dead))
    live = [c for c in range(52) if c not in used]
    (ma, ha, la), (mb, hb, lb) = (valued_completions(h, live, 7 - len(h), game) for h in hands)
    qualifier = get_game(game).low_qualifies
    total = {k: np.zeros(2) for k in ("equity", "high", "low", "scoop")}
    deals = no_low = 0
    for m, h, lo in zip(ma.tolist(), ha.tolist(), la.tolist(), strict=True):
        ok = (mb & m) == 0
        h2, l2 = hb[ok], lb[ok]
        deals += int(ok.sum())
        nobody = (lo == 0) & (l2 == 0) if qualifier else np.zeros(len(h2), dtype=bool)
        no_low += int(nobody.sum())
        high_share = np.where(h > h2, 1.0, np.where(h == h2, 0.5, 0.0))
        low_share = np.where(lo > l2, 1.0, np.where(lo == l2, 0.5, 0.0))
        pot = np.where(nobody, high_share, (high_share + low_share) / 2)  # player 0's share
        for p, share, won_high, won_low in (
            (0, pot, high_share > 0, (low_share > 0) & ~nobody),
            (1, 1 - pot, high_share < 1, (low_share < 1) & ~nobody),
        ):
            total["equity"][p] += share.sum()
            total["high"][p] += won_high.sum()
            total["low"][p] += won_low.sum()
            total["scoop"][p] += (share == 1.0).sum()
    result = {k: (v / deals).tolist() for k, v in total.items()}
    result["no_low"] = [no_low / deals]
    result["deals"] = [deals]
    return result


def check(r: HiLoResult | object, b: dict[str, list[float]]) -> None:
    assert isinstance(r, HiLoResult) and r.method == "exact" and r.deals == b["deals"][0]
    for figure in ("equity", "high", "low", "scoop"):
        assert close(getattr(r, figure), b[figure]), figure
    assert r.no_low is not None and close([r.no_low], b["no_low"])


@pytest.mark.parametrize("game", HILO_GAMES)
def test_early_streets_on_a_short_deck_equal_brute_force(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Third and fourth street, and third against two up cards, with enough dead cards for
    brute force; the planner's enumeration threshold set to nothing so the heads-up count
    (one-key counts and the two-key count) answers, as it does on a full deck."""
    import studeval.equity.plan as plan_module

    monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", 0)
    rng = random.Random(22)
    for known, ndead in (([3, 3], 30), ([4, 4], 29), ([3, 2], 32), ([4, 3], 30)):
        players, dead = random_question(rng, known, ndead)
        assert plan_equity(players, game=game, dead=dead, method="exact").kernel == "headsup"
        check(stud_equity(players, game=game, dead=dead, method="exact"), brute_force(players, game, dead))


@pytest.mark.parametrize("game", HILO_GAMES)
def test_late_streets_equal_brute_force(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fifth and sixth street on a full deck, by the heads-up count (enumeration would take
    them: the threshold is set to nothing)."""
    import studeval.equity.plan as plan_module

    monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", 0)
    rng = random.Random(3)
    for known in ([5, 5], [6, 6], [6, 5]):
        players, dead = random_question(rng, known, 4)
        check(stud_equity(players, game=game, dead=dead, method="exact"), brute_force(players, game, dead))


@pytest.mark.parametrize("game", HILO_GAMES)
def test_against_a_door_card_on_a_short_deck_equals_brute_force(game: str) -> None:
    """One opponent shown by a door card only (six cards to come): the heads-up count card by
    card gives the scoops too (the rank-multiset count does not take hi-lo pots)."""
    players, dead = random_question(random.Random(9), [3, 1], 32)
    plan = plan_equity(players, game=game, dead=dead, method="exact")
    assert plan.kernel == "headsup"
    check(stud_equity(players, game=game, dead=dead, method="exact"), brute_force(players, game, dead))


@pytest.mark.parametrize("game", HILO_GAMES)
def test_third_street_within_four_standard_errors_of_monte_carlo(game: str) -> None:
    players = ["As 2d 3c", "Kh 7d 8s"]
    assert plan_equity(players, game=game).method == "exact"  # auto counts it exactly
    exact = stud_equity(players, game=game)
    mc = stud_equity(players, game=game, method="monte-carlo", samples=300_000, seed=22)
    assert isinstance(exact, HiLoResult) and isinstance(mc, HiLoResult) and exact.method == "exact"
    assert exact.deals == 18_265_297_050
    for p in range(2):
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]
        for e, m in ((exact.scoop[p], mc.scoop[p]), (exact.high[p], mc.high[p]), (exact.low[p], mc.low[p])):
            assert 0 < e < 1 and abs(m - e) < 4 * math.sqrt(e * (1 - e) / mc.deals)
    # a pot is scooped by one player, split, or (heads-up) nothing else
    assert sum(exact.scoop) < 1 and exact.no_low is not None


@pytest.mark.slow
def test_third_street_against_a_door_card_full_deck() -> None:
    """The issue's query: stud8 third street against a door card, exact (tens of seconds)."""
    r = stud_equity(["As 2d 3c", "Kh"], game="stud8", method="exact")
    mc = stud_equity(["As 2d 3c", "Kh"], game="stud8", method="monte-carlo", samples=300_000, seed=5)
    assert isinstance(r, HiLoResult) and isinstance(mc, HiLoResult)
    for p in range(2):
        e = r.scoop[p]
        assert abs(mc.scoop[p] - e) < 4 * math.sqrt(e * (1 - e) / mc.deals)


def test_the_two_key_count_equals_brute_force_on_small_decks() -> None:
    """The kernel alone, every shape of draws (the subsets of s - 1 cards paired directly when
    both draw s; a side drawing nothing), both lows: the pairs where one side beats the other
    on both keys (a tie on either counts for neither; so does no low against no low)."""
    rng = random.Random(1)
    keys = {**_equity.KEYS, **{k.name: _equity.KEYS[k.code] for k in HAND_KINDS.values()}}  # by a kind's name too
    for ra, rb in ((4, 4), (3, 3), (4, 2), (2, 4), (1, 1), (0, 2), (3, 4), (2, 0)):
        deck = rng.sample(range(52), 52)
        ka, kb, live = deck[: 7 - ra], deck[7 - ra : 14 - ra - rb], deck[14 - ra - rb : 26 - ra - rb]
        for game in HILO_GAMES:
            high, low = get_game(game).pot
            (ma, ha, la), (mb, hb, lb) = valued_completions(ka, live, ra, game), valued_completions(kb, live, rb, game)
            ok = (ma[:, None] & mb[None, :]) == 0
            want = (
                int((ok & (ha[:, None] > hb[None, :]) & (la[:, None] > lb[None, :])).sum()),
                int((ok & (hb[None, :] > ha[:, None]) & (lb[None, :] > la[:, None])).sum()),
            )
            got = _equity.headsup_dominance(
                np.array(live, np.uint8), np.array(ka, np.uint8), ra, np.array(kb, np.uint8), rb, keys[high], keys[low]
            )
            assert got == want, (ra, rb, game)
            swapped = _equity.headsup_dominance(
                np.array(live, np.uint8),
                np.array(kb, np.uint8),
                rb,
                np.array(ka, np.uint8),
                ra,
                keys[high],
                keys[low],
                2,
            )
            assert swapped == want[::-1]


def test_the_two_key_count_refuses_bad_input() -> None:
    live, a, b = np.arange(10, 40, dtype=np.uint8), np.array([0, 1, 2], np.uint8), np.array([3, 4, 5], np.uint8)
    with pytest.raises(ValueError, match="unknown keys 0, 99"):
        _equity.headsup_dominance(live, a, 4, b, 4, 0, 99)
    with pytest.raises(ValueError, match="card 3 appears twice"):
        _equity.headsup_dominance(live, a, 4, np.array([3, 3, 5], np.uint8), 4)
    with pytest.raises(ValueError, match="player 1 would end with 8 cards"):
        _equity.headsup_dominance(live, a, 4, b, 5)
    with pytest.raises(ValueError, match="cancel must hold one int32"):
        _equity.headsup_dominance(live, a, 4, b, 4, cancel=np.zeros(2, np.int32))


@pytest.mark.parametrize("game", HILO_GAMES)
def test_no_method_leaves_the_scoop_out(game: str) -> None:
    """Every path of a hi-lo question gives the scoops as numbers: the heads-up count, a
    range of hole cards (the mean of its hands' counts), enumeration, Monte Carlo."""
    questions = [
        (["As 2d 3c 4h", "Kh 7d 8s 8c"], {}),  # heads-up count
        (["As 2d 3c 4h 9s", "Kh 7d 8s 8c 5h"], {}),  # enumerated
        (["As 2d 3c", "Kh 7d 8s", "Qc Jd 4s 5s"], {"method": "monte-carlo", "samples": 2000, "seed": 1}),
    ]
    for players, options in questions:
        r = stud_equity(players, game=game, **options)
        assert isinstance(r, HiLoResult) and all(0 <= x <= 1 for x in r.scoop)
        assert all(p["scoop"] is not None for p in r.to_dict()["players"])
    wide = stud_equity(["As 2h 3d 4c", "[77, 8c 8d] Kc 6s"], game=game, dead="Qs 7s")
    parts = [
        stud_equity(["As 2h 3d 4c", f"{h} Kc 6s"], game=game, dead="Qs 7s")
        for h in ("7c 7d", "7c 7h", "7d 7h", "8c 8d")
    ]
    assert isinstance(wide, HiLoResult) and wide.method == "exact"
    assert close(wide.scoop, [sum(r.scoop[p] for r in parts) / 4 for p in range(2)])


# third street against two up cards (eight or better) and against three (ace-to-five, two digits)
_QUESTIONS = [("As 2h 3d", "Kd Qc", "low8"), ("As 2h 3d", "Kc 7d 8h", "low")]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("a", "b", "low"), _QUESTIONS, ids=[low for _, _, low in _QUESTIONS])
def test_the_two_key_count_looks_at_signals_all_along(a: str, b: str, low: str) -> None:
    """As the one-key count (tests/equity/test_interrupt.py): a timer signal every 5 ms of CPU
    runs its handler only when the kernel looks at pending signals; the longest stretch of
    CPU time without a look is at most a tenth of the count, or 0.15 CPU seconds (the
    two-key count looks every few hundredths of a second; the eight-or-better count takes
    half a second and more, the ace-to-five one a fifth)."""
    known_a, known_b = parse_cards(a), parse_cards(b)
    live = np.array([c for c in range(52) if c not in {*known_a, *known_b}], dtype=np.uint8)
    keys = {**_equity.KEYS, **{k.name: _equity.KEYS[k.code] for k in HAND_KINDS.values()}}  # by a kind's name too
    total, gap = longest_without_a_look(
        lambda: _equity.headsup_dominance(
            live,
            np.array(known_a, dtype=np.uint8),
            7 - len(known_a),
            np.array(known_b, dtype=np.uint8),
            7 - len(known_b),
            keys["high"],
            keys[low],
        )
    )
    assert gap < max(0.15, total / 10), f"{low}: {gap} s without a look at signals in {total} s"


@pytest.mark.parametrize("game", HILO_GAMES)
def test_the_heads_up_count_fills_every_column_as_enumeration_does(game: str) -> None:
    """Every column of the hi-lo count (pot share, scoops, split pots, high, low) and the
    deals with no low, integer for integer, against the enumeration of every deal."""
    rng = random.Random(12)
    for known in ([5, 5], [5, 6], [4, 4]):
        players, dead = random_question(rng, known, 20 if known == [4, 4] else 2)
        deal = stud_deal([parse_cards(p) for p in players], get_game(game), parse_cards(dead))
        counted, enumerated = exact(deal, "headsup", 1, None), exact(deal, "enumerate", 1, None)
        assert counted.hilo is not None and enumerated.hilo is not None
        assert counted.deals == enumerated.deals
        assert counted.hilo.tolist() == enumerated.hilo.tolist()
        if get_game(game).low_qualifies:
            assert counted.nolow == enumerated.nolow is not None
