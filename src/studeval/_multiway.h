/* Exact three-way stud equity: counts over all ordered triples of pairwise disjoint
 * completions (studeval._multiway).
 *
 * What is counted. Players X, Y, Z draw r_x, r_y, r_z cards from the n live cards; a
 * completion is an r-card subset, its key the value of the finished hand (higher is better).
 * A deal is an ordered triple (x, y, z) of pairwise disjoint completions, so there are
 * C(n, r_x) C(n - r_x, r_y) C(n - r_x - r_y, r_z) deals, each as likely as any other.
 *
 * For each player in turn as X (the others Y and Z) two numbers are counted:
 *     L_X = #{deals: key(y) <  key(x), key(z) <  key(x)}   (X wins alone)
 *     E_X = #{deals: key(y) <= key(x), key(z) <= key(x)}   (X has the best hand, maybe shared)
 * and every outcome follows: X, Y, Z win L_X, L_Y, L_Z deals; with D the deals and
 * M = D - L_X - L_Y - L_Z the deals with a shared best hand, the three-way ties number
 * (E_X - L_X) + (E_Y - L_Y) + (E_Z - L_Z) - 2 M, and the two-way tie of Y and Z (X below)
 * numbers M - (E_X - L_X), and so on round the players.
 *
 * The pairs (y, z) that avoid a fixed x and each other. Inclusion-exclusion over the cards
 * S = y & z that y and z would share (the complement of x holds S):
 *     #{(y, z) pairwise disjoint with x, in Y' and Z'} = sum over S disjoint from x of
 *         (-1)^|S| g_Y(S) g_Z(S),    g_Y(S) = #{y in Y': y contains S, y misses x}
 * and, by inclusion-exclusion over the cards T of x that y would hold,
 *     g_Y(S) = sum over T subset of x of (-1)^|T| f_Y(S | T),   f_Y(U) = #{y in Y': y contains U}.
 * Y' is "key below key(x)" (for L) or "at most key(x)" (for E). Sweeping X's completions in key
 * order, with every completion of Y and Z of a lower key (then of an equal key) inserted in
 * f_Y and f_Z (a completion adds 1 at each of its 2^r subsets: _subsets.h), each x is one sum
 * over the subsets S of its complement of up to min(r_y, r_z) cards.
 *
 * Four ways to sum the terms of one size k = |S| (r_y = r_z = r; other draws use the first):
 *
 * - k <= r - 3 (k <= r - 2 when r < 4), directly (mw_generic): for each x and each S missing x,
 *   g_Y(S) and g_Z(S) are sums of table reads at S | T; the rank of S | T in the tables'
 *   numbering comes from S's and x's cards, and S's lowest card sweeps the complement so each
 *   table is read nearly in order. The four tables (f_Y, f_Z; below and up to) are interleaved,
 *   so one index and one 16-byte load serve all four.
 * - k = r - 2 when r >= 4, set by set (mw_pair_chunk): for a fixed S the completions of Y and
 *   Z holding it are S plus a pair (C(n - k, 2) of them), so f(S | T) is a table of the subsets
 *   T of up to two cards (15 KB: first-level cache), and X's completions missing S are swept
 *   in key order against it: the same terms as the direct sum's, summed S-major instead of
 *   x-major. On third street this was the direct part's k = 2 term, 80 % of the reads.
 * - k = r, a joint table: S is a whole completion of both, so g_Y(S) g_Z(S) is 1 when S, as
 *   Y's completion and as Z's, is below x: the term counts the r-sets S missing x whose joint
 *   key max(key_Y(S), key_Z(S)) is below key(x): one more swept table of the subsets of those
 *   S, read at the subsets of x (the heads-up count's query, _subsets.h).
 * - k = r - 1, listed (mw_dual_chunk): the pairs (y, z) = (S + p, S + q) are few (C(n, r - 1)
 *   n^2), so the term is summed over them instead of over x, against a table of X's
 *   completions above the pair's key (a downward sweep); pairs with the same y and q share
 *   their cards y + q and one table query.
 *
 * Cost (threeway_work counts it). Per x, the direct part reads
 * 4 sum_{k <= r - 3} C(n - r_x, k) #{T subset of x: |T| <= r - k} table entries; the set-by-set
 * part per S tests C(n, r_x) masks and reads C(n - r + 2, r_x) (1 + r_x + C(r_x, 2)) entries;
 * the listed part does about 2 c (n - r) (r + 2 * 2^(r + 1)) steps per player as X, c = C(n, r):
 *   fourth street (n = 40, r = 3): 1.0e8 reads in all: 0.1 CPU s;
 *   third street (n = 43, r = 4): 6.2e9: 6.1 CPU s here under load (2026-12-07; 14.6 CPU s
 *     before the set-by-set part and the interleaved tables), of it the set-by-set part about
 *     3 s (3.4e9), the listed part 2.0 s (1.9e9), the direct part 1.1 s (0.9e9).
 * The set-by-set part grows as C(n, r - 2) C(n, r_x) 11, so each street earlier costs about
 * n^2 / r^2 more per player: second street (r = 5) is ~190x third street. A fourth
 * player needs three pairwise shared sets per pair of completions (S_xy, S_xz, S_yz): sums
 * over pairs of such sets, C(n, r) times more terms per completion; out of reach beyond the
 * late streets, which the enumeration kernels already count.
 *
 * Hi-lo pots (threeway_hilo_counts, _multiway.pyx). The same count over a family of each
 * player's completions (as X one family, as Y and Z another: the tables are built from the
 * family alone, so the inclusion-exclusion counts the triples of the families; an outsider
 * gets key 0 as X and MW_TOP as Y or Z, which every part skips) gives the high hands over the
 * deals where nobody has an eight-or-better low and the number of those deals. The scoops
 * (X above Y and Z on both keys) are the sum over X's low values t of the count of X's
 * completions with low t against Y's and Z's with a low below t, by the high key; its listed
 * pairs (k = r - 1) are one pass for every t at once (mw_dual_low_chunk: an object meets the
 * x's above it on both keys, from X tables kept per low level), as its other parts cannot be:
 * they multiply g_Y(S) by g_Z(S), both cut at the same t.
 *
 * Parallel work: X's completions (in key order) are cut into chunks, and so are the keys of
 * the listed part and the shared sets of the set-by-set part; a chunk builds its own tables
 * from the completions below (above) its keys (c 2^r adds) and sweeps on, so chunks run on any
 * thread. Memory: per chunk in flight 4 int32 tables of sum_{k <= r} C(n, k) entries and 2 of
 * the joint's (third street: 6 * 137k * 4 bytes = 3.3 MB); a set-by-set chunk keeps X's
 * completions in key order (20 bytes each: 2.5 MB on third street); shared: per player c keys
 * and ranks (6 bytes each), the codes of the completions (8 bytes each), the joint lists of the
 * three pairs (14 c bytes each): about 50 c bytes, 6 MB on third street; MAX_COMPLETIONS
 * (_multiway.pyx) caps c at 2,000,000 (100 MB).
 */
#ifndef STUD_MULTIWAY_H
#define STUD_MULTIWAY_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_combin.h"
#include "_eval.h"
#include "_subsets.h"

#define MW_PLAYERS 3
#define MW_MAXR 7
#define MW_KEYS 7464 /* keys are 1..7462 (high, deuce-to-seven low) or 1..6175 (ace-to-five low) */
/* Keys no hand has, which put a completion out of a restricted count (the hi-lo counts: a
 * family of each player's completions): 0 for X (nothing is below it), MW_TOP for Y and Z
 * (never below or at X's key). */
