/*
 * gl_trace — the emulated GPU's per-instruction trace for users.
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
#include "base/gl_err.h"

/* Short name of a stall cause: "vmcnt", "lgkmcnt", "lds-bank", ... */
const char *gl_trace_cause_name(enum gcnlab_stall cause);

/* The annotated disassembly: a header naming the kernel and which waves
 * (wave < 0: all, summed), a row per instruction, and totals per cause. */
void gl_trace_print(FILE *f, const char *kernel, const struct gcnlab_emu_trace_row *rows, size_t n,
                    int wave, unsigned long long waves);

#endif
