/* The heads-up count against a player whose unknown cards are many (an opponent shown by up
 * cards only), exact, for studeval._unseen.
 *
 * Players A and B draw r_a and r_b cards from the n live cards (B the side with more
 * completions); the count is, over all disjoint pairs (a, b), how often A's hand beats and
 * ties B's. By inclusion-exclusion over the cards they would share, for each a
 *
 *     #{b disjoint from a : v(b) < x} = sum over S subset of a of (-1)^|S| #{b containing S : v(b) < x}
 *
 * and a sweep over values (A's completions queried at their value, B's inserted at theirs)
 * reads every inner count from a table, as in studeval._equity. What makes it fast is that
 * neither side is looked at card by card where the count cannot tell the difference:
 *
 *   - B's hand is worth g(its rank multiset) -- its best hand with suits ignored -- unless it
 *     holds a flush. So every b is first counted at g, by rank multiset: the b of multiset m
 *     containing a card set S number prod_r C(L_r - s_r, m_r - s_r) (L_r live cards of rank r,
 *     s_r of S's), which depends on S only through S's own rank multiset. That table has one
 *     entry per rank multiset of up to s = min(r_a, r_b) cards (2,380 for s = 4), and B's 12
 *     million completions on third street are some 18,000 rank multisets.
 *   - The b that make a flush (five of one suit t with B's known cards) are then moved from
 *     g to the flush's value: -1 at g and +1 at the flush's value. They are enumerated as
 *     patterns (the suit's ranks, the rank multiset of the other cards), classed by the same
 *     two things of S, in a table per suit; and the +1, which does not depend on the other
 *     cards, is one event per set of suited ranks in a second table that counts S's other
 *     cards by number only (C(L - k, o - k) of the o-card sets contain a given k cards).
 *   - A's completions at one value are aggregated before they are queried: the rank part of a
 *     query depends only on a's rank multiset, suit t's part only on a's t ranks and its other
 *     ranks. Each class present queries its sub-classes once, times the number of subsets of a
 *     that each stands for.
 *
 * Third street against a door card: 194,580 completions of A against 12,271,512 of B
 * (1.4e12 pairs) in about 55 ms of one core, against 1.3 s card by card. Razz (`low`) needs
 * only the first part, with the ace-to-five low for g and for A, and no flushes.
 *
 * A hi-lo pot takes the high hands' count and the lows' (UNSEEN_*: ace-to-five, or the
 * eight-or-better low plus one, so that "no low" ties "no low"), ranks only; and the scoops'
 * two-key count, unseen_both. Eight or better, the high hands' count is made apart for A's
 * completions with a low and without (`split`), and again against B's hands with a low only
 * (`b_low8`): the pairs where nobody has a low (the high takes the pot) and those where one
 * side alone has one (who has it scoops with the better high hand) are differences of these,
 * and unseen_both counts only the pairs where both have a low.
 */
#ifndef STUDEVAL_UNSEEN_H
#define STUDEVAL_UNSEEN_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "_eval.h"
#include "_combin.h"

#define UNSEEN_MAXV (STUD_HIGH_VALUES + 1) /* hand values (and lows) are below it */
#define UNSEEN_MAXR 7                      /* cards a player may still draw */

/* What a count compares (the `kind` of unseen_headsup). */
enum {
    UNSEEN_HIGH = 0,  /* high hands */
    UNSEEN_LOW = 1,   /* ace-to-five lows (razz; hi-lo with no qualifier) */
    UNSEEN_LOW8 = 2   /* eight-or-better lows plus one (1: no low) */
};

/* A growable array of events: B's insertions, each at a value. */
typedef struct {
    int64_t count, cap;
    uint16_t *value;
    int64_t *index;  /* a rank multiset (3 bits a rank) or a flush pattern */
    int64_t *weight; /* +1 or -1 */
} unseen_events;

static int unseen_push(unseen_events *e, int value, int64_t index, int64_t weight) {
    if (e->count == e->cap) {
        int64_t cap = e->cap ? 2 * e->cap : 4096;
        uint16_t *v = (uint16_t *)realloc(e->value, cap * sizeof(uint16_t));
        if (v) e->value = v;
        int64_t *i = (int64_t *)realloc(e->index, cap * sizeof(int64_t));
        if (i) e->index = i;
        int64_t *w = (int64_t *)realloc(e->weight, cap * sizeof(int64_t));
        if (w) e->weight = w;
        if (!v || !i || !w) return 1;
        e->cap = cap;
    }
    e->value[e->count] = (uint16_t)value;
    e->index[e->count] = index;
    e->weight[e->count] = weight;
    e->count++;
    return 0;
}

static void unseen_free_events(unseen_events *e) {
    free(e->value);
    free(e->index);
    free(e->weight);
    memset(e, 0, sizeof(*e));
}

/* A counting sort's placement moves each start[v] on to start[v + 1]: move them back. (The
 * placement fills in place of a copy of start: 60 KB on the stack would not fit a musl
 * thread's 128 KiB twice.) */
static void unseen_unshift(int64_t *start) {
    memmove(start + 1, start, UNSEEN_MAXV * sizeof(int64_t));
    start[0] = 0;
}

/* Events grouped by value: order[start[v] .. start[v + 1]) are the events at value v. */
static int unseen_group(const unseen_events *e, int64_t **order_out, int64_t *start) {
    int64_t *order = (int64_t *)malloc((e->count + 1) * sizeof(int64_t));
    if (!order) return 1;
    memset(start, 0, (UNSEEN_MAXV + 1) * sizeof(int64_t));
    for (int64_t i = 0; i < e->count; i++) start[e->value[i] + 1]++;
    for (int v = 1; v <= UNSEEN_MAXV; v++) start[v] += start[v - 1];
    for (int64_t i = 0; i < e->count; i++) order[start[e->value[i]]++] = i;
    unseen_unshift(start);
    *order_out = order;
    return 0;
}

typedef struct {
    int n, s, ra, rb;
    int kind;         /* UNSEEN_HIGH, ... */
    uint8_t live[64]; /* ascending, so the ranks of a subset come in order */
    int rank[64];     /* rank of each live position */
    int per_rank[13]; /* L_r */
    int64_t moff[9];  /* rank-multiset table offsets by size */
    /* flush tables, one block per suit: a card set S is classed, for suit t, by the ranks of
     * its t cards and the rank multiset of its other cards: block (i, k) for i t cards and k
     * others, C(13, i) x C(12 + k, k) entries */
    int64_t foff[9][9];
    int64_t fsize;      /* entries per suit */
    int64_t poff[9][9]; /* the second table (see UNSEEN_SUITED): block (i, k), C(13, i) entries */
    int64_t psize;
    int64_t pbase;    /* where it starts in the tables' one array */
    int nother[4];    /* live cards not of suit t */
    int other[4][13]; /* live cards of rank r not of suit t */
    int active;       /* suits in which B can make a flush (bit t) */
    int per_pattern;  /* each flush pattern of B moved on its own (+1 at the flush too), no
                         UNSEEN_SUITED events: every event then has one rank multiset */
    int b_low8;       /* B only where it has an eight-or-better low (each pattern on its own) */
    stud_hand known_b;
    uint16_t *g_of; /* g by the rank multiset of r_b cards */
    uint8_t *low8_of; /* with b_low8: whether B has an eight-or-better low, by the same */
    unseen_events rank_ev, flush_ev;
} unseen_ctx;