#define MW_TOP (MW_KEYS - 1)

/* How a finished hand is keyed: high hand, ace-to-five low, deuce-to-seven low. */
enum { MW_KIND_HIGH = 0, MW_KIND_LOW = 1, MW_KIND_LOW27 = 2 };

/* Completions (r-card subsets of the live positions, by combinatorial rank) with a key each,
 * and their ranks in key order: key v's are order[start[v] .. start[v + 1]). */
typedef struct {
    int r; /* -1: no list */
    int64_t count;
    uint16_t *key;  /* by rank */
    int32_t *order; /* ranks by key */
    int64_t *start; /* MW_KEYS + 1 entries */
} mw_list;

typedef struct {
    int n;
    int r[MW_PLAYERS];
    uint64_t *codes[MW_MAXR + 1]; /* codes[r][rank]: the positions, 6 bits each, increasing */
    mw_list side[MW_PLAYERS];
    mw_list joint[MW_PLAYERS];   /* joint[i]: the other two's common r-sets, keyed by the larger key */
    int64_t offset[MW_MAXR + 2]; /* subsets of k positions are numbered from offset[k] */
    /* the scoops' per-low counts (mw_pairs_fill): each player's completions holding each
     * shared set of the set-by-set part, listed and sorted once (pair_entry, as mw_pairs_of
     * lists them, with each one's low in pair_low), taken where the low is in
     * [pair_lo, pair_hi); NULL: listed from the side's keys */
    const uint32_t *pair_entry[MW_PLAYERS];
    const uint16_t *pair_low[MW_PLAYERS];
    int pair_lo[MW_PLAYERS], pair_hi[MW_PLAYERS];
} mw_deal;

STUD_HOT int64_t mw_binom(int n, int k) { return (k < 0 || k > n) ? 0 : STUD_BINOM[n][k]; }

/* Combinatorial rank of the positions in a code (r of them, increasing). */
STUD_HOT int64_t mw_code_rank(uint64_t code, int r) {
    int64_t rank = 0;
    for (int j = 0; j < r; j++) rank += STUD_BINOM[(code >> (6 * j)) & 63][j + 1];
    return rank;
}

/* The codes of every r-subset of n positions in rank order (colexicographic order). */
static uint64_t *mw_make_codes(int n, int r) {
    int64_t count = mw_binom(n, r);
    uint64_t *codes = (uint64_t *)malloc((size_t)count * sizeof(uint64_t) + 8);
    int c[MW_MAXR + 1];
    if (codes == NULL) return NULL;
    for (int j = 0; j < r; j++) c[j] = j;
    c[r] = n; /* sentinel */
    for (int64_t s = 0; s < count; s++) {
        uint64_t code = 0;
        for (int j = 0; j < r; j++) code |= (uint64_t)c[j] << (6 * j);
        codes[s] = code;
        /* next in colex order: raise the first position that can rise, reset those below */
        for (int j = 0; j < r; j++) {
            if (c[j] + 1 < c[j + 1]) {
                c[j]++;
                for (int i = 0; i < j; i++) c[i] = i;
                break;
            }
        }
    }
    return codes;
}

/* Sort a list's ranks by key (counting sort); 1 if out of memory. */
static int mw_sort(mw_list *list) {
    int64_t *fill = (int64_t *)calloc(MW_KEYS + 1, sizeof(int64_t));
    list->start = (int64_t *)calloc(MW_KEYS + 1, sizeof(int64_t));
    list->order = (int32_t *)malloc((size_t)list->count * sizeof(int32_t) + 8);
    if (fill == NULL || list->start == NULL || list->order == NULL) {
        free(fill);
        return 1;
    }
    for (int64_t s = 0; s < list->count; s++) list->start[list->key[s] + 1]++;
    for (int v = 0; v < MW_KEYS; v++) list->start[v + 1] += list->start[v];
    for (int64_t s = 0; s < list->count; s++) {
        int v = list->key[s];
        list->order[list->start[v] + fill[v]++] = (int32_t)s;
    }
    free(fill);
    return 0;
}

static void mw_free(mw_deal *d) {
    for (int i = 0; i < MW_PLAYERS; i++) {
        mw_list *lists[2] = {&d->side[i], &d->joint[i]};
        for (int j = 0; j < 2; j++) {
            free(lists[j]->key);
            free(lists[j]->order);
            free(lists[j]->start);
        }
    }
    for (int r = 0; r <= MW_MAXR; r++) free(d->codes[r]);
    memset(d, 0, sizeof(*d));
}

/* The joint list of player i as X: the other two's common r-sets (when they draw alike),
 * keyed by the larger of their two keys; r = -1 when they draw differently. 0, or 1 if out of
 * memory (the list's arrays are freed by mw_free / mw_list_free). */
static int mw_make_joint(const mw_deal *d, int i, mw_list *joint) {
    const mw_list *y = &d->side[(i + 1) % 3], *z = &d->side[(i + 2) % 3];
    memset(joint, 0, sizeof(*joint));
    joint->r = -1;
    if (y->r != z->r) return 0;
    joint->r = y->r;
    joint->count = y->count;
    joint->key = (uint16_t *)malloc((size_t)joint->count * sizeof(uint16_t) + 8);
    if (joint->key == NULL) return 1;
    for (int64_t s = 0; s < joint->count; s++) joint->key[s] = y->key[s] > z->key[s] ? y->key[s] : z->key[s];
    return mw_sort(joint);
}

/* Set up a deal: live cards, each player's known cards and draws, the key kind. 0 on success,
 * 1 if out of memory (then nothing is left allocated). The caller checked the cards. */
static int mw_setup(mw_deal *d, const uint8_t *live, int n, const uint8_t *const *known, const int *nknown,
                    const int *draws, int kind) {
    memset(d, 0, sizeof(*d));
    d->n = n;
    d->offset[0] = 0;
    for (int k = 0; k <= MW_MAXR; k++) d->offset[k + 1] = d->offset[k] + mw_binom(n, k);
    for (int i = 0; i < MW_PLAYERS; i++) {
        int r = draws[i];
        d->r[i] = r;
        if (d->codes[r] == NULL && (d->codes[r] = mw_make_codes(n, r)) == NULL) goto oom;
        /* the shared sets of the k = r - 2 term (mw_pair_chunk) */
        if (r >= 3 && d->codes[r - 2] == NULL && (d->codes[r - 2] = mw_make_codes(n, r - 2)) == NULL) goto oom;
    }
    for (int i = 0; i < MW_PLAYERS; i++) {
        mw_list *side = &d->side[i];
        int r = d->r[i];
        stud_hand base = STUD_EMPTY_HAND;
        for (int j = 0; j < nknown[i]; j++) base = stud_hand_add(base, known[i][j]);
        side->r = r;
        side->count = mw_binom(n, r);
        side->key = (uint16_t *)malloc((size_t)side->count * sizeof(uint16_t) + 8);
        if (side->key == NULL) goto oom;
        for (int64_t s = 0; s < side->count; s++) {
            stud_hand h = base;
            uint64_t code = d->codes[r][s];
            for (int j = 0; j < r; j++) h = stud_hand_add(h, live[(code >> (6 * j)) & 63]);
            side->key[s] = kind == MW_KIND_LOW     ? stud_hand_low(h)
                           : kind == MW_KIND_LOW27 ? stud_hand_low27(h)
                                                   : stud_hand_value(h);
        }
        if (mw_sort(side)) goto oom;
    }
    for (int i = 0; i < MW_PLAYERS; i++)
        if (mw_make_joint(d, i, &d->joint[i])) goto oom;
    return 0;
oom:
    mw_free(d);
    return 1;
}

