/*
 * emu_dispatch_run — the domains of a dispatch (emu_domain.h): their set-up,
 * initial fill and run loop (a wave's turn: run_wave), the windows of a multi-domain dispatch and
 * their ordered merge, and the sums and teardown at the end.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/emu_profile.h"
#include "core/emu_check.h"
#include "core/emu_dispatch_ctx.h"
#include "core/emu_dispatch_run.h"
#include "core/emu_domain.h"
#include "core/emu_gpu_private.h"
#include "core/emu_hazard.h"
#include "core/emu_hazard_nops.h"
#include "core/emu_run_prof.h"
#include "core/emu_sched.h"
#include "core/emu_timeline.h"
#include "core/emu_trace.h"
#include "core/emu_wave_env.h"
#include "model/emu_timing.h"

/* ---- execution ---- */

/* Whether the dispatch's queue was destroyed while it ran (the host gave
 * up on it: gcnlab's --timeout): then the dispatch fails with the report
 * that says so and, when wave w had just run `in`, where it was. */
static bool cancelled(struct emu_dispatch_ctx *ctx, const struct emu_wave *w, const struct emu_inst *in)
{
	char where[256] = "", dis[96];

	if (!ctx->req->cancel || !atomic_load_explicit(ctx->req->cancel, memory_order_relaxed))
		return false;
	ctx->failed = true;
	ctx->res->status = EMU_DISPATCH_CANCELLED;
	ctx->res->hsa_status = HSA_STATUS_ERROR_INVALID_QUEUE;
	if (w && in) {
		emu_disasm_msg(ctx->prof, in, dis, sizeof(dis));
		snprintf(where, sizeof(where), "; wave %u (workgroup %u,%u,%u) was at code offset 0x%x (entry+0x%llx) "
		         "`%s` after %llu wave-instructions", w->id, w->wg->id[0], w->wg->id[1], w->wg->id[2],
		         in->off, (unsigned long long)(w->prog->base + in->off - ctx->entry), dis,
		         (unsigned long long)ctx->insts);
	}
	snprintf(ctx->res->report, sizeof(ctx->res->report),
	         "dispatch of %s cancelled: its queue was destroyed while it ran%s", ctx->kernel_name, where);
	return true;
}

