#include "measure/gl_timing.h"

#include "measure/gl_cold_cache.h"

#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_sorted(const double *s, unsigned n)
{
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

bool gl_timing_stats(const double *samples, unsigned n, struct gl_timing_stats *out)
{
	double *s;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return false;
	s = malloc(n * sizeof(*s));
	if (!s)
		return false;
	memcpy(s, samples, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	out->n = n;
	out->min_us = s[0];
	out->max_us = s[n - 1];
	out->median_us = median_sorted(s, n);
	free(s);
	return true;
}

bool gl_timing_run(const struct gl_timing_cfg *cfg, struct gl_timing_stats *out,
                   double *samples, struct gl_err *e)
{
	double *t = NULL, *aux = NULL;
	double us;
	bool ok = false;

	if (cfg->reps == 0)
		return gl_err_set(e, "the number of timed repetitions must be at least 1");
	t = calloc(cfg->reps, sizeof(*t));
	aux = calloc(cfg->reps, sizeof(*aux));
	if (!t || !aux) {
		gl_err_set(e, "out of memory for %u timing samples", cfg->reps);
		goto fail;
	}
	for (unsigned i = 0; i < cfg->warmup; i++)
		if (!cfg->dispatch(cfg->user, &us, e))
			goto fail;
	for (unsigned i = 0; i < cfg->reps; i++) {
		if (cfg->before_rep && !cfg->before_rep(cfg->user, i, &aux[i], e))
			goto fail;
		if (!cfg->dispatch(cfg->user, &t[i], e))
			goto fail;
	}
	if (!gl_timing_stats(t, cfg->reps, out)) {
		gl_err_set(e, "out of memory sorting %u timing samples", cfg->reps);
		goto fail;
	}
	if (cfg->before_rep) {
		struct gl_timing_stats a;

		if (!gl_timing_stats(aux, cfg->reps, &a)) {
			gl_err_set(e, "out of memory sorting %u timing samples", cfg->reps);
			goto fail;
		}
		out->aux_median_us = a.median_us;
	}
	if (samples)
		memcpy(samples, t, cfg->reps * sizeof(*t));
	ok = true;
fail:
	free(t);
	free(aux);
	return ok;
}

/* --- hot and cold ----------------------------------------------------- */

bool gl_timing_mode_cold(const struct gl_timing_mode *m)
{
	return m->flush_cache || m->rotating_count > 1;
}

unsigned gl_timing_mode_per_cu(const struct gl_timing_mode *m)
{
	return m->flush_per_cu ? m->flush_per_cu : GL_TIMING_FLUSH_PER_CU;
}

uint64_t gl_timing_mode_cap(const struct gl_timing_mode *m)
{
	return m->rotating_cap ? m->rotating_cap : GL_TIMING_ROTATING_CAP;
}

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
