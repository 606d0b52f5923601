"""The equity functions: a question checked, planned and answered by the counts it needs.

>>> players = ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"]
>>> plan = plan_equity(players)  # how stud_equity will answer, without answering
>>> plan.method, plan.kernel, plan.work
('exact', 'headsup', 320)
>>> [round(e, 4) for e in stud_equity(players).equity]
[0.4038, 0.5962]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace

import numpy as np

from studeval._core import check_threads
from studeval.cards import CardsLike, format_cards
from studeval.equity.counts import to_result
from studeval.equity.deal import (
    DEFAULT_SAMPLES,
    Deal,
    Options,
    check_options,
    holdem_deal,
    holdem_input,
    labels,
    parse_named,
    parse_players,
    stud_deal,
    stud_game,
)
from studeval.equity.exact import exact
from studeval.equity.montecarlo import monte_carlo
from studeval.equity.plan import EXACT_WORK_LIMIT, EquityPlan, choose, exact_threads, monte_carlo_threads, plan
from studeval.equity.ranged import range_equity
from studeval.equity.result import EquityResult, EquityTable, HiLoResult
from studeval.equity.small import direct_headsup, small_headsup
from studeval.games import HOLDEM, Game, get_game
from studeval.ranges import HoleRange, format_player

__all__ = [
    "MAX_MATCHUPS",
    "PlannedEquity",
    "Question",
    "answer_planned",
    "equity_table",
    "holdem_equity",
    "plan_cards",
    "plan_equity",
    "solve",
    "stud_equity",
]

#: The most match-ups one :func:`equity_table` call takes.
MAX_MATCHUPS = 10_000


@dataclass(frozen=True)
class Question:
    """A question as checked: the game, each player's known cards and range of hole cards
    (None: no range), hold'em's board (None in stud) and the dead cards."""

    players: Sequence[CardsLike]
    game: Game
    hands: list[list[int]]
    ranges: list[HoleRange | None]
    board: list[int] | None
    dead: list[int]

    @classmethod
    def of(cls, players: Sequence[CardsLike], *, game: str | Game, board: CardsLike, dead: CardsLike) -> Question:
        """Check the players, the board and the dead cards for ``game`` (any game of the
        registry; the check and message of :func:`studeval.games.get_game`)."""
        found = get_game(game)
        if not found.stud:
            hands, ranges, board_cards, dead_cards = holdem_input(players, board, dead)
            return cls(players, found, hands, ranges, board_cards, dead_cards)
        found = stud_game(found)
        hands, ranges = parse_players(players, "players", found)
        dead_cards = parse_named(dead, "dead cards")
        if parse_named(board, "board"):
            raise ValueError(f"stud has no board: got board {board!r}")
        return cls(players, found, hands, ranges, None, dead_cards)

    def deal(self) -> Deal:
        """The deal, when no player is a range."""
        if self.board is None:
            return stud_deal(self.hands, self.game, self.dead)
        return holdem_deal(self.hands, self.board, self.dead)

    def labels(self) -> tuple[str, ...]:
        """Each player as given: a range as written, then the known cards."""
        return tuple(
            format_player(p, game=self.game.name) if isinstance(p, str) and r is not None else format_cards(h)
            for p, r, h in zip(self.players, self.ranges, self.hands, strict=True)
        )


def answer(question: Question, options: Options) -> EquityResult | HiLoResult:
    """The answer to a checked question, by the counts its plan chooses."""
    if not any(question.ranges):
        return solve(question.deal(), options)
    q = question
    result = range_equity(q.hands, q.ranges, q.game, q.dead, options=options, board=q.board)[1]
    assert result is not None  # run=True gives the result
    # hold'em's board cards to come are not stud's deck-exhaustion card
    return replace(result, labels=question.labels(), community_card=result.community_card and question.game.stud)


def solve(deal: Deal, options: Options) -> EquityResult | HiLoResult:
    """Check the options, pick the method and run it."""
    start = time.perf_counter()
    options, nthreads, chosen = plan(deal, options)
    return _run(deal, chosen, options, nthreads, start)


def _run(deal: Deal, chosen: EquityPlan, options: Options, nthreads: int, start: float) -> EquityResult | HiLoResult:
    """Run the method a plan chose, with the checked options."""
    samples, seed, threads, progress = options.samples, options.seed, options.threads, options.progress
    if chosen.method == "exact":
        counts = exact(deal, chosen.kernel, exact_threads(threads, nthreads, chosen.work), progress)
    else:
        counts = monte_carlo(deal, samples, seed, monte_carlo_threads(threads, nthreads, deal, samples), progress)
    # hold'em's board cards to come are not stud's deck-exhaustion card
    exhausted = deal.game.stud and deal.community == 1
    seconds = time.perf_counter() - start
    return to_result(
        counts, deal.game, chosen.method, seconds=seconds, community=exhausted, plan=chosen.reason, labels=labels(deal)
    )


@dataclass(frozen=True)
class PlannedEquity:
    """A stud question of known cards checked and planned once (:func:`plan_cards`): its deal,
    the dead cards, the options and ``method="auto"``'s plan, to answer with
    :func:`answer_planned` without planning again."""

    deal: Deal
    hands: tuple[tuple[int, ...], ...]
    dead: tuple[int, ...]
    plan: EquityPlan
    options: Options
    nthreads: int


def plan_cards(
    players: Sequence[Sequence[int]],
    *,
    game: str | Game = "seven",
    dead: Sequence[int] = (),
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
) -> PlannedEquity:
    """:func:`plan_equity` of stud players given by their known cards as ints (no ranges),
    keeping the checked question so that :func:`answer_planned` answers it: one check and one
    plan for a caller that decides the method from the plan (the analysis of real hands).

    >>> from studeval.cards import parse_cards
    >>> p = plan_cards([parse_cards("As Ah Kd"), parse_cards("Qc Qd 7s")])
    >>> p.plan.method, round(answer_planned(p).equity[0], 4)
    ('exact', 0.6647)
    """
    question = Question.of(players, game=stud_game(game), board=(), dead=dead)
    if any(question.ranges):  # pragma: no cover - ints name no range
        raise ValueError("plan_cards takes cards, not ranges: use plan_equity")
    deal = question.deal()
    options, nthreads, chosen = plan(deal, Options(samples=samples, seed=seed, threads=threads))
    hands = tuple(tuple(h) for h in question.hands)
    return PlannedEquity(deal, hands, tuple(question.dead), chosen, options, nthreads)


def answer_planned(planned: PlannedEquity, *, method: str | None = None) -> EquityResult | HiLoResult:
    """The answer to a question :func:`plan_cards` planned: by the plan's method, or by
    ``method`` ("exact" or "monte-carlo") chosen from the same estimates, without counting
    the work again. The same answer as :func:`stud_equity` with that method.

    >>> from studeval.cards import parse_cards
    >>> p = plan_cards([parse_cards("As Ah Kd"), parse_cards("Qc"), parse_cards("7s"), parse_cards("9h")], samples=1000, seed=1)
    >>> p.plan.method, answer_planned(p).method, answer_planned(p, method="monte-carlo").deals
    ('monte-carlo', 'monte-carlo', 1000)
    """
    start = time.perf_counter()
    chosen = planned.plan
    if method is not None:
        if method not in ("exact", "monte-carlo"):
            raise ValueError(f"unknown method {method!r}: use one of 'exact', 'monte-carlo'")
        if method == "exact" and chosen.work > EXACT_WORK_LIMIT:
            raise ValueError(
                f"too many deals for an exact answer ({planned.deal.deals():.3g}): use method='monte-carlo'"
            )
        # the estimates are the plan's: only the choice (and its reason) is made again
        chosen = choose(
            method,
            chosen.kernel,
            chosen.work,
            chosen.exact_seconds,
            chosen.monte_carlo_seconds,
            planned.options.samples,
        )
    deal = planned.deal
    if chosen.method == "exact" and deal.game.stud:
        # the direct route of a small heads-up question, as stud_equity takes it
        direct = direct_headsup(planned.hands, deal.game, planned.dead, chosen.reason, start)
        if direct is not None:
            return direct
    return _run(deal, chosen, planned.options, planned.nthreads, start)


def stud_equity(
    players: Sequence[CardsLike],
    *,
    game: str | Game = "seven",
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityResult | HiLoResult:
    """Equities of stud hands: each player given by the cards known of them.

    ``players`` holds one entry of cards per player (text like ``"As Ah Kd"``, or ints): your
    whole hand, or an opponent's up cards; the rest of each hand (as many cards as the game
    deals: 7, or 5 in ``"five"``) comes from the live deck. ``game`` is a stud game of
    :mod:`studeval.games` (a name or an alias). ``dead`` are cards seen and out of play. A
    player's text may start with a range of their hole cards in brackets (``"[KK, QQ+] Kc"``,
    the syntax of :mod:`studeval.ranges`): each hand of the range that no visible or dead card
    blocks is dealt in proportion to its weight; the result is exact when every hand's count
    fits the budget together, else Monte Carlo with hands drawn by weight.
    ``method`` is ``"auto"`` (exact when cheap, else Monte Carlo), ``"exact"`` or
    ``"monte-carlo"``; ``samples`` and ``seed`` drive Monte Carlo (the same seed and thread
    count give the same result: pass ``threads`` too to reproduce a result on another
    machine); ``threads`` defaults to every core, or one for a small job; ``progress``, if
    given, is called with the fraction done between chunks of work.

    A game with one winner per pot gives an :class:`~studeval.equity.EquityResult`; a hi-lo
    game (``"stud8"``, ``"stud_hilo"``) a :class:`~studeval.equity.HiLoResult`. A heads-up
    question in card text with at most two cards to come a player (fifth street on) takes a
    direct route with the same answer in microseconds; for many such questions at once see
    :func:`~studeval.equity.equity_batch`.

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
    low), with the figures of :class:`~studeval.equity.HiLoResult`:

    >>> r = stud_equity(["As 2h 3d", "Kc 7d 8h"], game="razz")
    >>> r.method, round(r.equity[0], 4)
    ('exact', 0.7698)
    >>> r = stud_equity(["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"], game="stud8")
    >>> r.method, [round(x, 4) for x in r.equity], [round(x, 4) for x in r.scoop]
    ('exact', [0.3683, 0.6317], [0.1606, 0.424])
    """
    # a small heads-up question of plain cards is answered directly, the same answer sooner
    direct = small_headsup(players, game, dead, method, samples, seed, threads) if progress is None else None
    if direct is not None:
        return direct
    question = Question.of(players, game=stud_game(game), board=(), dead=dead)
    return answer(question, Options(method, samples, seed, threads, progress))


def holdem_equity(
    hands: Sequence[CardsLike],
    *,
    board: CardsLike = (),
    dead: CardsLike = (),
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
    question = Question.of(hands, game=HOLDEM, board=board, dead=dead)
    result = answer(question, Options(method, samples, seed, threads, progress))
    assert isinstance(result, EquityResult)  # hold'em has one winner per pot
    return result


def plan_equity(
    players: Sequence[CardsLike],
    *,
    game: str | Game = "seven",
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
    question = Question.of(players, game=game, board=board, dead=dead)
    options = Options(method, samples, None, threads)
    if any(question.ranges):
        q = question
        return range_equity(q.hands, q.ranges, q.game, q.dead, options=options, board=q.board, run=False)[0]
    return plan(question.deal(), options)[2]


def equity_table(
    matchups: Sequence[Sequence[CardsLike]],
    *,
    game: str | Game = "seven",
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
    method, samples, seed = check_options(method, samples, seed, progress)
    nthreads = check_threads(threads)
    if isinstance(matchups, (str, bytes)) or not isinstance(matchups, Sequence):
        raise TypeError(f"matchups must be a sequence of match-ups (each a list of players), got {matchups!r}")
    if not 1 <= len(matchups) <= MAX_MATCHUPS:
        raise ValueError(f"matchups must hold 1 to {MAX_MATCHUPS} match-ups, got {len(matchups)}")
    inner = 1 if len(matchups) > 1 else threads
    questions: list[Question] = []
    plans: list[EquityPlan] = []
    for k, players in enumerate(matchups, 1):
        try:
            questions.append(Question.of(players, game=game, board=board, dead=dead))
            plans.append(
                plan_equity(players, game=game, board=board, dead=dead, method=method, samples=samples, threads=inner)
            )
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"matchup {k}: {exc}") from None
    streams = np.random.SeedSequence(seed).spawn(len(matchups))
    first: dict[str, int] = {}  # each distinct question, by its text, to the first match-up asking it
    for k, players in enumerate(matchups):
        first.setdefault(repr(players), k)

    def run(k: int) -> EquityResult | HiLoResult:
        seed_k = int(streams[k].generate_state(1)[0])
        r = answer(questions[k], Options(plans[k].method, samples, seed_k, inner))
        return replace(r, plan=plans[k].reason)

    distinct = sorted(set(first.values()))
    answers: dict[int, EquityResult | HiLoResult] = {}
    pool = ThreadPoolExecutor(min(nthreads, len(distinct)))  # the kernels release the GIL
    try:
        futures = {pool.submit(run, k): k for k in distinct}
        for done, future in enumerate(as_completed(futures), 1):
            answers[futures[future]] = future.result()
            if progress:
                progress(done / len(distinct))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return EquityTable(answers[first[repr(players)]] for players in matchups)
