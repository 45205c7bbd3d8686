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

/* Registers as spans [lo, hi) of operand codes 0..767 (SGPRs, VGPRs,
 * AGPRs): an instruction touches a handful, an outstanding memory
 * instruction writes one, so comparing spans is cheaper than building
 * register bitmaps for every instruction of a wave with loads in flight. */
struct span {
	uint16_t lo, hi;
};

/* At most 3 sources + address + resource + soffset + 2 data = 8 reads. */
#define MAX_SPANS 8

static void add_span(struct span *sp, unsigned *n, unsigned code, unsigned len)
{
	if (code == EMU_OP_NONE)
		return;
	if (code >= 128 && code < EMU_OP_VGPR0)
		return; /* constants, literal, special sources */
	if (code >= 768 || !len)
		return;
	unsigned hi = code + len < 768 ? code + len : 768;
	sp[(*n)++] = (struct span){ (uint16_t)code, (uint16_t)hi };
}

static bool span_hit(const struct span *sp, unsigned n, struct span p)
{
	for (unsigned i = 0; i < n; i++)
		if (sp[i].lo < p.hi && p.lo < sp[i].hi)
			return true;
	return false;
}

static bool pending_span(const struct emu_pending *p, struct span *out)
{
	unsigned n = 0;
	if (p->kind == 1 || p->kind == 2)
		add_span(out, &n, p->reg, p->ndw);
	return n != 0;
}

static void inst_spans(const struct emu_inst *in, struct span *rd, unsigned *nrd, struct span *wr,
                       unsigned *nwr)
{
	*nrd = *nwr = 0;
	const struct emu_opdesc *op = in->op;
	if (!op)
		return;
	unsigned dw = op->data_dw ? op->data_dw : 1;
	for (unsigned i = 0; i < 3; i++)
		add_span(rd, nrd, in->src[i], op->src_dw[i] ? op->src_dw[i] : 1);
	switch (in->enc) {
	case EMU_ENC_DS:
		add_span(rd, nrd, in->addr, 1);
		add_span(rd, nrd, in->data[0], dw);
		add_span(rd, nrd, in->data[1], dw);
		break;
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF:
		add_span(rd, nrd, in->addr, (in->flags & EMU_F_OFFEN) && (in->flags & EMU_F_IDXEN) ? 2 : 1);
		add_span(rd, nrd, in->srsrc, 4);
		add_span(rd, nrd, in->soffset, 1);
		add_span(rd, nrd, in->data[0], dw);
		break;
	case EMU_ENC_FLAT:
		add_span(rd, nrd, in->addr, (in->flags & EMU_F_SADDR) ? 1 : 2);
		if (in->flags & EMU_F_SADDR)
			add_span(rd, nrd, in->soffset, 2);
		add_span(rd, nrd, in->data[0], dw);
		break;
	case EMU_ENC_SMEM:
		add_span(rd, nrd, in->addr, 2);
		break;
	default:
		break;
	}
	add_span(wr, nwr, in->dst, op->dst_dw ? op->dst_dw : 1);
	add_span(wr, nwr, in->sdst, 2);
}

static const char *cnt_name(unsigned c)
{
	return c == EMU_CNT_VM ? "vmcnt" : c == EMU_CNT_LGKM ? "lgkmcnt" : "expcnt";
}

void emu_hazard_check(struct emu_wave *w, const struct emu_inst *in)
{
	struct span rd[MAX_SPANS], wr[MAX_SPANS], ps;
	unsigned nrd, nwr;
	inst_spans(in, rd, &nrd, wr, &nwr);
	if (!nrd && !nwr)
		return;
	bool is_mem_load = in->op && (in->op->cls == EMU_CLS_VMEM_LOAD || in->op->cls == EMU_CLS_FLAT_LOAD);
	for (uint32_t i = 0; i < w->pend_count; i++) {
		const struct emu_pending *p = &w->pend[(w->pend_head + i) % EMU_MAX_PENDING];
		if (!pending_span(p, &ps))
			continue;
		bool reads = span_hit(rd, nrd, ps);
		/* A later VMEM load into the same registers is ordered behind the
		 * earlier one (in-order return on GFX9): not a hazard. */
		bool writes = span_hit(wr, nwr, ps) && !(is_mem_load && p->cnt == EMU_CNT_VM);
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
