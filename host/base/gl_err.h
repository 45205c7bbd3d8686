/*
 * gl_err — the one error message a failing host function hands back.
 *
 * Every fallible host function takes a struct gl_err * and, on failure,
 * writes one sentence into it naming the thing that is wrong and what is
 * expected; the caller prints it once and decides the exit code.
 */
#ifndef GL_ERR_H
#define GL_ERR_H

#include <stdbool.h>

#define GL_ERR_MAX 2048

struct gl_err {
	char msg[GL_ERR_MAX];
};

/* printf-style; always returns false so that `return gl_err_set(e, ...)`
 * reads as "fail with this message". A NULL e is allowed (message dropped). */
bool gl_err_set(struct gl_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Prepend context: "loading copy.co: " + the existing message. */
bool gl_err_prefix(struct gl_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
