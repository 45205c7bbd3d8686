#include "base/gl_esc.h"

void gl_esc_write(FILE *f, const char *s, const struct gl_esc *esc)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (esc->with[*p])
			fputs(esc->with[*p], f);
		else if (esc->ctrl_hex && *p < 0x20)
			fprintf(f, "%s%02x", esc->ctrl_hex, *p);
		else
			fputc(*p, f);
	}
}
