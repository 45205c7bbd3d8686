/*
 * emu_place — workgroups on CUs: the order the SPI hands out CUs (across
 * XCDs first where there are several), how many workgroups a CU holds,
 * making a workgroup resident (its waves' storage and start) and freeing it,
 * and the heap of CU slots freed in time order. The run loop
 * (emu_dispatch_run.c) calls these; they call down into the wave start
 * (emu_wave_init.c) only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/emu_check.h"
#include "core/emu_dispatch_ctx.h"
#include "core/emu_dispatch_run.h"
#include "core/emu_gpu_private.h"
#include "arch/emu_profile.h"
#include "core/emu_sched.h"
#include "core/emu_wave_env.h"
#include "model/emu_timing.h"

/* ---- workgroups on CUs ---- */

uint32_t emu_run_cu_order(const struct emu_profile *prof, uint32_t i)
{
	/* gfx942: consecutive workgroups go to consecutive XCDs. */
	uint32_t nx = prof->num_xcd ? prof->num_xcd : 1;
	uint32_t per = prof->num_cu / nx;
	return (i % nx) * per + (i / nx) % per;
}

/* CUs that share an instruction cache and a scalar cache run as one
 * scheduling group (emu_sched.h): the least common multiple of the two
 * sharing counts (equal on every profile). */
uint32_t emu_run_cus_per_group(const struct emu_profile *prof)
{
	const struct emu_model_params *mp = &prof->model;
	uint32_t a = mp->icache.shared_by ? mp->icache.shared_by : 1;
	uint32_t b = mp->sqc.shared_by ? mp->sqc.shared_by : 1;
	uint32_t x = a, y = b;
	while (y) {
		uint32_t r = x % y;
		x = y;
		y = r;
	}
	return a / x * b;
}

uint32_t emu_place_max_wg(const struct emu_dispatch_ctx *ctx)
{
	const struct emu_profile *prof = ctx->prof;
	uint32_t waves_simd = (ctx->waves_per_wg + prof->simd_per_cu - 1) / prof->simd_per_cu;
	/* VGPR file per SIMD lane: 256 registers on gfx900, 512 (VGPR+AGPR) on
	 * gfx90a/gfx942 (CDNA2/CDNA3 ISA, "Register file"). */
	uint32_t file = prof->tgt->vgprs_per_simd;
	uint32_t regs = ctx->kd.vgprs + ctx->kd.agprs;
	uint32_t per_simd = regs ? file / regs : prof->max_waves_per_simd;
	if (per_simd > prof->max_waves_per_simd)
		per_simd = prof->max_waves_per_simd;
	uint32_t n = per_simd / waves_simd;
	if (ctx->lds_bytes)
		n = n < prof->lds_bytes / ctx->lds_bytes ? n : prof->lds_bytes / ctx->lds_bytes;
	/* the hardware allows 16 workgroups per CU (SPI barrier resources) */
	return n > 16 ? 16 : n;
}

/* Which CU resource a workgroup does not fit in (emu_place_max_wg gave 0). */
void emu_place_max_wg_why(const struct emu_dispatch_ctx *ctx, char *buf, size_t len)
{
	const struct emu_profile *prof = ctx->prof;
	uint32_t waves_simd = (ctx->waves_per_wg + prof->simd_per_cu - 1) / prof->simd_per_cu;
	uint32_t file = prof->tgt->vgprs_per_simd;
	uint32_t regs = ctx->kd.vgprs + ctx->kd.agprs;

	if (ctx->lds_bytes > prof->lds_bytes)
		snprintf(buf, len, "LDS: it needs %u bytes, a CU has %u", ctx->lds_bytes, prof->lds_bytes);
	else if (waves_simd > prof->max_waves_per_simd)
		snprintf(buf, len, "wave slots: %u waves per SIMD, a SIMD has %u", waves_simd,
		         prof->max_waves_per_simd);
	else
		snprintf(buf, len, "VGPRs: %u waves per SIMD x %u VGPRs%s each, a SIMD lane has %u", waves_simd,
		         regs, gcn_has(prof->tgt, GCN_F_UNIFIED_VGPR) ? "+AGPRs" : "", file);
}


