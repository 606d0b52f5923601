# cython: language_level=3, cdivision=True
# (boundscheck, wraparound and initializedcheck are set by setup.py: off, or on in the debug build)
"""Compiled core: the card codec, the hand evaluator and its numpy batch form.

The public, documented names are re-exported by studeval.cards and studeval.evaluate.
"""
import os
import operator
from collections.abc import Mapping, Set

import numpy as np

from cpython.object cimport PyObject
from cython.parallel cimport prange
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "Python.h":
    Py_ssize_t PyList_GET_SIZE(object) nogil
    Py_ssize_t PyTuple_GET_SIZE(object) nogil
    PyObject *PyList_GET_ITEM(object, Py_ssize_t)
    PyObject *PyTuple_GET_ITEM(object, Py_ssize_t)
    bint PyLong_CheckExact(PyObject *)

cdef extern from "_pyint.h":
    long stud_small_int(PyObject *o, long limit) noexcept

cdef extern from "_threads.h":
    int stud_max_threads() nogil
    enum: STUD_OPENMP

# the one copy of the lookup tables in the package: this module's kernels and, through
# stud_core_tables (_core.pxd), those of every module that cimports them read it
cdef extern from "_tables_data.h":
    const stud_tables STUD_TABLES_DATA
    const uint32_t STUD_HIGH_CLASSES[]
    const uint32_t STUD_LOW_CLASSES[]
    const uint32_t STUD_LOW27_CLASSES[]


cdef const stud_tables *stud_core_tables() noexcept nogil:
    return &STUD_TABLES_DATA


stud_tables_init()

RANKS = "23456789TJQKA"
#: The most cards one call reads from an iterator when repeats are allowed (format_cards): an
#: endless iterator is refused here instead of read for ever.
MAX_CARDS = 1 << 16
SUITS = "cdhs"
OPENMP = bool(STUD_OPENMP)

cdef dict _RANK_OF = {c: i for i, c in enumerate(RANKS)}
_RANK_OF.update({c.lower(): i for i, c in enumerate(RANKS)})
#: The suit symbols players type and sites print, black and white, and the suit of each: read
#: as the letters are (an emoji's presentation selector, U+FE0E or U+FE0F, may follow).
SUIT_SYMBOLS = {
    "\u2663": "c", "\u2667": "c", "\u2666": "d", "\u2662": "d",
    "\u2665": "h", "\u2661": "h", "\u2660": "s", "\u2664": "s",
}
cdef dict _SUIT_OF = {c: i for i, c in enumerate(SUITS)}
_SUIT_OF.update({c.upper(): i for i, c in enumerate(SUITS)})
_SUIT_OF.update({symbol: SUITS.index(letter) for symbol, letter in SUIT_SYMBOLS.items()})
cdef tuple _NAMES = tuple(r + s for r in RANKS for s in SUITS)

# ---------------------------------------------------------------------------------------------
# Card codec


def format_card(card) -> str:
    """The text of one card: ``format_card(51) == 'As'``."""
    return _NAMES[_card_int(card)]


cdef int _card_int(object card) except -1:
    """One card given as an int-like value, checked."""
    # a masked element's value is not a card (its mask says so), whatever its data holds; a
    # numpy bool is a truth value, though numpy before 2.0 gives it an __index__
    if isinstance(card, (bool, np.bool_, float, np.ma.MaskedArray)) or not hasattr(card, "__index__"):
        raise TypeError(f"a card must be an int 0..51 or a string like 'As', got {type(card).__name__} {card!r}")
    try:
        value = operator.index(card)
    except TypeError:  # e.g. a 0-d float array: it has __index__ but refuses it
        raise TypeError(
            f"a card must be an int 0..51 or a string like 'As', got {type(card).__name__} {card!r}"
        ) from None
    if not 0 <= value <= 51:
        raise ValueError(f"card {value} is out of range: a card is an int 0..51")
    return value


