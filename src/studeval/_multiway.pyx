# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Compiled exact three-way stud count (not a public API: studeval.equity wires it in).

The method, its cost and its memory are described in _multiway.h.
"""

from cython.parallel cimport prange, threadid
from libc.stdint cimport uint8_t, int64_t
from libc.stdlib cimport malloc, calloc, free

from studeval._core cimport stud_tables_init, STUD_KIND_HIGH, STUD_KIND_LOW, STUD_KIND_LOW27

import math

from studeval._core import check_threads

cdef extern from "_multiway.h" nogil:
    enum:
        MW_PLAYERS
        MW_KIND_HIGH
        MW_KIND_LOW
        MW_KIND_LOW27
        MW_KEYS
    ctypedef struct mw_list:
        int r
        int64_t count
        int64_t *start
    ctypedef struct mw_deal:
        int n
        mw_list side[3]
    int mw_setup(mw_deal *d, const uint8_t *live, int n, const uint8_t *const *known, const int *nknown,
                 const int *draws, int kind) noexcept
    void mw_free(mw_deal *d) noexcept
    int mw_has_dual(const mw_deal *d, int i) noexcept
    int mw_has_pairs(const mw_deal *d, int i) noexcept
    int mw_pair_chunk(const mw_deal *d, int i, int64_t s0, int64_t s1, int64_t *lt, int64_t *le,
                      int (*interrupted)() noexcept nogil, volatile int *stop) noexcept
    int mw_dual_chunk(const mw_deal *d, int i, int w0, int w1, int64_t *lt, int64_t *le,
                      int (*interrupted)() noexcept nogil, volatile int *stop) noexcept
    int mw_chunk(const mw_deal *d, int i, int64_t lo, int64_t hi, int64_t *lt, int64_t *le,
                 int (*interrupted)() noexcept nogil, volatile int *stop) noexcept

cdef extern from "Python.h":
    int PyErr_CheckSignals() noexcept   # declared without an error check: the exception stays set
    void *PyErr_Occurred() noexcept

stud_tables_init()  # the kernels read studeval._core's lookup tables

#: The kinds the count keys hands by: this kernel's code of each, by the kind's code
#: (studeval._core's, a Kind's ``code``).
KINDS = {STUD_KIND_HIGH: MW_KIND_HIGH, STUD_KIND_LOW: MW_KIND_LOW, STUD_KIND_LOW27: MW_KIND_LOW27}
#: The most completions one player may have (memory: about 16 bytes each, see _multiway.h).
MAX_COMPLETIONS = 2_000_000
#: The most work (threeway_work's table reads) a count takes unless the caller lifts it: about
#: a minute and a half of CPU here (third street three-way is 6.2e9, second street about 190
#: times that).
MAX_WORK = 40_000_000_000
#: Chunks of each player's completions per thread (a chunk rebuilds its tables: cheap).
CHUNKS_PER_THREAD = 8


cdef int _interrupted() noexcept nogil:
    """1 if a signal handler raised (Ctrl-C): its exception stays pending for the caller."""
    cdef int raised
    with gil:
        raised = PyErr_CheckSignals() != 0
    return raised


def _cards(object cards, str what) -> list:
    try:
        out = [int(c) for c in cards]
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a sequence of card numbers 0..51, got {cards!r}") from None
    for c in out:
        if not 0 <= c <= 51:
            raise ValueError(f"{what}: {c} is not a card 0..51")
    return out


cdef list _key_ranges(const mw_list *y, const mw_list *z, int pieces):
    """Key ranges [w0, w1) covering every key, each with about the same number of y's and z's."""
    cdef int w, last = 0
    cdef int64_t total = y.count + z.count
    ranges = []
    for w in range(1, MW_KEYS):
        if y.start[w] + z.start[w] >= total * (len(ranges) + 1) // pieces and w > last:
            ranges.append((last, w))
            last = w
    ranges.append((last, MW_KEYS))
    return ranges


def threeway_work(int n, draws) -> int:
    """Table reads of the exact three-way count, for ``n`` live cards and each player's
    ``draws``: the cost model (_multiway.h's "Cost"). A read of the direct part counts each of
    its four tables (they are interleaved: one 16-byte load, but the unit is kept); a read of
    the set-by-set part (the k = r - 2 term, mw_pair_chunk) is one 16-byte load from the
    first-level cache, and each of its mask tests a unit too. Measured on the 2-core
    development machine, one thread, in one sitting (2026-12-07, loaded): the direct part
    1.2 ns a unit, the listed pairs 1.0, the set-by-set part 0.9 (fourth street about
    0.1 s, third street 6.1 CPU s), about 1.1 ns a unit as before; the plan prices a unit at
    3e-9 s (measured quiet, with the other kernels' prices), so ``auto`` can pick exact when
    ``work * 3e-9 / threads`` seconds fit its budget.

    >>> threeway_work(40, (3, 3, 3))  # fourth street: a fraction of a second
    104510640
    >>> threeway_work(43, (4, 4, 4))  # third street: a few seconds on two cores
    6159886740
    """
    r = [int(x) for x in draws]
    if len(r) != 3 or min(r) < 0 or max(r) > 7 or sum(r) > n:
        raise ValueError(f"threeway_work: need three draws 0..7 that fit {n} live cards, got {draws!r}")
    total = 0
    for i in range(3):
        rx, ry, rz = r[i], r[(i + 1) % 3], r[(i + 2) % 3]
        # the joint table (whole shared completions), the listed pairs (all but one card
        # shared), the set-by-set sweep (all but two shared)
        joint = ry == rz
        dual = joint and 1 <= ry <= 6
        pairs = joint and ry >= 4
        kmax = min(ry, rz) - joint - dual - pairs
        per_x = 0
        for k in range(kmax + 1):
            subsets_t = sum(math.comb(rx, j) for j in range(0, max(ry, rz) - k + 1))
            per_x += math.comb(n - rx, k) * subsets_t * 4  # f_Y and f_Z, below and up to
        if joint:
            per_x += 2 * sum(math.comb(rx, j) for j in range(min(rx, ry) + 1))
        total += math.comb(n, rx) * per_x
        if dual:
            reads = 2 * sum(math.comb(ry + 1, j) for j in range(min(rx, ry + 1) + 1))
            total += 2 * math.comb(n, ry) * (n - ry) * (ry + reads)
        if pairs:
            ks = ry - 2
            subsets_x = sum(math.comb(rx, j) for j in range(3))
            total += math.comb(n, ks) * (math.comb(n, rx) + math.comb(n - ks, rx) * subsets_x)
    return total


def threeway_counts(known, dead=(), kind=STUD_KIND_HIGH, int hand_size=7, threads=None, max_work=MAX_WORK):
    """Exact counts of a three-player stud deal: ``(deals, wins, pair_ties, three_way)``.

    ``known`` holds each player's known cards (ints 0..51), ``dead`` cards out of play; each
    player draws up to ``hand_size`` cards from the rest, every assignment of distinct cards
    equally likely. ``wins[i]`` counts the deals player i wins alone, ``pair_ties`` the
    two-way ties of players (0, 1), (0, 2) and (1, 2) (the third below them), ``three_way``
    the deals all three share; they add up to ``deals``. ``kind``, a kind's code (one of
    ``KINDS``), keys the hands: the high hand (seven card stud), the ace-to-five low (razz) or
    the deuce-to-seven low (2-7 razz).
    A deal whose ``threeway_work`` exceeds ``max_work`` is refused (ValueError); None lifts the
    bound (the count still stops on Ctrl-C).

    >>> from studeval.cards import parse_cards
    >>> hands = ["As Ah Kd 2c 3c 4c 5d", "Qc Qd 7s 7h 8h 9h 2d", "8d 9d Td Jd 3d 2h 2s"]
    >>> threeway_counts([parse_cards(h) for h in hands])  # the flush wins
    (1, (0, 0, 1), (0, 0, 0), 0)
    >>> deals, wins, pair_ties, three_way = threeway_counts([parse_cards(h[:-3]) for h in hands])
    >>> deals == 34 * 33 * 32 == sum(wins) + sum(pair_ties) + three_way  # sixth street
    True
    """
    cdef mw_deal d
    cdef uint8_t live_c[52]
    cdef uint8_t known_c[3][7]
    cdef const uint8_t *known_p[3]
    cdef int nknown[3]
    cdef int draws[3]
    cdef int n = 0, i, err, nthreads, nitems, item, stop = 0, ck
    cdef int64_t *lo
    cdef int64_t *hi
    cdef int *role
    cdef int *dual
    cdef int (*poll)() noexcept nogil
    cdef int64_t *lt
    cdef int64_t *le
    cdef int *status
    cdef int64_t count
    if kind not in KINDS:
        raise ValueError(f"kind must be one of the codes {sorted(KINDS)}, got {kind!r}")
    if not 5 <= hand_size <= 7:
        raise ValueError(f"hand_size must be 5..7, got {hand_size}")
    if isinstance(known, (str, bytes)) or not hasattr(known, "__len__"):
        raise TypeError(f"known must be a sequence of three players' cards, got {known!r}")
    if len(known) != 3:
        raise ValueError(f"threeway_counts needs 3 players, got {len(known)}")
    players = [_cards(k, f"player {p}'s known cards") for p, k in enumerate(known)]
    out = _cards(dead, "dead cards")
    seen = set()
    for cards in players + [out]:
        for c in cards:
            if c in seen:
                raise ValueError(f"card {c} appears twice in the deal")
            seen.add(c)
    for p in range(3):
        if len(players[p]) > hand_size:
            raise ValueError(f"player {p} has {len(players[p])} known cards, more than a hand of {hand_size}")
        nknown[p] = len(players[p])
        draws[p] = hand_size - nknown[p]
        for i in range(nknown[p]):
            known_c[p][i] = players[p][i]
        known_p[p] = &known_c[p][0]
    for c in range(52):
        if c not in seen:
            live_c[n] = c
            n += 1
    if draws[0] + draws[1] + draws[2] > n:
        raise ValueError(f"the deal needs {draws[0] + draws[1] + draws[2]} live cards, only {n} are left")
    for p in range(3):
        if math.comb(n, draws[p]) > MAX_COMPLETIONS:
            raise ValueError(f"player {p} has {math.comb(n, draws[p]):,} completions; the exact three-way "
                             f"count takes at most {MAX_COMPLETIONS:,}")
    work = threeway_work(n, [draws[0], draws[1], draws[2]])
    if max_work is not None and work > max_work:
        raise ValueError(f"the exact three-way count would take {work:.3g} table reads, more than "
                         f"max_work={max_work:.3g}")
    nthreads = check_threads(threads)
    deals = math.comb(n, draws[0]) * math.comb(n - draws[0], draws[1]) * math.comb(n - draws[0] - draws[1], draws[2])
    ck = KINDS[kind]
    with nogil:
        err = mw_setup(&d, live_c, n, known_p, nknown, draws, ck)
    if err:
        raise MemoryError("not enough memory for the exact three-way count")
    # work items: each player's key-sorted completions cut into chunks, and the key range of
    # the k = r - 1 term cut where the other two players' completions add up evenly
    items = []
    for p in range(3):
        count = d.side[p].count
        pieces = max(1, min(count, CHUNKS_PER_THREAD * nthreads))
        items += [(p, 0, count * j // pieces, count * (j + 1) // pieces) for j in range(pieces)]
        if mw_has_dual(&d, p):
            items += [(p, 1, w0, w1) for w0, w1 in _key_ranges(&d.side[(p + 1) % 3], &d.side[(p + 2) % 3], pieces)]
        if mw_has_pairs(&d, p):
            sets = math.comb(n, d.side[(p + 1) % 3].r - 2)
            parts = max(1, min(sets, pieces))
            items += [(p, 2, sets * j // parts, sets * (j + 1) // parts) for j in range(parts)]
    nitems = len(items)
    lo = <int64_t *> malloc(nitems * sizeof(int64_t))
    hi = <int64_t *> malloc(nitems * sizeof(int64_t))
    role = <int *> malloc(nitems * sizeof(int))
    dual = <int *> malloc(nitems * sizeof(int))
    lt = <int64_t *> calloc(nitems, sizeof(int64_t))
    le = <int64_t *> calloc(nitems, sizeof(int64_t))
    status = <int *> calloc(nitems, sizeof(int))
    try:
        if lo == NULL or hi == NULL or role == NULL or dual == NULL or lt == NULL or le == NULL or status == NULL:
            raise MemoryError("not enough memory for the exact three-way count")
        for item in range(nitems):
            role[item], dual[item], lo[item], hi[item] = items[item]
        nthreads = max(1, min(nthreads, nitems))
        with nogil:
            for item in prange(nitems, num_threads=nthreads, schedule="dynamic"):
                poll = NULL
                if threadid() == 0:  # the calling thread looks at pending signals
                    poll = _interrupted
                if dual[item] == 2:
                    status[item] = mw_pair_chunk(&d, role[item], lo[item], hi[item], &lt[item], &le[item],
                                                 poll, &stop)
                elif dual[item]:
                    status[item] = mw_dual_chunk(&d, role[item], <int>lo[item], <int>hi[item], &lt[item], &le[item],
                                                 poll, &stop)
                else:
                    status[item] = mw_chunk(&d, role[item], lo[item], hi[item], &lt[item], &le[item],
                                            poll, &stop)
        if stop:
            _raise_pending()
        for item in range(nitems):
            if status[item] == 1:
                raise MemoryError("not enough memory for the exact three-way count")
        low = [0, 0, 0]
        best = [0, 0, 0]
        for item in range(nitems):
            low[role[item]] += lt[item]
            best[role[item]] += le[item]
    finally:
        mw_free(&d)
        free(lo)
        free(hi)
        free(role)
        free(dual)
        free(lt)
        free(le)
        free(status)
    # L_i: i wins alone; E_i - L_i: i shares the best hand; M: deals with a shared best hand
    shared = deals - sum(low)
    three_way = sum(best[p] - low[p] for p in range(3)) - 2 * shared
    # the two-way tie of the pair without player p
    pair_without = [shared - (best[p] - low[p]) for p in range(3)]
    return deals, (low[0], low[1], low[2]), (pair_without[2], pair_without[1], pair_without[0]), three_way


cdef int _raise_pending() except -1:
    """Propagate the exception a signal handler left pending."""
    if PyErr_Occurred() == NULL:
        raise KeyboardInterrupt("the three-way count was stopped")
    return -1
