/*
 * emu_hazard_nops — software wait states (s_nop hazards) of gfx900, gfx90a
 * and gfx942, checked dynamically (see emu_hazard_nops.h for the cost model).
 *
 * Sources, cited per rule below:
 *  [VEGA]  "Vega" Instruction Set Architecture (GFX9), section 4.5 "Manually
 *          Inserted Wait States (NOPs)".
 *  [CDNA]  AMD Instinct MI200 (CDNA2) and MI300 (CDNA3) ISA, section 4.5 and
 *          the "Dependency Resolution: Required Independent Instructions"
 *          tables of the matrix-core chapter.
 *  [LLVM]  LLVM 19 GCNHazardRecognizer.cpp (the function named per rule) and
 *          the GCNSubtarget.h feature it depends on; LLVM inserts exactly
 *          these wait states into clang's output.
 *  [ACO]   Mesa aco_insert_NOPs.cpp, handle_instruction_gfx6 (GFX6-9).
 * A rule none of them states is not checked: a false alarm costs as much as
 * a miss.
 *
 * Counting: the wait states between producer P and consumer C are those of
 * the instructions issued strictly between them, s_nop N counting N + 1
 * and every other instruction one ([VEGA] 4.5; [LLVM] getWaitStatesSince
 * with SIInstrInfo::getNumWaitStates). A rule is violated when fewer than
 * its number elapsed. Where a rule depends on several producers of the
 * same register, the most recent one decides, as in [LLVM]
 * getWaitStatesSinceDef.
 *
 * What executes: for "VALU writes SGPR -> VMEM reads it" the VMEM reads the
 * SGPR's value from before the VALU wrote it ([VEGA] 4.5: the VMEM "reads
 * the old value" without the wait states); the emulator does the same. For
 * every other rule the documents leave the result undefined: the hazard is
 * reported and the instruction executes with the current values.
 */
#include <stdio.h>
#include <string.h>

#include "gcn_mfma.h"
#include "core/emu_dispatch_ctx.h"
#include "core/emu_hazard.h"
#include "core/emu_hazard_nops.h"
#include "model/emu_timing.h"

struct span {
	uint16_t lo, hi;
};

static bool span_ov(struct span a, struct span b)
{
	return a.lo < b.hi && b.lo < a.hi;
}

/* The features a rule needs (common/gcn_proc.h), as LLVM's
 * GCNHazardRecognizer keys each check on a subtarget feature: a processor
 * has the rules of the features its row sets. FALL: every GFX9 part. */
enum {
	FALL = 0,
	FMAI = GCN_F_MAI, /* MFMA, v_dot and DGEMM rules (checkMAIHazards90A) */
	FVDEC = GCN_F_VDEC_COEXEC_HAZARD, FTRANS = GCN_F_TRANS_FWD_HAZARD,
	FDSTSEL = GCN_F_DSTSEL_FWD_HAZARD, FDMFMA = GCN_F_DMFMA_VALU_VMEM_BUG,
};

/* ---- instruction properties ---- */

/* What the rules ask of an instruction as the wave runs (in->hz_kind and
 * in->hz_np): read from the mnemonic once, by emu_hzn_classify, so that no
 * string is compared per issued instruction. */
enum {
	HK_DGEMM = 1u << 0,        /* [LLVM] isDGEMM: v_mfma_f64_* */
	HK_DGEMM_4X4X4 = 1u << 1,  /* the 4x4x4 DGEMM */
	HK_DGEMM_16X16X4 = 1u << 2, /* the 16x16x4 DGEMM */
	HK_DOT = 1u << 3,          /* [LLVM] SIInstrInfo::isDOT: a VALU v_dot* */
	HK_XDL = 1u << 4,          /* [LLVM] isXDL (is_xdl_by_name) */
	HK_CMPX = 1u << 5,         /* v_cmpx*: writes EXEC too */
	HK_SMFMAC = 1u << 6,       /* v_smfmac*: src2 is the sparsity index */
	HK_CMPSWAP_X2 = 1u << 7,   /* *cmpswap_x2: 4 data dwords */
};

static const char *mn(const struct emu_inst *in)
{
	return in->op ? in->op->mnemonic : "";
}
static bool starts(const struct emu_inst *in, const char *p)
{
	return in->op && !strncmp(in->op->mnemonic, p, strlen(p));
}
static bool is_valu(const struct emu_inst *in)
{
	switch (in->enc) {
	case EMU_ENC_VOP1: case EMU_ENC_VOP2: case EMU_ENC_VOPC: case EMU_ENC_VOP3: case EMU_ENC_VOP3P:
	case EMU_ENC_VINTRP:
		return in->op != NULL;
	default:
		return false;
	}
}
static bool is_vmem(const struct emu_inst *in)
{
	return in->op && (in->enc == EMU_ENC_MUBUF || in->enc == EMU_ENC_MTBUF || in->enc == EMU_ENC_MIMG ||
	                  in->enc == EMU_ENC_FLAT);
}
static bool is_mem(const struct emu_inst *in)
{
	return is_vmem(in) || (in->op && in->enc == EMU_ENC_DS);
}
static bool is_memexp(const struct emu_inst *in)
{
	return is_mem(in) || (in->op && in->enc == EMU_ENC_EXP);
}
static bool is_salu(const struct emu_inst *in)
{
	return in->op && (in->enc == EMU_ENC_SOP1 || in->enc == EMU_ENC_SOP2 || in->enc == EMU_ENC_SOPK ||
	                  in->enc == EMU_ENC_SOPC);
}
static bool is_mfma(const struct emu_inst *in)
{
	return in->op && in->op->cls == EMU_CLS_MFMA;
}
static bool is_dgemm(const struct emu_inst *in)
{
	return in->hz_kind & HK_DGEMM;
}
static bool is_dot(const struct emu_inst *in)
{
	return in->hz_kind & HK_DOT;
}
static bool is_trans(const struct emu_inst *in)
{
	return in->op && in->op->cls == EMU_CLS_VALU_TRANS;
}
static bool is_rwlane(const struct emu_inst *in)
{
	return starts(in, "v_readlane_b32") || starts(in, "v_writelane_b32");
}
static bool is_readlane_any(const struct emu_inst *in)
{
	return starts(in, "v_readlane_b32") || starts(in, "v_readfirstlane_b32");
}