/* Whether the count `kind` compares high hands (suits count: flushes). */
static inline int unseen_suits(int kind) { return kind == UNSEEN_HIGH; }

/* The value of a hand of rank-slot key `key` and high value `high` (its flush if any; read
 * where unseen_suits) for the count `kind`. */
static inline int unseen_value(int kind, uint64_t key, int high) {
    if (kind == UNSEEN_HIGH) return high;
    uint16_t low = STUD_LOW[stud_rank_slot(key)];
    return kind == UNSEEN_LOW ? low : stud_low8_of_low(low) + 1;
}

/* ---- B at the rank level ------------------------------------------------------------------ */

/* Every rank multiset m of r_b live cards (m_r <= L_r), valued with suits ignored. */
static int unseen_multisets(unseen_ctx *c, int *m, int r, int left, int64_t ms_rank, int size, uint64_t key) {
    if (r == 13) {
        if (left) return 0;
        int value = unseen_value(c->kind, key, stud_rank_value(key));
        uint64_t packed = 0;
        for (int q = 0; q < 13; q++) packed |= (uint64_t)m[q] << (3 * q);
        c->g_of[ms_rank] = (uint16_t)value;
        if (c->b_low8) {
            c->low8_of[ms_rank] = stud_low8_of_low(STUD_LOW[stud_rank_slot(key)]) > 0;
            if (!c->low8_of[ms_rank]) return 0;
        }
        return value ? unseen_push(&c->rank_ev, value, (int64_t)packed, 1) : 0;
    }
    int64_t add = 0;
    for (int k = 0; k <= left && k <= c->per_rank[r]; k++) {
        if (k > 0) {
            add += STUD_BINOM[r + size + k - 1][size + k];
            key += STUD_CARD_KEY[4 * r];
        }
        m[r] = k;
        if (unseen_multisets(c, m, r + 1, left - k, ms_rank + add, size + k, key)) return 1;
    }
    m[r] = 0;
    return 0;
}

/* ---- B's flushes, by pattern ---------------------------------------------------------------- */

/* A pattern of b flushing in suit t: the ranks of its t cards (a 13-bit mask) and the rank
 * multiset of its other cards (3 bits a rank), packed with the suit into one int64. */
#define UNSEEN_PATTERN(suit, mask, other) ((int64_t)(suit) | ((int64_t)(mask) << 2) | ((int64_t)(other) << 15))
/* All the patterns with the suit's ranks `mask` and `others` other cards at once, at the
 * flush's value: counted in a second table by the suit's ranks of S and the number of S's
 * other cards, since C(L - k, others - k) of them contain a given set of k other cards. */
#define UNSEEN_SUITED(suit, mask, others) (UNSEEN_PATTERN(suit, mask, others) | ((int64_t)1 << 62))

/* rank of an ascending set of ranks (a mask) among the sets of its size */
static inline int64_t unseen_set_rank(unsigned mask) {
    int64_t rank = 0;
    int j = 0;
    for (int r = 0; r < 13; r++)
        if (mask >> r & 1) rank += STUD_BINOM[r][++j];
    return rank;
}

/* The patterns with `mask` as the suit's ranks and every multiset of `left` other ranks: -1
 * at g, and with per_pattern +1 at the flush's value `flush` (else one event for all the
 * patterns puts it there); with b_low8 only those where B has a low. */
static int unseen_flush_others(unseen_ctx *c, int suit, unsigned mask, int flush, int r, int left, uint64_t packed,
                               int *counts) {
    if (r == 13) {
        if (left) return 0;
        int64_t ms_rank = 0;
        int j = 0;
        for (int q = 0; q < 13; q++)
            for (int k = 0; k < counts[q]; k++, j++) ms_rank += STUD_BINOM[q + j][j + 1];
        int g = c->g_of[ms_rank];
        if (c->b_low8 && !c->low8_of[ms_rank]) return 0;
        if (c->per_pattern && unseen_push(&c->flush_ev, flush, UNSEEN_PATTERN(suit, mask, packed), 1)) return 1;
        return unseen_push(&c->flush_ev, g, UNSEEN_PATTERN(suit, mask, packed), -1);
    }
    for (int k = 0; k <= left && k <= c->other[suit][r]; k++) {
        counts[r] += k;
        int err = unseen_flush_others(c, suit, mask, flush, r + 1, left - k, packed | ((uint64_t)k << (3 * r)), counts);
        counts[r] -= k;
        if (err) return 1;
    }
    return 0;
}

/* Every pattern of b flushing in `suit`: j >= 5 - (B's known cards of the suit) of its cards. */
static int unseen_flushes(unseen_ctx *c, const uint8_t *known_b, int nb, int suit) {
    int have = 0, ranks[13], nr = 0, idx[8], counts[13];
    for (int i = 0; i < nb; i++) have += (known_b[i] & 3) == suit;
    for (int i = 0; i < c->n; i++)
        if ((c->live[i] & 3) == suit) ranks[nr++] = c->live[i] >> 2;
    for (int j = have >= 5 ? 0 : 5 - have; j <= c->rb && j <= nr; j++) {
        for (int x = 0; x < j; x++) idx[x] = x;
        for (;;) {
            unsigned mask = 0;
            stud_hand h = c->known_b;
            for (int x = 0; x < j; x++) {
                mask |= 1u << ranks[idx[x]];
                h = stud_hand_add(h, 4 * ranks[idx[x]] + suit);
            }
            for (int q = 0; q < 13; q++) counts[q] = mask >> q & 1;
            c->active |= 1 << suit;
            /* the flush's value is the same whatever the other cards: one event for all */
            int flush = stud_hand_value(h);
            if ((!c->per_pattern && unseen_push(&c->flush_ev, flush, UNSEEN_SUITED(suit, mask, c->rb - j), 1)) ||
                unseen_flush_others(c, suit, mask, flush, 0, c->rb - j, 0, counts))
                return 1;
            int d = j - 1;
            while (d >= 0 && idx[d] == nr - j + d) d--;
            if (d < 0) break;
            idx[d]++;
            for (int x = d + 1; x < j; x++) idx[x] = idx[x - 1] + 1;
        }
    }
    return 0;
}

/* The sub-multisets of the multiset `packed` (a count in 3 bits per rank) of at most
 * `maxsize` cards: their sizes, ranks among the multisets of their size, and weights:
 * prod_r C(avail_r - k_r, m_r - k_r) (the sets of the whole's multiset containing a given set
 * of the part's, from avail_r cards a rank), or with avail NULL prod_r C(m_r, k_r) (the sets of
 * the part's multiset inside a given set of the whole's). At most 128 of them. */
