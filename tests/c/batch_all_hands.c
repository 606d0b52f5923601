/* Checks the widest vector path this build runs (_batch_simd.h: NEON on arm64, AVX-512 or
 * AVX2 on x86-64) against the scalar kernel of _batch.h, bit for bit, over every hand of the
 * lengths and kinds given: every 5-, 6- and 7-card subset of the deck (133,784,560 of 7),
 * in chunks of 65,536 rows (16 rows a block, so every chunk a whole number of blocks; the last
 * chunk a tail too), the cards of each row rotated by a different amount (row index mod the
 * length), so that each card of a subset sits at each position of a row in turn. The vector
 * path runs with the repeat check on in even chunks and off in odd ones; every chunk must be
 * judged good. Bad rows at every position of a batch are batch_paths.c's.
 *
 *   batch_all_hands LENGTHS KINDS [SAMPLE]
 *
 * LENGTHS: digits 5, 6, 7; KINDS: digits, the STUD_KIND_* codes (0 high, 1 low, 2 low8,
 * 3 low27); SAMPLE (default 1): only every SAMPLE-th chunk of the subsets (a spread sample).
 * Prints the rows compared and "ok", exits 0 when all agree. Built (linked with tables_data.c)
 * and run by tests/core/test_kernel_paths.py, under qemu for arm64. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "_batch_simd.h"

extern const stud_tables *const STUD_TEST_TABLES; /* tables_data.c */

enum { CHUNK = 65536 };
static uint8_t hands[CHUNK * 7];
static uint16_t want[CHUNK], got[CHUNK];

/* the next k-subset of 0..51 in lexicographic order; 0 after the last */
static int next_subset(int *c, int k) {
    int i = k - 1;
    while (i >= 0 && c[i] == 52 - k + i) i--;
    if (i < 0) return 0;
    c[i]++;
    for (int j = i + 1; j < k; j++) c[j] = c[j - 1] + 1;
    return 1;
}

static int compare(int k, size_t rows, const int *kinds, int nkinds, int path, int check, unsigned long long at) {
    for (int q = 0; q < nkinds; q++) {
        int kind = kinds[q];
        memset(want, 0xEE, sizeof want);
        memset(got, 0xDD, sizeof got);
        int bad_want = stud_batch_kind(hands, k, rows, want, 1, kind);
        int bad_got = stud_batch_path(hands, k, rows, got, check, kind, path);
        if (bad_want || bad_got) {
            printf("%d cards, kind %d, rows from %llu: good rows refused (scalar %d, path %d %d)\n", k, kind, at,
                   bad_want, path, bad_got);
            return 1;
        }
        if (memcmp(want, got, rows * sizeof want[0]) != 0) {
            for (size_t i = 0; i < rows; i++) {
                if (want[i] != got[i]) {
                    printf("%d cards, kind %d, path %d, check %d: row %llu", k, kind, path, check, at + i);
                    for (int j = 0; j < k; j++) printf(" %d", hands[i * k + j]);
                    printf(": %d, scalar %d\n", got[i], want[i]);
                    break;
                }
            }
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        printf("usage: batch_all_hands LENGTHS KINDS [SAMPLE]\n");
        return 2;
    }
    stud_use_tables(STUD_TEST_TABLES);
    int path = stud_simd_best();
    int kinds[STUD_KINDS], nkinds = 0;
    for (const char *p = argv[2]; *p && nkinds < STUD_KINDS; p++) {
        if (*p >= '0' && *p < '0' + STUD_KINDS) kinds[nkinds++] = *p - '0';
    }
    long sample = argc > 3 ? strtol(argv[3], NULL, 10) : 1;
    if (sample < 1) sample = 1;
    unsigned long long compared = 0;
    for (const char *p = argv[1]; *p; p++) {
        int k = *p - '0';
        if (k < 5 || k > 7) continue;
        int c[7];
        for (int j = 0; j < k; j++) c[j] = j;
        unsigned long long row = 0, chunk = 0;
        int more = 1;
        while (more) {
            size_t rows = 0;
            int take = chunk % (unsigned long long)sample == 0;
            if (!take) { /* a chunk left out: only the subsets counted */
                for (; rows < CHUNK && more; rows++) more = next_subset(c, k);
            }
            for (; rows < CHUNK && more; rows++, more = next_subset(c, k)) {
                int turn = (int)((row + rows) % (unsigned)k);
                for (int j = 0; j < k; j++) hands[rows * k + j] = (uint8_t)c[(j + turn) % k];
            }
            if (take) {
                if (compare(k, rows, kinds, nkinds, path, (int)(chunk & 1) ^ 1, row)) return 1;
                compared += rows * (unsigned long long)nkinds;
            }
            row += rows;
            chunk++;
        }
    }
    printf("path %d: %llu rows compared\nok\n", path, compared);
    return 0;
}
