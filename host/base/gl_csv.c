#include "base/gl_csv.h"

#include <string.h>

#include "base/gl_esc.h"

/* RFC 4180: inside a quoted field a quote is doubled. */
static const char *const csv_with[256] = { ['"'] = "\"\"" };
static const struct gl_esc csv_esc = { csv_with, NULL };

void gl_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	gl_esc_write(f, s, &csv_esc);
	fputc('"', f);
}
