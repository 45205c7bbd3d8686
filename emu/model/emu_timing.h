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
#include "wave/emu_wave.h"

/* Counters of one dispatch (names as the hardware's: emu_counter_names). */
enum emu_counter {
	EMU_CNT_SQ_WAVES = 0,
	EMU_CNT_SQ_INSTS_VALU,
	EMU_CNT_SQ_INSTS_SALU,
	EMU_CNT_SQ_INSTS_SMEM,
	EMU_CNT_SQ_INSTS_VMEM_RD,
	EMU_CNT_SQ_INSTS_VMEM_WR,
	EMU_CNT_SQ_INSTS_LDS,
	EMU_CNT_SQ_INSTS_BRANCH,
	EMU_CNT_SQ_INSTS_MFMA,
	EMU_CNT_SQ_INSTS_OTHER,
	EMU_CNT_SQ_INSTS_TOTAL,
	EMU_CNT_SQ_WAIT_INST_ANY,     /* cycles waves spent stalled in s_waitcnt (GCNLAB_WAITCNT_CYCLES) */
	EMU_CNT_SQ_LDS_IDX_ACTIVE,
	EMU_CNT_SQ_LDS_BANK_CONFLICT,
	EMU_CNT_TCP_HIT,              /* vector L1 */
	EMU_CNT_TCP_MISS,
	EMU_CNT_SQC_DCACHE_HIT,       /* scalar cache */
	EMU_CNT_SQC_DCACHE_MISS,
	EMU_CNT_SQC_ICACHE_HIT,
	EMU_CNT_SQC_ICACHE_MISS,
	EMU_CNT_TCC_HIT,              /* L2 */
	EMU_CNT_TCC_MISS,
	EMU_CNT_MALL_HIT,
	EMU_CNT_MALL_MISS,
	EMU_CNT_HBM_READ_BYTES,
	EMU_CNT_HBM_WRITE_BYTES,
	EMU_CNT_CUS_USED,             /* CUs that ran at least one wave */
	EMU_CNT_BUSY_CYCLES,
	EMU_CNT_TCP_UTCL1_MISS,       /* vector address translations missing the per-CU UTCL1 */
	EMU_CNT_SQ_VALU_MFMA_BUSY_CYCLES, /* matrix-core cycles of the MFMAs, summed over SIMDs */
	EMU_CNT_HAZARD_WAITSTATES,    /* emulator-only: software wait-state hazards (emu_hazard_nops.c) */
	EMU_CNT_HAZARD_WAITCNT,       /* emulator-only: waitcnt hazards (emu_hazard.c) */
	EMU_COUNTER_COUNT
};
extern const char *const emu_counter_names[EMU_COUNTER_COUNT];
/* The name counter i is reported by on arch: emu_counter_names[i], with
 * GCNLAB_ in front where rocprofv3 does not define it for that arch. */
void emu_counter_name(const struct emu_profile *prof, unsigned i, char *buf, size_t len);

struct emu_timing;

struct emu_timing *emu_timing_create(const struct emu_profile *prof, uint32_t sclk_mhz,
                                     uint32_t mclk_mhz);
void emu_timing_destroy(struct emu_timing *t);

/* Charge `cycles` of stall of `cause` to the instruction w is executing
 * (the trace's business, the core's). */
typedef void (*emu_timing_stall_fn)(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause);

/* What the model is handed for one dispatch. */
struct emu_timing_run {
	uint64_t *counters;          /* [EMU_COUNTER_COUNT], by enum emu_counter (NULL: a sink) */
	emu_timing_stall_fn stall;   /* NULL: nobody traces */
	uint32_t lds_bytes;          /* each workgroup's LDS allocation (emu_lds_alloc_bytes):
	                                DS addresses from here on take no bank */
};

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

/* Multi-domain dispatches (emu_timing_domain.c; core/emu_domain.h): one
 * view of the model per XCD, with its own counters and memos. In a window
 * (emu_timing_window on) a view sees the shared MALL and bandwidth
 * calendars as of the window's start plus its own requests, and logs
 * them; emu_timing_merge replays the logs of views 0 .. ndom-1 in order on
 * the shared state (counting MALL and HBM figures into the root's
 * counters) and clears the overlays. False if a log ran out of host memory
 * (requests were lost from the replay). On a GPU with one L2 the only
 * view is the model itself. */
struct emu_timing *emu_timing_domain(struct emu_timing *t, uint32_t d);
void emu_timing_begin_view(struct emu_timing *view, const struct emu_timing_run *run);
void emu_timing_window(struct emu_timing *view, bool on);
bool emu_timing_merge(struct emu_timing *t, uint32_t ndom);

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
