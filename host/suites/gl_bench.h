/*
 * gl_bench — the one framework every suite is written on: where a kernel's
 * code object is (build/<arch>/<kernel>.co unless the suite names other
 * files), the suite's kernel list and launches (gcnlab list, trace and
 * compare), code objects loaded once per run (or per clock state), 1-D
 * dispatches, cycle samples written by the kernels
 * (asm/include/gcnlab_sample.inc), the parameters every result records,
 * writing tables and charts.
 */
#ifndef GL_BENCH_H
#define GL_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/gl_chart.h"
#include "measure/gl_run_ctx.h"
#include "base/gl_err.h"
#include "gpu/gl_hsa.h"
#include "report/gl_ref.h"
#include "report/gl_results.h"
#include "suites/gl_suite.h"
#include "measure/gl_timing.h"

#define GL_BENCH_MAX_KERNELS 32
#define GL_BENCH_MAX_CODES 24
#define GL_BENCH_MAX_FILES 2
#define GL_BENCH_FILE_LEN 160

/* The files (in build/<arch>/) a kernel's code object may be, first found
 * wins; returns how many (1..GL_BENCH_MAX_FILES). NULL stands for the
 * default, <kernel>.co alone. */
typedef unsigned (*gl_bench_files_fn)(const char *kernel, char files[GL_BENCH_MAX_FILES][GL_BENCH_FILE_LEN]);

/* Where kernel's code object is for arch, into path; tried (optional) gets
 * the candidates for a "not built" message. */
bool gl_bench_code_path(const struct gl_run_ctx *ctx, const char *arch, const char *kernel,
                        gl_bench_files_fn files, char *path, size_t len, char *tried, size_t tried_len);

/* Suite list(): each name with its code object (or where it was looked for). */
bool gl_bench_list(const struct gl_run_ctx *ctx, const char *const *names, unsigned n,
                   gl_bench_files_fn files, gl_suite_emit_fn emit, void *user);

/* A suite's launch(): out->code and out->kernel for ctx->arch, or false
 * with e saying the kernel is not built (GL_SUITE_LAUNCH_ERROR). */
bool gl_bench_launch_code(const struct gl_run_ctx *ctx, const char *suite, const char *kernel,
                          gl_bench_files_fn files, struct gl_suite_launch *out, struct gl_err *e);

/* A loaded code object; code NULL: loading failed, error says why. */
struct gl_bench_code {
	char path[PATH_MAX];
	struct gl_hsa_code *code;
	char error[512];
};

struct gl_bench_kernel {
	char name[64];
	struct gl_hsa_kernel k;
};

struct gl_cold_cache;

struct gl_bench {
	struct gl_run_ctx *ctx;
	const char *suite;
	struct gl_cold_cache *cold;   /* cold mode for gl_bench_dispatch_rep (NULL: hot) */
	unsigned ncodes, n;
	struct gl_bench_code codes[GL_BENCH_MAX_CODES];
	struct gl_bench_kernel kern[GL_BENCH_MAX_KERNELS];
	char last_fail[GL_ERR_MAX];   /* gl_bench_fail: the last reason printed */
	unsigned fail_repeats;        /* ... and how often it came again since */
};

/* A row that failed, on stderr: "<what>: <why>" (what may be NULL). A why
 * equal to the last one is counted instead of printed again (one truncated
 * code object fails every row the same way); gl_bench_fail_end, also called
 * by gl_bench_fini, says how many rows it was. */
void gl_bench_fail(struct gl_bench *m, const char *what, const char *why);
void gl_bench_fail_end(struct gl_bench *m);

void gl_bench_init(struct gl_bench *m, struct gl_run_ctx *ctx, const char *suite);

/* Defines `name`, a suite's --param interface (struct gl_suite_params),
 * for a suite whose values one function reads, bool config(const struct
 * gl_run_ctx *, cfg_type *, struct gl_err *): its check() reads them into
 * a throwaway cfg_type (run() reads them again for itself). */
