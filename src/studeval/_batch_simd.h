/* SIMD batch kernels: the batch of _batch.h, 16 hands at a time (AVX-512) or 8 (AVX2), for
 * every kind and 5, 6 or 7 cards. The extension stays built for the baseline instruction set:
 * each kernel is compiled for its own target by a function attribute, and the caller picks a
 * path the processor runs (stud_simd_best()). GCC and Clang on x86-64 Linux and BSD only; on
 * arm64 the NEON kernel of _batch_neon.h (STUD_SIMD_NEON, compiled in: NEON is baseline there);
 * elsewhere (MSVC, x86-64 macOS) stud_simd_best() is STUD_SIMD_SCALAR and stud_batch_path()
 * runs the scalar kernel of _batch.h, which stays the fallback and the reference. The values
 * and the verdict (some row bad or not) are the scalar kernel's, bit for bit.
 *
 * One 32-bit lane per hand. For card j of each hand of a block:
 * - the card byte: the block's bytes are loaded whole (two loads) and a permute of 32-bit
 *   words brings the word holding each hand's byte j to its lane; a variable shift brings the
 *   byte down (the bits above it are other cards', which the permutes below never read);
 * - AVX2: the rank part of the key (the scalar key's low 32 bits: a sum of one constant per
 *   rank), two permutes of 8-entry tables by the rank and a blend by rank >= 8; AVX-512: the
 *   rank itself (below);
 * - the suit counters (the scalar key's bits 32..47: four nibbles, each starting at 3 so that
 *   bit 3 is set at five cards of a suit) a permute of a table by the card's low 4 bits.
 * Then, AVX2, the perfect hash of the rank part in 32-bit lanes: the scalar kernel's 64-bit
 * product x = key * STUD_HASH_MULT matters only through its bits 32..63 (the slot and, the top
 * 14, the bucket), which are the high half of key * (MULT's low word) plus the low half of
 * key * (MULT's high word); a gather reads the bucket's displacement, another the slot's value
 * (16-bit tables read by 32-bit gathers and masked: a read past an array's end stays inside the
 * tables' struct). Two byte tables made once from the tables in use, read the same way (3 bytes
 * of slack at their ends): the displacements (all below 128: 16 KB instead of 32, a few %
 * faster) and the eight-or-better low by slot (one gather for that kind instead of two
 * dependent ones).
 * AVX-512 instead takes no hash: the ranks of each row (a rotate instead of the rank keys'
 * permute), sorted across the N vectors by a sorting network (byte lanes: 4 blocks at once),
 * give the rank multiset's dense index, and one gather reads its value from a table per kind
 * and card count made once by the scalar kernel (STUD_SIMD_BYSET): one table read per hand
 * instead of two dependent ones, 11-45% faster (RESULTS.md).
 * A flush (a suit counter's bit 3) of the high hand or the 2-7 low is valued apart: AVX-512
 * lists those lanes (a compress, no branch per block) and values them after each group of
 * blocks, 16 at a time in vectors when a group has 8 or more (stud512_flushes,
 * stud512_low27_flushes, which leaves the 2-7 low's rare slow case to the scalar row kernel),
 * else by the scalar row kernel; AVX2 does them at once by the scalar row kernel. Rows after
 * the last whole block go to the scalar kernel.
 *
 * The checks. AVX-512 sorts each row's cards (not only its ranks: a card is its rank times 4
 * plus its suit, so the sorted cards' ranks are sorted too), which leaves them almost done: the
 * last sorted card is the row's largest (above 51: a bad row, check or not), and with the
 * check a card repeated within a row is two equal neighbours, N - 1 compares for 64 rows.
 * AVX2 or-s each card's bit (1 << card) into two words
 * (cards 0..31, 32..63; a byte above 63 sets none): a row is good when they hold N bits and
 * none at 52..63; without the check it keeps the largest byte.
 *
 * Measured on an Intel Xeon (Emerald Rapids, quiet), random hands, one thread: AVX-512 2.7x
 * the scalar kernel for 7 cards (2.5-3.1x by kind), 3.7x for 5, the check 0-3% of its time
 * (benchmarks/RESULTS.md); AVX2 0.9-1x (its cross-lane permutes share one port), so _core takes
 * AVX2 only when asked. What the time goes to, and what was tried: RESULTS.md.
 */
#ifndef STUD_BATCH_SIMD_H
#define STUD_BATCH_SIMD_H

#include <stddef.h>
#include "_batch.h"

/* The paths, in the order of preference; their names are _core's STUD_SIMD_NAMES. */
enum { STUD_SIMD_SCALAR = 0, STUD_SIMD_AVX2 = 1, STUD_SIMD_AVX512 = 2, STUD_SIMD_PATHS = 3 };
/* and arm64's, after the x86-64 ones (STUD_SIMD_PATHS counts those) */
enum { STUD_SIMD_NEON = 3 };

/* Not on Windows: MinGW's GCC does not align the stack for spilled wide vectors (GCC bug
 * 54412), and MSVC builds the wheels there. Not on macOS, as _batch.h's popcnt copies. */
