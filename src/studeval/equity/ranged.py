"""Ranges of hole cards in an equity question: every combination of the ranged players' hands,
counted exactly one by one, or dealt by Monte Carlo in proportion to its weight.

Each combination of the players' hands that shares no card (and holds no visible or dead
card) is dealt with the product of the hands' weights. Exact: each combination's own count
(:mod:`studeval.equity.exact`), weighted. Monte Carlo over a few combinations: each gets its
deals by one multinomial draw, then the Monte Carlo run; over many: draws of hands, each dealt
a few times by the kernel, with importance weights when the combinations cannot be listed.

>>> from studeval.games import get_game
>>> from studeval.ranges import parse_player
>>> r, up = parse_player("[KK, QQ+] Kc")
>>> plan, result = range_equity([[51, 50, 45], up], [None, r], get_game("seven"), [],
...                             options=Options(method="exact", samples=1, threads=1))
>>> plan.method, round(result.equity[0], 4)
('exact', 0.5597)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from studeval import _equity
from studeval.equity.counts import Counts, to_result
from studeval.equity.deal import Deal, KernelArrays, Options, check_disjoint, holdem_deal, kernel, stud_deal
from studeval.equity.exact import exact
from studeval.equity.montecarlo import monte_carlo
from studeval.equity.plan import (
    EXACT_WORK_LIMIT,
    SECONDS_PER_UNIT,
    EquityPlan,
    choose,
    count_work,
    exact_seconds,
    exact_threads,
    monte_carlo_seconds,
)
from studeval.equity.result import EquityResult, HiLoResult
from studeval.games import Game
from studeval.ranges import HoleRange

__all__ = ["range_equity"]

# Ranges: the Python work of one hand's count, in the units of count_work; the most
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


def range_equity(
    hands: list[list[int]],
    ranges: list[HoleRange | None],
    game: Game,
    dead: list[int],
    *,
    options: Options,
    board: list[int] | None = None,
    run: bool = True,
) -> tuple[EquityPlan, EquityResult | HiLoResult | None]:
    """Equities when some players' hole cards are ranges: each combination of their hands
    (no card shared, none visible or dead) weighted by the product of the hands' weights.
    Hold'em: ``board`` given (maybe empty), the hands of ``holdem_equity``. Returns the
    plan and (``run``) the result."""
    start = time.perf_counter()
    options, nthreads = options.checked()
    method, samples, seed, threads, progress = (
        options.method, options.samples, options.seed, options.threads, options.progress
    )  # fmt: skip
    check_disjoint(hands, dead, board)
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

    def deal_for(combos: Sequence[tuple[int, ...]]) -> Deal:
        known = [list(h) for h in hands]
        for (i, _), combo in zip(ranged, combos, strict=True):
            known[i] = list(combo) + known[i]
        return stud_deal(known, game, dead) if board is None else holdem_deal(known, board, dead)

    size = math.prod(len(live) for _, live in ranged)
    joints = _joints(ranged) if size <= _RANGE_MAX_HANDS else None
    found = bool(len(joints[1])) if joints is not None else _one_deal(ranged)
    if found is False:
        raise ValueError("the players' ranges cannot be dealt together: every combination of their hands shares a card")
    P = len(hands)
    if joints is not None:
        picks, weights = joints
        first = deal_for(_hands_of(ranged, picks[0]))
        kind, work = count_work(first)
        total = len(weights) * (work + _RANGE_CALL_WORK)
        if method == "exact" and total > EXACT_WORK_LIMIT:
            raise ValueError(
                f"too much work for an exact answer over {len(weights)} combinations of hands: use method='monte-carlo'"
            )
        inner = exact_threads(threads, nthreads, work)
        # every combination is one count; Monte Carlo deals them in one call per combination
        exact_s = len(weights) * exact_seconds(kind, work, inner, first.game.hilo)
        mc_s = monte_carlo_seconds(first, samples, 1) + min(len(weights), samples) * SECONDS_PER_UNIT["call"]
        plan = choose(method, kind, total, exact_s, mc_s, samples)
        plan = replace(plan, reason=f"{plan.reason} ({len(weights):,} combinations of hands)")
        if not run:
            return plan, None
        if plan.method == "exact":
            return plan, replace(
                _range_exact(ranged, joints, deal_for, game, P, inner, progress, start), plan=plan.reason
            )
    elif method == "exact":
        raise ValueError(f"too many combinations of hands for an exact answer ({size:.3g}): use method='monte-carlo'")
    else:
        why = f"{size:.3g} combinations of hands, too many to count each"
        plan = EquityPlan("monte-carlo", "enumerate", 0, math.inf, math.nan, f"Monte Carlo: {why}")
        if not run:
            return plan, None
    if joints is not None and len(joints[1]) <= min(_RANGE_MAX_GROUPS, samples // _RANGE_DEALS_PER_DRAW):
        inner = nthreads if threads is not None else 1
        result = _range_monte_carlo(ranged, joints, deal_for, game, P, samples, seed, inner, progress, start)
    else:
        out = dead + (board or [])  # the cards no draw deals
        result = _range_draws(ranged, joints, found, deal_for, hands, out, P, samples, seed, progress, start, game)
    return plan, replace(result, plan=plan.reason)


# each ranged player (by index) with their hands and the weights as ratios to the heaviest
_Ranged = list[tuple[int, list[tuple[tuple[int, ...], float]]]]
_DealFor = Callable[[Sequence[tuple[int, ...]]], Deal]
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
    game: Game,
    P: int,
    threads: int,
    progress: Callable[[float], None] | None,
    start: float,
) -> EquityResult | HiLoResult:
    """Each combination of hands counted exactly; every figure the weighted mean of the
    combinations'."""
    picks, weights = joints
    # the weighted sums of each figure
    sums: dict[str, np.ndarray[Any, np.dtype[np.float64]]] = {}
    deals = 0
    community = False
    for k, (row, weight) in enumerate(zip(picks, weights.tolist(), strict=True), 1):
        if weight > 0:  # else too light for a float to hold its share
            deal = deal_for(_hands_of(ranged, row))
            count, _ = count_work(deal)
            counts = exact(deal, count, threads, None)
            r = to_result(counts, game, "exact", seconds=0.0, community=deal.community == 1)
            figures: dict[str, Any] = (
                {"equity": r.equity, "high": r.high, "low": r.low, "scoop": r.scoop, "no_low": r.no_low}
                if isinstance(r, HiLoResult)
                else {"equity": r.equity, "win": r.win, "tie": r.tie}
            )
            for f, x in figures.items():
                sums[f] = sums.get(f, np.zeros(P)) + weight * np.array(x, dtype=float)
            deals += counts.deals
            community = community or r.community_card
        if progress:
            progress(k / len(weights))
    total_weight = float(weights.sum())  # at least the heaviest combination's, about 1

    def mean(f: str) -> tuple[float, ...]:
        return tuple((sums[f] / total_weight).tolist())

    common: dict[str, Any] = {"stderr": (0.0,) * P, "deals": deals, "method": "exact", "community_card": community}
    common["seconds"] = time.perf_counter() - start
    if game.hilo:
        return HiLoResult(
            equity=mean("equity"),
            high=mean("high"),
            low=mean("low"),
            scoop=mean("scoop"),
            no_low=mean("no_low")[0],
            **common,
        )
    return EquityResult(equity=mean("equity"), win=mean("win"), tie=mean("tie"), **common)


