# Evaluator kernels for other Cython modules: ``from studeval._core cimport ...``.
# They are static inline C (src/studeval/_eval.h), so a cimporting module inlines them. They
# read the lookup tables, which studeval._core holds once: a module that cimports a kernel
# calls stud_tables_init() once at import (module level), before any kernel runs.
from libc.stdint cimport uint8_t, uint16_t, int64_t, uint64_t

cdef extern from "_tables.h" nogil:
    # Hand values are 1..STUD_HIGH_VALUES; the lowest value of each category, worst first
    # (generated with the tables by tools/gen_tables.py).
    enum:
        STUD_HIGH_VALUES
        STUD_CATEGORIES
        STUD_FIRST_HIGH_CARD
        STUD_FIRST_PAIR
        STUD_FIRST_TWO_PAIR
        STUD_FIRST_THREE_OF_A_KIND
        STUD_FIRST_STRAIGHT
        STUD_FIRST_FLUSH
        STUD_FIRST_FULL_HOUSE
        STUD_FIRST_FOUR_OF_A_KIND
        STUD_FIRST_STRAIGHT_FLUSH
        STUD_ROYAL_FLUSH
        STUD_LOW_VALUES
        STUD_LOW8_VALUES
        STUD_LOW27_VALUES
    # STUD_CATEGORY_FIRST[c] for c in 0..STUD_CATEGORIES: the last entry is one past the best value
    const uint16_t STUD_CATEGORY_FIRST[]
    # the lookup tables (their layout is in the header)
    ctypedef struct stud_tables:
        pass

cdef extern from "_combin.h" nogil:
    # C(n, k) for n < STUD_BINOM_N, k < STUD_BINOM_K
    enum:
        STUD_BINOM_N
        STUD_BINOM_K
    const int64_t STUD_BINOM[64][8]

cdef extern from "_eval.h" nogil:
    # The kinds of value (studeval.kinds: each Kind's code), STUD_KINDS of them: what
    # evaluate_batch and the equity kernels take.
    enum:
        STUD_KIND_HIGH
        STUD_KIND_LOW
        STUD_KIND_LOW8
        STUD_KIND_LOW27
        STUD_KINDS

    # Point this module's kernels at a copy of the tables.
    void stud_use_tables(const stud_tables *tables) noexcept

    ctypedef struct stud_hand:
        uint64_t key
        uint64_t bits

    const stud_hand STUD_EMPTY_HAND

    # A hand state plus one card (0..51); no check that the card is new.
    stud_hand stud_hand_add(stud_hand h, int card) noexcept
    # Value 1..7462 (higher is better) of a hand state holding 5, 6 or 7 cards.
    uint16_t stud_hand_value(stud_hand h) noexcept
    # Value of n = 5, 6 or 7 distinct valid cards.
    uint16_t stud_eval_cards(const uint8_t *cards, int n) noexcept
    uint16_t stud_eval5(const uint8_t *cards) noexcept
    uint16_t stud_eval7(const uint8_t *cards) noexcept
    # Ace-to-five low 1..6175 and eight-or-better low 0..56 (higher is better) of a hand state
    # holding 5, 6 or 7 cards, or of n = 5, 6 or 7 distinct valid cards; the eight-or-better
    # low is a function of the ace-to-five one (stud_low8_of_low).
    uint16_t stud_hand_low(stud_hand h) noexcept
    uint8_t stud_hand_low8(stud_hand h) noexcept
    uint8_t stud_low8_of_low(uint16_t low) noexcept
    uint16_t stud_low_cards(const uint8_t *cards, int n) noexcept
    uint8_t stud_low8_cards(const uint8_t *cards, int n) noexcept
    # Deuce-to-seven low 1..7462 (higher is better) of a hand state holding 5, 6 or 7 cards,
    # or of n = 5, 6 or 7 distinct valid cards.
    uint16_t stud_hand_low27(stud_hand h) noexcept
    uint16_t stud_low27_cards(const uint8_t *cards, int n) noexcept
    # The value of a hand state of one kind (STUD_KIND_*; 0: no hand of the kind).
    int stud_hand_kind_value(stud_hand h, int kind) noexcept
    # 0 if the n cards are distinct and in 0..51, else 1 + the index of the first bad one.
    int stud_check_row(const uint8_t *cards, int n) noexcept
    # Portable bit helpers: index of the lowest set bit (x != 0), and the number of set bits.
    int stud_ctz64(uint64_t x) noexcept
    int stud_popcount64(uint64_t x) noexcept


# The tables of studeval._core (shared with cimporting modules through Cython's C-API capsule).
cdef const stud_tables *stud_core_tables() noexcept nogil


cdef inline void stud_tables_init() noexcept nogil:
    """Point this module's kernels at studeval._core's tables: once, at import."""
    stud_use_tables(stud_core_tables())


# Ctrl-C in GIL-free kernels (one helper for every module): a kernel looks now and then; if a
# signal handler raised, it stops, and its entry point re-raises once its threads are done.
cdef extern from "Python.h":
    int PyErr_CheckSignals() noexcept   # declared without an error check: the exception stays set
    void *PyErr_Occurred() noexcept


cdef inline int stud_signal_raised() noexcept nogil:
    """1 if a signal handler raised (Ctrl-C): its exception stays pending for the caller."""
    cdef int raised
    with gil:
        raised = PyErr_CheckSignals() != 0
    return raised


cdef inline int stud_raise_pending() except -1:
    """Propagate the exception a signal handler left pending (KeyboardInterrupt if the stop
    came from a shared flag set by another thread)."""
    if PyErr_Occurred() == NULL:
        raise KeyboardInterrupt("the count was stopped")
    return -1