#if (defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__APPLE__) && !defined(_WIN32) && \
     !defined(STUD_NO_SIMD))
#define STUD_SIMD_X86 1
#include <immintrin.h>

#define STUD_AVX512 __attribute__((target("avx2,avx512f,avx512bw")))
#define STUD_AVX2 __attribute__((target("avx2")))
#define STUD_SIMD_INLINE static inline __attribute__((always_inline))

static int stud_simd_ready; /* the constants below are filled: the kernels may run */
static int stud_simd_tables_init(void);

/* The widest path this processor runs (the OS saving the wide registers included: libgcc's
 * and compiler-rt's checks read XGETBV). The first call after stud_use_tables() fills the
 * kernels' constants: call it once before any kernel runs (_core does at import); until then
 * (or if the tables do not suit the vector kernels) it says STUD_SIMD_SCALAR, and
 * stud_batch_path() runs the scalar kernel whatever the path asked. */
static int stud_simd_best(void) {
    if (!stud_simd_ready && stud_tables_in_use) stud_simd_ready = stud_simd_tables_init();
    if (!stud_simd_ready) return STUD_SIMD_SCALAR;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) return STUD_SIMD_AVX512;
    if (__builtin_cpu_supports("avx2")) return STUD_SIMD_AVX2;
    return STUD_SIMD_SCALAR;
}

/* the rank part of each rank's key (ranks 13..15, bytes 52..63, add nothing: such a row is
 * refused anyway), the suit counters' step of a card by its low 4 bits, and the tables' bytes */
static void stud_simd_rank_keys(uint32_t keys[16]) {
    for (int r = 0; r < 16; r++) keys[r] = r < 13 ? (uint32_t)STUD_CARD_KEY[4 * r] : 0;
}
#define STUD_SIMD_SUIT_STEP(i) (1u << (4 * ((i) & 3)))
#define STUD_SIMD_BYTES ((const char *)stud_tables_in_use)
#define STUD_SIMD_AT(member) (STUD_SIMD_BYTES + offsetof(stud_tables, member))

/* The scalar row kernel of one lane (a flush, or the 2-7 low's flush): out = its value. */
#define STUD_SIMD_FIX_LANE(N, KIND, c, out_i)   \
    do {                                        \
        uint64_t key_, bits_;                   \
        STUD_ROW_SUMS(c, N, key_, bits_);       \
        (out_i) = stud_row_##KIND(key_, bits_); \
    } while (0)

/* AVX2: the eight-or-better low by slot (STUD_LOW8_OF_LOW[STUD_LOW[slot]], 128 KB, filled once
 * from the tables in use): one table read per hand instead of two dependent ones. Read by 32-bit
 * gathers at byte offsets, hence the 3 bytes after the end; the same below. */
static uint8_t STUD_SIMD_LOW8[(STUD_SLOT_MASK + 1) + 3];

/* AVX2: the perfect hash's displacements as bytes, read the same way: 16 KB instead of 32 (measured 3
 * to 4% faster). They all fit (the largest is 77 in the generated tables); if some day one does
 * not, the vector kernels stay off. */
static uint8_t STUD_SIMD_DISP8[(1u << STUD_BUCKET_BITS) + 3];

/* AVX-512: the non-flush value of each kind by rank multiset (a hand's value unless a suit
 * holds five cards depends on its ranks only), at the multiset's colex rank sum_i C(s_i + i,
 * i + 1) over its sorted ranks s_0 <= ... <= s_{N-1} (s_i + i is a combination of N of 0..11+N):
 * a dense index below C(12 + N, N), so no hash and one table read per hand. Filled by the
 * scalar kernel on the first batch of its width and kind, from one non-flush hand of each
 * multiset (entries of 5 of a rank: 0); one entry of slack for the 32-bit gathers. 7 cards:
 * 100 KB a kind. */
static uint16_t STUD_SIMD_BYSET5[STUD_KINDS][6188 + 1], STUD_SIMD_BYSET6[STUD_KINDS][18564 + 1],
    STUD_SIMD_BYSET7[STUD_KINDS][50388 + 1];
#define STUD_SIMD_BYSET(N, kind) \
    ((N) == 5 ? STUD_SIMD_BYSET5[kind] : (N) == 6 ? STUD_SIMD_BYSET6[kind] : STUD_SIMD_BYSET7[kind])
static uint32_t STUD_SIMD_CHOOSE[7][16]; /* by position i and rank r: C(r + i, i + 1), r > 12 as 12 */

static uint32_t stud_simd_choose(uint32_t n, uint32_t k) {
    if (n < k) return 0;
    uint64_t c = 1;
    for (uint32_t t = 1; t <= k; t++) c = c * (n - k + t) / t; /* exact: C(n - k + t, t) */
    return (uint32_t)c;
}

/* The position terms of the colex rank, for every width. */
static void stud_simd_choose_init(void) {
    for (int i = 0; i < 7; i++)
        for (int r = 0; r < 16; r++)
            STUD_SIMD_CHOOSE[i][r] = stud_simd_choose((uint32_t)((r < 12 ? r : 12) + i), (uint32_t)i + 1);
}