/* MFMA passes: ReleaseAtCycles of the instruction's HWXDL/HWDGEMM write in
 * LLVM 19's scheduling model (what [LLVM] calls NumPasses), measured with
 * `llvm-mca -mcpu=<arch> -instruction-info` (the RThroughput column) on one
 * instance of each MFMA of the opcode tables. */
static unsigned passes_by_name(const struct emu_profile *prof, const struct emu_inst *in)
{
	unsigned n = gcn_mfma_passes(prof->tgt, mn(in));
	return n ? n : 16; /* not in the table: the longest */
}

/* [LLVM] isXDL: on gfx90a every non-DGEMM MFMA; on gfx942 the MAIInstInfo
 * is_gfx940_xdl flag, which this file approximates as "not an f32-input
 * MFMA" (the f32 ones run on the non-XDL path of CDNA3). The approximation
 * errs towards the smaller wait-state numbers: a miss, never a false alarm,
 * if it is wrong for an f32 MFMA. */
static bool is_xdl_by_name(const struct emu_profile *prof, const struct emu_inst *in)
{
	if (!is_mfma(in) || starts(in, "v_mfma_f64"))
		return false;
	if (!gcn_has(prof->tgt, GCN_F_GFX940_INSTS))
		return true;
	const char *m = mn(in);
	size_t n = strlen(m);
	bool f32_in = n >= 4 && !strcmp(m + n - 4, "_f32") && !(n >= 5 && m[n - 5] == 'x');
	return !f32_in;
}

/* in->hz_kind, from the mnemonic. */
static uint8_t hz_kind_by_name(const struct emu_profile *prof, const struct emu_inst *in)
{
	uint8_t k = 0;
	if (is_mfma(in) && starts(in, "v_mfma_f64")) {
		k |= HK_DGEMM;
		if (strstr(mn(in), "4x4x4"))
			k |= HK_DGEMM_4X4X4;
		if (strstr(mn(in), "16x16x4"))
			k |= HK_DGEMM_16X16X4;
	}
	if (is_valu(in) && starts(in, "v_dot"))
		k |= HK_DOT;
	if (is_xdl_by_name(prof, in))
		k |= HK_XDL;
	if (starts(in, "v_cmpx"))
		k |= HK_CMPX;
	if (starts(in, "v_smfmac"))
		k |= HK_SMFMAC;
	if (strstr(mn(in), "cmpswap_x2"))
		k |= HK_CMPSWAP_X2;
	return k;
}

static unsigned passes(const struct emu_inst *in)
{
	return in->hz_np;
}
static bool is_xdl(const struct emu_inst *in)
{
	return in->hz_kind & HK_XDL;
}

/* SGPRs a VALU writes: an SGPR destination (v_readlane, v_readfirstlane),
 * the mask/carry destination (VCC for e32, sdst for e64), and EXEC for
 * v_cmpx (GFX9 v_cmpx writes both). */
static unsigned valu_swr(const struct emu_inst *in, struct span *sp)
{
	unsigned n = 0;
	if (!is_valu(in))
		return 0;
	if (in->dst < 128)
		sp[n++] = (struct span){in->dst, (uint16_t)(in->dst + 1)};
	if (in->sdst < 128)
		sp[n++] = (struct span){in->sdst, (uint16_t)(in->sdst + 2)};
	if (in->hz_kind & HK_CMPX)
		sp[n++] = (struct span){EMU_OP_EXEC_LO, EMU_OP_EXEC_HI + 1};
	return n;
}
static bool swr_hits(const struct emu_inst *p, struct span r)
{
	struct span sp[3];
	unsigned n = valu_swr(p, sp);
	for (unsigned i = 0; i < n; i++)
		if (span_ov(sp[i], r))
			return true;
	return false;
}
static const struct span VCC = {EMU_OP_VCC_LO, EMU_OP_VCC_HI + 1};
static const struct span EXEC = {EMU_OP_EXEC_LO, EMU_OP_EXEC_HI + 1};

/* Registers read/written as spans (from emu_hazard_spans), split by file. */
struct regs {
	struct span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
	unsigned nrd, nwr;
};
static void regs_of(const struct emu_inst *in, struct regs *r)
{
	struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
	emu_hazard_spans(in, rd, &r->nrd, wr, &r->nwr);
	for (unsigned i = 0; i < r->nrd; i++)
		r->rd[i] = (struct span){rd[i].lo, rd[i].hi};
	for (unsigned i = 0; i < r->nwr; i++)
		r->wr[i] = (struct span){wr[i].lo, wr[i].hi};
}
/* Does a vector register among s[0..n) overlap v? */
static bool vspans_hit(const struct span *s, unsigned n, struct span v)
{
	for (unsigned i = 0; i < n; i++)
		if (s[i].lo >= EMU_OP_VGPR0 && span_ov(s[i], v))
			return true;
	return false;
}
static bool vreads(const struct emu_inst *in, struct span v)
{
	struct regs r;
	regs_of(in, &r);
	return vspans_hit(r.rd, r.nrd, v);
}
static bool vwrites(const struct emu_inst *in, struct span v)
{
	struct regs r;
	regs_of(in, &r);
	return vspans_hit(r.wr, r.nwr, v);
}
/* The VGPRs/AGPRs an instruction writes (its vector destination). */
static bool vdst(const struct emu_inst *in, struct span *out)
{
	if (in->dst == EMU_OP_NONE || in->dst < EMU_OP_VGPR0 || !in->op)
		return false;
	unsigned n = in->op->dst_dw ? in->op->dst_dw : 1;
	*out = (struct span){in->dst, (uint16_t)(in->dst + n)};
	return true;
}
static struct span src_span(const struct emu_inst *in, unsigned i)
{
	unsigned n = in->op && in->op->src_dw[i] ? in->op->src_dw[i] : 1;
	return (struct span){in->src[i], (uint16_t)(in->src[i] + n)};
}
/* One of src0..src2 of in is a VGPR/AGPR operand overlapping v (the
 * operands alone: no address or data registers of memory instructions). */
