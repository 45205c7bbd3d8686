/*
 * gl_timing_launch — one kernel launch timed through the gl_timing loop,
 * hot or cold (gl_timing.h says what each mode means): the cold mode's
 * flush kernel and rotating copies come from gl_cold_cache.
 */
#ifndef GL_TIMING_LAUNCH_H
#define GL_TIMING_LAUNCH_H

#include <stdbool.h>

#include "base/gl_err.h"
#include "gpu/gl_hsa.h"
#include "measure/gl_timing.h"

struct gl_cold_cache;   /* gl_cold_cache.h */

/* After every dispatch of the measured kernel: rep is -1 for a warm-up
 * dispatch, else the timed rep (0-based). For reading the emulator's
 * counters of that dispatch (gl_hsa_counters). */
typedef void (*gl_timing_observe_fn)(void *user, int rep);

struct gl_timing_launch {
	struct gl_hsa *h;
	const struct gl_hsa_launch *launch;
	struct gl_cold_cache *cold;          /* NULL or a hot one: hot mode */
	unsigned warmup;
	unsigned reps;                 /* >= 1 */
	gl_timing_observe_fn observe;  /* may be NULL */
	void *user;
};

struct gl_timing_result {
	struct gl_timing_stats kernel; /* the kernel's own dispatch timestamps */
	struct gl_timing_stats flush;  /* the flush dispatches (n = 0 without them) */
};

/* Time tl->launch: warm-up dispatches on the original buffers, then for each
 * timed rep (cold mode) the flush kernel and the next rotating copy
 * (gl_cold_cache_prepare), then the kernel. samples, when not NULL, gets the
 * kernel's tl->reps durations in order. */
bool gl_timing_launch_run(const struct gl_timing_launch *tl, struct gl_timing_result *out,
                          double *samples, struct gl_err *e);

#endif