static int unseen_subs(uint64_t packed, int maxsize, const int *avail, int *osize, int64_t *orank, int64_t *oweight) {
    int nsz[128], ocount = 1;
    int64_t nrk[128], nwt[128];
    osize[0] = 0;
    orank[0] = 0;
    oweight[0] = 1;
    for (int r = 0; r < 13; r++) {
        int m = (int)(packed >> (3 * r) & 7);
        if (!m) continue;
        int cnt = 0;
        for (int x = 0; x < ocount; x++) {
            int64_t add = 0;
            for (int k = 0; k <= m && osize[x] + k <= maxsize; k++) {
                if (k > 0) add += STUD_BINOM[r + osize[x] + k - 1][osize[x] + k];
                nsz[cnt] = osize[x] + k;
                nrk[cnt] = orank[x] + add;
                nwt[cnt] = oweight[x] * (avail ? STUD_BINOM[avail[r] - k][m - k] : STUD_BINOM[m][k]);
                cnt++;
            }
        }
        ocount = cnt;
        memcpy(osize, nsz, cnt * sizeof(int));
        memcpy(orank, nrk, cnt * sizeof(int64_t));
        memcpy(oweight, nwt, cnt * sizeof(int64_t));
    }
    return ocount;
}

/* The subsets of at most s of the ranks in `mask`, each built from a smaller one plus a larger
 * rank: their sizes and colex ranks; returns how many (at most 128). */
static inline int unseen_rank_subsets(unsigned mask, int s, int *ssize, int64_t *srank) {
    int scount = 1;
    ssize[0] = 0;
    srank[0] = 0;
    for (int r = 0; r < 13; r++) {
        if (!(mask >> r & 1)) continue;
        int n0 = scount;
        for (int x = 0; x < n0; x++)
            if (ssize[x] < s) {
                ssize[scount] = ssize[x] + 1;
                srank[scount] = srank[x] + STUD_BINOM[r][ssize[x] + 1];
                scount++;
            }
    }
    return scount;
}

/* table[class of S] += sign * (b of the pattern containing S) for every class of card sets S
 * within the pattern, of at most s cards */
static inline void unseen_insert(const unseen_ctx *c, int32_t *tf, int64_t pattern, int32_t sign) {
    int suit = (int)(pattern & 3), s = c->s;
    unsigned mask = (unsigned)(pattern >> 2) & 0x1FFF;
    if (pattern >> 62 & 1) {
        int others = (int)((pattern >> 15) & 63);
        int32_t *table = tf + 4 * c->fsize + suit * c->psize;
        int ssize[128];
        int64_t srank[128];
        int scount = unseen_rank_subsets(mask, s, ssize, srank);
        for (int y = 0; y < scount; y++)
            for (int k = 0; ssize[y] + k <= s && k <= others; k++)
                table[c->poff[ssize[y]][k] + srank[y]] += sign * (int32_t)STUD_BINOM[c->nother[suit] - k][others - k];
        return;
    }
    uint64_t packed = ((uint64_t)pattern >> 15) & ((1ULL << 39) - 1);
    int32_t *table = tf + suit * c->fsize;
    int osize[128];
    int64_t orank[128], oweight[128];
    int ocount = unseen_subs(packed, s, c->other[suit], osize, orank, oweight);
    int ssize[128];
    int64_t srank[128];
    int scount = unseen_rank_subsets(mask, s, ssize, srank);
    for (int y = 0; y < scount; y++) {
        int i = ssize[y];
        for (int x = 0; x < ocount; x++) {
            int k = osize[x];
            if (i + k <= s)
                table[c->foff[i][k] + srank[y] * STUD_BINOM[12 + k][k] + orank[x]] += sign * (int32_t)oweight[x];
        }
    }
}

/* ---- A's side and the sweep ---------------------------------------------------------------- */

/* A's completions at one value, aggregated before they are queried: the rank-multiset part
 * of a query depends only on the completion's rank multiset, and suit t's flush part only on
 * its t ranks and the rank multiset of its other cards. So the completions are counted by
 * these classes, and each class present queries its sub-classes once, with the number of
 * subsets each stands for. */
typedef struct {
    int64_t msize;    /* rank multisets of r_a cards */
    int64_t csize;    /* classes of r_a cards for one suit */
    int64_t coff[9];  /* classes with i cards of the suit start at coff[i] */
    int32_t *count;   /* msize + 4 * csize counters */
    uint64_t *packed; /* per class: the suit's rank mask | the other ranks' counts << 13 */
    int64_t *touched;
} unseen_classes;

static int unseen_classes_init(unseen_classes *k, int ra) {
    k->msize = STUD_BINOM[12 + ra][ra];
    k->csize = 0;
    for (int i = 0; i <= ra; i++) {
        k->coff[i] = k->csize;
        k->csize += STUD_BINOM[13][i] * STUD_BINOM[12 + ra - i][ra - i];
    }
    int64_t total = k->msize + 4 * k->csize;
    k->count = (int32_t *)calloc(total, sizeof(int32_t));
    k->packed = (uint64_t *)malloc(total * sizeof(uint64_t));
    k->touched = (int64_t *)malloc(total * sizeof(int64_t));
    return !k->count || !k->packed || !k->touched;
}

static void unseen_classes_free(unseen_classes *k) {
    free(k->count);
    free(k->packed);
    free(k->touched);
}

/* A completion's classes (UNSEEN_IDS of them: its rank multiset, then its class for each
 * suit, -1 for a suit where B has no flush), from its code (its live positions, 6 bits
 * each), found once and kept: A's completions are queried several times. Each class's
 * packed ranks are noted in k for the queries. */
#define UNSEEN_IDS 5
static void unseen_class_ids(const unseen_ctx *c, unseen_classes *k, uint64_t code, int32_t *ids) {
    int ra = c->ra, q[UNSEEN_MAXR], u[UNSEEN_MAXR];
    int64_t ms = 0;
    uint64_t all = 0;
    for (int j = 0; j < ra; j++) {
        int p = (int)(code >> (6 * j) & 63);
        q[j] = c->rank[p];
        u[j] = c->live[p] & 3;
        ms += STUD_BINOM[q[j] + j][j + 1];
        all += (uint64_t)1 << (3 * q[j]);
    }
    k->packed[ms] = all;
    ids[0] = (int32_t)ms;
    for (int t = 0; t < 4; t++) {
        ids[1 + t] = -1;
        if (!(c->active >> t & 1)) continue;
        unsigned mask = 0;
        int h = 0, o = 0;
        int64_t srank = 0, orank = 0;
        uint64_t others = 0;
        for (int j = 0; j < ra; j++) {
            if (u[j] == t) {
                mask |= 1u << q[j];
                srank += STUD_BINOM[q[j]][++h];
            } else {
                orank += STUD_BINOM[q[j] + o][o + 1];
                o++;
                others += (uint64_t)1 << (3 * q[j]);
            }
        }
        int64_t e = k->msize + t * k->csize + k->coff[h] + srank * STUD_BINOM[12 + o][o] + orank;
        k->packed[e] = mask | (others << 13);
        ids[1 + t] = (int32_t)e;
    }
}

