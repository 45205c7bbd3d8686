/*
 * emu_hazard — "waitcnt hazard" reports: an instruction that reads or
 * overwrites a register which an outstanding memory instruction will still
 * write. On the hardware such a kernel computes garbage (the register changes
 * under it); the emulator computes the same garbage and also says why,
 * naming both instructions. A warning by default, an error (the dispatch
 * stops) with GCNLAB_EMU_STRICT=1.
 *
 * The registers an instruction touches come from its decoded fields and the
 * operand widths the opcode table measured on LLVM's disassembler; implicit
 * operands (VCC of VOP2 carry ops, M0) are not checked.
 */
#include <stdio.h>
#include <string.h>

#include "emu_dispatch.h"
#include "emu_hazard.h"

/* Register set over operand codes 0..767 (SGPRs, VGPRs, AGPRs). */
struct regset {
	uint64_t b[12];
};

static void set_range(struct regset *r, unsigned code, unsigned n)
{
	if (code == EMU_OP_NONE)
		return;
	if (code >= 128 && code < EMU_OP_VGPR0)
		return; /* constants, literal, special sources */
	for (unsigned i = 0; i < n && code + i < 768; i++)
		r->b[(code + i) >> 6] |= 1ull << ((code + i) & 63);
}

static bool overlaps(const struct regset *a, const struct regset *b)
{
	for (unsigned i = 0; i < 12; i++)
		if (a->b[i] & b->b[i])
			return true;
	return false;
}

static void pending_set(const struct emu_pending *p, struct regset *r)
{
	memset(r, 0, sizeof(*r));
	if (p->kind == 1 || p->kind == 2)
		set_range(r, p->reg, p->ndw);
}

static void inst_sets(const struct emu_inst *in, struct regset *rd, struct regset *wr)
{
	memset(rd, 0, sizeof(*rd));
	memset(wr, 0, sizeof(*wr));
	const struct emu_opdesc *op = in->op;
	if (!op)
		return;
	unsigned dw = op->data_dw ? op->data_dw : 1;
	for (unsigned i = 0; i < 3; i++)
		set_range(rd, in->src[i], op->src_dw[i] ? op->src_dw[i] : 1);
	switch (in->enc) {
	case EMU_ENC_DS:
		set_range(rd, in->addr, 1);
		set_range(rd, in->data[0], dw);
		set_range(rd, in->data[1], dw);
		break;
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF:
		set_range(rd, in->addr, (in->flags & EMU_F_OFFEN) && (in->flags & EMU_F_IDXEN) ? 2 : 1);
		set_range(rd, in->srsrc, 4);
		set_range(rd, in->soffset, 1);
		set_range(rd, in->data[0], dw);
		break;
	case EMU_ENC_FLAT:
		set_range(rd, in->addr, (in->flags & EMU_F_SADDR) ? 1 : 2);
		if (in->flags & EMU_F_SADDR)
			set_range(rd, in->soffset, 2);
		set_range(rd, in->data[0], dw);
		break;
	case EMU_ENC_SMEM:
		set_range(rd, in->addr, 2);
		break;
	default:
		break;
	}
	set_range(wr, in->dst, op->dst_dw ? op->dst_dw : 1);
	set_range(wr, in->sdst, 2);
}

static const char *cnt_name(unsigned c)
{
	return c == EMU_CNT_VM ? "vmcnt" : c == EMU_CNT_LGKM ? "lgkmcnt" : "expcnt";
}

void emu_hazard_check(struct emu_wave *w, const struct emu_inst *in)
{
	struct regset rd, wr, pr, all;
	/* Fast path: the union of every pending destination. */
	memset(&all, 0, sizeof(all));
	bool any = false;
	for (uint32_t i = 0; i < w->pend_count; i++) {
		const struct emu_pending *p = &w->pend[(w->pend_head + i) % EMU_MAX_PENDING];
		if (p->kind == 1 || p->kind == 2) {
			set_range(&all, p->reg, p->ndw);
			any = true;
		}
	}
	if (!any)
		return;
	inst_sets(in, &rd, &wr);
	if (!overlaps(&rd, &all) && !overlaps(&wr, &all))
		return;
	bool is_mem_load = in->op && (in->op->cls == EMU_CLS_VMEM_LOAD || in->op->cls == EMU_CLS_FLAT_LOAD);
	for (uint32_t i = 0; i < w->pend_count; i++) {
		const struct emu_pending *p = &w->pend[(w->pend_head + i) % EMU_MAX_PENDING];
		if (p->kind != 1 && p->kind != 2)
			continue;
		pending_set(p, &pr);
		bool reads = overlaps(&rd, &pr);
		/* A later VMEM load into the same registers is ordered behind the
		 * earlier one (in-order return on GFX9): not a hazard. */
		bool writes = overlaps(&wr, &pr) && !(is_mem_load && p->cnt == EMU_CNT_VM);
		if (!reads && !writes)
			continue;
		struct emu_dispatch_ctx *ctx = w->ctx;
		char a[96], b[96];
		emu_disasm(ctx->prof, in, a, sizeof(a));
		emu_disasm(ctx->prof, p->in, b, sizeof(b));
		if (ctx->strict) {
			emu_fault(w, in, EMU_FAULT_OTHER, 0,
			          "waitcnt hazard: this instruction %s a register that `%s` at offset 0x%x "
			          "(outstanding on %s) will still write",
			          reads ? "reads" : "overwrites", b, p->in->off, cnt_name(p->cnt));
			return;
		}
		ctx->hazards++;
		if (ctx->hazards <= 3) {
			fprintf(stderr,
			        "gcnlab-emu: warning: waitcnt hazard in %s: `%s` at 0x%x %s a register that "
			        "`%s` at 0x%x (outstanding on %s) will still write (wave %u)\n",
			        ctx->kernel_name, a, in->off, reads ? "reads" : "overwrites", b, p->in->off,
			        cnt_name(p->cnt), w->id);
		}
		return;
	}
}