/* Whether the k = r - 1 term of player i as X is counted by mw_dual_chunk (the other two draw
 * the same r >= 1 cards, and a completion plus one card has at most 7 cards: _subsets.h). */
STUD_HOT int mw_has_dual(const mw_deal *d, int i) {
    int ry = d->r[(i + 1) % 3], rz = d->r[(i + 2) % 3];
    return ry == rz && ry >= 1 && ry + 1 <= 7;
}

/* Whether the k = r - 2 term of player i as X is counted by mw_pair_chunk, set by set (the
 * other two draw the same r >= 3 cards: the term has S of at least one card). */
STUD_HOT int mw_has_pairs(const mw_deal *d, int i) {
    int ry = d->r[(i + 1) % 3], rz = d->r[(i + 2) % 3];
    return ry == rz && ry >= 4;
}

/* Per-chunk tables: f_Y and f_Z below (lt) and up to (le) the swept key, interleaved (f4: four
 * int32 per subset, in the order of MW_FY_LT ... MW_FZ_LE, so the direct part reads the four
 * with one 16-byte load and one index), and the joint one. */
enum { MW_FY_LT = 0, MW_FY_LE = 1, MW_FZ_LT = 2, MW_FZ_LE = 3 };
typedef struct {
    int32_t *f4, *h_lt, *h_le;
} mw_tables;

/* Insert the completions of a list with keys in [v0, v1) into table t (build = subset sizes). */
STUD_HOT void mw_insert(const mw_deal *d, const mw_list *list, int v0, int v1, int32_t *t, int build) {
    const uint64_t *codes = d->codes[list->r];
    int sizes = (1 << (build + 1)) - 1;
    for (int64_t j = list->start[v0]; j < list->start[v1]; j++)
        stud_subset_insert(t, codes[list->order[j]], list->r, build, d->offset, sizes, &STUD_BINOM[0][0]);
}

/* Insert the completions of a list with keys in [v0, v1) into lane `lane` of an interleaved
 * table f4 (build = subset sizes): f4[4 * (offset[|S|] + rank(S)) + lane] += 1 for each subset S
 * (the walk of _subsets.h, four entries apart). */
STUD_HOT void mw_insert4(const mw_deal *d, const mw_list *list, int v0, int v1, int32_t *f4, int lane, int build) {
    const uint64_t *codes = d->codes[list->r];
    int r = list->r;
    for (int64_t j = list->start[v0]; j < list->start[v1]; j++) {
        uint64_t code = codes[list->order[j]];
        int64_t part[STUD_MAX_SUBSETS];
        int8_t size[STUD_MAX_SUBSETS];
        int count = 1;
        f4[4 * d->offset[0] + lane] += 1;
        part[0] = 0;
        size[0] = 0;
        for (int i = 0; i < r; i++) {
            const int64_t *row = STUD_BINOM[(code >> (6 * i)) & 63];
            int c = count;
            for (int q = 0; q < c; q++) {
                int k = size[q];
                if (k < build) {
                    int64_t rank = part[q] + row[k + 1];
                    part[count] = rank;
                    size[count] = (int8_t)(k + 1);
                    count++;
                    f4[4 * (d->offset[k + 1] + rank) + lane] += 1;
                }
            }
        }
    }
}

/* Four int32 lanes (a table entry of f4) added at once: a vector where the compiler has
 * vector extensions (GCC, Clang: SSE2 on x86-64, NEON on arm64), four ints elsewhere. */
#if defined(__GNUC__) || defined(__clang__)
typedef int32_t mw_v4 __attribute__((vector_size(16)));
STUD_HOT mw_v4 mw_v4_load(const int32_t *p) {
    mw_v4 v;
    memcpy(&v, p, sizeof(v));
    return v;
}
STUD_HOT mw_v4 mw_v4_add(mw_v4 a, mw_v4 b) { return a + b; }
STUD_HOT mw_v4 mw_v4_sub(mw_v4 a, mw_v4 b) { return a - b; }
STUD_HOT int32_t mw_v4_get(mw_v4 a, int l) { return a[l]; }
#else
typedef struct {
    int32_t v[4];
} mw_v4;
STUD_HOT mw_v4 mw_v4_load(const int32_t *p) {
    mw_v4 a;
    memcpy(a.v, p, sizeof(a.v));
    return a;
}
STUD_HOT mw_v4 mw_v4_add(mw_v4 a, mw_v4 b) {
    for (int l = 0; l < 4; l++) a.v[l] += b.v[l];
    return a;
}
STUD_HOT mw_v4 mw_v4_sub(mw_v4 a, mw_v4 b) {
    for (int l = 0; l < 4; l++) a.v[l] -= b.v[l];
    return a;
}
STUD_HOT int32_t mw_v4_get(mw_v4 a, int l) { return a.v[l]; }
#endif

/* g[i][0..3] += sign * f4[4 * base[bucket[i]] + low4[i] + 0..3] for i < lim: one lane of the
 * sweep over S's lowest card, the four tables at once, run by run of the lowest card's bucket
 * (how many of x's cards lie below it: bstart[b] .. bstart[b + 1]), so each read is one add
 * from the run's base and runs nearly in order. The sums stay within int32: each is at most
 * 2^7 entries of at most MAX_COMPLETIONS (_multiway.pyx). */
STUD_HOT void mw_lane4(mw_v4 *g, const int32_t *f4, const int64_t *base, const int64_t *low4, const int *bstart, int rx,
                       int lim, int negative) {
    for (int b = 0; b <= rx && bstart[b] < lim; b++) {
        const int32_t *f = f4 + 4 * base[b];
        int end = bstart[b + 1] < lim ? bstart[b + 1] : lim;
        if (negative) {
            for (int i = bstart[b]; i < end; i++) g[i] = mw_v4_sub(g[i], mw_v4_load(f + low4[i]));
        } else {
            for (int i = bstart[b]; i < end; i++) g[i] = mw_v4_add(g[i], mw_v4_load(f + low4[i]));
        }
    }
}

/* The direct part of one x's count: the sum over S (0 <= |S| <= kmax, S missing x) of
 * (-1)^|S| g_Y(S) g_Z(S), for the lt and the le tables (`same`: they are equal, read one).
 *
 * The rank of S | T in the tables' numbering: S's i-th card has i + |T below it| cards of
 * S | T below it, x's j-th card (in T) |T below it| + |S below it|. S's cards above its lowest
 * are enumerated (colex); then for each T the lowest card sweeps the complement's positions
 * below them, its rank term one lookup and the rest fixed per bucket (how many of x's cards
 * lie below it), so each lane's reads run nearly in order. */
