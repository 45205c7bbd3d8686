#include "base/gl_str.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool gl_str_copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (len == 0)
		return false;
	if (n >= len) {
		memcpy(dst, src, len - 1);
		dst[len - 1] = '\0';
		return false;
	}
	memcpy(dst, src, n + 1);
	return true;
}

bool gl_str_fmt(char *dst, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(dst, len, fmt, ap);
	va_end(ap);
	return n >= 0 && (size_t)n < len;
}
