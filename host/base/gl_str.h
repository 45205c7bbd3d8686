/*
 * gl_str — bounded string building. Truncation is reported, not silent:
 * both return false when src/the formatted text did not fit (dst still holds
 * the truncated, terminated text).
 */
#ifndef GL_STR_H
#define GL_STR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool gl_str_copy(char *dst, size_t len, const char *src);
bool gl_str_fmt(char *dst, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A byte count in 1024-based units, the largest of B .. TiB not above it:
 * "512 B", "3 MiB", "1.50 GiB" (two decimals when the unit does not divide
 * it). whole: only a unit that divides it, so the figure is an integer:
 * "4 KiB", "1000 B" (footprints and sizes in result tables). */
void gl_str_bytes(uint64_t bytes, bool whole, char *buf, size_t len);

#endif
