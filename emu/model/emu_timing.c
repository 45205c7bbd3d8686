/*
 * emu_timing — the cycle model: how long each instruction holds its wave,
 * and when each memory access completes. Numbers: emu_profile.c;
 * shared state: emu_timing_private.h. One section per mechanism below:
 *
 *   1. Clocks     memory-side latencies are ns at the default MCLK, scaled by
 *                 MCLK and converted to shader cycles; DRAM bytes per shader
 *                 cycle from bus width x transfers x MCLK.
 *   2. Issue      per-class cadence; VALU competes for its SIMD
 *                 (its issue port, emu_timing_cu.simd_free); MFMA occupies the SIMD's matrix
 *                 core for its published passes x 4 cycles
 *                 (emu_timing_mfma.c; FLOPs / rate for anything unlisted).
 *   3. Vector memory
 *                 lanes coalesced into L1 lines -> per-CU TA queue (depth
 *                 ta_queue, drained at ta_inst + lines x ta_line cycles per
 *                 instruction; a full queue stalls issue) -> UTCL1 (a miss
 *                 adds tlb_miss) -> L1 -> L2 of the CU's XCD -> MALL -> DRAM.
 *                 Caches are LRU (emu_timing_cache.c); a hit on a line whose
 *                 fill is still in flight waits for it; DRAM and MALL are
 *                 bandwidth-limited (emu_timing_hbm.c). An instruction
 *                 completes when its last line is back.
 *   4. Scalar memory  scalar cache shared by sqc.shared_by CUs -> L2.
 *   5. LDS        emu_timing_lds.c.   6. Instruction fetch  emu_timing_icache.c.
 *
 * Cache-policy bits (acc->flags), from LLVM's SIMemoryLegalizer (which bits
 * it sets for each scope, SIGfx90ACacheControl / SIGfx940CacheControl) and
 * the GFX9/CDNA ISA guides:
 *
 *   arch          bit            loads                          stores
 *   gfx900/90a    glc            miss L1 (agent/system scope:   write-through anyway
 *                                "MISS_LRU")
 *   gfx900/90a    slc            stream: fill at LRU in L1, L2  stream in L2
 *   gfx90a        scc (SC1)      no timing effect ("there is no L2 cache bypass
 *                                policy at the ISA level"; LLVM sets it on
 *                                system-scope atomics only)
 *   gfx942        sc0 only       workgroup scope: L1 usable (bypassed only in
 *                                tgsplit mode, which the emulator does not run)
 *   gfx942        sc1 only       agent scope: miss L1           write-through anyway
 *   gfx942        sc0+sc1        system scope: miss L1 and L2   write through L2 to memory
 *   gfx942        nt             non-temporal: stream (LRU fill) in L1, L2, MALL
 * Atomics are performed at the L2 whatever the bits (sc0/glc selects return).
 * The L1 is write-through (stores update a present line, never allocate);
 * the L2 and MALL are write-back: dirty lines reach DRAM when evicted.
 *
 * Known simplifications (candidates for the next step):
 *  - A conflicted LDS access returns no sooner than lds_conflict_cycles
 *    after reaching the banks (emu_timing_lds.c), one depth for every
 *    conflict degree: 000_106faad81daed8dd.txt's 120/119 at 4-way/full conflict.
 *  - ds_read2/write2 are timed as one access of both elements' width at the
 *    first element's address (the core passes one address per lane).
 *  - L2 hit bandwidth is not limited (the per-CU TA rate bounds it); SALU,
 *    SMEM and branch issue have no contention or taken-branch penalty.
 *  - buffer_wbl2/buffer_invl2 are timed but do not walk the L2.
 *  - Instruction prefetch is sequential, ifetch_ahead_lines past the line a
 *    wave requests, within the kernel's code (emu_timing_icache.c).
 *  - Caches are indexed by GPU VA (= host VA), so set conflicts between two
 *    allocations depend on where the host placed them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/emu_optab.h"
#include "model/emu_timing_private.h"

/* Counter names. A name without the GCNLAB_ prefix is rocprofv3's and
 * counts what rocprofv3 counts there, in the same unit (rocprofiler-sdk
 * source/share/rocprofiler-sdk/counter_defs.yaml; the names and targets
 * are kept in tests/data/rocprofv3_counters.txt). Quantities the hardware
 * has no counter for carry GCNLAB_. */
