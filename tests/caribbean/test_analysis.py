"""The exact analysis of the banked game against brute force, Monte Carlo and the published
return table (Wizard of Odds, Caribbean Stud Poker, no progressive)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from studeval import caribbean
from studeval.caribbean import QUALIFYING_VALUE, PayTable, advise, analyze
from studeval.evaluate import evaluate, evaluate_batch


def _line(value: int) -> int:
    return caribbean.PAY_LINES.index(caribbean.pay_line(value))


_LINE_OF = np.array([0] + [_line(v) for v in range(1, 7463)])  # pay line of each hand value


def _exact(counts: np.ndarray) -> np.ndarray:
    return np.rint(counts).astype(np.int64)


def brute_force(
    ranks: str, paytable: PayTable = caribbean.STANDARD_PAYTABLE, *, change: bool = False, winning_antes: bool = False
):
    """Every player hand, up card, (replacement card) and dealer hand of a small deck, counted
    one by one with plain numpy; returns the return-table rows the way analyze() builds them.
    ``winning_antes``: the option of R70 (without the change only)."""
    assert not (change and winning_antes)
    deck = [4 * "23456789TJQKA".index(r) + s for r in ranks for s in range(4)]
    n = len(deck)
    pays = [Fraction(p) for p in paytable.as_list()]
    halves = [Fraction(p) for p in paytable.as_list(changed=True)]
    scale = math.lcm(*(p.denominator for p in pays + halves))
    pay = [int(p * scale) for p in pays]
    half = [int(p * scale) for p in halves]
    # the value of every five-card set, looked up by its bitmask over the deck
    all_five = np.array(list(itertools.combinations(range(n), 5)), dtype=np.int64)
    value_of = np.zeros(1 << n, dtype=np.int64)
    value_of[(1 << all_five).sum(axis=1)] = evaluate_batch(np.array(deck, dtype=np.uint8)[all_five])
    t5, t6 = math.comb(n - 6, 4), math.comb(n - 7, 4)
    nc = np.zeros(16, dtype=object)
    ch = np.zeros(16, dtype=object)
    q = QUALIFYING_VALUE
    r = n - 5
    subsets = np.array(list(itertools.combinations(range(r), 5)), dtype=np.int64)
    member = np.zeros((len(subsets), r), dtype=np.int64)
    np.put_along_axis(member, subsets, 1, axis=1)
    fmember = member.astype(np.float64)
    for hand_idx in itertools.combinations(range(n), 5):
        hand_bits = sum(1 << i for i in hand_idx)
        p = int(value_of[hand_bits])
        rest = np.array([i for i in range(n) if not hand_bits >> i & 1], dtype=np.int64)
        dv = value_of[(1 << rest[subsets]).sum(axis=1)]
        # with the dealer's up card u among his five: counts per u
        nq = dv < q
        lt = (dv >= q) & (dv < p)
        eq = (dv >= q) & (dv == p)
        if winning_antes and p < q:  # only an ante that beats the dealer wins
            nqw, nqp, nql = dv < p, dv == p, (dv > p) & (dv < q)
        else:
            nqw, nqp, nql = nq, np.zeros_like(nq), np.zeros_like(nq)
        per_u = member.T @ np.stack([nq, lt, eq, nqw, nqp, nql], axis=1).astype(np.int64)
        finals = None
        if change:
            finals = np.array([[value_of[hand_bits - (1 << d) + (1 << int(c))] for c in rest] for d in hand_idx])
            # events per (u, d, c): dealer hands holding u and missing c
            lt6 = (dv[None, None, :] >= q) & (dv[None, None, :] < finals[:, :, None])
            eq6 = (dv[None, None, :] >= q) & (dv[None, None, :] == finals[:, :, None])
            miss = 1 - member  # [D, c]
            keep = miss.T[None, :, :]  # [1, c, D]
            # float matrix products (exact: every count is far below 2**53) run on BLAS
            lt_c = _exact(np.tensordot(fmember, (lt6 * keep).astype(np.float64), axes=([0], [2])))
            eq_c = _exact(np.tensordot(fmember, (eq6 * keep).astype(np.float64), axes=([0], [2])))
            nq_c = member.T @ (nq[:, None] * miss)  # [u, c]
        if change:
            # the raise result after each change (u, d, c), then the best play after the draw
            line_f = _LINE_OF[finals]  # [d, c]
            half_f = np.array(half)[line_f]
            x_nq = nq_c[:, None, :]
            x_gt = t6 - x_nq - lt_c - eq_c
            rv = scale * x_nq + lt_c * (scale + 2 * half_f[None]) - 3 * scale * x_gt  # [u, d, c]
            after = np.maximum(rv, -scale * t6)
            draw = 1 - np.eye(r, dtype=np.int64)[:, None, :]  # the new card is not the up card
            change_ev = -scale * t6 * (r - 1) + (after * draw).sum(axis=2)  # [u, d]
        for u in range(r):
            a_nq, a_lt, a_eq, a_nqw, a_nqp, a_nql = (int(x) for x in per_u[u])
            a_gt = t5 - a_nq - a_lt - a_eq
            raise0 = scale * (a_nqw - a_nql) + a_lt * (scale + 2 * pay[_LINE_OF[p]]) - 3 * scale * a_gt
            fold0 = -scale * t5
            best, best_d = max(raise0, fold0) * ((n - 10) if change else 1), None
            if change:
                for di in range(5):
                    if change_ev[u, di] > best:
                        best, best_d = int(change_ev[u, di]), di
            if best_d is None:
                w = (n - 10) if change else 1
                if raise0 > fold0:
                    nc[1] += w * a_nqw
                    nc[14] += w * a_nqp
                    nc[15] += w * a_nql
                    nc[2] += w * a_eq
                    nc[3] += w * a_gt
                    nc[4 + _LINE_OF[p]] += w * a_lt
                else:
                    nc[0] += w * t5
                continue
            raised = (rv[u, best_d] > -scale * t6) & (draw[u, 0] == 1)
            folded = (rv[u, best_d] <= -scale * t6) & (draw[u, 0] == 1)
            ch[0] += t6 * int(folded.sum())
            ch[1] += int((nq_c[u] * raised).sum())
            ch[2] += int((eq_c[u, best_d] * raised).sum())
            ch[3] += int((x_gt[u, best_d] * raised).sum())
            wins = np.bincount(line_f[best_d], weights=lt_c[u, best_d] * raised, minlength=10)
            for line in range(10):
                ch[4 + line] += int(wins[line])
    rows = caribbean.return_rows(nc, pays, changed=False, merge_low=pays[0] == pays[1])
    if change:
        rows += caribbean.return_rows(ch, halves, changed=True, merge_low=halves[0] == halves[1])
    return [(event, net, count) for event, net, count, _ in rows if count]


def _rows(a):
    return [(o.event, o.net, o.combinations) for o in a.outcomes]


@pytest.mark.parametrize("ranks", ["TJQKA", "9JQKA"])
def test_standard_game_matches_brute_force_on_a_small_deck(ranks):
    """R69: the exact house edge and return table."""
    assert _rows(analyze(ranks=ranks, one_card_change=False)) == brute_force(ranks)


@pytest.mark.parametrize("ranks", ["89TKA"])  # hands below ace-king that may tie or lose
def test_winning_antes_dealer_not_qualifying_matches_brute_force(ranks):
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option.

    ``no_qualify="winning_antes"``: only the antes of hands that beat a dealer who does not
    qualify win."""
    a = analyze(ranks=ranks, one_card_change=False, no_qualify="winning_antes")
    assert _rows(a) == brute_force(ranks, winning_antes=True)
    assert a.no_qualify == "winning_antes" and a.total_combinations == sum(o.combinations for o in a.outcomes)


