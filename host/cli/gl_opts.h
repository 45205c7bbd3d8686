/*
 * gl_opts — table-driven command-line options for the gcnlab subcommands.
 *
 * A subcommand describes its options as an array of struct gl_opt (ending
 * with a zeroed entry); each entry writes into a field of the caller's
 * option struct at .offset. Adding an option is adding a row. Accepts
 * "--name value" and "--name=value"; "--" ends the options; anything not
 * starting with '-' is positional.
 */
#ifndef GL_OPTS_H
#define GL_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/gl_err.h"

enum gl_opt_type {
	GL_OPT_END = 0,
	GL_OPT_FLAG,    /* bool, no value */
	GL_OPT_UINT,    /* unsigned, decimal or 0x hex, in [min, max] */
	GL_OPT_DOUBLE,  /* double, > 0 and <= max (max 0: no bound) */
	GL_OPT_STRING,  /* char[size]; one of choices[] when choices is set */
	GL_OPT_DIMS,    /* struct gl_dims: X[,Y[,Z]], each 1..max */
};

struct gl_dims {
	uint32_t v[3];
	unsigned n;     /* dimensions given; 0 = option absent */
};

struct gl_opt {
	const char *name;             /* "--reps" */
	enum gl_opt_type type;
	size_t offset;                /* offsetof(options struct, field) */
	const char *metavar;          /* "N" (shown in --help) */
	const char *help;
	uint64_t min, max;            /* GL_OPT_UINT bounds; GL_OPT_DIMS/DOUBLE max */
	size_t size;                  /* GL_OPT_STRING buffer size */
	const char *const *choices;   /* GL_OPT_STRING: NULL-terminated allowed values */
	/* Extra validation of a string value; writes e and returns false. */
	bool (*check)(const char *opt, const char *value, struct gl_err *e);
};

/* Parse argv[0..argc) (argv[0] is the first argument after the subcommand).
 * Positional arguments go to pos[0..*npos) (at most max_pos; more is an
 * error). --help / -h sets *help and stops. cmd names the subcommand in
 * messages ("gcnlab run"). */
bool gl_opts_parse(const char *cmd, const struct gl_opt *opts, void *target, int argc,
                   char **argv, const char **pos, unsigned max_pos, unsigned *npos,
                   bool *help, struct gl_err *e);

/* The option list for --help. */
void gl_opts_print_help(FILE *f, const struct gl_opt *opts);

/* The same as a Markdown table (| option | meaning |), for the README's
 * command reference (`gcnlab help --markdown`); '|' in texts escaped. */
void gl_opts_print_markdown(FILE *f, const struct gl_opt *opts);

/* s with Markdown table cell escapes ('|' -> '\|'). */
void gl_opts_md_cell(FILE *f, const char *s);

#endif
