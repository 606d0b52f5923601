"""Stud hi-lo against unknown down cards by rank multiset (issue 22, item 4): the hi-lo pot of
the count against unseen cards (``studeval._unseen``'s kind ``low8`` and split counts,
``studeval.equity.exact.unseen_hilo``) equals the card-by-card heads-up count
(``studeval.equity.exact.headsup_hilo``, the exact method of these deals before) in exact
integers, on every street where the opponent has unknown down cards, for both hi-lo games of
the registry; and brute force with the reference evaluators on late streets."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from questions import HILO_LATE_DEALS, every_pair, kernel_args, kernel_shape, unknown_cards_deal

from studeval import _equity, _unseen, parse_cards
from studeval.equity import HiLoResult, plan_equity, stud_equity
from studeval.equity.counts import Counts
from studeval.equity.deal import stud_deal
from studeval.equity.exact import exact
from studeval.games import GAMES, get_game

HILO_GAMES = [name for name, g in GAMES.items() if g.hilo]
# (cards a player holds, up cards an opponent shows) on each street with unknown down cards:
# third to sixth street, and seventh (the last card down)
STREETS = [(3, 1), (4, 2), (5, 3), (6, 4), (7, 4)]


def _same(a: Counts, b: Counts) -> None:
    assert a.hilo is not None and b.hilo is not None
    assert a.deals == b.deals and a.nolow == b.nolow
    assert a.hilo.tolist() == b.hilo.tolist()


def test_the_games_are_the_hilo_games_of_the_registry() -> None:
    assert set(HILO_GAMES) == {"stud8", "stud_hilo"}
    assert {get_game(g).pot[1] for g in HILO_GAMES} == {"low8", "low"}


@pytest.mark.parametrize("game", HILO_GAMES)
@pytest.mark.parametrize("street", range(1, len(STREETS)))
def test_later_streets_equal_the_card_by_card_count(game: str, street: int) -> None:
    """Fourth to seventh street, random cards, dead cards, either seat: equal integers. Six to
    fourteen cards dead (the count card by card of a fuller deck takes most of a second on
    fourth street; each kind of the kernel meets decks with four dead cards in
    test_the_kernel_kinds_equal_the_card_subset_count)."""
    rng = random.Random(f"{game} {street}")
    held, shown = STREETS[street]
    for k in range(4):
        deal = unknown_cards_deal(rng, game, held, shown, rng.randint(6, 14), swap=k % 2 == 1)
        _same(exact(deal, "unseen", 1, None), exact(deal, "headsup", 1, None))


@pytest.mark.parametrize(
    ("game", "questions"),
    [(game, 1) for game in HILO_GAMES] + [pytest.param(game, 8, marks=pytest.mark.slow) for game in HILO_GAMES],
)
def test_third_street_equals_the_card_by_card_count(game: str, questions: int) -> None:
    """Third street against a door card, with folded door cards dead as at a table (the card
    by card count takes seconds a question: one by default, more with -m slow). The question
    of the default run has sixteen to twenty-two cards dead, as the scoops' third street has in
    test_unseen_scoops.py: the rank-multiset count goes the same way however many cards are
    dead (each kind of the kernel meets fuller decks, on later streets, in the kernel test
    below), and the card-by-card count of a fuller deck takes seconds of CPU (five to ten with
    eight to twelve dead); the -m slow ones have four to nine."""
    rng = random.Random(f"{game} {questions}")
    fewest, most = (16, 22) if questions == 1 else (4, 9)
    for k in range(questions):
        deal = unknown_cards_deal(rng, game, 3, 1, rng.randint(fewest, most), swap=(k + questions) % 2 == 1)
        _same(exact(deal, "unseen", 2, None), exact(deal, "headsup", 2, None))


def test_lows_and_flushes_on_both_sides() -> None:
    """Deals where lows, flushes and the pairs with no low all matter: wheel cards and suited
    cards on both sides, the qualifier met and missed."""
    for game in HILO_GAMES:
        for a, b, dead in [
            # straight flushes and wheels (the tens to kings left only in spades: the count card
            # by card of the fuller deck took most of the test's time)
            ("As 2s 3s 4s", "5s 6s", "7s 8s Tc Td Th Jc Jd Jh Qc Qd Qh Kc Kd Kh"),
            ("Kh Qh Jh 9h 8h", "2h 3h 4c", ""),  # a made flush and a low draw
            ("9c 9d Tc Th Kd", "Ac 2d 3h", "4s 5s 6d 7c"),  # no low possible for one side
            ("As 2d 3c 4h 5s 6d 7c", "8h 8d 8c 8s", ""),  # seventh street: the rest of B down
        ]:
            deal = stud_deal([parse_cards(a), parse_cards(b)], get_game(game), parse_cards(dead))
            _same(exact(deal, "unseen", 1, None), exact(deal, "headsup", 1, None))


@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_kinds_equal_the_card_subset_count(seed: int) -> None:
    """Each kind of the kernel against the card-subset count's keys: high hands, lows and
    eight-or-better lows; and the high hands of the pairs with no low, from the split counts
    (A's completions without a low against every B, less those against B's with a low),
    against the card-subset count's (two counts, one per side)."""
    rng = random.Random(seed)
    keys = _equity.KEYS
    for _ in range(5):
        a, b, dead, live = kernel_shape(rng, 4, 12)
        args = kernel_args(a, b, live)
        for kind in _unseen.KINDS:
            assert _unseen.headsup_unseen(*args, kind) == _equity.headsup_exact(*args, 1, keys[kind], keys[kind])
        nw0, _, nt = _equity.headsup_exact(*args, 1, keys["nolow_min"], keys["nolow_max"])
        _, nw1, _ = _equity.headsup_exact(*args, 1, keys["nolow_max"], keys["nolow_min"])
        (every_b, _), (b_with_low, _) = _unseen.headsup_unseen_split(*args)  # A's completions without a low
        assert tuple(x - y for x, y in zip(every_b, b_with_low, strict=True)) == (nw0, nw1, nt), (a, b, dead)