cdef list _parse_text(str text):
    cdef list out = []
    cdef Py_ssize_t i = 0, n = len(text), start
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        start = i
        if text.startswith("10", i):
            rank = 8
            i += 2
        else:
            rank = _RANK_OF.get(ch, -1)
            i += 1
        suit = _SUIT_OF.get(text[i], -1) if i < n else -1
        i += 1
        if i < n and text[i] in "\ufe0e\ufe0f" and text[i - 1] in SUIT_SYMBOLS:
            i += 1
        if rank < 0 or suit < 0:
            end = start
            while end < n and not (text[end].isspace() or text[end] == ","):
                end += 1
            bad = text[start:max(end, start + 1)]
            raise ValueError(
                f"unknown card {bad!r} in {text!r}: a card is a rank (2-9, T or 10, J, Q, K, A)"
                " and a suit (c, d, h, s or a symbol), like 'As', 'Td' or 'A\u2660'"
            )
        out.append(4 * rank + suit)
    return out


def parse_cards(cards, *, allow_duplicates=False) -> list:
    """Cards as a list of ints 0..51 from text, an int, a sequence of ints/texts or an array.

    Raises ValueError for unknown text, an int out of 0..51 or a repeated card (unless
    ``allow_duplicates``) and TypeError for anything that is not a card, and for a dict, a set
    (cards are in an order) or a masked array (its mask would be ignored).
    """
    cdef list out
    if isinstance(cards, str):
        out = _parse_text(str(cards))  # str() of a subclass (numpy.str_): the typed argument takes only str
    elif isinstance(cards, (Mapping, Set)):
        raise TypeError(f"cards must be text, ints or a sequence of them, not a {type(cards).__name__}: {cards!r}")
    elif isinstance(cards, np.ma.MaskedArray):
        raise TypeError("cards cannot be a masked array: select the cards you mean (arr.compressed())")
    elif isinstance(cards, np.ndarray):
        arr = cards
        if arr.ndim != 1:
            raise ValueError(f"cards must be a 1-d array, got shape {arr.shape}")
        if arr.dtype.kind not in "iu":
            raise TypeError(f"a card array must have an integer dtype, got {arr.dtype}")
        out = [_card_int(v) for v in arr.tolist()]
    elif isinstance(cards, (bytes, bytearray)):
        raise TypeError(f"cards must be text, ints or a sequence of them, got {type(cards).__name__} {cards!r}")
    elif hasattr(cards, "__index__"):
        out = [_card_int(cards)]
    elif hasattr(cards, "__iter__"):
        out = []
        for item in cards:
            if isinstance(item, str):
                one = _parse_text(str(item))
                if len(one) != 1:
                    raise ValueError(f"expected one card, got {item!r}")
                out.extend(one)
            else:
                out.append(_card_int(item))
            if len(out) > 52:  # stop here, even on an endless iterator
                if not allow_duplicates:
                    _check_distinct(out)  # 53 cards repeat one
                elif len(out) > MAX_CARDS:
                    raise ValueError(f"more than {MAX_CARDS:,} cards: is the iterator endless?")
    else:
        raise TypeError(f"cards must be text, ints or a sequence of them, got {type(cards).__name__} {cards!r}")
    if not allow_duplicates:
        _check_distinct(out)
    return out


cdef _check_distinct(list cards):
    cdef uint64_t seen = 0, bit
    for c in cards:
        bit = 1ULL << <int>c
        if seen & bit:
            raise ValueError(f"duplicate card {_NAMES[c]!r} in {' '.join(_NAMES[x] for x in cards)}")
        seen |= bit


# ---------------------------------------------------------------------------------------------
# Evaluator

# The lowest hand value of each category, worst category first (from the generated tables).
CATEGORY_FIRST_VALUE = tuple(STUD_CATEGORY_FIRST[c] for c in range(STUD_CATEGORIES))
# The kinds of value, as the kernels number them (_eval.h; studeval.kinds: each Kind's code).
KIND_HIGH = STUD_KIND_HIGH
KIND_LOW = STUD_KIND_LOW
KIND_LOW8 = STUD_KIND_LOW8
KIND_LOW27 = STUD_KIND_LOW27
# The best value of each kind by its code (the worst is 1; a low8 of 0 is no qualifying low),
# from the tables.
BEST_VALUE = {
    STUD_KIND_HIGH: STUD_HIGH_VALUES,
    STUD_KIND_LOW: STUD_LOW_VALUES,
    STUD_KIND_LOW8: STUD_LOW8_VALUES,
    STUD_KIND_LOW27: STUD_LOW27_VALUES,
}


