# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Exact analysis kernels for the banked game (see studeval.caribbean).

How the 2e13 deals are counted without enumerating them:

* Symmetry. The dealer's up card u is put in clubs (x4 for its suit); the player's hand is
  then taken up to a permutation of the other three suits, each class weighted by its orbit.
* Inclusion-exclusion. For one up card, every dealer hand u + H (H four of the other cards)
  is valued once. Tables count, for each set S of at most four cards, the dealer hands that
  hold S with a value below t (cumulative over t for |S| <= 2, sorted lists for |S| = 3, the
  hand itself for |S| = 4). The dealer hands that miss all of a player's cards X are then
  sum over S subset of X of (-1)^|S| count(S, t): 31 terms for five cards, 57 for six.
* The one-card change. The player who changes card d and draws c ends with E - d, where
  E = P + c, and the dealer's cards miss all six cards of E. Everything about that final
  hand depends on (E, d) only, so it is computed once per class of six-card sets E and looked
  up from every (P, d, c) that leads there.

All money is exact integer arithmetic: pays are scaled by an integer D so that halved pays
stay whole, in a 128-bit integer (stud_money, _caribbean.h) where the compiler has one;
the caller checks with MONEY_BITS that its sums fit.
"""
from cython.parallel cimport prange, threadid
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free, malloc

from studeval._core cimport stud_hand, STUD_EMPTY_HAND, stud_hand_add, stud_hand_value, stud_ctz64, stud_popcount64
from studeval._core cimport stud_tables_init
from studeval._core cimport STUD_BINOM as BINOM  # C(n, k), n < 64, k <= 7 (_combin.h)
from studeval._core cimport (STUD_HIGH_VALUES, STUD_ROYAL_FLUSH, STUD_FIRST_STRAIGHT_FLUSH, STUD_FIRST_FOUR_OF_A_KIND,
                             STUD_FIRST_FULL_HOUSE, STUD_FIRST_FLUSH, STUD_FIRST_STRAIGHT,
                             STUD_FIRST_THREE_OF_A_KIND, STUD_FIRST_TWO_PAIR, STUD_FIRST_PAIR)

import numpy as np

stud_tables_init()  # the kernels read studeval._core's lookup tables

cdef enum:
    NV = STUD_HIGH_VALUES + 2  # thresholds t = 0..NV-1 over hand values 1..STUD_HIGH_VALUES
# (the accumulator layout is the public enum Slot, below)

cdef uint64_t SPREAD[8192]     # a 13-bit rank mask spread to card bits 4*rank


cdef void _init_tables() noexcept:
    cdef int n, r
    cdef uint64_t s
    for n in range(8192):
        s = 0
        for r in range(13):
            if n & (1 << r):
                s |= (<uint64_t>1) << (4 * r)
        SPREAD[n] = s

_init_tables()


cdef inline int payline(int v) noexcept nogil:
    """Row of the pay table a hand value is paid from (9 = royal flush)."""
    if v == STUD_ROYAL_FLUSH:
        return 9
    if v >= STUD_FIRST_STRAIGHT_FLUSH:
        return 8
    if v >= STUD_FIRST_FOUR_OF_A_KIND:
        return 7
    if v >= STUD_FIRST_FULL_HOUSE:
        return 6
    if v >= STUD_FIRST_FLUSH:
        return 5
    if v >= STUD_FIRST_STRAIGHT:
        return 4
    if v >= STUD_FIRST_THREE_OF_A_KIND:
        return 3
    if v >= STUD_FIRST_TWO_PAIR:
        return 2
    if v >= STUD_FIRST_PAIR:
        return 1
    return 0


cdef inline int category_of(int v) noexcept nogil:
    cdef int line = payline(v)
    return 8 if line == 9 else line


cdef inline int value_of(const int *cards, int n) noexcept nogil:
    cdef stud_hand h = STUD_EMPTY_HAND
    cdef int i
    for i in range(n):
        h = stud_hand_add(h, cards[i])
    return stud_hand_value(h)


cdef inline int count_less16(const uint16_t *a, int n, int t) noexcept nogil:
    """How many of the sorted a[0..n) are below t."""
    cdef int lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if a[mid] < t:
            lo = mid + 1
        else:
            hi = mid
    return lo


cdef inline int pair_index(int a, int b) noexcept nogil:
    return (b * (b - 1)) // 2 + a


cdef inline int triple_index(int a, int b, int c) noexcept nogil:
    return (c * (c - 1) * (c - 2)) // 6 + (b * (b - 1)) // 2 + a


cdef extern from "_caribbean.h":
    ctypedef long long stud_money  # __int128 where the compiler has one
    int STUD_MONEY_BITS

from studeval._core import check_threads

#: Bits of the kernel's money integer (128 with GCC/Clang, else 64): the caller keeps
#: every scaled sum below 2 ** (MONEY_BITS - 1).
MONEY_BITS = STUD_MONEY_BITS


cpdef enum Slot:
    """The accumulator layout of :func:`play_pass` (int64[NSLOT]), named once here.

    Two blocks of EV_BLOCK events count weighted deals: EV_NO_CHANGE (the player keeps the
    hand) and EV_CHANGE (the player changes a card); inside a block EV_FOLD, EV_NOT_QUALIFY
    (the dealer does not qualify and the ante wins), EV_PUSH, EV_DEALER_WINS, EV_WIN + pay
    line (0 ace-king .. 9 royal flush), and under 004 line 11 EV_NOT_QUALIFY_PUSH (a tie with
    a dealer who does not qualify) and EV_NOT_QUALIFY_LOSS (a dealer who does not qualify
    but holds the better hand: the ante loses). Then situations (player hand and up card,
    weighted by suit symmetry): ST_RAISE (raises without a change), ST_CHANGE (changes a
    card), ST_TIES (decided on an exact tie of expectations), ST_CAT_ALL / ST_CAT_CHANGE /
    ST_CAT_RAISE + hand category (dealt hands, of which changed, of which raised unchanged)
    and ST_RAISE_AFTER_CHANGE (draws after which the player raises, each weighted like a
    situation: divide by the number of draws).
    """
    EV_BLOCK = 16
    EV_NO_CHANGE = 0
    EV_CHANGE = 16
    EV_FOLD = 0
    EV_NOT_QUALIFY = 1
    EV_PUSH = 2
    EV_DEALER_WINS = 3
    EV_WIN = 4
    EV_NOT_QUALIFY_PUSH = 14
    EV_NOT_QUALIFY_LOSS = 15
    ST_RAISE = 32
    ST_CHANGE = 33
    ST_TIES = 34
    ST_CAT_ALL = 35
    ST_CAT_CHANGE = 44
    ST_CAT_RAISE = 53
    ST_RAISE_AFTER_CHANGE = 62
    NSLOT = 64


cdef struct Tabs:
    int up                 # the dealer's up card
    int m                  # cards in the deck other than the up card
    uint32_t *cum0         # [NV]: dealer hands with value < t
    uint16_t *cum1         # [52][NV]: ... that hold card a
    uint16_t *cum2         # [1326][NV]: ... that hold cards a < b
    uint16_t *l3           # [22100][l3len]: sorted values of the hands that hold a < b < c
    int l3len
    # [22100]: how many of each l3 row are below the threshold l3q_for (-1: none yet). Every
    # hand is counted below the qualifier, and each count from here is one load, not a search
    # of a row that is seldom in the cache
    uint16_t *l3q
    int l3q_for


cdef void count_below(const Tabs *T, const int *x, int nx, const int *ts, int nt,
                      int64_t *out) noexcept nogil:
    """out[i] = dealer hands (up card + 4 of the other cards) missing every card of the sorted
    x[0..nx) with value below ts[i]: inclusion-exclusion over the subsets of x of size <= 4."""
    cdef const uint16_t *rows1[6]
    cdef const uint16_t *rows2[15]
    cdef const uint16_t *rows3[20]
    cdef int trips[20]
    cdef int at[20]
    cdef int quad[15]
    cdef int q[5]
    cdef int n2 = 0, n3 = 0, n4 = 0, i, j, k, h, ti, t
    cdef int64_t acc
    for i in range(nx):
        rows1[i] = T.cum1 + x[i] * NV
        for j in range(i + 1, nx):
            rows2[n2] = T.cum2 + pair_index(x[i], x[j]) * NV
            n2 += 1
            for k in range(j + 1, nx):
                trips[n3] = triple_index(x[i], x[j], x[k])
                rows3[n3] = T.l3 + trips[n3] * T.l3len
                n3 += 1
                for h in range(k + 1, nx):
                    q[0] = T.up
                    q[1] = x[i]
                    q[2] = x[j]
                    q[3] = x[k]
                    q[4] = x[h]
                    quad[n4] = value_of(q, 5)
                    n4 += 1
    for ti in range(nt):
        t = ts[ti]
        acc = T.cum0[t]
        for i in range(nx):
            acc -= rows1[i][t]
        for i in range(n2):
            acc += rows2[i][t]
        if t == T.l3q_for:
            for i in range(n3):
                acc -= T.l3q[trips[i]]
        elif ti > 0 and t == ts[ti - 1] + 1 and ts[ti - 1] != T.l3q_for:
            # the next value up (below and at a hand's value): step over the values equal to
            # t - 1 from where the search for t - 1 ended, in a row just read
            for i in range(n3):
                while at[i] < T.l3len and rows3[i][at[i]] < t:
                    at[i] += 1
                acc -= at[i]
        else:
            for i in range(n3):
                at[i] = count_less16(rows3[i], T.l3len, t)
                acc -= at[i]
        for i in range(n4):
            acc += quad[i] < t
        out[ti] = acc


def _deck_cards(deck, what="deck"):
    """The cards of a uint8 deck array as a list, checked: distinct, each 0..51."""
    arr = np.asarray(deck)
    if arr.ndim != 1 or arr.dtype != np.uint8:
        raise TypeError(f"the {what} must be a one-dimensional uint8 array, got {arr.dtype} of shape {arr.shape}")
    cards = [int(c) for c in arr]
    if len(cards) > 52 or any(c > 51 for c in cards) or len(set(cards)) != len(cards):
        raise ValueError(f"the {what} must hold distinct cards 0..51, got {cards}")
    return cards


def _card_rows(rows, k, deck, what):
    """Check a (N, k) uint8 array of strictly increasing cards, all from ``deck``."""
    arr = np.asarray(rows)
    if arr.ndim != 2 or arr.shape[1] != k or arr.dtype != np.uint8:
        raise ValueError(f"the {what} must be a uint8 array of shape (N, {k}), got {arr.dtype} of shape {arr.shape}")
    if len(arr):
        # one pass in C (the analysis checks every pass's hands: numpy's diff and isin over
        # them cost a good part of the analysis); the same two errors, in the same order
        bad = _bad_rows(np.ascontiguousarray(arr), [int(c) for c in deck])
        if bad == 1:
            raise ValueError(f"each row of the {what} must hold {k} distinct cards in increasing order")
        if bad == 2:
            raise ValueError(f"the {what} hold cards outside the deck")


cdef int _bad_rows(const uint8_t[:, ::1] a, list deck):
    """0 if every row is strictly increasing and every card is in the deck; else 1 when a
    row is not increasing, 2 when only a card is outside the deck."""
    cdef uint64_t mask[4]
    cdef Py_ssize_t i, j, n = a.shape[0], k = a.shape[1]
    cdef int c, outside = 0
    mask[0] = mask[1] = mask[2] = mask[3] = 0
    for c in deck:
        if 0 <= c < 256:
            mask[c >> 6] |= (<uint64_t>1) << (c & 63)
    with nogil:
        for i in range(n):
            for j in range(k):
                c = a[i, j]
                if j and c <= a[i, j - 1]:
                    return 1
                if not (mask[c >> 6] >> (c & 63)) & 1:
                    outside = 1
    return 2 if outside else 0


cdef class UpCardTables:
    """Counting tables of the dealer hands that hold one up card, over a deck of cards."""
    cdef Tabs T
    cdef readonly int up
    cdef readonly int deck_size
    cdef readonly bytes deck_cards

    def __cinit__(self, deck, up):
        cdef int n, m = 0, i, j, k, h, v, a, b, c, upc
        cdef int others[52]
        cdef int quad[4]
        cdef int trip
        cdef stud_hand h0, h1, h2, h3
        cdef uint16_t *fill
        cdef uint16_t *row
        self.T.l3q = NULL
        self.T.l3q_for = -1
        cards = _deck_cards(deck)
        if isinstance(up, bool) or not isinstance(up, int):
            raise TypeError(f"the up card must be an int, got {up!r}")
        if up not in cards:
            raise ValueError(f"the up card {up} is not in the deck")
        if len(cards) < 12:
            raise ValueError(f"the deck needs at least 12 cards, got {len(cards)}")
        n = len(cards)
        upc = up
        self.up = up
        self.deck_size = n
        self.deck_cards = bytes(cards)
        for i in range(n):
            if cards[i] != up:
                others[m] = cards[i]
                m += 1
        self.T.up = up
        self.T.m = m
        self.T.l3len = m - 3
        self.T.cum0 = <uint32_t *>calloc(NV, sizeof(uint32_t))
        self.T.cum1 = <uint16_t *>calloc(52 * NV, sizeof(uint16_t))
        self.T.cum2 = <uint16_t *>calloc(1326 * NV, sizeof(uint16_t))
        self.T.l3 = <uint16_t *>calloc(22100 * max(m - 3, 1), sizeof(uint16_t))
        fill = <uint16_t *>calloc(22100, sizeof(uint16_t))
        if not (self.T.cum0 and self.T.cum1 and self.T.cum2 and self.T.l3 and fill):
            free(fill)
            raise MemoryError()
        with nogil:
            h0 = stud_hand_add(STUD_EMPTY_HAND, upc)
            for i in range(m):
                h1 = stud_hand_add(h0, others[i])
                for j in range(i + 1, m):
                    h2 = stud_hand_add(h1, others[j])
                    for k in range(j + 1, m):
                        h3 = stud_hand_add(h2, others[k])
                        for h in range(k + 1, m):
                            v = stud_hand_value(stud_hand_add(h3, others[h]))
                            quad[0] = others[i]
                            quad[1] = others[j]
                            quad[2] = others[k]
                            quad[3] = others[h]
                            # histograms now, cumulated below: slot v + 1 counts value v
                            self.T.cum0[v + 1] += 1
                            for a in range(4):
                                self.T.cum1[quad[a] * NV + v + 1] += 1
                                for b in range(a + 1, 4):
                                    for c in range(b + 1, 4):
                                        trip = triple_index(quad[a], quad[b], quad[c])
                                        self.T.l3[trip * self.T.l3len + fill[trip]] = v
                                        fill[trip] += 1
            for v in range(1, NV):
                self.T.cum0[v] += self.T.cum0[v - 1]
            for a in range(52):
                for v in range(1, NV):
                    self.T.cum1[a * NV + v] += self.T.cum1[a * NV + v - 1]
            # the pairs' counts one pair at a time: each hand is valued again for each of its six
            # pairs, but every count goes to one row in the cache, not to a random row of 20 MB
            for i in range(m):
                h1 = stud_hand_add(h0, others[i])
                for j in range(i + 1, m):
                    h2 = stud_hand_add(h1, others[j])
                    row = self.T.cum2 + pair_index(others[i], others[j]) * NV
                    for k in range(m):
                        if k == i or k == j:
                            continue
                        h3 = stud_hand_add(h2, others[k])
                        for h in range(k + 1, m):
                            if h != i and h != j:
                                row[stud_hand_value(stud_hand_add(h3, others[h])) + 1] += 1
                    for v in range(1, NV):
                        row[v] += row[v - 1]
            for trip in range(22100):
                _insertion_sort(self.T.l3 + trip * self.T.l3len, fill[trip])
        free(fill)

    def __dealloc__(self):
        free(self.T.cum0)
        free(self.T.cum1)
        free(self.T.cum2)
        free(self.T.l3)
        free(self.T.l3q)

    cdef Tabs *at_qualifier(self, int qualify) except NULL:
        """The tables, with the counts below ``qualify`` of the three-card rows made the first
        time a pass asks (with the GIL held, before any thread reads them; never changed
        after, so a pass for another qualifier searches the rows as before)."""
        cdef int trip
        cdef uint16_t *counts
        if self.T.l3q_for < 0:
            counts = <uint16_t *>malloc(22100 * sizeof(uint16_t))
            if counts == NULL:
                raise MemoryError()
            for trip in range(22100):
                counts[trip] = <uint16_t>count_less16(self.T.l3 + trip * self.T.l3len, self.T.l3len, qualify)
            self.T.l3q = counts
            self.T.l3q_for = qualify
        return &self.T

    def count_below(self, cards, thresholds):
        """Dealer hands missing all of ``cards`` (distinct deck cards, not the up card) valued
        below each threshold (0..7463): for tests."""
        cdef int x[6]
        cdef int ts[32]
        cdef int64_t out[32]
        cdef int i
        cs = sorted(cards)
        thresholds = list(thresholds)
        if len(cs) > 6 or len(thresholds) > 32:
            raise ValueError("at most six cards and 32 thresholds")
        if any(isinstance(c, bool) or not isinstance(c, int) for c in cs + thresholds):
            raise TypeError("cards and thresholds must be ints")
        if len(set(cs)) != len(cs) or any(c not in self.deck_cards or c == self.up for c in cs):
            raise ValueError(f"the cards must be distinct deck cards other than the up card, got {cs}")
        if any(not 0 <= t < NV for t in thresholds):
            raise ValueError(f"thresholds must be 0..{NV - 1}, got {thresholds}")
        for i in range(len(cs)):
            x[i] = cs[i]
        for i in range(len(thresholds)):
            ts[i] = thresholds[i]
        count_below(&self.T, x, len(cs), ts, len(thresholds), out)
        return [out[i] for i in range(len(thresholds))]


cdef void _insertion_sort(uint16_t *a, int n) noexcept nogil:
    cdef int i, j
    cdef uint16_t key
    for i in range(1, n):
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key


def canonical_hands(deck, k):
    """Every k-card set of the deck (k = 5 or 6) up to a permutation of hearts, diamonds and
    spades (clubs fixed), as (cards uint8[N, k] sorted, orbit sizes uint8[N])."""
    cdef int n, i, pass_, s, kk
    cdef int idx[8]
    cdef int dk[52]
    cdef unsigned m[4]
    cdef int64_t found
    cdef uint8_t[:, ::1] cards_v
    cdef uint8_t[::1] orbit_v
    cards_list = sorted(_deck_cards(deck))
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"the subset size must be an int, got {k!r}")
    n = len(cards_list)
    if k not in (5, 6) or n < k:
        raise ValueError(f"the subset size must be 5 or 6 and at most the deck size {n}, got {k}")
    kk = k
    for i in range(n):
        dk[i] = cards_list[i]
    cards = None
    orbit = None
    for pass_ in range(2):
        found = 0
        for i in range(kk):
            idx[i] = i
        while True:
            m[0] = m[1] = m[2] = m[3] = 0
            for i in range(kk):
                m[dk[idx[i]] & 3] |= 1u << (dk[idx[i]] >> 2)
            if m[1] >= m[2] and m[2] >= m[3]:
                if pass_ == 1:
                    for i in range(kk):
                        cards_v[found, i] = dk[idx[i]]
                    if m[1] == m[2] and m[2] == m[3]:
                        orbit_v[found] = 1
                    elif m[1] == m[2] or m[2] == m[3]:
                        orbit_v[found] = 3
                    else:
                        orbit_v[found] = 6
                found += 1
            # next combination in lexicographic order
            i = kk - 1
            while i >= 0 and idx[i] == n - kk + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for s in range(i + 1, kk):
                idx[s] = idx[s - 1] + 1
        if pass_ == 0:
            cards = np.zeros((found, kk), dtype=np.uint8)
            orbit = np.zeros(found, dtype=np.uint8)
            cards_v = cards
            orbit_v = orbit
    return cards, orbit


def six_card_index(sets):
    """Map colex rank (over the 52 cards) of each canonical six-card set to its row."""
    cdef Py_ssize_t i, n
    cdef int j
    cdef int64_t r
    cdef const uint8_t[:, ::1] sv
    _card_rows(sets, 6, range(52), "six-card sets")
    sv = np.ascontiguousarray(sets)
    n = sv.shape[0]
    if n >= 2 ** 31 - 1:
        raise ValueError(f"too many six-card sets: {n}")
    index = np.full(BINOM[52][6], -1, dtype=np.int32)
    cdef int32_t[::1] iv = index
    for i in range(n):
        r = 0
        for j in range(6):
            r += BINOM[sv[i, j]][j + 1]
        if iv[r] >= 0:
            raise ValueError(f"six-card set {list(sets[i])} is given twice")
        iv[r] = <int32_t>i
    return index


cdef bint _index_maps(const int32_t[::1] index, const uint8_t[:, ::1] sets):
    """Whether ``index`` is six_card_index(sets): each set's colex rank holds its row, and every
    other entry is -1 (as many entries at a row as rows, none below -1)."""
    cdef Py_ssize_t i, n = sets.shape[0], held = 0
    cdef int j
    cdef int64_t r
    with nogil:
        for i in range(n):
            r = 0
            for j in range(6):
                r += BINOM[sets[i, j]][j + 1]
            if index[r] != i:
                return False
        for i in range(index.shape[0]):
            if index[i] < -1:
                return False
            held += index[i] >= 0
    return held == n


cdef struct SixData:
    # per canonical six-card set E, in the order of E's sorted cards j = 0..5
    uint32_t *nq          # dealer hands missing E that do not qualify
    # [6] qualifying dealer hands below the value of E minus card j (when that value does not
    # qualify and with winning_antes: the non-qualifying dealer hands below it)
    uint32_t *lt
    uint32_t *eq          # [6] dealer hands equal to it
    uint16_t *tv          # [6] value of E minus card j
    const int32_t *index  # colex rank -> row


cdef void _six_one(const Tabs *T, const uint8_t *e, int qualify, bint winning_antes, SixData *S,
                   Py_ssize_t row) noexcept nogil:
    cdef int x[6]
    cdef int five[5]
    cdef int ts[13]
    cdef int64_t out[13]
    cdef int j, i, k, nt = 1, tv
    cdef int slot_lt[6]
    for j in range(6):
        x[j] = e[j]
    ts[0] = qualify
    for j in range(6):
        k = 0
        for i in range(6):
            if i != j:
                five[k] = x[i]
                k += 1
        tv = value_of(five, 5)
        S.tv[row * 6 + j] = tv
        slot_lt[j] = -1
        if tv >= qualify or winning_antes:
            slot_lt[j] = nt
            ts[nt] = tv
            ts[nt + 1] = tv + 1
            nt += 2
    count_below(T, x, 6, ts, nt, out)
    S.nq[row] = <uint32_t>out[0]
    for j in range(6):
        if slot_lt[j] < 0:
            S.lt[row * 6 + j] = 0
            S.eq[row * 6 + j] = 0
        elif S.tv[row * 6 + j] >= qualify:
            S.lt[row * 6 + j] = <uint32_t>(out[slot_lt[j]] - out[0])
            S.eq[row * 6 + j] = <uint32_t>(out[slot_lt[j] + 1] - out[slot_lt[j]])
        else:  # below the qualifier: counts among the dealer hands that do not qualify
            S.lt[row * 6 + j] = <uint32_t>out[slot_lt[j]]
            S.eq[row * 6 + j] = <uint32_t>(out[slot_lt[j] + 1] - out[slot_lt[j]])


cdef class SixCardStore:
    """Per up card: dealer counts for every canonical six-card set (the change variant)."""
    cdef SixData S
    cdef object _arrays
    cdef object _sets
    cdef bytes _cards
    cdef readonly Py_ssize_t rows
    # what the store was last filled for: play_pass refuses anything else
    cdef readonly object filled_for
    cdef readonly int filled_qualify
    cdef readonly bint filled_winning_antes

    def __init__(self, sets, index):
        _card_rows(sets, 6, range(52), "six-card sets")
        index_arr = np.asarray(index)
        if index_arr.dtype != np.int32 or index_arr.shape != (BINOM[52][6],):
            raise ValueError(
                f"the index must be int32 of shape ({BINOM[52][6]},), "
                f"got {index_arr.dtype} of shape {index_arr.shape}"
            )
        sets_arr = np.ascontiguousarray(sets)
        self.rows = sets_arr.shape[0]
        # one read of the index, not a second index built to compare with (81 MB, twice the time)
        if not _index_maps(np.ascontiguousarray(index_arr), sets_arr):
            raise ValueError("the index does not map these six-card sets (build it with six_card_index)")
        nq = np.zeros(self.rows, dtype=np.uint32)
        lt = np.zeros(self.rows * 6, dtype=np.uint32)
        eq = np.zeros(self.rows * 6, dtype=np.uint32)
        tv = np.zeros(self.rows * 6, dtype=np.uint16)
        index_arr = np.ascontiguousarray(index_arr)
        self._sets = sets_arr
        self._cards = bytes(np.nonzero(np.bincount(sets_arr.ravel(), minlength=52))[0].astype(np.uint8).tolist())
        self._arrays = (nq, lt, eq, tv, index_arr)
        self.filled_for = None
        cdef uint32_t[::1] nqv = nq, ltv = lt, eqv = eq
        cdef uint16_t[::1] tvv = tv
        cdef const int32_t[::1] ixv = index_arr
        if self.rows:
            self.S.nq = &nqv[0]
            self.S.lt = &ltv[0]
            self.S.eq = &eqv[0]
            self.S.tv = &tvv[0]
        self.S.index = &ixv[0]

    def fill(self, UpCardTables tables, sets, qualify, threads, winning_antes=False):
        """Count the dealer hands for every set that misses the up card. ``sets`` must be the
        sets the store was built with; ``winning_antes`` also counts, for hands that do not
        qualify, the dealer hands below and equal (004 line 11)."""
        cdef Py_ssize_t i, n = self.rows
        cdef int up, q, nthreads
        cdef bint wa
        cdef const Tabs *T
        cdef Tabs tabs
        cdef SixData *S = &self.S
        cdef const uint8_t[:, ::1] sv
        if tables is None:
            raise TypeError("fill needs the up card's tables")
        sets_arr = np.asarray(sets)
        if sets_arr is not self._sets and not (sets_arr.shape == self._sets.shape and sets_arr.dtype == np.uint8
                                               and np.array_equal(sets_arr, self._sets)):
            raise ValueError("fill takes the six-card sets the store was built with")
        if not set(self._cards) <= set(tables.deck_cards):
            raise ValueError("the six-card sets hold cards outside the tables' deck")
        q = _qualifier(qualify)
        nthreads = check_threads(threads)
        if not isinstance(winning_antes, bool):
            raise TypeError(f"winning_antes must be True or False, got {winning_antes!r}")
        wa = winning_antes
        up = tables.up
        tabs = tables.at_qualifier(q)[0]  # a copy: what this fill reads cannot change under it
        T = &tabs
        sv = self._sets
        for i in prange(n, nogil=True, num_threads=nthreads, schedule="dynamic", chunksize=2048):
            if not _has_card(&sv[i, 0], 6, up):
                _six_one(T, &sv[i, 0], q, wa, S, i)
        self.filled_for = tables
        self.filled_qualify = q
        self.filled_winning_antes = wa

    def arrays(self):
        return self._arrays


def _qualifier(qualify):
    if isinstance(qualify, bool) or not isinstance(qualify, int):
        raise TypeError(f"the qualifying value must be an int, got {qualify!r}")
    if not 1 <= qualify <= STUD_HIGH_VALUES:
        raise ValueError(f"the qualifying value must be 1..{STUD_HIGH_VALUES}, got {qualify}")
    return qualify


cdef bint _orbits_ok(const uint8_t[::1] o):
    """Whether every orbit size is 1, 3 or 6 (one pass in C, like _bad_rows)."""
    cdef Py_ssize_t i
    cdef uint8_t v
    with nogil:
        for i in range(o.shape[0]):
            v = o[i]
            if v != 1 and v != 3 and v != 6:
                return False
    return True


cdef inline bint _has_card(const uint8_t *cards, int n, int card) noexcept nogil:
    cdef int i
    for i in range(n):
        if cards[i] == card:
            return True
    return False


cdef struct Game:
    stud_money D               # money scale
    stud_money pay[10]         # pay line -> D * pay
    stud_money half[10]        # the same after a change
    int narrow                 # every sum fits an int64: the same money in 64-bit arithmetic
    int64_t D64
    int64_t pay64[10]
    int64_t half64[10]
    int qualify
    int mode                   # 0 optimal, 1 raise when the hand value >= threshold
    int threshold
    int change                 # analyse the one-card change
    int winning_antes          # 004 line 11: a dealer who does not qualify pays only the antes that beat him
    int64_t T5                 # dealer hands missing the player's five cards
    int64_t T6                 # ... missing six cards
    int64_t draws              # cards the replacement comes from
    int64_t scale              # no-change counts -> the (draw, dealer hand) space
    int ndeck
    int deck[52]
    int bad_lookup             # set when a six-card set is missing from the store


cdef struct Split:
    # how T dealer hands fall against one player hand
    int64_t nq_win             # do not qualify, the ante wins
    int64_t nq_push            # do not qualify, tie (line 11 only)
    int64_t nq_loss            # do not qualify, better than the player (line 11 only)
    int64_t lt                 # qualify, below the player
    int64_t eq                 # qualify, equal
    int64_t gt                 # qualify, above


cdef inline void split_of(const Game *G, int64_t T, int p, int64_t nq, int64_t lt, int64_t eq,
                          Split *s) noexcept nogil:
    """Split T dealer hands against a player value p, from nq (not qualifying) and lt, eq:
    below and equal to p among the qualifying hands when p qualifies, else (line 11 only)
    among the hands that do not qualify."""
    s.nq_push = 0
    s.nq_loss = 0
    if p >= G.qualify:
        s.nq_win = nq
        s.lt = lt
        s.eq = eq
    elif G.winning_antes:
        s.nq_win = lt
        s.nq_push = eq
        s.nq_loss = nq - lt - eq
        s.lt = 0
        s.eq = 0
    else:
        s.nq_win = nq
        s.lt = 0
        s.eq = 0
    s.gt = T - nq - s.lt - s.eq


cdef inline stud_money raise_money(const Game *G, int line, bint changed, const Split *s) noexcept nogil:
    """Raise result summed over the split's dealer hands, in units of 1/D ante (in 64 bits
    when the caller found that every sum fits: the usual pay tables)."""
    cdef int64_t pay64
    cdef stud_money pay
    if G.narrow:
        pay64 = G.half64[line] if changed else G.pay64[line]
        return <stud_money>(G.D64 * (s.nq_win - s.nq_loss) + s.lt * (G.D64 + 2 * pay64) - 3 * G.D64 * s.gt)
    pay = G.half[line] if changed else G.pay[line]
    return G.D * (s.nq_win - s.nq_loss) + s.lt * (G.D + 2 * pay) - 3 * G.D * s.gt


cdef inline void add_events(int64_t *acc, int64_t w, int line, const Split *s) noexcept nogil:
    acc[<int>EV_NOT_QUALIFY] += w * s.nq_win
    acc[<int>EV_NOT_QUALIFY_PUSH] += w * s.nq_push
    acc[<int>EV_NOT_QUALIFY_LOSS] += w * s.nq_loss
    acc[<int>EV_PUSH] += w * s.eq
    acc[<int>EV_DEALER_WINS] += w * s.gt
    acc[<int>EV_WIN + line] += w * s.lt


cdef inline int six_lookup(const SixData *S, const unsigned *suit_ranks, int drawn, int *suit_map,
                           uint64_t *six_cards) noexcept nogil:
    """Row of the canonical form of the six cards P + drawn (P given by the rank masks of its
    suits); suit_map gets the suit permutation that leads there, six_cards the canonical
    cards as bits (card 4 * rank + suit at bit 4 * rank + suit)."""
    cdef unsigned m[4]
    cdef int o0 = 1, o1 = 2, o2 = 3, i
    cdef uint64_t cards, bits
    cdef int64_t colex = 0
    m[0] = suit_ranks[0]
    m[1] = suit_ranks[1]
    m[2] = suit_ranks[2]
    m[3] = suit_ranks[3]
    m[drawn & 3] |= 1u << (drawn >> 2)
    # sort suits 1..3 by rank mask, largest first
    if m[o0] < m[o1]:
        o0, o1 = o1, o0
    if m[o1] < m[o2]:
        o1, o2 = o2, o1
    if m[o0] < m[o1]:
        o0, o1 = o1, o0
    suit_map[0] = 0
    suit_map[o0] = 1
    suit_map[o1] = 2
    suit_map[o2] = 3
    cards = SPREAD[m[0]] | (SPREAD[m[o0]] << 1) | (SPREAD[m[o1]] << 2) | (SPREAD[m[o2]] << 3)
    six_cards[0] = cards
    bits = cards
    for i in range(6):
        colex += BINOM[stud_ctz64(bits)][i + 1]
        bits &= bits - 1
    return S.index[colex]


cdef inline int position_in_six(uint64_t six_cards, const int *suit_map, int card) noexcept nogil:
    """Where ``card``, taken to the canonical suits by suit_map, stands among the six cards
    (0 = the lowest): the column of the six-card tables for the hand without it."""
    cdef int bit = 4 * (card >> 2) + suit_map[card & 3]
    return stud_popcount64(six_cards & (((<uint64_t>1) << bit) - 1))


cdef void split_kept(const Tabs *T, const Game *G, const int *hand, int value, Split *s) noexcept nogil:
    """How the T5 dealer hands that miss the five cards of ``hand`` (worth ``value``) fall
    against it: counts below the qualifier, and below and at the hand's value."""
    cdef int thresholds[3]
    cdef int64_t below[3]
    cdef int n = 1
    cdef int64_t lt = 0, eq = 0
    thresholds[0] = G.qualify
    if value >= G.qualify or G.winning_antes:
        thresholds[1] = value
        thresholds[2] = value + 1
        n = 3
    count_below(T, hand, 5, thresholds, n, below)
    if n == 3:
        # a qualifying hand is compared with the qualifying dealer hands; under line 11 a
        # hand that does not qualify with the others (split_of)
        lt = below[1] - below[0] if value >= G.qualify else below[1]
        eq = below[2] - below[1]
    split_of(G, G.T5, value, below[0], lt, eq, s)


