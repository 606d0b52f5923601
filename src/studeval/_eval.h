/* studeval's evaluator kernels: header-only so that every Cython module that cimports
 * studeval._core inlines them. The tables exist once, in studeval._core (_tables_data.h);
 * each extension reads them through its own pointer, stud_tables_in_use, which it sets once
 * at import, before any kernel runs (from Cython: stud_tables_init() of _core.pxd).
 *
 * A card is 4*rank + suit (rank 0 = deuce .. 12 = ace; suit 0 = clubs .. 3 = spades).
 * Hand values are 1..7462, higher is better. Lows depend on the ranks only: the ace-to-five
 * low is 1..6175 (6175 = 5-4-3-2-A) and the eight-or-better low 0 (none) or 1..56 (56 = the
 * wheel), higher is better, read from STUD_LOW at the same slot as the non-flush value. The
 * deuce-to-seven low is 1..7462 (7462 = 7-5-4-3-2 not all one suit), higher is better: read
 * from STUD_LOW27 at the same slot, with an exact path when five cards share a suit.
 * See tools/gen_tables.py for the table design.
 */
#ifndef STUD_EVAL_H
#define STUD_EVAL_H

#include <stdint.h>
#include "_tables.h"

/* MSVC's C compiler spells inline __inline */
#if defined(_MSC_VER) && !defined(__cplusplus)
#define STUD_INLINE static __inline
#else
#define STUD_INLINE static inline
#endif

#if defined(__GNUC__) || defined(__clang__)
#define STUD_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define STUD_UNLIKELY(x) (x)
#endif

/* This extension's view of the tables: a static pointer whose address is never taken, so a
 * compiler may keep it in a register across a loop's stores. */
static const stud_tables *stud_tables_in_use;

STUD_INLINE void stud_use_tables(const stud_tables *tables) { stud_tables_in_use = tables; }

#define STUD_CARD_KEY (stud_tables_in_use->card_key)
#define STUD_CARD_BIT (stud_tables_in_use->card_bit)
#define STUD_CARD_PAIR (stud_tables_in_use->card_pair)
#define STUD_DISP (stud_tables_in_use->disp)
#define STUD_VALUE (stud_tables_in_use->value)
#define STUD_LOW (stud_tables_in_use->low)
#define STUD_LOW8_OF_LOW (stud_tables_in_use->low8_of_low)
#define STUD_LOW27 (stud_tables_in_use->low27)
#define STUD_LOW27_OF_HIGH (stud_tables_in_use->low27_of_high)
#define STUD_LOW27_RANKS (stud_tables_in_use->low27_ranks)

#define STUD_KEY_INIT (0x3333ULL << 32) /* 3 in each suit nibble: bit 3 set at 5 cards */
#define STUD_FLUSH_CHECK (0x8888ULL << 32)
#define STUD_SLOT_MASK ((1u << STUD_SLOT_BITS) - 1u)
#define STUD_FLUSH (STUD_VALUE + STUD_FLUSH_BASE) /* indexed by the flush suit's rank mask */

/* The kinds of value the kernels compute, as every compiled module and studeval.kinds (each
 * Kind's `code`, through studeval._core) number them: the high hand, the ace-to-five low, the
 * eight-or-better low and the deuce-to-seven low; STUD_KINDS of them. */
enum { STUD_KIND_HIGH = 0, STUD_KIND_LOW = 1, STUD_KIND_LOW8 = 2, STUD_KIND_LOW27 = 3, STUD_KINDS = 4 };

/* A hand being built one card at a time: the additive key and each suit's rank bits. */
typedef struct {
    uint64_t key;
    uint64_t bits;
} stud_hand;

static const stud_hand STUD_EMPTY_HAND = {STUD_KEY_INIT, 0};

STUD_INLINE stud_hand stud_hand_add(stud_hand h, int card) {
    h.key += STUD_CARD_KEY[card];
    h.bits |= STUD_CARD_BIT[card];
    return h;
}

STUD_INLINE int stud_flush_suit(uint64_t flush) {
    return (flush & (0x8ULL << 32)) ? 0 : (flush & (0x80ULL << 32)) ? 1 : (flush & (0x800ULL << 32)) ? 2 : 3;
}