def hand_class(int kind, value) -> tuple:
    """The class of a value of the kind coded ``kind`` (``KIND_HIGH``, ``KIND_LOW`` or
    ``KIND_LOW27``): its category (the high hand's HandCategory; the lows' own numbers, see
    studeval._reference) and ranks, from the tables tools/gen_tables.py generates. It is what
    :func:`studeval.describe` names.

    >>> hand_class(KIND_HIGH, 7462), hand_class(KIND_LOW, 6175), hand_class(KIND_LOW27, 7462)
    ((8, 12), (0, 4, 3, 2, 1, 0), (0, 5, 3, 2, 1, 0))
    """
    cdef const uint32_t *classes
    if kind == STUD_KIND_HIGH:
        classes = STUD_HIGH_CLASSES
    elif kind == STUD_KIND_LOW:
        classes = STUD_LOW_CLASSES
    elif kind == STUD_KIND_LOW27:
        classes = STUD_LOW27_CLASSES
    else:
        raise ValueError(f"hand_class knows the kinds high, low and low27 (codes 0, 1 and 3), got {kind!r}")
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"a value must be an int, got {value!r}")
    if not 1 <= value <= BEST_VALUE[kind]:
        raise ValueError(f"value {value} of kind {kind} is out of range 1..{BEST_VALUE[kind]}")
    cdef uint32_t word = classes[value]
    return (word >> 20 & 15, *[word >> (16 - 4 * i) & 15 for i in range(word >> 24 & 15)])


cdef inline int _fast_cards(object cards, uint8_t *buf) noexcept:
    """Copy a list/tuple of 5-7 distinct plain ints 0..51 into buf; 0 if it is anything else."""
    cdef Py_ssize_t n, i
    cdef PyObject *item
    cdef long v
    cdef uint64_t seen = 0, bit
    cdef bint is_list = type(cards) is list
    if is_list:
        n = PyList_GET_SIZE(cards)
    elif type(cards) is tuple:
        n = PyTuple_GET_SIZE(cards)
    else:
        return 0
    if n < 5 or n > 7:
        return 0
    for i in range(n):
        item = PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i)
        if not PyLong_CheckExact(item):
            return 0
        v = stud_small_int(item, 51)  # no call, no error: -1 for anything but 0..51
        if v < 0:
            return 0  # the slow path explains
        bit = 1ULL << v
        if seen & bit:
            return 0
        seen |= bit
        buf[i] = <uint8_t>v
    return <int>n


cdef int _hand_cards(object cards, uint8_t *buf, str name) except -1:
    """5, 6 or 7 distinct cards into buf: their number."""
    cdef int n = _fast_cards(cards, buf)
    if n:
        return n
    cdef list parsed = parse_cards(cards)
    n = len(parsed)
    if n < 5 or n > 7:
        raise ValueError(f"{name} takes 5, 6 or 7 cards, got {n}: {' '.join(_NAMES[c] for c in parsed)!r}")
    for i in range(n):
        buf[i] = parsed[i]
    return n


# the public evaluators: one kind's kernel on 5 to 7 cards
ctypedef uint16_t (*_kernel)(const uint8_t *cards, int n) noexcept


cdef uint16_t _low8_kernel(const uint8_t *cards, int n) noexcept:
    return stud_low8_cards(cards, n)


# every value of every kind as a Python int, made once: a call returns one of them (a new int
# of 7462 is an allocation, and its release another, beside a few nanoseconds of lookup)
cdef tuple _VALUES = tuple(range(max(STUD_HIGH_VALUES, STUD_LOW_VALUES, STUD_LOW8_VALUES, STUD_LOW27_VALUES) + 1))


cdef inline object _value_of(object cards, _kernel kernel, str name):
    """The kernel's value of a hand: a list or tuple of card ints straight in (the hot path),
    anything else parsed and checked first."""
    cdef uint8_t buf[7]
    cdef int n = _fast_cards(cards, buf)
    if not n:
        n = _hand_cards(cards, buf, name)
    return <object>PyTuple_GET_ITEM(_VALUES, kernel(buf, n))


def evaluate(cards) -> int:
    """Value of the best five-card hand in 5, 6 or 7 cards: 1..7462, higher is better.

    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate([0, 4, 8, 12, 17]) # 2c 3c 4c 5c 6d: a six-high straight
    5855
    """
    return _value_of(cards, stud_eval_cards, "evaluate")


