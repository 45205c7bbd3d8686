/*
 * emu_dispatch — execute one AQL kernel dispatch packet: check it as the
 * command processor does, start waves exactly as the SPI does from the
 * kernel descriptor, and run them on their CUs in model-time order.
 *
 * Scheduling (emu_sched.h): waves of a CU group run in (cycle, wave id)
 * order, the earliest until its time passes the next one's, so waves that
 * share a CU's resources (SIMDs, LDS, barriers, L1, instruction cache)
 * interact in model-time order; groups, which share only the L2 and beyond,
 * run up to a bounded skew apart. The run is deterministic. Workgroups
 * become resident on a CU when its waves, LDS and VGPRs allow: round-robin
 * at the start (across XCDs first on gfx942), then each to the CU that
 * frees first in time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/emu_check.h"
#include "core/emu_dispatch.h"
#include "core/emu_dispatch_run.h"
#include "core/emu_gpu_private.h"
#include "arch/emu_profile.h"
#include "core/emu_sched.h"
#include "core/emu_wave_env.h"
#include "model/emu_timing.h"

/* Cycles from the packet's processing to the first wave's first
 * instruction: CP packet fetch/decode + SPI wave launch. ROCr dispatch-time
 * deltas of empty kernels on MI200/MI300 are a few microseconds; a few
 * thousand cycles at ~2 GHz. */
#define EMU_LAUNCH_CYCLES 2000u

/* ---- packet and descriptor checks ---- */

static bool invalid(struct emu_dispatch_result *res, hsa_status_t st, const char *fmt, const char *a,
                    unsigned long long b)
{
	res->status = EMU_DISPATCH_INVALID_PACKET;
	res->hsa_status = st;
	snprintf(res->report, sizeof(res->report), fmt, a, b);
	return false;
}

