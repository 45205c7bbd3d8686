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
#include "core/emu_suppress.h"
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
	ctx->suppressed = emu_suppress_rules(ctx->gpu->suppress, k.name);
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
		emu_disasm_msg(ctx->prof, in, r->text, sizeof(r->text));
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
	ctx.max_wg_per_cu = emu_place_max_wg(&ctx);
	if (!ctx.max_wg_per_cu) {
		char why[128], fmt[256];

		/* LDS is checked above; what is left is registers (or wave
		 * slots): the CP's "register size invalid", INVALID_ISA. */
		emu_place_max_wg_why(&ctx, why, sizeof(why));
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