/* The table of N cards of one kind, by rank multiset: one scalar evaluation of each. */
static void stud_simd_byset_fill(int N, int kind) {
    if (N < 5 || N > 7) return; /* (and the compiler knows row[] holds the ranks) */
    uint16_t *table = STUD_SIMD_BYSET(N, kind);
    int s[7] = {0};
    for (;;) { /* every nondecreasing s of N ranks */
        int ok = 1;
        uint32_t at = 0;
        uint8_t row[7];
        for (int i = 0; i < N; i++) {
            if (i >= 4 && s[i - 4] == s[i]) ok = 0;
            at += STUD_SIMD_CHOOSE[i][s[i]];
            row[i] = (uint8_t)(4 * s[i] + i % 4); /* suits 2, 2, 2, 1 at most: no flush */
        }
        uint16_t v = 0;
        if (ok) stud_batch_kind(row, N, 1, &v, 0, kind);
        table[at] = v;
        int i = N - 1;
        while (i >= 0 && s[i] == 12) i--;
        if (i < 0) break;
        s[i]++;
        for (int t = i + 1; t < N; t++) s[t] = s[i];
    }
}

/* Which of those tables are filled, by N - 5 and kind: each on the first AVX-512 batch of its
 * width and kind (stud_simd_prepare), so that an import costs nothing and a process holds only
 * the tables it uses (7 cards: 100 KB a kind, about 1 ms to fill). */
static unsigned char STUD_SIMD_BYSET_FILLED[3][STUD_KINDS];

/* Fills the tables above from the tables in use; 0 if the displacements do not fit. */
static int stud_simd_tables_init(void) {
    stud_simd_choose_init();
    for (uint32_t slot = 0; slot <= STUD_SLOT_MASK; slot++) STUD_SIMD_LOW8[slot] = STUD_LOW8_OF_LOW[STUD_LOW[slot]];
    int fits = 1;
    for (uint32_t b = 0; b < (1u << STUD_BUCKET_BITS); b++) {
        fits &= STUD_DISP[b] < 256;
        STUD_SIMD_DISP8[b] = (uint8_t)STUD_DISP[b];
    }
    return fits;
}

/* ---------------------------------------------------------------------------------- AVX-512 */

/* NB (1 or 4) blocks of 16 rows of N cards from h: their values into out; per block, 16 bits
 * of the lanes left to the flush fix-up (a flush, for the high hand and the 2-7 low). Each
 * card goes to byte k of its lane for block k (a rotate brings it there), so that one sorting
 * network on bytes sorts the cards of 4 blocks (sorting each block apart cost a third of the
 * kernel's time for 7 cards). The largest card goes into *top and, with the check, equal
 * neighbours (a repeated card) into *repeat. Then per block the rank multiset's index
 * (STUD_SIMD_BYSET): per position i, C(s_i + i, i + 1) by a permute of a 16-entry table, and
 * one gather. */