static void run_wave(struct emu_dispatch_ctx *ctx, struct emu_wave *w, uint64_t horizon,
                     struct trace_acc *trace)
{
	struct emu_timing *t = ctx->timing;
	const struct emu_program *prog = w->prog;
	bool traced = trace && (ctx->gpu->trace_wave < 0 || (int)w->id == ctx->gpu->trace_wave);
	struct emu_tl *tl = ctx->run->tl && emu_tl_follows(ctx->run->tl, w) ? ctx->run->tl : NULL;
	bool recorded = traced || tl;   /* one test per instruction for both */
	if (tl)
		tl->mem_began = false;
	if (w->pend_count) {
		/* The oldest outstanding result usually lands first, a few
		 * instructions into this turn; its data has left the host's caches
		 * while the other CU groups ran: ask for it now. */
		const struct emu_pending *p = &w->pend[w->pend_head];
		if (p->kind == 1)
			for (unsigned d = 0; d < p->ndw; d++) {  /* a row's four host lines */
				const char *row = (const char *)(p->data + d * EMU_LANES);
				__builtin_prefetch(row);
				__builtin_prefetch(row + 64);
				__builtin_prefetch(row + 128);
				__builtin_prefetch(row + 192);
			}
	}
	while (w->state == EMU_WAVE_READY) {
		if (w->pend_count && w->next_done <= w->cycle)
			emu_wave_retire(w);
		const struct emu_inst *in = emu_program_at(prog, w->pc);
		if (!in) {
			emu_fault(w, w->cur, EMU_FAULT_ILLEGAL, w->pc,
			          "the program counter 0x%llx is outside the kernel's code",
			          (unsigned long long)w->pc);
			return;
		}
		/* A register a result the counters do not guarantee yet will
		 * write, or one the wave has not written yet (emu_check.h): one
		 * test for both. */
		if (in->hz_regs & (w->owed.regs | w->unw_fold)) {
			if (in->hz_regs & w->unw_fold)
				emu_check_regs(w, in);
			if (w->state == EMU_WAVE_READY && (in->hz_regs & w->owed.regs) && emu_hazard_check(w, in))
				emu_trace_hazards(w, in, 1);
			if (w->state != EMU_WAVE_READY)
				return;
		}
		if (__builtin_expect(in->hzn & (w->hzn_armed | EMU_HZN_CAPTURE), 0)) {  /* s_nop rules */
			unsigned found = emu_hzn_check(w, in);
			if (found)
				emu_trace_hazards(w, in, found);
			if (w->state != EMU_WAVE_READY)
				return;
		}
		w->cur = in;
		uint64_t t0 = w->cycle;
		w->cycle += emu_timing_fetch(t, w, in);
		uint64_t tf = w->cycle;
		uint32_t cost = emu_timing_issue(t, w, in);
		w->npc = w->pc + in->size;
		in->exec(w, in);
		emu_hzn_after(w, in);
		w->cycle += cost;
		if (__builtin_expect(recorded, 0)) {
			if (traced) {
				struct trace_acc *a = &trace[in->off >> 2];
				a->issues++;
				a->cycles += w->cycle - t0;
			}
			if (tl)
				emu_tl_inst(tl, ctx, w, in, t0, tf, cost);
		}
		w->pc = w->npc;
		if (++ctx->insts > ctx->budget) {
			if (ctx->budget_held) {
				/* A returning atomic was deferred (emu_domain.c): the
				 * lowered budget stopped the wave here, at no cost to
				 * every other instruction. It waits for the merge. */
				ctx->budget = ctx->budget_hold;
				ctx->budget_held = false;
			}
			if (w->deferred)
				return;
			if (ctx->insts > ctx->budget) {
				emu_fault(w, in, EMU_FAULT_HANG, w->pc,
				          "the dispatch exceeded its budget of %llu wave-instructions "
				          "(GCNLAB_EMU_BUDGET); wave %u is looping near pc 0x%llx",
				          (unsigned long long)ctx->gpu->budget, w->id, (unsigned long long)(in->off));
				return;
			}
		}
		if ((ctx->insts & 0xfff) == 0 && cancelled(ctx, w, in))
			return;
		if (w->cycle > horizon)
			return;
	}
}

/* The domain's share of the initial fill: round-robin over CUs until every
 * CU is full or the grid is handed out; workgroup f goes to the CU
 * emu_run_cu_order(f) (across XCDs first on gfx942: f to XCD f mod 8, its
 * domain) at start + 2f. A multi-domain dispatch does it in the first window, on
 * the domain's thread (it touches only the domain's state). */
bool emu_run_initial_fill(struct emu_domain *dm)
{
	const struct emu_profile *prof = dm->ctx.prof;
	uint64_t nfill = (uint64_t)prof->num_cu * dm->ctx.max_wg_per_cu;
	dm->filled = true;
	while (dm->rs.next_wg < dm->rs.total_wg && dm->rs.next_wg < nfill) {
		uint64_t f = dm->rs.next_wg;
		uint32_t cu = emu_run_cu_order(prof, (uint32_t)(f % prof->num_cu));
		if (!emu_run_launch_wg(&dm->ctx, &dm->rs, cu, dm->ctx.start_cycle + f * (EMU_WAVE_LAUNCH_GAP / 2)))
			return false;
	}
	return true;
}

/* Run the domain's waves until none that is ready is before `until`
 * (UINT64_MAX: to the end of the dispatch). False when out of host memory. */
