"""Equity against brute force, Monte Carlo against exact, symmetry, known facts and bad input.

The brute force is the slow oracle, studeval._reference.brute_force_equity: every deal listed
and judged by the reference evaluators, independent of the kernels' inclusion-exclusion,
combination walks and shuffles.
"""

from __future__ import annotations

import itertools
import math

import pytest

from studeval import parse_cards
from studeval._reference import brute_force_equity
from studeval.equity import holdem_equity, stud_equity

# ---------------------------------------------------------------------------------------------
# Brute force: the slow oracle (studeval._reference.brute_force_equity), every deal listed


def _close(x: float, y, tol: float = 1e-12) -> bool:
    return abs(x - float(y)) <= tol


def _dead_run(start: int, count: int) -> list[int]:
    """count dead cards taken from the bottom of the deck upwards, from card start."""
    return list(range(start, start + count))


# ---------------------------------------------------------------------------------------------
# Exact results equal brute force


@pytest.mark.parametrize(
    ("a", "b", "dead"),
    [
        ("As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h", ""),  # sixth street, both exposed
        ("As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h", "5d 6d 9s Tc"),  # sixth street against four up cards
        ("Ks Kh 4d 4c Jh", "9c 9d Ts", list(range(0, 24, 1))),  # fifth street vs third, many dead
        ("Ac 2c 3c 4c", "Kd Kh Ks 7d 7h", list(range(20, 44))),  # mixed counts, dead cards
    ],
)
def test_headsup_seven_equals_brute_force(a, b, dead) -> None:
    dead = [c for c in parse_cards(dead) if c not in set(parse_cards(a)) | set(parse_cards(b))]
    b_ = brute_force_equity([a, b], dead=dead)
    deals, wa, wb, t = b_.deals, b_.win[0], b_.win[1], b_.tie[0]
    r = stud_equity([a, b], dead=dead, method="exact")
    assert r.method == "exact" and r.deals == deals
    assert _close(r.win[0], wa) and _close(r.win[1], wb) and _close(r.tie[0], t) and _close(r.tie[1], t)
    assert _close(r.equity[0], wa + t / 2) and r.stderr == (0.0, 0.0)
    swapped = stud_equity([b, a], dead=dead, method="exact")
    assert swapped.equity == pytest.approx(r.equity[::-1], abs=1e-15)
    assert swapped.win == pytest.approx(r.win[::-1], abs=1e-15)


@pytest.mark.parametrize(
    ("a", "b", "dead"),
    [
        ("As Kd 9c 9h", "Qc Qd 7s 2h", ""),  # fourth street
        ("As Kd 9c", "Qc Qd 7s", ""),  # third street
        ("As Kd", "Qh 7s 7c", list(range(28))),  # second vs third street, with dead cards
        ("Ad Ks", "Qd Qh", list(range(4, 30))),  # second street
        ("Ac Ad 9h 9s Kc", "Kd Qc Jc Tc 8c", ""),  # all cards known: one deal
    ],
)
def test_headsup_five_equals_brute_force(a, b, dead) -> None:
    dead = [c for c in dead if c not in set(parse_cards(a)) | set(parse_cards(b))]
    b_ = brute_force_equity([a, b], game="five", dead=dead)
    deals, wa, wb, t = b_.deals, b_.win[0], b_.win[1], b_.tie[0]
    r = stud_equity([a, b], game="five", dead=dead, method="exact")
    assert r.deals == deals
    assert _close(r.win[0], wa) and _close(r.win[1], wb) and _close(r.tie[0], t)


def test_multiway_equals_brute_force() -> None:
    hands = ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h", "Jh Jd Tc Ts 5h 6h"]
    b = brute_force_equity(hands, dead="2d 2h")
    deals, equity, win, tie = b.deals, b.equity, b.win, b.tie
    r = stud_equity(hands, dead="2d 2h", method="exact")
    assert r.method == "exact" and r.deals == deals
    for i in range(3):
        assert _close(r.equity[i], equity[i]) and _close(r.win[i], win[i]) and _close(r.tie[i], tie[i])


