r"""Real hands analysed street by street: equities, the pot, all-in expected value and luck.

:func:`analyze_hand` replays one PHH hand history (:mod:`studeval.game.phh`, or a site's hand
read by :mod:`studeval.histories`) with the table rules, once (a hand already replayed, as
:func:`studeval.histories.replay_checked` gives it, is taken as it is), and gives, for each
street dealt:

- every player's equity **given the cards known**: all the cards that became known by the
  end of the hand, a hand shown at the showdown included from the start, each as dealt by
  that street; the cards of players already out are dead;
- the **hero's** equity against the opponents' up cards only (their down cards unknown, as
  the hero saw the hand); the hero is the player whose down cards the history deals face up
  to us (the site's "Dealt to" player), or the one named;
- the pot when the street is dealt and what each player has put in by the end of its betting.

**All-in expected value**: when the betting closed before the last card (everyone left but at
most one player all-in), each pot, main and side pots apart, is worth its chips times each
eligible player's equity at the street of the last action, given the cards known. The
**luck-adjusted** result of a player replaces the pots he won by that expectation: ``expected
= winnings - won + pots' worth``. The rake stays where the site took it, so over the players
of a hand the luck-adjusted results add up to minus the rake, exactly as the winnings do.

Equity is :func:`studeval.equity.stud_equity`, each figure with how it was found (``method``:
"exact" or "monte-carlo") and its standard error (``error``, 0.0 when exact). By default (the
**fast mode**, for a database of hands) it is counted exactly where the library's own
estimate of the count (:func:`~studeval.equity.plan_equity`, a fixed model of the work, so
the choice is the same on every machine) is at most :data:`FAST_EXACT_SECONDS`: the late
streets, and most streets of hands shown down multiway; elsewhere (third and fourth street
against unknown down cards, whose exact count takes 0.02 to 0.7 s) it is sampled by
:data:`FAST_SAMPLES` Monte Carlo deals, a standard error of at most 0.79 percentage points.
``exact=True`` counts as before the fast mode: heads-up whenever the estimate is at most
:data:`EXACT_SECONDS` (every street; stud8 against a hand shown by its door card only takes a
few tenths of a second, the scoops included); multiway what ``method="auto"`` chooses
against :data:`ANALYSIS_SAMPLES` Monte Carlo deals (exact when the count is about as cheap:
late streets with the cards shown). The all-in's pots are always found the ``exact=True``
way, and a street asking the same question takes that answer. Monte Carlo runs on one
thread seeded with :data:`ANALYSIS_SEED`, so the same hands always give the same figures, in
a process pool or on a cluster too. That bounds the work per hand: at most two equities per
street and one per pot at the all-in, each within a few milliseconds in the fast mode, about
a second with ``exact=True``. Hi-lo games (stud8, stud_hilo): the equity is the pot share.

:func:`analyze` does many hands and :class:`Report` keeps them and adds them up per game and
player (:meth:`Report.totals`), writes CSV and JSON and draws the actual against the
luck-adjusted winnings (:func:`plot_winnings`, with matplotlib). For more hands than memory
holds, :func:`analyze_each` gives each hand's analysis as it is done and
:class:`RunningTotals` keeps the totals as running sums (what ``studeval analyze`` does);
:func:`analyze_parallel` does the same on every core (a process pool), the results in the
order given.

>>> from studeval.game.phh import HandHistory
>>> hh = HandHistory("F7S", [1, 1], 2, 4, 8, [20, 20], [
...     "d dh p1 AsAhKd", "d dh p2 ????7s", "p2 pb", "p1 cbr 4", "p2 cbr 8", "p1 cbr 12",
...     "p2 cbr 16", "p1 cbr 19", "p2 cc", "d dh p1 2c", "d dh p2 3d", "d dh p1 4c", "d dh p2 5d",
...     "d dh p1 6c", "d dh p2 8d", "d dh p1 9h", "d dh p2 ??", "p2 sm QcQdQh", "p1 sm"])
>>> a = analyze_hand(hh)
>>> third = a.streets[0]  # counted for the all-in; the hero's view (Qc Qd unknown) sampled
>>> a.hero, [round(e, 4) for e in third.equity], third.method, third.error
(0, [0.6647, 0.3353], 'exact', (0.0, 0.0))
>>> round(third.hero_equity, 3), third.hero_method, round(third.hero_error, 4)
(0.748, 'monte-carlo', 0.0069)
>>> round(analyze_hand(hh, exact=True).streets[0].hero_equity, 4)  # counted: 0.7597
0.7597
>>> a.all_in.street, a.winnings, [round(x, 2) for x in a.expected]
('third street', (-20, 20), [6.59, -6.59])
"""

