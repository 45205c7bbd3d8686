/*
 * emu_timing_domain — the cycle model seen by one domain (one XCD) of a
 * multi-domain dispatch (core/emu_domain.h), and the ordered merge that
 * keeps the shared memory side deterministic.
 *
 * What a domain owns: the per-CU state (TA, LDS, SIMD and matrix ports,
 * L1, UTCL1), the instruction and scalar caches of its CU groups and the L2
 * of its XCD. It reaches them through a view: a copy of the root struct
 * emu_timing sharing those arrays (a domain writes only its own elements),
 * with its own counters and memos. What all domains share, the MALL and
 * the DRAM and MALL calendars, a view sees in a window through its overlay
 * (emu_timing_ovl.c), which logs every request. At the merge, on one
 * thread, the logs are replayed on the shared state in (domain, sequence)
 * order with the direct functions of emu_timing_mem.c, which count MALL
 * hits and misses and HBM bytes into the dispatch's counters: the shared
 * state and those counters depend only on the logs, never on thread
 * timing.
 *
 * The latencies a domain got within a window are not corrected after the
 * replay: a request of domain 1 that another domain's request, replayed
 * first, would have delayed (a later calendar bucket) or sped up (a MALL
 * line it filled) keeps the latency its domain computed. The error is
 * bounded by the window: the requests of other domains it misses are those
 * of the same window, at most W cycles old, while a MALL round trip is
 * longer than W (emu_domain.h), so such a request could not have seen them
 * complete anyway; only the queueing in a shared calendar bucket and the
 * LRU order of a MALL set shared by two domains within one window differ.
 */
#include <stdlib.h>
#include <string.h>

#include "model/emu_timing_domain.h"
#include "model/emu_timing_mem.h"
#include "model/emu_timing_ovl.h"
#include "model/emu_timing_state.h"

void emu_timing_views_destroy(struct emu_timing *t)
{
	if (!t->views)
		return;
	for (uint32_t d = 0; d < t->n_l2; d++) {
		if (!t->views[d])
			continue;
		emu_timing_ovl_destroy(t->views[d]->ovl_own);
		free(t->views[d]);
	}
	free(t->views);
	t->views = NULL;
}

/* Views are made with the root, after every array they share exists; the
 * root never reallocates those arrays. */
bool emu_timing_views_create(struct emu_timing *t)
{
	if (t->n_l2 <= 1)
		return true;
	t->views = calloc(t->n_l2, sizeof(*t->views));
	if (!t->views)
		return false;
	for (uint32_t d = 0; d < t->n_l2; d++) {
		struct emu_timing *v = malloc(sizeof(*v));
		if (!v)
			goto fail;
		memcpy(v, t, sizeof(*v));
		v->views = NULL;
		v->root = t;
		v->ovl = NULL;
		v->ovl_own = NULL;
		memset(v->mfma_memo, 0, sizeof(v->mfma_memo));
		memset(v->lds_memo, 0, sizeof(v->lds_memo));
		v->cnt = v->counters_none;
		t->views[d] = v;
		if (!(v->ovl_own = emu_timing_ovl_create(t->mall.ways)))
			goto fail;
	}
	return true;
fail:
	emu_timing_views_destroy(t);
	return false;
}

struct emu_timing *emu_timing_domain(struct emu_timing *t, uint32_t d)
{
	return t->views && d < t->n_l2 ? t->views[d] : t;
}

void emu_timing_begin_view(struct emu_timing *v, const struct emu_timing_run *run)
{
	v->cnt = run->counters ? run->counters : v->counters_none;
	v->stall = run->stall;
	v->lds_bytes = run->lds_bytes;
	v->in_dispatch = true;
}

void emu_timing_window(struct emu_timing *v, bool on)
{
	v->ovl = on ? v->ovl_own : NULL;
}

/* ---- the merge ---- */

bool emu_timing_merge(struct emu_timing *t, uint32_t ndom)
{
	bool ok = true;
	if (!t->views)
		return true;
	/* The root has no overlay: the memory side's functions act directly. */
	for (uint32_t d = 0; d < ndom && d < t->n_l2; d++) {
		struct emu_timing_ovl *o = t->views[d]->ovl_own;
		size_t n;
		const struct emu_timing_ovl_rec *log = emu_timing_ovl_log(o, &n);
		for (size_t i = 0; i < n; i++) {
			const struct emu_timing_ovl_rec *e = &log[i];
			/* the MALL set of a request a few ahead: the 8 MiB of tags
			 * miss the host's caches in a stream */
			if (i + 8 < n && t->mall.sets)
				emu_cache_prefetch(&t->mall, log[i + 8].addr >> t->mall.line_shift);
			switch ((enum emu_timing_ovl_op)e->op) {
			case EMU_OVL_READ:
			case EMU_OVL_READ_EVICT:
				emu_timing_mem_read(t, e->addr, e->at, e->op == EMU_OVL_READ_EVICT);
				break;
			case EMU_OVL_L2_WB:
				emu_timing_mem_l2_writeback(t, e->addr, e->at);
				break;
			case EMU_OVL_DRAM_W:
				emu_timing_mem_dram_write(t, e->at);
				break;
			}
		}
		ok &= emu_timing_ovl_reset(o);
	}
	return ok;
}
