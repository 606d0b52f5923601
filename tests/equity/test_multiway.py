"""The exact three-way count (studeval._multiway, issue 22 item 1): every deal of three stud
hands counted by inclusion-exclusion, checked against brute force with the slow reference
evaluators (short decks, late streets) and against Monte Carlo (fourth street)."""

from __future__ import annotations

import itertools
import math
import random
import sys

import numpy as np
import pytest
from interrupts import STOPS_WITHIN, interrupt_after_ready
from questions import completions, reference_values

from studeval._multiway import MAX_COMPLETIONS, MAX_WORK, threeway_counts, threeway_work
from studeval.cards import parse_cards
from studeval.equity import stud_equity
from studeval.games import get_game
from studeval.kinds import HAND_KINDS

Counts = tuple[int, tuple[int, int, int], tuple[int, int, int], int]
KINDS = ("high", "low", "low27")


def code(kind: str) -> object:
    """The code the kernel takes for a kind's name (anything else as it is: a bad kind)."""
    return HAND_KINDS[kind].code if kind in HAND_KINDS else kind


PAIRS = ((0, 1), (0, 2), (1, 2))


def brute_force(known: list[list[int]], dead: list[int], kind: str, hand_size: int = 7) -> Counts:
    """Every deal listed: each player's completions valued by the reference evaluator (all at
    once: tests/questions.py), the pairwise disjoint triples found with bit masks (numpy over
    the second and third players)."""
    used = set(dead) | {c for k in known for c in k}
    live = [c for c in range(52) if c not in used]
    masks, values = [], []
    for cards in known:
        drawn, hands = completions(cards, live, hand_size - len(cards))
        masks.append(drawn)
        values.append(reference_values(hands, kind))
    # the deals by who holds the best hand: bit p set where player p does (1, 2, 4 a win alone;
    # 3, 5, 6 a tie of two; 7 of all three)
    at_top = np.zeros(8, dtype=np.int64)
    for mx, vx in zip(masks[0], values[0], strict=True):
        ok_y = (masks[1] & mx) == 0
        ok_z = (masks[2] & mx) == 0
        my, vy = masks[1][ok_y], values[1][ok_y][:, None]
        mz, vz = masks[2][ok_z], values[2][ok_z][None, :]
        ok = (my[:, None] & mz[None, :]) == 0
        top = np.maximum(np.maximum(vx, vy), vz)
        at_top += np.bincount(((vx == top) + 2 * (vy == top) + 4 * (vz == top))[ok], minlength=8)
    deals, wins, three = int(at_top.sum()), [int(at_top[1 << p]) for p in range(3)], int(at_top[7])
    pairs = [int(at_top[(1 << p) | (1 << q)]) for p, q in PAIRS]
    return deals, (wins[0], wins[1], wins[2]), (pairs[0], pairs[1], pairs[2]), three


