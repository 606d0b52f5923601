/* Reading a Python int's small value without a function call: the per-call entry points
 * (evaluate, the small equity route) take cards as plain ints, and PyLong_AsLong was about a
 * tenth of an evaluate call. CPython's compact ints keep their value in one digit; where that
 * layout is not known (another interpreter, the limited API) the public call is used. */
#ifndef STUD_PYINT_H
#define STUD_PYINT_H

#include <Python.h>

/* The value of an exact int (the caller checked PyLong_CheckExact) if it is 0..limit, else -1.
 * Never sets a Python error. */
static inline long stud_small_int(PyObject *o, long limit) {
#if defined(PYPY_VERSION) || defined(Py_LIMITED_API)
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) PyErr_Clear();
    return (overflow || v < 0 || v > limit) ? -1 : v;
#elif PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact((PyLongObject *)o)) return -1;
    Py_ssize_t v = PyUnstable_Long_CompactValue((PyLongObject *)o);
    return (v < 0 || v > limit) ? -1 : (long)v;
#else
    Py_ssize_t size = Py_SIZE(o);
    if (size == 0) return 0;
    if (size != 1) return -1; /* negative, or more than one digit */
    long v = (long)((PyLongObject *)o)->ob_digit[0];
    return v > limit ? -1 : v;
#endif
}

#endif
