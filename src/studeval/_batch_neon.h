/* The NEON batch kernel (arm64): the batch of _batch.h, 16 hands at a time, for every kind and
 * 5, 6 or 7 cards. NEON is baseline on AArch64, so this path is compiled in whenever the
 * target is arm64 (no run-time check) and is the default there; included by _batch_simd.h,
 * which dispatches to it (STUD_SIMD_NEON). The values and the verdict (some row bad or not)
 * are the scalar kernel's, bit for bit: the scalar kernel stays the fallback and reference.
 *
 * It computes what the AVX-512 path computes (_batch_simd.h), in its order, with byte
 * vectors where AVX-512 has 32-bit lanes and permutes:
 * - the cards: a block's 16 N bytes are loaded whole (N vectors), and for each card j a table
 *   lookup (TBL on the first 64 bytes, TBX on the rest) gathers byte N i + j of each row i
 *   into lane i: N vectors of 16 cards, one per position in the rows;
 * - the checks, on those bytes: the largest byte (above 51: a bad row, check or not), and
 *   with the check, each two positions of the rows compared (N (N - 1) / 2 byte compares per
 *   16 rows): an equal pair is a card repeated within a row;
 * - the rank part of the key (the scalar key's low 32 bits: a sum of one 32-bit constant per
 *   rank) byte by byte: four 16-entry tables (byte k of each rank's constant, ranks 13..15 and
 *   bytes above 63 giving 0: such a row is refused anyway) looked up by the rank (card >> 2),
 *   summed over the cards in 16-bit lanes (at most 7 * 255), then put together in 32-bit
 *   lanes: S0 + (S1 << 8) + (S2 + (S3 << 8)) << 16, modulo 2^32 as the scalar key's low word;
 * - the suit counters (the scalar key's bits 32..47) as two bytes per hand, suits 0 and 1 in
 *   one, 2 and 3 in the other, each nibble starting at 3 (bit 3 set at five cards of a suit),
 *   the steps looked up by the suit (card & 3);
 * - the perfect hash of the rank part in 32-bit lanes, as AVX-512 does it: bits 32..63 of
 *   key * STUD_HASH_MULT are the high half of key * (MULT's low word), a widening multiply,
 *   plus the low half of key * (MULT's high word); then the bucket (the top 14 bits) and the
 *   slot's bits of the product, both by vector shifts and masks.
 * NEON has no gather: the two table reads per hand (the bucket's displacement, the slot's
 * value; the eight-or-better low a third, its byte) are scalar loads, one hand after another,
 * from the bucket and slot bits moved out of the lanes: with the xor of the displacement and
 * the store of the value, about seven instructions a hand. A flush (of the high hand or the
 * 2-7 low) is left to the scalar row kernel, lane by lane after the block's values are stored
 * (about 3% of random 7-card hands). Rows after the last whole block go to the scalar kernel.
 *
 * Tested bit for bit against the scalar kernel over every 5-, 6- and 7-card hand of every
 * kind under qemu-aarch64 (tests/c/batch_all_hands.c, tests/core/test_kernel_paths.py). Not
 * timed on arm64 hardware: counted under qemu (GCC 12, -O2), random 7-card hands, high, with
 * the check, it runs about 30 instructions a hand where the scalar kernel runs 62 (an
 * indication only: benchmarks/RESULTS.md). */
#ifndef STUD_BATCH_NEON_H
#define STUD_BATCH_NEON_H

#include <stddef.h>
#include <arm_neon.h>
#include "_batch.h"

#define STUD_SIMD_ARM 1
#define STUD_NEON_INLINE static inline __attribute__((always_inline))

/* NEON is in every arm64 processor: the widest (only) vector path */
STUD_INLINE int stud_simd_best(void) { return STUD_SIMD_NEON; }

/* The scalar row kernel of one lane (a flush, or the 2-7 low's flush): out = its value. */
#define STUD_NEON_FIX_LANE(N, KIND, c, out_i)   \
    do {                                        \
        uint64_t key_, bits_;                   \
        STUD_ROW_SUMS(c, N, key_, bits_);       \
        (out_i) = stud_row_##KIND(key_, bits_); \
    } while (0)

