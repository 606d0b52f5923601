"""Hi-lo scoops against unknown down cards by rank multiset (issue 22, items 3 and 4): the
two-key count of ``studeval._unseen`` (``headsup_unseen_both``, ``exact.unseen_scoops``) equals
the two-key count card by card (``_equity.headsup_dominance``, ``exact.headsup_scoops``)
integer for integer, on every street where the opponent has unknown down cards, for both hi-lo
games of the registry, with dead cards, either seat; and brute force with the reference
evaluators on late streets."""

from __future__ import annotations

import random

import numpy as np
import pytest
from questions import HILO_LATE_DEALS, every_pair, kernel_args, kernel_shape, unknown_cards_deal

from studeval import _equity, _unseen, parse_cards
from studeval.equity import HiLoResult, plan_equity, stud_equity
from studeval.equity.deal import stud_deal
from studeval.equity.exact import headsup_scoops, unseen_scoops
from studeval.games import GAMES, get_game
from studeval.kinds import HAND_KINDS

HILO_GAMES = [name for name, g in GAMES.items() if g.hilo]
# (cards a player holds, up cards an opponent shows) on each street with unknown down cards:
# third to sixth street, and seventh (the last card down)
STREETS = [(3, 1), (4, 2), (5, 3), (6, 4), (7, 4)]


def test_the_games_are_the_hilo_games_of_the_registry() -> None:
    assert set(HILO_GAMES) == {"stud8", "stud_hilo"}
    assert {get_game(g).low_qualifies for g in HILO_GAMES} == {True, False}


@pytest.mark.parametrize("game", HILO_GAMES)
@pytest.mark.parametrize("street", range(len(STREETS)))
def test_every_street_equals_the_card_by_card_count(game: str, street: int) -> None:
    """Random cards, dead cards, either seat: the same integers. (Third street with sixteen to
    twenty-two dead cards: the card-by-card count of a full deck takes many seconds, of
    fourteen dead one.)"""
    rng = random.Random(f"{game} {street}")
    held, shown = STREETS[street]
    for k in range(3):
        dead = rng.randint(16, 22) if street == 0 else rng.randint(0, 12)
        deal = unknown_cards_deal(rng, game, held, shown, dead, swap=k % 2 == 1)
        assert unseen_scoops(deal) == headsup_scoops(deal, 1), deal


@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_equals_the_two_key_count(seed: int) -> None:
    """The kernel against ``headsup_dominance`` on random shapes (three to seven known cards
    against one to four), the live cards in any order, both lows. Eight or better it counts
    the pairs where both have a low; where one alone has a low, that one beats the other on
    both keys when its high hand is better: A's wins with a low against every B less those
    against B's with a low, and B's wins with a low against A's without."""
    rng = random.Random(seed)
    keys = {**_equity.KEYS, **{k.name: _equity.KEYS[k.code] for k in HAND_KINDS.values()}}  # by a kind's name too
    for _ in range(6):
        a, b, dead, live = kernel_shape(rng, 6, 14)
        args = kernel_args(a, b, live)
        for low, qualifier in (("low8", True), ("low", False)):
            a_both, b_both = _unseen.headsup_unseen_both(*args, qualifier)
            if qualifier:
                every_b, b_with_low = _unseen.headsup_unseen_split(*args)
                a_both += every_b[1][0] - b_with_low[1][0]  # A with a low wins the high
                b_both += b_with_low[0][1]  # B with a low wins the high from A without
            want = _equity.headsup_dominance(*args, keys["high"], keys[low])
            assert (a_both, b_both) == want, (a, b, dead, low)


@pytest.mark.parametrize("seed", range(3))
def test_the_split_counts_equal_the_count_card_by_card(seed: int) -> None:
    """The high hands' counts apart for A's completions without an eight-or-better low and
    with one, against every B and against B's with a low, each the card-by-card count with
    the other hands put out of the comparison (``nolow_*``/``low_*`` keys: see
    ``_equity.KEYS``), and the two triples adding up to the plain count."""
    rng = random.Random(100 + seed)
    for _ in range(4):
        cards = list(range(52))
        rng.shuffle(cards)
        na, nb = rng.randint(5, 6), rng.randint(3, 4)
        a, b, live = cards[:na], cards[na : na + nb], cards[na + nb : na + nb + rng.randint(14, 18)]
        dead = cards[na + nb + len(live) :]
        args = kernel_args(a, b, live)
        every_b, b_with_low = _unseen.headsup_unseen_split(*args)
        assert tuple(x + y for x, y in zip(*every_b, strict=True)) == _unseen.headsup_unseen(*args)
        want = _brute_force_split([a, b], dead)
        assert every_b == want[False], (a, b, dead)
        assert b_with_low == want[True], (a, b, dead)


def _brute_force_split(hands: list[list[int]], dead: list[int]) -> dict[bool, tuple[tuple[int, int, int], ...]]:
    """Every deal of two players, by the reference evaluators: the high hands' (a wins, b
    wins, ties) for A's completions without an eight-or-better low and with one, over every B
    (False) and over B's with a low (True)."""
    ok, (high_a, low_a), (high_b, low_b) = every_pair(hands, dead, ["high", "low8"])
    out = {}
    for b_low8 in (False, True):
        deals = ok & (low_b > 0) if b_low8 else ok
        out[b_low8] = tuple(
            tuple(
                int((deals & ((low_a > 0) == a_low) & cmp).sum())
                for cmp in (high_a > high_b, high_b > high_a, high_a == high_b)
            )
            for a_low in (False, True)
        )
    return out


