/* Checks one build of the batch kernels (the path picked by -D flags) against the per-hand
 * kernels, for each kind (high, ace-to-five low, eight-or-better low): random rows of 5, 6 and
 * 7 cards, and bad rows (a repeated card, a byte above 51).
 * Prints "ok" and exits 0 when all agree. Built (linked with tables_data.c) and run by
 * tests/core/test_kernel_paths.py. */
#include <stdio.h>
#include <stdlib.h>
#include "_batch.h"

extern const stud_tables *const STUD_TEST_TABLES; /* tables_data.c */

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(void) {
    enum { ROWS = 100000 };
    stud_use_tables(STUD_TEST_TABLES);
    static uint8_t hands[ROWS * 7];
    static uint16_t out[ROWS];
    for (int width = 5; width <= 7; width++) {
        for (int i = 0; i < ROWS; i++) {
            uint64_t seen = 0;
            for (int j = 0; j < width;) {
                int c = (int)(next() % 52);
                if (seen >> c & 1) continue;
                seen |= 1ULL << c;
                hands[i * width + j++] = (uint8_t)c;
            }
        }
        for (int kind = STUD_KIND_HIGH; kind <= STUD_KIND_LOW8; kind++) {
            for (int check = 0; check <= 1; check++) {
                if (stud_batch_kind(hands, width, ROWS, out, check, kind)) {
                    printf("good rows refused\n");
                    return 1;
                }
                for (int i = 0; i < ROWS; i++) {
                    const uint8_t *c = hands + i * width;
                    int want = kind == STUD_KIND_HIGH  ? stud_eval_cards(c, width)
                               : kind == STUD_KIND_LOW ? stud_low_cards(c, width)
                                                       : stud_low8_cards(c, width);
                    if (out[i] != want) {
                        printf("kind %d row %d differs\n", kind, i);
                        return 1;
                    }
                }
            }
            uint8_t row[7] = {0, 4, 8, 12, 16, 20, 24};
            row[width - 1] = row[0]; /* a repeated card */
            if (!stud_batch_kind(row, width, 1, out, 1, kind)) {
                printf("repeat not caught (%d cards)\n", width);
                return 1;
            }
            row[width - 1] = 200; /* not a card */
            if (!stud_batch_kind(row, width, 1, out, 0, kind) || !stud_batch_kind(row, width, 1, out, 1, kind)) {
                printf("byte 200 not caught (%d cards)\n", width);
                return 1;
            }
        }
        if (stud_batch(hands, width, ROWS, out, 1) || out[0] != stud_eval_cards(hands, width)) {
            printf("stud_batch is not the high kind\n");
            return 1;
        }
    }
    printf("ok\n");
    return 0;
}
