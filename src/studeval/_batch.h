/* Batch kernels behind studeval.evaluate_batch: rows of 5, 6 or 7 card bytes in, values out.
 * Each returns nonzero when some row holds a byte above 51 or (when checking) a repeated card;
 * those rows get unspecified values, and the caller raises. */
#ifndef STUDEVAL_BATCH_H
#define STUDEVAL_BATCH_H

#include <stddef.h>
#include "_eval.h"

#if defined(__GNUC__) || defined(__clang__)
#define STUD_POPCOUNT64(x) __builtin_popcountll(x)
#else
static inline int stud_popcount64_sw(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#define STUD_POPCOUNT64(x) stud_popcount64_sw(x)
#endif

#define STUD_ROW_KEY(c, n)                                                                      \
    (STUD_KEY_INIT + STUD_CARD_KEY[(c)[0]] + STUD_CARD_KEY[(c)[1]] + STUD_CARD_KEY[(c)[2]] +    \
     STUD_CARD_KEY[(c)[3]] + STUD_CARD_KEY[(c)[4]] + ((n) > 5 ? STUD_CARD_KEY[(c)[5]] : 0) +    \
     ((n) > 6 ? STUD_CARD_KEY[(c)[6]] : 0))
#define STUD_ROW_BITS(c, n)                                                                     \
    (STUD_CARD_BIT[(c)[0]] | STUD_CARD_BIT[(c)[1]] | STUD_CARD_BIT[(c)[2]] |                    \
     STUD_CARD_BIT[(c)[3]] | STUD_CARD_BIT[(c)[4]] | ((n) > 5 ? STUD_CARD_BIT[(c)[5]] : 0) |    \
     ((n) > 6 ? STUD_CARD_BIT[(c)[6]] : 0))

/* Unchecked for repeats: bytes above 51 are still caught, by the poison bit in their key. */
#define STUD_DEFINE_FAST(N)                                                                     \
    static int stud_batch_fast##N(const uint8_t *h, size_t rows, uint16_t *out) {              \
        uint64_t seen = 0;                                                                      \
        for (size_t i = 0; i < rows; i++) {                                                     \
            const uint8_t *c = h + (N) * i;                                                     \
            uint64_t key = STUD_ROW_KEY(c, N);                                                  \
            uint64_t flush = key & STUD_FLUSH_CHECK;                                            \
            seen |= key;                                                                        \
            out[i] = flush ? stud_flush_value(c, N, flush) : stud_rank_value(key);              \
        }                                                                                       \
        return (seen & (0xFULL << 52)) != 0;                                                    \
    }

/* Checked: each row's per-suit rank bits must have one bit per card (no card twice).
 * The same bits give the flush value without a branch. */
#define STUD_DEFINE_CHECKED(N, SUFFIX, ATTR)                                                    \
    ATTR static int stud_batch_checked##N##SUFFIX(const uint8_t *h, size_t rows, uint16_t *out) { \
        uint64_t bad = 0;                                                                       \
        for (size_t i = 0; i < rows; i++) {                                                     \
            const uint8_t *c = h + (N) * i;                                                     \
            uint64_t key = STUD_ROW_KEY(c, N);                                                  \
            uint64_t bits = STUD_ROW_BITS(c, N);                                                \
            uint64_t flush = key & STUD_FLUSH_CHECK;                                            \
            bad |= (bits >> 63) | (uint64_t)(STUD_POPCOUNT64(bits) != (N));                     \
            uint32_t fi = STUD_FLUSH_BASE + (uint32_t)((bits >> stud_flush_shift(flush)) & 0x1FFF); \
            out[i] = STUD_VALUE[flush ? fi : stud_rank_slot(key)];                              \
        }                                                                                       \
        return bad != 0;                                                                        \
    }

STUD_DEFINE_FAST(5)
STUD_DEFINE_FAST(6)
STUD_DEFINE_FAST(7)
STUD_DEFINE_CHECKED(5, , )
STUD_DEFINE_CHECKED(6, , )
STUD_DEFINE_CHECKED(7, , )

/* x86-64 before 2008 lacks the popcnt instruction: use it where the CPU has it. */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && !defined(__APPLE__)
#define STUD_HW_POPCNT 1
STUD_DEFINE_CHECKED(5, _popcnt, __attribute__((target("popcnt"))))
STUD_DEFINE_CHECKED(6, _popcnt, __attribute__((target("popcnt"))))
STUD_DEFINE_CHECKED(7, _popcnt, __attribute__((target("popcnt"))))
#endif

/* Values of `rows` hands of `width` cards; nonzero if some row is bad. */
static int stud_batch(const uint8_t *hands, int width, size_t rows, uint16_t *out, int check) {
    if (!check) {
        return width == 7 ? stud_batch_fast7(hands, rows, out)
             : width == 6 ? stud_batch_fast6(hands, rows, out)
                          : stud_batch_fast5(hands, rows, out);
    }
#ifdef STUD_HW_POPCNT
    if (__builtin_cpu_supports("popcnt")) {
        return width == 7 ? stud_batch_checked7_popcnt(hands, rows, out)
             : width == 6 ? stud_batch_checked6_popcnt(hands, rows, out)
                          : stud_batch_checked5_popcnt(hands, rows, out);
    }
#endif
    return width == 7 ? stud_batch_checked7(hands, rows, out)
         : width == 6 ? stud_batch_checked6(hands, rows, out)
                      : stud_batch_checked5(hands, rows, out);
}

#endif