def test_multiway_five_card_equals_brute_force() -> None:
    hands = ["Ah Kd 9c 9h", "Qc Qd 3h", "7s 8s 9s 2d"]
    dead = list(range(8, 36))
    dead = [c for c in dead if c not in {c for h in hands for c in parse_cards(h)}]
    b = brute_force_equity(hands, game="five", dead=dead)
    deals, equity, tie = b.deals, b.equity, b.tie
    r = stud_equity(hands, game="five", dead=dead, method="exact", threads=2)
    assert r.deals == deals
    for i in range(3):
        assert _close(r.equity[i], equity[i]) and _close(r.tie[i], tie[i])


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["Ah As", "Kd Kc"], "2c 7d 9h", ""),
        (["Ah As", "Kd Kc"], "2c 7d 9h Kh", "3s"),
        (["Ah Kh", "Qs Qd", "7c 8c"], "2h 9h Tc", ""),
        (["Ah As", "Kd"], "2c 7d 9h", ""),  # one hole card not known
        (["Ah As", "Kd Kc", "2s 2d"], "2c 7d 9h Jc Js", ""),  # river: one deal
    ],
)
def test_holdem_equals_brute_force(hands, board, dead) -> None:
    b = brute_force_equity(hands, game="holdem", board=board, dead=dead)
    deals, equity, win, tie = b.deals, b.equity, b.win, b.tie
    r = holdem_equity(hands, board=board, dead=dead, method="exact")
    assert r.deals == deals
    for i in range(len(hands)):
        assert _close(r.equity[i], equity[i]) and _close(r.win[i], win[i]) and _close(r.tie[i], tie[i])


def test_holdem_preflop_known_matchups() -> None:
    # published: aces against kings win about 82%, with every board counted
    r = holdem_equity(["Ah As", "Kd Kc"])
    assert r.method == "exact" and r.deals == math.comb(48, 5)
    assert 0.81 < r.equity[0] < 0.83
    # the same hand on both sides in other suits splits most boards
    r = holdem_equity(["Ah Kh", "Ad Kd"])
    assert r.equity[0] == pytest.approx(0.5, abs=1e-12) and r.tie[0] > 0.85


def test_holdem_board_kernel_matches_generic_enumeration() -> None:
    # every preflop board three-way: the nested five-card-board kernel against the generic
    # slot-by-slot enumeration, on one and on two threads
    import numpy as np

    from studeval import _equity

    hands = [parse_cards(h) for h in ("Ah As", "Kd Kc", "7s 6s")]
    live = np.array([c for c in range(52) if all(c not in h for h in hands)], dtype=np.uint8)
    known = np.zeros((3, 7), dtype=np.uint8)
    known[:, :2] = hands
    nknown = np.full(3, 2, dtype=np.int32)
    results = []
    for threads in (1, 2):
        for kernel in ("board5", "generic"):
            wins = np.zeros(3, dtype=np.int64)
            ties = np.zeros((3, 4), dtype=np.int64)
            if kernel == "board5":
                _equity.board5_exact(live, known, nknown, 0, len(live), threads, wins, ties)
            else:
                _equity.enumerate_exact(
                    live,
                    known,
                    nknown,
                    np.zeros(3, dtype=np.int32),
                    5,
                    np.ones(3, dtype=np.uint8),
                    0,
                    len(live),
                    threads,
                    wins,
                    ties,
                )
            results.append((wins.tolist(), ties.tolist()))
    assert all(r == results[0] for r in results)
    wins, ties = results[0]
    assert sum(wins) + sum(ties[p][2] for p in range(3)) / 2 + sum(ties[p][3] for p in range(3)) / 3 == math.comb(46, 5)