def test_standard_game_with_another_pay_table_matches_brute_force():
    """R61, R69: the pay table; the exact house edge and return table."""
    table = PayTable.parse(
        "high_card=0.5,pair=1,two_pair=3,three_of_a_kind=3,straight=5,flush=5,"
        "full_house=9,four_of_a_kind=25,straight_flush=45,royal_flush=99"
    )
    assert _rows(analyze(table, ranks="TJQKA", one_card_change=False)) == brute_force("TJQKA", table)


@pytest.mark.parametrize(
    "ranks",
    ["JQKA", "TQKA", pytest.param("TJQKA", marks=pytest.mark.slow), pytest.param("9JQKA", marks=pytest.mark.slow)],
)
def test_one_card_change_matches_brute_force_on_a_small_deck(ranks):
    """R69: the exact house edge and return table.

    Four ranks run always; five ranks (straights, flushes, royals) take longer."""
    a = analyze(ranks=ranks, one_card_change=True)
    assert _rows(a) == brute_force(ranks, change=True)
    assert a.total_combinations == sum(o.combinations for o in a.outcomes)


def test_simple_strategies_count_the_same_deals():
    """R69: the exact house edge and return table."""
    opt = analyze(ranks="TJQKA", one_card_change=False)
    pair = analyze(ranks="TJQKA", strategy="pair_or_better")
    assert pair.total_combinations == opt.total_combinations
    assert pair.expected_value <= opt.expected_value


