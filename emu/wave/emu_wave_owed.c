/*
 * emu_wave_owed — the guarantee ledger: which register results of a wave's
 * memory instructions the counters do not yet promise (emu_wave.h).
 *
 * The cycle model decides when a load's data lands (emu_wave.c's pending
 * ring); this decides whether a program may rely on it. On silicon a load's
 * latency changes with contention and clocks, so the only promise is the
 * counter's: an instruction is complete once an s_waitcnt forced each
 * counter it is on low enough that it cannot still be counted
 * (emu_waitcnt_covers, isa/emu_waitcnt.h). The waitcnt check
 * (core/emu_hazard.c) reports any read or overwrite of a register an entry
 * here will write, whether or not the model's data had arrived.
 *
 * The counters saturate: an ordered entry with at least the counter's
 * maximum of younger instructions in its stream cannot be counted any more
 * (the hardware holds issue at the maximum), which bounds the ordered
 * entries. Unordered ones (SMEM, GDS, generic FLAT) only a wait for 0
 * settles; past EMU_MAX_OWED entries the oldest is dropped, which can only
 * lose a report, never make one.
 */
#include "wave/emu_wave.h"

static void owed_refold(struct emu_wave *w)
{
	uint64_t f = 0;
	for (uint32_t i = 0; i < w->nowed; i++)
		f |= w->owed[i].fold;
	w->owed_regs = f;
}

/* Remove the entries with no counter left, keeping order. */
static void owed_compact(struct emu_wave *w)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < w->nowed; i++)
		if (w->owed[i].cnts)
			w->owed[k++] = w->owed[i];
	w->nowed = k;
	owed_refold(w);
}

/* The counter an ordered stream is counted on. */
static unsigned ord_cnt(unsigned ord)
{
	return ord == EMU_ORD_LDS ? EMU_CNT_LGKM : EMU_CNT_VM;
}

void emu_owed_issue(struct emu_wave *w, const struct emu_inst *in, unsigned lo, unsigned hi)
{
	struct emu_counts k = emu_inst_counts(in);
	if (!k.cnts)
		return;
	w->ord_seq[k.ord]++;
	bool gone = false;
	if (k.ord != EMU_ORD_NONE) {
		uint32_t max = w->cnt_max[ord_cnt(k.ord)];
		for (uint32_t i = 0; i < w->nowed; i++) {
			struct emu_owed *e = &w->owed[i];
			if (e->ord == k.ord && emu_owed_younger(w, e) >= max) {
				e->cnts = 0;
				gone = true;
			}
		}
	}
	if (gone)
		owed_compact(w);
	if (lo >= hi)
		return;
	if (w->nowed == EMU_MAX_OWED) {
		memmove(&w->owed[0], &w->owed[1], (EMU_MAX_OWED - 1) * sizeof(w->owed[0]));
		w->nowed--;
		owed_refold(w);
	}
	struct emu_owed *e = &w->owed[w->nowed++];
	e->in = in;
	e->lo = (uint16_t)lo;
	e->hi = (uint16_t)hi;
	e->fold = emu_reg_fold(lo, hi - lo);
	e->seq = w->ord_seq[k.ord];
	e->cnts = k.cnts;
	e->ord = k.ord;
	e->had[0] = e->had[1] = EMU_OWED_NO_WAIT;
	w->owed_regs |= e->fold;
}

void emu_owed_wait(struct emu_wave *w, const struct emu_waitcnt *wc)
{
	bool gone = false;
	for (uint32_t i = 0; i < w->nowed; i++) {
		struct emu_owed *e = &w->owed[i];
		for (unsigned c = EMU_CNT_VM; c <= EMU_CNT_LGKM; c++) {
			if (!(e->cnts & (1u << c)) || wc->n[c] >= w->cnt_max[c])
				continue;  /* not on c, or the field at its maximum: no wait */
			if (emu_waitcnt_covers(e->ord, emu_owed_younger(w, e), wc->n[c]))
				e->cnts &= (uint8_t)~(1u << c);
			else
				e->had[c] = wc->n[c];
		}
		gone |= !e->cnts;
	}
	if (gone)
		owed_compact(w);
}