const char *const emu_counter_names[EMU_COUNTER_COUNT] = {
	[EMU_CNT_SQ_WAVES] = "SQ_WAVES",
	[EMU_CNT_SQ_INSTS_VALU] = "SQ_INSTS_VALU",
	[EMU_CNT_SQ_INSTS_SALU] = "SQ_INSTS_SALU",
	[EMU_CNT_SQ_INSTS_SMEM] = "SQ_INSTS_SMEM",
	[EMU_CNT_SQ_INSTS_VMEM_RD] = "SQ_INSTS_VMEM_RD",
	[EMU_CNT_SQ_INSTS_VMEM_WR] = "SQ_INSTS_VMEM_WR",
	[EMU_CNT_SQ_INSTS_LDS] = "SQ_INSTS_LDS",
	[EMU_CNT_SQ_INSTS_BRANCH] = "SQ_INSTS_BRANCH",
	[EMU_CNT_SQ_INSTS_MFMA] = "SQ_INSTS_MFMA",
	/* rocprofv3 has no "other instructions" counter */
	[EMU_CNT_SQ_INSTS_OTHER] = "GCNLAB_INSTS_OTHER",
	[EMU_CNT_SQ_INSTS_TOTAL] = "SQ_INSTS",
	/* Cycles (not rocprofv3's quad-cycles of SQ_WAIT_INST_ANY, which count
	 * waiting to issue for any reason) a wave spent in s_waitcnt. */
	[EMU_CNT_SQ_WAIT_INST_ANY] = "GCNLAB_WAITCNT_CYCLES",
	[EMU_CNT_SQ_LDS_IDX_ACTIVE] = "SQ_LDS_IDX_ACTIVE",
	[EMU_CNT_SQ_LDS_BANK_CONFLICT] = "SQ_LDS_BANK_CONFLICT",
	/* rocprofv3's TCP counters are per request type (TCP_TOTAL_CACHE_ACCESSES,
	 * TCP_TCC_READ_REQ, ...); gcnlab counts line lookups of loads. */
	[EMU_CNT_TCP_HIT] = "GCNLAB_TCP_HIT",
	[EMU_CNT_TCP_MISS] = "GCNLAB_TCP_MISS",
	[EMU_CNT_SQC_DCACHE_HIT] = "SQC_DCACHE_HITS",
	[EMU_CNT_SQC_DCACHE_MISS] = "SQC_DCACHE_MISSES",
	[EMU_CNT_SQC_ICACHE_HIT] = "SQC_ICACHE_HITS",
	[EMU_CNT_SQC_ICACHE_MISS] = "SQC_ICACHE_MISSES",
	[EMU_CNT_TCC_HIT] = "TCC_HIT",
	[EMU_CNT_TCC_MISS] = "TCC_MISS",
	/* MALL and DRAM traffic have no rocprofv3 counter of these names. */
	[EMU_CNT_MALL_HIT] = "GCNLAB_MALL_HIT",
	[EMU_CNT_MALL_MISS] = "GCNLAB_MALL_MISS",
	[EMU_CNT_HBM_READ_BYTES] = "GCNLAB_HBM_READ_BYTES",
	[EMU_CNT_HBM_WRITE_BYTES] = "GCNLAB_HBM_WRITE_BYTES",
	[EMU_CNT_CUS_USED] = "GCNLAB_CUS_USED",
	[EMU_CNT_BUSY_CYCLES] = "GRBM_GUI_ACTIVE",
	[EMU_CNT_TCP_UTCL1_MISS] = "TCP_UTCL1_TRANSLATION_MISS",
	[EMU_CNT_SQ_VALU_MFMA_BUSY_CYCLES] = "SQ_VALU_MFMA_BUSY_CYCLES",
	[EMU_CNT_HAZARD_WAITSTATES] = "GCNLAB_HAZARD_WAITSTATES",
	[EMU_CNT_HAZARD_WAITCNT] = "GCNLAB_HAZARD_WAITCNT",
};

/* Counters counter_defs.yaml defines for gfx90a and gfx942 but not for
 * gfx900: on gfx900 they are emulator quantities, reported as
 * GCNLAB_<name>. */
static const bool not_on_gfx900[EMU_COUNTER_COUNT] = {
	[EMU_CNT_SQ_INSTS_BRANCH] = true,
	[EMU_CNT_SQ_INSTS_MFMA] = true,
	[EMU_CNT_SQ_INSTS_TOTAL] = true,
	[EMU_CNT_SQ_LDS_IDX_ACTIVE] = true,
	[EMU_CNT_SQC_DCACHE_HIT] = true,
	[EMU_CNT_SQC_DCACHE_MISS] = true,
	[EMU_CNT_SQC_ICACHE_HIT] = true,
	[EMU_CNT_SQC_ICACHE_MISS] = true,
	[EMU_CNT_TCP_UTCL1_MISS] = true,
	[EMU_CNT_SQ_VALU_MFMA_BUSY_CYCLES] = true,
};