STUD_AVX512 STUD_SIMD_INLINE uint64_t stud512_blocks(const uint8_t *h, uint16_t *out, const int N, const int kind,
                                                     const int NB, const int check, const __m512i *idx,
                                                     const __m512i *shr, const __m512i *rot, __m512i suit_steps,
                                                     __m512i *top, __mmask64 *repeat) {
    const int suits = kind == STUD_KIND_HIGH || kind == STUD_KIND_LOW27;
    __m512i r[7], sc[4];
    for (int k = 0; k < NB; k++) {
        const uint8_t *at = h + 16 * N * k;
        const __m512i A = _mm512_loadu_si512((const void *)at);
        const __m512i B = _mm512_maskz_loadu_epi8((__mmask64)((1ULL << (16 * N - 64)) - 1), at + 64);
        sc[k] = _mm512_set1_epi32(0x3333);
        for (int j = 0; j < N; j++) {
            __m512i w = _mm512_permutex2var_epi32(A, idx[j], B);
            __m512i x = _mm512_rorv_epi32(w, rot[7 * k + j]); /* the card (byte j) at bit 8k */
            /* r = k ? r | (x & 255 << 8k) : x & 255 */
            r[j] = k ? _mm512_ternarylogic_epi32(r[j], x, _mm512_set1_epi32((int)(0xFFu << (8 * k))), 0xF8)
                     : _mm512_and_si512(x, _mm512_set1_epi32(0xFF));
            if (suits)
                sc[k] = _mm512_add_epi32(sc[k], _mm512_permutexvar_epi32(_mm512_srlv_epi32(w, shr[j]), suit_steps));
        }
    }
    /* the smallest networks (7 cards: 16 compare-exchanges, depth 6; 6: 12; 5: 9) */
#define CX(a, b)                                   \
    do {                                           \
        __m512i lo_ = _mm512_min_epu8(r[a], r[b]); \
        r[b] = _mm512_max_epu8(r[a], r[b]);        \
        r[a] = lo_;                                \
    } while (0)
    /* a layer of the network a line */
    /* clang-format off */
    if (N == 7) {
        CX(0, 6); CX(2, 3); CX(4, 5);
        CX(0, 2); CX(1, 4); CX(3, 6);
        CX(0, 1); CX(2, 5); CX(3, 4);
        CX(1, 2); CX(4, 6);
        CX(2, 3); CX(4, 5);
        CX(1, 2); CX(3, 4); CX(5, 6);
    } else if (N == 6) {
        CX(0, 5); CX(1, 3); CX(2, 4);
        CX(1, 2); CX(3, 4);
        CX(0, 3); CX(2, 5);
        CX(0, 1); CX(2, 3); CX(4, 5);
        CX(1, 2); CX(3, 4);
    } else {
        CX(0, 3); CX(1, 4);
        CX(0, 2); CX(1, 3);
        CX(0, 1); CX(2, 4);
        CX(1, 2); CX(3, 4);
        CX(2, 3);
    }
    /* clang-format on */
#undef CX
    *top = _mm512_max_epu8(*top, r[N - 1]); /* (a single block's bytes 1..3 are 0) */
    if (check) {
        const __mmask64 rows = NB == 4 ? ~(__mmask64)0 : (__mmask64)0x1111111111111111ULL; /* bytes k < NB */
        __mmask64 equal = 0;
        for (int j = 0; j + 1 < N; j++) equal |= _mm512_mask_cmpeq_epu8_mask(rows, r[j], r[j + 1]);
        *repeat |= equal;
    }
    const uint16_t *tab = STUD_SIMD_BYSET(N, kind);
    uint64_t fix = 0;
    for (int k = 0; k < NB; k++) {
        /* the rank: the card's bits 2..5 (a bad row's 13..15: 12, the table's range) */
        __m512i at = _mm512_min_epu32(_mm512_and_si512(_mm512_srli_epi32(r[0], 8 * k + 2), _mm512_set1_epi32(15)),
                                      _mm512_set1_epi32(12));
        for (int i = 1; i < N; i++) {
            __m512i s = _mm512_srli_epi32(r[i], 8 * k + 2); /* the permute reads bits 0..3 */
            __m512i choose = _mm512_loadu_si512((const void *)STUD_SIMD_CHOOSE[i]);
            at = _mm512_add_epi32(at, _mm512_permutexvar_epi32(s, choose));
        }
        __m512i v = _mm512_i32gather_epi32(at, (const void *)tab, 2); /* the low 16 bits */
        _mm256_storeu_si256((__m256i *)(out + 16 * k), _mm512_cvtepi32_epi16(v));
        if (suits) fix |= (uint64_t)_mm512_test_epi32_mask(sc[k], _mm512_set1_epi32(0x8888)) << (16 * k);
    }
    return fix;
}

/* The cards of 16 listed rows (fix: rows of h; live: the lanes that hold one), read by two
 * gathers (bytes 0..3 and N-4..N-1), into cards[]; returns bit 3 of each lane's flush suit
 * counter (a card of that suit has it in its step times 8). */
STUD_AVX512 STUD_SIMD_INLINE __m512i stud512_listed_cards(const uint8_t *h, const uint32_t *fix, __mmask16 live,
                                                          const int N, __m512i suit_steps, __m512i *cards) {
    const __m512i byte = _mm512_set1_epi32(0xFF), zero = _mm512_setzero_si512();
    const __m512i at = _mm512_mullo_epi32(_mm512_maskz_loadu_epi32(live, fix), _mm512_set1_epi32(N));
    const __m512i first = _mm512_mask_i32gather_epi32(zero, live, at, (const void *)h, 1);
    const __m512i last =
        _mm512_mask_i32gather_epi32(zero, live, _mm512_add_epi32(at, _mm512_set1_epi32(N - 4)), (const void *)h, 1);
    __m512i sc = _mm512_set1_epi32(0x3333);
    for (int j = 0; j < N; j++) {
        cards[j] = j < 4 ? _mm512_and_si512(_mm512_srli_epi32(first, 8 * j), byte)
                         : _mm512_and_si512(_mm512_srli_epi32(last, 8 * (j - (N - 4))), byte);
        sc = _mm512_add_epi32(sc, _mm512_permutexvar_epi32(cards[j], suit_steps));
    }
    return _mm512_and_si512(sc, _mm512_set1_epi32(0x8888));
}

/* The high values of the n flush rows listed in fix (rows of h; values into out), 16 at a time:
 * each row's cards and suit counters again (stud512_listed_cards), and the flush suit's ranks
 * or-ed into a mask, the index of its value (the scalar kernel's
 * STUD_FLUSH[rank mask]). About a third of the scalar row kernel's time per row. */
