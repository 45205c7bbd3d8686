/*
 * emu_hazard — "waitcnt hazard" reports: an instruction that reads or
 * overwrites a register which an outstanding memory instruction will still
 * write. On the hardware such a kernel computes garbage (the register changes
 * under it); the emulator computes the same garbage and also says why,
 * naming both instructions. A warning by default, an error (the dispatch
 * stops) with GCNLAB_EMU_STRICT=1.
 *
 * Whether a result is still outstanding is the counters' word, not the
 * cycle model's: the wave's guarantee ledger (wave/emu_wave_owed.c) holds
 * every result no s_waitcnt has guaranteed yet, so a wait one count too
 * loose is reported even when the model's data happened to be early.
 * core/emu_lint.c applies the same rules (emu_hazard_touch,
 * emu_waitcnt_covers) to every path of a kernel without running it.
 *
 * The registers an instruction touches (emu_hazard_spans, emu_hazard.h) come
 * from its decoded fields and the operand widths the opcode table measured on
 * LLVM's disassembler; implicit operands (VCC of VOP2 carry ops, M0) are not
 * checked.
 */
#include <stdio.h>
#include <string.h>

#include "core/emu_dispatch_ctx.h"
#include "core/emu_hazard.h"
#include "model/emu_timing.h"

void emu_hazard_describe(const struct emu_owed_view *e, char *buf, size_t len)
{
	unsigned c = e->cnts & (1u << EMU_CNT_VM) ? EMU_CNT_VM : EMU_CNT_LGKM;
	unsigned need = e->ord == EMU_ORD_NONE ? 0 : e->younger;
	int n;
	if (e->had[c] == EMU_OWED_NO_WAIT)
		n = snprintf(buf, len, "needs %s(%u), had no s_waitcnt %s since it issued", emu_cnt_name(c), need,
		             emu_cnt_name(c));
	else
		n = snprintf(buf, len, "needs %s(%u), had %s(%u)", emu_cnt_name(c), need, emu_cnt_name(c), e->had[c]);
	if ((e->cnts & 3u) == 3u && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " and lgkmcnt(0) (a FLAT access counts on both, unordered)");
}

/* Count and report one waitcnt hazard: a fault in strict mode, else a
 * warning while the kernel has not had its first few. */
static void report(struct emu_wave *w, const struct emu_inst *in, const struct emu_owed *e, int how)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	char a[96], b[96], need[128];
	struct emu_owed_view v = { e->cnts, e->ord, emu_owed_younger(&w->owed, e),
	                           { (uint8_t)emu_owed_had(&w->owed, e, 0), (uint8_t)emu_owed_had(&w->owed, e, 1) } };
	emu_hazard_describe(&v, need, sizeof(need));
	emu_disasm_msg(ctx->prof, e->in, b, sizeof(b));
	ctx->hazards++;
	ctx->counters[EMU_CNT_HAZARD_WAITCNT]++;
	if (ctx->strict) {
		emu_fault(w, in, EMU_FAULT_OTHER, 0,
		          "waitcnt hazard: this instruction %s a register that `%s` at offset 0x%x will still "
		          "write; the counters do not guarantee it yet: %s",
		          how == 1 ? "reads" : "overwrites", b, e->in->off, need);
		return;
	}
	if (ctx->hazards > EMU_HAZARD_WARN_MAX || ctx->check_quiet)
		return;
	emu_disasm_msg(ctx->prof, in, a, sizeof(a));
	fprintf(ctx->warn,
	        "gcnlab-emu: warning: waitcnt hazard in %s (%s): `%s` at 0x%x %s a register that `%s` at 0x%x "
	        "will still write: %s (wave %u)\n",
	        ctx->kernel_name, ctx->prof->proc, a, in->off, how == 1 ? "reads" : "overwrites", b, e->in->off,
	        need, w->id);
}

/* The exact check, in issue order: the first owed entry that `in` reads or
 * overwrites is the one reported. */
static bool __attribute__((noinline)) hazard_exact(struct emu_wave *w, const struct emu_inst *in)
{
	struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
	unsigned nrd, nwr;
	/* The exact map first: usually the folds only collided. Its words
	 * the instruction touches were made at load (emu_hazard_words); the
	 * spans only when it has too many, or it hit. */
	bool hit = false;
	if (in->hz_nw) {
		uint64_t any = 0;
		for (unsigned k = 0; k + 1 < in->hz_nw; k++)
			any |= w->owed.map[in->hz_word[k]] & in->hz_mask[k];
		if (!any)
			return false;
		emu_hazard_spans(in, rd, &nrd, wr, &nwr);
	} else {
		emu_hazard_spans(in, rd, &nrd, wr, &nwr);
		for (unsigned i = 0; i < nrd && !hit; i++)
			hit = emu_hazard_map_hit(w->owed.map, rd[i]);
		for (unsigned i = 0; i < nwr && !hit; i++)
			hit = emu_hazard_map_hit(w->owed.map, wr[i]);
		if (!hit)
			return false;
	}
	for (uint32_t i = 0; i < w->owed.n; i++) {
		const struct emu_owed *e = emu_owed_at(&w->owed, i);
		if (!(in->hz_regs & e->fold))
			continue;
		int how = emu_hazard_touch(in, rd, nrd, wr, nwr, e->ord, (struct emu_hazard_span){ e->lo, e->hi });
		if (how) {
			report(w, in, e, how);
			return true;
		}
	}
	return false;
}

bool emu_hazard_check(struct emu_wave *w, const struct emu_inst *in)
{
	/* Called before every instruction while results are owed, so the
	 * common "nothing shared" answer comes from the folded masks (no false
	 * negatives: a register both touch sets the same bit in both;
	 * w->owed.regs is kept by emu_wave_owed.c); only a possible hit pays
	 * for the exact check. */
	if (__builtin_expect(!(in->hz_regs & w->owed.regs), 1))
		return false;
	return hazard_exact(w, in);
}
