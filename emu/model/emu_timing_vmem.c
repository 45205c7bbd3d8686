/*
 * emu_timing_vmem — the vector memory path of a CU: lanes coalesced into
 * L1 lines -> the CU's TA queue (depth ta_queue, drained at ta_inst +
 * lines x ta_line cycles per instruction; a full queue stalls issue) ->
 * UTCL1 (a miss adds tlb_miss) -> vector L1 -> the L2 of the CU's XCD
 * (emu_timing_l2.h) -> MALL -> DRAM (emu_timing_mem.c). Caches are LRU
 * (emu_timing_cache.c); a hit on a line whose fill is still in flight
 * waits for it. An instruction completes when its last line is back.
 *
 * Cache-policy bits (acc->flags): what each combination does at the L1,
 * the L2 and the MALL is the ISA documents' table, as data with its
 * sources in emu_timing_cpol.c (resolved per GPU in t->cpol); this file
 * carries out the L1 part, emu_timing_l2.h the rest.
 * The L1 is write-through (stores update a present line, never allocate);
 * the L2 and MALL are write-back: dirty lines reach DRAM when evicted.
 *
 *
 * Known simplifications: caches are indexed by GPU VA (= host VA), so set
 * conflicts between two allocations depend on where the host placed them;
 * buffer_wbl2/buffer_invl2 are timed but do not walk the L2.
 */
#include <string.h>

#include "model/emu_timing_l2.h"
#include "model/emu_timing_state.h"

#define EMU_MAX_LINES (2 * EMU_LANES)

/* Whether lane l's address is a[0] + l x span for every lane. Four lanes
 * per step: one 256-bit vector with AVX2, two 128-bit ones without (GCC
 * vector extension). */
typedef uint64_t vmem_v4u64 __attribute__((vector_size(32)));
__attribute__((target_clones("avx2", "default")))
static bool lanes_affine(const uint64_t *a, uint64_t span)
{
	const uint64_t a0 = a[0];
	vmem_v4u64 e = { a0, a0 + span, a0 + 2 * span, a0 + 3 * span }, d = { 0 };
	const vmem_v4u64 step = { 4 * span, 4 * span, 4 * span, 4 * span };
#pragma GCC unroll 16
	for (unsigned l = 0; l < EMU_LANES; l += 4) {
		vmem_v4u64 v;
		memcpy(&v, &a[l], sizeof(v));
		d |= v - e;
		e += step;
	}
	return !(d[0] | d[1] | d[2] | d[3]);
}

/* The distinct L1 lines (address >> shift) an access touches, ascending;
 * *run tells that they are consecutive (out[i] = out[0] + i). */
static unsigned coalesce(const struct emu_access *acc, unsigned shift, uint64_t *out, bool *run)
{
	unsigned span = acc->bytes ? acc->bytes : 4;
	const uint64_t *a = acc->addr;
	uint64_t m = acc->mask;
	unsigned n = 0;
	*run = false;
	if (m == ~0ull) {
		/* Every lane at a[0] + lane x span: the layout of a coalesced
		 * access, whose lines are one range. */
		uint64_t a0 = a[0];
		if (lanes_affine(a, span)) {
			uint64_t first = a0 >> shift, last = (a0 + (uint64_t)EMU_LANES * span - 1) >> shift;
			for (uint64_t x = first; x <= last && n < EMU_MAX_LINES; x++)
				out[n++] = x;
			*run = true;
			return n;
		}
	}
	bool sorted = true;
	while (m && n + 2 <= EMU_MAX_LINES) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		m &= m - 1;
		uint64_t first = a[l] >> shift, last = (a[l] + span - 1) >> shift;
		if (!n || out[n - 1] != first) {
			sorted &= !n || first > out[n - 1];
			out[n++] = first;
		}
		if (last != first)  /* a lane straddles two lines (span <= 16 < line) */
			out[n++] = last;
	}
	if (sorted)
		return n;
	for (unsigned i = 1; i < n; i++) {  /* insertion sort, then unique */
		uint64_t v = out[i];
		unsigned j = i;
		while (j && out[j - 1] > v) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = v;
	}
	unsigned u = 0;
	for (unsigned i = 0; i < n; i++)
		if (!u || out[u - 1] != out[i])
			out[u++] = out[i];
	return u;
}