static bool src_reads(const struct emu_inst *in, struct span v)
{
	for (unsigned i = 0; i < 3; i++)
		if (in->src[i] >= EMU_OP_VGPR0 && in->src[i] != EMU_OP_NONE && span_ov(v, src_span(in, i)))
			return true;
	return false;
}
/* SGPRs a VMEM instruction reads: resource, soffset, saddr, and M0 for LDS
 * DMA ([LLVM] checkVMEMHazards takes every scalar use). */
static unsigned vmem_srd(const struct emu_inst *in, struct span *sp)
{
	unsigned n = 0;
	if (in->srsrc < 128)
		sp[n++] = (struct span){in->srsrc, (uint16_t)(in->srsrc + 4)};
	if (in->enc == EMU_ENC_FLAT) {
		if ((in->flags & EMU_F_SADDR) && in->soffset < 128)
			sp[n++] = (struct span){in->soffset, (uint16_t)(in->soffset + (in->seg == 1 ? 1 : 2))};
	} else if (in->soffset < 128) {
		sp[n++] = (struct span){in->soffset, (uint16_t)(in->soffset + 1)};
	}
	if (in->flags & EMU_F_LDS)
		sp[n++] = (struct span){EMU_OP_M0, EMU_OP_M0 + 1};
	return n;
}
/* SGPRs a VALU reads as explicit sources (VCC of carry-in / v_cndmask included). */
static bool valu_sreads(const struct emu_inst *in, struct span s)
{
	for (unsigned i = 0; i < 3; i++)
		if (in->src[i] < 128 && span_ov(src_span(in, i), s))
			return true;
	return false;
}
/* [VEGA]/[LLVM] createsVALUHazard: a VMEM store of more than 64 bits whose
 * data a following VALU must not overwrite; MUBUF/MTBUF only when soffset is
 * not an SGPR. */
static bool wide_store(const struct emu_inst *in, struct span *data)
{
	if (!is_vmem(in) || in->data[0] == EMU_OP_NONE || in->data[0] < EMU_OP_VGPR0)
		return false;
	unsigned c = in->op->cls;
	if (c != EMU_CLS_VMEM_STORE && c != EMU_CLS_FLAT_STORE && c != EMU_CLS_VMEM_ATOMIC && c != EMU_CLS_FLAT_ATOMIC)
		return false;
	unsigned dw = in->op->data_dw;
	if (in->hz_kind & HK_CMPSWAP_X2)
		dw = 4;
	if (dw <= 2)
		return false;
	if ((in->enc == EMU_ENC_MUBUF || in->enc == EMU_ENC_MTBUF) && in->soffset < 128)
		return false;
	*data = (struct span){in->data[0], (uint16_t)(in->data[0] + dw)};
	return true;
}
static unsigned hwreg_id(const struct emu_inst *in)
{
	return in->w[0] & 0x3f; /* simm16[5:0] */
}
static bool is_setreg(const struct emu_inst *in)
{
	return starts(in, "s_setreg_b32") || starts(in, "s_setreg_imm32_b32");
}
static bool salu_writes_m0(const struct emu_inst *in)
{
	if (!is_salu(in) || in->enc == EMU_ENC_SOPC || in->dst == EMU_OP_NONE || is_setreg(in))
		return false;
	unsigned n = in->op->dst_dw ? in->op->dst_dw : 1;
	return in->dst <= EMU_OP_M0 && EMU_OP_M0 < in->dst + n;
}
/* [LLVM] hasDstSelForwardingHazard producer: SDWA with dst_sel other than
 * DWORD (6), or op_sel[3] (destination high half). */
static bool dst_sel_shift(const struct emu_inst *in)
{
	if (!is_valu(in))
		return false;
	if (in->sdwa)
		return in->enc != EMU_ENC_VOPC && ((in->ext >> 8) & 7) != 6;
	return in->enc == EMU_ENC_VOP3 && (in->opsel & 8);
}

/* ---- rules ---- */

struct hctx {
	const struct emu_profile *prof;
	const struct emu_inst *c;   /* consumer */
	bool dgemm_between;         /* a DGEMM issued between the candidate producer and c */
};

/* need(): -1 if p is not a producer for c under this rule, else the wait
 * states required. */
struct rule {
	const char *name;
	const char *source;
	uint16_t feat;                /* enum gcn_feature bits the processor needs */
	uint8_t window;             /* largest number of wait states the rule can need */
	bool stale;                 /* the consumer reads the old SGPR value */
	bool (*cons)(const struct emu_profile *prof, const struct emu_inst *in);
	bool (*prod)(const struct emu_profile *prof, const struct emu_inst *in);
	int (*need)(const struct hctx *h, const struct emu_inst *p);
};

#define P (void)prof

/* A rule's consumer (c_) or producer (p_) class that tests the
 * instruction alone. */
#define INST_CLASS(name, cond)                                                       \
	static bool name(const struct emu_profile *prof, const struct emu_inst *in) \
	{                                                                           \
		P;                                                                  \
		return (cond);                                                      \
	}

/* 1. VALU writes SGPR -> VMEM reads that SGPR: 5. [VEGA] 4.5; [LLVM]
 * checkVMEMHazards (hasVMEMReadSGPRVALUDefHazard: GFX8+); [ACO]. */
static bool c_vmem_sgpr(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	struct span sp[4];
	return is_vmem(in) && vmem_srd(in, sp);
}
static bool p_valu_sgpr(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	struct span sp[3];
	return valu_swr(in, sp) != 0;
}
static int n_vmem_sgpr(const struct hctx *h, const struct emu_inst *p)
{
	struct span sp[4];
	unsigned n = vmem_srd(h->c, sp);
	for (unsigned i = 0; i < n; i++)
		if (swr_hits(p, sp[i]))
			return 5;
	return -1;
}

