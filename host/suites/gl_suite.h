/*
 * gl_suite — the benchmark suites `gcnlab run` knows. Each suite lives in
 * host/suites/suite_<name>.c, is written on gl_bench.h and exports one
 * struct gl_suite; gl_suites.c lists them.
 */
#ifndef GL_SUITE_H
#define GL_SUITE_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "measure/gl_run_ctx.h"
#include "base/gl_err.h"

/* Results of run(). */
enum {
	GL_SUITE_OK = 0,      /* every kernel ran and validated */
	GL_SUITE_FAILED = 1,  /* ran to the end, some kernels failed or were missing */
	GL_SUITE_ERROR = 2,   /* could not run (e holds why) */
};

/* How a suite launches one of its kernels, in `gcnlab exec` terms: the
 * code object, the launch shape and one ARG string per explicit kernel
 * argument (buf:SIZE[:INIT], u32:V, ...; see gcnlab exec --help). */
#define GL_SUITE_LAUNCH_MAX_ARGS 16
#define GL_SUITE_LAUNCH_ARG_LEN 128
struct gl_suite_launch {
	char code[PATH_MAX];
	char kernel[128];
	uint32_t grid[3];
	uint32_t block[3];
	unsigned dims;
	uint32_t dynamic_lds;
	unsigned nargs;
	char args[GL_SUITE_LAUNCH_MAX_ARGS][GL_SUITE_LAUNCH_ARG_LEN];
	/* Optional, for gcnlab compare: */
	char ref[128];           /* the kernel's HIP reference ("" none) */
	uint64_t bytes;          /* bytes read + written per dispatch, for GB/s (0: not meaningful) */
};

/* Results of launch(). */
enum {
	GL_SUITE_LAUNCH_NOT_MINE = 0,  /* the suite has no such kernel */
	GL_SUITE_LAUNCH_OK = 1,
	GL_SUITE_LAUNCH_ERROR = 2,     /* the suite's kernel, but e says why it cannot run */
};

/* A parameter a suite reads from `gcnlab run --param KEY=VALUE` (gl_params.h).
 * help says what it is and its defaults (emulator-sized / --long). */
struct gl_suite_param {
	const char *key;
	const char *help;
};

/* A suite's --param interface: the keys it reads (ended by a NULL key;
 * gcnlab list shows them) and check(), which reads and checks their values
 * without dispatching anything (NULL: nothing to check). gcnlab run asks
 * every suite it runs before the first one runs, so that a bad value is
 * bad input (exit 2), not a failure after the others ran. ctx->hsa is open. */
struct gl_suite_params {
	const struct gl_suite_param *keys;
	bool (*check)(struct gl_run_ctx *ctx, struct gl_err *e);
};

/* list() reports each kernel: name, and detail (its code object, or where
 * it was looked for). */
typedef void (*gl_suite_emit_fn)(void *user, const char *kernel, const char *detail);

struct gl_bench_launch;

struct gl_suite {
	const char *name;
	const char *summary;
	/* Kernels of the suite. ctx->arch may be "" (then no file lookup);
	 * ctx->hsa is NULL. Optional when launches is given. */
	bool (*list)(const struct gl_run_ctx *ctx, gl_suite_emit_fn emit, void *user);
	/* Run everything: print the table on stdout, write the results files.
	 * Problems with single kernels are reported on stderr and in the
	 * table, and the suite goes on. */
	int (*run)(struct gl_run_ctx *ctx, struct gl_err *e);
	/* Optional: the suite's own launch of `kernel` for ctx->arch, so that
	 * any suite kernel can be run alone (gcnlab trace, make trace).
	 * ctx->hsa is NULL. Returns GL_SUITE_LAUNCH_*. */
	int (*launch)(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
	              struct gl_err *e);
	/* Optional: the --param keys the suite reads, and their check. */
	const struct gl_suite_params *params;
	/* Optional: a table of each kernel's launch, in list order
	 * (gl_bench.h). A suite that gives it needs neither list() nor
	 * launch(): the framework lists the table's kernels and launches them
	 * from it (gl_suites_list, gl_suites_launch). */
	const struct gl_bench_launch *launches;
	unsigned nlaunches;
};

/* Entries of a static array, for nlaunches. */
#define GL_SUITE_COUNT(a) (sizeof(a) / sizeof((a)[0]))
/* launches and nlaunches of a suite from one static table. */
#define GL_SUITE_LAUNCHES(tab) .launches = (tab), .nlaunches = GL_SUITE_COUNT(tab)

/* All suites, NULL-terminated. */
const struct gl_suite *const *gl_suites_all(void);
const struct gl_suite *gl_suites_find(const char *name);
/* "copy, latency, ..." for messages. */
void gl_suites_names(char *buf, size_t len);

/* s's kernels through emit: its list(), or its launches table. */
bool gl_suites_list(const struct gl_suite *s, const struct gl_run_ctx *ctx, gl_suite_emit_fn emit, void *user);

/* The launch of `kernel` from the suite that owns it (asks every suite's
 * launch()): GL_SUITE_LAUNCH_*; *suite (optional) names that suite. */
int gl_suites_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                     const char **suite, struct gl_err *e);
/* The same for `gcnlab trace`: false with e naming the problem (no suite
 * has such a kernel, or its code object is not built). */
bool gl_suites_find_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                           struct gl_err *e);
/* The suite kernel nearest a misspelt kernel (gl_suggest.h), else NULL. */
struct gl_suggest;
const char *gl_suites_suggest(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suggest *s);

/* `gcnlab exec` arguments for a launch: CODE KERNEL --grid .. --block ..
 * [--dynamic-lds N] ARG...; argv[i] point into store. Returns argc, or 0
 * when max (or GL_SUITES_ARG_LEN for the code object's path) is too small. */
#define GL_SUITES_ARG_LEN 1024
unsigned gl_suites_exec_argv(const struct gl_suite_launch *l, char (*store)[GL_SUITES_ARG_LEN], char **argv,
                             unsigned max);

#endif
