"""The rank-multiset heads-up count (studeval._unseen) against the card-subset count of
studeval._equity, which is itself checked against brute force in test_equity.py."""

from __future__ import annotations

import random

import numpy as np
import pytest

from studeval import _equity, _unseen, parse_cards
from studeval.equity import stud_equity
from studeval.kinds import get_kind


def _both(a: list[int], b: list[int], dead: list[int], total: int, shuffle: random.Random | None = None):
    used = set(a) | set(b) | set(dead)
    live = [c for c in range(52) if c not in used]
    if shuffle:
        shuffle.shuffle(live)  # the kernel takes the live cards in any order
    args = (
        np.array(live, dtype=np.uint8),
        np.array(a, dtype=np.uint8),
        total - len(a),
        np.array(b, dtype=np.uint8),
        total - len(b),
    )
    return _unseen.headsup_unseen(*args), _equity.headsup_exact(*args, 1)


@pytest.mark.parametrize("seed", range(8))
def test_random_deals_match_the_card_subset_count(seed: int) -> None:
    """Later streets, both games, dead cards, either side aggregated: equal counts."""
    rng = random.Random(seed)
    for _ in range(40):
        total = rng.choice([5, 7])
        deck = list(range(52))
        rng.shuffle(deck)
        if total == 7:
            na, nb = rng.randint(4, 7), rng.randint(3, 7)
        else:
            na, nb = rng.randint(2, 5), rng.randint(1, 5)
        if rng.random() < 0.5:
            na, nb = nb, na
        nd = rng.randint(0, 10)
        a, b, dead = deck[:na], deck[na : na + nb], deck[na + nb : na + nb + nd]
        mine, reference = _both(a, b, dead, total, rng)
        assert mine == reference, (total, a, b, dead)


@pytest.mark.parametrize(
    ("a", "b", "dead"),
    [
        ("Ac Kc Qc Jc", "Tc 9c 8c", ""),  # both flush-heavy in one suit
        # straight flushes on both sides; the tens to kings left only in clubs (the count card
        # by card of the full deck took two seconds)
        ("2c 3c 4c 5c", "6c", "Td Th Ts Jd Jh Js Qd Qh Qs Kd Kh Ks"),
        ("As Ad Ah 2c", "Ac Kd", ""),  # quads and trips
        ("7s 7h 2d", "7c 7d", ""),  # five card stud: ranks used up
    ],
)
def test_flush_and_rank_heavy_deals(a: str, b: str, dead: str) -> None:
    total = 5 if a == "7s 7h 2d" else 7
    mine, reference = _both(parse_cards(a), parse_cards(b), parse_cards(dead), total)
    assert mine == reference


def test_door_card_third_street_matches_the_reference() -> None:
    """The benchmark case, with dead cards: 5.2e11 pairs, the same three counts."""
    a, b, dead = parse_cards("As Ah Kd"), parse_cards("Qc"), parse_cards("2c 7d 9h Js")
    mine, reference = _both(a, b, dead, 7)
    assert mine == reference


def test_auto_is_exact_against_a_door_card() -> None:
    r = stud_equity(["As Ah Kd", "Qc"], threads=1)
    assert r.method == "exact" and r.deals == 1_373_550_338_160 and r.stderr == (0.0, 0.0)
    mc = stud_equity(["As Ah Kd", "Qc"], method="monte-carlo", samples=200_000, seed=5, threads=1)
    assert abs(mc.equity[0] - r.equity[0]) < 4 * mc.stderr[0]


def test_bad_shapes_are_refused() -> None:
    live = np.arange(10, dtype=np.uint8)
    with pytest.raises(ValueError, match="bad deal shape"):
        _unseen.headsup_unseen(live[:9], np.array([40, 41], dtype=np.uint8), 5, np.array([42, 43], dtype=np.uint8), 5)
    with pytest.raises(ValueError, match="repeated"):
        _unseen.headsup_unseen(live, np.array([1, 41, 42], dtype=np.uint8), 4, np.array([43, 44], dtype=np.uint8), 5)
    with pytest.raises(ValueError, match="5 to 7 cards"):
        _unseen.headsup_unseen(live, np.array([40], dtype=np.uint8), 1, np.array([42, 43], dtype=np.uint8), 3)


@pytest.mark.parametrize("seed", range(4))
def test_razz_matches_the_card_subset_count(seed: int) -> None:
    """Razz (ace-to-five lows, suits ignored): the rank-multiset count against the card-subset
    count on the same low key, later streets, dead cards, either side aggregated."""
    rng = random.Random(100 + seed)
    compared = 0
    while compared < 25:
        deck = list(range(52))
        rng.shuffle(deck)
        na, nb = rng.randint(3, 7), rng.randint(1, 7)
        if min(7 - na, 7 - nb) > 3 or max(7 - na, 7 - nb) > 5:
            continue
        a, b, dead = deck[:na], deck[na : na + nb], deck[na + nb : na + nb + rng.randint(0, 5)]
        used = set(a) | set(b) | set(dead)
        live = [c for c in range(52) if c not in used]
        rng.shuffle(live)
        args = (
            np.array(live, dtype=np.uint8),
            np.array(a, dtype=np.uint8),
            7 - na,
            np.array(b, dtype=np.uint8),
            7 - nb,
        )
        code = get_kind("low").code
        low = _equity.KEYS[code]
        assert _unseen.headsup_unseen(*args, code) == _equity.headsup_exact(*args, 1, low, low)
        compared += 1


def test_razz_against_a_door_card_is_exact_and_agrees_with_monte_carlo() -> None:
    exact = stud_equity(["As 2d 3c", "Kh"], game="razz", dead="4s 9d")
    assert exact.method == "exact"
    mc = stud_equity(["As 2d 3c", "Kh"], game="razz", dead="4s 9d", method="monte-carlo", samples=300_000, seed=8)
    assert all(abs(m - e) < 4 * s for m, e, s in zip(mc.equity, exact.equity, mc.stderr, strict=True))
