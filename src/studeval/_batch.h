/* Batch kernels behind studeval.evaluate_batch: rows of 5, 6 or 7 card bytes in, values out.
 *
 * Per card, one 128-bit add accumulates both the hand key and the per-suit rank bits (the
 * pair STUD_CARD_PAIR[2c], STUD_CARD_PAIR[2c+1]). The bits are added, not or-ed: for distinct
 * cards the sum is the or, and a repeated card carries, leaving fewer than n bits set, which
 * is how a repeat is caught. A byte above 51 adds a poison bit to the key. A flush (about 3%
 * of random 7-card hands) takes a branch; measured, that beats computing both lookups.
 * Each kernel returns nonzero when some row is bad; those rows get unspecified values (always
 * inside the tables), and the caller raises.
 *
 * The kinds: STUD_KIND_HIGH (values 1..7462), STUD_KIND_LOW (ace-to-five lows 1..6175) and
 * STUD_KIND_LOW8 (eight-or-better lows 0..56), which need no flush test: the rank part of
 * the key names the rank multiset, and its slot holds the low too; and STUD_KIND_LOW27
 * (deuce-to-seven lows 1..7462), the slot's value unless a suit holds five cards (as high). */
#ifndef STUD_BATCH_H
#define STUD_BATCH_H

#include <stddef.h>
#include <string.h>
#include "_eval.h"

/* STUD_BATCH_SCALAR / STUD_BATCH_VECEXT pick the other paths on x86-64, to test them there */
#if defined(STUD_BATCH_SCALAR)
#define STUD_NO_V2 1
#elif ((defined(__SSE2__) && defined(__x86_64__)) || (defined(_MSC_VER) && defined(_M_X64))) && \
    !defined(STUD_BATCH_VECEXT)
#include <emmintrin.h>
typedef __m128i stud_v2;
#define STUD_V2_LOAD(c) _mm_loadu_si128((const __m128i *)&STUD_CARD_PAIR[2 * (size_t)(c)])
#define STUD_V2_ADD(a, b) _mm_add_epi64((a), (b))
#define STUD_V2_LO(a) ((uint64_t)_mm_cvtsi128_si64(a))
#define STUD_V2_HI(a) ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64((a), (a))))
#elif defined(__GNUC__) || defined(__clang__)
typedef uint64_t stud_v2 __attribute__((vector_size(16)));
#define STUD_V2_LOAD(c)                                    \
    ({                                                     \
        stud_v2 v_;                                        \
        memcpy(&v_, &STUD_CARD_PAIR[2 * (size_t)(c)], 16); \
        v_;                                                \
    })
#define STUD_V2_ADD(a, b) ((a) + (b))
#define STUD_V2_LO(a) ((a)[0])
#define STUD_V2_HI(a) ((a)[1])
#else
#define STUD_NO_V2 1
#endif

/* key and bit-sum of a row of N cards */
#ifdef STUD_NO_V2
#define STUD_ROW_SUMS(c, N, key, bits)               \
    do {                                             \
        key = STUD_KEY_INIT;                         \
        bits = 0;                                    \
        for (int j_ = 0; j_ < (N); j_++) {           \
            key += STUD_CARD_PAIR[2 * (c)[j_]];      \
            bits += STUD_CARD_PAIR[2 * (c)[j_] + 1]; \
        }                                            \
    } while (0)
#else
#define STUD_ROW_SUMS(c, N, key, bits)                                        \
    do {                                                                      \
        stud_v2 s_ = STUD_V2_ADD(STUD_V2_LOAD((c)[0]), STUD_V2_LOAD((c)[1])); \
        stud_v2 t_ = STUD_V2_ADD(STUD_V2_LOAD((c)[2]), STUD_V2_LOAD((c)[3])); \
        stud_v2 u_ = STUD_V2_LOAD((c)[4]);                                    \
        if ((N) > 5) u_ = STUD_V2_ADD(u_, STUD_V2_LOAD((c)[5]));              \
        if ((N) > 6) t_ = STUD_V2_ADD(t_, STUD_V2_LOAD((c)[6]));              \
        s_ = STUD_V2_ADD(STUD_V2_ADD(s_, t_), u_);                            \
        key = STUD_V2_LO(s_) + STUD_KEY_INIT;                                 \
        bits = STUD_V2_HI(s_);                                                \
    } while (0)
#endif

/* the value of one row of each kind, from its key and bit-sum */
STUD_INLINE uint16_t stud_row_high(uint64_t key, uint64_t bits) {
    uint64_t flush = key & STUD_FLUSH_CHECK;
    if (STUD_UNLIKELY(flush)) /* about 3% of random 7-card hands */
        return STUD_FLUSH[(bits >> stud_flush_shift(flush)) & 0x1FFF];
    return STUD_VALUE[stud_rank_slot(key)];
}

STUD_INLINE uint16_t stud_row_low(uint64_t key, uint64_t bits) {
    (void)bits;
    return STUD_LOW[stud_rank_slot(key)];
}

STUD_INLINE uint16_t stud_row_low8(uint64_t key, uint64_t bits) {
    (void)bits;
    return STUD_LOW8_OF_LOW[STUD_LOW[stud_rank_slot(key)]];
}

STUD_INLINE uint16_t stud_row_low27(uint64_t key, uint64_t bits) { return stud_low27_of(key, bits); }