# ---------------------------------------------------------------------------------------------
# Deck exhaustion (rule 003): a community seventh card


def test_eight_players_to_seventh_street_share_the_last_card() -> None:
    # 8 players on sixth street, every card known: 48 seen, 4 live, 8 needed -> one shared card
    deck = list(range(52))
    hands = [deck[i * 6 : i * 6 + 6] for i in range(8)]
    r = stud_equity(hands)
    assert r.community_card and r.method == "exact" and r.deals == 4
    b = brute_force_equity(hands)
    assert b.community_card
    deals, equity = b.deals, b.equity
    assert deals == 4
    for i in range(8):
        assert _close(r.equity[i], equity[i])


def test_exhaustion_with_private_cards_equals_brute_force() -> None:
    # five players on fifth street, twenty folded cards dead: 7 live cards cannot give each of
    # them two more, so sixth street is dealt and the seventh card is shared
    hands = ["As Ah Kd 2c 3c", "Qc Qd 7s 7h 8h", "Jh Jd Tc Ts 5h", "9c 9d 4h 4s 6c", "8c 8d 3h 3s 6d"]
    held = {c for h in hands for c in parse_cards(h)}
    dead = [c for c in range(52) if c not in held][:20]
    r = stud_equity(hands, dead=dead, method="exact")
    assert r.community_card
    b = brute_force_equity(hands, dead=dead)
    assert b.community_card
    deals, equity, tie = b.deals, b.equity, b.tie
    assert r.deals == deals == 7 * 6 * 5 * 4 * 3 * 2
    for i in range(5):
        assert _close(r.equity[i], equity[i]) and _close(r.tie[i], tie[i])
    mc = stud_equity(hands, dead=dead, method="monte-carlo", samples=40_000, seed=7)
    assert mc.community_card
    for i in range(5):
        assert abs(mc.equity[i] - r.equity[i]) <= 4 * mc.stderr[i] + 1e-12


def test_exhaustion_player_with_seven_known_keeps_them() -> None:
    deck = list(range(52))
    hands = [deck[0:7]] + [deck[7 + i * 6 : 13 + i * 6] for i in range(7)]  # 7 + 42 = 49 known
    r = stud_equity(hands)
    assert r.community_card and r.deals == 3
    equity = brute_force_equity(hands).equity
    for i in range(8):
        assert _close(r.equity[i], equity[i])


def test_eight_players_on_third_street_monte_carlo_never_deals_twice() -> None:
    # eight door cards and your three: 52 - 10 = 42 live, 46 needed, so the seventh is shared
    hands = ["As Ah Kd"] + ["2c", "3d", "4h", "5s", "6c", "7d", "8h"]
    r = stud_equity(hands, samples=20_000, seed=1)
    assert r.community_card and r.method == "monte-carlo"
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-9)


def test_exhaustion_follows_the_dealers_count_on_sixth_street() -> None:
    # sixth street, you see your six cards and each opponent's four up cards
    ups = ["2c 3c 4c 5d", "6c 7c 8c 9d", "Tc Jc Qc Kd", "2d 3d 4d 5h", "6d 7d 8d 9h", "Td Jd Qd Kh", "2h 3h 4h 5s"]
    you = "As Ah Ac Ks Qs Js"
    # eight players: 48 cards out and 3 burns leave 1 + 3 for 8 seventh cards -> shared
    r = stud_equity([you] + ups, samples=5_000, seed=1)
    assert r.community_card and sum(r.equity) == pytest.approx(1.0, abs=1e-12)
    # seven players: 42 out and 3 burns leave 7 + 3 for 7 seventh cards -> dealt as usual
    r = stud_equity([you] + ups[:6], samples=5_000, seed=1)
    assert not r.community_card


# ---------------------------------------------------------------------------------------------
# Monte Carlo


