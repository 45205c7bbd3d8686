/*
 * emu_wave_env — what a dispatch's waves need from the machine (struct
 * emu_wave_ops, wave/emu_wave.h): memory translation, the cycle model, the
 * trace, the clocks and topology, fault and check reports. The wave's own
 * state and rules are in wave/; this file is the one place they meet the
 * dispatch.
 */
#include <stdio.h>

#include "core/emu_check.h"
#include "core/emu_dispatch_ctx.h"
#include "core/emu_domain.h"
#include "core/emu_gpu_private.h"
#include "core/emu_timeline.h"
#include "core/emu_trace.h"
#include "core/emu_wave_env.h"
#include "model/emu_timing.h"
#include "wave/emu_wave.h"

#include <hsa/hsa_ext_amd.h>

static uint64_t env_access(struct emu_wave *w, const struct emu_inst *in, const struct emu_access *acc)
{
	const struct emu_run *rs = w->ctx->run;
	if (__builtin_expect(rs && rs->tl, 0))
		rs->tl->mem_began = true;   /* the timeline takes its pending entry */
	return emu_timing_access(w->ctx->timing, w, in, acc);
}

static void *env_gva(struct emu_wave *w, uint64_t addr, unsigned size, bool write)
{
	void *p = emu_mem_translate(w->ctx->mem, addr, size);
	uint64_t base = 0;
	size_t len = 0;
	bool inside = false;
	/* the dispatch holds the memory lock (emu_mem_near: no locking, as the
	 * simulation threads of a multi-domain dispatch need) */
	bool near = !p && emu_mem_near(w->ctx->mem, addr, &base, &len, &inside);
	if (near && inside && addr + size <= base + len) {
		emu_fault(w, w->cur, EMU_FAULT_MEMORY, addr,
		          "%s of %u bytes at 0x%llx: the allocation at 0x%llx is system memory the GPU was "
		          "never given access to (ROCr maps hsa_amd_memory_pool_allocate's system memory for "
		          "the CPU only until hsa_amd_agents_allow_access names the GPU)",
		          write ? "write" : "read", size, (unsigned long long)addr, (unsigned long long)base);
	} else if (near && inside) {
		emu_fault(w, w->cur, EMU_FAULT_MEMORY, addr,
		          "%s of %u bytes at 0x%llx runs %llu byte(s) past the end of the %zu-byte allocation at 0x%llx",
		          write ? "write" : "read", size, (unsigned long long)addr,
		          (unsigned long long)(addr + size - (base + len)), len, (unsigned long long)base);
	} else if (near) {
		emu_fault(w, w->cur, EMU_FAULT_MEMORY, addr,
		          "%s of %u bytes at 0x%llx is outside every live allocation: %llu byte(s) past the end of "
		          "the nearest below it, %zu bytes at 0x%llx",
		          write ? "write" : "read", size, (unsigned long long)addr,
		          (unsigned long long)(addr - (base + len)), len, (unsigned long long)base);
	} else if (!p) {
		emu_fault(w, w->cur, EMU_FAULT_MEMORY, addr,
		          "%s of %u bytes at 0x%llx is outside every live allocation",
		          write ? "write" : "read", size, (unsigned long long)addr);
	} else if (write && emu_code_hit(w->ctx, addr, addr + size)) {
		/* ROCr maps code objects' code read-only/executable for the GPU
		 * (the loader's code segment): a store there is a fault. */
		emu_fault(w, w->cur, EMU_FAULT_MEMORY, addr,
		          "write of %u bytes at 0x%llx lands in the code of a loaded code object",
		          size, (unsigned long long)addr);
		return NULL;
	}
	return p;
}

/* Direct: the host bytes are at the GPU addresses (not an alias). */
static bool env_direct(struct emu_wave *w, uint64_t lo, uint64_t hi)
{
	return hi >= lo && emu_mem_direct(w->ctx->mem, lo, hi - lo) && !emu_code_hit(w->ctx, lo, hi);
}

static void env_stall(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause, bool waitcnt)
{
	if (waitcnt)
		w->ctx->counters[EMU_CNT_SQ_WAIT_INST_ANY] += cycles;
	emu_trace_stall(w, cycles, cause);
}

static void env_icache_inv(struct emu_wave *w)
{
	emu_timing_icache_inv(w->ctx->timing, w);
}

static uint64_t env_realtime(struct emu_wave *w)
{
	const struct emu_dispatch_ctx *ctx = w->ctx;
	uint32_t sclk, mclk;
	emu_gpu_clocks(ctx->gpu, &sclk, &mclk);
	/* constant-rate counter: cycles * realtime_MHz / sclk_MHz */
	return (uint64_t)((unsigned __int128)w->cycle * ctx->prof->realtime_mhz / sclk);
}