def test_a_bad_kind_is_refused_by_name() -> None:
    args = (np.arange(10, 52, dtype=np.uint8), np.array([0, 1, 2], dtype=np.uint8), 4, np.array([3], dtype=np.uint8), 6)
    with pytest.raises(ValueError, match="'low27'"):
        _unseen.headsup_unseen(*args, "low27")


def _brute_force(
    hands: list[list[int]], dead: list[int], game: str
) -> tuple[int, list[Fraction], list[int], list[int], int]:
    """Every deal of two players: (deals, pot shares, high halves won or shared, low halves
    won or shared, deals with no qualifying low), a pot split as the game says (nobody with
    an eight-or-better low: the high takes it all); the shares counted in quarter pots (a
    half shared), each deal at once by numpy."""
    low_kind = "low8" if get_game(game).low_qualifies else "low"
    ok, (high_a, low_a), (high_b, low_b) = every_pair(hands, dead, ["high", low_kind])
    nolow = ok & (np.maximum(low_a, low_b) == 0)  # nobody has a low: the whole pot to the high
    some_low = ok & ~nolow
    share, high, low = [], [], []
    for mine, theirs, my_low, their_low in ((high_a, high_b, low_a, low_b), (high_b, high_a, low_b, low_a)):
        won, tied = mine > theirs, mine == theirs
        quarters = nolow * (4 * won + 2 * tied) + some_low * (2 * won + tied)
        quarters += some_low * (2 * (my_low > their_low) + (my_low == their_low))
        share.append(Fraction(int(quarters.sum()), 4))
        high.append(int((ok & (won | tied)).sum()))
        low.append(int((some_low & (my_low >= their_low)).sum()))
    return int(ok.sum()), share, high, low, int(nolow.sum())


@pytest.mark.parametrize(("game", "a", "b", "dead"), HILO_LATE_DEALS)
def test_late_streets_equal_brute_force(game: str, a: str, b: str, dead: str) -> None:
    """Sixth and seventh street, and fifth against three up cards, with most of the deck
    dead: every deal, the reference evaluators, exact fractions."""
    hands, dead_cards = [parse_cards(a), parse_cards(b)], parse_cards(dead)
    deal = stud_deal(hands, get_game(game), dead_cards)
    c = exact(deal, "unseen", 1, None)
    deals, share, high, low, nolow = _brute_force(hands, dead_cards, game)
    assert c.hilo is not None and c.deals == deals and c.nolow == nolow
    unit = _equity.HILO_SHARE_UNIT
    assert [Fraction(int(x), unit) for x in c.hilo[:, 0]] == share
    assert c.hilo[:, 3].tolist() == high and c.hilo[:, 4].tolist() == low


@pytest.mark.parametrize("game", HILO_GAMES)
def test_auto_answers_a_door_card_with_every_figure(game: str) -> None:
    """``auto`` answers third street against a door card as its plan says: the rank-multiset
    count (scoops included, by the two-key count by rank multiset; stud8 always) or, where the
    cost model prices that above ``AUTO_EXACT_RATIO`` times Monte Carlo's, sampling; either way
    every figure is a number (no scoops left out). The exact answer's scoops are checked in
    test_unseen_scoops.py."""
    players = ["As 2d 3c", "Kh"]
    p = plan_equity(players, game=game)
    assert p.kernel == "unseen"
    if get_game(game).low_qualifies:  # the scoops split by who has a low: priced within reach
        assert p.method == "exact", p.reason
    r = stud_equity(players, game=game)
    assert isinstance(r, HiLoResult) and r.method == p.method
    assert all(0 < x < 1 for x in (*r.equity, *r.scoop, *r.high, *r.low))
    if r.method == "exact":  # (Monte Carlo does not count the deals with no low)
        assert r.no_low == 0.0 if not get_game(game).low_qualifies else 0 < r.no_low < 1