def test_monte_carlo_within_four_standard_errors_headsup() -> None:
    exact = stud_equity(["As Ah Kd", "Qc Qd 7s"])
    mc = stud_equity(["As Ah Kd", "Qc Qd 7s"], method="monte-carlo", samples=200_000, seed=11)
    assert exact.method == "exact" and mc.method == "monte-carlo" and mc.deals == 200_000
    for i in range(2):
        assert mc.stderr[i] > 0
        assert abs(mc.equity[i] - exact.equity[i]) <= 4 * mc.stderr[i]


def test_monte_carlo_within_four_standard_errors_multiway() -> None:
    hands = ["As Ah Kd 2c 3c 4d", "Qc Qd 7s 7h 9d", "Jh Jd Tc Ts 5h"]
    exact = stud_equity(hands, method="exact")
    assert exact.method == "exact"
    for threads in (1, 2):
        mc = stud_equity(hands, method="monte-carlo", samples=100_000, seed=5, threads=threads)
        for i in range(3):
            assert abs(mc.equity[i] - exact.equity[i]) <= 4 * mc.stderr[i]


def test_monte_carlo_holdem_within_four_standard_errors() -> None:
    exact = holdem_equity(["Ah Kh", "Qs Qd"])
    mc = holdem_equity(["Ah Kh", "Qs Qd"], method="monte-carlo", samples=100_000, seed=3)
    assert abs(mc.equity[0] - exact.equity[0]) <= 4 * mc.stderr[0]
    assert 0.45 < exact.equity[0] < 0.47  # published: AKs against QQ is about 46%


def test_monte_carlo_is_reproducible() -> None:
    hands = ["As Ah Kd", "Qc Qd 7s", "Jh Tc 9c"]
    a = stud_equity(hands, samples=50_000, seed=42, threads=2)
    b = stud_equity(hands, samples=50_000, seed=42, threads=2)
    c = stud_equity(hands, samples=50_000, seed=43, threads=2)
    assert a.method == "monte-carlo"
    assert (a.equity, a.win, a.tie, a.stderr) == (b.equity, b.win, b.tie, b.stderr)
    assert a.equity != c.equity
    # progress reporting does not change the draw
    seen = []
    d = stud_equity(hands, samples=50_000, seed=42, threads=2, progress=seen.append)
    assert d.equity == a.equity and seen and seen[-1] == 1.0


def test_equities_sum_to_one() -> None:
    cases = [
        stud_equity(["As Ah Kd", "Qc Qd 7s", "Jh Tc 9c", "2s 2d 5c"], samples=20_000, seed=1),
        stud_equity(["As", "Kd", "Qh"], game="five", samples=20_000, seed=2),
        holdem_equity(["Ah As", "Kd Kc", "Qs Jh", "Td 9d", "8c 8h", "7h 6h"], samples=20_000, seed=3),
        stud_equity(["As Ah Kd 2c", "Qc Qd 7s 3h"], game="five"),
    ]
    for r in cases:
        assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)
        for e, w, t in zip(r.equity, r.win, r.tie, strict=True):
            assert w <= e <= w + t + 1e-12


def test_rolled_up_trips_fill_up_about_forty_percent() -> None:
    # Against a fixed hand just below the worst full house (an ace-high flush that the trips
    # cannot tie), the trips' equity is their chance of a full house or better. Published:
    # rolled-up trips make a full house or better about 40% of the time.
    r = stud_equity(["2c 2d 2h", "As Ks Qs Js 9s 3d 4d"])
    b = brute_force_equity(["2c 2d 2h", "As Ks Qs Js 9s 3d 4d"])
    wins, ties = b.win[0], b.tie[0]
    assert ties == 0 and _close(r.equity[0], wins)
    assert 0.38 < r.equity[0] < 0.42


def test_exact_is_the_same_on_any_thread_count() -> None:
    hands = ["As Ah Kd 2c", "Qc Qd 7s", "Jh Tc 9c 5d"]
    a = stud_equity(hands, game="five", method="exact", threads=1)
    b = stud_equity(hands, game="five", method="exact", threads=2)
    assert (a.equity, a.win, a.tie, a.deals) == (b.equity, b.win, b.tie, b.deals)


