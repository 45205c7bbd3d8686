/*
 * gl_esc — text written escaped for where it goes (a JSON string, HTML,
 * an SVG title): one table of replacements per format, one writer.
 */
#ifndef GL_ESC_H
#define GL_ESC_H

#include <stdio.h>

struct gl_esc {
	const char *const *with;   /* [256]: a byte's replacement; NULL: the byte itself */
	const char *ctrl_hex;      /* the other bytes below 0x20: this, then two hex digits (NULL: themselves) */
};

/* s to f, each byte as esc says. */
void gl_esc_write(FILE *f, const char *s, const struct gl_esc *esc);

#endif