def evaluate_low(cards) -> int:
    """The best ace-to-five low (razz) of 5, 6 or 7 cards: 1..6175, higher is better.

    Aces are low, straights and flushes do not count, pairs count against; 6175 is
    5-4-3-2-A and 1 is four kings with a queen.

    >>> evaluate_low("5c 4d 3h 2s Ac")
    6175
    >>> evaluate_low("Kc Kd Kh Ks Qc")
    1
    >>> evaluate_low("7h 5c 4d 3h 2s Kd Kh") > evaluate_low("8c 4d 3h 2s Ac Qs Qh")
    True
    """
    return _value_of(cards, stud_low_cards, "evaluate_low")


def evaluate_low8(cards) -> int:
    """The best eight-or-better low (stud hi-lo) of 5, 6 or 7 cards: 0 without five different
    ranks of eight or lower (aces low), else 1..56, higher is better (56 is 5-4-3-2-A).

    >>> evaluate_low8("5c 4d 3h 2s Ac Kd Kh")
    56
    >>> evaluate_low8("8c 7d 6h 5s 4c")
    1
    >>> evaluate_low8("9c 7d 6h 5s 4c 4d 4h")
    0
    """
    return _value_of(cards, _low8_kernel, "evaluate_low8")


def evaluate_low27(cards) -> int:
    """The best deuce-to-seven low (2-7 razz) of 5, 6 or 7 cards: 1..7462, higher is better.

    Aces are always high (A-5-4-3-2 is ace high, not a straight), and straights, flushes and
    pairs count against; 7462 is 7-5-4-3-2 not all of one suit and 1 is a royal flush.

    >>> evaluate_low27("7c 5d 4h 3s 2c")
    7462
    >>> evaluate_low27("7c 5c 4c 3c 2c") < evaluate_low27("8c 6d 4h 3s 2c")  # the flush counts
    True
    >>> evaluate_low27("5c 4d 3h 2s Ac") < evaluate_low27("Kc Qd Jh 9s 8c Kd Qh")  # ace high
    True
    """
    return _value_of(cards, stud_low27_cards, "evaluate_low27")


def max_threads() -> int:
    """Threads a threaded call uses by default: the cores, or 1 where built without OpenMP.

    >>> 1 <= max_threads() <= THREAD_LIMIT
    True
    """
    return max(1, min(stud_max_threads(), os.cpu_count() or 1)) if STUD_OPENMP else 1


# The most threads any call accepts: enough for any machine this runs on, few enough that a
# typo cannot make OpenMP start (and the OS refuse) a hundred thousand threads.
THREAD_LIMIT = max(64, os.cpu_count() or 1)


def check_threads(threads) -> int:
    """The thread count a call runs on: ``None`` means :func:`max_threads`; else an int from 1
    to ``THREAD_LIMIT``. Every threaded entry point of studeval checks its argument here.

    >>> check_threads(1)
    1
    >>> check_threads(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: threads must be from 1 to ..., got 0
    """
    if threads is None:
        return max_threads()
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"threads must be an int or None, got {threads!r}")
    if not 1 <= threads <= THREAD_LIMIT:
        raise ValueError(f"threads must be from 1 to {THREAD_LIMIT}, got {threads}")
    return int(threads)


cdef extern from "_batch_simd.h" nogil:
    int stud_simd_best() noexcept
    void stud_simd_prepare(int width, int kind, int path) noexcept
    int stud_batch_path(
        const uint8_t *hands, int width, size_t rows, uint16_t *out, int check, int kind, int path
    ) noexcept

cdef enum:
    CHUNK = 16384  # rows per work item: a few hundred KB of input

#: The batch kernels' paths by their code in _batch_simd.h (STUD_SIMD_*): the scalar kernel
#: (the reference, on every machine), the x86-64 vector ones and the arm64 one.
SIMD_NAMES = ("scalar", "avx2", "avx512", "neon")
cdef enum:
    _AVX512 = 2
    _NEON = 3