STUD_AVX512 STUD_SIMD_INLINE void stud512_flushes(const uint8_t *h, const uint32_t *fix, size_t n, uint16_t *out,
                                                  const int N, __m512i suit_steps) {
    const __m512i one = _mm512_set1_epi32(1), zero = _mm512_setzero_si512();
    for (size_t k = 0; k < n; k += 16) {
        const __mmask16 live = (__mmask16)(n - k >= 16 ? 0xFFFF : (1u << (n - k)) - 1);
        __m512i cards[7];
        const __m512i flush = stud512_listed_cards(h, fix + k, live, N, suit_steps, cards);
        __m512i ranks = _mm512_setzero_si512();
        for (int j = 0; j < N; j++) {
            __mmask16 in =
                _mm512_test_epi32_mask(_mm512_slli_epi32(_mm512_permutexvar_epi32(cards[j], suit_steps), 3), flush);
            ranks = _mm512_mask_or_epi32(ranks, in, ranks, _mm512_sllv_epi32(one, _mm512_srli_epi32(cards[j], 2)));
        }
        const __m512i slot =
            _mm512_add_epi32(_mm512_and_si512(ranks, _mm512_set1_epi32(0x1FFF)), _mm512_set1_epi32(STUD_FLUSH_BASE));
        uint32_t values[16];
        _mm512_storeu_si512((void *)values, _mm512_mask_i32gather_epi32(zero, live, slot, STUD_SIMD_AT(value), 2));
        for (size_t l = 0; l < 16 && k + l < n; l++) out[fix[k + l]] = (uint16_t)values[l];
    }
}

/* The 2-7 lows of the n flush rows listed in fix (rows of h), whose lanes already hold their
 * slot's 2-7 low: it stands (stud_low27_of) unless its ranks are all in the flush suit, which
 * only those rows (few) take to the scalar row kernel. 16 rows at a time: the ranks of their
 * cards outside the flush suit or-ed into a mask. */
STUD_AVX512 STUD_SIMD_INLINE void stud512_low27_flushes(const uint8_t *h, const uint32_t *fix, size_t n, uint16_t *out,
                                                        const int N, __m512i suit_steps) {
    const __m512i one = _mm512_set1_epi32(1), zero = _mm512_setzero_si512();
    for (size_t k = 0; k < n; k += 16) {
        const __mmask16 live = (__mmask16)(n - k >= 16 ? 0xFFFF : (1u << (n - k)) - 1);
        uint32_t lows[16] = {0};
        for (size_t l = 0; l < 16 && k + l < n; l++) lows[l] = out[fix[k + l]];
        __m512i cards[7];
        const __m512i flush = stud512_listed_cards(h, fix + k, live, N, suit_steps, cards);
        __m512i others = zero;
        for (int j = 0; j < N; j++) {
            __mmask16 out_of_suit =
                _mm512_testn_epi32_mask(_mm512_slli_epi32(_mm512_permutexvar_epi32(cards[j], suit_steps), 3), flush);
            others = _mm512_mask_or_epi32(others, out_of_suit, others,
                                          _mm512_sllv_epi32(one, _mm512_srli_epi32(cards[j], 2)));
        }
        /* the low's five ranks (0 where it needs no look), read by 32-bit gathers inside the
         * tables' struct as above */
        const __m512i ranks =
            _mm512_and_si512(_mm512_mask_i32gather_epi32(zero, live, _mm512_loadu_si512((const void *)lows),
                                                         STUD_SIMD_AT(low27_ranks), 2),
                             _mm512_set1_epi32(0xFFFF));
        unsigned slow =
            (unsigned)(_mm512_test_epi32_mask(ranks, ranks) & _mm512_testn_epi32_mask(ranks, others) & live);
        for (; slow; slow &= slow - 1) {
            size_t i = fix[k + (size_t)__builtin_ctz(slow)];
            STUD_SIMD_FIX_LANE(N, low27, h + N * i, out[i]);
        }
    }
}

/* rows per group: the lanes left to the scalar row kernel are listed, and done, per group */
#define STUD_SIMD_GROUP 1024