void emu_counter_name(const struct emu_profile *prof, unsigned i, char *buf, size_t len)
{
	const char *name = i < EMU_COUNTER_COUNT ? emu_counter_names[i] : "";
	bool gcnlab = !gcn_has(prof->tgt, GCN_F_SQ_COUNTERS) && i < EMU_COUNTER_COUNT && not_on_gfx900[i];

	snprintf(buf, len, "%s%s", gcnlab ? "GCNLAB_" : "", name);
}

/* ---- 1. clocks and lifetime ---- */

/* In-flight fill table sizes (entries): enough for the misses a level can
 * have outstanding; a collision only forgets an old fill. */
enum { FILLS_L1 = 64, FILLS_SQC = 16, FILLS_IC = 16, FILLS_L2 = 4096, FILLS_MALL = 16384 };

static uint32_t ns10_to_cycles(uint32_t ns10, uint32_t mclk_def, uint32_t mclk, uint32_t sclk)
{
	/* ns at the default MCLK, x mclk_def / mclk, x sclk cycles per us */
	uint64_t num = (uint64_t)ns10 * mclk_def * sclk;
	uint64_t den = (uint64_t)mclk * 10000u;
	return (uint32_t)((num + den / 2) / den);
}

static bool caches_init(struct emu_cache **arr, uint32_t n, const struct emu_cache_geom *g,
                        uint32_t fills)
{
	*arr = calloc(n ? n : 1, sizeof(**arr));
	if (!*arr)
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (!emu_cache_init(&(*arr)[i], g->bytes, g->line, g->ways, fills))
			return false;
	return true;
}

static void caches_fini(struct emu_cache *arr, uint32_t n)
{
	if (!arr)
		return;
	for (uint32_t i = 0; i < n; i++)
		emu_cache_fini(&arr[i]);
	free(arr);
}

struct emu_timing *emu_timing_create(const struct emu_profile *prof, uint32_t sclk_mhz, uint32_t mclk_mhz)
{
	struct emu_timing *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->prof = prof;
	t->mp = &prof->model;
	t->cnt = t->counters_none;
	const struct emu_model_params *mp = t->mp;
	t->sclk_mhz = sclk_mhz ? sclk_mhz : prof->sclk_mhz;
	t->mclk_mhz = mclk_mhz ? mclk_mhz : prof->mclk_mhz;
	t->num_cu = prof->num_cu ? prof->num_cu : 1;
	uint32_t nx = prof->num_xcd ? prof->num_xcd : 1;
	t->cus_per_xcd = t->num_cu / nx ? t->num_cu / nx : 1;

	t->mall_cycles = ns10_to_cycles(mp->mall_ns10, prof->mclk_mhz, t->mclk_mhz, t->sclk_mhz);
	t->mem_cycles = ns10_to_cycles(mp->mem_ns10, prof->mclk_mhz, t->mclk_mhz, t->sclk_mhz);
	/* bytes per shader cycle = bus bytes x transfers x MCLK / SCLK */
	double dram_bpc = (double)mp->mem_bus_bits / 8.0 * mp->mem_transfers * t->mclk_mhz / t->sclk_mhz *
	                  mp->mem_efficiency_pct / 100.0;
	uint32_t dram_line = mp->mall.bytes ? mp->mall.line : mp->l2.line;
	if (!emu_bw_init(&t->dram, dram_bpc, dram_line) ||
	    !emu_bw_init(&t->mall_bw, (double)mp->mall_bytes_mclk * t->mclk_mhz / t->sclk_mhz, mp->mall.line))
		goto fail;

	t->cu = calloc(t->num_cu, sizeof(*t->cu));
	if (!t->cu)
		goto fail;
	t->n_sqc = (t->num_cu + mp->sqc.shared_by - 1) / mp->sqc.shared_by;
	t->n_ic = (t->num_cu + mp->icache.shared_by - 1) / mp->icache.shared_by;
	t->n_l2 = nx;
	if (!caches_init(&t->l1, t->num_cu, &mp->l1, FILLS_L1) ||
	    !caches_init(&t->sqc, t->n_sqc, &mp->sqc, FILLS_SQC) ||
	    !caches_init(&t->ic, t->n_ic, &mp->icache, FILLS_IC) ||
	    !caches_init(&t->l2, t->n_l2, &mp->l2, FILLS_L2))
		goto fail;
	/* UTCL1: entries of one translation granule each. */
	t->tlb = calloc(t->num_cu, sizeof(*t->tlb));
	if (!t->tlb)
		goto fail;
	for (uint32_t i = 0; i < t->num_cu; i++)
		if (!emu_cache_init(&t->tlb[i], (uint64_t)mp->tlb_entries << mp->tlb_page_shift,
		                    1u << mp->tlb_page_shift, mp->tlb_ways, 0))
			goto fail;
	if (!emu_cache_init(&t->mall, mp->mall.bytes, mp->mall.line, mp->mall.ways, FILLS_MALL))
		goto fail;
	t->ic_epoch = calloc(t->n_ic, sizeof(*t->ic_epoch));
	if (!t->ic_epoch)
		goto fail;
	t->root = t;
	if (!emu_timing_views_create(t))
		goto fail;
	return t;
fail:
	emu_timing_destroy(t);
	return NULL;
}

