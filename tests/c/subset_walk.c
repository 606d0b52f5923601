/* Checks the subset walk of _subsets.h (the exact heads-up count's inner loop) against a
 * direct count: insert random completions, then query others and compare with the signed
 * sum over their subsets S of the number of inserted completions that contain S, for every
 * completion size, largest subset size and choice of sizes. Prints "ok" and exits 0 when all
 * agree. Built and run by tests/core/test_kernel_paths.py. */
#include <stdio.h>
#include <stdlib.h>
#include "_combin.h"
#include "_subsets.h"

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* r distinct positions below n, increasing, packed 6 bits each; also as a bit set */
static uint64_t completion(int n, int r, uint64_t *set) {
    uint64_t s = 0, code = 0;
    int got = 0;
    while (got < r) {
        int p = (int)(next() % (uint64_t)n);
        if (!(s >> p & 1)) {
            s |= 1ULL << p;
            got++;
        }
    }
    for (int p = 0, i = 0; p < n; p++) {
        if (s >> p & 1) code |= (uint64_t)p << (6 * i++);
    }
    *set = s;
    return code;
}

int main(void) {
    enum { N = 30, INSERTED = 80, QUERIES = 40 };
    static int32_t table[1 << 20];
    static uint64_t sets[INSERTED];
    int64_t offset[STUD_BINOM_K + 1];
    offset[0] = 0;
    for (int k = 0; k < STUD_BINOM_K; k++) offset[k + 1] = offset[k] + STUD_BINOM[N][k];
    for (int rb = 0; rb <= 7; rb++) {
        for (int ra = 0; ra <= 7; ra++) {
            for (int build = 0; build <= 6; build++) {
                for (int sizes = 1; sizes < (2 << build); sizes += 1 + (int)(next() % 9)) {
                    for (int64_t i = 0; i < offset[build + 1]; i++) table[i] = 0;
                    for (int i = 0; i < INSERTED; i++) {
                        uint64_t code = completion(N, rb, &sets[i]);
                        stud_subset_insert(table, code, rb, build, offset, sizes, &STUD_BINOM[0][0]);
                    }
                    for (int q = 0; q < QUERIES; q++) {
                        uint64_t a;
                        uint64_t code = completion(N, ra, &a);
                        int64_t got = stud_subset_query(table, code, ra, build, offset, sizes, &STUD_BINOM[0][0]);
                        int pos[7], m = 0;
                        for (int p = 0; p < N; p++)
                            if (a >> p & 1) pos[m++] = p;
                        int64_t want = 0;
                        for (int sub = 0; sub < (1 << ra); sub++) {
                            uint64_t s = 0;
                            int k = 0;
                            for (int j = 0; j < ra; j++)
                                if (sub >> j & 1) {
                                    s |= 1ULL << pos[j];
                                    k++;
                                }
                            if (k > build || !(sizes >> k & 1)) continue;
                            for (int i = 0; i < INSERTED; i++) {
                                if ((sets[i] & s) == s) want += (k & 1) ? -1 : 1;
                            }
                        }
                        if (got != want) {
                            printf("ra=%d rb=%d build=%d sizes=%d: got %lld, want %lld\n", ra, rb, build, sizes,
                                   (long long)got, (long long)want);
                            return 1;
                        }
                    }
                }
            }
        }
    }
    printf("ok\n");
    return 0;
}
