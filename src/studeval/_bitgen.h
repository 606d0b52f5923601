/* numpy's bitgen_t (numpy/random/bitgen.h), declared here so the build needs no numpy
 * headers; its layout is part of numpy's stable C interface for bit generators. */
#ifndef STUD_BITGEN_H
#define STUD_BITGEN_H

#include <stdint.h>

typedef struct stud_bitgen {
    void *state;
    uint64_t (*next_uint64)(void *st);
    uint32_t (*next_uint32)(void *st);
    double (*next_double)(void *st);
    uint64_t (*next_raw)(void *st);
} stud_bitgen_t;

#endif