static void mw_generic(const mw_deal *d, const mw_tables *t, int ry, int rz, int kmax, uint64_t xcode, int rx,
                       int64_t *out_lt, int64_t *out_le) {
    int n = d->n, xs[MW_MAXR], comp[64], bucket[64], m = 0, rmax = ry > rz ? ry : rz;
    int nt = 1 << rx;
    int8_t tsize[128], cnt[128][MW_MAXR + 1]; /* cnt[T][b]: T's cards among x's first b */
    int64_t acc_lt = 0, acc_le = 0;
    mw_v4 g[64];           /* per lowest card: g_Y below, g_Y up to, g_Z below, g_Z up to */
    int64_t low4[128][64]; /* per T of the size at hand and lowest card: 4 C(comp[i], |T below it| + 1) */
    int bstart[MW_MAXR + 2];
    for (int j = 0; j < rx; j++) xs[j] = (int)((xcode >> (6 * j)) & 63);
    for (int p = 0, j = 0; p < n; p++) {
        if (j < rx && xs[j] == p) {
            j++;
            continue;
        }
        comp[m] = p;
        bucket[m] = j; /* how many of x's cards lie below p */
        m++;
    }
    for (int T = 0; T < nt; T++) {
        cnt[T][0] = 0;
        for (int b = 0; b < rx; b++) cnt[T][b + 1] = (int8_t)(cnt[T][b] + ((T >> b) & 1));
        tsize[T] = cnt[T][rx];
    }
    /* the complement's cards by bucket: bucket b is comp[bstart[b] .. bstart[b + 1]) */
    for (int b = 0, i = 0; b <= rx; b++) {
        bstart[b] = i;
        while (i < m && bucket[i] == b) i++;
        if (b == rx) bstart[rx + 1] = m;
    }
    for (int k = 0; k <= kmax && k <= m; k++) {
        int idx[MW_MAXR + 1], tl[128], ntl = 0;
        for (int T = 0; T < nt; T++)
            if (k + tsize[T] <= rmax) tl[ntl++] = T;
        if (k > 0)
            for (int q = 0; q < ntl; q++)
                for (int i = 0; i < m; i++) low4[q][i] = 4 * STUD_BINOM[comp[i]][cnt[tl[q]][bucket[i]] + 1];
        /* S's cards above the lowest: idx[1..k-1], increasing, colex order */
        for (int j = 1; j < k; j++) idx[j] = j;
        idx[k] = m;
        for (;;) {
            int lim = k == 0 ? 1 : idx[1]; /* the lowest card's choices (one empty S when k = 0) */
            int upper_below[MW_MAXR];      /* S's upper cards below x's j-th card */
            for (int j = 0; j < rx; j++) {
                int c = 0;
                for (int i = 1; i < k; i++) c += bucket[idx[i]] <= j;
                upper_below[j] = c;
            }
            memset(g, 0, (size_t)lim * sizeof(g[0]));
            for (int q = 0; q < ntl; q++) {
                int T = tl[q], size = k + tsize[T], negative = tsize[T] & 1;
                const int8_t *c = cnt[T];
                int64_t upper = d->offset[size], base[MW_MAXR + 1];
                for (int i = 1; i < k; i++) upper += STUD_BINOM[comp[idx[i]]][i + c[bucket[idx[i]]] + 1];
                for (int bb = 0; bb <= rx; bb++) {
                    /* the lowest card in bucket bb: x's j-th card has it below when bb <= j */
                    int64_t r = upper;
                    for (unsigned tt = (unsigned)T; tt; tt &= tt - 1) {
                        int j = stud_ctz64(tt);
                        r += STUD_BINOM[xs[j]][c[j] + upper_below[j] + (k > 0 && bb <= j) + 1];
                    }
                    base[bb] = r;
                }
                /* a subset larger than a side's draw is in none of its completions: its entries
                 * are 0, read with the others */
                if (k == 0) {
                    const int32_t *p = t->f4 + 4 * base[0];
                    g[0] = negative ? mw_v4_sub(g[0], mw_v4_load(p)) : mw_v4_add(g[0], mw_v4_load(p));
                    continue;
                }
                mw_lane4(g, t->f4, base, low4[q], bstart, rx, lim, negative);
            }
            {
                int64_t sum_lt = 0, sum_le = 0;
                for (int i = 0; i < lim; i++) {
                    sum_lt += (int64_t)mw_v4_get(g[i], MW_FY_LT) * mw_v4_get(g[i], MW_FZ_LT);
                    sum_le += (int64_t)mw_v4_get(g[i], MW_FY_LE) * mw_v4_get(g[i], MW_FZ_LE);
                }
                if (k & 1) {
                    acc_lt -= sum_lt;
                    acc_le -= sum_le;
                } else {
                    acc_lt += sum_lt;
                    acc_le += sum_le;
                }
            }
            /* next upper part in colex order */
            {
                int j = 1;
                while (j < k && idx[j] + 1 >= idx[j + 1]) j++;
                if (j >= k) break;
                idx[j]++;
                for (int i = 1; i < j; i++) idx[i] = i;
            }
        }
    }
    *out_lt += acc_lt;
    *out_le += acc_le;
}

/* One chunk of player i's completions as X: order[lo .. hi) of its key-sorted list. Adds
 * L_X and E_X (see above) to *lt and *le. Returns 0, 1 if out of memory, 2 if stopped:
 * `interrupted` (may be NULL) is asked every so often, and a stop by any thread is shared
 * through *stop. */
static int mw_chunk(const mw_deal *d, int i, int64_t lo, int64_t hi, int64_t *lt, int64_t *le, int (*interrupted)(void),
                    volatile int *stop) {
    const mw_list *x = &d->side[i], *y = &d->side[(i + 1) % 3], *z = &d->side[(i + 2) % 3], *jl = &d->joint[i];
    int rx = x->r, ry = y->r, rz = z->r, jb = jl->r >= 0 ? (jl->r < rx ? jl->r : rx) : -1;
    int kmax = (ry < rz ? ry : rz) - (jl->r >= 0 ? 1 : 0) - (mw_has_dual(d, i) ? 1 : 0) - (mw_has_pairs(d, i) ? 1 : 0);
    size_t nf = (size_t)d->offset[(ry > rz ? ry : rz) + 1], nh = jb >= 0 ? (size_t)d->offset[jb + 1] : 1;
    mw_tables t;
    int32_t *mem;
    int64_t done = 0, sum_lt = 0, sum_le = 0;
    int v0, v1, status = 0;
    if (lo >= hi) return 0;
    if (*stop) return 2; /* stopped before this chunk began: skip its set-up */
    mem = (int32_t *)calloc(4 * nf + 2 * nh, sizeof(int32_t));
    if (mem == NULL) return 1;
    t.f4 = mem;
    t.h_lt = t.f4 + 4 * nf;
    t.h_le = t.h_lt + nh;
    v0 = x->key[x->order[lo]];
    v1 = x->key[x->order[hi - 1]];
    /* everything below the first key */
    mw_insert4(d, y, 0, v0, t.f4, MW_FY_LT, ry);
    mw_insert4(d, y, 0, v0, t.f4, MW_FY_LE, ry);
    mw_insert4(d, z, 0, v0, t.f4, MW_FZ_LT, rz);
    mw_insert4(d, z, 0, v0, t.f4, MW_FZ_LE, rz);
    if (jb >= 0) mw_insert(d, jl, 0, v0, t.h_lt, jb);
    memcpy(t.h_le, t.h_lt, nh * sizeof(int32_t));
    for (int v = v0; v <= v1 && !status; v++) {
        int64_t a = x->start[v] > lo ? x->start[v] : lo, e = x->start[v + 1] < hi ? x->start[v + 1] : hi;
        if (a >= e) {
            /* no x here: the level's completions go in both tables */
            mw_insert4(d, y, v, v + 1, t.f4, MW_FY_LT, ry);
            mw_insert4(d, z, v, v + 1, t.f4, MW_FZ_LT, rz);
            mw_insert4(d, y, v, v + 1, t.f4, MW_FY_LE, ry);
            mw_insert4(d, z, v, v + 1, t.f4, MW_FZ_LE, rz);
            if (jb >= 0) {
                mw_insert(d, jl, v, v + 1, t.h_lt, jb);
                mw_insert(d, jl, v, v + 1, t.h_le, jb);
            }
            continue;
        }
        mw_insert4(d, y, v, v + 1, t.f4, MW_FY_LE, ry);
        mw_insert4(d, z, v, v + 1, t.f4, MW_FZ_LE, rz);
        if (jb >= 0) mw_insert(d, jl, v, v + 1, t.h_le, jb);
        for (int64_t q = a; q < e; q++) {
            uint64_t code = d->codes[rx][x->order[q]];
            mw_generic(d, &t, ry, rz, kmax, code, rx, &sum_lt, &sum_le);
            if (jb >= 0) {
                int sizes = (1 << (jb + 1)) - 1;
                int64_t sign = (jl->r & 1) ? -1 : 1;
                sum_lt += sign * stud_subset_query(t.h_lt, code, rx, jb, d->offset, sizes, &STUD_BINOM[0][0]);
                sum_le += sign * stud_subset_query(t.h_le, code, rx, jb, d->offset, sizes, &STUD_BINOM[0][0]);
            }
            if ((++done & 63) == 0 && (*stop || (interrupted && interrupted()))) {
                *stop = 1;
                status = 2;
                break;
            }
        }
        mw_insert4(d, y, v, v + 1, t.f4, MW_FY_LT, ry);
        mw_insert4(d, z, v, v + 1, t.f4, MW_FZ_LT, rz);
        if (jb >= 0) mw_insert(d, jl, v, v + 1, t.h_lt, jb);
    }
    free(mem);
    *lt += sum_lt;
    *le += sum_le;
    return status;
}