void emu_timing_destroy(struct emu_timing *t)
{
	if (!t)
		return;
	emu_timing_views_destroy(t);
	caches_fini(t->l1, t->num_cu);
	caches_fini(t->tlb, t->num_cu);
	caches_fini(t->sqc, t->n_sqc);
	caches_fini(t->ic, t->n_ic);
	caches_fini(t->l2, t->n_l2);
	emu_cache_fini(&t->mall);
	emu_bw_fini(&t->dram);
	emu_bw_fini(&t->mall_bw);
	free(t->ic_epoch);
	free(t->cu);
	free(t);
}

void emu_timing_begin(struct emu_timing *t, const struct emu_timing_run *run)
{
	t->cnt = run->counters ? run->counters : t->counters_none;
	t->stall = run->stall;
	t->lds_bytes = run->lds_bytes;
	t->in_dispatch = true;
	for (uint32_t i = 0; i < t->num_cu; i++)
		memset(t->cu[i].simd_free, 0, sizeof(t->cu[i].simd_free));
}

/* ---- 2. issue ---- */

static const uint8_t class_counter[EMU_CLS_COUNT] = {
	[EMU_CLS_SALU] = EMU_CNT_SQ_INSTS_SALU,   [EMU_CLS_SMEM] = EMU_CNT_SQ_INSTS_SMEM,
	[EMU_CLS_BRANCH] = EMU_CNT_SQ_INSTS_BRANCH, [EMU_CLS_WAITCNT] = EMU_CNT_SQ_INSTS_OTHER,
	[EMU_CLS_NOP] = EMU_CNT_SQ_INSTS_OTHER,   [EMU_CLS_MSG] = EMU_CNT_SQ_INSTS_OTHER,
	[EMU_CLS_VALU] = EMU_CNT_SQ_INSTS_VALU,   [EMU_CLS_VALU_DP] = EMU_CNT_SQ_INSTS_VALU,
	[EMU_CLS_VALU_TRANS] = EMU_CNT_SQ_INSTS_VALU, [EMU_CLS_MFMA] = EMU_CNT_SQ_INSTS_MFMA,
	[EMU_CLS_VMEM_LOAD] = EMU_CNT_SQ_INSTS_VMEM_RD, [EMU_CLS_VMEM_STORE] = EMU_CNT_SQ_INSTS_VMEM_WR,
	[EMU_CLS_VMEM_ATOMIC] = EMU_CNT_SQ_INSTS_VMEM_WR, [EMU_CLS_FLAT_LOAD] = EMU_CNT_SQ_INSTS_VMEM_RD,
	[EMU_CLS_FLAT_STORE] = EMU_CNT_SQ_INSTS_VMEM_WR, [EMU_CLS_FLAT_ATOMIC] = EMU_CNT_SQ_INSTS_VMEM_WR,
	[EMU_CLS_DS] = EMU_CNT_SQ_INSTS_LDS,      [EMU_CLS_OTHER] = EMU_CNT_SQ_INSTS_OTHER,
};

/* Matrix-core cycles of one MFMA: its FLOPs (2 x M x N x K per block, half
 * for the 2:4-sparse smfmac) over the SIMD's rate for the input type. The
 * shape comes from the opcode table (emu_optab.h, generated from LLVM's
 * mnemonic); the block count from the destination size: M x N x blocks
 * elements over 64 lanes. */
static uint32_t mfma_cycles(const struct emu_model_params *mp, const struct emu_opdesc *op,
                            const struct emu_mfma_shape *s)
{
	if (!s || !s->m || s->type >= EMU_MFMA_TYPE_COUNT)
		return 64;
	uint32_t rate = mp->mfma_flops[s->type];
	if (s->flags & EMU_MFMA_BF16_HALF)
		rate /= 2;
	if (!rate)
		rate = mp->mfma_flops[EMU_MFMA_F32] ? mp->mfma_flops[EMU_MFMA_F32] : 64;
	uint64_t elems = (uint64_t)op->dst_dw * EMU_LANES / (s->type == EMU_MFMA_F64 ? 2 : 1);
	uint64_t blocks = elems / ((uint64_t)s->m * s->n);
	if (!blocks)
		blocks = 1;
	uint64_t flops = 2ull * s->m * s->n * s->k * blocks;
	if (s->flags & EMU_MFMA_SPARSE)
		flops /= 2;
	uint64_t c = (flops + rate - 1) / rate;
	return (uint32_t)(c < mp->mfma_min_cycles ? mp->mfma_min_cycles : c);
}