static bool check_packet(struct emu_dispatch_ctx *ctx)
{
	const hsa_kernel_dispatch_packet_t *pkt = &ctx->req->pkt;
	struct emu_dispatch_result *res = ctx->res;
	const struct emu_profile *prof = ctx->prof;
	/* Statuses as ROCr reports the CP's packet errors (ROCR-Runtime
	 * amd_aql_queue.cpp, AqlQueue::ExceptionHandler/DynamicScratchHandler):
	 * invalid dimensions (setup, zero or stray sizes) INCOMPATIBLE_ARGUMENTS,
	 * work-group too large INVALID_ARGUMENT, group segment too large
	 * INVALID_ALLOCATION, invalid code INVALID_CODE_OBJECT, register size
	 * invalid INVALID_ISA. */
	unsigned dims = pkt->setup & 3;
	if (dims < 1 || dims > 3)
		return invalid(res, HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
		               "invalid packet: %s %llu (setup.dimensions must be 1, 2 or 3)", "dimensions",
		               (unsigned long long)dims);
	const uint32_t grid[3] = {pkt->grid_size_x, pkt->grid_size_y, pkt->grid_size_z};
	const uint32_t wg[3] = {pkt->workgroup_size_x, pkt->workgroup_size_y, pkt->workgroup_size_z};
	static const char *const gname[3] = {"grid_size_x", "grid_size_y", "grid_size_z"};
	static const char *const wname[3] = {"workgroup_size_x", "workgroup_size_y", "workgroup_size_z"};
	for (unsigned d = 0; d < 3; d++) {
		if (grid[d] == 0 || (d >= dims && grid[d] != 1))
			return invalid(res, HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
			               "invalid packet: %s = %llu (must be >= 1, and 1 beyond setup.dimensions)",
			               gname[d], grid[d]);
		if (wg[d] == 0 || (d >= dims && wg[d] != 1))
			return invalid(res, HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
			               "invalid packet: %s = %llu (must be >= 1, and 1 beyond setup.dimensions)",
			               wname[d], wg[d]);
		ctx->grid[d] = grid[d];
		ctx->wgsize[d] = wg[d];
		/* 64-bit: grid + wg - 1 overflows 32 bits near 2^32 work-items. */
		ctx->nwg[d] = (uint32_t)(((uint64_t)grid[d] + wg[d] - 1) / wg[d]);
	}
	uint64_t wgflat = (uint64_t)wg[0] * wg[1] * wg[2];
	if (wgflat > 1024)
		return invalid(res, HSA_STATUS_ERROR_INVALID_ARGUMENT,
		               "invalid packet: %s of %llu work-items (the limit is 1024)", "workgroup",
		               (unsigned long long)wgflat);
	if (pkt->group_segment_size > prof->lds_bytes)
		return invalid(res, HSA_STATUS_ERROR_INVALID_ALLOCATION,
		               "invalid packet: %s %llu bytes exceeds the 65536-byte LDS per workgroup",
		               "group_segment_size", (unsigned long long)pkt->group_segment_size);

	struct emu_kernel_reg k;
	if (!emu_gpu_find_kernel(ctx->gpu, pkt->kernel_object, &k))
		return invalid(res, HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
		               "invalid packet: kernel_object 0x%s%llx is not a loaded kernel descriptor", "",
		               (unsigned long long)pkt->kernel_object);
	ctx->prog = k.prog;
	snprintf(ctx->kernel_name, sizeof(ctx->kernel_name), "%s", k.name);
	const uint8_t *kdp = emu_mem_translate(ctx->mem, pkt->kernel_object, 64);
	if (!kdp)
		return invalid(res, HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
		               "invalid packet: kernel descriptor of %s at 0x%llx is not mapped", k.name,
		               (unsigned long long)pkt->kernel_object);
	gcn_kd_decode(prof->tgt, kdp, &ctx->kd);
	ctx->kd_addr = pkt->kernel_object;
	ctx->entry = pkt->kernel_object + (uint64_t)ctx->kd.entry_offset;
	if (!emu_program_at(ctx->prog, ctx->entry))
		return invalid(res, HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
		               "invalid kernel descriptor of %s: entry 0x%llx is not an instruction", k.name,
		               (unsigned long long)ctx->entry);
	if (ctx->kd.kernarg_size && !emu_mem_translate(ctx->mem, (uint64_t)(uintptr_t)pkt->kernarg_address,
	                                               ctx->kd.kernarg_size))
		return invalid(res, HSA_STATUS_ERROR_INVALID_ARGUMENT,
		               "invalid packet: kernarg_address of %s (0x%llx) is not a live allocation of "
		               "the kernel's kernarg size mapped for the GPU (kernarg pool memory needs "
		               "hsa_amd_agents_allow_access)",
		               k.name, (unsigned long long)(uintptr_t)pkt->kernarg_address);
	/* rsrc2[12:11] ENABLE_VGPR_WORKITEM_ID must cover the dimensions used,
	 * otherwise the kernel cannot know its work-item; the CP does not care,
	 * so neither do we. The CP sizes scratch from the packet alone; a packet
	 * asking for less than the kernel's fixed private segment would let the
	 * waves overrun each other's scratch, so it is refused. */
	if (pkt->private_segment_size < ctx->kd.private_segment_fixed_size) {
		res->status = EMU_DISPATCH_INVALID_PACKET;
		res->hsa_status = HSA_STATUS_ERROR_INVALID_ARGUMENT;
		snprintf(res->report, sizeof(res->report),
		         "invalid packet: private_segment_size %u is less than the %u bytes of private "
		         "segment kernel %s needs per work-item (.private_segment_fixed_size)",
		         pkt->private_segment_size, ctx->kd.private_segment_fixed_size, k.name);
		return false;
	}
	return true;
}

/* USER_SGPR_COUNT against the enables (AMDGPUUsage "Initial Kernel
 * Execution State"): the SPI loads exactly USER_SGPR_COUNT user SGPRs
 * (wave_init), so an enabled register the count does not cover is never
 * loaded and the system SGPRs start where the kernel does not expect them.
 * Reported as an inconsistent descriptor: a warning, an error under
 * GCNLAB_EMU_STRICT=1 (INVALID_CODE_OBJECT, the status of a bad
 * descriptor). */