bool emu_run_until(struct emu_domain *dm, uint64_t until)
{
	struct emu_dispatch_ctx *ctx = &dm->ctx;
	struct emu_run *rs = &dm->rs;
	struct emu_gpu *g = ctx->gpu;
	uint64_t horizon;
	struct emu_wave *w, *ran = NULL;  /* ran: the wave that has just run, still ready */
	for (;;) {
		if (ran && !rs->nslots) {
			w = emu_sched_requeue_next(&rs->sched, ran, &horizon);  /* one call a switch */
		} else {
			if (ran) {
				emu_sched_requeue(&rs->sched, ran);
				/* freed slots become safe as the waves move on */
				if (!emu_run_fill_slots(ctx, rs))
					return false;
			}
			w = ctx->failed ? NULL : emu_sched_next(&rs->sched, &horizon);
		}
		ran = NULL;
		if (ctx->failed || (!w && !rs->nslots))
			break;
		if (!w) {  /* no wave left to run: the freed slots are all safe */
			if (!emu_run_fill_slots(ctx, rs))
				return false;
			continue;
		}
		if (w->cycle >= until)
			break;
		if (horizon >= until)
			horizon = until - 1;
		if (w->deferred) {  /* its atomics' values come at the merge */
			emu_sched_remove(&rs->sched, w);
			dm->parked[dm->nparked++] = w;
			continue;
		}
		run_wave(ctx, w, horizon, rs->trace);
		if (ctx->failed)
			break;
		struct emu_workgroup *wg = w->wg;
		if (w->state == EMU_WAVE_READY) {
			ran = w;
			continue;
		}
		emu_sched_remove(&rs->sched, w);  /* done or at a barrier */
		if (w->state == EMU_WAVE_DONE) {
			dm->end = w->cycle > dm->end ? w->cycle : dm->end;
			wg->waves_done++;
		}
		/* A barrier opens when every wave that has not ended has arrived. */
		if (wg->barrier_count && wg->barrier_count == wg->nwaves - wg->waves_done) {
			uint64_t t = 0;
			for (uint32_t j = 0; j < wg->nwaves; j++)
				if (wg->waves[j]->state == EMU_WAVE_BARRIER && wg->waves[j]->cycle > t)
					t = wg->waves[j]->cycle;
			for (uint32_t j = 0; j < wg->nwaves; j++) {
				struct emu_wave *x = wg->waves[j];
				if (x->state != EMU_WAVE_BARRIER)
					continue;
				emu_trace_stall(x, t - x->cycle, GCNLAB_STALL_BARRIER);
				emu_tl_barrier(x, x->cycle, t);
				/* The wait belongs to the s_barrier's cycles too: the wave
				 * left run_wave when it arrived there. */
				if (rs->trace && x->cur && (g->trace_wave < 0 || (int)x->id == g->trace_wave))
					rs->trace[x->cur->off >> 2].cycles += t - x->cycle;
				x->cycle = t;
				x->state = EMU_WAVE_READY;
				if (!emu_sched_push(&rs->sched, x))
					return false;
			}
			wg->barrier_count = 0;
		}
		if (wg->waves_done == wg->nwaves) {
			uint32_t cu = wg->cu;
			struct emu_cu *c = &ctx->cus[cu];
			c->wg_resident--;
			c->waves_resident -= wg->nwaves;
			uint64_t t = w->cycle;
			emu_run_wg_free(rs, wg);
			if (rs->next_wg < rs->total_wg && !emu_run_slot_push(rs, t, cu))
				return false;
		}
		if (!emu_run_fill_slots(ctx, rs))
			return false;
	}
	return true;
}

struct window {
	struct emu_domain *dm;
	uint64_t until;
	struct emu_run_prof *prof;
};

static void window_job(void *arg, unsigned i)
{
	struct window *win = arg;
	struct emu_domain *dm = &win->dm[i];
	double t0 = win->prof->on ? emu_run_prof_now() : 0;
	if (!dm->filled && !emu_run_initial_fill(dm)) {
		dm->oom = true;
		return;
	}
	emu_timing_window(dm->ctx.timing, true);
	if (!emu_run_until(dm, win->until))
		dm->oom = true;
	emu_timing_window(dm->ctx.timing, false);
	if (win->prof->on)
		win->prof->job[i] = emu_run_prof_now() - t0;  /* domain i: one thread's */
}

/* Whether the domain has anything left to run; *next: its earliest ready
 * wave's cycle. */
static bool domain_busy(const struct emu_domain *dm, uint64_t *next)
{
	if (!dm->filled) {
		*next = dm->ctx.start_cycle;
		return true;
	}
	uint64_t m = emu_sched_min(&dm->rs.sched);
	for (size_t i = 0; i < dm->nparked; i++)
		m = dm->parked[i]->cycle < m ? dm->parked[i]->cycle : m;
	*next = m;
	return m != UINT64_MAX || dm->rs.nslots || dm->nparked;
}