/* 2. VALU writes SGPR/VCC -> v_readlane/v_writelane use it as the lane
 * select: 4. [VEGA] 4.5; [LLVM] checkRWLaneHazards; [ACO]. */
INST_CLASS(c_lanesel, is_rwlane(in) && in->src[1] < 128)
static int n_lanesel(const struct hctx *h, const struct emu_inst *p)
{
	return swr_hits(p, (struct span){h->c->src[1], (uint16_t)(h->c->src[1] + 1)}) ? 4 : -1;
}

/* 3. VALU writes VCC -> v_div_fmas: 4. [VEGA] 4.5; [LLVM]
 * checkDivFMasHazards; [ACO]. */
INST_CLASS(c_divfmas, starts(in, "v_div_fmas_"))
static int n_divfmas(const struct hctx *h, const struct emu_inst *p)
{
	(void)h;
	return swr_hits(p, VCC) ? 4 : -1;
}

/* 4. VALU writes EXEC -> DPP: 5. [VEGA] 4.5; [LLVM] checkDPPHazards; [ACO]. */
INST_CLASS(c_dpp, is_valu(in) && in->dpp)
static int n_dpp_exec(const struct hctx *h, const struct emu_inst *p)
{
	(void)h;
	return swr_hits(p, EXEC) ? 5 : -1;
}

/* 5. VALU writes VGPR -> DPP reads that VGPR: 2. [VEGA] 4.5 (the DPP
 * operand, src0; [LLVM] checkDPPHazards and [ACO] guard the same). */
INST_CLASS(p_valu, is_valu(in))
/* The producer's VGPR destination overlaps the consumer's src0 (rules 5
 * and 14 read it there). */
static bool vdst_feeds_src0(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	return vdst(p, &d) && span_ov(d, src_span(h->c, 0));
}
static int n_dpp_vgpr(const struct hctx *h, const struct emu_inst *p)
{
	return vdst_feeds_src0(h, p) ? 2 : -1;
}

/* 6. s_setreg -> s_getreg/s_setreg of the same hardware register: 2.
 * [VEGA] 4.5; [LLVM] checkGetRegHazards/checkSetRegHazards
 * (getSetRegWaitStates: 2 on GFX8+); [ACO]. */
INST_CLASS(c_getsetreg, is_setreg(in) || starts(in, "s_getreg_b32"))
INST_CLASS(p_setreg, is_setreg(in))
static int n_getsetreg(const struct hctx *h, const struct emu_inst *p)
{
	return hwreg_id(p) == hwreg_id(h->c) ? 2 : -1;
}

/* 7. s_setreg of MODE.vskip (bit 28) -> any vector instruction: 2. [VEGA]
 * 4.5; [ACO] set_vskip_mode_then_vector. */
INST_CLASS(c_vector, is_valu(in) || is_memexp(in))
static bool p_vskip(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	if (!is_setreg(in) || hwreg_id(in) != 1)
		return false;
	unsigned off = (in->w[0] >> 6) & 0x1f, size = ((in->w[0] >> 11) & 0x1f) + 1;
	return off <= 28 && 28 < off + size;
}
static int n_vskip(const struct hctx *h, const struct emu_inst *p)
{
	(void)h, (void)p;
	return 2;
}

/* 8-10. SALU writes M0 -> s_sendmsg, s_ttracedata or GDS; s_movrel*; LDS DMA
 * (buffer/global/scratch ... lds), ds_*_addtid, v_interp, LDS_DIRECT: 1.
 * [VEGA] 4.5; [LLVM] checkReadM0Hazards (hasReadM0SendMsgHazard,
 * hasReadM0MovRelInterpHazard, hasReadM0LdsDmaHazard,
 * hasReadM0LdsDirectHazard: all GFX9, so gfx90a and gfx942 too); [ACO]. */
INST_CLASS(p_salu_m0, salu_writes_m0(in))
static int n_one(const struct hctx *h, const struct emu_inst *p)
{
	(void)h, (void)p;
	return 1;
}
static bool c_m0_msg(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	return starts(in, "s_sendmsg") || starts(in, "s_ttracedata") ||
	       (in->op && in->enc == EMU_ENC_DS && (in->flags & EMU_F_GDS));
}
INST_CLASS(c_m0_movrel, starts(in, "s_movrels_") || starts(in, "s_movreld_"))
static bool c_m0_lds(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	if (is_vmem(in) && (in->flags & EMU_F_LDS))
		return true;
	if (starts(in, "ds_read_addtid_b32") || starts(in, "ds_write_addtid_b32"))
		return true;
	if (in->op && in->enc == EMU_ENC_VINTRP)
		return true;
	if (is_valu(in))
		for (unsigned i = 0; i < 3; i++)
			if (in->src[i] == EMU_OP_LDS_DIRECT)
				return true;
	return false;
}

/* 11. VMEM store of more than 64 bits -> VALU writes its data VGPRs: 1
 * (gfx900, gfx90a), 2 (gfx942). [VEGA] 4.5; [LLVM] checkVALUHazardsHelper
 * (VALUWaitStates = hasGFX940Insts ? 2 : 1); [ACO]. */
static bool c_valu_vwrite(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	struct span d;
	return is_valu(in) && vdst(in, &d);
}
static bool p_wide_store(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	struct span d;
	return wide_store(in, &d);
}
static int n_store_data(const struct hctx *h, const struct emu_inst *p)
{
	struct span d, v;
	if (!wide_store(p, &d) || !vdst(h->c, &v) || !span_ov(d, v))
		return -1;
	return gcn_has(h->prof->tgt, GCN_F_GFX940_INSTS) ? 2 : 1;
}

/* 12-14. gfx942 has no interlock for VALU-written SGPRs ([LLVM]
 * hasVDecCoExecHazard = GFX940Insts, checkVALUHazards):
 * VALU writes SGPR -> VALU reads it: 2; VALU writes EXEC -> v_readlane,
 * v_readfirstlane, v_writelane: 4; VALU writes VGPR -> v_readlane or
 * v_readfirstlane reads it: 1. */
