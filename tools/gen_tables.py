"""Generate the evaluator's lookup tables: src/studeval/_tables.h (their layout, a struct, and
the constants) and src/studeval/_tables_data.h (their contents, compiled into studeval._core
only; every other module reads the one copy through a pointer, see _eval.h).

Run from the repository root::

    python tools/gen_tables.py            # write the headers
    python tools/gen_tables.py --check    # exit 1 if a committed header differs

How the tables work (see _eval.h for the lookup side):

* Every card adds a 64-bit key: ``5**rank`` in the low 32 bits (a base-5 digit per rank,
  so the sum names the multiset of ranks of up to 7 cards exactly) and ``1 << (32 + 4*suit)``
  in a per-suit nibble. The hand key starts with 3 in each nibble, so bit 3 of a nibble is
  set exactly when that suit holds five or more cards: a flush.
* A non-flush hand is looked up by its rank multiset through a perfect hash (hash and
  displace): ``x = q * MULT``; the top bits choose a bucket, whose displacement is xor-ed
  into other bits of ``x`` to give the slot.  One table serves 5, 6 and 7 cards.
* A flush is looked up by the 13-bit rank mask of the flush suit, at STUD_FLUSH_BASE + mask in
  the same value array.
* The lows depend on the rank multiset only, so they sit in a second array indexed by the
  same slot (STUD_LOW): the same key arithmetic gives the ace-to-five low. The eight-or-better
  low is a function of that low (the best low qualifies exactly when an 8-low exists), so it
  is a small array indexed by the low value (STUD_LOW8_OF_LOW).
* The deuce-to-seven low (aces high; straights, flushes and pairs count against) of five
  cards is a fixed remap of their high value (STUD_LOW27_OF_HIGH: the order reversed, the
  wheel and the steel wheel become ace-high hands). Of 5, 6 or 7 cards, a third array by slot
  (STUD_LOW27) holds the best 2-7 low of the rank multiset as if no five cards shared a suit.
  That is the answer unless some suit holds five cards and the best low's five ranks (a
  no-pair low: STUD_LOW27_RANKS gives its rank mask) can only be taken from that suit; only
  then (rare) does the kernel try the five-card subsets.

Values are 1..7462, higher is better (7462 is a royal flush); lows are 1..6175 (6175 is
5-4-3-2-A) and eight-or-better lows 0 (none) or 1..56 (56 is the wheel), higher is better.
The lowest value of each hand category is written out as well (STUD_FIRST_*), so every
module that needs a category boundary reads it from here; and the class of every value of
each kind (its category and ranks, packed in a word), from which describe() names a value.

A second header, _combin.h, holds the binomial coefficients that number card subsets in the
equity and casino kernels.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import operator
import sys
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "studeval"
OUT = SRC / "_tables.h"
OUT_DATA = SRC / "_tables_data.h"
OUT_COMBIN = SRC / "_combin.h"

MULT = 0x9E3779B97F4A7C15  # golden-ratio multiplier: mixes the base-5 digits well
BUCKET_BITS = 14
SLOT_BITS = 17
POISON_KEY = 1 << 52  # above the suit nibbles: seven of them cannot overflow
POISON_BIT = 1 << 63  # above the spade lane's 13 rank bits
CATEGORIES = (
    "HIGH_CARD",
    "PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
)  # worst first, the order of best_nonflush's category numbers
BINOM_N, BINOM_K = 64, 8  # C(n, k) for n < 64 (a live deck fits in 63), k <= 7 (a stud hand)
STRAIGHTS = (
    [(12, 11, 10, 9, 8)] + [tuple(range(h, h - 5, -1)) for h in range(11, 3, -1)] + [(3, 2, 1, 0, 12)]
)  # high to low; the wheel (5-4-3-2-A) is last


def straight_high(ranks: set[int]) -> int | None:
    """The high card of the best straight among these ranks (3 for the wheel), or None."""
    for s in STRAIGHTS:
        if all(r in ranks for r in s):
            return s[0]
    return None


def best_nonflush(counts: list[int]) -> tuple[int, ...]:
    """Class tuple (category, tie-breaks...) of the best 5-card non-flush hand of a rank multiset.

    Categories: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush, 6 full house,
    7 quads, 8 straight flush.
    """
    by_count = {k: [r for r in range(12, -1, -1) if counts[r] >= k] for k in (1, 2, 3, 4)}
    singles = by_count[1]
    if by_count[4]:
        q = by_count[4][0]
        return (7, q, next(r for r in singles if r != q))
    if by_count[3]:
        t = by_count[3][0]
        pairs = [r for r in by_count[2] if r != t]
        if pairs:
            return (6, t, pairs[0])
    high = straight_high(set(singles))
    if high is not None:
        return (4, high)
    if by_count[3]:
        t = by_count[3][0]
        return (3, t, *[r for r in singles if r != t][:2])
    if len(by_count[2]) >= 2:
        p1, p2 = by_count[2][:2]
        return (2, p1, p2, next(r for r in singles if r not in (p1, p2)))
    if by_count[2]:
        p = by_count[2][0]
        return (1, p, *[r for r in singles if r != p][:3])
    return (0, *singles[:5])


def best_flush(mask: int) -> tuple[int, ...]:
    ranks = {r for r in range(13) if mask >> r & 1}
    high = straight_high(ranks)
    if high is not None:
        return (8, high)
    return (5, *sorted(ranks, reverse=True)[:5])


def rank_multisets(size: int) -> Iterator[list[int]]:
    """Count vectors (13 entries, each 0..4) that sum to size."""
    for combo in itertools.combinations_with_replacement(range(13), size):
        counts = [0] * 13
        for r in combo:
            counts[r] += 1
        if max(counts) <= 4:
            yield counts


def class_values() -> dict[tuple[int, ...], int]:
    """Every one of the 7462 distinct 5-card hands, valued 1..7462 in order."""
    classes = {best_nonflush(c) for c in rank_multisets(5)}
    classes |= {best_flush(sum(1 << r for r in combo)) for combo in itertools.combinations(range(13), 5)}
    ordered = sorted(classes)
    assert len(ordered) == 7462, len(ordered)
    return {cls: i + 1 for i, cls in enumerate(ordered)}


# cached: several tables ask for the class of the same five ranks (the values, the classes, the slots)
@functools.cache
def low_class(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Ace-to-five low class of five ranks (0 = deuce .. 12 = ace): smaller is a better low.

    Aces count low (rank 1 of 13 below the deuce), straights and flushes do not count, and
    pairs count against: (shape, group ranks from the most repeated and highest down), where
    the shape is 0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house, 5 quads.
    """
    low = [(r + 1) % 13 for r in ranks]  # the ace becomes 0, the deuce 1, the king 12
    counts = {r: low.count(r) for r in set(low)}
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return (kind, *(r for r, _ in groups))


