/*
 * emu_timing_l2 — the L2 of each XCD (one on gfx900/gfx90a): write-back,
 * true LRU, 16 ways; misses go on to the memory side (emu_timing_mem.h).
 * The per-line steps are inline here because the vector path runs them
 * in its loop over an instruction's misses (emu_timing_vmem.c); the
 * scalar cache and instruction fetch call emu_timing_l2.
 */
#ifndef EMU_TIMING_L2_H
#define EMU_TIMING_L2_H

#include <stdbool.h>
#include <stdint.h>

#include "model/emu_timing_mem.h"
#include "model/emu_timing_ovl.h"
#include "model/emu_timing_state.h"

/* How a request uses the L2, from the ISA's policy table
 * (emu_timing_cpol.h): BYPASS ("Coherent Cache Bypass": memory is the
 * point of coherence; an atomic is done there), STREAM ("Hit Stream": LRU
 * fill), LLC_EVICT (the last-level cache's "Hit Evict": a hit line is
 * evicted, a miss fills nothing), WRITE (a byte-masked write: allocated
 * without a fill), ATOMIC. */
enum { EMU_L2_BYPASS = 1u << 0, EMU_L2_STREAM = 1u << 1, EMU_L2_WRITE = 1u << 2,
       EMU_L2_ATOMIC = 1u << 3, EMU_L2_LLC_EVICT = 1u << 4 };

/* Beyond-L1 path shared by vector misses, scalar misses and instruction
 * fetch: the L2 of `cu` (and MALL, DRAM) for the L2 line holding byte
 * address `addr`, arriving at the L2 at `arrive`. Returns the cycle the
 * data is back at the L2's requester (L2 hit latency included). */
uint64_t emu_timing_l2(struct emu_timing *t, uint32_t cu, uint64_t addr, uint64_t arrive, unsigned how);
/* A cache action at `at`: every dirty L2 line goes to memory (the MALL on
 * gfx942), and with `invalidate` every L2 is emptied; counted nowhere.
 * Returns the cycle the last line is through (at if none). */
uint64_t emu_timing_l2_flush(struct emu_timing *t, uint64_t at, bool invalidate);

static inline struct emu_cache *emu_timing_l2_of(struct emu_timing *t, uint32_t cu)
{
	return &t->l2[t->n_l2 > 1 ? (cu / t->cus_per_xcd) % t->n_l2 : 0];
}

static inline unsigned emu_timing_l2_flags(unsigned how)
{
	return EMU_CACHE_ALLOC | ((how & EMU_L2_STREAM) ? EMU_CACHE_NT : 0) |
	       ((how & (EMU_L2_WRITE | EMU_L2_ATOMIC)) ? EMU_CACHE_DIRTY : 0);
}

static inline bool emu_timing_l2_bypassed(unsigned how)
{
	return (how & EMU_L2_BYPASS) != 0;
}

/* The channel step of a request for L2 line `line` of L2 `l2`, whose data
 * would be back at t2 (arrival + l2_hit): each L2 has l2ch_n channels
 * that work independently, each moving l2_channel_bytes per cycle
 * (rocprofiler-compute "L2 cache (TCC)": the L2 is "composed of a number
 * of distinct channels", requests mapped to them by "a hashing mechanism
 * that attempts to evenly distribute requests"; here the line number
 * folded onto itself, XOR, modulo the power-of-two count). A request
 * waits for the earlier transfers of its channel; on an idle channel it
 * costs nothing beyond l2_hit, so latencies are those of the chase. */
static inline uint64_t emu_timing_l2_channel(struct emu_timing *t, const struct emu_cache *l2, uint64_t line,
                                             uint64_t t2)
{
	if (!t->l2ch_n)
		return t2;
	uint32_t n = t->l2ch_n, sh = t->l2ch_shift;
	uint32_t c = (uint32_t)(line ^ (line >> sh) ^ (line >> (2 * sh))) & (n - 1);
	struct emu_bw *b = &t->l2ch[(size_t)(l2 - t->root->l2) * n + c];
	uint64_t arrive = t2 - t->mp->l2_hit;
	uint64_t r = emu_bw_line_inline(b, arrive) - emu_bw_xfer(b) + t->mp->l2_hit;
	return r > t2 ? r : t2;
}

/* EA (fabric) requests for one L2 line: rocprofv3's TCC_EA0_RDREQ /
 * TCC_EA0_WRREQ (TCC_EA_* before gfx940) count 32- or 64-byte requests
 * (counter_defs.yaml); a whole line goes as 64-byte ones. */
static inline uint64_t emu_timing_l2_ea_reqs(const struct emu_cache *l2)
{
	return l2->line_shift > 6 ? 1ull << (l2->line_shift - 6) : 1;
}

/* The L2 past its lookup of addr's line (hit; dirty: it evicted the dirty
 * line `victim`), asked at t2 (arrival + L2 hit latency): the write-back,
 * then the hit's ready cycle or the miss's read from memory. */