/* The table entries (and their signed multiplicities) that the queries of m of A's
 * completions read, given their classes (ids, UNSEEN_IDS each); returns how many were
 * written to idx/coef. */
static int64_t unseen_group_query(const unseen_ctx *c, unseen_classes *k, const int32_t *ids, int64_t m,
                                  int32_t *idx, int64_t *coef) {
    int s = c->s;
    int64_t nt = 0, w = 0, base = c->moff[s + 1];
    for (int64_t x = 0; x < UNSEEN_IDS * m; x++) {
        int32_t e = ids[x];
        if (e >= 0 && k->count[e]++ == 0) k->touched[nt++] = e;
    }
    int osize[128], ssize[128];
    int64_t orank[128], oweight[128], srank[128];
    for (int64_t y = 0; y < nt; y++) {
        int64_t e = k->touched[y], times = k->count[e];
        k->count[e] = 0;
        if (e < k->msize) {
            int n = unseen_subs(k->packed[e], s, NULL, osize, orank, oweight);
            for (int z = 0; z < n; z++) {
                idx[w] = (int32_t)(c->moff[osize[z]] + orank[z]);
                coef[w++] = (osize[z] & 1 ? -times : times) * oweight[z];
            }
            continue;
        }
        int t = (int)((e - k->msize) / k->csize);
        unsigned mask = (unsigned)(k->packed[e] & 0x1FFF);
        int n = unseen_subs(k->packed[e] >> 13, s, NULL, osize, orank, oweight);
        int ns = unseen_rank_subsets(mask, s, ssize, srank);
        int64_t block = base + t * c->fsize, pblock = c->pbase + t * c->psize;
        int na = 0;
        for (int r = 0; r < 13; r++) na += (int)(k->packed[e] >> (13 + 3 * r) & 7);
        for (int a = 0; a < ns; a++) {
            int i = ssize[a];
            for (int z = 0; z < n; z++) {
                int o = osize[z];
                if (i + o > s) continue;
                idx[w] = (int32_t)(block + c->foff[i][o] + srank[a] * STUD_BINOM[12 + o][o] + orank[z]);
                coef[w++] = ((i + o) & 1 ? -times : times) * oweight[z];
            }
            /* the second table: the other cards by number only, C(na, o) sets of o of them
             * (none when each pattern is moved on its own) */
            for (int o = 0; i + o <= s && o <= na && !c->per_pattern; o++) {
                idx[w] = (int32_t)(pblock + c->poff[i][o] + srank[a]);
                coef[w++] = ((i + o) & 1 ? -times : times) * STUD_BINOM[na][o];
            }
        }
    }
    return w;
}

/* The count's context: the live cards in order, the table offsets, B's known cards. 0, or 2
 * for a bad shape. */
static int unseen_ctx_init(unseen_ctx *c, const uint8_t *live_in, int n, const uint8_t *known_b, int nb, int ra,
                           int rb, int kind) {
    memset(c, 0, sizeof(*c));
    c->n = n;
    c->ra = ra;
    c->kind = kind;
    c->rb = rb;
    c->s = ra < rb ? ra : rb;
    /* ascending live cards */
    {
        uint64_t seen = 0;
        for (int i = 0; i < n; i++) seen |= 1ULL << live_in[i];
        int t = 0;
        for (int card = 0; card < 52; card++)
            if (seen >> card & 1) {
                c->live[t] = (uint8_t)card;
                c->rank[t] = card >> 2;
                c->per_rank[card >> 2]++;
                for (int u = 0; u < 4; u++) c->other[u][card >> 2] += (card & 3) != u;
                t++;
            }
        if (t != n) return 2;
    }
    c->moff[0] = 0;
    for (int k = 0; k <= c->s; k++) c->moff[k + 1] = c->moff[k] + STUD_BINOM[12 + k][k];
    c->fsize = 0;
    for (int i = 0; i <= c->s; i++)
        for (int k = 0; i + k <= c->s; k++) {
            c->foff[i][k] = c->fsize;
            c->fsize += STUD_BINOM[13][i] * STUD_BINOM[12 + k][k];
        }
    c->psize = 0;
    for (int i = 0; i <= c->s; i++)
        for (int k = 0; i + k <= c->s; k++) {
            c->poff[i][k] = c->psize;
            c->psize += STUD_BINOM[13][i];
        }
    for (int u = 0; u < 4; u++)
        for (int r = 0; r < 13; r++) c->nother[u] += c->other[u][r];
    c->known_b = STUD_EMPTY_HAND;
    for (int i = 0; i < nb; i++) c->known_b = stud_hand_add(c->known_b, known_b[i]);
    return 0;
}

/* B's event e (rank events first, then flush patterns) added to the table `sign` times. */
static void unseen_apply(const unseen_ctx *c, int32_t *tab, int64_t e, int32_t sign) {
    if (e < c->rank_ev.count) {
        int qsz[128];
        int64_t qrk[128], qwt[128];
        int n = unseen_subs((uint64_t)c->rank_ev.index[e], c->s, c->per_rank, qsz, qrk, qwt);
        for (int z = 0; z < n; z++) tab[c->moff[qsz[z]] + qrk[z]] += sign * (int32_t)qwt[z];
        return;
    }
    e -= c->rank_ev.count;
    unseen_insert(c, tab + c->moff[c->s + 1], c->flush_ev.index[e], sign * (int32_t)c->flush_ev.weight[e]);
}

/* B's events at value v (the side's event lists, grouped by value) inserted into its table: a
 * rank multiset m adds, for each sub-multiset of at most s cards, the number of b of
 * multiset m that contain a given set of it; a flush pattern the same by suit class. */
static void unseen_insert_value(const unseen_ctx *c, int32_t *tab, int v, const int64_t *r_start, const int64_t *r_order,
                                const int64_t *f_start, const int64_t *f_order) {
    for (int64_t i = r_start[v]; i < r_start[v + 1]; i++) unseen_apply(c, tab, r_order[i], 1);
    for (int64_t i = f_start[v]; i < f_start[v + 1]; i++) unseen_apply(c, tab, c->rank_ev.count + f_order[i], 1);
}

/* ---- A's completions ---------------------------------------------------------------------- */

/* A walk over A's completions (its known cards and each set of ra live cards, in lexicographic
 * order), the one loop of both counts:
 *     for (unseen_a_begin(&w, c, known_a, na, interrupted); unseen_a_next(&w, classes, ids);) ...
 * each step has the completion's hand at w.st[ra], its index w.idx and its classes written at
 * ids + UNSEEN_IDS * w.idx; w.stopped after the loop: `interrupted` said stop. */
typedef struct {
    const unseen_ctx *c;
    int (*interrupted)(void);
    int pos[UNSEEN_MAXR + 1], d, stopped;
    stud_hand st[UNSEEN_MAXR + 1];
    int64_t idx;
} unseen_a_walk;

