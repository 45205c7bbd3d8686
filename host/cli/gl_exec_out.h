/*
 * gl_exec_out — `gcnlab exec --csv FILE` and `--json FILE`: the timing of
 * exec's dispatches (median/min/max over the timed ones, and each sample),
 * with the counters of the last dispatch when --counters gave them.
 *
 * CSV: one header row and one data row; ASCII snake_case column names with
 * the unit as suffix; numbers only; the counters follow as one column each,
 * named as `exec --counters` prints them:
 *   kernel,code_object,arch,backend,grid_x,grid_y,grid_z,block_x,block_y,
 *   block_z,warmup,reps,median_us,min_us,max_us[,COUNTER...]
 * JSON: one object with the same keys, plus "samples_us" (every timed
 * dispatch in order) and "counters" (an object, or null without them).
 * Both are written through gl_outfile, checked before any kernel runs.
 */
#ifndef GL_EXEC_OUT_H
#define GL_EXEC_OUT_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/gl_counters.h"
#include "base/gl_err.h"
#include "cli/gl_outfile.h"
#include "measure/gl_timing.h"

struct gl_exec_result {
	const char *kernel;
	const char *code;              /* code object path as given */
	const char *arch;
	const char *backend;           /* "emu" or "rocr" */
	uint32_t grid[3], block[3];
	unsigned warmup;
	const double *samples;         /* timed dispatches, µs */
	unsigned n;                    /* >= 1 */
	struct gl_timing_stats stats;
	const struct gl_counters *counters;  /* NULL or !valid: none */
};

bool gl_exec_out_csv(const struct gl_outfile *o, const struct gl_exec_result *r, struct gl_err *e);
bool gl_exec_out_json(const struct gl_outfile *o, const struct gl_exec_result *r, struct gl_err *e);

#endif
