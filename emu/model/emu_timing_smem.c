/*
 * emu_timing_smem — scalar memory: the scalar cache that sqc.shared_by CUs
 * share, over the L2 (emu_timing_l2.h). A load hits (SQC_DCACHE_HITS) or
 * fills from the L2; a GLC load always goes to the L2; scalar stores and
 * atomics go to the L2 without allocating.
 */
#include <string.h>

#include "model/emu_timing_l2.h"
#include "model/emu_timing_state.h"

uint64_t emu_timing_smem(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                         const struct emu_access *acc)
{
	const struct emu_model_params *mp = t->mp;
	uint64_t *cnt = emu_timing_cnt(t);
	uint32_t cu = emu_timing_cu_index(t, w);
	struct emu_cache *c = &t->sqc[cu / mp->sqc.shared_by];
	uint64_t at = w->cycle + mp->sqc_hit;
	if (!acc->bytes || !acc->addr) {
		/* s_memtime and cache maintenance: s_dcache_inv empties the
		 * scalar cache of the CU's group. */
		const char *m = in && in->op ? in->op->mnemonic : NULL;
		if (m && strncmp(m, "s_dcache_inv", 12) == 0)
			emu_cache_invalidate(c);
		return at;
	}
	uint64_t a = acc->addr[0];
	uint64_t first = a >> c->line_shift, last = (a + acc->bytes - 1) >> c->line_shift;
	uint64_t done = at;
	for (uint64_t x = first; x <= last; x++) {
		uint64_t r;
		if (acc->store || acc->atomic) {
			emu_cache_access(c, x, 0, NULL, NULL);
			r = emu_timing_l2(t, cu, x << c->line_shift, at,
			                  acc->atomic ? EMU_L2_ATOMIC : EMU_L2_WRITE);
		} else if (emu_cache_access(c, x, EMU_CACHE_ALLOC, NULL, NULL) && !(acc->flags & EMU_F_GLC)) {
			cnt[EMU_CNT_SQC_DCACHE_HIT]++;
			uint64_t ready = emu_cache_fill_ready(c, x, at);
			r = at > ready ? at : ready;
		} else {
			cnt[EMU_CNT_SQC_DCACHE_MISS]++;
			r = emu_timing_l2(t, cu, x << c->line_shift, at, 0);
			emu_cache_fill_note(c, x, at, r);
		}
		if (r > done)
			done = r;
	}
	return done;
}