static bool c_valu_sread(const struct emu_profile *prof, const struct emu_inst *in)
{
	P;
	if (!is_valu(in))
		return false;
	for (unsigned i = 0; i < 3; i++)
		if (in->src[i] < 128)
			return true;
	return false;
}
static int n_valu_sread(const struct hctx *h, const struct emu_inst *p)
{
	struct span sp[3];
	unsigned n = valu_swr(p, sp);
	for (unsigned i = 0; i < n; i++)
		if (valu_sreads(h->c, sp[i]))
			return 2;
	return -1;
}
INST_CLASS(c_rwlane_any, is_readlane_any(in) || starts(in, "v_writelane_b32"))
static int n_exec_rwlane(const struct hctx *h, const struct emu_inst *p)
{
	(void)h;
	return swr_hits(p, EXEC) ? 4 : -1;
}
INST_CLASS(c_readlane, is_readlane_any(in))
static int n_vgpr_readlane(const struct hctx *h, const struct emu_inst *p)
{
	return vdst_feeds_src0(h, p) ? 1 : -1;
}

/* 15. gfx942: transcendental VALU writes VGPR -> non-transcendental VALU
 * reads it: 1. [LLVM] checkVALUHazards, hasTransForwardingHazard =
 * GFX940Insts (not gfx90a). */
INST_CLASS(c_valu_vread, is_valu(in) && !is_mfma(in))
INST_CLASS(p_trans, is_trans(in))
static int n_trans(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (is_trans(h->c) || !is_trans(p) || !vdst(p, &d))
		return -1;
	return src_reads(h->c, d) ? 1 : -1;
}

/* 16. gfx942: VALU writing part of its VGPR with a shift (SDWA dst_sel not
 * DWORD, or op_sel[3]) -> VALU reads that VGPR: 1. [LLVM] checkVALUHazards,
 * hasDstSelForwardingHazard = GFX940Insts. */
INST_CLASS(p_dstsel, dst_sel_shift(in))
static int n_dstsel(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (!dst_sel_shift(p) || !vdst(p, &d))
		return -1;
	return src_reads(h->c, d) ? 1 : -1;
}

/* 17. gfx90a/gfx942: VALU (not MFMA) writes EXEC -> MFMA: 4. [LLVM]
 * checkMAIHazards90A; [CDNA] 4.5. */
INST_CLASS(c_mfma, is_mfma(in))
#define p_valu_legacy c_valu_vread  /* the same class: VALU, not MFMA */
static int n_mfma_exec(const struct hctx *h, const struct emu_inst *p)
{
	(void)h;
	return !is_mfma(p) && swr_hits(p, EXEC) ? 4 : -1;
}

/* 18. gfx90a/gfx942: VALU (not MFMA, not v_dot) writes VGPR/AGPR -> MFMA
 * reads it: 2. [LLVM] checkMAIHazards90A (LegacyVALUNotDotWritesVGPR);
 * [CDNA] 4.5. */
static int n_mfma_valu_vgpr(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (is_mfma(p) || is_dot(p) || !vdst(p, &d))
		return -1;
	return src_reads(h->c, d) ? 2 : -1;
}

/* 19. gfx90a/gfx942: MFMA writes VGPRs -> MFMA reads them as SrcC or
 * SrcA/B, by pass count, DGEMM and (gfx942) XDL. [LLVM]
 * checkMAIHazards90A and the GFX940_* helpers; [CDNA] "Dependency
 * Resolution" tables. */
#define p_mfma c_mfma
static int n_mfma_mfma(const struct hctx *h, const struct emu_inst *p)
{
	const struct emu_profile *prof = h->prof;
	const struct emu_inst *c = h->c;
	struct span d;
	if (!is_mfma(p) || !vdst(p, &d))
		return -1;
	bool g942 = gcn_has(prof->tgt, GCN_F_GFX940_INSTS);
	bool p_f64_4 = p->hz_kind & HK_DGEMM_4X4X4, p_f64_16 = p->hz_kind & HK_DGEMM_16X16X4;
	unsigned np = passes(p);
	int need = -1;
	for (unsigned i = 0; i < 3; i++) {
		if (c->src[i] == EMU_OP_NONE || c->src[i] < EMU_OP_VGPR0)
			continue;
		struct span u = src_span(c, i);
		if (!span_ov(d, u))
			continue;
		int n = 0;
		if (i == 2) { /* SrcC */
			bool full = d.lo == u.lo && d.hi == u.hi;
			if (!is_dgemm(c) && !g942 && is_dgemm(p))
				n = 0;
			else if (full)
				n = (p_f64_4 && (c->hz_kind & HK_DGEMM_4X4X4)) ? 4 : (g942 && np == 2) ? 2 : 0;
			else if (p_f64_16)
				n = is_xdl(c) ? 0 : 9;
			else if (p_f64_4)
				n = is_xdl(c) ? 0 : 4;
			else if (g942)
				n = (is_xdl(c) && !is_xdl(p)) ? 0 : (int)np + (is_xdl(p) ? 1 : 0);
			else
				n = np == 2 ? (is_dgemm(c) ? 3 : 2) : np == 8 ? (is_dgemm(c) ? 9 : 8) : (is_dgemm(c) ? 17 : 16);
		} else { /* SrcA/B */
			if (p_f64_16)
				n = 11;
			else if (p_f64_4)
				n = 6;
			else if (g942)
				n = (int)np + (is_xdl(p) ? 3 : 2);
			else
				n = np == 2 ? 5 : np == 8 ? 11 : 19;
		}
		need = n > need ? n : need;
	}
	return need;
}

/* 20. gfx90a/gfx942: MFMA writes VGPRs -> VALU, VMEM, DS, FLAT or export
 * reads them. [LLVM] checkMAIVALUHazards; [CDNA] tables. */
