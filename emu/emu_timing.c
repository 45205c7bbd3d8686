/*
 * emu_timing — cycle model (first version: issue cadence per instruction
 * class and a fixed latency per memory kind). The cache/HBM/LDS-bank model
 * of the "Cycle model" issue replaces the latencies with mechanisms.
 */
#include <stdlib.h>

#include "emu_timing.h"

const char *const emu_counter_names[EMU_COUNTER_COUNT] = {
	[EMU_CNT_SQ_WAVES] = "SQ_WAVES",
	[EMU_CNT_SQ_INSTS_VALU] = "SQ_INSTS_VALU",
	[EMU_CNT_SQ_INSTS_SALU] = "SQ_INSTS_SALU",
	[EMU_CNT_SQ_INSTS_SMEM] = "SQ_INSTS_SMEM",
	[EMU_CNT_SQ_INSTS_VMEM_RD] = "SQ_INSTS_VMEM_RD",
	[EMU_CNT_SQ_INSTS_VMEM_WR] = "SQ_INSTS_VMEM_WR",
	[EMU_CNT_SQ_INSTS_LDS] = "SQ_INSTS_LDS",
	[EMU_CNT_SQ_INSTS_BRANCH] = "SQ_INSTS_BRANCH",
	[EMU_CNT_SQ_INSTS_MFMA] = "SQ_INSTS_VALU_MFMA",
	[EMU_CNT_SQ_INSTS_OTHER] = "SQ_INSTS_OTHER",
	[EMU_CNT_SQ_INSTS_TOTAL] = "SQ_INSTS",
	[EMU_CNT_SQ_WAIT_INST_ANY] = "SQ_WAIT_INST_ANY",
	[EMU_CNT_SQ_LDS_IDX_ACTIVE] = "SQ_LDS_IDX_ACTIVE",
	[EMU_CNT_SQ_LDS_BANK_CONFLICT] = "SQ_LDS_BANK_CONFLICT",
	[EMU_CNT_TCP_HIT] = "TCP_HIT",
	[EMU_CNT_TCP_MISS] = "TCP_MISS",
	[EMU_CNT_SQC_DCACHE_HIT] = "SQC_DCACHE_HITS",
	[EMU_CNT_SQC_DCACHE_MISS] = "SQC_DCACHE_MISSES",
	[EMU_CNT_SQC_ICACHE_HIT] = "SQC_ICACHE_HITS",
	[EMU_CNT_SQC_ICACHE_MISS] = "SQC_ICACHE_MISSES",
	[EMU_CNT_TCC_HIT] = "TCC_HIT",
	[EMU_CNT_TCC_MISS] = "TCC_MISS",
	[EMU_CNT_MALL_HIT] = "MALL_HIT",
	[EMU_CNT_MALL_MISS] = "MALL_MISS",
	[EMU_CNT_HBM_READ_BYTES] = "HBM_READ_BYTES",
	[EMU_CNT_HBM_WRITE_BYTES] = "HBM_WRITE_BYTES",
	[EMU_CNT_CUS_USED] = "CUS_USED",
	[EMU_CNT_BUSY_CYCLES] = "GRBM_GUI_ACTIVE",
};

struct emu_timing {
	const struct emu_profile *prof;
	uint32_t sclk_mhz, mclk_mhz;
	struct emu_dispatch_ctx *ctx;
};

struct emu_timing *emu_timing_create(const struct emu_profile *prof, uint32_t sclk_mhz, uint32_t mclk_mhz)
{
	struct emu_timing *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->prof = prof;
	t->sclk_mhz = sclk_mhz;
	t->mclk_mhz = mclk_mhz;
	return t;
}

void emu_timing_destroy(struct emu_timing *t)
{
	free(t);
}

void emu_timing_begin(struct emu_timing *t, struct emu_dispatch_ctx *ctx)
{
	t->ctx = ctx;
}

/* Issue cadence per class, in shader cycles. A wave issues at most one
 * instruction per 4-cycle round on GCN; wave64 VALU occupies a 16-lane SIMD
 * for 4 cycles (GCN3/Vega ISA, "Compute unit"). */
