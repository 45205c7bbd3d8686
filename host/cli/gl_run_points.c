/*
 * gl_run_points.c — a suite's groups of sweep points, one child process
 * each (the design is in gl_run_points.h).
 */
#include "cli/gl_run_points.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/gl_str.h"
#include "cli/gl_cmd.h"

/* One group's end, in the shared memory: written by its child. */
struct points_slot {
	bool done;              /* the child got to its end (else it died) */
	bool ok;
	char fault[128];        /* a GPU memory fault's kernel ("" none) */
	struct gl_err e;        /* !ok: why */
};

struct points_run {
	const struct gl_run_groups *g;
	struct gl_run_ctx *ctx;
	struct gl_hsa_cfg cfg;      /* how each child opens its GPU */
	struct points_slot *slot;   /* [g->n], shared */
	char *rows;                 /* [g->n * g->bytes], shared */
};

/* Group i in its own process, on a GPU of its own. */
static void points_job(void *user, struct gl_run_jobs *jobs, unsigned i, struct gl_run_job_end *end)
{
	struct points_run *pr = user;
	struct gl_run_ctx *ctx = pr->ctx;
	struct points_slot *s = &pr->slot[i];

	(void)jobs;
	ctx->progress = false;   /* the pool shows what runs; a log's step lines stay */
	ctx->groups_apart = NULL;
	if (ctx->progress_last && ctx->progress_last_len)
		ctx->progress_last[0] = '\0';   /* step lines as gl_run_ctx_groups prints them */
	if (!gl_hsa_open(&pr->cfg, &ctx->hsa, &s->e)) {
		gl_err_prefix(&s->e, "%s: cannot open a fresh emulated GPU: ", pr->g->suite);
	} else {
		s->ok = pr->g->run(pr->g->user, ctx, i, pr->rows + (size_t)i * pr->g->bytes, &s->e);
		if (gl_hsa_vm_fault(ctx->hsa))
			gl_str_copy(s->fault, sizeof(s->fault), gl_hsa_vm_fault(ctx->hsa));
	}
	gl_hsa_close(ctx->hsa);
	ctx->hsa = NULL;
	s->done = true;
	end->exit_code = s->ok ? 0 : GL_CMD_EXIT_FAILED;
}

unsigned *gl_run_points_shares(const struct gl_run_groups *g, unsigned jobs)
{
	double total = 0;
	unsigned *share;

	if (!g->cost || jobs < 2 || !(share = calloc(g->n, sizeof(*share))))
		return NULL;
	for (unsigned i = 0; i < g->n; i++)
		total += g->cost(g->user, i);
	for (unsigned i = 0; i < g->n; i++) {
		double s = total > 0 ? jobs * g->cost(g->user, i) / total + 0.5 : 1;

		share[i] = s < 1 ? 1 : s > jobs ? jobs : (unsigned)s;
	}
	return share;
}

bool gl_run_points_apart(void *user, struct gl_run_ctx *ctx, const struct gl_run_groups *g, void *rows,
                         struct gl_err *e)
{
	const struct gl_run_points *rp = user;
	struct points_run pr = { .g = g, .ctx = ctx };
	size_t slots = (size_t)g->n * sizeof(struct points_slot), size = slots + (size_t)g->n * g->bytes;
	char (*label)[48] = calloc(g->n, sizeof(*label));
	const char **names = calloc(g->n, sizeof(*names));
	void *shared = MAP_FAILED;
	bool ok = true;
	struct gl_err oe;

	pr.cfg = *gl_hsa_config(ctx->hsa);
	pr.cfg.quiet = true;
	pr.cfg.verbose = false;
	pr.cfg.backend = gl_hsa_backend(ctx->hsa);
	gl_str_copy(pr.cfg.arch, sizeof(pr.cfg.arch), gl_hsa_arch(ctx->hsa));
	if (label && names)
		shared = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		free(label);
		free(names);
		return gl_err_set(e, "%s: out of memory for its points' rows", g->suite);
	}
	pr.slot = shared;
	pr.rows = (char *)shared + slots;
	memcpy(pr.rows, rows, (size_t)g->n * g->bytes);   /* what the suite set before: a group that dies keeps it */
	for (unsigned i = 0; i < g->n; i++) {
		gl_str_fmt(label[i], sizeof(label[i]), "%s %u/%u", g->suite, i + 1, g->n);
		names[i] = label[i];
	}
	struct gl_run_jobs_cfg jc = {
		.cmd = rp->cmd, .what = "points", .names = names, .n = g->n,
		.jobs = rp->jobs < g->n ? rp->jobs : g->n, .threads = rp->threads, .progress = ctx->progress,
		.budget = rp->budget, .job = points_job, .user = &pr,
	};
	unsigned *share = gl_run_points_shares(g, rp->jobs);

	jc.share = share;

	/* No runtime thread may be copied into a child: close it first. */
	gl_hsa_close(ctx->hsa);
	ctx->hsa = NULL;
	gl_run_jobs_run(&jc);   /* its exit code: ours come from the slots */
	for (unsigned i = 0; i < g->n; i++) {
		struct points_slot *s = &pr.slot[i];

		if (s->done)
			memcpy((char *)rows + (size_t)i * g->bytes, pr.rows + (size_t)i * g->bytes, g->bytes);
		if (s->done && s->fault[0] && !ctx->group_fault[0])
			gl_str_copy(ctx->group_fault, sizeof(ctx->group_fault), s->fault);
		if (!ok)
			continue;
		if (!s->done) {   /* gl_run_jobs said how it ended */
			ok = gl_err_set(e, "%s: points %u/%u did not finish: no figures for them", g->suite, i + 1, g->n);
		} else if (!s->ok) {
			*e = s->e;
			ok = false;
		}
	}
	munmap(shared, size);
	free(share);
	free(label);
	free(names);
	if (!gl_hsa_open(&pr.cfg, &ctx->hsa, &oe)) {
		ctx->hsa = NULL;
		return gl_err_set(e, "%s: cannot reopen the emulated GPU: %s", g->suite, oe.msg);
	}
	return ok;
}
