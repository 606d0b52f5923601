/* Checks one build of the batch kernels (the path picked by -D flags) against the per-hand
 * kernels, for each kind (high, ace-to-five low, eight-or-better low, deuce-to-seven low), and
 * each vector path the processor runs (_batch_simd.h) against the same: random rows of 5, 6
 * and 7 cards, batches of every size up to a few blocks from misaligned starts (the tails),
 * and bad rows (a repeated card, a byte above 51) at every position of a batch, with the
 * good rows around them still right. Cross-built for arm64 and run under qemu, the vector path
 * is NEON (_batch_neon.h).
 * Prints "ok" and exits 0 when all agree. Built (linked with tables_data.c) and run by
 * tests/core/test_kernel_paths.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "_batch_simd.h"

extern const stud_tables *const STUD_TEST_TABLES; /* tables_data.c */

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int per_hand(const uint8_t *c, int width, int kind) {
    return kind == STUD_KIND_HIGH   ? stud_eval_cards(c, width)
           : kind == STUD_KIND_LOW  ? stud_low_cards(c, width)
           : kind == STUD_KIND_LOW8 ? stud_low8_cards(c, width)
                                    : stud_low27_cards(c, width);
}

static void deal(uint8_t *row, int width) {
    uint64_t seen = 0;
    for (int j = 0; j < width;) {
        int c = (int)(next() % 52);
        if (seen >> c & 1) continue;
        seen |= 1ULL << c;
        row[j++] = (uint8_t)c;
    }
}

/* the paths a build runs where the widest is `best`: the scalar kernel, then the x86-64 ones up
 * to the widest, or NEON alone on arm64 */
static int runs(int path, int best) {
    return path == STUD_SIMD_SCALAR || (best == STUD_SIMD_NEON ? path == best : path <= best);
}

enum { ROWS = 100000, SMALL = 200 };
static uint8_t hands[ROWS * 7];
static uint16_t out[ROWS];
static uint8_t small[SMALL * 7 + 8];

int main(void) {
    stud_use_tables(STUD_TEST_TABLES);
    int best = stud_simd_best();
    for (int width = 5; width <= 7; width++) {
        for (int i = 0; i < ROWS; i++) deal(hands + i * width, width);
        for (int path = STUD_SIMD_SCALAR; path <= best; path++) {
            if (!runs(path, best)) continue;
            if (width == 5) fprintf(stderr, "path %d\n", path);
            for (int kind = STUD_KIND_HIGH; kind < STUD_KINDS; kind++) {
                for (int check = 0; check <= 1; check++) {
                    memset(out, 0xEE, sizeof out);
                    int bad = path == STUD_SIMD_SCALAR ? stud_batch_kind(hands, width, ROWS, out, check, kind)
                                                       : stud_batch_path(hands, width, ROWS, out, check, kind, path);
                    if (bad) {
                        printf("path %d: good rows refused\n", path);
                        return 1;
                    }
                    for (int i = 0; i < ROWS; i++) {
                        if (out[i] != per_hand(hands + i * width, width, kind)) {
                            printf("path %d kind %d width %d row %d differs\n", path, kind, width, i);
                            return 1;
                        }
                    }
                }
                /* every batch size up to SMALL rows, from a misaligned start */
                for (int rows = 0; rows < SMALL; rows++) {
                    uint8_t *start = small + 1 + rows % 7;
                    memcpy(start, hands + (size_t)rows * width, (size_t)rows * width);
                    if (stud_batch_path(start, width, (size_t)rows, out, 1, kind, path)) {
                        printf("path %d: good rows refused (%d rows)\n", path, rows);
                        return 1;
                    }
                    for (int i = 0; i < rows; i++) {
                        if (out[i] != per_hand(start + i * width, width, kind)) {
                            printf("path %d kind %d width %d: row %d of %d differs\n", path, kind, width, i, rows);
                            return 1;
                        }
                    }
                }
                /* a bad row at each position of a batch of 200 rows (AVX-512 checks the first
                 * 128 rows 64 at a time, the next 64 as the last whole ones, then a tail) */
                enum { BATCH = 200 };
                for (int at = 0; at < BATCH; at++) {
                    for (int how = 0; how < 4; how++) {
                        memcpy(small, hands, (size_t)BATCH * width);
                        uint8_t *row = small + at * width;
                        int j = (int)(next() % (unsigned)width),
                            k = (j + 1 + (int)(next() % (unsigned)(width - 1))) % width;
                        if (how == 0) row[j] = row[k];                       /* a repeated card */
                        if (how == 1) row[j] = 52;                           /* the first byte above 51 */
                        if (how == 2) row[j] = (uint8_t)(64 + next() % 192); /* a byte above 63 */
                        if (how == 3) row[j] = (uint8_t)(row[k] ^ 32);       /* another card's bit in the other word */
                        int bad_row = stud_check_row(row, width) != 0, range = 0;
                        for (int m = 0; m < width; m++) range |= row[m] > 51;
                        for (int check = 0; check <= 1; check++) {
                            int want = check ? bad_row : range;
                            int got = stud_batch_path(small, width, BATCH, out, check, kind, path);
                            if ((got != 0) != want) {
                                printf("path %d kind %d width %d check %d: bad row %d (%d) %s\n", path, kind, width,
                                       check, at, how, got ? "refused wrongly" : "not caught");
                                return 1;
                            }
                            for (int i = 0; i < BATCH; i++) {
                                if ((i != at || !bad_row) && out[i] != per_hand(small + i * width, width, kind)) {
                                    printf("path %d kind %d width %d: row %d beside bad row %d differs\n", path, kind,
                                           width, i, at);
                                    return 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        uint8_t row[7] = {0, 4, 8, 12, 16, 20, 24};
        row[width - 1] = row[0]; /* a repeated card */
        if (!stud_batch_kind(row, width, 1, out, 1, STUD_KIND_HIGH)) {
            printf("repeat not caught (%d cards)\n", width);
            return 1;
        }
        row[width - 1] = 200; /* not a card */
        if (!stud_batch_kind(row, width, 1, out, 0, STUD_KIND_HIGH) ||
            !stud_batch_kind(row, width, 1, out, 1, STUD_KIND_HIGH)) {
            printf("byte 200 not caught (%d cards)\n", width);
            return 1;
        }
        if (stud_batch(hands, width, ROWS, out, 1) || out[0] != stud_eval_cards(hands, width)) {
            printf("stud_batch is not the high kind\n");
            return 1;
        }
    }
    printf("ok\n");
    return 0;
}