/* Bit helpers, portable, for the kernels here and for modules that cimport them. */
#if defined(_MSC_VER)
#include <intrin.h>
STUD_INLINE int stud_ctz64(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
STUD_INLINE int stud_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

#if defined(__GNUC__) || defined(__clang__)
#define stud_popcount64(x) __builtin_popcountll(x) /* the instruction where the target has it */
#else
STUD_INLINE int stud_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

/* Shift that brings the flush suit's rank lane of the bits to the bottom (any when no flush). */
STUD_INLINE int stud_flush_shift(uint64_t flush) { return ((stud_ctz64(flush | (1ULL << 63)) - 35) & 12) << 2; }

/* Slot of a non-flush hand's rank part in STUD_VALUE. */
STUD_INLINE uint32_t stud_rank_slot(uint64_t key) {
    uint64_t x = (uint64_t)(uint32_t)key * STUD_HASH_MULT;
    return ((uint32_t)(x >> 32) ^ STUD_DISP[x >> (64 - STUD_BUCKET_BITS)]) & STUD_SLOT_MASK;
}

/* Value of a non-flush hand from the rank part of its key. */
STUD_INLINE uint16_t stud_rank_value(uint64_t key) { return STUD_VALUE[stud_rank_slot(key)]; }

/* Ace-to-five low (1..6175) and eight-or-better low (0 or 1..56) of a hand state holding 5, 6
 * or 7 cards: the same slot as the high value's, another array. */
STUD_INLINE uint16_t stud_hand_low(stud_hand h) { return STUD_LOW[stud_rank_slot(h.key)]; }

STUD_INLINE uint8_t stud_low8_of_low(uint16_t low) { return STUD_LOW8_OF_LOW[low]; }

STUD_INLINE uint8_t stud_hand_low8(stud_hand h) { return STUD_LOW8_OF_LOW[stud_hand_low(h)]; }

/* Ace-to-five low of 5, 6 or 7 valid, distinct cards. */
STUD_INLINE uint16_t stud_low_cards(const uint8_t *cards, int n) {
    uint64_t key = STUD_KEY_INIT;
    for (int i = 0; i < n; i++) key += STUD_CARD_KEY[cards[i]];
    return STUD_LOW[stud_rank_slot(key)];
}

/* Eight-or-better low of 5, 6 or 7 valid, distinct cards. */
STUD_INLINE uint8_t stud_low8_cards(const uint8_t *cards, int n) { return STUD_LOW8_OF_LOW[stud_low_cards(cards, n)]; }

/* Deuce-to-seven low (1..7462) of 5, 6 or 7 cards given by their key and per-suit rank bits
 * (as a stud_hand holds them). The slot's value is the best low of the ranks as if no five
 * cards shared a suit; it stands unless a suit holds five cards and that low's five ranks
 * (a no-pair low: STUD_LOW27_RANKS) are all missing from the other suits. Then (rare) every
 * five-card subset is tried: a one-suit subset by its flush value's remap, the others by
 * their slot. Inside the tables whatever the bits hold. */
STUD_INLINE uint16_t stud_low27_five(uint64_t key, uint64_t bits) {
    uint64_t flush = key & STUD_FLUSH_CHECK;
    return flush ? STUD_LOW27_OF_HIGH[STUD_FLUSH[(bits >> stud_flush_shift(flush)) & 0x1FFF]]
                 : STUD_LOW27[stud_rank_slot(key)];
}

STUD_INLINE uint16_t stud_low27_slow(uint64_t bits) {
    uint64_t key[7], bit[7], all_key = STUD_KEY_INIT, all_bits = 0;
    int n = 0;
    for (bits &= 0x1FFF1FFF1FFF1FFFULL; bits && n < 7; bits &= bits - 1, n++) {
        int b = stud_ctz64(bits), card = 4 * (b & 15) + (b >> 4);
        key[n] = STUD_CARD_KEY[card];
        bit[n] = STUD_CARD_BIT[card];
        all_key += key[n];
        all_bits |= bit[n];
    }
    if (n <= 5) return stud_low27_five(all_key, all_bits);
    uint16_t best = 0, v;
    for (int i = 0; i < n; i++) {
        if (n == 6) {
            v = stud_low27_five(all_key - key[i], all_bits & ~bit[i]);
            best = v > best ? v : best;
        } else {
            for (int j = i + 1; j < n; j++) {
                v = stud_low27_five(all_key - key[i] - key[j], all_bits & ~bit[i] & ~bit[j]);
                best = v > best ? v : best;
            }
        }
    }
    return best;
}

STUD_INLINE uint16_t stud_low27_of(uint64_t key, uint64_t bits) {
    uint16_t low = STUD_LOW27[stud_rank_slot(key)];
    uint64_t flush = key & STUD_FLUSH_CHECK;
    if (STUD_UNLIKELY(flush)) {
        int shift = stud_flush_shift(flush);
        uint64_t others = bits & ~(0x1FFFULL << shift);
        unsigned other_ranks = (unsigned)((others | others >> 16 | others >> 32 | others >> 48) & 0x1FFF);
        unsigned ranks = STUD_LOW27_RANKS[low];
        if (ranks && !(ranks & other_ranks)) return stud_low27_slow(bits);
    }
    return low;
}

/* Deuce-to-seven low of a hand state holding 5, 6 or 7 cards. */
STUD_INLINE uint16_t stud_hand_low27(stud_hand h) { return stud_low27_of(h.key, h.bits); }

/* Deuce-to-seven low of 5, 6 or 7 valid, distinct cards. */
STUD_INLINE uint16_t stud_low27_cards(const uint8_t *cards, int n) {
    stud_hand h = STUD_EMPTY_HAND;
    for (int i = 0; i < n; i++) h = stud_hand_add(h, cards[i]);
    return stud_hand_low27(h);
}

/* Value of a hand state holding 5, 6 or 7 cards. */
STUD_INLINE uint16_t stud_hand_value(stud_hand h) {
    uint64_t flush = h.key & STUD_FLUSH_CHECK;
    uint32_t flush_index = STUD_FLUSH_BASE + (uint32_t)((h.bits >> stud_flush_shift(flush)) & 0x1FFF);
    return STUD_VALUE[flush ? flush_index : stud_rank_slot(h.key)];
}

/* Value of a flush hand from its cards, without the rank bits (the batch path skips them).
 * Bytes above 51 are passed over, so a bad row cannot index outside the table. */
STUD_INLINE uint16_t stud_flush_value(const uint8_t *cards, int n, uint64_t flush) {
    int suit = stud_flush_suit(flush);
    unsigned mask = 0;
    for (int i = 0; i < n; i++) {
        if (cards[i] < 52 && (cards[i] & 3) == suit) mask |= 1u << (cards[i] >> 2);
    }
    return STUD_FLUSH[mask];
}

/* Value of 5, 6 or 7 valid, distinct cards. */
STUD_INLINE uint16_t stud_eval_cards(const uint8_t *cards, int n) {
    uint64_t key = STUD_KEY_INIT;
    for (int i = 0; i < n; i++) key += STUD_CARD_KEY[cards[i]];
    uint64_t flush = key & STUD_FLUSH_CHECK;
    if (flush) return stud_flush_value(cards, n, flush);
    return stud_rank_value(key);
}

STUD_INLINE uint16_t stud_eval7(const uint8_t *c) {
    uint64_t key = STUD_KEY_INIT + STUD_CARD_KEY[c[0]] + STUD_CARD_KEY[c[1]] + STUD_CARD_KEY[c[2]] +
                   STUD_CARD_KEY[c[3]] + STUD_CARD_KEY[c[4]] + STUD_CARD_KEY[c[5]] + STUD_CARD_KEY[c[6]];
    uint64_t flush = key & STUD_FLUSH_CHECK;
    if (flush) return stud_flush_value(c, 7, flush);
    return stud_rank_value(key);
}

STUD_INLINE uint16_t stud_eval5(const uint8_t *c) {
    uint64_t key = STUD_KEY_INIT + STUD_CARD_KEY[c[0]] + STUD_CARD_KEY[c[1]] + STUD_CARD_KEY[c[2]] +
                   STUD_CARD_KEY[c[3]] + STUD_CARD_KEY[c[4]];
    uint64_t flush = key & STUD_FLUSH_CHECK;
    if (flush) return stud_flush_value(c, 5, flush);
    return stud_rank_value(key);
}

/* The value of a hand state holding 5, 6 or 7 cards, of one kind (STUD_KIND_*): what the
 * kernels that take the kind as a number (_matchups) read; 0 is no hand of the kind (low8). */
STUD_INLINE int stud_hand_kind_value(stud_hand h, int kind) {
    return kind == STUD_KIND_HIGH  ? stud_hand_value(h)
           : kind == STUD_KIND_LOW  ? stud_hand_low(h)
           : kind == STUD_KIND_LOW8 ? stud_hand_low8(h)
                                    : stud_hand_low27(h);
}

/* 0 when the row holds n distinct cards 0..51; otherwise 1 + the index of the first bad card. */
STUD_INLINE int stud_check_row(const uint8_t *cards, int n) {
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = 1ULL << (cards[i] & 63);
        if (cards[i] > 51 || (seen & bit)) return i + 1;
        seen |= bit;
    }
    return 0;
}

#endif
