/*
 * emu_waitcnt — the GFX9 dependency counters as the ISA defines them: which
 * counters a memory instruction increments, which of them come back in
 * issue order, and the fields of s_waitcnt's immediate. The disassembler,
 * the s_waitcnt semantics, the wave's guarantee ledger (wave/emu_wave_owed.c)
 * and the static checker (core/emu_lint.c) all read these facts here.
 *
 * Sources:
 *  [VEGA] "Vega" Instruction Set Architecture (GFX9), 4.4 "Data Dependency
 *         Resolution" and S_WAITCNT: vector memory instructions return in
 *         the order they were issued; LGKM_CNT counts LDS, GDS, constant
 *         (SMEM) and message instructions, and SMEM can return out of order.
 *  [LLVM] SIInsertWaitcnts.cpp (LLVM 19): counterOutOfOrder (SMEM pending
 *         on LGKM_CNT: out of order), the FLAT case (a FLAT instruction that
 *         may reach LDS counts on both VM_CNT and LGKM_CNT, and on GFX9 may
 *         decrement either out of order, so waits on it are 0;
 *         reviews.llvm.org/D46616); FLATInstructions.td: global_ and
 *         scratch_ count on VM_CNT only. Without VS_CNT (all of GFX9) loads
 *         and stores share VM_CNT (getVmemWaitEventType: VMEM_ACCESS).
 *  [AMDGPU] LLVM AMDGPUUsage / gfx9 waitcnt syntax: vmcnt [3:0] and
 *         [15:14], expcnt [6:4], lgkmcnt [11:8].
 */
#ifndef EMU_WAITCNT_H
#define EMU_WAITCNT_H

#include <string.h>

#include "isa/emu_isa.h"

enum emu_cnt { EMU_CNT_VM = 0, EMU_CNT_LGKM, EMU_CNT_EXP, EMU_CNT_COUNT };

/* Return streams: the instructions of one stream decrement their counter in
 * issue order. EMU_ORD_NONE: no order with anything else on the counter. */
enum emu_ord {
	EMU_ORD_NONE = 0,
	EMU_ORD_VMEM,     /* MUBUF, MTBUF, MIMG, global_, scratch_: in order on VM_CNT [VEGA] */
	EMU_ORD_LDS,      /* DS to LDS: in order on LGKM_CNT [VEGA] */
	EMU_ORD_COUNT
};

/* What an instruction does to the counters. */
struct emu_counts {
	uint8_t cnts;     /* bit c: increments counter c (enum emu_cnt) */
	uint8_t ord;      /* enum emu_ord of its return */
};

/* The counters `in` increments when it issues (none for non-memory
 * instructions). GDS and s_sendmsg are their own streams (no order is
 * promised); generic FLAT counts on both counters, unordered [LLVM]. */
static inline struct emu_counts emu_inst_counts(const struct emu_inst *in)
{
	struct emu_counts k = { 0, EMU_ORD_NONE };
	if (!in->op)
		return k;
	switch (in->enc) {
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF:
	case EMU_ENC_MIMG:
		k.cnts = 1u << EMU_CNT_VM;
		k.ord = EMU_ORD_VMEM;
		break;
	case EMU_ENC_FLAT:
		if (in->seg == 0) {
			k.cnts = 1u << EMU_CNT_VM | 1u << EMU_CNT_LGKM;
		} else {
			k.cnts = 1u << EMU_CNT_VM;
			k.ord = EMU_ORD_VMEM;
		}
		break;
	case EMU_ENC_DS:
		k.cnts = 1u << EMU_CNT_LGKM;
		k.ord = (in->flags & EMU_F_GDS) ? EMU_ORD_NONE : EMU_ORD_LDS;
		break;
	case EMU_ENC_SMEM:
		k.cnts = 1u << EMU_CNT_LGKM;
		break;
	default:
		if (in->op->cls == EMU_CLS_MSG && !strncmp(in->op->mnemonic, "s_sendmsg", 9))
			k.cnts = 1u << EMU_CNT_LGKM;
		break;
	}
	return k;
}

/* emu_inst.counts: the decoder stores emu_inst_counts packed, so that the
 * run reads one byte per memory instruction. */
static inline uint8_t emu_counts_pack(struct emu_counts k)
{
	return (uint8_t)(k.cnts | k.ord << 4);
}
static inline struct emu_counts emu_counts_of(const struct emu_inst *in)
{
	struct emu_counts k = { (uint8_t)(in->counts & 0xf), (uint8_t)(in->counts >> 4) };
	return k;
}

/* s_waitcnt simm16 on GFX9 [AMDGPU]: the counts it waits for; a field at
 * its maximum (vmcnt 63, expcnt 7, lgkmcnt 15) does not wait. */
struct emu_waitcnt {
	uint8_t n[EMU_CNT_COUNT];
};

static inline struct emu_waitcnt emu_waitcnt_decode(uint32_t simm16)
{
	struct emu_waitcnt w;
	w.n[EMU_CNT_VM] = (uint8_t)((simm16 & 0xf) | ((simm16 >> 14) & 3) << 4);
	w.n[EMU_CNT_EXP] = (uint8_t)((simm16 >> 4) & 7);
	w.n[EMU_CNT_LGKM] = (uint8_t)((simm16 >> 8) & 0xf);
	return w;
}

/* The counter's name as s_waitcnt spells it. */
static inline const char *emu_cnt_name(unsigned c)
{
	return c == EMU_CNT_VM ? "vmcnt" : c == EMU_CNT_LGKM ? "lgkmcnt" : "expcnt";
}

/* The guarantee rule, the same for the dynamic and the static check: an
 * instruction still counted on counter c, with `younger` instructions of
 * its own ordered stream issued after it, is complete once the counter is at
 * most n, if n <= younger: while it is outstanding so are those younger ones
 * (in-order return), so the counter would be at least younger + 1. An
 * unordered one (EMU_ORD_NONE) only when n is 0. */
static inline bool emu_waitcnt_covers(unsigned ord, uint32_t younger, unsigned n)
{
	return n == 0 || (ord != EMU_ORD_NONE && n <= younger);
}

#endif
