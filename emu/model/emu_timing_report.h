/*
 * emu_timing_report — what the cycle model reports and where: the
 * hardware-named counters of a dispatch (emu_timing_report.c names them),
 * the stall charges for the trace, and the run a dispatch hands the model.
 */
#ifndef EMU_TIMING_REPORT_H
#define EMU_TIMING_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "gcnlab_emu_ext.h"
#include "arch/emu_profile.h"

struct emu_wave;

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
	EMU_CNT_TCP_TOTAL_CACHE_ACCESSES, /* vector L1 tag lookups of loads and stores (lines) */
	EMU_CNT_TCP_TCC_READ_REQ,     /* vector L1 -> L2 requests, one per line */
	EMU_CNT_TCP_TCC_WRITE_REQ,
	EMU_CNT_TCP_TCC_ATOMIC_WITH_RET_REQ,
	EMU_CNT_TCP_TCC_ATOMIC_WITHOUT_RET_REQ,
	EMU_CNT_TCC_REQ,              /* L2 requests at the tag block (all clients) */
	EMU_CNT_TCC_EA_RDREQ,         /* L2 -> fabric reads, 64-byte requests (TCC_EA0_RDREQ on gfx940+) */
	EMU_CNT_TCC_EA_WRREQ,         /* L2 -> fabric writes, 64-byte requests (TCC_EA0_WRREQ on gfx940+) */
	EMU_COUNTER_COUNT
};
extern const char *const emu_counter_names[EMU_COUNTER_COUNT];
/* The name counter i is reported by on arch: emu_counter_names[i], with
 * GCNLAB_ in front where rocprofv3 does not define it for that arch. */
void emu_counter_name(const struct emu_profile *prof, unsigned i, char *buf, size_t len);

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

#endif
