/*
 * gl_run_jobs — `gcnlab run`'s suites side by side: one child process per
 * suite, at most `jobs` at a time.
 *
 * Why processes: the HSA API is one runtime per process (hsa_init counts
 * references to a single runtime; the emulator's GPU lives in it), so
 * several fresh emulated GPUs at once need several processes. The parent
 * has closed its backend before it forks, so no runtime thread is copied
 * into a child; each child opens its own GPU, as every suite already did.
 *
 * What stays as in a serial run:
 * - Output: each child's stdout and stderr go to pipes; the parent keeps
 *   them as chunks in the order they arrived and writes a suite's whole
 *   output, to the same streams, once it and every suite before it ended:
 *   the suites' outputs never interleave and come in the usual order.
 * - Results: a suite writes its files only in its turn (ctx->results_turn,
 *   asked when it first wants its results folder, or after it ran), and
 *   the parent gives the turn to the first suite not yet ended only. The
 *   results folder thus sees the suites' sets one after another, in order,
 *   as serially; no two sets are ever open in it at once.
 * - Ending: when a suite ends the run (a GPU memory fault, bad input found
 *   late), the suites after it are stopped before their turn (nothing of
 *   them was written) and reported as a serial run reports them.
 */
#ifndef GL_RUN_JOBS_H
#define GL_RUN_JOBS_H

#include <stdbool.h>

#include "base/gl_err.h"

/* How a suite's child ended, from job(). */
struct gl_run_job_end {
	int exit_code;      /* 0, GL_CMD_EXIT_FAILED or GL_CMD_EXIT_USAGE */
	bool stop;          /* no later suite may run */
	char fault[128];    /* the kernel of a GPU memory fault ("" none): ends the run */
};

struct gl_run_jobs;

/* Runs suite i in its child. Its results files wait for
 * gl_run_jobs_turn, which gl_run_jobs_turn_fn hands to ctx->results_turn. */
typedef void (*gl_run_job_fn)(void *user, struct gl_run_jobs *jobs, unsigned i, struct gl_run_job_end *end);

struct gl_run_jobs_cfg {
	const char *cmd;            /* "gcnlab run", for messages */
	const char *what;           /* "suite" or "points", for messages (NULL: "suite") */
	const char *const *names;   /* [n] the suites, for messages */
	unsigned n;
	unsigned jobs;              /* children at a time, >= 2 */
	unsigned threads;           /* GCNLAB_EMU_THREADS each child sets; 0: leave it */
	bool progress;              /* stderr is a terminal: a live line of what runs */
	const char *results;        /* the results folder, to drop the set of a child that died in its
	                               turn (NULL: its children write none) */
	/* The run's budget of children (gl_run_jobs_budget; NULL: jobs alone
	 * counts): the first child runs on the caller's own share (the caller
	 * only waits), each further one at a time only with a token taken. */
	const struct gl_run_jobs_budget *budget;
	/* How many children's cores job i can use ([n]; NULL: one each): with
	 * a budget and threads set, a job of share k starts once it holds k
	 * shares (its own and tokens) or none of this pool's children runs
	 * any more to give one back, and runs on threads x the shares it got.
	 * A long whole-GPU point then runs on several cores (its domains side
	 * by side) instead of one, while short points use one each. */
	const unsigned *share;
	gl_run_job_fn job;
	void *user;
};

/*
 * The budget of a whole `gcnlab run --jobs N`, shared by every pool in it
 * (the suites', and each suite's points', gl_run_points.h), as make's
 * jobserver: a pipe that holds N - 1 tokens. A process that waits for its
 * children lends them its own share, so that a pool may always run one
 * child; every further child holds a token while it runs, given back when
 * it ends. At most N children thus compute at once, and the shares of the
 * suites that ended go to the points of the ones still running.
 */
struct gl_run_jobs_budget {
	int fd[2];                  /* the pipe; -1: none */
};

/* A budget of n children (n >= 1). False (e says why) when no pipe. */
bool gl_run_jobs_budget_open(struct gl_run_jobs_budget *b, unsigned n, struct gl_err *e);
void gl_run_jobs_budget_close(struct gl_run_jobs_budget *b);

/* Suites side by side for n suites, or 1 (serially): the --jobs given
 * (0: none), else the online cores over GCNLAB_EMU_THREADS when it is set,
 * else the online cores; never more than n. *threads: the simulation
 * threads each child should use when GCNLAB_EMU_THREADS is not set (the
 * cores shared out, at least 1), else 0. */
unsigned gl_run_jobs_count(unsigned given, unsigned n, unsigned *threads);

/* Run every suite; returns the run's exit code, as the serial loop would. */
int gl_run_jobs_run(const struct gl_run_jobs_cfg *cfg);

/* In a child: wait until this suite may write its results. False (e says
 * why) when the parent is gone. */
bool gl_run_jobs_turn(void *jobs, struct gl_err *e);

#endif
