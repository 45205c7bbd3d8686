/*
 * gl_json — a small streaming JSON writer (RFC 8259) for gcnlab's
 * machine-readable outputs (`exec --json`, `info --json`). Objects and
 * arrays nest up to GL_JSON_DEPTH; the writer puts the commas, indents two
 * spaces per level, escapes strings, and writes numbers that are not
 * finite as null (JSON has no NaN or infinity).
 */
#ifndef GL_JSON_H
#define GL_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define GL_JSON_DEPTH 16

struct gl_json {
	FILE *f;
	unsigned depth;
	bool first[GL_JSON_DEPTH];   /* nothing written yet at this level */
	char close[GL_JSON_DEPTH];   /* '}' or ']' of each open level */
};

void gl_json_init(struct gl_json *j, FILE *f);
/* key is NULL inside arrays and at the top level. */
void gl_json_object(struct gl_json *j, const char *key);
void gl_json_array(struct gl_json *j, const char *key);
void gl_json_end(struct gl_json *j);   /* closes the innermost object or array */
void gl_json_str(struct gl_json *j, const char *key, const char *v);
void gl_json_u64(struct gl_json *j, const char *key, uint64_t v);
void gl_json_num(struct gl_json *j, const char *key, double v);   /* %.15g, or null */
void gl_json_bool(struct gl_json *j, const char *key, bool v);
void gl_json_null(struct gl_json *j, const char *key);
/* Ends the document with a newline. */
void gl_json_finish(struct gl_json *j);

/* s as a JSON string literal, quotes included, into f. */
void gl_json_write_string(FILE *f, const char *s);

#endif