from __future__ import annotations

import csv
import itertools
import multiprocessing
import os
import re
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TextIO

from studeval.equity import EXACT_WORK_LIMIT, EquityResult, HiLoResult
from studeval.equity.deal import stud_game
from studeval.equity.solve import answer_planned, plan_cards
from studeval.game.phh import HandHistory
from studeval.game.phh_read import read_phhs
from studeval.game.phh_replay import Replay, StreetSeen, replay_hand
from studeval.game.state import StudState
from studeval.games import Game
from studeval.plots import draw_winnings, plot_winnings

__all__ = [
    "ANALYSIS_SAMPLES",
    "ANALYSIS_SEED",
    "ANALYZE_CHUNK",
    "EXACT_SECONDS",
    "FAST_EXACT_SECONDS",
    "FAST_SAMPLES",
    "AllIn",
    "AllInPot",
    "Report",
    "HandAnalysis",
    "NotAnalysed",
    "PlayerTotal",
    "RunningTotals",
    "StreetAnalysis",
    "Unanalysed",
    "analyze",
    "analyze_each",
    "analyze_hand",
    "analyze_parallel",
    "csv_writer",
    "draw_winnings",
    "plot_winnings",
    "read_phhs",
]

#: The fast mode (the default): an equity is counted exactly when the library's estimate of
#: the count (:func:`~studeval.equity.plan_equity`, one thread: a fixed model of the work, the
#: same on every machine) is at most this many seconds, else sampled by :data:`FAST_SAMPLES`
#: Monte Carlo deals. The late streets and most multiway showdowns are counted; the exact
#: third and fourth streets against unknown down cards (0.02 to 0.7 s each) are sampled.
FAST_EXACT_SECONDS = 0.003
#: Monte Carlo deals of an equity the fast mode does not count: a standard error of at most
#: 0.79 percentage points (half over the square root of the deals), about a millisecond.
FAST_SAMPLES = 4_000
#: ``exact=True`` (as before the fast mode): Monte Carlo deals of an equity the library does
#: not count exactly (multiway early streets): a standard error of at most 0.36 percentage
#: points, a few hundredths of a second.
ANALYSIS_SAMPLES = 20_000
#: ``exact=True``: the longest exact heads-up count, by the library's estimate
#: (:func:`~studeval.equity.plan_equity`, one thread): every street fits but third street of
#: stud8 against an unknown hand. The all-in's pots are always counted so, in either mode.
EXACT_SECONDS = 1.0
#: The seed of the Monte Carlo deals (one thread), so an analysis is reproducible anywhere.
ANALYSIS_SEED = 0
#: Hands per task of :func:`analyze_parallel` (a fraction of a second of work each).
ANALYZE_CHUNK = 40


@dataclass(frozen=True)
class StreetAnalysis:
    """One street of a hand, seats 0-based.

    ``pot``: the chips in the middle when the street is dealt; ``invested``: each player's
    chips in by the end of the street's betting (antes included, uncalled chips not yet given
    back); ``players``: the seats dealt the street; ``equity``: each seat's equity given the
    cards known (None for a seat out of the hand); ``hero_equity``: the hero's equity against
    the opponents' up cards (None without a hero in the hand); ``method`` and ``hero_method``:
    "exact" or "monte-carlo", how each was found; ``error`` (per seat, None for a seat out)
    and ``hero_error``: the standard errors of ``equity`` and ``hero_equity`` (0.0 when
    exact; ``error`` is empty in a street built without it).
    """

    name: str
    pot: int
    invested: tuple[int, ...]
    players: tuple[int, ...]
    equity: tuple[float | None, ...]
    method: str
    hero_equity: float | None = None
    hero_method: str | None = None
    error: tuple[float | None, ...] = ()
    hero_error: float | None = None


@dataclass(frozen=True)
class AllInPot:
    """A pot at the all-in: its chips, the seats eligible for it and their equities (in
    order), how they were found (``method``: "exact", or "monte-carlo" for a multiway pot
    whose count is out of reach) and their standard errors (``error``, 0.0 when exact)."""

    amount: int
    players: tuple[int, ...]
    equity: tuple[float, ...]
    method: str = "exact"
    error: tuple[float, ...] = ()


@dataclass(frozen=True)
class AllIn:
    """The all-in of a hand: the street of the last action, each pot, and what the pots were
    worth to each seat (``expected[i]`` = the sum of pot chips times seat i's equity)."""

    street: str
    pots: tuple[AllInPot, ...]
    expected: tuple[float, ...]


