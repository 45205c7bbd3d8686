/*
 * emu_timing_report — the names the model's counters are reported by.
 */
#include <stdio.h>

#include "model/emu_timing_report.h"

/* Counter names. A name without the GCNLAB_ prefix is rocprofv3's and
 * counts what rocprofv3 counts there, in the same unit (rocprofiler-sdk
 * source/share/rocprofiler-sdk/counter_defs.yaml; the names and targets
 * are kept in tests/data/rocprofv3_counters.txt). Quantities the hardware
 * has no counter for carry GCNLAB_. */
const char *const emu_counter_names[EMU_COUNTER_COUNT] = {
	[EMU_CNT_SQ_WAVES] = "SQ_WAVES",
	[EMU_CNT_SQ_INSTS_VALU] = "SQ_INSTS_VALU",
	[EMU_CNT_SQ_INSTS_SALU] = "SQ_INSTS_SALU",
	[EMU_CNT_SQ_INSTS_SMEM] = "SQ_INSTS_SMEM",
	[EMU_CNT_SQ_INSTS_VMEM_RD] = "SQ_INSTS_VMEM_RD",
	[EMU_CNT_SQ_INSTS_VMEM_WR] = "SQ_INSTS_VMEM_WR",
	[EMU_CNT_SQ_INSTS_LDS] = "SQ_INSTS_LDS",
	[EMU_CNT_SQ_INSTS_BRANCH] = "SQ_INSTS_BRANCH",
	[EMU_CNT_SQ_INSTS_MFMA] = "SQ_INSTS_MFMA",
	/* rocprofv3 has no "other instructions" counter */
	[EMU_CNT_SQ_INSTS_OTHER] = "GCNLAB_INSTS_OTHER",
	[EMU_CNT_SQ_INSTS_TOTAL] = "SQ_INSTS",
	/* Cycles (not rocprofv3's quad-cycles of SQ_WAIT_INST_ANY, which count
	 * waiting to issue for any reason) a wave spent in s_waitcnt. */
	[EMU_CNT_SQ_WAIT_INST_ANY] = "GCNLAB_WAITCNT_CYCLES",
	[EMU_CNT_SQ_LDS_IDX_ACTIVE] = "SQ_LDS_IDX_ACTIVE",
	[EMU_CNT_SQ_LDS_BANK_CONFLICT] = "SQ_LDS_BANK_CONFLICT",
	/* rocprofv3's TCP counters are per request type (TCP_TOTAL_CACHE_ACCESSES,
	 * TCP_TCC_READ_REQ, ...); gcnlab counts line lookups of loads. */
	[EMU_CNT_TCP_HIT] = "GCNLAB_TCP_HIT",
	[EMU_CNT_TCP_MISS] = "GCNLAB_TCP_MISS",
	[EMU_CNT_SQC_DCACHE_HIT] = "SQC_DCACHE_HITS",
	[EMU_CNT_SQC_DCACHE_MISS] = "SQC_DCACHE_MISSES",
	[EMU_CNT_SQC_ICACHE_HIT] = "SQC_ICACHE_HITS",
	[EMU_CNT_SQC_ICACHE_MISS] = "SQC_ICACHE_MISSES",
	[EMU_CNT_TCC_HIT] = "TCC_HIT",
	[EMU_CNT_TCC_MISS] = "TCC_MISS",
	/* MALL and DRAM traffic have no rocprofv3 counter of these names. */
	[EMU_CNT_MALL_HIT] = "GCNLAB_MALL_HIT",
	[EMU_CNT_MALL_MISS] = "GCNLAB_MALL_MISS",
	[EMU_CNT_HBM_READ_BYTES] = "GCNLAB_HBM_READ_BYTES",
	[EMU_CNT_HBM_WRITE_BYTES] = "GCNLAB_HBM_WRITE_BYTES",
	[EMU_CNT_CUS_USED] = "GCNLAB_CUS_USED",
	[EMU_CNT_BUSY_CYCLES] = "GRBM_GUI_ACTIVE",
	[EMU_CNT_TCP_UTCL1_MISS] = "TCP_UTCL1_TRANSLATION_MISS",
	[EMU_CNT_SQ_VALU_MFMA_BUSY_CYCLES] = "SQ_VALU_MFMA_BUSY_CYCLES",
	[EMU_CNT_HAZARD_WAITSTATES] = "GCNLAB_HAZARD_WAITSTATES",
	[EMU_CNT_HAZARD_WAITCNT] = "GCNLAB_HAZARD_WAITCNT",
	[EMU_CNT_TCP_TOTAL_CACHE_ACCESSES] = "TCP_TOTAL_CACHE_ACCESSES",
	[EMU_CNT_TCP_TCC_READ_REQ] = "TCP_TCC_READ_REQ",
	[EMU_CNT_TCP_TCC_WRITE_REQ] = "TCP_TCC_WRITE_REQ",
	[EMU_CNT_TCP_TCC_ATOMIC_WITH_RET_REQ] = "TCP_TCC_ATOMIC_WITH_RET_REQ",
	[EMU_CNT_TCP_TCC_ATOMIC_WITHOUT_RET_REQ] = "TCP_TCC_ATOMIC_WITHOUT_RET_REQ",
	[EMU_CNT_TCC_REQ] = "TCC_REQ",
	[EMU_CNT_TCC_EA_RDREQ] = "TCC_EA_RDREQ",
	[EMU_CNT_TCC_EA_WRREQ] = "TCC_EA_WRREQ",
};

