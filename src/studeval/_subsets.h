/* The subsets of one completion, for the exact heads-up count of studeval._equity.
 *
 * A completion is up to 7 live positions (0..63), 6 bits each in `code`, increasing. Its
 * subsets are built depth-first, each from a smaller one plus a larger position, so a
 * subset's combinatorial rank is one add away from its parent's: binom[8 * p + k] is C(p, k)
 * (rows of 8, as STUD_BINOM in _combin.h). A subset S is numbered offset[|S|] + rank(S).
 * Only sizes whose bit is set in `sizes` are touched; sizes above `build` are not built.
 * Tested on its own by tests/c/subset_walk.c. */
#ifndef STUD_SUBSETS_H
#define STUD_SUBSETS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define STUD_HOT static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define STUD_HOT static __forceinline
#else
#define STUD_HOT static inline
#endif

/* The most subsets a completion has: 2^7. */
#define STUD_MAX_SUBSETS 128

/* One walk over the subsets S of a completion of r <= 7 positions. Counting (insert = 1):
 * table[offset[|S|] + rank(S)] += 1 for every S. Querying (insert = 0): the sum over S of
 * (-1)^|S| table[offset[|S|] + rank(S)]. Always inlined with a constant `insert`, so each
 * use compiles to its own loop. */
STUD_HOT int64_t stud_subset_walk(int32_t *table, uint64_t code, int r, int build, const int64_t *offset, int sizes,
                                  const int64_t *binom, int insert) {
    int64_t part[STUD_MAX_SUBSETS];
    int8_t size[STUD_MAX_SUBSETS];
    int count = 1;
    int64_t acc = 0;
    if (sizes & 1) {
        if (insert)
            table[offset[0]] += 1;
        else
            acc = table[offset[0]];
    }
    part[0] = 0;
    size[0] = 0;
    for (int i = 0; i < r; i++) {
        const int64_t *row = binom + 8 * ((code >> (6 * i)) & 63);
        int c = count;
        for (int j = 0; j < c; j++) {
            int k = size[j];
            if (k < build) {
                int64_t q = part[j] + row[k + 1];
                part[count] = q;
                size[count] = (int8_t)(k + 1);
                count++;
                if ((sizes >> (k + 1)) & 1) {
                    if (insert) {
                        table[offset[k + 1] + q] += 1;
                    } else {
                        int32_t t = table[offset[k + 1] + q];
                        acc += (k & 1) ? t : -t;
                    }
                }
            }
        }
    }
    return acc;
}

STUD_HOT int64_t stud_subset_query(const int32_t *table, uint64_t code, int r, int build, const int64_t *offset,
                                   int sizes, const int64_t *binom) {
    return stud_subset_walk((int32_t *)table, code, r, build, offset, sizes, binom, 0);
}

STUD_HOT void stud_subset_insert(int32_t *table, uint64_t code, int r, int build, const int64_t *offset, int sizes,
                                 const int64_t *binom) {
    stud_subset_walk(table, code, r, build, offset, sizes, binom, 1);
}

#endif
