# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Compiled heads-up count against a player with many unknown cards (not a public API:
studeval.equity checks input). The method is described in _unseen.h."""

from libc.stdint cimport uint8_t, int64_t

from studeval._core cimport stud_tables_init, stud_signal_raised, stud_raise_pending
from studeval._core cimport STUD_KIND_HIGH, STUD_KIND_LOW, STUD_KIND_LOW8

cdef extern from "_unseen.h" nogil:
    int unseen_headsup(const uint8_t *live, int n, const uint8_t *known_a, int na, int ra,
                       const uint8_t *known_b, int nb, int rb, int64_t *a_wins, int64_t *b_wins,
                       int64_t *ties, int (*interrupted)() noexcept nogil, int kind,
                       int64_t *split) noexcept
    int unseen_both(const uint8_t *live, int n, const uint8_t *known_a, int na, int ra,
                    const uint8_t *known_b, int nb, int rb, int qualifier, int64_t *a_both,
                    int64_t *b_both, int (*interrupted)() noexcept nogil) noexcept

stud_tables_init()  # the kernels read studeval._core's lookup tables

#: What a count compares (``kind``: a kind's code, studeval._core's), in the order of
#: _unseen.h's UNSEEN_* codes: high hands, ace-to-five lows, eight-or-better lows (no low ties
#: no low, below every low).
KINDS = (STUD_KIND_HIGH, STUD_KIND_LOW, STUD_KIND_LOW8)


cdef _check(const uint8_t[::1] live, const uint8_t[::1] known_a, int draws_a,
            const uint8_t[::1] known_b, int draws_b, str name):
    """ValueError naming what is wrong with a deal's shape or cards."""
    cdef int n = <int>live.shape[0], na = <int>known_a.shape[0], nb = <int>known_b.shape[0], j
    cdef unsigned long long seen = 0
    if n > 52 or draws_a < 0 or draws_b < 0 or draws_a > 7 or draws_b > 7 or draws_a + draws_b > n:
        raise ValueError(f"{name}: bad deal shape (n={n}, draws {draws_a} and {draws_b})")
    if not 5 <= na + draws_a <= 7 or not 5 <= nb + draws_b <= 7:
        raise ValueError(f"{name}: each hand must end with 5 to 7 cards")
    for j in range(n):
        if live[j] > 51 or (seen >> live[j]) & 1:
            raise ValueError(f"{name}: bad or repeated live card {live[j]}")
        seen |= 1ULL << live[j]
    for j in range(na):
        if known_a[j] > 51 or (seen >> known_a[j]) & 1:
            raise ValueError(f"{name}: bad or repeated card {known_a[j]}")
        seen |= 1ULL << known_a[j]
    for j in range(nb):
        if known_b[j] > 51 or (seen >> known_b[j]) & 1:
            raise ValueError(f"{name}: bad or repeated card {known_b[j]}")
        seen |= 1ULL << known_b[j]


cdef _raise(int err, str name):
    """The exception for a count's error code (0: none)."""
    if err == 3:
        stud_raise_pending()
    if err == 1:
        raise MemoryError("not enough memory for the exact heads-up count")
    if err:
        raise ValueError(f"{name}: bad deal shape")


def headsup_unseen(const uint8_t[::1] live, const uint8_t[::1] known_a, int draws_a,
                   const uint8_t[::1] known_b, int draws_b, kind=STUD_KIND_HIGH):
    """(a wins, b wins, ties) over all disjoint pairs of completions of two stud hands.

    ``live`` holds the n distinct cards that can still come, ``known_*`` each player's known
    cards and ``draws_*`` how many more each gets (each hand ends with 5 to 7 cards). B, the
    side aggregated by rank multiset, should be the one with more completions. ``kind``
    (one of ``KINDS``, the codes of studeval.kinds) is what is compared.
    """
    cdef int n = <int>live.shape[0], na = <int>known_a.shape[0], nb = <int>known_b.shape[0], err, code
    cdef int64_t wins = 0, losses = 0, ties = 0
    if kind not in KINDS:
        raise ValueError(f"headsup_unseen: kind must be one of the codes {KINDS}, got {kind!r}")
    code = KINDS.index(kind)
    _check(live, known_a, draws_a, known_b, draws_b, "headsup_unseen")
    with nogil:
        err = unseen_headsup(&live[0] if n else NULL, n, &known_a[0] if na else NULL, na, draws_a,
                             &known_b[0] if nb else NULL, nb, draws_b, &wins, &losses, &ties, stud_signal_raised,
                             code, NULL)
    _raise(err, "headsup_unseen")
    return wins, losses, ties