@functools.cache  # as low_class
def low27_class(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Deuce-to-seven class of five ranks (0 = deuce .. 12 = ace), flush or not: smaller is a
    better low. The high hand's class with the ace always high (A-5-4-3-2 is no straight)."""
    counts = [ranks.count(r) for r in range(13)]
    by_count = sorted(set(ranks), key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(counts[r] for r in by_count)
    straight = len(by_count) == 5 and by_count[0] - by_count[4] == 4
    if straight or flush:
        return (8 if straight and flush else 4 if straight else 5, *by_count)
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[shape]
    return (kind, *by_count)


@functools.cache  # read by three tables (none changes it)
def low27_values() -> dict[tuple[int, ...], int]:
    """Every 2-7 class valued 1..7462, the best (7-5-4-3-2, no flush) highest."""
    classes = {low27_class(tuple(r for r in range(13) for _ in range(c[r])), False) for c in rank_multisets(5)}
    classes |= {low27_class(combo, True) for combo in itertools.combinations(range(13), 5)}
    ordered = sorted(classes)
    assert len(ordered) == 7462, len(ordered)
    return {cls: len(ordered) - i for i, cls in enumerate(ordered)}


def low27_tables(values: dict[tuple[int, ...], int]) -> tuple[list[int], list[int]]:
    """The 2-7 value of each high value of five cards (index 0 unused), and the rank mask of
    each 2-7 value that is five different ranks not of one suit (0 for the others)."""
    value27 = low27_values()
    of_high = [0] * (len(values) + 1)
    ranks_of = [0] * (len(value27) + 1)
    for counts in rank_multisets(5):
        ranks = tuple(r for r in range(13) for _ in range(counts[r]))
        v = value27[low27_class(ranks, False)]
        of_high[values[best_nonflush(counts)]] = v
        if len(set(ranks)) == 5:
            ranks_of[v] = sum(1 << r for r in ranks)
    for combo in itertools.combinations(range(13), 5):
        of_high[values[best_flush(sum(1 << r for r in combo))]] = value27[low27_class(combo, True)]
    assert sorted(of_high[1:]) == list(range(1, len(value27) + 1))  # a permutation
    return of_high, ranks_of


def low_classes() -> list[tuple[int, ...]]:
    """The 6175 five-card lows (one per multiset of five ranks), best first."""
    classes = sorted({low_class(tuple(r for r in range(13) for _ in range(c[r]))) for c in rank_multisets(5)})
    assert len(classes) == 6175, len(classes)
    return classes


def multiset_values(
    high_value: dict[tuple[int, ...], int], lows: list[tuple[int, ...]], value27: dict[tuple[int, ...], int]
) -> tuple[list[int], list[list[int]]]:
    """The key of every rank multiset of 5, 6 and 7 ranks, and its three values: the best high
    (as no five cards of one suit), the best ace-to-five low and the best 2-7 low (no five of
    one suit), each higher is better.

    Five ranks are valued by their class. Of 6 or 7 ranks, the best five are five of the
    multisets one rank smaller (each made by leaving out one rank held), valued just before:
    so each value is the best of at most 7 smaller ones, not of up to 21 fives.
    """
    low_value = {cls: len(lows) - i for i, cls in enumerate(lows)}  # the best low is the highest
    digit = [5**r for r in range(13)]  # each rank's key
    keys: list[int] = []
    best: dict[int, tuple[int, ...]] = {}
    for size in (5, 6, 7):
        for counts in rank_multisets(size):
            key = sum(map(operator.mul, counts, digit))
            if size == 5:
                ranks = tuple(r for r in range(13) for _ in range(counts[r]))
                best[key] = (
                    high_value[best_nonflush(counts)],
                    low_value[low_class(ranks)],
                    value27[low27_class(ranks, False)],
                )
            else:
                smaller = [best[key - d] for d, n in zip(digit, counts, strict=True) if n]
                best[key] = tuple(map(max, *smaller))  # the best of each kind
            keys.append(key)
    return keys, [[best[key][kind] for key in keys] for kind in range(3)]


def low8_of_low(classes: list[tuple[int, ...]]) -> list[int]:
    """Eight-or-better value (0 or 1..56) of each low value 0..6175 (index 0 unused).

    A low qualifies with five different ranks of eight or lower (ace low: 7 is the eight);
    among those the order is the ace-to-five one, so the value is a rank within them.
    """
    total = len(classes)
    qualifying = [c for c in classes if c[0] == 0 and c[1] <= 7]  # no pair, eight high or better
    assert len(qualifying) == 56
    out = [0] * (total + 1)
    for i, cls in enumerate(qualifying):  # best first: the wheel gets 56
        out[total - classes.index(cls)] = 56 - i
    return out


def perfect_hash(keys: list[int]) -> tuple[list[int], list[int]]:
    """Displacements per bucket and, per slot, the index of the key stored there (-1 free)."""
    mask64 = (1 << 64) - 1
    nslots = 1 << SLOT_BITS
    buckets: dict[int, list[int]] = {}
    for i, q in enumerate(keys):
        x = (q * MULT) & mask64
        buckets.setdefault(x >> (64 - BUCKET_BITS), []).append(i)
    slot_of = [((keys[i] * MULT) & mask64) >> 32 for i in range(len(keys))]
    disp = [0] * (1 << BUCKET_BITS)
    owner = [-1] * nslots
    for b in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
        members = buckets[b]
        for d in range(1 << 16):
            slots = [(slot_of[i] ^ d) & (nslots - 1) for i in members]
            if len(set(slots)) == len(slots) and all(owner[s] < 0 for s in slots):
                break
        else:  # pragma: no cover - does not happen at this load factor
            raise RuntimeError(f"bucket {b} cannot be placed")
        disp[b] = d
        for i, s in zip(members, slots, strict=True):
            owner[s] = i
    return disp, owner


def c_array(ctype: str, name: str, values: list[int], per_line: int = 16, suffix: str = "") -> str:
    lines = [f"static const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(f"{v}{suffix}" for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def category_first(values: dict[tuple[int, ...], int]) -> list[int]:
    """The lowest value of each category, worst category first, and one past the best value."""
    first = [min(v for cls, v in values.items() if cls[0] == cat) for cat in range(len(CATEGORIES))]
    return [*first, len(values) + 1]


def generate_combin() -> str:
    """The binomial header: C(n, k) for n < BINOM_N, k < BINOM_K, as a constant table."""
    rows = [", ".join(f"{math.comb(n, k)}LL" for k in range(BINOM_K)) for n in range(BINOM_N)]
    parts = [
        "/* DO NOT EDIT: generated by tools/gen_tables.py; a test regenerates it and compares. */",
        "/* Binomial coefficients for the combinatorial number system: the card subsets of the",
        " * equity and casino kernels are numbered by sums of STUD_BINOM[position][size]. */",
        "#ifndef STUD_COMBIN_H",
        "#define STUD_COMBIN_H",
        "#include <stdint.h>",
        "",
        f"#define STUD_BINOM_N {BINOM_N}",
        f"#define STUD_BINOM_K {BINOM_K}",
        f"static const int64_t STUD_BINOM[{BINOM_N}][{BINOM_K}] = {{",
        *(f"    {{{row}}}," for row in rows),
        "};",
        "",
        "#endif",
        "",
    ]
    return "\n".join(parts)


def pack_class(cls: tuple[int, ...]) -> int:
    """A class tuple (category, up to five ranks) in one word: the number of ranks in bits
    24..27, the category in 20..23, the ranks from bit 16 down, four bits each."""
    category, *ranks = cls
    word = len(ranks) << 24 | category << 20
    for i, r in enumerate(ranks):
        word |= r << (16 - 4 * i)
    return word


def class_arrays(values: dict[tuple[int, ...], int], lows: list[tuple[int, ...]]) -> list[tuple[str, list[int]]]:
    """The class of every value of each kind (index 0 unused), for the names describe() gives."""
    high = [0] * (len(values) + 1)
    for cls, v in values.items():
        high[v] = pack_class(cls)
    low = [0] + [pack_class(cls) for cls in reversed(lows)]  # value 1 is the worst low
    low27 = [0] * (len(values) + 1)
    for cls, v in low27_values().items():
        low27[v] = pack_class(cls)
    return [("STUD_HIGH_CLASSES", high), ("STUD_LOW_CLASSES", low), ("STUD_LOW27_CLASSES", low27)]


def generate() -> tuple[str, str]:
    """The two table headers: _tables.h (layout and constants) and _tables_data.h (contents)."""
    values = class_values()
    lows = low_classes()
    value27 = low27_values()
    keys, (ranks, low_ranks, low27_ranks) = multiset_values(values, lows, value27)
    assert len(set(keys)) == len(keys)
    disp, owner = perfect_hash(keys)
    slot_values = [ranks[i] if i >= 0 else 0 for i in owner]
    slot_lows = [low_ranks[i] if i >= 0 else 0 for i in owner]
    slot_lows27 = [low27_ranks[i] if i >= 0 else 0 for i in owner]
    low27_of_high, low27_rank_mask = low27_tables(values)
    first = category_first(values)
    # the flush values follow the slots in the same array, so a lookup picks its index
    # (slot or flush base + rank mask) without a branch and then loads once
    flush = [values[best_flush(m)] if bin(m).count("1") >= 5 else 0 for m in range(1 << 13)]
    # 256 entries so that any uint8 indexes safely; a byte > 51 sets a poison bit
    card_key = [5**r | 1 << (32 + 4 * s) for r in range(13) for s in range(4)] + [POISON_KEY] * 204
    card_bit = [1 << (16 * s + r) for r in range(13) for s in range(4)] + [POISON_BIT] * 204
    value = slot_values + flush
    card_pair = [x for kb in zip(card_key, card_bit, strict=True) for x in kb]
    # (C type, member, values, per line, suffix): the struct's members, in memory order; the
    # card pairs first, so that the struct's alignment keeps each 16-byte pair in one line
    members = [
        ("uint64_t", "card_pair", card_pair, 4, "ULL"),
        ("uint64_t", "card_key", card_key, 4, "ULL"),
        ("uint64_t", "card_bit", card_bit, 4, "ULL"),
        ("uint16_t", "disp", disp, 16, ""),
        ("uint16_t", "value", value, 16, ""),
        ("uint16_t", "low", slot_lows, 16, ""),
        ("uint16_t", "low27", slot_lows27, 16, ""),
        ("uint16_t", "low27_of_high", low27_of_high, 16, ""),
        ("uint16_t", "low27_ranks", low27_rank_mask, 16, ""),
        ("uint8_t", "low8_of_low", low8_of_low(lows), 16, ""),
    ]
    header = [
        "/* DO NOT EDIT: generated by tools/gen_tables.py; a test regenerates it and compares. */",
        "/* The tables' layout and constants; the contents are in _tables_data.h, compiled into",
        " * studeval._core only (the other modules read them through a pointer: see _eval.h). */",
        "#ifndef STUD_TABLES_H",
        "#define STUD_TABLES_H",
        "#include <stdint.h>",
        "",
        f"#define STUD_HASH_MULT 0x{MULT:X}ULL",
        f"#define STUD_BUCKET_BITS {BUCKET_BITS}",
        f"#define STUD_SLOT_BITS {SLOT_BITS}",
        f"#define STUD_POISON_KEY 0x{POISON_KEY:X}ULL",
        f"#define STUD_POISON_BIT 0x{POISON_BIT:X}ULL",
        f"/* {len(keys)} rank multisets of 5, 6 and 7 cards in {1 << SLOT_BITS} slots */",
        "",
        "/* hand values: 1..STUD_HIGH_VALUES; the lowest value of each category, worst first */",
        f"#define STUD_HIGH_VALUES {len(values)}",
        f"#define STUD_CATEGORIES {len(CATEGORIES)}",
        *(f"#define STUD_FIRST_{name} {v}" for name, v in zip(CATEGORIES, first[:-1], strict=True)),
        f"#define STUD_ROYAL_FLUSH {len(values)}",
        c_array("uint16_t", "STUD_CATEGORY_FIRST", first),
        "",
        "/* lows: ace-to-five 1..STUD_LOW_VALUES, eight-or-better 0 (none) or 1..STUD_LOW8_VALUES */",
        f"#define STUD_LOW_VALUES {len(lows)}",
        "#define STUD_LOW8_VALUES 56",
        "/* deuce-to-seven lows: 1..STUD_LOW27_VALUES (7-5-4-3-2 not all one suit) */",
        f"#define STUD_LOW27_VALUES {len(value27)}",
        "",
        "/* the flush values follow the slots' values, at STUD_FLUSH_BASE + the suit's rank mask */",
        f"#define STUD_FLUSH_BASE {len(slot_values)}",
        "",
        "/* card_key and card_bit: each card's key and rank bit (bytes above 51 poison);",
        " * card_pair: the two side by side, for one 128-bit add per card in batches;",
        " * disp: the perfect hash's displacements; value: by slot, then the flushes; low: the",
        " * ace-to-five low of each slot's rank multiset (0 in free slots); low8_of_low: the",
        " * eight-or-better low of each ace-to-five low; low27: the deuce-to-seven low of each",
        " * slot's rank multiset as if no five cards shared a suit; low27_of_high: the 2-7 low of",
        " * five cards by their high value; low27_ranks: the rank mask of a 2-7 low of five",
        " * different ranks not of one suit (0 for the others) */",
        "typedef struct {",
        *(f"    {ctype} {name}[{len(vals)}];" for ctype, name, vals, _, _ in members),
        "} stud_tables;",
        "",
        "#endif",
        "",
    ]
    data = [
        "/* DO NOT EDIT: generated by tools/gen_tables.py; a test regenerates it and compares. */",
        "/* The tables' contents: compiled into studeval._core only (see _tables.h). */",
        "#ifndef STUD_TABLES_DATA_H",
        "#define STUD_TABLES_DATA_H",
        '#include "_tables.h"',
        "",
        "#if defined(_MSC_VER)",
        "__declspec(align(64))",
        "#else",
        "__attribute__((aligned(64)))",
        "#endif",
        "static const stud_tables STUD_TABLES_DATA = {",
    ]
    for _, name, vals, per_line, suffix in members:
        data.append(f"    .{name} = {{")
        for i in range(0, len(vals), per_line):
            data.append("        " + ", ".join(f"{v}{suffix}" for v in vals[i : i + per_line]) + ",")
        data.append("    },")
    data += [
        "};",
        "",
        "/* the class of each value (tools/gen_tables.py: pack_class), for the names of values */",
        *(c_array("uint32_t", name, vals, 8) for name, vals in class_arrays(values, lows)),
        "",
        "#endif",
        "",
    ]
    return "\n".join(header), "\n".join(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed header")
    args = parser.parse_args(argv)
    header, data = generate()
    outputs = {OUT: header, OUT_DATA: data, OUT_COMBIN: generate_combin()}
    if args.check:
        stale = [path for path, text in outputs.items() if not path.exists() or path.read_text() != text]
        for path in stale:
            print(f"{path} differs from the generator's output")
        if not stale:
            print("up to date")
        return 1 if stale else 0
    for path, text in outputs.items():
        path.write_text(text)
        print(f"wrote {path} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