/* ---- warnings of a multi-domain dispatch ---- */

/* The warnings that a dispatch prints only the first of, by the start of
 * their line: a domain keeps its own count (its copy of the context), so the
 * merge keeps the dispatch's and drops the lines beyond it. The counts are
 * the writers' (emu_hazard.c: the first 3 waitcnt hazards; emu_check.c
 * CHECK_WARN_MAX: the first 3 uninitialised reads, and out-of-range LDS
 * accesses; emu_hazard_nops.c: the first of each rule, the rule named
 * between "; " and " needs "). */
static const struct warn_kind {
	const char *prefix;
	unsigned first;
	bool per_rule;
} warn_kinds[] = {
	{ "gcnlab-emu: warning: waitcnt hazard ", 3, false },
	{ "gcnlab-emu: warning: uninitialised ", 3, false },
	{ "gcnlab-emu: warning: LDS access out of range ", 3, false },
	{ "gcnlab-emu: warning: wait-state hazard ", 1, true },
};
#define WARN_KINDS (sizeof(warn_kinds) / sizeof(warn_kinds[0]))
#define WARN_RULES 32     /* emu_hazard_nops.c: its rules fit a 32-bit mask */

struct emu_run_warn {
	unsigned shown[WARN_KINDS];
	char rule[WARN_RULES][96];    /* wait-state rules shown */
	unsigned nrules;
};

/* Whether the dispatch still shows line [s, e) of a domain's warnings. */
static bool warn_shown(struct emu_run_warn *st, const char *s, const char *e)
{
	size_t len = (size_t)(e - s);
	for (unsigned k = 0; k < WARN_KINDS; k++) {
		const struct warn_kind *wk = &warn_kinds[k];
		size_t n = strlen(wk->prefix);
		if (len < n || memcmp(s, wk->prefix, n))
			continue;
		if (!wk->per_rule)
			return st->shown[k]++ < wk->first;
		const char *needs = memmem(s, len, " needs ", 7), *r = needs;
		while (r && r - s >= 2 && !(r[-2] == ';' && r[-1] == ' '))
			r--;
		if (!needs || r - s < 2)
			return true;  /* not the format this knows: shown */
		size_t rn = (size_t)(needs - r) < sizeof(st->rule[0]) - 1 ? (size_t)(needs - r) : sizeof(st->rule[0]) - 1;
		for (unsigned i = 0; i < st->nrules; i++)
			if (strlen(st->rule[i]) == rn && !memcmp(st->rule[i], r, rn))
				return false;
		if (st->nrules < WARN_RULES) {
			memcpy(st->rule[st->nrules], r, rn);
			st->rule[st->nrules++][rn] = '\0';
		}
		return true;
	}
	return true;
}

/* A domain's warnings of the window to stderr, within the dispatch's
 * first-N limits. */
static void warn_flush(struct emu_run_warn *st, const char *buf, size_t len)
{
	const char *s = buf, *end = buf + len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl + 1 : end;
		if (warn_shown(st, s, e))
			fwrite(s, 1, (size_t)(e - s), stderr);
		s = e;
	}
}

/* The end of a window, on one thread: memory logs and the memory side of
 * the model in domain order, then the parked waves, the warnings, and the
 * first fault by (cycle, domain). False when out of host memory. */
static bool merge_window(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom,
                         struct emu_run_warn *warn)
{
	bool ok = emu_timing_merge(ctx->timing, ndom);
	struct emu_domain *first = NULL;
	for (uint32_t d = 0; d < ndom; d++) {
		struct emu_domain *dm = &dms[d];
		ok &= emu_dmem_merge(dm->ctx.dmem) && !dm->oom;
		for (size_t i = 0; i < dm->nparked; i++)
			if (!emu_sched_push(&dm->rs.sched, dm->parked[i]))
				ok = false;
		dm->nparked = 0;
		if (dm->ctx.warn && dm->ctx.warn != stderr) {
			fflush(dm->ctx.warn);
			if (dm->warn_len)
				warn_flush(warn, dm->warn_buf, dm->warn_len);
			rewind(dm->ctx.warn);
		}
		if (dm->ctx.failed && (!first || dm->ctx.fault_cycle < first->ctx.fault_cycle))
			first = dm;
	}
	if (first) {
		*ctx->res = first->res;
		ctx->failed = true;
	}
	return ok;
}