static uint32_t mfma_issue(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in)
{
	/* Memo by opcode descriptor: the tables are looked up once. */
	struct emu_mfma_memo *mm = &t->mfma_memo[((uintptr_t)in->op >> 4) & (EMU_MFMA_MEMO - 1)];
	if (mm->op != in->op) {
		mm->op = in->op;
		/* The published pass counts; the FLOP rate only for an
		 * instruction the tables do not list. */
		mm->cycles = emu_timing_mfma_cycles(t->prof->tgt, in->op);
		if (!mm->cycles) {
			const struct emu_opfmt *fmt = emu_inst_fmt(t->prof, in);
			mm->cycles = mfma_cycles(t->mp, in->op, fmt ? &fmt->mfma : NULL);
		}
	}
	struct emu_timing_cu *cs = &t->cu[emu_timing_cu_index(t, w)];
	uint64_t *pipe = &cs->mfma_free[w->simd & 3];
	uint64_t start = w->cycle > *pipe ? w->cycle : *pipe;
	*pipe = start + mm->cycles;
	emu_timing_cnt(t)[EMU_CNT_SQ_VALU_MFMA_BUSY_CYCLES] += mm->cycles;
	return (uint32_t)(start - w->cycle) + t->mp->issue[EMU_CLS_MFMA];
}

uint32_t emu_timing_issue(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in)
{
	unsigned cls = in->op ? in->op->cls : EMU_CLS_OTHER;
	if (cls >= EMU_CLS_COUNT)
		cls = EMU_CLS_OTHER;
	emu_timing_cnt(t)[class_counter[cls]]++;
	uint32_t c = t->mp->issue[cls];
	switch (cls) {
	case EMU_CLS_VALU:
	case EMU_CLS_VALU_DP:
	case EMU_CLS_VALU_TRANS: {
		/* The SIMD is busy for the instruction's cycles; waves sharing it
		 * take turns. */
		if (!t->in_dispatch || w->cu >= t->num_cu)
			return c;
		uint64_t *port = &t->cu[w->cu].simd_free[w->simd & 3];
		uint64_t start = w->cycle > *port ? w->cycle : *port;
		*port = start + c;
		return (uint32_t)(start - w->cycle) + c;
	}
	case EMU_CLS_MFMA:
		return mfma_issue(t, w, in);
	default:
		return c;
	}
}

/* ---- 3. vector memory ---- */

#define EMU_MAX_LINES (2 * EMU_LANES)

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
		/* two lanes per step in a 128-bit vector (GCC vector extension) */
		typedef uint64_t v2u64 __attribute__((vector_size(16)));
		uint64_t a0 = a[0];
		v2u64 e = { a0, a0 + span }, step = { 2ull * span, 2ull * span }, d = { 0, 0 };
#pragma GCC unroll 8
		for (unsigned l = 0; l < EMU_LANES; l += 2) {
			v2u64 v;
			memcpy(&v, &a[l], sizeof(v));
			d |= v - e;
			e += step;
		}
		if (!(d[0] | d[1])) {
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
 * cycle the TA has sent the instruction's `lines` requests. */
static uint64_t ta_pass(struct emu_timing *t, struct emu_timing_cu *cs, struct emu_wave *w, unsigned lines)
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
	uint32_t service = mp->ta_inst_cycles + (lines * mp->ta_line_qcycles + 3) / 4;
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

void emu_timing_dram_write(struct emu_timing *t, uint64_t at)
{
	emu_bw_line(&t->dram, at);
	emu_timing_cnt(t)[EMU_CNT_HBM_WRITE_BYTES] += t->mp->mall.bytes ? t->mp->mall.line : t->mp->l2.line;
}

/* Through a domain's overlay in a window (emu_timing_domain.c), else
 * on the shared state. */
static void dram_write(struct emu_timing *t, uint64_t at)
{
	if (__builtin_expect(t->ovl != NULL, 0))
		emu_timing_ovl_dram_write(t, at);
	else
		emu_timing_dram_write(t, at);
}

/* A dirty L2 line leaves: into the MALL when there is one, else to DRAM. */
void emu_timing_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at)
{
	if (!t->mall.sets) {
		emu_timing_dram_write(t, at);
		return;
	}
	uint64_t victim;
	bool dirty;
	emu_bw_line(&t->mall_bw, at);
	emu_cache_access(&t->mall, addr >> t->mall.line_shift, EMU_CACHE_ALLOC | EMU_CACHE_DIRTY, &victim,
	                 &dirty);
	if (dirty)
		emu_timing_dram_write(t, at);
}

