# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Compiled equity kernels behind studeval.equity (not a public API: equity.py checks input).

Every kernel takes the same description of a deal:

* ``live``: the n cards that can still come (uint8), in any order;
* ``known``: a (P, 7) uint8 array and ``nknown``: each player's known cards (for hold'em the
  hole cards plus the known board);
* ``draws``: how many private cards each player still gets from ``live``;
* ``community``: how many shared cards come from ``live`` first, and ``shares``: which players
  use them (a player whose seven cards are all known keeps exactly those).

and fills ``wins`` (int64, P) and ``ties`` (int64, P x (P + 1)): ``ties[p, k]`` counts the deals
where player p split the pot k ways. Each deal is one uniformly random assignment of distinct
live cards to the open slots, so exact counts are over all such assignments.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from cython.parallel cimport prange, threadid
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

from studeval._core cimport stud_hand, STUD_EMPTY_HAND, stud_hand_add, stud_hand_value, stud_hand_low, stud_hand_low8
from studeval._core cimport stud_hand_low27
from studeval._core cimport stud_tables_init, stud_signal_raised, stud_raise_pending
from studeval._core cimport STUD_HIGH_VALUES, STUD_KIND_HIGH, STUD_KIND_LOW, STUD_KIND_LOW8, STUD_KIND_LOW27

import numpy as np
from studeval._core cimport STUD_BINOM as _BINOM, STUD_BINOM_N, STUD_BINOM_K  # C(n, k) (_combin.h)

stud_tables_init()  # the kernels read studeval._core's lookup tables

cdef extern from "_bitgen.h":
    ctypedef struct stud_bitgen_t:
        void *state
        uint64_t (*next_uint64)(void *st) noexcept nogil
        uint32_t (*next_uint32)(void *st) noexcept nogil

cdef extern from "_subsets.h" nogil:
    int64_t stud_subset_query(const int32_t *table, uint64_t code, int r, int build, const int64_t *offset,
                              int sizes, const int64_t *binom) noexcept
    void stud_subset_insert(int32_t *table, uint64_t code, int r, int build, const int64_t *offset,
                            int sizes, const int64_t *binom) noexcept

cdef enum:
    MAXP = 12          # players a kernel handles (more cannot be dealt from 52 cards anyway)
    MAXV = STUD_HIGH_VALUES + 3  # keys (below) are 1..MAXV-1: a high value plus one, and one more
    MAXR = 7           # private cards a player may still draw
    POLL_MASK = 0xFFFF  # work items between looks at pending signals (a few ms of work)

# Kernels of the enumeration and Monte Carlo counts, one per way a pot is decided (a game's
# ``pot`` in studeval.games: the evaluator kinds that decide it): the high hand, the
# ace-to-five low, hi-lo with an eight-or-better low, the deuce-to-seven low, and hi-lo with
# the ace-to-five low (every hand has one: the low half is never empty).
cdef enum:
    KERNEL_HIGH = 0
    KERNEL_LOW = 1
    KERNEL_HIGH_LOW8 = 2
    KERNEL_LOW27 = 3
    KERNEL_HIGH_LOW = 4

# Keys of the heads-up count, one per side (higher is better), all in 1..MAXV-1: the high
# value, the ace-to-five low, the deuce-to-seven low, the eight-or-better low plus one (1: no
# low), and the high value plus one of a hand without a qualifying low, a qualifying one put
# below (MIN) or above (MAX) every such hand, so that it never wins, ties or loses (an
# eight-or-better hi-lo pot is a sum of such counts).
cdef enum:
    KEY_HIGH = 0
    KEY_LOW = 1
    KEY_LOW8 = 2
    KEY_NOLOW_MIN = 3
    KEY_NOLOW_MAX = 4
    KEY_LOW27 = 5
    KEY_LAST = KEY_LOW27

# The columns of the hi-lo counts: pot share in units of 1/SHARE_UNIT of a pot (every
# share of up to 12 players is a whole number of them), scoops, deals with part of the pot but
# not all, high half (or whole pot) won or shared, qualifying low half won or shared, and the
# deals where nobody has a qualifying low (a fact of the deal: the same in every player's row).
cdef enum:
    SHARE_UNIT = 55440
    HL_SHARE = 0
    HL_SCOOP = 1
    HL_PART = 2
    HL_HIGH = 3
    HL_LOW = 4
    HL_NOLOW = 5
    HL_COLS = 6

# The kernel of each way a pot is decided, by the codes of its kinds (studeval._core's, a
# Kind's ``code``: a game's pot as codes)
KERNELS = {
    (STUD_KIND_HIGH,): KERNEL_HIGH,
    (STUD_KIND_LOW,): KERNEL_LOW,
    (STUD_KIND_HIGH, STUD_KIND_LOW8): KERNEL_HIGH_LOW8,
    (STUD_KIND_LOW27,): KERNEL_LOW27,
    (STUD_KIND_HIGH, STUD_KIND_LOW): KERNEL_HIGH_LOW,
}
# The heads-up count's key of each kind, by its code, and the two keys of the pairs where
# nobody has a qualifying low
KEYS = {
    STUD_KIND_HIGH: KEY_HIGH, STUD_KIND_LOW: KEY_LOW, STUD_KIND_LOW8: KEY_LOW8, STUD_KIND_LOW27: KEY_LOW27,
    "nolow_min": KEY_NOLOW_MIN, "nolow_max": KEY_NOLOW_MAX,
}
HILO_SHARE_UNIT = SHARE_UNIT
HILO_COLUMNS = ("share", "scoop", "part", "high", "low", "nolow")


cdef inline int _key(stud_hand h, int mode) noexcept nogil:
    cdef int low8
    if mode == KEY_HIGH:
        return stud_hand_value(h)
    if mode == KEY_LOW:
        return stud_hand_low(h)
    if mode == KEY_LOW27:
        return stud_hand_low27(h)
    low8 = stud_hand_low8(h)
    if mode == KEY_LOW8:
        return low8 + 1
    if low8 == 0:
        return stud_hand_value(h) + 1
    return 1 if mode == KEY_NOLOW_MIN else MAXV - 1


# ---------------------------------------------------------------------------------------------
# Ctrl-C: the kernels run without the GIL; every POLL_MASK + 1 work items the calling thread
# (OpenMP's thread 0) takes the GIL for a moment and runs the pending signal handlers. If one
# raises (KeyboardInterrupt), every thread stops at its next look at the flag, and the entry
# point re-raises the handler's exception once the parallel loop is over.

cdef int _poll(int *stop) noexcept nogil:
    """1 if the work should stop (a signal handler raised; its exception is pending)."""
    if stop[0]:
        return 1
    if stud_signal_raised():
        stop[0] = 1
    return stop[0]


cdef inline int _tick(int64_t *done, int poll, int *stop) noexcept nogil:
    """Count one work item; every POLL_MASK + 1 of them, 1 if the work should stop (a thread
    that does not poll, ``poll`` 0, only reads the shared flag)."""
    done[0] += 1
    return (done[0] & POLL_MASK) == 0 and (stop[0] != 0 or (poll and _poll(stop)))


def check_signals_every() -> int:
    """How many work items (completions, deals, values) a kernel does between looks at
    pending signals."""
    return POLL_MASK + 1


def binom(int n, int k) -> int:
    """C(n, k) for n < 64, k <= 7 (the table the kernels use)."""
    if n < 0 or k < 0 or k >= STUD_BINOM_K or n >= STUD_BINOM_N:
        raise ValueError(f"binom table covers 0 <= n < {STUD_BINOM_N}, 0 <= k < {STUD_BINOM_K}, got ({n}, {k})")
    return _BINOM[n][k]


# ---------------------------------------------------------------------------------------------
# Argument checks: every entry point checks shapes, sizes and cards before it releases the GIL,
# so a wrong call is a ValueError or TypeError, never a read outside an array.

from studeval._core import check_threads


cdef uint64_t _add_cards(uint64_t seen, const uint8_t *cards, Py_ssize_t n, str what) except? 0:
    """The set ``seen`` plus n cards, each 0..51 and not in it yet (else ValueError)."""
    cdef Py_ssize_t i
    cdef uint64_t bit
    for i in range(n):
        if cards[i] > 51:
            raise ValueError(f"{what}: {cards[i]} is not a card 0..51")
        bit = (<uint64_t>1) << cards[i]
        if seen & bit:
            raise ValueError(f"{what}: card {cards[i]} appears twice in the deal")
        seen |= bit
    return seen | (<uint64_t>1) << 63  # never 0, so 0 can signal an error