bool emu_run_domains_setup(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom,
                          size_t max_res_d, uint32_t ncu_d)
{
	struct emu_gpu *g = ctx->gpu;
	const struct emu_profile *prof = ctx->prof;
	uint32_t nx = prof->num_xcd ? prof->num_xcd : 1;
	for (uint32_t d = 0; d < ndom; d++) {
		struct emu_domain *dm = &dms[d];
		struct emu_run *rs = &dm->rs;
		dm->ctx = *ctx;
		dm->ctx.run = rs;
		dm->ctx.res = &dm->res;
		dm->ctx.warn = stderr;
		dm->end = ctx->start_cycle;
		rs->total_wg = ctx->run->total_wg;
		rs->next_wg = d;
		rs->wg_step = ndom > 1 ? nx : 1;
		rs->ndom = ndom;
		rs->dom = d;
		rs->slot_base = (uint32_t)(d * max_res_d);
		/* Stacks read only below their counts (nfree, nall, nwgs,
		 * nparked): not zeroed, as a whole GPU's room is ~80 KiB each and
		 * a dispatch mostly uses a few entries. */
		rs->free_waves = malloc((max_res_d + 1) * sizeof(*rs->free_waves));
		rs->all_waves = malloc((max_res_d + 1) * sizeof(*rs->all_waves));
		rs->wgs = malloc(((size_t)ncu_d * ctx->max_wg_per_cu + 1) * sizeof(*rs->wgs));
		if (ndom > 1)  /* only deferred atomics park a wave */
			dm->parked = malloc((max_res_d + 1) * sizeof(*dm->parked));
		if (g->trace_on)
			rs->trace = calloc(ctx->prog->size / 4 + 1, sizeof(*rs->trace));
		bool tl_oom;
		rs->tl = emu_tl_create(&dm->ctx, ndom, &tl_oom);
		uint32_t cu_lo = ndom > 1 ? d * ncu_d : 0;
		if (!emu_sched_init_range(&rs->sched, cu_lo, ncu_d, emu_run_cus_per_group(prof), g->skew) ||
		    !rs->free_waves || !rs->all_waves || !rs->wgs || (ndom > 1 && !dm->parked) ||
		    (g->trace_on && !rs->trace) || tl_oom)
			return false;
		if (ndom == 1) {
			rs->pool = g->wave_pool;
			rs->npool = &g->npool;
			continue;
		}
		/* Multi-domain: a share of the GPU's storage, and the window state. */
		dm->own_pool = malloc((max_res_d + 1) * sizeof(*dm->own_pool));  /* a stack: own_npool */
		if (!dm->own_pool)
			return false;
		while (g->npool && dm->own_npool < max_res_d)
			dm->own_pool[dm->own_npool++] = g->wave_pool[--g->npool];
		rs->pool = dm->own_pool;
		rs->npool = &dm->own_npool;
		dm->ctx.dmem = emu_dmem_create();
		dm->ctx.warn = open_memstream(&dm->warn_buf, &dm->warn_len);
		dm->ctx.timing = emu_timing_domain(ctx->timing, d);
		emu_wave_env_domain(&dm->ctx);
		if (!dm->ctx.dmem || !dm->ctx.warn)
			return false;
	}
	return true;
}

/* The domains' figures into the dispatch's context. */
void emu_run_domains_sum(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom, uint64_t *end)
{
	for (uint32_t d = 0; d < ndom; d++) {
		struct emu_dispatch_ctx *c = &dms[d].ctx;
		ctx->insts += c->insts;
		ctx->hazards += c->hazards;
		ctx->hazards_ws += c->hazards_ws;
		ctx->uninit += c->uninit;
		ctx->lds_oob += c->lds_oob;
		for (unsigned i = 0; i < EMU_COUNTER_COUNT; i++)
			ctx->counters[i] += c->counters[i];
		*end = dms[d].end > *end ? dms[d].end : *end;
	}
}