/* Enter the CU's TA queue (stalling issue while it is full) and return the
 * cycle the TA/TD has handled the instruction: ta_inst_cycles for its
 * addresses, then per L1 line either the hit path's rate (l1_hit_qcycles:
 * the cache RAM and TD returning a line) or the miss path's
 * (ta_line_qcycles: a request and its data through the L1's interface to
 * the L2; stores and atomics take it too). */
static uint64_t ta_pass(struct emu_timing *t, struct emu_timing_cu *cs, struct emu_wave *w, unsigned hits,
                        unsigned misses)
{
	const struct emu_model_params *mp = t->mp;
	uint32_t q = mp->ta_queue < EMU_TA_MAX ? mp->ta_queue : EMU_TA_MAX;
	if (q && cs->ta_n >= q) {
		uint64_t oldest = cs->ta_ring[(cs->ta_n - q) % EMU_TA_MAX];
		if (oldest > w->cycle) {
			emu_timing_stall(t, w, oldest - w->cycle, GCNLAB_STALL_VMEM_QUEUE);
			w->cycle = oldest;
		}
	}
	uint32_t hq = mp->l1_hit_qcycles ? mp->l1_hit_qcycles : mp->ta_line_qcycles;
	uint32_t service = mp->ta_inst_cycles + (hits * hq + misses * mp->ta_line_qcycles + 3) / 4;
	uint64_t start = w->cycle > cs->ta_free ? w->cycle : cs->ta_free;
	cs->ta_free = start + service;
	cs->ta_ring[cs->ta_n % EMU_TA_MAX] = cs->ta_free;
	cs->ta_n++;
	return cs->ta_free;
}

/* UTCL1: cycles added by translation misses of the instruction's pages,
 * each distinct page once in ascending order (the lines ascend; a run of
 * lines covers every page from its first line's to its last's). */
static uint32_t translate(struct emu_timing *t, uint32_t cu, const uint64_t *lines, unsigned n, bool run,
                          unsigned line_shift)
{
	const struct emu_model_params *mp = t->mp;
	unsigned shift = mp->tlb_page_shift > line_shift ? mp->tlb_page_shift - line_shift : 0;
	uint64_t prev = UINT64_MAX;
	uint32_t extra = 0;
	uint64_t p0 = lines[0] >> shift;
	unsigned steps = run ? (unsigned)((lines[n - 1] >> shift) - p0 + 1) : n;
	for (unsigned i = 0; i < steps; i++) {
		uint64_t page = run ? p0 + i : lines[i] >> shift;
		if (page == prev)
			continue;
		prev = page;
		if (!emu_cache_access(&t->tlb[cu], page, EMU_CACHE_ALLOC, NULL, NULL)) {
			emu_timing_cnt(t)[EMU_CNT_TCP_UTCL1_MISS]++;
			extra = mp->tlb_miss;  /* misses of one instruction overlap */
		}
	}
	return extra;
}

/* Cache-maintenance VMEM instructions (no lanes): buffer_wbinvl1[_vol]
 * invalidates the CU's vector L1 (gfx900/gfx90a); gfx942's buffer_inv does
 * so when sc1 is set (CDNA3 ISA "Memory Scope and Temporal Control",
 * table BUFFER_INV: SC1 SC0 = 0 0 NOP, 0 1 only in TG-split mode, which
 * the emulator does not run; 1 x "Invalidate cache"). Its L2 column
 * ("invalidate non-coherently cached lines") and buffer_wbl2/invl2 are
 * timed but do not walk the L2: the model keeps no coherence state. */
