/*
 * gl_counters — the per-dispatch counters of the emulated GPU (named as the
 * hardware's performance counters, include/gcnlab_emu_ext.h) for users:
 * printed by `gcnlab exec --counters`, added as result columns by
 * `gcnlab run --counters`. ROCr has no such extension; there the caller
 * prints gl_counters_unavailable() once and carries on.
 */
#ifndef GL_COUNTERS_H
#define GL_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnlab_emu_ext.h"
#include "gpu/gl_hsa.h"
#include "report/gl_results.h"

/* Counters of one dispatch; valid is false when the backend has none. */
struct gl_counters {
	bool valid;
	struct gcnlab_emu_counters c;
};

/* Counters of the last completed dispatch on h. */
void gl_counters_read(struct gl_hsa *h, struct gl_counters *out);

/* The one line a user sees when the backend has no counters ("counters:
 * not available on ROCr (use rocprofv3 --pmc ...)"). */
const char *gl_counters_unavailable(void);

/* Value of the counter called name, or of GCNLAB_<name> (a counter
 * rocprofv3 does not define for this arch); false if c has neither. */
bool gl_counters_get(const struct gl_counters *c, const char *name, uint64_t *value);

/* "  NAME  value  meaning" lines, one per counter. */
void gl_counters_print(FILE *f, const struct gl_counters *c);

/* What a counter means (one line), "" for a name it does not know. */
const char *gl_counters_meaning(const char *name);

/* The results-file column of counter name: the name in lower case (CSV
 * columns are snake_case) followed by suffix ("", "_min"). False when it
 * does not fit in len. */
bool gl_counters_column(const char *name, const char *suffix, char *buf, size_t len);

/* Put c's counters into row `row` of t, one column per counter (added,
 * named gl_counters_column(counter, ""), the first time a row has it). Nothing happens
 * for invalid counters. False out of memory. Call it once every row is in:
 * gl_table_add_row takes as many cells as the table had columns at
 * gl_table_new. */
bool gl_counters_table_row(struct gl_table *t, unsigned row, const struct gl_counters *c);

#endif