/* The positions of a code (r of them) with one more, p, merged in: the new code. */
STUD_HOT uint64_t mw_code_add(uint64_t code, int r, int p) {
    uint64_t out = 0;
    int j = 0, at = 0;
    for (; j < r && (int)((code >> (6 * j)) & 63) < p; j++) out |= ((code >> (6 * j)) & 63) << (6 * at++);
    out |= (uint64_t)p << (6 * at++);
    for (; j < r; j++) out |= ((code >> (6 * j)) & 63) << (6 * at++);
    return out;
}

/* Rank of a code's r positions with the i-th left out and p (not among them) put in. */
STUD_HOT int64_t mw_swap_rank(uint64_t code, int r, int i, int p) {
    int64_t rank = 0;
    int at = 0, placed = 0;
    for (int j = 0; j < r; j++) {
        int c = (int)((code >> (6 * j)) & 63);
        if (j == i) continue;
        if (!placed && p < c) {
            rank += STUD_BINOM[p][++at];
            placed = 1;
        }
        rank += STUD_BINOM[c][++at];
    }
    if (!placed) rank += STUD_BINOM[p][++at];
    return rank;
}

/* One side of the objects at key w (see mw_dual_chunk): for each completion `own` of `mine`
 * at key w, the other side's r-sets `own` minus one card plus q whose key is below w
 * (`strict`) or at most w; each is counted against the X table at U = own + q. */
static void mw_dual_side(const mw_deal *d, const mw_list *mine, const mw_list *other, int w, int strict,
                         const int32_t *x_lt, const int32_t *x_le, int rx, int same, int64_t *acc_lt, int64_t *acc_le) {
    int r = mine->r, n = d->n;
    const uint64_t *codes = d->codes[r];
    int b0 = rx < r ? rx : r, b1 = rx < r + 1 ? rx : r + 1;
    int s0 = (1 << (b0 + 1)) - 1, s1 = (1 << (b1 + 1)) - 1;
    int limit = strict ? w - 1 : w;
    for (int64_t j = mine->start[w]; j < mine->start[w + 1]; j++) {
        int32_t rank = mine->order[j];
        uint64_t code = codes[rank];
        uint64_t in = 0;
        for (int i = 0; i < r; i++) in |= 1ULL << ((code >> (6 * i)) & 63);
        /* q one of own's cards: the other side holds the same set, r times over */
        if (other->key[rank] <= limit) {
            int64_t lt = (int64_t)r * stud_subset_query(x_lt, code, r, b0, d->offset, s0, &STUD_BINOM[0][0]);
            *acc_lt += lt;
            *acc_le += same ? lt : (int64_t)r * stud_subset_query(x_le, code, r, b0, d->offset, s0, &STUD_BINOM[0][0]);
        }
        for (int q = 0; q < n; q++) {
            int m = 0;
            int64_t lt;
            uint64_t u;
            if (in >> q & 1) continue;
            for (int i = 0; i < r; i++) m += other->key[mw_swap_rank(code, r, i, q)] <= limit;
            if (!m) continue;
            u = mw_code_add(code, r, q);
            lt = m * stud_subset_query(x_lt, u, r + 1, b1, d->offset, s1, &STUD_BINOM[0][0]);
            *acc_lt += lt;
            *acc_le += same ? lt : m * stud_subset_query(x_le, u, r + 1, b1, d->offset, s1, &STUD_BINOM[0][0]);
        }
    }
}

/* The k = r - 1 term of player i as X, for the keys w in [w0, w1): with |S| = r - 1 the pairs
 * (y, z) = (S + p, S + q) are few enough to list, as objects keyed by max(key y, key z) with
 * the cards U = S + p + q; the term counts (object, x) with x missing U and the object's key
 * below (at most) key(x). Summed over objects instead of over x: sweeping keys downwards, X's
 * completions above (from) w in a table, each object is one inclusion-exclusion read at the
 * subsets of U. An object at key w is listed from its y at w (z at most w) or its z at w (y
 * below w); (S, p, q) with the same y and q share U = y + q, so they are counted together.
 * Adds the term, signed, to *lt and *le; returns 0, 1 if out of memory, 2 if stopped. */
static int mw_dual_chunk(const mw_deal *d, int i, int w0, int w1, int64_t *lt, int64_t *le, int (*interrupted)(void),
                         volatile int *stop) {
    const mw_list *x = &d->side[i], *y = &d->side[(i + 1) % 3], *z = &d->side[(i + 2) % 3];
    int rx = x->r, r = y->r, build = rx < r + 1 ? rx : r + 1, status = 0;
    size_t nx = (size_t)d->offset[build + 1];
    int32_t *x_lt, *x_le;
    int64_t acc_lt = 0, acc_le = 0, sign = ((r - 1) & 1) ? -1 : 1;
    if (w0 >= w1) return 0;
    if (*stop) return 2;
    x_lt = (int32_t *)calloc(2 * nx, sizeof(int32_t));
    if (x_lt == NULL) return 1;
    x_le = x_lt + nx;
    mw_insert(d, x, w1, MW_KEYS, x_lt, build);
    memcpy(x_le, x_lt, nx * sizeof(int32_t));
    for (int w = w1 - 1; w >= w0; w--) {
        int same = x->start[w] == x->start[w + 1]; /* no x at w: the two tables are equal */
        mw_insert(d, x, w, w + 1, x_le, build);
        mw_dual_side(d, y, z, w, 0, x_lt, x_le, rx, same, &acc_lt, &acc_le);
        mw_dual_side(d, z, y, w, 1, x_lt, x_le, rx, same, &acc_lt, &acc_le);
        mw_insert(d, x, w, w + 1, x_lt, build);
        if ((w & 7) == 0 && (*stop || (interrupted && interrupted()))) {
            *stop = 1;
            status = 2;
            break;
        }
    }
    free(x_lt);
    *lt += sign * acc_lt;
    *le += sign * acc_le;
    return status;
}

/* One side's completions holding the set S (r - 2 positions, mask `smask`): each is S plus a
 * pair {p < q} of the other positions; out[j] = key << 16 | q << 6 | p, sorted (by key).
 * Returns how many (C(n - r + 2, 2) <= 1326). */