cdef int _check_deal(const uint8_t[::1] live, const uint8_t[:, ::1] known, const int32_t[::1] nknown,
                     const int32_t[::1] draws, int community, const uint8_t[::1] shares) except -1:
    """The deal description every kernel takes (draws and shares may be None: no private
    draws, every player shares the community cards): sizes agree, cards are valid and
    distinct (a known hold'em board is in every player's known cards, so players may share
    known cards; none is live), each player ends with 5 to 7 cards and the live cards suffice."""
    cdef Py_ssize_t n = live.shape[0], P = known.shape[0], p
    cdef int need = community, total
    cdef uint64_t in_live
    if n > 63:
        raise ValueError(f"at most 63 live cards, got {n}")
    if not 1 <= P <= MAXP:
        raise ValueError(f"from 1 to {MAXP} players, got {P}")
    if known.shape[1] != 7:
        raise ValueError(f"known must have shape (P, 7), got ({P}, {known.shape[1]})")
    if nknown.shape[0] != P:
        raise ValueError(f"nknown must have {P} entries, got {nknown.shape[0]}")
    if draws is not None and draws.shape[0] != P:
        raise ValueError(f"draws must have {P} entries, got {draws.shape[0]}")
    if shares is not None and shares.shape[0] != P:
        raise ValueError(f"shares must have {P} entries, got {shares.shape[0]}")
    if not 0 <= community <= 7:
        raise ValueError(f"community must be 0..7, got {community}")
    in_live = _add_cards(0, &live[0] if n else NULL, n, "live cards")
    for p in range(P):
        if not 0 <= nknown[p] <= 7:
            raise ValueError(f"player {p}: nknown must be 0..7, got {nknown[p]}")
        _add_cards(in_live, &known[p, 0], nknown[p], f"player {p}'s known cards")
        total = nknown[p]
        if draws is not None:
            if not 0 <= draws[p] <= MAXR:
                raise ValueError(f"player {p}: draws must be 0..{MAXR}, got {draws[p]}")
            total += draws[p]
            need += draws[p]
        if community and (shares is None or shares[p]):
            total += community
        if not 5 <= total <= 7:
            raise ValueError(f"player {p} would end with {total} cards; a hand has 5 to 7")
    if need > n:
        raise ValueError(f"the deal needs {need} live cards, only {n} are left")
    return 0


cdef int _check_counts(const int64_t[::1] wins, const int64_t[:, ::1] ties, Py_ssize_t P) except -1:
    if wins.shape[0] != P or ties.shape[0] != P or ties.shape[1] != P + 1:
        raise ValueError(f"wins must have shape ({P},) and ties ({P}, {P + 1}), got "
                         f"({wins.shape[0]},) and ({ties.shape[0]}, {ties.shape[1]})")
    return 0


cdef int _check_first(int first_lo, int first_hi, Py_ssize_t n) except -1:
    if not 0 <= first_lo <= first_hi <= n:
        raise ValueError(f"need 0 <= first_lo <= first_hi <= {n}, got {first_lo}, {first_hi}")
    return 0


cdef inline stud_hand _known_state(const uint8_t[:, ::1] known, const int32_t[::1] nknown, int p) noexcept nogil:
    cdef stud_hand h = STUD_EMPTY_HAND
    cdef int j
    for j in range(nknown[p]):
        h = stud_hand_add(h, known[p, j])
    return h


# ---------------------------------------------------------------------------------------------
# Heads-up, no shared cards: inclusion-exclusion over the cards both completions would share.
#
# Let A and B be the two players' completions (r_a and r_b cards from the n live cards). The
# pairs (a, b) with a and b disjoint and value(a) > value(b) number
#     sum over a of  sum over S subset of a of (-1)^|S| #{b containing S : value(b) < value(a)}
# (S runs up to s = min(r_a, r_b) cards). Sweeping values upwards while counting, per subset S
# of the live cards, the completions of B seen so far that contain S makes every inner count
# one table read. Subsets are numbered by size and then by the combinatorial number system.
#
# The largest subsets (|S| = s) are done another way: there S is a whole completion of the
# side that draws s cards, say X, and the term counts the pairs where X's completion lies
# inside the other side's, Y's. So for every completion y and every s-card subset T of it, X's
# value of T (a table by rank) is compared with y's. That keeps the sweep's table to the
# subsets of fewer than s cards: tens of kilobytes instead of most of a megabyte, in cache.


cdef struct _Side:
    int r
    int64_t count
    uint64_t *packed        # positions of each completion, 6 bits each, sorted by value
    int64_t *start          # completions of value v are packed[start[v]:start[v + 1]]
    uint16_t *by_rank       # if asked for: the value of each completion by its rank


cdef inline int64_t _rank(const int *pos, int r) noexcept nogil:
    """Combinatorial-number-system rank of positions pos[0] < ... < pos[r-1]."""
    cdef int64_t rank = 0
    cdef int j
    for j in range(r):
        rank += _BINOM[pos[j]][j + 1]
    return rank


cdef struct _Nested:
    # The |S| = s term counted while the other side's completions y are enumerated: every
    # s-card subset T of y, X's value of T (by rank) against y's value.
    const uint16_t *x_by_rank
    int s
    int x_is_a
    int64_t a_wins
    int64_t ties


cdef inline void _nested_compare(_Nested *nest, int vx, int v) noexcept nogil:
    nest.ties += vx == v
    nest.a_wins += (vx != v) & ((vx > v) == nest.x_is_a)


cdef inline uint64_t _packed(const int *pos, int r) noexcept nogil:
    """Positions pos[0] < ... < pos[r-1], 6 bits each (the sweep's form of a completion)."""
    cdef uint64_t code = 0
    cdef int j
    for j in range(r):
        code |= (<uint64_t>pos[j]) << (6 * j)
    return code


cdef inline int _next_completion(int *pos, int r, int n) noexcept nogil:
    """Step pos to the next r-card completion (lexicographic order); the first depth that
    changed (the cards before it are unchanged), or -1 after the last completion."""
    cdef int d = r - 1
    while d >= 0 and pos[d] == n - r + d:
        d -= 1
    if d >= 0:
        pos[d] += 1
    return d


cdef extern from "_subsets.h":
    enum: STUD_MAX_SUBSETS  # 2^7: the subsets of a completion


cdef struct _PrefixSubsets:
    # For the nested count: the subsets of at most s cards of a completion's first d cards
    # (per depth d, by rank and size), and for the prefix of all cards but the last the two
    # lists every completion with that prefix reads.
    int64_t rank[MAXR + 1][STUD_MAX_SUBSETS]
    int size[MAXR + 1][STUD_MAX_SUBSETS]
    int count[MAXR + 1]
    int x_value[STUD_MAX_SUBSETS]       # X's values of the prefix's s-card subsets
    int n_x_value
    int64_t short_rank[STUD_MAX_SUBSETS]  # ranks of its (s-1)-card subsets (+ the last card: s cards)
    int n_short


cdef inline void _prefix_extend(_PrefixSubsets *pre, int d, int card_pos, int s) noexcept nogil:
    """The subsets of the first d + 1 cards: those of the first d, and each of them smaller
    than s with card_pos (the largest position so far) added."""
    cdef int j, k, q = pre.count[d]
    for j in range(q):
        pre.rank[d + 1][j] = pre.rank[d][j]
        pre.size[d + 1][j] = pre.size[d][j]
    for j in range(pre.count[d]):
        k = pre.size[d][j]
        if k < s:
            pre.rank[d + 1][q] = pre.rank[d][j] + _BINOM[card_pos][k + 1]
            pre.size[d + 1][q] = k + 1
            q += 1
    pre.count[d + 1] = q


cdef inline void _prefix_lists(_PrefixSubsets *pre, int d, const _Nested *nest) noexcept nogil:
    """The two lists of the prefix of d cards (every card of the completion but the last)."""
    cdef int j
    pre.n_x_value = 0
    pre.n_short = 0
    for j in range(pre.count[d]):
        if pre.size[d][j] == nest.s:
            pre.x_value[pre.n_x_value] = nest.x_by_rank[pre.rank[d][j]]
            pre.n_x_value += 1
        elif pre.size[d][j] == nest.s - 1:
            pre.short_rank[pre.n_short] = pre.rank[d][j]
            pre.n_short += 1


cdef inline void _count_nested(_Nested *nest, const _PrefixSubsets *pre, const int *pos, int r,
                               int v) noexcept nogil:
    """Compare the completion pos (value v) with X's value of each of its s-card subsets T:
    those inside the prefix, then each (s-1)-card subset of the prefix plus the last card."""
    cdef int j
    cdef int64_t last
    for j in range(pre.n_x_value):
        _nested_compare(nest, pre.x_value[j], v)
    if pre.n_short:  # then r >= 1
        last = _BINOM[pos[r - 1]][nest.s]  # the last card's term of T's rank
        for j in range(pre.n_short):
            _nested_compare(nest, nest.x_by_rank[pre.short_rank[j] + last], v)