static void l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at)
{
	if (__builtin_expect(t->ovl != NULL, 0))
		emu_timing_ovl_l2_writeback(t, addr, at);
	else
		emu_timing_l2_writeback(t, addr, at);
}

/* ---- system-scope release (the packet processor's cache action) ---- */

struct release_wb {
	struct emu_timing *t;
	uint32_t line_shift;
	uint64_t lines;          /* lines written back */
	uint64_t mall_dirty;     /* dirty lines the MALL evicted for them */
};

static void release_line(void *user, uint64_t line)
{
	struct release_wb *r = user;
	struct emu_timing *t = r->t;

	r->lines++;
	if (t->mall.sets) {
		uint64_t victim;
		bool dirty;
		emu_cache_access(&t->mall, (line << r->line_shift) >> t->mall.line_shift,
		                 EMU_CACHE_ALLOC | EMU_CACHE_DIRTY, &victim, &dirty);
		r->mall_dirty += dirty;
	}
}

uint64_t emu_timing_release_system(struct emu_timing *t, uint64_t at)
{
	struct release_wb r = { .t = t };

	/* the dispatch (if any) has ended: count nowhere */
	t->cnt = t->counters_none;
	t->stall = NULL;
	t->in_dispatch = false;
	for (uint32_t d = 0; t->views && d < t->n_l2; d++) {
		t->views[d]->cnt = t->views[d]->counters_none;
		t->views[d]->stall = NULL;
		t->views[d]->in_dispatch = false;
	}
	if (!t->mp->rel_sys_l2_wb)
		return at;
	for (uint32_t i = 0; i < t->n_l2; i++) {
		r.line_shift = t->l2[i].line_shift;
		emu_cache_clean(&t->l2[i], release_line, &r);
	}
	/* Every line goes into the MALL through its port (without a MALL, to
	 * DRAM), and every dirty line the MALL evicts to DRAM, all asked at
	 * `at`: each server books its lines in the walk's order, the two
	 * independently, so each is booked in one go; the release is done
	 * when the last line of either is. */
	uint64_t done = at;
	uint64_t e1 = emu_bw_lines(t->mall.sets ? &t->mall_bw : &t->dram, at, r.lines);
	uint64_t e2 = t->mall.sets ? emu_bw_lines(&t->dram, at, r.mall_dirty) : 0;
	done = e1 > done ? e1 : done;
	return e2 > done ? e2 : done;
}

uint64_t emu_timing_acquire_mem(struct emu_timing *t, uint64_t at, bool l2, bool icache, bool kcache)
{
	uint64_t done = at;

	if (l2) {
		/* the write-back is a system release's, whatever rel_sys_l2_wb says */
		struct release_wb r = { .t = t };
		t->cnt = t->counters_none;
		t->stall = NULL;
		t->in_dispatch = false;
		for (uint32_t i = 0; i < t->n_l2; i++) {
			r.line_shift = t->l2[i].line_shift;
			emu_cache_clean(&t->l2[i], release_line, &r);
			emu_cache_invalidate(&t->l2[i]);
		}
		uint64_t e1 = emu_bw_lines(t->mall.sets ? &t->mall_bw : &t->dram, at, r.lines);
		uint64_t e2 = t->mall.sets ? emu_bw_lines(&t->dram, at, r.mall_dirty) : 0;
		done = e1 > done ? e1 : done;
		done = e2 > done ? e2 : done;
	}
	for (uint32_t i = 0; icache && i < t->n_ic; i++) {
		emu_cache_invalidate(&t->ic[i]);
		t->ic_epoch[i]++;
	}
	for (uint32_t i = 0; kcache && i < t->n_sqc; i++)
		emu_cache_invalidate(&t->sqc[i]);
	return done;
}

/* Read the line of `addr` from beyond the L2, asked at `at`. */
uint64_t emu_timing_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool stream)
{
	uint64_t *cnt = emu_timing_cnt(t);
	if (!t->mall.sets) {
		cnt[EMU_CNT_HBM_READ_BYTES] += t->mp->l2.line;
		return emu_bw_line(&t->dram, at) + t->mem_cycles;
	}
	uint64_t line = addr >> t->mall.line_shift, victim;
	bool dirty;
	bool hit = emu_cache_access(&t->mall, line, EMU_CACHE_ALLOC | (stream ? EMU_CACHE_NT : 0), &victim,
	                            &dirty);
	if (dirty)
		emu_timing_dram_write(t, at);
	if (hit) {
		cnt[EMU_CNT_MALL_HIT]++;
		uint64_t r = emu_bw_line(&t->mall_bw, at) + t->mall_cycles;
		uint64_t ready = emu_cache_fill_ready(&t->mall, line, at);
		return r > ready ? r : ready;
	}
	cnt[EMU_CNT_MALL_MISS]++;
	cnt[EMU_CNT_HBM_READ_BYTES] += 1ull << t->mall.line_shift;
	uint64_t r = emu_bw_line(&t->dram, at) + t->mem_cycles;
	emu_cache_fill_note(&t->mall, line, at, r);
	return r;
}