def test_lows_and_flushes_on_both_sides() -> None:
    """Deals where lows, flushes and hands without a low all matter: wheel cards and suited
    cards on both sides, the qualifier met and missed, a side that cannot have a low."""
    for game in HILO_GAMES:
        for a, b, dead in [
            # straight flushes and wheels (the tens to kings left only in spades: the count card
            # by card of the fuller deck took most of the test's time)
            ("As 2s 3s 4s", "5s 6s", "7s 8s Tc Td Th Jc Jd Jh Qc Qd Qh Kc Kd Kh"),
            ("Kh Qh Jh 9h 8h", "2h 3h 4c", ""),  # a made flush and a low draw
            ("9c 9d Tc Th Kd", "Ac 2d 3h", "4s 5s 6d 7c"),  # no low possible for one side
            ("As 2d 3c 4h 5s 6d 7c", "8h 8d 8c 8s", ""),  # seventh street: the rest of B down
            # few lows left (and a few high cards gone too: the count card by card took a second)
            ("Kc Kd Ks", "Qh", "2c 3c 4c 5c 6c 7c 8c Ac 2d 3d 4d 5d 6d 7d 8d Ad 9c 9d Tc Td Jc Jd"),
        ]:
            deal = stud_deal([parse_cards(a), parse_cards(b)], get_game(game), parse_cards(dead))
            assert unseen_scoops(deal) == headsup_scoops(deal, 1), (game, a, b)


def _brute_force_scoops(hands: list[list[int]], dead: list[int], game: str) -> tuple[int, int]:
    """Every deal of two players: how often each beats the other on the high and on the low
    (eight or better: no low beats nothing), by the reference evaluators, each deal at once
    by numpy."""
    low_kind = "low8" if get_game(game).low_qualifies else "low"
    ok, (high_a, low_a), (high_b, low_b) = every_pair(hands, dead, ["high", low_kind])
    return (
        int((ok & (high_a > high_b) & (low_a > low_b)).sum()),
        int((ok & (high_b > high_a) & (low_b > low_a)).sum()),
    )


@pytest.mark.parametrize(("game", "a", "b", "dead"), HILO_LATE_DEALS)
def test_late_streets_equal_brute_force(game: str, a: str, b: str, dead: str) -> None:
    """Sixth and seventh street, and fifth against three up cards: every deal, the reference
    evaluators."""
    hands, dead_cards = [parse_cards(a), parse_cards(b)], parse_cards(dead)
    deal = stud_deal(hands, get_game(game), dead_cards)
    assert unseen_scoops(deal) == _brute_force_scoops(hands, dead_cards, game)


@pytest.mark.parametrize("game", HILO_GAMES)
@pytest.mark.parametrize(
    ("a", "b", "live"),
    [
        ("2s 3s 4s", "5s", "6s 7s 8s 9s Ah 2h 3d 4c 5c 6h 7d 8d Kh Kd"),  # flushes, wheels, lows
        ("Kc Kd 9s", "Ah", "Ks Kh 9c 2h 3h 4h 5h 6h 7h 8c Tc Jc Qc 4d"),  # a low against a flush
    ],
)
def test_third_street_on_a_short_deck_equals_brute_force(game: str, a: str, b: str, live: str) -> None:
    """Third street against a door card, 14 cards left: every deal, the reference evaluators."""
    hands = [parse_cards(a), parse_cards(b)]
    rest = {*hands[0], *hands[1], *parse_cards(live)}
    dead_cards = [c for c in range(52) if c not in rest]
    deal = stud_deal(hands, get_game(game), dead_cards)
    assert unseen_scoops(deal) == _brute_force_scoops(hands, dead_cards, game)


@pytest.mark.parametrize("count", ["both", "split"])
def test_bad_cards_are_refused_by_name(count: str) -> None:
    live = np.arange(10, 52, dtype=np.uint8)

    def call(known_a: list[int], draws_a: int) -> object:
        args = (live, np.array(known_a, dtype=np.uint8), draws_a, np.array([3], dtype=np.uint8), 6)
        return _unseen.headsup_unseen_both(*args, True) if count == "both" else _unseen.headsup_unseen_split(*args)

    with pytest.raises(ValueError, match=f"headsup_unseen_{count}: bad or repeated card 10"):
        call([0, 1, 10], 4)
    with pytest.raises(ValueError, match="5 to 7 cards"):
        call([0, 1, 2], 1)


@pytest.mark.parametrize("game", HILO_GAMES)
def test_the_door_card_question_counts_its_scoops(game: str) -> None:
    """Third street against a door card: the plan's kernel is the count by rank multiset, and
    the exact answer has every figure a number (the scoops too), within 4 standard errors of
    Monte Carlo; its scoops hold the two-key count's (all of them without a qualifier; eight
    or better a scoop is also the high hand alone where nobody has a low)."""
    players = ["As 2d 3c", "Kh"]
    assert plan_equity(players, game=game).kernel == "unseen"
    r = stud_equity(players, game=game, method="exact")
    assert isinstance(r, HiLoResult) and r.method == "exact"
    assert r.deals == 194_580 * 7_059_052  # C(48, 4) x C(44, 6)
    both = unseen_scoops(stud_deal([parse_cards(p) for p in players], get_game(game), []))
    if not get_game(game).low_qualifies:  # every hand has a low: a scoop is both keys won
        assert [round(s * r.deals) for s in r.scoop] == list(both)
    assert all(b / r.deals <= s <= 1 for b, s in zip(both, r.scoop, strict=True))
    mc = stud_equity(players, game=game, method="monte-carlo", samples=200_000, seed=22)
    for figure in ("equity", "scoop", "high", "low"):
        for e, m in zip(getattr(r, figure), getattr(mc, figure), strict=True):
            assert abs(m - e) < 4 * max(np.sqrt(e * (1 - e) / 200_000), 1e-9), (figure, e, m)
