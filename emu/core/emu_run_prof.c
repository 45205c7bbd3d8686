/*
 * emu_run_prof.c — a multi-domain dispatch's host time by part
 * (emu_run_prof.h).
 */
#include "core/emu_run_prof.h"

#include <stdlib.h>
#include <time.h>

double emu_run_prof_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

bool emu_run_prof_begin(struct emu_run_prof *p, bool on, uint32_t ndom, uint32_t threads)
{
	*p = (struct emu_run_prof){ .on = on, .ndom = ndom, .threads = threads };
	if (!on)
		return true;
	p->job = calloc(ndom ? ndom : 1, sizeof(*p->job));
	if (!p->job) {
		p->on = false;
		return false;
	}
	p->t_begin = emu_run_prof_now();
	return true;
}

void emu_run_prof_window(struct emu_run_prof *p, double t0, double t1)
{
	double mx = 0;

	if (!p->on)
		return;
	p->windows++;
	p->t_par += t1 - t0;
	for (uint32_t d = 0; d < p->ndom; d++) {
		p->sum_job += p->job[d];
		mx = p->job[d] > mx ? p->job[d] : mx;
		p->job[d] = 0;
	}
	p->sum_max += mx;
}

void emu_run_prof_end(struct emu_run_prof *p, FILE *f)
{
	if (!p->on)
		return;
	double total = emu_run_prof_now() - p->t_begin;
	double mean = p->ndom ? p->sum_job / p->ndom : 0;
	/* With fewer threads than domains a window's wall is at least the
	 * domains' work over the threads, not the slowest domain. */
	uint32_t t = p->threads < p->ndom ? p->threads : p->ndom;
	double floor = t > 1 ? (p->sum_max > p->sum_job / t ? p->sum_max : p->sum_job / t) : p->sum_job;
	fprintf(f,
	        "emu profile: %u domains on %u threads, %llu windows, %.3f s: parallel parts %.3f s "
	        "(the domains' work %.3f s; the slowest domain of each window %.3f s, %.2f x the mean; "
	        "waiting at window edges %.3f s), merges %.3f s, between windows %.3f s\n",
	        p->ndom, t, (unsigned long long)p->windows, total, p->t_par, p->sum_job, p->sum_max,
	        mean > 0 ? p->sum_max / mean : 0, p->t_par - floor, p->t_merge,
	        total - p->t_par - p->t_merge);
	free(p->job);
	p->job = NULL;
}
