/*
 * emu_run_prof — where a multi-domain dispatch's host time goes
 * (GCNLAB_EMU_PROFILE=1): per window, the domains' own work (each timed on
 * the thread that ran it), the wait at the window's edge for the slowest
 * domain, the serial merge, and the serial step between windows; one line
 * on stderr per dispatch. Off, it costs a flag test per window and domain.
 * Host timings only: no figure depends on it.
 */
#ifndef EMU_RUN_PROF_H
#define EMU_RUN_PROF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct emu_run_prof {
	bool on;
	uint32_t ndom, threads;
	uint64_t windows;
	double *job;         /* [ndom] this window's work per domain, s */
	double t_begin;      /* the dispatch's windows began */
	double t_par;        /* the windows' parallel parts, wall */
	double t_merge;      /* merges, wall (serial) */
	double sum_job;      /* every domain's work, summed */
	double sum_max;      /* the slowest domain of each window, summed */
};

/* Monotonic seconds. */
double emu_run_prof_now(void);
/* Start (on: GCNLAB_EMU_PROFILE); false only when on and out of memory. */
bool emu_run_prof_begin(struct emu_run_prof *p, bool on, uint32_t ndom, uint32_t threads);
/* A window's parallel part ran from t0 to t1 (p->job filled by then). */
void emu_run_prof_window(struct emu_run_prof *p, double t0, double t1);
/* Print the dispatch's line and free. */
void emu_run_prof_end(struct emu_run_prof *p, FILE *f);

#endif
