/*
 * emu_timing — the cycle model's interface to the execution core. The core
 * asks it how long an instruction occupies its wave and when a memory access
 * completes; the model owns clocks, issue ports, LDS banks, caches, HBM and
 * the instruction cache, and counts the hardware-named counters.
 *
 * State that persists across dispatches (cache contents, icache) lives in
 * struct emu_timing, one per GPU; per dispatch the model is handed a
 * struct emu_timing_run (emu_timing_begin). It sees the waves through
 * wave/emu_wave.h and nothing of the core.
 */
#ifndef EMU_TIMING_H
#define EMU_TIMING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnlab_emu_ext.h"
#include "arch/emu_profile.h"
#include "model/emu_timing_domain.h"
#include "model/emu_timing_report.h"
#include "wave/emu_wave.h"

struct emu_timing;

struct emu_timing *emu_timing_create(const struct emu_profile *prof, uint32_t sclk_mhz,
                                     uint32_t mclk_mhz);
void emu_timing_destroy(struct emu_timing *t);

/* Called once before a dispatch starts executing; run holds until
 * emu_timing_release_system or the next emu_timing_begin. The SIMDs' issue
 * ports start free. */
void emu_timing_begin(struct emu_timing *t, const struct emu_timing_run *run);
/* A packet's system-scope release at cycle `at`, after its dispatch (if
 * any) has ended: where the model's parameters say the release writes the
 * L2 back (rel_sys_l2_wb), every dirty L2 line goes to memory (the MALL on
 * gfx942). Returns the cycle the last one is through (at if none). Counts
 * into no dispatch's counters. */
uint64_t emu_timing_release_system(struct emu_timing *t, uint64_t at);
/* The CP's ACQUIRE_MEM at cycle `at` (what ROCr submits after a code-object
 * load): l2 writes every dirty L2 line back, then empties the L2s (gfx9's
 * TC_WB and TC actions); icache and kcache empty the instruction and
 * scalar caches. Returns the cycle the write-back is through. Counts into
 * no dispatch's counters. */
uint64_t emu_timing_acquire_mem(struct emu_timing *t, uint64_t at, bool l2, bool icache, bool kcache);

/* Cycles from the issue of `in` until its wave may issue again (the
 * instruction's occupancy of the wave's issue slot and SIMD). Also counts
 * SQ_INSTS_*. Called once per executed instruction, before its semantics. */
uint32_t emu_timing_issue(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in);

/* Cycle at which a memory access issued at w->cycle completes. May advance
 * w->cycle when the issue itself stalls (VMEM queue full, LDS bank conflict
 * cycles) and charge the trace. */
uint64_t emu_timing_access(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                           const struct emu_access *acc);

/* Instruction fetch of `in` by w at w->cycle: extra cycles for an icache
 * miss. Inline for the common case, an instruction in the line the wave
 * fetched last and still present (emu_timing_icache.c). */
uint32_t emu_timing_ifetch(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in);
static inline uint32_t emu_timing_fetch(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in)
{
	if (w->if_epoch_at && *w->if_epoch_at == w->if_epoch && w->pc >= w->if_lo &&
	    w->pc + (in->size ? in->size : 4) <= w->if_hi)
		return 0;
	return emu_timing_ifetch(t, w, in);
}
void emu_timing_icache_inv(struct emu_timing *t, struct emu_wave *w);

#endif