@dataclass(frozen=True)
class HandAnalysis:
    """One hand analysed. Amounts in the history's chips (``scale`` chips to the currency unit).

    ``winnings``: each player's net result (the stacks after the hand less before, the rake
    taken); ``won``: the chips each took from the pots, after the rake (the replay takes
    the site's printed rake, or the history's rake rule); ``expected``: the
    luck-adjusted result (``winnings`` but for an all-in, see the module's notes).
    """

    hand: str
    site: str | None
    game: str
    players: tuple[str, ...]
    hero: int | None
    currency: str
    scale: int
    rake: int
    streets: tuple[StreetAnalysis, ...]
    won: tuple[int, ...]
    winnings: tuple[int, ...]
    expected: tuple[float, ...]
    all_in: AllIn | None = None

    def records(self) -> list[dict[str, Any]]:
        """One row per street and player in the hand (``pandas.DataFrame(a.records())``)."""
        rows = []
        for street in self.streets:
            for i in street.players:
                rows.append(
                    {
                        "hand": self.hand,
                        "site": self.site,
                        "game": self.game,
                        "street": street.name,
                        "seat": i + 1,
                        "player": self.players[i],
                        "hero": i == self.hero,
                        "pot": street.pot,
                        "invested": street.invested[i],
                        "equity": street.equity[i],
                        "hero_equity": street.hero_equity if i == self.hero else None,
                        "method": street.method,
                        "error": street.error[i] if street.error else None,  # () when built without
                        "hero_method": street.hero_method if i == self.hero else None,
                        "hero_error": street.hero_error if i == self.hero else None,
                    }
                )
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready data."""
        return {
            "hand": self.hand,
            "site": self.site,
            "game": self.game,
            "players": list(self.players),
            "hero": self.hero,
            "currency": self.currency,
            "scale": self.scale,
            "rake": self.rake,
            "streets": [
                {
                    "street": s.name,
                    "pot": s.pot,
                    "invested": list(s.invested),
                    "players": list(s.players),
                    "equity": list(s.equity),
                    "method": s.method,
                    "error": list(s.error),
                    "hero_equity": s.hero_equity,
                    "hero_method": s.hero_method,
                    "hero_error": s.hero_error,
                }
                for s in self.streets
            ],
            "won": list(self.won),
            "winnings": list(self.winnings),
            "expected": list(self.expected),
            "all_in": None
            if self.all_in is None
            else {
                "street": self.all_in.street,
                "pots": [
                    {
                        "amount": p.amount,
                        "players": list(p.players),
                        "equity": list(p.equity),
                        "method": p.method,
                        "error": list(p.error),
                    }
                    for p in self.all_in.pots
                ],
                "expected": list(self.all_in.expected),
            },
        }


@dataclass(frozen=True)
class PlayerTotal:
    """One player's results in one game and currency over many hands (in chips; ``scale``
    chips make one ``currency`` unit): actual against luck-adjusted winnings."""

    game: str
    player: str
    currency: str
    scale: int
    hands: int
    all_in_hands: int
    winnings: int
    expected: float

    @property
    def luck(self) -> float:
        """What the cards gave beyond the expectation (winnings less the luck-adjusted)."""
        return self.winnings - self.expected

    def to_dict(self) -> dict[str, Any]:
        """As JSON-ready data, the luck included."""
        return {
            "game": self.game,
            "player": self.player,
            "currency": self.currency,
            "scale": self.scale,
            "hands": self.hands,
            "all_in_hands": self.all_in_hands,
            "winnings": self.winnings,
            "expected": self.expected,
            "luck": self.luck,
        }


@dataclass
class Report:
    """Many hands analysed (what :func:`analyze` returns), in the order given; ``refused``: (hand, reason) of hands that
    could not be (a history the table rules refuse, a game without stud equity)."""

    hands: list[HandAnalysis] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)

    def __add__(self, other: Report) -> Report:
        return Report(self.hands + other.hands, self.refused + other.refused)

    def totals(self) -> list[PlayerTotal]:
        """Per game, player and currency: hands, all-in hands, winnings and luck-adjusted winnings."""
        running = RunningTotals()
        for h in self.hands:
            running.add(h)
        return running.rows()

    def cumulative(self, player: str, currency: str | None = None) -> tuple[list[int], list[float]]:
        """A player's running winnings and luck-adjusted winnings in chips, hand by hand (his
        hands only; those of one ``currency`` if given).

        >>> Report().cumulative("Ann")
        ([], [])
        """
        actual: list[int] = []
        expected: list[float] = []
        for h in self.hands:
            if player in h.players and currency in (None, h.currency):
                i = h.players.index(player)
                actual.append((actual[-1] if actual else 0) + h.winnings[i])
                expected.append((expected[-1] if expected else 0.0) + h.expected[i])
        return actual, expected

    def records(self) -> list[dict[str, Any]]:
        """Every hand's rows (:meth:`HandAnalysis.records`)."""
        return [row for h in self.hands for row in h.records()]

    def to_dict(self) -> dict[str, Any]:
        """The hands, the totals and the refused hands as JSON-ready data."""
        return {
            "hands": [h.to_dict() for h in self.hands],
            "totals": [t.to_dict() for t in self.totals()],
            "refused": [{"hand": hand, "reason": reason} for hand, reason in self.refused],
        }

    def write_csv(self, fp: TextIO, *, table: str = "streets") -> None:
        """Write ``table`` as CSV: ``"streets"`` (:meth:`records`) or ``"totals"`` (:meth:`totals`)."""
        writer = csv_writer(fp, table)
        writer.writerows(self.records() if table == "streets" else [t.to_dict() for t in self.totals()])


