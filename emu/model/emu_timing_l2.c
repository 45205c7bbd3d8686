/*
 * emu_timing_l2 — the L2's entry for single requests, the path of a request
 * that bypasses it, and its write-back walk for the packet processor's
 * cache actions (emu_timing_l2.h).
 */
#include "model/emu_timing_l2.h"

uint64_t emu_timing_l2(struct emu_timing *t, uint32_t cu, uint64_t addr, uint64_t arrive, unsigned how)
{
	return emu_timing_l2_line(t, emu_timing_l2_of(t, cu), addr, arrive, how);
}

uint64_t emu_timing_l2_bypass(struct emu_timing *t, struct emu_cache *l2, uint64_t addr, uint64_t t2, unsigned how)
{
	/* Coherent cache bypass: memory is the point of coherence. */
	uint64_t *cnt = emu_timing_cnt(t);
	bool evict = (how & EMU_L2_LLC_EVICT) != 0;
	cnt[EMU_CNT_TCC_REQ]++;
	cnt[EMU_CNT_TCC_MISS]++;
	t2 = emu_timing_l2_channel(t, l2, addr >> l2->line_shift, t2);
	if (how & EMU_L2_ATOMIC) {
		/* Done at memory, timed as a read of its line; one EA
		 * request ("atomics may travel over the same interface
		 * and are generally classified as write requests",
		 * rocprofiler-compute, TCC_EA0_WRREQ). */
		cnt[EMU_CNT_TCC_EA_WRREQ]++;
		return emu_timing_mem_read(t, addr, t2, evict);
	}
	if (how & EMU_L2_WRITE) {
		/* Through to the last-level cache ("Hit LRU") or past it
		 * ("Hit Evict": a copy the MALL holds is not evicted). */
		cnt[EMU_CNT_TCC_EA_WRREQ] += emu_timing_l2_ea_reqs(l2);
		if (evict || !t->root->mall.sets) {
			emu_timing_mem_dram_write(t, t2);
			return t2 + t->mem_cycles;
		}
		emu_timing_mem_l2_writeback(t, addr, t2);
		return t2 + t->mall_cycles;
	}
	cnt[EMU_CNT_TCC_EA_RDREQ] += emu_timing_l2_ea_reqs(l2);
	return emu_timing_mem_read(t, addr, t2, evict);
}

struct flush_walk {
	struct emu_timing *t;
	uint32_t line_shift;
	uint64_t lines;          /* lines written back */
	uint64_t mall_dirty;     /* dirty lines the MALL evicted for them */
};

static void flush_line(void *user, uint64_t line)
{
	struct flush_walk *r = user;

	r->lines++;
	r->mall_dirty += emu_timing_mem_put_line(r->t, line << r->line_shift);
}

uint64_t emu_timing_l2_flush(struct emu_timing *t, uint64_t at, bool invalidate)
{
	struct flush_walk r = { .t = t };

	for (uint32_t i = 0; i < t->n_l2; i++) {
		r.line_shift = t->l2[i].line_shift;
		emu_cache_clean(&t->l2[i], flush_line, &r);
		if (invalidate)
			emu_cache_invalidate(&t->l2[i]);
	}
	return emu_timing_mem_book_lines(t, at, r.lines, r.mall_dirty);
}
