"""Generate src/studeval/_tables.h, the evaluator's lookup tables.

Run from the repository root::

    python tools/gen_tables.py            # write the header
    python tools/gen_tables.py --check    # exit 1 if the committed header differs

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

Values are 1..7462, higher is better (7462 is a royal flush).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "studeval" / "_tables.h"

MULT = 0x9E3779B97F4A7C15  # golden-ratio multiplier: mixes the base-5 digits well
BUCKET_BITS = 14
SLOT_BITS = 17
POISON_KEY = 1 << 52  # above the suit nibbles: seven of them cannot overflow
POISON_BIT = 1 << 63  # above the spade lane's 13 rank bits
STRAIGHTS = [(12, 11, 10, 9, 8)] + [tuple(range(h, h - 5, -1)) for h in range(11, 3, -1)] + [
    (3, 2, 1, 0, 12)
]  # high to low; the wheel (5-4-3-2-A) is last


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


def rank_multisets(size: int):
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
        for i, s in zip(members, slots):
            owner[s] = i
    return disp, owner


def c_array(ctype: str, name: str, values: list[int], per_line: int = 16, suffix: str = "") -> str:
    lines = [f"static const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(f"{v}{suffix}" for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def generate() -> str:
    values = class_values()
    keys: list[int] = []
    ranks: list[int] = []
    for size in (5, 6, 7):
        for counts in rank_multisets(size):
            keys.append(sum(n * 5**r for r, n in enumerate(counts)))
            ranks.append(values[best_nonflush(counts)])
    assert len(set(keys)) == len(keys)
    disp, owner = perfect_hash(keys)
    slot_values = [ranks[i] if i >= 0 else 0 for i in owner]
    # the flush values follow the slots in the same array, so a lookup picks its index
    # (slot or flush base + rank mask) without a branch and then loads once
    flush = [values[best_flush(m)] if bin(m).count("1") >= 5 else 0 for m in range(1 << 13)]
    # 256 entries so that any uint8 indexes safely; a byte > 51 sets a poison bit
    card_key = [5**r | 1 << (32 + 4 * s) for r in range(13) for s in range(4)] + [POISON_KEY] * 204
    card_bit = [1 << (16 * s + r) for r in range(13) for s in range(4)] + [POISON_BIT] * 204
    parts = [
        "/* DO NOT EDIT: generated by tools/gen_tables.py; a test regenerates it and compares. */",
        "#ifndef STUDEVAL_TABLES_H",
        "#define STUDEVAL_TABLES_H",
        "#include <stdint.h>",
        "",
        f"#define STUD_HASH_MULT 0x{MULT:X}ULL",
        f"#define STUD_BUCKET_BITS {BUCKET_BITS}",
        f"#define STUD_SLOT_BITS {SLOT_BITS}",
        f"#define STUD_POISON_KEY 0x{POISON_KEY:X}ULL",
        f"#define STUD_POISON_BIT 0x{POISON_BIT:X}ULL",
        f"/* {len(keys)} rank multisets of 5, 6 and 7 cards in {1 << SLOT_BITS} slots */",
        "",
        c_array("uint64_t", "STUD_CARD_KEY", card_key, 4, "ULL"),
        "",
        c_array("uint64_t", "STUD_CARD_BIT", card_bit, 4, "ULL"),
        "",
        "/* key and bit of each card side by side, for one 128-bit add per card in batches */",
        "#if defined(_MSC_VER)",
        "#define STUD_ALIGN16 __declspec(align(16))",
        "#else",
        "#define STUD_ALIGN16 __attribute__((aligned(16)))",
        "#endif",
        "STUD_ALIGN16 "
        + c_array("uint64_t", "STUD_CARD_PAIR", [x for kb in zip(card_key, card_bit) for x in kb], 4, "ULL"),
        "",
        c_array("uint16_t", "STUD_DISP", disp),
        "",
        f"#define STUD_FLUSH_BASE {len(slot_values)}",
        c_array("uint16_t", "STUD_VALUE", slot_values + flush),
        "",
        "#endif",
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed header")
    args = parser.parse_args(argv)
    text = generate()
    if args.check:
        same = OUT.read_text() == text
        print("up to date" if same else f"{OUT} differs from the generator's output")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
