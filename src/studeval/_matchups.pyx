# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Compiled heads-up counts of small late-street match-ups, many per call (not a public API:
studeval.equity.batch checks input and documents the result).

A match-up is two players' known cards (-1: a card still to come); each player ends with
``cards`` cards, drawing at most ``MAX_DRAWS`` more from the live deck (the 52 cards less both
hands and the dead cards). Each side's completions are evaluated once (at most C(50, 2) =
1225, on the stack: no allocation, no planning -- which is what makes a row cost nanoseconds on
seventh street, where a general count spends its time being set up). Where one kind decides the
pot they are sorted by value and the disjoint pairs counted by inclusion-exclusion over the
one or two cards two completions can share, each term a merge of sorted lists; a hi-lo pot
(scoops: two values at once) compares every disjoint pair.

Each row of the output holds, per player, the columns of ``COLUMNS`` (one kind decides the pot)
or ``HILO_COLUMNS`` (a high half and a low half): the deals, the pot share summed over them in
quarters of a pot (heads-up every share is a whole number of quarters), then wins and ties,
or scoops, high halves (the whole pot when nobody has a low) and low halves won or shared, and
the deals where nobody has a qualifying low.
"""

cimport cython
from cython.parallel cimport prange, threadid
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from studeval._core cimport stud_hand, STUD_EMPTY_HAND, stud_hand_add, stud_hand_kind_value, stud_ctz64
from studeval._core cimport stud_tables_init, stud_signal_raised, stud_raise_pending
from studeval._core cimport STUD_KINDS

import numpy as np

from studeval._core import check_threads

stud_tables_init()  # the kernels read studeval._core's lookup tables

cdef enum:
    MAX_DRAWS_ = 2        # cards a player may still draw
    MAX_COMPLETIONS = 1326  # C(52, 2): more than any side can have
    NCOLS = 4             # deals, share, win, tie
    NCOLS_HILO = 6        # deals, share, scoop, high, low, no low
    POLL_WORK = 1 << 18   # pairs of work (about a millisecond) between looks at pending signals
    ROWS_PER_THREAD = 4096  # rows of seventh-street work a second thread is worth starting for

MAX_DRAWS = MAX_DRAWS_
COLUMNS = ("deals", "share", "win", "tie")
HILO_COLUMNS = ("deals", "share", "scoop", "high", "low", "no_low")

cdef struct _Side:
    int count
    int high[MAX_COMPLETIONS]   # the value of the first kind (the pot's, or the high half's)
    int low[MAX_COMPLETIONS]    # hi-lo: the low half's value (0: no qualifying low)
    uint64_t cards[MAX_COMPLETIONS]


cdef void _complete(_Side *side, stud_hand base, int draws, const uint8_t *live, int n, int kind,
                    int low_kind) noexcept nogil:
    """Every completion of ``base`` by ``draws`` (0..2) of the n live cards, its values kept."""
    cdef int i, j, k = 0
    cdef stud_hand h
    if draws == 0:
        side.high[0] = stud_hand_kind_value(base, kind)
        side.low[0] = stud_hand_kind_value(base, low_kind) if low_kind >= 0 else 0
        side.cards[0] = 0
        side.count = 1
        return
    for i in range(n):
        h = stud_hand_add(base, live[i])
        if draws == 1:
            side.high[k] = stud_hand_kind_value(h, kind)
            side.low[k] = stud_hand_kind_value(h, low_kind) if low_kind >= 0 else 0
            side.cards[k] = (<uint64_t>1) << live[i]
            k += 1
            continue
        for j in range(i + 1, n):
            side.high[k] = stud_hand_kind_value(stud_hand_add(h, live[j]), kind)
            side.low[k] = stud_hand_kind_value(stud_hand_add(h, live[j]), low_kind) if low_kind >= 0 else 0
            side.cards[k] = ((<uint64_t>1) << live[i]) | ((<uint64_t>1) << live[j])
            k += 1
    side.count = k


cdef void _sort_by_value(_Side *side) noexcept nogil:
    """Sort the completions by their value (a stable radix sort: two passes of 7 bits; values
    are below 2^14), the card sets alongside."""
    cdef int count[129]
    cdef int high[MAX_COMPLETIONS]
    cdef uint64_t cards[MAX_COMPLETIONS]
    cdef int i, shift, digit
    if side.count < 2:
        return
    for shift in range(0, 14, 7):
        memset(count, 0, sizeof(count))
        for i in range(side.count):
            count[((side.high[i] >> shift) & 127) + 1] += 1
        for i in range(128):
            count[i + 1] += count[i]
        for i in range(side.count):
            digit = (side.high[i] >> shift) & 127
            high[count[digit]] = side.high[i]
            cards[count[digit]] = side.cards[i]
            count[digit] += 1
        memcpy(side.high, high, side.count * sizeof(int))
        memcpy(side.cards, cards, side.count * sizeof(uint64_t))


cdef inline void _merge(const int *x, int nx, const int *y, int ny, int64_t *less, int64_t *equal) noexcept nogil:
    """Over the pairs of two ascending lists: how many have x above y, and how many x equal to y."""
    cdef int i, lt = 0, le = 0
    for i in range(nx):
        while lt < ny and y[lt] < x[i]:
            lt += 1
        if le < lt:
            le = lt
        while le < ny and y[le] <= x[i]:
            le += 1
        less[0] += lt
        equal[0] += le - lt


cdef struct _ByCard:
    # each live card's completions, their values ascending (a completion holds at most two cards)
    int size[52]
    int value[52][52]


cdef void _by_card(const _Side *side, _ByCard *by) noexcept nogil:
    cdef int i, c
    cdef uint64_t rest
    memset(by.size, 0, sizeof(by.size))
    for i in range(side.count):
        rest = side.cards[i]
        while rest:
            c = stud_ctz64(rest)
            by.value[c][by.size[c]] = side.high[i]
            by.size[c] += 1
            rest &= rest - 1


cdef void _count_pot(_Side *a, _Side *b, int draws_a, int draws_b, int64_t *out) noexcept nogil:
    """One kind decides the pot: the disjoint pairs where a wins and the tied ones, by
    inclusion-exclusion over the cards both completions hold (a completion holds at most two):
    all pairs, less those sharing each card, plus those sharing two (the same two cards, the
    same completion index on both sides, as both are listed in the same order). Each term is
    a merge of value-sorted lists (out: 2 x NCOLS)."""
    cdef int64_t wa = 0, tie = 0, deals = <int64_t>a.count * b.count, shared_wins = 0, shared_ties = 0
    cdef int i, c
    cdef _ByCard by_a, by_b
    if draws_a == 2 and draws_b == 2:
        for i in range(a.count):
            wa += a.high[i] > b.high[i]
            tie += a.high[i] == b.high[i]
        deals += a.count
    _sort_by_value(a)
    _sort_by_value(b)
    _merge(a.high, a.count, b.high, b.count, &wa, &tie)
    if draws_a and draws_b:
        _by_card(a, &by_a)
        _by_card(b, &by_b)
        for c in range(52):
            if by_a.size[c] and by_b.size[c]:
                _merge(by_a.value[c], by_a.size[c], by_b.value[c], by_b.size[c], &shared_wins, &shared_ties)
                deals -= by_a.size[c] * by_b.size[c]
        wa -= shared_wins
        tie -= shared_ties
    out[0] = out[NCOLS] = deals
    out[1] = 4 * wa + 2 * tie
    out[NCOLS + 1] = 4 * (deals - wa - tie) + 2 * tie
    out[2] = wa
    out[NCOLS + 2] = deals - wa - tie
    out[3] = out[NCOLS + 3] = tie


cdef void _count_hilo(const _Side *a, const _Side *b, int64_t *out) noexcept nogil:
    """A high half and a low half (a low of 0 does not qualify; nobody qualifying, the high
    takes the whole pot): every disjoint pair compared (out: 2 x NCOLS_HILO)."""
    cdef int i, j, ha, la, hb, lb, high, low, share
    cdef uint64_t ca
    cdef int64_t deals = 0, nolow = 0, share_a = 0, scoop_a = 0, scoop_b = 0
    cdef int64_t high_a = 0, high_b = 0, low_a = 0, low_b = 0
    for i in range(a.count):
        ha = a.high[i]
        la = a.low[i]
        ca = a.cards[i]
        for j in range(b.count):
            if ca & b.cards[j]:
                continue
            hb = b.high[j]
            lb = b.low[j]
            deals += 1
            high = (ha > hb) - (ha < hb)  # 1: a has the high, -1: b, 0: split
            high_a += high >= 0
            high_b += high <= 0
            if la == 0 and lb == 0:
                nolow += 1
                share = 2 + 2 * high  # a's quarters of the whole pot
            else:
                low = (la > lb) - (la < lb)
                low_a += low >= 0
                low_b += low <= 0
                share = 2 + high + low
            share_a += share
            scoop_a += share == 4
            scoop_b += share == 0
    out[0] = out[NCOLS_HILO] = deals
    out[1] = share_a
    out[NCOLS_HILO + 1] = 4 * deals - share_a
    out[2] = scoop_a
    out[NCOLS_HILO + 2] = scoop_b
    out[3] = high_a
    out[NCOLS_HILO + 3] = high_b
    out[4] = low_a
    out[NCOLS_HILO + 4] = low_b
    out[5] = out[NCOLS_HILO + 5] = nolow


cdef void _count_row(const int8_t *row, int width, uint64_t dead, int cards, int kind, int low_kind,
                     int64_t *out) noexcept nogil:
    """One checked match-up: row holds player 1's ``width`` entries then player 2's."""
    cdef _Side a, b
    cdef stud_hand ha = STUD_EMPTY_HAND, hb = STUD_EMPTY_HAND
    cdef int j, na = 0, nb = 0, n = 0
    cdef uint64_t used = dead
    cdef uint8_t live[52]
    for j in range(width):
        if row[j] >= 0:
            ha = stud_hand_add(ha, row[j])
            used |= (<uint64_t>1) << row[j]
            na += 1
        if row[width + j] >= 0:
            hb = stud_hand_add(hb, row[width + j])
            used |= (<uint64_t>1) << row[width + j]
            nb += 1
    if na < cards or nb < cards:  # seventh street has nothing to draw
        for j in range(52):
            if not (used >> j) & 1:
                live[n] = <uint8_t>j
                n += 1
    _complete(&a, ha, cards - na, live, n, kind, low_kind)
    _complete(&b, hb, cards - nb, live, n, kind, low_kind)
    if low_kind >= 0:
        _count_hilo(&a, &b, out)
    else:
        _count_pot(&a, &b, cards - na, cards - nb, out)


cdef enum:  # what is wrong with a match-up (_row_fault), in the order it is looked for
    ROW_OK = 0
    ROW_NOT_A_CARD
    ROW_DEAD
    ROW_TWICE
    ROW_DRAWS     # more to draw than MAX_DRAWS_
    ROW_TOO_MANY  # more cards than the game deals


cdef inline int _row_fault(const int8_t *row, int width, uint64_t dead, int cards, int *player, int *card,
                           int *known) noexcept nogil:
    """What is wrong with a match-up (ROW_OK if nothing), the one check: the player, the card
    and how many cards the player knows say where (``_check_row`` words it)."""
    cdef int p, j, c
    cdef uint64_t seen = 0, bit
    for p in range(2):
        player[0] = p + 1
        known[0] = 0
        for j in range(width):
            c = row[p * width + j]
            if c == -1:
                continue
            card[0] = c
            if not 0 <= c <= 51:
                return ROW_NOT_A_CARD
            bit = (<uint64_t>1) << c
            if dead & bit:
                return ROW_DEAD
            if seen & bit:
                return ROW_TWICE
            seen |= bit
            known[0] += 1
        if cards - known[0] > MAX_DRAWS_:
            return ROW_DRAWS
        if known[0] > cards:
            return ROW_TOO_MANY
    return ROW_OK


cdef inline bint _row_ok(const int8_t *row, int width, uint64_t dead, int cards) noexcept nogil:
    """Whether a match-up can be counted (``_check_row`` says why not)."""
    cdef int player, card, known
    return _row_fault(row, width, dead, cards, &player, &card, &known) == ROW_OK


cdef str _check_row(const int8_t *row, int width, uint64_t dead, int cards):
    """Why a match-up cannot be counted (None if it can)."""
    cdef int player = 0, c = 0, known = 0
    cdef int fault = _row_fault(row, width, dead, cards, &player, &c, &known)
    if fault == ROW_NOT_A_CARD:
        return f"player {player} holds {c}, which is neither a card 0..51 nor -1 (a card to come)"
    if fault == ROW_DEAD:
        return f"player {player} holds card {c}, which is dead"
    if fault == ROW_TWICE:
        return f"card {c} is held twice"
    if fault == ROW_DRAWS:
        return (f"player {player} knows {known} cards and would draw {cards - known}: "
                f"a match-up here draws at most {MAX_DRAWS_} cards a player")
    if fault == ROW_TOO_MANY:
        return f"player {player} holds {known} cards, the game deals {cards}"
    return None


cdef inline int64_t _row_work(const int8_t *row, int width, int cards, int live) noexcept nogil:
    """A row's pairs to compare, roughly (the completions of each side multiplied)."""
    cdef int p, j, draws
    cdef int64_t work = 1
    for p in range(2):
        draws = cards
        for j in range(width):
            draws -= row[p * width + j] >= 0
        work *= 1 if draws <= 0 else live if draws == 1 else live * (live - 1) // 2
    return work


