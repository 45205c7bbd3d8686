/*
 * gl_run_points — a suite's groups of sweep points side by side
 * (measure/gl_run_ctx.h: gl_run_ctx_groups): one child process per group,
 * each on a fresh emulated GPU, run by the suites' pool (gl_run_jobs.h)
 * within the run's budget of children.
 *
 * The parent closes its GPU before it forks (a runtime's threads do not
 * survive a fork), the children write their rows into memory shared with
 * it, and it opens a fresh GPU again for the suite's tables. What each
 * group prints comes whole and in group order, as one after another.
 */
#ifndef GL_RUN_POINTS_H
#define GL_RUN_POINTS_H

#include <stdbool.h>

#include "base/gl_err.h"
#include "cli/gl_run_jobs.h"
#include "measure/gl_run_ctx.h"

struct gl_run_points {
	const char *cmd;                          /* "gcnlab run", for messages */
	unsigned jobs;                            /* children at a time, at most */
	unsigned threads;                         /* GCNLAB_EMU_THREADS of each child; 0: leave it */
	const struct gl_run_jobs_budget *budget;  /* shared with the suites' pool */
};

/* ctx->groups_apart, with user a struct gl_run_points. */
bool gl_run_points_apart(void *user, struct gl_run_ctx *ctx, const struct gl_run_groups *g, void *rows,
                         struct gl_err *e);

/* Group i's share of jobs cores (gl_run_jobs_cfg.share): its part of the
 * groups' total cost (g->cost), rounded, at least 1 and at most jobs;
 * NULL (one each) without costs or with one job. The caller frees it. */
unsigned *gl_run_points_shares(const struct gl_run_groups *g, unsigned jobs);

#endif
