/*
 * emu_timing_icache — instruction fetch through the L1 instruction cache
 * that a few CUs share ([SPECS]: 2 CUs on gfx90a/gfx942, 3 on gfx900).
 *
 * A wave requests a line when its next instruction lies in a line it has
 * not just fetched; the request hits or misses the shared cache (counted as
 * SQC_ICACHE_HITS / _MISSES). A miss fills the line from L2 (and below) and
 * stalls the wave for that long (GCNLAB_STALL_ICACHE); a wave that hits a
 * line another wave is still filling waits for that fill. The cache lives in
 * struct emu_timing, so a second dispatch of a kernel finds its code, and
 * s_icache_inv empties the cache of the issuing CU's group.
 *
 * Prefetch. The sequencer fetches ahead of the line it executes
 * [PAL-PRF]: whenever a wave requests a line, the next ifetch_ahead_lines
 * lines (3 x 64 B on GFX9) are requested too, those not present filled from
 * L2 in parallel with it; a wave reaching a line whose fill is in flight
 * waits for that fill only. Straight-line code thus keeps up to 1 + 3 lines
 * in flight, so a cold wave waits about one L2 round trip per 4 lines
 * instead of per line (and none when it executes slower than the L2
 * delivers). What stops it: a taken branch, whose target line starts a new
 * run (the lines prefetched past the branch are left unused), and the end
 * of the kernel's code: the hardware fetches past it too (PAL pads shaders
 * for that), but those lines hold nothing the kernel runs, so the model
 * does not request them and SQC_ICACHE_MISSES stays the number of code
 * lines fetched. A prefetch that misses counts as a miss when it is
 * requested; the wave's own request for the line then hits (waiting for the
 * fill if it is still in flight). GFX9 has no ISA control over the distance
 * (s_set_inst_prefetch_distance is gfx10+).
 *
 * Each wave remembers the line it fetched last (struct emu_wave.if_*),
 * validated by the cache's epoch (bumped on every fill and invalidation), so
 * that straight-line code costs two compares per instruction
 * (emu_timing_fetch in emu_timing.h).
 */
#include <string.h>

#include "model/emu_timing_l2.h"
#include "model/emu_timing_state.h"

/* Request the lines after `last` up to the prefetch distance, at `at`
 * (issued with the demand request), within the kernel's code. */
static void ifetch_ahead(struct emu_timing *t, struct emu_wave *w, struct emu_cache *c, uint32_t g,
                         uint32_t cu, uint64_t last, uint64_t at)
{
	uint64_t *cnt = emu_timing_cnt(t);
	uint64_t end_line = w->prog && w->prog->size ?
	                    (w->prog->base + w->prog->size - 1) >> c->line_shift : last;
	for (uint32_t k = 1; k <= t->mp->ifetch_ahead_lines; k++) {
		uint64_t x = last + k;
		if (x > end_line)
			break;
		if (emu_cache_access(c, x, EMU_CACHE_ALLOC, NULL, NULL))
			continue;
		cnt[EMU_CNT_SQC_ICACHE_MISS]++;
		t->ic_epoch[g]++;
		uint64_t ready = emu_timing_l2(t, cu, x << c->line_shift, at + t->mp->sqc_hit, 0);
		emu_cache_fill_note(c, x, at, ready);
	}
}

uint32_t emu_timing_ifetch(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in)
{
	if (!t->n_ic)
		return 0;
	uint32_t cu = emu_timing_cu_index(t, w);
	uint32_t g = cu / t->mp->icache.shared_by;
	struct emu_cache *c = &t->ic[g];
	uint64_t first = w->pc >> c->line_shift;
	uint64_t last = (w->pc + (in->size ? in->size : 4) - 1) >> c->line_shift;
	bool known = w->if_epoch_at == &t->ic_epoch[g] && w->if_epoch == t->ic_epoch[g];
	uint64_t known_line = w->if_lo >> c->line_shift;
	if (known && first == known_line && last == known_line)
		return 0;

	uint64_t *cnt = emu_timing_cnt(t);
	uint64_t now = w->cycle;
	for (uint64_t x = first; x <= last; x++) {
		if (known && x == known_line)
			continue;
		if (emu_cache_access(c, x, EMU_CACHE_ALLOC, NULL, NULL)) {
			cnt[EMU_CNT_SQC_ICACHE_HIT]++;
			uint64_t ready = emu_cache_fill_ready(c, x, now);
			if (ready > now)
				now = ready;
			continue;
		}
		cnt[EMU_CNT_SQC_ICACHE_MISS]++;
		t->ic_epoch[g]++;
		uint64_t ready = emu_timing_l2(t, cu, x << c->line_shift, now + t->mp->sqc_hit, 0);
		emu_cache_fill_note(c, x, now, ready);
		now = ready;
	}
	ifetch_ahead(t, w, c, g, cu, last, w->cycle);
	w->if_epoch_at = &t->ic_epoch[g];
	w->if_epoch = t->ic_epoch[g];
	w->if_lo = last << c->line_shift;
	w->if_hi = (last + 1) << c->line_shift;
	uint32_t stall = (uint32_t)(now - w->cycle);
	if (stall)
		emu_timing_stall(t, w, stall, GCNLAB_STALL_ICACHE);
	return stall;
}

void emu_timing_ic_inv(struct emu_timing *t, struct emu_wave *w)
{
	if (!t->n_ic)
		return;
	uint32_t g = emu_timing_cu_index(t, w) / t->mp->icache.shared_by;
	emu_cache_invalidate(&t->ic[g]);
	t->ic_epoch[g]++;
}