STUD_AVX512 STUD_SIMD_INLINE int stud512_rows(const uint8_t *h, size_t blocks, uint16_t *out, const int N,
                                              const int kind, const int check) {
    const __m512i suit_steps = _mm512_setr_epi32(
        STUD_SIMD_SUIT_STEP(0), STUD_SIMD_SUIT_STEP(1), STUD_SIMD_SUIT_STEP(2), STUD_SIMD_SUIT_STEP(3),
        STUD_SIMD_SUIT_STEP(4), STUD_SIMD_SUIT_STEP(5), STUD_SIMD_SUIT_STEP(6), STUD_SIMD_SUIT_STEP(7),
        STUD_SIMD_SUIT_STEP(8), STUD_SIMD_SUIT_STEP(9), STUD_SIMD_SUIT_STEP(10), STUD_SIMD_SUIT_STEP(11),
        STUD_SIMD_SUIT_STEP(12), STUD_SIMD_SUIT_STEP(13), STUD_SIMD_SUIT_STEP(14), STUD_SIMD_SUIT_STEP(15));
    __m512i idx[7], shr[7];
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (int j = 0; j < N; j++) {
        /* byte N*i + j of the block: word (N*i + j) / 4, from bit 8 * ((N*i + j) % 4) */
        __m512i p = _mm512_add_epi32(_mm512_mullo_epi32(lane, _mm512_set1_epi32(N)), _mm512_set1_epi32(j));
        idx[j] = _mm512_srli_epi32(p, 2);
        shr[j] = _mm512_slli_epi32(_mm512_and_si512(p, _mm512_set1_epi32(3)), 3);
    }
    /* rotations that bring byte j to bit 8k */
    __m512i rot[28];
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < N; j++)
            rot[7 * k + j] =
                _mm512_and_si512(_mm512_sub_epi32(shr[j], _mm512_set1_epi32(8 * k)), _mm512_set1_epi32(31));
    __m512i top = _mm512_setzero_si512();
    __mmask64 repeat = 0;
    uint32_t fix[STUD_SIMD_GROUP + 16];
    const size_t group_blocks = STUD_SIMD_GROUP / 16;
    for (size_t g = 0; g < blocks; g += group_blocks) {
        size_t end = g + group_blocks < blocks ? g + group_blocks : blocks, n = 0;
        for (size_t b = g, nb; b < end; b += nb) {
            const uint8_t *at = h + 16 * N * b;
            /* 4 blocks a call (one sort for their 64 rows), else 1 (the last blocks of a call) */
            nb = (b - g) % 4 == 0 && b + 4 <= end ? 4 : 1;
            uint64_t lanes =
                nb == 4 ? stud512_blocks(at, out + 16 * b, N, kind, 4, check, idx, shr, rot, suit_steps, &top, &repeat)
                        : stud512_blocks(at, out + 16 * b, N, kind, 1, check, idx, shr, rot, suit_steps, &top, &repeat);
            for (size_t k = 0; k < nb; k++) {
                /* the rows of the lanes to fix, counted from the group's first, onto the list */
                unsigned fix_k = (unsigned)(lanes >> (16 * k)) & 0xFFFF;
                __m512i rows = _mm512_add_epi32(lane, _mm512_set1_epi32((int)(16 * (b + k - g))));
                _mm512_storeu_si512((void *)(fix + n), _mm512_maskz_compress_epi32((__mmask16)fix_k, rows));
                n += (size_t)__builtin_popcount(fix_k);
            }
        }
        /* in vectors when they are many (7 cards: about 30 a group; 5 cards: about 2, fewer
         * than a vector's fixed cost is worth) */
        if (n >= 8 && kind == STUD_KIND_HIGH) {
            stud512_flushes(h + 16 * N * g, fix, n, out + 16 * g, N, suit_steps);
        } else if (n >= 8) {
            stud512_low27_flushes(h + 16 * N * g, fix, n, out + 16 * g, N, suit_steps);
        } else {
            for (size_t k = 0; k < n; k++) {
                size_t i = 16 * g + fix[k];
                if (kind == STUD_KIND_HIGH)
                    STUD_SIMD_FIX_LANE(N, high, h + N * i, out[i]);
                else
                    STUD_SIMD_FIX_LANE(N, low27, h + N * i, out[i]);
            }
        }
    }
    return _mm512_cmpgt_epu8_mask(top, _mm512_set1_epi8(51)) != 0 || repeat != 0;
}

/* ------------------------------------------------------------------------------------- AVX2 */

STUD_AVX2 STUD_SIMD_INLINE __m256i stud256_popcount(__m256i v) {
    const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                                         2, 3, 2, 3, 3, 4);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m256i n = _mm256_add_epi8(_mm256_shuffle_epi8(lut, _mm256_and_si256(v, low4)),
                                _mm256_shuffle_epi8(lut, _mm256_and_si256(_mm256_srli_epi32(v, 4), low4)));
    n = _mm256_add_epi8(n, _mm256_srli_epi32(n, 8));
    n = _mm256_add_epi8(n, _mm256_srli_epi32(n, 16));
    return _mm256_and_si256(n, _mm256_set1_epi32(0xFF));
}

/* 8 rows of N cards from h: their values into out; nonzero when some row is bad. Lanes 0..3
 * read words of the block's first 32 bytes, lanes 4..7 of its last 32 (from byte 8N - 32). */