def test_headsup_count_is_the_same_however_its_terms_are_shared_out() -> None:
    # threads split the inclusion-exclusion terms by subset size: the sum must not move
    results = [stud_equity(["As Ah Kd", "Qc Qd 7s"], method="exact", threads=t) for t in (1, 2, 3, 5)]
    assert len({(r.win, r.tie, r.deals) for r in results}) == 1


def test_permuting_players_permutes_results() -> None:
    hands = ["As Ah Kd 2c 3c 4d", "Qc Qd 7s 7h 9d", "Jh Jd Tc Ts 5h"]
    base = stud_equity(hands, method="exact")
    for order in itertools.permutations(range(3)):
        r = stud_equity([hands[i] for i in order], method="exact")
        assert r.equity == pytest.approx([base.equity[i] for i in order], abs=1e-15)
        assert r.tie == pytest.approx([base.tie[i] for i in order], abs=1e-15)


def test_auto_says_which_method_it_used() -> None:
    assert stud_equity(["As Ah Kd", "Qc Qd 7s"]).method == "exact"
    assert stud_equity(["As Ah Kd", "Qc Qd 7s", "Jh"], samples=10_000, seed=0).method == "monte-carlo"
    assert holdem_equity(["Ah As", "Kd Kc", "Qs Qh"]).method == "exact"


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: stud_equity(["As Ah Kd", "As Qd 7s"]), "As is held by player 1 and player 2"),
        (lambda: stud_equity(["As Ah Kd", "Qc Qd 7s"], dead="2c Qd"), "dead card Qd is also held by player 2"),
        (lambda: stud_equity(["As Ah Kd 2c 3c 4c 5c 6c", "Qc"]), "too many cards for the game: player 1 has 8"),
        (lambda: stud_equity(["As Ah Kd 2c 3c 4c", "Qc"], game="five"), "too many cards for the game: player 1 has 6"),
        (lambda: stud_equity([[c] for c in range(9)]), "more players than the deck allows"),
        (lambda: stud_equity([[c] for c in range(11)], game="five"), "more players than the deck allows"),
        (lambda: stud_equity(["As", "Kd"], game="lowball"), "unknown game 'lowball'"),
        (lambda: stud_equity(["As", "Kd"], method="guess"), "unknown method 'guess'"),
        (lambda: stud_equity(["As"]), "at least two players"),
        (lambda: stud_equity(["As", "Kd"], samples=0), "samples must be at least 1"),
        (lambda: stud_equity(["As", "Kd"], threads=0), "threads must be from 1 to"),
        (lambda: stud_equity(["As", "Zz"]), "player 2: unknown card 'Zz'"),
        (lambda: stud_equity(["As Ah", "Kd"], dead="2c 2c"), "dead cards: duplicate card .2c."),
        (lambda: stud_equity(["", ""], method="exact"), "too many deals for an exact answer"),
        (lambda: holdem_equity(["Ah As Ad", "Kd Kc"]), "too many cards for the game: hand 1 has 3"),
        (lambda: holdem_equity(["Ah As", "Kd Kc"], board="2c 3c 4c 5c 6c 7c"), "the board has 6"),
        (lambda: holdem_equity(["Ah As", "Kd Kc"], board="Ah 3c 4c"), "Ah is held by player 1 and the board"),
        (lambda: holdem_equity([[c, c + 26] for c in range(24)]), "too many hands"),
    ],
)
def test_bad_input_names_the_problem(call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_bad_types() -> None:
    with pytest.raises(TypeError):
        stud_equity("As Ah Kd")
    with pytest.raises(TypeError):
        stud_equity(["As", "Kd"], samples=1.5)
    with pytest.raises(TypeError):
        stud_equity(["As", None])