def test_published_return_table_of_the_standard_game(full_deck):
    """R69: the exact house edge and return table.

    Wizard of Odds, Caribbean Stud Poker return table (optimal strategy, no progressive)."""
    published = {
        "Player wins with royal flush": 16_759_740,
        "Player wins with straight flush": 156_929_720,
        "Player wins with four of a kind": 2_832_435_800,
        "Player wins with full house": 16_624_475_280,
        "Player wins with flush": 21_856_990_280,
        "Player wins with straight": 43_805_516_100,
        "Player wins with three of a kind": 234_242_908_320,
        "Player wins with two pair": 488_012_139_360,
        "Player wins with pair or less": 2_343_248_003_808,
        "Dealer doesn't qualify": 4_532_514_033_720,
        "Push": 321_623_100,
        "Fold": 9_523_005_974_460,
        "Dealer wins": 2_726_592_727_512,
    }
    a = full_deck()
    assert {o.event: o.combinations for o in a.outcomes} == published
    assert a.total_combinations == 19_933_230_517_200
    assert a.expected_value * a.total_combinations == -1_041_372_912_372
    assert round(a.house_edge, 5) == 0.05224
    assert round(a.element_of_risk, 5) == 0.02555
    assert a.ties == 0


@pytest.mark.parametrize(
    "strategy, total_loss, edge",
    [("pair_or_better", 1_090_272_101_460, 0.05470), ("ace_king_or_better", 1_132_600_203_540, 0.05682)],
)
def test_published_simple_strategies(strategy, total_loss, edge, full_deck):
    """R69: the exact house edge and return table."""
    a = full_deck(strategy=strategy)
    assert -a.expected_value * a.total_combinations == total_loss
    assert round(a.house_edge, 5) == edge


def _simulate(n: int, seed: int, strategy_threshold: int) -> tuple[float, float, dict[str, float]]:
    """Deal n random full-deck hands, raise when the hand value reaches the threshold."""
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, :10].astype(np.uint8)
    player = evaluate_batch(np.ascontiguousarray(deals[:, :5])).astype(np.int64)
    dealer = evaluate_batch(np.ascontiguousarray(deals[:, 5:])).astype(np.int64)
    pays = np.array([float(p) for p in caribbean.STANDARD_PAYTABLE.as_list()])
    lines = np.array([_line(int(v)) for v in range(1, 7463)])
    raised = player >= strategy_threshold
    qualifies = dealer >= QUALIFYING_VALUE
    win = raised & qualifies & (player > dealer)
    lose = raised & qualifies & (player < dealer)
    net = np.where(~raised, -1.0, 0.0)
    net += np.where(raised & ~qualifies, 1.0, 0.0)
    net += np.where(win, 1 + 2 * pays[lines[player - 1]], 0.0)
    net += np.where(lose, -3.0, 0.0)
    freq = {"Fold": float((~raised).mean()), "Dealer doesn't qualify": float((raised & ~qualifies).mean())}
    return float(net.mean()), float(net.std() / math.sqrt(n)), freq


@pytest.mark.parametrize("strategy, threshold", [("pair_or_better", 1278), ("ace_king_or_better", QUALIFYING_VALUE)])
def test_exact_analysis_agrees_with_monte_carlo(strategy, threshold, full_deck):
    """R69: the exact house edge and return table."""
    a = full_deck(strategy=strategy)
    mean, se, freq = _simulate(400_000, 2024, threshold)
    assert abs(mean - float(a.expected_value)) < 4 * se
    probs = {o.event: o.probability for o in a.outcomes}
    for event, p in freq.items():
        assert abs(p - probs[event]) < 4 * math.sqrt(p * (1 - p) / 400_000)