def _range_monte_carlo(
    ranged: _Ranged,
    joints: _Joints,
    deal_for: _DealFor,
    game: Game,
    P: int,
    samples: int,
    seed: int | None,
    threads: int,
    progress: Callable[[float], None] | None,
    start: float,
) -> EquityResult | HiLoResult:
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
    counted = Counts(P, game.hilo)
    community = False
    for g, j in enumerate(dealt.tolist()):
        deal = deal_for(_hands_of(ranged, picks[j]))
        counted.add(monte_carlo(deal, int(counts[j]), int(seeds[g].generate_state(1)[0]), threads, None))
        community = community or deal.community == 1
        if progress:
            progress((g + 1) / len(dealt))
    return to_result(counted, game, "monte-carlo", seconds=time.perf_counter() - start, community=community)


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
    game: Game,
) -> EquityResult | HiLoResult:
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
    hilo = game.hilo
    code = kernel(game)
    fields = ("equity", "win", "tie", "high", "low", "no_low") if hilo else ("equity", "win", "tie")
    # sums over the draws of a * x (each field), and of a**2, a**2 x, a**2 x**2 (the equity),
    # with a = exp(log weight - top) * deals: top the highest log weight so far
    top, total = -math.inf, 0.0
    sums = {f: np.zeros(P) for f in fields}
    square, square_x, square_xx = 0.0, np.zeros(P), np.zeros(P)
    dealt = drawn = live_draws = 0
    arrays: KernelArrays | None = None
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
                arrays, community = deal.arrays(), deal.community
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
            x = {f: hl[:, :, c] / n for c, f in enumerate(("equity", "win", "tie", "high", "low", "no_low"))}
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
    common: dict[str, Any] = {
        "equity": tuple(e.tolist()),
        "stderr": tuple(np.sqrt(spread * live_draws / max(live_draws - 1, 1)).tolist()),
        "deals": dealt,
        "method": "monte-carlo",
        "seconds": time.perf_counter() - start,
        "community_card": community == 1,
    }
    figure = {f: tuple(x.tolist()) for f, x in mean.items()}
    if hilo:
        no_low = figure["no_low"][0]  # a fact of the deal: every player's column holds it
        return HiLoResult(high=figure["high"], low=figure["low"], scoop=figure["win"], no_low=no_low, **common)
    return EquityResult(win=figure["win"], tie=figure["tie"], **common)
