"""The cost model: which exact count applies to a deal, its work, and ``method="auto"``'s choice.

Every way of counting is measured in units of work (hand evaluations, or table updates of
the heads-up counts; Monte Carlo: per deal, the cards drawn plus the hands evaluated), each
unit priced by :data:`SECONDS_PER_UNIT`; ``"auto"`` counts exactly unless that is much slower
than sampling.

>>> from studeval.equity.deal import stud_deal
>>> from studeval.games import get_game
>>> deal = stud_deal([[51, 50, 45], [43, 42, 23]], get_game("seven"), [])
>>> count_work(deal)
('headsup', 8159250)
>>> choose("auto", "headsup", 8159250, 0.1, 0.3, 10**6).method
'exact'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from studeval import _core, _multiway, _unseen
from studeval.equity.deal import Deal, Options
from studeval.kinds import get_kind

__all__ = [
    "AUTO_EXACT_GRACE",
    "AUTO_EXACT_RATIO",
    "EXACT_WORK_LIMIT",
    "HEADSUP_MAX_COMPLETIONS",
    "HILO_ENUMERATE_WORK",
    "SECONDS_PER_UNIT",
    "EquityPlan",
    "choose",
    "count_work",
    "exact_seconds",
    "exact_threads",
    "headsup_roles",
    "headsup_runs",
    "monte_carlo_seconds",
    "monte_carlo_threads",
    "plan",
    "settings",
    "unseen_roles",
]

#: Seconds per unit of work on one core, per way of counting (the units of :func:`count_work`:
#: hand evaluations, or table updates of the heads-up counts; Monte Carlo: per deal, the
#: cards drawn plus the hands evaluated), and of the Python work around one count (``"call"``:
#: one combination of a range's hands). Measured by ``python tools/measure_costs.py`` (the
#: median over a few queries each, one thread, best of three) on the 2-core development
#: machine, quiet (2026-12-02; under load every figure about doubles); ``method="auto"`` compares the estimates with
#: each other, so only the ratios matter on another machine.
SECONDS_PER_UNIT = {
    "headsup": 6.0e-09,
    "unseen": 7.7e-10,
    "enumerate": 4.0e-09,
    "threeway": 3.0e-09,
    "monte-carlo": 8.3e-09,
    "call": 2.5e-04,
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
#: Hi-lo heads-up enumerates (scoops counted) up to this work (fifth street and later).
HILO_ENUMERATE_WORK = 2_000_000
# Work below which threads=None runs on one thread.
_SMALL_JOB = 30_000_000
# The rank-multiset count keeps tables of the classes of up to this many shared cards.
_UNSEEN_MAX_SHARED = 4
# The rank-multiset count's scoops in one-key counts, by Game.low_qualifies: their times
# against the high hands' count, third and fourth street, one or two up cards or none.
# Ace-to-five, the two-key count (thousands of lows, about 12 levels): 2 to 11 (2026-12-01).
# Eight or better, the high hands' count against B's hands with a low (in the same sweep) and
# the two-key count of the pairs where both have one: 2, so that the whole pot is priced at 3.1
# times seven card stud's count, measured at 2.5 to 3.3 (CPU, one thread, third street against
# a door card or none, fourth against two up cards; 2026-12-02).
_UNSEEN_SCOOP_RUNS = {True: 2, False: 7}
# A flush pattern's cost in the rank-multiset count's units: about 1 us a pattern against
# 0.6 ns a unit, both fitted on third street against a door card and against no known card
# (seven card stud; razz has no flushes and gives the unit alone), 2026-12-01.
_FLUSH_PATTERN_UNITS = 1500
# The rank-multiset count's tables cost about 0.15 ms to set up whatever the deal, more than
# a late street's whole heads-up count (seventh street against fifth: 0.2 ms against 0.08 ms
# in all, 2026-12-02): in its units.
_UNSEEN_SETUP_UNITS = 200_000
_KERNEL_NAMES = {
    "headsup": "the heads-up count",
    "unseen": "the count against unseen down cards",
    "enumerate": "every deal enumerated",
    "threeway": "the three-way count",
}


@dataclass(frozen=True)
class EquityPlan:
    """How an equity question is answered, and why: ``method="auto"``'s choice.

    ``method`` is ``"exact"`` or ``"monte-carlo"``; ``kernel`` the exact count that applies
    (``"headsup"``, ``"unseen"``, ``"threeway"`` or ``"enumerate"``) and ``work`` its units (over every
    combination of a range's hands); ``exact_seconds`` and ``monte_carlo_seconds`` the
    estimates from :data:`SECONDS_PER_UNIT` for the exact count and for the samples asked;
    ``reason`` says it in a line (an equity result carries it as ``plan``).
    """

    method: str
    kernel: str
    work: int
    exact_seconds: float
    monte_carlo_seconds: float
    reason: str


def headsup_runs(deal: Deal) -> int:
    """The one-key heads-up counts a pot takes: one per evaluator kind of the pot, and two
    more for the pairs where nobody has a qualifying low (the high then takes it all). (A
    hi-lo pot takes a two-key count too, for the scoops.)"""
    return len(deal.game.pot) + 2 * deal.game.low_qualifies


def count_work(deal: Deal) -> tuple[str, int]:
    """The exact method that applies and its work (hand evaluations or table updates)."""
    if deal.players == 2 and deal.community == 0:
        completions = [math.comb(len(deal.live), r) for r in deal.draws]
        s = min(deal.draws)
        subsets = [sum(math.comb(r, k) for k in range(s + 1)) for r in deal.draws]
        options = []
        if max(completions) <= HEADSUP_MAX_COMPLETIONS:
            a, b = headsup_roles(deal)
            runs = headsup_runs(deal)
            work = runs * (completions[b] * subsets[b] + 2 * completions[a] * subsets[a] + sum(completions))
            options.append((work + (_scoops_work(deal) if deal.game.hilo else 0), "headsup"))
        # the rank-multiset count knows high hands and ace-to-five lows, of hands with no card
        # in common (hold'em's hands share the board: the card-subset count takes those)
        disjoint = not set(deal.known[0]) & set(deal.known[1])
        # the rank-multiset count knows high hands, ace-to-five lows (which ignore suits), and
        # hi-lo pots of the two (eight or better or not); a low where suits count (2-7:
        # flushes) is counted card by card
        if (
            all(code in _unseen.KINDS for code in deal.game.pot_codes)
            and disjoint
            and s <= _UNSEEN_MAX_SHARED
            and min(completions) <= HEADSUP_MAX_COMPLETIONS
        ):
            options.append((_unseen_work(deal), "unseen"))
        if options:
            work, kernel = min(options)
            enumerate_work = deal.deals() * deal.players
            # hi-lo: enumeration also counts the scoops, so it is kept while it stays cheap
            if deal.game.hilo and enumerate_work <= max(work, HILO_ENUMERATE_WORK):
                return "enumerate", enumerate_work
            return kernel, work
    enumerate_work = deal.deals() * deal.players
    threeway = _threeway_work(deal)
    if threeway is not None and (
        SECONDS_PER_UNIT["threeway"] * threeway < SECONDS_PER_UNIT["enumerate"] * enumerate_work
    ):
        return "threeway", threeway
    return "enumerate", enumerate_work


# The two-key count (hi-lo scoops, ``_equity.headsup_dominance``) in the heads-up count's
# units, fitted to its times against the one-key count's on third and fourth street, one up
# card to three (2026-12-01): a sweep per digit of the second key (one for the
# eight-or-better low, two for the ace-to-five low), each inserting the inserted side's
# subset rows once and querying the queried side's three times (a query sums up to a
# quarter of a row's ~60-80 columns: about two units).
_SCOOP_DIGITS = {True: 1, False: 2}  # by Game.low_qualifies


def _scoops_work(deal: Deal) -> int:
    """The two-key count's work: per digit a sweep (the inserted side's subset rows, the
    queried side's row sums), the pairs of completions holding s - 1 shared cards when both
    sides draw s, the s-card subsets compared one by one, and both sides' completions."""
    n = len(deal.live)
    a, b = headsup_roles(deal)
    ra, rb = deal.draws[a], deal.draws[b]
    s = min(ra, rb)
    pairs = ra == rb and s > 0
    top = s - 1 if pairs else s
    inserted = math.comb(n, rb) * sum(math.comb(rb, k) for k in range(top))
    queried = math.comb(n, ra) * sum(math.comb(ra, k) for k in range(top))
    paired = math.comb(n, s - 1) * (n - s + 1) ** 2 // 8 if pairs else 0
    y = max(ra, rb)  # the other side of the one drawing s cards: its subsets up to s built
    nested = math.comb(n, y) * sum(math.comb(y, k) for k in range(s + 1)) // 2
    sweeps = _SCOOP_DIGITS[deal.game.low_qualifies] * (inserted + 6 * queried)
    return sweeps + paired + nested + 2 * (math.comb(n, ra) + math.comb(n, rb))


# The hi-lo pots the three-way count knows: the high hand against the eight-or-better low
# (stud8) or the ace-to-five low (stud_hilo).
_THREEWAY_HILO_POTS = ((_core.KIND_HIGH, _core.KIND_LOW8), (_core.KIND_HIGH, _core.KIND_LOW))


def _threeway_work(deal: Deal) -> int | None:
    """The three-way count's work (table reads, ``_multiway.threeway_work``; a hi-lo pot's
    counts, ``_multiway.threeway_hilo_work``), or None where it does not apply: three stud
    players, a pot decided by one evaluator kind the kernel knows or a hi-lo pot of the high
    hand and the eight-or-better or ace-to-five low, every completion list and the work
    within its bounds. (Three players never exhaust the deck: no community card.)"""
    pot = deal.game.pot_codes
    if deal.players != 3 or not deal.game.stud or deal.community:
        return None
    hilo = pot in _THREEWAY_HILO_POTS
    if not hilo and (len(pot) != 1 or pot[0] not in _multiway.KINDS):
        return None
    n = len(deal.live)
    if max(math.comb(n, r) for r in deal.draws) > _multiway.MAX_COMPLETIONS:
        return None
    if hilo:
        work = _multiway.threeway_hilo_work(n, deal.draws, deal.game.low_qualifies)
        return work if work <= _multiway.MAX_HILO_WORK else None
    work = _multiway.threeway_work(n, deal.draws)
    return work if work <= _multiway.MAX_WORK else None


def unseen_roles(deal: Deal) -> tuple[int, int]:
    """(queried, counted by rank multiset): the side with more completions is aggregated."""
    return (0, 1) if deal.draws[1] >= deal.draws[0] else (1, 0)


def _unseen_work(deal: Deal) -> int:
    """The rank-multiset count's work in the card-subset count's units (measured: about 3e7
    for third street against a door card): the queried side's completions and their subsets,
    plus the other side's rank multisets and their sub-multisets; a hi-lo pot takes a count
    per kind, and for its scoops the two-key count (a restricted sweep per level of its divide
    and conquer over the lows) or, eight or better, a count against the hands with a low and
    the two-key count of the pairs where both have one (two sweeps).
    Each count of high hands also moves every flush pattern of the aggregated side on its own
    (:data:`_FLUSH_PATTERN_UNITS` each): against a door card some 90,000 patterns, against
    no known card 400,000, the most of that count's time."""
    a, b = unseen_roles(deal)
    ra, rb = deal.draws[a], deal.draws[b]
    s = min(ra, rb)
    subsets = [sum(math.comb(r, k) for k in range(s + 1)) for r in (ra, rb)]
    runs = len(deal.game.pot)
    if deal.game.hilo:
        runs += _UNSEEN_SCOOP_RUNS[deal.game.low_qualifies]
    work = _UNSEEN_SETUP_UNITS + runs * (
        8 * math.comb(len(deal.live), ra) * subsets[0] + 4 * math.comb(12 + rb, rb) * subsets[1]
    )
    suitless = sum(get_kind(kind).suitless for kind in deal.game.pot)
    if suitless < len(deal.game.pot):
        high_runs = runs - suitless  # every count but the lows' compares high hands
        work += high_runs * _FLUSH_PATTERN_UNITS * _flush_patterns(deal.known[b], rb, deal.live)
    return work


def _flush_patterns(known: list[int], draws: int, live: list[int]) -> int:
    """The flush patterns of a side with ``known`` cards drawing ``draws`` from ``live``: per
    suit, the sets of its live cards that make five of the suit with the known ones, each
    with every rank multiset of the other cards."""
    total = 0
    for suit in range(4):
        have = sum(1 for c in known if c & 3 == suit)
        left = sum(1 for c in live if c & 3 == suit)
        for j in range(max(0, 5 - have), draws + 1):
            total += math.comb(left, j) * math.comb(12 + draws - j, draws - j)
    return total


def headsup_roles(deal: Deal) -> tuple[int, int]:
    """(queried, inserted): the side with the costlier subset lists is inserted once only."""
    n = len(deal.live)
    s = min(deal.draws)
    cost = [math.comb(n, r) * sum(math.comb(r, k) for k in range(s + 1)) for r in deal.draws]
    return (0, 1) if cost[1] >= cost[0] else (1, 0)


def exact_threads(threads: int | None, nthreads: int, work: int) -> int:
    """The threads of an exact count: a job of a few milliseconds is over before a second
    thread pays for itself."""
    return 1 if threads is None and work < _SMALL_JOB else nthreads


def monte_carlo_threads(threads: int | None, nthreads: int, deal: Deal, samples: int) -> int:
    """The threads of a Monte Carlo run: one for a small job unless asked, never more than deals."""
    return 1 if threads is None and samples * deal.players < _SMALL_JOB // 16 else max(1, min(nthreads, samples))


def exact_seconds(kernel: str, work: int, threads: int, hilo: bool = False) -> float:
    """The estimated wall time of an exact count (the count against unseen cards is one thread;
    a hi-lo pot's counts of it run side by side, on two threads at most: they are three or
    four, one or two of them the longest)."""
    share = threads if kernel != "unseen" else min(threads, 2) if hilo else 1
    return SECONDS_PER_UNIT[kernel] * work / share + SECONDS_PER_UNIT["call"]


def _monte_carlo_units(deal: Deal, samples: int) -> int:
    """Monte Carlo's work: per deal, the cards drawn and the hands evaluated (hi-lo: two each)."""
    return samples * (deal.players * len(deal.game.pot) + sum(deal.draws) + deal.community)


def monte_carlo_seconds(deal: Deal, samples: int, threads: int) -> float:
    """The estimated wall time of ``samples`` Monte Carlo deals on ``threads`` threads."""
    return SECONDS_PER_UNIT["monte-carlo"] * _monte_carlo_units(deal, samples) / threads + SECONDS_PER_UNIT["call"]


def choose(method: str, kernel: str, work: int, exact_s: float, mc_s: float, samples: int) -> EquityPlan:
    """The method for ``method`` ("auto": exact unless much slower than Monte Carlo)."""
    count = f"{_KERNEL_NAMES[kernel]}, {_duration(exact_s)}"
    sampled = f"{samples:,} Monte Carlo deals, {_duration(mc_s)}"
    if method == "exact":
        return EquityPlan("exact", kernel, work, exact_s, mc_s, f"exact, as asked: {count}")
    if method == "monte-carlo":
        return EquityPlan("monte-carlo", kernel, work, exact_s, mc_s, f"Monte Carlo, as asked: {sampled}")
    if work <= EXACT_WORK_LIMIT and exact_s <= max(AUTO_EXACT_RATIO * mc_s, AUTO_EXACT_GRACE):
        return EquityPlan("exact", kernel, work, exact_s, mc_s, f"auto chose exact: {count}, against {sampled}")
    return EquityPlan("monte-carlo", kernel, work, exact_s, mc_s, f"auto chose Monte Carlo: {sampled}, against {count}")


def _duration(seconds: float) -> str:
    """A time estimate in words: ``about 0.12 s``, ``about 35 min``, ``more than a year``."""
    for unit, size in (("s", 1), ("min", 60), ("h", 3600), ("days", 86400)):
        if seconds < 99.5 * size or unit == "days" and seconds < 365 * size:
            return f"about {seconds / size:.2g} {unit}"
    return "more than a year"


def plan(deal: Deal, options: Options) -> tuple[Options, int, EquityPlan]:
    """The options checked as every equity function checks them, and the plan:
    (the options checked, the threads, the plan)."""
    options, nthreads = options.checked()
    method, samples, threads = options.method, options.samples, options.threads
    kernel, work = count_work(deal)
    # a hi-lo pot three-way is several counts, within the kernel's own bound (third street
    # eight or better: about a minute of CPU)
    limit = _multiway.MAX_HILO_WORK if kernel == "threeway" and deal.game.hilo else EXACT_WORK_LIMIT
    if method == "exact" and work > limit:
        raise ValueError(f"too many deals for an exact answer ({deal.deals():.3g}): use method='monte-carlo'")
    exact_s = exact_seconds(kernel, work, exact_threads(threads, nthreads, work), deal.game.hilo)
    mc_s = monte_carlo_seconds(deal, samples, monte_carlo_threads(threads, nthreads, deal, samples))
    return options, nthreads, choose(method, kernel, work, exact_s, mc_s, samples)


def settings() -> tuple[object, ...]:
    """Every figure of this module a plan reads: a plan kept by a question's shape is good while
    this is unchanged (the direct route of small questions keeps them; tests change figures)."""
    return (
        tuple(SECONDS_PER_UNIT.items()),
        AUTO_EXACT_RATIO,
        AUTO_EXACT_GRACE,
        EXACT_WORK_LIMIT,
        HEADSUP_MAX_COMPLETIONS,
        HILO_ENUMERATE_WORK,
        _SMALL_JOB,
        _UNSEEN_MAX_SHARED,
        _unseen.KINDS,
        tuple(_UNSEEN_SCOOP_RUNS.items()),
        _FLUSH_PATTERN_UNITS,
        _UNSEEN_SETUP_UNITS,
    )