def headsup_unseen_split(const uint8_t[::1] live, const uint8_t[::1] known_a, int draws_a,
                         const uint8_t[::1] known_b, int draws_b):
    """The high hands' (a wins, b wins, ties), as :func:`headsup_unseen` counts them, apart
    for A's completions without an eight-or-better low and with one, against every B and
    against B's completions with an eight-or-better low only: ((against every B: A without,
    A with), (against B's with a low: A without, A with)), in one sweep. A stud8 pot's
    halves and scoops come from these and :func:`headsup_unseen_both`.

    >>> import numpy as np
    >>> live = np.arange(8, 52, dtype=np.uint8)   # no deuces or treys left
    >>> a = np.array([0, 1, 2, 3, 4], dtype=np.uint8)   # A: 2222 3 to draw 2
    >>> b = np.array([5, 6, 7], dtype=np.uint8)   # B: 333 to draw 4
    >>> (no_low, low), _ = headsup_unseen_split(live, a, 2, b, 4)
    >>> [x + y for x, y in zip(no_low, low)] == list(headsup_unseen(live, a, 2, b, 4))
    True
    """
    cdef int n = <int>live.shape[0], na = <int>known_a.shape[0], nb = <int>known_b.shape[0], err
    cdef int64_t wins = 0, losses = 0, ties = 0
    cdef int64_t split[12]
    _check(live, known_a, draws_a, known_b, draws_b, "headsup_unseen_split")
    with nogil:
        err = unseen_headsup(&live[0] if n else NULL, n, &known_a[0] if na else NULL, na, draws_a,
                             &known_b[0] if nb else NULL, nb, draws_b, &wins, &losses, &ties, stud_signal_raised,
                             0, split)
    _raise(err, "headsup_unseen_split")
    return tuple(tuple(tuple(split[6 * side + 3 * f + k] for k in range(3)) for f in range(2)) for side in range(2))


def headsup_unseen_both(const uint8_t[::1] live, const uint8_t[::1] known_a, int draws_a,
                        const uint8_t[::1] known_b, int draws_b, bint qualifier):
    """(a beats b on both keys, b beats a on both) over the disjoint pairs of completions of a
    hi-lo pot: the high hands and the lows, ace-to-five, or eight or better (``qualifier``),
    then only over the pairs where both have a low (a low beats none: those pairs are the high
    alone, :func:`headsup_unseen_split`); a tie on either key counts for neither. Arguments as
    for :func:`headsup_unseen` (B counted by rank multiset).

    >>> import numpy as np
    >>> live = np.arange(8, 52, dtype=np.uint8)   # no deuces or treys left
    >>> a = np.array([0, 1, 2, 3, 4], dtype=np.uint8)   # A: 2222 3 to draw 2
    >>> b = np.array([5, 6, 7], dtype=np.uint8)   # B: 333 to draw 4
    >>> both = headsup_unseen_both(live, a, 2, b, 4, False)   # ace-to-five lows
    >>> from studeval import _core, _equity   # the same count card by card
    >>> both == _equity.headsup_dominance(live, a, 2, b, 4, _equity.KEYS[_core.KIND_HIGH], _equity.KEYS[_core.KIND_LOW])
    True
    """
    cdef int n = <int>live.shape[0], na = <int>known_a.shape[0], nb = <int>known_b.shape[0], err
    cdef int64_t a_both = 0, b_both = 0
    _check(live, known_a, draws_a, known_b, draws_b, "headsup_unseen_both")
    with nogil:
        err = unseen_both(&live[0] if n else NULL, n, &known_a[0] if na else NULL, na, draws_a,
                          &known_b[0] if nb else NULL, nb, draws_b, qualifier, &a_both, &b_both,
                          stud_signal_raised)
    _raise(err, "headsup_unseen_both")
    return a_both, b_both