cdef inline bint each_draw(const Tabs *T, const Game *G, const SixData *S, const int *hand,
                           int first, int end, stud_money *money, int64_t w, int64_t *acc) noexcept nogil:
    """The one-card change of each card hand[d], d in first..end-1, for every card c the
    player can draw: the final hand P - d + c against the T6 dealer hands that miss P + c,
    raised if that is worth more than folding it. Adds the money to money[d]; with ``acc``,
    also counts each final outcome, weighted w. False if a six-card set is not in the store.
    (Inlined: each caller gets its own copy, the one without ``acc`` free of its branches.)"""
    cdef stud_money fold_changed = -G.D * G.T6  # the ante lost against each dealer hand
    cdef stud_money raise_changed
    cdef stud_money sums[5]
    cdef unsigned suit_ranks[4]
    cdef int suit_map[4]
    cdef uint64_t six_cards
    cdef int k, d, drawn, row, col, value, line
    cdef Split s
    suit_ranks[0] = suit_ranks[1] = suit_ranks[2] = suit_ranks[3] = 0
    for d in range(5):
        suit_ranks[hand[d] & 3] |= 1u << (hand[d] >> 2)
        sums[d] = 0
    for k in range(G.ndeck):
        drawn = G.deck[k]
        if drawn == T.up or _has_int(hand, 5, drawn):
            continue
        row = six_lookup(S, suit_ranks, drawn, suit_map, &six_cards)
        if row < 0:
            return False
        for d in range(first, end):
            col = row * 6 + position_in_six(six_cards, suit_map, hand[d])
            value = S.tv[col]
            line = payline(value)
            split_of(G, G.T6, value, S.nq[row], S.lt[col], S.eq[col], &s)
            raise_changed = raise_money(G, line, True, &s)
            if raise_changed > fold_changed:
                sums[d] += raise_changed
                if acc != NULL:
                    acc[<int>ST_RAISE_AFTER_CHANGE] += w
                    add_events(acc + <int>EV_CHANGE, w, line, &s)
            else:
                sums[d] += fold_changed
                if acc != NULL:
                    acc[<int>EV_CHANGE + <int>EV_FOLD] += w * G.T6
    for d in range(first, end):
        money[d] += sums[d]
    return True