/* The lookup tables of one call: byte k of the rank part of each rank's key (ranks 13..15: 0),
 * and the suit counters' steps by suit, in the bytes of suits 0, 1 and of suits 2, 3. */
typedef struct {
    uint8x16_t rank_key[4];
    uint8x16_t suit_step[2];
} stud_neon_consts;

STUD_NEON_INLINE stud_neon_consts stud_neon_consts_make(void) {
    uint8_t bytes[4][16];
    for (int r = 0; r < 16; r++) {
        uint32_t k = r < 13 ? (uint32_t)STUD_CARD_KEY[4 * r] : 0;
        for (int b = 0; b < 4; b++) bytes[b][r] = (uint8_t)(k >> (8 * b));
    }
    stud_neon_consts t;
    for (int b = 0; b < 4; b++) t.rank_key[b] = vld1q_u8(bytes[b]);
    static const uint8_t steps[2][16] = {{1, 16, 0, 0}, {0, 0, 1, 16}};
    t.suit_step[0] = vld1q_u8(steps[0]);
    t.suit_step[1] = vld1q_u8(steps[1]);
    return t;
}

/* The 32-bit key of 4 lanes from the byte sums (16-bit lanes): lanes 0..3 or 4..7 of them */
#define STUD_NEON_KEY_LO(s0, s1, s23) \
    vaddq_u32(vaddw_u16(vshll_n_u16(vget_low_u16(s1), 8), vget_low_u16(s0)), vshll_n_u16(vget_low_u16(s23), 16))
#define STUD_NEON_KEY_HI(s0, s1, s23) \
    vaddq_u32(vaddw_high_u16(vshll_high_n_u16((s1), 8), (s0)), vshll_high_n_u16((s23), 16))

/* bits 32..63 of the 64-bit product key * STUD_HASH_MULT, in 32-bit lanes */
STUD_NEON_INLINE uint32x4_t stud_neon_hash(uint32x4_t key) {
    const uint32_t mult_lo = (uint32_t)STUD_HASH_MULT, mult_hi = (uint32_t)(STUD_HASH_MULT >> 32);
    uint64x2_t even = vmull_n_u32(vget_low_u32(key), mult_lo), odd = vmull_high_n_u32(key, mult_lo);
    uint32x4_t high = vuzp2q_u32(vreinterpretq_u32_u64(even), vreinterpretq_u32_u64(odd));
    return vmlaq_n_u32(high, key, mult_hi);
}

/* 16 rows of N cards from h: their values into out. The largest byte goes into *top and (check)
 * the lanes of repeated cards into *same. */
