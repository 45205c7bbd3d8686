/*
 * gl_trace — the emulated GPU's per-instruction trace for users, and the
 * one vocabulary of stall causes (trace, suites and compare all name and
 * count causes through it).
 *
 * The trace (include/gcnlab_emu_ext.h) comes back as one row per
 * instruction of the kernel: times issued, cycles charged from its issue to
 * the wave's next issue, and stall cycles by cause, summed over all waves
 * or for one wave. gl_trace_print turns it into the kernel's disassembly
 * annotated line by line.
 */
#ifndef GL_TRACE_H
#define GL_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnlab_emu_ext.h"
#include "base/gl_err.h"

/* The causes: the emulator's (enum gcnlab_stall) and, after them,
 * mfma-pipe, which the trace has no column for: the part of an MFMA row's
 * cycles that is neither its issue (GL_TRACE_MFMA_ISSUE cycles each) nor a
 * named stall, i.e. waiting for the SIMD's matrix core. */
#define GL_TRACE_MFMA_PIPE GCNLAB_STALL_COUNT
#define GL_TRACE_CAUSES (GCNLAB_STALL_COUNT + 1)
/* An MFMA issues in 4 cycles (one pass of the SIMD, as every VALU op;
 * the rest of its passes run in the matrix core). */
#define GL_TRACE_MFMA_ISSUE 4

/* Short name of a stall cause: "vmcnt", "lgkmcnt", "lds-bank", ...,
 * "mfma-pipe"; "?" beyond. */
const char *gl_trace_cause_name(unsigned cause);

/* Row r's stall cycles by cause into stall[GL_TRACE_CAUSES] (mfma-pipe
 * included); returns their sum. */
uint64_t gl_trace_row_stalls(const struct gcnlab_emu_trace_row *r, uint64_t stall[GL_TRACE_CAUSES]);

/* How gl_trace_print shows the rows. */
struct gl_trace_view {
	int wave;                    /* the traced wave; < 0: all, summed */
	unsigned long long waves;    /* waves of the dispatch */
	const char *sort;            /* NULL/"offset": program order; else a gl_trace_sort_check key */
	unsigned top;                /* rows shown (0: all) */
	unsigned dispatch, ndispatch; /* which dispatch of how many was traced (1-based; 0: not said) */
	bool cold_mode;              /* every dispatch ran after a cache flush (--flush-cache) */
};

/* --sort KEY: offset, cycles, stall, issues, avg, or a cause name
 * (rows with the most of it first). */
bool gl_trace_sort_check(const char *opt, const char *key, struct gl_err *e);

/* The annotated disassembly: a header naming the kernel, which waves and
 * which dispatch (the first one of a code object fetched it cold: said),
 * a row per instruction (sorted, the top ones), and totals per cause over
 * all rows. */
void gl_trace_print(FILE *f, const char *kernel, const struct gcnlab_emu_trace_row *rows, size_t n,
                    const struct gl_trace_view *v);

#endif