class RunningTotals:
    """The totals of :meth:`Report.totals` kept as running sums, one hand at a time: memory
    grows with the players and games met, not with the hands (what ``studeval analyze`` keeps).

    >>> from studeval.game.phh import HandHistory
    >>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
    >>> running = RunningTotals()
    >>> for hand in analyze_each([hh, hh]):
    ...     running.add(hand)
    >>> running.rows() == analyze([hh, hh]).totals(), running.hands
    (True, 2)
    """

    __slots__ = ("_sums", "hands")

    def __init__(self) -> None:
        self._sums: dict[tuple[str, str, str, int], list[Any]] = {}
        self.hands = 0

    def add(self, hand: HandAnalysis) -> None:
        """Count one hand in its players' totals."""
        self.hands += 1
        for i, name in enumerate(hand.players):
            row = self._sums.setdefault((hand.game, name, hand.currency, hand.scale), [0, 0, 0, 0.0])
            row[0] += 1
            row[1] += hand.all_in is not None and i in _seats_at_all_in(hand.all_in)
            row[2] += hand.winnings[i]
            row[3] += hand.expected[i]

    def rows(self) -> list[PlayerTotal]:
        """The totals so far, per game, player and currency (sorted)."""
        return [PlayerTotal(*key, *row) for key, row in sorted(self._sums.items())]


_CSV_COLUMNS = {
    "streets": ["hand", "site", "game", "street", "seat", "player", "hero", "pot", "invested", "equity"]
    + ["hero_equity", "method", "error", "hero_method", "hero_error"],
    "totals": ["game", "player", "currency", "scale", "hands", "all_in_hands", "winnings", "expected", "luck"],
}


def csv_writer(fp: TextIO, table: str = "streets") -> csv.DictWriter[str]:
    """A CSV writer of ``table`` (``"streets"``: :meth:`HandAnalysis.records` rows;
    ``"totals"``: :meth:`PlayerTotal.to_dict` rows) on ``fp``, its header written: rows can
    then be written one hand at a time.

    >>> import io
    >>> out = io.StringIO(); _ = csv_writer(out, "totals"); out.getvalue()
    'game,player,currency,scale,hands,all_in_hands,winnings,expected,luck\\n'
    """
    if table not in _CSV_COLUMNS:
        raise ValueError(f"unknown table {table!r}: use 'streets' or 'totals'")
    writer = csv.DictWriter(fp, fieldnames=_CSV_COLUMNS[table], lineterminator="\n")
    writer.writeheader()
    return writer


def _seats_at_all_in(all_in: AllIn) -> set[int]:
    return {i for p in all_in.pots for i in p.players}


# ---------------------------------------------------------------------------------------------
# One hand


class NotAnalysed(ValueError):
    """A hand the analysis cannot rate: a game without stud equity yet, or a history whose
    amounts do not add up (a history the table rules refuse raises
    :class:`~studeval.game.phh_replay.ReplayError`; both are ValueErrors).

    >>> issubclass(NotAnalysed, ValueError)
    True
    """


def _rated(game: Game) -> Game:
    """The game, checked once for a hand: one the equity code counts."""
    try:
        return stud_game(game)
    except ValueError as exc:  # a game the table plays before the equity counts it
        raise NotAnalysed(f"no equity for {game.title} yet: {exc}") from None


