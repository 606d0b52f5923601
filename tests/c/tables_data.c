/* The tables' contents in a translation unit of their own: tests/core/test_kernel_paths.py
 * compiles it once per compiler and links it into each build of batch_paths.c (its 2.5 MB of
 * initializers take most of a build's time). */
#include "_tables_data.h"

const stud_tables *const STUD_TEST_TABLES = &STUD_TABLES_DATA;
