/*
 * gl_exec_report — what `gcnlab exec` prints about its dispatches beyond the GPU
 * time: the counters (--counters), the per-instruction trace (--trace,
 * --trace-wave N) and the emulator's speed (--stats: wave-instructions
 * executed per host second). Each needs the emulator's vendor extension;
 * on ROCr the report says so in one line and the dispatch goes on.
 */
#ifndef GL_EXEC_REPORT_H
#define GL_EXEC_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gpu/gl_hsa.h"

struct gl_exec_report {
	/* what to report (set by the caller) */
	bool counters;
	bool trace;
	int trace_wave;              /* -1: all waves, summed */
	bool stats;
	const char *trace_sort;      /* --sort (NULL: program order) */
	unsigned trace_top;          /* --top (0: every instruction) */
	unsigned warmups;            /* untimed dispatches before the reported ones */
	bool cold_mode;              /* each dispatch after a cache flush */
	FILE *out;
	/* accumulated */
	bool trace_on;               /* the runtime accepted the trace request */
	bool counters_missing;       /* "not available" already said */
	uint64_t insts;              /* wave-instructions, all dispatches */
	uint64_t cycles;             /* modelled shader cycles, all dispatches */
	uint64_t waves;              /* of the last dispatch */
	double host_s;               /* host (wall) seconds inside the dispatches */
	double cpu_s;                /* process CPU seconds inside them (the emulator's thread:
	                                the host thread sleeps while it waits) */
	unsigned dispatches;
	bool insts_known;
};

/* Before the first dispatch (enables the trace). */
void gl_exec_report_begin(struct gl_exec_report *r, struct gl_hsa *h);
/* After dispatch i (0-based) of n, which took host_s seconds of wall time
 * and cpu_s of process CPU time. */
void gl_exec_report_dispatch(struct gl_exec_report *r, struct gl_hsa *h, unsigned i, unsigned n, double host_s,
                        double cpu_s);
/* After the last dispatch: the trace of the last dispatch and the stats line. */
void gl_exec_report_end(struct gl_exec_report *r, struct gl_hsa *h, const char *kernel);

#endif