def test_optimal_decisions_agree_with_advice_on_sampled_hands(full_deck):
    """R68, R69: advice: exact expected values of fold, raise and each change; the exact house edge
    and return table.

    Monte Carlo over (hand, up card): the mean of the exact best EV estimates the edge."""
    rng = np.random.default_rng(7)
    evs = []
    for _ in range(150):
        cards = rng.choice(52, 6, replace=False)
        evs.append(float(max(advise(cards[:5].tolist(), int(cards[5]), one_card_change=False).exact.values())))
    mean, se = float(np.mean(evs)), float(np.std(evs) / math.sqrt(len(evs)))
    assert abs(mean - float(full_deck().expected_value)) < 4 * se


def test_progress_reports_the_fraction_done_and_prints_nothing(capsys):
    seen: list[float] = []
    analyze(ranks="JQKA", progress=seen.append, one_card_change=True)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 10
    assert capsys.readouterr() == ("", "")


def test_bad_analysis_input():
    with pytest.raises(ValueError, match="strategy"):
        analyze(strategy="always")
    with pytest.raises(ValueError, match="never change"):
        analyze(strategy="pair_or_better", one_card_change=True)
    with pytest.raises(ValueError, match="rank"):
        analyze(ranks="TJQKZ")
    with pytest.raises(ValueError, match="missing"):
        analyze({"pair": 1})


def test_inclusion_exclusion_counts_match_enumeration():
    """The kernel's count of dealer hands missing a player's cards, against a direct count."""
    from studeval import _caribbean

    rng = np.random.default_rng(3)
    deck = np.arange(52, dtype=np.uint8)
    up = 4 * 9  # the jack of clubs
    tables = _caribbean.UpCardTables(deck, up)
    others = [c for c in range(52) if c != up]
    hidden = np.array(list(itertools.combinations(others, 4)), dtype=np.uint8)
    hands = np.concatenate([np.full((len(hidden), 1), up, dtype=np.uint8), hidden], axis=1)
    values = evaluate_batch(hands).astype(np.int64)
    for size in (5, 6, 6, 5):
        cards = sorted(int(c) for c in rng.choice(others, size, replace=False))
        thresholds = [1, QUALIFYING_VALUE, 3000, evaluate(cards[:5]), 7463]
        missing = ~np.isin(hidden, cards).any(axis=1)
        expected = [int((values[missing] < t).sum()) for t in thresholds]
        assert tables.count_below(cards, thresholds) == expected


def test_canonical_hands_cover_every_hand_once():
    from studeval import _caribbean

    deck = np.arange(52, dtype=np.uint8)
    hands, orbit = _caribbean.canonical_hands(deck, 5)
    assert int(orbit.sum()) == math.comb(52, 5)
    sixes, orbit6 = _caribbean.canonical_hands(deck, 6)
    assert int(orbit6.astype(np.int64).sum()) == math.comb(52, 6)


@pytest.mark.slow
def test_one_card_change_on_the_full_deck(full_deck):
    """R57, R69: the one-card change costs a wager equal to the ante; the exact house edge and
    return table.

    The variant offers every play of the standard game and more, so it cannot be worse;
    sampled (hand, up card) situations, each valued exactly by advise(), estimate its EV."""
    standard = full_deck()
    variant = full_deck(one_card_change=True)
    assert variant.total_combinations == standard.total_combinations * 42
    assert sum(o.combinations for o in variant.outcomes) == variant.total_combinations
    assert variant.expected_value >= standard.expected_value
    rng = np.random.default_rng(11)
    evs = []
    for _ in range(300):
        cards = rng.choice(52, 6, replace=False)
        evs.append(float(max(advise(cards[:5].tolist(), int(cards[5])).exact.values())))
    mean, se = float(np.mean(evs)), float(np.std(evs) / math.sqrt(len(evs)))
    assert abs(mean - float(variant.expected_value)) < 4 * se
