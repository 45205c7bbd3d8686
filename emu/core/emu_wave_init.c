/*
 * emu_wave_init — a wave's state at launch, exactly as the SPI sets it from
 * the kernel descriptor and the dispatch packet: the grant, MODE, the user
 * and system SGPRs (kernarg preload and architected flat scratch where the
 * processor has them), the work-item id VGPRs. Called by the placement
 * (emu_place.c) for each wave of a workgroup it makes resident.
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

/* ---- wave start ---- */

/* The next system SGPR, s[*s], through the grant's layout (emu_sgpr). */
static void sys_sgpr(struct emu_wave *w, unsigned *s, uint32_t v)
{
	w->s[emu_sgpr(w, *s)] = v;
	(*s)++;
}

bool emu_wave_init(struct emu_dispatch_ctx *ctx, struct emu_workgroup *wg, struct emu_wave *w, uint32_t j)
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

