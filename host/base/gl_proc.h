/*
 * gl_proc — run an external tool (gnuplot, rocm-smi) and collect its output.
 */
#ifndef GL_PROC_H
#define GL_PROC_H

#include <stdbool.h>
#include <stddef.h>

#include "base/gl_err.h"

/* True when name is an executable file in a $PATH directory. */
bool gl_proc_in_path(const char *name);

/* Run argv (argv[0] searched in $PATH) with stdin from /dev/null and
 * stdout+stderr collected into out[0..outlen) (truncated, terminated; out
 * may be NULL). *status gets the exit status (-1 if killed by a signal).
 * False only when the program could not be started. */
bool gl_proc_run(char *const argv[], char *out, size_t outlen, int *status, struct gl_err *e);

#endif
