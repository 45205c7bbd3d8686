/*
 * emu_timing_mem — the memory side beyond the L2s (emu_timing_mem.h): the
 * MALL (write-back, true LRU, filled by reads and by L2 write-backs) and
 * DRAM, with the latencies of the profile (mall_ns10, mem_ns10) and the
 * byte rates of their servers.
 */
#include "model/emu_timing_mem.h"
#include "model/emu_timing_ovl.h"
#include "model/emu_timing_state.h"

/* ---- on the shared state ---- */

static void dram_write(struct emu_timing *t, uint64_t at)
{
	emu_bw_wlines(&t->dram, at, 1);
	emu_timing_cnt(t)[EMU_CNT_HBM_WRITE_BYTES] += t->mp->mall.bytes ? t->mp->mall.line : t->mp->l2.line;
}

static void l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at)
{
	if (!t->mall.sets) {
		dram_write(t, at);
		return;
	}
	uint64_t victim;
	bool dirty;
	emu_bw_line(&t->mall_bw, at);
	emu_cache_access(&t->mall, addr >> t->mall.line_shift, EMU_CACHE_ALLOC | EMU_CACHE_DIRTY, &victim,
	                 &dirty);
	if (dirty)
		dram_write(t, at);
}

static uint64_t mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool evict)
{
	uint64_t *cnt = emu_timing_cnt(t);
	if (!t->mall.sets) {
		cnt[EMU_CNT_HBM_READ_BYTES] += t->mp->l2.line;
		return emu_bw_line(&t->dram, at) + t->mem_cycles;
	}
	uint64_t line = addr >> t->mall.line_shift, victim;
	bool dirty;
	bool hit = emu_cache_access(&t->mall, line, evict ? EMU_CACHE_EVICT : EMU_CACHE_ALLOC, &victim,
	                            &dirty);
	if (dirty)
		dram_write(t, at);
	if (hit) {
		cnt[EMU_CNT_MALL_HIT]++;
		uint64_t r = emu_bw_line(&t->mall_bw, at) + t->mall_cycles;
		uint64_t ready = emu_cache_fill_ready(&t->mall, line, at);
		return r > ready ? r : ready;
	}
	cnt[EMU_CNT_MALL_MISS]++;
	cnt[EMU_CNT_HBM_READ_BYTES] += 1ull << t->mall.line_shift;
	uint64_t r = emu_bw_line(&t->dram, at) + t->mem_cycles;
	if (!evict)
		emu_cache_fill_note(&t->mall, line, at, r);
	return r;
}

/* ---- the interface: through a domain's overlay in a window, else direct ---- */

void emu_timing_mem_dram_write(struct emu_timing *t, uint64_t at)
{
	if (__builtin_expect(t->ovl != NULL, 0))
		emu_timing_ovl_dram_write(t, at);
	else
		dram_write(t, at);
}

void emu_timing_mem_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at)
{
	if (__builtin_expect(t->ovl != NULL, 0))
		emu_timing_ovl_l2_writeback(t, addr, at);
	else
		l2_writeback(t, addr, at);
}

uint64_t emu_timing_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool evict)
{
	if (__builtin_expect(t->ovl != NULL, 0))
		return emu_timing_ovl_mem_read(t, addr, at, evict);
	return mem_read(t, addr, at, evict);
}

/* ---- a cache action's write-back ---- */

bool emu_timing_mem_put_line(struct emu_timing *t, uint64_t addr)
{
	if (!t->mall.sets)
		return false;
	uint64_t victim;
	bool dirty;
	emu_cache_access(&t->mall, addr >> t->mall.line_shift, EMU_CACHE_ALLOC | EMU_CACHE_DIRTY, &victim, &dirty);
	return dirty;
}

/* Every line goes into the MALL through its port (without a MALL, to
 * DRAM), and every dirty line the MALL evicts to DRAM, all asked at `at`:
 * each server books its lines in the walk's order, the two independently,
 * so each is booked in one go; the write-back is done when the last line
 * of either is. */
uint64_t emu_timing_mem_book_lines(struct emu_timing *t, uint64_t at, uint64_t lines, uint64_t mall_dirty)
{
	uint64_t done = at;
	uint64_t e1 = t->mall.sets ? emu_bw_lines(&t->mall_bw, at, lines) : emu_bw_wlines(&t->dram, at, lines);
	uint64_t e2 = t->mall.sets ? emu_bw_wlines(&t->dram, at, mall_dirty) : 0;
	done = e1 > done ? e1 : done;
	return e2 > done ? e2 : done;
}
