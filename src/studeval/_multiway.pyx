# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Compiled exact three-way stud count (not a public API: studeval.equity wires it in).

The method, its cost and its memory are described in _multiway.h.
"""

from cython.parallel cimport prange, threadid
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

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
        uint16_t *key
        int64_t *start
    ctypedef struct mw_deal:
        int n
        int r[3]
        mw_list side[3]
        mw_list joint[3]
        const uint32_t *pair_entry[3]
        const uint16_t *pair_low[3]
        int pair_lo[3]
        int pair_hi[3]
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
    enum:
        MW_TOP
        MW_KIND_LOW8
    int mw_make_joint(const mw_deal *d, int i, mw_list *joint) noexcept
    void mw_keys(const mw_deal *d, int i, const uint8_t *live, const uint8_t *known, int nknown, int kind,
                 uint16_t *out) noexcept
    void mw_list_free(mw_list *lst) noexcept
    int mw_list_restricted(const mw_deal *d, int i, mw_list *out, const uint16_t *value, const uint16_t *low,
                           int lo, int hi, uint16_t outside) noexcept
    int64_t mw_family(const mw_deal *d, int i, const uint16_t *low, int lo, int hi) noexcept
    size_t mw_dual_bytes(const mw_deal *d, int i, int levels) noexcept
    int mw_pairs_per_set(const mw_deal *d, int p) noexcept
    int mw_pairs_fill(const mw_deal *d, int p, const uint16_t *low, uint32_t *entry, uint16_t *lows) noexcept
    int mw_dual_low_chunk(const mw_deal *d, int i, int w0, int w1, const uint16_t *const *lrank, int levels,
                          int64_t *lt, int (*interrupted)() noexcept nogil, volatile int *stop) noexcept

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
#: The hi-lo count's work in one-key counts' work (threeway_hilo_work), by whether the low
#: qualifies (stud8) or not (stud_hilo): measured (benchmarks/RESULTS.md, "Exact three-way
#: hi-lo").
HILO_PASSES = {True: 4, False: 6}
#: The most memory of the scoops' listed pairs' tables per piece (one per thread at a time):
#: third street eight or better, 58 levels of 137k entries, is 32 MB.
MAX_DUAL_LOW_BYTES = 64 << 20
#: The most work (threeway_hilo_work) a hi-lo count takes unless the caller lifts it.
MAX_HILO_WORK = 100_000_000_000


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
    """Key ranges [w0, w1) covering every key below MW_TOP, each with about the same number of
    y's and z's."""
    cdef int w, last = 0
    # a restricted count's outsiders sit at MW_TOP, which no object of the count reaches
    cdef int64_t total = y.start[MW_TOP] + z.start[MW_TOP]
    ranges = []
    for w in range(1, MW_TOP):
        if y.start[w] + z.start[w] >= total * (len(ranges) + 1) // pieces and w > last:
            ranges.append((last, w))
            last = w
    ranges.append((last, MW_TOP))
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


def _check_deal(known, dead, int hand_size, str what="threeway_counts"):
    """The players' known cards, the live cards and the draws of a three-way deal, checked."""
    if not 5 <= hand_size <= 7:
        raise ValueError(f"hand_size must be 5..7, got {hand_size}")
    if isinstance(known, (str, bytes)) or not hasattr(known, "__len__"):
        raise TypeError(f"known must be a sequence of three players' cards, got {known!r}")
    if len(known) != 3:
        raise ValueError(f"{what} needs 3 players, got {len(known)}")
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
    draws = [hand_size - len(players[p]) for p in range(3)]
    live = [c for c in range(52) if c not in seen]
    n = len(live)
    if sum(draws) > n:
        raise ValueError(f"the deal needs {sum(draws)} live cards, only {n} are left")
    for p in range(3):
        if math.comb(n, draws[p]) > MAX_COMPLETIONS:
            raise ValueError(f"player {p} has {math.comb(n, draws[p]):,} completions; the exact three-way "
                             f"count takes at most {MAX_COMPLETIONS:,}")
    deals = math.comb(n, draws[0]) * math.comb(n - draws[0], draws[1]) * math.comb(n - draws[0] - draws[1], draws[2])
    return players, live, draws, deals


cdef struct _Cards:
    uint8_t live[52]
    uint8_t known[3][7]
    const uint8_t *known_p[3]
    int nknown[3]
    int draws[3]
    int n