def _names(hh: HandHistory, n: int) -> tuple[str, ...]:
    names = hh.extra.get("players")
    if isinstance(names, list) and all(isinstance(x, str) for x in names) and len(set(names)) == len(names) == n:
        return tuple(names)
    return tuple(f"p{i + 1}" for i in range(n))


def _hero(replayed: Replay, names: tuple[str, ...], hero: str | None) -> int | None:
    """The seat named ``hero`` (a name or ``p3``), else the one seat dealt known down cards."""
    n = len(names)
    if hero is not None:
        if not isinstance(hero, str):
            raise TypeError(f"hero is a player's name or p1, p2, ..., got {hero!r}")
        if hero in names:
            return names.index(hero)
        m = re.fullmatch(r"p([1-9][0-9]*)", hero)
        return int(m.group(1)) - 1 if m and int(m.group(1)) <= n else None
    seen = replayed.shown_from_deal  # first deals with their down cards face up to us
    return next(iter(seen)) if len(seen) == 1 else None


def _equity(game: Game, players: Sequence[Sequence[int]], dead: list[int], exact: bool) -> EquityResult | HiLoResult:
    """One equity, planned once, the cards passed as they are. The choice reads the library's
    estimate of the count (a fixed model of the work), so it is the same on every machine.

    ``exact=False`` (the fast mode): counted when the estimate is at most
    :data:`FAST_EXACT_SECONDS`, else :data:`FAST_SAMPLES` Monte Carlo deals. ``exact=True``:
    heads-up counted when the estimate is at most :data:`EXACT_SECONDS`; multiway counted when
    ``method="auto"`` would count it against :data:`ANALYSIS_SAMPLES` deals, else those deals."""
    samples = ANALYSIS_SAMPLES if exact else FAST_SAMPLES
    planned = plan_cards(players, game=game, dead=dead, samples=samples, seed=ANALYSIS_SEED, threads=1)
    plan = planned.plan
    if not exact:
        count = plan.work <= EXACT_WORK_LIMIT and plan.exact_seconds <= FAST_EXACT_SECONDS
    else:
        heads_up = len(players) == 2 and plan.work <= EXACT_WORK_LIMIT and plan.exact_seconds <= EXACT_SECONDS
        count = heads_up or plan.method == "exact"  # multiway: auto's choice against the few deals
    return answer_planned(planned, method="exact" if count else "monte-carlo")


class _Asked:
    """A hand's equities by question (the players' cards and the dead cards): the all-in's
    pots are asked first, always as ``exact=True`` asks them, and a street asking the same
    question takes that answer (the fast mode then has the all-in street's count too)."""

    __slots__ = ("answers", "exact", "game")

    def __init__(self, game: Game, exact: bool) -> None:
        self.game = game
        self.exact = exact
        self.answers: dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], EquityResult | HiLoResult] = {}

    def __call__(
        self, players: Sequence[Sequence[int]], dead: list[int], *, exact: bool | None = None
    ) -> EquityResult | HiLoResult:
        key = (tuple(tuple(p) for p in players), tuple(dead))
        found = self.answers.get(key)
        if found is None:
            found = _equity(self.game, players, dead, self.exact if exact is None else exact)
            if exact or self.exact:  # only answers as exact=True gives them are shared
                self.answers[key] = found
        return found


def _dead(out: Iterable[int], cards: Sequence[Sequence[int]]) -> list[int]:
    return [c for i in out for c in cards[i]]


