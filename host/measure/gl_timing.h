/*
 * gl_timing — the timing loop every suite shares, hot or cold.
 *
 * The loop (gl_timing_run): `warmup` untimed dispatches, then `reps` timed
 * ones; each timed rep's duration comes from the dispatch callback (GPU
 * timestamps, not host clocks). An optional before_rep callback runs before
 * every timed rep and is not part of the measured time; what it reports
 * (aux) is kept apart. The loop knows nothing about HSA, so it and the
 * statistics are testable without a GPU.
 *
 * The modes (gl_timing_launch.h times a kernel launch in them):
 *   hot   every timed dispatch right after the previous one: the caches hold
 *         whatever the previous dispatch left (code in the instruction
 *         cache, inputs in L2), as in an application that calls the kernel
 *         in a tight loop;
 *   cold  before every timed dispatch, the flush kernel (empties every
 *         CU's instruction cache) and/or the next rotating copy of the
 *         kernel's inputs (gl_cold_cache.h), as the kernel meets the caches when
 *         other work ran in between.
 * The flush is a dispatch of its own with its own timestamps: its time is
 * reported next to the kernel's and never included in it.
 */
#ifndef GL_TIMING_H
#define GL_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "base/gl_err.h"
#include "gpu/gl_hsa.h"

/* --- the loop --------------------------------------------------------- */

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
/* Median, min and max as table cells, `decimals` digits after the point,
 * each into a buffer of len bytes. */
void gl_timing_stats_text(const struct gl_timing_stats *st, int decimals, char *median, char *min, char *max,
                          size_t len);

/* Warm up, time cfg->reps dispatches, fill *out. samples, when not NULL,
 * receives the cfg->reps timed durations in order. */
bool gl_timing_run(const struct gl_timing_cfg *cfg, struct gl_timing_stats *out,
                   double *samples, struct gl_err *e);

/* --- hot and cold ----------------------------------------------------- */

/* Composable Kernel's choice (001_0597331732635ddd.txt): 60 workgroups per CU make a CU
 * that gets none of the flush kernel's workgroups vanishingly unlikely. */
#define GL_TIMING_FLUSH_PER_CU 60u
/* Default cap on the bytes of all rotating copies together: 2 GiB. */
#define GL_TIMING_ROTATING_CAP (2ull << 30)

/* What `--flush-cache`, `--flush-per-cu`, `--rotating-count` and
 * `--rotating-cap` ask for. Zeroes mean the defaults. */
struct gl_timing_mode {
	bool flush_cache;          /* flush kernel before every timed dispatch */
	unsigned flush_per_cu;     /* flush workgroups per CU (0: GL_TIMING_FLUSH_PER_CU) */
	unsigned rotating_count;   /* copies of each input buffer, the original included (0, 1: none) */
	uint64_t rotating_cap;     /* bytes all copies may take (0: GL_TIMING_ROTATING_CAP) */
	bool applied;              /* a suite timed with this mode (gl_cold_cache_open_ctx); gcnlab run
	                              says so when a suite ignored a cold mode */
};

/* Cold: a flush kernel or more than one rotating copy. */
bool gl_timing_mode_cold(const struct gl_timing_mode *m);
unsigned gl_timing_mode_per_cu(const struct gl_timing_mode *m);
uint64_t gl_timing_mode_cap(const struct gl_timing_mode *m);

#endif
