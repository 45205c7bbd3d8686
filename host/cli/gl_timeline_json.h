/*
 * gl_timeline_json — an emulated dispatch's timeline (gcnlab_emu_tl_event,
 * include/gcnlab_emu_ext.h) as Chrome Trace Event JSON, the format Perfetto
 * (ui.perfetto.dev) and chrome://tracing open:
 *
 *   process  one per CU ("XCD x CU c" on gfx942, "CU c" elsewhere)
 *   thread   one per wave (tid 1000 + flat wave id): a slice per issued
 *            instruction (mnemonic; args offset, asm, cycles, stall and its
 *            cause), before it a "wait <cause>" slice for the stall cycles
 *            it held the wave (an s_waitcnt's names the counter), a
 *            "barrier wait" slice at s_barrier, and an async slice (ph b/e)
 *            per memory instruction from issue to completion;
 *            one per SIMD pipe (tid 1 + 2s VALU, 2 + 2s MFMA): when the
 *            pipe took each instruction of the followed waves;
 *   counter  per wave: outstanding vmcnt and lgkmcnt; per CU: LDS, TA
 *            (vector memory) and scalar-cache operations in flight, and each
 *            SIMD's MFMA pipe busy (1) or idle (0).
 *
 * Timestamps ("ts", "dur") are shader-clock cycles from the dispatch's
 * start, not microseconds; otherData says so and gives the clock. The output
 * depends on the events only: sorted by (process, thread, time, order).
 */
#ifndef GL_TIMELINE_JSON_H
#define GL_TIMELINE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gcnlab_emu_ext.h"

struct gl_timeline_data {
	const struct gcnlab_emu_tl_event *ev;
	size_t n;
	const struct gcnlab_emu_trace_row *insts;   /* by offset */
	size_t ninsts;
	struct gcnlab_emu_tl_info info;
	const char *kernel, *arch;
	unsigned dispatch, dispatches;    /* 1-based */
	const char *selection;            /* which waves and cycles, in words */
	const char *left_out;             /* what was not recorded and how to get it */
};

/* The JSON to f; false on a write error or out of memory. *slices: the
 * instruction slices written. */
bool gl_timeline_json(FILE *f, const struct gl_timeline_data *d, size_t *slices);

/* The same records as one self-contained HTML page (no network: the data
 * and the script inline): a canvas row per wave and pipe track, zoom, pan
 * and a tooltip per slice. *slices: the slices it holds. */
bool gl_timeline_html(FILE *f, const struct gl_timeline_data *d, size_t *slices);

#endif