def analyze_hand(hh: HandHistory | str | Replay, *, hero: str | None = None, exact: bool = False) -> HandAnalysis:
    """One hand, street by street (see the module's notes): a history, its PHH text, or the
    :class:`~studeval.game.phh_replay.Replay` of one (a hand already replayed is not
    replayed again).

    ``exact=False`` (the fast mode) counts each equity whose count the library estimates at
    :data:`FAST_EXACT_SECONDS` or less and samples the others (:data:`FAST_SAMPLES` deals,
    each figure with its standard error); ``exact=True`` counts as the analysis did before
    the fast mode (every heads-up equity; multiway, what ``method="auto"`` counts). The
    all-in's pots are counted the ``exact=True`` way in both.

    ``hero`` names the player to see the hand as (a name of the history's ``players``, or
    ``p1``, ``p2``, ...); by default the one player whose down cards the history shows from
    the deal, and none when there is not exactly one (a hand written with every card). A name
    not at this table means no hero in this hand. Raises
    :class:`~studeval.game.phh_replay.ReplayError` for a history the table rules refuse,
    naming the action, and :class:`NotAnalysed` for a game :func:`~studeval.equity.stud_equity`
    does not rate or amounts that do not add up (both ValueErrors).

    >>> from studeval.game.phh import HandHistory
    >>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
    >>> a = analyze_hand(hh)
    >>> a.players, a.hero, a.winnings, a.streets[0].pot, a.streets[0].invested
    (('p1', 'p2'), 0, (1, -1), 2, (3, 1))

    Third street against a door card is sampled in the fast mode, counted with ``exact=True``:

    >>> third = a.streets[0]
    >>> third.method, [round(e, 3) for e in third.equity], [round(e, 4) for e in third.error]
    ('monte-carlo', [0.425, 0.575], [0.0078, 0.0078])
    >>> third = analyze_hand(hh, exact=True).streets[0]
    >>> third.method, [round(e, 4) for e in third.equity], third.error
    ('exact', [0.4295, 0.5705], (0.0, 0.0))
    """
    if isinstance(hh, Replay):
        replayed = hh
    elif isinstance(hh, (HandHistory, str)):
        replayed = replay_hand(hh)
    else:
        raise TypeError(f"analyze_hand takes a HandHistory, its PHH text or its Replay, got {type(hh).__name__}")
    if not isinstance(exact, bool):
        raise TypeError(f"exact is True or False, got {exact!r}")
    hh, state = replayed.history, replayed.state
    game = _rated(replayed.game)
    n = state.n
    names = _names(hh, n)
    seat = _hero(replayed, names, hero)
    streets = replayed.streets
    asked = _Asked(game, exact)
    all_in = _all_in(asked, state, streets, replayed.last_action)  # first: its counts are shared
    out: list[StreetAnalysis] = []
    for s in streets:
        live = s.players
        folded = [i for i in range(n) if i not in live]
        cards = [s.known[i] for i in live]
        known = asked(cards, _dead(folded, s.known))
        equity: list[float | None] = [None] * n
        error: list[float | None] = [None] * n
        for k, i in enumerate(live):
            equity[i] = known.equity[k]
            error[i] = known.stderr[k]
        hero_equity = hero_method = hero_error = None
        if seat is not None and seat in live:
            view = [s.known[i] if i == seat else s.up[i] for i in live]
            dead = _dead(folded, s.up)
            mine = known
            if view != cards or dead != _dead(folded, s.known):
                mine = asked(view, dead)  # else nothing more was known: the same question
            k = live.index(seat)
            hero_equity, hero_method, hero_error = mine.equity[k], mine.method, mine.stderr[k]
        out.append(
            StreetAnalysis(
                _street_name(game, s.street),
                s.pot,
                s.invested,
                live,
                tuple(equity),
                known.method,
                hero_equity,
                hero_method,
                tuple(error),
                hero_error,
            )
        )
    won = [state.payouts[i] - state.returned[i] for i in range(n)]
    rake = hh.extra.get("_rake", 0)
    if type(rake) is not int or rake < 0:
        raise NotAnalysed(f"PHH field _rake = {rake!r}: the rake is a whole number of chips >= 0")
    final = hh.finishing_stacks if hh.finishing_stacks is not None else state.stacks
    if len(final) != n or sum(final) != sum(hh.starting_stacks) - rake:
        raise NotAnalysed(f"finishing_stacks {final} do not add up to the starting stacks less the rake of {rake}")
    if min(final) < 0:  # the sum alone lets one player lose more than his stack
        raise NotAnalysed(f"finishing_stacks {final} hold a negative stack: no player loses more than he has")
    winnings = tuple(final[i] - hh.starting_stacks[i] for i in range(n))
    expected = tuple(
        float(winnings[i]) if all_in is None else winnings[i] - won[i] + all_in.expected[i] for i in range(n)
    )
    scale = hh.extra.get("_scale", 1)
    currency = hh.extra.get("currency") or "chips"
    number = hh.extra.get("hand")
    return HandAnalysis(
        hand="" if number is None else str(number),
        site=hh.extra.get("_site") if isinstance(hh.extra.get("_site"), str) else None,
        game=game.name,
        players=names,
        hero=seat,
        currency=currency if isinstance(currency, str) else "chips",
        scale=scale if type(scale) is int and scale > 0 else 1,
        rake=rake,
        streets=tuple(out),
        won=tuple(won),
        winnings=winnings,
        expected=expected,
        all_in=all_in,
    )


def _street_name(game: Game, index: int) -> str:
    return game.streets[index].name


