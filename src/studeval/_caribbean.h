/* The banked game's money type (see _caribbean.pyx): exact sums of scaled pays.
 *
 * A 128-bit integer where the compiler has one (GCC, Clang), else 64 bits; the Python side
 * reads STUD_MONEY_BITS and refuses a pay table whose sums could overflow it. */
#ifndef STUDEVAL_CARIBBEAN_H
#define STUDEVAL_CARIBBEAN_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__)
typedef __int128 stud_money;
#define STUD_MONEY_BITS 128
#else
typedef int64_t stud_money;
#define STUD_MONEY_BITS 64
#endif

#endif /* STUDEVAL_CARIBBEAN_H */