static uint32_t env_hw_id(struct emu_wave *w, unsigned id)
{
	switch (id) {
	case 4: { /* HW_REG_HW_ID: wave_id[3:0] simd_id[5:4] pipe_id[7:6] cu_id[11:8]
	             sh_id[12] se_id[15:13] tg_id[19:16] vm_id[23:20] queue_id[26:24]
	             state_id[29:27] me_id[31:30]. Ids within the wave's XCD, so that
	             (XCC_ID, SE, SH, CU) names each CU once (flush_icache's reach
	             bitmap): CUs split evenly over the XCD's shader engines. */
		const struct emu_profile *p = w->ctx->prof;
		uint32_t nx = p->num_xcd ? p->num_xcd : 1;
		uint32_t per_xcd = p->num_cu / nx ? p->num_cu / nx : 1;
		uint32_t ses = p->num_se / nx ? p->num_se / nx : 1;
		uint32_t per_se = (per_xcd + ses - 1) / ses;
		uint32_t l = w->cu % per_xcd, local = l % per_se;

		return (w->slot & 0xf) | (w->simd & 3) << 4 | (local & 15) << 8 | ((local >> 4) & 1) << 12 |
		       ((l / per_se) & 7) << 13 | (w->wg->flat_id & 0xf) << 16;
	}
	case 20: /* HW_REG_XCC_ID (gfx940+): xcc_id[3:0], the wave's XCD */
		if (w->ctx->prof->num_xcd > 1) {
			uint32_t per_xcd = w->ctx->prof->num_cu / w->ctx->prof->num_xcd;

			return per_xcd ? (w->cu / per_xcd) & 0xf : 0;
		}
		return 0;
	default:
		return 0;
	}
}

static void env_fault(struct emu_wave *w, const struct emu_inst *in, enum emu_fault_kind kind, uint64_t addr,
                      const char *msg)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	if (ctx->failed)
		return;  /* keep the first report */
	ctx->failed = true;
	ctx->fault_cycle = w->cycle;
	struct emu_dispatch_result *r = ctx->res;
	static const char *const what[] = {
		[EMU_FAULT_MEMORY] = "memory fault",
		[EMU_FAULT_ILLEGAL] = "illegal instruction",
		[EMU_FAULT_UNIMPLEMENTED] = "unimplemented instruction",
		[EMU_FAULT_HANG] = "hang",
		[EMU_FAULT_OTHER] = "fault",
		[EMU_FAULT_TRAP] = "trap",
	};
	r->status = kind == EMU_FAULT_MEMORY ? EMU_DISPATCH_FAULT_MEMORY
	          : kind == EMU_FAULT_HANG ? EMU_DISPATCH_HANG : EMU_DISPATCH_FAULT_ILLEGAL;
	r->hsa_status = kind == EMU_FAULT_MEMORY ? HSA_STATUS_ERROR_MEMORY_FAULT
	              : kind == EMU_FAULT_HANG || kind == EMU_FAULT_TRAP ? HSA_STATUS_ERROR_EXCEPTION
	              : HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION;
	r->fault_addr = addr;

	char dis[128] = "?";
	char words[48] = "";
	uint64_t off = 0;
	if (in) {
		emu_disasm_msg(ctx->prof, in, dis, sizeof(dis));
		unsigned n = in->size ? in->size / 4 : 1;
		int k = 0;
		for (unsigned i = 0; i < n && i < 3; i++)
			k += snprintf(words + k, sizeof(words) - (size_t)k, "%s0x%08x", i ? " " : "", in->w[i]);
		off = in->off;
	}
	snprintf(r->report, sizeof(r->report),
	         "%s: %s in kernel %s (%s) at code offset 0x%llx (entry+0x%llx) [%s] %s; "
	         "wave %u (workgroup %u,%u,%u, CU %u)",
	         what[kind], msg, ctx->kernel_name, ctx->prof->proc, (unsigned long long)off,
	         (unsigned long long)(w->prog->base + off - ctx->entry), words, dis, w->id,
	         w->wg->id[0], w->wg->id[1], w->wg->id[2], w->cu);
}

/* A domain's waves in a multi-domain dispatch: the same checks, then the
 * domain's view of memory (core/emu_domain.h). */
static void *env_gva_domain(struct emu_wave *w, uint64_t addr, unsigned size, bool write)
{
	void *p = env_gva(w, addr, size, write);
	return p ? emu_dmem_gva(w, addr, p, size, write) : NULL;
}

static bool env_direct_domain(struct emu_wave *w, uint64_t lo, uint64_t hi)
{
	return env_direct(w, lo, hi) && emu_dmem_direct(w, lo, hi);
}

static void *env_store_log_domain(struct emu_wave *w, uint64_t lo, uint64_t hi)
{
	return env_direct(w, lo, hi) ? emu_dmem_store_range(w, lo, hi) : NULL;
}

static void env_lds_report(struct emu_wave *w, const struct emu_inst *in, enum emu_lds_report what,
                           uint64_t addr, unsigned bytes)
{
	emu_check_lds_report(w, in, what, addr, bytes);
}

static const struct emu_wave_ops env_ops = EMU_WAVE_OPS_OF(env);

void emu_wave_env_attach(struct emu_wave *w, struct emu_dispatch_ctx *ctx)
{
	w->ctx = ctx;
	w->ops = ctx->dmem ? &ctx->ops : &env_ops;
	w->cnt_max[EMU_CNT_VM] = ctx->prof->vmcnt_max;
	w->cnt_max[EMU_CNT_LGKM] = ctx->prof->lgkmcnt_max;
	w->cnt_max[EMU_CNT_EXP] = ctx->prof->expcnt_max;
}

void emu_wave_env_domain(struct emu_dispatch_ctx *ctx)
{
	ctx->ops = env_ops;
	ctx->ops.gva = env_gva_domain;
	ctx->ops.direct = env_direct_domain;
	ctx->ops.atomic = emu_dmem_atomic;
	ctx->ops.store_log = env_store_log_domain;
}