/* counter_defs.yaml's gfx940-family definitions name the L2's fabric
 * interface EA0 (TCC_EA0_RDREQ, TCC_EA0_WRREQ); gfx900 and gfx90a have
 * TCC_EA_RDREQ, TCC_EA_WRREQ. */
static const char *const gfx940_names[EMU_COUNTER_COUNT] = {
	[EMU_CNT_TCC_EA_RDREQ] = "TCC_EA0_RDREQ",
	[EMU_CNT_TCC_EA_WRREQ] = "TCC_EA0_WRREQ",
};

/* Counters counter_defs.yaml defines for gfx90a and gfx942 but not for
 * gfx900: on gfx900 they are emulator quantities, reported as
 * GCNLAB_<name>. */
static const bool not_on_gfx900[EMU_COUNTER_COUNT] = {
	[EMU_CNT_SQ_INSTS_BRANCH] = true,
	[EMU_CNT_SQ_INSTS_MFMA] = true,
	[EMU_CNT_SQ_INSTS_TOTAL] = true,
	[EMU_CNT_SQ_LDS_IDX_ACTIVE] = true,
	[EMU_CNT_SQC_DCACHE_HIT] = true,
	[EMU_CNT_SQC_DCACHE_MISS] = true,
	[EMU_CNT_SQC_ICACHE_HIT] = true,
	[EMU_CNT_SQC_ICACHE_MISS] = true,
	[EMU_CNT_TCP_UTCL1_MISS] = true,
	[EMU_CNT_SQ_VALU_MFMA_BUSY_CYCLES] = true,
	[EMU_CNT_TCP_TOTAL_CACHE_ACCESSES] = true,
	[EMU_CNT_TCP_TCC_READ_REQ] = true,
	[EMU_CNT_TCP_TCC_WRITE_REQ] = true,
	[EMU_CNT_TCP_TCC_ATOMIC_WITH_RET_REQ] = true,
	[EMU_CNT_TCP_TCC_ATOMIC_WITHOUT_RET_REQ] = true,
	[EMU_CNT_TCC_REQ] = true,
};

void emu_counter_name(const struct emu_profile *prof, unsigned i, char *buf, size_t len)
{
	const char *name = i < EMU_COUNTER_COUNT ? emu_counter_names[i] : "";
	if (i < EMU_COUNTER_COUNT && gfx940_names[i] && gcn_has(prof->tgt, GCN_F_GFX940_INSTS))
		name = gfx940_names[i];
	bool gcnlab = !gcn_has(prof->tgt, GCN_F_SQ_COUNTERS) && i < EMU_COUNTER_COUNT && not_on_gfx900[i];

	snprintf(buf, len, "%s%s", gcnlab ? "GCNLAB_" : "", name);
}