cdef int best_change(const Game *G, stud_money keep, const stud_money *change, int64_t w,
                     int64_t *acc) noexcept nogil:
    """The card whose change is worth most, or -1 to keep the hand (ties go to keeping, then
    to the first card); each exact tie with the play chosen counts once in ST_TIES."""
    cdef int d, best_d = -1
    cdef stud_money best = keep
    for d in range(5):
        if change[d] > best:
            best = change[d]
            best_d = d
    if best_d >= 0 or G.mode == 0:  # a threshold player's keep is no optimum to tie with
        for d in range(5):
            if d != best_d and change[d] == best:
                acc[<int>ST_TIES] += w
    return best_d


cdef void _player_one(const Tabs *T, Game *G, const SixData *S, const uint8_t *cards,
                      int64_t w, int64_t *acc) noexcept nogil:
    """Decide one player hand P against the up card and add its outcomes, weighted w.

    Money is in units of 1/D ante, summed over dealer hands H. Raising wins the ante when H
    does not qualify (under 004 line 11 only if P beats H, and loses it if H beats P),
    wins the ante and pay(P) times the raise (twice the ante) when H qualifies and P beats
    it, pushes on a tie, loses ante and raise when H beats P; folding loses the ante.
    Keeping P, over the T5 dealer hands that miss it:

        keep(P)      = max(raise(P), -D T5)        (mode 1: raise when value(P) >= threshold)

    Changing card d costs a second ante, lost whatever comes, and the raise then pays the
    halved table (raise'); over the draws c (the cards neither in P nor the up card) and
    the T6 dealer hands that miss P + c:

        change(P, d) = sum over c of max(raise'(P - d + c), -D T6)  -  D T6 draws

    The player plays the largest of scale keep(P) (the same money in the (draw, dealer
    hand) space) and the change(P, d).
    """
    cdef int hand[5]
    cdef int d, value, line, best_d = -1
    cdef Split kept
    cdef stud_money raise_kept, fold_kept, keep
    cdef stud_money change[5]
    cdef stud_money replayed[5]
    cdef bint raises
    for d in range(5):
        hand[d] = cards[d]
    value = value_of(hand, 5)
    line = payline(value)
    split_kept(T, G, hand, value, &kept)
    raise_kept = raise_money(G, line, False, &kept)
    fold_kept = -G.D * G.T5
    if G.mode == 0:
        raises = raise_kept > fold_kept
        if raise_kept == fold_kept:
            acc[<int>ST_TIES] += w
    else:
        raises = value >= G.threshold
    keep = raise_kept if raises else fold_kept
    acc[<int>ST_CAT_ALL + category_of(value)] += w
    if G.change:
        for d in range(5):
            change[d] = -G.D * G.T6 * G.draws  # the change wager, lost whatever comes
        if not each_draw(T, G, S, hand, 0, 5, change, 0, NULL):
            G.bad_lookup = 1
            return
        best_d = best_change(G, keep * G.scale, change, w, acc)
    if best_d < 0:
        if raises:
            acc[<int>ST_RAISE] += w
            acc[<int>ST_CAT_RAISE + category_of(value)] += w
            add_events(acc + <int>EV_NO_CHANGE, w * G.scale, line, &kept)
        else:
            acc[<int>EV_NO_CHANGE + <int>EV_FOLD] += w * G.scale * G.T5
        return
    # the change of card best_d: its draws again, counting each final outcome
    acc[<int>ST_CHANGE] += w
    acc[<int>ST_CAT_CHANGE + category_of(value)] += w
    replayed[best_d] = 0
    each_draw(T, G, S, hand, best_d, best_d + 1, replayed, w, acc)