STUD_INLINE void unseen_a_begin(unseen_a_walk *w, const unseen_ctx *c, const uint8_t *known_a, int na,
                                int (*interrupted)(void)) {
    w->c = c;
    w->interrupted = interrupted;
    w->st[0] = STUD_EMPTY_HAND;
    for (int i = 0; i < na; i++) w->st[0] = stud_hand_add(w->st[0], known_a[i]);
    w->pos[0] = w->d = w->stopped = 0;
    w->idx = -1;
}

/* 1 with the next completion, 0 after the last (or stopped: asked every 65536 completions). */
STUD_INLINE int unseen_a_next(unseen_a_walk *w, unseen_classes *classes, int32_t *ids) {
    int ra = w->c->ra, n = w->c->n, d = w->d;
    if (w->idx >= 0) {
        if (((w->idx + 1) & 0xFFFF) == 0 && w->interrupted && w->interrupted()) return !(w->stopped = 1);
        d = ra - 1;
        while (d >= 0 && w->pos[d] == n - ra + d) d--;
        if (d < 0) return 0;
        w->pos[d]++;
    }
    while (d < ra) {
        w->st[d + 1] = stud_hand_add(w->st[d], w->c->live[w->pos[d]]);
        d++;
        if (d < ra) w->pos[d] = w->pos[d - 1] + 1;
    }
    w->d = d;
    uint64_t code = 0;
    for (int j = 0; j < ra; j++) code |= (uint64_t)w->pos[j] << (6 * j);
    unseen_class_ids(w->c, classes, code, ids + UNSEEN_IDS * ++w->idx);
    return 1;
}

/* 0 on success, 1 out of memory, 2 bad shape, 3 stopped. Counts over all disjoint pairs of
 * completions: *a_wins pairs where A's hand is better, *b_wins worse, *ties equal.
 * `interrupted` (if not NULL) is asked every few milliseconds of work whether to stop (a
 * pending Ctrl-C).
 *
 * `split` (NULL, or the high hands only) also writes the three counts apart for A's
 * completions without an eight-or-better low (split[0..3)) and with one (split[3..6)), and
 * the same six against B's hands with an eight-or-better low only (split[6..12)): A's
 * completions at a value are queried in two groups, once for both of B's tables (the second
 * moves each flush pattern on its own, and holds only the hands with a low). A stud8 pot
 * takes its halves and scoops from these and the two-key count of the pairs where both have
 * a low (unseen_both), which are few. */