static bool check_descriptor(struct emu_dispatch_ctx *ctx)
{
	const struct gcn_kd *kd = &ctx->kd;
	static const uint8_t sgprs_of[7] = { 4, 2, 2, 2, 2, 2, 1 };
	static const char *const name_of[7] = {
		"private_segment_buffer", "dispatch_ptr", "queue_ptr", "kernarg_segment_ptr",
		"dispatch_id", "flat_scratch_init", "private_segment_size",
	};
	unsigned need = 0, first_out = 7;
	for (unsigned b = 0; b < 7; b++) {
		if (!(kd->code_props & (1u << b)))
			continue;
		need += sgprs_of[b];
		if (need > kd->user_sgprs && first_out == 7)
			first_out = b;
	}
	unsigned pre = gcn_has(ctx->prof->tgt, GCN_F_KERNARG_PRELOAD) ? (kd->kernarg_preload & 0x7f) : 0;
	if (need + pre <= kd->user_sgprs)
		return true;
	char msg[640];
	snprintf(msg, sizeof(msg),
	         "inconsistent kernel descriptor of %s: the enabled user SGPRs need %u registers%s but "
	         "USER_SGPR_COUNT (compute_pgm_rsrc2[5:1]) is %u; the hardware loads only %u, so %s%s "
	         "is not loaded and the system SGPRs start at s%u (set .amdhsa_user_sgpr_count or drop "
	         "the enable)",
	         ctx->kernel_name, need + pre, pre ? " with the kernarg preload" : "", kd->user_sgprs,
	         kd->user_sgprs, first_out < 7 ? ".amdhsa_user_sgpr_" : "the kernarg preload",
	         first_out < 7 ? name_of[first_out] : "", kd->user_sgprs);
	ctx->descriptor++;
	if (ctx->strict) {
		struct emu_dispatch_result *res = ctx->res;
		res->status = EMU_DISPATCH_INVALID_PACKET;
		res->hsa_status = HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
		snprintf(res->report, sizeof(res->report), "%s", msg);
		return false;
	}
	if (!ctx->check_quiet)
		fprintf(stderr, "gcnlab-emu: warning: %s\n", msg);
	return true;
}

/* The text of this dispatch's program first, then of the other loaded
 * ones (as many as ctx->code holds), for emu_code_hit. */
static void code_ranges(struct emu_dispatch_ctx *ctx)
{
	struct emu_gpu *g = ctx->gpu;
	const unsigned cap = sizeof(ctx->code) / sizeof(ctx->code[0]);
	ctx->code[0].lo = ctx->prog->base;
	ctx->code[0].hi = ctx->prog->base + ctx->prog->size;
	ctx->ncode = 1;
	pthread_mutex_lock(&g->lock);
	for (size_t i = 0; i < g->nkernels && ctx->ncode < cap; i++) {
		const struct emu_program *p = g->kernels[i].prog;
		bool seen = false;
		for (unsigned k = 0; k < ctx->ncode && !seen; k++)
			seen = ctx->code[k].lo == p->base;
		if (!seen) {
			ctx->code[ctx->ncode].lo = p->base;
			ctx->code[ctx->ncode].hi = p->base + p->size;
			ctx->ncode++;
		}
	}
	pthread_mutex_unlock(&g->lock);
}

/* ---- wave start ---- */

/* The next system SGPR, s[*s], through the grant's layout (emu_sgpr). */
static void sys_sgpr(struct emu_wave *w, unsigned *s, uint32_t v)
{
	w->s[emu_sgpr(w, *s)] = v;
	(*s)++;
}