# the widest path this processor runs (the call also fills the vector kernels' constants):
# on x86-64 it runs every x86-64 path below it too; NEON (arm64) is chosen when built
cdef int _SIMD_BEST = stud_simd_best()
# the codes of the paths it runs, the scalar kernel's first
cdef tuple _SIMD_RUNS = (0, _NEON) if _SIMD_BEST == _NEON else tuple(range(_SIMD_BEST + 1))
# the path taken unless told: AVX-512 where the processor has it, NEON on arm64, else the
# scalar kernel (the AVX2 path measured no faster than the scalar one: see _batch_simd.h and
# RESULTS.md)
cdef int _SIMD_FASTEST = _SIMD_BEST if _SIMD_BEST in (_AVX512, _NEON) else 0


def _simd_from_env(value) -> int:
    """The path code of the environment's STUDEVAL_SIMD: unset, empty or 1 the fastest path;
    0 (or scalar, off, false, no) the scalar kernel; a path's name that path where the
    processor runs it, else the widest x86-64 path it runs below an x86-64 one named (the
    scalar kernel for another processor's path); anything else the fastest path."""
    text = (value or "").strip().lower()
    if text in ("0", "scalar", "off", "false", "no"):
        return 0
    if text in SIMD_NAMES:
        code = SIMD_NAMES.index(text)
        if code in _SIMD_RUNS:
            return code
        return max(c for c in _SIMD_RUNS if c < code) if code <= _AVX512 else 0
    return _SIMD_FASTEST


cdef int _simd_default = _simd_from_env(os.environ.get("STUDEVAL_SIMD"))


def simd_paths() -> tuple:
    """The batch kernel's paths this build runs on this processor: always ``"scalar"``, then
    ``"avx2"`` and ``"avx512"`` where the processor has them (x86-64 Linux, built by GCC or
    Clang), or ``"neon"`` on arm64 (every arm64 processor has it); elsewhere the scalar
    kernel alone.

    >>> simd_paths()[0]
    'scalar'
    """
    return tuple(SIMD_NAMES[code] for code in _SIMD_RUNS)


def simd_path() -> str:
    """The path :func:`evaluate_batch` takes unless told: ``"avx512"`` where the processor has
    AVX-512 (F and BW), ``"neon"`` on arm64, else ``"scalar"``; the scalar kernel when the
    environment holds ``STUDEVAL_SIMD=0`` at import (for tests and bug reports), or a path
    named there (``STUDEVAL_SIMD=avx2``: AVX2, which is otherwise never taken: it measured no
    faster than the scalar kernel). Every path gives the same values and refuses the same rows.

    >>> simd_path() in simd_paths()
    True
    """
    return SIMD_NAMES[_simd_default]


cdef int _simd_code(object simd) except -1:
    if simd is None:
        return _simd_default
    if not isinstance(simd, str) or simd not in SIMD_NAMES:
        raise ValueError(f"simd must be None or one of {SIMD_NAMES}, got {simd!r}")
    cdef int code = SIMD_NAMES.index(simd)
    if code not in _SIMD_RUNS:
        raise ValueError(f"this processor (or build) cannot run the {simd!r} path; it runs {simd_paths()}")
    return code


cdef int _eval_rows(
    const uint8_t[:, ::1] hands, uint16_t[::1] out, int threads, int check, int kind, int path
) noexcept nogil:
    """Evaluate every row, in chunks spread over the threads; 1 if some row is bad."""
    cdef Py_ssize_t n = hands.shape[0], chunks = (n + CHUNK - 1) // CHUNK, k, lo, rows
    cdef int width = <int>hands.shape[1], bad = 0
    for k in prange(chunks, num_threads=threads, schedule="static"):
        lo = k * CHUNK
        rows = min(CHUNK, n - lo)
        bad |= stud_batch_path(&hands[lo, 0], width, rows, &out[lo], check, kind, path)
    return bad


def check_hand_array(hands) -> None:
    """Refuse an array of hands that :func:`evaluate_batch` cannot take: it must be uint8, of
    shape (N, 5), (N, 6) or (N, 7). Any array with a dtype and a shape is checked (numpy or
    dask: studeval.distributed checks its array before any block reaches a cluster).

    >>> check_hand_array(np.zeros((3, 7), dtype=np.uint8))
    >>> check_hand_array(np.zeros((3, 4), dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: evaluate_batch takes an array of shape (N, 5), (N, 6) or (N, 7), got (3, 4)
    """
    if hands.dtype != np.uint8:
        raise TypeError(f"evaluate_batch takes a uint8 array, got dtype {hands.dtype} (use .astype(np.uint8))")
    if hands.ndim != 2 or hands.shape[1] not in (5, 6, 7):
        raise ValueError(f"evaluate_batch takes an array of shape (N, 5), (N, 6) or (N, 7), got {hands.shape}")


