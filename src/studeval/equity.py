"""Equity: each player's share of the pot when the rest of the cards come at random.

Seven card stud, five card stud, razz (ace-to-five low), seven card stud hi-lo eight or better
("stud8") and hold'em. A player is given by the cards known of them --
your whole hand so far, only the up cards of an opponent -- and the rest of every hand comes
from the live deck: the 52 cards less every known card and every dead card (cards seen and out
of play, such as folded up cards). Each deal is one uniformly random assignment of distinct live
cards to the open slots; equity is the chance of winning plus the tie shares.

Methods:

* heads-up stud, every street: exact, by evaluating each player's completions once and
  counting the disjoint pairs by inclusion-exclusion over the cards they would share (razz
  compares ace-to-five lows the same way; a stud8 pot share is a sum of such counts, each a
  comparison of one key within a class: high over all pairs, eight-or-better low over all
  pairs, and high among the pairs where nobody has a low, where the high takes the whole pot); when
  one side has many unknown cards (an opponent shown by up cards only), that side is counted
  by rank multiset, with its flushes corrected suit by suit (``studeval._unseen``), which
  makes third street against a door card exact in about a tenth of a second (seven and five
  card stud, and razz, where a low ignores suits; stud8 counts such players card by card);
* hold'em from any board, and stud with three or more players: exact by enumerating every
  deal when the count fits a budget;
* otherwise Monte Carlo, with one numpy bit generator per thread (seeded from one
  ``SeedSequence``, so a seed and a thread count reproduce the result) and a standard error.

Hi-lo (stud8): each pot is split into a high half and a low half for the best eight-or-better
low; tied hands share their half; a pot with no qualifying low goes whole to the high hand.
The result then also gives each player's chance to scoop (take the whole pot alone: both
halves, or the high with no low), to win or share the high half (the whole pot when there is
no low) and to win or share the low half; ``win`` is then the scoop chance and ``tie`` the
chance of taking part of the pot but not all. The heads-up count on early streets gives the
equity, high and low exactly but not the scoop (a condition on two keys at once): there
``scoop`` is None and ``win``/``tie`` are NaN.

Deck exhaustion (seven card stud, razz and stud8; R47): when the live cards cannot give every player the
rest of their seven cards, the seventh card is one community card shared by every player who
does not already hold seven known cards; everyone else's cards up to the sixth come from the
live deck as usual. The burn cards are part of the unseen (live) cards from the player's point
of view, so the rule's reshuffle of burns changes nothing here; folded cards, given as dead,
are never dealt. The test is exactly the dealer's: the cards still to be dealt (every
player's missing cards less their down cards already out, which are unseen and so counted on
both sides) against the unseen cards (the stub and the burns). Eight players all going to
seventh street with no cards folded is the case the rule describes: 8 x 6 = 48 cards out and
3 burns leave one card plus the burns, 4 in all, for 8 players, so the seventh card is shared.
If even the sixth street cannot be dealt privately, or any game asks for more cards than
there are, the call raises ValueError ("more players than the deck allows"). One assumption:
cards folded face down that nobody saw are not known to be out, so they count as live.

>>> r = stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
>>> r.method, r.deals, [round(e, 4) for e in r.equity]
('exact', 1560, [0.4038, 0.5962])
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, as_completed, wait
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from studeval import _equity, _unseen
from studeval._core import check_threads
from studeval.cards import CardsLike, format_card, format_cards, parse_cards
from studeval.evaluate import STUD_GAMES
from studeval.games import get_game
from studeval.ranges import HoleRange, format_player, hole_cards, parse_player, parse_range

__all__ = [
    "MAX_TASKS",
    "EquityPlan",
    "EquityResult",
    "EquityTable",
    "MAX_MATCHUPS",
    "check_tasks",
    "equity_table",
    "holdem_equity",
    "plan_equity",
    "sharded_equity",
    "stud_equity",
]

#: Monte Carlo deals when none are asked for.
DEFAULT_SAMPLES = 1_000_000
#: Seconds per unit of work on one core, per way of counting (the units of ``_count_work``:
#: hand evaluations, or table updates of the heads-up counts; Monte Carlo: per deal, the
#: cards drawn plus the hands evaluated), and of the Python work around one count (``"call"``:
#: one combination of a range's hands). Measured by ``python tools/measure_costs.py`` (the
#: median over a few queries each, one thread, best of three) on the 2-core development
#: machine under its usual load (2026-12-01); ``method="auto"`` compares the estimates with
#: each other, so only the ratios matter on another machine.
SECONDS_PER_UNIT = {
    "headsup": 1.2e-08,
    "unseen": 4.2e-09,
    "enumerate": 8.9e-09,
    "monte-carlo": 2.0e-08,
    "call": 6.3e-04,
}
#: ``method="auto"`` counts exactly unless the estimate is more than this many times Monte
#: Carlo's for the samples asked: an exact answer has no error, a million deals leave one of
#: about 0.05 %, and the estimates themselves are good to a factor of two or so.
AUTO_EXACT_RATIO = 5.0
#: ... and below this many seconds it counts exactly whatever Monte Carlo would take.
AUTO_EXACT_GRACE = 0.1
#: ``method="exact"`` refuses work beyond this (many minutes): use Monte Carlo instead.
EXACT_WORK_LIMIT = 20_000_000_000
#: The heads-up count keeps every completion in memory (8 bytes each).
HEADSUP_MAX_COMPLETIONS = 20_000_000
#: The most tasks a sharded job is split into (:func:`sharded_equity`, and the tasks and
#: shards of ``studeval.distributed``): each holds its own seed stream, here and on a
#: cluster's scheduler, so the count is checked before any is made.
MAX_TASKS = 10_000
# Monte Carlo deals per thread between progress reports; fixed, so that the result for a
# seed does not depend on whether progress is watched.
_MC_CHUNK = 1 << 18
# Seconds between progress reports of a count that cannot report by itself.
_PROGRESS_POLL = 0.05
# Work (as counted by _count_work) below which threads=None runs on one thread.
_SMALL_JOB = 30_000_000
# Cards each stud game deals a player.
_GAMES = {name: get_game(name).cards for name in STUD_GAMES}
_GAME_NAMES = {name: get_game(name).title for name in STUD_GAMES}
#: The ways an equity is computed (``method=``).
METHODS = ("auto", "exact", "monte-carlo")
_MAX_PLAYERS = 12


@dataclass(frozen=True)
class EquityResult:
    """Equities of the players, in the order given.

    ``equity[i]`` is player i's share of the pot on average (wins plus tie shares); ``win[i]``
    and ``tie[i]`` the chances of winning alone and of splitting; ``stderr[i]`` the standard
    error of ``equity[i]`` (0 when exact). ``deals`` counts the deals enumerated or sampled
    (heads-up stud: the disjoint pairs of completions), ``method`` is ``"exact"`` or
    ``"monte-carlo"``, ``seconds`` the wall time, and ``community_card`` says whether the deck
    ran out and the seventh card is shared (seven card stud, razz, stud8).

    Stud8 (hi-lo) also fills ``scoop``, ``high`` and ``low``; there ``win`` is the scoop chance
    and ``tie`` the chance of part of the pot but not all (NaN where the scoop is not counted,
    see the module's notes). Other games leave the three None.

    ``labels`` names the players by what was given of them (their cards, a range), ``plan``
    says how the method was chosen. :meth:`to_dict` and :meth:`records` give it as JSON-ready
    data and as one row per player (``pandas.DataFrame(r.records())``):

    >>> r = stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
    >>> r
    EquityResult(exact over 1,560 deals: As Ah Kd 2c 3c 4c 40.38%, Qc Qd 7s 7h 8h 9h 59.62%)
    >>> r.records()[1]
    {'player': 2, 'label': 'Qc Qd 7s 7h 8h 9h', 'equity': 0.5961538461538461, 'win': 0.5961538461538461, 'tie': 0.0, 'stderr': 0.0}
    >>> d = r.to_dict()
    >>> d["method"], d["deals"], [p["label"] for p in d["players"]]
    ('exact', 1560, ['As Ah Kd 2c 3c 4c', 'Qc Qd 7s 7h 8h 9h'])
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    deals: int
    method: str
    seconds: float
    community_card: bool = False
    #: stud8 only (None otherwise): each player's chance to scoop (the whole pot alone), to
    #: win or share the high half (or the whole pot when nobody has a low), and to win or
    #: share the low half. ``scoop`` is also None where the method does not count it (the
    #: heads-up count on early streets).
    scoop: tuple[float, ...] | None = None
    high: tuple[float, ...] | None = None
    low: tuple[float, ...] | None = None
    #: how the method was chosen, in a line (see :class:`EquityPlan`)
    plan: str = ""
    #: each player as given: their known cards, after a range of hole cards if any
    labels: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.equity)

    def _label(self, i: int) -> str:
        return self.labels[i] if i < len(self.labels) and self.labels[i] else f"player {i + 1}"

    def records(self) -> list[dict[str, Any]]:
        """One dict per player: ``player`` (1, 2, ...), ``label``, ``equity``, ``win``, ``tie``,
        ``stderr`` (and for stud8 ``scoop``, ``high``, ``low``); a figure the method does not
        count is None, never NaN."""
        rows = []
        for i in range(len(self.equity)):
            row: dict[str, Any] = {"player": i + 1, "label": self._label(i)}
            for name in ("equity", "win", "tie", "stderr", "scoop", "high", "low"):
                figures = getattr(self, name)
                if figures is not None:
                    row[name] = _number(figures[i])
                elif self.high is not None:  # stud8 without the scoop counted
                    row[name] = None
            rows.append(row)
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (no NaN): the method, deals, seconds, whether the
        seventh card was a community card, the plan, and ``players`` (:meth:`records`)."""
        return {
            "method": self.method,
            "deals": self.deals,
            "seconds": self.seconds,
            "community_card": self.community_card,
            "plan": self.plan,
            "players": self.records(),
        }

    def __repr__(self) -> str:
        exact = self.method == "exact"
        players = ", ".join(
            f"{self._label(i)} {100 * e:.2f}%" + ("" if exact else f" ± {100 * self.stderr[i]:.2f}%")
            for i, e in enumerate(self.equity)
        )
        how = "exact over" if exact else "Monte Carlo,"
        return f"EquityResult({how} {self.deals:,} deals: {players})"


def _number(x: float) -> float | None:
    """JSON has no NaN: a figure the method does not count is None."""
    return None if math.isnan(x) else x


@dataclass(frozen=True)
class EquityPlan:
    """How an equity question is answered, and why: ``method="auto"``'s choice.

    ``method`` is ``"exact"`` or ``"monte-carlo"``; ``kernel`` the exact count that applies
    (``"headsup"``, ``"unseen"`` or ``"enumerate"``) and ``work`` its units (over every
    combination of a range's hands); ``exact_seconds`` and ``monte_carlo_seconds`` the
    estimates from :data:`SECONDS_PER_UNIT` for the exact count and for the samples asked;
    ``reason`` says it in a line (an :class:`EquityResult` carries it as ``plan``).
    """

    method: str
    kernel: str
    work: int
    exact_seconds: float
    monte_carlo_seconds: float
    reason: str


class _Deal:
    """What is known and what is still to come, in the form the kernels take."""

    __slots__ = ("known", "draws", "community", "shares", "live", "game")

    def __init__(
        self,
        known: list[list[int]],
        draws: list[int],
        community: int,
        shares: list[bool],
        live: list[int],
        game: str = "seven",
    ) -> None:
        self.known = known  # per player, every known card (hold'em: with the board)
        self.draws = draws  # private cards each player still gets
        self.community = community  # shared cards still to come
        self.shares = shares  # who uses them
        self.live = live
        self.game = game  # how hands compare: a stud game ("seven": high hands)

    @property
    def players(self) -> int:
        return len(self.known)

    def deals(self) -> int:
        """How many equally likely deals there are."""
        left = len(self.live)
        count = math.comb(left, self.community)
        left -= self.community
        for r in self.draws:
            count *= math.comb(left, r)
            left -= r
        return count


def _check_choice(name: str, value: object, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"unknown {name} {value!r}: use one of {', '.join(map(repr, choices))}")
    return value


def _parse_players(players: Sequence[CardsLike], what: str, game: str | None = None) -> list[list[int]]:
    return _parse_ranged_players(players, what, game)[0]


def _parse_ranged_players(
    players: Sequence[CardsLike], what: str, game: str | None
) -> tuple[list[list[int]], list[HoleRange | None]]:
    """Each player's known cards, and for stud (``game`` given) the range of their hole
    cards when the text starts with one in brackets (see studeval.ranges)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"{what} must be a sequence with one entry of cards per player, got {players!r}")
    if len(players) < 2:
        raise ValueError(f"equity needs at least two {what}, got {len(players)}")
    if len(players) > _MAX_PLAYERS:
        raise ValueError(f"too many {what}: {len(players)} (at most {_MAX_PLAYERS})")
    hands = []
    ranges: list[HoleRange | None] = []
    for i, cards in enumerate(players, 1):
        try:
            if game is not None and isinstance(cards, str) and ("[" in cards or "]" in cards):
                hole_range, known = parse_player(cards, game=game)
                if len(known) + hole_cards(game) > _GAMES.get(game, 2):  # hold'em deals 2
                    raise ValueError(
                        f"a range of {hole_cards(game)} hole cards and {len(known)} known cards is more than the game deals"
                    )
            else:
                hole_range, known = None, parse_cards(cards)
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"player {i}: {exc}") from None
        hands.append(known)
        ranges.append(hole_range)
    return hands, ranges