static const uint8_t issue_cycles[EMU_CLS_COUNT] = {
	[EMU_CLS_SALU] = 4,  [EMU_CLS_SMEM] = 4,        [EMU_CLS_BRANCH] = 4,
	[EMU_CLS_WAITCNT] = 4, [EMU_CLS_NOP] = 1,       [EMU_CLS_MSG] = 4,
	[EMU_CLS_VALU] = 4,  [EMU_CLS_VALU_DP] = 8,     [EMU_CLS_VALU_TRANS] = 16,
	[EMU_CLS_MFMA] = 64, [EMU_CLS_VMEM_LOAD] = 4,   [EMU_CLS_VMEM_STORE] = 4,
	[EMU_CLS_VMEM_ATOMIC] = 4, [EMU_CLS_FLAT_LOAD] = 4, [EMU_CLS_FLAT_STORE] = 4,
	[EMU_CLS_FLAT_ATOMIC] = 4, [EMU_CLS_DS] = 4,    [EMU_CLS_OTHER] = 4,
};

static const uint8_t class_counter[EMU_CLS_COUNT] = {
	[EMU_CLS_SALU] = EMU_CNT_SQ_INSTS_SALU,   [EMU_CLS_SMEM] = EMU_CNT_SQ_INSTS_SMEM,
	[EMU_CLS_BRANCH] = EMU_CNT_SQ_INSTS_BRANCH, [EMU_CLS_WAITCNT] = EMU_CNT_SQ_INSTS_OTHER,
	[EMU_CLS_NOP] = EMU_CNT_SQ_INSTS_OTHER,   [EMU_CLS_MSG] = EMU_CNT_SQ_INSTS_OTHER,
	[EMU_CLS_VALU] = EMU_CNT_SQ_INSTS_VALU,   [EMU_CLS_VALU_DP] = EMU_CNT_SQ_INSTS_VALU,
	[EMU_CLS_VALU_TRANS] = EMU_CNT_SQ_INSTS_VALU, [EMU_CLS_MFMA] = EMU_CNT_SQ_INSTS_MFMA,
	[EMU_CLS_VMEM_LOAD] = EMU_CNT_SQ_INSTS_VMEM_RD, [EMU_CLS_VMEM_STORE] = EMU_CNT_SQ_INSTS_VMEM_WR,
	[EMU_CLS_VMEM_ATOMIC] = EMU_CNT_SQ_INSTS_VMEM_WR, [EMU_CLS_FLAT_LOAD] = EMU_CNT_SQ_INSTS_VMEM_RD,
	[EMU_CLS_FLAT_STORE] = EMU_CNT_SQ_INSTS_VMEM_WR, [EMU_CLS_FLAT_ATOMIC] = EMU_CNT_SQ_INSTS_VMEM_WR,
	[EMU_CLS_DS] = EMU_CNT_SQ_INSTS_LDS,      [EMU_CLS_OTHER] = EMU_CNT_SQ_INSTS_OTHER,
};

uint32_t emu_timing_issue(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in)
{
	(void)w;
	unsigned cls = in->op ? in->op->cls : EMU_CLS_OTHER;
	if (cls >= EMU_CLS_COUNT)
		cls = EMU_CLS_OTHER;
	t->ctx->counters[class_counter[cls]]++;
	return issue_cycles[cls];
}

uint64_t emu_timing_access(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                           const struct emu_access *acc)
{
	(void)t;
	(void)in;
	/* First version: fixed latencies (seed 000, MI300X at one wave per CU:
	 * scalar cache ~48, ds_read_b32 ~52, L2-resident buffer load ~220). */
	switch (acc->kind) {
	case EMU_ACC_SCALAR:
		return w->cycle + 48;
	case EMU_ACC_LDS:
		return w->cycle + 52;
	default:
		return w->cycle + 220;
	}
}

uint32_t emu_timing_fetch(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in)
{
	(void)t;
	(void)w;
	(void)in;
	return 0;
}

void emu_timing_icache_inv(struct emu_timing *t, struct emu_wave *w)
{
	(void)t;
	(void)w;
}
