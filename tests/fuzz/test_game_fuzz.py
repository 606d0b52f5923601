"""Fuzzing the table's split pots and its thread safety (issue 17).

Hi-lo ties: random deals where several players hold the same ranks in other suits (so they
tie for the high, the low or both), random contributions (side pots, folded chips), both
odd-chip rules: the payouts of :func:`settle_pots` and of a played :class:`StudState` equal a
referee written here from the rules alone (the slow reference evaluators, pots built level by
level, chips dealt one at a time round the winners); chips are conserved, and identical hands
split a pot as evenly as possible.

Threads: many threads acting on one state conserve chips and leave a history that replays.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as hs

from studeval import _reference as ref
from studeval.cards import parse_cards
from studeval.game import Structure, StudState, dumps, replay, settle_pots, stacked_deck, to_phh

FUZZ = settings.get_profile("studeval-fuzz")


# -------------------------------------------------------------------- the referee


def _deal_round(chips: int, order: Sequence[int], pay: list[int]) -> list[int]:
    """Deal ``chips`` one at a time round ``order`` (as a dealer splits a stack); returns who
    took one chip more than the others (the odd chips)."""
    got = dict.fromkeys(order, 0)
    for k in range(chips):
        got[order[k % len(order)]] += 1
    for seat, c in got.items():
        pay[seat] += c
    least = min(got.values())
    return [seat for seat, c in got.items() if c > least]


def referee(contributions: list[int], hands: list[str | None], odd_chip: str) -> list[int]:
    """Stud hi-lo payouts from the rules (R30, R76-R80, R84), independent of studeval.game."""
    n = len(hands)
    cards = [parse_cards(h) if h is not None else None for h in hands]
    high = [ref.evaluate(c) if c else 0 for c in cards]
    low = [ref.evaluate_low8(c) if c else 0 for c in cards]

    def by_high_card(seats: list[int]) -> list[int]:  # R42: highest card by rank then suit first
        return sorted(seats) if odd_chip == "dealer_left" else sorted(seats, key=lambda s: -max(cards[s]))

    def by_low_card(seats: list[int]) -> list[int]:  # R80: lowest card, aces low, clubs lowest
        return (
            sorted(seats) if odd_chip == "dealer_left" else sorted(seats, key=lambda s: min(map(_low_order, cards[s])))
        )

    pay = [0] * n
    live = [c is not None for c in cards]
    put = list(contributions)
    # R30: the chips nobody matched go back first
    top = max(range(n), key=lambda i: put[i])
    second = max((put[i] for i in range(n) if i != top), default=0)
    if live[top] and put[top] > second:
        pay[top] += put[top] - second
        put[top] = second
    # the pots, level by level of the live players' totals; chips above the last level join it
    levels = sorted({put[i] for i in range(n) if live[i] and put[i] > 0})
    pots = []
    prev = 0
    for level in levels:
        pots.append(
            [sum(min(c, level) - min(c, prev) for c in put), [i for i in range(n) if live[i] and put[i] >= level]]
        )
        prev = level
    pots[-1][0] += sum(max(c - prev, 0) for c in put)
    for amount, eligible in pots:
        best = max(high[i] for i in eligible)
        highs = [i for i in eligible if high[i] == best]
        best_low = max(low[i] for i in eligible)
        lows = [i for i in eligible if best_low and low[i] == best_low]
        if not lows or set(lows) == set(highs):  # no low, or identical hands: one pot (R78, R84)
            _deal_round(amount, by_high_card(highs), pay)
            continue
        had_odd = _deal_round(amount - amount // 2, by_high_card(highs), pay)  # the high half (R77)
        order = by_low_card(lows)
        _deal_round(amount // 2, [i for i in order if i not in had_odd] + [i for i in order if i in had_odd], pay)
    return pay


def _low_order(card: int) -> int:
    return 4 * (((card >> 2) + 1) % 13) + (card & 3)


# -------------------------------------------------------------------- deals with ties forced


@hs.composite
def tied_deals(draw: hs.DrawFn) -> tuple[list[str | None], list[int]]:
    """2-4 players holding the same seven ranks in other suits, then others at random; some
    fold; contributions with all-in levels."""
    ranks = draw(hs.lists(hs.sampled_from("A2345678TJQK"), min_size=7, max_size=7, unique=True))
    tied = draw(hs.integers(2, 4))
    shift = draw(hs.lists(hs.integers(0, 3), min_size=7, max_size=7))
    hands = [[r + "cdhs"[(j + shift[k]) % 4] for k, r in enumerate(ranks)] for j in range(tied)]
    used = {c for h in hands for c in h}
    rest = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    rest = draw(hs.permutations(rest))
    for j in range(draw(hs.integers(0, 3))):
        hands.append(list(rest[7 * j : 7 * j + 7]))
    order = draw(hs.permutations(range(len(hands))))
    seats: list[str | None] = [" ".join(hands[k]) for k in order]
    for i in range(len(seats)):
        if draw(hs.integers(0, 5)) == 0 and sum(s is not None for s in seats) > 1:
            seats[i] = None  # folded
    contributions = [draw(hs.integers(1, 60)) for _ in seats]
    return seats, contributions


@settings(FUZZ, max_examples=150 * FUZZ.max_examples)
@given(tied_deals(), hs.sampled_from(["high_card", "dealer_left"]))
def test_hi_lo_ties_split_as_the_referee_does(deal, odd_chip):
    """R76, R77, R79, R80, R84: each split rule of hi-lo pots against the referee, side pots included."""
    hands, contributions = deal
    result = settle_pots(contributions, hands, game="stud8", odd_chip=odd_chip)
    assert result.payouts == referee(contributions, hands, odd_chip)
    assert sum(result.payouts) == sum(contributions)
    (pot,) = result.pots if len(result.pots) == 1 else (None,)
    if pot is not None and pot.low_winners and set(pot.low_winners) == set(pot.winners):
        won = [result.payouts[i] - result.returned[i] for i in pot.winners]  # identical hands: as evenly as possible
        assert max(won) - min(won) <= 1


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(
    hs.lists(hs.sampled_from("A2345678"), min_size=7, max_size=7, unique=True),
    hs.lists(hs.integers(3, 40), min_size=2, max_size=3),
    hs.sampled_from(["high_card", "dealer_left"]),
    hs.randoms(use_true_random=False),
)
def test_identical_hi_lo_hands_at_the_table(ranks, stacks, odd_chip, rng):
    """R84: players with identical hands checked or called down in stud hi-lo are paid as the
    referee pays them: the pot as evenly as possible, at most one odd chip each."""
    n = len(stacks)
    hands = [[r + "cdhs"[(j + k) % 4] for k, r in enumerate(ranks)] for j in range(n)]
    streets = [[" ".join(h[:3]) for h in hands]] + [[h[k] for h in hands] for k in range(3, 7)]
    st = StudState("stud8", Structure(0, 1, 2, 4), stacks, deck=stacked_deck("stud8", streets), odd_chip=odd_chip)
    while st.actor >= 0:
        acts = [a for a in st.legal_actions() if a.kind != "fold"]
        st.apply(rng.choice(acts))
    assert st.payouts == referee(st.totals, [st.hand(i) and " ".join(_names(st.hand(i))) for i in range(n)], odd_chip)
    assert sum(st.stacks) == sum(stacks)


def _names(cards: list[int]) -> list[str]:
    from studeval.cards import format_cards

    return format_cards(cards).split()


# -------------------------------------------------------------------- threads


@settings(FUZZ, max_examples=6 * FUZZ.max_examples)
@given(hs.integers(0, 2**32 - 1), hs.integers(2, 8), hs.sampled_from(["seven", "five", "razz", "stud8"]))
def test_threads_hammering_one_state_conserve_chips(seed, players, game):
    """R87: many threads acting on one state: chips conserved, the history replays."""
    st = StudState(
        game, Structure(1, 2, 4, 8), [random.Random(seed + k).choice([5, 30, 200]) for k in range(players)], seed=seed
    )
    start = threading.Barrier(8)

    def hammer(k: int) -> None:
        rng = random.Random(seed * 8 + k)
        start.wait()
        while st.actor >= 0:
            try:
                acts = st.legal_actions()
                if acts:
                    st.apply(rng.choice(acts))
            except ValueError:
                pass  # another thread acted first: the offered action is stale and refused

    threads = [threading.Thread(target=hammer, args=(k,)) for k in range(8)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show at once
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert st.finished and sum(st.stacks) == sum(st.starting_stacks) and min(st.stacks) >= 0
    again = replay(dumps(to_phh(st, full=True)))
    assert again.stacks == st.stacks and again.log == st.log
