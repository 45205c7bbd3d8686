/*
 * gl_str — bounded string building. Truncation is reported, not silent:
 * both return false when src/the formatted text did not fit (dst still holds
 * the truncated, terminated text).
 */
#ifndef GL_STR_H
#define GL_STR_H

#include <stdbool.h>
#include <stddef.h>

bool gl_str_copy(char *dst, size_t len, const char *src);
bool gl_str_fmt(char *dst, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