static int mw_pairs_of(const mw_deal *d, const mw_list *side, uint64_t scode, uint64_t smask, uint32_t *out) {
    int n = d->n, r = side->r, count = 0;
    for (int q = 1; q < n; q++) {
        uint64_t sq;
        if (smask >> q & 1) continue;
        sq = mw_code_add(scode, r - 2, q);
        for (int p = 0; p < q; p++) {
            uint64_t code;
            uint32_t key;
            if (smask >> p & 1) continue;
            code = mw_code_add(sq, r - 1, p);
            key = side->key[mw_code_rank(code, r)];
            /* MW_TOP: out of the count (a restricted family's outsider: _multiway's hi-lo) */
            if (key != MW_TOP) out[count++] = key << 16 | (uint32_t)(q << 6 | p);
        }
    }
    /* insertion sort by key: the pairs come nearly in no order, but they are few; a counting
     * pass would cost more than the list */
    for (int j = 1; j < count; j++) {
        uint32_t v = out[j];
        int i = j - 1;
        while (i >= 0 && out[i] > v) {
            out[i + 1] = out[i];
            i--;
        }
        out[i + 1] = v;
    }
    return count;
}

/* How many completions of player p hold one shared set of the set-by-set part: the pairs of
 * the other positions. */
STUD_HOT int mw_pairs_per_set(const mw_deal *d, int p) {
    int m = d->n - (d->r[p] - 2);
    return m * (m - 1) / 2;
}

/* Player p's completions holding the shared set of rank s whose low is in [pair_lo, pair_hi),
 * from the lists of mw_pairs_fill (sorted by key: so are those taken). */
STUD_HOT int mw_pairs_taken(const mw_deal *d, int p, int64_t s, uint32_t *out) {
    int per = mw_pairs_per_set(d, p), count = 0, lo = d->pair_lo[p], hi = d->pair_hi[p];
    const uint32_t *e = d->pair_entry[p] + (size_t)s * per;
    const uint16_t *l = d->pair_low[p] + (size_t)s * per;
    for (int j = 0; j < per; j++)
        if (l[j] >= lo && l[j] < hi) out[count++] = e[j];
    return count;
}

static int mw_cmp64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* List player p's completions holding each shared set (C(n, r - 2) of them, mw_pairs_per_set
 * each) by d's keys, sorted by key, with their lows (`low`, by rank): entry and lows hold
 * sets * per entries. 0, or 1 if out of memory. */
static int mw_pairs_fill(const mw_deal *d, int p, const uint16_t *low, uint32_t *entry, uint16_t *lows) {
    int n = d->n, r = d->r[p], ks = r - 2, per = mw_pairs_per_set(d, p);
    int64_t sets = mw_binom(n, ks);
    uint64_t *buf = (uint64_t *)malloc((size_t)per * sizeof(uint64_t) + 8);
    if (buf == NULL) return 1;
    for (int64_t s = 0; s < sets; s++) {
        uint64_t scode = d->codes[ks][s], smask = 0;
        int count = 0;
        for (int a = 0; a < ks; a++) smask |= 1ULL << ((scode >> (6 * a)) & 63);
        for (int q = 1; q < n; q++) {
            uint64_t sq;
            if (smask >> q & 1) continue;
            sq = mw_code_add(scode, ks, q);
            for (int pp = 0; pp < q; pp++) {
                int64_t rank;
                if (smask >> pp & 1) continue;
                rank = mw_code_rank(mw_code_add(sq, r - 1, pp), r);
                buf[count++] = ((uint64_t)d->side[p].key[rank] << 16 | (uint64_t)(q << 6 | pp)) << 16 | low[rank];
            }
        }
        qsort(buf, (size_t)count, sizeof(uint64_t), mw_cmp64);
        for (int j = 0; j < count; j++) {
            entry[(size_t)s * per + j] = (uint32_t)(buf[j] >> 16);
            lows[(size_t)s * per + j] = (uint16_t)(buf[j] & 0xffff);
        }
    }
    free(buf);
    return 0;
}

/* Add one pair {p < q} (an entry of mw_pairs_of) and its subsets to lane `lane` of f4: the
 * empty set at 0, {p} at 1 + p, {p, q} at 1 + n + C(q, 2) + p. */
STUD_HOT void mw_pair_insert(int32_t *f4, int n, uint32_t entry, int lane) {
    int q = (int)(entry >> 6 & 63), p = (int)(entry & 63);
    int64_t idx = 1 + n + STUD_BINOM[q][2] + p;
    f4[lane] += 1;
    f4[4 * (1 + p) + lane] += 1;
    f4[4 * (1 + q) + lane] += 1;
    f4[4 * idx + lane] += 1;
}

/* Shared sets swept together by mw_pair_chunk: X's completions are read once per block, their
 * subsets' indices computed once for all of the block's sets (tables: MW_BLOCK * 15 KB). */
#define MW_BLOCK 8
/* The most completions of Y (or Z) holding one shared set: C(52, 2) pairs. */
#define MW_MAX_PAIRS 1400

/* The k = r - 2 term of player i as X (Y and Z draw r >= 4), for the shared sets S of ranks
 * [s0, s1) among the (r - 2)-subsets: set by set instead of completion by completion. For one
 * S, the completions of Y and Z holding it are S plus a pair of the other positions (at most
 * C(n - r + 2, 2), 820 on third street), so their tables f(S | T) are indexed by T alone, the
 * subsets of up to two cards: 1 + n + C(n, 2) entries, four lanes (16 bytes) each, 15 KB. X's
 * completions missing S are swept in key order, the pairs inserted as the key passes theirs
 * (below: lt; up to: le), and each x reads the tables at its subsets T of up to two cards:
 * g(S) = sum over T of (-1)^|T| f(S | T), then (-1)^|S| g_Y(S) g_Z(S) for lt and le. The same
 * terms as mw_generic's at |S| = r - 2, summed in the other order: per S, C(n, r_x) mask tests
 * and C(n - r + 2, r_x) (1 + r_x + C(r_x, 2)) reads; MW_BLOCK sets share one pass over X.
 * Adds the term, signed, to *lt and *le; returns 0, 1 if out of memory, 2 if stopped. */
