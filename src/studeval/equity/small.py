"""The direct route of a small heads-up question: late streets answered in microseconds.

Most of a seventh-street ``stud_equity`` call was Python around a count of one deal: parsing
the card text, checking the deal, the cost model, the result. A question that is plain
heads-up cards of a stud game named by a string, each player with at most two cards to come
(fifth street on; third street on in five card stud), takes a shorter way with the same
answer, all of it one compiled call (``studeval._matchups.SmallRoute``): the type checks, the
text's parse kept by the text, the plan kept by the question's shape (the cost model reads
nothing else but its own figures, :func:`~studeval.equity.plan.settings`, compared on every
call), the count (the kernel of :func:`~studeval.equity.equity_batch`: no allocation, and on
fifth street faster than the general counts, which are built for millions of completions) and
the result object, made the way :meth:`~studeval.equity.EquityResult.from_fields` makes it.
The Python here runs only when something is not kept yet. Anything else -- a range, ints, a
bad card, an option the plan would refuse, a plan that samples, a deck that runs short of both
hands (a community card) -- goes the general way, which also gives every error message.

>>> r = small_headsup(["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", (), "auto", 10**6, None, None)
>>> r.method, r.deals, r.equity
('exact', 1, (0.0, 1.0))
>>> small_headsup(["As Ah Kd 2c", "Qc Qd 7s 8h"], "seven", (), "auto", 10**6, None, None) is None  # 3 to come
True
"""

from __future__ import annotations

import time  # noqa: F401 (the examples time a call)
from collections.abc import Callable, Sequence
from dataclasses import fields

from studeval import _equity, _matchups
from studeval.cards import format_cards, parse_cards
from studeval.equity.deal import Options, stud_deal, stud_game
from studeval.equity.plan import plan, settings
from studeval.equity.result import EquityResult, HiLoResult
from studeval.games import Game

__all__ = ["direct_headsup", "small_headsup"]

# Longest card text whose parse is kept (a whole deck with separators fits: dead cards).
_MAX_TEXT = 160
# Parses, games and plans kept (each by its text, name or question's shape) before a cache
# starts again.
_MAX_KEPT = 4096


def _parsed(text: str) -> tuple[bytes, str] | None:
    """Plain card text as bytes and its label; None for anything else (a range, bad text)."""
    if "[" in text or "]" in text:
        return None
    try:
        cards = parse_cards(text)
    except (ValueError, TypeError):
        return None
    return bytes(cards), format_cards(cards)


def _game(name: str) -> tuple[str, Game, int, int, int | None, bool] | None:
    """What the route reads of the stud game of a name, None where the general route must say
    what is wrong: its name, the game, its cards, the codes of the pot's kinds (the pot's, or
    the high half's and the low half's) and whether the low qualifies."""
    try:
        game = stud_game(name)
    except (ValueError, TypeError):
        return None
    codes = game.pot_codes
    return game.name, game, game.cards, codes[0], codes[1] if game.hilo else None, game.low_qualifies


def _plan(
    a: bytes, b: bytes, dead: bytes, game: Game, method: str, samples: int, seed: int | None, threads: int | None
) -> tuple[bool, str]:
    """Whether the plan of a question of this shape counts exactly, and its reason (the route
    keeps it by the shape: the cost model reads nothing else but its own figures)."""
    deal = stud_deal([list(a), list(b)], game, list(dead))
    chosen = plan(deal, Options(method, samples, seed, threads))[2]
    return chosen.method == "exact", chosen.reason


_ROUTE = _matchups.SmallRoute(
    _parsed,
    _game,
    _plan,
    settings,
    EquityResult,
    HiLoResult,
    (tuple(f.name for f in fields(EquityResult)), tuple(f.name for f in fields(HiLoResult))),
    _equity.HILO_SHARE_UNIT,
    _MAX_TEXT,
    _MAX_KEPT,
)

#: :func:`~studeval.equity.stud_equity`'s answer by the direct route, or None when the
#: question is not one for it (the caller then takes the general route):
#: ``small_headsup(players, game, dead, method, samples, seed, threads)``.
small_headsup: Callable[..., EquityResult | HiLoResult | None] = _ROUTE.answer


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
    facts = _game(game.name) if len(hands) == 2 else None
    if facts is None or facts[1] is not game:
        return None
    one, two = hands
    if not (0 <= game.cards - len(one) <= _matchups.MAX_DRAWS and 0 <= game.cards - len(two) <= _matchups.MAX_DRAWS):
        return None
    if 52 - len(dead) < 2 * game.cards:  # the deck runs short: the community card, the general way
        return None
    labels = (format_cards(one), format_cards(two))
    return _ROUTE.answer_cards(bytes(one), bytes(two), bytes(dead), labels, game.name, reason, start)  # type: ignore[no-any-return]
