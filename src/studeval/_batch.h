/* Batch kernels behind studeval.evaluate_batch: rows of 5, 6 or 7 card bytes in, values out.
 *
 * Per card, one 128-bit add accumulates both the hand key and the per-suit rank bits (the
 * pair STUD_CARD_PAIR[2c], STUD_CARD_PAIR[2c+1]). The bits are added, not or-ed: for distinct
 * cards the sum is the or, and a repeated card carries, leaving fewer than n bits set, which
 * is how a repeat is caught. A byte above 51 adds a poison bit to the key. A flush (about 3%
 * of random 7-card hands) takes a branch; measured, that beats computing both lookups.
 * Each kernel returns nonzero when some row is bad; those rows get unspecified values (always
 * inside the tables), and the caller raises. */
#ifndef STUD_BATCH_H
#define STUD_BATCH_H

#include <stddef.h>
#include <string.h>
#include "_eval.h"

/* STUD_BATCH_SCALAR / STUD_BATCH_VECEXT pick the other paths on x86-64, to test them there */
#if defined(STUD_BATCH_SCALAR)
#define STUD_NO_V2 1
#elif ((defined(__SSE2__) && defined(__x86_64__)) || (defined(_MSC_VER) && defined(_M_X64))) && !defined(STUD_BATCH_VECEXT)
#include <emmintrin.h>
typedef __m128i stud_v2;
#define STUD_V2_LOAD(c) _mm_loadu_si128((const __m128i *)&STUD_CARD_PAIR[2 * (size_t)(c)])
#define STUD_V2_ADD(a, b) _mm_add_epi64((a), (b))
#define STUD_V2_LO(a) ((uint64_t)_mm_cvtsi128_si64(a))
#define STUD_V2_HI(a) ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64((a), (a))))
#elif defined(__GNUC__) || defined(__clang__)
typedef uint64_t stud_v2 __attribute__((vector_size(16)));
#define STUD_V2_LOAD(c) ({ stud_v2 v_; memcpy(&v_, &STUD_CARD_PAIR[2 * (size_t)(c)], 16); v_; })
#define STUD_V2_ADD(a, b) ((a) + (b))
#define STUD_V2_LO(a) ((a)[0])
#define STUD_V2_HI(a) ((a)[1])
#else
#define STUD_NO_V2 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#define STUD_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define STUD_UNLIKELY(x) (x)
#endif

/* key and bit-sum of a row of N cards */
#ifdef STUD_NO_V2
#define STUD_ROW_SUMS(c, N, key, bits)                                                          \
    do {                                                                                        \
        key = STUD_KEY_INIT;                                                                    \
        bits = 0;                                                                               \
        for (int j_ = 0; j_ < (N); j_++) {                                                      \
            key += STUD_CARD_PAIR[2 * (c)[j_]];                                                 \
            bits += STUD_CARD_PAIR[2 * (c)[j_] + 1];                                            \
        }                                                                                       \
    } while (0)
#else
#define STUD_ROW_SUMS(c, N, key, bits)                                                          \
    do {                                                                                        \
        stud_v2 s_ = STUD_V2_ADD(STUD_V2_LOAD((c)[0]), STUD_V2_LOAD((c)[1]));                   \
        stud_v2 t_ = STUD_V2_ADD(STUD_V2_LOAD((c)[2]), STUD_V2_LOAD((c)[3]));                   \
        stud_v2 u_ = STUD_V2_LOAD((c)[4]);                                                      \
        if ((N) > 5) u_ = STUD_V2_ADD(u_, STUD_V2_LOAD((c)[5]));                                \
        if ((N) > 6) t_ = STUD_V2_ADD(t_, STUD_V2_LOAD((c)[6]));                                \
        s_ = STUD_V2_ADD(STUD_V2_ADD(s_, t_), u_);                                              \
        key = STUD_V2_LO(s_) + STUD_KEY_INIT;                                                   \
        bits = STUD_V2_HI(s_);                                                                  \
    } while (0)
#endif

#define STUD_DEFINE_BATCH(N, SUFFIX, ATTR)                                                      \
    ATTR static int stud_batch##N##SUFFIX(const uint8_t *h, size_t rows, uint16_t *out, int check) { \
        uint64_t bad = 0;                                                                       \
        for (size_t i = 0; i < rows; i++) {                                                     \
            const uint8_t *c = h + (N) * i;                                                     \
            uint64_t key, bits;                                                                 \
            STUD_ROW_SUMS(c, N, key, bits);                                                     \
            uint64_t flush = key & STUD_FLUSH_CHECK;                                            \
            bad |= key >> 52;                                                                   \
            if (check) bad |= (uint64_t)(stud_popcount64(bits) ^ (N));                          \
            if (STUD_UNLIKELY(flush)) /* about 3% of random 7-card hands */                      \
                out[i] = STUD_FLUSH[(bits >> stud_flush_shift(flush)) & 0x1FFF];               \
            else                                                                                \
                out[i] = STUD_VALUE[stud_rank_slot(key)];                                       \
        }                                                                                       \
        return bad != 0;                                                                        \
    }

STUD_DEFINE_BATCH(5, , )
STUD_DEFINE_BATCH(6, , )
STUD_DEFINE_BATCH(7, , )

/* x86-64 before 2008 lacks the popcnt instruction: use it where the CPU has it. */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && !defined(__APPLE__)
#define STUD_HW_POPCNT 1
STUD_DEFINE_BATCH(5, _popcnt, __attribute__((target("popcnt"))))
STUD_DEFINE_BATCH(6, _popcnt, __attribute__((target("popcnt"))))
STUD_DEFINE_BATCH(7, _popcnt, __attribute__((target("popcnt"))))
#endif

/* Values of `rows` hands of `width` (5, 6 or 7) cards; nonzero if some row is bad. */
static int stud_batch(const uint8_t *hands, int width, size_t rows, uint16_t *out, int check) {
#ifdef STUD_HW_POPCNT
    if (check && __builtin_cpu_supports("popcnt")) {
        return width == 7 ? stud_batch7_popcnt(hands, rows, out, 1)
             : width == 6 ? stud_batch6_popcnt(hands, rows, out, 1)
                          : stud_batch5_popcnt(hands, rows, out, 1);
    }
#endif
    return width == 7 ? stud_batch7(hands, rows, out, check)
         : width == 6 ? stud_batch6(hands, rows, out, check)
                      : stud_batch5(hands, rows, out, check);
}

#endif