STUD_AVX2 STUD_SIMD_INLINE int stud256_block(const uint8_t *h, uint16_t *out, const int N, const int kind,
                                             const int check, const __m256i *idx, const __m256i *shl, __m256i keys_lo,
                                             __m256i keys_hi, __m256i suit_steps) {
    const __m256i A = _mm256_loadu_si256((const __m256i *)h);
    const __m256i B = _mm256_loadu_si256((const __m256i *)(h + 8 * N - 32));
    const int suits = kind == STUD_KIND_HIGH || kind == STUD_KIND_LOW27;
    __m256i key = _mm256_setzero_si256(), sc = _mm256_set1_epi32(0x3333), top = _mm256_setzero_si256();
    __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi32(1), b32 = _mm256_set1_epi32(32);
    for (int j = 0; j < N; j++) {
        __m256i w =
            _mm256_blend_epi32(_mm256_permutevar8x32_epi32(A, idx[j]), _mm256_permutevar8x32_epi32(B, idx[j]), 0xF0);
        __m256i x = _mm256_sllv_epi32(w, shl[j]);
        __m256i c = _mm256_srli_epi32(x, 24), r = _mm256_srli_epi32(x, 26);
        /* ranks 8..15 (bit 29 of x): the second table */
        __m256i k = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(keys_lo, r), _mm256_permutevar8x32_epi32(keys_hi, r),
                                       _mm256_srai_epi32(_mm256_slli_epi32(x, 2), 31));
        key = _mm256_add_epi32(key, k);
        if (suits) sc = _mm256_add_epi32(sc, _mm256_permutevar8x32_epi32(suit_steps, c));
        if (check) {
            lo = _mm256_or_si256(lo, _mm256_sllv_epi32(one, c));
            hi = _mm256_or_si256(hi, _mm256_sllv_epi32(one, _mm256_xor_si256(c, b32)));
        } else {
            top = _mm256_max_epu32(top, x);
        }
    }
    int bad;
    if (check) {
        __m256i n =
            _mm256_add_epi32(stud256_popcount(lo), stud256_popcount(_mm256_and_si256(hi, _mm256_set1_epi32(0xFFFFF))));
        bad = _mm256_movemask_epi8(_mm256_cmpeq_epi32(n, _mm256_set1_epi32(N))) != -1;
    } else {
        /* top >= 52 << 24 (unsigned): max(top, limit) == top */
        __m256i limit = _mm256_set1_epi32(52 << 24);
        bad = _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_max_epu32(top, limit), top)) != 0;
    }
    const __m256i mult_lo = _mm256_set1_epi32((int)(uint32_t)STUD_HASH_MULT);
    const __m256i mult_hi = _mm256_set1_epi32((int)(uint32_t)(STUD_HASH_MULT >> 32));
    __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(key, mult_lo), 32);
    __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(key, 32), mult_lo);
    __m256i x = _mm256_add_epi32(_mm256_blend_epi32(even, odd, 0xAA), _mm256_mullo_epi32(key, mult_hi));
    const __m256i word = _mm256_set1_epi32(0xFFFF);
    __m256i disp = _mm256_and_si256(
        _mm256_i32gather_epi32((const int *)STUD_SIMD_DISP8, _mm256_srli_epi32(x, 32 - STUD_BUCKET_BITS), 1),
        _mm256_set1_epi32(0xFF));
    __m256i slot = _mm256_and_si256(_mm256_xor_si256(x, disp), _mm256_set1_epi32(STUD_SLOT_MASK));
    __m256i v;
    if (kind == STUD_KIND_HIGH) {
        v = _mm256_and_si256(_mm256_i32gather_epi32((const int *)STUD_SIMD_AT(value), slot, 2), word);
    } else if (kind == STUD_KIND_LOW27) {
        v = _mm256_and_si256(_mm256_i32gather_epi32((const int *)STUD_SIMD_AT(low27), slot, 2), word);
    } else if (kind == STUD_KIND_LOW) {
        v = _mm256_and_si256(_mm256_i32gather_epi32((const int *)STUD_SIMD_AT(low), slot, 2), word);
    } else {
        v = _mm256_and_si256(_mm256_i32gather_epi32((const int *)STUD_SIMD_LOW8, slot, 1), _mm256_set1_epi32(0xFF));
    }
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(v, v), 0x08);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(packed));
    if (suits) {
        unsigned flush = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
            _mm256_cmpgt_epi32(_mm256_and_si256(sc, _mm256_set1_epi32(0x8888)), _mm256_setzero_si256())));
        for (; flush; flush &= flush - 1) {
            int i = __builtin_ctz(flush);
            if (kind == STUD_KIND_HIGH)
                STUD_SIMD_FIX_LANE(N, high, h + N * i, out[i]);
            else
                STUD_SIMD_FIX_LANE(N, low27, h + N * i, out[i]);
        }
    }
    return bad;
}

STUD_AVX2 STUD_SIMD_INLINE int stud256_rows(const uint8_t *h, size_t blocks, uint16_t *out, const int N, const int kind,
                                            const int check) {
    uint32_t keys[16];
    stud_simd_rank_keys(keys);
    const __m256i keys_lo = _mm256_loadu_si256((const __m256i *)keys);
    const __m256i keys_hi = _mm256_loadu_si256((const __m256i *)(keys + 8));
    const __m256i suit_steps = _mm256_setr_epi32(STUD_SIMD_SUIT_STEP(0), STUD_SIMD_SUIT_STEP(1), STUD_SIMD_SUIT_STEP(2),
                                                 STUD_SIMD_SUIT_STEP(3), STUD_SIMD_SUIT_STEP(4), STUD_SIMD_SUIT_STEP(5),
                                                 STUD_SIMD_SUIT_STEP(6), STUD_SIMD_SUIT_STEP(7));
    __m256i idx[7], shl[7];
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    /* lanes 4..7 read from byte 8N - 32 on */
    const __m256i start = _mm256_setr_epi32(0, 0, 0, 0, 8 * N - 32, 8 * N - 32, 8 * N - 32, 8 * N - 32);
    for (int j = 0; j < N; j++) {
        __m256i p = _mm256_add_epi32(_mm256_mullo_epi32(lane, _mm256_set1_epi32(N)), _mm256_set1_epi32(j));
        p = _mm256_sub_epi32(p, start);
        idx[j] = _mm256_srli_epi32(p, 2);
        shl[j] = _mm256_slli_epi32(_mm256_andnot_si256(p, _mm256_set1_epi32(3)), 3);
    }
    int bad = 0;
    for (size_t b = 0; b < blocks; b++)
        bad |= stud256_block(h + 8 * N * b, out + 8 * b, N, kind, check, idx, shl, keys_lo, keys_hi, suit_steps);
    return bad;
}