def evaluate_batch(hands, *, threads=None, check=True, int kind=STUD_KIND_HIGH, simd=None):
    """Values of many hands at once: an (N, 5), (N, 6) or (N, 7) uint8 array gives (N,) uint16.

    ``kind`` is the code of the value (a Kind's ``code``): ``KIND_HIGH`` (as
    :func:`evaluate`, 1..7462), ``KIND_LOW`` (as :func:`evaluate_low`, 1..6175),
    ``KIND_LOW8`` (as :func:`evaluate_low8`, 0..56) or ``KIND_LOW27`` (as
    :func:`evaluate_low27`, 1..7462); :func:`studeval.evaluate_batch` takes the kind's name.
    The options are keywords only.

    Releases the GIL and splits the rows over ``threads`` (None: all cores). A byte above 51
    always raises ValueError naming its row; so does a card repeated within a row, unless
    ``check=False`` (for rows known to hold distinct cards: a repeated card then gives an
    unspecified value). The check costs the scalar kernel next to nothing where the CPU counts
    bits in one instruction (nearly everywhere), the AVX-512 one a few per cent (it sorts each
    row's cards anyway: a repeat is two equal neighbours).

    ``simd`` picks the kernel's path: None the one :func:`simd_path` names (the fastest the
    processor runs, unless ``STUDEVAL_SIMD=0``), or a name from :func:`simd_paths` (``"scalar"``
    is the reference kernel; ``"avx2"`` and ``"avx512"`` on x86-64, ``"neon"`` on arm64).
    Every path gives the same values and refuses the same rows.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 17]], dtype=np.uint8)).tolist()
    [7452, 5855]
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 51]], dtype=np.uint8), kind=KIND_LOW8).tolist()
    [0, 56]
    >>> evaluate_batch(np.array([[20, 13, 10, 7, 0], [20, 12, 8, 4, 0]], dtype=np.uint8), kind=KIND_LOW27).tolist()
    [7462, 1599]
    """
    if not 0 <= kind < STUD_KINDS:
        raise ValueError(f"kind must be a kind's code 0..{STUD_KINDS - 1}, got {kind!r}")
    cdef int kind_code = kind
    if isinstance(hands, np.ma.MaskedArray):
        raise TypeError(
            "evaluate_batch cannot take a masked array:"
            " select the rows you mean (e.g. arr[~arr.mask.any(axis=1)].data)"
        )
    if not isinstance(hands, np.ndarray):
        raise TypeError(f"evaluate_batch takes a numpy array of dtype uint8, got {type(hands).__name__}")
    check_hand_array(hands)
    cdef int path = _simd_code(simd)
    cdef int nthreads = _thread_count(threads, hands.shape[0])
    arr = np.ascontiguousarray(hands)
    out = np.empty(arr.shape[0], dtype=np.uint16)
    cdef const uint8_t[:, ::1] view = arr
    cdef uint16_t[::1] res = out
    cdef int bad
    cdef int do_check = bool(check)
    if view.shape[0] == 0:
        return out
    stud_simd_prepare(<int>view.shape[1], kind_code, path)  # before the threads share the batch
    with nogil:
        bad = _eval_rows(view, res, nthreads, do_check, kind_code, path)
    if bad:
        _raise_bad_row(arr)
    return out


cdef int _thread_count(object threads, Py_ssize_t rows) except -1:
    cdef int n = check_threads(threads)
    # a thread is worth starting for ~64k hands; fewer go on one
    return max(1, min(n, <int>(rows // 65536) + 1))


cdef _raise_bad_row(arr):
    cdef const uint8_t[:, ::1] view = arr
    cdef Py_ssize_t i
    cdef int w = <int>arr.shape[1], j
    for i in range(arr.shape[0]):
        j = stud_check_row(&view[i, 0], w)
        if j:
            row = arr[i].tolist()
            v = row[j - 1]
            if v > 51:
                raise ValueError(f"row {i} of the array holds {v}, which is not a card 0..51: {row}")
            raise ValueError(f"row {i} of the array holds card {_NAMES[v]!r} ({v}) twice: {row}")