static int unseen_headsup(const uint8_t *live_in, int n, const uint8_t *known_a, int na, int ra, const uint8_t *known_b,
                          int nb, int rb, int64_t *a_wins, int64_t *b_wins, int64_t *ties, int (*interrupted)(void),
                          int kind, int64_t *split) {
    unseen_ctx c[2]; /* B: every hand; with split, its hands with a low */
    int err = 0, m[13];
    int nf = split ? 2 : 1, nkeys = nf * UNSEEN_MAXV; /* A sorted by value, then low or not */
    int nb_sides = split ? 2 : 1;                     /* B's tables */
    int64_t *a_start = NULL, *r_start[2] = {NULL, NULL}, *f_start[2] = {NULL, NULL};
    int64_t *r_order[2] = {NULL, NULL}, *f_order[2] = {NULL, NULL};
    int32_t *tab[2] = {NULL, NULL};
    int64_t less[2][2] = {{0, 0}, {0, 0}}, tie[2][2] = {{0, 0}, {0, 0}}, total_a; /* [side][flag] */
    int32_t *by_flag = NULL;
    int32_t *qidx = NULL;
    int64_t *qcoef = NULL;
    unseen_classes classes = {0};
    int32_t *a_ids = NULL;
    uint16_t *a_value = NULL;
    memset(c, 0, sizeof(c));
    if (n > 52 || ra < 0 || rb < 0 || ra > UNSEEN_MAXR || rb > UNSEEN_MAXR || ra + rb > n || kind < UNSEEN_HIGH ||
        kind > UNSEEN_LOW8 || (split && kind != UNSEEN_HIGH))
        return 2;
    for (int side = 0; side < nb_sides; side++)
        if (unseen_ctx_init(&c[side], live_in, n, known_b, nb, ra, rb, kind)) return 2;
    if (split) c[1].b_low8 = c[1].per_pattern = 1;

    a_start = (int64_t *)calloc(nkeys + 1, sizeof(int64_t));
    total_a = STUD_BINOM[n][ra];
    a_ids = (int32_t *)malloc(UNSEEN_IDS * total_a * sizeof(int32_t) + 8);
    a_value = (uint16_t *)malloc(total_a * sizeof(uint16_t) + 8);
    if (!a_start || !a_ids || !a_value || unseen_classes_init(&classes, ra)) {
        err = 1;
        goto done;
    }
    for (int side = 0; side < nb_sides; side++) {
        unseen_ctx *cs = &c[side];
        r_start[side] = (int64_t *)malloc((UNSEEN_MAXV + 1) * sizeof(int64_t));
        f_start[side] = (int64_t *)malloc((UNSEEN_MAXV + 1) * sizeof(int64_t));
        cs->g_of = (uint16_t *)calloc(STUD_BINOM[12 + rb][rb] + 1, sizeof(uint16_t));
        cs->low8_of = side ? (uint8_t *)calloc(STUD_BINOM[12 + rb][rb] + 1, 1) : NULL;
        /* entries count b's: at most C(52, 7) < 2^31 */
        cs->pbase = cs->moff[cs->s + 1] + 4 * cs->fsize;
        tab[side] = (int32_t *)calloc(cs->pbase + 4 * cs->psize + 1, sizeof(int32_t));
        if (!r_start[side] || !f_start[side] || !cs->g_of || (side && !cs->low8_of) || !tab[side]) {
            err = 1;
            goto done;
        }
        /* B at the rank level */
        memset(m, 0, sizeof(m));
        uint64_t key = STUD_KEY_INIT;
        for (int i = 0; i < nb; i++) key += STUD_CARD_KEY[known_b[i]];
        if ((err = unseen_multisets(cs, m, 0, rb, 0, 0, key))) goto done;
        /* B's flushes, suit by suit (two suits cannot both reach five in seven cards); a low
         * ignores suits, so razz has none */
        for (int suit = 0; suit < 4 && unseen_suits(kind); suit++)
            if ((err = unseen_flushes(cs, known_b, nb, suit))) goto done;
        if (unseen_group(&cs->rank_ev, &r_order[side], r_start[side]) ||
            unseen_group(&cs->flush_ev, &f_order[side], f_start[side])) {
            err = 1;
            goto done;
        }
    }

    /* A's completions, by value (counting sort) */
    {
        unseen_a_walk w;
        for (unseen_a_begin(&w, &c[0], known_a, na, interrupted); unseen_a_next(&w, &classes, a_ids);) {
            stud_hand h = w.st[ra];
            uint16_t v = (uint16_t)unseen_value(kind, h.key, unseen_suits(kind) ? stud_hand_value(h) : 0);
            if (split) v = (uint16_t)(2 * v + (stud_low8_of_low(STUD_LOW[stud_rank_slot(h.key)]) > 0));
            a_value[w.idx] = v;
            a_start[v + 1]++;
        }
        if (w.stopped) {
            err = 3;
            goto done;
        }
        for (int v = 1; v <= nkeys; v++) a_start[v] += a_start[v - 1];
        /* place in value order, in place of a copy: reuse a scratch array */
        int32_t *sorted = (int32_t *)malloc(UNSEEN_IDS * total_a * sizeof(int32_t) + 8);
        if (!sorted) {
            err = 1;
            goto done;
        }
        for (int64_t i = 0; i < total_a; i++)
            memcpy(sorted + UNSEEN_IDS * a_start[a_value[i]]++, a_ids + UNSEEN_IDS * i, UNSEEN_IDS * sizeof(int32_t));
        memmove(a_start + 1, a_start, nkeys * sizeof(int64_t));
        a_start[0] = 0;
        free(a_ids);
        a_ids = sorted;
    }

    /* the sweep: each value's completions of A are queried (their table entries listed
     * once, read in each of B's tables), B's events at the value inserted, and A's queried
     * again for the ties */
    int64_t chunk = 1, cap; /* the most completions of A queried at once; their entries */
    {
        for (int v = nf; v < nkeys; v++)
            if (a_start[v + 1] - a_start[v] > chunk) chunk = a_start[v + 1] - a_start[v];
        cap = chunk * (10 << ra) + 1;
        qidx = (int32_t *)malloc(nf * cap * sizeof(int32_t));
        qcoef = (int64_t *)malloc(nf * cap * sizeof(int64_t));
        if (!qidx || !qcoef) {
            err = 1;
            goto done;
        }
    }
    for (int v = 1; v < UNSEEN_MAXV; v++) {
        int64_t group[2][2] = {{0, 0}, {0, 0}}, w[2] = {0, 0};
        if ((v & 15) == 0 && interrupted && interrupted()) {
            err = 3;
            goto done;
        }
        int has_a = a_start[nf * v] != a_start[nf * v + nf], inserted = 0;
        for (int f = 0; f < nf; f++) {
            int64_t first = a_start[nf * v + f], count = a_start[nf * v + f + 1] - first;
            if (!count) continue;
            const int32_t *qi = qidx + f * cap;
            const int64_t *qc = qcoef + f * cap;
            w[f] = unseen_group_query(&c[0], &classes, a_ids + UNSEEN_IDS * first, count, qidx + f * cap, qcoef + f * cap);
            for (int side = 0; side < nb_sides; side++) {
                for (int64_t i = 0; i < w[f]; i++) group[side][f] += qc[i] * tab[side][qi[i]];
                less[side][f] += group[side][f];
            }
        }
        for (int side = 0; side < nb_sides; side++) {
            inserted |= r_start[side][v] != r_start[side][v + 1] || f_start[side][v] != f_start[side][v + 1];
            unseen_insert_value(&c[side], tab[side], v, r_start[side], r_order[side], f_start[side], f_order[side]);
        }
        if (has_a && inserted)
            for (int f = 0; f < nf; f++)
                for (int side = 0; side < nb_sides; side++) {
                    int64_t now = 0;
                    for (int64_t i = 0; i < w[f]; i++) now += qcoef[f * cap + i] * tab[side][qidx[f * cap + i]];
                    tie[side][f] += now - group[side][f];
                }
    }
    /* the pairs counted: against every B, each completion of A meets the same number; against
     * B's hands with a low, every A queried again: in chunks of any values, which share more
     * classes than one value */
    int64_t pairs[2][2] = {{0, 0}, {0, 0}};
    for (int f = 0; f < nf; f++)
        for (int v = 1; v < UNSEEN_MAXV; v++)
            pairs[0][f] += (a_start[nf * v + f + 1] - a_start[nf * v + f]) * STUD_BINOM[n - ra][rb];
    if (split) {
        /* A's classes apart by flag (keys 2 v and 2 v + 1), flag 0's first */
        int64_t to[2] = {0, 0};
        by_flag = (int32_t *)malloc(UNSEEN_IDS * total_a * sizeof(int32_t) + 8);
        if (!by_flag) {
            err = 1;
            goto done;
        }
        for (int v = 1; v < UNSEEN_MAXV; v++) to[1] += a_start[2 * v + 1] - a_start[2 * v];
        for (int v = 1; v < UNSEEN_MAXV; v++)
            for (int f = 0; f < 2; f++)
                for (int64_t i = a_start[2 * v + f]; i < a_start[2 * v + f + 1]; i++)
                    memcpy(by_flag + UNSEEN_IDS * to[f]++, a_ids + UNSEEN_IDS * i, UNSEEN_IDS * sizeof(int32_t));
        for (int f = 0; f < 2; f++)
            for (int64_t at = f ? to[0] : 0; at < to[f]; at += chunk) {
                int64_t count = to[f] - at < chunk ? to[f] - at : chunk;
                int64_t w = unseen_group_query(&c[0], &classes, by_flag + UNSEEN_IDS * at, count, qidx, qcoef);
                for (int64_t i = 0; i < w; i++) pairs[1][f] += qcoef[i] * tab[1][qidx[i]];
            }
    }
    *a_wins = less[0][0] + less[0][1];
    *ties = tie[0][0] + tie[0][1];
    *b_wins = pairs[0][0] + pairs[0][1] - *a_wins - *ties;
    for (int side = 0; side < 2 && split; side++)
        for (int f = 0; f < 2; f++) {
            int64_t *out = split + 6 * side + 3 * f;
            out[0] = less[side][f];
            out[1] = pairs[side][f] - less[side][f] - tie[side][f];
            out[2] = tie[side][f];
        }
done:
    free(a_start);
    for (int side = 0; side < 2; side++) {
        free(r_start[side]);
        free(f_start[side]);
        free(r_order[side]);
        free(f_order[side]);
        free(c[side].g_of);
        free(c[side].low8_of);
        free(tab[side]);
        unseen_free_events(&c[side].rank_ev);
        unseen_free_events(&c[side].flush_ev);
    }
    free(by_flag);
    free(qidx);
    free(qcoef);
    unseen_classes_free(&classes);
    free(a_ids);
    free(a_value);
    return err;
}

/* ---- Both keys at once: the scoops of a hi-lo pot ----------------------------------------- */

/* The low of a rank key for the two-key count, larger better: with a qualifier the
 * eight-or-better low (0: none, which beats nothing and ties none), else the ace-to-five low. */
static inline int unseen_low_of(int qualifier, uint64_t key) {
    uint16_t low = STUD_LOW[stud_rank_slot(key)];
    return qualifier ? stud_low8_of_low(low) : low;
}

/* Items (A's completions or B's events) ordered by value, as a counting sort: order[] lists
 * the items by ascending key[], stable. */
