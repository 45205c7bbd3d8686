/*
 * gl_suite — the benchmark suites `gcnlab run` knows. Each suite lives in
 * host/suite_<name>.c and exports one struct gl_suite; gl_suites.c lists
 * them.
 */
#ifndef GL_SUITE_H
#define GL_SUITE_H

#include <stdbool.h>

#include "gl_ctx.h"
#include "gl_err.h"

/* Results of run(). */
enum {
	GL_SUITE_OK = 0,      /* every kernel ran and validated */
	GL_SUITE_FAILED = 1,  /* ran to the end, some kernels failed or were missing */
	GL_SUITE_ERROR = 2,   /* could not run (e holds why) */
};

/* list() reports each kernel: name, and detail (its code object, or where
 * it was looked for). */
typedef void (*gl_suite_emit_fn)(void *user, const char *kernel, const char *detail);

struct gl_suite {
	const char *name;
	const char *summary;
	/* Kernels of the suite. ctx->arch may be "" (then no file lookup);
	 * ctx->hsa is NULL. */
	bool (*list)(const struct gl_ctx *ctx, gl_suite_emit_fn emit, void *user);
	/* Run everything: print the table on stdout, write the results files.
	 * Problems with single kernels are reported on stderr and in the
	 * table, and the suite goes on. */
	int (*run)(struct gl_ctx *ctx, struct gl_err *e);
};

/* All suites, NULL-terminated. */
const struct gl_suite *const *gl_suites_all(void);
const struct gl_suite *gl_suites_find(const char *name);
/* "copy, latency, ..." for messages. */
void gl_suites_names(char *buf, size_t len);

#endif