def _parse_named(cards: CardsLike, what: str) -> list[int]:
    try:
        return parse_cards(cards)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _check_disjoint(hands: list[list[int]], dead: list[int], board: list[int] | None = None) -> None:
    owner: dict[int, str] = {}
    groups = [(f"player {i}", h) for i, h in enumerate(hands, 1)]
    if board is not None:
        groups.append(("the board", board))
    for who, cards in groups:
        for c in cards:
            if c in owner:
                raise ValueError(f"card {format_card(c)} is held by {owner[c]} and {who}")
            owner[c] = who
    for c in dead:
        if c in owner:
            raise ValueError(f"dead card {format_card(c)} is also held by {owner[c]}")


def _live(used: list[int]) -> list[int]:
    taken = set(used)
    return [c for c in range(52) if c not in taken]


def _stud_deal(hands: list[list[int]], game: str, dead: list[int]) -> _Deal:
    total = _GAMES[game]
    for i, h in enumerate(hands, 1):
        if len(h) > total:
            raise ValueError(
                f"too many cards for the game: player {i} has {len(h)} ({format_cards(h)}), {_GAME_NAMES[game]} deals {total}"
            )
    _check_disjoint(hands, dead)
    live = _live([c for h in hands for c in h] + dead)
    draws = [total - len(h) for h in hands]
    if sum(draws) <= len(live):
        return _Deal(hands, draws, 0, [False] * len(hands), live, game)
    # Deck exhaustion (R47): a community seventh card, shared by everyone who does not
    # already hold seven cards; only cards up to the sixth are private.
    short = [max(0, 6 - len(h)) for h in hands]
    if total == 7 and any(len(h) < 7 for h in hands) and sum(short) + 1 <= len(live):
        return _Deal(hands, short, 1, [len(h) < 7 for h in hands], live, game)
    raise ValueError(
        f"more players than the deck allows: {len(hands)} players need {sum(draws)} more cards "
        f"({sum(short) + 1} even with a community seventh card) but only {len(live)} are live"
        if total == 7
        else f"more players than the deck allows: {len(hands)} players need {sum(draws)} more cards but only {len(live)} are live"
    )


def _count_work(deal: _Deal) -> tuple[str, int]:
    """The exact method that applies and its work (hand evaluations or table updates)."""
    if deal.players == 2 and deal.community == 0:
        completions = [math.comb(len(deal.live), r) for r in deal.draws]
        s = min(deal.draws)
        subsets = [sum(math.comb(r, k) for k in range(s + 1)) for r in deal.draws]
        options = []
        if max(completions) <= HEADSUP_MAX_COMPLETIONS:
            a, b = _headsup_roles(deal)
            runs = 4 if get_game(deal.game).low_qualifies else len(get_game(deal.game).pot)
            options.append(
                (runs * (completions[b] * subsets[b] + 2 * completions[a] * subsets[a] + sum(completions)), "headsup")
            )
        # the rank-multiset count knows high hands and ace-to-five lows, of hands with no card
        # in common (hold'em's hands share the board: the card-subset count takes those); a
        # 2-7 low depends on the suits (flushes), and hi-lo on two values: card by card
        disjoint = not set(deal.known[0]) & set(deal.known[1])
        if (
            get_game(deal.game).pot in (("high",), ("low",))
            and disjoint
            and s <= _UNSEEN_MAX_SHARED
            and min(completions) <= HEADSUP_MAX_COMPLETIONS
        ):
            options.append((_unseen_work(deal), "unseen"))
        if options:
            work, kind = min(options)
            enumerate_work = deal.deals() * deal.players
            # stud8: enumeration also counts the scoops, so it is kept while it stays cheap
            if get_game(deal.game).hilo and enumerate_work <= max(work, _HILO_ENUMERATE_WORK):
                return "enumerate", enumerate_work
            return kind, work
    return "enumerate", deal.deals() * deal.players


# Stud8 heads-up enumerates (scoops counted) up to this work (fifth street and later).
_HILO_ENUMERATE_WORK = 2_000_000


# The rank-multiset count keeps tables of the classes of up to this many shared cards.
_UNSEEN_MAX_SHARED = 4


def _unseen_roles(deal: _Deal) -> tuple[int, int]:
    """(queried, counted by rank multiset): the side with more completions is aggregated."""
    return (0, 1) if deal.draws[1] >= deal.draws[0] else (1, 0)


def _unseen_work(deal: _Deal) -> int:
    """The rank-multiset count's work in the card-subset count's units (measured: about 3e7
    for third street against a door card): the queried side's completions and their subsets,
    plus the other side's rank multisets and their sub-multisets."""
    a, b = _unseen_roles(deal)
    ra, rb = deal.draws[a], deal.draws[b]
    s = min(ra, rb)
    subsets = [sum(math.comb(r, k) for k in range(s + 1)) for r in (ra, rb)]
    return 8 * math.comb(len(deal.live), ra) * subsets[0] + 4 * math.comb(12 + rb, rb) * subsets[1]


_KERNEL_NAMES = {
    "headsup": "the heads-up count",
    "unseen": "the count against unseen down cards",
    "enumerate": "every deal enumerated",
}


def _exact_threads(threads: int | None, nthreads: int, work: int) -> int:
    """The threads of an exact count: a job of a few milliseconds is over before a second
    thread pays for itself."""
    return 1 if threads is None and work < _SMALL_JOB else nthreads


def _monte_carlo_threads(threads: int | None, nthreads: int, deal: _Deal, samples: int) -> int:
    return 1 if threads is None and samples * deal.players < _SMALL_JOB // 16 else max(1, min(nthreads, samples))


def _exact_seconds(kind: str, work: int, threads: int) -> float:
    """The estimated wall time of an exact count (the count against unseen cards is one thread)."""
    return SECONDS_PER_UNIT[kind] * work / (1 if kind == "unseen" else threads) + SECONDS_PER_UNIT["call"]


def _monte_carlo_units(deal: _Deal, samples: int) -> int:
    """Monte Carlo's work: per deal, the cards drawn and the hands evaluated (stud8: two each)."""
    return samples * (deal.players * len(get_game(deal.game).pot) + sum(deal.draws) + deal.community)