#define GL_BENCH_PARAMS(name, keys, cfg_type, config)                    \
	static bool name##_check(struct gl_run_ctx *ctx, struct gl_err *e) \
	{                                                                  \
		cfg_type cfg;                                              \
		return config(ctx, &cfg, e);                               \
	}                                                                  \
	static const struct gl_suite_params name = { (keys), name##_check }

/* Frees the code objects (before the backend closes, or a clock state
 * reopens it); m stays usable. */
void gl_bench_fini(struct gl_bench *m);

/* The kernel `name` from build/<arch>/<name>.co, loaded on first use. On
 * failure e says which file was looked for. */
bool gl_bench_kernel(struct gl_bench *m, const char *name, const struct gl_hsa_kernel **out,
                     struct gl_err *e);

/* The kernel `name` of the code object at path (gl_bench_code_path), each
 * loaded once: a file that failed to load fails again with the same
 * message, without a second try. e is the runtime's message, unprefixed. */
bool gl_bench_kernel_at(struct gl_bench *m, const char *path, const char *name,
                        const struct gl_hsa_kernel **out, struct gl_err *e);

/* One kernel's launch as a suite's launch() gives it (gl_suite.h):
 * a 1-D grid of `grid` work-items in work-groups of `block`, the exec ARGs
 * (NULL-terminated). Small: one CU's worth, so trace and compare are fast. */
struct gl_bench_launch {
	const char *name;
	uint32_t grid, block;
	const char *args[6];
};

/* launch() from a table: the entry of tab[0..n) named kernel, with its
 * code object for ctx->arch. GL_SUITE_LAUNCH_*. */
int gl_bench_launch(const struct gl_run_ctx *ctx, const char *suite, const struct gl_bench_launch *tab,
                    unsigned n, const char *kernel, struct gl_suite_launch *out, struct gl_err *e);
/* list() from a table: gl_bench_list of the names in tab[0..n). */
bool gl_bench_list_launches(const struct gl_run_ctx *ctx, const struct gl_bench_launch *tab, unsigned n,
                            gl_suite_emit_fn emit, void *user);

/* Kernel arguments. */
struct gl_kernarg_val gl_bench_buf(const struct gl_hsa_buf *b, const char *label);
struct gl_kernarg_val gl_bench_u32(uint32_t v, const char *label);

/* One dispatch of k: grid and block work-items (1-D), *us = GPU time. */
/* One dispatch as timed repetition `rep` of a measurement (rep < 0: a
 * warm-up), in m->cold's mode when set: the flush kernel and the next
 * rotating copy before each timed rep, the flush never in the sample. */
bool gl_bench_dispatch_rep(struct gl_bench *m, const struct gl_hsa_kernel *k,
                           const struct gl_kernarg_val *args, unsigned nargs, uint32_t grid,
                           uint32_t block, int rep, double *us, struct gl_err *e);
bool gl_bench_dispatch(struct gl_bench *m, const struct gl_hsa_kernel *k,
                       const struct gl_kernarg_val *args, unsigned nargs, uint32_t grid,
                       uint32_t block, double *us, struct gl_err *e);

/* Compute units of ctx's agent (at least 1). */
unsigned gl_bench_cus(const struct gl_run_ctx *ctx);

/* Mean of the samples out[g * steps + i] over work-groups g < groups and
 * steps i >= skip (the first passes of a kernel's loop fetch its code). */
double gl_bench_mean(const uint32_t *out, unsigned groups, unsigned steps, unsigned skip);

/* Median, min, max of n values (n >= 1). */
void gl_bench_stats(const double *v, unsigned n, struct gl_timing_stats *out);

/* The parameters the microbenchmark suites record: suite, arch, backend, isa,
 * agent, clocks, run size (--long or not), reps, date. */
void gl_bench_params(struct gl_bench *m, struct gl_table *t);
/* Its parts for suites that record more in between: suite, arch, backend,
 * isa; and the date (UTC, ISO 8601). */
void gl_bench_param_target(const struct gl_run_ctx *ctx, const char *suite, struct gl_table *t);
void gl_bench_param_date(struct gl_table *t);

/* Print t (when print; figures: the columns printed beside their reference
 * and published figures, gl_ref.h), then write dir/stem.csv and .md. */
bool gl_bench_write(struct gl_bench *m, struct gl_table *t, const char *dir, const char *stem,
                    bool print, const struct gl_ref_spec *figures, struct gl_err *e);

/* Its last step, for a suite that prints its own tables: write dir/stem.csv,
 * .json and .md and say so on stderr; e unprefixed. */
bool gl_bench_write_files(const char *suite, struct gl_table *t, const char *dir, const char *stem,
                          struct gl_err *e);

/* dir/file via gnuplot; records "chart" (or why there is none) in t. */
void gl_bench_chart(struct gl_bench *m, struct gl_table *t, const struct gl_chart *c,
                    const char *dir, const char *file);

/* splitmix64 (Steele et al.): deterministic random numbers from a seed. */
uint64_t gl_bench_rand(uint64_t *state);

#endif