cdef int _kind_code(object kind) except -2:
    """A kind's code (None: no low half, -1), checked."""
    if kind is None:
        return -1
    if kind not in range(STUD_KINDS):  # as a tuple of the codes would (1.0 in, 1.5 out)
        raise ValueError(f"unknown kind code {kind!r}: use a kind's code (studeval.kinds)")
    return kind


def headsup_batch(const int8_t[:, :, ::1] hands not None, dead_cards, int cards, int kind,
                  low_kind=None, threads=None):
    """The counts of every match-up of ``hands`` (n x 2 x width, int8: cards, -1 for a card
    to come), an (n, 2, len(COLUMNS)) int64 array, by the kind coded ``kind`` (a Kind's
    ``code``), or with ``low_kind`` (the low half's kind's code; the pot is then split) (n, 2, len(HILO_COLUMNS)). ``dead_cards`` are out
    of every match-up. Each row is checked before any is counted: ValueError naming the first
    bad one. Releases the GIL; ``threads`` as everywhere (None: every core, for a big job)."""
    cdef Py_ssize_t n = hands.shape[0], i
    cdef int width = <int>hands.shape[2], k = _kind_code(kind), lk = _kind_code(low_kind)
    cdef int ncols = NCOLS if lk < 0 else NCOLS_HILO, nthreads = check_threads(threads), stop = 0, c
    cdef int *stopp = &stop  # shared by the threads (a variable assigned in the loop is private)
    cdef uint64_t dead = 0
    cdef int64_t work = 0, poll
    if hands.shape[1] != 2:
        raise ValueError(f"a match-up here is heads-up: hands must have shape (n, 2, cards), got {tuple(hands.shape)}")
    if not 5 <= cards <= 7 or not 1 <= width <= cards:
        raise ValueError(f"a player of a {cards}-card game holds 1 to {cards} entries, got {width}")
    for c in dead_cards:
        if not 0 <= c <= 51 or dead >> c & 1:
            raise ValueError(f"dead cards must be distinct cards 0..51, got {list(dead_cards)}")
        dead |= (<uint64_t>1) << c
    out = np.empty((n, 2, ncols), dtype=np.int64)  # every row's counts are written
    cdef int64_t[:, :, ::1] counts = out
    cdef int live = 52 - len(dead_cards)
    for i in range(n):
        if not _row_ok(&hands[i, 0, 0], width, dead, cards):
            raise ValueError(f"row {i}: {_check_row(&hands[i, 0, 0], width, dead, cards)}")
        work += _row_work(&hands[i, 0, 0], width, cards, live)
    # about 4 ns a pair: a thread for every ROWS_PER_THREAD seventh-street rows or their work
    nthreads = <int>max(1, min(nthreads, n, work // ROWS_PER_THREAD))
    # thread 0 looks at pending signals (Ctrl-C) every so many rows: about every POLL_WORK
    poll = max(1, POLL_WORK // max(1, work // max(1, n)))
    if n == 0:
        return out
    with nogil:
        for i in prange(n, num_threads=nthreads, schedule="guided"):
            if stopp[0]:
                continue
            if threadid() == 0 and i % poll == 0 and stud_signal_raised():
                stopp[0] = 1
            _count_row(&hands[i, 0, 0], width, dead, cards, k, lk, &counts[i, 0, 0])
    if stop:
        stud_raise_pending()
    return out


def headsup_one(bytes known_a not None, bytes known_b not None, bytes dead_cards not None, int cards, int kind,
                low_kind=None):
    """The counts of one match-up of distinct cards as bytes (a list of 2 x the columns of
    ``headsup_batch``): the same count without an array, for one small question."""
    cdef int8_t row[14]
    cdef int64_t out[2 * NCOLS_HILO]
    cdef int width = cards, j, k = _kind_code(kind), lk = _kind_code(low_kind)
    cdef uint64_t dead = 0
    cdef const unsigned char *a = known_a
    cdef const unsigned char *b = known_b
    cdef const unsigned char *d = dead_cards
    if not 5 <= cards <= 7 or len(known_a) > cards or len(known_b) > cards:
        raise ValueError(f"a player of a {cards}-card game holds at most {cards} cards")
    for j in range(len(dead_cards)):
        if d[j] > 51 or dead >> d[j] & 1:
            raise ValueError(f"dead cards must be distinct cards 0..51, got {list(dead_cards)}")
        dead |= (<uint64_t>1) << d[j]
    for j in range(width):
        row[j] = <int8_t>a[j] if j < len(known_a) and a[j] <= 51 else -1
        row[width + j] = <int8_t>b[j] if j < len(known_b) and b[j] <= 51 else -1
        if (j < len(known_a) and a[j] > 51) or (j < len(known_b) and b[j] > 51):
            raise ValueError(f"cards must be 0..51, got {list(known_a)} and {list(known_b)}")
    why = _check_row(row, width, dead, cards)
    if why is not None:
        raise ValueError(why)
    _count_row(row, width, dead, cards, k, lk, out)
    return [out[j] for j in range(2 * (NCOLS if lk < 0 else NCOLS_HILO))]


# ---------------------------------------------------------------------------------------------
# One small question, the whole way in C: studeval.equity.small's direct route

cdef extern from "Python.h":
    int PyObject_GenericSetDict(object o, object value, void *context) except -1

from cpython.object cimport PyObject, PyTypeObject

from time import perf_counter as _perf_counter

# the fields of the results the route writes, in the order of their classes (checked against
# the classes given to SmallRoute)
POT_FIELDS = ("equity", "win", "tie", "stderr", "deals", "method", "seconds", "community_card", "plan", "labels")
HILO_FIELDS = ("equity", "high", "low", "scoop", "no_low", "stderr", "deals", "method", "seconds", "community_card",
               "plan", "labels")


@cython.auto_pickle(False)  # a cache, not data
cdef class _Text:
    """Card text parsed: the cards (as bytes), their set, their number and the label."""
    cdef bytes raw
    cdef uint64_t bits
    cdef int n
    cdef str label


@cython.auto_pickle(False)  # a cache, not data
cdef class _Facts:
    """What the route reads of a game: its name (a plan's key), the object the plan takes, the
    cards a player ends with, the kinds' codes (low: -1 for a pot with one kind)."""
    cdef str name
    cdef object game
    cdef int cards, kind, low
    cdef bint low_qualifies


@cython.auto_pickle(False)  # a cache, not data
cdef class _Plan:
    """A plan kept by a question's shape: whether it counts exactly, its reason, and the cost
    model's settings it was made with."""
    cdef bint exact
    cdef str reason
    cdef object settings


cdef tuple _EMPTY = ()


cdef _Text _cards(bytes raw):
    """Cards as bytes (checked distinct cards 0..51) as a parse with no label."""
    cdef _Text t = _Text()
    cdef Py_ssize_t i
    cdef const unsigned char *c = raw
    t.raw, t.n, t.bits, t.label = raw, len(raw), 0, ""
    for i in range(t.n):
        if c[i] > 51 or t.bits >> c[i] & 1:
            raise ValueError(f"cards must be distinct cards 0..51, got {list(raw)}")
        t.bits |= (<uint64_t>1) << c[i]
    return t


cdef _Text _NO_TEXT = _Text()
_NO_TEXT.raw = b""
_NO_TEXT.bits = 0
_NO_TEXT.n = 0
_NO_TEXT.label = ""


@cython.auto_pickle(False)  # a cache, not data
cdef class SmallRoute:
    """The direct route of a small heads-up stud question (``studeval.equity.small`` builds one
    and documents it): type checks, cached parses and plans, one count, the result object, in
    one compiled call. The Python callbacks, called on a cache miss only: ``parse(text)`` ->
    (cards as bytes, label) or None; ``game(name)`` -> (canonical name, game, cards, kind code,
    low kind code or None, whether the low qualifies) or None; ``plan(a, b, dead, game,
    method, samples, seed, threads)`` -> (exact, reason) for cards as bytes; ``settings()``
    -> the cost model's figures (a kept plan is good while they are equal). ``pot_type`` and
    ``hilo_type`` are the result classes; ``fields`` their field names (checked against
    ``POT_FIELDS`` and ``HILO_FIELDS``); ``share_unit`` the hi-lo share's unit."""

    cdef object _parse, _game, _plan, _settings, _pot_type, _hilo_type
    cdef dict _texts, _games, _plans
    cdef Py_ssize_t max_text, max_cached
    cdef int64_t _quarter
    cdef double _unit

    def __init__(self, parse, game, plan, settings, pot_type, hilo_type, fields, int share_unit,
                 int max_text=160, int max_cached=4096):
        if tuple(fields) != (POT_FIELDS, HILO_FIELDS):
            raise ValueError(f"the route writes the fields {POT_FIELDS} and {HILO_FIELDS}, got {fields}")
        if share_unit <= 0 or share_unit % 4:
            raise ValueError(f"the hi-lo share unit must be a positive multiple of 4, got {share_unit}")
        self._parse, self._game, self._plan, self._settings = parse, game, plan, settings
        self._pot_type, self._hilo_type = pot_type, hilo_type
        self._texts, self._games, self._plans = {}, {}, {}
        self.max_text, self.max_cached = max_text, max_cached
        self._quarter = share_unit // 4
        self._unit = share_unit

    def clear(self) -> None:
        """Forget every parse, game and plan kept."""
        self._texts.clear()
        self._games.clear()
        self._plans.clear()

    cdef _Text _text(self, object text):
        """The parse of plain card text (cached), None for anything else."""
        cdef _Text t = self._texts.get(text)
        cdef bytes raw
        cdef Py_ssize_t i
        if t is not None:
            return t
        if len(<str>text) > self.max_text:
            return None
        found = self._parse(text)
        if found is None:
            return None
        raw, label = found
        t = _Text()
        t.raw, t.label, t.n, t.bits = raw, label, len(raw), 0
        for i in range(t.n):
            t.bits |= (<uint64_t>1) << (<const unsigned char *>raw)[i]
        if len(self._texts) >= self.max_cached:
            self._texts.clear()
        self._texts[text] = t
        return t

    cdef _Facts _facts(self, object name):
        cdef _Facts f = self._games.get(name)
        if f is not None:
            return f
        found = self._game(name)
        if found is None:
            return None
        f = _Facts()
        f.name, f.game, f.cards, f.kind, low, f.low_qualifies = found
        f.low = -1 if low is None else low
        if len(self._games) >= self.max_cached:
            self._games.clear()
        self._games[name] = f
        return f

    def answer(self, players, game, dead, method, samples, seed, threads):
        """``stud_equity(players, game=..., dead=..., method=..., samples=..., seed=...,
        threads=...)`` by the direct route, or None when the question is not one for it (the
        caller then takes the general route, which also words every error)."""
        cdef double start = _perf_counter()
        cdef _Text first, second, out
        cdef _Facts facts
        cdef _Plan chosen
        cdef int draws_a, draws_b, live
        # plain values only (exact types: a bool would hash as an int in a plan's key)
        if type(players) is list:
            if len(<list>players) != 2:
                return None
            one, two = (<list>players)[0], (<list>players)[1]
        elif type(players) is tuple:
            if len(<tuple>players) != 2:
                return None
            one, two = (<tuple>players)[0], (<tuple>players)[1]
        else:
            return None
        if type(game) is not str or type(method) is not str or type(samples) is not int:
            return None
        if not (seed is None or type(seed) is int) or not (threads is None or type(threads) is int):
            return None
        if type(one) is not str or type(two) is not str:
            return None
        if type(dead) is str:
            out = self._text(dead)  # the analysis of histories passes text
        elif (type(dead) is tuple or type(dead) is list) and not dead:
            out = _NO_TEXT
        else:
            return None
        if out is None:
            return None
        first = self._text(one)
        if first is None:
            return None
        second = self._text(two)
        if second is None:
            return None
        facts = self._facts(game)
        if facts is None:
            return None
        if first.bits & second.bits or (first.bits | second.bits) & out.bits:
            return None  # a card held twice: the general route says which
        draws_a, draws_b = facts.cards - first.n, facts.cards - second.n
        live = 52 - first.n - second.n - out.n
        if not 0 <= draws_a <= MAX_DRAWS_ or not 0 <= draws_b <= MAX_DRAWS_:
            return None
        if live < draws_a + draws_b:  # the deck runs short: the community card, the general way
            return None
        key = (facts.name, draws_a, draws_b, live, method, samples, seed, threads)
        settings = self._settings()
        chosen = self._plans.get(key)
        if chosen is None or chosen.settings != settings:
            exact, reason = self._plan(first.raw, second.raw, out.raw, facts.game, method, samples, seed, threads)
            chosen = _Plan()
            chosen.exact, chosen.reason, chosen.settings = exact, reason, settings
            if len(self._plans) >= self.max_cached:
                self._plans.clear()
            self._plans[key] = chosen
        if not chosen.exact:  # the general route samples: its answer then
            return None
        return self._result(first, second, out, facts, chosen.reason, start, (first.label, second.label))

    def answer_cards(self, bytes a not None, bytes b not None, bytes dead not None, tuple labels not None,
                     str game not None, str reason not None, double start):
        """The exact answer of a checked heads-up question of cards as bytes (distinct cards,
        each player with at most ``MAX_DRAWS`` to come, a deck that deals both) in ``game``
        (a stud game's name), the players' ``labels``, the plan's ``reason``, timed from
        ``start`` (``time.perf_counter()``)."""
        cdef _Facts facts = self._facts(game)
        if facts is None:
            raise ValueError(f"unknown game {game!r}")
        return self._result(_cards(a), _cards(b), _cards(dead), facts, reason, start, labels)

    cdef object _result(self, _Text first, _Text second, _Text out, _Facts facts, str reason, double start,
                        tuple labels):
        """Count the match-up (checked) and make the result object."""
        cdef int8_t row[14]
        cdef int64_t c[2 * NCOLS_HILO]
        cdef int j, width = facts.cards
        cdef const unsigned char *a = first.raw
        cdef const unsigned char *b = second.raw
        cdef double deals
        if (first.bits & second.bits) or ((first.bits | second.bits) & out.bits):
            raise ValueError("a card is held twice")
        if not (0 <= width - first.n <= MAX_DRAWS_ and 0 <= width - second.n <= MAX_DRAWS_):
            raise ValueError(f"each player draws 0 to {MAX_DRAWS_} cards here")
        if 52 - first.n - second.n - out.n < 2 * width - first.n - second.n:
            raise ValueError("the deck runs short")
        for j in range(width):
            row[j] = <int8_t>a[j] if j < first.n else -1
            row[width + j] = <int8_t>b[j] if j < second.n else -1
        if 2 * width - first.n - second.n >= 3:  # fifth street: milliseconds in hi-lo, without the GIL
            with nogil:
                _count_row(row, width, out.bits, width, facts.kind, facts.low, c)
        else:
            _count_row(row, width, out.bits, width, facts.kind, facts.low, c)
        deals = <double>c[0]
        if facts.low < 0:
            # the rows of _count_pot: deals, share, win, tie; as pot_result (studeval.equity.counts)
            # makes them of the wins and the two-way ties
            values = {
                "equity": (((<double>c[2]) + (<double>c[3]) / 2.0) / deals,
                           ((<double>c[NCOLS + 2]) + (<double>c[NCOLS + 3]) / 2.0) / deals),
                "win": (c[2] / deals, c[NCOLS + 2] / deals),
                "tie": (c[3] / deals, c[NCOLS + 3] / deals),
                "stderr": (0.0, 0.0),
                "deals": c[0],
                "method": "exact",
                "seconds": 0.0,  # its place in the fields' order: the time is taken last
                "community_card": False,
                "plan": reason,
                "labels": labels,
            }
            kind = self._pot_type
        else:
            # the rows of _count_hilo: deals, share (quarters), scoop, high, low, no low; as
            # hilo_result makes them of shares in its unit (the fields by position in
            # HILO_FIELDS: a kind's name keys nothing outside studeval.kinds)
            values = dict(zip(HILO_FIELDS, (
                (<double>(self._quarter * c[1]) / self._unit / deals,
                 <double>(self._quarter * c[NCOLS_HILO + 1]) / self._unit / deals),
                (c[3] / deals, c[NCOLS_HILO + 3] / deals),
                (c[4] / deals, c[NCOLS_HILO + 4] / deals),
                (c[2] / deals, c[NCOLS_HILO + 2] / deals),
                c[5] / deals if facts.low_qualifies else 0.0,
                (0.0, 0.0),
                c[0],
                "exact",
                0.0,
                False,
                reason,
                labels,
            )))
            kind = self._hilo_type
        result = (<PyTypeObject *>kind).tp_new(<type>kind, <PyObject *>_EMPTY, NULL)
        values["seconds"] = _perf_counter() - start
        PyObject_GenericSetDict(result, values, NULL)
        return result