def _all_in(asked: _Asked, state: StudState, streets: Sequence[StreetSeen], last_action: int) -> AllIn | None:
    """The pots' worth when the betting closed before the last street was dealt (else None),
    each pot's equities as ``exact=True`` finds them, whatever the mode."""
    live = [i for i in range(state.n) if not state.folded[i]]
    if len(live) < 2 or last_action >= len(streets) - 1:
        return None  # won by a fold, or bet to the end
    s = streets[last_action]
    pots = []
    expected = [0.0] * state.n
    for pot in state.pots:
        players = tuple(pot.eligible)
        if len(players) == 1:
            shares: tuple[float, ...] = (1.0,)
            error: tuple[float, ...] = (0.0,)
            method = "exact"
        else:
            others = [i for i in range(state.n) if i not in players]
            found = asked([s.known[i] for i in players], _dead(others, s.known), exact=True)
            shares, method, error = found.equity, found.method, found.stderr
        for i, share in zip(players, shares, strict=True):
            expected[i] += pot.amount * share
        pots.append(AllInPot(pot.amount, players, tuple(shares), method, tuple(error)))
    return AllIn(_street_name(asked.game, s.street), tuple(pots), tuple(expected))


# ---------------------------------------------------------------------------------------------
# Many hands


class Unanalysed(NamedTuple):
    """A hand that could not be analysed: its site hand number (else its place among the
    hands) and the reason. A ``(hand, reason)`` pair, as :attr:`Report.refused` lists them."""

    hand: str
    reason: str


def analyze_each(
    histories: Iterable[HandHistory | str | Replay], *, hero: str | None = None, first: int = 1, exact: bool = False
) -> Iterator[HandAnalysis | Unanalysed]:
    """Each hand's analysis (:func:`analyze_hand`, ``hero`` and ``exact`` as there) as soon as
    it is done, one hand read at a time: the histories (:class:`HandHistory`, PHH text, or a
    :class:`~studeval.game.phh_replay.Replay`) may be a generator over files of any size. A
    hand that cannot be analysed (PHH text that does not read included) gives an
    :class:`Unanalysed` (its site hand number, else its place among the hands counted from
    ``first``, and the reason) and the rest go on. On every core: :func:`analyze_parallel`.

    >>> from studeval.game.phh import HandHistory
    >>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
    >>> [type(a).__name__ for a in analyze_each([hh, HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], [])])]
    ['HandAnalysis', 'Unanalysed']
    """
    if isinstance(first, bool) or not isinstance(first, int):
        raise TypeError(f"first is the number of the first hand, an int, got {first!r}")
    for k, hh in enumerate(histories, first):
        try:
            result: HandAnalysis | Unanalysed = analyze_hand(hh, hero=hero, exact=exact)
        except ValueError as exc:  # ReplayError, NotAnalysed, PHH text that does not read
            history = hh.history if isinstance(hh, Replay) else hh
            number = history.extra.get("hand") if isinstance(history, HandHistory) else None
            result = Unanalysed(str(k) if number is None else str(number), str(exc))
        yield result


def analyze(
    histories: Iterable[HandHistory | str | Replay],
    *,
    hero: str | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 1,
    exact: bool = False,
    processes: int | None = 1,
) -> Report:
    """Analyse hands (:func:`analyze_hand`, ``hero`` and ``exact`` as there); a hand that
    cannot be analysed is listed in ``refused`` with its reason (and its site hand number,
    else its place among the hands, counted from ``first``) and the rest go on. ``progress``,
    if given, is called with the number of hands done after each hand. ``processes``: one
    (the default) analyses here, more (None: every core) as :func:`analyze_parallel` does,
    with the same result.

    >>> from studeval.game.phh import HandHistory
    >>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
    >>> [(t.player, t.hands, t.winnings, t.expected) for t in analyze([hh, hh]).totals()]
    [('p1', 2, 2, 2.0), ('p2', 2, -2, -2.0)]
    """
    result = Report()
    hands = analyze_parallel(histories, hero=hero, first=first, exact=exact, processes=processes)
    for done, hand in enumerate(hands, 1):
        if isinstance(hand, Unanalysed):
            result.refused.append(hand)
        else:
            result.hands.append(hand)
        if progress is not None:
            progress(done)
    return result


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is the parent's to handle (it ends the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _analyze_chunk(
    task: tuple[list[HandHistory | str | Replay], int, str | None, bool],
) -> list[HandAnalysis | Unanalysed]:
    """A worker's task: a chunk of hands analysed as :func:`analyze_each` does them."""
    hands, first, hero, exact = task
    return list(analyze_each(hands, hero=hero, first=first, exact=exact))


