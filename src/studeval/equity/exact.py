"""Exact counts: the heads-up count, the count against unseen down cards, the three-way
count, and enumeration.

* heads-up, every street: each player's completions evaluated once and the disjoint pairs
  counted by inclusion-exclusion over the cards they would share, one evaluator kind (key) at
  a time; a hi-lo pot is a sum of such counts, and its scoops the same count on two keys at
  once (:func:`headsup_hilo`);
* heads-up against many unknown cards (high hands, ace-to-five and eight-or-better lows, and
  so hi-lo pots): that side counted by rank multiset, its flushes corrected suit by suit
  (``studeval._unseen``; a hi-lo pot by :func:`unseen_hilo`);
* three players, one kind of pot (seven and five card stud, razz, 2-7 razz), every street:
  the three-way count (``studeval._multiway``, the same inclusion-exclusion over the pairs of
  the other two players' completions that avoid each fixed completion);
* otherwise every deal enumerated.

>>> from studeval.equity.deal import stud_deal
>>> from studeval.games import get_game
>>> deal = stud_deal([[51, 50, 45, 0, 4, 8], [43, 42, 23, 21, 25, 29]], get_game("seven"), [])
>>> c = exact(deal, "headsup", 1, None)
>>> c.deals, c.wins.tolist()
(1560, [630, 930])
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any

import numpy as np

from studeval import _equity, _multiway, _unseen
from studeval.equity.counts import NOLOW, Counts
from studeval.equity.deal import Deal, kernel
from studeval.equity.plan import (
    SECONDS_PER_UNIT,
    count_work,
    headsup_roles,
    unseen_roles,
)

__all__ = [
    "exact",
    "headsup",
    "headsup_hilo",
    "headsup_scoops",
    "threeway",
    "threeway_hilo",
    "unseen",
    "unseen_hilo",
    "unseen_scoops",
]

# Seconds between progress reports of a count that cannot report by itself.
PROGRESS_POLL = 0.05
# The pairs where nobody has a qualifying low, by two one-key counts: a qualifying hand of one
# side put out of every comparison with the other (the queried side's out-of-class hands at
# the bottom, the inserted side's at the top: the sweep skips both).
_NOLOW_RUNS: list[tuple[int | str, int | str, int | None]] = [
    ("nolow_min", "nolow_max", 0),
    ("nolow_max", "nolow_min", 1),
]


def headsup(
    deal: Deal,
    threads: int,
    key0: int | str,
    key1: int | str,
    queried: int | None = None,
    cancel: np.ndarray[Any, np.dtype[np.int32]] | None = None,
) -> tuple[int, int, int]:
    """(player 0 wins, player 1 wins, ties) of the heads-up count, each player's completions
    compared by their key; the kernel's roles (who is queried, who inserted) chosen for speed
    unless ``queried`` names the player queried; ``cancel``: a stop flag shared by counts."""
    live, known, nknown, draws, _ = deal.arrays()
    a, b = headsup_roles(deal) if queried is None else (queried, 1 - queried)
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


def headsup_scoops(
    deal: Deal, threads: int, cancel: np.ndarray[Any, np.dtype[np.int32]] | None = None
) -> tuple[int, int]:
    """(player 0 beats player 1 on both keys of the hi-lo pot, player 1 beats player 0 on
    both) over the disjoint pairs of completions: the two-key count (a tie on either key, or
    two hands without a qualifying low, counts for neither); roles as for :func:`headsup`."""
    live, known, nknown, draws, _ = deal.arrays()
    a, b = headsup_roles(deal)
    keys = _equity.KEYS
    high, low = deal.game.pot_codes
    wa, wb = _equity.headsup_dominance(
        live,
        known[a, : nknown[a]].copy(),
        int(draws[a]),
        known[b, : nknown[b]].copy(),
        int(draws[b]),
        keys[high],
        keys[low],
        threads,
        cancel,
    )
    wins = [0, 0]
    wins[a], wins[b] = int(wa), int(wb)
    return wins[0], wins[1]


def headsup_hilo(deal: Deal, threads: int, progress: Callable[[float], None] | None = None) -> Counts:
    """A hi-lo pot heads-up by one-key counts and one two-key count. Over the pairs of
    completions, player 0's pot share is half the high (wins plus half the ties) plus half
    the low; with a qualifier (eight or better: a key of the low plus one, so "no low" ties
    "no low"; those ties are no low half and come off) also half the high again over the
    pairs where nobody has a low (the high half becomes the whole pot). A player scoops where
    they beat the other on both keys (the two-key count), or on the high with nobody having a
    low (the first no-low count); heads-up, a player takes nothing exactly where the other
    scoops, so the rest of the pairs are split pots.

    >>> from studeval.cards import parse_cards
    >>> from studeval.equity.deal import stud_deal
    >>> from studeval.games import get_game
    >>> hands = [parse_cards("As 2d 3c"), parse_cards("Kh 7d 8s")]
    >>> c = headsup_hilo(stud_deal(hands, get_game("stud8"), []), 1)
    >>> c.deals, c.hilo[:, 1].tolist()   # the pairs of completions, each player's scoops
    (18265297050, [7880135742, 4563263438])
    """
    high, low = deal.game.pot_codes
    runs: list[tuple[int | str, int | str, int | None]] = [(high, high, None), (low, low, None)]
    if deal.game.low_qualifies:
        runs += _NOLOW_RUNS
    # The counts run on worker threads (side by side when there are threads for it) while
    # this thread waits: it reports progress within each count by its time so far against
    # the count's expected time (the cost model's until a count is done, then the measured
    # one; at most 90 % until done), and an interruption (Ctrl-C) here sets the stop flag
    # they share, so they stop within milliseconds.
    cancel = np.zeros(1, dtype=np.int32)
    started: dict[int, float] = {}
    ended: dict[int, float] = {}

    jobs = len(runs) + 1  # the one-key counts, then the two-key count

    def count(k: int) -> tuple[int, ...]:
        started[k] = time.perf_counter()
        result = headsup(deal, 1, *runs[k], cancel) if k < len(runs) else headsup_scoops(deal, 1, cancel)
        ended[k] = time.perf_counter()
        return result

    expected = SECONDS_PER_UNIT["headsup"] * count_work(deal)[1] / jobs
    pool = ThreadPoolExecutor(min(threads, jobs))
    try:
        # the two-key count, the longest, first: the one-key counts share the other threads
        submitted = {k: pool.submit(count, k) for k in (jobs - 1, *range(jobs - 1))}
        futures = [submitted[k] for k in range(jobs)]
        reported = 0.0
        pending = set(futures)
        while True:
            # woken by each count's end, and between ends every poll
            pending = wait(pending, timeout=PROGRESS_POLL if progress else None, return_when=FIRST_COMPLETED).not_done
            if progress:
                now = time.perf_counter()
                if ended:
                    expected = max(ended[k] - started[k] for k in ended)
                shares = [
                    1.0 if k in ended else min((now - started[k]) / max(expected, 1e-9), 0.9) if k in started else 0.0
                    for k in range(jobs)
                ]
                fraction = sum(shares) / jobs
                if fraction > reported:
                    reported = fraction
                    progress(fraction)
            if not pending:
                break
        done = [f.result() for f in futures]
    except BaseException:
        cancel[0] = 1
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    nolow = (0, 0, 0)
    if deal.game.low_qualifies:
        (nw0, _, nt), (_, nw1, _) = done[2:-1]
        nolow = (nw0, nw1, nt)
    (hw0, hw1, ht), (lw0, lw1, lt) = done[:2]
    both0, both1 = done[-1]
    return _hilo_pot((hw0, hw1, ht), (lw0, lw1, lt), nolow, (both0, both1))


def _hilo_pot(
    high: tuple[int, int, int], low: tuple[int, int, int], nolow: tuple[int, int, int], both: tuple[int, int]
) -> Counts:
    """A heads-up hi-lo pot from three one-key counts, each (player 0 wins, player 1 wins,
    ties) over the pairs of completions: the high hands, the lows (no low tying no low), and
    the high hands of the pairs where nobody has a qualifying low (none without a qualifier);
    and the two-key count ``both`` (each player beating the other on both keys)."""
    (hw0, hw1, ht), (lw0, lw1, lt), (nw0, nw1, nt) = high, low, nolow
    nolow_pairs = nw0 + nw1 + nt
    half, quarter = _equity.HILO_SHARE_UNIT // 2, _equity.HILO_SHARE_UNIT // 4
    c = Counts(2, hilo=True)
    assert c.hilo is not None
    c.deals = hw0 + hw1 + ht
    scoops = (both[0] + nw0, both[1] + nw1)
    for p, (hw, nw, lw) in enumerate(((hw0, nw0, lw0), (hw1, nw1, lw1))):
        c.hilo[p, 0] = half * (hw + nw + lw) + quarter * (ht + nt + lt - nolow_pairs)
        c.hilo[p, 1] = scoops[p]
        c.hilo[p, 2] = c.deals - scoops[0] - scoops[1]
        c.hilo[p, 3] = hw + ht
        c.hilo[p, 4] = lw + lt - nolow_pairs
        c.hilo[p, NOLOW] = nolow_pairs
    return c


def _unseen_count(deal: Deal, count: Callable[..., Any], *args: object) -> Any:
    """``count`` of ``studeval._unseen`` on the deal, A and B as :func:`unseen_roles` has them
    (the side with more completions counted by rank multiset)."""
    live, known, nknown, draws, _ = deal.arrays()
    a, b = unseen_roles(deal)
    return count(live, known[a, : nknown[a]].copy(), int(draws[a]), known[b, : nknown[b]].copy(), int(draws[b]), *args)


def _seated(deal: Deal, wins_a: int, wins_b: int) -> tuple[int, int]:
    """(player 0's, player 1's) of counts made as A and B of :func:`unseen_roles`."""
    return (wins_a, wins_b) if unseen_roles(deal)[0] == 0 else (wins_b, wins_a)


def unseen(deal: Deal, kind: int) -> tuple[int, int, int]:
    """(player 0 wins, player 1 wins, ties) of the count against unseen cards, the hands
    compared by the kind coded ``kind`` (``studeval._unseen.KINDS``), the side with more
    completions counted
    by rank multiset. It stops on Ctrl-C by itself (in the calling thread)."""
    wa, wb, t = _unseen_count(deal, _unseen.headsup_unseen, kind)
    return (*_seated(deal, wa, wb), t)


Triple = tuple[int, int, int]


def _stud8_parts(
    split: tuple[tuple[Triple, Triple], tuple[Triple, Triple]], both_low: tuple[int, int]
) -> tuple[Triple, Triple, tuple[int, int]]:
    """An eight-or-better pot's high hands, high hands of the pairs where nobody has a low,
    and scoops, (A, B) as counted: from the high hands' counts apart for A without a low and
    with one, against every B and against B's hands with a low (``headsup_unseen_split``),
    and the two-key count of the pairs where both have a low. A low beats none: where one
    side alone has a low it scoops by the high hand alone."""
    ((wn, ln, tn), (wl, ll, tl)), ((wn_low, ln_low, tn_low), (wl_low, _, _)) = split
    high = (wn + wl, ln + ll, tn + tl)
    nolow = (wn - wn_low, ln - ln_low, tn - tn_low)
    scoops = (wl - wl_low + both_low[0], ln_low + both_low[1])
    return high, nolow, scoops


def unseen_hilo(deal: Deal, threads: int) -> Counts:
    """A hi-lo pot heads-up by the counts against unseen cards: the lows (which ignore suits),
    and the high hands and scoops: without a qualifier a count of the high hands and the
    two-key count (:func:`unseen_scoops`); eight or better the high hands' counts apart by
    who has a low, and the two-key count of the pairs where both have one (most hands have
    none: a small count). Side by side when there are threads.

    >>> from studeval.cards import parse_cards
    >>> from studeval.equity.deal import stud_deal
    >>> from studeval.games import get_game
    >>> deal = stud_deal([parse_cards("As 2d 3c 4h 9s"), parse_cards("Kh Kd")], get_game("stud8"), [])
    >>> c = unseen_hilo(deal, 1)  # high halves won or shared, and pairs of completions with no low
    >>> c.deals, c.hilo[:, 3].tolist(), c.nolow
    (952972020, [221441698, 731566820], 381042948)
    """
    high, low = deal.game.pot_codes
    qualifier = deal.game.low_qualifies
    # the longest first (eight or better the split count, else the two-key count); the high
    # hands' counts (suits: flushes) several times the lows'
    both: tuple[Callable[..., Any], tuple[object, ...]] = (_unseen.headsup_unseen_both, (qualifier,))
    highs = (_unseen.headsup_unseen_split, ()) if qualifier else (_unseen.headsup_unseen, (high,))
    jobs = [highs, both] if qualifier else [both, highs]
    jobs += [(_unseen.headsup_unseen, (low,))]
    if threads == 1:
        done = [_unseen_count(deal, count, *args) for count, args in jobs]
    else:
        # the counts let go of the GIL; on a worker thread a count does not see Ctrl-C, but the
        # wait here does, and each count is over within a second or two
        with ThreadPoolExecutor(min(threads, len(jobs))) as pool:
            done = list(pool.map(lambda job: _unseen_count(deal, job[0], *job[1]), jobs))
    if qualifier:
        high_counts, nolows, scoops = _stud8_parts(done[0], done[1])
    else:
        (scoops, high_counts), nolows = done[:2], (0, 0, 0)
    lows = done[-1]
    return _hilo_pot(
        (*_seated(deal, high_counts[0], high_counts[1]), high_counts[2]),
        (*_seated(deal, lows[0], lows[1]), lows[2]),
        (*_seated(deal, nolows[0], nolows[1]), nolows[2]),
        _seated(deal, *scoops),
    )


def unseen_scoops(deal: Deal) -> tuple[int, int]:
    """(player 0 beats player 1 on both keys of the hi-lo pot, player 1 beats player 0 on
    both) by the counts against unseen cards (``studeval._unseen``), roles as for
    :func:`unseen`: the two-key count, and eight or better the high hands' counts apart by
    who has a low (:func:`unseen_hilo`); equal to :func:`headsup_scoops`, the count card by
    card.

    >>> from studeval.cards import parse_cards
    >>> from studeval.equity.deal import stud_deal
    >>> from studeval.games import get_game
    >>> deal = stud_deal([parse_cards("As 2d 3c 4h 9s"), parse_cards("Kh Kd")], get_game("stud8"), [])
    >>> unseen_scoops(deal) == headsup_scoops(deal, 1)
    True
    """
    both = _unseen_count(deal, _unseen.headsup_unseen_both, deal.game.low_qualifies)
    if deal.game.low_qualifies:
        both = _stud8_parts(_unseen_count(deal, _unseen.headsup_unseen_split), both)[2]
    return _seated(deal, *both)


def threeway(deal: Deal, threads: int) -> Counts:
    """Three players, a pot of one kind, by the three-way count: its wins and two- and
    three-way ties as the enumeration counts them (a two-way tie is one of each of its two
    players' 2-way splits). The count is one call with no progress to report; it stops on
    Ctrl-C by itself.

    >>> from studeval.cards import parse_cards
    >>> from studeval.equity.deal import stud_deal
    >>> from studeval.games import get_game
    >>> hands = ["As 2h 3d 4c 9s Kd", "2c 3c 4d 5h Ks Kh", "Ac 2d 3h 4h Qs Qc"]  # razz, sixth street
    >>> c = threeway(stud_deal([parse_cards(h) for h in hands], get_game("razz"), []), 1)
    >>> c.deals, c.wins.tolist(), c.ties[:, 2].tolist(), c.ties[:, 3].tolist()
    (35904, [15374, 7940, 10124], [2274, 360, 2274], [12, 12, 12])
    """
    live = set(deal.live)
    held = {c for hand in deal.known for c in hand}
    dead = [c for c in range(52) if c not in live and c not in held]
    (key,) = deal.game.pot_codes
    deals, wins, (t01, t02, t12), three = _multiway.threeway_counts(
        deal.known, dead, key, deal.game.cards, threads=threads, max_work=None
    )
    c = Counts(3, hilo=False)
    c.wins[:] = wins
    c.ties[:, 2] = [t01 + t02, t01 + t12, t02 + t12]
    c.ties[:, 3] = three
    c.deals = deals
    return c


def threeway_hilo(deal: Deal, threads: int) -> Counts:
    """Three players, a hi-lo pot, by the three-way counts (``_multiway.threeway_hilo_counts``):
    the rows of ``_equity.HILO_COLUMNS`` as the enumeration counts them, from one-key counts
    of the high hands and of the lows (the deals where nobody has a low are the lows'
    three-way ties at the bottom key), eight or better the high hands over the deals where
    nobody has a low, and the two-key count of the scoops. A player's pot share over the
    deals with a low is half of its high share plus half of its low share; over the others
    the whole high share. ``part`` (a share short of the pot) is not counted: 0. It stops on
    Ctrl-C by itself.

    >>> from studeval.cards import parse_cards
    >>> from studeval.equity.deal import stud_deal
    >>> from studeval.games import get_game
    >>> hands = ["As 2h 3d 4c 9s Kd", "2c 3c 4d 5h Ks Kh", "Ac 2d 3h 4h Qs Qc"]
    >>> deal = stud_deal([parse_cards(h) for h in hands], get_game("stud8"), [])
    >>> counted, listed = threeway_hilo(deal, 1).hilo, exact(deal, "enumerate", 1, None).hilo
    >>> figures = [0, 1, 3, 4, NOLOW]  # every column but "part"
    >>> (counted[:, figures] == listed[:, figures]).all()
    np.True_
    """
    live = set(deal.live)
    held = {c for hand in deal.known for c in hand}
    dead = [c for c in range(52) if c not in live and c not in held]
    got = _multiway.threeway_hilo_counts(
        deal.known, dead, deal.game.low_qualifies, deal.game.cards, threads=threads, max_work=None
    )
    deals = got["deals"]
    hw, (ht01, ht02, ht12), ht3 = got["highs"]
    lw, (lt01, lt02, lt12), lt3 = got["lows"]
    nolow_deals, (nw, (nt01, nt02, nt12), nt3) = got["nolow"]
    unit = _equity.HILO_SHARE_UNIT
    c = Counts(3, hilo=True)
    # Python integers: the pot shares (in units of HILO_SHARE_UNIT, 55,440 a pot) over third
    # street's 5.3e14 deals pass int64
    c.hilo = np.zeros_like(c.hilo, dtype=object)
    c.deals = deals
    pairs = ((ht01 + ht02, ht01 + ht12, ht02 + ht12), (lt01 + lt02, lt01 + lt12, lt02 + lt12))
    nolow_pairs = (nt01 + nt02, nt01 + nt12, nt02 + nt12)
    for p in range(3):
        # the high hands over the deals with a low: every deal's less the no-low deals'
        high_wins, high_pairs, high_three = hw[p] - nw[p], pairs[0][p] - nolow_pairs[p], ht3 - nt3
        # a three-way tie of the lows at the bottom key is a deal with no low
        low_three = lt3 - nolow_deals
        c.hilo[p, 0] = (
            unit * nw[p]
            + unit // 2 * nolow_pairs[p]
            + unit // 3 * nt3
            + unit // 2 * (high_wins + lw[p])
            + unit // 4 * (high_pairs + pairs[1][p])
            + unit // 6 * (high_three + low_three)
        )
        c.hilo[p, 1] = nw[p] + got["scoops"][p]
        c.hilo[p, 3] = hw[p] + pairs[0][p] + ht3
        c.hilo[p, 4] = lw[p] + pairs[1][p] + low_three
        c.hilo[p, NOLOW] = nolow_deals
    return c


def exact(deal: Deal, count: str, threads: int, progress: Callable[[float], None] | None) -> Counts:
    """The exact count ``count`` (``"headsup"``, ``"unseen"``, ``"threeway"`` or ``"enumerate"``:
    an ``EquityPlan.kernel``) of a deal."""
    P = deal.players
    hilo = deal.game.hilo
    counts = Counts(P, hilo)
    live, known, nknown, draws, shares = deal.arrays()
    if count == "unseen" and hilo:
        counts = unseen_hilo(deal, threads)
    elif count == "unseen":
        (key,) = deal.game.pot_codes
        w0, w1, t = unseen(deal, key)
        counts.wins[0], counts.wins[1] = w0, w1
        counts.ties[:, 2] = t
        counts.deals = w0 + w1 + t
    elif count == "headsup" and hilo:
        counts = headsup_hilo(deal, threads, progress)
    elif count == "headsup":
        (key,) = deal.game.pot_codes
        w0, w1, t = headsup(deal, threads, key, key)
        counts.wins[0], counts.wins[1] = w0, w1
        counts.ties[:, 2] = t
        counts.deals = w0 + w1 + t
    elif count == "threeway" and hilo:
        counts = threeway_hilo(deal, threads)
    elif count == "threeway":
        counts = threeway(deal, threads)
    if count in ("unseen", "headsup", "threeway"):
        # one count in the kernel (hi-lo: several), no chunks to report between: the end only
        if progress and not (count == "headsup" and hilo):
            progress(1.0)
        return counts
    n = len(deal.live)
    board5 = deal.community == 5 and not any(deal.draws) and all(deal.shares)
    code = kernel(deal.game)
    # chunks of first-card positions: each is a progress step (and a parallel loop); with no
    # live card (a deck held or dead to the last card) one call counts the one deal
    step = max(1, n // 16) if progress else max(1, n)
    for lo in range(0, max(1, n), step):
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
                code,
                counts.hilo,
            )
        if progress:
            progress(hi / n if n else 1.0)
    counts.deals = deal.deals()
    return counts