static int mw_pair_chunk(const mw_deal *d, int i, int64_t s0, int64_t s1, int64_t *lt, int64_t *le,
                         int (*interrupted)(void), volatile int *stop) {
    const mw_list *x = &d->side[i], *y = &d->side[(i + 1) % 3], *z = &d->side[(i + 2) % 3];
    int n = d->n, r = y->r, rx = x->r, ks = r - 2, status = 0, nsub = 1 + rx + rx * (rx - 1) / 2;
    size_t nf = (size_t)(1 + n + STUD_BINOM[n][2]);
    const uint64_t *xcodes = d->codes[rx], *scodes = d->codes[ks];
    int32_t *f4;
    uint32_t *ys, *zs;
    uint64_t *xcode;
    uint32_t *xkey;
    int64_t acc_lt = 0, acc_le = 0, sign = (ks & 1) ? -1 : 1, x0;
    if (s0 >= s1) return 0;
    if (*stop) return 2;
    f4 = (int32_t *)malloc(MW_BLOCK * 4 * nf * sizeof(int32_t));
    ys = (uint32_t *)malloc(MW_BLOCK * 2 * MW_MAX_PAIRS * sizeof(uint32_t));
    xcode = (uint64_t *)malloc((size_t)x->count * (sizeof(uint64_t) + sizeof(uint32_t)) + 8);
    if (f4 == NULL || ys == NULL || xcode == NULL) {
        free(f4);
        free(ys);
        free(xcode);
        return 1;
    }
    zs = ys + MW_BLOCK * MW_MAX_PAIRS;
    xkey = (uint32_t *)(xcode + x->count);
    /* X's completions in key order, read in order for every block: the code, and the key as
     * the pairs' entries have it */
    for (int64_t j = 0; j < x->count; j++) {
        xcode[j] = xcodes[x->order[j]];
        xkey[j] = (uint32_t)x->key[x->order[j]] << 16;
    }
    /* key 0 is no hand's: X's completions there are out of a restricted count (they would
     * count nothing), so the sweep starts above them */
    x0 = x->start[1];
    for (int64_t sb = s0; sb < s1 && !status; sb += MW_BLOCK) {
        int nb = s1 - sb < MW_BLOCK ? (int)(s1 - sb) : MW_BLOCK;
        uint64_t smask[MW_BLOCK];
        int ny[MW_BLOCK], nz[MW_BLOCK], yl[MW_BLOCK], ye[MW_BLOCK], zl[MW_BLOCK], ze[MW_BLOCK];
        int64_t sum_lt[MW_BLOCK], sum_le[MW_BLOCK];
        for (int b = 0; b < nb; b++) {
            uint64_t scode = scodes[sb + b];
            smask[b] = 0;
            for (int a = 0; a < ks; a++) smask[b] |= 1ULL << ((scode >> (6 * a)) & 63);
            ny[b] = d->pair_entry[(i + 1) % 3] ? mw_pairs_taken(d, (i + 1) % 3, sb + b, ys + b * MW_MAX_PAIRS)
                                                : mw_pairs_of(d, y, scode, smask[b], ys + b * MW_MAX_PAIRS);
            nz[b] = d->pair_entry[(i + 2) % 3] ? mw_pairs_taken(d, (i + 2) % 3, sb + b, zs + b * MW_MAX_PAIRS)
                                                : mw_pairs_of(d, z, scode, smask[b], zs + b * MW_MAX_PAIRS);
            yl[b] = ye[b] = zl[b] = ze[b] = 0;
            sum_lt[b] = sum_le[b] = 0;
        }
        memset(f4, 0, (size_t)nb * 4 * nf * sizeof(int32_t));
        for (int64_t j = x0; j < x->count; j++) {
            uint64_t code = xcode[j], mask = 0;
            uint32_t v = xkey[j], vnext = v + 0x10000;
            int xs[MW_MAXR], sub[1 + MW_MAXR + MW_MAXR * (MW_MAXR - 1) / 2], at = 0;
            /* x's subsets of up to two cards: the empty set, then singles (subtracted), then
             * pairs (added), as offsets into a table */
            for (int a = 0; a < rx; a++) {
                xs[a] = (int)((code >> (6 * a)) & 63);
                mask |= 1ULL << xs[a];
            }
            sub[at++] = 0;
            for (int a = 0; a < rx; a++) sub[at++] = 4 * (1 + xs[a]);
            for (int a = 0; a < rx; a++)
                for (int c = a + 1; c < rx; c++) sub[at++] = 4 * (int)(1 + n + STUD_BINOM[xs[c]][2] + xs[a]);
            for (int b = 0; b < nb; b++) {
                int32_t *t = f4 + (size_t)b * 4 * nf;
                mw_v4 g;
                const uint32_t *yb = ys + b * MW_MAX_PAIRS, *zb = zs + b * MW_MAX_PAIRS;
                if (mask & smask[b]) continue;
                while (yl[b] < ny[b] && yb[yl[b]] < v) mw_pair_insert(t, n, yb[yl[b]++], MW_FY_LT);
                while (ye[b] < ny[b] && yb[ye[b]] < vnext) mw_pair_insert(t, n, yb[ye[b]++], MW_FY_LE);
                while (zl[b] < nz[b] && zb[zl[b]] < v) mw_pair_insert(t, n, zb[zl[b]++], MW_FZ_LT);
                while (ze[b] < nz[b] && zb[ze[b]] < vnext) mw_pair_insert(t, n, zb[ze[b]++], MW_FZ_LE);
                g = mw_v4_load(t);
                for (int q = 1; q <= rx; q++) g = mw_v4_sub(g, mw_v4_load(t + sub[q]));
                for (int q = rx + 1; q < nsub; q++) g = mw_v4_add(g, mw_v4_load(t + sub[q]));
                sum_lt[b] += (int64_t)mw_v4_get(g, MW_FY_LT) * mw_v4_get(g, MW_FZ_LT);
                sum_le[b] += (int64_t)mw_v4_get(g, MW_FY_LE) * mw_v4_get(g, MW_FZ_LE);
            }
        }
        for (int b = 0; b < nb; b++) {
            acc_lt += sum_lt[b];
            acc_le += sum_le[b];
        }
        if (*stop || (interrupted && interrupted())) {
            *stop = 1;
            status = 2;
        }
    }
    free(f4);
    free(ys);
    free(xcode);
    *lt += sign * acc_lt;
    *le += sign * acc_le;
    return status;
}

/* Restricted counts (the hi-lo pots, _multiway.pyx's threeway_hilo_counts): the same count
 * over a family of each player's completions, as X one family and as Y or Z another. A
 * completion out of the family gets a key no hand has (MW_TOP as Y or Z, 0 as X), so every
 * part above leaves it out: nothing is below key 0, and X's keys never reach MW_TOP (the
 * sweeps start above key 0 and stop below MW_TOP). The tables are built from the family
 * alone, so the inclusion-exclusion counts the disjoint triples of the families. */

/* Each of player i's completions keyed by a kind (MW_KIND_* or MW_KIND_LOW8: the eight-or-
 * better low, 0 for none), by rank, into out (d's count entries). */
enum { MW_KIND_LOW8 = 3 };
static void mw_keys(const mw_deal *d, int i, const uint8_t *live, const uint8_t *known, int nknown, int kind,
                    uint16_t *out) {
    int r = d->r[i];
    stud_hand base = STUD_EMPTY_HAND;
    for (int j = 0; j < nknown; j++) base = stud_hand_add(base, known[j]);
    for (int64_t s = 0; s < d->side[i].count; s++) {
        stud_hand h = base;
        uint64_t code = d->codes[r][s];
        for (int j = 0; j < r; j++) h = stud_hand_add(h, live[(code >> (6 * j)) & 63]);
        out[s] = kind == MW_KIND_LOW    ? stud_hand_low(h)
                 : kind == MW_KIND_LOW8 ? stud_hand_low8(h)
                 : kind == MW_KIND_LOW27 ? stud_hand_low27(h)
                                         : stud_hand_value(h);
    }
}

static void mw_list_free(mw_list *list) {
    free(list->key);
    free(list->order);
    free(list->start);
    memset(list, 0, sizeof(*list));
}

/* Player i's completions keyed for a restricted count: one whose `low` lies in [lo, hi)
 * (every one when low is NULL) keeps its key in `value` (1 when value is NULL), the others
 * get `outside` (0 for X, MW_TOP for Y and Z). 0, or 1 if out of memory. */
static int mw_list_restricted(const mw_deal *d, int i, mw_list *out, const uint16_t *value, const uint16_t *low, int lo,
                              int hi, uint16_t outside) {
    memset(out, 0, sizeof(*out));
    out->r = d->r[i];
    out->count = d->side[i].count;
    out->key = (uint16_t *)malloc((size_t)out->count * sizeof(uint16_t) + 8);
    if (out->key == NULL) return 1;
    for (int64_t s = 0; s < out->count; s++) {
        int in = low == NULL || (low[s] >= lo && low[s] < hi);
        out->key[s] = in ? (value ? value[s] : 1) : outside;
    }
    return mw_sort(out);
}