def random_deal(seed: int, known_counts: tuple[int, int, int], live: int) -> tuple[list[list[int]], list[int]]:
    """Three players with these many known cards, and dead cards leaving ``live`` to come."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    known, at = [], 0
    for k in known_counts:
        known.append(deck[at : at + k])
        at += k
    return known, deck[at : 52 - live]


def check_total(counts: Counts) -> None:
    deals, wins, pairs, three = counts
    assert min(*wins, *pairs, three) >= 0
    assert sum(wins) + sum(pairs) + three == deals


# Short decks: every street (and unequal streets), both kinds; the live cards few enough to
# list every deal. Equal draws exercise all three parts of the count (the direct sum, the
# joint table of whole shared completions, the listed pairs sharing all but one card).
SHORT = [
    ((3, 3, 3), 13),  # third street: r = 4
    ((4, 4, 4), 15),  # fourth street: r = 3
    ((5, 5, 5), 18),
    ((6, 6, 6), 25),
    ((7, 7, 7), 30),
    ((3, 4, 5), 13),  # draws differ
    ((7, 4, 4), 14),
    ((5, 7, 6), 12),
    ((4, 3, 4), 13),
    ((2, 3, 3), 13),  # third street, X drawing more than Y and Z: the set-by-set part with r_x = 5
    ((3, 3, 1), 14),  # ... and r_x = 6
    ((7, 3, 3), 12),  # ... and r_x = 0 (a whole hand known)
    ((2, 2, 2), 15),  # second street: r = 5, shared sets of three cards
]


@pytest.mark.parametrize(("kind", "seed"), [("high", 1), ("high", 2), ("low", 1), ("low27", 1)])
@pytest.mark.parametrize(("known_counts", "live"), SHORT)
def test_matches_brute_force_on_short_decks(
    kind: str, known_counts: tuple[int, int, int], live: int, seed: int
) -> None:
    known, dead = random_deal(seed * 100 + live, known_counts, live)
    counts = threeway_counts(known, dead, code(kind))
    assert counts == brute_force(known, dead, kind)
    check_total(counts)


def test_deals_with_ties_of_every_kind() -> None:
    """Three players showing the same ranks, on a short deck: every kind of tie occurs."""
    known = [parse_cards("2c 3c 4c"), parse_cards("2d 3d 4d"), parse_cards("2h 3h 4h")]
    dead = [c for c in range(52) if c not in {c for k in known for c in k}][:30]
    for kind in KINDS:
        counts = threeway_counts(known, dead, code(kind))
        assert counts == brute_force(known, dead, kind)
        _, _, pairs, three = counts
        assert min(pairs) > 0 and three > 0


@pytest.mark.parametrize("street", [6, 7])
@pytest.mark.parametrize("kind", list(KINDS))
def test_late_streets_full_deck(street: int, kind: str) -> None:
    """Sixth and seventh street with the whole deck live (no dead cards)."""
    for seed in range(3):
        known, dead = random_deal(seed, (street, street, street), 52 - 3 * street)
        assert not dead
        assert threeway_counts(known, dead, code(kind)) == brute_force(known, dead, kind)


def test_fifth_street_against_brute_force() -> None:
    """Fifth street (two cards each) from a 25-card live deck."""
    known, dead = random_deal(7, (5, 5, 5), 25)
    assert threeway_counts(known, dead, code("high")) == brute_force(known, dead, "high")


def test_the_order_of_the_players_permutes_the_counts() -> None:
    known, dead = random_deal(11, (4, 4, 4), 30)
    deals, wins, pairs, three = threeway_counts(known, dead, code("high"))
    for perm in itertools.permutations(range(3)):
        d2, w2, p2, t2 = threeway_counts([known[p] for p in perm], dead, code("high"))
        assert (d2, t2) == (deals, three)
        assert w2 == tuple(wins[p] for p in perm)
        pair_of = dict(zip(PAIRS, pairs, strict=True))
        assert p2 == tuple(pair_of[tuple(sorted((perm[a], perm[b])))] for a, b in PAIRS)


def test_threads_do_not_change_the_counts() -> None:
    known, dead = random_deal(5, (4, 4, 4), 34)
    assert threeway_counts(known, dead, threads=1) == threeway_counts(known, dead, threads=2)


def _exact_equity(counts: Counts) -> list[float]:
    deals, wins, pairs, three = counts
    share = [float(w) for w in wins]
    for (p, q), n in zip(PAIRS, pairs, strict=True):
        share[p] += n / 2
        share[q] += n / 2
    return [(s + three / 3) / deals for s in share]


def test_fourth_street_against_monte_carlo() -> None:
    """The issue's hands on fourth street, the whole deck live: within 4 standard errors."""
    hands = ["As Ah Kd 2c", "Qc Qd 7s 3h", "8h 9h Th 4d"]
    counts = threeway_counts([parse_cards(h) for h in hands])
    check_total(counts)
    assert counts[0] == math.comb(40, 3) * math.comb(37, 3) * math.comb(34, 3)
    mc = stud_equity(hands, method="monte-carlo", samples=400_000, seed=22)
    for exact, eq, se in zip(_exact_equity(counts), mc.equity, mc.stderr, strict=True):
        assert abs(exact - eq) <= 4 * se


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "hands"),
    [("seven", ["As Ah Kd", "Qc Qd 7s", "8h 9h Th"]), ("razz", ["As 2h 3d", "Kc 7d 8h", "2c 4s 5h"])],
)
def test_third_street_against_monte_carlo(game: str, hands: list[str]) -> None:
    """Third street (5.3e14 deals; a few CPU seconds each): within 4 standard errors of 4 M
    Monte Carlo deals (seven card stud, measured: 1.7, 0.5 and 1.3 of them)."""
    counts = threeway_counts([parse_cards(h) for h in hands], kind=code(get_game(game).pot[0]))
    check_total(counts)
    assert counts[0] == math.comb(43, 4) * math.comb(39, 4) * math.comb(35, 4)
    mc = stud_equity(hands, game=game, method="monte-carlo", samples=4_000_000, seed=3)
    for exact, eq, se in zip(_exact_equity(counts), mc.equity, mc.stderr, strict=True):
        assert abs(exact - eq) <= 4 * se


