"""The direct route of a small heads-up question: late streets answered in microseconds.

Most of a seventh-street ``stud_equity`` call was Python around a count of one deal: parsing
the card text, checking the deal, the cost model, the result. A question that is plain
heads-up cards of a stud game named by a string, each player with at most two cards to come
(fifth street on; third street on in five card stud), takes a shorter way with the same
answer: the text's parse is cached, the plan is cached by the question's shape (the cost model
reads nothing else but its own figures, :func:`~studeval.equity.plan.settings`), and the count
is one call of ``studeval._matchups`` (the kernel of :func:`~studeval.equity.equity_batch`: no
allocation, and on fifth street faster than the general counts, which are built for millions
of completions). Anything else -- a range, ints, a bad card, an option the plan would refuse,
a plan that samples, a deck that runs short of both hands (a community card) -- goes the general way, which also gives
every error message.

>>> r = small_headsup(["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", (), "auto", 10**6, None, None)
>>> r.method, r.deals, r.equity
('exact', 1, (0.0, 1.0))
>>> small_headsup(["As Ah Kd 2c", "Qc Qd 7s 8h"], "seven", (), "auto", 10**6, None, None) is None  # 3 to come
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from studeval import _equity, _matchups
from studeval.cards import CardsLike, format_cards, parse_cards
from studeval.equity.counts import hilo_result, pot_result
from studeval.equity.deal import Options, stud_deal, stud_game
from studeval.equity.plan import EquityPlan, plan, settings
from studeval.equity.result import EquityResult, HiLoResult
from studeval.games import Game

__all__ = ["direct_headsup", "small_headsup"]

# Longest card text whose parse is cached (a whole deck with separators fits: dead cards).
_MAX_TEXT = 160
# Plans kept by the question's shape before the cache starts again.
_MAX_PLANS = 1024
_plans: dict[tuple[object, ...], EquityPlan] = {}


class _Cards(NamedTuple):
    """Card text parsed: the cards, as bytes for the kernel, as a set of bits, and the label."""

    cards: tuple[int, ...]
    raw: bytes
    bits: int
    label: str


class _Facts(NamedTuple):
    """What the direct route reads of a game (properties of Game computed once)."""

    game: Game
    cards: int
    kind: int  # the codes of the pot's kinds (Kind.code): the pot's, or the high half's
    low: int | None


@lru_cache(maxsize=4096)
def _parsed(text: str) -> _Cards | None:
    """Plain card text parsed; None for anything else (a range, bad text)."""
    if "[" in text or "]" in text:
        return None
    try:
        cards = parse_cards(text)
    except (ValueError, TypeError):
        return None
    return _Cards(tuple(cards), bytes(cards), sum(1 << c for c in cards), format_cards(cards))


@lru_cache(maxsize=64)
def _game(name: str) -> _Facts | None:
    """The stud game of a name, None where the general route must say what is wrong."""
    try:
        game = stud_game(name)
    except (ValueError, TypeError):
        return None
    codes = game.pot_codes
    return _Facts(game, game.cards, codes[0], codes[1] if game.hilo else None)


_NO_CARDS = _Cards((), b"", 0, "")


def small_headsup(
    players: Sequence[CardsLike],
    game: object,
    dead: CardsLike,
    method: object,
    samples: object,
    seed: object,
    threads: object,
) -> EquityResult | HiLoResult | None:
    """:func:`~studeval.equity.stud_equity`'s answer by the direct route, or None when the
    question is not one for it (the caller then takes the general route)."""
    start = time.perf_counter()
    # plain values only: anything else is checked and answered the general way
    if type(players) not in (list, tuple) or len(players) != 2 or type(game) is not str or type(method) is not str:
        return None
    # exact types (a bool would hash as an int): the options are a key of the plans kept
    if type(samples) is not int or not (seed is None or type(seed) is int):
        return None
    if not (threads is None or type(threads) is int):
        return None
    one, two = players
    if type(one) is not str or type(two) is not str or len(one) > _MAX_TEXT or len(two) > _MAX_TEXT:
        return None
    if type(dead) is str:
        out = _parsed(dead) if len(dead) <= _MAX_TEXT else None  # the analysis of histories passes text
    else:
        out = _NO_CARDS if type(dead) in (tuple, list) and not dead else None
    first, second, facts = _parsed(one), _parsed(two), _game(game)
    if first is None or second is None or facts is None or out is None:
        return None
    if first.bits & second.bits or (first.bits | second.bits) & out.bits:
        return None  # a card held twice: the general route says which
    draws = facts.cards - len(first.cards), facts.cards - len(second.cards)
    live = 52 - len(first.cards) - len(second.cards) - len(out.cards)
    if not 0 <= draws[0] <= _matchups.MAX_DRAWS or not 0 <= draws[1] <= _matchups.MAX_DRAWS:
        return None
    if live < draws[0] + draws[1]:  # the deck runs short: the community card, the general way
        return None
    key = (facts.game.name, draws, live, method, samples, seed, threads, settings())
    chosen = _plans.get(key)
    if chosen is None:
        deal = stud_deal([list(first.cards), list(second.cards)], facts.game, list(out.cards))
        chosen = plan(deal, Options(method, samples, seed, threads))[2]
        if len(_plans) >= _MAX_PLANS:
            _plans.clear()
        _plans[key] = chosen
    if chosen.method != "exact":  # the general route samples: its answer then
        return None
    return _answer(first, second, out, facts, chosen.reason, start)


def _answer(
    first: _Cards, second: _Cards, out: _Cards, facts: _Facts, reason: str, start: float
) -> EquityResult | HiLoResult:
    """The exact count of a small heads-up question by one ``_matchups`` call, as a result."""
    counts = _matchups.headsup_one(first.raw, second.raw, out.raw, facts.cards, facts.kind, facts.low)
    a, b = counts[: len(counts) // 2], counts[len(counts) // 2 :]
    labels = (first.label, second.label)
    if facts.low is None:
        # _matchups.COLUMNS: deals, share, win, tie; the ties are two-way
        seconds = time.perf_counter() - start
        return pot_result([a[2], b[2]], [[0, 0, a[3]], [0, 0, b[3]]], a[0], "exact", seconds, False, reason, labels)
    # _matchups.HILO_COLUMNS: deals, share (quarters), scoop, high, low, no low; as rows of
    # _equity.HILO_COLUMNS: share (in its unit), scoop, part (not read), high, low
    quarter = _equity.HILO_SHARE_UNIT // 4
    rows = [[quarter * x[1], x[2], 0, x[3], x[4]] for x in (a, b)]
    no_low = a[5] / a[0] if facts.game.low_qualifies else 0.0
    seconds = time.perf_counter() - start
    return hilo_result(rows, [0.0, 0.0], a[0], "exact", no_low, seconds, False, reason, labels)


def _cards(cards: Sequence[int]) -> _Cards:
    return _Cards(tuple(cards), bytes(cards), sum(1 << c for c in cards), format_cards(cards))


def direct_headsup(
    hands: Sequence[Sequence[int]], game: Game, dead: Sequence[int], reason: str, start: float
) -> EquityResult | HiLoResult | None:
    """The exact answer of a checked heads-up question of cards as ints by the direct route
    (:func:`~studeval.equity.solve.answer_planned`, once its plan counts exactly), or None
    when a player has more cards to come than the route takes. ``reason`` is the plan's.

    >>> from studeval.cards import parse_cards
    >>> a, b = parse_cards("As Ah Kd 2c 3c 4d 5h"), parse_cards("Qc Qd 7s 8h 9h Th Jc")
    >>> direct_headsup([a, b], stud_game("seven"), [], "exact", time.perf_counter()).equity
    (0.0, 1.0)
    """
    facts = _game(game.name)
    if len(hands) != 2 or facts is None or facts.game is not game:
        return None
    one, two = hands
    if not (0 <= facts.cards - len(one) <= _matchups.MAX_DRAWS and 0 <= facts.cards - len(two) <= _matchups.MAX_DRAWS):
        return None
    if 52 - len(dead) < 2 * facts.cards:  # the deck runs short: the community card, the general way
        return None
    return _answer(_cards(one), _cards(two), _cards(dead) if dead else _NO_CARDS, facts, reason, start)
