/*
 * emu_timing_l2 — the L2's entry for single requests, and its write-back
 * walk for the packet processor's cache actions (emu_timing_l2.h).
 */
#include "model/emu_timing_l2.h"

uint64_t emu_timing_l2(struct emu_timing *t, uint32_t cu, uint64_t addr, uint64_t arrive, unsigned how)
{
	return emu_timing_l2_line(t, emu_timing_l2_of(t, cu), addr, arrive, how);
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
