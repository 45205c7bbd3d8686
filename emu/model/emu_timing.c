/*
 * emu_timing — the cycle model's interface (emu_timing.h): how long each
 * instruction holds its wave, and when each memory access completes.
 * Numbers: emu_profile.c; the files below this one and their shared state:
 * emu_timing_state.h. Here:
 *
 *   1. Clocks     memory-side latencies are ns at the default MCLK, scaled by
 *                 MCLK and converted to shader cycles; DRAM bytes per shader
 *                 cycle from bus width x transfers x MCLK.
 *   2. Issue      per-class cadence; VALU competes for its SIMD
 *                 (its issue port, emu_timing_cu.simd_free); MFMA occupies the SIMD's matrix
 *                 core for its published passes x 4 cycles
 *                 (emu_timing_mfma.c; FLOPs / rate for anything unlisted).
 *   3. Accesses   handed to the vector path (emu_timing_vmem.c), the scalar
 *                 cache (emu_timing_smem.c) or the LDS (emu_timing_lds.c).
 *   4. Cache actions of the packet processor (release, acquire) over the
 *                 L2 (emu_timing_l2_flush) and the instruction and scalar
 *                 caches.
 *
 * Known simplifications (candidates for the next step):
 *  - A conflicted LDS access returns no sooner than lds_conflict_cycles
 *    after reaching the banks (emu_timing_lds.c), one depth for every
 *    conflict degree: 000_106faad81daed8dd.txt's 120/119 at 4-way/full conflict.
 *  - ds_read2/write2 are timed as one access of both elements' width at the
 *    first element's address (the core passes one address per lane).
 *  - L2 hit bandwidth is not limited (the per-CU TA rate bounds it); SALU,
 *    SMEM and branch issue have no contention or taken-branch penalty.
 *  - Instruction prefetch is sequential, ifetch_ahead_lines past the line a
 *    wave requests, within the kernel's code (emu_timing_icache.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/emu_optab.h"
#include "model/emu_timing.h"
#include "model/emu_timing_l2.h"
#include "model/emu_timing_state.h"

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

/* The raw policy flags index the table (emu_timing_state.h). */
_Static_assert((EMU_F_GLC | EMU_F_SLC | EMU_F_SC1) == EMU_CPOL_COMBOS - 1, "policy flags are bits 0-2");

/* A policy row as the vector path carries it out: the L1 lookup ("Hit
 * LRU" allocates, "Miss Evict" removes a present line, "Miss LRU", a
 * written-through store, touches a present line only) and the L2 side. */
static struct emu_timing_vpol vpol_of(struct emu_cpol_row r)
{
	static const uint8_t l1_flags[] = {
		[EMU_CPOL_L1_HIT_LRU] = EMU_CACHE_ALLOC,
		[EMU_CPOL_L1_MISS_LRU] = 0,
		[EMU_CPOL_L1_MISS_EVICT] = EMU_CACHE_EVICT,
		[EMU_CPOL_L1_NONE] = 0,
	};
	unsigned how = (r.l2 == EMU_CPOL_L2_BYPASS ? EMU_L2_BYPASS : 0) |
	               (r.l2 == EMU_CPOL_L2_HIT_STREAM ? EMU_L2_STREAM : 0) |
	               (r.llc == EMU_CPOL_LLC_HIT_EVICT ? EMU_L2_LLC_EVICT : 0);
	return (struct emu_timing_vpol){ r.l1, l1_flags[r.l1], (uint8_t)how };
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
	if (mp->mem_write_efficiency_pct)
		emu_bw_set_write(&t->dram, dram_bpc * mp->mem_write_efficiency_pct / mp->mem_efficiency_pct,
		                 dram_line);

	t->cu = calloc(t->num_cu, sizeof(*t->cu));
	if (!t->cu)
		goto fail;
	t->n_sqc = (t->num_cu + mp->sqc.shared_by - 1) / mp->sqc.shared_by;
	t->n_ic = (t->num_cu + mp->icache.shared_by - 1) / mp->icache.shared_by;
	t->n_l2 = nx;
	for (unsigned op = 0; op < EMU_CPOL_OPS; op++)
		for (uint32_t raw = 0; raw < EMU_CPOL_COMBOS; raw++)
			t->vpol[op][raw] = vpol_of(emu_cpol_resolve(prof->tgt->gen, (enum emu_cpol_op)op,
			                                            emu_cpol_decode(prof->tgt, raw).bits, nx));
	if (!caches_init(&t->l1, t->num_cu, &mp->l1, FILLS_L1) ||
	    !caches_init(&t->sqc, t->n_sqc, &mp->sqc, FILLS_SQC) ||
	    !caches_init(&t->ic, t->n_ic, &mp->icache, FILLS_IC) ||
	    !caches_init(&t->l2, t->n_l2, &mp->l2, FILLS_L2))
		goto fail;
	/* a power of two (the channel hash masks): 16 and 32 in the profiles */
	for (t->l2ch_n = mp->l2_channels; t->l2ch_n & (t->l2ch_n - 1);)
		t->l2ch_n &= t->l2ch_n - 1;
	while (t->l2ch_n >> (t->l2ch_shift + 1))
		t->l2ch_shift++;
	if (t->l2ch_n) {
		t->l2ch = calloc((size_t)t->n_l2 * t->l2ch_n, sizeof(*t->l2ch));
		if (!t->l2ch)
			goto fail;
		for (uint32_t i = 0; i < t->n_l2 * t->l2ch_n; i++)
			/* a vector request carries one L1 line (64 B on gfx900/gfx90a) */
			if (!emu_bw_init(&t->l2ch[i], mp->l2_channel_bytes, mp->l1.line < mp->l2.line ? mp->l1.line : mp->l2.line))
				goto fail;
	}
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
	for (uint32_t i = 0; t->l2ch && i < t->n_l2 * t->l2ch_n; i++)
		emu_bw_fini(&t->l2ch[i]);
	free(t->l2ch);
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

/* Not inlined: emu_timing_issue, called for every instruction, then needs
 * no stack frame (bench_fullgpu: 12 host instructions fewer per
 * wave-instruction). */
static __attribute__((noinline)) uint32_t mfma_issue(struct emu_timing *t, struct emu_wave *w,
                                                     const struct emu_inst *in)
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

/* ---- 4. the packet processor's cache actions ---- */

uint64_t emu_timing_release_system(struct emu_timing *t, uint64_t at)
{
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
	return emu_timing_l2_flush(t, at, false);
}

uint64_t emu_timing_acquire_mem(struct emu_timing *t, uint64_t at, bool l2, bool icache, bool kcache)
{
	uint64_t done = at;

	if (l2) {
		/* the write-back is a system release's, whatever rel_sys_l2_wb says */
		t->cnt = t->counters_none;
		t->stall = NULL;
		t->in_dispatch = false;
		done = emu_timing_l2_flush(t, at, true);
	}
	for (uint32_t i = 0; icache && i < t->n_ic; i++) {
		emu_cache_invalidate(&t->ic[i]);
		t->ic_epoch[i]++;
	}
	for (uint32_t i = 0; kcache && i < t->n_sqc; i++)
		emu_cache_invalidate(&t->sqc[i]);
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
		return emu_timing_smem(t, w, in, acc);
	case EMU_ACC_GLOBAL_TO_LDS:
		return emu_timing_lds_fill(t, w, emu_timing_vmem(t, w, in, acc));
	default:
		return emu_timing_vmem(t, w, in, acc);
	}
}

void emu_timing_icache_inv(struct emu_timing *t, struct emu_wave *w)
{
	emu_timing_ic_inv(t, w);
}