/* ------------------------------------------------------------------------------ the kernels */

#define STUD_SIMD_DEFINE(N, KIND, CODE)                                                                        \
    STUD_AVX512 static int stud512_batch##N##KIND(const uint8_t *h, size_t blocks, uint16_t *out, int check) { \
        return check ? stud512_rows(h, blocks, out, N, CODE, 1) : stud512_rows(h, blocks, out, N, CODE, 0);    \
    }                                                                                                          \
    STUD_AVX2 static int stud256_batch##N##KIND(const uint8_t *h, size_t blocks, uint16_t *out, int check) {   \
        return check ? stud256_rows(h, blocks, out, N, CODE, 1) : stud256_rows(h, blocks, out, N, CODE, 0);    \
    }
#define STUD_SIMD_DEFINE_KIND(KIND, CODE) \
    STUD_SIMD_DEFINE(5, KIND, CODE)       \
    STUD_SIMD_DEFINE(6, KIND, CODE)       \
    STUD_SIMD_DEFINE(7, KIND, CODE)

STUD_SIMD_DEFINE_KIND(high, STUD_KIND_HIGH)
STUD_SIMD_DEFINE_KIND(low, STUD_KIND_LOW)
STUD_SIMD_DEFINE_KIND(low8, STUD_KIND_LOW8)
STUD_SIMD_DEFINE_KIND(low27, STUD_KIND_LOW27)

typedef int (*stud_simd_kernel)(const uint8_t *, size_t, uint16_t *, int);

#define STUD_SIMD_WIDTHS(P, KIND) {P##_batch5##KIND, P##_batch6##KIND, P##_batch7##KIND}
#define STUD_SIMD_KINDS(P) \
    {STUD_SIMD_WIDTHS(P, high), STUD_SIMD_WIDTHS(P, low), STUD_SIMD_WIDTHS(P, low8), STUD_SIMD_WIDTHS(P, low27)}

/* by path - 1, kind and width - 5 */
static const stud_simd_kernel STUD_SIMD_KERNELS[2][STUD_KINDS][3] = {STUD_SIMD_KINDS(stud256),
                                                                     STUD_SIMD_KINDS(stud512)};
static const int STUD_SIMD_LANES[2] = {8, 16};

#elif defined(__aarch64__) && defined(__ARM_NEON) && !defined(__ARM_BIG_ENDIAN) && !defined(STUD_NO_SIMD)
#include "_batch_neon.h" /* stud_simd_best(): STUD_SIMD_NEON */
#else
STUD_INLINE int stud_simd_best(void) { return STUD_SIMD_SCALAR; }
#endif

/* Readies `path` for batches of `width` cards of `kind`: the AVX-512 kernel's table of that
 * width and kind is filled on its first use. stud_batch_path() calls it, for callers on one
 * thread; callers that share a batch among threads call it first (_core does, holding the GIL),
 * so that no two threads fill a table at once. */
STUD_INLINE void stud_simd_prepare(int width, int kind, int path) {
#ifdef STUD_SIMD_X86
    if (path == STUD_SIMD_AVX512 && stud_simd_ready && width >= 5 && width <= 7 && kind >= 0 && kind < STUD_KINDS &&
        !STUD_SIMD_BYSET_FILLED[width - 5][kind]) {
        stud_simd_byset_fill(width, kind);
        STUD_SIMD_BYSET_FILLED[width - 5][kind] = 1;
    }
#endif
    (void)width, (void)kind, (void)path;
}

/* Values of one kind (STUD_KIND_*) of `rows` hands of `width` (5, 6 or 7) cards, on a path
 * (STUD_SIMD_*: one stud_simd_best() allows, or the scalar one); nonzero if some row is bad.
 * The same values and verdict as stud_batch_kind (bad rows: unspecified values). */
static int stud_batch_path(const uint8_t *hands, int width, size_t rows, uint16_t *out, int check, int kind, int path) {
#ifdef STUD_SIMD_X86
    if (stud_simd_ready && path > STUD_SIMD_SCALAR && path < STUD_SIMD_PATHS && kind >= 0 && kind < STUD_KINDS) {
        stud_simd_prepare(width, kind, path);
        size_t lanes = (size_t)STUD_SIMD_LANES[path - 1], blocks = rows / lanes, done = blocks * lanes;
        int bad = blocks ? STUD_SIMD_KERNELS[path - 1][kind][width - 5](hands, blocks, out, check) : 0;
        if (done < rows)
            bad |= stud_batch_kind(hands + (size_t)width * done, width, rows - done, out + done, check, kind);
        return bad;
    }
#endif
#ifdef STUD_SIMD_ARM
    if (path == STUD_SIMD_NEON && kind >= 0 && kind < STUD_KINDS)
        return stud_neon_batch_kind(hands, width, rows, out, check, kind);
#endif
    (void)path;
    return stud_batch_kind(hands, width, rows, out, check, kind);
}

#endif
