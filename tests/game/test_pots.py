"""Pots and payouts without the state machine, with hypothesis over random deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from studeval.evaluate import evaluate
from studeval.game import settle_pots, side_pots, uncalled_bet


@settings(max_examples=300, deadline=None)
@given(
    n=hs.integers(2, 8),
    seed=hs.integers(0, 2**32 - 1),
    data=hs.data(),
)
def test_settle_conserves_chips_and_pays_the_best_eligible_hands(n, seed, data):
    """R30: unmatched chips returned, side pots per all-in level."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    contributions = data.draw(hs.lists(hs.integers(0, 60), min_size=n, max_size=n))
    folded = data.draw(hs.lists(hs.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[0] = False
    contributions[folded.index(False)] += 1  # a live player has put something in
    k = 7 if n <= 7 else 6  # 8 hands of 7 would need 56 cards
    hands = [None if folded[i] else deck[k * i : k * i + k] for i in range(n)]
    odd_chip = data.draw(hs.sampled_from(["high_card", "dealer_left"]))
    r = settle_pots(contributions, hands, odd_chip=odd_chip)
    assert sum(r.payouts) == sum(contributions)
    assert sum(p.amount for p in r.pots) + sum(r.returned) == sum(contributions)
    values = [0 if h is None else evaluate(h) for h in hands]
    for pot in r.pots:
        best = max(values[i] for i in pot.eligible)
        assert set(pot.winners) == {i for i in pot.eligible if values[i] == best}
        assert all(not folded[i] for i in pot.eligible)
    # nobody wins more than the pots they were eligible for, plus their own returned chips
    for i in range(n):
        assert r.payouts[i] <= sum(p.amount for p in r.pots if i in p.eligible) + r.returned[i]


def test_odd_chips_go_one_at_a_time():
    """R42: the odd chip by the cards (highest card), or dealer's left by option."""
    hands = ["Ac Kd 9c 7h 3s", "As Kh 9d 7s 3c", "Ad Ks 9h 7c 3d"]  # three-way tie
    r = settle_pots([11, 11, 11], hands)
    assert r.payouts == [11, 11, 11]
    r = settle_pots([11, 11, 12], hands)
    assert r.returned == [0, 0, 1] and r.payouts == [11, 11, 12]
    r = settle_pots([12, 12, 11], hands)  # 33 three ways and a 2-chip side pot split two ways
    assert [p.amount for p in r.pots] == [33, 2]
    r = settle_pots([10, 10, 14, 0], hands + [None])
    assert r.returned[2] == 4
    r = settle_pots([10, 10, 10, 4], hands + [None])  # 34 three ways: one odd chip, to As
    assert r.payouts == [11, 12, 11, 0]
    r = settle_pots([10, 10, 10, 5], hands + [None], odd_chip="dealer_left")  # 35: two odd chips
    assert r.payouts == [12, 12, 11, 0]


def test_side_pots_and_uncalled_bet_shapes():
    """R30, R39: unmatched chips returned, side pots per all-in level; an uncalled winner takes the
    pot unshown, the uncalled bet returned.
    """
    assert side_pots([0, 0], [True, True]) == []
    assert uncalled_bet([5, 5], [True, True]) == (-1, 0)
    assert uncalled_bet([9, 5], [False, True]) == (-1, 0)  # a folded player's chips stay in


def test_a_hand_mucked_at_showdown_keeps_its_uncalled_chips_and_its_side_pot_level():
    """settle_pots(live=...): a player who did not fold but mucked wins nothing, yet his
    chips nobody matched come back, and his all-in level still bounds a side pot."""
    hands = ["As Ad Kc Kd 2h", None, "Qs Qd Jc Jd 3h", None]
    # p2 mucked after betting 100 against all-ins of 60 (p1) and 30 (p3); p4 folded 10
    r = settle_pots([60, 100, 30, 10], hands, live=[True, True, True, False])
    assert r.returned == [0, 40, 0, 0]
    assert [(p.amount, p.eligible, p.winners) for p in r.pots] == [(100, (0, 1, 2), (0,)), (60, (0, 1), (0,))]
    assert r.payouts == [160, 40, 0, 0]
    folded = settle_pots([60, 100, 30, 10], hands)  # as if p2 had folded: his 40 stay in the pot
    assert folded.returned == [0, 0, 0, 0] and folded.payouts == [200, 0, 0, 0]


@given(seed=hs.integers(0, 10**6))
@settings(max_examples=50, deadline=None)
def test_a_community_card_counts_in_every_hand(seed):
    """settle_pots(board=...): the deck-exhaustion card is part of each hand (brute force:
    the best evaluate() of own cards + the board takes the pot)."""
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    deck = rng.sample(range(52), 6 * n + 1)
    hands = [deck[6 * i : 6 * i + 6] for i in range(n)]
    board = deck[-1:]
    r = settle_pots([10] * n, hands, board=board)
    values = [evaluate(h + board) for h in hands]
    best = max(values)
    assert r.pots[0].winners == tuple(i for i in range(n) if values[i] == best)
    with pytest.raises(ValueError, match="two hands"):
        settle_pots([10] * n, [hands[0][:5] + board, *hands[1:]], board=board)