def _processes(processes: int | None) -> int:
    if processes is None:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes is the number of processes, an int >= 1 or None (every core), got {processes!r}")
    return processes


def analyze_parallel(
    histories: Iterable[HandHistory | str | Replay],
    *,
    processes: int | None = None,
    chunk: int = ANALYZE_CHUNK,
    hero: str | None = None,
    first: int = 1,
    exact: bool = False,
) -> Iterator[HandAnalysis | Unanalysed]:
    """:func:`analyze_each` on a pool of ``processes`` processes (None: every core; one: here,
    no pool), the same results in the order given.

    The hands go to the workers ``chunk`` at a time, as they are (PHH text is the cheapest
    to send: a database's hands; a :class:`HandHistory` or a
    :class:`~studeval.game.phh_replay.Replay` is pickled), and at most two chunks per
    process are out at once: the histories may be a generator over any number of hands, read
    as the results are taken. Each equity is exact or Monte Carlo seeded with
    :data:`ANALYSIS_SEED` on one thread, so a hand's figures do not depend on the process
    that found them. Stopping early (leaving a loop over it, or Ctrl-C, which the workers
    leave to this process) ends the pool at once; a worker killed from outside stops the run
    with :class:`~concurrent.futures.process.BrokenProcessPool` (a RuntimeError). The pool's processes start as
    :mod:`multiprocessing` starts them (``spawn`` and ``forkserver`` start a fresh
    interpreter: guard a script's work with ``if __name__ == "__main__":``).

    >>> from studeval.game.phh import HandHistory, dumps
    >>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
    >>> hands = [hh, dumps(hh), "not PHH"]
    >>> done = list(analyze_parallel(hands, processes=2, chunk=1))
    >>> [type(a).__name__ for a in done], done[0] == done[1] == analyze_hand(hh)
    (['HandAnalysis', 'HandAnalysis', 'Unanalysed'], True)

    Its arguments are checked when it is called, and the pool starts with the first result
    asked for.
    """
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk is the number of hands per task, an int >= 1, got {chunk!r}")
    if isinstance(first, bool) or not isinstance(first, int):
        raise TypeError(f"first is the number of the first hand, an int, got {first!r}")
    if not isinstance(exact, bool):
        raise TypeError(f"exact is True or False, got {exact!r}")
    if hero is not None and not isinstance(hero, str):
        raise TypeError(f"hero is a player's name or p1, p2, ..., got {hero!r}")
    n = _processes(processes)
    if n == 1:
        return analyze_each(histories, hero=hero, first=first, exact=exact)
    return _pooled(iter(histories), n, chunk, (hero, first, exact))


def _pooled(
    hands: Iterator[HandHistory | str | Replay], n: int, chunk: int, options: tuple[str | None, int, bool]
) -> Iterator[HandAnalysis | Unanalysed]:
    """:func:`analyze_parallel`'s pool, started when the first result is asked for.

    A :class:`~concurrent.futures.ProcessPoolExecutor`: a worker that dies (killed from
    outside) breaks the pool and every result waited for raises
    :class:`~concurrent.futures.process.BrokenProcessPool`, where a
    :class:`multiprocessing.pool.Pool` would wait for its task (and its ``terminate``
    deadlock on the queue's lock the dead worker held)."""
    hero, first, exact = options
    executor = ProcessPoolExecutor(n, initializer=_ignore_interrupts)
    out: deque[Future[list[HandAnalysis | Unanalysed]]] = deque()  # the chunks sent, oldest first
    try:
        start = first
        while part := list(itertools.islice(hands, chunk)):
            out.append(executor.submit(_analyze_chunk, (part, start, hero, exact)))
            start += len(part)
            while len(out) >= 2 * n:
                yield from out.popleft().result()
        while out:
            yield from out.popleft().result()
    except BaseException:  # stopped early, interrupted or failed: the workers killed, not waited for
        for future in out:
            future.cancel()
        _kill_workers(executor)
        raise
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _kill_workers(executor: ProcessPoolExecutor) -> None:
    """End the executor's processes now and wait for them to be gone (the processes the
    executor keeps by id; Python 3.14 also has ``kill_workers``)."""
    processes: dict[int, multiprocessing.process.BaseProcess] = getattr(executor, "_processes", None) or {}
    workers = list(processes.values())
    kill = getattr(executor, "kill_workers", None)
    if kill is not None:  # pragma: no cover - Python 3.14 on
        kill()
    for process in workers:
        if process.is_alive():
            process.kill()
    for process in workers:  # reaped before this returns: no worker outlives the run
        process.join()