#define STUD_DEFINE_BATCH(N, KIND, SUFFIX, ATTR, POPCOUNT)                                                 \
    ATTR static int stud_batch##N##KIND##SUFFIX(const uint8_t *h, size_t rows, uint16_t *out, int check) { \
        uint64_t bad = 0;                                                                                  \
        for (size_t i = 0; i < rows; i++) {                                                                \
            const uint8_t *c = h + (N) * i;                                                                \
            uint64_t key, bits;                                                                            \
            STUD_ROW_SUMS(c, N, key, bits);                                                                \
            bad |= key >> 52;                                                                              \
            if (check) bad |= (uint64_t)(POPCOUNT(bits) ^ (N));                                            \
            out[i] = stud_row_##KIND(key, bits);                                                           \
        }                                                                                                  \
        return bad != 0;                                                                                   \
    }

#define STUD_DEFINE_BATCHES(KIND, SUFFIX, ATTR, POPCOUNT) \
    STUD_DEFINE_BATCH(5, KIND, SUFFIX, ATTR, POPCOUNT)    \
    STUD_DEFINE_BATCH(6, KIND, SUFFIX, ATTR, POPCOUNT)    \
    STUD_DEFINE_BATCH(7, KIND, SUFFIX, ATTR, POPCOUNT)

STUD_DEFINE_BATCHES(high, , , stud_popcount64)
STUD_DEFINE_BATCHES(low, , , stud_popcount64)
STUD_DEFINE_BATCHES(low8, , , stud_popcount64)
STUD_DEFINE_BATCHES(low27, , , stud_popcount64)

/* x86-64 before 2008 lacks the popcnt instruction: use it where the CPU has it. GCC and
 * Clang compile these copies for it (target attribute); MSVC emits it for __popcnt64 in any
 * function, and CPUID (leaf 1, ECX bit 23) says whether the CPU has it. STUD_BATCH_INTRIN
 * picks the MSVC path with another compiler that has <intrin.h> (mingw-w64), to test it. */
#if (defined(_MSC_VER) && defined(_M_X64) && !defined(_M_ARM64EC)) || \
    (defined(STUD_BATCH_INTRIN) && defined(__x86_64__))
#include <intrin.h>
#define STUD_HW_POPCNT 1
#define stud_popcount64_hw(x) ((int)__popcnt64(x))
STUD_INLINE int stud_cpu_has_popcnt(void) {
    int regs[4];
    __cpuid(regs, 1);
    return (regs[2] >> 23) & 1;
}
STUD_DEFINE_BATCHES(high, _popcnt, , stud_popcount64_hw)
STUD_DEFINE_BATCHES(low, _popcnt, , stud_popcount64_hw)
STUD_DEFINE_BATCHES(low8, _popcnt, , stud_popcount64_hw)
STUD_DEFINE_BATCHES(low27, _popcnt, , stud_popcount64_hw)
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && !defined(__APPLE__)
#define STUD_HW_POPCNT 1
#define stud_cpu_has_popcnt() __builtin_cpu_supports("popcnt")
STUD_DEFINE_BATCHES(high, _popcnt, __attribute__((target("popcnt"))), stud_popcount64)
STUD_DEFINE_BATCHES(low, _popcnt, __attribute__((target("popcnt"))), stud_popcount64)
STUD_DEFINE_BATCHES(low8, _popcnt, __attribute__((target("popcnt"))), stud_popcount64)
STUD_DEFINE_BATCHES(low27, _popcnt, __attribute__((target("popcnt"))), stud_popcount64)
#endif

#define STUD_PICK_WIDTH(KIND, SUFFIX, check)                           \
    (width == 7   ? stud_batch7##KIND##SUFFIX(hands, rows, out, check) \
     : width == 6 ? stud_batch6##KIND##SUFFIX(hands, rows, out, check) \
                  : stud_batch5##KIND##SUFFIX(hands, rows, out, check))

/* Values of one kind (STUD_KIND_*) of `rows` hands of `width` (5, 6 or 7) cards; nonzero if
 * some row is bad. */
static int stud_batch_kind(const uint8_t *hands, int width, size_t rows, uint16_t *out, int check, int kind) {
#ifdef STUD_HW_POPCNT
    if (check && stud_cpu_has_popcnt()) {
        return kind == STUD_KIND_LOW     ? STUD_PICK_WIDTH(low, _popcnt, 1)
               : kind == STUD_KIND_LOW8  ? STUD_PICK_WIDTH(low8, _popcnt, 1)
               : kind == STUD_KIND_LOW27 ? STUD_PICK_WIDTH(low27, _popcnt, 1)
                                         : STUD_PICK_WIDTH(high, _popcnt, 1);
    }
#endif
    return kind == STUD_KIND_LOW     ? STUD_PICK_WIDTH(low, , check)
           : kind == STUD_KIND_LOW8  ? STUD_PICK_WIDTH(low8, , check)
           : kind == STUD_KIND_LOW27 ? STUD_PICK_WIDTH(low27, , check)
                                     : STUD_PICK_WIDTH(high, , check);
}

/* High values of `rows` hands of `width` (5, 6 or 7) cards; nonzero if some row is bad. */
STUD_INLINE int stud_batch(const uint8_t *hands, int width, size_t rows, uint16_t *out, int check) {
    return stud_batch_kind(hands, width, rows, out, check, STUD_KIND_HIGH);
}

#endif
