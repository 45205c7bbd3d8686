/*
 * emu_timeline — the dispatch's timeline (emu_timeline.h).
 */
#include <stdlib.h>
#include <string.h>

#include "arch/emu_profile.h"
#include "gcn_mfma.h"
#include "core/emu_domain.h"
#include "core/emu_gpu_private.h"
#include "core/emu_results.h"
#include "core/emu_timeline.h"
#include "isa/emu_isa.h"

/* The pipe of each instruction class (arch/emu_arch.h). */
static const uint8_t class_pipe[EMU_CLS_COUNT] = {
	[EMU_CLS_SALU] = GCNLAB_TL_PIPE_SCALAR,     [EMU_CLS_SMEM] = GCNLAB_TL_PIPE_SMEM,
	[EMU_CLS_BRANCH] = GCNLAB_TL_PIPE_SCALAR,   [EMU_CLS_WAITCNT] = GCNLAB_TL_PIPE_SCALAR,
	[EMU_CLS_NOP] = GCNLAB_TL_PIPE_SCALAR,      [EMU_CLS_MSG] = GCNLAB_TL_PIPE_SCALAR,
	[EMU_CLS_VALU] = GCNLAB_TL_PIPE_VALU,       [EMU_CLS_VALU_DP] = GCNLAB_TL_PIPE_VALU,
	[EMU_CLS_VALU_TRANS] = GCNLAB_TL_PIPE_VALU, [EMU_CLS_MFMA] = GCNLAB_TL_PIPE_MFMA,
	[EMU_CLS_VMEM_LOAD] = GCNLAB_TL_PIPE_VMEM,  [EMU_CLS_VMEM_STORE] = GCNLAB_TL_PIPE_VMEM,
	[EMU_CLS_VMEM_ATOMIC] = GCNLAB_TL_PIPE_VMEM, [EMU_CLS_FLAT_LOAD] = GCNLAB_TL_PIPE_VMEM,
	[EMU_CLS_FLAT_STORE] = GCNLAB_TL_PIPE_VMEM, [EMU_CLS_FLAT_ATOMIC] = GCNLAB_TL_PIPE_VMEM,
	[EMU_CLS_DS] = GCNLAB_TL_PIPE_LDS,          [EMU_CLS_OTHER] = GCNLAB_TL_PIPE_SCALAR,
};

static void tl_result_clear(struct emu_tl_gpu *t)
{
	free(t->ev);
	free(t->insts);
	t->ev = NULL;
	t->insts = NULL;
	t->n = t->ninsts = 0;
	memset(&t->info, 0, sizeof(t->info));
}

void emu_tl_gpu_free(struct emu_tl_gpu *t)
{
	if (!t)
		return;
	tl_result_clear(t);
	free(t);
}

struct emu_tl *emu_tl_create(const struct emu_dispatch_ctx *ctx, uint32_t ndom, bool *oom)
{
	struct emu_tl_gpu *gt = ctx->gpu->tl;
	*oom = false;
	if (!gt)
		return NULL;
	if (ctx->run->dom == 0)
		tl_result_clear(gt);   /* a failed dispatch leaves no timeline */
	if (!gt->cfg.enable)
		return NULL;
	struct emu_tl *tl = calloc(1, sizeof(*tl));
	if (!tl) {
		*oom = true;
		return NULL;
	}
	tl->cfg = gt->cfg;
	tl->start = ctx->start_cycle;
	/* Each domain gets an equal share of the limit: which events are kept
	 * then depends on the domains (one per XCD), not on the threads. */
	tl->max = gt->cfg.max_events / (ndom ? ndom : 1);
	return tl;
}

void emu_tl_destroy(struct emu_tl *tl)
{
	if (!tl)
		return;
	free(tl->ev);
	free(tl);
}

/* A new event, or NULL when it begins outside the window or the log is full. */
static struct gcnlab_emu_tl_event *tl_push(struct emu_tl *tl, const struct emu_wave *w, uint64_t begin,
                                           uint8_t kind)
{
	uint64_t rel = begin - tl->start;
	if (rel < tl->cfg.cycle_lo || rel >= tl->cfg.cycle_hi)
		return NULL;
	if (tl->n >= tl->max) {
		tl->dropped++;
		return NULL;
	}
	if (tl->n == tl->cap) {
		size_t cap = tl->cap ? tl->cap * 2 : 4096;
		cap = cap < tl->max ? cap : tl->max;
		struct gcnlab_emu_tl_event *ev = realloc(tl->ev, cap * sizeof(*ev));
		if (!ev) {
			tl->dropped++;
			return NULL;
		}
		tl->ev = ev;
		tl->cap = cap;
	}
	const struct emu_profile *prof = w->ctx->prof;
	uint32_t nx = prof->num_xcd ? prof->num_xcd : 1;
	uint32_t per = prof->num_cu / nx;
	struct gcnlab_emu_tl_event *e = &tl->ev[tl->n++];
	memset(e, 0, sizeof(*e));
	e->begin = rel;
	e->wave = w->id;
	e->wg = w->wg->flat_id;
	e->xcd = (uint8_t)(w->cu / per);
	e->cu = (uint16_t)(w->cu % per);
	e->simd = (uint8_t)w->simd;
	e->kind = kind;
	return e;
}