cdef int _fill_side(_Side *side, stud_hand base, int r, int n, const uint8_t *live, bint by_rank,
                    _Nested *nest, int mode, int *stop) noexcept nogil:
    """One side's completions sorted by key: for every set c of r of the n live cards
    (positions c_1 < ... < c_r), the key ``mode`` of the hand base + c.

    A counting sort in two walks over the C(n, r) completions, each visited in lexicographic
    order with the hand after each of its first d cards kept, so a step re-adds only the
    cards after the first position that changed:

        walk 1:  count[key(c)] += 1;  by_rank[rank(c)] = key(c)   (if ``by_rank``)
        start[v] = sum over u < v of count[u]
        walk 2:  packed[start[key(c)]++] = c

    With ``nest`` (this side is Y, X drew s cards), walk 1 also adds the nested term
        sum over c, over s-card subsets T of c:  compare(X's key of T, key(c))
    reading X's keys by rank. The subsets of the prefix (all cards of c but the last) are
    kept per depth, so a completion reads the C(r-1, s) subsets inside its prefix from a
    list made once per prefix, and ranks only the C(r-1, s-1) that hold its last card.

    Returns 0, 1 if out of memory, 2 if stopped by a signal (called by the thread that holds
    the GIL when it is released).
    """
    cdef int64_t total = _BINOM[n][r]
    cdef int pos[MAXR + 1]               # the completion: positions in live
    cdef stud_hand hand[MAXR + 1]        # hand[d]: base plus the completion's first d cards
    cdef _PrefixSubsets pre
    cdef int64_t *fill
    cdef int d, v, walk, s = nest.s if nest != NULL else 0
    cdef int64_t done = 0
    side.r = r
    side.count = total
    side.start = <int64_t *> calloc(MAXV + 1, sizeof(int64_t))
    side.packed = <uint64_t *> malloc(total * sizeof(uint64_t) + 8)
    side.by_rank = <uint16_t *> malloc(total * sizeof(uint16_t) + 8) if by_rank else NULL
    fill = <int64_t *> calloc(MAXV + 1, sizeof(int64_t))
    if side.start == NULL or side.packed == NULL or fill == NULL or (by_rank and side.by_rank == NULL):
        free(fill)
        return 1
    pre.rank[0][0] = 0  # the empty prefix's only subset is the empty one
    pre.size[0][0] = 0
    pre.count[0] = 1
    pre.n_x_value = 0
    pre.n_short = 0
    if nest != NULL and r <= 1:
        _prefix_lists(&pre, 0, nest)
    for walk in range(2):
        hand[0] = base
        pos[0] = 0
        d = 0
        while True:
            # the cards from depth d on are new: the hands from there, each next card
            # the one after the card before
            while d < r:
                hand[d + 1] = stud_hand_add(hand[d], live[pos[d]])
                if walk == 0 and nest != NULL and d + 1 <= r - 1:
                    _prefix_extend(&pre, d, pos[d], s)
                    if d + 1 == r - 1:
                        _prefix_lists(&pre, d + 1, nest)
                d += 1
                if d < r:
                    pos[d] = pos[d - 1] + 1
            v = _key(hand[r], mode)
            if _tick(&done, 1, stop):
                free(fill)
                return 2
            if walk == 0:
                side.start[v + 1] += 1
                if by_rank:
                    side.by_rank[_rank(pos, r)] = <uint16_t>v
                if nest != NULL:
                    _count_nested(nest, &pre, pos, r, v)
            else:
                side.packed[fill[v]] = _packed(pos, r)
                fill[v] += 1
            d = _next_completion(pos, r, n)
            if d < 0:
                break
        if walk == 0:
            for v in range(1, MAXV + 1):
                side.start[v] += side.start[v - 1]
            for v in range(MAXV + 1):
                fill[v] = side.start[v]
    free(fill)
    return 0


cdef void _free_side(_Side *side) noexcept nogil:
    free(side.packed)
    free(side.start)
    free(side.by_rank)
    side.packed = NULL
    side.start = NULL
    side.by_rank = NULL


cdef int _sweep(const _Side *a, const _Side *b, int top, const int64_t *offset, int sizes,
                int64_t *less_out, int64_t *tie_out, int poll, int *stop) noexcept nogil:
    """The terms of the subset sizes in ``sizes`` (all below ``top``): the signed counts of
    pairs where a beats b and of tied pairs. b is only inserted, a only queried (twice on the
    values both reach), so the caller puts the side with costlier subsets second.
    1 if out of memory, 2 if stopped (``poll``: this thread looks at pending signals)."""
    cdef int v, ra = a.r, rb = b.r, last_a = MAXV - 1
    cdef int64_t i, less = 0, group, tie = 0, done = 0
    cdef bint has_a, empty = True
    cdef int32_t *table = <int32_t *> calloc(offset[top] + 1, sizeof(int32_t))
    if table == NULL:
        return 1
    # nothing to query past a's last value, nor before b's first: the keys that put a class
    # of hands out of every comparison (the no-low counts of eight or better) cost nothing there
    while last_a > 0 and a.start[last_a] == a.start[last_a + 1]:
        last_a -= 1
    # the stop is looked at by completions handled, not by values: one value may hold most
    # completions (every hand with no eight-or-better low has one key), and a few dozen
    # values may be all there are (eight-or-better lows)
    for v in range(1, last_a + 1):
        group = 0
        has_a = a.start[v] != a.start[v + 1]
        if has_a and not empty:
            # the table holds the completions of b worth less than v
            for i in range(a.start[v], a.start[v + 1]):
                group += stud_subset_query(table, a.packed[i], ra, top - 1, offset, sizes, &_BINOM[0][0])
                if _tick(&done, poll, stop):
                    free(table)
                    return 2
            less += group
        if b.start[v] != b.start[v + 1]:
            empty = False
            for i in range(b.start[v], b.start[v + 1]):
                stud_subset_insert(table, b.packed[i], rb, top - 1, offset, sizes, &_BINOM[0][0])
                if _tick(&done, poll, stop):
                    free(table)
                    return 2
            if has_a:
                # now also those worth exactly v: the difference is the tied pairs
                for i in range(a.start[v], a.start[v + 1]):
                    tie += stud_subset_query(table, a.packed[i], ra, top - 1, offset, sizes, &_BINOM[0][0])
                    if _tick(&done, poll, stop):
                        free(table)
                        return 2
                tie -= group
    free(table)
    less_out[0] = less
    tie_out[0] = tie
    return 0


cdef int *_stop_flag(int32_t[::1] cancel, int *own, str name) except NULL:
    """The stop flag of a count: ``cancel``'s one int32 if given (shared by counts on several
    threads), else ``own``."""
    if cancel is None:
        return own
    if cancel.shape[0] != 1:
        raise ValueError(f"{name}: cancel must hold one int32, got {cancel.shape[0]}")
    return <int *>&cancel[0]  # int32_t is int on every platform built for


cdef int _check_headsup(const uint8_t[::1] live, const uint8_t[::1] known_a, int draws_a,
                        const uint8_t[::1] known_b, int draws_b, str name, stud_hand *ha,
                        stud_hand *hb) except -1:
    """A heads-up count's deal (sizes, cards valid and distinct); ha and hb get each side's
    known cards as a hand state."""
    cdef int j, k, n = <int>live.shape[0]
    cdef uint64_t seen
    if n > 63 or draws_a > MAXR or draws_b > MAXR or draws_a + draws_b > n or draws_a < 0 or draws_b < 0:
        raise ValueError(f"{name}: bad deal shape ({n} live cards, draws {draws_a} and {draws_b})")
    for j, k in ((known_a.shape[0] + draws_a, 0), (known_b.shape[0] + draws_b, 1)):
        if not 5 <= j <= 7:
            raise ValueError(f"{name}: player {k} would end with {j} cards; a hand has 5 to 7")
    seen = _add_cards(0, &live[0] if n else NULL, n, "live cards")
    _add_cards(seen, &known_a[0] if known_a.shape[0] else NULL, known_a.shape[0], "player a's known cards")
    _add_cards(seen, &known_b[0] if known_b.shape[0] else NULL, known_b.shape[0], "player b's known cards")
    ha[0] = STUD_EMPTY_HAND
    hb[0] = STUD_EMPTY_HAND
    for j in range(known_a.shape[0]):
        ha[0] = stud_hand_add(ha[0], known_a[j])
    for j in range(known_b.shape[0]):
        hb[0] = stud_hand_add(hb[0], known_b[j])
    return 0