STUD_NEON_INLINE void stud_neon_block(const uint8_t *h, uint16_t *out, const int N, const int kind, const int check,
                                      const stud_neon_consts *t, const uint8x16_t *idx, uint8x16_t *top,
                                      uint8x16_t *same) {
    /* loaded straight into the register groups the table lookups take */
    const uint8x16x4_t first = vld1q_u8_x4(h);
    uint8x16x2_t more2;
    uint8x16x3_t more3;
    uint8x16_t more1, m = vmaxq_u8(vmaxq_u8(first.val[0], first.val[1]), vmaxq_u8(first.val[2], first.val[3]));
    if (N == 5) {
        more1 = vld1q_u8(h + 64);
        m = vmaxq_u8(m, more1);
    } else if (N == 6) {
        more2 = vld1q_u8_x2(h + 64);
        m = vmaxq_u8(m, vmaxq_u8(more2.val[0], more2.val[1]));
    } else {
        more3 = vld1q_u8_x3(h + 64);
        m = vmaxq_u8(m, vmaxq_u8(vmaxq_u8(more3.val[0], more3.val[1]), more3.val[2]));
    }
    *top = vmaxq_u8(*top, m);
    /* card j of each row into its lane: bytes 0..63 by TBL, 64.. by TBX (the index less 64:
     * an index below 64 wraps past the table and leaves the lane as TBL made it) */
    uint8x16_t c[7];
    const uint8x16_t sixty_four = vdupq_n_u8(64);
#pragma GCC unroll 7
    for (int j = 0; j < N; j++) {
        uint8x16_t p = vqtbl4q_u8(first, idx[j]), rest = vsubq_u8(idx[j], sixty_four);
        if (N == 5)
            p = vqtbx1q_u8(p, more1, rest);
        else if (N == 6)
            p = vqtbx2q_u8(p, more2, rest);
        else
            p = vqtbx3q_u8(p, more3, rest);
        c[j] = p;
    }
    if (check) {
        uint8x16_t s = *same;
#pragma GCC unroll 7
        for (int i = 0; i < N; i++)
#pragma GCC unroll 7
            for (int j = i + 1; j < N; j++) s = vorrq_u8(s, vceqq_u8(c[i], c[j]));
        *same = s;
    }
    /* the rank part of the key: per byte k of the ranks' constants, sums in 16-bit lanes
     * (rows 0..7 and 8..15) */
    uint16x8_t lo[4], hi[4];
    {
        uint8x16_t r0 = vshrq_n_u8(c[0], 2), r1 = vshrq_n_u8(c[1], 2);
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            uint8x16_t a = vqtbl1q_u8(t->rank_key[k], r0), b = vqtbl1q_u8(t->rank_key[k], r1);
            lo[k] = vaddl_u8(vget_low_u8(a), vget_low_u8(b));
            hi[k] = vaddl_high_u8(a, b);
        }
    }
#pragma GCC unroll 5
    for (int j = 2; j < N; j++) {
        uint8x16_t rank = vshrq_n_u8(c[j], 2);
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            uint8x16_t a = vqtbl1q_u8(t->rank_key[k], rank);
            lo[k] = vaddw_u8(lo[k], vget_low_u8(a));
            hi[k] = vaddw_high_u8(hi[k], a);
        }
    }
    /* bytes 2 and 3 together: only their sum's low 16 bits reach the key's high half */
    uint16x8_t lo23 = vmlaq_n_u16(lo[2], lo[3], 256), hi23 = vmlaq_n_u16(hi[2], hi[3], 256);
    uint32x4_t x[4] = {
        stud_neon_hash(STUD_NEON_KEY_LO(lo[0], lo[1], lo23)), stud_neon_hash(STUD_NEON_KEY_HI(lo[0], lo[1], lo23)),
        stud_neon_hash(STUD_NEON_KEY_LO(hi[0], hi[1], hi23)), stud_neon_hash(STUD_NEON_KEY_HI(hi[0], hi[1], hi23))};
    /* the bucket and the slot's bits (the displacements are 16-bit: below the slot mask, so
     * the xor may follow the mask) */
    uint32_t bucket[16], slot_bits[16];
    const uint32x4_t slot_mask = vdupq_n_u32(STUD_SLOT_MASK);
#pragma GCC unroll 4
    for (int q = 0; q < 4; q++) {
        vst1q_u32(bucket + 4 * q, vshrq_n_u32(x[q], 32 - STUD_BUCKET_BITS));
        vst1q_u32(slot_bits + 4 * q, vandq_u32(x[q], slot_mask));
    }
    const uint16_t *disp = STUD_DISP, *values = kind == STUD_KIND_HIGH    ? STUD_VALUE
                                                : kind == STUD_KIND_LOW27 ? STUD_LOW27
                                                                          : STUD_LOW;
    const uint8_t *low8 = STUD_LOW8_OF_LOW;
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++) {
        uint16_t v = values[slot_bits[i] ^ disp[bucket[i]]];
        out[i] = kind == STUD_KIND_LOW8 ? low8[v] : v;
    }
    if (kind == STUD_KIND_HIGH || kind == STUD_KIND_LOW27) {
        /* the suit counters: a flush sets bit 3 of a nibble */
        uint8x16_t s01 = vdupq_n_u8(0x33), s23 = vdupq_n_u8(0x33);
        const uint8x16_t three = vdupq_n_u8(3);
#pragma GCC unroll 7
        for (int j = 0; j < N; j++) {
            uint8x16_t suit = vandq_u8(c[j], three);
            s01 = vaddq_u8(s01, vqtbl1q_u8(t->suit_step[0], suit));
            s23 = vaddq_u8(s23, vqtbl1q_u8(t->suit_step[1], suit));
        }
        uint8x16_t flush = vtstq_u8(vorrq_u8(s01, s23), vdupq_n_u8(0x88));
        /* a nibble per lane: lane i's at bits 4i..4i+3 */
        uint64_t lanes = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(flush), 4)), 0);
        for (; lanes; lanes &= lanes - 1) {
            int i = stud_ctz64(lanes) >> 2;
            lanes &= ~(0xEULL << (4 * i)); /* the lane's other bits; the loop clears the lowest */
            if (kind == STUD_KIND_HIGH)
                STUD_NEON_FIX_LANE(N, high, h + N * i, out[i]);
            else
                STUD_NEON_FIX_LANE(N, low27, h + N * i, out[i]);
        }
    }
}