def _monte_carlo_seconds(deal: _Deal, samples: int, threads: int) -> float:
    return SECONDS_PER_UNIT["monte-carlo"] * _monte_carlo_units(deal, samples) / threads + SECONDS_PER_UNIT["call"]


def _choose(method: str, kind: str, work: int, exact_s: float, mc_s: float, samples: int) -> EquityPlan:
    """The method for ``method`` ("auto": exact unless much slower than Monte Carlo)."""
    count = f"{_KERNEL_NAMES[kind]}, {_duration(exact_s)}"
    sampled = f"{samples:,} Monte Carlo deals, {_duration(mc_s)}"
    if method == "exact":
        return EquityPlan("exact", kind, work, exact_s, mc_s, f"exact, as asked: {count}")
    if method == "monte-carlo":
        return EquityPlan("monte-carlo", kind, work, exact_s, mc_s, f"Monte Carlo, as asked: {sampled}")
    if work <= EXACT_WORK_LIMIT and exact_s <= max(AUTO_EXACT_RATIO * mc_s, AUTO_EXACT_GRACE):
        return EquityPlan("exact", kind, work, exact_s, mc_s, f"auto chose exact: {count}, against {sampled}")
    return EquityPlan("monte-carlo", kind, work, exact_s, mc_s, f"auto chose Monte Carlo: {sampled}, against {count}")


def _duration(seconds: float) -> str:
    """A time estimate in words: ``about 0.12 s``, ``about 35 min``, ``more than a year``."""
    for unit, size in (("s", 1), ("min", 60), ("h", 3600), ("days", 86400)):
        if seconds < 99.5 * size or unit == "days" and seconds < 365 * size:
            return f"about {seconds / size:.2g} {unit}"
    return "more than a year"


def _headsup_roles(deal: _Deal) -> tuple[int, int]:
    """(queried, inserted): the side with the costlier subset lists is inserted once only."""
    n = len(deal.live)
    s = min(deal.draws)
    cost = [math.comb(n, r) * sum(math.comb(r, k) for k in range(s + 1)) for r in deal.draws]
    return (0, 1) if cost[1] >= cost[0] else (1, 0)


_Arrays = tuple[
    "np.ndarray[Any, np.dtype[np.uint8]]",
    "np.ndarray[Any, np.dtype[np.uint8]]",
    "np.ndarray[Any, np.dtype[np.int32]]",
    "np.ndarray[Any, np.dtype[np.int32]]",
    "np.ndarray[Any, np.dtype[np.uint8]]",
]


def _arrays(deal: _Deal) -> _Arrays:
    P = deal.players
    known = np.zeros((P, 7), dtype=np.uint8)
    nknown = np.zeros(P, dtype=np.int32)
    for p, h in enumerate(deal.known):
        known[p, : len(h)] = h
        nknown[p] = len(h)
    return (
        np.array(deal.live, dtype=np.uint8),
        known,
        nknown,
        np.array(deal.draws, dtype=np.int32),
        np.array(deal.shares, dtype=np.uint8),
    )


class _Counts:
    """What a kernel counted: wins and k-way ties (games with one winner per pot), or for
    stud8 the hi-lo columns of ``_equity.HILO_COLUMNS`` (pot share in units of
    ``HILO_SHARE_UNIT``, scoops, part shares, high and low halves) and, for Monte Carlo, the
    sum of each player's squared share."""

    __slots__ = ("wins", "ties", "deals", "hilo", "squares", "scoops")

    def __init__(self, players: int, hilo: bool) -> None:
        self.wins = np.zeros(players, dtype=np.int64)
        self.ties = np.zeros((players, players + 1), dtype=np.int64)
        self.deals = 0
        self.hilo = np.zeros((players, len(_equity.HILO_COLUMNS)), dtype=np.int64) if hilo else None
        self.squares = np.zeros(players) if hilo else None
        self.scoops = True  # False: the scoop and part columns were not counted

    def add(self, other: _Counts) -> None:
        self.wins += other.wins
        self.ties += other.ties
        self.deals += other.deals
        if self.hilo is not None and other.hilo is not None and self.squares is not None and other.squares is not None:
            self.hilo += other.hilo
            self.squares += other.squares
        self.scoops = self.scoops and other.scoops


def _result(counts: _Counts, method: str, start: float, community: bool) -> EquityResult:
    """Probabilities from counts: ties[p, k] counts the k-way splits of player p."""
    deals = counts.deals
    equity, win, tie, stderr = [], [], [], []
    scoop = high = low = None
    if counts.hilo is not None and counts.squares is not None:
        unit = _equity.HILO_SHARE_UNIT
        rows = counts.hilo.tolist()
        equity = [row[0] / unit / deals for row in rows]
        nan = float("nan")
        win = [row[1] / deals if counts.scoops else nan for row in rows]
        tie = [row[2] / deals if counts.scoops else nan for row in rows]
        scoop = tuple(win) if counts.scoops else None
        high = tuple(row[3] / deals for row in rows)
        low = tuple(row[4] / deals for row in rows)
        for e, sq in zip(equity, counts.squares.tolist(), strict=True):
            if method == "exact":
                stderr.append(0.0)
            else:
                var = max(sq / deals - e * e, 0.0) * deals / max(deals - 1, 1)
                stderr.append(math.sqrt(var / deals))
    else:
        for w, row in zip(counts.wins.tolist(), counts.ties.tolist(), strict=True):
            share = w + sum(row[k] / k for k in range(2, len(row)))
            e = share / deals
            equity.append(e)
            win.append(w / deals)
            tie.append(sum(row) / deals)
            if method == "exact":
                stderr.append(0.0)
            else:
                # each deal pays 1, 1/k or 0: the variance of that share over the deals
                square = w + sum(row[k] / (k * k) for k in range(2, len(row)))
                var = max(square / deals - e * e, 0.0) * deals / max(deals - 1, 1)
                stderr.append(math.sqrt(var / deals))
    return EquityResult(
        equity=tuple(equity),
        win=tuple(win),
        tie=tuple(tie),
        stderr=tuple(stderr),
        deals=int(deals),
        method=method,
        seconds=time.perf_counter() - start,
        community_card=community,
        scoop=scoop,
        high=high,
        low=low,
    )


def _headsup(
    deal: _Deal,
    threads: int,
    key0: str,
    key1: str,
    queried: int | None = None,
    cancel: np.ndarray[Any, np.dtype[np.int32]] | None = None,
) -> tuple[int, int, int]:
    """(player 0 wins, player 1 wins, ties) of the heads-up count, each player's completions
    compared by their key; the kernel's roles (who is queried, who inserted) chosen for speed
    unless ``queried`` names the player queried; ``cancel``: a stop flag shared by counts."""
    live, known, nknown, draws, _ = _arrays(deal)
    a, b = _headsup_roles(deal) if queried is None else (queried, 1 - queried)
    keys = _equity.KEYS
    key = (key0, key1)
    wa, wb, t = _equity.headsup_exact(
        live,
        known[a, : nknown[a]].copy(),
        int(draws[a]),
        known[b, : nknown[b]].copy(),
        int(draws[b]),
        threads,
        keys[key[a]],
        keys[key[b]],
        cancel,
    )
    wins = [0, 0]
    wins[a], wins[b] = int(wa), int(wb)
    return wins[0], wins[1], int(t)


def _headsup_hilo(deal: _Deal, threads: int, progress: Callable[[float], None] | None = None) -> _Counts:
    """Hi-lo heads-up by one-key counts (eight or better: four; no qualifier: two). Over the
    pairs of completions, player 0's pot share is half the high (wins plus half the ties), plus
    half the high again over the pairs where nobody has a low (the high half becomes the whole
    pot), plus half the low (eight or better plus one, so "no low" ties "no low"; those ties
    are no low half and come off). Without a qualifier every hand has a low: no such pairs."""
    c = _Counts(2, hilo=True)
    # the last two: the no-low pairs, a qualifying hand of one side put out of every
    # comparison with the other
    # (the queried side's out-of-class hands at the bottom, the inserted side's at the top:
    # the sweep skips both)
    runs = [
        ("high", "high", None),
        ("low8", "low8", None),
        ("nolow_min", "nolow_max", 0),
        ("nolow_max", "nolow_min", 1),
    ]
    if not get_game(deal.game).low_qualifies:  # every hand has a low (ace-to-five): two counts
        runs = [("high", "high", None), ("low", "low", None)]
    # The counts run on worker threads (side by side when there are threads for it) while
    # this thread waits: it reports progress within each count by its time so far against
    # the count's expected time (the cost model's until a count is done, then the measured
    # one; at most 90 % until done), and an interruption (Ctrl-C) here sets the stop flag
    # they share, so they stop within milliseconds.
    cancel = np.zeros(1, dtype=np.int32)
    started: dict[int, float] = {}
    ended: dict[int, float] = {}

    def count(k: int) -> tuple[int, int, int]:
        started[k] = time.perf_counter()
        result = _headsup(deal, 1, *runs[k], cancel)
        ended[k] = time.perf_counter()
        return result

    expected = SECONDS_PER_UNIT["headsup"] * _count_work(deal)[1] / len(runs)
    pool = ThreadPoolExecutor(min(threads, len(runs)))
    try:
        futures = [pool.submit(count, k) for k in range(len(runs))]
        reported = 0.0
        pending = set(futures)
        while True:
            # woken by each count's end, and between ends every poll
            pending = wait(pending, timeout=_PROGRESS_POLL if progress else None, return_when=FIRST_COMPLETED).not_done
            if progress:
                now = time.perf_counter()
                if ended:
                    expected = max(ended[k] - started[k] for k in ended)
                shares = [
                    1.0 if k in ended else min((now - started[k]) / max(expected, 1e-9), 0.9) if k in started else 0.0
                    for k in range(len(runs))
                ]
                fraction = sum(shares) / len(runs)
                if fraction > reported:
                    reported = fraction
                    progress(fraction)
            if not pending:
                break
        done = [f.result() for f in futures] + [(0, 0, 0)] * (4 - len(runs))  # no no-low pairs
    except BaseException:
        cancel[0] = 1
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    (hw0, hw1, ht), (lw0, lw1, lt), (nw0, _, nt), (_, nw1, _) = done
    nolow = nw0 + nw1 + nt
    half, quarter = _equity.HILO_SHARE_UNIT // 2, _equity.HILO_SHARE_UNIT // 4
    assert c.hilo is not None
    for p, (hw, nw, lw) in enumerate(((hw0, nw0, lw0), (hw1, nw1, lw1))):
        c.hilo[p, 0] = half * (hw + nw + lw) + quarter * (ht + nt + lt - nolow)
        c.hilo[p, 3] = hw + ht
        c.hilo[p, 4] = lw + lt - nolow
    c.deals = hw0 + hw1 + ht
    c.scoops = False
    return c


