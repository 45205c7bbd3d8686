/*
 * emu_wave_owed — the guarantee ledger: which register results of a wave's
 * memory instructions the counters do not yet promise (emu_wave_owed.h).
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
 *
 * Cost: this runs beside every memory instruction and s_waitcnt. The
 * registers of the entries are kept as reference counts (per operand code
 * for the exact map, per bit for the fold), so an entry enters and leaves in
 * the time of its own registers; a wait stops scanning an ordered stream at
 * its first entry the wait does not cover (the later ones have fewer
 * younger instructions).
 */
#include <string.h>

#include "wave/emu_wave_owed.h"

/* Every register of the entry is written by at least it once counted:
 * its bits are set whatever they were, with no test per register. */
static void regs_add(struct emu_owed_ledger *l, const struct emu_owed *e)
{
	for (unsigned r = e->lo; r < e->hi; r++)
		l->rc[r]++;
	for (unsigned r = e->lo; r < e->hi;) {  /* [lo, hi) by map word */
		unsigned n = 64 - (r & 63) < e->hi - r ? 64 - (r & 63) : e->hi - r;
		l->map[r >> 6] |= (n == 64 ? ~0ull : (1ull << n) - 1) << (r & 63);
		r += n;
	}
	for (uint64_t f = e->fold; f; f &= f - 1)
		l->fc[__builtin_ctzll(f)]++;
	l->regs |= e->fold;
}

static void regs_del(struct emu_owed_ledger *l, const struct emu_owed *e)
{
	for (unsigned r = e->lo; r < e->hi; r++)
		if (--l->rc[r] == 0)
			l->map[r >> 6] &= ~(1ull << (r & 63));
	for (uint64_t f = e->fold; f; f &= f - 1)
		if (--l->fc[__builtin_ctzll(f)] == 0)
			l->regs &= ~(f & -f);
}

/* Remove the entries with no counter left from index `from` on, keeping
 * order (their registers already left the counts). */
static struct emu_owed *owed_at(struct emu_owed_ledger *l, uint32_t i)
{
	return &l->e[l->h + i];
}

/* Remove the `dead` entries with no counter left from index `from` on,
 * keeping order (their registers already left the counts). A wait mostly
 * settles the oldest: those leave by moving the head. */
static void owed_compact(struct emu_owed_ledger *l, uint32_t from, uint32_t dead)
{
	uint32_t i = from;
	if (!from) {
		while (dead && !owed_at(l, i)->cnts) {
			i++;
			dead--;
		}
		l->h += i;
		l->n -= i;
		i = 0;
	}
	uint32_t k = i;
	for (; dead && i < l->n; i++) {
		if (owed_at(l, i)->cnts)
			*owed_at(l, k++) = *owed_at(l, i);
		else
			dead--;
	}
	uint32_t live = k + (l->n - i);  /* the rest: no dead entry among them */
	if (k != i)
		for (; i < l->n; i++)
			*owed_at(l, k++) = *owed_at(l, i);
	l->n = live;
	if (!l->n)
		l->h = 0;
}

/* owed_compact, without its call where every entry from `from` on is
 * dead (a wait for 0, the usual case). */
static inline void owed_remove(struct emu_owed_ledger *l, uint32_t from, uint32_t dead)
{
	if (from + dead == l->n) {
		l->n = from;
		if (!l->n)
			l->h = 0;
		return;
	}
	owed_compact(l, from, dead);
}

/* Entry e is guaranteed: out of the counts. */
static void owed_settle(struct emu_owed_ledger *l, struct emu_owed *e)
{
	regs_del(l, e);
	l->n_ord[e->ord]--;
	e->cnts = 0;
}

/* The counter an ordered stream is counted on. */
static unsigned ord_cnt(unsigned ord)
{
	return ord == EMU_ORD_LDS ? EMU_CNT_LGKM : EMU_CNT_VM;
}