void emu_run_domain_teardown(struct emu_gpu *g, struct emu_domain *dm)
{
	struct emu_run *rs = &dm->rs;
	while (rs->nwgs)
		emu_run_wg_free(rs, rs->wgs[rs->nwgs - 1]);
	if ((rs->nall || dm->own_npool) && !g->wave_pool)
		g->wave_pool = calloc(EMU_WAVE_POOL_MAX, sizeof(*g->wave_pool));
	for (size_t i = 0; i < rs->nall + dm->own_npool; i++) {
		struct emu_wave *w = i < rs->nall ? rs->all_waves[i] : dm->own_pool[i - rs->nall];
		if (g->wave_pool && g->npool < EMU_WAVE_POOL_MAX && w->v && w->pend) {
			g->wave_pool[g->npool++] = w;
			continue;
		}
		emu_wave_free(w);
	}
	free(rs->all_waves);
	free(rs->wgs);
	emu_sched_fini(&rs->sched);
	free(rs->slots);
	free(rs->trace);
	emu_tl_destroy(rs->tl);
	free(rs->free_waves);
	free(dm->parked);
	free(dm->own_pool);
	emu_dmem_destroy(dm->ctx.dmem);
	if (dm->ctx.warn && dm->ctx.warn != stderr)
		fclose(dm->ctx.warn);
	free(dm->warn_buf);
}

/* A multi-domain dispatch: windows of W cycles until no domain has work
 * left or one failed; the domains run on the GPU's threads. False when out
 * of host memory. */
bool emu_run_windows(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom)
{
	struct emu_gpu *g = ctx->gpu;
	struct emu_run_warn warn = { 0 };
	uint64_t W = emu_domain_window_cycles(g->prof);
	uint64_t T = ctx->start_cycle;
	struct emu_run_prof prof;
	if (!g->pool && g->threads > 1)
		g->pool = emu_pool_create(g->threads < ndom ? g->threads : ndom);
	if (!emu_run_prof_begin(&prof, g->profile, ndom, g->pool ? g->threads : 1))
		return false;
	bool ok = true;
	for (;;) {
		uint64_t next = UINT64_MAX, insts = 0;
		bool busy = false;
		for (uint32_t d = 0; d < ndom; d++) {
			uint64_t n;
			busy |= domain_busy(&dms[d], &n);
			next = n < next ? n : next;
			insts += dms[d].ctx.insts;
		}
		if (!busy)
			break;
		/* Skip time no domain has a wave in (deterministic: the
		 * waves' cycles alone decide it). */
		if (next != UINT64_MAX && next > T)
			T = next;
		uint64_t left = insts < g->budget ? g->budget - insts : 0;
		for (uint32_t d = 0; d < ndom; d++)
			dms[d].ctx.budget = dms[d].ctx.insts + left;
		struct window win = { .dm = dms, .until = T + W, .prof = &prof };
		double t0 = prof.on ? emu_run_prof_now() : 0;
		if (g->pool)
			emu_pool_run(g->pool, ndom, window_job, &win);
		else
			for (uint32_t d = 0; d < ndom; d++)
				window_job(&win, d);
		double t1 = prof.on ? emu_run_prof_now() : 0;
		emu_run_prof_window(&prof, t0, t1);
		ok = merge_window(ctx, dms, ndom, &warn);
		if (prof.on)
			prof.t_merge += emu_run_prof_now() - t1;
		if (!ok)
			break;
		if (ctx->failed)
			break;
		if (cancelled(ctx, NULL, NULL)) {
			for (uint32_t d = 0; d < ndom; d++)  /* a domain's report says where its wave was */
				if (dms[d].res.status == EMU_DISPATCH_CANCELLED) {
					memcpy(ctx->res->report, dms[d].res.report, sizeof(ctx->res->report));
					break;
				}
			break;
		}
		T += W;
	}
	emu_run_prof_end(&prof, stderr);
	return ok;
}
