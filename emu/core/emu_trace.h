/*
 * emu_trace — the dispatch's per-instruction trace (gcnlab trace): rows
 * indexed by instruction slot (offset / 4) that the run loop, the wave's
 * environment and the timing model charge, summed over the domains and
 * turned into the GPU's rows at the end (gcnlab_emu_trace_row).
 *
 * Only the waves the trace follows are charged: every wave, or the one
 * GCNLAB trace --wave names (emu_gpu.trace_wave).
 */
#ifndef EMU_TRACE_H
#define EMU_TRACE_H

#include <stdint.h>

#include "core/emu_dispatch_ctx.h"
#include "core/emu_dispatch_run.h"

/* Charge `cycles` of stall of `cause` to w's current instruction. */
void emu_trace_stall(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause);
/* Count n hazards a checker found at `in` (emu_hazard_check, emu_hzn_check). */
void emu_trace_hazards(struct emu_wave *w, const struct emu_inst *in, unsigned n);
/* Sum the domains' rows into the first domain's; NULL when not traced. */
struct trace_acc *emu_trace_sum(const struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom);
/* The GPU's rows (emu_gpu_trace) from the summed ones. */
void emu_trace_fill(struct emu_dispatch_ctx *ctx, const struct trace_acc *acc);

#endif
