#include "base/gl_err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool gl_err_set(struct gl_err *e, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return false;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return false;
}

bool gl_err_prefix(struct gl_err *e, const char *fmt, ...)
{
	char head[GL_ERR_MAX];
	size_t hlen, tlen;
	va_list ap;

	if (!e)
		return false;
	va_start(ap, fmt);
	vsnprintf(head, sizeof(head), fmt, ap);
	va_end(ap);
	hlen = strlen(head);
	tlen = strnlen(e->msg, sizeof(e->msg) - 1);
	/* Keep the head whole and truncate the old message if both do not fit. */
	if (hlen + tlen > sizeof(e->msg) - 1)
		tlen = sizeof(e->msg) - 1 - hlen;
	memmove(e->msg + hlen, e->msg, tlen);
	memcpy(e->msg, head, hlen);
	e->msg[hlen + tlen] = '\0';
	return false;
}
