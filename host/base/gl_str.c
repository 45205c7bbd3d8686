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

void gl_str_bytes(uint64_t bytes, bool whole, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;
	uint64_t div = 1;

	while (u + 1 < sizeof(unit) / sizeof(unit[0]) && bytes >= div * 1024 &&
	       (!whole || bytes % (div * 1024) == 0)) {
		div *= 1024;
		u++;
	}
	if (bytes % div == 0)
		gl_str_fmt(buf, len, "%llu %s", (unsigned long long)(bytes / div), unit[u]);
	else
		gl_str_fmt(buf, len, "%.2f %s", (double)bytes / (double)div, unit[u]);
}