INST_CLASS(c_valu_or_mem, (is_valu(in) && !is_mfma(in)) || is_memexp(in))
static int mfma_read_need(const struct emu_profile *prof, const struct emu_inst *p, bool mem)
{
	unsigned np = passes(p);
	if (is_dgemm(p))
		return np == 4 ? (mem ? 9 : 6) : (mem ? 18 : 11);
	if (gcn_has(prof->tgt, GCN_F_GFX940_INSTS))
		return (int)np + (is_xdl(p) ? 3 : 2);
	return np == 2 ? 5 : np == 8 ? 11 : 19;
}
static int n_mfma_read(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (!is_mfma(p) || !vdst(p, &d) || !vreads(h->c, d))
		return -1;
	return mfma_read_need(h->prof, p, is_memexp(h->c));
}

/* 21. gfx90a/gfx942: MFMA writes VGPRs -> VALU or memory instruction
 * writes them (WAW). [LLVM] checkMAIVALUHazards. */
static int n_mfma_waw(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (!is_mfma(p) || !vdst(p, &d) || !vwrites(h->c, d))
		return -1;
	unsigned np = passes(p);
	if (is_dgemm(p))
		return np == 4 ? 6 : 11;
	if (gcn_has(h->prof->tgt, GCN_F_GFX940_INSTS))
		return (int)np + (is_xdl(p) ? 3 : 2);
	return np == 2 ? 5 : np == 8 ? 11 : 19;
}

/* 22. gfx90a/gfx942: MFMA (not DGEMM; XDL on gfx942) reads VGPRs as SrcC ->
 * VALU or memory instruction overwrites them (WAR): 1/3/7/15 for 2/4/8/16
 * passes. [LLVM] checkMAIVALUHazards (SMFMA*ReadVgprVALUWar). */
static int n_mfma_war(const struct hctx *h, const struct emu_inst *p)
{
	if (!is_mfma(p) || is_dgemm(p) || p->src[2] == EMU_OP_NONE || p->src[2] < EMU_OP_VGPR0)
		return -1;
	if (gcn_has(h->prof->tgt, GCN_F_GFX940_INSTS) && !is_xdl(p))
		return -1;
	if (p->hz_kind & HK_SMFMAC)
		return -1; /* src2 is the sparsity index, not C */
	if (!vwrites(h->c, src_span(p, 2)))
		return -1;
	unsigned np = passes(p);
	return np == 2 ? 1 : np == 4 ? 3 : np == 8 ? 7 : 15;
}

/* 23. gfx90a/gfx942: DGEMM -> v_fma_f64/v_fmac_f64: 2 (no register
 * relation). [LLVM] checkMAIVALUHazards (DMFMAToFMA64WaitStates). */
INST_CLASS(c_fma64, starts(in, "v_fma_f64") || starts(in, "v_fmac_f64"))
INST_CLASS(p_dgemm, is_dgemm(in))
static int n_fma64(const struct hctx *h, const struct emu_inst *p)
{
	(void)h;
	return is_dgemm(p) ? 2 : -1;
}

/* 24-25. gfx90a/gfx942: v_dot writes VGPRs -> VALU or memory instruction
 * reads them: 3 (the same v_dot opcode reading them as SrcC: 0); -> a VALU
 * with another opcode writes them: 3. [LLVM] checkMAIVALUHazards
 * (DotWriteSameDotReadSrcAB, DotWriteDifferentVALURead/Write). */
INST_CLASS(p_dot, is_dot(in))
static int n_dot_read(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (!is_dot(p) || !vdst(p, &d))
		return -1;
	const struct emu_inst *c = h->c;
	if (c->op == p->op && c->enc == p->enc) {
		int need = -1;
		for (unsigned i = 0; i < 3; i++)
			if (c->src[i] != EMU_OP_NONE && c->src[i] >= EMU_OP_VGPR0 && span_ov(d, src_span(c, i)))
				need = i == 2 ? (need > 0 ? need : 0) : 3;
		return need;
	}
	return vreads(c, d) ? 3 : -1;
}
static int n_dot_waw(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (!is_dot(p) || !vdst(p, &d) || (h->c->op == p->op && h->c->enc == p->enc))
		return -1;
	return vwrites(h->c, d) ? 3 : -1;
}

/* 26. gfx90a only: VALU writes VGPR, a DGEMM issues, then a VMEM/DS/FLAT
 * reads the VGPR within 2 wait states of the VALU. [LLVM]
 * checkMAIVALUHazards (DMFMABetweenVALUWriteVMEMRead: a hardware bug of
 * gfx90a). */
INST_CLASS(c_mem, is_mem(in))
static int n_dgemm_between(const struct hctx *h, const struct emu_inst *p)
{
	struct span d;
	if (!h->dgemm_between || !is_valu(p) || !vdst(p, &d) || !vreads(h->c, d))
		return -1;
	return 2;
}

