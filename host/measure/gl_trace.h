/*
 * gl_trace — the emulated GPU's per-instruction trace for users, and the
 * way `gcnlab trace` finds a launch for any suite kernel.
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
#include <stdio.h>

#include "gcnlab_emu_ext.h"
#include "suites/gl_ctx.h"
#include "base/gl_err.h"
#include "suites/gl_suite.h"

/* Short name of a stall cause: "vmcnt", "lgkmcnt", "lds-bank", ... */
const char *gl_trace_cause_name(enum gcnlab_stall cause);

/* The annotated disassembly: a header naming the kernel and which waves
 * (wave < 0: all, summed), a row per instruction, and totals per cause. */
void gl_trace_print(FILE *f, const char *kernel, const struct gcnlab_emu_trace_row *rows, size_t n,
                    int wave, unsigned long long waves);

/* The launch of `kernel` as the suite that owns it runs it (asks every
 * suite's launch()). False with e naming the problem: no suite has such a
 * kernel, or its code object is not built. */
bool gl_trace_find_launch(const struct gl_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                          struct gl_err *e);

/* `gcnlab exec` arguments for a launch: CODE KERNEL --grid .. --block ..
 * [--dynamic-lds N] ARG...; argv[i] point into store. Returns argc, or 0
 * when max (or GL_TRACE_ARG_LEN for the code object's path) is too small. */
#define GL_TRACE_ARG_LEN 1024
unsigned gl_trace_exec_argv(const struct gl_suite_launch *l, char (*store)[GL_TRACE_ARG_LEN], char **argv,
                            unsigned max);

#endif
