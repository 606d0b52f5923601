/* OpenMP where the build has it: how many threads a parallel loop may use by default. */
#ifndef STUD_THREADS_H
#define STUD_THREADS_H

#ifdef _OPENMP
#include <omp.h>
static int stud_max_threads(void) { return omp_get_max_threads(); }
#define STUD_OPENMP 1
#else
static int stud_max_threads(void) { return 1; }
#define STUD_OPENMP 0
#endif

#endif