def _exact(deal: _Deal, kind: str, threads: int, progress: Callable[[float], None] | None) -> _Counts:
    P = deal.players
    hilo = get_game(deal.game).hilo
    counts = _Counts(P, hilo)
    live, known, nknown, draws, shares = _arrays(deal)
    if kind == "unseen":
        a, b = _unseen_roles(deal)
        wa, wb, t = _unseen.headsup_unseen(
            live,
            known[a, : nknown[a]].copy(),
            int(draws[a]),
            known[b, : nknown[b]].copy(),
            int(draws[b]),
            get_game(deal.game).pot == ("low",),
        )
        counts.wins[a], counts.wins[b] = wa, wb
        counts.ties[:, 2] = t
        counts.deals = wa + wb + t
    elif kind == "headsup" and hilo:
        counts = _headsup_hilo(deal, threads, progress)
    elif kind == "headsup":
        (key,) = get_game(deal.game).pot
        w0, w1, t = _headsup(deal, threads, key, key)
        counts.wins[0], counts.wins[1] = w0, w1
        counts.ties[:, 2] = t
        counts.deals = w0 + w1 + t
    if kind in ("unseen", "headsup"):
        # one count in the kernel (stud8: four), no chunks to report between: the end only
        if progress and not (kind == "headsup" and hilo):
            progress(1.0)
        return counts
    n = len(deal.live)
    board5 = deal.community == 5 and not any(deal.draws) and all(deal.shares)
    game = _equity.KERNELS[get_game(deal.game).pot]
    # chunks of first-card positions: each is a progress step (and a parallel loop)
    step = max(1, n // 16) if progress else n
    for lo in range(0, n, step):
        hi = min(n, lo + step)
        if board5:
            _equity.board5_exact(live, known, nknown, lo, hi, threads, counts.wins, counts.ties)
        else:
            _equity.enumerate_exact(
                live,
                known,
                nknown,
                draws,
                deal.community,
                shares,
                lo,
                hi,
                threads,
                counts.wins,
                counts.ties,
                game,
                counts.hilo,
            )
        if progress:
            progress(hi / n)
    counts.deals = deal.deals()
    return counts


def _monte_carlo(
    deal: _Deal, samples: int, seed: int | None, threads: int, progress: Callable[[float], None] | None
) -> _Counts:
    P = deal.players
    threads = max(1, min(threads, samples))
    generators = [np.random.SFC64(s) for s in np.random.SeedSequence(seed).spawn(threads)]
    per_thread = [samples // threads + (t < samples % threads) for t in range(threads)]
    hilo = get_game(deal.game).hilo
    wins = np.zeros((threads, P), dtype=np.int64)
    ties = np.zeros((threads, P, P + 1), dtype=np.int64)
    hl = np.zeros((threads, P, len(_equity.HILO_COLUMNS)), dtype=np.int64) if hilo else None
    squares = np.zeros((threads, P)) if hilo else None
    game = _equity.KERNELS[get_game(deal.game).pot]
    live, known, nknown, draws, shares = _arrays(deal)
    done = 0
    while done < max(per_thread):
        chunk = np.array([max(0, min(_MC_CHUNK, n - done)) for n in per_thread], dtype=np.int64)
        _equity.monte_carlo(
            live, known, nknown, draws, deal.community, shares, generators, chunk, wins, ties, game, hl, squares
        )
        done += _MC_CHUNK
        if progress:
            progress(min(1.0, done / max(per_thread)))
    counts = _Counts(P, hilo)
    counts.wins, counts.ties, counts.deals = wins.sum(axis=0), ties.sum(axis=0), samples
    if hl is not None and squares is not None:
        counts.hilo, counts.squares = hl.sum(axis=0), squares.sum(axis=0)
    return counts


def stud_equity(
    players: Sequence[CardsLike],
    *,
    game: str = "seven",
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityResult:
    """Equities of stud hands: each player given by the cards known of them.

    ``players`` holds one entry of cards per player (text like ``"As Ah Kd"``, or ints): your
    whole hand, or an opponent's up cards; the rest of each hand (7 cards in ``game="seven"``,
    ``"razz"`` and ``"stud8"``, 5 in ``"five"``) comes from the live deck. ``dead`` are cards seen and out of play. A
    player's text may start with a range of their hole cards in brackets (``"[KK, QQ+] Kc"``,
    the syntax of :mod:`studeval.ranges`): each hand of the range that no visible or dead card
    blocks is dealt in proportion to its weight; the result is exact when every hand's count
    fits the budget together, else Monte Carlo with hands drawn by weight.
    ``method`` is ``"auto"`` (exact when cheap, else Monte Carlo), ``"exact"`` or
    ``"monte-carlo"``; ``samples`` and ``seed`` drive Monte Carlo (the same seed and thread
    count give the same result: pass ``threads`` too to reproduce a result on another
    machine); ``threads`` defaults to every core, or one for a small job; ``progress``, if
    given, is called with the fraction done between chunks of work.

    Raises ValueError for a card held twice, a dead card also held, too many cards for the
    game, more players than the deck allows, or an unknown game or method.

    >>> r = stud_equity(["As Ah Kd", "Qc Qd 7s"])
    >>> r.method, r.deals, round(r.equity[0], 4)
    ('exact', 18265297050, 0.6647)
    >>> r = stud_equity(["Ac Ad 9h 9s", "Kc Qc Jc Tc"], game="five")
    >>> round(sum(r.equity), 12), r.method
    (1.0, 'exact')
    >>> r = stud_equity(["As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"])
    >>> r.method, r.deals, round(r.equity[0], 4)
    ('exact', 5372640, 0.6075)

    ``game="razz"`` compares ace-to-five lows; ``game="stud8"`` splits each pot between the
    best high and the best eight-or-better low (the whole pot to the high when nobody has a
    low) and also fills ``scoop``, ``high`` and ``low`` (see :class:`EquityResult`):

    >>> r = stud_equity(["As 2h 3d", "Kc 7d 8h"], game="razz")
    >>> r.method, round(r.equity[0], 4)
    ('exact', 0.7698)
    >>> r = stud_equity(["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"], game="stud8")
    >>> r.method, [round(x, 4) for x in r.equity], [round(x, 4) for x in r.scoop]
    ('exact', [0.3683, 0.6317], [0.1606, 0.424])
    """
    game = _check_choice("game", game, tuple(_GAMES))
    hands, ranges = _parse_ranged_players(players, "players", game)
    dead_cards = _parse_named(dead, "dead cards")
    if any(ranges):
        result = _range_equity(hands, ranges, game, dead_cards, method, samples, seed, threads, progress)[1]
        assert result is not None
        labels = [
            format_player(p, game=game) if isinstance(p, str) and r is not None else format_cards(h)
            for p, r, h in zip(players, ranges, hands, strict=True)
        ]
        return replace(result, labels=tuple(labels))
    deal = _stud_deal(hands, game, dead_cards)
    return _solve(deal, method, samples, seed, threads, progress, exhaustion=deal.community == 1)


def plan_equity(
    players: Sequence[CardsLike],
    *,
    game: str = "seven",
    board: CardsLike = (),
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    threads: int | None = None,
) -> EquityPlan:
    """How :func:`stud_equity` (or, with ``game="holdem"``, :func:`holdem_equity`) would answer,
    and why, without answering: every argument checked as they check it.

    ``method="auto"`` counts exactly unless the estimate (work units times the measured
    :data:`SECONDS_PER_UNIT`) is more than :data:`AUTO_EXACT_RATIO` times that of Monte Carlo
    for ``samples`` deals (and above :data:`AUTO_EXACT_GRACE` seconds).

    >>> plan_equity(["As Ah Kd", "Qc Qd 7s"]).method
    'exact'
    >>> p = plan_equity(["As Ah Kd", "Qc", "7s", "9h"])
    >>> p.method, p.exact_seconds > 1000 * p.monte_carlo_seconds
    ('monte-carlo', True)
    """
    if game == "holdem":
        hands, ranges, board_cards, dead_cards = _holdem_input(players, board, dead)
        if any(ranges):
            return _range_equity(
                hands, ranges, "holdem", dead_cards, method, samples, None, threads, None, board=board_cards, run=False
            )[0]
        deal = _holdem_cards_deal(hands, board_cards, dead_cards)
    else:
        game = _check_choice("game", game, tuple(_GAMES))
        hands, ranges = _parse_ranged_players(players, "players", game)
        dead_cards = _parse_named(dead, "dead cards")
        if _parse_named(board, "board"):
            raise ValueError(f"stud has no board: got board {board!r}")
        if any(ranges):
            return _range_equity(hands, ranges, game, dead_cards, method, samples, None, threads, None, run=False)[0]
        deal = _stud_deal(hands, game, dead_cards)
    return _plan(deal, method, samples, None, threads, None)[3]


#: The most match-ups one :func:`equity_table` call takes.
MAX_MATCHUPS = 10_000


class EquityTable(list[EquityResult]):
    """The results of :func:`equity_table`: a list, one :class:`EquityResult` per match-up in
    the order given, and :meth:`records` for a table of them."""

    def records(self) -> list[dict[str, Any]]:
        """One dict per player of each match-up: ``matchup`` (1, 2, ...), ``method``, ``deals``
        and the player's :meth:`EquityResult.records` row (``pandas.DataFrame(t.records())``)."""
        return [
            {"matchup": m, "method": r.method, "deals": r.deals, **row}
            for m, r in enumerate(self, 1)
            for row in r.records()
        ]


def equity_table(
    matchups: Sequence[Sequence[CardsLike]],
    *,
    game: str = "seven",
    board: CardsLike = (),
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityTable:
    """Equities of many match-ups in one call: each entry of ``matchups`` is the ``players``
    of :func:`stud_equity` (``game="holdem"``: the ``hands`` of :func:`holdem_equity`); the
    other arguments are theirs and apply to every match-up.

    The work is shared: the options are checked once, every match-up is checked and planned
    (:func:`plan_equity`) before any runs, so a bad one is refused at once ("matchup 3: ...");
    a match-up asked twice is answered once; and the match-ups run side by side, one thread
    each, on a pool of ``threads`` threads (default: every core), which keeps every core busy
    with many small questions. Match-up k's Monte Carlo stream is
    ``SeedSequence(seed).spawn(len(matchups))[k]``, so a seed reproduces the table.
    ``progress`` gets the fraction of match-ups done. At most :data:`MAX_MATCHUPS` match-ups.

    >>> t = equity_table([["As Ah Kd", "Qc Qd 7s"], ["As Ah Kd", "Qc"], ["As Ah Kd", "[KK, QQ+] Kc"]])
    >>> [(r.method, round(r.equity[0], 4)) for r in t]
    [('exact', 0.6647), ('exact', 0.7706), ('exact', 0.5597)]
    >>> t.records()[5]["label"], round(t.records()[5]["equity"], 4)
    ('[KK, QQ+] Kc', 0.4403)
    """
    method, samples, seed = _check_options(method, samples, seed, progress)
    nthreads = check_threads(threads)
    if isinstance(matchups, (str, bytes)) or not isinstance(matchups, Sequence):
        raise TypeError(f"matchups must be a sequence of match-ups (each a list of players), got {matchups!r}")
    if not 1 <= len(matchups) <= MAX_MATCHUPS:
        raise ValueError(f"matchups must hold 1 to {MAX_MATCHUPS} match-ups, got {len(matchups)}")
    inner = 1 if len(matchups) > 1 else threads
    plans: list[EquityPlan] = []
    for k, players in enumerate(matchups, 1):
        try:
            plans.append(
                plan_equity(players, game=game, board=board, dead=dead, method=method, samples=samples, threads=inner)
            )
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"matchup {k}: {exc}") from None
    streams = np.random.SeedSequence(seed).spawn(len(matchups))
    first: dict[str, int] = {}  # each distinct question, by its text, to the first match-up asking it
    for k, players in enumerate(matchups):
        first.setdefault(repr(players), k)

    def answer(k: int) -> EquityResult:
        players, plan = matchups[k], plans[k]
        options: dict[str, Any] = {
            "method": plan.method,
            "samples": samples,
            "seed": int(streams[k].generate_state(1)[0]),
            "threads": inner,
        }
        if game == "holdem":
            r = holdem_equity(players, board, dead, **options)
        else:
            r = stud_equity(players, game=game, dead=dead, **options)
        return replace(r, plan=plan.reason)

    distinct = sorted(set(first.values()))
    answers: dict[int, EquityResult] = {}
    pool = ThreadPoolExecutor(min(nthreads, len(distinct)))  # the kernels release the GIL
    try:
        futures = {pool.submit(answer, k): k for k in distinct}
        for done, future in enumerate(as_completed(futures), 1):
            answers[futures[future]] = future.result()
            if progress:
                progress(done / len(distinct))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return EquityTable(answers[first[repr(players)]] for players in matchups)


def _check_options(
    method: str, samples: int, seed: int | None, progress: Callable[[float], None] | None
) -> tuple[str, int, int | None]:
    """(method, samples, seed) checked, the counts as Python ints."""
    method = _check_choice("method", method, METHODS)
    samples, seed = _check_samples(samples), _check_seed(seed)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, got {progress!r}")
    return method, samples, seed


def _check_samples(samples: object) -> int:
    # numpy integers are taken, as by check_threads; bools are not
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
        raise TypeError(f"samples must be an int, got {samples!r}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    return int(samples)


def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {seed!r}")
    if seed < 0:
        raise ValueError(f"seed must be a non-negative int or None, got {seed}")
    return int(seed)


# Ranges: the Python work of one hand's count, in the units of _count_work; the most
# combinations of hands listed (for the exact count, and for Monte Carlo to draw from exactly);
# Monte Carlo: the most combinations dealt one by one (if each gets a few deals on average).
_RANGE_CALL_WORK = 200_000
_RANGE_MAX_HANDS = 1_000_000
_RANGE_MAX_GROUPS = 4096
# Monte Carlo over more combinations: at least this many draws of hands, each dealt at most
# this many times (a kernel call per draw costs about as much as that many deals), drawn in
# batches of at most this many draws times a range's hands (the memory of a batch).
_RANGE_MIN_DRAWS = 1024
_RANGE_DEALS_PER_DRAW = 32
_RANGE_BATCH_CELLS = 1 << 18
# The search for one deal of every range (so that an impossible question is refused at
# once) gives up after this many steps; the draws then tell.
_RANGE_SEARCH_STEPS = 200_000


def _range_equity(
    hands: list[list[int]],
    ranges: list[HoleRange | None],
    game: str,
    dead: list[int],
    method: str,
    samples: int,
    seed: int | None,
    threads: int | None,
    progress: Callable[[float], None] | None,
    *,
    board: list[int] | None = None,
    run: bool = True,
) -> tuple[EquityPlan, EquityResult | None]:
    """Equities when some players' hole cards are ranges: each combination of their hands
    (no card shared, none visible or dead) weighted by the product of the hands' weights.
    Hold'em: ``board`` given (maybe empty), the hands of :func:`holdem_equity`. Returns the
    plan and (``run``) the result."""
    start = time.perf_counter()
    method, samples, seed = _check_options(method, samples, seed, progress)
    nthreads = check_threads(threads)
    _check_disjoint(hands, dead, board)
    visible = frozenset(c for h in hands for c in h) | frozenset(dead) | frozenset(board or ())
    ranged: _Ranged = []
    for i, hole_range in enumerate(ranges):
        if hole_range is not None:
            live = hole_range.live(visible)
            if not live:
                raise ValueError(
                    f"player {i + 1}: no hand of the range [{hole_range.text}] is left once the visible and dead cards are removed"
                )
            ranged.append((i, _as_ratios(live)))

    def deal_for(combos: Sequence[tuple[int, ...]]) -> _Deal:
        known = [list(h) for h in hands]
        for (i, _), combo in zip(ranged, combos, strict=True):
            known[i] = list(combo) + known[i]
        return _stud_deal(known, game, dead) if board is None else _holdem_cards_deal(known, board, dead)

    size = math.prod(len(live) for _, live in ranged)
    joints = _joints(ranged) if size <= _RANGE_MAX_HANDS else None
    found = bool(len(joints[1])) if joints is not None else _one_deal(ranged)
    if found is False:
        raise ValueError("the players' ranges cannot be dealt together: every combination of their hands shares a card")
    P = len(hands)
    if joints is not None:
        picks, weights = joints
        first = deal_for(_hands_of(ranged, picks[0]))
        kind, work = _count_work(first)
        total = len(weights) * (work + _RANGE_CALL_WORK)
        if method == "exact" and total > EXACT_WORK_LIMIT:
            raise ValueError(
                f"too much work for an exact answer over {len(weights)} combinations of hands: use method='monte-carlo'"
            )
        inner = _exact_threads(threads, nthreads, work)
        # every combination is one count; Monte Carlo deals them in one call per combination
        exact_s = len(weights) * _exact_seconds(kind, work, inner)
        mc_s = _monte_carlo_seconds(first, samples, 1) + min(len(weights), samples) * SECONDS_PER_UNIT["call"]
        plan = _choose(method, kind, total, exact_s, mc_s, samples)
        plan = replace(plan, reason=f"{plan.reason} ({len(weights):,} combinations of hands)")
        if not run:
            return plan, None
        if plan.method == "exact":
            return plan, replace(_range_exact(ranged, joints, deal_for, P, inner, progress, start), plan=plan.reason)
    elif method == "exact":
        raise ValueError(f"too many combinations of hands for an exact answer ({size:.3g}): use method='monte-carlo'")
    else:
        why = f"{size:.3g} combinations of hands, too many to count each"
        plan = EquityPlan("monte-carlo", "enumerate", 0, math.inf, math.nan, f"Monte Carlo: {why}")
        if not run:
            return plan, None
    if joints is not None and len(joints[1]) <= min(_RANGE_MAX_GROUPS, samples // _RANGE_DEALS_PER_DRAW):
        inner = nthreads if threads is not None else 1
        result = _range_monte_carlo(
            ranged, joints, deal_for, P, samples, seed, inner, progress, start, get_game(game).hilo
        )
    else:
        out = dead + (board or [])  # the cards no draw deals
        result = _range_draws(ranged, joints, found, deal_for, hands, out, P, samples, seed, progress, start, game)
    return plan, replace(result, plan=plan.reason)


# each ranged player (by index) with their hands and the weights as ratios to the heaviest
_Ranged = list[tuple[int, list[tuple[tuple[int, ...], float]]]]
_DealFor = Callable[[Sequence[tuple[int, ...]]], _Deal]
# every combination of the ranged players' hands that shares no card: the index of each
# player's hand (a row per combination), and the combinations' weights (the heaviest about 1)
_Joints = tuple["np.ndarray[Any, np.dtype[np.intp]]", "np.ndarray[Any, np.dtype[np.float64]]"]


def _as_ratios(live: list[tuple[tuple[int, ...], float]]) -> list[tuple[tuple[int, ...], float]]:
    """The hands with their weights as ratios to the heaviest hand's (weights are ratios), so
    that no sum of them overflows: ``[AA:1e308, KK:1e308]`` is ``[AA, KK]``. A hand lighter
    than 2**-1074 of the heaviest (no float holds the ratio) counts as weight 0."""
    top = max(w for _, w in live)
    return [(c, w / top) for c, w in live if w / top > 0]


def _masks(live: list[tuple[tuple[int, ...], float]]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    return np.array([sum(1 << c for c in combo) for combo, _ in live], dtype=np.uint64)


def _hands_of(ranged: _Ranged, row: np.ndarray[Any, np.dtype[np.intp]]) -> list[tuple[int, ...]]:
    return [ranged[k][1][int(x)][0] for k, x in enumerate(row)]


def _joints(ranged: _Ranged) -> _Joints:
    """Every combination of the ranged players' hands that shares no card, and its weight: the
    product of the hands' weights, relative to the heaviest combination's. The products are
    kept as mantissa and exponent, so that a dozen tiny weights multiply without underflow."""
    picks = np.zeros((1, 0), dtype=np.intp)
    used = np.zeros(1, dtype=np.uint64)
    mantissa, exponent = np.ones(1), np.zeros(1, dtype=np.int64)
    for _, live in ranged:
        masks = _masks(live)
        m, e = np.frexp(np.array([w for _, w in live]))
        row, hand = np.nonzero((used[:, None] & masks[None, :]) == 0)
        picks = np.column_stack([picks[row], hand])
        used = used[row] | masks[hand]
        mantissa, carry = np.frexp(mantissa[row] * m[hand])
        exponent = exponent[row] + e[hand] + carry
    if not len(used):
        return picks, np.zeros(0)
    return picks, np.ldexp(mantissa, exponent - exponent.max())


def _one_deal(ranged: _Ranged) -> bool | None:
    """Whether the ranged players can be dealt hands that share no card: a depth-first
    search, narrowest range first; None if it gives up after ``_RANGE_SEARCH_STEPS`` steps."""
    masks = sorted(([sum(1 << c for c in combo) for combo, _ in live] for _, live in ranged), key=len)
    failed: set[tuple[int, int]] = set()
    steps = 0

    def deal(k: int, used: int) -> bool | None:
        nonlocal steps
        if k == len(masks):
            return True
        if (k, used) in failed:
            return False
        for m in masks[k]:
            steps += 1
            if steps > _RANGE_SEARCH_STEPS:
                return None
            if not m & used:
                found = deal(k + 1, used | m)
                if found is not False:
                    return found
        failed.add((k, used))
        return False

    return deal(0, 0)


def _range_exact(
    ranged: _Ranged,
    joints: _Joints,
    deal_for: _DealFor,
    P: int,
    threads: int,
    progress: Callable[[float], None] | None,
    start: float,
) -> EquityResult:
    picks, weights = joints
    equity = np.zeros(P)
    win = np.zeros(P)
    tie = np.zeros(P)
    high, low, scoop = np.zeros(P), np.zeros(P), np.zeros(P)
    hilo = False
    deals = 0
    community = False
    for k, (row, weight) in enumerate(zip(picks, weights.tolist(), strict=True), 1):
        if weight > 0:  # else too light for a float to hold its share
            deal = deal_for(_hands_of(ranged, row))
            kind, _ = _count_work(deal)
            counts = _exact(deal, kind, threads, None)
            r = _result(counts, "exact", start, deal.community == 1)
            equity += weight * np.array(r.equity)
            win += weight * np.array(r.win)
            tie += weight * np.array(r.tie)
            if r.high is not None and r.low is not None:
                high += weight * np.array(r.high)
                low += weight * np.array(r.low)
                scoop += weight * np.array(r.scoop if r.scoop is not None else [math.nan] * P)
            deals += counts.deals
            community = community or r.community_card
            hilo = r.high is not None
        if progress:
            progress(k / len(weights))
    total_weight = float(weights.sum())  # at least the heaviest combination's, about 1

    def mean(x: np.ndarray) -> tuple[float, ...]:
        return tuple((x / total_weight).tolist())

    scoops = mean(scoop) if hilo else None
    return EquityResult(
        equity=mean(equity),
        win=mean(win),
        tie=mean(tie),
        stderr=(0.0,) * P,
        deals=deals,
        method="exact",
        seconds=time.perf_counter() - start,
        community_card=community,
        scoop=scoops if scoops is not None and not any(math.isnan(x) for x in scoops) else None,
        high=mean(high) if hilo else None,
        low=mean(low) if hilo else None,
    )


def _range_monte_carlo(
    ranged: _Ranged,
    joints: _Joints,
    deal_for: _DealFor,
    P: int,
    samples: int,
    seed: int | None,
    threads: int,
    progress: Callable[[float], None] | None,
    start: float,
    hilo: bool,
) -> EquityResult:
    """Monte Carlo over a few combinations of hands: how many deals each combination gets is
    drawn at once (multinomially, by the combinations' weights: exactly the chance of each),
    then each combination's deals are dealt by the Monte Carlo kernel -- the same as dealing
    every sample on its own, so the standard error is the plain one; memory does not grow
    with ``samples``."""
    pick, deal_seed = np.random.SeedSequence(seed).spawn(2)
    picks, weights = joints
    counts = np.random.Generator(np.random.SFC64(pick)).multinomial(samples, weights / weights.sum())
    dealt = np.flatnonzero(counts)
    seeds = deal_seed.spawn(len(dealt))
    counted = _Counts(P, hilo)
    community = False
    for g, j in enumerate(dealt.tolist()):
        deal = deal_for(_hands_of(ranged, picks[j]))
        counted.add(_monte_carlo(deal, int(counts[j]), int(seeds[g].generate_state(1)[0]), threads, None))
        community = community or deal.community == 1
        if progress:
            progress((g + 1) / len(dealt))
    return _result(counted, "monte-carlo", start, community)


def _draw_in_turn(
    rng: np.random.Generator,
    masks: Sequence[np.ndarray[Any, np.dtype[np.uint64]]],
    weights: Sequence[np.ndarray[Any, np.dtype[np.float64]]],
    size: int,
) -> tuple[np.ndarray[Any, np.dtype[np.intp]], np.ndarray[Any, np.dtype[np.float64]]]:
    """``size`` draws of one hand for each ranged player in turn, among the player's hands
    that share no card with the hands drawn before: by weight or, half the time, uniformly
    (so that neither heavy weights nor clashes starve a combination the others leave open);
    returns the hands drawn (their indices) and each draw's log importance weight.

    A draw comes with chance prod(q) over the players, q = (weight / left + 1 / open) / 2,
    ``left`` being the weight and ``open`` the number of the player's hands still open; the
    chance wanted is prod(weight) / constant (hands by the product of their weights, among the
    combinations that share no card). So a draw counts prod(weight / q) times: its log weight
    is the sum of the logs, -inf when some player had no hand left (the draw is no deal). The
    cost is the same however the hands clash."""
    used = np.zeros(size, dtype=np.uint64)
    picks = np.empty((size, len(masks)), dtype=np.intp)
    log_weight = np.zeros(size)
    for k, (m, w) in enumerate(zip(masks, weights, strict=True)):
        is_open = (used[:, None] & m[None, :]) == 0
        by_weight = np.cumsum(np.where(is_open, w[None, :], 0.0), axis=1)
        by_count = np.cumsum(is_open, axis=1)
        left, count = by_weight[:, -1], by_count[:, -1]
        weighted = rng.random(size) < 0.5
        below = np.where(weighted[:, None], by_weight, by_count)
        point = rng.random(size) * np.where(weighted, left, count)
        hand = (below <= point[:, None]).sum(axis=1)
        # rounding may put the point at the top: the last open hand (any hand when none is open)
        last = m.size - 1 - np.argmax(is_open[:, ::-1], axis=1)
        picks[:, k] = hand = np.minimum(hand, last)
        used |= m[hand]
        with np.errstate(divide="ignore", invalid="ignore"):
            q = (w[hand] / left + 1 / count) / 2
            log_weight += np.where(count > 0, np.log(w[hand]) - np.log(q), -np.inf)
    return picks, log_weight


def _range_draws(
    ranged: _Ranged,
    joints: _Joints | None,
    found: bool | None,
    deal_for: _DealFor,
    hands: list[list[int]],
    dead: list[int],
    P: int,
    samples: int,
    seed: int | None,
    progress: Callable[[float], None] | None,
    start: float,
    game: str,
) -> EquityResult:
    """Monte Carlo over many combinations of hands: ``samples`` deals in draws of hands, each
    draw dealt a few times (``_RANGE_DEALS_PER_DRAW`` at most) by the Monte Carlo kernel.

    The hands come exactly by the combinations' weights when the combinations are listed;
    otherwise each player's in turn from the hands left open (``_draw_in_turn``), and each
    draw then counts with its importance weight. The estimate is the weighted mean of the
    draws' results and its standard error that of a ratio of weighted means over the draws
    (between draws and within them). Batches of draws stream: memory stays flat in
    ``samples``, and Ctrl-C stops between kernel calls of a few deals each. If the first
    ``_RANGE_MIN_DRAWS`` draws hold no deal, the question is refused (``found``: whether the
    search found a deal, None if it gave up)."""
    n_draws = min(samples, max(_RANGE_MIN_DRAWS, -(-samples // _RANGE_DEALS_PER_DRAW)))
    pick_seed, deal_seed = np.random.SeedSequence(seed).spawn(2)
    rng = np.random.Generator(np.random.SFC64(pick_seed))
    bit_generator = [np.random.SFC64(deal_seed)]
    masks = [_masks(live) for _, live in ranged]
    weights = [np.array([w for _, w in live]) for _, live in ranged]
    cards = [np.array([c for c, _ in live], dtype=np.uint8) for _, live in ranged]
    turn = sorted(range(len(ranged)), key=lambda k: len(masks[k]))
    below = np.cumsum(joints[1]) if joints is not None else np.zeros(0)  # listed: the odds, summed
    hole = cards[0].shape[1]
    seats = [p for p, _ in ranged]
    free = np.ones(52, dtype=bool)
    free[[c for h in hands for c in h] + dead] = False
    hilo = get_game(game).hilo
    code = _equity.KERNELS[get_game(game).pot]
    fields = ("equity", "win", "tie", "high", "low") if hilo else ("equity", "win", "tie")
    # sums over the draws of a * x (each field), and of a**2, a**2 x, a**2 x**2 (the equity),
    # with a = exp(log weight - top) * deals: top the highest log weight so far
    top, total = -math.inf, 0.0
    sums = {f: np.zeros(P) for f in fields}
    square, square_x, square_xx = 0.0, np.zeros(P), np.zeros(P)
    dealt = drawn = live_draws = 0
    arrays: _Arrays | None = None
    community = 0
    batch = max(1, _RANGE_BATCH_CELLS // max(len(m) for m in masks))
    while drawn < n_draws:
        size = min(batch, n_draws - drawn)
        first = np.arange(drawn, drawn + size)
        deals = samples // n_draws + (first < samples % n_draws)
        if joints is None:  # the narrowest range first: the fewest draws come to nothing
            picks, log_weight = _draw_in_turn(rng, [masks[k] for k in turn], [weights[k] for k in turn], size)
            picks = picks[:, np.argsort(turn)]
        else:
            rows = np.searchsorted(below, rng.random(size) * below[-1], side="right")
            picks, log_weight = joints[0][np.minimum(rows, len(below) - 1)], np.zeros(size)
        # each draw's hole cards, and the cards left to deal (the bits of no hand drawn)
        holes = np.stack([cards[k][picks[:, k]] for k in range(len(ranged))], axis=1)
        used = np.bitwise_or.reduce(np.stack([masks[k][picks[:, k]] for k in range(len(ranged))]), axis=0)
        left = free[None, :] & ((used[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1) == 0)
        wins = np.zeros((size, P), dtype=np.int64)
        ties = np.zeros((size, P, P + 1), dtype=np.int64)
        hl = np.zeros((size, P, len(_equity.HILO_COLUMNS)), dtype=np.int64) if hilo else None
        sq = np.zeros((size, P)) if hilo else None
        for u in np.flatnonzero(np.isfinite(log_weight)).tolist():
            if arrays is None:  # the first deal: its layout (draws, a community card) is every deal's
                deal = deal_for(_hands_of(ranged, picks[u]))
                arrays, community = _arrays(deal), deal.community
            _, known, nknown, draws, shares = arrays
            known[seats, :hole] = holes[u]
            _equity.monte_carlo(
                np.flatnonzero(left[u]).astype(np.uint8),
                known,
                nknown,
                draws,
                community,
                shares,
                bit_generator,
                deals[u : u + 1],
                wins[u : u + 1],
                ties[u : u + 1],
                code,
                None if hl is None else hl[u : u + 1],
                None if sq is None else sq[u : u + 1],
            )
        n = deals[:, None].astype(float)
        if hl is not None:
            x = {f: hl[:, :, c] / n for c, f in enumerate(("equity", "win", "tie", "high", "low"))}
            x["equity"] = x["equity"] / _equity.HILO_SHARE_UNIT
        else:
            split = np.arange(2, P + 1, dtype=float)
            x = {
                "equity": (wins + (ties[:, :, 2:] / split).sum(axis=2)) / n,
                "win": wins / n,
                "tie": ties.sum(axis=2) / n,
            }
        high_now = float(log_weight.max())
        if high_now > top:  # rescale the sums to the new top
            scale, top = math.exp(top - high_now), high_now
            total *= scale
            for f in fields:
                sums[f] *= scale
            square, square_x, square_xx = square * scale**2, square_x * scale**2, square_xx * scale**2
        if top > -math.inf:
            a = np.exp(log_weight - top) * deals
            total += float(a.sum())
            for f in fields:
                sums[f] += a @ x[f]
            square += float(a @ a)
            square_x += (a * a) @ x["equity"]
            square_xx += (a * a) @ (x["equity"] ** 2)
        dealt += int(deals[np.isfinite(log_weight)].sum())
        live_draws += int(np.isfinite(log_weight).sum())
        drawn += size
        if not live_draws and drawn >= min(n_draws, _RANGE_MIN_DRAWS):
            # no deal in the first draws (a bound: the search for one gave up): refuse rather
            # than draw on, however many samples are asked for
            raise ValueError(
                f"the players' ranges can hardly be dealt together: none of {drawn} draws gave hands that share no card; narrow them"
                if found
                else f"the players' ranges cannot be dealt together, as far as {drawn} draws and a search of "
                f"{_RANGE_SEARCH_STEPS} steps tell: no hands that share no card found; narrow them"
            )
        if progress:
            progress(drawn / n_draws)
    mean = {f: sums[f] / total for f in fields}
    e = mean["equity"]
    spread = np.maximum(square_xx - 2 * e * square_x + e * e * square, 0.0) / (total * total)
    return EquityResult(
        equity=tuple(e.tolist()),
        win=tuple(mean["win"].tolist()),
        tie=tuple(mean["tie"].tolist()),
        stderr=tuple(np.sqrt(spread * live_draws / max(live_draws - 1, 1)).tolist()),
        deals=dealt,
        method="monte-carlo",
        seconds=time.perf_counter() - start,
        community_card=community == 1,
        scoop=tuple(mean["win"].tolist()) if hilo else None,
        high=tuple(mean["high"].tolist()) if hilo else None,
        low=tuple(mean["low"].tolist()) if hilo else None,
    )


def holdem_equity(
    hands: Sequence[CardsLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityResult:
    """Equities of Texas hold'em hands, with the same result type as :func:`stud_equity`.

    Each hand is its two hole cards (fewer if not all are known: the rest come from the live
    deck); ``board`` holds 0 to 5 known board cards and ``dead`` cards out of play. Exact over
    every board heads-up from preflop on, and multiway when the deals fit the budget; Monte
    Carlo otherwise. ``method``, ``samples``, ``seed``, ``threads`` and ``progress`` work as
    in :func:`stud_equity`; bad input raises ValueError naming the problem.

    >>> r = holdem_equity(["Ah As", "Kd Kc"], board="2c 7d 9h")
    >>> r.method, r.deals, round(r.equity[0], 4)
    ('exact', 990, 0.9162)
    """
    players, ranges, board_cards, dead_cards = _holdem_input(hands, board, dead)
    if any(ranges):
        result = _range_equity(
            players, ranges, "holdem", dead_cards, method, samples, seed, threads, progress, board=board_cards
        )[1]
        assert result is not None  # run=True gives the result
        labels = [
            format_player(h, game="holdem") if isinstance(h, str) and r is not None else format_cards(p)
            for h, r, p in zip(hands, ranges, players, strict=True)
        ]
        # the board's cards to come are not stud's deck-exhaustion card
        return dataclasses.replace(result, community_card=False, labels=tuple(labels))
    deal = _holdem_cards_deal(players, board_cards, dead_cards)
    return _solve(deal, method, samples, seed, threads, progress, exhaustion=False)


def _holdem_input(
    hands: Sequence[CardsLike], board: CardsLike, dead: CardsLike
) -> tuple[list[list[int]], list[HoleRange | None], list[int], list[int]]:
    """Each hand's known cards and range (a range is both hole cards), the board and the dead
    cards, each checked on its own."""
    for i, hand in enumerate(hands if isinstance(hands, Sequence) and not isinstance(hands, str) else (), 1):
        if isinstance(hand, str) and "[" not in hand and not _reads_as_cards(hand) and _reads_as_range(hand):
            raise ValueError(f"player {i}: {hand!r} is a range: put it in brackets, [{hand.strip()}]")
    players, ranges = _parse_ranged_players(hands, "hands", "holdem")
    return players, ranges, _parse_named(board, "board"), _parse_named(dead, "dead cards")


def _reads_as_cards(text: str) -> bool:
    try:
        parse_cards(text)
    except ValueError:
        return False
    return True


def _reads_as_range(text: str) -> bool:
    try:
        parse_range(text)
    except ValueError:
        return False
    return True


def _holdem_cards_deal(players: list[list[int]], board_cards: list[int], dead_cards: list[int]) -> _Deal:
    """The deal of hold'em hands (their known hole cards), the board and the dead cards."""
    for i, h in enumerate(players, 1):
        if len(h) > 2:
            raise ValueError(f"too many cards for the game: hand {i} has {len(h)} ({format_cards(h)}), hold'em deals 2")
    if len(board_cards) > 5:
        raise ValueError(f"too many cards for the game: the board has {len(board_cards)}, hold'em deals 5")
    _check_disjoint(players, dead_cards, board_cards)
    live = _live([c for h in players for c in h] + board_cards + dead_cards)
    draws = [2 - len(h) for h in players]
    community = 5 - len(board_cards)
    if sum(draws) + community > len(live):
        raise ValueError(
            f"more players than the deck allows: {len(players)} hands need {sum(draws) + community} more cards but only {len(live)} are live"
        )
    return _Deal([h + board_cards for h in players], draws, community, [True] * len(players), live)


def _solve(
    deal: _Deal,
    method: str,
    samples: int,
    seed: int | None,
    threads: int | None,
    progress: Callable[[float], None] | None,
    *,
    exhaustion: bool,
) -> EquityResult:
    """Check the options, pick the method and run it."""
    start = time.perf_counter()
    samples, seed, nthreads, plan = _plan(deal, method, samples, seed, threads, progress)
    if plan.method == "exact":
        counts = _exact(deal, plan.kernel, _exact_threads(threads, nthreads, plan.work), progress)
        result = _result(counts, "exact", start, exhaustion)
    else:
        counts = _monte_carlo(deal, samples, seed, _monte_carlo_threads(threads, nthreads, deal, samples), progress)
        result = _result(counts, "monte-carlo", start, exhaustion)
    return replace(result, plan=plan.reason, labels=_labels(deal))


def _labels(deal: _Deal) -> tuple[str, ...]:
    """Each player's own known cards (hold'em: the board, common to every hand, left out)."""
    common = set.intersection(*(set(h) for h in deal.known))
    return tuple(format_cards([c for c in h if c not in common]) for h in deal.known)


def _plan(
    deal: _Deal,
    method: str,
    samples: int,
    seed: int | None,
    threads: int | None,
    progress: Callable[[float], None] | None,
) -> tuple[int, int | None, int, EquityPlan]:
    """The options checked as every equity function checks them, and the plan:
    (samples, seed, threads, the plan)."""
    method, samples, seed = _check_options(method, samples, seed, progress)
    nthreads = check_threads(threads)
    kind, work = _count_work(deal)
    if method == "exact" and work > EXACT_WORK_LIMIT:
        raise ValueError(f"too many deals for an exact answer ({deal.deals():.3g}): use method='monte-carlo'")
    exact_s = _exact_seconds(kind, work, _exact_threads(threads, nthreads, work))
    mc_s = _monte_carlo_seconds(deal, samples, _monte_carlo_threads(threads, nthreads, deal, samples))
    return samples, seed, nthreads, _choose(method, kind, work, exact_s, mc_s, samples)


def check_tasks(tasks: object, name: str = "tasks") -> int:
    """The number of tasks (or shards) a job is split into: an int from 1 to
    :data:`MAX_TASKS` (numpy ints are taken, bools are not); ``name`` names it in the error.

    >>> check_tasks(4)
    4
    >>> check_tasks(10**9)
    Traceback (most recent call last):
    ValueError: tasks must be from 1 to 10000, got 1000000000
    """
    if isinstance(tasks, bool) or not isinstance(tasks, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {tasks!r}")
    if not 1 <= tasks <= MAX_TASKS:
        raise ValueError(f"{name} must be from 1 to {MAX_TASKS}, got {tasks}")
    return int(tasks)


# ----------------------------------------------------------------------------------------------
# The same question as independent tasks, for studeval.distributed (a Dask cluster runs them).
# It only composes the internals above: one layout, exactly that of the threaded path.


# Tokens of sharded jobs, and those of the jobs stopped (a few ints per interrupted job).
_JOB_TOKENS = itertools.count()
_STOPPED: set[int] = set()


def sharded_equity(
    players: Sequence[CardsLike],
    *,
    game: str = "seven",
    board: CardsLike = (),
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    tasks: int = 1,
    threads: int | None = None,
    run: Callable[[Callable[..., object], Sequence[object]], Iterable[object]] | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityResult:
    """:func:`stud_equity` (or, with ``game="holdem"``, :func:`holdem_equity`) as ``tasks`` tasks.

    The task layout: Monte Carlo task ``t`` of ``tasks`` deals ``samples // tasks`` deals (one
    more for ``t < samples % tasks``) with ``SFC64(SeedSequence(seed).spawn(tasks)[t])``, in
    the chunks the threaded path uses, so the exact counts, and the result, equal those of
    ``stud_equity(..., seed=seed, threads=tasks)`` (``tasks`` is cut to ``samples`` as threads
    are). The win and tie counts of the tasks are added exactly (int64) and the result carries
    the standard error of the whole run. An exact answer is one task (``threads`` on it), and
    so is a question with ranges (:func:`stud_equity` itself runs it: its result for the
    seed and ``threads``). Every argument is checked here as the local function checks it,
    before any task runs; ``tasks`` is an int from 1 to :data:`MAX_TASKS`.

    ``run(task, items)`` is a ``map``: it runs ``task(item)`` for each item (in any order,
    anywhere: ``task`` pickles with cloudpickle, as Dask does, and each item holds one task's
    stream and deal count) and yields the results; by default a pool of ``threads`` threads
    in this process runs them (a single task runs in the calling thread). ``progress`` gets
    the fraction of tasks done.

    >>> a = sharded_equity(["As Ah", "Kd Kc", "Qs Qh"], game="holdem", method="monte-carlo",
    ...                    samples=20_000, seed=7, tasks=4)
    >>> b = holdem_equity(["As Ah", "Kd Kc", "Qs Qh"], method="monte-carlo", samples=20_000, seed=7, threads=4)
    >>> a.equity == b.equity and a.stderr == b.stderr
    True
    """
    from typing import cast

    start = time.perf_counter()
    # every argument checked as the local function checks it, in its order, before any task
    deal: _Deal | None
    if game == "holdem":
        hands, ranges, board_cards, dead_cards = _holdem_input(players, board, dead)
        if any(ranges):
            raise ValueError("hold'em ranges are for holdem_equity: give each hand's cards")
        deal = _holdem_cards_deal(hands, board_cards, dead_cards)
    else:
        game = _check_choice("game", game, (*_GAMES, "holdem"))
        hands, ranges = _parse_ranged_players(players, "players", game)
        dead_cards = _parse_named(dead, "dead cards")
        if _parse_named(board, "board"):
            raise ValueError(f"stud has no board: got board {board!r}")
        deal = None if any(ranges) else _stud_deal(hands, game, dead_cards)
    if deal is None:
        # ranges: the local function's checks, then the rest of them (which hands of the
        # ranges are left, the exact budget) in the task, by the local function itself
        method, samples, seed = _check_options(method, samples, seed, progress)
        check_threads(threads)
        exact = True
    else:
        samples, seed, nthreads, plan = _plan(deal, method, samples, seed, threads, progress)
        exact = plan.method == "exact"
    tasks = check_tasks(tasks)
    if exact:
        # one task: the local function, threaded, on whichever machine runs it (ranges
        # included: their deals are drawn and counted there, reproducibly for a seed)
        def whole(_: object) -> EquityResult:
            if game == "holdem":
                return holdem_equity(players, board, dead, method=method, samples=samples, seed=seed, threads=threads)
            return stud_equity(
                players, game=game, dead=dead, method=method, samples=samples, seed=seed, threads=threads
            )

        # in this process it runs in this thread, where Ctrl-C stops its kernels
        (result,) = [whole(None)] if run is None else run(whole, [None])
        if progress:
            progress(1.0)
        return replace(cast(EquityResult, result), seconds=time.perf_counter() - start)
    assert deal is not None
    exhaustion = deal.community == 1 and game != "holdem"
    # the job's token: put in _STOPPED when the caller is interrupted (Ctrl-C), so that the
    # tasks in this process stop between chunks (a token pickles, unlike an Event; a task on
    # another machine carries its own copy of the set and ends with its deals)
    token = next(_JOB_TOKENS)
    if run is None:

        def run(task: Callable[..., object], items: Sequence[object]) -> Iterable[object]:
            pool = ThreadPoolExecutor(nthreads)  # the kernel releases the GIL
            try:
                yield from pool.map(task, items)
            finally:
                _STOPPED.add(token)  # left early (an error or Ctrl-C): the running tasks end at their next chunk
                pool.shutdown(wait=True, cancel_futures=True)

    tasks = min(tasks, samples)
    streams = np.random.SeedSequence(seed).spawn(tasks)
    items = [(streams[t], samples // tasks + (t < samples % tasks)) for t in range(tasks)]
    live_a, known, nknown, draws, shares = _arrays(deal)
    P = deal.players
    hilo = get_game(deal.game).hilo
    game_code = _equity.KERNELS[get_game(deal.game).pot]

    def task(item: tuple[np.random.SeedSequence, int]) -> _Counts:
        stream, deals = item
        generator = [np.random.SFC64(stream)]
        wins = np.zeros((1, P), dtype=np.int64)
        ties = np.zeros((1, P, P + 1), dtype=np.int64)
        hl = np.zeros((1, P, len(_equity.HILO_COLUMNS)), dtype=np.int64) if hilo else None
        squares = np.zeros((1, P)) if hilo else None
        for done in range(0, deals, _MC_CHUNK):
            if token in _STOPPED:
                raise KeyboardInterrupt("the equity job was stopped")
            chunk = np.array([min(_MC_CHUNK, deals - done)], dtype=np.int64)
            _equity.monte_carlo(
                live_a,
                known,
                nknown,
                draws,
                deal.community,
                shares,
                generator,
                chunk,
                wins,
                ties,
                game_code,
                hl,
                squares,
            )
        counts = _Counts(P, hilo)
        counts.wins, counts.ties, counts.deals = wins[0], ties[0], deals
        if hl is not None and squares is not None:
            counts.hilo, counts.squares = hl[0], squares[0]
        return counts

    total = _Counts(P, hilo)
    try:
        for finished, counts in enumerate(run(task, items), 1):
            total.add(cast(_Counts, counts))
            if progress:
                progress(finished / tasks)
    except BaseException:
        _STOPPED.add(token)  # the pool's tasks still running end at their next chunk
        raise
    return replace(_result(total, "monte-carlo", start, exhaustion), plan=plan.reason, labels=_labels(deal))
