#include "base/gl_json.h"

#include <math.h>
#include <string.h>

#include "base/gl_esc.h"

void gl_json_init(struct gl_json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->first[0] = true;
}

/* RFC 8259 section 7: the quote, the backslash and the control characters
 * (\u00XX unless they have a short form); UTF-8 bytes pass through. */
static const char *const json_with[256] = {
	['"'] = "\\\"", ['\\'] = "\\\\", ['\n'] = "\\n", ['\t'] = "\\t", ['\r'] = "\\r",
};
static const struct gl_esc json_esc = { json_with, "\\u00" };

void gl_json_write_string(FILE *f, const char *s)
{
	fputc('"', f);
	gl_esc_write(f, s, &json_esc);
	fputc('"', f);
}

/* The comma, newline and indent before an element, then "key": . */
static void element(struct gl_json *j, const char *key)
{
	if (j->depth) {
		if (!j->first[j->depth])
			fputc(',', j->f);
		fputc('\n', j->f);
		for (unsigned i = 0; i < j->depth; i++)
			fputs("  ", j->f);
	}
	j->first[j->depth] = false;
	if (key) {
		gl_json_write_string(j->f, key);
		fputs(": ", j->f);
	}
}

static void open_(struct gl_json *j, const char *key, char c)
{
	element(j, key);
	fputc(c, j->f);
	/* Deeper than GL_JSON_DEPTH is a caller bug; stay on the last level. */
	if (j->depth + 1 < GL_JSON_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
	j->close[j->depth] = c == '{' ? '}' : ']';
}

void gl_json_object(struct gl_json *j, const char *key)
{
	open_(j, key, '{');
}

void gl_json_array(struct gl_json *j, const char *key)
{
	open_(j, key, '[');
}

void gl_json_end(struct gl_json *j)
{
	if (!j->depth)
		return;
	if (!j->first[j->depth]) {
		fputc('\n', j->f);
		for (unsigned i = 1; i < j->depth; i++)
			fputs("  ", j->f);
	}
	fputc(j->close[j->depth], j->f);
	j->depth--;
}

void gl_json_str(struct gl_json *j, const char *key, const char *v)
{
	element(j, key);
	gl_json_write_string(j->f, v);
}

void gl_json_u64(struct gl_json *j, const char *key, uint64_t v)
{
	element(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void gl_json_num(struct gl_json *j, const char *key, double v)
{
	element(j, key);
	if (isfinite(v))
		fprintf(j->f, "%.15g", v);
	else
		fputs("null", j->f);
}

void gl_json_bool(struct gl_json *j, const char *key, bool v)
{
	element(j, key);
	fputs(v ? "true" : "false", j->f);
}

void gl_json_null(struct gl_json *j, const char *key)
{
	element(j, key);
	fputs("null", j->f);
}

void gl_json_finish(struct gl_json *j)
{
	fputc('\n', j->f);
}