static const struct rule rules[] = {
	{"VALU writes SGPR -> VMEM reads that SGPR", "Vega ISA 4.5; LLVM checkVMEMHazards",
	 FALL, 5, true, c_vmem_sgpr, p_valu_sgpr, n_vmem_sgpr},
	{"VALU writes SGPR/VCC -> v_readlane/v_writelane lane select", "Vega ISA 4.5; LLVM checkRWLaneHazards",
	 FALL, 4, false, c_lanesel, p_valu_sgpr, n_lanesel},
	{"VALU writes VCC -> v_div_fmas", "Vega ISA 4.5; LLVM checkDivFMasHazards",
	 FALL, 4, false, c_divfmas, p_valu_sgpr, n_divfmas},
	{"VALU writes EXEC -> DPP", "Vega ISA 4.5; LLVM checkDPPHazards",
	 FALL, 5, false, c_dpp, p_valu_sgpr, n_dpp_exec},
	{"VALU writes VGPR -> DPP reads it", "Vega ISA 4.5; LLVM checkDPPHazards",
	 FALL, 2, false, c_dpp, p_valu, n_dpp_vgpr},
	{"s_setreg -> s_getreg/s_setreg of the same register", "Vega ISA 4.5; LLVM checkGetRegHazards",
	 FALL, 2, false, c_getsetreg, p_setreg, n_getsetreg},
	{"s_setreg MODE.vskip -> vector instruction", "Vega ISA 4.5; Mesa aco_insert_NOPs",
	 FALL, 2, false, c_vector, p_vskip, n_vskip},
	{"SALU writes M0 -> s_sendmsg/s_ttracedata/GDS", "Vega ISA 4.5; LLVM checkReadM0Hazards",
	 FALL, 1, false, c_m0_msg, p_salu_m0, n_one},
	{"SALU writes M0 -> s_movrel", "Vega ISA 4.5; LLVM checkReadM0Hazards",
	 FALL, 1, false, c_m0_movrel, p_salu_m0, n_one},
	{"SALU writes M0 -> LDS DMA/ds addtid/v_interp/lds_direct", "Vega ISA 4.5; LLVM checkReadM0Hazards",
	 FALL, 1, false, c_m0_lds, p_salu_m0, n_one},
	{"VMEM store > 64 bits -> VALU writes its data VGPRs", "Vega ISA 4.5; LLVM checkVALUHazardsHelper",
	 FALL, 2, false, c_valu_vwrite, p_wide_store, n_store_data},
	{"VALU writes SGPR -> VALU reads it (gfx942)", "LLVM checkVALUHazards (hasVDecCoExecHazard)",
	 FVDEC, 2, false, c_valu_sread, p_valu_sgpr, n_valu_sread},
	{"VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane (gfx942)",
	 "LLVM checkVALUHazards (hasVDecCoExecHazard)", FVDEC, 4, false, c_rwlane_any, p_valu_sgpr, n_exec_rwlane},
	{"VALU writes VGPR -> v_readlane/v_readfirstlane reads it (gfx942)",
	 "LLVM checkVALUHazards (hasVDecCoExecHazard)", FVDEC, 1, false, c_readlane, p_valu, n_vgpr_readlane},
	{"transcendental VALU writes VGPR -> VALU reads it (gfx942)", "LLVM checkVALUHazards (hasTransForwardingHazard)",
	 FTRANS, 1, false, c_valu_vread, p_trans, n_trans},
	{"VALU dst_sel/op_sel partial write -> VALU reads it (gfx942)",
	 "LLVM checkVALUHazards (hasDstSelForwardingHazard)", FDSTSEL, 1, false, c_valu_vread, p_dstsel, n_dstsel},
	{"VALU writes EXEC -> MFMA", "CDNA ISA 4.5; LLVM checkMAIHazards90A",
	 FMAI, 4, false, c_mfma, p_valu_sgpr, n_mfma_exec},
	{"VALU writes VGPR -> MFMA reads it", "CDNA ISA 4.5; LLVM checkMAIHazards90A",
	 FMAI, 2, false, c_mfma, p_valu_legacy, n_mfma_valu_vgpr},
	{"MFMA writes VGPRs -> MFMA reads them (SrcC/SrcA/B)", "CDNA ISA dependency tables; LLVM checkMAIHazards90A",
	 FMAI, 19, false, c_mfma, p_mfma, n_mfma_mfma},
	{"MFMA writes VGPRs -> VALU/VMEM/DS/FLAT reads them", "CDNA ISA dependency tables; LLVM checkMAIVALUHazards",
	 FMAI, 19, false, c_valu_or_mem, p_mfma, n_mfma_read},
	{"MFMA writes VGPRs -> VALU/memory writes them (WAW)", "CDNA ISA dependency tables; LLVM checkMAIVALUHazards",
	 FMAI, 19, false, c_valu_or_mem, p_mfma, n_mfma_waw},
	{"MFMA reads SrcC -> VALU/memory overwrites it (WAR)", "CDNA ISA dependency tables; LLVM checkMAIVALUHazards",
	 FMAI, 15, false, c_valu_or_mem, p_mfma, n_mfma_war},
	{"DGEMM -> v_fma_f64/v_fmac_f64", "LLVM checkMAIVALUHazards (DMFMAToFMA64)",
	 FMAI, 2, false, c_fma64, p_dgemm, n_fma64},
	{"v_dot writes VGPRs -> VALU/memory reads them", "LLVM checkMAIVALUHazards (DotWrite*)",
	 FMAI, 3, false, c_valu_or_mem, p_dot, n_dot_read},
	{"v_dot writes VGPRs -> another VALU writes them", "LLVM checkMAIVALUHazards (DotWriteDifferentVALUWrite)",
	 FMAI, 3, false, c_valu_or_mem, p_dot, n_dot_waw},
	{"VALU writes VGPR, DGEMM, VMEM reads it (gfx90a)", "LLVM checkMAIVALUHazards (DMFMABetweenVALUWriteVMEMRead)",
	 FDMFMA, 2, false, c_mem, p_valu, n_dgemm_between},
};
#define NRULES (sizeof(rules) / sizeof(rules[0]))
_Static_assert(NRULES <= 31, "one bit per rule, bit 31 is EMU_HZN_CAPTURE");

void emu_hzn_classify(const struct emu_profile *prof, struct emu_inst *in)
{
	in->hzn = in->hzn_arms = 0;
	in->nws = 1;
	in->hz_kind = in->hz_np = 0;
	if (!in->op)
		return;
	in->hz_kind = hz_kind_by_name(prof, in);
	if (is_mfma(in))
		in->hz_np = (uint8_t)passes_by_name(prof, in);
	if (starts(in, "s_nop"))
		in->nws = (uint8_t)((in->w[0] & 0xf) + 1); /* simm16[3:0] + 1 */
	for (unsigned r = 0; r < NRULES; r++) {
		if (!gcn_has(prof->tgt, rules[r].feat))
			continue;
		if (rules[r].cons(prof, in))
			in->hzn |= 1u << r;
		if (rules[r].prod(prof, in))
			in->hzn_arms |= 1u << r;
	}
	struct span sp[3];
	if (valu_swr(in, sp))
		in->hzn |= EMU_HZN_CAPTURE;
}