static bool wave_init(struct emu_dispatch_ctx *ctx, struct emu_workgroup *wg, struct emu_wave *w,
                      uint32_t j)
{
	const struct gcn_kd *kd = &ctx->kd;
	const hsa_kernel_dispatch_packet_t *pkt = &ctx->req->pkt;
	uint32_t (*v)[EMU_LANES] = w->v;
	struct emu_pending *pend = w->pend;
	uint32_t v_dirty = w->v_dirty, a_dirty = w->a_dirty, slot = w->scratch_slot;
	memset(w, 0, sizeof(*w));
	w->v = v;
	w->pend = pend;
	w->scratch_slot = slot;
	/* Rows this wave may write: its grant (checked by every VGPR writer:
	 * valu_write, emu_pend_end) and v0..v2 (work-item ids). */
	uint32_t vg = kd->vgprs > 3 ? kd->vgprs : 3;
	uint32_t ag = kd->agprs;
	w->v_dirty = v_dirty > vg ? v_dirty : vg;
	w->a_dirty = a_dirty > ag ? a_dirty : ag;
	emu_wave_env_attach(w, ctx);
	w->wg = wg;
	w->prog = ctx->prog;
	w->wave_in_wg = j;
	w->cu = wg->cu;
	w->nvgpr = kd->vgprs;
	w->nagpr = kd->agprs;
	w->nsgpr = kd->sgprs;
	/* SGPR codes from the grant's trailer on alias VCC, XNACK_MASK and (not
	 * with gfx942's architected flat scratch, which the hardware sets)
	 * FLAT_SCRATCH, or lie past the grant (emu_sgpr). */
	uint32_t trailer = ctx->prof->tgt->sgpr_trailer;
	w->s_lim = kd->sgprs - trailer < 102 ? kd->sgprs - trailer : 102;
	w->pc = ctx->entry;
	emu_check_wave_begin(w);
	/* MODE from rsrc1: FLOAT_ROUND_MODE_32 [13:12] and _16_64 [15:14] →
	 * MODE[3:0]; FLOAT_DENORM_MODE_32 [17:16] and _16_64 [19:18] → MODE[7:4];
	 * ENABLE_DX10_CLAMP [21] → MODE[8]; ENABLE_IEEE_MODE [23] → MODE[9]. */
	w->mode = ((kd->rsrc1 >> 12) & 0xff) | ((kd->rsrc1 >> 21) & 1) << 8 | ((kd->rsrc1 >> 23) & 1) << 9;

	/* User SGPRs in ABI order, as enabled by kernel_code_properties; the
	 * SPI loads exactly USER_SGPR_COUNT of them (check_descriptor reports
	 * enables the count does not cover), and a count beyond the enabled
	 * ones loads registers nothing initialises. */
	uint32_t u[EMU_USER_SGPR_MAX];
	unsigned s = 0;
	uint16_t cp = kd->code_props;
	uint64_t scratch = ctx->scratch_base;
	uint64_t wave_off = (uint64_t)w->scratch_slot * ctx->scratch_per_wave;
	if (cp & (1u << 0)) { /* private segment buffer: V# of the scratch */
		/* Swizzled per dword with the lane added to the index (GFX9 ISA
		 * buffer resource): base [47:0], SWIZZLE_ENABLE dword1[31];
		 * num_records the whole backing; dword3 DST_SEL_XYZW [11:0],
		 * NUM_FORMAT UINT [14:12], DATA_FORMAT 32 [18:15], ELEMENT_SIZE
		 * 4 bytes [20:19] = 1, INDEX_STRIDE 64 [22:21] = 3, ADD_TID_ENABLE
		 * [23]. The kernel adds its wave offset (the system SGPR below). */
		u[s++] = (uint32_t)scratch;
		u[s++] = ((uint32_t)(scratch >> 32) & 0xffffu) | 1u << 31;
		u[s++] = ctx->scratch_len > UINT32_MAX ? UINT32_MAX : (uint32_t)ctx->scratch_len;
		u[s++] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
	}
	/* Bits 1..5, two SGPRs each (low dword first): dispatch ptr, queue
	 * ptr, kernarg segment ptr, dispatch id, flat scratch init (the
	 * backing's base; the prologue adds the wave offset). */
	const uint64_t pair[5] = { ctx->req->packet_addr, ctx->req->queue_addr,
	                           (uint64_t)(uintptr_t)pkt->kernarg_address, ctx->req->dispatch_id,
	                           scratch };
	for (unsigned b = 1; b <= 5; b++) {
		if (cp & (1u << b)) {
			u[s++] = (uint32_t)pair[b - 1];
			u[s++] = (uint32_t)(pair[b - 1] >> 32);
		}
	}
	if (cp & (1u << 6)) /* private segment size */
		u[s++] = pkt->private_segment_size;
	/* kernarg preload (gfx940+), length in dwords [6:0], offset [15:7] (dwords). */
	unsigned pre_len = kd->kernarg_preload & 0x7f, pre_off = kd->kernarg_preload >> 7;
	if (pre_len && gcn_has(ctx->prof->tgt, GCN_F_KERNARG_PRELOAD)) {
		const uint32_t *ka = emu_mem_translate(ctx->mem, (uint64_t)(uintptr_t)pkt->kernarg_address + pre_off * 4u,
		                                       pre_len * 4u);
		if (!ka)
			return false;
		for (unsigned i = 0; i < pre_len && s < EMU_USER_SGPR_MAX; i++)
			u[s++] = ka[i];
	}
	unsigned nuser = kd->user_sgprs, loaded = nuser < s ? nuser : s;
	for (unsigned i = 0; i < loaded; i++)
		w->s[emu_sgpr(w, i)] = u[i];
	emu_check_wave_abi_sgprs(w, 0, loaded);
	/* The system SGPRs follow the USER_SGPR_COUNT user SGPRs. */
	s = nuser;
	unsigned sys0 = s;
	if (kd->rsrc2 & (1u << 7))
		sys_sgpr(w, &s, wg->id[0]);
	if (kd->rsrc2 & (1u << 8))
		sys_sgpr(w, &s, wg->id[1]);
	if (kd->rsrc2 & (1u << 9))
		sys_sgpr(w, &s, wg->id[2]);
	if (kd->rsrc2 & (1u << 10)) /* workgroup info: wave count in [5:0] (not modelled further) */
		sys_sgpr(w, &s, wg->nwaves & 0x3f);
	/* rsrc2[0] ENABLE_PRIVATE_SEGMENT: the wave's byte offset into the
	 * backing in the next system SGPR; with architected flat scratch
	 * (gfx942) no SGPR, the hardware sets FLAT_SCRATCH to the wave's
	 * private segment instead (AMDGPUUsage, compute_pgm_rsrc2). */
	if (kd->rsrc2 & 1u) {
		if (gcn_has(ctx->prof->tgt, GCN_F_ARCH_FLAT_SCRATCH)) {
			w->s[EMU_OP_FLAT_SCR_LO] = (uint32_t)(scratch + wave_off);
			w->s[EMU_OP_FLAT_SCR_HI] = (uint32_t)((scratch + wave_off) >> 32);
		} else {
			sys_sgpr(w, &s, (uint32_t)wave_off);
		}
	}
	emu_check_wave_abi_sgprs(w, sys0, s);

	/* Work-item ids: v0, v1, v2 on gfx900; packed x | y << 10 | z << 20 in
	 * v0 on gfx90a/gfx942; rsrc2[12:11] says how many dimensions. */
	unsigned nid = (kd->rsrc2 >> 11) & 3;
	uint32_t sx = wg->size[0], sy = wg->size[1];
	uint32_t total = wg->size[0] * wg->size[1] * wg->size[2];
	uint64_t exec = 0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t f = j * EMU_LANES + l;
		if (f >= total)
			break;
		exec |= 1ull << l;
		uint32_t x = f % sx, y = (f / sx) % sy, z = f / (sx * sy);
		if (gcn_has(ctx->prof->tgt, GCN_F_PACKED_TID)) {
			w->v[0][l] = x | (nid >= 1 ? y << 10 : 0) | (nid >= 2 ? z << 20 : 0);
		} else {
			w->v[0][l] = x;
			if (nid >= 1)
				w->v[1][l] = y;
			if (nid >= 2)
				w->v[2][l] = z;
		}
	}
	emu_set_exec(w, exec);
	emu_check_wave_abi_vgprs(w, gcn_has(ctx->prof->tgt, GCN_F_PACKED_TID) ? 1 : 1 + nid);
	emu_check_wave_ready(w);
	return true;
}

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