void emu_tl_inst(struct emu_tl *tl, const struct emu_dispatch_ctx *ctx, struct emu_wave *w,
                 const struct emu_inst *in, uint64_t t0, uint64_t tf, uint32_t cost)
{
	uint64_t st[GCNLAB_STALL_COUNT];
	memcpy(st, tl->stall, sizeof(st));
	memset(tl->stall, 0, sizeof(tl->stall));
	unsigned cls = in->op && in->op->cls < EMU_CLS_COUNT ? in->op->cls : EMU_CLS_OTHER;
	uint32_t off = (uint32_t)(w->prog->base + in->off - ctx->entry);
	struct gcnlab_emu_tl_event *e = tl_push(tl, w, t0, GCNLAB_TL_INST);
	if (e) {
		e->end = w->cycle - tl->start;
		e->offset = off;
		e->pipe = class_pipe[cls];
		/* The causes that held the wave: a DS instruction's bank
		 * conflicts delay its data, not its issue (the wave pays them in
		 * a later s_waitcnt lgkmcnt), so they are no wait before it. */
		st[GCNLAB_STALL_LDS_BANK] = 0;
		uint64_t total = 0, most = 0;
		for (unsigned k = 0; k < GCNLAB_STALL_COUNT; k++) {
			total += st[k];
			if (st[k] > most) {
				most = st[k];
				e->cause = (uint8_t)k;
			}
		}
		/* A stall is inside the instruction's cycles (the trace charges
		 * it to the same row); clipped should a cause outlast them. */
		uint64_t len = e->end - e->begin;
		e->stall = (uint32_t)(total < len ? total : len);
		/* The SIMD's pipe took it `issue` cycles before the wave moved
		 * on (model/emu_timing.c: start + issue); an MFMA then holds the
		 * matrix core its published passes of 4 cycles. */
		uint32_t issue = ctx->prof->model.issue[cls];
		if ((e->pipe == GCNLAB_TL_PIPE_VALU || e->pipe == GCNLAB_TL_PIPE_MFMA) && cost >= issue) {
			e->pipe_begin = tf + cost - issue - tl->start;
			e->pipe_cycles = issue;
			if (e->pipe == GCNLAB_TL_PIPE_MFMA) {
				unsigned passes = gcn_mfma_passes(ctx->prof->tgt, in->op->mnemonic);
				e->pipe_cycles = passes ? 4u * passes : issue;
			}
		}
	}
	/* The memory instruction's entry in the wave's pending ring: the
	 * newest (emu_pend_end appends it after the access). A wave not
	 * followed may have set the flag since: it is cleared here and the
	 * entry checked. */
	const struct emu_pending *p = w->pend_count ? &w->pend[(w->pend_head + w->pend_count - 1) % EMU_MAX_PENDING]
	                                            : NULL;
	bool began = tl->mem_began;
	tl->mem_began = false;
	if (began && p && p->in == in) {
		struct gcnlab_emu_tl_event *m = tl_push(tl, w, t0, GCNLAB_TL_MEM);
		if (m) {
			m->end = p->done - tl->start;
			m->offset = off;
			m->pipe = class_pipe[cls];
			m->cause = p->cnt == EMU_CNT_VM ? 0 : 1;
		}
	}
}

void emu_tl_stall(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause)
{
	struct emu_tl *tl = w->ctx->run ? w->ctx->run->tl : NULL;
	if (tl && emu_tl_follows(tl, w))
		tl->stall[cause] += cycles;
}

void emu_tl_barrier(struct emu_wave *w, uint64_t from, uint64_t to)
{
	struct emu_tl *tl = w->ctx->run->tl;
	if (!tl || !emu_tl_follows(tl, w) || to <= from)
		return;
	struct gcnlab_emu_tl_event *e = tl_push(tl, w, from, GCNLAB_TL_BARRIER);
	if (e) {
		e->end = to - tl->start;
		e->cause = GCNLAB_STALL_BARRIER;
		e->offset = w->cur ? (uint32_t)(w->prog->base + w->cur->off - w->ctx->entry) : 0;
	}
}