/* How many of player i's completions have their `low` in [lo, hi). */
static int64_t mw_family(const mw_deal *d, int i, const uint16_t *low, int lo, int hi) {
    int64_t c = 0;
    for (int64_t s = 0; s < d->side[i].count; s++) c += low[s] >= lo && low[s] < hi;
    return c;
}

/* The scoops' k = r - 1 term (the listed pairs, as mw_dual_chunk) over every low at once.
 * X scoops against an object (y, z) where X's high key is above the object's (the larger of
 * y's and z's) and X's low above the object's low (the larger of theirs): summed over the
 * thresholds t of a per-low count, an object meets the x's with a low above its own. So the
 * objects are listed once, against X tables kept per low level: level l holds the x's whose
 * low rank is at least l (an x goes in levels 1 .. its rank), and an object of low rank m
 * reads level m + 1 (none beyond the top). `lrank[p]`: each player's low ranks by rank of
 * completion (0 below every low: eight or better, no low), `levels` one above the highest.
 * Memory: levels tables of X's subsets (mw_dual_bytes). Adds the signed term to *lt; 0, 1 if
 * out of memory, 2 if stopped. */
static size_t mw_dual_bytes(const mw_deal *d, int i, int levels) {
    int rx = d->r[i], r = d->r[(i + 1) % 3], build = rx < r + 1 ? rx : r + 1;
    return (size_t)levels * (size_t)d->offset[build + 1] * sizeof(int32_t);
}

static void mw_dual_side_low(const mw_deal *d, const mw_list *mine, const mw_list *other, const uint16_t *lmine,
                             const uint16_t *lother, int w, int strict, const int32_t *x_lv, size_t nx, int levels,
                             int rx, int64_t *acc) {
    int r = mine->r, n = d->n;
    const uint64_t *codes = d->codes[r];
    int b0 = rx < r ? rx : r, b1 = rx < r + 1 ? rx : r + 1;
    int s0 = (1 << (b0 + 1)) - 1, s1 = (1 << (b1 + 1)) - 1;
    int limit = strict ? w - 1 : w;
    for (int64_t j = mine->start[w]; j < mine->start[w + 1]; j++) {
        int32_t rank = mine->order[j];
        uint64_t code = codes[rank];
        uint64_t in = 0;
        int own = lmine[rank];
        for (int i = 0; i < r; i++) in |= 1ULL << ((code >> (6 * i)) & 63);
        /* q one of own's cards: the other side holds the same set, r times over */
        if (other->key[rank] <= limit) {
            int m = own > lother[rank] ? own : lother[rank];
            if (m + 1 < levels)
                *acc += (int64_t)r * stud_subset_query(x_lv + (size_t)(m + 1) * nx, code, r, b0, d->offset, s0,
                                                       &STUD_BINOM[0][0]);
        }
        for (int q = 0; q < n; q++) {
            int lv[MW_MAXR], cnt[MW_MAXR], nl = 0;
            uint64_t u;
            if (in >> q & 1) continue;
            /* the other side's sets own - one card + q below the key, counted by their
             * object's low (few distinct: one query each) */
            for (int i = 0; i < r; i++) {
                int32_t zr = (int32_t)mw_swap_rank(code, r, i, q);
                int m, at;
                if (other->key[zr] > limit) continue;
                m = own > lother[zr] ? own : lother[zr];
                if (m + 1 >= levels) continue;
                for (at = 0; at < nl && lv[at] != m; at++) {
                }
                if (at == nl) {
                    lv[nl] = m;
                    cnt[nl++] = 0;
                }
                cnt[at]++;
            }
            if (!nl) continue;
            u = mw_code_add(code, r, q);
            for (int a = 0; a < nl; a++)
                *acc += (int64_t)cnt[a] * stud_subset_query(x_lv + (size_t)(lv[a] + 1) * nx, u, r + 1, b1, d->offset,
                                                            s1, &STUD_BINOM[0][0]);
        }
    }
}

/* Insert X's completion of rank `rank` in the levels 1 .. its low rank of x_lv: its subsets'
 * table indices found once (the walk of mw_insert4), then one add each a level. */
STUD_HOT void mw_insert_levels(const mw_deal *d, uint64_t code, int r, int build, int top, int32_t *x_lv, size_t nx) {
    int64_t part[STUD_MAX_SUBSETS], idx[STUD_MAX_SUBSETS];
    int8_t size[STUD_MAX_SUBSETS];
    int count = 1;
    if (top < 1) return;
    part[0] = 0;
    size[0] = 0;
    idx[0] = d->offset[0];
    for (int i = 0; i < r; i++) {
        const int64_t *row = STUD_BINOM[(code >> (6 * i)) & 63];
        int c = count;
        for (int q = 0; q < c; q++) {
            int k = size[q];
            if (k < build) {
                part[count] = part[q] + row[k + 1];
                size[count] = (int8_t)(k + 1);
                idx[count] = d->offset[k + 1] + part[count];
                count++;
            }
        }
    }
    for (int l = 1; l <= top; l++) {
        int32_t *t = x_lv + (size_t)l * nx;
        for (int q = 0; q < count; q++) t[idx[q]] += 1;
    }
}

static int mw_dual_low_chunk(const mw_deal *d, int i, int w0, int w1, const uint16_t *const *lrank, int levels,
                             int64_t *lt, int (*interrupted)(void), volatile int *stop) {
    const mw_list *x = &d->side[i], *y = &d->side[(i + 1) % 3], *z = &d->side[(i + 2) % 3];
    const uint16_t *lx = lrank[i], *ly = lrank[(i + 1) % 3], *lz = lrank[(i + 2) % 3];
    int rx = x->r, r = y->r, build = rx < r + 1 ? rx : r + 1, status = 0;
    size_t nx = (size_t)d->offset[build + 1];
    const uint64_t *xcodes = d->codes[rx];
    int32_t *x_lv;
    int64_t acc = 0, sign = ((r - 1) & 1) ? -1 : 1;
    if (w0 >= w1) return 0;
    if (*stop) return 2;
    x_lv = (int32_t *)calloc((size_t)levels * nx, sizeof(int32_t));
    if (x_lv == NULL) return 1;
    /* X's completions above the chunk's keys, each in the levels up to its low rank */
    for (int64_t j = x->start[w1]; j < x->start[MW_KEYS]; j++) {
        int32_t rank = x->order[j];
        mw_insert_levels(d, xcodes[rank], rx, build, lx[rank], x_lv, nx);
    }
    for (int w = w1 - 1; w >= w0; w--) {
        /* objects at w against the x's above w (strictly better high hands) */
        mw_dual_side_low(d, y, z, ly, lz, w, 0, x_lv, nx, levels, rx, &acc);
        mw_dual_side_low(d, z, y, lz, ly, w, 1, x_lv, nx, levels, rx, &acc);
        for (int64_t j = x->start[w]; j < x->start[w + 1]; j++) {
            int32_t rank = x->order[j];
            mw_insert_levels(d, xcodes[rank], rx, build, lx[rank], x_lv, nx);
        }
        if ((w & 7) == 0 && (*stop || (interrupted && interrupted()))) {
            *stop = 1;
            status = 2;
            break;
        }
    }
    free(x_lv);
    *lt += sign * acc;
    return status;
}

#endif