static uint64_t mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool stream)
{
	if (__builtin_expect(t->ovl != NULL, 0))
		return emu_timing_ovl_mem_read(t, addr, at, stream);
	return emu_timing_mem_read(t, addr, at, stream);
}

static struct emu_cache *l2_of(struct emu_timing *t, uint32_t cu)
{
	return &t->l2[t->n_l2 > 1 ? (cu / t->cus_per_xcd) % t->n_l2 : 0];
}

static unsigned l2_flags(unsigned how)
{
	return EMU_CACHE_ALLOC | ((how & EMU_L2_STREAM) ? EMU_CACHE_NT : 0) |
	       ((how & (EMU_L2_WRITE | EMU_L2_ATOMIC)) ? EMU_CACHE_DIRTY : 0);
}

/* The L2 past its lookup of addr's line (hit; dirty: it evicted the dirty
 * line `victim`), asked at t2 (arrival + L2 hit latency): the write-back,
 * then the hit's ready cycle or the miss's read from memory. */
static inline __attribute__((always_inline)) uint64_t l2_after(struct emu_timing *t, struct emu_cache *l2,
                                                               uint64_t addr, uint64_t t2, unsigned how,
                                                               bool hit, bool dirty, uint64_t victim)
{
	uint64_t *cnt = emu_timing_cnt(t);
	uint64_t line = addr >> l2->line_shift;
	if (dirty)
		l2_writeback(t, victim << l2->line_shift, t2);
	if (hit) {
		cnt[EMU_CNT_TCC_HIT]++;
		uint64_t ready = emu_cache_fill_ready(l2, line, t2);
		return t2 > ready ? t2 : ready;
	}
	cnt[EMU_CNT_TCC_MISS]++;
	if (how & EMU_L2_WRITE)
		return t2;  /* byte-masked write: allocated without a fill */
	uint64_t r = mem_read(t, addr, t2, how & EMU_L2_STREAM);
	emu_cache_fill_note(l2, line, t2, r);
	return r;
}

static bool l2_bypassed(unsigned how)
{
	return (how & EMU_L2_BYPASS) && !(how & EMU_L2_ATOMIC);
}

/* emu_timing_l2 on the L2 of the CU (l2_of): inlined into the vector
 * path's loop over an instruction's misses. */
static inline __attribute__((always_inline)) uint64_t l2_line(struct emu_timing *t, struct emu_cache *l2,
                                                              uint64_t addr, uint64_t arrive, unsigned how)
{
	uint64_t t2 = arrive + t->mp->l2_hit;
	if (l2_bypassed(how)) {
		/* System scope: memory is the point of coherence. */
		emu_timing_cnt(t)[EMU_CNT_TCC_MISS]++;
		if (how & EMU_L2_WRITE) {
			dram_write(t, t2);
			return t2 + t->mem_cycles;
		}
		return mem_read(t, addr, t2, how & EMU_L2_STREAM);
	}
	/* Set by a miss only; gcc -O2 with the sanitizers cannot see that. */
	uint64_t victim = 0;
	bool dirty = false;
	bool hit = emu_cache_access(l2, addr >> l2->line_shift, l2_flags(how), &victim, &dirty);
	return l2_after(t, l2, addr, t2, how, hit, dirty, victim);
}

uint64_t emu_timing_l2(struct emu_timing *t, uint32_t cu, uint64_t addr, uint64_t arrive, unsigned how)
{
	return l2_line(t, l2_of(t, cu), addr, arrive, how);
}

/* Cache-maintenance VMEM instructions (no lanes): buffer_wbinvl1[_vol] and
 * gfx942's buffer_inv invalidate the CU's vector L1. buffer_wbl2/invl2 are
 * timed but do not walk the L2. */
static void vmem_maintenance(struct emu_timing *t, uint32_t cu, const struct emu_inst *in)
{
	const char *m = in && in->op ? in->op->mnemonic : NULL;
	if (m && (strncmp(m, "buffer_wbinvl1", 14) == 0 || strcmp(m, "buffer_inv") == 0))
		emu_cache_invalidate(&t->l1[cu]);
}

/* The access's cache policy (emu_cpol_decode, isa/emu_isa.h). */
static struct emu_cpol cache_policy(const struct emu_timing *t, const struct emu_access *acc)
{
	return emu_cpol_decode(t->prof->tgt, acc->flags);
}