def test_work_model_counts_the_direct_reads() -> None:
    """The cost model grows with the street: third street costs far more than fourth."""
    fourth, third = threeway_work(40, (3, 3, 3)), threeway_work(43, (4, 4, 4))
    assert 0 < fourth < third
    assert 0 < threeway_work(31, (0, 0, 0)) < 100  # seventh street: the joint table only
    with pytest.raises(ValueError, match="draws"):
        threeway_work(10, (4, 4, 4))


@pytest.mark.parametrize(
    ("known", "dead", "kind", "error", "match"),
    [
        ([[0, 1, 2], [3, 4, 5]], (), "high", ValueError, "3 players"),
        ([[0, 1, 2], [3, 4, 5], [6, 7, 2]], (), "high", ValueError, "card 2 appears twice"),
        ([[0, 1, 2], [3, 4, 5], [6, 7, 8]], (8,), "high", ValueError, "card 8 appears twice"),
        ([[0, 1, 52], [3, 4, 5], [6, 7, 8]], (), "high", ValueError, "52 is not a card"),
        ([[0, 1, -1], [3, 4, 5], [6, 7, 8]], (), "high", ValueError, "-1 is not a card"),
        ([[0, 1, 2], [3, 4, 5], [6, 7, 8]], (), "hilo", ValueError, "kind must be one of"),
        ([[0, 1, 2], [3, 4, 5], list(range(6, 14))], (), "high", ValueError, "more than a hand of 7"),
        ([[0, 1, 2], [3, 4, 5], [6, 7, 8]], range(9, 40), "high", ValueError, "needs 12 live cards, only 12"),
        ([[0, 1, 2], [3, 4, 5], [6]], (), "high", ValueError, "completions"),
        ([[0, 1, "x"], [3, 4, 5], [6, 7, 8]], (), "high", TypeError, "card numbers"),
        ("As Ah Kd", (), "high", TypeError, "three players"),
        ([[0, 1, 2], [3, 4, 5], [6, 7, 8]], 5, "high", TypeError, "dead cards"),
    ],
)
def test_bad_input(known: object, dead: object, kind: str, error: type[Exception], match: str) -> None:
    if match.startswith("needs 12"):
        # 9 known + 31 dead leave 12 live cards: exactly enough, so this one is fine
        counts = threeway_counts(known, dead, code(kind))
        check_total(counts)
        with pytest.raises(ValueError, match="needs 12 live cards, only 11"):
            threeway_counts(known, [*dead, 40], code(kind))
        return
    with pytest.raises(error, match=match):
        threeway_counts(known, dead, code(kind))


def test_completion_bound() -> None:
    assert math.comb(45, 6) > MAX_COMPLETIONS >= math.comb(43, 4)


def test_work_bound() -> None:
    """Second street (five cards to come each) is refused by the default budget, and by a
    given one; a budget of exactly the work is enough."""
    second = [parse_cards(h) for h in ("As Ah", "Kd Kc", "Qs Qh")]
    assert threeway_work(46, (5, 5, 5)) > MAX_WORK
    with pytest.raises(ValueError, match="table reads, more than max_work"):
        threeway_counts(second)
    known, dead = random_deal(3, (4, 4, 4), 20)
    work = threeway_work(20, (3, 3, 3))
    with pytest.raises(ValueError, match="max_work"):
        threeway_counts(known, dead, max_work=work - 1)
    check_total(threeway_counts(known, dead, max_work=work))
    with pytest.raises(ValueError, match="hand_size"):
        threeway_counts([[0], [1], [2]], (), code("high"), hand_size=8)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_stops_the_count() -> None:
    """Third street three-way runs for a while: Ctrl-C stops it within a fraction of a second."""
    code = (
        "from studeval._multiway import threeway_counts\n"
        "from studeval.cards import parse_cards\n"
        "print('ready', flush=True)\n"
        "threeway_counts([parse_cards(h) for h in ('As Ah Kd', 'Qc Qd 7s', '8h 9h Th')], threads=2)\n"
        "print('finished', flush=True)\n"
    )
    out, err, waited = interrupt_after_ready(code)
    assert "finished" not in out
    assert "KeyboardInterrupt" in err
    assert waited < STOPS_WITHIN, f"took {waited:.2f} s to stop"