static void unseen_sort(const int32_t *key, int64_t count, int nkeys, const int64_t *in, int64_t *out, int64_t *start) {
    memset(start, 0, (nkeys + 1) * sizeof(int64_t));
    for (int64_t i = 0; i < count; i++) start[key[in ? in[i] : i] + 1]++;
    for (int v = 1; v <= nkeys; v++) start[v] += start[v - 1];
    for (int64_t i = 0; i < count; i++) {
        int64_t x = in ? in[i] : i;
        out[start[key[x]]++] = x;
    }
    memmove(start + 1, start, nkeys * sizeof(int64_t));
    start[0] = 0;
}

/* One side of a block's pass: A's completions or B's events, and their high values. */
typedef struct {
    int64_t count;
    int64_t *item; /* A: a completion (its classes at ids + UNSEEN_IDS * item); B: an event */
    int32_t *value;
} unseen_list;

/* The pairs of a block where A (from `a`) beats B (from `b`) on the high: B's events of lower
 * value inserted before each value's completions of A are queried; or, `down`, the pairs
 * where B beats A, B's events of higher value first. The table (all zeros) is left so. */
static int64_t unseen_block_pass(const unseen_ctx *c, unseen_classes *k, int32_t *tab, const unseen_list *a,
                                 const unseen_list *b, int down, const int32_t *ids, int32_t *gids, int32_t *qidx,
                                 int64_t *qcoef) {
    int64_t got = 0, j = 0;
    for (int64_t i = 0; i < a->count;) {
        int64_t x = down ? a->count - 1 - i : i; /* positions counted from the end going down */
        int32_t v = a->value[x];
        int64_t m = 1;
        while (i + m < a->count && a->value[down ? x - m : x + m] == v) m++;
        for (; j < b->count; j++) {
            int64_t y = down ? b->count - 1 - j : j;
            if (down ? b->value[y] <= v : b->value[y] >= v) break;
            unseen_apply(c, tab, b->item[y], 1);
        }
        if (j) {
            const int64_t *group = a->item + (down ? x - m + 1 : x);
            for (int64_t z = 0; z < m; z++)
                memcpy(gids + UNSEEN_IDS * z, ids + UNSEEN_IDS * group[z], UNSEEN_IDS * sizeof(int32_t));
            int64_t w = unseen_group_query(c, k, gids, m, qidx, qcoef);
            for (int64_t z = 0; z < w; z++) got += qcoef[z] * tab[qidx[z]];
        }
        i += m;
    }
    /* the table back to zeros: cleared whole when the events took more updates (about a
     * hundred each) than it has entries, else each event taken off again */
    int64_t size = c->moff[c->s + 1] + 4 * c->fsize;
    if (100 * j > size)
        memset(tab, 0, size * sizeof(int32_t));
    else
        for (int64_t y = 0; y < j; y++) unseen_apply(c, tab, b->item[down ? b->count - 1 - y : y], -1);
    return got;
}

/* 0 on success, 1 out of memory, 2 bad shape, 3 stopped. Over all disjoint pairs of
 * completions: *a_both the pairs where A's hand beats B's on the high and on the low, *b_both
 * where B's beats A's on both (the low: eight or better with `qualifier`, else ace-to-five).
 *
 * B's rank multisets and flush patterns are each one event, at their high value and with
 * their low (which ignores suits: the pattern's rank multiset has it); A's completions the
 * same. A divide and conquer over the lows (in order, those present) counts the pairs by the
 * level at which their lows part: at each level the lows are cut in blocks, each block in
 * halves, and the pairs of a block with A's low in its upper half and B's in its lower half
 * beat on the low already, so they need only A's high above B's: one restricted sweep of the
 * count (and the same with the halves swapped for B). Each completion and event takes part in
 * one sweep a level: log2(lows) levels.
 *
 * With `qualifier` only the pairs where both hands have a low are counted: a hand with a low
 * beats one without on the low already, so those pairs need the high alone, and the split
 * counts of unseen_headsup give them (most hands have no eight-or-better low: against a door
 * card, one in nine of B's events has one). */