STUD_NEON_INLINE int stud_neon_rows(const uint8_t *h, size_t blocks, uint16_t *out, const int N, const int kind,
                                    const int check) {
    const stud_neon_consts t = stud_neon_consts_make();
    /* the byte of card j of row i in a block: N i + j */
    uint8x16_t idx[7];
    static const uint8_t lane[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
#pragma GCC unroll 7
    for (int j = 0; j < N; j++) idx[j] = vmlaq_u8(vdupq_n_u8((uint8_t)j), vld1q_u8(lane), vdupq_n_u8((uint8_t)N));
    uint8x16_t top = vdupq_n_u8(0), same = vdupq_n_u8(0);
    for (size_t b = 0; b < blocks; b++)
        stud_neon_block(h + 16 * N * b, out + 16 * b, N, kind, check, &t, idx, &top, &same);
    return vmaxvq_u8(top) > 51 || vmaxvq_u8(same) != 0;
}

#define STUD_NEON_DEFINE(N, KIND, CODE)                                                                         \
    static int stud_neon_batch##N##KIND(const uint8_t *h, size_t blocks, uint16_t *out, int check) {            \
        return check ? stud_neon_rows(h, blocks, out, N, CODE, 1) : stud_neon_rows(h, blocks, out, N, CODE, 0); \
    }
#define STUD_NEON_DEFINE_KIND(KIND, CODE) \
    STUD_NEON_DEFINE(5, KIND, CODE)       \
    STUD_NEON_DEFINE(6, KIND, CODE)       \
    STUD_NEON_DEFINE(7, KIND, CODE)

STUD_NEON_DEFINE_KIND(high, STUD_KIND_HIGH)
STUD_NEON_DEFINE_KIND(low, STUD_KIND_LOW)
STUD_NEON_DEFINE_KIND(low8, STUD_KIND_LOW8)
STUD_NEON_DEFINE_KIND(low27, STUD_KIND_LOW27)

typedef int (*stud_neon_kernel)(const uint8_t *, size_t, uint16_t *, int);

/* by kind and width - 5 */
static const stud_neon_kernel STUD_NEON_KERNELS[STUD_KINDS][3] = {
    {stud_neon_batch5high, stud_neon_batch6high, stud_neon_batch7high},
    {stud_neon_batch5low, stud_neon_batch6low, stud_neon_batch7low},
    {stud_neon_batch5low8, stud_neon_batch6low8, stud_neon_batch7low8},
    {stud_neon_batch5low27, stud_neon_batch6low27, stud_neon_batch7low27}};

/* The NEON path of stud_batch_path: whole blocks of 16 rows here, the rest by the scalar kernel. */
static int stud_neon_batch_kind(const uint8_t *hands, int width, size_t rows, uint16_t *out, int check, int kind) {
    size_t blocks = rows / 16, done = 16 * blocks;
    int bad = blocks ? STUD_NEON_KERNELS[kind][width - 5](hands, blocks, out, check) : 0;
    if (done < rows) bad |= stud_batch_kind(hands + (size_t)width * done, width, rows - done, out + done, check, kind);
    return bad;
}

#endif