static uint32_t max_wg_per_cu(const struct emu_dispatch_ctx *ctx)
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

/* Which CU resource a workgroup does not fit in (max_wg_per_cu gave 0). */
static void max_wg_why(const struct emu_dispatch_ctx *ctx, char *buf, size_t len)
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
		if (!wave_init(ctx, wg, w, j)) {
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

/* ---- scratch ---- */

/* The backing grows in the 2 MiB steps emu_mem_map places mappings at. */
#define EMU_SCRATCH_GRANULE (2ull << 20)

/* Bytes of private segment per wave: the packet's per-work-item size for 64
 * lanes, in the 1 KiB units of the SPI's scratch wave size (GFX9
 * SPI_TMPRING_SIZE.WAVESIZE counts 256 dwords). */
static uint64_t scratch_wave_bytes(uint32_t per_item)
{
	uint64_t b = (uint64_t)((per_item + 3u) & ~3u) * EMU_LANES;
	return (b + 1023) & ~(uint64_t)1023;
}

/* Make the GPU's scratch backing hold `slots` waves' private segments (one
 * per wave storage of the dispatch), growing it as ROCr grows a queue's
 * scratch; placed like every allocation (emu_mem_map), so runs repeat. */
static bool scratch_reserve(struct emu_dispatch_ctx *ctx, size_t slots)
{
	struct emu_gpu *g = ctx->gpu;
	uint64_t per_wave = scratch_wave_bytes(ctx->req->pkt.private_segment_size);
	ctx->scratch_per_wave = (uint32_t)per_wave;
	if (!per_wave)
		return true;
	uint64_t need = per_wave * slots;
	if (need > g->scratch_len) {
		size_t len = (size_t)((need + EMU_SCRATCH_GRANULE - 1) & ~(EMU_SCRATCH_GRANULE - 1));
		void *m = emu_mem_map(g->mem, len);
		if (!m || !emu_mem_add(g->mem, m, len, EMU_MEM_SCRATCH)) {
			if (m)
				munmap(m, len);
			ctx->res->status = EMU_DISPATCH_INVALID_PACKET;
			ctx->res->hsa_status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
			snprintf(ctx->res->report, sizeof(ctx->res->report),
			         "kernel %s: no host memory for %llu bytes of scratch (%u bytes per work-item x "
			         "64 lanes x %zu resident waves)", ctx->kernel_name, (unsigned long long)need,
			         ctx->req->pkt.private_segment_size, slots);
			return false;
		}
		if (g->scratch) {
			emu_mem_remove(g->mem, g->scratch);
			munmap(g->scratch, g->scratch_len);
		}
		g->scratch = m;
		g->scratch_len = len;
	}
	ctx->scratch_base = (uint64_t)(uintptr_t)g->scratch;
	ctx->scratch_len = g->scratch_len;
	return true;
}

static void fill_counters(struct emu_dispatch_ctx *ctx)
{
	struct gcnlab_emu_counters *c = &ctx->res->counters;
	c->count = 0;
	for (unsigned i = 0; i < EMU_COUNTER_COUNT && i < GCNLAB_MAX_COUNTERS; i++) {
		emu_counter_name(emu_gpu_profile(ctx->gpu), i, c->name[i], GCNLAB_COUNTER_NAME_MAX);
		c->value[i] = ctx->counters[i];
		c->count++;
	}
}

static void fill_trace(struct emu_dispatch_ctx *ctx, struct trace_acc *acc)
{
	struct emu_gpu *g = ctx->gpu;
	const struct emu_program *p = ctx->prog;
	free(g->trace);
	g->trace = NULL;
	g->ntrace = 0;
	/* The kernel's code as the rows: every instruction from the first to
	 * the last one executed, the ones no traced wave reached included (a
	 * branch not taken shows as issued 0 times). */
	uint32_t first = UINT32_MAX, last = 0;
	for (uint32_t i = 0; i < p->size / 4; i++) {
		if (acc[i].issues) {
			first = first < i ? first : i;
			last = i;
		}
	}
	if (first == UINT32_MAX)
		return;
	size_t n = 0;
	for (uint32_t i = first; i <= last; i++)
		if (p->insts[i].size)
			n++;
	if (!(g->trace = calloc(n, sizeof(*g->trace))))
		return;
	for (uint32_t i = first; i <= last; i++) {
		if (!p->insts[i].size)
			continue;
		struct gcnlab_emu_trace_row *r = &g->trace[g->ntrace++];
		const struct emu_inst *in = &p->insts[i];
		r->offset = (uint32_t)(p->base + in->off - ctx->entry);
		r->size = in->size;
		emu_disasm(ctx->prof, in, r->text, sizeof(r->text));
		r->issues = acc[i].issues;
		r->hazards = acc[i].hazards;
		r->cycles = acc[i].cycles;
		memcpy(r->stall, acc[i].stall, sizeof(r->stall));
	}
}

bool emu_gpu_dispatch(struct emu_gpu *g, const struct emu_dispatch_req *req, struct emu_dispatch_result *res)
{
	struct emu_dispatch_ctx ctx;
	struct emu_run rs;
	struct emu_domain *dms = NULL;
	uint32_t ndom = 0;
	memset(&ctx, 0, sizeof(ctx));
	memset(&rs, 0, sizeof(rs));
	memset(res, 0, sizeof(*res));
	ctx.gpu = g;
	ctx.prof = g->prof;
	ctx.mem = g->mem;
	ctx.req = req;
	ctx.res = res;
	ctx.timing = g->timing;
	ctx.budget = g->budget;
	ctx.strict = g->strict;
	ctx.run = &rs;
	ctx.warn = stderr;
	bool ok = false;

	emu_mem_lock(g->mem);
	if (!check_packet(&ctx))
		goto out;
	ctx.check_quiet = emu_check_quiet(g, ctx.kd_addr);
	if (!check_descriptor(&ctx))
		goto out;
	emu_check_prog_regs(ctx.prog, ctx.check_regs);
	code_ranges(&ctx);
	const hsa_kernel_dispatch_packet_t *pkt = &req->pkt;
	ctx.lds_bytes = pkt->group_segment_size;
	ctx.waves_per_wg = (ctx.wgsize[0] * ctx.wgsize[1] * ctx.wgsize[2] + EMU_LANES - 1) / EMU_LANES;
	ctx.max_wg_per_cu = max_wg_per_cu(&ctx);
	if (!ctx.max_wg_per_cu) {
		char why[128], fmt[256];

		/* LDS is checked above; what is left is registers (or wave
		 * slots): the CP's "register size invalid", INVALID_ISA. */
		max_wg_why(&ctx, why, sizeof(why));
		snprintf(fmt, sizeof(fmt), "kernel %%s: a workgroup of %%llu waves does not fit in a CU: %s", why);
		invalid(res, HSA_STATUS_ERROR_INVALID_ISA, fmt, ctx.kernel_name,
		        (unsigned long long)ctx.waves_per_wg);
		goto out;
	}
	ctx.cus = calloc(g->prof->num_cu, sizeof(*ctx.cus));
	/* Up to (2^32 - 1)^3 workgroups: saturated at 2^64 - 1, far beyond
	 * what the instruction budget lets run (a hang report ends it). */
	unsigned __int128 nwg_all = (unsigned __int128)ctx.nwg[0] * ctx.nwg[1] * ctx.nwg[2];
	rs.total_wg = nwg_all > UINT64_MAX ? UINT64_MAX : (uint64_t)nwg_all;
	/* Domains (emu_domain.h): one per XCD the grid reaches. */
	uint32_t nx = g->prof->num_xcd ? g->prof->num_xcd : 1;
	ndom = rs.total_wg < nx ? (uint32_t)rs.total_wg : nx;
	uint32_t ncu_d = ndom > 1 ? g->prof->num_cu / nx : g->prof->num_cu;
	size_t max_res_d = (size_t)ncu_d * ctx.max_wg_per_cu * ctx.waves_per_wg;
	size_t max_res = ndom > 1 ? max_res_d * nx : max_res_d;
	dms = calloc(ndom, sizeof(*dms));
	if (!ctx.cus || !dms) {
		snprintf(res->report, sizeof(res->report), "out of host memory for dispatch of %s", ctx.kernel_name);
		res->status = EMU_DISPATCH_INVALID_PACKET;
		res->hsa_status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		goto out;
	}
	if (!scratch_reserve(&ctx, max_res))
		goto out;

	/* The CP's packet processing (fixed ns, emu_profile.c) and the
	 * launch (SCLK cycles) come before the first wave. */
	const struct emu_model_params *mp = &g->prof->model;
	ctx.start_cycle = g->now_cycle + emu_gpu_ns_to_cycles(g, mp->cp_dispatch_ns) + EMU_LAUNCH_CYCLES;
	if (!emu_run_domains_setup(&ctx, dms, ndom, max_res_d, ncu_d)) {
		snprintf(res->report, sizeof(res->report), "out of host memory for dispatch of %s", ctx.kernel_name);
		res->status = EMU_DISPATCH_INVALID_PACKET;
		res->hsa_status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		goto out;
	}
	const struct emu_timing_run run = {
		.counters = ndom > 1 ? ctx.counters : dms[0].ctx.counters,
		.stall = emu_wave_stall,
		.lds_bytes = emu_lds_alloc_bytes(ctx.lds_bytes),  /* every workgroup's (launch_wg) */
	};
	emu_timing_begin(ctx.timing, &run);
	for (uint32_t d = 0; ndom > 1 && d < ndom; d++) {
		struct emu_timing_run vr = run;
		vr.counters = dms[d].ctx.counters;
		emu_timing_begin_view(dms[d].ctx.timing, &vr);
	}

	uint64_t end = ctx.start_cycle;
	if (ndom == 1) {
		if (!emu_run_initial_fill(&dms[0]) || !emu_run_until(&dms[0], UINT64_MAX))
			goto oom;
		if (dms[0].ctx.failed) {
			*res = dms[0].res;
			ctx.failed = true;
		}
	} else if (!emu_run_windows(&ctx, dms, ndom)) {
		goto oom;
	}
	emu_run_domains_sum(&ctx, dms, ndom, &end);
	if (ctx.failed) {
		if (res->status == EMU_DISPATCH_FAULT_MEMORY || res->status == EMU_DISPATCH_FAULT_ILLEGAL ||
		    res->status == EMU_DISPATCH_HANG || res->status == EMU_DISPATCH_CANCELLED)
			goto out;
	}
	ctx.end_cycle = end;
	res->status = EMU_DISPATCH_OK;
	res->hsa_status = HSA_STATUS_SUCCESS;
	res->cycles = end - ctx.start_cycle;
	res->start_ns = ctx.start_cycle * 1000 / g->sclk_mhz;
	res->end_ns = end * 1000 / g->sclk_mhz;
	res->wave_insts = ctx.insts;
	res->hazards = ctx.hazards + ctx.hazards_ws;
	if (ctx.hazards_ws)
		snprintf(res->report, sizeof(res->report),
		         "%llu wait-state hazard(s) in %s on %s: an instruction issued fewer wait states "
		         "(s_nop) after the one it depends on than the ISA requires (see the warnings; "
		         "GCNLAB_EMU_STRICT=1 makes them errors)",
		         (unsigned long long)ctx.hazards_ws, ctx.kernel_name, ctx.prof->proc);
	else if (ctx.hazards)
		snprintf(res->report, sizeof(res->report),
		         "%llu waitcnt hazard(s) in %s: registers read or overwritten while an outstanding "
		         "memory instruction will still write them (see the warnings; GCNLAB_EMU_STRICT=1 "
		         "makes them errors)",
		         (unsigned long long)ctx.hazards, ctx.kernel_name);
	ctx.counters[EMU_CNT_SQ_INSTS_TOTAL] = ctx.insts;
	ctx.counters[EMU_CNT_BUSY_CYCLES] = res->cycles;
	for (uint32_t i = 0; i < g->prof->num_cu; i++)
		if (ctx.cus[i].used)
			ctx.counters[EMU_CNT_CUS_USED]++;
	fill_counters(&ctx);
	struct trace_acc *acc = emu_run_trace_sum(&ctx, dms, ndom);
	if (acc)
		fill_trace(&ctx, acc);
	/* The queue moves on once the end-of-kernel event has done the
	 * packet's release (a system-scope one writes the L2 back where the
	 * model says so; after the end timestamp) and written the completion
	 * signal. */
	{
		uint64_t rel = end;
		unsigned scope = (pkt->header >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3u;
		if (scope == HSA_FENCE_SCOPE_SYSTEM)
			rel = emu_timing_release_system(ctx.timing, end);
		g->now_cycle = rel + emu_gpu_ns_to_cycles(g, mp->cp_end_ns);
	}
	ok = true;
	goto out;
oom:
	emu_run_domains_sum(&ctx, dms, ndom, &(uint64_t){ 0 });
	res->status = EMU_DISPATCH_INVALID_PACKET;
	res->hsa_status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	snprintf(res->report, sizeof(res->report), "out of host memory while running %s", ctx.kernel_name);
out:
	emu_check_summary(&ctx);
	if (!ok && ctx.start_cycle) {
		/* Time passes for a failed dispatch too. */
		g->now_cycle = ctx.start_cycle;
	}
	/* Teardown: workgroups left resident after a fault, then all waves. */
	for (uint32_t d = 0; dms && d < ndom; d++)
		emu_run_domain_teardown(g, &dms[d]);
	free(dms);
	emu_mem_unlock(g->mem);
	free(ctx.cus);
	return ok;
}