bool emu_tl_fill(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom, uint64_t end)
{
	struct emu_tl_gpu *gt = ctx->gpu->tl;
	if (!gt || !dms[0].rs.tl)
		return true;
	tl_result_clear(gt);
	size_t n = 0;
	for (uint32_t d = 0; d < ndom; d++)
		n += dms[d].rs.tl ? dms[d].rs.tl->n : 0;
	const struct emu_program *p = ctx->prog;
	uint32_t nslots = p->size / 4;
	uint64_t *issues = calloc(nslots + 1, sizeof(*issues));
	uint8_t *seen_wave = NULL;
	gt->ev = malloc((n ? n : 1) * sizeof(*gt->ev));
	if (!issues || !gt->ev)
		goto fail;
	/* Domain order: the same log for any thread count. */
	for (uint32_t d = 0; d < ndom; d++) {
		const struct emu_tl *tl = dms[d].rs.tl;
		gt->info.dropped += tl->dropped;
		memcpy(gt->ev + gt->n, tl->ev, tl->n * sizeof(*tl->ev));
		gt->n += tl->n;
		gt->info.waves += dms[d].rs.wave_id;
	}
	uint32_t maxw = 0;
	for (size_t i = 0; i < gt->n; i++)
		maxw = gt->ev[i].wave > maxw ? gt->ev[i].wave : maxw;
	if (!(seen_wave = calloc((size_t)maxw + 1, 1)))
		goto fail;
	/* The rows of the instructions the events name, in code order. */
	for (size_t i = 0; i < gt->n; i++) {
		const struct gcnlab_emu_tl_event *e = &gt->ev[i];
		uint64_t slot = (e->offset + ctx->entry - p->base) / 4;
		if (!seen_wave[e->wave]) {
			seen_wave[e->wave] = 1;
			gt->info.waves_recorded++;
		}
		if (slot < nslots)
			issues[slot] += e->kind == GCNLAB_TL_INST ? 1 : 0;
	}
	size_t ni = 0;
	for (uint32_t i = 0; i < nslots; i++)
		ni += issues[i] && p->insts[i].size;
	if (!(gt->insts = calloc(ni ? ni : 1, sizeof(*gt->insts))))
		goto fail;
	for (uint32_t i = 0; i < nslots; i++) {
		const struct emu_inst *in = &p->insts[i];
		if (!issues[i] || !in->size)
			continue;
		struct gcnlab_emu_trace_row *r = &gt->insts[gt->ninsts++];
		r->offset = (uint32_t)(p->base + in->off - ctx->entry);
		r->size = in->size;
		r->issues = issues[i];
		emu_disasm(ctx->prof, in, r->text, sizeof(r->text));
	}
	gt->info.cycles = end - ctx->start_cycle;
	gt->info.workgroups = (uint32_t)ctx->run->total_wg;
	gt->info.num_cu = ctx->prof->num_cu;
	gt->info.num_xcd = ctx->prof->num_xcd ? ctx->prof->num_xcd : 1;
	gt->info.simds = ctx->prof->tgt->simd_per_cu;
	gt->info.sclk_mhz = ctx->gpu->sclk_mhz;
	free(issues);
	free(seen_wave);
	return true;
fail:
	free(issues);
	free(seen_wave);
	tl_result_clear(gt);
	return false;
}

hsa_status_t emu_tl_set(struct emu_results *r, const struct gcnlab_emu_tl_cfg *cfg)
{
	if (!cfg || (cfg->enable && (cfg->wg_lo > cfg->wg_hi || cfg->wave_lo > cfg->wave_hi ||
	                             cfg->cycle_lo >= cfg->cycle_hi || !cfg->max_events)))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	hsa_status_t st = HSA_STATUS_SUCCESS;
	pthread_mutex_lock(r->dispatch_lock);
	struct emu_gpu *g = r->gpu;
	if (!g->tl && !(g->tl = calloc(1, sizeof(*g->tl))))
		st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	else
		g->tl->cfg = *cfg;
	pthread_mutex_unlock(r->dispatch_lock);
	return st;
}

hsa_status_t emu_tl_get(struct emu_results *r, hsa_signal_t signal, const struct gcnlab_emu_tl_event **ev,
                        size_t *count, const struct gcnlab_emu_trace_row **insts, size_t *ninsts,
                        struct gcnlab_emu_tl_info *info)
{
	if (!ev || !count || !insts || !ninsts || !info)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	/* As the trace (emu_results_trace): the GPU keeps its last dispatch's. */
	pthread_mutex_lock(&r->lock);
	bool newest = r->seq && r->ring[r->seq % EMU_RESULTS_RING].signal == signal.handle;
	pthread_mutex_unlock(&r->lock);
	if (!newest)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	pthread_mutex_lock(r->dispatch_lock);
	const struct emu_tl_gpu *t = r->gpu->tl;
	*ev = t ? t->ev : NULL;
	*count = t ? t->n : 0;
	*insts = t ? t->insts : NULL;
	*ninsts = t ? t->ninsts : 0;
	if (t)
		*info = t->info;
	else
		memset(info, 0, sizeof(*info));
	pthread_mutex_unlock(r->dispatch_lock);
	return HSA_STATUS_SUCCESS;
}