static struct emu_wave *wave_alloc(struct emu_gpu *g, struct emu_run *rs)
{
	if (rs->nfree)
		return rs->free_waves[--rs->nfree];
	(void)g;
	if (*rs->npool) {
		/* Storage from an earlier dispatch: its registers start at zero,
		 * as freshly allocated ones do (a recycled wave of this dispatch
		 * keeps its predecessor's, as on the hardware). */
		struct emu_wave *w = rs->pool[--*rs->npool];
		w->scratch_slot = rs->slot_base + (uint32_t)rs->nall;
		rs->all_waves[rs->nall++] = w;
		/* Only the rows earlier grants allowed writing: clearing the
		 * whole 128 KiB file per wave cost more than short kernels run. */
		memset(w->v, 0, w->v_dirty * sizeof(*w->v));
		memset(w->v + 256, 0, w->a_dirty * sizeof(*w->v));
		w->v_dirty = w->a_dirty = 0;
		return w;
	}
	struct emu_wave *w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->scratch_slot = rs->slot_base + (uint32_t)rs->nall;
	rs->all_waves[rs->nall++] = w;
	w->v = calloc(EMU_NREGS_V, sizeof(*w->v));
	w->pend = emu_wave_pend_alloc();
	if (!w->v || !w->pend)
		return NULL;  /* freed with all_waves */
	return w;
}

static void wave_release(struct emu_run *rs, struct emu_wave *w)
{
	rs->free_waves[rs->nfree++] = w;
}

bool emu_run_launch_wg(struct emu_dispatch_ctx *ctx, struct emu_run *rs, uint32_t cu, uint64_t cycle)
{
	uint64_t f = rs->next_wg;
	rs->next_wg += rs->wg_step;
	struct emu_workgroup *wg = calloc(1, sizeof(*wg));
	if (!wg)
		return false;
	wg->flat_id = (uint32_t)f;
	wg->id[0] = (uint32_t)(f % ctx->nwg[0]);
	wg->id[1] = (uint32_t)((f / ctx->nwg[0]) % ctx->nwg[1]);
	wg->id[2] = (uint32_t)(f / ((uint64_t)ctx->nwg[0] * ctx->nwg[1]));
	for (unsigned d = 0; d < 3; d++) {
		uint32_t start = wg->id[d] * ctx->wgsize[d];
		uint32_t left = ctx->grid[d] - start;
		wg->size[d] = left < ctx->wgsize[d] ? left : ctx->wgsize[d];
	}
	uint32_t wi = wg->size[0] * wg->size[1] * wg->size[2];
	wg->nwaves = (wi + EMU_LANES - 1) / EMU_LANES;
	wg->cu = cu;
	/* Backing for the allocation only, rounded up to the LDS granule
	 * (EMU_LDS_GRANULE): every reader and writer (emu_exec_lds_read/_write,
	 * the buffer_load ... lds return) treats bytes at or beyond lds_size as
	 * out of range, so nothing touches more. It starts as poison
	 * (emu_check.h); filling 64 KiB per workgroup instead of the allocation
	 * made wide grids of LDS-free kernels (the 18240-workgroup icache
	 * flush) spend most of their time in memset. */
	bool lds_ok = emu_wave_lds_init(wg, emu_lds_alloc_bytes(ctx->lds_bytes));
	wg->waves = calloc(wg->nwaves, sizeof(*wg->waves));
	rs->wgs[rs->nwgs++] = wg;
	if (!lds_ok || !wg->waves)
		goto fail;
	struct emu_cu *c = &ctx->cus[cu];
	c->used = true;
	c->wg_resident++;
	c->waves_resident += wg->nwaves;
	uint32_t simd0 = c->wg_resident; /* rotate the first SIMD per workgroup */
	for (uint32_t j = 0; j < wg->nwaves; j++) {
		struct emu_wave *w = wave_alloc(ctx->gpu, rs);
		if (!w)
			goto fail;
		wg->waves[j] = w;
		if (!emu_wave_init(ctx, wg, w, j)) {
			wave_release(rs, w);
			wg->waves[j] = NULL;
			goto fail;
		}
		w->id = rs->wave_id++ * rs->ndom + rs->dom;
		w->simd = (simd0 + j) % ctx->prof->simd_per_cu;
		w->slot = j / ctx->prof->simd_per_cu;
		w->se = cu / (ctx->prof->num_cu / ctx->prof->num_se);
		w->cycle = cycle + (uint64_t)j * EMU_WAVE_LAUNCH_GAP;
		ctx->counters[EMU_CNT_SQ_WAVES]++;
		if (!emu_sched_push(&rs->sched, w))
			goto fail;
	}
	return true;
fail:
	/* The caller abandons the dispatch; storage is reclaimed in teardown. */
	return false;
}