void emu_owed_issue(struct emu_owed_ledger *l, const uint32_t *cnt_max, const struct emu_inst *in,
                    unsigned lo, unsigned hi)
{
	struct emu_counts k = emu_counts_of(in);
	if (!k.cnts)
		return;
	l->ord_seq[k.ord]++;
	uint32_t max = k.ord != EMU_ORD_NONE ? cnt_max[ord_cnt(k.ord)] : 0;
	/* Only when the stream's oldest entry may have reached the maximum
	 * (old_seq is that entry's seq or an older one: the test never misses
	 * one; mostly it saves the walk past the other streams' entries). */
	if (k.ord != EMU_ORD_NONE && l->n_ord[k.ord] && l->ord_seq[k.ord] - l->old_seq[k.ord] >= max) {
		/* Entries are in issue order, so the first of the stream has the
		 * most younger ones: the saturated ones are a prefix of it. */
		uint32_t first = UINT32_MAX, dead = 0;
		struct emu_owed *e0 = owed_at(l, 0);  /* the head stays while it scans */
		for (uint32_t i = 0; i < l->n; i++) {
			struct emu_owed *e = &e0[i];
			if (e->ord != k.ord)
				continue;
			if (emu_owed_younger(l, e) < max) {
				l->old_seq[k.ord] = e->seq;
				break;
			}
			owed_settle(l, e);
			first = first < i ? first : i;
			dead++;
		}
		if (first != UINT32_MAX)
			owed_remove(l, first, dead);
	}
	if (lo >= hi)
		return;
	if (l->n == EMU_MAX_OWED) {
		owed_settle(l, owed_at(l, 0));
		owed_remove(l, 0, 1);
	}
	if (l->h + l->n == EMU_MAX_OWED) {  /* the head has reached the end: back to e[0] */
		memmove(l->e, owed_at(l, 0), l->n * sizeof(l->e[0]));
		l->h = 0;
	}
	struct emu_owed *e = owed_at(l, l->n++);
	e->in = in;
	e->lo = (uint16_t)lo;
	e->hi = (uint16_t)hi;
	e->fold = emu_reg_fold(lo, hi - lo);
	e->seq = l->ord_seq[k.ord];
	e->cnts = k.cnts;
	e->ord = k.ord;
	e->mark[0] = l->nwait[0];
	e->mark[1] = l->nwait[1];
	if (!l->n_ord[k.ord]++)
		l->old_seq[k.ord] = e->seq;
	regs_add(l, e);
}

void emu_owed_wait(struct emu_owed_ledger *l, const uint32_t *cnt_max, const struct emu_waitcnt *wc)
{
	unsigned n[2] = { wc->n[EMU_CNT_VM], wc->n[EMU_CNT_LGKM] };
	bool on[2] = { n[0] < cnt_max[EMU_CNT_VM], n[1] < cnt_max[EMU_CNT_LGKM] };
	for (unsigned c = 0; c < 2; c++)
		if (on[c]) {
			l->nwait[c]++;
			l->lastn[c] = (uint8_t)n[c];
		}
	if (!l->n || !(on[0] | on[1]))
		return;
	/* Unordered entries settle only with a wait for 0: then scan them all;
	 * otherwise only the ordered streams' leading entries can settle. */
	bool all = (on[0] && !n[0]) || (on[1] && !n[1]);
	uint32_t left[EMU_ORD_COUNT] = { 0 };
	bool open[EMU_ORD_COUNT] = { false };
	for (unsigned o = EMU_ORD_NONE + 1; o < EMU_ORD_COUNT; o++) {
		open[o] = on[ord_cnt(o)] && l->n_ord[o];
		left[o] = l->n_ord[o];
	}
	uint32_t first = UINT32_MAX, dead = 0;
	struct emu_owed *e0 = owed_at(l, 0);  /* the head stays while it scans */
	for (uint32_t i = 0; i < l->n; i++) {
		struct emu_owed *e = &e0[i];
		if (!all) {
			bool any = false;
			for (unsigned o = EMU_ORD_NONE + 1; o < EMU_ORD_COUNT; o++)
				any |= open[o];
			if (!any)
				break;
			if (e->ord == EMU_ORD_NONE || !open[e->ord])
				continue;
		}
		for (unsigned c = EMU_CNT_VM; c <= EMU_CNT_LGKM; c++) {
			if (!on[c] || !(e->cnts & (1u << c)))
				continue;  /* not on c, or the field at its maximum: no wait */
			if (emu_waitcnt_covers(e->ord, emu_owed_younger(l, e), n[c]))
				e->cnts &= (uint8_t)~(1u << c);
			else if (e->ord != EMU_ORD_NONE)
				open[e->ord] = false;  /* the rest of its stream is younger */
		}
		if (e->ord != EMU_ORD_NONE && --left[e->ord] == 0)
			open[e->ord] = false;
		if (!e->cnts) {
			e->cnts = 1;  /* owed_settle clears it, after the counts */
			owed_settle(l, e);
			first = first < i ? first : i;
			dead++;
		}
	}
	if (first != UINT32_MAX)
		owed_remove(l, first, dead);
}
