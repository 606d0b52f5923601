# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
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
stay whole.
"""
from cython.parallel cimport prange, threadid
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memset

from studeval._core cimport stud_hand, STUD_EMPTY_HAND, stud_hand_add, stud_hand_value, stud_ctz64, stud_popcount64
from studeval._core cimport STUD_BINOM as BINOM  # C(n, k), n < 64, k <= 7 (_combin.h)
from studeval._core cimport (STUD_ROYAL_FLUSH, STUD_FIRST_STRAIGHT_FLUSH, STUD_FIRST_FOUR_OF_A_KIND,
                             STUD_FIRST_FULL_HOUSE, STUD_FIRST_FLUSH, STUD_FIRST_STRAIGHT,
                             STUD_FIRST_THREE_OF_A_KIND, STUD_FIRST_TWO_PAIR, STUD_FIRST_PAIR)

import numpy as np

cdef enum:
    NV = 7464  # thresholds t = 0..7463 over hand values 1..7462
    NSLOT = 64  # per-thread accumulator slots
    EV_NC = 0  # accumulator layout: no-change events start here
    EV_CH = 14  # change events start here
    ST_RAISE = 28  # weighted situations where the player raises without a change
    ST_CHANGE = 29  # weighted situations where the player changes a card
    ST_TIES = 30  # situations decided on an exact tie of expectations
    ST_CAT_ALL = 32  # + category: weighted situations by the dealt hand's category
    ST_CAT_CHG = 41  # + category: ... of which the player changes a card
    ST_CAT_RAISE = 50  # + category: ... of which the player raises (no change)

# event slots inside a block: 0 fold, 1 dealer does not qualify, 2 push, 3 dealer wins,
# 4 + pay line = player wins (pay line 0 high card .. 8 straight flush, 9 royal flush)

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


cdef struct Tabs:
    int up                 # the dealer's up card
    int m                  # cards in the deck other than the up card
    uint32_t *cum0         # [NV]: dealer hands with value < t
    uint16_t *cum1         # [52][NV]: ... that hold card a
    uint16_t *cum2         # [1326][NV]: ... that hold cards a < b
    uint16_t *l3           # [22100][l3len]: sorted values of the hands that hold a < b < c
    int l3len


cdef void count_below(const Tabs *T, const int *x, int nx, const int *ts, int nt,
                      int64_t *out) noexcept nogil:
    """out[i] = dealer hands (up card + 4 of the other cards) missing every card of the sorted
    x[0..nx) with value below ts[i]: inclusion-exclusion over the subsets of x of size <= 4."""
    cdef const uint16_t *rows1[6]
    cdef const uint16_t *rows2[15]
    cdef const uint16_t *rows3[20]
    cdef int quad[15]
    cdef int q[5]
    cdef int n2 = 0, n3 = 0, n4 = 0, i, j, k, l, ti, t
    cdef int64_t acc
    for i in range(nx):
        rows1[i] = T.cum1 + x[i] * NV
        for j in range(i + 1, nx):
            rows2[n2] = T.cum2 + pair_index(x[i], x[j]) * NV
            n2 += 1
            for k in range(j + 1, nx):
                rows3[n3] = T.l3 + triple_index(x[i], x[j], x[k]) * T.l3len
                n3 += 1
                for l in range(k + 1, nx):
                    q[0] = T.up
                    q[1] = x[i]
                    q[2] = x[j]
                    q[3] = x[k]
                    q[4] = x[l]
                    quad[n4] = value_of(q, 5)
                    n4 += 1
    for ti in range(nt):
        t = ts[ti]
        acc = T.cum0[t]
        for i in range(nx):
            acc -= rows1[i][t]
        for i in range(n2):
            acc += rows2[i][t]
        for i in range(n3):
            acc -= count_less16(rows3[i], T.l3len, t)
        for i in range(n4):
            acc += quad[i] < t
        out[ti] = acc


cdef class UpCardTables:
    """Counting tables of the dealer hands that hold one up card, over a deck of cards."""
    cdef Tabs T
    cdef readonly int up
    cdef readonly int deck_size

    def __cinit__(self, const uint8_t[::1] deck, int up):
        cdef int n = deck.shape[0], m = 0, i, j, k, l, v, a, b, c, d, p
        cdef int others[52]
        cdef int quad[4]
        cdef int trip
        cdef stud_hand h0, h1, h2, h3
        cdef uint16_t *fill
        self.up = up
        self.deck_size = n
        for i in range(n):
            if deck[i] != up:
                others[m] = deck[i]
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
            h0 = stud_hand_add(STUD_EMPTY_HAND, up)
            for i in range(m):
                h1 = stud_hand_add(h0, others[i])
                for j in range(i + 1, m):
                    h2 = stud_hand_add(h1, others[j])
                    for k in range(j + 1, m):
                        h3 = stud_hand_add(h2, others[k])
                        for l in range(k + 1, m):
                            v = stud_hand_value(stud_hand_add(h3, others[l]))
                            quad[0] = others[i]
                            quad[1] = others[j]
                            quad[2] = others[k]
                            quad[3] = others[l]
                            # histograms now, cumulated below: slot v + 1 counts value v
                            self.T.cum0[v + 1] += 1
                            for a in range(4):
                                self.T.cum1[quad[a] * NV + v + 1] += 1
                                for b in range(a + 1, 4):
                                    self.T.cum2[pair_index(quad[a], quad[b]) * NV + v + 1] += 1
                                    for c in range(b + 1, 4):
                                        trip = triple_index(quad[a], quad[b], quad[c])
                                        self.T.l3[trip * self.T.l3len + fill[trip]] = v
                                        fill[trip] += 1
            for v in range(1, NV):
                self.T.cum0[v] += self.T.cum0[v - 1]
            for a in range(52):
                for v in range(1, NV):
                    self.T.cum1[a * NV + v] += self.T.cum1[a * NV + v - 1]
            for p in range(1326):
                for v in range(1, NV):
                    self.T.cum2[p * NV + v] += self.T.cum2[p * NV + v - 1]
            for trip in range(22100):
                _insertion_sort(self.T.l3 + trip * self.T.l3len, fill[trip])
        free(fill)

    def __dealloc__(self):
        free(self.T.cum0)
        free(self.T.cum1)
        free(self.T.cum2)
        free(self.T.l3)

    def count_below(self, cards, thresholds):
        """Dealer hands missing all of ``cards`` (sorted, not the up card) valued below each
        threshold: for tests."""
        cdef int x[6]
        cdef int ts[32]
        cdef int64_t out[32]
        cdef int i
        cs = sorted(cards)
        if len(cs) > 6 or len(thresholds) > 32:
            raise ValueError("at most six cards and 32 thresholds")
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


def canonical_hands(const uint8_t[::1] deck, int k):
    """Every k-card set of the deck (k = 5 or 6) up to a permutation of hearts, diamonds and
    spades (clubs fixed), as (cards uint8[N, k] sorted, orbit sizes uint8[N])."""
    cdef int n = deck.shape[0], i, cnt, pass_, s
    cdef int idx[8]
    cdef unsigned m[4]
    cdef int64_t found
    cdef uint8_t[:, ::1] cards_v
    cdef uint8_t[::1] orbit_v
    if not 1 <= k <= 7 or n < k:
        raise ValueError("bad subset size")
    cards = None
    orbit = None
    for pass_ in range(2):
        found = 0
        for i in range(k):
            idx[i] = i
        while True:
            m[0] = m[1] = m[2] = m[3] = 0
            for i in range(k):
                m[deck[idx[i]] & 3] |= 1u << (deck[idx[i]] >> 2)
            if m[1] >= m[2] and m[2] >= m[3]:
                if pass_ == 1:
                    for i in range(k):
                        cards_v[found, i] = deck[idx[i]]
                    if m[1] == m[2] and m[2] == m[3]:
                        orbit_v[found] = 1
                    elif m[1] == m[2] or m[2] == m[3]:
                        orbit_v[found] = 3
                    else:
                        orbit_v[found] = 6
                found += 1
            # next combination in lexicographic order
            i = k - 1
            while i >= 0 and idx[i] == n - k + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for s in range(i + 1, k):
                idx[s] = idx[s - 1] + 1
        if pass_ == 0:
            cards = np.zeros((found, k), dtype=np.uint8)
            orbit = np.zeros(found, dtype=np.uint8)
            cards_v = cards
            orbit_v = orbit
    return cards, orbit


def six_card_index(const uint8_t[:, ::1] sets):
    """Map colex rank (over the 52 cards) of each canonical six-card set to its row."""
    cdef Py_ssize_t i, n = sets.shape[0]
    cdef int j
    cdef int64_t r
    index = np.full(BINOM[52][6], -1, dtype=np.int32)
    cdef int32_t[::1] iv = index
    for i in range(n):
        r = 0
        for j in range(6):
            r += BINOM[sets[i, j]][j + 1]
        iv[r] = <int32_t>i
    return index


cdef struct SixData:
    # per canonical six-card set E, in the order of E's sorted cards j = 0..5
    uint32_t *nq          # dealer hands missing E that do not qualify
    uint32_t *lt          # [6] qualifying dealer hands below the value of E minus card j
    uint32_t *eq          # [6] dealer hands equal to it (qualifying)
    uint16_t *tv          # [6] value of E minus card j
    const int32_t *index  # colex rank -> row


cdef void _six_one(const Tabs *T, const uint8_t *e, int qualify, SixData *S, Py_ssize_t row) noexcept nogil:
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
        if tv >= qualify:
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
        else:
            S.lt[row * 6 + j] = <uint32_t>(out[slot_lt[j]] - out[0])
            S.eq[row * 6 + j] = <uint32_t>(out[slot_lt[j] + 1] - out[slot_lt[j]])


cdef class SixCardStore:
    """Per up card: dealer counts for every canonical six-card set (the change variant)."""
    cdef SixData S
    cdef object _arrays
    cdef readonly Py_ssize_t rows

    def __init__(self, const uint8_t[:, ::1] sets, int32_t[::1] index):
        self.rows = sets.shape[0]
        nq = np.zeros(self.rows, dtype=np.uint32)
        lt = np.zeros(self.rows * 6, dtype=np.uint32)
        eq = np.zeros(self.rows * 6, dtype=np.uint32)
        tv = np.zeros(self.rows * 6, dtype=np.uint16)
        self._arrays = (nq, lt, eq, tv, index)
        cdef uint32_t[::1] nqv = nq, ltv = lt, eqv = eq
        cdef uint16_t[::1] tvv = tv
        self.S.nq = &nqv[0]
        self.S.lt = &ltv[0]
        self.S.eq = &eqv[0]
        self.S.tv = &tvv[0]
        self.S.index = &index[0]

    def fill(self, UpCardTables tables, const uint8_t[:, ::1] sets, int qualify, int threads):
        """Count the dealer hands for every set that misses the up card."""
        cdef Py_ssize_t i, n = sets.shape[0]
        cdef int up = tables.up
        cdef const Tabs *T = &tables.T
        cdef SixData *S = &self.S
        for i in prange(n, nogil=True, num_threads=threads, schedule="dynamic", chunksize=2048):
            if not _has_card(&sets[i, 0], 6, up):
                _six_one(T, &sets[i, 0], qualify, S, i)

    def arrays(self):
        return self._arrays


cdef inline bint _has_card(const uint8_t *cards, int n, int card) noexcept nogil:
    cdef int i
    for i in range(n):
        if cards[i] == card:
            return True
    return False


cdef struct Game:
    int64_t D                  # money scale
    int64_t pay[10]            # pay line -> D * pay
    int64_t half[10]           # the same after a change
    int qualify
    int mode                   # 0 optimal, 1 raise when the hand value >= threshold
    int threshold
    int change                 # analyse the one-card change
    int64_t T5                 # dealer hands missing the player's five cards
    int64_t T6                 # ... missing six cards
    int64_t draws              # cards the replacement comes from
    int64_t scale              # no-change counts -> the (draw, dealer hand) space
    int ndeck
    int deck[52]


cdef inline int64_t raise_num(int64_t D, int64_t pay, int64_t T, int64_t nq, int64_t lt,
                              int64_t eq) noexcept nogil:
    """Raise result summed over T dealer hands, in units of 1/D ante."""
    cdef int64_t gt = T - nq - lt - eq
    return D * nq + lt * (D + 2 * pay) - 3 * D * gt


cdef inline void add_events(int64_t *acc, int64_t w, int line, int64_t nq, int64_t lt,
                            int64_t eq, int64_t gt) noexcept nogil:
    acc[1] += w * nq
    acc[2] += w * eq
    acc[3] += w * gt
    acc[4 + line] += w * lt


cdef inline int six_lookup(const SixData *S, const unsigned *pm, int c, int *newsuit,
                           uint64_t *cardmask) noexcept nogil:
    """Row of the canonical form of the six cards P + c (P given by suit masks pm); newsuit
    gets the suit permutation that leads there, cardmask the canonical cards as bits."""
    cdef unsigned m[4]
    cdef int o0 = 1, o1 = 2, o2 = 3, tmp, i
    cdef uint64_t cm, bits
    cdef int64_t r = 0
    m[0] = pm[0]
    m[1] = pm[1]
    m[2] = pm[2]
    m[3] = pm[3]
    m[c & 3] |= 1u << (c >> 2)
    # sort suits 1..3 by rank mask, largest first
    if m[o0] < m[o1]:
        tmp = o0; o0 = o1; o1 = tmp
    if m[o1] < m[o2]:
        tmp = o1; o1 = o2; o2 = tmp
    if m[o0] < m[o1]:
        tmp = o0; o0 = o1; o1 = tmp
    newsuit[0] = 0
    newsuit[o0] = 1
    newsuit[o1] = 2
    newsuit[o2] = 3
    cm = SPREAD[m[0]] | (SPREAD[m[o0]] << 1) | (SPREAD[m[o1]] << 2) | (SPREAD[m[o2]] << 3)
    cardmask[0] = cm
    bits = cm
    for i in range(6):
        r += BINOM[stud_ctz64(bits)][i + 1]
        bits &= bits - 1
    return S.index[r]


cdef void _player_one(const Tabs *T, const Game *G, const SixData *S, const uint8_t *pc,
                      int64_t w, int64_t *acc) noexcept nogil:
    """Decide one player hand against the up card and add its weighted outcomes."""
    cdef int x[5]
    cdef int ts[3]
    cdef int64_t out[3]
    cdef int i, j, k, d, c, p, line, best_d, row, nt
    cdef int64_t nq, lt, eq, gt, r0, f0, ev0, best, r, f6
    cdef int64_t evc[5]
    cdef unsigned pm[4]
    cdef int newsuit[4]
    cdef uint64_t cm
    cdef bint raise0
    for i in range(5):
        x[i] = pc[i]
    p = value_of(x, 5)
    line = payline(p)
    ts[0] = G.qualify
    nt = 1
    if p >= G.qualify:
        ts[1] = p
        ts[2] = p + 1
        nt = 3
    count_below(T, x, 5, ts, nt, out)
    nq = out[0]
    lt = 0
    eq = 0
    if nt == 3:
        lt = out[1] - out[0]
        eq = out[2] - out[1]
    gt = G.T5 - nq - lt - eq
    r0 = raise_num(G.D, G.pay[line], G.T5, nq, lt, eq)
    f0 = -G.D * G.T5
    if G.mode == 0:
        raise0 = r0 > f0
        if r0 == f0:
            acc[ST_TIES] += w
    else:
        raise0 = p >= G.threshold
    ev0 = r0 if raise0 else f0
    acc[ST_CAT_ALL + category_of(p)] += w
    best_d = -1
    if G.change:
        for i in range(4):
            pm[i] = 0
        for i in range(5):
            pm[x[i] & 3] |= 1u << (x[i] >> 2)
        f6 = -G.D * G.T6
        for d in range(5):
            evc[d] = f6 * G.draws       # the change wager, lost whatever comes
        for k in range(G.ndeck):
            c = G.deck[k]
            if c == T.up or _has_int(x, 5, c):
                continue
            row = six_lookup(S, pm, c, newsuit, &cm)
            for d in range(5):
                i = 4 * (x[d] >> 2) + newsuit[x[d] & 3]
                j = stud_popcount64(cm & (((<uint64_t>1) << i) - 1))
                r = raise_num(G.D, G.half[payline(S.tv[row * 6 + j])], G.T6, S.nq[row],
                              S.lt[row * 6 + j], S.eq[row * 6 + j])
                evc[d] += r if r > f6 else f6
        best = ev0 * G.scale
        for d in range(5):
            if evc[d] > best:
                best = evc[d]
                best_d = d
        if best_d >= 0:
            for d in range(5):
                if d != best_d and evc[d] == best:
                    acc[ST_TIES] += w
        elif G.mode == 0:
            for d in range(5):
                if evc[d] == best:
                    acc[ST_TIES] += w
    if best_d < 0:
        if raise0:
            acc[ST_RAISE] += w
            acc[ST_CAT_RAISE + category_of(p)] += w
            add_events(acc + EV_NC, w * G.scale, line, nq, lt, eq, gt)
        else:
            acc[EV_NC] += w * G.scale * G.T5
        return
    # the change: replay the draws of the chosen card and count each final outcome
    acc[ST_CHANGE] += w
    acc[ST_CAT_CHG + category_of(p)] += w
    for k in range(G.ndeck):
        c = G.deck[k]
        if c == T.up or _has_int(x, 5, c):
            continue
        row = six_lookup(S, pm, c, newsuit, &cm)
        i = 4 * (x[best_d] >> 2) + newsuit[x[best_d] & 3]
        j = stud_popcount64(cm & (((<uint64_t>1) << i) - 1))
        line = payline(S.tv[row * 6 + j])
        nq = S.nq[row]
        lt = S.lt[row * 6 + j]
        eq = S.eq[row * 6 + j]
        r = raise_num(G.D, G.half[line], G.T6, nq, lt, eq)
        if r > f6:
            add_events(acc + EV_CH, w, line, nq, lt, eq, G.T6 - nq - lt - eq)
        else:
            acc[EV_CH] += w * G.T6


cdef inline bint _has_int(const int *cards, int n, int card) noexcept nogil:
    cdef int i
    for i in range(n):
        if cards[i] == card:
            return True
    return False


def play_pass(UpCardTables tables, SixCardStore store, const uint8_t[:, ::1] hands,
              const uint8_t[::1] orbit, const uint8_t[::1] deck, pay, half, long long D,
              int qualify, int mode, int threshold, bint change, int threads):
    """Decide every canonical player hand against the up card; returns the summed weighted
    accumulators (int64[NSLOT]); each hand weighs its orbit times 4 (the up card's suit)."""
    cdef Game G
    cdef int i, nthreads = max(threads, 1), m = tables.T.m
    cdef Py_ssize_t h, n = hands.shape[0]
    cdef int up = tables.up
    cdef const Tabs *T = &tables.T
    cdef const SixData *S = NULL
    cdef int64_t *acc
    cdef int tid
    G.D = D
    for i in range(10):
        G.pay[i] = pay[i]
        G.half[i] = half[i]
    G.qualify = qualify
    G.mode = mode
    G.threshold = threshold
    G.change = change
    G.T5 = BINOM[m - 5][4]
    G.T6 = BINOM[m - 6][4] if m >= 6 else 0
    G.draws = m - 5
    G.scale = (m - 9) if change else 1
    G.ndeck = deck.shape[0]
    for i in range(G.ndeck):
        G.deck[i] = deck[i]
    if change:
        if store is None:
            raise ValueError("the change variant needs the six-card store")
        S = &store.S
    acc = <int64_t *>calloc(nthreads * NSLOT, sizeof(int64_t))
    if acc == NULL:
        raise MemoryError()
    try:
        for h in prange(n, nogil=True, num_threads=nthreads, schedule="dynamic", chunksize=256):
            if not _has_card(&hands[h, 0], 5, up):
                tid = threadid()
                _player_one(T, &G, S, &hands[h, 0], 4 * orbit[h], acc + tid * NSLOT)
        total = np.zeros(NSLOT, dtype=np.int64)
        for tid in range(nthreads):
            for i in range(NSLOT):
                total[i] += acc[tid * NSLOT + i]
    finally:
        free(acc)
    return total