static inline __attribute__((always_inline)) uint64_t
emu_timing_l2_after(struct emu_timing *t, struct emu_cache *l2, uint64_t addr, uint64_t t2, unsigned how, bool hit,
                    bool dirty, uint64_t victim)
{
	uint64_t *cnt = emu_timing_cnt(t);
	uint64_t line = addr >> l2->line_shift;
	cnt[EMU_CNT_TCC_REQ]++;
	t2 = emu_timing_l2_channel(t, l2, line, t2);
	if (dirty) {
		cnt[EMU_CNT_TCC_EA_WRREQ] += emu_timing_l2_ea_reqs(l2);
		emu_timing_mem_l2_writeback(t, victim << l2->line_shift, t2);
	}
	if (hit) {
		cnt[EMU_CNT_TCC_HIT]++;
		uint64_t ready = emu_cache_fill_ready(l2, line, t2);
		return t2 > ready ? t2 : ready;
	}
	cnt[EMU_CNT_TCC_MISS]++;
	if (how & EMU_L2_WRITE)
		return t2;  /* byte-masked write: allocated without a fill */
	cnt[EMU_CNT_TCC_EA_RDREQ] += emu_timing_l2_ea_reqs(l2);
	uint64_t r = emu_timing_mem_read(t, addr, t2, (how & EMU_L2_LLC_EVICT) != 0);
	emu_cache_fill_note(l2, line, t2, r);
	return r;
}

/* emu_timing_l2_after for n (<= 64) consecutive L2 lines from `first`, all
 * asked at t2, whose lookups were one emu_cache_access_run (bit i of hits:
 * line first + i hit; of wb: it evicted the dirty line victim[i]): the same
 * steps line by line in order, ready[i] getting line i's result. The
 * counters are added once for the run (they are sums nothing in the steps
 * reads) and the channels of this L2 are found once, so the loop keeps no
 * per-line reloads of the model's state. */
static inline void emu_timing_l2_run_after(struct emu_timing *t, struct emu_cache *l2, uint64_t first, unsigned n,
                                           uint64_t t2, unsigned how, uint64_t hits, uint64_t wb,
                                           const uint64_t *victim, uint64_t *ready)
{
	uint64_t *cnt = emu_timing_cnt(t);
	const uint64_t all = n < 64 ? (1ull << n) - 1 : ~0ull, ea = emu_timing_l2_ea_reqs(l2);
	const unsigned nhit = emu_cache_count(hits & all);
	const bool write = (how & EMU_L2_WRITE) != 0, evict = (how & EMU_L2_LLC_EVICT) != 0;
	const uint32_t line_shift = l2->line_shift;
	cnt[EMU_CNT_TCC_REQ] += n;
	cnt[EMU_CNT_TCC_HIT] += nhit;
	cnt[EMU_CNT_TCC_MISS] += n - nhit;
	cnt[EMU_CNT_TCC_EA_WRREQ] += ea * emu_cache_count(wb & all);
	if (!write)
		cnt[EMU_CNT_TCC_EA_RDREQ] += ea * (n - nhit);
	/* emu_timing_l2_channel's steps with this L2's channels and the
	 * arrival (t2 - l2_hit) hoisted */
	const uint32_t nch = t->l2ch_n, sh = t->l2ch_shift;
	const uint64_t l2_hit = t->mp->l2_hit, arrive = t2 - l2_hit;
	struct emu_bw *ch = nch ? &t->l2ch[(size_t)(l2 - t->root->l2) * nch] : NULL;
	if (wb && t->ovl && t->root->mall.sets) {
		/* A view in a window: its overlay's tables for the MALL lookups
		 * of the write-backs below (the misses' were asked before the L2
		 * lookups, emu_timing_vmem). */
		const struct emu_cache *mall = &t->root->mall;
		for (uint64_t b = wb & all; b; b &= b - 1)
			emu_timing_ovl_prefetch(t->ovl, mall,
			                        (victim[__builtin_ctzll(b)] << line_shift) >> mall->line_shift);
	}
	for (unsigned i = 0; i < n; i++) {
		uint64_t line = first + i, at = t2;
		if (ch) {
			struct emu_bw *b = &ch[(uint32_t)(line ^ (line >> sh) ^ (line >> (2 * sh))) & (nch - 1)];
			uint64_t r = emu_bw_line_inline(b, arrive) - emu_bw_xfer(b) + l2_hit;
			at = r > t2 ? r : t2;
		}
		if (wb >> i & 1)
			emu_timing_mem_l2_writeback(t, victim[i] << line_shift, at);
		if (hits >> i & 1) {
			uint64_t f = emu_cache_fill_ready(l2, line, at);
			ready[i] = at > f ? at : f;
		} else if (write) {
			ready[i] = at;  /* byte-masked write: allocated without a fill */
		} else {
			uint64_t r = emu_timing_mem_read(t, line << line_shift, at, evict);
			emu_cache_fill_note(l2, line, at, r);
			ready[i] = r;
		}
	}
}

/* A request that bypasses the L2 ("Coherent Cache Bypass", how has
 * EMU_L2_BYPASS), asked at t2 (arrival + L2 hit latency): out of line,
 * since only policy bits lead here (emu_timing_l2.c). */
uint64_t emu_timing_l2_bypass(struct emu_timing *t, struct emu_cache *l2, uint64_t addr, uint64_t t2, unsigned how);

/* emu_timing_l2 on the L2 `l2` (emu_timing_l2_of the CU). */
static inline __attribute__((always_inline)) uint64_t
emu_timing_l2_line(struct emu_timing *t, struct emu_cache *l2, uint64_t addr, uint64_t arrive, unsigned how)
{
	uint64_t t2 = arrive + t->mp->l2_hit;
	if (emu_timing_l2_bypassed(how))
		return emu_timing_l2_bypass(t, l2, addr, t2, how);
	/* Set by a miss only; gcc -O2 with the sanitizers cannot see that. */
	uint64_t victim = 0;
	bool dirty = false;
	bool hit = emu_cache_access(l2, addr >> l2->line_shift, emu_timing_l2_flags(how), &victim, &dirty);
	return emu_timing_l2_after(t, l2, addr, t2, how, hit, dirty, victim);
}

#endif