def headsup_exact(const uint8_t[::1] live not None, const uint8_t[::1] known_a not None, int draws_a,
                  const uint8_t[::1] known_b not None, int draws_b, threads=1, int key_a=KEY_HIGH,
                  int key_b=KEY_HIGH, int32_t[::1] cancel=None):
    """(a wins, b wins, ties) over all disjoint pairs of completions, no shared cards, each
    side's completions compared by its key (``KEYS``; by default the high hand's value).
    ``cancel`` (one int32), if given, is the stop flag: shared by counts on several threads,
    a Ctrl-C seen by one (or a 1 written by the caller) stops them all (KeyboardInterrupt).

    The sweep's subset sizes are independent terms: several threads share them out."""
    cdef stud_hand ha, hb
    cdef int k, g, err = 0, n = <int>live.shape[0], s, groups
    cdef bint x_is_a
    cdef _Side a, b
    cdef _Nested nest
    cdef int64_t offset[MAXR + 2]
    cdef int sizes[MAXR + 2]
    cdef int64_t less[MAXR + 2]
    cdef int64_t tie[MAXR + 2]
    cdef int fail[MAXR + 2]
    cdef int64_t total, wins_a = 0, ties = 0
    cdef int nthreads = check_threads(threads), stop = 0
    cdef int *stopp = _stop_flag(cancel, &stop, "headsup_exact")
    if not 0 <= key_a <= KEY_LAST or not 0 <= key_b <= KEY_LAST:
        raise ValueError(f"headsup_exact: unknown keys {key_a}, {key_b}")
    _check_headsup(live, known_a, draws_a, known_b, draws_b, "headsup_exact", &ha, &hb)
    s = min(draws_a, draws_b)
    x_is_a = draws_a == s
    offset[0] = 0
    for k in range(s + 1):
        offset[k + 1] = offset[k] + _BINOM[n][k]
    # the sweep's sizes 0..s-1, shared out by their work (heaviest first, to the least loaded)
    groups = max(1, min(nthreads, s))
    for g in range(MAXR + 2):
        sizes[g] = 0
        less[g] = 0
        tie[g] = 0
        fail[g] = 0
    weight = [_BINOM[n][draws_b] * _BINOM[draws_b][k] + 2 * _BINOM[n][draws_a] * _BINOM[draws_a][k] for k in range(s)]
    group_load = [0] * groups
    for k in sorted(range(s), key=weight.__getitem__, reverse=True):
        g = group_load.index(min(group_load))
        sizes[g] |= 1 << k
        group_load[g] += weight[k]
    nest.s = s
    nest.x_is_a = x_is_a
    nest.a_wins = 0
    nest.ties = 0
    a.packed = a.start = NULL
    a.by_rank = NULL
    b.packed = b.start = NULL
    b.by_rank = NULL
    try:
        with nogil:
            # X (the side drawing s cards) first: its values by rank feed the nested count,
            # taken while the other side is enumerated
            if x_is_a:
                err = _fill_side(&a, ha, draws_a, n, &live[0] if n else NULL, True, NULL, key_a, stopp)
                nest.x_by_rank = a.by_rank
                if not err:
                    err = _fill_side(&b, hb, draws_b, n, &live[0] if n else NULL, False, &nest, key_b, stopp)
            else:
                err = _fill_side(&b, hb, draws_b, n, &live[0] if n else NULL, True, NULL, key_b, stopp)
                nest.x_by_rank = b.by_rank
                if not err:
                    err = _fill_side(&a, ha, draws_a, n, &live[0] if n else NULL, False, &nest, key_a, stopp)
            if not err and s > 0:
                for g in prange(groups, num_threads=min(nthreads, groups), schedule="static", chunksize=1):
                    if sizes[g]:
                        fail[g] = _sweep(&a, &b, s, offset, sizes[g], &less[g], &tie[g], threadid() == 0, stopp)
        for g in range(groups):
            err |= fail[g]
            wins_a += less[g]
            ties += tie[g]
        k = 1 - 2 * (s & 1)
        wins_a += k * nest.a_wins
        ties += k * nest.ties
    finally:
        _free_side(&a)
        _free_side(&b)
    if stopp[0]:
        stud_raise_pending()
    if err:
        raise MemoryError("not enough memory for the exact heads-up count")
    total = _BINOM[n][draws_a] * _BINOM[n - draws_a][draws_b]
    return wins_a, total - wins_a - ties, ties


# ---------------------------------------------------------------------------------------------
# Heads-up on two keys at once (a hi-lo pot's scoops): the disjoint pairs where one side's
# completion beats the other's on both keys (the high hand and the low).
#
# The one-key count's inclusion-exclusion over shared cards, with the second key as columns
# of the table: sweeping the first key upwards, row S column c holds the inserted side's
# completions so far that contain S and whose second key is in column c (and the row's
# total), and a query sums the columns below its own. The inserted side beating the queried
# one comes from the same sweep: those above on the second key (at the end, when the table
# holds them all) less those of them not above on the first (when it holds those up to the
# queried one's first key). A second key of more than DOM_COLUMNS values (the ace-to-five
# low) is split into two digits of about sqrt(values) each: one key is below another if its
# first digit is below, or equal and its second digit below, so two sweeps (the second
# within each group of equal first digits) keep the table at rows x ~80 columns. When both
# sides draw s cards, the subsets of s - 1 cards pair their completions directly (S plus
# one card each), so the table keeps the smaller subsets only and stays in cache. The
# largest subsets (|S| = s: a whole completion of the side drawing s cards) are compared
# directly, for each completion of the other side and each of its s-card subsets.


cdef enum:
    DOM_COLUMNS = 128  # a second key of at most this many values is one digit


cdef struct _Dom:
    # One side of the two-key count: _fill_side's completions (sorted by the first key), each
    # one's keys, and per level of the second key the sweep's order and groups.
    _Side side
    uint16_t *first
    uint16_t *second
    uint16_t *second_by_rank   # the side drawing s cards: its second key by completion rank
    int32_t *order             # the second level's order: by first digit, then first key
    int64_t group[DOM_COLUMNS + 1]  # that level's groups: order[group[g]:group[g + 1]]


cdef inline int _subset_rows(uint64_t code, int r, int build, const int64_t *offset, int64_t *row,
                             int *size) noexcept nogil:
    """The subsets of at most ``build`` cards of a completion (``code``: positions, 6 bits
    each, increasing), each as its table row offset[|S|] + rank(S) and its size; their number."""
    cdef int count = 1, i, j, c, k, p
    row[0] = 0
    size[0] = 0
    for i in range(r):
        p = (code >> (6 * i)) & 63
        c = count
        for j in range(c):
            k = size[j]
            if k < build:
                row[count] = row[j] + _BINOM[p][k + 1]
                size[count] = k + 1
                count += 1
    for j in range(count):
        row[j] += offset[size[j]]
    return count


cdef int _dom_fill(_Dom *d, stud_hand base, int r, int n, const uint8_t *live, bint by_rank, int first,
                   int second, int *stop) noexcept nogil:
    """A side's completions sorted by the ``first`` key, and both keys of each (and, if
    ``by_rank``, both by completion rank). 0, 1 if out of memory, 2 if stopped."""
    cdef int err, j, v
    cdef int pos[MAXR + 1]
    cdef int64_t i, count, done = 0
    cdef stud_hand h
    d.first = d.second = d.second_by_rank = NULL
    d.order = NULL
    err = _fill_side(&d.side, base, r, n, live, by_rank, NULL, first, stop)
    if err:
        return err
    count = d.side.count
    d.first = <uint16_t *> malloc(count * sizeof(uint16_t) + 8)
    d.second = <uint16_t *> malloc(count * sizeof(uint16_t) + 8)
    d.second_by_rank = <uint16_t *> malloc(count * sizeof(uint16_t) + 8) if by_rank else NULL
    if d.first == NULL or d.second == NULL or (by_rank and d.second_by_rank == NULL):
        return 1
    for v in range(1, MAXV):
        for i in range(d.side.start[v], d.side.start[v + 1]):
            d.first[i] = <uint16_t>v
    for i in range(count):
        h = base
        for j in range(r):
            pos[j] = (d.side.packed[i] >> (6 * j)) & 63
            h = stud_hand_add(h, live[pos[j]])
        d.second[i] = <uint16_t>_key(h, second)
        if by_rank:
            d.second_by_rank[_rank(pos, r)] = d.second[i]
        if _tick(&done, 1, stop):
            return 2
    return 0


