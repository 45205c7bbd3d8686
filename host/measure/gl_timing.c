#include "measure/gl_timing.h"

#include <stdlib.h>
#include <string.h>

#include "base/gl_str.h"

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

void gl_timing_stats_text(const struct gl_timing_stats *st, int decimals, char *median, char *min, char *max,
                          size_t len)
{
	gl_str_fmt(median, len, "%.*f", decimals, st->median_us);
	gl_str_fmt(min, len, "%.*f", decimals, st->min_us);
	gl_str_fmt(max, len, "%.*f", decimals, st->max_us);
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