static int unseen_both(const uint8_t *live_in, int n, const uint8_t *known_a, int na, int ra, const uint8_t *known_b,
                       int nb, int rb, int qualifier, int64_t *a_both, int64_t *b_both, int (*interrupted)(void)) {
    unseen_ctx c;
    int err = 0, m[13], nlow = 0;
    int32_t *tab = NULL, *a_value = NULL, *a_low = NULL, *b_value = NULL, *b_low = NULL, *block = NULL;
    int32_t *qidx = NULL, *low_rank = NULL, *a_ids = NULL, *gids = NULL;
    int64_t *qcoef = NULL, *a_by = NULL, *b_by = NULL, *a_ord = NULL, *b_ord = NULL, *start = NULL, *bstart = NULL;
    int64_t total_a = 0, nev = 0, wins[2] = {0, 0};
    int64_t *keep = NULL;
    int32_t *keepv = NULL;
    unseen_classes classes = {0};
    memset(&c, 0, sizeof(c));
    if (n > 52 || ra < 0 || rb < 0 || ra > UNSEEN_MAXR || rb > UNSEEN_MAXR || ra + rb > n) return 2;
    if (unseen_ctx_init(&c, live_in, n, known_b, nb, ra, rb, UNSEEN_HIGH)) return 2;
    c.per_pattern = 1;
    c.b_low8 = qualifier; /* eight or better only B's hands with a low take part (see above) */
    uint64_t key_b = STUD_KEY_INIT;
    for (int i = 0; i < nb; i++) key_b += STUD_CARD_KEY[known_b[i]];
    total_a = STUD_BINOM[n][ra];
    c.g_of = (uint16_t *)calloc(STUD_BINOM[12 + rb][rb] + 1, sizeof(uint16_t));
    c.low8_of = (uint8_t *)calloc(STUD_BINOM[12 + rb][rb] + 1, 1);
    tab = (int32_t *)calloc(c.moff[c.s + 1] + 4 * c.fsize + 1, sizeof(int32_t));
    a_ids = (int32_t *)malloc(UNSEEN_IDS * total_a * sizeof(int32_t) + 8);
    a_value = (int32_t *)malloc(total_a * sizeof(int32_t) + 8);
    a_low = (int32_t *)malloc(total_a * sizeof(int32_t) + 8);
    a_by = (int64_t *)malloc(total_a * sizeof(int64_t) + 8);
    a_ord = (int64_t *)malloc(total_a * sizeof(int64_t) + 8);
    low_rank = (int32_t *)calloc(UNSEEN_MAXV + 1, sizeof(int32_t));
    start = (int64_t *)malloc((UNSEEN_MAXV + 2) * sizeof(int64_t));
    bstart = (int64_t *)malloc((UNSEEN_MAXV + 2) * sizeof(int64_t));
    if (!c.g_of || !c.low8_of || !tab || !a_ids || !a_value || !a_low || !a_by || !a_ord || !low_rank || !start ||
        !bstart || unseen_classes_init(&classes, ra)) {
        err = 1;
        goto done;
    }
    /* B: its rank multisets, then its flush patterns (each moved from g to the flush) */
    memset(m, 0, sizeof(m));
    if ((err = unseen_multisets(&c, m, 0, rb, 0, 0, key_b))) goto done;
    for (int suit = 0; suit < 4; suit++)
        if ((err = unseen_flushes(&c, known_b, nb, suit))) goto done;
    nev = c.rank_ev.count + c.flush_ev.count;
    b_value = (int32_t *)malloc(nev * sizeof(int32_t) + 8);
    b_low = (int32_t *)malloc(nev * sizeof(int32_t) + 8);
    b_by = (int64_t *)malloc(nev * sizeof(int64_t) + 8);
    b_ord = (int64_t *)malloc(nev * sizeof(int64_t) + 8);
    if (!b_value || !b_low || !b_by || !b_ord) {
        err = 1;
        goto done;
    }
    for (int64_t e = 0; e < nev; e++) {
        int flush = e >= c.rank_ev.count;
        int64_t index = flush ? c.flush_ev.index[e - c.rank_ev.count] : c.rank_ev.index[e];
        uint64_t packed = flush ? (uint64_t)index >> 15 & ((1ULL << 39) - 1) : (uint64_t)index;
        unsigned mask = flush ? (unsigned)(index >> 2) & 0x1FFF : 0;
        uint64_t key = key_b;
        for (int r = 0; r < 13; r++)
            key += ((packed >> (3 * r) & 7) + (mask >> r & 1)) * STUD_CARD_KEY[4 * r];
        b_value[e] = flush ? c.flush_ev.value[e - c.rank_ev.count] : c.rank_ev.value[e];
        b_low[e] = unseen_low_of(qualifier, key);
    }
    /* A's completions */
    {
        unseen_a_walk w;
        for (unseen_a_begin(&w, &c, known_a, na, interrupted); unseen_a_next(&w, &classes, a_ids);) {
            a_value[w.idx] = stud_hand_value(w.st[ra]);
            a_low[w.idx] = unseen_low_of(qualifier, w.st[ra].key);
        }
        if (w.stopped) {
            err = 3;
            goto done;
        }
    }
    /* both sides by high value, once */
    unseen_sort(a_value, total_a, UNSEEN_MAXV, NULL, a_by, start);
    int64_t chunk = 1; /* the most completions of A queried at once */
    for (int v = 0; v < UNSEEN_MAXV; v++)
        if (start[v + 1] - start[v] > chunk) chunk = start[v + 1] - start[v];
    unseen_sort(b_value, nev, UNSEEN_MAXV, NULL, b_by, start);
    {
        int64_t cap = chunk * (10 << ra) + 1;
        qidx = (int32_t *)malloc(cap * sizeof(int32_t));
        qcoef = (int64_t *)malloc(cap * sizeof(int64_t));
        keep = (int64_t *)malloc((2 * total_a + 2 * nev) * sizeof(int64_t) + 8);
        gids = (int32_t *)malloc(UNSEEN_IDS * chunk * sizeof(int32_t) + 8);
        keepv = (int32_t *)malloc((2 * total_a + 2 * nev) * sizeof(int32_t) + 8);
        block = (int32_t *)malloc((total_a > nev ? total_a : nev) * sizeof(int32_t) + 8);
        if (!qidx || !qcoef || !keep || !keepv || !block || !gids) {
            err = 1;
            goto done;
        }
    }
    /* the completions and events the levels sort: with a qualifier only the pairs where both
     * have a low (see above; B's events are only those already) */
    int64_t na_sel = total_a, nb_sel = nev;
    if (qualifier) {
        na_sel = 0;
        for (int64_t i = 0; i < total_a; i++)
            if (a_low[a_by[i]] > 0) a_by[na_sel++] = a_by[i];
    }
    /* the lows present among them, in order */
    for (int64_t i = 0; i < na_sel; i++) low_rank[a_low[a_by[i]]] = 1;
    for (int64_t e = 0; e < nb_sel; e++) low_rank[b_low[b_by[e]]] = 1;
    for (int v = 0; v <= UNSEEN_MAXV; v++)
        if (low_rank[v]) low_rank[v] = nlow++;
    for (int64_t i = 0; i < na_sel; i++) a_low[a_by[i]] = low_rank[a_low[a_by[i]]];
    for (int64_t e = 0; e < nb_sel; e++) b_low[b_by[e]] = low_rank[b_low[b_by[e]]];
    /* the levels: blocks of 2 * half lows, a block's lower half [0, half), upper [half, 2 half) */
    for (int half = 1; half < nlow; half *= 2) {
        int nblocks = (nlow + 2 * half - 1) / (2 * half);
        for (int64_t i = 0; i < na_sel; i++) block[a_by[i]] = a_low[a_by[i]] / (2 * half);
        unseen_sort(block, na_sel, nblocks, a_by, a_ord, start);
        for (int64_t e = 0; e < nb_sel; e++) block[b_by[e]] = b_low[b_by[e]] / (2 * half);
        unseen_sort(block, nb_sel, nblocks, b_by, b_ord, bstart);
        for (int j = 0; j < nblocks; j++) {
            if (interrupted && interrupted()) {
                err = 3;
                goto done;
            }
            /* the block's A and B, each split by half, still by high value */
            unseen_list list[4]; /* A lower, A upper, B lower, B upper */
            int64_t *item = keep;
            int32_t *value = keepv;
            for (int h = 0; h < 4; h++) {
                const int64_t *ord = h < 2 ? a_ord : b_ord;
                const int64_t *st_ = h < 2 ? start : bstart;
                const int32_t *low = h < 2 ? a_low : b_low;
                list[h].item = item;
                list[h].value = value;
                list[h].count = 0;
                for (int64_t i = st_[j]; i < st_[j + 1]; i++) {
                    int64_t x = ord[i];
                    if ((low[x] / half & 1) != (h & 1)) continue;
                    item[list[h].count] = x;
                    value[list[h].count++] = h < 2 ? a_value[x] : b_value[x];
                }
                item += list[h].count;
                value += list[h].count;
            }
            wins[0] += unseen_block_pass(&c, &classes, tab, &list[1], &list[2], 0, a_ids, gids, qidx, qcoef);
            wins[1] += unseen_block_pass(&c, &classes, tab, &list[0], &list[3], 1, a_ids, gids, qidx, qcoef);
        }
    }
    *a_both = wins[0];
    *b_both = wins[1];
done:
    free(c.g_of);
    free(c.low8_of);
    free(tab);
    free(a_ids);
    free(gids);
    free(a_value);
    free(a_low);
    free(a_by);
    free(a_ord);
    free(b_value);
    free(b_low);
    free(b_by);
    free(b_ord);
    free(low_rank);
    free(start);
    free(bstart);
    free(qidx);
    free(qcoef);
    free(keep);
    free(keepv);
    free(block);
    unseen_classes_free(&classes);
    unseen_free_events(&c.rank_ev);
    unseen_free_events(&c.flush_ev);
    return err;
}

#endif
