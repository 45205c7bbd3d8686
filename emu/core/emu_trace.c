/*
 * emu_trace — the dispatch's per-instruction trace rows (emu_trace.h).
 */
#include <stdlib.h>
#include <string.h>

#include "core/emu_gpu_private.h"
#include "core/emu_timeline.h"
#include "core/emu_trace.h"
#include "isa/emu_isa.h"

/* Whether the trace follows w: every wave, or the one asked for. */
static struct trace_acc *traced_rows(const struct emu_wave *w)
{
	const struct emu_run *rs = w->ctx->run;
	int only = w->ctx->gpu->trace_wave;
	return rs && rs->trace && (only < 0 || (int)w->id == only) ? rs->trace : NULL;
}

void emu_trace_stall(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause)
{
	struct trace_acc *rows = traced_rows(w);
	if (rows && w->cur)
		rows[w->cur->off >> 2].stall[cause] += cycles;
	if (__builtin_expect(w->ctx->run && w->ctx->run->tl != NULL, 0))
		emu_tl_stall(w, cycles, cause);
}

void emu_trace_hazards(struct emu_wave *w, const struct emu_inst *in, unsigned n)
{
	struct trace_acc *rows = traced_rows(w);
	if (rows)
		rows[in->off >> 2].hazards += n;
}

struct trace_acc *emu_trace_sum(const struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom)
{
	struct trace_acc *acc = dms[0].rs.trace;
	if (!acc)
		return NULL;
	for (uint32_t d = 1; d < ndom; d++) {
		const struct trace_acc *b = dms[d].rs.trace;
		for (uint32_t i = 0; i < ctx->prog->size / 4; i++) {
			acc[i].issues += b[i].issues;
			acc[i].cycles += b[i].cycles;
			acc[i].hazards += b[i].hazards;
			for (unsigned k = 0; k < GCNLAB_STALL_COUNT; k++)
				acc[i].stall[k] += b[i].stall[k];
		}
	}
	return acc;
}

void emu_trace_fill(struct emu_dispatch_ctx *ctx, const struct trace_acc *acc)
{
	struct emu_gpu *g = ctx->gpu;
	const struct emu_program *p = ctx->prog;
	free(g->trace);
	g->trace = NULL;
	g->ntrace = 0;
	/* The kernel's code as the rows: every instruction from the first to
	 * the last one executed, the ones no traced wave reached included (a
	 * branch not taken shows as issued 0 times). */
	uint32_t first = UINT32_MAX, last = 0;
	for (uint32_t i = 0; i < p->size / 4; i++) {
		if (acc[i].issues) {
			first = first < i ? first : i;
			last = i;
		}
	}
	if (first == UINT32_MAX)
		return;
	size_t n = 0;
	for (uint32_t i = first; i <= last; i++)
		if (p->insts[i].size)
			n++;
	if (!(g->trace = calloc(n, sizeof(*g->trace))))
		return;
	for (uint32_t i = first; i <= last; i++) {
		if (!p->insts[i].size)
			continue;
		struct gcnlab_emu_trace_row *r = &g->trace[g->ntrace++];
		const struct emu_inst *in = &p->insts[i];
		r->offset = (uint32_t)(p->base + in->off - ctx->entry);
		r->size = in->size;
		emu_disasm_msg(ctx->prof, in, r->text, sizeof(r->text));
		r->issues = acc[i].issues;
		r->hazards = acc[i].hazards;
		r->cycles = acc[i].cycles;
		memcpy(r->stall, acc[i].stall, sizeof(r->stall));
	}
}
