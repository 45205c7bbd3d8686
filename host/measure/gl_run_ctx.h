/*
 * gl_run_ctx — what a suite runs with: the open backend and how it was opened
 * (so a clock sweep can reopen it), where code objects and results live,
 * and the timing parameters.
 */
#ifndef GL_RUN_CTX_H
#define GL_RUN_CTX_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/gl_err.h"
#include "gpu/gl_hsa.h"
#include "measure/gl_timing.h"

struct gl_run_groups;

struct gl_run_ctx {
	struct gl_hsa *hsa;          /* may be replaced by gl_run_ctx_reopen */
	struct gl_hsa_cfg cfg;       /* how hsa was opened */
	char build_dir[PATH_MAX];    /* code objects are in <build_dir>/<arch>/ */
	char out_root[PATH_MAX];     /* results go to <out_root>/<arch>-<backend>/ */
	char arch[16];               /* gcnlab list: the --arch asked for ("" none) */
	unsigned reps;               /* timed dispatches per kernel */
	unsigned warmup;             /* untimed dispatches first */
	struct gl_timing_mode timing; /* hot or cold (--flush-cache, --rotating-count, ...) */
	bool clock_sweep;            /* --clocks sweep */
	bool progress;               /* stderr is a terminal: one live progress line */
	bool progress_lines;         /* stderr is not a terminal (CI, tee): a line per step */
	char *progress_last;         /* progress_lines: the last step printed (caller's buffer) */
	size_t progress_last_len;
	bool counters;               /* --counters: add the last timed dispatch's counters
	                                (gl_counters.h) to each result row */
	bool long_run;               /* --long: hardware-sized iteration counts (gl_params.h) */
	bool all_diffs;              /* --diffs: list every figure that differs from the reference */
	char params[512];            /* --param KEY=VALUE,... (gl_params.h; GL_PARAMS_LEN) */
	/* Asked by gl_run_ctx_results_dir before it answers (NULL: nothing to
	 * ask): a suite asks where its results go when it is about to write
	 * them, which is where suites run side by side wait for their turn
	 * (cli/gl_run_jobs.h). False (e says why): no results may be written. */
	bool (*results_turn)(void *user, struct gl_err *e);
	void *results_turn_user;
	/* Runs a suite's groups of sweep points side by side, each in its own
	 * process on a fresh emulated GPU (cli/gl_run_points.h; NULL: one
	 * after another here). Set by gcnlab run where the backend allows it. */
	bool (*groups_apart)(void *user, struct gl_run_ctx *ctx, const struct gl_run_groups *g, void *rows,
	                     struct gl_err *e);
	void *groups_apart_user;
	/* The kernel of a GPU memory fault in a group that ran on a GPU of its
	 * own ("" none): gcnlab run ends the run on it as on ctx->hsa's. */
	char group_fault[128];
};

/*
 * Sweep points side by side (issue 32). A suite whose sweep points are
 * independent measurements splits them into groups: a group is one point,
 * or a chain of points where a point relies on what the one before left
 * (its warm-up, its arrays). Each group starts on a fresh emulated GPU and
 * makes its own starting state: it loads its kernels, makes its buffers
 * in the same order and sizes as every other group (emu_mem_map places a
 * mapping by the mappings before it, and the cycle model indexes caches
 * and TLB by address, so the same sequence gives the same addresses),
 * fills them, warms what it measures. A group's figures therefore do not
 * depend on which groups ran before it on which GPU, and the groups may
 * run one after another here or side by side in processes of their own:
 * the rows are the same bytes either way.
 *
 * run() fills rows (bytes of plain data, no pointers into the heap made
 * after gl_run_ctx_groups was called) for group g on ctx->hsa, which it
 * may use as it likes (it frees what it made). It prints what the serial
 * suite printed for those points; failures of single points go into their
 * rows and on stderr, as before. False (e says why): the suite cannot go
 * on (GL_SUITE_ERROR).
 */
struct gl_run_groups {
	const char *suite;
	unsigned n;            /* groups */
	size_t bytes;          /* rows of one group */
	bool (*run)(void *user, struct gl_run_ctx *ctx, unsigned g, void *rows, struct gl_err *e);
	/* Optional: group g's host work relative to the others' (what its
	 * dispatches move, say): side by side, a group gets cores in that
	 * proportion (gl_run_jobs_cfg.share). Never changes a figure. */
	double (*cost)(void *user, unsigned g);
	void *user;
};

/* Every group of g, rows into rows[g->n * g->bytes], in order: side by side
 * through ctx->groups_apart when set, else here, each on a fresh GPU on
 * the emulator (on hardware one after another on the one GPU: a reopen
 * there is no fresh state, only time). ctx->hsa is open again afterwards
 * (the caller must have freed its code objects and buffers before, as for
 * gl_run_ctx_reopen). False: the first group that failed, in order (e). */
bool gl_run_ctx_groups(struct gl_run_ctx *ctx, const struct gl_run_groups *g, void *rows, struct gl_err *e);

/* A fresh GPU of the same backend, agent, clocks and timeout as ctx->hsa. */
bool gl_run_ctx_fresh(struct gl_run_ctx *ctx, struct gl_err *e);

/* <dir of the gcnlab binary>/.. (the build directory), or $GCNLAB_BUILD_DIR. */
bool gl_run_ctx_default_build_dir(char *buf, size_t len);

/* Close and reopen the backend with emulator clock overrides (0 = none),
 * quietly. The caller must have freed its code objects and buffers. */
bool gl_run_ctx_reopen(struct gl_run_ctx *ctx, uint32_t sclk_mhz, uint32_t mclk_mhz, struct gl_err *e);

/* The first of <build_dir>/<arch>/<files[i]> that exists, into out.
 * tried (optional) gets the candidates for a "not built" message. */
bool gl_run_ctx_find_code(const struct gl_run_ctx *ctx, const char *arch, const char *const *files,
                      unsigned nfiles, char *out, size_t len, char *tried, size_t tried_len);

/* <out_root>/<arch>-<backend>, created, after ctx->results_turn agreed. */
bool gl_run_ctx_results_dir(const struct gl_run_ctx *ctx, char *buf, size_t len, struct gl_err *e);

/* Progress on stderr. ctx->progress (a terminal): one line, rewritten in
 * place; gl_run_ctx_progress_end clears it. ctx->progress_lines (a pipe or
 * file): one line per step, where the step is the text without its trailing
 * counter (" 3/10", " (2/19, state 1/4)"), so a kernel's many dispatches
 * print once and a log shows what ran when. */
void gl_run_ctx_progress(const struct gl_run_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void gl_run_ctx_progress_end(const struct gl_run_ctx *ctx);

#endif
