#include "measure/gl_timing_launch.h"

#include <stdlib.h>
#include <string.h>

#include "measure/gl_cold_cache.h"

struct launch_run {
	const struct gl_timing_launch *tl;
	int rep;              /* -1 during the warm-up */
	double *flush_us;     /* [tl->reps] */
	unsigned nflush;
};

static bool launch_dispatch(void *user, double *gpu_us, struct gl_err *e)
{
	struct launch_run *r = user;
	const struct gl_timing_launch *tl = r->tl;
	const struct gl_hsa_launch *l = gl_cold_cache_launch(tl->cold, tl->launch);

	if (!l)
		return gl_err_set(e, "kernel %s: too many arguments to redirect to rotating copies (at most %u)",
		                  tl->launch->kernel->meta->name, GL_COLD_CACHE_MAX_ARGS);
	if (!gl_hsa_dispatch(tl->h, l, gpu_us, e))
		return false;
	if (tl->observe)
		tl->observe(tl->user, r->rep);
	return true;
}

/* The cold step sits in before_rep, outside the kernel's measured dispatch:
 * the flush has its own timestamps and lands in aux. */
static bool launch_before(void *user, unsigned rep, double *aux_us, struct gl_err *e)
{
	struct launch_run *r = user;

	r->rep = (int)rep;
	if (!gl_cold_cache_prepare(r->tl->cold, rep, aux_us, e))
		return false;
	if (gl_cold_cache_has_flush(r->tl->cold))
		r->flush_us[r->nflush++] = *aux_us;
	return true;
}

bool gl_timing_launch_run(const struct gl_timing_launch *tl, struct gl_timing_result *out,
                          double *samples, struct gl_err *e)
{
	struct launch_run r = { .tl = tl, .rep = -1 };
	struct gl_timing_cfg cfg = {
		.warmup = tl->warmup, .reps = tl->reps, .dispatch = launch_dispatch,
		.before_rep = launch_before, .user = &r,
	};
	bool ok = false;

	memset(out, 0, sizeof(*out));
	if (tl->reps == 0)
		return gl_err_set(e, "the number of timed repetitions must be at least 1");
	r.flush_us = calloc(tl->reps, sizeof(*r.flush_us));
	if (!r.flush_us)
		return gl_err_set(e, "out of memory for %u timing samples", tl->reps);
	/* The warm-up reads the original buffers. */
	gl_cold_cache_select(tl->cold, 0);
	if (!gl_timing_run(&cfg, &out->kernel, samples, e))
		goto fail;
	out->kernel.aux_median_us = 0;
	if (r.nflush && !gl_timing_stats(r.flush_us, r.nflush, &out->flush)) {
		gl_err_set(e, "out of memory sorting %u timing samples", r.nflush);
		goto fail;
	}
	ok = true;
fail:
	gl_cold_cache_select(tl->cold, 0);
	free(r.flush_us);
	return ok;
}