static uint64_t vmem_access(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
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

	uint64_t dep = ta_pass(t, cs, w, n);
	if (!n) {
		vmem_maintenance(t, cu, in);
		return dep + mp->l1_hit;
	}
	dep += translate(t, cu, lines, n, run, l1->line_shift);

	struct emu_cpol p = cache_policy(t, acc);
	unsigned how = (p.l2_bypass ? EMU_L2_BYPASS : 0) | (p.stream ? EMU_L2_STREAM : 0);
	uint64_t at_l1 = dep + mp->l1_hit;  /* data back for an L1 hit */
	uint64_t done = at_l1;
	bool load = !acc->atomic && !acc->store;
	/* The L1 lookups, in line order: loads allocate; stores are written
	 * through, updating a present line and allocating none; atomics are
	 * performed at the L2. Bit i of hit: lines[i] is served by the L1. */
	unsigned f = load ? EMU_CACHE_ALLOC | (p.stream ? EMU_CACHE_NT : 0) : 0;
	uint64_t hit[EMU_MAX_LINES / 64] = { 0 };
	if (!acc->atomic && run && n <= 64) {
		hit[0] = emu_cache_access_run(l1, lines[0], n, f, NULL, NULL);
	} else if (!acc->atomic) {
		for (unsigned i = 0; i < n; i++)
			hit[i / 64] |= (uint64_t)emu_cache_access(l1, lines[i], f, NULL, NULL) << (i % 64);
	}
	if (!load || p.l1_bypass)
		memset(hit, 0, sizeof(hit));
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
	}
	if (!nm)
		return done;
	/* The misses go on to the L2, in line order. */
	struct emu_cache *l2 = l2_of(t, cu);
	for (unsigned i = 0; i < n; i++) {
		if (hit[i / 64] >> (i % 64) & 1)
			continue;
		uint64_t addr = lines[i] << l1->line_shift;
		emu_cache_prefetch(l2, addr >> l2->line_shift);
		emu_cache_prefetch(&t->mall, addr >> t->mall.line_shift);
	}
	how |= acc->atomic ? EMU_L2_ATOMIC : acc->store ? EMU_L2_WRITE : 0;
	/* Misses that are one run of L2 lines (consecutive lines of the same
	 * size): their lookups as one run walk, then each line's write-back
	 * and memory read in line order, as l2_line would do them (the L2's
	 * lookups touch nothing the memory side reads, and the memory side
	 * never touches the L2's tags). */
	uint64_t m = ~hit[0] & (n < 64 ? (1ull << n) - 1 : ~0ull);
	unsigned m0 = m ? (unsigned)__builtin_ctzll(m) : 0;
	if (run && n <= 64 && ((m >> m0) & ((m >> m0) + 1)) == 0 && l2->line_shift == l1->line_shift &&
	    !l2_bypassed(how)) {
		uint64_t wb, victim[64];
		uint64_t l2hit = emu_cache_access_run(l2, lines[m0], nm, l2_flags(how), &wb, victim);
		uint64_t t2 = at_l1 + mp->l2_hit;
		for (unsigned i = 0; i < nm; i++) {
			uint64_t r = l2_after(t, l2, lines[m0 + i] << l1->line_shift, t2, how, l2hit >> i & 1,
			                      wb >> i & 1, wb >> i & 1 ? victim[i] : 0);
			if (load)
				emu_cache_fill_note(l1, lines[m0 + i], at_l1, r);
			done = r > done ? r : done;
		}
		return done;
	}
	for (unsigned i = 0; i < n; i++) {
		if (hit[i / 64] >> (i % 64) & 1)
			continue;
		uint64_t r = l2_line(t, l2, lines[i] << l1->line_shift, at_l1, how);
		if (load)
			emu_cache_fill_note(l1, lines[i], at_l1, r);
		done = r > done ? r : done;
	}
	return done;
}

/* ---- 4. scalar memory ---- */

static uint64_t smem_access(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
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

/* ---- the interface ---- */

uint64_t emu_timing_access(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                           const struct emu_access *acc)
{
	switch (acc->kind) {
	case EMU_ACC_LDS:
		return emu_timing_lds(t, w, acc);
	case EMU_ACC_SCALAR:
		return smem_access(t, w, in, acc);
	case EMU_ACC_GLOBAL_TO_LDS:
		return emu_timing_lds_fill(t, w, vmem_access(t, w, in, acc));
	default:
		return vmem_access(t, w, in, acc);
	}
}

void emu_timing_icache_inv(struct emu_timing *t, struct emu_wave *w)
{
	emu_timing_ic_inv(t, w);
}