cdef void _fill(_Cards *c, list players, list live, list draws):
    cdef int p, i
    c.n = len(live)
    for i in range(c.n):
        c.live[i] = live[i]
    for p in range(3):
        c.nknown[p] = len(players[p])
        c.draws[p] = draws[p]
        for i in range(c.nknown[p]):
            c.known[p][i] = players[p][i]
        c.known_p[p] = &c.known[p][0]


cdef int _count_roles(mw_deal **views, int roles, int nthreads, int64_t *low, int64_t *best, int parts=7) except -1:
    """The count of each player p in ``roles`` (a bit each) as X, in views[p] (the plain count:
    the one deal three times; a restricted count: X's family keyed 0 outside, Y's and Z's
    MW_TOP outside, and the joint list of theirs): adds L_X and E_X to low[p] and best[p].
    ``parts``: the parts counted, a bit each (1 the direct sum and the joint table, 2 the
    listed pairs, 4 the set-by-set part), all of them unless the caller counts one apart.

    Work items: X's key-sorted completions from key 1 on (below: outsiders) cut into chunks,
    a restricted family in fewer; the key range of the k = r - 1 term cut where the other two
    players' completions add up evenly; the shared sets of the k = r - 2 term."""
    cdef int p, item, nitems, stop = 0
    cdef const mw_deal *v
    cdef int64_t count, first, family
    cdef int64_t *lo
    cdef int64_t *hi
    cdef int *role
    cdef int *dual
    cdef int (*poll)() noexcept nogil
    cdef int64_t *lt
    cdef int64_t *le
    cdef int *status
    items = []
    base = CHUNKS_PER_THREAD * nthreads
    for p in range(3):
        if not (roles >> p) & 1:
            continue
        v = views[p]
        count = v.side[p].count
        first = v.side[p].start[1]
        family = count - first
        if family == 0:
            continue
        # the plain count: base chunks; a family, in proportion (a chunk builds its tables
        # from the other two's families below it: a cost per chunk)
        pieces = max(1, min(family, base, -(-base * family // count)))
        items += [(p, 0, first + family * j // pieces, first + family * (j + 1) // pieces) for j in range(pieces)]
        if mw_has_dual(v, p):
            items += [(p, 1, w0, w1) for w0, w1 in _key_ranges(&v.side[(p + 1) % 3], &v.side[(p + 2) % 3], pieces)]
        if mw_has_pairs(v, p):
            sets = math.comb(v.n, v.side[(p + 1) % 3].r - 2)
            cuts = max(1, min(sets, pieces))
            items += [(p, 2, sets * j // cuts, sets * (j + 1) // cuts) for j in range(cuts)]
    items = [it for it in items if (parts >> it[1]) & 1]
    nitems = len(items)
    if nitems == 0:
        return 0
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
                    status[item] = mw_pair_chunk(views[role[item]], role[item], lo[item], hi[item], &lt[item],
                                                 &le[item], poll, &stop)
                elif dual[item]:
                    status[item] = mw_dual_chunk(views[role[item]], role[item], <int>lo[item], <int>hi[item],
                                                 &lt[item], &le[item], poll, &stop)
                else:
                    status[item] = mw_chunk(views[role[item]], role[item], lo[item], hi[item], &lt[item],
                                            &le[item], poll, &stop)
        if stop:
            _raise_pending()
        for item in range(nitems):
            if status[item] == 1:
                raise MemoryError("not enough memory for the exact three-way count")
        for item in range(nitems):
            low[role[item]] += lt[item]
            best[role[item]] += le[item]
    finally:
        free(lo)
        free(hi)
        free(role)
        free(dual)
        free(lt)
        free(le)
        free(status)
    return 0


def _outcomes(deals, low, best):
    """(wins, pair ties of (0, 1), (0, 2), (1, 2), three-way ties) from each player's L and E
    over ``deals`` deals: L_i, i wins alone; E_i - L_i, i shares the best hand; M = D - sum L,
    the deals with a shared best hand."""
    shared = deals - sum(low)
    three_way = sum(best[p] - low[p] for p in range(3)) - 2 * shared
    # the two-way tie of the pair without player p
    pair_without = [shared - (best[p] - low[p]) for p in range(3)]
    return (low[0], low[1], low[2]), (pair_without[2], pair_without[1], pair_without[0]), three_way


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
    cdef _Cards c
    cdef mw_deal *views[3]
    cdef int err, nthreads, ck
    cdef int64_t low[3]
    cdef int64_t best[3]
    if kind not in KINDS:
        raise ValueError(f"kind must be one of the codes {sorted(KINDS)}, got {kind!r}")
    players, live, draws, deals = _check_deal(known, dead, hand_size)
    _fill(&c, players, live, draws)
    work = threeway_work(c.n, draws)
    if max_work is not None and work > max_work:
        raise ValueError(f"the exact three-way count would take {work:.3g} table reads, more than "
                         f"max_work={max_work:.3g}")
    nthreads = check_threads(threads)
    ck = KINDS[kind]
    with nogil:
        err = mw_setup(&d, c.live, c.n, c.known_p, c.nknown, c.draws, ck)
    if err:
        raise MemoryError("not enough memory for the exact three-way count")
    low[0] = low[1] = low[2] = best[0] = best[1] = best[2] = 0
    views[0] = views[1] = views[2] = &d
    try:
        _count_roles(views, 7, nthreads, low, best)
    finally:
        mw_free(&d)
    wins, pair_ties, three_way = _outcomes(deals, [low[0], low[1], low[2]], [best[0], best[1], best[2]])
    return deals, wins, pair_ties, three_way


cdef class _Restricted:
    """Restricted lists of one count (freed together): per player a list keyed as X, one as Y
    or Z, the joint lists of the Y-keyed pairs, and a view of the deal per player as X."""
    cdef mw_deal views[3]
    cdef mw_list xl[3]
    cdef mw_list yl[3]
    cdef mw_list jl[3]
    cdef mw_deal *view_p[3]

    def __cinit__(self):
        memset(self.xl, 0, sizeof(self.xl))
        memset(self.yl, 0, sizeof(self.yl))
        memset(self.jl, 0, sizeof(self.jl))

    cdef int make(self, const mw_deal *d, const uint16_t *const *xvalue, const uint16_t *const *yvalue,
                  const uint16_t *const *low, int xlo, int xhi, int ylo, int yhi) except -1 nogil:
        """X keeps xvalue's key where its low is in [xlo, xhi) (0 elsewhere), Y and Z keep
        yvalue's where theirs is in [ylo, yhi) (MW_TOP elsewhere); low NULL: every completion,
        value NULL: key 1."""
        cdef int p, q, err = 0
        for p in range(3):
            err |= mw_list_restricted(d, p, &self.xl[p], xvalue[p], low[p], xlo, xhi, 0)
            err |= mw_list_restricted(d, p, &self.yl[p], yvalue[p], low[p], ylo, yhi, MW_TOP)
        if err:
            with gil:
                raise MemoryError("not enough memory for the exact three-way count")
        for p in range(3):
            self.views[p] = d[0]  # shares the codes and the offsets (not freed by this view)
            for q in range(3):
                self.views[p].side[q] = self.xl[q] if q == p else self.yl[q]
                # the set-by-set part's listed completions, where d has them, are Y's family
                self.views[p].pair_lo[q] = ylo
                self.views[p].pair_hi[q] = yhi
            err |= mw_make_joint(&self.views[p], p, &self.jl[p])
            self.views[p].joint[p] = self.jl[p]
            self.view_p[p] = &self.views[p]
        if err:
            with gil:
                raise MemoryError("not enough memory for the exact three-way count")
        return 0

    def __dealloc__(self):
        for p in range(3):
            mw_list_free(&self.xl[p])
            mw_list_free(&self.yl[p])
            mw_list_free(&self.jl[p])


cdef tuple _restricted_count(const mw_deal *d, int roles, int nthreads, const uint16_t *const *xvalue,
                             const uint16_t *const *yvalue, const uint16_t *const *low, int xlo, int xhi,
                             int ylo, int yhi, int parts=7):
    """(L, E) of each player in ``roles`` over X's completions with a low in [xlo, xhi) and Y's
    and Z's in [ylo, yhi) (see _Restricted.make), the others' 0."""
    cdef int64_t lt[3]
    cdef int64_t le[3]
    cdef _Restricted lists = _Restricted()
    lt[0] = lt[1] = lt[2] = le[0] = le[1] = le[2] = 0
    lists.make(d, xvalue, yvalue, low, xlo, xhi, ylo, yhi)
    _count_roles(lists.view_p, roles, nthreads, lt, le, parts)
    return [lt[0], lt[1], lt[2]], [le[0], le[1], le[2]]


cdef list _dual_low(const mw_deal *d, const uint16_t *const *lrank, int levels, int nthreads):
    """The scoops' listed pairs (mw_dual_low_chunk) of each player as X, every low at once:
    the k = r - 1 term's key range cut in two pieces a thread (a piece builds X's tables of
    every level from the completions above it)."""
    cdef int item, nitems, stop = 0
    cdef int *role
    cdef int *w0
    cdef int *w1
    cdef int64_t *lt
    cdef int *status
    cdef int (*poll)() noexcept nogil
    items = []
    for p in range(3):
        if mw_has_dual(d, p):
            items += [(p, a, b) for a, b in _key_ranges(&d.side[(p + 1) % 3], &d.side[(p + 2) % 3], 2 * nthreads)]
    nitems = len(items)
    out = [0, 0, 0]
    if nitems == 0:
        return out
    role = <int *> malloc(nitems * sizeof(int))
    w0 = <int *> malloc(nitems * sizeof(int))
    w1 = <int *> malloc(nitems * sizeof(int))
    lt = <int64_t *> calloc(nitems, sizeof(int64_t))
    status = <int *> calloc(nitems, sizeof(int))
    try:
        if role == NULL or w0 == NULL or w1 == NULL or lt == NULL or status == NULL:
            raise MemoryError("not enough memory for the exact three-way count")
        for item in range(nitems):
            role[item], w0[item], w1[item] = items[item]
        with nogil:
            for item in prange(nitems, num_threads=max(1, min(nthreads, nitems)), schedule="dynamic"):
                poll = NULL
                if threadid() == 0:
                    poll = _interrupted
                status[item] = mw_dual_low_chunk(d, role[item], w0[item], w1[item], lrank, levels, &lt[item],
                                                 poll, &stop)
        if stop:
            _raise_pending()
        for item in range(nitems):
            if status[item] == 1:
                raise MemoryError("not enough memory for the exact three-way count")
            out[role[item]] += lt[item]
    finally:
        free(role)
        free(w0)
        free(w1)
        free(lt)
        free(status)
    return out


cdef void _high_pairs(mw_deal *d, uint32_t **entries, uint16_t **pair_lows, bint on) noexcept:
    """The counts by the high key take the set-by-set part's completions from the lists
    (``on``, where they were made), the others list them from their own keys."""
    for p in range(3):
        d.pair_entry[p] = entries[p] if on else NULL
        d.pair_low[p] = pair_lows[p] if on else NULL


def threeway_hilo_counts(known, dead=(), bint qualifier=True, int hand_size=7, threads=None, max_work=MAX_WORK):
    """Exact counts of a three-player hi-lo stud deal (``qualifier``: the low is eight or
    better, stud8; else ace-to-five with no qualifier, stud_hilo): a dict of

    - ``deals``;
    - ``highs``: (wins, pair ties, three-way ties) of the high hands over every deal, as
      :func:`threeway_counts` gives them;
    - ``lows``: the same of the lows, no low keyed below every low (so the deals where nobody
      has a low are three-way ties of it);
    - ``nolow``: the deals where nobody has a low, and (wins, pair ties, three-way ties) of
      the high hands over them (zeros without a qualifier);
    - ``scoops``: per player, the deals it beats both others on both keys: the high hand and
      a low, with no low below every low (where nobody has a low, the high alone takes the
      pot: those scoops are ``nolow``'s wins).

    Each is a one-key count or a sum of them: the high hands; the lows; eight or better the
    high hands with each player's family of completions without a low (the tables built
    from the family alone: the inclusion-exclusion counts the triples of the families) and
    the number of those triples; and the scoops, a count per low value t of X: X's
    completions with low t against Y's and Z's with a low below t, by the high key. The work
    is about ``threeway_hilo_work``; a deal beyond ``max_work`` is refused (ValueError).

    >>> from studeval.cards import parse_cards
    >>> hands = ["As 2h 3d 4c 9s Kd", "2c 3c 4d 5h Ks Kh", "Ac 2d 3h 4h Qs Qc"]
    >>> c = threeway_hilo_counts([parse_cards(h) for h in hands])  # stud8, sixth street
    >>> c["deals"], c["scoops"]
    (35904, (2436, 6492, 2436))
    """
    cdef mw_deal d
    cdef _Cards c
    cdef mw_deal *views[3]
    cdef int err, nthreads, p, t, roles
    cdef int64_t low[3]
    cdef int64_t best[3]
    cdef uint16_t *lows[3]
    cdef uint16_t *lowv[3]
    cdef uint16_t *lrank[3]
    cdef uint32_t *entries[3]
    cdef uint16_t *pair_lows[3]
    cdef const uint16_t *highs[3]
    cdef const uint16_t *none[3]
    cdef int64_t s, count
    players, live, draws, deals = _check_deal(known, dead, hand_size, "threeway_hilo_counts")
    _fill(&c, players, live, draws)
    work = threeway_hilo_work(c.n, draws, qualifier)
    if max_work is not None and work > max_work:
        raise ValueError(f"the exact three-way hi-lo count would take {work:.3g} table reads, more than "
                         f"max_work={max_work:.3g}")
    nthreads = check_threads(threads)
    with nogil:
        err = mw_setup(&d, c.live, c.n, c.known_p, c.nknown, c.draws, MW_KIND_HIGH)
    if err:
        raise MemoryError("not enough memory for the exact three-way count")
    for p in range(3):
        lows[p] = lowv[p] = lrank[p] = pair_lows[p] = NULL
        entries[p] = NULL
        none[p] = NULL
    try:
        for p in range(3):
            count = d.side[p].count
            lows[p] = <uint16_t *> malloc(count * sizeof(uint16_t) + 8)
            lowv[p] = <uint16_t *> malloc(count * sizeof(uint16_t) + 8)
            lrank[p] = <uint16_t *> malloc(count * sizeof(uint16_t) + 8)
            if lows[p] == NULL or lowv[p] == NULL or lrank[p] == NULL:
                raise MemoryError("not enough memory for the exact three-way count")
            highs[p] = d.side[p].key
            with nogil:
                # eight or better: 0 for no low, 1..57 the lows; the lows' count keys them one up
                # (keys start at 1)
                mw_keys(&d, p, c.live, c.known_p[p], c.nknown[p], MW_KIND_LOW8 if qualifier else MW_KIND_LOW, lows[p])
                for s in range(count):
                    lowv[p][s] = lows[p][s] + 1 if qualifier else lows[p][s]
        # the set-by-set part's completions of each shared set, listed and sorted by the high
        # key once for every count by the high key (where they fit): each takes its family's
        for p in range(3):
            if d.r[p] >= 4:
                size = math.comb(c.n, d.r[p] - 2) * mw_pairs_per_set(&d, p)
                if size * 6 <= MAX_DUAL_LOW_BYTES:
                    entries[p] = <uint32_t *> malloc(size * sizeof(uint32_t) + 8)
                    pair_lows[p] = <uint16_t *> malloc(size * sizeof(uint16_t) + 8)
                    if entries[p] == NULL or pair_lows[p] == NULL:
                        raise MemoryError("not enough memory for the exact three-way count")
                    with nogil:
                        err = mw_pairs_fill(&d, p, lows[p], entries[p], pair_lows[p])
                    if err:
                        raise MemoryError("not enough memory for the exact three-way count")
        # the high hands over every deal
        _high_pairs(&d, entries, pair_lows, 1)
        d.pair_lo[0] = d.pair_lo[1] = d.pair_lo[2] = 0
        d.pair_hi[0] = d.pair_hi[1] = d.pair_hi[2] = 1 << 16
        low[0] = low[1] = low[2] = best[0] = best[1] = best[2] = 0
        views[0] = views[1] = views[2] = &d
        _count_roles(views, 7, nthreads, low, best)
        high = _outcomes(deals, [low[0], low[1], low[2]], [best[0], best[1], best[2]])
        nolow = (0, ((0, 0, 0), (0, 0, 0), 0))
        if qualifier:
            # the high hands where nobody has a low, and how many such deals (player 0 as X,
            # every key 1: E counts the triples)
            lt, le = _restricted_count(&d, 7, nthreads, highs, highs, <const uint16_t *const *> lows, 0, 1, 0, 1)
            # (the other keys than the high ones: no listed completions)
            _high_pairs(&d, entries, pair_lows, 0)
            _, nolow_deals = _restricted_count(&d, 1, nthreads, none, none, <const uint16_t *const *> lows, 0, 1, 0, 1)
            nolow = (nolow_deals[0], _outcomes(nolow_deals[0], lt, le))
            # the lows over every deal, X's completions with a low only: one without wins
            # nothing and ties (is at most) the deals where nobody has a low, as X in each role
            lt, le = _restricted_count(&d, 7, nthreads, <const uint16_t *const *> lowv,
                                       <const uint16_t *const *> lowv, <const uint16_t *const *> lows,
                                       1, 1 << 16, 0, 1 << 16)
            le = [e + nolow[0] for e in le]
        else:
            _high_pairs(&d, entries, pair_lows, 0)
            lt, le = _restricted_count(&d, 7, nthreads, <const uint16_t *const *> lowv,
                                       <const uint16_t *const *> lowv, none, 0, 1, 0, 1)
        lows_out = _outcomes(deals, lt, le)
        # the scoops: per low value t of X, against lows below t (no low below every low);
        # the listed pairs' term over every low at once where its tables fit
        scoops = [0, 0, 0]
        every = sorted({lows[p][s] for p in range(3) for s in range(d.side[p].count)})
        values = [v for v in every if v > 0]
        parts = 7
        if all(mw_dual_bytes(&d, p, len(every)) <= MAX_DUAL_LOW_BYTES for p in range(3)):
            parts = 5
            rank_of = {v: j for j, v in enumerate(every)}
            for p in range(3):
                for s in range(d.side[p].count):
                    lrank[p][s] = rank_of[lows[p][s]]
            scoops = _dual_low(&d, <const uint16_t *const *> lrank, len(every), nthreads)
        _high_pairs(&d, entries, pair_lows, 1)
        for t in values:
            roles = 0
            for p in range(3):
                if mw_family(&d, p, lows[p], t, t + 1) and mw_family(&d, (p + 1) % 3, lows[(p + 1) % 3], 0, t) \
                        and mw_family(&d, (p + 2) % 3, lows[(p + 2) % 3], 0, t):
                    roles |= 1 << p
            if roles:
                lt, _ = _restricted_count(&d, roles, nthreads, highs, highs, <const uint16_t *const *> lows,
                                          t, t + 1, 0, t, parts)
                for p in range(3):
                    scoops[p] += lt[p]
    finally:
        for p in range(3):
            free(lows[p])
            free(lowv[p])
            free(lrank[p])
            free(entries[p])
            free(pair_lows[p])
        mw_free(&d)
    return {
        "deals": deals,
        "highs": high,
        "lows": lows_out,
        "nolow": nolow,
        "scoops": tuple(scoops),
    }


def threeway_hilo_work(int n, draws, bint qualifier=True) -> int:
    """The work of :func:`threeway_hilo_counts` in ``threeway_work``'s units: ``HILO_PASSES``
    one-key counts' work (fitted: the high hands, the lows, eight or better the high hands
    and the number of the deals with no low, and the scoops: their per-low counts' queries add
    up to about one count, and the listed pairs are one more pass against X's tables kept per
    low level). Where those tables would not fit (``MAX_DUAL_LOW_BYTES``: ace-to-five lows,
    thousands of them, from third street on) the listed pairs are counted per low value
    against the lows below it, about half the levels times the listed part's work.

    >>> threeway_hilo_work(40, (3, 3, 3)) == HILO_PASSES[True] * threeway_work(40, (3, 3, 3))
    True
    >>> threeway_hilo_work(43, (4, 4, 4), False) > MAX_HILO_WORK  # stud_hilo, third street
    True
    """
    r = [int(x) for x in draws]
    work = HILO_PASSES[bool(qualifier)] * threeway_work(n, r)
    # the low levels: eight or better's 57 and no low; ace-to-five, at most the rank
    # multisets of one player's draws (a bound: the values of the known cards' lows with them)
    levels = 58 if qualifier else min(6175, math.comb(12 + max(r), max(r)))
    for i in range(3):
        rx, ry, rz = r[i], r[(i + 1) % 3], r[(i + 2) % 3]
        if ry != rz or not 1 <= ry <= 6:
            continue
        build = min(rx, ry + 1)
        entries = sum(math.comb(n, k) for k in range(build + 1))
        if levels * entries * 4 > MAX_DUAL_LOW_BYTES:
            reads = 2 * sum(math.comb(ry + 1, j) for j in range(min(rx, ry + 1) + 1))
            work += levels // 2 * 2 * math.comb(n, ry) * (n - ry) * (ry + reads)
    return work


cdef int _raise_pending() except -1:
    """Propagate the exception a signal handler left pending."""
    if PyErr_Occurred() == NULL:
        raise KeyboardInterrupt("the three-way count was stopped")
    return -1