/* ---- checking ---- */

static void report(struct emu_wave *w, const struct emu_inst *c, const struct emu_inst *p, unsigned ri,
                   int need, unsigned got)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	const struct rule *r = &rules[ri];
	char a[96], b[96];
	emu_disasm(ctx->prof, c, a, sizeof(a));
	emu_disasm(ctx->prof, p, b, sizeof(b));
	ctx->counters[EMU_CNT_HAZARD_WAITSTATES]++;
	ctx->hazards_ws++;
	if (ctx->strict) {
		emu_fault(w, c, EMU_FAULT_OTHER, 0,
		          "wait-state hazard (%s): `%s` at offset 0x%x needs %d wait state(s) before this "
		          "instruction, %u elapsed (s_nop N counts N+1) [%s]",
		          r->name, b, p->off, need, got, r->source);
		return;
	}
	uint32_t bit = 1u << ri;
	if (!ctx->check_quiet && !(ctx->hazards_ws_warned & bit)) { /* the first of each rule, once per kernel */
		ctx->hazards_ws_warned |= bit;
		fprintf(ctx->warn,
		        "gcnlab-emu: warning: wait-state hazard on %s in %s: `%s` at 0x%x issued %u wait state(s) "
		        "after `%s` at 0x%x; %s needs %d [%s] (wave %u)\n",
		        ctx->prof->proc, ctx->kernel_name, a, c->off, got, b, p->off, r->name, need, r->source, w->id);
	}
}

/* Replace the SGPRs of c that producer p (ring slot `slot`) wrote by the
 * values they had before p: what the VMEM reads on the hardware. */
static void stale_sgprs(struct emu_wave *w, const struct emu_inst *c, const struct emu_inst *p, unsigned slot)
{
	struct span wr[3], rd[4];
	unsigned nw = valu_swr(p, wr), nr = vmem_srd(c, rd), k = 0;
	for (unsigned i = 0; i < nw; i++) {
		for (unsigned reg = wr[i].lo; reg < wr[i].hi; reg++, k++) {
			bool used = false;
			for (unsigned j = 0; j < nr; j++)
				used |= rd[j].lo <= reg && reg < rd[j].hi;
			if (!used || k >= 4 || w->hzn_nrestore >= 8)
				continue;
			w->hzn_restore_reg[w->hzn_nrestore] = (uint16_t)reg;
			w->hzn_restore_val[w->hzn_nrestore++] = w->s[reg];
			w->s[reg] = w->hzn_old[slot][k];
		}
	}
}

void emu_hzn_restore(struct emu_wave *w)
{
	while (w->hzn_nrestore) {
		w->hzn_nrestore--;
		w->s[w->hzn_restore_reg[w->hzn_nrestore]] = w->hzn_restore_val[w->hzn_nrestore];
	}
}

int emu_hzn_eval(const struct emu_profile *prof, const struct emu_inst *c, unsigned r,
                 const struct emu_inst *const *ring, uint32_t pos, unsigned avail, struct emu_hzn_finding *f)
{
	const struct rule *ru = &rules[r];
	struct hctx h = {prof, c, false};
	unsigned ws = 0;
	bool producer_seen = false;
	for (unsigned k = 0; k < avail && ws < ru->window; k++) {
		const struct emu_inst *p = ring[(pos - 1 - k) & (EMU_HZN_RING - 1)];
		if (p->hzn_arms & (1u << r)) {
			producer_seen = true;
			int need = ru->need(&h, p);
			if (need >= 0) {
				if ((int)ws >= need)
					return 0;  /* the most recent producer decides */
				f->producer = p;
				f->back = k;
				f->need = need;
				f->got = ws;
				return 1;
			}
		}
		if (is_dgemm(p))
			h.dgemm_between = true;
		ws += p->nws;
	}
	return producer_seen ? 0 : -1;
}

const char *emu_hzn_rule_name(unsigned r)
{
	return r < NRULES ? rules[r].name : "?";
}

const char *emu_hzn_rule_source(unsigned r)
{
	return r < NRULES ? rules[r].source : "?";
}

unsigned emu_hzn_rule_window(unsigned r)
{
	return r < NRULES ? rules[r].window : 0;
}

/* Check rule r for c: whether it found (and reported) a hazard. */
static bool check_rule(struct emu_wave *w, const struct emu_inst *c, unsigned r)
{
	unsigned avail = w->hzn_pos < EMU_HZN_RING ? w->hzn_pos : EMU_HZN_RING;
	struct emu_hzn_finding f;
	int v = emu_hzn_eval(w->ctx->prof, c, r, w->hzn_ring, w->hzn_pos, avail, &f);
	if (v < 0) {
		w->hzn_armed &= ~(1u << r); /* no producer left in reach */
		return false;
	}
	if (v == 0)
		return false;
	report(w, c, f.producer, r, f.need, f.got);
	if (rules[r].stale && w->state == EMU_WAVE_READY)
		stale_sgprs(w, c, f.producer, (w->hzn_pos - 1 - f.back) & (EMU_HZN_RING - 1));
	return true;
}

unsigned emu_hzn_check(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned found = 0;
	if (in->hzn & EMU_HZN_CAPTURE) {
		/* Save what this VALU is about to overwrite, in the ring slot it
		 * will occupy. */
		struct span sp[3];
		unsigned n = valu_swr(in, sp), k = 0;
		uint32_t *old = w->hzn_old[w->hzn_pos & (EMU_HZN_RING - 1)];
		for (unsigned i = 0; i < n; i++)
			for (unsigned reg = sp[i].lo; reg < sp[i].hi && k < 4; reg++)
				old[k++] = w->s[reg & 127];
	}
	uint32_t m = in->hzn & w->hzn_armed & ~EMU_HZN_CAPTURE;
	while (m && w->state == EMU_WAVE_READY) {
		unsigned r = (unsigned)__builtin_ctz(m);
		m &= m - 1;
		found += check_rule(w, in, r);
	}
	return found;
}