static void vmem_maintenance(struct emu_timing *t, uint32_t cu, const struct emu_inst *in)
{
	const char *m = in && in->op ? in->op->mnemonic : NULL;
	if (m && (strncmp(m, "buffer_wbinvl1", 14) == 0 || (strcmp(m, "buffer_inv") == 0 && (in->flags & EMU_F_SC1))))
		emu_cache_invalidate(&t->l1[cu]);
}

/* A view in a window reads the MALL sets of its L2 misses from its
 * overlay's copies (emu_timing_ovl.c): those of the L1 misses, asked before
 * the L2 lookups as the sets themselves are. Out of line: off the path of
 * a dispatch of one domain. */
static __attribute__((noinline)) void prefetch_ovl(struct emu_timing *t, const uint64_t *lines, unsigned n,
                                                   const uint64_t *hit, unsigned line_shift)
{
	if (!t->mall.sets)
		return;
	for (unsigned i = 0; i < n; i++)
		if (!(hit[i / 64] >> (i % 64) & 1))
			emu_timing_ovl_prefetch(t->ovl, &t->mall, (lines[i] << line_shift) >> t->mall.line_shift);
}

uint64_t emu_timing_vmem(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                         const struct emu_access *acc)
{
	const struct emu_model_params *mp = t->mp;
	uint64_t *cnt = emu_timing_cnt(t);
	uint32_t cu = emu_timing_cu_index(t, w);
	struct emu_timing_cu *cs = &t->cu[cu];
	struct emu_cache *l1 = &t->l1[cu];
	uint64_t lines[EMU_MAX_LINES];
	bool run = false;
	unsigned n = acc->addr ? coalesce(acc, l1->line_shift, lines, &run) : 0;

	if (!n) {
		uint64_t dep = ta_pass(t, cs, w, 0, 0);
		vmem_maintenance(t, cu, in);
		return dep + mp->l1_hit;
	}

	/* The access's row of the ISA's cache-policy table (emu_timing_cpol.c,
	 * resolved per GPU in t->vpol). */
	enum emu_cpol_op op = acc->atomic ? EMU_CPOL_ATOMIC : acc->store ? EMU_CPOL_STORE : EMU_CPOL_LOAD;
	const struct emu_timing_vpol p = t->vpol[op][acc->flags & (EMU_CPOL_COMBOS - 1)];
	unsigned how = p.how;
	bool load = op == EMU_CPOL_LOAD;
	/* The L1 lookups, in line order, as the policy says; only a load's
	 * "Hit LRU" is served by the L1 (stores are written through, atomics
	 * done at the L2 or beyond). Bit i of hit: lines[i] is served. */
	unsigned f = p.l1_flags;
	bool l1_fills = load && p.l1 == EMU_CPOL_L1_HIT_LRU;  /* served by and filling the L1 */
	uint64_t hit[EMU_MAX_LINES / 64] = { 0 };
	if (p.l1 != EMU_CPOL_L1_NONE && run && n <= 64) {
		hit[0] = emu_cache_access_run(l1, lines[0], n, f, NULL, NULL);
	} else if (p.l1 != EMU_CPOL_L1_NONE) {
		for (unsigned i = 0; i < n; i++)
			hit[i / 64] |= (uint64_t)emu_cache_access(l1, lines[i], f, NULL, NULL) << (i % 64);
	}
	if (!l1_fills)
		memset(hit, 0, sizeof(hit));
	unsigned nh = 0;
	for (unsigned k = 0; k < EMU_MAX_LINES / 64; k++)
		nh += emu_cache_count(hit[k]);
	/* The TA/TD pass knows which lines hit: the tag lookups above change
	 * only the L1's state, which nothing before the pass reads. */
	uint64_t dep = ta_pass(t, cs, w, nh, n - nh);
	dep += translate(t, cu, lines, n, run, l1->line_shift);
	uint64_t at_l1 = dep + mp->l1_hit;  /* data back for an L1 hit */
	uint64_t done = at_l1;
	if (acc->atomic)
		cnt[(acc->flags & EMU_F_GLC) ? EMU_CNT_TCP_TCC_ATOMIC_WITH_RET_REQ :
		                               EMU_CNT_TCP_TCC_ATOMIC_WITHOUT_RET_REQ] += n;
	else
		cnt[EMU_CNT_TCP_TOTAL_CACHE_ACCESSES] += n;
	if (acc->store && !acc->atomic)  /* atomics have their own TCP_TCC_ATOMIC_* */
		cnt[EMU_CNT_TCP_TCC_WRITE_REQ] += n;
	unsigned nm = n;
	for (unsigned k = 0; k < EMU_MAX_LINES / 64; k++) {
		for (uint64_t b = hit[k]; b; b &= b - 1) {
			uint64_t line = lines[k * 64 + (unsigned)__builtin_ctzll(b)];
			uint64_t ready = emu_cache_fill_ready(l1, line, at_l1);
			uint64_t r = at_l1 > ready ? at_l1 : ready;
			done = r > done ? r : done;
			nm--;
		}
	}
	if (load) {
		cnt[EMU_CNT_TCP_HIT] += n - nm;
		cnt[EMU_CNT_TCP_MISS] += nm;
		cnt[EMU_CNT_TCP_TCC_READ_REQ] += nm;
	}
	if (!nm)
		return done;
	/* The misses go on to the L2, in line order. */
	struct emu_cache *l2 = emu_timing_l2_of(t, cu);
	for (unsigned i = 0; i < n; i++) {
		if (hit[i / 64] >> (i % 64) & 1)
			continue;
		uint64_t addr = lines[i] << l1->line_shift;
		emu_cache_prefetch(l2, addr >> l2->line_shift);
		emu_cache_prefetch(&t->mall, addr >> t->mall.line_shift);
	}
	if (__builtin_expect(t->ovl != NULL, 0))
		prefetch_ovl(t, lines, n, hit, l1->line_shift);
	how |= acc->atomic ? EMU_L2_ATOMIC : acc->store ? EMU_L2_WRITE : 0;
	/* Misses that are one run of L2 lines (consecutive lines of the same
	 * size): their lookups as one run walk, then each line's write-back
	 * and memory read in line order, as emu_timing_l2_line would do them (the L2's
	 * lookups touch nothing the memory side reads, and the memory side
	 * never touches the L2's tags). */
	uint64_t m = ~hit[0] & (n < 64 ? (1ull << n) - 1 : ~0ull);
	unsigned m0 = m ? (unsigned)__builtin_ctzll(m) : 0;
	if (run && n <= 64 && ((m >> m0) & ((m >> m0) + 1)) == 0 && l2->line_shift == l1->line_shift &&
	    !emu_timing_l2_bypassed(how)) {
		uint64_t wb, victim[64], ready[64];
		uint64_t l2hit = emu_cache_access_run(l2, lines[m0], nm, emu_timing_l2_flags(how), &wb, victim);
		emu_timing_l2_run_after(t, l2, lines[m0], nm, at_l1 + mp->l2_hit, how, l2hit, wb, victim, ready);
		for (unsigned i = 0; i < nm; i++) {
			if (l1_fills)
				emu_cache_fill_note(l1, lines[m0 + i], at_l1, ready[i]);
			done = ready[i] > done ? ready[i] : done;
		}
		return done;
	}
	for (unsigned i = 0; i < n; i++) {
		if (hit[i / 64] >> (i % 64) & 1)
			continue;
		uint64_t r = emu_timing_l2_line(t, l2, lines[i] << l1->line_shift, at_l1, how);
		if (l1_fills)
			emu_cache_fill_note(l1, lines[i], at_l1, r);
		done = r > done ? r : done;
	}
	return done;
}