void emu_run_wg_free(struct emu_run *rs, struct emu_workgroup *wg)
{
	for (size_t i = 0; i < rs->nwgs; i++) {
		if (rs->wgs[i] == wg) {
			rs->wgs[i] = rs->wgs[--rs->nwgs];
			break;
		}
	}
	for (uint32_t j = 0; j < wg->nwaves; j++)
		if (wg->waves && wg->waves[j])
			wave_release(rs, wg->waves[j]);
	free(wg->waves);
	free(wg->lds);
	free(wg->lds_sh);
	free(wg);
}

/* ---- workgroup hand-out in time order ---- */

static bool slot_before(const struct free_slot *a, const struct free_slot *b)
{
	return a->cycle < b->cycle || (a->cycle == b->cycle && a->cu < b->cu);
}

bool emu_run_slot_push(struct emu_run *rs, uint64_t cycle, uint32_t cu)
{
	if (rs->nslots == rs->slots_cap) {
		size_t cap = rs->slots_cap ? 2 * rs->slots_cap : 64;
		struct free_slot *n = realloc(rs->slots, cap * sizeof(*n));
		if (!n)
			return false;
		rs->slots = n;
		rs->slots_cap = cap;
	}
	struct free_slot e = { cycle, cu };
	size_t i = rs->nslots++;
	while (i && slot_before(&e, &rs->slots[(i - 1) / 2])) {
		rs->slots[i] = rs->slots[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	rs->slots[i] = e;
	return true;
}

static struct free_slot slot_pop(struct emu_run *rs)
{
	struct free_slot top = rs->slots[0], x = rs->slots[--rs->nslots];
	size_t i = 0, n = rs->nslots;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && slot_before(&rs->slots[c + 1], &rs->slots[c]))
			c++;
		if (!slot_before(&rs->slots[c], &x))
			break;
		rs->slots[i] = rs->slots[c];
		i = c;
	}
	if (n)
		rs->slots[i] = x;
	return top;
}

/* Give the next workgroups to the freed slots no ready wave can precede. */
bool emu_run_fill_slots(struct emu_dispatch_ctx *ctx, struct emu_run *rs)
{
	if (!rs->nslots)
		return true;
	uint64_t safe = emu_sched_min(&rs->sched);
	while (rs->nslots && rs->slots[0].cycle <= safe) {
		struct free_slot f = slot_pop(rs);
		if (rs->next_wg >= rs->total_wg) {
			rs->nslots = 0;
			break;
		}
		if (!emu_run_launch_wg(ctx, rs, f.cu, f.cycle + EMU_WAVE_LAUNCH_GAP))
			return false;
		/* the new waves may now be the earliest */
		safe = emu_sched_min(&rs->sched);
	}
	return true;
}

