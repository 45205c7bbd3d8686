/*
 * gl_timing — the timing loop every suite shares.
 *
 * `warmup` untimed dispatches, then `reps` timed ones; each timed rep's
 * duration comes from the dispatch callback (GPU timestamps, not host
 * clocks). An optional before_rep callback runs before every timed rep and
 * is not part of the measured time — the hook for a cold-cache mode (flush
 * kernel + rotating buffers before each rep, the flush timed on its own).
 *
 * The loop knows nothing about HSA: the dispatch is a callback, so the loop
 * and the statistics are testable without a GPU.
 */
#ifndef GL_TIMING_H
#define GL_TIMING_H

#include <stdbool.h>

#include "gl_err.h"

/* Run the measured work once; *gpu_us = its GPU duration in microseconds. */
typedef bool (*gl_timing_dispatch_fn)(void *user, double *gpu_us, struct gl_err *e);
/* Prepare timed rep `rep` (0-based). May dispatch on its own (e.g. a flush
 * kernel) and report that time through *aux_us (0 if none). */
typedef bool (*gl_timing_before_fn)(void *user, unsigned rep, double *aux_us, struct gl_err *e);

struct gl_timing_cfg {
	unsigned warmup;
	unsigned reps;                 /* >= 1 */
	gl_timing_dispatch_fn dispatch;
	gl_timing_before_fn before_rep; /* may be NULL */
	void *user;
};

struct gl_timing_stats {
	unsigned n;
	double median_us;   /* middle sample; mean of the two middle ones when n is even */
	double min_us;
	double max_us;
	double aux_median_us; /* median of before_rep's aux times (0 without before_rep) */
};

/* Statistics of n >= 1 samples (samples is not modified). False for n == 0
 * or out of memory. */
bool gl_timing_stats(const double *samples, unsigned n, struct gl_timing_stats *out);

/* Warm up, time cfg->reps dispatches, fill *out. samples, when not NULL,
 * receives the cfg->reps timed durations in order. */
bool gl_timing_run(const struct gl_timing_cfg *cfg, struct gl_timing_stats *out,
                   double *samples, struct gl_err *e);

#endif