cdef int _dom_groups(_Dom *d, int columns) noexcept nogil:
    """The second level's order: by first digit (second key // columns), each group in
    first-key order (a stable counting sort). 0, or 1 if out of memory."""
    cdef int64_t i
    cdef int64_t fill[DOM_COLUMNS + 1]
    cdef int g
    d.order = <int32_t *> malloc(d.side.count * sizeof(int32_t) + 8)
    if d.order == NULL:
        return 1
    for g in range(DOM_COLUMNS + 1):
        d.group[g] = 0
    for i in range(d.side.count):
        d.group[d.second[i] // columns + 1] += 1
    for g in range(DOM_COLUMNS):
        d.group[g + 1] += d.group[g]
        fill[g] = d.group[g]
    for i in range(d.side.count):
        g = d.second[i] // columns
        d.order[fill[g]] = <int32_t>i
        fill[g] += 1
    return 0


cdef void _dom_free(_Dom *d) noexcept nogil:
    _free_side(&d.side)
    free(d.first)
    free(d.second)
    free(d.second_by_rank)
    free(d.order)
    d.first = d.second = d.second_by_rank = NULL
    d.order = NULL


cdef inline int _dom_column(const _Dom *d, int64_t i, int level, int columns, int digits) noexcept nogil:
    """Completion i's column at a level: the second key, or its first or second digit."""
    cdef int c = d.second[i]
    if digits == 2:
        c = c // columns if level == 0 else c % columns
    return c


cdef inline int64_t _dom_at(const _Dom *d, int level, int64_t k) noexcept nogil:
    """The k-th completion of a side in the level's order."""
    return d.order[k] if level == 1 else k


cdef inline void _dom_insert(int32_t *table, const _Dom *d, int64_t i, int level, int columns, int digits,
                             int top, const int64_t *offset, int32_t delta) noexcept nogil:
    """Add completion i to (or, delta -1, take it out of) the rows of its subsets below top
    cards: the row's total (cell 0) and its column's count (cell 1 + column)."""
    cdef int64_t row[STUD_MAX_SUBSETS]
    cdef int size[STUD_MAX_SUBSETS]
    cdef int k, m, col = 1 + _dom_column(d, i, level, columns, digits)
    m = _subset_rows(d.side.packed[i], d.side.r, top - 1, offset, row, size)
    for k in range(m):
        table[row[k] * (columns + 1)] += delta
        table[row[k] * (columns + 1) + col] += delta


cdef inline int64_t _dom_query(const int32_t *table, const _Dom *d, int64_t i, int level, int columns,
                               int digits, int top, const int64_t *offset, bint above) noexcept nogil:
    """The signed sum over completion i's subsets below top cards of the completions in the
    row whose column is below its own (or ``above`` it): whichever of the row's two sums
    of columns is shorter, the other from the row's total."""
    cdef int64_t row[STUD_MAX_SUBSETS]
    cdef int size[STUD_MAX_SUBSETS]
    cdef int k, m, c, col = _dom_column(d, i, level, columns, digits) + (1 if above else 0)
    cdef int64_t acc = 0
    cdef int32_t part
    cdef const int32_t *cell
    m = _subset_rows(d.side.packed[i], d.side.r, top - 1, offset, row, size)
    for k in range(m):
        cell = &table[row[k] * (columns + 1)]
        part = 0
        if 2 * col <= columns:
            for c in range(1, col + 1):
                part += cell[c]
        else:
            for c in range(col + 1, columns + 1):
                part += cell[c]
            part = cell[0] - part
        # below col: part; above col - 1: the rest
        if above:
            part = cell[0] - part
        acc += -part if size[k] & 1 else part
    return acc


cdef int _dom_sweep(const _Dom *q, const _Dom *ins, int top, const int64_t *offset, int level, int columns,
                    int digits, int64_t *beats, int64_t *beaten, int poll, int *stop) noexcept nogil:
    """The signed pairs, over the subsets of fewer than ``top`` cards, where the queried
    side's completion beats the inserted side's on the first key and on the level's digit of
    the second (``beats``), and where it is beaten on both (``beaten``); at the second level,
    within the groups of equal first digits. One sweep upwards gives both: a completion is
    beaten by those above it on the second key less those of them not above it on the first.
    1 if out of memory, 2 if stopped."""
    cdef int32_t *table = <int32_t *> calloc(offset[top] * (columns + 1) + 1, sizeof(int32_t))
    cdef int groups = columns if level == 1 else 1, g
    cdef int64_t qa, qb, ia, ib, t, u, w, j, v, up = 0, down = 0, done = 0
    if table == NULL:
        return 1
    for g in range(groups):
        qa = q.group[g] if level == 1 else 0
        qb = q.group[g + 1] if level == 1 else q.side.count
        ia = ins.group[g] if level == 1 else 0
        ib = ins.group[g + 1] if level == 1 else ins.side.count
        if qa == qb or ia == ib:
            continue
        j = ia
        t = qa
        while t < qb:
            v = q.first[_dom_at(q, level, t)]
            while j < ib and ins.first[_dom_at(ins, level, j)] < v:
                _dom_insert(table, ins, _dom_at(ins, level, j), level, columns, digits, top, offset, 1)
                j += 1
                if _tick(&done, poll, stop):
                    free(table)
                    return 2
            # the queried completions of first key v: those below on both keys
            u = t
            while u < qb and q.first[_dom_at(q, level, u)] == v:
                up += _dom_query(table, q, _dom_at(q, level, u), level, columns, digits, top, offset, False)
                u += 1
            while j < ib and ins.first[_dom_at(ins, level, j)] == v:
                _dom_insert(table, ins, _dom_at(ins, level, j), level, columns, digits, top, offset, 1)
                j += 1
            # ... and those above on the second key but not on the first
            for w in range(t, u):
                down -= _dom_query(table, q, _dom_at(q, level, w), level, columns, digits, top, offset, True)
                if _tick(&done, poll, stop):
                    free(table)
                    return 2
            t = u
        while j < ib:
            _dom_insert(table, ins, _dom_at(ins, level, j), level, columns, digits, top, offset, 1)
            j += 1
        # every one above on the second key
        for t in range(qa, qb):
            down += _dom_query(table, q, _dom_at(q, level, t), level, columns, digits, top, offset, True)
        if level == 1:
            # empty the table for the next group: take out what went in
            for j in range(ia, ib):
                _dom_insert(table, ins, _dom_at(ins, level, j), level, columns, digits, top, offset, -1)
    free(table)
    beats[0] = up
    beaten[0] = down
    return 0


cdef inline void _dom_compare(const uint16_t *xh, const uint16_t *xl, int nx, const uint16_t *yh,
                              const uint16_t *yl, int ny, int64_t *x_wins, int64_t *y_wins) noexcept nogil:
    """Every pair of two short lists of completions compared on both keys."""
    cdef int i, j
    cdef int32_t xw = 0, yw = 0
    for i in range(nx):
        for j in range(ny):
            xw += (xh[i] > yh[j]) & (xl[i] > yl[j])
            yw += (yh[j] > xh[i]) & (yl[j] > xl[i])
    x_wins[0] += xw
    y_wins[0] += yw


cdef int _dom_pairs(const _Dom *a, const _Dom *b, int n, int s, int64_t *a_wins, int64_t *b_wins, int poll,
                    int *stop) noexcept nogil:
    """The subsets S of s - 1 cards when both sides draw s: the completions holding S are S
    plus one card, each side's read by rank, every pair of them compared. 0, or 2 if stopped."""
    cdef int pos[MAXR + 1]
    cdef uint16_t ah[64]
    cdef uint16_t al[64]
    cdef uint16_t bh[64]
    cdef uint16_t bl[64]
    cdef int k = s - 1, j, m, c, cnt
    cdef int64_t rank, done = 0
    a_wins[0] = b_wins[0] = 0
    for j in range(k):
        pos[j] = j
    while True:
        cnt = 0
        m = 0  # the cards of S below c
        for c in range(n):
            if m < k and pos[m] == c:
                m += 1
                continue
            # S's cards below c keep their places in S + c, those above move up one
            rank = _BINOM[c][m + 1]
            for j in range(k):
                rank += _BINOM[pos[j]][j + 1] if j < m else _BINOM[pos[j]][j + 2]
            ah[cnt] = a.side.by_rank[rank]
            al[cnt] = a.second_by_rank[rank]
            bh[cnt] = b.side.by_rank[rank]
            bl[cnt] = b.second_by_rank[rank]
            cnt += 1
        _dom_compare(ah, al, cnt, bh, bl, cnt, a_wins, b_wins)
        if _tick(&done, poll, stop):
            return 2
        m = _next_completion(pos, k, n)
        if m < 0:
            return 0
        for j in range(m + 1, k):
            pos[j] = pos[j - 1] + 1


cdef int _dom_nested(const _Dom *x, const _Dom *y, int s, int64_t *x_wins, int64_t *y_wins, int poll,
                     int *stop) noexcept nogil:
    """The subsets of s cards: each completion of y against x's completion equal to each of
    its s-card subsets, on both keys. 0, or 2 if stopped."""
    cdef int64_t row[STUD_MAX_SUBSETS]
    cdef int size[STUD_MAX_SUBSETS]
    cdef int64_t zero[MAXR + 2]
    cdef int64_t i, xw = 0, yw = 0, done = 0
    cdef int k, m, hx, lx, hy, ly
    for k in range(MAXR + 2):
        zero[k] = 0
    for i in range(y.side.count):
        hy = y.first[i]
        ly = y.second[i]
        m = _subset_rows(y.side.packed[i], y.side.r, s, zero, row, size)
        for k in range(m):
            if size[k] == s:
                hx = x.side.by_rank[row[k]]
                lx = x.second_by_rank[row[k]]
                xw += (hx > hy) & (lx > ly)
                yw += (hy > hx) & (ly > lx)
        if _tick(&done, poll, stop):
            return 2
    x_wins[0] = xw
    y_wins[0] = yw
    return 0


cdef enum:
    # the tasks of the two-key count
    DOM_NESTED = 0     # the subsets of s cards
    DOM_PAIRS = 1      # those of s - 1 cards when both sides draw s
    DOM_SWEEP = 2      # then one sweep per level (digit) of the second key


def headsup_dominance(const uint8_t[::1] live not None, const uint8_t[::1] known_a not None, int draws_a,
                      const uint8_t[::1] known_b not None, int draws_b, int key_first=KEY_HIGH,
                      int key_second=KEY_LOW8, threads=1, int32_t[::1] cancel=None):
    """(pairs where a beats b on both keys, pairs where b beats a on both) over all disjoint
    pairs of completions, no shared cards; both sides' completions have the same two keys
    (``KEYS``; ties on either key count for neither). ``a`` is queried, ``b`` inserted: put
    the side with costlier subset lists second. ``cancel`` as for :func:`headsup_exact`.

    The terms (the largest subsets; per level of the second key, a sweep) are independent:
    several threads share them out."""
    cdef stud_hand ha, hb
    cdef int n = <int>live.shape[0], s, k, task, tasks = 0, top, err = 0, digits = 1, columns = 1
    cdef int max_second = 0
    cdef bint x_is_a, pairs
    cdef _Dom a, b
    cdef int64_t offset[MAXR + 2]
    cdef int64_t a_got[DOM_SWEEP + 4]
    cdef int64_t b_got[DOM_SWEEP + 4]
    cdef int fail[DOM_SWEEP + 4]
    cdef int64_t a_wins = 0, b_wins = 0, i
    cdef int nthreads = check_threads(threads), stop = 0
    cdef int *stopp = _stop_flag(cancel, &stop, "headsup_dominance")
    if not 0 <= key_first <= KEY_LAST or not 0 <= key_second <= KEY_LAST:
        raise ValueError(f"headsup_dominance: unknown keys {key_first}, {key_second}")
    _check_headsup(live, known_a, draws_a, known_b, draws_b, "headsup_dominance", &ha, &hb)
    s = min(draws_a, draws_b)
    x_is_a = draws_a == s
    # both sides draw s: the subsets of s - 1 cards pair their completions directly, the
    # sweep's table keeps the smaller subsets only (it stays in cache)
    pairs = draws_a == draws_b and s > 0
    top = s - 1 if pairs else s
    offset[0] = 0
    for k in range(s + 1):
        offset[k + 1] = offset[k] + _BINOM[n][k]
    for k in range(DOM_SWEEP + 4):
        a_got[k] = b_got[k] = 0
        fail[k] = 0
    memset(&a, 0, sizeof(_Dom))
    memset(&b, 0, sizeof(_Dom))
    try:
        with nogil:
            err = _dom_fill(&a, ha, draws_a, n, &live[0] if n else NULL, x_is_a, key_first, key_second, stopp)
            if not err:
                err = _dom_fill(&b, hb, draws_b, n, &live[0] if n else NULL, pairs or not x_is_a, key_first,
                                key_second, stopp)
            if not err:
                for i in range(a.side.count):
                    max_second = max(max_second, a.second[i])
                for i in range(b.side.count):
                    max_second = max(max_second, b.second[i])
                columns = max_second + 1
                if columns > DOM_COLUMNS:
                    digits = 2
                    columns = 1
                    while columns * columns < max_second + 1:
                        columns += 1
                    err = _dom_groups(&a, columns) | _dom_groups(&b, columns)
            if not err:
                tasks = DOM_SWEEP + (digits if top > 0 else 0)
                for task in prange(tasks, num_threads=min(nthreads, tasks), schedule="dynamic", chunksize=1):
                    if task == DOM_NESTED:
                        if x_is_a:
                            fail[task] = _dom_nested(&a, &b, s, &a_got[task], &b_got[task], threadid() == 0, stopp)
                        else:
                            fail[task] = _dom_nested(&b, &a, s, &b_got[task], &a_got[task], threadid() == 0, stopp)
                    elif task == DOM_PAIRS:
                        if pairs:
                            fail[task] = _dom_pairs(&a, &b, n, s, &a_got[task], &b_got[task], threadid() == 0,
                                                    stopp)
                    else:
                        fail[task] = _dom_sweep(&a, &b, top, offset, task - DOM_SWEEP, columns, digits,
                                                &a_got[task], &b_got[task], threadid() == 0, stopp)
        if not err:
            for task in range(tasks):
                err |= fail[task]
            # the terms' signs: (-1)^|S|, the sweep's inside it
            k = 1 - 2 * (s & 1)
            a_wins = k * a_got[DOM_NESTED] - k * a_got[DOM_PAIRS]
            b_wins = k * b_got[DOM_NESTED] - k * b_got[DOM_PAIRS]
            for task in range(DOM_SWEEP, tasks):
                a_wins += a_got[task]
                b_wins += b_got[task]
    finally:
        _dom_free(&a)
        _dom_free(&b)
    if stopp[0]:
        stud_raise_pending()
    if err:
        raise MemoryError("not enough memory for the exact heads-up two-key count")
    return a_wins, b_wins


# ---------------------------------------------------------------------------------------------
# Enumeration of every deal: shared cards first, then each player's own, one card per level.


cdef struct _Enum:
    int n
    int P
    int nslots
    int kernel              # KERNEL_*
    int poll                # 1 in the thread that looks at pending signals
    int *stop
    int64_t done            # leaves counted so far (for polling)
    uint8_t live[64]
    int slot_group[64]      # -1: a shared card, else the player it goes to
    int slot_depth[64]      # how many cards that player's state holds before this one
    int slot_last[64]       # 1 if the last card of its group
    int slot_next0[64]      # 1 if the next slot starts a new group (positions restart at 0)
    int shares[MAXP]
    int draws[MAXP]
    int val[MAXP]           # the high value, or the low of a low game
    int low[MAXP]           # hi-lo: the low (eight or better: 0 for none)
    uint64_t used
    stud_hand st[MAXP][MAXR + 2]
    int64_t wins[MAXP]
    int64_t ties[MAXP][MAXP + 1]
    int64_t hl[MAXP][HL_COLS]


cdef inline void _tally(int P, const int *val, int64_t *wins, int64_t *ties) noexcept nogil:
    """Count one showdown: ties is P x (P + 1), row-major."""
    cdef int p, best = 0, k = 0, who = 0
    for p in range(P):
        if val[p] > best:
            best = val[p]
            k = 1
            who = p
        elif val[p] == best:
            k += 1
    if k == 1:
        wins[who] += 1
    else:
        for p in range(P):
            if val[p] == best:
                ties[p * (MAXP + 1) + k] += 1


cdef inline void _tally_hilo(int P, const int *val, const int *low, int64_t *hl, double *squares) noexcept nogil:
    """Count one hi-lo showdown into hl (P x HL_COLS, row-major): the high half to the best
    high hand(s), the low half to the best qualifying low(s), the whole pot to the high when
    nobody has a low (a deal every row counts as one with no low); ``squares`` (if not NULL)
    gets each player's squared share."""
    cdef int p, best = 0, kh = 0, best_low = 0, kl = 0, share
    cdef int high_part, low_part
    for p in range(P):
        if val[p] > best:
            best = val[p]
            kh = 1
        elif val[p] == best:
            kh += 1
        if low[p] > best_low:
            best_low = low[p]
            kl = 1
        elif low[p] == best_low:
            kl += 1
    if best_low == 0:
        high_part = SHARE_UNIT // kh
        low_part = 0
        for p in range(P):
            hl[p * HL_COLS + HL_NOLOW] += 1
    else:
        high_part = SHARE_UNIT // (2 * kh)
        low_part = SHARE_UNIT // (2 * kl)
    for p in range(P):
        share = 0
        if val[p] == best:
            share += high_part
            hl[p * HL_COLS + HL_HIGH] += 1
        if best_low and low[p] == best_low:
            share += low_part
            hl[p * HL_COLS + HL_LOW] += 1
        if share:
            hl[p * HL_COLS + HL_SHARE] += share
            if share == SHARE_UNIT:
                hl[p * HL_COLS + HL_SCOOP] += 1
            else:
                hl[p * HL_COLS + HL_PART] += 1
            if squares != NULL:
                squares[p] += (<double>share / SHARE_UNIT) * (<double>share / SHARE_UNIT)


cdef inline bint _hilo(int kernel) noexcept nogil:
    return kernel == KERNEL_HIGH_LOW8 or kernel == KERNEL_HIGH_LOW


cdef inline void _showdown(int kernel, stud_hand h, int *val, int *low) noexcept nogil:
    """The showdown value of a complete hand state (the one value, or hi-lo's high and low)."""
    if kernel == KERNEL_LOW:
        val[0] = stud_hand_low(h)
    elif kernel == KERNEL_LOW27:
        val[0] = stud_hand_low27(h)
    else:
        val[0] = stud_hand_value(h)
        if kernel == KERNEL_HIGH_LOW8:
            low[0] = stud_hand_low8(h)
        elif kernel == KERNEL_HIGH_LOW:
            low[0] = stud_hand_low(h)


cdef inline void _value(_Enum *e, int p, stud_hand h) noexcept nogil:
    """Player p's showdown value(s) from a complete hand state."""
    _showdown(e.kernel, h, &e.val[p], &e.low[p])


cdef inline void _leaf(_Enum *e) noexcept nogil:
    if _hilo(e.kernel):
        _tally_hilo(e.P, e.val, e.low, &e.hl[0][0], NULL)
    else:
        _tally(e.P, e.val, e.wins, &e.ties[0][0])
    e.done += 1
    if (e.done & POLL_MASK) == 0 and e.poll:
        _poll(e.stop)


cdef void _rec(_Enum *e, int level, int start) noexcept nogil:
    cdef int g = e.slot_group[level], d = e.slot_depth[level], pos, p, card
    cdef int last = e.slot_last[level], leaf = level == e.nslots - 1
    cdef int nxt = 0 if e.slot_next0[level] else -1
    cdef uint64_t bit
    if e.stop[0]:
        return
    for pos in range(start, e.n):
        bit = (<uint64_t>1) << pos
        if e.used & bit:
            continue
        card = e.live[pos]
        if g < 0:
            for p in range(e.P):
                if e.shares[p]:
                    e.st[p][d + 1] = stud_hand_add(e.st[p][d], card)
                    if last and e.draws[p] == 0:
                        _value(e, p, e.st[p][d + 1])
        else:
            e.st[g][d + 1] = stud_hand_add(e.st[g][d], card)
            if last:
                _value(e, g, e.st[g][d + 1])
        if leaf:
            _leaf(e)
        else:
            e.used |= bit
            _rec(e, level + 1, 0 if nxt == 0 else pos + 1)
            e.used &= ~bit


cdef void _rec_first(_Enum *e, int pos, int tid) noexcept nogil:
    """The deals whose first slot takes live position pos (tid: the OpenMP thread)."""
    cdef int g = e.slot_group[0], p, card = e.live[pos]
    cdef uint64_t bit = (<uint64_t>1) << pos
    e.poll = tid == 0
    if e.stop[0]:
        return
    if g < 0:
        for p in range(e.P):
            if e.shares[p]:
                e.st[p][1] = stud_hand_add(e.st[p][0], card)
                if e.slot_last[0] and e.draws[p] == 0:
                    _value(e, p, e.st[p][1])
    else:
        e.st[g][1] = stud_hand_add(e.st[g][0], card)
        if e.slot_last[0]:
            _value(e, g, e.st[g][1])
    if e.nslots == 1:
        _leaf(e)
        return
    e.used |= bit
    _rec(e, 1, 0 if e.slot_next0[0] else pos + 1)
    e.used &= ~bit


cdef int _setup(_Enum *e, const uint8_t[::1] live, const uint8_t[:, ::1] known, const int32_t[::1] nknown,
                const int32_t[::1] draws, int community, const uint8_t[::1] shares, int kernel) except -1:
    cdef int P = <int>known.shape[0], p, j, level = 0, depth
    if P > MAXP or live.shape[0] > 63:
        raise ValueError("too many players or live cards for a kernel")
    if not KERNEL_HIGH <= kernel <= KERNEL_HIGH_LOW:
        raise ValueError(f"unknown kernel {kernel}")
    memset(e, 0, sizeof(_Enum))
    e.n = <int>live.shape[0]
    e.P = P
    e.kernel = kernel
    for j in range(e.n):
        e.live[j] = live[j]
    for p in range(P):
        if draws[p] > MAXR:
            raise ValueError("too many cards to draw")
        e.shares[p] = shares[p] if community > 0 else 0
        e.draws[p] = draws[p]
        e.st[p][0] = _known_state(known, nknown, p)
        if draws[p] == 0 and not e.shares[p]:
            _value(e, p, e.st[p][0])
    for j in range(community):
        e.slot_group[level] = -1
        e.slot_depth[level] = j
        e.slot_last[level] = j == community - 1
        level += 1
    for p in range(P):
        depth = community if e.shares[p] else 0
        for j in range(draws[p]):
            e.slot_group[level] = p
            e.slot_depth[level] = depth + j
            e.slot_last[level] = j == draws[p] - 1
            level += 1
    e.nslots = level
    for j in range(level):
        e.slot_next0[j] = e.slot_last[j]
    # the community's states start from each player's known cards
    return 0


cdef int _check_hilo(hilo, Py_ssize_t P, int kernel) except -1:
    if _hilo(kernel) and hilo is None:
        raise ValueError("a hi-lo kernel needs a hilo array")
    if hilo is not None and (hilo.shape[0] != P or hilo.shape[1] != HL_COLS):
        raise ValueError(f"hilo must have shape ({P}, {HL_COLS}), got {hilo.shape}")
    return 0


def enumerate_exact(const uint8_t[::1] live not None, const uint8_t[:, ::1] known not None,
                    const int32_t[::1] nknown not None, const int32_t[::1] draws not None, int community,
                    const uint8_t[::1] shares not None, int first_lo, int first_hi, threads,
                    int64_t[::1] wins not None, int64_t[:, ::1] ties not None, int kernel=KERNEL_HIGH,
                    int64_t[:, ::1] hilo=None):
    """Add the counts of every deal whose first slot takes a live position in [first_lo, first_hi).

    With no slot to fill there is one deal, counted when first_lo == 0. ``kernel`` is one of
    ``KERNELS``' values; a hi-lo kernel counts into ``hilo`` (P x 6: ``HILO_COLUMNS``) instead
    of wins and ties.
    """
    cdef _Enum proto
    cdef _Enum *ctx
    cdef int P = <int>known.shape[0], t, pos, nthreads = check_threads(threads), stop = 0
    _check_deal(live, known, nknown, draws, community, shares)
    _check_counts(wins, ties, P)
    _check_first(first_lo, first_hi, live.shape[0])
    _setup(&proto, live, known, nknown, draws, community, shares, kernel)
    _check_hilo(hilo, P, kernel)
    proto.stop = &stop
    if proto.nslots == 0:
        if first_lo == 0:
            _leaf(&proto)
            _add_enum(&proto, P, wins, ties, hilo)
        return
    nthreads = max(1, min(nthreads, first_hi - first_lo))
    ctx = <_Enum *> malloc(nthreads * sizeof(_Enum))
    if ctx == NULL:
        raise MemoryError()
    for t in range(nthreads):
        ctx[t] = proto
    try:
        with nogil:
            for pos in prange(first_lo, first_hi, num_threads=nthreads, schedule="dynamic"):
                _rec_first(&ctx[threadid()], pos, threadid())
        if stop:
            stud_raise_pending()
        for t in range(nthreads):
            _add_enum(&ctx[t], P, wins, ties, hilo)
    finally:
        free(ctx)


cdef void _add_enum(const _Enum *e, int P, int64_t[::1] wins, int64_t[:, ::1] ties, int64_t[:, ::1] hilo):
    cdef int p, k
    for p in range(P):
        wins[p] += e.wins[p]
        for k in range(P + 1):
            ties[p, k] += e.ties[p][k]
        if hilo is not None:
            for k in range(HL_COLS):
                hilo[p, k] += e.hl[p][k]


# ---------------------------------------------------------------------------------------------
# Hold'em from an empty board: five shared cards, nested loops with a state per level.


cdef void _board5_first(int P, int n, const uint8_t *live, const stud_hand *base, int i0,
                        int64_t *wins, int64_t *ties, int poll, int *stop) noexcept nogil:
    cdef stud_hand s1[MAXP]
    cdef stud_hand s2[MAXP]
    cdef stud_hand s3[MAXP]
    cdef stud_hand s4[MAXP]
    cdef int val[MAXP]
    cdef int i1, i2, i3, i4, p, c4, v0, v1
    for p in range(P):
        s1[p] = stud_hand_add(base[p], live[i0])
    for i1 in range(i0 + 1, n - 3):
        if stop[0] or (poll and _poll(stop)):
            return
        for p in range(P):
            s2[p] = stud_hand_add(s1[p], live[i1])
        for i2 in range(i1 + 1, n - 2):
            for p in range(P):
                s3[p] = stud_hand_add(s2[p], live[i2])
            for i3 in range(i2 + 1, n - 1):
                for p in range(P):
                    s4[p] = stud_hand_add(s3[p], live[i3])
                if P == 2:
                    # heads-up, the benchmark case: no per-player loop in the innermost one
                    for i4 in range(i3 + 1, n):
                        c4 = live[i4]
                        v0 = stud_hand_value(stud_hand_add(s4[0], c4))
                        v1 = stud_hand_value(stud_hand_add(s4[1], c4))
                        if v0 > v1:
                            wins[0] += 1
                        elif v1 > v0:
                            wins[1] += 1
                        else:
                            ties[2] += 1
                else:
                    for i4 in range(i3 + 1, n):
                        c4 = live[i4]
                        for p in range(P):
                            val[p] = stud_hand_value(stud_hand_add(s4[p], c4))
                        _tally(P, val, wins, ties)


def board5_exact(const uint8_t[::1] live not None, const uint8_t[:, ::1] known not None,
                 const int32_t[::1] nknown not None, int first_lo, int first_hi, threads,
                 int64_t[::1] wins not None, int64_t[:, ::1] ties not None):
    """Add the counts of every five-card board whose first card is at a live position in
    [first_lo, first_hi); every player's hand is fully known."""
    cdef int P = <int>known.shape[0], n = <int>live.shape[0], t, p, k, i0, nthreads = check_threads(threads), stop = 0
    cdef stud_hand base[MAXP]
    cdef int64_t *w
    cdef int64_t *tt
    _check_deal(live, known, nknown, None, 5, None)
    _check_counts(wins, ties, P)
    _check_first(first_lo, first_hi, n)
    for p in range(P):
        base[p] = _known_state(known, nknown, p)
    first_hi = min(first_hi, n - 4)
    if first_hi <= first_lo:
        return
    nthreads = max(1, min(nthreads, first_hi - first_lo))
    w = <int64_t *> calloc(nthreads * MAXP, sizeof(int64_t))
    tt = <int64_t *> calloc(nthreads * MAXP * (MAXP + 1), sizeof(int64_t))
    if w == NULL or tt == NULL:
        free(w)
        free(tt)
        raise MemoryError()
    with nogil:
        for i0 in prange(first_lo, first_hi, num_threads=nthreads, schedule="dynamic"):
            t = threadid()
            _board5_first(P, n, &live[0], base, i0, &w[t * MAXP], &tt[t * MAXP * (MAXP + 1)], t == 0, &stop)
    if stop:
        free(w)
        free(tt)
        stud_raise_pending()
    # heads-up ties were counted for player 0 only: both split two ways
    for t in range(nthreads):
        if P == 2:
            tt[t * MAXP * (MAXP + 1) + (MAXP + 1) + 2] = tt[t * MAXP * (MAXP + 1) + 2]
        for p in range(P):
            wins[p] += w[t * MAXP + p]
            for k in range(P + 1):
                ties[p, k] += tt[t * MAXP * (MAXP + 1) + p * (MAXP + 1) + k]
    free(w)
    free(tt)


# ---------------------------------------------------------------------------------------------
# Monte Carlo: a partial Fisher-Yates shuffle of the live cards per deal, one bit generator
# per thread.


cdef struct _Rng:
    stud_bitgen_t *bg
    uint64_t buf
    int have


cdef inline uint32_t _next32(_Rng *r) noexcept nogil:
    """32 random bits: each 64-bit draw of the generator serves twice."""
    if r.have:
        r.have = 0
        return <uint32_t>(r.buf >> 32)
    r.buf = r.bg.next_uint64(r.bg.state)
    r.have = 1
    return <uint32_t>r.buf


cdef inline uint32_t _below(_Rng *r, uint32_t bound) noexcept nogil:
    """Uniform in [0, bound): Lemire's multiply-shift with rejection (no modulo bias)."""
    cdef uint64_t m = <uint64_t>_next32(r) * bound
    cdef uint32_t low = <uint32_t>m, floor_
    if low < bound:
        floor_ = (<uint32_t>0 - bound) % bound
        while low < floor_:
            m = <uint64_t>_next32(r) * bound
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline void _mc_deals(_Rng *rng, uint8_t *deck, int64_t count, int P, int n,
                           const stud_hand *base, const int *draws, int community, const int *shares,
                           int total, int all_share, int64_t *wins, int64_t *ties, const int kernel,
                           int64_t *hl, double *squares) noexcept nogil:
    """``count`` random deals. Called with ``kernel`` a constant at each call site, so the
    compiler makes one copy per kernel with no test of the kernel in the loop."""
    cdef stud_hand st[MAXP]
    cdef stud_hand board
    cdef int val[MAXP]
    cdef int low[MAXP]
    cdef int64_t _deal
    cdef int j, k, p, idx, _card
    cdef uint8_t tmp
    for _deal in range(count):
        # the first `total` places of the deck become a uniform random draw without
        # replacement (the rest of the deck stays a permutation of the live cards)
        for j in range(total):
            k = j + <int>_below(rng, <uint32_t>(n - j))
            tmp = deck[j]
            deck[j] = deck[k]
            deck[k] = tmp
        if community and all_share:
            # shared cards as one partial hand state, added to each player's once
            board.key = 0
            board.bits = 0
            for j in range(community):
                board = stud_hand_add(board, deck[j])
            for p in range(P):
                st[p].key = base[p].key + board.key
                st[p].bits = base[p].bits | board.bits
        else:
            for p in range(P):
                st[p] = base[p]
            for j in range(community):
                for p in range(P):
                    if shares[p]:
                        st[p] = stud_hand_add(st[p], deck[j])
        idx = community
        for p in range(P):
            for _card in range(draws[p]):
                st[p] = stud_hand_add(st[p], deck[idx])
                idx += 1
            _showdown(kernel, st[p], &val[p], &low[p])
        if _hilo(kernel):
            _tally_hilo(P, val, low, hl, squares)
        elif P == 2:
            if val[0] > val[1]:
                wins[0] += 1
            elif val[1] > val[0]:
                wins[1] += 1
            else:
                ties[2] += 1
                ties[MAXP + 1 + 2] += 1
        else:
            _tally(P, val, wins, ties)


cdef void _mc_thread(stud_bitgen_t *bg, int64_t samples, int P, int n, const uint8_t *live,
                     const stud_hand *base, const int *draws, int community, const int *shares,
                     int64_t *wins, int64_t *ties, int kernel, int64_t *hl, double *squares,
                     int poll, int *stop) noexcept nogil:
    cdef uint8_t deck[64]
    cdef int64_t s, end
    cdef int j, p, total = community, all_share = 1
    cdef _Rng rng
    rng.bg = bg
    rng.buf = 0
    rng.have = 0
    for p in range(P):
        total += draws[p]
        if community and not shares[p]:
            all_share = 0
    for j in range(n):
        deck[j] = live[j]
    # Deals in chunks of POLL_MASK + 1 with a look at the stop flag (and, on the calling
    # thread, at pending signals) between chunks: nothing but the deals in the hot loop.
    s = 0
    while s < samples:
        if s and (stop[0] or (poll and _poll(stop))):
            break
        end = s + POLL_MASK + 1
        if end > samples:
            end = samples
        if kernel == KERNEL_HIGH:
            _mc_deals(&rng, deck, end - s, P, n, base, draws, community, shares, total, all_share,
                      wins, ties, KERNEL_HIGH, hl, squares)
        elif kernel == KERNEL_LOW:
            _mc_deals(&rng, deck, end - s, P, n, base, draws, community, shares, total, all_share,
                      wins, ties, KERNEL_LOW, hl, squares)
        elif kernel == KERNEL_LOW27:
            _mc_deals(&rng, deck, end - s, P, n, base, draws, community, shares, total, all_share,
                      wins, ties, KERNEL_LOW27, hl, squares)
        elif kernel == KERNEL_HIGH_LOW:
            _mc_deals(&rng, deck, end - s, P, n, base, draws, community, shares, total, all_share,
                      wins, ties, KERNEL_HIGH_LOW, hl, squares)
        else:
            _mc_deals(&rng, deck, end - s, P, n, base, draws, community, shares, total, all_share,
                      wins, ties, KERNEL_HIGH_LOW8, hl, squares)
        s = end


def monte_carlo(const uint8_t[::1] live not None, const uint8_t[:, ::1] known not None,
                const int32_t[::1] nknown not None, const int32_t[::1] draws not None, int community,
                const uint8_t[::1] shares not None, list bit_generators not None,
                const int64_t[::1] samples not None, int64_t[:, ::1] wins not None, int64_t[:, :, ::1] ties not None,
                int kernel=KERNEL_HIGH, int64_t[:, :, ::1] hilo=None, double[:, ::1] squares=None):
    """Deal samples[t] random deals with bit_generators[t] (its own thread) and add the counts
    to wins[t] (P) and ties[t] (P x (P + 1)); a hi-lo kernel (``kernel``, one of ``KERNELS``'
    values) counts into hilo[t] (P x 6: ``HILO_COLUMNS``) and adds each player's squared pot
    share to squares[t] (P) instead."""
    cdef int P = <int>known.shape[0], n = <int>live.shape[0], T = len(bit_generators), t, p, k, need = community
    cdef stud_hand base[MAXP]
    cdef int cdraws[MAXP]
    cdef int cshares[MAXP]
    cdef stud_bitgen_t **bgs
    cdef int64_t *w
    cdef int64_t *tt
    cdef int64_t *hl
    cdef double *sq
    cdef int stop = 0
    _check_deal(live, known, nknown, draws, community, shares)
    check_threads(T)
    if not KERNEL_HIGH <= kernel <= KERNEL_HIGH_LOW:
        raise ValueError(f"monte_carlo: unknown kernel {kernel}")
    if _hilo(kernel) and (hilo is None or squares is None):
        raise ValueError("monte_carlo: a hi-lo kernel needs hilo and squares arrays")
    if hilo is not None and (hilo.shape[0] != T or hilo.shape[1] != P or hilo.shape[2] != HL_COLS):
        raise ValueError(f"monte_carlo: hilo must have shape ({T}, {P}, {HL_COLS})")
    if squares is not None and (squares.shape[0] != T or squares.shape[1] != P):
        raise ValueError(f"monte_carlo: squares must have shape ({T}, {P})")
    if samples.shape[0] != T or wins.shape[0] != T or ties.shape[0] != T:
        raise ValueError(f"monte_carlo: samples, wins and ties need one row per bit generator ({T})")
    if wins.shape[1] != P or ties.shape[1] != P or ties.shape[2] != P + 1:
        raise ValueError(f"monte_carlo: wins must have shape ({T}, {P}) and ties ({T}, {P}, {P + 1})")
    for t in range(T):
        if not isinstance(bit_generators[t], np.random.BitGenerator):
            raise TypeError(
                f"monte_carlo: bit_generators[{t}] is {type(bit_generators[t]).__name__}, not a numpy BitGenerator"
            )
        if samples[t] < 0:
            raise ValueError(f"monte_carlo: samples[{t}] is {samples[t]}, must be >= 0")
    for p in range(P):
        base[p] = _known_state(known, nknown, p)
        cdraws[p] = draws[p]
        cshares[p] = shares[p] if community > 0 else 0
        need += draws[p]
    if need > n:
        raise ValueError("monte_carlo: more cards to deal than live cards")
    bgs = <stud_bitgen_t **> malloc(T * sizeof(void *))
    w = <int64_t *> calloc(T * MAXP, sizeof(int64_t))
    tt = <int64_t *> calloc(T * MAXP * (MAXP + 1), sizeof(int64_t))
    hl = <int64_t *> calloc(T * MAXP * HL_COLS, sizeof(int64_t))
    sq = <double *> calloc(T * MAXP, sizeof(double))
    try:
        if bgs == NULL or w == NULL or tt == NULL or hl == NULL or sq == NULL:
            raise MemoryError()
        for t in range(T):
            bgs[t] = <stud_bitgen_t *> PyCapsule_GetPointer(bit_generators[t].capsule, "BitGenerator")
        with nogil:
            for t in prange(T, num_threads=T, schedule="static", chunksize=1):
                _mc_thread(bgs[t], samples[t], P, n, &live[0], base, cdraws, community, cshares,
                           &w[t * MAXP], &tt[t * MAXP * (MAXP + 1)], kernel, &hl[t * MAXP * HL_COLS],
                           &sq[t * MAXP], t == 0, &stop)
        if stop:
            stud_raise_pending()
        for t in range(T):
            for p in range(P):
                wins[t, p] += w[t * MAXP + p]
                for k in range(P + 1):
                    ties[t, p, k] += tt[t * MAXP * (MAXP + 1) + p * (MAXP + 1) + k]
                if hilo is not None:
                    for k in range(HL_COLS):
                        hilo[t, p, k] += hl[t * MAXP * HL_COLS + p * HL_COLS + k]
                if squares is not None:
                    squares[t, p] += sq[t * MAXP + p]
    finally:
        free(bgs)
        free(w)
        free(tt)
        free(hl)
        free(sq)
