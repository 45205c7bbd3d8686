/*
 * emu_hazard — "waitcnt hazard" reports: an instruction that reads or
 * overwrites a register which an outstanding memory instruction will still
 * write. On the hardware such a kernel computes garbage (the register changes
 * under it); the emulator computes the same garbage and also says why,
 * naming both instructions. A warning by default, an error (the dispatch
 * stops) with GCNLAB_EMU_STRICT=1.
 *
 * The registers an instruction touches (emu_hazard_spans, emu_hazard.h) come
 * from its decoded fields and the operand widths the opcode table measured on
 * LLVM's disassembler; implicit operands (VCC of VOP2 carry ops, M0) are not
 * checked.
 */
#include <stdio.h>
#include <string.h>

#include "core/emu_dispatch.h"
#include "core/emu_hazard.h"

static bool span_hit(const struct emu_hazard_span *sp, unsigned n, struct emu_hazard_span p)
{
	for (unsigned i = 0; i < n; i++)
		if (sp[i].lo < p.hi && p.lo < sp[i].hi)
			return true;
	return false;
}

static bool pending_span(const struct emu_pending *p, struct emu_hazard_span *out)
{
	unsigned n = 0;
	if (p->kind == 1 || p->kind == 2)
		emu_hazard_add_span(out, &n, p->reg, p->ndw);
	return n != 0;
}

static const char *cnt_name(unsigned c)
{
	return c == EMU_CNT_VM ? "vmcnt" : c == EMU_CNT_LGKM ? "lgkmcnt" : "expcnt";
}

/* The exact check, in issue order: the first pending entry that `in` reads
 * or overwrites is the one reported. */
static void __attribute__((noinline)) hazard_exact(struct emu_wave *w, const struct emu_inst *in)
{
	struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS], ps;
	unsigned nrd, nwr;
	emu_hazard_spans(in, rd, &nrd, wr, &nwr);
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
		emu_wave_trace_hazard(w, in);
		if (ctx->hazards <= 3) {
			fprintf(ctx->warn,
			        "gcnlab-emu: warning: waitcnt hazard in %s: `%s` at 0x%x %s a register that "
			        "`%s` at 0x%x (outstanding on %s) will still write (wave %u)\n",
			        ctx->kernel_name, a, in->off, reads ? "reads" : "overwrites", b, p->in->off,
			        cnt_name(p->cnt), w->id);
		}
		return;
	}
}

void emu_hazard_check(struct emu_wave *w, const struct emu_inst *in)
{
	/* Called before every instruction while memory operations are
	 * outstanding, so the common "nothing shared" answer comes from the
	 * folded masks (no false negatives: a register both touch sets the same
	 * bit in both; w->pend_regs is kept by emu_wave.c); only a possible hit
	 * pays for the exact check. */
	if (__builtin_expect(!(in->hz_regs & w->pend_regs), 1))
		return;
	hazard_exact(w, in);
}