cdef inline bint _has_int(const int *cards, int n, int card) noexcept nogil:
    cdef int i
    for i in range(n):
        if cards[i] == card:
            return True
    return False


cdef stud_money _to_money(value) except? -1:
    """A non-negative Python int below 2 ** (MONEY_BITS - 1) as stud_money."""
    cdef stud_money out = 0
    cdef int shift
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"money must be an int, got {value!r}")
    if not 0 <= value < 2 ** (STUD_MONEY_BITS - 1):
        raise ValueError(f"money {value} does not fit the kernel's {STUD_MONEY_BITS}-bit integer")
    for shift in (124, 62, 0):  # 62 bits at a time, each fits an int64
        out = (out << 62) | <stud_money>(<int64_t>((value >> shift) & (2 ** 62 - 1)))
    return out


def play_pass(UpCardTables tables, SixCardStore store, hands, orbit, deck, pay, half, D,
              qualify, mode, threshold, change, threads, winning_antes=False):
    """Decide every canonical player hand against the up card; returns the summed weighted
    accumulators (int64[NSLOT], laid out as :class:`Slot`); each hand weighs its orbit times 4
    (the up card's suit). Money (D and the scaled pays) is checked to fit MONEY_BITS; the
    caller keeps the sums below it (the analysis bounds them before calling)."""
    cdef Game G
    cdef int i, nthreads, m
    cdef Py_ssize_t h, n
    cdef int up
    cdef const Tabs *T
    cdef Tabs tabs
    cdef const SixData *S = NULL
    cdef int64_t *acc
    cdef int tid
    cdef const uint8_t[:, ::1] hv
    cdef const uint8_t[::1] ov
    if tables is None:
        raise TypeError("play_pass needs the up card's tables")
    deck_list = _deck_cards(deck)
    if bytes(deck_list) != tables.deck_cards:
        raise ValueError("the deck is not the deck the tables were built from")
    _card_rows(hands, 5, deck_list, "player hands")
    orbit_arr = np.asarray(orbit)
    if orbit_arr.dtype != np.uint8 or orbit_arr.shape != (np.asarray(hands).shape[0],):
        raise ValueError(
            f"the orbits must be uint8 of shape ({np.asarray(hands).shape[0]},), "
            f"got {orbit_arr.dtype} of shape {orbit_arr.shape}"
        )
    if len(orbit_arr) and not _orbits_ok(np.ascontiguousarray(orbit_arr)):
        raise ValueError("an orbit size is 1, 3 or 6")
    pay, half = list(pay), list(half)
    if len(pay) != 10 or len(half) != 10:
        raise ValueError(f"give 10 pays and 10 halved pays, got {len(pay)} and {len(half)}")
    if isinstance(D, bool) or not isinstance(D, int) or D < 1:
        raise ValueError(f"the money scale D must be a positive int, got {D!r}")
    G.D = _to_money(D)
    for i in range(10):
        G.pay[i] = _to_money(pay[i])
        G.half[i] = _to_money(half[i])
    # 64-bit arithmetic when the largest sum (every draw's raise result, each at most T5
    # dealer hands times 4 D + 2 pay, for each changed card) fits an int64
    G.narrow = 2 * 47 * BINOM[51][4] * (4 * D + 2 * max(pay + half)) < 2 ** 63
    if G.narrow:
        G.D64 = D
        for i in range(10):
            G.pay64[i] = pay[i]
            G.half64[i] = half[i]
    G.qualify = _qualifier(qualify)
    if mode not in (0, 1) or isinstance(mode, bool):
        raise ValueError(f"mode must be 0 (optimal) or 1 (threshold), got {mode!r}")
    G.mode = mode
    if isinstance(threshold, bool) or not isinstance(threshold, int) or not 0 <= threshold <= STUD_HIGH_VALUES + 1:
        raise ValueError(f"the threshold must be an int 0..{STUD_HIGH_VALUES + 1}, got {threshold!r}")
    G.threshold = threshold
    if not isinstance(change, bool) or not isinstance(winning_antes, bool):
        raise TypeError(f"change and winning_antes must be True or False, got {change!r}, {winning_antes!r}")
    G.change = change
    G.winning_antes = winning_antes
    nthreads = check_threads(threads)
    m = tables.T.m
    up = tables.up
    tabs = tables.at_qualifier(G.qualify)[0]  # a copy: what this pass reads cannot change under it
    T = &tabs
    G.T5 = BINOM[m - 5][4]
    G.T6 = BINOM[m - 6][4]
    G.draws = m - 5
    G.scale = (m - 9) if change else 1
    G.ndeck = len(deck_list)
    G.bad_lookup = 0
    for i in range(G.ndeck):
        G.deck[i] = deck_list[i]
    if change:
        if store is None:
            raise ValueError("the change variant needs the six-card store")
        if store.filled_for is not tables:
            raise ValueError("fill the six-card store for these tables before the pass")
        if store.filled_qualify != G.qualify or store.filled_winning_antes != winning_antes:
            raise ValueError("the six-card store was filled for another qualifier or rule")
        S = &store.S
    hv = np.ascontiguousarray(hands)
    ov = np.ascontiguousarray(orbit_arr)
    n = hv.shape[0]
    acc = <int64_t *>calloc(nthreads * <int>NSLOT, sizeof(int64_t))
    if acc == NULL:
        raise MemoryError()
    try:
        for h in prange(n, nogil=True, num_threads=nthreads, schedule="dynamic", chunksize=256):
            if not _has_card(&hv[h, 0], 5, up):
                tid = threadid()
                _player_one(T, &G, S, &hv[h, 0], 4 * ov[h], acc + tid * <int>NSLOT)
        if G.bad_lookup:
            raise ValueError("the six-card store does not hold every six-card set of this deck")
        total = np.zeros(<int>NSLOT, dtype=np.int64)
        for tid in range(nthreads):
            for i in range(<int>NSLOT):
                total[i] += acc[tid * <int>NSLOT + i]
    finally:
        free(acc)
    return total
